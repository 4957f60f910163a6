"""DIMACS ``.col`` graphs: ``c`` comments, ``p edge N M``, ``e u v`` with 1-based vertices.

Duplicate and reversed edges are merged (the classic files list every edge twice); a UTF-8
byte-order mark is ignored. A self-loop (``homer.col`` has ``e 95 95``) is dropped with a
warning naming its line, or rejected with ``strict=True``. A wrong header, a vertex out of
range or a missing ``p`` line raises :class:`~sudograph.errors.ParseError` with the line
number and the column of the token at fault.

>>> g = parse_dimacs("c triangle\\np edge 3 3\\ne 1 2\\ne 2 3\\ne 3 1\\n")
>>> g.n, g.num_edges
(3, 3)
>>> print(format_dimacs(g), end="")
p edge 3 3
e 1 2
e 1 3
e 2 3
"""

from __future__ import annotations

import io
import os
import re
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO, TextIO

from ..errors import InvalidArgument, ParseError, clip
from ..graph import Graph
from .puzzles import compressed

MAX_VERTICES = 1_000_000
"""Largest vertex count a ``p`` line may declare (a hostile header costs no gigabytes)."""

MAX_DIMACS_LINE = 64 * 1024
"""Longest line of a ``.col`` file, in bytes; a longer one is rejected without being held."""


class SelfLoopWarning(UserWarning):
    """A DIMACS file had an edge from a vertex to itself (dropped)."""


_COMMENT_HEAD = re.compile(rb"\s*c")
"""The start of a comment line (:func:`parse_dimacs` reads any line of ``c`` so), which may be
of any length."""

_LONE_CR = re.compile(r"\r[ \t]*[pec](?:[ \t]|\r|$)")
"""A CR that a DIMACS line (``p``, ``e``, ``c``) follows: lines ended by a lone CR."""
_LONE_CR_BYTES = re.compile(_LONE_CR.pattern.encode())
LONE_CR = (
    "lines end with a lone CR (old Mac line endings): save the file with LF or CRLF line endings"
)


def parse_dimacs(
    text: str | bytes | Iterable[str], *, strict: bool = False, source: str | None = None
) -> Graph:
    """Read DIMACS text (a string, the bytes of a file, or an iterable of lines) into a
    :class:`Graph`.

    Raises :class:`ParseError` (with the line number, and the 1-based column of the token at
    fault: the first past the line's end when one is missing) on a bad or missing ``p`` line, a
    bad edge line, a vertex out of range, an unknown line type, or a self-loop when ``strict``;
    without ``strict`` a self-loop is dropped with a :class:`SelfLoopWarning`. Bytes are
    decoded as UTF-8 with the errors of :func:`read_dimacs` (invalid UTF-8, a NUL byte, a
    line too long). Raises :class:`InvalidArgument` when ``text`` is none of these.

    >>> parse_dimacs("p edge 2 1\\ne 1 3\\n")
    Traceback (most recent call last):
    ...
    sudograph.errors.ParseError: 2:5: vertex 3 is out of range 1..2
    >>> parse_dimacs("p edge 2 1\\ne 1 2 7\\n")
    Traceback (most recent call last):
    ...
    sudograph.errors.ParseError: 2:7: bad edge line 'e 1 2 7': expected 'e u v'
    >>> parse_dimacs(b"p edge 2 1\\ne 1 2\\n").num_edges
    1
    """
    lines: Iterable[str]
    if isinstance(text, str):
        lines = io.StringIO(text)
    elif isinstance(text, bytes | bytearray | memoryview):
        lines = _text_lines(io.BytesIO(text), source)
    elif isinstance(text, Iterable) and not isinstance(text, io.BufferedIOBase | io.RawIOBase):
        lines = text
    else:
        raise InvalidArgument(
            "parse_dimacs takes the text of a .col file (str, bytes or lines of text), "
            f"got {type(text).__name__}: read a file or a binary stream with read_dimacs"
        )
    n: int | None = None
    edges: list[tuple[int, int]] = []
    name = Path(source).stem if source else ""
    for no, raw in enumerate(lines, 1):
        if not isinstance(raw, str):
            raise InvalidArgument(
                f"line {no}: parse_dimacs takes lines of text (str), got "
                f"{type(raw).__name__}: read a file or a binary stream with read_dimacs"
            )
        text = raw.removeprefix("\ufeff") if no == 1 else raw  # a byte-order mark
        line = text.strip()
        lone = _LONE_CR.search(line) if "\r" in line else None  # (CRLF's CR: stripped)
        if lone is not None:  # lines ended by CR alone (a stray CR in a comment is read)
            raise ParseError(
                LONE_CR,
                line=no,
                column=text.index(line) + lone.start() + 1,
                source=source,
            )
        if not line or line[0] == "c":
            continue
        fields = line.split()
        kind = fields[0]
        at = (text, no, source)  # where an error is: its column is that of a token of text
        if kind == "p":
            if n is not None:
                raise _error("second 'p' line", at, 0)
            header = f"bad header {line!r}: expected 'p edge N M'"
            if len(fields) < 2 or fields[1] not in ("edge", "edges", "col"):
                raise _error(header, at, 1)
            if len(fields) != 4:  # the token past N M, or where M is missing
                raise _error(header, at, min(len(fields), 4))
            n = _int(fields[2], "vertex count", at, 2)
            _int(fields[3], "edge count", at, 3)
            if n > MAX_VERTICES:
                raise _error(f"{n} vertices is more than {MAX_VERTICES}", at, 2)
        elif kind == "e":
            if n is None:
                raise _error("edge before the 'p edge N M' line", at, 0)
            if len(fields) != 3:  # the token past u v, or where v is missing
                raise _error(f"bad edge line {line!r}: expected 'e u v'", at, min(len(fields), 3))
            u = _int(fields[1], "vertex", at, 1)
            v = _int(fields[2], "vertex", at, 2)
            for index, x in ((1, u), (2, v)):
                if not 1 <= x <= n:
                    raise _error(f"vertex {x} is out of range 1..{n}", at, index)
            if u == v:
                if strict:
                    raise ParseError(f"self-loop on vertex {u}", line=no, source=source)
                where = f"{source}:" if source else "line "
                warnings.warn(
                    f"{where}{no}: self-loop on vertex {u} dropped", SelfLoopWarning, stacklevel=2
                )
                continue
            edges.append((u - 1, v - 1))
        elif kind in ("n", "x", "d", "v"):  # vertex weights and other optional lines
            continue
        else:
            raise _error(f"unknown line type {kind!r}", at, 0)
    if n is None:
        raise ParseError("no 'p edge N M' line", source=source)
    return Graph.from_edges(n, edges, name=name)


def _column(text: str, index: int) -> int:
    """The 1-based column of the whitespace-separated token ``index`` (0 the first) of
    ``text``; with fewer tokens, the column just past the last one (where one is missing).

    >>> _column("e 1  22", 2), _column("  e 1", 0), _column("e 1", 2)
    (6, 3, 4)
    """
    end = 0
    for i, match in enumerate(re.finditer(r"\S+", text)):
        if i == index:
            return match.start() + 1
        end = match.end()
    return end + 1


Where = tuple[str, int, str | None]
"""Where a line is: its text, its number and the source (the file's name, or None)."""


def _error(message: str, at: Where, index: int) -> ParseError:
    """The error ``message`` on the line ``at``, at the column of its token ``index``."""
    text, line, source = at
    return ParseError(message, line=line, column=_column(text, index), source=source)


def _int(token: str, what: str, at: Where, index: int) -> int:
    """``token``, the token ``index`` of the line ``at``, as a whole number >= 0; else
    :class:`ParseError` at its column."""
    shown = clip(token, 20, room=24)
    if not re.fullmatch(r"-?[0-9]+", token):  # int() would read '٣' and '1_0' too
        raise _error(f"{what} {shown!r} is not an integer", at, index)
    if len(token.lstrip("-0")) > 18:  # past any limit here (and int() refuses 4,300 digits)
        raise _error(f"{what} {shown} is too large", at, index)
    value = int(token)
    if value < 0:
        raise _error(f"{what} {value} is negative", at, index)
    return value


def read_dimacs(
    source: str | os.PathLike[str] | BinaryIO, *, strict: bool = False, name: str | None = None
) -> Graph:
    """Read a ``.col`` file (path or binary stream), one line at a time.

    Raises :class:`ParseError` as :func:`parse_dimacs` does, and on invalid UTF-8, a NUL
    byte or a line longer than :data:`MAX_DIMACS_LINE` (naming the line) that is not a
    comment (a comment of any length, or not UTF-8, is read past, not held).
    """
    if isinstance(source, str | os.PathLike):
        with Path(source).open("rb") as stream:
            return read_dimacs(stream, strict=strict, name=str(source))
    if not hasattr(source, "readline"):
        raise InvalidArgument(
            f"read_dimacs takes a path or a binary stream, not {type(source).__name__}"
        )
    return parse_dimacs(_text_lines(source, name), strict=strict, source=name)


def _text_lines(stream: BinaryIO, name: str | None) -> Iterator[str]:
    """Decoded lines of a binary stream; ParseError on a line that cannot be text."""
    no = 0
    while True:
        raw = stream.readline(MAX_DIMACS_LINE + 1)
        if not raw:
            return
        no += 1
        if no == 1 and (packed := compressed(raw, name)) is not None:
            raise packed
        if len(raw) > MAX_DIMACS_LINE and not raw.endswith(b"\n"):
            if not _is_comment(raw, no):
                raise ParseError(f"line longer than {MAX_DIMACS_LINE} bytes", line=no, source=name)
            _read_past(stream, raw, no, name)
            yield "c\n"
            continue
        if b"\x00" in raw:
            col = raw.index(b"\x00") + 1
            raise ParseError("binary data (NUL byte)", line=no, column=col, source=name)
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            if _is_comment(raw, no):
                yield "c\n"  # a comment in Latin-1, say: read past, as a '#' line of puzzles
                continue
            raise ParseError("invalid UTF-8", line=no, column=exc.start + 1, source=name) from None


def _is_comment(raw: bytes, no: int) -> bool:
    """Whether ``raw``, line ``no`` of a DIMACS file (a byte-order mark before the first),
    is a comment line, asked only of a line that does not read as it is (too long, not
    UTF-8): a comment is read past whatever it holds."""
    return _COMMENT_HEAD.match(raw.removeprefix(b"\xef\xbb\xbf") if no == 1 else raw) is not None


def _read_past(stream: BinaryIO, raw: bytes, no: int, name: str | None) -> None:
    """Read past the rest of a long comment line ``no``, whose first ``raw`` bytes are read,
    holding no more than a chunk: ParseError on a NUL byte (binary data), or a CR that a DIMACS
    line follows (the whole file is one "line": lines ended by a lone CR). Not decoded."""
    at = 0
    while raw:
        if b"\x00" in raw:
            col = at + raw.index(b"\x00") + 1
            raise ParseError("binary data (NUL byte)", line=no, column=col, source=name)
        if (lone := _LONE_CR_BYTES.search(raw)) is not None:
            raise ParseError(LONE_CR, line=no, column=at + lone.start() + 1, source=name)
        if raw.endswith(b"\n"):
            return
        at += len(raw)
        raw = stream.readline(MAX_DIMACS_LINE + 1)


def format_dimacs(graph: Graph, comments: Iterable[str] = ()) -> str:
    """The graph as DIMACS text, each edge once, 1-based."""
    if not isinstance(graph, Graph):
        raise InvalidArgument(f"format_dimacs takes a Graph, not {type(graph).__name__}")
    out = [f"c {line}\n" for c in comments for line in str(c).splitlines() or [""]]
    out.append(f"p edge {graph.n} {graph.num_edges}\n")
    out.extend(f"e {u + 1} {v + 1}\n" for u, v in graph.edges())
    return "".join(out)


def write_dimacs(graph: Graph, dest: str | os.PathLike[str] | TextIO) -> None:
    """Write the graph in DIMACS format to a path or text stream."""
    text = format_dimacs(graph, [graph.name] if graph.name else [])
    if isinstance(dest, str | os.PathLike):
        Path(dest).write_text(text, encoding="utf-8")
    else:
        dest.write(text)
