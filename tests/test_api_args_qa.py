"""Arguments of the library API: each fault of the QA pass on argument checking, fixed.

The standard: a bad argument raises sudograph's own error (``InvalidArgument``, ``ParseError``)
naming the argument and what is wrong, never a raw TypeError/AttributeError/IndexError from
inside; numpy integers are taken wherever ints are (kept as ints); a bool is no number; an
argument that would be ignored is refused.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import random
import re
from itertools import combinations
from typing import Any

import numpy as np
import pytest

from sudograph.errors import InvalidArgument, ParseError, SudographError
from sudograph.generate import full_grid, generate, generate_variant, killer_cages
from sudograph.graph import Graph, petersen_graph
from sudograph.grid import Grid
from sudograph.logic import explain, next_step, solve_logically
from sudograph.problem import MAX_TIMEOUT, Problem, SolveOptions, is_proper_coloring, is_solution
from sudograph.search.greedy import greedy_color
from sudograph.solve import TRACED, color, count, is_unique, solve

EASY9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
"""The first puzzle of examples/sample.txt."""
TWO4 = "1.3.....2...4..1"
HAS_NUMBA = importlib.util.find_spec("numba") is not None


def g4() -> Grid:
    return Grid.empty(2)


def g9() -> Grid:
    return Grid.parse(EASY9)


def refused(call: Any, message: str, error: type[Exception] = InvalidArgument) -> None:
    """``call()`` raises ``error`` whose message contains ``message``."""
    with pytest.raises(error, match=re.escape(message)):
        call()


# -- 1. trace ------------------------------------------------------------------------------------


def test_a_trace_that_is_not_callable_is_refused() -> None:
    refused(lambda: solve(g4(), "naive", trace=5), "trace must be callable")
    refused(lambda: SolveOptions(trace="print"), "trace must be callable")


@pytest.mark.parametrize("method", ["greedy", "greedy-mrv", "sat", "logic"])
def test_a_trace_to_a_method_that_emits_none_is_refused(method: str) -> None:
    """It ran, and the callable was never called (0 events)."""
    if method == "sat":
        pytest.importorskip("pysat")
    events: list[Any] = []
    with pytest.raises(InvalidArgument, match=f"method '{method}' emits no trace events") as exc:
        solve(Grid.parse(TWO4), method, trace=events.append)
    assert "naive, mrv, forward, propagate, dsatur" in str(exc.value)
    assert events == []


@pytest.mark.parametrize("grid", [EASY9, TWO4])
def test_method_fast_says_it_emits_no_trace(grid: str) -> None:
    """On a 4×4 it said 'method fast solves 9x9 Sudoku only', which is false (it solves other
    sizes on the house kernel without a trace)."""
    with pytest.raises(InvalidArgument) as exc:
        solve(Grid.parse(grid), "fast", trace=print)
    assert "'fast' emits no trace events" in str(exc.value)
    assert "9x9" not in str(exc.value)


def test_the_search_methods_trace() -> None:
    assert TRACED == ("naive", "mrv", "forward", "propagate", "dsatur")
    for method in TRACED:
        events: list[Any] = []
        solve(Grid.parse(TWO4), method, trace=events.append)
        assert events, method


def test_a_trace_on_the_compiled_twin_is_refused() -> None:
    refused(lambda: solve(g4(), "naive", trace=print, engine="numba"), "the compiled twin emits no")


def test_count_passes_the_trace_check_on() -> None:
    refused(lambda: count(g4(), "naive", trace=5), "trace must be callable")
    events: list[Any] = []
    assert count(g4(), "naive", trace=events.append, limit=2).count == 2 and events


# -- 2. seeds ------------------------------------------------------------------------------------


def test_numpy_seeds_are_whole_numbers() -> None:
    assert full_grid(2, seed=np.int64(1)) == full_grid(2, seed=1)
    assert generate(2, seed=np.int64(1)) == generate(2, seed=1)
    a = solve(g4(), "greedy", seed=np.int64(3))
    b = solve(g4(), "greedy", seed=3)
    assert a.solutions == b.solutions and a.seed == 3 and type(a.seed) is int
    cages = killer_cages(full_grid(2, seed=1), seed=np.int64(2))
    assert cages == killer_cages(full_grid(2, seed=1), seed=2)
    p = petersen_graph()
    order = "random-sequential"
    shuffled = greedy_color(p, order, seed=np.int64(4)).coloring
    assert shuffled == greedy_color(p, order, seed=4).coloring


@pytest.mark.parametrize("seed", ["x", 1.5, True, [1], b"1"])
def test_a_seed_that_is_no_whole_number_is_refused(seed: Any) -> None:
    """``[1]`` raised random's TypeError; ``"x"``, ``1.5``, ``True`` were taken silently."""
    refused(lambda: solve(g4(), "greedy", seed=seed), "seed must be a whole number")
    refused(lambda: solve(g4(), "naive", seed=seed), "draws no random numbers")
    refused(lambda: full_grid(2, seed=seed), "seed must be a whole number >= 0, a random.Random")
    refused(lambda: generate(2, seed=seed), "seed must be a whole number >= 0, a random.Random")
    refused(lambda: generate_variant("x", 2, seed=seed), "seed must be a whole number")
    refused(
        lambda: greedy_color(petersen_graph(), "random-sequential", seed=seed),
        "seed must be a whole number",
    )


def test_a_random_generator_is_still_a_seed_where_documented() -> None:
    assert generate(2, seed=random.Random("5:1")) == generate(2, seed=random.Random("5:1"))
    assert full_grid(2, seed=random.Random(3)) == full_grid(2, seed=random.Random(3))
    refused(lambda: solve(g4(), "greedy", seed=random.Random(3)), "seed must be a whole number")


# -- 3. cells ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cell", [[0, 1], None, "1", 1.0, 2.5, np.bool_(True), True, (1, 2, 3), (1.0, 2), ("a", 0)]
)
def test_a_cell_that_is_no_cell_is_refused_naming_it(cell: Any) -> None:
    grid = g4()
    for call in (grid.candidates, grid.index, grid.__getitem__):
        with pytest.raises(InvalidArgument, match=r"^cell "):
            call(cell)


@pytest.mark.parametrize(
    ("cell", "message"),
    [(16, "cell 16 is outside 0..15"), (-1, "cell -1 is outside 0..15"),
     ((4, 0), "cell (4, 0) is outside the 4x4 grid"), ((0, -1), "outside the 4x4 grid")],
)  # fmt: skip
def test_a_cell_off_the_grid_is_refused(cell: Any, message: str) -> None:
    refused(lambda: g4().candidates(cell), message)


def test_numpy_cells_are_cells() -> None:
    grid = Grid.parse(TWO4)
    assert grid.candidates(np.int64(1)) == grid.candidates(1)
    assert grid[np.int64(2)] == 3 and grid[(np.int64(0), np.int64(2))] == 3
    assert type(grid.index((np.int32(1), np.int32(2)))) is int


# -- 4. values, box, alphabet of a Grid ----------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ((1.5,) + (0,) * 15, "r1c1: value 1.5 is not a whole number"),
        ([1.0] + [0] * 15, "r1c1: value 1.0 is not a whole number"),
        ([None] * 16, "r1c1: value None is not a whole number"),
        ([0] * 15 + [True], "r4c4: value True is not a whole number"),
        ([np.bool_(True)] + [0] * 15, "r1c1: value np.True_ is not a whole number"),
        ("1" * 16, "values must be a sequence of whole numbers 0..N (0 = empty), got str"),
        (None, "values must be a sequence of whole numbers 0..N (0 = empty), got NoneType"),
        (5, "got int"),
        ([5] + [0] * 15, "r1c1: value 5 is outside 0..4"),
        ([0] * 15, "15 values for a 4x4 grid"),
    ],
)
def test_values_that_are_no_values_are_refused(values: Any, message: str) -> None:
    """``Grid(..., (1.5, ...))`` was built (then to_line raised); the others raised TypeError."""
    refused(lambda: Grid((2, 2), values), message)
    refused(lambda: g4().with_values(values), message)


def test_numpy_values_are_kept_as_ints() -> None:
    """with_values(np.array) kept np.int64: json.dumps(to_json()) failed."""
    for values in (np.array([1] + [0] * 15), np.array([1] + [0] * 15, dtype=np.uint8)):
        grid = g4().with_values(values)
        assert {type(d) for d in grid.values} == {int}
        assert json.loads(json.dumps(grid.to_json()))["line"] == "1" + "." * 15
        assert Grid((2, 2), values) == grid and Grid((2, 2), tuple(values)) == grid
    assert g4().with_values(iter([1] + [0] * 15)).clues == 1


@pytest.mark.parametrize("box", [2, "2x2", [2, 2], (np.int64(2), 2)])
def test_a_box_is_read_as_as_box_reads_it(box: Any) -> None:
    """``Grid(2, ...)`` and ``Grid('2x2', ...)`` raised TypeError; ``Grid([2, 2], ...)`` was
    built but could not be hashed."""
    grid = Grid(box, (0,) * 16)
    assert grid.box == (2, 2) and type(grid.box) is tuple and hash(grid) == hash(g4())


@pytest.mark.parametrize("box", [None, (2, 2, 2), (2.0, 2), (True, True), "2y2"])
def test_a_box_that_is_no_box_is_refused(box: Any) -> None:
    with pytest.raises(InvalidArgument, match="box"):
        Grid(box, (0,) * 16)


def test_an_alphabet_and_a_variant_of_the_wrong_type_are_refused() -> None:
    refused(lambda: Grid((2, 2), (0,) * 16, 1234), "alphabet must be a string, got 1234")
    refused(lambda: Grid((2, 2), (0,) * 16, "", 3), "variant must be a spec such as")
    refused(lambda: Grid.parse(TWO4, variant=3), "variant must be a spec such as", ParseError)


def test_the_readers_build_the_same_grids_as_the_constructor() -> None:
    """The readers skip the second check of what they checked (the hot path of
    ``solve(Grid.parse(line))``): the grids are equal all the same."""
    boxed = "1 . | 3 .\n. . | . .\n-----\n2 . | . .\n4 . | . 1"
    for text in (EASY9, TWO4, "1 0 3 0 0 0 0 0 2 0 0 0 4 0 0 1", boxed):
        grid = Grid.parse(text)
        assert grid == Grid(grid.box, list(grid.values), grid.alphabet)
        assert type(grid.values) is tuple and {type(d) for d in grid.values} <= {int}


# -- 5. graphs -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda p: p.degree(10), "vertex 10 is outside 0..9"),
        (lambda p: p.degree(-1), "vertex -1 is outside 0..9"),
        (lambda p: p.degree(2.0), "vertex 2.0 is not a whole number"),
        (lambda p: p.degree(True), "vertex True is not a whole number"),
        (lambda p: p.has_edge(-1, 4), "vertex -1 is outside 0..9"),
        (lambda p: p.has_edge(0, 10), "vertex 10 is outside 0..9"),
    ],
)
def test_a_vertex_off_the_graph_is_refused(call: Any, message: str) -> None:
    """``degree(10)`` raised IndexError; ``degree(-1)`` and ``has_edge(-1, 4)`` wrapped round."""
    refused(lambda: call(petersen_graph()), message)


def test_numpy_vertices_are_vertices() -> None:
    p = petersen_graph()
    assert p.degree(np.int64(3)) == 3 and p.has_edge(np.int64(0), np.int32(1))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Graph.from_edges(3, None), "edges must be an iterable of vertex pairs"),
        (lambda: Graph.from_edges(3, 5), "edges must be an iterable of vertex pairs, got int"),
        (lambda: Graph(((1,), (0,)), houses=[5]), "house 0: 5 is not a list of vertices"),
        (lambda: Graph(((1,), (0,)), houses="ab"), "houses must be lists of vertices, got str"),
        (lambda: Graph(((1,), (0,)), houses=[(0, "1")]), "house 0: vertex '1' is not a whole"),
        (lambda: Graph(((1.0,), (0,))), "vertex 0: its neighbours must be a tuple of vertices"),
        (lambda: Graph(((1,), 0)), "vertex 1: its neighbours must be a tuple of vertices"),
        (lambda: Graph.from_edges(3, [(0, 1)], name=5), "name must be a string, got 5"),
        (lambda: Graph.from_edges(2, [(0, 1)], labels=[1, 2]), "labels must be strings"),
        (lambda: Graph.from_edges(2, [(0, 1)], labels="ab"), "labels must be a list of strings"),
        (lambda: Graph.from_networkx([(0, 1)]), "from_networkx takes a networkx graph, got list"),
    ],
)
def test_graph_arguments_are_checked(call: Any, message: str) -> None:
    refused(call, message)


def test_a_graph_of_lists_is_a_graph_of_tuples() -> None:
    """``Graph([[1], [0]])`` was built but could not be hashed."""
    g = Graph([[1], [0]], houses=[[0, 1]])
    same = Graph(((1,), (0,)), houses=((0, 1),))
    assert g == same and hash(g) == hash(same)
    assert g.neighbors == ((1,), (0,)) and g.houses == ((0, 1),)
    assert Graph(((np.int64(1),), (0,))).neighbors == ((1,), (0,))
    assert "&lt;g&gt;" in Graph.from_edges(3, [(0, 1)], name="<g>")._repr_html_()


# -- 6. other raw exceptions ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: is_solution(full_grid(2, seed=1), full_grid(2, seed=1).values),
         "is_solution takes a Problem, got Grid (give its .problem)"),
        (lambda: is_solution(g4().problem, None), "coloring must be a sequence of colours"),
        (lambda: is_proper_coloring(petersen_graph(), None), "got NoneType"),
        (lambda: is_proper_coloring(petersen_graph(), "1231231231"), "got str"),
        (lambda: is_proper_coloring(petersen_graph(), [None, 2] + [1] * 8),
         "coloring: vertex 0: colour None is not a whole number"),
        (lambda: g4().is_solution_of("1.3."), "is_solution_of takes a Grid"),
        (lambda: Problem(None, 3), "Problem takes a Graph, got NoneType"),
        (lambda: Problem(petersen_graph(), 3, 5), "precolouring must be a sequence of colours"),
        (lambda: generate(2, symmetry=5), "unknown symmetry 5"),
        (lambda: next_step(Grid.parse(EASY9), 5), "techniques must be a technique's name"),
        (lambda: next_step(Grid.parse(EASY9), [["naked single"]]), "unknown technique"),
        (lambda: next_step(Grid.parse(EASY9), None, [None] * 81),
         "r1c1: candidates must be a collection of digits, got None"),
        (lambda: next_step(Grid.parse(EASY9), None, 5), "candidates must be one collection"),
        (lambda: solve(g4(), ["naive"]), "method must be the name of one method (a str)"),
        (lambda: count(g4(), None), "method must be the name of one method"),
        (lambda: color(petersen_graph(), 3, ["dsatur"]), "method must be the name"),
    ],
)  # fmt: skip
def test_no_raw_exception_from_inside(call: Any, message: str) -> None:
    refused(call, message)


def test_numpy_precolourings_and_k_are_taken() -> None:
    """``Problem(P, 3, np.array(...))`` and ``color(..., precolouring=np.array(...))`` said
    'the truth value of an array is ambiguous'."""
    p = petersen_graph()
    pre = np.array([3] + [0] * 9)
    problem = Problem(p, np.int64(3), pre)
    assert problem.k == 3 and type(problem.k) is int
    assert problem.precolouring == (3,) + (0,) * 9
    assert {type(c) for c in problem.precolouring} == {int}
    result = color(p, np.int64(3), "naive", precolouring=pre)
    assert result.solution is not None and result.solution[0] == 3
    assert json.dumps(result.solution)
    assert color(p, 3, precolouring=np.zeros(10, dtype=int)).status == "solved"


# -- 7. a grid is no graph -----------------------------------------------------------------------


def test_is_proper_coloring_refuses_a_grid_as_color_does() -> None:
    """It returned False for a valid colouring: a grid is refused, as by color, greedy_color
    and chromatic_number."""
    fg = full_grid(2, seed=1)
    refused(lambda: is_proper_coloring(fg, fg.values), "takes a Graph, got Grid (give its .graph)")
    refused(lambda: color(fg, 4), "takes a Graph, got Grid (give its .graph)")
    assert is_proper_coloring(fg.graph, fg.values) and is_solution(fg.problem, fg.values)


# -- 8. arguments that were ignored --------------------------------------------------------------


@pytest.mark.parametrize("minimal", ["no", 0, 1, None])
def test_minimal_must_be_a_bool(minimal: Any) -> None:
    """``minimal="no"`` was read as true."""
    refused(lambda: generate(2, minimal=minimal, seed=1), "minimal must be True or False")
    refused(lambda: generate_variant("x", 2, minimal=minimal), "minimal must be True or False")
    refused(lambda: generate_variant("killer", 2, killer="yes"), "killer must be True or False")


@pytest.mark.parametrize("order", ["sequential", "largest-first", "smallest-last", "dsatur"])
def test_greedy_color_refuses_a_seed_it_would_ignore(order: str) -> None:
    refused(
        lambda: greedy_color(petersen_graph(), order, seed=3),
        f"seed: order {order!r} draws no random numbers",
    )
    assert greedy_color(petersen_graph(), order).colors == 3


def test_method_fast_refuses_the_python_engine() -> None:
    """It ran compiled code silently (solve_many and the CLI refuse it)."""
    message = "method 'fast' has no Python engine: use engine auto or numba"
    refused(lambda: solve(g9(), "fast", engine="python"), message)
    refused(lambda: count(g9(), "fast", engine="python"), message)


def test_color_above_64_refuses_a_limit_it_cannot_honour() -> None:
    """``limit=None`` returned one colouring with complete=False."""
    k70 = Graph.from_edges(70, combinations(range(70), 2))
    for limit in (None, 2, True):
        refused(lambda limit=limit: color(k70, 70, "sat", limit=limit), "limit must be 1")
    assert color(k70, 70, "sat", limit=1).status == "solved"
    assert color(k70, 70, "sat", limit=np.int64(1)).status == "solved"
    refused(lambda: color(k70, 70, "sat", timeout="x"), "timeout must be a number of seconds")


# -- 9. options, timeouts, names -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: solve(g4(), bogus=1), "unknown option(s) of solve: bogus"),
        (lambda: is_unique(g4(), bogus=1), "unknown option(s) of is_unique: bogus"),
        (lambda: count(g4(), bogus=1), "unknown option(s) of count: bogus"),
        (lambda: count(g4(), limit=3, bogus=1), "unknown option(s) of count: bogus"),
        (lambda: color(petersen_graph(), 3, bogus=1), "unknown option(s) of color: bogus"),
        (lambda: is_unique(g4(), limit=3), "is_unique counts up to 2 solutions itself: limit"),
        (lambda: is_unique(g4(), keep=1), "is_unique counts up to 2 solutions itself: keep"),
    ],
)
def test_unknown_options_are_refused_alike(call: Any, message: str) -> None:
    """solve and is_unique raised Python's TypeError, count InvalidArgument; is_unique with
    ``keep=1`` kept one solution and said unique."""
    refused(call, message)


@pytest.mark.parametrize("timeout", [10**400, float("inf")])
def test_a_huge_timeout_is_no_limit(timeout: Any) -> None:
    """``timeout=10**400`` raised OverflowError (no float holds it)."""
    assert SolveOptions(timeout=timeout).timeout == MAX_TIMEOUT
    assert solve(g4(), timeout=timeout).status == "solved"
    assert solve(g4(), "naive", timeout=timeout, engine="python").status == "solved"
    if HAS_NUMBA:
        assert solve(g9(), "fast", timeout=timeout).status == "solved"
    assert solve(g9(), "logic", timeout=timeout).status == "solved"
    assert solve_logically(g9(), timeout=timeout).solved
    assert count(g4(), timeout=timeout).count == 288
    assert generate(2, seed=1, timeout=timeout) == generate(2, seed=1)


def test_a_huge_node_cap_is_no_cap() -> None:
    """An int of 400 digits overflowed the compiled twin."""
    for engine in ("python", "numba", "auto") if HAS_NUMBA else ("python", "auto"):
        assert solve(g4(), "naive", max_nodes=10**400, engine=engine).status == "solved"


def test_explain_names_itself() -> None:
    """It said 'solve_logically takes a Grid'."""
    refused(lambda: explain("1..."), "explain takes a Grid")
    refused(lambda: solve_logically("1..."), "solve_logically takes a Grid")


@pytest.mark.parametrize("timeout", [0, 0.0])
def test_solve_logically_takes_a_zero_timeout_as_solve_does(timeout: Any) -> None:
    """It refused 0 while solve took it (no step)."""
    result = solve_logically(g9(), timeout=timeout)
    assert result.steps == [] and not result.solved
    assert solve(g9(), "logic", timeout=timeout).stats.deductions == 0


@pytest.mark.parametrize("timeout", [-1, float("nan"), "1", True])
def test_solve_logically_refuses_a_timeout_as_solve_does(timeout: Any) -> None:
    with pytest.raises(InvalidArgument) as logic:
        solve_logically(g9(), timeout=timeout)
    with pytest.raises(InvalidArgument) as core:
        solve(g9(), "logic", timeout=timeout)
    assert str(logic.value) == str(core.value)


# -- 10. the mark of an empty cell ---------------------------------------------------------------


@pytest.mark.parametrize("empty", ["", "ab", "1", " ", "\t", "|", "#", None, 0])
def test_an_empty_mark_that_breaks_the_line_is_refused(empty: Any) -> None:
    """``empty=""`` or ``"ab"`` wrote lines no reader takes back."""
    refused(lambda: g4().to_line(empty=empty), "empty must be one character")
    refused(lambda: g4().to_boxed(empty=empty), "empty must be one character")


def test_the_empty_marks_of_the_readers_round_trip() -> None:
    grid = Grid.parse(TWO4)
    for empty in ".0_-":
        assert Grid.parse(grid.to_line(empty=empty)) == grid
    for empty in ".0_":
        assert Grid.parse(grid.to_boxed(empty=empty)) == grid
    # a row of "-" marks would read as a ruler of boxed text (row 2 of TWO4 is empty)
    for empty in "-=*":
        refused(lambda empty=empty: grid.to_boxed(empty=empty), "nor one of rulers")
    hexa = Grid.parse("0" + "." * 255, alphabet="0123456789ABCDEF")
    refused(lambda: hexa.to_line(empty="0"), "not a symbol of the alphabet 0123456789ABCDEF")
    assert Grid.parse(hexa.to_line(empty="-"), alphabet=hexa.alphabet) == hexa


# -- the standard, across the API ----------------------------------------------------------------


def test_every_error_of_the_api_is_sudographs() -> None:
    """A sweep of bad values into the entry points: only sudograph's errors come out."""
    bad: list[Any] = [None, "x", 1.5, True, [None], {}, object(), -1]
    p = petersen_graph()
    calls: list[Any] = [
        lambda v: Grid.empty(2).candidates(v),
        lambda v: Grid((2, 2), v),
        lambda v: Grid(v, (0,) * 16),
        lambda v: Graph.from_edges(3, v),
        lambda v: p.degree(v),
        lambda v: Problem(p, 3, v),
        lambda v: Problem(p, v),
        lambda v: is_proper_coloring(p, v),
        lambda v: solve(g4(), v),
        lambda v: solve(g4(), "greedy", seed=v),
        lambda v: solve(g4(), timeout=v),
        lambda v: solve(g4(), "naive", trace=v),
        lambda v: next_step(Grid.parse(TWO4), v),
        lambda v: generate(2, symmetry=v),
        lambda v: full_grid(2, seed=v),
        lambda v: g4().to_line(empty=v),
    ]
    for call in calls:
        for value in bad:
            with contextlib.suppress(SudographError):  # any other error fails the test
                call(value)
