"""Variant files and options on their edges: JSON lines with comments or a bad line, byte-order
marks, comment lines in region maps, invalid UTF-8 in option files, variant options given with a
variant file, f-puzzles box shapes, givens and numbering, empty names, graph names."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from sudograph.errors import InvalidArgument, ParseError
from sudograph.formats.variant import (
    format_variant_text,
    looks_like_variant,
    parse_cages,
    read_fpuzzles,
    read_variant_puzzle,
    read_variant_puzzles,
)
from sudograph.grid import Grid
from sudograph.variants import Variant, check_solution, parse_regions, variant_names
from test_bad_input import cli as run  # main() in-process, no traceback allowed
from variant_oracle import sat_solutions

BOM = "\ufeff"
ONE = '{"grid": "......34.......2", "box": "2x2", "variant": "x"}'
TWO = '{"grid": "....31...4......", "box": "2x2", "variant": "x"}'
MAP4 = "aabb\naabb\nccdd\nccdd\n"


def fpuzzles(n: int = 4, cells: dict[str, Any] | None = None, **extra: Any) -> str:
    """f-puzzles JSON of an n×n grid, ``cells`` by name (``"r1c1": {...}``)."""
    cells = cells or {}
    grid = [[cells.get(f"r{r}c{c}", {}) for c in range(1, n + 1)] for r in range(1, n + 1)]
    return json.dumps({"size": n, "grid": grid, **extra})


def partition(regions: Any) -> set[frozenset[int]]:
    """A region map as its set of regions (sets of cells), whatever their numbers."""
    return {frozenset(v for v, r in enumerate(regions) if r == region) for region in set(regions)}


# -- JSON lines -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"{ONE}\n# note\n{TWO}\n", [(1, None), (3, None)]),
        (f"# my puzzles\n{ONE}\n{TWO}\n", [(2, None), (3, None)]),
        (f"{ONE}\nnot json\n{TWO}\n", [(1, None), (2, "2:1: bad JSON"), (3, None)]),
        (
            f"{ONE}\n{{broken\n  # indented note\n{TWO}\n",
            [(1, None), (2, "2:2: bad JSON"), (4, None)],
        ),
        (f'{{"box": "2x2"}}\n{ONE}\n', [(1, "1:1: a variant puzzle is a JSON object"), (2, None)]),
        # a fault is placed at its line of the file, not in the lines the reader makes
        (
            f'{ONE}\n{{"grid": "{"." * 16}", "variant": "nope"}}\n',
            [(1, None), (2, "2:42: unknown")],
        ),
        # one object over several lines, a comment inside: one puzzle
        ('{"grid": "......34.......2",\n# the rules\n "variant": "x"}\n', [(1, None)]),
        (BOM + ONE + "\n" + TWO, [(1, None), (2, None)]),
    ],
)
def test_json_lines_each_line_its_puzzle(text: str, expected: list[tuple[int, str | None]]) -> None:
    got = list(read_variant_puzzles(text, source="f.txt"))
    assert [no for no, _ in got] == [no for no, _ in expected]
    for (_, item), (_, error) in zip(got, expected, strict=True):
        if error is None:
            assert isinstance(item, Grid) and item.variant is not None, item
        else:
            assert isinstance(item, ParseError) and str(item).startswith(f"f.txt:{error}"), item


def test_json_lines_file_on_the_cli(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A comment and a bad line cost only the bad line: the others are solved."""
    path = tmp_path / "v.txt"
    path.write_text(f"# killers\n{ONE}\n# note\nnot json\n{TWO}\n")
    code, out, err = run(capfd, "solve", "--format", "line", str(path))
    assert code == 2 and f"{path}:4:1: bad JSON" in err
    rows = out.splitlines()
    assert len(rows) == 3 and rows[1].startswith(f"error: {path}:4:1: bad JSON")
    for puzzle, row in zip((ONE, TWO), (rows[0], rows[2]), strict=True):
        grid = read_variant_puzzle(puzzle)
        assert check_solution(grid.variant, (2, 2), Grid.parse(row).values) == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (f"# my killers\n{ONE}\n", "json"),
        (f"  # a note\n\n{ONE}\n", "json"),
        (BOM + ONE, "json"),
        (BOM + "variant: x\nbox: 2x2\ngrid: " + "." * 16, "text"),
        (BOM + "# a note\r\nvariant: x\r\n", "text"),
        (BOM + "# f-puzzles\n" + fpuzzles(), "fpuzzles"),
        ("# a plain grid\n" + "." * 81, None),
    ],
)
def test_looks_like_variant_after_comments_and_bom(text: str, kind: str | None) -> None:
    assert looks_like_variant(text) == kind


# -- byte-order marks, comments in region maps, invalid UTF-8 ----------------------------------


@pytest.mark.parametrize(
    ("read", "text", "expected"),
    [
        (lambda t: parse_regions(t, 4), BOM + MAP4, parse_regions(MAP4, 4)),
        (lambda t: parse_cages(t, 4), BOM + "3 r1c1 r1c2\n", (((0, 1), 3),)),
        (lambda t: read_variant_puzzle(t).to_line(), BOM + "grid: 1" + "." * 15, "1" + "." * 15),
        (lambda t: read_fpuzzles(t).to_line(), BOM + fpuzzles(), "." * 16),
        # a line starting with '#' is a comment in a region map; '#' elsewhere is a symbol
        (lambda t: parse_regions(t, 4), "# my map\n  # 4x4\n" + MAP4, parse_regions(MAP4, 4)),
        (lambda t: parse_regions(t, 4), "aa##\naa##\nbbcc\nbbcc", parse_regions(MAP4, 4)),
    ],
)  # fmt: skip
def test_bom_and_comment_lines_ignored(read: Any, text: str, expected: object) -> None:
    assert read(text) == expected


def test_region_maps_written_never_start_a_line_with_hash() -> None:
    """A 64x64 jigsaw whose region 63 starts rows reads back from the variant text format."""
    box = (8, 8)
    regions = [63 - ((v // 64) // 8 * 8 + (v % 64) // 8) for v in range(64 * 64)]
    grid = Grid(box, (0,) * 4096, "", Variant(("jigsaw",), tuple(regions)))
    back = read_variant_puzzle(format_variant_text(grid))
    assert back.variant is not None and grid.variant is not None
    assert partition(back.variant.regions) == partition(grid.variant.regions)


@pytest.mark.parametrize(
    ("option", "data", "where"),
    [
        ("--regions", BOM.encode() + MAP4.encode(), None),
        ("--regions", b"# a map\n" + MAP4.encode(), None),
        ("--cages", BOM.encode() + b"3 r1c1 r1c2\n", None),
        ("--regions", b"\xff\xfe\n", "1:1"),
        ("--regions", b"aabb\naabb\nc\xe9dd\nccdd\n", "3:2"),
        ("--cages", b"3 r1c1 r1c2 # \xc3\xa9t\xc3\xa9\n7 r1c3 \xff\n", "2:8"),
    ],
)
def test_option_files_bom_comments_and_invalid_utf8(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, option: str, data: bytes, where: str | None
) -> None:
    path = tmp_path / "option.txt"
    path.write_bytes(data)
    code, out, err = run(capfd, "solve", "--format", "line", option, str(path), "." * 16)
    if where is None:
        assert code == 0 and len(out.strip()) == 16, err
    else:
        assert (code, out) == (2, "")
        assert err == f"sudograph: error: {path}:{where}: invalid UTF-8\n"


# -- variant options with a variant file ------------------------------------------------------

DISJOINT_TEXT = "variant: disjoint\nbox: 2x2\ngrid: 1" + "." * 15 + "\n"
DISJOINT_JSON = '{"grid": "1' + "." * 15 + '", "box": "2x2", "variant": "disjoint"}\n'
DISJOINT_FP = fpuzzles(cells={"r1c1": {"value": 1, "given": True}}, disjointgroups=True)


@pytest.mark.parametrize("text", [DISJOINT_TEXT, DISJOINT_JSON, DISJOINT_FP])
def test_variant_option_adds_to_the_file_rules(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    """``--variant x`` on a disjoint file: the solutions of disjoint and x together (12 of the
    42 of disjoint alone)."""
    path = tmp_path / "p.txt"
    path.write_text(text)
    both = Grid.parse("1" + "." * 15, variant="disjoint+x")
    expected = len(sat_solutions(both.problem, 1000))
    code, out, err = run(capfd, "count", str(path), "--variant", "x")
    assert code == 0, err
    assert f"{expected} solutions" in out and expected == 12
    code, out, _ = run(capfd, "solve", "--format", "line", str(path), "--variant", "x")
    assert check_solution(both.variant, (2, 2), Grid.parse(out.strip()).values) == []


@pytest.mark.parametrize(
    ("argv", "message", "second"),
    [
        (["--cages", "CAGES"], ":3: --cages: the puzzle has its own cages", "solved"),
        (["--variant", "jigsaw"], ":3: variant 'jigsaw' needs a region map (--regions)", ":9:"),
        (["--variant", "asterisk"], ":3: variant 'asterisk' needs a 9x9 grid, not 4x4", ":9:"),
    ],
)
def test_variant_options_that_clash_with_the_file(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    message: str,
    second: str,
) -> None:
    """Options that do not go with a puzzle's own rules make that puzzle an error at its
    line; the other puzzles of the file are still solved."""
    cages = tmp_path / "c.txt"
    cages.write_text("3 r1c1 r1c2\n")
    path = tmp_path / "p.txt"
    killer = "variant: killer\nbox: 2x2\ngrid: " + "." * 16 + "\ncages:\n3 r1c1 r1c2\n"
    path.write_text(killer + "\n" + DISJOINT_TEXT)
    argv = [str(cages) if a == "CAGES" else a for a in argv]
    code, out, err = run(capfd, "solve", "--format", "line", str(path), *argv)
    assert code == 2 and f"{path}{message}" in err
    rows = out.splitlines()
    assert rows[0].startswith(f"error: {path}{message}")
    if second == "solved":  # the disjoint puzzle with the cage given
        assert Grid.parse(rows[1]).values[:2] == (1, 2)
    else:
        assert rows[1].startswith(f"error: {path}{second}")


def test_regions_option_with_a_jigsaw_file_is_refused(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "j.txt"
    path.write_text("variant: jigsaw\nbox: 2x2\ngrid: " + "." * 16 + "\nregions:\n" + MAP4)
    code, _, err = run(capfd, "solve", str(path), "--regions", "abababab" + "cdcdcdcd")
    assert code == 2 and f"{path}:3: --regions: the puzzle has its own region map" in err


# -- box shapes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "box"),
    [
        ([], (2, 3)),  # f-puzzles' own boxes for 6x6: 2 rows of 3
        (["--box", "3x2"], (3, 2)),
        (
            ["--box", "2x2"],
            "box 2x2 does not fit a 6x6 grid (36 cells; box 2x2 makes a 4x4 grid, 16 cells)",
        ),
    ],
)
def test_fpuzzles_box_shape(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    box: tuple[int, int] | str,
) -> None:
    path = tmp_path / "six.json"
    path.write_text(fpuzzles(6, {"r1c1": {"value": 1, "given": True}}))
    code, out, err = run(capfd, "solve", "--format", "line", str(path), *argv)
    if isinstance(box, str):
        assert code == 2 and err == f"sudograph: error: {path}:1:10: {box}\n"  # at "size"
        return
    assert code == 0, err
    solution = Grid.parse(out.strip(), box=box)
    assert solution.is_complete() and solution.conflicts() == []


@pytest.mark.parametrize(("n", "box"), [(6, (2, 3)), (8, (2, 4)), (10, (2, 5)), (12, (3, 4))])
def test_fpuzzles_default_boxes(n: int, box: tuple[int, int]) -> None:
    assert read_fpuzzles(fpuzzles(n)).box == box


@pytest.mark.parametrize(
    ("text", "argv", "message"),
    [
        ('{"grid": "' + "." * 36 + '", "variant": "x"}', ["--box", "2x3"], None),
        ("variant: x\ngrid: " + "." * 36, ["--box", "3x2"], None),
        (
            "variant: x\nbox: 2x3\ngrid: " + "." * 36,
            ["--box", "3x2"],
            ":2:6: box 3x2 given, but the puzzle's is 2x3",
        ),
    ],
)
def test_variant_file_without_box_takes_the_box_option(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    text: str,
    argv: list[str],
    message: str | None,
) -> None:
    path = tmp_path / "v.txt"
    path.write_text(text)
    code, out, err = run(capfd, "solve", "--format", "line", str(path), *argv)
    if message is not None:
        assert code == 2 and f"{path}{message}" in err
        return
    assert code == 0, err
    box = (int(argv[1][0]), int(argv[1][2]))
    assert check_solution(Variant(("x",)), box, Grid.parse(out.strip(), box=box).values) == []


SQUARED = "sudoku:²: box shape '²' is not of the form RxC (e.g. 2x3)"
SIX = "sudoku:6: side 6 is not a square: give the box shape (rows x columns), e.g. 2x3"


@pytest.mark.parametrize(
    ("command", "graph", "message"),
    [
        ("color", "sudoku:²", SQUARED),
        ("chromatic", "sudoku:²", SQUARED),
        ("draw", "sudoku:²", SQUARED),
        ("color", "sudoku:6", SIX),
    ],
)  # fmt: skip
def test_graph_names_refused_in_one_line(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, command: str, graph: str, message: str
) -> None:
    extra = {"color": ["-k", "6"], "chromatic": [], "draw": ["--svg", str(tmp_path / "g.svg")]}
    code, out, err = run(capfd, command, graph, *extra[command])
    assert (code, out) == (2, "") and err == f"sudograph: error: {message}\n"


@pytest.mark.parametrize("command", ["solve", "check", "show", "info"])
def test_box_advice_reads_on_the_command_line(
    capfd: pytest.CaptureFixture[str], command: str
) -> None:
    """The advice names the shape as ``--box`` takes it (it said ``box=(2, 3)``, Python)."""
    code, _, err = run(capfd, command, "." * 36)
    assert code == 2 and err.startswith("sudograph: error: <puzzle>:1: side 6 is not a square")
    assert err.rstrip().endswith("give the box shape (rows x columns), e.g. 2x3")


# -- f-puzzles givens and numbering -----------------------------------------------------------


@pytest.mark.parametrize(
    ("cells", "extra", "message", "at"),
    [
        ({"r1c1": {"value": "x", "given": True}}, {}, 'r1c1: given value "x" is not a', '"x"'),
        ({"r2c3": {"value": 1.5, "given": True}}, {}, "r2c3: given value 1.5 is not a", "1.5"),
        ({"r1c1": {"value": True, "given": True}}, {}, "r1c1: given value true is not a", "true"),
        ({"r4c4": {"value": 5, "given": True}}, {}, "r4c4: given value 5 is not a digit", "5, "),
        ({"r1c1": {"given": True}}, {}, "r1c1: given value null is not a digit 1..4", '{"given"'),
        (
            {},
            {"killercage": [{"cells": ["R1C1", "R1C2"], "value": "30"}]},
            "killer cage 1 (R1C1 R1C2): sum 30 is impossible for 2 distinct digits 1..4 (3..7)",
            '{"cells": ["R1C1"',
        ),
        (
            {},
            {"killercage": [{"cells": ["R1C1", "R1C2"], "value": 3},
                            {"cells": ["R2C1", "R1C2"], "value": 5}]},
            "killer cage 2 (R2C1 R1C2): cell R1C2 is also in killer cage 1",
            '"R1C2"], "value": 5',
        ),
        (
            {},
            {"killercage": [{"cells": ["R1C1", "R1C2", "R1C3", "R1C4", "R2C1"], "value": 10}]},
            "killer cage 1 (R1C1 R1C2 R1C3 R1C4 R2C1): 5 cells cannot hold distinct digits 1..4",
            '{"cells"',
        ),
        (
            {},
            {"killercage": [{"cells": ["R1C1", "R9C2"], "value": 3}]},
            "killer cage 1: bad cell 'R9C2' (expected R1C1..R4C4)",
            '"R9C2"',
        ),
        ({"r1c1": {"region": 4}}, {}, "r1c1: region 4 is not 0..3", "4}"),
        (
            {f"r{r}c{c}": {"region": 0 if (r, c) == (1, 3) else ((r - 1) // 2 * 2 + (c - 1) // 2)}
             for r in range(1, 5) for c in range(1, 5)},
            {},
            "f-puzzles region 0 has 5 cells, expected 4",
            '{"region": 0}, {"region": 0}',  # the region's first cell
        ),
        ({}, {"diagonal+": True}, "a single diagonal is not supported", '"diagonal+"'),
        ({}, {"thermometer": [{"lines": []}]}, "not supported: thermometer", '"thermometer"'),
    ],
)  # fmt: skip
def test_fpuzzles_faults_named_as_the_file_names_them(
    cells: dict[str, Any], extra: dict[str, Any], message: str, at: str
) -> None:
    """Each fault is named as the file names it, and placed at the value at fault: the line
    and column of the error point at ``at`` in the text."""
    text = fpuzzles(4, cells, **extra)
    with pytest.raises(ParseError) as info:
        read_fpuzzles(text, source="f.json")
    assert message in str(info.value)
    line, column = info.value.line, info.value.column
    assert line is not None and column is not None, info.value
    assert str(info.value).startswith(f"f.json:{line}:{column}: ")
    assert text.split("\n")[line - 1][column - 1 :].startswith(at), info.value


# -- empty names and alphabets ----------------------------------------------------------------


@pytest.mark.parametrize("spec", ["+", "x+", "+x", "x++anti-king", " + "])
def test_empty_variant_names_refused(capfd: pytest.CaptureFixture[str], spec: str) -> None:
    with pytest.raises(InvalidArgument, match=re.escape(f"empty variant name in {spec!r}")):
        variant_names(spec)
    with pytest.raises(InvalidArgument, match="empty variant name"):
        Variant.parse(spec)
    code, out, err = run(capfd, "solve", "--variant", spec, "." * 16)
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: empty variant name in {spec!r}\n"


def test_empty_alphabet_refused(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capfd, "solve", "--alphabet", "", "." * 16)
    assert (code, out) == (2, "")
    assert err == (
        "sudograph: error: --alphabet: an alphabet needs N symbols, not none "
        "(see sudograph solve --help)\n"
    )
