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

The figures live in one module per concern, all importable from here as before:

==============  ==============================================================
module          figures
==============  ==============================================================
``_base``       palette (:data:`OKABE_ITO`, :data:`EXACT`, :data:`SIMULATED`,
                :data:`PLAYER_COLOURS`), :func:`bokeh_mode`,
                :func:`setup_notebook`, :func:`show`
``bars``        :func:`compare_bars`, :func:`damage_bars`, :func:`resource_bars`,
                :func:`seen_bars`, :func:`survival_bars`
``curves``      :func:`line_chart`, :func:`knockout_curve`, :func:`estimate_band`
``board``       :func:`board_map`, :func:`front_plot`
``live``        :func:`explore` (sliders driving a figure), :func:`slider`
==============  ==============================================================
"""

from __future__ import annotations

from ._base import (  # noqa: F401 (read by the tests)
    _BINDER_ENV,
    _MODE_ENV,
    EXACT,
    OKABE_ITO,
    PLAYER_COLOURS,
    SIMULATED,
    bokeh_mode,
    setup_notebook,
    show,
)
from .bars import compare_bars, damage_bars, resource_bars, seen_bars, survival_bars
from .board import board_map, front_plot
from .curves import estimate_band, knockout_curve, line_chart
from .live import Explorer, explore, slider

__all__ = [
    "EXACT",
    "OKABE_ITO",
    "PLAYER_COLOURS",
    "SIMULATED",
    "Explorer",
    "board_map",
    "bokeh_mode",
    "compare_bars",
    "damage_bars",
    "estimate_band",
    "explore",
    "front_plot",
    "knockout_curve",
    "line_chart",
    "resource_bars",
    "seen_bars",
    "setup_notebook",
    "show",
    "slider",
    "survival_bars",
]
