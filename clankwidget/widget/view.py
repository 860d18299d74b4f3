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
    edition        "clank", "space", "pulsarcade"
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
    actions        the viewer's legal actions now: [{intent, label, where, space?}];
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
    log            the last LOG_LINES lines; log_total: how many lines in all
    terms          the edition's words: gold, boss, boss_attack, row, deck, space,
                   spaces, place, map, cubes (see TERMS)
    ship           None, or (Clank! In! Space!, Pulsarcade) modules, codes_left,
                   codes_total, crystals_left, crystals_total, pods_left, lockdown,
                   lockdown_spaces, data_cubes
    panels         the edition's shared state as [{id, title, rows: [{label, value,
                   colour?, title?}], note?}] (the ship, Pulsarcade's modules)
    cabinets       None, or Pulsarcade's Arcade Cabinets: [{id, name, tokens, text,
                   left, owners, legal, why}]

Aboard a ship, each player also has ``facts`` ([{id, label, value, title}]: data cubes or
the command code, power crystals, cabinets and tokens, Skill this turn, Danger Vision,
the race, Research tokens, clones), the rage adds ``hunters`` ({index: red cubes still
waiting}), ``red_zone``, ``plaid``, ``lockdown_at`` and ``hit_all``, and market items add
``extra`` (the effects of buying here), ``owned`` and ``on_buy``.

``board``: ``id``, ``title``, ``width``, ``height``, ``depths_line`` (y of the line
between surface and Depths, or None), ``spaces`` (``id``, ``name``, ``x``, ``y``,
``start``, ``depths``, ``crystal_cave``, ``market``, ``heal``, ``gold``, ``artifact``
(points, only while it is still there), ``secrets`` ({"minor": n, "major": n}, face-down
counts), ``idols`` (left), ``note``; aboard a ship also ``begin`` (thieves start here;
``start``, the exit, is False), ``module``, ``command``, ``checkpoint``, ``hyperlift``,
``telepad``, ``lockdown`` (the lift the lockdown seals), ``sealed`` (sealed now),
``escape_pods`` (left), ``data_port`` ({text, used_by} or None), ``redemption``,
``artifact_cost``, ``enter`` (effects in words), ``vat`` ({squares, clones}) and
``vaults`` ([{id, name, cubes, credits, code}] ransacked from here)), ``paths``
(``index``, ``a``, ``b``, ``boots``, ``monsters``, ``locked``, ``one_way`` (walkable only
from ``a`` to ``b``), ``water``, ``note``) and ``modules`` (``id``, ``name``,
``command``). Card dicts: ``id``, ``name``, ``banner``, ``cost``, ``swords`` (to defeat),
``points``, ``rules`` (generated text), ``flavour``, ``dragon``, ``danger``,
``companion``, ``device``, ``monster``, ``gem``, and where an action goes with it,
``legal`` and ``why`` (the reason it is not legal now, or None).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..rules import actions as A
from ..rules.effects import condition_text, describe
from . import _ship

__all__ = ["LOG_LINES", "TERMS", "RoutePlan", "action_label", "card_view", "view_state"]

#: How many log lines the view state carries.
LOG_LINES = 40

VIEW_VERSION = 1

#: The words the view uses for the parts of the table, by edition (unknown editions
#: get Clank!'s). The front end reads them from the view's ``terms``.
TERMS: dict[str, dict[str, str]] = {
    "clank": {
        "gold": "Gold",
        "boss": "Dragon",
        "boss_attack": "dragon attack",
        "row": "Dungeon row",
        "deck": "Dungeon deck",
        "space": "room",
        "spaces": "rooms",
        "place": "dungeon",
        "map": "The dungeon",
        "cubes": "cubes",
    },
    "space": {
        "gold": "Credits",
        "boss": "Boss",
        "boss_attack": "boss attack",
        "row": "Adventure row",
        "deck": "Adventure deck",
        "space": "space",
        "spaces": "spaces",
        "place": "ship",
        "map": "The ship",
        "cubes": "cubes",
    },
}
TERMS["pulsarcade"] = TERMS["space"]


def terms(game) -> dict[str, str]:
    """The words for ``game``'s edition (see :data:`TERMS`)."""
    if game.edition in TERMS:
        return TERMS[game.edition]
    return TERMS["space"] if _ship.is_ship(game) else TERMS["clank"]


def _paths_module():
    try:
        from .. import paths
    except ImportError:  # pragma: no cover - paths.py is part of the package
        return None
    return paths if hasattr(paths, "turn_options") else None


# ---------------------------------------------------------------------------
# Cards


def card_rules(card, words=describe) -> str:
    """The card's rules text in words, generated from its effects (``words`` puts a list
    of effects into words: the edition's own vocabulary, where it has one)."""
    parts = []
    if card.requires:
        parts.append(f"Only if {condition_text(card.requires)}")
    if card.play:
        parts.append(f"Play: {words(card.play)}")
    if card.use:
        parts.append(f"When acquired, use at once: {words(card.use)}")
    if card.acquire:
        parts.append(f"On acquire: {words(card.acquire)}")
    if card.reward:
        parts.append(f"Defeat: {words(card.reward)}")
    if card.arrive:
        parts.append(f"Arrives: {words(card.arrive)}")
    if card.points:
        parts.append(f"Worth {card.points} points")
    # a sentence that ends in "Clank!" needs no full stop after it
    return " ".join(p if p.endswith(("!", ".", "?")) else p + "." for p in parts)


def card_view(game, card_id: str) -> dict[str, Any]:
    """A card as the view shows it (public facts about the card type only).

    Aboard a ship the card is the rules' own (with its faction, faction bonus and
    Contraband or crystal bonuses) and its text says Credits; ``faction`` names it.
    """
    if _ship.is_ship(game):
        card = game.rules.card(card_id)
        text = card_rules(card, lambda effects: _ship.effects_text(game, effects))
    else:
        card = game.cards.cards[card_id]
        text = card_rules(card)
    out = {
        "id": card.id,
        "name": card.name,
        "banner": card.banner,
        "cost": card.cost,
        "swords": card.defeat,
        "points": card.points,
        "rules": text,
        "flavour": card.text,
        "dragon": card.dragon,
        "danger": card.danger,
        "companion": card.companion,
        "device": card.is_device,
        "monster": card.is_monster,
        "gem": card.gem,
    }
    if _ship.is_ship(game):
        faction = game.rules.faction_of(card_id)
        out["faction"] = game.rules.factions.get(faction, faction) if faction else None
    return out


def _cards(game, ids) -> list[dict]:
    return [card_view(game, cid) for cid in ids]


# ---------------------------------------------------------------------------
# Board


def board_view(game) -> dict[str, Any]:
    """Static board geometry with what is left on it (artifacts, secrets, idols)."""
    board = game.board
    s = game.state
    ship = _ship.is_ship(game)
    spaces = []
    for sp in board.spaces:
        stack = s.space_tokens.get(sp.id, ())
        kinds = Counter(t.get("kind", "minor") for t in stack)
        entry = {
            "id": sp.id,
            "name": sp.name,
            "x": sp.x,
            "y": sp.y,
            "start": sp.start and not ship,
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
        if ship:
            entry["begin"] = sp.start  # where everyone starts; not an exit aboard a ship
            entry.update(_ship.space_extras(game, sp))
        spaces.append(entry)
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
        "modules": [
            {"id": m["id"], "name": m.get("name", m["id"]), "command": bool(m.get("command"))}
            for m in board.modules
        ],
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
        item = _market_item(game, action.item) or {"name": action.item}
        cost, extra = market_price(game, s.player, item)
        more = f", {extra}" if extra else ""
        return f"Buy {item['name']} ({cost} {terms(game)['gold']}{more})"
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
    if _ship.is_ship(game):
        label = _ship.action_label(game, action)
        if label:
            return label
    return _generic_label(game, action)


def _generic_label(game, action: A.Action) -> str:
    """Words for an action kind the view has no phrase for (a new edition's)."""
    words = action.kind.replace("-", " ").capitalize()
    args = []
    for name, value in action.to_dict().items():
        if name == "kind" or value in ("", None):
            continue
        if isinstance(value, str) and value in game.board:
            value = game.board.space(value).name
        args.append(f"{name.replace('_', ' ')} {value}")
    return words + (f" ({', '.join(args)})" if args else "")


def _market_item(game, item_id: str) -> dict | None:
    rules = game.rules
    market = getattr(rules, "_market", None)
    if isinstance(market, dict) and item_id in market:
        return market[item_id]
    return next((m for m in game.cards.market if m["id"] == item_id), None)


def market_price(game, p, item: dict) -> tuple[int, str]:
    """``(price, extra effects in words)`` of ``item`` where ``p`` stands (the edition's
    own price where it has one, as the Black Market's spaces do)."""
    price = getattr(game.rules, "market_price", None)
    if callable(price) and p is not None:
        try:
            found = price(game.state, p, item)
        except Exception:  # a price is a label: never let it break the view
            found = None
        if found is not None:
            cost, extra = found
            return int(cost), (_ship.effects_text(game, extra) if extra else "")
    return int(item.get("cost", 7)), ""


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


class RoutePlan:
    """This turn's routes for the current player, as the view offers them.

    :func:`clankwidget.paths.turn_options` on the game, which takes the player's
    movement from the edition (a ship's lifts and pads, its sealed command module).
    ``options(id)`` lists the choices for a space, cheapest first; the index into that
    list is the ``option`` of a ``move-to`` intent.
    """

    def __init__(self, game):
        self.game = game
        paths = _paths_module()
        self._opts = None if paths is None else paths.turn_options(game)

    @property
    def available(self) -> bool:
        return self._opts is not None

    @property
    def reachable(self) -> list[str]:
        """Spaces other than the player's own that can be reached, in board order."""
        if self._opts is None:
            return []
        here = self.game.current_player.space
        return [sid for sid in self._opts.reachable if sid != here]

    def __contains__(self, space_id: object) -> bool:
        return space_id in self.reachable

    def options(self, space_id: str) -> list:
        """The choices (``paths.Choice``) for ``space_id``, cheapest first."""
        return self._opts.options(space_id) if space_id in self else []

    def route(self, space_id: str, option: int = 0) -> list:
        """The steps (``paths.Step``) of option ``option`` to ``space_id``."""
        return self._opts.route(space_id, option)


def _option_view(choice, steps) -> dict:
    return {
        "boots": choice.boots,
        "swords": choice.swords,
        "damage": choice.damage,
        "teleports": choice.teleports,
        "lifts": sum(1 for st in steps if st.path == "lift"),
    }


def _moves(game) -> list[dict]:
    """Spaces the current player can reach this turn, with the Pareto front of each."""
    try:
        plan = RoutePlan(game)
    except Exception:  # route hints are a convenience: never let them break the view
        return []
    out = []
    for sid in plan.reachable:
        choices = plan.options(sid)
        routes = [plan.route(sid, i) for i in range(len(choices))]
        out.append(
            {
                "id": sid,
                "name": game.board.space(sid).name,
                "options": [_option_view(c, r) for c, r in zip(choices, routes, strict=True)],
                "route": [
                    {
                        "path": st.path if isinstance(st.path, int) else str(st.path),
                        "space": st.space,
                    }
                    for st in routes[0]
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
    ship = _ship.is_ship(game)
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
            "play": _cards(game, p.play),
            "facts": _ship.player_facts(game, p) if ship else [],
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
    for item_id in _market_ids(game):
        item = _market_item(game, item_id)
        reason = why(A.Buy(item["id"]))
        points = item.get("points", 0)
        if item.get("grants") == "crown" and isinstance(points, list):
            points = s.crowns[0] if s.crowns else 0
        cost, extra = market_price(game, viewer, item) if here else (item.get("cost", 7), "")
        entry = {
            "id": item["id"],
            "name": item["name"],
            "cost": cost,
            "count": s.market.get(item["id"], 0),
            "points": points,
            "grants": item.get("grants", ""),
            "legal": reason is None,
            "why": reason,
        }
        if ship:
            entry["extra"] = extra
            entry["owned"] = [
                p.colour
                for p in s.players
                if any(t.get("kind") == "market" and t.get("id") == item["id"] for t in p.tokens)
            ]
            if item.get("buy"):
                entry["on_buy"] = _ship.effects_text(game, item["buy"])
        items.append(entry)

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

    actions = []
    for a in legal:
        entry = {"intent": a.to_dict(), "label": action_label(game, a), "where": _where(a)}
        target = _ship.action_space(game, a)
        if target is not None:
            entry["space"] = target
        actions.append(entry)
    blocked = _blocked(game, legal_set) if viewer_to_play and not s.pending else []
    notes = _ship.notes(game) if ship and viewer_to_play and not s.pending else []

    log_total = len(s.log)
    return {
        "version": VIEW_VERSION,
        "edition": game.edition,
        "terms": dict(words),
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
            **(_ship.rage_extras(game) if ship else {}),
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
        "ship": _ship.ship_view(game) if ship else None,
        "panels": _ship.panels(game) if ship else [],
        "cabinets": _ship.cabinets_view(game, seat, why) if ship else None,
    }


#: Where the view offers each kind of action; kinds not named here (an edition's own)
#: go to the actions panel by the map: "here" when they are about the player's space.
_WHERE = {
    "play": "hand",
    "acquire": "row",
    "defeat": "row",
    "acquire-reserve": "reserve",
    "defeat-reserve": "reserve",
    "buy": "market",
    "move": "map",
    "teleport": "map",
    "choose": "choice",
    "decline": "choice",
    "end-turn": "turn",
    "take-artifact": "turn",
    "use-token": "turn",
}
_HERE = frozenset({"hack-port", "hyperlift", "telepad", "clone", "ransack", "steal-artifact"})


def _where(action: A.Action) -> str:
    if action.kind in _WHERE:
        return _WHERE[action.kind]
    return "here" if action.kind in _HERE else "now"


def _blocked(game, legal: set) -> list[dict]:
    """The edition's own actions the engine considers here but refuses, with the reason
    (a thief learns why the data port in this space cannot be hacked). One line per
    distinct reason; Arcade Cabinets say theirs in their own panel."""
    out, seen = [], set()
    try:
        candidates = list(game.rules.candidates(game.state))
    except Exception:  # pragma: no cover - candidates are the engine's own
        return []
    for a in candidates:
        if a in legal or a.kind == "claim-cabinet":
            continue
        if a.kind in _WHERE and a.kind != "take-artifact":
            continue
        reason = game.why_illegal(a)
        if not reason or (a.kind, reason) in seen:
            continue
        seen.add((a.kind, reason))
        out.append(
            {
                "kind": a.kind,
                "label": _blocked_label(game, a),
                "why": reason,
                "where": _where(a),
            }
        )
    return out


def _blocked_label(game, action: A.Action) -> str:
    """A short name for an action that is not possible (its full label may not apply)."""
    names = {
        "hack-port": "Hack the data port",
        "hyperlift": "Ride the hyperlift",
        "telepad": "Beam by telepad",
        "clone": "Leave a clone",
        "thrill": "Thrill the audience",
    }
    if action.kind in names:
        return names[action.kind]
    if action.kind == "steal-artifact":
        value = game.state.artifacts.get(action.space)
        return f"Steal the {value}-point artifact"
    try:
        return action_label(game, action)
    except Exception:
        return _generic_label(game, action)


def _market_ids(game) -> list[str]:
    """Every market item id of the game, the edition's additions included, in order."""
    ids = [m["id"] for m in game.cards.market]
    ids += [i for i in game.state.market if i not in ids]
    return [i for i in ids if _market_item(game, i) is not None]


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
    words = terms(game)
    if not p.is_in:
        return (
            f"You are out of the {words['place']}: finish the turn (acquire or defeat), "
            "then end it."
        )
    if _ship.is_ship(game) and any(_where(a) in ("here", "now") for a in legal):
        return (
            "Spend Skill and Swords on the row, use the actions by the map, move by clicking "
            "a lit space, then end your turn."
        )
    return (
        f"Spend Skill and Swords on the row, move by clicking a lit {words['space']}, "
        "then end your turn."
    )
