"""Curves: chances along a sweep (line charts, knock-out curves) and a simulation
converging with its interval (lessons 01, 02, 08)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bokeh.models import (
    BasicTicker,
    ColumnDataSource,
    HoverTool,
    Range1d,
)
from bokeh.plotting import figure

from ..errors import LessonInputError, shown
from ._base import (
    _DASHES,
    _MARKERS,
    OKABE_ITO,
    _figure,
    _legend,
    _limit,
    _numbers,
    _round,
    _tip,
)

#: The most curves one chart draws (each gets a colour, a marker, a dash and a line of
#: the legend; a thousand took bokeh ten seconds)
MAX_CURVES = 100


def _curves(curves) -> Mapping:
    if not isinstance(curves, Mapping):
        raise LessonInputError(f"curves must be a mapping of label to values, got {shown(curves)}")
    if len(curves) > MAX_CURVES:
        raise LessonInputError(f"{len(curves):,} curves; at most {MAX_CURVES}")
    return curves


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
    digits: int = 4,
) -> figure:
    """One line with markers per curve, each with its own colour, marker and dash (so the
    curves can be told apart without colour). Each renderer is named after its curve and
    holds ``x`` and ``y``. ``markers``: extra points ``label -> (xs, ys)`` drawn as large
    open dots (e.g. a simulation's estimates), renderer ``"<label>"``. ``legend``: a
    location inside the plot (``"top_left"``, ...) or ``"outside"`` (right of it).
    ``digits``: the decimals the hover tooltip shows."""
    xs = _numbers(x, "x").tolist()
    tip = _tip(digits)
    y_max = _limit(y_max, "y_max")
    legend = _legend(legend)
    if markers is not None and not isinstance(markers, Mapping):
        raise LessonInputError(
            f"markers must be a mapping of label to (xs, ys), got {shown(markers)}"
        )
    kw = {"y_range": Range1d(0, y_max * 1.05)} if y_max else {}
    fig = _figure(title, x_label, y_label, **kw)
    for i, (label, ys) in enumerate(_curves(curves).items()):
        ys = _round(ys, f"curve {shown(label)}")
        if len(ys) != len(xs):
            raise ValueError(f"curve {shown(label)} has {len(ys)} values for {len(xs)} x values")
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
    for label, pair in (markers or {}).items():
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise LessonInputError(
                f"markers[{shown(label)}] must be a pair (xs, ys), got {shown(pair)}"
            )
        mx, my = pair
        fig.scatter(
            _round(mx, f"markers[{shown(label)}] x"),
            _round(my, f"markers[{shown(label)}] y"),
            size=13,
            marker="circle",
            fill_alpha=0,
            line_color="black",
            line_width=2,
            legend_label=label,
            name=label,
        )
    fig.add_tools(
        HoverTool(tooltips=[("", "@curve"), ("x", "@x"), ("y", f"@y{tip}")], mode="mouse")
    )
    if all(float(v).is_integer() for v in xs):
        fig.xaxis.ticker = BasicTicker(min_interval=1)
    if legend == "outside":
        fig.add_layout(fig.legend[0], "right")
    else:
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
    if not isinstance(sweep, Mapping) or not sweep:
        raise LessonInputError(
            f"sweep must be a mapping of draws to tables (from "
            f"lessons.clank_sweep), got {shown(sweep)}"
        )
    if not all(hasattr(table, "column") for table in sweep.values()):
        raise LessonInputError("sweep: each value must be a table (from lessons.clank_sweep)")
    if not isinstance(colour, str):
        raise LessonInputError(f"colour must be text, got {shown(colour)}")
    legend = _legend(legend, "auto")
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
    ns = _numbers(n, "n").tolist()
    exact = _limit(exact, "exact")
    cols = {
        "estimate": _round(estimate, "estimate"),
        "low": _round(low, "low"),
        "high": _round(high, "high"),
    }
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
