"""The reference search: golden counts of the seeds, the order × inference matrix, limits,
traces, engine choice, and properties on random graphs against brute force."""

from __future__ import annotations

import importlib
import itertools
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument, InvalidPuzzle, MissingExtra
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.methods import INFERENCES, METHODS, ORDERS
from sudograph.problem import Problem, SolveOptions, is_proper_coloring, is_solution
from sudograph.search import backtracking
from sudograph.search.trace import (
    KINDS,
    Recorder,
    Replay,
    TraceEvent,
    render_graph_steps,
    render_grid_steps,
)
from sudograph.solve import color, count_solutions, is_unique, solve

solve_module = importlib.import_module("sudograph.solve")  # the package re-exports solve()

# seed 003, "la seconde grille initiale" M
CAPES_M = [
    [2, 0, 0, 0, 9, 0, 3, 0, 0],
    [0, 1, 9, 0, 8, 0, 0, 7, 4],
    [0, 0, 8, 4, 0, 0, 6, 2, 0],
    [5, 9, 0, 6, 2, 1, 0, 0, 0],
    [0, 2, 7, 0, 0, 0, 1, 6, 0],
    [0, 0, 0, 5, 7, 4, 0, 9, 3],
    [0, 8, 5, 0, 0, 9, 7, 0, 0],
    [9, 3, 0, 0, 5, 0, 8, 4, 0],
    [0, 0, 2, 0, 6, 0, 0, 0, 1],
]
# seed 003, the solved M printed by the notebook
CAPES_M_SOLVED_ROW0 = [2, 5, 4, 7, 9, 6, 3, 1, 8]

SEARCH_METHODS = [m for m, meta in METHODS.items() if meta.runner == backtracking.__name__ + ":run"]
COMBOS = list(itertools.product(ORDERS, INFERENCES))

# seed 002, figure 3 (GC on the Petersen graph, K = 3), the "ALGORITHM STEPS" lines
SEED_002_FIG3 = "\n".join(
    (Path(__file__).parent / "data" / "seeds" / "seed002_figure_3.txt")
    .read_text()
    .splitlines()[2:-1]
)


def capes_m() -> Grid:
    return Grid.from_lists(CAPES_M)


# -- golden figures of the seeds ----------------------------------------------------------------
def test_capes_m_naive_counts() -> None:
    r = solve(capes_m(), "naive", engine="python")
    assert r.status == "solved"
    assert (r.stats.nodes, r.stats.backtracks) == (157, 114)
    assert r.grid is not None and r.grid.to_lists()[0] == CAPES_M_SOLVED_ROW0
    assert r.grid.is_solution_of(capes_m())


def test_capes_m_propagate_needs_no_guess() -> None:
    """Seed 003's complete(M): singles alone finish the grid."""
    r = solve(capes_m(), "propagate", engine="python")
    assert r.stats.nodes == 0 and r.stats.deductions == capes_m().values.count(0)


def test_petersen_naive_k3_and_k2() -> None:
    g = petersen_graph()
    assert color(g, 3, "naive").solution == (1, 2, 1, 2, 3, 2, 1, 3, 3, 2)
    for m in SEARCH_METHODS:
        r = color(g, 2, m)
        assert r.status == "unsatisfiable" and r.solutions == [] and r.complete


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_empty_4x4_has_288(method: str) -> None:
    r = solve(Grid.empty(2), method, limit=None, engine="python")
    assert len(r.solutions) == len(set(r.solutions)) == 288
    assert r.complete and r.count == 288
    assert all(g.is_complete() and g.is_solution_of(Grid.empty(2)) for g in r.grids)


def test_seed_002_figure_3_steps() -> None:
    rec = Recorder()
    p = Problem(petersen_graph(), 3)
    solve(p, "naive", trace=rec)
    assert render_graph_steps(rec.events, p) == SEED_002_FIG3


# -- the matrix ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("order", "inference"), COMBOS)
def test_every_combination_solves_capes_m(order: str, inference: str) -> None:
    r = solve(capes_m(), order=order, inference=inference, limit=None, engine="python")
    assert r.status == "solved" and r.complete and len(r.solutions) == 1
    assert r.method == f"{order}+{inference}"
    s = solve(capes_m(), order=order, inference=inference, engine="python").stats
    assert s.nodes - s.backtracks + s.deductions == capes_m().values.count(0)


@pytest.mark.parametrize(
    ("method", "order", "inference"),
    [(m, METHODS[m].order, METHODS[m].inference) for m in SEARCH_METHODS],
)
def test_methods_are_presets(method: str, order: str, inference: str) -> None:
    a = solve(capes_m(), method, engine="python")
    b = solve(capes_m(), order=order, inference=inference, engine="python")
    assert (a.stats.nodes, a.stats.backtracks) == (b.stats.nodes, b.stats.backtracks)


def test_forward_prunes_static_order() -> None:
    """static+forward sees an emptied domain at once, so it never needs more nodes than check."""
    check = solve(capes_m(), order="static", inference="check").stats.nodes
    forward = solve(capes_m(), order="static", inference="forward").stats.nodes
    assert forward < check


def test_dsatur_ties_by_uncoloured_degree() -> None:
    # star: centre 3 has most neighbours; all domains equal at the start
    g = Graph.from_edges(4, [(3, 0), (3, 1), (3, 2)])
    rec = Recorder()
    solve((g, 2), "dsatur", trace=rec)
    first = next(e for e in rec.events if e.kind == "select")
    assert first.vertex == 3
    rec2 = Recorder()
    solve((g, 2), "mrv", trace=rec2)
    assert next(e for e in rec2.events if e.kind == "select").vertex == 0


def test_singles_on_graph_without_houses_is_naked_only() -> None:
    # path 0-1-2 with 0 coloured 1 and k=2: naked singles colour all
    g = Graph.from_edges(3, [(0, 1), (1, 2)])
    r = solve(Problem(g, 2, (1, 0, 0)), "propagate", engine="python")  # reference counts
    assert r.solution == (1, 2, 1) and r.stats.nodes == 0 and r.stats.deductions == 2


def test_hidden_single_only_for_full_houses() -> None:
    # one house {0, 1} of 2 vertices with k = 3: no colour is forced to appear
    g = Graph(neighbors=((1,), (0,)), houses=((0, 1),))
    r = solve((g, 3), "propagate", limit=None)
    assert len(r.solutions) == 6


# -- limits -------------------------------------------------------------------------------------
@pytest.mark.parametrize("max_nodes", [0, 1, 10, 100])
def test_max_nodes_stops(max_nodes: int) -> None:
    r = solve(capes_m(), "naive", max_nodes=max_nodes, engine="python")
    assert r.status == "stopped" and r.reason == "node limit"
    assert r.stats.nodes == max_nodes and not r.complete


def test_timeout_zero_stops_enumeration() -> None:
    r = solve(Grid.empty(3), "naive", limit=None, timeout=0, engine="python")
    assert r.reason == "time limit" and not r.complete
    assert all(is_solution(Grid.empty(3).problem, s) for s in r.solutions)


def test_limit_and_complete() -> None:
    r = solve(Grid.empty(2), "mrv", limit=5)
    assert len(r.solutions) == 5 and not r.complete and r.count is None
    assert count_solutions(Grid.empty(2), limit=7) == 7


def test_keyboard_interrupt_returns_stats() -> None:
    def hook(e: TraceEvent) -> None:
        if e.kind == "assign" and e.node == 5:
            raise KeyboardInterrupt

    r = solve(capes_m(), "naive", trace=hook)
    assert r.status == "stopped" and r.reason == "interrupted" and r.stats.nodes == 5


@pytest.mark.parametrize("bad", [{"limit": 0}, {"max_nodes": -1}, {"timeout": -1.0}])
def test_bad_limits(bad: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgument):
        solve(capes_m(), **bad)


def test_bad_names_and_inputs() -> None:
    with pytest.raises(InvalidArgument):
        solve(capes_m(), "nope")
    with pytest.raises(InvalidArgument):
        solve(capes_m(), order="random")
    with pytest.raises(InvalidArgument):
        solve("not a grid")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        solve((petersen_graph(), 3), "logic")  # sudoku only (fast: the house kernel)
    with pytest.raises(InvalidArgument):
        solve(capes_m(), "greedy", order="mrv")  # not a search
    with pytest.raises(InvalidPuzzle):
        color(Graph.from_edges(2, [(0, 1)]), 2, precolouring=(1, 1))


def test_is_unique() -> None:
    assert is_unique(capes_m())
    assert not is_unique(Grid.empty(2))


# -- iterative: big inputs ----------------------------------------------------------------------
def test_25x25_empty_grid_deep_search() -> None:
    r = solve(Grid.empty(5), "propagate", engine="python")
    assert r.status == "solved" and r.grid is not None and r.grid.is_complete()


@pytest.mark.parametrize("method", ["naive", "dsatur"])
def test_thousand_vertex_cycle(method: str) -> None:
    n = 1001  # odd cycle: 3 colours, not 2
    g = Graph.from_edges(n, [(i, (i + 1) % n) for i in range(n)])
    r = color(g, 3, method, engine="python")
    assert r.status == "solved" and r.stats.max_depth > 900
    assert is_proper_coloring(g, r.solutions[0], 3)


def test_odd_cycle_two_colours_unsat_without_recursion() -> None:
    n = 1001
    g = Graph.from_edges(n, [(i, (i + 1) % n) for i in range(n)])
    assert color(g, 2, "naive", engine="python").status == "unsatisfiable"


# -- trace --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("order", "inference"), COMBOS)
def test_trace_replay_matches_solution_and_counts(order: str, inference: str) -> None:
    rec = Recorder()
    p = Grid.parse("1...2...3...4...", box=(2, 2)).problem
    r = solve(p, order=order, inference=inference, limit=3, trace=rec)
    replay = Replay(p.precolouring)
    sols = []
    for e in rec.events:
        assert e.kind in KINDS
        replay.apply(e)
        if e.kind == "solution":
            sols.append(tuple(replay.coloring))
    assert sols == r.solutions
    kinds = [e.kind for e in rec.events]
    assert kinds.count("assign") == r.stats.nodes
    assert kinds.count("undo") == r.stats.backtracks
    assert kinds.count("deduce") == r.stats.deductions


def test_trace_try_lists_rejected_colours_with_check() -> None:
    rec = Recorder()
    solve((petersen_graph(), 3), "naive", trace=rec)
    tries = [(e.colour, e.ok) for e in rec.events if e.kind == "try" and e.vertex == 4]
    assert tries == [(1, False), (2, False), (3, True)]


def test_grid_renderer_lines() -> None:
    rec = Recorder()
    g = capes_m()
    solve(g, "naive", trace=rec)
    text = render_grid_steps(rec.events, 9, max_steps=5)
    lines = text.splitlines()
    assert (
        lines[0] == "r1c2 = 4" and lines[-1].endswith("more steps not shown)") and len(lines) == 6
    )


# -- engine choice ------------------------------------------------------------------------------
class FakeTwin:
    def __init__(self, available: bool) -> None:
        self.available = available
        self.calls = 0

    def numba_available(self) -> bool:
        return self.available

    def run_twin(self, problem: Problem, options: SolveOptions, keep: int | None = None) -> Any:
        self.calls += 1
        return backtracking.run(problem, options)


@pytest.mark.parametrize(("available", "calls"), [(True, 1), (False, 0)])
def test_auto_engine_moves_to_twin_after_budget(
    monkeypatch: pytest.MonkeyPatch, available: bool, calls: int
) -> None:
    twin = FakeTwin(available)
    monkeypatch.setattr(solve_module, "_twin", lambda: twin)
    monkeypatch.setattr(solve_module, "AUTO_NODE_BUDGET", 10)
    monkeypatch.delenv("SUDOGRAPH_ENGINE", raising=False)
    r = solve(capes_m(), "naive")
    assert twin.calls == calls and (r.stats.nodes, r.stats.backtracks) == (157, 114)
    small = solve(capes_m(), "mrv")  # 43 nodes > 10: also the twin when available
    assert small.status == "solved"


def test_engine_env_and_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_module, "_twin", lambda: None)
    with pytest.raises(MissingExtra):
        solve(capes_m(), "naive", engine="numba")
    monkeypatch.setenv("SUDOGRAPH_ENGINE", "numba")
    with pytest.raises(MissingExtra):
        solve(capes_m(), "naive")
    monkeypatch.setenv("SUDOGRAPH_ENGINE", "python")
    assert solve(capes_m(), "naive").stats.nodes == 157


# -- properties on random small graphs ----------------------------------------------------------
def brute_force(p: Problem) -> list[tuple[int, ...]]:
    return [c for c in itertools.product(range(1, p.k + 1), repeat=p.graph.n) if is_solution(p, c)]


@st.composite
def small_problems(draw: st.DrawFn) -> Problem:
    n = draw(st.integers(1, 7))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    edges = [e for e in pairs if draw(st.booleans())]
    g = Graph.from_edges(n, edges)
    k = draw(st.integers(1, 3))
    rng = random.Random(draw(st.integers(0, 10**6)))
    pre = [0] * n
    for v in range(n):
        if rng.random() < 0.3:
            c = rng.randint(1, k)
            if all(pre[u] != c for u in g.neighbors[v]):
                pre[v] = c
    return Problem(g, k, tuple(pre))


@settings(max_examples=60, deadline=None)
@given(small_problems(), st.sampled_from(COMBOS))
def test_search_agrees_with_brute_force(p: Problem, combo: tuple[str, str]) -> None:
    order, inference = combo
    expected = brute_force(p)
    r = solve(p, order=order, inference=inference, limit=None, engine="python")
    assert r.complete
    assert sorted(r.solutions) == sorted(expected)
    assert (r.status == "unsatisfiable") == (not expected)
    for s in r.solutions:
        assert is_proper_coloring(p.graph, s, p.k)
        assert all(a == 0 or a == b for a, b in zip(p.precolouring, s, strict=True))


@settings(max_examples=30, deadline=None)
@given(small_problems(), st.sampled_from(SEARCH_METHODS))
def test_first_solution_is_valid(p: Problem, method: str) -> None:
    r = solve(p, method, engine="python")
    assert r.status in ("solved", "unsatisfiable")
    assert (r.status == "solved") == bool(brute_force(p))
    if r.solution is not None:
        assert is_solution(p, r.solution)


def test_sudoku_graph_is_sudoku_for_fast_check() -> None:
    assert solve_module._is_sudoku(Problem(sudoku_graph(3), 9))
    assert not solve_module._is_sudoku(Problem(petersen_graph(), 3))
