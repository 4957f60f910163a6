"""Differential testing (issue 8, item 3): every complete method, on both engines, agrees.

Puzzles: the regression table, samples of every set in ``tests/data/sudoku`` (easy, hard,
17-clue...), and puzzles derived here with a seeded generator (clues removed from a shuffled
solution; a wrong but clash-free clue added to make unsatisfiable ones) for 4×4, 6×6, 9×9 and
16×16. Each is solved with ``limit=2`` by every search method on the Python engine and on the
numba twin (when numba is importable) and by ``fast`` and ``logic`` on 9×9 grids:

- between engines, a deterministic search gives the very same result: status, solutions in
  the same order, nodes, backtracks, deductions, max depth, reason — also when both are
  stopped by the same ``max_nodes`` (so a slow method is still compared on hard grids);
- between methods that finished: the same status and the same number of solutions (0, 1 or
  2), and the same solutions when the enumeration was complete;
- ``logic`` never contradicts them (solved → the unique solution; unsatisfiable → none).

Graphs: random graphs (seeded, and hypothesis-drawn) coloured by every search method on both
engines (same checks; exhaustive enumeration as the referee on small graphs), by the greedy
methods, and by every ``greedy_color`` order (proper, never fewer colours than χ).
The part over the whole corpus is marked slow (CI runs it).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument
from sudograph.graph import Graph
from sudograph.grid import Grid, parse_box
from sudograph.methods import METHODS
from sudograph.problem import Problem, Result, is_proper_coloring, is_solution
from sudograph.search.chromatic import chromatic_number
from sudograph.search.greedy import ORDERS as GREEDY_ORDERS
from sudograph.search.greedy import greedy_color
from sudograph.solve import solve

DATA = Path(__file__).parent / "data"
SEARCH = sorted(m for m, meta in METHODS.items() if meta.order is not None)
GREEDY = sorted(m for m, meta in METHODS.items() if meta.randomized)
CAP = 3000
"""Nodes allowed to one run (the same on both engines): a run stopped there is still compared
between engines, node for node."""


def _numba() -> bool:
    try:
        from sudograph.engine import numba_available
    except ImportError:  # pragma: no cover
        return False
    return numba_available()


def _fast() -> bool:
    try:
        return solve(Grid.empty(3), "fast").status == "solved"
    except Exception:  # the compiled kernel may be missing here or mid-change
        return False


ENGINES = ["python", "numba"] if _numba() else ["python"]
FAST = _fast()


# -- the corpus ------------------------------------------------------------------------------
def regression_lines() -> Iterator[tuple[str, Grid]]:
    for i, text in enumerate((DATA / "regression.txt").read_text(encoding="utf-8").splitlines()):
        if text.strip() and not text.startswith("#"):
            box, puzzle, _, _ = text.split(":")
            yield f"regression-{i}", Grid.parse(puzzle, box=parse_box(box))


SAMPLES = {
    "norvig_easy50.txt": 15,
    "norvig_hardest.txt": 11,
    "norvig_top95.txt": 15,
    "tdoku_17_clue_200.txt": 20,
    "tdoku_hardest1106_50.txt": 10,
    "tdoku_serg_100.txt": 10,
    "tdoku_top1465_100.txt": 15,
}


def sampled_sets() -> Iterator[tuple[str, Grid]]:
    rng = random.Random(8)
    for name, size in SAMPLES.items():
        lines = [x for x in (DATA / "sudoku" / name).read_text().split() if len(x) == 81]
        for i in sorted(rng.sample(range(len(lines)), min(size, len(lines)))):
            yield f"{name.removesuffix('.txt')}-{i}", Grid.parse(lines[i])


@functools.cache
def solved_empty(box: tuple[int, int]) -> Grid:
    grid = solve(Grid.empty(box), "propagate", engine="python").grid
    assert grid is not None
    return grid


def shuffled_solution(box: tuple[int, int], rng: random.Random) -> Grid:
    """A solution grid of shape ``box``: a solved empty grid with its symbols permuted and its
    rows shuffled inside bands and bands shuffled (every such grid is a solution too)."""
    r, c = box
    side = r * c
    base = solved_empty(box)
    perm = list(range(1, side + 1))
    rng.shuffle(perm)
    bands = list(range(c))  # c bands of r rows each
    rng.shuffle(bands)
    rows = []
    for band in bands:
        inner = list(range(r))
        rng.shuffle(inner)
        rows += [band * r + i for i in inner]
    values = [perm[base.values[row * side + col] - 1] for row in rows for col in range(side)]
    grid = base.with_values(tuple(values))
    assert grid.is_complete() and not grid.conflicts()
    return grid


def derived(
    box: tuple[int, int], count: int, clues: tuple[int, int], seed: int
) -> Iterator[tuple[str, Grid]]:
    """``count`` puzzles from shuffled solutions, keeping a number of clues in ``clues``;
    every third one gets a clash-free clue that differs from the solution (often making it
    unsatisfiable)."""
    rng = random.Random(seed)
    side = box[0] * box[1]
    for i in range(count):
        sol = shuffled_solution(box, rng)
        keep = rng.randint(*clues)
        cells = rng.sample(range(side * side), keep)
        values = [0] * (side * side)
        for v in cells:
            values[v] = sol.values[v]
        puzzle = sol.with_values(tuple(values))
        if i % 3 == 2:
            blanks = [v for v in range(side * side) if not values[v]]
            rng.shuffle(blanks)
            for v in blanks:
                wrong = [c for c in puzzle.candidates(v) if c != sol.values[v]]
                if wrong:
                    values[v] = rng.choice(wrong)
                    puzzle = sol.with_values(tuple(values))
                    break
        yield f"derived-{side}-{seed}-{i}", puzzle


def corpus() -> list[tuple[str, Grid]]:
    items = list(regression_lines())
    items += sampled_sets()
    items += derived((2, 2), 50, (0, 9), 1)
    items += derived((2, 3), 50, (6, 20), 2)
    items += derived((3, 3), 70, (20, 36), 3)
    items += derived((4, 4), 15, (120, 200), 4)
    return items


CORPUS = corpus()
QUICK = {name for i, (name, _) in enumerate(CORPUS) if i % 4 == 0}


def test_corpus_covers_every_kind() -> None:
    sides = {g.n for _, g in CORPUS}
    assert sides >= {4, 6, 9, 16, 25} and len(CORPUS) >= 300
    statuses = {name: reference(g) for name, g in CORPUS[::5]}
    assert {0, 1, 2} <= set(statuses.values()), statuses


def reference(grid: Grid) -> int:
    """Solutions of ``grid``, up to 2 (propagate on the Python engine)."""
    return len(solve(grid, "propagate", limit=2, engine="python").solutions)


# -- the checks ------------------------------------------------------------------------------
def signature(r: Result) -> tuple[Any, ...]:
    """Everything a deterministic search must reproduce on another engine."""
    s = r.stats
    return (
        r.status,
        r.reason,
        r.complete,
        r.solutions,
        s.nodes,
        s.backtracks,
        s.deductions,
        s.max_depth,
    )


def compare_methods(x: Any, *, limit: int | None = 2, cap: int = CAP) -> dict[str, Result]:
    """Solve ``x`` with every search method on every engine; assert the engines agree and the
    finished methods agree; return the finished results by method."""
    done: dict[str, Result] = {}
    for m in SEARCH:
        runs = {e: solve(x, m, limit=limit, max_nodes=cap, engine=e) for e in ENGINES}
        first = runs[ENGINES[0]]
        for e, r in runs.items():
            assert signature(r) == signature(first), (m, e, r.summary(), first.summary())
        if first.reason != "node limit":
            done[m] = first
    results = list(done.values())
    for m, r in done.items():
        assert (r.status, len(r.solutions)) == (results[0].status, len(results[0].solutions)), (
            m,
            r.summary(),
            results[0].summary(),
        )
        if r.complete and results[0].complete:
            assert sorted(r.solutions) == sorted(results[0].solutions), m
    return done


def check_puzzle(grid: Grid) -> None:
    done = compare_methods(grid)
    if not done:  # every search hit the cap: ask propagate without one
        done["propagate"] = solve(grid, "propagate", limit=2, engine=ENGINES[-1])
    ref = next(iter(done.values()))
    ref_count = len(ref.solutions)
    assert ref.status == ("solved" if ref_count else "unsatisfiable")
    if grid.n == 9:
        if FAST:
            f = solve(grid, "fast", limit=2)
            assert (f.status, len(f.solutions)) == (ref.status, ref_count), f.summary()
            assert sorted(f.solutions) == sorted(ref.solutions) or ref_count == 2
        lg = solve(grid, "logic")
        if lg.status == "solved" and ref_count == 1:
            assert lg.solutions == ref.solutions
        if lg.status == "unsatisfiable":
            assert ref_count == 0
        if ref_count == 0:
            assert lg.status != "solved"


def corpus_params() -> list[Any]:
    return [
        pytest.param(g, id=name, marks=[] if name in QUICK else [pytest.mark.slow])
        for name, g in CORPUS
    ]


@pytest.mark.parametrize("grid", corpus_params())
def test_methods_and_engines_agree_on_puzzles(grid: Grid) -> None:
    check_puzzle(grid)


# -- graphs ----------------------------------------------------------------------------------
def random_problem(rng: random.Random, n: int, p: float, k: int, pre: float) -> Problem:
    """A G(n, p) graph with k colours and a clash-free random precolouring (density pre)."""
    edges = [(u, v) for u, v in itertools.combinations(range(n), 2) if rng.random() < p]
    g = Graph.from_edges(n, edges)
    colour = [0] * n
    for v in range(n):
        if rng.random() < pre:
            free = [c for c in range(1, k + 1) if all(colour[u] != c for u in g.neighbors[v])]
            if free:
                colour[v] = rng.choice(free)
    return Problem(g, k, tuple(colour))


def brute_force(problem: Problem) -> list[tuple[int, ...]]:
    """Every solution, by enumeration (the referee on small graphs)."""
    n, k = problem.graph.n, problem.k
    return [c for c in itertools.product(range(1, k + 1), repeat=n) if is_solution(problem, c)]


def graph_cases(seed: int, count: int, sizes: tuple[int, int], colours: int) -> list[Problem]:
    rng = random.Random(seed)
    return [
        random_problem(
            rng,
            rng.randint(*sizes),
            rng.choice([0.15, 0.3, 0.5, 0.7]),
            rng.randint(1, colours),
            rng.choice([0.0, 0.2, 0.4]),
        )
        for _ in range(count)
    ]


@pytest.mark.parametrize("problem", graph_cases(21, 40, (1, 6), 4))
def test_small_graphs_against_enumeration(problem: Problem) -> None:
    truth = brute_force(problem)
    done = compare_methods(problem, limit=None, cap=10**6)
    assert set(done) == set(SEARCH)
    for m, r in done.items():
        assert r.complete and sorted(r.solutions) == truth, m
        assert r.status == ("solved" if truth else "unsatisfiable")


@pytest.mark.parametrize("problem", graph_cases(22, 60, (8, 40), 5))
def test_random_graphs_agree(problem: Problem) -> None:
    done = compare_methods(problem)
    for r in done.values():
        assert all(is_solution(problem, s) for s in r.solutions)
    for m in GREEDY:
        g = solve(problem, m, seed=3, itermax=20)
        assert all(is_solution(problem, s) for s in g.solutions)
        if done and next(iter(done.values())).status == "unsatisfiable":
            assert g.status == "stopped", m


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 8),
    st.floats(0.0, 1.0),
    st.integers(1, 3),
    st.randoms(use_true_random=False),
)
def test_engines_agree_on_drawn_graphs(n: int, p: float, k: int, rng: Any) -> None:
    problem = random_problem(random.Random(rng.random()), n, p, k, 0.3)
    done = compare_methods(problem, limit=None, cap=10**6)
    truth = brute_force(problem) if n <= 7 else None
    for r in done.values():
        assert r.complete
        if truth is not None:
            assert sorted(r.solutions) == truth


@pytest.mark.parametrize("order", GREEDY_ORDERS)
@pytest.mark.parametrize("seed", range(12))
def test_greedy_orders_colour_properly(order: str, seed: int) -> None:
    rng = random.Random(100 + seed)
    n = rng.randint(1, 30)
    p = rng.choice([0.1, 0.3, 0.5, 0.8])
    g = Graph.from_edges(n, [e for e in itertools.combinations(range(n), 2) if rng.random() < p])
    seed_or_none = seed if order == "random-sequential" else None  # (the others refuse one)
    coloured = greedy_color(g, order, seed=seed_or_none)
    assert is_proper_coloring(g, coloured.coloring)
    assert coloured.colors == max(coloured.coloring, default=0)
    chi = chromatic_number(g, timeout=10)
    assert coloured.colors >= chi.lower_bound and coloured.colors >= chi.upper_bound * chi.proven
    again = greedy_color(g, order, seed=seed_or_none)
    assert again.coloring == coloured.coloring  # deterministic, or seeded


def test_unknown_greedy_order_is_refused() -> None:
    with pytest.raises(InvalidArgument, match="unknown greedy order"):
        greedy_color(Graph.from_edges(2, [(0, 1)]), "alphabetical")
