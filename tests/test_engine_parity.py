"""The compiled twin against the reference search: for every order × inference, the same
status, solutions (in the same order), nodes, backtracks, deductions, max depth, completeness
and stop reason — on a regression table (4×4, 6×6, 9×9 with seed 003's grid M, 16×16), on
hundreds of seeded random puzzles, and on random graphs (hypothesis)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.methods import INFERENCES, ORDERS
from sudograph.problem import Problem, Result, SolveOptions, is_solution
from sudograph.search import backtracking

pytest.importorskip("numba")

from sudograph.engine import run_twin

COMBOS = list(itertools.product(ORDERS, INFERENCES))

# seed 003, "la seconde grille initiale" M
CAPES_M = [
    [2, 0, 0, 0, 9, 0, 3, 0, 0],
    [0, 1, 9, 0, 8, 0, 0, 7, 4],
    [0, 0, 8, 4, 0, 0, 6, 2, 0],
    [5, 9, 0, 6, 2, 1, 0, 0, 0],
    [0, 2, 7, 0, 0, 0, 1, 6, 0],
    [0, 0, 0, 5, 7, 4, 0, 9, 3],
    [0, 8, 5, 0, 0, 9, 7, 0, 0],
    [9, 3, 0, 0, 5, 0, 8, 4, 0],
    [0, 0, 2, 0, 6, 0, 0, 0, 1],
]


def outcome(r: Result) -> tuple[Any, ...]:
    """Everything the two engines must agree on (not the seconds)."""
    s = r.stats
    return (
        r.status,
        r.solutions,
        s.nodes,
        s.backtracks,
        s.deductions,
        s.max_depth,
        r.complete,
        r.count,
        r.reason,
    )


def assert_same(problem: Problem, options: SolveOptions) -> Result:
    """Run both engines; assert they agree and that every solution is one."""
    ref = backtracking.run(problem, options)
    twin = run_twin(problem, options)
    assert outcome(twin) == outcome(ref), (options, problem.graph)
    assert all(is_solution(problem, s) for s in twin.solutions)
    return twin


# -- puzzles --------------------------------------------------------------------------------
def solved_grid(rng: random.Random, br: int, bc: int) -> list[int]:
    """A random full grid: the pattern solution, shuffled by digits, bands, stacks, rows in a
    band and columns in a stack (all of which keep it valid)."""
    n = br * bc
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    bands = rng.sample(range(bc), bc)  # bc bands of br rows
    stacks = rng.sample(range(br), br)  # br stacks of bc columns
    rows = [b * br + r for b in bands for r in rng.sample(range(br), br)]
    cols = [s * bc + c for s in stacks for c in rng.sample(range(bc), bc)]

    def pattern(r: int, c: int) -> int:
        return (bc * (r % br) + r // br + c) % n

    return [digits[pattern(r, c)] for r in rows for c in cols]


def random_puzzle(rng: random.Random, br: int, bc: int, clues: int) -> Problem:
    """``clues`` cells kept from a random full grid (so at least one solution)."""
    n = br * bc
    full = solved_grid(rng, br, bc)
    keep = set(rng.sample(range(n * n), clues))
    pre = tuple(v if i in keep else 0 for i, v in enumerate(full))
    return Problem(sudoku_graph(br, bc), n, pre)


def random_clash_free(rng: random.Random, br: int, bc: int, tries: int) -> Problem:
    """Random clues that do not clash (often unsatisfiable: the hard case for inference)."""
    n = br * bc
    g = sudoku_graph(br, bc)
    pre = [0] * (n * n)
    for _ in range(tries):
        v, c = rng.randrange(n * n), rng.randint(1, n)
        if pre[v] == 0 and all(pre[u] != c for u in g.neighbors[v]):
            pre[v] = c
    return Problem(g, n, tuple(pre))


def test_solved_grid_is_a_solution() -> None:
    rng = random.Random(0)
    for br, bc in ((2, 2), (2, 3), (3, 2), (3, 3), (4, 4)):
        full = solved_grid(rng, br, bc)
        n = br * bc
        assert is_solution(Problem(sudoku_graph(br, bc), n), full)


# -- the regression table -------------------------------------------------------------------
def hex16_puzzle() -> Problem:
    rng = random.Random(16)
    return random_puzzle(rng, 4, 4, 150)


REGRESSION: list[tuple[str, Problem, Sequence[int | None], int | None]] = [
    # (name, problem, limits, max_nodes)
    ("capes M", Grid.from_lists(CAPES_M).problem, (1, 2, None), None),
    ("empty 4x4", Grid.empty(2).problem, (1, 2, None), None),
    # r1c1 can take no digit: 2 and 3 in its row, 1 in its box, 4 in its column
    ("4x4 unsat", Grid.parse(".23..1......4...").problem, (1, None), None),
    ("6x6 2x3", random_puzzle(random.Random(6), 2, 3, 14), (1, 2, None), None),
    (
        "9x9 norvig hardest",
        Grid.parse(
            "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
        ).problem,
        (1, 2),
        3000,
    ),
    ("16x16", hex16_puzzle(), (1, 2), 600),
    ("petersen k=3", Problem(petersen_graph(), 3), (1, None), None),
    ("petersen k=2", Problem(petersen_graph(), 2), (1,), None),
]


@pytest.mark.parametrize(("order", "inference"), COMBOS)
@pytest.mark.parametrize(
    ("name", "problem", "limits", "max_nodes"), REGRESSION, ids=[r[0] for r in REGRESSION]
)
def test_regression_table(
    name: str,
    problem: Problem,
    limits: Sequence[int | None],
    max_nodes: int | None,
    order: str,
    inference: str,
) -> None:
    for limit in limits:
        assert_same(
            problem,
            SolveOptions(order=order, inference=inference, limit=limit, max_nodes=max_nodes),
        )


def test_capes_m_naive_is_157_nodes_114_backtracks() -> None:
    r = assert_same(
        Grid.from_lists(CAPES_M).problem, SolveOptions(order="static", inference="check")
    )
    assert (r.stats.nodes, r.stats.backtracks) == (157, 114)


@pytest.mark.parametrize("limit", [1, 2, None])
@pytest.mark.parametrize(("order", "inference"), COMBOS)
def test_node_limits_stop_alike(order: str, inference: str, limit: int | None) -> None:
    """A node limit stops both engines at the same node, every limit from 0 to 40."""
    p = random_clash_free(random.Random(7), 2, 3, 10)
    for max_nodes in range(0, 41, 3):
        assert_same(
            p, SolveOptions(order=order, inference=inference, limit=limit, max_nodes=max_nodes)
        )


# -- random puzzles -------------------------------------------------------------------------
@pytest.mark.parametrize(("order", "inference"), COMBOS)
def test_random_4x4_puzzles_count_alike(order: str, inference: str) -> None:
    rng = random.Random(44)
    for _ in range(40):
        p = (
            random_puzzle(rng, 2, 2, rng.randint(0, 8))
            if rng.random() < 0.6
            else random_clash_free(rng, 2, 2, rng.randint(2, 10))
        )
        assert_same(p, SolveOptions(order=order, inference=inference, limit=None))


@pytest.mark.parametrize(("order", "inference"), COMBOS)
def test_random_6x6_puzzles(order: str, inference: str) -> None:
    rng = random.Random(66)
    for i in range(30):
        p = (
            random_puzzle(rng, 2, 3, rng.randint(8, 24))
            if i % 3
            else random_clash_free(rng, 2, 3, rng.randint(6, 20))
        )
        limit = (1, 2, None)[i % 3]
        assert_same(p, SolveOptions(order=order, inference=inference, limit=limit, max_nodes=2000))


@pytest.mark.parametrize(("order", "inference"), COMBOS)
def test_random_9x9_puzzles(order: str, inference: str) -> None:
    rng = random.Random(99)
    for i in range(12):
        p = (
            random_puzzle(rng, 3, 3, rng.randint(22, 40))
            if i % 4
            else random_clash_free(rng, 3, 3, rng.randint(15, 30))
        )
        assert_same(
            p, SolveOptions(order=order, inference=inference, limit=1 + i % 2, max_nodes=300)
        )


@pytest.mark.slow
@pytest.mark.parametrize(("order", "inference"), COMBOS)
def test_many_more_random_puzzles(order: str, inference: str) -> None:
    rng = random.Random(1234)
    for i in range(60):
        br, bc = ((2, 2), (2, 3), (3, 2), (3, 3))[i % 4]
        n = br * bc
        p = (
            random_puzzle(rng, br, bc, rng.randint(n, n * n // 2))
            if i % 5
            else random_clash_free(rng, br, bc, rng.randint(n, 3 * n))
        )
        assert_same(
            p,
            SolveOptions(
                order=order, inference=inference, limit=(1, 2, None)[i % 3], max_nodes=1500
            ),
        )


# -- random graphs --------------------------------------------------------------------------
@st.composite
def problems(draw: st.DrawFn) -> Problem:
    """A random graph on up to 10 vertices, maybe with houses (cliques, as a Graph requires,
    of k vertices or not), k in 1..5, and a precolouring that does not clash."""
    n = draw(st.integers(0, 10))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    edges = draw(st.lists(st.sampled_from(pairs), max_size=len(pairs))) if pairs else []
    k = draw(st.integers(1, 5))
    houses: list[list[int]] = []
    if n and draw(st.booleans()):
        for _ in range(draw(st.integers(1, 3))):
            size = draw(st.sampled_from([k, min(k, n), max(1, k - 1)]))
            members = draw(st.permutations(range(n)))[: min(size, n)]
            houses.append(list(members))
            edges += [(a, b) for a, b in itertools.combinations(members, 2)]
    g = Graph.from_edges(n, edges, houses=houses)
    pre = [0] * n
    for v in range(n):
        c = draw(st.integers(0, k)) if draw(st.integers(0, 3)) == 0 else 0
        if c and all(pre[u] != c for u in g.neighbors[v]):
            pre[v] = c
    return Problem(g, k, tuple(pre))


@given(problems(), st.sampled_from([1, 2, None]))
def test_random_graphs_every_combination(problem: Problem, limit: int | None) -> None:
    for order, inference in COMBOS:
        assert_same(
            problem, SolveOptions(order=order, inference=inference, limit=limit, max_nodes=300)
        )


@given(problems())
def test_random_graphs_counted_alike(problem: Problem) -> None:
    """Counting every solution (a small graph: at most 5**6 colourings)."""
    if problem.graph.n <= 6:
        for order, inference in COMBOS:
            assert_same(problem, SolveOptions(order=order, inference=inference, limit=None))
