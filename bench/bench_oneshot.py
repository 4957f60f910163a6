"""One puzzle on the command line: ``sudograph solve PUZZLE`` (and ``count PUZZLE``) wall time,
the default (the Python engine first within a node budget, see ``cli/common.py``
``ONE_SHOT_WORK``) against the compiled kernels at once (``SUDOGRAPH_ENGINE=numba``, what the
default did before), side by side.

Usage (from the repository root)::

    .venv/bin/python bench/bench_oneshot.py [--n 10] [--reps 3]

For each set (``--n`` puzzles of each of top1465, the 1106 forum hardest, 17-clue from
``../shared/data/sudoku``, and a 16×16 krazydad super-tough sample), every puzzle is solved
by a fresh process per run, ``--reps`` times each way, the two ways taking turns and the
order alternating; the numba cache is warm (a run beforehand). It prints the median and the
max wall seconds per set and way, and their ratio (default / compiled). Both ways must print
the same solution (the puzzles are unique).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "sudoku"
SETS = {
    "top1465": "tdoku_magictour_top1465.txt",
    "hardest1106": "tdoku_forum_hardest_1106.txt",
    "17-clue": "tdoku_17_clue.txt",
    "hex16-supertough": "hex16_krazydad_supertough.txt",
}
CLI = [str(ROOT / ".venv" / "bin" / "python"), "-m", "sudograph"]


def puzzles(name: str, n: int) -> list[str]:
    path = DATA / SETS[name]
    if not path.exists():
        sys.exit(f"missing {path}: the public sets live in ../shared/data/sudoku (see its README)")
    lines = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
    lines = [ln for ln in lines if not ln.startswith("#")]
    step = max(len(lines) // n, 1)
    return [ln.split(",")[0] for ln in lines[::step][:n]]


def run(command: str, puzzle: str, compiled: bool) -> tuple[float, str]:
    """Wall seconds of one fresh ``sudograph COMMAND PUZZLE``, and what it printed."""
    env = dict(os.environ)
    env.pop("SUDOGRAPH_ENGINE", None)
    if compiled:
        env["SUDOGRAPH_ENGINE"] = "numba"
    argv = [*CLI, command, puzzle] + (["--format", "line"] if command == "solve" else [])
    return timed(argv, env)


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, str]:
    """Wall seconds of the process ``argv`` (with ``env``), and its standard output; a
    failure ends the benchmark with its standard error."""
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    spent = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{argv} failed (exit {done.returncode}): {done.stderr.strip()}")
    return spent, done.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=10, help="puzzles per set")
    ap.add_argument("--reps", type=int, default=3, help="runs per puzzle and way")
    ap.add_argument(
        "--command", choices=("solve", "count"), default="solve", help="the CLI command timed"
    )
    args = ap.parse_args()
    print(f"# {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"# .venv/bin/python bench/bench_oneshot.py --n {args.n} --reps {args.reps} "
          f"--command {args.command}")  # fmt: skip
    run(args.command, puzzles("top1465", 1)[0], True)  # the numba cache written, warm
    print(f"{'set':18} {'default med':>12} {'max':>7} {'compiled med':>13} {'max':>7} {'ratio':>6}")
    for name in SETS:
        times: dict[bool, list[float]] = {False: [], True: []}
        for i, puzzle in enumerate(puzzles(name, args.n)):
            for rep in range(args.reps):
                outs = {}
                order = (False, True) if (i + rep) % 2 == 0 else (True, False)
                for compiled in order:
                    spent, out = run(args.command, puzzle, compiled)
                    times[compiled].append(spent)
                    outs[compiled] = out
                if outs[False] != outs[True]:
                    raise SystemExit(f"{name}: the two ways differ on {puzzle}")
        d, c = times[False], times[True]
        ratio = statistics.median(d) / statistics.median(c)
        print(
            f"{name:18} {statistics.median(d):12.3f} {max(d):7.3f} "
            f"{statistics.median(c):13.3f} {max(c):7.3f} {ratio:6.2f}"
        )


if __name__ == "__main__":
    main()
