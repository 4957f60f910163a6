"""``sudograph color`` (k-colouring) and ``sudograph chromatic`` (chromatic number)."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from ..methods import METHODS
from .common import load_graph, print_json

GRAPH_HELP = "a DIMACS .col file, petersen, or sudoku:RxC"


def register(sub: Any) -> None:
    """Add the ``color`` and ``chromatic`` sub-commands."""
    p = sub.add_parser(
        "color",
        help="colour a graph with k colours",
        description="Find a proper k-colouring of GRAPH (exit 1 when none).",
    )
    p.add_argument("graph", metavar="GRAPH", help=GRAPH_HELP)
    p.add_argument("-k", type=int, required=True, help="number of colours")
    p.add_argument("--method", "-m", default="dsatur", choices=sorted(METHODS))
    p.add_argument("--greedy", metavar="ORDER", help="a greedy colouring in ORDER instead")
    p.add_argument("--seed", type=int, help="seed of randomized methods")
    p.add_argument("--max-nodes", type=int, metavar="N", help="stop after N nodes")
    p.add_argument("--timeout", type=float, metavar="S", help="stop after S seconds")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run_color)

    q = sub.add_parser(
        "chromatic",
        help="the chromatic number of a graph",
        description="Exact chromatic number (DSATUR branch and bound).",
    )
    q.add_argument("graph", metavar="GRAPH", help=GRAPH_HELP)
    q.add_argument("--timeout", type=float, metavar="S", help="best bounds after S seconds")
    q.add_argument("--json", action="store_true", help="machine-readable output")
    q.set_defaults(func=run_chromatic)


def _vector(coloring: Any) -> str:
    return " ".join(str(c) for c in coloring)


def run_color(args: argparse.Namespace) -> int:
    """Colour the graph; 0 when coloured with at most k colours, 1 otherwise."""
    graph = load_graph(args.graph)
    if args.greedy:
        greedy = importlib.import_module("sudograph.search.greedy")
        g = greedy.greedy_color(graph, args.greedy, seed=args.seed)
        coloring = tuple(g.coloring)
        ok = g.colors <= args.k
        if args.json:
            print_json(
                {
                    "status": "solved" if ok else "stopped",
                    "coloring": list(coloring),
                    "colors": g.colors,
                    "nodes": 0,
                    "backtracks": 0,
                }
            )
        else:
            print(f"{g.colors} colours{'' if ok else f' (more than k={args.k})'}")
            print(_vector(coloring))
        return 0 if ok else 1
    from ..solve import color

    result = color(
        graph, args.k, args.method, seed=args.seed, max_nodes=args.max_nodes, timeout=args.timeout
    )
    if args.json:
        print_json(
            {
                "status": result.status,
                "coloring": list(result.solution) if result.solution else None,
                "nodes": result.stats.nodes,
                "backtracks": result.stats.backtracks,
            }
        )
    elif result.solution:
        print(_vector(result.solution))
    else:
        extra = f" ({result.reason})" if result.reason else ""
        print(f"no {args.k}-colouring: {result.status}{extra}")
    return 0 if result.status == "solved" else 1


def run_chromatic(args: argparse.Namespace) -> int:
    """Print χ and a colouring; exit 0 when proven, 1 when only bounds are known."""
    from ..search.chromatic import chromatic_number

    graph = load_graph(args.graph)
    r = chromatic_number(graph, timeout=args.timeout)
    if args.json:
        print_json(
            {
                "chromatic_number": r.chromatic_number,
                "proven": r.proven,
                "coloring": list(r.coloring),
                "seconds": round(r.seconds, 6),
                "lower_bound": r.lower_bound,
                "upper_bound": r.upper_bound,
            }
        )
    else:
        if r.proven:
            print(f"chromatic number: {r.chromatic_number}")
        else:
            print(f"chromatic number: between {r.lower_bound} and {r.upper_bound} (not proven)")
        print(_vector(r.coloring))
    return 0 if r.proven else 1
