"""Helpers shared by the sub-commands: reading grids from arguments, errors, JSON output."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from typing import Any

from ..errors import ParseError
from ..grid import Grid, parse_box
from ..formats.puzzles import iter_grids, open_source

Item = tuple[int | None, Grid | ParseError]


def fail(message: str, *, code: int = 2) -> int:
    """Print ``sudograph: error: message`` on standard error; return ``code``."""
    print(f"sudograph: error: {message}", file=sys.stderr)
    return code


def warn(message: str) -> None:
    """Print ``sudograph: message`` on standard error."""
    print(f"sudograph: {message}", file=sys.stderr)


def add_grid_options(p: argparse.ArgumentParser, *, json_flag: bool = True) -> None:
    """``--box RxC``, ``--alphabet SYMBOLS`` (and ``--json``)."""
    p.add_argument("--box", type=parse_box, metavar="RxC", help="box shape, e.g. 2x3")
    p.add_argument("--alphabet", metavar="SYMBOLS", help="symbols for values 1..N")
    if json_flag:
        p.add_argument("--json", action="store_true", help="machine-readable output")


def looks_like_path(arg: str) -> bool:
    """An argument meant as a file name (not a puzzle written inline)."""
    return arg == "-" or os.path.exists(arg) or os.sep in arg or arg.endswith(
        (".txt", ".csv", ".sdk", ".sdm", ".ss", ".col")
    )


def read_items(arg: str, args: argparse.Namespace) -> Iterator[Item]:
    """Grids from ``PUZZLE|FILE|-``: ``(line number or None, Grid or ParseError)``.

    A missing file raises OSError (the CLI reports it); a bad line is yielded as a ParseError.
    """
    box, alphabet = getattr(args, "box", None), getattr(args, "alphabet", None)
    if looks_like_path(arg):
        stream, name = open_source(arg)
        try:
            yield from iter_grids(stream, box=box, alphabet=alphabet, name=name)
        finally:
            if stream is not sys.stdin.buffer:
                stream.close()
        return
    try:
        yield None, Grid.parse(arg, box=box, alphabet=alphabet)
    except ParseError as exc:
        yield None, exc


def print_json(obj: Any) -> None:
    """One JSON document (a line) on standard output."""
    print(json.dumps(obj, ensure_ascii=False))


def stdout_is_tty() -> bool:
    """True on an interactive terminal (progress bars and colours only then)."""
    return sys.stdout.isatty()


def stderr_is_tty() -> bool:
    """True when standard error is a terminal."""
    return sys.stderr.isatty()


def load_graph(arg: str, *, strict: bool = False) -> Any:
    """A graph from a CLI argument: ``petersen``, ``sudoku:RxC`` / ``sudoku:N``, or a ``.col`` file."""
    from ..formats.dimacs import read_dimacs
    from ..graph import petersen_graph, sudoku_graph
    from ..grid import box_for

    if arg == "petersen":
        return petersen_graph()
    if arg.startswith("sudoku:"):
        spec = arg.split(":", 1)[1]
        if "x" in spec.lower():
            r, c = parse_box(spec)
            return sudoku_graph(r, c)
        return sudoku_graph(*box_for(int(spec))) if spec.isdigit() else sudoku_graph(
            *parse_box(spec)
        )
    return read_dimacs(arg, strict=strict)
