"""The clue checks on the way of every solve: the fast clash test behind ``first_conflict``
(layers of houses read as bytes, then the edges outside them), the range checks of Problem
and Grid, and the messages of ``Grid.problem``, against the plain scans they replaced."""

from __future__ import annotations

import functools
import pickle
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument, InvalidPuzzle
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.problem import Problem, _may_clash, first_conflict, is_proper_coloring, is_solution
from sudograph.solve import solve
from sudograph.variants import Variant, variant_graph


def scan_conflict(graph: Graph, coloring: Sequence[Any]) -> tuple[int, int] | None:
    """The reference: the first edge ``(u, v)``, in ``(u, v)`` order, coloured alike."""
    clashes = [(u, v) for u, v in graph.edges() if coloring[u] and coloring[u] == coloring[v]]
    return min(clashes, default=None)


def old_problem_error(grid: Grid) -> tuple[type[Exception], str] | None:
    """The reference for Grid.problem's errors: the house scan first, then the Problem."""
    clashes = grid.conflicts()
    if clashes:
        more = f" (and {len(clashes) - 3} more)" if len(clashes) > 3 else ""
        return InvalidPuzzle, "clashing clues: " + "; ".join(
            c.describe(grid.n) for c in clashes[:3]
        ) + more
    cages = grid.variant.cages if grid.variant is not None else ()
    try:
        Problem(grid.graph, grid.n, grid.values, cages=cages)
    except (InvalidArgument, InvalidPuzzle) as exc:
        return type(exc), str(exc)
    return None


def complete_house_graph(size: int) -> Graph:
    """Two overlapping houses of ``size`` vertices, each a clique: one layer each."""
    a, b = range(size), range(size // 2, size + size // 2)
    edges = [(u, v) for h in (a, b) for u in h for v in h if u < v]
    return Graph.from_edges(size + size // 2, edges, houses=[tuple(a), tuple(b)])


GRAPHS = {
    "sudoku 4x4": sudoku_graph(2),
    "sudoku 6x6": sudoku_graph(2, 3),
    "sudoku 9x9": sudoku_graph(3),
    "sudoku 16x16": sudoku_graph(4),
    "sudoku 25x25 (8 layers)": sudoku_graph(5),
    "x+anti-knight 9x9": variant_graph(Variant(("x", "anti-knight")), (3, 3)),
    "petersen (no house)": petersen_graph(),
    "houses of 130 (bound 130)": complete_house_graph(130),
    "houses of 300 (bound 255)": complete_house_graph(300),
    "one edge outside the house": Graph.from_edges(
        4, [(0, 1), (1, 2), (0, 2), (2, 3)], houses=[(0, 1, 2), (2, 3)]
    ),
}


def random_colouring(graph: Graph, rng: random.Random, top: int, blank: float) -> list[int]:
    return [0 if rng.random() < blank else rng.randint(1, top) for _ in range(graph.n)]


@pytest.mark.parametrize("name", list(GRAPHS))
@pytest.mark.parametrize("blank", [0.0, 0.5, 0.9])
def test_first_conflict_is_the_edge_scan_on_known_graphs(name: str, blank: float) -> None:
    graph = GRAPHS[name]
    rng = random.Random(f"{name} {blank}")
    top = max((len(h) for h in graph.houses), default=3)
    for _ in range(30):
        coloring = random_colouring(graph, rng, top, blank)
        assert first_conflict(graph, coloring) == scan_conflict(graph, coloring)
    for _ in range(5):  # proper colourings (blanks where no colour is left) have no clash
        coloring = _proper(graph, rng, min(top, 255))
        assert first_conflict(graph, coloring) is None
        assert not _may_clash(graph, bytes(coloring))


def _proper(graph: Graph, rng: random.Random, top: int) -> list[int]:
    """A random greedy colouring with colours 1..top, blanks where none is left."""
    coloring = [0] * graph.n
    for v in rng.sample(range(graph.n), graph.n):
        used = {coloring[u] for u in graph.neighbors[v]}
        free = [c for c in range(1, top + 1) if c not in used]
        coloring[v] = rng.choice(free) if free else 0
    return coloring


@pytest.mark.parametrize("name", list(GRAPHS))
def test_one_clash_is_found_wherever_it_is(name: str) -> None:
    """Colour the two ends of a single edge alike (everything else blank)."""
    graph = GRAPHS[name]
    edges = graph.edges()
    for u, v in random.Random(name).sample(edges, min(len(edges), 60)):
        coloring = [0] * graph.n
        coloring[u] = coloring[v] = 1 + (u + v) % 3
        assert first_conflict(graph, coloring) == (u, v)
        assert _may_clash(graph, bytes(coloring))


@st.composite
def graphs_with_colourings(draw: st.DrawFn) -> tuple[Graph, list[Any]]:
    """Random houses (cliques, as a Graph requires, overlapping), extra edges, and colourings
    with blanks, colours above the largest house, negative, large or float colours."""
    n = draw(st.integers(1, 24))
    vertex = st.integers(0, n - 1)
    houses = draw(st.lists(st.lists(vertex, max_size=7, unique=True), max_size=40))
    edges = [(u, v) for u, v in draw(st.lists(st.tuples(vertex, vertex), max_size=30)) if u != v]
    for house in houses:
        edges += [(u, v) for u in house for v in house if u < v]
    graph = Graph.from_edges(n, edges, houses=houses)
    top = draw(st.integers(1, 9))
    colour = st.one_of(
        st.integers(0, top),
        st.just(0),
        st.integers(-2, 300),
        st.sampled_from([1.0, True, 2.5]),
    )
    plain = draw(st.booleans())
    coloring = draw(st.lists(st.integers(0, top) if plain else colour, min_size=n, max_size=n))
    return graph, coloring


@settings(max_examples=400, deadline=None)
@given(graphs_with_colourings())
def test_first_conflict_is_the_edge_scan_on_random_graphs(case: tuple[Graph, list[Any]]) -> None:
    graph, coloring = case
    expected = scan_conflict(graph, coloring)
    assert first_conflict(graph, coloring) == expected
    assert first_conflict(graph, tuple(coloring)) == expected
    if expected is not None and all(isinstance(c, int) and 0 <= c < 256 for c in coloring):
        assert _may_clash(graph, bytes(coloring))  # no clash missed by the fast test


@settings(max_examples=200, deadline=None)
@given(graphs_with_colourings())
def test_problem_accepts_and_refuses_as_the_plain_checks(case: tuple[Graph, list[Any]]) -> None:
    graph, coloring = case
    k = 9
    bad = next(
        ((v, c) for v, c in enumerate(coloring) if type(c) is not int or not 0 <= c <= k),
        None,
    )  # a float (1.0, 2.5) is no colour, even one that compares equal to one
    clash = scan_conflict(graph, coloring)
    if bad is not None:
        with pytest.raises(InvalidArgument, match=rf"^vertex {bad[0]}: colour {bad[1]} is "):
            Problem(graph, k, tuple(coloring))
    elif clash is not None:
        u, v = clash
        message = f"vertices {u} and {v} are adjacent and both coloured {coloring[u]}"
        with pytest.raises(InvalidPuzzle, match=f"^{message}$"):
            Problem(graph, k, tuple(coloring))
    else:
        assert Problem(graph, k, tuple(coloring)).precolouring == tuple(coloring)


@pytest.mark.parametrize(
    ("coloring", "expected"),
    [
        ([1, 1, 0, 0], (0, 1)),  # a list
        ((0, 2, 2, 0, 5), (1, 2)),  # longer than the graph: the tail is not read
        (iter([0, 0, 3, 3]), (2, 3)),  # any iterable
        ([1.0, 1, 0, 0], (0, 1)),  # floats and bools compare as numbers
        ([True, 1, 0, 0], (0, 1)),
        ([256, 256, 0, 0], (0, 1)),  # not a byte
        ([-1, -1, 0, 0], (0, 1)),
        ([0, 0, 0, 0], None),
    ],
)
def test_first_conflict_takes_any_colours(coloring: Any, expected: tuple[int, int] | None) -> None:
    path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)], houses=[(0, 1), (2, 3)])
    assert first_conflict(path, coloring) == expected


def test_first_conflict_reads_numpy_arrays() -> None:
    np = pytest.importorskip("numpy")
    graph = sudoku_graph(2)
    for dtype in (np.int64, np.uint8, np.int8):
        coloring = np.zeros(16, dtype=dtype)
        assert first_conflict(graph, coloring) is None
        coloring[0] = coloring[5] = 3
        assert first_conflict(graph, coloring) == (0, 5)


def test_graph_with_its_plan_pickles() -> None:
    graph = Graph.from_edges(3, [(0, 1), (1, 2), (0, 2)], houses=[(0, 1, 2)])
    assert first_conflict(graph, [1, 2, 1]) == (0, 2)  # the plan is built and kept
    again = pickle.loads(pickle.dumps(graph))
    assert again == graph
    assert first_conflict(again, [1, 2, 1]) == (0, 2)
    assert first_conflict(again, [1, 2, 3]) is None


def test_empty_graph() -> None:
    graph = Graph.from_edges(0, [])
    assert first_conflict(graph, ()) is None
    assert Problem(graph, 1).num_free == 0


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([1, 0, 0, 0, 5] + [0] * 11, "r2c1: value 5 is outside 0..4"),
        ([0, -1] + [0] * 14, "r1c2: value -1 is outside 0..4"),
        ([0, 0, 300] + [0] * 13, "r1c3: value 300 is outside 0..4"),
    ],
)
def test_grid_values_out_of_range_named_as_before(values: list[int], message: str) -> None:
    with pytest.raises(InvalidArgument, match=f"^{message}$"):
        Grid((2, 2), tuple(values))


@pytest.mark.parametrize("value", [1.0, True, 2.5])
def test_grid_refuses_values_that_are_no_whole_numbers(value: object) -> None:
    """Accepted before the API pass (1.5 then broke to_line): refused at construction."""
    with pytest.raises(InvalidArgument, match=r"^r1c1: value .* is not a whole number"):
        Grid((2, 2), (value,) + (0,) * 15)  # type: ignore[arg-type]


KILLER = Variant(("killer",), None, (((0, 1, 2), 6),))


@pytest.mark.parametrize(
    ("text", "variant", "message"),
    [
        ("11" + "." * 14, None, "clashing clues: row 1: 1 at r1c1, r1c2; box 1: 1 at r1c1, r1c2"),
        ("1...1" + "." * 11, None, "clashing clues: column 1: 1 at r1c1, r2c1"),
        ("1....1" + "." * 10, "x", "clashing clues: box 1: 1 at r1c1, r2c2; main diagonal: 1 at"),
        (
            "4" + "." * 80,
            KILLER,
            "clashing clues: cage 1 (sum 6 out of reach): clues total 4 at r1c1",
        ),
        ("33" + "." * 79, KILLER, "clashing clues: row 1: 3 at r1c1, r1c2; box 1: 3 at"),
        (
            "7" + "." * 80,
            KILLER,
            "clashing clues: cage 1 (sum 6 out of reach): clues total 7 at r1c1",
        ),
    ],
)
def test_grid_problem_messages(text: str, variant: Any, message: str) -> None:
    grid = Grid.parse(text, variant=variant)
    with pytest.raises(InvalidPuzzle) as info:
        grid.problem  # noqa: B018 - the property raises
    assert str(info.value).startswith(message)
    assert old_problem_error(grid) == (InvalidPuzzle, str(info.value))


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([(2, 2), (2, 3), (3, 3)]),
    st.sampled_from([None, "x", "anti-knight+anti-king"]),
    st.data(),
)
def test_grid_problem_raises_as_the_house_scan_first(
    box: tuple[int, int], variant: str | None, data: st.DataObject
) -> None:
    n = box[0] * box[1]
    cells = data.draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    sparse = data.draw(st.booleans())
    values = tuple(d if not sparse or i % 5 == 0 else 0 for i, d in enumerate(cells))
    grid = Grid(box, values, variant=variant)  # type: ignore[arg-type]
    expected = old_problem_error(grid)
    if expected is None:
        assert grid.problem.precolouring == values
    else:
        with pytest.raises(expected[0]) as info:
            grid.problem  # noqa: B018 - the property raises
        assert str(info.value) == expected[1]


@pytest.mark.parametrize("method", ["propagate", "naive"])
@pytest.mark.parametrize(
    ("text", "options"),
    [
        ("1.3.....2...4..1", {}),
        ("A.C.....B...D..A", {"alphabet": "ABCD"}),
        ("1...............", {"variant": "x"}),
        ("1" + "." * 35, {"box": (2, 3)}),
    ],
)
def test_solved_grids_keep_the_grid(text: str, options: dict[str, Any], method: str) -> None:
    grid = Grid.parse(text, **options)
    result = solve(grid, method, limit=2)
    assert result.solutions
    assert result.grids == [grid.with_values(s) for s in result.solutions]
    kept = (grid.box, grid.alphabet, grid.variant)
    for solved in result.grids:
        assert (solved.box, solved.alphabet, solved.variant) == kept
        assert solved.is_solution_of(grid)


def old_is_proper(graph: Graph, coloring: Sequence[Any], k: int | None) -> bool:
    """The reference: every vertex coloured 1..k, no edge coloured alike."""
    return (
        len(coloring) == graph.n
        and all(c >= 1 and (k is None or c <= k) for c in coloring)
        and scan_conflict(graph, coloring) is None
    )


@settings(max_examples=300, deadline=None)
@given(graphs_with_colourings(), st.sampled_from([None, 1, 3, 9, 300]), st.booleans())
def test_is_proper_and_is_solution_as_the_plain_checks(
    case: tuple[Graph, list[Any]], k: int | None, from_clues: bool
) -> None:
    graph, coloring = case
    if any(isinstance(c, float | bool) for c in coloring):  # refused: not a colour (True is 1)
        with pytest.raises(InvalidArgument, match="is not a whole number"):
            is_proper_coloring(graph, coloring, k)
        return
    assert is_proper_coloring(graph, coloring, k) == old_is_proper(graph, coloring, k)
    if k is None or k > 64:
        return
    clues = [c if type(c) is int and 0 <= c <= k and i % 2 else 0 for i, c in enumerate(coloring)]
    if from_clues:  # a colouring that keeps them, where the clues are not already wrong
        coloring = [c or 1 for c in clues]
    try:
        problem = Problem(graph, k, tuple(clues))
    except InvalidPuzzle:
        return
    expected = old_is_proper(graph, coloring, k) and all(
        p == 0 or p == c for p, c in zip(clues, coloring, strict=True)
    )
    assert is_solution(problem, coloring) == expected


@functools.cache
def solved_grid(box: tuple[int, int], variant: Variant | str | None) -> Grid:
    grid = solve(Grid.parse("." * (box[0] * box[1]) ** 2, box=box, variant=variant)).grid
    assert grid is not None
    return grid


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(
        [
            ((2, 2), None),
            ((2, 3), None),
            ((3, 3), "x+anti-knight"),
            ((3, 3), KILLER),
            ((3, 3), "anti-king"),
        ]
    ),
    st.data(),
)
def test_is_complete_and_is_solution_of_as_the_house_scan(
    spec: tuple[tuple[int, int], Variant | str | None], data: st.DataObject
) -> None:
    box, variant = spec
    solved = solved_grid(box, variant)
    n = solved.n
    values = list(solved.values)
    for cell, value in data.draw(
        st.lists(st.tuples(st.integers(0, n * n - 1), st.integers(0, n)), max_size=3)
    ):
        values[cell] = value
    grid = solved.with_values(values)
    assert grid.is_complete() == (0 not in grid.values and not grid.conflicts())
    clues = [d if data.draw(st.booleans()) else 0 for d in solved.values]
    puzzle = solved.with_values(clues)
    keeps = all(p == 0 or p == d for p, d in zip(puzzle.values, grid.values, strict=True))
    assert grid.is_solution_of(puzzle) == (grid.is_complete() and keeps)


@pytest.mark.parametrize("off", [0, 1, -1, 4])
def test_is_complete_reads_the_cage_sums(off: int) -> None:
    """A full grid that breaks no house but a cage's sum (off from the cells' sum)."""
    solved = solved_grid((3, 3), None)
    cage = (0, 1, 11)
    total = sum(solved.values[v] for v in cage) + off
    grid = Grid(solved.box, solved.values, variant=Variant(("killer",), None, ((cage, total),)))
    assert grid.is_complete() == (off == 0) == (not grid.conflicts())
    assert grid.is_solution_of(grid) == (off == 0)
