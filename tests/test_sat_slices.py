"""Method ``sat``'s conflict slices: a function of the formula alone, so a question takes the
same path on every run; :class:`ProblemSat`, the incremental solver that generation asks."""

from __future__ import annotations

import itertools
import sys
from typing import Any

import pytest

from sudograph.errors import InvalidArgument
from sudograph.graph import Graph
from sudograph.grid import Grid
from sudograph.problem import Problem
from sudograph.search import sat
from sudograph.search.sat import (
    FIRST_SLICE,
    MAX_SLICE,
    MIN_SLICE,
    ProblemSat,
    other_than,
    slice_cap,
)
from sudograph.solve import solve

pytest.importorskip("pysat.solvers")


def pigeonhole(n: int) -> Problem:
    """K_n with n - 1 colours, one vertex precoloured: unsatisfiable, some 29,000 conflicts
    for n = 10 (slices up to the cap)."""
    return Problem(
        Graph.from_edges(n, list(itertools.combinations(range(n), 2))), n - 1, (1,) + (0,) * (n - 1)
    )


def test_slice_cap_shrinks_with_the_formula() -> None:
    caps = [slice_cap(c) for c in (0, 1, 1_000, 10_000, 100_000, 10**6, 10**7, 10**9)]
    assert caps[0] == caps[1] == MAX_SLICE
    assert caps == sorted(caps, reverse=True) and caps[-1] == MIN_SLICE


@pytest.fixture
def budgets(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The conflict budget of every slice asked, in order."""
    asked: list[int] = []
    real = sat._Slicer.__post_init__

    def spy(self: Any) -> None:
        real(self)
        set_budget = self.solver.conf_budget

        def conf_budget(n: int) -> None:
            asked.append(n)
            set_budget(n)

        self.solver.conf_budget = conf_budget

    monkeypatch.setattr(sat._Slicer, "__post_init__", spy)
    return asked


def test_slices_double_up_to_the_cap(budgets: list[int]) -> None:
    r = solve(pigeonhole(10), "sat")
    assert r.status == "unsatisfiable" and len(budgets) >= 6
    assert slice_cap(416) == MAX_SLICE  # the formula: 416 clauses
    assert budgets[:-1] == [min(FIRST_SLICE << i, MAX_SLICE) for i in range(len(budgets) - 1)]


def test_the_same_path_on_every_run_and_under_a_far_deadline(budgets: list[int]) -> None:
    """No clock in the slices when no deadline binds: the same conflicts, decisions and slices
    each time (the clock-sized slices took one 16x16 killer 4 s to 112 s)."""
    runs = []
    for timeout in (None, None, 60.0):
        budgets.clear()
        r = solve(pigeonhole(10), "sat", limit=2, timeout=timeout)
        runs.append((r.status, r.stats.backtracks, r.stats.nodes, list(budgets)))
    assert runs[0][0] == "unsatisfiable"
    assert runs[0] == runs[1] == runs[2]


def test_a_close_deadline_cuts_the_slices(budgets: list[int]) -> None:
    r = solve(pigeonhole(13), "sat", timeout=0.3)
    assert (r.status, r.reason) == ("stopped", "time limit")
    assert budgets[0] == FIRST_SLICE and min(budgets) >= MIN_SLICE


def test_problem_sat_asks_under_assumptions() -> None:
    """The settling of generation: "another solution that keeps the other clues?" with the
    clues as assumptions and one selector per question, retired after it."""
    grid = Grid.parse("...3..4.1.....2.")  # unique and minimal
    p = grid.problem
    rules = Problem(p.graph, p.k, (0,) * p.graph.n)
    with ProblemSat(p) as s:
        assert s.satisfiable() is True
        solution = s.coloring()
    with ProblemSat(rules, options={}) as s:  # CaDiCaL's defaults, as generation's
        clues = [v for v, d in enumerate(p.precolouring) if d]
        for drop in clues:
            other = s.new_var()
            assert other > s.var(p.graph.n - 1, p.k)
            s.add_clause([-other, -s.var(drop, solution[drop])])
            kept = [s.var(v, solution[v]) for v in clues if v != drop]
            assert s.satisfiable([*kept, other]) is True  # minimal: every clue is needed
            s.add_clause([-other])
        assert s.satisfiable([s.var(v, solution[v]) for v in clues]) is True
        assert s.stats.calls == len(clues) + 1


def test_problem_sat_limits_and_blocking() -> None:
    p = pigeonhole(12)
    with ProblemSat(p) as s:
        assert s.satisfiable(max_conflicts=300) is None
        assert s.satisfiable(max_decisions=50) is None
        assert s.stats.conflicts >= 300 and s.stats.calls == 2
    empty = Grid.empty(2).problem
    with ProblemSat(empty) as s:
        seen = []
        while s.satisfiable():
            seen.append(s.coloring())
            s.add_clause(other_than(empty, seen[-1]))
        assert len(seen) == len(set(seen)) == 288  # the 4x4 grids


def test_problem_sat_refuses_a_cage_it_cannot_encode() -> None:
    big = Grid.empty(5).problem
    cage = (tuple(range(12)), 156)  # 12 digits of a row of 25 adding up to 156: too many
    problem = Problem(big.graph, big.k, big.precolouring, cages=(cage,))
    with pytest.raises(InvalidArgument, match="too many digit combinations"):
        ProblemSat(problem)
    gen = sys.modules["sudograph.generate"]
    assert gen._sat_unique(problem) is None  # generation then counts on another engine


def test_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """Method ``sat`` runs CaDiCaL in its stable mode only; generation's settling of a killer
    asks ProblemSat with CaDiCaL's own defaults."""
    seen: list[dict[str, int] | None] = []
    real = sat._load

    def spy(clauses: Any, deadline: Any, name: str = sat.BACKEND, options: Any = None) -> Any:
        seen.append(options)
        return real(clauses, deadline, name, options)

    monkeypatch.setattr(sat, "_load", spy)
    assert solve(Grid.empty(2), "sat").status == "solved"
    with ProblemSat(Grid.empty(2).problem, options={}) as s:
        assert s.satisfiable()
    assert seen == [sat.SAT_OPTIONS, {}]


def test_generation_stops_on_ctrl_c_in_a_sat_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Method ``sat``'s runner answers Ctrl-C with a stopped count; generation's uniqueness
    check raises it again instead of taking it for "unknown" and asking another engine."""
    from sudograph.problem import Result, Stats

    gen = sys.modules["sudograph.generate"]
    stopped = Result("stopped", [], Stats(), method="sat", reason="interrupted", complete=False)
    monkeypatch.setattr(sat, "run", lambda problem, options: stopped)
    with pytest.raises(KeyboardInterrupt):
        gen._sat_unique(Grid.empty(2).problem)
