"""Method ``sat`` asked for one solution: with and without the at-most-one-colour clauses
per vertex, both sides interleaved puzzle by puzzle.

Usage (from the repository root)::

    .venv/bin/python bench/ab_sat_amo.py [--n 20] [--big 6] [--gen 2] [--cap 20] [--seed 1]

At ``limit=1`` method ``sat`` dropped those clauses (a vertex with two colours true at once
is still properly coloured by each, and the first is read): fewer clauses to load. On a
Sudoku the clauses are what lets unit propagation see a cell's last colour, and without them
CaDiCaL wanders: a generated 36×36 puzzle took it 1.5 million conflicts (more than 35 s)
against 113 with them. This script measures both on

- ``--n`` puzzles of ``tdoku_magictour_top1465`` (9×9) and of every ``hex16_*`` set of
  ``../shared/data/sudoku`` (a missing set is said and skipped);
- ``--big`` 25×25 and 36×36 puzzles made as ``bench/bench_sizes.py`` makes them (a random
  full grid by CaDiCaL, then 40–60 % of the cells kept);
- ``--gen`` 36×36 puzzles of ``sudograph.generate`` (unique, about half the cells given),
  seeds 1..gen;

each the time of ``ProblemSat(problem, amo=...)`` loaded and asked once (what
``solve(grid, "sat", limit=1)`` does), ``--cap`` seconds per side and puzzle (a capped side
counts the cap: its mean is then a lower bound, and the puzzle is listed). Prints the mean
milliseconds and conflicts of each side and their ratio per set, and the machine.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from bench_sizes import Peer, made  # noqa: E402

from sudograph.generate import generate  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.problem import is_proper_coloring  # noqa: E402
from sudograph.search.sat import ProblemSat, sat_available  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "sudoku"


def one(grid: Grid, amo: bool, cap: float) -> tuple[float, int, bool | None]:
    """Seconds, conflicts and answer of one load-and-ask (None: capped)."""
    t0 = time.perf_counter()
    with ProblemSat(grid.problem, amo=amo) as s:
        answer = s.satisfiable((), t0 + cap)
        if answer:  # every solution checked: proper, every clue kept
            col = s.coloring()
            assert is_proper_coloring(grid.problem.graph, col, grid.problem.k)
            assert all(c == v for c, v in zip(col, grid.values, strict=True) if v)
        conflicts = s.stats.conflicts
    return time.perf_counter() - t0, conflicts, answer


def sample(path: Path, n: int, seed: int, box: tuple[int, int]) -> list[Grid]:
    side = box[0] * box[1]
    lines = [t for t in path.read_text().split() if len(t) == side * side]
    return [Grid.parse(t, box=box) for t in random.Random(seed).sample(lines, min(n, len(lines)))]


def ab(name: str, grids: list[Grid], cap: float) -> None:
    if not grids:
        return
    one(grids[0], True, cap)  # warm-up: python-sat loaded
    times: dict[bool, list[float]] = {True: [], False: []}
    conflicts: dict[bool, list[int]] = {True: [], False: []}
    capped = []
    for i, g in enumerate(grids):
        answers = {}
        for amo in (True, False) if i % 2 == 0 else (False, True):  # alternate who goes first
            sec, conf, answers[amo] = one(g, amo, cap)
            times[amo].append(sec)
            conflicts[amo].append(conf)
        if None in answers.values():
            capped.append(
                (i, {amo: "capped" if a is None else "done" for amo, a in answers.items()})
            )
        elif answers[True] != answers[False]:
            raise AssertionError(f"the two formulas disagree on {g.to_line()}")
    with_, without = statistics.mean(times[True]) * 1e3, statistics.mean(times[False]) * 1e3
    print(
        f"{name:34} {len(grids):4} {with_:11.2f} {without:11.2f} {without / with_:8.2f}x"
        f" {statistics.mean(conflicts[True]):12.0f} {statistics.mean(conflicts[False]):12.0f}"
    )
    for i, what in capped:
        print(f"    capped at {cap} s: puzzle {i} (amo: {what[True]}, no amo: {what[False]})")


def main() -> None:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--n", type=int, default=20, help="puzzles per 9x9 and 16x16 set")
    ap.add_argument("--big", type=int, default=6, help="made 25x25 and 36x36 puzzles, each")
    ap.add_argument("--gen", type=int, default=2, help="generated 36x36 puzzles (seeds 1..gen)")
    ap.add_argument("--cap", type=float, default=20.0, help="seconds per side and puzzle")
    ap.add_argument("--seed", type=int, default=1, help="seed of the samples and made grids")
    args = ap.parse_args()
    if not sat_available():
        sys.exit("ab_sat_amo: python-sat is not installed (pip install python-sat)")
    print(f"# {platform.platform()}, Python {platform.python_version()}, cap {args.cap} s")
    print(f"{'set':34} {'n':>4} {'amo ms':>11} {'no-amo ms':>11} {'ratio':>9}"
          f" {'amo confl':>12} {'no-amo confl':>12}")  # fmt: skip
    if not DATA.is_dir():
        print(f"data missing: {DATA} (no 9x9 or 16x16 sets)")
    else:
        for stem, box in [("tdoku_magictour_top1465", (3, 3))] + [
            (p.stem, (4, 4)) for p in sorted(DATA.glob("hex16_*.txt")) if "solution" not in p.name
        ]:
            path = DATA / f"{stem}.txt"
            if not path.exists():
                print(f"data missing: {path}")
                continue
            ab(stem, sample(path, args.n, args.seed, box), args.cap)
    for box in ((5, 5), (6, 6)):
        side = box[0] * box[1]
        grids = made(box, args.big, args.seed, Peer(box))
        ab(f"{side}x{side} made, 40-60% kept", grids, args.cap)
    gen = [generate(6, seed=s) for s in range(1, args.gen + 1)]
    ab("36x36 generate(6, seed=1..)", gen, args.cap)


if __name__ == "__main__":
    main()
