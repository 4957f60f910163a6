"""Seed 000's question, measured: how do the NSI randomized greedy heuristics compare?

Usage::

    .venv/bin/python bench/greedy_study.py [FILE ...] [--itermax 200] [--limit 20] [--seed 0]
                                           [--methods greedy,greedy-mrv,...]

For each puzzle set and each heuristic: the share of puzzles solved within ``itermax``
attempts, the mean and median attempts of the solved ones, the mean time per puzzle and per
attempt. Every solution is checked (``Grid.is_solution_of``). Puzzle ``i`` of a set is run with
``seed + i``, so a line of the table is reproducible.

Default sets: ``tests/data/sudoku/norvig_easy50.txt``, ``norvig_top95.txt`` and
``norvig_hardest.txt`` (the first ``--limit`` of each), plus two generated sets that show where
the plain heuristic works: 4×4 puzzles (6 clues) and "nearly full" 9×9 grids (the solutions of
easy50 with 20 cells emptied), both made with a fixed seed.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from sudograph.formats.puzzles import iter_puzzles
from sudograph.grid import Grid
from sudograph.problem import SolveOptions
from sudograph.search.greedy import RUNNERS, nsi_greedy

ROOT = Path(__file__).resolve().parent.parent
SUDOKU = ROOT / "tests" / "data" / "sudoku"
DEFAULT_FILES = ("norvig_easy50.txt", "norvig_top95.txt", "norvig_hardest.txt")


def read_set(path: Path, limit: int) -> list[Grid]:
    """The first ``limit`` puzzles of a file (parse errors are reported and skipped)."""
    grids: list[Grid] = []
    for no, item in iter_puzzles(path):
        if isinstance(item, Grid):
            grids.append(item)
        else:
            print(f"{path}:{no}: skipped: {item}", file=sys.stderr)
        if len(grids) >= limit:
            break
    return grids


def full_grid(box: int, rng: random.Random) -> Grid:
    """A random complete grid (the greedy-mrv heuristic on the empty grid, retried)."""
    empty = Grid.empty(box)
    p = empty.problem
    _, coloring = nsi_greedy(p.graph, p.k, p.precolouring, "mrv", 100_000, rng)
    assert coloring is not None
    return empty.with_values(coloring)


def blank(grid: Grid, holes: int, rng: random.Random) -> Grid:
    """``grid`` with ``holes`` random cells emptied."""
    values = list(grid.values)
    for i in rng.sample(range(len(values)), holes):
        values[i] = 0
    return grid.with_values(values)


def generated_sets(limit: int, easy: list[Grid]) -> dict[str, list[Grid]]:
    """4×4 puzzles with 6 clues and nearly full 9×9 grids (20 holes), seeded."""
    rng = random.Random(2024)
    fours = [blank(full_grid(2, rng), 10, rng) for _ in range(limit)]
    nearly: list[Grid] = []
    for puzzle in easy[:limit]:
        p = puzzle.problem
        _, coloring = nsi_greedy(p.graph, 9, p.precolouring, "mrv", 1000, random.Random(0))
        if coloring is not None:
            nearly.append(blank(puzzle.with_values(coloring), 20, rng))
    return {"4x4, 6 clues (generated)": fours, "9x9 nearly full, 61 clues": nearly}


def study(
    name: str, grids: list[Grid], methods: Iterable[str], itermax: int, seed: int
) -> list[list[str]]:
    """One table row per method for a puzzle set."""
    rows = []
    for method in methods:
        runner = RUNNERS[method]
        if grids:  # warm-up, untimed
            runner(grids[0].problem, SolveOptions(seed=seed, itermax=1))
        solved: list[int] = []
        attempts_total = 0
        start = time.perf_counter()
        for i, grid in enumerate(grids):
            result = runner(grid.problem, SolveOptions(seed=seed + i, itermax=itermax))
            attempts_total += result.stats.attempts
            if result.solution is not None:
                if not grid.with_values(result.solution).is_solution_of(grid):
                    raise AssertionError(f"{method}: wrong solution for {grid.to_line()}")
                solved.append(result.stats.attempts)
        seconds = time.perf_counter() - start
        rate = 100 * len(solved) / len(grids) if grids else 0.0
        rows.append(
            [
                name,
                method,
                f"{len(solved)}/{len(grids)} ({rate:.0f} %)",
                f"{statistics.mean(solved):.1f}" if solved else "–",
                f"{statistics.median(solved):g}" if solved else "–",
                f"{1000 * seconds / max(len(grids), 1):.1f}",
                f"{1e6 * seconds / max(attempts_total, 1):.0f}",
            ]
        )
        print(" | ".join(rows[-1]), file=sys.stderr, flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "files", nargs="*", type=Path, help="puzzle files (default: the norvig sets and two made)"
    )
    parser.add_argument("--itermax", type=int, default=200, help="attempts per puzzle")
    parser.add_argument("--limit", type=int, default=20, help="puzzles per set")
    parser.add_argument("--seed", type=int, default=0, help="puzzle i runs with seed + i")
    parser.add_argument(
        "--methods", default=",".join(RUNNERS), help="comma-separated greedy heuristics"
    )
    args = parser.parse_args(argv)
    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    unknown = [m for m in methods if m not in RUNNERS]
    if unknown:
        parser.error(f"unknown method(s) {', '.join(unknown)} (known: {', '.join(RUNNERS)})")

    sets: dict[str, list[Grid]] = {}
    if args.files:
        for path in args.files:
            try:
                sets[path.name] = read_set(path, args.limit)
            except OSError as exc:
                parser.error(f"{path}: {exc.strerror or exc}")
    else:
        for name in DEFAULT_FILES:
            sets[name] = read_set(SUDOKU / name, args.limit)
        sets.update(generated_sets(args.limit, sets[DEFAULT_FILES[0]]))

    head = ["set", "method", "solved", "mean attempts", "median", "ms / puzzle", "µs / attempt"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, grids in sets.items():
        lines += [
            "| " + " | ".join(r) + " |"
            for r in study(name, grids, methods, args.itermax, args.seed)
        ]
    print("\n".join(lines))
    print(
        f"\nitermax {args.itermax}, {args.limit} puzzles per set, seeds {args.seed}+i; "
        f"Python {platform.python_version()}, {platform.machine()} {platform.system()}."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
