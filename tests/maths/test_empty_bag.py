"""clankwidget.empty_bag: the chance Clank! Legacy's dragon bag runs dry, against a naive
twin that lists every way the turns can go (each attack happens or not) with fractions."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from clankwidget.empty_bag import Turn, empty_bag_odds, sample_empty_bag
from clankwidget.errors import OddsInputError


def naive_dry(bag: int, turns: list[Turn]) -> list[Fraction]:
    """P(dry by the end of each turn), by listing every pattern of attacks."""
    out = [Fraction(0)] * len(turns)
    for pattern in itertools.product((False, True), repeat=len(turns)):
        weight = Fraction(1)
        for turn, hit in zip(turns, pattern, strict=True):
            c = Fraction(turn.chance).limit_denominator(10**6)
            weight *= c if hit else 1 - c
        if weight == 0:
            continue
        cubes, when = bag, None
        for t, (turn, hit) in enumerate(zip(turns, pattern, strict=True)):
            cubes += turn.add
            if hit and turn.draws > 0:
                if turn.draws >= cubes:
                    when = t
                    break
                cubes -= turn.draws
        if when is not None:
            for t in range(when, len(turns)):
                out[t] += weight
    return out


def random_case(rng):
    turns = [
        Turn(int(rng.integers(0, 7)), float(rng.choice([0, 0.25, 0.5, 1 / 3, 0.9, 1])),
             int(rng.integers(0, 3)))
        for _ in range(int(rng.integers(1, 9)))
    ]  # fmt: skip
    return int(rng.integers(0, 25)), turns


def test_matches_the_naive_twin_on_random_chains():
    rng = np.random.default_rng(13)
    for _ in range(300):
        bag, turns = random_case(rng)
        got = empty_bag_odds(bag, turns)
        want = naive_dry(bag, turns)
        assert got.dry == pytest.approx([float(w) for w in want], abs=1e-12)
        assert got.left.sum(axis=1) + got.dry == pytest.approx(np.ones(len(turns)), abs=1e-12)
        assert np.all(np.diff(got.dry) >= -1e-15)


def test_certain_draws_are_counting():
    # 16 cubes, 4 drawn a turn: 12, 8, 4, then the fourth draw takes the last 4
    odds = empty_bag_odds(16, [Turn(4)] * 5)
    assert list(odds.dry) == [0, 0, 0, 1, 1]
    assert odds.left[2, 4] == 1 and odds.expected_left(2) == 4
    assert list(odds.first_dry()) == [0, 0, 0, 1, 0]
    # one cube more and the fourth draw leaves it in the bag
    assert list(empty_bag_odds(17, [Turn(4)] * 4).dry) == [0, 0, 0, 0]
    assert "P(dry by turn)" in repr(odds)


def test_sampling_agrees():
    turns = [Turn(6, 0.3, 1), Turn(4), Turn(6, 0.3, 1)] * 3
    exact = empty_bag_odds(16, turns).dry
    n = 100_000
    when = sample_empty_bag(16, turns, n, seed=5)
    for t, p in enumerate(exact):
        freq = np.mean((when >= 0) & (when <= t))
        assert abs(freq - p) <= 4 * np.sqrt(p * (1 - p) / n) + 1e-12
    assert np.array_equal(when, sample_empty_bag(16, turns, n, seed=5))


@pytest.mark.parametrize(
    ("bag", "turns", "match"),
    [
        (-1, [Turn(4)], "bag"),
        (True, [Turn(4)], "bag"),
        (5, [], "non-empty"),
        (5, "abc", "non-empty"),
        (5, [(4, 1.0, 0)], "Turn"),
        (5, [Turn(4, 1.5)], r"chance must be a finite number from 0 to 1"),
        (5, [Turn(4, float("nan"))], r"chance must be a finite number from 0 to 1"),
        (5, [Turn(-4)], "draws"),
        (5, [Turn(4, 0.5, 2.5)], "add"),
        (20_000, [Turn(4)], "bag must be from 0 to 10,000"),
        (9_000, [Turn(4, 1.0, 600)] * 2, "10,200 cubes in all; at most 10,000"),
        (5, [Turn(10**30)], r"turns\[0\]\.draws must be from 0 to 10,000"),
        (5, [Turn(4, 10**400)], r"chance must be a finite number from 0 to 1"),
        (5, [Turn(4)] * 1001, "1,001 turns; at most 1,000"),
    ],
)
def test_bad_input_is_refused(bag, turns, match):
    with pytest.raises(OddsInputError, match=match):
        empty_bag_odds(bag, turns)
    with pytest.raises(OddsInputError, match=match):
        sample_empty_bag(bag, turns, 10, seed=1)


@pytest.mark.parametrize(
    ("n", "turns", "seed", "match"),
    [
        (0, 1, 1, "n must be from 1 to 2,000,000"),
        (10**9, 1, 1, "n must be from 1 to 2,000,000"),
        (2.5, 1, 1, "n must be a whole number"),
        (2_000_000, 101, 1, "2,000,000 runs of 101 turns; at most 200,000,000 run-turns"),
        (10, 1, -1, "seed must be"),
        (10, 1, "x", "seed must be"),
        (10, 1, True, "seed must be"),
    ],
)
def test_a_sample_too_big_or_badly_seeded_is_refused_before_it_starts(n, turns, seed, match):
    """(A billion runs asked for 7 GiB; a huge count raised OverflowError from numpy.)"""
    with pytest.raises(OddsInputError, match=match):
        sample_empty_bag(20, [Turn(4, 0.5, 1)] * turns, n, seed=seed)


def test_the_cubes_left_are_asked_after_a_turn_there_is():
    odds = empty_bag_odds(10, [Turn(4), Turn(4, 0.5, 1)])
    assert odds.expected_left(-2) == odds.expected_left(0) == 6.0
    for after in (2, -3, 2.5, 10**30):
        with pytest.raises(OddsInputError, match="after must be"):
            odds.expected_left(after)
