"""The chromatic number of a graph: exact DSATUR branch and bound with a clique lower bound.

The lower bound is a greedy clique (from every vertex, grow a clique by the candidate with the
most neighbours among the remaining candidates); its vertices are coloured ``1..q`` first, which
also breaks the symmetry of colour names. The upper bound is the DSATUR greedy colouring. The
branch and bound then colours the vertex of highest saturation (distinct colours among its
neighbours; ties: most uncoloured neighbours, then lowest index) with each colour already used,
then one new colour, only while fewer colours than the best colouring so far are used.

>>> from sudograph.graph import petersen_graph
>>> r = chromatic_number(petersen_graph())
>>> r.chromatic_number, r.proven, r.lower_bound
(3, True, 3)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..graph import Graph
from ..problem import Coloring, check_nonnegative, is_proper_coloring

CLOCK_EVERY = 512


@dataclass(frozen=True)
class ChromaticResult:
    """χ (the best number of colours found), a colouring with that many colours (1..χ), whether
    optimality was ``proven``, the bounds and the time taken."""

    chromatic_number: int
    coloring: Coloring
    proven: bool
    lower_bound: int
    upper_bound: int
    seconds: float
    nodes: int = 0


@dataclass
class _Frame:
    """A branching vertex, its candidate colours (ascending), the next one to try, the
    largest colour used before it, and whether it is coloured now."""

    vertex: int
    colours: list[int]
    max_before: int
    next: int = 0
    assigned: bool = False


def greedy_clique(graph: Graph) -> list[int]:
    """A large clique found greedily (not always a maximum one), vertices sorted.

    >>> from sudograph.graph import sudoku_graph
    >>> len(greedy_clique(sudoku_graph(2)))
    4
    """
    nsets = [set(a) for a in graph.neighbors]
    best: list[int] = []
    for v in sorted(range(graph.n), key=lambda u: -len(nsets[u])):
        if len(nsets[v]) < len(best):  # no larger clique can contain v
            break
        clique = [v]
        cand = set(nsets[v])
        while cand:
            if len(cand) <= 64:
                u = max(sorted(cand), key=lambda w: len(nsets[w] & cand))
            else:
                u = max(sorted(cand), key=lambda w: len(nsets[w]))
            clique.append(u)
            cand &= nsets[u]
        if len(clique) > len(best):
            best = clique
    return sorted(best)


def dsatur_coloring(graph: Graph) -> Coloring:
    """The DSATUR greedy colouring (colours 1..c): an upper bound of χ.

    >>> from sudograph.graph import petersen_graph
    >>> max(dsatur_coloring(petersen_graph()))
    3
    """
    n = graph.n
    colour = [0] * n
    used = [0] * n
    fdeg = [len(a) for a in graph.neighbors]
    for _ in range(n):
        v = _select(colour, used, fdeg)
        c = _lowest_free(used[v])
        colour[v] = c
        for u in graph.neighbors[v]:
            used[u] |= 1 << c
            fdeg[u] -= 1
    return tuple(colour)


def _lowest_free(mask: int) -> int:
    """The lowest colour c >= 1 whose bit ``1 << c`` is not in ``mask``."""
    free = ~(mask | 1)
    return (free & -free).bit_length() - 1


def _select(colour: list[int], used: list[int], fdeg: list[int]) -> int:
    """Highest saturation, then most uncoloured neighbours, then lowest index."""
    best, key = -1, (-1, -1)
    for v, c in enumerate(colour):
        if c == 0:
            k = (used[v].bit_count(), fdeg[v])
            if k > key:
                best, key = v, k
    return best


def chromatic_number(graph: Graph, timeout: float | None = None) -> ChromaticResult:
    """χ(graph) by DSATUR branch and bound; with ``timeout`` (seconds) the best bounds so far.

    ``proven`` is True when ``chromatic_number`` is known optimal (lower bound reached or the
    search finished). The colouring is checked to be proper. Raises :class:`InvalidArgument`
    on a negative timeout.

    >>> from sudograph.graph import Graph
    >>> chromatic_number(Graph.from_edges(3, [])).chromatic_number
    1
    """
    check_nonnegative("timeout", timeout)
    start = time.perf_counter()
    n = graph.n
    if n == 0:
        return ChromaticResult(0, (), True, 0, 0, time.perf_counter() - start)
    clique = greedy_clique(graph)
    lb = len(clique)
    best_col = dsatur_coloring(graph)
    best = max(best_col)
    nodes = 0
    proven = best == lb
    if not proven:
        nodes, proven, found = _branch_and_bound(graph, clique, best, start, timeout)
        if found is not None:
            best_col = found
            best = max(found)
    if proven:
        lb = best
    if not is_proper_coloring(graph, best_col):  # pragma: no cover - a bug
        raise AssertionError("chromatic_number built an improper colouring")
    return ChromaticResult(best, best_col, proven, lb, best, time.perf_counter() - start, nodes)


def _branch_and_bound(
    graph: Graph, clique: list[int], best: int, start: float, timeout: float | None
) -> tuple[int, bool, Coloring | None]:
    """Search colourings with fewer than ``best`` colours; (nodes, proven, best found)."""
    nbrs = graph.neighbors
    n = graph.n
    lb = len(clique)
    colour = [0] * n
    count = [[0] * (best + 1) for _ in range(n)]
    used = [0] * n
    fdeg = [len(a) for a in nbrs]

    def set_colour(v: int, c: int) -> None:
        colour[v] = c
        for u in nbrs[v]:
            cu = count[u]
            cu[c] += 1
            fdeg[u] -= 1
            if cu[c] == 1:
                used[u] |= 1 << c

    def clear_colour(v: int) -> None:
        c = colour[v]
        colour[v] = 0
        for u in nbrs[v]:
            cu = count[u]
            cu[c] -= 1
            fdeg[u] += 1
            if cu[c] == 0:
                used[u] &= ~(1 << c)

    for i, v in enumerate(clique):
        set_colour(v, i + 1)
    free = n - lb
    maxc = lb
    found: Coloring | None = None
    deadline = None if timeout is None else start + timeout
    nodes = 0
    stack: list[_Frame] = []
    descend = True
    while True:
        if descend:
            if free == 0:
                found, best = tuple(colour), maxc
                if best == lb:
                    return nodes, True, found
            else:
                v = _select(colour, used, fdeg)
                top = min(maxc + 1, best - 1)
                cands = [c for c in range(1, top + 1) if not (used[v] >> c) & 1]
                stack.append(_Frame(v, cands, maxc))
        if not stack:
            return nodes, True, found
        frame = stack[-1]
        v = frame.vertex
        if frame.assigned:
            clear_colour(v)
            free += 1
            maxc = frame.max_before
            frame.assigned = False
        if frame.next >= len(frame.colours) or frame.colours[frame.next] >= best:
            stack.pop()
            descend = False
            continue
        c = frame.colours[frame.next]
        frame.next += 1
        nodes += 1
        if deadline is not None and nodes % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
            return nodes, False, found
        set_colour(v, c)
        free -= 1
        maxc = max(maxc, c)
        frame.assigned = True
        descend = True
