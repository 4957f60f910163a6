"""A jigsaw's boxed text draws its regions' borders (a QA pass: ``solve`` and ``show`` drew
the 2×3 boxes' rulers over a 6×6 jigsaw, lines that are no house of the puzzle)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudograph import Grid, solve
from sudograph.variants import Variant, parse_regions

DATA = Path(__file__).parent / "data" / "variants"
MAPS = {4: "jigsaw4.regions", 6: "jigsaw6.regions", 9: "jigsaw9.regions"}


def jigsaw(n: int) -> Grid:
    regions = parse_regions((DATA / MAPS[n]).read_text(), n)
    box = (2, 3) if n == 6 else None  # (a 6x6 grid needs a shape; the regions replace it)
    return Grid.parse("." * n * n, box=box, variant=Variant(("jigsaw",), regions=regions))


@pytest.mark.parametrize("n", sorted(MAPS))
@pytest.mark.parametrize("solved", [False, True])
def test_the_borders_are_the_regions_and_the_text_reads_back(n: int, solved: bool) -> None:
    grid = jigsaw(n)
    if solved:
        grid = solve(grid).grid
    text = grid.to_boxed()
    lines = text.splitlines()
    assert len(lines) == 2 * n + 1 and len({len(line) for line in lines}) == 1
    regions = grid.variant.regions
    line = grid.to_line()
    for r in range(n):
        row = lines[1 + 2 * r]  # cell c at column 2 + 4c (one character wide), a wall after it
        assert [row[2 + 4 * c] for c in range(n)] == list(line[r * n : (r + 1) * n])
        walls = [row[4 + 4 * c] == "|" for c in range(n - 1)]
        assert walls == [regions[r * n + c] != regions[r * n + c + 1] for c in range(n - 1)]
        if r < n - 1:
            under = lines[2 + 2 * r]
            floors = [under[2 + 4 * c] == "-" for c in range(n)]
            assert floors == [regions[r * n + c] != regions[(r + 1) * n + c] for c in range(n)]
    assert Grid.parse(text, box=grid.box).values == grid.values


def test_a_grid_without_regions_keeps_its_box_rulers() -> None:
    assert Grid.parse("1" + "." * 15).to_boxed().splitlines()[0] == "+-----+-----+"
