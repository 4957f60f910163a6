"""A CSV header whose first column is named ``#`` (``#,puzzle,solution``, as spreadsheets
number their rows) is a header, not a comment: every row was an error ("unexpected ','")."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.formats.puzzles import is_comment, iter_grids, iter_puzzles
from sudograph.grid import Grid

ROWS = "1,1.3.....2...4..1,\n2,1..4..1..2..3...,\n"


@pytest.mark.parametrize("before", ["", "# fifty puzzles\n", "\n\n"])
def test_the_library_reads_the_puzzle_column(before: str) -> None:
    items = list(iter_puzzles(io.BytesIO((before + "#,puzzle,solution\n" + ROWS).encode())))
    lines = [g.to_line() for _, g in items]
    assert lines == ["1.3.....2...4..1", "1..4..1..2..3..."]


@pytest.mark.parametrize("command", ["solve", "count"])
@pytest.mark.parametrize("before", ["", "# fifty puzzles\n"])
def test_the_cli_reads_the_puzzle_column(tmp_path: Path, capsys, command, before) -> None:
    path = tmp_path / "p.csv"
    path.write_text(before + "#,puzzle,solution\n" + ROWS)
    out = tmp_path / "out.txt"
    main([command, str(path), "-o", str(out)])
    rows = out.read_text().splitlines()
    assert len(rows) == 2 and not any("error" in r for r in rows), rows
    assert "error:" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("line", "first", "comment"),
    [
        ("# a note", True, True),
        ("#,puzzle,solution", True, False),
        ("#,quizzes", True, False),
        ("#,puzzle,solution", False, True),  # a header only as the first content line
        ("#,puzzle,solution,", True, False),  # a trailing comma, as spreadsheets export
        ("#,9x9 puzzle,solution,source book", True, False),  # names of two words
        ("#, just a note", True, True),
        ("#, sudoku puzzles from my book", True, True),  # a field with spaces: prose
        ("#,1.3.....2...4..1", True, True),
        ("#puzzle", True, True),
    ],
)
def test_is_comment(line: str, first: bool, comment: bool) -> None:
    assert is_comment(line, first=first) is comment


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("4.3.1..42..3.1..\n#, puzzles below are harder\n1.3.....2...4..1\n", 2),
        ("#, sudoku puzzles from my book\n4.3.1..42..3.1..\n1.3.....2...4..1\n", 2),
        ("4.3.\n#, puzzle A\n1..4\n2..3\n.1..\n", 1),  # one 4x4 grid over five lines
    ],
)
def test_a_hash_comma_comment_elsewhere_stays_a_comment(tmp_path, capsys, text, valid) -> None:
    path = tmp_path / "p.txt"
    path.write_text(text)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count(": valid") == valid and "error" not in out, out
    grids = list(iter_grids(io.BytesIO(text.encode())))
    assert len(grids) == valid and all(isinstance(g, Grid) for _, g in grids)
