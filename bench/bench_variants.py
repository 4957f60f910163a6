"""Benchmark the variants: each against the same-size classic puzzle, against sudoku-engine,
and uniqueness agreement with python-sat (CaDiCaL).

Usage (from the repository root)::

    .venv/bin/python bench/bench_variants.py [--n N] [--sat-n N] [--reps N] [--variants V,...]

For every variant, ``--n`` puzzles are made by ``generate_variant`` (seeds 0..n-1; jigsaw on
the bundled 9×9 region map), and ``--n`` classic 9×9 puzzles by ``generate``. Timed side by
side, interleaved puzzle by puzzle, best of ``--reps``, CPU time (``time.process_time``):

- ``variant``: ``solve(puzzle, "propagate")`` with the default engine (``auto``; killer on the
  Python engine, the only one that reads cages), limit 2 (solve and prove unique);
- ``classic``: the same call on the classic puzzle of the same seed;
- ``sudoku-engine``: its ``Solver(puzzle, max_solutions=2).solve_count()`` on the variants it
  has (diagonal = x, hyper = windoku, jigsaw, killer), limit 2 as well.

Every solution of ours is checked by :func:`sudograph.variants.check_solution`, and
sudoku-engine's count must equal ours. Then ``--sat-n`` puzzles per variant (generated, and
each with one clue removed, so that both unique and non-unique puzzles are compared): our
count (limit 2) against CaDiCaL's (``tests/variant_oracle.py``). sudoku-engine is not a
dependency: ``pip install sudoku-engine`` into the venv to get its columns.
"""

from __future__ import annotations

import argparse
import os
import platform
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from sudograph.generate import generate, generate_variant  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.solve import solve  # noqa: E402
from sudograph.variants import Variant, check_solution, parse_regions  # noqa: E402
from variant_oracle import sat_solutions  # noqa: E402

VARIANTS = (
    "x",
    "windoku",
    "disjoint",
    "centre-dot",
    "asterisk",
    "anti-knight",
    "anti-king",
    "jigsaw",
    "killer",
    "x+anti-king",
)
PEER = {
    "x": "DiagonalSudoku",
    "windoku": "HyperSudoku",
    "jigsaw": "JigsawSudoku",
    "killer": "KillerSudoku",
}


def make(spec: str, seed: int) -> Grid:
    if spec == "jigsaw":
        text = (ROOT / "tests" / "data" / "variants" / "jigsaw9.regions").read_text()
        return generate_variant(Variant(("jigsaw",), parse_regions(text, 9)), 3, seed=seed)
    return generate_variant(spec, 3, seed=seed)


def ours(grid: Grid) -> tuple[float, int]:
    engine = "python" if grid.variant is not None and grid.variant.cages else "auto"
    start = time.process_time()
    r = solve(grid, "propagate", limit=2, engine=engine)
    spent = time.process_time() - start
    for s in r.solutions:
        if grid.variant is not None and check_solution(grid.variant, grid.box, s):
            raise AssertionError(f"a solution breaks the rules: {s}")
    return spent, len(r.solutions)


def peer_puzzle(grid: Grid) -> Any:
    import sudoku

    n = grid.n
    board = [[grid.values[r * n + c] or None for c in range(n)] for r in range(n)]
    v = grid.variant
    assert v is not None
    name = PEER[v.spec]
    if name == "JigsawSudoku":
        assert v.regions is not None
        regions = [{(i // n, i % n) for i in range(n * n) if v.regions[i] == k} for k in range(n)]
        return sudoku.JigsawSudoku(size=n, board=board, jigsaw_regions=regions)
    if name == "KillerSudoku":
        cages = [
            sudoku.Cage(frozenset((c // n, c % n) for c in cells), total)
            for cells, total in v.cages
        ]
        return sudoku.KillerSudoku(size=n, board=board, cages=cages)
    return getattr(sudoku, name)(size=n, board=board)


class _Cap(Exception):
    """sudoku-engine ran past ``--peer-cap`` seconds."""


def peer(grid: Grid, cap: float) -> tuple[float, int]:
    """sudoku-engine's time and count (-1 and at least ``cap`` seconds when stopped)."""
    from sudoku.base_sudoku import Solver

    def stop(*_: Any) -> None:
        raise _Cap

    puzzle = peer_puzzle(grid)
    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, cap)
    start = time.process_time()
    try:
        count = Solver(puzzle, max_solutions=2).solve_count()
    except _Cap:
        count = -1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return time.process_time() - start, count


def best(fn: Any, grid: Grid, reps: int) -> tuple[float, int]:
    runs = [fn(grid) for _ in range(reps)]
    return min(t for t, _ in runs), runs[0][1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=10, help="puzzles per variant (timing)")
    ap.add_argument("--sat-n", type=int, default=20, help="puzzles per variant (SAT agreement)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--peer-cap", type=float, default=10.0, help="seconds per sudoku-engine call")
    args = ap.parse_args()
    try:
        import sudoku  # noqa: F401

        has_peer = True
    except ImportError:
        has_peer = False
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"python {platform.python_version()}; n={args.n}, reps={args.reps}")  # fmt: skip
    classic = [generate((3, 3), seed=s) for s in range(args.n)]
    ours(classic[0])  # warm the compiled twin (numba cache)
    print("variant        clues  ours ms  classic ms  ratio  sudoku-engine ms  speed-up")
    for spec in args.variants.split(","):
        puzzles = [make(spec, s) for s in range(args.n)]
        mine, theirs, base = [], [], []
        capped = 0
        for puzzle, plain in zip(puzzles, classic, strict=True):
            t, count = best(ours, puzzle, args.reps)
            mine.append(t)
            base.append(best(ours, plain, args.reps)[0])
            if has_peer and spec in PEER:
                t2, count2 = peer(puzzle, args.peer_cap)
                capped += count2 < 0
                if count2 >= 0 and count2 != count:
                    raise AssertionError(f"{spec}: sudoku-engine counts {count2}, we count {count}")
                theirs.append(t2)
        m, b = statistics.mean(mine) * 1e3, statistics.mean(base) * 1e3
        clues = statistics.mean(p.clues for p in puzzles)
        row = f"{spec:<14} {clues:5.1f} {m:8.2f} {b:11.2f} {m / b:6.2f}"
        if theirs:
            th = statistics.mean(theirs) * 1e3
            row += f" {th:17.1f} {th / m:9.0f}x"
            if capped:
                row += f" ({capped} stopped at {args.peer_cap:g} s: a lower bound)"
        print(row, flush=True)
    print("\nuniqueness agreement with CaDiCaL (limit 2), generated puzzles and one clue less")
    for spec in args.variants.split(","):
        agree = total = unique = 0
        for s in range(args.sat_n):
            p = make(spec, 1000 + s)
            clue = next((i for i, d in enumerate(p.values) if d), None)
            weaker = p.with_values([0 if i == clue else d for i, d in enumerate(p.values)])
            for q in (p, weaker):
                engine = "python" if q.variant is not None and q.variant.cages else "auto"
                n_ours = len(solve(q, limit=2, engine=engine).solutions)
                n_sat = len(sat_solutions(q.problem, 2))
                total += 1
                agree += n_ours == n_sat
                unique += n_sat == 1
        print(f"{spec:<14} {agree}/{total} agree ({unique} unique)", flush=True)


if __name__ == "__main__":
    main()
