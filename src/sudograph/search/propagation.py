"""Inference of the search: the reversible domains, and naked and hidden singles.

``singles`` (one of the inferences of :mod:`sudograph.search.backtracking`) assigns, to a
fixpoint: *naked singles* (an uncoloured vertex with one colour left) and *hidden singles* (in
a house of k vertices, a colour missing from the house with one place left). One pass sweeps
the vertices in index order against the live state, then the houses in order (colours
ascending); passes repeat until one changes nothing. A vertex with an empty domain, or a house
where a missing colour has no place left, is a dead end. Houses with fewer or more than k
vertices are not used (a colour need not appear in them): on a graph without houses this is
naked singles only.

>>> from sudograph.graph import Graph
>>> d = Domains(Problem(Graph.from_edges(3, [(0, 1), (1, 2)]), 2, (1, 0, 0))); d.setup()
>>> found = []
>>> propagate_singles(d, lambda v, c: (found.append((v, c)), d.set(v, c))[1])
True
>>> found
[(1, 2), (2, 1)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..problem import Problem
from .cages import CageIndex


@dataclass
class Domains:
    """The mutable colouring of a search, with what makes a domain O(1) to read.

    ``colour[v]`` (0 = uncoloured), ``count[v][c]`` neighbours of v coloured c, ``used[v]`` the
    bit mask of those colours (``domain(v) = full & ~used[v]``), ``free_degree[v]`` uncoloured
    neighbours, ``free`` uncoloured vertices, ``trail`` the assignments made by the search so far
    as ``(vertex, is_node)`` (clues are not on it). Call :meth:`setup` first.

    >>> from sudograph.graph import petersen_graph
    >>> d = Domains(Problem(petersen_graph(), 3)); d.setup()
    >>> d.set(0, 1), d.domain(1), d.free
    (True, 6, 9)
    """

    problem: Problem
    colour: list[int] = field(default_factory=list)
    count: list[list[int]] = field(default_factory=list)  # count[v][c]: neighbours coloured c
    used: list[int] = field(default_factory=list)
    free_degree: list[int] = field(default_factory=list)  # uncoloured neighbours
    free: int = 0
    trail: list[tuple[int, bool]] = field(default_factory=list)  # (vertex, is_node)
    cages: CageIndex | None = None  # killer cages (problem.cages), None without

    @property
    def full(self) -> int:
        """The mask of every colour 1..k."""
        return (1 << self.problem.k) - 1

    def domain(self, v: int) -> int:
        """The colours left to v, as a bit mask (bit c-1 for colour c); with killer cages,
        only the colours that keep v's cage completable."""
        if self.cages is not None:
            return self.full & ~self.used[v] & self.cages.allowed(v, self.colour)
        return self.full & ~self.used[v]

    def setup(self) -> None:
        """Start from the precolouring (the clues)."""
        g, k = self.problem.graph, self.problem.k
        n = g.n
        self.colour = [0] * n
        self.count = [[0] * (k + 1) for _ in range(n)]
        self.used = [0] * n
        self.free_degree = [len(a) for a in g.neighbors]
        self.free = n
        self.cages = CageIndex(self.problem) if self.problem.cages else None
        for v, c in enumerate(self.problem.precolouring):
            if c:
                self.set(v, c)

    def set(self, v: int, c: int) -> bool:
        """Colour v with c; False when an uncoloured neighbour's domain became empty."""
        self.colour[v] = c
        self.free -= 1
        bit = 1 << (c - 1)
        full = (1 << self.problem.k) - 1
        colour, count, used, fdeg = self.colour, self.count, self.used, self.free_degree
        ok = True
        for u in self.problem.graph.neighbors[v]:
            cu = count[u]
            cu[c] += 1
            fdeg[u] -= 1
            if cu[c] == 1:
                used[u] |= bit
                if used[u] == full and not colour[u]:
                    ok = False
        if self.cages is not None and ok:
            ok = self.cages.cage_ok(v, colour, used)
        return ok

    def clear(self, v: int) -> None:
        """Uncolour v."""
        c = self.colour[v]
        self.colour[v] = 0
        self.free += 1
        bit = 1 << (c - 1)
        count, used, fdeg = self.count, self.used, self.free_degree
        for u in self.problem.graph.neighbors[v]:
            cu = count[u]
            cu[c] -= 1
            fdeg[u] += 1
            if cu[c] == 0:
                used[u] &= ~bit


def propagate_singles(state: Domains, deduce: Callable[[int, int], object]) -> bool:
    """Naked and hidden singles to a fixpoint; ``deduce(v, c)`` must colour v with c (and
    record it). Returns False on a dead end (the state is then left for the caller to undo)."""
    colour, used, full = state.colour, state.used, state.full
    k = state.problem.k
    houses = [h for h in state.problem.graph.houses if len(h) == k]
    cages = state.cages  # killer cages restrict the domains (None without)
    n = len(colour)
    changed = True
    while changed:
        changed = False
        for v in range(n):
            if colour[v]:
                continue
            d = full & ~used[v]
            if cages is not None:
                d &= cages.allowed(v, colour)
            if d == 0:
                return False
            if d & (d - 1) == 0:
                deduce(v, d.bit_length())
                changed = True
        for h in houses:
            once = twice = placed = 0
            for v in h:
                if colour[v]:
                    placed |= 1 << (colour[v] - 1)
                else:
                    d = full & ~used[v]
                    if cages is not None:
                        d &= cages.allowed(v, colour)
                    twice |= once & d
                    once |= d
            if full & ~placed & ~once:
                return False
            hidden = once & ~twice & ~placed
            while hidden:
                bit = hidden & -hidden
                hidden ^= bit
                for v in h:
                    if not colour[v] and state.domain(v) & bit:
                        deduce(v, bit.bit_length())
                        changed = True
                        break
    return True
