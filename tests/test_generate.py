"""Generation: unique puzzles checked by an independent engine, minimality, symmetry, seeds,
clue counts, difficulty bands, and the errors for impossible requests."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument, SudographError
from sudograph.generate import (
    DIFFICULTIES,
    SYMMETRIES,
    _count_plain,
    count_solutions,
    full_grid,
    generate,
    is_minimal,
    is_symmetric,
    is_unique,
    orbits,
)
from sudograph.grid import Grid
from sudograph.logic import rate
from sudograph.solve import count_solutions as solve_count

SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]


def other_count(grid: Grid) -> int:
    """Solutions (up to 2) by the team's propagate search: not this module's engine."""
    return solve_count(grid, limit=2, method="propagate")


@pytest.mark.parametrize("box", SHAPES)
def test_generated_puzzles_are_unique_by_two_engines(box: tuple[int, int]) -> None:
    for seed in range(3):
        p = generate(box, seed=seed)
        assert p.box == box
        assert count_solutions(p, limit=None) == 1
        assert other_count(p) == 1
        assert _count_plain(p, 2) == 1


@pytest.mark.parametrize("box", SHAPES)
def test_seed_reproduces_the_puzzle(box: tuple[int, int]) -> None:
    assert generate(box, seed=42) == generate(box, seed=42)
    assert generate(box, seed=42, symmetry="central") == generate(box, seed=42, symmetry="central")
    assert len({generate(box, seed=s).to_line() for s in range(4)}) > 1


def test_seed_accepts_a_random_instance() -> None:
    a = [generate(2, seed=rng).to_line() for rng in [random.Random(7)] for _ in range(3)]
    b = [generate(2, seed=rng).to_line() for rng in [random.Random(7)] for _ in range(3)]
    assert a == b


@pytest.mark.parametrize(("box", "seed"), [((2, 2), 1), ((2, 3), 2), ((3, 3), 3), ((3, 3), 4)])
def test_minimal_puzzles_lose_uniqueness_without_any_clue(box: tuple[int, int], seed: int) -> None:
    p = generate(box, minimal=True, seed=seed)
    assert is_minimal(p)
    assert other_count(p) == 1
    for i, d in enumerate(p.values):
        if d:
            values = list(p.values)
            values[i] = 0
            assert other_count(p.with_values(values)) == 2


def test_is_minimal_is_false_when_a_clue_can_go() -> None:
    p = generate(3, seed=5, minimal=True)
    solution = Grid(p.box, full_solution(p))
    extra = next(i for i, d in enumerate(p.values) if d == 0)
    values = list(p.values)
    values[extra] = solution.values[extra]
    assert is_unique(p.with_values(values))
    assert not is_minimal(p.with_values(values))
    assert not is_minimal(Grid.empty(2))


def full_solution(p: Grid) -> tuple[int, ...]:
    from sudograph.solve import solve

    result = solve(p, "propagate")
    assert result.solution is not None
    return result.solution


@pytest.mark.parametrize("symmetry", SYMMETRIES)
@pytest.mark.parametrize("box", [(2, 2), (3, 3)])
def test_symmetry_is_honoured(symmetry: str, box: tuple[int, int]) -> None:
    p = generate(box, symmetry=symmetry, seed=11)
    assert is_symmetric(p, symmetry)
    assert other_count(p) == 1


def test_minimal_symmetric_puzzle() -> None:
    p = generate(3, symmetry="central", minimal=True, seed=3)
    assert is_symmetric(p, "central") and is_minimal(p)


@pytest.mark.parametrize(("box", "clues"), [((2, 2), 6), ((2, 2), 10), ((3, 3), 24), ((3, 3), 40)])
def test_clue_count_is_honoured(box: tuple[int, int], clues: int) -> None:
    p = generate(box, clues=clues, seed=1)
    assert p.clues == clues and other_count(p) == 1


def test_clue_count_with_symmetry() -> None:
    p = generate(3, clues=29, symmetry="central", seed=2)
    assert p.clues == 29 and is_symmetric(p, "central")


@pytest.mark.parametrize(
    "kwargs",
    [
        {"box": 3, "clues": 16},
        {"box": 2, "clues": 3},
        {"box": 3, "clues": 82},
        {"box": 2, "clues": 7, "symmetry": "central"},  # 4x4: central orbits all have 2 cells
        {"box": 3, "symmetry": "spiral"},
        {"box": 3, "difficulty": "impossible"},
        {"box": (0, 5)},
        {"box": 2, "timeout": 0},
    ],
)
def test_impossible_requests_raise(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidArgument):
        generate(**kwargs)  # type: ignore[arg-type]


def test_timeout_gives_a_clear_error() -> None:
    with pytest.raises(SudographError, match="within"):
        generate(3, clues=17, timeout=0.3, seed=1)


@pytest.mark.parametrize("difficulty", ["easy", "medium", "expert"])
def test_difficulty_band(difficulty: str) -> None:
    band = DIFFICULTIES[difficulty]
    p = generate(3, difficulty=difficulty, seed=1)
    score = rate(p).score
    assert band.low <= score <= band.high
    assert other_count(p) == 1


@pytest.mark.slow
@pytest.mark.parametrize("difficulty", ["hard", "extreme"])
def test_difficulty_band_slow(difficulty: str) -> None:
    band = DIFFICULTIES[difficulty]
    p = generate(3, difficulty=difficulty, seed=2)
    assert band.low <= rate(p).score <= band.high


@pytest.mark.slow
def test_sixteen_by_sixteen() -> None:
    p = generate(4, seed=1)
    assert p.n == 16 and other_count(p) == 1


# -- pieces -------------------------------------------------------------------------------------


def test_count_solutions_of_the_empty_4x4() -> None:
    # 288 Shidoku grids; the other engine agrees.
    assert count_solutions(Grid.empty(2), limit=None) == 288
    assert solve_count(Grid.empty(2)) == 288
    assert count_solutions(Grid.empty(2), limit=5) == 5


def test_count_solutions_node_limit() -> None:
    with pytest.raises(SudographError):
        count_solutions(Grid.empty(3), limit=None, max_nodes=10)
    with pytest.raises(InvalidArgument):
        count_solutions(Grid.empty(2), limit=0)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), box=st.sampled_from(SHAPES))
def test_full_grids_are_complete_and_seeded(seed: int, box: tuple[int, int]) -> None:
    g = full_grid(box, seed=seed)
    assert g.is_complete() and g.box == box
    assert g == full_grid(box, seed=seed)


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(1, 16),
    symmetry=st.sampled_from(SYMMETRIES),
    data=st.data(),
)
def test_orbits_partition_the_cells_and_fill_symmetric_patterns(
    n: int, symmetry: str, data: st.DataObject
) -> None:
    cells = orbits(n, symmetry)
    flat = [i for o in cells for i in o]
    assert sorted(flat) == list(range(n * n))
    chosen = data.draw(st.lists(st.sampled_from(cells), max_size=len(cells)))
    if n in (1, 4, 9, 16):
        values = [0] * (n * n)
        for orbit in chosen:
            for i in orbit:
                values[i] = 1  # the pattern only matters, not the rules
        assert is_symmetric(Grid.empty(int(n**0.5)).with_values(values), symmetry)


def test_orbit_sizes() -> None:
    assert {len(o) for o in orbits(9, "central")} == {1, 2}
    assert {len(o) for o in orbits(4, "central")} == {2}
    assert {len(o) for o in orbits(9, "rotational")} == {1, 4}
    assert max(len(o) for o in orbits(9, "dihedral")) == 8


def test_timeout_alone_is_best_effort() -> None:
    """With only a timeout, a large grid comes back partly reduced but unique."""
    p = generate(4, seed=1, timeout=0.5)
    assert p.n == 16 and p.clues < 256
    assert other_count(p) == 1
