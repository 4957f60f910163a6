"""The box and alphabet of every JSON reader (a grid object, a puzzle row of JSON lines, a
variant puzzle) are read by one function: one fault, one wording, at the value at fault."""

from __future__ import annotations

import pytest

from sudograph.errors import ParseError
from sudograph.formats.puzzles import read_grid
from sudograph.formats.variant import read_variant_puzzle
from sudograph.grid import Grid

ROWS = "[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]"
LINE = "1" + "." * 15


def _grid_object(box: str, extra: str = "") -> str:
    return f'{{"box": {box}{extra}, "rows": {ROWS}}}'


def _puzzle_row(box: str, extra: str = "") -> str:
    return f'{{"puzzle": "{LINE}", "box": {box}{extra}}}'


def _variant(box: str, extra: str = "") -> str:
    return f'{{"grid": "{LINE}", "variant": "x", "box": {box}{extra}}}'


READERS = {
    "grid object": (_grid_object, lambda t, **kw: Grid.parse(t, **kw)),
    "puzzle row": (_puzzle_row, lambda t, **kw: read_grid(t, **kw)),
    "variant puzzle": (_variant, lambda t, **kw: read_variant_puzzle(t, **kw)),
}


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize(
    ("box", "at", "message"),
    [
        ("[2, true]", "true", "'box' side true is not a whole number"),
        ("[2.0, 2]", "2.0", "'box' side 2.0 is not a whole number"),
        ('["2", 2]', '"2"', "'box' side \"2\" is not a whole number"),
        ("[0, 2]", "[0, 2]", "bad box: box shape must be positive, got 0x2"),
        ("[-2, -2]", "[-2, -2]", "bad box: box shape must be positive, got -2x-2"),
        ('"0x2"', '"0x2"', "bad box: box shape must be positive, got 0x2"),
        ('"2by2"', '"2by2"', "bad box: box shape '2by2' is not of the form RxC (e.g. 2x3)"),
        ("[9, 9]", "[9, 9]", "bad box: grid side 81 is outside 1..64"),
        ("[2, 2, 2]", "[2, 2, 2]", "'box' is \"RxC\" or [rows, columns], not [2, 2, 2]"),
        ("true", "true", "'box' is \"RxC\" or [rows, columns], not true"),
        ("4", "4", "'box' is \"RxC\" or [rows, columns], not 4"),
    ],
)
def test_a_bad_box_reads_the_same_in_every_json_reader(
    reader: str, box: str, at: str, message: str
) -> None:
    make, read = READERS[reader]
    text = make(box)
    column = text.index(at, text.index('"box"')) + 1
    with pytest.raises(ParseError) as caught:
        read(text)
    assert (caught.value.message, caught.value.line, caught.value.column) == (message, 1, column)


@pytest.mark.parametrize(
    ("reader", "whose"),
    [("grid object", "grid"), ("puzzle row", "puzzle"), ("variant puzzle", "puzzle")],
)
def test_a_box_or_alphabet_given_must_be_the_files(reader: str, whose: str) -> None:
    make, read = READERS[reader]
    with pytest.raises(ParseError, match=rf"box 3x3 given, but the {whose}'s is 2x2$"):
        read(make("[2, 2]"), box=(3, 3))
    # the puzzle row used to take the alphabet given over its own, then fail on its '1'
    text = make("[2, 2]", ', "alphabet": "1234"')
    with pytest.raises(ParseError, match=rf"alphabet ABCD given, but the {whose}'s is 1234$"):
        read(text, alphabet="ABCD")
    assert read(text, alphabet="1234", box=(2, 2)).to_line() == read(text).to_line()


@pytest.mark.parametrize("reader", READERS)
def test_an_alphabet_not_a_string_is_quoted_as_json(reader: str) -> None:
    make, read = READERS[reader]
    with pytest.raises(ParseError, match=r"'alphabet' is a string of symbols, not 5$"):
        read(make("[2, 2]", ', "alphabet": 5'))


def test_a_null_box_in_a_puzzle_row_is_the_size_s_box() -> None:
    """Kept as it was: a puzzle row's ``"box": null`` is a box left out (a table exported
    with an empty box column); the other readers, whose writers always write one, refuse it."""
    assert read_grid(_puzzle_row("null")).box == (2, 2)
    with pytest.raises(ParseError, match="not null"):
        Grid.parse(_grid_object("null"))


@pytest.mark.parametrize(
    ("row", "key", "like"),
    [
        ('{"puzle": "4.....1....1.3.."}', "puzle", "puzzle"),  # read as a grid object before
        ('{"puzzel": "4.....1....1.3.."}', "puzzel", "puzzle"),
        ('{"puzzle": "4.....1....1.3..", "bxo": [2, 2]}', "bxo", "box"),  # solved, box dropped
        ('{"puzzle": "4.....1....1.3..", "bo": [2, 2]}', "bo", "box"),
        (f'{{"bxo": [2, 2], "rows": {ROWS}}}', "bxo", "box"),
    ],
)
def test_a_key_one_slip_from_a_key_read_is_refused_at_it(row: str, key: str, like: str) -> None:
    with pytest.raises(ParseError) as caught:
        read_grid(row)
    assert caught.value.message == f"unknown key {key!r}: did you mean {like!r}?"
    assert caught.value.column == row.index(f'"{key}"') + 1


def test_keys_of_a_puzzle_row_far_from_any_key_read_are_left() -> None:
    row = '{"puzzle": "4.....1....1.3..", "id": 3, "source": "x", "tag": 1, "puzzle_id": 9}'
    assert read_grid(row).to_line() == "4.....1....1.3.."
    row = '{"puzzle": "4.....1....1.3..", "bot": "solver3", "fox": 1, "row": 2}'  # words
    assert read_grid(row).to_line() == "4.....1....1.3.."
