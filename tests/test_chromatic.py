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
