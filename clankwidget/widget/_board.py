"""The :class:`ClankBoard` anywidget (:func:`clankwidget.widget.play` makes one).

See :mod:`clankwidget.widget` for the message protocol.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import pathlib
import re
from collections.abc import Iterable, Sequence
from numbers import Real
from typing import Any

import anywidget
import traitlets

from ..bots import Bot
from ..data._files import Unreadable, read_plain
from ..errors import IllegalAction, PositionError, SaveError, at_most, shown
from ..game import Game
from ..positions import dumps
from ..registry import edition
from ..rules import actions as A
from ._hover import hover_bag, hover_space
from ._intents import (
    BOT_SPEEDS,
    GAME_KINDS,
    MAX_LOAD_CHARS,
    UI_INTENTS,
    IntentError,
    _game_kinds,
    _payload_problem,
    _position_refs_problem,
)
from ._table import _count_clank, _cubes_out, _make_bots, _since_mark, _since_summary
from .view import RoutePlan, action_words, edition_part, terms, view_state

__all__ = ["ClankBoard"]

_STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"


# What an action of each kind brought to light when undo cannot go back past it.
_REVEALS = {
    "play": "the card it drew",
    "move": "the secret you found",
    "teleport": "the secret you found",
    "take-secret": "the secret you found",
    "acquire": "the card that came into the row",
    "defeat": "the card that came into the row",
}
# A bot that has not ended its turn after this many actions is made to end it.
_MAX_BOT_ACTIONS_PER_TURN = 400
# Files of one name (``<stem>.json``, ``<stem>-2.json``...) a board writes before refusing.
_MAX_SAME_NAME = 100
# The names Save and Save position give their files, and how many of them Load lists (the
# newest), from how many entries of the save folder at most.
_SAVE_NAME = re.compile(r"clank-[A-Za-z0-9_-]+\.json")
_MAX_LISTED = 30
_MAX_SCANNED = 10_000


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


#: what a new game resets on the board (and a refused one puts back)
_GAME_FIELDS = (
    "_game",
    "_replay",
    "_pass_to",
    "seat",
    "_turn_start",
    "_human_turn",
    "_own_turn",
    "_since_mark",
    "_since",
)


class ClankBoard(anywidget.AnyWidget):
    """A live Clank! game in a notebook: the board, the cards, and play by mouse and keys.

    ``ClankBoard(game, bots=("random",), human=0, bot_delay=0.4)`` shows ``game`` with
    seat ``human`` played by the person (``None``: watch the bots play) and every other
    seat by a bot (one of the edition's bot names, a bot class, made seeded for its seat,
    or a bot object; one name is used for every bot seat). ``widget.game`` is the live
    game.

    Save and Save position write their files into ``save_dir`` (the kernel's working
    folder, next to the notebook, unless given), never to the browser: a save holds
    every hand and the order of every deck, which the view must not see. ``save_dir=None``
    turns both off (a board served as an app, where nobody may write files).

    After the person ends a turn the bots play theirs one action at a time,
    ``bot_delay`` seconds apart on the kernel's event loop (at once when no loop runs
    or the delay is 0).
    """

    # The bundle of the sources in js/ (npm run build); committed, so no Node is needed.
    _esm = _STATIC / "board.js"
    _css = _STATIC / "board.css"

    board = traitlets.Dict().tag(sync=True)
    """Static board geometry and what is left on it: ``id``, ``title``, ``width``,
    ``height``, ``depths_line``, ``spaces`` and ``paths`` (see
    :func:`clankwidget.widget.view.view_state`). Read-only: set by the widget."""

    view = traitlets.Dict().tag(sync=True)
    """The rest of the view state for the person's seat: players, row, reserve, market,
    Clank! area and bag, rage, countdown, pending choice, legal actions with labels,
    reachable spaces, undo/redo, scores and the log. Read-only: set by the widget.
    Holds no hidden information."""

    status = traitlets.Dict({"text": "", "level": "info", "seq": 0}).tag(sync=True)
    """The status line: ``text``, ``level`` (``"info"`` or ``"error"``) and ``seq``
    (counts up with every new status, so a repeated message shows again)."""

    busy = traitlets.Bool(False).tag(sync=True)
    """True while bots are taking their turns (the view then accepts no game action)."""

    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    """The person's seat (0-based), or ``None`` when every seat is a bot. Read-only."""

    bot_delay = traitlets.Float(0.4, min=0.0).tag(sync=True)
    """Seconds between two bot actions (0: bots play their turns at once)."""

    def __init__(
        self,
        game: Game,
        *,
        bots: Sequence[str | Bot] | str | Bot | None = None,
        human: int | Sequence[int] | None = 0,
        bot_delay: float = 0.4,
        save_dir: str | os.PathLike | None = ".",
    ) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"ClankBoard needs a clankwidget Game, got {type(game).__name__}")
        n = len(game.players)
        if isinstance(human, Iterable) and not isinstance(human, str | bytes):
            humans = at_most(human, n, "human")  # (an endless iterable is not read on)
        else:
            humans = [human]  # (one seat, None, or something refused just below)
        humans = [h for h in humans if h is not None]
        if any(
            isinstance(h, bool) or not isinstance(h, int) or not 0 <= h < n for h in humans
        ) or len(set(humans)) != len(humans):
            raise ValueError(
                f"human must be a seat from 0 to {n - 1}, a list of such seats, or None; "
                f"got {shown(human)}"
            )
        if (
            isinstance(bot_delay, bool)
            or not isinstance(bot_delay, Real)
            or not 0 <= bot_delay <= 60
        ):
            raise ValueError(f"bot_delay must be from 0 to 60 seconds, got {shown(bot_delay)}")
        if save_dir is not None and not isinstance(save_dir, str | os.PathLike):
            raise TypeError(f"save_dir must be a folder's path or None, got {shown(save_dir)}")
        #: Where Save and Save position write their files (None: saving is off)
        self._save_dir = None if save_dir is None else pathlib.Path(save_dir)
        self._game = game
        #: The seats people play (two or more: hot-seat, passing the device between turns).
        self._humans = tuple(humans)
        self._pass_to: int | None = None
        self._bots = _make_bots(bots, n, self._humans, game.seed, game.edition)
        self._generation = 0
        self._handle: asyncio.TimerHandle | None = None
        self._turn_start = len(game.actions)
        self._human_turn = False
        self._own_turn = False
        self._bot_turn_actions = 0
        self._replay: tuple[Game, int] | None = None  # (the whole game, step shown)
        # Since the person's last turn: where the log and the pawns were when it ended,
        # the Clank! each bot added since, and the summary shown on the next turn.
        self._since_mark: dict | None = None
        self._since: dict | None = None
        super().__init__(seat=humans[0] if humans else None, bot_delay=float(bot_delay))
        self.on_msg(self._on_msg)
        self.refresh()
        if opening := _opening(game):  # until the first move
            self._say(opening)

    # ------------------------------------------------------------------ public

    @property
    def game(self) -> Game:
        """The live game. Assigning a new game shows it (same edition, seats and bots)."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"expected a clankwidget Game, got {type(game).__name__}")
        if len(game.players) != len(self._game.players):
            raise ValueError("the new game must have as many players as the old one")
        if game.edition != self._game.edition:  # the bots play one edition
            raise ValueError(
                f"the new game must be of the board's edition ({self._game.edition!r}), "
                f"not {game.edition!r}: make a new board for it"
            )
        # A game this board cannot show or play on is refused and the old one kept: its
        # view is built first, and a failure while the bots open the new game puts the
        # old one back (a refused Load changes nothing).
        self._view_of(game)
        kept = [getattr(self, name) for name in _GAME_FIELDS]
        self._cancel_bots()
        self._replay = None
        self._pass_to = None  # (hot-seat: the new game's first turn is asked for afresh)
        self._game = game
        self._turn_start = len(game.actions)
        self._human_turn = self._own_turn = False
        self._since_mark = self._since = None
        try:
            self.refresh()
        except Exception:
            self._cancel_bots()
            for name, value in zip(_GAME_FIELDS, kept, strict=True):
                setattr(self, name, value)
            self._sync()
            raise
        if opening := _opening(game):
            self._say(opening)

    @property
    def bots(self) -> dict[int, Bot]:
        """The bot of each bot seat (seat -> bot)."""
        return dict(self._bots)

    def refresh(self) -> None:
        """Re-read the game (after changing it from Python); bots play if it is their turn."""
        self._sync()
        self._advance_bots()

    def handle_intent(self, intent: Any) -> dict:
        """Validate and apply one intent from the view; return the reply sent back.

        Never raises for bad input: a refused intent leaves the game unchanged and
        gives ``{"kind": "error", "message": ...}`` (also shown in the status line).
        """
        try:
            reply = self._dispatch(intent)
        except (IntentError, IllegalAction) as exc:
            message = exc.reason if isinstance(exc, IllegalAction) else str(exc)
        except Exception as exc:  # a bug must not break the comm channel; say what it was
            message = f"unexpected error: {type(exc).__name__}: {exc}"
        else:
            return reply
        self._say(message, "error")
        return {"kind": "error", "message": message}

    def __repr__(self) -> str:
        g = self._game
        you = f"you: {g.players[self.seat].colour}" if self.seat is not None else "spectating"
        bots = ", ".join(f"{g.players[i].colour}={b.name}" for i, b in sorted(self._bots.items()))
        state = "over" if g.is_over else f"turn {g.state.turn}, {g.current_player.colour} to play"
        board = getattr(g.board, "id", None)
        return (
            f"<ClankBoard {g.edition} on {board!r}, {len(g.players)} players "
            f"({you}; bots: {bots or 'none'}), seed {g.seed}: {state}>"
        )

    # --------------------------------------------------------------- messages

    def set_state(self, sync_data) -> None:
        """State sent by the browser is ignored: the view is untrusted and changes nothing
        but through intents. The kernel's values are sent back so the view is right again."""
        if not isinstance(sync_data, dict):
            return  # (nothing to send back: not even a state)
        keys = [k for k in sync_data if isinstance(k, str) and k in self.keys]
        if keys:
            self.send_state(keys)

    def _on_msg(self, _widget, content, _buffers) -> None:
        reply = self.handle_intent(content)
        self.send(reply)

    def _dispatch(self, intent: Any) -> dict:
        if not isinstance(intent, dict):
            raise IntentError(
                f"an intent must be an object with a 'kind', got {type(intent).__name__}"
            )
        if intent.get("kind") == "load":
            return self._ui_load(intent)
        problem = _payload_problem(intent)
        if problem:
            raise IntentError(f"refused: {problem}")
        kind = intent.get("kind")
        if not isinstance(kind, str):
            raise IntentError("an intent needs a 'kind' (text)")
        if kind in GAME_KINDS or kind in _game_kinds():
            return self._game_action(intent)
        if kind not in UI_INTENTS:
            raise IntentError(f"unknown intent {kind!r}")
        fields = UI_INTENTS[kind]
        extra = sorted(set(intent) - set(fields) - {"kind"})
        if extra:
            raise IntentError(f"{kind!r} does not take {', '.join(extra)}")
        args = {}
        for name, (typ, required) in fields.items():
            if name not in intent:
                if required:
                    raise IntentError(f"{kind!r} needs {name!r}")
                continue
            value = intent[name]
            if typ is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise IntentError(f"{kind!r}: {name!r} must be an integer")
            if typ is str and not isinstance(value, str):
                raise IntentError(f"{kind!r}: {name!r} must be text")
            args[name] = value
        handler = getattr(self, "_ui_" + kind.replace("-", "_"))
        return handler(**args)

    def _actor(self) -> int:
        """The seat that acts now: the current player, or in an edition where others act
        during a turn (Moonrakers) the captain answering an offer or playing."""
        g = self._game
        return g.players.index(g.acting_player)

    def _require_turn(self) -> None:
        g = self._game
        if self._replay is not None:
            raise IntentError("this is a replay: leave it to play on")
        if self._pass_to is not None:
            who = g.players[self._pass_to].colour.capitalize()
            raise IntentError(f"pass the board to {who} first (they press Ready)")
        if g.is_over:
            raise IntentError("the game is over: start a new game")
        if self.seat is None:
            raise IntentError("you are watching: every seat is a bot")
        if self.busy or self._actor() != self.seat:
            raise IntentError(f"wait: it is {g.acting_player.colour.capitalize()}'s turn")

    def _game_action(self, intent: dict) -> dict:
        self._require_turn()
        try:
            action = A.action_from_dict(intent)
        except ValueError as exc:
            raise IntentError(str(exc)) from None
        self._game.apply(action)  # refuses an illegal action (IllegalAction), changing nothing
        self._say("")
        self._changed()
        return {"kind": "ok", "intent": action.kind}

    # ------------------------------------------------------------ UI intents

    def _ui_undo(self) -> dict:
        self._require_turn()
        if not self._can_undo():
            raise IntentError(self._why_no_undo())
        action = self._game.undo()
        self._say(f"Took back: {action_words(self._game, action)}")
        self._changed()
        return {"kind": "ok", "intent": "undo"}

    def _why_no_undo(self) -> str:
        """Why undo is refused now, in words (the person's turn, checked before)."""
        g = self._game
        if len(g.actions) <= self._turn_start:
            return "nothing to undo: you have not done anything this turn yet"
        last = g.actions[-1]
        what = _REVEALS.get(last.kind, "something hidden (a card, cube or secret)")
        return f"can't undo past {action_words(g, last)}: it revealed {what}"

    def _ui_redo(self) -> dict:
        self._require_turn()
        if not self._game.can_redo:
            raise IntentError("nothing to redo")
        before = self._game.fork()  # words for a move name where it went from
        action = self._game.redo()
        self._say(f"Redid: {action_words(before, action)}")
        self._changed()
        return {"kind": "ok", "intent": "redo"}

    def _ui_new_game(self, seed: int | None = None) -> dict:
        if seed is not None and seed < 0:
            raise IntentError("seed must be a non-negative integer")
        old = self._game
        game = Game.new(
            old.edition,
            board=old.board,
            players=[p.colour for p in old.players],
            seed=seed,
            cards=old.cards,
            options=dict(old.rules.options) or None,
        )
        self.game = game
        self._say("New game")  # (not its seed: the view never holds what deals the cards)
        return {"kind": "ok", "intent": "new-game"}

    def _ui_save(self) -> dict:
        """Write the game (:meth:`Game.to_json`) into the save folder: a save holds every
        hidden card and the deck's order, so it stays with the kernel, never the view."""
        g = self._game
        name = self._write(f"clank-{g.edition}-seed{g.seed}-turn{g.state.turn}", g.to_json())
        self._say(f"Saved the game as {name} {self._where()}: Load or play(save=...) opens it")
        return {"kind": "saved", "name": name}

    def _ui_save_position(self) -> dict:
        """The situation on the board (in a replay, at the step shown) as a position to
        hand out, written into the save folder: Load opens it, as does
        ``play(position=...)``."""
        g = self._game if self._replay is None else self._replay[0].replay(self._replay[1])
        name = self._write(f"clank-{g.edition}-position-turn{g.state.turn}", dumps(g.position()))
        self._say(
            f"Saved the position as {name} {self._where()}: Load or play(position=...) opens it"
        )
        return {"kind": "saved", "name": name}

    def _ui_list_saves(self) -> dict:
        """The files Load may open from the save folder (see :meth:`_saved_names`)."""
        return {"kind": "saves", "names": self._saved_names()}

    def _ui_load_saved(self, name: str) -> dict:
        """Open a file of the save folder by its name, as Load opens one from the person's
        computer. The name is untrusted: only one :meth:`_saved_names` lists now is read,
        so no path leads anywhere else."""
        if self._save_dir is None:
            raise IntentError("saving is off on this board (it was made with save_dir=None)")
        if name not in self._saved_names():
            raise IntentError(f"there is no save called {shown(name)} {self._where()}")
        try:  # (UTF-8: at most 4 bytes a character)
            text = read_plain(self._save_dir / name, 4 * MAX_LOAD_CHARS).decode("utf-8")
        except Unreadable as exc:
            raise IntentError(f"not loaded: {name} {exc}") from None
        except UnicodeDecodeError:
            raise IntentError(f"not loaded: {name} cannot be read (not UTF-8 text)") from None
        return self._ui_load({"kind": "load", "text": text})

    def _saved_names(self) -> list[str]:
        """The names of the files in the save folder that Save and Save position write
        (``clank-*.json``), newest first, at most :data:`_MAX_LISTED` of them (a folder
        is read only as far as :data:`_MAX_SCANNED` entries). ``[]`` when saving is off or
        the folder cannot be read."""
        if self._save_dir is None:
            return []
        found = []
        try:
            with os.scandir(self._save_dir) as entries:
                for entry in itertools.islice(entries, _MAX_SCANNED):
                    if _SAVE_NAME.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                        found.append((entry.stat(follow_symlinks=False).st_mtime, entry.name))
        except OSError:
            return []
        found.sort(key=lambda f: (-f[0], f[1]))
        return [name for _, name in found[:_MAX_LISTED]]

    def _not_written(self, name: str, exc: OSError) -> str:
        return f"not saved: {name} cannot be written {self._where()} ({exc.strerror or exc})"

    def _where(self) -> str:
        """Where saves go, in words for the status line."""
        folder = self._save_dir
        return "next to the notebook" if folder == pathlib.Path() else f"in {folder}"

    def _write(self, stem: str, text: str) -> str:
        """Write ``text`` as a new file ``<stem>.json`` in the save folder (``<stem>-2``
        and so on when that name is taken: a save never replaces a file) and return its
        name. Refused when saving is off or the folder cannot take the file."""
        if self._save_dir is None:
            raise IntentError("saving is off on this board (it was made with save_dir=None)")
        for n in range(1, _MAX_SAME_NAME + 1):
            name = f"{stem}.json" if n == 1 else f"{stem}-{n}.json"
            path = self._save_dir / name
            try:
                fh = open(path, "x", encoding="utf-8")  # noqa: SIM115 (closed just below)
            except FileExistsError:
                continue
            except OSError as exc:
                raise IntentError(self._not_written(name, exc)) from None
            try:
                with fh:
                    fh.write(text)
            except OSError as exc:  # (a disk that filled up: no half a save is left)
                path.unlink(missing_ok=True)
                raise IntentError(self._not_written(name, exc)) from None
            return name
        raise IntentError(
            f"not saved: {stem}.json and {_MAX_SAME_NAME - 1} numbered copies are already "
            f"{self._where()}: move some away"
        )

    def _ui_load(self, intent: dict) -> dict:
        """Open a save or a position sent by the view: untrusted, so its size and shape
        are checked here and everything else by :meth:`Game.from_json` (a
        :class:`SaveError`) or :meth:`Game.from_position` (a :class:`PositionError`)."""
        extra = sorted(set(intent) - {"kind", "text"})
        if extra:
            raise IntentError(f"'load' does not take {', '.join(map(str, extra))}")
        text = intent.get("text")
        if not isinstance(text, str):
            raise IntentError("'load' needs the save's 'text'")
        if len(text) > MAX_LOAD_CHARS:
            raise IntentError(
                f"not loaded: the file is {len(text):,} characters, over {MAX_LOAD_CHARS:,}"
            )
        try:
            position = _position_in(text)
            if position is not None:  # a position a teacher handed out: a new game there
                problem = _position_refs_problem(position)
                if problem is not None:
                    raise IntentError(problem)
                game = Game.from_position(position, seed=None)
            else:
                game = Game.from_json(text)
        except (SaveError, PositionError) as exc:
            raise IntentError(str(exc)) from None
        n, ed = len(self._game.players), self._game.edition
        if len(game.players) != n or game.edition != ed:
            what = (
                f"has {len(game.players)} players and this board seats {n}"
                if len(game.players) != n
                else f"is a {game.edition!r} game and this board plays {ed!r}"
            )
            if position is not None:
                opener = "the position", "clankwidget.play(position=text)"
            else:
                opener = "the save", "clankwidget.widget.ClankBoard(Game.from_json(text), ...)"
            raise IntentError(f"not loaded: {opener[0]} {what}; open it with {opener[1]}")
        turn, played = game.state.turn, len(game.actions)  # (before the bots move on)
        try:
            self.game = game
        except Exception as exc:  # (the board keeps its game: see the game setter)
            what = "position" if position is not None else "save"
            raise IntentError(
                f"not loaded: this board cannot show or play on the {what} "
                f"({type(exc).__name__}: {exc})"
            ) from None
        if played:
            self._say(f"Loaded a {game.edition} game at turn {turn} ({played} actions)")
        else:  # a position (or a save of a game not yet begun), with its story
            opened = f"Opened a {game.edition} game at turn {turn}, seed {game.seed}"
            self._say(f"{opened}. {opening}" if (opening := _opening(game)) else opened)
        return {"kind": "ok", "intent": "load"}

    def _ui_replay(self, step: int | None = None) -> dict:
        """Show the game as it was after ``step`` actions (enter the replay at 0)."""
        if self._replay is None:
            if self.busy:
                raise IntentError("wait: the bots are playing")
            full = self._game.copy()
        else:
            full = self._replay[0]
        total = len(full.actions)
        step = 0 if step is None else step
        if not 0 <= step <= total:
            raise IntentError(f"a replay step is from 0 to {total}")
        self._replay = (full, step)
        self._say("")
        self._sync()
        return {"kind": "ok", "intent": "replay", "step": step, "total": total}

    def _ui_replay_exit(self) -> dict:
        if self._replay is None:
            raise IntentError("there is no replay to leave")
        self._replay = None
        self._say("Back to the game")
        self._sync()
        return {"kind": "ok", "intent": "replay-exit"}

    def _ui_ready(self) -> dict:
        """Hot-seat: the next person has the board; show their hand."""
        if self._pass_to is None:
            raise IntentError("there is nobody to pass the board to")
        self.seat, self._pass_to = self._pass_to, None
        self._say(f"{self._game.players[self.seat].colour.capitalize()}: your turn")
        self._changed()
        return {"kind": "ok", "intent": "ready"}

    def _ui_bot_speed(self, speed: str) -> dict:
        if speed not in BOT_SPEEDS:
            raise IntentError(f"a bot speed is one of {', '.join(BOT_SPEEDS)}")
        self.bot_delay = BOT_SPEEDS[speed]
        self._say(f"Bots play at {speed} speed")
        self._sync()
        return {"kind": "ok", "intent": "bot-speed"}

    def _ui_skip_bots(self) -> dict:
        """The bots finish their turns at once: straight to the person's turn."""
        if self._handle is None or not self._bot_seat_to_play():
            raise IntentError("the bots are not playing")
        self._handle.cancel()
        self._handle = None
        self._generation += 1
        self._play_bots_now()
        return {"kind": "ok", "intent": "skip-bots"}

    def _ui_play_all(self) -> dict:
        self._require_turn()
        g = self._game
        if g.pending:
            raise IntentError(f"finish the pending choice first ({g.pending['prompt']})")
        played = []
        progress = True
        while progress and not g.is_over and not g.pending:
            progress = False
            for cid in list(dict.fromkeys(g.current_player.hand)):
                if cid not in g.current_player.hand or g.pending or g.is_over:
                    continue
                trial = g.fork()
                try:
                    trial.apply(A.Play(cid))
                except IllegalAction:
                    continue
                if trial.pending:
                    continue
                g.apply(A.Play(cid))
                played.append(g.cards.cards[cid].name)
                progress = True
        if not played:
            raise IntentError(
                "every card left in your hand asks for a choice: play it by clicking it"
            )
        left = len(g.current_player.hand)
        self._say(
            f"Played {len(played)} card{'s' if len(played) != 1 else ''}"
            + (f"; {left} left (they ask for a choice)" if left else "")
        )
        self._changed()
        return {"kind": "ok", "intent": "play-all", "played": len(played)}

    def _ui_move_to(self, id: str, option: int | None = None) -> dict:
        self._require_turn()
        g = self._game
        if g.board is None:
            raise IntentError(f"a {g.edition} game has no map to move on")
        if id not in g.board:
            raise IntentError(f"there is no {terms(g)['space']} {id!r}")
        if g.pending:
            raise IntentError(f"finish the pending choice first ({g.pending['prompt']})")
        plan = RoutePlan(g)
        if not plan.available:
            raise IntentError("route finding is not available")
        name = g.board.space(id).name
        if id == g.current_player.space:
            raise IntentError(f"you are already in {name}")
        if id not in plan:
            raise IntentError(f"{name} cannot be reached this turn")
        front = plan.options(id)
        if option is not None and not 0 <= option < len(front):
            raise IntentError(f"choose a route option from 0 to {len(front) - 1}")
        steps = plan.route(id, option or 0)
        actions = []
        here = g.current_player.space
        for st in steps:
            actions.append(g.rules.route_action(here, st))
            here = st.space
        # Walk it on a fork first (Game.fork), so a refused route changes nothing.
        trial = g.fork()
        seat = g.state.current
        walk = []
        for action in actions:
            if (
                trial.pending
                or trial.is_over
                or trial.state.current != seat
                or not trial.current_player.is_in
            ):
                break
            try:
                trial.apply(action)
            except IllegalAction as exc:
                raise IntentError(f"cannot go to {name}: {exc.reason}") from None
            walk.append(action)
        for action in walk:
            g.apply(action)
        where = g.board.space(g.current_player.space).name
        if g.current_player.space == id:
            self._say("")
        elif not g.current_player.is_in:
            self._say(f"Stopped in {where}: you are out")
        elif g.pending:
            self._say(f"Stopped in {where}: {g.pending['prompt']}")
        else:
            self._say(f"Stopped in {where}")
        self._changed()
        return {"kind": "ok", "intent": "move-to", "steps": len(walk)}

    def _ui_hover_space(self, id: str) -> dict:
        return hover_space(self._game, self.seat, self.busy, id)

    def _ui_hover_bag(self) -> dict:
        return hover_bag(self._game)

    # ------------------------------------------------------------------ bots

    def _bot_seat_to_play(self) -> bool:
        g = self._game
        return not g.is_over and self._actor() in self._bots

    def _advance_bots(self) -> None:
        """Let the bots play until it is the person's turn or the game is over."""
        if self._handle is not None:
            return  # already scheduled
        if not self._bot_seat_to_play():
            if self.busy:
                self.busy = False
                self._sync()
            return
        loop = _running_loop() if self.bot_delay > 0 else None
        if loop is None:
            self._play_bots_now()
            return
        self.busy = True
        self._sync()
        generation = self._generation
        self._handle = loop.call_later(self.bot_delay, self._bot_tick, generation)

    def _play_bots_now(self) -> None:
        """The bots play all their actions at once, up to the person's turn or the end."""
        for _ in range(100_000):
            if not self._bot_seat_to_play():
                break
            self._bot_step()
        self.busy = False
        self._sync()

    def _bot_tick(self, generation: int) -> None:
        self._handle = None
        if generation != self._generation:
            return
        try:
            if self._bot_seat_to_play():
                self._bot_step()
        except Exception as exc:  # a callback must never raise into the event loop
            self._say(f"bot error: {exc}", "error")
            self.busy = False
            self._sync()
            return
        if self._bot_seat_to_play():
            loop = _running_loop()
            if loop is not None:
                self._sync()
                self._handle = loop.call_later(self.bot_delay, self._bot_tick, generation)
                return
            self._advance_bots()
            return
        self.busy = False
        self._sync()

    def _bot_step(self) -> None:
        s = self._game.state
        before, n_events = _cubes_out(s), len(s.events)
        try:
            self._bot_act()
        finally:
            _count_clank(self._since_mark, self._game.state, before, n_events)

    def _bot_act(self) -> None:
        g = self._game
        seat = self._actor()
        bot = self._bots[seat]
        legal = g.legal_actions()
        if not legal:  # pragma: no cover - the engine always offers something
            raise RuntimeError("no legal action for the bot")
        fallback = next((a for a in legal if isinstance(a, A.EndTurn)), legal[0])
        if self._bot_turn_actions >= _MAX_BOT_ACTIONS_PER_TURN and fallback.kind == "end-turn":
            g.apply(fallback)
        else:
            try:
                g.apply(bot.choose(g))  # an illegal choice raises and changes nothing
            except Exception as exc:
                self._say(
                    f"{g.current_player.colour.capitalize()}'s bot failed ({exc}); "
                    "it takes a default action",
                    "error",
                )
                g.apply(fallback)
        if self._actor() != seat or g.is_over:
            self._bot_turn_actions = 0
        else:
            self._bot_turn_actions += 1

    def _cancel_bots(self) -> None:
        self._generation += 1
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._bot_turn_actions = 0
        self.busy = False

    # ----------------------------------------------------------------- sync

    def _changed(self) -> None:
        self._sync()
        self._advance_bots()

    def _can_undo(self) -> bool:
        g = self._game
        return (
            g.can_undo
            and not self.busy
            and self.seat is not None
            and self._actor() == self.seat
            and len(g.actions) > self._turn_start
        )

    def _sync(self) -> None:
        if self._replay is not None:
            self._sync_replay(*self._replay)
            return
        g = self._game
        cur = self._actor()
        if (
            len(self._humans) > 1
            and not g.is_over
            and cur in self._humans
            and cur != self.seat
            and self._pass_to is None
        ):
            # Hot-seat: the turn passes to another person. Hide the last hand until the
            # next person says they are there (the "ready" intent).
            self._pass_to = cur
            self.seat = None
        human_turn = self.seat is not None and not g.is_over and self._actor() == self.seat
        # the person's own turn (in Moonrakers they also act in the others' turns: answer
        # an offer, play cards; what they see then counts from their own turn's end too)
        own_turn = self.seat is not None and not g.is_over and g.state.current == self.seat
        if human_turn and not self._human_turn:
            self._turn_start = len(g.actions)
            me = g.players[self.seat].colour
            self._since = _since_summary(g, self._since_mark, me) if self._since_mark else None
        if self._own_turn and not own_turn and self.seat is not None:
            self._since_mark = _since_mark(g)
            self._since = None
        self._human_turn = human_turn
        self._own_turn = own_turn
        vs = self._view_of(g)
        board = vs.pop("board", {})
        vs["can_undo"] = self._can_undo()
        vs["can_redo"] = g.can_redo and human_turn and not self.busy
        if self.busy or not human_turn:
            vs["actions"] = []
            vs["moves"] = []
            vs["blocked"] = []
            vs["notes"] = []
        if not g.is_over and self._bot_seat_to_play():
            p = g.acting_player
            vs["hint"] = (
                f"{p.colour.capitalize()} ({self._bots[self._actor()].name} bot) is playing…"
            )
        elif (
            not g.is_over
            and self.seat is not None
            and not g.players[self.seat].is_in
            and not human_turn
        ):
            vs["hint"] = f"You are out of the {terms(g)['place']}; the others play on."
        vs["busy"] = self.busy
        vs["since"] = self._since if human_turn else None
        if self._pass_to is not None:
            vs["pass_to"] = g.players[self._pass_to].colour
            vs["hint"] = f"Pass the board to {vs['pass_to'].capitalize()}"
        self.board = board
        self.view = vs

    def _view_of(self, g: Game, frozen: str | None = None) -> dict:
        """The view state of ``g`` for the person's seat, each seat's bot named. An
        edition without a map (Moonrakers) is drawn as a table: its part builds the whole
        view (``frozen``: why nothing can be played, in a replay), and the front end draws
        it when the features have no "map"."""
        if edition(g.edition).has("map"):
            vs = view_state(g, self.seat)
        else:
            vs = edition_part(g).table_view(self.seat, frozen=frozen)
        for entry in vs.get("players", vs.get("captains", [])):
            bot = self._bots.get(entry["seat"])
            entry["bot"] = bot.name if bot is not None else None
        vs["bot_speed"] = next(
            (k for k, v in BOT_SPEEDS.items() if v == self.bot_delay), f"{self.bot_delay:g} s"
        )
        vs["can_save"] = self._save_dir is not None
        vs["save_where"] = self._where() if self._save_dir is not None else None
        return vs

    def _sync_replay(self, full: Game, step: int) -> None:
        """The view of ``full`` as it was after ``step`` actions: nothing can be played."""
        g = full.replay(step)
        vs = self._view_of(g, frozen="this is a replay: leave it to play on")
        board = vs.pop("board", {})
        vs.update(can_undo=False, can_redo=False, actions=[], moves=[], blocked=[], notes=[])
        actions = full.actions
        vs["replay"] = {
            "step": step,
            "total": len(actions),
            "next": action_words(g, actions[step]) if step < len(actions) else None,
            "who": g.acting_player.colour,
        }
        vs["hint"] = f"Replay: step {step} of {len(actions)}"
        vs["busy"] = False
        self.board = board
        self.view = vs

    def _say(self, text: str, level: str = "info") -> None:
        self.status = {"text": text, "level": level, "seq": self.status.get("seq", 0) + 1}


def _opening(game: Game) -> str:
    """What the status line says as a game opens: a position's story and question, and
    what is wrong with a board a person made (rooms nothing leads to or back from)."""
    warnings = game.board.warnings() if game.board is not None else []  # (Moonrakers: none)
    board = f"This board: {'; '.join(warnings)}." if warnings else ""
    return " ".join(filter(None, (game.note, board)))


def _position_in(text: str) -> dict | None:
    """The position ``text`` (at most ``MAX_LOAD_CHARS``) holds: a JSON object whose
    ``format`` is a position's. Anything else is ``None``, taken as a save (whose checks
    say what is wrong with it)."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return doc if isinstance(doc, dict) and doc.get("format") == "clankwidget-position" else None
