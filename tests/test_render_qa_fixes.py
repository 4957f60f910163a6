"""Faults of ``bench``, ``draw``, ``show``, ``info``, ``warmup`` and the pictures found by a QA
pass: sets of one file name pooled, a trace without a time limit, seed 002's plot on ties, picture
files named for another format, 16 fills for any number of colours, edges dropped past 20,000
without a word, a graph's name not escaped in HTML, ``warmup`` without numba, a warm-up of the
first shape only, untraceable methods traced, options that did nothing, messages that named
Python parameters or said ``1 clues``, bad picture sizes."""

from __future__ import annotations

import json
import math
import re
import sys
import warnings
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from sudograph import bench, render
from sudograph.bench import PuzzleSet, Run, run_bench, set_names, summarize
from sudograph.cli import main
from sudograph.errors import InvalidArgument, install_hint
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.problem import Result, Stats

ROOT = Path(__file__).parent.parent
DATA = ROOT / "tests" / "data"
SVG = "{http://www.w3.org/2000/svg}"
A4, B4, C4 = "1.3.....2...4..1", "...3.2.1...4.1.2", "....2..3.41..2.."
UNSAT4 = "12....3........."  # no clash, no solution
NINE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
ULTRA = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def write(path: Path, *lines: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"{ln}\n" for ln in lines))
    return str(path)


def one_error(err: str) -> str:
    """The one line of an error on standard error (and no other)."""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("sudograph: error: ")
    return lines[0].removeprefix("sudograph: error: ")


# -- 1. sets of one file name ------------------------------------------------------------------
def test_bench_tells_apart_two_files_of_one_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = write(tmp_path / "a" / "x.txt", A4, B4)
    b = write(tmp_path / "b" / "x.txt", A4, B4, C4)
    plot = tmp_path / "p.svg"
    code, out, _ = run(capsys, "bench", a, b, "--methods", "propagate,mrv", "--json",
                       "--plot", str(plot))  # fmt: skip
    assert code == 0
    rows = [(r["method"], r["set"], r["total"]) for r in json.loads(out)]
    assert rows == [("propagate", "a/x.txt", 2), ("mrv", "a/x.txt", 2),
                    ("propagate", "b/x.txt", 3), ("mrv", "b/x.txt", 3)]  # fmt: skip


@pytest.mark.parametrize("twice", ["{a}", "{dir}/a/../a/x.txt"])
def test_bench_refuses_a_file_given_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], twice: str
) -> None:
    a = write(tmp_path / "a" / "x.txt", A4, B4)
    code, out, err = run(capsys, "bench", a, twice.format(a=a, dir=tmp_path), "--methods", "mrv")
    assert code == 2 and out == ""
    assert "given twice" in one_error(err)


def test_set_names_are_the_shortest_distinguishing_ends() -> None:
    assert set_names(["a/x.txt", "b/x.txt", "y.txt"]) == ["a/x.txt", "b/x.txt", "y.txt"]
    assert set_names(["p/a/x.txt", "q/a/x.txt"]) == ["p/a/x.txt", "q/a/x.txt"]
    assert set_names(["-", "x.txt"]) == ["stdin", "x.txt"]


def test_run_bench_refuses_two_sets_of_one_name() -> None:
    s = PuzzleSet("x.txt", (Grid.parse(A4),))
    with pytest.raises(InvalidArgument, match=r"set x\.txt given twice"):
        run_bench([s, replace(s, grids=(Grid.parse(B4),))], ["mrv"])


def test_plot_runs_draws_a_line_per_method_and_set_without_zigzag() -> None:
    from sudograph.plot import plot_runs

    sets = [PuzzleSet("a/x.txt", (Grid.parse(A4), Grid.parse(B4))),
            PuzzleSet("b/x.txt", (Grid.parse(A4), Grid.parse(B4), Grid.parse(C4)))]  # fmt: skip
    ax = plot_runs(run_bench(sets, ["naive", "mrv"], warmup=False))
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == [
        "naive (a/x.txt)", "naive (b/x.txt)", "mrv (a/x.txt)", "mrv (b/x.txt)"
    ]  # fmt: skip
    for line in lines:  # each puzzle once, left to right
        xs = list(line.get_xdata())
        assert xs == sorted(set(xs))
    assert sorted(x for line in lines[:2] for x in line.get_xdata()) == [0, 1, 2, 3, 4]


# -- 2. draw --trace --timeout -----------------------------------------------------------------
def test_draw_trace_stops_at_the_timeout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_svg = tmp_path / "t.svg"
    code, out, err = run(capsys, "draw", ULTRA, "--trace", str(out_svg), "--max-nodes",
                         "100000000", "--timeout", "0.3", "--max-frames", "5")  # fmt: skip
    assert code == 1 and out == ""  # an answer cut short (README), the trace drawn
    assert "stopped (time limit) after" in err and "--timeout 0.3" in err
    captions = [t.text for t in ET.parse(out_svg).iter(f"{SVG}text") if t.get("class") == "caption"]
    assert captions[-1] is not None and captions[-1].startswith("stopped (time limit) after")


def test_trace_states_takes_a_timeout() -> None:
    frames = render.trace_states(Grid.parse(ULTRA), "naive", max_nodes=None, timeout=0.05)
    assert frames[-1].kind == "stopped" and "time limit" in frames[-1].caption


# -- 3. seed 002's plot -------------------------------------------------------------------------
def test_plot_seed002_comparison_takes_runs_of_one_level_twice() -> None:
    from sudograph.plot import plot_seed002_comparison

    runs = [Run("seed002", i % 7, 30, "naive", "solved", "", 5 + i, 1, 0, 0.01) for i in range(14)]
    _, ax_nodes = plot_seed002_comparison(runs)  # was: '<' between two Runs
    assert len(ax_nodes.get_lines()) == 1


def test_seed002_runs_refuses_a_method_given_twice() -> None:
    from sudograph.plot import seed002_runs

    with pytest.raises(InvalidArgument, match="propagate given twice"):
        seed002_runs(("propagate", "propagate"), limit_seconds=0.05, warmup=False)


def test_plot_seed002_comparison_refuses_no_runs() -> None:
    from sudograph.plot import plot_seed002_comparison

    with pytest.raises(InvalidArgument, match="no runs to plot"):
        plot_seed002_comparison([])


# -- 4. show: the file named for its format ----------------------------------------------------
@pytest.mark.parametrize(
    ("option", "name", "message"),
    [
        ("--png", "out.svg", "--png writes PNG: name the file .png, got '{path}'"),
        ("--svg", "out.png", "--svg writes SVG: name the file .svg, got '{path}'"),
        ("--png", "out.jpg", "--png writes PNG: name the file .png, got '{path}'"),
    ],
)
def test_show_refuses_a_picture_named_for_another_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, name: str, message: str
) -> None:
    path = tmp_path / name
    code, out, err = run(capsys, "show", A4, option, str(path))
    assert code == 2 and out == "" and not path.exists()
    assert one_error(err) == message.format(path=path) + " (see sudograph show --help)"


# -- 5. a fill per colour ----------------------------------------------------------------------
def sudoku_solution(b: int) -> list[int]:
    n = b * b
    return [(b * (r % b) + r // b + c) % n + 1 for r in range(n) for c in range(n)]


@pytest.mark.parametrize("b", [4, 5, 6])
def test_a_proper_colouring_shows_every_colour_in_a_fill_of_its_own(b: int) -> None:
    graph, coloring = sudoku_graph(b), sudoku_solution(b)
    assert all(coloring[u] != coloring[v] for u, v in graph.edges())  # a proper colouring
    circles = list(ET.fromstring(render.graph_svg(graph, coloring)).iter(f"{SVG}circle"))
    fills = [c.get("fill") for c in circles]
    assert len(set(fills)) == b * b
    assert all(fills[u] != fills[v] for u, v in graph.edges())


def test_fills_keep_the_palette_and_differ_up_to_64() -> None:
    assert [render.colour_of(c) for c in range(1, 17)] == list(render.PALETTE)
    assert render.colour_of(1) == "#e41a1c" and render.colour_of(16) == "#b3b3b3"
    fills = [render.colour_of(c) for c in range(1, 65)]
    assert len(set(fills)) == 64 and "#ffffff" not in fills
    assert all(re.fullmatch(r"#[0-9a-f]{6}", f) for f in fills)


# -- 6. every edge drawn, up to a cap that says so ---------------------------------------------
def test_draw_shows_every_box_edge_of_a_36x36_sudoku(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s36.svg"
    code, _, err = run(capsys, "draw", "sudoku:6x6", "--no-color", "--svg", str(path))
    assert code == 0 and err == ""
    assert path.read_text().count("<line") == 36 * (36 * 35 // 2)  # 22,680


def test_graph_svg_says_when_the_cap_left_edges_out() -> None:
    with pytest.warns(render.EdgesCapped, match="10 of the graph's 15 edges drawn"):
        svg = render.graph_svg(petersen_graph(), max_edges=10)
    root = ET.fromstring(svg)
    assert len(list(root.iter(f"{SVG}line"))) == 10
    notes = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "note"]
    assert notes == ["10 of the graph's 15 edges drawn (max_edges=10)"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning under the cap
        assert "note" not in render.graph_svg(petersen_graph(), max_edges=15)


@pytest.mark.parametrize("suffix", ["svg", "png"])
def test_draw_warns_when_the_cap_left_edges_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    suffix: str,
) -> None:  # fmt: skip
    monkeypatch.setattr(render, "MAX_EDGES", 10)
    path = tmp_path / f"s.{suffix}"
    code, _, err = run(capsys, "draw", "sudoku:2x2", "--no-color", f"--{suffix}", str(path))
    assert code == 0 and path.exists()
    assert err == f"sudograph: warning: {path}: 10 of the graph's 24 edges drawn (max_edges=10)\n"


# -- 7. a graph's name in HTML -----------------------------------------------------------------
def test_graph_repr_html_escapes_its_name(tmp_path: Path) -> None:
    from sudograph.formats.dimacs import read_dimacs

    path = tmp_path / "a<b&c.col"
    path.write_text("p edge 3 2\ne 1 2\ne 2 3\n")
    for graph in (read_dimacs(path), Graph.from_edges(2, [(0, 1)], name="a<b&c")):
        assert graph.name == "a<b&c"
        root = ET.fromstring(f"<root>{graph._repr_html_()}</root>")  # well-formed
        assert "a<b&c" in "".join(root.itertext())


# -- 8. warmup without numba -------------------------------------------------------------------
@pytest.mark.parametrize("argv", [["warmup"], ["warmup", "--json"]])
@pytest.mark.parametrize("cached", [False, True], ids=["found-not", "found-yet-broken"])
def test_warmup_without_numba_says_which_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str],
    cached: bool,
) -> None:  # fmt: skip
    """As on an install without the ``fast`` extra: numba cannot be imported, the kernel
    modules were never imported; ``found-yet-broken``: numba is found but does not import."""
    from sudograph import engine

    monkeypatch.setitem(sys.modules, "numba", None)
    for name in [m for m in sys.modules if m.startswith("sudograph.engine.")]:
        monkeypatch.delitem(sys.modules, name)
    if not cached:
        monkeypatch.setattr(engine, "numba_available", lambda: False)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert one_error(err) == f"this needs the optional dependency 'numba': {install_hint('fast')}"


# -- 9. warm-up per method and grid shape ------------------------------------------------------
def test_run_bench_warms_up_each_method_on_each_grid_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, tuple[int, int]]] = []
    real = bench.warm_up

    def spy(grid: Grid, method: str, **kw: Any) -> Run:
        calls.append((method, grid.box))
        return real(grid, method, **kw)

    monkeypatch.setattr(bench, "warm_up", spy)
    six = Grid.parse("1..4..4..1..2..5..5..2..3..6..6..3..", box=(2, 3))
    sets = [PuzzleSet("nine", (Grid.parse(NINE),)),
            PuzzleSet("four", (Grid.parse(A4), Grid.parse(B4))),
            PuzzleSet("mixed", (Grid.parse(C4), six, Grid.parse(NINE)))]  # fmt: skip
    runs = run_bench(sets, ["mrv", "propagate"])
    assert calls == [("mrv", (3, 3)), ("propagate", (3, 3)), ("mrv", (2, 2)),
                     ("propagate", (2, 2)), ("mrv", (2, 3)), ("propagate", (2, 3))]  # fmt: skip
    assert len(runs) == 2 * 6
    calls.clear()
    run_bench(sets, ["mrv"], warmup=False)
    assert calls == []


# -- 10. traces of methods that emit none ------------------------------------------------------
@pytest.mark.parametrize("method", ["logic", "sat", "greedy", "greedy-mrv", "fast"])
def test_draw_trace_refuses_a_method_that_emits_no_trace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], method: str
) -> None:
    path = tmp_path / "t.svg"
    code, out, err = run(capsys, "draw", C4, "--trace", str(path), "--method", method)
    assert code == 2 and out == "" and not path.exists()
    assert one_error(err).startswith(f"--trace: method {method!r} cannot be traced (traceable: ")
    with pytest.raises(InvalidArgument, match="cannot be traced"):
        render.trace_states(Grid.parse(C4), method)


# -- 11. options that did nothing --------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["draw", A4, "--svg", "{d}/c.svg", "--colors", "2"],
         "--colors applies to a GRAPH; a puzzle has its own colours"),
        (["draw", "petersen", "--svg", "{d}/x.svg", "--no-color", "--colors", "3"],
         "--no-color draws the bare graph: --colors applies to colouring it (without --no-color)"),
        (["draw", "petersen", "--svg", "{d}/x.svg", "--no-color", "--method", "naive"],
         "--no-color draws the bare graph: --method applies to colouring it (without --no-color)"),
        (["draw", A4, "--svg", "{d}/x.svg", "--no-color", "--method", "mrv"],
         "--no-color draws the bare graph: --method applies to solving the puzzle (without "
         "--no-color) or to --trace"),
        (["draw", "petersen", "--svg", "{d}/x.svg", "--max-frames", "5"],
         "--max-frames applies to --trace (a puzzle's search drawn step by step)"),
        (["draw", A4, "--svg", "{d}/x.svg", "--max-nodes", "5", "--timeout", "2"],
         "--max-nodes, --timeout apply to --trace (a puzzle's search drawn step by step)"),
        (["draw", A4, "--trace", "{d}/t.svg", "--no-color"],
         "--no-color applies to the --png/--svg picture of the graph"),
        (["show", A4, "--svg", "{d}/a.svg", "--format", "line"],
         "--svg draws the grids: --format applies to printing them (without --svg/--png)"),
        (["show", A4, "--svg", "{d}/a.svg", "--json"],
         "--svg draws the grids: --json applies to printing them (without --svg/--png)"),
        (["show", A4, "--svg", ""], "--svg needs a file name, got ''"),
        (["show", A4, "--png", " "], "--png needs a file name, got ' '"),
        (["draw", A4, "--svg", ""], "--svg needs a file name, got ''"),
        (["bench", "{f}", "--plot", ""], "--plot needs a file name, got ''"),
        (["bench", "{f}", "--methods", "logic", "--engine", "numba"],
         "--engine numba: logic (python) runs on its own engine, not on numba"),
        (["bench", "{f}", "--methods", "logic,greedy", "--engine", "numba"],
         "--engine numba: logic (python), greedy (python) run on their own engine, not on numba"),
        (["bench", "{f}", "--methods", "fast", "--engine", "python"],
         "--engine python: fast (numba) runs on its own engine, not on python"),
    ],
)  # fmt: skip
def test_options_that_would_do_nothing_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    argv: list[str], message: str,
) -> None:  # fmt: skip
    f = write(tmp_path / "p.txt", A4)

    def no_solve(*a: Any, **k: Any) -> Any:
        raise AssertionError("solved before refusing the options")

    monkeypatch.setattr(sys.modules["sudograph.solve"], "solve", no_solve)
    monkeypatch.setattr("sudograph.cli.cmd_bench.run_bench", no_solve)
    args = [a.format(d=tmp_path, f=f) for a in argv]
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert one_error(err) == f"{message} (see sudograph {args[0]} --help)"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.txt"]  # nothing drawn


def test_bench_says_which_methods_keep_their_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("numba")
    f = write(tmp_path / "p.txt", A4)
    code, out, err = run(capsys, "bench", f, "--methods", "naive,logic", "--engine", "numba",
                         "--json")  # fmt: skip
    assert code == 0 and len(json.loads(out)) == 2
    assert (
        err == "sudograph: --engine numba applies to naive; logic (python) runs on its own engine\n"
    )


# -- 12. messages ------------------------------------------------------------------------------
@pytest.mark.parametrize(("frames", "ok"), [("1", False), ("0", False), ("2", True)])
def test_draw_max_frames_says_its_real_minimum(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], frames: str, ok: bool
) -> None:
    code, _, err = run(capsys, "draw", C4, "--trace", str(tmp_path / "t.svg"),
                       "--max-frames", frames)  # fmt: skip
    if ok:
        assert code == 0 and len(render.trace_states(Grid.parse(C4), max_frames=2)) == 2
    else:
        assert code == 2 and one_error(err) == (
            f"--max-frames: must be >= 2, got {frames} (see sudograph draw --help)"
        )


@pytest.mark.parametrize("extra", [[], ["--box", "2x3"], ["--json"]])
def test_info_reads_the_size_of_a_6x6_region_map(
    capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    code, out, err = run(capsys, "info", "--regions", str(DATA / "variants" / "jigsaw6.regions"),
                         *extra)  # fmt: skip
    assert code == 0 and err == ""
    assert "sudoku 6x6 jigsaw" in out and ("vertices: 36" in out or '"vertices": 36' in out)


def test_bench_refuses_a_dimacs_graph_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DATA / "graphs" / "myciel3.col")
    code, out, err = run(capsys, "bench", path, "--methods", "mrv")
    assert code == 2 and out == ""
    assert one_error(err) == (
        f"{path}: a DIMACS graph (its 'p edge' line); bench takes puzzles, not graphs "
        "(colour a graph with sudograph color or chromatic)"
    )


@pytest.mark.parametrize(
    ("name", "same"),
    [("Petersen", "petersen"), ("PETERSEN", "petersen"), ("SUDOKU:2X2", "sudoku:2x2"),
     ("Sudoku:4", "sudoku:4")],
)  # fmt: skip
def test_graph_names_are_read_in_any_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, same: str
) -> None:
    pictures = []
    for arg in (name, same):
        path = tmp_path / f"{arg.replace(':', '_')}-{len(pictures)}.svg"
        code, _, err = run(capsys, "draw", arg, "--svg", str(path))
        assert code == 0 and err == ""
        pictures.append(path.read_text())
    assert pictures[0] == pictures[1]
    assert run(capsys, "info", name)[1] == run(capsys, "info", same)[1]
    for command, key in ((["color", "-k", "4"], "coloring"), (["chromatic"], "chromatic_number")):
        got = [run(capsys, command[0], arg, *command[1:], "--json") for arg in (name, same)]
        assert got[0][0] == 0 and got[1][0] == 0  # color and chromatic alike
        assert json.loads(got[0][1])[key] == json.loads(got[1][1])[key]
    pages = [tmp_path / f"v{i}.html" for i in range(2)]
    for arg, page in zip((name, same), pages, strict=True):
        assert run(capsys, "visualize", arg, "-o", str(page))[0] == 0
    assert pages[0].stat().st_size > 0


def test_bench_counts_unsatisfiable_and_stalled_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = write(tmp_path / "u.txt", UNSAT4, "." * 16)
    code, out, _ = run(capsys, "bench", f, "--methods", "propagate,logic")
    assert code == 0
    header, *rows = (re.split(r"\s{2,}", ln) for ln in out.splitlines())
    got = {r[0]: dict(zip(header, r, strict=True)) for r in rows}
    assert header[2:6] == ["solved", "stopped", "unsat", "stalled"]
    assert [got["propagate"][k] for k in header[2:6]] == ["1/2", "0", "1", "0"]
    assert [got["logic"][k] for k in header[2:6]] == ["0/2", "0", "1", "1"]  # a stall, no cap
    code, out, _ = run(capsys, "bench", f, "--methods", "logic", "--json")
    (row,) = json.loads(out)
    assert (row["stopped"], row["unsatisfiable"], row["stalled"]) == (0, 1, 1)


def test_summarize_counts_a_logic_stall_apart_from_the_caps() -> None:
    runs = [Run("s", i, 20, "logic", st, why, 0, 0, 0, 0.01) for i, (st, why) in enumerate(
        [("stopped", "logic stalled"), ("stopped", "time limit"), ("solved", ""),
         ("unsatisfiable", "logic found a contradiction")])]  # fmt: skip
    (row,) = summarize(runs)
    assert (row.solved, row.stopped, row.unsatisfiable, row.stalled) == (1, 1, 1, 1)
    assert row.solved + row.stopped + row.unsatisfiable + row.stalled == row.total


def test_plot_runs_marks_a_logic_stall_apart_from_a_cap() -> None:
    from sudograph.plot import plot_runs

    runs = [Run("s", 0, 20, "logic", "stopped", "logic stalled", 0, 0, 0, 0.01),
            Run("s", 1, 25, "logic", "solved", "", 0, 0, 0, 0.01)]  # fmt: skip
    ax = plot_runs(runs, metric="seconds")  # (logic makes no search nodes: no nodes drawn)
    (marks,) = ax.collections
    assert len(marks.get_offsets()) == 1 and len(marks.get_facecolors()) == 0  # hollow, no x
    assert ax.get_title().endswith("(x: stopped at the cap, o: logic stalled)")


def test_rich_table_shows_unsatisfiable_and_stalled() -> None:
    from rich.console import Console

    runs = [Run("s", 0, 20, "logic", "stopped", "logic stalled", 0, 0, 0, 0.01),
            Run("s", 1, 20, "logic", "unsatisfiable", "", 0, 0, 0, 0.01)]  # fmt: skip
    console = Console(record=True, width=120)
    for table in bench.rich_tables(summarize(runs)):
        console.print(table)
    text = console.export_text()
    assert "unsat" in text and "stall" in text


@pytest.mark.parametrize(
    ("result", "shown", "hidden"),
    [
        (Result("solved", [(1,)], method="fast", stats=Stats(nodes=3)), "3 nodes", "backtracks"),
        (Result("solved", [(1,)], method="naive", stats=Stats(nodes=3, backtracks=2)),
         "2 backtracks", None),
    ],
)  # fmt: skip
def test_result_summary_leaves_out_uncounted_backtracks(
    result: Result, shown: str, hidden: str | None
) -> None:
    for text in (result.summary(), result._repr_html_()):
        assert shown in text
        if hidden:
            assert hidden not in text


# -- 13. labels, plural, readable numbers ------------------------------------------------------
@pytest.mark.parametrize("colour", [[], ["--no-color"]])
def test_a_dimacs_graph_is_labelled_as_its_file_numbers_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], colour: list[str]
) -> None:
    path = tmp_path / "m.svg"
    code, _, _ = run(capsys, "draw", str(DATA / "graphs" / "myciel3.col"), "--svg", str(path),
                     *colour)  # fmt: skip
    assert code == 0
    labels = [t.text for t in ET.parse(path).iter(f"{SVG}text")]
    assert labels == [str(v) for v in range(1, 12)]  # the file's 1..11, not 0..10


@pytest.mark.parametrize(
    ("puzzle", "lines"),
    [
        ("1" + "." * 15, ["puzzle: 1 clue, 15 empty",
                          "  at 10^6 grids per second: 1,100 s = 0.012 days"]),
        ("1234341221434321", ["puzzle: 16 clues, 0 empty",
                              "  at 10^6 grids per second: 0.000001 s = 1.2e-11 days"]),
        ("1" + "." * 80, ["puzzle: 1 clue, 80 empty",
                          "  at 10^6 grids per second: 2.2e70 s = 2.5e65 days"]),
    ],
)  # fmt: skip
def test_info_writes_plural_and_readable_numbers(
    capsys: pytest.CaptureFixture[str], puzzle: str, lines: list[str]
) -> None:
    code, out, _ = run(capsys, "info", puzzle)
    assert code == 0
    for line in lines:
        assert line in out.splitlines()


def test_compare_docs_warm_up_claim_matches_run_bench() -> None:
    text = (ROOT / "docs" / "compare.md").read_text()
    assert "Each method first solves the first puzzle untimed" not in text
    assert "each method solves the first such grid untimed" in text


# -- 14. bad picture arguments -----------------------------------------------------------------
NAN, INF = float("nan"), float("inf")


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda d: render.graph_svg(petersen_graph(), size=-10), "size"),
        (lambda d: render.graph_svg(petersen_graph(), size=0), "size"),
        (lambda d: render.graph_svg(petersen_graph(), size=NAN), "size"),
        (lambda d: render.grid_svg(Grid.parse(A4), size=NAN), "size"),
        (lambda d: render.grid_svg(Grid.parse(A4), size=INF), "size"),
        (lambda d: render.save_grid(Grid.parse(A4), d / "z.png", size=0), "size"),
        (lambda d: render.save_grid(Grid.parse(A4), d / "z.svg", size=NAN), "size"),
        (lambda d: render.save_graph(petersen_graph(), d / "z.png", size=0), "size"),
        (lambda d: render.picture(petersen_graph(), size=-1), "size"),
        (lambda d: render.save_trace(d / "t.svg", Grid.parse(A4), interval_ms=0), "interval_ms"),
        (lambda d: render.save_trace(d / "t.gif", Grid.parse(A4), interval_ms=-5), "interval_ms"),
        (lambda d: render.save_trace(d / "t.svg", Grid.parse(A4), interval_ms=NAN),
         "interval_ms"),
        (lambda d: render.save_trace(d / "t", Grid.parse(A4), size=0), "size"),
        (lambda d: render.animated_svg(['<svg width="1" height="1"></svg>'], interval_ms=0),
         "interval_ms"),
    ],
)  # fmt: skip
def test_pictures_refuse_bad_sizes_and_durations(tmp_path: Path, call: Any, name: str) -> None:
    with pytest.raises(InvalidArgument, match=rf"^{name} must be a number >= 1, got "):
        call(tmp_path)
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_size_that_is_a_float_still_draws() -> None:
    svg = render.graph_svg(petersen_graph(), size=200.5)
    assert 'width="200.5"' in svg
    assert math.isclose(float(ET.fromstring(svg).get("width") or 0), 200.5)


@pytest.mark.parametrize(
    ("trace", "message"),
    [
        ("out.png", "trace picture format must be gif, svg or frames, got 'png'"),
        ("nodir/out.gif", "folder nodir does not exist"),
        ("nodir/out.svg", "folder nodir does not exist"),
        ("afile", "--trace afile: a folder of frames, and this is a file"),
    ],
)
def test_draw_trace_checks_its_output_before_the_search(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    trace: str,
    message: str,
) -> None:
    """A trace that could not be written is refused before the search (which may run for
    --timeout seconds), not found when the frames are saved after it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("x")

    def no_search(*args: object, **kwargs: object) -> object:
        raise AssertionError("searched before checking the output")

    monkeypatch.setattr(render, "trace_states", no_search)
    code, out, err = run(capsys, "draw", "1.3.....2...4..1", "--trace", trace)
    assert code == 2 and out == "" and message in err


def test_a_file_named_like_a_graph_is_read_as_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Petersen`` names the Petersen graph in any case, unless a file has that name: then
    it is the file (a puzzle here), as ``show`` reads it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "Petersen").write_text("1.3.....2...4..1\n")
    code, out, _ = run(capsys, "info", "Petersen")
    assert code == 0 and "clues" in out and "vertices: 10" not in out
    code, out, _ = run(capsys, "info", "petersen")
    assert code == 0 and "vertices: 10" in out


def test_info_groups_the_brute_force_count(capsys: pytest.CaptureFixture[str]) -> None:
    """The exact count of grids is grouped as the times beside it are (4,194,304, not
    4194304)."""
    code, out, _ = run(capsys, "info", "1.3.....2...4..1")
    assert code == 0 and "brute force: 4^11 = 4,194,304 grids" in out
