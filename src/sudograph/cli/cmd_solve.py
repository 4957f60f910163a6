"""``sudograph solve``: solve one puzzle (printed grid, stats, JSON) or a file of puzzles.

A file (or ``-``) goes to :mod:`sudograph.cli.batchmode` when that module exists (parallel
workers, ``-o``, ``--resume``); otherwise it is solved here, one line per puzzle.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import sys
import time
from typing import Any

from ..errors import ParseError
from ..grid import Grid
from ..methods import INFERENCES, METHODS, ORDERS
from ..problem import Result
from .common import add_grid_options, looks_like_path, print_json, read_items, warn

FORMATS = ("line", "boxed", "lists", "json")
DEFAULT_TRACE_STEPS = 200


def register(sub: Any) -> None:
    """Add the ``solve`` sub-command."""
    p = sub.add_parser(
        "solve",
        help="solve a puzzle or a file of puzzles",
        description="Solve PUZZLE (inline), FILE (one puzzle per line, or boxed grids) or - "
        "(standard input). Exit 0 solved, 1 no solution or stopped, 2 bad input.",
    )
    p.add_argument("puzzle", metavar="PUZZLE|FILE|-")
    p.add_argument(
        "--method",
        "-m",
        default="propagate",
        choices=sorted(METHODS),
        help="named method (default propagate)",
    )
    p.add_argument("--order", choices=ORDERS, help="search order (overrides the method's)")
    p.add_argument("--inference", choices=INFERENCES, help="inference (overrides the method's)")
    p.add_argument("--all", action="store_true", help="print every solution")
    p.add_argument("--count", action="store_true", help="count the solutions")
    p.add_argument("--limit", type=int, metavar="N", help="at most N solutions")
    p.add_argument("--max-nodes", type=int, metavar="N", help="stop after N nodes")
    p.add_argument("--timeout", type=float, metavar="S", help="stop after S seconds")
    p.add_argument("--trace", action="store_true", help="print the search steps")
    p.add_argument(
        "--trace-steps",
        type=int,
        default=DEFAULT_TRACE_STEPS,
        metavar="N",
        help=f"at most N trace lines (default {DEFAULT_TRACE_STEPS})",
    )
    p.add_argument("--stats", action="store_true", help="print nodes, backtracks and time")
    p.add_argument("--format", choices=FORMATS, default=None, help="grid format (default boxed)")
    p.add_argument("--seed", type=int, help="seed of randomized methods")
    p.add_argument("--itermax", type=int, default=1000, help="attempts of randomized methods")
    p.add_argument("--engine", choices=("auto", "python", "numba"), default="auto")
    p.add_argument("-o", "--output", metavar="OUT", help="file mode: write results to OUT")
    p.add_argument("--workers", type=int, metavar="N", help="file mode: worker processes")
    p.add_argument("--resume", action="store_true", help="file mode: continue an OUT file")
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
    """Keyword arguments of :func:`sudograph.solve.solve` from the options."""
    return {
        "order": args.order,
        "inference": args.inference,
        "limit": wanted_limit(args),
        "max_nodes": args.max_nodes,
        "timeout": args.timeout,
        "seed": args.seed,
        "itermax": args.itermax,
        "engine": args.engine,
    }


def run(args: argparse.Namespace) -> int:
    """Solve one puzzle, or hand a file to the batch mode."""
    if looks_like_path(args.puzzle):
        if args.puzzle != "-":
            items = read_items(args.puzzle, args)
            first = [next(items, None), next(items, None)]
            if hasattr(items, "close"):
                items.close()
            if first[0] is not None and first[1] is None:
                return solve_one(first[0][1], args)
        try:
            batch = importlib.import_module("sudograph.cli.batchmode")
        except ModuleNotFoundError as exc:
            if exc.name != "sudograph.cli.batchmode":
                raise
            return solve_sequential(args)
        code: int = batch.run(args)
        return code
    ((_, item),) = list(read_items(args.puzzle, args))
    return solve_one(item, args)


def solve_one(item: Grid | ParseError, args: argparse.Namespace) -> int:
    """Solve one grid and print it as the options say."""
    from ..search.trace import GridStepPrinter
    from ..solve import solve

    if isinstance(item, ParseError):
        raise item
    grid = item
    printer = None
    if args.trace and not args.json:
        printer = GridStepPrinter(grid.n, grid.alphabet, max_steps=max(args.trace_steps, 0))
    result = solve(grid, args.method, trace=printer, **solve_kwargs(args))
    if printer is not None:
        printer.close()
    if args.json:
        print_json(result_json(result, args))
    else:
        print_result(result, args)
    if result.reason == "interrupted":
        return 130
    return 0 if result.status == "solved" else 1


def result_json(result: Result, args: argparse.Namespace) -> dict[str, Any]:
    """The ``--json`` document of one puzzle."""
    s = result.stats
    doc: dict[str, Any] = {
        "status": result.status,
        "solution": result.grids[0].to_line() if result.grids else None,
        "nodes": s.nodes,
        "backtracks": s.backtracks,
        "seconds": round(s.seconds, 6),
    }
    if result.reason:
        doc["reason"] = result.reason
    if args.count:
        doc["count"] = len(result.solutions)
        doc["complete"] = result.complete
    if args.all:
        doc["solutions"] = [g.to_line() for g in result.grids]
    return doc


def print_result(result: Result, args: argparse.Namespace) -> None:
    """Human output: the grid(s), the count, the stats."""
    fmt = args.format or "boxed"
    if args.count:
        exact = "" if result.complete else " (at least)"
        print(f"{len(result.solutions)} solution(s){exact}")
    elif result.grids:
        shown = result.grids if args.all or (args.limit or 1) > 1 else result.grids[:1]
        print(("\n\n" if fmt == "boxed" else "\n").join(g.format(fmt) for g in shown))
    if result.status != "solved":
        extra = f" ({result.reason})" if result.reason else ""
        print(f"no solution: {result.status}{extra}")
    if args.stats or result.reason == "interrupted":
        s = result.stats
        print(
            f"nodes: {s.nodes}  backtracks: {s.backtracks}  deductions: {s.deductions}  "
            f"max depth: {s.max_depth}  time: {s.seconds:.4f} s"
        )


def solve_sequential(args: argparse.Namespace) -> int:
    """File mode without the batch module: one line per puzzle, a summary on standard error."""
    from ..solve import solve

    start = time.perf_counter()
    tally = {"solved": 0, "unsatisfiable": 0, "stopped": 0, "bad": 0}
    with contextlib.ExitStack() as stack:
        out = (
            stack.enter_context(open(args.output, "w", encoding="utf-8"))
            if args.output
            else sys.stdout
        )
        for no, item in read_items(args.puzzle, args):
            if isinstance(item, ParseError):
                tally["bad"] += 1
                warn(f"line {no}: {item.message}")
                continue
            result = solve(item, args.method, **solve_kwargs(args))
            tally[result.status] += 1
            if args.json:
                doc = result_json(result, args)
                doc["line"] = no
                print(json.dumps(doc), file=out)
            elif args.count:
                print(len(result.solutions), file=out)
            else:
                print(result.grids[0].to_line() if result.grids else result.status, file=out)
            out.flush()
    total = sum(tally.values())
    warn(
        f"{total} puzzles: {tally['solved']} solved, {tally['unsatisfiable']} unsatisfiable, "
        f"{tally['stopped']} stopped, {tally['bad']} bad lines, "
        f"{time.perf_counter() - start:.3f} s"
    )
    if tally["bad"]:
        return 2
    return 0 if tally["solved"] == total else 1
