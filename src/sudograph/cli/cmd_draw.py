"""``sudograph draw GRAPH|PUZZLE --png FILE | --svg FILE``: a graph drawn in its colours.

GRAPH is ``petersen``, ``sudoku:RxC`` (or ``sudoku:N``) or a DIMACS ``.col`` file; it is
coloured first with ``--method`` (``--colors K`` colours, else its chromatic number), so
``sudograph draw petersen --png p.png`` gives seed 002's figure 4 (1 red, 2 blue, 3 yellow).
A PUZZLE is drawn as its Sudoku graph coloured by its solution (figure 8b), each vertex
labelled with the grid's symbol for its colour (those ``show`` writes: ``A``..``G`` past 9 on a
16×16, ``0`` for colour 1 with ``--alphabet 0123456789ABCDEF``); a GRAPH's vertices show their
numbers: a DIMACS file's as the file writes them (from 1), those of ``petersen`` and a bare
``sudoku:RxC`` from 0 (cell ``row * N + column``). ``--no-color`` draws the bare graph (figure
8a). The names ``petersen`` and ``sudoku:RxC`` are read in any case (``Petersen``,
``SUDOKU:9``). A picture draws every edge up to :data:`sudograph.render.MAX_EDGES` (every
Sudoku graph's); past it, the first ones, saying so on standard error and in the picture.
``--trace FILE.gif|FILE.svg|FOLDER`` draws a PUZZLE's search step by step instead (SVG
frames, an animated SVG or a GIF), by a method that emits a trace (those of ``visualize``),
stopped after ``--max-nodes`` nodes (2000) or ``--timeout`` seconds (30, as ``visualize``),
``--max-frames`` frames spread evenly over the whole search: the last frame (the grid where it
stopped), and a line on standard error, say where it stopped. A FOLDER gets ``frame-0001.svg``,
``frame-0002.svg``...; the files of that pattern an earlier run left there are removed, so that
the folder holds this run's frames only (nothing else in it is touched).

Options that would do nothing are refused: ``--colors`` on a puzzle, ``--colors`` or
``--method`` with ``--no-color`` (``--method`` still drives a ``--trace``), ``--max-frames``,
``--max-nodes`` and ``--timeout`` without ``--trace``.

PUZZLE is one puzzle: inline, or a file (or ``-``) that holds one (a file of lines that are
not puzzles: its first bad line's error; a file of several: refused, with a command that
pipes in one line of it, the other options kept). Exit code: 0 drawn; 1 a negative answer,
in one line on standard error that says what was drawn: the puzzle has no solution, the graph
no ``--colors K`` colouring (or none found within the caps), and nothing is drawn but the
``--trace``; 1 too for an answer cut short, as every command (see the README): a ``--trace``
whose search ``--max-nodes`` or ``--timeout`` stopped before a solution, drawn up to there
(and the pictures asked for, drawn); 2 bad input or arguments (a ``--png`` file not named
.png, a ``--svg`` file not named .svg).
"""

from __future__ import annotations

import argparse
import shlex
import warnings
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InvalidArgument, ParseError, SudographError
from ..graph import MAX_SIDE, Graph
from ..grid import Grid
from ..methods import check_method, methods_for
from .common import (
    GRAPH_NAMES,
    STDIN,
    add_grid_options,
    check_writable,
    graph_arg,
    is_variant_file,
    no_grid_error,
    no_variant_on_graph,
    placed_clash,
    puzzle_place,
    read_items,
    seconds,
    warn,
    whole,
)

if TYPE_CHECKING:
    from ..render import Frame

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
        help="a puzzle's search, step by step: OUT.gif, OUT.svg (animated) or a folder of frames "
        "(frame-0001.svg...; the frames of an earlier run there are removed)",
    )
    p.add_argument(
        "--method",
        "-m",
        metavar="METHOD",
        help="a puzzle: any method (default propagate; naive for --trace); a graph: auto "
        "(as color: sat with the sat extra, else dsatur) or one of "
        + ", ".join(methods_for("graph"))
        + " (default naive)",
    )
    p.add_argument("--colors", type=whole(1), metavar="K", help="number of colours (graphs)")
    p.add_argument("--no-color", action="store_true", help="draw the graph without colouring it")
    p.add_argument(
        "--max-frames", type=whole(2), metavar="N", help=f"--trace frames (default {MAX_FRAMES})"
    )
    p.add_argument(
        "--max-nodes", type=whole(1), metavar="N", help=f"--trace node cap (default {TRACE_NODES})"
    )
    p.add_argument(
        "--timeout",
        type=seconds,
        metavar="S",
        help=f"--trace: stop the search after S seconds (default {TRACE_TIMEOUT:g})",
    )
    p.add_argument(
        "--size", type=whole(MIN_SIZE, MAX_SIZE, "pixels"), metavar="PX", help="picture width"
    )
    add_grid_options(p, json_flag=False)
    p.set_defaults(func=run)


"""The graphs named on the command line (besides ``sudoku:RxC`` and files)."""


def is_graph_arg(arg: str) -> bool:
    """True for ``petersen``, ``sudoku:...``, graph files by their suffix and any file whose
    content is DIMACS (:func:`~sudograph.cli.common.is_dimacs_file`, whatever its name:
    ``color`` reads it); False for a puzzle (a name in another case is one after
    :func:`graph_arg`).

    >>> is_graph_arg("petersen"), is_graph_arg("sudoku:2x3"), is_graph_arg("1.3.....2...4..1")
    (True, True, False)
    """
    from .common import is_dimacs_file

    arg = graph_arg(arg)
    if arg in GRAPH_NAMES or arg.startswith("sudoku:") or arg.lower().endswith(GRAPH_SUFFIXES):
        return True
    return is_dimacs_file(arg)


def load_named_graph(arg: str) -> Graph:
    """The graph a GRAPH argument names (see :func:`graph_arg`); a DIMACS file's vertices
    carry their numbers in the file (from 1) as labels, so that a picture names them so.

    >>> load_named_graph("Petersen").n
    10
    """
    from .common import load_graph

    name = graph_arg(arg)
    graph: Graph = load_graph(name)
    if name in GRAPH_NAMES or name.startswith("sudoku:") or graph.labels is not None:
        return graph
    return replace(graph, labels=tuple(str(v + 1) for v in range(graph.n)))


MIN_SIZE, MAX_SIZE = 16, 8192
"""The picture widths ``--size`` takes, in pixels."""

MAX_FRAMES = 120
TRACE_NODES = 2000
"""``--trace`` defaults: frames kept, nodes searched (and seconds: ``render.TRACE_TIMEOUT``)."""
SLOW_GIF_CELLS = 60_000
"""Frames times cells past which a ``--trace`` GIF takes long enough to say so (about a
millisecond a cell a frame: 20 frames of a 25x25 grid took 10 s, 50 of a 36x36 100 s)."""
TRACE_TIMEOUT = 30.0
"""``--timeout`` default, that of ``visualize`` (and of ``render.trace_states``)."""


def picture_targets(
    args: argparse.Namespace, formats: tuple[str, ...] = ("png", "svg")
) -> list[tuple[str, str]]:
    """The pictures ``--png FILE`` / ``--svg FILE`` ask for, as ``(format, path)``.

    Raises :class:`InvalidArgument` on an empty name, or one that does not end in the
    format's suffix (``--svg writes SVG: name the file .svg``).
    """
    targets = []
    for fmt in formats:
        path = getattr(args, fmt, None)
        if path is None:
            continue
        if not path.strip():
            raise InvalidArgument(f"--{fmt} needs a file name, got {path!r}")
        if not path.lower().endswith("." + fmt):
            raise InvalidArgument(f"--{fmt} writes {fmt.upper()}: name the file .{fmt}, "
                                  f"got {path!r}")  # fmt: skip
        targets.append((fmt, path))
    return targets


def _given(args: argparse.Namespace, *names: str) -> list[str]:
    """The options among ``names`` (attribute names) given on the command line."""
    return ["--" + n.replace("_", "-") for n in names if getattr(args, n) not in (None, False)]


def _refuse(given: list[str], why: str) -> None:
    if given:
        verb = "apply" if len(given) > 1 else "applies"
        raise InvalidArgument(why.format(options=", ".join(given), verb=verb))


def check_options(args: argparse.Namespace, graph: bool) -> None:
    """Refuse what a ``draw`` would not use: the trace's options without ``--trace``, the
    colouring's with ``--no-color``, ``--colors`` for a puzzle, a method that emits no trace.

    Raises :class:`InvalidArgument` naming the options and why.
    """
    if args.trace is not None and not args.trace.strip():  # (Path("") is ".", a folder)
        raise InvalidArgument(f"--trace needs a file or folder name, got {args.trace!r}")
    if not args.trace:
        _refuse(_given(args, "max_frames", "max_nodes", "timeout"),
                "{options} {verb} to --trace (a puzzle's search drawn step by step)")  # fmt: skip
    if graph:
        if args.no_color:
            _refuse(_given(args, "colors", "method"),
                    "--no-color draws the bare graph: {options} {verb} to colouring it "
                    "(without --no-color)")  # fmt: skip
        return
    if args.colors is not None:
        raise InvalidArgument("--colors applies to a GRAPH; a puzzle has its own colours")
    if args.no_color and not (args.png or args.svg):
        raise InvalidArgument("--no-color applies to the --png/--svg picture of the graph")
    if args.no_color and not args.trace:
        _refuse(_given(args, "method"),
                "--no-color draws the bare graph: {options} {verb} to solving the puzzle "
                "(without --no-color) or to --trace")  # fmt: skip
    if args.trace:
        from ..render import trace_kind
        from ..visualize import check_traceable

        try:
            check_traceable(args.method or "naive")
        except InvalidArgument as exc:
            raise InvalidArgument(f"--trace: {exc}") from None
        # the format and the place, before a search of up to --timeout seconds
        if trace_kind(args.trace, None) != "frames":
            check_writable(args.trace)
        elif Path(args.trace).exists() and not Path(args.trace).is_dir():
            raise InvalidArgument(f"--trace {args.trace}: a folder of frames, and this is a file")


def run(args: argparse.Namespace) -> int:
    """Colour or solve, then save the picture(s) asked for."""
    from .. import render

    targets = picture_targets(args)
    if not targets and not args.trace:
        raise InvalidArgument("say where to draw: --png FILE, --svg FILE or --trace OUT")
    source = graph_arg(args.source)
    is_graph = is_graph_arg(source)
    if is_graph and args.method == "auto":  # color's default, taken as color takes it
        from ..solve import color_method

        args.method = color_method("auto")
    if args.method is not None:  # (auto: a graph's only, as --help says)
        check_method(args.method, "graph" if is_graph else "sudoku", also=["auto"] * is_graph)
    if is_graph and args.trace:
        raise InvalidArgument("--trace draws a puzzle's search: give a puzzle, not a graph")
    check_options(args, is_graph)
    symbols: str | None = None  # a graph's colours are numbers
    stopped = None
    if is_graph:
        no_variant_on_graph(args, grid_options=True)
        graph: Graph = load_named_graph(source)
        try:
            coloring = None if args.no_color else color_graph(graph, args.colors, args.method)
        except NoAnswer as exc:
            return _no_answer(str(exc), targets, None)
    else:
        place, grid = only_grid(args, "draw")
        with placed_clash(place):  # the trace's search and the solve: a clash said there
            last = _save_trace(args, grid) if args.trace else None
            stopped = _stopped(args, last)
            graph = grid.graph
            try:
                if last is not None and last.kind == "unsatisfiable":  # the trace proved it
                    raise NoAnswer("the puzzle has no solution")
                # (the trace alone: its search is the answer, no second solve for no picture)
                solved = not args.no_color and bool(targets)
                coloring = _solve_grid(grid, args.method) if solved else None
            except NoAnswer as exc:
                return _no_answer(str(exc), targets, args.trace, stopped)
        if stopped:
            caption, caps = stopped
            warn(f"{args.trace}: the search {caption}: the trace shows it up to there ({caps})")
        symbols = grid.alphabet  # the vertices labelled as show writes the grid
    for fmt, path in targets:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", render.EdgesCapped)
            render.save_graph(graph, path, coloring, fmt=fmt, size=args.size or 480,
                              symbols=symbols)  # fmt: skip
        for w in caught:  # the edges left out: one line each
            warn(f"warning: {path}: {w.message}")
    return 1 if stopped else 0  # a trace cut short by a cap: an answer cut short


def _save_trace(args: argparse.Namespace, grid: Grid) -> Frame:
    """Write the ``--trace`` picture; return its last frame (its kind the search's status)."""
    from .. import render

    nodes, timeout = _trace_caps(args)
    frames = args.max_frames or MAX_FRAMES
    if render.trace_kind(args.trace, None) == "gif" and frames * len(grid.values) > SLOW_GIF_CELLS:
        warn(f"note: a GIF of up to {frames} frames of a {grid.n}x{grid.n} grid may take minutes "
             "to draw; --trace FILE.svg draws it in seconds, --max-frames N fewer")  # fmt: skip
    states = render.trace_states(grid, args.method or "naive", max_frames=frames,
                                 max_nodes=nodes, timeout=timeout)  # fmt: skip
    render.save_frames(args.trace, grid, states, size=args.size)
    return states[-1]


def _trace_caps(args: argparse.Namespace) -> tuple[int, float]:
    """The ``--trace`` search's node and time caps: the options, or their defaults."""
    nodes = TRACE_NODES if args.max_nodes is None else args.max_nodes
    return nodes, TRACE_TIMEOUT if args.timeout is None else args.timeout


def _stopped(args: argparse.Namespace, last: Frame | None) -> tuple[str, str] | None:
    """When the trace's search stopped at a cap, what standard error says of it (the last
    frame, the grid where it stopped, says so too): the last frame's caption (``stopped (node
    limit) after 2000 nodes``) and the caps; else None."""
    if last is None or last.kind != "stopped":
        return None
    nodes, timeout = _trace_caps(args)
    return last.caption, f"--max-nodes {nodes}, --timeout {timeout:g}"


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


def _no_answer(
    message: str,
    targets: list[tuple[str, str]],
    trace: str | None,
    stopped: tuple[str, str] | None = None,
) -> int:
    """Say on standard error, in one line, that there is nothing to draw in colours and what
    was drawn: the trace, if any, and where its search stopped at a cap (``stopped``, as
    :func:`_save_trace` returns it); return 1, the exit code of a negative answer."""
    if targets:
        message += f": {' and '.join(path for _, path in targets)} not drawn"
    if trace and stopped:
        caption, caps = stopped
        message += f" (the search is drawn in {trace}, up to where it {caption}: {caps})"
    elif trace:
        message += f" (the search is drawn in {trace})"
    warn(message)
    return 1


def only_grid(args: argparse.Namespace, command: str) -> tuple[str, Grid]:
    """The one puzzle ``args.source`` gives (inline, a file or ``-``), and where it was read
    (:func:`~sudograph.cli.common.puzzle_place`: its clash is said there).

    Raises :class:`InvalidArgument` when the source holds several puzzles, saying how many
    (up to :data:`MAX_COUNTED`), and how to give one of them, or none at all; else the
    :class:`ParseError` of its first line that is not a puzzle, if any (a file of two bad
    lines holds no puzzle: its first error says why, as ``show`` would).
    """
    items: list[tuple[int | None, Grid | ParseError]] = []
    for no, item in read_items(args.source, args):
        items.append((no, item))
        if len(items) > MAX_COUNTED:
            break
    if not items:
        raise InvalidArgument(no_grid_error(args.source))
    grids = [(no, item) for no, item in items if isinstance(item, Grid)]
    if len(grids) > 1:
        name = STDIN if args.source == "-" else args.source
        many = f"{len(grids):,}"
        if len(grids) > MAX_COUNTED:
            many = f"more than {MAX_COUNTED:,}"
        elif len(items) > MAX_COUNTED:  # bad lines among those counted
            many = f"at least {many}"
        bad = len(items) - len(grids)  # (a QA pass: "holds 5 puzzles" of a file of 9)
        also = ""
        if bad and len(items) <= MAX_COUNTED:
            also = f" and {bad:,} {'entry that does' if bad == 1 else 'entries that do'} not read"
        hint = _how_to_give_one(args.source, grids, command, getattr(args, "command_line", None))
        raise InvalidArgument(f"{name} holds {many} puzzles{also}: {command} takes one ({hint})")
    for _, item in items:
        if isinstance(item, ParseError):
            raise item
    no, grid = grids[0]
    return puzzle_place(args.source, no), grid


def _how_to_give_one(
    source: str,
    grids: list[tuple[int | None, Grid]],
    command: str,
    words: list[str] | None = None,
) -> str:
    """A hint for giving one puzzle of a file: its line piped in when the file holds one
    puzzle per line (two puzzles fewer lines apart than a grid has rows), in a command that
    runs: the user's own ``words`` (the command line after ``sudograph``, the output options
    included) with ``-`` for the file; without them, the command and ``-`` alone.

    >>> g = Grid.parse("." * 16)
    >>> _how_to_give_one("f.txt", [(1, g), (2, g)], "draw", ["draw", "f.txt", "--svg", "a b.svg"])
    "give one line, e.g. sed -n 1p f.txt | sudograph draw - --svg 'a b.svg'"
    """
    (first, grid), (second, _) = grids[:2]
    one_per_line = (
        source != "-"
        and first is not None
        and second is not None
        and second - first < grid.n
        and not is_variant_file(source)
    )
    if not one_per_line:
        return "give one puzzle, inline or in a file of its own"
    rest = [command, "-"]
    given = words[words.index(command) :] if words and command in words else []
    at = [i for i, w in enumerate(given) if w == source and i]
    if at:  # the source: a word not after an option (else the value of one), else the first
        i = next((i for i in at if i == 1 or not given[i - 1].startswith("-")), at[0])
        rest = [*given[:i], "-", *given[i + 1 :]]
    piped = " ".join(shlex.quote(w) for w in rest)
    read = f"./{source}" if source.startswith("-") else source  # (sed took '-x.txt' for options)
    return f"give one line, e.g. sed -n {first}p {shlex.quote(read)} | sudograph {piped}"


def _solve_grid(grid: Grid, method: str | None) -> tuple[int, ...]:
    """The solution's values; :class:`NoAnswer` when there is none or it was not found."""
    from ..solve import solve

    result = solve(grid, method or "propagate", timeout=30.0)
    if result.grid is not None:
        return result.grid.values
    if result.status == "unsatisfiable":
        raise NoAnswer("the puzzle has no solution")
    raise NoAnswer(f"the puzzle was not solved ({result.status}: {result.reason})")
