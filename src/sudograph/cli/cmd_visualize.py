"""``sudograph visualize PUZZLE|GRAPH -o page.html``: the search as one self-contained page.

The page (see :mod:`sudograph.visualize`) replays the trace of ``--method`` (give it twice to
compare two methods in lockstep; default ``naive``, ``dsatur`` for a graph) on the grid and on
its graph. A GRAPH (``petersen``, ``sudoku:RxC``, a DIMACS ``.col`` file) is coloured with
``-k`` colours, or its chromatic number. ``-o -`` writes the page to standard output.
PUZZLE is one puzzle: inline, or a file (or ``-``) that holds one; a file of several is
refused, saying how many it holds. A method given twice, or an output that cannot be written
(its folder missing, a folder, not writable), is refused before the search, which may take seconds.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import InvalidArgument
from .cmd_draw import is_graph_arg, only_grid
from .common import (
    add_grid_options,
    check_writable,
    load_graph,
    no_variant_on_graph,
    seconds,
    whole,
)

DEFAULT_METHOD = "naive"
GRAPH_METHOD = "dsatur"
"""The default for a GRAPH: the static order of ``naive`` gets lost on DIMACS graphs (homer
with 13 colours: 200,000 nodes without a solution; dsatur colours it in 561)."""


def register(subparsers: Any) -> None:
    """Add the ``visualize`` sub-command."""
    from ..visualize import LABELS, TRACEABLE

    p = subparsers.add_parser(
        "visualize",
        help="an interactive HTML page of the search, grid and graph side by side",
        description="Write one self-contained HTML page (no network) that replays the search "
        "step by step on the grid and its graph; two --method compare them in lockstep.",
    )
    p.add_argument(
        "source", metavar="PUZZLE|GRAPH", help="a puzzle, a file, petersen, sudoku:RxC, FILE.col"
    )
    p.add_argument(
        "--method",
        "-m",
        action="append",
        metavar="M",
        help=f"traced method, once or twice: {', '.join(TRACEABLE)} (default {DEFAULT_METHOD}, "
        f"{GRAPH_METHOD} for a GRAPH)",
    )
    p.add_argument("-k", type=whole(1), help="colours for a GRAPH (default: its chromatic number)")
    p.add_argument("--lang", choices=sorted(LABELS), default="en", help="labels of the page")
    p.add_argument(
        "--max-steps",
        type=whole(1),
        default=20_000,
        metavar="N",
        help="events kept per method (default 20,000)",
    )
    p.add_argument(
        "--max-nodes",
        type=whole(0),
        default=200_000,
        metavar="N",
        help="stop a search after N nodes (default 200,000)",
    )
    p.add_argument(
        "--timeout",
        type=seconds,
        default=30.0,
        metavar="S",
        help="stop a search after S seconds (default 30)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the force layout (graphs)")
    p.add_argument("--title", help="heading of the page")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="page.html, or -")
    add_grid_options(p, json_flag=False)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Trace, build the page, write it."""
    from ..visualize import visualize

    methods = args.method or []
    for i, m in enumerate(methods):
        if m in methods[:i]:
            raise InvalidArgument(f"--method: {m} given twice")
    x: Any
    default = DEFAULT_METHOD
    if is_graph_arg(args.source):
        no_variant_on_graph(args, grid_options=True)
        x = load_graph(args.source)
        default = GRAPH_METHOD
    else:
        if args.k is not None:
            raise InvalidArgument("-k applies to a GRAPH; a puzzle has its own colours")
        x = only_grid(args, "visualize")
    check_writable(args.output)
    page = visualize(
        x,
        methods or [default],
        k=args.k,
        lang=args.lang,
        max_steps=args.max_steps,
        max_nodes=args.max_nodes,
        timeout=args.timeout,
        seed=args.seed,
        title=args.title,
    )
    if args.output == "-":
        sys.stdout.write(page)
    else:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(page)
    return 0
