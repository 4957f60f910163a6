"""The reference search on large sparse graphs (``TrackedDomains``): the same steps as the sweep
of every vertex, event by event, on every order and inference, and large graphs coloured
without a quadratic sweep (or the house kernel's square memory)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument
from sudograph.graph import Graph, petersen_graph
from sudograph.grid import Grid
from sudograph.problem import Problem, SolveOptions, is_proper_coloring
from sudograph.search import backtracking, propagation

solve = importlib.import_module("sudograph.solve").solve
DATA = Path(__file__).parent / "data"
ORDERS = ("static", "mrv", "dsatur")
INFERENCES = ("check", "forward", "singles")


def _run(
    monkeypatch: pytest.MonkeyPatch, problem: Problem, order: str, inference: str, tracked: bool
) -> tuple[object, ...]:
    monkeypatch.setattr(backtracking, "tracks", lambda p: tracked)
    events: list[str] = []
    options = SolveOptions(
        order=order,
        inference=inference,
        limit=3,
        max_nodes=2000,
        trace=lambda e: events.append(repr(e)),
    )
    r = backtracking.run(problem, options)
    s = r.stats
    return r.status, r.solutions, s.nodes, s.backtracks, s.deductions, s.max_depth, events


def _same_steps(monkeypatch: pytest.MonkeyPatch, problem: Problem) -> None:
    for order in ORDERS:
        for inference in INFERENCES:
            swept = _run(monkeypatch, problem, order, inference, False)
            tracked = _run(monkeypatch, problem, order, inference, True)
            assert tracked == swept, (order, inference)


@st.composite
def problems(draw: st.DrawFn) -> Problem:
    n = draw(st.integers(1, 24))
    pairs = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda e: e[0] != e[1])
    edges = draw(st.lists(pairs, max_size=3 * n)) if n > 1 else []
    graph = Graph.from_edges(n, sorted({(min(e), max(e)) for e in edges}))
    k = draw(st.integers(1, 5))
    pre = [0] * n
    for v in draw(st.lists(st.integers(0, n - 1), max_size=3, unique=True)):
        pre[v] = draw(st.integers(1, k))
    if any(pre[u] and pre[u] == pre[v] for u, v in graph.edges()):
        return Problem(graph, k)
    return Problem(graph, k, tuple(pre))


@settings(max_examples=60, deadline=None)
@given(problems())
def test_the_same_steps_on_random_graphs(problem: Problem) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        _same_steps(monkeypatch, problem)


@pytest.mark.parametrize(
    "puzzle",
    [
        *(DATA / "sudoku/norvig_top95.txt").read_text().split()[:3],
        "1...2.........3.",
        "." * 16,
    ],
)
def test_the_same_steps_on_grids(monkeypatch: pytest.MonkeyPatch, puzzle: str) -> None:
    _same_steps(monkeypatch, Grid.parse(puzzle).problem)


@pytest.mark.parametrize("k", [2, 3])
def test_the_same_steps_on_petersen(monkeypatch: pytest.MonkeyPatch, k: int) -> None:
    _same_steps(monkeypatch, Problem(petersen_graph(), k))


@pytest.mark.parametrize(
    ("n", "edges", "tracked"),
    [
        (1000, [], True),  # no edge: sparse
        (63, [], False),  # below TRACK_MIN
        (100, [(u, v) for u in range(100) for v in range(u + 1, 100)], False),  # complete
    ],
)
def test_which_searches_track(n: int, edges: list[tuple[int, int]], tracked: bool) -> None:
    assert propagation.tracks(Problem(Graph.from_edges(n, edges), 2)) is tracked


def test_sudoku_grids_keep_the_sweep() -> None:
    assert not propagation.tracks(Grid.empty(3).problem)
    assert not propagation.tracks(Grid.empty(4).problem)


@pytest.mark.parametrize("method", ["naive", "mrv", "dsatur", "forward", "propagate"])
def test_a_large_sparse_graph_is_coloured_by_every_search(method: str) -> None:
    n = 20_000  # a sweep of every vertex at every node took minutes (16,000: 44 s by dsatur)
    edges = [(i, i + 1) for i in range(0, n - 1, 2)] + [(i, i + 3) for i in range(0, n - 3, 7)]
    graph = Graph.from_edges(n, sorted(set(edges)))
    r = solve(Problem(graph, 3), method, max_nodes=60_000, timeout=60)
    assert r.status == "solved"
    assert is_proper_coloring(graph, r.solution, 3)


def test_the_house_kernel_leaves_graphs_past_its_memory_bound() -> None:
    from sudograph.engine import houses

    big = Problem(Graph.from_edges(houses.KERNEL_MAX_VERTICES + 1, []), 2)
    assert "vertices" in (houses.unsupported(big) or "")
    assert houses.unsupported(Problem(Graph.from_edges(houses.KERNEL_MAX_VERTICES, []), 2)) is None
    r = solve(big)  # the default method: the reference search, not the kernel
    assert r.status == "solved" and r.stats.engine != "houses"
    with pytest.raises(InvalidArgument, match="vertices"):
        solve(big, "fast")
