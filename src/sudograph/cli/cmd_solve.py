"""``sudograph solve``: solve one puzzle (printed grid, stats, JSON) or a file of puzzles.

A file or standard input (``-``) holding a single puzzle is solved as an inline puzzle is
(the grid printed, ``--trace``, ``--stats``...), unless an option of the file mode is given
(``-o``, ``--json``, ``--workers``, ``--resume``, ``--dask``: :data:`FILE_MODE_OPTIONS`): a
file's rows, JSON ones included, do not depend on how many puzzles it holds. Otherwise the
input goes to :mod:`sudograph.cli.batchmode` when that module exists (parallel workers, ``-o``,
``--resume``), else it is solved here, one line per puzzle: ``--count`` and
``--all``/``--limit`` are honoured there, ``--trace``, ``--stats`` and ``--format`` other than
``line`` refused (:func:`refuse_file_mode_options`).

The options that tune a method are checked against it before any work, in both modes, by one
function (:func:`check_solve_options`): an option the method would ignore is refused.

``--trace`` shows the search steps of the search methods (``naive``, ``mrv``, ``forward``,
``propagate``, ``dsatur`` or any ``--order``/``--inference``); with ``--json`` they come as the
list ``trace`` of the document (at most ``--trace-steps`` lines, then one saying how many were
left out). Other methods have no steps to show: the document then holds ``"trace": null``
and ``trace_unavailable`` says why (a note on standard error without ``--json``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import time
from typing import Any, BinaryIO

from .._text import plural
from ..errors import InvalidArgument, InvalidPuzzle, ParseError, SudographError, write_text
from ..grid import Grid
from ..methods import INFERENCES, METHODS, ORDERS, RANDOMIZED, get_method
from ..problem import ITERMAX, Result
from .common import (
    VARIANT_MAX_BYTES,
    add_grid_options,
    dask_address,
    looks_like_path,
    no_grid_error,
    one_puzzle_output,
    output_path,
    placed_clash,
    print_error_json,
    print_json,
    puzzle_place,
    python_first_budget,
    read_items,
    say_file_options,
    seconds,
    variant_kind,
    warn,
    whole,
)

FORMATS = ("line", "boxed", "lists", "json")
DEFAULT_TRACE_STEPS = 200
SEARCHES = ", ".join(name for name, m in METHODS.items() if m.order is not None)
"""The search methods: the ones ``--order``, ``--inference`` and ``--engine`` adjust."""
COMPLETE = ", ".join(name for name, m in METHODS.items() if m.complete)
"""The methods that explore every possibility (find more than one solution, count them)."""
FILE_MODE_OPTIONS = (("-o", "output"), ("--json", "json"), ("--workers", "workers"),
                     ("--resume", "resume"), ("--dask", "dask"))  # fmt: skip
"""The options that make a file (or ``-``) of one puzzle go to the file mode, as any file."""
STDIN_PEEK_LINES = 400
"""Lines of standard input read to tell one puzzle from several (a 64×64 boxed grid has
about 80): past them, or past a second one-line puzzle, the input goes to the batch mode."""


def register(sub: Any) -> None:
    """Add the ``solve`` sub-command."""
    p = sub.add_parser(
        "solve",
        help="solve a puzzle or a file of puzzles",
        description="Solve PUZZLE (inline), FILE (one puzzle per line, or boxed grids) or - "
        "(standard input). Exit 0 solved, 1 no solution or stopped, 2 bad input (or OUT "
        "locked by another run), 130 interrupted (Ctrl-C), 143 terminated (SIGTERM): the "
        "lines written by then are complete and --resume goes on from them.",
    )
    p.add_argument(
        "puzzle",
        metavar="PUZZLE|FILE|-",
        help="a puzzle, a file of puzzles, or - (standard input); a puzzle may start with "
        "empty marks (-.3.2..., --3-2...), one that starts with - and a letter, or with ---, "
        "goes after --: "
        "sudograph solve -- -A..B...",
    )
    p.add_argument(
        "--method",
        "-m",
        default=None,
        choices=sorted(METHODS),
        help="named method (default: propagate for one puzzle; for a file of plain grids, "
        "fast when the compiled engine is installed, else propagate; for a file of variant "
        "puzzles, propagate: the compiled house kernel, with numba)",
    )
    p.add_argument("--order", choices=ORDERS, help="search order (overrides the method's)")
    p.add_argument("--inference", choices=INFERENCES, help="inference (overrides the method's)")
    p.add_argument(
        "--all",
        action="store_true",
        help="print every solution, once the search ends (they are held until then: on a "
        "grid with millions of solutions give --limit N, or --count to count them in "
        "constant memory)",
    )
    p.add_argument("--count", action="store_true", help="count the solutions")
    p.add_argument("--limit", type=whole(1), metavar="N", help="at most N solutions")
    p.add_argument(
        "--max-nodes",
        type=whole(0),
        metavar="N",
        help="stop after N nodes (of the engine that runs: a compiled kernel counts its "
        "guesses; --engine python counts the method's own nodes)",
    )
    p.add_argument("--timeout", type=seconds, metavar="S", help="stop after S seconds")
    p.add_argument("--trace", action="store_true", help="print the search steps")
    p.add_argument(
        "--trace-steps",
        type=whole(1),
        default=None,
        metavar="N",
        help=f"with --trace: at most N trace lines (default {DEFAULT_TRACE_STEPS}); a search "
        f"going on {TRACE_GRACE:,} steps past them finishes untraced on the compiled engine",
    )
    p.add_argument(
        "--stats",
        action="store_true",
        help="print nodes, backtracks and time (a greedy method: its attempts and seed)",
    )
    p.add_argument(
        "--format",
        choices=FORMATS,
        default=None,
        help="grid format of one puzzle (default boxed); a file of several puzzles, or any "
        "with -o or --json, prints one line per puzzle",
    )
    randomized = ", ".join(RANDOMIZED)
    p.add_argument("--seed", type=whole(0), help=f"seed of the randomized methods ({randomized})")
    p.add_argument(
        "--itermax",
        type=whole(1),
        default=None,
        metavar="N",
        help=f"attempts of the randomized methods (default {ITERMAX})",
    )
    p.add_argument(
        "--engine",
        choices=("auto", "python", "numba"),
        default="auto",
        help="auto (default): compiled where it pays, with numba; python: the reference "
        "search; numba: the compiled engine (search methods; fast: auto or numba)",
    )
    p.add_argument(
        "-o",
        "--output",
        type=output_path,
        metavar="OUT",
        help="write the results to OUT (file mode: one line per puzzle); - is standard output",
    )
    p.add_argument(
        "--workers",
        type=whole(1),
        metavar="N",
        help="file mode: worker processes (default: one per core)",
    )
    p.add_argument("--resume", action="store_true", help="file mode: continue an OUT file")
    p.add_argument(
        "--dask",
        type=dask_address,
        metavar="ADDRESS|local",
        help="file mode: run on the Dask cluster at ADDRESS (tcp://host:8786) or a local one",
    )
    add_grid_options(p)
    p.set_defaults(func=run)


def wanted_limit(args: argparse.Namespace) -> int | None:
    """The solution limit the options ask for."""
    if args.limit is not None:
        return int(args.limit)
    if args.all or args.count:
        return None
    return 1


def solve_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """Keyword arguments of :func:`sudograph.solve.solve` (and :func:`~sudograph.solve.count`)
    from the options: ``seed`` and ``itermax`` only when given (:func:`check_solve_options`
    let them through for a randomized method only; the library refuses them elsewhere)."""
    kwargs = {
        "order": args.order,
        "inference": args.inference,
        "limit": wanted_limit(args),
        "max_nodes": args.max_nodes,
        "timeout": args.timeout,
        "engine": args.engine,
    }
    for name in ("seed", "itermax"):
        if getattr(args, name) is not None:
            kwargs[name] = getattr(args, name)
    return kwargs


def check_solve_options(args: argparse.Namespace, method: str) -> None:
    """Raise :class:`InvalidArgument` (one line, before any work) for an option that
    ``method`` would ignore or cannot honour; the same check for one puzzle and for a file.

    ``--order``/``--inference`` adjust the search methods only; ``--engine python|numba``
    picks the engine of a search method (``fast`` runs compiled only: ``numba``; the others
    have one engine of their own); ``--max-nodes`` bounds the methods that make nodes (not
    ``logic``, which never guesses); ``--seed`` and ``--itermax`` tune the randomized methods
    only; ``--count``, ``--all`` and ``--limit N`` above 1 need a method that explores every
    possibility;
    ``--trace-steps`` goes with ``--trace``.

    >>> ns = argparse.Namespace(order="mrv", inference=None)
    >>> check_solve_options(ns, "logic")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: --order mrv: method 'logic' is not a search; ...
    """
    m = get_method(method)
    tuned = [(f"--order {v}", v) for v in [getattr(args, "order", None)] if v] + [
        (f"--inference {v}", v) for v in [getattr(args, "inference", None)] if v
    ]
    if tuned and m.order is None:
        raise InvalidArgument(
            f"{tuned[0][0]}: method {method!r} is not a search; --order and --inference "
            f"adjust the search methods ({SEARCHES})"
        )
    from ..solve import check_method_options

    # --engine, --seed, --itermax: the library's rule (the API refuses alike), in CLI words
    check_method_options(method, engine=getattr(args, "engine", None), cli=True)
    if getattr(args, "max_nodes", None) is not None and not (m.complete or m.randomized):
        raise InvalidArgument(
            f"--max-nodes: method {method!r} makes no search nodes (it never guesses); "
            "bound it with --timeout"
        )
    seed, itermax = getattr(args, "seed", None), getattr(args, "itermax", None)
    check_method_options(method, seed=seed, itermax=itermax, cli=True)
    limit = getattr(args, "limit", None)
    many = (
        "--all" if getattr(args, "all", False) else f"--limit {limit}" if (limit or 1) > 1 else ""
    )
    if getattr(args, "count", False):  # the library's own refusal, here before any work
        from ..solve import _refuse_incomplete

        _refuse_incomplete(method, "count solutions")
    elif many and not m.complete:
        raise InvalidArgument(
            f"{many}: method {method!r} stops at its first solution (it does not explore every "
            f"possibility); use one of {COMPLETE}"
        )
    if getattr(args, "trace_steps", None) is not None and not getattr(args, "trace", False):
        raise InvalidArgument("--trace-steps: only with --trace (it bounds the steps shown)")


DEFAULT_METHOD = "propagate"
"""The method of a one-puzzle solve when ``--method`` is not given."""


def run(args: argparse.Namespace) -> int:
    """Solve one puzzle, or hand a file (or standard input) of several to the batch mode.

    With ``-o``, a file or standard input goes to the file mode, which refuses an OUT that is
    one of the inputs (:func:`~sudograph.cli.batchmode.refuse_input_as_output`); a puzzle
    written inline is checked here, against ``--regions`` and ``--cages``.
    """
    if looks_like_path(args.puzzle):
        saved = sys.stdin
        try:
            if not file_mode_asked(args):
                single = single_item(args)
                if single is not None:
                    no, item = single  # clashing clues: where, as the batch says it
                    place = None if no is None else puzzle_place(args.puzzle, no)
                    return solve_one(item, args, place)
            elif args.puzzle == "-" and not hasattr(sys.stdin.buffer, "peek"):
                put_back_stdin(b"", sys.stdin.buffer)  # the batch mode peeks at its head
            return solve_many(args)
        finally:
            sys.stdin = saved
    output = one_puzzle_output(args)
    ((_, item),) = list(read_items(args.puzzle, args))
    say_file_options(args, "solved")
    if output:  # one puzzle on the command line: its output, as printed, to OUT
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            code = solve_one(item, args, puzzle_place(args.puzzle, None))
        if code != 2:  # bad input leaves OUT as it was
            write_text(output, printed.getvalue())  # a full disk too names OUT
        return code
    return solve_one(item, args, puzzle_place(args.puzzle, None))  # a clash placed, as count


def file_mode_asked(args: argparse.Namespace) -> bool:
    """True when an option of the file mode is given (:data:`FILE_MODE_OPTIONS`): a file of
    one puzzle then goes to the file mode as any file does (its rows, ``--json`` ones
    included, the same whatever the number of puzzles), not shown as an inline puzzle is."""
    return any(getattr(args, name, None) for _, name in FILE_MODE_OPTIONS)


def solve_many(args: argparse.Namespace) -> int:
    """A file of puzzles: the batch mode (variants too: their grids carry their rules to the
    workers), one line per puzzle: the options that show one puzzle at length are refused
    (:func:`refuse_file_mode_options`)."""
    refuse_file_mode_options(args)
    from . import batchmode  # loaded for files only: one puzzle never needs it

    return batchmode.run(args)


def refuse_file_mode_options(args: argparse.Namespace) -> None:
    """Raise :class:`InvalidArgument` for the options of one puzzle that the file mode (one
    line per puzzle) cannot honour: ``--trace``, ``--stats``, ``--format`` other than ``line``.
    ``--count``, ``--all`` and ``--limit`` are honoured there (see :mod:`.batchmode`)."""
    refused = [name for name, on in (("--trace", args.trace), ("--stats", args.stats)) if on]
    if args.format not in (None, "line"):
        refused.append(f"--format {args.format}")
    if refused:
        asked = [o for o, name in FILE_MODE_OPTIONS if getattr(args, name, None)]
        why = f" ({', '.join(asked)} given)" if asked else ""
        raise InvalidArgument(
            f"{', '.join(refused)}: not in the file mode{why}, which writes one row per puzzle "
            "(a file of several puzzles, or any with -o, --json, --workers, --resume or "
            "--dask); solve one puzzle without those options for them"
        )


def json_row(
    no: int | None,
    status: str,
    solution: str | None = None,
    count: int | None = None,
    nodes: int | None = None,
    *,
    error: str | None = None,
    counting: bool = False,
    complete: bool | None = None,
    solutions: list[str] | None = None,
) -> dict[str, Any]:
    """The ``--json`` row of one puzzle of a file (the batch mode's): ``line``, ``status``,
    ``solution``, ``count``, ``nodes``, ``error``, with ``complete`` when ``counting``
    (``--count``) and ``solutions`` when listing (``--all``: ``solutions`` not None). An
    error row has the same keys, null where nothing was made.

    >>> row = json_row(3, "error", error="in.txt:3: bad", counting=True)
    >>> [key for key, value in row.items() if value is None]
    ['solution', 'count', 'nodes', 'complete']
    """
    failed = status == "error"
    doc: dict[str, Any] = {
        "line": no,
        "status": status,
        "solution": None if failed else solution,
        "count": None if failed else count,
        "nodes": None if failed else nodes,
        "error": error if failed else None,
    }
    if counting:
        doc["complete"] = None if failed else complete
    if solutions is not None:
        doc["solutions"] = None if failed else solutions
    return doc


def row_status(status: str, reason: str | None, found: int, limit: int | None) -> str:
    """The status of a file row: ``stopped`` for a search ended by a bound (``--max-nodes``,
    ``--timeout``) before ``limit`` solutions, though it found some (its list, or count, is
    then not complete); ``status`` otherwise.

    >>> row_status("solved", "node limit", 5, None), row_status("solved", None, 3, 3)
    ('stopped', 'solved')
    """
    if status == "solved" and reason and (limit is None or found < limit):
        return "stopped"
    return status


def listing_row(status: str, solutions: list[str]) -> str:
    """The text row of ``--all`` in the file mode: every solution, separated by spaces; a
    search stopped before the end (:func:`row_status`) writes ``stopped`` first, then the
    solutions it found (nothing found is lost, and the row cannot pass for a whole list).

    >>> listing_row("stopped", ["1234341221434321"]), listing_row("unsatisfiable", [])
    ('stopped 1234341221434321', 'unsatisfiable')
    """
    if status == "solved" and solutions:
        return " ".join(solutions)
    return " ".join([status, *solutions]) if status == "stopped" else status


def single_item(args: argparse.Namespace) -> tuple[int | None, Grid | ParseError] | None:
    """The only puzzle of the file or standard input named by ``args.puzzle`` with its line
    number, or None when it holds none or more than one (the batch mode then reads it all).
    Standard input is peeked at, not consumed: what was read is put back in front of the
    rest. Standard input in a variant format is read whole (as a variant file is), plain
    grids only up to ``STDIN_PEEK_LINES`` lines.

    Raises :class:`InvalidArgument` when the input holds no grid at all (empty, or only
    blank lines and comments).
    """
    if args.puzzle != "-":
        items = read_items(args.puzzle, args)
        first = [next(items, None), next(items, None)]
        if hasattr(items, "close"):
            items.close()
        if first[0] is None:
            raise InvalidArgument(no_grid_error(args.puzzle))
        return first[0] if first[1] is None else None
    head, at_end = peek_stdin(args)
    if not at_end and variant_kind(head) is not None:
        head += sys.stdin.buffer.read(VARIANT_MAX_BYTES + 1 - len(head))
        at_end = len(head) <= VARIANT_MAX_BYTES  # larger: refused by the batch mode's reader
    put_back_stdin(head, None if at_end else sys.stdin.buffer)
    if not at_end:
        return None
    found = list(read_items("-", args))
    if not found:
        raise InvalidArgument(no_grid_error("-"))
    if len(found) == 1:
        return found[0]
    put_back_stdin(head, None)  # read again by the batch mode
    return None


def put_back_stdin(head: bytes, rest: BinaryIO | None) -> None:
    """Make ``sys.stdin`` read ``head``, then ``rest`` (None: nothing more, the end was
    reached). The text layer replaced is detached from ``rest`` when it reads it (unless it
    is the process's own ``sys.__stdin__``, which lives on): collected, it would close
    ``rest`` under the new one (a second put-back read a closed file)."""
    previous: Any = sys.stdin
    if rest is not None and previous is not sys.__stdin__:
        try:
            if previous.buffer is rest:
                previous.detach()
        except (AttributeError, ValueError):  # no buffer, or detached already
            pass
    reader = io.BufferedReader(_Chained(head, rest if rest is not None else io.BytesIO()))
    sys.stdin = io.TextIOWrapper(reader, encoding="utf-8")


def peek_stdin(args: argparse.Namespace) -> tuple[bytes, bool]:
    """Read the head of standard input: ``(bytes read, whether that is all of it)``.

    Reading stops at the end, after ``STDIN_PEEK_LINES`` lines, or at the second content line
    when the first one is a whole puzzle by itself (one puzzle per line: more than one)."""
    from ..grid import MAX_LINE

    stream = sys.stdin.buffer
    chunks: list[bytes] = []
    content: list[bytes] = []
    for _ in range(STDIN_PEEK_LINES):
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return b"".join(chunks), True
        chunks.append(line)
        text = line.strip()
        if not text or text.startswith(b"#"):
            continue
        content.append(text)
        if len(line) > MAX_LINE or (len(content) == 2 and _is_whole_puzzle(content[0], args)):
            return b"".join(chunks), False
    return b"".join(chunks), False


def _is_whole_puzzle(line: bytes, args: argparse.Namespace) -> bool:
    try:
        Grid.parse(line.decode("utf-8"), box=getattr(args, "box", None),
                   alphabet=getattr(args, "alphabet", None))  # fmt: skip
    except (ParseError, UnicodeDecodeError):
        return False
    except SudographError:  # an InvalidPuzzle (clashing clues) is still a whole puzzle
        return True
    return True


class _Chained(io.RawIOBase):
    """A raw stream reading ``head`` first, then ``rest`` (standard input put back together)."""

    def __init__(self, head: bytes, rest: BinaryIO) -> None:
        super().__init__()
        self.head = memoryview(head)
        self.rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        read1 = getattr(self.rest, "read1", self.rest.read)
        data = read1(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def solve_one(item: Grid | ParseError, args: argparse.Namespace, place: str | None = None) -> int:
    """Solve one grid and print it as the options say (the options checked first:
    :func:`check_solve_options`); clashing clues are said at ``place``
    (:func:`~sudograph.cli.common.puzzle_place`), their ``--json`` row too."""
    args.method = args.method or DEFAULT_METHOD
    from ..search.trace import GridStepPrinter, TraceFull
    from ..solve import count, solve

    check_solve_options(args, args.method)
    if args.json and args.format not in (None, "line"):
        raise InvalidArgument(
            f"--format {args.format}: not with --json, whose document writes solutions as lines"
        )
    if isinstance(item, ParseError):
        if args.json:  # the object of a puzzle that cannot be read, as check and count write
            print_error_json(None, str(item))
        raise item
    grid = item
    printer = None
    lines: list[str] = []
    traceable = trace_unavailable(args)
    if args.trace and traceable is None:
        sink = lines.append if args.json else None
        printer = GridStepPrinter(
            grid.n,
            grid.alphabet,
            max_steps=args.trace_steps or DEFAULT_TRACE_STEPS,
            sink=sink,
            give_up_after=untraced_after(args, grid),
        )
    elif args.trace and not args.json:
        warn(f"no trace: {traceable}")
    kwargs = solve_kwargs(args)

    def run(**over: Any) -> Result:
        options = {"trace": printer, **kwargs, **over}
        if args.count and not args.all:  # count without keeping every solution in memory
            return count(grid, args.method, keep=1, **options)
        return solve(grid, args.method, **options)

    budget = one_shot_budget(grid, args, kwargs, printer is not None)
    start = time.perf_counter()
    try:
        with placed_clash(place):
            try:
                result = run(engine="python", max_nodes=budget) if budget else None
                if result is None or result.reason == "node limit":
                    result = run()
            except TraceFull:  # the steps shown: the compiled twin finishes (it counts alike)
                traced = time.perf_counter() - start
                result = run(trace=None, engine="numba", timeout=_time_left(kwargs, start))
                result.stats.seconds += traced  # the time of the whole run, its traced part too
    except InvalidPuzzle as exc:  # clashing clues, placed: with --json, an error object too
        if args.json:
            print_error_json(None, str(exc))
        raise
    if printer is not None:
        printer.close()
    if args.json:
        doc = result_json(result, args)
        if not args.count and (args.limit or 1) > 1:  # as the text shows them
            doc["solutions"] = [g.to_line() for g in result.grids]
        if args.trace:
            doc["trace"] = lines if traceable is None else None
            if traceable is not None:
                doc["trace_unavailable"] = traceable
        print_json(doc)
    else:
        print_result(result, args)
    if result.reason == "interrupted":
        return 130
    # 1 when a bound cut the answer short (a list or count below --limit), as a file's row
    status = row_status(result.status, result.reason, found(result), wanted_limit(args))
    return 0 if status == "solved" else 1


TRACE_GRACE = 50_000
"""Steps a traced search makes past the last one shown (``--trace-steps``) before it goes on
untraced on the compiled twin (about a third of a second of the reference engine's tracing):
a small search past the cap still says exactly how many steps were left out."""


def untraced_after(args: argparse.Namespace, grid: Grid) -> int | None:
    """:data:`TRACE_GRACE` when the rest of a traced search may run on the method's compiled
    twin (the engine that runs is the compiled one, :func:`~sudograph.engine.resolve_engine`:
    not ``--engine python`` nor ``SUDOGRAPH_ENGINE=python``, numba installed; a method with a
    twin; a puzzle it reads: not a killer's cages), else None (the reference engine traces
    on to the end)."""
    from ..engine import resolve_engine

    if resolve_engine(args.engine) != "numba" or grid.problem.cages:
        return None
    return TRACE_GRACE if "numba" in get_method(args.method).engines else None


def _time_left(kwargs: dict[str, Any], start: float) -> float | None:
    """What is left of ``--timeout`` (None: no timeout) since ``start``."""
    timeout: float | None = kwargs["timeout"]
    return None if timeout is None else max(timeout - (time.perf_counter() - start), 0.0)


def one_shot_budget(
    grid: Grid, args: argparse.Namespace, kwargs: dict[str, Any], traced: bool
) -> int | None:
    """The node budget of the Python engine's first try at a puzzle solved alone (see
    :func:`~sudograph.cli.common.python_first_budget`), or None when it goes straight to the
    engine asked for: an engine named, a node or time limit given, a trace (on the Python
    engine anyway), a method without both a Python and a compiled engine."""
    if args.engine != "auto" or traced:
        return None
    if kwargs["max_nodes"] is not None or kwargs["timeout"] is not None:
        return None
    from ..methods import get_method

    if {"python", "numba"} - set(get_method(args.method).engines):  # no choice to make
        return None
    return python_first_budget(grid)


def found(result: Result) -> int:
    """The number of solutions found (counted, or listed)."""
    return len(result.solutions) if result.count is None else result.count


def trace_unavailable(args: argparse.Namespace) -> str | None:
    """Why ``--trace`` shows nothing for this method (None when it can trace)."""
    if args.order or args.inference or METHODS[args.method].order is not None:
        return None
    why = f"method {args.method!r} is not a search: only the search methods have steps to show"
    if args.method == "logic":  # its steps are deductions: explain prints them
        why += "; `sudograph explain PUZZLE` prints the logic solver's steps"
    return why


def result_json(result: Result, args: argparse.Namespace) -> dict[str, Any]:
    """The ``--json`` document of one puzzle: its ``status`` that of a file's row
    (:func:`row_status`: ``stopped`` when a bound cut the list or count short of the limit,
    as the text says and the exit code tells), the bound in ``reason``."""
    s = result.stats
    doc: dict[str, Any] = {
        "status": row_status(result.status, result.reason, found(result), wanted_limit(args)),
        "solution": result.grids[0].to_line() if result.grids else None,
        "nodes": None if "nodes" in result.uncounted else s.nodes,
        "backtracks": None if "backtracks" in result.uncounted else s.backtracks,
        "seconds": round(s.seconds, 6),
        "engine": result.counted_by or None,
    }
    if _randomized(result):  # the measure of a randomized method, and its replay
        doc["attempts"] = s.attempts
        doc["seed"] = result.seed
    if result.reason:
        doc["reason"] = result.reason
    if args.count:
        doc["count"] = found(result)
        doc["complete"] = result.complete
    if args.all:
        doc["solutions"] = [g.to_line() for g in result.grids]
    return doc


def _randomized(result: Result) -> bool:
    """True for the result of a randomized method (``greedy*``: it has a seed to replay)."""
    return result.seed is not None or result.method in RANDOMIZED


def print_result(result: Result, args: argparse.Namespace) -> None:
    """Human output: the grid(s), the count, the stats."""
    fmt = args.format or "boxed"
    if result.grids and (args.all or not args.count):  # --count --all: the grids, then the count
        shown = result.grids if args.all or (args.limit or 1) > 1 else result.grids[:1]
        print(("\n\n" if fmt == "boxed" else "\n").join(g.format(fmt) for g in shown))
    if args.count:
        exact = "" if result.complete else "at least "
        print(f"{exact}{plural(found(result), 'solution')}")
    extra = f" ({result.reason})" if result.reason else ""
    cut = result.status == "stopped" or bool(result.reason)  # a list or count cut short
    if cut and found(result):  # what was found stands, as shown above
        some = f"{plural(found(result), 'solution')} found"
        what = "the count is a lower bound" if args.count else some
        print(f"stopped{extra}: {what}")
    elif result.status != "solved":
        found_none = "no solution found" if result.status == "stopped" else "no solution"
        print(f"{found_none}: {result.status}{extra}")
    if args.stats or result.reason == "interrupted":
        s = result.stats
        counted = {  # what the engine that ran does not count: "-"
            name: "-" if name in result.uncounted else getattr(s, name)
            for name in ("nodes", "backtracks", "deductions", "max_depth")
        }
        engine = f"  engine: {result.counted_by}" if result.counted_by else ""  # its books
        if _randomized(result):  # attempts are what it counts; the seed replays it
            print(f"attempts: {s.attempts}  seed: {result.seed}  time: {s.seconds:.4f} s")
            return
        print(
            f"nodes: {counted['nodes']}  backtracks: {counted['backtracks']}  "
            f"deductions: {counted['deductions']}  "
            f"max depth: {counted['max_depth']}  time: {s.seconds:.4f} s{engine}"
        )
