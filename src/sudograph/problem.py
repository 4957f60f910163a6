"""The one input every solver takes (:class:`Problem`) and the one output it gives
(:class:`Result`).

A *colouring* is a tuple of colours, one per vertex, ``1..k`` (0 = uncoloured).

>>> from sudograph.graph import petersen_graph
>>> p = Problem(petersen_graph(), 3)
>>> p.precolouring[:3], p.num_free
((0, 0, 0), 10)
>>> is_proper_coloring(p.graph, (1, 2, 1, 2, 3, 2, 1, 3, 3, 2))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from numbers import Integral, Real
from operator import and_, eq, truth
from typing import TYPE_CHECKING, Any, Literal, cast

from ._text import plural
from .errors import InvalidArgument, InvalidPuzzle
from .graph import MAX_SIDE, Graph, require_graph

if TYPE_CHECKING:  # pragma: no cover
    from .grid import Grid

Coloring = tuple[int, ...]
Cage = tuple[tuple[int, ...], int]
"""A killer cage: its cells (distinct digits) and the sum they must make."""
Status = Literal["solved", "unsatisfiable", "stopped"]
STATUSES: tuple[Status, ...] = ("solved", "unsatisfiable", "stopped")

_INT = frozenset({int})
"""The one type of the colours and cage numbers kept, as a set (checked as a set of types)."""


@dataclass(frozen=True)
class Problem:
    """Colour ``graph`` with colours ``1..k``, keeping ``precolouring`` (0 = free vertex).

    ``cages`` are optional killer cages ``(cells, sum)``: the colours of a cage's cells are
    distinct and add up to ``sum`` (see :func:`check_cages`).

    ``k`` and the colours may be numpy integers (kept as ints); a precolouring that is not
    a tuple (a list, a numpy array) is taken as one, None or empty as no colour given. A
    bool is no colour (``True`` would be read as 1): refused, numpy's too. ``cages`` may hold
    lists, numpy arrays and numpy integers (kept as tuples of ints); None is no cage.

    Raises :class:`InvalidArgument` when ``graph`` is not a :class:`Graph`, k is out of
    ``1..64`` or the precolouring has the wrong length or a colour out of range, and
    :class:`InvalidPuzzle` when two adjacent vertices are precoloured alike or a cage cannot
    be satisfied.

    >>> import numpy as np
    >>> from sudograph.graph import petersen_graph
    >>> Problem(petersen_graph(), np.int64(3), np.array([3] + [0] * 9)).precolouring[:2]
    (3, 0)
    >>> Problem(None, 3)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: Problem takes a Graph, got NoneType
    >>> Problem(petersen_graph(), 3, [True] + [0] * 9)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: vertex 0: colour True is not a whole number
    """

    graph: Graph
    k: int
    precolouring: Coloring = ()
    cages: tuple[Cage, ...] = ()

    def __post_init__(self) -> None:
        self._check(ints=False)

    @classmethod
    def _of_ints(
        cls, graph: Graph, k: int, values: tuple[int, ...], cages: tuple[Cage, ...] = ()
    ) -> Problem:
        """``Problem(graph, k, values, cages)`` for ``values`` known to be a tuple of plain
        ints (a :class:`~sudograph.grid.Grid`'s): checked as any, but for the scan of their
        types (the hot path of ``solve(grid)``).

        >>> from sudograph.graph import sudoku_graph
        >>> Problem._of_ints(sudoku_graph(2), 4, (1,) + (0,) * 15) == Problem(
        ...     sudoku_graph(2), 4, (1,) + (0,) * 15
        ... )
        True
        """
        problem = object.__new__(cls)
        object.__setattr__(problem, "graph", graph)
        object.__setattr__(problem, "k", k)
        object.__setattr__(problem, "precolouring", values)
        object.__setattr__(problem, "cages", cages)
        problem._check(ints=True)
        return problem

    def _check(self, ints: bool) -> None:
        """Check and normalise the fields (see the class docstring); ``ints``: the
        precolouring is known to be a tuple of plain ints."""
        if not isinstance(self.graph, Graph):
            require_graph(self.graph, "Problem")
        if type(self.k) is not int:
            if not is_whole(self.k):
                raise InvalidArgument(f"k must be an integer, got {self.k!r}")
            object.__setattr__(self, "k", int(self.k))
        if not 1 <= self.k <= MAX_SIDE:
            raise InvalidArgument(f"k must be between 1 and {MAX_SIDE}, got {self.k}")
        pre = self.precolouring
        if type(pre) is not tuple or not (ints or {*map(type, pre)} <= _INT):  # (bools too)
            pre = _colour_tuple(pre, "precolouring", self.k)
        if not pre:
            pre = (0,) * self.graph.n
        if len(pre) != self.graph.n:
            raise InvalidArgument(
                f"precolouring has {len(pre)} entries for {self.graph.n} vertices"
            )
        colours = _to_bytes(pre)
        if colours is None or colours.translate(None, bytes(range(self.k + 1))):
            for v, c in enumerate(pre):  # a colour outside 0..k (all ints: _colour_tuple)
                if not 0 <= c <= self.k:
                    raise InvalidArgument(f"vertex {v}: colour {c} is outside 0..{self.k}")
        object.__setattr__(self, "precolouring", pre)
        clash = _first_conflict(self.graph, pre, colours)
        if clash is not None:
            u, v = clash
            raise InvalidPuzzle(f"vertices {u} and {v} are adjacent and both coloured {pre[u]}")
        cages = self.cages
        if cages is None or (type(cages) is tuple and not cages):
            object.__setattr__(self, "cages", ())
        else:
            if _PASSED.get((id(cages), self.graph.n, self.k)) is not cages:
                cages = _cage_tuple(cages)
            check_cages(cages, self.graph.n, self.k, pre)
            object.__setattr__(self, "cages", cages)

    @property
    def num_free(self) -> int:
        """Number of vertices still to colour."""
        return self.precolouring.count(0)


def cage_sum_range(size: int, k: int) -> tuple[int, int]:
    """Smallest and largest sum of ``size`` distinct colours among ``1..k``.

    >>> cage_sum_range(2, 9), cage_sum_range(9, 9)
    ((3, 17), (45, 45))
    """
    return size * (size + 1) // 2, size * (2 * k - size + 1) // 2


def check_cages(cages: Sequence[Cage], n: int, k: int, precolouring: Sequence[int] = ()) -> None:
    """Check killer cages against ``n`` vertices and ``k`` colours (and the clues, if given).

    A cage is a pair ``(cells, sum)``; the cells and the sum are whole numbers of any integral
    type (numpy's too), not bools. Raises :class:`InvalidArgument` when a cage is no such
    pair, a cell or a sum is no whole number, a cell is out of range or in two cages, and
    :class:`InvalidPuzzle` when a cage's sum cannot be made by distinct colours ``1..k``, or
    its clues repeat a colour or leave the sum unreachable.

    >>> check_cages([((0, 1), 3)], 4, 4)
    >>> check_cages([((0, 1), 9)], 4, 4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidPuzzle: cage 1 (cells 0, 1): sum 9 is impossible for 2 ... (3..7)
    >>> import numpy as np
    >>> check_cages([(np.array([0, 1]), np.int64(3))], 4, 4)
    >>> check_cages([((0, 1.0), 3)], 4, 4)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: cage 1 (cells 0, 1.0): cell 1.0 is not a whole number
    """
    normal = cages
    if _PASSED.get((id(cages), n, k)) is not cages:  # not this very tuple, checked before
        normal = _cage_tuple(cages)
        _check_cage_cells(normal, n, k)
        if normal is cages:  # immutable all through, of plain ints: remembered
            if len(_PASSED) >= 256:
                del _PASSED[next(iter(_PASSED))]
            _PASSED[id(cages), n, k] = cages
    if not precolouring:
        return
    for i, (cells, total) in enumerate(normal, 1):
        given = [precolouring[v] for v in cells if precolouring[v]]
        if not given:
            continue
        if len(set(given)) != len(given):
            raise InvalidPuzzle(f"{_cage_name(i, cells)}: a clue repeats a digit")
        if not cage_reachable(given, len(cells), total, k):
            raise InvalidPuzzle(f"{_cage_name(i, cells)}: the clues leave sum {total} unreachable")


def cage_reachable(given: Sequence[int], size: int, total: int, k: int) -> bool:
    """Whether distinct colours ``1..k`` in a cage's ``size - len(given)`` empty cells, none
    of ``given`` (its clues, distinct), can bring its sum to ``total``.

    >>> cage_reachable([1, 2], 3, 9, 4), cage_reachable([1, 2], 3, 7, 4)
    (False, True)
    """
    left, rest = size - len(given), total - sum(given)
    free = [c for c in range(1, k + 1) if c not in given]
    return sum(free[:left]) <= rest <= sum(free[len(free) - left :]) if left else rest == 0


_PASSED: dict[tuple[int, int, int], Sequence[Cage]] = {}
"""The tuples of cages whose cells and sums passed, by identity (each kept alive here, so its
id is not reused): a killer's cages are checked at every solve, by its Variant and its
Problem, always the same tuple. (By identity, not by value: ``True`` equals ``1``.)"""


def _frozen(cages: object) -> bool:
    """Whether ``cages`` is a tuple of ``(tuple of cells, sum)`` pairs of plain ints, as
    :class:`Problem` keeps them: immutable all through, and nothing to convert."""
    return type(cages) is tuple and all(
        type(c) is tuple
        and len(c) == 2
        and type(c[0]) is tuple
        and type(c[1]) is int
        and {*map(type, c[0])} <= _INT
        for c in cages
    )


def is_whole(x: object) -> bool:
    """True for a whole number: an ``int`` or an integer of another integral type (numpy's
    too), never a bool (``True`` would be read as 1), nor numpy's bool, a float or a string.
    The one test of "an integral number, not a bool" for the package's argument checks.

    >>> import numpy as np
    >>> is_whole(3), is_whole(np.int64(3)), is_whole(np.uint8(0))
    (True, True, True)
    >>> is_whole(True), is_whole(np.True_), is_whole(3.0), is_whole("3"), is_whole(None)
    (False, False, False, False, False)
    """
    return isinstance(x, Integral) and not isinstance(x, bool)


def _cage_tuple(cages: object) -> tuple[Cage, ...]:
    """``cages`` as :class:`Problem` keeps them: a tuple of ``(cells, sum)`` pairs, the cells a
    tuple, every number a plain int (lists, numpy arrays and numpy integers converted); None
    is no cage. ``cages`` itself when it is one already. :class:`InvalidArgument` naming the
    cage that is no pair, or the cell or sum that is no whole number (a bool is none); the
    ranges are :func:`_check_cage_cells`'.

    >>> import numpy as np
    >>> _cage_tuple([(np.array([0, 1]), np.int64(3))])
    (((0, 1), 3),)
    >>> _cage_tuple([((0, 1), True)])
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: cage 1 (cells 0, 1): sum must be an integer, got True
    >>> _cage_tuple([(0, 1, 3)])
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: cage 1 must be a pair (cells, sum), got (0, 1, 3)
    """
    if cages is None:
        return ()
    if _frozen(cages):
        return cast(tuple[Cage, ...], cages)
    if isinstance(cages, str | bytes) or not isinstance(cages, Iterable):
        raise InvalidArgument(
            f"cages must be a sequence of (cells, sum) pairs, got {type(cages).__name__}"
        )
    out = []
    for i, cage in enumerate(cages, 1):
        pair = () if isinstance(cage, str | bytes) or not isinstance(cage, Iterable) else cage
        pair = tuple(pair)
        if len(pair) != 2:
            raise InvalidArgument(f"cage {i} must be a pair (cells, sum), got {cage!r}")
        cells, total = pair
        if isinstance(cells, str | bytes) or not isinstance(cells, Iterable):
            raise InvalidArgument(
                f"cage {i}: its cells must be a sequence of cell numbers, got {cells!r}"
            )
        cells = tuple(cells)
        bad = next((v for v in cells if not is_whole(v)), None)
        if bad is not None:
            raise InvalidArgument(f"{_cage_name(i, cells)}: cell {bad!r} is not a whole number")
        if not is_whole(total):
            raise InvalidArgument(f"{_cage_name(i, cells)}: sum must be an integer, got {total!r}")
        out.append((tuple(map(int, cells)), int(total)))
    return tuple(out)


def _check_cage_cells(cages: Sequence[Cage], n: int | None, k: int | None) -> None:
    """The part of :func:`check_cages` that reads no clue, done once per tuple of cages (a
    killer puzzle is checked at every solve; an error is raised again each time), on cages
    of plain ints (:func:`_cage_tuple`). With ``n`` and ``k`` None, only what no grid size
    changes (a :class:`~sudograph.variants.Variant` has none): no empty cage, no negative
    cell, no cell in two cages.

    >>> _check_cage_cells([((0, 1), 3), ((1, 2), 5)], None, None)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: cage 2 (cells 1, 2): cell 1 is also in cage 1
    """
    owner: dict[int, int] = {}
    for i, (cells, total) in enumerate(cages, 1):
        if not cells:
            raise InvalidArgument(f"cage {i} has no cells")
        for v in cells:
            if v < 0 or (n is not None and v >= n):
                where = "is negative" if v < 0 else f"out of range 0..{(n or 0) - 1}"
                raise InvalidArgument(f"{_cage_name(i, cells)}: cell {v} {where}")
            if v in owner:
                other = "twice" if owner[v] == i else f"also in cage {owner[v]}"
                raise InvalidArgument(f"{_cage_name(i, cells)}: cell {v} is {other}")
            owner[v] = i
        if k is None:
            continue
        lo, hi = cage_sum_range(len(cells), k)
        if len(cells) > k or not lo <= total <= hi:
            where = _cage_name(i, cells)
            raise InvalidPuzzle(
                f"{where}: sum {total} is impossible for {len(cells)} distinct "
                f"digit{'s' * (len(cells) != 1)} "
                f"1..{k} ({lo}..{hi})"
                if len(cells) <= k
                else f"{where}: {len(cells)} cells cannot hold distinct digits 1..{k}"
            )


def _cage_name(i: int, cells: Sequence[int]) -> str:
    """How an error names cage ``i`` (from 1), written only when there is an error (a killer
    has dozens of cages, checked at every solve)."""
    return f"cage {i} (cells {', '.join(map(str, cells))})"


def cages_hold(cages: Sequence[Cage], coloring: Sequence[int]) -> bool:
    """True when every cage's colours are distinct and add up to its sum.

    >>> cages_hold([((0, 1), 3)], (1, 2, 9)), cages_hold([((0, 1), 4)], (2, 2))
    (True, False)
    """
    for cells, total in cages:
        digits = [coloring[v] for v in cells]
        if len(set(digits)) != len(digits) or sum(digits) != total:
            return False
    return True


def _colour_tuple(colours: object, what: str, k: int | None = None) -> tuple[int, ...]:
    """``colours`` (a list, a numpy array... or None: no colour given) as a tuple of ints, or
    ``()`` for None; :class:`InvalidArgument` naming ``what`` on a number, or the vertex of a
    colour that is not a whole number: a bool is none (``True`` would be read as 1), numpy's
    neither. The range is the caller's to check; given ``k``, a colour outside ``0..k`` met
    on the way is named too (the first fault in vertex order is the one named).

    >>> import numpy as np
    >>> _colour_tuple([1, 0], "precolouring"), _colour_tuple(None, "precolouring")
    ((1, 0), ())
    >>> _colour_tuple(np.array([2, 0], dtype=np.int8), "precolouring")
    (2, 0)
    >>> _colour_tuple("10", "precolouring")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: vertex 0: colour '1' is not a whole number
    >>> _colour_tuple([0, np.True_], "precolouring")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: vertex 1: colour np.True_ is not a whole number
    """
    if colours is None:
        return ()
    if not isinstance(colours, Iterable):
        raise InvalidArgument(
            f"{what} must be a sequence of colours (ints, 0 = none), got {type(colours).__name__}"
        )
    items = list(colours)
    raw = _to_bytes(items)
    if raw is not None and {*map(type, items)} <= {int}:
        return tuple(items)
    out = []
    for v, c in enumerate(items):
        if not is_whole(c):  # (a bool is Integral: True is 1)
            raise InvalidArgument(f"vertex {v}: colour {c!r} is not a whole number")
        if k is not None and not 0 <= c <= k:
            raise InvalidArgument(f"vertex {v}: colour {c} is outside 0..{k}")
        out.append(int(c))
    return tuple(out)


def first_conflict(graph: Graph, coloring: Sequence[int]) -> tuple[int, int] | None:
    """The first edge ``(u, v)``, ``u < v``, whose ends have the same non-zero colour.

    >>> from sudograph.graph import sudoku_graph
    >>> first_conflict(sudoku_graph(2), (0,) * 16), first_conflict(sudoku_graph(2), (1,) * 16)
    (None, (0, 1))

    The common answer, no such edge, is found by :func:`_may_clash`; only a colouring that
    may clash is scanned edge by edge (to name the first).
    """
    if not isinstance(coloring, tuple | list):
        coloring = list(coloring)
    return _first_conflict(graph, coloring, _to_bytes(coloring))


def _to_bytes(coloring: Sequence[int]) -> bytes | None:
    """A byte per colour, or None when a colour is not an integer ``0..255``."""
    try:  # (a list first: bytes() would read an array's buffer, not its values)
        return bytes(coloring if isinstance(coloring, tuple | list) else list(coloring))
    except (TypeError, ValueError):
        return None


def _first_conflict(
    graph: Graph, coloring: Sequence[int], colours: bytes | None
) -> tuple[int, int] | None:
    """:func:`first_conflict`, given ``coloring`` as bytes too (None: it is not)."""
    if colours is not None and len(colours) == graph.n and not _may_clash(graph, colours):
        return None
    for u, nbrs in enumerate(graph.neighbors):
        cu = coloring[u]
        if cu:
            for v in nbrs:
                if v > u and coloring[v] == cu:
                    return (u, v)
    return None


_NONZERO = bytes([0] + [0xFF] * 255)
"""A :meth:`bytes.translate` table: 0 stays 0, any other byte becomes 0xFF."""
_KEYS = bytes(range(1, 256))
"""The byte keys of a :class:`~sudograph.graph.ClashPlan` layer (0 is no key)."""


def _may_clash(graph: Graph, colours: bytes) -> bool:
    """False when no edge has both ends coloured alike, True when one may; ``colours`` holds
    a byte per vertex (0 = no colour).

    Operations on whole byte strings do the work (see :class:`~sudograph.graph.ClashPlan`):
    in each layer of houses, the keys of the coloured members repeat when a colour does (the
    distinct keys are counted as the bytes ``1..255`` that :meth:`bytes.translate` deletes);
    the edges outside these houses are compared end to end. True can be a false alarm (a colour
    above the size of every house), never False a missed clash.

    >>> from sudograph.graph import petersen_graph, sudoku_graph
    >>> _may_clash(petersen_graph(), bytes([1, 2, 1, 2, 3, 2, 1, 3, 3, 2]))
    False
    >>> _may_clash(sudoku_graph(2), bytes([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))
    True
    """
    plan = graph._clash_plan()
    if plan.layers:
        if colours.translate(None, plan.colours):
            return True  # a colour above the bound: the keys would overlap
        n = len(colours)
        values = int.from_bytes(colours, "little")
        given = int.from_bytes(colours.translate(_NONZERO), "little")
        for base, members in plan.layers:
            read = members & given  # 0xFF at the coloured members
            keys = ((base + values) & read).to_bytes(n, "little")
            if 255 - len(_KEYS.translate(None, keys)) != read.bit_count() >> 3:
                return True
    if plan.gather_u is not None and plan.gather_v is not None:
        cu = plan.gather_u(colours)
        return any(map(and_, map(eq, cu, plan.gather_v(colours)), map(truth, cu)))
    return False


def is_proper_coloring(graph: Graph, coloring: Sequence[int], k: int | None = None) -> bool:
    """True when every vertex has a colour (``1..k`` if k is given) and no edge is monochrome.

    >>> from sudograph.graph import Graph
    >>> g = Graph.from_edges(2, [(0, 1)])
    >>> is_proper_coloring(g, (1, 2)), is_proper_coloring(g, (1, 1)), is_proper_coloring(g, (1, 0))
    (True, False, False)

    Raises :class:`InvalidArgument` when ``graph`` is not a :class:`Graph` (a grid's is its
    ``.graph``: the colouring of a grid is its values, ``grid.is_complete()`` tells),
    ``coloring`` is not a sequence of whole numbers or ``k`` is not a whole number (numpy's
    taken; a bool is none: ``True`` would be read as 1) nor None (:func:`is_whole`). A bool
    colour is refused so, as a colour ``None`` or ``1.5`` is, not answered False: a colouring
    that holds one is malformed, not improper (``Problem`` refuses it as a precolouring too).

    >>> is_proper_coloring(g, (True, 2))
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: coloring: vertex 0: colour True is not a whole number
    >>> is_proper_coloring(g, None)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: coloring must be a sequence of colours (ints), got NoneType
    >>> is_proper_coloring(g, (1, 2), True)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: k must be a whole number (or None: any colour >= 1), \
got True
    """
    if not isinstance(graph, Graph):
        require_graph(graph, "is_proper_coloring")
    if k is not None and type(k) is not int:
        if not is_whole(k):
            raise InvalidArgument(f"k must be a whole number (or None: any colour >= 1), got {k!r}")
        k = int(k)
    return _proper(graph, coloring, k)


def _proper(graph: Graph, coloring: Sequence[int], k: int | None) -> bool:
    """:func:`is_proper_coloring` on a :class:`Graph`."""
    if type(coloring) is not tuple and (
        isinstance(coloring, str) or not hasattr(coloring, "__len__")
    ):
        raise InvalidArgument(
            f"coloring must be a sequence of colours (ints), got {type(coloring).__name__}"
        )
    if len(coloring) != graph.n:
        return False
    colours = _to_bytes(coloring)
    types = {*map(type, coloring)}
    if not types <= _INT and not all(
        issubclass(t, Integral) and not issubclass(t, bool) for t in types
    ):
        for v, c in enumerate(coloring):  # a bool among them (True is 1), or no number
            if not is_whole(c):
                raise InvalidArgument(f"coloring: vertex {v}: colour {c!r} is not a whole number")
    if colours is None:  # colours that are no bytes, compared one by one
        if any(c < 1 or (k is not None and c > k) for c in coloring):
            return False
    elif colours.translate(None, _KEYS if k is None else bytes(range(1, min(k, 255) + 1))):
        return False  # a colour outside 1..k
    return _first_conflict(graph, coloring, colours) is None


def require_problem(x: object, what: str) -> Problem:
    """``x`` when it is a :class:`Problem`; else :class:`InvalidArgument` saying that ``what``
    (a function's name) takes one, with a hint for a grid (what has a ``problem`` property).

    >>> require_problem("1.3.", "grid_of")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: grid_of takes a Problem, got str
    """
    if not isinstance(x, Problem):
        grid = isinstance(getattr(type(x), "problem", None), property)  # (not computed)
        hint = " (give its .problem)" if grid else ""
        raise InvalidArgument(f"{what} takes a Problem, got {type(x).__name__}{hint}")
    return x


def is_solution(problem: Problem, coloring: Sequence[int]) -> bool:
    """True when ``coloring`` is a proper k-colouring that keeps the precolouring and the
    cages (distinct colours adding up to each cage's sum).

    Raises :class:`InvalidArgument` when ``problem`` is not a :class:`Problem` (a grid's is
    its ``.problem``; ``grid.is_solution_of(puzzle)`` checks a solved grid) or ``coloring``
    is not a sequence of whole numbers (a bool is none, as for :func:`is_proper_coloring`).

    >>> from sudograph.grid import Grid
    >>> is_solution(Grid.empty(2), (1,) * 16)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: is_solution takes a Problem, got Grid (give its .problem)
    """
    require_problem(problem, "is_solution")
    return (
        _proper(problem.graph, coloring, problem.k)
        and _keeps(problem.precolouring, coloring)
        and cages_hold(problem.cages, coloring)
    )


def _keeps(precolouring: Sequence[int], coloring: Sequence[int]) -> bool:
    """True when ``coloring`` has the colour of every coloured vertex of ``precolouring``
    (of the same length: ValueError otherwise).

    >>> _keeps((0, 2, 0), (1, 2, 3)), _keeps((0, 2, 0), (2, 1, 3))
    (True, False)
    """
    pre, colours = _to_bytes(precolouring), _to_bytes(coloring)
    if pre is None or colours is None or len(pre) != len(colours):
        return all(p == 0 or p == c for p, c in zip(precolouring, coloring, strict=True))
    given = int.from_bytes(pre.translate(_NONZERO), "little")  # 0xFF at the coloured
    return (int.from_bytes(colours, "little") & given) == int.from_bytes(pre, "little")


@dataclass
class Stats:
    """What a solver did: ``nodes`` (tentative assignments), ``backtracks`` (assignments undone),
    ``deductions`` (forced assignments or eliminations by inference), ``attempts`` (runs of a
    randomized method), ``max_depth`` and wall ``seconds``; ``engine`` names the compiled engine
    that ran, when one did (``houses``: the house kernel).

    ``==`` compares the counters and the engine, not ``seconds`` (the clock's, never the same
    twice): the stats of two runs of a deterministic method are equal.

    >>> Stats(nodes=3, seconds=0.1) == Stats(nodes=3, seconds=0.2), Stats(nodes=3) == Stats()
    (True, False)
    """

    nodes: int = 0
    backtracks: int = 0
    deductions: int = 0
    attempts: int = 0
    max_depth: int = 0
    seconds: float = field(default=0.0, compare=False)
    engine: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The fields as a plain dict (for JSON), ``engine`` included ("" when no compiled
        engine ran: its figures are all counted; see :attr:`Result.uncounted`)."""
        return {
            "nodes": self.nodes,
            "backtracks": self.backtracks,
            "deductions": self.deductions,
            "attempts": self.attempts,
            "max_depth": self.max_depth,
            "seconds": self.seconds,
            "engine": self.engine,
        }


UNCOUNTED: dict[str, tuple[str, ...]] = {
    "fast9": ("backtracks", "deductions", "max_depth"),
    "houses": ("deductions",),
    "sat": ("max_depth",),
    "dsatur+tabucol": ("backtracks", "deductions", "max_depth"),
}
"""The fields of :class:`Stats` that an engine (``Stats.engine``) does not count, leaving
them at 0: the 9×9 kernel counts only its guesses (``nodes``); the house kernel its guesses
(``nodes``; its last colour of a vertex is tried in place, a guess too), its dead ends
(``backtracks``: a propagation that fails, as SAT's conflicts; not the reference search's
"assignment undone", so 0 on a complete enumeration without a dead end, and 1 with no guess
on a puzzle that propagation refutes) and the depth of its guess levels (``max_depth``);
method ``sat`` its decisions (``nodes``), conflicts (``backtracks``, which can outnumber the
decisions: a conflict found by propagation alone needs none) and propagations
(``deductions``), not a depth. After a handoff to SAT (``houses+sat``) ``nodes`` adds the
kernel's guesses to SAT's decisions and ``backtracks`` its dead ends to SAT's conflicts,
``deductions`` are SAT's propagations and ``max_depth`` the kernel's."""


_KERNEL_OF = {"fast": "fast9", "sat": "sat"}
"""The books of a method that has no reference search (:attr:`Result.counted_by`)."""


@dataclass
class Result:
    """The outcome of a solve: ``status``, up to ``limit`` ``solutions`` and the ``stats``.

    ``status`` is ``"solved"`` (at least one solution found), ``"unsatisfiable"`` (the search
    was complete and found none) or ``"stopped"`` (a node limit, a time limit, an interrupt,
    or a randomized method that ran out of attempts; ``reason`` says which). For a Grid input
    ``grids`` holds the solved grids. ``complete`` is True when every solution was enumerated,
    so the count is exact: ``count``, the number found (None where a method leaves it to
    ``len(solutions)``); ``solutions`` may hold fewer, where a store is capped (``keep``, or
    method ``fast``'s 10,000 when every solution is asked for). ``seed`` is the seed a
    randomized method used (to replay the run).

    ``repr`` is short: the status, the method, the solutions found (and the count, when
    there is one), nodes and seconds, not the solutions themselves (the fields hold them);
    ``str`` is the :meth:`summary`, the line a person reads (``print(result)``).

    ``==`` compares what a result says: every field, the stats' counters included, but not
    the time taken (:class:`Stats`), so two solves of a puzzle by a deterministic method
    give equal results.

    >>> r = Result("solved", [(1, 2)], Stats(nodes=3, seconds=0.00021), "naive", complete=True)
    >>> r
    Result(status='solved', method='naive', solutions=1, complete=True, nodes=3, seconds=0.0002)
    >>> print(r)
    solved: 1 solution, 3 nodes, 0 backtracks, 0.0002 s
    >>> r.solutions, r.stats.nodes
    ([(1, 2)], 3)
    """

    status: Status
    solutions: list[Coloring] = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)
    method: str = ""
    reason: str = ""
    complete: bool = False
    grids: list[Grid] = field(default_factory=list)
    count: int | None = None
    seed: int | None = None
    puzzle: Any = None
    """The Grid solved, when one was given (notebooks draw its clues apart from the solution)."""

    @property
    def solution(self) -> Coloring | None:
        """The first solution, or None."""
        return self.solutions[0] if self.solutions else None

    @property
    def grid(self) -> Grid | None:
        """The first solved grid (Grid inputs only), or None."""
        return self.grids[0] if self.grids else None

    @property
    def counted_by(self) -> str:
        """The compiled kernel whose books :attr:`stats` are (``fast9``, ``houses``, ``sat``...:
        their nodes are its guesses), or ``""`` when they are the method's own, as its
        reference search counts them (its compiled twin counts the same). A Result of method
        ``fast`` or ``sat`` made without stats (a stopped one before any search, a ``k``
        refuted by a clique before the solver ran) is the 9×9 kernel's or SAT's.

        >>> Result("solved", method="fast").counted_by, Result("solved").counted_by
        ('fast9', '')
        >>> Result("stopped", method="sat").counted_by
        'sat'
        """
        return self.stats.engine or _KERNEL_OF.get(self.method, "")

    @property
    def uncounted(self) -> tuple[str, ...]:
        """The fields of :attr:`stats` left at 0 because the engine that ran does not count
        them (:data:`UNCOUNTED`, by :attr:`counted_by`), or because the method makes no search
        nodes (``logic``, the greedy family: ``Method.searches``), whose nodes, backtracks and
        depth are no measure; the greedy family counts no deductions either (``logic``'s are
        its steps).

        >>> Result("solved", stats=Stats(engine="houses")).uncounted
        ('deductions',)
        >>> Result("solved", method="fast").uncounted
        ('backtracks', 'deductions', 'max_depth')
        >>> Result("solved", method="propagate").uncounted
        ()
        >>> Result("solved", method="logic").uncounted
        ('nodes', 'backtracks', 'max_depth')
        >>> Result("solved", method="greedy").uncounted
        ('nodes', 'backtracks', 'deductions', 'max_depth')
        """
        from .methods import METHODS

        method = METHODS.get(self.method or "")
        if method is not None and not method.searches:
            if method.randomized:  # the greedy family: attempts, no deduction counted
                return ("nodes", "backtracks", "deductions", "max_depth")
            return ("nodes", "backtracks", "max_depth")
        return UNCOUNTED.get(self.counted_by, ())

    def __bool__(self) -> bool:
        return self.status == "solved"

    def as_dict(self) -> dict[str, Any]:
        """A plain dict for JSON: ``status``, ``method``, ``reason``, ``complete``, ``count``
        (:attr:`count`, else the solutions found when :attr:`complete`, else None), ``seed``,
        ``solutions`` (lists of colours), ``stats`` (:meth:`Stats.as_dict`, a figure the engine
        does not count as None: :attr:`uncounted`).

        >>> d = Result("solved", [(1, 2)], Stats(nodes=3, engine="houses"), "fast").as_dict()
        >>> d["solutions"], d["count"], d["stats"]["nodes"], d["stats"]["deductions"]
        ([[1, 2]], None, 3, None)
        """
        stats = self.stats.as_dict()
        for name in self.uncounted:
            stats[name] = None
        count = (
            self.count if self.count is not None else len(self.solutions) if self.complete else None
        )
        return {
            "status": self.status,
            "method": self.method,
            "reason": self.reason,
            "complete": self.complete,
            "count": count,
            "seed": self.seed,
            "solutions": [list(s) for s in self.solutions],
            "stats": stats,
        }

    def found(self) -> int:
        """The number of solutions found: :attr:`count` when there is one (the solutions
        kept may be fewer), else ``len(solutions)``; exact when :attr:`complete`, else a
        lower bound.

        >>> Result("solved", [(1,)], count=288, complete=True).found()
        288
        """
        return len(self.solutions) if self.count is None else self.count

    def summary(self) -> str:
        """One line: status, solutions, nodes, backtracks, time; a figure the engine that ran
        does not count (:attr:`uncounted`) is left out, not written as 0.

        The solutions are :meth:`found`: the exact number when the search was
        :attr:`complete` (``288 solutions``, ``no solution``), else those found (``1 solution
        found``: the search stopped at ``limit``, or at a node or time limit, so there may be
        more; ``no solution found``); ``(2 kept)`` when the result holds fewer than it counted.

        >>> Result("solved", [(1,)], method="fast").summary()
        'solved: 1 solution found, 0 nodes, 0.0000 s'
        >>> Result("solved", [(1,), (2,)], method="naive", complete=True, count=288).summary()
        'solved: 288 solutions (2 kept), 0 nodes, 0 backtracks, 0.0000 s'
        >>> Result("unsatisfiable", method="naive", complete=True).summary()
        'unsatisfiable: no solution, 0 nodes, 0 backtracks, 0.0000 s'
        """
        s = self.stats
        extra = f" ({self.reason})" if self.reason else ""
        uncounted = self.uncounted
        counts = "".join(
            f"{plural(value, noun, grouped=False)}, "
            for noun, value in (("node", s.nodes), ("backtrack", s.backtracks))
            if noun + "s" not in uncounted
        )
        found = self._solutions_text()
        return f"{self.status}{extra}: {found}, {counts}{s.seconds:.4f} s"

    def _solutions_text(self) -> str:
        """The solutions of :meth:`summary`: ``288 solutions (2 kept)``, ``1 solution
        found``, ``no solution``..."""
        found = self.found()
        if not found:
            return "no solution" if self.complete else "no solution found"
        text = f"{found} solution{'' if found == 1 else 's'}"
        if not self.complete:  # a lower bound: the search stopped
            text += " found"
        if 0 < len(self.solutions) < found:
            text += f" ({len(self.solutions)} kept)"
        return text

    def __repr__(self) -> str:
        """``Result(status=..., method=..., solutions=N, ...)``: the figures, not the
        solutions (see the class docstring)."""
        parts = [f"status={self.status!r}", f"method={self.method!r}"]
        if self.reason:
            parts.append(f"reason={self.reason!r}")
        parts.append(f"solutions={len(self.solutions)}")
        if self.count is not None:
            parts.append(f"count={self.count}")
        parts.append(f"complete={self.complete}")
        if self.seed is not None:
            parts.append(f"seed={self.seed}")
        parts.append(f"nodes={self.stats.nodes}")
        parts.append(f"seconds={self.stats.seconds:.4f}")
        return f"Result({', '.join(parts)})"

    def __str__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        """The summary (HTML-escaped), and the first solved grid: the clues bold, the digits
        found blue."""
        import html

        body = html.escape(self.summary())
        if self.grids:
            from .render import grid_svg

            first = self.grids[0]
            if self.puzzle is not None:
                return f"<div>{body}</div>{grid_svg(self.puzzle, solution=first)}"
            return f"<div>{body}</div>{grid_svg(first)}"
        return f"<div>{body}</div>"


def check_nonnegative(name: str, value: float | None) -> None:
    """Raise :class:`InvalidArgument` when a limit is negative, or NaN (said so: ``got nan``
    alone reads like a typo).

    >>> check_nonnegative("timeout", float("nan"))
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: timeout must be >= 0, got NaN (not a number)
    """
    if value is not None and value != value:
        raise InvalidArgument(f"{name} must be >= 0, got NaN (not a number)")
    if value is not None and not value >= 0:
        raise InvalidArgument(f"{name} must be >= 0, got {value}")


TraceHook = Any
"""A callable receiving trace events (see :mod:`sudograph.search.trace`), or None."""

MAX_NODES = 2**62
"""The largest node cap, and solution limit, the engines take (their counters are 64-bit): a
larger ``max_nodes`` or ``limit``, which no search reaches, is read as this one (an int of
400 digits overflowed a compiled engine; the compiled engines clamp to it too)."""

MAX_TIMEOUT = 1e9
"""The longest timeout in seconds (about 31 years): a larger one, ``float("inf")`` or an int
of 400 digits (which no float holds), is read as this, which is no limit in practice."""


def clamp_timeout(timeout: float) -> float:
    """``timeout`` (a number of seconds, not NaN) as a float, at most :data:`MAX_TIMEOUT`.

    >>> clamp_timeout(10**400), clamp_timeout(2)
    (1000000000.0, 2.0)
    """
    return MAX_TIMEOUT if timeout > MAX_TIMEOUT else float(timeout)


def as_seed(seed: object) -> int | None:
    """``seed`` as an int ``>= 0`` (numpy's integers converted), or None;
    :class:`InvalidArgument` on anything else: ``random.Random`` would seed by a string's
    hash, a float's value or a negative number's absolute value (``-1`` as ``1``), and a
    method that draws no random numbers would ignore it, silently (numpy's ``default_rng``
    refuses a negative seed too).

    >>> import numpy as np
    >>> as_seed(np.int64(3)), as_seed(None), as_seed(0)
    (3, None, 0)
    >>> as_seed(1.5)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: seed must be a whole number >= 0 (or None), got 1.5
    >>> as_seed(-1)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: seed must be a whole number >= 0, got -1
    """
    if seed is None:
        return None
    if type(seed) is not int:
        if not is_whole(seed):
            raise InvalidArgument(f"seed must be a whole number >= 0 (or None), got {seed!r}")
        seed = int(cast(Integral, seed))
    if seed < 0:
        raise InvalidArgument(f"seed must be a whole number >= 0, got {seed}")
    return seed


ITERMAX = 1000
"""The attempts a randomized method makes by default (:attr:`SolveOptions.itermax`)."""


@dataclass
class SolveOptions:
    """Every knob a method may read; each method ignores what does not apply to it.

    ``limit``: solutions wanted (None = all); ``max_nodes`` / ``timeout`` (seconds): stop with
    status ``stopped``; ``trace``: event callback; ``seed`` and ``itermax``: randomized methods;
    ``order`` / ``inference``: the search matrix; ``engine``: ``auto``, ``python`` or ``numba``.

    None is "not given" for every option: no limit, no node cap, no timeout, no trace, a
    fresh seed, no order or inference of its own (the method's), and the defaults of
    ``itermax`` (:data:`ITERMAX`) and ``engine`` (``auto``). Anything else of the wrong type
    (a string, a float count, a bool, a list...) is refused with :class:`InvalidArgument`
    naming the option and the value given; numpy's integers are taken as ints.

    >>> SolveOptions(itermax=None, engine=None).itermax, SolveOptions(engine=None).engine
    (1000, 'auto')
    >>> SolveOptions(itermax="5")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: itermax must be a whole number, got '5'
    >>> SolveOptions(order=["mrv"])
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: order must be a name such as 'mrv' (or None), got ['mrv']
    """

    limit: int | None = 1
    max_nodes: int | None = None
    timeout: float | None = None
    trace: TraceHook = None
    seed: int | None = None
    itermax: int = ITERMAX
    order: str | None = None
    inference: str | None = None
    engine: str = "auto"

    def __post_init__(self) -> None:
        if self.itermax is None:  # None: not given (as count() and the CLI pass it)
            self.itermax = ITERMAX
        if self.engine is None:
            self.engine = "auto"
        for name in ("limit", "max_nodes", "itermax"):  # counts: whole numbers (2.5 nodes hung)
            value = getattr(self, name)
            if value is not None and type(value) is not int:
                if not is_whole(value):
                    raise InvalidArgument(f"{name} must be a whole number, got {value!r}")
                setattr(self, name, int(value))  # a numpy integer
        if self.timeout is not None and (
            isinstance(self.timeout, bool) or not isinstance(self.timeout, Real)
        ):
            raise InvalidArgument(f"timeout must be a number of seconds, got {self.timeout!r}")
        check_nonnegative("max_nodes", self.max_nodes)
        check_nonnegative("timeout", self.timeout)
        if self.max_nodes is not None and self.max_nodes > MAX_NODES:
            self.max_nodes = MAX_NODES
        if self.timeout is not None and type(self.timeout) is not float:
            self.timeout = clamp_timeout(self.timeout)
        elif self.timeout is not None and self.timeout > MAX_TIMEOUT:
            self.timeout = MAX_TIMEOUT
        if self.seed is not None:
            self.seed = as_seed(self.seed)
        if self.trace is not None and not callable(self.trace):
            raise InvalidArgument(
                f"trace must be callable (it receives each TraceEvent), got {self.trace!r}"
            )
        if self.limit is not None and self.limit < 1:
            raise InvalidArgument(f"limit must be >= 1 (or None for all), got {self.limit}")
        if self.itermax < 1:
            raise InvalidArgument(f"itermax must be >= 1, got {self.itermax}")
        for name, example in (("order", "mrv"), ("inference", "singles")):
            value = getattr(self, name)
            if value is not None and type(value) is not str:
                raise InvalidArgument(
                    f"{name} must be a name such as {example!r} (or None), got {value!r}"
                )
        if (self.order, self.inference) not in _NAMES_PASSED:
            from .methods import check_order_inference  # (methods imports this module)

            check_order_inference(self.order, self.inference)
            _NAMES_PASSED.add((self.order, self.inference))
        if type(self.engine) is not str or self.engine not in ("auto", "python", "numba"):
            raise InvalidArgument(f"engine must be auto, python or numba, got {self.engine!r}")


_NAMES_PASSED: set[tuple[str | None, str | None]] = {(None, None)}
"""The pairs ``(order, inference)`` of :class:`SolveOptions` that passed (a dozen at most:
the names are checked once, not at every solve)."""
