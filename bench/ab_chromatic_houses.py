"""χ with and without the portfolio's house-kernel step, both in one run, interleaved.

Usage::

    .venv/bin/python bench/ab_chromatic_houses.py [--dir DIR] [--cap 10] [--only NAME ...]
                                                  [--graphs sudoku:25 ...]

For every ``*.col`` of ``DIR`` (default ``../shared/data/graphs/dimacs``, the 59 DIMACS
instances): ``chromatic_number(graph, timeout=cap)`` with the house-kernel step
(:data:`~sudograph.search.chromatic.HOUSE_NODES` and ``NO_SAT_HOUSE_NODES`` as shipped)
and without it (both 0), one after the other, the order alternating from one instance to
the next, after a warm-up that compiles the kernel and imports python-sat. Every colouring
is checked proper and every proven χ compared with the known value of the folder's
README.md. Prints one row per instance (χ or the bounds, the time of each side, the step
that proved the upper bound) and the totals.
Exit 1 on an improper colouring or a wrong χ; 2 when the folder is missing.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from greedy_dimacs import read_chi

from sudograph.cli.common import load_graph
from sudograph.formats.dimacs import read_dimacs
from sudograph.graph import petersen_graph
from sudograph.problem import Problem, is_proper_coloring
from sudograph.search import chromatic as chrom

solve = importlib.import_module("sudograph.solve").solve
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT.parent / "shared" / "data" / "graphs" / "dimacs"
SHIPPED = chrom.HOUSE_NODES, chrom.NO_SAT_HOUSE_NODES


def run(graph: object, cap: float, step: bool) -> tuple[chrom.ChromaticResult, float]:
    chrom.HOUSE_NODES, chrom.NO_SAT_HOUSE_NODES = SHIPPED if step else (0, 0)
    t = time.perf_counter()
    r = chrom.chromatic_number(graph, timeout=cap)  # type: ignore[arg-type]
    return r, time.perf_counter() - t


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=DEFAULT_DIR, help="folder of DIMACS *.col files")
    ap.add_argument("--cap", type=float, default=10.0, help="seconds per instance and side")
    ap.add_argument("--only", nargs="*", default=None, help="instance names (file stems) to run")
    ap.add_argument(
        "--graphs", nargs="*", default=[], help="named graphs too: sudoku:25, petersen ..."
    )
    args = ap.parse_args(argv)
    if not args.dir.is_dir():
        print(f"missing: {args.dir} (the DIMACS instances of ../shared/data/graphs)")
        return 2
    known = {  # only the proved values: "8 (proved)" -> 8
        name: int(cell.split()[0])
        for name, cell in read_chi(args.dir.parent / "README.md").items()
        if "(proved)" in cell
    }
    files: list[Path | str] = sorted(args.dir.glob("*.col"))
    if args.only is not None:
        files = [f for f in files if isinstance(f, Path) and f.stem in args.only]
    files += args.graphs
    run(petersen_graph(), 5, True)  # warm-up: python-sat imported, then the kernel compiled
    solve(Problem(petersen_graph(), 3), "propagate", engine="numba")
    print(f"# {platform.machine()} {platform.python_version()}, cap {args.cap:g} s")
    print(f"{'instance':16s} {'chi':>5s} {'with (s)':>9s} {'without':>9s} {'ratio':>6s}  proved by")
    bad = 0
    totals = [0.0, 0.0]
    proven = [0, 0]
    for i, f in enumerate(files):
        g = read_dimacs(f) if isinstance(f, Path) else load_graph(f)
        name = f.stem if isinstance(f, Path) else f
        sides: dict[bool, tuple[chrom.ChromaticResult, float]] = {}
        for step in (True, False) if i % 2 == 0 else (False, True):
            sides[step] = run(g, args.cap, step)
        cells = []
        for j, step in enumerate((True, False)):
            r, t = sides[step]
            totals[j] += t
            proven[j] += r.proven
            if r.coloring and not is_proper_coloring(g, r.coloring):
                print(f"IMPROPER colouring on {name} ({'with' if step else 'without'})")
                bad += 1
            if r.proven and name in known and r.chromatic_number != known[name]:
                print(f"WRONG chi on {name}: {r.chromatic_number} vs {known[name]}")
                bad += 1
            cells.append(
                str(r.chromatic_number) if r.proven else f"{r.lower_bound}-{r.upper_bound}"
            )
        (rw, tw), (_, to) = sides[True], sides[False]
        chi = cells[0] if cells[0] == cells[1] else f"{cells[0]}/{cells[1]}"
        print(f"{name:16s} {chi:>5s} {tw:9.3f} {to:9.3f} {tw / to:6.2f}  {rw.upper_by}")
    print(
        f"total: with {totals[0]:.1f} s ({proven[0]} proven), "
        f"without {totals[1]:.1f} s ({proven[1]} proven), {len(files)} instances"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
