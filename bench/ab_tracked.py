"""A/B of the reference search's two ways to pick a vertex and find naked singles: the sweep of
every vertex, and :class:`~sudograph.search.propagation.TrackedDomains` (a heap of the vertices
by key and the set of those with one colour or none left), in one process, interleaved, on the
same problems. Both take the same steps (``tests/test_tracked_domains.py`` checks the traces);
this times them, to place ``TRACK_MIN`` and ``TRACK_SPARSITY``, which decide where the search
keeps the second.

Usage (from the repository root)::

    .venv/bin/python bench/ab_tracked.py [--reps 3]

Workloads: minimal 9×9 puzzles (81 vertices), 16×16 and 25×25 ones made by the generator (256,
625), by ``mrv``, ``dsatur`` and ``propagate`` on the Python engine (the node count capped),
random graphs of 100 to 2,000 vertices (average degree 6, k = 4, ``dsatur``), and graphs
without edges (4,000 and 16,000 vertices, k = 2). Prints the best of ``--reps`` of each side
and the ratio tracked / sweep (below 1: the tracked state is faster).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from sudograph.generate import generate  # noqa: E402
from sudograph.graph import Graph  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.problem import Problem, SolveOptions  # noqa: E402
from sudograph.search import backtracking  # noqa: E402

ORDERS = {"mrv": ("mrv", "check"), "dsatur": ("dsatur", "check"), "propagate": ("mrv", "singles")}


def timed(problems: list[Problem], method: str, tracked: bool, max_nodes: int) -> float:
    order, inference = ORDERS[method]
    backtracking.tracks = lambda problem: tracked  # type: ignore[assignment]
    options = SolveOptions(order=order, inference=inference, max_nodes=max_nodes)
    start = time.perf_counter()
    for p in problems:
        backtracking.run(p, options)
    return time.perf_counter() - start


def random_graph(n: int, degree: float, rng: random.Random) -> Graph:
    m = int(n * degree / 2)
    edges: set[tuple[int, int]] = set()
    while len(edges) < m:
        u, v = rng.sample(range(n), 2)
        edges.add((min(u, v), max(u, v)))
    return Graph.from_edges(n, sorted(edges))


def main() -> None:
    parser = argparse.ArgumentParser(
        description="A/B of the reference search's two ways to pick a vertex and find naked "
        "singles, the sweep of every vertex and TrackedDomains, in one process, interleaved, "
        "on the same problems."
    )
    parser.add_argument("--reps", type=int, default=3, help="runs per side, the best kept")
    args = parser.parse_args()
    rng = random.Random(1)
    lines = (ROOT / "tests/data/sudoku/norvig_top95.txt").read_text().split()[:10]
    workloads: list[tuple[str, list[Problem], list[str], int]] = [
        ("9x9 top95 x10", [Grid.parse(s).problem for s in lines], list(ORDERS), 2000),
        (
            "16x16 generated x4",
            [generate(4, seed=s, timeout=5).problem for s in range(4)],
            list(ORDERS),
            2000,
        ),
        (
            "25x25 generated x2",
            [generate(5, seed=s, timeout=5).problem for s in range(2)],
            list(ORDERS),
            2000,
        ),
    ]
    for n in (100, 200, 400, 1000, 2000):
        workloads.append(
            (f"random n={n} deg 6 k=4", [Problem(random_graph(n, 6, rng), 4)], ["dsatur"], 5000)
        )
    for n in (4000, 16000):
        workloads.append(
            (f"no edges n={n} k=2", [Problem(Graph.from_edges(n, []), 2)], ["dsatur"], n)
        )
    print(f"{'workload':28} {'method':10} {'sweep ms':>10} {'tracked ms':>11} {'ratio':>7}")
    for name, problems, methods, cap in workloads:
        for method in methods:
            best: dict[bool, float] = {False: float("inf"), True: float("inf")}
            for _ in range(args.reps):
                for tracked in (False, True):  # interleaved
                    best[tracked] = min(best[tracked], timed(problems, method, tracked, cap))
            ratio = best[True] / best[False]
            print(
                f"{name:28} {method:10} {best[False] * 1e3:10.1f} {best[True] * 1e3:11.1f} "
                f"{ratio:7.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
