"""Exact against simulated, as bars and dots: damage, resources, turns, survival."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
from bokeh.models import (
    BasicTicker,
    ColumnDataSource,
    HoverTool,
    Label,
    Range1d,
    Span,
)
from bokeh.plotting import figure

from .._args import items as _items
from .._args import whole as _whole
from ._base import (
    EXACT,
    OKABE_ITO,
    SIMULATED,
    _align,
    _figure,
    _legend,
    _limit,
    _numbers,
    _pmf,
    _round,
    _text,
    _tip,
    _total_pmf,
)

#: The most bars one chart draws (far more than a lesson's; past a few thousand they are
#: thinner than a pixel, and bokeh takes minutes to lay out a hundred thousand)
MAX_BARS = 5_000


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
    legend: str = "auto",
    digits: int = 4,
) -> figure:
    """Bars of exact probabilities with the simulated ones as dots on top.

    ``categories`` are the x positions (numbers or strings), each once. ``legend``: a
    location inside the plot (``"top_left"``, ...), ``"outside"`` (right of it, never
    over a bar), ``"none"``, or ``"auto"``: outside when there are simulated dots, none
    for bars alone (one series needs no legend). ``digits``: the decimals the hover
    tooltip shows.
    Renderers: ``"exact"`` (a ``vbar``; data ``x``, ``label``, ``exact``, ``simulated``,
    ``difference``) and, when ``simulated`` is given, ``"simulated"`` (a scatter on the
    same source).
    """
    cats = _items(categories, "categories", MAX_BARS)
    exact = _round(exact, "exact")
    colour = _text(colour, "colour", 64)
    legend = _legend(legend, "auto", "none")
    if legend == "auto":
        legend = "none" if simulated is None else "outside"
    tip = _tip(digits)
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
    repeated = [x for x, n in Counter(xs).items() if n > 1]
    if repeated:  # bokeh would log E-1019 (DUPLICATE_FACTORS) and BokehJS draw nothing
        raise ValueError(f"categories must be distinct; repeated: {', '.join(map(str, repeated))}")
    data: dict[str, list] = {
        "x": xs,
        "label": [str(c) for c in cats],
        "exact": exact,
    }
    if simulated is not None:
        sim = _round(simulated, "simulated")
        if len(sim) != len(cats):
            raise ValueError(f"{len(cats)} categories but {len(sim)} simulated values")
        data["simulated"] = sim
        data["difference"] = [round(s - e, 6) for s, e in zip(sim, exact, strict=True)]
    source = ColumnDataSource(data)

    def named(label: str) -> dict:  # a legend entry, unless there is no legend
        return {} if legend == "none" else {"legend_label": label}

    top = max([*exact, *(data.get("simulated") or [0.0]), 1e-9])
    kw = {} if numeric else {"x_range": xs}
    y_max = _limit(y_max, "y_max")
    fig = _figure(title, x_label, y_label, y_range=Range1d(0, y_max if y_max else top * 1.15), **kw)
    bars = fig.vbar(
        x="x",
        top="exact",
        width=0.7,
        source=source,
        color=colour,
        alpha=0.85,
        name="exact",
        **named(exact_label),
    )
    tips = [("", "@label"), (exact_label, f"@exact{tip}")]
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
            name="simulated",
            **named(simulated_label),
        )
        renderers.append(dots)
        tips += [
            (simulated_label, f"@simulated{tip}"),
            ("difference", f"@difference{_tip(digits, sign=True)}"),
        ]
    fig.add_tools(HoverTool(renderers=renderers, tooltips=tips))
    if numeric:
        fig.xaxis.ticker = BasicTicker(desired_num_ticks=min(len(cats), 12), min_interval=1)
    if legend == "none":
        return fig
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
    if colour is not None:
        colour = _text(colour, "colour", 64)
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
    digits: int = 4,
) -> figure:
    """One turn's total of a resource (a :class:`~clankwidget.deck.TotalDistribution` or a
    pmf from 0): exact bars, simulated dots, and a dashed line at each threshold (the
    Skill Shot's 6 and 8). Renderer ``"exact"`` has the totals in ``data["total"]``.
    ``digits``: the decimals the hover tooltip shows."""
    xs, p = _total_pmf(exact)
    q = None
    if simulated is not None:
        xq, q = _total_pmf(simulated)
        xs, p, q = _align(xs, p, xq, q)
    resource = getattr(exact, "resource", "resource")
    thresholds = [_whole(k, "each threshold") for k in _items(thresholds, "thresholds", 20)]
    fig = compare_bars(
        [int(x) for x in xs],
        p,
        q,
        title=title or f"{resource.capitalize()} in one turn",
        x_label=f"{resource} generated this turn",
        digits=digits,
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
    p = _numbers(exact, "exact")
    q = None if simulated is None else _numbers(simulated, "simulated")
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
