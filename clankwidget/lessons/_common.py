"""What every lesson shares: small tables of numbers and seeded games played by bots.

:class:`Table` prints a lesson's numbers rounded the same way on every machine;
:func:`compare` sets exact and simulated figures side by side, each simulated one with its
95% Wilson interval (:func:`wilson`); :func:`pivot` puts several tables' columns together;
:func:`play_bots` plays the seeded game a story starts from.
"""

from __future__ import annotations

import html
import math
import numbers
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .. import _args
from ..errors import LessonInputError, shown
from ..simulate import wilson_bounds

__all__ = ["Z95", "Table", "compare", "pivot", "play_bots", "wilson", "wilson_interval"]

Z95 = 1.96
"""The z of a 95% interval, to the two places the lessons use (1.959964 in full)."""

#: The most decimals a :class:`Table` shows (a float holds about 17 significant digits)
MAX_DIGITS = 17


def _cell(value: Any, digits: int) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        v = float(value)
        if math.isinf(v):
            return "never" if v > 0 else "-inf"
        if math.isnan(v):
            return "-"
        text = f"{v:.{digits}f}"
        return "0." + "0" * digits if text == "-0." + "0" * digits else text
    return str(value)


class Table:
    """A small table of numbers for a lesson: rows of dicts, printed with rounded floats.

    ``repr`` is aligned plain text, and a notebook shows it as HTML; both round floats to
    ``digits`` decimals, so the output is the same on every machine. ``rows`` keeps the
    unrounded values; ``column(name)`` reads one column.
    """

    def __init__(
        self,
        rows: Iterable[Mapping[str, Any]],
        columns: Sequence[str] | None = None,
        *,
        title: str = "",
        digits: int = 4,
        headers: Mapping[str, str] | None = None,
        column_digits: Mapping[str, int] | None = None,
    ):
        self.rows = [dict(r) for r in rows]
        if columns is None:
            columns = list(dict.fromkeys(k for r in self.rows for k in r))
        self.columns = list(columns)
        self.title = title
        self.digits = _args.whole(digits, "digits", most=MAX_DIGITS)
        self.headers = dict(headers or {})
        self.column_digits = {
            c: _args.whole(d, f"column_digits[{shown(c)}]", most=MAX_DIGITS)
            for c, d in dict(column_digits or {}).items()
        }

    def column(self, name: str) -> list:
        """The values of one column, unrounded."""
        if name not in self.columns:
            raise KeyError(f"no column {shown(name)}; the columns are {', '.join(self.columns)}")
        return [r.get(name) for r in self.rows]

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i: int) -> dict:
        return self.rows[i]

    def __iter__(self):
        return iter(self.rows)

    def _grid(self) -> list[list[str]]:
        head = [self.headers.get(c, c) for c in self.columns]
        digits = [self.column_digits.get(c, self.digits) for c in self.columns]
        return [head] + [
            [_cell(r.get(c), d) for c, d in zip(self.columns, digits, strict=True)]
            for r in self.rows
        ]

    def __repr__(self) -> str:
        grid = self._grid()
        widths = [max(len(row[j]) for row in grid) for j in range(len(self.columns))]
        lines = [self.title] if self.title else []
        for row in grid:
            cells = [row[0].ljust(widths[0])]
            cells += [c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)]
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        grid = self._grid()
        esc = html.escape
        out = ["<table>"]
        if self.title:
            out.append(f"<caption style='text-align:left'><b>{esc(self.title)}</b></caption>")
        text = [
            any(isinstance(r.get(c), str) for r in self.rows)
            and not all(isinstance(r.get(c), (numbers.Number, type(None))) for r in self.rows)
            for c in self.columns
        ]
        left = " style='text-align:left'"
        pairs = zip(grid[0], text, strict=True)
        heads = (f"<th{left if t else ''}>{esc(h)}</th>" for h, t in pairs)
        out.append("<thead><tr>" + "".join(heads) + "</tr></thead>")
        out.append("<tbody>")
        for row in grid[1:]:
            cells = (
                f"<td{left if t else ''}>{esc(c)}</td>" for c, t in zip(row, text, strict=True)
            )
            out.append("<tr>" + "".join(cells) + "</tr>")
        out.append("</tbody></table>")
        return "".join(out)


def wilson_interval(k, n, z: float = Z95):
    """Wilson's score interval: the ``p`` for which ``k`` successes in ``n`` trials are
    within ``z`` standard errors of ``n p``. Works on arrays; sensible for rare events
    (``k = 0`` gives ``[0, z²/(n+z²)]``), where the textbook ``p ± z s.e.`` collapses to
    a point. The same interval as ``scipy.stats.binomtest(k, n).proportion_ci(method=
    "wilson")`` (with z = 1.959964); the tests check it."""
    k, n, z = _args.successes(k, n, z)
    return wilson_bounds(k / n, n, z)


def wilson(estimate: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson interval of a simulated frequency ``estimate`` from ``n`` trials
    (``estimate * n`` successes, rounded): every simulated figure a lesson shows carries
    one. Returns ``(low, high)`` as floats."""
    estimate = _args.chance(estimate, "estimate")
    n = _args.whole(n, "n", least=1, most=2**53)  # (a float counts trials exactly to 2^53)
    z = _args.real(z, "z", least=0.0, most=10.0)
    k = round(estimate * n)
    lo, hi = wilson_interval(k, n, z)
    return float(lo), float(hi)


def compare(
    labels: Sequence,
    exact: Sequence[float],
    simulated: Sequence[float],
    *,
    label: str = "case",
    title: str = "",
    digits: int = 4,
    n: int | None = None,
) -> Table:
    """Exact and simulated probabilities side by side, with their difference (simulated -
    exact). With ``n`` (the number of simulated trials) a column ``noise`` gives twice
    the standard error of a frequency, ``2 * sqrt(p (1 - p) / n)``: a simulation that
    agrees lands within it about 95% of the time; and ``low``, ``high`` give the
    simulated figure's 95% Wilson interval (:func:`wilson`), which should hold the exact
    value about 19 times in 20."""
    if n is not None:
        n = _args.whole(n, "n", least=1, most=2**53)
    labels = _args.items(labels, "labels", _args.MAX_POINTS)
    exact = _args.number_list(exact, "exact").tolist()
    simulated = _args.number_list(simulated, "simulated").tolist()
    if not len(labels) == len(exact) == len(simulated):
        raise ValueError("labels, exact and simulated must have the same length")
    rows = []
    for lab, e, s in zip(labels, exact, simulated, strict=True):
        row = {label: lab, "exact": e, "simulated": s, "difference": s - e}
        if n is not None:
            row["noise"] = 2.0 * math.sqrt(max(e * (1.0 - e), 0.0) / n)
            row["low"], row["high"] = wilson(s, n)
        rows.append(row)
    columns = [label, "exact", "simulated", "difference"]
    columns += ["noise", "low", "high"] if n else []
    return Table(
        rows,
        columns,
        title=title,
        digits=digits,
        headers={"noise": "noise (2 s.e.)", "low": "95% low", "high": "95% high"},
        column_digits={"difference": digits + 1},
    )


def pivot(
    tables: Mapping[Any, Table],
    value: str,
    *,
    key: str,
    rows: Iterable | None = None,
    label: str = "{}",
) -> Table:
    """One column per table of ``tables`` (labelled ``label.format(table key)``), holding
    ``value``, against ``key``; only the rows whose ``key`` is in ``rows`` (default all)."""
    if not isinstance(label, str):
        raise LessonInputError(
            f"label must be text with {{}} for the table's name, got {shown(label)}"
        )
    try:
        keep = None if rows is None else set(_args.items(rows, "rows", 100_000))
    except TypeError:  # (a list among them)
        raise LessonInputError(f"rows must be values of {shown(key)}, got {shown(rows)}") from None
    out: dict[Any, dict] = {}
    for name, table in _args.mapping(tables, "tables", "name to Table").items():
        if not isinstance(table, Table):
            raise LessonInputError(f"tables[{shown(name)}] must be a Table, got {shown(table)}")
        _args.one_of(key, table.columns, "key")
        _args.one_of(value, table.columns, "value")
        for r in table:
            if keep is None or r[key] in keep:
                out.setdefault(r[key], {key: r[key]})[label.format(name)] = r[value]
    return Table(out.values())


# ---------------------------------------------------------------------------
# Playing seeded games for a story


def story_game(name: str, seed: int):
    """A lesson's game, started from its saved position ``board_data/positions/<name>.json``.

    A story kept as a position stays the same situation whatever later versions change in
    the rules or the bots (a story replayed from bot moves would drift with them).
    """
    from ..game import Game
    from ..positions import list_positions

    _args.one_of(name, [p for p in list_positions() if p.startswith("lesson-")], "name")
    return Game.from_position(name, seed=seed)


def play_bots(
    players: int = 3, seed: int = 0, until_turn: int = 10, *, bot_seed: int | None = None
):
    """A Clank! game on the teaching dungeon, played by seeded random bots until the start
    of turn ``until_turn`` (the engine's turn counter counts every player's turn) or the
    end of the game. The same arguments give the same game. Bot ``i`` is seeded with
    ``bot_seed * 10 + i`` (``bot_seed`` defaults to ``seed``)."""
    from ..bots import RandomBot
    from ..game import Game

    until_turn = _args.whole(until_turn, "until_turn")
    if bot_seed is not None:
        _args.seed(bot_seed, "bot_seed")
    game = Game.new(players=players, seed=seed)
    base = seed if bot_seed is None else bot_seed
    bots = {p.colour: RandomBot(seed=base * 10 + i) for i, p in enumerate(game.players)}
    for _ in range(200 * until_turn + 1000):
        if game.is_over or (game.state.turn >= until_turn and game.pending is None):
            break
        game.apply(bots[game.current_player.colour].choose(game))
    return game
