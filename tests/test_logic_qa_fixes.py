"""Faults a QA pass of the logic solver and the generator found (2026-11-26), each pinned:
hints that chain through their eliminations, candidates checked, one technique name taken as
one, ``generate --variant --symmetry --minimal`` honoured."""

from __future__ import annotations

from typing import Any

import pytest

from sudograph.cli import main
from sudograph.errors import InvalidArgument
from sudograph.formats.variant import read_variant_puzzle
from sudograph.generate import generate_variant, is_minimal, is_symmetric
from sudograph.grid import Grid
from sudograph.logic import find_steps, next_step, solve_logically

POINTING = "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6....."
"""Solved by logic through eliminations (pointing) that, asked from the clues alone again, come
back the same."""


def test_hints_chain_through_their_eliminations() -> None:
    grid = Grid.parse(POINTING)
    values = list(grid.values)
    cands = [set(range(1, 10)) for _ in values]
    steps, repeated = 0, 0
    while (step := next_step(Grid((3, 3), tuple(values)), candidates=cands)) is not None:
        steps += 1
        if step.eliminations and not step.placements:  # asked from the clues: the same again
            repeated += next_step(Grid((3, 3), tuple(values))) == step
        for i, d in step.eliminations:
            cands[i].discard(d)
        for i, d in step.placements:
            values[i] = d
    expected = solve_logically(grid)
    assert repeated > 0  # what the candidates carried forward are for
    assert steps == len(expected.steps)
    assert tuple(values) == expected.grid.values and expected.solved


@pytest.mark.parametrize("bad", [0, 10, 1.5, True])
def test_candidates_out_of_range_name_the_cell(bad: Any) -> None:
    grid = Grid.parse(POINTING)
    cands = [[1, 2]] * 80 + [[bad]]
    for call in (
        lambda: find_steps(grid, "naked single", cands),
        lambda: next_step(grid, None, cands),
    ):
        with pytest.raises(InvalidArgument, match=f"^r9c9: candidate {bad!r} is outside 1..9$"):
            call()


def test_one_technique_name_is_one_technique() -> None:
    grid = Grid.parse("4.3.1..42..3.1..")
    assert solve_logically(grid, "naked single").solved
    step = next_step(grid, "hidden single")
    assert step is not None and step.technique == "hidden single"


@pytest.mark.parametrize("spec", ["x", "anti-knight"])
def test_a_symmetric_variant_puzzle_asked_minimal_is_minimal(
    capfd: pytest.CaptureFixture[str], spec: str
) -> None:
    p = generate_variant(spec, 3, symmetry="central", minimal=True, seed=1)
    assert is_minimal(p) and is_symmetric(p, "central")
    argv = ["generate", "--variant", spec, "--symmetry", "central", "--minimal", "--seed", "1"]
    assert main([*argv, "--json"]) == 0
    q = read_variant_puzzle(capfd.readouterr().out)
    assert is_minimal(q) and is_symmetric(q, "central")


def test_minimal_variant_puzzles_beyond_the_settled_sides_are_refused() -> None:
    with pytest.raises(InvalidArgument, match="minimal variant puzzles are made up to side 16"):
        generate_variant("x", 5, minimal=True, seed=1)


@pytest.mark.parametrize(
    ("puzzle", "why", "code"),
    [
        ("1234............", "more than one solution", 1),
        ("4231134224133124", "the grid is already complete", 0),
    ],
)
def test_hint_json_says_why_there_is_no_step(
    capfd: pytest.CaptureFixture[str], puzzle: str, why: str, code: int
) -> None:
    import json

    assert main(["hint", puzzle, "--json"]) == code
    doc = json.loads(capfd.readouterr().out)
    assert doc["step"] is None and doc["why"] == why


def test_a_difficulty_a_small_grid_may_not_have_says_so() -> None:
    """It said "may have no such puzzle" after 200 tries; the 4x4 case is proved now (every
    unique 4x4 puzzle falls to naked singles: tests/test_generate_qa_fixes.py enumerates
    them), so it is refused at once, and says so."""
    from sudograph.generate import generate

    with pytest.raises(
        InvalidArgument, match="a 4x4 grid has no hard puzzle: every unique 4x4 puzzle is solved"
    ):
        generate(2, difficulty="hard", seed=1)


def test_the_first_puzzle_of_generate_seed_5_from_the_api(
    capfd: pytest.CaptureFixture[str],
) -> None:
    import random

    from sudograph.generate import generate

    assert main(["generate", "--seed", "5"]) == 0
    assert capfd.readouterr().out.strip() == generate(seed=random.Random("5:1")).to_line()


def test_stalled_after_one_step_is_singular() -> None:
    from sudograph.logic import explain

    grid = Grid.parse(
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    )
    assert explain(grid)[-1].startswith("stalled after 1 step: no technique applies")
