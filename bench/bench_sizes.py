"""Any size, side by side: the default ``solve(grid, limit=2)`` (the house kernel beyond 9×9)
against python-sat (CaDiCaL), and the default count of the empty 6×6.

Usage (from the repository root)::

    .venv/bin/python bench/bench_sizes.py [--n 40] [--big 20] [--seed 1] [--data DIR] [--cap 120]

- every ``hex16_*`` set of ``../shared/data/sudoku`` (``--n`` puzzles sampled with ``--seed``;
  ``*_solutions`` files are skipped), a missing directory or set said so;
- 25×25 and 36×36 puzzles made here with python-sat: a random full grid (CaDiCaL on the
  empty grid with a random row as clues), then random cells emptied down to 40–60 % clues
  (not necessarily unique: limit 2 tells);
- python-sat's side: one incremental CaDiCaL solver per grid size (the encoding of
  ``tests/variant_oracle.py`` minus the clues), the clues as assumptions, and a blocking
  clause guarded by a fresh selector literal to ask for a second solution (the selector is
  retired after the puzzle, so the solver stays valid for the next one);
- timed interleaved puzzle by puzzle (ours, then the peer's; wall clock, ``perf_counter``),
  after one warm-up call of each; both must agree on "unique or not", and every solution of
  ours is checked by ``solve`` (the house kernel's compiled check);
- ``--cap`` seconds per 25×25/36×36 puzzle and side (default 120: a 36×36 grid at the phase
  transition can take either side many minutes): a capped puzzle counts the cap (the means
  are then lower bounds) and is listed under the table;
- the empty 6×6 counted by ``count_solutions`` (the default method), wall time, once.

Prints a Markdown table (ms/puzzle, mean and median, speed-up) and the machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from sudograph.grid import Grid  # noqa: E402
from sudograph.solve import count_solutions, solve  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "sudoku"


PEER_SLICE = 20_000
"""Conflicts between two readings of the clock when the peer has a time cap (a 25×25 puzzle
needs a few thousand: most are answered in one slice)."""


class Peer:
    """One incremental CaDiCaL solver for the N×N Sudoku of box ``box``."""

    def __init__(self, box: tuple[int, int]) -> None:
        from pysat.solvers import Solver

        g = Grid.empty(box)
        problem = g.problem
        self.n, self.k = problem.graph.n, problem.k
        self.top = self.n * self.k
        self.solver = Solver(name="cadical153")
        k = self.k
        for v in range(self.n):
            self.solver.add_clause([self.x(v, c) for c in range(1, k + 1)])
            for a, b in combinations(range(1, k + 1), 2):
                self.solver.add_clause([-self.x(v, a), -self.x(v, b)])
        for u, v in problem.graph.edges():
            for c in range(1, k + 1):
                self.solver.add_clause([-self.x(u, c), -self.x(v, c)])
        for house in problem.graph.houses:
            for c in range(1, k + 1):
                self.solver.add_clause([self.x(v, c) for v in house])

    def x(self, v: int, c: int) -> int:
        return v * self.k + c

    def solutions(self, values: tuple[int, ...], limit: int = 2, cap: float | None = None) -> int:
        """How many solutions (at most ``limit``) the puzzle ``values`` has; -1 when ``cap``
        seconds passed first. With a cap, CaDiCaL runs in slices of :data:`PEER_SLICE`
        conflicts (python-sat cannot interrupt it), the clock read between them."""
        clues = [self.x(v, c) for v, c in enumerate(values) if c]
        found = 0
        self.top += 1
        sel = self.top
        end = None if cap is None else time.perf_counter() + cap
        while found < limit:
            if end is None:
                answer = self.solver.solve(assumptions=[*clues, sel])
            else:
                self.solver.conf_budget(PEER_SLICE)
                answer = self.solver.solve_limited(assumptions=[*clues, sel])
                if answer is None:
                    if time.perf_counter() < end:
                        continue
                    found = -1
                    break
            if not answer:
                break
            found += 1
            model = self.solver.get_model()
            true = [lit for lit in model if 0 < lit <= self.n * self.k]
            self.solver.add_clause([-sel] + [-lit for lit in true])
        self.solver.add_clause([-sel])  # retire this puzzle's blocking clauses
        return found

    def full_grid(self, rng: random.Random) -> tuple[int, ...]:
        """A random complete grid: a random first row, then CaDiCaL."""
        row = rng.sample(range(1, self.k + 1), self.k)
        assert self.solver.solve(assumptions=[self.x(v, c) for v, c in enumerate(row)])
        model = self.solver.get_model()
        values = [0] * self.n
        for lit in model:
            if 0 < lit <= self.n * self.k:
                v, c = divmod(lit - 1, self.k)
                values[v] = c + 1
        return tuple(values)


def sets(data: Path, n: int, seed: int) -> list[tuple[str, list[Grid]]]:
    out = []
    if not data.is_dir():
        print(f"data missing: {data} (no 16x16 sets)")
        return out
    files = sorted(p for p in data.glob("hex16_*.txt") if "solution" not in p.name)
    if not files:
        print(f"data missing: no hex16_* set in {data}")
    for path in files:
        lines = [t for t in path.read_text().split() if len(t) == 256]
        picked = random.Random(seed).sample(lines, min(n, len(lines)))
        out.append((path.stem, [Grid.parse(t, box=(4, 4)) for t in picked]))
    return out


def made(box: tuple[int, int], n: int, seed: int, peer: Peer) -> list[Grid]:
    rng = random.Random(seed)
    grids = []
    for _ in range(n):
        full = peer.full_grid(rng)
        keep = rng.uniform(0.40, 0.60)
        grids.append(Grid(box, tuple(v if rng.random() < keep else 0 for v in full)))
    return grids


def side_by_side(grids: list[Grid], peer: Peer, cap: float | None = None) -> dict[str, Any]:
    """Both sides interleaved puzzle by puzzle; with ``cap``, a puzzle that either side has
    not answered within ``cap`` seconds counts ``cap`` for it (a lower bound: the means are
    then bounds too) and is listed in ``capped`` (index, ours, peer's: seconds or None)."""
    # warm-up on the empty grid, not on a timed puzzle: the peer's incremental solver keeps
    # what it learned, and a puzzle it has solved once it solves again at once
    empty = Grid.empty(grids[0].box)
    solve(empty, limit=2)  # kernels loaded, graph arrays built
    peer.solutions(empty.values)
    ours, theirs, nodes, capped = [], [], [], []
    for i, g in enumerate(grids):
        t0 = time.perf_counter()
        r = solve(g, limit=2, timeout=cap)
        t1 = time.perf_counter()
        found = peer.solutions(g.values, cap=cap)
        t2 = time.perf_counter()
        stopped = r.reason == "time limit"
        if stopped or found < 0:
            capped.append((i, None if stopped else t1 - t0, None if found < 0 else t2 - t1))
        elif len(r.solutions) != found:
            raise AssertionError(f"disagreement on {g.to_line()}: {len(r.solutions)} vs {found}")
        ours.append(t1 - t0)
        theirs.append(t2 - t1)
        nodes.append(r.stats.nodes)
    return {
        "ours": statistics.mean(ours) * 1e3,
        "ours_med": statistics.median(ours) * 1e3,
        "peer": statistics.mean(theirs) * 1e3,
        "peer_med": statistics.median(theirs) * 1e3,
        "guesses": statistics.mean(nodes),
        "engine": r.stats.engine or r.method,
        "capped": capped,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--n", type=int, default=40, help="puzzles sampled per 16x16 set")
    ap.add_argument("--big", type=int, default=20, help="25x25 puzzles made (36x36: a quarter)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the samples and made grids")
    ap.add_argument("--data", type=Path, default=DATA, help="folder of the hex16_* sets")
    ap.add_argument("--no-count", action="store_true", help="skip the empty 6x6 count")
    ap.add_argument(
        "--cap", type=float, default=120.0, help="seconds per 25x25/36x36 puzzle and side"
    )
    args = ap.parse_args(argv)
    try:
        import pysat  # noqa: F401
    except ImportError:
        print("python-sat is not installed: pip install python-sat (the peer)")
        return 2
    version = platform.python_version()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {version}")
    print()
    head = "| set | puzzles | sudograph ms (mean / median) | guesses | python-sat ms (mean / med.)"
    print(head + " | speed-up (means) |")
    print("|---|---|---|---|---|---|", flush=True)

    def row(name: str, n: int, r: dict[str, Any]) -> None:
        print(
            f"| {name} | {n} | {r['ours']:.3f} / {r['ours_med']:.3f} | {r['guesses']:.1f} "
            f"| {r['peer']:.3f} / {r['peer_med']:.3f} | {r['peer'] / r['ours']:.1f}x |",
            flush=True,
        )

    peer16 = Peer((4, 4))
    for name, grids in sets(args.data, args.n, args.seed):
        row(name, len(grids), side_by_side(grids, peer16))
    for box, n in (((5, 5), args.big), ((6, 6), max(2, args.big // 4))):
        if n <= 0:
            continue
        peer = Peer(box)
        grids = made(box, n, args.seed, peer)
        side = box[0] * box[1]
        r = side_by_side(grids, peer, args.cap)
        row(f"{side}x{side} made, 40-60 % clues", n, r)
        for i, a, b in r["capped"]:
            ours = "capped" if a is None else f"{a:.1f} s"
            theirs = "capped" if b is None else f"{b:.1f} s"
            print(f"  puzzle {i}: over {args.cap:.0f} s (ours {ours}, python-sat {theirs})")
    if not args.no_count:
        t0 = time.perf_counter()
        total = count_solutions(Grid.empty((2, 3)))
        wall = time.perf_counter() - t0
        print()
        print(f"empty 6x6 (2x3 boxes), count_solutions default: {total:,} in {wall:.2f} s wall")
        assert total == 28_200_960
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
