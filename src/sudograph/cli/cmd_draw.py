"""``sudograph draw GRAPH|PUZZLE --png FILE | --svg FILE``: a graph drawn in its colours.

GRAPH is ``petersen``, ``sudoku:RxC`` (or ``sudoku:N``) or a DIMACS ``.col`` file; it is
coloured first with ``--method`` (``--colors K`` colours, else its chromatic number), so
``sudograph draw petersen --png p.png`` gives seed 002's figure 4 (1 red, 2 blue, 3 yellow).
A PUZZLE is drawn as its Sudoku graph coloured by its solution (figure 8b), each vertex
labelled with the grid's symbol for its colour (those ``show`` writes: ``A``..``G`` past 9 on a
16×16, ``0`` for colour 1 with ``--alphabet 0123456789ABCDEF``); a GRAPH's vertices show their
colour numbers. ``--no-color`` draws the bare graph (figure 8a). ``--trace
FILE.gif|FILE.svg|FOLDER`` draws a PUZZLE's search step by step instead (SVG frames, an
animated SVG or a GIF).
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import InvalidArgument, ParseError
from ..graph import Graph
from ..grid import Grid
from ..methods import check_method, methods_for
from .common import add_grid_options, fail, no_grid_error, no_variant_on_graph, read_items

GRAPH_SUFFIXES = (".col", ".dimacs")


def register(subparsers: Any) -> None:
    """Add the ``draw`` sub-command."""
    p = subparsers.add_parser(
        "draw",
        help="draw a graph (petersen, sudoku:RxC, a .col file) or a puzzle's graph in colours",
        description="Colour a graph (or solve a puzzle) and save it as a picture.",
    )
    p.add_argument(
        "source", metavar="GRAPH|PUZZLE", help="petersen, sudoku:RxC, FILE.col, a puzzle"
    )
    p.add_argument("--png", metavar="FILE", help="save as PNG")
    p.add_argument("--svg", metavar="FILE", help="save as SVG")
    p.add_argument(
        "--trace",
        metavar="OUT",
        help="a puzzle's search, step by step: OUT.gif, OUT.svg (animated) or a folder of frames",
    )
    p.add_argument(
        "--method",
        metavar="METHOD",
        help="a puzzle: any method (default propagate; naive for --trace); a graph: one of "
        + ", ".join(methods_for("graph"))
        + " (default naive)",
    )
    p.add_argument("--colors", type=int, metavar="K", help="number of colours (graphs)")
    p.add_argument("--no-color", action="store_true", help="draw the graph without colouring it")
    p.add_argument("--max-frames", type=int, default=120, metavar="N", help="--trace frames")
    p.add_argument("--max-nodes", type=int, default=2000, metavar="N", help="--trace node cap")
    p.add_argument("--size", type=int, metavar="PX", help="picture width in pixels")
    add_grid_options(p, json_flag=False)
    p.set_defaults(func=run)


def is_graph_arg(arg: str) -> bool:
    """True for ``petersen``, ``sudoku:...`` and graph files; False for a puzzle.

    >>> is_graph_arg("petersen"), is_graph_arg("sudoku:2x3"), is_graph_arg("1.3.....2...4..1")
    (True, True, False)
    """
    return arg == "petersen" or arg.startswith("sudoku:") or arg.lower().endswith(GRAPH_SUFFIXES)


MIN_SIZE, MAX_SIZE = 16, 8192
"""The picture widths ``--size`` takes, in pixels."""


def run(args: argparse.Namespace) -> int:
    """Colour or solve, then save the picture(s) asked for."""
    from .. import render

    targets = [(fmt, path) for fmt, path in (("png", args.png), ("svg", args.svg)) if path]
    if not targets and not args.trace:
        raise InvalidArgument("say where to draw: --png FILE, --svg FILE or --trace OUT")
    if args.size is not None and not MIN_SIZE <= args.size <= MAX_SIZE:
        raise InvalidArgument(f"--size must be {MIN_SIZE}..{MAX_SIZE} pixels, got {args.size}")
    for name in ("max_frames", "max_nodes"):
        if getattr(args, name) < 1:
            option = "--" + name.replace("_", "-")
            raise InvalidArgument(f"{option} must be at least 1, got {getattr(args, name)}")
    if args.method is not None:
        check_method(args.method, "graph" if is_graph_arg(args.source) else "sudoku")
    symbols: str | None = None  # a graph's colours are numbers
    if is_graph_arg(args.source):
        if args.trace:
            raise InvalidArgument("--trace draws a puzzle's search: give a puzzle, not a graph")
        no_variant_on_graph(args)
        from .common import load_graph

        graph: Graph = load_graph(args.source)
        coloring = None if args.no_color else color_graph(graph, args.colors, args.method)
    else:
        grid = _first_grid(args)
        if grid is None:
            return fail(no_grid_error(args.source))
        if args.trace:
            render.save_trace(args.trace, grid, args.method or "naive",
                              max_frames=args.max_frames, max_nodes=args.max_nodes,
                              size=args.size)  # fmt: skip
        graph = grid.graph
        coloring = None if args.no_color else _solve_grid(grid, args.method)
        symbols = grid.alphabet  # the vertices labelled as show writes the grid
    for fmt, path in targets:
        render.save_graph(graph, path, coloring, fmt=fmt, size=args.size or 480, symbols=symbols)
    return 0


def color_graph(graph: Graph, k: int | None, method: str | None) -> tuple[int, ...]:
    """A proper colouring of ``graph`` with ``k`` colours (default: its chromatic number,
    found by DSATUR branch and bound within 10 s), made by ``method`` (default ``naive``, which
    gives seed 002's figure 4 on the Petersen graph; DSATUR's colouring if the method stops).

    Raises :class:`InvalidArgument` when no k-colouring exists or k is out of range.
    """
    from ..search.chromatic import chromatic_number
    from ..solve import color

    best = None
    if k is None:
        best = chromatic_number(graph, timeout=10.0)
        k = max(best.chromatic_number, 1)
    result = color(graph, k, method or "naive", max_nodes=1_000_000, timeout=10.0)
    if result.solution is not None:
        return result.solution
    if result.status == "unsatisfiable":
        raise InvalidArgument(f"the graph has no proper colouring with {k} colours")
    if best is None:
        best = chromatic_number(graph, timeout=10.0)
    if best.chromatic_number <= k:
        return best.coloring
    raise InvalidArgument(f"no {k}-colouring found within the caps ({result.reason})")


def _first_grid(args: argparse.Namespace) -> Grid | None:
    for _, item in read_items(args.source, args):
        if isinstance(item, ParseError):
            raise item
        return item
    return None


def _solve_grid(grid: Grid, method: str | None) -> tuple[int, ...]:
    from ..solve import solve

    result = solve(grid, method or "propagate", timeout=30.0)
    if result.grid is None:
        raise InvalidArgument(f"the puzzle was not solved ({result.status} {result.reason})")
    return result.grid.values
