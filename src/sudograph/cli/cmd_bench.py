"""``sudograph bench PUZZLES...``: every method on every puzzle set, as a table, JSON or CSV.

Each solve is capped (``--limit-seconds``, ``--max-nodes``) so a hopeless method reports
``stopped`` instead of hanging; ``--plot FILE`` also draws nodes per puzzle per method. Each
file is one set, named by its file name (by the end of its path that tells it from another
file of the same name); a file given twice is refused, and so is a DIMACS graph (bench
compares methods on puzzles). ``--engine python|numba`` that no method of ``--methods`` runs
on is refused (``logic`` and the greedy family run on Python, ``fast`` on its kernel); one
that some of them do not run on is said on standard error.

Variant puzzles are benched as any others: a file in a variant format (docs/variants.md), or
plain grids with ``--variant``, ``--regions``, ``--cages`` (the rules of every puzzle read).
With killer cages, the methods that do not read them (the greedy family) are left out of the
default methods (standard error says so) and refused when named in ``--methods``.

A bad puzzle (a line that cannot be read, or clues that clash) is reported on standard error
(``sudograph: error: FILE:LINE[:COLUMN]: what``) and left out, the others are benched, and a
last line per file says how many were skipped. Exit code: 0, or 2 when a puzzle was skipped (or on
bad arguments, checked before any puzzle is solved); a run cut short by ``--max-nodes`` or
``--limit-seconds`` is a figure of the table (its ``stopped`` column), not a failed answer, so
it leaves the code at 0 (the README's exit codes say so).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from typing import Any

from .._text import plural
from ..bench import (
    DEFAULT_LIMIT_SECONDS,
    PuzzleSet,
    Run,
    collect_set,
    engine_ignored,
    format_table,
    load_set,
    parse_methods,
    rich_tables,
    run_bench,
    set_names,
    summarize,
    to_csv,
)
from ..errors import InvalidArgument, MissingExtra
from .common import (
    STDIN,
    add_variant_options,
    box_arg,
    fail,
    has_variant,
    is_variant_file,
    positive_seconds,
    print_json,
    read_items,
    refuse_graph_input,
    report_error,
    stderr_is_tty,
    stdout_is_tty,
    warn,
    whole,
)


def register(subparsers: Any) -> None:
    """Add the ``bench`` sub-command."""
    p = subparsers.add_parser(
        "bench",
        help="compare methods on puzzle sets (solved, nodes, backtracks, time)",
        description="Run every method on every puzzle of every file and compare them.",
    )
    p.add_argument("files", nargs="+", metavar="PUZZLES", help="puzzle files (one set each)")
    p.add_argument(
        "--methods",
        metavar="M1,M2",
        help="comma-separated methods (default: every method of the Python engine)",
    )
    p.add_argument(
        "--limit-seconds",
        type=positive_seconds,
        default=DEFAULT_LIMIT_SECONDS,
        metavar="S",
        help=f"cap on one solve, in seconds (default {DEFAULT_LIMIT_SECONDS})",
    )
    p.add_argument("--max-nodes", type=whole(0), metavar="N", help="cap on one solve, in nodes")
    p.add_argument(
        "--first", type=whole(1), metavar="N", help="only the first N puzzles of each file"
    )
    p.add_argument(
        "--engine",
        choices=("python", "numba", "auto"),
        help=f"search engine (default {DEFAULT_ENGINE}, the reference)",
    )
    p.add_argument("--seed", type=whole(0), default=0, help="seed of the randomized methods (0)")
    p.add_argument("--box", type=box_arg, metavar="RxC", help="box shape, e.g. 2x3 (6x6 grids)")
    add_variant_options(p)
    p.add_argument("--plot", metavar="FILE", help="also draw nodes per puzzle (.png or .svg)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="a JSON list of rows")
    out.add_argument("--csv", action="store_true", help="CSV rows")
    p.set_defaults(func=run)


DEFAULT_ENGINE = "python"


def run(args: argparse.Namespace) -> int:
    """Load the sets, run the comparison, print it (and plot it)."""
    methods = parse_methods(args.methods)
    engine = args.engine or DEFAULT_ENGINE
    if args.engine is not None:
        check_engine(methods, args.engine)
    if args.plot is not None:
        check_plot_path(args.plot)
    names = set_names(args.files)
    for f in args.files:  # one line, not one per line of the graph
        refuse_graph_input(f, "bench")
    sets = [_load(f, name, args) for f, name in zip(args.files, names, strict=True)]
    methods = _cage_methods(methods, sets, explicit=args.methods is not None)
    total = len(methods) * sum(len(s.grids) for s in sets)
    if not total:
        _say_skipped(args.files, sets)
        return fail("no puzzle to bench: every puzzle read was bad")
    kw = dict(
        limit_seconds=args.limit_seconds,
        max_nodes=args.max_nodes,
        seed=args.seed,
        engine=engine,
    )
    if stderr_is_tty():
        runs = _with_progress(sets, methods, total, kw)
    else:
        runs = run_bench(sets, methods, **kw)
    rows = summarize(runs)
    if args.json:
        print_json([r.as_dict() for r in rows])
    elif args.csv:
        sys.stdout.write(to_csv(rows))
    elif stdout_is_tty():
        from rich.console import Console

        console = Console()
        for table in rich_tables(rows):
            console.print(table)
    else:
        print(format_table(rows))
    if args.plot is not None:
        from ..plot import plot_runs, save_plot

        ax = plot_runs(runs)
        save_plot(ax, args.plot)  # an error names the file (a full disk too)
    return _say_skipped(args.files, sets)


def _load(f: str, name: str, args: argparse.Namespace) -> PuzzleSet:
    """The set of file ``f``: plain grids (:func:`~sudograph.bench.load_set`), or puzzles with
    their rules when ``f`` is in a variant format or the variant options are given (read as
    ``solve`` reads them: :func:`~sudograph.cli.common.read_items`). Bad puzzles are reported
    and counted in ``skipped``."""
    if not has_variant(args) and not (f != "-" and is_variant_file(f)):
        return load_set(f, box=args.box, first=args.first, on_error=report_error, name=name)
    source = STDIN if f == "-" else f
    return collect_set(read_items(f, args), name, source, first=args.first, on_error=report_error)


def _cage_methods(methods: list[str], sets: list[PuzzleSet], *, explicit: bool) -> list[str]:
    """``methods`` for these sets: when a puzzle has killer cages, the methods that do not
    read them are refused if named (``explicit``), else left out, said on standard error."""
    from ..solve import KILLER_METHODS

    caged = next((s for s in sets for g in s.grids if g.variant and g.variant.cages), None)
    blind = [m for m in methods if m not in KILLER_METHODS]
    if caged is None or not blind:
        return methods
    if explicit:
        raise InvalidArgument(
            f"--methods {','.join(blind)}: {'does' if len(blind) == 1 else 'do'} not read killer "
            f"cages (set {caged.name}); the methods that do: {', '.join(KILLER_METHODS)}"
        )
    warn(f"{', '.join(blind)}: left out, they do not read killer cages (set {caged.name})")
    return [m for m in methods if m in KILLER_METHODS]


def _say_skipped(files: list[str], sets: list[PuzzleSet]) -> int:
    """A line on standard error for each file with bad puzzles left out; the exit code: 2 if
    there were, else 0."""
    for f, s in zip(files, sets, strict=True):
        if s.skipped:
            name = STDIN if f == "-" else f
            warn(f"{name}: {plural(len(s.grids), 'puzzle')} benched, "
                 f"{plural(s.skipped, 'bad line')} skipped")  # fmt: skip
    return 2 if any(s.skipped for s in sets) else 0


def check_engine(methods: list[str], engine: str) -> None:
    """Refuse an ``--engine`` that no method runs on (it would do nothing); say on standard
    error which methods keep their own engine when only some do.

    >>> check_engine(["logic"], "numba")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: --engine numba: logic (python) runs on its own engine, ...
    """
    from ..engine import resolve_engine
    from ..methods import get_method

    ignored = engine_ignored(methods, engine)
    own = ", ".join(f"{m} ({'/'.join(get_method(m).engines)})" for m in ignored)
    verb = "runs on its" if len(ignored) == 1 else "run on their"
    if ignored and len(ignored) == len(methods):
        raise InvalidArgument(f"--engine {engine}: {own} {verb} own engine, not on {engine}")
    resolve_engine(engine)  # numba asked for and missing: that one line, before the note
    if not ignored:
        return
    used = ", ".join(m for m in methods if m not in ignored)
    warn(f"--engine {engine} applies to {used}; {own} {verb} own engine")


def check_plot_path(path: str) -> None:
    """Refuse a ``--plot`` file that could not be written, before any puzzle is solved: a
    name not ending in .png or .svg, a folder that does not exist, a folder, no matplotlib.

    >>> check_plot_path("/nonexistent/p.png")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: --plot '/nonexistent/p.png': no such folder '/nonexistent'
    """
    if not path.strip():
        raise InvalidArgument(f"--plot needs a file name, got {path!r}")
    if not path.lower().endswith((".png", ".svg")):
        raise InvalidArgument(f"--plot file must end in .png or .svg, got {path!r}")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise InvalidArgument(f"--plot {path!r}: no such folder {folder!r}")
    if os.path.isdir(path):
        raise InvalidArgument(f"--plot {path!r} is a folder")
    if not os.access(folder, os.W_OK):
        raise InvalidArgument(f"--plot {path!r}: the folder {folder!r} is not writable")
    if importlib.util.find_spec("matplotlib") is None:
        raise MissingExtra("matplotlib", "plot")


def _with_progress(sets: Any, methods: list[str], total: int, kw: dict[str, Any]) -> list[Run]:
    """Run with a rich progress bar on standard error (terminals only)."""
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("bench", total=total)

        def step(run: Run) -> None:
            progress.update(task, advance=1, description=f"{run.method} on {run.set}")

        return run_bench(sets, methods, on_run=step, **kw)
