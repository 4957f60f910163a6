"""Fixes of a QA round on the grid formats and the CLI's outputs: ``-o -`` is standard output
for every command that takes ``-o`` (no file named ``-``; ``--resume`` refused), a JSON grid
object's ``line`` read (and checked against its ``rows``), ``--alphabet`` against an object's
own, the column of a row of the wrong length, ``info`` deciding DIMACS by content, ``color -``
and ``chromatic -`` reading standard input, ``show --svg`` numbering pictures by line, and the
singular of ``1 clue`` and ``1 distinct digit``."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.cli.batchmode import open_output, output_file, refuse_input_as_output, resume_hint
from sudograph.errors import InvalidArgument, InvalidPuzzle, ParseError
from sudograph.grid import Grid
from sudograph.problem import check_cages

P9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
P9B = "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3"
A4 = "1.3.....2...4..1"
B4 = "..2....3.1..4..1"
DIMACS = "p edge 3 3\r\ne 1 2\r\ne 2 3\r\ne 3 1\r\n"


def sudograph(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``main(argv)``, with what the file mode writes to file descriptor 1 captured."""
    code = main(list(argv))
    out, err = capfd.readouterr()
    assert "Traceback" not in err
    return code, out, err


# -- 1. -o - is standard output ------------------------------------------------------------------
OUTPUT_RUNS = {
    "count": ["count", "{src}"],
    "count --json": ["count", "{src}", "--json"],
    "solve": ["solve", "{src}"],
    "solve --json": ["solve", "{src}", "--json"],
    "solve, one puzzle in the file": ["solve", "{one}"],
    "generate": ["generate", "--size", "4", "--seed", "3", "--count", "3"],
    "generate --json": ["generate", "--size", "4", "--seed", "3", "--count", "2", "--json"],
    "generate --variant": ["generate", "--size", "4", "--seed", "3", "--variant", "x"],
    "solve, one puzzle inline": ["solve", P9],
    "solve, one 4x4 inline": ["solve", A4],
}


@pytest.fixture
def sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Puzzle files, the working folder a fresh one (where a file named ``-`` would land)."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    src = tmp_path / "in.txt"
    src.write_text(f"{P9}\n{P9B}\n")
    one = tmp_path / "one.txt"
    one.write_text(f"{P9}\n")
    return {"src": str(src), "one": str(one)}


@pytest.mark.parametrize("run", OUTPUT_RUNS.values(), ids=OUTPUT_RUNS.keys())
def test_dash_output_writes_to_standard_output_what_a_file_would_hold(
    capfd: pytest.CaptureFixture[str], sources: dict[str, str], tmp_path: Path, run: list[str]
) -> None:
    argv = [a.format(**sources) for a in run]
    out_file = tmp_path / "out.txt"
    code, _, err = sudograph(capfd, *argv, "-o", str(out_file))
    assert code == 0, err
    code, out, err = sudograph(capfd, *argv, "-o", "-")
    assert code == 0, err
    assert out == out_file.read_text() and out
    assert sorted(p.name for p in Path.cwd().iterdir()) == []  # no file '-', no '-.lock'


@pytest.mark.parametrize(
    "run",
    [
        ["count", "{src}"],
        ["solve", "{src}"],
        ["solve", "{src}", "--json"],
        ["generate", "--size", "4", "--seed", "3", "--count", "2"],
    ],
    ids=["count", "solve", "solve --json", "generate"],
)
def test_dash_output_refuses_resume(
    capfd: pytest.CaptureFixture[str], sources: dict[str, str], run: list[str]
) -> None:
    argv = [a.format(**sources) for a in run]
    code, out, err = sudograph(capfd, *argv, "-o", "-", "--resume")
    assert (code, out) == (2, "")
    assert err == (
        "sudograph: error: --resume needs -o OUT (the file to continue), not -o - (standard "
        f"output, which holds nothing to continue) (see sudograph {argv[0]} --help)\n"
    )
    assert list(Path.cwd().iterdir()) == []


@pytest.mark.parametrize(
    ("output", "resume", "expected"),
    [("out.txt", False, "out.txt"), ("out.txt", True, "out.txt"), ("-", False, None),
     (None, False, None), ("", False, None)],
)  # fmt: skip
def test_output_file(output: str | None, resume: bool, expected: str | None) -> None:
    assert output_file(output, resume) == expected


@pytest.mark.parametrize(("output", "what"), [("-", "not -o -"), (None, "to continue)")])
def test_output_file_refuses_resume_without_a_file(output: str | None, what: str) -> None:
    with pytest.raises(InvalidArgument, match="--resume needs -o OUT") as info:
        output_file(output, resume=True)
    assert what in str(info.value)


def test_dash_is_standard_output_for_the_helpers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").write_text(f"{A4}\n")  # a file named '-': still not what -o - means
    assert open_output("-", False) == (1, 0, None, False)
    refuse_input_as_output("-", ["-", str(tmp_path / "-")])  # standard output: no input
    assert resume_hint("-") == resume_hint(None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["-"]


# -- 2. a JSON grid object's "line" -------------------------------------------------------------
@pytest.mark.parametrize(
    "data",
    [
        {"box": "2x2", "line": A4},
        {"box": [2, 2], "line": A4},
        {"line": A4},
        {"line": " 1.3. .... 2... 4..1 "},
        {"box": [2, 2], "alphabet": "1234", "line": A4, "rows": Grid.parse(A4).to_lists()},
    ],
    ids=["box string", "box list", "no box", "blanks", "line and rows agree"],
)
@pytest.mark.parametrize("as_text", [False, True], ids=["dict", "text"])
def test_a_grid_object_line_is_read(data: dict[str, object], as_text: bool) -> None:
    grid = Grid.parse(json.dumps(data) if as_text else data)
    assert grid == Grid.parse(A4)


def test_a_grid_object_line_keeps_its_alphabet() -> None:
    grid = Grid.parse({"alphabet": "ABCD", "line": "A.C.....B...D..A"})
    assert grid.alphabet == "ABCD" and grid.values == Grid.parse(A4).values
    hexa = "0" + "." * 255
    assert Grid.parse({"alphabet": "0123456789ABCDEF", "line": hexa}).to_line() == hexa


def test_to_json_reads_back_with_its_line() -> None:
    grid = Grid.parse(P9)
    assert Grid.parse(json.dumps(grid.to_json())) == grid
    assert Grid.parse({k: v for k, v in grid.to_json().items() if k != "rows"}) == grid


ZERO_ROWS = [[0, 0, 0, 0]] * 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            json.dumps({"box": [2, 2], "alphabet": "1234", "line": A4, "rows": ZERO_ROWS}),
            "1:46: line and rows disagree at r1c1: 1 in the line, empty in the rows",
        ),
        (
            json.dumps({"line": "1.3.....2...4..2", "rows": Grid.parse(A4).to_lists()}),
            "1:26: line and rows disagree at r4c4: 2 in the line, 1 in the rows",
        ),
        (
            json.dumps({"line": "." * 81, "rows": ZERO_ROWS}),
            "1:10: line: box 2x2 does not fit a 9x9 grid",
        ),
        (json.dumps({"box": [2, 2], "line": A4[:-1] + "x"}), "1:41: line: unknown character 'x'"),
        (json.dumps({"box": [2, 2], "line": 7}), "1:25: bad line: expected the cells as one"),
        (json.dumps({"line": "  "}), "1:10: bad line: no cells"),
        (json.dumps({"box": "2x2"}), "1:1: a grid object needs a 'rows' key (or 'line'"),
    ],
    ids=["disagree", "last cell", "other size", "bad symbol", "not a string", "blank", "none"],
)
def test_a_grid_object_line_fault_is_placed_at_the_line(text: str, message: str) -> None:
    with pytest.raises(ParseError) as info:
        Grid.parse(text)
    assert str(info.value).startswith(message)


def test_show_refuses_a_line_that_contradicts_the_rows(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    path.write_text(json.dumps({"box": [2, 2], "line": A4, "rows": ZERO_ROWS}) + "\n")
    code, out, err = sudograph(capfd, "show", str(path), "--format", "line")
    assert (code, out) == (2, "")
    assert err == (
        f"sudograph: error: {path}:1:26: line and rows disagree at r1c1: 1 in the line, "
        "empty in the rows\n"
    )
    path.write_text(json.dumps({"box": "2x2", "line": A4}) + "\n")
    assert sudograph(capfd, "show", str(path), "--format", "line") == (0, f"{A4}\n", "")


# -- 3. --alphabet against the object's own -----------------------------------------------------
ABCD = {"box": [2, 2], "rows": [[1, 0, 0, 0]] + [[0, 0, 0, 0]] * 3, "alphabet": "ABCD"}


@pytest.mark.parametrize("as_text", [False, True], ids=["dict", "text"])
@pytest.mark.parametrize(("given", "line"), [(None, "A" + "." * 15), ("ABCD", "A" + "." * 15)])
def test_an_alphabet_that_is_the_objects_own_is_taken(
    as_text: bool, given: str | None, line: str
) -> None:
    data = json.dumps(ABCD) if as_text else ABCD
    assert Grid.parse(data, alphabet=given).to_line() == line


@pytest.mark.parametrize(
    ("as_text", "message"),
    [
        (False, "alphabet 1234 given, but the grid's is ABCD"),
        (True, "1:95: alphabet 1234 given, but the grid's is ABCD"),
    ],
    ids=["dict", "text"],
)
def test_another_alphabet_given_is_refused(as_text: bool, message: str) -> None:
    data = json.dumps(ABCD) if as_text else ABCD
    with pytest.raises(ParseError) as info:
        Grid.parse(data, alphabet="1234")
    assert str(info.value) == message


def test_show_refuses_an_alphabet_that_is_not_the_objects(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = json.dumps(ABCD).encode() + b"\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, err = sudograph(capfd, "show", "-", "--format", "line", "--alphabet", "1234")
    assert (code, out) == (2, "")
    assert err == "sudograph: error: <stdin>:1:95: alphabet 1234 given, but the grid's is ABCD\n"


# -- 4. the column of a row of the wrong length -------------------------------------------------
BOXED = [
    "+-------+-------+-------+",
    "| . . 3 | . 2 . | 6 . . |",
    "| 9 . . | 3 . 5 | . . 1 |",
    "| . . 1 | 8 . 6 | 4 . . |",
    "+-------+-------+-------+",
    "| . . 8 | 1 . 2 | 9 . . |",
    "| 7 . . | . . . | . . 8 |",
    "| . . 6 | 7 . 8 | 2 . . |",
    "+-------+-------+-------+",
    "| . . 2 | 6 . 9 | 5 . . |",
    "| 8 . . | 2 . 3 | . . 9 |",
    "| . . 5 | . 1 . | 3 . . |",
    "+-------+-------+-------+",
]


def boxed(row: int, text: str, indent: str = "") -> str:
    lines = list(BOXED)
    lines[row - 1] = text
    return "\n".join(indent + line for line in lines)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (boxed(3, "| 9 . . 4 | 3 . 5 | . . 1 |"), "3:9: row has 10 cells, expected 9"),
        (boxed(3, "| 9 . . | 3 . 5 | . . 1 | 4 |"), "3:27: row has 10 cells, expected 9"),
        (boxed(3, "| 9 . . | 3 . 5 | . . 1 4 |"), "3:25: row has 10 cells, expected 9"),
        (boxed(3, "| 9 . | 3 . 5 | . . 1 |"), "3:24: row has 8 cells, expected 9"),
        (boxed(3, "| 9 . . 4 | 3 . 5 | . . 1 |", "    "), "3:13: row has 10 cells, expected 9"),
        ("1 2 3 4\n3 4 1 2 1\n2 1 4 3\n4 3 2 1", "2:9: row has 5 cells, expected 4"),
        ("1 2 3 4\n3 4 1\n2 1 4 3\n4 3 2 1", "2:6: row has 3 cells, expected 4"),
    ],
    ids=["extra in box 1", "extra box", "extra in box 3", "too few", "indented", "plain", "short"],
)
def test_a_row_of_the_wrong_length_has_a_column(text: str, message: str) -> None:
    with pytest.raises(ParseError) as info:
        Grid.parse(text)
    assert str(info.value) == message


def test_other_faults_of_indented_rows_have_the_columns_of_the_text() -> None:
    with pytest.raises(ParseError) as info:
        Grid.parse("  1 2 3 4\n  3 4 1 2\n  2 1 x 3\n  4 3 2 1")
    assert str(info.value).startswith("3:7: unknown character 'x'")


def test_a_file_row_of_the_wrong_length_is_placed_in_the_file(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "b9.txt"
    path.write_text("# one grid\n\n" + boxed(3, "| 9 . . 4 | 3 . 5 | . . 1 |") + "\n")
    code, out, err = sudograph(capfd, "show", str(path), "--format", "line")
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: {path}:5:9: row has 10 cells, expected 9\n"


# -- 5. info decides DIMACS by content; color - and chromatic - read standard input ------------
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"], ids=["plain", "byte-order mark"])
@pytest.mark.parametrize("name", ["g.col", "g.txt", "g"])
def test_info_reads_a_dimacs_file_whatever_its_name(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, name: str, bom: bytes
) -> None:
    path = tmp_path / name
    path.write_bytes(bom + DIMACS.encode())
    code, out, err = sudograph(capfd, "info", str(path))
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == ["vertices: 3", "edges: 3", "degree: 2", "houses: 0"]


def test_info_still_reads_a_puzzle_file(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(f"{A4}\n")
    code, out, _ = sudograph(capfd, "info", str(path))
    assert code == 0 and out.startswith("graph: sudoku 4x4") and "line 1: 5 clues" in out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["color", "-", "-k", "3", "-m", "dsatur"], "1 2 3\n"),
        (["colour", "-", "-k", "2", "-m", "dsatur"], "no 2-colouring: unsatisfiable\n"),
        (["chromatic", "-", "-m", "pure"], "chromatic number: 3\n"),
    ],
    ids=["color", "colour, none", "chromatic"],
)
def test_a_graph_is_read_from_standard_input(
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    expected: str,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(DIMACS.encode())))
    code, out, err = sudograph(capfd, *argv)
    assert code in (0, 1), err
    assert out.startswith(expected)


def test_a_bad_graph_on_standard_input_is_named_so(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"p edge x\n")))
    code, out, err = sudograph(capfd, "color", "-", "-k", "2")
    assert (code, out) == (2, "")
    assert err.startswith("sudograph: error: <stdin>:1:")


# -- 6. show --svg numbers the pictures by line -------------------------------------------------
def test_pictures_are_numbered_by_the_line_of_their_grid(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = tmp_path / "mixed.txt"
    src.write_text(f"# four grids\n{A4}\n{P9}\nbad\n{B4}\n\n{A4}\n")
    pics = tmp_path / "pics"
    pics.mkdir()
    code, out, err = sudograph(capfd, "show", str(src), "--svg", str(pics / "m.svg"))
    assert (code, out) == (2, "")
    assert sorted(p.name for p in pics.iterdir()) == ["m-2.svg", "m-3.svg", "m-5.svg", "m-7.svg"]
    assert sudograph(capfd, "show", B4, "--svg", str(tmp_path / "b4.svg"))[0] == 0
    assert (pics / "m-5.svg").read_bytes() == (tmp_path / "b4.svg").read_bytes()  # line 5's
    assert err.splitlines()[-1] == (
        f"sudograph: wrote {pics}/m-2.svg ... {pics}/m-7.svg (4 puzzles, numbered by their "
        "lines in the input)"
    )


def test_pictures_of_boxed_grids_are_numbered_by_their_first_line(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = tmp_path / "boxed.txt"
    src.write_text("\n\n".join(Grid.parse(p).to_boxed() for p in (A4, B4)) + "\n")
    pics = tmp_path / "pics"
    pics.mkdir()
    code, _, err = sudograph(capfd, "show", str(src), "--svg", str(pics / "g.svg"))
    assert code == 0, err
    assert sorted(p.name for p in pics.iterdir()) == ["g-1.svg", "g-9.svg"]
    assert err.splitlines()[-1] == (
        f"sudograph: wrote {pics}/g-1.svg and {pics}/g-9.svg (2 puzzles, numbered by their "
        "lines in the input)"
    )


def test_pictures_of_a_file_without_gaps_keep_their_numbers(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = tmp_path / "two.txt"
    src.write_text(f"{A4}\n{B4}\n")
    code, _, err = sudograph(capfd, "show", str(src), "--svg", str(tmp_path / "g.svg"))
    assert code == 0
    assert err == f"sudograph: wrote {tmp_path}/g-1.svg and {tmp_path}/g-2.svg (2 puzzles)\n"


def test_the_svg_help_says_how_pictures_are_numbered(capfd: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--help"]) == 0
    out = " ".join(capfd.readouterr().out.split())
    assert "FILE-N.svg for the grid on line N of the input" in out


# -- 7. singular --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("puzzle", "said"),
    [("1" + "." * 15, "valid, 1 clue, 15 empty"), ("12" + "." * 14, "valid, 2 clues, 14 empty")],
)
def test_check_counts_clues_in_the_singular_too(
    capfd: pytest.CaptureFixture[str], puzzle: str, said: str
) -> None:
    assert sudograph(capfd, "check", puzzle) == (0, f"puzzle: {said}\n", "")


@pytest.mark.parametrize(
    ("cage", "message"),
    [
        (((0,), 0), "sum 0 is impossible for 1 distinct digit 1..4 (1..4)"),
        (((0, 1), 2), "sum 2 is impossible for 2 distinct digits 1..4 (3..7)"),
    ],
)
def test_a_cage_message_counts_digits_in_the_singular_too(
    cage: tuple[tuple[int, ...], int], message: str
) -> None:
    with pytest.raises(InvalidPuzzle) as info:
        check_cages([cage], 16, 4)
    assert str(info.value).endswith(message)


@pytest.mark.parametrize("rows", ["null", "3", '"1.3."', "{}"])
def test_rows_that_are_no_list_are_placed(rows: str) -> None:
    with pytest.raises(ParseError, match=r"^1:10: bad rows: expected a list of rows$"):
        Grid.parse(f'{{"rows": {rows}}}')
