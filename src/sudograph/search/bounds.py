"""Bounds of the chromatic number: cliques below, greedy and local-search colourings above.

Lower bounds: :func:`greedy_clique` (from every vertex, grow a clique by the candidate with the
most neighbours among the remaining candidates) and :func:`max_clique` (exact branch and bound
with a greedy-colouring bound, bitsets as Python integers, under a node budget: on a graph of a
few hundred vertices it usually finishes, otherwise it returns the best clique found).

Upper bounds: :func:`dsatur_coloring` (Brélaz's DSATUR), :func:`degeneracy` (+1 bounds χ, the
smallest-last order's guarantee), and :func:`tabucol` (Hertz & de Werra's TabuCol: minimise
the monochrome edges of a k-colouring by recolouring one conflicting vertex at a time, a move
being tabu for a tenure of ``0.6·conflicts + rand(0..9)`` iterations).

>>> from sudograph.graph import petersen_graph
>>> g = petersen_graph()
>>> len(max_clique(g)), max(dsatur_coloring(g)), degeneracy(g) + 1
(2, 3, 4)
>>> tabucol(g, 3, seed=1) is not None
True
"""

from __future__ import annotations

import heapq
import random
import time
from collections.abc import Sequence

from ..graph import Graph
from ..problem import Coloring, as_seed

CLOCK_EVERY = 256
"""Iterations (or nodes) between two reads of the clock."""


def greedy_clique(graph: Graph, deadline: float | None = None) -> list[int]:
    """A large clique found greedily (not always a maximum one), vertices sorted; past
    ``deadline`` no new start vertex is tried (the first one always is).

    >>> from sudograph.graph import sudoku_graph
    >>> len(greedy_clique(sudoku_graph(2)))
    4
    """
    nsets = [set(a) for a in graph.neighbors]
    best: list[int] = []
    for i, v in enumerate(sorted(range(graph.n), key=lambda u: -len(nsets[u]))):
        if len(nsets[v]) < len(best):  # no larger clique can contain v
            break
        if deadline is not None and i and i % 8 == 0 and time.perf_counter() > deadline:
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


def cliques_of_size(
    graph: Graph, size: int, max_starts: int = 2000, deadline: float | None = None
) -> list[list[int]]:
    """Distinct cliques of ``size`` vertices found greedily (from every vertex, then, when
    that found two or more, from every edge while fewer than ``max_starts`` starts were made
    and one of the last 4n found a new one), each sorted. With k = ``size`` colours each of
    them holds every colour once: a house, as in a Sudoku. Stops at ``deadline``.

    >>> from sudograph.graph import sudoku_graph
    >>> len(cliques_of_size(sudoku_graph(2), 4))  # the 4 rows, 4 columns and 4 boxes
    12
    """
    nsets = [set(a) for a in graph.neighbors]
    vertex_starts = [[v] for v in range(graph.n) if len(nsets[v]) >= size - 1]
    edge_starts = [[u, v] for u in range(graph.n) for v in graph.neighbors[u] if u < v]
    starts = vertex_starts + edge_starts
    found: set[tuple[int, ...]] = set()
    last_new = 0
    for i, seed in enumerate(starts[:max_starts]):
        if deadline is not None and i % 16 == 0 and time.perf_counter() > deadline:
            break
        if len(seed) == 2 and (len(found) < 2 or i - last_new > 4 * len(vertex_starts)):
            break  # the vertices found one house at most, or the edges nothing new
        clique = list(seed)
        cand = set.intersection(*(nsets[v] for v in seed))
        while cand and len(clique) < size:
            if len(cand) <= 64:
                u = max(sorted(cand), key=lambda w: len(nsets[w] & cand))
            else:
                u = max(sorted(cand), key=lambda w: len(nsets[w]))
            clique.append(u)
            cand &= nsets[u]
        if len(clique) == size:
            key = tuple(sorted(clique))
            if key not in found:
                found.add(key)
                last_new = i
    return [list(c) for c in sorted(found)]


def max_clique(graph: Graph, max_nodes: int = 200_000, deadline: float | None = None) -> list[int]:
    """A maximum clique (exact when the search ends within ``max_nodes``/``deadline``; else
    the largest found, at least :func:`greedy_clique`'s), vertices sorted.

    >>> from sudograph.graph import Graph
    >>> max_clique(Graph.from_edges(5, [(0, 1), (1, 2), (0, 2), (2, 3), (3, 4)]))
    [0, 1, 2]
    """
    best = greedy_clique(graph, deadline)
    # a clique larger than best has every vertex of degree >= len(best) inside it: the
    # others are peeled off (linear), so that the bitsets below (quadratic in the vertices
    # kept) never see an edgeless or sparse graph's hundreds of thousands of vertices
    core = _core(graph, len(best))
    n = len(core)
    if n <= len(best):
        return best
    index = {v: i for i, v in enumerate(core)}
    adj = [0] * n
    for i, v in enumerate(core):
        if deadline is not None and i % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
            return best
        adj[i] = sum(1 << j for j in {index[u] for u in graph.neighbors[v] if u in index})
    nodes = 0
    stack: list[tuple[list[int], int, list[int], list[int]]] = []

    def bound(cand: int) -> tuple[list[int], list[int]]:
        """Greedy colouring of ``cand``: vertices and their colour numbers, ascending
        (:class:`_OutOfTime` past ``deadline``: one call is quadratic in the vertices)."""
        vs: list[int] = []
        cs: list[int] = []
        left = cand
        c = 0
        while left:
            c += 1
            q = left
            while q:
                low = q & -q
                v = low.bit_length() - 1
                q &= ~adj[v] & ~low
                left &= ~low
                vs.append(v)
                cs.append(c)
                if (
                    deadline is not None
                    and len(vs) % CLOCK_EVERY == 0
                    and time.perf_counter() > deadline
                ):
                    raise _OutOfTime
        return vs, cs

    full = (1 << n) - 1
    try:
        vs, cs = bound(full)
    except _OutOfTime:
        return best
    stack.append(([], full, vs, cs))
    while stack:
        clique, cand, vs, cs = stack[-1]
        if not vs:
            stack.pop()
            continue
        v = vs.pop()
        c = cs.pop()
        if len(clique) + c <= len(best):
            stack.pop()
            continue
        nodes += 1
        if nodes > max_nodes or (
            deadline is not None and nodes % CLOCK_EVERY == 0 and time.perf_counter() > deadline
        ):
            break
        stack[-1] = (clique, cand & ~(1 << v), vs, cs)
        new = [*clique, core[v]]
        sub = cand & adj[v]
        if not sub:
            if len(new) > len(best):
                best = sorted(new)
            continue
        try:
            nvs, ncs = bound(sub)
        except _OutOfTime:
            break
        stack.append((new, sub, nvs, ncs))
    return best


class _OutOfTime(Exception):
    """The deadline of :func:`max_clique` passed inside a greedy-colouring bound."""


def _core(graph: Graph, size: int) -> list[int]:
    """The vertices left (ascending) once every vertex of degree below ``size`` is removed,
    again and again: those of any clique of more than ``size`` vertices. Linear.

    >>> from sudograph.graph import Graph
    >>> _core(Graph.from_edges(5, [(0, 1), (1, 2), (0, 2), (2, 3), (3, 4)]), 2)
    [0, 1, 2]
    >>> _core(Graph.from_edges(300_000, []), 1)
    []
    """
    deg = [len(a) for a in graph.neighbors]
    gone = [d < size for d in deg]
    todo = [v for v, out in enumerate(gone) if out]
    while todo:
        v = todo.pop()
        for u in graph.neighbors[v]:
            if not gone[u]:
                deg[u] -= 1
                if deg[u] < size:
                    gone[u] = True
                    todo.append(u)
    return [v for v, out in enumerate(gone) if not out]


def dsatur_coloring(graph: Graph, deadline: float | None = None) -> Coloring:
    """The DSATUR greedy colouring (colours 1..c): an upper bound of χ. Past ``deadline``
    the vertices left get the lowest colour free in index order (first fit: linear, where
    DSATUR's heap took 1.9 s on 200,000 vertices), so the colouring is whole and proper.

    >>> from sudograph.graph import petersen_graph
    >>> max(dsatur_coloring(petersen_graph()))
    3
    >>> max(dsatur_coloring(petersen_graph(), deadline=0.0))  # first fit at once
    3
    """
    n = graph.n
    colour = [0] * n
    used = [0] * n
    sat = [0] * n
    fdeg = [len(a) for a in graph.neighbors]
    # the order of select_dsatur (highest saturation, most uncoloured neighbours, lowest
    # index) from a heap: a vertex's key is pushed again when it changes and a popped key
    # that is no longer its vertex's is skipped, O((n + m) log n) instead of a scan a step
    heap = [(0, -fdeg[v], v) for v in range(n)]
    heapq.heapify(heap)
    pops = 0
    while heap:
        pops += 1
        if deadline is not None and pops % CLOCK_EVERY == 1 and time.perf_counter() > deadline:
            for v in range(n):  # first fit for the rest
                if not colour[v]:
                    colour[v] = c = lowest_free(used[v])
                    for u in graph.neighbors[v]:
                        used[u] |= 1 << c
            break
        s, f, v = heapq.heappop(heap)
        if colour[v] or s != -sat[v] or f != -fdeg[v]:
            continue
        c = lowest_free(used[v])
        colour[v] = c
        bit = 1 << c
        for u in graph.neighbors[v]:
            if colour[u]:
                continue
            if not used[u] & bit:
                used[u] |= bit
                sat[u] += 1
            fdeg[u] -= 1
            heapq.heappush(heap, (-sat[u], -fdeg[u], u))
    return tuple(colour)


def lowest_free(mask: int) -> int:
    """The lowest colour c >= 1 whose bit ``1 << c`` is not in ``mask``."""
    free = ~(mask | 1)
    return (free & -free).bit_length() - 1


def select_dsatur(colour: list[int], used: list[int], fdeg: list[int]) -> int:
    """Highest saturation, then most uncoloured neighbours, then lowest index."""
    best, key = -1, (-1, -1)
    for v, c in enumerate(colour):
        if c == 0:
            k = (used[v].bit_count(), fdeg[v])
            if k > key:
                best, key = v, k
    return best


def has_odd_cycle(graph: Graph) -> bool:
    """True when ``graph`` is not bipartite (then χ >= 3), by breadth-first 2-colouring.

    >>> from sudograph.graph import Graph
    >>> has_odd_cycle(Graph.from_edges(5, [(i, (i + 1) % 5) for i in range(5)]))
    True
    >>> has_odd_cycle(Graph.from_edges(4, [(i, (i + 1) % 4) for i in range(4)]))
    False
    """
    side = [-1] * graph.n
    for root in range(graph.n):
        if side[root] >= 0:
            continue
        side[root] = 0
        queue = [root]
        for v in queue:
            for u in graph.neighbors[v]:
                if side[u] < 0:
                    side[u] = 1 - side[v]
                    queue.append(u)
                elif side[u] == side[v]:
                    return True
    return False


def degeneracy(graph: Graph) -> int:
    """The degeneracy (largest minimum degree of a subgraph); χ <= degeneracy + 1.

    >>> from sudograph.graph import sudoku_graph
    >>> degeneracy(sudoku_graph(2))  # 7-regular
    7
    """
    deg = [len(a) for a in graph.neighbors]
    removed = [False] * graph.n
    buckets: list[set[int]] = [set() for _ in range(max(deg, default=0) + 1)]
    for v, d in enumerate(deg):
        buckets[d].add(v)
    best = 0
    low = 0
    for _ in range(graph.n):
        low = max(0, low - 1)
        while not buckets[low]:
            low += 1
        v = buckets[low].pop()
        best = max(best, low)
        removed[v] = True
        for u in graph.neighbors[v]:
            if not removed[u]:
                buckets[deg[u]].discard(u)
                deg[u] -= 1
                buckets[deg[u]].add(u)
    return best


def tabucol(
    graph: Graph,
    k: int,
    start: Sequence[int] | None = None,
    *,
    deadline: float | None = None,
    max_iterations: int = 100_000,
    seed: int = 0,
) -> Coloring | None:
    """A proper colouring with colours ``1..k`` found by TabuCol, or None when the budget ran
    out (``max_iterations`` or ``deadline``). ``start``: a colouring to begin from (colours
    above k are redrawn at random).

    >>> from sudograph.graph import petersen_graph
    >>> c = tabucol(petersen_graph(), 3, seed=0)
    >>> c is not None and max(c) <= 3
    True
    """
    n = graph.n
    if n == 0:
        return ()
    if k < 1:
        return None
    rng = random.Random(as_seed(seed))  # a negative seed refused (random takes its abs)
    nbrs = graph.neighbors
    col = [
        (c - 1 if start is not None and 1 <= (c := start[v]) <= k else rng.randrange(k))
        for v in range(n)
    ]
    gamma = [[0] * k for _ in range(n)]
    for v in range(n):
        gv = gamma[v]
        for u in nbrs[v]:
            gv[col[u]] += 1
    f = sum(gamma[v][col[v]] for v in range(n)) // 2
    conflicting = {v for v in range(n) if gamma[v][col[v]]}
    tabu = [[0] * k for _ in range(n)]
    best_f = f
    it = 0
    colours = range(k)
    while f:
        it += 1
        if it > max_iterations:
            return None
        # the clock at every move: one costs the conflicting vertices times k (a G(2000, 0.5)
        # at k = 64: 256 moves ran 1.6 s past a deadline), next to which a read is nothing
        if deadline is not None and time.perf_counter() > deadline:
            return None
        best_delta = n * n
        moves: list[tuple[int, int]] = []
        for v in conflicting:
            gv = gamma[v]
            cv = col[v]
            here = gv[cv]
            tv = tabu[v]
            for c in colours:
                if c == cv:
                    continue
                delta = gv[c] - here
                if delta > best_delta:
                    continue
                if tv[c] > it and f + delta >= best_f:
                    continue
                if delta < best_delta:
                    best_delta = delta
                    moves = [(v, c)]
                else:
                    moves.append((v, c))
        if not moves:
            continue
        v, c = moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]
        old = col[v]
        col[v] = c
        f += best_delta
        tabu[v][old] = it + int(0.6 * f) + rng.randrange(10)
        for u in nbrs[v]:
            gu = gamma[u]
            gu[old] -= 1
            gu[c] += 1
            cu = col[u]
            if gu[cu]:
                conflicting.add(u)
            else:
                conflicting.discard(u)
        if gamma[v][c]:
            conflicting.add(v)
        else:
            conflicting.discard(v)
        best_f = min(best_f, f)
    return tuple(c + 1 for c in col)


def mycielski_parent(graph: Graph) -> Graph | None:
    """The graph H when ``graph`` is (isomorphic to) its Mycielskian M(H), else None.

    M(H) has H's vertices u_i, one copy w_i of each (adjacent to the neighbours of u_i in H)
    and a root z adjacent to every copy; χ(M(H)) = χ(H) + 1 (Mycielski 1955), which no clique
    shows (M(H) has H's clique number, at least 2). The test: a root z of degree (n−1)/2 whose
    neighbours W are independent, and the copies' neighbourhoods (z left out) equal, as a
    multiset, the neighbourhoods of the other vertices inside H.

    >>> from sudograph.graph import Graph
    >>> c5 = [(i, (i + 1) % 5) for i in range(5)]
    >>> grotzsch = c5 + [(5 + i, (i + 1) % 5) for i in range(5)]
    >>> grotzsch += [(5 + i, (i - 1) % 5) for i in range(5)] + [(10, 5 + i) for i in range(5)]
    >>> mycielski_parent(Graph.from_edges(11, grotzsch)) == Graph.from_edges(5, c5)
    True
    """
    n = graph.n
    if n < 3 or n % 2 == 0:
        return None
    half = (n - 1) // 2
    nsets = [frozenset(a) for a in graph.neighbors]
    for z in range(n):
        copies = nsets[z]
        if len(copies) != half or any(nsets[w] & copies for w in copies):
            continue
        core = [v for v in range(n) if v != z and v not in copies]
        inside = frozenset(core)
        want: dict[frozenset[int], int] = {}
        for w in copies:
            key = nsets[w] - {z}
            want[key] = want.get(key, 0) + 1
        have: dict[frozenset[int], int] = {}
        for u in core:
            key = nsets[u] & inside
            have[key] = have.get(key, 0) + 1
        if want != have:
            continue
        index = {v: i for i, v in enumerate(core)}
        edges = [(index[u], index[v]) for u in core for v in nsets[u] & inside if u < v]
        return Graph.from_edges(len(core), edges)
    return None


def mycielski_core(graph: Graph) -> tuple[int, Graph]:
    """``(d, H)``: ``graph`` is M applied d times to H (d = 0: not a Mycielskian), so
    χ(graph) = χ(H) + d.

    >>> from sudograph.graph import Graph
    >>> mycielski_core(Graph.from_edges(2, [(0, 1)]))[0]
    0
    """
    depth = 0
    while (parent := mycielski_parent(graph)) is not None:
        graph, depth = parent, depth + 1
    return depth, graph
