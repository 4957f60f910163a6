"""Benchmark the variants: each against the same-size classic puzzle, against sudoku-engine,
and uniqueness agreement with python-sat (CaDiCaL).

Usage (from the repository root)::

    .venv/bin/python bench/bench_variants.py [--n N] [--sat-n N] [--reps N] [--variants V,...]

For every variant, ``--n`` puzzles are made by ``generate_variant`` (seeds 0..n-1; jigsaw on
the bundled 9×9 region map), and ``--n`` classic 9×9 puzzles by ``generate``. Timed side by
side, interleaved puzzle by puzzle, best of ``--reps``, CPU time (``time.process_time``):

- ``python``: ``solve(puzzle, "propagate", limit=2, engine="python")``, the reference engine
  (solve and prove unique);
- ``default``: ``solve(puzzle, limit=2)``, what a user gets: with numba, the house kernel
  (``engine/houses.py``) for every variant, killer included (the engine that ran is checked);
  the speed-up over sudoku-engine is against this column;
- ``kernel``: the house kernel alone, ``houses.run(problem, SolveOptions(limit=2))`` on a
  problem built beforehand, on the variant puzzle, on the classic puzzle of the same seed
  (``classic``; the target: a variant within 2x of it) and on the k-th puzzle of
  ``tests/data/sudoku/tdoku_top1465_100`` (``top1465``, a classic set hard for a search, the
  like-for-like baseline: ``ratio2``); ``nodes``: the kernel's guesses, variant / classic /
  top1465, since a minimal variant puzzle is usually a larger search than a minimal classic;
  ``ratio3``: the variant puzzle's time over what a classic puzzle of as many guesses takes
  (the line ``a + b * guesses`` fitted by least squares to the kernel's times and guesses on
  all 100 top1465 puzzles, timed in slices between the variant's own puzzles, so within the
  same minutes, and fitted per variant; printed after the table): the cost of the variant's
  rules per unit of search, its search size set aside;
- ``sudoku-engine``: its ``Solver(puzzle, max_solutions=2).solve_count()`` on the variants it
  has (diagonal = x, hyper = windoku, jigsaw, killer), limit 2 as well.

A second table, timed in the same rows: the kernel's compiled ``search`` calls alone
(``search_only``: the Python around them, about 25 µs a puzzle, left out) on the variant and
the classic puzzle, and CaDiCaL (the oracle's CNF, built outside the clock; its ``solve``
calls alone, limit 2) on the same two, with its conflicts: how much harder a minimal variant
puzzle is than a minimal classic one for a solver that learns clauses, a yardstick of the
puzzles' own difficulty beside our kernel's ratio.

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
from sudograph.problem import Problem, SolveOptions  # noqa: E402
from sudograph.search.sat import sat_available  # noqa: E402
from sudograph.solve import solve  # noqa: E402
from sudograph.variants import Variant, check_solution, parse_regions  # noqa: E402
from variant_oracle import cnf, sat_solutions, solve_cnf  # noqa: E402

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


def ours(grid: Grid, engine: str = "python") -> tuple[float, int, str]:
    """CPU seconds, solution count (limit 2) and the engine that ran, for one ``solve``."""
    start = time.process_time()
    r = solve(grid, "propagate", limit=2, engine=engine)
    spent = time.process_time() - start
    check(grid, r.solutions)
    return spent, len(r.solutions), r.stats.engine or engine


def kernel(grid: Grid, problem: Problem) -> tuple[float, int, int]:
    """CPU seconds, solution count (limit 2) and guesses of the house kernel alone."""
    from sudograph.engine.houses import run as run_houses

    start = time.process_time()
    r = run_houses(problem, SolveOptions(limit=2))
    spent = time.process_time() - start
    check(grid, r.solutions)
    return spent, len(r.solutions), r.stats.nodes


_SEARCH = [0.0]
"""CPU seconds spent in the kernel's compiled ``search`` (see :func:`search_only`)."""


def search_only(grid: Grid, problem: Problem) -> tuple[float, int, int]:
    """As :func:`kernel`, but the CPU seconds of the compiled search calls alone (the Python
    around them left out: building and checking, about 25 µs a puzzle)."""
    from sudograph.engine import houses

    K = houses._kernels()
    inner = K.search

    def timed(*args: Any) -> Any:
        start = time.process_time()
        try:
            return inner(*args)
        finally:
            _SEARCH[0] += time.process_time() - start

    K.search = timed
    _SEARCH[0] = 0.0
    try:
        _, count, nodes = kernel(grid, problem)
    finally:
        K.search = inner
    return _SEARCH[0], count, nodes


_CNF: dict[int, list[list[int]]] = {}


def cadical(grid: Grid) -> tuple[float, int, int]:
    """CaDiCaL's CPU time (its ``solve`` calls alone, limit 2), count and conflicts on the
    oracle's CNF of ``grid`` (built once per puzzle, outside the clock)."""
    clauses = _CNF.setdefault(id(grid), cnf(grid.problem))
    found, spent, conflicts = solve_cnf(clauses, grid.problem.graph.n, grid.problem.k, 2)
    check(grid, found)
    return spent, len(found), conflicts


def check(grid: Grid, solutions: list[Any]) -> None:
    """Every solution obeys the variant's rules (the independent checker) and the clues."""
    for s in solutions:
        if check_solution(grid.variant, grid.box, s) or not grid.with_values(s).is_solution_of(
            grid
        ):
            raise AssertionError(f"a solution breaks the rules: {s}")


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


def best(fn: Any, reps: int, *args: Any) -> tuple[float, int, Any]:
    """The best CPU time of ``reps`` runs of ``fn(*args)``, its count and third field."""
    runs = [fn(*args) for _ in range(reps)]
    return min(r[0] for r in runs), runs[0][1], runs[0][2]


def classic_points(puzzles: list[Grid], reps: int) -> list[tuple[int, float]]:
    """``(guesses, seconds)`` of the kernel alone (best of ``reps``) on each of ``puzzles``."""
    points = []
    for g in puzzles:
        runs = [kernel(g, g.problem) for _ in range(reps)]
        points.append((runs[0][2], min(r[0] for r in runs)))
    return points


def fit_line(points: list[tuple[int, float]]) -> tuple[float, float]:
    """``(a, b)``: the least-squares line ``seconds = a + b * guesses`` through ``points``."""
    gx = statistics.mean(x for x, _ in points)
    ty = statistics.mean(y for _, y in points)
    b = sum((x - gx) * (y - ty) for x, y in points) / sum((x - gx) ** 2 for x, _ in points)
    return ty - b * gx, b


def main() -> None:
    ap = argparse.ArgumentParser(
        description="Benchmark the variants: each against the same-size classic puzzle, "
        "against sudoku-engine, and uniqueness agreement with python-sat (CaDiCaL)."
    )
    ap.add_argument("--n", type=int, default=10, help="puzzles per variant (timing)")
    ap.add_argument("--sat-n", type=int, default=20, help="puzzles per variant (SAT agreement)")
    ap.add_argument("--reps", type=int, default=3, help="runs per timing, the best kept")
    ap.add_argument(
        "--variants",
        default=",".join(VARIANTS),
        help=f"comma-separated variant specs (default {','.join(VARIANTS)})",
    )
    ap.add_argument("--peer-cap", type=float, default=10.0, help="seconds per sudoku-engine call")
    args = ap.parse_args()
    try:
        import sudoku  # noqa: F401

        has_peer = True
    except ImportError:
        has_peer = False
    has_sat = sat_available()
    if not has_sat:
        print(
            "python-sat is not installed (pip install python-sat): CaDiCaL's columns and the "
            "agreement table are skipped",
            file=sys.stderr,
        )
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"python {platform.python_version()}; n={args.n}, reps={args.reps}")  # fmt: skip
    classic = [generate((3, 3), seed=s) for s in range(args.n)]
    hard_file = ROOT / "tests" / "data" / "sudoku" / "tdoku_top1465_100.txt"
    hard = [Grid.parse(line) for line in hard_file.read_text().split()[: args.n]]
    for warm in (classic[0], make("killer", 0)):  # compile / load the kernels
        ours(warm, "auto")
        kernel(warm, warm.problem)
    every_hard = [Grid.parse(t) for t in hard_file.read_text().split()]
    lines: dict[str, tuple[float, float]] = {}
    alone: list[str] = []
    print(
        "variant        clues  python ms  default ms (engine)  kernel ms  classic ms  ratio"
        "  top1465 ms  ratio2  ratio3  nodes var/classic/top1465  sudoku-engine ms  speed-up"
    )
    for spec in args.variants.split(","):
        puzzles = [make(spec, s) for s in range(args.n)]
        cols: dict[str, list[float]] = {}
        engines: set[str] = set()
        capped = 0
        points: list[tuple[int, float]] = []
        step = -(-len(every_hard) // args.n)
        for i, (puzzle, plain, tough) in enumerate(zip(puzzles, classic, hard, strict=True)):
            points += classic_points(every_hard[i * step : (i + 1) * step], args.reps)
            py = best(ours, args.reps, puzzle)
            auto = best(ours, args.reps, puzzle, "auto")
            engines.add(auto[2])
            timed = {
                name: best(kernel, args.reps, g, g.problem)
                for name, g in (("var", puzzle), ("classic", plain), ("top", tough))
            }
            for name, g in (("var", puzzle), ("classic", plain)):
                timed["s " + name] = best(search_only, args.reps, g, g.problem)
                if has_sat:
                    timed["sat " + name] = best(cadical, args.reps, g)
            sat_count = timed["sat var"][1] if has_sat else py[1]
            if not py[1] == auto[1] == timed["var"][1] == sat_count:
                raise AssertionError(f"{spec}: counts {py[1]}, {auto[1]}, {timed['var'][1]}")
            row = {"python": py[0], "auto": auto[0]}
            for name, (t, _, nodes) in timed.items():
                row[name], row[name + " nodes"] = t, nodes
            if has_peer and spec in PEER:
                t2, count2 = peer(puzzle, args.peer_cap)
                capped += count2 < 0
                if count2 >= 0 and count2 != py[1]:
                    raise AssertionError(f"{spec}: sudoku-engine counts {count2}, we count {py[1]}")
                row["peer"] = t2
            for key, value in row.items():
                cols.setdefault(key, []).append(value)
        a, b = lines[spec] = fit_line(points)
        pairs = zip(cols["var"], cols["var nodes"], strict=True)
        cols["same"] = [t / (a + b * g) for t, g in pairs]
        ms = {
            k: statistics.mean(v) * (1 if k.endswith("nodes") or k == "same" else 1e3)
            for k, v in cols.items()
        }
        clues = statistics.mean(p.clues for p in puzzles)
        nodes = f"{ms['var nodes']:.0f}/{ms['classic nodes']:.1f}/{ms['top nodes']:.0f}"
        out = (
            f"{spec:<14} {clues:5.1f} {ms['python']:10.2f} {ms['auto']:8.2f} "
            f"({','.join(sorted(engines))}) {ms['var']:10.3f} {ms['classic']:11.3f} "
            f"{ms['var'] / ms['classic']:6.2f} {ms['top']:11.3f} {ms['var'] / ms['top']:7.2f}"
            f" {ms['same']:7.2f}  {nodes:>24}"
        )
        if "peer" in ms:
            out += f" {ms['peer']:17.1f} {ms['peer'] / ms['auto']:9.0f}x"
            if capped:
                out += f" ({capped} stopped at {args.peer_cap:g} s: a lower bound)"
        print(out, flush=True)
        searched = (
            f"{spec:<14} {ms['s var']:10.3f} {ms['s classic']:10.3f} "
            f"{ms['s var'] / ms['s classic']:7.2f}"
        )
        if has_sat:
            searched += (
                f" {ms['sat var']:10.3f} {ms['sat classic']:10.3f} "
                f"{ms['sat var'] / ms['sat classic']:7.2f} "
                f"{ms['sat var nodes']:10.1f}/{ms['sat classic nodes']:.1f}"
            )
        alone.append(searched)
    if has_sat:
        print(
            "\nthe compiled search alone, and CaDiCaL on the same puzzles (its solve calls alone):"
        )
        print(
            "variant        search ms  classic ms   ratio  cadical ms  classic ms   ratio"
            "  conflicts var/classic"
        )
    else:
        print(
            "\nthe compiled search alone (CaDiCaL's columns skipped: python-sat is not installed):"
        )
        print("variant        search ms  classic ms   ratio")
    print("\n".join(alone))
    print("\nclassic time by guesses (top1465, 100 puzzles, timed in each variant's rows):")
    for spec, (a, b) in lines.items():
        print(f"{spec:<14} {a * 1e3:.4f} ms + {b * 1e3:.5f} ms a guess")
    if not has_sat:
        print("\nuniqueness agreement with CaDiCaL: skipped, python-sat is not installed")
        return
    print("\nuniqueness agreement with CaDiCaL (limit 2), generated puzzles and one clue less")
    for spec in args.variants.split(","):
        agree = total = unique = 0
        for s in range(args.sat_n):
            p = make(spec, 1000 + s)
            clue = next((i for i, d in enumerate(p.values) if d), None)
            weaker = p.with_values([0 if i == clue else d for i, d in enumerate(p.values)])
            for q in (p, weaker):
                n_ours = len(solve(q, limit=2).solutions)
                n_sat = len(sat_solutions(q.problem, 2))
                total += 1
                agree += n_ours == n_sat
                unique += n_sat == 1
        print(f"{spec:<14} {agree}/{total} agree ({unique} unique)", flush=True)


if __name__ == "__main__":
    main()
