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

PUZZLE is one puzzle: inline, or a file (or ``-``) that holds one. Exit code: 0 drawn; 1 a
negative answer, on standard error: the puzzle has no solution, the graph no ``--colors K``
colouring (or none found within the caps); nothing is drawn then but the ``--trace``; 2 bad
input or arguments (a ``--png`` file not named .png, a ``--svg`` file not named .svg).
"""

from __future__ import annotations

import argparse
import shlex
from typing import Any

from ..errors import InvalidArgument, ParseError, SudographError
from ..graph import MAX_SIDE, Graph
from ..grid import Grid
from ..methods import check_method, methods_for
from .common import (
    STDIN,
    add_grid_options,
    is_variant_file,
    no_grid_error,
    no_variant_on_graph,
    read_items,
    warn,
    whole,
)

GRAPH_SUFFIXES = (".col", ".dimacs")

MAX_COUNTED = 10_000
"""Puzzles of a file counted at most, to say how many it holds when one is wanted."""


class NoAnswer(SudographError):
    """A negative answer (no solution, no k-colouring found): exit code 1, not an error."""


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
    p.add_argument("--colors", type=whole(1), metavar="K", help="number of colours (graphs)")
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
    for fmt, path in targets:
        if not path.lower().endswith("." + fmt):
            raise InvalidArgument(f"--{fmt} writes {fmt.upper()}: name the file .{fmt}, "
                                  f"got {path!r}")  # fmt: skip
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
        no_variant_on_graph(args, grid_options=True)
        from .common import load_graph

        graph: Graph = load_graph(args.source)
        try:
            coloring = None if args.no_color else color_graph(graph, args.colors, args.method)
        except NoAnswer as exc:
            return _no_answer(str(exc), targets, None)
    else:
        grid = only_grid(args, "draw")
        if args.trace:
            render.save_trace(args.trace, grid, args.method or "naive",
                              max_frames=args.max_frames, max_nodes=args.max_nodes,
                              size=args.size)  # fmt: skip
        graph = grid.graph
        try:
            coloring = None if args.no_color else _solve_grid(grid, args.method)
        except NoAnswer as exc:
            return _no_answer(str(exc), targets, args.trace)
        symbols = grid.alphabet  # the vertices labelled as show writes the grid
    for fmt, path in targets:
        render.save_graph(graph, path, coloring, fmt=fmt, size=args.size or 480, symbols=symbols)
    return 0


def color_graph(graph: Graph, k: int | None, method: str | None) -> tuple[int, ...]:
    """A proper colouring of ``graph`` with ``k`` colours (default: its chromatic number,
    found by DSATUR branch and bound within 10 s), made by ``method`` (default ``naive``, which
    gives seed 002's figure 4 on the Petersen graph; DSATUR's colouring if the method stops).
    Above 64 colours (what a Problem holds) the default is method ``sat`` on the graph, with
    a timeout only (fpsol2.i.1's 65 colours): the chromatic number's colouring when it was
    found, else :func:`sudograph.solve.color`'s.

    Raises :class:`NoAnswer` when no k-colouring exists (or none is found within the caps),
    :class:`InvalidArgument` when k is out of range.
    """
    from ..search.chromatic import ChromaticResult, chromatic_number
    from ..solve import color

    def portfolio() -> ChromaticResult:
        found = chromatic_number(graph, timeout=10.0)
        if found.interrupted:  # Ctrl-C: nothing drawn
            raise KeyboardInterrupt
        return found

    best = None
    if k is None:
        best = portfolio()
        k = max(best.chromatic_number, 1)
    if min(k, graph.n) > MAX_SIDE and method in (None, "sat"):
        # a Problem holds 64 colours: above, method sat colours the graph itself (DSATUR
        # first), which takes a timeout only; the portfolio's colouring serves when it fits
        if best is not None and best.chromatic_number <= k:
            return best.coloring
        result = color(graph, k, "sat", timeout=10.0)
    else:
        result = color(graph, k, method or "naive", max_nodes=1_000_000, timeout=10.0)
    if result.solution is not None:
        return result.solution
    if result.status == "unsatisfiable":
        raise NoAnswer(f"the graph has no proper colouring with {k} colours")
    if best is None:
        best = portfolio()
    if best.chromatic_number <= k:
        return best.coloring
    raise NoAnswer(f"no {k}-colouring found within the caps ({result.reason})")


def _no_answer(message: str, targets: list[tuple[str, str]], trace: str | None) -> int:
    """Say on standard error that there is nothing to draw in colours (and where the trace
    is); return 1, the exit code of a negative answer."""
    if targets:
        message += f": {' and '.join(path for _, path in targets)} not drawn"
    if trace:
        message += f" (the search is drawn in {trace})"
    warn(message)
    return 1


def only_grid(args: argparse.Namespace, command: str) -> Grid:
    """The one puzzle ``args.source`` gives (inline, a file or ``-``).

    Raises its :class:`ParseError` when it cannot be read; :class:`InvalidArgument` when the
    source holds no puzzle or several, saying how many (up to :data:`MAX_COUNTED`), and how to
    give one of them.
    """
    items: list[tuple[int | None, Grid | ParseError]] = []
    for no, item in read_items(args.source, args):
        items.append((no, item))
        if len(items) > MAX_COUNTED:
            break
    if not items:
        raise InvalidArgument(no_grid_error(args.source))
    if len(items) > 1:
        name = STDIN if args.source == "-" else args.source
        many = f"more than {MAX_COUNTED:,}" if len(items) > MAX_COUNTED else str(len(items))
        raise InvalidArgument(f"{name} holds {many} puzzles: {command} takes one "
                              f"({_how_to_give_one(args.source, items, command)})")  # fmt: skip
    no, item = items[0]
    if isinstance(item, ParseError):
        raise item
    return item


def _how_to_give_one(
    source: str, items: list[tuple[int | None, Grid | ParseError]], command: str
) -> str:
    """A hint for giving one puzzle of a file: its line piped in when the file holds one
    puzzle per line (two puzzles fewer lines apart than a grid has rows)."""
    (first, grid), (second, _) = items[:2]
    one_per_line = (
        source != "-"
        and isinstance(grid, Grid)
        and first is not None
        and second is not None
        and second - first < grid.n
        and not is_variant_file(source)
    )
    if not one_per_line:
        return "give one puzzle, inline or in a file of its own"
    return f"give one line, e.g. sed -n {first}p {shlex.quote(source)} | sudograph {command} -"


def _solve_grid(grid: Grid, method: str | None) -> tuple[int, ...]:
    """The solution's values; :class:`NoAnswer` when there is none or it was not found."""
    from ..solve import solve

    result = solve(grid, method or "propagate", timeout=30.0)
    if result.grid is not None:
        return result.grid.values
    if result.status == "unsatisfiable":
        raise NoAnswer("the puzzle has no solution")
    raise NoAnswer(f"the puzzle was not solved ({result.status}: {result.reason})")
