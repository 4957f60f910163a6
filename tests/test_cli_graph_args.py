"""``sudoku:RxC`` arguments (QA, 2026-11-26): ``info sudoku:RxC`` gives the figures of
``info --box RxC``, and a huge side is one line."""

from __future__ import annotations

import pytest

from sudograph.cli import main
from sudograph.cli.common import sudoku_shape
from sudograph.errors import InvalidArgument


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
        ("sudoku:0x3", "grid side 0 is outside 1..64"),
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
