"""``sudograph check PUZZLE|FILE|-``: is each grid valid (no clashing clues), is it complete?

Exit code: 0 every grid valid, 1 a grid has conflicts, 2 an unreadable grid or a usage error
(an unreadable line is reported and the others are still checked).
"""

from __future__ import annotations

import argparse
from typing import Any

from .._text import plural
from ..errors import ParseError, SudographError
from ..grid import Conflict, Grid, cell_name, symbol_of
from .common import (
    add_grid_options,
    describe_item,
    no_grid_error,
    print_error_json,
    print_json,
    read_items,
    report_error,
)


def register(subparsers: Any) -> None:
    """Add the ``check`` sub-command."""
    p = subparsers.add_parser(
        "check",
        help="check grids: valid (no clashing clues), complete",
        description="Check each grid: valid (no value twice in a row, column or box) and "
        "complete. Exit 0 all valid, 1 a grid has conflicts, 2 unreadable input.",
    )
    p.add_argument("source", metavar="PUZZLE|FILE|-", help="a puzzle, a file of puzzles, or -")
    add_grid_options(p)
    p.set_defaults(func=run)


def conflict_json(conflict: Conflict, n: int, alphabet: str | None = None) -> dict[str, Any]:
    """A conflict as JSON: house, value, cell indices and names (``r1c2``), and with the
    grid's ``alphabet`` the ``symbol`` that writes the value (None for a cage's total, which
    is no value)."""
    out: dict[str, Any] = {
        "house": conflict.house,
        "value": conflict.value,
        "cells": list(conflict.cells),
        "names": [cell_name(i, n) for i in conflict.cells],
    }
    if alphabet:
        out["symbol"] = None if conflict.is_total else symbol_of(conflict.value, alphabet)
    return out


def check_json(no: int | None, grid: Grid) -> dict[str, Any]:
    """``{"line", "valid", "complete", "conflicts", "clues", "empty"}`` for one grid."""
    clashes = grid.conflicts()
    return {
        "line": no,
        "valid": not clashes,
        "complete": not clashes and 0 not in grid.values,
        "conflicts": [conflict_json(c, grid.n, grid.alphabet) for c in clashes],
        "clues": grid.clues,
        "empty": len(grid.values) - grid.clues,
    }


def check_text(no: int | None, grid: Grid) -> str:
    """One line: ``line 3: valid, 30 clues, 51 empty`` or the conflicts, each value written
    as the grid writes it (``A`` on a hexadecimal 16×16, not ``11``)."""
    where = describe_item(no)
    clashes = grid.conflicts()
    if clashes:
        listed = "; ".join(c.describe(grid.n, grid.alphabet) for c in clashes)
        return f"{where}: {plural(len(clashes), 'conflict')}: {listed}"
    if 0 not in grid.values:
        return f"{where}: valid, complete"
    clues = plural(grid.clues, "clue", grouped=False)
    return f"{where}: valid, {clues}, {len(grid.values) - grid.clues} empty"


def run(args: argparse.Namespace) -> int:
    """Check every grid of the input; return the exit code."""
    seen = bad = unreadable = 0
    for no, item in read_items(args.source, args):
        seen += 1
        if isinstance(item, ParseError):
            unreadable += 1
            report_error(item)
            if args.json:
                print_error_json(no, str(item))
            continue
        if args.json:
            record = check_json(no, item)
            print_json(record)
            bad += not record["valid"]
        else:
            clashes = item.conflicts()
            bad += bool(clashes)
            print(check_text(no, item))
    if seen == 0:
        raise SudographError(no_grid_error(args.source))
    if seen > 1 and not args.json:
        ok = seen - bad - unreadable
        counts = f"{ok:,} valid, {bad:,} with conflicts, {unreadable:,} unreadable"
        print(f"{plural(seen, 'grid')}: {counts}")
    if unreadable:
        return 2
    return 1 if bad else 0
