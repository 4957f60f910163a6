"""``sudograph info [--box RxC | --size N] [PUZZLE | GRAPH]``: the Sudoku graph's figures.

With a puzzle, also its clues, empty cells and the brute-force search space of the NSI
exercise (seed 000): ``k^empty`` grids to try, and the time at 10^6 grids per second (plain
numbers from a millionth to a thousand million millions, ``2.2e70`` past them). With a GRAPH
(``petersen``, ``sudoku:RxC`` in any case, a DIMACS file: named ``.col`` or ``.dimacs``, or
any file whose head holds a ``p edge N M`` line, as ``color`` reads it), that graph's figures.
Without a puzzle, a ``--regions`` map of N×N cells gives the grid's side (6×6 for 36 cells,
its boxes 2×3 unless ``--box`` says otherwise: the regions replace the boxes). The options
that would change nothing are refused in one line: ``--size``/``--box`` and the rules of a
puzzle with a GRAPH, ``--alphabet`` (a puzzle's symbols) with a GRAPH or without a puzzle.
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from .._text import plural
from ..errors import InvalidArgument, ParseError, SudographError
from ..graph import Graph
from ..grid import Box, Grid, box_for
from ..variants import Variant
from .cmd_draw import is_graph_arg
from .common import (
    add_grid_options,
    describe_item,
    graph_arg,
    load_graph,
    no_grid_error,
    no_variant_on_graph,
    print_error_json,
    print_json,
    read_items,
    regions_box,
    report_error,
    sudoku_shape,
    with_variant,
)

RATE = 10**6
"""Grids per second of the brute-force estimate (the NSI document's machine)."""

MAX_EXACT_DIGITS = 4000
"""Larger brute-force counts are given as ``k^e`` and a logarithm only (not as an integer)."""


def register(subparsers: Any) -> None:
    """Add the ``info`` sub-command."""
    p = subparsers.add_parser(
        "info",
        help="graph figures; with a puzzle, clues, empty cells and the brute-force space",
        description="Vertices, edges, degree and houses of the Sudoku graph; with a puzzle "
        "also its clues, empty cells and k^empty grids for brute force at 10^6 grids/s; with "
        "a GRAPH (petersen, sudoku:RxC, a DIMACS file: .col, or any file with a 'p edge' "
        "line) that graph's figures.",
    )
    p.add_argument(
        "source", nargs="?", metavar="PUZZLE|FILE|-|GRAPH", help="optional puzzle(s) or a graph"
    )
    p.add_argument("--size", type=int, metavar="N", help="grid side N (N = k² unless --box)")
    add_grid_options(p)
    p.set_defaults(func=run)


def graph_info(graph: Graph, k: int, grid: Grid | None = None) -> dict[str, Any]:
    """Name, vertices, edges, degree (min, max), houses and k (with ``grid``, a variant's:
    what its houses are, and its cages)."""
    info = {"graph": graph.name, **graph.stats(), "k": k}
    variant = grid.variant if grid is not None else None
    kinds = "rows, columns, " + ("regions" if variant and variant.regions else "boxes")
    extra = info["houses"] - 3 * k
    if variant is not None and extra > 0:
        named = [name for name in variant.names if name in HOUSE_VARIANTS]
        kinds += f"; {extra} from {'+'.join(named) or 'cages'}"
    info["house_kinds"] = kinds
    if variant is not None and variant.cages:
        info["cages"] = len(variant.cages)
    return info


HOUSE_VARIANTS = ("x", "windoku", "disjoint", "centre-dot", "asterisk")
"""The variants that add houses (the others add edges, or replace the boxes)."""


def brute_force(k: int, empty: int) -> dict[str, Any]:
    """The search space of trying every value in every empty cell, and its time at 10^6/s.

    >>> b = brute_force(9, 45)
    >>> b["brute_force_expr"], round(b["brute_force_log10"], 2), round(b["brute_force_days_log10"])
    ('9^45', 42.94, 32)
    """
    log_grids = empty * math.log10(k) if k > 1 else 0.0
    log_seconds = log_grids - math.log10(RATE)
    log_days = log_seconds - math.log10(86400)
    exact = k**empty if log_grids < MAX_EXACT_DIGITS else None
    return {
        "brute_force_grids": exact,
        "brute_force_expr": f"{k}^{empty}",
        "brute_force_log10": log_grids,
        "brute_force_seconds_log10": log_seconds,
        "brute_force_days_log10": log_days,
    }


def sci(log10: float) -> str:
    """A number given by its base-10 logarithm, written ``8.7e42`` (any size)."""
    exponent = math.floor(log10)
    mantissa = 10 ** (log10 - exponent)
    if mantissa >= 9.95:
        mantissa, exponent = 1.0, exponent + 1
    return f"{mantissa:.1f}e{exponent}"


PLAIN_LOG10 = (-6, 15)
"""The numbers :func:`readable` writes plainly: from 10^-6 up to (not including) 10^15."""


def readable(log10: float) -> str:
    """A number given by its base-10 logarithm, written plainly with two significant digits
    (thousands grouped) from a millionth to below 10^15, as :func:`sci` writes it past them.

    >>> readable(math.log10(17)), readable(-6), readable(math.log10(1073.7)), readable(70.3)
    ('17', '0.000001', '1,100', '2.0e70')
    >>> readable(math.log10(4.9e-5)), readable(-11.0)
    ('0.000049', '1.0e-11')

    The range is that of the number once rounded: 9.96e14 is 1.0e15, 9.96e-7 a millionth.

    >>> readable(math.log10(9.96e14)), readable(math.log10(9.96e-7))
    ('1.0e15', '0.000001')
    """
    low, high = PLAIN_LOG10
    if not low - 1 <= log10 < high + 1:
        return sci(log10)
    value = float(f"{10**log10:.2g}")  # two significant digits
    if not low <= round(math.log10(value), 9) < high:
        return sci(log10)
    if value >= 10:
        return f"{round(value):,}"
    decimals = max(0, 1 - math.floor(math.log10(value)))
    return f"{value:.{decimals}f}".rstrip("0").rstrip(".") if decimals else f"{value:g}"


def puzzle_info(no: int | None, grid: Grid) -> dict[str, Any]:
    """Line, clues, empty cells and the brute-force figures of one grid."""
    empty = len(grid.values) - grid.clues
    return {"line": no, "clues": grid.clues, "empty": empty, **brute_force(grid.n, empty)}


def _degree(info: dict[str, Any]) -> str:
    """The degree of :meth:`Graph.stats`: ``3``, or ``3..5`` when it varies."""
    d = info["degree"]
    return str(d["min"]) if d["min"] == d["max"] else f"{d['min']}..{d['max']}"


def _graph_lines(info: dict[str, Any]) -> list[str]:
    degree = _degree(info)
    return [
        f"graph: {info['graph']}",
        f"vertices: {info['vertices']}",
        f"edges: {info['edges']}",
        f"degree: {degree}",
        f"houses: {info['houses']} ({info['house_kinds']})",
        *([f"cages: {info['cages']}"] if "cages" in info else []),
        f"colours: {info['k']}",
    ]


def _puzzle_lines(where: str, p: dict[str, Any]) -> list[str]:
    exact = p["brute_force_grids"]
    count = f"{exact:,}" if exact is not None and exact < 10**15 else sci(p["brute_force_log10"])
    return [
        f"{where}: {plural(p['clues'], 'clue')}, {p['empty']} empty",
        f"  brute force: {p['brute_force_expr']} = {count} grid{'' if exact == 1 else 's'}",
        f"  at 10^6 grids per second: {readable(p['brute_force_seconds_log10'])} s"
        f" = {readable(p['brute_force_days_log10'])} days",
    ]


def _graph_figures(args: argparse.Namespace) -> int:
    """``info GRAPH``: name, vertices, edges, degree and exact houses of any graph."""
    no_variant_on_graph(args)
    if args.size is not None or args.box is not None:
        raise InvalidArgument(
            f"--size and --box shape a Sudoku grid, not the graph {args.source!r}"
        )
    if args.alphabet is not None:  # a graph's figures name no value: it would change nothing
        raise InvalidArgument(
            f"--alphabet spells the values of a Sudoku grid, not the graph {args.source!r}"
        )
    shape = sudoku_shape(graph_arg(args.source))
    if shape is not None:  # the Sudoku graph: the figures of info --box
        return _grid_figures(Grid.empty(shape), args.json)
    graph = load_graph(args.source)
    info = {"graph": graph.name, **graph.stats()}
    if args.json:
        print_json(info)
        return 0
    for key, value in [*info.items()][:3]:
        print(f"{key}: {value}")
    print(f"degree: {_degree(info)}\nhouses: {info['houses']}")
    return 0


def _grid_figures(grid: Grid, as_json: bool) -> int:
    """Print the figures of ``grid``'s graph (its rules included), as text or JSON."""
    info = graph_info(grid.graph, grid.n, grid)
    if as_json:
        print_json(info)
    else:
        print("\n".join(_graph_lines(info)))
    return 0


def is_graph_source(source: str) -> bool:
    """True for a GRAPH argument: a graph's name, a graph file's suffix or a file whose
    content is DIMACS, whatever its name (:func:`~sudograph.cli.cmd_draw.is_graph_arg`):
    ``color`` reads such a file, and as a puzzle file it would only give errors."""
    return is_graph_arg(graph_arg(source))


def _box(args: argparse.Namespace) -> Box | None:
    if args.size is not None:
        try:
            return box_for(args.size, args.box)
        except InvalidArgument as exc:
            raise InvalidArgument(f"--size {args.size}: {exc}") from None
    return args.box  # type: ignore[no-any-return]


def run(args: argparse.Namespace) -> int:
    """Print the figures of the graph (and of each puzzle given); return the exit code."""
    if args.source is not None and is_graph_source(args.source):
        return _graph_figures(args)
    box = _box(args)
    if args.source is None:
        if args.alphabet is not None:  # no puzzle to read: it would change nothing
            raise InvalidArgument(
                "--alphabet spells the values of a PUZZLE: info without one gives the figures "
                "of the graph, which have none"
            )
        shape = box or regions_box(args) or (3, 3)
        grid = with_variant(Grid.empty(shape), args)  # the rules of --variant/--regions/--cages
        return _grid_figures(grid, args.json)
    args.box = box
    seen = unreadable = 0
    printed_graph: tuple[Box, Variant | None] | None = None
    for no, item in read_items(args.source, args):
        seen += 1
        if isinstance(item, ParseError):
            unreadable += 1
            report_error(item)
            if args.json:  # the row of the line, as check, count and rate write it
                print_error_json(no, str(item))
            continue
        info = graph_info(item.graph, item.n, item)
        pinfo = puzzle_info(no, item)
        if args.json:
            print_json({**info, **pinfo})
            continue
        if printed_graph != (item.box, item.variant):
            print("\n".join(_graph_lines(info)))
            printed_graph = (item.box, item.variant)
        print("\n".join(_puzzle_lines(describe_item(no), pinfo)))
    if seen == 0:
        raise SudographError(no_grid_error(args.source))
    return 2 if unreadable else 0
