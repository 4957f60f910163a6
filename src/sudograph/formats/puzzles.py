"""Puzzle files: one puzzle per line (or Kaggle-style CSV), read as a stream.

:func:`iter_puzzles` yields ``(line number, Grid or ParseError)`` so a bad line is reported and
the rest still read. It holds one line in memory at a time, and never more than
:data:`~sudograph.grid.MAX_LINE` bytes of a line it must reject (a 50 MB line costs no 50 MB).
Files holding one or more multi-line grids (boxed text, separated by blank lines) are read by
:func:`iter_grids`, which picks the right reader.

>>> import io
>>> text = b"# two puzzles and a bad line\\n1.3.....2...4..1\\nxyz\\r\\n.2.......1......\\n"
>>> items = iter_puzzles(io.BytesIO(text))
>>> [(no, g.to_line() if isinstance(g, Grid) else str(g)) for no, g in items]
... # doctest: +NORMALIZE_WHITESPACE
[(2, '1.3.....2...4..1'),
 (3, '3: wrong length: 3 cells is not N*N for a side N in 1..64 (a 9x9 grid has 81)'),
 (4, '.2.......1......')]
"""

from __future__ import annotations

import io
import json
import math
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO, cast

from ..errors import ParseError
from ..graph import MAX_SIDE
from ..grid import MAX_LINE, RULER_CHARS, Box, Grid

Source = str | os.PathLike[str] | BinaryIO
Item = tuple[int, Grid | ParseError]

MAX_GRID_FILE = 16 * 1024 * 1024
"""Largest multi-line grid file read whole (one-line-per-puzzle files stream at any size)."""


def _raw_lines(stream: BinaryIO) -> Iterator[tuple[int, bytes | None]]:
    """Lines as bytes without their ending; None for a line longer than MAX_LINE (skipped)."""
    no = 0
    while True:
        chunk = stream.readline(MAX_LINE + 1)
        if not chunk:
            return
        no += 1
        if len(chunk) > MAX_LINE and not chunk.endswith(b"\n"):
            while True:  # drain the rest of the over-long line without keeping it
                more = stream.readline(1 << 20)
                if not more or more.endswith(b"\n"):
                    break
            yield no, None
            continue
        yield no, chunk.rstrip(b"\r\n")


COMPRESSED = {b"\x1f\x8b": "gzip", b"BZh": "bzip2", b"\xfd7zXZ\x00": "xz", b"(\xb5/\xfd": "zstd"}
"""The first bytes of compressed files, and their format's name."""


class CompressedFile(ParseError):
    """A file that starts as a compressed one does: not read (one error, not one a line)."""


def compressed(head: bytes, source: str | None) -> CompressedFile | None:
    """The error for a file whose first bytes are ``head``, when they are a compressed
    format's (:data:`COMPRESSED`), else None.

    >>> compressed(bytes([0x1F, 0x8B, 8, 0]), "big.txt.gz")
    CompressedFile('big.txt.gz:1:1: gzip-compressed data: decompress the file first')
    >>> compressed(b"1.3.....2...4..1", "p.txt") is None
    True
    """
    for magic, kind in COMPRESSED.items():
        if head.startswith(magic):
            message = f"{kind}-compressed data: decompress the file first"
            return CompressedFile(message, line=1, column=1, source=source)
    return None


def decode_line(no: int, raw: bytes | None, source: str | None) -> str | ParseError:
    """Line ``no`` of a puzzle file as text (``raw`` without its ending, None when it was
    longer than :data:`~sudograph.grid.MAX_LINE`), or the :class:`ParseError` that names it
    (a compressed file: :class:`CompressedFile` at line 1)."""
    if no == 1 and raw is not None and (packed := compressed(raw, source)) is not None:
        return packed
    if raw is None:
        return ParseError(f"line longer than {MAX_LINE} bytes: not a grid", line=no, source=source)
    if b"\x00" in raw:
        col = raw.index(b"\x00") + 1
        return ParseError("binary data (NUL byte)", line=no, column=col, source=source)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return ParseError("invalid UTF-8", line=no, column=exc.start + 1, source=source)


CSV_WORDS = ("quiz", "puzzle", "sudoku")
"""A first line with a field naming one of these is a CSV header; that field's column holds
the puzzles (``quizzes,solutions``; Kaggle's ``id,puzzle,solution,clues,difficulty``)."""


def csv_column(line: str) -> int | None:
    """The column of the puzzles when ``line`` is a CSV header, else None.

    >>> csv_column("quizzes,solutions"), csv_column("id,puzzle,solution"), csv_column("quizzes")
    (0, 1, 0)
    >>> csv_column("1.3.....2...4..1") is None
    True
    """
    fields = [f.strip().strip('"').strip().lower() for f in line.split(",")]
    if len(fields) == 1 and not (fields[0].isalpha() and len(fields[0]) <= 20):
        return None  # one field: a header only when it is one word, not a puzzle of letters
    for i, field in enumerate(fields):
        if any(w in field for w in CSV_WORDS):
            return i
    return None


def csv_field(line: str, column: int, no: int, name: str | None) -> str | ParseError:
    """Field ``column`` of a CSV row (quotes stripped), or the error naming what is missing.

    >>> csv_field('7,"1.3.",x', 1, 2, None)
    '1.3.'
    >>> csv_field("7", 1, 2, "f.csv")
    ParseError('f.csv:2:1: no column 2 (the header names it as the puzzle)')
    """
    fields = line.split(",")
    if column >= len(fields):
        return ParseError(
            f"no column {column + 1} (the header names it as the puzzle)", line=no, column=1,
            source=name,
        )  # fmt: skip
    field = fields[column].strip().strip('"').strip()
    if not field:
        at = sum(len(f) + 1 for f in fields[:column]) + 1
        return ParseError(f"empty column {column + 1}", line=no, column=at, source=name)
    return field


def iter_puzzles(
    source: Source,
    *,
    box: Box | None = None,
    alphabet: str | None = None,
    name: str | None = None,
) -> Iterator[Item]:
    """Yield ``(line number, Grid | ParseError)`` for each puzzle line of ``source``.

    Blank lines and ``#`` comments are skipped; CRLF endings and a UTF-8 byte-order mark are
    accepted; a Kaggle-style CSV (header ``quizzes,solutions`` on line 1) yields the first
    column of each row. Every problem of a line (wrong length, unknown character, invalid
    UTF-8, NUL byte, a line longer than :data:`~sudograph.grid.MAX_LINE`) is yielded as a
    :class:`ParseError` with its line (and column); reading goes on. Only an unreadable
    stream (OSError) stops it.
    """
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        with path.open("rb") as stream:
            yield from iter_puzzles(stream, box=box, alphabet=alphabet, name=name or str(path))
        return
    if isinstance(source, io.RawIOBase):  # unbuffered: readline would read byte by byte
        source = cast(BinaryIO, io.BufferedReader(source))
    column: int | None = None
    for no, raw in _raw_lines(source):
        text = decode_line(no, raw, name)
        if isinstance(text, ParseError):
            yield no, text
            if isinstance(text, CompressedFile):
                return
            continue
        if no == 1:
            text = text.removeprefix("\ufeff")  # a byte-order mark
        line = text.strip()
        if not line or line.startswith("#"):
            continue
        if no == 1:
            column = csv_column(line)
            if column is not None:
                continue
        if column is not None:
            field = csv_field(line, column, no, name)
            if isinstance(field, ParseError):
                yield no, field
                continue
            line = field
        try:
            yield no, Grid.parse(line, box=box, alphabet=alphabet)
        except ParseError as exc:
            yield no, exc.located(line=no, source=name)


def iter_grids(
    source: Source,
    *,
    box: Box | None = None,
    alphabet: str | None = None,
    name: str | None = None,
) -> Iterator[Item]:
    """Like :func:`iter_puzzles`, but a file of multi-line grids is read too.

    The first content lines decide: a list (``[`` or ``{``), a boxed row (``|``), a ruler
    (``+---+``), or a line that is no puzzle followed by one of as many cells (two rows of
    a grid) mean grids written over several lines, separated by blank lines (the line number
    reported is the grid's first line); anything else means one puzzle per line, so a bad
    line is reported and the others read.
    """
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        with path.open("rb") as stream:
            yield from iter_grids(stream, box=box, alphabet=alphabet, name=name or str(path))
        return
    if not hasattr(source, "peek"):
        source = cast(BinaryIO, io.BufferedReader(cast(Any, source)))
    head = cast(Any, source).peek(MAX_LINE)[:MAX_LINE]
    if not holds_grid_blocks(head, box=box, alphabet=alphabet):
        yield from iter_puzzles(source, box=box, alphabet=alphabet, name=name)
        return
    data = source.read(MAX_GRID_FILE + 1)
    if len(data) > MAX_GRID_FILE:
        yield 1, ParseError(f"multi-line grid file larger than {MAX_GRID_FILE} bytes", source=name)
        return
    text = decode_line(1, data, name)
    if isinstance(text, ParseError):  # place the error at its line in the whole text
        offset = (text.column or 1) - 1
        no = data.count(b"\n", 0, offset) + 1
        col = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
        yield no, ParseError(text.message, line=no, column=col, source=name)
        return
    yield from _grid_blocks(text.removeprefix("\ufeff"), box=box, alphabet=alphabet, name=name)


def holds_grid_blocks(head: bytes, *, box: Box | None = None, alphabet: str | None = None) -> bool:
    """True when ``head``, the first bytes of a file, starts grids written over several lines
    (the test of :func:`iter_grids`); False for one puzzle per line, a CSV or no content.

    >>> holds_grid_blocks(b"+-----+-----+\\n| 1 . | . . |\\n")
    True
    >>> holds_grid_blocks(b"\\xef\\xbb\\xbf1.3.....2...4..1\\n.2.......1......\\n")
    False
    """
    lines = _content_lines(head, 2)
    if not lines or csv_column(lines[0]) is not None:
        return False
    return _is_multiline(lines, box, alphabet, head)


def _first_block_rows(head: bytes) -> int | None:
    """The rows (rulers and comments aside) of the first block of content lines in ``head``,
    up to the first blank line or the end of a short head (a whole small file); None when the
    head ends inside the block (a larger file: the block may go on).

    >>> _first_block_rows(b"# c\\n12x4\\n..1.\\n\\n1234\\n"), _first_block_rows(b"1.\\n.1")
    (2, 2)
    """
    lines = head.splitlines()
    whole = len(head) < io.DEFAULT_BUFFER_SIZE  # one read of a file returns its first buffer
    rows = 0
    for raw in lines:
        line = raw.decode("utf-8", "replace").removeprefix("\ufeff").strip()
        if not line:
            if rows:
                return rows
            continue
        if not line.startswith("#") and not _is_ruler(line):
            rows += 1
    return rows if whole else None


def _content_lines(head: bytes, count: int) -> list[str]:
    """The first ``count`` lines that are neither blank nor comments (fewer on bad text)."""
    out: list[str] = []
    for raw in head.splitlines():
        try:
            line = raw.decode("utf-8").removeprefix("\ufeff").strip()
        except UnicodeDecodeError:
            break
        if line and not line.startswith("#"):
            out.append(line)
            if len(out) == count:
                break
    return out


def _is_ruler(line: str) -> bool:
    return set(line.replace(" ", "")) <= RULER_CHARS


def _cell_count(line: str) -> int:
    parts = line.replace("|", " ").replace("+", " ").split()
    return len(parts) if len(parts) != 1 else len(parts[0])


def _is_multiline(lines: list[str], box: Box | None, alphabet: str | None, head: bytes) -> bool:
    """Whether the first content ``lines`` of ``head`` start a grid written over several
    lines: a list, a boxed row or a ruler, or a line that is no puzzle followed by one of as
    many cells, in a first block of at least that many rows (when ``head`` tells: a bad
    puzzle line followed by puzzles of its length is no grid of three rows)."""
    first = lines[0]
    if first.startswith(("[", "{")):  # a list over several lines, or one per line (JSON lines)
        return not any(_whole_json(line) for line in lines[:2])
    if "|" in first or _is_ruler(first):
        return True
    try:
        Grid.parse(first, box=box, alphabet=alphabet)
    except ParseError:
        if len(lines) < 2 or (box is None and _non_square_line(first)):
            return False
        second = lines[1]
        width = _cell_count(first)
        symbols = len(first.replace("|", "").replace("+", "").replace(" ", "").replace("\t", ""))
        if box is not None and box[0] * box[1] not in (width, symbols):  # no row of the box's
            return False  # grid: one puzzle per line, each told why it does not fit
        block_rows = _first_block_rows(head)
        if block_rows is not None and block_rows < width:
            return False  # too few rows for a grid of that width: one puzzle per line
        return _is_ruler(second) or (width <= MAX_SIDE and _cell_count(second) == width)
    return False


def _non_square_line(line: str) -> bool:
    """True for a compact line of N*N symbols where N is a side with rectangular boxes only
    (6, 8, 10, 12 ...: a 6×6 puzzle on one line, given without ``--box``), to read a puzzle
    per line, each told to give the box, rather than the rows of an N*N grid (36 symbols a
    row and no separator). Lines of 4, 9 or 25 symbols stay rows: of a 4×4, 9×9 or 25×25 grid.

    >>> [_non_square_line("." * n) for n in (36, 64, 81, 9, 4, 25, 6)]
    [True, True, False, False, False, False, False]
    """
    side = math.isqrt(len(line))
    if (
        side * side != len(line)
        or math.isqrt(side) ** 2 == side
        or any(ch.isspace() for ch in line)
    ):
        return False
    return any(side % r == 0 for r in range(2, side))  # boxes of two sides >= 2 exist


def _whole_json(line: str) -> bool:
    """Whether ``line`` is a JSON document by itself: a grid of a JSON-lines file (a grid
    written over several lines has no whole document on its first lines). Whether it is a
    good grid is not asked: a bad one (another box, say) is that line's error, not a sign
    that the file is one grid.

    >>> _whole_json('{"rows": [[1]]}'), _whole_json("[[1, 0,"), _whole_json("{")
    (True, False, False)
    """
    try:
        json.loads(line)
    except (ValueError, RecursionError):
        return False
    return True


def _grid_blocks(
    text: str, *, box: Box | None, alphabet: str | None, name: str | None
) -> Iterator[Item]:
    block: list[str] = []
    start = 0
    lines = text.splitlines()
    for no, line in enumerate([*lines, ""], 1):
        if line.strip():
            if not block:
                start = no
            block.append(line)
            continue
        if block and any(b.strip() and not b.lstrip().startswith("#") for b in block):
            try:
                yield start, Grid.parse("\n".join(block), box=box, alphabet=alphabet)
            except ParseError as exc:
                line_no = start + (exc.line - 1 if exc.line else 0)
                yield start, ParseError(exc.message, line=line_no, column=exc.column, source=name)
        block = []


def open_source(arg: str) -> tuple[BinaryIO, str]:
    """Open a CLI argument naming a file, or ``-`` for standard input: (stream, display name)."""
    if arg == "-":
        return sys.stdin.buffer, "<stdin>"
    return Path(arg).open("rb"), arg
