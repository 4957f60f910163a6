"""Faults a third QA pass of the logic solver found, each pinned: the public functions of
``sudograph.logic`` refuse a wrong-typed argument with :class:`InvalidArgument` (not an
AttributeError), ``Step.as_dict`` checks its alphabet as ``--alphabet`` does, and the rule of
45 says "outside it" of one cage."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sudograph.errors import InvalidArgument
from sudograph.formats.variant import read_variant_puzzle
from sudograph.grid import Grid, check_alphabet
from sudograph.logic import (
    Step,
    describe,
    explain,
    find_steps,
    grid_of,
    hint,
    next_step,
    rate,
    run,
    solve_logically,
)
from sudograph.problem import SolveOptions
from sudograph.solve import solve

EXAMPLES = Path(__file__).parents[1] / "examples" / "variants"
GRID = Grid.parse("4.3.1..42..3.1..")
BAD = [None, "4.3.1..42..3.1..", 5]
"""Wrong-typed arguments: nothing, the text of a grid, a number."""


def killer(name: str) -> Grid:
    return read_variant_puzzle((EXAMPLES / name).read_text())


# -- 1. wrong-typed arguments -------------------------------------------------------------------


@pytest.mark.parametrize("bad", BAD)
@pytest.mark.parametrize(
    ("call", "message"),
    [
        (describe, "describe takes a LogicResult (solve_logically makes one), got {}"),
        (grid_of, "grid_of takes a Problem, got {}"),
        (lambda x: run(x, SolveOptions()), "run takes a Problem, got {}"),
        (lambda x: run(GRID.problem, x), "options must be a SolveOptions, got {}"),
        # the functions that refused them already, for the same words
        (rate, "rate takes a Grid (Grid.parse reads one from text), got {}"),
        (explain, "explain takes a Grid (Grid.parse reads one from text), got {}"),
        (hint, "hint takes a Grid (Grid.parse reads one from text), got {}"),
        (next_step, "next_step takes a Grid (Grid.parse reads one from text), got {}"),
        (solve_logically, "solve_logically takes a Grid (Grid.parse reads one from text), got {}"),
        (
            lambda x: find_steps(x, "naked single"),
            "find_steps takes a Grid (Grid.parse reads one from text), got {}",
        ),
    ],
    ids=[
        "describe",
        "grid_of",
        "run-problem",
        "run-options",
        "rate",
        "explain",
        "hint",
        "next_step",
        "solve_logically",
        "find_steps",
    ],
)
def test_a_wrong_typed_argument_is_an_invalid_argument(
    call: Callable[[Any], object], message: str, bad: object
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        call(bad)
    assert str(caught.value) == message.format(type(bad).__name__)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            describe,
            "describe takes a LogicResult (solve_logically makes one), got Grid "
            "(explain(grid) gives its lines)",
        ),
        (grid_of, "grid_of takes a Problem, got Grid (give its .problem)"),
        (lambda g: run(g, SolveOptions()), "run takes a Problem, got Grid (give its .problem)"),
    ],
    ids=["describe", "grid_of", "run"],
)
def test_a_grid_where_another_object_is_due_says_what_to_give(
    call: Callable[[Any], object], message: str
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        call(GRID)
    assert str(caught.value) == message


def test_the_right_arguments_still_work() -> None:
    assert describe(solve_logically(GRID)) == explain(GRID)
    assert grid_of(GRID.problem) == GRID
    result = run(GRID.problem, SolveOptions())
    assert result.status == "solved" and result.grid == solve(GRID, "logic").grid


# -- 2. Step.as_dict checks its alphabet --------------------------------------------------------


@pytest.mark.parametrize(
    "alphabet",
    ["AB", "ABCDE", "AABC", "AB.D", "AB D", "ABC|"],
    ids=["too-few", "too-many", "repeated", "empty-mark", "blank", "ruler"],
)
def test_as_dict_refuses_an_alphabet_the_grid_would_refuse(alphabet: str) -> None:
    with pytest.raises(InvalidArgument) as expected:
        check_alphabet(4, alphabet)  # what --alphabet and Grid say
    steps = solve_logically(GRID).steps
    assert {s.technique for s in steps} == {"naked single"} and len(steps) == 9
    for step in steps:  # every step, whatever its digits (1 and 2 fit in "AB")
        with pytest.raises(InvalidArgument) as caught:
            step.as_dict(alphabet)
        assert str(caught.value) == str(expected.value)


def test_as_dict_of_the_qa_case_names_the_alphabet_and_the_symbols_due() -> None:
    step = next_step(GRID)
    assert step is not None
    with pytest.raises(InvalidArgument, match=re.escape("alphabet 'AB' must have 4 distinct")):
        step.as_dict("AB")


@pytest.mark.parametrize("alphabet", [5, ["A", "B", "C", "D"], b"ABCD"])
def test_as_dict_refuses_an_alphabet_that_is_no_string(alphabet: object) -> None:
    step = next_step(GRID)
    assert step is not None
    with pytest.raises(InvalidArgument) as caught:
        step.as_dict(alphabet)  # type: ignore[arg-type]
    assert str(caught.value) == f"alphabet must be a string, got {alphabet!r}"


@pytest.mark.parametrize(
    ("get", "alphabet"),
    [
        (lambda g: next_step(g), "ABCD"),
        (lambda g: hint(g)[-1], "wxyz"),
        (lambda g: find_steps(g, "hidden single")[0], "1234"),
        (lambda g: solve_logically(g).steps[-1], "ABCD"),
    ],
    ids=["next_step", "hint", "find_steps", "solve_logically"],
)
def test_as_dict_writes_the_symbols_of_a_good_alphabet(
    get: Callable[[Grid], Step], alphabet: str
) -> None:
    step = get(GRID)
    assert step.n == 4
    out = step.as_dict(alphabet)
    assert out["symbols"] == [alphabet[d - 1] for d in step.digits]
    assert "symbols" not in step.as_dict() and "symbols" not in step.as_dict("")


@pytest.mark.parametrize(
    ("alphabet", "message"),
    [
        ("AB", "alphabet 'AB' must have 3 distinct symbols, not 2"),
        ("AAB", "alphabet 'AAB' must have 3 distinct symbols, not 2"),
        ("A.C", "alphabet 'A.C' uses '.': whitespace and"),
    ],
)
def test_a_step_made_by_hand_needs_a_symbol_for_each_digit(alphabet: str, message: str) -> None:
    step = Step("naked single", (0,), (1,), placements=((0, 3),))
    assert step.n == 0
    with pytest.raises(InvalidArgument, match=re.escape(message)):
        step.as_dict(alphabet)
    assert step.as_dict("ABC")["symbols"] == ["A"]
    assert step.as_dict("ABCDEFGHI")["symbols"] == ["A"]  # its grid's side is unknown


def test_the_grid_side_of_a_step_is_not_compared() -> None:
    step = next_step(GRID)
    assert step is not None and step.n == 4
    by_hand = Step(
        step.technique, step.cells, step.digits, step.eliminations, step.placements, step.text
    )
    assert by_hand == step and hash(by_hand) == hash(step) and repr(by_hand) == repr(step)


# -- 3. the rule of 45 says "outside it" of one cage --------------------------------------------


@pytest.mark.parametrize(
    ("puzzle", "technique", "text"),
    [
        (  # one cage: the row's placed digits lie outside the cage (not 'outside it': the row)
            "killer_4x4.txt",
            "innies",
            "row 1 adds up to 10, the cage 1 inside it to 5 and its placed digits outside the "
            "cage to 3, so r1c2 is 2",
        ),
        (  # several cages: outside the cages
            "killer.txt",
            "innies",
            "box 4 adds up to 45, the cages 8, 9 inside it to 37 and its placed digits outside "
            "the cages to 2, so r6c3 is 6",
        ),
        (  # several cages covering the column: their digits outside it
            "killer_4x4.txt",
            "outies",
            "column 1 adds up to 10, the cages 2, 3 covering it to 19 and their placed digits "
            "outside it to 4, so r4c2, r4c4 add up to 5: {2,3}, which removes 1 from r4c2, r4c4",
        ),
    ],
    ids=["innies-one-cage", "innies-several-cages", "outies-several-cages"],
)
def test_rule_of_45_sentence(puzzle: str, technique: str, text: str) -> None:
    texts = [s.text for s in find_steps(killer(puzzle), technique)]
    assert text in texts


def test_rule_of_45_one_cage_step_of_the_4x4_example_is_the_first_hint() -> None:
    grid = killer("killer_4x4.txt")
    steps = hint(grid, ["naked single", "hidden single", "innies"])
    assert steps[0].technique == "innies"
    assert steps[0].text.endswith("its placed digits outside the cage to 3, so r1c2 is 2")


@pytest.mark.parametrize(
    "grid",
    [
        killer("killer_4x4.txt"),
        killer("killer.txt"),
    ],
    ids=["killer_4x4", "killer"],
)
def test_rule_of_45_words_agree_with_the_number_of_cages(grid: Grid) -> None:
    path = solve_logically(grid).steps
    steps = [*find_steps(grid, "innies"), *find_steps(grid, "outies"), *path]
    said = [s.text for s in steps if "placed digits" in s.text]
    assert said
    for text in said:
        several = text.split(", the ", 1)[1].startswith("cages ")
        if " inside it " in text:  # innies: the house's digits outside the cage(s)
            want = "its placed digits outside the cage" + "s" * several + " to"
        else:  # outies: the cage's (cages') digits outside the house
            want = "their placed digits outside it" if several else "its placed digits outside it"
        assert want in text, text


def test_a_sum_step_that_places_names_the_placed_digit_only() -> None:
    """A rule-of-45 step placing a digit listed the digits it would have removed from the
    cell as well (``digits=(1, 2, 4)`` for placing a 4), where a naked single lists one."""
    seen = 0
    for path in ("killer_4x4.txt", "killer.txt"):
        grid = read_variant_puzzle((EXAMPLES / path).read_text())
        for technique in ("innies", "outies"):
            for step in find_steps(grid, technique):
                if step.placements:
                    seen += 1
                    assert step.digits == tuple(sorted({d for _, d in step.placements}))
                else:
                    assert step.digits == tuple(sorted({d for _, d in step.eliminations}))
    assert seen
