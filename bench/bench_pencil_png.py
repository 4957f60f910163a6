"""Pencil marks in a PNG: one collection of glyph outlines (what ``draw_grid`` draws) against
one matplotlib text per mark (how it drew them before), interleaved.

Usage (from the repository root)::

    .venv/bin/python bench/bench_pencil_png.py [--sizes 9 16 25] [--rounds 3]

Each round draws the candidates of an empty grid of each size and saves it as a PNG, both
ways, in alternating order, in this process (matplotlib loaded once): the texts way is
:func:`draw_grid` without candidates, then ``ax.text`` for each mark at the same spot and size
(the code it replaced). Prints the seconds of each side, their medians and the ratio (texts /
glyphs: above 1, the glyphs are faster).
"""

from __future__ import annotations

import argparse
import io
import platform
import statistics
import time

import matplotlib

matplotlib.use("Agg")

from sudograph.grid import Grid
from sudograph.render import (
    PENCIL_COLOUR,
    PENCIL_SIZE,
    _default_size,
    _figure,
    _marks_across,
    draw_grid,
    pencil_spots,
)


def as_texts(ax: object, grid: Grid, px: int) -> None:
    """The marks as texts, one each (the code ``draw_grid`` had)."""
    n = grid.n
    dpi = ax.figure.dpi  # type: ignore[attr-defined]
    cell_points = px / n * 72 / dpi
    side = _marks_across(n)
    spots, scale = pencil_spots(n)
    for i in range(n * n):
        r, c = divmod(i, n)
        for d in grid.candidates(i):
            k = d - 1
            ax.text(c + spots[k][0], r + spots[k][1], grid.alphabet[k], ha="center",  # type: ignore[attr-defined]
                    va="center", fontsize=cell_points * PENCIL_SIZE / side * scale,
                    color=PENCIL_COLOUR)  # fmt: skip


def picture(grid: Grid, texts: bool) -> float:
    start = time.perf_counter()
    px = _default_size(grid.n, True)
    fig = _figure(px, px)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    draw_grid(ax, grid, candidates=not texts, size=px)
    if texts:
        as_texts(ax, grid, px)
    fig.savefig(io.BytesIO(), format="png", facecolor="white")
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[9, 16, 25])
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    print(f"# {platform.machine()}, Python {platform.python_version()}, "
          f"matplotlib {matplotlib.__version__}")  # fmt: skip
    for n in args.sizes:
        grid = Grid.empty(round(n**0.5))
        picture(grid, False)  # (fonts and caches loaded before the clock)
        glyphs: list[float] = []
        texts: list[float] = []
        for r in range(args.rounds):
            for way in (False, True) if r % 2 == 0 else (True, False):
                (texts if way else glyphs).append(picture(grid, way))
        g, t = statistics.median(glyphs), statistics.median(texts)
        marks = n * n * n
        print(f"{n}x{n} empty, {marks:,} marks: glyphs {g:.2f} s, texts {t:.2f} s, "
              f"texts/glyphs {t / g:.1f}x")  # fmt: skip


if __name__ == "__main__":
    main()
