"""Counting: the default ``count_solutions(grid)`` against every complete method of the
matrix, side by side in one run.

Usage (from the repository root)::

    .venv/bin/python bench/bench_count.py [--reps 3] [--cap 20] [--cases 4x4,9x9-45,...]

Cases (every one made here, seeded):

- ``4x4``: the empty 4×4 grid (288 solutions);
- ``9x9-E``: five full 9×9 grids from ``generate`` (seeds 0–4) with ``E`` random cells emptied
  (seeded): completions of a grid, from a few to tens of thousands of solutions;
- ``6x6``: the empty 6×6 grid with 2×3 boxes (28,200,960 solutions).

Sides: ``default`` is ``count_solutions(grid)`` with no other argument (what a user gets);
then each complete method of :data:`sudograph.methods.METHODS` on each engine it has
(``naive``, ``mrv``, ``forward``, ``dsatur``, ``propagate`` on ``python`` and ``numba``;
``fast`` on 9×9; ``sat`` with python-sat), ``count(grid, method, engine=...)``. Per case the
sides run in an order that rotates from repetition to repetition, best of ``--reps`` wall
seconds; a side still running after ``--cap`` seconds is stopped (``timeout``) and shown as
``> cap``. Every complete count must equal the default's. It prints a Markdown table per case
and the ratio of the default's time to the best other side's (≤ 1: the default is the
fastest).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from sudograph.generate import generate  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.methods import METHODS  # noqa: E402
from sudograph.solve import count, count_solutions, solve  # noqa: E402

CASES = ("4x4", "9x9-45", "9x9-50", "9x9-55", "6x6")


def valid_case(case: str) -> bool:
    """``4x4``, ``6x6``, or ``9x9-E`` with ``E`` cells emptied (0 to 81)."""
    if case in ("4x4", "6x6"):
        return True
    head, _, empty = case.partition("-")
    return head == "9x9" and empty.isdigit() and int(empty) <= 81


def grids(case: str) -> list[Grid]:
    if case == "4x4":
        return [Grid.empty(2)]
    if case == "6x6":
        return [Grid.empty((2, 3))]
    empty = int(case.split("-")[1])
    out = []
    for seed in range(5):
        full = solve(generate(3, seed=seed), limit=1).solutions[0]
        holes = set(random.Random(seed).sample(range(81), empty))
        out.append(Grid((3, 3), tuple(0 if i in holes else c for i, c in enumerate(full))))
    return out


def sides(case: str) -> list[tuple[str, str | None, str | None]]:
    """(label, method, engine); method None is the default call."""
    out: list[tuple[str, str | None, str | None]] = [("default", None, None)]
    for name, m in METHODS.items():
        if not m.complete or (m.sudoku_only and not case.startswith("9x9")):
            continue
        if name in ("fast", "sat"):  # one engine each
            out.append((name, name, None))
        else:
            out += [(f"{name}/{e}", name, e) for e in ("python", "numba")]
    return out


def run(g: Grid, method: str | None, engine: str | None, cap: float) -> tuple[float, int | None]:
    """Wall seconds and the count (None when stopped by the cap)."""
    t0 = time.perf_counter()
    if method is None:
        n = count_solutions(g)
        return time.perf_counter() - t0, n
    kw = {} if engine is None else {"engine": engine}
    r = count(g, method, timeout=cap, **kw)
    wall = time.perf_counter() - t0
    return wall, (r.count if r.complete else None)


def main() -> int:
    ap = argparse.ArgumentParser(
        description="Counting: the default count_solutions(grid) against every complete "
        "method of the matrix, side by side in one run."
    )
    ap.add_argument("--reps", type=int, default=3, help="repetitions per grid, the best kept")
    ap.add_argument("--cap", type=float, default=20.0, help="seconds per side and grid")
    ap.add_argument(
        "--cases",
        default=",".join(CASES),
        help="comma-separated: 4x4, 6x6, 9x9-E (E cells emptied, 0-81)",
    )
    args = ap.parse_args()
    if args.reps < 1:
        ap.error(f"--reps: at least 1 (the best of the repetitions is kept), got {args.reps}")
    if not args.cap > 0:
        ap.error(f"--cap: seconds > 0, got {args.cap:g}")
    wrong = [c for c in args.cases.split(",") if not valid_case(c)]
    if wrong:
        ap.error(
            f"--cases: unknown case(s) {', '.join(map(repr, wrong))}; valid: 4x4, 6x6 and "
            f"9x9-E with E cells emptied, 0 to 81 (default {','.join(CASES)})"
        )
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    for _, method, engine in sides("9x9-45"):  # compile or load every kernel first
        if method is not None:
            kw = {} if engine is None else {"engine": engine}
            count(Grid.empty(3 if method == "fast" else 2), method, limit=2, **kw)
    for g in (Grid.empty(2), Grid.empty((2, 3)), Grid.empty(3)):
        count_solutions(g, limit=2)
    for case in args.cases.split(","):
        gs = grids(case)
        who = sides(case)
        best = {label: [float("inf")] * len(gs) for label, _, _ in who}
        stopped = dict.fromkeys(best, False)
        counts: list[int] = []
        for i, g in enumerate(gs):
            want = count_solutions(g)
            counts.append(want)
            for rep in range(args.reps):
                turn = (rep + i) % len(who)
                for label, method, engine in who[turn:] + who[:turn]:
                    if stopped[label] and rep:  # a stopped side is not run again on this grid
                        continue
                    wall, n = run(g, method, engine, args.cap)
                    if n is None:
                        stopped[label] = True
                        best[label][i] = args.cap
                        continue
                    if n != want:
                        raise AssertionError(f"{case} grid {i}: {label} counted {n}, not {want}")
                    best[label][i] = min(best[label][i], wall)
        print(f"\n{case}: {len(gs)} grid(s), solutions {', '.join(f'{c:,}' for c in counts)}")
        print("| side | wall ms (sum of the grids' best) |")
        print("|---|---:|")
        totals = {label: sum(t) for label, t in best.items()}
        for label, total in totals.items():
            shown = f"> {total * 1e3:,.1f}" if stopped[label] else f"{total * 1e3:,.2f}"
            print(f"| {label} | {shown} |")
        others = {k: v for k, v in totals.items() if k != "default" and not stopped[k]}
        if not others:
            print(f"default / best other: none, every other side capped (> {args.cap:g} s)")
            continue
        top = min(others, key=others.__getitem__)
        ratio = totals["default"] / others[top]
        print(f"default / best other ({top}): {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
