"""Benchmark the house kernel's SAT handoff on small grids (``houses.RUN_HANDOFF_GUESSES``).

Usage (from the repository root)::

    .venv/bin/python bench/bench_small_handoff.py [--per-rule N] [--cap S] [--thresholds A,B]
        [--normal N]

Two sets, each puzzle timed by every side in turn (interleaved, one process, CPU time of
``solve(grid, limit=2)``, what a user gets):

- **nearly empty grids under strong rules**: 9×9 grids with 2 to 8 random clues (seeded,
  one random stream per rule set) under x+anti-knight, windoku+anti-knight,
  anti-knight+anti-king, x+windoku; kept the first ``--per-rule`` whose search the kernel
  has not finished after 20,000 guesses. Each side is capped at ``--cap`` seconds (a capped
  time is a lower bound, marked ``>``); then ``count(grid)`` on the ones without a solution.
- **16×16 killers**: ``--killers`` minimal ones (``generate_variant("killer", 4, seed=s)``),
  ``solve(grid, limit=2)`` with the large grids' handoff (``HANDOFF_GUESSES``) off and on.
- **normal puzzles**: ``--normal`` minimal puzzles per variant of ``bench_variants.py``
  (``generate_variant(spec, 3, seed=s)``), where no handoff should happen: the largest number
  of guesses and the total time of each side.

Sides: ``off`` (no handoff: the kernel alone) and each threshold of ``--thresholds``.
Every solution is checked by :func:`sudograph.variants.check_solution`, and every side must
give the same status and number of solutions (a capped side excepted). Needs numba and
python-sat.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from sudograph.engine import houses  # noqa: E402
from sudograph.errors import SudographError  # noqa: E402
from sudograph.formats.variant import read_variant_puzzle  # noqa: E402
from sudograph.generate import generate_variant  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.problem import Result  # noqa: E402
from sudograph.search.sat import sat_available  # noqa: E402
from sudograph.solve import count, solve  # noqa: E402
from sudograph.variants import check_solution  # noqa: E402

RULES = ("x+anti-knight", "windoku+anti-knight", "anti-knight+anti-king", "x+windoku")
DEFAULT = houses.RUN_HANDOFF_GUESSES
HANDOFF = houses.HANDOFF_GUESSES
NORMAL = ("x", "windoku", "anti-knight", "anti-king", "x+anti-king", "disjoint", "killer")


def near_empty(spec: str, wanted: int) -> list[Grid]:
    """The first ``wanted`` nearly empty grids of ``spec`` the kernel has not finished in
    20,000 guesses (seeded: the same grids on every run)."""
    found: list[Grid] = []
    for seed in range(2000):
        rng = random.Random(f"{spec}:{seed}")
        cells = ["."] * 81
        for _ in range(rng.randint(2, 8)):
            cells[rng.randrange(81)] = str(rng.randint(1, 9))
        try:
            grid = read_variant_puzzle(f"variant: {spec}\ngrid: {''.join(cells)}\n")
            grid.problem  # noqa: B018 - raises for clashing clues
        except SudographError:  # clashing clues: not a puzzle
            continue
        with_side(None)
        if solve(grid, limit=2, max_nodes=20_000).status == "stopped":
            found.append(grid)
            if len(found) == wanted:
                break
    return found


def with_side(threshold: int | None) -> None:
    houses.RUN_HANDOFF_GUESSES = 10**12 if threshold is None else threshold


def timed(grid: Grid, threshold: int | None, cap: float, counting: bool) -> tuple[float, Result]:
    with_side(threshold)
    t0 = time.process_time()
    r = count(grid, timeout=cap) if counting else solve(grid, limit=2, timeout=cap)
    seconds = time.process_time() - t0
    for s in r.solutions:
        broken = check_solution(grid.variant, grid.box, s)
        assert not broken, broken
    return seconds, r


def show(seconds: float, r: Result) -> str:
    mark = ">" if r.reason == "time limit" else ""
    return f"{mark}{seconds:8.3f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--per-rule", type=int, default=4, help="nearly empty grids per rule set")
    ap.add_argument("--cap", type=float, default=30.0, help="seconds per side and puzzle")
    ap.add_argument(
        "--thresholds",
        default="5000,20000,50000",
        help="comma-separated guesses before the handoff, one side each",
    )
    ap.add_argument("--normal", type=int, default=10, help="minimal puzzles per variant")
    ap.add_argument("--killers", type=int, default=3, help="minimal 16x16 killers (seeds 1..N)")
    args = ap.parse_args()
    try:
        thresholds = [int(x) for x in args.thresholds.split(",")]
    except ValueError:
        ap.error(f"--thresholds: whole numbers separated by commas, got {args.thresholds!r}")
    has_sat = sat_available()
    if not has_sat:
        thresholds = []
        print(
            "python-sat is not installed (pip install python-sat): no handoff can happen, so "
            "the threshold columns and the 16x16 killers are skipped; the kernel alone (off) runs",
            file=sys.stderr,
        )
    sides: list[int | None] = [None, *thresholds]
    names = ["off"] + [f"{t:,}" for t in sides[1:]]
    print(f"# {platform.machine()} {platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M')}")
    print(f"# default RUN_HANDOFF_GUESSES = {houses.RUN_HANDOFF_GUESSES:,}")
    print("\nnearly empty grids, solve(grid, limit=2), CPU seconds (> : stopped at the cap)")
    print(f"{'rules':24} {'status':14}" + "".join(f"{n:>10}" for n in names))
    totals = [0.0] * len(sides)
    unsat: list[Grid] = []
    for spec in RULES:
        for grid in near_empty(spec, args.per_rule):
            row = [timed(grid, side, args.cap, False) for side in sides]
            finished = [r for _, r in row if r.reason != "time limit"]
            assert len({(r.status, len(r.solutions)) for r in finished}) <= 1, row
            status = finished[0].status if finished else "stopped"
            if status == "unsatisfiable":
                unsat.append(grid)
            for i, (s, _) in enumerate(row):
                totals[i] += s
            print(f"{spec:24} {status:14}" + "".join(f"{show(s, r):>10}" for s, r in row))
    print(f"{'total':39}" + "".join(f"{t:10.3f}" for t in totals))
    print("\nthe same without a solution, count(grid), CPU seconds")
    totals = [0.0] * len(sides)
    for grid in unsat:
        row = [timed(grid, side, args.cap, True) for side in sides]
        finished = [r for _, r in row if r.reason != "time limit"]
        assert all(r.count == 0 for r in finished), row
        for i, (s, _) in enumerate(row):
            totals[i] += s
        print(f"{'':39}" + "".join(f"{show(s, r):>10}" for s, r in row))
    print(f"{'total':39}" + "".join(f"{t:10.3f}" for t in totals))
    print(f"\n16x16 killers, solve(grid, limit=2), CPU seconds: handoff after {HANDOFF:,} guesses")
    if not has_sat:
        print("skipped: python-sat is not installed (the handoff needs it; without it, making")
        print("a 16x16 killer takes minutes)")
    else:
        print(f"{'seed':>4} {'guesses off':>12} {'off':>10} {'on':>10}")
    for seed in range(1, args.killers + 1 if has_sat else 1):
        with_side(DEFAULT)
        grid = generate_variant("killer", 4, seed=seed)
        houses.HANDOFF_GUESSES = 10**12
        off = timed(grid, DEFAULT, args.cap, False)
        houses.HANDOFF_GUESSES = HANDOFF
        on = timed(grid, DEFAULT, args.cap, False)
        assert on[1].status == "solved" and len(on[1].solutions) == 1, on[1]
        assert off[1].reason == "time limit" or len(off[1].solutions) == 1, off[1]
        print(f"{seed:4} {off[1].stats.nodes:12,} {show(*off):>10} {show(*on):>10}")
    print(f"\nnormal puzzles ({args.normal} minimal per variant), solve(grid, limit=2)")
    print(f"{'variant':14} {'max guesses':>12}" + "".join(f"{n:>10}" for n in names))
    for spec in NORMAL:
        with_side(DEFAULT)  # generation as shipped
        puzzles = [generate_variant(spec, 3, seed=s) for s in range(args.normal)]
        totals = [0.0] * len(sides)
        most = 0
        for grid in puzzles:
            for i, side in enumerate(sides):
                s, r = timed(grid, side, args.cap, False)
                assert r.status == "solved" and len(r.solutions) == 1, r
                totals[i] += s
                most = max(most, r.stats.nodes)
                assert side is None or r.stats.engine == "houses", r.stats.engine
        print(f"{spec:14} {most:12,}" + "".join(f"{t:10.3f}" for t in totals))
    with_side(DEFAULT)


if __name__ == "__main__":
    main()
