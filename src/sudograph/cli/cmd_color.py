"""``sudograph color`` (k-colouring) and ``sudograph chromatic`` (chromatic number)."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..errors import InvalidArgument, MissingExtra, install_hint
from ..methods import METHODS, check_method, methods_for
from ..problem import ITERMAX
from .batchmode import EXIT_INTERRUPTED
from .common import load_graph, print_json, seconds, warn, whole

GRAPH_HELP = "a DIMACS .col file, - (DIMACS on standard input), petersen, or sudoku:RxC"
GRAPH_METHODS = sorted(methods_for("graph"))
"""The methods that colour any graph (``fast`` and ``logic`` solve Sudoku grids only)."""
COLOR_CHOICES = ["auto", *GRAPH_METHODS]
"""What ``color --method`` takes; any other method is refused in one line naming these."""
SEEDED_METHODS = [m for m in methods_for("graph") if METHODS[m].randomized]
"""The methods of ``color`` that draw random numbers: the only ones ``--seed`` seeds."""
SEEDED_ORDER = "random-sequential"
"""The one ``--greedy`` order that draws random numbers (see ``greedy_color``)."""
NOTE_SECONDS = 10.0
"""``color`` and ``chromatic`` without ``--timeout`` (or ``--progress``) say once, on a
terminal, after this long, that they are still searching and how to stop (a proof can take
hours)."""
NO_SAT_NOTE = (
    f"note: not proven without the SAT steps, which need python-sat: {install_hint('sat')}"
)
"""Said on standard error when ``chromatic`` (method ``auto``, text output) ends "not
proven" without the ``sat`` extra."""
ROW_KEYS = (
    "status",
    "method",
    "coloring",
    "colors",
    "nodes",
    "backtracks",
    "seconds",
    "reason",
    "seed",
)
"""The keys of every ``color --json`` row, in this order (docs/formats.md)."""


def register(sub: Any) -> None:
    """Add the ``color`` and ``chromatic`` sub-commands."""
    p = sub.add_parser(
        "color",
        aliases=["colour"],
        help="colour a graph with k colours",
        description="Find a proper k-colouring of GRAPH, or a greedy colouring with --greedy "
        "ORDER (then -k is optional). Exit 0 coloured, 1 none or stopped by a limit, 2 bad "
        "input, 130 interrupted (Ctrl-C; nodes so far on standard error).",
    )
    p.add_argument("graph", metavar="GRAPH", help=GRAPH_HELP)
    p.add_argument("-k", type=whole(1), help="number of colours (optional with --greedy)")
    p.add_argument(
        "--method",
        "-m",
        default="auto",
        metavar="{" + ",".join(COLOR_CHOICES) + "}",
        help="auto (default): sat with the sat extra, else dsatur; sat tries DSATUR's "
        "greedy colouring and TabuCol (1 s at most, a tenth of --timeout) before its "
        "solver, and takes k > 64",
    )
    p.add_argument("--greedy", metavar="ORDER", help="a greedy colouring in ORDER instead")
    p.add_argument(
        "--seed",
        type=whole(0),
        help=f"seed of the randomized methods ({', '.join(SEEDED_METHODS)}) and of "
        f"--greedy {SEEDED_ORDER}; drawn and reported (--json) when not given",
    )
    p.add_argument(
        "--itermax",
        type=whole(1),
        metavar="N",
        help=f"attempts of the randomized methods ({', '.join(SEEDED_METHODS)}; default {ITERMAX})",
    )
    p.add_argument("--max-nodes", type=whole(0), metavar="N", help="stop after N nodes")
    p.add_argument("--timeout", type=seconds, metavar="S", help="stop after S seconds")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run_color)

    q = sub.add_parser(
        "chromatic",
        help="the chromatic number of a graph",
        description="Exact chromatic number: clique, Mycielski and SAT lower bounds, DSATUR, "
        "TabuCol and SAT upper bounds (without the sat extra: a DSATUR branch and bound). Exit "
        "0 proven, 1 bounds only (--timeout), 2 bad input, 130 interrupted (Ctrl-C: the bounds "
        "found until then are printed).",
    )
    q.add_argument("graph", metavar="GRAPH", help=GRAPH_HELP)
    q.add_argument("--timeout", type=seconds, metavar="S", help="best bounds after S seconds")
    q.add_argument(
        "--method",
        "-m",
        default="auto",
        choices=["auto", "sat", "pure"],
        help="auto (default): SAT steps when python-sat is installed; sat: SAT steps, refused "
        "without python-sat; pure: without them",
    )
    q.add_argument("--seed", type=whole(0), default=0, help="seed of the local search")
    q.add_argument(
        "--progress", action="store_true", help="a line on standard error at each new bound"
    )
    q.add_argument("--json", action="store_true", help="machine-readable output")
    q.set_defaults(func=run_chromatic)


def _vector(coloring: Any) -> str:
    return " ".join(str(c) for c in coloring)


def color_row(
    status: str,
    method: str,
    coloring: Any,
    nodes: int | None = 0,
    backtracks: int | None = 0,
    reason: str | None = None,
    seed: int | None = None,
    seconds: float | None = None,
) -> dict[str, Any]:
    """The ``color --json`` row: the keys of :data:`ROW_KEYS`, every one in every row.

    ``colors`` is the number of colours the colouring uses (null without one); ``nodes`` and
    ``backtracks`` null where the method or engine does not count them (a greedy pass;
    ``Result.uncounted``); ``seconds`` the run's time (null when Ctrl-C came before it
    began); ``reason`` is null unless the run stopped; ``seed`` is null for a method that
    draws no random numbers.

    >>> row = color_row("solved", "dsatur", (1, 2, 1), 3, 0, "")
    >>> row["colors"], row["reason"], row["seed"], list(row) == list(ROW_KEYS)
    (2, None, None, True)
    >>> row = color_row("stopped", "greedy", None, reason="itermax", seed=7)
    >>> row["coloring"], row["colors"], row["reason"], row["seed"]
    (None, None, 'itermax', 7)
    """
    return {
        "status": status,
        "method": method,
        "coloring": None if coloring is None else list(coloring),
        "colors": None if coloring is None else len(set(coloring)),  # (a greedy may skip some)
        "nodes": nodes,
        "backtracks": backtracks,
        "seconds": None if seconds is None else round(seconds, 6),
        "reason": reason or None,
        "seed": seed,
    }


def _refuse_unused_seed(args: argparse.Namespace) -> None:
    """Refuse ``--seed`` for a method or greedy order that draws no random numbers (it would
    be ignored), in one line that names those that take one."""
    if args.seed is None:
        return
    if args.greedy:
        orders = importlib.import_module("sudograph.search.greedy").ORDERS
        if args.greedy == SEEDED_ORDER or args.greedy not in orders:
            return  # an unknown order: greedy_color names the known ones
        what = f"--greedy {args.greedy}"
    else:
        from ..solve import color_method

        method = color_method(args.method)
        if METHODS[method].randomized:
            return
        what = f"method {args.method!r}" + (f" ({method} here)" if method != args.method else "")
    raise InvalidArgument(
        f"--seed: {what} draws no random numbers; only methods {', '.join(SEEDED_METHODS)} "
        f"and --greedy {SEEDED_ORDER} take a seed"
    )


def _run_greedy(graph: Any, args: argparse.Namespace) -> int:
    greedy = importlib.import_module("sudograph.search.greedy")
    seed = args.seed
    if args.greedy == SEEDED_ORDER and seed is None:  # drawn here to be reported (a replay)
        seed = greedy.fresh_seed()
    start = time.perf_counter()
    g = greedy.greedy_color(graph, args.greedy, seed=seed)
    seconds = time.perf_counter() - start
    coloring = tuple(g.coloring)
    ok = args.k is None or g.colors <= args.k
    # one pass, no search: not a proof that k colours cannot do
    reason = None if ok else f"the greedy pass used {g.colors} colours, more than k={args.k}"
    if args.json:
        status = "solved" if ok else "stopped"
        method = f"greedy:{args.greedy}"  # the order, beside the method
        seeded = seed if args.greedy == SEEDED_ORDER else None
        row = color_row(status, method, coloring, None, None, reason, seeded, seconds)
        print_json(row)  # one pass: no nodes, no backtracks
    else:
        print(f"{g.colors} colours{'' if ok else f' (more than k={args.k})'}")
        print(_vector(coloring))
    return 0 if ok else 1


@contextlib.contextmanager
def still_searching_note(silent: bool, say: Callable[[], str]) -> Iterator[None]:
    """Around a search: unless ``silent``, and only on a terminal, write ``say()`` once on
    standard error if the search is still going after :data:`NOTE_SECONDS`."""
    note = None
    if not silent and sys.stderr.isatty():
        note = threading.Timer(NOTE_SECONDS, lambda: warn(say()))
        note.daemon = True
        note.start()
    try:
        yield
    finally:
        if note is not None:  # (a note being written ends before the result is)
            note.cancel()
            note.join()


def _time_left(timeout: float | None, begin: float) -> float | None:
    """What is left at this moment of ``timeout`` seconds counted from ``begin``."""
    if timeout is None or timeout < 0:  # a negative one: the solver refuses it in one line
        return timeout
    return max(0.0, timeout - (time.perf_counter() - begin))


def run_color(args: argparse.Namespace) -> int:
    """Colour the graph; 0 when coloured with at most k colours, 1 otherwise."""
    if args.k is None and not args.greedy:
        raise InvalidArgument("color needs -k K (or --greedy ORDER)")
    if args.k is not None and args.k < 1:
        raise InvalidArgument(f"k must be at least 1, got {args.k}")
    if args.greedy:  # one pass, no search: the search's options would be dropped unsaid
        given = [
            option
            for option, value in (
                ("--method", args.method != "auto"),
                ("--itermax", args.itermax is not None),
                ("--max-nodes", args.max_nodes is not None),
                ("--timeout", args.timeout is not None),
            )
            if value
        ]
        if given:
            verb = "apply" if len(given) > 1 else "applies"
            raise InvalidArgument(
                f"--greedy is one greedy pass: {', '.join(given)} {verb} to a search "
                "(without --greedy)"
            )
    if args.method != "auto":
        check_method(args.method, "graph", also=["auto"])  # one line naming what it takes
    _refuse_unused_seed(args)
    if args.itermax is not None and not args.greedy:  # as solve refuses it: one rule
        from ..solve import check_method_options, color_method

        method = color_method(args.method)
        # the method named, and the one auto chose (as --seed says it)
        called = None if method == args.method else f"method {args.method!r} ({method} here)"
        check_method_options(method, itermax=args.itermax, cli=True, called=called)
    begin = time.perf_counter()  # --timeout counts from here: reading the graph included
    graph = load_graph(args.graph)
    args.timeout = _time_left(args.timeout, begin)
    if args.greedy:
        return _run_greedy(graph, args)
    from ..solve import color, color_method

    method = color_method(args.method)

    def still_searching() -> str:
        return (
            f"still searching for a {args.k}-colouring after {NOTE_SECONDS:g} s: Ctrl-C "
            "stops it, --timeout S or --max-nodes N sets a limit"
        )

    bounded = args.timeout is not None or args.max_nodes is not None
    try:
        with still_searching_note(bounded, still_searching):
            result = color(
                graph,
                args.k,
                method,
                seed=args.seed,
                max_nodes=args.max_nodes,
                timeout=args.timeout,
                **({} if args.itermax is None else {"itermax": args.itermax}),
            )
    except KeyboardInterrupt:  # before the search's own handling (its kernels loading)
        counted = 0 if METHODS[method].searches else None  # a greedy family's: none
        return _print_color(args, "stopped", None, counted, counted, "interrupted", method)
    return _print_color(
        args,
        result.status,
        result.solution,
        None if "nodes" in result.uncounted else result.stats.nodes,
        None if "backtracks" in result.uncounted else result.stats.backtracks,
        result.reason,
        method,
        result.seed if METHODS[method].randomized else None,
        result.stats.seconds,
    )


def _print_color(
    args: argparse.Namespace,
    status: str,
    coloring: Any,
    nodes: int | None,
    backtracks: int | None,
    reason: str,
    method: str,
    seed: int | None = None,
    seconds: float | None = None,
) -> int:
    if args.json:
        print_json(color_row(status, method, coloring, nodes, backtracks, reason, seed, seconds))
    elif coloring is not None:  # () for a graph without vertices
        print(_vector(coloring))
    else:
        extra = f" ({reason})" if reason else ""
        # "no k-colouring" is the answer only when there is none; a stopped search found none
        what = f"{args.k}-colouring not found" if status == "stopped" else f"no {args.k}-colouring"
        print(f"{what}: {status}{extra}")
    if reason == "interrupted":
        counts = f" after {nodes} nodes ({backtracks} backtracks)" if nodes is not None else ""
        warn(f"interrupted{counts}")
        return EXIT_INTERRUPTED
    return 0 if status == "solved" else 1


def run_chromatic(args: argparse.Namespace) -> int:
    """Print χ and a colouring; exit 0 when proven, 1 when only bounds are known."""
    from ..search.chromatic import Bounds, chromatic_number
    from ..search.sat import sat_available

    has_sat = args.method != "pure" and sat_available()  # (pure: pysat not even imported)
    if args.method == "sat" and not has_sat:  # SAT always, as asked: never answered without it
        raise MissingExtra("pysat", "sat")
    begin = time.perf_counter()  # --timeout counts from here: reading the graph included
    graph = load_graph(args.graph)

    latest: list[Bounds] = []

    def show(b: Bounds) -> None:
        latest[:] = [b]
        if args.progress:
            print(b.line(), file=sys.stderr, flush=True)

    def still_searching() -> str:
        bounds = f" ({latest[0].lower} <= chi <= {latest[0].upper} so far)" if latest else ""
        return (
            f"still searching after {NOTE_SECONDS:g} s{bounds}: Ctrl-C stops with the bounds "
            "found, --timeout S sets a limit, --progress shows each new bound"
        )

    use_sat = {"auto": None, "sat": True, "pure": False}[args.method]
    with still_searching_note(args.progress or args.timeout is not None, still_searching):
        r = chromatic_number(
            graph,
            timeout=_time_left(args.timeout, begin),
            progress=show,
            use_sat=use_sat,
            seed=args.seed,
        )
    if args.json:
        print_json(
            {  # null unless proven: the bounds are lower_bound and upper_bound
                "chromatic_number": r.chromatic_number if r.proven else None,
                "proven": r.proven,
                # null: Ctrl-C came before any colouring (the upper bound is then n's)
                "coloring": list(r.coloring) if r.colored else None,
                "seconds": round(r.seconds, 6),
                "lower_bound": r.lower_bound,
                "upper_bound": r.upper_bound,
                "lower_by": r.lower_by,
                "upper_by": r.upper_by,
                "history": [
                    {
                        "seconds": round(b.seconds, 6),
                        "lower": b.lower,
                        "upper": b.upper,
                        "by": b.step,
                    }
                    for b in r.history
                ],
            }
        )
    elif not r.colored:  # nothing coloured yet: what is known, without a colouring
        print("chromatic number: not known (interrupted before any colouring)")
        print(f"lower bound {r.lower_bound} by {r.lower_by}; "
              f"upper bound {r.upper_bound} (the number of vertices)")  # fmt: skip
    else:
        if r.proven:
            print(f"chromatic number: {r.chromatic_number}")
        else:
            print(f"chromatic number: between {r.lower_bound} and {r.upper_bound} (not proven)")
        low, up = f"{r.lower_bound} by {r.lower_by}", f"{r.upper_bound} by {r.upper_by}"
        print(f"lower bound {low}; upper bound {up}")
        print(_vector(r.coloring))
        if not r.proven and not r.interrupted and args.method == "auto" and not has_sat:
            warn(NO_SAT_NOTE)  # the one word on the missing steps, where they were missed
    if r.interrupted:
        warn("interrupted: the bounds above are those found until then")
        return EXIT_INTERRUPTED
    return 0 if r.proven else 1
