"""Dragon-bag odds: kernels against their naive twins, exact answers against scipy and hand
calculations, simulations against exact answers, and the public API's checks."""

from __future__ import annotations

import doctest
import math
import re
from fractions import Fraction

import numba
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.stats import hypergeom, multivariate_hypergeom

import clankwidget.odds as odds_module
from clankwidget.errors import ClankwidgetError
from clankwidget.kernels import bag as kb
from clankwidget.kernels import rng as kr
from clankwidget.odds import (
    Attack,
    AttackOdds,
    KnockoutOdds,
    OddsInputError,
    SampledAttacks,
    attack_odds,
    knockout_odds,
    sample_attacks,
)

try:  # tests/ as a package, or as a plain folder on sys.path
    from . import naive_odds as naive
except ImportError:
    import naive_odds as naive

PURE_PYTHON = bool(numba.config.DISABLE_JIT)
# Simulation sizes: smaller when the kernels run as plain Python (tolerances follow n).
N_SIM = 20_000 if PURE_PYTHON else 200_000

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TYPICAL = {"blue": 3, "green": 5, "yellow": 2, "purple": 4, "black": 24, "red": 2}
HEAVY = {"blue": 12, "green": 12, "yellow": 12, "purple": 12, "black": 30, "red": 4}


def fractions_to_array(dist: dict, shape) -> np.ndarray:
    out = np.zeros(shape)
    for key, p in dist.items():
        out[key] += float(p)
    return out


def scipy_joint(player_counts, n_red, n_black, draws) -> np.ndarray:
    """The damage joint from scipy's multivariate hypergeometric pmf over every outcome."""
    caps = [*player_counts, n_red, n_black]
    k = len(player_counts)
    outcomes = np.array(list(naive.compositions(caps, draws)))
    p = multivariate_hypergeom.pmf(outcomes, m=caps, n=draws)
    shape = naive.joint_shape(player_counts, n_red, n_black, draws)
    out = np.zeros(shape)
    np.add.at(out, tuple(outcomes[:, i] + outcomes[:, k] for i in range(k)), p)
    return out


def seed_state(words) -> np.ndarray:
    return np.array([*words, 0, 0], dtype=np.uint64)


seeds = st.tuples(*[st.integers(0, 2**64 - 1)] * 4).filter(any)


# ---------------------------------------------------------------------------
# Kernels against their twins


@st.composite
def one_attack(draw, max_players=4, max_cubes=4):
    k = draw(st.integers(0, max_players))
    players = draw(st.lists(st.integers(0, max_cubes), min_size=k, max_size=k))
    red = draw(st.integers(0, 2))
    black = draw(st.integers(0, 5))
    total = sum(players) + red + black
    draws = draw(st.integers(0, total + 2))
    return players, red, black, draws


def check_attack_joint(case, data):
    players, red, black, draws = case
    clones = data.draw(st.lists(st.integers(0, 3), min_size=len(players), max_size=len(players)))
    total = sum(players) + red + black
    shape = naive.joint_shape(players, red, black, draws, clones)
    got = np.full(math.prod(shape), np.nan)  # the kernel overwrites every cell
    bag = np.array([black, red, *players], np.int64)
    kb._attack_joint(bag, np.array(clones, np.int64), min(draws, total), got)
    want = naive.naive_attack_joint(players, red, black, draws, clones)
    np.testing.assert_allclose(
        got.reshape(shape), fractions_to_array(want, shape), rtol=0, atol=1e-12
    )


@SETTINGS
@given(one_attack(), st.data())
def test_attack_joint_matches_naive(case, data):
    check_attack_joint(case, data)


@FEW
@given(one_attack(max_players=7, max_cubes=2), st.data())
def test_attack_joint_matches_naive_for_many_players(case, data):
    # three or more players take the depth-first walk; seven take it five levels deep
    check_attack_joint(case, data)


def test_attack_joint_refuses_an_out_of_the_wrong_size():
    with pytest.raises(ValueError, match="one cell per outcome"):
        kb._attack_joint(np.array([4, 1, 2, 3], np.int64), np.zeros(2, np.int64), 3, np.zeros(5))


@FEW
@given(one_attack(max_players=3, max_cubes=2), st.data())
def test_naive_joint_matches_brute_force(case, data):
    players, red, black, draws = case
    clones = data.draw(st.lists(st.integers(0, 2), min_size=len(players), max_size=len(players)))
    assert naive.naive_attack_joint(players, red, black, draws) == naive.brute_attack_joint(
        players, red, black, draws
    )
    assert naive.naive_attack_joint(players, red, black, draws, clones) == naive.brute_attack_joint(
        players, red, black, draws, clones
    )


def test_clones_take_the_red_hits_first():
    bag = {"blue": 2, "green": 1, "red": 2, "black": 3}
    plain = attack_odds(bag, 4, health={"blue": 2})
    cloned = attack_odds(bag, 4, health={"blue": 2}, clones={"blue": 1})
    # blue's damage is its own cubes plus the reds beyond its one clone
    want = np.zeros(cloned.damage("blue").size)
    for (b, _), p in naive.naive_attack_joint([2, 1], 2, 3, 4, [1, 0]).items():
        want[b] += float(p)
    np.testing.assert_allclose(cloned.damage("blue"), want, atol=1e-12)
    assert cloned.knockout("blue") < plain.knockout("blue")
    np.testing.assert_allclose(cloned.damage("green"), plain.damage("green"))
    assert "blue has 1 clone" in repr(cloned)
    sim = sample_attacks(bag, 4, 50_000, seed=3, clones={"blue": 1})
    np.testing.assert_allclose(sim.damage("blue"), cloned.damage("blue"), atol=0.01)
    assert sim.joint.shape == cloned.joint.shape
    # one attack of knockout_odds is the same law, and clones carry over between attacks
    ko = knockout_odds({"blue": 2, "green": 5}, [4], bag=bag, clones={"blue": 1})
    np.testing.assert_allclose(ko.knockout("blue")[0], cloned.knockout("blue"), atol=1e-12)
    two = knockout_odds({"blue": 2, "green": 5}, [2, 2], bag=bag, clones={"blue": 1})
    sim = knockout_odds(
        {"blue": 2, "green": 5}, [2, 2], bag=bag, clones={"blue": 1}, method="simulate", seed=4
    )
    np.testing.assert_allclose(sim.knockout("blue"), two.knockout("blue"), atol=0.01)
    with pytest.raises(OddsInputError, match="unknown colour 'pink' in clones"):
        attack_odds(bag, 4, clones={"pink": 1})
    with pytest.raises(OddsInputError, match="clones"):
        attack_odds(bag, 4, clones={"blue": -1})
    with pytest.raises(OddsInputError, match="give hit_all"):
        attack_odds({"blue": 2, "black": 3}, 2, hit_all=None, clones={"blue": 1})


@SETTINGS
@given(seeds, st.integers(1, 40))
def test_xoshiro_matches_twin(words, count):
    state = seed_state(words)
    twin = [*words, 0, 0]
    got = [int(kr._xoshiro_next(state)) for _ in range(count)]
    want = [naive.xoshiro_next(twin) for _ in range(count)]
    assert got == want
    assert [int(v) for v in state] == twin


def test_xoshiro_reference_value():
    # xoshiro256** from state (1, 2, 3, 4): first output is rotl(2 * 5, 7) * 9 = 11520.
    state = seed_state((1, 2, 3, 4))
    assert int(kr._xoshiro_next(state)) == 11520
    assert int(kr._xoshiro_next(state)) == 0
    assert int(kr._xoshiro_next(state)) == 1509978240


@SETTINGS
@given(
    seeds,
    st.lists(
        st.one_of(
            st.integers(1, 50),
            st.integers(1, 2**32 - 1),
            st.sampled_from([3 * 2**30, 2**31 + 1, 2**32 - 1]),  # often rejected
        ),
        min_size=1,
        max_size=30,
    ),
)
def test_bounded_matches_twin(words, bounds):
    state = seed_state(words)
    twin = [*words, 0, 0]
    got = [int(kr._bounded(state, b)) for b in bounds]
    want = [naive.bounded(twin, b) for b in bounds]
    assert got == want
    assert all(0 <= g < b for g, b in zip(got, bounds, strict=True))
    assert [int(v) for v in state] == twin


def test_bounded_is_uniform():
    state = seed_state((5, 6, 7, 8))
    n = 60_000 if not PURE_PYTHON else 12_000
    picks = np.array([kr._bounded(state, 6) for _ in range(n)])
    counts = np.bincount(picks, minlength=6)
    # chi-square with 5 degrees of freedom; 20.5 is its 0.999 quantile
    chi2 = ((counts - n / 6) ** 2 / (n / 6)).sum()
    assert chi2 < 20.5


@SETTINGS
@given(
    st.lists(st.integers(0, 6), min_size=1, max_size=5).filter(lambda c: sum(c) >= 1),
    st.integers(0, 8),
    st.integers(1, 12),
    seeds,
)
def test_sample_draws_matches_twin(sizes, draws, n, words):
    m = len(sizes)
    cubes = [c for c in range(m) for _ in range(sizes[c])]
    draws = min(draws, len(cubes) - 1)
    arr = np.array(cubes, np.uint8)
    out = np.empty((n, m), np.int16)
    state = seed_state(words)
    kb._sample_draws(arr, draws, out, state)
    twin_state = [*words, 0, 0]
    twin_cubes = list(cubes)
    want = naive.naive_sample_draws(twin_cubes, draws, n, m, twin_state)
    assert out.tolist() == want
    assert arr.tolist() == twin_cubes
    assert [int(v) for v in state] == twin_state
    assert (out.sum(axis=1) == draws).all()


@st.composite
def sequences(draw, max_players=3, max_attacks=3, max_cubes=3, max_draws=4):
    k = draw(st.integers(1, max_players))
    m = k + 2
    n_attacks = draw(st.integers(1, max_attacks))
    start = draw(st.lists(st.integers(0, max_cubes), min_size=m, max_size=m))
    start[1] = min(start[1], 2)
    adds = [draw(st.lists(st.integers(0, 2), min_size=m, max_size=m)) for _ in range(n_attacks)]
    draws = draw(st.lists(st.integers(0, max_draws), min_size=n_attacks, max_size=n_attacks))
    return start, adds, draws


def as_arrays(start, adds, draws):
    m = len(start)
    return (
        np.array(start, np.int64),
        np.array(adds, np.int64).reshape(len(draws), m),
        np.array(draws, np.int64),
    )


@SETTINGS
@given(sequences(max_attacks=4, max_draws=8))
def test_damage_cap_matches_twin(seq):
    assert kb._damage_cap(*as_arrays(*seq)) == naive.naive_damage_cap(*seq)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequences(), st.data())
def test_knockout_dp_matches_twin(seq, data):
    start, adds, draws = seq
    k = len(start) - 2
    clones = data.draw(st.lists(st.integers(0, 2), min_size=k, max_size=k))
    status, dist = kb._knockout_dp(
        *as_arrays(*seq), np.array(clones, np.int64), np.iinfo(np.int64).max
    )
    assert status >= 1
    want = naive.naive_knockout_dp(start, adds, draws, clones)
    cap = naive.naive_damage_cap(start, adds, draws)
    assert dist.shape == (len(draws), len(start) - 2, cap + 1)
    for t, per_player in enumerate(want):
        for i, d in enumerate(per_player):
            np.testing.assert_allclose(
                dist[t, i], fractions_to_array(d, cap + 1), rtol=0, atol=1e-12
            )


def test_knockout_dp_stops_at_max_work():
    start, adds, draws = as_arrays([10, 1, 5, 5], [[0, 0, 1, 1]] * 3, [3, 3, 3])
    no_clones = np.zeros(2, np.int64)
    status, _ = kb._knockout_dp(start, adds, draws, no_clones, 50)
    assert status == -1
    status, _ = kb._knockout_dp(start, adds, draws, no_clones, 10**9)
    assert status > 50


@FEW
@given(sequences(), st.integers(1, 15), seeds, st.data())
def test_simulate_knockouts_matches_twin(seq, n, words, data):
    k = len(seq[0]) - 2
    clones = data.draw(st.lists(st.integers(0, 2), min_size=k, max_size=k))
    state = seed_state(words)
    hist = kb._simulate_knockouts(*as_arrays(*seq), np.array(clones, np.int64), n, state)
    twin_state = [*words, 0, 0]
    want = naive.naive_simulate_knockouts(*seq, n, twin_state, clones)
    assert hist.tolist() == want
    assert [int(v) for v in state] == twin_state
    assert (hist.sum(axis=2) == n).all()


@SETTINGS
@given(st.integers(0, 60), st.integers(1, 40), st.integers(1, 50))
def test_weights_plain_and_log_paths_agree(count, draws, others):
    total = count + others + draws
    theta = draws / (total - draws)
    top = min(count, draws)
    plain = np.empty(draws + 1)
    logged = np.empty(draws + 1)
    assert kb._fill_weights(count, draws, theta, False, plain) == 0.0
    shift = kb._fill_weights(count, draws, theta, True, logged)
    exact = np.array([math.comb(count, x) * theta**x for x in range(top + 1)])
    np.testing.assert_allclose(plain[: top + 1], exact, rtol=1e-11)
    np.testing.assert_allclose(logged[: top + 1] * math.exp(shift), exact, rtol=1e-9)
    assert logged[: top + 1].max() == pytest.approx(1.0)
    assert kb._plain_norm(total, draws, theta) == pytest.approx(
        math.comb(total, draws) * theta**draws, rel=1e-11
    )
    assert math.exp(kb._log_norm(total, draws, theta)) == pytest.approx(
        math.comb(total, draws) * theta**draws, rel=1e-9
    )


@FEW
@given(st.lists(st.integers(0, 10**12), min_size=1, max_size=300))
def test_hash_table_matches_dict(keys):
    bits = 4
    table = np.full(1 << bits, -1, np.int64)
    vals = np.zeros(1 << bits)
    used = 0
    want: dict[int, float] = {}
    for j, key in enumerate(keys):
        h = kb._slot(table, key, bits)
        if table[h] == -1:
            table[h] = key
            used += 1
        vals[h] += j
        want[key] = want.get(key, 0) + j
        if 2 * used > table.size:
            bits += 1
            table, vals = kb._grown(table, vals, bits)
    got = {int(k): float(v) for k, v in zip(table, vals, strict=True) if k != -1}
    assert got == want


# ---------------------------------------------------------------------------
# Exact answers against scipy


@pytest.mark.parametrize(
    ("players", "red", "black", "draws"),
    [
        ([3, 5, 2, 4], 2, 24, 5),  # typical Clank! In! Space! bag
        ([12, 12, 12, 12], 4, 30, 13),  # heavy
        ([4, 1, 6], 0, 20, 7),  # Clank!: no red cubes
        ([0, 3], 3, 5, 4),  # a player with no cubes still takes red hits
        ([2, 2, 2, 2, 2], 1, 9, 6),  # five players
    ],
)
def test_attack_odds_matches_scipy(players, red, black, draws):
    colours = ["blue", "green", "yellow", "purple", "white"][: len(players)]
    cubes = dict(zip(colours, players, strict=True)) | {"red": red, "black": black}
    odds = attack_odds(cubes, draws)
    want = scipy_joint(players, red, black, draws)
    assert odds.joint.shape == want.shape
    np.testing.assert_allclose(odds.joint, want, rtol=1e-9, atol=1e-14)
    assert odds.joint.sum() == pytest.approx(1.0, abs=1e-12)
    total = sum(players) + red + black
    for colour, c in zip(colours, players, strict=True):
        assert odds.expected(colour) == pytest.approx(draws * (c + red) / total, rel=1e-12)


@pytest.mark.parametrize(
    ("mine", "red", "black", "draws"),
    [
        (4, 0, 20, 5),
        (4, 2, 20, 5),
        (1, 0, 0, 1),
        (30, 4, 24, 12),
        # 90 s as plain Python (CI's NUMBA_DISABLE_JIT run), where the log-weights path is
        # checked against scipy by test_log_weights_path_matches_scipy_joint at a smaller size
        pytest.param(
            700, 300, 1000, 600, marks=pytest.mark.skipif(PURE_PYTHON, reason="compiled only")
        ),
    ],
)
def test_one_player_matches_hypergeom(mine, red, black, draws):
    # One player's damage is hypergeometric: their cubes and the red ones are the "hits".
    # The last case is big enough to take the log-weights path.
    odds = attack_odds({"blue": mine, "red": red, "black": black}, draws)
    total = mine + red + black
    want = hypergeom(total, mine + red, draws).pmf(np.arange(odds.joint.shape[0]))
    np.testing.assert_allclose(odds.damage("blue"), want, rtol=1e-8, atol=1e-15)
    np.testing.assert_allclose(odds.joint, want, rtol=1e-8, atol=1e-15)


def test_log_weights_path_matches_scipy_joint():
    assert not kb._use_log_weights(40, 5)  # a real bag takes the plain path
    assert kb._use_log_weights(500, 360)  # 500 * log(1 + 360/140) > 600
    odds = attack_odds({"a": 150, "b": 100, "red": 20, "black": 230}, 360)
    assert odds.joint.shape == (171, 121)
    assert odds.joint.sum() == pytest.approx(1.0, abs=1e-9)
    for axis, (colour, c) in enumerate((("a", 150), ("b", 100))):
        want = hypergeom(500, c + 20, 360).pmf(np.arange(odds.joint.shape[axis]))
        np.testing.assert_allclose(odds.damage(colour), want, rtol=1e-7, atol=1e-14)


# ---------------------------------------------------------------------------
# Red cubes and other rules, by hand


def test_red_cube_hurts_everyone_once_per_draw():
    odds = attack_odds({"blue": 1, "green": 1, "red": 1}, 1)
    third = 1 / 3
    np.testing.assert_allclose(odds.joint, [[0, third], [third, third]])
    assert odds.damage("blue").tolist() == pytest.approx([third, 2 * third])
    two = attack_odds({"blue": 1, "green": 1, "red": 1}, 2)
    # pairs: blue+green (1, 1), blue+red (2, 1), green+red (1, 2)
    want = np.zeros((3, 3))
    want[1, 1] = want[2, 1] = want[1, 2] = third
    np.testing.assert_allclose(two.joint, want)


def test_draws_beyond_the_bag_draw_everything():
    odds = attack_odds({"blue": 2, "green": 0, "red": 1, "black": 1}, 10, health={"green": 1})
    assert odds.drawn == 4
    assert odds.damage("blue").tolist() == [0, 0, 0, 1]
    assert odds.damage("green").tolist() == [0, 1]
    assert odds.knockout("green") == 1.0
    sim = sample_attacks({"blue": 2, "green": 0, "red": 1, "black": 1}, 10, 5, seed=1)
    assert sim.counts.tolist() == [[2, 0, 1, 1]] * 5


def test_no_hit_all_makes_red_a_player():
    odds = attack_odds({"blue": 1, "red": 1, "black": 2}, 2, hit_all=None)
    assert odds.colours == ("blue", "red")
    np.testing.assert_allclose(odds.damage("blue"), [0.5, 0.5])
    np.testing.assert_allclose(odds.joint, [[1 / 6, 2 / 6], [2 / 6, 1 / 6]])


def test_custom_hit_all_colour():
    odds = attack_odds({"blue": 0, "bounty": 1, "black": 1}, 1, hit_all="bounty")
    assert odds.colours == ("blue",)
    np.testing.assert_allclose(odds.damage("blue"), [0.5, 0.5])


def test_no_players():
    odds = attack_odds({"black": 4, "red": 1}, 2)
    assert odds.colours == ()
    assert odds.joint.shape == ()
    assert float(odds.joint) == 1.0
    assert odds.table() == []


def test_knockout_and_table():
    odds = attack_odds(TYPICAL, 5, health={"blue": 2, "purple": 9})
    blue = odds.damage("blue")
    assert odds.knockout("blue") == pytest.approx(blue[2:].sum())
    assert odds.knockout("purple") == 0.0  # more health than the attack can take
    rows = odds.table()
    assert [r["colour"] for r in rows] == ["blue", "green", "yellow", "purple"]
    assert rows[0]["p_no_damage"] == pytest.approx(blue[0])
    assert rows[0]["knockout"] == pytest.approx(odds.knockout("blue"))
    assert rows[1]["knockout"] is None and rows[1]["health"] is None
    assert "knockout" not in attack_odds(TYPICAL, 5).table()[0]
    text = repr(odds)
    assert text.startswith("AttackOdds: draw 5 of 40 cubes; 24 black, 2 red (hit all)")
    assert "blue" in text and "P(knockout)" in text
    with pytest.raises(OddsInputError, match="no health known for 'green'"):
        odds.knockout("green")
    with pytest.raises(OddsInputError, match="unknown colour 'pink'"):
        odds.damage("pink")


def test_damage_returns_a_copy():
    odds = attack_odds(TYPICAL, 5)
    odds.damage("blue")[:] = 0
    assert odds.damage("blue").sum() == pytest.approx(1.0)


# ---------------------------------------------------------------------------
# Simulation against exact


def test_sampled_attacks_agree_with_exact():
    sim = sample_attacks(TYPICAL, 5, N_SIM, seed=2024, health={"blue": 2})
    exact = attack_odds(TYPICAL, 5, health={"blue": 2})
    tol = 3 / math.sqrt(N_SIM)  # 6 standard deviations of a proportion at worst (p = 1/2)
    assert sim.counts.shape == (N_SIM, 6)
    assert (sim.counts.sum(axis=1) == 5).all()
    for colour in exact.colours:
        assert sim.damage(colour).shape == exact.damage(colour).shape
        np.testing.assert_allclose(sim.damage(colour), exact.damage(colour), atol=tol)
        assert abs(sim.expected(colour) - exact.expected(colour)) < 6 * 2.5 / math.sqrt(N_SIM)
    assert sim.joint.shape == exact.joint.shape
    np.testing.assert_allclose(sim.joint, exact.joint, atol=tol)
    assert abs(sim.knockout("blue") - exact.knockout("blue")) < tol
    # black and red are drawn at their hypergeometric rates too
    for colour, count in (("black", 24), ("red", 2)):
        share = np.bincount(sim.drawn_of(colour), minlength=6) / N_SIM
        want = hypergeom(40, count, 5).pmf(np.arange(6))
        np.testing.assert_allclose(share, want, atol=tol)


def test_sample_attacks_red_semantics():
    sim = sample_attacks({"blue": 1, "green": 1, "red": 1}, 2, 300, seed=3)
    red = sim.drawn_of("red")
    np.testing.assert_array_equal(sim.damage_samples("blue"), sim.drawn_of("blue") + red)
    # exactly the three pairs, each deals (1,1), (2,1) or (1,2)
    pairs = {tuple(p) for p in zip(sim.damage_samples("blue"), sim.damage_samples("green"))}
    assert pairs <= {(1, 1), (2, 1), (1, 2)} and len(pairs) == 3


def test_sample_attacks_reproducible_by_seed():
    a = sample_attacks(TYPICAL, 5, 1000, seed=11)
    b = sample_attacks(TYPICAL, 5, 1000, seed=11)
    c = sample_attacks(TYPICAL, 5, 1000, seed=12)
    assert np.array_equal(a.counts, b.counts)
    assert not np.array_equal(a.counts, c.counts)
    g1, g2 = np.random.default_rng(5), np.random.default_rng(5)
    assert np.array_equal(
        sample_attacks(TYPICAL, 5, 50, seed=g1).counts,
        sample_attacks(TYPICAL, 5, 50, seed=g2).counts,
    )
    seq = np.random.SeedSequence(9)
    assert np.array_equal(
        sample_attacks(TYPICAL, 5, 50, seed=seq).counts,
        sample_attacks(TYPICAL, 5, 50, seed=np.random.SeedSequence(9)).counts,
    )


def test_sampled_repr_and_types():
    sim = sample_attacks(TYPICAL, 5, 100, seed=1)
    assert isinstance(sim, SampledAttacks)
    assert sim.counts.dtype == np.int16
    assert sim.columns == tuple(TYPICAL)
    assert repr(sim).startswith("SampledAttacks: 100 attacks drawing 5 of 40 cubes")
    with pytest.raises(OddsInputError, match="unknown colour 'pink'"):
        sim.drawn_of("pink")
    with pytest.raises(OddsInputError, match="no health known"):
        sim.knockout("blue")


# ---------------------------------------------------------------------------
# Many attacks


def test_knockout_odds_hand_worked_two_attacks():
    # Attack 1: 1 blue + 3 black, draw 2: blue hit with 1/2. Attack 2 adds 2 blue:
    #   hit before -> 2 blue + 2 black, draw 2: 0/1/2 blue with 1/6, 4/6, 1/6
    #   missed     -> 3 blue + 1 black, draw 2: 1/2 blue with 1/2, 1/2
    ko = knockout_odds({"blue": 2}, [(2, {"blue": 1}), Attack(2, {"blue": 2})], bag={"black": 3})
    assert isinstance(ko, KnockoutOdds) and ko.method == "exact"
    np.testing.assert_allclose(ko.damage("blue", after=0), [0.5, 0.5, 0, 0])
    np.testing.assert_allclose(ko.damage("blue"), [0, 4 / 12, 7 / 12, 1 / 12])
    np.testing.assert_allclose(ko.knockout("blue"), [0, 8 / 12])
    assert ko.expected("blue") == pytest.approx((4 + 14 + 3) / 12)


def test_knockout_odds_red_cubes_return_to_the_bag():
    # 1 red + 1 black, two attacks of one draw. Red at attack 1 (1/2) comes back: red again
    # with 1/2. Black at attack 1 is gone: red for sure. Blue has no cubes at all.
    ko = knockout_odds({"blue": 2}, [1, 1], bag={"red": 1, "black": 1})
    np.testing.assert_allclose(ko.damage("blue", after=0), [0.5, 0.5, 0])
    np.testing.assert_allclose(ko.damage("blue"), [0, 0.75, 0.25])
    np.testing.assert_allclose(ko.knockout("blue"), [0, 0.25])
    with pytest.raises(OddsInputError, match=r"after=2 is out of range: there are 2 attacks"):
        ko.damage("blue", after=2)
    sim = knockout_odds(
        {"blue": 2}, [1, 1], bag={"red": 1, "black": 1}, method="simulate", n=N_SIM, seed=4
    )
    assert abs(sim.knockout("blue")[-1] - 0.25) < 3 / math.sqrt(N_SIM)


def test_knockout_first_attack_matches_attack_odds():
    health = {"blue": 3, "green": 5, "yellow": 2, "purple": 4}
    ko = knockout_odds(
        health,
        [(5, {"blue": 3, "green": 5, "yellow": 2, "purple": 4})],
        bag={"black": 24, "red": 2},
    )
    one = attack_odds(TYPICAL, 5, health=health)
    for colour in health:
        d = one.damage(colour)
        np.testing.assert_allclose(ko.damage(colour)[: d.size], d, atol=1e-14)
        assert ko.knockout(colour)[0] == pytest.approx(one.knockout(colour), abs=1e-14)


SEQUENCE = dict(
    health={"blue": 6, "green": 4, "yellow": 5, "purple": 3},
    attacks=[
        Attack(3, {"blue": 3, "green": 2, "yellow": 1, "purple": 2}),
        Attack(4, {"blue": 2, "red": 1}),  # countdown: an extra red cube and draw
        Attack(5, {"green": 3}),
        Attack(6),  # a player out of the game draws 6 (two players)
    ],
    bag={"black": 12, "red": 2},
)


def test_knockout_dp_agrees_with_simulation():
    exact = knockout_odds(**SEQUENCE, method="exact")
    n = N_SIM // 2
    sim = knockout_odds(**SEQUENCE, method="simulate", n=n, seed=99)
    assert exact.method == "exact" and sim.method == "simulate" and sim.n == n
    tol = 3 / math.sqrt(n)
    assert exact.cumulative.shape == sim.cumulative.shape == (4, 4)
    np.testing.assert_allclose(sim.cumulative, exact.cumulative, atol=tol)
    np.testing.assert_allclose(sim.by_attack, exact.by_attack, atol=tol)
    np.testing.assert_allclose(exact.by_attack.sum(axis=2), 1.0, atol=1e-12)
    assert (np.diff(exact.cumulative, axis=0) >= -1e-15).all()  # knockouts only accumulate


def test_knockout_auto_falls_back_to_simulation():
    auto = knockout_odds(**SEQUENCE)
    assert auto.method == "exact" and auto.steps > 100
    with pytest.raises(OddsInputError, match="max_exact_steps=100 .*pass seed="):
        knockout_odds(**SEQUENCE, max_exact_steps=100)
    sim = knockout_odds(**SEQUENCE, max_exact_steps=100, seed=1, n=2000)
    assert sim.method == "simulate" and sim.n == 2000
    again = knockout_odds(**SEQUENCE, max_exact_steps=100, seed=1, n=2000)
    np.testing.assert_array_equal(sim.by_attack, again.by_attack)
    other = knockout_odds(**SEQUENCE, method="simulate", seed=2, n=2000)
    assert not np.array_equal(sim.by_attack, other.by_attack)
    assert "simulated, n=2,000" in repr(sim)
    assert repr(auto).startswith("KnockoutOdds: 4 attacks drawing 3, 4, 5, 6 (exact)")


def test_knockout_odds_too_many_states_for_exact():
    huge = {"black": 10**6}
    health = {c: 5 for c in "abcdef"}
    adds = {c: 10**5 for c in "abcdef"}
    with pytest.raises(OddsInputError, match="too many possible states"):
        knockout_odds(health, [(3, adds)], bag=huge, method="exact")
    with pytest.raises(OddsInputError, match="too many possible states.*seed="):
        knockout_odds(health, [(3, adds)], bag=huge)


# ---------------------------------------------------------------------------
# Input checks


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: attack_odds({"blue": -1}, 2), r"cubes\['blue'\] must be at least 0, got -1"),
        (lambda: attack_odds({"blue": 1.5}, 2), r"cubes\['blue'\] must be a whole number"),
        (lambda: attack_odds({"blue": 2.0}, 2), r"must be a whole number, got 2.0"),
        (lambda: attack_odds({"blue": True}, 2), r"must be a whole number, got True"),
        (lambda: attack_odds({"blue": 2}, -1), r"draws must be at least 0, got -1"),
        (lambda: attack_odds({"blue": 2}, 1.0), r"draws must be a whole number"),
        (lambda: attack_odds([("blue", 2)], 1), r"cubes must be a mapping"),
        (lambda: attack_odds({3: 2}, 1), r"a colour must be a non-empty string, got 3"),
        (lambda: attack_odds({"": 2}, 1), r"non-empty string"),
        (
            lambda: attack_odds({"blue": 2}, 1, health={"purple": 3}),
            r"unknown colour 'purple' in health: the players are 'blue'",
        ),
        (lambda: attack_odds({"blue": 2}, 1, health={"blue": 0}), r"health\['blue'\] must be at"),
        (lambda: attack_odds({"blue": 2}, 1, health={"blue": -3}), r"at least 1, got -3"),
        (lambda: attack_odds({"blue": 2}, 1, health={"black": 3}), r"black is not a player"),
        (lambda: attack_odds({"blue": 2}, 1, health={"red": 3}), r"'red' in health: .*hit_all"),
        (lambda: attack_odds({"blue": 2}, 1, hit_all="black"), r"hit_all cannot be 'black'"),
        (lambda: attack_odds({"blue": 2}, 1, hit_all=""), r"hit_all: a colour must be"),
        (
            lambda: attack_odds({c: 40 for c in "abcdef"}, 40),
            r"joint distribution would have .* cells",
        ),
        (lambda: sample_attacks({"blue": 2}, 1, 0, seed=1), r"n must be at least 1, got 0"),
        (lambda: sample_attacks({"blue": 2}, 1, 5, seed="x"), r"seed must be an int"),
        (lambda: sample_attacks({"blue": 2}, 1, 5, seed=True), r"seed must be an int"),
        (lambda: knockout_odds({"blue": 2}, [1], method="guess"), r"method must be 'auto'"),
        (lambda: knockout_odds({}, [1]), r"health names no players"),
        (lambda: knockout_odds({"black": 2}, [1]), r"'black' in health is not a player"),
        (lambda: knockout_odds({"blue": 0}, [1]), r"health\['blue'\] must be at least 1"),
        (lambda: knockout_odds({"blue": 2}, []), r"attacks is empty"),
        (lambda: knockout_odds({"blue": 2}, 3), r"attacks must be a sequence"),
        (lambda: knockout_odds({"blue": 2}, ["x"]), r"attacks\[0\] must be an Attack"),
        (lambda: knockout_odds({"blue": 2}, [-2]), r"attacks\[0\].draws must be at least 0"),
        (lambda: knockout_odds({"blue": 2}, [(1, 5)]), r"attacks\[0\].add must be a mapping"),
        (
            lambda: knockout_odds({"blue": 2}, [(1, {"pink": 1})]),
            r"unknown colour 'pink' in attacks\[0\].add: .*'blue'",
        ),
        (
            lambda: knockout_odds({"blue": 2}, [1], bag={"blue": -1}),
            r"bag\['blue'\] must be at least 0",
        ),
        (
            lambda: knockout_odds({"blue": 2}, [1], bag={"red": 1}, hit_all=None),
            r"unknown colour 'red' in bag",
        ),
        (
            lambda: knockout_odds({"blue": 2}, [1], method="simulate"),
            r"method='simulate' needs a seed",
        ),
    ],
)
def test_nonsense_is_rejected(call, message):
    with pytest.raises(OddsInputError, match=message) as info:
        call()
    assert isinstance(info.value, ValueError) and isinstance(info.value, ClankwidgetError)


NOT_MAPPINGS = [5, ["blue"], "3", 1.5, 0, [], "", (), False]
MAPPING_ARGUMENTS = {
    "knockout_odds bag": lambda v: knockout_odds({"blue": 3}, [2], bag=v),
    "knockout_odds health": lambda v: knockout_odds(v, [2], bag={"black": 3}),
    "knockout_odds clones": lambda v: knockout_odds({"blue": 3}, [2], bag={"red": 1}, clones=v),
    "knockout_odds attacks[0].add": lambda v: knockout_odds({"blue": 3}, [(2, v)]),
    "attack_odds cubes": lambda v: attack_odds(v, 2),
    "attack_odds health": lambda v: attack_odds(TYPICAL, 2, health=v),
    "attack_odds clones": lambda v: attack_odds(TYPICAL, 2, clones=v),
    "sample_attacks cubes": lambda v: sample_attacks(v, 2, 10, seed=1),
    "sample_attacks health": lambda v: sample_attacks(TYPICAL, 2, 10, seed=1, health=v),
    "sample_attacks clones": lambda v: sample_attacks(TYPICAL, 2, 10, seed=1, clones=v),
}


@pytest.mark.parametrize("value", NOT_MAPPINGS, ids=repr)
@pytest.mark.parametrize("where", list(MAPPING_ARGUMENTS))
def test_a_mapping_argument_that_is_no_mapping_is_refused_by_name(where, value):
    """(knockout_odds(bag=5), bag=['blue'], '3' or 1.5 raised AttributeError, and a falsy
    bag such as 0 or [] was quietly an empty one.)"""
    name = where.split()[1]
    kind = type(value).__name__
    with pytest.raises(OddsInputError, match=rf"^{re.escape(name)} must be a mapping.*got {kind}$"):
        MAPPING_ARGUMENTS[where](value)


def test_no_bag_is_an_empty_bag():
    ko = knockout_odds({"blue": 2}, [(2, {"blue": 2, "black": 1})])
    assert (
        ko.knockout("blue").tolist()
        == knockout_odds({"blue": 2}, [(2, {"blue": 2, "black": 1})], bag={})
        .knockout("blue")
        .tolist()
    )


def test_results_are_the_right_types():
    assert isinstance(attack_odds(TYPICAL, 5), AttackOdds)
    assert attack_odds(HEAVY, 13).joint.shape == (14, 14, 14, 14)


def test_docstring_examples():
    result = doctest.testmod(odds_module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10
    assert result.failed == 0


def test_exact_probabilities_are_fractions_of_counts():
    # The exact joint times C(N, d) is a table of whole numbers of subsets.
    odds = attack_odds({"blue": 2, "green": 3, "red": 1, "black": 3}, 4)
    scaled = odds.joint * math.comb(9, 4)
    np.testing.assert_allclose(scaled, np.round(scaled), atol=1e-9)
    brute = naive.brute_attack_joint([2, 3], 1, 3, 4)
    for key, p in brute.items():
        assert Fraction(round(float(odds.joint[key]) * 126), 126) == p
    assert np.count_nonzero(odds.joint) == len(brute)
