"""``sudograph bench PUZZLES...``: every method on every puzzle set, as a table, JSON or CSV.

Each solve is capped (``--limit-seconds``, ``--max-nodes``) so a hopeless method reports
``stopped`` instead of hanging; ``--plot FILE`` also draws nodes per puzzle per method.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..bench import (
    DEFAULT_LIMIT_SECONDS,
    Run,
    format_table,
    load_set,
    parse_methods,
    rich_tables,
    run_bench,
    summarize,
    to_csv,
)
from ..errors import InvalidArgument
from .common import is_variant_file, print_json, stderr_is_tty, stdout_is_tty


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
        type=float,
        default=DEFAULT_LIMIT_SECONDS,
        metavar="S",
        help=f"cap on one solve, in seconds (default {DEFAULT_LIMIT_SECONDS})",
    )
    p.add_argument("--max-nodes", type=int, metavar="N", help="cap on one solve, in nodes")
    p.add_argument("--first", type=int, metavar="N", help="only the first N puzzles of each file")
    p.add_argument(
        "--engine",
        choices=("python", "numba", "auto"),
        default="python",
        help="search engine (default python, the reference)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the randomized methods (0)")
    p.add_argument("--plot", metavar="FILE", help="also draw nodes per puzzle (.png or .svg)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="a JSON list of rows")
    out.add_argument("--csv", action="store_true", help="CSV rows")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Load the sets, run the comparison, print it (and plot it)."""
    methods = parse_methods(args.methods)
    if args.first is not None and args.first < 1:
        raise InvalidArgument(f"--first must be >= 1, got {args.first}")
    if args.max_nodes is not None and args.max_nodes < 0:
        raise InvalidArgument(f"--max-nodes must be >= 0, got {args.max_nodes}")
    if args.plot and not args.plot.lower().endswith((".png", ".svg")):
        raise InvalidArgument(f"--plot file must end in .png or .svg, got {args.plot!r}")
    for f in args.files:
        if f != "-" and is_variant_file(f):  # "-": standard input is not peeked at here
            raise InvalidArgument(
                f"{f}: a variant puzzle file; bench compares methods on plain puzzles "
                "(solve or count variant puzzles with those commands)"
            )
    sets = [load_set(f, first=args.first) for f in args.files]
    total = len(methods) * sum(len(s.grids) for s in sets)
    kw = dict(
        limit_seconds=args.limit_seconds,
        max_nodes=args.max_nodes,
        seed=args.seed,
        engine=args.engine,
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
    if args.plot:
        from ..plot import plot_runs

        ax = plot_runs(runs)
        ax.figure.savefig(args.plot, bbox_inches="tight")
    return 0


def _with_progress(sets: Any, methods: list[str], total: int, kw: dict[str, Any]) -> list[Run]:
    """Run with a rich progress bar on standard error (terminals only)."""
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("bench", total=total)

        def step(run: Run) -> None:
            progress.update(task, advance=1, description=f"{run.method} on {run.set}")

        return run_bench(sets, methods, on_run=step, **kw)
