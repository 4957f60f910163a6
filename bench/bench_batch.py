"""Benchmark batch solving: throughput and memory of ``solve_many`` and of the CLI file mode.

Usage (from the repository root)::

    .venv/bin/python bench/bench_batch.py [--data DIR] [--n 1000000] [--file-n 200000]
                                          [--out docs/benchmarks-batch.md]

Feeds ``--n`` puzzles (the 17-clue set, cycled) as a generator of strings to
``solve_many(method="fast")`` with 1 worker and with every core, validating each result, and
samples the resident memory of this process and its workers as it goes: a flat curve means
no result list grows. Then writes ``--file-n`` puzzles to a temporary file and times
``sudograph solve FILE -m fast -o OUT`` in a subprocess (wall time, peak memory).
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def family() -> list[int]:
    pids = [os.getpid()]
    try:
        children = Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").read_text().split()
        pids += [int(c) for c in children]
    except OSError:
        pass
    return pids


def run_many(puzzles: list[str], n: int, workers: int | None) -> tuple[float, list[float]]:
    from sudograph.batch import solve_many

    source = itertools.islice(itertools.cycle(puzzles), n)
    samples = []
    step = max(n // 10, 1)
    start = time.perf_counter()
    solved = 0
    for r in solve_many(source, method="fast", workers=workers):
        solved += r.status == "solved"
        if r.index % step == 0:
            samples.append(rss_mb(family()))
    seconds = time.perf_counter() - start
    assert solved == n, f"{n - solved} puzzles not solved"
    return n / seconds, samples


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--data",
        default=str(ROOT.parent / "shared" / "data" / "sudoku"),
        help="folder holding tdoku_17_clue.txt",
    )
    ap.add_argument("--n", type=int, default=1_000_000, help="puzzles fed to solve_many")
    ap.add_argument("--file-n", type=int, default=200_000, help="puzzles of the CLI file run")
    ap.add_argument("--out", help="write the Markdown report here")
    args = ap.parse_args()
    path = Path(args.data) / "tdoku_17_clue.txt"
    if not path.exists():
        print(f"missing data set: {path}", file=sys.stderr)
        return 1
    puzzles = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
    from sudograph.engine import fast9

    fast9.warmup()
    out = [
        "## Batch (`bench/bench_batch.py`)",
        "",
        f"Command: `{' '.join(['.venv/bin/python', *sys.argv])}`  ",
        f"Machine: {os.cpu_count()} cores (shared with other jobs). Puzzles: the 17-clue set, "
        "cycled, limit 1, every result checked by the kernel's validator.",
        "",
        "| run | puzzles | puzzles/s | resident MB at 0%, 10%, ..., 90% (process + workers) |",
        "|---|---:|---:|---|",
    ]
    for workers in (1, None):
        rate, samples = run_many(puzzles, args.n, workers)
        label = "solve_many, 1 worker" if workers == 1 else f"solve_many, {os.cpu_count()} workers"
        mem = ", ".join(f"{m:.0f}" for m in samples)
        out.append(f"| {label} | {args.n:,} | {rate:,.0f} | {mem} |")
        print(out[-1], file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.txt"
        with src.open("w") as f:
            for p in itertools.islice(itertools.cycle(puzzles), args.file_n):
                f.write(p + "\n")
        dst = Path(tmp) / "out.txt"
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "sudograph", "solve", str(src), "-m", "fast", "-o", str(dst)],
            env=env,
            check=True,
            stderr=subprocess.DEVNULL,
        )
        wall = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        lines = dst.read_text().count("\n")
        assert lines == args.file_n
        out.append(
            f"| `sudograph solve FILE -m fast -o OUT` (all cores, start-up included) | "
            f"{args.file_n:,} | {args.file_n / wall:,.0f} | peak of one process {peak:.0f} MB |"
        )
    text = "\n".join(out) + "\n"
    print(text)
    if args.out:
        Path(args.out).write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
