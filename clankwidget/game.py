"""The :class:`Game`: one seeded, replayable, serializable game with undo and redo.

A game is its set-up (edition, board, card set, players, seed) plus the list of actions
applied to it. Everything else follows: ``replay()`` rebuilds it, ``to_json()`` saves
both and the resulting state, and ``from_json()`` refuses a save whose state does not
follow from its actions.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

import numpy as np

from . import registry
from .data import Board, CardSet, load_board, load_cards
from .errors import BoardDataError, IllegalAction, SaveError
from .rules.actions import Action, action_from_dict
from .rules.core import PLAYER_COLOURS, DeckBuildingRules
from .rules.state import GameState, PlayerState

__all__ = ["SAVE_VERSION", "Game"]

SAVE_VERSION = 1


def _rules_class(edition: str) -> type[DeckBuildingRules]:
    return registry.edition(edition).rules_class()


class Game:
    """A game in progress. Make one with :meth:`Game.new` or :meth:`Game.from_json`.

    >>> game = Game.new(players=2, seed=1)
    >>> game.apply(game.legal_actions()[0])
    >>> game.undo()
    """

    def __init__(self, rules: DeckBuildingRules, state: GameState, setup: dict):
        self.rules = rules
        self.state = state
        self._setup = setup
        self._rng = np.random.Generator(np.random.PCG64())
        self._rng.bit_generator.state = state.rng
        rules.rng = self._rng
        self._actions: list[Action] = []
        self._redo: list[Action] = []
        # Undo: the state after the last action that revealed something (a card, a cube,
        # a secret), and how many actions had been applied then. Undoing restores it and
        # re-applies the actions since, none of which drew anything random.
        self._base = state.copy()
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
        Editions whose board is assembled from pieces (``"space"``, ``"pulsarcade"``) take
        ``modules`` (the module sides, optionally with a command piece, or a mapping
        ``{position: side}``) and ``positions``; leaving both out gives the recommended
        first-game ship. ``options`` (JSON) are passed to the rules and saved with the game.
        """
        entry = registry.edition(edition)
        rules_cls = entry.rules_class()
        default_board, default_cards = entry.board, entry.cards
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
        board = load_board(board if board is not None else default_board)
        cards = load_cards(cards if cards is not None else default_cards)
        colours = _colours(players)
        if rules_cls.hit_all in colours:
            raise ValueError(
                f"{rules_cls.hit_all!r} is not a player colour in {edition!r} games "
                "(its cubes are bounty hunters)"
            )
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (2**63))
        if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
        setup = {
            "edition": edition,
            "colours": colours,
            "seed": int(seed),
            "board": board.raw,
            "cards": cards.raw,
        }
        if options:
            setup["options"] = dict(options)
        return cls._from_setup(setup, rules_cls, board, cards)

    @classmethod
    def _from_setup(cls, setup, rules_cls=None, board=None, cards=None) -> Game:
        rules_cls = rules_cls or _rules_class(setup["edition"])
        board = board or _from_saved(Board, setup["board"], "<saved board>")
        cards = cards or _from_saved(CardSet, setup["cards"], "<saved card set>")
        rules = rules_cls(board, cards, setup.get("options"))
        rng = np.random.Generator(np.random.PCG64(setup["seed"]))
        state = rules.setup(list(setup["colours"]), rng)
        state.rng = rng.bit_generator.state
        state.log.insert(0, f"New {setup['edition']} game on {board.title}, seed {setup['seed']}")
        state.events.insert(0, {"kind": "setup", "actor": None, "seed": setup["seed"]})
        return cls(rules, state, setup)

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
        try:
            action = _as_action(action)
        except ValueError as exc:
            raise IllegalAction(action, str(exc)) from None
        self._apply(action)
        self._redo.clear()

    def _apply(self, action: Action) -> None:
        try:
            self.rules.apply(self.state, action)
        except IllegalAction:
            raise  # refused before anything changed
        except Exception:
            self._rewind(len(self._actions))
            raise
        self.state.rng = self._rng.bit_generator.state
        self._actions.append(action)
        if self.rules.revealed:  # hidden information came to light: no going back past it
            self._base = self.state.copy()
            self._base_len = len(self._actions)

    def _rewind(self, n_actions: int) -> None:
        """Rebuild the state after the first ``n_actions`` actions (not before the base)."""
        self.state = self._base.copy()
        self._rng.bit_generator.state = self.state.rng
        for action in self._actions[self._base_len : n_actions]:
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
        return self.state.player

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
        return self.rules.path_context(self.state, self.current_player)

    def attack_cubes(self, extra: int = 0) -> tuple[dict[str, int], int]:
        """The bag as the next dragon attack will see it (bag + Clank! area), and its draws."""
        s = self.state
        seats = [p.colour for p in s.players]
        others = sorted((set(s.bag) | set(s.clank_area)) - set(seats))
        cubes = {c: s.bag.get(c, 0) + s.clank_area.get(c, 0) for c in seats + others}
        return cubes, self.rules.rage_value(s) + self.rules.dangers(s) + extra

    def attack_odds(self, extra: int = 0):
        """Exact odds of the next dragon attack from the current state.

        See :func:`clankwidget.odds.attack_odds` for the object returned.
        """
        from . import odds

        cubes, draws = self.attack_cubes(extra)
        s = self.state
        health = {p.colour: self.rules.health - p.damage for p in self.players if p.is_in}
        clones = {p.colour: self.rules.clones(s, p) for p in self.players if p.is_in}
        clones = {c: n for c, n in clones.items() if n}
        return odds.attack_odds(
            cubes, draws, health=health, hit_all=self.rules.hit_all, clones=clones or None
        )

    # ---------------------------------------------------------- persistence

    def replay(self) -> Game:
        """A new game rebuilt from this game's seed and actions (equal to this one)."""
        game = Game._from_setup(self._setup, type(self.rules), self.board, self.cards)
        for a in self._actions:
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
        return json.dumps(doc, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved by :meth:`to_json`. A save that is corrupt, edited, or from a
        newer clankwidget raises :class:`SaveError`; nothing is half-loaded."""
        try:
            doc = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise SaveError(f"not a clankwidget save: the text is not JSON ({exc})") from None
        if not isinstance(doc, dict) or doc.get("format") != "clankwidget-save":
            raise SaveError("not a clankwidget save: 'format' is not 'clankwidget-save'")
        version = doc.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise SaveError(f"corrupt save: 'version' must be an integer, got {version!r}")
        if version > SAVE_VERSION:
            raise SaveError(
                f"this save is version {version}, made by a newer clankwidget; "
                f"this one reads versions up to {SAVE_VERSION}"
            )
        missing = [k for k in ("setup", "actions", "state", "checksum") if k not in doc]
        if missing:
            raise SaveError(f"corrupt save: missing {', '.join(missing)}")
        body = {k: doc[k] for k in ("setup", "actions", "state")}
        if doc["checksum"] != _digest(body):
            raise SaveError("corrupt save: the checksum does not match its contents")
        try:
            setup = doc["setup"]
            game = cls._from_setup(setup)
            for i, a in enumerate(doc["actions"]):
                try:
                    game._apply(action_from_dict(a))
                except (ValueError, IllegalAction) as exc:
                    raise SaveError(
                        f"corrupt save: action {i} ({a}) cannot be replayed: {exc}"
                    ) from None
        except SaveError:
            raise
        except BoardDataError as exc:
            raise SaveError(f"corrupt save: its board or card set is invalid: {exc}") from None
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"corrupt save: {type(exc).__name__}: {exc}") from None
        if game.state.to_dict() != doc["state"]:
            raise SaveError("corrupt save: the saved state does not follow from its actions")
        game._forget_undo()
        return game

    def _forget_undo(self) -> None:
        self._base = self.state.copy()
        self._base_len = len(self._actions)

    def copy(self) -> Game:
        """An independent copy (same state and history)."""
        return Game.from_json(self.to_json())

    def __repr__(self) -> str:
        status = (
            "over"
            if self.is_over
            else f"turn {self.state.turn}, {self.current_player.colour} to play"
        )
        where = f"{self.edition} on {self.board.id!r}, {len(self.players)} players"
        return f"<Game {where}, seed {self.seed}: {status}>"


def _as_action(action: Action | dict) -> Action:
    if isinstance(action, Action):
        return action
    return action_from_dict(action)


def _colours(players: int | Iterable[str]) -> list[str]:
    if isinstance(players, bool):
        raise ValueError("players must be a number from 2 to 4 or a list of colours")
    if isinstance(players, int | np.integer):
        if not 2 <= players <= 4:
            raise ValueError(f"Clank! takes 2 to 4 players, got {players}")
        return [c for c in PLAYER_COLOURS if c != "red"][:players]
    colours = list(players)
    if not 2 <= len(colours) <= 4:
        raise ValueError(f"Clank! takes 2 to 4 players, got {len(colours)} colours")
    for c in colours:
        if c not in PLAYER_COLOURS:
            raise ValueError(
                f"unknown player colour {c!r}; choose from {', '.join(PLAYER_COLOURS)}"
            )
    if len(set(colours)) != len(colours):
        raise ValueError(f"each player needs a different colour, got {colours}")
    return colours


_SAVED: dict[tuple[type, str], Board | CardSet] = {}


def _from_saved(cls, doc: dict, source: str):
    """Boards and card sets embedded in saves, validated once per distinct content."""
    key = (cls, _digest(doc))
    if key not in _SAVED:
        if len(_SAVED) > 64:
            _SAVED.clear()
        _SAVED[key] = cls.from_dict(doc, source=source)
    return _SAVED[key]


def _digest(body: dict) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()
