"""Small API fixes: a bool is no colour for :func:`is_proper_coloring`, a :class:`Result`
compares what it says (not its timing), :func:`generate_variant` never returns the full
grid when its time is up, and :func:`is_whole` is the one "integral, not a bool" test."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from sudograph.errors import InvalidArgument, SudographError
from sudograph.generate import generate, generate_variant
from sudograph.graph import Graph, petersen_graph
from sudograph.grid import Grid
from sudograph.problem import (
    Problem,
    Result,
    Stats,
    is_proper_coloring,
    is_solution,
    is_whole,
)
from sudograph.solve import solve

P9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
PETERSEN3 = (1, 2, 1, 2, 3, 2, 1, 3, 3, 2)


# -- 1. a bool is no colour ----------------------------------------------------------------------
@pytest.mark.parametrize("vertex", [0, 4, 9])
@pytest.mark.parametrize("flag", [True, False, np.True_, np.False_], ids=repr)
@pytest.mark.parametrize("container", [tuple, list], ids=["tuple", "list"])
def test_is_proper_coloring_refuses_a_bool_colour(vertex: int, flag: Any, container: Any) -> None:
    """``(True, 2)`` was read as ``(1, 2)``: a proper colouring. A bool is refused as the
    other entry points refuse it (a precolouring, ``k``), as is any colour that is no whole
    number (the predicate raises on a malformed colouring: ``None``, ``1.5``)."""
    colours = list(PETERSEN3)
    colours[vertex] = flag
    message = f"coloring: vertex {vertex}: colour {flag!r} is not a whole number"
    with pytest.raises(InvalidArgument) as caught:
        is_proper_coloring(petersen_graph(), container(colours))
    assert str(caught.value) == message
    with pytest.raises(InvalidArgument) as caught:
        is_proper_coloring(petersen_graph(), container(colours), 3)
    assert str(caught.value) == message
    with pytest.raises(InvalidArgument) as caught:
        is_solution(Problem(petersen_graph(), 3), container(colours))
    assert str(caught.value) == message


def test_is_proper_coloring_names_the_first_colour_that_is_no_whole_number() -> None:
    g = Graph.from_edges(3, [(0, 1), (1, 2)])
    with pytest.raises(InvalidArgument, match=r"vertex 1: colour True is not"):
        is_proper_coloring(g, (300, True, 1.5))  # (300: no byte, compared one by one)
    with pytest.raises(InvalidArgument, match=r"vertex 2: colour 1\.5 is not"):
        is_proper_coloring(g, (300, 2, 1.5))


@pytest.mark.parametrize(
    "coloring",
    [
        PETERSEN3,
        list(PETERSEN3),
        np.array(PETERSEN3),
        np.array(PETERSEN3, dtype=np.uint8),
        tuple(np.int64(c) for c in PETERSEN3),
        (np.int16(1), *PETERSEN3[1:]),
    ],
    ids=["tuple", "list", "array", "uint8 array", "numpy ints", "one numpy int"],
)
def test_is_proper_coloring_still_takes_whole_numbers_of_any_integral_type(coloring: Any) -> None:
    assert is_proper_coloring(petersen_graph(), coloring) is True
    assert is_proper_coloring(petersen_graph(), coloring, 3) is True
    assert is_proper_coloring(petersen_graph(), coloring, 2) is False
    assert is_solution(Problem(petersen_graph(), 3), coloring) is True


def test_is_proper_coloring_answers_false_for_an_improper_colouring_of_ints() -> None:
    g = Graph.from_edges(2, [(0, 1)])
    assert is_proper_coloring(g, (1, 1)) is False
    assert is_proper_coloring(g, (1, 0)) is False
    assert is_proper_coloring(g, (1, 300)) is True
    assert is_proper_coloring(g, (1, 300), 9) is False


# -- 2. a result compares what it says ------------------------------------------------------------
@pytest.mark.parametrize("method", ["naive", "propagate", "fast", "sat"])
def test_two_solves_of_a_puzzle_by_a_deterministic_method_are_equal(method: str) -> None:
    grid = Grid.parse(P9)
    first, again = solve(grid, method), solve(grid, method)
    assert first.status == "solved"
    assert first == again
    assert first.stats == again.stats


def test_results_with_other_solutions_or_counters_differ() -> None:
    grid = Grid.parse(P9)
    result = solve(grid, "naive")
    assert result.stats.nodes > 0
    other = Result(
        result.status,
        [tuple(10 - c for c in result.solutions[0])],
        result.stats,
        result.method,
        complete=result.complete,
        grids=result.grids,
        puzzle=result.puzzle,
    )
    assert other != result  # another solution
    assert solve(grid, "propagate") != result  # another method, other counters
    assert solve(Grid.parse(P9.replace("3", ".", 1)), "naive") != result  # another puzzle


def test_stats_compare_their_counters_not_their_seconds() -> None:
    assert Stats(nodes=3, seconds=0.1) == Stats(nodes=3, seconds=2.0)
    assert Stats(nodes=3) != Stats(nodes=4)
    assert Stats(engine="houses") != Stats(engine="sat")
    for name in ("backtracks", "deductions", "attempts", "max_depth"):
        assert Stats(**{name: 1}) != Stats(), name
    timed = Result("solved", [(1, 2)], Stats(nodes=3, seconds=0.5), "naive", complete=True)
    again = Result("solved", [(1, 2)], Stats(nodes=3, seconds=0.7), "naive", complete=True)
    assert timed == again
    assert repr(timed) != repr(again)  # the seconds are shown all the same
    for changed in (
        {"reason": "node limit"},
        {"complete": False},
        {"count": 2},
        {"seed": 1},
        {"method": "mrv"},
        {"status": "stopped"},
    ):
        fields = {"status": "solved", "solutions": [(1, 2)], "method": "naive", "complete": True}
        assert Result(**{**fields, **changed}) != Result(**fields), changed


# -- 3. generate_variant's time up before a clue could go -----------------------------------------
@pytest.mark.parametrize(
    ("spec", "box", "symmetry", "asked"),
    [
        ("anti-knight", 3, None, "9x9 anti-knight"),
        ("x", 2, None, "4x4 x"),
        ("killer", 3, None, "9x9 killer"),
        ("x+anti-king", 3, "central", "9x9 x+anti-king, central symmetry"),
    ],
)
def test_generate_variant_out_of_time_is_an_error_not_the_full_grid(
    spec: str, box: int, symmetry: str | None, asked: str
) -> None:
    """It returned the full solution (every cell given) flagged as cut short; ``generate``
    raises, and so does it now, in the same words, naming the variant."""
    n = box * box
    with pytest.raises(SudographError) as caught:
        generate_variant(spec, box, symmetry=symmetry, seed=0, timeout=1e-9)
    message = str(caught.value)
    assert message.startswith(f"no puzzle found within 1e-09 s, 1 try: {asked} (")
    assert f"(the time was up before a clue of the full {n}x{n} grid could go)" in message
    assert "try a longer timeout (timeout=, or --timeout)" in message


def test_generate_variant_and_generate_say_the_same_when_no_clue_could_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib
    from types import SimpleNamespace

    gen = importlib.import_module("sudograph.generate")
    late = [False]

    def late_once_made(make: Any) -> Any:  # the clock jumps once the solution is made
        def made(*args: Any) -> Any:
            grid = make(*args)
            late[0] = True
            return grid

        return made

    monkeypatch.setattr(gen, "_full_grid", late_once_made(gen._full_grid))
    monkeypatch.setattr(gen, "_variant_solution", late_once_made(gen._variant_solution))
    monkeypatch.setattr(gen, "time", SimpleNamespace(perf_counter=lambda: 1e9 if late[0] else 0.0))
    with pytest.raises(SudographError) as classic:
        generate(3, timeout=1.0, seed=1)
    late[0] = False
    with pytest.raises(SudographError) as variant:
        generate_variant("x", 3, seed=1, timeout=1.0)
    assert str(variant.value) == str(classic.value).replace("9x9 (", "9x9 x (")


# -- 4. one test of "an integral number, not a bool" ------------------------------------------
@pytest.mark.parametrize("x", [0, 3, -2, 10**400, np.int8(1), np.int64(3), np.uint64(7)], ids=repr)
def test_is_whole_takes_integers_of_any_integral_type(x: Any) -> None:
    assert is_whole(x) is True


@pytest.mark.parametrize(
    "x",
    [True, False, np.True_, np.False_, 3.0, 2.5, np.float64(3), "3", b"3", None, [3], (3,)],
    ids=repr,
)
def test_is_whole_refuses_bools_and_non_integers(x: Any) -> None:
    assert is_whole(x) is False
