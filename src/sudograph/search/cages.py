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

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from ..problem import Problem

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


class CageIndex:
    """The cages of a problem, ready for the search: ``cage_of[v]`` (-1 outside any cage) and
    :meth:`allowed`, the colours a free vertex may take given the live colouring."""

    def __init__(self, problem: Problem) -> None:
        self.k = problem.k
        self.full = (1 << problem.k) - 1
        self.cells = [cells for cells, _ in problem.cages]
        self.totals = [total for _, total in problem.cages]
        self.cage_of = [-1] * problem.graph.n
        for i, cells in enumerate(self.cells):
            for v in cells:
                self.cage_of[v] = i
        self.combos = [
            cage_combinations(len(cells), total, problem.k) for cells, total in problem.cages
        ]
        self.memo: list[dict[int, int]] = [{} for _ in self.cells]

    def allowed(self, v: int, colour: Sequence[int]) -> int:
        """Mask of the colours free vertex ``v`` may take as far as its cage is concerned
        (every colour when v is in no cage)."""
        i = self.cage_of[v]
        if i < 0:
            return self.full
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
        """After colouring ``v``: False when a free cell of v's cage has no colour left (or a
        complete cage misses its sum)."""
        i = self.cage_of[v]
        if i < 0:
            return True
        cells = self.cells[i]
        free = [u for u in cells if not colour[u]]
        if not free:
            return sum(colour[u] for u in cells) == self.totals[i]
        mask = self.allowed(free[0], colour)
        return all(mask & ~used[u] for u in free)
