"""A position's invariants: every field the rules bound, and every card, cube and other
component of the set-up somewhere, once (measured against a fresh set-up of the same
edition). Each refusal is a :class:`~clankwidget.errors.PositionError` naming the field;
:mod:`clankwidget.positions` calls :func:`_check` before it builds anything."""

from __future__ import annotations

import json
from collections import Counter

from . import registry
from .errors import PositionError, shown
from .rules.state import ESCAPED, IN, KNOCKED_OUT, GameState

# -- components other than cards and cubes ------------------------------------------------
#
# Each is conserved against a fresh set-up: what is left on the board, in the market or in a
# supply in ``extra``, plus what the players hold, is what the set-up has. A counted
# component (a ship's command codes, crystals and Arcade Cabinets, its escape pods,
# Legacy's Mugs) is checked only where the set-up has it in ``extra``.


def _tokens_of(kind: str):
    return lambda p: Counter({"": sum(t.get("kind") == kind for t in _get(p, "tokens"))})


def _total(value) -> Counter:
    return Counter({"": sum(value.values()) if isinstance(value, dict) else value})


def _give_crystals(p: dict, _, n: int) -> None:
    p["extra"]["crystals"] = p["extra"].get("crystals", 0) + n


def _give_cabinet(p: dict, cabinet: str, n: int) -> None:
    p["extra"].setdefault("cabinets", []).extend([cabinet] * n)


#: key in ``extra`` -> (what is left there, what one player holds of it, both by id; how
#: the balance gives a player some that a change took off the supply, where it can)
_COUNTED = {
    "codes": (_total, _tokens_of("code"), None),
    "mugs": (_total, _tokens_of("mug"), None),
    "pods": (_total, _tokens_of("pod"), None),
    "crystals": (
        _total,
        lambda p: Counter({"": _get(p, "extra").get("crystals", 0)}),
        _give_crystals,
    ),
    "cabinets": (Counter, lambda p: Counter(_get(p, "extra").get("cabinets", ())), _give_cabinet),
}


def _get(obj, key):
    return obj[key] if isinstance(obj, dict) else getattr(obj, key)


def _market_items(players) -> Counter:
    return Counter(t["id"] for p in players for t in _get(p, "tokens") if t.get("kind") == "market")


def _crowns_held(players) -> Counter:
    return Counter(
        t.get("points")
        for p in players
        for t in _get(p, "tokens")
        if t.get("kind") == "market" and t.get("grants") == "crown"
    )


def _artifacts_held(players) -> Counter:
    return Counter(v for p in players for v in _get(p, "artifacts"))


def _check_components(rules, s: GameState, fresh: GameState) -> None:
    """Artifacts, the market, crowns, data cubes and the counted components of ``extra``:
    each refusal names the place that does not add up."""
    board = rules.board
    rooms = Counter(sp.artifact for sp in board.spaces if sp.artifact) if board else Counter()
    for sid, value in s.artifacts.items():
        if board is not None and board.space(sid).artifact != value:
            raise PositionError(
                f"$.state.artifacts.{sid}",
                f"no artifact worth {value} starts in {sid!r} (its room has "
                f"{board.space(sid).artifact or 'none'})",
            )
    on_board = Counter(s.artifacts.values())
    for i, p in enumerate(s.players):
        for value in p.artifacts:
            if on_board[value] + _artifacts_held(s.players)[value] > rooms[value]:
                where = [sid for sid, v in s.artifacts.items() if v == value]
                also = f"also on the board in {where[0]!r}" if where else "held twice"
                raise PositionError(
                    f"$.state.players[{i}].artifacts",
                    f"the artifact worth {value} is {also}; the board has {rooms[value]}",
                )
    held, want = (
        sum(len(p.artifacts) for p in s.players),
        sum(_artifacts_held(fresh.players).values()),
    )
    if len(s.artifacts) + held != len(fresh.artifacts) + want:
        raise PositionError(
            "$.state.artifacts",
            f"{len(s.artifacts)} artifacts on the board and {held} carried, the set-up has "
            f"{len(fresh.artifacts) + want} (an artifact leaves the board only in a thief's hands)",
        )
    items, items0 = _market_items(s.players), _market_items(fresh.players)
    for item in sorted(set(fresh.market) | set(s.market)):
        have = s.market.get(item, 0) + items[item]
        if have != fresh.market.get(item, 0) + items0[item] or s.market.get(item, 0) < 0:
            raise PositionError(
                f"$.state.market.{item}",
                f"{s.market.get(item, 0)} left and {items[item]} held, the set-up has "
                f"{fresh.market.get(item, 0) + items0[item]}",
            )
    if fresh.crowns:
        have = Counter(s.crowns) + _crowns_held(s.players)
        if have != Counter(fresh.crowns) + _crowns_held(fresh.players):
            raise PositionError(
                "$.state.crowns",
                f"crowns left {s.crowns} and held {sorted(_crowns_held(s.players).elements())}, "
                f"the set-up has {sorted(fresh.crowns, reverse=True)}",
            )
    for key, (left, held_by, _) in _COUNTED.items():
        if key not in fresh.extra:
            continue
        supply = s.extra.get(key, {})
        counts = supply.values() if isinstance(supply, dict) else [supply]
        try:
            if any(type(n) is not int or n < 0 for n in counts):
                raise TypeError
            held = [held_by(p) for p in s.players]
            have = left(supply) + sum(held, Counter())
        except TypeError:  # (a count that is no count, or a thing held that is no id)
            raise PositionError(
                f"$.state.extra.{key}",
                f"expected {key} left as counts of 0 or more, and held by id",
            ) from None
        for i, counted in enumerate(held):  # (a Counter's sum drops what is below 0)
            if any(n < 0 for n in counted.values()):
                raise PositionError(
                    f"$.state.players[{i}].extra.{key}", f"expected 0 {key} or more held"
                )
        want = left(fresh.extra[key]) + sum((held_by(p) for p in fresh.players), Counter())
        if have != want:
            raise PositionError(
                f"$.state.extra.{key}",
                f"{_counted(have)} {key} left and held, the set-up has {_counted(want)}",
            )
    _check_data_cubes(s, fresh)


def _counted(c: Counter) -> str:
    if set(c) <= {""}:
        return str(c[""])
    # (sorted as text: a position may name a thing by a value that is not)
    return ", ".join(f"{k} {v}" for k, v in sorted(c.items(), key=repr) if v) or "none"


def _check_data_cubes(s: GameState, fresh: GameState) -> None:
    """A thief's data cubes are in their supply or on the ports they hacked, and every
    hacked port is marked with its thief's colour."""
    if "ports" not in fresh.extra:
        return
    ports = s.extra.get("ports", {})
    for i, (p, p0) in enumerate(zip(s.players, fresh.players, strict=True)):
        hacked = p.extra.get("hacked", [])
        if p.extra.get("data", 0) + len(hacked) != p0.extra["data"] + len(p0.extra["hacked"]):
            raise PositionError(
                f"$.state.players[{i}].extra.data",
                f"{p.extra.get('data', 0)} data cubes and {len(hacked)} ports hacked, a thief "
                f"has {p0.extra['data']}",
            )
        for sid in hacked:
            if ports.get(sid) != p.colour:
                raise PositionError(
                    f"$.state.extra.ports.{sid}", f"{p.colour} hacked it: expected {p.colour!r}"
                )
    colours = {p.colour: p for p in s.players}
    for sid, colour in ports.items():
        if colour not in colours or sid not in colours[colour].extra.get("hacked", []):
            raise PositionError(f"$.state.extra.ports.{sid}", f"{colour} did not hack it")


def _json_kind(value) -> str:
    for kind, types in (("true or false", bool), ("a whole number", int), ("text", str)):
        if isinstance(value, types):
            return kind
    return {dict: "an object", list: "a list"}.get(type(value), type(value).__name__)


def _key(key: str) -> str:
    """A key as an error's JSON path writes it (a long one quoted briefly)."""
    return key if len(key) <= 60 else shown(key)


def _like(have, want, at: str) -> None:
    """``have`` is shaped like ``want``, a fresh set-up's: the same JSON kind; an object
    with items, the same keys, each alike; a list with items (slots: a vault's, the
    standings), as many, each alike. An empty object or list (filled in play), and
    ``null`` (a slot filled in play), are left to the module's own check."""
    if want is None:
        return
    if _json_kind(have) != _json_kind(want):
        raise PositionError(at, f"expected {_json_kind(want)}, got {shown(have)}")
    if isinstance(want, dict) and want:
        for key in want:
            if key not in have:
                raise PositionError(f"{at}.{_key(key)}", "expected this field of the set-up")
        for key in have:
            if key not in want:
                raise PositionError(
                    f"{at}.{_key(key)}", f"expected only the set-up's {', '.join(want)}"
                )
        for key, value in want.items():
            _like(have[key], value, f"{at}.{_key(key)}")
    elif isinstance(want, list) and want:
        if len(have) != len(want):
            raise PositionError(at, f"expected {len(want)} items, got {len(have)}")
        for i, (h, w) in enumerate(zip(have, want, strict=True)):
            _like(h, w, f"{at}[{i}]")


def _check_modules(rules, s: GameState, fresh: GameState) -> None:
    """Each ship module's state (Pulsarcade's ``extra.modules``) is shaped like a fresh
    set-up's (:func:`_like`), and holds only what the module's rules can read on from
    (its ``position_problems``: every seated colour, places on its track...)."""
    want = fresh.extra.get("modules")
    if want is None:
        return
    have = s.extra["modules"]  # (an object: the edition's fields are checked)
    for mid in have:
        if mid not in want:
            raise PositionError(
                f"$.state.extra.modules.{_key(mid)}",
                f"no such module aboard (the ship has {', '.join(want)})",
            )
    for m in rules.modules:
        at = f"$.state.extra.modules.{m.id}"
        if m.id not in have:
            raise PositionError(at, "expected the state of this module aboard")
        state = have[m.id]
        if isinstance(state, dict):  # (what the rules add in play: the module's check)
            state = {k: v for k, v in state.items() if k not in m.added_in_play}
            for key in state:
                if key not in want[m.id]:
                    known = ", ".join([*want[m.id], *m.added_in_play]) or "none"
                    raise PositionError(
                        f"{at}.{_key(key)}", f"not a field of the {m.name}'s state (it has {known})"
                    )
        _like(state, want[m.id], at)
    for m in rules.modules:
        for field, problem in m.position_problems(s):
            raise PositionError(field, problem)


def _check_ship_spaces(rules, s: GameState, fresh: GameState) -> None:
    """A ship's data ports: every port in ``extra.ports`` and in a thief's ``hacked`` is
    a space of the board with a data port, marked by a seated colour; a thief hacks
    ports in different modules, and has ``visited`` spaces of the board, each once.
    (That the marks and the hacks agree is counted later, with the data cubes: a
    description's balance makes them agree.)"""
    if "ports" not in fresh.extra:
        return
    board = rules.board
    ports = {sp.id: sp for sp in board.spaces if sp.data_port}
    colours, ids = [p.colour for p in s.players], set(board.space_ids)
    for sid, colour in s.extra["ports"].items():
        at = f"$.state.extra.ports.{_key(sid)}"
        if sid not in ports:
            raise PositionError(at, f"no data port {_key(sid)!r} on {board.id!r}")
        if not isinstance(colour, str) or colour not in colours:
            raise PositionError(
                at, f"expected the colour of a thief ({', '.join(colours)}), got {shown(colour)}"
            )
    for i, p in enumerate(s.players):
        modules = {}
        for j, sid in enumerate(p.extra["hacked"]):
            at = f"$.state.players[{i}].extra.hacked[{j}]"
            if not isinstance(sid, str) or sid not in ports:
                raise PositionError(
                    at, f"expected a space with a data port on {board.id!r}, got {shown(sid)}"
                )
            module = ports[sid].module
            if module in modules:
                raise PositionError(
                    at,
                    f"{p.colour} hacked {modules[module]!r} in module {module!r} too: a thief "
                    "hacks ports in different modules",
                )
            modules[module] = sid
        for j, sid in enumerate(p.extra.get("visited", ())):
            if not isinstance(sid, str) or sid not in ids or sid in p.extra["visited"][:j]:
                raise PositionError(
                    f"$.state.players[{i}].extra.visited[{j}]",
                    f"expected a space on {board.id!r} not listed before, got {shown(sid)}",
                )


def _conditionals(value):
    """Every conditional effect (``{"if": ..., "then": ...}``) in ``value``, nested ones
    (in a choice, in another's ``then``) too."""
    if isinstance(value, dict):
        if "if" in value and "then" in value:
            yield value
        for v in value.values():
            yield from _conditionals(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _conditionals(v)


def _check_held(rules, s: GameState) -> None:
    """A bonus held for its condition is one of its card's conditional effects: the same
    ``then``, waiting for some of the same tests (the rules hold what may still come true
    later in the turn)."""
    for k, p in enumerate(s.players):
        for i, h in enumerate(p.held):
            at = f"$.state.players[{k}].held[{i}]"
            if not isinstance(h["card"], str) or h["card"] not in rules.cards.cards:
                raise PositionError(f"{at}.card", f"unknown card {shown(h['card'])}")
            card = rules.card(h["card"])  # (as the edition plays it: Space adds effects)
            tests, then = json.loads(json.dumps([h["if"], h["then"]]))
            if not tests or not any(
                then == c["then"] and all(c["if"].get(t) == v for t, v in tests.items())
                for c in _conditionals(json.loads(json.dumps(card.play)))
            ):
                raise PositionError(at, f"expected a conditional effect of {h['card']!r}")


def _answers(kind: str, value, p, s: GameState) -> bool:
    """Whether ``value`` is one a choice of ``kind`` can take for player ``p``."""
    if kind == "choose":  # effects
        return isinstance(value, list) and all(isinstance(e, dict) for e in value)
    if kind == "trash":  # [zone, card] of the player's
        return (
            isinstance(value, list)
            and len(value) == 2
            and value[0] in ("hand", "discard", "play")
            and value[1] in getattr(p, value[0])
        )
    if kind == "discard":  # a card in hand
        return value in p.hand
    if kind == "row-trash":  # a row slot with a card
        return type(value) is int and 0 <= value < len(s.row) and s.row[value] is not None
    return isinstance(value, str)  # (a vat's space, a race line: the rules look them up)


def _check_pending(s: GameState) -> None:
    """A choice waiting is one its values can answer: an option for each value, a seat
    to choose, cards to trash or discard where the choice says they are, row slots with a
    card. (The schema has checked the shape.)"""
    c = s.pending
    if not c:
        return
    if len(c["options"]) != len(c["values"]):
        raise PositionError("$.state.pending.values", "expected one value for each option")
    if not c["player"] < len(s.players):
        raise PositionError(
            "$.state.pending.player", f"expected a seat from 0 to {len(s.players) - 1}"
        )
    p = s.players[c["player"]]
    for i, value in enumerate(c["values"]):
        if not _answers(c["kind"], value, p, s):
            raise PositionError(
                f"$.state.pending.values[{i}]", f"expected a value of a {c['kind']} choice"
            )


def _check_secrets(rules, s: GameState) -> None:
    """No more of a secret than the card set has: on the spaces, kept aside (Legacy's
    Bank) and held together. (Fewer is fine: a secret taken and used is gone.)"""
    most = Counter()
    for group in rules.cards.secrets.values():
        for t in group:
            most[t["id"]] += t.get("count", 1)
    have = Counter(t.get("id") for stack in s.space_tokens.values() for t in stack)
    have.update(t.get("id") for p in s.players for t in p.tokens)
    for value in s.extra.values():
        if isinstance(value, list):
            have.update(t.get("id") for t in value if isinstance(t, dict) and "kind" in t)
    for tid in sorted(set(have) & set(most)):
        if have[tid] > most[tid]:
            raise PositionError(
                "$.state",
                f"{have[tid]} of the secret {tid!r} on the board, kept aside and held; the "
                f"card set has {most[tid]}",
            )


def _check(rules, s: GameState, fresh: GameState) -> None:
    """The rules' invariants of a position, each refusal naming its field."""
    board, su = rules.board, rules.setup_numbers
    n = len(s.players)
    if not 0 <= s.current < n:
        raise PositionError("$.state.current", f"expected a seat from 0 to {n - 1}")
    ids = set(board.space_ids) if board is not None else set()
    health = su.get("health")
    for i, p in enumerate(s.players):
        at = f"$.state.players[{i}]"
        if board is not None and p.space not in ids:
            raise PositionError(f"{at}.space", f"no space {p.space!r} on {board.id!r}")
        if p.status not in (IN, ESCAPED, KNOCKED_OUT):
            raise PositionError(f"{at}.status", "expected in, escaped or knocked-out")
        if health is not None:
            if p.damage > health:
                raise PositionError(f"{at}.damage", f"{p.damage} damage is over {health} health")
            if p.status == IN and p.damage == health:
                raise PositionError(f"{at}.damage", f"{p.damage} damage knocks {p.colour} out")
        for card in p.all_cards:
            if card not in rules.cards.cards:
                raise PositionError(f"{at}", f"unknown card {card!r}")
    for i, cid in enumerate(s.row):
        if cid is not None and cid not in rules.cards.cards:
            raise PositionError(f"$.state.row[{i}]", f"unknown card {cid!r}")
    if len(s.row) != len(fresh.row):
        raise PositionError("$.state.row", f"expected {len(fresh.row)} slots, got {len(s.row)}")
    for key in ("reserve", "market"):
        extra = set(getattr(s, key)) - set(getattr(fresh, key))
        if key == "reserve":  # an unlimited pile of a card of the set (a flipped G0/B-L1N)
            extra = {c for c in extra if s.reserve[c] is not None or c not in rules.cards.cards}
        if extra:
            raise PositionError(f"$.state.{key}", f"unknown pile {sorted(extra)[0]!r}")
    for cid, k in s.reserve.items():  # (null, a pile without end, only where it is one)
        if k is None and fresh.reserve.get(cid) is not None:
            raise PositionError(
                f"$.state.reserve.{cid}",
                f"expected a count: the set-up has {fresh.reserve[cid]} of them",
            )
    if s.countdown_player is not None and not 0 <= s.countdown_player < n:
        raise PositionError("$.state.countdown_player", f"expected a seat from 0 to {n - 1}")
    if "rage_track" in su and not 0 <= s.rage < len(su["rage_track"]):
        raise PositionError("$.state.rage", f"expected 0 to {len(su['rage_track']) - 1}")
    track = su.get("countdown")
    if s.countdown is not None and not (track and 0 <= s.countdown <= len(track)):
        raise PositionError("$.state.countdown", "off the countdown track")
    for key in ("artifacts", "space_tokens"):
        for sid in getattr(s, key):
            if sid not in ids:
                raise PositionError(f"$.state.{key}", f"no space {sid!r} on {board.id!r}")
    _check_components(rules, s, fresh)
    _check_held(rules, s)
    _check_pending(s)
    _check_secrets(rules, s)
    rules.check_position(s, fresh)
    for key, value in fresh.extra.items():  # (after the edition's own, which say more)
        if isinstance(value, dict) and value:  # keyed by id: hunters, escape pods...
            for k in s.extra[key]:
                if k not in value:
                    raise PositionError(
                        f"$.state.extra.{key}.{_key(k)}",
                        f"not in the set-up (it has {', '.join(map(_key, value))})",
                    )
    # every card of the set-up is somewhere, once
    have, want = _card_census(s), _card_census(fresh)
    for cid in sorted(set(have) | set(want)):
        if fresh.reserve.get(cid, 0) is None:
            continue  # an unlimited reserve pile
        if have[cid] != want[cid]:
            raise PositionError(
                "$.state",
                f"card {cid!r} is in {have[cid]} places (hands, decks, discards, play areas, "
                f"row, dungeon deck and discard, trash, reserve), the set-up has {want[cid]}",
            )
    # every cube of the set-up is somewhere, once
    if not registry.edition(rules.edition).has("bag"):
        return
    try:
        have_cubes, want_cubes = rules.cube_census(s), rules.cube_census(fresh)
    except (KeyError, TypeError, AttributeError) as exc:
        problem = f"the edition's components are incomplete ({exc})"
        raise PositionError("$.state.extra", problem) from None
    for colour in sorted(set(have_cubes) | set(want_cubes), key=repr):
        if have_cubes.get(colour, 0) != want_cubes.get(colour, 0):
            raise PositionError(
                "$.state",
                f"{have_cubes.get(colour, 0)} {colour} cubes in play, the set-up has "
                f"{want_cubes.get(colour, 0)} (count supply, damage, Clank! area, bag and "
                "cubes set aside)",
            )


def _card_census(s: GameState) -> Counter:
    out = Counter(s.dungeon_deck + s.dungeon_discard + s.trash + [c for c in s.row if c])
    for p in s.players:
        out.update(p.all_cards)
    for cid, k in s.reserve.items():
        if k is not None:
            out[cid] += k
    return out
