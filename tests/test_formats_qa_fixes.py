"""Faults a QA pass of the formats and pictures found (2026-11-26), each pinned: a bad first
line no longer turns a file into one multi-line grid, CSV headers name their puzzle column,
grid objects refuse misspelt keys and another box, variant files keep their alphabet,
``info`` reads graphs, candidates read cage sums, notebooks tell clues from found digits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.errors import ParseError
from sudograph.formats.dimacs import format_dimacs, parse_dimacs
from sudograph.formats.puzzles import csv_column
from sudograph.formats.variant import format_variant_json, format_variant_text, read_variant_puzzle
from sudograph.graph import petersen_graph
from sudograph.grid import Grid
from sudograph.solve import solve
from sudograph.variants import Variant

pytest.importorskip("numba")  # the file mode's default method

P4 = "..1.2..4.4..3.41"
S4 = "4312213414233241"
P9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
S9 = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    return code, out, err


def run_file(
    capfd: pytest.CaptureFixture[str], src: Path, text: str, *argv: str
) -> tuple[int, str, str]:
    """Write ``text`` to ``src``, run the CLI command ``argv`` on it (its path after the
    command's name)."""
    src.write_text(text)
    return run(capfd, argv[0], str(src), *argv[1:])


@pytest.mark.parametrize(
    ("name", "text", "command", "rows"),
    [
        (  # a bad first line of a puzzle's length: no grid of three rows, one puzzle a line
            "f.txt",
            f"12x4............\n{P4}\n{P4}\n",
            "solve",
            ["error: {src}:1:3: unknown character 'x' (expected one of 1234 or .0_- for empty)",
             S4, S4],
        ),
        (  # a CSV row without the column its header names
            "p.csv",
            f"id,puzzle\n1,{P9}\n2\n",
            "count",
            ["line 2: 1 solution (unique)",
             "line 3: error: {src}:3:1: no column 2 (the header names it as the puzzle)"],
        ),
    ],
)  # fmt: skip
def test_a_bad_line_is_reported_and_the_others_read(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
    text: str,
    command: str,
    rows: list[str],
) -> None:
    src = tmp_path / name
    code, out, err = run_file(capfd, src, text, command)
    assert code == 2
    assert out.splitlines() == [row.format(src=src) for row in rows]
    bad = next(row for row in rows if "error: " in row).split("error: ", 1)[1]
    assert err.startswith(f"sudograph: error: {bad.format(src=src)}")


def test_a_grid_over_several_lines_is_still_one_grid(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = [P9[i : i + 9] for i in range(0, 81, 9)]
    src = tmp_path / "g.txt"
    code, out, _ = run_file(capfd, src, "\n".join(rows) + "\n", "solve", "--format", "line")
    assert code == 0 and out.strip() == S9


@pytest.mark.parametrize(
    ("header", "row", "column"),
    [
        ("quizzes,solutions", f"{P9},{S9}", 0),
        ("id,puzzle,solution,clues,difficulty", f'7,"{P9}",{S9},32,1.0', 1),
        ("quizzes", P9, 0),
    ],
)
def test_a_csv_header_names_the_puzzle_column(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, header: str, row: str, column: int
) -> None:
    assert csv_column(header) == column
    src = tmp_path / "p.csv"
    code, out, _ = run_file(capfd, src, f"{header}\n{row}\n{row}\n", "solve")
    assert code == 0 and out.splitlines() == [S9, S9]


GRID4 = {"box": [2, 2], "rows": [[1, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4]}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"variant": "x", "cage": []}, "unknown key 'cage': did you mean 'cages'?"),
        ({"varient": "x"}, "unknown key 'varient': did you mean 'variant'?"),
        ({"region": ["aabb"] * 4}, "unknown key 'region': did you mean 'regions'?"),
    ],
)
def test_a_grid_object_refuses_a_misspelt_key(extra: dict[str, object], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        Grid.parse(json.dumps({**GRID4, **extra}))


def test_a_grid_object_keeps_other_keys_to_the_caller_and_its_own_box() -> None:
    grid = Grid.parse({**GRID4, "line_no": 3, "id": "p1", "difficulty": 1.5})
    assert grid.to_line() == "1" + "." * 15
    with pytest.raises(ParseError, match="box 1x4 given, but the grid's is 2x2"):
        Grid.parse(GRID4, box=(1, 4))


@pytest.mark.parametrize("write", [format_variant_text, format_variant_json])
def test_a_variant_puzzle_keeps_its_alphabet(write: object) -> None:
    plain = Grid.parse("1" + "." * 15, variant="x")
    letters = Grid(plain.box, plain.values, "ABCD", plain.variant)
    for grid in (plain, letters):
        text = write(grid)  # type: ignore[operator]
        assert read_variant_puzzle(text) == grid
        assert ("ABCD" in text) == (grid is letters)


def test_info_gives_the_figures_of_a_graph(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capfd, "info", "petersen")
    assert code == 0
    assert out.splitlines() == [
        "graph: petersen",
        "vertices: 10",
        "edges: 15",
        "degree: 3",
        "houses: 0",
    ]
    code, out, _ = run(capfd, "info", "sudoku:2x3", "--json")
    doc = json.loads(out)
    assert code == 0 and (doc["vertices"], doc["houses"]) == (36, 18)
    code, _, err = run(capfd, "info", "petersen", "--variant", "x")
    assert code == 2 and "--variant applies to a PUZZLE" in err


def test_candidates_read_the_cage_sums() -> None:
    killer = Grid((2, 2), (1,) + (0,) * 15, "", Variant((), None, (((0, 1), 3),)))
    assert killer.candidates(1) == (2,)  # 1 + 2 = 3
    assert Grid.parse("1" + "." * 15).candidates(1) == (2, 3, 4)


def test_plotting_a_puzzle_run_twice() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from sudograph.bench import run_one
    from sudograph.plot import plot_runs

    grid = Grid.parse(P4)
    runs = [run_one(grid, "naive"), run_one(grid, "naive"), run_one(grid, "mrv")]
    ax = plot_runs(runs)  # two runs of one method on one puzzle: no TypeError
    assert [line.get_label() for line in ax.lines] == ["naive", "mrv"]
    assert len(ax.lines[0].get_xdata()) == 2


def test_a_notebook_tells_the_clues_from_the_digits_found() -> None:
    puzzle = Grid.parse(P9)
    html = solve(puzzle)._repr_html_()
    assert html.count("<text") == 81
    assert html.count('font-weight="bold"') == puzzle.clues  # the clues alone are bold


def test_grid_parse_skips_a_byte_order_mark() -> None:
    assert Grid.parse("\ufeff" + P4).to_line() == P4


def test_dimacs_comments_of_several_lines_read_back() -> None:
    text = format_dimacs(petersen_graph(), comments=["made here\nfor a test", ""])
    assert text.startswith("c made here\nc for a test\nc \np edge 10 15\n")
    assert parse_dimacs(text).num_edges == 15


def test_a_cage_outline_is_closed() -> None:
    """Every end of a cage's inset border meets another's end: no gap at a cell joint, the
    inner corner of an L-shaped cage joined (the borders were drawn cell by cell)."""
    from collections import Counter

    from sudograph.render import CAGE_INSET, variant_marks

    cages = (((0, 1), 3), ((5, 6, 9), 6), ((10, 11, 14, 15), 10))
    marks = variant_marks(Grid((2, 2), (0,) * 16, "", Variant((), None, cages)))
    ends = Counter(
        (round(x, 6), round(y, 6))
        for x1, y1, x2, y2 in marks.cages
        for x, y in ((x1, y1), (x2, y2))
    )
    assert all(count == 2 for count in ends.values())  # closed outlines, no loose end
    corners = {p for p, count in ends.items() if count == 2}
    assert (1 + CAGE_INSET, 1 + CAGE_INSET) in corners  # the L's outer corner
    assert (2 - CAGE_INSET, 2 - CAGE_INSET) in corners  # and its inner one


@pytest.mark.parametrize(
    ("fmt", "warned"), [("line", True), ("boxed", True), ("lists", True), ("json", False)]
)
def test_show_says_once_when_a_format_drops_the_rules(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, fmt: str, warned: bool
) -> None:
    puzzle = format_variant_text(Grid.parse("1" + "." * 15, variant="x"))
    src = tmp_path / "v.txt"
    code, out, err = run_file(capfd, src, f"{puzzle}\n\n{puzzle}\n", "show", "--format", fmt)
    assert code == 0 and out
    expected = (
        f"sudograph: the {fmt} format holds the grid, not its rules (x): --format json keeps "
        "them, as the variant files do\n"
    )
    assert err == (expected if warned else "")


def test_a_cage_sum_sits_on_a_halo_over_its_outline() -> None:
    """The dashed outline passes under the sum's corner: a white halo keeps the sum legible."""
    import re

    from sudograph.render import grid_svg

    killer = Grid((2, 2), (0,) * 16, "", Variant((), None, (((0, 1), 3), ((2, 3), 7))))
    sums = re.findall(r'<text class="cage-sum"[^>]*>', grid_svg(killer))
    assert len(sums) == 2
    assert all('stroke="#fff"' in s and 'paint-order="stroke"' in s for s in sums)
