"""A CSV header whose first column is named ``#`` (``#,puzzle,solution``, as spreadsheets
number their rows) is a header, not a comment: every row was an error ("unexpected ','")."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.formats.puzzles import is_comment, iter_puzzles

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
    ("line", "comment"),
    [
        ("# a note", True),
        ("#,puzzle,solution", False),
        ("#,quizzes", False),
        ("#, just a note", True),
        ("#,1.3.....2...4..1", True),
        ("#puzzle", True),
    ],
)
def test_is_comment(line: str, comment: bool) -> None:
    assert is_comment(line) is comment
