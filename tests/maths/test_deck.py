"""Deck-draw odds: kernels against plain-Python twins, scipy, hand-checked cases, sampling."""

from __future__ import annotations

import doctest
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy import stats

import clankwidget.deck as deck_module
from clankwidget.data import Card
from clankwidget.deck import (
    MAX_STATES,
    TotalDistribution,
    card_resources,
    chance_at_least,
    chance_to_see,
    resource_distribution,
    sample_turns,
    turns_until_seen_distribution,
)
from clankwidget.errors import OddsInputError
from clankwidget.kernels.deck import _turn_pmf
from clankwidget.kernels.rng import _bounded, state_from

import naive_deck as naive

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def as_dicts(pile):
    """``(value, draw)`` pairs as resource dicts (skill = value)."""
    return [{"skill": v, "draw": d} for v, d in pile]


def pmf_dict(dist: TotalDistribution) -> dict[int, float]:
    return {int(k): float(p) for k, p in zip(dist.support, dist.pmf, strict=True) if p > 0}


def assert_same_law(got: dict, want: dict, tol: float = 1e-12) -> None:
    keys = set(got) | {k for k, p in want.items() if p}
    for k in keys:
        assert got.get(k, 0.0) == pytest.approx(float(want.get(k, 0)), abs=tol), (k, got, want)


# A card is (value, draw): mostly draw-free, sometimes "draw 1" or "draw 2".
card_st = st.tuples(st.integers(-2, 3), st.sampled_from([0, 0, 0, 0, 1, 1, 2]))


@st.composite
def piles(draw, max_draw_pile=7, max_discard=5):
    kinds = draw(st.lists(card_st, min_size=1, max_size=4, unique=True))
    d = draw(st.lists(st.sampled_from(kinds), max_size=max_draw_pile))
    r = draw(st.lists(st.sampled_from(kinds), max_size=max_discard))
    h = draw(st.integers(1, 5))
    return d, r, h


# ---------------------------------------------------------------------------
# Exact distribution against the twins


@SETTINGS
@given(piles())
def test_distribution_matches_naive_twin(case):
    d, r, h = case
    got = pmf_dict(resource_distribution(as_dicts(d), as_dicts(r), hand_size=h))
    assert_same_law(got, naive.turn_distribution(d, r, h))


@SETTINGS
@given(piles())
def test_without_draws_matches_twin_with_draws_zeroed(case):
    d, r, h = case
    got = resource_distribution(as_dicts(d), as_dicts(r), hand_size=h, include_draws=False)
    flat = [(v, 0) for v, _ in d], [(v, 0) for v, _ in r]
    assert_same_law(pmf_dict(got), naive.turn_distribution(*flat, h))


@settings(max_examples=25, deadline=None)
@given(piles(max_draw_pile=4, max_discard=3))
def test_naive_twins_agree(case):
    """The memoised twin against the list of every ordering (tiny piles)."""
    d, r, h = case
    assert naive.turn_distribution(d, r, h) == naive.turn_distribution_by_orderings(d, r, h)


@SETTINGS
@given(piles(), st.integers(0, 3), st.integers(0, 3))
def test_kernel_accepts_wider_value_range(case, extra_lo, extra_hi):
    """The kernel's answer does not depend on how much room the caller leaves."""
    d, r, h = case
    types = sorted(set(d) | set(r))
    d_cnt = np.array([d.count(t) for t in types], np.int64)
    r_cnt = np.array([r.count(t) for t in types], np.int64)
    drw = np.array([t[1] for t in types], np.int64)
    val = np.array([t[0] for t in types], np.int64)
    lo = sum(min(0, v) for v, _ in d + r) - extra_lo
    hi = sum(max(0, v) for v, _ in d + r) + extra_hi
    pmf = _turn_pmf(d_cnt, r_cnt, drw, val, h, lo, hi - lo + 1)
    assert pmf.sum() == pytest.approx(1.0, abs=1e-12)
    got = {lo + i: p for i, p in enumerate(pmf) if p}
    assert_same_law(got, naive.turn_distribution(d, r, h))


def test_skill_shot_odds_match_twin():
    """Pulsarcade's Skill Shot: 6 or 8 skill in one turn, on a mid-game deck."""
    d = [(1, 0)] * 6 + [(0, 0)] * 3 + [(2, 0)] * 2 + [(3, 0), (1, 1), (0, 2)]
    r = [(1, 0)] * 2 + [(2, 1), (0, 0)]
    want = naive.turn_distribution(d, r, 5)
    for k in (6, 8):
        exact = sum(p for s, p in want.items() if s >= k)
        got = chance_at_least(as_dicts(d), as_dicts(r), resource="skill", k=k)
        assert got == pytest.approx(float(exact), abs=1e-13)
    assert 0 < chance_at_least(as_dicts(d), as_dicts(r), resource="skill", k=8) < 1


# ---------------------------------------------------------------------------
# Against scipy


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 30), st.data())
def test_one_resource_is_hypergeometric(size, data):
    """Cards worth 0 or 1, no draws: the total is hypergeometric (scipy)."""
    good = data.draw(st.integers(0, size))
    h = data.draw(st.integers(1, size))
    pile = [{"swords": 1}] * good + [{"boots": 1}] * (size - good)
    dist = resource_distribution(pile, resource="swords", hand_size=h)
    k = np.arange(h + 1)
    want = stats.hypergeom.pmf(k, size, good, h)
    got = np.array([dist.prob(int(i)) for i in k])
    np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-14)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 4), st.integers(0, 12), st.data())
def test_reshuffle_adds_hypergeometric_rest(d, r, data):
    """Draw pile shorter than the hand: all of it, plus a hypergeometric part of the discard."""
    d_good = data.draw(st.integers(0, d))
    r_good = data.draw(st.integers(0, r))
    h = 5
    draw_pile = [{"skill": 1}] * d_good + [{}] * (d - d_good)
    discard = [{"skill": 1}] * r_good + [{}] * (r - r_good)
    dist = resource_distribution(draw_pile, discard, hand_size=h)
    n = min(h - d, r)
    k = np.arange(n + 1)
    want = stats.hypergeom.pmf(k, r, r_good, n) if r else np.array([1.0])
    got = np.array([dist.prob(d_good + int(i)) for i in k])
    np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-14)
    assert dist.pmf.sum() == pytest.approx(1.0)


def test_several_values_match_multivariate_hypergeom():
    """Values 0, 1, 2, 3 (a starter-like deck): sum scipy's multivariate pmf by total."""
    counts = {0: 4, 1: 6, 2: 3, 3: 1}
    pile = [{"skill": v} for v, c in counts.items() for _ in range(c)]
    h = 6
    dist = resource_distribution(pile, hand_size=h)
    values = list(counts)
    want: dict[int, float] = {}
    for x in itertools.product(*(range(min(c, h) + 1) for c in counts.values())):
        if sum(x) != h:
            continue
        p = stats.multivariate_hypergeom.pmf(x=list(x), m=list(counts.values()), n=h)
        total = sum(v * xi for v, xi in zip(values, x, strict=True))
        want[total] = want.get(total, 0.0) + p
    assert_same_law(pmf_dict(dist), want, tol=1e-12)


# ---------------------------------------------------------------------------
# Hand-checked cases


def test_draw_pile_of_two_plus_discard():
    """Both cards of the draw pile, then 3 of the 5 reshuffled: 2 + hypergeom(5, 3, 3)."""
    draw_pile = [{"skill": 2}, {}]
    discard = [{"skill": 1}] * 3 + [{}] * 2
    dist = resource_distribution(draw_pile, discard)
    assert pmf_dict(dist) == pytest.approx({3: 0.3, 4: 0.6, 5: 0.1})


def test_draw_card_replaces_itself():
    """A "draw 1" card just brings in one more card: 5 of the 6 others either way."""
    pile = [{"skill": 1}] * 3 + [{}] * 3 + [{"draw": 1}]
    assert pmf_dict(resource_distribution(pile)) == pytest.approx({2: 0.5, 3: 0.5})
    # Without the draw: 5 of 7 cards, P(total = 1) = C(3,1) C(4,4) / C(7,5) = 3/21.
    no_draw = resource_distribution(pile, include_draws=False)
    assert no_draw.prob(1) == pytest.approx(3 / 21)
    assert no_draw.prob(3) == pytest.approx(math.comb(3, 3) * math.comb(4, 2) / 21)


def test_draw_effect_reshuffles_mid_turn():
    """Hand empties the draw pile; the draw card then reshuffles the discard pile."""
    draw_pile = [{"draw": 1}, {"skill": 1}]
    discard = [{"skill": 3}, {}]
    dist = resource_distribution(draw_pile, discard, hand_size=2)
    assert pmf_dict(dist) == pytest.approx({1: 0.5, 4: 0.5})


def test_draw_effect_after_hand_reshuffle_uses_rest_of_new_pile():
    """The hand reshuffles; a draw card in it then draws from what is left of the new pile."""
    draw_pile = [{"skill": 1}]
    discard = [{"draw": 1}, {"skill": 2}, {}]
    dist = resource_distribution(draw_pile, discard, hand_size=2)
    # P(draw card) = 1/3, then 2 or 0 (1/2 each); P(skill 2) = 1/3; P(blank) = 1/3.
    assert pmf_dict(dist) == pytest.approx({1: 0.5, 3: 0.5})


def test_cards_in_play_are_not_reshuffled():
    """Nothing left anywhere: a draw effect draws nothing."""
    dist = resource_distribution([{"skill": 2, "draw": 2}], hand_size=1)
    assert pmf_dict(dist) == {2: 1.0}
    dist = resource_distribution([{"skill": 1, "draw": 1}], [{"skill": 5}], hand_size=1)
    assert pmf_dict(dist) == {6: 1.0}


def test_chained_draws():
    """A hand of one that draws, and draws again: the whole deck of three."""
    pile = [{"skill": 1, "draw": 1}, {"skill": 2, "draw": 1}, {"skill": 4}]
    # The 4 first: stop at 4. One draw card, then the 4: 5 or 6. Both draw cards: 7.
    dist = resource_distribution(pile, hand_size=1)
    assert pmf_dict(dist) == pytest.approx({4: 1 / 3, 5: 1 / 6, 6: 1 / 6, 7: 1 / 3})


def test_negative_clank_gets_an_offset():
    pile = [{"clank": -1}] * 3 + [{"clank": 1}] * 2 + [{}] * 5
    dist = resource_distribution(pile, resource="clank")
    assert dist.offset == -3
    assert dist.support[0] == -3
    assert dist.pmf.sum() == pytest.approx(1.0)
    # All three "-1 clank" cards and two of the five blanks.
    assert dist.prob(-3) == pytest.approx(math.comb(5, 2) / math.comb(10, 5))
    assert dist.at_least(-3) == pytest.approx(1.0)
    assert dist.at_most(-1) + dist.at_least(0) == pytest.approx(1.0)
    assert dist.mean == pytest.approx(5 * (-3 + 2) / 10)
    assert dist.prob(99) == 0.0
    assert dist.at_least(99) == 0.0
    assert dist.at_most(-99) == 0.0


def test_distribution_is_read_only_and_covers_zero():
    dist = resource_distribution([{"skill": 3}] * 6)
    assert dist.offset == 0
    assert dist.pmf[0] == 0.0 and dist.prob(15) == 1.0
    with pytest.raises(ValueError):
        dist.pmf[0] = 1.0
    assert "15: 1" in repr(dist)
    empty = resource_distribution([], [])
    assert pmf_dict(empty) == {0: 1.0}


# ---------------------------------------------------------------------------
# Cards and deck forms


BURGLE = Card("burgle", "Burgle", "starter", play=({"skill": 1},))
STUMBLE = Card("stumble", "Stumble", "starter", play=({"clank": 1},))
SIDESTEP = Card("sidestep", "Sidestep", "starter", play=({"boots": 1},))
SCOUT = Card(
    "scout",
    "Scout",
    "ordinary",
    companion=True,
    play=(
        {"skill": 1},
        {"draw": 1},
        {"if": {"companion": True}, "then": [{"swords": 2}]},
    ),
)
TRICK = Card(
    "trick",
    "Trick",
    "ordinary",
    play=(
        {"choose": [[{"skill": 2}], [{"boots": 1}, {"draw": 1}], [{"skill": 2, "clank": 1}]]},
        {"discard": 1, "then": [{"skill": 5}]},
        {"trash": {"from": ["hand"]}},
        {"clank": -1},
    ),
)


def test_card_resources_rules():
    assert card_resources(BURGLE) == {"skill": 1}
    assert card_resources(SCOUT) == {"skill": 1, "draw": 1}
    assert card_resources(SCOUT, conditions=("companion",)) == {
        "skill": 1,
        "swords": 2,
        "draw": 1,
    }
    assert card_resources(TRICK, choose_for="skill") == {"skill": 2, "clank": -1}
    assert card_resources(TRICK, choose_for="boots") == {"boots": 1, "clank": -1, "draw": 1}
    # Ties on the resource go to more draw, then the first option.
    assert card_resources(TRICK, choose_for="swords") == {"boots": 1, "clank": -1, "draw": 1}
    nested = Card(
        "nested",
        "Nested",
        "ordinary",
        play=({"if": {"companion": True, "depths": True}, "then": [{"gold": 2}]},),
    )
    assert card_resources(nested, conditions=("companion",)) == {}
    assert card_resources(nested, conditions=("companion", "depths")) == {"gold": 2}


def test_choose_defaults_to_the_resource_asked():
    got = resource_distribution([TRICK] * 5, resource="skill")
    assert pmf_dict(got) == {10: 1.0}
    got = resource_distribution([TRICK] * 5, resource="skill", choose_for="boots")
    assert pmf_dict(got) == {0: 1.0}


def test_deck_forms_agree():
    starter = [BURGLE] * 6 + [STUMBLE] * 2 + [SIDESTEP] * 2
    want = resource_distribution(starter, resource="clank")
    by_count = resource_distribution(
        {"burgle": 6, "stumble": 2, "sidestep": 2},
        resource="clank",
        cards={"burgle": BURGLE, "stumble": STUMBLE, "sidestep": SIDESTEP},
    )
    by_dict = resource_distribution(
        {"Burgle": 6, "Stumble": 2, "Sidestep": 2},
        resource="clank",
        cards={"Burgle": {"skill": 1}, "Stumble": {"clank": 1}, "Sidestep": {"boots": 1}},
    )
    plain = resource_distribution(
        [{"skill": 1}] * 6 + [{"clank": 1}] * 2 + [{"boots": 1}] * 2, resource="clank"
    )
    names = resource_distribution(
        ["Burgle"] * 6 + ["Stumble"] * 2 + ["Sidestep"] * 2,
        resource="clank",
        cards={"Burgle": {"skill": 1}, "Stumble": {"clank": 1}, "Sidestep": {"boots": 1}},
    )
    for other in (by_count, by_dict, plain, names):
        np.testing.assert_array_equal(other.pmf, want.pmf)
    assert want.prob(0) == pytest.approx(math.comb(8, 5) / math.comb(10, 5))


def test_companion_condition_reaches_swords():
    pile = [SCOUT] * 2 + [BURGLE] * 8
    off = resource_distribution(pile, resource="swords")
    on = resource_distribution(pile, resource="swords", conditions=("companion",))
    assert pmf_dict(off) == {0: 1.0}
    assert on.prob(4) == pytest.approx(float(naive_prob_both_scouts(pile)))


def naive_prob_both_scouts(pile):
    pairs = [(2 if c is SCOUT else 0, 1 if c is SCOUT else 0) for c in pile]
    return naive.turn_distribution(pairs, (), 5)[4]


# ---------------------------------------------------------------------------
# When a card comes into hand


def test_chance_to_see_hand_checked():
    """5 cards left; the bought card in a discard of 6. Turn 2: 11 reshuffled cards."""
    draw_pile = ["burgle"] * 5
    discard = ["burgle"] * 5 + ["new"]
    assert chance_to_see("new", draw_pile, discard, turns=1) == 0.0
    assert chance_to_see("new", draw_pile, discard, turns=2) == pytest.approx(5 / 11)
    assert chance_to_see("new", draw_pile, discard, turns=3) == pytest.approx(10 / 11)
    assert chance_to_see("new", draw_pile, discard, turns=4) == 1.0
    p = turns_until_seen_distribution("new", draw_pile, discard)
    np.testing.assert_allclose(p, [0, 0, 5 / 11, 5 / 11, 1 / 11])
    assert chance_to_see("new", draw_pile, discard, turns=0) == 0.0


def test_chance_to_see_partial_hand_reshuffle():
    """3 cards left: hand 1 takes them plus 2 of the reshuffled discard pile."""
    draw_pile = {"burgle": 3}
    discard = {"burgle": 6, "new": 1}
    assert chance_to_see("new", draw_pile, discard, turns=1) == pytest.approx(2 / 7)
    assert chance_to_see("new", draw_pile, discard, turns=2) == pytest.approx(7 / 7)


def test_chance_to_see_card_objects_and_names():
    draw_pile = [BURGLE] * 4 + [SCOUT]
    discard = [BURGLE] * 3
    assert chance_to_see(SCOUT, draw_pile, discard, turns=1) == 1.0
    assert chance_to_see("Scout", draw_pile, discard, turns=1) == 1.0
    assert chance_to_see("scout", draw_pile, discard, turns=1, hand_size=1) == pytest.approx(0.2)


@SETTINGS
@given(
    st.integers(0, 3),
    st.integers(0, 8),
    st.integers(0, 2),
    st.integers(0, 6),
    st.integers(1, 5),
    st.integers(0, 6),
)
def test_chance_to_see_matches_twin(cd, od, cr, orr, h, turns):
    if cd + cr == 0:
        cd = 1
    draw_pile = {"x": cd, "o": od}
    discard = {"x": cr, "o": orr}
    got = chance_to_see("x", draw_pile, discard, turns=turns, hand_size=h)
    want = naive.chance_to_see(cd, od, cr, orr, h, turns)
    assert got == pytest.approx(float(want), abs=1e-12)
    p = turns_until_seen_distribution("x", draw_pile, discard, hand_size=h)
    assert p[0] == 0.0 and p.sum() == pytest.approx(1.0)
    assert p[-1] > 0
    cum = np.cumsum(p)
    assert cum[min(turns, len(p) - 1)] == pytest.approx(got, abs=1e-12)


# ---------------------------------------------------------------------------
# Simulation against the exact answers


def within(freq, p, n, z=5.0):
    """|freq - p| within z binomial standard errors (plus a hair for p near 0 or 1)."""
    return abs(freq - p) <= z * math.sqrt(p * (1 - p) / n) + 1e-9


def test_simulation_agrees_with_exact_turn():
    d = [(1, 0)] * 6 + [(0, 0)] * 3 + [(2, 0)] * 2 + [(3, 0), (1, 1), (0, 2)]
    r = [(1, 0)] * 2 + [(2, 1), (0, 0)]
    n = 20_000
    sim = sample_turns(as_dicts(d), as_dicts(r), turns=2, trials=n, seed=20240611)
    exact = resource_distribution(as_dicts(d), as_dicts(r))
    observed = sim.distribution(1)
    for k in exact.support:
        assert within(observed.prob(int(k)), exact.prob(int(k)), n), k
    assert within(sim.chance_at_least(6), exact.at_least(6), n)
    assert abs(sim.totals[:, 0].mean() - exact.mean) < 0.05


def test_simulation_agrees_with_first_seen():
    draw_pile = {"burgle": 7}
    discard = {"burgle": 4, "new": 1}
    n = 20_000
    sim = sample_turns(
        draw_pile,
        discard,
        turns=5,
        trials=n,
        seed=7,
        include_draws=False,
        watch="new",
        cards={"burgle": {"skill": 1}, "new": {"swords": 1}},
    )
    p = turns_until_seen_distribution("new", draw_pile, discard)
    observed = np.bincount(sim.first_seen, minlength=len(p))
    assert observed[0] == 0
    for t in range(1, len(p)):
        assert within(observed[t] / n, p[t], n), t
    assert within(sim.seen_within(2), chance_to_see("new", draw_pile, discard, turns=2), n)
    assert (sim.cards_drawn == 5).all()


def test_simulation_deck_cycles():
    """Every turn of a 10-card deck with no draws plays 5 cards and keeps 10 in circulation."""
    starter = [BURGLE] * 6 + [STUMBLE] * 2 + [SIDESTEP] * 2
    sim = sample_turns(starter, turns=6, trials=500, seed=3)
    assert (sim.cards_drawn == 5).all()
    # Turns 1+2 and 3+4 each play the whole deck once.
    assert (sim.totals[:, 0] + sim.totals[:, 1] == 6).all()
    assert (sim.totals[:, 2] + sim.totals[:, 3] == 6).all()


def test_simulation_is_seeded():
    pile = [{"skill": v, "draw": d} for v, d in [(1, 0)] * 5 + [(2, 1), (0, 0), (3, 0)]]
    a = sample_turns(pile, turns=4, trials=300, seed=11)
    b = sample_turns(pile, turns=4, trials=300, seed=11)
    c = sample_turns(pile, turns=4, trials=300, seed=12)
    g = sample_turns(pile, turns=4, trials=300, seed=np.random.default_rng(11))
    np.testing.assert_array_equal(a.totals, b.totals)
    np.testing.assert_array_equal(a.totals, g.totals)
    assert not np.array_equal(a.totals, c.totals)
    assert a.first_seen is None
    assert "300 trials x 4 turns" in repr(a)


def test_simulation_mean_matches_plain_python_twin():
    d = [(1, 0)] * 5 + [(2, 1), (0, 0), (3, 0)]
    n = 4000
    sim = sample_turns(as_dicts(d), turns=3, trials=n, seed=5)
    twin = np.array(naive.sample_turn_totals(d, [], 5, 3, n, seed=5))
    for t in range(3):
        a, b = sim.totals[:, t], twin[:, t]
        se = math.sqrt(a.var() / n + b.var() / n)
        assert abs(a.mean() - b.mean()) <= 5 * se + 1e-9, t


def test_sampler_draws_from_the_shared_generator():
    # the sampler takes its picks from kernels.rng (whose stream test_odds checks against
    # a twin): replay three one-card turns from seven cards, each pick swapped out
    pile = as_dicts([(v, 0) for v in range(1, 8)])
    sim = sample_turns(pile, turns=3, trials=1, seed=3, hand_size=1)
    state = state_from(np.random.default_rng(3))
    cards, want = list(range(1, 8)), []
    for _ in range(3):
        j = int(_bounded(state, len(cards)))
        want.append(cards[j])
        cards[j] = cards[-1]
        cards.pop()
    assert sim.totals[0].tolist() == want


# ---------------------------------------------------------------------------
# Errors


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: chance_at_least([BURGLE], resource="skill", k=-1), "k must be >= 0"),
        (lambda: resource_distribution([BURGLE], resource="skil"), "unknown resource 'skil'"),
        (lambda: resource_distribution([BURGLE], hand_size=0), "hand_size must be >= 1"),
        (lambda: resource_distribution([BURGLE], hand_size=2.5), "hand_size must be an integer"),
        (lambda: resource_distribution([BURGLE], hand_size=True), "hand_size must be an integer"),
        (lambda: chance_to_see("new", [BURGLE], turns=1), "'new' is in neither"),
        (lambda: chance_to_see(SCOUT, [BURGLE], [BURGLE], turns=1), "'scout' is in neither"),
        (lambda: chance_to_see("burgle", [BURGLE], turns=-1), "turns must be >= 0"),
        (lambda: resource_distribution([SCOUT], conditions=("frenzy",)), "unknown condition"),
        (lambda: card_resources(TRICK), "has a choice; say which resource"),
        (lambda: card_resources({"skill": 1}), "expects a Card"),
        (lambda: card_resources(TRICK, choose_for="mana"), "unknown choose_for 'mana'"),
        (lambda: resource_distribution([{"skil": 1}]), "unknown resource 'skil' in"),
        (lambda: resource_distribution([{"skill": "2"}]), "must be an integer"),
        (lambda: resource_distribution({"Burgle": 5}), "what card 'Burgle' gives is unknown"),
        (lambda: resource_distribution({"Burgle": -1}, cards={}), "must be >= 0"),
        (lambda: resource_distribution(BURGLE), "must be a sequence of cards"),
        (lambda: resource_distribution("burgle"), "must be a sequence of cards"),
        (lambda: resource_distribution([3]), r"draw_pile\[0\] must be a Card"),
        (lambda: resource_distribution([{"draw": -1}]), "draws must be >= 0"),
        (lambda: resource_distribution([], cards=[1]), "cards= must be a mapping"),
        (lambda: sample_turns([BURGLE], turns=1, trials=1, seed=None), "seed must be"),
        (lambda: sample_turns([BURGLE], turns=0, trials=1, seed=1), "turns must be >= 1"),
        (lambda: sample_turns([], turns=1, trials=1, seed=1), "both empty"),
        (
            lambda: sample_turns([BURGLE], turns=1, trials=1, seed=1, watch="x"),
            "'x' is in neither",
        ),
        (
            lambda: sample_turns([BURGLE], turns=1, trials=1, seed=1).seen_within(1),
            "no card was watched",
        ),
        (
            lambda: sample_turns([BURGLE], turns=1, trials=1, seed=1).distribution(2),
            "more than the 1 turns",
        ),
        (lambda: chance_to_see(3, [BURGLE], turns=1), "card must be a Card"),
    ],
)
def test_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def _made(*play):
    return Card("x", "Made by hand", "ordinary", play=play)


def _nested(depth):
    effect = {"skill": 1}
    for _ in range(depth):
        effect = {"if": {}, "then": [effect]}
    return effect


@pytest.mark.parametrize(
    ("card", "message"),
    [
        (_made({"skill": 2.5}), "card 'x': skill must be an integer, got 2.5"),
        (_made({"skill": float("nan")}), "skill must be an integer, got nan"),
        (_made({"boots": "3"}), "boots must be an integer, got '3'"),
        (_made({"choose": []}), "'choose' takes a list of options"),
        (_made({"choose": 5}), "'choose' takes a list of options"),
        (_made({"if": 5, "then": []}), "'if' takes a dict of tests"),
        (Card("x", "Made by hand", "ordinary", play=None), "expected a list of effects"),
        (_made(_nested(3000)), "effects nest more than 20 deep"),
    ],
)
def test_a_card_made_by_hand_is_read_with_the_schemas_care(card, message):
    """A card of a card set was checked by its schema; a Card made in a cell was not,
    and 2.5 Skill counted as 2 (it is refused as a resource dict), a nesting 3000 deep
    raised RecursionError, and others Python's own errors."""
    with pytest.raises(ValueError, match=message):
        resource_distribution([card] * 3, choose_for="skill", hand_size=2)
    assert card_resources(_made(_nested(20))) == {"skill": 1}


def test_a_chance_is_never_over_one():
    """(Summing the whole distribution gave 1.0000000000000002.)"""
    pile = [{"skill": k % 3, "boots": 1} for k in range(13)]  # (sums to 1 + 2e-16)
    dist = resource_distribution(pile, hand_size=5)
    assert dist.at_least(dist.offset) == dist.at_most(dist.offset + len(dist.pmf)) == 1.0
    assert 0 <= chance_at_least(pile, resource="skill", k=0) <= 1.0


def test_unknown_effect_key_is_named():
    odd = Card("odd", "Odd", "ordinary", play=({"mana": 1},))
    with pytest.raises(ValueError, match="card 'odd': unknown effect 'mana'"):
        card_resources(odd)


def test_too_many_draw_cards_is_refused_not_slow():
    pile = [{"skill": 1, "draw": 1 + i} for i in range(24)]
    assert MAX_STATES < 2**24
    with pytest.raises(ValueError, match="too many draw cards in draw_pile"):
        resource_distribution(pile)
    # Without draw effects the same pile is fine.
    assert resource_distribution(pile, include_draws=False).prob(5) == 1.0


@pytest.mark.parametrize(
    ("pile", "hand_size", "why"),
    [
        ([{"skill": 10**6}] * 40, 5, "from 0 to 40,000,000 over up to 5 cards of 1 kinds"),
        ([{"skill": -(10**5)}] * 20 + [{"skill": 10**5}] * 20, 40, "-2,000,000 to 2,000,000"),
        ([{"skill": 5 * k} for k in range(200)], 200, "up to 200 cards of 200 kinds"),
    ],
)
def test_a_table_too_big_for_the_exact_method_is_refused_before_it_is_built(pile, hand_size, why):
    """(Forty cards of a million Skill asked numba for gigabytes; two hundred kinds of
    card took 24 s.) The refusal points to the sampler, which answers the same question."""
    assert deck_module.MAX_TABLE * 8 <= 200 * 2**20
    with pytest.raises(OddsInputError, match=f"{why}.*use sample_turns"):
        resource_distribution(pile, hand_size=hand_size)
    with pytest.raises(OddsInputError, match="use sample_turns"):
        chance_at_least(pile, resource="skill", k=1, hand_size=hand_size)
    assert sample_turns(pile, hand_size=hand_size, turns=1, trials=100, seed=1) is not None


@pytest.mark.parametrize("hand_size", [10**5 + 1, 2**63, 10**30])
def test_a_hand_beyond_any_pile_is_refused(hand_size):
    """(It raised OverflowError converting to the kernel's integers.)"""
    with pytest.raises(OddsInputError, match="hand_size must be at most 100,000"):
        resource_distribution([{"skill": 1}] * 10, hand_size=hand_size)


def test_docstring_examples():
    result = doctest.testmod(deck_module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0


def test_fractions_in_twin_are_exact():
    """The twin really is exact: a 2-card draw pile, hand of one."""
    assert naive.turn_distribution([(1, 0), (0, 0)], [], 1) == {
        0: Fraction(1, 2),
        1: Fraction(1, 2),
    }
