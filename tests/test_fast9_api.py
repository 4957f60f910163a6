"""The 9×9 fast path through the public API: vectorised parse/format, the compiled solution
check, and ``solve_many(..., as_array=True)`` against the row-by-row results and a reference
method."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from sudograph.batch import STATUSES, ArrayBatch, BatchResult, solve_many  # noqa: E402
from sudograph.engine import fast9  # noqa: E402
from sudograph.engine.fast9_io import format_lines, parse_chunk, parse_lines  # noqa: E402
from sudograph.errors import InvalidArgument, SudographError  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.solve import solve  # noqa: E402

DATA = Path(__file__).parent / "data" / "sudoku"
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASH = "11" + "." * 79
UNSAT = "12345678." + "." * 8 + "9" + "." * 63  # cell 9 sees 1-8 in its row, 9 in its column
FOUR = "1.......3..2..4."  # 4x4 (fallback only)


def lines_of(name: str, n: int) -> list[str]:
    text = (DATA / name).read_text().splitlines()
    return [ln.strip() for ln in text if ln.strip()][:n]


@pytest.mark.parametrize(
    ("line", "bad"),
    [
        ("." * 81, -1),
        ("0" * 81, -1),
        ("123456789" * 9, -1),
        ("x" + "." * 80, 0),
        ("." * 80 + "a", 80),
        ("." * 40 + "é" + "." * 40, 40),
        ("." * 80, 80),
        ("." * 82, 82),
        ("", 0),
    ],
)
def test_parse_chunk_flags_each_line(line: str, bad: int) -> None:
    arr, flags = parse_chunk([EASY, line, EASY])
    assert flags.tolist() == [-1, bad, -1]
    assert arr.shape == (3, 81) and arr.dtype == np.uint8
    assert arr[0].tolist() == [0 if c == "." else int(c) for c in EASY]
    if bad >= 0:
        assert not arr[1].any()


@pytest.mark.parametrize(
    ("lines", "bad"),
    [
        ([EASY, EASY], [-1, -1]),
        (["." * 80, "." * 82], [80, 82]),  # 162 bytes with the newlines: 82 a line
        (["." * 82, "." * 80], [82, 80]),
        (["." * 40 + "\n" + "." * 40, EASY], [40, -1]),  # a newline inside a line
        ([EASY[:80] + "\n", EASY], [80, -1]),
        (["." * 80, "\n" + "." * 81], [80, 82]),
        ([EASY, "." * 81 + "\n"], [-1, 82]),
        ([], []),
    ],
)
def test_parse_chunk_fast_path_keeps_the_line_bounds(lines: list[str], bad: list[int]) -> None:
    """Lines joined by newlines: a length error never passes for a good chunk."""
    arr, flags = parse_chunk(lines)
    assert flags.tolist() == bad and arr.shape == (len(lines), 81)
    assert arr.flags.c_contiguous and arr.dtype == np.uint8
    for row, b in zip(arr, bad, strict=True):
        assert b >= 0 or row.tolist() == [0 if c == "." else int(c) for c in EASY]
        assert b < 0 or not row.any()


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([EASY, "1x" + "." * 79], "line 2: symbol 'x' at position 2"),
        (["." * 80], "line 1: expected 81 symbols, got 80"),
    ],
)
def test_parse_lines_names_line_and_cause(lines: list[str], message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        parse_lines(lines)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(0, 9), min_size=81, max_size=81), max_size=20))
def test_format_then_parse_is_identity(rows: list[list[int]]) -> None:
    arr = np.array(rows, dtype=np.uint8).reshape(len(rows), 81)
    lines = format_lines(arr)
    assert all(len(s) == 81 for s in lines)
    assert np.array_equal(parse_lines(lines), arr)
    assert parse_lines(lines).tolist() == fast9.lines_to_array(lines).tolist()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 80), st.integers(1, 8), st.integers(0, 29))
def test_check_solutions_catches_any_changed_cell(cell: int, delta: int, which: int) -> None:
    puzzles = parse_lines(lines_of("tdoku_17_clue_200.txt", 30))
    counts, sols, _, _ = fast9.solve_array(puzzles, 1)
    assert fast9.check_solutions(puzzles, counts, sols).all()
    broken = sols.copy()
    broken[which, cell] = (int(broken[which, cell]) - 1 + delta) % 9 + 1
    ok = fast9.check_solutions(puzzles, counts, broken)
    assert not ok[which] and ok.sum() == len(ok) - 1
    none = counts.copy()
    none[which] = 0  # no solution reported: nothing to check
    assert fast9.check_solutions(puzzles, none, broken).all()


def test_check_solutions_rejects_a_valid_grid_that_drops_a_clue() -> None:
    puzzle = parse_lines([EASY])
    counts, sols, _, _ = fast9.solve_array(puzzle, 1)
    other = sols.copy()
    other[0] = other[0] % 9 + 1  # still a valid grid (digits relabelled), clues lost
    assert fast9.check_solutions(puzzle, counts, sols).all()
    assert not fast9.check_solutions(puzzle, counts, other).any()
    assert not fast9.check_solutions(puzzle, counts, np.zeros_like(sols)).any()


def mixed_lines() -> list[str]:
    hard = lines_of("tdoku_hardest1106_50.txt", 10)
    return [*lines_of("tdoku_17_clue_200.txt", 20), CLASH, *hard, "1x" + "." * 79, UNSAT, "." * 81]


@pytest.mark.parametrize("limit", [1, 2, None])
@pytest.mark.parametrize("chunk_size", [1, 7, 512])
def test_as_array_matches_rows_and_reference(limit: int | None, chunk_size: int) -> None:
    lines = mixed_lines()
    if limit is None:  # counting all: leave out the empty grid
        lines = lines[:-1]
    rows = list(solve_many(lines, limit=limit, workers=1, chunk_size=chunk_size))
    blocks = list(solve_many(lines, limit=limit, workers=1, chunk_size=chunk_size, as_array=True))
    assert all(isinstance(b, ArrayBatch) for b in blocks)
    assert [b.start for b in blocks] == list(range(0, len(lines), chunk_size))
    again = [r for b in blocks for r in b.results()]
    assert again == rows
    assert [s for b in blocks for s in b.lines()] == [r.to_line() for r in rows]
    counts = np.concatenate([b.counts for b in blocks])
    assert counts.tolist() == [r.count for r in rows]
    for line, r in zip(lines, rows, strict=True):
        try:
            ref = solve(Grid.parse(line), "propagate", limit=limit)
        except SudographError:  # unreadable, or clashing clues
            assert r.status == "error" and r.error
            continue
        ref_count = ref.count if ref.count is not None else len(ref.solutions)
        assert (r.status, r.count) == (ref.status, ref_count)
        if r.solution is not None:
            assert Grid.parse(r.solution).is_solution_of(Grid.parse(line))


def test_as_array_on_an_array_and_on_lines_agree() -> None:
    lines = lines_of("tdoku_top1465_100.txt", 60)
    arr = parse_lines(lines)
    a = list(solve_many(arr, limit=2, workers=1, chunk_size=16, as_array=True))
    b = list(solve_many(lines, limit=2, workers=1, chunk_size=16, as_array=True))
    for x, y in zip(a, b, strict=True):
        assert np.array_equal(x.solutions, y.solutions)
        assert np.array_equal(x.counts, y.counts) and np.array_equal(x.nodes, y.nodes)
        assert x.statuses() == y.statuses() == ["solved"] * len(x)
        assert fast9.check_solutions(arr[x.start : x.start + len(x)], x.counts, x.solutions).all()


def test_as_array_with_workers_keeps_order() -> None:
    lines = lines_of("tdoku_17_clue_200.txt", 200)
    one = list(solve_many(lines, limit=2, workers=1, chunk_size=32, as_array=True))
    two = list(solve_many(lines, limit=2, workers=2, chunk_size=32, as_array=True))
    assert [b.start for b in two] == [b.start for b in one]
    for x, y in zip(one, two, strict=True):
        assert np.array_equal(x.solutions, y.solutions) and np.array_equal(x.counts, y.counts)


def test_fallback_rows_keep_their_own_solution_line() -> None:
    rows = list(solve_many([EASY, FOUR], workers=1, fallback="propagate"))
    assert [r.status for r in rows] == ["solved", "solved"]
    assert len(rows[1].solution or "") == 16
    assert Grid.parse(rows[1].solution or "").is_solution_of(Grid.parse(FOUR))


def test_stopped_and_timeout_rows_in_blocks() -> None:
    hard = lines_of("tdoku_hardest1106_50.txt", 5)
    block = next(solve_many(hard, limit=2, workers=1, max_nodes=1, as_array=True))
    assert set(block.statuses()) <= {"stopped", "solved"} and "stopped" in block.statuses()
    timed = next(solve_many(hard, limit=2, workers=1, as_array=True, solve_options={"timeout": 5}))
    assert timed.statuses() == ["solved"] * 5
    assert fast9.check_solutions(parse_lines(hard), timed.counts, timed.solutions).all()


@pytest.mark.parametrize(
    "kwargs",
    [{"method": "propagate"}, {"fallback": "propagate"}, {"alphabet": "ABCDEFGHI"}],
)
def test_as_array_refuses_what_it_cannot_hold(kwargs: dict[str, str]) -> None:
    with pytest.raises(InvalidArgument, match="as_array needs method 'fast'"):
        next(solve_many([EASY], workers=1, as_array=True, **kwargs))  # type: ignore[arg-type]


def test_status_codes_and_results_are_lazy_objects() -> None:
    block = next(solve_many([EASY, CLASH], workers=1, as_array=True))
    assert [STATUSES[s] for s in block.status.tolist()] == ["solved", "error"]
    results = list(block.results())
    assert all(isinstance(r, BatchResult) for r in results)
    clash = "clashing clues: row 1: 1 at r1c1, r1c2; box 1: 1 at r1c1, r1c2"
    assert results[1].error == clash and results[1].to_line() == f"error: {clash}"


@pytest.mark.parametrize(
    "lines",
    [
        ["1" + "." * 80, "0" * 81, "123456789" * 9],
        ["1" + "." * 79 + "x", "." * 81],  # a bad symbol
        ["." * 81, "." * 80 + "\n"],  # a newline inside a line
        ["." * 81, "." * 82, "." * 80],  # lengths that add up
    ],
)
def test_compiled_parse_agrees_with_the_table(
    lines: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The compiled pass over a whole chunk gives what the numpy table gives (a chunk with
    a bad line goes back to the table, which names it)."""
    from sudograph.engine import fast9_io

    assert fast9_io._compiled_parse() is not None
    arr, bad = fast9_io.parse_chunk(lines)
    monkeypatch.setattr(fast9_io, "_compiled_parse", lambda: None)
    table_arr, table_bad = fast9_io.parse_chunk(lines)
    assert arr.tolist() == table_arr.tolist() and bad.tolist() == table_bad.tolist()


MANY = ".....1.........8.......94..3.71..2.825....1...1....6..73.......6..735....4..1.76."
"""A 9x9 puzzle of 17,376 solutions: more than the fast kernel stores (10,000)."""


@pytest.mark.parametrize(
    ("limit", "kept", "counted"), [(None, 10_000, 17_376), (15_000, 10_000, 15_000), (3, 3, 3)]
)
def test_fast_keeps_its_store_and_counts_the_rest(
    limit: int | None, kept: int, counted: int
) -> None:
    """Method fast keeps at most its store of solutions (as its description says: memory stays
    bounded however many there are), counting them all; the default method keeps them all."""
    from sudograph.engine.fast9 import MAX_STORED
    from sudograph.methods import METHODS
    from sudograph.solve import solve

    result = solve(Grid.parse(MANY), "fast", limit=limit)
    assert len(result.solutions) == kept == len(set(result.solutions)) <= MAX_STORED
    assert (result.count or len(result.solutions)) == counted
    assert "keeps 10,000 solutions at most" in METHODS["fast"].description
    assert len(solve(Grid.parse(MANY), limit=limit).solutions) == counted


@pytest.mark.parametrize("keep", [0, 1, 3])
def test_count_keeps_what_it_is_told(keep: int) -> None:
    from sudograph.solve import count

    result = count(Grid.parse(MANY), keep=keep)
    assert result.count == 17_376 and len(result.solutions) == keep
