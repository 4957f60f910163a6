"""``color(graph, k, "sat")`` with its first steps (a Mycielskian's bound, DSATUR, then TabuCol for
a second at most) against the SAT solver alone (``solve(Problem(graph, k), "sat")``), in one
process, interleaved graph by graph, on DIMACS instances from ``../shared/data/graphs`` and a
random graph of 300 vertices and half the edges, at k = χ (or the best known) and a few
colours above.

Usage (from the repository root)::

    .venv/bin/python bench/bench_color_sat.py [--timeout 10] [--reps 1]

Prints, per graph and k, each side's status and wall seconds (the best of ``--reps``; a side
stopped by ``--timeout`` is marked ``>``) and the ratio first-steps / solver-alone. Says so
and skips the DIMACS rows when ``../shared/data/graphs/dimacs`` is missing.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from sudograph.formats.dimacs import read_dimacs  # noqa: E402
from sudograph.graph import Graph  # noqa: E402
from sudograph.problem import Problem, is_proper_coloring  # noqa: E402
from sudograph.search.sat import sat_available  # noqa: E402

solve_module = importlib.import_module("sudograph.solve")
DIMACS = ROOT.parent / "shared" / "data" / "graphs" / "dimacs"
CASES = [  # (instance, chi or best known)
    ("DSJC125.5", 17),
    ("DSJC250.5", 28),
    ("flat300_20_0", 20),
    ("le450_15a", 15),
    ("le450_25a", 25),
    ("school1", 14),
    ("queen10_10", 11),
    ("miles750", 31),
    ("inithx.i.1", 54),
]
QUESTIONS = [  # (instance, k): the questions a QA pass found slow (2026-11-27), --questions
    ("queen9_9", 9),  # chi 10: no 9-colouring (the 9-cliques as houses)
    ("queen8_8", 9),
    ("queen10_10", 11),  # chi 11 (TabuCol one colour fewer at a time)
    ("myciel6", 6),  # chi 7: no 6-colouring (the Mycielski bound)
    ("myciel7", 7),  # chi 8
    ("DSJC125.5", 18),  # chi 17
]


def random_graph(n: int, p: float, seed: int) -> Graph:
    rng = random.Random(seed)
    edges = [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < p]
    return Graph.from_edges(n, edges)


def timed(graph: Graph, k: int, first_steps: bool, timeout: float) -> tuple[str, float]:
    start = time.perf_counter()
    if first_steps:
        r = solve_module.color(graph, k, "sat", timeout=timeout)
    else:
        r = solve_module.solve(Problem(graph, k), "sat", timeout=timeout)
    seconds = time.perf_counter() - start
    if r.solution is not None:
        assert is_proper_coloring(graph, r.solution, k)
    return r.status, seconds


def main() -> None:
    parser = argparse.ArgumentParser(
        description='color(graph, k, "sat") with its first steps (DSATUR\'s greedy colouring, '
        "then TabuCol for a second at most) against the SAT solver alone, interleaved graph "
        "by graph, at k = chi (or the best known) and a few colours above."
    )
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per side and k")
    parser.add_argument("--reps", type=int, default=1, help="runs per side, the best kept")
    parser.add_argument(
        "--questions", action="store_true", help="only the (graph, k) of QUESTIONS, at their k"
    )
    args = parser.parse_args()
    if not sat_available():
        sys.exit("bench_color_sat: python-sat is not installed (pip install python-sat)")
    graphs: list[tuple[str, Graph, int]] = [("random 300, p=0.5", random_graph(300, 0.5, 1), 40)]
    asked = QUESTIONS if args.questions else CASES
    if DIMACS.is_dir():
        graphs = [] if args.questions else graphs
        graphs += [(name, read_dimacs(DIMACS / f"{name}.col"), chi) for name, chi in asked]
    else:
        print(f"{DIMACS} is missing: only the random graph is run")
    print(f"{'graph':20} {'k':>3} {'first steps':>22} {'solver alone':>22} {'ratio':>7}")
    for name, graph, chi in graphs:
        for k in (chi,) if args.questions else (chi, chi + 2):
            if k > 64:
                continue
            best: dict[bool, tuple[str, float]] = {}
            for _ in range(args.reps):
                for side in (True, False):  # interleaved
                    status, seconds = timed(graph, k, side, args.timeout)
                    if side not in best or seconds < best[side][1]:
                        best[side] = (status, seconds)
            cells = []
            for side in (True, False):
                status, seconds = best[side]
                mark = ">" if status == "stopped" else " "
                cells.append(f"{status:>13} {mark}{seconds:7.3f}")
            ratio = best[True][1] / best[False][1]
            print(f"{name:20} {k:3} {cells[0]:>22} {cells[1]:>22} {ratio:7.3f}", flush=True)


if __name__ == "__main__":
    main()
