"""Variant puzzles on disk: cage files, the sudograph variant format, f-puzzles JSON.

Every format skips a line whose first non-blank character is ``#`` (a comment) and a UTF-8
byte-order mark at the start of the text.

**Cage file** (``--cages FILE``): one cage per line, its sum then its cells, ``r{row}c{col}``
1-based (``R1C1`` too), separated by blanks or commas; ``#`` starts a comment::

    # sum cells
    15 r1c1 r1c2 r2c1
    7  r1c3 r1c4

**Variant puzzle (text)**: ``key: value`` lines, then the region map and the cages each under
its own header line, in any order (:data:`TEXT_KEYS`); ``grid`` is any one-line grid (``.`` or
``0`` for empty). Lines end at ``\\n`` (or ``\\r\\n``) only, as everywhere in sudograph::

    variant: x+jigsaw+killer
    box: 2x2
    grid: 1...............
    regions:
    aabb
    acdb
    acdb
    ccdd
    cages:
    3 r1c1 r1c2

An ``alphabet:`` line gives the grid's symbols when they are not the default of its size
(``alphabet: 0123456789ABCDEF``; the writers add it then, so that cage sums keep their digits).
A file holds several puzzles separated by blank lines (:func:`_puzzle_starts`); a key a letter
or two from one of these (``varaint:``) is refused by name.

**Variant puzzle (JSON)**: ``{"grid": "1...", "box": "2x2", "variant": "x", "regions":
["aabb", ...], "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}]}`` (what
:func:`format_variant_json` writes, with ``"alphabet"`` as above; ``"box"`` may be
``[2, 2]`` too, as :meth:`~sudograph.grid.Grid.to_json` writes it); a file holds one object
(over one line or several) or one object per line, its keys in any order
(:func:`looks_like_variant` tells the formats apart by parsing them).

**f-puzzles JSON** (:func:`read_fpuzzles`): the exchange format of f-puzzles.com, which
SudokuPad also reads (its ``fpuzzles…`` URLs are the same JSON, lz-string compressed; give the
decompressed JSON). Chosen because it is the one format setters already publish variants in,
and it is plain JSON. Read: ``size``, ``grid`` (``value`` + ``given``, ``region`` for jigsaw),
``diagonal+`` / ``diagonal-`` (both: ``x``; a single diagonal is refused), ``antiknight``,
``antiking``, ``disjointgroups``, ``killercage`` (``cells`` + ``value``); any other constraint is
refused by name rather than ignored. Cosmetic elements (``text``, ``circle``, ``rectangle``,
``line``, ``cage``: drawings, no rule) are ignored with a :class:`FpuzzlesIgnored` warning. A
size that is not a square takes the box shape given, else f-puzzles' own: the most rows up to
√N (6: 2x3, 8: 2x4, 10: 2x5, 12: 3x4).

>>> parse_cages("15 r1c1 r1c2\\n7 r2c1, r2c2  # a comment", 9)
(((0, 1), 15), ((9, 10), 7))
>>> parse_cages("15 r1c1 r1c0", 9, source="k.txt")
Traceback (most recent call last):
...
sudograph.errors.ParseError: k.txt:1:9: bad cell 'r1c0' (expected r1c1..r9c9)
"""

from __future__ import annotations

import difflib
import json
import os
import pathlib
import re
import warnings
from collections.abc import Callable, Iterator
from typing import Any

from .._text import split_lines
from ..errors import InvalidArgument, InvalidPuzzle, ParseError, clip, naming
from ..grid import (
    Grid,
    as_box,
    box_for,
    check_alphabet,
    default_alphabet,
    json_alphabet,
    json_box,
    nearest_box,
)
from ..problem import Cage, check_cages
from ..variants import Variant, format_regions, parse_regions
from .jsonplaces import JsonFault, Path, json_place, json_shown, loads_once, one_slip, placed
from .puzzles import cr_endings, decode_line

_CELL = re.compile(r"[rR]([0-9]+)[cC]([0-9]+)$")
_TOKEN = re.compile(r"[^\s,]+")


TEXT_KEYS = ("variant", "box", "alphabet", "grid", "regions", "cages")
"""The keys of the text variant format: ``key: value`` lines, ``regions:`` and ``cages:``
heading their blocks (in any order: a file may start with any of them)."""

_TEXT_KEY = re.compile(rf"(?:{'|'.join(TEXT_KEYS)})\s*:")
"""The first content line of a text variant file: one of its keys, then ``:``."""

_WORD_KEY = re.compile(r"[a-z][a-z_-]*\s*:")
"""A line that reads as a key of some format: a word, then ``:`` (``size: 4``)."""


def looks_like_variant(text: str, *, head: bool = False) -> str | None:
    """``"fpuzzles"``, ``"json"`` or ``"text"`` when ``text`` is a variant puzzle in one of the
    formats of this module, else None (plain grids); ``head``: ``text`` is only the start of
    the input.

    The text format starts (after blank and comment lines) with a ``key:`` line, any of
    :data:`TEXT_KEYS` or a word a letter or two from one (``varaint:``, for its reader to
    refuse by name; a line of a plain puzzle file never is one), or a word of its own and
    ``:`` (``size: 4``) when a key follows, for the reader to name the keys there are. A JSON
    object (``{`` first) is told by its content, wherever its keys are (a JSON object has no
    order; f-puzzles writes ``title``, ``author`` and ``ruleset`` before ``grid``): when one of
    its first two content lines is a JSON document by itself, the input is JSON lines (one
    document a line, or one document on its only line, as the plain grid reader decides) and
    that line tells;
    otherwise it is one document over several lines, parsed whole. A ``"grid"`` string makes
    the JSON variant format, a ``"grid"`` list of rows of cell objects (or with a ``"size"``)
    f-puzzles; JSON that does not parse is told by the keys written in it, for its reader to
    report where it breaks. A JSON list (``[`` first) is plain grids. With ``head``, a JSON
    object that ``text`` does not hold whole enough to tell is ``"json"``, undecided
    (:func:`undecided_head`): read the input whole and ask again.

    >>> looks_like_variant("variant: x\\ngrid: 1..."), looks_like_variant("1.3.\\n..2.")
    ('text', None)
    >>> looks_like_variant("alphabet: ABCD\\nbox: 2x2\\ngrid: A...")
    'text'
    >>> looks_like_variant("varaint: x\\ngrid: 1..."), looks_like_variant("puzzle: 1...")
    ('text', None)
    >>> looks_like_variant("bax: 2x2\\ngrid: 1..."), looks_like_variant("size: 4\\nbox: 2x2")
    ('text', 'text')
    >>> looks_like_variant("Grids: 2\\n1.3.....2...4..1\\n")  # a header, no key after it
    >>> looks_like_variant('{"cages": [],\\n "grid": "1..."}'), looks_like_variant('{"rows": []}')
    ('json', None)
    >>> looks_like_variant('{"cages": [],\\n', head=True), undecided_head('{"cages": [],\\n')
    ('json', True)
    """
    body = _after_comments(text)
    if body.startswith("["):
        return None
    if body.startswith("{"):
        return _json_kind(body, head=head)[1]
    first = body.split("\n", 1)[0].split("#", 1)[0].strip().lower()
    if _TEXT_KEY.match(first):
        return "text"
    if _misspelt_key(first) is None and not _WORD_KEY.fullmatch(first.partition(":")[0] + ":"):
        return None
    # a slip of a key, or a key of its own ("bax:", "size:"), when a key follows (a plain
    # file's header line, "Grids: 2", is neither): for the reader to refuse by name
    after = _first_content_lines(body, 4, whole=True)[1:]
    return "text" if any(_TEXT_KEY.match(line.strip().lower()) for line in after) else None


def undecided_head(text: str) -> bool:
    """True when ``text``, the start of an input, opens a JSON object that it does not hold
    whole enough to tell its kind (:func:`looks_like_variant`): read the input whole to tell.

    >>> undecided_head('{"grid": "1..."}\\n{"gr'), undecided_head('{\\n "grid": "1..."')
    (False, True)
    """
    body = _after_comments(text)
    return body.startswith("{") and not _json_kind(body, head=True)[0]


_NOT_JSON = object()
"""What :func:`_document` gives for a text that is not one JSON document."""


def _document(text: str) -> Any:
    """``text`` as one JSON document, or :data:`_NOT_JSON`."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return _NOT_JSON


def _json_kind(text: str, *, head: bool) -> tuple[bool, str | None]:
    """``(told, kind)`` of a JSON input ``text`` (from its first ``{``) by the rule of
    :func:`looks_like_variant`; with ``head``, a last line without its line break is cut
    short, and a document that the text does not hold whole is not told (``"json"``)."""
    for line in _first_content_lines(text, 2, whole=not head):
        found = _document(line)  # a document by itself: JSON lines (or a one-line document)
        if found is not _NOT_JSON:
            return True, _json_variant(found)
    found = _document(_json_body(text))  # one document over several lines
    if found is not _NOT_JSON:
        return True, _json_variant(found)
    if head:
        return False, "json"
    fpuzzles = re.search(r'"grid"\s*:\s*\[\s*\[\s*(\{|null)', text) and (
        '"value"' in text or re.search(r'"size"\s*:\s*\d', text)
    )
    if fpuzzles:  # not JSON: told by what it holds, for its reader to say where it breaks
        return True, "fpuzzles"
    return True, "json" if re.search(r'"grid"\s*:\s*"', text) else None


def _first_content_lines(text: str, count: int, *, whole: bool) -> list[str]:
    """The first ``count`` lines of ``text`` that are neither blank nor comments (fewer when
    it has fewer), found without splitting all of it; unless ``whole``, a last line without its
    line break is left out (it may go on past ``text``).

    >>> _first_content_lines("# c\\n\\n{1}\\n{2}\\n{3}", 2, whole=True)
    ['{1}', '{2}']
    >>> _first_content_lines("{1}\\n{2", 2, whole=False), _first_content_lines("{1}", 2, whole=True)
    (['{1}'], ['{1}'])
    """
    found: list[str] = []
    start = 0
    while len(found) < count and start < len(text):
        end = text.find("\n", start)
        if end < 0 and not whole:
            break
        line = text[start:] if end < 0 else text[start:end]
        if line.strip() and not line.lstrip().startswith("#"):
            found.append(line)
        start = len(text) if end < 0 else end + 1
    return found


_RULE_KEYS = ("variant", "regions", "cages")
"""The keys of the JSON variant format that give rules: an object with one of them and none
of :data:`_PLAIN_KEYS` is a variant puzzle, whatever its ``"grid"`` holds."""

_PLAIN_KEYS = ("rows", "line", "puzzle")
"""The keys that give the cells of a plain grid's object (``Grid.to_json``, which writes the
rules of a variant grid under :data:`_RULE_KEYS` too) or of a ``generate --json`` row."""


def _json_variant(data: Any) -> str | None:
    """The variant format of a JSON document: ``"fpuzzles"`` for a ``"grid"`` list with a
    ``"size"`` or a cell object (or ``null``) in its rows; ``"json"`` for an object with a
    ``"grid"`` string, or with a ``"grid"`` that is no list or a key of :data:`_RULE_KEYS`,
    without the cells of a plain grid (:data:`_PLAIN_KEYS`): a variant puzzle whose grid is
    wrong, for its reader to say so; else None (a plain grid's object or list).

    >>> _json_variant({"grid": "1..."}), _json_variant({"grid": [[{}, None]]})
    ('json', 'fpuzzles')
    >>> _json_variant({"grid": ["1...", "...."], "variant": "x"}), _json_variant({"grid": 5})
    ('json', 'json')
    >>> _json_variant({"rows": [[1]]}), _json_variant({"grid": [[1, 2]]}), _json_variant([[1]])
    (None, None, None)
    >>> _json_variant({"rows": [[1]], "variant": "x"})  # Grid.to_json of a variant grid
    """
    if not isinstance(data, dict):
        return None
    grid = data.get("grid")
    if isinstance(grid, str):
        return "json"
    if isinstance(grid, list) and (
        "size" in data
        or any(
            isinstance(row, list) and any(cell is None or isinstance(cell, dict) for cell in row)
            for row in grid
        )
    ):
        return "fpuzzles"
    if any(k in data for k in _PLAIN_KEYS):
        return None
    if ("grid" in data and not isinstance(grid, list)) or any(k in data for k in _RULE_KEYS):
        return "json"
    return None


_LEADING = re.compile(r"(?:[^\S\n]*(?:#[^\n]*)?\n)*\s*")
"""Blank and comment lines (and the blanks) before the first content of a text."""

_COMMENT_LINE = re.compile(r"^[^\S\n]*#.*$", re.MULTILINE)
"""A line whose first non-blank character is ``#``."""


def _after_comments(text: str) -> str:
    """``text`` from its first content: no byte-order mark, blank or comment line before."""
    text = text.removeprefix("\ufeff")
    m = _LEADING.match(text)
    return text[m.end() if m else 0 :]


def parse_cell(token: str, n: int) -> int | None:
    """The index of ``r{row}c{col}`` (1-based) on an n×n grid, or None if it is not one."""
    m = _CELL.match(token)
    if not m:
        return None
    r, c = int(m.group(1)), int(m.group(2))
    return (r - 1) * n + c - 1 if 1 <= r <= n and 1 <= c <= n else None


def parse_cages(text: str, n: int, *, source: str | None = None) -> tuple[Cage, ...]:
    """Cages from a cage file (see the module docstring), checked with
    :func:`~sudograph.problem.check_cages`; every fault is a :class:`ParseError` placed at its
    line and column."""
    cages: list[Cage] = []
    lines: list[int] = []
    owner: dict[int, int] = {}  # cell -> its cage (from 1)
    for ln, line in enumerate(split_lines(text.removeprefix("\ufeff")), 1):
        body = line.split("#", 1)[0]
        tokens = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(body)]
        if not tokens:
            continue
        total, col = tokens[0]
        if not (total.isascii() and total.isdigit()):
            raise ParseError(
                f"expected the cage's sum, got {total!r}", line=ln, column=col, source=source
            )
        cells = []
        for tok, col in tokens[1:]:
            v = parse_cell(tok, n)
            if v is None:
                raise ParseError(
                    f"bad cell {tok!r} (expected r1c1..r{n}c{n})",
                    line=ln,
                    column=col,
                    source=source,
                )
            if v in owner:
                other = (
                    "twice in this cage"
                    if owner[v] == len(cages) + 1
                    else (f"also in cage {owner[v]}")
                )
                raise ParseError(
                    f"cage {len(cages) + 1}: cell {tok} is {other}",
                    line=ln,
                    column=col,
                    source=source,
                )
            owner[v] = len(cages) + 1
            cells.append(v)
        if not cells:
            raise ParseError("a cage needs cells after its sum", line=ln, column=col, source=source)
        cages.append((tuple(cells), int(total)))
        lines.append(ln)
    for i in range(len(cages)):
        try:
            check_cages(cages[: i + 1], n * n, n)
        except (InvalidArgument, InvalidPuzzle) as exc:
            msg = str(exc).split(": ", 1)[-1]
            raise ParseError(
                f"cage {i + 1}: {msg}", line=lines[i], column=1, source=source
            ) from None
    return tuple(cages)


def format_cages(cages: tuple[Cage, ...], n: int) -> str:
    """Cages as a cage file (read back by :func:`parse_cages`).

    >>> format_cages((((0, 1), 15),), 9)
    '15 r1c1 r1c2'
    """
    return "\n".join(f"{total} " + " ".join(_name(v, n) for v in cells) for cells, total in cages)


def _name(v: int, n: int) -> str:
    return f"r{v // n + 1}c{v % n + 1}"


def variant_from_options(
    spec: str | None,
    n: int,
    *,
    regions: str | None = None,
    cages: str | None = None,
    regions_source: str | None = None,
    cages_source: str | None = None,
) -> Variant | None:
    """A Variant from the CLI's ``--variant``, ``--regions`` and ``--cages`` texts (None when
    none is given)."""
    if not (spec or regions or cages):
        return None
    reg = parse_regions(regions, n, source=regions_source) if regions else None
    cgs = parse_cages(cages, n, source=cages_source) if cages else ()
    return Variant.parse(spec or "", regions=reg, cages=cgs)


def variant_text(data: bytes, source: str) -> str | ParseError:
    """The bytes of a variant input as text, or the :class:`ParseError` of the first bad byte
    (:func:`~sudograph.formats.puzzles.decode_line`'s: ``invalid UTF-8``, ``binary data (NUL
    byte)``) at its line and column (in characters) of the whole input.

    >>> variant_text(b"variant: x\\ngrid: 1.\\xc3\\xa9\\xff", "v.txt")
    ParseError('v.txt:2:10: invalid UTF-8')
    >>> variant_text(b"variant: x\\rgrid: 1.3.\\r", "v.txt")  # CR-only lines (old Mac text)
    'variant: x\\ngrid: 1.3.\\n'
    """
    if cr_endings(data):
        data = data.replace(b"\r", b"\n")
    text = decode_line(1, data, source)
    if not isinstance(text, ParseError):
        return text
    at = (text.column or 1) - 1  # a byte offset in the whole input
    start = data.rfind(b"\n", 0, at) + 1
    column = len(data[start:at].decode("utf-8", errors="replace")) + 1
    line = data.count(b"\n", 0, at) + 1
    return ParseError(text.message, line=line, column=column, source=source)


def _text_of(
    text: str | os.PathLike[str], source: str | None, reader: str
) -> tuple[str | ParseError, str | None]:
    """The text to read and its name: a path (``os.PathLike``) is read, named by itself
    unless ``source`` names it (a file that is not UTF-8 text: the :class:`ParseError` of its
    first bad byte). A string is the text itself: one that is a file's name and no puzzle
    (one line, no ``key:``) is refused, naming the way to read the file.

    >>> _text_of("variant: x", None, "read_variant_puzzle")
    ('variant: x', None)
    """
    if isinstance(text, os.PathLike):
        path = pathlib.Path(text)
        with naming(path):
            data = path.read_bytes()
        name = source or str(path)
        return variant_text(data, name), name
    if not isinstance(text, str):
        raise InvalidArgument(
            f"{reader} takes a puzzle's text or a path (os.PathLike), not {type(text).__name__}"
        )
    if "\n" not in text and ":" not in text and text.strip() and os.path.isfile(text):
        raise InvalidArgument(
            f"{reader} reads the text of a puzzle: {text!r} is a file's name (to read the file, "
            f"give its path: {reader}(pathlib.Path({text!r})))"
        )
    return text, source


def read_variant_puzzle(
    text: str | os.PathLike[str],
    *,
    source: str | None = None,
    box: tuple[int, int] | None = None,
    alphabet: str | None = None,
) -> Grid:
    """A variant puzzle in the text or JSON format of the module docstring: its text, or the
    path of its file (``os.PathLike``, read as UTF-8; ``source`` defaults to it). ``box`` is
    the box shape when the puzzle gives none (one it gives must be the same), ``alphabet``
    that of its grid."""
    read, source = _text_of(text, source, "read_variant_puzzle")
    if isinstance(read, ParseError):
        raise read
    text = read.removeprefix("\ufeff")
    if _after_comments(text).startswith("{"):
        return _from_json(text, source, box, alphabet)
    keys: dict[str, str] = {}
    blocks: dict[str, list[str]] = {"regions": [], "cages": []}
    starts: dict[str, int] = {}
    where: dict[str, tuple[int, int]] = {}  # a key's line and the column of its value
    current = None
    for ln, line in enumerate(split_lines(text), 1):
        stripped = line.split("#", 1)[0].strip()
        if not stripped:
            continue
        keyed = _text_key(stripped)
        if keyed is not None:
            key, value = keyed
            if key in starts or key in where:  # the last would win without a word
                before = starts[key] if key in starts else where[key][0]
                raise ParseError(
                    f"'{key}:' given twice (first on line {before})",
                    line=ln,
                    column=1,
                    source=source,
                )
            if key in blocks:
                current = key
                starts[key] = ln
                if value.strip():
                    blocks[key].append(value.strip())
            else:
                keys[key] = value.strip()
                where[key] = (ln, line.index(":") + 2 + len(value) - len(value.lstrip()))
                current = None
        elif (misspelt := _misspelt_key(stripped)) is not None:  # its rules would be lost
            typed, key = misspelt
            raise ParseError(
                f"unknown key '{typed}:': did you mean '{key}:'?",
                line=ln,
                column=len(line) - len(line.lstrip()) + 1,
                source=source,
            )
        elif _WORD_KEY.match(stripped.lower()):  # a key of its own: name the keys there are
            word = stripped.partition(":")[0].strip()  # (no region row or cage line has ':')
            raise ParseError(
                f"unknown key '{word[:20]}:' (the keys: {', '.join(TEXT_KEYS)})",
                line=ln,
                column=len(line) - len(line.lstrip()) + 1,
                source=source,
            )
        elif current is not None:
            blocks[current].append(line)
        else:
            raise ParseError(f"unexpected line {stripped[:20]!r}", line=ln, column=1, source=source)
    if "grid" not in keys:  # placed at the puzzle's first key (a file of one puzzle too)
        first = min((ln for ln, _ in where.values()), default=None)
        raise ParseError("no 'grid:' line", line=first, source=source)
    if "box" in keys:
        row, column = where["box"]
        try:
            own = as_box(keys["box"])  # a shape out of range is the box's fault, not the grid's
        except InvalidArgument as exc:
            raise ParseError(f"box: {exc}", line=row, column=column, source=source) from None
        if box is not None and own != tuple(box):
            raise ParseError(
                f"box {box[0]}x{box[1]} given, but the puzzle's is {own[0]}x{own[1]}",
                line=row,
                column=column,
                source=source,
            )
        box = own
    if "alphabet" in keys:
        row, column = where["alphabet"]
        if alphabet is not None and alphabet != keys["alphabet"]:
            raise ParseError(
                f"alphabet {alphabet} given, but the puzzle's is {keys['alphabet']}",
                line=row,
                column=column,
                source=source,
            )
        alphabet = keys["alphabet"]
        try:  # its own faults (a symbol twice, a reserved one; not the box's count) are its own
            check_alphabet(box[0] * box[1] if box is not None else len(alphabet), alphabet)
        except InvalidArgument as exc:
            raise ParseError(str(exc), line=row, column=column, source=source) from None
    try:
        grid = Grid.parse(keys["grid"], box=box, alphabet=alphabet)
    except (ParseError, InvalidArgument) as exc:
        row, column = where["grid"]
        if isinstance(exc, ParseError):
            column += (exc.column or 1) - 1 if exc.line in (None, 1) else 0
        message = exc.message if isinstance(exc, ParseError) else str(exc)
        raise ParseError(f"grid: {message}", line=row, column=column, source=source) from None
    n = grid.n
    for key, what in (("regions", "no region map"), ("cages", "no cage")):
        if key in starts and not blocks[key]:  # cut short, or a map forgotten
            raise ParseError(
                f"'{key}:' has {what} under it", line=starts[key], column=1, source=source
            )
    regions = (
        _offset(
            lambda: parse_regions("\n".join(blocks["regions"]), n, source=source), starts, "regions"
        )
        if blocks["regions"]
        else None
    )
    cages = (
        _offset(lambda: parse_cages("\n".join(blocks["cages"]), n, source=source), starts, "cages")
        if blocks["cages"]
        else ()
    )
    try:
        variant = Variant.parse(keys.get("variant", ""), regions=regions, cages=cages)
        return Grid(grid.box, grid.values, grid.alphabet, variant if variant.names else None)
    except InvalidArgument as exc:  # a bad name, or a variant that does not fit the grid
        row, column = where.get("variant", (0, 0))
        raise ParseError(str(exc), line=row or None, column=column or None, source=source) from None


def read_variant_puzzles(
    text: str | os.PathLike[str],
    *,
    source: str | None = None,
    box: tuple[int, int] | None = None,
    alphabet: str | None = None,
) -> Iterator[tuple[int, Grid | ParseError]]:
    """Every puzzle of a variant file: ``(line, Grid or ParseError)``, the line that of its
    ``grid:`` (of a JSON object, its first line); ``text``, ``source``, ``box`` and
    ``alphabet`` as :func:`read_variant_puzzle` takes them (a file that is not UTF-8 text is
    one error, at its first bad byte).

    A text file holds one puzzle, or several (:func:`_puzzle_starts`: each starts at its
    ``variant:`` line, as ``sudograph generate --variant`` writes them, or at the first key
    after a blank line that the puzzle above already has); a JSON file one object (on one line
    or several), or one object per line. A bad puzzle is yielded as its error (lines numbered
    in the whole file) and the others are still read; comment lines are skipped.

    >>> one = "variant: x\\nbox: 2x2\\ngrid: " + "1" + "." * 15
    >>> [(no, g.to_line()) for no, g in read_variant_puzzles(one + "\\n\\n" + one)]
    [(3, '1...............'), (7, '1...............')]
    >>> two = '{"grid": "1..............."}\\n# a comment\\n{"grid": "1.."}'
    >>> [(no, type(g).__name__) for no, g in read_variant_puzzles(two)]
    [(1, 'Grid'), (3, 'ParseError')]
    >>> keys_first = "grid: 1...............\\nvariant: x\\n\\ngrid: .2..............\\nbox: 2x2"
    >>> [(no, g.to_line()) for no, g in read_variant_puzzles(keys_first)]
    [(1, '1...............'), (4, '.2..............')]
    """
    read, source = _text_of(text, source, "read_variant_puzzles")
    if isinstance(read, ParseError):
        yield read.line or 1, read
        return
    text = read.removeprefix("\ufeff")
    lines = split_lines(text)
    if _after_comments(text).startswith("{"):
        rows = [
            (no, line)
            for no, line in enumerate(lines, 1)
            if line.strip() and not line.lstrip().startswith("#")
        ]
        per_line = len(rows) > 1 and _json_lines(text, rows)
        blocks = rows if per_line else [(1, text)]
    else:
        per_line = False
        starts = _puzzle_starts(lines)
        if len(starts) <= 1:
            blocks = [(1, text)]
        else:
            ends = [*starts[1:], len(lines) + 1]
            blocks = [
                (a, "\n".join(lines[a - 1 : b - 1])) for a, b in zip(starts, ends, strict=True)
            ]
    json_blocks = _after_comments(text).startswith("{")
    for first, block in blocks:
        # its number: its 'grid:' line (where its cells are, and a clash of its clues), else
        # its first line of content (a JSON object, a block without a grid)
        at = None if json_blocks else _grid_line(block)
        shown = first + (_leading_comments(block) if at is None else at)
        try:
            if per_line:  # a line that is not an object is bad JSON, not a text puzzle
                yield shown, _from_json(block, source, box, alphabet)
            else:
                yield shown, read_variant_puzzle(block, source=source, box=box, alphabet=alphabet)
        except ParseError as exc:
            if exc.line is not None and first > 1:
                exc = _moved(exc, first - 1)
            elif exc.line is None and len(blocks) > 1:
                exc = exc.located(line=shown)
            yield shown, exc


def _puzzle_starts(lines: list[str]) -> list[int]:
    """The first line (from 1) of each puzzle of a text variant file of ``lines``: the first
    starts at line 1 (comments before it belong to it); another starts at a ``variant:`` line
    (or one a letter or two from it: :func:`_misspelt_key`) when the puzzle above already has
    one, or at the first key line after a blank line when the block of lines it opens (to
    the next blank line) has a key the puzzle above already has, with the comment lines just
    above it. So puzzles separated by blank lines read apart whatever keys each has and in
    whatever order (``grid:`` then ``variant:``, or no ``variant:`` at all), as
    :func:`format_variant_text`'s joined by blank lines do, while a blank line between the
    keys of one puzzle is allowed, and a key repeated without one is its puzzle's error
    (``'grid:' given twice``).

    >>> _puzzle_starts(["variant: x", "grid: 1", "", "# two", "variant: y", "grid: 2"])
    [1, 4]
    >>> _puzzle_starts(["grid: 1", "box: 2x2", "", "box: 2x2", "grid: 2"])
    [1, 4]
    >>> _puzzle_starts(["grid: 1", "", "variant: x", "grid: 2"])  # the block has a grid
    [1, 3]
    >>> _puzzle_starts(["variant: x", "", "grid: 1", "grid: 2"])  # one puzzle, 'grid:' twice
    [1]
    >>> _puzzle_starts(["grid: 1", "", "cages: ..."])  # one puzzle, a blank line in it
    [1]
    >>> _puzzle_starts(["variant: x", "", "grid: 1", "variant: y", "grid: 2"])
    [1, 4]
    >>> _puzzle_starts(["grid: 1", "", "alphabet: AB", "variant: x", "grid: 2"])
    [1, 3]
    """
    keyed = [_key_of(line) for line in lines]
    starts = [1]
    keys: set[str] = set()  # those of the puzzle being read
    after_blank = False
    for no, (line, key) in enumerate(zip(lines, keyed, strict=True), 1):
        if not line.strip():
            after_blank = True
            continue
        if line.lstrip().startswith("#"):
            continue
        if key is not None and (
            (key == "variant" and key in keys)
            or (after_blank and _block_keys(lines, keyed, no, keys) & keys)
        ):
            start = no
            while start - 1 > starts[-1] and lines[start - 2].lstrip().startswith("#"):
                start -= 1
            starts.append(start)
            keys = set()
        after_blank = False
        if key is not None:
            keys.add(key)
    return starts


def _key_of(line: str) -> str | None:
    """The key of a text variant line (a slip of one's name too: :func:`_misspelt_key`), or
    None for a line that is no key."""
    keyed = _text_key(line)
    if keyed is not None:
        return keyed[0]
    misspelt = _misspelt_key(line.split("#", 1)[0].strip())
    return misspelt[1] if misspelt else None


def _block_keys(lines: list[str], keyed: list[str | None], no: int, keys: set[str]) -> set[str]:
    """The keys of the block of ``lines`` that starts at line ``no`` (from 1), up to the next
    blank line, or the next ``variant:`` line when the puzzle above (its ``keys``) has one
    (that line starts a puzzle of its own); ``keyed`` the key of each line
    (:func:`_key_of`). Each block is read once: linear in the file.

    >>> lines = ["alphabet: AB", "variant: x", "grid: 1", "", "variant: y"]
    >>> sorted(_block_keys(lines, [_key_of(x) for x in lines], 1, {"grid"}))
    ['alphabet', 'grid', 'variant']
    """
    found: set[str] = set()
    for at in range(no - 1, len(lines)):
        line, key = lines[at], keyed[at]
        if not line.strip() or (key == "variant" and found and "variant" in keys):
            break
        if key is not None and not line.lstrip().startswith("#"):
            found.add(key)
    return found


def _moved(exc: ParseError, by: int) -> ParseError:
    """``exc``, found in a puzzle read alone, moved ``by`` lines down to its place in the
    file, the line it names as a key's first (``given twice (first on line 2)``) too.

    >>> str(_moved(ParseError("'box:' given twice (first on line 2)", line=3, column=1), 4))
    "7:1: 'box:' given twice (first on line 6)"
    """
    m = _FIRST_ON.search(exc.message)
    message = exc.message
    if m is not None:
        message = f"{message[: m.start(1)]}{int(m.group(1)) + by}{message[m.end(1) :]}"
    line = exc.line + by if exc.line is not None else None
    return type(exc)(message, line=line, column=exc.column, source=exc.source)


_FIRST_ON = re.compile(r"given twice \(first on line ([0-9]+)\)$")
"""The end of the message of a key given twice (text and JSON), naming the first's line."""


def _misspelt_key(text: str) -> tuple[str, str] | None:
    """``(word, key)`` when ``text`` (a line, its comment cut) starts with a word and ``:``,
    the word no key of :data:`TEXT_KEYS` but a slip of ``key``: two neighbouring letters
    swapped, one added or dropped, or a letter or two changed in a word as long (difflib's
    ratio 0.75, the cutoff of :func:`~.jsonplaces.refuse_misspelt_keys`), else None.

    >>> _misspelt_key("varaint: x"), _misspelt_key("Varient : x"), _misspelt_key("bxo: 2x2")
    (('varaint', 'variant'), ('Varient', 'variant'), ('bxo', 'box'))
    >>> _misspelt_key("grid: 1..."), _misspelt_key("boxes: 3"), _misspelt_key("regionsmap: x")
    (None, None, None)
    >>> _misspelt_key("puzzle: 1..."), _misspelt_key("bot: 1"), _misspelt_key("1.3.")
    (None, None, None)
    """
    word, sep, _ = text.strip().partition(":")
    word = word.strip()
    typed = word.lower()
    if not sep or typed in TEXT_KEYS or not re.fullmatch(r"[a-z][a-z_-]*", typed):
        return None
    like = [key for key in TEXT_KEYS if one_slip(typed, key)] or [
        key
        for key in TEXT_KEYS
        if len(key) == len(typed) and difflib.SequenceMatcher(None, typed, key).ratio() >= 0.75
    ]  # a word of its own ("boxes", "regionsmap") is longer than a slip of the key
    return (word, like[0]) if like else None


def _grid_line(block: str) -> int | None:
    """The offset of the ``grid:`` line of a text puzzle (0 for its first line), or None.

    >>> _grid_line("# made here\\nvariant: x\\nbox: 2x2\\ngrid: 1..............."), _grid_line("")
    (3, None)
    """
    for at, line in enumerate(split_lines(block)):
        keyed = _text_key(line)
        if keyed is not None and keyed[0] == "grid":  # 'grid :' too, as the reader takes it
            return at
    return None


def _text_key(line: str) -> tuple[str, str] | None:
    """The key (lower case) and value of a ``key: value`` line of the text format, its comment
    cut and its ends stripped (``Grid : 1..`` too), or None for a line that is no key of
    :data:`TEXT_KEYS`.

    >>> _text_key("  GRID : 1...  # a comment"), _text_key("1.3."), _text_key("size: 4")
    (('grid', ' 1...'), None, None)
    """
    key, sep, value = line.split("#", 1)[0].strip().partition(":")
    key = key.strip().lower()
    return (key, value) if sep and key in TEXT_KEYS else None


def _leading_comments(block: str) -> int:
    """How many blank or comment lines open ``block`` (:data:`_LEADING`; 0 when nothing
    follows them)."""
    m = _LEADING.match(block)
    end = m.end() if m else 0
    return block[:end].count("\n") if end < len(block) else 0


def _json_lines(text: str, rows: list[tuple[int, str]]) -> bool:
    """Whether ``text`` (its content ``rows``) is one JSON object per line rather than one
    object over several lines: it is not one JSON document, and a line alone is a puzzle."""
    try:
        json.loads(_COMMENT_LINE.sub("", text))
    except (json.JSONDecodeError, RecursionError):
        pass
    else:
        return False
    for _, line in rows:
        try:
            data = json.loads(line)
        except (json.JSONDecodeError, RecursionError):
            continue
        if isinstance(data, dict) and "grid" in data:
            return True
    return False


def format_variant_text(grid: Grid) -> str:
    """A grid with its variant in the sudograph text variant format (read back by
    :func:`read_variant_puzzle`).

    >>> print(format_variant_text(Grid.parse("1" + "." * 15, variant="x")))
    variant: x
    box: 2x2
    grid: 1...............
    """
    v = grid.variant
    lines = [f"variant: {v.spec if v else ''}", f"box: {grid.box[0]}x{grid.box[1]}"]
    if grid.alphabet != default_alphabet(grid.n):  # read back with the same symbols
        lines.append(f"alphabet: {grid.alphabet}")
    lines.append(f"grid: {grid.to_line()}")
    if v is not None and v.regions is not None:
        lines += ["regions:", format_regions(v.regions, grid.n)]
    if v is not None and v.cages:
        lines += ["cages:", format_cages(v.cages, grid.n)]
    return "\n".join(lines)


def _offset(read: Any, starts: dict[str, int], key: str) -> Any:
    """Run ``read`` and move a ParseError's line to the file's numbering."""
    try:
        return read()
    except ParseError as exc:
        line = exc.line + starts[key] if exc.line is not None else starts[key]
        raise exc.located(line=line) from None


def format_variant_json(grid: Grid, **meta: Any) -> str:
    """A grid with its variant as the sudograph JSON variant format, with the keys ``meta``
    (of :data:`JSON_META`: what a reader ignores) after them."""
    unknown = [k for k in meta if k not in JSON_META]
    if unknown:
        raise ValueError(f"not a key of JSON_META: {unknown[0]!r}")  # a caller's bug
    out: dict[str, Any] = {"grid": grid.to_line(), "box": f"{grid.box[0]}x{grid.box[1]}"}
    if grid.alphabet != default_alphabet(grid.n):  # read back with the same symbols
        out["alphabet"] = grid.alphabet
    out.update(variant_json(grid))
    out.update(meta)
    return json.dumps(out)


def variant_json(grid: Grid) -> dict[str, Any]:
    """The keys of the JSON variant format that give ``grid``'s rules: ``variant``, and
    ``regions`` and ``cages`` when it has them (none for a plain grid)."""
    v = grid.variant
    out: dict[str, Any] = {}
    if v is not None:
        out["variant"] = v.spec
        if v.regions is not None:
            out["regions"] = format_regions(v.regions, grid.n).split("\n")
        if v.cages:
            out["cages"] = [
                {"sum": total, "cells": [_name(c, grid.n) for c in cells]}
                for cells, total in v.cages
            ]
    return out


def with_json_variant(data: dict[str, Any], grid: Grid) -> Grid:
    """``grid`` with the rules given by the ``variant``, ``regions`` and ``cages`` keys of a
    JSON object (those of the JSON variant format), read as that format reads them."""
    doc: dict[str, Any] = {k: data[k] for k in ("variant", "regions", "cages") if k in data}
    doc["grid"] = "." * (grid.n * grid.n)
    doc["box"] = f"{grid.box[0]}x{grid.box[1]}"
    rules = _from_data(doc, None, None, None).variant  # a fault names its key in ``data``
    return Grid(grid.box, grid.values, grid.alphabet, rules)


def _json_body(text: str) -> str:
    """What :func:`_load_json` reads of ``text``: no byte-order mark, comment lines emptied
    (so that lines keep their numbers)."""
    return _COMMENT_LINE.sub("", text.removeprefix("\ufeff"))


def _load_json(text: str, source: str | None) -> Any:
    """``json.loads`` with a located :class:`ParseError`; comment lines and a byte-order mark
    are skipped."""
    try:
        return loads_once(_json_body(text))
    except ParseError as exc:  # a key given twice
        raise exc.located(source=source) from None
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"bad JSON: {exc.msg}", line=exc.lineno, column=exc.colno, source=source
        ) from None
    except RecursionError:
        raise ParseError("bad JSON: nested too deep", source=source) from None


def _from_json(
    text: str, source: str | None, box: tuple[int, int] | None, alphabet: str | None
) -> Grid:
    return _read_json(text, source, _from_data, box, alphabet)


def _read_json(
    text: str,
    source: str | None,
    read: Callable[[Any, str | None, tuple[int, int] | None, str | None], Grid],
    box: tuple[int, int] | None,
    alphabet: str | None,
) -> Grid:
    """``read(data, source, box, alphabet)`` of the JSON ``text``, its faults placed at the
    line and column of the value they name (the JSON variant format and f-puzzles)."""
    data = _load_json(text, source)
    try:
        return read(data, source, box, alphabet)
    except JsonFault as exc:
        raise placed(exc, _json_body(text)) from None


JSON_KEYS = ("grid", "box", "alphabet", "variant", "regions", "cages")
"""The keys of the JSON variant format; any other is an error (but :data:`JSON_META`)."""

JSON_META = ("seed", "index", "clues", "symmetry", "minimal", "rating")
"""The keys a ``generate --variant --json`` row adds about how its puzzle was made (as the
classic rows have them): read and ignored, so that the rows read back as puzzles."""


class _Lines:
    """The text variant format's lines made from a JSON object, each with the path of the
    JSON value it came from, so that a fault found in a line is placed in the JSON text."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.spans: list[list[tuple[int, int, Path]]] = []  # per line: (start, end, path)

    def add(self, head: str, *parts: tuple[str, Path], at: Path | None = None) -> None:
        """A line of ``head`` then ``parts`` (text, the path it came from) joined by spaces;
        a part with a line break in it is placed at its value only; a fault of the whole
        line (``regions:``: a map of the wrong size) at the value of path ``at``."""
        line, spans = head, []
        for part, path in parts:
            line += " " if line else ""
            spans.append((len(line), len(line) + len(part), path))
            line += part
        if at is not None:  # after the parts: the first span that holds the column wins
            spans.append((0, -1, at))
        pieces = line.split("\n")  # as read_variant_puzzle reads them back
        self.lines += pieces
        if len(pieces) == 1:
            self.spans.append(spans)
        else:  # the columns of the lines after the first mean nothing here
            self.spans += [[(0, -1, path) for _, _, path in spans]] * len(pieces)

    def fault(self, exc: ParseError, source: str | None) -> JsonFault:
        """``exc``, found in these lines, as a fault at the JSON value of its line and column."""
        if exc.line is None or not 1 <= exc.line <= len(self.spans) or not self.spans[exc.line - 1]:
            return JsonFault(exc.message, source=source)
        spans = self.spans[exc.line - 1]
        at = (exc.column or 1) - 1
        for start, end, path in spans:
            if start <= at < end or end < 0:
                return JsonFault(exc.message, source=source, path=path, inner=at - start)
        return JsonFault(exc.message, source=source, path=spans[0][2])


def _from_data(
    data: Any, source: str | None, box: tuple[int, int] | None, alphabet: str | None
) -> Grid:
    """A variant puzzle from the JSON variant format's value, read as the text format; a
    fault is a :class:`~.jsonplaces.JsonFault` naming the value at fault."""
    if not isinstance(data, dict) or not isinstance(data.get("grid"), str):
        raise JsonFault(
            "a variant puzzle is a JSON object with a 'grid' string",
            path=("grid",) if isinstance(data, dict) else (),
            source=source,
        )
    unknown = [k for k in data if k not in JSON_KEYS and k not in JSON_META]
    if unknown:  # a misspelt key would drop its rules without a word
        raise JsonFault(
            f"unknown key {unknown[0]!r} (the keys of a variant puzzle: {', '.join(JSON_KEYS)})",
            path=(unknown[0],),
            source=source,
            key=True,
        )
    made = _Lines()
    made.add("grid:", (data["grid"], ("grid",)))
    if "box" in data:
        high, wide = json_box(data["box"], source=source)  # as every JSON reader reads it
        made.add("box:", (f"{high}x{wide}", ("box",)))
    if "alphabet" in data:
        json_alphabet(data["alphabet"], source=source)  # (--alphabet: the text reader's)
        made.add("alphabet:", (data["alphabet"], ("alphabet",)))
    if not isinstance(data.get("variant", ""), str):
        raise JsonFault(
            "'variant' is a string of names joined by '+'", path=("variant",), source=source
        )
    made.add("variant:", (data.get("variant", ""), ("variant",)))
    if "regions" in data:
        regions = data["regions"]
        rows = regions if isinstance(regions, list) else [regions]
        if rows in ([], [""]):
            raise JsonFault("'regions' holds no region map", path=("regions",), source=source)
        for i, row in enumerate(rows):
            if not isinstance(row, str):
                at: Path = ("regions", i) if isinstance(regions, list) else ("regions",)
                raise JsonFault(
                    "'regions' is a string or a list of strings (rows)", path=at, source=source
                )
        made.add("regions:", at=("regions",))
        for i, row in enumerate(rows):
            made.add("", (row, ("regions", i) if isinstance(regions, list) else ("regions",)))
    if "cages" in data:
        made.add("cages:", at=("cages",))
        cages = data["cages"]
        if cages == []:
            raise JsonFault("'cages' holds no cage", path=("cages",), source=source)
        for i, cage in enumerate(cages if isinstance(cages, list) else [None]):
            extra = [k for k in cage if k not in ("sum", "cells")] if isinstance(cage, dict) else []
            if extra:  # a misspelt key would drop what it gives without a word
                raise JsonFault(
                    f"cage {i + 1}: unknown key {extra[0]!r} (a cage has 'sum' and 'cells')",
                    path=("cages", i, extra[0]),
                    source=source,
                    key=True,
                )
            if not (
                isinstance(cage, dict)
                and _is_int(cage.get("sum"))
                and isinstance(cage.get("cells"), list)
            ):
                raise JsonFault(
                    "'cages' is a list of {'sum': S, 'cells': ['r1c1', ...]}",
                    path=("cages", i) if isinstance(cages, list) else ("cages",),
                    source=source,
                )
            made.add(
                "",
                (str(cage["sum"]), ("cages", i, "sum")),
                *[(str(cell), ("cages", i, "cells", j)) for j, cell in enumerate(cage["cells"])],
            )
    try:
        return read_variant_puzzle("\n".join(made.lines), source=source, box=box, alphabet=alphabet)
    except ParseError as exc:  # placed in the lines made here: placed again in the JSON text
        raise made.fault(exc, source) from None


FPUZZLES_KNOWN = {
    "size",
    "grid",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "killercage",
    "title",
    "author",
    "ruleset",
    "solution",
    # the solver's settings f-puzzles saves with a puzzle: not rules
    "truecandidatesoptions",
    "disabledlogic",
    "highlightConflicts",
}


FPUZZLES_COSMETIC = ("text", "circle", "rectangle", "line", "cage")
"""The elements of f-puzzles' cosmetic tools (Text, Circle, Rectangle, Line, Cage): drawings
that set no rule, ignored with a :class:`FpuzzlesIgnored` warning. A cosmetic ``cage``'s
``value`` is a label, not a sum, with or without one (a killer cage is a ``killercage``;
SudokuPad draws a ``cage`` without the killer's rule too). An element with a
``fromConstraint`` is the drawing an f-puzzles add-on saves of a constraint (a Renban line,
an X-sum): refused as that constraint."""


class FpuzzlesIgnored(UserWarning):
    """f-puzzles JSON held cosmetic elements (:data:`FPUZZLES_COSMETIC`), read as no rule."""


def _is_int(x: object) -> bool:
    """True for a JSON integer (not a boolean, which Python counts as one)."""
    return isinstance(x, int) and not isinstance(x, bool)


def fpuzzles_box(n: int) -> tuple[int, int]:
    """The boxes f-puzzles draws on an N×N grid: :func:`~sudograph.grid.nearest_box`, the most
    rows up to √N (SudokuPad's f-puzzles import has the same table: 6 is 2x3, 8 2x4, 12 3x4; a
    prime N is 1xN).

    >>> fpuzzles_box(9), fpuzzles_box(6), fpuzzles_box(12)
    ((3, 3), (2, 3), (3, 4))
    """
    return nearest_box(n)


def read_fpuzzles(
    text: str,
    *,
    source: str | None = None,
    box: tuple[int, int] | int | str | None = None,
    alphabet: str | None = None,
) -> Grid:
    """A puzzle from f-puzzles JSON (see the module docstring); ``box`` is the box shape (by
    default f-puzzles' own, :func:`fpuzzles_box`; any form :func:`~sudograph.grid.as_box`
    takes, ``"2x3"`` too), ``alphabet`` that of the grid. Every fault is a
    :class:`ParseError` naming the cell (``r1c1``), cage or region as the file numbers it.

    >>> g = read_fpuzzles('{"size": 4, "diagonal+": true, "diagonal-": true, '
    ...     '"grid": [[{"value": 1, "given": true}, {}, {}, {}], [{}, {}, {}, {}], '
    ...     '[{}, {}, {}, {}], [{}, {}, {}, {}]]}')
    >>> g.to_line(), g.variant.spec
    ('1...............', 'x')

    Cosmetic elements (:data:`FPUZZLES_COSMETIC`) are ignored, said once by a
    :class:`FpuzzlesIgnored` warning placed at the first of them (``fp.json:1:120: f-puzzles
    cosmetic element(s) ignored (drawings, no rule): text``).
    """
    if box is not None:
        try:
            box = as_box(box)
        except InvalidArgument as exc:  # the argument's fault, not a place in the file
            raise ParseError(str(exc), source=source) from None
    ignored: list[str] = []

    def read(
        data: Any, source: str | None, box: tuple[int, int] | None, alphabet: str | None
    ) -> Grid:
        grid = _fpuzzles(data, source, box, alphabet)
        ignored.extend(k for k in FPUZZLES_COSMETIC if data.get(k) not in (None, [], False))
        return grid

    try:
        grid = _read_json(text, source, read, box, alphabet)
    except ParseError as exc:
        if exc.message != "bad JSON: Extra data":
            raise
        raise ParseError(
            f"{exc.message} (an f-puzzles file holds one puzzle)",
            line=exc.line,
            column=exc.column,
            source=exc.source,
        ) from None
    if ignored:
        line, column = json_place(_json_body(text), (ignored[0],), key=True)
        note = ParseError(
            f"f-puzzles cosmetic element(s) ignored (drawings, no rule): {', '.join(ignored)}",
            line=line,
            column=column,
            source=source,
        )
        warnings.warn(str(note), FpuzzlesIgnored, stacklevel=2)
    return grid


def _fpuzzles(
    data: Any, source: str | None, box: tuple[int, int] | None, alphabet: str | None
) -> Grid:
    """The puzzle of f-puzzles JSON's value (:func:`read_fpuzzles`); a fault is a
    :class:`~.jsonplaces.JsonFault` naming the value at fault."""
    if not isinstance(data, dict) or not isinstance(data.get("grid"), list):
        raise JsonFault(
            "f-puzzles JSON needs 'size' and 'grid'",
            path=("grid",) if isinstance(data, dict) else (),
            source=source,
        )
    unknown = sorted(
        k
        for k, v in data.items()
        if k not in FPUZZLES_KNOWN and k not in FPUZZLES_COSMETIC and v not in (None, [], False)
    )
    if unknown:
        raise JsonFault(
            f"f-puzzles constraint(s) not supported: {', '.join(unknown)}",
            path=(unknown[0],),
            source=source,
            key=True,
        )
    for key in FPUZZLES_COSMETIC:
        drawn = data.get(key)
        for i, element in enumerate(drawn if isinstance(drawn, list) else []):
            rule = element.get("fromConstraint") if isinstance(element, dict) else None
            if rule:  # the drawing of a constraint: the rule is there, not supported
                raise JsonFault(
                    f"f-puzzles constraint(s) not supported: {clip(str(rule), 30)} "
                    f"(drawn as a cosmetic {key!r})",
                    path=(key, i, "fromConstraint"),
                    source=source,
                )
    n = data.get("size", len(data["grid"]))
    if not _is_int(n):
        raise JsonFault(
            f"f-puzzles 'size' must be a whole number, got {n!r}", path=("size",), source=source
        )
    if len(data["grid"]) != n:
        raise JsonFault(
            f"f-puzzles 'size' {n!r} does not match the grid's {len(data['grid'])} rows",
            path=("size",),
            source=source,
        )
    try:
        box = box_for(n, box or fpuzzles_box(n))
    except InvalidArgument as exc:
        raise JsonFault(str(exc), path=("size",), source=source) from None
    values: list[int] = []
    regions: list[int] = []
    jigsaw_given = False
    for r, row in enumerate(data["grid"]):
        if not isinstance(row, list) or len(row) != n:
            raise JsonFault(
                f"f-puzzles grid row {r + 1} does not have {n} cells",
                path=("grid", r),
                source=source,
            )
        for c, cell in enumerate(row):
            where = f"f-puzzles grid r{r + 1}c{c + 1}"
            if cell is None:
                cell = {}
            if not isinstance(cell, dict):  # read as empty, a clue would be lost
                raise JsonFault(
                    f"{where}: a cell is an object ({{}} when empty), not {json_shown(cell)}",
                    path=("grid", r, c),
                    source=source,
                )
            value: Any = cell.get("value")
            if cell.get("given") and not (_is_int(value) and 1 <= value <= n):
                raise JsonFault(
                    f"{where}: given value {json_shown(value)} is not a digit 1..{n}",
                    path=("grid", r, c, "value"),
                    source=source,
                )
            values.append(value if cell.get("given") else 0)
            region = cell.get("region")
            if region is not None and not (_is_int(region) and 0 <= region < n):
                raise JsonFault(
                    f"{where}: region {json_shown(region)} is not 0..{n - 1}",
                    path=("grid", r, c, "region"),
                    source=source,
                )
            own_box = (r // box[0]) * (n // box[1]) + c // box[1]
            regions.append(own_box if region is None else region)  # no region: its box's
            jigsaw_given = jigsaw_given or region is not None
    jigsaw = None
    if jigsaw_given:
        for region in range(n):
            size = regions.count(region)
            if size != n:
                first = regions.index(region) if size else None  # where the region starts
                raise JsonFault(
                    f"f-puzzles region {region} has {size} cells, expected {n}",
                    path=("grid", first // n, first % n) if first is not None else ("grid",),
                    source=source,
                )
        jigsaw = tuple(regions)
    names = []
    if data.get("diagonal+") or data.get("diagonal-"):
        if not (data.get("diagonal+") and data.get("diagonal-")):
            given = "diagonal+" if data.get("diagonal+") else "diagonal-"
            raise JsonFault(
                "a single diagonal is not supported (x needs both)",
                path=(given,),
                source=source,
                key=True,
            )
        names.append("x")
    names += [
        name
        for key, name in (
            ("antiknight", "anti-knight"),
            ("antiking", "anti-king"),
            ("disjointgroups", "disjoint"),
        )
        if data.get(key)
    ]
    cages = _fpuzzles_cages(data.get("killercage") or [], n, source)
    try:
        variant = Variant(tuple(names), jigsaw, cages)
        return Grid(box, tuple(values), alphabet or "", variant if variant.names else None)
    except (InvalidArgument, InvalidPuzzle) as exc:
        raise ParseError(str(exc), source=source) from None


def _fpuzzles_cages(listed: Any, n: int, source: str | None) -> tuple[Cage, ...]:
    """The killer cages of f-puzzles JSON, each checked, faults named as the file names them
    (``killer cage 2 (R1C1 R1C2)``)."""
    if not isinstance(listed, list):
        raise JsonFault(
            "f-puzzles 'killercage' is not a list of cages", path=("killercage",), source=source
        )
    cages: list[Cage] = []
    owner: dict[int, int] = {}  # cell -> its cage (from 1)
    for i, cage in enumerate(listed, 1):
        given_cells = cage.get("cells", []) if isinstance(cage, dict) else None
        if not isinstance(given_cells, list):
            raise JsonFault(
                f"killer cage {i}: not an object with a list of 'cells'",
                path=("killercage", i - 1),
                source=source,
            )
        cells = [parse_cell(str(c), n) for c in given_cells]
        bad = [c for c, v in zip(given_cells, cells, strict=True) if v is None]
        if bad:
            raise JsonFault(
                f"killer cage {i}: bad cell {str(bad[0])!r} (expected R1C1..R{n}C{n})",
                path=("killercage", i - 1, "cells", cells.index(None)),
                source=source,
            )
        value = cage.get("value", "")
        value = str(value).strip() if _is_int(value) or isinstance(value, str) else value
        if cells and value != "" and not (isinstance(value, str) and value.isascii()
                                          and value.isdigit()):  # fmt: skip
            raise JsonFault(
                f"killer cage {i}: its sum {cage.get('value')!r} is not a whole number",
                path=("killercage", i - 1, "value"),
                source=source,
            )
        if None in cells or not cells or not value:
            raise JsonFault(
                f"killer cage {i}: needs cells R1C1.. and a sum (one without is not supported)",
                path=("killercage", i - 1, "value") if cells else ("killercage", i - 1, "cells"),
                source=source,
            )
        name = f"killer cage {i} ({' '.join(map(str, given_cells))})"
        found = (tuple(v for v in cells if v is not None), int(value))
        for j, (v, cell) in enumerate(zip(found[0], given_cells, strict=True)):
            if v in owner:
                other = "twice in this cage" if owner[v] == i else f"also in killer cage {owner[v]}"
                raise JsonFault(
                    f"{name}: cell {cell} is {other}",
                    path=("killercage", i - 1, "cells", j),
                    source=source,
                )
            owner[v] = i
        try:
            check_cages([found], n * n, n)
        except (InvalidArgument, InvalidPuzzle) as exc:
            msg = str(exc).split(": ", 1)[-1]
            raise JsonFault(f"{name}: {msg}", path=("killercage", i - 1), source=source) from None
        cages.append(found)
    return tuple(cages)
