"""The human-style logic solver: each technique on a pattern that needs it, with exactly the
expected eliminations; soundness on the public sets; ratings; the ``logic`` method runner."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from statistics import mean

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument, InvalidPuzzle
from sudograph.generate import generate
from sudograph.graph import petersen_graph
from sudograph.grid import Grid
from sudograph.logic import (
    STALLED_SCORE,
    TECHNIQUES,
    TRIAL,
    Step,
    explain,
    find_steps,
    grid_of,
    next_step,
    rate,
    run,
    solve_logically,
)
from sudograph.problem import Problem, SolveOptions, is_solution
from sudograph.solve import solve

DATA = Path(__file__).parent / "data" / "sudoku"
N = 9
ALL = set(range(1, 10))


def read(name: str) -> list[Grid]:
    return [Grid.parse(line) for line in (DATA / name).read_text().splitlines() if line.strip()]


def cell(r: int, c: int) -> int:
    """0-based index of r{r}c{c} (1-based row and column, as in the step texts)."""
    return (r - 1) * N + (c - 1)


def row(r: int) -> list[int]:
    return [cell(r, c) for c in range(1, 10)]


def col(c: int) -> list[int]:
    return [cell(r, c) for r in range(1, 10)]


def box(b: int) -> list[int]:
    br, bc = 3 * ((b - 1) // 3), 3 * ((b - 1) % 3)
    return [cell(br + r, bc + c) for r in range(1, 4) for c in range(1, 4)]


Cands = list[set[int]]


def full() -> Cands:
    return [set(ALL) for _ in range(81)]


def confine(cands: Cands, digit: int, house: list[int], keep: list[int]) -> Cands:
    """Remove ``digit`` from every cell of ``house`` but ``keep``."""
    for i in house:
        if i not in keep:
            cands[i].discard(digit)
    return cands


def set_cells(cands: Cands, values: dict[int, set[int]]) -> Cands:
    for i, ds in values.items():
        cands[i] = set(ds)
    return cands


def elims_of(technique: str, cands: Cands) -> set[tuple[int, int]]:
    """All eliminations the technique finds on an empty 9x9 grid with these candidates."""
    steps = find_steps(Grid.empty(3), technique, cands)
    assert all(s.technique == technique for s in steps)
    return {e for s in steps for e in s.eliminations}


# -- singles ------------------------------------------------------------------------------------


def test_naked_single_places_the_last_digit() -> None:
    grid = Grid.parse("12345678." + "." * 72)
    steps = find_steps(grid, "naked single")
    assert [s.placements for s in steps] == [((8, 9),)]
    assert steps[0].text == "r1c9: 9 is the only candidate left in the cell"


def test_hidden_single_in_a_box() -> None:
    cands = confine(full(), 5, box(1), [cell(2, 2)])
    steps = find_steps(Grid.empty(3), "hidden single", cands)
    assert {p for s in steps for p in s.placements} == {(cell(2, 2), 5)}
    assert steps[0].text == "r2c2: 5 is the only place for 5 in box 1"


# -- intersections ------------------------------------------------------------------------------


def test_pointing_removes_the_digit_from_the_rest_of_the_row() -> None:
    cands = confine(full(), 7, box(1), [cell(1, 1), cell(1, 2)])
    expected = {(cell(1, c), 7) for c in range(4, 10)}
    assert elims_of("pointing", cands) == expected


def test_box_line_reduction_removes_the_digit_from_the_rest_of_the_box() -> None:
    cands = confine(full(), 7, row(1), [cell(1, 1), cell(1, 2), cell(1, 3)])
    expected = {(cell(r, c), 7) for r in (2, 3) for c in (1, 2, 3)}
    assert elims_of("box-line reduction", cands) == expected


# -- subsets ------------------------------------------------------------------------------------

SUBSETS: list[tuple[str, Callable[[], Cands], set[tuple[int, int]]]] = [
    (
        "naked pair",
        lambda: set_cells(full(), {cell(1, 1): {1, 2}, cell(1, 2): {1, 2}}),
        {(i, d) for i in row(1)[2:] for d in (1, 2)}
        | {(i, d) for i in box(1) if i not in (cell(1, 1), cell(1, 2)) for d in (1, 2)},
    ),
    (
        "naked triple",
        lambda: set_cells(full(), {cell(1, 1): {1, 2}, cell(1, 5): {2, 3}, cell(1, 9): {1, 3}}),
        {
            (i, d)
            for i in row(1)
            if i not in (cell(1, 1), cell(1, 5), cell(1, 9))
            for d in (1, 2, 3)
        },
    ),
    (
        "naked quad",
        lambda: set_cells(
            full(),
            {cell(1, 1): {1, 2}, cell(1, 2): {2, 3}, cell(1, 3): {3, 4}, cell(1, 4): {1, 4}},
        ),
        {(cell(1, c), d) for c in range(5, 10) for d in (1, 2, 3, 4)},
    ),
]


def _hidden(digits: tuple[int, ...], cells: list[int]) -> Cands:
    cands = full()
    for d in digits:
        confine(cands, d, row(1), cells)
    return cands


HIDDEN: list[tuple[str, tuple[int, ...], list[int]]] = [
    ("hidden pair", (8, 9), [cell(1, 1), cell(1, 5)]),
    ("hidden triple", (7, 8, 9), [cell(1, 1), cell(1, 5), cell(1, 9)]),
    ("hidden quad", (6, 7, 8, 9), [cell(1, 1), cell(1, 4), cell(1, 5), cell(1, 9)]),
]


@pytest.mark.parametrize(("technique", "make", "expected"), SUBSETS)
def test_naked_subsets_remove_their_digits_from_the_house(
    technique: str, make: Callable[[], Cands], expected: set[tuple[int, int]]
) -> None:
    assert elims_of(technique, make()) == expected


@pytest.mark.parametrize(("technique", "digits", "cells"), HIDDEN)
def test_hidden_subsets_clear_their_cells(
    technique: str, digits: tuple[int, ...], cells: list[int]
) -> None:
    expected = {(i, d) for i in cells for d in ALL - set(digits)}
    assert elims_of(technique, _hidden(digits, cells)) == expected


# -- fish ---------------------------------------------------------------------------------------

FISH: list[tuple[str, dict[int, list[int]]]] = [
    ("x-wing", {1: [2, 7], 5: [2, 7]}),
    ("swordfish", {1: [1, 4], 4: [4, 7], 7: [1, 7]}),
    ("jellyfish", {1: [2, 4], 3: [4, 6], 5: [6, 8], 7: [2, 8]}),
]


@pytest.mark.parametrize(("technique", "rows"), FISH)
def test_fish_remove_the_digit_from_the_cover_columns(
    technique: str, rows: dict[int, list[int]]
) -> None:
    cands = full()
    for r, cols in rows.items():
        confine(cands, 1, row(r), [cell(r, c) for c in cols])
    covers = {c for cols in rows.values() for c in cols}
    expected = {(cell(r, c), 1) for c in covers for r in range(1, 10) if r not in rows}
    assert elims_of(technique, cands) == expected


@pytest.mark.parametrize(("technique", "rows"), FISH)
def test_fish_work_on_columns_too(technique: str, rows: dict[int, list[int]]) -> None:
    cands = full()
    for c, rs in rows.items():  # the same pattern, transposed
        confine(cands, 1, col(c), [cell(r, c) for r in rs])
    covers = {r for rs in rows.values() for r in rs}
    expected = {(cell(r, c), 1) for r in covers for c in range(1, 10) if c not in rows}
    assert elims_of(technique, cands) == expected


# -- wings and colouring ------------------------------------------------------------------------


def test_xy_wing_removes_z_from_cells_seeing_both_pincers() -> None:
    cands = set_cells(full(), {cell(1, 1): {1, 2}, cell(1, 5): {1, 3}, cell(5, 1): {2, 3}})
    steps = find_steps(Grid.empty(3), "xy-wing", cands)
    assert {e for s in steps for e in s.eliminations} == {(cell(5, 5), 3)}
    assert steps[0].cells == (cell(1, 1), cell(1, 5), cell(5, 1))


def test_simple_colouring_trap() -> None:
    # conjugate chain on 1: r1c1 =box1= r3c3 =col3= r8c3 =row8= r8c7, colours A B A B;
    # r1c7 sees r1c1 (A) and r8c7 (B), so it cannot be 1.
    cands = full()
    confine(cands, 1, box(1), [cell(1, 1), cell(3, 3)])
    confine(cands, 1, col(3), [cell(3, 3), cell(8, 3)])
    confine(cands, 1, row(8), [cell(8, 3), cell(8, 7)])
    steps = find_steps(Grid.empty(3), "simple colouring", cands)
    assert [s.eliminations for s in steps] == [((cell(1, 7), 1),)]
    assert "colour trap" in steps[0].text


def test_simple_colouring_wrap() -> None:
    # r1c1 (A) =row1= r1c5 (B) =col5= r5c5 (A) =row5= r5c2 (B) =col2= r2c2 (A);
    # r2c2 and r1c1 share box 1 and colour A: A is false.
    cands = full()
    confine(cands, 1, row(1), [cell(1, 1), cell(1, 5)])
    confine(cands, 1, col(5), [cell(1, 5), cell(5, 5)])
    confine(cands, 1, row(5), [cell(5, 5), cell(5, 2)])
    confine(cands, 1, col(2), [cell(5, 2), cell(2, 2)])
    steps = [s for s in find_steps(Grid.empty(3), "simple colouring", cands) if "wrap" in s.text]
    assert len(steps) == 1
    assert set(steps[0].eliminations) == {(cell(1, 1), 1), (cell(5, 5), 1), (cell(2, 2), 1)}


# -- soundness and the solver -------------------------------------------------------------------


def solution_of(grid: Grid) -> tuple[int, ...]:
    result = solve(grid, limit=2)
    assert result.complete and len(result.solutions) == 1
    return result.solutions[0]


@pytest.mark.parametrize("name", ["norvig_top95.txt", "norvig_hardest.txt"])
def test_every_step_keeps_the_solution(name: str) -> None:
    """No elimination removes the true digit, every placement writes it."""
    for grid in read(name):
        truth = solution_of(grid)
        result = solve_logically(grid)
        for step in result.steps:
            assert all(truth[i] != d for i, d in step.eliminations), step.text
            assert all(truth[i] == d for i, d in step.placements), step.text
        for i, d in enumerate(result.grid.values):
            assert d in (0, truth[i])


def test_easy50_solved_by_logic_alone() -> None:
    grids = read("norvig_easy50.txt")
    assert len(grids) == 50
    for grid in grids:
        result = solve_logically(grid)
        assert result.solved
        assert result.grid.is_solution_of(grid)


def test_step_texts_name_the_cells() -> None:
    grid = read("norvig_easy50.txt")[0]
    lines = explain(grid)
    assert lines[0].startswith("1. ")
    assert all("r" in line and "c" in line for line in lines)
    step = next_step(grid)
    assert step is not None and step.placements


def test_ratings_rise_from_easy_to_hardest() -> None:
    easy = mean(rate(g).score for g in read("norvig_easy50.txt"))
    top = mean(rate(g).score for g in read("norvig_top95.txt"))
    hardest = mean(rate(g).score for g in read("norvig_hardest.txt"))
    assert easy < 2.0 < top
    assert easy < hardest


def stalled_puzzle() -> Grid:
    return next(g for g in read("norvig_top95.txt") if not solve_logically(g).solved)


def test_rating_of_a_stalled_puzzle() -> None:
    grid = stalled_puzzle()
    r = rate(grid)
    assert not r.solved and r.technique == TRIAL
    assert r.score >= STALLED_SCORE and r.guesses >= 1


@pytest.mark.parametrize(
    ("guesses", "work", "capped"),
    [(100_000, 3_000_000, False), (1, 3_000_000, True), (100_000, 0, True)],
)
def test_the_rating_search_has_a_budget(
    monkeypatch: pytest.MonkeyPatch, guesses: int, work: int, capped: bool
) -> None:
    """A stalled puzzle's search stops at ``RATE_GUESSES`` or ``RATE_WORK`` (work, not
    seconds: the same on any machine): flagged, its guesses a lower bound of the full
    search's (the score with them)."""
    import sudograph.logic as logic

    grid = stalled_puzzle()
    full = rate(grid)
    monkeypatch.setattr(logic, "RATE_GUESSES", guesses)
    monkeypatch.setattr(logic, "RATE_WORK", work)
    r = rate(grid)
    assert r.capped == capped and r.as_dict()["capped"] == capped
    assert r.guesses == full.guesses if not capped else r.guesses <= min(guesses, full.guesses)
    assert r.score == round(STALLED_SCORE + math.log10(1 + r.guesses), 2) <= full.score


def test_rating_names_the_hardest_technique() -> None:
    for grid in read("norvig_easy50.txt")[:10]:
        r = rate(grid)
        used = {s.technique for s in solve_logically(grid).steps}
        assert r.technique in used
        assert r.score == max(TECHNIQUES[t] for t in used)


@pytest.mark.parametrize(
    ("box", "line"),
    [
        ((2, 2), "4.3.1..42..3.1.."),
        ((2, 3), "....62..5.1.4..1....6..5.3.2..54...."),
    ],
)
def test_other_box_shapes(box: tuple[int, int], line: str) -> None:
    grid = Grid.parse(line, box=box)
    result = solve_logically(grid)
    assert result.solved and result.grid.is_solution_of(grid)


def test_restricted_techniques_stall() -> None:
    grid = read("norvig_easy50.txt")[0]
    assert not solve_logically(grid, ["naked single"]).solved or all(
        s.technique == "naked single" for s in solve_logically(grid).steps
    )
    with pytest.raises(InvalidArgument):
        solve_logically(grid, ["guessing"])


def test_clashing_clues_are_reported() -> None:
    with pytest.raises(InvalidPuzzle):
        next_step(Grid.parse("11" + "." * 79))


def test_contradiction_is_found() -> None:
    # r1c9 can be neither 1..8 (row) nor 9 (column): no solution.
    grid = Grid.parse("12345678." + "........9" + "." * 63)
    result = solve_logically(grid)
    assert result.contradiction and not result.solved


# -- the runner of method "logic" ---------------------------------------------------------------


def test_run_solves_easy_puzzles() -> None:
    grid = read("norvig_easy50.txt")[1]
    r = run(grid.problem, SolveOptions())
    assert r.status == "solved" and r.method == "logic"
    assert is_solution(grid.problem, r.solutions[0])
    assert r.stats.deductions == len(solve_logically(grid).steps)


def test_run_stops_when_logic_stalls() -> None:
    grid = stalled_puzzle()
    r = run(grid.problem, SolveOptions())
    assert r.status == "stopped" and r.reason == "logic stalled" and not r.solutions


def test_run_rejects_other_graphs() -> None:
    with pytest.raises(InvalidArgument):
        run(Problem(petersen_graph(), 3), SolveOptions())


def test_grid_of_finds_non_square_boxes() -> None:
    grid = Grid.parse("....62..5.1.4..1....6..5.3.2..54....", box=(2, 3))
    assert grid_of(grid.problem).box == (2, 3)
    assert grid_of(Grid.empty((3, 2)).problem).box == (3, 2)


def test_docs_examples_run() -> None:
    import doctest

    page = Path(__file__).parents[1] / "docs" / "logic.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.attempted >= 2 and result.failed == 0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), box=st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3)]))
def test_steps_are_sound_on_generated_puzzles(seed: int, box: tuple[int, int]) -> None:
    """Law: on a puzzle with one solution, no step removes or contradicts the true digit."""
    puzzle = generate(box, seed=seed)
    truth = solution_of(puzzle)
    result = solve_logically(puzzle)
    assert not result.contradiction
    for step in result.steps:
        assert all(truth[i] != d for i, d in step.eliminations), step.text
        assert all(truth[i] == d for i, d in step.placements), step.text
    assert not result.solved or result.grid.values == truth


def test_method_logic_through_solve() -> None:
    from sudograph.solve import solve

    grid = read("norvig_easy50.txt")[2]
    r = solve(grid, "logic")
    assert r.status == "solved" and r.grid is not None and r.grid.is_solution_of(grid)
    stuck = solve(stalled_puzzle(), "logic")
    assert stuck.status == "stopped" and stuck.reason == "logic stalled"


# -- step texts ---------------------------------------------------------------------------------


def _pattern_steps() -> list[Step]:
    """One hand-made pattern per technique of the classic grid (those of the tests above)."""
    patterns: list[tuple[str, Cands]] = [
        ("pointing", confine(full(), 7, box(1), [cell(1, 1), cell(1, 2)])),
        ("box-line reduction", confine(full(), 7, row(1), [cell(1, 1), cell(1, 2), cell(1, 3)])),
        *((t, make()) for t, make, _ in SUBSETS),
        *((t, _hidden(digits, cells)) for t, digits, cells in HIDDEN),
        (
            "xy-wing",
            set_cells(full(), {cell(1, 1): {1, 2}, cell(1, 5): {1, 3}, cell(5, 1): {2, 3}}),
        ),
    ]
    for t, rows in FISH:
        cands = full()
        for r, cols in rows.items():
            confine(cands, 1, row(r), [cell(r, c) for c in cols])
        patterns.append((t, cands))
    wrap = full()
    for house, keep in ((row(1), [(1, 1), (1, 5)]), (col(5), [(1, 5), (5, 5)]),
                        (row(5), [(5, 5), (5, 2)]), (col(2), [(5, 2), (2, 2)])):  # fmt: skip
        confine(wrap, 1, house, [cell(r, c) for r, c in keep])
    patterns.append(("simple colouring", wrap))
    steps = [s for t, cands in patterns for s in find_steps(Grid.empty(3), t, cands)]
    steps += find_steps(Grid.parse("12345678." + "." * 72), "naked single")
    steps += find_steps(Grid.empty(3), "hidden single", confine(full(), 5, box(1), [cell(2, 2)]))
    return steps


def test_step_texts_leave_the_technique_name_to_the_caller() -> None:
    """``hint`` and ``explain`` print ``technique: text``: no text names its technique again
    (``hidden pair: hidden pair: in column 9 ...`` was printed), on every classic technique
    (hand-made patterns, and the path of every puzzle of two hard sets)."""
    steps = _pattern_steps()
    for name in ("norvig_top95.txt", "norvig_hardest.txt"):
        steps += [s for g in read(name) for s in solve_logically(g).steps]
    killer_only = {"cage combination", "innies", "outies"}  # tests/test_logic_variants.py
    assert {s.technique for s in steps} == set(TECHNIQUES) - killer_only
    for s in steps:
        assert s.text and not s.text.startswith(s.technique), s.text
        assert s.technique not in s.text, s.text


def test_explain_and_hint_print_the_technique_once(capsys: pytest.CaptureFixture[str]) -> None:
    from sudograph.cli import main

    # top95 #4, solved by logic with naked and hidden pairs, a naked triple, simple colouring
    line = (DATA / "norvig_top95.txt").read_text().split()[4]
    assert main(["explain", line]) == 0
    out = capsys.readouterr().out
    lines = [ln.split(". ", 1)[1] for ln in out.splitlines() if ln.split(". ")[0].isdigit()]
    assert len(lines) == 85 and "solved in 85 steps:" in out
    techniques = [ln.split(": ", 1)[0] for ln in lines]
    assert {"naked pair", "hidden pair", "naked triple", "simple colouring"} <= set(techniques)
    for ln, t in zip(lines, techniques, strict=True):
        assert ln.count(t) == 1, ln
    assert main(["hint", line]) == 0
    (hint,) = capsys.readouterr().out.splitlines()
    assert hint == lines[0]


@pytest.mark.parametrize(("guesses", "said"), [(1, "at least 1 guess)"), (100_000, "guesses")])
def test_cli_rate_says_when_its_search_was_capped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, guesses: int, said: str
) -> None:
    import sudograph.logic as logic
    from sudograph.cli import main

    monkeypatch.setattr(logic, "RATE_GUESSES", guesses)
    assert main(["rate", stalled_puzzle().to_line()]) == 0
    out = capsys.readouterr().out
    assert said in out and ("at least" in out) == (guesses == 1)
    assert main(["rate", stalled_puzzle().to_line(), "--json"]) == 0
    assert f'"capped": {"true" if guesses == 1 else "false"}' in capsys.readouterr().out
