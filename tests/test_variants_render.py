"""Pictures of variant grids: shaded extra houses, jigsaw borders, dashed cages with sums."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudograph.formats.variant import read_variant_puzzle
from sudograph.grid import Grid
from sudograph.render import grid_svg

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
