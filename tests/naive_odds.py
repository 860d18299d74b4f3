"""Slow, obviously correct twins of the kernels in ``clankwidget.kernels.bag``.

Exact answers use ``math.comb`` and ``fractions.Fraction``; the random twins replay the
same xoshiro256** stream with Python integers, so they must agree with the kernels bit for
bit. Same inputs and layouts as the kernels: ``naive_attack_joint`` takes the players'
counts, the hit-all (red) count and the black count; the many-attack twins take rows of
categories ``[black, red, player 0, player 1, ...]``.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1


# ---------------------------------------------------------------------------
# One attack, exact


def brute_attack_joint(player_counts, n_red, n_black, draws, clones=None):
    """``{damage tuple: Fraction}`` by listing every set of cubes that could be drawn.

    The bag is a list of individual cubes; every ``draws``-subset is equally likely. A
    red cube hits each player's clones first (one clone per cube), then the player.
    Only for tiny bags.
    """
    k = len(player_counts)
    clones = list(clones) if clones is not None else [0] * k
    bag = [i for i in range(k) for _ in range(player_counts[i])]
    bag += ["red"] * n_red + ["black"] * n_black
    draws = min(draws, len(bag))
    subsets = list(itertools.combinations(range(len(bag)), draws))
    out: dict[tuple, Fraction] = {}
    for subset in subsets:
        damage = [0] * k
        left = list(clones)
        for pos in subset:
            cube = bag[pos]
            if cube == "red":
                for i in range(k):
                    if left[i]:
                        left[i] -= 1
                    else:
                        damage[i] += 1
            elif cube != "black":
                damage[cube] += 1
        key = tuple(damage)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, len(subsets))
    return out


def compositions(caps, total):
    """Every ``x`` with ``0 <= x[c] <= caps[c]`` and ``sum(x) == total``."""
    for x in itertools.product(*(range(c + 1) for c in caps)):
        if sum(x) == total:
            yield x


def naive_attack_joint(player_counts, n_red, n_black, draws, clones=None):
    """``{damage tuple: Fraction}``: the multivariate hypergeometric law, summed by damage.

    Twin of ``_attack_joint``. Player i's damage is their cubes drawn plus the reds drawn
    beyond their ``clones[i]``.
    """
    k = len(player_counts)
    clones = list(clones) if clones is not None else [0] * k
    caps = [*player_counts, n_red, n_black]
    n = sum(caps)
    draws = min(draws, n)
    out: dict[tuple, Fraction] = {}
    for x in compositions(caps, draws):
        p = Fraction(math.prod(math.comb(c, xc) for c, xc in zip(caps, x)), math.comb(n, draws))
        key = tuple(x[i] + max(0, x[k] - clones[i]) for i in range(k))
        out[key] = out.get(key, Fraction(0)) + p
    return out


def joint_shape(player_counts, n_red, n_black, draws, clones=None):
    n = sum(player_counts) + n_red + n_black
    drawn = min(draws, n)
    clones = list(clones) if clones is not None else [0] * len(player_counts)
    return tuple(min(drawn, c + max(0, n_red - s)) + 1 for c, s in zip(player_counts, clones))


# ---------------------------------------------------------------------------
# Random numbers


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK64


def xoshiro_next(state):
    """Twin of ``_xoshiro_next`` on a list of 6 Python ints (advanced in place)."""
    s0, s1, s2, s3 = state[:4]
    result = (rotl((s1 * 5) & MASK64, 7) * 9) & MASK64
    t = (s1 << 17) & MASK64
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotl(s3, 45)
    state[:4] = [s0, s1, s2, s3]
    return result


def next_word(state):
    """Twin of ``_next_word``: the high half of an output, then its low half."""
    if state[5]:
        state[5] = 0
        return state[4]
    r = xoshiro_next(state)
    state[4] = r & MASK32
    state[5] = 1
    return r >> 32


def bounded(state, bound):
    """Twin of ``_bounded``: uniform in ``[0, bound)`` by Lemire's method, with rejection."""
    floor = (1 << 32) % bound  # = 2**32 mod bound, the words to reject
    while True:
        m = next_word(state) * bound
        if (m & MASK32) >= floor:
            return m >> 32


# ---------------------------------------------------------------------------
# One attack, sampled


def naive_sample_draws(cubes, draws, n, m, state):
    """Twin of ``_sample_draws``: ``n`` rows of counts of colour codes ``0..m-1``.

    ``cubes`` (a list of codes) is permuted in place, as the kernel's array is.
    """
    rows = []
    for _ in range(n):
        row = [0] * m
        for j in range(draws):
            pick = j + bounded(state, len(cubes) - j)
            cubes[pick], cubes[j] = cubes[j], cubes[pick]
            row[cubes[j]] += 1
        rows.append(row)
    return rows


# ---------------------------------------------------------------------------
# Many attacks


def naive_damage_cap(start, adds, draws):
    """Twin of ``_damage_cap``: the most damage any player can have at the end."""
    m = len(start)
    totals = [start[c] + sum(a[c] for a in adds) for c in range(m)]
    reds = 0
    red_in_bag = start[1]
    for t in range(len(draws)):
        red_in_bag += adds[t][1]
        reds += min(draws[t], red_in_bag)
    return max((min(sum(draws), totals[c] + reds) for c in range(2, m)), default=0)


def naive_knockout_dp(start, adds, draws, clones=None):
    """Twin of ``_knockout_dp``: ``dist[t][i] = {damage: Fraction}`` after each attack.

    The state is the tuple of cubes drawn so far per category (reds: red draws so far). The
    bag at attack t holds everything put in so far minus what was drawn, except that every
    red ever put in is there (drawn reds come back).
    """
    m = len(start)
    k = m - 2
    clones = list(clones) if clones is not None else [0] * k
    states = {tuple([0] * m): Fraction(1)}
    put_in = list(start)
    dist = []
    for t in range(len(draws)):
        put_in = [put_in[c] + adds[t][c] for c in range(m)]
        new_states: dict[tuple, Fraction] = {}
        for drawn, p in states.items():
            bag = [put_in[c] if c == 1 else put_in[c] - drawn[c] for c in range(m)]
            n = sum(bag)
            d = min(draws[t], n)
            for x in compositions(bag, d):
                q = Fraction(math.prod(math.comb(b, xc) for b, xc in zip(bag, x)), math.comb(n, d))
                key = tuple(drawn[c] + x[c] for c in range(m))
                new_states[key] = new_states.get(key, Fraction(0)) + p * q
        states = new_states
        after = [dict() for _ in range(k)]
        for drawn, p in states.items():
            for i in range(k):
                a = drawn[i + 2] + max(0, drawn[1] - clones[i])
                after[i][a] = after[i].get(a, Fraction(0)) + p
        dist.append(after)
    return dist


def naive_simulate_knockouts(start, adds, draws, n, state, clones=None):
    """Twin of ``_simulate_knockouts`` (same stream, same cube bookkeeping).

    Returns ``hist[t][i][a]``, sized like the kernel's (``naive_damage_cap`` + 1).
    """
    m = len(start)
    k = m - 2
    clones = list(clones) if clones is not None else [0] * k
    cap = naive_damage_cap(start, adds, draws)
    hist = [[[0] * (cap + 1) for _ in range(k)] for _ in draws]
    for _ in range(n):
        cubes = [c for c in range(m) if c != 1 for _ in range(start[c])]
        reds = start[1]
        hits = 0
        taken = [0] * k
        for t in range(len(draws)):
            cubes += [c for c in range(m) if c != 1 for _ in range(adds[t][c])]
            reds += adds[t][1]
            reds_in_bag = reds
            for _ in range(draws[t]):
                left = len(cubes) + reds_in_bag
                if left == 0:
                    break
                u = bounded(state, left)
                if u >= len(cubes):  # positions past the non-red cubes are the reds
                    reds_in_bag -= 1
                    hits += 1
                else:
                    c = cubes[u]
                    cubes[u] = cubes[-1]
                    cubes.pop()
                    if c >= 2:
                        taken[c - 2] += 1
            for i in range(k):
                hist[t][i][taken[i] + max(0, hits - clones[i])] += 1
    return hist
