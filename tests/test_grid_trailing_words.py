"""Text after a whole grid on its line is an error at the column of its first character
(docs/formats.md: "Anything after a whole grid is an error at its column"), whatever the
number of words: three extra words (four tokens, a square) were read as a 2x2 grid of values
(``side 2 is not a square``), and after rows separated by blanks the second row was blamed.
A ``#`` after the grid is no comment (a comment is a line of its own): refused at its column.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.errors import ParseError
from sudograph.grid import Grid

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
ROWS4 = "1234 3412 2143 4321"  # a 4x4 grid, its rows separated by blanks (ends at column 19)
LINE4 = "1234341221434321"
ROWS9 = "53..7.... 6..195... .98....6. 8...6...3 4..8.3..1 7...2...6 .6....28. ...419..5 ....8..79"
SIX = "1.....4.....2.....5.....3.....6....."  # a 6x6 grid, box 2x3
ROWS6 = "123456 456123 231564 564231 312645 645312"
HEX = "1" + "." * 255  # 16x16
ROWS16 = " ".join(["1" + "." * 15] + ["." * 16] * 15)  # ends at column 271

ONE_LINE = "(a one-line grid has no blanks)"
COMMENT = "unexpected '#' after the grid: a comment goes on a line of its own"


def words(k: int) -> str:
    return " ".join("xyzabcdefghijklmnopq"[:k])


CASES = [
    # (text, box, column, message); every case is on line 1
    (f"{EASY} x", None, 83, f"unexpected 'x' after the grid {ONE_LINE}"),
    (f"{EASY} x y", None, 83, f"unexpected 'x' after the grid {ONE_LINE}"),
    (f"{EASY} x y z", None, 83, f"unexpected 'x' after the grid {ONE_LINE}"),  # was side 2
    (f"{EASY} {words(8)}", None, 83, f"unexpected 'x' after the grid {ONE_LINE}"),  # was side 3
    (f"{EASY} {words(15)}", None, 83, f"unexpected 'x' after the grid {ONE_LINE}"),
    (f"{EASY}  x", None, 84, f"unexpected 'x' after the grid {ONE_LINE}"),
    (f"{EASY}\tfoo bar baz", None, 83, f"unexpected 'foo' after the grid {ONE_LINE}"),
    (f"{EASY}  # trailing comment", None, 84, COMMENT),
    (f"{EASY} #c", None, 83, COMMENT),
    (f"{EASY} # a b", None, 83, COMMENT),  # four tokens: was side 2
    (f"{LINE4} x y z", None, 18, f"unexpected 'x' after the grid {ONE_LINE}"),
    (f"{LINE4} x", None, 18, f"unexpected 'x' after the grid {ONE_LINE}"),
    (f"{ROWS4} x", None, 21, "unexpected 'x' after the grid (4 rows of 4 cells)"),  # was '3412'
    (f"{ROWS4} x y z", None, 21, "unexpected 'x' after the grid (4 rows of 4 cells)"),
    (f"{ROWS4}  # note", None, 22, COMMENT),
    (f"{ROWS9} extra words", None, 91, "unexpected 'extra' after the grid (9 rows of 9 cells)"),
    (f"{SIX} x y z", "2x3", 38, f"unexpected 'x' after the grid {ONE_LINE}"),
    (f"{SIX} x", "2x3", 38, f"unexpected 'x' after the grid {ONE_LINE}"),
    (f"{ROWS6} x", "2x3", 43, "unexpected 'x' after the grid (6 rows of 6 cells)"),
    (f"{ROWS6} x y", "2x3", 43, "unexpected 'x' after the grid (6 rows of 6 cells)"),
    (f"{HEX} a b c", None, 258, f"unexpected 'a' after the grid {ONE_LINE}"),
    (f"{HEX} {words(15)}", None, 258, f"unexpected 'x' after the grid {ONE_LINE}"),
    (f"{ROWS16} z", None, 273, "unexpected 'z' after the grid (16 rows of 16 cells)"),
    (f"{ROWS16} # note", None, 273, COMMENT),
    # a fault inside the grid comes first, at its place
    (
        "1234 34?2 2143 4321 x",
        None,
        8,
        "unknown character '?' (expected one of 1234 or .0_- for empty)",
    ),
    (
        EASY[:-1] + "z x y z",
        None,
        81,
        "unknown character 'z' (expected one of 123456789 or .0_- for empty)",
    ),
]


@pytest.mark.parametrize(("text", "box", "column", "message"), CASES)
def test_text_after_a_whole_grid(text: str, box: str | None, column: int, message: str) -> None:
    with pytest.raises(ParseError) as info:
        Grid.parse(text, box=box)
    assert (info.value.line, info.value.column, info.value.message) == (1, column, message)


@pytest.mark.parametrize(
    ("text", "box", "line"),
    [
        (ROWS4, None, LINE4),
        (ROWS6, "2x3", "".join(ROWS6.split())),
        (ROWS9, None, "".join(ROWS9.split())),
        (ROWS16, None, HEX),
        (" ".join("1234341221434321"), None, LINE4),  # values apart: one token a cell
        (" ".join(["1"] + ["0"] * 15), None, "1..............."),
        (" ".join(["16"] + ["0"] * 255), None, "G" + "." * 255),
    ],
)
def test_whole_grids_still_read(text: str, box: str | None, line: str) -> None:
    assert Grid.parse(text, box=box).to_line() == line


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 0 0 5", "1: side 2 is not a square: give the box shape (rows x columns), e.g. 1x2"),
        ("1 2 3", "1: 3 values is not a square number of cells"),
        ("1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1 x", "1: 17 values is not a square number of cells"),
    ],
)
def test_values_without_a_grid_first_keep_their_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError) as info:
        Grid.parse(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("puzzle", "where"),
    [
        (f"{EASY} x y z", f"<puzzle>:1:83: unexpected 'x' after the grid {ONE_LINE}"),
        (f"{ROWS4} x", "<puzzle>:1:21: unexpected 'x' after the grid (4 rows of 4 cells)"),
    ],
)
def test_cli_check_inline(capsys: pytest.CaptureFixture[str], puzzle: str, where: str) -> None:
    assert main(["check", puzzle]) == 2
    out, err = capsys.readouterr()
    assert err == f"sudograph: error: {where}\n"
    assert "side 2" not in out + err


def test_cli_check_file_reports_the_bad_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "errs.txt"
    path.write_text(f"# puzzles\n{EASY}\n{EASY}  # trailing comment\n{EASY} x y z\n{EASY}\n")
    assert main(["check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert f"sudograph: error: {path}:3:84: {COMMENT}\n" in err
    assert f"sudograph: error: {path}:4:83: unexpected 'x' after the grid {ONE_LINE}\n" in err
    assert "not a square" not in err
    assert "line 2: valid" in out and "line 5: valid" in out


def test_cli_solve_file_goes_on_after_the_bad_line(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "rows.txt"
    path.write_text(f"{ROWS4}\n{ROWS4} x\n1.3.....2...4..1\n")
    assert main(["solve", str(path)]) == 2
    out, _ = capfd.readouterr()
    first, bad, last = out.splitlines()
    assert first == LINE4
    assert bad == f"error: {path}:2:21: unexpected 'x' after the grid (4 rows of 4 cells)"
    assert Grid.parse(last).is_solution_of(Grid.parse("1.3.....2...4..1"))
