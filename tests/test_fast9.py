"""The compiled 9×9 fast path (method ``fast``): counts, solutions, limits, errors."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from sudograph.engine import fast9  # noqa: E402
from sudograph.errors import InvalidArgument  # noqa: E402
from sudograph.graph import petersen_graph, sudoku_graph  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.problem import Problem, SolveOptions, is_solution  # noqa: E402

DATA = Path(__file__).parent / "data" / "sudoku"
UNIQUE = [
    "norvig_easy50.txt",
    "norvig_top95.txt",
    "norvig_hardest.txt",
    "tdoku_17_clue_200.txt",
    "tdoku_top1465_100.txt",
    "tdoku_hardest1106_50.txt",
]


def read_lines(name: str) -> list[str]:
    return [ln.strip() for ln in (DATA / name).read_text().splitlines() if ln.strip()]


def count_slowly(values: list[int], limit: int) -> int:
    """An independent plain backtracking counter (row-major order, no inference)."""
    grid = list(values)

    def ok(i: int, d: int) -> bool:
        r, c = divmod(i, 9)
        br, bc = 3 * (r // 3), 3 * (c // 3)
        for k in range(9):
            if grid[9 * r + k] == d or grid[9 * k + c] == d:
                return False
            if grid[9 * (br + k // 3) + bc + k % 3] == d:
                return False
        return True

    def go(i: int) -> int:
        while i < 81 and grid[i]:
            i += 1
        if i == 81:
            return 1
        total = 0
        for d in range(1, 10):
            if ok(i, d):
                grid[i] = d
                total += go(i + 1)
                grid[i] = 0
                if total >= limit:
                    break
        return total

    return go(0)


@pytest.mark.parametrize("name", UNIQUE)
def test_unique_sets_have_one_solution_each(name: str) -> None:
    lines = read_lines(name)
    arr = fast9.lines_to_array(lines)
    counts, sols, _guesses, stopped = fast9.solve_array(arr, 2)
    assert counts.tolist() == [1] * len(lines)
    assert not stopped.any()
    assert fast9.check_solutions(arr, counts, sols).all()
    for line, sol in zip(lines[:20], sols[:20], strict=True):
        assert Grid.parse(fast9.array_to_line(sol)).is_solution_of(Grid.parse(line))


@pytest.mark.parametrize("locked", [0, 1, 2])
def test_every_locked_mode_gives_the_same_counts(locked: int) -> None:
    arr = fast9.lines_to_array(read_lines("tdoku_serg_100.txt")[:30])
    counts, sols, _, _ = fast9.solve_array(arr, None, locked=locked)
    reference, _, _, _ = fast9.solve_array(arr, None, locked=0)
    assert (counts >= 2).all()
    assert counts.tolist() == reference.tolist()
    assert fast9.check_solutions(arr, counts, sols).all()


def test_limit_two_stops_at_two_on_multi_solution_puzzles() -> None:
    arr = fast9.lines_to_array(read_lines("tdoku_serg_100.txt"))
    counts, _, _, _ = fast9.solve_array(arr, 2)
    assert counts.tolist() == [2] * len(arr)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("12345678." + "........9" + "." * 63, 0),  # r1c9 has no candidate left
        ("11" + "." * 79, fast9.load_kernels().CLASH),
        ("." * 81, 2),
    ],
)
def test_unsatisfiable_clash_and_empty(line: str, expected: int) -> None:
    counts, sols, _, _ = fast9.solve_array(fast9.lines_to_array([line]), 2)
    assert int(counts[0]) == expected
    if expected <= 0:
        assert not sols[0].any()


def random_solution(rng: random.Random) -> list[int]:
    """A full grid: solve a random sparse consistent seed (first solution of a random row)."""
    row = list(range(1, 10))
    rng.shuffle(row)
    counts, sols, _, _ = fast9.solve_array(np.array([row + [0] * 72]), 1)
    assert int(counts[0]) == 1
    perm = list(range(1, 10))
    rng.shuffle(perm)
    return [perm[d - 1] for d in sols[0].tolist()]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), holes=st.integers(30, 50))
def test_counts_agree_with_a_plain_counter(seed: int, holes: int) -> None:
    rng = random.Random(seed)
    full = random_solution(rng)
    puzzle = list(full)
    for i in rng.sample(range(81), holes):
        puzzle[i] = 0
    counts, sols, _, _ = fast9.solve_array(np.array([puzzle]), None)
    assert int(counts[0]) == count_slowly(puzzle, 10**9)
    assert int(counts[0]) >= 1
    assert fast9.check_solutions(np.array([puzzle]), counts, sols).all()


def test_run_solves_and_proves_uniqueness() -> None:
    line = read_lines("norvig_hardest.txt")[0]
    grid = Grid.parse(line)
    res = fast9.run(grid.problem, SolveOptions(limit=2))
    assert res.status == "solved" and res.count == 1 and res.complete
    assert res.method == "fast"
    assert is_solution(grid.problem, res.solutions[0])


@pytest.mark.parametrize("method", ["propagate", "fast"])  # the default route; by name
@pytest.mark.parametrize("limit", [2, 10_000])  # a unique puzzle; one of 872 solutions
def test_solve_checks_the_kernels_solutions_once_on_the_fast9_route(
    monkeypatch: Any, limit: int, method: str
) -> None:
    """``solve`` leaves the check of fast9's solutions to the runner, which checks every
    solution it keeps, with the clues: one or two by ``is_solution``, more by the compiled
    check (both independent of the search); the solutions come out as tuples of plain ints;
    one a check refuses is an error."""
    import importlib

    solve_module = importlib.import_module("sudograph.solve")  # (the package exports solve)

    line = read_lines("norvig_hardest.txt" if limit == 2 else "tdoku_serg_100.txt")[0]
    grid = Grid.parse(line)
    solve_module.solve(grid)  # the kernels loaded (their warm-up solves a grid of its own)
    checked: list[tuple[int, ...]] = []
    compiled, python = fast9.check_solutions, fast9.is_solution

    def compiled_spy(puzzles: Any, counts: Any, solutions: Any) -> Any:
        assert puzzles.tolist() == [list(grid.values)] * len(solutions)
        assert counts.tolist() == [1] * len(solutions)
        checked.extend(tuple(s) for s in solutions.tolist())
        return compiled(puzzles, counts, solutions)

    def python_spy(problem: Problem, coloring: Any) -> bool:
        assert problem.precolouring == grid.values
        checked.append(tuple(coloring))
        return python(problem, coloring)

    monkeypatch.setattr(fast9, "check_solutions", compiled_spy)
    monkeypatch.setattr(fast9, "is_solution", python_spy)
    monkeypatch.setattr(solve_module, "is_solution", None)  # not called a second time
    res = solve_module.solve(grid, method, limit=limit)
    assert res.method == method and res.stats.engine == "fast9"
    assert res.count == len(res.solutions) == (1 if limit == 2 else 872)
    assert checked == res.solutions
    assert all(type(c) is int for s in res.solutions for c in s)
    assert all(is_solution(grid.problem, s) for s in res.solutions)
    assert all(g.is_solution_of(grid) for g in res.grids)
    monkeypatch.setattr(fast9, "check_solutions", lambda p, c, s: compiled(p, c, s) & (c < 0))
    monkeypatch.setattr(fast9, "is_solution", lambda problem, coloring: False)
    with pytest.raises(AssertionError, match="invalid solution"):
        solve_module.solve(grid, method, limit=limit)


def test_run_counts_all_and_stops_on_max_nodes() -> None:
    line = read_lines("tdoku_serg_100.txt")[0]
    problem = Grid.parse(line).problem
    every = fast9.run(problem, SolveOptions(limit=None))
    assert every.complete and every.count == len(every.solutions) >= 2
    assert len(set(every.solutions)) == every.count
    assert all(is_solution(problem, s) for s in every.solutions)
    stopped = fast9.run(Problem(sudoku_graph(3, 3), 9), SolveOptions(limit=None, max_nodes=5))
    assert stopped.status == "stopped" and stopped.stats.nodes == 5


@pytest.mark.parametrize(
    "problem",
    [Problem(petersen_graph(), 3), Problem(sudoku_graph(2, 2), 4), Problem(sudoku_graph(3, 3), 8)],
)
def test_run_refuses_anything_but_9x9(problem: Problem) -> None:
    with pytest.raises(InvalidArgument):
        fast9.run(problem, SolveOptions())


@pytest.mark.parametrize(
    "bad", [np.zeros((2, 80), dtype=np.uint8), np.full((1, 81), 10), np.zeros(81)]
)
def test_solve_array_refuses_bad_arrays(bad: object) -> None:
    with pytest.raises(InvalidArgument):
        fast9.solve_array(bad)  # type: ignore[arg-type]


def test_lines_to_array_refuses_bad_symbols() -> None:
    with pytest.raises(InvalidArgument):
        fast9.lines_to_array(["x" * 81])


def test_warmup_loads_the_kernels() -> None:
    from sudograph.engine.compile import is_cached

    seconds = fast9.warmup()
    assert isinstance(seconds, float) and seconds >= 0.0
    assert is_cached("fast") is True  # cache=True: the index files are on disk now
    empty = np.zeros((1, 81), dtype=np.int8)  # a warmed kernel answers: the empty grid has
    assert fast9.solve_array(empty, 2)[0].tolist() == [2]  # at least 2 solutions


@pytest.mark.parametrize("budget", [1, 3, 17])
def test_a_search_run_by_budgets_matches_one_run(budget: int) -> None:
    k = fast9.load_kernels()
    puzzles = fast9.lines_to_array(read_lines("tdoku_serg_100.txt")[:8])

    def search(puzzle: np.ndarray, step: int) -> tuple[int, int, int, np.ndarray]:
        stack = np.empty(k.STACK, dtype=np.int64)
        ctl = np.zeros(k.CTL, dtype=np.int64)
        cband, cbit, rem = (np.empty(k.LEVELS, dtype=np.int64) for _ in range(3))
        sols = np.zeros((50, 81), dtype=np.uint8)
        assert k.start(puzzle, stack, ctl)
        calls = 1
        while k.search(stack, ctl, cband, cbit, rem, 0, step, sols, 2) == k.PAUSED:
            calls += 1
        return int(ctl[1]), int(ctl[2]), calls, sols

    for puzzle in puzzles:
        count, guesses, calls, sols = search(puzzle, -1)
        count_b, guesses_b, calls_b, sols_b = search(puzzle, budget)
        assert (count_b, guesses_b) == (count, guesses)
        assert (sols_b == sols).all()
        assert calls == 1 and calls_b >= guesses // budget


def test_run_honours_the_timeout() -> None:
    problem = Problem(sudoku_graph(3, 3), 9)
    res = fast9.run(problem, SolveOptions(limit=None, timeout=0.05))
    assert res.status == "solved" and res.reason == "time limit" and not res.complete
    assert res.count >= len(res.solutions) > 0
    assert len(res.solutions) <= fast9.MAX_STORED
    assert len(set(res.solutions[:200])) == len(res.solutions[:200])
    assert all(is_solution(problem, s) for s in res.solutions[:50])


@pytest.mark.parametrize(
    ("name", "status", "reason"),
    [("norvig_easy50.txt", "solved", ""), ("tdoku_hardest1106_50.txt", "stopped", "max_nodes")],
)
def test_max_nodes_zero_stops_before_the_first_guess(name: str, status: str, reason: str) -> None:
    grid = Grid.parse(read_lines(name)[0])
    res = fast9.run(grid.problem, SolveOptions(limit=2, max_nodes=0))
    assert (res.status, res.reason, res.stats.nodes) == (status, reason, 0)
    assert all(is_solution(grid.problem, s) for s in res.solutions)


def test_hot_helpers_are_inlined_and_every_kernel_cached() -> None:
    k = fast9.load_kernels()
    assert k.HOT["inline"] == "always" and "inline" not in k.LOOP
    assert k.HOT["cache"] is True and k.LOOP["cache"] is True
    assert k.HOT.get("_nrt", False) is False and k.LOOP.get("_nrt", False) is False


def test_configuration_tables() -> None:
    """PM holds the six permutation matrices of a 3x3 matrix; PERMSET[occ] the ones inside."""
    k = fast9.load_kernels()
    pm = [int(x) for x in k.PM]
    assert len(set(pm)) == 6
    for m in pm:
        rows = [(m >> (3 * i)) & 7 for i in range(3)]
        cols = [sum((m >> (3 * i + j)) & 1 for i in range(3)) for j in range(3)]
        assert sorted(rows) == [1, 2, 4] and cols == [1, 1, 1]
    for occ in range(512):
        expected = sum(1 << i for i, m in enumerate(pm) if occ & m == m)
        assert int(k.PERMSET[occ]) == expected
    assert bin(int(k.PERMSET[0x1FF])).count("1") == 6
    assert int(k.PERMSET[0x1FF & ~7]) == 0  # an empty matrix row: no configuration


def _bare_state() -> tuple[Any, np.ndarray]:
    """The kernels and a state where every digit may go everywhere (nothing placed)."""
    k = fast9.load_kernels()
    s = np.zeros(k.STACK, dtype=np.int64)
    s[:30] = k.FULL
    return k, s


def _cells(s: np.ndarray, digit: int) -> set[int]:
    """The cells (0-80) where ``digit`` (1-9) may still go in state ``s``."""
    out = set()
    for b in range(3):
        w = int(s[3 * (digit - 1) + b])
        out |= {27 * b + p for p in range(27) if w >> p & 1}
    return out


def _remove(s: np.ndarray, digit: int, cells: list[int]) -> None:
    for c in cells:
        s[3 * (digit - 1) + c // 27] &= ~(1 << (c % 27))


ROW0 = list(range(9))
COL0 = [9 * r for r in range(9)]
BOX0 = [9 * r + c for r in range(3) for c in range(3)]
TRIADS = pytest.mark.parametrize(
    ("triad", "line"),
    [([0, 1, 2], ROW0), ([0, 9, 18], COL0)],
    ids=["row-triad", "column-triad"],
)


@TRIADS
def test_units_naked_triad(triad: list[int], line: list[int]) -> None:
    """Only digits 1-3 may occupy the triad: they leave the rest of its line and box."""
    k, s = _bare_state()
    for d in range(4, 10):
        _remove(s, d, triad)
    dirty = k._units(s, 0, k.SCRATCH, 0x1FF)
    assert dirty > 0
    outside = (set(line) | set(BOX0)) - set(triad)
    for d in (1, 2, 3):
        assert _cells(s, d) == set(range(81)) - outside
    for d in range(4, 10):
        assert _cells(s, d) == set(range(81)) - set(triad)


@TRIADS
def test_units_hidden_triad(triad: list[int], line: list[int]) -> None:
    """Digits 1-3 must occupy the triad (nowhere else on its line): no other digit may."""
    k, s = _bare_state()
    for d in (1, 2, 3):
        _remove(s, d, [c for c in line if c not in triad])
    assert k._units(s, 0, k.SCRATCH, 0x1FF) > 0
    for d in range(4, 10):
        assert not _cells(s, d) & set(triad)
    for d in (1, 2, 3):  # pointing: the rest of the box lost them too
        assert not _cells(s, d) & (set(BOX0) - set(triad))


def test_units_finds_a_triad_nobody_can_fill() -> None:
    k, s = _bare_state()
    for d in range(3, 10):  # only digits 1 and 2 may occupy r1c1-r1c3
        _remove(s, d, [0, 1, 2])
    assert k._units(s, 0, k.SCRATCH, 0x1FF) == -1


_SOLVED: list[np.ndarray] = []


def _solved_grids() -> list[np.ndarray]:
    """The solutions of the 100 shipped top1465 puzzles (computed once)."""
    if not _SOLVED:
        arr = fast9.lines_to_array(read_lines("tdoku_top1465_100.txt"))
        _SOLVED.extend(fast9.solve_array(arr, 1)[1])
    return _SOLVED


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.integers(17, 40))
def test_units_never_remove_a_solution_digit(seed: int, clues: int) -> None:
    """Soundness: from any subset of a solved grid, the root fixpoint keeps every true digit."""
    k = fast9.load_kernels()
    rng = random.Random(seed)
    solution = _solved_grids()[rng.randrange(100)]
    perm = rng.sample(range(1, 10), 9)  # relabel the digits: another solved grid
    grid = np.array([perm[v - 1] for v in solution], dtype=np.uint8)
    puzzle = grid.copy()
    puzzle[rng.sample(range(81), 81 - clues)] = 0
    s = np.zeros(k.STACK, dtype=np.int64)
    ctl = np.zeros(k.CTL, dtype=np.int64)
    assert k.start(puzzle, s, ctl)
    assert k._settle(s, 0, True, k.ALL_DIRTY, False)
    for cell in range(81):
        assert cell in _cells(s, int(grid[cell]))


def test_configuration_branches_shrink_the_tree() -> None:
    """The unit pass at every node with branches on configurations (locked=2) explores a
    smaller tree than cell guesses (locked=1) on hard puzzles: deterministic guess counts."""
    arr = fast9.lines_to_array(read_lines("tdoku_hardest1106_50.txt"))
    c2, _, g2, _ = fast9.solve_array(arr, 2, locked=2)
    c1, _, g1, _ = fast9.solve_array(arr, 2, locked=1)
    assert c2.tolist() == c1.tolist() == [1] * len(arr)
    assert g2.sum() < 0.8 * g1.sum()


def test_bit_index_fallback_table() -> None:
    """The de Bruijn table used when numba lacks the trailing-zeros intrinsic."""
    k = fast9.load_kernels()
    for i in range(63):
        assert k._index_by_table(1 << i) == i
        assert k._index(1 << i) == i


@pytest.mark.parametrize("dtype", ["int64", "uint8"])
def test_plain_loads_and_stores_match_indexing(dtype: str) -> None:
    """``_ld``/``_st`` (no wrap-around test) read and write what ``a[i]`` does."""
    from numba import njit

    k = fast9.load_kernels()

    @njit  # type: ignore[misc]
    def shuffle(a: Any, out: Any) -> None:
        for i in range(a.shape[0]):
            k._st(out, a.shape[0] - 1 - i, k._ld(a, i) + 1)
        k._st(out, 0, k._ld(out, 0) & 6)

    a = np.arange(5, 12, dtype=dtype)
    out = np.zeros_like(a)
    shuffle(a, out)
    expected = (a + 1)[::-1].copy()
    expected[0] &= 6
    assert out.tolist() == expected.tolist()


def test_plain_loads_read_a_2d_array_by_its_flat_index() -> None:
    """A C-contiguous 2-D array is read and written by its row-major flat index."""
    from numba import njit

    k = fast9.load_kernels()

    @njit  # type: ignore[misc]
    def swap(a: Any, i: Any, j: Any) -> Any:
        x = k._ld(a, i)
        k._st(a, i, k._ld(a, j))
        k._st(a, j, x)
        return k._ld(a, i)

    a = np.arange(12, dtype=np.int64).reshape(3, 4)
    assert swap(a, 1, 9) == 9 and a[2, 1] == 1 and a[0, 1] == 9


@pytest.mark.parametrize("what", ["transposed", "strided", "float index"])
def test_plain_loads_refuse_other_arrays(what: str) -> None:
    """Only a C-contiguous array with an integer index compiles (no strides to honour)."""
    from numba import njit
    from numba.core.errors import TypingError

    k = fast9.load_kernels()

    @njit  # type: ignore[misc]
    def first(a: Any, i: Any) -> Any:
        return k._ld(a, i)

    a = np.arange(12, dtype=np.int64)
    cases = {"transposed": (a.reshape(3, 4).T, 0), "strided": (a[::2], 0), "float index": (a, 1.0)}
    args = cases[what]
    with pytest.raises(TypingError):
        first(*args)


def test_run_keeps_only_the_solutions_asked_for() -> None:
    problem = Problem(sudoku_graph(3, 3), 9)
    res = fast9.run(problem, SolveOptions(limit=50), keep=1)
    assert res.count == 50 and len(res.solutions) == 1
    assert is_solution(problem, res.solutions[0])
    with pytest.raises(InvalidArgument):
        fast9.run(problem, SolveOptions(limit=1), keep=0)


def _enumerate(puzzle: np.ndarray, limit: int, locked: int) -> tuple[int, set[tuple[int, ...]]]:
    """Run the kernel's search directly, keeping up to ``limit`` solutions."""
    k = fast9.load_kernels()
    stack = np.empty(k.STACK, dtype=np.int64)
    ctl = np.zeros(k.CTL, dtype=np.int64)
    cband, cbit, rem = (np.empty(k.LEVELS, dtype=np.int64) for _ in range(3))
    sols = np.zeros((limit, 81), dtype=np.uint8)
    assert k.start(puzzle, stack, ctl)
    assert k.search(stack, ctl, cband, cbit, rem, limit, -1, sols, locked) == k.DONE
    count = int(ctl[1])
    return count, {tuple(int(v) for v in row) for row in sols[: min(count, limit)]}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9), st.integers(24, 34))
def test_configuration_branches_enumerate_the_same_solutions(seed: int, clues: int) -> None:
    """Branching on configurations partitions the solutions exactly: the same solutions
    (not only their number) as branching on cells, on puzzles with many solutions."""
    rng = random.Random(seed)
    grid = _solved_grids()[rng.randrange(100)]
    puzzle = grid.copy()
    puzzle[rng.sample(range(81), 81 - clues)] = 0
    count2, sols2 = _enumerate(puzzle, 1000, 2)
    count0, sols0 = _enumerate(puzzle, 1000, 0)
    assert count2 == count0
    assert len(sols2) == count2  # no solution found twice
    if count2 < 1000:  # every solution enumerated: the same ones, the grid among them
        assert sols2 == sols0
        assert tuple(int(v) for v in grid) in sols2
    arr = np.array(sorted(sols2), dtype=np.uint8).reshape(-1, 81)
    counts = np.ones(len(arr), dtype=np.int64)
    assert fast9.check_solutions(np.repeat(puzzle[None, :], len(arr), axis=0), counts, arr).all()
