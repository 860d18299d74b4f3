"""Slow, obviously correct twin of :mod:`clankwidget.kernels.dice`: list every way the
dice can fall (each face of each die equally likely), count hazards, take away the
blocks, with exact fractions."""

from __future__ import annotations

import itertools
from fractions import Fraction


def naive_hazard_pmf(faces, dice: int, shields: int) -> list[Fraction]:
    """``out[k]``: the exact chance of ``k`` unblocked hazards (trailing zeros dropped)."""
    counts: dict[int, int] = {}
    for roll in itertools.product(faces, repeat=dice):
        left = max(0, sum(roll) - shields)
        counts[left] = counts.get(left, 0) + 1
    total = len(faces) ** dice
    top = max(counts)
    return [Fraction(counts.get(k, 0), total) for k in range(top + 1)]


def naive_meet_odds(hand, deck, requires, cards, actions=1) -> Fraction:
    """The chance of meeting ``requires`` by listing every order of the whole deck
    (each equally likely) and, for each, trying every sequence of plays (no memo)."""
    kinds = sorted(requires)

    def can(held: list, order: tuple, acts: int, left: dict) -> bool:
        if all(v <= 0 for v in left.values()):
            return True
        if acts <= 0:
            return False
        for i, c in enumerate(held):
            rest = held[:i] + held[i + 1 :]
            draw = cards[c]["effects"].get("draw", 0)
            new = dict(left)
            for k in kinds:
                new[k] -= cards[c]["meets"].get(k, 0)
            if can(
                rest + list(order[:draw]),
                order[draw:],
                acts - 1 + cards[c]["effects"].get("actions", 0),
                new,
            ):
                return True
        return False

    orders = list(itertools.permutations(deck)) or [()]
    wins = sum(1 for order in orders if can(list(hand), order, actions, dict(requires)))
    return Fraction(wins, len(orders))
