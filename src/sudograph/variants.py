"""Sudoku variants as graphs: extra houses, extra edges, other regions, killer cages.

A variant is still a precoloured graph: a diagonal is one more house, a jigsaw replaces the
boxes by regions, anti-knight adds edges, a killer cage is a clique whose colours add up to a sum
(``Problem.cages``). :class:`Variant` names the rules; :func:`variant_graph` builds the graph
(on top of :func:`~sudograph.graph.sudoku_houses`) and :func:`check_solution` is an
independent checker of a filled grid against the variant's own rules (written from the rules,
not from the graph, so that the tests check one against the other).

Names (combine with ``+``, e.g. ``x+anti-knight``):

========================  ====================================================  ==============
name                      rule                                                  sizes
========================  ====================================================  ==============
``x``                     both main diagonals are houses                        any N
``windoku`` (``hyper``)   (b-1)² extra b×b windows, one cell in from the boxes  square boxes
``disjoint``              same position in every box: N extra houses            any box
``centre-dot``            the centre cells of the boxes are a house             odd box sides
``asterisk``              the nine asterisk cells are a house                   9×9
``anti-knight``           cells a chess knight's move apart differ (edges)      any N
``anti-king``             cells a king's move apart differ (edges)              any N
``jigsaw``                regions (a region map) replace the boxes              any N
``killer``                cages: distinct digits adding up to the cage's sum    any N
========================  ====================================================  ==============

>>> v = Variant.parse("x+anti-knight")
>>> v.names, variant_graph(v, (3, 3)).stats()["houses"]
(('x', 'anti-knight'), 29)
>>> Variant.parse("asterisk").check_fits((2, 2))
Traceback (most recent call last):
...
sudograph.errors.InvalidArgument: variant 'asterisk' needs a 9x9 grid, not 4x4
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from ._text import split_lines
from .errors import InvalidArgument, ParseError
from .graph import Graph, sudoku_houses
from .problem import Cage, Problem, _cage_tuple, _check_cage_cells, check_cages

Box = tuple[int, int]

VARIANTS: dict[str, str] = {
    "x": "both main diagonals are houses",
    "windoku": "extra b x b windows, one cell in from the boxes (square boxes)",
    "disjoint": "cells at the same position in every box form a house",
    "centre-dot": "the centre cells of the boxes form a house (odd box sides)",
    "asterisk": "the nine asterisk cells form a house (9x9)",
    "anti-knight": "cells a knight's move apart differ",
    "anti-king": "cells a king's move apart differ",
    "jigsaw": "regions from a region map replace the boxes",
    "killer": "cages of distinct digits adding up to a sum",
}
"""Every variant name, with its rule in one line."""

ALIASES = {"hyper": "windoku", "diagonal": "x", "center-dot": "centre-dot"}
"""Other names accepted for a variant."""

ASTERISK = ((1, 4), (2, 2), (2, 6), (4, 1), (4, 4), (4, 7), (6, 2), (6, 6), (7, 4))
"""The asterisk cells of a 9×9 grid, ``(row, col)`` 0-based."""

KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2))
KING = ((0, 1), (1, -1), (1, 0), (1, 1))


@dataclass(frozen=True)
class Variant:
    """The rules added to (or replacing part of) a classic Sudoku.

    ``names``: variant names in :data:`VARIANTS` or aliases (order kept, no repeats), as a
    sequence of names or one spec string read as :meth:`parse` reads it (``"x+anti-knight"``;
    None or ``""``: a classic Sudoku); ``regions``: for ``jigsaw``, the region of every cell
    (``0..N-1``, row-major); ``cages``: for ``killer``, ``(cells, sum)`` pairs (lists, numpy
    arrays and numpy integers taken, kept as tuples of ints). ``jigsaw`` needs regions and
    ``killer`` cages (and vice versa).

    >>> Variant.parse("hyper+x").names
    ('windoku', 'x')
    >>> Variant("x+anti-knight").names, Variant(["Hyper"]).names, Variant(None).names
    (('x', 'anti-knight'), ('windoku',), ())
    >>> Variant.parse("x+snake")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: unknown variant 'snake' (known: x, windoku, disjoint, ...)
    >>> Variant(("killer",))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: variant 'killer' needs cages (--cages), in Python ...
    """

    names: tuple[str, ...] = ()
    regions: tuple[int, ...] | None = None
    cages: tuple[Cage, ...] = ()

    def __post_init__(self) -> None:
        names: list[str] = []
        for raw in _name_list(self.names):
            name = _canonical(raw)
            if name not in names:
                names.append(name)
        cages = _cage_tuple(self.cages)
        _check_cage_cells(cages, None, None)  # what no size changes; the rest at check_fits
        if self.regions is not None and "jigsaw" not in names:
            names.append("jigsaw")
        if cages and "killer" not in names:
            names.append("killer")
        if "jigsaw" in names and self.regions is None:
            raise InvalidArgument(NEEDS_REGIONS)
        if "killer" in names and not cages:
            raise InvalidArgument(NEEDS_CAGES)
        object.__setattr__(self, "names", tuple(names))
        if self.regions is not None:
            object.__setattr__(self, "regions", _region_tuple(self.regions))
        object.__setattr__(self, "cages", cages)

    @classmethod
    def parse(
        cls,
        spec: str | None,
        *,
        regions: Sequence[int] | None = None,
        cages: Sequence[Cage] | None = (),
    ) -> Variant:
        """From ``NAME[+NAME...]`` (empty or None: classic), with a region map and cages if
        needed (see :func:`variant_names`).

        >>> Variant.parse(None) == Variant.parse("") == Variant()
        True
        >>> Variant.parse(3)
        Traceback (most recent call last):
        ...
        sudograph.errors.InvalidArgument: variant must be a spec such as 'x+anti-knight' \
(or None), got 3
        """
        shape = None if regions is None else _region_tuple(regions)
        return cls(variant_names(spec), shape, _cage_tuple(cages))

    @property
    def spec(self) -> str:
        """The names joined by ``+`` (``""`` for a classic Sudoku)."""
        return "+".join(self.names)

    def adding(
        self,
        names: tuple[str, ...],
        regions: tuple[int, ...] | None = None,
        cages: tuple[Cage, ...] = (),
        *,
        clash: Callable[[str], str],
    ) -> Variant:
        """These rules with more added, as a variant file read with ``--variant`` and as
        ``Grid.parse(obj, variant=)`` add them: the names of both (in order, once), a region
        map or cages from one side only; where both give one, :class:`InvalidArgument` with
        ``clash("region map")`` or ``clash("cages")`` (the caller's words).

        >>> Variant("x").adding(("anti-king", "x"), clash=str).names
        ('x', 'anti-king')
        >>> Variant("killer", cages=[((0, 1), 3)]).adding((), cages=(((2, 3), 7),), clash=str)
        Traceback (most recent call last):
        ...
        sudograph.errors.InvalidArgument: cages
        """
        for what, mine, theirs in (
            ("region map", self.regions is not None, regions is not None),
            ("cages", bool(self.cages), bool(cages)),
        ):
            if mine and theirs:
                raise InvalidArgument(clash(what))
        return Variant(
            self.names + names,
            self.regions if self.regions is not None else regions,
            self.cages or cages,
        )

    def check_fits(self, box: Box) -> None:
        """Raise :class:`InvalidArgument` when a rule does not apply to this box shape, the
        region map is not N regions of N cells, or a cage does not fit."""
        br, bc = box
        n = br * bc
        size = f"{n}x{n}"
        for name in self.names:
            if name == "windoku" and (br != bc or br < 2):
                raise InvalidArgument(
                    f"variant 'windoku' needs square boxes of side >= 2, not {br}x{bc}"
                )
            if name == "centre-dot" and (br % 2 == 0 or bc % 2 == 0 or n == 1):
                raise InvalidArgument(
                    f"variant 'centre-dot' needs boxes with odd sides, not {br}x{bc}"
                )
            if name == "asterisk" and n != 9:
                raise InvalidArgument(f"variant 'asterisk' needs a 9x9 grid, not {size}")
        if self.regions is not None:
            check_regions(self.regions, n)
        if self.cages:
            check_cages(self.cages, n * n, n)

    def houses(self, box: Box) -> list[tuple[str, tuple[int, ...]]]:
        """Every house, named: rows, columns, boxes (or jigsaw regions), then the extras."""
        self.check_fits(box)
        return list(_houses(self.names, self.regions, box))

    def graph(self, box: Box) -> Graph:
        """The graph of this variant on a grid of ``box`` (see :func:`variant_graph`)."""
        return variant_graph(self, box)

    def problem(self, box: Box, values: Sequence[int]) -> Problem:
        """The Problem of a puzzle of this variant: its graph, N colours, clues, cages."""
        n = box[0] * box[1]
        return Problem(self.graph(box), n, tuple(values), cages=self.cages)

    def check(self, box: Box, values: Sequence[int]) -> list[str]:
        """The rules a filled or partial grid breaks (see :func:`check_solution`)."""
        return check_solution(self, box, values)


NEEDS_REGIONS = (
    "variant 'jigsaw' needs a region map (--regions), in Python Variant(..., regions=...)"
)
"""What a jigsaw without its regions is told (the command line's option and the API's)."""
NEEDS_CAGES = "variant 'killer' needs cages (--cages), in Python Variant(..., cages=...)"
"""What a killer without its cages is told (the command line's option and the API's)."""


def _name_list(names: object) -> Sequence[object]:
    """The names of :attr:`Variant.names`: a spec string split as :func:`variant_names`
    splits it (not read letter by letter), None as none, a sequence as it is (a name in it
    is stripped and lower-cased by :func:`_canonical`); :class:`InvalidArgument` otherwise.

    >>> _name_list("x+anti-knight"), _name_list(None), _name_list(["x"])
    (('x', 'anti-knight'), (), ['x'])
    """
    if names is None or isinstance(names, str):
        return variant_names(names)
    if isinstance(names, bytes) or not isinstance(names, Iterable):
        raise InvalidArgument(
            "variant names must be a spec such as 'x+anti-knight' or a sequence of names, "
            f"got {names!r}"
        )
    return names if isinstance(names, Sequence) else tuple(names)


def _canonical(raw: object) -> str:
    """The name in :data:`VARIANTS` that ``raw`` (a name or an alias, any case, blanks
    around it ignored) stands for.

    >>> _canonical(" Diagonal ")
    'x'
    """
    if not isinstance(raw, str):
        raise InvalidArgument(f"a variant name must be a string, got {raw!r}")
    key = raw.strip().lower()
    name = ALIASES.get(key, key)
    if name not in VARIANTS:
        known = ", ".join([*VARIANTS, *ALIASES])
        raise InvalidArgument(f"unknown variant {raw!r} (known: {known})")
    return name


def _region_tuple(regions: object) -> tuple[int, ...]:
    """A region map given to :class:`Variant` as a tuple, numpy's integers as ints (checked
    against a grid by :func:`check_regions`); :class:`InvalidArgument` on a text (a map's
    text is :func:`parse_regions`') or anything that is not a sequence.

    >>> import numpy as np
    >>> _region_tuple(np.array([0, 0, 1, 1]))
    (0, 0, 1, 1)
    """
    if isinstance(regions, str | bytes) or not isinstance(regions, Iterable):
        hint = " (parse_regions reads a region map's text)" if isinstance(regions, str) else ""
        raise InvalidArgument(
            f"regions must be a sequence of region numbers, got {type(regions).__name__}{hint}"
        )
    return tuple(int(r) if type(r) is not int and _integral(r) else r for r in regions)


def variant_names(spec: str | None) -> tuple[str, ...]:
    """The names of ``NAME[+NAME...]``, lower-cased, aliases resolved, in order without
    repeats; ``()`` for a blank spec or None. Raises :class:`InvalidArgument` for an unknown
    name or an empty one (``x+``, ``+``), or a spec that is no string.

    >>> variant_names("Hyper + x+x"), variant_names(None)
    (('windoku', 'x'), ())
    >>> variant_names("x+")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: empty variant name in 'x+'
    """
    if spec is None:
        return ()
    if not isinstance(spec, str):
        raise InvalidArgument(
            f"variant must be a spec such as 'x+anti-knight' (or None), got {spec!r}"
        )
    if not spec.strip():
        return ()
    parts = [s.strip().lower() for s in spec.split("+")]
    if "" in parts:
        raise InvalidArgument(f"empty variant name in {spec!r}")
    return tuple(dict.fromkeys(_canonical(p) for p in parts))


def parse_variant(spec: str | Variant | None) -> Variant | None:
    """A :class:`Variant` from a spec string (None or ``""``: no variant)."""
    if spec is None or isinstance(spec, Variant):
        return spec
    v = Variant.parse(spec)
    return v if v.names else None


def _integral(x: object) -> bool:
    """True for an integer of any integral type (numpy's too), not a boolean."""
    try:
        operator.index(x)  # type: ignore[arg-type]
    except TypeError:
        return False
    return not isinstance(x, bool)


def check_regions(regions: Sequence[int], n: int) -> None:
    """Raise :class:`InvalidArgument` unless ``regions`` gives N regions of N cells each."""
    if len(regions) != n * n:
        raise InvalidArgument(f"region map has {len(regions)} cells for a {n}x{n} grid")
    sizes = [0] * n
    for i, r in enumerate(regions):
        if not _integral(r) or not 0 <= r < n:
            raise InvalidArgument(
                f"r{i // n + 1}c{i % n + 1}: region {r!r} is not an integer 0..{n - 1}"
            )
        sizes[r] += 1
    for r, size in enumerate(sizes):
        if size != n:
            raise InvalidArgument(f"region {r + 1} has {size} cells, expected {n}")


def _map_symbols(text: str) -> Iterator[tuple[int, int, str]]:
    """The cells of a region map: ``(line, column, symbol)`` of each one, comment lines,
    blanks, rulers and a byte-order mark left out (see :func:`parse_regions`)."""
    for ln, line in enumerate(split_lines(text.removeprefix("\ufeff")), 1):
        if line.lstrip().startswith("#"):
            continue
        for col, ch in enumerate(line, 1):
            if not (ch.isspace() or ch in "|-+"):
                yield ln, col, ch


def region_map_side(text: str) -> int | None:
    """N for a region map of N×N cells (None when its cells are no square number).

    >>> region_map_side("aabb aabb\\n# a comment\\nccdd ccdd"), region_map_side("aab")
    (4, None)
    """
    cells = sum(1 for _ in _map_symbols(text))
    side = math.isqrt(cells)
    return side if side and side * side == cells else None


def parse_regions(text: str, n: int, *, source: str | None = None) -> tuple[int, ...]:
    """A region map: one symbol per cell (any non-blank character), row-major; blanks, ``|``,
    ``-`` and ``+`` rulers are ignored, rows may be on separate lines. Regions are numbered in
    order of first appearance. A line whose first non-blank character is ``#`` is a comment
    (``#`` elsewhere is a symbol); a byte-order mark at the start is ignored. A region need not
    be connected: any N cells make a house.

    Raises :class:`ParseError` with line and column: wrong number of cells or regions, or a
    region with the wrong number of cells (located at its first cell).

    >>> parse_regions("aabb aabb ccdd ccdd", 4)
    (0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3)
    >>> parse_regions("aaaa\\nabbb\\nccdd\\nccdd", 4)
    Traceback (most recent call last):
    ...
    sudograph.errors.ParseError: 1:1: region 'a' has 5 cells, expected 4
    """
    ids: dict[str, int] = {}
    where: dict[str, tuple[int, int]] = {}
    cells: list[int] = []
    sizes: dict[str, int] = {}
    for ln, col, ch in _map_symbols(text):
        if ch not in ids:
            ids[ch] = len(ids)
            where[ch] = (ln, col)
        sizes[ch] = sizes.get(ch, 0) + 1
        cells.append(ids[ch])
    if len(cells) != n * n:
        raise ParseError(f"region map has {len(cells)} cells, expected {n * n}", source=source)
    if len(ids) != n:
        extra = [ch for ch, i in ids.items() if i == n]
        at: tuple[int | None, int | None] = where[extra[0]] if extra else (None, None)
        raise ParseError(
            f"region map has {len(ids)} regions, expected {n}",
            line=at[0],
            column=at[1],
            source=source,
        )
    for ch, size in sizes.items():
        if size != n:
            ln, col = where[ch]
            raise ParseError(
                f"region {ch!r} has {size} cells, expected {n}",
                line=ln,
                column=col,
                source=source,
            )
    return tuple(cells)


def format_regions(regions: Sequence[int], n: int) -> str:
    """A region map as N lines of N symbols (``a``..``z``, then ``A``..``Z``, ``0``..``9``,
    ``@``, ``$``; never ``#``, which starts a comment line).

    >>> format_regions(parse_regions("aabbaabbccddccdd", 4), 4).split()
    ['aabb', 'aabb', 'ccdd', 'ccdd']
    """
    symbols = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@$"
    return "\n".join(
        "".join(symbols[r] for r in regions[row * n : (row + 1) * n]) for row in range(n)
    )


def variant_graph(variant: Variant, box: Box) -> Graph:
    """The graph of ``variant`` on a grid of ``box``: cells adjacent when they share a house,
    are a knight's/king's move apart (anti-knight/king) or share a killer cage. The houses
    are rows, columns, boxes (jigsaw regions instead), then the variant's extra houses.

    >>> variant_graph(Variant(("x",)), (2, 2)).stats()
    {'vertices': 16, 'edges': 64, 'degree': {'min': 7, 'max': 9}, 'houses': 14}
    """
    variant.check_fits(box)
    return _variant_graph(variant.names, variant.regions, variant.cages, box)


@cache
def _variant_graph(
    names: tuple[str, ...], regions: tuple[int, ...] | None, cages: tuple[Cage, ...], box: Box
) -> Graph:
    n = box[0] * box[1]
    named = _houses(names, regions, box)
    houses = tuple(h for _, h in named)
    edges: set[tuple[int, int]] = set()
    for h in houses:
        for i, u in enumerate(h):
            for v in h[i + 1 :]:
                edges.add((u, v))
    for moves in [KNIGHT] * ("anti-knight" in names) + [KING] * ("anti-king" in names):
        for r in range(n):
            for c in range(n):
                for dr, dc in moves:
                    if 0 <= r + dr < n and 0 <= c + dc < n:
                        edges.add((r * n + c, (r + dr) * n + c + dc))
    for cells, _ in cages:
        for i, u in enumerate(cells):
            for v in cells[i + 1 :]:
                edges.add((u, v))
    name = "sudoku " + (f"{n}x{n} " + "+".join(names)).strip()
    return Graph.from_edges(n * n, edges, houses=houses, name=name)


def _houses(
    names: tuple[str, ...], regions: tuple[int, ...] | None, box: Box
) -> tuple[tuple[str, tuple[int, ...]], ...]:
    br, bc = box
    n = br * bc
    classic = sudoku_houses(br, bc)
    out = [(f"row {i + 1}", classic[i]) for i in range(n)]
    out += [(f"column {i + 1}", classic[n + i]) for i in range(n)]
    if regions is None:
        out += [(f"box {i + 1}", classic[2 * n + i]) for i in range(n)]
    else:
        out += [
            (f"region {r + 1}", tuple(v for v in range(n * n) if regions[v] == r)) for r in range(n)
        ]
    for name in names:
        if name == "x":
            out.append(("main diagonal", tuple(i * n + i for i in range(n))))
            out.append(("anti-diagonal", tuple(i * n + n - 1 - i for i in range(n))))
        elif name == "windoku":
            starts = [1 + i * (br + 1) for i in range(br - 1)]
            for i, r0 in enumerate(starts):
                for j, c0 in enumerate(starts):
                    cells = tuple(r * n + c for r in range(r0, r0 + br) for c in range(c0, c0 + bc))
                    out.append((f"window {i * len(starts) + j + 1}", cells))
        elif name == "disjoint":
            for p in range(n):
                dr, dc = divmod(p, bc)
                cells = tuple(
                    (r0 + dr) * n + c0 + dc for r0 in range(0, n, br) for c0 in range(0, n, bc)
                )
                out.append((f"disjoint group {p + 1}", cells))
        elif name == "centre-dot":
            cells = tuple(
                (r0 + br // 2) * n + c0 + bc // 2
                for r0 in range(0, n, br)
                for c0 in range(0, n, bc)
            )
            out.append(("centre dots", cells))
        elif name == "asterisk":
            out.append(("asterisk", tuple(r * n + c for r, c in ASTERISK)))
    return tuple(out)


def check_solution(variant: Variant | None, box: Box, values: Sequence[int]) -> list[str]:
    """Every rule of the (variant) Sudoku that ``values`` breaks, one line each, checked from
    the rules on (row, column) coordinates, independently of :func:`variant_graph`. Empty
    cells (0) break nothing, except that a full cage must make its sum. ``[]``: no rule broken.

    >>> check_solution(Variant(("x",)), (2, 2), [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
    ['main diagonal repeats 4, 1', 'anti-diagonal repeats 1, 4']
    >>> check_solution(Variant(("x",)), (2, 2), [1, 2, 3])
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: values has 3 cells, expected 16 for boxes of 2x2
    """
    br, bc = box
    n = br * bc
    if len(values) != n * n:
        raise InvalidArgument(
            f"values has {len(values)} cells, expected {n * n} for boxes of {br}x{bc}"
        )
    names = variant.names if variant else ()

    def at(r: int, c: int) -> int:
        return values[r * n + c]

    groups: list[tuple[str, list[int]]] = []
    groups += [(f"row {r + 1}", [at(r, c) for c in range(n)]) for r in range(n)]
    groups += [(f"column {c + 1}", [at(r, c) for r in range(n)]) for c in range(n)]
    if variant is not None and variant.regions is not None:
        by_region: dict[int, list[int]] = {}
        for i, reg in enumerate(variant.regions):
            by_region.setdefault(reg, []).append(values[i])
        groups += [(f"region {reg + 1}", ds) for reg, ds in sorted(by_region.items())]
    else:
        groups += [
            (f"box {b + 1}", [at(r, c) for r in range(n) for c in range(n) if _box(r, c, box) == b])
            for b in range(n)
        ]
    if "x" in names:
        groups.append(("main diagonal", [at(i, i) for i in range(n)]))
        groups.append(("anti-diagonal", [at(i, n - 1 - i) for i in range(n)]))
    if "windoku" in names:
        # a window is a b x b square whose top-left corner is one past a box corner
        corners = [
            (r, c) for r in range(1, n) for c in range(1, n) if r % (br + 1) == 1 == c % (bc + 1)
        ]
        for w, (r0, c0) in enumerate(corners):
            if r0 + br <= n and c0 + bc <= n:
                cells = [at(r, c) for r in range(r0, r0 + br) for c in range(c0, c0 + bc)]
                groups.append((f"window {w + 1}", cells))
    if "disjoint" in names:
        for p in range(n):
            groups.append(
                (
                    f"disjoint group {p + 1}",
                    [at(r, c) for r in range(n) for c in range(n) if (r % br) * bc + c % bc == p],
                )
            )
    if "centre-dot" in names:
        groups.append(
            (
                "centre dots",
                [
                    at(r, c)
                    for r in range(n)
                    for c in range(n)
                    if r % br == br // 2 and c % bc == bc // 2
                ],
            )
        )
    if "asterisk" in names:
        groups.append(("asterisk", [at(r, c) for r, c in ASTERISK]))
    broken: list[str] = []
    for label, digits in groups:
        seen: set[int] = set()
        repeated: dict[int, None] = {}  # in the order they repeat
        for d in digits:
            if d and d in seen:
                repeated[d] = None
            seen.add(d)
        if repeated:
            broken.append(f"{label} repeats {', '.join(map(str, repeated))}")
    for name in ("anti-knight", "anti-king"):
        if name not in names:
            continue
        for u in range(n * n):
            for v in range(u + 1, n * n):
                dr, dc = abs(u // n - v // n), abs(u % n - v % n)
                hit = {dr, dc} == {1, 2} if name == "anti-knight" else max(dr, dc) == 1
                if hit and values[u] and values[u] == values[v]:
                    broken.append(f"{name}: {_cell(u, n)} and {_cell(v, n)} are both {values[u]}")
    if variant is not None:
        for i, (cage, total) in enumerate(variant.cages, 1):
            placed = [values[v] for v in cage if values[v]]
            if len(set(placed)) != len(placed):
                broken.append(f"cage {i} repeats a digit")
            elif sum(placed) > total or (len(placed) == len(cage) and sum(placed) != total):
                broken.append(f"cage {i} adds up to {sum(placed)}, not {total}")
    return broken


def _box(r: int, c: int, box: Box) -> int:
    """Index of the box of cell (r, c), boxes numbered row-major."""
    br, bc = box
    n = br * bc
    return (r // br) * (n // bc) + c // bc


def _cell(i: int, n: int) -> str:
    """``r1c1`` name of cell i."""
    return f"r{i // n + 1}c{i % n + 1}"
