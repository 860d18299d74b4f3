"""Kernels for the dragon bag: exact attack odds, sampled attacks, odds over many attacks.

Everything here works on counts of cubes by colour *category*, never on colour names,
laid out as ``[black, hit_all, player 0, player 1, ...]`` (one row per attack for the
many-attack kernels :func:`_knockout_dp` and :func:`_simulate_knockouts`).

A drawn black cube is set aside; a drawn player cube is one damage to that player and
leaves the bag; a drawn hit-all cube is one damage to every player, leaves the bag for the
rest of this attack, and is back in the bag at the next attack.

Randomness: the sampling kernels never own a generator; they take ``rng``, the state of
the project's one generator (see :mod:`clankwidget.kernels.rng`), and advance it in place.

Every kernel has a plain-Python twin in ``tests/naive_odds.py``.
"""

from __future__ import annotations

import math

import numpy as np

from ._jit import kernel
from .rng import _M32, _TWO32, _U32, _bounded, _wmul, _xoshiro_step

# Above this value of N*log(1 + theta) the scaled binomial weights could overflow a float
# (see _fill_weights); the kernels then build them from log-gamma instead.
_LOG_WEIGHTS_ABOVE = 600.0

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing of the DP's state keys


# ---------------------------------------------------------------------------
# Hypergeometric weights


@kernel
def _use_log_weights(total, draws):
    """Whether the scaled weights for drawing ``draws`` of ``total`` need the log path."""
    theta = draws / (total - draws)
    # log1p(theta) <= theta: the cheap bound settles the common case without a log
    return total * theta > _LOG_WEIGHTS_ABOVE and total * math.log1p(theta) > _LOG_WEIGHTS_ABOVE


@kernel
def _fill_weights(count, draws, theta, use_log, row, at=0):
    """Fill ``row[at + x]``, x = 0..min(count, draws), with ``C(count, x) * theta**x / e**shift``.

    With ``theta = draws / (total - draws)`` these weights peak near the expected number of
    cubes drawn, so products of them across colours are close to 1 where the probability is;
    the probability of an outcome ``x`` is ``prod_c row_c[x_c] / norm`` with
    ``norm = C(total, draws) * theta**draws / e**(sum of shifts)``. Returns ``shift`` (0 on
    the plain path, which cannot overflow while ``total*log1p(theta) <= 600`` because every
    weight is at most ``(1 + theta)**count``).
    """
    top = min(count, draws)
    if not use_log:
        v = 1.0
        row[at] = 1.0
        for x in range(top):
            # the ratio does not depend on v, so the divisions need not wait for each other
            v *= (count - x) * theta / (x + 1)
            row[at + x + 1] = v
        return 0.0
    log_theta = math.log(theta)
    base = math.lgamma(count + 1.0)
    shift = -math.inf
    for x in range(top + 1):
        v = base - math.lgamma(x + 1.0) - math.lgamma(count - x + 1.0) + x * log_theta
        row[at + x] = v
        if v > shift:
            shift = v
    for x in range(top + 1):
        row[at + x] = math.exp(row[at + x] - shift)
    return shift


@kernel
def _log_norm(total, draws, theta):
    """``log(C(total, draws) * theta**draws)``."""
    return (
        math.lgamma(total + 1.0)
        - math.lgamma(draws + 1.0)
        - math.lgamma(total - draws + 1.0)
        + draws * math.log(theta)
    )


@kernel
def _plain_norm(total, draws, theta):
    """``C(total, draws) * theta**draws`` by the same recurrence as the plain weights."""
    v = 1.0
    for x in range(draws):
        v *= (total - x) * theta / (x + 1)
    return v


# ---------------------------------------------------------------------------
# One attack, exact


# No nogil: releasing and taking back the GIL costs ~50 ns, 3% of a typical call, and
# nothing runs this microsecond kernel on threads.
@kernel(nogil=False)
def _attack_joint(bag, clones, draws, out):
    """Fill ``out`` with the exact joint distribution of every player's damage at one
    attack, flattened.

    ``bag`` counts the cubes by category, ``[black, hit_all, player 0, player 1, ...]``, and
    ``draws`` are drawn without replacement (the caller clamps ``draws`` to the bag size).
    Player i has ``clones[i]`` clones (Pulsarcade's Cloning Vats), each of which takes one
    hit-all cube's hit instead of the player. ``out`` has one cell (any value on entry) per
    cell of the C-order array of ``shape[i] = min(draws, bag[2 + i] + max(0, bag[1] -
    clones[i])) + 1``; on return it holds ``P(damage_0 = a_0, ..., damage_{k-1} = a_{k-1})``
    at ``[a_0, ..., a_{k-1}]``. (The caller allocates ``out``, with ``np.empty``: NumPy makes
    an array faster than a compiled function can hand a new one back to Python.)

    Player i's damage is ``x_i + max(0, r - clones[i])`` when ``x_i`` of their cubes and
    ``r`` hit-all cubes are drawn, so ``r`` moves the flat index by a fixed offset. The
    outcomes are summed in three layers:

    * a *tail table*: for each number ``left`` of cubes still to draw, the list of (flat
      offset, weight) over the hit-all count, the last player's count, black the rest;
    * the next-to-last player's count, in a plain loop;
    * the counts of the players before it, depth first.

    Indices in the two hot loops (building the tail table, scattering a tail into
    ``out``) are cast to unsigned, which spares numba's check for negative (wrap-around)
    indices: that halves the cost of those loops.
    """
    k = bag.size - 2
    n_black = bag[0]
    n_hit_all = bag[1]
    total = 0
    for c in range(bag.size):
        total += bag[c]
    size = 1
    for i in range(k):
        size *= min(draws, bag[2 + i] + max(0, n_hit_all - clones[i])) + 1
    if out.size != size:
        raise ValueError("out does not have one cell per outcome")
    out[:] = 0.0
    if draws == 0 or k == 0:
        out[0] = 1.0  # nothing drawn, or nobody to hurt: one certain outcome
        return
    if draws >= total:
        out[size - 1] = 1.0  # every cube drawn: each player's damage at the top of its axis
        return

    width = draws + 1
    red_top = min(n_hit_all, draws)
    black_top = min(n_black, draws)
    m = k - 1  # the last player
    last_top = min(draws, bag[2 + m])
    n_pairs = width * (red_top + 1) * (last_top + 1)

    # One scratch allocation (each costs as much as filling the weights), in two views.
    # Ints: per player the top count and stride; per level of the depth-first walk the
    # count, the cubes drawn before it and the flat index so far; the offset of r hit-all
    # cubes; the tail table's offsets and where each ``left``'s entries start.
    top, stride, at, drawn, index = 0, k, 2 * k, 3 * k, 4 * k
    red_off = 5 * k
    tail_off = red_off + red_top + 1
    start = tail_off + n_pairs
    n_ints = start + width + 1
    # Floats: each category's weights (players, hit-all, black), the weight of each
    # level's prefix, the tail table's weights.
    red, black = k * width, (k + 1) * width
    weight = (k + 2) * width
    tail_w = weight + k
    scratch = np.empty(n_ints + tail_w + n_pairs, np.int64)
    ints = scratch[:n_ints]
    f = scratch[n_ints:].view(np.float64)
    s = 1
    for i in range(k - 1, -1, -1):
        ints[top + i] = min(draws, bag[2 + i])
        ints[stride + i] = s
        s *= min(draws, bag[2 + i] + max(0, n_hit_all - clones[i])) + 1
    for r in range(red_top + 1):
        off = 0
        for i in range(k):
            if r > clones[i]:
                off += (r - clones[i]) * ints[stride + i]
        ints[red_off + r] = off

    theta = draws / (total - draws)
    use_log = _use_log_weights(total, draws)
    shift = 0.0
    for i in range(k):
        shift += _fill_weights(bag[2 + i], draws, theta, use_log, f, i * width)
    shift += _fill_weights(n_hit_all, draws, theta, use_log, f, red)
    shift += _fill_weights(n_black, draws, theta, use_log, f, black)
    if use_log:
        norm = math.exp(_log_norm(total, draws, theta) - shift)
    else:
        norm = _plain_norm(total, draws, theta)
    for b in range(black_top + 1):
        f[black + b] /= norm  # so that every outcome comes out normalised

    last = m * width
    j = 0
    for left in range(width):
        ints[start + left] = j
        for r in range(min(red_top, left) + 1):
            rest = left - r
            w = f[red + r]
            off = ints[red_off + r]
            for x in range(max(0, rest - black_top), min(last_top, rest) + 1):
                ints[np.uint64(tail_off + j)] = off + x
                f[np.uint64(tail_w + j)] = (
                    w * f[np.uint64(last + x)] * f[np.uint64(black + rest - x)]
                )
                j += 1
    ints[start + width] = j

    if m == 0:  # one player: the tail is the whole attack
        for j in range(ints[start + draws], ints[start + draws + 1]):
            out[np.uint64(ints[np.uint64(tail_off + j)])] += f[np.uint64(tail_w + j)]
        return

    p = m - 1  # the next-to-last player
    row = p * width
    top_p = ints[top + p]
    stride_p = ints[stride + p]
    f[weight] = 1.0
    ints[drawn] = 0
    ints[index] = 0
    ints[at] = -1
    level = 0
    while True:
        if level == p:
            base_p = ints[index + p]
            w_p = f[weight + p]
            left_p = draws - ints[drawn + p]
            for x in range(min(top_p, left_p) + 1):
                base = base_p + x * stride_p
                w = w_p * f[row + x]
                left = left_p - x
                for j in range(ints[start + left], ints[start + left + 1]):
                    cell = base + ints[np.uint64(tail_off + j)]
                    out[np.uint64(cell)] += w * f[np.uint64(tail_w + j)]
            if level == 0:
                return
            level -= 1
            continue
        x = ints[at + level] + 1
        if x > ints[top + level] or ints[drawn + level] + x > draws:
            if level == 0:
                return
            level -= 1
            continue
        ints[at + level] = x
        f[weight + level + 1] = f[weight + level] * f[level * width + x]
        ints[drawn + level + 1] = ints[drawn + level] + x
        ints[index + level + 1] = ints[index + level] + x * ints[stride + level]
        level += 1
        if level < p:
            ints[at + level] = -1


# ---------------------------------------------------------------------------
# Sampled attacks


@kernel
def _sample_draws(cubes, draws, out, rng):
    """Fill ``out[i, c]`` with the number of cubes of colour code ``c`` drawn at attack i.

    ``cubes`` lists the colour code of every cube in the bag (a scratch copy: it is
    permuted in place); ``draws < cubes.size``. Each attack is a partial Fisher-Yates
    shuffle: the j-th draw swaps a uniform pick from positions ``j..size-1`` into position
    j. Whatever order the previous attack left, the first ``draws`` positions are then a
    uniform random subset, so the attacks are independent.

    The generator's state is held in local words (same stream as :func:`_bounded`: 32-bit
    words, high half first, Lemire with rejection) instead of going through ``rng`` at
    every draw: about twice as fast.
    """
    n, m = out.shape
    size = cubes.size
    s0 = rng[0]
    s1 = rng[1]
    s2 = rng[2]
    s3 = rng[3]
    spare = rng[4]
    have = rng[5] != 0
    for i in range(n):
        for c in range(m):
            out[i, c] = 0
        for j in range(draws):
            s = np.uint64(size - j)
            while True:
                if have:
                    word = spare
                    have = False
                else:
                    r, s0, s1, s2, s3 = _xoshiro_step(s0, s1, s2, s3)
                    spare = r & _M32
                    have = True
                    word = r >> _U32
                prod = word * s  # both factors < 2**32: no wrap
                low = prod & _M32
                if low >= s or low >= (_TWO32 - s) % s:
                    break
            pick = j + np.int64(prod >> _U32)
            c = cubes[pick]
            cubes[pick] = cubes[j]
            cubes[j] = c
            out[i, c] += 1
    rng[0] = s0
    rng[1] = s1
    rng[2] = s2
    rng[3] = s3
    rng[4] = spare
    rng[5] = np.uint64(1 if have else 0)


# ---------------------------------------------------------------------------
# Many attacks


@kernel
def _cumulative_bag(start, adds):
    """``avail[t, c]``: cubes of category c put in the bag up to and including attack t."""
    n_attacks, m = adds.shape
    avail = np.empty((n_attacks, m), np.int64)
    for c in range(m):
        run = start[c]
        for t in range(n_attacks):
            run += adds[t, c]
            avail[t, c] = run
    return avail


@kernel
def _damage_cap(start, adds, draws):
    """The most damage any player can have taken after the last attack.

    Player i's damage is at most every draw, and at most all of i's cubes plus every red
    cube that could be drawn (``min(draws_t, reds in the bag at t)`` per attack).
    """
    avail = _cumulative_bag(start, adds)
    n_attacks, m = avail.shape
    all_draws = 0
    reds = 0
    for t in range(n_attacks):
        all_draws += draws[t]
        reds += min(draws[t], avail[t, 1])
    cap = 0
    for c in range(2, m):
        most = min(all_draws, avail[n_attacks - 1, c] + reds)
        if most > cap:
            cap = most
    return cap


@kernel
def _simulate_knockouts(start, adds, draws, clones, n, rng):
    """Play ``n`` sequences of attacks; count each player's damage after each attack.

    Rows are categories ``[black, hit_all, players...]``: ``start`` is the bag before the
    first attack, ``adds[t]`` joins the bag just before attack t, which draws ``draws[t]``
    cubes; player i has ``clones[i]`` clones, which take the first red cubes' hits. Returns
    ``hist[t, i, a]``: the number of runs in which player i had taken exactly ``a``
    damage after attack t. The non-red cubes sit in an array of colour codes
    (``cubes[:size]``); the reds in the bag are ``size..size+reds-1``; a drawn non-red cube
    is removed by moving the last one into its place.
    """
    n_attacks, m = adds.shape
    k = m - 2
    cap = _damage_cap(start, adds, draws)
    hist = np.zeros((n_attacks, k, cap + 1), np.int64)
    most = 0
    for c in range(m):
        if c != 1:
            most += start[c]
            for t in range(n_attacks):
                most += adds[t, c]
    cubes = np.empty(max(most, 1), np.int64)
    taken = np.zeros(k, np.int64)
    for _ in range(n):
        size = 0
        for c in range(m):
            if c != 1:
                for _j in range(start[c]):
                    cubes[size] = c
                    size += 1
        reds = start[1]
        hits = 0
        for i in range(k):
            taken[i] = 0
        for t in range(n_attacks):
            for c in range(m):
                if c != 1:
                    for _j in range(adds[t, c]):
                        cubes[size] = c
                        size += 1
            reds += adds[t, 1]
            reds_in_bag = reds
            for _j in range(draws[t]):
                left = size + reds_in_bag
                if left == 0:
                    break
                u = _bounded(rng, left)
                if u >= size:
                    reds_in_bag -= 1
                    hits += 1
                else:
                    c = cubes[u]
                    size -= 1
                    cubes[u] = cubes[size]
                    if c >= 2:
                        taken[c - 2] += 1
            for i in range(k):
                hist[t, i, taken[i] + max(0, hits - clones[i])] += 1
    return hist


@kernel
def _slot(keys, key, bits):
    """Where ``key`` is, or the empty slot (-1) where it would go, in an open-addressed table
    of ``2**bits`` slots (Fibonacci hashing, linear probing)."""
    mask = keys.size - 1
    h = np.int64(_wmul(np.uint64(key), _GOLDEN) >> np.uint64(64 - bits))
    while keys[h] != -1 and keys[h] != key:
        h = (h + 1) & mask
    return h


@kernel
def _grown(keys, vals, bits):
    """The same table with ``2**bits`` slots (twice the size it had)."""
    new_keys = np.full(1 << bits, -1, np.int64)
    new_vals = np.zeros(1 << bits)
    for s in range(keys.size):
        if keys[s] != -1:
            h = _slot(new_keys, keys[s], bits)
            new_keys[h] = keys[s]
            new_vals[h] = vals[s]
    return new_keys, new_vals


@kernel
def _knockout_dp(start, adds, draws, clones, max_work):
    """Exact damage distributions after each attack of a sequence (dynamic programming).

    Same inputs as :func:`_simulate_knockouts` (``clones`` included). A state is the
    number of cubes of each category drawn so far (red: red draws so far, since drawn reds
    return), packed in one int64 key in mixed radix; its probability is kept in an
    open-addressed hash table. The bag before attack t is what was put in minus what was
    drawn (all reds put in so far).
    Each attack expands every state over the multivariate hypergeometric outcomes
    (depth first over categories, black last taking the rest) and merges equal keys.

    Returns ``(status, dist)``: ``dist[t, i, a] = P(player i has taken a damage after
    attack t)``; ``status`` is the number of transitions made, or -1 when that would pass
    ``max_work`` (``dist`` is then incomplete).
    """
    n_attacks, m = adds.shape
    k = m - 2
    avail = _cumulative_bag(start, adds)
    cap = _damage_cap(start, adds, draws)
    dist = np.zeros((n_attacks, k, cap + 1))

    radix = np.empty(m, np.int64)
    mult = np.empty(m, np.int64)
    reds_max = 0
    max_draws = 0
    for t in range(n_attacks):
        reds_max += min(draws[t], avail[t, 1])
        max_draws = max(max_draws, draws[t])
    run = 1
    for c in range(m):
        radix[c] = (reds_max if c == 1 else avail[n_attacks - 1, c]) + 1
        mult[c] = run
        run *= radix[c]

    keys = np.zeros(1, np.int64)
    probs = np.ones(1)
    drawn = np.empty(m, np.int64)
    bag = np.empty(m, np.int64)
    top = np.empty(m, np.int64)
    x = np.empty(m, np.int64)
    psum = np.empty(m + 1, np.int64)
    pkey = np.empty(m + 1, np.int64)
    pw = np.empty(m + 1)
    tab = np.empty((m, max_draws + 1))
    work = 0
    last = m - 1  # the category that takes the rest: players first, black (0) last
    order = np.empty(m, np.int64)
    for j in range(m - 1):
        order[j] = j + 1
    order[last] = 0

    for t in range(n_attacks):
        bits = 4
        while (1 << bits) < 2 * keys.size + 2:
            bits += 1
        t_keys = np.full(1 << bits, -1, np.int64)
        t_vals = np.zeros(t_keys.size)
        used = 0
        for s in range(keys.size):
            key = keys[s]
            p = probs[s]
            rest = key
            total = 0
            for c in range(m):
                drawn[c] = rest % radix[c]
                rest //= radix[c]
                bag[c] = avail[t, c] if c == 1 else avail[t, c] - drawn[c]
                total += bag[c]
            d = min(draws[t], total)
            if d == 0 or d == total:
                new_key = key
                if d > 0:
                    for c in range(m):
                        new_key += bag[c] * mult[c]
                h = _slot(t_keys, new_key, bits)
                if t_keys[h] == -1:
                    t_keys[h] = new_key
                    used += 1
                t_vals[h] += p
                work += 1
                if 2 * used > t_keys.size:
                    bits += 1
                    t_keys, t_vals = _grown(t_keys, t_vals, bits)
                continue
            theta = d / (total - d)
            use_log = _use_log_weights(total, d)
            shift = 0.0
            for j in range(m):
                c = order[j]
                shift += _fill_weights(bag[c], d, theta, use_log, tab[j])
                top[j] = min(bag[c], d)
            if use_log:
                norm = math.exp(_log_norm(total, d, theta) - shift)
            else:
                norm = _plain_norm(total, d, theta)
            pw[0] = p / norm
            psum[0] = 0
            pkey[0] = key
            level = 0
            x[0] = -1
            while True:
                if level == last:
                    rest = d - psum[last]
                    if rest <= top[last]:
                        new_key = pkey[last] + rest * mult[order[last]]
                        h = _slot(t_keys, new_key, bits)
                        if t_keys[h] == -1:
                            t_keys[h] = new_key
                            used += 1
                        t_vals[h] += pw[last] * tab[last, rest]
                        work += 1
                        if 2 * used > t_keys.size:
                            bits += 1
                            t_keys, t_vals = _grown(t_keys, t_vals, bits)
                    level -= 1
                    continue
                xv = x[level] + 1
                if xv > top[level] or psum[level] + xv > d:
                    if level == 0:
                        break
                    level -= 1
                    continue
                x[level] = xv
                pw[level + 1] = pw[level] * tab[level, xv]
                psum[level + 1] = psum[level] + xv
                pkey[level + 1] = pkey[level] + xv * mult[order[level]]
                level += 1
                if level < last:
                    x[level] = -1
            if work > max_work:
                return -1, dist
        keys = np.empty(used, np.int64)
        probs = np.empty(used)
        j = 0
        for h in range(t_keys.size):
            if t_keys[h] != -1:
                keys[j] = t_keys[h]
                probs[j] = t_vals[h]
                j += 1
        for s in range(used):
            rest = keys[s]
            for c in range(m):
                drawn[c] = rest % radix[c]
                rest //= radix[c]
            for i in range(k):
                dist[t, i, drawn[i + 2] + max(0, drawn[1] - clones[i])] += probs[s]
    return work, dist
