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

    version        2
    edition        the edition's name (see :func:`clankwidget.editions`)
    features       the edition's features, sorted (the registry's: "map", "bag",
                   "depths", "countdown", "ship"...): the front end draws from these
                   (None for an edition the registry does not know: it draws them all)
    board          static geometry (see below)
    seat           the viewer's seat (int) or None for a spectator
    turn           turn number; current: seat to play; current_colour
    players        one dict per seat: seat, colour, status, space, damage, health,
                   supply, clank (cubes in the Clank! area), gold, skill, swords, boots,
                   teleports, artifacts, tokens (public), score, deck, discard,
                   hand_count, play (cards in play: public), you (bool), facts (the
                   edition's: [{id, label, value, title, icon}]); the viewer's own entry
                   adds hand (cards) and discard_cards (names)
    row            six slots: a card dict with slot, or None
    reserve        piles: card dict with count (None: unlimited)
    market         here (the viewer's pawn is in a market), items, crowns
    offers         the edition's things to claim beside the market: [{id, title, hint,
                   icon, items: [{id, name, value, text, left, owners, legal, why}]}]
    clank          area and bag: {colour: cubes}; aside (drawn black cubes); cube_kinds:
                   {colour: {icon, name, note}} for cubes that are no player's
    rage           track (cubes per attack), marker, value, dangers, draws, icon and
                   label (the boss's), tokens ({index: [{icon, count, title}]}) and
                   zones ({index: [name]}) on the track
    countdown      track, position (None until it starts), colour
    dungeon        deck and discard counts
    pending        None or prompt, options (words; empty unless mine), optional, mine
    actions        the viewer's legal actions now: [{intent, label, where, icon, space?}];
                   where: "hand", "row", "reserve", "market", "map", "choice", "turn",
                   or, for an edition's own actions, "here" (about the viewer's space)
                   and "now"; space: the space the action is about, if any
    blocked        the edition's own actions the engine considers here but refuses:
                   [{kind, label, why, where}] (a port in a module already hacked...)
    notes          lines for the actions panel (the token total at a Redemption space)
    why            why "end-turn" and "take-artifact" are not possible now (None: they are)
    moves          spaces the viewer can reach this turn: [{id, name, options, route}]
                   (options: {boots, swords, damage, teleports, lifts})
    can_undo, can_redo, is_over, end_reason, scores {colour: points}, winners [colours]
    hint           one sentence on what to do now
    log            the last LOG_LINES lines, each {text, kind, actor} (the engine's
                   structured event: kind "turn", "play", "attack"...; actor a colour or
                   None); log_total: how many lines in all
    terms          the edition's words (the registry's vocabulary): gold, boss,
                   boss_attack, row, deck, space, spaces, place, map, cubes
    legend         the map's legend: [{icon, text}]
    panels         the edition's shared state as [{id, title, rows: [{label, value,
                   colour?, title?}], note?}] (the ship, Pulsarcade's modules)
    edition_state  the edition's public state as raw data for Python tools (the front
                   end does not read it), or None: aboard a ship {"ship": {modules,
                   codes_left, codes_total, crystals_left, crystals_total, pods_left,
                   lockdown, lockdown_spaces, data_cubes}}

The pieces are built by concern: the map by :mod:`._map`, cards by :mod:`._cards`,
actions in words by :mod:`._actions`, the edition's words and part by :mod:`._edition`,
routes by :mod:`.routes`; this module puts them together.

What is edition-specific comes from the edition's part (:mod:`clankwidget.widget.parts`),
found through the registry (``clankwidget.edition(name).view``); the front end draws it
generically and needs no change for a new edition, ship module or cabinet.

``board``: ``id``, ``title``, ``width``, ``height``, ``depths_line`` (y of the line
between surface and Depths, or None), ``spaces``, ``paths`` and ``modules``. A space:
``id``, ``name``, ``x``, ``y``, ``note``, ``start`` (the exit), ``depths``,
``crystal_cave``, ``market``, ``heal``, ``gold``, ``artifact`` (points, only while it is
still there), ``artifact_cost`` (tokens, or None), ``secrets`` ({"minor": n, "major": n},
face-down counts), ``idols`` (left), and what the front end draws: ``marks`` (CSS classes
``cw-room-<mark>``), ``badges`` ([icon, text or None, cube colours] along its top edge)
and ``words`` (what is in it, in reading order); plus the edition part's own keys (aboard
a ship ``begin``, ``module``, ``command``, ``hyperlift``, ``data_port``...). A path:
``index``, ``a``, ``b``, ``boots``, ``monsters``, ``locked``, ``one_way`` (walkable only
from ``a`` to ``b``), ``water``, ``note``, ``gate`` (what more it needs, in words, or
None). A module (a region of the board): ``id``, ``name``, ``gated`` (needs something to
enter), ``open`` (the viewer may enter), ``title``. Card dicts: ``id``, ``name``,
``banner``, ``cost``, ``swords`` (to defeat), ``points``, ``rules`` (generated text),
``flavour``, ``dragon`` (the boss attacks when it enters the row), ``danger``,
``companion``, ``device``, ``monster``, ``gem``, the part's keys (``faction``), and where
an action goes with it, ``legal`` and ``why`` (the reason it is not legal now, or None).
"""

from __future__ import annotations

from typing import Any

from ..rules import actions as A
from ..rules.effects import describe
from ._actions import action_label, action_space, action_where, action_words, blocked_actions
from ._cards import card_rules, card_view
from ._edition import TERMS, edition_entry, edition_part, terms
from ._map import board_view
from .parts import LOG_LINES, ViewPart, log_view
from .routes import RoutePlan, moves

__all__ = [
    "LOG_LINES",
    "TERMS",
    "RoutePlan",
    "action_label",
    "action_words",
    "board_view",
    "card_rules",
    "card_view",
    "edition_part",
    "terms",
    "view_state",
]

VIEW_VERSION = 2


def _breakdown(game) -> dict[str, dict]:
    """Each player's final points by source, for the end screen: ``{colour: {"rows":
    [{"name", "points"}], "counts": bool}}`` (``counts`` False: left inside, no score)."""
    s, rules = game.state, game.rules
    return {
        p.colour: {
            "rows": [{"name": n, "points": v} for n, v in rules.score_breakdown(s, p)],
            "counts": rules.eligible(s, p),
        }
        for p in s.players
    }


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
    part = edition_part(game)
    scores = game.scores()
    viewer_to_play = seat is not None and s.current == seat and not s.over
    words = terms(game)
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
            "play": [card_view(game, c, part) for c in p.play],
            "facts": part.player_facts(p),
        }
        if i == seat:
            entry["hand"] = [card_view(game, c, part) for c in p.hand]
            entry["discard_cards"] = sorted(rules.card(c).name for c in p.discard)
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
        card = card_view(game, cid, part)
        action = A.Defeat(slot) if card["monster"] else A.Acquire(slot)
        reason = why(action)
        row.append({**card, "slot": slot, "legal": reason is None, "why": reason})

    reserve = []
    for cid, count in s.reserve.items():
        card = card_view(game, cid, part)
        action = A.DefeatReserve(cid) if card["monster"] else A.AcquireReserve(cid)
        reason = why(action)
        reserve.append({**card, "count": count, "legal": reason is None, "why": reason})

    viewer = s.players[seat] if seat is not None else None
    here = viewer is not None and viewer.is_in and game.board.space(viewer.space).market
    items = []
    for item in _market_items(game, part):
        reason = why(A.Buy(item["id"]))
        points = item.get("points", 0)
        if item.get("grants") == "crown" and isinstance(points, list):
            points = s.crowns[0] if s.crowns else 0
        cost, extra = part.market_price(viewer, item) if here else (item.get("cost", 7), "")
        items.append(
            {
                "id": item["id"],
                "name": item["name"],
                "cost": cost,
                "count": s.market.get(item["id"], 0),
                "points": points,
                "grants": item.get("grants", ""),
                "legal": reason is None,
                "why": reason,
                **part.market_extra(item, extra),
            }
        )

    track = list(rules.setup_numbers.get("rage_track", []))
    dangers = rules.dangers(s)
    rage_value = rules.rage_value(s)
    countdown_track = rules.setup_numbers.get("countdown") or []

    pending = None
    if s.pending:
        mine = seat is not None and s.pending.get("player", s.current) == seat
        pending = {
            "prompt": s.pending["prompt"],
            # only the chooser sees the options: they can name cards in their hand
            "options": list(s.pending["options"]) if mine else [],
            "optional": bool(s.pending.get("optional")),
            "mine": mine,
        }

    reach = moves(game) if viewer_to_play and not s.pending and s.player.is_in else []

    actions = []
    for a in legal:
        where = action_where(part, a)
        entry = {
            "intent": a.to_dict(),
            "label": action_label(game, a, part),
            "where": where,
            "icon": part.action_icon(a.kind) if where in ("here", "now") else None,
        }
        target = action_space(game, a)
        if target is not None:
            entry["space"] = target
        actions.append(entry)
    mine_now = viewer_to_play and not s.pending
    blocked = blocked_actions(game, part, legal_set) if mine_now else []
    notes = part.notes() if mine_now else []

    return {
        "version": VIEW_VERSION,
        "edition": game.edition,
        "features": sorted(entry.features) if (entry := edition_entry(game)) else None,
        "terms": dict(words),
        "board": board_view(game, seat, part),
        "seat": seat,
        "turn": s.turn,
        "current": s.current,
        "current_colour": s.player.colour,
        "players": players,
        "row": row,
        "reserve": reserve,
        "market": {"here": bool(here), "items": items, "crowns": list(s.crowns)},
        "offers": part.offers(seat, why),
        "clank": {
            "area": {c: k for c, k in s.clank_area.items()},
            "bag": {c: k for c, k in s.bag.items()},
            "aside": {c: k for c, k in s.aside.items() if k},
            "cube_kinds": part.cube_kinds(),
        },
        "rage": {
            "track": track,
            "marker": s.rage,
            "value": rage_value,
            "dangers": dangers,
            "draws": rage_value + dangers,
            "tokens": None,
            "zones": {},
            **part.rage(),
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
        "actions": actions,
        "blocked": blocked,
        "notes": notes,
        "why": {"end-turn": why(A.EndTurn()), "take-artifact": why(A.TakeArtifact())},
        "moves": reach,
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
        "is_over": s.over,
        "end_reason": s.end_reason,
        "scores": scores,
        "winners": game.winners() if s.over else [],
        "breakdown": _breakdown(game) if s.over else {},
        "hint": _hint(game, seat, actions),
        "log": log_view(game.state),
        "log_total": len(s.log),
        "legend": part.legend(),
        "panels": part.panels(),
        "edition_state": part.extra(),
    }


def _market_items(game, part: ViewPart) -> list[dict]:
    """Every market item of the game, the edition's additions included, in order."""
    items = {m["id"]: m for m in part.market_items()}
    ids = list(items) + [i for i in game.state.market if i not in items]
    return [items[i] for i in ids if i in items]


def _hint(game, seat, actions: list[dict]) -> str:
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
    words = terms(game)
    if not p.is_in:
        return (
            f"You are out of the {words['place']}: finish the turn (acquire or defeat), "
            "then end it."
        )
    if any(a["where"] in ("here", "now") for a in actions):
        return (
            "Spend Skill and Swords on the row, use the actions by the map, move by clicking "
            f"a lit {words['space']}, then end your turn."
        )
    return (
        f"Spend Skill and Swords on the row, move by clicking a lit {words['space']}, "
        "then end your turn."
    )
