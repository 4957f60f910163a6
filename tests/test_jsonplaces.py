"""Faults in the content of a JSON puzzle are placed at the value at fault (line and column).

``json.loads`` places a syntax error only; :mod:`sudograph.formats.jsonplaces` finds where a
value is written, by its path, for the errors found after it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.cli import main
from sudograph.errors import ParseError
from sudograph.formats.jsonplaces import json_offsets, json_place, line_column
from sudograph.formats.variant import read_variant_puzzle, read_variant_puzzles

_DECODER = json.JSONDecoder()

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=20,
)


def paths(value: Any, path: tuple[str | int, ...] = ()) -> list[tuple[tuple[str | int, ...], Any]]:
    """Every (path, value) of a JSON value, the top one first."""
    found = [(path, value)]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*path, i))
    return found


@settings(max_examples=200, deadline=None)
@given(json_values, st.sampled_from([None, 0, 2]), st.booleans())
def test_every_value_is_found_where_it_is_written(
    value: Any, indent: int | None, ascii_only: bool
) -> None:
    """The law: the offset of every path decodes, there, to the value at that path (and a
    key's offset to the key), however the text is laid out."""
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    values, keys = json_offsets(text)
    for path, item in paths(value):
        assert _DECODER.raw_decode(text, values[path])[0] == item
        if path and isinstance(path[-1], str):
            assert _DECODER.raw_decode(text, keys[path])[0] == path[-1]


@pytest.mark.parametrize(
    ("text", "path", "options", "expected"),
    [
        ('{"a": [1, {"b": 2}]}', ("a", 1, "b"), {}, (1, 17)),
        ('{"a": [1, {"b": 2}]}', ("a", 1, "b"), {"key": True}, (1, 12)),
        ('{"a":\n  [1,\n   2]}', ("a", 1), {}, (3, 4)),
        ('{"a": [1]}', ("a", 5), {}, (1, 7)),  # no such index: the list
        ('{"a": [1]}', ("z",), {"key": True}, (1, 1)),  # no such key: the object
        ('{"s": "abc"}', ("s",), {"inner": 2}, (1, 10)),
        ('{"s": "a\\u00e9c"}', ("s",), {"inner": 2}, (1, 7)),  # an escape: the string's start
        ('{"s": "abc"}', ("s",), {"inner": 9}, (1, 7)),  # past its end: the string's start
        ("[1, 2", (1,), {}, (1, 5)),  # not JSON: what was read before the fault
        ("", (), {}, (1, 1)),  # nothing at all: where it would start
    ],
)
def test_json_place(
    text: str,
    path: tuple[str | int, ...],
    options: dict[str, Any],
    expected: tuple[int, int] | None,
) -> None:
    assert json_place(text, path, **options) == expected


def test_line_column_counts_from_one() -> None:
    assert [line_column("ab\ncd", i) for i in range(5)] == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2)]


GRID4 = "1..3............"


def variant_json(**extra: Any) -> str:
    """A 4x4 variant puzzle as JSON over several lines, one key a line."""
    data = {"grid": GRID4, **extra}
    return (
        "{\n" + ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in data.items()) + "\n}\n"
    )


@pytest.mark.parametrize(
    ("extra", "message", "at"),
    [
        ({"variant": "x+nope"}, "unknown variant 'nope'", "x+nope"),
        ({"box": "3x3"}, "box 3x3 does not fit", GRID4),  # at the grid, as in the text format
        ({"variant": 7}, "'variant' is a string", "7"),
        ({"alphabet": ["1234"]}, "'alphabet' is a string", '["1234"]'),
        ({"cage": []}, "unknown key 'cage'", '"cage"'),
        (
            {"variant": "jigsaw", "regions": ["aabb", "aabb", "ccdd", "cddd"]},
            "region 'c' has 3 cells, expected 4",
            "ccdd",  # where region c starts
        ),
        ({"variant": "jigsaw", "regions": ["aabb", 5]}, "'regions' is a string or a list", "5]"),
        (
            {"variant": "killer", "cages": [{"sum": 3, "cells": ["r1c2", "r9c2"]}]},
            "bad cell 'r9c2'",
            'r9c2"',
        ),
        (
            {"variant": "killer", "cages": [{"sum": 30, "cells": ["r1c2", "r2c2"]}]},
            "cage 1: sum 30 is impossible",
            "30",
        ),
        (
            {
                "variant": "killer",
                "cages": [{"sum": 3, "cells": ["r1c2", "r2c2"]}, {"sum": 5, "cells": ["r2c2"]}],
            },
            "cell r2c2 is also in cage 1",
            'r2c2"]}]',
        ),
        ({"variant": "killer", "cages": [{"sum": 3}]}, "'cages' is a list of", '{"sum": 3}'),
    ],
)
def test_a_fault_in_a_json_variant_puzzle_is_placed_at_its_value(
    extra: dict[str, Any], message: str, at: str
) -> None:
    text = variant_json(**extra)
    with pytest.raises(ParseError) as info:
        read_variant_puzzle(text, source="p.json")
    assert message in info.value.message
    line, column = info.value.line, info.value.column
    assert line is not None and column is not None, info.value
    assert str(info.value).startswith(f"p.json:{line}:{column}: ")
    assert text.split("\n")[line - 1][column - 1 :].startswith(at), info.value


def test_a_bad_symbol_of_the_grid_is_placed_at_its_character() -> None:
    text = variant_json(variant="x").replace(GRID4, "1..3...z........")
    with pytest.raises(ParseError) as info:
        read_variant_puzzle(text, source="p.json")
    assert (info.value.line, info.value.column) == (2, 19)  # the 'z'
    assert text.split("\n")[1][18] == "z"


def test_a_fault_in_a_json_lines_file_is_placed_on_its_line() -> None:
    good = json.dumps({"grid": GRID4, "variant": "x"})
    bad = json.dumps(
        {"grid": GRID4, "variant": "killer", "cages": [{"sum": 99, "cells": ["r1c2"]}]}
    )
    text = "\n".join([good, "# a note", bad, good])
    got = list(read_variant_puzzles(text, source="f.json"))
    assert [no for no, _ in got] == [1, 3, 4]
    error = got[1][1]
    assert isinstance(error, ParseError) and error.line == 3
    assert error.column is not None and bad[error.column - 1 :].startswith("99")


def test_the_cli_names_file_line_and_column(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "p.json"
    path.write_text(variant_json(variant="killer", cages=[{"sum": 3, "cells": ["r1c2", "r1c9"]}]))
    code = main(["solve", str(path)])
    _, err = capfd.readouterr()
    assert code == 2 and "Traceback" not in err
    assert err.startswith(f"sudograph: error: {path}:4:") and "bad cell 'r1c9'" in err
