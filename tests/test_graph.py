"""The Graph model, the Sudoku graph's laws, the Petersen graph, networkx interchange."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument
from sudograph.formats.dimacs import SelfLoopWarning
from sudograph.graph import MAX_SIDE, Graph, petersen_graph, sudoku_graph, sudoku_houses

BOXES = [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (2, 3), (3, 2), (2, 4), (3, 4), (1, 4), (4, 2)]


def degree_law(r: int, c: int) -> int:
    """Row (N-1) + column (N-1) + the box cells in neither: (r-1)(c-1)."""
    n = r * c
    return 2 * (n - 1) + (r - 1) * (c - 1)


def brute_adjacent(r: int, c: int, u: int, v: int) -> bool:
    """Adjacency from the rules, cell by cell (independent of the houses)."""
    n = r * c
    (ru, cu), (rv, cv) = divmod(u, n), divmod(v, n)
    same_box = ru // r == rv // r and cu // c == cv // c
    return u != v and (ru == rv or cu == cv or same_box)


@pytest.mark.parametrize(("r", "c"), BOXES)
def test_sudoku_graph_laws(r: int, c: int) -> None:
    g = sudoku_graph(r, c)
    n = r * c
    d = degree_law(r, c)
    assert g.n == n * n
    assert g.stats() == {
        "vertices": n * n,
        "edges": n * n * d // 2,
        "degree": {"min": d, "max": d},
        "houses": 3 * n,
    }
    assert len(g.edges()) == g.num_edges


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_square_box_closed_forms(k: int) -> None:
    g = sudoku_graph(k)
    assert g.n == k**4
    assert g.stats()["degree"]["max"] == 3 * k * k - 2 * k - 1
    assert g.num_edges == k**4 * (3 * k * k - 2 * k - 1) // 2


@pytest.mark.parametrize(("k", "expected"), [(2, (16, 7, 56)), (3, (81, 20, 810))])
def test_issue_figures(k: int, expected: tuple[int, int, int]) -> None:
    s = sudoku_graph(k).stats()
    assert (s["vertices"], s["degree"]["min"], s["edges"]) == expected


@pytest.mark.parametrize(("r", "c"), [(2, 2), (2, 3), (3, 2), (3, 3)])
def test_sudoku_adjacency_matches_rules(r: int, c: int) -> None:
    g = sudoku_graph(r, c)
    for u, v in itertools.combinations(range(g.n), 2):
        assert g.has_edge(u, v) == brute_adjacent(r, c, u, v)


@pytest.mark.parametrize(("r", "c"), [(2, 2), (2, 3), (3, 3)])
def test_houses_are_rows_columns_boxes(r: int, c: int) -> None:
    n = r * c
    houses = sudoku_houses(r, c)
    assert len(houses) == 3 * n
    assert all(len(h) == n for h in houses)
    assert houses[0] == tuple(range(n))  # row 1
    assert houses[n] == tuple(range(0, n * n, n))  # column 1
    assert houses[2 * n] == tuple(i * n + j for i in range(r) for j in range(c))  # box 1
    for kind in range(3):  # each kind of house partitions the cells
        cells = sorted(v for h in houses[kind * n : (kind + 1) * n] for v in h)
        assert cells == list(range(n * n))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_equals_networkx_sudoku_graph(n: int) -> None:
    nx = pytest.importorskip("networkx")
    ours = sudoku_graph(n)
    theirs = nx.sudoku_graph(n)
    assert sorted(theirs.nodes) == list(range(ours.n))
    assert {tuple(sorted(e)) for e in theirs.edges} == set(ours.edges())
    assert Graph.from_networkx(theirs).neighbors == ours.neighbors


def test_petersen_numbered_as_networkx() -> None:
    nx = pytest.importorskip("networkx")
    ours = petersen_graph()
    theirs = nx.petersen_graph()
    assert {tuple(sorted(e)) for e in theirs.edges} == set(ours.edges())


def test_petersen_structure() -> None:
    g = petersen_graph()
    assert g.stats() == {"vertices": 10, "edges": 15, "degree": {"min": 3, "max": 3}, "houses": 0}
    assert [g.has_edge(i, (i + 1) % 5) for i in range(5)] == [True] * 5  # outer cycle
    assert [g.has_edge(i, i + 5) for i in range(5)] == [True] * 5  # spokes
    assert [g.has_edge(5 + i, 5 + (i + 2) % 5) for i in range(5)] == [True] * 5  # pentagram
    # girth 5: no triangle, no 4-cycle (two vertices share at most one neighbour)
    for u, v in itertools.combinations(range(10), 2):
        assert len(set(g.neighbors[u]) & set(g.neighbors[v])) <= (0 if g.has_edge(u, v) else 1)


def test_to_and_from_networkx_round_trip() -> None:
    pytest.importorskip("networkx")
    for g in (petersen_graph(), sudoku_graph(2, 3), Graph.from_edges(4, [(0, 1)])):
        h = Graph.from_networkx(g.to_networkx())
        assert h.neighbors == g.neighbors
        assert h.labels == tuple(str(v) for v in range(g.n))


def test_from_networkx_relabels_and_drops_self_loops() -> None:
    nx = pytest.importorskip("networkx")
    src = nx.Graph()
    src.add_edges_from([("a", "b"), ("b", "c"), ("c", "c")])
    with pytest.warns(SelfLoopWarning, match="self-loop on vertex c dropped"):
        g = Graph.from_networkx(src)
    assert g.labels == ("a", "b", "c")
    assert g.edges() == [(0, 1), (1, 2)]


@st.composite
def edge_lists(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    n = draw(st.integers(min_value=1, max_value=12))
    pairs = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda e: e[0] != e[1])
    return n, draw(st.lists(pairs, max_size=40))


@given(edge_lists())
def test_from_edges_normalises(case: tuple[int, list[tuple[int, int]]]) -> None:
    n, edges = case
    g = Graph.from_edges(n, edges)
    expected = sorted({(min(u, v), max(u, v)) for u, v in edges})
    assert g.edges() == expected
    assert g.num_edges == len(expected)
    assert sum(g.degree(v) for v in range(n)) == 2 * len(expected)
    for v in range(n):
        assert list(g.neighbors[v]) == sorted(set(g.neighbors[v]))
        assert all(g.has_edge(u, v) for u in g.neighbors[v])
    assert Graph.from_edges(n, reversed(edges)) == g  # order does not matter
    assert hash(Graph.from_edges(n, edges)) == hash(g)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Graph.from_edges(3, [(0, 3)]), "out of range"),
        (lambda: Graph.from_edges(3, [(-1, 0)]), "out of range"),
        (lambda: Graph.from_edges(3, [(1, 1)]), "self-loop"),
        (lambda: Graph.from_edges(-1, []), ">= 0"),
        (lambda: Graph(neighbors=((1,), ())), "not listed"),
        (lambda: Graph(neighbors=((2, 1), (0,), (0,))), "sorted"),
        (lambda: Graph(neighbors=((0,),)), "bad neighbour"),
        (lambda: Graph(neighbors=((),), houses=((1,),)), "out of range"),
        (lambda: Graph(neighbors=((),), labels=("a", "b")), "labels"),
        (lambda: sudoku_graph(0), "positive"),
        (lambda: sudoku_graph(9, 8), f"larger than {MAX_SIDE}"),
    ],
)
def test_bad_graphs_are_rejected(call: object, message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        call()  # type: ignore[operator]


def test_graph_is_immutable_and_cached() -> None:
    g = sudoku_graph(3)
    assert g is sudoku_graph(3, 3)
    with pytest.raises(AttributeError):
        g.name = "x"  # type: ignore[misc]
    assert "81 vertices" in repr(g)
    assert "810 edges" in g._repr_html_()


def test_largest_sudoku_graph() -> None:
    g = sudoku_graph(8)
    assert g.n == 4096
    assert g.stats()["degree"] == {"min": degree_law(8, 8), "max": degree_law(8, 8)}


@pytest.mark.parametrize(
    ("edges", "houses", "message"),
    [
        ([(0, 1), (1, 2)], [(0, 2)], "house 0: vertex 0 and 2 not adjacent"),
        ([(0, 1), (1, 2), (0, 2)], [(0, 1, 2), (1, 1)], "house 1: vertex 1 twice"),
    ],
)
def test_a_house_must_be_a_clique(
    edges: list[tuple[int, int]], houses: list[tuple[int, ...]], message: str
) -> None:
    """Every method reads a house as a clique (the search methods by its edges, propagation
    and SAT by the house): one that is not would give different answers by method."""
    with pytest.raises(InvalidArgument, match=message):
        Graph.from_edges(3, edges, houses=houses)
