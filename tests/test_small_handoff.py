"""The house kernel's handoff on small grids (``houses.RUN_HANDOFF_GUESSES``): a one-run
search still going after that many guesses ends on method ``sat`` (cages included), with the
same answers as the reference engine, every solution checked, a count handed over only when
the solver can finish it, and no handoff where it does not belong."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sudograph.engine import houses
from sudograph.errors import InvalidArgument
from sudograph.formats.variant import read_variant_puzzle
from sudograph.grid import Grid
from sudograph.problem import Problem, SolveOptions, is_solution
from sudograph.search import sat
from sudograph.solve import count, solve
from sudograph.variants import check_solution

pytest.importorskip("pysat.solvers")
pytest.importorskip("numba")

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ROOT / "examples" / "variants"
KILLER = ROOT / "tests" / "data" / "variants" / "killer_guesses.txt"  # unique, 4 guesses

# nearly empty 9x9 grids under strong rules, where the kernel alone takes seconds to minutes
# (found by bench/bench_small_handoff.py's search for them)
NEAR_EMPTY_SOLVABLE = ("x+windoku", "...4" + "." * 19 + "8" + "." * 20 + "2" + "." * 36)
NEAR_EMPTY_UNSAT = ("x+windoku", "." * 17 + "8" + "." * 24 + "41" + "." * 23 + "1" + "." * 12 + "3")


def grid_of(spec: str, line: str) -> Grid:
    return read_variant_puzzle(f"variant: {spec}\ngrid: {line}\n")


def reference(problem: Problem, limit: int | None) -> set[tuple[int, ...]]:
    return set(solve(problem, "propagate", limit=limit, engine="python").solutions)


def looser(name: str, drop: int) -> Problem:
    """The bundled example ``name`` with its first ``drop`` clues taken out."""
    path = KILLER if name == KILLER.name else VARIANTS / name
    grid = read_variant_puzzle(path.read_text(encoding="utf-8"))
    clues = [v for v, c in enumerate(grid.values) if c][:drop]
    values = tuple(0 if v in clues else c for v, c in enumerate(grid.values))
    p = grid.problem
    return Problem(p.graph, p.k, values, cages=p.cages)


@pytest.fixture
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every one-run search that needs a guess hands off after its root."""
    monkeypatch.setattr(houses, "RUN_HANDOFF_GUESSES", 0)


@pytest.mark.usefixtures("at_once")
@pytest.mark.parametrize(
    "name", ["anti-knight.txt", "x_anti-king.txt", "jigsaw.txt", KILLER.name, "killer_4x4.txt"]
)
@pytest.mark.parametrize("drop", [0, 6])
@pytest.mark.parametrize("limit", [1, 2, 3])
def test_the_handoff_agrees_with_the_reference(name: str, drop: int, limit: int) -> None:
    problem = looser(name, drop)
    want = reference(problem, limit + 1)
    r = houses.run(problem, SolveOptions(limit=limit))
    assert r.status == "solved" and len(r.solutions) == min(limit, len(want))
    assert all(is_solution(problem, s) for s in r.solutions)
    assert set(r.solutions) <= want if len(want) <= limit else True
    exhausted = len(want) < limit
    assert r.complete == exhausted and r.count == (len(want) if exhausted else None)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(houses, "RUN_HANDOFF_GUESSES", 10**12)
        alone = houses.run(problem, SolveOptions(limit=limit))
    if limit <= 2:  # a search that needs a guess is handed over at the root
        assert r.stats.engine == ("houses+sat" if alone.stats.nodes else "houses")


@pytest.mark.usefixtures("at_once")
@pytest.mark.parametrize(
    ("name", "drop", "limit", "handed"),
    [
        ("anti-knight.txt", 0, None, True),  # unique: the solver proves it, the count is 1
        (KILLER.name, 0, None, True),  # cages encoded too
        ("x_anti-king.txt", 0, 10, True),
        ("anti-knight.txt", 3, None, False),  # 76 solutions: the kernel counts them
        ("jigsaw_6x6.txt", 4, None, False),  # 1,926
        (KILLER.name, 20, 50, False),  # at least 50: the kernel finds them
    ],
)
def test_more_than_two_are_handed_over_only_when_the_solver_finishes(
    monkeypatch: pytest.MonkeyPatch, name: str, drop: int, limit: int | None, handed: bool
) -> None:
    """A count, or a search for more than two solutions: handed over only when the solver
    proves there are fewer than two; else the kernel goes on (the reference: the kernel
    alone, with no handoff)."""
    problem = looser(name, drop)
    r = houses.count(problem, SolveOptions(limit=limit), keep=1) if limit is None else None
    if r is None:
        r = houses.run(problem, SolveOptions(limit=limit))
    with monkeypatch.context() as m:
        m.setattr(houses, "RUN_HANDOFF_GUESSES", 10**12)
        want = (
            houses.count(problem, SolveOptions(), keep=1)
            if limit is None
            else houses.run(problem, SolveOptions(limit=limit))
        )
    assert want.stats.engine == "houses"
    assert r.stats.engine == ("houses+sat" if handed else "houses")
    assert r.status == want.status == "solved" and r.complete == want.complete
    assert r.count == want.count and r.solutions
    assert all(is_solution(problem, s) for s in r.solutions)
    if limit is not None:
        assert len(r.solutions) == len(want.solutions) == min(limit, want.count or limit)


@pytest.mark.parametrize(
    ("spec", "line", "status", "solutions"),
    [(*NEAR_EMPTY_SOLVABLE, "solved", 2), (*NEAR_EMPTY_UNSAT, "unsatisfiable", 0)],
)
def test_nearly_empty_grids_under_strong_rules(
    spec: str, line: str, status: str, solutions: int
) -> None:
    """With the default threshold: the kernel alone did not finish the first in 30 s; the
    second took it 9 s. Both end on the solver in well under a second here."""
    grid = grid_of(spec, line)
    r = solve(grid, limit=2)
    assert r.status == status and len(r.solutions) == solutions
    assert r.stats.engine == "houses+sat"
    assert all(not check_solution(grid.variant, grid.box, s) for s in r.solutions)
    assert all(is_solution(grid.problem, s) for s in r.solutions)
    if status == "unsatisfiable":  # proven empty: the count is handed over too
        c = count(grid)
        assert c.complete and c.count == 0 and c.stats.engine == "houses+sat"
    assert r.stats.nodes >= houses.RUN_HANDOFF_GUESSES


@pytest.mark.parametrize(
    "why", ["max_nodes", "no python-sat", "cage encoding", "large grid"], ids=str
)
def test_no_handoff(monkeypatch: pytest.MonkeyPatch, why: str) -> None:
    """A caller's node cap, no python-sat, a formula the encoding refuses: the kernel alone
    (the same answer); a grid of 200 vertices or more keeps its restarts' handoff."""
    monkeypatch.setattr(houses, "RUN_HANDOFF_GUESSES", 0)
    problem = looser("anti-knight.txt", 0)
    options = SolveOptions(limit=2)
    if why == "max_nodes":
        options = SolveOptions(limit=2, max_nodes=10**6)
    elif why == "no python-sat":
        monkeypatch.setattr(sat, "sat_available", lambda: False)
    elif why == "cage encoding":

        def refuse(problem: Problem, options: SolveOptions) -> None:
            raise InvalidArgument("a cage of too many combinations")

        monkeypatch.setattr(sat, "run", refuse)
    else:
        monkeypatch.setattr(houses, "HANDOFF_GUESSES", 10**9)
        problem = Grid.empty(4).problem  # 256 vertices: restarts, not this handoff
    r = houses.run(problem, options)
    assert r.stats.engine == "houses" and r.status == "solved"
    assert all(is_solution(problem, s) for s in r.solutions)
    if why != "large grid":
        assert r.complete and r.count == 1


@pytest.mark.alone
def test_the_timeout_holds_through_the_handoff() -> None:
    """The solver gets what is left of the caller's timeout: a nearly empty x+anti-knight
    grid without a solution (the kernel alone 21 s, the solver about 2 s) asked with 0.5 s
    stops with ``time limit``, not long after."""
    grid = grid_of("x+anti-knight", "..4" + "." * 17 + "1" + "." * 45 + "1" + "." * 14)
    begin = time.perf_counter()
    r = solve(grid, limit=2, timeout=0.5)
    elapsed = time.perf_counter() - begin
    assert r.status == "stopped" and r.reason == "time limit" and not r.complete
    assert r.stats.engine == "houses+sat" and r.stats.nodes >= houses.RUN_HANDOFF_GUESSES
    assert elapsed < 2.0


def test_a_large_killer_goes_to_the_whole_formula() -> None:
    """A minimal 16×16 killer: the kernel alone had not finished in 60 s (3.2 million
    guesses); after ``HANDOFF_GUESSES`` its restarts end on method ``sat``, cages included
    (the domains' formula of the other large grids holds no cages)."""
    path = ROOT / "tests" / "data" / "variants" / "killer16.txt"
    grid = read_variant_puzzle(path.read_text(encoding="utf-8"))
    r = solve(grid, limit=2)
    assert r.status == "solved" and r.complete and r.count == 1
    assert r.stats.engine == "houses+sat" and r.stats.nodes >= houses.HANDOFF_GUESSES
    assert not check_solution(grid.variant, grid.box, r.solutions[0])
    c = count(grid)  # a count runs once on every grid: its own handoff (the kernel: 9 s)
    assert c.complete and c.count == 1 and c.stats.engine == "houses+sat"
    assert c.stats.nodes >= houses.RUN_HANDOFF_GUESSES


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_the_restarts_hand_a_killer_over(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """Restarts on every size and a handoff at once: a unique killer ends on method ``sat``
    with its one solution (for three solutions too: the solver proves there is no second)."""
    monkeypatch.setattr(houses, "RESTART_MIN_VERTICES", 0)
    monkeypatch.setattr(houses, "HANDOFF_GUESSES", 0)
    problem = looser(KILLER.name, 0)
    r = houses.run(problem, SolveOptions(limit=limit))
    assert r.stats.engine == "houses+sat" and r.status == "solved"
    assert r.solutions == [next(iter(reference(problem, 2)))]
    assert r.complete == (limit > 1)
