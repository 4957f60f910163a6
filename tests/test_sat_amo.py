"""Method ``sat`` asked for one solution keeps the at-most-one-colour clauses per vertex on a
graph with exact houses (a Sudoku): without them a generated 36×36 puzzle took CaDiCaL 1.5
million conflicts instead of 161 (``bench/ab_sat_amo.py``, docs/benchmarks.md). A graph
without houses is still encoded without them at ``limit=1``."""

from __future__ import annotations

import pytest

from sudograph.graph import petersen_graph
from sudograph.grid import Grid
from sudograph.problem import Problem, SolveOptions, is_proper_coloring
from sudograph.search import sat

pytest.importorskip("pysat")


@pytest.fixture
def amo_seen(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    seen: list[bool] = []
    real = sat.ProblemSat

    def spy(problem, *, amo=True, **kw):
        seen.append(amo)
        return real(problem, amo=amo, **kw)

    monkeypatch.setattr(sat, "ProblemSat", spy)
    return seen


@pytest.mark.parametrize(
    ("problem", "limit", "amo"),
    [
        (Grid.parse("1.3.....2...4..1").problem, 1, True),  # exact houses
        (Grid.parse("1.3.....2...4..1").problem, 2, True),
        (Grid.parse("." * 16, variant="x").problem, 1, True),
        (Problem(petersen_graph(), 3), 1, False),  # no houses: one colour read per vertex
        (Problem(petersen_graph(), 3), 2, True),  # several solutions: one colouring a model
    ],
)
def test_which_formulas_keep_the_clauses(amo_seen, problem, limit, amo) -> None:
    result = sat.run(problem, SolveOptions(limit=limit))
    assert amo_seen == [amo]
    assert result.status == "solved"
    for col in result.solutions:
        assert is_proper_coloring(problem.graph, col, problem.k)
        assert all(c == p for c, p in zip(col, problem.precolouring, strict=True) if p)
