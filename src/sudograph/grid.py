"""Sudoku grids: reading, writing and the rules.

Glossary: ``N`` side of the grid, ``box`` = ``(box_rows, box_cols)`` with ``N = box_rows *
box_cols``, cell ``i = r * N + c`` (``r`` row, ``c`` column, both from 0), value ``d`` in
``1..N`` (0 = empty), ``alphabet`` the N symbols that write values ``1..N``.

Formats
-------
* one line: ``N*N`` symbols, row by row; ``.``, ``0``, ``_`` or ``-`` mark an empty cell
  (whitespace-separated numbers are read too: ``"1 0 0 2 ..."``; a grid's tokens are all
  symbols or all numbers, never a mix: see :func:`_read_values`);
* boxed text, as printed in the seeds: one row per line, ``|``, ``+``, ``-`` rulers and spaces
  ignored, values as symbols or numbers;
* lists of lists with 0 for empty (the seeds' ``[[0, 6, 0, ...], ...]``), also as JSON text;
* ``#`` starts a comment line.

Alphabets: up to 9×9 the digits ``1-9``; above, ``123456789ABCDEFG...`` (so 16×16 is written
``1-9A-G``, 25×25 ``1-9A-P``), up to 64×64. The other 16×16 conventions, ``0123456789ABCDEF``
and ``ABCDEFGHIJKLMNOP``, are read when given as ``alphabet=`` or when the text only fits them
(with ``0123456789ABCDEF`` empty cells must be ``.``).

>>> g = Grid.parse("1.3.....2...4..1")
>>> g.box, g.n, g.clues
((2, 2), 4, 5)
>>> print(g)
+-----+-----+
| 1 . | 3 . |
| . . | . . |
+-----+-----+
| 2 . | . . |
| 4 . | . 1 |
+-----+-----+
>>> g.candidates((0, 1))
(2, 4)
>>> Grid.parse(g.to_line()) == g
True
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from numbers import Integral
from typing import Any, NamedTuple, cast

from ._text import split_lines
from .errors import InvalidArgument, InvalidPuzzle, ParseError, clip
from .formats.jsonplaces import JsonFault, json_shown, loads_once, placed, refuse_misspelt_keys
from .graph import MAX_SIDE, Graph, sudoku_graph, whole_number
from .problem import Problem, _keeps, cage_reachable, cages_hold, first_conflict
from .variants import Variant, parse_variant, variant_graph

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$%"
"""Default symbols: value d is written ``SYMBOLS[d - 1]`` (first N of them for an N×N grid)."""

EMPTY_CHARS = ".0_-"
"""Characters that mark an empty cell in the one-line format."""

ALPHABETS_16 = ("123456789ABCDEFG", "0123456789ABCDEF", "ABCDEFGHIJKLMNOP")
"""The 16×16 conventions, the default first."""

FORBIDDEN_SYMBOLS = ".-_|+#,[]{}\"'"
"""Characters an alphabet may not use: empty-cell marks, rulers, comments, list syntax."""

MAX_LINE = MAX_SIDE * MAX_SIDE * 4 + 1024
"""Longest text line a grid can take (values written as numbers with separators)."""

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Control characters no grid text holds (tab, CR and LF are fine)."""

_LINE_BREAK = re.compile(r"\r?\n")
"""Where grid text breaks into lines: LF or CRLF (a CR, U+2028 or NEL inside a line is a
character of that line, reported where it is, not a line of its own as ``splitlines`` has it)."""

_ODD_BREAK = re.compile(r"\r(?!\n)|[^\S \t\r\n\xa0]")
"""A CR not ending a line, or a line break or space other than space, tab and no-break space
(NEL, U+2028...; a form feed is a control character): reported where it is, not read as a
break between lines or values."""

RULER_CHARS = frozenset("-+=|*")
"""A line made only of these (and spaces) is a ruler of boxed text, unless it holds a ``*``
and no dash (:data:`RULER_DASHES`): ``| * |`` is a row of an alphabet that uses ``*``, and
``*-----*`` (Simple Sudoku) a ruler."""
RULER_DASHES = frozenset("-=")

Box = tuple[int, int]
Cell = int | tuple[int, int]


class Conflict(NamedTuple):
    """A rule broken: ``value`` appears at ``cells`` (indices) in the house ``house``."""

    house: str
    value: int
    cells: tuple[int, ...]

    @property
    def is_total(self) -> bool:
        """``value`` is the clues' total of a cage whose sum is out of reach, not a digit."""
        return self.house.endswith(_OUT_OF_REACH)

    def describe(self, n: int, alphabet: str | None = None) -> str:
        """``'row 1: 5 at r1c2, r1c7'`` with 1-based rows and columns; a cage whose sum is
        out of reach gives its clues' total (``'cage 1 (sum 4 out of reach): clues total 3 at
        r1c1, r1c2'``), which is not a digit repeated.

        The value is written as the number it is unless ``alphabet`` (the grid's) is given:
        then as the symbol the grid shows, which is what a reader of a 16×16 or lettered grid
        looks for (a total stays a number).

        >>> Conflict("row 1", 11, (0, 1)).describe(16, "0123456789ABCDEF")
        'row 1: A at r1c1, r1c2'
        """
        where = ", ".join(cell_name(i, n) for i in self.cells)
        if self.is_total:
            return f"{self.house}: clues total {self.value} at {where}"
        return f"{self.house}: {symbol_of(self.value, alphabet)} at {where}"


_OUT_OF_REACH = "out of reach)"
"""How the house of a cage's :class:`Conflict` ends when its sum is out of reach."""


def symbol_of(d: int, alphabet: str | None) -> str:
    """How value ``d`` is written in a grid of ``alphabet``: its symbol, so that a message
    names what the reader sees and types (``A``, not ``11``, on a hexadecimal 16×16); the
    number itself without an alphabet or for a value outside it.

    >>> symbol_of(11, "0123456789ABCDEF"), symbol_of(5, "123456789"), symbol_of(11, None)
    ('A', '5', '11')
    """
    if alphabet and 1 <= d <= len(alphabet):
        return alphabet[d - 1]
    return str(d)


def cell_name(i: int, n: int) -> str:
    """``r{row}c{col}``, 1-based: ``cell_name(10, 9) == 'r2c2'``."""
    return f"r{i // n + 1}c{i % n + 1}"


def default_alphabet(n: int) -> str:
    """The symbols for values ``1..n``: ``default_alphabet(16) == '123456789ABCDEFG'``."""
    if not 1 <= n <= MAX_SIDE:
        raise InvalidArgument(f"grid side must be between 1 and {MAX_SIDE}, got {n}")
    return SYMBOLS[:n]


def box_for(n: int, box: Box | None = None) -> Box:
    """The box shape of an N×N grid: the one given, else ``(k, k)`` when ``N = k²``.

    >>> box_for(9), box_for(6, (2, 3))
    ((3, 3), (2, 3))
    >>> box_for(6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: side 6 is not a square: give the box shape (rows x ...
    >>> box_for(4, (-2, -2))
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: box shape must be positive, got -2x-2
    """
    if box is not None and (box[0] < 1 or box[1] < 1):  # first: -2x-2 "makes" a 4x4 grid
        raise InvalidArgument(f"box shape must be positive, got {box[0]}x{box[1]}")
    if not 1 <= n <= MAX_SIDE:
        raise InvalidArgument(f"grid side {n} is outside 1..{MAX_SIDE}")
    if box is not None:
        r, c = box
        if r * c != n:
            side = r * c
            raise InvalidArgument(
                f"box {r}x{c} does not fit a {n}x{n} grid ({n * n} cells; box {r}x{c} makes "
                f"a {side}x{side} grid, {side * side} cells)"
            )
        return (r, c)
    k = math.isqrt(n)
    if k * k == n:
        return (k, k)
    hint = nearest_box(n)
    raise InvalidArgument(
        f"side {n} is not a square: give the box shape (rows x columns), e.g. {hint[0]}x{hint[1]}"
    )


def nearest_box(n: int) -> Box:
    """The box of an N×N grid closest to a square: the most rows up to √N that divide N
    (``(k, k)`` when ``N = k²``, ``(1, N)`` for a prime N). The shape :func:`box_for` proposes
    when none is given, and the one f-puzzles draws.

    >>> nearest_box(9), nearest_box(6), nearest_box(12), nearest_box(7)
    ((3, 3), (2, 3), (3, 4), (1, 7))
    """
    rows = next((r for r in range(math.isqrt(max(n, 1)), 0, -1) if n % r == 0), 1)
    return (rows, n // rows)


def check_alphabet(n: int, alphabet: str) -> None:
    """Raise :class:`InvalidArgument` unless ``alphabet`` is N distinct usable symbols.

    >>> check_alphabet(4, "ABCD")
    >>> check_alphabet(4, "12")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: alphabet '12' must have 4 distinct symbols, not 2
    """
    if len(alphabet) != n or len(set(alphabet)) != n:
        raise InvalidArgument(
            f"alphabet {alphabet!r} must have {n} distinct symbols, not {len(set(alphabet))}"
        )
    bad = next((ch for ch in alphabet if ch.isspace() or ch in FORBIDDEN_SYMBOLS), None)
    if bad is not None:
        raise InvalidArgument(
            f"alphabet {alphabet!r} uses {bad!r}: whitespace and {FORBIDDEN_SYMBOLS} are reserved"
        )


_check_alphabet_once = functools.lru_cache(maxsize=64)(check_alphabet)
""":func:`check_alphabet` remembering the alphabets that passed (every grid checks its own)."""


def as_box(box: Box | int | str) -> Box:
    """A box shape from what the API takes: ``k`` (``k×k`` boxes), ``(rows, cols)`` or
    ``'RxC'``; :class:`InvalidArgument` for anything else or a shape out of range.

    >>> as_box(3), as_box((2, 3)), as_box("3x2")
    ((3, 3), (2, 3), (3, 2))
    >>> as_box((2, 2, 2))
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: box must be k, (rows, cols) or 'RxC', got (2, 2, 2)
    """
    if isinstance(box, str):
        shape = parse_box(box)
    elif isinstance(box, Integral) and not isinstance(box, bool):
        shape = (int(box), int(box))
    elif (
        isinstance(box, Sequence)
        and len(box) == 2
        and all(isinstance(x, Integral) and not isinstance(x, bool) for x in box)
    ):
        shape = (int(box[0]), int(box[1]))
    else:
        raise InvalidArgument(f"box must be k, (rows, cols) or 'RxC', got {box!r}")
    if shape[0] < 1 or shape[1] < 1:
        raise InvalidArgument(f"box shape must be positive, got {shape[0]}x{shape[1]}")
    return box_for(shape[0] * shape[1], shape)


def require_grid(x: Any, what: str) -> Grid:
    """``x`` when it is a :class:`Grid`; else :class:`InvalidArgument` saying that ``what``
    (a function's name) takes one.

    >>> require_grid("1.3.", "rate")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: rate takes a Grid (Grid.parse reads one from text), got str
    """
    if not isinstance(x, Grid):
        raise InvalidArgument(
            f"{what} takes a Grid (Grid.parse reads one from text), got {type(x).__name__}"
        )
    return x


def json_box(
    value: object, given: Box | None = None, whose: str = "grid", *, source: str | None = None
) -> Box:
    """The ``"box"`` of a JSON grid, puzzle row or variant puzzle: ``"RxC"`` (as ``--box``
    writes it) or ``[rows, columns]`` (as :meth:`Grid.to_json` writes it), each side a whole
    number; ``given`` (``--box``), when there is one, must be the same. Every JSON reader takes
    the box here, so that one fault reads the same in every format: a
    :class:`~sudograph.formats.jsonplaces.JsonFault` naming the value at fault, written as
    the file writes it (``true``, ``null``), of the file ``source`` when given.

    >>> json_box("2x3"), json_box([3, 3])
    ((2, 3), (3, 3))
    >>> json_box([2, True], source="p.json")
    Traceback (most recent call last):
    ...
    sudograph.formats.jsonplaces.JsonFault: p.json: 'box' side true is not a whole number
    >>> json_box([2, 2], (3, 3), "puzzle")
    Traceback (most recent call last):
    ...
    sudograph.formats.jsonplaces.JsonFault: box 3x3 given, but the puzzle's is 2x2
    """
    if isinstance(value, list) and len(value) == 2:
        for i, side in enumerate(value):
            if not isinstance(side, int) or isinstance(side, bool):  # nor 2.0
                raise JsonFault(
                    f"'box' side {json_shown(side)} is not a whole number",
                    path=("box", i),
                    source=source,
                )
        shape: Box | str = (value[0], value[1])
    elif isinstance(value, str):
        shape = value
    else:
        raise JsonFault(
            f"'box' is \"RxC\" or [rows, columns], not {json_shown(value)}",
            path=("box",),
            source=source,
        )
    try:
        found = as_box(shape)
    except InvalidArgument as exc:
        raise JsonFault(f"bad box: {exc}", path=("box",), source=source) from None
    if given is not None and tuple(given) != found:
        raise JsonFault(
            f"box {given[0]}x{given[1]} given, but the {whose}'s is {found[0]}x{found[1]}",
            path=("box",),
            source=source,
        )
    return found


def json_alphabet(
    value: object, given: str | None = None, whose: str = "grid", *, source: str | None = None
) -> str:
    """The ``"alphabet"`` of a JSON grid, puzzle row or variant puzzle, a string; ``given``
    (``--alphabet``), when there is one, must be the same (a file's own alphabet is never
    silently replaced). A fault is a :class:`~sudograph.formats.jsonplaces.JsonFault` (of
    the file ``source`` when given).

    >>> json_alphabet("ABCD"), json_alphabet("ABCD", "ABCD")
    ('ABCD', 'ABCD')
    >>> json_alphabet("1234", "ABCD", "puzzle")
    Traceback (most recent call last):
    ...
    sudograph.formats.jsonplaces.JsonFault: alphabet ABCD given, but the puzzle's is 1234
    """
    if not isinstance(value, str):
        raise JsonFault(
            f"'alphabet' is a string of symbols, not {json_shown(value)}",
            path=("alphabet",),
            source=source,
        )
    if given is not None and given != value:
        raise JsonFault(
            f"alphabet {given} given, but the {whose}'s is {value}",
            path=("alphabet",),
            source=source,
        )
    return value


def parse_box(text: str) -> Box:
    """Read ``'2x3'`` (or ``'2X3'``, ``'2,3'``) as a box shape.

    A side of more than a few digits is refused here, not read: no box side passes
    ``MAX_SIDE``, and ``int()`` raises its own ``ValueError`` on 4300 digits and more.

    >>> parse_box("2x3"), parse_box(" 3 , 4 ")
    ((2, 3), (3, 4))
    >>> parse_box("9" * 5000 + "x2")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: box shape '99999999...x2' has a side over 64 (a box ...
    """
    for sep in ("x", "X", ",", "×"):
        if sep in text:
            a, _, b = text.partition(sep)
            if re.fullmatch(r" *[0-9]+ *", a) and re.fullmatch(r" *[0-9]+ *", b):
                if max(len(a.strip().lstrip("0")), len(b.strip().lstrip("0"))) > _SIDE_DIGITS:
                    raise InvalidArgument(
                        f"box shape {_short(text)!r} has a side over {MAX_SIDE} (a box side "
                        f"is 1..{MAX_SIDE}, e.g. 2x3)"
                    )
                return (int(a), int(b))
            break
    raise InvalidArgument(f"box shape {_short(text)!r} is not of the form RxC (e.g. 2x3)")


_SIDE_DIGITS = 6
"""Most digits :func:`parse_box` reads in a side (leading zeros aside): any more is over
``MAX_SIDE`` by far, and refused with a message, not a number ``int()`` may refuse."""


def _short(text: str, keep: int = 8) -> str:
    """``text`` cut to its first and last ``keep`` characters: a message quotes a pasted
    mistake, not all of it."""
    if len(text) <= 2 * keep + 3:
        return text
    return f"{text[:keep]}...{text[-keep:]}"


@dataclass(frozen=True)
class Grid:
    """A Sudoku: box shape, values (row-major, 0 = empty) and the alphabet used to write it.

    ``variant`` (a :class:`~sudograph.variants.Variant` or a spec such as ``"x+anti-knight"``)
    adds its rules: :attr:`graph`, :attr:`problem`, :meth:`candidates` and :meth:`conflicts`
    include them, and every grid derived by :meth:`with_values` keeps them.

    >>> g = Grid.parse("1...............", variant="x")
    >>> g.candidates(5), Grid.parse("1...............").candidates(5)
    ((2, 3, 4), (2, 3, 4))
    >>> g.with_values([1] + [0] * 14 + [1]).conflicts()
    [Conflict(house='main diagonal', value=1, cells=(0, 15))]
    """

    box: Box
    values: tuple[int, ...]
    alphabet: str = ""
    variant: Variant | None = None

    def __post_init__(self) -> None:
        """Check and normalise the parts: ``box`` as :func:`as_box` takes it (``k``, ``'RxC'``,
        a list) kept as a tuple; ``values`` any sequence of whole numbers ``0..N`` (numpy's
        too) kept as a tuple of ints; ``alphabet`` a string. :class:`InvalidArgument` names
        the first fault (a cell by its row and column).

        >>> Grid("1x2", [1, 0, 0, 1]).box
        (1, 2)
        >>> Grid((1, 2), (1.5, 0, 0, 1))
        Traceback (most recent call last):
        ...
        sudograph.errors.InvalidArgument: r1c1: value 1.5 is not a whole number
        """
        box = self.box
        if (
            type(box) is not tuple
            or len(box) != 2
            or type(box[0]) is not int
            or type(box[1]) is not int
        ):
            box = as_box(box)
            object.__setattr__(self, "box", box)
        n = box_for(box[0] * box[1], box)[0] * box[1]
        object.__setattr__(self, "values", _grid_values(self.values, n))
        if type(self.alphabet) is not str:
            raise InvalidArgument(f"alphabet must be a string, got {self.alphabet!r}")
        alphabet = self.alphabet or default_alphabet(n)
        _check_alphabet_once(n, alphabet)
        object.__setattr__(self, "alphabet", alphabet)
        if self.variant is not None and not isinstance(self.variant, str | Variant):
            raise InvalidArgument(_NOT_A_VARIANT.format(self.variant))
        variant = parse_variant(self.variant)
        if variant is not None:
            variant.check_fits(self.box)
        object.__setattr__(self, "variant", variant)

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def empty(cls, box: Box | int | str = (3, 3)) -> Grid:
        """An empty grid: ``Grid.empty(2).n == 4``; ``Grid.empty((2, 3)).n == 6``."""
        shape = as_box(box)
        n = shape[0] * shape[1]
        return cls(shape, (0,) * (n * n))

    @classmethod
    def _read(cls, box: Box, values: tuple[int, ...], alphabet: str) -> Grid:
        """A grid a reader made of parts it checked (the box by :func:`box_for`, the values
        ``0..N`` from the alphabet's table or as numbers, the alphabet by
        :func:`check_alphabet`), built without checking them again: the readers are the hot
        path of ``solve(Grid.parse(line))``.

        >>> Grid._read((1, 2), (1, 0, 0, 1), "12") == Grid((1, 2), (1, 0, 0, 1))
        True
        """
        grid = object.__new__(cls)
        vars(grid).update(box=box, values=values, alphabet=alphabet, variant=None)
        return grid

    @classmethod
    def from_lists(
        cls, rows: Sequence[Sequence[int]], *, box: Box | None = None, alphabet: str | None = None
    ) -> Grid:
        """From a list of rows of ints, 0 for empty (the seeds' representation), or a numpy
        2-D array of them.

        >>> Grid.from_lists([[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]]).clues
        4
        """
        if getattr(rows, "ndim", None) == 2 and hasattr(rows, "tolist"):  # a numpy array
            rows = cast(Any, rows).tolist()
        if not isinstance(rows, Sequence) or isinstance(rows, str | bytes):
            raise ParseError(f"expected a list of rows, got {type(rows).__name__}")
        n = len(rows)
        if n == 0:
            raise ParseError("empty grid")
        if n > MAX_SIDE:
            raise ParseError(f"{n} rows: a grid has at most {MAX_SIDE}", line=n)
        values: list[int] = []
        for r, row in enumerate(rows):
            if not isinstance(row, Sequence) or isinstance(row, str | bytes):
                raise ParseError(f"row {r + 1} is not a list", line=r + 1)
            if len(row) != n:
                noun = "value" if len(row) == 1 else "values"
                raise ParseError(f"row {r + 1} has {len(row)} {noun}, expected {n}", line=r + 1)
            for c, d in enumerate(row):
                if type(d) is not int and isinstance(d, Integral) and not isinstance(d, bool):
                    d = int(d)  # a numpy integer
                if not isinstance(d, int) or isinstance(d, bool):
                    item = getattr(d, "item", None) if getattr(d, "ndim", None) == 0 else None
                    shown = item() if item is not None else d  # (1.0, not np.float64(1.0))
                    message = f"value {shown!r} is not a whole number"
                    raise ParseError(message, line=r + 1, column=c + 1)
                if not 0 <= d <= n:
                    raise ParseError(f"value {d} is not in 0..{n}", line=r + 1, column=c + 1)
                values.append(d)
        shape = _box_or_parse_error(n, box)
        return cls(shape, tuple(values), alphabet or "")

    @classmethod
    def parse(
        cls,
        text: str | Sequence[Sequence[int]] | dict[str, Any],
        *,
        box: Box | int | str | None = None,
        alphabet: str | None = None,
        variant: Variant | str | None = None,
    ) -> Grid:
        """Read a grid in any of the formats of this module (see the module docstring), with
        the rules of ``variant`` if given.

        Raises :class:`ParseError` saying what is wrong and where (line, column); it is the
        only exception this raises on bad text (a bad ``box``, ``alphabet`` or ``variant``
        too).

        >>> Grid.parse('''
        ... # a 4x4 grid, boxed
        ... | 1 0 | 0 0 |
        ... | 0 0 | 1 0 |
        ... -------------
        ... | 0 1 | 0 0 |
        ... | 0 0 | 0 1 |
        ... ''').to_line()
        '1.....1..1.....1'
        >>> Grid.parse("12x4............")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        sudograph.errors.ParseError: 1:3: unknown character 'x' (expected one of 1234 or ...)
        """
        if isinstance(text, str):
            text = text.removeprefix("\ufeff")  # a byte-order mark, as files have it
        try:
            if box is not None:
                box = as_box(box)
            if alphabet is not None and not isinstance(alphabet, str):
                raise InvalidArgument(f"alphabet must be a string, got {alphabet!r}")
            if variant is not None and not isinstance(variant, str | Variant):
                raise InvalidArgument(_NOT_A_VARIANT.format(variant))
            grid = cls._parse_any(text, box=box, alphabet=alphabet)
            if variant is not None:
                grid = cls(grid.box, grid.values, grid.alphabet, _added(grid.variant, variant))
            return grid
        except InvalidArgument as exc:
            raise ParseError(str(exc)) from None
        except RecursionError:
            raise ParseError("lists nested too deeply") from None

    @classmethod
    def _parse_any(
        cls,
        text: str | Sequence[Sequence[int]] | dict[str, Any],
        *,
        box: Box | None,
        alphabet: str | None,
    ) -> Grid:
        if isinstance(text, dict):  # the ``json`` format as an object (what to_json returns)
            return cls._from_object(text, box=box, alphabet=alphabet)
        if not isinstance(text, str):
            return cls.from_lists(text, box=box, alphabet=alphabet)
        for pattern, what in (
            (_CONTROL, "binary data (control character {!r})"),
            (_ODD_BREAK, "unexpected {!r} inside a line"),
        ):
            found = pattern.search(text)
            if found is not None:
                at = found.start()
                row = text.count("\n", 0, at) + 1
                col = at - (text.rfind("\n", 0, at) + 1) + 1
                raise ParseError(what.format(found.group()), line=row, column=col)
        written = _LINE_BREAK.split(text)
        lines = [
            (no, line.strip())
            for no, line in enumerate(written, 1)
            if line.strip() and not line.lstrip().startswith("#")
        ]
        if not lines:
            raise ParseError("no grid: the text is empty or only comments")
        first = lines[0][1]
        if first.startswith(("[", "{")):
            return cls._parse_json(text, box=box, alphabet=alphabet)
        if ":" in first:  # ('grid: 1...' is no grid row: said, as of a JSON variant puzzle)
            from .formats.variant import looks_like_variant

            if looks_like_variant(text) == "text":
                raise ParseError(
                    "a puzzle in the variant text format ('key:' lines): read it with "
                    "sudograph.formats.variant.read_variant_puzzle",
                    line=lines[0][0],
                    column=1,
                )
        if len(lines) == 1:
            no, _ = lines[0]  # as written (indented or not): a fault's column is the text's
            return cls._parse_line(written[no - 1].rstrip(), line_no=no, box=box, alphabet=alphabet)
        # the rows as written, indented or not: a fault's column is that of the text
        rows = [(no, written[no - 1].rstrip()) for no, _ in lines]
        return cls._parse_rows(rows, box=box, alphabet=alphabet)

    @classmethod
    def _parse_json(cls, text: str, *, box: Box | None, alphabet: str | None) -> Grid:
        body = "\n".join("" if ln.lstrip().startswith("#") else ln for ln in split_lines(text))
        try:
            data = loads_once(body)
        except json.JSONDecodeError as exc:
            raise ParseError(
                f"bad list syntax: {exc.msg}", line=exc.lineno, column=exc.colno
            ) from None
        except RecursionError:
            raise ParseError("bad list syntax: nested too deep") from None
        try:
            if isinstance(data, dict):  # the ``json`` format: {"box", "alphabet", "rows"}
                return cls._from_object(data, box=box, alphabet=alphabet)
            if not isinstance(data, list):
                raise JsonFault("expected a list of rows", path=())
            return cls.from_lists(data, box=box, alphabet=alphabet)
        except JsonFault as exc:
            raise placed(exc, body) from None
        except ParseError as exc:  # from from_lists: its line and column are a row and a value
            rows: tuple[str, ...] = ("rows",) if isinstance(data, dict) else ()
            at = tuple(i - 1 for i in (exc.line, exc.column) if i is not None)
            raise placed(JsonFault(_as_json_says(exc, data), path=rows + at), body) from None

    @classmethod
    def _from_object(cls, data: dict[str, Any], *, box: Box | None, alphabet: str | None) -> Grid:
        """The ``json`` format's object: rows, box, alphabet, and the variant's rules when it
        has them (``variant``, ``regions``, ``cages``: the keys of the variant JSON format)."""
        box, alphabet, rows = _unpack_json(data, box, alphabet)
        if rows is None:  # the cells on one line only
            grid = cls._object_line(data["line"], box=box, alphabet=alphabet)
        else:
            if not isinstance(rows, list):
                raise ParseError("expected a list of rows")
            grid = cls.from_lists(rows, box=box, alphabet=alphabet)
            if "line" in data:  # both: they must say the same grid
                cls._check_object_line(data["line"], grid, alphabet)
        if not any(key in data for key in ("variant", "regions", "cages")):
            return grid
        from .formats.variant import with_json_variant

        return with_json_variant(data, grid)

    @classmethod
    def _object_line(cls, text: str, *, box: Box | None, alphabet: str | None) -> Grid:
        """The grid of a grid object's ``line`` (a string: :func:`_unpack_json`); a fault is a
        :class:`JsonFault` placed at its character in the string."""
        if not text.strip():
            raise JsonFault("bad line: no cells", path=("line",))
        try:
            return cls._parse_line(text, line_no=None, box=box, alphabet=alphabet)
        except ParseError as exc:
            inner = exc.column - 1 if exc.column else None
            raise JsonFault(f"line: {exc.message}", path=("line",), inner=inner) from None

    @classmethod
    def _check_object_line(cls, text: str, grid: Grid, alphabet: str | None) -> None:
        """Refuse a grid object whose ``line`` is not the grid of its ``rows`` (one of the two
        would be dropped without a word): a :class:`JsonFault` at the first cell they
        disagree on."""
        other = cls._object_line(text, box=grid.box, alphabet=alphabet)
        if other.values == grid.values:
            return
        i = next(
            k for k, (a, b) in enumerate(zip(other.values, grid.values, strict=True)) if a != b
        )
        cells = _line_cells(text)
        at = cells[i] if len(cells) == len(grid.values) else None

        def said(d: int, alpha: str) -> str:
            return symbol_of(d, alpha) if d else "empty"

        raise JsonFault(
            f"line and rows disagree at {cell_name(i, grid.n)}: "
            f"{said(other.values[i], other.alphabet)} in the line, "
            f"{said(grid.values[i], grid.alphabet)} in the rows",
            path=("line",),
            inner=at,
        )

    @classmethod
    def _parse_line(
        cls, line: str, *, line_no: int | None, box: Box | None, alphabet: str | None
    ) -> Grid:
        if len(line) > MAX_LINE:
            raise ParseError(f"line of {len(line)} characters is too long for a grid", line=line_no)
        tokens = line.split()
        if len(tokens) > 1 and len(tokens) == len(tokens[0]) and len(set(map(len, tokens))) == 1:
            # the rows of a grid on one line, separated by blanks: "1234 3412 2143 4321"
            at = [i + 1 for i, ch in enumerate(line) if not ch.isspace()]  # each symbol's column
            try:
                return cls._parse_line("".join(tokens), line_no=line_no, box=box, alphabet=alphabet)
            except ParseError as exc:
                column = at[exc.column - 1] if exc.column else None
                raise ParseError(exc.message, line=exc.line, column=column) from None
        if len(tokens) > 1:
            starts = _token_starts(line, tokens)
            try:
                return cls._parse_tokens(
                    starts, tokens, line_no=line_no, box=box, alphabet=alphabet
                )
            except ParseError as exc:
                tokens_fault = exc
                end = _grid_prefix(tokens)
                if end is None:  # no whole grid before the blanks: the tokens' own fault
                    raise
            # a grid, then more: a fault inside the grid comes first, where it is; one that
            # reads as no grid at all (a row short, "side 2") is not a grid followed by text
            grid_text = line[: starts[end - 1] + len(tokens[end - 1])]
            try:
                cls._parse_line(grid_text, line_no=line_no, box=box, alphabet=alphabet)
            except ParseError as exc:
                raise (exc if exc.column is not None else tokens_fault) from None
            raise _after_grid(tokens[end], end, line_no, starts[end] + 1) from None
        cells = tokens[0]
        offset = line.index(cells[0]) if cells else 0
        n = math.isqrt(len(cells))
        if n * n != len(cells) or n > MAX_SIDE:
            raise _wrong_length(cells, offset, line_no, box)
        try:
            shape = _box_or_parse_error(n, box, line_no)
        except ParseError:
            placed = [(ch, line_no, col) for col, ch in enumerate(cells, offset + 1)]
            fault = None if box is not None else _unmendable(n, alphabet, placed)
            if fault is not None:  # no box given: a symbol that no box would mend comes first
                raise fault from None
            raise
        alpha = alphabet or _guess_alphabet(n, cells)
        table = _char_table(n, alpha)
        values = []
        for col, ch in enumerate(cells, offset + 1):
            d = table.get(ch)
            if d is None:
                raise ParseError(_unknown(ch, alpha), line=line_no, column=col)
            values.append(d)
        return cls._read(shape, tuple(values), alpha)

    @classmethod
    def _parse_tokens(
        cls,
        starts: Sequence[int],
        tokens: Sequence[str],
        *,
        line_no: int | None,
        box: Box | None,
        alphabet: str | None,
    ) -> Grid:
        """The grid of a line of whitespace-separated values (``1 0 0 2 ...``, ``16 0 3 ...``),
        one per cell (``starts``: the index of each in the line): see :func:`_read_values`."""
        n = math.isqrt(len(tokens))
        if n * n != len(tokens):
            raise ParseError(f"{len(tokens)} values is not a square number of cells", line=line_no)
        placed = [(tok, line_no, at + 1) for tok, at in zip(tokens, starts, strict=True)]
        try:
            shape = _box_or_parse_error(n, box, line_no)
        except ParseError:
            fault = None if box is not None else _unmendable(n, alphabet, placed)
            if fault is not None:  # a token that fits no reading comes first ('1 2 x 4')
                raise fault from None
            raise
        values, alpha = _read_values(n, alphabet, placed)
        return cls._read(shape, tuple(values), alpha)

    @classmethod
    def _parse_rows(
        cls, lines: list[tuple[int, str]], *, box: Box | None, alphabet: str | None
    ) -> Grid:
        rows: list[tuple[int, list[tuple[str, int]]]] = []
        chars: list[list[tuple[str, int]]] = []  # the same rows read symbol by symbol
        texts = dict(lines)
        rulers: list[int] = []  # the number of rows read before each ruler
        for no, raw in lines:
            used = set(raw.strip().replace(" ", ""))
            if used <= RULER_CHARS and ("*" not in used or used & RULER_DASHES):
                rulers.append(len(rows))
                continue  # a ruler (in multi-line text, write empty cells as . or 0)
            cleaned = raw.replace("|", " ").replace("+", " ")
            parts = cleaned.split()
            toks = [
                (part, at + 1)
                for part, at in zip(parts, _token_starts(cleaned, parts), strict=True)
            ]
            per_char = [(ch, col + j) for part, col in toks for j, ch in enumerate(part)]
            rows.append((no, toks if len(toks) > 1 else per_char))
            chars.append(per_char)
        n = len(rows)
        for i, (no, toks) in enumerate(rows):  # '..3|.2.|6..' (Simple Sudoku): groups of symbols
            if len(toks) != n and len(chars[i]) == n and _grouped(texts[no], toks, n):
                rows[i] = (no, chars[i])
        n = len(rows)
        if n == 0:
            raise ParseError("no grid rows found")
        if n > MAX_SIDE:
            raise ParseError(f"{n} rows: a grid has at most {MAX_SIDE}", line=rows[-1][0])
        widths = {len(toks) for _, toks in rows}
        if len(widths) == 1 and n not in widths:  # a row too few or too many, not a side
            width = widths.pop()
            raise ParseError(f"{n} rows of {width} cells: a grid is square", line=rows[-1][0])
        if box is None and math.isqrt(n) ** 2 != n:  # the boxes the rulers draw, if they do
            box = _ruled_box(n, rulers, [texts[no] for no, _ in rows])
        shape = _box_or_parse_error(n, box, rows[0][0])
        # the rows read symbol by symbol ('12|34'): a grouped row of the wrong length is
        # told in symbols too ('34|1' has 3 cells, not 2 groups)
        symbolwise = all(toks == chars[i] for i, (_, toks) in enumerate(rows) if len(toks) == n)
        for i, (no, toks) in enumerate(rows):
            if len(toks) != n and symbolwise and _grouped(texts[no], toks, n):
                toks = chars[i]
            if len(toks) != n:
                column = _odd_row_column(texts[no], toks, n, shape[1])
                raise ParseError(f"row has {len(toks)} cells, expected {n}", line=no, column=column)
        placed = [(tok, no, col) for no, toks in rows for tok, col in toks]
        values, alpha = _read_values(n, alphabet, placed)
        return cls._read(shape, tuple(values), alpha)

    # -- writing ----------------------------------------------------------------------------
    def to_line(self, empty: str = ".") -> str:
        """One line, ``empty`` for empty cells: ``Grid.empty(2).to_line() == '.' * 16``.

        ``empty`` is one character, not a symbol of the alphabet, not a blank and not one
        that is never a cell (``|``, ``#``, ``,``...): :class:`InvalidArgument` otherwise.
        :meth:`parse` reads back ``.``, ``0``, ``_`` and ``-``, those not in the alphabet.

        >>> Grid.empty(2).to_line(empty="1")
        Traceback (most recent call last):
        ...
        sudograph.errors.InvalidArgument: empty must be one character that is not a symbol \
of the alphabet 1234 (e.g. '.'), got '1'
        """
        if empty != ".":
            self._check_empty(empty)
        a = self.alphabet
        return "".join(a[d - 1] if d else empty for d in self.values)

    def _check_empty(self, empty: object, boxed: bool = False) -> None:
        """Raise :class:`InvalidArgument` unless ``empty`` can mark an empty cell of this grid
        (see :meth:`to_line`; in boxed text not a ruler's character either: a row of empty
        cells would read as a ruler)."""
        if (
            not isinstance(empty, str)
            or len(empty) != 1
            or empty.isspace()
            or empty in self.alphabet
            or empty in NOT_A_CELL
            or _CONTROL.match(empty)
            or (boxed and empty in RULER_CHARS)
        ):
            what = "not a symbol of the alphabet"
            if boxed:
                what = f"neither a symbol of the alphabet {self.alphabet} nor one of rulers"
                what += f" ({''.join(sorted(RULER_CHARS))}) in boxed text"
                raise InvalidArgument(f"empty must be one character {what}, got {empty!r}")
            raise InvalidArgument(
                f"empty must be one character that is {what} {self.alphabet} (e.g. '.'), "
                f"got {empty!r}"
            )

    def to_boxed(self, empty: str = ".") -> str:
        """Boxed text with ``+---+`` rulers (read back by :meth:`parse`); ``empty`` as
        :meth:`to_line` takes it, but for the characters of rulers (``-``, ``=``...).

        >>> Grid.empty(2).to_boxed(empty="-")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        sudograph.errors.InvalidArgument: empty must be one character neither a symbol of ...
        """
        if empty != ".":
            self._check_empty(empty, boxed=True)
        n, (br, bc) = self.n, self.box
        width = max(len(s) for s in self.alphabet)
        sym = [empty.rjust(width)] + [s.rjust(width) for s in self.alphabet]
        regions = self.variant.regions if self.variant is not None else None
        if regions is not None:  # a jigsaw: its regions' borders, not the boxes' rulers
            return region_boxed([sym[d] for d in self.values], regions, n, width)
        ruler = "+" + "+".join(["-" * ((width + 1) * bc + 1)] * (n // bc)) + "+"
        out = [ruler]
        for r in range(n):
            row = self.values[r * n : (r + 1) * n]
            chunks = [" ".join(sym[d] for d in row[c : c + bc]) for c in range(0, n, bc)]
            out.append("| " + " | ".join(chunks) + " |")
            if (r + 1) % br == 0:
                out.append(ruler)
        return "\n".join(out)

    def to_lists(self) -> list[list[int]]:
        """Rows as lists of ints, 0 for empty (the seeds' representation)."""
        n = self.n
        return [list(self.values[r * n : (r + 1) * n]) for r in range(n)]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: box, alphabet, line, rows, and a variant's rules (``variant``,
        ``regions``, ``cages``, as in the variant JSON format); :meth:`parse` reads it back,
        as a dict or as JSON text.

        >>> g = Grid.parse("1" + "." * 15, variant="x")
        >>> g.to_json()["variant"], Grid.parse(g.to_json()) == g
        ('x', True)
        """
        out: dict[str, Any] = {
            "box": list(self.box),
            "alphabet": self.alphabet,
            "line": self.to_line(),
            "rows": self.to_lists(),
        }
        if self.variant is not None:
            from .formats.variant import variant_json

            out.update(variant_json(self))
        return out

    def format(self, fmt: str = "boxed") -> str:
        """Write in ``line``, ``boxed``, ``lists`` or ``json`` format."""
        if fmt == "line":
            return self.to_line()
        if fmt == "boxed":
            return self.to_boxed()
        if fmt == "lists":
            return json.dumps(self.to_lists())
        if fmt == "json":
            return json.dumps(self.to_json())
        raise InvalidArgument(f"unknown format {fmt!r} (line, boxed, lists, json)")

    def __str__(self) -> str:
        return self.to_boxed()

    def __repr__(self) -> str:
        extra = ""
        if self.box != box_for(self.n) if math.isqrt(self.n) ** 2 == self.n else True:
            extra += f", box={self.box!r}"
        if self.alphabet != default_alphabet(self.n):
            extra += f", alphabet={self.alphabet!r}"
        if self.variant is not None:  # its names alone when it has no regions nor cages
            plain = self.variant.names and self.variant.regions is None and not self.variant.cages
            extra += f", variant={(self.variant.spec if plain else self.variant)!r}"
        return f"Grid.parse({self.to_line()!r}{extra})"

    def _repr_svg_(self) -> str:
        from .render import grid_svg  # lazy: pictures are a face, not the core

        return grid_svg(self)

    # -- rules --------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """Side of the grid."""
        return self.box[0] * self.box[1]

    @property
    def clues(self) -> int:
        """Number of filled cells."""
        return len(self.values) - self.values.count(0)

    @property
    def graph(self) -> Graph:
        """The Sudoku graph of this box shape (shared, cached), with the variant's rules."""
        if self.variant is not None:
            return variant_graph(self.variant, self.box)
        return sudoku_graph(*self.box)

    @property
    def problem(self) -> Problem:
        """``(graph, N, values)``; raises :class:`InvalidPuzzle` naming clashing cells.

        >>> Grid.parse("11..............").problem  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        sudograph.errors.InvalidPuzzle: clashing clues: row 1: 1 at r1c1, r1c2; box 1: ...
        """
        cages = self.variant.cages if self.variant is not None else ()
        try:
            return Problem._of_ints(self.graph, self.n, self.values, cages)  # (ints: checked)
        except InvalidPuzzle:  # the clues clash: name them (houses, moves, cages)
            clash = self.clash_error()
            if clash is None:
                raise
            raise clash from None

    def clash_error(self) -> InvalidPuzzle | None:
        """The error naming this grid's first three :meth:`conflicts` (and how many more), or
        None without any.

        >>> Grid.parse("11..............").clash_error()
        InvalidPuzzle('clashing clues: row 1: 1 at r1c1, r1c2; box 1: 1 at r1c1, r1c2')
        """
        clashes = self.conflicts()
        if not clashes:
            return None
        named = "; ".join(c.describe(self.n, self.alphabet) for c in clashes[:3])
        more = f" (and {len(clashes) - 3} more)" if len(clashes) > 3 else ""
        return InvalidPuzzle(f"clashing clues: {named}{more}")

    def index(self, cell: Cell) -> int:
        """Cell index from an index or a ``(row, col)`` pair (0-based; numpy integers too);
        :class:`InvalidArgument` naming the cell for anything else or a cell off the grid.

        >>> g = Grid.empty(2)
        >>> g.index(5), g.index((1, 2))
        (5, 6)
        >>> g.index(2.5)
        Traceback (most recent call last):
        ...
        sudograph.errors.InvalidArgument: cell 2.5 is not a cell index 0..15 or a (row, col) pair
        """
        size = len(self.values)
        if type(cell) is int and 0 <= cell < size:
            return cell
        n = self.n
        if isinstance(cell, tuple):
            if len(cell) != 2:
                raise InvalidArgument(
                    f"cell {cell!r} is not a cell index 0..{size - 1} or a (row, col) pair"
                )
            try:
                r, c = whole_number("row", cell[0]), whole_number("column", cell[1])
            except InvalidArgument as exc:
                raise InvalidArgument(f"cell {cell!r}: {exc}") from None
            if not (0 <= r < n and 0 <= c < n):
                raise InvalidArgument(f"cell {(r, c)} is outside the {n}x{n} grid")
            return r * n + c
        try:
            i = whole_number("cell", cell)
        except InvalidArgument:
            raise InvalidArgument(
                f"cell {cell!r} is not a cell index 0..{size - 1} or a (row, col) pair"
            ) from None
        if not 0 <= i < size:
            raise InvalidArgument(f"cell {i} is outside 0..{size - 1}")
        return i

    def __getitem__(self, cell: Cell) -> int:
        return self.values[self.index(cell)]

    def with_values(self, values: Iterable[int]) -> Grid:
        """The same shape, alphabet and variant with other values (whole numbers ``0..N``, a
        numpy array's too: kept as ints)."""
        grid = object.__new__(Grid)  # the shape, alphabet and variant are checked already
        vars(grid).update(
            box=self.box,
            values=_grid_values(values, self.n),
            alphabet=self.alphabet,
            variant=self.variant,
        )
        return grid

    def _with_solution(self, values: Sequence[int]) -> Grid:
        """:meth:`with_values` for a checked solution (N*N values in ``1..N``), without
        checking the values again (the solvers' results, a few microseconds each).

        >>> g = Grid.parse("A...", box=(1, 2), alphabet="AB")
        >>> g._with_solution((1, 2, 2, 1)) == g.with_values((1, 2, 2, 1))
        True
        """
        grid = object.__new__(Grid)
        vars(grid).update(
            box=self.box, values=tuple(values), alphabet=self.alphabet, variant=self.variant
        )
        return grid

    def empty_cells(self) -> list[int]:
        """Indices of the empty cells, in order."""
        return [i for i, d in enumerate(self.values) if d == 0]

    def candidates(self, cell: Cell) -> tuple[int, ...]:
        """Values not used by any neighbour of the cell (``()`` for a filled cell); in a
        killer, also those its cages' sums allow with the digits placed (the cages given and
        those they imply by the rule of 45: :class:`~sudograph.search.cages.CageIndex`).

        >>> killer = Grid((2, 2), (1,) + (0,) * 15, "", Variant((), None, (((0, 1), 3),)))
        >>> killer.candidates(1), Grid.parse("1" + "." * 15).candidates(1)
        ((2,), (2, 3, 4))
        """
        i = self.index(cell)
        if self.values[i]:
            return ()
        used = {self.values[j] for j in self.graph.neighbors[i]}
        digits = [d for d in range(1, self.n + 1) if d not in used]
        if self.variant is not None and self.variant.cages:
            mask = _cage_index(self.box, self.variant).allowed(i, self.values)
            digits = [d for d in digits if mask >> (d - 1) & 1]
        return tuple(digits)

    def conflicts(self) -> list[Conflict]:
        """Every value repeated in a house: ``[Conflict('row 1', 5, (0, 6)), ...]``; with a
        variant also its extra houses, the pairs of an anti-knight/king move and the cages
        (a repeated digit, or for ``Conflict('cage 2 (sum 10 out of reach)', 12, cells)`` the
        clues' total and cells when no distinct digits in the cage's empty cells can make its
        sum: it overflows, falls short, or a full cage misses it)."""
        if self.variant is not None:
            return self._variant_conflicts(self.variant)
        n = self.n
        kinds = ["row"] * n + ["column"] * n + ["box"] * n
        out = []
        for h, (kind, house) in enumerate(zip(kinds, self.graph.houses, strict=True)):
            seen: dict[int, list[int]] = {}
            for i in house:
                d = self.values[i]
                if d:
                    seen.setdefault(d, []).append(i)
            for d, cells in sorted(seen.items()):
                if len(cells) > 1:
                    out.append(Conflict(f"{kind} {h % n + 1}", d, tuple(cells)))
        return out

    def _variant_conflicts(self, variant: Variant) -> list[Conflict]:
        out = []
        for name, house in variant.houses(self.box):
            seen: dict[int, list[int]] = {}
            for i in house:
                if self.values[i]:
                    seen.setdefault(self.values[i], []).append(i)
            out += [Conflict(name, d, tuple(c)) for d, c in sorted(seen.items()) if len(c) > 1]
        moves = [m for m in ("anti-knight", "anti-king") if m in variant.names]
        for u, v in self.graph.edges() if moves else ():
            d, move = self.values[u], _move(u, v, self.n)
            if d and d == self.values[v] and move in moves:
                out.append(Conflict(move, d, (u, v)))
        for i, (cells, total) in enumerate(variant.cages, 1):
            digits = [self.values[v] for v in cells if self.values[v]]
            if len(set(digits)) != len(digits):
                d = next(d for d in digits if digits.count(d) > 1)
                out.append(Conflict(f"cage {i}", d, tuple(v for v in cells if self.values[v] == d)))
                continue
            if not cage_reachable(digits, len(cells), total, self.n):
                given = tuple(v for v in cells if self.values[v])
                label = f"cage {i} (sum {total} {_OUT_OF_REACH}"
                out.append(Conflict(label, sum(digits), given))
        return out

    def is_complete(self) -> bool:
        """Every cell filled and no rule broken (as :meth:`conflicts` finds none: on a full
        grid, an edge of the graph coloured alike or a cage's sum missed).

        >>> Grid.parse("1234341221434321").is_complete(), Grid.empty(2).is_complete()
        (True, False)
        """
        return self._fills(self.values)

    def _fills(self, values: tuple[int, ...]) -> bool:
        """Whether ``values`` fill this grid's shape breaking none of its rules."""
        cages = self.variant.cages if self.variant is not None else ()
        return (
            0 not in values
            and first_conflict(self.graph, values) is None
            and cages_hold(cages, values)
        )

    def is_solution_of(self, puzzle: Grid) -> bool:
        """Complete, keeping every clue of ``puzzle`` (a :class:`Grid`, else
        :class:`InvalidArgument`) and breaking none of its rules: the puzzle's variant judges,
        whatever this grid's own is (an answer read as a plain grid is checked against the
        diagonals of an x puzzle).

        >>> x = Grid.parse("1" + "." * 15, variant="x")
        >>> Grid.parse("1234341221434321").is_solution_of(x)  # both diagonals repeat
        False
        >>> Grid.parse("1234341221434321").is_solution_of(Grid.parse("1" + "." * 15))
        True
        """
        if not isinstance(puzzle, Grid):
            require_grid(puzzle, "is_solution_of")
        return (
            self.box == puzzle.box
            and _keeps(puzzle.values, self.values)
            and puzzle._fills(self.values)
        )


def _added(own: Variant | None, spec: Variant | str) -> Variant | None:
    """The rules of a grid read with rules of its own (``own``, a JSON object's), with those
    of ``spec`` added, as the command line adds ``--variant`` to a variant file's: the names
    of both, a region map or cages from one side only (:class:`InvalidArgument` when both
    give one).

    >>> _added(Variant("x"), "anti-king").names, _added(None, "x").names, _added(Variant("x"), "")
    (('x', 'anti-king'), ('x',), Variant(names=('x',), regions=None, cages=()))
    """
    added = parse_variant(spec)
    if own is None or added is None:
        return own if added is None else added
    return own.adding(
        added.names,
        added.regions,
        added.cages,
        clash=lambda what: f"variant: the grid read has its own {what}, as the one given has",
    )


_INT = frozenset({int})
"""The one type of a grid's values, as a set (the check of :class:`Grid` is a set of types)."""


def _as_json_says(exc: ParseError, data: Any) -> str:
    """The message of ``exc``, a fault :meth:`Grid.from_lists` found in the rows of a JSON
    ``data``, with the value at fault written as the JSON text has it (``true``, not
    Python's ``True``).

    >>> _as_json_says(ParseError("value True is not a whole number", line=1, column=2), [[0, True]])
    'value true is not a whole number'
    """
    rows: Any = data.get("rows") if isinstance(data, dict) else data
    if not exc.message.endswith(" is not a whole number") or exc.line is None or not exc.column:
        return exc.message
    try:
        value = rows[exc.line - 1][exc.column - 1]
    except (TypeError, IndexError, KeyError):
        return exc.message
    return f"value {json_shown(value)} is not a whole number"


_NOT_A_VARIANT = "variant must be a spec such as 'x+anti-knight' or a Variant, got {!r}"


_VALUE_BYTES = tuple(bytes(range(n + 1)) for n in range(MAX_SIDE + 1))
"""The bytes of the values ``0..n`` of an n×n grid, by n (what :func:`_grid_values` deletes
to find a value out of range)."""


def _grid_values(values: object, n: int) -> tuple[int, ...]:
    """``values`` as the values of an n×n grid: a tuple of n² ints ``0..n`` (a sequence of
    numpy integers converted); :class:`InvalidArgument` naming the first fault. A tuple of
    ints is checked at C speed and kept as it is.

    >>> _grid_values([1, 0, 0, 2], 2), _grid_values((1, 0, 0, 2), 2)
    ((1, 0, 0, 2), (1, 0, 0, 2))
    >>> _grid_values((1, 0, 0, True), 2)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: r2c2: value True is not a whole number
    >>> _grid_values([[1, 0], [0, 2]], 2)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: values must be flat (4 values for a 2x2 grid, row by \
row), got 2 rows of 2; Grid.from_lists reads rows
    """
    seq = values if isinstance(values, tuple) else _value_tuple(values)
    if len(seq) != n * n:
        if seq and _is_row(seq[0]):
            raise InvalidArgument(
                f"values must be flat ({n * n} values for a {n}x{n} grid, row by row), got "
                f"{len(seq)} rows of {len(seq[0])}; Grid.from_lists reads rows"
            )
        raise InvalidArgument(f"{len(seq)} values for a {n}x{n} grid")
    try:  # the common case at C speed: every value an int 0..n
        ints = not bytes(seq).translate(None, _VALUE_BYTES[n])
    except (TypeError, ValueError):  # a value that is not an integer 0..255
        ints = False
    if not (ints and {*map(type, seq)} <= _INT):  # (numpy's integers and bools pass bytes())
        return _checked_values(seq, n)
    return seq


def _is_row(x: object) -> bool:
    """Whether ``x``, given as a grid's value, is a row of values (a list, a tuple, a numpy
    row): the grid was given as rows, which :meth:`Grid.from_lists` reads."""
    return not isinstance(x, str | bytes) and hasattr(x, "__len__") and hasattr(x, "__iter__")


def _value_tuple(values: object) -> tuple[Any, ...]:
    """``values`` as a tuple (checked by :func:`_checked_values`); :class:`InvalidArgument`
    on None, a text (:meth:`Grid.parse` reads those) or anything that is not a sequence."""
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        hint = " (Grid.parse reads a grid's text)" if isinstance(values, str) else ""
        raise InvalidArgument(
            f"values must be a sequence of whole numbers 0..N (0 = empty), got "
            f"{type(values).__name__}{hint}"
        )
    return tuple(values)


def _checked_values(values: Sequence[Any], n: int) -> tuple[int, ...]:
    """``values`` as ints ``0..n`` (numpy's integers converted), or :class:`InvalidArgument`
    naming the first cell whose value is not one (the slow path of :class:`Grid`)."""
    out = []
    for i, d in enumerate(values):
        if type(d) is not int:
            if isinstance(d, bool) or not isinstance(d, Integral):
                raise InvalidArgument(f"{cell_name(i, n)}: value {d!r} is not a whole number")
            d = int(d)
        if not 0 <= d <= n:
            raise InvalidArgument(f"{cell_name(i, n)}: value {d} is outside 0..{n}")
        out.append(d)
    return tuple(out)


def _move(u: int, v: int, n: int) -> str:
    """``anti-knight`` or ``anti-king`` when cells u and v are a knight's move or a diagonal
    king's move apart (a king's move along a row or column is a row or column clash), else
    ``""``."""
    dr, dc = abs(u // n - v // n), abs(u % n - v % n)
    return "anti-knight" if {dr, dc} == {1, 2} else "anti-king" if dr == dc == 1 else ""


@functools.lru_cache(maxsize=16)
def _cage_index(box: Box, variant: Variant) -> Any:
    """The :class:`~sudograph.search.cages.CageIndex` of a killer's rules (no clue)."""
    from .problem import Problem
    from .search.cages import CageIndex

    n = box[0] * box[1]
    return CageIndex(Problem(variant_graph(variant, box), n, cages=variant.cages))


NOT_A_CELL = frozenset(FORBIDDEN_SYMBOLS) - frozenset(EMPTY_CHARS)
"""Characters that are never a cell of a one-line grid (list syntax, rulers, comments)."""


def _wrong_length(cells: str, offset: int, line: int | None, box: Box | None) -> ParseError:
    """The error for a one-line grid of ``len(cells)`` characters, not a square number of
    cells (the line's text from column ``offset + 1``).

    A character that is never a cell (``12...,``: a stray comma) is named at its column: it
    is what made the length wrong. Otherwise the count is compared with the grid of ``box``
    when one is given, else with the grid of square boxes fewer than a row away (``82``
    cells: a 9×9 grid and one more), else with the squares; the extra cells' column when
    there are too many.

    >>> print(_wrong_length("1" + "." * 36, 0, 2, (2, 3)))
    2:37: wrong length: 37 cells, but a 6x6 grid (box 2x3) has 36: one cell too many, at column 37
    >>> print(_wrong_length("12" + "." * 14 + ",", 0, 1, None))
    1:17: unexpected ',' in a one-line grid (not a cell)
    """
    stray = next((k for k, ch in enumerate(cells) if ch in NOT_A_CELL), None)
    if stray is not None:
        return ParseError(
            f"unexpected {cells[stray]!r} in a one-line grid (not a cell)",
            line=line,
            column=offset + stray + 1,
        )
    if box is None:
        side = _nearest_square_box_side(len(cells))
        if side is None:
            return ParseError(
                f"wrong length: {len(cells)} cells is not N*N for a side N in 1..{MAX_SIDE}"
                " (a 9x9 grid has 81)",
                line=line,
            )
        said = f"wrong length: {len(cells)} cells, but a {side}x{side} grid"
    else:
        side = box[0] * box[1]
        said = f"wrong length: {len(cells)} cells, but a {side}x{side} grid (box {box[0]}x{box[1]})"
    want = side * side
    if len(cells) < want:
        missing = want - len(cells)
        return ParseError(
            f"{said} has {want}: {missing} cell{'s' * (missing > 1)} missing", line=line
        )
    extra = len(cells) - want
    many = "one cell too many, at" if extra == 1 else f"{extra} cells too many, from"
    return ParseError(
        f"{said} has {want}: {many} column {offset + want + 1}",
        line=line,
        column=offset + want + 1,
    )


def _nearest_square_box_side(count: int) -> int | None:
    """The side N of the grid with square boxes (4, 9, 16 ... 64) whose N*N cells are
    fewer than a row away from ``count``, or None: the grid a line of ``count`` cells, one
    or a few too many or too few, was meant to be.

    >>> _nearest_square_box_side(82), _nearest_square_box_side(250), _nearest_square_box_side(50)
    (9, 16, None)
    """
    for k in range(2, math.isqrt(MAX_SIDE) + 1):
        side = k * k
        if abs(count - side * side) < side:
            return side
    return None


def _grid_prefix(tokens: Sequence[str]) -> int | None:
    """How many of a line's whitespace-separated ``tokens`` make a whole grid at its start,
    with more after it, or None: the first ``L`` tokens when each has the length ``L`` of the
    first (the rows of a grid separated by blanks, ``1234 3412 2143 4321 x``), else the first
    token alone when its length is a square (a one-line grid, ``1.3.....2...4..1 x``). A
    first token of fewer than 4 characters makes no grid: that is a line of values
    (``1 0 0 2``, ``16 0 3``).

    >>> _grid_prefix(["1234", "3412", "2143", "4321", "x"]), _grid_prefix(["1" * 16, "x", "y"])
    (4, 1)
    >>> _grid_prefix(["1234", "341", "x"]), _grid_prefix(["10", "12", "3"])
    (1, None)
    >>> _grid_prefix(["1" * 15, "x"]) is None
    True
    """
    size = len(tokens[0])
    if size < 4:
        return None
    if len(tokens) > size and all(len(tok) == size for tok in tokens[:size]):
        return size
    side = math.isqrt(size)
    return 1 if side * side == size else None


def _token_starts(line: str, tokens: Sequence[str]) -> list[int]:
    """The index in ``line`` of each of its whitespace-separated ``tokens`` (``line.split()``).

    >>> _token_starts(" 12  3 4", ["12", "3", "4"])
    [1, 5, 7]
    """
    starts = []
    at = 0
    for tok in tokens:
        at = line.index(tok, at)
        starts.append(at)
        at += len(tok)
    return starts


class MoreAfterGrid(ParseError):
    """A line that starts with a whole grid and has more after it (a puzzle and its solution,
    a comment, a number): that line's error, never the first row of a grid written over
    several lines (how the file readers tell them apart)."""


def _after_grid(token: str, end: int, line: int | None, column: int) -> ParseError:
    """The error for ``token``, at ``column``: the first text after the whole grid that the
    first ``end`` tokens of its line make (:func:`_grid_prefix`). A ``#`` there starts a
    comment, which goes on a line of its own.

    >>> print(_after_grid("x", 4, 1, 21))
    1:21: unexpected 'x' after the grid (4 rows of 4 cells)
    >>> print(_after_grid("#", 1, 2, 19))
    2:19: unexpected '#' after the grid: a comment goes on a line of its own
    """
    if token.startswith("#"):
        what = "unexpected '#' after the grid: a comment goes on a line of its own"
    elif end > 1:
        what = f"unexpected {token[:20]!r} after the grid ({end} rows of {end} cells)"
    else:
        what = f"unexpected {token[:20]!r} after the grid (a one-line grid has no blanks)"
    return MoreAfterGrid(what, line=line, column=column)


def _grouped(text: str, toks: Sequence[tuple[str, int]], n: int) -> bool:
    """Whether a row of multi-line text of an n×n grid writes its cells in groups of symbols
    (``..3|.2.|6..``, ``12 34``), to be read symbol by symbol: always up to 9×9 (every symbol
    is one character, so a token of several is a group); beyond, when no space is between its
    symbols or no group is of one symbol. A row of symbols apart (``. . 10 11``: cells of
    several characters) is not.

    >>> _grouped("34|1", [("34", 1), ("1", 4)], 16), _grouped("12 34", [("12", 1), ("34", 4)], 16)
    (True, True)
    >>> _grouped(". . 10", [(".", 1), (".", 3), ("10", 5)], 16), _grouped("9 12", [], 9)
    (False, True)
    """
    if n <= 9:
        return True
    return not any(ch.isspace() for ch in text.strip()) or all(len(t) > 1 for t, _ in toks)


def _odd_row_column(text: str, toks: Sequence[tuple[str, int]], n: int, width: int) -> int:
    """The column of a row of multi-line text (``text``, its cells ``toks`` with their
    columns) that has not ``n`` cells: with too many, that of the first one too many, in the
    first box of more than ``width`` cells when ``|`` marks the boxes (``| 9 . . 4 | 3 . 5 |``:
    the ``4``), else the ``n+1``-th; with too few, the end of the line.

    >>> _odd_row_column("| 9 . . 4 | 3 . 5 | . . 1 |", [("9", 3), (".", 5), (".", 7),
    ...     ("4", 9), ("3", 13), (".", 15), ("5", 17), (".", 21), (".", 23), ("1", 25)], 9, 3)
    9
    >>> _odd_row_column("1 2 3", [("1", 1), ("2", 3), ("3", 5)], 4, 2)
    6
    """
    if len(toks) < n:
        return len(text) + 1
    if "|" in text:
        counts: dict[int, int] = {}
        for _, col in toks:
            box = text.count("|", 0, col - 1)  # the bars before it: which box it is in
            counts[box] = counts.get(box, 0) + 1
            if counts[box] > width:
                return col
    return toks[n][1]


def _ruled_box(n: int, rulers: list[int], texts: list[str]) -> Box | None:
    """The box of an n×n grid drawn with rulers between its bands and ``|`` between its
    stacks (:meth:`Grid.to_boxed`), when both say one shape (None otherwise): ``rulers``, the
    number of rows read before each ruler; ``texts``, the rows.

    >>> rows = ["| . . | . . |"] * 4 + ["| . . | . . |"] * 4
    >>> _ruled_box(4, [0, 2, 4], rows[:4]), _ruled_box(8, [0, 4, 8], rows), _ruled_box(8, [], rows)
    ((2, 2), (4, 2), None)
    """
    edges = sorted({0, n, *rulers})
    heights = {b - a for a, b in itertools.pairwise(edges)}
    widths = {
        len(group.split()) if " " in group.strip() else len(group.strip())
        for text in texts
        for group in text.strip().strip("|").split("|")
    }
    if len(heights) != 1 or len(widths) != 1 or len(edges) < 3:
        return None
    if not all("|" in text for text in texts):  # rulers alone draw no stacks
        return None
    shape = (heights.pop(), widths.pop())
    return shape if shape[0] * shape[1] == n else None


def _box_or_parse_error(n: int, box: Box | None, line: int | None = None) -> Box:
    """The box of an n×n grid read (:func:`box_for`), ``box`` if given (any form
    :func:`as_box` takes: :meth:`Grid.from_lists` is given it as it is); a fault as a
    :class:`ParseError`.

    >>> _box_or_parse_error(6, "2x3"), _box_or_parse_error(4, [2, 2])
    ((2, 3), (2, 2))
    """
    try:
        if box is not None and (
            type(box) is not tuple or len(box) != 2 or {*map(type, box)} != _INT
        ):
            box = as_box(box)
        return box_for(n, box)
    except InvalidArgument as exc:
        raise ParseError(str(exc), line=line) from None


GRID_JSON_KEYS = ("box", "alphabet", "line", "rows", "variant", "regions", "cages")
"""The keys of a grid object read (:meth:`Grid.to_json`; ``line``, the cells on one line, is
read when ``rows`` is not there and must agree with them when both are; a variant's rules in
the last three). Other keys are the caller's (``show`` adds ``line_no``), except one that
looks like a misspelt key of these: refused."""


def _unpack_json(
    data: dict[str, Any], box: Box | None, alphabet: str | None
) -> tuple[Box | None, str | None, Any]:
    """Box, alphabet and rows of the ``json`` format (None for the rows when only ``line``
    holds the cells). A box or an alphabet given must be the object's, and an unknown key is
    refused: a misspelt ``cages`` would drop its rules without a word. A fault is a
    :class:`~sudograph.formats.jsonplaces.JsonFault` naming its key.

    >>> _unpack_json({"alphabet": "ABCD", "rows": []}, None, "1234")
    Traceback (most recent call last):
    ...
    sudograph.formats.jsonplaces.JsonFault: alphabet 1234 given, but the grid's is ABCD
    """
    refuse_misspelt_keys(data, GRID_JSON_KEYS)  # a misspelt "cages" would drop its rules
    if "box" in data:
        box = json_box(data["box"], box)
    if "alphabet" in data:
        alphabet = json_alphabet(data["alphabet"], alphabet)
    if "line" in data and not isinstance(data["line"], str):
        raise JsonFault(
            "bad line: expected the cells as one string ('1.3.....2...4..1')", path=("line",)
        )
    if "rows" not in data:
        if "line" in data:
            return box, alphabet, None
        variant = (
            " ('grid' is a key of the variant puzzle format, its cells as one string)"
            if "grid" in data
            else ""
        )
        raise JsonFault(
            f"a grid object needs a 'rows' key (or 'line', its cells as one string){variant}",
            path=(),
        )
    if not isinstance(data["rows"], list):  # (None would read as "no rows")
        raise JsonFault("bad rows: expected a list of rows", path=("rows",))
    return box, alphabet, data["rows"]


def _line_cells(text: str) -> list[int]:
    """The index in ``text`` of each cell of a one-line grid written without separators
    (every character that is not a blank), to place a fault at its cell.

    >>> _line_cells(" 1.3. ..")
    [1, 2, 3, 4, 6, 7]
    """
    return [k for k, ch in enumerate(text) if not ch.isspace()]


def _guess_alphabet(n: int, cells: str) -> str:
    """Default alphabet, or another 16×16 convention when the text only fits that one.

    With 16×16, ``0123456789ABCDEF`` is chosen when the symbols fit it, ``0`` occurs and
    either another empty mark (``.``, ``_``, ``-``) occurs too or ``0`` occurs at most 16
    times (a solved grid); ``ABCDEFGHIJKLMNOP`` when a letter after ``G`` occurs and no
    digit; otherwise the default, where ``0`` marks an empty cell.
    """
    default = default_alphabet(n)
    if n != 16:
        return default
    if "0" in cells and not set(cells.upper()) - set("0123456789ABCDEF._-"):
        marked = any(ch in cells for ch in "._-")  # another mark for empty cells is used
        if marked or cells.count("0") <= 16:  # (at most 16 zeros: 0 is a value, 16 times)
            return ALPHABETS_16[1]
    used = set(cells) - set(EMPTY_CHARS)
    used_upper = {c.upper() for c in used}
    for alpha in ALPHABETS_16:
        if used_upper <= set(alpha):
            return alpha
    return default


def _char_table(n: int, alphabet: str) -> dict[str, int]:
    check_alphabet(n, alphabet)
    table = {ch: 0 for ch in EMPTY_CHARS if ch not in alphabet}
    case_free = alphabet == alphabet.upper()
    for d, ch in enumerate(alphabet, 1):
        table[ch] = d
        if case_free:
            table[ch.lower()] = d
    return table


def _unknown(ch: str, alphabet: str) -> str:
    empties = "".join(c for c in EMPTY_CHARS if c not in alphabet)
    return f"unknown character {ch!r} (expected one of {alphabet} or {empties} for empty)"


def _alphabet_of(
    n: int, alphabet: str | None, tokens: Sequence[tuple[str, int | None, int]]
) -> str:
    """The alphabet a grid of ``tokens`` is read in: ``alphabet``, else guessed from tokens
    of one symbol each (:func:`_guess_alphabet`), else the default of side ``n``."""
    if alphabet is None and all(len(tok) == 1 for tok, _, _ in tokens):
        return _guess_alphabet(n, "".join(tok for tok, _, _ in tokens))
    return alphabet or default_alphabet(n)


def _is_number(tok: str, empties: Collection[str]) -> bool:
    """Whether ``tok`` reads as a number: ASCII digits (not ``²`` or ``٣``, which ``int()``
    reads or refuses), or an empty mark that is no symbol (``empties``)."""
    return tok in empties or (tok.isascii() and tok.isdigit())


def _unmendable(
    n: int, alphabet: str | None, tokens: Sequence[tuple[str, int | None, int]]
) -> ParseError | None:
    """The error of the first token ``(token, line, column)`` that fits no reading whatever
    the side (neither a symbol of the grid's alphabet nor a number), or None: what a side
    that is not a square is checked for before saying so (a number may be a value of a larger
    side, a symbol of another alphabet not).

    >>> _unmendable(3, None, [("1", 1, 1), ("x", 1, 3), ("9", 1, 5)])
    ParseError("1:3: unknown character 'x' (expected one of 123 or .0_- for empty)")
    >>> _unmendable(3, None, [("1", 1, 1), ("10", 1, 3)]) is None
    True
    """
    alpha = _alphabet_of(n, alphabet, tokens)
    table = _char_table(n, alpha)
    empties = {ch for ch in EMPTY_CHARS if ch not in alpha}
    for tok, line, col in tokens:
        fault = _no_reading(tok, line, col, alpha, table, empties)
        if fault is not None:
            return fault
    return None


def _no_reading(
    tok: str,
    line: int | None,
    col: int,
    alpha: str,
    table: dict[str, int],
    empties: Collection[str],
) -> ParseError | None:
    """The error of a token that is neither a symbol of ``alpha`` (``table``) nor a number,
    or None: the check of :func:`_unmendable` and :func:`_read_values`."""
    if tok in table or _is_number(tok, empties):
        return None
    what = _unknown(tok, alpha) if len(tok) == 1 else f"unknown value {tok[:20]!r}"
    return ParseError(what, line=line, column=col)


def _read_values(
    n: int,
    alphabet: str | None,
    tokens: Sequence[tuple[str, int | None, int]],
) -> tuple[list[int], str]:
    """The values of a grid written as separate tokens ``(token, line, column)``, and the
    alphabet of the grid, read one way for the whole grid.

    Symbols when every token is one symbol of the alphabet or an empty mark; otherwise
    numbers when every token is a decimal number (``0``, or an empty mark other than a
    symbol, for an empty cell), and the grid gets the default alphabet (numbers carry none).
    Reading each token its own way would take the ``1`` of ``0 1 10`` on a hexadecimal grid
    as the symbol (value 2) and the ``10`` as the number: a wrong grid without a word. A grid
    that fits neither reading is refused at its first token that breaks both.

    >>> _read_values(16, "0123456789ABCDEF", [("0", 1, 1), ("1", 1, 3), ("10", 1, 5)] * 86)[0][:3]
    [0, 1, 10]
    """
    alpha = _alphabet_of(n, alphabet, tokens)
    table = _char_table(n, alpha)
    not_symbol = next((k for k, (tok, _, _) in enumerate(tokens) if tok not in table), None)
    if not_symbol is None:
        return [table[tok] for tok, _, _ in tokens], alpha
    empties = {ch for ch in EMPTY_CHARS if ch not in alpha}
    not_number = next(
        (k for k, (tok, _, _) in enumerate(tokens) if not _is_number(tok, empties)), None
    )
    if not_number is None:
        values = []
        for tok, line, col in tokens:
            digits = "0" if tok in empties else tok.lstrip("0") or "0"
            if len(digits) > 2 or int(digits) > n:  # (int() refuses 4300 digits and more)
                raise ParseError(
                    f"value {clip(digits, 12)} is outside 0..{n}", line=line, column=col
                )
            values.append(int(digits))
        return values, alphabet or default_alphabet(n)
    k = max(not_symbol, not_number)
    tok, line, col = tokens[k]
    fault = _no_reading(tok, line, col, alpha, table, empties)
    if fault is not None:  # fits no reading, whatever the others are
        raise fault
    other, other_line, other_col = tokens[not_number if k == not_symbol else not_symbol]
    where = f"{other_line}:{other_col}" if other_line is not None else f"column {other_col}"
    if k == not_symbol:  # a number after a symbol that is not one
        what = f"{tok!r} is a number, not a symbol of {alpha}, but {other!r} at {where} is no"
        what += " number"
    else:
        what = f"{tok!r} is no number, but {other!r} at {where} is not a symbol of {alpha}"
    raise ParseError(
        f"values written both ways: {what}: write every value as a symbol, or every value "
        "as a number (0 for empty)",
        line=line,
        column=col,
    )


def region_boxed(cells: list[str], regions: Sequence[int], n: int, width: int) -> str:
    """The boxed text of a jigsaw: ``cells`` (each ``width`` wide) with a border wherever two
    neighbouring cells lie in different regions (``|`` between columns, ``-`` between rows,
    ``+`` where borders meet), read back by :meth:`Grid.parse` as any boxed text.

    >>> print(region_boxed(list("1234" "3412" "2143" "4321"), [0, 0, 1, 1, 0, 0, 1, 1,
    ...     2, 3, 3, 3, 2, 2, 2, 3], 4, 1))
    +---------------+
    | 1   2 | 3   4 |
    |       |       |
    | 3   4 | 1   2 |
    +---+---+-------+
    | 2 | 1   4   3 |
    |   +-------+   |
    | 4   3   2 | 1 |
    +---------------+
    """

    def region(r: int, c: int) -> int:
        return regions[r * n + c]

    def between_rows(r: int) -> str:  # the line under row r
        out = []
        for c in range(n):
            below = region(r, c) != region(r + 1, c)
            out.append(("-" if below else " ") * width)
            if c == n - 1:
                break
            right = region(r, c + 1) != region(r + 1, c + 1)
            up = region(r, c) != region(r, c + 1)
            down = region(r + 1, c) != region(r + 1, c + 1)
            if (below or right) and (up or down):
                middle = "+"
            elif below or right:
                middle = "-"
            else:
                middle = "|" if up or down else " "
            out.append(("-" if below else " ") + middle + ("-" if right else " "))
        first, last = region(r, 0) != region(r + 1, 0), region(r, n - 1) != region(r + 1, n - 1)
        return ("+-" if first else "| ") + "".join(out) + ("-+" if last else " |")

    full = "+" + "-" * (n * width + 3 * (n - 1) + 2) + "+"
    lines = [full]
    for r in range(n):
        row = [cells[r * n]]
        for c in range(1, n):
            row.append(" | " if region(r, c - 1) != region(r, c) else "   ")
            row.append(cells[r * n + c])
        lines.append("| " + "".join(row) + " |")
        if r < n - 1:
            lines.append(between_rows(r))
    lines.append(full)
    return "\n".join(lines)
