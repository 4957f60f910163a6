"""Make the pictures of ``docs/compare.md`` (except seed 002's comparison, made by
``examples/seed002_comparison.py``). Run from the repository root:
``python examples/make_pictures.py [OUT_FOLDER]`` (default ``docs/img``).

Needs the ``plot`` extra (``pip install 'sudograph[plot]'``, matplotlib): without it the
script stops at once, in one line (exit 1).
"""

from __future__ import annotations

import sys
from pathlib import Path

from sudograph.bench import load_set, run_bench, summarize
from sudograph.errors import MissingExtra
from sudograph.graph import petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.plot import plot_runs, plot_success_rates, require_plot
from sudograph.render import save_graph, save_grid, save_trace
from sudograph.solve import color, solve

GREEDY = ("greedy", "greedy-mrv", "greedy-mrv-least", "greedy-mrv-most", "greedy-mrv-random")
SEARCH = ("naive", "mrv", "dsatur", "propagate", "logic")


def main(out: str = "docs/img") -> None:
    """Write every picture into ``out``."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    fig4 = color(petersen_graph(), 3, "naive").solution
    save_graph(petersen_graph(), folder / "petersen_fig4.png", fig4, size=360)
    puzzle = Grid.parse(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    )
    solution = solve(puzzle, "propagate").grid
    assert solution is not None
    save_graph(sudoku_graph(3), folder / "sudoku9_graph.png", size=420)
    save_graph(sudoku_graph(3), folder / "sudoku9_coloured.png", solution.values, size=420)
    four = solve(Grid.empty(2), "naive").grid
    assert four is not None
    save_graph(sudoku_graph(2), folder / "sudoku4_coloured.svg", four.values, size=300)
    save_grid(puzzle, folder / "grid_solved.svg", solution=solution, size=300)
    save_grid(puzzle, folder / "grid_candidates.png", candidates=True, size=450)
    save_trace(folder / "trace_4x4.gif", Grid.parse("....2..3.41..2.."), "naive", size=240)

    sample = load_set("examples/sample.txt")
    runs = run_bench([sample], SEARCH, limit_seconds=1.0)
    ax = plot_runs(runs)
    ax.figure.savefig(folder / "bench_sample_nodes.png", dpi=100, bbox_inches="tight")
    greedy = summarize(run_bench([sample], GREEDY, limit_seconds=5.0))
    ax = plot_success_rates(greedy, title="seed 000's greedy heuristics on examples/sample.txt")
    ax.figure.savefig(folder / "greedy_success.png", dpi=100, bbox_inches="tight")
    for row in greedy:
        print(f"{row.method:18} {row.solved}/{row.total} attempts {row.attempts_mean:.1f}")


if __name__ == "__main__":
    try:
        require_plot()  # the pictures need matplotlib: said now, not after the work before them
    except MissingExtra as exc:
        sys.exit(f"sudograph: error: {exc}")
    main(*sys.argv[1:2])
