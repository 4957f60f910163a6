"""The house kernel (engine/houses.py) against the reference engine (engine="python"): the same
statuses, solution sets and counts on the regression table, on hypothesis-made puzzles of
every shape, on the example variants and on random graphs with houses; limits, node caps,
timeouts, counting and the refusals. Node counts are not compared: the kernel's propagation
is stronger (a different tree)."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument, InvalidPuzzle
from sudograph.formats.variant import read_variant_puzzle
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid, parse_box
from sudograph.problem import Problem, SolveOptions, cage_sum_range, is_solution
from sudograph.search import backtracking
from sudograph.search.cages import implied_cages
from sudograph.variants import Variant

pytest.importorskip("numba")

from sudograph.engine import houses

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "tests" / "data" / "regression.txt"
VARIANTS = ROOT / "examples" / "variants"
SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 4)]


def table() -> list[tuple[str, str, int]]:
    rows = []
    for text in TABLE.read_text(encoding="utf-8").splitlines():
        if text.strip() and not text.startswith("#"):
            box, puzzle, count, _ = text.split(":")
            rows.append((box, puzzle, int(count)))
    return rows


def reference(problem: Problem, limit: int | None) -> tuple[str, set[tuple[int, ...]]]:
    r = backtracking.run(problem, SolveOptions(limit=limit))
    return r.status, set(r.solutions)


ENUMERATION_CAP = 20_000
"""Reference nodes allowed for a full enumeration; a bigger tree compares limits 1 and 2."""


def assert_parity(problem: Problem, *, count: bool = True) -> None:
    """Status and solutions with limit 1, 2 and None (when the reference enumerates them all
    within :data:`ENUMERATION_CAP` nodes); the count (kernel and reference)."""
    for limit in (1, 2):
        r = houses.run(problem, SolveOptions(limit=limit))
        status, sols = reference(problem, limit)
        assert r.status == status and len(r.solutions) == len(sols)
        assert r.stats.engine == "houses"
        assert all(is_solution(problem, s) for s in r.solutions)
    ref = backtracking.run(problem, SolveOptions(limit=None, max_nodes=ENUMERATION_CAP))
    if not ref.complete:
        return
    r = houses.run(problem, SolveOptions(limit=None))
    assert r.status == ref.status and r.complete
    assert set(r.solutions) == set(ref.solutions)
    assert len(r.solutions) == len(set(r.solutions))
    assert all(is_solution(problem, s) for s in r.solutions)
    if count:
        c = houses.count(problem, SolveOptions())
        assert c.complete and c.count == len(ref.solutions)


@pytest.mark.parametrize(("box", "puzzle", "expected"), table())
def test_regression_table(box: str, puzzle: str, expected: int) -> None:
    grid = Grid.parse(puzzle, box=parse_box(box))
    r = houses.run(grid.problem, SolveOptions(limit=None))
    assert r.complete and len(r.solutions) == expected
    assert r.status == ("solved" if expected else "unsatisfiable")
    assert all(grid.with_values(s).is_solution_of(grid) for s in r.solutions)
    assert houses.count(grid.problem, SolveOptions()).count == expected
    two = houses.run(grid.problem, SolveOptions(limit=2))
    assert len(two.solutions) == min(expected, 2)


def random_puzzle(box: tuple[int, int], seed: int, clues: float) -> Grid:
    """A random full grid of shape ``box`` (the kernel with a shuffled house as clues), some
    of its cells emptied, maybe one changed (then often unsatisfiable)."""
    rng = random.Random(seed)
    n = box[0] * box[1]
    g = sudoku_graph(*box)
    pre = [0] * (n * n)
    for c, v in zip(rng.sample(range(1, n + 1), n), g.houses[0], strict=True):
        pre[v] = c
    full = houses.run(Problem(g, n, tuple(pre)), SolveOptions()).solutions[0]
    cells = [v if rng.random() < clues else 0 for v in full]
    if rng.random() < 0.3:
        i = rng.randrange(n * n)
        cells[i] = rng.randint(1, n)
    grid = Grid(box, tuple(cells))
    if grid.conflicts():
        cells[i] = 0
        grid = Grid(box, tuple(cells))
    return grid


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]),
    st.integers(0, 10**6),
    st.floats(0.35, 0.8),
)
def test_parity_random_small_shapes(box: tuple[int, int], seed: int, clues: float) -> None:
    assert_parity(random_puzzle(box, seed, clues).problem)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([(3, 4), (4, 4)]), st.integers(0, 10**6), st.floats(0.6, 0.85))
def test_parity_random_large_shapes(box: tuple[int, int], seed: int, clues: float) -> None:
    problem = random_puzzle(box, seed, clues).problem
    for limit in (1, 2):
        r = houses.run(problem, SolveOptions(limit=limit))
        status, sols = reference(problem, limit)
        assert r.status == status and len(r.solutions) == len(sols)
        assert all(is_solution(problem, s) for s in r.solutions)


@pytest.mark.parametrize("forced", ["LCV_MIN_VERTICES", "MARK_MIN_VERTICES"])
@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4)]),
    st.integers(0, 10**6),
    st.floats(0.35, 0.8),
)
def test_large_grid_options_on_small_shapes(
    forced: str, box: tuple[int, int], seed: int, clues: float
) -> None:
    """The options of large grids forced on small ones: the least constraining colour first
    (``LCV_MIN_VERTICES``), hidden singles only in marked houses (``MARK_MIN_VERTICES``):
    the reference engine's statuses, solutions and counts still."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(houses, forced, 0)
        mp.setattr(houses, "RESTART_MIN_VERTICES", 0)
        mp.setattr(houses._SPARE, "searches", {}, raising=False)
        assert_parity(random_puzzle(box, seed, clues).problem)


@pytest.mark.parametrize("seed", range(3))
def test_25x25_grids_near_the_phase_transition(seed: int) -> None:
    """What a user gets on loosely clued 25×25 grids (restarts, the least constraining
    colour, the SAT handoff when python-sat is installed): checked solutions, and as many
    (limit 2) as CaDiCaL's whole-grid formula finds."""
    grid = random_puzzle((5, 5), seed, 0.5)
    problem = grid.problem
    r = houses.run(problem, SolveOptions(limit=2, timeout=60))
    assert r.reason == ""
    assert all(is_solution(problem, s) for s in r.solutions)
    assert len(set(r.solutions)) == len(r.solutions)
    pytest.importorskip("pysat.solvers")
    from sudograph.search import sat

    assert len(r.solutions) == len(sat.run(problem, SolveOptions(limit=2)).solutions)


@pytest.mark.parametrize("marks", [False, True])
@pytest.mark.parametrize("name", sorted(p.name for p in VARIANTS.glob("*.txt")))
def test_parity_example_variants(name: str, marks: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every bundled variant (killer cages, edges outside the houses, jigsaw regions), also
    with hidden singles only in marked houses (``MARK_MIN_VERTICES`` forced)."""
    if marks:
        monkeypatch.setattr(houses, "MARK_MIN_VERTICES", 0)
        monkeypatch.setattr(houses._SPARE, "searches", {}, raising=False)
    grid = read_variant_puzzle((VARIANTS / name).read_text(encoding="utf-8"))
    problem = grid.problem
    if problem.graph.n > 36:
        for limit in (1, 2):
            r = houses.run(problem, SolveOptions(limit=limit))
            status, sols = reference(problem, limit)
            assert r.status == status and len(r.solutions) == len(sols)
    else:
        assert_parity(problem)


@pytest.mark.parametrize("name", ["killer_4x4.txt", "killer.txt"])
def test_killer_fewer_clues(name: str) -> None:
    """Cages do the pruning: the killer examples with their clues removed."""
    grid = read_variant_puzzle((VARIANTS / name).read_text(encoding="utf-8"))
    problem = grid.problem
    bare = Problem(problem.graph, problem.k, (), problem.cages)
    for limit in (1, 2):
        r = houses.run(bare, SolveOptions(limit=limit))
        status, sols = reference(bare, limit)
        assert r.status == status and len(r.solutions) == len(sols)
        assert all(is_solution(bare, s) for s in r.solutions)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_parity_random_graphs_with_houses(seed: int) -> None:
    """Random graphs: a few cliques declared as houses (exact when of k vertices), random
    extra edges, a few clues."""
    rng = random.Random(seed)
    n = rng.randint(1, 12)
    k = rng.randint(1, 5)
    edges = {(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.2}
    hs = []
    for _ in range(rng.randint(0, 3)):
        size = rng.randint(1, min(n, k + 1))
        h = rng.sample(range(n), size)
        hs.append(tuple(h))
        edges |= {(min(a, b), max(a, b)) for a in h for b in h if a != b}
    g = Graph.from_edges(n, edges, houses=hs)
    pre = [0] * n
    for v in rng.sample(range(n), rng.randint(0, n // 2)):
        c = rng.randint(1, k)
        if all(pre[u] != c for u in g.neighbors[v]):
            pre[v] = c
    assert_parity(Problem(g, k, tuple(pre)))


def test_petersen_and_no_houses() -> None:
    for k in (2, 3, 4):
        assert_parity(Problem(petersen_graph(), k))
    assert_parity(Problem(Graph.from_edges(0, []), 3))


@pytest.mark.parametrize(
    ("box", "expected"), [((1, 1), 1), ((1, 2), 2), ((2, 2), 288), ((2, 3), 28_200_960)]
)
def test_count_empty_grids(box: tuple[int, int], expected: int) -> None:
    r = houses.count(Grid.empty(box).problem, SolveOptions(), keep=2)
    assert r.complete and r.count == expected and r.status == "solved"
    assert len(r.solutions) == min(2, expected)
    assert all(is_solution(Grid.empty(box).problem, s) for s in r.solutions)


def test_count_without_the_symmetry_matches() -> None:
    """Clues break the colour symmetry; by symmetry one clue leaves a k-th of the grids, two
    clues in a row a k(k-1)-th."""
    empty = Grid.empty((2, 3))
    one = empty.with_values((1,) + (0,) * 35)
    assert houses.count(one.problem, SolveOptions()).count * 6 == 28_200_960
    two = empty.with_values((1, 2) + (0,) * 34)
    assert houses.count(two.problem, SolveOptions()).count * 30 == 28_200_960
    assert math.factorial(6) * 39_168 == 28_200_960


@pytest.mark.parametrize("first", [4, 64, houses.MEMO_FIRST_ROWS])
def test_a_growing_memo_counts_the_same(first: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The counting memo starts at ``MEMO_FIRST_ROWS`` rows and grows (its entries moved)
    with the search: the counts do not depend on where it starts, and it grows as far as the
    search needs it, never past ``memo_rows``."""
    monkeypatch.setattr(houses, "MEMO_FIRST_ROWS", first)
    empty = Grid.empty((2, 3))
    one = empty.with_values((1,) + (0,) * 35)
    assert houses.count(empty.problem, SolveOptions()).count == 28_200_960
    assert houses.count(one.problem, SolveOptions()).count * 6 == 28_200_960
    search = houses._Search(one.problem, 0, houses.LEAF_SPACE)
    assert search.memo == min(first, houses.memo_rows(36))
    assert search.start()
    search.run(None, None, None, 0.0)
    nodes = int(search.st[search.K.S_NODES])
    assert search.memo == houses.memo_rows(36) or search.memo > nodes // 2
    assert search.memo <= houses.memo_rows(36) and search.mkeys.shape[0] == search.memo


def test_a_growing_memo_keeps_its_entries() -> None:
    """Every entry moves to the bucket its hash gives in the larger table, same way: a
    lookup there finds it, and no two entries land on one row."""
    import numpy as np

    problem = Grid.empty((2, 3)).problem
    search = houses._Search(problem, 0, houses.LEAF_SPACE)
    rows, ways = search.memo, search.K.WAYS
    rng = np.random.default_rng(5)
    high = rng.integers(0, 2**63, size=rows, dtype=np.uint64) & ~np.uint64(rows - 1)
    low = rng.integers(0, ways, size=rows).astype(np.uint64)  # a hash names its own bucket:
    hashes = high | (np.arange(rows, dtype=np.uint64) & np.uint64(rows - ways)) | low
    search.mhash[:] = hashes
    search.mcount[:] = np.where(rng.random(rows) < 0.7, np.arange(rows), -1)
    search.mkeys[:] = rng.integers(0, 2**63, size=search.mkeys.shape, dtype=np.uint64)
    before = {int(h): (int(c), search.mkeys[i].tolist()) for i, (h, c) in enumerate(
        zip(search.mhash, search.mcount, strict=True)) if c >= 0}  # fmt: skip
    search._grow_memo(4 * rows)
    assert search.memo == 4 * rows and len(search.mcount) == 4 * rows
    found = {}
    for h in before:
        base = (h & (4 * rows - 1)) & ~(ways - 1)
        at = [w for w in range(base, base + ways) if int(search.mhash[w]) == h]
        assert len(at) == 1, h
        found[h] = (int(search.mcount[at[0]]), search.mkeys[at[0]].tolist())
    assert found == before and int((search.mcount >= 0).sum()) == len(before)


@pytest.mark.parametrize("keep", [0, 1, 3])
def test_count_keeps_the_first_solutions(keep: int) -> None:
    grid = Grid.parse("..6....2....4.2..3.........1.4..3.5.", box=(2, 3))
    r = houses.count(grid.problem, SolveOptions(), keep=keep)
    assert r.count == 3 and len(r.solutions) == keep


def test_limits_and_max_nodes() -> None:
    problem = Grid.empty((2, 3)).problem
    r = houses.run(problem, SolveOptions(limit=5))
    assert len(r.solutions) == 5 and r.status == "solved" and not r.complete
    for cap in (1, 10, 100):
        r = houses.run(problem, SolveOptions(limit=None, max_nodes=cap))
        assert r.reason == "node limit" and r.stats.nodes == cap and not r.complete
        assert r.status == ("solved" if r.solutions else "stopped")
    r = houses.run(Grid.empty((3, 3)).problem, SolveOptions(limit=1, max_nodes=0))
    assert r.status == "stopped" and r.reason == "node limit" and r.stats.nodes == 0
    c = houses.count(Grid.parse("." * 81).problem, SolveOptions(max_nodes=50))
    assert not c.complete and c.reason == "node limit" and c.stats.nodes == 50


def test_timeout_stops() -> None:
    r = houses.count(Grid.empty((3, 3)).problem, SolveOptions(timeout=0.2))
    assert r.status == "solved" and r.reason == "time limit" and not r.complete
    assert r.stats.seconds < 5


def test_trace_and_unsupported_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(InvalidArgument, match="trace"):
        houses.run(Grid.empty(2).problem, SolveOptions(trace=lambda e: None))
    with pytest.raises(InvalidArgument, match="a house is a clique"):  # no longer a Graph
        Graph.from_edges(3, [(0, 1)], houses=[(0, 1, 2)])
    monkeypatch.setattr(houses, "unsupported", lambda problem: "a reason")
    with pytest.raises(InvalidArgument, match="house kernel cannot take"):
        houses.run(Grid.empty(2).problem, SolveOptions())


def test_deep_search_grows_the_stack() -> None:
    """A path coloured with 2 colours and a clique at the end: guesses nest deeper than the
    first stack of levels, and the count is right."""
    g = Graph.from_edges(80, [(v, v + 1) for v in range(0, 79, 2)])
    r = houses.run(Problem(g, 2), SolveOptions(limit=3))
    assert len(r.solutions) == 3 and r.stats.max_depth > houses.FIRST_LEVELS
    g = Graph.from_edges(40, [(v, v + 1) for v in range(0, 39, 2)])
    assert houses.count(Problem(g, 2), SolveOptions()).count == 2**20


def test_64_colours() -> None:
    """The widest masks: a clique of 64 vertices as one exact house, half of it clued."""
    n = 64
    g = Graph.from_edges(n, [(u, v) for u in range(n) for v in range(u + 1, n)], houses=[range(n)])
    pre = tuple(range(1, 33)) + (0,) * 32
    r = houses.run(Problem(g, 64, pre), SolveOptions(limit=2))
    assert r.status == "solved" and len(r.solutions) == 2 and len(set(r.solutions[0])) == 64
    four_left = tuple(range(1, 61)) + (0,) * 4
    assert houses.count(Problem(g, 64, four_left), SolveOptions()).count == 24


@pytest.mark.parametrize("timeout", [0.0, 1e-6, 1e-3])
def test_restarts_end_cleanly_at_the_deadline(timeout: float) -> None:
    """The runs of a search with restarts (grids of 200+ cells) share the timeout: a run that
    starts at or past the deadline stops at once ("time limit"), never a negative timeout."""
    problem = Grid.empty((7, 7)).problem  # 2,401 cells: restarts, and slow enough to stop
    r = houses.run(problem, SolveOptions(limit=2, timeout=timeout))
    assert r.status in ("solved", "stopped")
    assert r.status == "solved" or r.reason == "time limit"
    assert all(is_solution(problem, s) for s in r.solutions)


@pytest.mark.parametrize("name", ["anti-king.txt", "anti-knight.txt", "x_anti-king.txt"])
@pytest.mark.parametrize("drop", [0, 3, 6])
def test_common_neighbours_rule(name: str, drop: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """On graphs with edges outside the houses, a colour with two places left in a house
    leaves the vertices seeing both: the same solutions as without the rule (clues dropped
    so that there are several), and a smaller search."""
    grid = read_variant_puzzle((VARIANTS / name).read_text(encoding="utf-8"))
    clues = [v for v, c in enumerate(grid.values) if c][:drop]
    values = tuple(0 if v in clues else c for v, c in enumerate(grid.values))
    problem = Problem(grid.problem.graph, grid.problem.k, values)
    with_rule = houses.run(problem, SolveOptions(limit=None))
    assert len(houses.house_arrays(problem.graph, problem.k).common[1]) > 0
    monkeypatch.setattr(houses, "SEEN_MAX_VERTICES", 0)
    monkeypatch.setattr(houses, "_CACHE", {})
    monkeypatch.setattr(houses._SPARE, "searches", {})
    without = houses.run(problem, SolveOptions(limit=None))
    assert len(houses.house_arrays(problem.graph, problem.k).common[1]) == 0
    assert set(with_rule.solutions) == set(without.solutions) and with_rule.complete
    assert all(is_solution(problem, s) for s in with_rule.solutions)
    assert with_rule.stats.nodes <= without.stats.nodes


@pytest.mark.parametrize("limit", [2, None])
def test_slices_of_one_guess(limit: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Slices of one guess (a stack grown from two levels, the buffer drained every 3
    solutions) give the result of one run."""
    from sudograph.engine import _slices

    problem = Grid.parse("1" + "0" * 35, box=(2, 3)).problem
    opts = SolveOptions(limit=limit, max_nodes=400)
    whole = houses.run(problem, opts)
    monkeypatch.setattr(houses, "SLICING", _slices.Slicing(1, 1, 1))
    monkeypatch.setattr(_slices, "SLICE_SECONDS", 0.0)
    monkeypatch.setattr(houses, "FIRST_LEVELS", 2)
    monkeypatch.setattr(houses, "BUFFER_ROWS", 3)
    monkeypatch.setattr(houses._SPARE, "searches", {})
    sliced = houses.run(problem, opts)
    assert sliced.solutions == whole.solutions and len(whole.solutions) >= 2
    assert (sliced.status, sliced.reason, sliced.stats.nodes) == (
        whole.status,
        whole.reason,
        whole.stats.nodes,
    )


@pytest.mark.parametrize(
    ("spec", "box"),
    [
        ("anti-knight", (3, 3)),
        ("x+anti-king", (3, 3)),
        ("anti-king", (2, 3)),
        ("windoku+anti-knight", (4, 4)),
    ],
)
def test_pair_neighbours_match_their_definition(spec: str, box: tuple[int, int]) -> None:
    """The common-neighbours lists equal, pair by pair, the vertices adjacent to both places
    of a pair of an exact house that share no exact house with both (written out plainly)."""
    from sudograph.variants import Variant, variant_graph

    graph = variant_graph(Variant(tuple(spec.split("+"))), box)
    k = box[0] * box[1]
    arrays = houses.house_arrays(graph, k)
    assert arrays.free
    ptr, idx = arrays.common
    exact = [tuple(row) for row in arrays.H.tolist()]
    pair = 0
    for house in exact:
        for i in range(k):
            for j in range(i + 1, k):
                a, b = house[i], house[j]
                want = sorted(
                    u
                    for u in range(graph.n)
                    if u in graph.neighbors[a]
                    and u in graph.neighbors[b]
                    and not any(a in h and b in h and u in h for h in exact)
                )
                assert idx[ptr[pair] : ptr[pair + 1]].tolist() == want, (house, a, b)
                pair += 1
    assert pair == len(ptr) - 1
    assert len(idx) > 0


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([(2, 2), (2, 3), (3, 2)]),
    st.integers(0, 10**6),
    st.floats(0.3, 1.0),
    st.booleans(),
)
def test_parity_random_killers(box: tuple[int, int], seed: int, caged: float, off: bool) -> None:
    """Random killers: cages of 1-4 cells cut at random from a full grid, a share of them
    kept, their sums from the grid (one made wrong when ``off``, then often unsatisfiable),
    a few clues: the kernel, pruning on the cages the rule of 45 implies too, agrees with
    the reference; the implied cages hold in the full grid."""
    rng = random.Random(seed)
    n = box[0] * box[1]
    full = houses.run(random_puzzle(box, seed, 1.0).problem, SolveOptions()).solutions[0]
    cells = rng.sample(range(n * n), n * n)
    cages = []
    while cells:
        size = min(len(cells), rng.randint(1, 4))
        cage, cells = tuple(sorted(cells[:size])), cells[size:]
        if len({full[v] for v in cage}) == size and rng.random() < caged:
            cages.append((cage, sum(full[v] for v in cage)))
    if off and cages:
        i = rng.randrange(len(cages))
        cells_i, total = cages[i]
        lo, hi = cage_sum_range(len(cells_i), n)
        cages[i] = (cells_i, min(hi, max(lo, total + rng.choice((-1, 1)))))
    if not cages:
        return
    clues = [full[v] if rng.random() < 0.1 else 0 for v in range(n * n)]
    try:
        grid = Grid(box, tuple(clues), variant=Variant(("killer",), cages=tuple(cages)))
        problem = grid.problem
    except InvalidPuzzle:  # the wrong sum clashes with a clue
        return
    implied = implied_cages(houses.house_arrays(problem.graph, n).H.tolist(), cages, n)
    if not off:
        assert all(sum(full[v] for v in c) == s for c, s in implied)
    assert_parity(problem)


def test_implied_cages_find_the_rule_of_45() -> None:
    """A 4x4 row whose first three cells are a cage of 6 has its last cell a 4; with a cage
    across two rows the rest of the row is a cage of its own; a cage already given is not
    implied again, nor a rest larger than half the house."""
    rows = [(0, 1, 2, 3), (4, 5, 6, 7)]
    assert implied_cages(rows, [((0, 1, 2), 6)], 4) == (((3,), 4),)
    assert implied_cages(rows, [((0, 1), 3), ((2, 3), 7)], 4) == ()
    assert implied_cages(rows, [((0,), 1)], 4) == ()  # three cells left of four
    nine = [tuple(range(9))]
    assert implied_cages(nine, [((0, 1, 2, 3), 10)], 9) == (((4, 5, 6, 7, 8), 35),)
    assert implied_cages(nine, [((0, 1, 2), 6)], 9) == ()  # six cells left
