"""Helpers shared by the sub-commands: reading grids from arguments, errors, JSON output."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from typing import Any

from ..errors import InvalidArgument, ParseError
from ..formats.puzzles import iter_grids, open_source
from ..graph import MAX_SIDE
from ..grid import Grid, parse_box

Item = tuple[int | None, Grid | ParseError]


def fail(message: str, *, code: int = 2) -> int:
    """Print ``sudograph: error: message`` on standard error; return ``code``."""
    print(f"sudograph: error: {message}", file=sys.stderr)
    return code


def warn(message: str) -> None:
    """Print ``sudograph: message`` on standard error."""
    print(f"sudograph: {message}", file=sys.stderr)


def box_arg(text: str) -> tuple[int, int]:
    """``--box`` value: ``'2x3'`` -> ``(2, 3)``; a bad one is an argparse usage error."""
    try:
        r, c = parse_box(text)
    except InvalidArgument as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if r < 1 or c < 1 or r * c > MAX_SIDE:
        raise argparse.ArgumentTypeError(f"box {r}x{c}: need r, c >= 1 and r*c <= {MAX_SIDE}")
    return (r, c)


def add_grid_options(p: argparse.ArgumentParser, *, json_flag: bool = True) -> None:
    """``--box RxC``, ``--alphabet SYMBOLS`` (and ``--json``)."""
    p.add_argument("--box", type=box_arg, metavar="RxC", help="box shape, e.g. 2x3")
    p.add_argument("--alphabet", metavar="SYMBOLS", help="symbols for values 1..N")
    if json_flag:
        p.add_argument("--json", action="store_true", help="machine-readable output")


def looks_like_path(arg: str) -> bool:
    """An argument meant as a file name (not a puzzle written inline)."""
    return (
        arg == "-"
        or os.path.exists(arg)
        or os.sep in arg
        or arg.endswith((".txt", ".csv", ".sdk", ".sdm", ".ss", ".col"))
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
        yield None, exc.located(source=INLINE)


INLINE = "<puzzle>"
"""The source name given to errors in a puzzle written on the command line."""


def describe_item(no: int | None) -> str:
    """``'line 3'`` for a grid of a file, ``'puzzle'`` for one given inline."""
    return "puzzle" if no is None else f"line {no}"


def report_error(exc: ParseError) -> None:
    """Print one bad grid's error (``source:line:column: message``) on standard error."""
    fail(str(exc))


def no_grid_error(arg: str) -> str:
    """The message for an input holding no grid at all."""
    name = "<stdin>" if arg == "-" else arg
    return f"{name}: no grid found (the input is empty or only comments)"


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
    """A graph from a CLI argument: ``petersen``, ``sudoku:RxC``, ``sudoku:N``, a ``.col`` file."""
    from ..formats.dimacs import read_dimacs
    from ..graph import petersen_graph, sudoku_graph
    from ..grid import box_for

    if arg == "petersen":
        return petersen_graph()
    if arg.startswith("sudoku:"):
        spec = arg.split(":", 1)[1]
        return sudoku_graph(*(box_for(int(spec)) if spec.isdigit() else parse_box(spec)))
    return read_dimacs(arg, strict=strict)
