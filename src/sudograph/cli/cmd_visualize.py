"""``sudograph visualize PUZZLE|GRAPH -o page.html``: the search as one self-contained page.

The page (see :mod:`sudograph.visualize`) replays the trace of ``--method`` (give it twice to
compare two methods in lockstep; default ``naive``, ``dsatur`` for a graph) on the grid and on
its graph. A GRAPH (``petersen``, ``sudoku:RxC``, a DIMACS ``.col`` file) is coloured with
``-k`` colours, or else with its chromatic number (or, when 10 s do not prove it, the fewest
colours found), which a line on standard error and the page say. A DIMACS file's vertices
are named by their numbers in the file (from 1), as ``draw`` names them; those of
``petersen`` from 0; ``sudoku:RxC`` is drawn as its grid, and its vertices are its cells
(``r1c1``...). A graph above :data:`~sudograph.visualize.FORCE_MAX` vertices is laid out on a
lattice, not by the force layout (a line on standard error says so). ``-o -`` writes the page
to standard output (nothing when standard output is closed).
PUZZLE is one puzzle: inline, or a file (or ``-``) that holds one; a file of several is
refused, saying how many it holds. A method given twice, or an output that cannot be written
(empty, ending in ``/``, its folder missing, a folder, not writable), is refused before the
search, which may take seconds. ``--timeout`` bounds each search, not the layout nor the 10 s
of finding a graph's k.

Exit code: 0 every search found a solution; 1 a negative answer (the puzzle has no solution,
the graph no colouring with k colours) or one cut short (``--max-nodes``, ``--timeout``)
before a solution, said in one line on standard error: the page is written all the same;
2 bad input or arguments (a graph that needs more than 64 colours without ``-k``); 130 Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._text import plural
from ..errors import InvalidArgument, write_text
from ..graph import MAX_SIDE
from ..visualize import DEFAULT_METHOD, GRAPH_METHOD
from .cmd_draw import is_graph_arg, load_named_graph, only_grid
from .common import (
    add_grid_options,
    check_writable,
    no_variant_on_graph,
    output_path,
    placed_clash,
    seconds,
    warn,
    whole,
)

if TYPE_CHECKING:
    from ..visualize import ColourCount

OTHER_FORMATS = frozenset(
    (".png", ".svg", ".gif", ".jpg", ".jpeg", ".webp", ".pdf", ".json", ".txt", ".csv", ".col")
)
"""Suffixes of other formats, refused for ``-o`` (the page is HTML; any other name is taken)."""


def colours(text: str) -> int:
    """``-k``: a whole number of colours, 1 to 64 (the most a traced search takes), refused
    as a usage error that names the option (``-k: must be <= 64, got 65``).

    >>> colours("64")
    64
    >>> colours("65")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be <= 64 (the most colours a traced search takes), got 65
    """
    value: int = whole(1)(text)
    if value > MAX_SIDE:
        raise argparse.ArgumentTypeError(
            f"must be <= {MAX_SIDE} (the most colours a traced search takes), got {value}"
        )
    return value


def register(subparsers: Any) -> None:
    """Add the ``visualize`` sub-command."""
    from ..visualize import LABELS, TRACEABLE

    p = subparsers.add_parser(
        "visualize",
        help="an interactive HTML page of the search, grid and graph side by side",
        description="Write one self-contained HTML page (no network) that replays the search "
        "step by step on the grid and its graph; two --method compare them in lockstep.",
        epilog="Exit code: 0 solved (every search found a solution); 1 no solution (the puzzle "
        "has none, the graph no k-colouring) or a search stopped by --max-nodes or --timeout "
        "before one, said on standard error (the page is written all the same); 2 bad input "
        "or arguments; 130 interrupted. A GRAPH without -k gets its chromatic number, or the "
        "fewest colours found in 10 s: standard error says which k and whether it is proven.",
    )
    p.add_argument(
        "source", metavar="PUZZLE|GRAPH", help="a puzzle, a file, petersen, sudoku:RxC, FILE.col"
    )
    p.add_argument(
        "--method",
        "-m",
        action="append",
        metavar="M",
        help=f"traced method, once or twice: {', '.join(TRACEABLE)} (default, or auto: "
        f"{DEFAULT_METHOD}, {GRAPH_METHOD} for a GRAPH)",
    )
    p.add_argument(
        "-k",
        type=colours,
        help="colours for a GRAPH (default: its chromatic number, or the fewest colours found "
        "in 10 s; standard error says which)",
    )
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
        help="stop each search after S seconds (default 30; the layout and the 10 s of "
        "finding a GRAPH's k come on top)",
    )
    p.add_argument("--seed", type=whole(0), default=0, help="seed of the force layout (graphs)")
    p.add_argument("--title", help="heading of the page (as written: @DATA@ stays text)")
    p.add_argument(
        "-o", "--output", type=output_path, required=True, metavar="FILE", help="page.html, or -"
    )
    add_grid_options(p, json_flag=False)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Trace, build the page, write it; the exit code says whether every search found a
    solution (0) or not (1, with one line on standard error)."""
    from ..visualize import FORCE_MAX, check_methods, choose_k, visualize

    suffix = Path(args.output).suffix.lower()
    if suffix in OTHER_FORMATS and not args.output.endswith(("/", os.sep)):  # (a folder: below)
        raise InvalidArgument(
            f"-o writes an HTML page: name the file .html, got {args.output!r}"
            + (" (draw writes pictures)" if suffix in (".png", ".svg", ".gif") else "")
        )
    methods = args.method or []
    for i, m in enumerate(methods):
        if m in methods[:i]:
            raise InvalidArgument(f"--method: {m} given twice")
    x: Any
    default = DEFAULT_METHOD
    k: int | ColourCount | None = args.k
    graph = is_graph_arg(args.source)
    place = None  # where the puzzle was read (a graph's faults are its reader's)
    if graph:
        no_variant_on_graph(args, grid_options=True)
        x = load_named_graph(args.source)
        default = GRAPH_METHOD
    else:
        if args.k is not None:
            raise InvalidArgument("-k applies to a GRAPH; a puzzle has its own colours")
        place, x = only_grid(args, "visualize")
    # auto: the default traced method (as draw and color take it: their default's name)
    chosen = [default if m == "auto" else m for m in methods] or [default]
    methods = check_methods(chosen, also=["auto"])
    check_writable(args.output)
    if k is None and graph:
        k = choose_k(x)
        _check_count(k, args.source)
        warn(f"{k.describe()}; give -k K to choose")
    if graph and x.n > FORCE_MAX:  # (a Sudoku graph has at most 64² vertices: a grid)
        warn(f"{plural(x.n, 'vertex', 'vertices')}: the graph view puts them on a lattice in "
             f"breadth-first order (the force layout takes up to {FORCE_MAX:,})")  # fmt: skip
    with placed_clash(place):
        page = visualize(
            x,
            methods,
            k=k,
            lang=args.lang,
            max_steps=args.max_steps,
            max_nodes=args.max_nodes,
            timeout=args.timeout,
            seed=args.seed,
            title=args.title,
        )
    if args.output == "-":  # (started with it closed, `>&-`: the write fails, one line)
        sys.stdout.write(page)
    else:
        write_text(args.output, page)  # an error names the file (a full disk too)
    return _outcome(page.runs, page.k if graph else None, args.output)


def _check_count(count: ColourCount, source: str) -> None:
    """Refuse a graph whose chosen k is above the 64 colours of a traced search, saying how to
    go on (``-k``, or ``draw``, which colours it with method sat)."""
    from ..visualize import check_colour_count

    picture = shlex.quote(Path(source).stem + ".svg")
    try:
        check_colour_count(count, how="give -k K")
    except InvalidArgument as exc:
        raise InvalidArgument(
            f"{source}: {exc}, or colour it with: sudograph draw {shlex.quote(source)} "
            f"--svg {picture}"
        ) from None


def _outcome(runs: list[dict[str, Any]], k: int | None, output: str) -> int:
    """0 when every run found a solution; else one line on standard error and 1 (130 after
    Ctrl-C): the puzzle has no solution, the graph no k-colouring, or a search was stopped."""
    unsolved = [r for r in runs if r["status"] != "solved"]
    if not unsolved:
        return 0
    if any(r["status"] == "unsatisfiable" for r in unsolved):
        what = (
            "the puzzle has no solution"
            if k is None
            else f"the graph has no proper colouring with {plural(k, 'colour')}"
        )
    else:
        what = "; ".join(
            f"{r['method']} stopped ({r['reason']}) after {plural(r['stats']['nodes'], 'node')}, "
            "before a solution"
            for r in unsolved
        )
        found = [r["method"] for r in runs if r["status"] == "solved"]
        if found:
            what += f" ({' and '.join(found)} found one)"
    where = "standard output" if output == "-" else output
    warn(f"{what}: the page shows the search ({where})")
    return 130 if any(r["reason"] == "interrupted" for r in unsolved) else 1
