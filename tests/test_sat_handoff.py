"""The house kernel's handoff to a SAT solver (``houses.HANDOFF_GUESSES``) and the formula it
solves (``sat.run_domains``): the same answers as the reference engine, solutions checked,
and no handoff where it does not belong (``max_nodes``, no python-sat). A killer's handoff (to
method ``sat`` whole, cages included) is tested in tests/test_small_handoff.py."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sudograph.engine import houses
from sudograph.errors import InvalidPuzzle
from sudograph.formats.variant import read_variant_puzzle
from sudograph.generate import full_grid
from sudograph.graph import Graph
from sudograph.grid import Grid
from sudograph.problem import Problem, SolveOptions, is_solution
from sudograph.search import sat
from sudograph.search.sat import run_domains
from sudograph.solve import solve

pytest.importorskip("pysat.solvers")
pytest.importorskip("numba")

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "sudoku"
VARIANTS = ROOT / "examples" / "variants"
HARD = [ln for ln in (DATA / "tdoku_hardest1106_50.txt").read_text().split() if ln][:6]


def reference(problem: Problem, limit: int | None) -> set[tuple[int, ...]]:
    r = solve(problem, "propagate", limit=limit, engine="python")
    return set(r.solutions)


ALL_4X4 = reference(Grid.empty((2, 2)).problem, None)


def clue_domains(problem: Problem) -> list[int]:
    full = (1 << problem.k) - 1
    return [full if c == 0 else 1 << (c - 1) for c in problem.precolouring]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_run_domains_finds_every_solution(data: st.DataObject) -> None:
    """On small grids with random clues (kept from a random full grid, or not: some clash),
    the formula has exactly the reference engine's solutions, and excludes the known ones."""
    box = data.draw(st.sampled_from([(2, 2), (2, 3)]))
    seed = data.draw(st.integers(0, 10**6))
    full = full_grid(box, seed=seed).values
    blank = data.draw(st.sets(st.integers(0, len(full) - 1), max_size=12))
    values = [0 if v in blank else c for v, c in enumerate(full)]
    if data.draw(st.booleans()):  # a wrong clue somewhere
        i = data.draw(st.integers(0, len(values) - 1))
        values[i] = data.draw(st.integers(1, box[0] * box[1]))
    try:
        problem = Grid(box, tuple(values)).problem
    except InvalidPuzzle:  # two equal clues in a house: not a problem at all
        assume(False)
    want = reference(problem, None)
    sols, complete, _, reason = run_domains(problem, clue_domains(problem), None)
    assert complete and reason == ""
    assert set(sols) == want and len(sols) == len(want)
    assert all(is_solution(problem, s) for s in sols)
    if sols:
        rest, complete, _, _ = run_domains(problem, clue_domains(problem), None, known=sols[:1])
        assert complete and set(rest) == want - {sols[0]}


class Loads(list[str]):
    """The names of the solvers loaded, in order, and the options each got (``options``)."""

    options: list[dict[str, int] | None]


@pytest.fixture
def loaded(monkeypatch: pytest.MonkeyPatch) -> Loads:
    """The names of the solvers that ``run_domains`` loads, in order (and their options)."""
    names = Loads()
    names.options = []
    load = sat._load

    def spy(clauses: Any, deadline: Any, name: str = sat.BACKEND, options: Any = None) -> Any:
        names.append(name)
        names.options.append(options)
        return load(clauses, deadline, name, options)

    monkeypatch.setattr(sat, "_load", spy)
    return names


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("line", HARD[:3])
def test_run_domains_small_and_large_formulas(
    monkeypatch: pytest.MonkeyPatch, loaded: Loads, large: bool, line: str
) -> None:
    """Glucose for small formulas, CaDiCaL for large ones (``DOMAINS_LARGE_LITERALS``): the
    reference engine's one solution of a forum-hardest puzzle, nothing once it is known, and
    two checked solutions of the puzzle less one clue (it has thousands)."""
    if large:
        monkeypatch.setattr(sat, "DOMAINS_LARGE_LITERALS", 0)
    problem = Grid.parse(line).problem
    want = reference(problem, None)
    sols, complete, stats, reason = run_domains(problem, clue_domains(problem), None)
    assert complete and reason == "" and set(sols) == want and len(sols) == 1
    assert stats.conflicts > 1
    assert loaded == [sat.DOMAINS_LARGE_BACKEND if large else sat.DOMAINS_BACKEND]
    # CaDiCaL in its stable mode only (each slice would restart it in the focused one)
    assert loaded.options == [{"stabilizeonly": 1} if large else None]
    rest, complete, _, _ = run_domains(problem, clue_domains(problem), None, known=sols)
    assert complete and rest == []
    first = next(v for v, c in enumerate(problem.precolouring) if c)
    values = tuple(0 if v == first else c for v, c in enumerate(problem.precolouring))
    looser = Problem(problem.graph, problem.k, values)
    two, complete, _, _ = run_domains(looser, clue_domains(looser), 2)
    assert len(set(two)) == 2 and not complete
    assert all(is_solution(looser, s) for s in two)


def test_run_domains_switches_when_glucose_gives_up(
    monkeypatch: pytest.MonkeyPatch, loaded: Loads
) -> None:
    """Glucose stopped after ``DOMAINS_SWITCH_CONFLICTS`` (here 1: it stops at its first
    restart): CaDiCaL answers the same question, known solutions still excluded. K9 where
    only its last vertex may take colour 9 (pigeonhole: hundreds of conflicts), and K8 with
    7 colours (no solution)."""
    monkeypatch.setattr(sat, "DOMAINS_SWITCH_CONFLICTS", 1)
    k9 = Problem(Graph.from_edges(9, list(combinations(range(9), 2))), 9, (0,) * 9)
    domains = [255] * 8 + [511]
    known = [(1, 2, 3, 4, 5, 6, 7, 8, 9)]
    two, complete, stats, reason = run_domains(k9, domains, 2, known=known)
    assert loaded == [sat.DOMAINS_BACKEND, sat.DOMAINS_LARGE_BACKEND]
    assert loaded.options == [None, {"stabilizeonly": 1}]
    assert len(set(two)) == 2 and not complete and reason == "" and stats.conflicts > 1
    for s in two:
        assert is_solution(k9, s) and s[8] == 9 and s not in known
    loaded.clear()
    k8 = Problem(Graph.from_edges(8, list(combinations(range(8), 2))), 7, (0,) * 8)
    none, complete, _, reason = run_domains(k8, [127] * 8, 2)
    assert loaded == [sat.DOMAINS_BACKEND, sat.DOMAINS_LARGE_BACKEND]
    assert none == [] and complete and reason == ""


@pytest.fixture
def hand_off_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every search with a limit hands off after its root (restarts on every size)."""
    monkeypatch.setattr(houses, "RESTART_MIN_VERTICES", 0)
    monkeypatch.setattr(houses, "HANDOFF_GUESSES", 0)


@pytest.mark.usefixtures("hand_off_at_once")
@pytest.mark.parametrize("line", HARD)
@pytest.mark.parametrize("drop", [0, 4])
@pytest.mark.parametrize("limit", [1, 2])
def test_the_handoff_agrees_with_the_reference(line: str, drop: int, limit: int) -> None:
    grid = Grid.parse(line)
    clues = [v for v, c in enumerate(grid.values) if c][:drop]  # some clues dropped: several
    problem = Grid((3, 3), tuple(0 if v in clues else c for v, c in enumerate(grid.values))).problem
    r = houses.run(problem, SolveOptions(limit=limit))
    want = reference(problem, limit)
    assert r.stats.engine == "houses+sat"
    assert r.status == "solved" and len(r.solutions) == len(want)
    assert all(is_solution(problem, s) for s in r.solutions)
    if limit == 2 and len(want) < 2:
        assert r.complete and r.count == len(want)


@pytest.mark.usefixtures("hand_off_at_once")
@pytest.mark.parametrize(
    "name", ["anti-knight.txt", "x_anti-king.txt", "windoku.txt", "jigsaw.txt"]
)
@pytest.mark.parametrize("drop", [0, 5])
def test_the_handoff_on_variants(name: str, drop: int) -> None:
    """Edges outside the houses are clauses too: the same solutions as the reference."""
    grid = read_variant_puzzle((VARIANTS / name).read_text(encoding="utf-8"))
    clues = [v for v, c in enumerate(grid.values) if c][:drop]
    values = tuple(0 if v in clues else c for v, c in enumerate(grid.values))
    problem = Problem(grid.problem.graph, grid.problem.k, values)
    r = houses.run(problem, SolveOptions(limit=2))
    want = reference(problem, 2)
    assert r.status == "solved" and len(r.solutions) == len(want)
    assert all(is_solution(problem, s) for s in r.solutions)
    if len(want) == 1:
        assert r.complete and set(r.solutions) == want
    if name == "anti-knight.txt":  # it needs guesses: the root hands it off
        assert r.stats.engine == "houses+sat"


@pytest.mark.usefixtures("hand_off_at_once")
def test_the_handoff_proves_unsatisfiable() -> None:
    """A unique puzzle with one more clue, legal but not its solution's: no solution."""
    values = list(Grid.parse(HARD[0]).values)
    solution = reference(Grid((3, 3), tuple(values)).problem, 1).pop()
    for v in range(81):
        for c in range(1, 10):
            if values[v] or c == solution[v]:
                continue
            try:
                problem = Grid((3, 3), tuple([*values[:v], c, *values[v + 1 :]])).problem
            except InvalidPuzzle:
                continue
            r = houses.run(problem, SolveOptions(limit=2))
            assert r.status == "unsatisfiable" and r.complete and r.count == 0
            assert r.stats.engine == "houses+sat"
            return
    raise AssertionError("no legal wrong clue found")


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_run_domains_within_random_domains(data: st.DataObject) -> None:
    """Domains cut at random (open vertices of every size, fixed ones beside open
    neighbours that still hold their colour, houses whose colour has no place): the
    solutions are exactly the reference engine's that fit them."""
    problem = Grid.empty((2, 2)).problem  # its 288 grids
    full = (1 << problem.k) - 1
    cut = st.one_of(st.just(full), st.just(full), st.integers(1, full))  # mostly whole
    domains = [data.draw(cut) for _ in range(problem.graph.n)]
    fits = lambda s: all(d >> (c - 1) & 1 for d, c in zip(domains, s, strict=True))  # noqa: E731
    want = {s for s in ALL_4X4 if fits(s)}
    sols, complete, _, reason = run_domains(problem, domains, None)
    assert complete and reason == ""
    assert set(sols) == want and len(sols) == len(want)


def test_run_domains_on_impossible_domains() -> None:
    """An empty domain, or two neighbours left with one same colour: no solution, at once."""
    problem = Grid.empty((2, 2)).problem
    full = [15] * 16
    assert run_domains(problem, [0, *full[1:]], 2)[:2] == ([], True)
    assert run_domains(problem, [1, 1, *full[2:]], 2)[:2] == ([], True)


@pytest.mark.usefixtures("hand_off_at_once")
def test_no_handoff_with_max_nodes_or_without_python_sat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    problem = Grid.parse(HARD[1]).problem
    capped = houses.run(problem, SolveOptions(limit=2, max_nodes=100_000))
    assert capped.stats.engine == "houses" and len(capped.solutions) == 1
    monkeypatch.setattr("sudograph.search.sat.sat_available", lambda: False)
    plain = houses.run(problem, SolveOptions(limit=2))
    assert plain.stats.engine == "houses" and plain.solutions == capped.solutions


@pytest.mark.usefixtures("hand_off_at_once")
def test_the_handoff_keeps_the_deadline() -> None:
    problem = Grid.parse(HARD[2]).problem
    r = houses.run(problem, SolveOptions(limit=2, timeout=0.0))
    assert r.status == "stopped" and r.reason == "time limit" and not r.complete


@settings(max_examples=30, deadline=None)
@given(
    box=st.sampled_from([(2, 2), (2, 3), (3, 3), (4, 4)]),
    seed=st.integers(0, 10**6),
    share=st.floats(0.0, 1.0),
)
def test_formula_literals_counts_what_run_domains_writes(
    box: tuple[int, int], seed: int, share: float
) -> None:
    """The handoff's size test (``houses.formula_literals``, against
    ``HANDOFF_MAX_LITERALS``) counts the literals that ``run_domains`` loads for a propagated
    root, exactly: the open vertices' colours and pairs, the pairs of the edges between open
    vertices, the houses' places. (It counted placed neighbours too: a 64×64 grid with 60 %
    of its cells given came to 6 million literals for a formula of 231,000, and was never
    handed off.)"""
    import random
    import time

    full = Grid.empty(box).problem
    solution = full_grid(box, seed=seed).values
    rng = random.Random(seed)
    values = tuple(c if rng.random() < share else 0 for c in solution)
    problem = Problem(full.graph, full.k, values)
    search = houses._checked_search(problem, 1, 0)
    search.run(1, 0, None, time.perf_counter())  # the root, propagated
    dom = search.snapshot()[0][: problem.graph.n]
    g = search.g
    written: list[int] = []

    def count_and_stop(clauses: Any, deadline: Any, name: str = "", options: Any = None) -> Any:
        written.append(sum(len(c) for c in clauses))
        raise sat.OutOfTime

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sat, "_load", count_and_stop)
        run_domains(problem, dom, 1, None, (), (g.nbr_ptr, g.nbr_idx), g.H)
    assume(written)  # run_domains answered before writing (a root with no colour left)
    assert houses.formula_literals(dom, g.nbr_ptr, g.nbr_idx, g.H) == written[0]
