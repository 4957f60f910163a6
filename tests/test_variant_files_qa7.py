"""Variant files, QA round 7: how a file is told a variant file, where its text puzzles start,
and the line a key given twice names.

1. JSON lines: a first object with a ``grid`` that is not a string (but a ``variant``,
   ``regions`` or ``cages`` key, or a ``grid`` that is no list) is a bad variant puzzle, not a
   reason to read the whole file as plain grids.
2. Text: a misspelt first key (``varaint:``) still makes a variant file; the key is refused by
   name, in any puzzle, and the other puzzles are read.
3. Text: puzzles separated by blank lines read apart whatever key each starts with.
4. A key given twice names its first line in the whole file (JSON lines, later text puzzles).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.errors import ParseError
from sudograph.formats.variant import looks_like_variant, read_fpuzzles, read_variant_puzzles

GRID = "1..............."
OTHER = ".2.............."


def _count(tmp_path: Path, capfd: pytest.CaptureFixture[str], name: str, text: str):
    path = tmp_path / name
    path.write_text(text)
    code = main(["count", str(path)])
    out, err = capfd.readouterr()
    return code, out.replace(str(path), name), err.replace(str(path), name)


# -- 1. JSON lines: a first line whose grid is not a string ---------------------------------

_VALID = f'{{"grid": "{GRID}", "box": "2x2", "variant": "x"}}'


@pytest.mark.parametrize(
    ("first", "column"),
    [
        ('{"grid": ["1...", "....", "....", "...."], "box": "2x2", "variant": "x"}', 10),
        ('{"grid": 5, "box": "2x2", "variant": "x"}', 10),
        ('{"grid": null, "box": "2x2"}', 10),
        ('{"grid": {"line": "1..."}, "box": "2x2"}', 10),
        ('{"grid": [[1, 0], [0, 1]], "cages": []}', 10),
        ('{"regions": ["aabb", "acdb", "acdb", "ccdd"], "variant": "jigsaw"}', 1),
    ],
)
def test_a_bad_first_json_line_is_its_own_error(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], first: str, column: int
) -> None:
    text = f'{first}\n{_VALID}\n{{"grid": "{OTHER}", "box": "2x2", "variant": "windoku"}}\n'
    code, out, _ = _count(tmp_path, capfd, "jv.jsonl", text)
    assert code == 2
    assert out.splitlines() == [
        f"line 1: error: jv.jsonl:1:{column}: a variant puzzle is a JSON object with a 'grid' "
        "string",
        "line 2: 12 solutions",
        "line 3: 42 solutions",
    ]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('{"grid": ["1...", "...."], "variant": "x"}\n{"grid": "1..."}\n', "json"),
        ('{"grid": 5}\n', "json"),
        ('{"cages": [], "box": "2x2"}\n', "json"),
        # the cells of a plain grid: a plain grid object, its rules as Grid.to_json writes them
        ('{"rows": [[1, 0], [0, 1]], "variant": "x"}\n', None),
        ('{"line": "1...............", "variant": "x", "cages": []}\n', None),
        ('{"puzzle": "1...............", "box": [2, 2]}\n', None),
        ('{"rows": [[1, 0], [0, 1]]}\n', None),
        ('{"grid": [[1, 2], [2, 1]]}\n', None),
        ('{"grid": [[{"value": 1}, {}], [{}, {}]], "size": 2}\n', "fpuzzles"),
    ],
)
def test_json_kind(text: str, kind: str | None) -> None:
    assert looks_like_variant(text) == kind


def test_a_plain_grid_object_with_rules_still_reads(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    rows = "[[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]"
    text = f'{{"box": [2, 2], "rows": {rows}, "variant": "x"}}\n'
    assert _count(tmp_path, capfd, "g.jsonl", text)[:2] == (0, "line 1: 12 solutions\n")


# -- 2. a misspelt key, first in the file or not ---------------------------------------------

_KILLER = "variant: killer\nbox: 2x2\ngrid: 3.............4.\ncages:\n5 r1c3 r1c4\n"


@pytest.mark.parametrize(
    ("typo", "typed", "key"),
    [
        ("varaint: x", "varaint", "variant"),
        ("Varient: x", "Varient", "variant"),
        ("bxo: 2x2", "bxo", "box"),
        ("gird: 1...............", "gird", "grid"),
    ],
)
def test_a_misspelt_first_key_is_refused_by_name(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], typo: str, typed: str, key: str
) -> None:
    first = {"variant: x": "variant", "box: 2x2": "box", f"grid: {GRID}": "grid"}
    lines = [typo if k == key else line for line, k in first.items()]
    text = "\n".join(lines) + f"\n\n# next\nvariant: windoku\nbox: 2x2\ngrid: {OTHER}\n\n"
    code, out, err = _count(tmp_path, capfd, "t.txt", text)
    row = 1 + ["variant", "box", "grid"].index(key)
    shown = 3 if key != "grid" else 1  # numbered by its grid: line (none: its first line)
    message = f"t.txt:{row}:1: unknown key '{typed}:': did you mean '{key}:'?"
    assert code == 2
    assert out.splitlines() == [f"line {shown}: error: {message}", "line 8: 42 solutions"]
    assert f"sudograph: error: {message}" in err


def test_a_misspelt_key_in_a_later_puzzle(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    text = f"variant: x\nbox: 2x2\ngrid: {GRID}\n\nvariant: x\nbox: 2x2\ngird: {GRID}\n\n" + _KILLER
    code, out, _ = _count(tmp_path, capfd, "t.txt", text)
    assert code == 2
    assert out.splitlines() == [
        "line 3: 12 solutions",
        "line 5: error: t.txt:7:1: unknown key 'gird:': did you mean 'grid:'?",
        "line 11: 6 solutions",
    ]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("varaint: x\nbox: 2x2\n", "text"),
        ("# c\n\n  Alphabt : ABCD\nbox: 2x2\n", "text"),
        ("cage: 3 r1c1 r1c2\n# c\ngrid: 1...\n", "text"),
        # a slip of a key with no key after it: a plain file's header line (a review)
        ("cage: 3 r1c1 r1c2\n", None),
        ("Grids: 2\n1...............\n", None),
        # ordinary puzzle files stay plain
        ("puzzle: 1...............\n", None),
        ("Grid 01:\n1234\n", None),
        ("quizzes,solutions\n1...,1234\n", None),
        ("1.3.\n..2.\n3...\n.2.1\n", None),
        ("title: my puzzles\n1...............\n", None),
    ],
)
def test_text_kind(text: str, kind: str | None) -> None:
    assert looks_like_variant(text) == kind


# -- 3. where a text puzzle starts -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rows"),
    [
        # nov.txt: the second puzzle has no variant: line
        (
            f"variant: x\nbox: 2x2\ngrid: {GRID}\n\nbox: 2x2\ngrid: {OTHER}\n",
            ["line 3: 12 solutions", "line 6: 72 solutions"],
        ),
        # gridfirst.txt: every puzzle starts with its grid
        (
            f"grid: {GRID}\nvariant: x\n\ngrid: {OTHER}\nvariant: windoku\n",
            ["line 1: 12 solutions", "line 4: 42 solutions"],
        ),
        # box first: the box goes with the puzzle below the blank line
        (
            f"box: 2x2\nvariant: x\ngrid: {GRID}\n\n# two\nbox: 2x2\nvariant: windoku\n"
            f"grid: {OTHER}\n",
            ["line 3: 12 solutions", "line 8: 42 solutions"],
        ),
        # a blank line inside one puzzle, no key repeated: one puzzle
        (f"variant: x\n\nbox: 2x2\n\ngrid: {GRID}\n", ["line 5: 12 solutions"]),
        # variant: starts a puzzle, blank line or not (as before)
        (
            f"variant: x\n\nbox: 2x2\ngrid: {GRID}\nvariant: windoku\ngrid: {OTHER}\n",
            ["line 4: 12 solutions", "line 6: 42 solutions"],
        ),
        # what format_variant_text writes, joined by blank lines
        (
            f"variant: x\nbox: 2x2\ngrid: {GRID}\n\n" + _KILLER,
            ["line 3: 12 solutions", "line 7: 6 solutions"],
        ),
    ],
)
def test_puzzles_separated_by_blank_lines(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], text: str, rows: list[str]
) -> None:
    code, out, _ = _count(tmp_path, capfd, "v.txt", text)
    assert (code, out.splitlines()) == (0, rows)


@pytest.mark.parametrize(
    ("text", "rows"),
    [
        # a key repeated without a blank line: that puzzle's error
        (
            f"variant: x\nbox: 2x2\ngrid: {GRID}\ngrid: {OTHER}\n",
            ["line 3: error: v.txt:4:1: 'grid:' given twice (first on line 3)"],
        ),
        # a blank line, but the repeated key is not the first after it
        (
            f"variant: x\n\nbox: 2x2\ngrid: {GRID}\ngrid: {OTHER}\n",
            ["line 4: error: v.txt:5:1: 'grid:' given twice (first on line 4)"],
        ),
        # 4. in a later puzzle: the first line in the whole file
        (
            f"variant: x\nbox: 2x2\ngrid: {GRID}\n\nvariant: x\nbox: 2x2\nbox: 2x2\ngrid: {GRID}\n",
            [
                "line 3: 12 solutions",
                "line 8: error: v.txt:7:1: 'box:' given twice (first on line 6)",
            ],
        ),
    ],
)
def test_a_key_given_twice_in_a_text_puzzle(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], text: str, rows: list[str]
) -> None:
    code, out, _ = _count(tmp_path, capfd, "v.txt", text)
    assert (code, out.splitlines()) == (2, rows)


def test_puzzle_blocks_api() -> None:
    text = f"grid: {GRID}\nvariant: x\n\n# two\ngrid: {OTHER}\nvariant: windoku\n"
    found = [(no, g.to_line(), g.variant.spec) for no, g in read_variant_puzzles(text)]
    assert found == [(1, GRID, "x"), (5, OTHER, "windoku")]


# -- 4. a JSON key given twice names its line in the file ------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "row"),
    [
        (
            "j.jsonl",
            f"# batch\n{_VALID}\n\n"
            f'{{"grid": "{GRID}", "box": "2x2", "variant": "x", "box": "2x2"}}\n{_VALID}\n',
            "line 4: error: j.jsonl:4:60: key 'box' given twice (first on line 4)",
        ),
        (
            "p.json",
            f'{{\n  "grid": "{GRID}",\n  "box": "2x2",\n  "variant": "x",\n  "box": "2x2"\n}}\n',
            "line 1: error: p.json:5:3: key 'box' given twice (first on line 3)",
        ),
    ],
)
def test_a_json_key_given_twice(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], name: str, text: str, row: str
) -> None:
    code, out, _ = _count(tmp_path, capfd, name, text)
    assert code == 2
    assert row in out.splitlines()
    if name.endswith(".jsonl"):
        assert out.splitlines() == ["line 2: 12 solutions", row, "line 5: 12 solutions"]


# -- f-puzzles messages that misled (the same QA pass) ------------------------------------------
_FP_GRID = "[[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            f'{{"size": 4, "grid": {_FP_GRID}, '
            '"killercage": [{"cells": ["R1C1"], "value": "3.5"}]}',
            "killer cage 1: its sum '3.5' is not a whole number",
        ),
        (
            f'{{"size": "4", "grid": {_FP_GRID}}}',
            "f-puzzles 'size' must be a whole number, got '4'",
        ),
        (
            f'{{"size": 4, "grid": {_FP_GRID}}}\n{{"size": 4, "grid": {_FP_GRID}}}',
            "bad JSON: Extra data (an f-puzzles file holds one puzzle)",
        ),
        (
            f'{{"size": 4, "grid": {_FP_GRID}, "killercage": [{{"cells": ["R1C1"]}}]}}',
            "killer cage 1: needs cells R1C1.. and a sum (one without is not supported)",
        ),
    ],
)
def test_fpuzzles_faults_say_what_is_wrong(text: str, message: str) -> None:

    with pytest.raises(ParseError) as caught:
        read_fpuzzles(text)
    assert caught.value.message == message


def test_an_fpuzzles_sum_with_spaces_is_read() -> None:
    cage = '{"cells": ["R1C1", "R1C2"], "value": " 3 "}'
    text = f'{{"size": 4, "grid": {_FP_GRID}, "killercage": [{cage}]}}'
    assert read_fpuzzles(text).variant.cages == (((0, 1), 3),)


def test_a_variant_object_given_to_grid_parse_names_the_variant_format() -> None:
    from sudograph import Grid

    with pytest.raises(ParseError, match=r"\('grid' is a key of the variant puzzle format"):
        Grid.parse({"grid": "." * 16, "box": "2x2", "variant": "x"})


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("variant: x\nbox: 2x2\n", 1),  # a file of one puzzle: it had no line
        ("# a comment\n\nvariant: x\nbox: 2x2\n", 3),
        (f"variant: x\nbox: 2x2\ngrid: {GRID}\n\nvariant: x\nbox: 2x2\n", 5),
    ],
)
def test_a_puzzle_without_a_grid_line_is_placed_at_its_first_key(text: str, line: int) -> None:
    errors = [g for _, g in read_variant_puzzles(text, source="v.txt") if isinstance(g, Exception)]
    assert [str(e) for e in errors] == [f"v.txt:{line}: no 'grid:' line"]
