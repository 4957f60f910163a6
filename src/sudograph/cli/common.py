"""Helpers shared by the sub-commands: reading grids from arguments, errors, JSON output."""

from __future__ import annotations

import argparse
import codecs
import contextlib
import json
import math
import os
import pathlib
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, BinaryIO, cast

from .._text import plural
from ..errors import InvalidArgument, InvalidPuzzle, ParseError, clip, naming
from ..formats.puzzles import iter_grids, open_source
from ..graph import MAX_SIDE
from ..grid import Grid, check_alphabet, parse_box
from ..problem import Cage

Item = tuple[int | None, Grid | ParseError]
Rules = tuple[tuple[str, ...], tuple[int, ...] | None, tuple[Cage, ...]]
"""A variant's names, region map (or None) and cages."""


class Said(Exception):
    """The command ends with exit ``code``, its reason already said on standard error (a
    file's rows stopped by a signal: no summary after them)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def fail(message: str, *, code: int = 2) -> int:
    """Print ``sudograph: error: message`` on standard error; return ``code``."""
    print(f"sudograph: error: {message}", file=sys.stderr)
    return code


def tally_line(total: int, tally: dict[str, int], bad: int, skip: int = 0) -> str:
    """The summary of a run over a file of puzzles (statuses, errors, bad lines among them;
    ``skip``: the puzzles a ``--resume`` found done).

    >>> tally_line(3, {"solved": 1, "unsatisfiable": 0, "stopped": 1, "error": 1}, 1)
    '3 puzzles: 1 solved, 0 unsatisfiable, 1 stopped, 1 error (1 bad line)'
    >>> tally_line(2101, {"solved": 2100, "unsatisfiable": 0, "stopped": 0, "error": 1}, 1, 1500)
    ... # doctest: +NORMALIZE_WHITESPACE
    '2,101 puzzles (resumed after 1,500): 2,100 solved, 0 unsatisfiable, 0 stopped, 1 error
    (1 bad line)'
    """
    resumed = f" (resumed after {skip:,})" if skip else ""
    return (
        f"{plural(total, 'puzzle')}{resumed}: {tally['solved']:,} solved, "
        f"{tally['unsatisfiable']:,} unsatisfiable, {tally['stopped']:,} stopped, "
        f"{plural(tally['error'], 'error')} ({plural(bad, 'bad line')})"
    )


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


def output_path(text: str) -> str:
    """An argparse type: ``-o``'s file, refused when empty (a script's unset variable: not
    standard output unsaid, which ``-`` asks for).

    >>> output_path("out.txt"), output_path("-")
    ('out.txt', '-')
    >>> output_path("")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the output path is empty: give a file name, or - for standard output
    >>> output_path("  ")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the output path '  ' is only blanks: give a file name, or - ...
    """
    if not text.strip():
        what = "is empty" if not text else f"{text!r} is only blanks"
        raise argparse.ArgumentTypeError(
            f"the output path {what}: give a file name, or - for standard output"
        )
    return text


def whole(minimum: int, maximum: int | None = None, unit: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum`` (and at most ``maximum``, in
    ``unit``), refused as a usage error that names the option (``argument --limit: must be
    >= 1, got 0``).

    >>> whole(1)("3")
    3
    >>> whole(1)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be >= 1, got 0
    >>> whole(16, 8192, "pixels")("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be 16..8192 pixels, got 0
    """

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if maximum is not None and not minimum <= value <= maximum:
            within = f"{minimum}..{maximum}" + (f" {unit}" if unit else "")
            raise argparse.ArgumentTypeError(f"must be {within}, got {value}")
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be >= {minimum}, got {value}")
        return value

    convert.__name__ = "whole number"  # argparse's fallback message names the type
    return convert


def seconds(text: str) -> float:
    """An argparse type: a finite number of seconds, 0 or more (``nan`` and ``inf`` refused).

    >>> seconds("1.5")
    1.5
    >>> seconds("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: not a finite number of seconds: 'nan'
    """
    value = _finite_seconds(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {text}")
    return value


def positive_seconds(text: str) -> float:
    """:func:`seconds` above 0 (a time limit that leaves no time at all is refused).

    >>> positive_seconds("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be > 0, got 0
    """
    value = _finite_seconds(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be > 0, got {text}")
    return value


def dask_address(text: str) -> str:
    """``--dask`` value: an address or ``local``; a blank one (which ran without Dask, without
    a word) is a usage error.

    >>> dask_address(" ")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: give the scheduler's address (tcp://host:8786) or local
    """
    if not text.strip():
        from ..distributed import GIVE_AN_ADDRESS

        raise argparse.ArgumentTypeError(GIVE_AN_ADDRESS)
    return text.strip()


def _finite_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"not a finite number of seconds: {text!r}")
    return value


def alphabet_arg(text: str) -> str:
    """``--alphabet`` value: the symbols as given; an argparse usage error (one line, before
    any work) for one that no grid can take: empty, a symbol twice, a reserved character.

    >>> alphabet_arg("123456789ABCDEFG")
    '123456789ABCDEFG'
    >>> alphabet_arg("12345678.")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: alphabet '12345678.' uses '.': whitespace and ... are reserved
    """
    if not text:
        raise argparse.ArgumentTypeError("an alphabet needs N symbols, not none")
    try:
        check_alphabet(len(text), text)  # the grid's size is checked against it later
    except InvalidArgument as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def add_grid_options(p: argparse.ArgumentParser, *, json_flag: bool = True) -> None:
    """``--box RxC``, ``--alphabet SYMBOLS`` (and ``--json``)."""
    p.add_argument("--box", type=box_arg, metavar="RxC", help="box shape, e.g. 2x3")
    p.add_argument(
        "--alphabet", type=alphabet_arg, metavar="SYMBOLS", help="symbols for values 1..N"
    )
    add_variant_options(p)
    if json_flag:
        p.add_argument("--json", action="store_true", help="machine-readable output")


def add_variant_options(p: argparse.ArgumentParser) -> None:
    """``--variant NAME[+NAME]``, ``--regions MAP``, ``--cages FILE`` (docs/variants.md)."""
    p.add_argument(
        "--variant",
        metavar="NAME[+NAME]",
        help="variant rules: x, windoku, disjoint, centre-dot, asterisk, anti-knight, anti-king, "
        "jigsaw, killer (combine with +)",
    )
    p.add_argument(
        "--regions", metavar="MAP", help="jigsaw region map: a file, or N*N symbols inline"
    )
    p.add_argument("--cages", metavar="FILE", help="killer cages: lines of 'SUM r1c1 r1c2 ...'")


def has_variant(args: argparse.Namespace) -> bool:
    """True when ``--variant``, ``--regions`` or ``--cages`` is given; an empty one is an
    :class:`InvalidArgument` (``--variant ""`` would otherwise read as no variant)."""
    for k in ("variant", "regions", "cages"):
        value = getattr(args, k, None)
        if value is not None and not value.strip():
            raise InvalidArgument(f"--{k} is empty")
    return any(getattr(args, k, None) for k in ("variant", "regions", "cages"))


def no_variant_on_graph(args: argparse.Namespace, *, grid_options: bool = False) -> None:
    """Refuse ``--variant``/``--regions``/``--cages`` for a GRAPH argument (they are rules of
    a puzzle: ``sudoku:RxC`` is the plain Sudoku graph); with ``grid_options`` also ``--box``
    and ``--alphabet``, which shape or write a puzzle (draw and visualize took them without a
    word)."""
    keys = ("variant", "regions", "cages", *(("box", "alphabet") if grid_options else ()))
    given = [f"--{k}" for k in keys if getattr(args, k, None)]
    if given:
        raise InvalidArgument(
            f"{', '.join(given)} {'apply' if len(given) > 1 else 'applies'} to a PUZZLE, not to "
            f"the graph {args.source!r} "
            "(give the puzzle, e.g. an empty grid of dots)"
        )


def with_variant(grid: Grid, args: argparse.Namespace) -> Grid:
    """``grid`` with the rules of ``--variant``/``--regions``/``--cages`` (as is without),
    added to the rules it has (a variant file's): the names of both, a region map or cages
    from one side only.

    Raises :class:`ParseError` or :class:`InvalidArgument` for bad options; for a grid with
    rules of its own, :class:`InvalidArgument` when the two do not go together (``--regions``
    for a grid that has a region map, a name that does not fit it).
    """
    if not has_variant(args):
        return grid
    from ..variants import Variant

    names, regions, cages = _option_rules(args, grid.n)
    own = grid.variant
    if own is None:  # the options' rules alone: one Variant for every grid of this size
        alone: dict[int, Variant] = args.__dict__.setdefault("_variant_alone", {})
        if grid.n not in alone:
            alone[grid.n] = Variant(names, regions, cages)
        if not alone[grid.n].names:  # e.g. an empty cage file: no rule added
            return grid
        return Grid(grid.box, grid.values, grid.alphabet, alone[grid.n])
    rules = own.adding(names, regions, cages, clash=_option_clash)
    return Grid(grid.box, grid.values, grid.alphabet, rules)


def _option_clash(what: str) -> str:
    """The error of ``--regions`` or ``--cages`` given for a puzzle with its own ``what``.

    >>> _option_clash("region map")
    '--regions: the puzzle has its own region map'
    """
    option = "--regions" if what == "region map" else "--cages"
    return f"{option}: the puzzle has its own {what}"


def _option_rules(args: argparse.Namespace, n: int) -> Rules:
    """The names, region map (or None) and cages of the variant options for an n×n grid,
    read once per n."""
    from ..formats.variant import parse_cages
    from ..variants import parse_regions, variant_names

    cache: dict[int, Any] = args.__dict__.setdefault("_variants", {})
    if n not in cache:
        names = variant_names(getattr(args, "variant", None) or "")
        regions = cages = None
        if getattr(args, "regions", None):
            text, source = _text_of(args.regions, "--regions")
            with misspelt_regions(args.regions, source):
                regions = parse_regions(text, n, source=source)
        if getattr(args, "cages", None):
            text, source = _text_of(args.cages, "--cages", inline=False)
            cages = parse_cages(text, n, source=source)
            if not cages:  # else a killer read as a classic puzzle
                raise ParseError("--cages: the file holds no cage", source=source)
        cache[n] = (names, regions, cages or ())
    rules: Rules = cache[n]
    return rules


@contextlib.contextmanager
def misspelt_regions(arg: str, source: str) -> Iterator[None]:
    """Around reading a ``--regions`` value (``source``: ``--regions`` when it was read as the
    map itself, else the file's name): a map that does not read, given as what looks like a
    file name, is a misspelt file name, said so (``--regions: no such file: ...``)."""
    try:
        yield
    except ParseError as exc:
        if source == "--regions" and _file_like(arg):
            raise InvalidArgument(
                f"--regions: no such file: {arg!r} (nor is it a region map: {exc.message})"
            ) from None
        raise


def _file_like(arg: str) -> bool:
    """An option's value that names a file rather than holding its text (a path separator,
    or a name ending in an extension such as ``.txt``)."""
    return os.sep in arg or re.search(r"\.[A-Za-z][A-Za-z0-9]{0,7}$", arg) is not None


def regions_box(args: argparse.Namespace, *, checked: bool = False) -> tuple[int, int] | None:
    """The box of the grid a ``--regions`` map is drawn for (N×N symbols: an N×N grid, the
    boxes of that side: ``k×k`` when N is a square, else the shape closest to a square, 2×3
    for 6: the regions replace the boxes), or None without a map (or one of no square number
    of symbols, or of a side outside 1..64: the map's own error then says what is wrong).
    ``checked``: None too for a map that does not read as one (its own error is then
    reported, not a box that does not fit the puzzle)."""
    if not getattr(args, "regions", None):
        return None
    from ..grid import nearest_box
    from ..variants import parse_regions, region_map_side

    text = _text_of(args.regions, "--regions")[0]
    side = region_map_side(text)
    if side is None or not 1 <= side <= MAX_SIDE:
        return None
    if checked:
        try:
            parse_regions(text, side)
        except (ParseError, InvalidArgument):
            return None
    return nearest_box(side)


def _text_of(arg: str, option: str, *, inline: bool = True) -> tuple[str, str]:
    """The text of an option naming a file (or, if ``inline``, holding the text itself); a
    file that is not UTF-8 text is a :class:`ParseError` at its first bad byte, one that
    cannot be read an :class:`InvalidArgument` naming ``option``."""
    if inline and not os.path.exists(arg):
        return arg, option
    try:
        with open(arg, "rb") as f:
            data = f.read()
    except OSError as exc:  # a directory, a missing --cages file, no permission: the option
        raise InvalidArgument(f"{option}: {arg}: {exc.strerror or exc}") from None
    from ..formats.variant import variant_text

    text = variant_text(data, arg)  # CR-only lines read as lines, as a variant file's
    if isinstance(text, ParseError):
        raise text
    return text.removeprefix("\ufeff"), arg


VARIANT_MAX_BYTES = 64 << 20
"""A variant file, or standard input holding one, is read whole: up to this many bytes."""

VARIANT_HEAD = 8192
"""Bytes of the head of an input that tell a variant format from plain grids: its first
content line for the text format, its first lines for JSON lines; a JSON object over several
lines that the head does not hold whole is read whole to tell (``looks_like_variant``)."""

STDIN = "<stdin>"
"""The source name given to errors in what standard input (``-``) holds."""

STDOUT = "<stdout>"
"""The file name given to an OSError of a write to standard output (a full disk): the CLI
says ``cannot write to standard output: ...``, told from an input's or a socket's error, which
name no file either."""


def variant_kind(head: bytes) -> str | None:
    """The variant format (see ``looks_like_variant``) of an input starting with ``head``, or
    None (plain grids). A JSON object that ``head`` does not hold whole enough to tell is
    ``"json"``, undecided (:func:`undecided_variant`): the input is to be read whole, as a
    variant input is, and told again by :func:`variant_file_kind`.

    >>> variant_kind(b"alphabet: ABCD\\n"), variant_kind(b"1.3.\\n"), variant_kind(b'{"size": 4,')
    ('text', None, 'json')
    """
    from ..formats.variant import looks_like_variant

    return looks_like_variant(head.decode("utf-8", errors="replace"), head=True)


def undecided_variant(head: bytes) -> bool:
    """True when ``head``, the start of an input, opens a JSON object that it does not hold
    whole enough to tell (one document over more lines than the head: its ``"grid"`` may come
    last); False for a text, JSON lines (their first lines tell) or plain grids.

    >>> undecided_variant(b'{\\n  "title": "t",\\n'), undecided_variant(b'{"grid": "1..."}\\n{')
    (True, False)
    """
    from ..formats.variant import undecided_head

    return undecided_head(head.decode("utf-8", errors="replace"))


def _read_to_tell(stream: BinaryIO) -> tuple[bytes, bool]:
    """Read the start of an input whose head left it undecided (:func:`undecided_variant`) far
    enough to tell it: its first two content lines (JSON lines: they tell, and the rest is
    left to stream, however long a line), else all of it, up to :data:`VARIANT_MAX_BYTES` + 1
    bytes. ``(bytes read, whether that is all of the input)``."""
    chunks: list[bytes] = []
    size = content = 0
    while content < 2 and size <= VARIANT_MAX_BYTES:
        line = stream.readline(VARIANT_MAX_BYTES + 1 - size)
        if not line:
            return b"".join(chunks), True
        chunks.append(line)
        size += len(line)
        if line.strip() and not line.lstrip().startswith(b"#"):
            content += 1
    data = b"".join(chunks)
    if size > VARIANT_MAX_BYTES or not undecided_variant(data):
        return data, False
    data += stream.read(VARIANT_MAX_BYTES + 1 - size)  # one document over several lines
    return data, len(data) <= VARIANT_MAX_BYTES


def stdin_head(size: int = VARIANT_HEAD, told: Callable[[bytes], bool] | None = None) -> bytes:
    """The first ``size`` bytes of standard input (fewer at its end, or once they hold its
    first content lines: :func:`~sudograph.formats.puzzles.first_lines_read`, or what
    ``told`` says is enough: asked of the whole peek, then, on a pipe, of each new line not
    blank nor ``#``, the lines before having told nothing), left to be
    read: peeked at (a buffered stream, as standard input is) or read and sought back (a
    seekable one). A pipe's peek gives what has arrived so far (two rows of a grid, part of a
    line), so there the lines are read on until the first content lines are whole (or the
    end), then put back in front of the rest (``sys.stdin`` replaced: ``put_back_stdin``).
    ``b""`` from a stream that can neither peek nor seek, which is then read as plain grids."""
    from ..formats.puzzles import first_lines_read
    from .cmd_solve import put_back_stdin  # (cmd_solve imports this module)

    enough = told or first_lines_read
    stream = getattr(sys.stdin, "buffer", None)
    try:
        peek = getattr(stream, "peek", None)
        if peek is not None:
            head = bytes(peek(size)[:size])
            if len(head) >= size or enough(head):
                return head
        if stream is not None and stream.seekable():
            at = stream.tell()
            head = stream.read(size)
            stream.seek(at)
            return bytes(head)
        if stream is not None and peek is not None:  # a pipe: read its first lines, put back
            chunks: list[bytes] = []
            read = 0
            pipe: Any = stream
            while read < size:
                line = pipe.readline(size - read)
                if not line:
                    break
                chunks.append(line)
                read += len(line)
                text = line.strip()  # only a content line can complete the first lines
                content = bool(text) and not text.startswith(b"#")
                if content and enough(line if told else b"".join(chunks)):  # (told: linear)
                    break
            head = b"".join(chunks)
            if head:
                put_back_stdin(head, stream)
            return head
    except (OSError, ValueError):  # closed, or not readable: nothing to tell from
        pass
    return b""


DIMACS_HEADER = re.compile(rb"[^\S\n]*p[^\S\n]+(edge|edges|col)[^\S\n]+\d+[^\S\n]+\d+\s*")
"""The problem line of a DIMACS graph (``p edge N M``), matched whole (its line ending too)."""


def is_dimacs_file(path: str) -> bool:
    """True when the first line of the file ``path`` (``-``: standard input, peeked at and left
    to be read, :func:`stdin_head`) that is neither blank nor a comment (read past up to
    :data:`DIMACS_HEAD` bytes) is a DIMACS ``p edge N M`` line, a UTF-8 byte-order mark
    before it or not (False for what cannot be read: the reader that opens it reports it;
    False, unread, for another file that is not a regular one: a pipe's bytes read here would
    be lost to the puzzle reader that reads it next, and a FIFO without a writer blocks)."""
    if path == "-":
        head = stdin_head(DIMACS_HEAD, told=_dimacs_told)
    elif not os.path.isfile(path):
        return False
    else:
        try:
            with open(path, "rb") as f:
                head = f.read(DIMACS_HEAD)
        except OSError:
            return False
    return DIMACS_HEADER.fullmatch(_first_content_line(head)) is not None


DIMACS_HEAD = 1 << 20
"""Most bytes of comments :func:`is_dimacs_file` reads past to find a DIMACS problem line
(a long header of ``c`` lines, as generators write them)."""

_DIMACS_SKIPPED = re.compile(rb"(?:[^\S\n]*(?:[c#][^\n]*)?\n)*")
"""The lines before a DIMACS graph's problem line, a run of them skipped at once: blank, a
``c`` comment (any line starting with ``c``, as :func:`~sudograph.formats.dimacs.read_dimacs`
reads it), or a ``#`` one (a comment of puzzle files: the graph is told, and the reader says
what it makes of it)."""


def _first_content_line(head: bytes) -> bytes:
    """The first line of ``head`` that is neither blank nor a comment (``c``, ``#``), without
    its line break (as far as ``head`` goes; empty when there is none).

    >>> _first_content_line(b"c made here\\n\\n  p edge 3 1\\ne 1 2\\n")
    b'  p edge 3 1'
    """
    head = head.removeprefix(codecs.BOM_UTF8)
    at = cast(re.Match[bytes], _DIMACS_SKIPPED.match(head)).end()
    end = head.find(b"\n", at)
    return head[at:] if end < 0 else head[at:end]


def _dimacs_told(head: bytes) -> bool:
    """Whether ``head``, what has been read of standard input, tells a DIMACS graph from
    puzzles: a whole line other than a blank one or a ``c`` comment is there (the problem
    line, or a puzzle's).

    >>> _dimacs_told(b"c a triangle\\nc\\n"), _dimacs_told(b"c a triangle\\np edge 3 3\\n")
    (False, True)
    >>> _dimacs_told(b"1.3.....2...4..1\\n"), _dimacs_told(b"p edge 3 3")
    (True, False)
    """
    head = head.removeprefix(codecs.BOM_UTF8)
    at = cast(re.Match[bytes], _DIMACS_SKIPPED.match(head)).end()
    return b"\n" in head[at:]  # a whole line after the blank lines and comments


def refuse_graph_input(source: str, command: str | None) -> None:
    """Refuse a DIMACS graph given where puzzles are read (a file or ``-``), in one line,
    before its lines are each reported as a puzzle that does not read.

    Raises :class:`InvalidArgument`: ``g.col: a DIMACS graph (its 'p edge' line); solve takes
    puzzles, not graphs (colour a graph with sudograph color or chromatic)``."""
    if (source == "-" or looks_like_path(source)) and is_dimacs_file(source):
        name = STDIN if source == "-" else source
        raise InvalidArgument(
            f"{name}: a DIMACS graph (its 'p edge' line); {command or 'this command'} takes "
            "puzzles, not graphs (colour a graph with sudograph color or chromatic)"
        )


def variant_file_kind(arg: str) -> str | None:
    """The variant format of the file ``arg`` names, or of standard input for ``-`` (see
    ``looks_like_variant``), or None (not a file, or plain grids). Told from the first
    :data:`VARIANT_HEAD` bytes or, for a JSON object they do not tell
    (:func:`undecided_variant`), from its first two lines (JSON lines) or else the whole input
    (:func:`_read_to_tell`; standard input left to be read again: sought back, or put back in
    front of the rest). One larger than :data:`VARIANT_MAX_BYTES` is read as plain grids."""
    from ..formats.variant import looks_like_variant

    if arg == "-":
        head = stdin_head()
        if not undecided_variant(head):
            return variant_kind(head)
        stream = sys.stdin.buffer
        if stream.seekable():
            at = stream.tell()
            data, whole = _read_to_tell(stream)
            stream.seek(at)
        else:
            from .cmd_solve import put_back_stdin  # (cmd_solve imports this module)

            data, whole = _read_to_tell(stream)
            put_back_stdin(data, None if whole else stream)
    else:
        if not os.path.isfile(arg):
            return None
        with naming(arg), open(arg, "rb") as f:  # (a read error names the file)
            head = f.read(VARIANT_HEAD)
            if not undecided_variant(head):
                return variant_kind(head)
            f.seek(0)
            data, whole = _read_to_tell(f)
    if len(data) > VARIANT_MAX_BYTES:
        return None
    return looks_like_variant(data.decode("utf-8", errors="replace"), head=not whole)


def is_variant_file(arg: str) -> bool:
    """True when ``arg`` names a file in a variant format (``-``: standard input holds one)."""
    return variant_file_kind(arg) is not None


def read_variant_file(
    arg: str, *, box: tuple[int, int] | None = None, alphabet: str | None = None
) -> list[Item] | None:
    """The puzzles of a file (``-``: standard input) in the sudograph variant format (text or
    JSON, one puzzle or several) or f-puzzles JSON (docs/variants.md), or None when ``arg`` is
    not such an input (or a file over :data:`VARIANT_MAX_BYTES`, then read as plain grids).
    ``box`` (``--box``) is the shape of a puzzle that gives none, ``alphabet`` its symbols.

    An input that is not UTF-8 (or holds a NUL byte) is one :class:`ParseError` at its first
    bad byte, as the plain-file reader words it (``v.txt:3:14: invalid UTF-8``).

    Raises :class:`InvalidArgument` for standard input holding a variant puzzle larger than
    :data:`VARIANT_MAX_BYTES` (what was read of it cannot be read again as plain grids).
    """
    kind = variant_file_kind(arg)
    if kind is None:
        return None
    if arg == "-":
        data = sys.stdin.buffer.read(VARIANT_MAX_BYTES + 1)
        if len(data) > VARIANT_MAX_BYTES:
            raise InvalidArgument(
                f"{STDIN}: a variant input is read whole, up to {VARIANT_MAX_BYTES >> 20} MiB: "
                "this one is larger"
            )
        source = STDIN
    else:
        if os.path.getsize(arg) > VARIANT_MAX_BYTES:
            return None
        with naming(arg), open(arg, "rb") as f:
            data, source = f.read(), arg
    from ..formats.variant import variant_text

    text = variant_text(data, source)
    if isinstance(text, ParseError):  # the input is read whole: one error for it
        return [(text.line, text)]
    return variant_items(text, kind, source, box=box, alphabet=alphabet)


def variant_items(
    text: str,
    kind: str,
    source: str,
    *,
    box: tuple[int, int] | None = None,
    alphabet: str | None = None,
) -> list[Item]:
    """The puzzles of ``text``, a variant input of ``kind`` (``looks_like_variant``'s),
    numbered by their first line, a bad one as its :class:`ParseError`."""
    from ..formats.variant import _leading_comments, read_fpuzzles, read_variant_puzzles

    if kind != "fpuzzles":
        return list(read_variant_puzzles(text, source=source, box=box, alphabet=alphabet))
    first = 1 + _leading_comments(text.removeprefix("\ufeff"))  # its object's, not a comment's
    try:
        return [(first, read_fpuzzles(text, source=source, box=box, alphabet=alphabet))]
    except ParseError as exc:
        return [(exc.line or first, exc)]


def one_puzzle_output(args: argparse.Namespace) -> str | None:
    """The file that ``-o`` names for one puzzle written on the command line (``solve PUZZLE
    -o OUT``, ``count PUZZLE -o OUT``): None without ``-o`` and for ``-o -`` (standard output,
    as in the file mode); never the ``--regions`` or ``--cages`` file, which OUT would be
    written over (:class:`InvalidArgument`)."""
    output: str | None = None if args.output == "-" else args.output
    if output:
        from .batchmode import refuse_input_as_output  # (the batch mode loads for files only)

        refuse_input_as_output(output, [args.regions, args.cages])
    return output


def say_file_options(args: argparse.Namespace, verb: str) -> None:
    """Say on standard error that ``--dask``, ``--workers`` and ``--resume``, given with one
    puzzle written on the command line, are for a file of puzzles: they change nothing here,
    where the puzzle is ``verb`` (solved, counted), and are not dropped without a word."""
    given = [o for o, on in (("--dask", args.dask), ("--workers", args.workers),
                             ("--resume", args.resume)) if on]  # fmt: skip
    if given:
        warn(f"{' and '.join(given)}: for a file of puzzles; this one puzzle is {verb} here")


def looks_like_path(arg: str) -> bool:
    """An argument meant as a file name (not a puzzle written inline: one over several lines
    or a JSON object, a '/' in its comment or title, is one).

    >>> looks_like_path("puzzles/hard.txt"), looks_like_path('{"title": "1/2", "grid": []}')
    (True, False)
    """
    if arg == "-" or os.path.exists(arg):
        return True
    if "\n" in arg or arg.lstrip().startswith("{"):
        return False
    return os.sep in arg or arg.endswith((".txt", ".csv", ".sdk", ".sdm", ".ss", ".col"))


def read_items(arg: str, args: argparse.Namespace) -> Iterator[Item]:
    """Grids from ``PUZZLE|FILE|-``: ``(line number or None, Grid or ParseError)``.

    A missing file raises OSError (the CLI reports it); a bad line is yielded as a ParseError.
    Without ``--box``, a ``--regions`` map gives the grid's box shape (:func:`regions_box`:
    the regions replace the boxes, so a 6×6 jigsaw needs no ``--box 2x3``).
    """
    refuse_graph_input(arg, getattr(args, "command", None))
    map_box = None if getattr(args, "box", None) else regions_box(args, checked=True)
    box = getattr(args, "box", None) or map_box
    alphabet = getattr(args, "alphabet", None)
    variant_puzzles = read_variant_file(arg, box=box, alphabet=alphabet)
    if variant_puzzles is not None:
        source = STDIN if arg == "-" else arg
        for no, item in _map_blamed(variant_puzzles, args, map_box):
            yield no, _with_options(item, args, no, source)
        return
    if looks_like_path(arg):
        stream, name = open_source(arg)
        try:
            with naming(name):  # a read error (EIO) names the file
                items = iter_grids(stream, box=box, alphabet=alphabet, name=name)
                for no, item in _map_blamed(items, args, map_box):
                    yield no, _with_options(item, args, no, name)
        finally:
            if stream is not sys.stdin.buffer:
                stream.close()
        return
    inline = _inline_variant(arg, box, alphabet)  # 'variant: x\ngrid: 1...' as in a file
    if inline is not None:
        _blame_map(inline, args, map_box)
        yield None, _with_options(inline, args, None, INLINE)
        return
    try:
        grid = Grid.parse(arg, box=box, alphabet=alphabet)
    except ParseError as exc:
        _blame_map(exc, args, map_box)
        if len(arg) < 16 and any(ch.isalpha() for ch in arg) and not any(map(str.isspace, arg)):
            # a short word: more likely a file name mistyped than a 4x4 puzzle or smaller
            word = f"no file named {arg!r}, and as a puzzle: {exc.message}"
            exc = ParseError(word, line=exc.line, column=exc.column)
        yield None, exc.located(source=INLINE)
    else:
        yield None, with_variant(grid, args)


def puzzle_place(args_source: str, no: int | None) -> str:
    """Where a puzzle was read, as its errors name it: ``<puzzle>`` inline, ``FILE:LINE``
    (``<stdin>:LINE``) from a file.

    >>> puzzle_place("1.3.....2...4..1", None), puzzle_place("-", 3)
    ('<puzzle>', '<stdin>:3')
    """
    if no is None:
        return INLINE
    return f"{STDIN if args_source == '-' else args_source}:{no}"


@contextlib.contextmanager
def placed_clash(place: str | None) -> Iterator[None]:
    """Prefix ``place`` (:func:`puzzle_place`; None: nothing) to the :class:`InvalidPuzzle`
    (clashing clues) raised inside, as a bad line's error is placed."""
    try:
        yield
    except InvalidPuzzle as exc:
        if place is None:
            raise
        raise InvalidPuzzle(f"{place}: {exc}") from None


def _inline_variant(
    arg: str, box: tuple[int, int] | None, alphabet: str | None
) -> Grid | ParseError | None:
    """The puzzle of a PUZZLE argument written in a variant format (text, JSON, f-puzzles), as
    a file in that format is read; None for another puzzle. One puzzle: several are a file's.
    """
    if ":" not in arg:  # (every variant format has a key)
        return None
    from ..formats.variant import looks_like_variant

    kind = looks_like_variant(arg)
    if kind is None:
        return None
    items = variant_items(arg, kind, INLINE, box=box, alphabet=alphabet)
    if len(items) > 1:
        return ParseError(
            f"{len(items)} puzzles written inline: write them to a file (or -)", source=INLINE
        )
    return items[0][1]


def _map_blamed(
    items: Iterable[Item], args: argparse.Namespace, map_box: tuple[int, int] | None
) -> Iterator[Item]:
    """``items`` as they come, the map blamed (:func:`_blame_map`) for a misfit until one of
    them has fitted it: after that, a misfit is its own line's error, and reading goes on."""
    fitted = False
    for no, item in items:
        fitted = fitted or isinstance(item, Grid)
        _blame_map(item, args, None if fitted else map_box)
        yield no, item


def _blame_map(
    item: Grid | ParseError, args: argparse.Namespace, map_box: tuple[int, int] | None
) -> None:
    """A puzzle that does not fit the box a ``--regions`` map gave it (``map_box``: no
    ``--box``; a 9-cell map makes a 3×3 grid) is the map's fault, not the puzzle's: raise the
    map's own error for the puzzle's size (``MAP: region map has 9 cells, expected 81``), which
    ends the command, as a map of no square number of cells does (only until a puzzle has
    fitted the map: :func:`_map_blamed`)."""
    if map_box is None or not isinstance(item, ParseError):
        return
    r, c = map_box
    misfit = re.match(
        rf"box {r}x{c} (?:does not fit a (\d+)x\1 grid|given, but the puzzle's is (\d+)x(\d+))",
        item.message,  # a grid of another size; a variant file's own box of another size
    )
    if misfit is None:
        return
    plain, rows, columns = misfit.groups()
    n = int(plain) if plain else int(rows) * int(columns)
    if n != r * c:
        _option_rules(args, n)  # raises: the map has (r*c)**2 cells, not n*n


def _with_options(
    item: Grid | ParseError, args: argparse.Namespace, no: int | None, source: str
) -> Grid | ParseError:
    """A puzzle read from a file with the variant options applied (:func:`with_variant`): a
    bad option ends the command, options that do not go with the puzzle's own rules make this
    puzzle a :class:`ParseError` at its line."""
    if isinstance(item, ParseError):
        return item
    if item.variant is None or not has_variant(args):
        return with_variant(item, args)
    _option_rules(args, item.n)  # a bad option file: raised, not blamed on this puzzle
    try:
        return with_variant(item, args)
    except (InvalidArgument, InvalidPuzzle) as exc:
        return ParseError(str(exc), line=no, source=source)


ONE_SHOT_WORK = 160_000
"""A puzzle solved (or counted) alone on the command line with the default engine runs first
on the Python engine, with at most this many cells' worth of nodes (about 2,000 nodes on a
9×9, 600 on a 16×16, ~0.2 s): starting the compiled kernels (importing numba, loading their
machine code) costs 0.5-1 s, more than the Python engine needs on nearly every puzzle (Python
nodes to solve the first 200 puzzles of each set: top1465 median 86, max 915; hardest 1106
median 205, max 1,743; 11+ median 115, max 1,950; 17-clue max 114). A puzzle that needs more is
solved again on the compiled kernel; a file of puzzles starts the kernels at once."""


def python_first_budget(grid: Grid) -> int | None:
    """The node budget of the Python engine's first try at ``grid`` (see
    :data:`ONE_SHOT_WORK`), or None when the default engine is not the compiled one (no
    numba, or ``$SUDOGRAPH_ENGINE`` set)."""
    from ..engine import ENGINE_ENV, numba_available

    if os.environ.get(ENGINE_ENV) or not numba_available():
        return None
    return max(ONE_SHOT_WORK // max(len(grid.values), 1), 1)


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
    name = STDIN if arg == "-" else arg
    return f"{name}: no grid found (the input is empty or only comments)"


def print_json(obj: Any) -> None:
    """One JSON document (a line) on standard output."""
    print(json.dumps(obj, ensure_ascii=False))


def error_json(no: int | None, message: str, *, key: str = "line") -> str:
    """The JSON row of a puzzle that could not be read (or solved, counted...): its line
    (None for a puzzle written inline) and the error, as every command writes it; ``key``
    names the line (``show`` writes ``line_no``: its ``line`` is the grid).

    >>> error_json(2, "in.txt:2: bad"), error_json(None, "é", key="line_no")
    ('{"line": 2, "error": "in.txt:2: bad"}', '{"line_no": null, "error": "é"}')
    """
    return json.dumps({key: no, "error": message}, ensure_ascii=False)


def print_error_json(no: int | None, message: str, *, key: str = "line") -> None:
    """:func:`error_json`'s row on standard output."""
    print(error_json(no, message, key=key))


def stdout_is_tty() -> bool:
    """True on an interactive terminal (progress bars and colours only then)."""
    return sys.stdout.isatty()


def stderr_is_tty() -> bool:
    """True when standard error is a terminal."""
    return sys.stderr.isatty()


def progress_wanted(output: str | None) -> bool:
    """Whether to draw a progress bar: on a terminal, and not while the rows go to that same
    terminal (``-o OUT``, or standard output redirected), where the bar would cut them."""
    return stderr_is_tty() and (bool(output) or not stdout_is_tty())


def check_writable(output: str) -> None:
    """Raise :class:`InvalidArgument` when ``output`` cannot be a new or replaced file: empty,
    a folder, a path that names one (ending in ``/``, ``/.`` or ``/..``: pathlib would drop
    the slash), its folder missing or not a folder, or either not writable by this user.
    Checked before the search (seconds, up to ``--timeout``) rather than found when writing
    after it; nothing is created here, so that a refused puzzle leaves no empty page behind.

    >>> check_writable("/")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: /: is a folder, not a file
    >>> check_writable("/no/such/folder/")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: /no/such/folder/: ends with /, which names a folder: ...
    >>> check_writable("")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: the output path is empty: give a file name
    """
    if output == "-":
        return
    if not output:
        raise InvalidArgument("the output path is empty: give a file name")
    path = pathlib.Path(output)
    if path.is_dir():
        raise InvalidArgument(f"{output}: is a folder, not a file")
    end = output[-1] if output[-1] in (os.sep, os.altsep or os.sep) else None
    if end is None and os.path.basename(output) in (".", ".."):
        end = os.path.basename(output)
    if end is not None:  # (pathlib drops it: "x.html/" would be "x.html")
        raise InvalidArgument(f"{output}: ends with {end}, which names a folder: give a file name")
    folder = path.parent
    if not folder.exists():
        raise InvalidArgument(f"{output}: folder {folder} does not exist")
    if not folder.is_dir():
        raise InvalidArgument(f"{output}: {folder} is not a folder")
    target = path if path.exists() else folder
    if not os.access(target, os.W_OK):
        raise InvalidArgument(f"{output}: {target} is not writable")


GRAPH_NAMES = ("petersen",)
"""The graphs the CLI knows by name (besides ``sudoku:RxC``)."""


def graph_arg(arg: str) -> str:
    """``arg`` with a graph's name written as :func:`load_graph` reads it: ``petersen`` and
    ``sudoku:RxC`` in any case (``Petersen``, ``SUDOKU:2X3``), unless a file has that name;
    anything else (a file, a puzzle) as it is.

    >>> graph_arg("Petersen"), graph_arg("SUDOKU:2X3"), graph_arg("My.col"), graph_arg("1.3.")
    ('petersen', 'sudoku:2x3', 'My.col', '1.3.')
    """
    low = arg.lower()
    named = low in GRAPH_NAMES or low.startswith("sudoku:")
    return low if named and (low == arg or not os.path.exists(arg)) else arg


def load_graph(arg: str, *, strict: bool = False) -> Any:
    """A graph from a CLI argument: ``petersen``, ``sudoku:RxC``, ``sudoku:N`` (names in any
    case, see :func:`graph_arg`), a ``.col`` file, ``-`` the DIMACS text of standard input (as
    the commands that read puzzles take ``-``)."""
    from ..formats.dimacs import read_dimacs
    from ..graph import petersen_graph, sudoku_graph

    if arg == "-":
        return read_dimacs(sys.stdin.buffer, strict=strict, name=STDIN)
    given, arg = arg, graph_arg(arg)
    shape = sudoku_shape(arg)
    if (arg == "petersen" or shape is not None) and os.path.exists(given):
        warn(f"note: {given} is the graph of that name, not the file: ./{given} reads the file")
    if arg == "petersen":
        return petersen_graph()
    if shape is not None:
        return sudoku_graph(*shape)
    return read_dimacs(arg, strict=strict)


def sudoku_shape(arg: str) -> tuple[int, int] | None:
    """The box shape of a ``sudoku:RxC`` or ``sudoku:N`` argument, None for another graph;
    a bad shape is :class:`InvalidArgument` naming the argument.

    >>> sudoku_shape("sudoku:2x3"), sudoku_shape("sudoku:16"), sudoku_shape("petersen")
    ((2, 3), (4, 4), None)
    """
    from ..grid import box_for

    if not arg.startswith("sudoku:"):
        return None
    spec = arg.split(":", 1)[1]
    try:
        if spec.isascii() and spec.isdigit():
            if len(spec.lstrip("0")) > len(str(MAX_SIDE)):  # (int() refuses 4,300 digits)
                raise InvalidArgument(f"grid side {spec[:6]}... is outside 1..{MAX_SIDE}")
            return box_for(int(spec))
        rows, columns = parse_box(spec)
        return box_for(rows * columns, (rows, columns))  # sides 1..64
    except InvalidArgument as exc:  # the shape, or the side it makes
        raise InvalidArgument(f"{clip(arg, 27, room=30)}: {exc}") from None
