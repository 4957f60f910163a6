"""sudograph's 9×9 fast path side by side with tdoku, same run, same files, interleaved.

Usage (from the repository root)::

    .venv/bin/python bench/bench_tdoku.py [--tdoku-src DIR] [--data DIR] [--sample N]
                                          [--reps N] [--slices N] [--limits 1,2]
                                          [--sets a,b] [--cli]
                                          [--build-dir DIR] [--out FILE]

tdoku (https://github.com/t-dillon/tdoku) is never a dependency: the bench compiles its solver
(``src/solver_dpll_triad_simd.cc``, ``-O3 -march=native``) with a small C loop into a shared
library in a temporary folder, from the source folder given by ``--tdoku-src`` or
``$TDOKU_SRC`` (``git clone https://github.com/t-dillon/tdoku``). Without a C++ compiler or
the source it says so and times sudograph alone.

Columns, CPU time (``time.process_time``), µs per puzzle, limit 1 and limit 2:

- ``kernel``: :func:`sudograph.engine.fast9.solve_array` on a parsed (n, 81) array;
- ``api str`` / ``api arr``: ``solve_many(..., workers=1, as_array=True)`` over the lines and
  over the array (parse, chunks, kernel, check, blocks of arrays);
- ``api rows``: ``solve_many(lines, workers=1)`` iterated to one ``BatchResult`` per puzzle;
- ``tdoku``: ``TdokuSolverDpllTriadSimd`` in a C loop over the same puzzles.

Each set is cut into ``--slices`` consecutive slices; every rep runs every column once on
every slice, in a rotating order (interleaved), and the best time of each column on each
slice is kept and summed: a burst of load from another process spoils one slice of one rep,
not a whole column. Ratios are taken within the run. Every sudograph solution is checked and the
solution counts of every column must agree with tdoku's. ``--cli`` adds the throughput of
``sudograph solve FILE -o OUT`` (all cores, wall time, process start included).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

SETS = {
    "17_clue": "tdoku_17_clue.txt",
    "top1465": "tdoku_magictour_top1465.txt",
    "11+": "tdoku_forum_hardest_1905_11plus.txt",
    "1106": "tdoku_forum_hardest_1106.txt",
}
WRAPPER = r"""
#include <cstddef>
#include <cstdint>
extern "C" size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit,
                                           uint32_t configuration, char *solution,
                                           size_t *num_guesses);
extern "C" long tdoku_batch(const char *buf, long n, long limit, long *counts, long *guesses) {
    char solution[82];
    long total = 0;
    for (long i = 0; i < n; i++) {
        size_t g = 0;
        size_t c = TdokuSolverDpllTriadSimd(buf + 82 * i, (size_t)limit, 0, solution, &g);
        counts[i] = (long)c;
        guesses[i] = (long)g;
        total += (long)c;
    }
    return total;
}
"""
HOW_TO_GET = (
    "get it with: git clone https://github.com/t-dillon/tdoku /tmp/tdoku && "
    "TDOKU_SRC=/tmp/tdoku .venv/bin/python bench/bench_tdoku.py"
)


def build_tdoku(src: str | None, build_dir: Path) -> tuple[Any, str]:
    """Compile tdoku's solver and the C loop; return (ctypes library or None, a note)."""
    if not src:
        return None, f"tdoku skipped: no source (--tdoku-src or $TDOKU_SRC); {HOW_TO_GET}"
    solver = Path(src) / "src" / "solver_dpll_triad_simd.cc"
    if not solver.is_file():
        return None, f"tdoku skipped: {solver} not found; {HOW_TO_GET}"
    cxx = os.environ.get("CXX") or shutil.which("g++") or shutil.which("clang++")
    if not cxx:
        return None, "tdoku skipped: no C++ compiler (install g++ or set $CXX)"
    wrap = build_dir / "tdoku_batch.cc"
    wrap.write_text(WRAPPER)
    lib = build_dir / "libtdoku_batch.so"
    flags = ["-O3", "-march=native", "-std=c++17", "-shared", "-fPIC"]
    util = solver.with_name("util.cc")  # Util::Permutation, used by its generator
    cmd = [cxx, *flags, "-o", str(lib), str(solver), str(util), str(wrap)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        err = proc.stderr.strip().splitlines()[-1:] or ["?"]
        return None, f"tdoku skipped: the build failed ({err[0]})"
    dll = ctypes.CDLL(str(lib))
    dll.tdoku_batch.restype = ctypes.c_long
    dll.tdoku_batch.argtypes = [ctypes.c_char_p] + [ctypes.c_long] * 2 + [ctypes.c_void_p] * 2
    version = subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout
    first = version.splitlines()[0] if version else "?"
    return dll, f"tdoku built with `{Path(cxx).name} {' '.join(flags[:2])}` ({first})"


def read(path: Path, sample: int | None) -> list[str]:
    out = []
    with path.open() as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line[:81])
                if sample and len(out) >= sample:
                    break
    return out


def columns(lines: list[str], limit: int, dll: Any) -> dict[str, Callable[[], Any]]:
    """One callable per column; each returns the per-puzzle solution counts (numpy)."""
    import numpy as np

    from sudograph.batch import solve_many
    from sudograph.engine import fast9
    from sudograph.engine.fast9_io import parse_lines

    arr = parse_lines(lines)

    def kernel() -> Any:
        counts, sols, _, _ = fast9.solve_array(arr, limit)
        return counts, sols

    def api(items: Any) -> Callable[[], Any]:
        def go() -> Any:
            blocks = list(solve_many(items, limit=limit, workers=1, as_array=True))
            return np.concatenate([b.counts for b in blocks]), None

        return go

    def rows() -> Any:
        res = list(solve_many(lines, limit=limit, workers=1))
        return np.array([r.count for r in res]), None

    cols: dict[str, Callable[[], Any]] = {
        "kernel": kernel,
        "api str": api(lines),
        "api arr": api(arr),
        "api rows": rows,
    }
    if dll is not None:
        # one line per 82 bytes: tdoku reads byte 81 (< '.': an 81-character puzzle)
        buf = "".join(s + "\n" for s in lines).replace("0", ".").encode("ascii")
        n = len(lines)
        t_counts = np.zeros(n, dtype=np.int64)
        t_guesses = np.zeros(n, dtype=np.int64)

        def tdoku() -> Any:
            dll.tdoku_batch(buf, n, limit, t_counts.ctypes.data, t_guesses.ctypes.data)
            return t_counts.copy(), None

        cols["tdoku"] = tdoku
    return cols


def bench_set(
    lines: list[str], limit: int, reps: int, dll: Any, slices: int = 1
) -> dict[str, float]:
    """CPU µs/puzzle per column: the best of ``reps`` interleaved reps (rotating order) on
    each of ``slices`` consecutive slices of ``lines``, summed over the slices."""
    import numpy as np

    from sudograph.engine import fast9
    from sudograph.engine.fast9_io import parse_lines

    size = -(-len(lines) // max(1, slices))
    parts = [lines[i : i + size] for i in range(0, len(lines), size)]
    cols = [columns(part, limit, dll) for part in parts]
    names = list(cols[0])
    best = [dict.fromkeys(names, float("inf")) for _ in parts]
    refs: list[Any] = [None] * len(parts)
    for rep in range(reps):
        for j, part in enumerate(parts):
            k = (rep + j) % len(names)
            for name in names[k:] + names[:k]:
                t0 = time.process_time()
                counts, sols = cols[j][name]()
                best[j][name] = min(best[j][name], time.process_time() - t0)
                if sols is not None:
                    ok = fast9.check_solutions(parse_lines(part), counts, sols)
                    assert bool(ok.all()), f"{name}: invalid solution"
                if refs[j] is None:
                    refs[j] = counts
                assert np.array_equal(np.minimum(counts, limit), np.minimum(refs[j], limit)), (
                    f"{name}: counts differ from the first column"
                )
    return {k: sum(b[k] for b in best) * 1e6 / len(lines) for k in names}


def bench_cli(path: Path, sample: int | None) -> tuple[int, float]:
    """(puzzles, wall seconds) of ``sudograph solve FILE -o OUT`` on all cores."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.txt"
        lines = read(path, sample)
        src.write_text("\n".join(lines) + "\n")
        out = Path(tmp) / "out.txt"
        exe = [sys.executable, "-m", "sudograph", "solve", str(src), "-o", str(out)]
        t0 = time.perf_counter()
        proc = subprocess.run(exe, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        if proc.returncode not in (0, 1):
            raise RuntimeError(f"sudograph solve failed: {proc.stderr.strip()[-300:]}")
        got = out.read_text().split()
        assert len(got) == len(lines), "the CLI wrote a wrong number of lines"
    return len(lines), wall


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tdoku-src", default=os.environ.get("TDOKU_SRC"), help="tdoku's checkout")
    ap.add_argument(
        "--data",
        default=str(ROOT.parent / "shared" / "data" / "sudoku"),
        help="folder of the puzzle sets",
    )
    ap.add_argument("--sample", type=int, help="first N puzzles of each set (default all)")
    ap.add_argument("--reps", type=int, default=5, help="interleaved reps, the best is kept")
    ap.add_argument(
        "--slices", type=int, default=8, help="slices of each set, timed separately (best of reps)"
    )
    ap.add_argument("--limits", default="2,1", help="solution limits to run")
    ap.add_argument("--sets", default=",".join(SETS), help="sets to run: " + ",".join(SETS))
    ap.add_argument("--cli", action="store_true", help="also time `sudograph solve FILE`")
    ap.add_argument("--build-dir", help="where to build tdoku (default a temporary folder)")
    ap.add_argument("--out", help="also write the markdown report to this file")
    args = ap.parse_args()

    from sudograph.engine import fast9

    fast9.warmup()
    tmp = tempfile.TemporaryDirectory()
    build_dir = Path(args.build_dir or tmp.name)
    build_dir.mkdir(parents=True, exist_ok=True)
    dll, note = build_tdoku(args.tdoku_src, build_dir)
    report = [
        f"Command: `{' '.join([Path(sys.executable).name, *sys.argv])}`",
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"load average at start {os.getloadavg()[0]:.1f}; {note}.",
        "",
        "| set | puzzles | limit | kernel µs | api str µs | api arr µs | api rows µs | tdoku µs "
        "| kernel / tdoku | api str / kernel | api arr / kernel | api rows / kernel |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    print("\n".join(report), flush=True)
    data = Path(args.data)
    limits = [int(x) for x in args.limits.split(",")]
    cli_rows: list[str] = []
    missing: list[str] = []
    for name in args.sets.split(","):
        path = data / SETS[name]
        if not path.is_file():  # (on standard error: the table on standard output stays whole)
            print(f"{name}: {path} missing, skipped", file=sys.stderr, flush=True)
            missing.append(name)
            continue
        lines = read(path, args.sample)
        for limit in limits:
            us = bench_set(lines, limit, args.reps, dll, args.slices)
            td = us.get("tdoku")
            ratio = f"{us['kernel'] / td:.2f}×" if td else "n/a"
            row = (
                f"| {name} | {len(lines)} | {limit} | {us['kernel']:.2f} | {us['api str']:.2f} "
                f"| {us['api arr']:.2f} | {us['api rows']:.2f} | "
                f"{f'{td:.2f}' if td else 'n/a'} | {ratio} | "
                f"{us['api str'] / us['kernel']:.2f}× | {us['api arr'] / us['kernel']:.2f}× | "
                f"{us['api rows'] / us['kernel']:.2f}× |"
            )
            report.append(row)
            print(row, flush=True)
        if args.cli:
            n, wall = bench_cli(path, args.sample)
            cli_rows.append(f"| {name} | {n} | {wall:.2f} | {n / wall:,.0f} |")
    if cli_rows:
        head = ["", "`sudograph solve FILE -o OUT` (all cores, wall time incl. start-up):", ""]
        head += ["| set | puzzles | seconds | puzzles/s |", "|---|---|---|---|"]
        report += head + cli_rows
        print("\n".join(head + cli_rows), flush=True)
    if missing:
        report += ["", f"Missing data sets (in {data}): {', '.join(missing)}."]
        print(report[-1], flush=True)
    if args.out:
        Path(args.out).write_text("\n".join(report) + "\n")
    tmp.cleanup()
    if len(missing) == len(args.sets.split(",")):
        print(f"bench_tdoku: no data set found in {data}: nothing measured", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
