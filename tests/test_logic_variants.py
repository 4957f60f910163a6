"""The logic solver on variants: every step agrees with the solution (bundled examples,
generated puzzles, random clue subsets of variant solutions), the words name the house kind,
eliminations come from any edge, cage combinations, ratings, the ``logic`` runner and the
``hint``/``explain``/``rate`` commands on variant files."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA
from sudograph.cli import main
from sudograph.formats.variant import read_variant_puzzle
from sudograph.generate import generate_variant
from sudograph.grid import Grid
from sudograph.logic import (
    TECHNIQUES,
    TRIAL,
    Step,
    find_steps,
    grid_of,
    hint,
    next_step,
    rate,
    run,
    solve_logically,
)
from sudograph.problem import SolveOptions, is_solution
from sudograph.solve import solve
from sudograph.variants import Variant, check_solution, parse_regions

EXAMPLES = sorted((Path(__file__).parents[1] / "examples" / "variants").glob("*.txt"))
N = 9


def cell(r: int, c: int, n: int = N) -> int:
    """0-based index of r{r}c{c} (1-based, as in the step texts)."""
    return (r - 1) * n + (c - 1)


def jigsaw(n: int) -> Variant:
    text = (DATA / "variants" / f"jigsaw{n}.regions").read_text()
    return Variant(("jigsaw",), parse_regions(text, n))


def the_solution(grid: Grid) -> tuple[int, ...]:
    """The only solution of ``grid`` (reference engine, cages read), checked by the rules."""
    sols = solve(grid, "propagate", limit=2, engine="python").solutions
    assert len(sols) == 1
    assert grid.variant is None or check_solution(grid.variant, grid.box, sols[0]) == []
    return tuple(sols[0])


def assert_agrees(steps: list[Step], solution: tuple[int, ...]) -> None:
    """No step removes the solution's digit from its cell or writes another digit."""
    for step in steps:
        assert step.technique in TECHNIQUES
        assert step.technique not in step.text, step.text  # the caller prints it before
        assert step.eliminations or step.placements
        for i, d in step.eliminations:
            assert solution[i] != d, step.text
        for i, d in step.placements:
            assert solution[i] == d, step.text


# -- soundness ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_step_on_the_bundled_examples_agrees_with_the_solution(path: Path) -> None:
    grid = read_variant_puzzle(path.read_text(), source=str(path))
    solution = the_solution(grid)
    result = solve_logically(grid)
    assert_agrees(result.steps, solution)
    assert not result.contradiction
    filled = [i for i, d in enumerate(result.grid.values) if d]
    assert all(result.grid.values[i] == solution[i] for i in filled)
    assert result.solved == (result.grid.values == solution)
    assert rate(grid).solved == result.solved


GENERATED = [
    ("x", 2),
    ("x", (2, 3)),
    ("windoku", 3),
    ("disjoint", (2, 3)),
    ("centre-dot", 3),
    ("asterisk", 3),
    ("anti-knight", 3),
    ("anti-king", (2, 3)),
    ("killer", 2),
    ("killer", (2, 3)),
    ("killer+x", 3),
    ("x+anti-king", 3),
    ("jigsaw6", (2, 3)),
    ("jigsaw9", 3),
]


def make(spec: str, box: int | tuple[int, int], seed: int) -> Grid:
    if spec.startswith("jigsaw"):
        return generate_variant(jigsaw(int(spec[6:])), box, seed=seed)
    return generate_variant(spec, box, seed=seed)


@pytest.mark.parametrize(("spec", "box"), GENERATED)
def test_every_step_on_generated_variant_puzzles_agrees_with_the_solution(
    spec: str, box: int | tuple[int, int]
) -> None:
    for seed in (1, 2):
        grid = make(spec, box, seed)
        solution = the_solution(grid)
        result = solve_logically(grid)
        assert_agrees(result.steps, solution)
        if result.solved:
            assert result.grid.values == solution
        r = rate(grid)
        assert r.solved == result.solved and r.steps == len(result.steps)
        if r.solved:
            assert r.score == max(TECHNIQUES[s.technique] for s in result.steps)
        else:
            assert r.technique == TRIAL and r.score >= 6


SOLUTIONS = {spec: make(spec, box, 5) for spec, box in GENERATED}


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from(sorted(SOLUTIONS)), seed=st.integers(0, 10**6))
def test_steps_agree_with_a_solution_of_any_clue_subset(spec: str, seed: int) -> None:
    """Any subset of a solution's digits is a puzzle (perhaps with many solutions) that the
    solution still solves: a sound technique never contradicts it."""
    puzzle = SOLUTIONS[spec]
    solution = the_solution(puzzle)
    rng = random.Random(seed)
    keep = rng.uniform(0.25, 0.7)
    values = [d if rng.random() < keep else 0 for d in solution]
    grid = puzzle.with_values(values)
    result = solve_logically(grid, timeout=5)
    assert_agrees(result.steps, solution)
    assert not result.contradiction


# -- the words and the edges --------------------------------------------------------------------


def empty(variant: str | Variant, box: int = 3) -> Grid:
    n = box * box
    return Grid.parse("." * (n * n), variant=variant)


def only(digit: int, keep: list[int], house: list[int]) -> list[set[int]]:
    """Candidates of an empty 9x9 grid with ``digit`` only in ``keep`` among ``house``."""
    cands = [set(range(1, 10)) for _ in range(81)]
    for i in house:
        if i not in keep:
            cands[i].discard(digit)
    return cands


DIAGONAL = [cell(k, k) for k in range(1, 10)]
ANTI = [cell(k, 10 - k) for k in range(1, 10)]


@pytest.mark.parametrize(
    ("variant", "house", "name"),
    [
        ("x", DIAGONAL, "the main diagonal"),
        ("x", ANTI, "the anti-diagonal"),
        ("windoku", [cell(r, c) for r in (2, 3, 4) for c in (2, 3, 4)], "window 1"),
        ("disjoint", [cell(r, c) for r in (1, 4, 7) for c in (1, 4, 7)], "disjoint group 1"),
        ("centre-dot", [cell(r, c) for r in (2, 5, 8) for c in (2, 5, 8)], "the centre dots"),
        ("asterisk", [cell(r + 1, c + 1) for r, c in ((1, 4), (2, 2), (2, 6), (4, 1), (4, 4),
                                                       (4, 7), (6, 2), (6, 6), (7, 4))],
         "the asterisk"),
    ],
)  # fmt: skip
def test_hidden_single_names_the_extra_house(variant: str, house: list[int], name: str) -> None:
    target = house[4]
    steps = find_steps(empty(variant), "hidden single", only(6, [target], house))
    assert [s.placements for s in steps] == [((target, 6),)]
    assert steps[0].text.endswith(f"is the only place for 6 in {name}")


def test_hidden_single_names_a_jigsaw_region() -> None:
    v = jigsaw(9)
    assert v.regions is not None
    region = [i for i in range(81) if v.regions[i] == 3]
    steps = find_steps(
        Grid.parse("." * 81, variant=v), "hidden single", only(2, region[:1], region)
    )
    assert steps[0].placements == ((region[0], 2),)
    assert steps[0].text.endswith("in region 4")


def test_pointing_from_a_box_into_the_diagonal() -> None:
    # in box 1, 4 lies only on the main diagonal: the rest of the diagonal loses it
    cands = only(4, [cell(1, 1), cell(3, 3)], [cell(r, c) for r in (1, 2, 3) for c in (1, 2, 3)])
    steps = find_steps(empty("x"), "pointing", cands)
    assert {e for s in steps for e in s.eliminations} == {(i, 4) for i in DIAGONAL[3:]}
    assert "in box 1, 4 lies only in the main diagonal (r1c1, r3c3)" in steps[0].text


def test_pointing_from_the_diagonal_into_a_box() -> None:
    # 8 on the main diagonal only in box 5 is a locked candidate of a non-line house: pointing
    cands = only(8, [cell(4, 4), cell(6, 6)], DIAGONAL)
    box5 = {cell(r, c) for r in (4, 5, 6) for c in (4, 5, 6)}
    steps = find_steps(empty("x"), "pointing", cands)
    assert {e for s in steps for e in s.eliminations} == {(i, 8) for i in box5 - set(DIAGONAL)}


@pytest.mark.parametrize(
    ("variant", "clue", "near"),
    [
        ("anti-knight", cell(5, 5), cell(3, 4)),
        ("anti-knight", cell(5, 5), cell(6, 7)),
        ("anti-king", cell(3, 3), cell(4, 4)),
        ("anti-king", cell(6, 4), cell(7, 3)),
    ],
)
def test_a_placed_digit_leaves_its_knight_and_king_neighbours(
    variant: str, clue: int, near: int
) -> None:
    # the neighbour, left with {7, 8}, sees the 7 only by the variant's move
    line = "".join("7" if i == clue else "." for i in range(81))
    cands = [set(range(1, 10)) for _ in range(81)]
    cands[near] = {7, 8}
    steps = find_steps(Grid.parse(line, variant=variant), "naked single", cands)
    assert [s.placements for s in steps] == [((near, 8),)]
    assert find_steps(Grid.parse(line), "naked single", cands) == []


def test_pointing_through_knight_moves_names_the_cells_seen() -> None:
    # in box 1, 5 lies only in r1c1 and r2c2; r1c4 and r4c1 see both (a row or a column and
    # a knight's move), although no house holds both places and them
    cands = only(5, [cell(1, 1), cell(2, 2)], [cell(r, c) for r in (1, 2, 3) for c in (1, 2, 3)])
    steps = find_steps(empty("anti-knight"), "pointing", cands)
    assert {e for s in steps for e in s.eliminations} == {(cell(1, 4), 5), (cell(4, 1), 5)}
    assert "the places of 5 (r1c1, r2c2) all see r1c4, r4c1" in steps[0].text
    assert find_steps(empty(""), "pointing", cands) == []  # classic: nothing to see


# -- killer cages ---------------------------------------------------------------------------------


def killer4(cages: list[tuple[tuple[int, ...], int]], line: str = "." * 16) -> Grid:
    return Grid.parse(line, variant=Variant(("killer",), cages=tuple(cages)))


def test_cage_combination_keeps_the_digits_of_the_sets_making_the_sum() -> None:
    grid = killer4([((0, 1), 3), ((2, 3), 7), ((4, 5, 6), 9)])
    steps = find_steps(grid, "cage combination")
    elims = {e for s in steps for e in s.eliminations}
    assert {(i, d) for i, d in elims if i in (0, 1)} == {(i, d) for i in (0, 1) for d in (3, 4)}
    assert {(i, d) for i, d in elims if i in (2, 3)} == {(i, d) for i in (2, 3) for d in (1, 2)}
    assert {(i, d) for i, d in elims if i >= 4} == {(i, 1) for i in (4, 5, 6)}  # {2,3,4}
    assert steps[0].text == (
        "cage 1 (sum 3: r1c1, r1c2) can only hold {1,2} with the candidates, which removes "
        "3, 4 from r1c1, r1c2"
    )


def test_cage_combination_reads_placed_digits_and_candidates() -> None:
    # cage {r1c1, r1c2, r2c1} sums to 7 = 1+2+4; r1c1 is 4 and r1c2 cannot be 1 (r1c4 is 1):
    # r1c2 is 2 and r2c1 is 1, hence 3 leaves both
    grid = killer4([((0, 1, 4), 7)], "4..1" + "." * 12)
    step = find_steps(grid, "cage combination")[0]
    assert set(step.eliminations) == {(1, 3), (4, 2), (4, 3)}


def test_innies_place_the_last_cell_of_a_house_outside_its_cages() -> None:
    grid = killer4([((0, 1, 2), 6)])
    steps = find_steps(grid, "innies")
    assert [s.placements for s in steps] == [((3, 4),)]
    assert steps[0].text == "row 1 adds up to 10, the cage 1 inside it to 6, so r1c4 is 4"


def test_innies_make_a_cage_of_the_cells_left() -> None:
    # cage 1 lies in row 1 and in box 1: what is left of each adds up to 10 - 3 = 7 = 3 + 4
    steps = find_steps(killer4([((0, 1), 3)]), "innies")
    assert {e for s in steps for e in s.eliminations} == {
        (i, d) for i in (2, 3, 4, 5) for d in (1, 2)
    }
    assert steps[0].text == (
        "row 1 adds up to 10, the cage 1 inside it to 3, so r1c3, r1c4 add up to 7: "
        "{3,4}, which removes 1, 2 from r1c3, r1c4"
    )


def test_innies_count_the_placed_digits_outside_the_cages() -> None:
    # r1c3 is 3, so r1c4 is 10 - 3 (cage 1) - 3 = 4
    steps = find_steps(killer4([((0, 1), 3)], "..3" + "." * 13), "innies")
    row1 = next(s for s in steps if s.text.startswith("row 1"))
    assert row1.placements == ((3, 4),)
    assert "and its placed digits outside the cage to 3, so r1c4 is 4" in row1.text


def test_outies_place_the_cell_a_covering_cage_sticks_out() -> None:
    # row 1 lies in cages 1 (3) and 2 (9, with r2c4 outside it): r2c4 is 3 + 9 - 10 = 2
    grid = killer4([((0, 1), 3), ((2, 3, 7), 9)])
    steps = find_steps(grid, "outies")
    assert [s.placements for s in steps] == [((7, 2),)]
    assert steps[0].text == "row 1 adds up to 10, the cages 1, 2 covering it to 12, so r2c4 is 2"
    every = solve(grid, "propagate", limit=None, engine="python").solutions
    assert every and all(sol[7] == 2 for sol in every)


def test_outies_make_a_cage_of_the_cells_outside_in_one_house() -> None:
    # row 1 in cages 1 (3), 2 (4) and 3 (6): r2c3 + r2c4 = 13 - 10 = 3, so {1,2}
    grid = killer4([((0, 1), 3), ((2, 6), 4), ((3, 7), 6)])
    steps = find_steps(grid, "outies")
    assert {e for s in steps for e in s.eliminations} == {(i, d) for i in (6, 7) for d in (3, 4)}
    assert steps[0].text == (
        "row 1 adds up to 10, the cages 1, 2, 3 covering it to 13, so r2c3, r2c4 add "
        "up to 3: {1,2}, which removes 3, 4 from r2c3, r2c4"
    )


def test_outies_in_two_houses_make_no_set() -> None:
    # row 1's cages stick out into r2c3 and r3c4: two houses, digits may repeat, no step
    grid = killer4([((0, 1), 3), ((2, 6), 4), ((3, 11), 6)])
    assert find_steps(grid, "outies") == []


def test_killer_step_texts_leave_the_technique_name_to_the_caller() -> None:
    """``hint`` and ``explain`` print ``technique: text``, so no text starts with its name."""
    steps = [
        *find_steps(killer4([((0, 1), 3), ((2, 3), 7), ((4, 5, 6), 9)]), "cage combination"),
        *find_steps(killer4([((0, 1), 3)]), "innies"),
        *find_steps(killer4([((0, 1), 3), ((2, 6), 4), ((3, 7), 6)]), "outies"),
    ]
    assert {s.technique for s in steps} == {"cage combination", "innies", "outies"}
    for s in steps:
        assert s.text and s.technique not in s.text, s.text


def test_a_full_cage_missing_its_sum_is_a_contradiction() -> None:
    # the only empty cell, r1c2, must be 2 by the rows, which makes the cage 1+2 = 3, not 5
    grid = killer4([((0, 1), 5)], "1.3434122143432" + "1")
    result = solve_logically(grid, ["naked single"])
    assert result.contradiction and not result.solved
    assert run(grid.problem, SolveOptions()).status == "unsatisfiable"


# -- runner, rating, hint -----------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_grid_of_reads_the_variant_back_and_run_solves(path: Path) -> None:
    grid = read_variant_puzzle(path.read_text(), source=str(path))
    back = grid_of(grid.problem)
    assert back == grid
    r = run(grid.problem, SolveOptions())
    assert r.status in ("solved", "stopped")
    if r.status == "solved":
        assert is_solution(grid.problem, r.solutions[0])
        assert check_solution(grid.variant, grid.box, r.solutions[0]) == []


def test_next_step_on_a_variant_is_the_first_step_of_the_path() -> None:
    grid = read_variant_puzzle((EXAMPLES[0]).read_text())
    assert next_step(grid) == solve_logically(grid).steps[0]


def test_cli_hint_explain_rate_on_variant_puzzles(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = next(p for p in EXAMPLES if p.stem == "killer_4x4").read_text()
    killer = read_variant_puzzle(text)
    cages = tmp_path / "cages.txt"
    cages.write_text(text.split("cages:")[1])
    args = ["--cages", str(cages), killer.to_line()]
    assert main(["hint", *args]) == 0
    assert capsys.readouterr().out.startswith("cage combination: cage 1 (sum 5: r1c3, r1c4)")
    assert main(["explain", *args]) == 0
    out = capsys.readouterr().out
    assert "solved in 15 steps" in out and "2. naked single: r1c3: 1 is the only" in out
    x = read_variant_puzzle(next(p for p in EXAMPLES if p.stem == "x").read_text())
    assert main(["hint", "--variant", "x", x.to_line()]) == 0
    assert capsys.readouterr().out == "hidden single: r3c5: 2 is the only place for 2 in box 2\n"
    assert main(["rate", "--variant", "x", x.to_line()]) == 0
    assert capsys.readouterr().out.startswith(f"{rate(x).score:.2f} ")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_cli_hint_explain_rate_read_variant_files(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    grid = read_variant_puzzle(path.read_text())
    result = solve_logically(grid)
    assert main(["hint", str(path)]) == 0
    lines = path.read_text().splitlines()
    start = next(i for i, x in enumerate(lines, 1) if x.startswith("grid:"))  # its grid: line
    chain = hint(grid)  # up to the next placement: the eliminations it needs, in order
    at = [result.steps.index(step) for step in chain]
    assert at == sorted(at) and chain[-1].placements
    assert chain[-1] == next(s for s in result.steps if s.placements)
    assert not any(s.placements for s in chain[:-1])
    assert capsys.readouterr().out == "".join(
        f"line {start}: {step.technique}: {step.text}\n" for step in chain
    )
    assert main(["explain", str(path)]) == (0 if result.solved else 1)
    out = capsys.readouterr().out
    assert f"{len(result.steps)}. {result.steps[-1].technique}: " in out
    assert main(["rate", "--json", str(path)]) == 0
    assert f'"solved": {str(result.solved).lower()}' in capsys.readouterr().out
