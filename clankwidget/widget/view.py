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
    pending        None or prompt, options (words), optional, mine
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

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..registry import editions, vocabulary
from ..rules import actions as A
from ..rules.effects import condition_text, describe
from .parts import ViewPart, plural
from .routes import RoutePlan, moves

__all__ = [
    "LOG_LINES",
    "TERMS",
    "RoutePlan",
    "action_label",
    "action_words",
    "card_view",
    "edition_part",
    "terms",
    "view_state",
]

#: How many log lines the view state carries.
LOG_LINES = 40

VIEW_VERSION = 2

#: Words for the parts of the table that an edition's vocabulary may leave out.
_WORDS = {
    "gold": "Gold",
    "boss": "Boss",
    "boss_attack": "boss attack",
    "row": "Row",
    "deck": "Deck",
    "space": "space",
    "spaces": "spaces",
    "place": "board",
    "map": "The board",
    "cubes": "cubes",
}


class _Terms(Mapping):
    """Every registered edition's words, read from the registry when asked."""

    def __getitem__(self, name: str) -> dict[str, str]:
        return {**_WORDS, **vocabulary(name)}

    def __iter__(self):
        return iter([e.name for e in editions()])

    def __len__(self) -> int:
        return len(editions())


#: ``TERMS[edition]``: the words the view uses for an edition's parts (its registry
#: vocabulary over neutral defaults).
TERMS: Mapping[str, dict[str, str]] = _Terms()


def terms(game) -> dict[str, str]:
    """The words for ``game``'s edition: ``clankwidget.edition(game.edition).vocabulary``."""
    return TERMS[game.edition]


def _entry(game):
    """``game``'s registry entry (None for an edition the registry does not know)."""
    return next((e for e in editions() if e.name == game.edition), None)


def edition_part(game) -> ViewPart:
    """The view part of ``game``'s edition (its registry ``view``), or the empty part."""
    entry = _entry(game)
    make = entry.view_part() if entry is not None else None
    return make(game) if make is not None else ViewPart(game)


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


def card_view(game, card_id: str, part: ViewPart | None = None) -> dict[str, Any]:
    """A card as the view shows it (public facts about the card type only): the rules'
    own card, its text in the edition's words, and the edition part's keys (a faction)."""
    part = part or edition_part(game)
    card = game.rules.card(card_id)
    return {
        "id": card.id,
        "name": card.name,
        "banner": card.banner,
        "cost": card.cost,
        "swords": card.defeat,
        "points": card.points,
        "rules": card_rules(card, part.effects_text),
        "flavour": card.text,
        "dragon": card.dragon,
        "danger": card.danger,
        "companion": card.companion,
        "device": card.is_device,
        "monster": card.is_monster,
        "gem": card.gem,
        **part.card_extra(card_id),
    }


# ---------------------------------------------------------------------------
# Board


def _space_words(entry: dict, own_words: list[str], vocab) -> list[str]:
    """What is in a space, in reading order: the exit, the edition's own, the map's, in
    the edition's ``vocab`` (its Gold, its Depths)."""
    words = ["the exit: leave with an artifact to escape"] if entry["start"] else []
    words += own_words
    if entry["depths"]:
        words.append(f"in the {vocab.get('depths', 'Depths')}: knocked out here you score nothing")
    if entry["crystal_cave"]:
        words.append("crystal cave: entering ends your movement")
    if entry["market"]:
        words.append("market")
    if entry["heal"]:
        words.append(f"heals {entry['heal']}")
    if entry["gold"]:
        words.append(f"{entry['gold']} {vocab['gold'].lower()} on entering")
    if entry["artifact"] is not None:
        cost = entry.get("artifact_cost")
        costs = f", costs {plural(cost, 'token')}" if cost is not None else ""
        words.append(f"artifact worth {entry['artifact']}{costs}")
    secrets = entry["secrets"]
    if secrets["major"]:
        words.append(plural(secrets["major"], "major secret"))
    if secrets["minor"]:
        words.append(plural(secrets["minor"], "minor secret"))
    if entry["idols"]:
        words.append(plural(entry["idols"], "monkey idol"))
    return words


def _space_badges(entry: dict, own: list[list]) -> list[list]:
    """The badges along a space's top edge: the edition's own, then the map's."""
    badges = [list(b) for b in own]
    if entry["start"]:
        badges.append(["exit", None, []])
    if entry["crystal_cave"]:
        badges.append(["crystal", None, []])
    if entry["market"]:
        badges.append(["market", None, []])
    if entry["heal"]:
        badges.append(["heart", f"+{entry['heal']}", []])
    if entry["gold"]:
        badges.append(["gold", f"+{entry['gold']}", []])
    secrets = entry["secrets"]
    if secrets["major"]:
        badges.append(["secretMajor", str(secrets["major"]), []])
    if secrets["minor"]:
        badges.append(["secret", str(secrets["minor"]), []])
    if entry["idols"]:
        badges.append(["idol", str(entry["idols"]), []])
    return badges


def board_view(game, seat: int | None = None, part: ViewPart | None = None) -> dict[str, Any]:
    """Board geometry with what is left on it (artifacts, secrets, idols) and what the
    front end draws on each space, for the viewer in ``seat``."""
    part = part or edition_part(game)
    board = game.board
    s = game.state
    own_terms = terms(game)
    spaces = []
    for sp in board.spaces:
        stack = s.space_tokens.get(sp.id, ())
        kinds = Counter(t.get("kind", "minor") for t in stack)
        entry = {
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
            "artifact_cost": None,
            "secrets": {"minor": kinds.get("minor", 0), "major": kinds.get("major", 0)},
            "idols": kinds.get("idol", 0),
            "note": sp.note,
        }
        own = dict(part.space(sp))
        own_words = own.pop("words", [])
        own_badges = own.pop("badges", [])
        own_marks = own.pop("marks", [])
        entry.update(own)
        marks = [
            m
            for m, on in (
                ("deep", entry["depths"]),
                ("start", entry["start"]),
                ("crystal", entry["crystal_cave"]),
            )
            if on
        ]
        entry["marks"] = marks + list(own_marks)
        entry["badges"] = _space_badges(entry, own_badges)
        entry["words"] = _space_words(entry, own_words, own_terms)
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
            "gate": part.path_gate(p),
        }
        for p in board.paths
    ]
    modules = []
    for m in board.modules:
        gated = bool(m.get("command"))
        is_open = not gated or part.module_open(m, seat)
        modules.append(
            {
                "id": m["id"],
                "name": m.get("name", m["id"]),
                "gated": gated,
                "open": is_open,
                "title": part.module_title(m, is_open),
            }
        )
    return {
        "id": board.id,
        "title": board.title,
        "width": board.width,
        "height": board.height,
        "depths_line": _depths_line(board),
        "spaces": spaces,
        "paths": paths,
        "modules": modules,
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


def action_label(game, action: A.Action, part: ViewPart | None = None) -> str:
    """A short label for a legal action, in words a player reads."""
    part = part or edition_part(game)
    s = game.state
    card = game.rules.card
    board = game.board
    k = action.kind
    if k == "play":
        return f"Play {card(action.card).name}"
    if k in ("acquire", "defeat"):
        c = card(s.row[action.slot])
        if k == "acquire":
            return f"Acquire {c.name} ({c.cost} Skill)"
        return f"Defeat {c.name} ({c.defeat} Swords)"
    if k == "acquire-reserve":
        c = card(action.card)
        return f"Acquire {c.name} ({c.cost} Skill)"
    if k == "defeat-reserve":
        c = card(action.card)
        return f"Defeat {c.name} ({c.defeat} Swords)"
    if k == "buy":
        item = _market_item(part, action.item) or {"name": action.item}
        cost, extra = part.market_price(s.player, item)
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
    return part.action_label(action) or _generic_label(game, action)


# Verbs whose -ing form is not the regular one.
_ING = {
    "Stop": "stopping",
    "Get": "getting",
    "Swap": "swapping",
    "Drop": "dropping",
    "Put": "putting",
    "Let": "letting",
}


def action_words(game, action: A.Action) -> str:
    """What an action does, as a phrase for a sentence: ``"playing Stumble"``.

    Built from :func:`action_label` in the game's present state (for a move, say it
    before the move is made or after it is taken back), falling back to the action's
    kind when the label needs a state the game is no longer in.
    """
    try:
        label = action_label(game, action)
    except Exception:  # a label reads the state: words must never fail
        label = _generic_label(game, action)
    verb, _, rest = label.partition(" ")
    if verb.endswith(":"):  # "Choose: ..." -> "choosing ..."
        verb = verb[:-1]
    if verb in _ING:
        ing = _ING[verb]
    elif verb.endswith("e") and not verb.endswith("ee"):
        ing = verb[:-1].lower() + "ing"
    else:
        ing = verb.lower() + "ing"
    if rest[:1].islower() and rest.split(" ", 1)[0] in ("turn",):
        rest = "the " + rest  # "ending the turn"
    return f"{ing} {rest}".strip()


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


def _generic_label(game, action: A.Action) -> str:
    """Words for an action kind the view has no phrase for (a new edition's)."""
    words = action.kind.replace("-", " ").capitalize()
    args = []
    for name, value in action.to_dict().items():
        if name == "kind" or value in ("", None):
            continue
        if isinstance(value, str) and game.board is not None and value in game.board:
            value = game.board.space(value).name
        args.append(f"{name.replace('_', ' ')} {value}")
    return words + (f" ({', '.join(args)})" if args else "")


def _market_item(part: ViewPart, item_id: str) -> dict | None:
    return next((m for m in part.market_items() if m["id"] == item_id), None)


def _action_space(game, action: A.Action) -> str | None:
    """The space an action is about (where it takes you or what it takes), if any."""
    for name in ("to", "space"):
        value = action.to_dict().get(name)
        if isinstance(value, str) and game.board is not None and value in game.board:
            return value
    return None


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


def _log(game) -> list[dict]:
    """The last lines of the log, each with its structured event's kind and actor."""
    s = game.state
    lines = s.log[-LOG_LINES:]
    events = s.events[-len(lines) :] if lines else []
    if len(events) != len(lines):  # a state from before events: words only
        events = [{}] * len(lines)
    return [
        {"text": text, "kind": e.get("kind", "info"), "actor": e.get("actor")}
        for text, e in zip(lines, events, strict=True)
    ]


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
        pending = {
            "prompt": s.pending["prompt"],
            "options": list(s.pending["options"]),
            "optional": bool(s.pending.get("optional")),
            "mine": seat is not None and s.pending.get("player", s.current) == seat,
        }

    reach = moves(game) if viewer_to_play and not s.pending and s.player.is_in else []

    actions = []
    for a in legal:
        where = _where(part, a)
        entry = {
            "intent": a.to_dict(),
            "label": action_label(game, a, part),
            "where": where,
            "icon": part.action_icon(a.kind) if where in ("here", "now") else None,
        }
        target = _action_space(game, a)
        if target is not None:
            entry["space"] = target
        actions.append(entry)
    mine_now = viewer_to_play and not s.pending
    blocked = _blocked(game, part, legal_set) if mine_now else []
    notes = part.notes() if mine_now else []

    return {
        "version": VIEW_VERSION,
        "edition": game.edition,
        "features": sorted(entry.features) if (entry := _entry(game)) else None,
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
        "log": _log(game),
        "log_total": len(s.log),
        "legend": part.legend(),
        "panels": part.panels(),
        "edition_state": part.extra(),
    }


#: Where the view offers each kind of action; kinds not named here (an edition's own)
#: go to the actions panel by the map, where the edition's part says ("here" or "now").
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


def _where(part: ViewPart, action: A.Action) -> str:
    if action.kind in _WHERE:
        return _WHERE[action.kind]
    return part.action_where(action.kind)


def _blocked(game, part: ViewPart, legal: set) -> list[dict]:
    """The edition's own actions the engine considers here but refuses, with the reason
    (a thief learns why the data port in this space cannot be hacked). One line per
    distinct reason; what the edition offers in its own panels (``offers``) says why
    there."""
    out, seen = [], set()
    try:
        candidates = list(game.rules.candidates(game.state))
    except Exception:  # pragma: no cover - candidates are the engine's own
        return []
    for a in candidates:
        if a in legal or a.kind in part.offered_kinds:
            continue
        if a.kind in _WHERE and a.kind != "take-artifact":
            continue
        reason = game.why_illegal(a)
        if not reason or (a.kind, reason) in seen:
            continue
        seen.add((a.kind, reason))
        label = part.blocked_label(a)
        if label is None:
            try:
                label = action_label(game, a, part)
            except Exception:
                label = _generic_label(game, a)
        out.append({"kind": a.kind, "label": label, "why": reason, "where": _where(part, a)})
    return out


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
