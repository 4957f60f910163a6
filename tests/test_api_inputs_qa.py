"""Inputs and displays of the library API: each finding of the QA pass on ``problem.py``,
``variants.py``, ``grid.py`` (and the notebook views of ``logic.py``), fixed.

1. ``Result.summary`` counts what was counted (``288 solutions``, ``10 solutions found``),
   with plurals; 2. a bool is no colour; 3. ``Variant("anti-knight")`` is a spec, None no
   variant; 4. killer cages take numpy's integers, and say "out of range" only of a cell out of
   range; 5. every option of ``SolveOptions`` is checked (None: not given); 6. a negative seed,
   a bool ``k`` are refused; 7. short reprs and notebook views; 8. clear messages for a grid
   given as rows, or a box of negative sides; 9. messages word the API and the command line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from sudograph.errors import InvalidArgument, ParseError
from sudograph.graph import petersen_graph, sudoku_graph
from sudograph.grid import Grid, box_for
from sudograph.logic import next_step, rate, solve_logically
from sudograph.problem import (
    Problem,
    Result,
    SolveOptions,
    Stats,
    as_seed,
    check_cages,
    is_proper_coloring,
)
from sudograph.solve import color, count, solve
from sudograph.variants import Variant, parse_variant, variant_names

P9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
"""The first puzzle of examples/sample.txt: one solution."""
P4 = "4.3.1..42..3.1.."
"""A 4x4 puzzle logic solves in 9 naked singles."""
PETERSEN3 = (1, 2, 1, 2, 3, 2, 1, 3, 3, 2)
"""A proper 3-colouring of the Petersen graph."""


def refused(call: Callable[[], object], message: str) -> str:
    """The message of the InvalidArgument ``call`` raises, which must contain ``message``."""
    with pytest.raises(InvalidArgument) as info:
        call()
    text = str(info.value)
    assert message in text, text
    return text


# -- 1. Result.summary: the count, "at least", plurals -----------------------------------------
def test_a_count_says_the_number_counted() -> None:
    """The QA pass's call: ``count(P9).summary()`` said ``0 solution(s)`` (none kept)."""
    r = count(Grid.parse(P9))
    assert r.count == 1 and r.complete
    assert r.summary().startswith("solved: 1 solution, ")
    assert "solution(s)" not in r.summary()


def test_the_solutions_counted_not_only_those_kept() -> None:
    """``solve(empty 4x4, limit=None, keep=2)`` said ``2 solution(s)`` for 288."""
    r = solve(Grid.empty(2), limit=None, keep=2)
    assert r.count == 288 and len(r.solutions) == 2
    assert "288 solutions (2 kept)" in r.summary()
    assert "288 solutions (2 kept)" in r._repr_html_()


def test_a_count_stopped_short_is_a_lower_bound() -> None:
    r = count(Grid.empty(2), limit=10)
    assert r.count == 10 and not r.complete
    assert "10 solutions found" in r.summary()


@pytest.mark.parametrize(
    ("result", "text"),
    [
        (Result("solved", [(1,)], complete=True), "solved: 1 solution, "),
        (Result("solved", [(1,), (2,)], complete=True), "solved: 2 solutions, "),
        (Result("solved", [(1,)]), "solved: 1 solution found, "),
        (Result("solved", [(1,)], count=5), "solved: 5 solutions found (1 kept), "),
        (Result("solved", [], count=7, complete=True), "solved: 7 solutions, "),  # keep=0
        (Result("unsatisfiable", complete=True, count=0), "unsatisfiable: no solution, "),
        (Result("stopped", reason="time limit"), "stopped (time limit): no solution found, "),
        (
            Result("solved", [(1,)], reason="node limit", count=3),
            "solved (node limit): 3 solutions found (1 kept), ",
        ),
    ],
)
def test_summary_words(result: Result, text: str) -> None:
    assert result.summary().startswith(text), result.summary()
    assert "(s)" not in result.summary()
    assert result._repr_html_().startswith(f"<div>{text}")


def test_found_is_the_count_or_the_solutions() -> None:
    assert Result("solved", [(1,), (2,)]).found() == 2
    assert Result("solved", [(1,)], count=288).found() == 288


# -- 2. a bool is no colour -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: color(petersen_graph(), 3, precolouring=[True, False] + [0] * 8),
            "vertex 0: colour True is not a whole number",
        ),
        (
            lambda: Problem(sudoku_graph(2), 4, [True] + [0] * 15),
            "vertex 0: colour True is not a whole number",
        ),
        (  # a tuple: its bytes looked fine
            lambda: Problem(sudoku_graph(2), 4, (0, True) + (0,) * 14),
            "vertex 1: colour True is not a whole number",
        ),
        (
            lambda: Problem(sudoku_graph(2), 4, (0, 0, False) + (0,) * 13),
            "vertex 2: colour False is not a whole number",
        ),
        (
            lambda: Problem(sudoku_graph(2), 4, np.array([0, 0, 0, 1] * 4, dtype=bool)),
            "vertex 0: colour np.False_ is not a whole number",
        ),
        (
            lambda: Problem(sudoku_graph(2), 4, (0, np.False_) + (0,) * 14),
            "vertex 1: colour np.False_ is not a whole number",
        ),
    ],
)
def test_a_bool_is_no_colour(call: Callable[[], object], message: str) -> None:
    refused(call, message)


def test_numpy_colours_in_a_tuple_are_kept_as_ints() -> None:
    p = Problem(sudoku_graph(2), 4, (np.int64(1), np.uint8(2)) + (0,) * 14)
    assert p.precolouring[:3] == (1, 2, 0)
    assert {type(c) for c in p.precolouring} == {int}


def test_plain_colours_still_work() -> None:
    r = color(petersen_graph(), 3, precolouring=[1, 2] + [0] * 8)
    assert r.solution is not None and r.solution[:2] == (1, 2)


# -- 3. Variant takes a spec string; None is no variant ----------------------------------------
@pytest.mark.parametrize(
    ("names", "expected"),
    [
        ("anti-knight", ("anti-knight",)),
        ("x+anti-knight", ("x", "anti-knight")),
        ("Hyper + X", ("windoku", "x")),
        ("", ()),
        (None, ()),
        (["Diagonal", " anti-king "], ("x", "anti-king")),
        (("x", "x"), ("x",)),
        (iter(["disjoint"]), ("disjoint",)),
    ],
)
def test_variant_names_as_a_spec_or_a_sequence(names: Any, expected: tuple[str, ...]) -> None:
    assert Variant(names).names == expected


@pytest.mark.parametrize("spec", [None, "", "x+anti-knight", "anti-king"])
def test_variant_parse_and_variant_read_a_spec_alike(spec: str | None) -> None:
    assert Variant.parse(spec) == Variant(spec)
    assert variant_names(spec) == Variant(spec).names


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Variant(3), "variant names must be a spec such as 'x+anti-knight' or a sequence"),
        (lambda: Variant((1,)), "a variant name must be a string, got 1"),
        (lambda: Variant(("x", None)), "a variant name must be a string, got None"),
        (lambda: Variant("snake"), "unknown variant 'snake'"),
        (lambda: Variant("x+"), "empty variant name in 'x+'"),
        (lambda: Variant.parse(3), "variant must be a spec such as 'x+anti-knight' (or None)"),
        (lambda: Variant.parse(["x"]), "variant must be a spec such as 'x+anti-knight'"),
        (lambda: variant_names(b"x"), "variant must be a spec such as 'x+anti-knight'"),
        (
            lambda: Variant(("jigsaw",), regions="aabbaabbccddccdd"),
            "regions must be a sequence of region numbers, got str (parse_regions reads",
        ),
        (lambda: Variant(("jigsaw",), regions=4), "regions must be a sequence of region numbers"),
    ],
)
def test_variant_refuses_what_is_no_name(call: Callable[[], object], message: str) -> None:
    refused(call, message)


def test_a_variant_from_a_string_makes_the_same_grid() -> None:
    grid = Grid.parse("." * 81, variant=Variant("x+anti-knight"))
    assert grid == Grid.parse("." * 81, variant="x+anti-knight")
    assert parse_variant(None) is None


def test_variant_regions_take_numpy_integers() -> None:
    regions = np.array([0, 0, 1, 1] * 2 + [2, 2, 3, 3] * 2)
    v = Variant(("jigsaw",), regions=regions)
    assert v.regions == tuple(int(r) for r in regions) and type(v.regions[0]) is int  # type: ignore[index]
    assert Grid((2, 2), [0] * 16, variant=v).variant == v


# -- 4. killer cages: numpy integers, true messages ---------------------------------------------
@pytest.mark.parametrize(
    "cage",
    [
        ([0, 1], np.int64(3)),
        (np.array([0, 1]), 3),
        ((np.int32(0), np.uint8(1)), np.int16(3)),
        (np.array([0, 1], dtype=np.int8), np.array(3)[()]),
    ],
)
def test_cages_take_numpy_integers(cage: Any) -> None:
    v = Variant((), None, [cage])
    assert v.cages == (((0, 1), 3),)
    assert all(type(x) is int for x in (*v.cages[0][0], v.cages[0][1]))
    v.check_fits((2, 2))
    check_cages([cage], 16, 4)
    p = Problem(v.graph((2, 2)), 4, cages=[cage])
    assert p.cages == (((0, 1), 3),)
    grid = solve(Grid.parse("." * 16, variant=v)).grid
    assert grid is not None and sorted(grid.values[:2]) == [1, 2]


@pytest.mark.parametrize(
    ("cage", "message"),
    [
        (([0, np.int64(16)], 5), "cage 1 (cells 0, 16): cell 16 out of range 0..15"),
        (([0, -1], 5), "cage 1 (cells 0, -1): cell -1 is negative"),
        (([0, 1.0], 3), "cage 1 (cells 0, 1.0): cell 1.0 is not a whole number"),
        (([0, True], 3), "cell True is not a whole number"),
        (([0, np.True_], 3), "cell np.True_ is not a whole number"),
        (([0, "1"], 3), "cell '1' is not a whole number"),
        (([0, 1], True), "sum must be an integer, got True"),
        (([0, 1], 3.0), "sum must be an integer, got 3.0"),
        (([0, 1], np.float64(3)), "sum must be an integer"),
        (([0, 1], "3"), "sum must be an integer, got '3'"),
        ((0, 1, 3), "cage 1 must be a pair (cells, sum), got (0, 1, 3)"),
        (3, "cage 1 must be a pair (cells, sum), got 3"),
        ((5, 3), "cage 1: its cells must be a sequence of cell numbers, got 5"),
        (("01", 3), "cage 1: its cells must be a sequence of cell numbers, got '01'"),
    ],
)
def test_bad_cages_say_what_is_wrong(cage: Any, message: str) -> None:
    for call in (
        lambda: Variant((), None, [cage]).check_fits((2, 2)),
        lambda: check_cages([cage], 16, 4),
        lambda: Problem(sudoku_graph(2), 4, cages=[cage]),
    ):
        text = refused(call, message)
        if "out of range" in text:
            assert re.search(r"cell -?\d+ out of range", text)


def test_cages_none_is_no_cage() -> None:
    assert Problem(sudoku_graph(2), 4, cages=None).cages == ()  # type: ignore[arg-type]
    assert Variant(("x",), None, None).cages == ()  # type: ignore[arg-type]
    refused(lambda: Problem(sudoku_graph(2), 4, cages=5), "cages must be a sequence of (cells")  # type: ignore[arg-type]


def test_a_good_tuple_of_cages_is_kept_as_it_is() -> None:
    cages = (((0, 1), 3), ((2, 3), 7))
    assert Problem(sudoku_graph(2), 4, cages=cages).cages is cages


# -- 5. SolveOptions: every option checked ------------------------------------------------------
OPTION_NAMES = ["limit", "max_nodes", "timeout", "trace", "seed", "itermax", "order", "inference"]


@pytest.mark.parametrize("name", [*OPTION_NAMES, "engine"])
def test_none_is_an_option_not_given(name: str) -> None:
    options = SolveOptions(**{name: None})
    default = SolveOptions()
    if name in ("itermax", "engine"):  # None: the default
        assert getattr(options, name) == getattr(default, name)
    else:
        assert getattr(options, name) is None


def test_solve_and_count_take_itermax_none() -> None:
    """The QA pass's call: ``solve(g, itermax=None)`` raised ``'<' not supported``."""
    assert solve(Grid.parse(P4), itermax=None).status == "solved"
    assert solve(Grid.parse(P4), "greedy", itermax=None, seed=1).status in ("solved", "stopped")
    assert SolveOptions(itermax=None).itermax == 1000


BAD = ["5", 2.5, True, [1], {"x": 1}]


@pytest.mark.parametrize("value", BAD, ids=repr)
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("limit", "limit must be a whole number, got "),
        ("max_nodes", "max_nodes must be a whole number, got "),
        ("itermax", "itermax must be a whole number, got "),
        ("timeout", "timeout must be a number of seconds, got "),
        ("seed", "seed must be a whole number >= 0 (or None), got "),
        ("order", "order must be a name such as 'mrv' (or None), got "),
        ("inference", "inference must be a name such as 'singles' (or None), got "),
        ("engine", "engine must be auto, python or numba, got "),
        ("trace", "trace must be callable"),
    ],
)
def test_a_wrong_type_is_refused_by_name(name: str, message: str, value: Any) -> None:
    if name in ("timeout",) and isinstance(value, float):  # a float is a number of seconds
        assert SolveOptions(timeout=value).timeout == value
        return
    if name in ("order", "inference", "engine") and isinstance(value, str):
        value = "zigzag"  # a string that names nothing: its own message below
        message = {"order": "unknown order", "inference": "unknown inference"}.get(
            name, "engine must be auto"
        )
    text = refused(lambda: SolveOptions(**{name: value}), message)
    assert repr(value) in text or "zigzag" in text or name == "trace"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"limit": 0}, "limit must be >= 1 (or None for all), got 0"),
        ({"itermax": 0}, "itermax must be >= 1, got 0"),
        ({"max_nodes": -1}, "max_nodes must be >= 0, got -1"),
        ({"timeout": float("nan")}, "timeout must be >= 0, got NaN"),
        ({"engine": np.array(["auto", "python"])}, "engine must be auto, python or numba"),
    ],
)
def test_values_out_of_range_are_refused(kwargs: dict[str, Any], message: str) -> None:
    refused(lambda: SolveOptions(**kwargs), message)


def test_numpy_counts_are_kept_as_ints() -> None:
    options = SolveOptions(limit=np.int64(2), max_nodes=np.uint32(5), itermax=np.int8(3))
    assert (options.limit, options.max_nodes, options.itermax) == (2, 5, 3)
    assert {type(options.limit), type(options.max_nodes), type(options.itermax)} == {int}


def test_known_orders_and_inferences_pass() -> None:
    options = SolveOptions(order="dsatur", inference="forward", engine="python")
    assert (options.order, options.inference, options.engine) == ("dsatur", "forward", "python")


# -- 6. negative seeds, a bool k ---------------------------------------------------------------
@pytest.mark.parametrize("seed", [-1, np.int64(-3), -(2**70)], ids=repr)
def test_a_negative_seed_is_refused(seed: Any) -> None:
    """``random.Random`` seeds by the absolute value: -1 was the seed 1."""
    message = f"seed must be a whole number >= 0, got {int(seed)}"
    refused(lambda: as_seed(seed), message)
    refused(lambda: SolveOptions(seed=seed), message)
    refused(lambda: solve(Grid.parse(P4), "greedy", seed=seed), "seed must be a whole number >= 0")


@pytest.mark.parametrize(("seed", "expected"), [(0, 0), (5, 5), (np.uint64(7), 7), (None, None)])
def test_other_seeds_pass(seed: Any, expected: int | None) -> None:
    assert as_seed(seed) == expected
    assert SolveOptions(seed=seed).seed == expected


@pytest.mark.parametrize("k", [True, False, 2.5, 3.0, "3", [3]], ids=repr)
def test_is_proper_coloring_refuses_a_k_that_is_no_whole_number(k: Any) -> None:
    refused(
        lambda: is_proper_coloring(petersen_graph(), PETERSEN3, k),
        f"k must be a whole number (or None: any colour >= 1), got {k!r}",
    )


@pytest.mark.parametrize(
    ("k", "expected"), [(3, True), (np.int64(3), True), (2, False), (None, True)]
)
def test_is_proper_coloring_takes_whole_numbers(k: Any, expected: bool) -> None:
    assert is_proper_coloring(petersen_graph(), PETERSEN3, k) is expected


# -- 7. short reprs, notebook views --------------------------------------------------------------
def test_result_repr_is_short_and_str_is_the_summary() -> None:
    r = solve(Grid.parse(P9))
    text = repr(r)
    assert text.startswith("Result(status='solved', method='")
    assert "solutions=1" in text and "nodes=" in text and "seconds=" in text
    assert len(text) < 200 and "puzzle" not in text and "grids" not in text
    assert str(r) == r.summary() != repr(r)
    assert len(r.solutions[0]) == 81 and r.grid is not None and r.puzzle is not None  # kept


def test_result_repr_names_the_count_the_reason_and_the_seed() -> None:
    r = Result("solved", [(1,)], Stats(nodes=4), "greedy", "node limit", count=3, seed=9)
    assert repr(r) == (
        "Result(status='solved', method='greedy', reason='node limit', solutions=1, count=3, "
        "complete=False, seed=9, nodes=4, seconds=0.0000)"
    )


def test_logic_result_repr_is_short_and_its_page_lists_the_steps() -> None:
    r = solve_logically(Grid.parse(P9))
    assert r.solved and len(r.steps) > 20
    text = repr(r)
    assert text.startswith("LogicResult(solved=True, contradiction=False, steps=")
    assert len(text) < 200 and "Step(" not in text
    assert str(r) == r.summary() and r.summary().startswith(f"solved by logic in {len(r.steps)}")
    page = r._repr_html_()
    assert page.count("<li>") == len(r.steps) and "<ol>" in page and "<details>" in page
    assert page.count("<text") == 81  # the grid reached
    assert page.count('font-weight="bold"') == Grid.parse(P9).clues  # the clues alone bold


def test_a_stalled_logic_result_says_so() -> None:
    r = solve_logically(Grid.parse("1.3.....2...4..1"), ["naked single"])
    assert not r.solved and "stalled after 7 steps" in r.summary()
    assert "stalled after 7 steps" in r._repr_html_()


def test_a_complete_grid_has_no_step_to_list() -> None:
    r = solve_logically(Grid.parse("4231134224133124"))
    assert r.summary() == "the grid is already complete"
    assert "<ol>" not in r._repr_html_()


def test_rating_and_step_views() -> None:
    rating = rate(Grid.parse(P4))
    assert repr(rating).startswith("Rating(technique='naked single', score=1.0")  # as before
    assert rating.summary() == "naked single (score 1.0): logic solves it in 9 steps"
    assert rating._repr_html_().startswith("<div><b>naked single</b> (score 1.0)")
    step = next_step(Grid.parse(P4))
    assert step is not None
    assert step._repr_html_() == f"<div><b>{step.technique}</b>: {step.text}</div>"


def test_views_escape_html() -> None:
    from sudograph.logic import Rating, Step

    step = Step("<x>", (0,), (1,), text="a < b & c")
    assert step._repr_html_() == "<div><b>&lt;x&gt;</b>: a &lt; b &amp; c</div>"
    assert "&lt;x&gt;" in Rating("<x>", 1.0, 1, True)._repr_html_()


# -- 8. a grid given as rows; a box of negative sides ----------------------------------------------
@pytest.mark.parametrize(
    "values",
    [np.zeros((4, 4), dtype=int), [[0] * 4] * 4, ((0,) * 4,) * 4],
    ids=["numpy 2-D", "lists", "tuples"],
)
def test_rows_given_to_the_flat_constructor(values: Any) -> None:
    refused(
        lambda: Grid((2, 2), values),
        "values must be flat (16 values for a 4x4 grid, row by row), got 4 rows of 4; "
        "Grid.from_lists reads rows",
    )
    assert Grid.from_lists(values) == Grid.empty(2)


def test_a_flat_grid_of_the_wrong_length_says_so_as_before() -> None:
    refused(lambda: Grid((2, 2), [0] * 15), "15 values for a 4x4 grid")


@pytest.mark.parametrize(
    ("box", "shape"), [((-2, -2), "-2x-2"), ((2, -2), "2x-2"), ((0, 4), "0x4"), ((-1, 4), "-1x4")]
)
def test_a_box_of_sides_below_1_is_refused_first(box: tuple[int, int], shape: str) -> None:
    message = f"box shape must be positive, got {shape}"
    text = refused(lambda: Grid(box, [0] * 16), message)
    assert "does not fit" not in text
    refused(lambda: box_for(abs(box[0] * box[1]) or 4, box), message)


# -- 9. messages for the API and the command line --------------------------------------------------
@pytest.mark.parametrize(
    ("call", "flag", "keyword"),
    [
        (lambda: Variant(("jigsaw",)), "(--regions)", "regions="),
        (lambda: Variant.parse("x+jigsaw"), "(--regions)", "regions="),
        (lambda: Variant(("killer",)), "(--cages)", "cages="),
        (lambda: Variant.parse("killer", cages=None), "(--cages)", "cages="),
    ],
)
def test_messages_name_the_api_and_the_cli(
    call: Callable[[], object], flag: str, keyword: str
) -> None:
    text = refused(call, flag)
    assert keyword in text


def test_no_message_of_these_modules_names_a_flag_alone() -> None:
    """Every message naming a command-line flag names the API's way too."""
    import inspect

    import sudograph.grid
    import sudograph.problem
    import sudograph.variants

    for module in (sudograph.problem, sudograph.variants, sudograph.grid):
        source = inspect.getsource(module)
        for literal in re.findall(r'"[^"\n]*\(--[a-z-]+[^"\n]*"', source):
            assert "=" in literal, (module.__name__, literal)


@pytest.mark.parametrize(
    ("box", "message"),
    [
        ((-2, -2), "box shape must be positive, got -2x-2"),
        (("a", "b"), "box must be k, (rows, cols) or 'RxC', got ('a', 'b')"),
        ((2, 2, 2), "box must be k, (rows, cols) or 'RxC', got (2, 2, 2)"),
        ((2, 3), "box 2x3 does not fit a 4x4 grid"),
    ],
)
def test_from_lists_checks_its_box(box: Any, message: str) -> None:
    with pytest.raises(ParseError) as info:  # as its other faults
        Grid.from_lists([[0] * 4] * 4, box=box)
    assert message in str(info.value)


@pytest.mark.parametrize("box", ["2x2", [2, 2], 2, (np.int64(2), 2)], ids=repr)
def test_from_lists_takes_a_box_as_as_box_does(box: Any) -> None:
    assert Grid.from_lists([[0] * 4] * 4, box=box).box == (2, 2)
