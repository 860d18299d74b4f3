"""Hostile numbers given to the odds, paths and deck functions: each call is refused at once
with the project's own error (saying the limit), or runs in bounded time and memory.

Categories (the README's reliability section counts them): odds (attack_odds,
sample_attacks, knockout_odds), paths (distance_table, turn_options), deck math, long
simulations (chunked, interruptible, the same odds as one run), and hypothesis-generated
bags and draw counts.
"""

from __future__ import annotations

import itertools
import time
import tracemalloc

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import clankwidget.odds as odds_module
from clankwidget.data import Board, Path_, Space, load_board
from clankwidget.deck import (
    chance_to_see,
    resource_distribution,
    sample_turns,
    turns_until_seen_distribution,
)
from clankwidget.errors import OddsInputError, PathsInputError
from clankwidget.odds import MAX_CUBES, attack_odds, knockout_odds, sample_attacks
from clankwidget.paths import distance_table, route, turn_options

SECONDS = 10  # a generous guard against a hang: a refusal takes microseconds
RUN_SECONDS = 120  # a call that runs may first compile its kernels (a cold numba cache)
MIB = 128  # memory a refused (or bounded) call may allocate

BIG = [2**63, 2**64, 10**18, 10**100, 10**5000]


def bounded(call, error=None, words=("at most",)):
    """Run ``call`` within the time and memory bounds; it raises ``error`` (if given)
    whose message names the limit. Returns the result or the error."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        if error is None:
            result = call()
        else:
            with pytest.raises(error) as err:
                call()
            result = err.value
    finally:
        elapsed = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert elapsed < (SECONDS if error is not None else RUN_SECONDS), f"took {elapsed:.1f} s"
    assert peak < MIB * 2**20, f"allocated {peak / 2**20:.0f} MiB"
    if error is not None:
        text = str(result)
        assert any(w in text for w in words), text
    return result


# ---------------------------------------------------------------------------
# Odds

MILLION_EACH = {c: 10**6 for c in ("blue", "green", "yellow", "purple", "black", "red")}

ODDS_REFUSED = {
    "black 2**63": lambda: attack_odds({"blue": 3, "black": 2**63}, 5),
    **{
        f"blue {v:.0e}": (lambda v=v: attack_odds({"blue": v, "black": 3}, 5))
        for v in BIG
        if v < 10**200
    },
    "blue 10**5000": lambda: attack_odds({"blue": 10**5000}, 5),
    "numpy uint64 max": lambda: attack_odds({"blue": np.uint64(2**64 - 1)}, 5),
    "a million of each, all drawn": lambda: attack_odds(MILLION_EACH, 10**6),
    "a million of each, 5 drawn": lambda: attack_odds(
        {c: 2 * 10**6 for c in ("blue", "green", "yellow", "purple", "black", "red")}, 5
    ),
    "one player, a million drawn": lambda: attack_odds(
        {"blue": 10**6, "black": 10**6, "red": 10**6}, 10**6
    ),
    "draws 2**63": lambda: attack_odds({"blue": 3, "black": 5}, 2**63),
    "draws 10**18": lambda: attack_odds({"blue": 3, "black": 5}, 10**18),
    "health 2**63": lambda: attack_odds({"blue": 3}, 2, health={"blue": 2**63}),
    "clones 10**18": lambda: attack_odds({"blue": 3, "red": 2}, 2, clones={"blue": 10**18}),
    "sample n 10**9": lambda: sample_attacks({"blue": 5, "black": 5}, 5, 10**9, seed=1),
    "sample n 2**63": lambda: sample_attacks({"blue": 5, "black": 5}, 5, 2**63, seed=1),
    "sample work 10**10": lambda: sample_attacks(
        {"blue": 5 * 10**6, "black": 5 * 10**6}, 10**6, 10**4, seed=1
    ),
    "sample 2**63 cubes": lambda: sample_attacks({"blue": 2**63, "black": 1}, 3, 10, seed=1),
    "sample draws 10**18": lambda: sample_attacks({"blue": 3, "black": 5}, 10**18, 10, seed=1),
    "knockout draws 10**18": lambda: knockout_odds(
        {"blue": 3}, [10**18], bag={"black": 5, "blue": 2}
    ),
    "knockout draws 2**63 x 3": lambda: knockout_odds(
        {"blue": 3}, [2**63] * 3, bag={"black": 5, "blue": 2}
    ),
    "knockout health 2**63": lambda: knockout_odds({"blue": 2**63}, [3], bag={"black": 5}),
    "knockout bag 2**63": lambda: knockout_odds({"blue": 3}, [3], bag={"black": 2**63}),
    "knockout add 10**18": lambda: knockout_odds({"blue": 3}, [(3, {"blue": 10**18})]),
    "knockout adds past the limit": lambda: knockout_odds(
        {"blue": 3}, [(3, {"blue": MAX_CUBES // 2 + 1})] * 2
    ),
    "simulate n 10**9": lambda: knockout_odds(
        {"blue": 3}, [3, 4], bag={"black": 20, "blue": 5}, method="simulate", n=10**9, seed=1
    ),
    "simulate n 10**12": lambda: knockout_odds(
        {"blue": 3}, [3], bag={"black": 20}, method="simulate", n=10**12, seed=1
    ),
    "simulate a huge bag": lambda: knockout_odds(
        {"blue": 3}, [3], bag={"black": 9 * 10**6}, method="simulate", n=10**4, seed=1
    ),
    "100,000 attacks": lambda: knockout_odds({"blue": 3}, [1] * 100_000, bag={"black": 5}),
    "max_exact_steps 2**70": lambda: knockout_odds(
        {"blue": 3}, [1], bag={"black": 5}, max_exact_steps=2**70
    ),
    # (the exact method's own limit: a bigger allowance ran minutes in an uninterruptible
    # kernel)
    "max_exact_steps past the exact limit": lambda: knockout_odds(
        {"blue": 3}, [1], bag={"black": 5}, max_exact_steps=odds_module.MAX_EXACT_STEPS + 1, seed=1
    ),
    "by_attack past memory": lambda: knockout_odds(
        {f"p{i}": 5 for i in range(8)},
        [(1000, {f"p{i}": 200 for i in range(8)})] * 5000,
        method="simulate",
        seed=1,
    ),
    "exact, too many states": lambda: knockout_odds(
        {c: 5 for c in "abcdef"},
        [(3, {c: 10**5 for c in "abcdef"})],
        bag={"black": 10**6},
        method="exact",
    ),
}


@pytest.mark.parametrize("case", list(ODDS_REFUSED))
def test_odds_refuse_at_once(case):
    words = ("at most", "limit", "too many", "more than")
    bounded(ODDS_REFUSED[case], OddsInputError, words=words)


ODDS_BOUNDED = {
    # Absurd but harmless: clamped or small, so they run (and agree with common sense).
    "draws past the bag": lambda: attack_odds({"blue": 3, "black": 5}, MAX_CUBES).joint,
    "health past every cube": lambda: attack_odds({"blue": 3}, 2, health={"blue": MAX_CUBES}),
    "a big bag, few draws": lambda: attack_odds({"blue": 4 * 10**6, "black": 5 * 10**6}, 5),
    "knockout, draws past the bag": lambda: knockout_odds(
        {"blue": 3}, [MAX_CUBES] * 3, bag={"black": 5, "blue": 2}
    ),
}


@pytest.mark.parametrize("case", list(ODDS_BOUNDED))
def test_odds_absurd_but_bounded_calls_run(case):
    result = bounded(ODDS_BOUNDED[case])
    assert result is not None


def test_draws_past_the_bag_draw_everything():
    everything = attack_odds({"blue": 3, "black": 5}, MAX_CUBES)
    assert everything.damage("blue").tolist() == [0, 0, 0, 1]
    ko = knockout_odds({"blue": 3}, [MAX_CUBES, 2], bag={"black": 5, "blue": 2})
    same = knockout_odds({"blue": 3}, [7, 2], bag={"black": 5, "blue": 2})
    np.testing.assert_array_equal(ko.by_attack, same.by_attack)
    assert ko.attacks[0].draws == MAX_CUBES  # the attack as given


# ---------------------------------------------------------------------------
# Long simulations: chunks give the same odds, and stop between chunks


@pytest.mark.parametrize("progress", [None, False, True])
def test_chunked_simulations_give_the_same_odds(monkeypatch, progress):
    bag = {"blue": 4, "green": 3, "red": 2, "black": 20}
    whole = sample_attacks(bag, 5, 3000, seed=11, progress=progress)
    ko_whole = knockout_odds(
        {"blue": 3, "green": 2},
        [(3, {"blue": 1}), 4, 5],
        bag={"black": 10, "red": 1},
        method="simulate",
        n=3000,
        seed=5,
    )
    monkeypatch.setattr(odds_module, "_CHUNK_WORK", 37)  # many small chunks
    monkeypatch.setattr(odds_module, "_PROGRESS_WORK", 10)
    chunked = sample_attacks(bag, 5, 3000, seed=11, progress=progress)
    np.testing.assert_array_equal(whole.counts, chunked.counts)
    ko_chunked = knockout_odds(
        {"blue": 3, "green": 2},
        [(3, {"blue": 1}), 4, 5],
        bag={"black": 10, "red": 1},
        method="simulate",
        n=3000,
        seed=5,
        progress=progress,
    )
    np.testing.assert_array_equal(ko_whole.by_attack, ko_chunked.by_attack)


@pytest.mark.parametrize("which", ["sample", "knockout"])
def test_an_interrupt_stops_a_long_simulation_between_chunks(monkeypatch, which):
    calls = []
    name = "_sample_draws" if which == "sample" else "_simulate_knockouts"
    kernel = getattr(odds_module, name)

    def interrupted(*args):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return kernel(*args)

    monkeypatch.setattr(odds_module, name, interrupted)
    monkeypatch.setattr(odds_module, "_CHUNK_WORK", 1000)
    with pytest.raises(KeyboardInterrupt):
        if which == "sample":
            sample_attacks({"blue": 5, "black": 20}, 5, 10_000, seed=1, progress=False)
        else:
            knockout_odds({"blue": 3}, [5], bag={"black": 20}, method="simulate", n=10_000, seed=1)
    assert len(calls) == 3  # stopped at the third of many chunks


# ---------------------------------------------------------------------------
# Paths


def _line_board(n: int) -> Board:
    """A board of ``n`` spaces in a line, built in code (the schema allows 1,000)."""
    spaces = tuple(
        Space(index=i, id=f"s{i}", name=f"S{i}", x=0, y=0, start=i == 0) for i in range(n)
    )
    paths = tuple(Path_(index=i, a=f"s{i}", b=f"s{i + 1}") for i in range(n - 1))
    return Board(
        id="line",
        title="Line",
        edition="clank",
        kind="board",
        width=1,
        height=1,
        spaces=spaces,
        paths=paths,
        modules=(),
        raw={},
        source="<code>",
    )


HUGE_BOARD = _line_board(100_000)
BOARD = load_board("teaching-dungeon")

PATHS_REFUSED = {
    "all pairs of 100,000 spaces": lambda: distance_table(HUGE_BOARD),
    "100,000 x 20,000 targets": lambda: distance_table(HUGE_BOARD, ["s1"] * 20_000),
    "endless targets": lambda: distance_table(BOARD, itertools.repeat("entrance")),
}


@pytest.mark.parametrize("case", list(PATHS_REFUSED))
def test_paths_refuse_at_once(case):
    bounded(PATHS_REFUSED[case], PathsInputError, words=("limit",))


PATHS_BOUNDED = {
    "boots 2**63": lambda: turn_options(BOARD, boots=2**63, swords=0, health=10),
    "every budget 10**18": lambda: turn_options(
        BOARD, boots=10**18, swords=10**18, health=10**18, teleports=10**18
    ),
    "a few targets on 100,000 spaces": lambda: distance_table(HUGE_BOARD, ["s0", "s99999"]),
    "a route on 100,000 spaces": lambda: route(HUGE_BOARD, "s0", "s99999"),
}


@pytest.mark.parametrize("case", list(PATHS_BOUNDED))
def test_paths_absurd_but_bounded_calls_run(case):
    assert bounded(PATHS_BOUNDED[case]) is not None


def test_huge_budgets_reach_what_the_board_allows():
    opts = turn_options(BOARD, boots=10**18, swords=10**18, health=10**18, keys=True)
    assert len(opts.reachable) == len(BOARD.spaces) - 1  # all but the exit (no artifact)
    table = distance_table(HUGE_BOARD, ["s0", "s99999"])
    assert table[99_999, 0] == 99_999 and table[0, 1] == 99_999


# ---------------------------------------------------------------------------
# Deck math

SKILL = {"skill": 1}

DECK_REFUSED = {
    "a pile of 10**12": lambda: resource_distribution({"burgle": 10**12}, cards={"burgle": SKILL}),
    "a pile of 2**63": lambda: chance_to_see("x", {"x": 2**63}, turns=3),
    "endless pile": lambda: chance_to_see("x", itertools.repeat("x"), turns=3),
    "skill 10**30": lambda: resource_distribution([{"skill": 10**30}] * 5),
    "draw 10**18": lambda: resource_distribution([{"draw": 10**18}] * 5),
    "hand 2**63": lambda: turns_until_seen_distribution("x", ["x"] * 5, hand_size=2**63),
    "10**9 turns x 10**9 trials": lambda: sample_turns(
        [SKILL] * 10, turns=10**9, trials=10**9, seed=1
    ),
    "10**6 turns x 10**4 trials": lambda: sample_turns(
        [SKILL] * 10, turns=10**6, trials=10**4, seed=1
    ),
    "sample hand 10**18": lambda: sample_turns(
        [SKILL] * 10, turns=2, trials=2, hand_size=10**18, seed=1
    ),
}


@pytest.mark.parametrize("case", list(DECK_REFUSED))
def test_deck_math_refuses_at_once(case):
    bounded(DECK_REFUSED[case], OddsInputError, words=("at most", "limit"))


def test_deck_math_absurd_but_bounded_calls_run():
    assert bounded(lambda: chance_to_see("x", ["x"] + ["y"] * 9, turns=10**18)) == 1.0
    dist = bounded(lambda: turns_until_seen_distribution("x", ["x"] + ["y"] * 9, hand_size=400))
    assert dist.tolist() == [0.0, 1.0]


# ---------------------------------------------------------------------------
# Hypothesis: bags and draw counts from tiny to absurd

# small, or at least the limit (between the two a valid call may run for seconds)
counts = st.one_of(st.integers(0, 40), st.integers(MAX_CUBES - 5, 2**70))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    bag=st.dictionaries(
        st.sampled_from(["blue", "green", "yellow", "red", "black"]), counts, max_size=5
    ),
    draws=counts,
)
def test_any_bag_is_answered_or_refused(bag, draws):
    start = time.perf_counter()
    try:
        odds = attack_odds(bag, draws)
    except OddsInputError as err:
        assert "at most" in str(err) or "limit" in str(err) or "cells" in str(err)
    else:
        assert abs(float(odds.joint.sum()) - 1.0) < 1e-6  # 10**7 cubes: ~1e-7 float error
    assert time.perf_counter() - start < RUN_SECONDS


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    health=st.one_of(st.integers(1, 10), st.integers(1, 2**70)),
    draws=st.lists(counts, min_size=1, max_size=4),
    black=counts,
    n=st.one_of(st.integers(1, 2000), st.integers(2**40, 2**70)),
)
def test_any_attack_sequence_is_answered_or_refused(health, draws, black, n):
    start = time.perf_counter()
    try:
        ko = knockout_odds(
            {"blue": health},
            [(d, {"blue": 2}) for d in draws],
            bag={"black": black},
            n=n,
            seed=1,
        )
    except OddsInputError as err:
        assert "at most" in str(err) or "limit" in str(err) or "exactly" in str(err)
    else:
        # a bag of 10**7 cubes costs the exact kernel about 1e-7 of float accuracy
        assert np.all((ko.cumulative >= 0) & (ko.cumulative <= 1 + 1e-6))
    assert time.perf_counter() - start < 60  # a simulation may be allowed half a minute
