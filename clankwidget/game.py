"""The :class:`Game`: one seeded, replayable, serializable game with undo and redo.

A game is its set-up (edition, board, card set, players, seed) plus the list of actions
applied to it. Everything else follows: ``replay()`` rebuilds it, ``to_json()`` saves
both and the resulting state, and ``from_json()`` refuses a save whose state does not
follow from its actions.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
from collections.abc import Iterable
from typing import Any

import numpy as np

from . import registry
from .data import Board, CardSet, check_plain, load_board
from .data._files import Unreadable, read_plain
from .errors import (
    BoardDataError,
    IllegalAction,
    PositionError,
    RuleNotImplemented,
    SaveError,
    shown,
)
from .rules.actions import Action, action_from_dict
from .rules.deckbuilding import PLAYER_COLOURS, DeckBuildingRules
from .rules.state import GameState, PlayerState

__all__ = ["SAVE_VERSION", "Game"]

#: The save format this version writes. Version 1 (clankwidget 0.1.0) had no structured
#: events in its state: such saves are migrated on load (their events are rebuilt by the
#: replay and left out of the comparison with the saved state).
SAVE_VERSION = 2
_READABLE_VERSIONS = (1, 2)

#: A save larger than this is refused before it is parsed (a long game is ~1 MB).
MAX_SAVE_BYTES = 16 * 2**20
#: At most this many actions in a save (a four-player game has a few thousand).
MAX_SAVE_ACTIONS = 100_000
#: Undo replays at most about this many actions from its last snapshot of the state
#: (a few milliseconds: unnoticed by a player who clicks undo). Each snapshot copies the
#: whole state, which a bot game pays for whether or not anyone undoes: a longer span
#: takes fewer of them.
_REPLAY_SPAN = 256
_SAVE_KEYS = ("format", "version", "setup", "actions", "state", "checksum")
_SETUP_KEYS = {"edition", "colours", "seed", "board", "cards", "options", "position"}


def _rules_class(edition: str) -> type[DeckBuildingRules]:
    return registry.edition(edition).rules_class()


class Game:
    """A game in progress. Make one with :meth:`Game.new` or :meth:`Game.from_json`.

    >>> game = Game.new(players=2, seed=1)
    >>> game.apply(game.legal_actions()[0])
    >>> game.undo()
    """

    def __init__(
        self,
        rules: DeckBuildingRules,
        state: GameState,
        setup: dict,
        *,
        rng: np.random.Generator | None = None,
    ):
        self.rules = rules
        self.state = state
        self._setup = setup
        if rng is None:  # a generator at the state's saved one (``rng``: one already there)
            rng = np.random.Generator(np.random.PCG64())
            rng.bit_generator.state = state.rng
        self._rng = rng
        rules.rng = rng
        self._actions: list[Action] = []
        self._redo: list[Action] = []
        # Undo never goes back past the last action that revealed something (a card, a
        # cube, a secret): ``_base_len`` actions had been applied then. Rewinding starts
        # from a snapshot of the state after the first ``_snap_len`` actions (at most
        # ``_base_len``) and re-applies the actions since, which replay exactly what they
        # did (the snapshot holds the generator's state). A snapshot is taken only when the
        # replay from the last one would grow long, not at every reveal: copying the state
        # was a tenth of a game's time.
        self._base = state.copy()
        self._snap_len = 0
        self._base_len = 0

    # -------------------------------------------------------------- creation

    @classmethod
    def new(
        cls,
        edition: str = "clank",
        board: str | Board | None = None,
        players: int | Iterable[str] = 2,
        seed: int | None = None,
        *,
        cards: str | CardSet | None = None,
        modules: Iterable[str] | dict[str, str] | None = None,
        positions: Iterable[str] | None = None,
        options: dict | None = None,
    ) -> Game:
        """Set up a new game.

        ``players`` is a count (2-4) or a list of colours from :data:`PLAYER_COLOURS`;
        ``seed`` makes the game repeatable (``None`` picks one and records it).
        On a map the seats play in the order given, the first seat first (with the first
        player's starting Clank!): the rules pick the first player at random, which is
        shuffling the list before the call (Moonrakers rolls for its first leader itself).
        Editions whose board is assembled from pieces (``"space"``, ``"pulsarcade"``) take
        ``modules`` (the module sides, optionally with a command piece, or a mapping
        ``{position: side}``) and ``positions``; leaving both out gives the recommended
        first-game ship. ``options`` (JSON) are passed to the rules and saved with the game.
        """
        entry = registry.edition(edition)
        rules_cls = entry.rules_class()
        default_board, default_cards = entry.board, entry.cards
        _check_options(options)
        assemble = getattr(rules_cls, "assemble_board", None)
        if assemble is not None and board is None:
            board = assemble(modules=modules, positions=positions, options=options)
        elif modules is not None or positions is not None:
            raise TypeError(
                f"modules/positions build a ship: give them without board=, for an edition "
                f"assembled from pieces (not {edition!r})"
                if assemble is None
                else "give either board= or modules=/positions=, not both"
            )
        if entry.has("map"):
            board = load_board(board if board is not None else default_board)
        elif board is not None:
            raise TypeError(f"{edition!r} games have no map: give no board=")
        cards = rules_cls.load_card_set(cards if cards is not None else default_cards)
        if seed is None:
            seed = _fresh_seed()
        setup = {
            "edition": edition,
            "colours": _colours(players, rules_cls.hit_all, edition),
            "seed": _seed(seed),
            "board": board.raw if board is not None else None,
            "cards": cards.raw,
        }
        if options:
            setup["options"] = dict(options)
        return cls._from_setup(setup, rules_cls, board, cards)

    @classmethod
    def from_position(cls, position: dict | str | os.PathLike, seed: int | None = None) -> Game:
        """A game that starts at ``position`` (a dict, its JSON text, the name of a shipped
        position (``positions.list_positions()``) or a file's path; see
        :mod:`clankwidget.positions`). ``seed`` draws only what is still unrevealed from
        here (reshuffles, the bag, the dungeon deck's refills come from the position's
        order). ``Game.from_position(game.position())`` has the same position and the
        same legal actions. The game saves, loads, undoes and replays like any other; its
        save holds the position it started from. A position that breaks the rules raises
        :class:`~clankwidget.errors.PositionError` naming the field."""
        from .positions import load_position, state_from_position

        if isinstance(position, os.PathLike) or (
            isinstance(position, str) and not position.lstrip("\ufeff \t\r\n").startswith("{")
        ):
            position = load_position(position)  # a name or a path: not JSON text
        if isinstance(position, str | bytes):
            try:
                position = json.loads(position)
            except (ValueError, RecursionError) as exc:
                raise PositionError("$", f"not JSON ({exc})") from None
        rules, _ = state_from_position(position)
        if seed is None:
            seed = _fresh_seed()
        setup = {
            "edition": rules.edition,
            "colours": [p["colour"] for p in position["state"]["players"]],
            "seed": _seed(seed),
            "board": rules.board.raw if rules.board is not None else None,
            "cards": rules.cards.raw,
            "position": position,
        }
        if rules.options:
            setup["options"] = dict(rules.options)
        return cls._from_setup(setup, type(rules), rules.board, rules.cards)

    @property
    def note(self) -> str | None:
        """The ``note`` of the position this game started from: its story and question,
        for the people who open it (``None`` for a game set up afresh, or a position
        without one). The widget shows it when the game opens."""
        position = self._setup.get("position")
        note = position.get("note") if isinstance(position, dict) else None
        return note if isinstance(note, str) and note.strip() else None

    def position(self) -> dict:
        """The current situation as a JSON-ready position (see :mod:`clankwidget.positions`)."""
        from .positions import position_of

        return position_of(self)

    @classmethod
    def _from_setup(cls, setup, rules_cls=None, board=None, cards=None) -> Game:
        rules_cls = rules_cls or _rules_class(setup["edition"])
        if board is None and setup["board"] is not None:
            board = _from_saved(Board.from_dict, setup["board"], "<saved board>")
        if cards is None:
            cards = _from_saved(rules_cls.card_set_from_dict, setup["cards"], "<saved card set>")
        rng = np.random.Generator(np.random.PCG64(setup["seed"]))
        if "position" in setup:
            from .positions import state_from_position

            rules, state = state_from_position(setup["position"])
            rules.rng = rng
            where = f" on {board.title}" if board is not None else ""
            what = f"Game from a position{where}, seed {setup['seed']}"
        else:
            rules = rules_cls(board, cards, setup.get("options"))
            state = rules.setup(list(setup["colours"]), rng)
            where = f" on {board.title}" if board is not None else ""
            what = f"New {setup['edition']} game{where}, seed {setup['seed']}"
        state.rng = rng.bit_generator.state
        state.log.insert(0, what)
        state.events.insert(0, {"kind": "setup", "actor": None, "seed": setup["seed"]})
        return cls(rules, state, setup, rng=rng)  # the generator is at state.rng already

    # -------------------------------------------------------------- playing

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take, in a stable order."""
        return self.rules.legal_actions(self.state)

    def why_illegal(self, action: Action | dict) -> str | None:
        """``None`` if ``action`` is legal now, else the reason in words."""
        try:
            action = _as_action(action)
        except ValueError as exc:
            return str(exc)
        return self.rules.check(self.state, action)

    def apply(self, action: Action | dict) -> None:
        """Apply an action (or its dict form). Illegal: :class:`IllegalAction`, nothing changes."""
        if not isinstance(action, Action):
            try:
                action = action_from_dict(action)
            except ValueError as exc:
                raise IllegalAction(action, str(exc)) from None
        self._apply(action)
        self._redo.clear()

    def _apply(self, action: Action) -> None:
        rules = self.rules
        draws = rules.draws
        try:
            rules.apply(self.state, action)
        except IllegalAction:
            raise  # refused before anything changed
        except Exception:
            self._rewind(len(self._actions))
            raise
        if rules.draws != draws:  # the action drew from the generator: save its state
            self.state.rng = self._rng.bit_generator.state
        self._actions.append(action)
        if rules.revealed:  # hidden information came to light: no going back past it
            self._base_len = len(self._actions)
            if self._base_len - self._snap_len >= _REPLAY_SPAN:
                self._base = self.state.copy()
                self._snap_len = self._base_len

    def _rewind(self, n_actions: int) -> None:
        """Rebuild the state after the first ``n_actions`` actions (not before the base)."""
        self.state = self._base.copy()
        self._rng.bit_generator.state = self.state.rng
        for action in self._actions[self._snap_len : n_actions]:
            self.rules.apply(self.state, action)
            self.state.rng = self._rng.bit_generator.state

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` can go back one action (not past a revealed card or cube)."""
        return len(self._actions) > self._base_len

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Action:
        """Take back the last action and return it.

        Undo stops at any action that revealed hidden information (drawing a card,
        refilling the row, turning a secret, drawing cubes), so it can never be used to
        peek and then choose differently.
        """
        if not self.can_undo:
            raise IllegalAction(
                "undo", "nothing to undo since the last card, cube or secret was revealed"
            )
        self._rewind(len(self._actions) - 1)
        action = self._actions.pop()
        self._redo.append(action)
        return action

    def redo(self) -> Action:
        """Apply again the last action taken back by :meth:`undo`."""
        if not self._redo:
            raise IllegalAction("redo", "nothing to redo")
        action = self._redo.pop()
        self._apply(action)
        return action

    # ----------------------------------------------------------------- views

    @property
    def board(self) -> Board:
        return self.rules.board

    @property
    def cards(self) -> CardSet:
        return self.rules.cards

    @property
    def edition(self) -> str:
        return self.rules.edition

    @property
    def seed(self) -> int:
        return self._setup["seed"]

    @property
    def actions(self) -> list[Action]:
        """The actions applied so far (a copy)."""
        return list(self._actions)

    @property
    def players(self) -> list[PlayerState]:
        return self.state.players

    @property
    def current_player(self) -> PlayerState:
        s = self.state
        return s.players[s.current]  # s.player, without the property's call

    @property
    def acting_player(self) -> PlayerState:
        """The player whose move it is now: the current player, except in editions where
        others act during a turn (Moonrakers: an invited captain answering an offer, a
        captain playing in the execution). :meth:`legal_actions` are this player's."""
        rules, s = self.rules, self.state
        if rules._plain_acting:  # the rules' acting() is the core's: the current player
            return s.players[s.current]
        return rules.acting(s)

    @property
    def pending(self) -> dict | None:
        """The choice waiting to be made (``prompt``, ``options``, ``optional``), if any."""
        return self.state.pending

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def log(self) -> list[str]:
        return self.state.log

    def scores(self) -> dict[str, int]:
        """Points by colour: final for players who left, the running tally for those inside."""
        return dict(
            zip((p.colour for p in self.players), self.rules.scores(self.state), strict=True)
        )

    def winners(self) -> list[str]:
        """Colours of the winner(s): most points, ties to the most valuable artifact."""
        return [self.players[i].colour for i in self.rules.winners(self.state)]

    def path_context(self) -> dict[str, Any]:
        """The current player's movement resources, as keyword arguments for
        :func:`clankwidget.paths.turn_options`."""
        self._needs("map", "path_context()")
        return self.rules.path_context(self.state, self.current_player)

    def _needs(self, feature: str, what: str) -> None:
        """Refuse ``what`` (a :class:`TypeError`) in an edition without ``feature``."""
        if not registry.edition(self.edition).has(feature):
            noun = {"map": "a map", "bag": "a dragon's bag of cubes"}[feature]
            raise TypeError(f"{what} needs an edition with {noun}; {self.edition!r} has none")

    def attack_cubes(self, extra: int | None = None) -> tuple[dict[str, int], int]:
        """The bag as the next dragon attack will see it (bag + Clank! area), and its draws.

        Players still inside have their own colour; the cubes of players who are out
        (escaped or knocked out) can be drawn but hurt nobody, so they are counted with
        the black cubes. ``extra`` cubes are added to the draw; ``None`` adds the
        countdown's extra cubes when the countdown is running (its next space's number).
        """
        self._needs("bag", "attack_cubes()")
        s = self.state
        inside = [p.colour for p in s.players if p.is_in]
        out = {p.colour for p in s.players if not p.is_in}
        colours = sorted(set(s.bag) | set(s.clank_area))
        cubes = {c: 0 for c in ["black", *inside]}
        for c in colours:
            k = s.bag.get(c, 0) + s.clank_area.get(c, 0)
            into = "black" if c in out else c
            cubes[into] = cubes.get(into, 0) + k
        if extra is None:
            extra = self.countdown_extra()
        elif isinstance(extra, bool) or not isinstance(extra, int | np.integer) or extra < 0:
            raise ValueError(
                f"extra must be a whole number of cubes, 0 or more, got {shown(extra)}"
            )
        return cubes, self.rules.next_attack_draws(s) + int(extra)

    def countdown_extra(self) -> int:
        """The extra cubes the countdown's next attack draws (0 when it is not running)."""
        s = self.state
        track = self.rules.setup_numbers.get("countdown")
        if s.countdown is None or not track or s.countdown >= len(track):
            return 0
        return track[s.countdown] or 0

    def attack_odds(self, extra: int | None = None):
        """Exact odds of the next dragon attack from the current state, for the players
        still inside. While the countdown runs, the next attack is the countdown's and its
        extra cubes are counted (``extra=0`` leaves them out; a number adds that many). In
        Clank! Legacy, while a player is off the clock the next attack is their turn's
        draw (4 cubes, 6 with two players, whatever the rage and Danger cards), and an
        attack that empties the bag knocks out everyone still in.

        See :func:`clankwidget.odds.attack_odds` for the object returned.
        """
        from . import odds

        self._needs("bag", "attack_odds()")
        cubes, draws = self.attack_cubes(extra)
        s = self.state
        health = {p.colour: self.rules.health - p.damage for p in self.players if p.is_in}
        clones = {p.colour: self.rules.clones(s, p) for p in self.players if p.is_in}
        clones = {c: n for c, n in clones.items() if n}
        return odds.attack_odds(
            cubes,
            draws,
            health=health,
            hit_all=self.rules.hit_all,
            clones=clones or None,
            empty_ends=self.rules.empty_bag_ends,
        )

    # ---------------------------------------------------------- persistence

    def replay(self, steps: int | None = None) -> Game:
        """A new game rebuilt from this game's seed and actions (equal to this one), or
        from its first ``steps`` actions only (the game as it was then)."""
        n = len(self._actions)
        if steps is not None and (
            isinstance(steps, bool)
            or not isinstance(steps, int | np.integer)
            or not 0 <= steps <= n
        ):
            raise ValueError(f"steps must be a whole number from 0 to {n}, got {shown(steps)}")
        game = Game._from_setup(self._setup, type(self.rules), self.board, self.cards)
        for a in self._actions[:steps]:
            game._apply(a)
        game._forget_undo()
        return game

    def to_json(self, indent: int | None = None) -> str:
        """The game as versioned JSON: set-up, actions and state (RNG state included)."""
        body = {
            "setup": self._setup,
            "actions": [a.to_dict() for a in self._actions],
            "state": self.state.to_dict(),
        }
        doc = {
            "format": "clankwidget-save",
            "version": SAVE_VERSION,
            **body,
            "checksum": _digest(body),
        }
        return json.dumps(doc, indent=json_indent(indent))

    @classmethod
    def load(cls, path: str | os.PathLike) -> Game:
        """Load a save from a file (one the board's Save wrote, or :meth:`to_json`'s text
        written out), checked exactly as :meth:`from_json` checks it. A file that cannot
        be read, is not a plain file (a folder, a pipe) or is over the size of any save
        raises :class:`SaveError` naming it."""
        try:
            return cls.from_json(read_plain(path, MAX_SAVE_BYTES))
        except (Unreadable, SaveError) as exc:
            raise SaveError(f"{os.fspath(path)}: {exc}") from None

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved by :meth:`to_json`.

        A save loads only if it is a game the rules can reach: its set-up is checked
        exactly as :meth:`new` checks one (edition, colours, seed, options), its board and
        card set against the same schemas as shipped files, and its saved state must equal
        the state that replaying its actions from that set-up gives. Anything else (not
        JSON, too large, too deep, edited, from a newer clankwidget) raises
        :class:`SaveError` saying what is wrong and where; nothing is half-loaded.

        The ``checksum`` detects accidental damage (a truncated or garbled file). It is
        not a signature: anyone can recompute it, which is why the replay check above,
        not the checksum, is what keeps a hand-edited save out.
        """
        doc = _parse_save(text)
        version = doc["version"]
        body = {k: doc[k] for k in ("setup", "actions", "state")}
        if doc["checksum"] != _digest(body):
            raise SaveError("corrupt save: the checksum does not match its contents")
        setup = _check_setup(doc["setup"])
        actions = doc["actions"]
        if not isinstance(actions, list):
            raise SaveError(f"corrupt save: $.actions must be a list, got {_kind(actions)}")
        if len(actions) > MAX_SAVE_ACTIONS:
            raise SaveError(
                f"corrupt save: $.actions holds {len(actions)} actions, over the "
                f"{MAX_SAVE_ACTIONS} a game can have"
            )
        if not isinstance(doc["state"], dict):
            raise SaveError(f"corrupt save: $.state must be an object, got {_kind(doc['state'])}")
        try:
            game = _replayed(cls, setup, actions, doc["state"], version)
        except SaveError as exc:
            if version == 1:  # written before the rule readings of 0.2 changed some games
                raise SaveError(
                    f"this save was written by clankwidget 0.1.0 and cannot be replayed "
                    f"under this version's rules ({exc}). Since 0.1.0: taking a secret "
                    f"aboard a ship is a choice, the Magic Spring trashes at the end of the "
                    f"turn, an 'if' bonus about where you are is decided when the card is "
                    f"played, and a Pulsarcade ship takes the MCP only. Games that met none "
                    f"of these load and go on as before."
                ) from None
            raise
        game._forget_undo()
        return game

    def _forget_undo(self) -> None:
        self._base = self.state.copy()
        self._snap_len = self._base_len = len(self._actions)

    def copy(self) -> Game:
        """An independent copy (same state and history, undo and redo included)."""
        game = self.fork()
        game._actions = list(self._actions)
        game._redo = list(self._redo)
        game._base = self._base.copy()
        game._snap_len = self._snap_len
        game._base_len = self._base_len
        return game

    def fork(self) -> Game:
        """An independent game that starts at this game's current position, without its
        history: the same state, the same random generator state, nothing mutable shared.
        Trying actions on a fork (a bot's look-ahead, a widget's preview) leaves this game
        untouched. Its own history starts empty, so it cannot undo past the fork."""
        rules = type(self.rules)(self.board, self.cards, dict(self.rules.options))
        return Game(rules, self.state.copy(), self._setup)

    def __repr__(self) -> str:
        status = (
            "over"
            if self.is_over
            else f"turn {self.state.turn}, {self.current_player.colour} to play"
        )
        on = f" on {self.board.id!r}" if self.board is not None else ""
        where = f"{self.edition}{on}, {len(self.players)} players"
        return f"<Game {where}, seed {self.seed}: {status}>"


def _as_action(action: Action | dict) -> Action:
    if isinstance(action, Action):
        return action
    return action_from_dict(action)


def _replayed(cls, setup: dict, actions: list, saved: dict, version: int) -> Game:
    """The game a save's set-up and actions give, checked against its saved state."""
    where = "$.setup"
    try:
        game = cls._from_setup(setup)
        for i, a in enumerate(actions):
            where = f"$.actions[{i}]"
            game._apply(action_from_dict(a))
    except SaveError:
        raise
    except IllegalAction as exc:
        raise SaveError(f"corrupt save: {where} cannot be replayed: {exc}") from None
    except BoardDataError as exc:
        raise SaveError(f"corrupt save: its board or card set is invalid: {exc}") from None
    except RuleNotImplemented as exc:
        raise SaveError(f"this save cannot be played here: {exc}") from None
    except RecursionError:
        raise SaveError(f"corrupt save: {where} is nested too deeply") from None
    except Exception as exc:  # anything else a crafted save provokes: still a SaveError
        raise SaveError(f"corrupt save: {where}: {type(exc).__name__}: {exc}") from None
    replayed = game.state.to_dict()
    if version == 1:  # 0.1.0 kept no events: compare the rest
        replayed.pop("events", None)
    if replayed != saved:
        field = next(
            (k for k in sorted(set(replayed) | set(saved)) if replayed.get(k) != saved.get(k)),
            "?",
        )
        raise SaveError(
            f"corrupt save: the saved state does not follow from its actions "
            f"(first difference: $.state.{field})"
        )
    return game


def _colours(
    players: int | Iterable[str], hit_all: str | None = None, edition: str = "clank"
) -> list[str]:
    try:  # how many seats the edition takes (the registry's; Clank!'s 2 to 4 otherwise)
        low, high = registry.edition(edition).players
    except ValueError:
        low, high = 2, 4
    game_name = "Clank!" if (low, high) == (2, 4) else registry.edition(edition).title
    if isinstance(players, bool):
        raise ValueError(f"players must be a number from {low} to {high} or a list of colours")
    if isinstance(players, int | np.integer):
        if not low <= players <= high:
            raise ValueError(f"{game_name} takes {low} to {high} players, got {shown(players)}")
        return [c for c in PLAYER_COLOURS if c != "red"][:players]
    if isinstance(players, str | bytes | dict) or not isinstance(players, Iterable):
        raise ValueError(f"players must be a count or a list of colours, got {shown(players)}")
    colours = list(itertools.islice(players, high + 1))  # (an endless iterable is not read on)
    if not low <= len(colours) <= high:
        got = f"{len(colours)} colours" if len(colours) <= high else f"more than {high} colours"
        raise ValueError(f"{game_name} takes {low} to {high} players, got {got}")
    for c in colours:
        if not isinstance(c, str) or c not in PLAYER_COLOURS:
            raise ValueError(
                f"unknown player colour {shown(c)}; choose from {', '.join(PLAYER_COLOURS)}"
            )
    if len(set(colours)) != len(colours):
        raise ValueError(f"each player needs a different colour, got {colours}")
    if hit_all in colours:
        raise ValueError(
            f"{hit_all!r} is not a player colour in {edition!r} games "
            "(its cubes are bounty hunters)"
        )
    return colours


def json_indent(indent):
    """``indent`` for :func:`json.dumps` if it is sensible (``None``, 0 to 16 spaces, or up
    to 16 characters of white space), else a refusal: a save indented by a megabyte of
    text, or by a trillion spaces, would never be written."""
    if indent is None:
        return None
    if isinstance(indent, int) and not isinstance(indent, bool) and 0 <= indent <= 16:
        return indent
    if isinstance(indent, str) and len(indent) <= 16 and not indent.strip():
        return indent
    raise ValueError(f"indent must be None, 0 to 16 or up to 16 spaces, got {shown(indent)}")


def _check_options(options) -> None:
    """Game options are a dict of plain JSON (they are saved with the game)."""
    if options is None:
        return
    if not isinstance(options, dict):
        raise TypeError(f"options must be a dict of option name to value, got {shown(options)}")
    try:
        check_plain(options, "options")
    except BoardDataError as exc:
        raise ValueError(f"options {exc.json_path}: {exc.problem}") from None


def _fresh_seed() -> int:
    """A seed from the system's entropy, below 2**53 so that it stays exact as a
    JavaScript number (the widget's messages and a save carry it)."""
    return int(np.random.SeedSequence().entropy % 2**53)


def _seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or not 0 <= seed < 2**128:
        raise ValueError(f"seed must be an integer from 0 to 2**128 - 1, got {shown(seed)}")
    return int(seed)


def _kind(value) -> str:
    return type(value).__name__


def _parse_save(text: str | bytes) -> dict:
    """The save's JSON document, its envelope checked (format, version, keys)."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError(f"not loaded: the save is {len(text)} bytes, over {MAX_SAVE_BYTES}")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(f"not a clankwidget save: the file is not UTF-8 text ({exc})") from None
    if not isinstance(text, str):
        raise SaveError(f"not a clankwidget save: expected text or bytes, got {_kind(text)}")
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"not loaded: the save is {len(text)} characters, over {MAX_SAVE_BYTES}")
    try:
        doc = json.loads(text)
    except RecursionError:
        raise SaveError("not a clankwidget save: the JSON is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, and ints over Python's digit limit
        raise SaveError(f"not a clankwidget save: the text is not JSON ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != "clankwidget-save":
        raise SaveError("not a clankwidget save: 'format' is not 'clankwidget-save'")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"corrupt save: 'version' must be an integer, got {shown(version)}")
    if version > SAVE_VERSION:
        raise SaveError(
            f"this save is version {version}, made by a newer clankwidget; "
            f"this one reads versions {', '.join(map(str, _READABLE_VERSIONS))}"
        )
    if version not in _READABLE_VERSIONS:
        raise SaveError(
            f"corrupt save: version {version} was never written by clankwidget "
            f"(this one reads versions {', '.join(map(str, _READABLE_VERSIONS))})"
        )
    missing = [k for k in _SAVE_KEYS if k not in doc]
    if missing:
        raise SaveError(f"corrupt save: missing {', '.join(missing)}")
    extra = sorted(k for k in doc if k not in _SAVE_KEYS)
    if extra:
        raise SaveError(f"corrupt save: unknown top-level key {extra[0][:40]!r}")
    return doc


def _check_setup(setup) -> dict:
    """A saved set-up, checked as :meth:`Game.new` checks its arguments."""
    if not isinstance(setup, dict):
        raise SaveError(f"corrupt save: $.setup must be an object, got {_kind(setup)}")
    missing = sorted({"edition", "colours", "seed", "board", "cards"} - set(setup))
    if missing:
        raise SaveError(f"corrupt save: $.setup has no {missing[0]!r}")
    extra = sorted(k for k in setup if k not in _SETUP_KEYS)
    if extra:
        raise SaveError(f"corrupt save: $.setup has an unknown key {extra[0][:40]!r}")
    edition = setup["edition"]
    try:
        rules_cls = registry.edition(edition).rules_class()
    except RuleNotImplemented as exc:
        raise SaveError(f"this save cannot be played here: {exc}") from None
    except ValueError as exc:
        raise SaveError(f"corrupt save: $.setup.edition: {exc}") from None
    colours = setup["colours"]
    if not isinstance(colours, list):
        raise SaveError(f"corrupt save: $.setup.colours must be a list, got {_kind(colours)}")
    for key, check in (
        ("colours", lambda: _colours(colours, rules_cls.hit_all, edition)),
        ("seed", lambda: _seed(setup["seed"])),
    ):
        try:
            check()
        except ValueError as exc:
            raise SaveError(f"corrupt save: $.setup.{key}: {exc}") from None
    if "options" in setup and not isinstance(setup["options"], dict):
        raise SaveError(
            f"corrupt save: $.setup.options must be an object, got {_kind(setup['options'])}"
        )
    for key in ("board", "cards"):
        if key == "board" and setup[key] is None and not registry.edition(edition).has("map"):
            continue  # an edition without a map (Moonrakers) saves no board
        if not isinstance(setup[key], dict):
            raise SaveError(f"corrupt save: $.setup.{key} must be an object")
    return setup


_SAVED: dict[tuple[Any, str], Board | CardSet] = {}


def _from_saved(load, doc: dict, source: str):
    """Boards and card sets embedded in saves (``load(doc, source=...)`` validates one),
    validated once per distinct content."""
    check_plain(doc, source)  # plain, bounded JSON before anything walks it
    key = (load, _digest(doc))
    if key not in _SAVED:
        if len(_SAVED) > 64:
            _SAVED.clear()
        _SAVED[key] = load(doc, source=source)
    return _SAVED[key]


def _digest(body: dict) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()
