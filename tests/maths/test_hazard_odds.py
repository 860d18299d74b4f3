"""``clankwidget.odds.hazard_odds`` and ``meet_odds``: the kernels against their naive
twins (every roll listed; every order and play listed; the former plain-Python search, to
the last bit) on many random inputs, against scipy's binomial where a die is a coin, and
their input checks."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy import stats

from clankwidget.dice import TEACHING_DIE, hazard_odds, meet_odds
from clankwidget.errors import OddsInputError
from tests.naive_dice import naive_hazard_pmf, naive_meet_odds, python_meet_odds


def test_the_teaching_die_by_hand():
    # one die: 3 blank faces, 2 with one hazard, 1 with two
    assert hazard_odds(1).pmf == pytest.approx((1 / 2, 1 / 3, 1 / 6))
    assert hazard_odds(1).expected == pytest.approx(2 / 3)
    assert hazard_odds(0).pmf == (1.0,)
    assert hazard_odds(1, shields=1).pmf == pytest.approx((5 / 6, 1 / 6))
    assert hazard_odds(4, shields=99).pmf == pytest.approx((1.0,))


@pytest.mark.parametrize("seed", range(40))
def test_kernel_agrees_with_every_roll_listed(seed):
    rng = np.random.default_rng(seed)
    faces = [int(x) for x in rng.integers(0, 4, size=int(rng.integers(1, 7)))]
    dice = int(rng.integers(0, 5))
    shields = int(rng.integers(0, 4))
    got = hazard_odds(dice, shields=shields, faces=faces)
    want = naive_hazard_pmf(faces, dice, shields)
    assert len(got.pmf) == len(want)
    assert got.pmf == pytest.approx([float(p) for p in want], abs=1e-12)
    assert sum(got.pmf) == pytest.approx(1.0)


@pytest.mark.parametrize("dice", [1, 5, 20, 60])
def test_a_coin_die_is_binomial(dice):
    got = hazard_odds(dice, faces=[0, 1])
    assert got.pmf == pytest.approx(stats.binom.pmf(np.arange(dice + 1), dice, 0.5), abs=1e-12)
    shielded = hazard_odds(dice, shields=2, faces=[0, 1, 1])
    assert shielded.safe == pytest.approx(stats.binom.cdf(2, dice, 2 / 3), abs=1e-12)


def test_a_seeded_simulation_agrees():
    rng = np.random.default_rng(3)
    rolls = rng.choice(TEACHING_DIE, size=(200_000, 3)).sum(axis=1)
    freq = np.bincount(rolls, minlength=7) / len(rolls)
    assert freq == pytest.approx(hazard_odds(3).pmf, abs=0.005)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"dice": -1},
        {"dice": 1.5},
        {"dice": True},
        {"dice": 1, "shields": -2},
        {"dice": 1, "faces": []},
        {"dice": 1, "faces": [0, -1]},
        {"dice": 1, "faces": ["2"]},
        {"dice": 10_000},
    ],
)
def test_bad_input_is_refused(kwargs):
    with pytest.raises(OddsInputError):
        hazard_odds(**kwargs)


CARDS = {
    "reactor": {"meets": {"reactor": 1}, "effects": {"actions": 2}},
    "thruster": {"meets": {"thruster": 1}, "effects": {"draw": 2}},
    "shield": {"meets": {"shield": 1}, "effects": {}},
    "damage-2": {"meets": {"damage": 2}, "effects": {}},
    "miss": {"meets": {}, "effects": {}},
}


@pytest.mark.parametrize("seed", range(25))
def test_meet_odds_agrees_with_every_order_and_play_listed(seed):
    rng = np.random.default_rng(100 + seed)
    names = sorted(CARDS)
    hand = [names[i] for i in rng.integers(0, len(names), size=int(rng.integers(1, 5)))]
    deck = [names[i] for i in rng.integers(0, len(names), size=int(rng.integers(0, 6)))]
    kinds = ["reactor", "thruster", "shield", "damage"]
    requires = {k: int(rng.integers(1, 4)) for k in rng.choice(kinds, size=int(rng.integers(1, 3)))}
    got = meet_odds(hand, deck, requires, CARDS)
    assert got.method == "exact"
    assert got.p == pytest.approx(float(naive_meet_odds(hand, deck, requires, CARDS)), abs=1e-12)
    sim = meet_odds(hand, deck, requires, CARDS, max_exact=0, n=400, seed=seed)
    # nothing to draw: exact even so; else 400 seeded shuffles
    assert (sim.method, sim.orders) in (("simulate", 400), ("exact", 1))
    assert sim.p == pytest.approx(got.p, abs=0.09)


def test_meet_odds_checks_its_input():
    with pytest.raises(OddsInputError, match="unknown card"):
        meet_odds(["laser"], [], {"damage": 1}, CARDS)
    with pytest.raises(OddsInputError, match="actions"):
        meet_odds(["miss"], [], {"damage": 1}, CARDS, actions=-1)
    with pytest.raises(OddsInputError, match="shuffles"):
        meet_odds(
            ["thruster"], ["miss", "shield", "reactor"], {"damage": 1}, CARDS, max_exact=0, n=0
        )
    with pytest.raises(OddsInputError, match="seed"):
        meet_odds(
            ["thruster"],
            ["miss", "shield", "reactor"],
            {"damage": 1},
            CARDS,
            max_exact=0,
            seed=None,
        )
    assert meet_odds([], [], {"damage": 1}, CARDS, met={"damage": 1}).p == 1.0


REFUSED = {
    "endless deck": (lambda: meet_odds([], itertools.repeat("miss"), {"damage": 1}, CARDS), "deck holds more than 1,000"),
    "hand as text": (lambda: meet_odds("miss", [], {"damage": 1}, CARDS), "hand must be a list, got str"),
    "a huge requirement": (lambda: meet_odds([], [], {"damage": 10**5000}, CARDS), "at most 1,000, got about 10\\^5000"),
    "a requirement as text": (lambda: meet_odds([], [], {"damage": "3"}, CARDS), "must be a whole number, got '3'"),
    "met not a mapping": (lambda: meet_odds([], [], {"damage": 1}, CARDS, met=[1]), "met must be a mapping"),
    "a card without meets": (lambda: meet_odds(["x"], [], {"damage": 1}, {"x": {"effects": {}}}), "cards\\['x'\\] has no 'meets'"),
    "a card's meets as a list": (lambda: meet_odds(["x"], [], {"damage": 1}, {"x": {"meets": [], "effects": {}}}), "must be a mapping, got list"),
    "a huge unknown card": (lambda: meet_odds(["z" * 10**6], [], {"damage": 1}, CARDS), "unknown card 'zzz"),
    "a billion shuffles": (
        lambda: meet_odds(["thruster"], ["miss", "shield", "reactor"], {"damage": 1}, CARDS, max_exact=0, n=10**9),
        "over the 10,000,000 cards one simulation shuffles",
    ),
    "endless faces": (lambda: hazard_odds(2, faces=itertools.repeat(1)), "faces holds more than 1,000"),
    "a huge die count": (lambda: hazard_odds(10**5000), "got <an integer of about 5,000 digits>"),
    "a huge face": (lambda: hazard_odds(2, faces=[10**5000]), "got <an integer of about 5,000 digits>"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(REFUSED))
def test_dice_odds_refuse_what_they_cannot_use_at_once(case):
    """Bad input is refused up front with what was wrong, in a short line: an endless
    iterable is not read forever, a billion shuffles are not allocated, a card whose
    entry is malformed is named before anything reads it."""
    call, says = REFUSED[case]
    with pytest.raises(OddsInputError, match=says) as refused:
        call()
    assert len(str(refused.value)) < 300


#: Cards like the shipped set's, crew with two kinds and draw-and-act cards included.
MIXED = {
    **CARDS,
    "damage-1": {"meets": {"damage": 1}, "effects": {}},
    "gunner": {"meets": {"crew": 1, "damage": 2}, "effects": {}},
    "engineer": {"meets": {"crew": 1}, "effects": {"actions": 2}},
    "navigator": {"meets": {"crew": 1}, "effects": {"draw": 2}},
    "pilot": {"meets": {"crew": 1, "thruster": 1}, "effects": {"draw": 1}},
    "envoy": {"meets": {"crew": 1, "reactor": 1}, "effects": {"actions": 1}},
    "scavenger": {"meets": {"crew": 1}, "effects": {"draw": 1, "actions": 1}},
    "idler": {"meets": {}, "effects": {"actions": 1}},
}


def _random_case(rng):
    names = sorted(MIXED)
    hand = [names[i] for i in rng.integers(0, len(names), size=int(rng.integers(0, 7)))]
    deck = [names[i] for i in rng.integers(0, len(names), size=int(rng.integers(0, 12)))]
    kinds = ["reactor", "thruster", "shield", "damage", "crew"]
    chosen = rng.choice(kinds, size=int(rng.integers(1, 4)))
    requires = {str(k): int(rng.integers(0, 6)) for k in chosen}
    met = {str(k): int(rng.integers(0, 2)) for k in rng.choice(kinds, size=2)}
    return hand, deck, requires, {"actions": int(rng.integers(0, 3)), "met": met}


@pytest.mark.parametrize("seed", range(60))
def test_the_kernel_agrees_with_the_plain_python_search_to_the_bit(seed):
    rng = np.random.default_rng(500 + seed)
    hand, deck, requires, kw = _random_case(rng)
    for extra in ({"max_exact": 3_000}, {"max_exact": int(rng.integers(0, 40)), "n": 60}):
        got = meet_odds(hand, deck, requires, MIXED, **kw, **extra, seed=seed)
        want = python_meet_odds(hand, deck, requires, MIXED, **kw, **extra, seed=seed)
        assert (got.p, got.method, got.orders) == want


def test_the_kernel_simulates_and_weighs_exactly_where_the_twin_does():
    # 3 thrusters draw the whole 7-card pile: 7!/(2!2!) = 1,260 distinct orders
    hand = ["thruster", "thruster", "reactor"]
    deck = ["damage-2", "damage-2", "reactor", "reactor", "shield", "miss", "thruster"]
    need = {"damage": 4, "shield": 1}
    for max_exact in (1_258, 1_259, 1_260, 5_000):
        got = meet_odds(hand, deck, need, CARDS, max_exact=max_exact, n=50, seed=1)
        assert (got.p, got.method, got.orders) == python_meet_odds(
            hand, deck, need, CARDS, max_exact=max_exact, n=50, seed=1
        )
    assert meet_odds(hand, deck, need, CARDS, max_exact=1_259).method == "exact"
    assert meet_odds(hand, deck, need, CARDS, max_exact=1_258).method == "simulate"


@pytest.mark.parametrize("seed", range(30))
def test_the_search_without_a_memo_agrees_with_the_memo(seed):
    # past _MEMO_LIMIT states the kernel searches without its table: same answers
    from clankwidget.kernels.dice import _best, _search_plan

    rng = np.random.default_rng(900 + seed)
    m, kinds = int(rng.integers(1, 7)), int(rng.integers(1, 4))
    meets = rng.integers(0, 3, size=(m, kinds))
    plus = rng.integers(0, 3, size=m)
    draws = rng.integers(0, 3, size=m)
    hand = rng.integers(0, 3, size=m)
    order = rng.integers(0, m, size=int(rng.integers(0, 8)))
    pool = np.bincount(order, minlength=m)
    need = rng.integers(0, 6, size=kinds)
    actions = int(rng.integers(0, 3))
    useful, strides, size = _search_plan(hand, pool, meets, plus, draws, need)
    memo = np.zeros(size, np.int64)
    args = (meets, plus, draws, need, actions, useful, strides)
    budget = np.array([10**9], np.int64)
    with_memo = _best(order, hand, *args, memo, 1, budget)
    without = _best(order, hand, *args, np.zeros(0, np.int64), 1, budget)
    assert with_memo == without


@pytest.mark.parametrize("deck", [0, 6])
def test_a_search_for_the_best_plays_that_would_run_on_is_refused(monkeypatch, deck):
    """(Twenty-three kinds of card that could never meet the need searched every order of
    play, past the memo's size: hours, in a kernel that Ctrl-C cannot stop.) Every play
    the searches try counts against a budget, over every order weighed or shuffle drawn;
    the refusal says so. A small budget keeps the test quick with numba off too."""
    import clankwidget.dice as dice

    monkeypatch.setattr(dice, "MAX_SEARCH_PLAYS", 20_000)
    cards = {f"c{i}": {"meets": {"x": 1}, "effects": {"draw": i % 2}} for i in range(12)}
    hand, pile = list(cards), [f"c{i}" for i in range(deck)]
    with pytest.raises(OddsInputError, match="more than 20,000 plays to search"):
        meet_odds(hand, pile, {"x": 100}, cards, actions=100)
    with pytest.raises(OddsInputError, match="more than 20,000 plays"):
        meet_odds(hand, pile, {"x": 100}, cards, actions=100, max_exact=1, n=50)
    # the same cards with a need they can meet, or few actions, are answered
    assert meet_odds(hand, pile, {"x": 3}, cards, actions=3).p == pytest.approx(1.0)
    assert meet_odds(hand, pile, {"x": 100}, cards, actions=1).p == 0.0


def test_the_chance_of_k_hazards_takes_a_whole_k():
    """(NaN gave 1.0; 2.5 and '2' raised Python's own TypeError.)"""
    odds = hazard_odds(3)
    assert odds.at_least(-3) == odds.at_least(0) == 1.0
    assert odds.at_least(1) == pytest.approx(1 - odds.safe)
    for bad in (float("nan"), 2.5, "2", True):
        with pytest.raises(OddsInputError, match="k must be a whole number"):
            odds.at_least(bad)


@pytest.mark.parametrize("seed", [-1, "abc", True, 2.5])
def test_a_simulation_refuses_a_seed_it_cannot_use(seed):
    """(Past max_exact the shuffles are simulated: a bad seed raised numpy's errors.)"""
    cards = {f"c{i}": {"meets": {"x": 1}, "effects": {"draw": 1}} for i in range(4)}
    deck = [f"c{i}" for i in range(4)] * 2
    with pytest.raises(OddsInputError, match="seed must be an int of 0 or more"):
        meet_odds(["c0"], deck, {"x": 5}, cards, actions=5, max_exact=1, seed=seed)
