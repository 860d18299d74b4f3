"""A short description (``changes``) of the wrong JSON kind is refused naming its path,
with the balance (the default) as without it: the balance reads what a change wrote,
so it ran into a number where an object was, or a field a change took out, and
crashed (AttributeError, KeyError, TypeError) instead."""

from __future__ import annotations

import pytest

import clankwidget as cw
from clankwidget import PositionError

CASES = [
    # the state's own fields
    ("clank", {"reserve": 5}, "$.state.reserve"),
    ("clank", {"market": None}, "$.state.market"),
    ("clank", {"trash": 5}, "$.state.trash"),
    ("clank", {"dungeon_deck": [1]}, "$.state.dungeon_deck[0]"),
    ("clank", {"row": {"0": 7}}, "$.state.row[0]"),
    ("clank", {"artifacts": None}, "$.state.artifacts"),
    ("clank", {"aside": {"black": 2.5}}, "$.state.aside.black"),
    # a player's
    ("clank", {"players": {"blue": {"tokens": ["nope"]}}}, "$.state.players[0].tokens[0]"),
    ("clank", {"players": {"blue": {"hand": 5}}}, "$.state.players[0].hand"),
    ("clank", {"players": {"blue": {"deck": {"0": None}}}}, "$.state.players[0].deck[0]"),
    ("clank", {"players": {"blue": {"damage": 2.5}}}, "$.state.players[0].damage"),
    ("legacy", {"players": {"blue": {"colour": None}}}, "$.state.players[0].colour"),
    # an edition's own (``extra``): of the wrong kind, or taken out
    ("space", {"extra": None}, "$.state.extra"),
    ("space", {"extra": {"ports": [1]}}, "$.state.extra.ports"),
    ("space", {"extra": {"codes": None}}, "$.state.extra.codes"),
    ("space", {"extra": {"crystals": "x"}}, "$.state.extra.crystals"),
    ("space", {"players": {"blue": {"extra": 5}}}, "$.state.players[0].extra"),
    ("space", {"players": {"blue": {"extra": {"hacked": 5}}}}, "$.state.players[0].extra.hacked"),
    ("pulsarcade", {"extra": None}, "$.state.extra"),
    ("pulsarcade", {"extra": {"cabinets": 5}}, "$.state.extra.cabinets"),
    ("pulsarcade", {"players": {"blue": {"extra": {"cabinets": 1}}}}, "players[0].extra.cabinets"),
    ("legacy", {"extra": None}, "$.state.extra"),
    ("legacy", {"extra": {"mugs": "x"}}, "$.state.extra.mugs"),
    ("legacy", {"market": {"master-key": "x"}}, "$.state.market['master-key']"),
    # deeper down, a count that is no count (the balance read it and crashed)
    ("space", {"extra": {"pods": {"cb-pods": "x"}}}, "$.state.extra.pods"),
    ("pulsarcade", {"extra": {"cabinets": {"ping": "x"}}}, "$.state.extra.cabinets"),
    ("pulsarcade", {"players": {"blue": {"extra": {"cabinets": [{}]}}}}, "extra.cabinets"),
    ("space", {"players": {"blue": {"extra": {"hacked": [{}]}}}}, "players[0].extra.hacked[0]"),
    # an edition without a map (Moonrakers) has its own schema
    ("moonrakers", {"extra": 5}, "$.state.extra"),
    ("moonrakers", {"reserve": "x"}, "$.state.reserve"),
    ("moonrakers", {"players": {"blue": {"extra": [1]}}}, "$.state.players[0].extra"),
    ("moonrakers", {"players": {"blue": {"hand": None}}}, "$.state.players[0].hand"),
    ("moonrakers", {"players": {"blue": {"deck": {"0": 5}}}}, "$.state.players[0].deck[0]"),
]


def _refusal(call) -> PositionError:
    with pytest.raises(PositionError) as info:
        call()
    return info.value


@pytest.mark.parametrize(("edition", "changes", "path"), CASES)
def test_a_change_of_the_wrong_kind_is_refused_naming_its_path(edition, changes, path):
    as_written = _refusal(lambda: cw.position(edition, 2, seed=1, changes=changes, balance=False))
    balanced = _refusal(lambda: cw.position(edition, 2, seed=1, changes=changes))
    assert path in balanced.field
    assert str(balanced) == str(as_written)  # the same refusal, balanced or not
    # a game in progress (or a position from a file), changed the same way
    pos = cw.position(edition, 2, seed=1)
    before = repr(pos)
    again = _refusal(lambda: cw.positions.changed(pos, changes))
    assert str(again) == str(balanced)
    assert repr(pos) == before  # the position given is not changed
