"""The compiled twin on its own: engine choice, the CSR arrays, counting without keeping,
slices (pause and resume), limits, large k and large grids."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudograph import engine
from sudograph.errors import InvalidArgument, MissingExtra, install_hint
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.methods import INFERENCES, ORDERS
from sudograph.problem import Problem, SolveOptions, is_solution
from sudograph.search import backtracking

COMBOS = list(itertools.product(ORDERS, INFERENCES))

# seed 002, figure 11: a grid made against brute force (solution's first row 987654321)
ANTI_BRUTE_FORCE = (
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
)


# -- engine choice (no numba needed) --------------------------------------------------------
@pytest.mark.parametrize(
    ("asked", "env", "available", "expected"),
    [
        ("python", "", True, "python"),
        ("python", "numba", True, "python"),
        ("numba", "python", True, "numba"),
        ("auto", "", True, "numba"),
        ("auto", "", False, "python"),
        ("auto", "python", True, "python"),
        ("auto", "numba", True, "numba"),
        ("auto", "auto", False, "python"),
    ],
)
def test_resolve_engine(
    monkeypatch: pytest.MonkeyPatch, asked: str, env: str, available: bool, expected: str
) -> None:
    monkeypatch.setenv(engine.ENGINE_ENV, env)
    monkeypatch.setattr(engine, "numba_available", lambda: available)
    assert engine.resolve_engine(asked) == expected


@pytest.mark.parametrize(("asked", "env"), [("numba", ""), ("auto", "numba")])
def test_numba_asked_but_missing(monkeypatch: pytest.MonkeyPatch, asked: str, env: str) -> None:
    monkeypatch.setenv(engine.ENGINE_ENV, env)
    monkeypatch.setattr(engine, "numba_available", lambda: False)
    with pytest.raises(MissingExtra, match=re.escape(install_hint("fast"))):
        engine.resolve_engine(asked)
    with pytest.raises(MissingExtra):
        engine.run_twin(Problem(petersen_graph(), 3), SolveOptions())
    with pytest.raises(MissingExtra):
        engine.count_twin(Problem(petersen_graph(), 3), SolveOptions())


@pytest.mark.parametrize(("asked", "env"), [("gpu", ""), ("auto", "cuda")])
def test_bad_engine_names(monkeypatch: pytest.MonkeyPatch, asked: str, env: str) -> None:
    monkeypatch.setenv(engine.ENGINE_ENV, env)
    with pytest.raises(InvalidArgument):
        engine.resolve_engine(asked)


def test_importing_the_engine_does_not_import_numba() -> None:
    import subprocess
    import sys

    code = "import sudograph, sudograph.engine, sys; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- everything below needs numba -----------------------------------------------------------
numba_only = pytest.mark.skipif(not engine.numba_available(), reason="needs sudograph[fast]")


@numba_only
def test_arrays_csr_and_clique_cover() -> None:
    from sudograph.engine._arrays import graph_arrays

    g = sudoku_graph(3)
    a = graph_arrays(g)
    assert a is graph_arrays(g)  # cached
    assert a.num_cliques == 27  # rows, columns, boxes cover every edge
    for v in range(g.n):
        assert tuple(a.neighbors(v)) == g.neighbors[v]
        assert len(a.vertex_cliques(v)) == 3


@st.composite
def graphs_with_houses(draw: st.DrawFn) -> Graph:
    n = draw(st.integers(0, 9))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    edges = draw(st.lists(st.sampled_from(pairs), max_size=len(pairs))) if pairs else []
    houses = []
    if n:
        for _ in range(draw(st.integers(0, 3))):
            h = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True))
            houses.append(h)
            edges += list(itertools.combinations(h, 2))  # a house is a clique of the graph
    return Graph.from_edges(n, edges, houses=houses)


@numba_only
@given(graphs_with_houses())
def test_cliques_cover_exactly_the_neighbourhoods(g: Graph) -> None:
    """The cliques of v, united, are v and its neighbours; each clique is a clique."""
    from sudograph.engine._arrays import build_graph_arrays

    a = build_graph_arrays(g)
    members: dict[int, set[int]] = {}
    for v in range(g.n):
        for q in a.vertex_cliques(v):
            members.setdefault(int(q), set()).add(v)
    for v in range(g.n):
        union = (
            set().union(*(members[int(q)] for q in a.vertex_cliques(v)))
            if len(a.vertex_cliques(v))
            else set()
        )
        assert union - {v} == set(g.neighbors[v])
    for m in members.values():
        assert all(g.has_edge(x, y) for x, y in itertools.combinations(m, 2))


@numba_only
def test_petersen_naive_is_seed_002_figure_3() -> None:
    r = engine.run_twin(
        Problem(petersen_graph(), 3), SolveOptions(order="static", inference="check")
    )
    assert r.status == "solved" and r.solution == (1, 2, 1, 2, 3, 2, 1, 3, 3, 2)
    r2 = engine.run_twin(
        Problem(petersen_graph(), 2), SolveOptions(order="static", inference="check")
    )
    assert r2.status == "unsatisfiable" and r2.complete and r2.count == 0


@numba_only
@pytest.mark.parametrize(("order", "inference"), COMBOS)
def test_count_keeps_nothing_but_counts(order: str, inference: str) -> None:
    p = Grid.empty(2).problem
    r = engine.count_twin(p, SolveOptions(order=order, inference=inference), keep=3)
    assert r.count == 288 and r.complete and r.status == "solved"
    ref = backtracking.run(p, SolveOptions(order=order, inference=inference, limit=3))
    assert r.solutions == ref.solutions
    assert engine.count_twin(p, SolveOptions(order=order, inference=inference)).solutions == []


@numba_only
def test_count_6x6_with_clues_matches_the_reference() -> None:
    pre = [0] * 36
    pre[:6] = [1, 2, 3, 4, 5, 6]
    pre[6:9] = [4, 5, 6]
    p = Problem(sudoku_graph(2, 3), 6, tuple(pre))
    ref = backtracking.run(p, SolveOptions(order="mrv", inference="singles", limit=None))
    for order, inference in COMBOS:
        r = engine.count_twin(p, SolveOptions(order=order, inference=inference))
        assert r.count == len(ref.solutions) > 100


@numba_only
@pytest.mark.parametrize(("order", "inference"), COMBOS)
def test_pause_and_resume_every_node(
    monkeypatch: pytest.MonkeyPatch, order: str, inference: str
) -> None:
    """Slices of one node (with the solution buffer drained every 5 solutions) give the same
    result as one run."""
    from sudograph.engine import _slices, twin

    p = Problem(sudoku_graph(2), 4, (1,) + (0,) * 15)
    opts = SolveOptions(order=order, inference=inference, limit=None)
    whole = engine.run_twin(p, opts)
    monkeypatch.setattr(twin, "SLICING", _slices.Slicing(1, 1, 1))
    monkeypatch.setattr(_slices, "SLICE_SECONDS", 0.0)
    monkeypatch.setattr(twin, "BUFFER_ROWS", 5)
    sliced = engine.run_twin(p, opts)
    assert sliced.solutions == whole.solutions and len(whole.solutions) == 72
    assert (sliced.stats.nodes, sliced.stats.backtracks) == (
        whole.stats.nodes,
        whole.stats.backtracks,
    )
    assert engine.count_twin(p, opts).count == 72


@numba_only
def test_timeout_stops_with_the_stats_so_far() -> None:
    grid = Grid.parse(ANTI_BRUTE_FORCE)
    r = engine.run_twin(grid.problem, SolveOptions(order="static", inference="check", timeout=0.0))
    assert r.status == "stopped" and r.reason == "time limit" and not r.complete
    assert 0 < r.stats.nodes < 69_175_316 and r.solutions == []


@numba_only
def test_max_nodes_on_the_anti_brute_force_grid() -> None:
    grid = Grid.parse(ANTI_BRUTE_FORCE)
    opts = SolveOptions(order="static", inference="check", max_nodes=5000)
    r = engine.run_twin(grid.problem, opts)
    ref = backtracking.run(grid.problem, opts)
    assert (r.status, r.reason, r.stats.nodes, r.stats.backtracks) == (
        "stopped",
        "node limit",
        5000,
        ref.stats.backtracks,
    )


@numba_only
def test_trace_is_refused() -> None:
    with pytest.raises(InvalidArgument, match="python"):
        engine.run_twin(Problem(petersen_graph(), 3), SolveOptions(trace=print))


@numba_only
@pytest.mark.parametrize("k", [63, 64])
def test_k_up_to_64(k: int) -> None:
    """Complete graphs: K_k is k-colourable in k nodes, every colour used; K_(k+1) with k - 1
    vertices precoloured is not (its last two vertices share one colour)."""
    kk = Graph.from_edges(k, itertools.combinations(range(k), 2))
    for order, inference in COMBOS:
        r = engine.run_twin(Problem(kk, k), SolveOptions(order=order, inference=inference))
        assert r.solution is not None and sorted(r.solution) == list(range(1, k + 1))
    r = engine.run_twin(Problem(kk, k), SolveOptions(order="static", inference="check"))
    assert r.solution == tuple(range(1, k + 1)) and r.stats.nodes == k
    k1 = Graph.from_edges(k + 1, itertools.combinations(range(k + 1), 2))
    pre = (*range(1, k), 0, 0)
    for order, inference in COMBOS:
        opts = SolveOptions(order=order, inference=inference)
        r1 = engine.run_twin(Problem(k1, k, pre), opts)
        ref = backtracking.run(Problem(k1, k, pre), opts)
        assert r1.status == ref.status == "unsatisfiable"
        assert r1.stats.nodes == ref.stats.nodes


@numba_only
@pytest.mark.parametrize("box", [(4, 4), (5, 5), (8, 8)])
def test_large_empty_grids(box: tuple[int, int]) -> None:
    grid = Grid.empty(box)
    r = engine.run_twin(grid.problem, SolveOptions(order="mrv", inference="singles"))
    assert r.status == "solved" and r.solution is not None
    assert grid.with_values(r.solution).is_solution_of(grid)


@numba_only
def test_norvig_hardest_first_is_unique_for_every_combination() -> None:
    grid = Grid.parse(
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    )
    sols = set()
    for order, inference in COMBOS:
        r = engine.run_twin(grid.problem, SolveOptions(order=order, inference=inference, limit=2))
        assert r.status == "solved" and r.complete and len(r.solutions) == 1
        assert is_solution(grid.problem, r.solutions[0])
        sols.add(r.solutions[0])
    assert len(sols) == 1
