"""A :class:`~sudograph.graph.Graph` as flat arrays for the compiled twin of the search.

Glossary: ``v`` vertex, ``c`` colour ``1..k`` (bit ``c - 1`` of a ``uint64`` mask), ``h`` house.
Every array is a CSR pair ``(ptr, idx)``: the items of row ``i`` are ``idx[ptr[i]:ptr[i + 1]]``.

* ``nbr`` — the neighbours of each vertex (sorted, as in ``Graph.neighbors``);
* ``houses`` — the vertices of each house (in the order of ``Graph.houses``);
* ``cliques`` — for each vertex the cliques it belongs to, where the cliques cover every edge:
  the houses that are cliques of the graph (a Sudoku's rows, columns and boxes), then every edge
  no such house covers as a clique of two. The colours a vertex may not take are then the OR of
  the colour masks of its cliques: 3 loads on a Sudoku instead of 20 neighbours.

This module imports numpy at import time: import it lazily.

>>> from sudograph.graph import sudoku_graph
>>> a = graph_arrays(sudoku_graph(2))
>>> a.num_cliques, a.vertex_cliques(0).tolist()
(12, [0, 4, 8])
>>> a.neighbors(0).tolist()
[1, 2, 3, 4, 5, 8, 12]
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..graph import Graph

IntArray = npt.NDArray[np.int32]


@dataclass(frozen=True)
class GraphArrays:
    """The CSR arrays of one graph (see the module docstring)."""

    n: int
    nbr_ptr: IntArray
    nbr_idx: IntArray
    house_ptr: IntArray
    house_idx: IntArray
    clique_ptr: IntArray
    clique_idx: IntArray
    num_cliques: int

    def neighbors(self, v: int) -> IntArray:
        """The neighbours of ``v``."""
        return self.nbr_idx[self.nbr_ptr[v] : self.nbr_ptr[v + 1]]

    def vertex_cliques(self, v: int) -> IntArray:
        """The cliques ``v`` belongs to."""
        return self.clique_idx[self.clique_ptr[v] : self.clique_ptr[v + 1]]


def to_csr(rows: Sequence[Sequence[int]]) -> tuple[IntArray, IntArray]:
    """``(ptr, idx)`` of a list of integer rows.

    >>> ptr, idx = to_csr([[1, 2], [], [0]])
    >>> ptr.tolist(), idx.tolist()
    ([0, 2, 2, 3], [1, 2, 0])
    """
    ptr = np.zeros(len(rows) + 1, dtype=np.int32)
    for i, row in enumerate(rows):
        ptr[i + 1] = ptr[i] + len(row)
    idx = np.fromiter((x for row in rows for x in row), dtype=np.int32, count=int(ptr[-1]))
    return ptr, idx


def is_clique(graph: Graph, house: Sequence[int]) -> bool:
    """True when the distinct vertices of ``house`` are pairwise adjacent.

    >>> from sudograph.graph import petersen_graph
    >>> is_clique(petersen_graph(), (0, 1)), is_clique(petersen_graph(), (0, 2))
    (True, False)
    """
    members = set(house)
    if len(members) != len(house):
        return False
    nsets = graph._neighbor_sets()
    return all(members - {v} <= nsets[v] for v in house)


def build_graph_arrays(graph: Graph) -> GraphArrays:
    """Build the arrays of ``graph`` (prefer the cached :func:`graph_arrays`)."""
    n = graph.n
    nbr_ptr, nbr_idx = to_csr(graph.neighbors)
    house_ptr, house_idx = to_csr(graph.houses)
    cliques_of: list[list[int]] = [[] for _ in range(n)]
    covered: list[set[int]] = [set() for _ in range(n)]
    num = 0
    for h in graph.houses:
        if len(h) >= 2 and is_clique(graph, h):
            for v in h:
                cliques_of[v].append(num)
                covered[v].update(h)
            num += 1
    for v, nbrs in enumerate(graph.neighbors):
        for u in nbrs:
            if u > v and u not in covered[v]:
                cliques_of[v].append(num)
                cliques_of[u].append(num)
                num += 1
    clique_ptr, clique_idx = to_csr(cliques_of)
    return GraphArrays(
        n, nbr_ptr, nbr_idx, house_ptr, house_idx, clique_ptr, clique_idx, max(num, 1)
    )


_CACHE: weakref.WeakKeyDictionary[Graph, GraphArrays] = weakref.WeakKeyDictionary()


def graph_arrays(graph: Graph) -> GraphArrays:
    """The arrays of ``graph``, built once per graph (cached while the graph lives)."""
    arrays = _CACHE.get(graph)
    if arrays is None:
        arrays = build_graph_arrays(graph)
        _CACHE[graph] = arrays
    return arrays
