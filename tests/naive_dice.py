"""Slow, obviously correct twins of :mod:`clankwidget.kernels.dice`.

* :func:`naive_hazard_pmf`: list every way the dice can fall (each face of each die
  equally likely), count hazards, take away the blocks, with exact fractions.
* :func:`naive_meet_odds`: list every order of the whole deck and every sequence of
  plays, with exact fractions (tiny decks only).
* :func:`python_meet_odds`: ``clankwidget.dice.meet_odds`` as it was in plain Python
  (dictionaries of states, a seeded shuffle per simulated order); the kernel must agree
  with it to the last bit, and ``benchmarks/bench_dice.py`` times the two.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np


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


def python_meet_odds(
    hand, deck, requires, cards, *, actions=1, met=None, n=2_000, seed=0, max_exact=20_000
) -> tuple[float, str, int]:
    """The plain-Python twin of :func:`clankwidget.dice.meet_odds` (its algorithm before
    the kernel): ``(p, method, orders)``, to agree to the last bit. Lists the distinct
    orders of the cards that can be drawn with their chances (or draws ``n`` seeded
    shuffles past ``max_exact``) and, for each, searches the plays depth first with a
    memo keyed by the whole state."""
    kinds = sorted(requires)
    need = tuple(max(0, int(requires[k]) - int((met or {}).get(k, 0))) for k in kinds)
    ids = sorted(set(hand) | set(deck))
    meets = {c: tuple(int(cards[c]["meets"].get(k, 0)) for k in kinds) for c in ids}
    plus = {c: int(cards[c]["effects"].get("actions", 0)) for c in ids}
    draws = {c: int(cards[c]["effects"].get("draw", 0)) for c in ids}
    if not any(need):
        return 1.0, "exact", 1
    reach = min(len(deck), sum(draws[c] for c in list(hand) + list(deck)))

    def best(order: tuple[str, ...]) -> bool:
        seen: dict = {}

        def go(held: tuple[int, ...], pos: int, acts: int, left: tuple[int, ...]) -> bool:
            if not any(left):
                return True
            if acts <= 0:
                return False
            key = (held, pos, acts, left)
            if key in seen:
                return seen[key]
            ok = False
            for i, c in enumerate(ids):
                if not held[i]:
                    continue
                h2 = list(held)
                h2[i] -= 1
                p2 = min(len(order), pos + draws[c])
                for d in order[pos:p2]:
                    h2[ids.index(d)] += 1
                left2 = tuple(max(0, a - b) for a, b in zip(left, meets[c], strict=True))
                if go(tuple(h2), p2, acts - 1 + plus[c], left2):
                    ok = True
                    break
            seen[key] = ok
            return ok

        start = tuple(list(hand).count(c) for c in ids)
        return go(start, 0, actions, need)

    # every distinct sequence of the first `reach` cards drawn, with its chance
    pool = {c: list(deck).count(c) for c in ids}
    orders: list[tuple[tuple[str, ...], float]] = []

    def enumerate_orders(prefix: list[str], p: float, left: int) -> bool:
        if len(orders) > max_exact:
            return False
        if len(prefix) == reach:
            orders.append((tuple(prefix), p))
            return True
        for c in ids:
            if pool[c]:
                k = pool[c]
                pool[c] -= 1
                prefix.append(c)
                ok = enumerate_orders(prefix, p * k / left, left - 1)
                prefix.pop()
                pool[c] += 1
                if not ok:
                    return False
        return True

    if enumerate_orders([], 1.0, len(deck)):
        p = sum(w for order, w in orders if best(order))
        return float(min(1.0, p)), "exact", len(orders)
    rng = np.random.default_rng(seed)
    deck_arr = np.array(list(deck), dtype=object)
    wins = sum(best(tuple(rng.permutation(deck_arr)[:reach])) for _ in range(n))
    return wins / n, "simulate", n
