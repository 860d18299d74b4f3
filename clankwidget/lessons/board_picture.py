"""A picture of a dungeon board for the teacher's guide: a self-contained SVG drawn from
the board's own data (no bokeh, no browser), with a key to the symbols.

Run ``python -m clankwidget.lessons.board_picture [OUT.svg] [--board ID]`` to write it;
``notebooks/teachers/teaching-dungeon.svg`` is made this way. The play widget and the
lessons' bokeh maps draw the same board interactively; this is the printable version.
"""

from __future__ import annotations

import argparse
import html
import math
import sys
from pathlib import Path

__all__ = ["board_svg"]

_KEY = [
    ("start", "#2e7d32", "entrance (escape here with an artifact)"),
    ("artifact", "#d4a017", "artifact (its points inside)"),
    ("market", "#1565c0", "market"),
    ("secret", "#8e24aa", "secret tokens"),
    ("crystal", "#00838f", "crystal cave (entering ends your move)"),
    ("heal", "#c2185b", "healing spring / idol / coins"),
    ("plain", "#ffffff", "room"),
]


def _kind(s) -> str:
    if s.start:
        return "start"
    if s.artifact:
        return "artifact"
    if s.market:
        return "market"
    if s.crystal_cave:
        return "crystal"
    if s.heal or s.idols or s.gold:
        return "heal"
    if s.minor_secrets or s.major_secrets:
        return "secret"
    return "plain"


def board_svg(board, *, scale: float = 1.0) -> str:
    """The board as an SVG document (a string): rooms at their coordinates, named;
    tunnels as lines (thick: two boots; dashed: locked; an arrowhead: one way; a red
    dot per monster); the Depths shaded; a key below."""
    esc = html.escape
    fill = {k: c for k, c, _ in _KEY}
    pad, key_h = 40, 150
    w, h = board.width + 2 * pad, board.height + 2 * pad + key_h
    xy = {s.id: (s.x + pad, s.y + pad) for s in board.spaces}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * scale:.0f}" '
        f'height="{h * scale:.0f}" viewBox="0 0 {w:.0f} {h:.0f}" '
        'font-family="DejaVu Sans, Arial, sans-serif" role="img" '
        f'aria-label="{esc(board.title)}">',
        f"<title>{esc(board.title)}</title>",
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="14" '
        'markerHeight="14" markerUnits="userSpaceOnUse" orient="auto-start-reverse">'
        '<path d="M0,0 L10,5 L0,10 z" fill="#444"/></marker></defs>',
        f'<rect width="{w:.0f}" height="{h:.0f}" fill="#fbf8f1"/>',
    ]
    deep = [s.y for s in board.spaces if s.depths]
    if deep:
        top = min(deep) + pad - 30
        deep_h = board.height + 2 * pad - top
        out.append(
            f'<rect x="0" y="{top:.0f}" width="{w:.0f}" height="{deep_h:.0f}" fill="#ece3d3"/>'
        )
        out.append(
            f'<text x="8" y="{top + 16:.0f}" font-size="13" fill="#7a6a50">THE DEPTHS '
            "(below this line)</text>"
        )
    for p in board.paths:
        (x0, y0), (x1, y1) = xy[p.a], xy[p.b]
        style = f'stroke="#555" stroke-width="{5 if p.boots >= 2 else 2}"'
        if p.locked:
            style += ' stroke-dasharray="8 5"'
        if p.one_way:  # stop the line at the room's edge so the arrowhead shows
            d = math.hypot(x1 - x0, y1 - y0) or 1.0
            x1, y1 = x1 - 14 * (x1 - x0) / d, y1 - 14 * (y1 - y0) / d
            style += ' marker-end="url(#arrow)"'
        out.append(f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" {style}/>')
        for k in range(p.monsters):
            t = 0.42 + 0.16 * k
            mx, my = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
            out.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="5" fill="#d32f2f"/>')
    for s in board.spaces:
        x, y = xy[s.id]
        kind = _kind(s)
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="12" fill="{fill[kind]}" stroke="#333" '
            f'stroke-width="1.5"><title>{esc(s.name)} ({esc(s.id)})</title></circle>'
        )
        if s.artifact:
            out.append(
                f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" text-anchor="middle" '
                f'font-weight="bold">{s.artifact}</text>'
            )
        out.append(
            f'<text x="{x:.1f}" y="{y + 25:.1f}" font-size="9" text-anchor="middle" '
            f'fill="#222">{esc(s.name)}</text>'
        )
    # the key
    ky = board.height + 2 * pad + 10
    out.append(f'<text x="10" y="{ky + 4:.0f}" font-size="14" font-weight="bold">'
               f"{esc(board.title)}</text>")  # fmt: skip
    for i, (_, colour, words) in enumerate(_KEY):
        cx, cy = 20 + (i % 3) * 320, ky + 30 + (i // 3) * 24
        out.append(f'<circle cx="{cx}" cy="{cy}" r="8" fill="{colour}" stroke="#333"/>')
        out.append(f'<text x="{cx + 14}" y="{cy + 4}" font-size="12">{esc(words)}</text>')
    lines = [
        ('stroke-width="2"', "tunnel: 1 boot"),
        ('stroke-width="5"', "thick tunnel: 2 boots"),
        ('stroke-width="2" stroke-dasharray="8 5"', "locked: needs a Master Key"),
        ('stroke-width="2" marker-end="url(#arrow)"', "one way"),
    ]
    for i, (style, words) in enumerate(lines):
        x0, y0 = 20 + (i % 3) * 320, ky + 102 + (i // 3) * 24
        out.append(
            f'<line x1="{x0 - 10}" y1="{y0}" x2="{x0 + 10}" y2="{y0}" stroke="#555" {style}/>'
        )
        out.append(f'<text x="{x0 + 16}" y="{y0 + 4}" font-size="12">{esc(words)}</text>')
    x0, y0 = 20 + 320, ky + 126
    out.append(f'<circle cx="{x0}" cy="{y0}" r="5" fill="#d32f2f"/>')
    out.append(
        f'<text x="{x0 + 16}" y="{y0 + 4}" font-size="12">monster: 1 Sword, or take 1 damage</text>'
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    from ..data import load_board

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=None, help="SVG file (default stdout)")
    parser.add_argument("--board", default="teaching-dungeon")
    args = parser.parse_args(argv)
    svg = board_svg(load_board(args.board))
    if args.out is None:
        sys.stdout.write(svg)
    else:
        args.out.write_text(svg, encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
