"""Reading data files safely: bytes in, plain JSON out, or a :class:`BoardDataError`.

A board, card set or edition file may come from anyone (students share them, saves embed
them), so reading one is bounded in time and memory and every way it can be wrong ends in
a ``BoardDataError`` that names the file and the JSON path:

* the file is at most :data:`MAX_FILE_BYTES` long and must be UTF-8 text;
* numbers are finite (no ``NaN`` or ``Infinity``) and integers at most 2**53 in size
  (what JavaScript, and so the browser, represents exactly);
* text is encodable (no lone surrogates such as ``"\\ud800"``), each string at most
  :data:`MAX_STRING` characters;
* nesting is at most :data:`MAX_DEPTH` levels, effects inside effects (``then``,
  ``choose``) at most :data:`MAX_EFFECT_DEPTH`, and a document holds at most
  :data:`MAX_VALUES` values.

:func:`check_plain` applies the same checks to a document that is already parsed (a
dict built in code, or one embedded in a save), so ``Board.from_dict`` and
``CardSet.from_dict`` are as safe as loading a file.
"""

from __future__ import annotations

import json
import math
import os
import stat
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import BoardDataError, shown

__all__ = [
    "MAX_DEPTH",
    "MAX_EFFECT_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_INT",
    "MAX_STRING",
    "MAX_VALUES",
    "board_data_dir",
    "check_plain",
    "read_json",
]

MAX_FILE_BYTES = 2_000_000
"""Largest data file read (the shipped ones are under 20 kB)."""
MAX_DEPTH = 32
"""Deepest nesting of objects and arrays in a document (the shipped ones reach 11)."""
MAX_EFFECT_DEPTH = 4
"""Effects nested inside effects (``if``/``then``, ``discard``/``then``, ``choose``)."""
MAX_VALUES = 200_000
"""Most values (numbers, strings, objects, ...) in one document."""
MAX_STRING = 10_000
"""Longest string, in characters."""
MAX_INT = 2**53
"""Largest integer magnitude (exact in JavaScript); the schemas set far smaller bounds."""

_NESTING_KEYS = frozenset(("then", "choose"))


@cache
def board_data_dir() -> Path:
    """The folder holding the shipped boards, card sets and schemas.

    From a wheel it is ``clankwidget/_board_data``; from a source checkout or an editable
    install it is the repository's ``board_data/``. (Where the package lies does not
    change while it runs: found once, not at every game's set-up.)
    """
    packaged = Path(str(resources.files("clankwidget"))) / "_board_data"
    if packaged.is_dir():
        return packaged.resolve()
    return Path(__file__).resolve().parent.parent.parent / "board_data"


class _HugeInt:
    """An integer literal too long to convert (Python refuses 4,300+ digits): kept as text
    so that :func:`check_plain` can report it with its JSON path."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text


def _parse_int(text: str) -> int | _HugeInt:
    return int(text) if len(text) <= 20 else _HugeInt(text)


class Unreadable(ValueError):
    """A file :func:`read_plain` cannot read; the message says why, in words."""


def read_plain(path: str | os.PathLike, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the plain file at ``path`` (one more than the limit,
    so the caller sees that a file is longer). A folder, a pipe or a device is refused up
    front (reading a pipe could wait for ever), as is a file that cannot be read (a NUL
    byte in the name too): :class:`Unreadable`."""
    try:
        if stat.S_ISREG(os.stat(path).st_mode):
            with open(path, "rb") as fh:
                return fh.read(limit + 1)
    except (OSError, ValueError) as exc:  # (ValueError: a NUL byte in the name)
        raise Unreadable(f"cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    raise Unreadable("not a file (a folder, a pipe or a device)")


def read_json(path: Path | str) -> Any:
    """Read and parse a data file, then :func:`check_plain` it. Errors: ``BoardDataError``."""
    path = Path(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise BoardDataError(path, "$", f"cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise BoardDataError(
            path, "$", f"expected a file of at most {MAX_FILE_BYTES:,} bytes, this one is longer"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BoardDataError(
            path,
            "$",
            f"expected UTF-8 text: byte 0x{raw[exc.start]:02x} at offset {exc.start} "
            "is not UTF-8 (save the file as UTF-8)",
        ) from None
    doc = parse_json_text(text, path)
    check_plain(doc, str(path))
    return doc


def parse_json_text(text: str, source: Any) -> Any:
    """``json.loads`` that turns every failure into a ``BoardDataError`` at ``$``."""
    try:
        return json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        raise BoardDataError(
            source, "$", f"is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None
    except RecursionError:
        raise BoardDataError(
            source, "$", f"expected at most {MAX_DEPTH} levels of nesting, found far more"
        ) from None
    except ValueError as exc:  # pragma: no cover - json raises JSONDecodeError for its own
        raise BoardDataError(source, "$", f"is not valid JSON: {exc}") from None


def _path_of(chain) -> str:
    keys = []
    while chain is not None:
        chain, key = chain
        keys.append(key)
    out = "$"
    for key in reversed(keys):
        if isinstance(key, int):
            out += f"[{key}]"
        elif isinstance(key, str) and key.replace("_", "").replace("-", "").isalnum():
            out += f".{key}"
        else:
            out += f"[{shown(key)}]"
    return out


def check_plain(doc: Any, source: str) -> None:
    """Check that ``doc`` is plain, bounded JSON (see the module docstring).

    Iterative, so a document nested 100,000 deep is refused rather than overflowing the
    stack. Raises ``BoardDataError(source, json_path, ...)`` at the first bad value.
    """
    # Each entry: (value, chain, depth, effect depth), where chain = (parent chain, key)
    # spells the JSON path only when an error needs it.
    stack: list[tuple[Any, Any, int, int]] = [(doc, None, 0, 0)]
    seen = 0
    while stack:
        value, chain, depth, nested = stack.pop()
        seen += 1
        if seen > MAX_VALUES:
            raise BoardDataError(
                source, _path_of(chain), f"expected a document of at most {MAX_VALUES:,} values"
            )
        kind = type(value)
        if kind is str:
            if len(value) > MAX_STRING:
                raise BoardDataError(
                    source,
                    _path_of(chain),
                    f"expected text of at most {MAX_STRING:,} characters, got {len(value):,}",
                )
            _check_text(value, source, chain)
        elif kind is bool or value is None:
            pass
        elif kind is int:
            if abs(value) > MAX_INT:
                raise BoardDataError(
                    source,
                    _path_of(chain),
                    f"expected a number of sensible size, got one of about "
                    f"{_digits(value):,} digits",
                )
        elif kind is float:
            if not math.isfinite(value):
                raise BoardDataError(
                    source, _path_of(chain), f"expected a finite number, got {value!r}"
                )
        elif kind is _HugeInt:
            raise BoardDataError(
                source,
                _path_of(chain),
                f"expected a number of sensible size, got one with {len(value.text):,} digits",
            )
        elif kind is dict or kind is list:
            if depth >= MAX_DEPTH:
                raise BoardDataError(
                    source, _path_of(chain), f"expected at most {MAX_DEPTH} levels of nesting"
                )
            if kind is dict:
                for key, item in value.items():
                    if type(key) is not str:
                        raise BoardDataError(
                            source, _path_of(chain), f"expected text keys, got {shown(key)}"
                        )
                    _check_text(key, source, chain)
                    inner = nested + (key in _NESTING_KEYS)
                    if inner > MAX_EFFECT_DEPTH:
                        raise BoardDataError(
                            source,
                            _path_of((chain, key)),
                            f"expected effects nested at most {MAX_EFFECT_DEPTH} deep "
                            "(then / choose inside one another)",
                        )
                    stack.append((item, (chain, key), depth + 1, inner))
            else:
                for i, item in enumerate(value):
                    stack.append((item, (chain, i), depth + 1, nested))
        else:
            raise BoardDataError(
                source,
                _path_of(chain),
                f"expected a JSON value (object, array, text, number, true, false, null), "
                f"got a {kind.__name__}",
            )


def _digits(value: int) -> int:
    """Decimal digits of a (possibly huge) integer, without ``str`` (which refuses 4,300+)."""
    return int(abs(value).bit_length() * 0.30103) + 1


def _check_text(text: str, source: str, chain) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise BoardDataError(
            source,
            _path_of(chain),
            f"expected text that can be written as UTF-8: it holds a lone surrogate "
            f"(U+{ord(text[exc.start]):04X}) at character {exc.start}",
        ) from None


def _plain_name(text: str) -> bool:
    """Whether ``text`` could be a shipped file's name: no folder in it, no NUL byte."""
    return bool(text) and "/" not in text and os.sep not in text and "\0" not in text


def resolve(name_or_path: Any, folder: str, kind: str) -> Path:
    """The file a loader was asked for, as its real path (the key of the loaders' caches):
    the shipped file of ``folder`` by that name if there is one (a folder or file called
    ``teaching-dungeon`` next to a notebook does not hide the shipped board; write
    ``./teaching-dungeon`` for that file), else the path. A shipped file's real path is
    known without asking the file system link by link (the folder is found once): that
    was most of the time a new game took to find its board and cards."""
    if not isinstance(name_or_path, (str, Path)):
        raise BoardDataError(
            shown(name_or_path),
            "$",
            f"expected the name of a shipped {kind} or a path to a file, "
            f"got a {type(name_or_path).__name__}",
        )
    try:
        if isinstance(name_or_path, str) and _plain_name(name_or_path):
            shipped = _shipped(folder, name_or_path)
            if shipped.exists():  # a shipped name is the shipped file, whatever is here
                return shipped
        candidate = Path(name_or_path)
        if candidate.suffix == ".json" or candidate.exists():
            return candidate.resolve()
    except (OSError, ValueError) as exc:  # a NUL byte, a name too long for the system
        raise BoardDataError(
            shown(str(name_or_path)),
            "$",
            f"cannot be read ({getattr(exc, 'strerror', None) or exc})",
        ) from None
    known = ", ".join(names(folder)) or "none"
    raise BoardDataError(
        shown(str(name_or_path)),
        "$",
        f"expected the name of a shipped {kind} or the path of a file, and there is no "
        f"shipped {kind} by that name and no such file (shipped: {known})",
    )


@lru_cache(maxsize=256)
def _shipped(folder: str, name: str) -> Path:
    """Where the shipped file ``name`` of ``folder`` would be (whether it is there is
    asked every time; where it would be never changes: the path is made once per name,
    for the last few hundred names asked)."""
    return board_data_dir() / folder / f"{name}.json"


def names(folder: str) -> list[str]:
    """The shipped files of ``folder`` (``boards``, ``cards``, ``space``), by name."""
    return sorted(p.stem for p in (board_data_dir() / folder).glob("*.json"))


def located(name_or_path: Any, folder: str, kind: str) -> tuple[str, float]:
    """``(str(path), mtime(path))`` of :func:`resolve`'s file: the loaders' cache key.
    A shipped file asked for by its plain name is found with one ``stat`` call (the
    shipped file's, with its time) and no ``Path`` objects: a new game finds its board
    and cards this way. Anything else, and any failure, goes the plain way (the same
    file, or the same error)."""
    if type(name_or_path) is str and _plain_name(name_or_path):
        try:
            shipped = _shipped_name(folder, name_or_path)
            return shipped, os.stat(shipped).st_mtime_ns
        except OSError:  # not shipped: a path
            pass
    path = resolve(name_or_path, folder, kind)
    return str(path), mtime(path)


@lru_cache(maxsize=256)
def _shipped_name(folder: str, name: str) -> str:
    """``str(_shipped(folder, name))``, made once per name."""
    return str(_shipped(folder, name))


def mtime(path: Path) -> float:
    """When ``path`` last changed (a cache key), or -1 where it cannot be read."""
    try:
        return path.stat().st_mtime_ns
    except (OSError, ValueError):
        return -1
