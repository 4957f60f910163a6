"""Pictures of variant grids: shaded extra houses, jigsaw borders, dashed cages with sums."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudograph.formats.variant import read_variant_puzzle
from sudograph.grid import Grid
from sudograph.render import VARIANT_SHADE, grid_svg

EXAMPLES = Path(__file__).parent.parent / "examples" / "variants"


@pytest.mark.parametrize(
    ("spec", "shaded"), [("x", 17), ("windoku", 36), ("centre-dot", 9), ("asterisk", 9)]
)
def test_extra_houses_are_shaded_once_per_cell(spec: str, shaded: int) -> None:
    svg = grid_svg(Grid.parse("." * 81, variant=spec))
    assert svg.count('class="variant"') == shaded
    assert 'class="variant"' not in grid_svg(Grid.parse("." * 81))


def test_jigsaw_borders_follow_the_regions() -> None:
    grid = read_variant_puzzle((EXAMPLES / "jigsaw_6x6.txt").read_text())
    svg = grid_svg(grid)
    assert grid.variant is not None and grid.variant.regions is not None
    regions, n = grid.variant.regions, 6
    inner = sum(
        (c + 1 < n and regions[r * n + c] != regions[r * n + c + 1])
        + (r + 1 < n and regions[r * n + c] != regions[(r + 1) * n + c])
        for r in range(n)
        for c in range(n)
    )
    # every inner border is drawn from both sides, every outer edge once
    assert svg.count('class="region"') == 2 * inner + 4 * n
    assert 'stroke-width="2.5"' not in svg.split('class="region"')[0]  # no box lines


def test_killer_cages_dashed_with_their_sums() -> None:
    grid = read_variant_puzzle((EXAMPLES / "killer.txt").read_text())
    assert grid.variant is not None
    svg = grid_svg(grid)
    assert svg.count('class="cage-sum"') == len(grid.variant.cages)
    assert 'stroke-dasharray="3,2"' in svg
    for _, total in grid.variant.cages:
        assert f">{total}</text>" in svg


@pytest.mark.parametrize("spec", ["", "x", "windoku", "anti-knight", "anti-king", "x+anti-king"])
def test_a_variant_graph_picture_shows_its_boxes_and_its_own_rules(spec: str) -> None:
    """The graph picture leaves out the edges of a row or a column alone, nothing else: box
    cliques, the extra houses' edges and the moves (knight, king) are drawn."""
    from sudograph.render import _drawn_edges
    from sudograph.variants import Variant, variant_graph

    n = 9
    variant = Variant.parse(spec)
    graph = variant_graph(variant, (3, 3))
    rows = [{v // n for v in (u, w)} for u, w in graph.edges()]
    cols = [{v % n for v in (u, w)} for u, w in graph.edges()]

    def box(v: int) -> int:
        return v // n // 3 * 3 + v % n // 3

    extra = [set(h) for h in graph.houses[3 * n :]]
    expected = [
        (u, w)
        for (u, w), r, c in zip(graph.edges(), rows, cols, strict=True)
        if not (len(r) == 1 or len(c) == 1)  # not in one row or column: a box or a rule
        or box(u) == box(w)
        or any(u in h and w in h for h in extra)
    ]
    drawn = _drawn_edges(graph, 10**6)
    assert drawn == expected
    assert (0, 8) not in drawn and (0, 72) not in drawn  # a row's, a column's ends
    assert ((0, 80) in drawn) == ("x" in variant.names)  # the main diagonal's ends
    assert ((2, 13) in drawn) == ("anti-knight" in variant.names)  # r1c3-r2c5: a knight's move
    assert ((2, 12) in drawn) == ("anti-king" in variant.names)  # r1c3-r2c4: a king's move
    if not spec:
        assert len(drawn) == 9 * 36  # the nine box cliques (figure 8)


def png_of(grid: Grid, tmp_path: Path) -> object:
    """The grid's PNG (360 × 360: 40 pixels a cell on a 9×9) as an array of RGB(A) floats."""
    pytest.importorskip("matplotlib")
    import matplotlib.image as mpimg

    from sudograph.render import save_grid

    path = tmp_path / "g.png"
    save_grid(grid, path, size=360)
    return mpimg.imread(path)


def grey(img: object, x: float, y: float) -> float:
    """The mean of the RGB channels at pixel (x, y): 1.0 white, 0.0 black."""
    return float(img[int(y), int(x), :3].mean())  # type: ignore[index]


def test_png_pictures_shade_the_extra_houses(tmp_path: Path) -> None:
    img = png_of(Grid.parse("." * 81, variant="x"), tmp_path)
    shade = int(VARIANT_SHADE[1:3], 16) / 255
    assert grey(img, 40 * 0.7, 40 * 0.7) == pytest.approx(shade, abs=0.02)  # r1c1: a diagonal
    assert grey(img, 40 * 4.7, 40 * 4.7) == pytest.approx(shade, abs=0.02)  # r5c5: both
    assert grey(img, 40 * 1.7, 40 * 0.7) == pytest.approx(1.0, abs=0.02)  # r1c2: neither


def test_png_pictures_draw_jigsaw_borders_thick_and_box_lines_thin(tmp_path: Path) -> None:
    grid = read_variant_puzzle((EXAMPLES / "jigsaw.txt").read_text())
    assert grid.variant is not None and grid.variant.regions is not None
    regions, n = grid.variant.regions, 9
    img = png_of(grid.with_values((0,) * 81), tmp_path)
    cut = [(i, (i % n + 1) * 40) for i in range(81) if i % n < n - 1]  # (cell, x of its right side)
    border = [(i, x) for i, x in cut if regions[i] != regions[i + 1]]
    inner_box_line = [(i, x) for i, x in cut if regions[i] == regions[i + 1] and x % 120 == 0]
    assert border and inner_box_line
    for i, x in border:  # a thick line (3 pt, 4 pixels): dark a pixel off its middle
        assert grey(img, x + 1, (i // n + 0.5) * 40) < 0.5, i
    for i, x in inner_box_line:  # a box line inside a region: thin, white two pixels off
        assert grey(img, x + 2, (i // n + 0.5) * 40) > 0.9, i


def test_png_pictures_draw_cages_and_their_sums(tmp_path: Path) -> None:
    grid = read_variant_puzzle((EXAMPLES / "killer.txt").read_text()).with_values((0,) * 81)
    assert grid.variant is not None
    plain = png_of(Grid.parse("." * 81), tmp_path)
    caged = png_of(grid, tmp_path)

    def ink(img: object) -> int:
        return int((img[:, :, :3].mean(axis=2) < 0.6).sum())  # type: ignore[index]

    # dashed borders inset in every cell of a cage, and a sum in each cage's first cell
    assert ink(caged) > ink(plain) + 40 * len(grid.variant.cages)
    for cells, _ in grid.variant.cages:
        r, c = divmod(min(cells), 9)
        corner = caged[r * 40 + 5 : r * 40 + 14, c * 40 + 4 : c * 40 + 16, :3]  # type: ignore[index]
        assert corner.mean() < plain[r * 40 + 5 : r * 40 + 14, c * 40 + 4 : c * 40 + 16, :3].mean()  # type: ignore[index]
