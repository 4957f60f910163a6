"""Variants: graphs against the independent checker, every search on them, SAT agreement."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import DATA
from sudograph.errors import InvalidArgument, ParseError
from sudograph.grid import Grid
from sudograph.problem import Problem, is_proper_coloring, is_solution
from sudograph.solve import count, solve
from sudograph.variants import (
    Variant,
    check_regions,
    check_solution,
    format_regions,
    parse_regions,
    variant_graph,
)
from variant_oracle import sat_solutions

REGIONS = {n: (DATA / "variants" / f"jigsaw{n}.regions").read_text() for n in (4, 6, 9)}
BOX = {4: (2, 2), 6: (2, 3), 9: (3, 3)}
SEARCHES = [("static", "check"), ("mrv", "forward"), ("dsatur", "singles")]


def variant(spec: str, n: int) -> Variant:
    """``spec`` on an n×n grid; ``jigsaw`` takes the bundled map, ``killer`` cages made from
    the first classic solution (pairs along each row)."""
    names = [s for s in spec.split("+") if s not in ("jigsaw", "killer")]
    regions = parse_regions(REGIONS[n], n) if "jigsaw" in spec else None
    cages: tuple[tuple[tuple[int, ...], int], ...] = ()
    if "killer" in spec:
        sol = solve(Grid.empty(BOX[n])).solution
        assert sol is not None
        cages = tuple(
            ((v, v + 1), sol[v] + sol[v + 1]) for v in range(0, n * n, 2) if v % n + 1 < n
        )
    return Variant(tuple(names), regions, cages)


SPECS_4 = [
    "x",
    "windoku",
    "disjoint",
    "anti-king",
    "anti-knight",
    "jigsaw",
    "killer",
    "x+disjoint",
    "x+anti-knight",
    "jigsaw+x",
    "killer+x",
]


@pytest.mark.parametrize("spec", SPECS_4)
@pytest.mark.parametrize(("order", "inference"), SEARCHES)
def test_4x4_every_solution_is_exactly_what_the_checker_accepts(
    spec: str, order: str, inference: str
) -> None:
    """Every 4x4 Latin square that the checker accepts = every solution the search finds."""
    v = variant(spec, 4)
    box = (2, 2)
    expected = {sol for sol in all_latin_4x4() if not check_solution(v, box, sol)}
    grid = Grid(box, (0,) * 16, "", v)
    found = solve(grid, limit=None, order=order, inference=inference, engine="python")
    assert set(found.solutions) == expected
    assert len(found.solutions) == len(expected)
    assert count(grid, engine="python").count == len(expected)


def all_latin_4x4() -> list[tuple[int, ...]]:
    """Every 4x4 Latin square (576): the jigsaw oracle must not assume the boxes."""
    rows = list(itertools.permutations(range(1, 5)))
    out = []
    for a, b, c, d in itertools.product(rows, repeat=4):
        if all(len({a[i], b[i], c[i], d[i]}) == 4 for i in range(4)):
            out.append(a + b + c + d)
    return out


SPECS_9 = [
    "x",
    "windoku",
    "disjoint",
    "centre-dot",
    "asterisk",
    "anti-knight",
    "anti-king",
    "jigsaw",
    "killer",
    "x+anti-king",
    "windoku+anti-knight",
    "jigsaw+disjoint",
]


@pytest.mark.parametrize("spec", SPECS_9)
def test_9x9_solution_passes_the_checker_and_sat_agrees(spec: str) -> None:
    v = variant(spec, 9)
    grid = Grid((3, 3), (0,) * 81, "", v)
    r = solve(grid, engine="python")
    assert r.status == "solved" and r.solution is not None
    assert check_solution(v, (3, 3), r.solution) == []
    assert r.grid is not None and r.grid.is_complete() and r.grid.variant == v
    # a puzzle: the solution with every third cell given; same count as CaDiCaL (up to 2)
    puzzle = grid.with_values([d if i % 3 == 0 else 0 for i, d in enumerate(r.solution)])
    ours = solve(puzzle, limit=2, engine="python").solutions
    theirs = sat_solutions(puzzle.problem, 2)
    assert len(ours) == len(theirs)
    for sol in theirs:
        assert check_solution(v, (3, 3), sol) == []


@pytest.mark.parametrize("spec", ["x", "jigsaw", "disjoint", "killer", "anti-knight"])
def test_6x6_variants_on_every_search_agree(spec: str) -> None:
    v = variant(spec, 6)
    grid = Grid((2, 3), (0,) * 36, "", v)
    sol = solve(grid, engine="python").solution
    assert sol is not None and check_solution(v, (2, 3), sol) == []
    puzzle = grid.with_values([d if i % 4 == 0 else 0 for i, d in enumerate(sol)])
    counts = {count(puzzle, order=o, inference=i, engine="python").count for o, i in SEARCHES}
    assert counts == {len(sat_solutions(puzzle.problem, 1000))}


@pytest.mark.parametrize("spec", ["x+anti-king", "x+anti-knight"])
def test_6x6_impossible_variants_are_unsatisfiable_for_sat_too(spec: str) -> None:
    grid = Grid((2, 3), (0,) * 36, "", spec)
    assert solve(grid, engine="python").status == "unsatisfiable"
    assert sat_solutions(grid.problem, 1) == []


@given(st.sampled_from(SPECS_9), st.integers(0, 80), st.integers(0, 80), st.integers(0, 9))
def test_graph_and_checker_agree_on_altered_solutions(spec: str, u: int, v: int, d: int) -> None:
    """The law: a grid breaks no rule (checker) iff it is a proper colouring of the variant
    graph with its cages held (Problem), on solutions with two cells swapped or one changed."""
    var = variant(spec, 9)
    sol = list(_solution(spec))
    sol[u], sol[v] = sol[v], sol[u]
    if d:
        sol[u] = d
    problem = Problem(variant_graph(var, (3, 3)), 9, cages=var.cages)
    assert (check_solution(var, (3, 3), sol) == []) == is_solution(problem, sol)
    assert (check_solution(var, (3, 3), sol) == []) == (
        is_proper_coloring(problem.graph, sol, 9) and is_solution(problem, sol)
    )


_SOLVED: dict[str, tuple[int, ...]] = {}


def _solution(spec: str) -> tuple[int, ...]:
    if spec not in _SOLVED:
        sol = solve(Grid((3, 3), (0,) * 81, "", variant(spec, 9)), engine="python").solution
        assert sol is not None
        _SOLVED[spec] = sol
    return _SOLVED[spec]


@pytest.mark.parametrize(
    ("spec", "box", "message"),
    [
        ("asterisk", (2, 2), "variant 'asterisk' needs a 9x9 grid, not 4x4"),
        ("centre-dot", (2, 2), "variant 'centre-dot' needs boxes with odd sides, not 2x2"),
        ("windoku", (2, 3), "variant 'windoku' needs square boxes of side >= 2, not 2x3"),
        ("snake", (3, 3), "unknown variant 'snake'"),
        ("jigsaw", (3, 3), "variant 'jigsaw' needs a region map (--regions)"),
        ("killer", (3, 3), "variant 'killer' needs cages (--cages)"),
    ],
)
def test_variants_that_do_not_fit_say_why(spec: str, box: tuple[int, int], message: str) -> None:
    with pytest.raises(
        InvalidArgument, match="^" + message.replace("(", r"\(").replace(")", r"\)")
    ):
        Grid(box, (0,) * (box[0] * box[1]) ** 2, "", spec)
    with pytest.raises(ParseError, match=message.split(" (")[0]):
        Grid.parse("." * (box[0] * box[1]) ** 2, box=box, variant=spec)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("aabb aabb ccdd ccd", "m: region map has 15 cells, expected 16"),
        ("aabb aabb ccdd ccde", "m:1:19: region map has 5 regions, expected 4"),
        ("aaab aabb ccdd ccdd", "m:1:1: region 'a' has 5 cells, expected 4"),
        ("aabb\naabc\nccdd\nccdd", "m:1:3: region 'b' has 3 cells, expected 4"),
    ],
)
def test_bad_region_maps_are_located(text: str, message: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_regions(text, 4, source="m")
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("region", "shown"), [(True, "True"), (0.0, "0.0"), ("1", "'1'"), (None, "None"), (7, "7")]
)
def test_the_api_names_a_region_that_is_no_integer_0_to_n_1(region: object, shown: str) -> None:
    regions: list[object] = list(parse_regions(REGIONS[4], 4))
    regions[5] = region
    with pytest.raises(InvalidArgument, match=rf"^r2c2: region {shown} is not an integer 0..3$"):
        check_regions(regions, 4)  # type: ignore[arg-type]


def test_regions_of_any_integral_type_are_taken() -> None:
    np = pytest.importorskip("numpy")
    regions = tuple(np.array(parse_regions(REGIONS[9], 9)))
    grid = Grid(Grid.parse("." * 81).box, (0,) * 81, "", Variant(("jigsaw",), regions, ()))
    result = solve(grid)
    assert result.status == "solved" and not check_solution(
        grid.variant, grid.box, result.solutions[0]
    )


@pytest.mark.parametrize("n", [4, 6, 9])
def test_region_maps_round_trip(n: int) -> None:
    regions = parse_regions(REGIONS[n], n)
    assert parse_regions(format_regions(regions, n), n) == regions


def test_variant_grid_keeps_its_rules_and_reports_conflicts() -> None:
    g = Grid.parse("." * 81, variant="x+anti-knight")
    assert g.with_values(g.values).variant == g.variant
    assert repr(g).endswith("variant='x+anti-knight')")
    assert eval(repr(g), {"Grid": Grid}) == g
    bad = [0] * 81
    bad[2] = bad[13] = 5  # r1c3 and r2c5: a knight's move, not in one box
    bad[40] = bad[80] = 7  # main diagonal
    names = {c.house for c in g.with_values(bad).conflicts()}
    assert names == {"anti-knight", "main diagonal"}
    with pytest.raises(Exception, match="clashing clues: main diagonal: 7 at r5c5, r9c9"):
        _ = g.with_values(bad).problem
    assert g.to_json()["variant"] == "x+anti-knight"


def test_killer_cage_conflicts_and_cage_pruning_without_clues() -> None:
    """A killer with cages and no clue is solved by every search and matches SAT."""
    v = variant("killer", 4)
    grid = Grid((2, 2), (0,) * 16, "", v)
    sat = sat_solutions(grid.problem, 1000)
    for o, i in SEARCHES:
        assert sorted(solve(grid, limit=None, order=o, inference=i, engine="python").solutions) == (
            sorted(sat)
        )
    over = list(sat[0])
    cells, total = v.cages[0]
    over[cells[0]] = over[cells[1]] = 0
    over[cells[0]] = 4 if total <= 4 else 1
    bad = grid.with_values(over)
    assert any(c.house.startswith("cage 1") for c in bad.conflicts()) == (over[cells[0]] >= total)


@pytest.mark.parametrize("n", [4, 6])
def test_sat_reads_cage_sums(n: int) -> None:
    """Method sat on killers: its own encoding of the sums (a selector per combination)
    gives the solutions of the oracle's (another encoding) and of the reference engine, on a
    killer with its clues and without, and refuses none."""
    pytest.importorskip("pysat")
    v = variant("killer", n)
    sol = solve(Grid.empty(BOX[n])).solution
    assert sol is not None
    rng = random.Random(n)
    for clues in ((0,) * (n * n), tuple(d if rng.random() < 0.2 else 0 for d in sol)):
        grid = Grid(BOX[n], clues, "", v)
        ours = solve(grid, "sat", limit=50)
        ref = solve(grid, "propagate", limit=50, engine="python")
        assert sorted(ours.solutions) == sorted(ref.solutions)
        assert sorted(ours.solutions) == sorted(sat_solutions(grid.problem, 50))
        assert all(check_solution(v, BOX[n], s) == [] for s in ours.solutions)


def test_random_partial_grids_never_break_the_search() -> None:
    """Random clues from a solution: every solution found passes the checker."""
    rng = random.Random(5)
    for spec in ("x+anti-king", "windoku", "jigsaw"):
        v = variant(spec, 9)
        sol = _solution(spec)
        for _ in range(3):
            puzzle = [d if rng.random() < 0.3 else 0 for d in sol]
            r = solve(Grid((3, 3), tuple(puzzle), "", v), limit=3, engine="python")
            assert r.solutions and all(check_solution(v, (3, 3), s) == [] for s in r.solutions)


@pytest.mark.parametrize(
    ("spec", "values", "expected"),
    [
        # every repeated digit of a house is named, in the order the house repeats them
        (
            "",
            [1, 1, 2, 2] + [0] * 12,
            ["row 1 repeats 1, 2", "box 1 repeats 1", "box 2 repeats 2"],
        ),
        (
            "x",
            [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1],
            ["main diagonal repeats 4, 1", "anti-diagonal repeats 1, 4"],
        ),
        ("", [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], []),
        (
            "",
            [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
            ["row 1 repeats 1", "column 1 repeats 1"],
        ),
    ],
)
def test_checker_names_every_repeat(spec: str, values: list[int], expected: list[str]) -> None:
    v = Variant(tuple(spec.split("+"))) if spec else None
    assert check_solution(v, (2, 2), values) == expected
