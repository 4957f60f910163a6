"""The house kernel's handoff to a SAT solver on 25×25 grids, side by side with python-sat.

Usage (from the repository root)::

    .venv/bin/python bench/bench_handoff.py [--seeds 8] [--first-seed 1] [--per-seed 10]
        [--backends glucose3,cadical153,minisat22,off] [--handoff 2000]

Grids as in ``bench_sizes.py`` (a random full grid made by CaDiCaL, then 40–60 % of the
cells kept), ``--per-seed`` grids for each of ``--seeds`` seeds from ``--first-seed`` (another
draw: ``--first-seed 9``). For each grid, in turn: the default ``solve(grid, limit=2)``
once per ``--backends`` entry, in an order that rotates from grid to grid (the solver of
``sat.run_domains``; ``off``: the kernel alone, no handoff), then the python-sat peer of
``bench_sizes.py`` (one incremental CaDiCaL, clues as assumptions, warmed up on the empty
grid). Wall ms per grid; every count equal to the peer's. It prints, per backend, the mean
and median, the number of grids handed off and the ratio of means against the peer (the
target of issue 13 is the ratio of means).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from bench_sizes import Peer, made  # noqa: E402

from sudograph.engine import houses  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.search import sat  # noqa: E402
from sudograph.solve import solve  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=8, help="seeds of grids (default 8)")
    ap.add_argument("--first-seed", type=int, default=1, help="the first seed (default 1)")
    ap.add_argument("--per-seed", type=int, default=10, help="25x25 grids made per seed")
    ap.add_argument(
        "--backends",
        default="glucose3,cadical153,minisat22,off",
        help="comma-separated python-sat solver names of the handoff; off: the kernel alone",
    )
    ap.add_argument(
        "--handoff",
        type=int,
        default=houses.HANDOFF_GUESSES,
        help=f"guesses before the handoff (default {houses.HANDOFF_GUESSES})",
    )
    args = ap.parse_args(argv)
    if not sat.sat_available():
        sys.exit("bench_handoff: python-sat is not installed (pip install python-sat)")
    from pysat.solvers import Solver

    for name in args.backends.split(","):
        if name == "off":
            continue
        try:
            Solver(name=name).delete()
        except Exception:  # pysat's NoSuchSolverError, or a solver it cannot make
            ap.error(f"--backends: {name!r} is not a python-sat solver name (or off)")
    box = (5, 5)
    peer = Peer(box)
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    grids = [g for s in seeds for g in made(box, args.per_seed, s, peer)]
    empty = Grid.empty(box)
    solve(empty, limit=2)
    peer.solutions(empty.values)
    names = args.backends.split(",")
    ours: dict[str, list[float]] = {name: [] for name in names}
    handed: dict[str, int] = dict.fromkeys(names, 0)
    theirs: list[float] = []
    for i, g in enumerate(grids):
        turn = i % len(names)  # a rotating order: no backend always runs first on a grid
        for name in names[turn:] + names[:turn]:  # "off": the kernel alone
            houses.HANDOFF_GUESSES = 10**12 if name == "off" else args.handoff
            sat.DOMAINS_BACKEND = name
            t0 = time.perf_counter()
            r = solve(g, limit=2)
            ours[name].append(time.perf_counter() - t0)
            handed[name] += r.stats.engine.endswith("+sat")
            found = len(r.solutions)
        t0 = time.perf_counter()
        want = peer.solutions(g.values)
        theirs.append(time.perf_counter() - t0)
        if found != want:
            raise AssertionError(f"disagreement on {g.to_line()}: {found} vs {want}")
    peer_mean = statistics.mean(theirs)
    print(f"{len(grids)} grids 25x25, handoff after {args.handoff} guesses")
    print("| handoff solver | sudograph ms (mean / median / max) | handed off | speed-up (means) |")
    print("|---|---|---|---|")
    for name in names:
        mean = statistics.mean(ours[name])
        med = statistics.median(ours[name])
        top = max(ours[name])
        ratio = peer_mean / mean
        cells = f"{mean * 1e3:.2f} / {med * 1e3:.2f} / {top * 1e3:.1f}"
        print(f"| {name} | {cells} | {handed[name]} | {ratio:.2f}x |")
    med = statistics.median(theirs)
    cells = f"{peer_mean * 1e3:.2f} / {med * 1e3:.2f} / {max(theirs) * 1e3:.1f}"
    print(f"| python-sat peer | {cells} | | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
