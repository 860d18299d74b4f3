"""Slow, obviously correct twins of :mod:`clankwidget.kernels.deck`, for small decks.

Cards here are ``(value, draw)`` pairs: the resource a card gives and its "draw N". A
pile is a list of such pairs. Probabilities are :class:`fractions.Fraction` unless
``exact=False`` (floats, for the benchmark), so the tests compare kernels against exact
numbers.

The rules, as these twins follow them literally:

* the draw pile is uniformly shuffled; draw from it one card at a time;
* drawing from an empty draw pile first shuffles the discard pile into a new draw pile; if
  that is empty too, nothing is drawn (cards in play this turn are never reshuffled);
* a turn draws ``hand_size`` cards, every drawn card is played, and a played card with
  "draw N" owes N more cards;
* at the end of a turn every played card goes to the discard pile.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter, defaultdict
from fractions import Fraction
from functools import cache


def _types_and_counts(draw_pile, discard):
    types = sorted(set(draw_pile) | set(discard))
    dc = Counter(draw_pile)
    rc = Counter(discard)
    return types, tuple(dc[t] for t in types), tuple(rc[t] for t in types)


def turn_distribution(draw_pile, discard=(), hand_size=5, exact=True):
    """{total: probability} of one turn's resource, drawing one card at a time.

    A memoised recursion over (cards left of each type in the draw and discard piles,
    cards drawn, cards owed). ``exact=False`` uses floats instead of fractions.
    """
    types, d0, r0 = _types_and_counts(draw_pile, discard)
    one = Fraction(1) if exact else 1.0

    @cache
    def go(pile, disc, n, need):
        if n >= need:
            return {0: one}
        if sum(pile) == 0:
            if sum(disc) == 0:
                return {0: one}
            pile, disc = disc, (0,) * len(disc)
        left = sum(pile)
        out = defaultdict(lambda: 0 * one)
        for i, c in enumerate(pile):
            if c == 0:
                continue
            p = Fraction(c, left) if exact else c / left
            value, draw = types[i]
            rest = (*pile[:i], c - 1, *pile[i + 1 :])
            for s, q in go(rest, disc, n + 1, need + draw).items():
                out[s + value] += p * q
        return dict(out)

    return dict(sorted(go(d0, r0, 0, hand_size).items()))


def turn_distribution_by_orderings(draw_pile, discard=(), hand_size=5):
    """The same law by listing every ordering of the labelled cards (tiny piles only).

    Each pair (order of the draw pile, order of the discard pile once shuffled) is equally
    likely; the cards come in that order, the draw pile first.
    """
    out = defaultdict(Fraction)
    weight = Fraction(1, math.factorial(len(draw_pile)) * math.factorial(len(discard)))
    for first in itertools.permutations(draw_pile):
        for second in itertools.permutations(discard):
            sequence = first + second
            n = 0
            need = hand_size
            total = 0
            while n < need and n < len(sequence):
                value, draw = sequence[n]
                n += 1
                need += draw
                total += value
            out[total] += weight
    return dict(sorted(out.items()))


def chance_to_see(copies_draw, others_draw, copies_discard, others_discard, hand_size, turns):
    """P(at least one copy of a card is drawn within ``turns`` turns), exactly.

    No card has a draw effect. A memoised recursion over the cards left in each pile; a
    turn draws ``hand_size`` cards one at a time and then discards them.
    """

    @cache
    def unseen(t, k, td, od, tr, orr, hand):
        # t turns left including this one, k cards of this hand still to draw.
        if k == 0 or (td + od == 0 and tr + orr == 0):
            if t == 1:
                return Fraction(1)
            return unseen(t - 1, hand_size, td, od, tr, orr + hand, 0)
        if td + od == 0:
            td, od, tr, orr = tr, orr, 0, 0
        if od == 0:
            return Fraction(0)
        return Fraction(od, td + od) * unseen(t, k - 1, td, od - 1, tr, orr, hand + 1)

    if turns <= 0:
        return Fraction(0)
    return 1 - unseen(turns, hand_size, copies_draw, others_draw, copies_discard, others_discard, 0)


def sample_turn_totals(draw_pile, discard, hand_size, turns, trials, seed):
    """Plain-Python simulation: ``trials`` lists of ``turns`` totals (``random.Random``)."""
    rng = random.Random(seed)
    out = []
    for _ in range(trials):
        pile = list(draw_pile)
        disc = list(discard)
        totals = []
        for _ in range(turns):
            play = []
            need = hand_size
            while len(play) < need:
                if not pile:
                    if not disc:
                        break
                    pile, disc = disc, []
                card = pile.pop(rng.randrange(len(pile)))
                play.append(card)
                need += card[1]
            totals.append(sum(card[0] for card in play))
            disc.extend(play)
        out.append(totals)
    return out
