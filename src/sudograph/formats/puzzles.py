"""Puzzle files: one puzzle per line (or Kaggle-style CSV), read as a stream.

:func:`iter_puzzles` yields ``(line number, Grid or ParseError)`` so a bad line is reported and
the rest still read. It holds one line in memory at a time, and never more than
:data:`~sudograph.grid.MAX_LINE` bytes of a line it must reject (a 50 MB line costs no 50 MB).
Files holding one or more multi-line grids (boxed text, separated by blank lines) are read by
:func:`iter_grids`, which picks the right reader. Lines end at LF or CRLF, or at CR in a file
whose lines all end so (old Mac text); a CR, form feed, NEL or U+2028 inside a line is a
character of that line, reported where it is.

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
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO, cast

from .._text import split_lines
from ..errors import ParseError, naming
from ..graph import MAX_SIDE
from ..grid import (
    MAX_LINE,
    RULER_CHARS,
    Box,
    Grid,
    MoreAfterGrid,
    json_alphabet,
    json_box,
)
from .jsonplaces import JsonFault, loads_once, placed, refuse_misspelt_keys

Source = str | os.PathLike[str] | BinaryIO
Item = tuple[int, Grid | ParseError]

MAX_GRID_FILE = 16 * 1024 * 1024
"""Largest multi-line grid file read whole (one-line-per-puzzle files stream at any size)."""

MAX_HEAD = 4 * MAX_LINE
"""Most bytes of its head :func:`iter_grids` reads before it decides how to read an input
(it reads on to the end of the first block of lines, up to this)."""


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


class _Joined(io.RawIOBase):
    """A raw stream reading ``head``, then the rest of ``rest``: an input whose head was read
    to tell its format, read again from its start. With ``cr``, CR line endings (alone, or of
    CRLF) are read as LF, a CR that ends a chunk held until the next byte tells which."""

    def __init__(self, head: bytes, rest: BinaryIO, *, cr: bool = False) -> None:
        super().__init__()
        self.head = head
        self.rest = rest
        self.cr = cr
        self.held = b""  # a CR at the end of what was read, before its next byte
        self.out = b""  # translated bytes not yet given

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._take(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def _read(self, size: int) -> bytes:
        if self.head:
            data, self.head = self.head[:size], self.head[size:]
            return data
        return bytes(getattr(self.rest, "read1", self.rest.read)(size))

    def _take(self, size: int) -> bytes:
        if not self.cr:
            return self._read(size)
        while not self.out:
            data = self._read(size)
            if not data:  # the end: a CR held ends the last line
                self.out, self.held = (b"\n" if self.held else b""), b""
                break
            data = self.held + data
            self.held = b"\r" if data.endswith(b"\r") else b""
            data = data[: len(data) - len(self.held)]
            self.out = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        out, self.out = self.out[:size], self.out[size:]
        return out


def joined(head: bytes, rest: BinaryIO, *, cr: bool = False) -> BinaryIO:
    """A buffered stream reading ``head`` then the rest of ``rest`` (see :class:`_Joined`);
    its buffer holds ``head`` whole, so a ``peek`` gives all of it at once.

    >>> rest = io.BytesIO(b"3\\r4\\r")
    >>> joined(b"1\\n2\\n", rest).read(), joined(b"1\\r2\\r", rest, cr=True).read()
    (b'1\\n2\\n3\\r4\\r', b'1\\n2\\n')
    """
    size = max(io.DEFAULT_BUFFER_SIZE, len(head))
    return cast(BinaryIO, io.BufferedReader(_Joined(head, rest, cr=cr), buffer_size=size))


def cr_endings(head: bytes) -> bool:
    """Whether ``head``, the first line of a file as ``readline`` gives it (or more), ends its
    lines with a CR alone (old Mac text): a CR and no LF. A CR in a file of LF lines is a
    character of its line (an error at its column), not a line break.

    >>> cr_endings(b"1.3.\\r..2.\\r"), cr_endings(b"1.3.\\r\\n"), cr_endings(b"1.\\r3.\\n")
    (True, False, False)
    """
    return b"\r" in head and b"\n" not in head


def _readable(source: BinaryIO) -> BinaryIO:
    """``source`` buffered (``readline`` on an unbuffered stream reads byte by byte)."""
    if hasattr(source, "peek"):
        return source
    return cast(BinaryIO, io.BufferedReader(cast(Any, source)))


COMPRESSED = {b"\x1f\x8b": "gzip", b"BZh": "bzip2", b"\xfd7zXZ\x00": "xz", b"(\xb5/\xfd": "zstd"}
"""The first bytes of compressed files, and their format's name."""

WIDE_TEXT = {
    b"\xff\xfe\x00\x00": "UTF-32",
    b"\x00\x00\xfe\xff": "UTF-32",
    b"\xff\xfe": "UTF-16",
    b"\xfe\xff": "UTF-16",
}
"""The byte-order marks of text in UTF-16 or UTF-32 (the longer first: UTF-32 LE starts as
UTF-16 LE does), and the encoding's name."""


class FileRefused(ParseError):
    """A file refused whole from its first bytes: one error at 1:1, not one a line."""


class CompressedFile(FileRefused):
    """A file that starts as a compressed one does: not read (one error, not one a line)."""


class WideTextFile(FileRefused):
    """Text in UTF-16 or UTF-32 (told by its byte-order mark): every line would be binary
    data (NUL bytes), so the file is one error naming its encoding."""


def compressed(head: bytes, source: str | None) -> FileRefused | None:
    """The error for a file whose first bytes are ``head``, when they are a compressed
    format's (:data:`COMPRESSED`) or the byte-order mark of UTF-16 or UTF-32 text
    (:data:`WIDE_TEXT`), else None: such a file is refused whole.

    >>> compressed(bytes([0x1F, 0x8B, 8, 0]), "big.txt.gz")
    CompressedFile('big.txt.gz:1:1: gzip-compressed data: decompress the file first')
    >>> print(compressed(b"\\xff\\xfe1\\x00.\\x00", "p.txt"))
    p.txt:1:1: UTF-16 text (byte-order mark FF FE): convert the file to UTF-8 first
    >>> compressed(b"1.3.....2...4..1", "p.txt") is None
    True
    """
    for magic, kind in COMPRESSED.items():
        if head.startswith(magic):
            message = f"{kind}-compressed data: decompress the file first"
            return CompressedFile(message, line=1, column=1, source=source)
    for mark, encoding in WIDE_TEXT.items():
        if head.startswith(mark) and _wide_text(head, len(mark), encoding == "UTF-16"):
            message = (
                f"{encoding} text (byte-order mark {mark.hex(' ').upper()}): convert the file "
                "to UTF-8 first"
            )
            return WideTextFile(message, line=1, column=1, source=source)
    return None


BINARY_HEAD = 8192
"""Bytes of the head of a file that tell binary data from text (:func:`binary`)."""


class BinaryFile(FileRefused):
    """A file of binary data (an image, an executable, random bytes), told from its head
    (:func:`binary`): one error, not one for each of its "lines"."""


_NOT_TEXT = re.compile("[\x00-\x08\x0e-\x1f\ufffd]")
"""A character that is no text in a puzzle file: a control character other than the blanks
(tab, LF, VT, FF, CR), or the stand-in for a byte that is not UTF-8."""


def binary(head: bytes, source: str | None) -> BinaryFile | None:
    """The error for a file whose first bytes (``head``, :data:`BINARY_HEAD` of them or the
    whole file) are binary data, not text, else None. Comment lines are left out (their
    bytes are skipped whatever they are: a Latin-1 comment), and at least two lines must be
    bad; then the head is binary when NUL bytes are in half of its lines or more (UTF-16
    text without a byte-order mark too), or when 30% of its bytes or more are no text
    (invalid UTF-8, control characters: an image, an executable, random bytes). A text file
    with a bad line or two, or a few Latin-1 letters on every line, is read line by line,
    each bad line reported.

    >>> print(binary(bytes(range(256)) * 4, "a.png"))
    a.png:1:1: binary data: not a text file of puzzles
    >>> binary(b"# caf\\xe9\\n1.3\\x00\\n\\xff\\n" + b"..3.2.6..\\n" * 8, "p.txt")
    >>> binary(b"\\xef\\xbb\\xbf1.3.....2...4..1\\n", "p.txt")
    """
    head = head.removeprefix(b"\xef\xbb\xbf")
    lines = head.split(b"\r" if cr_endings(head) else b"\n")  # as the readers split them
    content = [
        line for line in lines if line.strip() and not line.lstrip(b" \t\f\v").startswith(b"#")
    ]
    nul = bad = size = not_text = 0
    for line in content:
        size += len(line)
        nul += b"\x00" in line
        found = len(_NOT_TEXT.findall(line.decode("utf-8", errors="replace")))
        bad += found > 0
        not_text += found
    if bad < 2 or (nul * 2 < len(content) and not_text * 10 < size * 3):
        return None
    return BinaryFile("binary data: not a text file of puzzles", line=1, column=1, source=source)


def refused_head(stream: BinaryIO, source: str | None) -> FileRefused | None:
    """:func:`binary`'s error for the head of ``stream`` (a peek: nothing is read; a pipe's
    head is what has arrived), None for a stream that cannot peek."""
    if not hasattr(stream, "peek"):
        return None
    return binary(cast(Any, stream).peek(BINARY_HEAD)[:BINARY_HEAD], source)


def _wide_text(head: bytes, start: int, utf16: bool) -> bool:
    """Whether the bytes of ``head`` after its byte-order mark (``start`` bytes) are text in
    UTF-16 (``utf16``) or UTF-32: its first character, ASCII as a puzzle file's are, has a NUL
    byte beside it. Bytes ``FF FE`` and no NUL after them are no such text, but a line that
    is not UTF-8.

    >>> _wide_text(b"\\xff\\xfe.\\x00", 2, True), _wide_text(b"\\xff\\xfe\\n", 2, True)
    (True, False)
    """
    return b"\x00" in head[start : start + (2 if utf16 else 4)]


def decode_line(no: int, raw: bytes | None, source: str | None) -> str | ParseError:
    """Line ``no`` of a puzzle file as text (``raw`` without its ending, None when it was
    longer than :data:`~sudograph.grid.MAX_LINE`), or the :class:`ParseError` that names it
    (a compressed or UTF-16 file: a :class:`FileRefused` at line 1)."""
    if no == 1 and raw is not None and (packed := compressed(raw, source)) is not None:
        return packed
    if raw is None:
        return ParseError(f"line longer than {MAX_LINE} bytes: not a grid", line=no, source=source)
    if b"\x00" not in raw:
        try:  # (no context manager: this runs on every line of a file)
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            pass
    raw = _plain_comments(raw)  # a comment is skipped whatever it holds (Latin-1, a NUL)
    if b"\x00" in raw:
        col = raw.index(b"\x00") + 1
        return ParseError("binary data (NUL byte)", line=no, column=col, source=source)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return ParseError("invalid UTF-8", line=no, column=exc.start + 1, source=source)


_COMMENT_LINE = re.compile(rb"^(\xef\xbb\xbf)?([ \t\f\v]*#[^\n]*)", re.MULTILINE)
_NOT_ASCII = re.compile(rb"[\x00\x80-\xff]")


def _plain_comments(raw: bytes) -> bytes:
    """``raw`` with every byte of its comment lines that is not ASCII (or is NUL) made ``?``:
    one byte for one, so that the columns of the other lines' faults stay where they are.
    Only for text that does not read as UTF-8 as it is (a comment in Latin-1).

    >>> _plain_comments(b"# caf\\xe9\\x00\\n1.\\xe9\\n\\xef\\xbb\\xbf# \\xff")
    b'# caf??\\n1.\\xe9\\n\\xef\\xbb\\xbf# ?'
    """
    return _COMMENT_LINE.sub(lambda m: (m[1] or b"") + _NOT_ASCII.sub(b"?", m[2]), raw)


CSV_WORDS = ("quiz", "puzzle", "sudoku")
"""A first content line with a field naming one of these is a CSV header; that field's column
holds the puzzles (``quizzes,solutions``; Kaggle's ``id,puzzle,solution,clues,difficulty``)."""

_GRID_DATA = re.compile(r"[.0-9_]{4}")
"""A run of cells in a field: data (a puzzle, a solution), never a header's name."""


def csv_column(line: str) -> int | None:
    """The column of the puzzles when ``line`` is a CSV header, else None. A header names its
    columns (``9x9 puzzle``, ``rating[0-10]``, ``Grid #`` are names): a line with a field of
    grid data (a run of cells), JSON, or one field that is no word (``puzzle: 1.3.``) is
    none, whatever words it holds, and is read as a puzzle (a bad one reported), never skipped.

    >>> csv_column("quizzes,solutions"), csv_column("id,puzzle,solution"), csv_column("quizzes")
    (0, 1, 0)
    >>> csv_column("1.3.....2...4..1") is None, csv_column('{"puzzle": "4....", "box": [2, 2]}')
    (True, None)
    >>> csv_column("9x9 puzzle,solution,rating[0-10]"), csv_column("7,1.3.....2...4..1,my puzzle")
    (0, None)
    """
    if line.lstrip().startswith(("{", "[")):
        return None  # JSON: a grid object or list, one a line
    fields = [f.strip().strip('"').strip().lower() for f in line.split(",")]
    if len(fields) == 1 and not (fields[0].isalpha() and len(fields[0]) <= 20):
        return None  # one field: a header only when it is one word, not a puzzle of letters
    if any(_GRID_DATA.search(f) for f in fields):
        return None  # a row of data that names a puzzle in a field, not the names of columns
    for i, field in enumerate(fields):
        if any(w in field for w in CSV_WORDS):
            return i
    return None


def is_comment(line: str, first: bool = False) -> bool:
    """True for a comment line (``# ...``). The ``first`` content line of a file may instead
    be a CSV header whose first column is named ``#`` (``#,puzzle,solution``, as spreadsheets
    number their rows): a field naming the puzzles (:func:`csv_column`) in two words at most,
    and no field of more than three (names, not prose; empty fields are fine). Any other line
    starting with ``#`` is a comment, as everywhere.

    >>> is_comment("#,puzzle,solution", first=True), is_comment("#,puzzle,solution")
    (False, True)
    >>> is_comment("#,9x9 puzzle,solution,source book,", first=True)
    False
    >>> is_comment("#, sudoku puzzles from my book", first=True), is_comment("# 50 puzzles")
    (True, True)
    """
    if not line.startswith("#"):
        return False
    if not first or not line.startswith("#,"):
        return True
    column = csv_column(line)
    if column is None:
        return True
    words = [len(f.split()) for f in line.split(",")]
    return words[column] > 2 or max(words) > 3


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


def puzzle_at(
    line: str, column: int | None, lead: int, no: int, name: str | None
) -> tuple[str | ParseError, int]:
    """The puzzle of ``line``, a stripped line that had ``lead`` blanks before it: the line
    itself, or its CSV field ``column`` (:func:`csv_field`); and where it starts in the line
    as read, for the columns of its errors (a ``?`` after three blanks is at column 4).

    >>> puzzle_at("7, 1.3.", 1, 2, 2, None), puzzle_at("1.3.", None, 3, 2, None)
    (('1.3.', 5), ('1.3.', 3))
    """
    if column is None:
        return line, lead
    field = csv_field(line, column, no, name)
    if isinstance(field, ParseError):
        return field.located(shift=lead), lead
    return field, lead + line.index(field, sum(len(f) + 1 for f in line.split(",")[:column]))


PUZZLE_ROW_KEYS = ("puzzle", "box", "alphabet")
"""The keys read of a puzzle row: ``{"puzzle": "4.....1....1.3..", "box": [2, 2]}``, as
``generate --json`` writes them (the grid on one line, its box, its symbols)."""

GENERATE_KEYS = ("clues", "seed", "index", "symmetry", "minimal", "rating")
"""The keys a ``generate --json`` row adds about how its puzzle was made: read and ignored."""


def read_grid(text: str, *, box: Box | None = None, alphabet: str | None = None) -> Grid:
    """``Grid.parse(text)``, and a puzzle row too: a JSON object with a ``puzzle`` key (the
    grid on one line, as ``generate --json`` writes it) and no ``rows``, read with its ``box``
    and ``alphabet`` when it has them (:data:`PUZZLE_ROW_KEYS`; the keys of
    :data:`GENERATE_KEYS`, and any other not a letter or two from a key read, or beside
    that key (``puzzle_id`` with ``puzzle``), are left).
    Raises :class:`ParseError`, a fault of the puzzle placed at its character in ``text``.

    >>> read_grid('{"puzzle": "4.....1....1.3..", "box": [2, 2], "clues": 4}').to_line()
    '4.....1....1.3..'
    >>> read_grid('{"puzzle": "4...x.1....1.3.."}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.ParseError: 1:17: unknown character 'x' (expected one of 1234 or ...)
    """
    body = _blank_leading_comments(text)
    if body.lstrip().startswith("{"):
        try:
            data = loads_once(body)
        except (ValueError, RecursionError):  # not JSON: Grid.parse says where it breaks
            data = None
        try:
            if isinstance(data, dict) and "puzzle" in data and "rows" not in data:
                return _puzzle_row(data, box, alphabet)
            if isinstance(data, dict) and not {"rows", "line"} & data.keys():
                # a puzzle row whose "puzzle" is misspelt ("puzle") is no grid object either
                refuse_misspelt_keys(data, ("puzzle",))
        except JsonFault as exc:
            raise placed(exc, body) from None
    return Grid.parse(text, box=box, alphabet=alphabet)


def _blank_leading_comments(text: str) -> str:
    """``text`` with its leading ``#`` comment lines blanked (spaces, the line breaks kept,
    so that a fault is placed at its line and column of ``text``): a block whose JSON object
    comes after a comment, as a pretty-printed row may in a file.

    >>> _blank_leading_comments("# a row" + chr(10) + "{}") == "       " + chr(10) + "{}"
    True
    """
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.strip() and not line.lstrip().startswith("#"):
            break
        lines[i] = " " * len(line)
    return "\n".join(lines)


def _puzzle_row(data: dict[str, Any], box: Box | None, alphabet: str | None) -> Grid:
    """The grid of a puzzle row (:func:`read_grid`); a fault is a :class:`JsonFault` naming
    the value at fault (the puzzle's character at fault)."""
    refuse_misspelt_keys(data, PUZZLE_ROW_KEYS, GENERATE_KEYS, beside=True)
    puzzle = data["puzzle"]
    if not isinstance(puzzle, str):
        raise JsonFault("bad puzzle: expected the grid on one line, a string", path=("puzzle",))
    if data.get("box") is not None:  # null: the size says the box, as when it is left out
        box = json_box(data["box"], box, "puzzle")
    if data.get("alphabet") is not None:
        alphabet = json_alphabet(data["alphabet"], alphabet, "puzzle")
    try:
        return Grid.parse(puzzle, box=box, alphabet=alphabet)
    except ParseError as exc:
        inner = exc.column - 1 if exc.column is not None else None
        raise JsonFault(exc.message, path=("puzzle",), inner=inner) from None


def iter_puzzles(
    source: Source,
    *,
    box: Box | None = None,
    alphabet: str | None = None,
    name: str | None = None,
) -> Iterator[Item]:
    """Yield ``(line number, Grid | ParseError)`` for each puzzle line of ``source``.

    Blank lines and ``#`` comments are skipped; CRLF endings (and CR endings, in a file whose
    lines all end so) and a UTF-8 byte-order mark are accepted; a Kaggle-style CSV (a header
    ``quizzes,solutions`` as the first content line, :func:`csv_column`) yields the column
    the header names of each row; a line may be a JSON grid object or list, or a puzzle row
    (``{"puzzle": ...}``, :func:`read_grid`). Every problem of a line (wrong length, unknown
    character, invalid UTF-8, NUL byte, a line longer than :data:`~sudograph.grid.MAX_LINE`)
    is yielded as a :class:`ParseError` with its line (and column); reading goes on. A file
    refused whole (compressed, UTF-16: :func:`compressed`; binary data: :func:`binary`) is
    one error, and only an unreadable stream (OSError) stops it otherwise.
    """
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        with naming(path), path.open("rb") as stream:  # (a read error names the file)
            yield from iter_puzzles(stream, box=box, alphabet=alphabet, name=name or str(path))
        return
    source = _readable(source)
    refused = refused_head(source, name)  # binary data (peeked before the first line is read)
    first = source.readline(MAX_LINE + 1)
    if refused is not None and compressed(first, name) is None:  # (compressed: decode_line's)
        yield 1, refused
        return
    lines = joined(first, source, cr=cr_endings(first))
    yield from _puzzle_items(lines, box=box, alphabet=alphabet, name=name)


def _puzzle_items(
    stream: BinaryIO, *, box: Box | None, alphabet: str | None, name: str | None
) -> Iterator[Item]:
    """:func:`iter_puzzles` of a stream whose lines end at LF."""
    column: int | None = None
    header = True  # the first content line may be a CSV header
    for no, raw in _raw_lines(stream):
        text = decode_line(no, raw, name)
        if isinstance(text, ParseError):
            yield no, text
            if isinstance(text, FileRefused):
                return
            header = False
            continue
        if no == 1:
            text = text.removeprefix("\ufeff")  # a byte-order mark
        line = text.strip()
        if not line or is_comment(line, first=header):
            continue
        if header:
            header = False
            column = csv_column(line)
            if column is not None:
                continue
        field, at = puzzle_at(line, column, len(text) - len(text.lstrip()), no, name)
        if isinstance(field, ParseError):
            yield no, field
            continue
        line = field
        try:
            yield no, read_grid(line, box=box, alphabet=alphabet)
        except ParseError as exc:
            yield no, exc.located(line=no, source=name, shift=at)


def iter_grids(
    source: Source,
    *,
    box: Box | None = None,
    alphabet: str | None = None,
    name: str | None = None,
) -> Iterator[Item]:
    """Like :func:`iter_puzzles`, but a file of multi-line grids is read too.

    The first lines decide (:func:`holds_grid_blocks`; the head is read until they tell, on a
    pipe too, whatever has arrived so far): a list (``[`` or ``{``), a boxed row (``|``), a
    ruler (``+---+``), a line that is no puzzle followed by one of as many cells (two rows of
    a grid) in a first block of at least that many rows, or a first block of exactly N rows of
    N cells of which one is no puzzle by itself but a row of an N×N grid (16 rows of 16
    symbols, a ``G`` among them: a 16×16 grid, not 16 puzzles of 4×4) mean grids written over
    several lines, separated by blank lines (the line number reported is the grid's first
    line that is not a comment); anything else means one puzzle per line, streamed, so a bad
    line is reported and the others read.
    """
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        with naming(path), path.open("rb") as stream:
            yield from iter_grids(stream, box=box, alphabet=alphabet, name=name or str(path))
        return
    source = _readable(source)
    noise = refused_head(source, name)  # binary data (peeked before the first line is read)
    first = source.readline(MAX_LINE + 1)
    refused = compressed(first, name) or noise
    if refused is not None:
        yield 1, refused
        return
    if cr_endings(first):
        source = joined(first, source, cr=True)
        first = source.readline(MAX_LINE + 1)
    head, whole = _read_head(source, first, box=box, alphabet=alphabet)
    again = joined(head, source)  # the head read again, then the rest
    if not _decide(head, whole=whole, final=True, box=box, alphabet=alphabet):
        yield from _puzzle_items(again, box=box, alphabet=alphabet, name=name)
        return
    data = again.read(MAX_GRID_FILE + 1)
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


def _read_head(
    stream: BinaryIO, first: bytes, *, box: Box | None, alphabet: str | None
) -> tuple[bytes, bool]:
    """The head of ``stream`` (``first``, its first line, already read), read line by line
    until its lines tell how to read it (:func:`_decide`), its end, a line longer than
    :data:`~sudograph.grid.MAX_LINE` or :data:`MAX_HEAD` bytes; and whether it is the whole
    input. A pipe's lines are waited for: what has arrived so far may be two rows of a grid.
    Only a content line, or a blank line that ends a block, can change what the lines tell:
    the others are read without asking again (a million blank lines cost no million asks)."""
    chunks = [first]
    size = len(first)
    line = first
    block = False  # the last line that was no comment is a content line
    while line:
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            break  # a line too long for a grid: the reader rejects it, unread
        text = line.strip()
        content = bool(text) and not text.startswith(b"#")
        if content or (block and not text):
            head = b"".join(chunks)
            if _decide(head, whole=False, box=box, alphabet=alphabet) is not None:
                return head, False
        block = content or (block and bool(text))
        if size >= MAX_HEAD:
            return b"".join(chunks), False
        line = stream.readline(MAX_LINE + 1)
        chunks.append(line)
        size += len(line)
    return b"".join(chunks), not line


def holds_grid_blocks(head: bytes, *, box: Box | None = None, alphabet: str | None = None) -> bool:
    """True when ``head``, the first bytes of an input (how many is not known: a peek at a
    pipe gives what has arrived), needs :func:`iter_grids` to be read: it starts grids written
    over several lines, or may (its lines do not tell yet), or its lines are not all read as
    they come (a CSV header after comments or blank lines, JSON objects or lists, CR line
    endings, a file refused whole). False for plain puzzles one per line, a CSV header on
    line 1 included: the caller may read those line by line itself.

    >>> holds_grid_blocks(b"+-----+-----+\\n| 1 . | . . |\\n")
    True
    >>> nine = b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> holds_grid_blocks(b"\\xef\\xbb\\xbf" + nine + b"\\n" + nine + b"\\n")
    False
    >>> holds_grid_blocks(b"..3.2.6..\\n9..3.5..1\\n")  # two rows so far: read on
    True
    """
    if compressed(head, None) is not None or cr_endings(head):
        return True
    if _decide(head, whole=False, box=box, alphabet=alphabet) is not False:
        return True
    lines, good = _head_lines(head, whole=False)
    for at, line in enumerate(lines[:good]):
        if line and not is_comment(line, first=True):  # the first content line
            return line.startswith(("[", "{")) or (at > 0 and csv_column(line) is not None)
    return False


_SKIPPED = re.compile(rb"(?:[^\S\n]*(?:#[^\n]*)?\n)*")
"""Blank and comment lines (a run of them, skipped at once)."""


def first_lines_read(head: bytes) -> bool:
    """True when ``head``, what has been read of an input, holds what its first content lines
    tell (a variant format, a grid over several lines...): two content lines, whole (ended by
    a line break), or one that is not the start of a JSON document over several lines (or not
    UTF-8: nothing to tell from). What standard input holds is read until then (or its end):
    a pipe gives what has arrived.

    >>> first_lines_read(b"# c\\n..3.2.6..\\n"), first_lines_read(b"..3.2.6")
    (True, False)
    >>> first_lines_read(b'{\\n"grid": "1..."\\n'), first_lines_read(b'{"grid": "1..."}\\n')
    (True, True)
    >>> first_lines_read(b'{"grid":\\n')
    False
    """
    head = head.removeprefix(b"\xef\xbb\xbf")
    at = 0
    content: list[str] = []
    while True:
        at = cast(re.Match[bytes], _SKIPPED.match(head, at)).end()
        end = head.find(b"\n", at)
        if end < 0:
            return False  # no whole content line more
        try:
            content.append(head[at:end].decode("utf-8").strip())
        except UnicodeDecodeError:
            return True
        if len(content) == 2 or not content[0].startswith("{") or _whole_json(content[0]):
            return True
        at = end + 1


def _head_lines(head: bytes, *, whole: bool) -> tuple[list[str], int]:
    """The lines of ``head`` split at LF, stripped (the byte-order mark of the first too), a
    line that is not UTF-8 decoded with replacement characters; and the number of lines
    before the first such (all, without one). Unless ``whole`` (``head`` is the whole input),
    a last line without its LF is left out: it may go on.

    >>> _head_lines(b"\\xef\\xbb\\xbf1 2\\r\\n\\xff 0\\n3 4\\n5", whole=False)
    (['1 2', '\\ufffd 0', '3 4'], 1)
    """
    parts = head.split(b"\n")
    if not whole or not parts[-1]:
        parts.pop()
    lines: list[str] = []
    good = len(parts)
    for at, raw in enumerate(parts):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            try:
                line = _plain_comments(raw).decode("utf-8")  # a comment in Latin-1: one still
            except UnicodeDecodeError:
                line = raw.decode("utf-8", "replace")
                good = min(good, at)
        lines.append((line.removeprefix("\ufeff") if not at else line).strip())
    return lines, good


def _first_block(lines: list[str]) -> tuple[list[str], bool]:
    """The rows (rulers and comments aside) of the first block of content lines, and whether
    a blank line ends it within ``lines``.

    >>> _first_block(["# c", "12x4", "..1.", "", "1234"]), _first_block(["1.", ".1"])
    ((['12x4', '..1.'], True), (['1.', '.1'], False))
    """
    rows: list[str] = []
    for line in lines:
        if not line:
            if rows:
                return rows, True
            continue
        if not line.startswith("#") and not _is_ruler(line):
            rows.append(line)
    return rows, False


def _is_ruler(line: str) -> bool:
    return set(line.replace(" ", "")) <= RULER_CHARS


def _cell_count(line: str) -> int:
    """The cells of ``line`` read as a grid's row: its symbols, or its numbers when it is
    numbers separated by blanks (``13 2 ...`` in a 16×16 row). A part longer than any one
    cell (two digits) is a group of symbols (``..3 .2. 6..``), or a whole puzzle with more
    after it (a puzzle and its solution on one line): its symbols count one by one.

    >>> _cell_count("..3 .2. 6.."), _cell_count("13 2 16"), _cell_count("1.3. " + "." * 12)
    (9, 3, 16)
    """
    parts = line.replace("|", " ").replace("+", " ").split()
    if len(parts) > 1 and all(len(part) <= 2 for part in parts):
        return len(parts)
    return sum(map(len, parts))


def _decide(
    head: bytes,
    *,
    whole: bool,
    final: bool = False,
    box: Box | None = None,
    alphabet: str | None = None,
) -> bool | None:
    """Whether ``head`` (the whole input when ``whole``) starts grids written over several
    lines (the rule of :func:`iter_grids`), or None when it cannot tell yet (its first block
    of lines may go on); ``final``: no more will be read, so tell (a block that may go on is
    taken as long enough, as a head that ends inside a grid's rows, and a last line cut short
    is read as far as it goes: a JSON grid on one line longer than the head is no whole
    document there, so the file is read whole)."""
    lines, good = _head_lines(head, whole=whole or final)  # final: a line cut short counts
    final = final or whole
    content: list[str] = []
    for line in lines[:good]:  # a '#,' header only as the first content line
        if line and not is_comment(line, first=not content):
            content.append(line)
    told = final or good < len(lines)  # no more content lines to learn from: not UTF-8 next
    if not content:
        return False if told else None
    first = content[0]
    if csv_column(first) is not None:
        return False
    if first.startswith(("[", "{")):  # a list over several lines, or one per line (JSON lines)
        if _whole_json(first):
            return False
        if len(content) < 2:
            return True if told else None
        return not _whole_json(content[1])
    if "|" in first or _is_ruler(first):
        return True
    rows, closed = _first_block(lines)
    closed = closed or whole
    width = _cell_count(first)
    try:
        Grid.parse(first, box=box, alphabet=alphabet)
    except MoreAfterGrid:  # a whole grid, then more: one puzzle per line, each line told
        return False
    except ParseError:
        if len(content) < 2:
            return False if told else None
        if box is None and _non_square_line(first):
            return False
        second = content[1]
        symbols = len(first.replace("|", "").replace("+", "").replace(" ", "").replace("\t", ""))
        if box is not None and box[0] * box[1] not in (width, symbols):  # no row of the box's
            return False  # grid: one puzzle per line, each told why it does not fit
        if not (_is_ruler(second) or (width <= MAX_SIDE and _cell_count(second) == width)):
            return False
        if len(rows) >= width:
            return True
        if closed:
            return False  # too few rows for a grid of that width: one puzzle per line
        return True if final else None
    # The first line is a puzzle by itself; N rows of N cells may still be an N×N grid (its
    # rows written without blanks, the .sdk layout): 16 lines of 16 symbols are 16 puzzles
    # of 4×4 unless one of them is no puzzle, but a row of a 16×16 grid ('G', '13'). With a
    # box, no row of its grid is a puzzle by itself (16 cells make no 16×16 grid).
    if box is not None or width < 4 or width > MAX_SIDE or len(rows) > width:
        return False
    if not closed:
        return False if final else None
    if not (
        len(rows) == width
        and all(_cell_count(row) == width for row in rows)
        and any(_row_beyond(row, width, alphabet) for row in rows)
    ):
        return False
    return _clue_free("\n".join(rows), alphabet)  # (a typo '5' in a file of 4×4 puzzles)


def _clue_free(text: str, alphabet: str | None) -> bool:
    """Whether the grid of ``text`` reads with no clashing clues: the rows of a real N×N
    grid do, where the N puzzles of a file of 4×4 ones stacked (one with a typo that is a
    16×16 symbol) clash at once, their clues all 1..4 in 16 columns.

    >>> _clue_free("1... ..1. .... ....".replace(" ", chr(10)), None)
    True
    >>> _clue_free("1... 1... .... ....".replace(" ", chr(10)), None)
    False
    """
    try:
        return not Grid.parse(text, alphabet=alphabet).conflicts()
    except ParseError:
        return False


def _row_beyond(row: str, n: int, alphabet: str | None) -> bool:
    """Whether ``row`` is no puzzle by itself but a row of an ``n``×``n`` grid: it holds a
    symbol of that grid that no puzzle of its length has (``G`` or ``13`` in a 16×16 row).

    >>> _row_beyond("....G...........", 16, None), _row_beyond("1234............", 16, None)
    (True, False)
    >>> _row_beyond("....x...........", 16, None)  # a typo in a 4x4 puzzle: no row either
    False
    """
    try:
        Grid.parse(row, alphabet=alphabet)
    except ParseError:
        filler = "." * n if len(row.split()) == 1 else " ".join("." * n)
        try:
            Grid.parse("\n".join([row, *[filler] * (n - 1)]), alphabet=alphabet)
        except ParseError:
            return False
        return True
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
    """The grids of ``text``, blocks of lines separated by blank lines. Lines end at LF (or
    CRLF) only, as in every reader: a form feed, NEL or U+2028 inside a line is a character
    there (its grid's error at that line and column), not a line break that would shift the
    numbers of the lines after it (``str.splitlines`` breaks there); comment lines are
    skipped whatever they hold, as in a file of one puzzle per line. A grid is numbered by its
    first line that is not a comment (the comments above it name it, they are not it).

    >>> [no for no, _ in _grid_blocks("# a\\n1.\\n.2\\n\\n# b\\n# c\\n2.\\n.1\\n", box=(1, 2),
    ...     alphabet=None, name=None)]
    [2, 7]
    """
    block: list[str] = []
    first = start = 0  # the block's first line (a fault's place counts from it), its grid's
    for no, line in enumerate([*split_lines(text), ""], 1):
        if line.strip():
            if not block:
                first, start = no, 0
            if not start and not line.lstrip().startswith("#"):
                start = no
            block.append(line)
            continue
        if block and any(b.strip() and not b.lstrip().startswith("#") for b in block):
            text = "\n".join("#" if b.lstrip().startswith("#") else b for b in block)
            try:
                yield start, read_grid(text, box=box, alphabet=alphabet)
            except ParseError as exc:
                line_no = first + (exc.line - 1 if exc.line else 0)
                yield start, ParseError(exc.message, line=line_no, column=exc.column, source=name)
        block = []


def open_source(arg: str) -> tuple[BinaryIO, str]:
    """Open a CLI argument naming a file, or ``-`` for standard input: (stream, display name)."""
    if arg == "-":
        return sys.stdin.buffer, "<stdin>"
    return Path(arg).open("rb"), arg
