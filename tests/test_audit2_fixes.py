"""Fixes of the second audit: ``draw`` labels a puzzle's graph with the grid's own symbols
(those ``show`` writes), and the variants page's example of rules added to a variant file runs
as written."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.formats.variant import read_variant_puzzle
from sudograph.variants import check_solution

ROOT = Path(__file__).parents[1]
_, LINE16, _, SOLUTION16 = next(
    ln.split(":")
    for ln in (ROOT / "tests" / "data" / "regression.txt").read_text().splitlines()
    if ln.startswith("4x4:") and ln.split(":")[2] == "1"
)
"""A 16×16 puzzle with one solution (default alphabet 1-9A-G) and that solution."""

ZERO = str.maketrans("123456789ABCDEFG", "0123456789ABCDEF")


def texts(path: Path) -> list[str]:
    """The ``<text>`` contents of an SVG file, in document order."""
    return [el.text or "" for el in ET.parse(path).getroot().iter() if el.tag.endswith("text")]


# -- A: draw labels a puzzle's vertices with its symbols --------------------------------------
def test_draw_labels_a_16x16_puzzle_with_the_symbols_show_uses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    drawn, shown = tmp_path / "draw.svg", tmp_path / "show.svg"
    assert main(["draw", LINE16, "--svg", str(drawn)]) == 0
    assert texts(drawn) == list(SOLUTION16)  # vertex v is cell v: its digit or letter
    assert main(["show", LINE16, "--svg", str(shown)]) == 0
    assert set(texts(shown)) == set(texts(drawn)) == set("123456789ABCDEFG")
    capsys.readouterr()


def test_draw_reads_the_alphabet_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With ``--alphabet 0123456789ABCDEF`` a cell typed ``0`` is drawn ``0``, not ``1``."""
    line = LINE16.translate(ZERO)
    path = tmp_path / "draw.svg"
    argv = ["draw", line, "--alphabet", "0123456789ABCDEF", "--svg", str(path)]
    assert main(argv) == 0
    labels = texts(path)
    assert labels == list(SOLUTION16.translate(ZERO))
    zeros = [i for i, ch in enumerate(line) if ch == "0"]
    assert zeros and all(labels[i] == "0" for i in zeros)
    capsys.readouterr()


def test_draw_png_labels_use_the_symbols_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    from matplotlib.axes import Axes

    labels: list[str] = []
    text = Axes.text

    def record(self: Axes, x: float, y: float, s: str, *args: object, **kwargs: object) -> object:
        labels.append(s)
        return text(self, x, y, s, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Axes, "text", record)
    assert main(["draw", LINE16, "--png", str(tmp_path / "d.png"), "--size", "200"]) == 0
    assert labels == list(SOLUTION16)
    capsys.readouterr()


def test_graphs_keep_their_colour_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A graph (not a grid) has no alphabet: the Sudoku graph 16×16 shows 1..16, Petersen
    its vertex numbers."""
    sudoku, petersen = tmp_path / "s.svg", tmp_path / "p.svg"
    assert main(["draw", "sudoku:4x4", "--svg", str(sudoku)]) == 0
    assert set(texts(sudoku)) == {str(c) for c in range(1, 17)}
    assert main(["draw", "petersen", "--svg", str(petersen)]) == 0
    assert texts(petersen) == [str(v) for v in range(10)]
    capsys.readouterr()


def test_graph_svg_labels_with_symbols() -> None:
    """``symbols`` writes colour ``c`` as ``symbols[c - 1]``; the fills stay the colours'."""
    from sudograph.graph import sudoku_graph
    from sudograph.render import graph_svg

    g = sudoku_graph(2)
    coloring = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    plain = graph_svg(g, coloring)
    named = graph_svg(g, coloring, symbols="0ABC")
    assert re.findall(r">([^<]+)</text>", named) == ["0ABC"[c - 1] for c in coloring]
    assert re.findall(r'fill="(#[0-9a-f]+)"', plain) == re.findall(r'fill="(#[0-9a-f]+)"', named)


# -- D: the variants page's example of rules added to a variant file ---------------------------
def doc_commands() -> list[list[str]]:
    """The ``solve examples/variants/FILE --variant NAME`` commands of docs/variants.md."""
    page = (ROOT / "docs" / "variants.md").read_text()
    found = re.findall(r"`solve (examples/variants/\S+) --variant (\S+)`", page)
    return [["solve", str(ROOT / path), "--variant", name] for path, name in found]


def test_the_documented_added_rules_example_solves(capsys: pytest.CaptureFixture[str]) -> None:
    """``solve examples/variants/killer_4x4.txt --variant windoku`` solves killer+windoku."""
    commands = doc_commands()
    assert [c[1].rsplit("/", 1)[1] for c in commands] == ["killer_4x4.txt", "disjoint.txt"]
    assert main(commands[0]) == 0
    out = capsys.readouterr().out
    digits = [int(d) for d in re.findall(r"\d", out)]
    assert len(digits) == 16
    text = (ROOT / "examples" / "variants" / "killer_4x4.txt").read_text()
    both = read_variant_puzzle(text.replace("variant: killer", "variant: killer+windoku"))
    assert both.variant is not None and both.variant.names == ("killer", "windoku")
    assert check_solution(both.variant, both.box, digits) == []  # the cages and the window
    assert [digits[i] for i in (5, 6, 9, 10)] == [1, 2, 4, 3]  # the window r2c2-r3c3


def test_the_documented_clash_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``solve examples/variants/disjoint.txt --variant x``: exit 2, the clash named."""
    assert main(doc_commands()[1]) == 2
    assert "clashing clues: anti-diagonal" in capsys.readouterr().err
