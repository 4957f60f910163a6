"""A/B of the public ``solve`` call: a git revision's whole package against the working tree's,
each in its own worker process, timed interleaved chunk by chunk in one script.

Usage (from the repository root)::

    .venv/bin/python bench/ab_api.py [--base REV] [--n 50] [--reps 5] [--limit 1,2] [SET ...]

``SET``: ``classic`` (``--n`` minimal 9×9 puzzles of ``generate``, seeds 0..), ``top1465``
(the first ``--n`` of ``tests/data/sudoku/tdoku_top1465_100.txt``), ``serg`` (the first of
``tdoku_serg_100.txt``: puzzles of hundreds of solutions, for ``--limit 10000``) or
``variant:NAME`` (as
``bench_variants.py`` makes them). Default: ``classic top1465 variant:x variant:killer``.
Each worker imports ``sudograph`` from its own source tree (the base: ``git archive REV src``
in a temporary folder, its kernels compiled there once before any clock), makes the same
puzzles, and on each request times ``solve(grid, limit=L)`` (what a user calls, no flags but
the limit) over the whole set, best of ``--reps`` (CPU time, ``time.process_time``); the two
workers take turns, the order alternating. It prints µs per call for each side and new / base,
and checks that both sides find the same solutions.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SETS = ["classic", "top1465", "variant:x", "variant:killer"]

WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])
from sudograph.generate import generate
from sudograph.grid import Grid
from sudograph.solve import solve
from bench_variants import make

def puzzles(name, n):
    if name == "classic":
        return [generate((3, 3), seed=s) for s in range(n)]
    if name in ("top1465", "serg"):
        text = open(f"{sys.argv[3]}/tdoku_{name}_100.txt").read().split()
        return [Grid.parse(t) for t in text[:n]]
    return [make(name.split(":", 1)[1], s) for s in range(n)]

sets = {}
for line in sys.stdin:
    req = json.loads(line)
    key = (req["set"], req["n"])
    if key not in sets:
        sets[key] = puzzles(*key)
        for g in sets[key][:2]:
            solve(g, limit=2)  # load the kernels before the clock
    grids = sets[key]
    best = None
    for _ in range(req["reps"]):
        start = time.process_time()
        found = [solve(g, limit=req["limit"]).solutions for g in grids]
        spent = time.process_time() - start
        best = spent if best is None else min(best, spent)
    sig = hash(tuple(tuple(map(tuple, f)) for f in found))
    print(json.dumps({"seconds": best, "sig": sig}), flush=True)
"""


def worker(src: Path) -> subprocess.Popen[str]:
    """A worker process importing ``sudograph`` from ``src`` (the bench folder's helpers from
    the working tree)."""
    data = ROOT / "tests" / "data" / "sudoku"
    env = dict(os.environ, PYTHONHASHSEED="0")
    return subprocess.Popen(
        [sys.executable, "-c", WORKER, str(src), str(ROOT / "bench"), str(data)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def ask(proc: subprocess.Popen[str], req: dict[str, object]) -> dict[str, float]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(req) + "\n")
    proc.stdin.flush()
    line = proc.stdout.readline()
    if not line:
        raise SystemExit("a worker ended (see its error above)")
    result: dict[str, float] = json.loads(line)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(
        description="A/B of the public solve call: a git revision's whole package against the "
        "working tree's, each in its own worker process, timed interleaved chunk by chunk in "
        "one script."
    )
    ap.add_argument("--base", default="HEAD", help="git revision of the base side")
    ap.add_argument("--n", type=int, default=50, help="puzzles per set")
    ap.add_argument("--reps", type=int, default=5, help="runs per turn (the best is kept)")
    ap.add_argument("--turns", type=int, default=3, help="turns per side, order alternating")
    ap.add_argument("--limit", default="1,2", help="limits to time, comma-separated")
    ap.add_argument(
        "sets",
        nargs="*",
        default=DEFAULT_SETS,
        help="classic, top1465, serg or variant:NAME (default: " + " ".join(DEFAULT_SETS) + ")",
    )
    args = ap.parse_args()
    try:
        limits = [int(x) for x in args.limit.split(",")]
    except ValueError:
        ap.error(f"--limit: whole numbers separated by commas, got {args.limit!r}")
    wrong = [
        s
        for s in args.sets
        if s not in ("classic", "top1465", "serg") and not s.startswith("variant:")
    ]
    if wrong:
        ap.error(f"unknown set(s) {', '.join(wrong)} (known: classic, top1465, serg, variant:NAME)")
    with tempfile.TemporaryDirectory() as tmp:
        archived = subprocess.run(
            ["git", "archive", args.base, "src"], cwd=ROOT, capture_output=True
        )
        if archived.returncode != 0:
            why = archived.stderr.decode(errors="replace").strip().splitlines()[-1:]
            ap.error(f"--base {args.base}: git archive failed ({why[0] if why else 'no output'})")
        archive = archived.stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        sides = {"base": worker(Path(tmp) / "src"), "new": worker(ROOT / "src")}
        print(f"# base {args.base} against the working tree; n={args.n}, reps={args.reps}")
        try:
            for name in args.sets:
                for limit in limits:
                    req = {"set": name, "n": args.n, "reps": args.reps, "limit": limit}
                    best = {side: float("inf") for side in sides}
                    sigs = set()
                    for turn in range(args.turns):
                        order = list(sides) if turn % 2 == 0 else list(sides)[::-1]
                        for side in order:
                            got = ask(sides[side], req)
                            best[side] = min(best[side], got["seconds"])
                            sigs.add(got["sig"])
                    if len(sigs) != 1:
                        raise SystemExit(f"{name}: the two sides found different solutions")
                    base, new = (best[s] / args.n * 1e6 for s in ("base", "new"))
                    print(
                        f"{name:<16} limit {limit}: base {base:7.1f} us  new {new:7.1f} us  "
                        f"new/base {new / base:.3f}",
                        flush=True,
                    )
        finally:
            for proc in sides.values():
                if proc.stdin is not None:
                    proc.stdin.close()
                proc.wait()


if __name__ == "__main__":
    main()
