"""Benchmark the variants: each against the same-size classic puzzle, against sudoku-engine,
and uniqueness agreement with python-sat (CaDiCaL).

Usage (from the repository root)::

    .venv/bin/python bench/bench_variants.py [--n N] [--sat-n N] [--reps N] [--variants V,...]

For every variant, ``--n`` puzzles are made by ``generate_variant`` (seeds 0..n-1; jigsaw on
the bundled 9×9 region map), and ``--n`` classic 9×9 puzzles by ``generate``. Timed side by
side, interleaved puzzle by puzzle, best of ``--reps``, CPU time (``time.process_time``):

- ``python``: ``solve(puzzle, "propagate", limit=2)`` on the reference engine (solve and prove
  unique; the default ``auto`` engine stays there below 20,000 nodes, which is every puzzle
  here);
- ``compiled``: the same call with ``engine="numba"`` (the compiled engine: "n/a" when it
  refuses the puzzle or does not read its rules, as killer cages before the house kernel);
- ``classic``: the compiled call on the classic puzzle of the same seed (the target: a variant
  within 2x of it); ``nodes`` are the compiled engine's search nodes, variant / classic, since
  a minimal variant puzzle is usually a harder search than a minimal classic one;
- ``top1465``: the compiled call on the k-th puzzle of ``tests/data/sudoku/tdoku_top1465_100``,
  a classic set hard for a search (about as many nodes as the variants), the like-for-like
  baseline (``ratio2``);
- ``sudoku-engine``: its ``Solver(puzzle, max_solutions=2).solve_count()`` on the variants it
  has (diagonal = x, hyper = windoku, jigsaw, killer), limit 2 as well; the speed-up is against
  our faster engine for the puzzle.

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

from sudograph.errors import InvalidArgument  # noqa: E402
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


def ours(grid: Grid, engine: str = "python") -> tuple[float, int, int]:
    """CPU seconds, solution count (limit 2) and search nodes of one solve on ``engine``."""
    start = time.process_time()
    r = solve(grid, "propagate", limit=2, engine=engine)
    spent = time.process_time() - start
    for s in r.solutions:
        if grid.variant is not None and check_solution(grid.variant, grid.box, s):
            raise AssertionError(f"a solution breaks the rules: {s}")
    return spent, len(r.solutions), r.stats.nodes


def compiled(grid: Grid) -> tuple[float, int, int] | None:
    """``ours`` on the compiled engine, or None when it refuses the puzzle or cannot read its
    rules (the twin ignores killer cages: its colouring then fails the solution check)."""
    try:
        return ours(grid, "numba")
    except (AssertionError, InvalidArgument):
        return None


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


def best(fn: Any, grid: Grid, reps: int) -> tuple[float, int, int] | None:
    """The best CPU time of ``reps`` runs of ``fn``, its count and nodes (None: refused)."""
    runs = [fn(grid) for _ in range(reps)]
    if any(r is None for r in runs):
        return None
    return min(r[0] for r in runs), runs[0][1], runs[0][2]


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
    hard_file = ROOT / "tests" / "data" / "sudoku" / "tdoku_top1465_100.txt"
    hard = [Grid.parse(line) for line in hard_file.read_text().split()[: args.n]]
    ours(classic[0], "numba")  # warm the compiled engine (numba cache)
    print(
        "variant        clues  python ms  compiled ms  classic ms  ratio  nodes var/classic"
        "  top1465 ms  ratio2  nodes  sudoku-engine ms  speed-up"
    )
    for spec in args.variants.split(","):
        puzzles = [make(spec, s) for s in range(args.n)]
        mine, fast, base, theirs, nodes, base_nodes = [], [], [], [], [], []
        top, top_nodes = [], []
        refused = capped = 0
        for puzzle, plain, tough in zip(puzzles, classic, hard, strict=True):
            py = best(ours, puzzle, args.reps)
            assert py is not None
            mine.append(py[0])
            comp = best(compiled, puzzle, args.reps)
            plain_comp = best(compiled, plain, args.reps)
            assert plain_comp is not None
            base.append(plain_comp[0])
            base_nodes.append(plain_comp[2])
            tough_comp = best(compiled, tough, args.reps)
            assert tough_comp is not None
            top.append(tough_comp[0])
            top_nodes.append(tough_comp[2])
            if comp is None:
                refused += 1
            else:
                if comp[1] != py[1]:
                    raise AssertionError(f"{spec}: compiled counts {comp[1]}, python {py[1]}")
                fast.append(comp[0])
                nodes.append(comp[2])
            if has_peer and spec in PEER:
                t2, count2 = peer(puzzle, args.peer_cap)
                capped += count2 < 0
                if count2 >= 0 and count2 != py[1]:
                    raise AssertionError(f"{spec}: sudoku-engine counts {count2}, we count {py[1]}")
                theirs.append(t2)
        m, b = statistics.mean(mine) * 1e3, statistics.mean(base) * 1e3
        clues = statistics.mean(p.clues for p in puzzles)
        bn = statistics.mean(base_nodes)
        tm, tn = statistics.mean(top) * 1e3, statistics.mean(top_nodes)
        if refused:
            row = f"{spec:<14} {clues:5.1f} {m:10.2f} {'n/a':>12} {b:11.2f} {'n/a':>6} {'n/a':>18}"
            row += f" {tm:11.2f} {'n/a':>7} {tn:6.0f}"
            ours_best = m
        else:
            f = statistics.mean(fast) * 1e3
            nv = statistics.mean(nodes)
            row = (
                f"{spec:<14} {clues:5.1f} {m:10.2f} {f:12.2f} {b:11.2f} {f / b:6.2f}"
                f" {nv:9.1f}/{bn:<8.1f} {tm:11.2f} {f / tm:7.2f} {tn:6.0f}"
            )
            ours_best = min(m, f)
        if theirs:
            th = statistics.mean(theirs) * 1e3
            row += f" {th:17.1f} {th / ours_best:9.0f}x"
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
