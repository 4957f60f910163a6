"""A row written in groups (``12|34``, Simple Sudoku's ``..3|.2.|6..``) of the wrong length
is told in cells, as the other rows are read: ``34|1`` has 3 cells (it was "2 cells": the
groups were counted)."""

from __future__ import annotations

import pytest

from sudograph.errors import ParseError
from sudograph.grid import Grid


@pytest.mark.parametrize(
    ("text", "line", "column", "cells"),
    [
        ("12|34\n34|1\n21|43\n43|21", 2, 5, 3),
        ("12|34\n34|121\n21|43\n43|21", 2, 6, 5),
        ("1 2|3 4\n3 4|1\n2 1|4 3\n4 3|2 1", 2, 6, 3),
        (
            "..3|.2.|6..\n9..|3.5|..1\n..1|8.6|4..\n..8|1.2|9..\n7..|...|..8\n"
            "..6|7.8|2..\n..2|6.9|5..\n8..|2.3|..9\n..5|.1.|3",
            9,
            10,
            7,
        ),
    ],
)
def test_a_short_or_long_grouped_row_counts_its_cells(text, line, column, cells):
    with pytest.raises(ParseError) as err:
        Grid.parse(text)
    assert (err.value.line, err.value.column) == (line, column)
    assert f"row has {cells} cells" in str(err.value)


def test_sixteen_by_sixteen_rows_of_numbers_still_count_numbers():
    rows = [" ".join(str((r * 4 + r // 4 + c) % 16 + 1) for c in range(16)) for r in range(16)]
    rows[3] = rows[3].rsplit(" ", 1)[0]  # one number short: 15 cells, not 21 characters
    with pytest.raises(ParseError, match="row has 15 cells, expected 16"):
        Grid.parse("\n".join(rows))


def _sparse(side: int, row: int, cells: list[str]) -> str:
    rows = [" ".join("." * side)] * side
    rows[row] = " ".join(cells)
    return "\n".join(rows)


@pytest.mark.parametrize(
    ("text", "cells"),
    [  # beyond 9x9, rows of symbols apart, the good ones all of one character: counted in
        # cells, not characters ('10' is one cell)
        (_sparse(16, 5, ["."] * 13 + ["10", "11"]), 15),
        (_sparse(16, 5, ["."] * 14 + ["10"]), 15),  # was read as 16 cells, '10' as 1 and a blank
        (_sparse(9, 3, ["."] * 6 + ["12"]), 8),  # up to 9x9 '12' is two cells, 1 and 2
    ],
)
def test_rows_of_symbols_apart_count_their_cells(text: str, cells: int) -> None:
    side = text.count("\n") + 1
    with pytest.raises(ParseError, match=f"row has {cells} cells, expected {side}"):
        Grid.parse(text)


def test_groups_apart_still_read_as_symbols() -> None:
    """'..3 .2. 6..' (boxes apart, no bars) is a row of nine cells."""
    rows = ["..3 .2. 6..", "9.. 3.5 ..1", "..1 8.6 4..", "..8 1.2 9..", "7.. ... ..8",
            "..6 7.8 2..", "..2 6.9 5..", "8.. 2.3 ..9", "..5 .1. 3.."]  # fmt: skip
    assert Grid.parse("\n".join(rows)).to_line() == "".join(rows).replace(" ", "")


@pytest.mark.parametrize("row", ["534 | 678 | 9 12", "534 678 91 2", "5 3 4 6 7 8 9 12"])
def test_up_to_9x9_a_token_of_several_symbols_is_a_group(row: str) -> None:
    """A stray space in a 9x9 row ('9 12') was refused as 'row has 4 cells'."""
    rest = ["672195348", "198342567", "859761423", "426853791", "713924856", "961537284",
            "287419635", "345286179"]  # fmt: skip
    assert Grid.parse("\n".join([row, *rest])).to_line()[:9] == "534678912"
