"""The engine's own shortcuts answer as the plain ways do.

``PlayerState`` compares players as the dataclass would (field by field), only faster
when the colours differ.
"""

from __future__ import annotations

from dataclasses import fields

import pytest

from clankwidget import Game, registry
from clankwidget.rules.state import PlayerState


def _plain_eq(a: PlayerState, b: PlayerState) -> bool:
    """The dataclass's own equality: every field, in order."""
    names = [f.name for f in fields(PlayerState)]
    return tuple(getattr(a, n) for n in names) == tuple(getattr(b, n) for n in names)


def _players(edition: str, seed: int):
    entry = registry.edition(edition)
    game = Game.new(edition, players=3 if edition != "moonrakers" else 2, seed=seed)
    bots = [entry.make_bot("random", seed=seed + i) for i in range(len(game.players))]
    for k in range(150):
        if game.is_over:
            return
        if k % 10 == 0:
            yield [p.copy() for p in game.players]
        seat = game.players.index(game.acting_player)
        game.apply(bots[seat].choose(game))


@pytest.mark.parametrize("edition", [e.name for e in registry.editions(engine=True)])
def test_players_compare_as_the_dataclass_does(edition):
    seen = 0
    for players in _players(edition, seed=5):
        twin = players[0].copy()
        changed = players[0].copy()
        changed.hand = [*changed.hand, "x"]
        recoloured = players[1].copy()
        recoloured.colour = players[0].colour
        for a in [*players, twin, changed, recoloured]:
            for b in [*players, twin, changed, recoloured]:
                assert (a == b) is _plain_eq(a, b)
                assert (a != b) is not _plain_eq(a, b)
                seen += 1
        assert players.index(players[-1]) == len(players) - 1
    assert seen > 100
    assert PlayerState.__hash__ is None
    assert (PlayerState("blue", "x", 0) == "blue") is False
