"""``show --size`` sets a picture's width; a large grid drawn with its pencil marks gets cells
wide enough to read them (a 25×25's marks were 8 px specks in a 1000 px picture)."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.grid import Grid
from sudograph.render import grid_svg

EMPTY = {9: "." * 81, 16: "." * 256, 25: "." * 625}


@pytest.mark.parametrize(
    ("n", "candidates", "width"),
    [(9, False, 360), (9, True, 360), (16, False, 640), (16, True, 768), (25, False, 1000),
     (25, True, 1500)],
)  # fmt: skip
def test_the_default_width_leaves_room_for_the_pencil_marks(
    n: int, candidates: bool, width: int
) -> None:
    svg = grid_svg(Grid.parse(EMPTY[n]), candidates=candidates)
    assert re.search(rf'<svg[^>]* width="{width}"', svg)


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def _nearly_full_25() -> str:
    """A 25x25 grid of 5x5 boxes, every cell but a row's first five filled (the pattern grid
    ``(5 * (r % 5) + r // 5 + c) % 25 + 1``): its candidates drawn in a few cells, not in
    625 (an empty grid's 15,625 pencil marks took 20 s a picture; the size is the same)."""
    alphabet = Grid.empty(5).alphabet
    cells = [alphabet[(5 * (r % 5) + r // 5 + c) % 25] for r in range(25) for c in range(25)]
    cells[:5] = ["."] * 5
    return "".join(cells)


@pytest.mark.parametrize(("argv", "size"), [([], (1500, 1500)), (["--size", "640"], (640, 640))])
def test_show_png_takes_its_size(tmp_path: Path, argv: list[str], size: tuple[int, int]) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "g.png"
    grid = _nearly_full_25()
    assert Grid.parse(grid).conflicts() == []
    assert main(["show", grid, "--candidates", "--png", str(out), *argv]) == 0
    assert _png_size(out) == size


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--size", "800"], "--size is a picture's width: give --svg FILE or --png FILE"),
        (["--svg", "g.svg", "--size", "8"], "--size: must be 16..8192 pixels, got 8 (see"),
    ],
)
def test_show_refuses_a_size_it_cannot_use(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    argv = [a if a != "g.svg" else str(tmp_path / a) for a in argv]
    assert main(["show", EMPTY[9], *argv]) == 2
    assert f"sudograph: error: {message}" in capsys.readouterr().err
