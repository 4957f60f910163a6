"""Pictures: grid and graph SVG/PNG, trace frames and animations, and ``sudograph draw``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.cli import main
from sudograph.errors import InvalidArgument
from sudograph.graph import petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.render import (
    GraphPicture,
    animated_svg,
    colour_of,
    graph_layout,
    graph_svg,
    save_graph,
    save_grid,
    save_trace,
    trace_frames,
    trace_states,
)
from sudograph.solve import color, solve

SVG = "{http://www.w3.org/2000/svg}"
DATA = Path(__file__).parent / "data"

GRIDS = {
    "4x4": Grid.parse("1.3.....2...4..1"),
    "6x6": Grid.parse("1..4..4..1..2..5..5..2..3..6..6..3..", box=(2, 3)),
    "9x9": Grid.parse(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ),
    "16x16": Grid.empty(4).with_values([1, 2, 3, 4] + [0] * 252),
}
FIG4 = (1, 2, 1, 2, 3, 2, 1, 3, 3, 2)
"""Seed 002's figure 3/4 colouring of the Petersen graph (naive backtracking, K = 3)."""


def texts(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter(f"{SVG}text"))


def read_png(path: Path) -> object:
    import matplotlib.image as mpimg

    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return mpimg.imread(path)


def rgb_pixels(img: object) -> set[tuple[int, int, int]]:
    import numpy as np

    arr = (np.asarray(img)[..., :3] * 255).round().astype(int)
    return {tuple(p) for p in arr.reshape(-1, 3)}


def near(pixels: set[tuple[int, int, int]], hex_colour: str, tol: int = 8) -> bool:
    target = tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return any(all(abs(a - b) <= tol for a, b in zip(p, target, strict=True)) for p in pixels)


# -- grids -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GRIDS)
def test_grid_svg_has_one_text_per_filled_cell(name: str) -> None:
    grid = GRIDS[name]
    root = ET.fromstring(grid.__class__._repr_svg_(grid))
    assert len(list(root.iter(f"{SVG}text"))) == grid.clues
    bold = [t for t in root.iter(f"{SVG}text") if t.get("font-weight") == "bold"]
    assert len(bold) == grid.clues
    assert root.get("width") == str(max(360, 40 * grid.n))


@pytest.mark.parametrize("name", ["4x4", "6x6", "9x9"])
def test_grid_svg_with_solution_fills_every_cell(name: str) -> None:
    grid = GRIDS[name]
    sol = solve(grid, "propagate").grid
    assert sol is not None
    items = texts(grid_svg_of(grid, solution=sol, size=300))
    assert len(items) == grid.n * grid.n
    found = [t for t in items if t.get("font-weight") != "bold"]
    assert len(found) == grid.n * grid.n - grid.clues
    assert {t.get("fill") for t in found} == {"#1f5fbf"}
    shown = {(t.get("x"), t.get("y")): t.text for t in items}
    assert sorted(shown.values()) == sorted(sol.alphabet[d - 1] for d in sol.values)


def grid_svg_of(grid: Grid, **kw: object) -> str:
    from sudograph.render import grid_svg

    return grid_svg(grid, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["4x4", "9x9"])
def test_grid_svg_candidates_are_pencil_marks(name: str) -> None:
    grid = GRIDS[name]
    items = texts(grid_svg_of(grid, candidates=True))
    pencil = [t for t in items if t.get("class") == "pencil"]
    assert len(pencil) == grid.n * grid.n - grid.clues
    spans = sum(len(list(t)) for t in pencil)
    assert spans == sum(len(grid.candidates(i)) for i in grid.empty_cells())


def test_grid_svg_rejects_a_solution_of_another_shape() -> None:
    with pytest.raises(InvalidArgument):
        grid_svg_of(GRIDS["4x4"], solution=GRIDS["9x9"])


@pytest.mark.parametrize(("name", "size"), [("4x4", 200), ("9x9", None), ("6x6", 240)])
def test_save_grid_png_has_the_expected_size_and_ink(
    tmp_path: Path, name: str, size: int | None
) -> None:
    grid = GRIDS[name]
    path = tmp_path / "g.png"
    sol = solve(grid, "propagate").grid
    save_grid(grid, path, solution=sol, size=size)
    img = read_png(path)
    side = size or max(360, 40 * grid.n)
    assert img.shape[:2] == (side, side)  # type: ignore[attr-defined]
    pixels = rgb_pixels(img)
    assert near(pixels, "#000000", 30) and near(pixels, "#ffffff")
    assert near(pixels, "#1f5fbf", 40)  # found digits in blue


def test_save_grid_svg_and_candidates_png(tmp_path: Path) -> None:
    grid = GRIDS["9x9"]
    save_grid(grid, tmp_path / "g.svg")
    assert len(texts((tmp_path / "g.svg").read_text())) == grid.clues
    save_grid(grid, tmp_path / "c.png", candidates=True)
    assert read_png(tmp_path / "c.png").shape[:2] == (360, 360)  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", ["g.jpg", "g", "g.gif"])
def test_save_grid_rejects_other_formats(tmp_path: Path, path: str) -> None:
    with pytest.raises(InvalidArgument):
        save_grid(GRIDS["4x4"], tmp_path / path)


# -- graphs ----------------------------------------------------------------------------------
def test_petersen_is_coloured_like_figure_4() -> None:
    coloring = color(petersen_graph(), 3, "naive").solution
    assert coloring == FIG4
    root = ET.fromstring(graph_svg(petersen_graph(), coloring))
    circles = list(root.iter(f"{SVG}circle"))
    assert len(circles) == 10 and len(list(root.iter(f"{SVG}line"))) == 15
    fills = [c.get("fill") for c in circles]
    assert fills == [colour_of(c) for c in FIG4]
    assert {colour_of(1), colour_of(2), colour_of(3)} == {"#e41a1c", "#377eb8", "#ffd92f"}


def test_petersen_layout_is_pentagon_and_star() -> None:
    pos = graph_layout(petersen_graph())
    radii = [((x - 0.5) ** 2 + (y - 0.5) ** 2) ** 0.5 for x, y in pos]
    assert all(abs(r - 0.45) < 1e-9 for r in radii[:5])
    assert all(abs(r - 0.22) < 1e-9 for r in radii[5:])
    for i in range(5):  # spoke i - i+5 points outward along the same angle
        (x1, y1), (x2, y2) = pos[i], pos[i + 5]
        assert abs((x1 - 0.5) * (y2 - 0.5) - (y1 - 0.5) * (x2 - 0.5)) < 1e-9


@pytest.mark.parametrize(("box", "lines"), [(2, 4 * 6), (3, 9 * 36)])
def test_sudoku_graph_draws_box_edges_only(box: int, lines: int) -> None:
    g = sudoku_graph(box)
    sol = solve(Grid.empty(box), "propagate").grid
    assert sol is not None
    root = ET.fromstring(graph_svg(g, sol.values))
    assert len(list(root.iter(f"{SVG}circle"))) == g.n
    assert len(list(root.iter(f"{SVG}line"))) == lines
    assert sorted(t.text or "" for t in root.iter(f"{SVG}text")) == sorted(
        str(d) for d in sol.values
    )


@pytest.mark.parametrize(
    ("graph", "coloring"),
    [(petersen_graph(), FIG4), (sudoku_graph(2), None), (sudoku_graph(3), "solve")],
)
def test_save_graph_png(tmp_path: Path, graph: object, coloring: object) -> None:
    from sudograph.graph import Graph

    assert isinstance(graph, Graph)
    if coloring == "solve":
        coloring = solve(Grid.empty(3), "propagate").solution
    path = tmp_path / "graph.png"
    save_graph(graph, path, coloring, size=400)  # type: ignore[arg-type]
    img = read_png(path)
    assert img.shape[:2] == (400, 400)  # type: ignore[attr-defined]
    pixels = rgb_pixels(img)
    assert len(pixels) > 10
    if coloring is not None:
        assert all(near(pixels, colour_of(c), 12) for c in (1, 2, 3))


def test_graph_errors_and_notebook_picture(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument):
        graph_svg(petersen_graph(), (1, 2))
    with pytest.raises(InvalidArgument):
        graph_svg(petersen_graph(), layout=[(0.0, 0.0)])
    with pytest.raises(InvalidArgument):
        save_graph(petersen_graph(), tmp_path / "p.pdf")
    pic = GraphPicture(petersen_graph(), FIG4)
    assert len(list(ET.fromstring(pic._repr_svg_()).iter(f"{SVG}circle"))) == 10
    pic.save(tmp_path / "p.svg")
    assert (tmp_path / "p.svg").read_text().count("<circle") == 10


# -- traces ----------------------------------------------------------------------------------
SMALL = Grid.parse("...3.2.1...4.1.2")


@pytest.mark.parametrize("method", ["naive", "mrv", "forward", "propagate"])
def test_trace_states_start_at_the_puzzle_and_end_at_the_solution(method: str) -> None:
    grid = Grid.parse(".2.....1..3.3...")
    frames = trace_states(grid, method, max_frames=40)
    assert frames[0].values == grid.values
    assert grid.with_values(frames[-1].values).is_solution_of(grid)
    for f in frames:  # every frame keeps the clues
        assert all(c == 0 or v == c for c, v in zip(grid.values, f.values, strict=True))


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=2, max_value=40))
def test_trace_states_keeps_at_most_max_frames(max_frames: int) -> None:
    frames = trace_states(Grid.parse("1..............."), "naive", max_frames=max_frames)
    assert 2 <= len(frames) <= max_frames
    assert frames[0].kind == "start" and frames[-1].kind == "solved"


def test_trace_stopped_by_the_node_cap() -> None:
    grid = Grid.parse(
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
    )
    frames = trace_states(grid, "naive", max_frames=10, max_nodes=50)
    assert frames[-1].kind == "stopped" and "stopped" in frames[-1].caption
    assert len(frames) == 10


def test_trace_frames_are_svg_with_a_caption() -> None:
    frames = trace_frames(SMALL, "naive", max_frames=30)
    states = trace_states(SMALL, "naive", max_frames=30)
    assert len(frames) == len(states)
    for svg, state in zip(frames, states, strict=True):
        items = texts(svg)
        assert len(items) == sum(1 for v in state.values if v) + 1
        assert items[-1].get("class") == "caption" and items[-1].text == state.caption


def test_trace_frames_rejects_too_few_frames() -> None:
    with pytest.raises(InvalidArgument):
        trace_frames(SMALL, "naive", max_frames=1)


@pytest.mark.parametrize("fmt", ["gif", "svg", "frames"])
def test_save_trace(tmp_path: Path, fmt: str) -> None:
    target = tmp_path / ("trace" if fmt == "frames" else f"trace.{fmt}")
    files = save_trace(target, SMALL, "naive", max_frames=12, size=200)
    n = len(trace_states(SMALL, "naive", max_frames=12))
    if fmt == "frames":
        assert len(files) == n and all(f.suffix == ".svg" for f in files)
        ET.fromstring(files[-1].read_text())
    elif fmt == "svg":
        root = ET.fromstring(target.read_text())
        assert len(list(root.iter(f"{SVG}animate"))) == n
    else:
        from PIL import Image

        with Image.open(target) as img:
            assert img.format == "GIF" and img.n_frames == n
            assert img.size[0] == 200 and img.size[1] > 200


def test_save_trace_rejects_other_formats(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument):
        save_trace(tmp_path / "t.mp4", SMALL)
    with pytest.raises(InvalidArgument):
        animated_svg([])


# -- sudograph draw --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("source", "circles"),
    [
        ("petersen", 10),
        ("sudoku:2x2", 16),
        ("sudoku:9", 81),
        (str(DATA / "graphs" / "myciel3.col"), 11),
        ("...3.2.1...4.1.2", 16),
    ],
)
def test_draw_command(tmp_path: Path, source: str, circles: int) -> None:
    svg, png = tmp_path / "g.svg", tmp_path / "g.png"
    assert main(["draw", source, "--svg", str(svg), "--png", str(png), "--size", "300"]) == 0
    root = ET.fromstring(svg.read_text())
    fills = [c.get("fill") for c in root.iter(f"{SVG}circle")]
    assert len(fills) == circles and "#ffffff" not in fills  # every vertex coloured
    assert read_png(png).shape[:2] == (300, 300)  # type: ignore[attr-defined]


def test_draw_petersen_is_figure_4(tmp_path: Path) -> None:
    assert main(["draw", "petersen", "--svg", str(tmp_path / "p.svg")]) == 0
    fills = [
        c.get("fill") for c in ET.fromstring((tmp_path / "p.svg").read_text()).iter(f"{SVG}circle")
    ]
    assert fills == [colour_of(c) for c in FIG4]


def test_draw_bare_graph_and_trace(tmp_path: Path) -> None:
    assert main(["draw", "sudoku:4", "--no-color", "--svg", str(tmp_path / "s.svg")]) == 0
    fills = {
        c.get("fill") for c in ET.fromstring((tmp_path / "s.svg").read_text()).iter(f"{SVG}circle")
    }
    assert fills == {"#ffffff"}
    assert main(["draw", "...3.2.1...4.1.2", "--trace", str(tmp_path / "t.svg")]) == 0
    assert len(list(ET.fromstring((tmp_path / "t.svg").read_text()).iter(f"{SVG}animate"))) > 2


@pytest.mark.parametrize(
    "argv",
    [
        ["draw", "petersen"],
        ["draw", "petersen", "--trace", "t.gif"],
        ["draw", "petersen", "--colors", "0", "--svg", "p.svg"],
        ["draw", "12x4............", "--svg", "p.svg"],
    ],
)
def test_draw_errors_exit_2(
    tmp_path: Path, argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2


@pytest.mark.slow
def test_walkthrough_example_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import runpy

    module = runpy.run_path(str(Path(__file__).parent.parent / "examples" / "walkthrough.py"))
    module["main"](str(tmp_path))
    out = capsys.readouterr().out
    for method in ("naive", "mrv", "forward", "propagate", "greedy-mrv"):
        assert f"\n{method} " in out
    assert read_png(tmp_path / "petersen.png").shape[:2] == (480, 480)  # type: ignore[attr-defined]
    assert len(texts((tmp_path / "figure9.svg").read_text())) == 81
    from PIL import Image

    with Image.open(tmp_path / "trace.gif") as img:
        assert img.n_frames > 2


def test_trace_captions_use_the_grid_alphabet() -> None:
    frames = trace_states(Grid.empty(4), "naive", max_frames=50, max_nodes=12)
    captions = [f.caption for f in frames]
    assert "node 10: r1c10 = A" in captions and "node 12: r1c12 = C" in captions
    assert captions[-1] == "stopped (node limit) after 12 nodes"
