"""``generate --workers N`` against one process: the same command line, interleaved.

Usage (from the repository root)::

    .venv/bin/python bench/bench_generate_workers.py [--count 400] [--size 9] [--rounds 5]
                                                     [--workers N] [--minimal]

Each round runs ``sudograph generate --count C --seed R`` once with ``--workers 1`` and once
with ``--workers N`` (default: one per core), in alternating order, as a user runs it (a new
process each: start-up and kernel loading included, as the user pays them), and checks that
both wrote the same lines. Prints the wall seconds of each side per round, their medians and
the ratio (one process / N processes: above 1, the workers are faster).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
from pathlib import Path

from bench_oneshot import timed  # (bench/ is the script's folder: on sys.path)

ROOT = Path(__file__).resolve().parents[1]


def run(count: int, size: int, seed: int, workers: int, minimal: bool) -> tuple[float, str]:
    argv = [sys.executable, "-m", "sudograph", "generate", "--count", str(count)]
    argv += ["--size", str(size), "--seed", str(seed), "--workers", str(workers)]
    argv += ["--minimal"] * minimal
    return timed(argv, {**os.environ, "PYTHONPATH": str(ROOT / "src")})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--minimal", action="store_true")
    a = ap.parse_args()
    print(f"# {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"# generate --count {a.count} --size {a.size}{' --minimal' * a.minimal}")
    alone: list[float] = []
    pooled: list[float] = []
    for r in range(a.rounds):
        order = [1, a.workers] if r % 2 == 0 else [a.workers, 1]
        lines: dict[int, str] = {}
        for w in order:
            seconds, lines[w] = run(a.count, a.size, 1000 + r, w, a.minimal)
            (alone if w == 1 else pooled).append(seconds)
        if lines[1] != lines[a.workers]:
            raise SystemExit(f"round {r}: --workers {a.workers} wrote other lines")
        print(f"round {r}: --workers 1 {alone[-1]:.2f} s, --workers {a.workers} {pooled[-1]:.2f} s")
    m1, mn = statistics.median(alone), statistics.median(pooled)
    print(f"median: --workers 1 {m1:.2f} s, --workers {a.workers} {mn:.2f} s, ratio {m1 / mn:.2f}")


if __name__ == "__main__":
    main()
