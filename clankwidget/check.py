"""Check the files a person wrote or was sent, before a class opens them.

``python -m clankwidget check FILE...`` (or :func:`check_file` in code) tells each file's
kind by its ``format`` and checks it exactly as the package does when it opens one: a
board, a card set, a Moonrakers card set, a position, a campaign, a saved game (replayed
from its set-up) or a saved campaign. A board that is accepted is also looked over for
what the loader lets through but a game would regret: rooms nothing leads to, rooms
nothing leads back from, no artifact (:meth:`~clankwidget.data.Board.warnings`).

Each file gets a line: what it is, or ``refused:`` and the reason (with the JSON path of
what is wrong), then its warnings. The exit status is 0 when every file was accepted, 1
when one was refused (or, with ``--strict``, warned about), 2 for a wrong command line.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .campaign import Campaign, load_campaign
from .data import load_board, load_cards
from .data._files import Unreadable, parse_json_text, read_plain
from .errors import BoardDataError, ClankwidgetError, PositionError, shown
from .game import Game
from .positions import load_position
from .rules.moonrakers_data import load_card_set

__all__ = ["FORMATS", "Report", "check_file", "main"]

#: the largest file read (a saved game's own limit; the other kinds' loaders refuse a
#: file over 2,000,000 bytes themselves)
MAX_BYTES = 16 * 2**20


@dataclass(frozen=True)
class Report:
    """What :func:`check_file` found: ``what`` the file is when it was accepted, else
    ``problem`` (why it was refused); ``warnings`` about an accepted one."""

    file: str
    what: str | None = None
    problem: str | None = None
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether the file was accepted (warnings or not)."""
        return self.problem is None

    def lines(self) -> list[str]:
        """The report as the command prints it."""
        head = f"{self.file}: " + (self.what if self.ok else f"refused: {self.problem}")
        return [head, *(f"  warning: {w}" for w in self.warnings)]


def _board(path: Path, raw: bytes) -> tuple[str, list[str]]:
    board = load_board(path)
    kind = "board" if board.kind == "board" else "ship piece"
    what = f"{kind} {board.id!r} ({board.title}, {board.edition})"
    return f"{what}: {len(board.spaces)} spaces, {len(board.paths)} paths", board.warnings()


def _cards(path: Path, raw: bytes) -> tuple[str, list[str]]:
    cards = load_cards(path)
    return f"card set {cards.id!r} ({cards.title}, {cards.edition}): {len(cards.cards)} cards", []


def _moonrakers(path: Path, raw: bytes) -> tuple[str, list[str]]:
    cards = load_card_set(path)
    return f"Moonrakers card set {cards.id!r} ({cards.title}): {len(cards.cards)} cards", []


def _position(path: Path, raw: bytes) -> tuple[str, list[str]]:
    doc = load_position(path)
    state = doc["state"]
    seats = len(state["players"])
    return f"{doc['edition']} position: turn {state['turn']}, {seats} players", []


def _campaign(path: Path, raw: bytes) -> tuple[str, list[str]]:
    doc = load_campaign(path)
    return f"campaign {doc['id']!r} ({doc['title']}): {len(doc['games'])} games", []


def _save(path: Path, raw: bytes) -> tuple[str, list[str]]:
    game = Game.from_json(raw)
    where = "over" if game.is_over else f"at turn {game.state.turn}"
    return f"saved {game.edition} game, {where}: {len(game.actions)} actions replayed", []


def _campaign_save(path: Path, raw: bytes) -> tuple[str, list[str]]:
    camp = Campaign.from_json(raw)
    games = len(camp.data["games"])
    where = "finished" if camp.finished else f"game {camp.next + 1} of {games} next"
    return f"saved campaign {camp.campaign!r}, {where}", []


#: each ``format`` this command checks, and how: from the file's path (read again by its
#: loader, within that loader's limits) or its bytes (a save's loader takes the text)
FORMATS: dict[str, Callable[[Path, bytes], tuple[str, list[str]]]] = {
    "clankwidget-board": _board,
    "clankwidget-cards": _cards,
    "clankwidget-moonrakers": _moonrakers,
    "clankwidget-position": _position,
    "clankwidget-campaign": _campaign,
    "clankwidget-save": _save,
    "clankwidget-campaign-save": _campaign_save,
}

#: formats of files read by name from ``board_data/space`` only: not checked here
_BY_NAME = ("clankwidget-space-edition", "clankwidget-space-cards")


def check_file(path: str | os.PathLike) -> Report:
    """Check one file (see the module docs); never raises for what is in the file."""
    path = Path(path)
    label = str(path)
    try:
        raw = read_plain(path, MAX_BYTES)
    except Unreadable as exc:
        return Report(label, problem=str(exc))
    if len(raw) > MAX_BYTES:
        return Report(label, problem=f"over {MAX_BYTES:,} bytes: no clankwidget file is")
    try:
        doc = parse_json_text(raw.decode("utf-8"), label)
    except UnicodeDecodeError as exc:
        return Report(label, problem=f"$: expected UTF-8 text (byte {exc.start} is not)")
    except BoardDataError as exc:
        return Report(label, problem=f"{exc.json_path}: {exc.problem}")
    form = doc.get("format") if isinstance(doc, dict) else None
    if form in _BY_NAME:
        return Report(
            label,
            problem=f"$.format: {form!r} files are read by name from board_data/space "
            "(see its README); this command checks the files a class opens",
        )
    how = FORMATS.get(form) if isinstance(form, str) else None  # ([] and {} are no key)
    if how is None:
        return Report(
            label,
            problem=f"$.format: expected one of {', '.join(map(repr, FORMATS))}, "
            f"got {shown(form) if isinstance(doc, dict) and 'format' in doc else 'none'}",
        )
    try:
        what, warnings = how(path, raw)
    except BoardDataError as exc:  # (the file named when it is another: a board it names)
        same = exc.file == str(path.resolve())
        return Report(label, problem=f"{exc.json_path}: {exc.problem}" if same else str(exc))
    except PositionError as exc:
        return Report(label, problem=f"{exc.field}: {exc.problem}")
    except ClankwidgetError as exc:  # a save or a campaign save: the message says where
        return Report(label, problem=str(exc))
    return Report(label, what=what, warnings=tuple(warnings))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m clankwidget check [--strict] FILE...``: print each file's report (a
    folder: each ``.json`` file in it and in the folders inside)."""
    parser = argparse.ArgumentParser(
        prog="python -m clankwidget",
        description="Tools for clankwidget's data files.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser(
        "check",
        help="check boards, card sets, positions, campaigns and saves",
        description="Tell each file's kind by its format and check it as clankwidget does "
        "when it opens one (a save is replayed from its set-up); look a board over for rooms "
        "nothing leads to or back from. Status 0: every file accepted; 1: one refused (or, "
        "with --strict, warned about).",
    )
    check.add_argument(
        "files", nargs="+", metavar="FILE", help="a file, or a folder: its .json files, all levels"
    )
    check.add_argument("--strict", action="store_true", help="fail (status 1) on warnings as well")
    args = parser.parse_args(argv)
    status = 0
    for name in args.files:
        files = _json_files(name) if os.path.isdir(name) else [name]
        if not files:
            print(f"{name}: no .json file in this folder")
            status = 1
        for file in files:
            report = check_file(file)
            print("\n".join(report.lines()))
            if not report.ok or (args.strict and report.warnings):
                status = 1
    return status


def _json_files(folder: str) -> list[str]:
    """The ``.json`` files in ``folder`` and the folders in it, in name order (links to
    folders are not followed: a link back up would never end)."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        found += [os.path.join(root, f) for f in sorted(files) if f.endswith(".json")]
    return found
