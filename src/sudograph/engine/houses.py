"""The house kernel: one compiled search for every Sudoku shape and every graph with houses.

The engine behind method ``propagate`` (and ``fast`` on anything but a plain 9×9) when numba is
installed. Colours are bits of a ``uint64`` (k ≤ 64), the graph is a CSR adjacency, and the
*exact* houses (``Graph.houses`` of ``k`` vertices, cliques of the graph: rows, columns, boxes,
jigsaw regions, diagonals...) are rows of a padded array. At every node, to a fixpoint: naked
singles, hidden singles, the general locked-candidates rule over every pair of exact houses
sharing two vertices or more (box/line pointing and claiming are cases of it), and killer cages
(:mod:`sudograph.search.cages`' combinations). Then it guesses on the vertex with fewest colours:
among those, the one with most unplaced neighbours (a search for solutions: 16×16 super tough
78 → 60 guesses, goomii17 20 → 6), or the first one (a count, where the tie-break costs more
than it saves).

A *node* here is a guess (one colour tried at a guessed vertex), so node counts differ from the
reference engine's (a different, stronger propagation: a smaller tree). Counting every
solution, a node whose free vertices have at most :data:`LEAF_SPACE` colourings left in their
domains is counted by a plain enumeration without guesses (the empty 6×6: 28,200,960 grids).

The kernel runs in slices of about 50 ms, so ``timeout`` and Ctrl-C stop it between slices.

>>> from sudograph.grid import Grid
>>> r = run(Grid.empty((3, 2)).problem, SolveOptions(limit=2))
>>> r.status, len(r.solutions)
('solved', 2)
>>> count(Grid.empty(2).problem, SolveOptions()).count
288

Raises :class:`~sudograph.errors.MissingExtra` without numba and
:class:`~sudograph.errors.InvalidArgument` on a problem it cannot take (see :func:`supports`).
"""

from __future__ import annotations

import itertools
import math
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import Any

from ..errors import InvalidArgument, MissingExtra
from ..graph import Graph
from ..problem import (
    MAX_NODES,
    Cage,
    Coloring,
    Problem,
    Result,
    SolveOptions,
    Stats,
    Status,
    is_solution,
)
from ._slices import Slicing, drive

MAX_COLOURS = 64
"""Colours are bits of a ``uint64``."""
KERNEL_MAX_VERTICES = 4096
"""The kernel keeps the domains of every level of its search (about 9 bytes a vertex a level,
one level a guess on the path): memory grows as the square of the vertices on a graph whose
search goes deep (8,000 isolated vertices: 1 GB, where 4,096 take about 150 MB); 4,096 is the
cells of a 64×64 grid, the largest it colours (``MAX_COLOURS``). Larger graphs go to the
reference search, which keeps a trail."""
LEAF_SPACE = 4096
"""Counting, a node whose free vertices' colour counts multiply to this or less is enumerated
directly (no propagation, no guess)."""
MEMO_BYTES = 32 << 20
"""Memory of the counting memo (domains of the unplaced vertices -> solutions below) at most."""
MEMO_FIRST_ROWS = 256
"""Rows of a counting memo at first: it grows fourfold (its entries moved) each time the
search has made half as many guesses as it has rows, up to :data:`MEMO_BYTES`, so that a
small count does not pay for a large memo (the empty 4×4: 0.50 → 0.05 ms, 16 MB no longer
allocated; the empty 6×6 the same guesses, 0.92–1.06× the time: ``bench/ab_houses.py
--count empty:2x2 empty:2x3 empty:3x2``)."""
SLICING = Slicing(first=256, first_timed=64, min_timed=16)
"""Guesses of the kernel's slices (see :mod:`sudograph.engine._slices`)."""
BUFFER_ROWS = 4096
"""Solutions handed back to Python at a time when all of them are kept (or more than this)."""
RESTART_FIRST = 64
"""Unit of the guess budgets of the runs of a search for a few solutions (times Luby's sequence)."""
PLAIN_FIRST_RUN_OPEN = 0.75
"""A search with restarts whose root leaves at least this share of the vertices open (a nearly
empty grid, as the generator's first solution) starts with a *plain* run: the first vertex of
fewest colours, its lowest colour first (no tie-break, no colour order), with a budget of
:data:`FIRST_RUN_GUESSES` guesses per open vertex. There the restarts' short runs and the
tie-breaks met a heavy tail (the empty 49×49: 92,527 guesses; 64×64: 1.2 million, 35 s),
where one plain descent takes 1,997 and 18,809 guesses. Loosely clued 25×25 grids (40–60 %
clues), for which the tie-breaks were measured, do not get it: given it with a budget of one
guess per open vertex, 20 of them took 1.07× the time (``bench/ab_houses.py made25``)."""
FIRST_RUN_GUESSES = 8
"""Guesses per open vertex of the plain first run (the empty 64×64 takes 4.6)."""
RESTART_MIN_VERTICES = 200
"""Grids with fewer vertices (up to 14×14) are searched in one run: their trees are small."""
SEEN_MAX_VERTICES = 256
"""Graphs with edges outside every exact house (anti-knight, anti-king) and at most this many
vertices also run the common-neighbours rule (``_seen``); not on killer problems (their extra
edges are the cages', which the rule does not help) nor on plain grids (it repeats locked
candidates at a higher cost)."""
HANDOFF_GUESSES = 2_000
"""A search with restarts (grids of :data:`RESTART_MIN_VERTICES` vertices or more, looking
for solutions) still running after this many guesses, all runs together, goes on with a SAT
solver when python-sat is installed (the ``sat`` extra) and the caller set no ``max_nodes``:
the formula of the root's propagated domains (see :func:`sudograph.search.sat.run_domains`,
solutions found so far excluded) finishes it; a killer's, which that formula does not hold,
goes to method ``sat`` whole, cages included (``_settle_by_sat``: minimal 16×16 killers
took the kernel over 30 s each, the handoff 0.4–2.2 s). Such
searches are the heavy tail of Latin-square completions near their phase transition (25×25
grids at 40–60 % clues), where a depth-first search without learning takes 10^5 guesses and
more; the solver's clause learning takes tens of milliseconds there (docs/benchmarks.md).
The threshold was measured with the colour order of large grids (``LCV_MIN_VERTICES``): 80
25×25 grids took 2.36 s (three rounds) handing off after 2,000 guesses, 2.37 s after 4,000,
2.64 s after 1,000, 2.47 s after 250 (docs/benchmarks.md)."""
RUN_HANDOFF_GUESSES = 20_000
"""A search in one run (a grid under :data:`RESTART_MIN_VERTICES` vertices, or a count on any
grid) still running after this many guesses, with no ``max_nodes`` set, goes on with method
``sat`` when python-sat is installed (see ``_settle_by_sat``: for one or two solutions; for
more, or a count, when there is at most one). Minimal puzzles do not get there (at most 570
guesses on 70 minimal 9×9 variant puzzles); nearly empty grids under strong rules do: a 9×9
x+windoku with four clues took the kernel 26.3 s, the handoff 0.09 s; 16 such grids 35.1 s →
3.4 s in all, and their counts 17.4 s → 1.8 s (``bench/bench_small_handoff.py``,
docs/benchmarks.md; a threshold of 5,000 guesses gave 2.6 s, 50,000 gave 3.4 s). The count of
a minimal 16×16 killer 9.2 s → 0.8 s; a count of many solutions pays one question (a 16×16
with 10 clues taken out counted as many in 60 s)."""
HANDOFF_MAX_LITERALS = 8_000_000
"""No handoff when the formula would hold more literals than this (:func:`formula_literals`
of the root's domains: a huge, nearly empty grid, which the kernel solves quickly anyway; the
empty 64×64 would write 16 million). A 64×64 grid with 30 % of its cells given writes 6.9
million, which CaDiCaL solved in 3.6 s (1.4 GB at the peak), where the kernel alone found
nothing in 60 s (docs/benchmarks.md)."""
MARK_MIN_VERTICES = 400
"""Grids of this many vertices or more scan for hidden singles only the houses where colours
were removed (``params[P_MARK]``, see ``_house_kernels.fixpoint``): 25×25 guesses 0.83× the
time; on 9×9 variants and 16×16 the marks cost what they save (0.98–1.08×)."""
LCV_MIN_VERTICES = 400
"""Grids of this many vertices or more (20×20 and up) try the least constraining colour
first when they look for solutions (see ``_house_kernels._least_constraining``): on 16×16
and 9×9 sets, unique puzzles whose whole tree is searched anyway, it cost 3–12 %."""
FIRST_LEVELS = 32
"""Levels of the search stack allocated at first (doubled when the search goes deeper)."""
ENGINE = "houses"
"""The tag of this engine in ``Result.stats.engine``."""


def memo_rows(n: int) -> int:
    """Rows of the counting memo for ``n`` vertices: the largest power of two whose keys fit
    in :data:`MEMO_BYTES` (at most 2**20).

    >>> memo_rows(36)
    65536
    """
    rows = 1 << 20
    while rows > 4 and rows * (n + 1) * 8 > MEMO_BYTES:
        rows //= 2
    return rows


def _kernels() -> Any:
    try:
        from . import _house_kernels
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MissingExtra("numba", "fast") from exc
    return _house_kernels


@dataclass(frozen=True)
class HouseArrays:
    """The arrays of one graph coloured with ``k`` colours: CSR adjacency, the exact houses
    (``H``, one row per house; ``cliques`` tells whether each is a clique of the graph), the
    *segments* (``seg``: the intersections of two exact houses sharing two vertices or more,
    and single vertices) and the *partitions* of each exact house ``A`` into disjoint segments
    (``part_ptr``: the range of each partition's *members*; ``mseg``: a member's segment
    ``A ∩ B``, ``mb``: the segments of ``B \\ A`` for the houses ``B`` meeting ``A`` in just
    that segment, none for a single vertex), all CSR; ``xe``: for each vertex its
    higher neighbours that share no exact house with it (the edges a check of the exact
    houses does not cover)."""

    n: int
    k: int
    cliques: bool
    nbr_ptr: Any
    nbr_idx: Any
    H: Any
    seg_ptr: Any
    seg_idx: Any
    part_ptr: Any
    mseg: Any
    mb_ptr: Any
    mb_seg: Any
    xe_ptr: Any
    xe_idx: Any
    free: bool
    """Whether the graph has edges outside its exact houses (and at most
    :data:`SEEN_MAX_VERTICES` vertices): the common-neighbours rule applies."""

    @cached_property
    def common(self) -> tuple[Any, Any]:
        """The common-neighbours rule's lists (see :func:`_pair_neighbours`), built when a
        search first needs them (a killer's graph, whose cages turn the rule off, never does);
        empty when the graph is not :attr:`free`."""
        if not self.free:
            return _no_pairs()
        return _pair_neighbours(self.nbr_ptr, self.nbr_idx, self.H, self.n)

    @cached_property
    def of_vertex(self) -> tuple[Any, Any]:
        """Each vertex's rows of :attr:`H` (CSR), for the kernel's marks of the houses whose
        hidden singles may have changed."""
        import numpy as np

        nh, k = self.H.shape
        rows = np.repeat(np.arange(nh, dtype=np.int64), k)
        cells = self.H.ravel().astype(np.int64)
        order = np.argsort(cells, kind="stable")
        ptr = np.zeros(self.n + 1, dtype=np.int64)
        np.cumsum(np.bincount(cells, minlength=self.n), out=ptr[1:])
        return ptr, rows[order]

    @cached_property
    def _implied(self) -> dict[tuple[Cage, ...], tuple[Cage, ...]]:
        return {}

    def search_cages(self, cages: tuple[Cage, ...]) -> tuple[Cage, ...]:
        """``cages`` and the cages they imply in this graph's exact houses (see
        :func:`~sudograph.search.cages.implied_cages`), found once per set of cages."""
        if not cages:
            return cages
        memo = self._implied
        found = memo.get(cages)
        if found is None:
            from ..search.cages import implied_cages

            found = cages + implied_cages(self.H.tolist(), cages, self.k)
            if len(memo) >= _CACHE_SIZE:
                del memo[next(iter(memo))]
            memo[cages] = found
        return found

    def pairs(self) -> tuple[Any, ...]:
        """The arrays the locked-candidates pass reads, in the kernel's order."""
        return (self.seg_ptr, self.seg_idx, self.part_ptr, self.mseg, self.mb_ptr, self.mb_seg)


def unsupported(problem: Problem) -> str | None:
    """Why the kernel cannot take ``problem`` (None when it can).

    It takes ``k`` ≤ 64 colours, at most ``KERNEL_MAX_VERTICES`` vertices, exact houses (the
    houses of ``k`` vertices) that are cliques of the graph, and cages whose combinations the
    reference precomputes.

    >>> from sudograph.grid import Grid
    >>> unsupported(Grid.empty(4).problem) is None
    True
    """
    k = problem.k
    if k > MAX_COLOURS:  # pragma: no cover - Problem already refuses it
        return f"at most {MAX_COLOURS} colours (64-bit masks), got {k}"
    if problem.graph.n > KERNEL_MAX_VERTICES:
        return (
            f"at most {KERNEL_MAX_VERTICES:,} vertices (it keeps the domains of every level of its "
            f"search), got {problem.graph.n:,}"
        )
    if not house_arrays(problem.graph, k).cliques:
        return "a house of k vertices is not a clique of the graph"
    if problem.cages and _too_many_combinations(problem.cages, k):
        return "a cage has too many combinations"
    return None


@lru_cache(maxsize=64)
def _too_many_combinations(cages: tuple[Cage, ...], k: int) -> bool:
    """Whether a cage has more combinations than the reference lists (asked once per set of
    cages)."""
    from ..search.cages import cage_combinations

    return any(cage_combinations(len(cells), total, k) is None for cells, total in cages)


def supports(problem: Problem) -> bool:
    """True when the kernel can take ``problem`` (see :func:`unsupported`)."""
    return unsupported(problem) is None


_CACHE: dict[tuple[int, int], tuple[weakref.ref[Graph], HouseArrays]] = {}
_CACHE_SIZE = 64


def house_arrays(graph: Graph, k: int) -> HouseArrays:
    """The arrays of ``graph`` with ``k`` colours, built once per graph object (a Sudoku graph
    is shared by every grid of its shape)."""
    key = (id(graph), k)
    hit = _CACHE.get(key)
    if hit is not None and hit[0]() is graph:
        return hit[1]
    arrays = build_house_arrays(graph, k)
    if len(_CACHE) >= _CACHE_SIZE:
        del _CACHE[next(iter(_CACHE))]
    _CACHE[key] = (weakref.ref(graph), arrays)
    return arrays


def build_house_arrays(graph: Graph, k: int) -> HouseArrays:
    """Build the arrays of ``graph`` with ``k`` colours (prefer the cached :func:`house_arrays`).

    >>> from sudograph.graph import sudoku_graph
    >>> a = build_house_arrays(sudoku_graph(2), 4)
    >>> a.H.shape, len(a.seg_ptr) - 1, len(a.part_ptr) - 1  # a box has two partitions
    ((12, 4), 16, 16)
    >>> a.part_ptr[:2].tolist(), a.mseg[:2].tolist()  # row 1: its parts in boxes 1 and 2
    ([0, 2], [0, 2])
    >>> a.mb_seg[a.mb_ptr[0] : a.mb_ptr[1]].tolist()  # box 1 less row 1: the part in row 2
    [1]
    """

    from ._arrays import is_clique, to_csr

    seen: set[frozenset[int]] = set()
    exact: list[tuple[int, ...]] = []
    for h in graph.houses:
        key = frozenset(h)
        if len(h) == k and key not in seen:
            seen.add(key)
            exact.append(tuple(h))
    H, seg_ptr, seg_idx, part_ptr, mseg, mb_ptr, mb_seg, mates = _house_structure(tuple(exact), k)
    nbr_ptr, nbr_idx = to_csr(graph.neighbors)
    extra = [
        [u for u in nbrs if u > v and u not in mates.get(v, ())]
        for v, nbrs in enumerate(graph.neighbors)
    ]
    cliques = all(is_clique(graph, h) for h in exact)
    free = any(extra) and graph.n <= SEEN_MAX_VERTICES
    return HouseArrays(
        graph.n, k, cliques, nbr_ptr, nbr_idx, H, seg_ptr, seg_idx, part_ptr, mseg, mb_ptr,
        mb_seg, *to_csr(extra), free,
    )  # fmt: skip


@cache
def _no_pairs() -> tuple[Any, Any]:
    """Empty common-neighbours lists (the rule off)."""
    import numpy as np

    return np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int64)


def _pair_neighbours(nbr_ptr: Any, nbr_idx: Any, H: Any, n: int) -> tuple[Any, Any]:
    """The common-neighbours rule's lists: for each exact house and each pair ``i < j`` of
    its positions (pair ``h * k(k-1)/2 + i(2k-i-1)/2 + j-i-1``), the vertices adjacent to both
    that share no exact house with both (locked candidates, run first, cover those), CSR.

    >>> import numpy as np
    >>> H = np.array([[0, 1], [2, 3]])  # two houses; vertex 4 sees 0 and 1, vertex 2 sees 1
    >>> ptr, idx = _pair_neighbours(np.array([0, 2, 5, 7, 8, 10]),
    ...                             np.array([1, 4, 0, 2, 4, 1, 3, 2, 0, 1]), H, 5)
    >>> ptr.tolist(), idx.tolist()
    ([0, 1, 1], [4])
    """
    import numpy as np

    nh, k = H.shape
    adj = np.zeros((n, n), dtype=bool)
    adj[np.repeat(np.arange(n), np.diff(nbr_ptr)), nbr_idx] = True
    member = np.zeros((n, nh), dtype=np.float32)  # vertex x house
    member[H.ravel(), np.repeat(np.arange(nh), k)] = 1.0
    iu, ju = np.triu_indices(k, 1)
    a, b = H[:, iu].ravel(), H[:, ju].ravel()  # every pair of every house, in order
    shared = (member[a] * member[b]) @ member.T > 0  # in an exact house with both
    both = adj[a] & adj[b] & ~shared
    ptr = np.zeros(len(both) + 1, dtype=np.int64)
    np.cumsum(both.sum(axis=1), out=ptr[1:])
    return ptr, np.nonzero(both)[1].astype(np.int64)


@lru_cache(maxsize=16)
def _house_structure(exact: tuple[tuple[int, ...], ...], k: int) -> tuple[Any, ...]:
    """The arrays that depend on the exact houses alone (shared by every graph with the same
    houses, e.g. killer puzzles, whose cages add edges): ``H``, the segments, the partitions
    and, last, each vertex's house-mates (a dict of sets)."""
    import numpy as np

    from ._arrays import to_csr

    H = np.array(exact, dtype=np.int32).reshape(len(exact), k)
    sets = [frozenset(h) for h in exact]
    of_vertex: dict[int, list[int]] = {}
    for i, h in enumerate(exact):
        for v in h:
            of_vertex.setdefault(v, []).append(i)
    pairs: set[tuple[int, int]] = set()
    for hs in of_vertex.values():
        for i in hs:
            for j in hs:
                if i != j and len(sets[i] & sets[j]) >= 2:
                    pairs.add((i, j))
    partners: dict[int, list[int]] = {}
    for i, j in sorted(pairs):
        partners.setdefault(i, []).append(j)
    segments: dict[frozenset[int], int] = {}

    def split(i: int, rest: frozenset[int]) -> list[int]:
        """``rest`` (a part of house ``i``) as disjoint segments of ``i``, largest first, then
        one segment per vertex no larger one covers."""
        chosen: list[int] = []
        covered: set[int] = set()
        for j in sorted(partners.get(i, ()), key=lambda j: -len(sets[i] & sets[j])):
            seg = sets[i] & sets[j]
            if seg <= rest and not seg & covered:
                chosen.append(segments.setdefault(seg, len(segments)))
                covered |= seg
        for v in sorted(rest - covered):
            chosen.append(segments.setdefault(frozenset((v,)), len(segments)))
        return chosen

    part_ptr = [0]
    mseg: list[int] = []
    mb: list[list[int]] = []
    for i in range(len(exact)):
        for group in _partitions(sets[i], [(sets[i] & sets[j], j) for j in partners.get(i, ())]):
            for seg, js in group:
                mseg.append(segments.setdefault(seg, len(segments)))
                mb.append([x for j in js for x in split(j, sets[j] - sets[i])])
            part_ptr.append(len(mseg))
    seg_ptr, seg_idx = to_csr([sorted(s) for s in segments])
    mates = {v: frozenset().union(*(sets[i] for i in hs)) for v, hs in of_vertex.items()}
    return (
        H, seg_ptr, seg_idx, np.array(part_ptr, dtype=np.int32), np.array(mseg, dtype=np.int32),
        *to_csr(mb), mates,
    )  # fmt: skip


def _partitions(
    house: frozenset[int], parts: list[tuple[frozenset[int], int]]
) -> list[list[tuple[frozenset[int], list[int]]]]:
    """Group the parts ``(A ∩ B, B)`` of a house ``A`` into partitions of ``A``: disjoint
    parts, largest first (houses meeting ``A`` in the same part share it), each partition
    completed by the vertices it leaves out, one by one, as parts with no house.

    >>> rows = [(frozenset({0, 1}), 5), (frozenset({2, 3}), 6), (frozenset({0, 2}), 7)]
    >>> for p in _partitions(frozenset(range(4)), rows):
    ...     print([(sorted(s), b) for s, b in p])
    [([0, 1], [5]), ([2, 3], [6])]
    [([0, 2], [7]), ([1], []), ([3], [])]
    """
    groups: list[list[tuple[frozenset[int], list[int]]]] = []
    for seg, b in sorted(parts, key=lambda p: (-len(p[0]), p[1])):
        same = next((m for g in groups for m in g if m[0] == seg), None)
        if same is not None:
            same[1].append(b)
            continue
        group = next((g for g in groups if all(not m[0] & seg for m in g)), None)
        if group is None:
            group = []
            groups.append(group)
        group.append((seg, [b]))
    for group in groups:
        covered = frozenset().union(*(m[0] for m in group))
        group += [(frozenset((v,)), []) for v in sorted(house - covered)]
    return groups


@lru_cache(maxsize=64)
def _cage_arrays(cages: tuple[Cage, ...], k: int) -> tuple[Any, Any, Any, Any, Any]:
    """``(cg_ptr, cg_idx, cb_ptr, cb_mask, sums)``: each cage's cells, its combinations and its
    sum, built once per set of cages (a killer puzzle solved again, or checked for uniqueness
    after it was solved, reuses them: building them took longer than the kernel's search).

    >>> ptr, idx, cb_ptr, masks, sums = _cage_arrays((((0, 1), 3),), 4)
    >>> idx.tolist(), [bin(m) for m in masks], sums.tolist()
    ([0, 1], ['0b11'], [3])
    """
    import numpy as np

    from ..search.cages import cage_combinations
    from ._arrays import to_csr

    cells = [cage for cage, _ in cages]
    combos = [cage_combinations(len(c), t, k) or () for c, t in cages]
    cg_ptr, cg_idx = to_csr(cells)
    cb_ptr = np.zeros(len(combos) + 1, dtype=np.int32)
    for i, c in enumerate(combos):
        cb_ptr[i + 1] = cb_ptr[i] + len(c)
    cb_mask = np.array([m for c in combos for m in c], dtype=np.uint64)
    sums = np.array([t for _, t in cages], dtype=np.int64)
    return cg_ptr, cg_idx, cb_ptr, cb_mask, sums


class _Search:
    """The arrays of one search and the loop that drives the kernel slice by slice."""

    def __init__(self, problem: Problem, keep: int | None, leaf: int) -> None:
        import numpy as np

        K = _kernels()
        self.K = K
        n, k = problem.graph.n, problem.k
        self.n = n
        g = house_arrays(problem.graph, k)
        self.g = g
        self.params = p = np.zeros(K.NUM_PARAMS, dtype=np.int64)
        p[K.P_N] = n
        p[K.P_K] = k
        # ties by unplaced neighbours, except when counting; on large grids, colours too
        p[K.P_TIE] = 0 if leaf else (2 if n >= LCV_MIN_VERTICES else 1)
        p[K.P_MARK] = int(n >= MARK_MIN_VERTICES)
        self.leaf = leaf
        self.st = np.zeros(K.NUM_STATE, dtype=np.int64)
        levels = min(FIRST_LEVELS, n + 1)
        self.dom = np.zeros((levels, n), dtype=np.uint64)
        self.asg = np.zeros((levels, n), dtype=np.uint8)
        self.gcell = np.zeros(levels, dtype=np.int64)
        self.grem = np.zeros(levels, dtype=np.uint64)
        self.lv = np.full((levels, 2), -1, dtype=np.int64)
        self.lh = np.zeros(levels, dtype=np.uint64)
        self.q = np.zeros(max(n, 1), dtype=np.int64)
        # a store never sized by a limit: keeping more than a buffer (every solution, or a
        # limit of 10**10), the buffer is handed back to Python each time it is full
        drain = keep is None or keep > BUFFER_ROWS
        rows = BUFFER_ROWS if drain or keep is None else keep
        self.sols = np.zeros((max(rows, 1), max(n, 1)), dtype=np.int8)
        p[K.P_CAP] = rows
        p[K.P_DRAIN] = 1 if drain else 0
        self.scratch = np.full(4 * n + 1 + len(g.nbr_idx), -1, dtype=np.int64)
        self.mscratch = np.zeros(2 * n, dtype=np.uint64)
        self.su = np.zeros(max(len(g.seg_ptr) - 1, 1), dtype=np.uint64)
        self.hd = np.ones(max(len(g.H), 1), dtype=np.uint8)  # houses to scan: all at a root
        self.fw = np.zeros(max(len(g.H), 1), dtype=np.uint64)  # colours with two places
        self.sd = np.zeros((levels, max(len(g.H), 1)), dtype=np.uint64)  # their pairs cleared
        self.memo_max = memo_rows(n) if leaf and not problem.cages else 0
        self._memo_arrays(min(MEMO_FIRST_ROWS, self.memo_max))
        self.reset(problem)

    def _memo_arrays(self, rows: int) -> None:
        """Empty counting memo arrays of ``rows`` rows (0: no memo)."""
        import numpy as np

        self.memo = rows
        self.mkeys = np.zeros((max(rows, 1), self.n if rows else 1), dtype=np.uint64)
        self.mcount = np.full(max(rows, 1), -1, dtype=np.int64)
        self.mhash = np.zeros(max(rows, 1), dtype=np.uint64)

    def _grow_memo(self, rows: int) -> None:
        """A memo of ``rows`` rows (a multiple of the present size) holding the present one's
        entries: an entry of bucket ``b`` and way ``w`` goes to way ``w`` of the bucket its
        hash gives in the larger table, whose low bits are ``b``, so no two entries meet.
        (A level entered before a move writes its count to its old bucket when it ends: an
        entry no lookup reaches, as a lookup checks the whole state; at the next move it may
        meet another, and one of the two is dropped, each row still one whole entry.)"""
        import numpy as np

        keys, counts, hashes = self.mkeys, self.mcount, self.mhash
        self._memo_arrays(rows)
        kept = np.flatnonzero(counts >= 0)
        ways = self.K.WAYS
        base = (hashes[kept] & np.uint64(rows - 1)).astype(np.int64) & ~(ways - 1)
        at = base + (kept & (ways - 1))
        self.mkeys[at] = keys[kept]
        self.mcount[at] = counts[kept]
        self.mhash[at] = hashes[kept]

    def reset(self, problem: Problem) -> None:
        """Take ``problem`` (same graph and ``k``) with counters at zero, no solution and the
        deterministic run (seed 0)."""
        import numpy as np

        K = self.K
        self.problem = problem
        # the search prunes on the cages and those they imply (after them); the check reads
        # the puzzle's: the first cages of the same arrays
        *self.cages, sums = _cage_arrays(self.g.search_cages(problem.cages), problem.k)
        ptr, idx, m = self.cages[0], self.cages[1], len(problem.cages)
        self.checked_cages = (ptr[: m + 1], idx[: ptr[m]])
        self.cage_sums = sums[:m]
        self.params[K.P_LEAF] = 0 if problem.cages else self.leaf
        self.params[K.P_MEMO] = 0 if problem.cages else self.memo
        self.params[K.P_SEED] = 0
        self.common = _no_pairs() if problem.cages else self.g.common
        self.params[K.P_SEEN] = int(len(self.common[1]) > 0)
        self.st[:] = 0
        self.clues = np.frombuffer(bytearray(problem.precolouring), dtype=np.uint8)
        self.solutions: list[Coloring] = []

    def snapshot(self) -> tuple[Any, Any]:
        """A copy of the root level (its domains and placed flags)."""
        return self.dom[0].copy(), self.asg[0].copy()

    def restore(self, root: tuple[Any, Any], seed: int) -> None:
        """Go back to a propagated root (from :meth:`snapshot`) for a new run with ``seed``:
        counters at zero, solutions kept."""
        self.dom[0], self.asg[0] = root
        self.sd[0] = 0
        self.st[:] = 0  # depth 0, mode PROP with an empty queue: the root is settled
        self.hd[:] = 1
        self.params[self.K.P_SEED] = seed

    def start(self) -> bool:
        """Set the first level from the clues (False when a clue is not a colour); every
        house to be scanned."""
        self.hd[:] = 1
        return bool(
            self.K.start(self.params, self.st, self.dom, self.asg, self.q, self.clues, self.sd)
        )

    def _grow(self) -> None:
        import numpy as np

        levels = self.dom.shape[0]
        more = min(2 * levels, self.n + 1)
        for name in ("dom", "asg", "gcell", "grem", "lv", "lh", "sd"):
            old = getattr(self, name)
            new = np.full((more, *old.shape[1:]), -1 if name == "lv" else 0, dtype=old.dtype)
            new[:levels] = old
            setattr(self, name, new)

    def _step(self) -> int:
        g = self.g
        state = (self.params, self.st, self.dom, self.asg, self.gcell, self.grem, self.q, self.sols)
        graph = (g.nbr_ptr, g.nbr_idx, g.H, *g.pairs(), *self.common)
        memo = (
            self.scratch, self.mscratch, self.su, self.lv, self.lh, self.mkeys, self.mcount,
            self.mhash, self.hd, *g.of_vertex, self.fw, self.sd,
        )  # fmt: skip
        code = self.K.search(*state, *graph, *self.cages, *memo)
        return int(code)

    def drain(self) -> None:
        """Take the solutions of a full buffer (keeping every solution)."""
        if self.params[self.K.P_DRAIN]:
            self.take()

    def take(self) -> None:
        """Keep the solutions stored, each checked by the compiled :func:`check`, and empty
        the buffer."""
        b = int(self.st[self.K.S_BUFFERED])
        if not b:
            return
        self.st[self.K.S_BUFFERED] = 0
        g = self.g
        cg_ptr, cg_idx = self.checked_cages[0], self.checked_cages[1]
        bad = self.K.check(
            self.sols, b, self.clues, self.problem.k, g.xe_ptr, g.xe_idx, g.H, cg_ptr, cg_idx,
            self.cage_sums,
        )  # fmt: skip
        if bad >= 0:  # pragma: no cover - a bug in the kernel
            raise AssertionError(f"the house kernel returned a non-solution: {self.sols[bad]}")
        for row in self.sols[:b, : self.n].tolist():
            self.solutions.append(tuple(row))

    def run(
        self, limit: int | None, max_nodes: int | None, timeout: float | None, start: float
    ) -> tuple[int, str]:
        """Drive the kernel slice by slice to the end: ``(code, reason)``, the reason of a stop
        being ``node limit``, ``time limit`` or ``interrupted`` (Ctrl-C between two slices)."""
        K = self.K
        p = self.params
        # the kernel's counters are 64-bit: a larger limit or cap is none in practice
        p[K.P_LIMIT] = -1 if limit is None else min(limit, MAX_NODES)
        cap_nodes = MAX_NODES if max_nodes is None else min(max_nodes, MAX_NODES)
        deadline = None if timeout is None else start + timeout

        def step(stop_at: int) -> int:
            if self.memo < self.memo_max:  # a memo grows with the search: see MEMO_FIRST_ROWS
                done = int(self.st[K.S_NODES])
                if done >= self.memo // 2:
                    self._grow_memo(min(4 * self.memo, self.memo_max))
                    p[K.P_MEMO] = self.memo
                if self.memo < self.memo_max:
                    stop_at = min(stop_at, max(done, self.memo // 2))
            p[K.P_STOP_AT] = stop_at
            code = self._step()
            if code == K.BUFFER_FULL:
                self.drain()
            elif code == K.GROW:
                self._grow()
            return code

        def handled(code: int) -> bool:
            return code in (K.BUFFER_FULL, K.GROW)

        nodes = lambda: int(self.st[K.S_NODES])  # noqa: E731
        return drive(step, nodes, K.PAUSED, cap_nodes, deadline, SLICING, handled)

    def stats(self, start: float) -> Stats:
        K = self.K
        s = self.st
        return Stats(
            nodes=int(s[K.S_NODES]),
            backtracks=int(s[K.S_BACKTRACKS]),
            max_depth=int(s[K.S_MAX_DEPTH]),
            seconds=time.perf_counter() - start,
            engine=ENGINE,
        )


_SPARE = threading.local()
"""Per thread: searches kept for reuse by problems of the same graph (their arrays)."""
_SPARE_SIZE = 8


def _search_for(problem: Problem, keep: int | None, leaf: int) -> _Search:
    """A search for ``problem``: a new one when it counts or keeps every solution, else this
    thread's last search of the same graph, ``k`` and ``keep`` reset (its arrays allocated
    once: on a 16×16 grid they cost more than an easy puzzle's propagation)."""
    if keep is None or leaf:
        return _Search(problem, keep, leaf)
    spare: dict[tuple[int, int, int], _Search] = _SPARE.__dict__.setdefault("searches", {})
    key = (id(problem.graph), problem.k, keep)
    search = spare.pop(key, None)
    if search is None or search.problem.graph is not problem.graph:
        search = _Search(problem, keep, 0)
    else:
        search.reset(problem)
    if len(spare) >= _SPARE_SIZE:
        del spare[next(iter(spare))]
    spare[key] = search
    return search


def _load() -> None:
    """Load (or compile, announced once) the kernel before any clock starts."""
    from .compile import ensure_loaded

    ensure_loaded(ENGINE)


def _checked_search(problem: Problem, keep: int | None, leaf: int) -> _Search:
    """A search for ``problem`` at its first level (see :func:`_search_for`)."""
    why = unsupported(problem)
    if why is not None:
        raise InvalidArgument(f"the house kernel cannot take this problem: {why}")
    search = _search_for(problem, keep, leaf)
    if not search.start():  # pragma: no cover - Problem checks the clues
        raise InvalidArgument("a clue is not a colour 1..k")
    return search


def _reason(reason: str, done: bool) -> str:
    """The reason a result gives: none (``""``) when the search ``done`` what it was asked
    (enough solutions, or the whole tree) whatever stopped it, but Ctrl-C always, so that the
    caller stops (generation took a count cut by it that had found two solutions for an answer
    and went on).

    >>> _reason("node limit", True), _reason("interrupted", True), _reason("time limit", False)
    ('', 'interrupted', 'time limit')
    """
    return "" if done and reason != "interrupted" else reason


def _result(search: _Search, code: int, reason: str, stats: Stats, found: int) -> Result:
    """The result of a search that ended with ``code`` having found ``found`` solutions (its
    solutions taken)."""
    complete = code == search.K.EXHAUSTED
    status: Status = "solved" if found else ("unsatisfiable" if complete else "stopped")
    return Result(
        status,
        search.solutions,
        stats,
        method="propagate",
        reason=_reason(reason, bool(found) and code == search.K.LIMIT),
        complete=complete,
        count=found if complete else None,
    )


def _solve(
    problem: Problem, options: SolveOptions, keep: int | None, leaf: int
) -> tuple[Result, int]:
    """One run of the kernel on ``problem`` (solve on a small grid, or count): a run still
    going after :data:`RUN_HANDOFF_GUESSES` guesses may end on a SAT solver (see
    :func:`_settle_by_sat`)."""
    start = time.perf_counter()
    search = _checked_search(problem, keep, leaf)
    K = search.K
    limit = options.limit
    one_run = limit is None or problem.graph.n < RESTART_MIN_VERTICES  # no restarts
    if options.max_nodes is None and one_run:
        code, reason = search.run(limit, RUN_HANDOFF_GUESSES, options.timeout, start)
        if code == K.PAUSED and reason == "node limit":
            search.take()
            found = int(search.st[K.S_FOUND])
            stats = search.stats(start)
            settled = _settle_by_sat(problem, options, search.solutions, found, stats, keep)
            if settled is not None:
                return settled
            code, reason = search.run(limit, None, options.timeout, start)
    else:
        code, reason = search.run(limit, options.max_nodes, options.timeout, start)
    if keep is None:
        search.drain()
    else:
        search.take()
    found = int(search.st[search.K.S_FOUND])
    return _result(search, code, reason, search.stats(start), found), found


def _settle_by_sat(
    problem: Problem,
    options: SolveOptions,
    known: list[Coloring],
    found: int,
    stats: Stats,
    keep: int | None,
) -> tuple[Result, int] | None:
    """The end of a long search by method ``sat`` on the whole problem, cages included (see
    :data:`RUN_HANDOFF_GUESSES`; :data:`HANDOFF_GUESSES` for a killer on a large grid), the
    search having found ``found`` solutions, kept ``known``, spent ``stats`` (its clock
    started when the search did). A search for one or two solutions (solve, uniqueness)
    takes the solver's answer; a search for more, or a count, only when the search has found
    at most one solution so far and the solver proves there is no second one (else the
    search goes on: many solutions are the kernel's work, a SAT solver finds them one
    blocking clause at a time). ``(result, count)``, or None: the search goes on (no
    python-sat, a cage of too many digit combinations for the encoding, more than one
    solution to enumerate)."""
    from ..search.sat import run as sat_run
    from ..search.sat import sat_available

    began = time.perf_counter() - stats.seconds
    direct = options.limit is not None and options.limit <= 2
    if not sat_available() or (not direct and found > 1):
        return None
    timeout = None if options.timeout is None else options.timeout - stats.seconds
    try:
        sat = sat_run(problem, SolveOptions(limit=options.limit if direct else 2, timeout=timeout))
    except InvalidArgument:  # a cage of too many digit combinations for the encoding
        return None
    for sol in sat.solutions:
        if not is_solution(problem, sol):  # pragma: no cover - a bug in the encoding
            raise AssertionError(f"the SAT handoff returned a non-solution: {sol}")
    stopped = sat.reason in ("time limit", "interrupted")  # the caller's limits: the end
    if not direct and not sat.complete and not stopped:
        return None
    pool = dict.fromkeys(known)
    if direct or sat.complete:  # else stopped: what the search found so far
        pool.update(dict.fromkeys(sat.solutions))
        found = len(sat.solutions) if sat.complete else len(pool)
    solutions = list(pool)[:keep]
    stats.seconds = time.perf_counter() - began
    stats.nodes += sat.stats.nodes
    stats.backtracks += sat.stats.backtracks
    stats.deductions += sat.stats.deductions
    stats.engine = ENGINE + "+sat"
    complete = sat.complete
    enough = options.limit is not None and found >= options.limit
    status: Status = "solved" if found else ("unsatisfiable" if complete else "stopped")
    result = Result(
        status,
        solutions,
        stats,
        method="propagate",
        reason=_reason(sat.reason, enough or complete),
        complete=complete,
        count=found if complete else None,
    )
    return result, found


def run(problem: Problem, options: SolveOptions) -> Result:
    """Solve ``problem``: at most ``options.limit`` solutions (None = all, every one kept),
    ``max_nodes`` guesses, ``timeout`` seconds (status ``stopped`` and its reason).

    Raises :class:`InvalidArgument` when ``options.trace`` is set (only the Python engine
    traces) or the problem is not one the kernel takes (:func:`unsupported`).
    """
    if options.trace is not None:
        raise InvalidArgument("the house kernel cannot trace: use engine='python'")
    _load()
    if options.limit is None or problem.graph.n < RESTART_MIN_VERTICES:
        result, _ = _solve(problem, options, options.limit, 0)
        return result
    return _run_restarts(problem, options)


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...

    >>> [luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while (1 << k) - 1 != i:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def _run_restarts(problem: Problem, options: SolveOptions) -> Result:
    """Search for ``options.limit`` solutions by runs with guess budgets of
    :data:`RESTART_FIRST` times Luby's sequence (so that some run is long enough for any tree:
    the search stays complete), the first one deterministic, the next ones with a seeded choice
    among the vertices with fewest colours and of the colour tried first (a wrong early guess
    on a large, loosely clued grid can cost a tree that another order never meets). Every run
    starts from the root propagated once; solutions of every run are pooled (distinct); a run
    that explores its whole tree answers for all. ``max_nodes`` caps the guesses of all runs
    together, ``timeout`` their time."""
    begin = time.perf_counter()
    limit = options.limit or 0
    search = _checked_search(problem, limit, 0)
    K = search.K
    code, reason = search.run(limit, 0, options.timeout, begin)  # the root, before any guess
    root = search.snapshot()
    open_vertices = _open_vertices(search, root)
    spent = backtracks = depth = 0
    seed = 0
    pooled: dict[Coloring, None] = {}
    handoff = options.max_nodes is None  # then whether it may, asked once, when it is time
    while code == K.PAUSED and reason == "node limit":
        if handoff and spent >= HANDOFF_GUESSES:
            stats = Stats(nodes=spent, backtracks=backtracks, max_depth=depth, engine=ENGINE)
            if problem.cages:  # the whole formula, cages included
                stats.seconds = time.perf_counter() - begin
                known = list(pooled)
                settled = _settle_by_sat(problem, options, known, len(known), stats, limit)
                if settled is not None:
                    return settled[0]
                handoff = False
            else:
                handoff = _may_hand_off(problem, search, root)
                if handoff:
                    return _hand_off(problem, options, search, root, list(pooled), stats, begin)
        budget = RESTART_FIRST * luby(seed + 1)
        tie = int(search.params[K.P_TIE])
        if seed == 0 and open_vertices >= PLAIN_FIRST_RUN_OPEN * search.g.n:  # nearly empty
            search.params[K.P_TIE] = 0
            budget = max(budget, FIRST_RUN_GUESSES * open_vertices)
        if options.max_nodes is not None:
            budget = min(budget, options.max_nodes - spent)
            if budget <= 0:
                break
        if seed:
            search.restore(root, seed)
        code, reason = search.run(limit, budget, options.timeout, begin)
        search.params[K.P_TIE] = tie
        st = search.st
        spent += int(st[K.S_NODES])
        backtracks += int(st[K.S_BACKTRACKS])
        depth = max(depth, int(st[K.S_MAX_DEPTH]))
        search.take()
        pooled.update(dict.fromkeys(search.solutions))
        if len(pooled) >= limit:
            break
        seed += 1
    search.take()  # a root that ended the search (no run)
    pooled.update(dict.fromkeys(search.solutions))
    search.solutions = list(pooled)[:limit]
    stats = Stats(
        nodes=spent,
        backtracks=backtracks,
        max_depth=depth,
        seconds=time.perf_counter() - begin,
        engine=ENGINE,
    )
    if len(search.solutions) >= limit and code != K.EXHAUSTED:
        code = K.LIMIT
    return _result(search, code, reason, stats, len(search.solutions))


def _open_vertices(search: _Search, root: tuple[Any, Any]) -> int:
    """The vertices left with two colours or more at the ``root`` (propagated)."""
    import numpy as np

    dom = root[0][: search.g.n]
    return int(((dom & (dom - np.uint64(1))) != 0).sum())


def _may_hand_off(problem: Problem, search: _Search, root: tuple[Any, Any]) -> bool:
    """Whether a long search on ``problem``, which has no cages (a killer goes to
    :func:`_settle_by_sat`), may go on with :func:`sudograph.search.sat.run_domains` (see
    :data:`HANDOFF_GUESSES`): python-sat is there and the formula of the root's domains
    holds at most :data:`HANDOFF_MAX_LITERALS` literals (:func:`formula_literals`)."""
    from ..search.sat import sat_available

    if not sat_available():
        return False
    g = search.g
    return formula_literals(root[0][: g.n], g.nbr_ptr, g.nbr_idx, g.H) <= HANDOFF_MAX_LITERALS


def formula_literals(dom: Any, nbr_ptr: Any, nbr_idx: Any, houses: Any) -> int:
    """The literals of :func:`sudograph.search.sat.run_domains`'s formula for the domains
    ``dom`` (one colour mask per vertex), counted as it writes them: per open vertex (two
    colours or more) at least one of its colours and at most one (a pair per two colours);
    per edge between open vertices, a pair per colour both may take; per exact house, a
    colour's open places (at most each open vertex's colours once per house).

    Only the open vertices count: a 64×64 grid with 60 % of its cells given and propagated
    writes 0.15 million clauses, where counting every neighbour (placed ones too) made it
    6 million literals and no handoff.

    >>> import numpy as np
    >>> from sudograph.graph import sudoku_graph
    >>> from sudograph.engine._arrays import to_csr
    >>> g = sudoku_graph(1, 2)  # 2×2: two rows, two columns, two boxes (the rows again)
    >>> ptr, idx = to_csr(g.neighbors)
    >>> H = np.array(g.houses)
    >>> formula_literals(np.array([3, 3, 3, 3], dtype=np.uint64), ptr, idx, H)
    56
    >>> formula_literals(np.array([1, 3, 3, 3], dtype=np.uint64), ptr, idx, H)  # one placed
    38
    """
    import numpy as np

    dom = np.asarray(dom, dtype=np.uint64)
    size = _popcounts(dom)
    size = np.where(size > 1, size, 0)
    opened = size > 0
    degree = np.diff(np.asarray(nbr_ptr, dtype=np.int64)).astype(np.int64)
    src = np.repeat(np.arange(len(dom)), degree)
    dst = np.asarray(nbr_idx, dtype=np.int64)
    both = (src < dst) & opened[src] & opened[dst]
    edges = 2 * int(_popcounts(dom[src[both]] & dom[dst[both]]).sum())
    places = int(size[np.asarray(houses, dtype=np.int64)].sum()) if len(houses) else 0
    return int((size * size).sum()) + edges + places


def _popcounts(masks: Any) -> Any:
    """The number of set bits of each ``uint64`` of ``masks`` (int64)."""
    import numpy as np

    masks = np.ascontiguousarray(masks, dtype=np.uint64)
    return np.unpackbits(masks.view(np.uint8)).reshape(-1, 64).sum(axis=1, dtype=np.int64)


def _hand_off(
    problem: Problem,
    options: SolveOptions,
    search: _Search,
    root: tuple[Any, Any],
    known: list[Coloring],
    stats: Stats,
    begin: float,
) -> Result:
    """Finish a search with a SAT solver on the root's domains (see :data:`HANDOFF_GUESSES`):
    the solutions found so far kept and excluded, every new one checked."""
    from ..search.sat import run_domains

    limit = options.limit or 0
    deadline = None if options.timeout is None else begin + options.timeout
    g = search.g
    found, complete, sat, reason = run_domains(
        problem, root[0], limit - len(known), deadline, known, (g.nbr_ptr, g.nbr_idx), g.H
    )
    for s in found:
        if not is_solution(problem, s):  # pragma: no cover - a bug in the encoding
            raise AssertionError(f"the SAT handoff returned a non-solution: {s}")
    solutions = (known + found)[:limit]
    stats.nodes += sat.decisions
    stats.backtracks += sat.conflicts
    stats.deductions += sat.propagations
    stats.seconds = time.perf_counter() - begin
    stats.engine = ENGINE + "+sat"
    enough = len(solutions) >= limit
    status: Status = "solved" if solutions else ("unsatisfiable" if complete else "stopped")
    return Result(
        status,
        solutions,
        stats,
        method="propagate",
        reason=_reason(reason, enough or complete),
        complete=complete and not enough,
        count=len(solutions) if complete and not enough else None,
    )


def count(problem: Problem, options: SolveOptions, *, keep: int = 0) -> Result:
    """Count every solution (``options.limit`` ignored) keeping only the first ``keep``.

    ``result.count`` is the number found (exact when ``result.complete``).

    >>> from sudograph.grid import Grid
    >>> count(Grid.empty((2, 3)).problem, SolveOptions(), keep=1).solutions[0][:6]
    (1, 2, 3, 4, 5, 6)
    """
    if options.trace is not None:
        raise InvalidArgument("the house kernel cannot trace: use engine='python'")
    _load()
    opts = SolveOptions(limit=None, max_nodes=options.max_nodes, timeout=options.timeout)
    house = _free_house(problem)
    if house is None:
        result, found = _solve(problem, opts, keep, LEAF_SPACE)
        result.count = found
        return result
    # no clue, no cage: colours are interchangeable, so count the solutions that colour one
    # exact house 1..k in order and multiply by k! (each is one of k! relabelled twins)
    start = time.perf_counter()
    pre = [0] * problem.graph.n
    for c, v in enumerate(house, 1):
        pre[v] = c
    # the solutions kept are this search's own, as on a grid with clues, and their
    # relabellings (a second search for them took no bound: minutes on an empty 49x49 grid)
    result, found = _solve(Problem(problem.graph, problem.k, tuple(pre)), opts, keep, LEAF_SPACE)
    if keep:
        result.solutions = _relabelled(result.solutions, problem.k, keep)
    result.count = max(found * math.factorial(problem.k), len(result.solutions))
    if result.complete:
        result.status = "solved" if found else "unsatisfiable"
    result.stats.seconds = time.perf_counter() - start
    return result


def _relabelled(solutions: list[Coloring], k: int, keep: int) -> list[Coloring]:
    """The first ``keep`` of ``solutions`` (those of a problem without clues nor cages) and
    of their colours relabelled, every permutation of ``1..k`` in turn (the identity first):
    distinct solutions, since each of ``solutions`` colours one house in order.

    >>> _relabelled([(1, 2, 2, 1)], 2, 2), _relabelled([], 64, 1)
    ([(1, 2, 2, 1), (2, 1, 1, 2)], [])
    """
    if not solutions:  # (the permutations of 1..k would be walked for nothing)
        return []
    relabels = (
        tuple(perm[c - 1] for c in sol)
        for perm in itertools.permutations(range(1, k + 1))
        for sol in solutions
    )
    return list(itertools.islice(relabels, keep))


def _free_house(problem: Problem) -> tuple[int, ...] | None:
    """The first exact house of a problem without clues or cages (None otherwise)."""
    if problem.cages or any(problem.precolouring):
        return None
    return next((h for h in problem.graph.houses if len(h) == problem.k), None)


def warmup(progress: Callable[[str], None] | None = None) -> float:
    """Compile (or load from numba's cache) the house kernel; the seconds it took."""
    from ..grid import Grid

    begin = time.perf_counter()
    if progress is not None:
        progress("compiling the house kernel, once")
    p = Grid.empty(2).problem
    run(p, SolveOptions(limit=2))
    count(p, SolveOptions())
    killer = Problem(p.graph, 4, cages=(((0, 1), 3),))
    run(killer, SolveOptions(limit=1))
    return time.perf_counter() - begin
