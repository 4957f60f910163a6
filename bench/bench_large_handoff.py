"""Large grids near the phase transition: the house kernel's SAT handoff before and after
(the formula's size counted from its open vertices, CaDiCaL in its stable mode), side by side
with python-sat's peer.

Usage (from the repository root)::

    .venv/bin/python bench/bench_large_handoff.py [--cap 40] [--no-peer] GRID...

``GRID`` is ``SIDE@CLUES#SEED``: a full grid of that side from ``full_grid(box, seed=SEED)``
(square boxes), then a share ``CLUES`` of its cells kept, drawn with the same seed (e.g.
``36@0.5#1``, ``64@0.3#2``); such grids have a solution, often many. For each grid, in an order
that alternates from grid to grid, ``solve(grid, timeout=cap)`` (the default: one solution, the
house kernel, its handoff after 2,000 guesses) on two sides in this process:

- ``before``: the code before the change: the handoff refused when the formula's estimate
  ``sum(size**2 + degree * size)`` over the open vertices (degree counting placed neighbours)
  passes ``HANDOFF_MAX_LITERALS``, and CaDiCaL with its default options (focused and stable
  modes in turn, each slice starting again in the focused one);
- ``after``: the working tree's code;

then the peer of ``bench_sizes.py`` (one CaDiCaL on the whole grid's formula, the clues as
assumptions, in slices under the same cap; grids up to 36×36, ``-`` beyond). Wall seconds,
the engine that answered, every solution checked against the grid. A side that found
nothing within ``--cap`` shows ``>``.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from sudograph import full_grid, is_solution  # noqa: E402
from sudograph.engine import houses  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.search import sat  # noqa: E402
from sudograph.solve import solve  # noqa: E402

PEER_MAX_SIDE = 36
"""The peer's whole-grid formula is built for grids up to this side (a 49×49 one holds about
9 million clauses; a 64×64 one 60 million)."""


def parse_spec(spec: str) -> tuple[int, float, int]:
    """``(side, share, seed)`` of ``SIDE@CLUES#SEED``; ValueError saying what is wrong."""
    side_clues, _, seed_text = spec.partition("#")
    side_text, at, clues_text = side_clues.partition("@")
    try:
        if not at:
            raise ValueError
        side, share, seed = int(side_text), float(clues_text), int(seed_text or 1)
    except ValueError:
        raise ValueError(f"{spec!r}: not SIDE@CLUES#SEED (e.g. 36@0.5#1)") from None
    box = round(max(side, 0) ** 0.5)
    if box < 2 or box * box != side:
        raise ValueError(f"{spec!r}: the side must be a square of 2 or more (square boxes)")
    if not 0 <= share <= 1:
        raise ValueError(f"{spec!r}: CLUES is a share of the cells, 0 to 1")
    if seed < 0:
        raise ValueError(f"{spec!r}: the seed must be >= 0")
    return side, share, seed


def make(spec: str) -> Grid:
    """The grid of ``SIDE@CLUES#SEED``."""
    side, share, seed = parse_spec(spec)
    box = round(side**0.5)
    full = full_grid(box, seed=seed)
    rng = random.Random(seed)
    keep = set(rng.sample(range(side * side), int(share * side * side)))
    return full.with_values([v if i in keep else 0 for i, v in enumerate(full.values)])


def old_may_hand_off(problem: Any, search: Any, root: Any) -> bool:
    """The handoff test before the change: every neighbour counted, placed ones too."""
    import numpy as np

    if not sat.sat_available():
        return False
    g = search.g
    dom = root[0][: g.n]
    size = ((dom[:, None] >> np.arange(problem.k, dtype=np.uint64)) & np.uint64(1)).sum(axis=1)
    size = np.where(size > 1, size, 0).astype(np.int64)
    degree = np.diff(g.nbr_ptr).astype(np.int64)
    literals = int((size * size).sum() + (degree * size).sum())
    return literals <= houses.HANDOFF_MAX_LITERALS


def run_side(side: str, grid: Grid, cap: float) -> tuple[float, str]:
    """Seconds and what answered (``>`` when nothing was found within the cap)."""
    saved = houses._may_hand_off, sat.DOMAINS_LARGE_OPTIONS, houses.HANDOFF_MAX_LITERALS
    if side == "before":
        houses._may_hand_off = old_may_hand_off
        sat.DOMAINS_LARGE_OPTIONS = None
        houses.HANDOFF_MAX_LITERALS = 4_000_000
    try:
        t = time.perf_counter()
        result = solve(grid, timeout=cap)
        seconds = time.perf_counter() - t
    finally:
        houses._may_hand_off, sat.DOMAINS_LARGE_OPTIONS, houses.HANDOFF_MAX_LITERALS = saved
    if result.grid is None:
        return seconds, f"> ({result.stats.engine})"
    assert is_solution(grid.problem, result.solutions[0]), f"{side}: not a solution"
    return seconds, result.stats.engine


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("grids", nargs="+", metavar="GRID", help="SIDE@CLUES#SEED, e.g. 36@0.5#1")
    ap.add_argument("--cap", type=float, default=40.0, help="seconds per grid and side")
    ap.add_argument("--no-peer", action="store_true", help="leave python-sat's peer out")
    args = ap.parse_args(argv)
    for spec in args.grids:
        try:
            parse_spec(spec)
        except ValueError as exc:
            ap.error(str(exc))
    if not sat.sat_available():
        print("python-sat is not installed (pip install python-sat): nothing to compare")
        return 1
    houses._load()
    solve(Grid.parse("." * 81), timeout=5)  # the kernels loaded before any timing
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, cap {args.cap} s")
    print(
        f"{'grid':<14}{'before s':>10}  {'engine':<18}{'after s':>10}  {'engine':<18}{'peer s':>9}"
    )
    for i, spec in enumerate(args.grids):
        grid = make(spec)
        got: dict[str, tuple[float, str]] = {}
        for side in ("before", "after") if i % 2 == 0 else ("after", "before"):
            got[side] = run_side(side, grid, args.cap)
        peer = f"{'-':>9}"
        if not args.no_peer and grid.n <= PEER_MAX_SIDE:
            from bench_sizes import Peer

            box = round(grid.n**0.5)
            p = Peer((box, box))
            t = time.perf_counter()
            found = p.solutions(tuple(grid.values), limit=1, cap=args.cap)
            seconds = time.perf_counter() - t
            peer = f"{seconds:9.2f}" if found > 0 else f"{'>':>3}{seconds:6.1f}"
        b, a = got["before"], got["after"]
        print(f"{spec:<14}{b[0]:10.2f}  {b[1]:<18}{a[0]:10.2f}  {a[1]:<18}{peer}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
