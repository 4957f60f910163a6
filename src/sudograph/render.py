"""Pictures: grids and coloured graphs as SVG (no dependency) or PNG (matplotlib, ``plot`` extra).

A grid picture shows clues in bold black, found digits in blue, and optionally the candidates
of the empty cells as small pencil marks. A graph picture draws the vertices in their colours
(colour 1 red, 2 blue, 3 yellow, ... as in seed 002's figure 4).

>>> from sudograph.grid import Grid
>>> svg = grid_svg(Grid.parse("1.3.....2...4..1"))
>>> svg.startswith("<svg") and svg.count("<text") == 5
True
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from .errors import InvalidArgument, MissingExtra
from .graph import Graph

if TYPE_CHECKING:  # pragma: no cover
    from .grid import Grid

PALETTE = (
    "#e41a1c", "#377eb8", "#ffd92f", "#4daf4a", "#984ea3", "#ff7f00", "#a65628", "#f781bf",
    "#999999", "#66c2a5", "#fc8d62", "#8da0cb", "#e78ac3", "#a6d854", "#e5c494", "#b3b3b3",
)
"""Vertex colours: colour c is drawn ``PALETTE[(c - 1) % len(PALETTE)]`` (0 = white)."""

CLUE_COLOUR = "#000000"
FOUND_COLOUR = "#1f5fbf"
CELL = 40
"""Side of a cell in SVG units for a 9×9 grid (scaled for larger grids)."""


def colour_of(c: int) -> str:
    """Fill colour for colour number ``c`` (``colour_of(1) == '#e41a1c'``, 0 is white)."""
    return "#ffffff" if c <= 0 else PALETTE[(c - 1) % len(PALETTE)]


def grid_svg(
    grid: Grid,
    *,
    solution: Grid | None = None,
    candidates: bool = False,
    size: int | None = None,
) -> str:
    """The grid as an SVG document: one ``<text>`` per filled cell.

    Clues (the grid's values) are bold black; with ``solution`` the other cells show the
    solution's digits in blue; with ``candidates`` empty cells show their candidates small.
    ``size`` is the picture's width in pixels (default: 40 per cell, at least 360).
    """
    n, (br, bc) = grid.n, grid.box
    width = size or max(360, CELL * n)
    cell = width / n
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{width:.0f}" '
        f'viewBox="0 0 {width:.2f} {width:.2f}">',
        f'<rect x="0" y="0" width="{width:.2f}" height="{width:.2f}" fill="#ffffff"/>',
    ]
    for i in range(1, n):
        thick = 2.5 if i % bc == 0 else 0.8
        x = i * cell
        parts.append(
            f'<line x1="{x:.2f}" y1="0" x2="{x:.2f}" y2="{width:.2f}" '
            f'stroke="#000" stroke-width="{thick}"/>'
        )
        thick = 2.5 if i % br == 0 else 0.8
        parts.append(
            f'<line x1="0" y1="{x:.2f}" x2="{width:.2f}" y2="{x:.2f}" '
            f'stroke="#000" stroke-width="{thick}"/>'
        )
    parts.append(
        f'<rect x="0" y="0" width="{width:.2f}" height="{width:.2f}" fill="none" '
        'stroke="#000" stroke-width="4"/>'
    )
    font = cell * 0.6
    alpha = grid.alphabet
    for i, d in enumerate(grid.values):
        r, c = divmod(i, n)
        cx, cy = (c + 0.5) * cell, (r + 0.5) * cell
        if d:
            parts.append(_text(cx, cy, alpha[d - 1], font, CLUE_COLOUR, bold=True))
        elif solution is not None and solution.values[i]:
            parts.append(_text(cx, cy, alpha[solution.values[i] - 1], font, FOUND_COLOUR))
        elif candidates:
            parts.append(_pencil_marks(grid, i, r, c, cell))
    parts.append("</svg>")
    return "\n".join(parts)


def _text(x: float, y: float, s: str, font: float, fill: str, *, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:.2f}" y="{y:.2f}" font-size="{font:.1f}" font-family="sans-serif" '
        f'text-anchor="middle" dominant-baseline="central" fill="{fill}"{weight}>'
        f"{escape(s)}</text>"
    )


def _pencil_marks(grid: Grid, i: int, r: int, c: int, cell: float) -> str:
    """Candidates of cell i on a small sub-grid inside the cell: one ``<text class="pencil">``."""
    side = math.ceil(math.sqrt(grid.n))
    sub = cell / side
    spans = []
    for d in grid.candidates(i):
        k = d - 1
        x = c * cell + (k % side + 0.5) * sub
        y = r * cell + (k // side + 0.5) * sub
        spans.append(
            f'<tspan x="{x:.2f}" y="{y:.2f}">{escape(grid.alphabet[k])}</tspan>'
        )
    return (
        f'<text class="pencil" font-family="sans-serif" font-size="{sub * 0.7:.1f}" '
        f'fill="#777" text-anchor="middle" dominant-baseline="central">{"".join(spans)}</text>'
    )


def save_grid(
    grid: Grid,
    path: str | os.PathLike[str],
    *,
    fmt: str | None = None,
    candidates: bool = False,
    solution: Grid | None = None,
) -> None:
    """Write the grid picture to ``path`` as ``svg`` or ``png`` (guessed from the suffix)."""
    kind = _kind(path, fmt)
    if kind == "svg":
        Path(path).write_text(
            grid_svg(grid, solution=solution, candidates=candidates), encoding="utf-8"
        )
        return
    plt = _pyplot()
    n, (br, bc) = grid.n, grid.box
    fig, ax = plt.subplots(figsize=(max(4.0, n * 0.45),) * 2, dpi=100)
    ax.set_xlim(0, n)
    ax.set_ylim(n, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    for i in range(n + 1):
        ax.plot([i, i], [0, n], color="black", lw=2.5 if i % bc == 0 else 0.6)
        ax.plot([0, n], [i, i], color="black", lw=2.5 if i % br == 0 else 0.6)
    size = max(6.0, 160.0 / n)
    for i, d in enumerate(grid.values):
        r, c = divmod(i, n)
        if d:
            ax.text(c + 0.5, r + 0.5, grid.alphabet[d - 1], ha="center", va="center",
                    fontsize=size, fontweight="bold", color=CLUE_COLOUR)
        elif solution is not None and solution.values[i]:
            ax.text(c + 0.5, r + 0.5, grid.alphabet[solution.values[i] - 1], ha="center",
                    va="center", fontsize=size, color=FOUND_COLOUR)
        elif candidates:
            side = math.ceil(math.sqrt(n))
            for d2 in grid.candidates(i):
                k = d2 - 1
                ax.text(c + (k % side + 0.5) / side, r + (k // side + 0.5) / side,
                        grid.alphabet[k], ha="center", va="center", fontsize=size / 3,
                        color="#777777")
    fig.savefig(path, format="png", bbox_inches="tight", facecolor="white")
    plt.close(fig)


def _kind(path: str | os.PathLike[str], fmt: str | None) -> str:
    kind = (fmt or Path(path).suffix.lstrip(".")).lower()
    if kind not in ("svg", "png"):
        raise InvalidArgument(f"picture format must be svg or png, got {kind or 'none'!r}")
    return kind


def _pyplot():  # type: ignore[no-untyped-def]
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise MissingExtra("matplotlib", "plot") from exc
    return plt


# -- graphs -----------------------------------------------------------------------------------
def graph_layout(graph: Graph) -> list[tuple[float, float]]:
    """Positions in the unit square: Petersen as pentagon + star, Sudoku graphs on their grid,
    any other graph on a circle.

    >>> from sudograph.graph import petersen_graph
    >>> len(graph_layout(petersen_graph()))
    10
    """
    n = graph.n
    if graph.name == "petersen" and n == 10:
        pos = []
        for radius in (0.45, 0.22):
            for i in range(5):
                a = math.pi / 2 + 2 * math.pi * i / 5
                pos.append((0.5 + radius * math.cos(a), 0.5 - radius * math.sin(a)))
        return pos
    side = math.isqrt(n)
    if graph.houses and side * side == n:
        return [((v % side + 0.5) / side, (v // side + 0.5) / side) for v in range(n)]
    return [
        (0.5 + 0.45 * math.cos(2 * math.pi * v / max(n, 1)),
         0.5 + 0.45 * math.sin(2 * math.pi * v / max(n, 1)))
        for v in range(n)
    ]


def graph_svg(
    graph: Graph,
    coloring: Sequence[int] | None = None,
    *,
    size: int = 480,
    labels: bool = True,
    max_edges: int = 20000,
) -> str:
    """The graph as SVG: vertices filled with their colours, numbered; edges as lines.

    For a Sudoku graph, only the edges inside boxes are drawn (like seed 002's figure 8), so
    the picture stays readable.
    """
    pos = [(x * size, y * size) for x, y in graph_layout(graph)]
    box_only = bool(graph.houses)
    boxes: dict[int, int] = {}
    if box_only:
        third = len(graph.houses) // 3
        for b, house in enumerate(graph.houses[2 * third:]):
            for v in house:
                boxes[v] = b
    radius = max(4.0, min(18.0, size / (3 * math.sqrt(max(graph.n, 1)))))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}">',
        f'<rect width="{size}" height="{size}" fill="#ffffff"/>',
    ]
    drawn = 0
    for u, v in graph.edges():
        if box_only and boxes.get(u) != boxes.get(v):
            continue
        if drawn >= max_edges:
            break
        (x1, y1), (x2, y2) = pos[u], pos[v]
        parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            'stroke="#555" stroke-width="1"/>'
        )
        drawn += 1
    for v, (x, y) in enumerate(pos):
        c = coloring[v] if coloring is not None else 0
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{colour_of(c)}" '
            'stroke="#000" stroke-width="1"/>'
        )
        if labels:
            parts.append(_text(x, y, str(v), radius, "#000"))
    parts.append("</svg>")
    return "\n".join(parts)


def save_graph(
    graph: Graph,
    path: str | os.PathLike[str],
    coloring: Sequence[int] | None = None,
    *,
    fmt: str | None = None,
) -> None:
    """Write the graph picture to ``path`` as ``svg`` or ``png``."""
    kind = _kind(path, fmt)
    if kind == "svg":
        Path(path).write_text(graph_svg(graph, coloring), encoding="utf-8")
        return
    plt = _pyplot()
    pos = graph_layout(graph)
    fig, ax = plt.subplots(figsize=(6, 6), dpi=100)
    ax.set_xlim(0, 1)
    ax.set_ylim(1, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    boxes: dict[int, int] = {}
    if graph.houses:
        third = len(graph.houses) // 3
        for b, house in enumerate(graph.houses[2 * third:]):
            for v in house:
                boxes[v] = b
    for u, v in graph.edges():
        if graph.houses and boxes.get(u) != boxes.get(v):
            continue
        ax.plot([pos[u][0], pos[v][0]], [pos[u][1], pos[v][1]], color="#555555", lw=0.8,
                zorder=1)
    xs = [p[0] for p in pos]
    ys = [p[1] for p in pos]
    fills = [colour_of(coloring[v] if coloring is not None else 0) for v in range(graph.n)]
    ax.scatter(xs, ys, s=max(30, 6000 / max(graph.n, 1)), c=fills, edgecolors="black",
               zorder=2)
    fig.savefig(path, format="png", bbox_inches="tight", facecolor="white")
    plt.close(fig)
