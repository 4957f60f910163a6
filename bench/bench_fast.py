"""Benchmark the compiled 9×9 fast path against sudograph's other methods (and python-sat).

Usage (from the repository root)::

    .venv/bin/python bench/bench_fast.py [--data DIR] [--sample N] [--reps N] [--per-call N]
                                         [--methods M1,M2,...] [--python-sample N]
                                         [--python-cap SECONDS] [--method-timeout SECONDS]
                                         [--pysat-sample N] [--baseline KERNELS.py]
                                         [--out FILE]

For each data set of ``DIR`` (default ``../shared/data/sudoku``, missing files are reported):
CPU µs/puzzle of the fast engine with limit 2 (solve and prove unique, tdoku's protocol) in one
compiled loop on 1 core, median and max of per-puzzle calls, guesses/puzzle, % solved without a
guess, puzzles/s on 1 core and on all cores (``solve_many``); the same columns for each of
sudograph's other methods (``--methods``) on both engines where it has the compiled twin, on a
small subset under time caps; python-sat side by side when installed. Every solution is
validated. The first-call compile time (fresh numba cache) and the cached start time are
measured in subprocesses.

The mean is the best of ``--reps`` runs of the whole loop (CPU time), which filters out most of
the noise of a shared machine. ``--baseline FILE`` times another kernels module side by side
(for instance the committed one: ``git show HEAD:src/sudograph/engine/_fast9_kernels.py >
/tmp/old_kernels.py``): both run on the same puzzles, chunk by chunk, interleaved, best of
``--reps`` per chunk, and the table gives before/after.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

SETS = {
    "17_clue": "tdoku_17_clue.txt",
    "top1465": "tdoku_magictour_top1465.txt",
    "11+": "tdoku_forum_hardest_1905_11plus.txt",
    "1106": "tdoku_forum_hardest_1106.txt",
    "serg": "tdoku_serg_benchmark.txt",
}
TDOKU_US = {"17_clue": 4.9, "top1465": 13.3, "11+": 74.6, "1106": 118.1, "serg": 3.5}
"""tdoku's CPU µs/puzzle on these files, from the data folder's README (limit 2)."""


def read(path: Path, sample: int | None) -> list[str]:
    out = []
    with path.open() as f:
        for line in f:
            line = line.strip()
            if line:
                out.append(line)
                if sample and len(out) >= sample:
                    break
    return out


def bench_fast(lines: list[str], per_call: int, reps: int = 1) -> dict[str, float]:
    import numpy as np

    from sudograph.batch import solve_many
    from sudograph.engine import fast9

    arr = fast9.lines_to_array(lines)
    cpu = float("inf")
    for _ in range(reps):
        t0 = time.process_time()
        counts, sols, guesses, _ = fast9.solve_array(arr, 2)
        cpu = min(cpu, time.process_time() - t0)
    assert fast9.check_solutions(arr, counts, sols).all(), "invalid solution"
    solved = int((counts >= 1).sum())
    t0 = time.process_time()
    c1, s1, g1, _ = fast9.solve_array(arr, 1)
    cpu1 = time.process_time() - t0
    assert fast9.check_solutions(arr, c1, s1).all() and (c1 == 1).all(), "limit 1 failed"
    singles = []
    for row in arr[:per_call]:
        one = row[None, :]
        t = time.process_time()
        fast9.solve_array(one, 2)
        singles.append((time.process_time() - t) * 1e6)
    t = time.perf_counter()
    n_all = sum(1 for r in solve_many(arr, limit=2, workers=None) if r.status == "solved")
    wall_all = time.perf_counter() - t
    assert n_all == solved
    return {
        "n": len(lines),
        "solved": solved,
        "us_mean": cpu / len(lines) * 1e6,
        "us_median": statistics.median(singles),
        "us_max": max(singles),
        "guesses": float(np.mean(guesses)),
        "no_guess": float(np.mean(guesses == 0) * 100),
        "us_mean_l1": cpu1 / len(lines) * 1e6,
        "guesses_l1": float(np.mean(g1)),
        "rate_1": len(lines) / cpu,
        "rate_all": len(lines) / wall_all,
    }


def load_module(path: str) -> Any:
    """Import a kernels module from a file (a baseline to compare with)."""
    if not Path(path).is_file():
        raise SystemExit(f"bench_fast: --baseline {path}: no such file")
    spec = importlib.util.spec_from_file_location("baseline_kernels", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"bench_fast: --baseline {path}: cannot import it")
    module = importlib.util.module_from_spec(spec)
    sys.modules["baseline_kernels"] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a broken or foreign file: one line, no traceback
        raise SystemExit(f"bench_fast: --baseline {path}: cannot import it ({exc!r})") from None
    return module


BUDGETED = (
    "puzzles", "first", "resume", "limit", "max_guesses", "budget", "counts", "solutions",
    "guesses", "stopped", "locked", "stack", "ctl", "cband", "cbit", "rem", "sols",
)  # fmt: skip
"""``solve_batch``'s parameters since its calls are budgeted (resumable between calls)."""
PLAIN = ("puzzles", "limit", "max_guesses", "counts", "solutions", "guesses", "stopped")
"""The first parameters of the earlier ``solve_batch`` (then ``locked``, or the tables)."""


def base_driver(baseline: Any, path: str) -> Any:
    """A function ``a -> (counts, solutions, guesses)`` at limit 2 that calls ``baseline``'s
    ``solve_batch`` with the signature that module has: the budgeted one as
    :func:`sudograph.engine.fast9.solve_rows` calls it (by budgets of ``BATCH_BUDGET``
    guesses), the one-call ``(…, stopped, locked)`` one, or the first kernels' (tables built
    by ``build_tables``). ``SystemExit`` with one line for any other."""
    import inspect

    import numpy as np

    from sudograph.engine import fast9

    fn = getattr(baseline, "solve_batch", None)
    if fn is None:
        raise SystemExit(f"bench_fast: --baseline {path}: no solve_batch in it")
    try:
        names = tuple(inspect.signature(getattr(fn, "py_func", fn)).parameters)
    except (TypeError, ValueError):
        raise SystemExit(f"bench_fast: --baseline {path}: solve_batch has no signature") from None
    locked = fast9.LOCKED_DEFAULT

    def outputs(n: int) -> tuple[Any, Any, Any, Any]:
        return (
            np.zeros(n, np.int64),
            np.zeros((n, 81), np.uint8),
            np.zeros(n, np.int64),
            np.zeros(n, np.bool_),
        )

    if names == BUDGETED and all(hasattr(baseline, k) for k in ("STACK", "CTL", "LEVELS")):
        k = baseline

        def budgeted(a: Any) -> tuple[Any, Any, Any]:
            n = len(a)
            c, s, g, st = outputs(n)
            stack = np.empty(k.STACK, dtype=np.int64)
            ctl = np.zeros(k.CTL, dtype=np.int64)
            cband, cbit, rem = (np.empty(k.LEVELS, dtype=np.int64) for _ in range(3))
            sols = np.zeros((1, 81), dtype=np.uint8)
            done, resume = 0, False
            while done < n:
                done = int(
                    k.solve_batch(
                        a, done, resume, 2, -1, fast9.BATCH_BUDGET, c, s, g, st, locked,
                        stack, ctl, cband, cbit, rem, sols,
                    )
                )  # fmt: skip
                resume = True
            return c, s, g

        return budgeted
    if names == (*PLAIN, "locked"):

        def plain(a: Any) -> tuple[Any, Any, Any]:
            c, s, g, st = outputs(len(a))
            baseline.solve_batch(a, 2, -1, c, s, g, st, locked)
            return c, s, g

        return plain
    if names[: len(PLAIN)] == PLAIN and hasattr(baseline, "solve_one"):
        tables = baseline.build_tables()  # the first kernels' signature
        if len(names) == len(PLAIN) + len(tables) + 1:

            def first(a: Any) -> tuple[Any, Any, Any]:
                c, s, g, st = outputs(len(a))
                baseline.solve_batch(a, 2, 0, c, s, g, st, *tables, 1)
                return c, s, g

            return first
    raise SystemExit(
        f"bench_fast: --baseline {path}: cannot drive solve_batch({', '.join(names)}) "
        "(known: the budgeted signature of the current kernels, (..., stopped, locked), "
        "and the first kernels' with their tables)"
    )


def bench_side_by_side(
    lines: list[str], baseline: Any, reps: int, chunk: int = 200
) -> dict[str, float]:
    """CPU µs/puzzle (limit 2) and guesses/puzzle of the baseline and the current kernels,
    interleaved chunk by chunk, best of ``reps`` per chunk; every solution is checked and the
    two kernels' counts must agree. ``baseline``: a driver from :func:`base_driver`."""
    import numpy as np

    from sudograph.engine import fast9

    arr = fast9.lines_to_array(lines)
    run_base = baseline

    def run_new(a: Any) -> tuple[Any, Any, Any]:
        c, s, g, _ = fast9.solve_array(a, 2)
        return c, s, g

    out: dict[str, float] = {"n": len(arr)}
    counts = []
    for name, fn in (("before", run_base), ("after", run_new)):
        c, s, g = fn(arr)
        assert (c >= 1).all() and fast9.check_solutions(arr, c, s).all(), name
        counts.append(c)
        out[name + "_guesses"] = float(np.mean(g))
    assert (counts[0] == counts[1]).all(), "the two kernels disagree on a count"
    total = {"before": 0.0, "after": 0.0}
    for i in range(0, len(arr), chunk):
        sub = arr[i : i + chunk]
        best = {"before": float("inf"), "after": float("inf")}
        for _ in range(reps):
            for name, fn in (("before", run_base), ("after", run_new)):
                t0 = time.process_time()
                fn(sub)
                best[name] = min(best[name], time.process_time() - t0)
        for name in total:
            total[name] += best[name]
    for name in total:
        out[name + "_us"] = total[name] / len(arr) * 1e6
    return out


DEFAULT_METHODS = "naive,mrv,forward,dsatur,propagate,logic,greedy-mrv"
"""The other methods timed by default (each on both engines where it has the twin)."""


def bench_method(
    lines: list[str], method: str, engine: str, cap: float, timeout: float
) -> dict[str, float] | None:
    """One of sudograph's other methods on one engine: puzzles one by one (limit 2 for the
    complete methods, 1 for the others) under a per-puzzle ``timeout`` (status stopped)
    until ``cap`` CPU seconds; then the same puzzles through ``solve_many`` on every core.
    Every solution is validated. None when there is nothing to run."""
    if not lines:
        return None
    from sudograph.batch import solve_many
    from sudograph.grid import Grid
    from sudograph.methods import METHODS
    from sudograph.solve import solve

    limit = 2 if METHODS[method].complete else 1
    times: list[float] = []
    nodes: list[int] = []
    solved = stopped = no_backtrack = 0
    start = time.process_time()
    done: list[str] = []
    for line in lines:
        g = Grid.parse(line)
        t = time.process_time()
        r = solve(g, method, limit=limit, engine=engine, timeout=timeout)
        times.append((time.process_time() - t) * 1e6)
        assert all(s.is_solution_of(g) for s in r.grids), (method, engine, line)
        done.append(line)
        nodes.append(r.stats.nodes)
        found = r.count if r.count is not None else len(r.solutions)
        if r.status == "solved" and (r.complete or found >= limit):  # the limit's question answered
            solved += 1
            no_backtrack += r.stats.backtracks == 0
        else:  # stopped, or a solution found but the uniqueness proof cut short
            stopped += r.status != "unsatisfiable"
        if time.process_time() - start > cap:
            break
    t = time.perf_counter()
    rows = list(
        solve_many(
            done, method=method, limit=limit, engine=engine, solve_options={"timeout": timeout}
        )
    )
    wall_all = time.perf_counter() - t
    assert len(rows) == len(done)
    return {
        "n": len(done),
        "solved": solved,
        "stopped": stopped,
        "us_mean": statistics.mean(times),
        "us_median": statistics.median(times),
        "us_max": max(times),
        "nodes": statistics.mean(nodes),
        "no_backtrack": 100.0 * no_backtrack / max(solved, 1),
        "rate_1": 1e6 / statistics.mean(times),
        "rate_all": len(done) / wall_all,
    }


def method_engines(names: str) -> list[tuple[str, str]]:
    """``(method, engine)`` pairs: both engines for the search methods (the twin), the
    Python engine for the others."""
    from sudograph.methods import METHODS

    out = []
    for name in names.split(","):
        name = name.strip()
        if not name:
            continue
        if name not in METHODS or name == "fast":
            raise SystemExit(f"--methods: {name!r} is not one of the other methods")
        out.append((name, "python"))
        if METHODS[name].order is not None:
            out.append((name, "numba"))
    return out


def _sat_var(cell: int, digit: int) -> int:
    """CNF variable of "cell holds digit" (cell 0..80, digit 1..9): 1..729."""
    return cell * 9 + digit


def sudoku_cnf() -> list[list[int]]:
    """The 9×9 Sudoku as CNF: each cell holds exactly one digit, each house each digit once."""
    from sudograph.graph import sudoku_graph

    clauses: list[list[int]] = []
    for cell in range(81):
        clauses.append([_sat_var(cell, d) for d in range(1, 10)])
        for d1 in range(1, 10):
            for d2 in range(d1 + 1, 10):
                clauses.append([-_sat_var(cell, d1), -_sat_var(cell, d2)])
    for house in sudoku_graph(3).houses:
        for d in range(1, 10):
            clauses.append([_sat_var(c, d) for c in house])
            for i, a in enumerate(house):
                for b in house[i + 1 :]:
                    clauses.append([-_sat_var(a, d), -_sat_var(b, d)])
    return clauses


def bench_pysat(lines: list[str], cap: float, chunk: int = 100) -> dict[str, float] | None:
    """python-sat with CaDiCaL side by side with ``fast``, chunk by chunk (same puzzles, same
    minute: the shared machine's speed drifts by tens of percent between minutes).

    Limit 1: solve under the clues as assumptions. Limit 2 (tdoku's protocol): then block
    that solution (under a fresh activation literal) and solve again. One incremental solver
    per limit, so that learnt clauses carry over from puzzle to puzzle but not from one limit
    to the other. CPU µs per puzzle; every solution is validated; ``fast`` is the best of 3
    runs per chunk. None when python-sat is not installed."""
    if not lines:
        return None
    try:
        from pysat.solvers import Solver
    except ImportError:
        return None
    from sudograph.engine import fast9
    from sudograph.grid import Grid

    cnf = sudoku_cnf()
    top = [729]

    def sat_solve(sat: Any, line: str, limit: int) -> tuple[int, str]:
        clues = [_sat_var(i, int(ch)) for i, ch in enumerate(line) if ch in "123456789"]
        if not sat.solve(assumptions=clues):
            return 0, ""
        true = [v for v in sat.get_model() if 0 < v <= 729]
        solution = "".join(str((v - 1) % 9 + 1) for v in sorted(true))
        if limit == 1:
            return 1, solution
        top[0] += 1
        sat.add_clause([-top[0]] + [-v for v in true])
        return (2 if sat.solve(assumptions=[*clues, top[0]]) else 1), solution

    per_puzzle: list[float] = []
    sat_cpu = {1: 0.0, 2: 0.0}
    fast_cpu = {1: 0.0, 2: 0.0}
    done = unique = 0
    with (
        Solver(name="cadical153", bootstrap_with=cnf) as s1,
        Solver(name="cadical153", bootstrap_with=cnf) as s2,
    ):
        for i in range(0, len(lines), chunk):
            part = lines[i : i + chunk]
            arr = fast9.lines_to_array(part)
            for limit, sat in ((1, s1), (2, s2)):
                for line in part:
                    t = time.process_time()
                    count, solution = sat_solve(sat, line, limit)
                    dt = time.process_time() - t
                    sat_cpu[limit] += dt
                    if limit == 2:
                        per_puzzle.append(dt * 1e6)
                        unique += count == 1
                    if count == 0 or not Grid.parse(solution).is_solution_of(Grid.parse(line)):
                        raise AssertionError(f"python-sat gave no valid solution for {line}")
                best = float("inf")
                for _ in range(3):
                    t = time.process_time()
                    counts, sols, _, _ = fast9.solve_array(arr, limit)
                    best = min(best, time.process_time() - t)
                assert fast9.check_solutions(arr, counts, sols).all() and (counts >= 1).all()
                fast_cpu[limit] += best
            done += len(part)
            if sat_cpu[1] + sat_cpu[2] > cap:
                break
    return {
        "n": done,
        "us_mean": sat_cpu[2] / done * 1e6,
        "us_median": statistics.median(per_puzzle),
        "us_max": max(per_puzzle),
        "us_mean_l1": sat_cpu[1] / done * 1e6,
        "fast_us": fast_cpu[2] / done * 1e6,
        "fast_us_l1": fast_cpu[1] / done * 1e6,
        "unique": unique,
    }


def compile_times() -> tuple[float, float]:
    code = "from sudograph.engine import fast9; fast9.warmup()"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    with tempfile.TemporaryDirectory() as cache:
        env["NUMBA_CACHE_DIR"] = cache
        out = []
        for _ in range(2):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], env=env, check=True)
            out.append(time.perf_counter() - t)
    return out[0], out[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--data",
        default=str(ROOT.parent / "shared" / "data" / "sudoku"),
        help="folder of the puzzle sets",
    )
    ap.add_argument("--sample", type=int, help="first N puzzles of each set (default all)")
    ap.add_argument("--per-call", type=int, default=2000, help="puzzles timed one by one")
    ap.add_argument("--reps", type=int, default=3, help="runs per timing, the best is kept")
    ap.add_argument("--baseline", help="a kernels module file to time side by side")
    ap.add_argument(
        "--methods",
        default=DEFAULT_METHODS,
        help=f"sudograph's other methods to time (default {DEFAULT_METHODS}; empty: none)",
    )
    ap.add_argument("--python-sample", type=int, default=10, help="puzzles per set and method")
    ap.add_argument(
        "--python-cap", type=float, default=5.0, help="CPU seconds per set, method and engine"
    )
    ap.add_argument("--method-timeout", type=float, default=1.0, help="seconds per puzzle")
    ap.add_argument("--pysat-sample", type=int, default=500, help="puzzles per set for python-sat")
    ap.add_argument(
        "--pysat-cap", type=float, default=20.0, help="CPU seconds per set (python-sat)"
    )
    ap.add_argument("--out", help="write the markdown report to this file")
    args = ap.parse_args()
    sizes = ("sample", "per_call", "reps", "python_sample", "pysat_sample")
    limits = ("python_cap", "method_timeout", "pysat_cap")
    small = [
        f"--{k.replace('_', '-')} {v:g}"
        for k, v in vars(args).items()
        if k in sizes + limits and v is not None and v <= 0
    ]
    if small:
        ap.error(f"{', '.join(small)}: each must be > 0")
    from sudograph.engine import fast9

    baseline = None  # checked first: a file it cannot drive is refused before any timing
    if args.baseline:
        baseline = base_driver(load_module(args.baseline), args.baseline)
    first, cached = compile_times()
    fast9.warmup()
    data = Path(args.data)
    rows_fast, rows_py, rows_cmp, rows_sat, missing = [], [], [], [], []
    pairs = method_engines(args.methods)
    for name, file in SETS.items():
        path = data / file
        if not path.exists():
            missing.append(f"{name} ({path} not found)")
            print(f"missing: {path}", file=sys.stderr)
            continue
        lines = read(path, args.sample)
        f = bench_fast(lines, args.per_call, args.reps)
        rows_fast.append((name, f))
        print(name, {k: round(v, 2) for k, v in f.items()}, file=sys.stderr)
        if baseline is not None:
            b = bench_side_by_side(lines, baseline, args.reps)
            rows_cmp.append((name, b))
            print(" side by side", {k: round(v, 2) for k, v in b.items()}, file=sys.stderr)
        for method, engine in pairs:
            p = bench_method(
                lines[: args.python_sample], method, engine, args.python_cap, args.method_timeout
            )
            if p is not None:
                rows_py.append((name, method, engine, p, f))
                print(
                    f" {method}/{engine}", {k: round(v, 1) for k, v in p.items()}, file=sys.stderr
                )
        sat = bench_pysat(lines[: args.pysat_sample], args.pysat_cap)
        if sat is not None:
            rows_sat.append((name, sat, f))
            print(" python-sat", {k: round(v, 1) for k, v in sat.items()}, file=sys.stderr)
    lines_md = [
        "## Fast 9×9 engine (`bench/bench_fast.py`)",
        "",
        f"Command: `{' '.join(['.venv/bin/python', *sys.argv])}`  ",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores (shared with other jobs), "
        f"Python {platform.python_version()}, {platform.platform()}.  ",
        f"Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.",
        "",
        "Protocol: limit 2 (solve and prove unique); CPU time of one compiled loop over the set on "
        f"one core (best of {args.reps} runs); median/max from per-puzzle calls (first "
        f"{args.per_call}, CPU time, including a few µs of Python call overhead); "
        "all-cores rate from `solve_many(workers=None)` wall time (process start-up "
        "included). Every solution is validated. tdoku anchors from the data README "
        "(same files, same machine kind).",
        "",
        "| set | puzzles | µs/puzzle mean (CPU) | tdoku µs | ratio | median µs | max µs | "
        "guesses/puzzle | % no guess | puzzles/s 1 core | puzzles/s all cores | "
        "limit 1: µs/puzzle | limit 1: guesses |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, f in rows_fast:
        lines_md.append(
            f"| {name} | {f['n']:,} | {f['us_mean']:.1f} | {TDOKU_US[name]} | "
            f"{f['us_mean'] / TDOKU_US[name]:.1f}× | {f['us_median']:.1f} | {f['us_max']:.0f} | "
            f"{f['guesses']:.1f} | {f['no_guess']:.1f} | {f['rate_1']:,.0f} | "
            f"{f['rate_all']:,.0f} | {f['us_mean_l1']:.1f} | {f['guesses_l1']:.1f} |"
        )
    if rows_cmp:
        lines_md += [
            "",
            f"Side by side with the baseline kernels `{args.baseline}` (same puzzles, chunks of "
            f"200 interleaved, best of {args.reps} per chunk, CPU µs/puzzle at limit 2):",
            "",
            "| set | puzzles | before µs | after µs | speed-up | before guesses | "
            "after guesses | after / tdoku |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for name, b in rows_cmp:
            lines_md.append(
                f"| {name} | {b['n']:,.0f} | {b['before_us']:.1f} | {b['after_us']:.1f} | "
                f"{b['before_us'] / b['after_us']:.2f}× | {b['before_guesses']:.1f} | "
                f"{b['after_guesses']:.1f} | {b['after_us'] / TDOKU_US[name]:.2f}× |"
            )
    if rows_py:
        lines_md += [
            "",
            f"sudograph's other methods (first {args.python_sample} puzzles of each set, one by "
            f"one, at most {args.python_cap:g} CPU s per set, method and engine, "
            f"{args.method_timeout:g} s per puzzle (then stopped); limit 2, or 1 for the "
            "incomplete methods; `numba` is the compiled twin of the search; all-cores rate "
            "from `solve_many(workers=None)` on the same puzzles, start-up included):",
            "",
            "| set | method | engine | puzzles | solved | stopped | µs/puzzle mean | median | "
            "max | nodes/puzzle | % no backtrack | puzzles/s 1 core | puzzles/s all cores | "
            "fast is × faster |",
            "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for name, method, engine, p, f in rows_py:
            lines_md.append(
                f"| {name} | {method} | {engine} | {p['n']} | {p['solved']} | {p['stopped']} | "
                f"{p['us_mean']:,.0f} | {p['us_median']:,.0f} | {p['us_max']:,.0f} | "
                f"{p['nodes']:,.1f} | {p['no_backtrack']:.0f} | {p['rate_1']:,.1f} | "
                f"{p['rate_all']:,.1f} | {p['us_mean'] / f['us_mean']:,.0f}× |"
            )
    if rows_sat:
        lines_md += [
            "",
            f"python-sat with CaDiCaL 1.5.3 side by side with `fast` (first {args.pysat_sample} "
            "puzzles of each set, chunks of 100: python-sat, then `fast` best of 3 on the same "
            "chunk; clues as assumptions; limit 2 by a blocked first solution; one incremental "
            "solver per limit; CPU time; every solution validated):",
            "",
            "| set | puzzles | python-sat µs, limit 1 | fast µs, limit 1 | fast is × faster | "
            "python-sat µs, limit 2 (median, max) | fast µs, limit 2 | fast is × faster |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for name, p, _f in rows_sat:
            lines_md.append(
                f"| {name} | {p['n']:,.0f} | {p['us_mean_l1']:,.0f} | {p['fast_us_l1']:.1f} | "
                f"{p['us_mean_l1'] / p['fast_us_l1']:,.0f}× | {p['us_mean']:,.0f} "
                f"({p['us_median']:,.0f}, {p['us_max']:,.0f}) | {p['fast_us']:.1f} | "
                f"{p['us_mean'] / p['fast_us']:,.0f}× |"
            )
    lines_md += [
        "",
        "python-sat: "
        + (
            "measured above"
            if rows_sat
            else "not installed here, skipped"
            if importlib.util.find_spec("pysat") is None
            else "no data set measured"
        )
        + " (`pip install python-sat` to include it; it is not a dependency of sudograph).  ",
        f"Compile: first call with an empty numba cache {first:.2f} s wall (process start, "
        f"imports and compilation); cached start {cached:.2f} s wall (process start, imports "
        "and loading the cached kernels).",
    ]
    if missing:
        lines_md += ["", "Missing data sets: " + ", ".join(missing) + "."]
    text = "\n".join(lines_md) + "\n"
    print(text)
    if args.out:
        Path(args.out).write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
