"""QA fixes of ``draw``, ``show`` and their pictures: a trace's frames spread over the whole
search and its last frame the grid where it stopped (it showed the state at the 200,000th
event under a caption of the last node); a killer cage's sum leaves the pencil marks room;
``show`` of several puzzles says which numbered pictures it wrote; a write error names its
file; a file of bad lines is reported by its first error, not as several puzzles; a puzzle with
no solution is one line on standard error that says what was drawn."""

from __future__ import annotations

import itertools
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from sudograph.cli import main
from sudograph.formats.variant import read_variant_puzzle
from sudograph.grid import Grid
from sudograph.render import (
    CLUE_COLOUR,
    FOUND_COLOUR,
    PENCIL_COLOUR,
    PENCIL_TOP,
    FrameSampler,
    grid_svg,
    pencil_spots,
    save_grid,
    trace_states,
)
from sudograph.search.trace import Recorder, Replay, TraceEvent, replay
from sudograph.solve import solve
from sudograph.variants import Variant

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples" / "variants"
SVG = "{http://www.w3.org/2000/svg}"
HARD = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
"""A 9×9 puzzle naive backtracking takes far more than 20,000 nodes to solve."""
A4, B4 = "1.3.....2...4..1", "...3.2.1...4.1.2"  # two 4x4 puzzles, one solution each
UNSAT4 = "12........3...4."  # reads fine, no clash: r1c3 has no candidate left
SHOWN = ("assign", "deduce", "undo", "fail")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def needs_matplotlib() -> None:
    pytest.importorskip("matplotlib")


def svg_cells(svg: str, n: int) -> dict[int, tuple[str, str]]:
    """The digits an SVG grid picture shows: cell -> (symbol, fill), from its big texts."""
    root = ET.fromstring(svg)
    width = float(root.attrib["width"])
    cell = width / n
    out = {}
    for t in root.iter(f"{SVG}text"):
        if t.get("class") or t.get("fill") not in (CLUE_COLOUR, FOUND_COLOUR):
            continue  # captions, pencil marks, cage sums
        r, c = int(float(t.attrib["y"]) // cell), int(float(t.attrib["x"]) // cell)
        out[r * n + c] = (t.text or "", t.attrib["fill"])
    return out


# -- 1. draw --trace: the frames cover the whole search, the last one where it stopped --------
def reference_steps(grid: Grid, max_nodes: int) -> tuple[list[tuple[tuple[int, ...], int, str]],
                                                          tuple[int, ...]]:  # fmt: skip
    """Every shown step of the naive search (values after it, cell, kind) and the colouring
    after its last event, recorded whole."""
    rec = Recorder()
    solve(grid, "naive", trace=rec, max_nodes=max_nodes, engine="python")
    steps, last = [], tuple(grid.values)
    for e, col in replay(rec.events, grid.values):
        last = col
        if e.kind in SHOWN:
            steps.append((col, e.vertex, e.kind))
    return steps, last


@pytest.mark.parametrize(("max_nodes", "max_frames"), [(600, 12), (3000, 12), (3000, 40)])
def test_trace_frames_are_spread_evenly_over_the_whole_search(
    max_nodes: int, max_frames: int
) -> None:
    grid = Grid.parse(HARD)
    steps, last = reference_steps(grid, max_nodes)
    frames = trace_states(grid, "naive", max_frames=max_frames, max_nodes=max_nodes)
    assert len(frames) == max_frames
    middle = frames[1:-1]
    # each middle frame is a real step of the search, in order
    at = []
    start = 0
    for f in middle:
        i = steps.index((f.values, f.cell, f.kind), start)
        at.append(i)
        start = i + 1
    room = max_frames - 2
    assert at[0] == 0
    assert at[-1] >= len(steps) * (1 - 1.5 / room)  # the end of the search, not its start
    gaps = [b - a for a, b in itertools.pairwise(at)]
    assert max(gaps) <= 3 * len(steps) / room  # evenly spaced
    end = frames[-1]
    assert end.kind == "stopped"
    assert end.caption == f"stopped (node limit) after {max_nodes} nodes"
    assert end.values == last  # the grid where the search stopped


def test_a_short_search_keeps_every_step() -> None:
    grid = Grid.parse(B4)
    steps, _ = reference_steps(grid, 2000)
    frames = trace_states(grid, "naive", max_frames=len(steps) + 2)
    assert [(f.values, f.cell, f.kind) for f in frames[1:-1]] == steps
    assert frames[-1].caption.startswith("solved after")
    assert frames[-1].values == solve(grid, "naive").grid.values  # type: ignore[union-attr]


@pytest.mark.parametrize("room", [1, 2, 5, 50])
@pytest.mark.parametrize("total", [0, 1, 7, 100, 1234])
def test_frame_sampler_keeps_evenly_spaced_steps_of_any_length(room: int, total: int) -> None:
    sampler = FrameSampler(Grid.parse("." * 16), room)
    for k in range(total):
        sampler(TraceEvent("try", k % 16, 1))  # not a step
        sampler(TraceEvent("assign", k % 16, 1 + k % 4, node=k + 1))
    assert sampler.steps == total
    nodes = [int(re.match(r"node (\d+):", f.caption).group(1)) for f in sampler.kept]  # type: ignore[union-attr]
    if total <= 2 * room:
        assert nodes == list(range(1, total + 1))  # every one
        return
    assert room < len(nodes) <= 2 * room
    stride = sampler.stride
    assert nodes == [1 + j * stride for j in range(len(nodes))]
    assert nodes[-1] > total - stride  # up to the end


def test_cli_trace_past_the_old_event_cap_shows_where_the_search_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """20,000 nodes are some 260,000 events: the recorder kept 200,000, and the last frame
    showed the grid at the 200,000th under the caption of the 20,000th node."""
    grid = Grid.parse(HARD)
    events = [0]
    state = Replay(grid.values)

    def follow(e: TraceEvent) -> None:
        events[0] += 1
        state.apply(e)

    solve(grid, "naive", trace=follow, max_nodes=20_000, engine="python")
    assert events[0] > 200_000
    out = tmp_path / "frames"
    code, stdout, err = run(["draw", HARD, "--trace", str(out), "--max-nodes", "20000",
                             "--max-frames", "5"], capsys)  # fmt: skip
    assert (code, stdout) == (1, "")  # an answer cut short (README), the trace drawn
    assert err == (f"sudograph: {out}: the search stopped (node limit) after 20000 nodes: the "
                   "trace shows it up to there (--max-nodes 20000, --timeout 30)\n")  # fmt: skip
    files = sorted(out.iterdir())
    assert [f.name for f in files] == [f"frame-{i:04d}.svg" for i in range(1, 6)]
    svgs = [f.read_text() for f in files]
    captions = [ET.fromstring(s).find(f".//{SVG}text[@class='caption']").text for s in svgs]  # type: ignore[union-attr]
    assert captions[-1] == "stopped (node limit) after 20000 nodes"
    shown = svg_cells(svgs[-1], 9)
    expected = {
        i: (grid.alphabet[d - 1], CLUE_COLOUR if grid.values[i] else FOUND_COLOUR)
        for i, d in enumerate(state.coloring)
        if d
    }
    assert shown == expected
    frames = trace_states(grid, "naive", max_frames=5, max_nodes=20_000)
    assert [f.caption for f in frames] == captions  # those of the library, spread as tested above


# -- 2. README: draw PUZZLE draws a graph ------------------------------------------------------
def test_readme_says_draw_of_a_puzzle_draws_its_graph() -> None:
    lines = [ln for ln in (ROOT / "README.md").read_text().splitlines()
             if ln.startswith("sudograph draw PUZZLE")]  # fmt: skip
    assert lines, "README shows draw PUZZLE"
    for line in lines:
        comment = line.split("#", 1)[1]
        assert "graph" in comment and "solved grid" not in comment


# -- 3. killer: the cage sum leaves room for the pencil marks ------------------------------------
def killer(box: tuple[int, int]) -> Grid:
    """An empty killer grid of that box with two cages whose first cell can take a 1."""
    n = box[0] * box[1]
    cages = (((0, 1), 3), ((n + 2, n + 3, 2 * n + 3), n + 3))
    return Grid(box, (0,) * (n * n), variant=Variant(("killer",), None, cages))


KILLERS = {
    "killer_4x4.txt": lambda: read_variant_puzzle((EXAMPLES / "killer_4x4.txt").read_text()),
    "killer.txt": lambda: read_variant_puzzle((EXAMPLES / "killer.txt").read_text()),
    **{f"{r}x{c}": (lambda b=(r, c): killer(b)) for r, c in [(2, 2), (2, 3), (3, 3), (4, 4),
                                                             (5, 5), (3, 4)]},
}  # fmt: skip


def sum_cells(grid: Grid) -> dict[int, int]:
    assert grid.variant is not None
    return {min(cells): total for cells, total in grid.variant.cages}


@pytest.mark.parametrize("name", sorted(KILLERS))
def test_svg_cage_sums_lie_above_the_pencil_marks(name: str) -> None:
    grid = KILLERS[name]()
    n = grid.n
    root = ET.fromstring(grid_svg(grid, candidates=True))
    cell = float(root.attrib["width"]) / n
    sums = {}
    for t in root.iter(f"{SVG}text"):
        if t.get("class") == "cage-sum":
            x, y = float(t.attrib["x"]), float(t.attrib["y"])
            halo = float(t.attrib["stroke-width"]) / 2
            sums[int(y // cell) * n + int(x // cell)] = (y + halo, int(t.text or 0))
    assert {i: total for i, (_, total) in sums.items()} == sum_cells(grid)
    checked = 0
    for t in root.iter(f"{SVG}text"):
        if t.get("class") != "pencil":
            continue
        font = float(t.attrib["font-size"])
        spans = list(t.iter(f"{SVG}tspan"))
        x0, y0 = float(spans[0].attrib["x"]), float(spans[0].attrib["y"])
        i = int(y0 // cell) * n + int(x0 // cell)
        if i not in sums:
            continue
        bottom = sums[i][0]
        for span in spans:  # the glyphs are centred on y: their top is above y - font / 2
            assert float(span.attrib["y"]) - font / 2 >= bottom, (name, i, span.text)
            assert int(float(span.attrib["y"]) // cell) * n + int(x0 // cell) == i  # in the cell
        checked += 1
    assert checked >= 1  # some summed cell is empty and shows its marks


@pytest.mark.parametrize("name", sorted(KILLERS))
def test_png_cage_sums_do_not_cover_the_pencil_marks(name: str) -> None:
    needs_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from sudograph.render import _figure, draw_grid

    grid = KILLERS[name]()
    n = grid.n
    px = max(360, 40 * n)
    fig = _figure(px, px)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    draw_grid(ax, grid, candidates=True, size=px)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    sums = {}
    for t in ax.texts:
        x, y = t.get_position()
        if t.get_bbox_patch() is not None:
            sums[int(y) * n + int(x)] = t.get_bbox_patch().get_window_extent(renderer)
    assert set(sums) == set(sum_cells(grid))
    marks = pencil_glyphs(ax)
    assert len(marks) == sum(len(grid.candidates(i)) for i in range(n * n) if not grid.values[i])
    under = [i for i, box in marks if i in sums and box.overlaps(sums[i])]
    assert under == []
    assert any(i in sums for i, _ in marks)


def pencil_glyphs(ax: Any) -> list[tuple[int, Any]]:
    """The pencil marks drawn on ``ax``: each glyph's cell and its box in pixels."""
    from matplotlib.colors import to_rgba

    (pencil,) = [c for c in ax.collections if c.get_gid() == "pencil"]
    assert pencil.get_facecolor()[0].tolist() == list(to_rgba(PENCIL_COLOUR))
    n = round(ax.get_xlim()[1])
    glyph = pencil.get_transform()
    out = []
    for path, (x, y) in zip(pencil.get_paths(), pencil.get_offsets(), strict=True):
        dx, dy = ax.transData.transform((x, y))
        box = path.get_extents(glyph).translated(dx, dy)
        left, bottom = ax.transData.transform((int(x), int(y) + 1))  # its cell, in pixels
        right, top = ax.transData.transform((int(x) + 1, int(y)))
        assert box.width > 0 and box.height > 0
        assert left <= box.x0 < box.x1 <= right and bottom <= box.y0 < box.y1 <= top
        out.append((int(y) * n + int(x), box))
    return out


@pytest.mark.parametrize("fmt", ["svg", "png"])
def test_show_killer_candidates_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    if fmt == "png":
        needs_matplotlib()
        pytest.importorskip("PIL")
    out = tmp_path / f"k.{fmt}"
    code, stdout, err = run(["show", str(EXAMPLES / "killer_4x4.txt"), f"--{fmt}", str(out),
                             "--candidates"], capsys)  # fmt: skip
    assert (code, stdout, err) == (0, "", "")
    if fmt == "svg":
        root = ET.fromstring(out.read_text())
        assert len([t for t in root.iter(f"{SVG}text") if t.get("class") == "cage-sum"]) == 5
    else:
        from PIL import Image

        with Image.open(out) as img:
            assert img.format == "PNG" and img.size == (360, 360)


def test_pencil_marks_of_cells_without_a_sum_are_unchanged() -> None:
    grid = killer((3, 3))
    plain = Grid.parse("." * 81)
    fonts = {
        t.get("font-size")
        for t in ET.fromstring(grid_svg(plain, candidates=True)).iter(f"{SVG}text")
        if t.get("class") == "pencil"
    }
    root = ET.fromstring(grid_svg(grid, candidates=True))
    pencils = [t for t in root.iter(f"{SVG}text") if t.get("class") == "pencil"]
    assert len(pencils) == 81
    assert [t.get("font-size") for t in pencils].count(fonts.pop()) == 81 - 2
    spots, scale = pencil_spots(9)
    assert spots[0] == (1 / 6, 1 / 6) and scale == 1.0
    squeezed, small = pencil_spots(9, below_sum=True)
    assert min(y for _, y in squeezed) > PENCIL_TOP and small < 1
    assert all(0 < x < 1 and 0 < y < 1 for x, y in squeezed)
    assert [x for x, _ in squeezed] == [x for x, _ in spots]  # the same columns


# -- 4. show of several puzzles: numbered pictures, said on standard error ---------------------
@pytest.mark.parametrize("fmt", ["svg", "png"])
@pytest.mark.parametrize(
    ("count", "said"),
    [(2, "wrote {a} and {b} (2 puzzles)"), (3, "wrote {a} ... {b} (3 puzzles)")],
)
def test_show_of_several_puzzles_says_which_pictures_it_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str, count: int, said: str
) -> None:
    if fmt == "png":
        needs_matplotlib()
        pytest.importorskip("PIL")
    src = tmp_path / "many.txt"
    puzzles = [A4, B4, A4][:count]
    src.write_text("".join(p + "\n" for p in puzzles))
    out = tmp_path / f"multi.{fmt}"
    code, stdout, err = run(["show", str(src), f"--{fmt}", str(out)], capsys)
    first, last = tmp_path / f"multi-1.{fmt}", tmp_path / f"multi-{count}.{fmt}"
    assert (code, stdout) == (0, "")
    assert err == f"sudograph: {said.format(a=first, b=last)}\n"
    assert not out.exists()
    written = sorted(p.name for p in tmp_path.iterdir() if p.suffix == f".{fmt}")
    assert written == [f"multi-{i}.{fmt}" for i in range(1, count + 1)]
    for i, puzzle in enumerate(puzzles, 1):
        picture = tmp_path / f"multi-{i}.{fmt}"
        if fmt == "svg":
            grid = Grid.parse(puzzle)
            shown = svg_cells(picture.read_text(), 4)
            assert shown == {
                j: (grid.alphabet[d - 1], CLUE_COLOUR) for j, d in enumerate(grid.values) if d
            }
        else:
            from PIL import Image

            with Image.open(picture) as img:
                assert img.format == "PNG" and img.size == (360, 360)


def test_show_of_one_puzzle_or_with_bad_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = tmp_path / "one.svg"
    assert run(["show", A4, "--svg", str(one)], capsys) == (0, "", "")
    assert one.exists()
    src = tmp_path / "mixed.txt"
    src.write_text(f"{A4}\nbad\n{B4}\n")
    out = tmp_path / "m.svg"
    code, stdout, err = run(["show", str(src), "--svg", str(out)], capsys)
    assert (code, stdout) == (2, "")
    lines = err.splitlines()
    assert lines[0].startswith(f"sudograph: error: {src}:2:")
    a, b = tmp_path / "m-1.svg", tmp_path / "m-3.svg"  # numbered by line: 2 is the bad one
    assert lines[1] == (
        f"sudograph: wrote {a} and {b} (2 puzzles, numbered by their lines in the input)"
    )
    assert len(lines) == 2


# -- 5. a write error names its file ------------------------------------------------------------
FULL = Path("/dev/full")
needs_full = pytest.mark.skipif(not FULL.exists(), reason="no /dev/full here")


@needs_full
@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["show", A4, "--svg"], "f.svg"),
        (["show", A4, "--png"], "f.png"),
        (["draw", A4, "--svg"], "f.svg"),
        (["draw", A4, "--png"], "f.png"),
        (["draw", "petersen", "--svg"], "f.svg"),
        (["draw", A4, "--trace"], "f.svg"),
        (["draw", A4, "--trace"], "f.gif"),
        (["visualize", A4, "-o"], "f.html"),
        (
            [
                "bench",
                str(Path(__file__).parent / "data/sudoku/tdoku_hardest1106_50.txt"),
                "--first",
                "2",
                "--methods",
                "propagate",
                "--json",
                "--plot",
            ],
            "f.png",
        ),
    ],
)
def test_a_full_disk_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], name: str
) -> None:
    if name.endswith((".png", ".gif")):
        needs_matplotlib()
        pytest.importorskip("PIL")
    target = tmp_path / name
    target.symlink_to(FULL)
    code, stdout, err = run([*argv, str(target)], capsys)
    assert code == 2
    assert stdout == "" or argv[0] == "bench"  # bench prints its table before the plot
    assert err == f"sudograph: error: {target}: No space left on device\n"


@needs_full
def test_a_full_disk_is_named_for_a_folder_of_frames(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frames = tmp_path / "frames"
    frames.mkdir()
    (frames / "frame-0001.svg").symlink_to(FULL)
    code, stdout, err = run(["draw", A4, "--trace", str(frames)], capsys)
    assert (code, stdout) == (2, "")
    assert err == f"sudograph: error: {frames / 'frame-0001.svg'}: No space left on device\n"


@needs_full
def test_library_writers_name_the_path(tmp_path: Path) -> None:
    from sudograph.errors import write_text
    from sudograph.visualize import write_page

    target = tmp_path / "f.svg"
    target.symlink_to(FULL)
    with pytest.raises(OSError) as caught:
        save_grid(Grid.parse(A4), target)
    assert caught.value.filename == str(target)
    assert caught.value.strerror == "No space left on device"
    page = tmp_path / "page.html"
    page.symlink_to(FULL)
    with pytest.raises(OSError) as caught:
        write_text(str(page), "<html></html>")
    assert caught.value.filename == str(page)
    assert caught.value.strerror == "No space left on device"
    with pytest.raises(OSError) as caught:
        write_page(page, Grid.parse(A4))
    assert caught.value.filename == str(page)


@needs_full
def test_save_plot_names_the_path(tmp_path: Path) -> None:
    needs_matplotlib()
    from matplotlib.figure import Figure

    from sudograph.plot import save_plot

    ax = Figure().subplots()
    ax.plot([1, 2], [3, 4])
    target = tmp_path / "p.png"
    target.symlink_to(FULL)
    with pytest.raises(OSError) as caught:
        save_plot(ax, target)
    assert caught.value.filename == str(target)
    good = tmp_path / "ok.png"
    save_plot(ax, good)
    assert good.read_bytes().startswith(b"\x89PNG")


def test_an_error_that_names_its_file_is_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing" / "f.svg"
    code, stdout, err = run(["show", A4, "--svg", str(target)], capsys)
    assert (code, stdout) == (2, "")
    assert err == f"sudograph: error: {target}: No such file or directory\n"


# -- 6. a file of bad lines: its first error, not "holds 2 puzzles" ---------------------------
LENGTH8 = "wrong length: 8 cells is not N*N for a side N in 1..64 (a 9x9 grid has 81)"


@pytest.mark.parametrize(
    ("command", "output"),
    [("draw", ["--png", "x.png"]), ("draw", ["--svg", "x.svg"]),
     ("draw", ["--trace", "t.svg"]), ("visualize", ["-o", "x.html"])],
)  # fmt: skip
@pytest.mark.parametrize(
    ("lines", "where"),
    [(["....1..2", "..3..4.."], "1"), (["# a comment", "....1..2", "..3..4.."], "2"),
     ([A4, "....1..2"], "2"), (["....1..2", A4], "1")],
)  # fmt: skip
def test_a_file_of_bad_lines_reports_its_first_error(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    output: list[str],
    lines: list[str],
    where: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "two.txt").write_text("".join(ln + "\n" for ln in lines))
    code, stdout, err = run([command, "two.txt", *output], capsys)
    assert (code, stdout) == (2, "")
    assert err == f"sudograph: error: two.txt:{where}: {LENGTH8}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["two.txt"]


def test_two_puzzles_and_a_bad_line_are_two_puzzles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "f.txt").write_text(f"{A4}\nbad\n{B4}\n")
    code, stdout, err = run(["draw", "f.txt", "--svg", "x.svg"], capsys)
    assert (code, stdout) == (2, "")
    assert err == ("sudograph: error: f.txt holds 2 puzzles and 1 entry that does not read: "
                   "draw takes one (give one line, "
                   "e.g. sed -n 1p f.txt | sudograph draw - --svg x.svg)\n")  # fmt: skip


# -- 7. draw of a puzzle with no solution: exit 1, one line that says what was drawn ----------
UNSAT9 = "851..24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
"""HARD with a wrong digit in r1c3 (a candidate there, not the solution's): no solution, and
naive backtracking needs more than 50 nodes to find out."""


@pytest.mark.parametrize(
    ("puzzle", "pictures", "trace", "said"),
    [
        (UNSAT4, ["g.svg"], None, "the puzzle has no solution: g.svg not drawn"),
        (UNSAT4, ["g.svg", "g.png"], None,
         "the puzzle has no solution: g.png and g.svg not drawn"),
        (UNSAT4, [], "t.svg", "the puzzle has no solution (the search is drawn in t.svg)"),
        (UNSAT4, ["g.png"], "t.svg",
         "the puzzle has no solution: g.png not drawn (the search is drawn in t.svg)"),
        (UNSAT9, ["g.png"], "t.svg",
         "the puzzle has no solution: g.png not drawn (the search is drawn in t.svg, up to "
         "where it stopped (node limit) after 50 nodes: --max-nodes 50, --timeout 30)"),
    ],
)  # fmt: skip
def test_draw_of_an_unsolvable_puzzle_is_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    puzzle: str,
    pictures: list[str],
    trace: str | None,
    said: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["draw", puzzle]
    for p in pictures:
        argv += [f"--{p.rsplit('.', 1)[1]}", p]
    if trace:
        argv += ["--trace", trace]
        if puzzle == UNSAT9:
            argv += ["--max-nodes", "50"]
    code, stdout, err = run(argv, capsys)
    assert (code, stdout) == (1, "")
    assert err == f"sudograph: {said}\n"
    assert sorted(os.listdir(tmp_path)) == ([trace] if trace else [])
    if trace:  # the animated SVG's last frame says how the search ended
        root = ET.fromstring((tmp_path / trace).read_text())
        last = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "caption"][-1]
        ended = (
            r"stopped \(node limit\) after 50" if puzzle == UNSAT9 else r"unsatisfiable after \d+"
        )
        assert re.fullmatch(ended + " nodes", last or "")


@pytest.mark.parametrize("puzzle", [UNSAT4, UNSAT9])
def test_the_unsolvable_puzzles_clash_nowhere(puzzle: str) -> None:
    grid = Grid.parse(puzzle)
    assert grid.conflicts() == []
    assert solve(grid, "propagate").status == "unsatisfiable"


@pytest.mark.parametrize("method", ["forward", "propagate"])
def test_an_unlocated_dead_end_names_its_cell_or_its_cause(method: str) -> None:
    """A dead end the search does not locate (vertex -1) was captioned "dead end at a house"
    even where a cell had no digit left: the frame now names that cell (and highlights it),
    or says a digit lost its place in a house when no cell is stuck."""
    from sudograph.render import trace_states

    grid = Grid.parse("12....3.........")  # r1c4 can take nothing: no solution
    frames = trace_states(grid, method, max_frames=500)
    dead = [f for f in frames if f.kind == "fail" and f.caption.startswith("dead end:")]
    assert dead, [f.caption for f in frames]
    for f in dead:
        assert "a house" not in f.caption or f.cell < 0
        if f.cell >= 0:
            r, c = divmod(f.cell, grid.n)
            assert f.caption == f"dead end: no colour left for r{r + 1}c{c + 1}"
            assert f.values[f.cell] == 0
            assert not grid.with_values(f.values).candidates(f.cell)
