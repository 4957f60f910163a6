"""Problem.cages: validation of killer cages and the cage part of is_solution."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument, InvalidPuzzle
from sudograph.graph import Graph
from sudograph.problem import Problem, cage_sum_range, check_cages, is_solution

EMPTY4 = Graph.from_edges(4, [])


@pytest.mark.parametrize(
    ("cages", "pre", "error", "fragment"),
    [
        ([((), 3)], (), InvalidArgument, "no cells"),
        ([((0, 9), 3)], (), InvalidArgument, "cell 9 out of range 0..3"),
        ([((0, 1), 3), ((1, 2), 5)], (), InvalidArgument, "cell 1 is also in cage 1"),
        ([((0, 0), 3)], (), InvalidArgument, "cell 0 is twice"),
        ([((0, 1), 2)], (), InvalidPuzzle, "sum 2 is impossible for 2 distinct digits 1..4"),
        ([((0, 1), 8)], (), InvalidPuzzle, "(3..7)"),
        ([((0, 1), 3.5)], (), InvalidArgument, "sum must be an integer"),
        ([((0, 1), 5)], (2, 2, 0, 0), InvalidPuzzle, "a clue repeats a digit"),
        ([((0, 1), 7)], (1, 0, 0, 0), InvalidPuzzle, "clues leave sum 7 unreachable"),
        ([((0, 1), 5)], (1, 3, 0, 0), InvalidPuzzle, "clues leave sum 5 unreachable"),
    ],
)
def test_bad_cages_name_the_cage(
    cages: list[tuple[tuple[int, ...], float]],
    pre: tuple[int, ...],
    error: type[Exception],
    fragment: str,
) -> None:
    with pytest.raises(error, match=r"^cage \d") as info:
        Problem(EMPTY4, 4, pre, cages=tuple(cages))  # type: ignore[arg-type]
    assert fragment in str(info.value)


@pytest.mark.parametrize(
    ("good", "cages", "fragment"),
    [
        ((((0,), 1),), (((0,), True),), "sum must be an integer"),  # True == 1
        ((((0, 1), 3),), (((0, 1.0), 3),), "cell 1.0 is not a whole number"),
    ],
)
def test_checks_once_cached_still_refuse_what_only_looks_equal(
    good: tuple[tuple[tuple[int, ...], int], ...],
    cages: tuple[tuple[tuple[float, ...], float], ...],
    fragment: str,
) -> None:
    """The cells-and-sums check is remembered per tuple of cages (by identity): a tuple equal
    to an accepted one but not of plain ints is checked again (and refused), and an error is
    raised every time."""
    assert good == cages
    check_cages(good, 4, 4)  # accepted, remembered
    for _ in range(2):
        with pytest.raises(InvalidArgument, match=r"^cage 1") as info:
            check_cages(cages, 4, 4)  # type: ignore[arg-type]
        assert fragment in str(info.value)


def test_a_tuple_that_passed_is_still_checked_against_other_sizes() -> None:
    """The very tuple of cages that passed is not checked again for the same grid size, but
    is for another (its cells out of range there), and its clues are always checked."""
    cages = (((0, 5), 3),)
    check_cages(cages, 9, 4)
    check_cages(cages, 9, 4)  # remembered
    with pytest.raises(InvalidArgument, match=r"cell 5 out of range 0\.\.3"):
        check_cages(cages, 4, 4)
    with pytest.raises(InvalidPuzzle, match="clue repeats"):
        check_cages(cages, 9, 4, (2, 0, 0, 0, 0, 2, 0, 0, 0))


def test_good_cages_are_normalised_and_kept() -> None:
    p = Problem(EMPTY4, 4, (0, 3, 0, 0), cages=(([0, 1], 4), ((2, 3), 7)))  # type: ignore[arg-type]
    assert p.cages == (((0, 1), 4), ((2, 3), 7))
    assert is_solution(p, (1, 3, 3, 4))
    assert not is_solution(p, (2, 3, 3, 4))  # 2 + 3 != 4 (and the clue 3 kept)
    assert not is_solution(p, (1, 3, 4, 4))  # a cage repeats 4


@given(st.integers(1, 9), st.integers(1, 12))
def test_sum_range_is_the_extremes_of_all_combinations(size: int, k: int) -> None:
    sums = [sum(c) for c in itertools.combinations(range(1, k + 1), size)]
    if not sums:
        with pytest.raises(InvalidPuzzle, match="cannot hold distinct digits"):
            check_cages([(tuple(range(size)), 1)], size, k)
        return
    assert cage_sum_range(size, k) == (min(sums), max(sums))
    for total in range(min(sums) - 1, max(sums) + 2):
        feasible = total in sums
        try:
            check_cages([(tuple(range(size)), total)], size, k)
        except InvalidPuzzle:
            assert not feasible
        else:
            assert feasible


@pytest.mark.parametrize("method", ["propagate", "naive", "dsatur"])
def test_engine_variable_numba_with_killer_cages(
    monkeypatch: pytest.MonkeyPatch, method: str
) -> None:
    """``$SUDOGRAPH_ENGINE=numba`` asks for the compiled engine where the caller named none;
    the twin does not read cages, so a killer runs as ``auto`` does (every call raised)."""
    pytest.importorskip("numba")
    from sudograph.formats.variant import read_variant_puzzle
    from sudograph.solve import count, is_unique, solve

    root = Path(__file__).resolve().parents[1]
    grid = read_variant_puzzle((root / "examples" / "variants" / "killer_4x4.txt").read_text())
    monkeypatch.setenv("SUDOGRAPH_ENGINE", "numba")
    assert solve(grid, method).status == "solved"
    assert count(grid, method).count == 1 and is_unique(grid, method)
    with pytest.raises(InvalidArgument, match="twin does not read killer cages"):
        solve(grid, method, engine="numba")  # named by the caller: refused, as before


def test_fast_says_why_it_cannot_take_a_large_killer() -> None:
    """Beyond 9x9 method fast runs on the house kernel; a cage of too many digit combinations
    is refused naming that (it said 'solves 9x9 Sudoku only', yet the default method solves
    the puzzle)."""
    pytest.importorskip("numba")
    from sudograph.generate import full_grid, killer_cages
    from sudograph.grid import Grid
    from sudograph.solve import solve
    from sudograph.variants import Variant

    solution = full_grid(5, seed=1)
    cages = killer_cages(solution, (10, 12), seed=1)
    clues = tuple(v if i % 3 == 0 else 0 for i, v in enumerate(solution.values))
    grid = Grid(solution.box, clues, "", Variant(("killer",), None, cages))
    with pytest.raises(InvalidArgument, match=r"cannot take this puzzle \(a cage has too many"):
        solve(grid, "fast")


def test_generation_check_falls_back_when_sat_cannot_encode_a_cage(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The last uniqueness check of a killer uses sat when installed; a cage it cannot encode
    (too many combinations: a 25x25 with cages of 10-12 cells) is checked on the Python engine
    instead (generation failed after minutes)."""
    pytest.importorskip("pysat")
    pytest.importorskip("numba")
    import sudograph.search.cages as cages
    from sudograph.formats.variant import read_variant_puzzle
    from sudograph.generate import _counter
    from sudograph.solve import is_unique

    root = Path(__file__).resolve().parents[1]
    puzzle = read_variant_puzzle((root / "examples" / "variants" / "killer_4x4.txt").read_text())
    monkeypatch.setattr(cages, "cage_combinations", lambda *a: None)  # every cage: too many
    with pytest.raises(InvalidArgument, match="too many digit combinations"):
        is_unique(puzzle, "sat")
    assert _counter(puzzle).check(puzzle)
