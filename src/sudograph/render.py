"""Pictures: grids and coloured graphs as SVG (no dependency) or PNG (matplotlib, ``plot`` extra),
and the trace of a small search as frames, an animated SVG or a GIF.

A grid picture shows clues in bold black, found digits in blue, and optionally the candidates
of the empty cells as small pencil marks. A graph picture draws the vertices in their colours
(colour 1 red, 2 blue, 3 yellow, ... as in seed 002's figure 4).

>>> from sudograph.grid import Grid
>>> svg = grid_svg(Grid.parse("1.3.....2...4..1"))
>>> svg.startswith("<svg") and svg.count("<text") == 5
True
"""

from __future__ import annotations

import colorsys
import io
import math
import numbers
import os
import re
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import InvalidArgument, MissingExtra, naming, write_text
from .graph import Graph

if TYPE_CHECKING:  # pragma: no cover
    from .grid import Grid
    from .search.trace import TraceEvent

PALETTE = (
    "#e41a1c",
    "#377eb8",
    "#ffd92f",
    "#4daf4a",
    "#984ea3",
    "#ff7f00",
    "#a65628",
    "#f781bf",
    "#999999",
    "#66c2a5",
    "#fc8d62",
    "#8da0cb",
    "#e78ac3",
    "#a6d854",
    "#e5c494",
    "#b3b3b3",
)
"""The first 16 vertex colours: colour c (1..16) is drawn ``PALETTE[c - 1]`` (0 = white);
past 16, :func:`colour_of` gives each colour a fill of its own (:data:`FILLS`)."""


def _rgb(fill: str) -> tuple[int, int, int]:
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return r, g, b


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(x * 255):02x}" for x in rgb)


def _distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """How far apart two colours look (the "redmean" weighting of RGB)."""
    mean = (a[0] + b[0]) / 2
    dr, dg, db = a[0] - b[0], a[1] - b[1], a[2] - b[2]
    return math.sqrt((2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db)


def _more_fills(count: int) -> tuple[str, ...]:
    """``count`` fills to follow :data:`PALETTE`, each as far as can be from the fills before
    it: the next one is, of 192 candidates (24 hues, 4 lightnesses, 2 saturations), the one
    farthest from every fill chosen so far (the first candidate on a tie): deterministic."""
    candidates = [
        _rgb(_hex(colorsys.hls_to_rgb(h / 24, light, sat)))
        for light in (0.3, 0.45, 0.6, 0.75)
        for sat in (0.95, 0.6)
        for h in range(24)
    ]
    nearest = [min(_distance(c, _rgb(f)) for f in PALETTE) for c in candidates]
    out: list[str] = []
    for _ in range(count):
        i = max(range(len(candidates)), key=lambda j: (nearest[j], -j))
        pick = candidates[i]
        out.append("#{:02x}{:02x}{:02x}".format(*pick))
        nearest = [min(d, _distance(c, pick)) for d, c in zip(nearest, candidates, strict=True)]
    return tuple(out)


def _golden_fill(c: int) -> str:
    """The fill of a colour past :data:`MAX_FILLS`: hues a golden angle apart."""
    i = c - MAX_FILLS - 1
    hue = (0.07 + i * 0.618033988749895) % 1.0
    return _hex(colorsys.hls_to_rgb(hue, (0.42, 0.62, 0.78)[i % 3], (0.85, 0.55)[(i // 3) % 2]))


MAX_FILLS = 64
"""Colours with a fill of their own, all different (a Problem holds up to 64 colours)."""

FILLS: tuple[str, ...] = PALETTE + _more_fills(MAX_FILLS - len(PALETTE))
"""The fills of colours 1..64: :data:`PALETTE`, then 48 generated ones (deterministic, each
different from every other: at least as far apart as the two closest of the palette's)."""

CLUE_COLOUR = "#000000"
FOUND_COLOUR = "#1f5fbf"
PENCIL_COLOUR = "#777777"
CELL = 40
"""Side of a cell in SVG units for a 9×9 grid (scaled for larger grids)."""

EVENT_FILLS = {
    "assign": "#c7e9c0",
    "deduce": "#c6dbef",
    "undo": "#fcbba1",
    "fail": "#fb6a4a",
}
"""Background of the cell an event of the trace touches (frames of :func:`trace_frames`)."""

PICTURE_FORMATS = ("svg", "png")


def colour_of(c: int) -> str:
    """Fill colour for colour number ``c`` (0 and below are white): colours 1..16 those of
    :data:`PALETTE`, 17..64 generated ones, each different (:data:`FILLS`); past 64, hues a
    golden angle apart (different in practice, not checked).

    >>> colour_of(1), colour_of(2), colour_of(3), colour_of(0)
    ('#e41a1c', '#377eb8', '#ffd92f', '#ffffff')
    >>> len({colour_of(c) for c in range(1, 65)})
    64
    """
    if c <= 0:
        return "#ffffff"
    return FILLS[c - 1] if c <= len(FILLS) else _golden_fill(c)


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on the ``#rrggbb`` colour ``fill``.

    >>> ink_on("#ffd92f"), ink_on("#377eb8")
    ('#000000', '#ffffff')
    """
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


MARK = 12
"""Pixels a pencil mark needs to be read: a grid drawn with its candidates gets cells of at
least a box side of them (a 25×25's 5 × 5 marks: 60 px cells, where 40 left 8 px specks)."""


PENCIL_SIZE = 0.7
"""A pencil mark's font size, as a fraction of its spot's side (SVG and PNG alike)."""


def _default_size(n: int, candidates: bool = False) -> int:
    """The default width of an n×n grid picture, drawn with its pencil marks (``candidates``)
    or not.

    >>> _default_size(9), _default_size(9, True), _default_size(25), _default_size(25, True)
    (360, 360, 1000, 1500)
    """
    marks = _marks_across(n) if candidates else 0
    return max(360, max(CELL, MARK * marks) * n)


def _check_positive(name: str, value: float, minimum: float = 1) -> None:
    """Raise :class:`InvalidArgument` unless ``value`` is a finite number of at least
    ``minimum`` (a size in pixels, a frame's duration in milliseconds).

    >>> _check_positive("size", float("nan"))
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: size must be a number >= 1, got nan
    """
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool)  # numpy's too
    if not ok or not math.isfinite(value) or value < minimum:
        raise InvalidArgument(f"{name} must be a number >= {minimum:g}, got {value!r}")


def _width(n: int, size: float | None, candidates: bool = False) -> float:
    """The width of a grid picture: ``size``, checked, or the default for an n×n grid (drawn
    with its ``candidates`` or not: :func:`_default_size`)."""
    if size is None:
        return _default_size(n, candidates)
    _check_positive("size", size)
    return size


# -- grids ------------------------------------------------------------------------------------
def _grids(what: str, grid: object, solution: object) -> Grid:
    """``grid`` when it is a :class:`~sudograph.grid.Grid` and ``solution`` None or a Grid of
    its box; else :class:`InvalidArgument` naming the function (``what``) and what it got (a
    string: 'str' object has no attribute 'n', deep inside).

    >>> _grids("grid_svg", "1.3.....2...4..1", None)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: grid_svg takes a Grid (Grid.parse reads one from text), \
got str
    """
    from .grid import Grid, require_grid

    checked = require_grid(grid, what)
    if solution is not None:
        if not isinstance(solution, Grid):
            raise InvalidArgument(
                f"{what}: solution must be a Grid (Grid.parse reads one from text), "
                f"got {type(solution).__name__}"
            )
        if solution.box != checked.box:
            raise InvalidArgument(
                f"solution box {solution.box} differs from the grid's {checked.box}"
            )
    return checked


Highlight = Mapping[int, str] | Mapping[tuple[int, int], str] | Mapping[int | tuple[int, int], str]
"""The cells to highlight, by index or ``(row, col)``, and their colours (any mapping)."""

SVG_COLOUR = re.compile(
    r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})"
    r"|[a-zA-Z]+"
    r"|(?:rgba?|hsla?)\([0-9a-zA-Z.,%/+\- ]*\)"
)
"""What :func:`grid_svg` takes for a highlight's colour: ``#rgb``, ``#rgba``, ``#rrggbb``,
``#rrggbbaa``, a name (``gold``) or ``rgb(...)``, ``rgba(...)``, ``hsl(...)``, ``hsla(...)``."""


def _highlights(grid: Grid, highlight: object, *, svg: bool) -> dict[int, str]:
    """``highlight`` as ``{cell index: colour}``: its cells as :meth:`Grid.index
    <sudograph.grid.Grid.index>` takes them (an index or a ``(row, col)`` pair, on the grid),
    each once, its colours strings of :data:`SVG_COLOUR` (``svg``) or colours matplotlib
    knows. :class:`InvalidArgument` naming the entry otherwise (a pair failed in ``divmod``,
    a cell past the grid was drawn off the canvas, silently).

    >>> from sudograph.grid import Grid
    >>> _highlights(Grid.empty(2), {(1, 2): "gold", 0: "#fc8d62"}, svg=True)
    {6: 'gold', 0: '#fc8d62'}
    >>> _highlights(Grid.empty(3), {99: "red"}, svg=True)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: highlight: cell 99 is outside 0..80
    """
    if highlight is None:
        return {}
    if not isinstance(highlight, Mapping):
        raise InvalidArgument(
            f"highlight must map cells to colours, got {type(highlight).__name__}"
        )
    out: dict[int, str] = {}
    named: dict[int, object] = {}
    for cell, fill in highlight.items():
        try:
            i = grid.index(cell)
        except InvalidArgument as exc:
            raise InvalidArgument(f"highlight: {exc}") from None
        if i in out:
            raise InvalidArgument(f"highlight names one cell twice: {named[i]!r} and {cell!r}")
        if not isinstance(fill, str) or not _is_colour(fill.strip(), svg=svg):
            form = "#rrggbb, a name or rgb(...)" if svg else "a colour matplotlib knows"
            raise InvalidArgument(
                f"highlight: the colour of cell {cell!r} must be {form}, got {fill!r}"
            )
        out[i], named[i] = fill.strip(), cell
    return out


def _is_colour(fill: str, *, svg: bool) -> bool:
    """``fill`` is a colour of :data:`SVG_COLOUR` (``svg``), else one matplotlib knows."""
    if svg:
        return SVG_COLOUR.fullmatch(fill) is not None
    from matplotlib.colors import is_color_like

    return bool(is_color_like(fill))


def grid_svg(
    grid: Grid,
    *,
    solution: Grid | None = None,
    candidates: bool = False,
    size: int | None = None,
    highlight: Highlight | None = None,
    caption: str | None = None,
) -> str:
    """The grid as an SVG document: one ``<text>`` per filled cell.

    Clues (the grid's values) are bold black; with ``solution`` (a complete or partial grid of
    the same shape) the other cells show its digits in blue; with ``candidates`` each empty
    cell shows its candidates small (one ``<text class="pencil">`` per empty cell).
    ``size`` is the picture's width in pixels (default: 40 per cell, at least 360).
    ``highlight`` maps cells (an index or a ``(row, col)`` pair, as :meth:`Grid.index
    <sudograph.grid.Grid.index>` takes them) to a background colour (:data:`SVG_COLOUR`:
    ``#rrggbb``, a name, ``rgb(...)``...); ``caption`` adds a line of text under the grid
    (one more ``<text class="caption">``).

    >>> from sudograph.grid import Grid
    >>> g = Grid.parse("1.3.....2...4..1")
    >>> svg = grid_svg(g, solution=Grid.parse("1234341221434321"), size=200)
    >>> svg.count("<text"), 'width="200"' in svg
    (16, True)
    >>> grid_svg(g, highlight={(0, 1): "gold"}).count('fill="gold"')
    1

    Raises :class:`InvalidArgument` when ``grid`` or ``solution`` is not a Grid (text:
    :meth:`Grid.parse <sudograph.grid.Grid.parse>` reads it), ``solution`` has another
    shape, a ``highlight`` cell is off the grid (or named twice) or its colour is not one,
    or ``size`` is not a number >= 1 (NaN included).
    """
    grid = _grids("grid_svg", grid, solution)
    n, (br, bc) = grid.n, grid.box
    fills = _highlights(grid, highlight, svg=True)
    width = _width(n, size, candidates)
    cell = width / n
    height = width + (cell * 0.8 if caption else 0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.2f} {height:.2f}">',
        f'<rect x="0" y="0" width="{width:.2f}" height="{height:.2f}" fill="#ffffff"/>',
    ]
    for i, fill in sorted(fills.items()):
        r, c = divmod(i, n)
        parts.append(
            f'<rect x="{c * cell:.2f}" y="{r * cell:.2f}" width="{cell:.2f}" '
            f'height="{cell:.2f}" fill="{_escape(fill, quote=True)}"/>'
        )
    marks = variant_marks(grid)
    jigsaw = bool(marks.regions)
    parts += _variant_shading(marks, n, cell, set(fills))
    for i in range(1, n):
        x = i * cell
        thick = 2.5 if i % bc == 0 and not jigsaw else 0.8
        parts.append(
            f'<line x1="{x:.2f}" y1="0" x2="{x:.2f}" y2="{width:.2f}" '
            f'stroke="#000" stroke-width="{thick}"/>'
        )
        thick = 2.5 if i % br == 0 and not jigsaw else 0.8
        parts.append(
            f'<line x1="0" y1="{x:.2f}" x2="{width:.2f}" y2="{x:.2f}" '
            f'stroke="#000" stroke-width="{thick}"/>'
        )
    parts.append(
        f'<rect x="0" y="0" width="{width:.2f}" height="{width:.2f}" fill="none" '
        'stroke="#000" stroke-width="4"/>'
    )
    parts += _variant_lines(marks, cell)
    font = cell * 0.6
    alpha = grid.alphabet
    summed = _sum_cells(marks, n)
    for i, d in enumerate(grid.values):
        r, c = divmod(i, n)
        cx, cy = (c + 0.5) * cell, (r + 0.5) * cell
        if d:
            parts.append(_text(cx, cy, alpha[d - 1], font, CLUE_COLOUR, bold=True))
        elif solution is not None and solution.values[i]:
            parts.append(_text(cx, cy, alpha[solution.values[i] - 1], font, FOUND_COLOUR))
        elif candidates:
            parts.append(_pencil_marks(grid, i, r, c, cell, below_sum=i in summed))
    if caption:
        parts.append(
            _text(
                width / 2,
                width + cell * 0.4,
                caption,
                _caption_font(width, cell * 0.8, caption),
                "#000",
                cls="caption",
            )
        )
    parts.append("</svg>")
    return "\n".join(parts)


VARIANT_SHADE = "#e4e4e4"
"""Background of the cells of a variant's extra houses (diagonals, windows, centre dots...)."""


Segment = tuple[float, float, float, float]
"""A line ``(x1, y1, x2, y2)`` in cell units (a cell is 1 × 1, row ``r`` from ``y = r``)."""


@dataclass(frozen=True)
class VariantMarks:
    """What a picture adds for a grid's variant, in cell units (shared by SVG and PNG)."""

    shaded: frozenset[int]
    """Cells of the extra houses (diagonals, windows, centre dots, asterisk; not the disjoint
    groups, which cover every cell)."""
    regions: tuple[Segment, ...]
    """Jigsaw region borders (drawn thick; the box lines are then thin)."""
    cages: tuple[Segment, ...]
    """Killer cage borders, inset in their cells (drawn dashed)."""
    sums: tuple[tuple[float, float, int], ...]
    """Each cage's sum at ``(x, y)``: the top-left corner of its first cell."""


CAGE_INSET = 0.08
"""How far a cage's dashed border lies inside its cells (cell units)."""


def variant_marks(grid: Grid) -> VariantMarks:
    """The shading, borders and sums a picture of ``grid`` shows for its variant.

    >>> from sudograph.grid import Grid
    >>> m = variant_marks(Grid.parse("." * 16, variant="x"))
    >>> sorted(m.shaded), m.regions, m.cages
    ([0, 3, 5, 6, 9, 10, 12, 15], (), ())
    """
    n, v = grid.n, grid.variant
    if v is None:
        return VariantMarks(frozenset(), (), (), ())
    shaded: set[int] = set()
    for name, house in v.houses(grid.box)[3 * n :]:
        if not name.startswith("disjoint"):
            shaded.update(house)

    def borders(group: Sequence[int], inset: float) -> list[Segment]:
        """Segments around the cells ``group``, moved ``inset`` inside: one closed outline,
        each side running on into the next cell's where the group goes on (no gap at a cell
        joint) and meeting the side it turns into at an inner corner."""
        cells = set(group)

        def inside(r: int, c: int) -> bool:
            return 0 <= r < n and 0 <= c < n and r * n + c in cells

        def end(along: bool, diagonal: bool, at: float, step: int) -> float:
            """Where a side ends at ``at`` (a cell corner), ``step`` the way it runs."""
            if not along:
                return at - step * inset  # an outer corner: turn inside the cell
            return at + step * inset if diagonal else at  # an inner corner, or go on

        segs: list[Segment] = []
        for i in sorted(cells):
            r, c = divmod(i, n)
            for d in (-1, 1):
                if not inside(r + d, c):  # the top (d = -1) or bottom side
                    y = r + (d > 0) - d * inset
                    left = end(inside(r, c - 1), inside(r + d, c - 1), c, -1)
                    right = end(inside(r, c + 1), inside(r + d, c + 1), c + 1, 1)
                    segs.append((left, y, right, y))
                if not inside(r, c + d):  # the left (d = -1) or right side
                    x = c + (d > 0) - d * inset
                    top = end(inside(r - 1, c), inside(r - 1, c + d), r, -1)
                    bottom = end(inside(r + 1, c), inside(r + 1, c + d), r + 1, 1)
                    segs.append((x, top, x, bottom))
        return segs

    regions: list[Segment] = []
    if v.regions is not None:
        for region in range(n):
            regions += borders([i for i in range(n * n) if v.regions[i] == region], 0)
    cages: list[Segment] = []
    sums = []
    for cells, total in v.cages:
        cages += borders(cells, CAGE_INSET)
        r, c = divmod(min(cells), n)
        sums.append((c + 0.12, r + 0.3, total))
    return VariantMarks(frozenset(shaded), tuple(regions), tuple(cages), tuple(sums))


def _variant_shading(marks: VariantMarks, n: int, cell: float, skip: set[int]) -> list[str]:
    """Grey cells for the extra houses, leaving ``skip`` (highlighted cells) alone."""
    return [
        f'<rect class="variant" x="{(i % n) * cell:.2f}" y="{(i // n) * cell:.2f}" '
        f'width="{cell:.2f}" height="{cell:.2f}" fill="{VARIANT_SHADE}"/>'
        for i in sorted(marks.shaded - skip)
    ]


def _variant_lines(marks: VariantMarks, cell: float) -> list[str]:
    """Jigsaw region borders (thick) and killer cages (dashed, inset, sum in the corner)."""
    out = [
        f'<line class="region" x1="{x1 * cell:.2f}" y1="{y1 * cell:.2f}" x2="{x2 * cell:.2f}" '
        f'y2="{y2 * cell:.2f}" stroke="#000" stroke-width="2.5"/>'
        for x1, y1, x2, y2 in marks.regions
    ]
    out += [
        f'<line class="cage" x1="{x1 * cell:.2f}" y1="{y1 * cell:.2f}" x2="{x2 * cell:.2f}" '
        f'y2="{y2 * cell:.2f}" stroke="#333" stroke-width="1" stroke-dasharray="3,2"/>'
        for x1, y1, x2, y2 in marks.cages
    ]
    out += [
        f'<text class="cage-sum" x="{x * cell:.2f}" y="{y * cell:.2f}" '
        f'font-size="{cell * 0.22:.2f}" font-family="sans-serif" fill="#000" stroke="#fff" '
        f'stroke-width="{cell * 0.06:.2f}" paint-order="stroke">{total}</text>'  # on a halo
        for x, y, total in marks.sums
    ]
    return out


def _text(
    x: float, y: float, s: str, font: float, fill: str, *, bold: bool = False, cls: str = ""
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    klass = f' class="{cls}"' if cls else ""
    return (
        f'<text{klass} x="{x:.2f}" y="{y:.2f}" font-size="{font:.1f}" font-family="sans-serif" '
        f'text-anchor="middle" dominant-baseline="central" fill="{fill}"{weight}>'
        f"{_escape(s)}</text>"
    )


def _caption_font(width: float, band: float, caption: str) -> float:
    """Font size (pixels) of a caption: half the band's height, smaller if it would not fit."""
    return min(band * 0.5, 0.95 * width / (0.6 * max(len(caption), 1)))


def _escape(s: str, *, quote: bool = False) -> str:
    """``s`` as SVG text, or (``quote``) as an attribute's value between double quotes.

    >>> _escape('a<b & "c"'), _escape('"', quote=True)
    ('a&lt;b &amp; "c"', '&quot;')
    """
    out = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return out.replace('"', "&quot;") if quote else out


PENCIL_TOP = 0.38
"""Where the pencil marks start (cell units from its top) in a cell that carries a cage sum:
the sum (and its white halo or box) takes the band above, and the marks' sub-grid is squeezed
into the rest, so that none of them lies under the sum."""


def _sum_cells(marks: VariantMarks, n: int) -> set[int]:
    """The cells that carry a cage's sum (in their top-left corner)."""
    return {int(y) * n + int(x) for x, y, _ in marks.sums}


def _marks_across(n: int) -> int:
    """The pencil marks across a cell of an n×n grid (:func:`pencil_spots`' sub-grid)."""
    return math.ceil(math.sqrt(n))


def pencil_spots(n: int, *, below_sum: bool = False) -> tuple[list[tuple[float, float]], float]:
    """Where the pencil marks of an n×n grid lie in a cell: the centre of candidate k's spot
    (k = 0..n-1) in cell units from the cell's top-left corner, on a sub-grid of
    ``ceil(sqrt(n))`` columns, and their font size as a fraction of a full sub-cell's
    (:data:`PENCIL_TOP`: ``below_sum`` squeezes the sub-grid below a cage sum).

    >>> spots, scale = pencil_spots(4)
    >>> spots[0], scale
    ((0.25, 0.25), 1.0)
    >>> spots, scale = pencil_spots(4, below_sum=True)
    >>> spots[0][1] > PENCIL_TOP, scale < 1
    (True, True)
    """
    side = _marks_across(n)
    top = PENCIL_TOP if below_sum else 0.0
    step = (1 - top) / side  # a sub-cell's height
    spots = [((k % side + 0.5) / side, top + (k // side + 0.5) * step) for k in range(n)]
    return spots, min(1.0, 1.2 * step * side)


def _pencil_marks(
    grid: Grid, i: int, r: int, c: int, cell: float, *, below_sum: bool = False
) -> str:
    """Candidates of cell i on a small sub-grid inside the cell (below the cell's cage sum
    with ``below_sum``): one ``<text class="pencil">``."""
    sub = cell / _marks_across(grid.n)
    spots, scale = pencil_spots(grid.n, below_sum=below_sum)
    spans = []
    for d in grid.candidates(i):
        k = d - 1
        x = (c + spots[k][0]) * cell
        y = (r + spots[k][1]) * cell
        spans.append(f'<tspan x="{x:.2f}" y="{y:.2f}">{_escape(grid.alphabet[k])}</tspan>')
    return (
        f'<text class="pencil" font-family="sans-serif" '
        f'font-size="{sub * PENCIL_SIZE * scale:.1f}" '
        f'fill="{PENCIL_COLOUR}" text-anchor="middle" dominant-baseline="central">'
        f"{''.join(spans)}</text>"
    )


def save_grid(
    grid: Grid,
    path: str | os.PathLike[str],
    *,
    fmt: str | None = None,
    candidates: bool = False,
    solution: Grid | None = None,
    size: int | None = None,
) -> None:
    """Write the grid picture to ``path`` as ``svg`` or ``png`` (``fmt``, else the suffix).

    The PNG is exactly ``size`` × ``size`` pixels (default as :func:`grid_svg`).

    Raises :class:`InvalidArgument` on another format, a ``grid`` or ``solution`` that is not
    a Grid (or a solution of another shape) or a ``size`` that is not a number >= 1,
    :class:`MissingExtra` for a PNG without matplotlib, OSError when the file cannot be
    written.
    """
    grid = _grids("save_grid", grid, solution)
    kind = _kind(path, fmt)
    width = _width(grid.n, size, candidates)
    if kind == "svg":
        text = grid_svg(grid, solution=solution, candidates=candidates, size=size)
        write_text(path, text)
        return
    px = round(width)
    fig = _figure(px, px)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    draw_grid(ax, grid, solution=solution, candidates=candidates, size=px)
    with naming(path):
        fig.savefig(path, format="png", facecolor="white")


def draw_grid(
    ax: Any,
    grid: Grid,
    *,
    solution: Grid | None = None,
    candidates: bool = False,
    highlight: Highlight | None = None,
    size: int | None = None,
) -> Any:
    """Draw the grid on a matplotlib Axes (as :func:`grid_svg` does) and return the Axes.

    ``size`` is the Axes' width in pixels, used to scale the digits (default as grid_svg);
    ``highlight`` as in :func:`grid_svg`, its colours ones matplotlib knows.

    Raises :class:`InvalidArgument` as :func:`grid_svg` does (a ``grid`` or ``solution``
    that is not a Grid, a solution of another shape, a ``highlight`` cell off the grid or a
    colour matplotlib does not know, a ``size`` that is not a number >= 1).
    """
    grid = _grids("draw_grid", grid, solution)
    n, (br, bc) = grid.n, grid.box
    fills = _highlights(grid, highlight, svg=False)
    width = _width(n, size, candidates)
    ax.set_xlim(0, n)
    ax.set_ylim(n, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    dpi = ax.figure.dpi
    marks = variant_marks(grid)
    for i, fill in fills.items():
        r, c = divmod(i, n)
        ax.add_patch(_rectangle((c, r), 1, 1, fill))
    for i in sorted(marks.shaded - set(fills)):
        ax.add_patch(_rectangle((i % n, i // n), 1, 1, VARIANT_SHADE))
    jigsaw = bool(marks.regions)  # the regions' borders are thick, the box lines thin
    for i in range(n + 1):
        edge = i in (0, n)
        ax.plot(
            [i, i], [0, n], color="black", lw=3 if edge or (i % bc == 0 and not jigsaw) else 0.6
        )
        ax.plot(
            [0, n], [i, i], color="black", lw=3 if edge or (i % br == 0 and not jigsaw) else 0.6
        )
    for x1, y1, x2, y2 in marks.regions:
        ax.plot([x1, x2], [y1, y2], color="black", lw=3, solid_capstyle="projecting")
    for x1, y1, x2, y2 in marks.cages:
        ax.plot([x1, x2], [y1, y2], color="#333333", lw=1, linestyle=(0, (3, 2)))
    cell_points = width / n * 72 / dpi  # a cell's side, in points
    points = cell_points * 0.55
    for x, y, total in marks.sums:
        ax.text(x, y, str(total), ha="left", va="bottom", fontsize=points * 0.4, color="black",
                bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.3})  # fmt: skip
    alpha = grid.alphabet
    summed = _sum_cells(marks, n)
    side = _marks_across(n)
    pencil: list[tuple[str, float, float, float]] = []
    for i, d in enumerate(grid.values):
        r, c = divmod(i, n)
        if d:
            ax.text(c + 0.5, r + 0.5, alpha[d - 1], ha="center", va="center",
                    fontsize=points, fontweight="bold", color=CLUE_COLOUR)  # fmt: skip
        elif solution is not None and solution.values[i]:
            ax.text(c + 0.5, r + 0.5, alpha[solution.values[i] - 1], ha="center",
                    va="center", fontsize=points, color=FOUND_COLOUR)  # fmt: skip
        elif candidates:
            spots, scale = pencil_spots(n, below_sum=i in summed)
            font = cell_points * PENCIL_SIZE / side * scale
            for d2 in grid.candidates(i):
                k = d2 - 1
                pencil.append((alpha[k], c + spots[k][0], r + spots[k][1], font))
    if pencil:
        ax.add_collection(_pencil_glyphs(ax, pencil), autolim=False)
    return ax


def _pencil_glyphs(ax: Any, marks: list[tuple[str, float, float, float]]) -> Any:
    """The pencil marks ``(symbol, x, y, font size in points)`` as one collection of glyph
    outlines (``gid="pencil"``), each centred on its spot, above the grid's lines as a text
    is: one artist for them all, where a text each made a picture of an empty 25×25 grid 43×
    slower (``bench/bench_pencil_png.py``, docs/benchmarks.md). Sized in points, as a text: a
    picture saved at another dpi scales them alike."""
    from matplotlib.collections import PathCollection
    from matplotlib.font_manager import FontProperties
    from matplotlib.path import Path as GlyphPath
    from matplotlib.textpath import TextPath
    from matplotlib.transforms import Affine2D

    font = FontProperties()
    glyphs: dict[tuple[str, float], Any] = {}
    paths = []
    for symbol, _, _, points in marks:
        glyph = glyphs.get((symbol, points))
        if glyph is None:
            outline = TextPath((0, 0), symbol, size=points, prop=font)
            ink = outline.get_extents()
            centre = ((ink.x0 + ink.x1) / 2, (ink.y0 + ink.y1) / 2)
            glyph = glyphs[symbol, points] = GlyphPath(outline.vertices - centre, outline.codes)
        paths.append(glyph)
    return PathCollection(
        paths,
        offsets=[(x, y) for _, x, y, _ in marks],
        offset_transform=ax.transData,
        transform=Affine2D().scale(1 / 72) + ax.figure.dpi_scale_trans,  # points to pixels
        facecolor=PENCIL_COLOUR,
        edgecolor="none",
        zorder=3,
        gid="pencil",
    )


def _rectangle(xy: tuple[float, float], w: float, h: float, fill: str) -> Any:
    from matplotlib.patches import Rectangle

    return Rectangle(xy, w, h, facecolor=fill, edgecolor="none", zorder=0)


def _kind(
    path: str | os.PathLike[str], fmt: str | None, allowed: Sequence[str] = ("svg", "png")
) -> str:
    kind = (fmt or Path(path).suffix.lstrip(".")).lower()
    if kind not in allowed:
        raise InvalidArgument(
            f"picture format must be {' or '.join(allowed)}, got {kind or 'none'!r}"
        )
    return kind


def _figure(width_px: int, height_px: int, dpi: int = 100) -> Any:
    """A matplotlib Figure of exactly that many pixels (no pyplot: no global state)."""
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise MissingExtra("matplotlib", "plot") from exc
    return Figure(figsize=(width_px / dpi, height_px / dpi), dpi=dpi)


# -- graphs -----------------------------------------------------------------------------------
def graph_layout(graph: Graph) -> list[tuple[float, float]]:
    """Positions in the unit square: Petersen as pentagon + star, Sudoku graphs on their grid,
    any other graph on a circle.

    >>> from sudograph.graph import petersen_graph, sudoku_graph
    >>> len(graph_layout(petersen_graph()))
    10
    >>> graph_layout(sudoku_graph(2))[5]
    (0.375, 0.375)
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
        (
            0.5 + 0.45 * math.cos(2 * math.pi * v / max(n, 1)),
            0.5 + 0.45 * math.sin(2 * math.pi * v / max(n, 1)),
        )
        for v in range(n)
    ]


MAX_EDGES = 250_000
"""Edges a graph picture draws at most: every edge of every Sudoku graph (the largest,
``sudoku:8x8``, draws 129,024 box edges: its SVG in 0.4 s, 12 MB; its PNG in 7 s, 1.7 s of it
the edges, one LineCollection, the rest its 4,096 labels); past it the first ones, and the
picture says how many it left out (see :func:`drawn_edges`)."""


class EdgesCapped(UserWarning):
    """A graph picture drew only the first ``max_edges`` of its edges (the CLI prints it as
    one ``sudograph: warning:`` line)."""


def drawn_edges(graph: Graph, max_edges: int | None = None) -> tuple[list[tuple[int, int]], int]:
    """The edges a picture shows (the first ``max_edges``, :data:`MAX_EDGES` when None) and how
    many it would show without the cap: for a Sudoku graph (houses of side N on N*N vertices,
    rows then columns first) not those that only share a row or a column: the boxes or jigsaw
    regions as cliques (figure 8), and a variant's own rules, its extra houses (diagonals,
    windows...) and its moves (anti-knight, anti-king; a killer cage's edges too, but for
    those along a row or column, which the graph does not tell from the line's); every edge of
    any other graph.

    >>> from sudograph.graph import sudoku_graph
    >>> edges, total = drawn_edges(sudoku_graph(2, 2), 10)  # four boxes, six edges each
    >>> len(edges), total
    (10, 24)

    Raises :class:`InvalidArgument` when ``max_edges`` is negative.
    """
    if max_edges is None:
        max_edges = MAX_EDGES
    if isinstance(max_edges, bool) or not isinstance(max_edges, int) or max_edges < 0:
        raise InvalidArgument(f"max_edges must be a whole number >= 0, got {max_edges!r}")
    houses = graph.houses
    side = len(houses[0]) if houses else 0
    sudoku = side > 0 and graph.n == side * side and len(houses) >= 3 * side
    line = [[-1, -1] for _ in range(graph.n)]  # each vertex's row and column
    other: list[set[int]] = [set() for _ in range(graph.n)]  # its other houses
    for h, house in enumerate(houses if sudoku else ()):
        for v in house:
            if h < 2 * side:
                line[v][h // side] = h
            else:
                other[v].add(h)
    out: list[tuple[int, int]] = []
    total = 0
    for u, v in graph.edges():
        if sudoku:
            in_line = line[u][0] == line[v][0] or line[u][1] == line[v][1]
            if in_line and not other[u] & other[v]:
                continue
        total += 1
        if total <= max_edges:
            out.append((u, v))
    return out, total


def _drawn_edges(graph: Graph, max_edges: int | None = None) -> list[tuple[int, int]]:
    """The edges a picture draws, without the count (see :func:`drawn_edges`)."""
    return drawn_edges(graph, max_edges)[0]


def _capped_note(drawn: int, total: int) -> str:
    return f"{drawn:,} of the graph's {total:,} edges drawn (max_edges={drawn:,})"


def _vertex_label(
    graph: Graph, v: int, coloring: Sequence[int] | None, symbols: str | None = None
) -> str:
    """A Sudoku graph with a colouring shows its digits (colour ``c`` as ``symbols[c - 1]``
    when given: a grid's alphabet); other graphs their vertices' names (``graph.labels``: a
    DIMACS file's numbers, from 1, when the CLI read one), else their numbers from 0.

    >>> from sudograph.graph import Graph, sudoku_graph
    >>> g, threes = sudoku_graph(2), [3] * 16
    >>> _vertex_label(g, 0, threes), _vertex_label(g, 0, threes, "0123"), _vertex_label(g, 5, None)
    ('3', '2', '5')
    >>> _vertex_label(Graph.from_edges(2, [(0, 1)], labels=["1", "2"]), 0, None)
    '1'
    """
    if coloring is not None and graph.houses and coloring[v]:
        c = coloring[v]
        return symbols[c - 1] if symbols is not None and 1 <= c <= len(symbols) else str(c)
    return graph.labels[v] if graph.labels is not None else str(v)


def graph_svg(
    graph: Graph,
    coloring: Sequence[int] | None = None,
    *,
    layout: Sequence[tuple[float, float]] | None = None,
    size: int = 480,
    labels: bool = True,
    max_edges: int | None = None,
    symbols: str | None = None,
) -> str:
    """The graph as SVG: vertices filled with their colours, labelled; edges as lines.

    ``layout`` gives each vertex a position in the unit square (default :func:`graph_layout`).
    For a Sudoku graph only the edges inside boxes are drawn (like seed 002's figure 8), so the
    picture stays readable, and a colouring labels the vertices with its digits (colour ``c``
    written ``symbols[c - 1]`` when ``symbols`` is given: a grid's alphabet). At most
    ``max_edges`` edges are drawn (None: :data:`MAX_EDGES`): past it the picture says how many
    it left out (a ``<text class="note">`` at the bottom) and an :class:`EdgesCapped` warning
    is issued.

    >>> from sudograph.graph import petersen_graph
    >>> svg = graph_svg(petersen_graph(), (1, 2, 1, 2, 3, 2, 1, 3, 3, 2))
    >>> svg.count("<circle"), svg.count("<line"), svg.count('fill="#e41a1c"')
    (10, 15, 3)

    Raises :class:`InvalidArgument` when ``coloring`` or ``layout`` has the wrong length, or
    ``size`` is not a number >= 1.
    """
    _check_positive("size", size)
    pos = _positions(graph, coloring, layout, size)
    radius = max(4.0, min(18.0, size / (3 * math.sqrt(max(graph.n, 1)))))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size:g}" height="{size:g}" '
        f'viewBox="0 0 {size:g} {size:g}">',
        f'<rect width="{size:g}" height="{size:g}" fill="#ffffff"/>',
    ]
    edges, total = drawn_edges(graph, max_edges)
    for u, v in edges:
        (x1, y1), (x2, y2) = pos[u], pos[v]
        parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            'stroke="#555" stroke-width="1"/>'
        )
    for v, (x, y) in enumerate(pos):
        fill = colour_of(coloring[v] if coloring is not None else 0)
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{fill}" '
            'stroke="#000" stroke-width="1"/>'
        )
        if labels:
            label = _vertex_label(graph, v, coloring, symbols)
            parts.append(_text(x, y, label, radius, ink_on(fill)))
    if total > len(edges):
        note = _capped_note(len(edges), total)
        warnings.warn(note, EdgesCapped, stacklevel=2)
        font = max(8.0, size / 48)
        parts.append(_text(size / 2, size - font, note, font, "#000", cls="note"))
    parts.append("</svg>")
    return "\n".join(parts)


def _positions(
    graph: Graph,
    coloring: Sequence[int] | None,
    layout: Sequence[tuple[float, float]] | None,
    size: float,
) -> list[tuple[float, float]]:
    if coloring is not None and len(coloring) != graph.n:
        raise InvalidArgument(f"colouring has {len(coloring)} entries for {graph.n} vertices")
    unit = graph_layout(graph) if layout is None else list(layout)
    if len(unit) != graph.n:
        raise InvalidArgument(f"layout has {len(unit)} positions for {graph.n} vertices")
    return [(x * size, y * size) for x, y in unit]


def save_graph(
    graph: Graph,
    path: str | os.PathLike[str],
    coloring: Sequence[int] | None = None,
    *,
    fmt: str | None = None,
    layout: Sequence[tuple[float, float]] | None = None,
    size: int = 480,
    labels: bool = True,
    symbols: str | None = None,
    max_edges: int | None = None,
) -> None:
    """Write the graph picture to ``path`` as ``svg`` or ``png`` (``size`` × ``size`` pixels);
    ``symbols`` and ``max_edges`` as in :func:`graph_svg` (past the cap, a note at the bottom
    of the picture and an :class:`EdgesCapped` warning).

    Raises :class:`InvalidArgument` on another format, a colouring/layout of the wrong
    length or a ``size`` that is not a number >= 1, :class:`MissingExtra` for a PNG without
    matplotlib.
    """
    kind = _kind(path, fmt)
    _check_positive("size", size)
    if kind == "svg":
        text = graph_svg(graph, coloring, layout=layout, size=size, labels=labels,
                         symbols=symbols, max_edges=max_edges)  # fmt: skip
        write_text(path, text)
        return
    pos = _positions(graph, coloring, layout, 1.0)
    px = size
    fig = _figure(px, px)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, 1)
    ax.set_ylim(1, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    from matplotlib.collections import LineCollection  # one artist for every edge: fast

    edges, total = drawn_edges(graph, max_edges)
    segments = [(pos[u], pos[v]) for u, v in edges]
    ax.add_collection(LineCollection(segments, colors="#555555", linewidths=0.8, zorder=1))
    fills = [colour_of(coloring[v] if coloring is not None else 0) for v in range(graph.n)]
    radius_px = max(4.0, min(18.0, px / (3 * math.sqrt(max(graph.n, 1)))))
    points = radius_px * 72 / fig.dpi
    ax.scatter([p[0] for p in pos], [p[1] for p in pos], s=(2 * points) ** 2, c=fills,
               edgecolors="black", zorder=2)  # fmt: skip
    if labels:  # (not read as maths: a vertex named "$x$" is drawn as it is)
        for v, (x, y) in enumerate(pos):
            ax.text(x, y, _vertex_label(graph, v, coloring, symbols), ha="center", va="center",
                    fontsize=points, color=ink_on(fills[v]), zorder=3,
                    parse_math=False)  # fmt: skip
    if total > len(edges):
        note = _capped_note(len(edges), total)
        warnings.warn(note, EdgesCapped, stacklevel=2)
        ax.text(0.5, 0.99, note, ha="center", va="bottom", fontsize=max(6.0, px / 64),
                color="black", zorder=4)  # fmt: skip
    with naming(path):
        fig.savefig(path, format="png", facecolor="white")


@dataclass(frozen=True)
class GraphPicture:
    """A graph with an optional colouring that notebooks show as a picture (``_repr_svg_``).

    >>> from sudograph.graph import petersen_graph
    >>> GraphPicture(petersen_graph())._repr_svg_().count("<circle")
    10
    """

    graph: Graph
    coloring: tuple[int, ...] | None = None
    size: int = 480

    def _repr_svg_(self) -> str:
        return graph_svg(self.graph, self.coloring, size=self.size)

    def save(self, path: str | os.PathLike[str], *, fmt: str | None = None) -> None:
        """Write the picture (see :func:`save_graph`)."""
        save_graph(self.graph, path, self.coloring, fmt=fmt, size=self.size)


def picture(
    graph: Graph, coloring: Sequence[int] | None = None, *, size: int = 480
) -> GraphPicture:
    """A notebook-displayable picture of ``graph`` coloured by ``coloring``.

    Raises :class:`InvalidArgument` when ``size`` is not a number >= 1.
    """
    _check_positive("size", size)
    return GraphPicture(graph, None if coloring is None else tuple(coloring), size)


# -- traces -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Frame:
    """One picture of a traced search: the colouring after an event (``values``: clues and
    search together), the ``cell`` the event touched (-1 for none), its ``kind`` and a
    ``caption`` such as ``'node 12: r1c3 = 4'``."""

    values: tuple[int, ...]
    cell: int
    kind: str
    caption: str


SHOWN_EVENTS = ("assign", "deduce", "undo", "fail", "solution")
"""The trace events that make a frame (select, try and retract do not change the picture)."""


TRACE_TIMEOUT = 30.0
"""Default time limit of a traced search, in seconds (that of ``sudograph visualize``)."""


def trace_states(
    grid: Grid,
    method: str = "naive",
    *,
    max_frames: int = 120,
    max_nodes: int | None = 2000,
    timeout: float | None = TRACE_TIMEOUT,
) -> list[Frame]:
    """Solve ``grid`` with ``method`` under a trace and keep at most ``max_frames`` frames.

    The first frame is the puzzle, the last one the solution (or the grid where the search
    stopped after ``max_nodes`` nodes or ``timeout`` seconds: its kind is then ``stopped``
    and its caption says which, e.g. ``stopped (time limit) after 1800000 nodes``); in
    between, when there are more steps than frames, evenly spaced ones over the whole search
    (:class:`FrameSampler`: the events are not stored, however long the search).

    >>> from sudograph.grid import Grid
    >>> frames = trace_states(Grid.parse("...3.2.1...4.1.2"), "naive")
    >>> frames[0].caption, frames[1].caption, frames[-1].caption
    ('start: 6 clues', 'node 1: r1c1 = 1', 'solved after 10 nodes')

    Raises :class:`InvalidArgument` when ``max_frames`` < 2, the method is unknown or emits
    no trace (see :func:`sudograph.visualize.check_traceable`), or a cap is negative.
    """
    from .solve import solve
    from .visualize import check_traceable

    if max_frames < 2:
        raise InvalidArgument(f"max_frames must be >= 2, got {max_frames}")
    check_traceable(method)
    room = max_frames - 2
    sampler = FrameSampler(grid, room)
    result = solve(grid, method, trace=sampler, max_nodes=max_nodes, timeout=timeout,
                   engine="python")  # fmt: skip
    steps = sampler.kept
    start = Frame(grid.values, -1, "start", f"start: {grid.clues} clues")
    final_values = result.solutions[0] if result.solutions else tuple(sampler.values)
    word = f"stopped ({result.reason})" if result.status == "stopped" else str(result.status)
    end = Frame(tuple(final_values), -1, result.status, f"{word} after {result.stats.nodes} nodes")
    if len(steps) > room:
        steps = [steps[round(j * (len(steps) - 1) / max(room - 1, 1))] for j in range(room)]
    return [start, *steps, end]


class FrameSampler:
    """A trace callable that follows the grid through a search and keeps evenly spaced frames
    of it, however long it runs, without storing its events.

    Each shown event (:data:`SHOWN_EVENTS` but ``solution``) is a step; every ``stride``-th
    step is kept as a :class:`Frame`, up to ``2 * room`` of them: when one more is due, every
    other one is dropped and the stride doubles. So ``kept`` ends with every step when there
    are at most ``2 * room``, else more than ``room`` of them, evenly spaced from the first
    step to within a stride of the last; ``values`` is the grid after the last event,
    ``steps`` the steps seen.

    >>> from sudograph.grid import Grid
    >>> from sudograph.search.trace import TraceEvent
    >>> s = FrameSampler(Grid.parse("." * 16), room=2)
    >>> for k in range(9):
    ...     s(TraceEvent("assign", k, 1, node=k + 1))
    >>> [f.caption for f in s.kept], s.stride, s.steps
    (['node 1: r1c1 = 1', 'node 5: r2c1 = 1', 'node 9: r3c1 = 1'], 4, 9)
    """

    def __init__(self, grid: Grid, room: int) -> None:
        from .search.trace import Replay

        self.n, self.alphabet = grid.n, grid.alphabet
        self.problem = grid.problem
        self.replay = Replay(grid.values)
        self.values = self.replay.coloring  # the grid after the last event
        self.capacity = 2 * max(room, 1)
        self.keep = room > 0
        self.stride = 1
        self.steps = 0
        self.kept: list[Frame] = []

    def __call__(self, e: TraceEvent) -> None:
        self.replay.apply(e)
        kind = e.kind
        if kind not in SHOWN_EVENTS or kind == "solution":
            return
        if self.keep and self.steps % self.stride == 0:
            if len(self.kept) == self.capacity:  # full: every other one goes
                del self.kept[1::2]
                self.stride *= 2
            if self.steps % self.stride == 0:
                cell = e.vertex
                if kind == "fail" and cell < 0:  # the search names no cell: find the cause
                    cell, caption = self._dead_end()
                else:
                    caption = _caption(kind, cell, e.colour, e.node, self.n, self.alphabet)
                self.kept.append(Frame(tuple(self.values), cell, kind, caption))
        self.steps += 1

    def _dead_end(self) -> tuple[int, str]:
        """The cell and caption of a dead end the search does not locate, worded as the
        search page words it (:mod:`sudograph.visualize`): the first empty cell left with no
        digit (forward checking, and most of the singles' dead ends), else what else can have
        failed (a digit with no place left in a house, a killer cage)."""
        from .grid import cell_name
        from .visualize import LABELS, dead_end_cause, stuck_vertices

        stuck = stuck_vertices(self.problem, self.values)
        if stuck:
            v = stuck[0]
            where = cell_name(v, self.n)
            return v, LABELS["en"]["fail_empty"].format(where=where)
        return -1, dead_end_cause(self.problem)


def _caption(kind: str, v: int, colour: int, node: int, n: int, alphabet: str) -> str:
    where = f"r{v // n + 1}c{v % n + 1}" if v >= 0 else "a house"
    digit = alphabet[colour - 1] if 1 <= colour <= len(alphabet) else str(colour)
    if kind == "assign":
        return f"node {node}: {where} = {digit}"
    if kind == "deduce":
        return f"{where} = {digit} (single)"
    if kind == "undo":
        return f"backtrack: {where} was {digit}"
    return f"dead end at {where}"


def frame_svg(grid: Grid, frame: Frame, *, size: int | None = None) -> str:
    """One frame as SVG: the clues, the search's digits in blue, the touched cell highlighted."""
    fill = EVENT_FILLS.get(frame.kind)
    highlight = {frame.cell: fill} if fill and frame.cell >= 0 else None
    return grid_svg(
        grid,
        solution=grid.with_values(frame.values),
        size=size,
        highlight=highlight,
        caption=frame.caption,
    )


def trace_frames(
    grid: Grid,
    method: str = "naive",
    max_frames: int = 120,
    *,
    max_nodes: int | None = 2000,
    timeout: float | None = TRACE_TIMEOUT,
    size: int | None = None,
) -> list[str]:
    """SVG frames of a small traced search of ``grid`` (see :func:`trace_states`).

    >>> from sudograph.grid import Grid
    >>> frames = trace_frames(Grid.parse("...3.2.1...4.1.2"), "naive", max_frames=5)
    >>> len(frames), frames[-1].count("<text")
    (5, 17)
    """
    states = trace_states(grid, method, max_frames=max_frames, max_nodes=max_nodes,
                          timeout=timeout)  # fmt: skip
    return [frame_svg(grid, f, size=size) for f in states]


def animated_svg(frames: Sequence[str], *, interval_ms: float = 400) -> str:
    """One SVG that shows ``frames`` (SVG documents of one size) in turn, looping (SMIL),
    each for ``interval_ms`` milliseconds.

    >>> svg = animated_svg(['<svg width="10" height="10"></svg>'] * 3)
    >>> svg.count("<animate "), 'dur="1.200s"' in svg
    (3, True)

    Raises :class:`InvalidArgument` on no frames, or ``interval_ms`` below 1 ms (or NaN).
    """
    _check_positive("interval_ms", interval_ms)
    if not frames:
        raise InvalidArgument("no frames to animate")
    head = frames[0].split(">", 1)[0]
    width = _attribute(head, "width")
    height = _attribute(head, "height")
    m = len(frames)
    total = m * interval_ms / 1000
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">'
    ]
    for i, frame in enumerate(frames):
        if m == 1:
            values, times = "inline", "0"
        elif i == 0:
            values, times = "inline;none", f"0;{1 / m:.6f}"
        elif i == m - 1:
            values, times = "none;inline", f"0;{i / m:.6f}"
        else:
            values, times = "none;inline;none", f"0;{i / m:.6f};{(i + 1) / m:.6f}"
        display = "inline" if i == 0 else "none"
        parts.append(
            f'<g display="{display}"><animate attributeName="display" values="{values}" '
            f'keyTimes="{times}" dur="{total:.3f}s" calcMode="discrete" '
            f'repeatCount="indefinite"/>{frame}</g>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _attribute(tag: str, name: str) -> str:
    key = f' {name}="'
    start = tag.find(key)
    if start < 0:
        raise InvalidArgument(f"frame has no {name} attribute")
    start += len(key)
    return tag[start : tag.index('"', start)]


def save_trace(
    path: str | os.PathLike[str],
    grid: Grid,
    method: str = "naive",
    *,
    max_frames: int = 120,
    max_nodes: int | None = 2000,
    timeout: float | None = TRACE_TIMEOUT,
    fmt: str | None = None,
    interval_ms: float = 400,
    size: int | None = None,
) -> list[Path]:
    """Write a traced search of ``grid`` as a picture a class can watch; return the files.

    ``fmt`` (else the suffix of ``path``): ``gif`` an animated GIF (matplotlib and pillow, the
    ``plot`` extra), ``svg`` one animated SVG (opens in a browser), ``frames`` (or a path
    without suffix) a folder of numbered SVG frames ``frame-0001.svg``... The search stops
    after ``max_nodes`` nodes or ``timeout`` seconds (see :func:`trace_states`; the last
    frame says so). :func:`save_frames` writes frames already made.

    Raises :class:`InvalidArgument` on another format, an ``interval_ms`` below 1 or a
    ``size`` below 1 (NaN included) and as :func:`trace_states`, :class:`MissingExtra` for a
    GIF without matplotlib or pillow.
    """
    trace_kind(path, fmt)
    _check_positive("interval_ms", interval_ms)
    if size is not None:
        _check_positive("size", size)
    states = trace_states(grid, method, max_frames=max_frames, max_nodes=max_nodes,
                          timeout=timeout)  # fmt: skip
    return save_frames(path, grid, states, fmt=fmt, interval_ms=interval_ms, size=size)


def trace_kind(path: str | os.PathLike[str], fmt: str | None) -> str:
    """The kind of trace picture ``path`` (and ``fmt``) asks for: gif, svg or frames (a
    folder of numbered SVG files); :class:`InvalidArgument` for another."""
    kind = (fmt or Path(path).suffix.lstrip(".") or "frames").lower()
    if kind not in ("gif", "svg", "frames"):
        raise InvalidArgument(f"trace picture format must be gif, svg or frames, got {kind!r}")
    return kind


def save_frames(
    path: str | os.PathLike[str],
    grid: Grid,
    states: Sequence[Frame],
    *,
    fmt: str | None = None,
    interval_ms: float = 400,
    size: int | None = None,
) -> list[Path]:
    """Write the frames of :func:`trace_states` as :func:`save_trace` does; return the files.

    A folder of frames holds this run's only: the ``frame-NNNN.svg`` files an earlier run
    left there past the new last one are removed (no other file is touched).

    Raises :class:`InvalidArgument` as :func:`save_trace` does (and on no frames),
    :class:`MissingExtra` for a GIF without matplotlib or pillow.
    """
    target = Path(path)
    kind = trace_kind(path, fmt)
    _check_positive("interval_ms", interval_ms)
    _width(grid.n, size)
    if not states:
        raise InvalidArgument("no frames to save")
    if kind == "frames":
        target.mkdir(parents=True, exist_ok=True)
        out = []
        for i, f in enumerate(states, 1):
            file = target / f"frame-{i:04d}.svg"
            write_text(file, frame_svg(grid, f, size=size))
            out.append(file)
        for old in target.glob("frame-*.svg"):  # an earlier run's, past this one's last
            m = re.fullmatch(r"frame-(\d{4,})\.svg", old.name)  # as written: frame-{i:04d}
            if m and m[1] == f"{int(m[1]):04d}" and int(m[1]) > len(states) and old.is_file():
                old.unlink()
        return out
    if kind == "svg":
        frames = [frame_svg(grid, f, size=size) for f in states]
        write_text(target, animated_svg(frames, interval_ms=interval_ms))
        return [target]
    _save_gif(target, grid, states, interval_ms, size)
    return [target]


def _save_gif(
    target: Path, grid: Grid, states: Sequence[Frame], interval_ms: float, size: int | None
) -> None:
    try:
        from PIL import Image
    except ImportError as exc:
        raise MissingExtra("pillow", "plot") from exc
    width = round(_width(grid.n, size))
    caption_px = round(width / grid.n * 0.8)
    images = []
    for f in states:
        fig = _figure(width, width + caption_px)
        ax = fig.add_axes(
            (0.0, caption_px / (width + caption_px), 1.0, width / (width + caption_px))
        )
        fill = EVENT_FILLS.get(f.kind)
        draw_grid(
            ax,
            grid,
            solution=grid.with_values(f.values),
            highlight={f.cell: fill} if fill and f.cell >= 0 else None,
            size=width,
        )
        fig.text(0.5, caption_px / 2 / (width + caption_px), f.caption, ha="center", va="center",
                 fontsize=_caption_font(width, caption_px, f.caption) * 72 / fig.dpi,
                 parse_math=False)  # fmt: skip
        buf = io.BytesIO()
        fig.savefig(buf, format="png", facecolor="white")
        buf.seek(0)
        images.append(Image.open(buf).convert("RGB").convert("P", palette=Image.Palette.ADAPTIVE))
    with naming(target):
        images[0].save(
            target,
            format="GIF",
            save_all=True,
            append_images=images[1:],
            duration=round(interval_ms),
            loop=0,
        )
