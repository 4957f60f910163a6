"""Faults of the variant file formats a QA pass found (2026-11-27), each fixed with its tests:
JSON told by parsing it (a ``"grid"`` far into the file), text files whose first key is not
``variant``/``grid``/``box``, invalid UTF-8 reported rather than replaced, ``"box": [R, C]``,
line numbers kept across Unicode line separators, f-puzzles' cosmetic elements ignored."""

from __future__ import annotations

import io
import json
import re
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sudograph.cli import main
from sudograph.cli.common import (
    VARIANT_HEAD,
    read_items,
    undecided_variant,
    variant_file_kind,
    variant_kind,
)
from sudograph.errors import ParseError
from sudograph.formats.variant import (
    FpuzzlesIgnored,
    looks_like_variant,
    parse_cages,
    read_fpuzzles,
    read_variant_puzzle,
    read_variant_puzzles,
)
from sudograph.grid import Grid
from sudograph.variants import check_solution

RULES = "Normal sudoku rules apply. " * 400  # 10,800 characters: past the head read to tell
EMPTY4 = "." * 16
X4 = "1" + "." * 15  # a 4x4 x puzzle (many solutions: the solver gives one)


def variant_object(**extra: Any) -> dict[str, Any]:
    """A JSON variant puzzle whose ``grid`` comes after a long meta value."""
    return {"variant": "x", "box": "2x2", "symmetry": RULES, "grid": X4, **extra}


def fpuzzles_object(**extra: Any) -> dict[str, Any]:
    """An f-puzzles puzzle as the site writes it: title, author and ruleset before the grid."""
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(4)] for _ in range(4)]
    grid[0][0] = {"value": 1, "given": True}
    return {
        "title": "t",
        "author": "a",
        "ruleset": RULES,
        "size": 4,
        "grid": grid,
        "diagonal+": True,
        "diagonal-": True,
        **extra,
    }


GRID_OBJECT = {"box": [2, 2], "alphabet": "1234", "line": X4, "rows": Grid.parse(X4).to_lists()}

SOURCES: dict[str, str] = {
    "json, one line": json.dumps(variant_object()) + "\n",
    "json, pretty": json.dumps(variant_object(), indent=4) + "\n",
    "json lines": "# two puzzles\n" + (json.dumps(variant_object()) + "\n") * 2,
    "f-puzzles, one line": json.dumps(fpuzzles_object()),
    "f-puzzles, pretty": json.dumps(fpuzzles_object(), indent=1) + "\n",
}


# -- 1. JSON told by parsing it, wherever its "grid" is ------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (SOURCES["json, one line"], "json"),
        (SOURCES["json, pretty"], "json"),
        (SOURCES["json lines"], "json"),
        (SOURCES["f-puzzles, one line"], "fpuzzles"),
        (SOURCES["f-puzzles, pretty"], "fpuzzles"),
        ("\ufeff# a comment\n" + json.dumps(variant_object(), indent=2), "json"),
        # a bad first line: the second tells (JSON lines, as the plain grid reader decides)
        ("{broken\n" + json.dumps(variant_object()) + "\n", "json"),
        # plain grids: a grid object, one per line or pretty, and lists
        (json.dumps(GRID_OBJECT), None),
        (json.dumps({**GRID_OBJECT, "note": RULES}, indent=2), None),
        (json.dumps(GRID_OBJECT) + "\n" + json.dumps(GRID_OBJECT), None),
        ("[[1, 0],\n [0, 1]]", None),
        (json.dumps({"grid": [[1, 2], [2, 1]]}), None),  # no cell objects: no f-puzzles
        # JSON that does not parse: told by what it holds, for its reader to say where
        (SOURCES["f-puzzles, pretty"][:-20], "fpuzzles"),
        (SOURCES["json, pretty"][:-20], "json"),
    ],
    ids=lambda x: None if isinstance(x, str) and len(x) > 20 else str(x),
)
def test_json_is_told_by_parsing_it(text: str, kind: str | None) -> None:
    assert looks_like_variant(text) == kind
    # a head: told by its first lines, else undecided ("json": read whole and told then)
    head = text.encode()[:VARIANT_HEAD]
    told = variant_kind(head)
    assert told == kind or (told == "json" and undecided_variant(head))


@pytest.mark.parametrize(
    ("head", "undecided"),
    [
        (b'{\n  "title": "t",\n  "ruleset": "', True),  # one document over several lines
        (b'{"title": "t", "ruleset": "Normal', True),  # its first line goes on past the head
        (b'{broken\n{"grid": "', True),  # neither first line tells yet
        (b'{"grid": "1..."}\n{"grid": "', False),  # JSON lines: the first line tells
        (b'{"title": "t",\n "grid": "1..."}', False),  # the whole document
        (b"[[1, 0],\n", False),  # a list: plain grids
        (b"variant: x\n", False),
        (b"", False),
    ],
)
def test_a_head_that_does_not_tell_is_undecided(head: bytes, undecided: bool) -> None:
    assert undecided_variant(head) == undecided
    assert variant_kind(head) == "json" or not undecided


@pytest.mark.parametrize("name", SOURCES)
def test_a_json_puzzle_with_its_grid_far_in_reads(name: str, tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(SOURCES[name])
    assert variant_file_kind(str(path)) == ("fpuzzles" if "f-puzzles" in name else "json")


# a raw stream that can neither peek nor seek: buffered below, it peeks, as a pipe does
from test_cli_stdin_variant import _Pipe  # noqa: E402

STDINS: dict[str, Callable[[bytes], io.TextIOWrapper]] = {
    "pipe": lambda data: io.TextIOWrapper(io.BufferedReader(_Pipe(data)), encoding="utf-8"),
    "file": lambda data: io.TextIOWrapper(io.BufferedReader(io.BytesIO(data)), encoding="utf-8"),
    "seekable": lambda data: io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"),
}


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    assert "Traceback" not in err
    return code, out, re.sub(r"[\d,.]+ puzzles/s.*", "", err)


@pytest.mark.parametrize("stdin", STDINS)
@pytest.mark.parametrize("command", [["solve"], ["solve", "--json"], ["check"], ["show"]])
@pytest.mark.parametrize("name", SOURCES)
def test_standard_input_reads_as_the_file(
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    name: str,
    command: list[str],
    stdin: str,
) -> None:
    """Was: 'a grid object needs a 'rows' key' (JSON), 'no grid found' (f-puzzles)."""
    path = tmp_path / "p.json"
    path.write_text(SOURCES[name])
    cmd, *options = command
    code, out, err = run(capfd, cmd, str(path), *options)
    assert code == 0, err
    if cmd == "solve" and "--json" in options:
        rows = [json.loads(row) for row in out.splitlines()]
        assert rows and all(row["status"] == "solved" for row in rows)
        solution = Grid.parse(rows[0]["solution"])
        assert check_solution(read_variant_puzzle(json.dumps(variant_object())).variant,
                              (2, 2), solution.values) == []  # fmt: skip
    monkeypatch.setattr(sys, "stdin", STDINS[stdin](SOURCES[name].encode()))
    got = run(capfd, cmd, "-", *options)
    assert got == (code, out.replace(str(path), "<stdin>"), err.replace(str(path), "<stdin>"))


def big_grid_lines(count: int) -> bytes:
    """JSON lines of 64x64 grid objects, each line longer than the head read to tell."""
    line = json.dumps(Grid.parse("." * 4096, box=(8, 8)).to_json()).encode() + b"\n"
    assert len(line) > 2 * VARIANT_HEAD
    return line * count


@pytest.mark.parametrize("stdin", ["pipe", "seekable"])
def test_json_lines_of_large_objects_still_stream(
    monkeypatch: pytest.MonkeyPatch, stdin: str
) -> None:
    """Their first line, longer than the head, is read whole to tell; the rest is not."""
    import argparse

    data = big_grid_lines(300)  # ~5 MB
    monkeypatch.setattr(sys, "stdin", STDINS[stdin](data))
    buffer: Any = sys.stdin.buffer
    assert variant_file_kind("-") is None
    position = buffer.raw.data.tell() if stdin == "pipe" else buffer.tell()
    assert position <= 4 * len(data) // 300 + (1 << 16)
    items = read_items("-", argparse.Namespace())
    for want in (1, 2):
        no, grid = next(items)
        assert no == want and isinstance(grid, Grid) and grid.n == 64
    items.close()  # type: ignore[attr-defined]  # (a generator)


# -- 2. a text file is told by any of its keys -------------------------------------------------


TEXT_KEYS_FIRST = {
    "alphabet": f"alphabet: ABCD\nbox: 2x2\ngrid: A{'.' * 15}\nvariant: x\n",
    "regions": "regions:\naabb\nacdb\nacdb\nccdd\nbox: 2x2\ngrid: 1" + "." * 15 + "\n",
    "cages": f"cages:\n3 r1c1 r1c2\nbox: 2x2\ngrid: {EMPTY4}\n",
    "box": f"box: 2x2\nvariant: x\ngrid: {X4}\n",
    "grid": f"grid: {X4}\nvariant: x\n",
    "upper case, blanks": f"  # a note\n\n  Cages :  \n3 r1c1 r1c2\nbox: 2x2\ngrid: {EMPTY4}\n",
}


@pytest.mark.parametrize("name", TEXT_KEYS_FIRST)
def test_a_text_file_starting_with_any_key_is_a_variant(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    text = TEXT_KEYS_FIRST[name]
    assert looks_like_variant(text) == "text"
    assert variant_kind(text.encode()) == "text"
    path = tmp_path / "v.txt"
    path.write_text(text)
    code, out, err = run(capfd, "solve", "--json", str(path))
    assert code == 0, err
    (row,) = [json.loads(line) for line in out.splitlines()]
    grid = read_variant_puzzle(text)
    assert row["status"] == "solved"
    solution = Grid.parse(row["solution"], box=(2, 2), alphabet=grid.alphabet)
    assert check_solution(grid.variant, (2, 2), solution.values) == []


@pytest.mark.parametrize(
    "text",
    [
        "1.3.....2...4..1\n",
        "# puzzles\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..\n",
        "quizzes,solutions\n1.3.....2...4..1,1234341221434321\n",
        "+-----+-----+\n| 1 . | . . |\n",
        "1 2 | 3 4\n",
        "boxes: 3\n",  # not a key of the format
        "gridlines\n",
        "regionsmap: x\n",
    ],
)
def test_plain_puzzle_files_are_not_read_as_text_variants(text: str) -> None:
    assert looks_like_variant(text) is None


# -- 3. invalid UTF-8 reported where it is -------------------------------------------------------


UTF8_CASES = [
    # (file content, where the error is, message)
    (b"variant: x\nbox: 2x2\ngrid: 1......\xe9........\n", "3:14", "invalid UTF-8"),
    (b"variant: jigsaw\nbox: 2x2\ngrid: 1" + b"." * 15 + b"\nregions:\naabb\nac\xe9b\n", "6:3",
     "invalid UTF-8"),
    # a comment is skipped whatever it holds (Latin-1 here), the grid's fault is still found
    (b"# caf\xe9\nvariant: x\nbox: 2x2\ngrid: \xe9" + X4[1:].encode() + b"\n", "4:7",
     "invalid UTF-8"),
    # the column counts characters: 'é' (two bytes) is one
    ("variant: x\ngrid: é".encode() + b"\xff" + X4[2:].encode(), "2:8", "invalid UTF-8"),
    (b'{"grid": "1...\xe9...........", "box": "2x2"}\n', "1:15", "invalid UTF-8"),
    (b'{"grid": "' + X4.encode() + b'",\n "variant": "x\xff"}\n', "2:15", "invalid UTF-8"),
    (json.dumps(fpuzzles_object(title="caf\xe9"), ensure_ascii=False).encode("latin-1"), "1:15",
     "invalid UTF-8"),
    (b"variant: x\nbox: 2x2\ngrid: 1...\x00\n", "3:11", "binary data (NUL byte)"),
]  # fmt: skip


@pytest.mark.parametrize(("data", "where", "message"), UTF8_CASES)
@pytest.mark.parametrize("command", ["solve", "check", "show"])
def test_invalid_utf8_is_reported_at_its_place(
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    data: bytes,
    where: str,
    message: str,
    command: str,
) -> None:
    """Was: decoded with U+FFFD, then another error ('unknown character', a region count)."""
    path = tmp_path / "v.txt"
    path.write_bytes(data)
    code, out, err = run(capfd, command, str(path))
    assert code == 2
    assert f"{path}:{where}: {message}" in err and "\ufffd" not in out + err
    monkeypatch.setattr(sys, "stdin", STDINS["pipe"](data))
    code, out, err = run(capfd, command, "-")
    assert code == 2 and f"<stdin>:{where}: {message}" in err and "\ufffd" not in out + err


@pytest.mark.parametrize(
    "comment", [b"# caf\xe9", "# café ".encode() + b"\xff", b"# \x00", b"\xef\xbb\xbf# \xe9"]
)
@pytest.mark.parametrize("command", ["solve", "check"])
def test_a_comment_in_latin1_is_still_a_comment(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, comment: bytes, command: str
) -> None:
    """A comment is skipped whatever it holds (docs/formats.md): a Latin-1 header line no
    longer refuses the whole file."""
    path = tmp_path / "v.txt"
    path.write_bytes(comment + b"\nvariant: x\nbox: 2x2\ngrid: " + X4.encode() + b"\n")
    code, out, err = run(capfd, command, str(path))
    assert code == 0 and err == "" and "\ufffd" not in out


# -- 4. "box": [R, C], as Grid.to_json writes it ---------------------------------------------------


@pytest.mark.parametrize(
    ("box", "line"),
    [([2, 2], X4), ([2, 3], "1" + "." * 35), ([3, 2], "1" + "." * 35)],
)
def test_a_box_given_as_a_list_reads_as_rxc(box: list[int], line: str) -> None:
    as_list = read_variant_puzzle(json.dumps({"grid": line, "box": box, "variant": "x"}))
    as_text = read_variant_puzzle(json.dumps({"grid": line, "box": f"{box[0]}x{box[1]}",
                                              "variant": "x"}))  # fmt: skip
    assert as_list == as_text and as_list.box == tuple(box)
    written = Grid.parse(line, box=(box[0], box[1]), variant="x").to_json()["box"]
    back = read_variant_puzzle(json.dumps({"grid": line, "box": written, "variant": "x"}))
    assert written == box and back == as_list


@pytest.mark.parametrize(
    ("box", "at", "message"),
    [
        ("[2, true]", '"box": [2, ', "'box' side true is not a whole number"),
        ("[2, 2.0]", '"box": [2, ', "'box' side 2.0 is not a whole number"),
        ("[-2, 2]", '"box": ', "bad box: box shape must be positive, got -2x2"),
        ('["2", 2]', '"box": [', "'box' side \"2\" is not a whole number"),
        ("[2]", '"box": ', "'box' is \"RxC\" or [rows, columns], not [2]"),
        ("[2, 2, 1]", '"box": ', "'box' is \"RxC\" or [rows, columns], not [2, 2, 1]"),
        ("true", '"box": ', "'box' is \"RxC\" or [rows, columns], not true"),
        ("4", '"box": ', "'box' is \"RxC\" or [rows, columns], not 4"),
        ("2.5", '"box": ', "'box' is \"RxC\" or [rows, columns], not 2.5"),
        ("null", '"box": ', "'box' is \"RxC\" or [rows, columns], not null"),
    ],
)
def test_a_bad_box_is_refused_at_its_value(box: str, at: str, message: str) -> None:
    """Was: "box shape '[2, 2]' is not of the form RxC" for the list, and 'True' read as 1."""
    text = f'{{"grid": "{X4}", "variant": "x", "box": {box}}}'
    column = text.index(at) + len(at) + 1
    with pytest.raises(ParseError) as caught:
        read_variant_puzzle(text, source="b.json")
    assert str(caught.value) == f"b.json:1:{column}: {message}"


# -- 5. lines end at \n and \r\n only ------------------------------------------------------------


BREAKS = ["\x85", "\x0c", "\x0b", "\x1c", "\x1d", "\x1e", "\u2028", "\u2029", "\r"]


@pytest.mark.parametrize("br", BREAKS, ids=lambda b: f"U+{ord(b):04X}")
def test_unicode_line_breaks_do_not_shift_line_numbers(br: str) -> None:
    """Was: 'unexpected line 'x'' at 4:1 (str.splitlines breaks at NEL, U+2028, ...)."""
    text = f"variant: x\nbox: 2x2\n# caf{br} x\ngrid: 1...x{'.' * 11}\n"
    with pytest.raises(ParseError) as caught:
        read_variant_puzzle(text, source="v.txt")
    assert str(caught.value).startswith("v.txt:4:11: grid: unknown character 'x'")
    several = f"variant: x\n# a{br}b\nbox: 2x2\ngrid: {X4}\n\nvariant: x\n# c{br}d\ngrid: 1..z\n"
    got = list(read_variant_puzzles(several, source="v.txt"))
    assert [no for no, _ in got] == [4, 8] and isinstance(got[0][1], Grid)  # their grid: lines
    assert str(got[1][1]).startswith("v.txt:8:")


@pytest.mark.parametrize("br", BREAKS, ids=lambda b: f"U+{ord(b):04X}")
def test_unicode_line_breaks_in_cages_and_json_lines(br: str) -> None:
    with pytest.raises(ParseError, match=r"^k\.txt:2:3: cage 2: cell r1c1 is also in cage 1"):
        parse_cages(f"3 r1c1 r1c2  # a{br}b\n9 r1c1 r2c1\n", 4, source="k.txt")
    one = json.dumps({"grid": X4, "variant": "x", "symmetry": f"a{br}b"}, ensure_ascii=False)
    got = list(read_variant_puzzles(f"{one}\n{one}\n", source="j.txt"))
    assert [no for no, _ in got] == [1, 2] and all(isinstance(g, Grid) for _, g in got), got
    bad = one.replace('"x"', '"nope"')
    got = list(read_variant_puzzles(f"{one}\n{bad}\n", source="j.txt"))
    assert str(got[1][1]).startswith("j.txt:2:"), got


def test_crlf_is_one_line_break() -> None:
    text = f"variant: x\r\nbox: 2x2\r\n# note\r\ngrid: 1...x{'.' * 11}\r\n"
    with pytest.raises(ParseError, match=r"^v\.txt:4:11: grid: unknown character 'x'"):
        read_variant_puzzle(text, source="v.txt")


# -- 6. f-puzzles' cosmetic elements ignored, with a warning ---------------------------------------


COSMETICS = {
    "text": [{"cells": ["R1C1"], "value": "hi", "fontC": "#000000", "size": 1}],
    "circle": [{"cells": ["R1C2"], "baseC": "#FFFFFF", "outlineC": "#000000", "fontC": "#000000",
                "width": 0.5, "height": 0.5, "value": "3"}],
    "rectangle": [{"cells": ["R2C1", "R2C2"], "baseC": "#FFFFFF", "outlineC": "#000000",
                   "fontC": "#000000", "width": 0.5, "height": 0.5}],
    "line": [{"lines": [["R1C1", "R2C2", "R3C3"]], "outlineC": "#C0C0C0", "width": 0.3}],
    "cage": [{"cells": ["R3C3", "R3C4"], "outlineC": "#000000", "fontC": "#000000"}],
    "cage with a label": [{"cells": ["R4C4"], "value": "7", "outlineC": "#000000"}],
    "SudokuPad's metadata": [{"value": "msgcorrect: Well done!"}],
}  # fmt: skip


def small_fpuzzles(**extra: Any) -> str:
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(4)] for _ in range(4)]
    grid[0][0] = {"value": 1, "given": True}
    return json.dumps({"size": 4, "grid": grid, "diagonal+": True, "diagonal-": True, **extra})


@pytest.mark.parametrize("name", COSMETICS)
def test_cosmetic_elements_are_ignored_with_a_warning(name: str) -> None:
    """Was: 'f-puzzles constraint(s) not supported: text'."""
    key = name if name in ("text", "circle", "rectangle", "line") else "cage"
    text = small_fpuzzles(**{key: COSMETICS[name]})
    column = text.index(f'"{key}"') + 1
    with pytest.warns(FpuzzlesIgnored) as caught:
        grid = read_fpuzzles(text, source="fp.json")
    assert [str(w.message) for w in caught] == [
        f"fp.json:1:{column}: f-puzzles cosmetic element(s) ignored (drawings, no rule): {key}"
    ]
    assert grid == read_fpuzzles(small_fpuzzles())


def test_all_cosmetics_named_in_one_warning() -> None:
    extra = {"line": COSMETICS["line"], "text": COSMETICS["text"], "cage": COSMETICS["cage"]}
    with pytest.warns(FpuzzlesIgnored, match=r"no rule\): text, line, cage$"):
        read_fpuzzles(small_fpuzzles(**extra))


@pytest.mark.parametrize("empty", [[], None, False])
def test_no_warning_without_cosmetics(empty: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        read_fpuzzles(small_fpuzzles(text=empty, cage=empty))


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"thermometer": [{"lines": [["R1C1", "R1C2"]]}]}, "not supported: thermometer"),
        ({"arrow": [{"cells": ["R1C1"], "lines": [["R1C1", "R1C2"]]}]}, "not supported: arrow"),
        ({"text": COSMETICS["text"], "odd": [{"cell": "R1C1"}]}, "not supported: odd"),
        # the drawing an f-puzzles add-on saves of a constraint stands for that constraint
        ({"line": [{"lines": [["R1C1", "R1C2"]], "outlineC": "#F067F0", "width": 0.4,
                    "fromConstraint": "Renban"}]},
         "not supported: Renban (drawn as a cosmetic 'line')"),
        ({"text": [{"cells": ["R0C1"], "value": "10", "fromConstraint": "X Sum"}]},
         "not supported: X Sum (drawn as a cosmetic 'text')"),
        # a killer cage without a sum keeps its rule (distinct digits): still refused
        ({"killercage": [{"cells": ["R1C1", "R1C2"]}]}, "and a sum (one without is not supported)"),
    ],
)  # fmt: skip
def test_real_constraints_are_still_refused(extra: dict[str, Any], message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        read_fpuzzles(small_fpuzzles(**extra))


@pytest.mark.parametrize("source", ["file", "stdin"])
@pytest.mark.parametrize("command", [["show"], ["solve"], ["solve", "-o", "OUT"], ["check"]])
def test_the_cli_prints_the_warning_once(
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: list[str],
    source: str,
) -> None:
    text = small_fpuzzles(text=COSMETICS["text"]) + "\n"
    path = tmp_path / "fp.json"
    path.write_text(text)
    if source == "stdin":
        monkeypatch.setattr(sys, "stdin", STDINS["pipe"](text.encode()))
    name = str(path) if source == "file" else "-"
    argv = [str(tmp_path / "out.txt") if a == "OUT" else a for a in command]
    code, _, err = run(capfd, argv[0], name, *argv[1:])
    assert code == 0, err
    shown = str(path) if source == "file" else "<stdin>"
    column = text.index('"text"') + 1
    warning = (
        f"sudograph: warning: {shown}:1:{column}: f-puzzles cosmetic element(s) ignored "
        "(drawings, no rule): text"
    )
    assert err.splitlines().count(warning) == 1, err
