"""The view state: everything the board widget shows, as plain JSON-ready data.

:func:`view_state` is a pure function of a game and the seat of the person looking at
it. It is what :class:`~clankwidget.widget.ClankBoard` syncs to the browser, and it is
useful on its own (tests, tools, a text front end). It reads the engine and never
decides a rule: legality comes from ``game.legal_actions()`` and ``game.why_illegal``,
card text from :func:`clankwidget.rules.effects.describe`, routes from
:func:`clankwidget.paths.turn_options`.

It never holds hidden information: not the order or content of the dungeon deck, not
another player's hand or draw pile, not the identity of a face-down secret, not the RNG.
What it holds (keys of the returned dict)::

    version        1
    edition        "clank"
    board          static geometry (see below)
    seat           the viewer's seat (int) or None for a spectator
    turn           turn number; current: seat to play; current_colour
    players        one dict per seat: seat, colour, status, space, damage, health,
                   supply, clank (cubes in the Clank! area), gold, skill, swords, boots,
                   teleports, artifacts, tokens (public), score, deck, discard,
                   hand_count, play (cards in play: public), you (bool); the viewer's
                   own entry adds hand (cards) and discard_cards (names)
    row            six slots: a card dict with slot, or None
    reserve        piles: card dict with count (None: unlimited)
    market         here (the viewer's pawn is in a market), items, crowns
    clank          area and bag: {colour: cubes}; aside (drawn black cubes)
    rage           track (cubes per attack), marker, value, dangers, draws
    countdown      track, position (None until it starts), colour
    dungeon        deck and discard counts
    pending        None or prompt, options (words), optional, mine
    actions        the viewer's legal actions now: [{intent, label}]
    why            why "end-turn" and "take-artifact" are not possible now (None: they are)
    moves          spaces the viewer can reach this turn: [{id, name, options, route}]
    can_undo, can_redo, is_over, end_reason, scores {colour: points}, winners [colours]
    hint           one sentence on what to do now
    log            the last LOG_LINES lines; log_total: how many lines in all

``board``: ``id``, ``title``, ``width``, ``height``, ``depths_line`` (y of the line
between surface and Depths, or None), ``spaces`` (``id``, ``name``, ``x``, ``y``,
``start``, ``depths``, ``crystal_cave``, ``market``, ``heal``, ``gold``, ``artifact``
(points, only while it is still there), ``secrets`` ({"minor": n, "major": n}, face-down
counts), ``idols`` (left), ``note``) and ``paths`` (``index``, ``a``, ``b``, ``boots``,
``monsters``, ``locked``, ``one_way`` (walkable only from ``a`` to ``b``), ``water``,
``note``). Card dicts: ``id``, ``name``, ``banner``, ``cost``, ``swords`` (to defeat),
``points``, ``rules`` (generated text), ``flavour``, ``dragon``, ``danger``,
``companion``, ``device``, ``monster``, ``gem``, and where an action goes with it,
``legal`` and ``why`` (the reason it is not legal now, or None).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..rules import actions as A
from ..rules.effects import condition_text, describe

__all__ = ["LOG_LINES", "action_label", "card_view", "view_state"]

#: How many log lines the view state carries.
LOG_LINES = 40

VIEW_VERSION = 1


def _paths_module():
    try:
        from .. import paths
    except ImportError:  # pragma: no cover - paths.py is part of the package
        return None
    return paths if hasattr(paths, "turn_options") else None


# ---------------------------------------------------------------------------
# Cards


def card_rules(card) -> str:
    """The card's rules text in words, generated from its effects."""
    parts = []
    if card.requires:
        parts.append(f"Only if {condition_text(card.requires)}.")
    if card.play:
        parts.append(f"Play: {describe(card.play)}.")
    if card.use:
        parts.append(f"When acquired, use at once: {describe(card.use)}.")
    if card.acquire:
        parts.append(f"On acquire: {describe(card.acquire)}.")
    if card.reward:
        parts.append(f"Defeat: {describe(card.reward)}.")
    if card.arrive:
        parts.append(f"Arrives: {describe(card.arrive)}.")
    if card.points:
        parts.append(f"Worth {card.points} points.")
    return " ".join(parts)


def card_view(game, card_id: str) -> dict[str, Any]:
    """A card as the view shows it (public facts about the card type only)."""
    card = game.cards.cards[card_id]
    return {
        "id": card.id,
        "name": card.name,
        "banner": card.banner,
        "cost": card.cost,
        "swords": card.defeat,
        "points": card.points,
        "rules": card_rules(card),
        "flavour": card.text,
        "dragon": card.dragon,
        "danger": card.danger,
        "companion": card.companion,
        "device": card.is_device,
        "monster": card.is_monster,
        "gem": card.gem,
    }


def _cards(game, ids) -> list[dict]:
    return [card_view(game, cid) for cid in ids]


# ---------------------------------------------------------------------------
# Board


def board_view(game) -> dict[str, Any]:
    """Static board geometry with what is left on it (artifacts, secrets, idols)."""
    board = game.board
    s = game.state
    spaces = []
    for sp in board.spaces:
        stack = s.space_tokens.get(sp.id, ())
        kinds = Counter(t.get("kind", "minor") for t in stack)
        spaces.append(
            {
                "id": sp.id,
                "name": sp.name,
                "x": sp.x,
                "y": sp.y,
                "start": sp.start,
                "depths": sp.depths,
                "crystal_cave": sp.crystal_cave,
                "market": sp.market,
                "heal": sp.heal,
                "gold": sp.gold,
                "artifact": s.artifacts.get(sp.id),
                "secrets": {"minor": kinds.get("minor", 0), "major": kinds.get("major", 0)},
                "idols": kinds.get("idol", 0),
                "note": sp.note,
            }
        )
    paths = [
        {
            "index": p.index,
            "a": p.a,
            "b": p.b,
            "boots": p.boots,
            "monsters": p.monsters,
            "locked": p.locked,
            "one_way": p.one_way,
            "water": p.water,
            "note": p.note,
        }
        for p in board.paths
    ]
    return {
        "id": board.id,
        "title": board.title,
        "width": board.width,
        "height": board.height,
        "depths_line": _depths_line(board),
        "spaces": spaces,
        "paths": paths,
    }


def _depths_line(board) -> float | None:
    """The y between the surface and the Depths when every Depths space lies below."""
    deep = [sp.y for sp in board.spaces if sp.depths]
    top = [sp.y for sp in board.spaces if not sp.depths]
    if not deep or not top or min(deep) <= max(top):
        return None
    return (min(deep) + max(top)) / 2


# ---------------------------------------------------------------------------
# Actions


def action_label(game, action: A.Action) -> str:
    """A short label for a legal action, in words a player reads."""
    s = game.state
    cards = game.cards.cards
    board = game.board
    k = action.kind
    if k == "play":
        return f"Play {cards[action.card].name}"
    if k in ("acquire", "defeat"):
        cid = s.row[action.slot]
        card = cards[cid]
        if k == "acquire":
            return f"Acquire {card.name} ({card.cost} Skill)"
        return f"Defeat {card.name} ({card.defeat} Swords)"
    if k == "acquire-reserve":
        card = cards[action.card]
        return f"Acquire {card.name} ({card.cost} Skill)"
    if k == "defeat-reserve":
        card = cards[action.card]
        return f"Defeat {card.name} ({card.defeat} Swords)"
    if k == "buy":
        item = next((m for m in game.cards.market if m["id"] == action.item), {"name": action.item})
        return f"Buy {item['name']} ({item.get('cost', 7)} Gold)"
    if k == "move":
        path = board.paths[action.path]
        dest = board.space(path.other_end(s.player.space)).name
        cost = f"{path.boots} Boot{'s' if path.boots != 1 else ''}"
        if path.monsters:
            hurt = path.monsters - action.swords
            bits = []
            if action.swords:
                bits.append(f"{action.swords} Sword{'s' if action.swords != 1 else ''}")
            if hurt:
                bits.append(f"{hurt} damage")
            cost += ", " + ", ".join(bits)
        return f"Move to {dest} ({cost})"
    if k == "teleport":
        return f"Teleport to {board.space(action.to).name}"
    if k == "take-artifact":
        value = s.artifacts.get(s.player.space)
        return f"Take the {value}-point artifact" if value is not None else "Take the artifact"
    if k == "use-token":
        token = next((t for t in s.player.tokens if t["id"] == action.token), None)
        if token is None:
            return f"Use {action.token}"
        return f"Use {token['name']} ({describe(token.get('use', ()))})"
    if k == "choose":
        return f"Choose: {s.pending['options'][action.option]}" if s.pending else "Choose"
    if k == "decline":
        return "Decline"
    if k == "end-turn":
        return "End turn"
    return str(action)


# ---------------------------------------------------------------------------
# The whole view


def _token_view(token: dict) -> dict:
    out = {
        "id": token.get("id", ""),
        "name": token.get("name", token.get("id", "")),
        "kind": token.get("kind", ""),
        "points": token.get("points", 0),
    }
    if token.get("use"):
        out["use"] = describe(token["use"])
    return out


def _moves(game) -> list[dict]:
    """Spaces the current player can reach this turn, with the Pareto front of each."""
    paths = _paths_module()
    if paths is None:
        return []
    try:
        opts = paths.turn_options(game)
    except Exception:  # route hints are a convenience: never let them break the view
        return []
    here = game.current_player.space
    out = []
    for sid in opts.reachable:
        if sid == here:
            continue
        choices = opts.options(sid)
        route = opts.route(sid)
        out.append(
            {
                "id": sid,
                "name": game.board.space(sid).name,
                "options": [
                    {
                        "boots": c.boots,
                        "swords": c.swords,
                        "damage": c.damage,
                        "teleports": c.teleports,
                    }
                    for c in choices
                ],
                "route": [
                    {
                        "path": st.path if isinstance(st.path, int) else str(st.path),
                        "space": st.space,
                    }
                    for st in route
                ],
            }
        )
    return out


def view_state(game, seat: int | None = 0) -> dict[str, Any]:
    """The view of ``game`` for the person in seat ``seat`` (``None``: a spectator).

    Pure: reads the game, changes nothing, returns JSON-ready data holding no hidden
    information (see the module docstring for the keys).
    """
    s = game.state
    rules = game.rules
    n = len(s.players)
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"seat must be a player index from 0 to {n - 1} or None, got {seat!r}")
    scores = game.scores()
    viewer_to_play = seat is not None and s.current == seat and not s.over
    players = []
    for i, p in enumerate(s.players):
        entry = {
            "seat": i,
            "colour": p.colour,
            "you": i == seat,
            "status": p.status,
            "space": p.space,
            "damage": p.damage,
            "health": rules.health,
            "supply": p.supply,
            "clank": s.clank_area.get(p.colour, 0),
            "gold": p.gold,
            "skill": p.skill,
            "swords": p.swords,
            "boots": p.boots,
            "teleports": p.teleports,
            "artifacts": list(p.artifacts),
            "tokens": [_token_view(t) for t in p.tokens],
            "score": scores[p.colour],
            "deck": len(p.deck),
            "discard": len(p.discard),
            "hand_count": len(p.hand),
            "play": _cards(game, p.play),
        }
        if i == seat:
            entry["hand"] = _cards(game, p.hand)
            entry["discard_cards"] = sorted(game.cards.cards[c].name for c in p.discard)
        players.append(entry)

    legal = game.legal_actions() if viewer_to_play else []
    legal_set = set(legal)

    def why(action: A.Action) -> str | None:
        if not viewer_to_play:
            return "it is not your turn" if not s.over else "the game is over"
        if action in legal_set:
            return None
        return game.why_illegal(action) or "not possible now"

    row = []
    for slot, cid in enumerate(s.row):
        if cid is None:
            row.append(None)
            continue
        card = card_view(game, cid)
        action = A.Defeat(slot) if card["monster"] else A.Acquire(slot)
        reason = why(action)
        row.append({**card, "slot": slot, "legal": reason is None, "why": reason})

    reserve = []
    for cid, count in s.reserve.items():
        card = card_view(game, cid)
        action = A.DefeatReserve(cid) if card["monster"] else A.AcquireReserve(cid)
        reason = why(action)
        reserve.append({**card, "count": count, "legal": reason is None, "why": reason})

    viewer = s.players[seat] if seat is not None else None
    here = viewer is not None and viewer.is_in and game.board.space(viewer.space).market
    items = []
    for item in game.cards.market:
        reason = why(A.Buy(item["id"]))
        points = item.get("points", 0)
        if item.get("grants") == "crown" and isinstance(points, list):
            points = s.crowns[0] if s.crowns else 0
        items.append(
            {
                "id": item["id"],
                "name": item["name"],
                "cost": item.get("cost", 7),
                "count": s.market.get(item["id"], 0),
                "points": points,
                "grants": item.get("grants", ""),
                "legal": reason is None,
                "why": reason,
            }
        )

    track = list(rules.setup_numbers.get("rage_track", []))
    dangers = rules.dangers(s)
    rage_value = rules.rage_value(s)
    countdown_track = rules.setup_numbers.get("countdown") or []

    pending = None
    if s.pending:
        pending = {
            "prompt": s.pending["prompt"],
            "options": list(s.pending["options"]),
            "optional": bool(s.pending.get("optional")),
            "mine": seat is not None and s.pending.get("player", s.current) == seat,
        }

    moves = _moves(game) if viewer_to_play and not s.pending and s.player.is_in else []

    log_total = len(s.log)
    return {
        "version": VIEW_VERSION,
        "edition": game.edition,
        "board": board_view(game),
        "seat": seat,
        "turn": s.turn,
        "current": s.current,
        "current_colour": s.player.colour,
        "players": players,
        "row": row,
        "reserve": reserve,
        "market": {"here": bool(here), "items": items, "crowns": list(s.crowns)},
        "clank": {
            "area": {c: k for c, k in s.clank_area.items()},
            "bag": {c: k for c, k in s.bag.items()},
            "aside": {c: k for c, k in s.aside.items() if k},
        },
        "rage": {
            "track": track,
            "marker": s.rage,
            "value": rage_value,
            "dangers": dangers,
            "draws": rage_value + dangers,
        },
        "countdown": {
            "track": [None if v is None else int(v) for v in countdown_track],
            "position": s.countdown,
            "colour": s.players[s.countdown_player].colour
            if s.countdown_player is not None
            else None,
        },
        "dungeon": {"deck": len(s.dungeon_deck), "discard": len(s.dungeon_discard)},
        "pending": pending,
        "actions": [{"intent": a.to_dict(), "label": action_label(game, a)} for a in legal],
        "why": {"end-turn": why(A.EndTurn()), "take-artifact": why(A.TakeArtifact())},
        "moves": moves,
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
        "is_over": s.over,
        "end_reason": s.end_reason,
        "scores": scores,
        "winners": game.winners() if s.over else [],
        "hint": _hint(game, seat, legal),
        "log": list(s.log[-LOG_LINES:]),
        "log_total": log_total,
    }


def _hint(game, seat, legal) -> str:
    s = game.state
    if s.over:
        win = game.winners()
        if not win:
            return f"Game over ({s.end_reason}). Nobody escaped or was rescued: nobody wins."
        names = " and ".join(c.capitalize() for c in win)
        best = game.scores()[win[0]] if win else 0
        verb = "wins" if len(win) == 1 else "win"
        return f"Game over ({s.end_reason}). {names} {verb} with {best} points."
    p = s.player
    if seat is None or s.current != seat:
        return f"{p.colour.capitalize()} is playing."
    if s.pending:
        return s.pending["prompt"] + "."
    if p.hand:
        return f"Your turn: play your cards ({len(p.hand)} in hand), then buy, fight and move."
    if not p.is_in:
        return "You are out of the dungeon: finish the turn (acquire or defeat), then end it."
    return "Spend Skill and Swords on the row, move by clicking a lit room, then end your turn."
