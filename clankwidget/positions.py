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

A position is refused, with a :class:`~clankwidget.errors.PositionError` naming the
field, when it breaks the rules: an unknown edition, board, card or space; a player with
more damage than health; cubes or cards that are not conserved (every cube and every card
of the set-up is somewhere, once); a rage or countdown off its track; a pending choice
the rules cannot continue from. Conservation is measured against a fresh set-up of the
same edition, board, cards and players, so it holds for every edition's components.
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

__all__ = ["POSITION_VERSION", "position", "position_of", "state_from_position"]

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
    **new_kwargs,
) -> dict[str, Any]:
    """A position from a short description: a fresh set-up (``Game.new`` with these
    arguments) with ``changes`` applied to its ``state``.

    ``changes`` is merged into the state: objects key by key, lists replaced whole;
    ``changes["players"]`` is an object keyed by colour (``{"blue": {"damage": 7}}``).
    The result is checked like any position: change the cubes or cards of one place and
    you must change where they come from too (the error says what does not add up).
    """
    from .game import Game

    game = Game.new(edition, board=board, players=players, seed=seed, cards=cards, **new_kwargs)
    doc = position_of(game)
    if changes:
        if not isinstance(changes, dict):
            raise PositionError("changes", f"expected an object, got {type(changes).__name__}")
        changes = copy.deepcopy(changes)
        by_colour = changes.pop("players", None)
        _merge(doc["state"], changes, "changes")
        if by_colour is not None:
            if not isinstance(by_colour, dict):
                raise PositionError("changes.players", "expected an object keyed by colour")
            seats = {p["colour"]: p for p in doc["state"]["players"]}
            for colour, patch in by_colour.items():
                if colour not in seats:
                    raise PositionError(
                        f"changes.players.{colour}",
                        f"no {colour} player here (players: {', '.join(seats)})",
                    )
                if not isinstance(patch, dict):
                    raise PositionError(f"changes.players.{colour}", "expected an object")
                _merge(seats[colour], patch, f"changes.players.{colour}")
    state_from_position(doc)  # refuse a description that breaks the rules here, not later
    return doc


def _merge(into: dict, patch: dict, where: str, strict: bool = True) -> None:
    """Merge ``patch`` into ``into``: objects key by key, anything else replaced. At the top
    (a state or a player) only known fields may be named; below (the bag, the reserve...)
    new keys are added."""
    for key, value in patch.items():
        if strict and key not in into:
            raise PositionError(f"{where}.{key}", "no such field in a position's state")
        if isinstance(value, dict) and isinstance(into.get(key), dict) and key != "pending":
            _merge(into[key], value, f"{where}.{key}", strict=False)
        else:
            into[key] = value


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
        rules.legal_actions(state)
    except Exception as exc:
        field = "$.state.pending" if state.pending else "$.state"
        raise PositionError(field, f"the rules cannot go on from here ({exc})") from None
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
    if s.current < n and s.players[s.current].status != IN and not s.over:
        raise PositionError("$.state.current", "the player to move has left the game")
    for i, cid in enumerate(s.row):
        if cid is not None and cid not in rules.cards.cards:
            raise PositionError(f"$.state.row[{i}]", f"unknown card {cid!r}")
    if len(s.row) != len(fresh.row):
        raise PositionError("$.state.row", f"expected {len(fresh.row)} slots, got {len(s.row)}")
    for key in ("reserve", "market"):
        extra = set(getattr(s, key)) - set(getattr(fresh, key))
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
