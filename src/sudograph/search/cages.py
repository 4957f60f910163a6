"""Killer cages in the reference engine: which colours a cage still allows its free cells.

A cage ``(cells, sum)`` holds distinct colours adding up to ``sum``. Its *combinations* are the
sets of ``len(cells)`` distinct colours of ``1..k`` with that sum (bit masks). Given the colours
already placed in the cage, a free cell of the cage may take only a colour of a combination that
contains every placed colour, and is not placed yet. That mask (memoised per placed set) is
intersected with the cell's graph domain by :class:`~sudograph.search.propagation.Domains`, so
every order and inference of the search honours cages:

- ``check``: a colour is tried only if it keeps the cage completable (which includes the
  classroom rule: the partial sum never overflows, a complete cage makes its sum);
- ``forward``: also, an assignment fails at once when a free cell of its cage has no colour left;
- ``singles``: naked and hidden singles read the cage-restricted domains.

Each house of ``k`` cells also yields, by the killer's rule of 45, the cage its cells outside
its inner cages make (:func:`implied_cages`); the search prunes on those as on the puzzle's
cages (a cell may then lie in two cages), and only the puzzle's are checked.

When a cage has more than :data:`MAX_COMBINATIONS` combinations (large k and mid-sized cages),
the mask falls back to the sum bounds: a colour is allowed when the rest of the cage can still
reach the sum with distinct unused colours.

>>> from sudograph.graph import Graph
>>> from sudograph.problem import Problem
>>> cages = CageIndex(Problem(Graph.from_edges(3, [(0, 1)]), 4, cages=(((0, 1), 3),)))
>>> bin(cages.allowed(0, [0, 0, 0])), bin(cages.allowed(1, [2, 0, 0])), cages.allowed(2, [0, 0, 0])
('0b11', '0b1', 15)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from itertools import combinations

from ..problem import Cage, Problem

MAX_COMBINATIONS = 20000
"""Above this many combinations a cage prunes by its sum bounds only."""


@cache
def cage_combinations(size: int, total: int, k: int) -> tuple[int, ...] | None:
    """Bit masks (bit c-1 for colour c) of the sets of ``size`` distinct colours ``1..k``
    adding up to ``total``; None when there would be more than :data:`MAX_COMBINATIONS`.
    Computed once per ``(size, total, k)``.

    >>> [bin(m) for m in cage_combinations(2, 5, 4)]
    ['0b1001', '0b110']
    """
    out: list[int] = []
    for checked, combo in enumerate(combinations(range(1, k + 1), size), 1):
        if checked > 50 * MAX_COMBINATIONS:
            return None
        if sum(combo) == total:
            out.append(sum(1 << (c - 1) for c in combo))
            if len(out) > MAX_COMBINATIONS:
                return None
    return tuple(out)


IMPLIED_MAX_CELLS = 0.5
"""An implied cage (:func:`implied_cages`) is kept when it has at most this share of its
house's cells, rounded up (5 of 9): 30 killers of ``generate_variant``, the kernel's guesses
with implied cages of at most 0 / 1 / 3 / 5 / 8 cells: 10.9 / 6.3 / 2.4 / 0.8 / 0.7, its time
79 / 56 / 37 / 24 / 26 µs a puzzle."""


def implied_cages(
    houses: Sequence[Sequence[int]], cages: Sequence[Cage], k: int
) -> tuple[Cage, ...]:
    """The killer's *rule of 45*: in a house of ``k`` cells, the cells that no cage lying
    wholly inside the house covers add up to ``k(k+1)/2`` less those cages' sums, and hold
    distinct colours, so they form a cage of their own. One per house whose rest has from one
    cell to :data:`IMPLIED_MAX_CELLS` of the house (a rest of one cell is a given), not
    already a cage, whose combinations the reference lists. Every solution keeps them; the
    engines prune on them as on the puzzle's cages (:class:`CageIndex` here; the house kernel
    took 10.9 guesses a generated killer without them, 0.8 with them), and only the puzzle's
    cages are checked.

    >>> rows = [(0, 1, 2, 3), (4, 5, 6, 7)]
    >>> implied_cages(rows, [((0, 1), 3), ((2, 6), 5)], 4)  # row 1: 1 + 2, so 3 + 4 left
    (((2, 3), 7),)
    >>> implied_cages(rows, [((0, 1, 2), 6)], 4)  # row 1: a given 4 in cell 3
    (((3,), 4),)
    """
    total = k * (k + 1) // 2
    known = {frozenset(cells) for cells, _ in cages}
    out: list[Cage] = []
    for house in houses:
        if len(house) != k:
            continue
        members = set(house)
        inside = [(cells, s) for cells, s in cages if members.issuperset(cells)]
        rest = members.difference(*(cells for cells, _ in inside))
        if not rest or len(rest) > math.ceil(IMPLIED_MAX_CELLS * k) or frozenset(rest) in known:
            continue
        left = total - sum(s for _, s in inside)
        if cage_combinations(len(rest), left, k) is None:
            continue
        known.add(frozenset(rest))
        out.append((tuple(sorted(rest)), left))
    return tuple(out)


class CageIndex:
    """The cages of a problem, ready for the search: the puzzle's and those they imply
    (:func:`implied_cages`, when the graph has houses of ``k`` vertices), ``of_vertex[v]``
    the cages of ``v`` (none outside every cage, two where an implied cage crosses a
    puzzle's), and :meth:`allowed`, the colours a free vertex may take given the live
    colouring."""

    def __init__(self, problem: Problem) -> None:
        k = self.k = problem.k
        self.full = (1 << k) - 1
        houses = [h for h in problem.graph.houses if len(h) == k]
        cages = (*problem.cages, *implied_cages(houses, problem.cages, k))
        self.cells = [cells for cells, _ in cages]
        self.totals = [total for _, total in cages]
        self.of_vertex: list[tuple[int, ...]] = [()] * problem.graph.n
        for i, cells in enumerate(self.cells):
            for v in cells:
                self.of_vertex[v] += (i,)
        self.combos = [cage_combinations(len(cells), total, k) for cells, total in cages]
        self.memo: list[dict[int, int]] = [{} for _ in self.cells]

    def allowed(self, v: int, colour: Sequence[int]) -> int:
        """Mask of the colours free vertex ``v`` may take as far as its cages are concerned
        (every colour when v is in no cage)."""
        mask = self.full
        for i in self.of_vertex[v]:
            mask &= self._allowed(i, colour)
        return mask

    def _allowed(self, i: int, colour: Sequence[int]) -> int:
        """Mask of the colours a free cell of cage ``i`` may take."""
        placed = 0
        for u in self.cells[i]:
            if colour[u]:
                placed |= 1 << (colour[u] - 1)
        memo = self.memo[i]
        mask = memo.get(placed)
        if mask is None:
            mask = self._mask(i, placed)
            memo[placed] = mask
        return mask

    def _mask(self, i: int, placed: int) -> int:
        combos = self.combos[i]
        if combos is not None:
            mask = 0
            for m in combos:
                if m & placed == placed:
                    mask |= m
            return mask & ~placed
        # bounds only: colour c is allowed when the other free cells can still make the rest
        left = len(self.cells[i]) - placed.bit_count() - 1
        rest = self.totals[i] - sum(c for c in range(1, self.k + 1) if placed >> (c - 1) & 1)
        mask = 0
        for c in range(1, self.k + 1):
            if placed >> (c - 1) & 1:
                continue
            free = [d for d in range(1, self.k + 1) if d != c and not placed >> (d - 1) & 1]
            need = rest - c
            if left == 0:
                ok = need == 0
            else:
                ok = len(free) >= left and sum(free[:left]) <= need <= sum(free[-left:])
            if ok:
                mask |= 1 << (c - 1)
        return mask

    def cage_ok(self, v: int, colour: Sequence[int], used: Sequence[int]) -> bool:
        """After colouring ``v``: False when a free cell of one of v's cages has no colour left
        (or a complete cage misses its sum)."""
        for i in self.of_vertex[v]:
            cells = self.cells[i]
            free = [u for u in cells if not colour[u]]
            if not free:
                if sum(colour[u] for u in cells) != self.totals[i]:
                    return False
                continue
            mask = self._allowed(i, colour)
            if not all(mask & ~used[u] for u in free):
                return False
        return True
