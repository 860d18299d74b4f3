"""Bokeh figures for the lesson notebooks.

Every function here returns a :class:`bokeh.plotting.figure` built from plain numbers (or
from the result objects of :mod:`clankwidget.odds` and :mod:`clankwidget.deck`), so a test
can read back exactly what is drawn: each data glyph has a ``name`` (``"exact"``,
``"simulated"``, ``"spaces"``, ...) and its numbers are in ``renderer.data_source.data``.

Colours follow the Okabe-Ito palette, which stays distinguishable for the common kinds of
colour blindness; exact and simulated answers also differ in shape (bars against dots),
and board maps use the Cividis colour map, readable in grey scale too.

In a notebook, call :func:`setup_notebook` once (or let :func:`show` do it). It loads
BokehJS into the page from the CDN when the notebook runs on Binder (which has internet)
and inline otherwise (CI machines and classrooms without internet, where the CDN would
time out). Set ``CLANKWIDGET_BOKEH=cdn`` or ``inline`` to choose. Inline resources store
about 8 MB in the notebook's outputs: clear them before committing a notebook.

>>> from clankwidget import odds, plots
>>> bag = {"blue": 3, "yellow": 2, "black": 24}
>>> fig = plots.damage_bars(odds.attack_odds(bag, 3), colour="blue")
>>> fig.select_one({"name": "exact"}).data_source.data["damage"]
[0, 1, 2, 3]
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
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

from .data import Board

__all__ = [
    "EXACT",
    "OKABE_ITO",
    "PLAYER_COLOURS",
    "SIMULATED",
    "board_map",
    "bokeh_mode",
    "compare_bars",
    "damage_bars",
    "estimate_band",
    "front_plot",
    "knockout_curve",
    "line_chart",
    "resource_bars",
    "seen_bars",
    "setup_notebook",
    "show",
    "survival_bars",
]

OKABE_ITO = (
    "#0072B2",  # blue
    "#E69F00",  # orange
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#D55E00",  # vermillion
    "#F0E442",  # yellow
    "#000000",  # black
)
"""Eight colours that people with the common colour-vision deficiencies can tell apart."""

EXACT = OKABE_ITO[0]
"""Colour of exact answers (bars)."""

SIMULATED = OKABE_ITO[1]
"""Colour of seeded simulations (dots)."""

PLAYER_COLOURS = {
    "blue": "#0072B2",
    "yellow": "#F0E442",
    "green": "#009E73",
    "purple": "#CC79A7",
    "red": "#D55E00",
    "orange": "#E69F00",
    "white": "#BBBBBB",
    "pink": "#CC79A7",
    "teal": "#56B4E9",
    "black": "#000000",
}
"""Screen colours for cube and player colours (Okabe-Ito shades)."""

_MARKERS = ("circle", "square", "triangle", "diamond", "inverted_triangle", "hex", "star")
_DASHES = ("solid", "dashed", "dotdash", "dotted", "dashdot", "solid", "dashed")
_WIDTH = 640
_HEIGHT = 340
_TOOLS = "pan,wheel_zoom,box_zoom,reset,save"

# ---------------------------------------------------------------------------
# Loading BokehJS

_MODE_ENV = "CLANKWIDGET_BOKEH"
_BINDER_ENV = ("BINDER_SERVICE_HOST", "BINDER_REQUEST", "BINDER_LAUNCH_HOST", "BINDER_REPO_URL")
_loaded: str | None = None


def bokeh_mode(mode: str | None = None) -> str:
    """Where BokehJS comes from in this session: ``"cdn"`` or ``"inline"``.

    ``mode`` if given, else the ``CLANKWIDGET_BOKEH`` environment variable, else
    ``"cdn"`` on Binder (detected by its ``BINDER_*`` environment variables) and
    ``"inline"`` everywhere else, since offline machines cannot reach the CDN.
    """
    chosen = mode if mode is not None else os.environ.get(_MODE_ENV, "").strip().lower()
    if not chosen:
        return "cdn" if any(os.environ.get(name) for name in _BINDER_ENV) else "inline"
    if chosen not in ("cdn", "inline"):
        where = "mode" if mode is not None else f"the environment variable {_MODE_ENV}"
        raise ValueError(f"{where} must be 'cdn' or 'inline', got {chosen!r}")
    return chosen


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with Jupyter
        return False
    shell = get_ipython()
    if shell is None:
        return False
    return type(shell).__name__ == "ZMQInteractiveShell" or "IPKernelApp" in shell.config


def setup_notebook(mode: str | None = None) -> str:
    """Load BokehJS into this notebook (see :func:`bokeh_mode`), without the banner.

    Returns the mode used. Outside a notebook it only reports the mode. The inline
    resources put about 8 MB into the cell's output: tag the cell ``nbval-ignore-output``
    and clear its output before committing.
    """
    global _loaded
    chosen = bokeh_mode(mode)
    if _in_notebook():
        from bokeh.io import output_notebook
        from bokeh.resources import CDN, INLINE

        output_notebook(resources=CDN if chosen == "cdn" else INLINE, hide_banner=True)
        _loaded = chosen
    return chosen


def show(fig) -> None:
    """Show a figure in the notebook, loading BokehJS first if :func:`setup_notebook` has
    not run. Outside a notebook (scripts, tests) it does nothing: no file is written and
    no browser opens."""
    if not _in_notebook():
        return
    if _loaded is None:
        setup_notebook()
    from bokeh.io import show as bokeh_show

    bokeh_show(fig)


# ---------------------------------------------------------------------------
# Small helpers


def _figure(title: str, x_label: str, y_label: str, **kw) -> figure:
    fig = figure(
        title=title,
        width=kw.pop("width", _WIDTH),
        height=kw.pop("height", _HEIGHT),
        tools=_TOOLS,
        toolbar_location="right",
        **kw,
    )
    fig.xaxis.axis_label = x_label
    fig.yaxis.axis_label = y_label
    fig.title.text_font_size = "14px"
    fig.axis.axis_label_text_font_style = "normal"
    fig.grid.grid_line_alpha = 0.4
    return fig


def _pmf(obj: Any, colour: str | None, what: str) -> np.ndarray:
    """A probability vector from an array-like or a result with ``.damage(colour)``."""
    if hasattr(obj, "damage") and not isinstance(obj, (np.ndarray, list, tuple)):
        if colour is None:
            colours = getattr(obj, "colours", ())
            if len(colours) != 1:
                raise ValueError(f"{what}: say which player with colour= (one of {colours})")
            colour = colours[0]
        return np.asarray(obj.damage(colour), dtype=float)
    return np.asarray(obj, dtype=float).ravel()


def _total_pmf(obj: Any) -> tuple[np.ndarray, np.ndarray]:
    """(support, pmf) from a TotalDistribution-like object or a pmf array starting at 0."""
    if hasattr(obj, "pmf") and hasattr(obj, "support"):
        return np.asarray(obj.support), np.asarray(obj.pmf, dtype=float)
    pmf = np.asarray(obj, dtype=float).ravel()
    return np.arange(len(pmf)), pmf


def _align(
    x_a: np.ndarray, p_a: np.ndarray, x_b: np.ndarray, p_b: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Both pmfs on the union of their supports (integers), missing values 0."""
    lo = int(min(x_a.min(), x_b.min()))
    hi = int(max(x_a.max(), x_b.max()))
    xs = np.arange(lo, hi + 1)
    a = np.zeros(len(xs))
    b = np.zeros(len(xs))
    a[x_a - lo] = p_a
    b[x_b - lo] = p_b
    return xs, a, b


def _round(values) -> list[float]:
    return [round(float(v), 6) for v in values]


# ---------------------------------------------------------------------------
# Exact against simulated


def compare_bars(
    categories: Sequence,
    exact: Sequence[float],
    simulated: Sequence[float] | None = None,
    *,
    title: str = "",
    x_label: str = "",
    y_label: str = "probability",
    exact_label: str = "exact",
    simulated_label: str = "simulated",
    colour: str = EXACT,
    y_max: float | None = None,
    legend: str = "outside",
) -> figure:
    """Bars of exact probabilities with the simulated ones as dots on top.

    ``categories`` are the x positions (numbers or strings), each once. ``legend``: a
    location inside the plot (``"top_left"``, ...) or ``"outside"`` (right of it, never
    over a bar).
    Renderers: ``"exact"`` (a ``vbar``; data ``x``, ``label``, ``exact``, ``simulated``,
    ``difference``) and, when ``simulated`` is given, ``"simulated"`` (a scatter on the
    same source).
    """
    cats = list(categories)
    exact = _round(exact)
    if len(exact) != len(cats):
        raise ValueError(f"{len(cats)} categories but {len(exact)} exact values")
    numeric = all(
        isinstance(c, (int, float, np.integer, np.floating)) and not isinstance(c, bool)
        for c in cats
    )
    if numeric:
        xs = [float(c) if isinstance(c, (float, np.floating)) else int(c) for c in cats]
    else:
        xs = [str(c) for c in cats]
    repeated = [x for x in dict.fromkeys(xs) if xs.count(x) > 1]
    if repeated:  # bokeh would log E-1019 (DUPLICATE_FACTORS) and BokehJS draw nothing
        raise ValueError(f"categories must be distinct; repeated: {', '.join(map(str, repeated))}")
    data: dict[str, list] = {
        "x": xs,
        "label": [str(c) for c in cats],
        "exact": exact,
    }
    if simulated is not None:
        sim = _round(simulated)
        if len(sim) != len(cats):
            raise ValueError(f"{len(cats)} categories but {len(sim)} simulated values")
        data["simulated"] = sim
        data["difference"] = [round(s - e, 6) for s, e in zip(sim, exact, strict=True)]
    source = ColumnDataSource(data)
    top = max([*exact, *(data.get("simulated") or [0.0]), 1e-9])
    kw = {} if numeric else {"x_range": xs}
    fig = _figure(title, x_label, y_label, y_range=Range1d(0, y_max if y_max else top * 1.15), **kw)
    bars = fig.vbar(
        x="x",
        top="exact",
        width=0.7,
        source=source,
        color=colour,
        alpha=0.85,
        legend_label=exact_label,
        name="exact",
    )
    tips = [("", "@label"), (exact_label, "@exact{0.0000}")]
    renderers = [bars]
    if simulated is not None:
        dots = fig.scatter(
            x="x",
            y="simulated",
            source=source,
            size=11,
            marker="circle",
            fill_color=SIMULATED,
            line_color="black",
            legend_label=simulated_label,
            name="simulated",
        )
        renderers.append(dots)
        tips += [(simulated_label, "@simulated{0.0000}"), ("difference", "@difference{+0.0000}")]
    fig.add_tools(HoverTool(renderers=renderers, tooltips=tips))
    if numeric:
        fig.xaxis.ticker = BasicTicker(desired_num_ticks=min(len(cats), 12), min_interval=1)
    fig.legend.click_policy = "hide"
    if legend == "outside":
        fig.add_layout(fig.legend[0], "right")
    else:
        fig.legend.location = legend
    return fig


def damage_bars(
    exact: Any,
    simulated: Any = None,
    *,
    colour: str | None = None,
    title: str | None = None,
) -> figure:
    """The damage one player takes at a dragon attack: exact bars, simulated dots.

    ``exact`` is an :class:`~clankwidget.odds.AttackOdds` (or any result with
    ``.damage(colour)``) or a probability array indexed by damage; ``simulated`` likewise
    (e.g. :class:`~clankwidget.odds.SampledAttacks`). Renderer ``"exact"`` has the damage
    values in ``data["damage"]``.
    """
    p = _pmf(exact, colour, "exact")
    q = _pmf(simulated, colour, "simulated") if simulated is not None else None
    if q is not None and len(q) != len(p):
        n = max(len(p), len(q))
        p = np.pad(p, (0, n - len(p)))
        q = np.pad(q, (0, n - len(q)))
    who = f" to {colour}" if colour else ""
    fig = compare_bars(
        list(range(len(p))),
        p,
        q,
        title=title or f"Damage{who} at the next dragon attack",
        x_label="damage taken",
    )
    source = fig.select_one({"name": "exact"}).data_source
    source.data["damage"] = list(range(len(p)))
    return fig


def resource_bars(
    exact: Any,
    simulated: Any = None,
    *,
    thresholds: Sequence[int] = (),
    title: str | None = None,
) -> figure:
    """One turn's total of a resource (a :class:`~clankwidget.deck.TotalDistribution` or a
    pmf from 0): exact bars, simulated dots, and a dashed line at each threshold (the
    Skill Shot's 6 and 8). Renderer ``"exact"`` has the totals in ``data["total"]``."""
    xs, p = _total_pmf(exact)
    q = None
    if simulated is not None:
        xq, q = _total_pmf(simulated)
        xs, p, q = _align(xs, p, xq, q)
    resource = getattr(exact, "resource", "resource")
    fig = compare_bars(
        [int(x) for x in xs],
        p,
        q,
        title=title or f"{resource.capitalize()} in one turn",
        x_label=f"{resource} generated this turn",
    )
    fig.select_one({"name": "exact"}).data_source.data["total"] = [int(x) for x in xs]
    for i, k in enumerate(thresholds):
        fig.add_layout(
            Span(
                location=k - 0.5,
                dimension="height",
                line_color=OKABE_ITO[5],
                line_dash="dashed",
                line_width=2,
                name=f"threshold-{k}",
            )
        )
        fig.add_layout(
            Label(
                x=k - 0.45,
                y=fig.y_range.end * (0.92 - 0.08 * i),
                text=f"{k} or more",
                text_font_size="12px",
                text_color=OKABE_ITO[5],
            )
        )
    return fig


def seen_bars(exact: Sequence[float], simulated: Sequence[float] | None = None, **kw) -> figure:
    """The turn a card first comes into hand: ``exact[n]`` = P(first seen on turn n), as
    :func:`~clankwidget.deck.turns_until_seen_distribution` returns (``[0]`` = 0 is
    dropped). Renderer ``"exact"`` has the turns in ``data["turn"]``."""
    p = np.asarray(exact, dtype=float)
    q = None if simulated is None else np.asarray(simulated, dtype=float)
    if q is not None and len(q) != len(p):
        n = max(len(p), len(q))
        p = np.pad(p, (0, n - len(p)))
        q = np.pad(q, (0, n - len(q)))
    turns = list(range(1, len(p)))
    fig = compare_bars(
        turns,
        p[1:],
        None if q is None else q[1:],
        title=kw.pop("title", "When does the new card first come into your hand?"),
        x_label="turn (1 = the next hand)",
        **kw,
    )
    fig.select_one({"name": "exact"}).data_source.data["turn"] = turns
    return fig


def survival_bars(
    categories: Sequence,
    exact: Sequence[float],
    simulated: Sequence[float] | None = None,
    *,
    title: str = "Chance to walk out alive",
    x_label: str = "",
) -> figure:
    """Survival chances per case (e.g. per boots per turn) on a 0-1 scale; as
    :func:`compare_bars` with ``y_max=1``."""
    return compare_bars(
        categories,
        exact,
        simulated,
        title=title,
        x_label=x_label,
        y_label="P(survive)",
        colour=OKABE_ITO[2],
        y_max=1.05,
    )


# ---------------------------------------------------------------------------
# Curves


def line_chart(
    x: Sequence[float],
    curves: Mapping[str, Sequence[float]],
    *,
    title: str = "",
    x_label: str = "",
    y_label: str = "probability",
    y_max: float | None = 1.0,
    markers: Mapping[str, tuple[Sequence[float], Sequence[float]]] | None = None,
    legend: str = "top_left",
) -> figure:
    """One line with markers per curve, each with its own colour, marker and dash (so the
    curves can be told apart without colour). Each renderer is named after its curve and
    holds ``x`` and ``y``. ``markers``: extra points ``label -> (xs, ys)`` drawn as large
    open dots (e.g. a simulation's estimates), renderer ``"<label>"``."""
    xs = [float(v) for v in x]
    kw = {"y_range": Range1d(0, y_max * 1.05)} if y_max else {}
    fig = _figure(title, x_label, y_label, **kw)
    for i, (label, ys) in enumerate(curves.items()):
        ys = _round(ys)
        if len(ys) != len(xs):
            raise ValueError(f"curve {label!r} has {len(ys)} values for {len(xs)} x values")
        source = ColumnDataSource({"x": xs, "y": ys, "curve": [label] * len(xs)})
        colour = OKABE_ITO[i % len(OKABE_ITO)]
        fig.line(
            "x",
            "y",
            source=source,
            color=colour,
            line_width=2.5,
            line_dash=_DASHES[i % len(_DASHES)],
            legend_label=label,
            name=label,
        )
        fig.scatter(
            "x",
            "y",
            source=source,
            color=colour,
            size=7,
            marker=_MARKERS[i % len(_MARKERS)],
            legend_label=label,
            name=f"{label} (points)",
        )
    for label, (mx, my) in (markers or {}).items():
        fig.scatter(
            [float(v) for v in mx],
            _round(my),
            size=13,
            marker="circle",
            fill_alpha=0,
            line_color="black",
            line_width=2,
            legend_label=label,
            name=label,
        )
    fig.add_tools(
        HoverTool(tooltips=[("", "@curve"), ("x", "@x"), ("y", "@y{0.0000}")], mode="mouse")
    )
    if all(float(v).is_integer() for v in xs):
        fig.xaxis.ticker = BasicTicker(min_interval=1)
    fig.legend.location = legend
    fig.legend.click_policy = "hide"
    return fig


def knockout_curve(
    sweep: Mapping[int, Any],
    *,
    value: str = "p_knockout",
    colour: str = "blue",
    title: str | None = None,
    y_label: str | None = None,
    legend: str = "auto",
) -> figure:
    """Odds against the number of cubes in the bag, one curve per draw count: the tables
    of :func:`clankwidget.lessons.clank_sweep` (anything with ``.column(name)`` giving
    ``cubes`` and ``value``). Renderers are named ``"<draws> cubes drawn"``. The legend
    goes bottom right when every curve stays high ("auto"), else top left."""
    if not sweep:
        raise ValueError("sweep is empty: give {draws: table}")
    first = next(iter(sweep.values()))
    xs = first.column("cubes")
    curves = {f"{d} cubes drawn": table.column(value) for d, table in sweep.items()}
    labels = {"p_knockout": "P(knocked out)", "p_hit": "P(at least 1 damage)"}
    if legend == "auto":
        lowest = min((min(c) for c in curves.values() if len(c)), default=0.0)
        legend = "bottom_right" if lowest > 0.35 else "top_left"
    return line_chart(
        xs,
        curves,
        title=title or f"{colour.capitalize()}: {labels.get(value, value)} at the next attack",
        x_label=f"{colour} cubes in the bag",
        y_label=y_label or labels.get(value, value),
        legend=legend,
    )


def front_plot(options: Sequence, *, title: str = "") -> figure:
    """A space's Pareto front: each option (boots, swords, damage) as a point, swords paid
    across and damage taken up, labelled with its boots. Renderer ``"front"``."""
    rows = [tuple(o)[:3] for o in options]
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


# ---------------------------------------------------------------------------
# The board


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
            raise KeyError(f"mark: board {board.id!r} has no space {space_id!r}")
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
    except (TypeError, ValueError):
        return False


# ---------------------------------------------------------------------------
# A simulation converging


def estimate_band(
    n: Sequence[float],
    estimate: Sequence[float],
    low: Sequence[float],
    high: Sequence[float],
    exact: float | None = None,
    *,
    title: str = "",
    y_label: str = "estimate",
) -> figure:
    """A running estimate against the number of simulations ``n`` (log scale), with its
    interval as a shaded band and the exact value as a dashed line. Renderers:
    ``"band"`` (a ``varea``), ``"estimate"`` (a line; data ``n``, ``estimate``, ``low``,
    ``high``) and ``"exact"`` (a dashed line across the plot)."""
    ns = [float(v) for v in n]
    cols = {"estimate": _round(estimate), "low": _round(low), "high": _round(high)}
    if any(len(v) != len(ns) for v in cols.values()):
        raise ValueError("n, estimate, low and high must have the same length")
    if any(v <= 0 for v in ns):
        raise ValueError("n must be positive (the axis is logarithmic)")
    source = ColumnDataSource({"n": ns, **cols})
    fig = _figure(title, "simulations (log scale)", y_label, x_axis_type="log")
    fig.varea("n", "low", "high", source=source, fill_color=OKABE_ITO[0], fill_alpha=0.2,
              legend_label="95% interval", name="band")  # fmt: skip
    fig.line("n", "estimate", source=source, color=OKABE_ITO[0], line_width=2.5,
             legend_label="estimate", name="estimate")  # fmt: skip
    if exact is not None:
        fig.line([ns[0], ns[-1]], [float(exact)] * 2, line_dash="dashed", color=OKABE_ITO[5],
                 line_width=2, legend_label=f"exact {exact:.4f}", name="exact")  # fmt: skip
    fig.add_tools(HoverTool(tooltips=[("n", "@n{0,0}"), ("estimate", "@estimate{0.0000}"),
                                      ("interval", "@low{0.0000} to @high{0.0000}")]))  # fmt: skip
    fig.legend.location = "top_right"
    return fig
