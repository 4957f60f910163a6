"""Benchmark the compiled twin of the search against its targets (issue 6).

Usage (from the repository root)::

    .venv/bin/python bench/bench_twin.py [--repeat N] [--count-methods naive,propagate]
                                         [--reference] [--out FILE]

1. Start-up: the first-ever call (compilation into a fresh numba cache) and a cached start,
   each in a fresh subprocess (``import`` + :func:`sudograph.engine.twin.warmup`).
2. ``naive`` (static + check) on seed 002's anti-brute-force grid (figure 11): wall and CPU
   seconds (best of ``--repeat``), nodes, backtracks, nodes/s; the solution is checked (first
   row 987654321). ``--reference`` also runs the Python engine to the end (minutes) and
   compares the node counts.
3. Counting every 6×6 grid (2×3 boxes) from the empty grid: the count (28,200,960), wall and
   CPU seconds, for each method of ``--count-methods`` (default: ``naive``, the fastest here).

Timings on the project's 2-core machines are noisy (other jobs share the cores): CPU seconds
are the steadier figure.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from sudograph.engine import count_twin, run_twin  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.methods import METHODS  # noqa: E402
from sudograph.problem import SolveOptions  # noqa: E402

ANTI_BRUTE_FORCE = (
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
)
"""Seed 002, figure 11: a grid built against brute force (its C++ search took 64 s)."""
COUNT_6X6 = 28_200_960

STARTUP = (
    "import time; t = time.perf_counter(); "
    "from sudograph.engine.twin import warmup; warmup(); "
    "print(time.perf_counter() - t)"
)


def method_options(name: str, **kw: object) -> SolveOptions:
    """SolveOptions of a named search method."""
    m = METHODS[name]
    return SolveOptions(order=m.order, inference=m.inference, **kw)  # type: ignore[arg-type]


def startup_times() -> tuple[float, float]:
    """(first call with compilation, cached start), each in a fresh interpreter."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT / "src"))
        times = []
        for _ in range(2):
            out = subprocess.run(
                [sys.executable, "-c", STARTUP],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            times.append(float(out.stdout.strip().splitlines()[-1]))
    return times[0], times[1]


def timed(fn, *args):  # type: ignore[no-untyped-def]
    """(result, wall seconds, CPU seconds) of one call."""
    w, c = time.perf_counter(), time.process_time()
    r = fn(*args)
    return r, time.perf_counter() - w, time.process_time() - c


def bench_naive(repeat: int, reference: bool) -> list[str]:
    grid = Grid.parse(ANTI_BRUTE_FORCE)
    opts = method_options("naive")
    run_twin(Grid.empty(2).problem, opts)  # compiled before timing
    best = None
    for _ in range(repeat):
        r, wall, cpu = timed(run_twin, grid.problem, opts)
        assert r.status == "solved" and r.solution is not None
        solved = grid.with_values(r.solution)
        assert solved.is_solution_of(grid) and solved.to_line()[:9] == "987654321"
        if best is None or cpu < best[2]:
            best = (r, wall, cpu)
    assert best is not None
    r, wall, cpu = best
    lines = [
        "| engine | nodes | backtracks | wall s | CPU s | nodes/s (CPU) |",
        "|---|---:|---:|---:|---:|---:|",
        f"| numba twin (best of {repeat}) | {r.stats.nodes:,} | {r.stats.backtracks:,} | "
        f"{wall:.2f} | {cpu:.2f} | {r.stats.nodes / cpu:,.0f} |",
    ]
    if reference:
        from sudograph.search import backtracking

        ref, rwall, rcpu = timed(backtracking.run, grid.problem, opts)
        lines.append(
            f"| python reference | {ref.stats.nodes:,} | {ref.stats.backtracks:,} | "
            f"{rwall:.1f} | {rcpu:.1f} | {ref.stats.nodes / rcpu:,.0f} |"
        )
        same = (ref.stats.nodes, ref.stats.backtracks, ref.solutions) == (
            r.stats.nodes,
            r.stats.backtracks,
            r.solutions,
        )
        lines.append("")
        lines.append(f"Same nodes, backtracks and solution as the reference: {same}.")
    return lines


def bench_count(methods: list[str]) -> list[str]:
    p = Grid.empty((2, 3)).problem
    lines = [
        "| method | solutions | complete | nodes | wall s | CPU s |",
        "|---|---:|---|---:|---:|---:|",
    ]
    for name in methods:
        opts = method_options(name)
        count_twin(Grid.empty(2).problem, opts)  # compiled before timing
        r, wall, cpu = timed(count_twin, p, opts)
        assert r.count == COUNT_6X6 and r.complete, r.count
        lines.append(
            f"| {name} | {r.count:,} | {r.complete} | {r.stats.nodes:,} | {wall:.1f} | {cpu:.1f} |"
        )
    return lines


def machine() -> str:
    import numba

    return (
        f"{platform.platform()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"numba {numba.__version__}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs of the naive target")
    ap.add_argument("--count-methods", default="naive", help="comma-separated methods")
    ap.add_argument("--reference", action="store_true", help="run the Python engine too")
    ap.add_argument("--no-startup", action="store_true", help="skip the start-up times")
    ap.add_argument("--out", type=Path, help="also write the report to this file")
    args = ap.parse_args(argv)
    report = [
        "## The twin (`bench/bench_twin.py`)",
        "",
        f"Machine: {machine()}.",
        f"Command: `.venv/bin/python bench/bench_twin.py {' '.join(argv or sys.argv[1:])}`",
        "",
    ]
    if not args.no_startup:
        first, cached = startup_times()
        report += [
            f"Start-up (import + warmup, fresh interpreter): first call, compiling "
            f"{first:.2f} s; cached start {cached:.2f} s.",
            "",
        ]
    print("\n".join(report), flush=True)
    part = ["### naive on seed 002's anti-brute-force grid (the seed's C++: 64 s)", ""]
    part += bench_naive(args.repeat, args.reference)
    print("\n".join(part) + "\n", flush=True)
    report += [*part, ""]
    part = ["### Every 6×6 grid (2×3 boxes) from the empty grid", ""]
    part += bench_count([m.strip() for m in args.count_methods.split(",") if m.strip()])
    print("\n".join(part), flush=True)
    report += part
    if args.out:
        args.out.write_text("\n".join(report) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
