"""Faults a QA pass found in what sudograph says about values (2026-11-27), each pinned:
messages that named internal value numbers instead of the grid's symbols (16×16, 12×12,
25×25 and custom alphabets), whitespace-separated tokens read half as symbols and half as
numbers, a box side too long for ``int()``, "1 steps", and a wrong-length message that
ignored ``--box`` or counted a stray comma as a cell."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.errors import InvalidArgument, InvalidPuzzle, ParseError
from sudograph.grid import Conflict, Grid, parse_box
from sudograph.logic import find_steps, next_step

HEX = "0123456789ABCDEF"
LETTERS = "ABCDEFGHIJKLMNOP"

SHAPES = [
    pytest.param((4, 4), HEX, id="hex-16"),
    pytest.param((4, 4), LETTERS, id="letters-16"),
    pytest.param((4, 4), None, id="default-16"),
    pytest.param((3, 4), None, id="default-12"),
    pytest.param((5, 5), None, id="default-25"),
]


def full_grid(box: tuple[int, int], alphabet: str | None) -> Grid:
    """A solved grid of ``box`` (the shifted-rows pattern) written with ``alphabet``."""
    br, bc = box
    n = br * bc
    values = [((r % br) * bc + r // br + c) % n + 1 for r in range(n) for c in range(n)]
    grid = Grid(box, tuple(values), alphabet or "")
    assert grid.is_complete()
    return grid


def without(grid: Grid, value: int) -> tuple[Grid, int]:
    """``grid`` with the first cell holding ``value`` emptied, and that cell."""
    cell = grid.values.index(value)
    values = list(grid.values)
    values[cell] = 0
    return grid.with_values(values), cell


def cell_name(grid: Grid, i: int) -> str:
    return f"r{i // grid.n + 1}c{i % grid.n + 1}"


# -- 1. messages name the grid's symbols ----------------------------------------------------------


@pytest.mark.parametrize(("box", "alphabet"), SHAPES)
def test_a_hint_names_the_symbol_to_write(box: tuple[int, int], alphabet: str | None) -> None:
    solved = full_grid(box, alphabet)
    puzzle, cell = without(solved, 11)  # 11: a value whose symbol is no "11" in any of them
    symbol = solved.alphabet[10]
    step = next_step(puzzle)
    assert step is not None and step.placements == ((cell, 11),)
    assert (
        step.text == f"{cell_name(puzzle, cell)}: {symbol} is the only candidate left in the cell"
    )
    (hidden, *_) = find_steps(puzzle, "hidden single")
    assert f": {symbol} is the only place for {symbol} in " in hidden.text
    assert step.as_dict(puzzle.alphabet)["symbols"] == [symbol]


@pytest.mark.parametrize(("box", "alphabet"), SHAPES)
def test_hint_and_explain_commands_print_the_symbol(
    box: tuple[int, int], alphabet: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle, cell = without(full_grid(box, alphabet), 11)
    symbol = puzzle.alphabet[10]
    options = ["--box", f"{box[0]}x{box[1]}"] + (["--alphabet", alphabet] if alphabet else [])
    assert main(["hint", puzzle.to_line(), *options]) == 0
    said = f"naked single: {cell_name(puzzle, cell)}: {symbol} is the only candidate left"
    assert capsys.readouterr().out.startswith(said)
    assert main(["explain", puzzle.to_line(), *options]) == 0
    assert capsys.readouterr().out.startswith(f"1. {said}")
    assert main(["hint", puzzle.to_line(), *options, "--json"]) == 0
    step = json.loads(capsys.readouterr().out)["step"]
    assert step["digits"] == [11] and step["symbols"] == [symbol]  # values stay numbers


def test_elimination_texts_write_digit_sets_in_symbols() -> None:
    grid = Grid(Grid.empty(4).box, Grid.empty(4).values, HEX)
    cands = [set(range(1, 17)) for _ in grid.values]
    cands[0], cands[1] = {10, 11}, {10, 11}
    pair = find_steps(grid, "naked pair", cands)[0].text
    assert pair.startswith("in row 1, r1c1, r1c2 hold only {9,A}, which removes 9, A from r1c3")
    cands[1], cands[17] = {10, 12}, {11, 12}
    wing = find_steps(grid, "xy-wing", cands)[0].text
    assert "{9,A} with pincers r1c2 {9,B} and r2c2 {A,B}: one pincer is B, " in wing


@pytest.mark.parametrize(
    ("alphabet", "expected"),
    [
        (None, "row 1: 11 at r1c1, r1c2"),  # the public form without an alphabet, as before
        (HEX, "row 1: A at r1c1, r1c2"),
        (LETTERS, "row 1: K at r1c1, r1c2"),
        ("123456789ABCDEFG", "row 1: B at r1c1, r1c2"),
    ],
)
def test_conflict_describe_takes_the_alphabet(alphabet: str | None, expected: str) -> None:
    assert Conflict("row 1", 11, (0, 1)).describe(16, alphabet) == expected


def test_a_cage_total_stays_a_number() -> None:
    total = Conflict("cage 1 (sum 4 out of reach)", 11, (0, 1))
    assert total.describe(16, HEX) == "cage 1 (sum 4 out of reach): clues total 11 at r1c1, r1c2"


@pytest.mark.parametrize(("alphabet", "symbol"), [(HEX, "A"), (LETTERS, "K")])
def test_check_and_solve_name_the_clashing_symbol(
    alphabet: str, symbol: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = symbol * 2 + "." * 254
    clash = f"row 1: {symbol} at r1c1, r1c2; box 1: {symbol} at r1c1, r1c2"
    with pytest.raises(InvalidPuzzle, match=f"^clashing clues: {clash}$"):
        _ = Grid.parse(line, alphabet=alphabet).problem
    assert main(["check", line, "--alphabet", alphabet]) == 1
    assert capsys.readouterr().out == f"puzzle: 2 conflicts: {clash}\n"
    assert main(["check", line, "--alphabet", alphabet, "--json"]) == 1
    (row, _) = json.loads(capsys.readouterr().out)["conflicts"]
    assert (row["value"], row["symbol"], row["names"]) == (11, symbol, ["r1c1", "r1c2"])
    assert main(["solve", line, "--alphabet", alphabet]) != 0
    assert f"clashing clues: {clash}" in capsys.readouterr().err


def test_nine_by_nine_text_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle, cell = without(full_grid((3, 3), None), 5)
    step = next_step(puzzle)
    assert step is not None
    assert step.text == f"{cell_name(puzzle, cell)}: 5 is the only candidate left in the cell"
    assert main(["check", "55" + "." * 79]) == 1
    assert "row 1: 5 at r1c1, r1c2" in capsys.readouterr().out


# -- 2. whitespace-separated tokens: one reading per grid -----------------------------------------

REST = " 0" * 251


@pytest.mark.parametrize(
    ("text", "alphabet", "values", "grid_alphabet"),
    [
        pytest.param("0 3 10 0 4" + REST, HEX, (0, 3, 10, 0, 4), HEX, id="numbers-hex"),
        pytest.param(
            "0 3 10 0 4" + REST, None, (0, 3, 10, 0, 4), "123456789ABCDEFG", id="numbers-guessed"
        ),
        pytest.param("0 3 A 0 4" + REST, HEX, (1, 4, 11, 1, 5), HEX, id="symbols-hex"),
        pytest.param("16 . 3 _ 4" + REST, None, (16, 0, 3, 0, 4), "123456789ABCDEFG", id="marks"),
    ],
)
def test_tokens_are_read_one_way(
    text: str, alphabet: str | None, values: tuple[int, ...], grid_alphabet: str
) -> None:
    grid = Grid.parse(text, alphabet=alphabet)
    assert grid.values[:5] == values and grid.alphabet == grid_alphabet


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        pytest.param(
            "0 3 10 A 4" + REST,
            "1:8",
            "values written both ways: 'A' is no number, but '10' at 1:5 is not a symbol of "
            f"{HEX}: write every value as a symbol, or every value as a number (0 for empty)",
            id="symbol-after-number",
        ),
        pytest.param(
            "A 3 10 0 4" + REST,
            "1:5",
            f"values written both ways: '10' is a number, not a symbol of {HEX}, but 'A' at 1:1 "
            "is no number: write every value as a symbol, or every value as a number (0 for empty)",
            id="number-after-symbol",
        ),
        pytest.param(
            "0 3 10 x 4" + REST,
            "1:8",
            f"unknown character 'x' (expected one of {HEX} or ._- for empty)",
            id="neither",
        ),
        pytest.param(
            "0 3 " + "9" * 5000 + REST + " 0 0",
            "1:5",
            "value 999999999999... is outside 0..16",
            id="too-many-digits",
        ),
    ],
)
def test_mixed_tokens_are_refused_where_they_mix(text: str, where: str, message: str) -> None:
    with pytest.raises(ParseError) as info:
        Grid.parse(text, alphabet=HEX)
    assert str(info.value) == f"{where}: {message}"


def test_boxed_rows_are_read_one_way_too() -> None:
    rows = ["0 3 10 0" + " 0" * 12] + ["0" + " 0" * 15] * 15
    grid = Grid.parse("\n".join(rows), alphabet=HEX)
    assert grid.values[:4] == (0, 3, 10, 0) and grid.clues == 2
    rows[5] = "A" + " 0" * 15
    with pytest.raises(ParseError, match=r"^6:1: values written both ways: 'A' is no number"):
        Grid.parse("\n".join(rows), alphabet=HEX)


# -- 3. a box side too long for int() -------------------------------------------------------------


@pytest.mark.parametrize("text", ["9" * 5000 + "x2", "2x" + "9" * 5000, "2," + "1" * 4301])
def test_parse_box_refuses_a_huge_side(text: str) -> None:
    with pytest.raises(InvalidArgument, match="has a side over 64"):
        parse_box(text)


def test_cli_refuses_a_huge_box_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["info", "sudoku:" + "9" * 5000 + "x2"]) == 2
    assert "has a side over 64" in capsys.readouterr().err
    assert main(["show", "." * 36, "--box", "9" * 5000 + "x2"]) == 2
    assert "has a side over 64" in capsys.readouterr().err


# -- 4. one step, one guess -----------------------------------------------------------------------


def test_counts_of_one_take_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle, _ = without(full_grid((3, 3), None), 5)
    assert main(["rate", puzzle.to_line()]) == 0
    assert capsys.readouterr().out == "1.00 naked single (1 step)\n"
    assert main(["explain", puzzle.to_line()]) == 0
    assert "\nsolved in 1 step:\n" in capsys.readouterr().out
    two, _ = without(puzzle, 6)
    assert main(["rate", two.to_line()]) == 0
    assert capsys.readouterr().out == "1.00 naked single (2 steps)\n"


# -- 5. the wrong-length message ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        pytest.param(
            "1" + "." * 36,
            "1:37: wrong length: 37 cells, but a 6x6 grid (box 2x3) has 36: one cell too many, "
            "at column 37",
            id="one-extra",
        ),
        pytest.param(
            "1" + "." * 39,
            "1:37: wrong length: 40 cells, but a 6x6 grid (box 2x3) has 36: 4 cells too many, "
            "from column 37",
            id="extras",
        ),
        pytest.param(
            "1" + "." * 30,
            "1: wrong length: 31 cells, but a 6x6 grid (box 2x3) has 36: 5 cells missing",
            id="missing",
        ),
    ],
)
def test_wrong_length_counts_the_cells_of_the_box_given(line: str, message: str) -> None:
    with pytest.raises(ParseError) as info:
        Grid.parse(line, box="2x3")
    assert str(info.value) == message


def test_show_with_box_reports_the_box_grid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad6.txt"
    path.write_text("1" + "." * 35 + "\n" + "." * 37 + "\n", encoding="utf-8")
    assert main(["show", str(path), "--box", "2x3", "--format", "line"]) == 2
    err = capsys.readouterr().err
    assert f"{path}:2:37: wrong length: 37 cells, but a 6x6 grid (box 2x3) has 36" in err


@pytest.mark.parametrize(
    ("line", "where", "char"),
    [("12..............,", "1:17", ","), ("12.......[.......", "1:10", "[")],
)
def test_a_stray_character_is_named_not_counted(
    line: str, where: str, char: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ParseError) as info:
        Grid.parse(line)
    assert str(info.value) == f"{where}: unexpected {char!r} in a one-line grid (not a cell)"
    assert main(["solve", line]) == 2
    assert f"<puzzle>:{where}: unexpected {char!r}" in capsys.readouterr().err
