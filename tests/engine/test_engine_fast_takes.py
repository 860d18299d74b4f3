"""The legal list's row and reserve takes, built straight from the state, are the checked ones.

``_card_actions`` (the core's part of ``legal_actions`` for acquiring and defeating) reads
each card's price from a table kept per card set instead of asking each take's check;
these tests hold its answer equal to checking every candidate take, on the positions of
seeded games played on one rules object, with the Skill and Swords in hand varied and the
row and the reserve changed in place between asks (what a shortcut that kept anything
from one ask to the next would have to notice).
"""

from __future__ import annotations

import pytest

from clankwidget import registry
from tests.engine.test_fast_paths import positions

_TAKES = frozenset({"acquire", "defeat", "acquire-reserve", "defeat-reserve"})
_ENGINES = [e.name for e in registry.editions(engine=True)]


def _checked_takes(rules, s) -> list:
    """The plain way: every candidate take that its check allows, in candidate order."""
    return [a for a in rules.candidates(s) if a.kind in _TAKES and rules.check(s, a) is None]


def _kept_takes(rules, s) -> list:
    out: list = []
    rules._card_actions(s, s.players[s.current], out)
    return out


def _positions(edition: str, seed: int, moves: int = 200):
    """The positions of a seeded game of two random bots (the live state: the rules see
    it change between asks, as a game's do)."""
    return positions(edition, seed, kinds=("random", "random"), moves=moves)


@pytest.mark.parametrize("edition", _ENGINES)
def test_takes_kept_between_positions_are_the_checked_ones(edition):
    compared = offered = 0
    for seed in (1, 2, 3):
        for game in _positions(edition, seed):
            rules, s = game.rules, game.state
            if s.pending or not rules._core_decides or not rules._plain_acting:
                continue
            assert _kept_takes(rules, s) == _checked_takes(rules, s)
            compared += 1
            offered += bool(_kept_takes(rules, s))
    if compared == 0:
        pytest.skip(f"{edition!r} builds no legal list of its own takes")
    assert compared > 100 and offered > 20


@pytest.mark.parametrize("edition", _ENGINES)
def test_takes_with_skill_swords_row_and_reserve_changed_are_the_checked_ones(edition):
    """Every few positions, on a copy: Skill and Swords from none to plenty, a row slot
    emptied or given another card, the reserve's piles emptied and filled again (each change made in place, the
    way the rules change them, after the rules have kept the list before it)."""
    compared = 0
    for seed in (4, 5):
        for k, game in enumerate(_positions(edition, seed, 160)):
            rules = game.rules
            if k % 7 or game.state.pending or not rules._core_decides:
                continue
            s = game.state.copy()
            p = s.players[s.current]
            for skill, swords in ((0, 0), (1, 0), (0, 1), (2, 0), (3, 2), (5, 0), (8, 5), (12, 9)):
                p.skill, p.swords = skill, swords
                assert _kept_takes(rules, s) == _checked_takes(rules, s)
                compared += 1
            slots = [i for i, cid in enumerate(s.row) if cid is not None]
            if slots:
                s.row[slots[0]] = None
                assert _kept_takes(rules, s) == _checked_takes(rules, s)
                s.row[slots[0]] = s.row[slots[-1]]
                assert _kept_takes(rules, s) == _checked_takes(rules, s)
                compared += 2
            # every pile emptied, asked first of new rules (a game loaded there), then
            # filled again one at a time: a cheaper pile comes back, and what was kept for
            # the emptied reserve no longer holds
            fresh = type(rules)(rules.board, rules.cards, rules.options)
            p.skill, p.swords = 12, 0
            piles = dict(s.reserve)
            s.reserve.update((cid, 0) for cid, left in piles.items() if left)
            for cid, left in [(None, None), *piles.items()]:
                if cid is not None:
                    s.reserve[cid] = left
                assert _kept_takes(fresh, s) == _checked_takes(fresh, s)
                assert _kept_takes(rules, s) == _checked_takes(rules, s)
                compared += 1
    if compared == 0:
        pytest.skip(f"{edition!r} builds no legal list of its own takes")
    assert compared > 100
