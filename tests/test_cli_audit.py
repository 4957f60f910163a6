"""CLI cases found by an audit of the commands: options out of range, the variant options of
``info`` alone, rating and hints on what is no puzzle."""

from __future__ import annotations

import json

import pytest

from test_bad_input import cli as run  # main() in-process, no traceback allowed

NO_SOLUTION = ".2345678...................1................1" + "." * 36  # r1c1, r1c9 need 9
EMPTY4 = "." * 16


@pytest.mark.parametrize("k", ["4", "11", "99999999999"])
def test_color_with_more_colours_than_vertices(capsys: pytest.CaptureFixture[str], k: str) -> None:
    """Colours past the number of vertices are never needed: a huge k is a k of n (it was a
    MemoryError building the SAT formula)."""
    code, out, _ = run(capsys, "color", "petersen", "-k", k, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "solved" and max(doc["coloring"]) <= 10


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--size", "-5"], "--size: must be 16..8192 pixels, got -5 (see sudograph draw --help)"),
        (["--size", "0"], "--size: must be 16..8192 pixels, got 0 (see sudograph draw --help)"),
        (
            ["--size", "10000000"],
            "--size: must be 16..8192 pixels, got 10000000 (see sudograph draw --help)",
        ),
        (["--max-frames", "0"], "--max-frames: must be >= 2, got 0 (see sudograph draw --help)"),
        (["--max-nodes", "-1"], "--max-nodes: must be >= 1, got -1 (see sudograph draw --help)"),
    ],
)
def test_draw_refuses_sizes_out_of_range(
    capsys: pytest.CaptureFixture[str], tmp_path: object, argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "draw", "petersen", "--svg", f"{tmp_path}/g.svg", *argv)
    assert code == 2 and out == "" and err.strip() == f"sudograph: error: {message}"


@pytest.mark.parametrize(
    ("argv", "graph", "houses"),
    [
        ([], "sudoku 9x9 (3x3 boxes)", "houses: 27 (rows, columns, boxes)"),
        (
            ["--variant", "x+anti-knight"],
            "sudoku 9x9 x+anti-knight",
            "29 (rows, columns, boxes; 2 from x)",
        ),
        (["--size", "4", "--variant", "windoku"], "sudoku 4x4 windoku", "houses: "),
        (["--regions", "aabbaabbccddccdd"], "sudoku 4x4 jigsaw", "12 (rows, columns, regions)"),
        (["--box", "2x3", "--variant", "x"], "sudoku 6x6 x", "20 (rows, columns, boxes; 2 from x)"),
    ],
)
def test_info_alone_reads_the_variant_options(
    capsys: pytest.CaptureFixture[str], argv: list[str], graph: str, houses: str
) -> None:
    """``info`` without a puzzle describes the graph of the options' variant (it described
    the plain 9×9 whatever they said)."""
    code, out, err = run(capsys, "info", *argv)
    if code == 2:  # a variant that does not fit the size: one line, as every command says
        assert "windoku" in argv and "sudograph: error:" in err
        return
    assert code == 0 and f"graph: {graph}\n" in out and houses in out


@pytest.mark.parametrize(
    ("command", "puzzle", "line"),
    [
        ("rate", NO_SOLUTION, "no solution: nothing to rate"),
        ("rate", EMPTY4, "more than one solution: nothing to rate"),
        ("hint", NO_SOLUTION, "no logical step: no solution"),
        ("hint", EMPTY4, "no logical step: more than one solution"),
    ],
)
def test_rate_and_hint_say_what_is_no_puzzle(
    capsys: pytest.CaptureFixture[str], command: str, puzzle: str, line: str
) -> None:
    """A grid with no solution or several is no puzzle to rate (it was scored 6.00 "trial and
    error", exit 0) nor to give a hint on at a stall (it said the techniques stall)."""
    code, out, _ = run(capsys, command, puzzle)
    assert code == 1 and out == f"{line}\n"


def test_rate_json_of_no_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rate", NO_SOLUTION, "--json")
    assert code == 1 and json.loads(out) == {"line": None, "error": "no solution"}


def test_show_candidates_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "1.3.....2...4..1", "--candidates", "--json")
    cands = json.loads(out)["candidates"]
    assert code == 0 and len(cands) == 16 and cands[0] == [] and cands[1] == [2, 4]


@pytest.mark.parametrize("fmt", ["line", "lists"])
def test_show_candidates_refused_where_they_cannot_show(
    capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    """Pencil marks have no place in a one-line or list grid: refused (they were dropped)."""
    code, out, err = run(capsys, "show", "1.3.....2...4..1", "--candidates", "--format", fmt)
    assert code == 2 and out == "" and "--candidates shows in the boxed and json" in err


def test_solve_limit_json_lists_the_solutions_shown(capsys: pytest.CaptureFixture[str]) -> None:
    """``--limit 3 --json`` carries every solution the text shows (it kept only the first)."""
    code, out, _ = run(capsys, "solve", "1.3.....2...4..1", "--limit", "3", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["solutions"] == ["1234341221434321", "1432321421434321"]


@pytest.mark.parametrize(
    ("argv", "deductions"),
    [
        (["--engine", "python"], "deductions: 101 "),
        (["--engine", "numba"], "deductions: 101 "),  # the twin counts them
        ([], "deductions: 101 "),  # the Python engine first (one puzzle alone)
        (["--max-nodes", "10000"], "deductions: - "),  # straight to the compiled fast9 route
        (["--method", "fast"], "deductions: - "),
    ],
)
def test_stats_say_when_deductions_are_not_counted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str],
    deductions: str,
) -> None:  # fmt: skip
    pytest.importorskip("numba")
    monkeypatch.delenv("SUDOGRAPH_ENGINE", raising=False)
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    code, out, _ = run(capsys, "solve", hard, "--stats", "--format", "line", *argv)
    assert code == 0 and deductions in out


def test_generate_takes_the_size_of_the_region_map(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "generate", "--regions", "aabbaabbccddccdd", "--seed", "1")
    assert code == 0 and "box: 2x2\n" in out and "regions:\naabb\naabb\nccdd\nccdd" in out


def test_generate_refuses_an_empty_variant_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "generate", "--variant", "x+", "--seed", "1")
    assert code == 2 and out == "" and "empty variant name in 'x+'" in err
