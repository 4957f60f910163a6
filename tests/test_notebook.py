"""Notebook display: grids, graphs and results show as pictures or summaries in Jupyter."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sudograph import Grid, petersen_graph, solve, sudoku_graph

SVG = "{http://www.w3.org/2000/svg}"


def _svg_root(markup: str) -> ET.Element:
    start = markup.index("<svg")
    return ET.fromstring(markup[start : markup.index("</svg>") + len("</svg>")])


@pytest.mark.parametrize("text", ["1.3.....2...4..1", "." * 36])
def test_grid_svg_has_one_text_per_filled_cell(text: str) -> None:
    box = (2, 3) if len(text) == 36 else None
    grid = Grid.parse(text, box=box)
    root = _svg_root(grid._repr_svg_())
    assert len(root.findall(f".//{SVG}text")) == grid.clues


@pytest.mark.parametrize(
    ("graph", "vertices"), [(petersen_graph(), 10), (sudoku_graph(2), 16), (sudoku_graph(2, 3), 36)]
)
def test_graph_html_shows_stats_and_every_vertex(graph, vertices: int) -> None:  # type: ignore[no-untyped-def]
    html = graph._repr_html_()
    assert f"{vertices} vertices" in html
    assert len(_svg_root(html).findall(f".//{SVG}circle")) == vertices


def test_result_html_shows_summary_and_solved_grid() -> None:
    result = solve(Grid.parse("1.3.....2...4..1"), limit=None)
    html = result._repr_html_()
    assert html.startswith("<div>solved")
    assert len(_svg_root(html).findall(f".//{SVG}text")) == 16
