"""Figures that follow sliders: ipywidgets controls driving a bokeh figure live.

:func:`explore` takes a function that draws a figure (any of this package's, built from
the sliders' values) and the sliders; it shows the figure once (through
``jupyter_bokeh``'s :class:`~jupyter_bokeh.BokehModel`) and, whenever a slider moves,
draws the figure again and copies the new numbers into the one on the page: the data of
every named renderer, the title and the ranges. The page updates in place; nothing is
redrawn from scratch. An optional ``text`` function gives a table (or any object with an
HTML view) shown under the figure, recomputed with it.

The sliders start at their defaults, and so does everything shown: a notebook run
headless (nbval, CI) computes exactly the default view, and a test can move a slider
with ``explorer.controls["name"].value = ...`` and read the figure back.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets
from bokeh.models import FactorRange, Range1d
from bokeh.plotting import figure

from .. import _args

__all__ = ["Explorer", "explore", "slider"]


#: A table in a widget's HTML gets none of the notebook's output styles: JupyterLab's
#: own class where it runs, and spacing of its own for the front ends without it.
_TABLE_STYLE = (
    "<style>.cw-explore-table table{border-collapse:collapse;margin-top:.5em}"
    ".cw-explore-table th,.cw-explore-table td{padding:.2em .8em;text-align:right}"
    ".cw-explore-table thead th{border-bottom:1px solid currentColor}</style>"
)


def _html(obj: Any) -> str:
    if obj is None:
        return ""
    if hasattr(obj, "_repr_html_"):
        inner = obj._repr_html_()
        return f'{_TABLE_STYLE}<div class="jp-RenderedHTMLCommon cw-explore-table">{inner}</div>'
    return f"<pre>{html.escape(str(obj))}</pre>"


def _copy_figure(into: figure, new: figure) -> None:
    """Copy what a slider can change from ``new`` into the figure on the page."""
    for renderer in new.renderers:
        if not renderer.name:
            continue
        mine = into.select_one({"name": renderer.name})
        if mine is not None and hasattr(mine, "data_source"):
            mine.data_source.data = dict(renderer.data_source.data)
    into.title.text = new.title.text
    for axis in ("x_range", "y_range"):
        old_r, new_r = getattr(into, axis), getattr(new, axis)
        if isinstance(old_r, Range1d) and isinstance(new_r, Range1d):
            old_r.start, old_r.end = new_r.start, new_r.end
        elif isinstance(old_r, FactorRange) and isinstance(new_r, FactorRange):
            old_r.factors = list(new_r.factors)


class Explorer(widgets.VBox):
    """Sliders above a live bokeh figure (and a table). ``controls``: the sliders by
    name; ``figure``: the figure on the page; ``values``: the sliders' values now."""

    def __init__(
        self,
        draw: Callable[..., figure],
        controls: Mapping[str, widgets.ValueWidget],
        text: Callable[..., Any] | None = None,
    ):
        from jupyter_bokeh import BokehModel

        self.controls = dict(controls)
        self._draw, self._text = draw, text
        self.figure = draw(**self.values)
        self.table = widgets.HTML(_html(text(**self.values)) if text else "")
        for control in self.controls.values():
            control.observe(self._changed, names="value")
        parts = [widgets.HBox(list(self.controls.values())), BokehModel(self.figure)]
        super().__init__(parts + ([self.table] if text else []))

    @property
    def values(self) -> dict[str, Any]:
        return {name: c.value for name, c in self.controls.items()}

    def _changed(self, _change=None) -> None:
        _copy_figure(self.figure, self._draw(**self.values))
        if self._text is not None:
            self.table.value = _html(self._text(**self.values))

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"<Explorer: {shown}>"


def explore(
    draw: Callable[..., figure],
    *,
    text: Callable[..., Any] | None = None,
    **controls: widgets.ValueWidget,
) -> Explorer:
    """Sliders driving a figure: ``draw(**values)`` returns a bokeh figure for the
    sliders' values (a new one each call; its named renderers are copied into the one
    shown), ``text(**values)`` an optional table shown under it. ``controls``: one
    ipywidgets slider (or other value widget) per keyword ``draw`` takes.

    >>> import ipywidgets as w
    >>> from clankwidget import plots
    >>> ex = plots.explore(lambda p: plots.compare_bars([0, 1], [1 - p, p]),
    ...                    p=w.FloatSlider(value=0.25, min=0, max=1))
    >>> ex.controls["p"].value = 0.5
    >>> ex.figure.select_one({"name": "exact"}).data_source.data["exact"]
    [0.5, 0.5]
    """
    return Explorer(draw, controls, text)


def slider(value: int, low: int, high: int, description: str, step: int = 1) -> widgets.IntSlider:
    """An integer slider with the lessons' look: ``description`` to its left, read out
    to its right, updating the figure only when let go (so a drag does not recompute at
    every step)."""
    low = _args.whole(low, "low", least=-(10**9), most=10**9)
    high = _args.whole(high, "high", least=low, most=10**9)
    value = _args.whole(value, "value", least=-(10**9), most=10**9)
    value = min(max(value, low), high)  # (as the slider would show it)
    step = _args.whole(step, "step", least=1, most=max(high - low, 1))
    return widgets.IntSlider(
        value=value,
        min=low,
        max=high,
        step=step,
        description=description,
        continuous_update=False,
        style={"description_width": "initial"},
    )
