"""Chromatic numbers: DSATUR branch and bound with a clique lower bound."""

from __future__ import annotations

import itertools
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument
from sudograph.formats.dimacs import read_dimacs
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.problem import is_proper_coloring
from sudograph.search.chromatic import chromatic_number, dsatur_coloring, greedy_clique

GRAPHS = Path(__file__).parent / "data" / "graphs"

# known chromatic numbers of the DIMACS instances (tests/data/graphs, with their sources)
KNOWN = {
    "myciel3": 4,
    "myciel4": 5,
    "queen5_5": 5,
    "huck": 11,
    "jean": 10,
    "david": 11,
    "anna": 11,
    "games120": 9,
    "miles250": 8,
    "homer": 13,
}


def load(name: str) -> Graph:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # homer has a self-loop, dropped with a warning
        graph: Graph = read_dimacs(GRAPHS / f"{name}.col")
    return graph


@pytest.mark.parametrize(("name", "chi"), sorted(KNOWN.items()))
def test_dimacs_known_chi(name: str, chi: int) -> None:
    g = load(name)
    r = chromatic_number(g, timeout=60)
    assert r.proven and r.chromatic_number == chi
    assert r.lower_bound == r.upper_bound == chi
    assert is_proper_coloring(g, r.coloring, chi) and max(r.coloring) == chi


@pytest.mark.parametrize(
    ("graph", "chi"),
    [
        (petersen_graph(), 3),
        (sudoku_graph(2), 4),
        (sudoku_graph(2, 3), 6),
        (Graph.from_edges(0, []), 0),
        (Graph.from_edges(4, []), 1),
        (Graph.from_edges(5, [(i, (i + 1) % 5) for i in range(5)]), 3),
        (Graph.from_edges(6, [(i, (i + 1) % 6) for i in range(6)]), 2),
        (Graph.from_edges(5, list(itertools.combinations(range(5), 2))), 5),
    ],
)
def test_small_graphs(graph: Graph, chi: int) -> None:
    r = chromatic_number(graph)
    assert r.proven and r.chromatic_number == chi
    if graph.n:
        assert is_proper_coloring(graph, r.coloring, chi)


def test_timeout_gives_bounds() -> None:
    g = load("myciel4")  # the clique bound (2) is far from chi (5): search needed
    r = chromatic_number(g, timeout=0)
    assert r.lower_bound <= 5 <= r.upper_bound
    assert r.chromatic_number == r.upper_bound
    assert is_proper_coloring(g, r.coloring, r.upper_bound)
    if not r.proven:
        assert r.lower_bound < r.upper_bound


def test_negative_timeout() -> None:
    with pytest.raises(InvalidArgument):
        chromatic_number(petersen_graph(), timeout=-1)


def test_clique_and_dsatur_bounds() -> None:
    g = load("queen5_5")
    q = greedy_clique(g)
    assert len(q) == 5 and all(g.has_edge(u, v) for u, v in itertools.combinations(q, 2))
    assert is_proper_coloring(g, dsatur_coloring(g))


def brute_chi(g: Graph) -> int:
    for k in range(1, g.n + 1):
        if any(is_proper_coloring(g, c) for c in itertools.product(range(1, k + 1), repeat=g.n)):
            return k
    return 0


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 7).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.booleans(), min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2),
        )
    )
)
def test_chi_agrees_with_brute_force(data: tuple[int, list[bool]]) -> None:
    n, bits = data
    pairs = list(itertools.combinations(range(n), 2))
    g = Graph.from_edges(n, [e for e, b in zip(pairs, bits, strict=True) if b])
    r = chromatic_number(g)
    assert r.proven and r.chromatic_number == brute_chi(g)
    assert is_proper_coloring(g, r.coloring, r.chromatic_number)


def _dsatur_by_definition(graph: Graph) -> tuple[int, ...]:
    """DSATUR as defined: at each step the uncoloured vertex of highest saturation (distinct
    colours among its neighbours), then most uncoloured neighbours, then lowest index, gets
    the lowest colour none of its neighbours has."""
    colour = [0] * graph.n
    for _ in range(graph.n):
        best, key = -1, (-1, -1)
        for v in range(graph.n):
            if colour[v] == 0:
                around = {colour[u] for u in graph.neighbors[v]} - {0}
                free = sum(1 for u in graph.neighbors[v] if colour[u] == 0)
                if (len(around), free) > key:
                    best, key = v, (len(around), free)
        taken = {colour[u] for u in graph.neighbors[best]}
        colour[best] = next(c for c in itertools.count(1) if c not in taken)
    return tuple(colour)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 24).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.sets(
                st.tuples(st.integers(0, max(n - 1, 0)), st.integers(0, max(n - 1, 0))), max_size=90
            ),
        )
    )
)
def test_dsatur_is_the_definition(drawn: tuple[int, set[tuple[int, int]]]) -> None:
    n, pairs = drawn
    graph = Graph.from_edges(n, [(u, v) for u, v in pairs if u != v])
    assert dsatur_coloring(graph) == _dsatur_by_definition(graph)


def test_dsatur_on_a_large_sparse_graph() -> None:
    """A heap, not a scan per step: 100,000 vertices and one edge in well under a second
    (the scan took minutes); the colouring is proper and uses two colours."""
    graph = Graph.from_edges(100_000, [(0, 1)])
    coloring = dsatur_coloring(graph)
    assert is_proper_coloring(graph, coloring) and max(coloring) == 2
