"""Positions: a whole situation of a game as JSON, like chess's FEN.

A teacher sets one up ("blue is two rooms from the exit with 3 health, the bag holds..."),
saves it, hands it out, and students play on from it, ask its odds or open it in the
widget::

    >>> import clankwidget as cw
    >>> pos = cw.position("clank", players=2, seed=1, changes={
    ...     "players": {"blue": {"space": "stair-foot", "damage": 7, "supply": 20}}})
    >>> game = cw.Game.from_position(pos, seed=5)
    >>> game.position() == pos
    True

A position document (schema: ``board_data/schema/position.schema.json``; a worked
example: ``board_data/positions/README.md``)::

    format     "clankwidget-position"
    version    1
    edition    a registered edition's name
    board      a shipped board's name, or a whole board document (an assembled ship)
    cards      a shipped card set's name, or a whole card set document
    options    the game's options (optional)
    state      the table: players (place, cubes, cards in hand, deck in order with its
               top last, discard, play area, resources, tokens), current seat, turn,
               row, dungeon deck (in order), discards, trash, reserve, market, bag,
               Clank! area, cubes set aside, rage, tokens on spaces, artifacts left,
               countdown, the pending choice, and the edition's own (``extra``)

The log and the random generator are not part of a position: a game started from one
draws what is still unrevealed (reshuffles, the bag) from its own seed.

A short description (:func:`position`) names only what differs from a fresh set-up; what
it does not name makes up the difference (a card put in a hand comes from where it was,
damage comes from the supply). :func:`changed` changes a game in progress the same way.

A position is refused, with a :class:`~clankwidget.errors.PositionError` naming the
field, when it breaks the rules: an unknown edition, board, card or space; a player with
more damage than health; cubes, cards or other components that are not conserved (every
cube and card of the set-up, every artifact (on its room or in one thief's hands), market
item and crown, and the command codes, crystals, data cubes, escape pods, Arcade
Cabinets and Mugs a set-up puts in ``extra``, is somewhere, once); a rage or countdown
off its track; a pending choice the rules cannot continue from. Conservation is measured
against a fresh set-up of the same edition, board, cards and players, so it holds for
every edition's components.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import TYPE_CHECKING, Any

from . import registry
from .data import (
    Board,
    CardSet,
    check,
    check_plain,
    list_boards,
    list_card_sets,
    load_board,
    load_cards,
)
from .errors import BoardDataError, PositionError
from .rules.state import ESCAPED, IN, KNOCKED_OUT, GameState

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["POSITION_VERSION", "changed", "position", "position_of", "state_from_position"]

POSITION_VERSION = 1
#: GameState fields a position leaves out: the log and the generator belong to a game.
_NOT_IN_POSITION = ("rng", "log", "events", "edition")


def position_of(game: Game) -> dict[str, Any]:
    """The game's current situation as a JSON-ready position (see the module docs)."""
    if not registry.edition(game.edition).has("map"):
        return game.rules.position_of(game)  # a table edition (Moonrakers) writes its own
    state = game.state.to_dict()
    for key in _NOT_IN_POSITION:
        state.pop(key, None)
    doc = {
        "format": "clankwidget-position",
        "version": POSITION_VERSION,
        "edition": game.edition,
        "board": _by_name(game.board, list_boards, load_board),
        "cards": _by_name(game.cards, list_card_sets, load_cards),
        "state": state,
    }
    if game.rules.options:
        doc["options"] = copy.deepcopy(game.rules.options)
    return doc


def _by_name(obj: Board | CardSet, names, load) -> str | dict:
    """A shipped board or card set by its name; anything else whole."""
    if obj.id in names():
        try:
            if load(obj.id).raw == obj.raw:
                return obj.id
        except BoardDataError:  # pragma: no cover - shipped files load
            pass
    return copy.deepcopy(obj.raw)


def position(
    edition: str = "clank",
    players: int | list[str] = 2,
    seed: int = 0,
    *,
    board: str | Board | None = None,
    cards: str | CardSet | None = None,
    changes: dict | None = None,
    balance: bool = True,
    **new_kwargs,
) -> dict[str, Any]:
    """A position from a short description: a fresh set-up (``Game.new`` with these
    arguments) with ``changes`` applied to its ``state``.

    ``changes`` is merged into the state: objects key by key, lists replaced whole;
    ``changes["players"]`` is an object keyed by colour (``{"blue": {"damage": 7}}``).

    With ``balance`` (the default), what ``changes`` does not name makes up the
    difference, so that every card and cube of the set-up is still somewhere once:

    * a card named somewhere new comes from where it was: first the player's own draw
      pile, discard, hand and play area (for a card put in a player's zone), then the
      dungeon deck (from its bottom), the dungeon discard, the reserve, the other players'
      draw piles and discards, the trash;
    * a card a change pushed out goes to its player's discard (or draw pile) when it was
      a player's, back under the dungeon deck when it was the row's or the dungeon's, back
      on its reserve pile when it was the reserve's, and to the trash when every one of
      those places is named (so ``{"reserve": {"tome": 0}}`` trashes the tomes);
    * a player's cubes come from (or go back to) that player's supply, or the bag when
      the supply is named (``{"supply": 1}``: the rest wait in the bag); black and other
      cubes from (to) the bag, then the cubes set aside;
    * an artifact given to a player leaves the board (one the set-up took out at random
      stands for another, which leaves instead); a market item given to a player comes
      off the market, a crown with its points; a command code, crystal, Arcade Cabinet,
      escape pod or Mug off its supply in ``extra``; a port named in a player's
      ``hacked`` spends one of their data cubes and is marked with their colour; what a
      change takes off the market or off the crystals or cabinets in ``extra`` is held
      by the players it did not name (``{"extra": {"crystals": 0}}``);
    * in Moonrakers, a contract, ship part, objective or crew card named somewhere new
      comes from the deck or offer it was in, and what it pushes out of a list takes its
      place there (a swap).

    Below the top level of the state and of a player, ``null`` takes a key out of an
    object (``{"artifacts": {"mc-a20": null}}`` with ``{"artifacts": [20]}`` for the
    thief who took it); in
    the reserve, ``null`` is an unlimited pile.

    A place named in ``changes`` is never changed by the balance. With ``balance=False``
    the description is taken as it is. Either way the result is checked like any
    position (the error names what does not add up).
    """
    from .game import Game

    game = Game.new(edition, board=board, players=players, seed=seed, cards=cards, **new_kwargs)
    return _changed(position_of(game), changes, balance, game.rules)


def changed(position: dict, changes: dict | None = None, *, balance: bool = True) -> dict:
    """A copy of ``position`` (a game's, a file's) with ``changes`` applied the way
    :func:`position` applies them to a fresh set-up: "this game, but blue holds the Gem"::

        >>> pos = changed(game.position(), {"players": {"blue": {"hand": ["stumble"]}}})

    The position given is checked first and is not changed."""
    rules, _ = state_from_position(position)
    return _changed(copy.deepcopy(position), changes, balance, rules)


def _changed(doc: dict, changes: dict | None, balance: bool, rules) -> dict:
    if changes:
        if not isinstance(changes, dict):
            raise PositionError("changes", f"expected an object, got {type(changes).__name__}")
        fresh = copy.deepcopy(doc["state"])
        named: set[tuple] = set()
        changes = copy.deepcopy(changes)
        by_colour = changes.pop("players", None)
        _merge(doc["state"], changes, "changes", named, ())
        if by_colour is not None:
            if not isinstance(by_colour, dict):
                raise PositionError("changes.players", "expected an object keyed by colour")
            seats = {p["colour"]: i for i, p in enumerate(doc["state"]["players"])}
            for colour, patch in by_colour.items():
                if colour not in seats:
                    raise PositionError(
                        f"changes.players.{colour}",
                        f"no {colour} player here (players: {', '.join(seats)})",
                    )
                if not isinstance(patch, dict):
                    raise PositionError(f"changes.players.{colour}", "expected an object")
                i = seats[colour]
                where = f"changes.players.{colour}"
                _merge(doc["state"]["players"][i], patch, where, named, ("players", i))
        if balance and not registry.edition(rules.edition).has("map"):
            _balance_table(doc["state"], fresh, named)
        elif balance:
            _balance(rules, doc["state"], fresh, named)
        _unpin(doc["state"])
    state_from_position(doc)  # refuse a description that breaks the rules here, not later
    return doc


def _merge(into: dict, patch: dict, where: str, named: set, path: tuple, strict=True) -> None:
    """Merge ``patch`` into ``into``: objects key by key, anything else replaced. At the top
    (a state or a player) only known fields may be named; below (the bag, the reserve...)
    new keys are added and ``null`` takes a key out (in the reserve, ``null`` is an
    unlimited pile). Every value replaced is recorded in ``named`` by its path."""
    for key, value in patch.items():
        if strict and key not in into:
            raise PositionError(f"{where}.{key}", "no such field in a position's state")
        if isinstance(value, dict) and isinstance(into.get(key), dict) and key != "pending":
            _merge(into[key], value, f"{where}.{key}", named, (*path, key), strict=False)
        elif isinstance(value, dict) and isinstance(into.get(key), list):
            _patch_list(into[key], value, f"{where}.{key}")
        elif value is None and not strict and path[:1] != ("reserve",):
            into.pop(key, None)  # null takes a key out (an artifact gone, a port free again)
            named.add((*path, key))
        else:
            into[key] = value
            named.add((*path, key))


class _Pinned(str):
    """A card a change put at one index of a list: the balance never moves it."""


def _patch_list(into: list, patch: dict, where: str) -> None:
    """``{"0": "gem", "-1": "wail"}``: set single slots of a list by index (negative from
    the end, so ``"-1"`` is the top of a draw pile); the rest of the list stays as it is."""
    for key, value in patch.items():
        try:
            i = int(key)
            if not -len(into) <= i < len(into):
                raise IndexError(i)
        except (ValueError, IndexError):
            n = len(into)
            raise PositionError(
                f"{where}.{key}", f"expected an index from {-n} to {n - 1} of a list of {n}"
            ) from None
        into[i] = _Pinned(value) if isinstance(value, str) else value


def _unpin(node) -> None:
    """Turn every pinned card back into plain text, at any depth of the state."""
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for key, value in list(items):
        if isinstance(value, _Pinned):
            node[key] = str(value)
        elif isinstance(value, dict | list):
            _unpin(value)


_PLAYER_ZONES = ("deck", "discard", "hand", "play")
_TABLE_ZONES = ("row", "dungeon_deck", "dungeon_discard", "trash")


def _balance(rules, state: dict, fresh: dict, named: set) -> None:
    """Make up what ``changes`` moved from the places it did not name (see :func:`position`)."""
    players = state["players"]

    def zones():
        for i, p in enumerate(players):
            for z in _PLAYER_ZONES:
                if isinstance(p.get(z), list):
                    yield ("players", i, z), p[z], fresh["players"][i][z]
        for z in _TABLE_ZONES:
            if isinstance(state.get(z), list):
                yield (z,), state[z], fresh.get(z, [])

    def census(st):
        out = Counter(c for p in st["players"] for z in _PLAYER_ZONES for c in p.get(z) or ())
        for z in _TABLE_ZONES:
            out.update(c for c in st.get(z) or () if c)
        for cid, k in (st.get("reserve") or {}).items():
            if isinstance(k, int) and fresh.get("reserve", {}).get(cid, 0) is not None:
                out[cid] += k
        return out

    def free(path):
        return _free(path, named)

    def player_sources(i):
        return [("players", i, z) for z in ("deck", "discard", "hand", "play")]

    table_sources = [("dungeon_deck",), ("dungeon_discard",)]
    have, want = census(state), census(fresh)
    for cid in sorted(set(have) | set(want)):
        if fresh.get("reserve", {}).get(cid, 0) is None:
            continue  # an unlimited reserve pile
        surplus = have[cid] - want[cid]
        if surplus > 0:  # named somewhere new: take it from where it was
            added = next(
                (path for path, now, was in zones() if now.count(cid) > was.count(cid)), ()
            )
            owner = added[1] if added[:1] == ("players",) else None
            sources = player_sources(owner) if owner is not None else []
            sources += [*table_sources, ("reserve", cid)]
            sources += [z for i in range(len(players)) if i != owner for z in player_sources(i)[:2]]
            sources += [("trash",)]
            for path in sources:
                if surplus <= 0:
                    break
                if not free(path):
                    continue
                if path[0] == "reserve":
                    surplus -= _off_the_reserve(state, cid, surplus)
                    continue
                pile = _at(state, path)
                spare = [j for j, c in enumerate(pile) if c == cid and not isinstance(c, _Pinned)]
                for j in reversed(spare[:surplus]):  # the first copies: the bottom of a pile
                    del pile[j]
                surplus -= len(spare[:surplus])
        elif surplus < 0:  # pushed out by a change: put it back where it belongs
            missing = -surplus
            origin = next(
                (path for path, now, was in zones() if now.count(cid) < was.count(cid)), None
            )
            if origin is not None and origin[0] == "players":
                homes = [("players", origin[1], "discard"), ("players", origin[1], "deck")]
            elif origin is not None:
                homes = [("dungeon_deck",), ("dungeon_discard",)]
            else:
                homes = [("reserve", cid)]  # taken off a reserve pile: out of the game
            homes.append(("trash",))
            home = next(
                (h for h in homes if free(h) and (h[0] != "reserve" or cid in state["reserve"])),
                None,
            )
            if home is None:
                continue  # every home is named: the check says what does not add up
            if home[0] == "reserve":
                state["reserve"][cid] += missing
            elif home == ("dungeon_deck",):
                state["dungeon_deck"][:0] = [cid] * missing  # under the deck
            else:
                _at(state, home).extend([cid] * missing)
    _balance_cubes(rules, state, fresh, named)
    _balance_components(rules, state, fresh, named)


def _balance_table(state: dict, fresh: dict, named: set) -> None:
    """The balance of an edition without a map (Moonrakers), whose decks and offers are
    lists of names in ``extra`` (contracts, ship parts, objectives, crew): a component
    named somewhere new comes from the first place it was (its player's own cards and
    lists, then the table's lists in their order, the reserve, the other players); one a
    change pushed out of a player's cards goes to that player's discard, and one pushed
    out of a list takes the place, in the list it came from, of what replaced it (a swap:
    a contract put in a Dispatch slot sends the one there to where it came from)."""

    def places(st):
        for i, p in enumerate(st["players"]):
            for z in _PLAYER_ZONES:
                yield ("players", i, z), p[z]
            for key, value in (p.get("extra") or {}).items():
                if _names(value):
                    yield ("players", i, "extra", key), value
        for key, sub in (st.get("extra") or {}).items():
            for k, value in sub.items() if isinstance(sub, dict) else ():
                if _names(value):
                    yield ("extra", key, k), value

    def census(st):
        out = Counter(c for _, names in places(st) for c in names)
        out.update({c: k for c, k in (st.get("reserve") or {}).items() if isinstance(k, int)})
        return out

    was = dict(places(fresh))
    now = dict(places(state))
    have, want = census(state), census(fresh)
    holes: dict[tuple, list] = {}  # a place a component was added to: where each came from
    for cid in sorted(c for c in have if have[c] > want[c]):
        added = next(
            (
                path
                for path, names in now.items()
                if names.count(cid) > was.get(path, []).count(cid)
            ),
            (),
        )
        owner = added[1] if added[:1] == ("players",) else None
        mine = [path for path in now if owner is not None and path[:2] == ("players", owner)]
        table = [path for path in now if path[0] == "extra"]
        others = [path for path in now if path[0] == "players" and path not in mine]
        surplus = have[cid] - want[cid]
        for path in [*mine, *table, ("reserve", cid), *others]:
            if surplus <= 0:
                break
            if not _free(path, named):
                continue
            if path[0] == "reserve":
                surplus -= _off_the_reserve(state, cid, surplus)
                continue
            names = now[path]
            while surplus > 0:
                j = next(
                    (j for j, c in enumerate(names) if c == cid and not isinstance(c, _Pinned)),
                    None,
                )
                if j is None:
                    break
                del names[j]
                holes.setdefault(added, []).append((path, j))
                surplus -= 1
    for cid in sorted(c for c in want if have[c] < want[c]):
        for _ in range(want[cid] - have[cid]):
            origin = next(
                (p for p, names in now.items() if names.count(cid) < was.get(p, []).count(cid)),
                None,
            )
            if origin is None:
                break  # the check says what does not add up
            if origin[0] == "players" and origin[2] in _PLAYER_ZONES:
                home = ("players", origin[1], "discard")
                if _free(home, named):
                    now[home].append(cid)
                    was[origin] = [*was[origin]]
                    was[origin].remove(cid)
                    continue
                break
            if not holes.get(origin):
                break
            path, j = holes[origin].pop(0)
            now[path].insert(j, cid)
            was[origin] = [*was[origin]]
            was[origin].remove(cid)


def _off_the_reserve(state: dict, cid: str, n: int) -> int:
    """Take up to ``n`` of ``cid`` off its reserve pile; how many were there to take."""
    k = min(n, state.get("reserve", {}).get(cid) or 0)
    if k:
        state["reserve"][cid] -= k
    return k


def _names(value) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _free(path: tuple, named: set) -> bool:
    """Whether ``changes`` left the place at ``path`` (and every place around it) alone."""
    return not any(path[:k] in named for k in range(1, len(path) + 1))


def _at(state: dict, path: tuple) -> list:
    out: Any = state
    for key in path:
        out = out[key]
    return out


def _balance_cubes(rules, state: dict, fresh: dict, named: set) -> None:
    """A player's cubes come from (go back to) the supply, or the bag when the supply is
    named; other colours from the bag, then the cubes set aside."""
    if not registry.edition(rules.edition).has("bag"):
        return
    try:
        have = rules.cube_census(GameState.from_dict({**copy.deepcopy(state), "edition": ""}))
        want = rules.cube_census(GameState.from_dict({**copy.deepcopy(fresh), "edition": ""}))
    except (KeyError, TypeError, AttributeError, ValueError):
        return  # the check names what is wrong
    seats = {p["colour"]: i for i, p in enumerate(state["players"])}
    for colour in sorted(set(have) | set(want)):
        diff = have.get(colour, 0) - want.get(colour, 0)
        if not diff:
            continue
        if colour in seats:
            seat = seats[colour]
            places = [(("players", seat, "supply"), state["players"][seat], "supply")]
            places.append((("bag", colour), state["bag"], colour))  # a named supply
        else:
            places = [(("bag", colour), state["bag"], colour)]
            if isinstance(state.get("aside"), dict):
                places.append((("aside", colour), state["aside"], colour))
        for path, holder, key in places:
            if not _free(path, named):
                continue
            take = min(diff, holder.get(key, 0)) if diff > 0 else diff
            holder[key] = holder.get(key, 0) - take
            diff -= take
            if not diff:
                break


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
        have = left(s.extra.get(key, {})) + sum((held_by(p) for p in s.players), Counter())
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
    return ", ".join(f"{k} {v}" for k, v in sorted(c.items()) if v) or "none"


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


def _balance_components(rules, state: dict, fresh: dict, named: set) -> None:
    """Artifacts, market items, crowns and counted components a change gave players (or
    took from them) come off (go back to) the board, the market or the supply in
    ``extra``, unless the change names that place too. Market items a change took off
    the market (``{"market": {"master-key": 0}}``) were bought by the players it did not
    name, in turn from the first seat; crystals and Arcade Cabinets it took off their
    supply are held by the players it did not name, the player to move last."""
    players, players0 = state["players"], fresh["players"]
    board = state.get("artifacts", {})
    gained = _artifacts_held(players) - _artifacts_held(players0)
    spaces = rules.board.spaces if rules.board is not None else ()
    rooms = Counter(sp.artifact for sp in spaces if sp.artifact)
    # taken off the board by the change itself ({"artifacts": {"cm-20": null}})
    taken = Counter(v for k, v in fresh.get("artifacts", {}).items() if k not in board)
    for value in sorted(gained.elements()):
        if taken[value] > 0:
            taken[value] -= 1
            continue
        free = [k for k in board if _free(("artifacts", k), named)]
        sid = next((k for k in free if board[k] == value), None)
        there = Counter(board.values())[value] + _artifacts_held(players)[value]
        if sid is None and free and there <= rooms[value]:
            sid = free[-1]  # the set-up took this one out (at random): another leaves instead
        if sid is not None:
            del board[sid]
    market = state.get("market", {})
    bought = _market_items(players)
    bought.subtract(_market_items(players0))
    for item, n in bought.items():
        if n and item in market and _free(("market", item), named):
            market[item] -= n
    if fresh.get("crowns") and _free(("crowns",), named):
        for points in (_crowns_held(players) - _crowns_held(players0)).elements():
            if points in state["crowns"]:
                state["crowns"].remove(points)
    buyers = [p for i, p in enumerate(players) if _free(("players", i, "tokens"), named)]
    stock = Counter(fresh.get("market", {})) + _market_items(players0)
    for item in sorted(stock):
        sold = stock[item] - market.get(item, 0) - _market_items(players)[item]
        if sold <= 0 or _free(("market", item), named) or not buyers:
            continue
        data = getattr(rules, "_market", {}).get(item, {"name": item, "grants": item})
        for k in range(sold):
            points = data.get("points", 0)
            if data.get("grants") == "crown" and state.get("crowns"):
                points = state["crowns"].pop(0)
            elif isinstance(points, list):
                points = points[0] if points else 0
            token = {"kind": "market", "id": item, "name": data["name"], "points": points}
            buyers[k % len(buyers)]["tokens"].append({**token, "grants": data["grants"]})
    extra = state.get("extra") or {}
    for key, (left, held_by, give) in _COUNTED.items():
        if key not in (fresh.get("extra") or {}):
            continue
        held = sum((held_by(p) for p in players), Counter())
        diff = held.copy()
        diff.subtract(sum((held_by(p) for p in players0), Counter()))
        for k, n in diff.items():
            if not n:
                continue
            if isinstance(extra[key], int) and _free(("extra", key), named):
                extra[key] -= n
            elif isinstance(extra[key], dict) and k in extra[key]:  # a cabinet by name
                if _free(("extra", key, k), named):
                    extra[key][k] -= n
            elif isinstance(extra[key], dict) and _free(("extra", key), named):
                # an escape pod from the first pod bay with one left (or back to it)
                bay = next((b for b, left in extra[key].items() if left > 0 or n < 0), None)
                if bay is not None:
                    extra[key][bay] -= n
        # taken off a supply a change named: the players it did not name hold them
        stock = left(fresh["extra"][key]) + sum((held_by(p) for p in players0), Counter())
        takers = [  # not the player to move, unless they are the only one
            p
            for i, p in enumerate(players)
            if _free(("players", i, "extra", key), named) and i != state["current"]
        ] or [p for i, p in enumerate(players) if _free(("players", i, "extra", key), named)]
        for k, n in (stock - left(extra[key]) - held).items():
            for j in range(n if give and takers else 0):
                give(takers[j % len(takers)], k, 1)
    for i, p in enumerate(players):
        cubes = p.get("extra") or {}
        if "hacked" not in cubes or "data" not in cubes:
            continue
        if not _free(("players", i, "extra", "data"), named):
            continue
        was = players0[i]["extra"]
        cubes["data"] = was["data"] + len(was["hacked"]) - len(cubes["hacked"])
        ports = extra.get("ports")
        if ports is None:
            continue
        for sid in cubes["hacked"]:
            if _free(("extra", "ports", sid), named):
                ports[sid] = p["colour"]
        for sid in [k for k, c in ports.items() if c == p["colour"]]:
            if sid not in cubes["hacked"] and _free(("extra", "ports", sid), named):
                del ports[sid]


def state_from_position(doc: Any, source: str = "<position>"):
    """Check a position and return ``(rules, state)``; a :class:`PositionError` names the
    first field that breaks the rules. Nothing is built from a refused position."""
    try:
        check_plain(doc, source)
        table = _table_edition(doc)
        if table is not None:  # an edition with no map (Moonrakers) checks its own
            return table.rules_class().state_from_position(doc, source)
        check("position", doc, source)
    except BoardDataError as exc:
        raise PositionError(exc.json_path, exc.problem) from None
    try:
        entry = registry.edition(doc["edition"])
        rules_cls = entry.rules_class()
    except ValueError as exc:
        raise PositionError("$.edition", str(exc)) from None
    board = _load(doc["board"], load_board, Board, "$.board")
    cards = _load(doc["cards"], load_cards, CardSet, "$.cards")
    options = doc.get("options")
    try:
        rules = rules_cls(board, cards, options)
    except ValueError as exc:
        raise PositionError("$.options", str(exc)) from None
    raw = doc["state"]
    colours = [p.get("colour") for p in raw["players"]]
    from .game import _colours

    try:
        _colours(colours, rules.hit_all, entry.name)
    except ValueError as exc:
        raise PositionError("$.state.players", str(exc)) from None
    state = GameState.from_dict({**copy.deepcopy(raw), "edition": entry.name})
    # the standard against which cubes and cards are counted: a fresh set-up
    import numpy as np

    fresh_rules = rules_cls(board, cards, options)
    fresh = fresh_rules.setup(colours, np.random.Generator(np.random.PCG64(0)))
    _check(rules, state, fresh)
    rules.rng = np.random.Generator(np.random.PCG64(0))
    try:
        actions = rules.legal_actions(state)
    except Exception as exc:
        field = "$.state.pending" if state.pending else "$.state"
        raise PositionError(field, f"the rules cannot go on from here ({exc})") from None
    if not actions and not state.over:
        # a thief who escaped during their own turn still ends it: only one with nothing
        # left to do is refused
        left = state.players[state.current].status != IN
        why = "the player to move has left the game" if left else "nobody can move"
        raise PositionError("$.state.current", why)
    return rules, state


def _table_edition(doc: Any):
    """The registered edition without a map that ``doc`` names, or None."""
    name = doc.get("edition") if isinstance(doc, dict) else None
    try:
        entry = registry.edition(name) if isinstance(name, str) else None
    except ValueError:
        return None
    return entry if entry is not None and entry.has_engine and not entry.has("map") else None


def _load(ref, load, cls, where: str):
    try:
        if isinstance(ref, str):
            return load(ref)
        return cls.from_dict(ref, source=f"position {where}")
    except (BoardDataError, FileNotFoundError, ValueError) as exc:
        raise PositionError(where, str(exc)) from None


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
    for colour in sorted(set(have_cubes) | set(want_cubes)):
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


def dumps(doc: dict) -> str:
    """A position as indented JSON text, for a file to hand out."""
    return json.dumps(doc, indent=1)
