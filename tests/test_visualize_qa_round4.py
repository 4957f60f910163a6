"""Faults of ``visualize`` and ``draw`` found by the fourth QA pass (each test failed before
its fix; the browser ones are skipped without Chromium, as in ``test_browser.py``):

1. an alphabet of symbols outside the Basic Multilingual Plane (``𝟙``, emoji) was indexed by
   UTF-16 halves in the page: lone surrogates shown;
2. ``-o -`` with standard output closed was a traceback;
3. docs/visualize.md gave the house kernel's count on an empty 16×16 as 683 nodes;
4. ``-o DIR/``, ``-o FILE/`` ran the whole search, then failed; ``-o ''`` said "is a folder";
5. a graph coloured with 10 colours or more showed colours 10, 11 as ``A``, ``B``;
6. ``trace_run(grid.problem).page()`` and ``visualize(problem)`` lost the grid (variants,
   cages, cell names), and ``trace_run`` took no Grid (its symbols);
7. ``draw --trace FOLDER`` kept an earlier run's frames past the new last one;
8. the force layout slowed down faster than n (vertices crowded by the pull to the centre)
   and a 20,000-vertex graph made no page in minutes;
9. ``draw --trace`` stopped by a cap exited 0 (the README: 1 for an answer cut short);
10. the hint for a file of several puzzles was a command that failed (no ``-o``);
11. the docs named ``sudoku:RxC``'s vertices from 0, the page ``r1c1``;
12. the empty graph's k was "not proven";
13. ``draw`` had no ``-m``;
14. ``visualize(graph)`` traced ``naive`` where the CLI traces ``dsatur``; ``seed=-1`` passed
    where no force layout ran;
15. ``-k 65`` was told without ``-k:``; the page wrote 200000 where standard error writes
    200,000.
"""

from __future__ import annotations

import html
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sudograph import visualize as visualize_module
from sudograph.cli import main
from sudograph.errors import InvalidArgument
from sudograph.formats.variant import read_variant_puzzle
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.problem import Problem
from sudograph.solve import solve
from sudograph.visualize import (
    FORCE_MAX,
    force_iterations,
    grid_of,
    lattice_layout,
    layout_for,
    read_page_data,
    trace_run,
    visualize,
)

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs" / "visualize.md"
VARIANTS = ROOT / "examples" / "variants"
SAMPLE = ROOT / "examples" / "sample.txt"
SMALL = "....1..2..3..4.."
HARD = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def docs_text() -> str:
    return " ".join(DOCS.read_text(encoding="utf-8").split())


@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if a search starts: the errors below must come before it."""

    def searched(*args: object, **kwargs: object) -> None:
        pytest.fail("the search ran before the bad argument was reported")

    monkeypatch.setattr(visualize_module, "trace_run", searched)


@pytest.fixture
def show(driver: Any, tmp_path: Path) -> Iterator[Any]:
    """``show(page)``: open the page from disk (conftest's Chromium, skipped without it); no
    script error."""

    def _show(page: str) -> None:
        path = tmp_path / f"page{len(list(tmp_path.iterdir()))}.html"
        path.write_text(page, encoding="utf-8")
        driver.get(path.as_uri())

    yield _show
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == [], errors


def click(driver: Any, button: str) -> None:
    driver.find_element("id", f"btn-{button}").click()


# -- 1. symbols outside the BMP ----------------------------------------------------------------
ASTRAL = ["𝟙𝟚𝟛𝟜", "😀😁😂🤣"]


def astral(alphabet: str) -> Grid:
    """``SMALL`` written in ``alphabet``."""
    small = Grid.parse(SMALL)
    return Grid(small.box, small.values, alphabet)


@pytest.mark.parametrize("alphabet", ASTRAL)
def test_an_astral_alphabet_is_shipped_one_symbol_per_colour(alphabet: str) -> None:
    grid = astral(alphabet)
    assert str(grid).count(alphabet[0]) == 1
    data = read_page_data(visualize(grid, "naive"))
    assert data["alphabet"] == list(alphabet) and len(data["alphabet"]) == data["k"] == 4


@pytest.mark.parametrize("alphabet", ASTRAL)
def test_browser_an_astral_alphabet_shows_whole_symbols(
    driver: Any, show: Any, alphabet: str
) -> None:
    grid = astral(alphabet)
    page = visualize(grid, "naive")
    solution = read_page_data(page)["runs"][0]["solution"]
    show(page)
    start = driver.execute_script(
        "return Array.from(document.querySelectorAll('#run0 g.cell text')).map(t => t.textContent)"
    )
    assert start == [alphabet[c - 1] if c else "" for c in grid.values]
    click(driver, "end")
    cells = driver.execute_script(
        "return Array.from(document.querySelectorAll('#run0 g.cell text')).map(t => t.textContent)"
    )
    assert cells == [alphabet[c - 1] for c in solution]
    text = driver.find_element("tag name", "body").text
    assert not re.search("[\ud800-\udfff]", text)  # no lone UTF-16 half


# -- 2. standard output closed -----------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [["visualize", SMALL, "-o", "-"],
     ["visualize", "12....3.........", "-o", "-"]],
)  # fmt: skip
def test_a_closed_standard_output_is_one_line_no_traceback(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    """Started with ``>&-``, Python has no ``sys.stdout``: the page cannot be written, said
    in one line as for a full disk (exit 2; it went nowhere, exit 0, until the session of
    2026-11-28 made every command say it), never a traceback."""
    monkeypatch.setattr(sys, "stdout", None)
    assert main([a.format(tmp=tmp_path) for a in argv]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.endswith("cannot write to standard output: Bad file descriptor\n")


def test_a_closed_standard_output_from_a_shell(tmp_path: Path) -> None:
    cmd = f"{shlex.quote(sys.executable)} -m sudograph visualize {SMALL} -o - >&-"
    done = subprocess.run(cmd, shell=True, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == "sudograph: error: cannot write to standard output: Bad file descriptor\n"


# -- 3. the house kernel's figure in the docs --------------------------------------------------
def test_the_docs_give_the_kernels_count_on_an_empty_16x16() -> None:
    grid = Grid.parse("." * 256)
    kernel = solve(grid).stats
    if kernel.engine != "houses":
        pytest.skip(f"the house kernel did not run (engine {kernel.engine!r}: no numba?)")
    traced = solve(grid, "propagate", engine="python").stats
    m = re.search(r"on an empty 16×16, (\d+) nodes and (\d+) deductions against the traced "
                  r"search's (\d+) nodes and (\d+) deductions", docs_text())  # fmt: skip
    assert m is not None
    assert [int(g) for g in m.groups()] == [
        kernel.nodes,
        kernel.deductions,
        traced.nodes,
        traced.deductions,
    ]


# -- 4. an output path that names a folder, or none --------------------------------------------
@pytest.mark.parametrize(
    ("trace", "message"),
    [("{tmp}/t.svg/", "{tmp}/t.svg/: ends with /, which names a folder: give a file name"),
     ("", "--trace needs a file or folder name, got ''")],
)  # fmt: skip
def test_draw_refuses_a_trace_path_naming_a_folder(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    trace: str,
    message: str,
) -> None:
    from sudograph import render

    def searched(*args: object, **kwargs: object) -> None:
        pytest.fail("the search ran before the bad argument was reported")

    monkeypatch.setattr(render, "trace_states", searched)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "draw", HARD, "--trace", trace.format(tmp=tmp_path), "--svg",
                         "x.svg")  # fmt: skip
    assert (code, out) == (2, "")
    tail = " (see sudograph draw --help)" if message.startswith("-") else ""
    assert err == f"sudograph: error: {message.format(tmp=tmp_path)}{tail}\n"
    assert list(tmp_path.iterdir()) == []


# -- 5. a graph's colours are numbers ----------------------------------------------------------
def clique(n: int) -> Graph:
    return Graph.from_edges(n, [(u, v) for u in range(n) for v in range(u + 1, n)])


@pytest.mark.parametrize("k", [3, 10, 11, 17])
def test_a_graph_page_writes_its_colours_as_numbers(k: int) -> None:
    data = read_page_data(visualize(clique(k), "dsatur", k=k))
    assert data["side"] == 0 and data["alphabet"] == [str(c) for c in range(1, k + 1)]


def test_browser_a_graph_of_eleven_colours_shows_10_and_11(driver: Any, show: Any) -> None:
    graph = clique(11)
    t = trace_run(Problem(graph, 11), "naive")
    step = next(
        i for i, e in enumerate(t.events, 1) if (e.kind, e.vertex, e.colour) == ("try", 10, 11)
    )
    show(visualize(graph, "naive", k=11))
    driver.execute_script(  # the slider, as a user drags it
        "const s = document.getElementById('seek'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input'));",
        step - 1,
    )
    cands = driver.find_element("css selector", '#run0 [data-field="candidates"]')
    assert cands.text == "vertex 10: 11" and cands.get_attribute("data-values") == "11"
    click(driver, "step")
    event = driver.find_element("css selector", '#run0 [data-field="event"]').text
    assert event == "try vertex 10 = 11"
    click(driver, "end")
    final = driver.find_element("css selector", '#run0 [data-field="candidates"]').text
    assert "A" not in final and "B" not in final


# -- 6. a problem keeps its grid ---------------------------------------------------------------
VIEW = ("name", "n", "k", "side", "box", "regions", "shaded", "cages", "pre", "vertex_labels",
        "edges", "pos")  # fmt: skip


@pytest.mark.parametrize("name", sorted(p.stem for p in VARIANTS.glob("*.txt")))
def test_a_variant_problem_is_drawn_as_its_grid(name: str) -> None:
    grid = read_variant_puzzle((VARIANTS / f"{name}.txt").read_text(encoding="utf-8"))
    assert grid_of(grid.problem) == grid
    caps: dict[str, Any] = {"max_steps": 30, "max_nodes": 30}
    want = read_page_data(visualize(grid, "naive", **caps))
    assert want["side"] == grid.n
    for page in (
        visualize(grid.problem, "naive", **caps),
        trace_run(grid.problem, "naive", **caps).page(),
        trace_run(grid, "naive", **caps).page(),
    ):
        data = read_page_data(page)
        assert {key: data[key] for key in VIEW} == {key: want[key] for key in VIEW}


@pytest.mark.parametrize("box", [(1, 4), (4, 1), (2, 3), (3, 2), (2, 4), (4, 2), (1, 6)])
@pytest.mark.parametrize("variant", [None, "x", "anti-knight", "x+anti-king"])
def test_grid_of_reads_back_the_box_shape(box: tuple[int, int], variant: str | None) -> None:
    """Boxes 3x2 are not regions of a jigsaw on 2x3 boxes (nor 1x4 rows on 2x2 boxes)."""
    n = box[0] * box[1]
    grid = Grid(box, (1,) + (0,) * (n * n - 1), variant=variant)
    assert grid_of(grid.problem) == grid


def test_a_traced_grid_keeps_its_symbols() -> None:
    grid = Grid.parse("....α..β..γ..δ..", alphabet="αβγδ")
    t = trace_run(grid, "naive")
    assert t.grid == grid and t.problem == grid.problem
    assert read_page_data(t.page())["alphabet"] == list("αβγδ")
    assert read_page_data(html.unescape(t._repr_html_()))["alphabet"] == list("αβγδ")
    # a Problem keeps no symbols: its grid is read back in the default ones
    assert read_page_data(trace_run(grid.problem, "naive").page())["alphabet"] == list("1234")


@pytest.mark.parametrize(
    "problem",
    [Problem(petersen_graph(), 3), Problem(sudoku_graph(2), 5), Problem(clique(4), 4),
     Problem(Graph.from_edges(16, [(0, 1)]), 4)],
    ids=["petersen", "k-not-N", "clique", "sixteen"],
)  # fmt: skip
def test_grid_of_is_none_for_other_problems(problem: Problem) -> None:
    assert grid_of(problem) is None


# -- 7. a folder of frames holds the last run's only -------------------------------------------
def test_draw_trace_folder_drops_an_earlier_runs_frames(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "ff"
    run(capsys, "draw", HARD, "--trace", str(folder), "--max-frames", "30")
    assert len(list(folder.glob("frame-*.svg"))) == 30
    (folder / "notes.txt").write_text("mine\n")
    (folder / "frame-x.svg").write_text("mine\n")
    code, _, _ = run(capsys, "draw", "....2..3.41..2..", "--trace", str(folder), "--max-frames",
                     "10")  # fmt: skip
    assert code == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"frame-{i:04d}.svg" for i in range(1, 11)] + ["frame-x.svg", "notes.txt"]
    last = (folder / "frame-0010.svg").read_text(encoding="utf-8")
    assert "solved after" in last


# -- 8. the layout of large graphs -------------------------------------------------------------
@pytest.mark.parametrize(("n", "iterations"), [(10, 80), (1250, 80), (2000, 50), (10_000, 10)])
def test_the_force_layout_runs_fewer_iterations_on_large_graphs(n: int, iterations: int) -> None:
    assert force_iterations(n) == iterations


@pytest.mark.alone
def test_a_graph_above_force_max_is_put_on_a_lattice() -> None:
    graph = Graph.from_edges(FORCE_MAX + 1, [(0, 1), (1, 2)])
    start = time.perf_counter()
    pos = layout_for(graph)
    assert time.perf_counter() - start < 5
    assert pos == lattice_layout(graph) and len(set(pos)) == graph.n
    assert all(0.0 <= x <= 1.0 and 0.0 <= y <= 1.0 for x, y in pos)


def test_the_force_layout_does_not_crowd_a_large_graph(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pull to the centre was 0.5 whatever n: a 2,000-vertex path filled a square of side
    0.54 (0.70 for 500 vertices), more vertices in each cell of the repulsion grid, so more
    time an iteration. The raw positions (before they are fitted to the square) now spread
    over a square of side above 0.6."""
    graph = Graph.from_edges(2000, [(i, i + 1) for i in range(1999)])
    raw: list[list[tuple[float, float]]] = []
    fit = visualize_module._fit

    def spy(pos: Any, margin: float = 0.05) -> Any:
        raw.append(list(pos))
        return fit(pos, margin)

    monkeypatch.setattr(visualize_module, "_fit", spy)
    visualize_module.force_layout(graph)
    xs = [x for x, _ in raw[0]]
    ys = [y for _, y in raw[0]]
    assert min(max(xs) - min(xs), max(ys) - min(ys)) > 0.6


@pytest.mark.alone
def test_a_20000_vertex_graph_makes_a_page_saying_how_it_is_laid_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    col = tmp_path / "big.col"
    col.write_text("p edge 20000 1\ne 1 2\n")
    out = tmp_path / "big.html"
    start = time.perf_counter()
    code, _, err = run(capsys, "visualize", str(col), "-k", "2", "--max-steps", "100", "-o",
                       str(out))  # fmt: skip
    assert code == 0 and time.perf_counter() - start < 60
    assert err == ("sudograph: 20,000 vertices: the graph view puts them on a lattice in "
                   "breadth-first order (the force layout takes up to 10,000)\n")  # fmt: skip
    assert len(read_page_data(out.read_text(encoding="utf-8"))["pos"]) == 20_000


def test_the_docs_say_what_the_layout_costs() -> None:
    text = docs_text()
    assert "Above 10,000 vertices the graph view is a lattice" in text
    assert "`--timeout` bounds each search only" in text


# -- 9. draw: a trace cut short exits 1 --------------------------------------------------------
@pytest.mark.parametrize("trace", ["t.svg", "frames"])
@pytest.mark.parametrize("svg", [[], ["--svg", "g.svg"]])
def test_draw_of_a_trace_cut_short_exits_1(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    trace: str,
    svg: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "draw", HARD, "--trace", trace, "--max-nodes", "50", *svg)
    assert (code, out) == (1, "")
    assert err == (f"sudograph: {trace}: the search stopped (node limit) after 50 nodes: the "
                   "trace shows it up to there (--max-nodes 50, --timeout 30)\n")  # fmt: skip
    assert (tmp_path / trace).exists() and all((tmp_path / a).exists() for a in svg[1:])
    assert run(capsys, "draw", SMALL, "--trace", trace, *svg) == (0, "", "")  # a whole one


# -- 10. the hint for a file of several puzzles runs --------------------------------------------
@pytest.mark.parametrize(
    ("argv", "made"),
    [(["visualize", "{sample}", "-o", "x y.html", "-m", "dsatur"], "x y.html"),
     (["visualize", "-m", "naive", "{sample}", "--output", "v.html"], "v.html"),
     (["draw", "{sample}", "--svg", "g.svg", "-m", "naive"], "g.svg"),
     (["draw", "--png", "g.png", "{sample}"], "g.png"),
     (["draw", "--svg", "g.svg", "--", "-x.txt"], "g.svg")],  # sed took '-x.txt' for options
)  # fmt: skip
def test_the_hint_for_a_file_of_several_puzzles_is_a_command_that_works(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    made: str,
) -> None:
    if made.endswith(".png"):
        pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-x.txt").write_bytes(Path(SAMPLE).read_bytes())
    words = [a.format(sample=SAMPLE) for a in argv]
    code, _, err = run(capsys, *words)
    assert code == 2 and not (tmp_path / made).exists()
    hint = re.search(r"e\.g\. (sed -n 1p .*)\)$", err.strip())
    assert hint is not None, err
    command = hint[1].replace("| sudograph ", f"| {shlex.quote(sys.executable)} -m sudograph ")
    done = subprocess.run(command, shell=True, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / made).stat().st_size > 0


# -- 11. the names of sudoku:RxC's vertices -----------------------------------------------------
def test_sudoku_graph_vertices_are_named_as_cells_in_the_docs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sudograph.cli import cmd_visualize

    out = tmp_path / "s.html"
    assert run(capsys, "visualize", "sudoku:2x2", "-k", "4", "-o", str(out))[0] == 0
    data = read_page_data(out.read_text(encoding="utf-8"))
    assert data["side"] == 4 and data["vertex_labels"] is None  # cells: r1c1... by the page
    assert "`petersen` and `sudoku:RxC` from 0" not in docs_text()
    assert "and so are the vertices of `sudoku:RxC`" in docs_text()
    doc = " ".join((cmd_visualize.__doc__ or "").split())
    assert "``petersen`` and ``sudoku:RxC`` from 0" not in doc
    assert "its vertices are its cells (``r1c1``...)" in doc


# -- 12. the empty graph -----------------------------------------------------------------------
def test_the_empty_graph_has_chromatic_number_0_proven(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    col = tmp_path / "e.col"
    col.write_text("p edge 0 0\n")
    out = tmp_path / "e.html"
    code, _, err = run(capsys, "visualize", str(col), "-o", str(out))
    assert code == 0
    assert err == ("sudograph: k = 1: the graph has no vertices, its chromatic number is 0 "
                   "(proven); give -k K to choose\n")  # fmt: skip
    data = read_page_data(out.read_text(encoding="utf-8"))
    assert data["k_choice"] == {"k": 1, "proven": True, "lower": 0, "seconds": 10.0}


def test_browser_the_empty_graph_s_k_line(driver: Any, show: Any) -> None:
    show(visualize(Graph.from_edges(0, []), "dsatur"))
    note = driver.find_element("id", "k-note")
    assert note.text == "k = 1: the graph has no vertices, its chromatic number is 0 (proven)"
    assert "note" not in (note.get_attribute("class") or "").split()  # not the yellow one


# -- 13. draw -m -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [["petersen", "--svg", "p.svg", "-m", "dsatur"], [SMALL, "--svg", "g.svg", "-m", "naive"],
     [SMALL, "--trace", "t.svg", "-m", "mrv"]],
)  # fmt: skip
def test_draw_takes_m_for_method(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "draw", *argv) == (0, "", "")
    code, _, err = run(capsys, "draw", *argv[:-1], "bogus")
    assert code == 2 and "bogus" in err


# -- 14. the Python defaults, the seed ---------------------------------------------------------
@pytest.mark.parametrize(
    "graph", [petersen_graph(), (petersen_graph(), 3), sudoku_graph(2)],
    ids=["graph", "pair", "sudoku-graph"],
)  # fmt: skip
def test_visualize_traces_what_the_command_line_traces(graph: Any) -> None:
    """``dsatur`` for a graph, as ``sudograph visualize GRAPH``; ``naive`` for a puzzle."""
    assert [r["method"] for r in read_page_data(visualize(graph))["runs"]] == ["dsatur"]
    for puzzle in (Grid.parse(SMALL), Grid.parse(SMALL).problem):
        assert [r["method"] for r in read_page_data(visualize(puzzle))["runs"]] == ["naive"]


@pytest.mark.parametrize(
    "x", [Grid.parse(SMALL), petersen_graph(), Graph.from_edges(5, [(0, 1)])],
    ids=["grid", "petersen", "force"],
)  # fmt: skip
@pytest.mark.parametrize("seed", [-1, 1.5, None])
def test_a_bad_seed_is_refused_whatever_the_layout(x: Any, seed: Any, no_search: None) -> None:
    with pytest.raises(InvalidArgument, match="seed must be a whole number >= 0"):
        visualize(x, "dsatur", k=3 if isinstance(x, Graph) else None, seed=seed)


def test_a_bad_seed_is_refused_by_a_trace_s_page() -> None:
    t = trace_run(Grid.parse(SMALL), "naive")
    with pytest.raises(InvalidArgument, match="seed must be a whole number >= 0, got -1"):
        t.page(seed=-1)


# -- 15. -k above 64, counts grouped by thousands ----------------------------------------------
def test_k_above_64_is_told_as_the_other_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_search: None
) -> None:
    code, out, err = run(capsys, "visualize", "petersen", "-k", "65", "-o", str(tmp_path / "p"))
    assert (code, out) == (2, "")
    assert err == ("sudograph: error: -k: must be <= 64 (the most colours a traced search "
                   "takes), got 65 (see sudograph visualize --help)\n")  # fmt: skip


@pytest.mark.parametrize(("lang", "sep"), [("en", ","), ("fr", "\u202f")])
def test_browser_counts_are_grouped_by_thousands(
    driver: Any, show: Any, lang: str, sep: str
) -> None:
    page = visualize(Grid.parse(HARD), "naive", max_nodes=2000, max_steps=15000, lang=lang)
    total = read_page_data(page)["runs"][0]["total_events"]
    assert total > 15000
    show(page)
    click(driver, "end")
    label = driver.find_element("id", "step-label").text
    assert label.endswith(f"15{sep}000 / 15{sep}000")
    final = driver.find_element("css selector", '#run0 [data-field="final"]').text
    assert f" 2{sep}000, " in final
    note = driver.find_element("id", "cap-note").text
    assert f"{total:,}".replace(",", sep) in note
    nodes = driver.find_element("css selector", '#run0 [data-counter="nodes"]')
    value = int(nodes.get_attribute("data-value") or -1)
    assert value > 999 and nodes.text == f"{value:,}".replace(",", sep)
