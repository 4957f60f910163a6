"""Faults a QA pass of the Python API found (2026-11-26), each pinned: box shapes of every
form the API takes, functions of grids given text, batches given things that are not
puzzles, ``keep`` checked, the seconds of an ``auto`` run that went on compiled, and method
``sat``'s count and statistics."""

from __future__ import annotations

import importlib.util
import re
from itertools import combinations
from typing import Any

import pytest

from sudograph.batch import solve_many
from sudograph.errors import InvalidArgument, InvalidPuzzle, ParseError
from sudograph.generate import generate, is_minimal
from sudograph.graph import Graph, petersen_graph
from sudograph.grid import Grid, as_box
from sudograph.logic import explain, next_step, rate, solve_logically
from sudograph.problem import Result, SolveOptions, Stats
from sudograph.solve import _python_then_twin, color, count, solve

TWO4 = "1.3.....2...4..1"  # 2 solutions
NO_SOLUTION = "..768.1......4...9......837...7....886..1....2...346......7.....24......53.1....2"


@pytest.mark.parametrize(
    ("box", "shape"), [(2, (2, 2)), ((2, 3), (2, 3)), ([3, 2], (3, 2)), ("2x3", (2, 3))]
)
def test_every_form_of_a_box_gives_the_same_shape(box: Any, shape: tuple[int, int]) -> None:
    n = shape[0] * shape[1]
    assert as_box(box) == shape
    assert Grid.empty(box).box == shape
    assert Grid.parse("." * n * n, box=box).box == shape
    assert generate(box, seed=1).box == shape


@pytest.mark.parametrize(
    ("box", "message"),
    [
        ((2, 2, 2), "box must be k, (rows, cols) or 'RxC', got (2, 2, 2)"),
        (2.0, "box must be k, (rows, cols) or 'RxC', got 2.0"),
        (True, "box must be k, (rows, cols) or 'RxC', got True"),
        ("3", "box shape '3' is not of the form RxC"),
        ((0, 3), "box shape must be positive, got 0x3"),
        (9, "grid side 81 is outside 1..64"),
    ],
)
def test_a_bad_box_is_refused_by_every_entry_point(box: Any, message: str) -> None:
    with pytest.raises(InvalidArgument, match=re.escape(message)):
        Grid.empty(box)
    with pytest.raises(InvalidArgument, match=re.escape(message)):
        generate(box, seed=1)
    with pytest.raises(ParseError, match=re.escape(message)):  # the one error of Grid.parse
        Grid.parse("." * 16, box=box)


@pytest.mark.parametrize(
    ("function", "name"),
    [
        (rate, "rate"),
        (next_step, "next_step"),
        (solve_logically, "solve_logically"),
        (explain, "explain"),  # (it said solve_logically, the function it calls)
        (is_minimal, "is_minimal"),
    ],
)
@pytest.mark.parametrize("given", [TWO4, None, [[0] * 4] * 4])
def test_functions_of_a_grid_say_they_take_one(function: Any, name: str, given: Any) -> None:
    with pytest.raises(
        InvalidArgument, match=f"{name} takes a Grid .*, got {type(given).__name__}"
    ):
        function(given)


def test_a_batch_item_that_is_no_puzzle_is_an_error_row() -> None:
    rows = [r.to_line() for r in solve_many([None, 5, TWO4], workers=1, limit=1)]
    assert rows[:2] == [
        "error: not a puzzle: NoneType (give text or a Grid)",
        "error: not a puzzle: int (give text or a Grid)",
    ]
    assert Grid.parse(rows[2]).is_solution_of(Grid.parse(TWO4))


@pytest.mark.parametrize("keep", [-1, 1.5, True])
def test_keep_must_be_a_whole_number(keep: Any) -> None:
    g = Grid.parse(TWO4)
    with pytest.raises(InvalidArgument, match="keep must be a whole number >= 0"):
        solve(g, "naive", limit=None, keep=keep)
    with pytest.raises(InvalidArgument, match="keep must be a whole number >= 0"):
        count(g, keep=keep)


@pytest.mark.parametrize("keep", [0, 1, 5])
def test_keep_keeps_at_most_that_many_and_counts_them_all(keep: int) -> None:
    r = count(Grid.parse(TWO4), keep=keep)
    assert r.count == 2 and len(r.solutions) == min(keep, 2)


def test_an_auto_run_that_goes_on_compiled_reports_both_runs_seconds() -> None:
    def python(options: SolveOptions) -> Result:
        return Result("stopped", stats=Stats(nodes=10, seconds=0.25), reason="node limit")

    def twin(options: SolveOptions) -> Result:
        return Result("solved", stats=Stats(nodes=40, seconds=0.5), complete=True)

    r = _python_then_twin(python, twin, SolveOptions(), budget=10)
    assert r.status == "solved" and r.stats.nodes == 40  # the counts: the second run's
    assert r.stats.seconds == pytest.approx(0.75)


def test_sat_reports_its_count_and_what_it_does_not_count() -> None:
    pytest.importorskip("pysat")
    r = solve(Grid.parse(TWO4), "sat", limit=3)
    assert (r.count, r.complete, len(r.solutions)) == (2, True, 2)
    assert r.stats.engine == "sat" and r.uncounted == ("max_depth",)
    naive = solve(Grid.parse(TWO4), "naive", limit=3)
    assert naive.count == r.count and naive.complete == r.complete


def test_rate_refuses_a_puzzle_its_techniques_prove_impossible() -> None:
    u = Grid.parse(NO_SOLUTION)
    assert solve(u).status == "unsatisfiable"
    with pytest.raises(InvalidPuzzle, match="no solution: the techniques reach a contradiction"):
        rate(u)


# -- color: any k, and only graphs --------------------------------------------------------------


def clique(n: int) -> Graph:
    return Graph.from_edges(n, combinations(range(n), 2))


@pytest.mark.parametrize(("n", "k", "status"), [(70, 70, "solved"), (70, 69, "unsatisfiable")])
def test_color_takes_k_above_64_with_sat(n: int, k: int, status: str) -> None:
    pytest.importorskip("pysat")
    r = color(clique(n), k, "sat")
    assert r.status == status and r.method == "sat" and r.stats.engine == "sat"
    if status == "solved":
        assert sorted(r.solution or ()) == list(range(1, n + 1))
    else:
        assert r.complete and r.solution is None


def test_color_above_64_names_the_method_that_takes_it() -> None:
    with pytest.raises(InvalidArgument, match="k=70 is above 64: only method 'sat' takes it"):
        color(clique(70), 70, "dsatur")
    if importlib.util.find_spec("pysat") is not None:  # the default (auto) is that method
        assert color(clique(70), 70).status == "solved"


def test_color_reads_a_k_above_n_as_n() -> None:
    r = color(petersen_graph(), 100)
    assert r.status == "solved" and r.solution is not None and max(r.solution) <= 10


@pytest.mark.parametrize("graph", [None, "petersen", 10])
def test_color_takes_a_graph(graph: Any) -> None:
    with pytest.raises(InvalidArgument, match=f"color takes a Graph, got {type(graph).__name__}"):
        color(graph, 3)


@pytest.mark.parametrize(
    ("precolouring", "shown"),
    [("1" + "0" * 9, "'1'"), ((None,) * 10, "None"), ((1.5,) * 10, "1.5")],
)
def test_a_precolouring_of_no_whole_numbers_is_refused(precolouring: Any, shown: str) -> None:
    with pytest.raises(
        InvalidArgument, match=re.escape(f"vertex 0: colour {shown} is not a whole")
    ):
        color(petersen_graph(), 3, precolouring=precolouring)
