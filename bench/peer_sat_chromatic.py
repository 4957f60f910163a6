"""The plain python-sat peer of issue 14: chi by CaDiCaL, k = upper-1, upper-2, ... until UNSAT.

Usage: ``python bench/peer_sat_chromatic.py FILE.col [TIMEOUT]`` (seconds, default 20); prints
``chi proven seconds``.
Greedy clique precoloured, networkx DSATUR upper bound, one fresh solver per k, no tricks.
"""

from __future__ import annotations

import argparse
import time

import networkx as nx

try:
    from pysat.solvers import Solver
except ImportError:  # one line, no traceback (bench_chromatic imports this file too)
    raise SystemExit(
        "python-sat is not installed: pip install python-sat "
        "(the peer bench/peer_sat_chromatic.py needs it)"
    ) from None


def clique(g: nx.Graph) -> list[int]:
    best: list[int] = []
    for v in g:
        q, cand = [v], set(g[v])
        while cand:
            u = max(cand, key=lambda w: len(cand & set(g[w])))
            q.append(u)
            cand &= set(g[u])
        best = max(best, q, key=len)
    return best


def colorable(g: nx.Graph, k: int, q: list[int], deadline: float) -> bool | None:
    x = {v: [i * k + c + 1 for c in range(k)] for i, v in enumerate(g)}
    with Solver(name="cadical153") as s:
        for v in g:
            s.add_clause(x[v])
        for u, v in g.edges:
            for c in range(k):
                s.add_clause([-x[u][c], -x[v][c]])
        for c, v in enumerate(q[:k]):
            s.add_clause([x[v][c]])
        s.conf_budget(20_000)
        while time.perf_counter() < deadline:
            r = s.solve_limited()
            if r is not None:
                return r
            s.conf_budget(20_000)
    return None


def chromatic(g: nx.Graph, timeout: float) -> tuple[int, bool]:
    deadline = time.perf_counter() + timeout
    q = clique(g)
    ub = max(nx.greedy_color(g, "DSATUR").values()) + 1
    for k in range(ub - 1, len(q) - 1, -1):
        r = colorable(g, k, q, deadline)
        if r is None:
            return ub, False
        if not r:
            return k + 1, True
        ub = k
    return ub, True


def read(path: str) -> nx.Graph:
    g = nx.Graph()
    with open(path) as lines:
        for f in map(str.split, lines):
            if f and f[0] == "p":
                g.add_nodes_from(range(1, int(f[2]) + 1))
            elif f and f[0] == "e" and f[1] != f[2]:
                g.add_edge(int(f[1]), int(f[2]))
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="chi by the plain python-sat peer: chi proven seconds")
    ap.add_argument("file", metavar="FILE.col", help="a DIMACS .col graph")
    ap.add_argument("timeout", metavar="TIMEOUT", type=float, nargs="?", default=20.0,
                    help="seconds (default 20)")  # fmt: skip
    args = ap.parse_args(argv)
    if not args.timeout > 0:
        ap.error(f"TIMEOUT must be a positive number of seconds, got {args.timeout}")
    try:
        graph = read(args.file)
    except OSError as exc:
        ap.error(f"{args.file}: {exc.strerror or exc}")
    except (ValueError, IndexError) as exc:
        ap.error(f"{args.file}: not a DIMACS .col file ({exc})")
    if not graph:
        ap.error(f"{args.file}: no vertices (a DIMACS .col file has a 'p edge N M' line)")
    t0 = time.perf_counter()
    chi, proven = chromatic(graph, args.timeout)
    print(chi, proven, round(time.perf_counter() - t0, 4))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
