"""``sudoku:RxC`` arguments (QA, 2026-11-26): ``info sudoku:RxC`` gives the figures of
``info --box RxC``, and a huge side is one line."""

from __future__ import annotations

from typing import Any

import pytest

from sudograph.cli import main
from sudograph.cli.common import sudoku_shape
from sudograph.errors import InvalidArgument
from sudograph.formats.dimacs import format_dimacs, read_dimacs


@pytest.mark.parametrize(("graph", "box"), [("sudoku:2x3", "2x3"), ("sudoku:9", "3x3")])
@pytest.mark.parametrize("json", [[], ["--json"]])
def test_info_of_a_sudoku_graph_is_that_of_its_box(
    capfd: pytest.CaptureFixture[str], graph: str, box: str, json: list[str]
) -> None:
    """It left out the kinds of houses and the colours that ``info --box`` prints."""
    assert main(["info", graph, *json]) == 0
    by_graph = capfd.readouterr().out
    assert main(["info", "--box", box, *json]) == 0
    assert by_graph == capfd.readouterr().out and "rows, columns, boxes" in by_graph


@pytest.mark.parametrize(
    ("arg", "message"),
    [
        ("sudoku:" + "9" * 5000, "grid side 999999... is outside 1..64"),  # int(): a traceback
        ("sudoku:0x3", "box shape must be positive, got 0x3"),
        ("sudoku:65", "grid side 65 is outside 1..64"),
    ],
)
def test_a_bad_sudoku_shape_is_one_short_line(
    capfd: pytest.CaptureFixture[str], arg: str, message: str
) -> None:
    with pytest.raises(InvalidArgument, match=message):
        sudoku_shape(arg)
    assert main(["color", "-k", "2", arg]) == 2
    err = capfd.readouterr().err
    assert message in err and len(err) < 200 and "Traceback" not in err


def test_count_of_one_bad_puzzle_reports_it_once(capfd: pytest.CaptureFixture[str]) -> None:
    """The error was printed on standard error and again as a row on standard output: rows
    are for files of puzzles, where each line needs its own."""
    assert main(["count", "." * 36]) == 2
    out, err = capfd.readouterr()
    assert out == "" and err.count("side 6 is not a square") == 1


@pytest.mark.parametrize(
    ("argv", "engine"),
    [
        (["1.3.....2...4..1", "--method", "fast"], "  engine: houses\n"),
        (
            [
                "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
                "--method",
                "fast",
            ],
            "  engine: fast9\n",
        ),
        (["1.3.....2...4..1", "--engine", "python"], " s\n"),  # the reference engine: no name
    ],
)
def test_stats_name_the_compiled_engine_that_ran(
    capfd: pytest.CaptureFixture[str], argv: list[str], engine: str
) -> None:
    """docs/variants.md said --stats shows the engine (houses+sat): it never did, and the
    figures are each engine's own books (the house kernel counts no deductions)."""
    assert main(["solve", *argv, "--stats", "--format", "line"]) == 0
    stats = capfd.readouterr().out.splitlines()[-1] + "\n"
    assert stats.startswith("nodes: ") and stats.endswith(engine), stats


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["draw", "petersen", "--box", "2x3", "--svg", "x.svg"], "--box applies to a PUZZLE"),
        (["visualize", "petersen", "--alphabet", "abc", "-o", "x.html"], "--alphabet applies to"),
        (
            ["color", "petersen", "--greedy", "dsatur", "--method", "naive", "--timeout", "3"],
            "--greedy is one greedy pass: --method, --timeout apply to a search",
        ),
        (["color", "petersen", "--greedy", "dsatur", "--max-nodes", "9"], "--max-nodes applies"),
    ],
)
def test_options_a_graph_run_would_drop_are_refused(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Any,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    message: str,
) -> None:
    """They were taken without a word and did nothing."""
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert message in capfd.readouterr().err
    assert not list(tmp_path.iterdir())  # no picture, no page


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: read_dimacs(None), "read_dimacs takes a path or a binary stream, not NoneType"),
        (lambda: format_dimacs(None), "format_dimacs takes a Graph, not NoneType"),
    ],
)
def test_dimacs_functions_name_what_they_take(call: Any, message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        call()


@pytest.mark.parametrize(("k", "status"), [(["-k", "3"], "solved"), (["-k", "2"], "stopped")])
def test_color_greedy_json_names_its_order_and_why(
    capfd: pytest.CaptureFixture[str], k: list[str], status: str
) -> None:
    """The row had no method (the search's rows do), and a pass over k said only 'stopped'."""
    import json

    code = main(["color", "petersen", "--greedy", "dsatur", *k, "--json"])
    row = json.loads(capfd.readouterr().out)
    assert code == (0 if status == "solved" else 1)
    assert row["status"] == status and row["method"] == "greedy:dsatur" and row["colors"] == 3
    assert (row["reason"] is not None) == (status == "stopped")  # null when solved


@pytest.mark.parametrize(("arg", "box"), [("sudoku:0009", (3, 3)), ("sudoku:064", (8, 8))])
def test_a_sudoku_side_may_have_leading_zeros(arg: str, box: tuple[int, int]) -> None:
    """The cap on a side's digits counts its value's digits, not the zeros before them."""
    assert sudoku_shape(arg) == box
