"""The board: a room-by-room map of the dungeon coloured by a value (lessons 02, 03), and
a room's Pareto front of boots, swords and damage (lesson 03)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from bokeh.models import (
    BasicTicker,
    ColorBar,
    ColumnDataSource,
    HoverTool,
    Label,
    LabelSet,
    LinearColorMapper,
    Range1d,
    Span,
)
from bokeh.palettes import Cividis256
from bokeh.plotting import figure

from .._args import items as _items
from .._args import whole as _whole
from ..data import Board
from ..errors import LessonInputError, shown
from ._base import (
    OKABE_ITO,
    _figure,
    _limit,
    _numbers,
    _text,
)


def front_plot(options: Sequence, *, title: str = "") -> figure:
    """A space's Pareto front: each option (boots, swords, damage) as a point, swords paid
    across and damage taken up, labelled with its boots. Renderer ``"front"``."""
    rows = []
    for o in _items(options, "options", 10_000):
        row = _numbers(o, "each option")
        if len(row) < 3:
            raise LessonInputError(f"each option must be (boots, swords, damage), got {shown(o)}")
        rows.append(tuple(row[:3]))
    if not rows:
        raise ValueError("the front is empty: the space cannot be reached")
    data = {
        "boots": [int(r[0]) for r in rows],
        "swords": [int(r[1]) for r in rows],
        "damage": [int(r[2]) for r in rows],
    }
    data["label"] = [f"{b} boots" for b in data["boots"]]
    source = ColumnDataSource(data)
    top = max(data["damage"]) + 1
    right = max(data["swords"]) + 1
    fig = _figure(
        title,
        "swords paid",
        "damage taken",
        x_range=Range1d(-0.5, right + 0.5),
        y_range=Range1d(-0.5, top + 0.5),
        width=420,
        height=340,
    )
    fig.scatter(
        "swords",
        "damage",
        source=source,
        size=16,
        marker="diamond",
        color=OKABE_ITO[0],
        line_color="black",
        name="front",
    )
    fig.add_layout(
        LabelSet(
            x="swords",
            y="damage",
            text="label",
            source=source,
            x_offset=10,
            y_offset=6,
            text_font_size="12px",
        )
    )
    fig.xaxis.ticker = BasicTicker(min_interval=1)
    fig.yaxis.ticker = BasicTicker(min_interval=1)
    fig.add_tools(
        HoverTool(tooltips=[("boots", "@boots"), ("swords", "@swords"), ("damage", "@damage")])
    )
    return fig


def board_map(
    board: Board,
    values: Mapping[str, float | None],
    *,
    title: str = "",
    label: str = "value",
    low: float | None = None,
    high: float | None = None,
    reverse: bool = False,
    digits: int = 0,
    mark: Mapping[str, str] | None = None,
    annotate: bool = True,
) -> figure:
    """The board drawn from its coordinates, each space coloured by ``values[space_id]``.

    Spaces missing from ``values`` (or ``None``, ``inf`` or ``nan``) are drawn as small
    grey circles: not reachable, or no value. Paths are lines: dashed when locked,
    thick for two-boot (footprint) tunnels, with a small triangle pointing the way on
    one-way paths and red crosses for monsters. The Depths (when the board has them) lie
    below a dotted line. ``mark``: ``space_id -> text`` drawn beside a space (e.g. "you").
    The value is printed in each coloured space with ``digits`` decimals. With
    ``annotate`` the exit, artifact rooms and crystal caves are named under their space.

    This is a lesson plot, not the play widget: it shows one number per space.
    Renderers: ``"spaces"`` (data ``id``, ``name``, ``x``, ``y``, ``value``, ``text``),
    ``"unvalued"`` and ``"paths"``.
    """
    if not isinstance(board, Board):
        raise LessonInputError(f"board must be a Board (from load_board), got {shown(board)}")
    if not isinstance(values, Mapping):
        raise LessonInputError(
            f"values must be a mapping of space id to number, got {shown(values)}"
        )
    if mark is not None and not isinstance(mark, Mapping):
        raise LessonInputError(f"mark must be a mapping of space id to text, got {shown(mark)}")
    title, label = _text(title, "title"), _text(label, "label")
    low, high = _limit(low, "low"), _limit(high, "high")
    digits = _whole(digits, "digits", most=9)
    spaces = board.spaces
    known = [s for s in spaces if _finite(values.get(s.id))]
    unknown = [s for s in spaces if not _finite(values.get(s.id))]
    nums = [float(values[s.id]) for s in known]
    lo = low if low is not None else (min(nums) if nums else 0.0)
    hi = high if high is not None else (max(nums) if nums else 1.0)
    if hi <= lo:
        hi = lo + 1
    palette = list(Cividis256)
    if reverse:
        palette.reverse()
    mapper = LinearColorMapper(palette=palette, low=lo, high=hi)
    pad = 50
    width = 760
    height = int(width * (board.height + 2 * pad) / (board.width + 2 * pad))
    fig = figure(
        title=title,
        width=width,
        height=height,
        x_range=Range1d(-pad, board.width + pad),
        y_range=Range1d(board.height + pad, -pad),
        tools="pan,wheel_zoom,reset,save",
        match_aspect=True,
    )
    fig.axis.visible = False
    fig.grid.visible = False
    fig.title.text_font_size = "14px"

    xy = {s.id: (s.x, s.y) for s in spaces}
    xs0, ys0, xs1, ys1, dashes, widths = [], [], [], [], [], []
    for p in board.paths:
        (ax, ay), (bx, by) = xy[p.a], xy[p.b]
        xs0.append(ax)
        ys0.append(ay)
        xs1.append(bx)
        ys1.append(by)
        dashes.append("dashed" if p.locked else "solid")
        widths.append(4.5 if p.boots >= 2 else 2.0)
    path_source = ColumnDataSource(
        {"x0": xs0, "y0": ys0, "x1": xs1, "y1": ys1, "dash": dashes, "width": widths}
    )
    fig.segment(
        "x0",
        "y0",
        "x1",
        "y1",
        source=path_source,
        line_color="#888888",
        line_width="width",
        line_dash="dash",
        name="paths",
    )
    # one-way arrows and monsters, at points along each path
    ax_, ay_, angle = [], [], []
    mx, my = [], []
    for p in board.paths:
        (x0, y0), (x1, y1) = xy[p.a], xy[p.b]
        if p.one_way:
            ax_.append(x0 + 0.62 * (x1 - x0))
            ay_.append(y0 + 0.62 * (y1 - y0))
            # screen y points down (the y range is reversed), so flip the angle
            angle.append(math.atan2(-(y1 - y0), x1 - x0) - math.pi / 2)
        for k in range(p.monsters):
            t = 0.42 + 0.16 * k
            mx.append(x0 + t * (x1 - x0))
            my.append(y0 + t * (y1 - y0))
    if ax_:
        fig.scatter(
            ax_,
            ay_,
            marker="triangle",
            angle=angle,
            size=13,
            color="#444444",
            name="one-way",
        )
    if mx:
        fig.scatter(
            mx,
            my,
            marker="x",
            size=11,
            line_width=3,
            color=OKABE_ITO[5],
            legend_label="monster (1 damage or 1 sword)",
            name="monsters",
        )
    depths_y = [s.y for s in spaces if s.depths]
    surface_y = [s.y for s in spaces if not s.depths]
    if depths_y and surface_y and min(depths_y) > max(surface_y):
        line_y = (min(depths_y) + max(surface_y)) / 2
        fig.add_layout(
            Span(location=line_y, dimension="width", line_dash="dotted", line_color="#555555")
        )
        fig.add_layout(
            Label(
                x=-pad + 4,
                y=line_y + 4,
                text="the Depths",
                text_font_size="11px",
                text_color="#555555",
                text_baseline="top",
            )
        )

    if unknown:
        fig.scatter(
            [s.x for s in unknown],
            [s.y for s in unknown],
            size=12,
            fill_color="#DDDDDD",
            line_color="#999999",
            name="unvalued",
        )
    fmt = f"{{:.{digits}f}}"
    source = ColumnDataSource(
        {
            "id": [s.id for s in known],
            "name": [s.name for s in known],
            "x": [s.x for s in known],
            "y": [s.y for s in known],
            "value": [round(v, 6) for v in nums],
            "text": [fmt.format(v) for v in nums],
            "text_colour": ["white" if (v - lo) / (hi - lo) < 0.55 else "black" for v in nums]
            if not reverse
            else ["black" if (v - lo) / (hi - lo) < 0.45 else "white" for v in nums],
        }
    )
    dots = fig.scatter(
        "x",
        "y",
        source=source,
        size=30,
        fill_color={"field": "value", "transform": mapper},
        line_color="black",
        name="spaces",
    )
    fig.add_layout(
        LabelSet(
            x="x",
            y="y",
            text="text",
            source=source,
            text_align="center",
            text_baseline="middle",
            text_font_size="11px",
            text_color="text_colour",
        )
    )
    fig.add_tools(
        HoverTool(renderers=[dots], tooltips=[("", "@name"), (label, "@value{0.[0000]}")])
    )
    fig.add_layout(ColorBar(color_mapper=mapper, title=label, width=12, location=(0, 0)), "right")
    if annotate:
        notes = []
        for sp in spaces:
            words = []
            if sp.start:
                words.append("exit")
            if sp.artifact is not None:
                words.append(f"artifact {sp.artifact}")
            if sp.stops_movement:
                words.append("cave" if sp.crystal_cave else "stop")
            if words:
                notes.append((sp.x, sp.y + 19, ", ".join(words)))
        if notes:
            fig.text(
                [n[0] for n in notes],
                [n[1] for n in notes],
                text=[n[2] for n in notes],
                text_align="center",
                text_baseline="top",
                text_font_size="10px",
                text_color="#333333",
                name="notes",
            )
    for space_id, text in (mark or {}).items():
        if space_id not in xy:
            raise KeyError(f"mark: board {board.id!r} has no space {shown(space_id)}")
        text = _text(text, f"mark[{shown(space_id)}]")
        x, y = xy[space_id]
        fig.add_layout(
            Label(
                x=x,
                y=y - 20,
                text_baseline="bottom",
                text=text,
                text_align="center",
                text_font_size="12px",
                text_font_style="bold",
                background_fill_color="white",
                background_fill_alpha=0.8,
            )
        )
    if mx:
        fig.legend.location = "bottom_left"
        fig.legend.background_fill_alpha = 0.8
    return fig


def _finite(value: Any) -> bool:
    if value is None:
        return False
    try:
        return math.isfinite(float(value))
    except (TypeError, ValueError, OverflowError):
        return False
