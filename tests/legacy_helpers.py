"""Legacy positions for the rule tests: a fresh set-up with cards moved where a test wants
them (taken from wherever they are, so every card is still somewhere once)."""

from __future__ import annotations

import clankwidget as cw
from clankwidget import Game
from clankwidget.positions import state_from_position


def _take(state: dict, cid: str, avoid: str | None = None) -> None:
    """Remove one ``cid`` from the table: the dungeon deck, then the reserve, then a
    player's deck or hand (not ``avoid``'s hand, the one being dealt)."""
    if cid in state["dungeon_deck"]:
        state["dungeon_deck"].remove(cid)
        return
    if cid in state["row"]:
        state["row"][state["row"].index(cid)] = None
        return
    if state["reserve"].get(cid):
        state["reserve"][cid] -= 1
        return
    if cid in state["reserve"]:  # an unlimited pile
        return
    for p in state["players"]:
        for zone in ("deck", "discard", "hand"):
            if zone == "hand" and p["colour"] == avoid:
                continue
            if cid in p[zone]:
                p[zone].remove(cid)
                return
    raise AssertionError(f"no {cid!r} left to take")


def legacy_position(
    players=3,
    seed=0,
    *,
    hands: dict | None = None,
    row: list | None = None,
    top: list | None = None,
    options: dict | None = None,
    changes: dict | None = None,
) -> dict:
    """A Legacy position: ``hands`` (colour -> cards), ``row`` (six card ids), ``top``
    (cards on top of the Adventure deck, the next one revealed last) moved into place,
    then ``changes`` applied as in :func:`clankwidget.position`."""
    pos = cw.position("legacy", players=players, seed=seed, options=options)
    state = pos["state"]
    for colour, hand in (hands or {}).items():
        p = next(q for q in state["players"] if q["colour"] == colour)
        p["deck"] = p["hand"] + p["deck"]
        p["hand"] = []
        for cid in hand:
            _take(state, cid, avoid=colour)
            p["hand"].append(cid)
    if row is not None:
        state["dungeon_deck"] += [c for c in state["row"] if c]
        state["row"] = [None] * len(state["row"])
        for cid in row:
            if cid is not None:  # None: a gap the next refill fills
                _take(state, cid)
        state["row"] = list(row)
    for cid in top or ():
        _take(state, cid)
        state["dungeon_deck"].append(cid)
    state_from_position(pos)  # refused here if it breaks the rules
    # what changes name (an artifact, a Mug) comes from where it was, as in cw.position
    return cw.positions.changed(pos, changes) if changes else pos


def legacy_game(players=3, seed=0, game_seed=1, **kw) -> Game:
    return Game.from_position(legacy_position(players, seed, **kw), seed=game_seed)
