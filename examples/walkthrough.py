"""A walk through the seeds' ideas, with the node counts each one spends.

Run from the repository root: ``python examples/walkthrough.py [OUT_FOLDER]``. It prints, for
the same puzzles, what brute force, naive backtracking (seed 002's GC), MRV (GC_BIS), forward
checking (seed 004), propagation (seed 003, Norvig) and the randomized greedy colourings (seed
000) cost, and saves pictures in OUT_FOLDER (default ``walkthrough-out``): the Petersen graph
coloured like seed 002's figure 4, the 9×9 Sudoku graph coloured by a solution (figure 8), the
grid of seed 002's figure 9 with its solution, and an animated GIF of a small backtracking.

Needs the ``plot`` extra for the pictures (``pip install 'sudograph[plot]'``, matplotlib):
without it the script stops at once, in one line (exit 1).
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

from sudograph.errors import MissingExtra
from sudograph.graph import petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.plot import require_plot
from sudograph.problem import Problem
from sudograph.render import save_graph, save_grid, save_trace
from sudograph.search.trace import Recorder, render_graph_steps
from sudograph.solve import color, solve

FIGURE_9 = """
0 4 1 0 0 0 0 0 0
3 5 0 0 0 0 7 0 4
0 0 0 0 0 0 8 3 0
0 0 8 3 9 6 0 0 0
0 0 0 0 7 0 0 0 2
5 0 0 0 0 0 0 0 1
1 0 0 0 0 0 0 0 3
0 0 0 8 2 9 0 6 0
7 0 0 0 6 0 0 0 0
"""
"""The 24-clue grid of seed 002's figure 9 ("not considered difficult")."""

SMALL = Grid.parse("....2..3.41..2..")
"""A 4×4 puzzle (5 clues) on which naive backtracking goes back 14 times: good to watch."""

TINY = Grid.parse("1..3.24..31.4..2")
"""A 4×4 puzzle with 8 empty cells: 4^8 = 65536 fillings, few enough for brute force."""


def brute_force(grid: Grid) -> tuple[int, Grid | None]:
    """Try every filling of the empty cells in turn: (fillings tried, first solution)."""
    empty = grid.empty_cells()
    values = list(grid.values)
    tried = 0
    for filling in itertools.product(range(1, grid.n + 1), repeat=len(empty)):
        tried += 1
        for i, d in zip(empty, filling, strict=True):
            values[i] = d
        candidate = grid.with_values(values)
        if candidate.is_complete():
            return tried, candidate
    return tried, None


def section(title: str) -> None:
    """Print a section title."""
    print(f"\n== {title} ==")


def main(out: str = "walkthrough-out") -> None:
    """Print the comparisons and save the pictures."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)

    section("1. Brute force (every filling of the empty cells) on a 4x4 puzzle")
    tried, found = brute_force(TINY)
    empty = len(TINY.empty_cells())
    print(f"{empty} empty cells: {TINY.n}^{empty} = {TINY.n**empty} fillings; "
          f"the solution is filling number {tried}")  # fmt: skip
    assert found is not None and found.is_solution_of(TINY)
    r = solve(TINY, "naive")
    print(f"naive backtracking needs {r.stats.nodes} nodes for the same grid")

    section("2. Graph colouring: the Petersen graph (seed 002, figures 3 to 5)")
    rec = Recorder()
    r3 = color(petersen_graph(), 3, "naive", trace=rec)
    print(render_graph_steps(rec.events, Problem(petersen_graph(), 3), max_steps=6))
    print(f"K=3: {r3.status}, colouring {r3.solution}, {r3.stats.nodes} nodes")
    r2 = color(petersen_graph(), 2, "naive")
    print(f"K=2: {r2.status} after {r2.stats.nodes} nodes, {r2.stats.backtracks} backtracks")
    save_graph(petersen_graph(), folder / "petersen.png", r3.solution)

    section("3. Backtracking, smarter and smarter, on seed 002's figure 9 grid (24 clues)")
    grid = Grid.parse(FIGURE_9)
    print(f"{'method':10} {'nodes':>7} {'backtracks':>10} {'deductions':>10}  idea")
    solved = None
    for method, idea in (
        ("naive", "cells in order, first allowed digit (GC, TP part 1)"),
        ("mrv", "most constrained cell first (GC_BIS, TP part 2)"),
        ("forward", "MRV + forward checking (TP part 3)"),
        ("dsatur", "MRV, ties by degree, forward checking"),
        ("propagate", "MRV + naked/hidden singles (CAPES, Norvig)"),
    ):
        r = solve(grid, method, engine="python")
        s = r.stats
        print(f"{method:10} {s.nodes:7} {s.backtracks:10} {s.deductions:10}  {idea}")
        solved = r.grid
    assert solved is not None and solved.is_solution_of(grid)
    save_grid(grid, folder / "figure9.svg", solution=solved)
    save_graph(sudoku_graph(3), folder / "sudoku9_graph.png", solved.values)

    section("4. Randomized greedy colourings (seed 000), 20 seeds each")
    print(f"{'method':18} {'solved':>6} {'mean attempts':>13}")
    for method in ("greedy", "greedy-mrv", "greedy-mrv-least", "greedy-mrv-random"):
        results = [solve(grid, method, seed=seed, itermax=200) for seed in range(20)]
        ok = [r for r in results if r.status == "solved"]
        mean = sum(r.stats.attempts for r in results) / len(results)
        print(f"{method:18} {len(ok):6} {mean:13.1f}")

    section("5. Watch backtracking happen")
    r = solve(SMALL, "naive")
    print(f"naive on {SMALL.to_line()}: {r.stats.nodes} nodes, {r.stats.backtracks} backtracks")
    files = save_trace(folder / "trace.gif", SMALL, "naive", max_frames=120)
    print(f"saved {files[0]}; pictures in {folder}/")


if __name__ == "__main__":
    try:
        require_plot()  # the pictures need matplotlib: said now, not after the work before them
    except MissingExtra as exc:
        sys.exit(f"sudograph: error: {exc}")
    main(*sys.argv[1:2])
