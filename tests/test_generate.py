"""Generation: unique puzzles checked by an independent engine, minimality, symmetry, seeds,
clue counts, difficulty bands, and the errors for impossible requests. All counting is the
core's (:mod:`sudograph.solve`); the batched 9×9 removal gives the puzzles of the one-by-one
Python pass."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.engine import numba_available
from sudograph.errors import InvalidArgument, SudographError
from sudograph.generate import (
    CHECK_TWIN_NODES,
    DIFFICULTIES,
    SYMMETRIES,
    _counter,
    full_grid,
    generate,
    generate_variant,
    is_minimal,
    is_symmetric,
    orbits,
)
from sudograph.grid import Grid
from sudograph.logic import rate
from sudograph.search.sat import sat_available
from sudograph.solve import count_solutions, is_unique
from sudograph.solve import count_solutions as solve_count

ENGINES = ["python", "numba"] if numba_available() else ["python"]
HARD = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."

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
        assert solve_count(p, limit=2, method="dsatur", inference="singles") == 1


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
    # 288 Shidoku grids, counted by the core that generation uses.
    assert count_solutions(Grid.empty(2), limit=None) == 288
    assert count_solutions(Grid.empty(2), limit=None, method="dsatur") == 288
    assert count_solutions(Grid.empty(2), limit=5) == 5


@pytest.mark.parametrize("engine", ENGINES)
def test_removal_counter_reports_unknown_as_not_unique(
    engine: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A check that runs out of nodes keeps the clue: "unknown" is reported not unique."""
    monkeypatch.setenv("SUDOGRAPH_ENGINE", engine)
    hard = Grid.parse(HARD)
    exact = _counter(hard, exact=True)
    assert exact.method == ("fast" if engine == "numba" else "propagate")
    assert exact.batched == (engine == "numba")
    assert exact.unique([hard.values, Grid.empty(3).values]) == [True, False]
    starved = replace(exact, max_nodes=1)
    assert starved.unique([hard.values]) == [False]


# (engine, box) -> (method and engine that build, how the independent check counts): with
# numba the kernels build (fast9 on 9x9, the house kernel elsewhere) and the twin checks
# (within CHECK_TWIN_NODES when python-sat can take over: these small grids never need it)
TWIN: dict[str, object] = {"engine": "numba"}
if sat_available():
    TWIN["max_nodes"] = CHECK_TWIN_NODES
CHECKS = {
    ("numba", (3, 3)): ("fast", "auto", ("propagate", TWIN)),
    ("numba", (2, 2)): ("propagate", "auto", ("propagate", TWIN)),
    ("numba", (2, 3)): ("propagate", "auto", ("propagate", TWIN)),
    ("python", (3, 3)): ("propagate", "python", ("propagate", {"order": "static"})),
    ("python", (2, 2)): ("propagate", "python", ("propagate", {"order": "static"})),
}


@pytest.mark.parametrize(("engine", "box"), [k for k in CHECKS if k[0] in ENGINES])
def test_independent_check_uses_another_method_or_engine(
    engine: str, box: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SUDOGRAPH_ENGINE", engine)
    seen: list[tuple[str, dict[str, object]]] = []

    def spy(grid: Grid, method: str = "propagate", **kw: object) -> bool:
        seen.append((method, kw))
        return is_unique(grid, method, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(sys.modules["sudograph.generate"], "is_unique", spy)
    p = generate(box, seed=1)
    built = _counter(p)
    builder, counter_engine, check = CHECKS[(engine, box)]
    assert (built.method, built.engine) == (builder, counter_engine)
    assert seen == [check]
    assert check != (built.method, {"engine": built.engine})


@pytest.mark.parametrize("kwargs", [{}, {"symmetry": "central"}, {"clues": 30}, {"minimal": True}])
def test_same_puzzles_on_every_engine(
    kwargs: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Law: the batched compiled removal (numba) keeps exactly the clues the one-by-one
    Python pass keeps, so a seed gives the same puzzle with or without numba."""
    made = {}
    for engine in ENGINES:
        monkeypatch.setenv("SUDOGRAPH_ENGINE", engine)
        made[engine] = [generate(3, seed=s, **kwargs).to_line() for s in range(2)]  # type: ignore[arg-type]
        made[engine] += [full_grid((2, 3), seed=s).to_line() for s in range(2)]
    assert len({tuple(v) for v in made.values()}) == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_is_minimal_on_every_engine(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOGRAPH_ENGINE", engine)
    p = generate(3, seed=8, minimal=True)
    assert is_minimal(p)
    solution = full_solution(p)
    values = list(p.values)
    extra = values.index(0)
    values[extra] = solution[extra]
    assert not is_minimal(p.with_values(values))
    assert not is_minimal(Grid.parse("11" + "." * 79))  # clashing clues


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


@pytest.mark.parametrize(
    "make",
    [
        lambda: generate(4, seed=1),  # 3 removable clues before
        lambda: generate_variant("disjoint", (3, 4), seed=1),  # 10
        lambda: generate_variant("x", 4, seed=715),  # 5
    ],
    ids=["16x16", "disjoint 12x12", "x 16x16"],
)
def test_removal_past_its_budget_is_still_minimal(make: Callable[[], Grid]) -> None:
    """A removal whose check runs out of the budget was counted "not unique" and the clue
    stayed: those are decided exactly at the end, so the puzzle is minimal (for its orbits)."""
    puzzle = make()
    assert is_unique(puzzle) and is_minimal(puzzle)
