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
import os
from typing import TYPE_CHECKING, Any

from . import registry
from ._position_checks import _check, _check_modules, _check_ship_spaces, _json_kind
from ._position_fill import _balance, _balance_table, _Pinned
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
from .data._files import names, read_json, resolve
from .errors import BoardDataError, PositionError, shown
from .rules.state import IN, GameState

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = [
    "POSITION_VERSION",
    "changed",
    "list_positions",
    "load_position",
    "position",
    "position_of",
    "state_from_position",
]

POSITION_VERSION = 1
#: GameState fields a position leaves out: the log and the generator belong to a game.
_NOT_IN_POSITION = ("rng", "log", "events", "edition")


def position_of(game: Game) -> dict[str, Any]:
    """The game's current situation as a JSON-ready position (see the module docs)."""
    from .game import Game  # (game imports this module)

    if not isinstance(game, Game):
        raise TypeError(f"position_of needs a Game, got {type(game).__name__}")
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
    * a rage marker moved up does what climbing does in play: aboard a ship, the bounty
      hunters it passes join the Clank! area and its lockdown place seals a hyperlift;
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
        try:  # plain, bounded JSON, as a position file is (a generator is not read on)
            check_plain(changes, "<changes>")
        except BoardDataError as exc:
            raise PositionError("changes" + exc.json_path[1:], exc.problem) from None
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
                        f"changes.players.{_field(colour)}",
                        f"no {_field(colour)} player here (players: {', '.join(seats)})",
                    )
                if not isinstance(patch, dict):
                    raise PositionError(f"changes.players.{colour}", "expected an object")
                i = seats[colour]
                where = f"changes.players.{colour}"
                _merge(doc["state"]["players"][i], patch, where, named, ("players", i))
        if balance:
            _check_kinds(doc)  # the balance reads what a change wrote: its kinds first
            unbalanced = copy.deepcopy(doc)
            try:
                if registry.edition(rules.edition).has("map"):
                    _balance(rules, doc["state"], fresh, named)
                else:
                    _balance_table(doc["state"], fresh, named)
            except (TypeError, ValueError, KeyError, AttributeError) as exc:
                # a count deeper down that is no count: the position's own checks name it
                _unpin(unbalanced["state"])
                state_from_position(unbalanced)
                raise PositionError("changes", f"cannot be balanced ({shown(exc)})") from None
        _unpin(doc["state"])
    state_from_position(doc)  # refuse a description that breaks the rules here, not later
    return doc


def _field(key) -> str:
    """A key of ``changes`` as an error's JSON path writes it (a long one quoted briefly)."""
    return key if isinstance(key, str) and len(key) <= 60 else shown(key)


def _merge(into: dict, patch: dict, where: str, named: set, path: tuple, strict=True) -> None:
    """Merge ``patch`` into ``into``: objects key by key, anything else replaced. At the top
    (a state or a player) only known fields may be named; below (the bag, the reserve...)
    new keys are added and ``null`` takes a key out (in the reserve, ``null`` is an
    unlimited pile). Every value replaced is recorded in ``named`` by its path."""
    for key, value in patch.items():
        if strict and key not in into:
            raise PositionError(f"{where}.{_field(key)}", "no such field in a position's state")
        if isinstance(value, dict) and isinstance(into.get(key), dict) and key != "pending":
            _merge(into[key], value, f"{where}.{_field(key)}", named, (*path, key), strict=False)
        elif isinstance(value, dict) and isinstance(into.get(key), list):
            _patch_list(into[key], value, f"{where}.{_field(key)}")
        elif value is None and not strict and path[:1] != ("reserve",):
            into.pop(key, None)  # null takes a key out (an artifact gone, a port free again)
            named.add((*path, key))
        else:
            into[key] = value
            named.add((*path, key))


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
                f"{where}.{_field(key)}", f"expected an index from {-n} to {n - 1} of a list of {n}"
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


def state_from_position(doc: Any, source: str = "<position>"):
    """Check a position and return ``(rules, state)``; a :class:`PositionError` names the
    first field that breaks the rules. Nothing is built from a refused position."""
    try:
        check_plain(doc, source)
        table = _table_edition(doc)
        if table is not None:  # an edition with no map (Moonrakers) checks its own
            return table.rules_class().state_from_position(doc, source)
    except BoardDataError as exc:
        raise PositionError(exc.json_path, exc.problem) from None
    rules, state, fresh = _shaped(doc, source)
    _check(rules, state, fresh)
    import numpy as np

    rules.rng = np.random.Generator(np.random.PCG64(0))
    field = "$.state.pending" if state.pending else "$.state"
    try:
        actions = rules.legal_actions(state)
    except Exception as exc:
        raise PositionError(field, f"the rules cannot go on from here ({exc})") from None
    # Each legal action is taken once, on a copy, by rules of their own: what the checks
    # above cannot see (effects written into a choice, say) fails here, not in play.
    probe = type(rules)(rules.board, rules.cards, rules.options or None)
    for action in actions:
        probe.rng = np.random.Generator(np.random.PCG64(0))
        try:
            probe.apply(state.copy(), action)
        except Exception as exc:
            raise PositionError(
                field, f"the rules cannot go on from here: {action} fails ({shown(exc)})"
            ) from None
    if not actions and not state.over:
        # a thief who escaped during their own turn still ends it: only one with nothing
        # left to do is refused
        left = state.players[state.current].status != IN
        why = "the player to move has left the game" if left else "nobody can move"
        raise PositionError("$.state.current", why)
    return rules, state


def _check_kinds(doc: dict) -> None:
    """Refuse, naming its path, a field of the wrong kind in a description before the
    balance reads it (the balance, like the rules, trusts the kinds of a position's
    fields): the checks of :func:`state_from_position` that come before the counting,
    which the balance is there to make add up. An edition without a map has its own
    schema, ``<edition>-position``."""
    table = _table_edition(doc)
    if table is None:
        _shaped(doc, "<position>")
        return
    try:
        check(f"{table.name}-position", doc, "<position>")
    except BoardDataError as exc:
        raise PositionError(exc.json_path, exc.problem) from None


def _shaped(doc: dict, source: str):
    """The checks of a (plain) map edition's position before the counting: the schema;
    the edition, board, cards, options and colours; the edition's own fields held to a
    fresh set-up. Returns ``(rules, state, fresh)``."""
    try:
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
    except BoardDataError as exc:  # (the edition's own checks of its board or card set)
        where = "$.board" if exc.file == (board.source or board.id) else "$.cards"
        raise PositionError(where, f"{exc.json_path}: {exc.problem}") from None
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
    _check_edition_fields(state, fresh)
    _check_ship_spaces(rules, state, fresh)  # (the ids and kinds the balance reads)
    _check_modules(rules, state, fresh)
    return rules, state, fresh


#: the state's tallies whose keys a set-up fills in (the rules add to them by key)
_TALLIES = ("bag", "clank_area", "aside")


def _check_edition_fields(state: GameState, fresh: GameState) -> None:
    """What the schema leaves to the edition, held to a fresh set-up: the fields of
    ``extra`` (the state's and each player's) and the keys of the tallies it has are
    there, each the same kind of JSON value (a list's items too, like its first); and a
    token of the set-up is the card set's, word for word. The rules read them without
    asking."""
    pairs = [(f"$.state.{key}", getattr(state, key), getattr(fresh, key)) for key in _TALLIES]
    pairs.append(("$.state.extra", state.extra, fresh.extra))
    pairs += [
        (f"$.state.players[{i}].extra", p.extra, q.extra)
        for i, (p, q) in enumerate(zip(state.players, fresh.players, strict=True))
    ]
    for at, have, want in pairs:
        for key, value in want.items():
            if key not in have:
                raise PositionError(f"{at}.{_field(key)}", "expected this field of the edition")
            kinds = [(f"{at}.{_field(key)}", have[key], value)]
            if isinstance(value, list) and value and isinstance(have[key], list):
                # (a list's items of the kind of the set-up's first)
                kinds += [
                    (f"{at}.{_field(key)}[{i}]", x, value[0]) for i, x in enumerate(have[key])
                ]
            if isinstance(value, dict) and value and isinstance(have[key], dict):
                # (an object's values of the kind of the set-up's first: hunters, escape
                # pods, cabinets by id; its keys are checked with the rules')
                like = next(iter(value.values()))
                kinds += [
                    (f"{at}.{_field(key)}.{_field(k)}", x, like) for k, x in have[key].items()
                ]
            for where, got, like in kinds:
                if like is not None and _json_kind(got) != _json_kind(like):
                    raise PositionError(where, f"expected {_json_kind(like)}, got {shown(got)}")
    # a token of the set-up is the card set's, word for word (its effects are not edited)
    known = {t["id"]: t for _, t in _tokens(fresh)}
    for value in fresh.extra.values():  # (and those an edition keeps aside: Legacy's Bank)
        if isinstance(value, list):
            known.update((t["id"], t) for t in value if isinstance(t, dict) and "kind" in t)
    for at, t in _tokens(state):
        if t["id"] in known and t != known[t["id"]]:
            raise PositionError(at, f"expected the card set's token {shown(known[t['id']])}")
    for key, value in fresh.extra.items():  # (what is kept aside holds only such tokens)
        if isinstance(value, list) and any(isinstance(t, dict) and "kind" in t for t in value):
            for i, t in enumerate(state.extra[key]):
                tid = t.get("id") if isinstance(t, dict) else None
                if not isinstance(tid, str) or known.get(tid) != t:
                    raise PositionError(
                        f"$.state.extra.{_field(key)}[{i}]",
                        f"expected a token of the card set as it deals it, got {shown(t)}",
                    )


def _tokens(s: GameState):
    """``(JSON path, token)`` of every token on the board and held by a player."""
    for sid, stack in s.space_tokens.items():
        for i, t in enumerate(stack):
            yield f"$.state.space_tokens.{_field(sid)}[{i}]", t
    for k, p in enumerate(s.players):
        for i, t in enumerate(p.tokens):
            yield f"$.state.players[{k}].tokens[{i}]", t


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


def list_positions() -> list[str]:
    """The shipped positions (``board_data/positions``) by name, for :func:`load_position`,
    ``Game.from_position`` and ``play(position=...)``."""
    return names("positions")


def load_position(name_or_path: str | os.PathLike) -> dict:
    """A shipped position by name (:func:`list_positions`), or a position file by path,
    checked as ``Game.from_position`` checks it: a refused one raises a
    :class:`PositionError` that names the file and the field (a file that cannot be read
    or is not JSON, a :class:`~clankwidget.errors.BoardDataError` naming it)."""
    if isinstance(name_or_path, os.PathLike):
        name_or_path = os.fspath(name_or_path)
    path = resolve(name_or_path, "positions", "position")
    doc = read_json(path)
    try:
        state_from_position(doc, str(path))
    except PositionError as exc:
        raise PositionError(exc.field, exc.problem, str(path)) from None
    return doc


def dumps(doc: dict) -> str:
    """A position as indented JSON text, for a file to hand out."""
    return json.dumps(doc, indent=1)
