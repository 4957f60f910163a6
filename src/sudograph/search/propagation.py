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

import heapq
from collections.abc import Callable, Sequence
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
    record it). Returns False on a dead end (the state is then left for the caller to undo).
    A :class:`TrackedDomains` state is swept through its low vertices only (same steps)."""
    if isinstance(state, TrackedDomains):
        return _propagate_tracked(state, deduce)
    colour, used, full = state.colour, state.used, state.full
    houses = _exact_houses(state)
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
        found = _hidden_singles(state, houses, deduce)
        if found is None:
            return False
        changed = changed or found
    return True


def _exact_houses(state: Domains) -> list[Sequence[int]]:
    """The houses of k vertices (the only ones where every colour must have a place)."""
    k = state.problem.k
    return [h for h in state.problem.graph.houses if len(h) == k]


def _hidden_singles(
    state: Domains, houses: list[Sequence[int]], deduce: Callable[[int, int], object]
) -> bool | None:
    """One pass of hidden singles over ``houses`` in order (colours ascending): whether it
    deduced anything, or None on a dead end (a missing colour with no place left)."""
    colour, used, full = state.colour, state.used, state.full
    cages = state.cages
    changed = False
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
            return None
        hidden = once & ~twice & ~placed
        while hidden:
            bit = hidden & -hidden
            hidden ^= bit
            for v in h:
                if not colour[v] and state.domain(v) & bit:
                    deduce(v, bit.bit_length())
                    changed = True
                    break
    return changed


# -- large graphs --------------------------------------------------------------------------------

#: The search keeps :class:`TrackedDomains` (without killer cages) on graphs of at least
#: ``TRACK_MIN`` vertices that are sparse enough: ``TRACK_SPARSITY`` vertices or more per
#: neighbour a vertex has on average (plus one). Its choice of vertex and its naked singles then
#: cost the vertices that changed, not a sweep of every vertex, which made the search quadratic
#: on large sparse graphs (16,000 isolated vertices: 20 s by ``dsatur``, 0.06–0.10 s tracked);
#: on Sudoku grids (9×9: 3.9 vertices per neighbour plus one, 16×16: 6.4) the sweeps are as fast
#: or faster (``bench/ab_tracked.py``; ``docs/benchmarks.md``, "The reference search on large
#: graphs"). The steps taken are the same either way.
TRACK_MIN = 64
TRACK_SPARSITY = 8


def tracks(problem: Problem) -> bool:
    """Whether the search on ``problem`` keeps :class:`TrackedDomains` (see ``TRACK_MIN``).

    >>> from sudograph.graph import Graph, sudoku_graph
    >>> tracks(Problem(Graph.from_edges(1000, []), 2)), tracks(Problem(sudoku_graph(3), 9))
    (True, False)
    """
    n = problem.graph.n
    if problem.cages or n < TRACK_MIN:
        return False
    return n * n >= TRACK_SPARSITY * (2 * problem.graph.num_edges + n)


@dataclass
class TrackedDomains(Domains):
    """:class:`Domains` that also keep what makes the search's two sweeps cheap on large graphs,
    with the same outcome: a heap of the uncoloured vertices by the search ``order``'s key
    (``static``: lowest index; ``mrv``: fewest colours, then lowest index; ``dsatur``: fewest
    colours, then most uncoloured neighbours, then lowest index, an empty domain first by index
    alone, as the sweep stops at it), for :meth:`select`, and the vertices with one colour or
    none left, for naked singles. An entry is pushed when a vertex's key falls (a colour taken
    by a neighbour; with ``dsatur``, a neighbour uncoloured) or it is uncoloured; entries whose
    key rose are refreshed when they reach the top, those of coloured vertices dropped, and the
    heap is rebuilt when stale entries outnumber the vertices three to one.

    >>> from sudograph.graph import petersen_graph
    >>> d = TrackedDomains(Problem(petersen_graph(), 3), order="dsatur"); d.setup()
    >>> d.set(0, 1), d.select()
    (True, 1)
    """

    order: str = "mrv"
    heap: list[tuple[int, int, int]] = field(default_factory=list)
    low: set[int] = field(default_factory=set)

    def key(self, v: int) -> tuple[int, int, int]:
        """``v``'s place in the order (smallest first)."""
        if self.order == "static":  # the lowest index
            return (0, 0, v)
        size = (self.full & ~self.used[v]).bit_count()
        tie = -self.free_degree[v] if size and self.order == "dsatur" else 0
        return (size, tie, v)

    def setup(self) -> None:
        super().setup()
        self.rebuild()
        full, used = self.full, self.used
        self.low = {
            v for v, c in enumerate(self.colour) if not c and (full & ~used[v]).bit_count() <= 1
        }

    def rebuild(self) -> None:
        """The heap anew: one entry per uncoloured vertex."""
        self.heap = [self.key(v) for v, c in enumerate(self.colour) if not c]
        heapq.heapify(self.heap)

    def set(self, v: int, c: int) -> bool:
        ok = super().set(v, c)
        colour, count, heap = self.colour, self.count, self.heap
        full, used, static = self.full, self.used, self.order == "static"
        for u in self.problem.graph.neighbors[v]:
            if not colour[u] and count[u][c] == 1:  # u lost colour c: its key fell
                if not static:
                    heapq.heappush(heap, self.key(u))
                if (full & ~used[u]).bit_count() <= 1:
                    self.low.add(u)
        if len(heap) > 4 * len(colour) + 64:
            self.rebuild()
        return ok

    def clear(self, v: int) -> None:
        super().clear(v)
        heapq.heappush(self.heap, self.key(v))
        if (self.full & ~self.used[v]).bit_count() <= 1:
            self.low.add(v)
        if self.order == "dsatur":  # one more uncoloured neighbour each: their keys fell
            colour = self.colour
            for u in self.problem.graph.neighbors[v]:
                if not colour[u]:
                    heapq.heappush(self.heap, self.key(u))

    def select(self) -> int:
        """The uncoloured vertex of smallest key (-1 when none is left)."""
        heap, colour = self.heap, self.colour
        while heap:
            top = heap[0]
            v = top[2]
            if colour[v]:
                heapq.heappop(heap)
                continue
            key = self.key(v)
            if key == top:
                return v
            heapq.heapreplace(heap, key)  # it rose since: back in at its place
        return -1


def _propagate_tracked(state: TrackedDomains, deduce: Callable[[int, int], object]) -> bool:
    """:func:`propagate_singles` (no cages) on the low vertices alone: a pass visits, in index
    order, those with one colour or none left when it starts and those a deduction of the pass
    leaves so at a higher index than its own, which are exactly the vertices the full sweep
    acts on (a domain only shrinks during propagation); the others wait for the next pass."""
    colour, used, full = state.colour, state.used, state.full
    neighbors = state.problem.graph.neighbors
    houses = _exact_houses(state)
    changed = True
    while changed:
        changed = False
        due = [v for v in state.low if not colour[v] and (full & ~used[v]).bit_count() <= 1]
        state.low = set(due)
        heapq.heapify(due)
        while due:
            v = heapq.heappop(due)
            if colour[v]:
                continue
            d = full & ~used[v]
            if d == 0:
                return False
            if d & (d - 1):  # pragma: no cover - domains only shrink during propagation
                continue
            deduce(v, d.bit_length())
            changed = True
            for u in neighbors[v]:
                if u > v and not colour[u] and (full & ~used[u]).bit_count() <= 1:
                    heapq.heappush(due, u)
        found = _hidden_singles(state, houses, deduce)
        if found is None:
            return False
        changed = changed or found
    return True
