"""Deck kernels: one turn's resource distribution, and a seeded sampler of turns.

Cards reach these kernels as integer arrays over *card types*: type ``i`` gives
``val[i]`` of the resource asked about and ``drw[i]`` extra cards drawn when played
(its "draw N"), and a pile is a count per type. Nothing here knows about cards, names or
effects; the public functions are in :mod:`clankwidget.deck`, and the plain-Python twins
that the tests compare against are in ``tests/naive_deck.py``.

Exact distribution of one turn (:func:`_turn_pmf`)
    The draw pile is a uniformly shuffled multiset, so drawing from it is drawing without
    replacement. Cards are drawn one at a time until ``n`` cards have been drawn with
    ``n >= target + W(n)``, where ``W(n)`` is the sum of the draw values of those ``n``
    cards (every card in hand is played, and playing order does not change the total), or
    until the pile is empty.

    Only cards with a draw effect steer that stopping rule. So a pile is split into
    *draw types* (``drw > 0``) and the ``Z`` cards without a draw effect. A Markov chain
    walks over states ``(m_1 .. m_G, z)``: how many cards of each draw type and how many
    draw-free cards were drawn so far. Its transition probabilities are the remaining
    counts over the cards left. States are stored by mixed-radix index; adding a card only
    raises one digit, so one pass in index order visits each state after all of its
    predecessors. A state where drawing stops is terminal and keeps (``z``, resource of the
    drawn draw-type cards). Given that state, which ``z`` of the ``Z`` draw-free cards were
    drawn is a uniformly random ``z``-subset (the chain never looked at them), so the
    resource they add has the multivariate-hypergeometric subset-sum law of
    :func:`_subset_sums`. The two are convolved.

    When the draw pile runs out while cards are still owed, every card of it has been
    drawn (one state, known resource and draws) and the discard pile is shuffled into a
    new draw pile. The same chain then runs on the discard pile with the number of cards
    still owed as its target; running out a second time simply ends the drawing (cards in
    play this turn are not reshuffled).

    Probabilities are float64; the counts of subsets are float64 integers (exact up to
    2**53, relative error ~1e-16 beyond).

Sampler (:func:`_sample_turns`)
    Plays ``turns`` consecutive turns ``trials`` times: draw a hand, draw what played
    cards say, total the resource, discard everything played, repeat; draw from an empty
    draw pile reshuffles the discard pile first. Randomness comes from the project's one
    generator (:mod:`clankwidget.kernels.rng`), whose state the caller seeds and owns.
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel
from .rng import _bounded

__all__: list[str] = []


@kernel
def _binom_table(nmax):
    """``out[n, k]`` = C(n, k) as float64 for 0 <= k <= n <= nmax (Pascal's triangle)."""
    out = np.zeros((nmax + 1, nmax + 1))
    for n in range(nmax + 1):
        out[n, 0] = 1.0
        for k in range(1, n + 1):
            out[n, k] = out[n - 1, k - 1] + out[n - 1, k]
    return out


@kernel
def _subset_sums(cnt, drw, val, jmax, lo, width, binom):
    """Ways to draw ``j`` of the draw-free cards (``drw == 0``) with resource total ``s``.

    ``ways[j, s - lo]`` for ``0 <= j <= jmax`` counts the ``j``-subsets of those cards
    (cards distinct) whose values add to ``s``; divided by C(Z, j) it is the probability
    that ``j`` uniformly drawn draw-free cards total ``s``.
    """
    ways = np.zeros((jmax + 1, width))
    ways[0, -lo] = 1.0
    top = 0  # largest j reached so far
    smin = -lo  # reachable index range of s
    smax = -lo
    for i in range(cnt.shape[0]):
        c = cnt[i]
        if drw[i] != 0 or c == 0:
            continue
        v = val[i]
        xmax = min(c, jmax)
        new = np.zeros((jmax + 1, width))
        for j in range(top + 1):
            for s in range(smin, smax + 1):
                w = ways[j, s]
                if w == 0.0:
                    continue
                for x in range(min(xmax, jmax - j) + 1):
                    new[j + x, s + x * v] += w * binom[c, x]
        ways = new
        top = min(jmax, top + c)
        if v >= 0:
            smax += xmax * v
        else:
            smin += xmax * v
    return ways


@kernel
def _draw_chain(cnt, drw, val, target, lo, jmax):
    """The stopping chain over draw-type cards; see the module docstring.

    Returns ``(term, exhausted, v_all)``: ``term[z, v - lo]`` is the probability of
    stopping with ``z`` draw-free cards drawn and resource ``v`` from the draw-type cards
    drawn; ``exhausted`` the probability that the whole pile is drawn with cards still
    owed (not in ``term``); ``v_all`` the resource of all draw-type cards of the pile.
    """
    ntypes = cnt.shape[0]
    zall = 0
    ng = 0
    for i in range(ntypes):
        if drw[i] == 0:
            zall += cnt[i]
        elif cnt[i] > 0:
            ng += 1
    gc = np.empty(ng, np.int64)
    gd = np.empty(ng, np.int64)
    gv = np.empty(ng, np.int64)
    stride = np.empty(ng, np.int64)
    total = zall + 1
    size = zall
    v_all = 0
    k = 0
    for i in range(ntypes):
        if drw[i] > 0 and cnt[i] > 0:
            gc[k] = cnt[i]
            gd[k] = drw[i]
            gv[k] = val[i]
            stride[k] = total
            total *= cnt[i] + 1
            size += cnt[i]
            v_all += cnt[i] * val[i]
            k += 1
    # Every subset sum v of draw-type values is >= lo (the caller's bound on all
    # negative values) and <= pos, so term's index v - lo fits in pos - lo + 1.
    pos = 0
    for g in range(ng):
        if gv[g] > 0:
            pos += gc[g] * gv[g]
    width = pos - lo + 1
    term = np.zeros((jmax + 1, width))
    prob = np.zeros(total)
    prob[0] = 1.0
    digits = np.empty(ng, np.int64)
    exhausted = 0.0
    zr = zall + 1
    for idx in range(total):
        p = prob[idx]
        if p == 0.0:
            continue
        z = idx % zr
        rest = idx // zr
        n = z
        w = 0
        v = 0
        for g in range(ng):
            m = rest % (gc[g] + 1)
            rest //= gc[g] + 1
            digits[g] = m
            n += m
            w += m * gd[g]
            v += m * gv[g]
        if n < target + w:
            if n == size:
                exhausted += p
                continue
            inv = p / (size - n)
            if z < zall:
                prob[idx + 1] += (zall - z) * inv
            for g in range(ng):
                if digits[g] < gc[g]:
                    prob[idx + stride[g]] += (gc[g] - digits[g]) * inv
        else:
            term[z, v - lo] += p
    return term, exhausted, v_all


@kernel
def _pile_pmf(cnt, drw, val, target, lo, width, binom, exhaust_ends):
    """Resource drawn from one shuffled pile until ``target`` plus draws are met.

    Returns ``(pmf, exhausted)`` with ``pmf[s - lo]`` over ``width`` totals. When
    ``exhaust_ends`` the whole pile being drawn with cards still owed counts as a
    terminal outcome (there is nothing left to reshuffle) and ``exhausted`` is 0;
    otherwise that probability is left out of ``pmf`` and returned.
    """
    zall = 0
    w_total = 0
    for i in range(cnt.shape[0]):
        if drw[i] == 0:
            zall += cnt[i]
        else:
            w_total += cnt[i] * drw[i]
    jmax = min(zall, max(target, 0) + w_total)
    term, exhausted, v_all = _draw_chain(cnt, drw, val, target, lo, jmax)
    if exhaust_ends and exhausted > 0.0:
        term[zall, v_all - lo] += exhausted
        exhausted = 0.0
    ways = _subset_sums(cnt, drw, val, jmax, lo, width, binom)
    pmf = np.zeros(width)
    tw = term.shape[1]
    for z in range(jmax + 1):
        norm = binom[zall, z]
        bmin = width
        bmax = -1
        for b in range(width):
            if ways[z, b] != 0.0:
                if b < bmin:
                    bmin = b
                bmax = b
        for a in range(tw):
            t = term[z, a]
            if t == 0.0:
                continue
            t /= norm
            for b in range(bmin, bmax + 1):
                w = ways[z, b]
                if w != 0.0:
                    pmf[a + b + lo] += t * w
    return pmf, exhausted


@kernel
def _turn_pmf(d_cnt, r_cnt, drw, val, hand_size, lo, width):
    """Exact law of one turn's resource total; ``pmf[s - lo]`` for ``width`` totals.

    ``d_cnt`` and ``r_cnt`` count each card type in the draw pile and the discard pile;
    ``lo`` must be at most the sum of the negative values of all cards, and
    ``lo + width - 1`` at least the sum of the positive ones.
    """
    d = 0
    r = 0
    for i in range(d_cnt.shape[0]):
        d += d_cnt[i]
        r += r_cnt[i]
    binom = _binom_table(max(d, r))
    pmf, exhausted = _pile_pmf(d_cnt, drw, val, hand_size, lo, width, binom, False)
    if exhausted > 0.0:
        owed = hand_size - d
        shift = 0
        for i in range(d_cnt.shape[0]):
            owed += d_cnt[i] * drw[i]
            shift += d_cnt[i] * val[i]
        pmf_r, _ = _pile_pmf(r_cnt, drw, val, owed, lo, width, binom, True)
        for b in range(width):
            if pmf_r[b] != 0.0:
                pmf[b + shift] += exhausted * pmf_r[b]
    return pmf


# ---------------------------------------------------------------------------
# Sampling turns


@kernel
def _sample_turns(val, drw, n_draw_pile, watched, hand_size, turns, trials, state):
    """Play ``turns`` turns, ``trials`` times, from the same starting piles.

    Cards are ``0 .. N-1``; cards ``0 .. n_draw_pile-1`` start in the draw pile, the rest
    in the discard pile. Returns ``(totals, drawn, first_seen)``: the resource total and
    the number of cards drawn for each trial and turn, and for each trial the first turn
    (1-based) in which a card with ``watched[c] != 0`` was drawn, 0 if none was.
    """
    ncards = val.shape[0]
    totals = np.zeros((trials, turns), np.int64)
    drawn = np.zeros((trials, turns), np.int64)
    first_seen = np.zeros(trials, np.int64)
    pile = np.empty(ncards, np.int64)
    disc = np.empty(ncards, np.int64)
    play = np.empty(ncards, np.int64)
    for tr in range(trials):
        npile = n_draw_pile
        for i in range(npile):
            pile[i] = i
        ndisc = ncards - npile
        for i in range(ndisc):
            disc[i] = npile + i
        for t in range(turns):
            need = hand_size
            k = 0
            tot = 0
            while k < need:
                if npile == 0:
                    if ndisc == 0:
                        break
                    for i in range(ndisc):
                        pile[i] = disc[i]
                    npile = ndisc
                    ndisc = 0
                j = _bounded(state, npile)
                c = pile[j]
                pile[j] = pile[npile - 1]
                npile -= 1
                play[k] = c
                k += 1
                tot += val[c]
                need += drw[c]
                if watched[c] != 0 and first_seen[tr] == 0:
                    first_seen[tr] = t + 1
            totals[tr, t] = tot
            drawn[tr, t] = k
            for i in range(k):
                disc[ndisc] = play[i]
                ndisc += 1
    return totals, drawn, first_seen
