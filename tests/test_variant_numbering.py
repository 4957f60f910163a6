"""A puzzle of a variant text file is numbered by its ``grid:`` line (``grid :`` too, as the
reader takes the key), where its cells are: a clash of its clues is reported there, and
hint/explain/rate label it so; a JSON object by its first line."""

from __future__ import annotations

import pytest

from sudograph.formats.variant import read_variant_puzzles


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("variant: x\nbox: 2x2\ngrid: 1" + "." * 15 + "\n", [3]),
        ("variant: x\nbox: 2x2\ngrid : 1" + "." * 15 + "\n\nvariant: x\nGRID: " + "." * 16, [3, 6]),
        ("# made here\n\nvariant: x\n# the grid\ngrid:1" + "." * 15 + "\nbox: 2x2\n", [5]),
        # a puzzle starts at its 'variant :' line as at 'variant:' (the reader takes both)
        ("Variant : x\nbox: 2x2\ngrid: 1" + "." * 15 + "\nvariant :x\ngrid: " + "." * 16, [3, 5]),
        ('{"grid": "1' + "." * 15 + '"}\n{"grid": "' + "." * 16 + '"}\n', [1, 2]),
    ],
)
def test_each_puzzle_is_numbered_by_its_grid_line(text: str, lines: list[int]) -> None:
    assert [no for no, _ in read_variant_puzzles(text)] == lines


def test_a_clash_is_reported_at_the_grid_line(tmp_path, capsys) -> None:
    from sudograph.cli import main

    path = tmp_path / "v.txt"
    path.write_text("variant: x\nbox: 2x2\n\ngrid : 11" + "." * 14 + "\n")
    assert main(["count", str(path)]) == 2
    assert f"{path}:4: clashing clues: row 1: 1 at r1c1, r1c2" in capsys.readouterr().err
