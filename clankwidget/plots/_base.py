"""What every lesson plot shares: the palette, loading BokehJS, showing a figure, and the
small helpers that build a figure and read probabilities from results."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from bokeh.core.enums import LegendLocation
from bokeh.plotting import figure

from .._args import number_list as _numbers
from .._args import one_of as _one_of
from .._args import real as _real
from .._args import text as _text
from .._args import whole as _whole
from ..errors import LessonInputError, shown

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
    if mode is not None and not isinstance(mode, str):
        raise LessonInputError(f"mode must be 'cdn' or 'inline', got {shown(mode)}")
    chosen = mode if mode is not None else os.environ.get(_MODE_ENV, "").strip().lower()
    if not chosen:
        return "cdn" if any(os.environ.get(name) for name in _BINDER_ENV) else "inline"
    if chosen not in ("cdn", "inline"):
        where = "mode" if mode is not None else f"the environment variable {_MODE_ENV}"
        raise ValueError(f"{where} must be 'cdn' or 'inline', got {shown(chosen)}")
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


def setup_notebook(mode: str | None = None) -> None:
    """Load BokehJS into this notebook (see :func:`bokeh_mode`), without the banner.

    Returns nothing, so the cell shows no ``Out[1]``; :func:`bokeh_mode` says which mode
    it uses. Outside a notebook it only checks ``mode``. The inline resources put about
    8 MB into the cell's output: tag the cell ``nbval-ignore-output`` and clear its output
    before committing.
    """
    global _loaded
    chosen = bokeh_mode(mode)
    if _in_notebook():
        from bokeh.io import output_notebook
        from bokeh.resources import CDN, INLINE

        output_notebook(resources=CDN if chosen == "cdn" else INLINE, hide_banner=True)
        _loaded = chosen


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


#: where a plot's legend may go: inside the plot, or right of it
LEGEND_PLACES = (*LegendLocation, "outside")


def _legend(legend: Any, *more: str) -> str:
    return _one_of(legend, (*LEGEND_PLACES, *more), "legend")


#: the most decimals a hover tooltip shows (the data behind it are rounded to 6)
MAX_TIP_DIGITS = 6


def _tip(digits: Any, sign: bool = False) -> str:
    """A hover tooltip's number format with ``digits`` decimals: ``{0.0000}``. A slider's
    figure shows fewer, so that it does not read out an exercise's answer."""
    digits = _whole(digits, "digits", most=MAX_TIP_DIGITS)
    return "{" + ("+" if sign else "") + "0" + ("." + "0" * digits if digits else "") + "}"


def _figure(title: str, x_label: str, y_label: str, **kw) -> figure:
    title, x_label = _text(title, "title"), _text(x_label, "x_label")
    y_label = _text(y_label, "y_label")
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
    return _numbers(obj, what)


def _total_pmf(obj: Any) -> tuple[np.ndarray, np.ndarray]:
    """(support, pmf) from a TotalDistribution-like object or a pmf array starting at 0."""
    if hasattr(obj, "pmf") and hasattr(obj, "support"):
        return np.asarray(obj.support), np.asarray(obj.pmf, dtype=float)
    pmf = _numbers(obj, "the probabilities")
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


def _round(values, what: str = "the values") -> list[float]:
    return [round(v, 6) for v in _numbers(values, what).tolist()]


def _limit(value: Any, what: str) -> float | None:
    """An axis limit a caller gave: ``None`` or a finite number."""
    return None if value is None else _real(value, what)
