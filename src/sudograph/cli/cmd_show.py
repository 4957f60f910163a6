"""``sudograph show PUZZLE|FILE|-``: print grids (boxed, one line, lists, JSON) or draw them.

``--svg FILE`` / ``--png FILE`` call :func:`sudograph.render.save_grid` (imported only then);
with several grids the picture files are numbered by the line of the input each grid starts
on (``grid-1.svg``, ``grid-2.svg``...; a bad line, a comment or a blank line gives no picture
and leaves its number out, so ``grid-7.svg`` is always the grid of line 7) and a line on
standard error says which were written (``wrote grid-1.svg ... grid-50.svg (50 puzzles)``).
A file must be named for its format (``--svg`` a ``.svg``, ``--png`` a ``.png``), as ``draw``
wants; the grids are then drawn, not printed, so ``--format`` and ``--json`` are refused with
them.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .._text import plural
from ..errors import InvalidArgument, ParseError, SudographError
from ..grid import Grid, region_boxed
from .cmd_draw import MAX_SIZE, MIN_SIZE, picture_targets
from .common import (
    add_grid_options,
    no_grid_error,
    print_error_json,
    print_json,
    read_items,
    report_error,
    warn,
    whole,
)

FORMATS = ("boxed", "line", "lists", "json")
DEFAULT_FORMAT = "boxed"


def register(subparsers: Any) -> None:
    """Add the ``show`` sub-command."""
    p = subparsers.add_parser(
        "show",
        help="print grids (boxed, line, lists, json) or draw them (--svg, --png)",
        description="Print each grid of the input, or save it as a picture.",
    )
    p.add_argument("source", metavar="PUZZLE|FILE|-", help="a puzzle, a file of puzzles, or -")
    p.add_argument("--format", choices=FORMATS, help=f"text format (default {DEFAULT_FORMAT})")
    p.add_argument(
        "--svg",
        metavar="FILE",
        help="save the grid as an SVG picture; with several grids, FILE-N.svg for the grid "
        "on line N of the input",
    )
    p.add_argument(
        "--png",
        metavar="FILE",
        help="save the grid as a PNG picture; with several grids, FILE-N.png for the grid "
        "on line N of the input",
    )
    p.add_argument("--candidates", action="store_true", help="show each empty cell's candidates")
    p.add_argument(
        "--size",
        type=whole(MIN_SIZE, MAX_SIZE, "pixels"),
        metavar="PX",
        help="picture width with --svg/--png (default: 40 px a cell, more with --candidates "
        "on a large grid, so that the pencil marks can be read)",
    )
    add_grid_options(p)
    p.set_defaults(func=run)


def format_candidates(grid: Grid) -> str:
    """Boxed text where an empty cell shows its candidates in brackets (pencil marks).

    >>> print(format_candidates(Grid.parse("1..4341221434.2.")))
    +-----------+-----------+
    | 1    (2)  | (3)  4    |
    | 3    4    | 1    2    |
    +-----------+-----------+
    | 2    1    | 4    3    |
    | 4    (3)  | 2    (1)  |
    +-----------+-----------+
    """
    n, (br, bc) = grid.n, grid.box
    cells = []
    for i, d in enumerate(grid.values):
        if d:
            cells.append(grid.alphabet[d - 1])
        else:
            cands = "".join(grid.alphabet[c - 1] for c in grid.candidates(i))
            cells.append(f"({cands})")  # () : no candidate left
    width = max(max(len(c) for c in cells), 4)
    regions = grid.variant.regions if grid.variant is not None else None
    if regions is not None:  # a jigsaw: its regions' borders, as show draws it without marks
        return region_boxed([c.ljust(width) for c in cells], regions, n, width)
    ruler = "+" + "+".join(["-" * ((width + 1) * bc + 1)] * (n // bc)) + "+"
    out = [ruler]
    for r in range(n):
        row = cells[r * n : (r + 1) * n]
        chunks = [" ".join(c.ljust(width) for c in row[k : k + bc]) for k in range(0, n, bc)]
        out.append("| " + " | ".join(chunks) + " |")
        if (r + 1) % br == 0:
            out.append(ruler)
    return "\n".join(out)


def picture_path(path: str, index: int, many: bool) -> str:
    """``path``, or ``stem-index.ext`` when several grids are drawn (``index``: the grid's
    line in the input)."""
    if not many:
        return path
    p = Path(path)
    return str(p.with_name(f"{p.stem}-{index}{p.suffix}"))


SLOW_PNG_MARKS = 30_000
"""Pencil marks past which a PNG takes long enough to say so (about a millisecond each with
matplotlib: an empty 64x64 grid's 262,144 took 4 minutes; an SVG draws them in seconds)."""


def _note_slow_png(grid: Grid) -> bool:
    """Say on standard error that the PNG of ``grid``'s pencil marks will take a while, when
    it has more than :data:`SLOW_PNG_MARKS`; return whether it was said."""
    marks = sum(len(grid.candidates(i)) for i, d in enumerate(grid.values) if not d)
    if marks <= SLOW_PNG_MARKS:
        return False
    warn(
        f"note: {marks:,} pencil marks may take minutes to draw as PNG; --svg draws them in seconds"
    )
    return True


def written_line(path: str, numbers: list[int]) -> str:
    """What ``show`` says on standard error after drawing the grids of a file of several as
    pictures numbered ``numbers`` (their lines in the input: :func:`picture_path`); when the
    numbers are not ``1..count`` (a bad line left out, a comment, a grid over several lines),
    it says that they are the lines (a bad line was reported on its own line).

    >>> written_line("grid.svg", list(range(1, 51)))
    'wrote grid-1.svg ... grid-50.svg (50 puzzles)'
    >>> written_line("grid.png", [1, 2]), written_line("grid.png", [1])
    ('wrote grid-1.png and grid-2.png (2 puzzles)', 'wrote grid-1.png (1 puzzle)')
    >>> written_line("m.svg", [1, 2, 3, 5])
    'wrote m-1.svg ... m-5.svg (4 puzzles, numbered by their lines in the input)'
    """
    count = len(numbers)
    first, last = picture_path(path, numbers[0], True), picture_path(path, numbers[-1], True)
    files = {1: first, 2: f"{first} and {last}"}.get(count, f"{first} ... {last}")
    said = plural(count, "puzzle")
    if numbers != list(range(1, count + 1)):
        said += ", numbered by their lines in the input"
    return f"wrote {files} ({said})"


def save_picture(
    grid: Grid, path: str, fmt: str, candidates: bool, size: int | None = None
) -> None:
    """Draw the grid with :func:`sudograph.render.save_grid` (imported lazily)."""
    try:
        from .. import render  # type: ignore[attr-defined,unused-ignore]
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("sudograph"):
            raise SudographError(
                f"--{fmt} needs sudograph.render, which this version does not have yet"
            ) from None
        raise
    render.save_grid(grid, path, fmt=fmt, candidates=candidates, solution=None, size=size)


def run(args: argparse.Namespace) -> int:
    """Print (or draw) every grid of the input; return the exit code."""
    fmt = "json" if args.json else args.format or DEFAULT_FORMAT
    pictures = picture_targets(args, ("svg", "png"))
    printed = [o for o, given in (("--format", args.format), ("--json", args.json)) if given]
    if pictures and printed:
        verb = "apply" if len(printed) > 1 else "applies"
        raise InvalidArgument(
            f"--{pictures[0][0]} draws the grids: {', '.join(printed)} {verb} to printing them "
            "(without --svg/--png)"
        )
    if args.json and args.format not in (None, "json"):
        raise InvalidArgument(
            f"--format {args.format}: not with --json, which prints the json format"
        )
    if args.size is not None and not pictures:
        raise InvalidArgument("--size is a picture's width: give --svg FILE or --png FILE")
    if args.candidates and not pictures and fmt not in ("boxed", "json"):
        raise InvalidArgument("--candidates shows in the boxed and json formats and pictures")
    items = read_items(args.source, args)
    seen = unreadable = shown = 0
    drawn: list[int] = []  # the number of each picture: its grid's line in the input
    warned = slow_noted = False
    first: tuple[int | None, Grid | ParseError] | None = next(items, None)
    pending = [first] if first is not None else []
    second = next(items, None) if first is not None else None
    many = second is not None
    if second is not None:
        pending.append(second)
    for no, item in _chain(pending, items):
        seen += 1
        if isinstance(item, ParseError):
            unreadable += 1
            report_error(item)
            if fmt == "json" and not pictures:  # a row in its place (check, count write theirs)
                print_error_json(no, str(item), key="line_no")  # "line" is the grid
            continue
        shown += 1
        if item.variant is not None and not pictures and fmt != "json" and not warned:
            warned = True  # once: the grid is shown, its rules are not
            warn(
                f"the {fmt} format holds the grid, not its rules ({item.variant.spec}): "
                "--format json keeps them, as the variant files do"
            )
        if pictures:
            number = shown if no is None else no  # (a grid has its line in a file)
            if args.candidates and "png" in dict(pictures) and not slow_noted:
                slow_noted = _note_slow_png(item)
            for kind, path in pictures:
                save_picture(
                    item, picture_path(path, number, many), kind, args.candidates, args.size
                )
            drawn.append(number)
            continue
        if fmt == "json":
            doc = {**item.to_json(), "line_no": no}
            if args.candidates:  # each cell's, row-major (none for a filled cell)
                doc["candidates"] = [list(item.candidates(i)) for i in range(len(item.values))]
            print_json(doc)
        elif args.candidates and fmt == "boxed":
            _print_block(format_candidates(item), shown)
        elif fmt == "boxed":
            _print_block(item.to_boxed(), shown)
        else:
            print(item.format(fmt))
    if seen == 0:
        raise SudographError(no_grid_error(args.source))
    if many and drawn:  # numbered files, not the one named: say which
        for _, path in pictures:
            warn(written_line(path, drawn))
    return 2 if unreadable else 0


def _print_block(text: str, index: int) -> None:
    if index > 1:
        print()
    print(text)


def _chain(head: list[Any], rest: Any) -> Any:
    yield from head
    yield from rest
