"""Faults of ``bench``, ``draw`` and ``visualize`` found by QA: a bad line of a bench file is
reported and skipped (exit 2 at the end), a method given twice is refused, ``--plot`` is
checked before any solve, ``bench --box``; ``draw`` exits 1 on a negative answer, refuses a
file of several puzzles (so does ``visualize``) and a file name that is not the format's."""

from __future__ import annotations

import importlib.util
import io
import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from sudograph.bench import PuzzleSet, load_set, run_bench
from sudograph.cli import main
from sudograph.errors import InvalidArgument, ParseError, install_hint
from sudograph.grid import Grid

A4, B4 = "1.3.....2...4..1", "...3.2.1...4.1.2"  # two 4x4 puzzles, one solution each
UNSAT4 = "12....3........."  # reads fine, no clash, no solution
CLASH4 = "11.............."
SIX_A = "1.....2.....3.....4.....5.....6....."  # 6x6 (2x3 boxes)
SIX_B = "......................4...........5."
BAD_X = "unknown character 'x' (expected one of 1234 or .0_- for empty)"
CLASH = "clashing clues: row 1: 1 at r1c1, r1c2; box 1: 1 at r1c1, r1c2"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, name: str, *lines: str) -> str:
    path = tmp_path / name
    path.write_text("".join(f"{ln}\n" for ln in lines))
    return str(path)


def feed_stdin(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    data = "".join(f"{ln}\n" for ln in lines).encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))


def no_bench(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any solve of the bench fail the test: the arguments must be refused before."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("bench solved a puzzle before refusing its arguments")

    monkeypatch.setattr("sudograph.cli.cmd_bench.run_bench", refuse)


# -- 1. bench: a bad line is reported, skipped, counted --------------------------------------
@pytest.mark.parametrize(
    ("lines", "errors"),
    [
        ([A4, "1.3.x...2...4..1", B4], [f"{{f}}:2:5: {BAD_X}"]),
        ([A4, CLASH4, B4], [f"{{f}}:2: {CLASH}"]),
        ([A4, "1.3.x...2...4..1", B4, CLASH4], [f"{{f}}:2:5: {BAD_X}", f"{{f}}:4: {CLASH}"]),
    ],
)
def test_bench_skips_bad_lines_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str], errors: list[str]
) -> None:
    f = write(tmp_path, "mix.txt", *lines)
    code, out, err = run(["bench", f, "--methods", "naive,mrv", "--json"], capsys)
    assert code == 2
    rows = json.loads(out)
    assert [(r["method"], r["set"], r["total"], r["solved"]) for r in rows] == [
        ("naive", "mix.txt", 2, 2),
        ("mrv", "mix.txt", 2, 2),
    ]
    skipped = len(errors)
    assert err.splitlines() == [
        *(f"sudograph: error: {e.format(f=f)}" for e in errors),
        f"sudograph: {f}: 2 puzzles benched, {skipped} bad line{'s' * (skipped > 1)} skipped",
    ]


def test_bench_table_is_printed_despite_a_bad_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = write(tmp_path, "mix.txt", A4, "1.3.x...2...4..1", B4)
    code, out, err = run(["bench", f, "--methods", "propagate"], capsys)
    assert code == 2
    header, row = out.splitlines()
    assert header.split()[:3] == ["method", "set", "solved"]
    assert row.split()[:4] == ["propagate", "mix.txt", "2/2", "0"]
    assert err == (
        f"sudograph: error: {f}:2:5: {BAD_X}\n"
        f"sudograph: {f}: 2 puzzles benched, 1 bad line skipped\n"
    )


def test_bench_good_file_beside_a_bad_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write(tmp_path, "good.txt", A4, B4)
    bad = write(tmp_path, "bad.txt", CLASH4, A4)
    code, out, err = run(["bench", good, bad, "--methods", "naive", "--json"], capsys)
    assert code == 2
    assert [(r["set"], r["total"]) for r in json.loads(out)] == [("good.txt", 2), ("bad.txt", 1)]
    assert err.splitlines() == [
        f"sudograph: error: {bad}:1: {CLASH}",
        f"sudograph: {bad}: 1 puzzle benched, 1 bad line skipped",
    ]


def test_bench_stdin_bad_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed_stdin(monkeypatch, A4, "1.3.x...2...4..1")
    code, out, err = run(["bench", "-", "--methods", "naive", "--json"], capsys)
    assert code == 2
    assert [(r["set"], r["total"], r["solved"]) for r in json.loads(out)] == [("stdin", 1, 1)]
    assert err.splitlines() == [
        f"sudograph: error: <stdin>:2:5: {BAD_X}",
        "sudograph: <stdin>: 1 puzzle benched, 1 bad line skipped",
    ]


def test_bench_every_line_bad(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "bad.txt", CLASH4)
    code, out, err = run(["bench", f, "--methods", "naive"], capsys)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"sudograph: error: {f}:1: {CLASH}",
        f"sudograph: {f}: 0 puzzles benched, 1 bad line skipped",
        "sudograph: error: no puzzle to bench: every puzzle read was bad",
    ]


def test_bench_first_counts_the_puzzles_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = write(tmp_path, "mix.txt", CLASH4, A4, B4)
    code, out, _ = run(["bench", f, "--methods", "naive", "--first", "1", "--json"], capsys)
    assert code == 2
    (row,) = json.loads(out)
    assert (row["total"], row["solved"]) == (1, 1)


def test_load_set_raises_a_located_clash_without_on_error(tmp_path: Path) -> None:
    f = write(tmp_path, "c.txt", A4, CLASH4)
    with pytest.raises(ParseError, match=f"^{re.escape(f)}:2: clashing clues"):
        load_set(f)
    assert load_set(f, on_error=lambda e: None).skipped == 1


# -- 2. bench: a method given twice ----------------------------------------------------------
@pytest.mark.parametrize(
    ("methods", "twice"),
    [("naive,naive", "naive"), ("naive,mrv,naive", "naive"), ("mrv, propagate,mrv", "mrv")],
)
def test_bench_refuses_a_method_given_twice(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    methods: str,
    twice: str,
) -> None:
    no_bench(monkeypatch)
    f = write(tmp_path, "p.txt", A4, B4)
    code, out, err = run(["bench", f, "--methods", methods], capsys)
    assert (code, out, err) == (
        2,
        "",
        f"sudograph: error: --methods: {twice} given twice (see sudograph bench --help)\n",
    )


def test_run_bench_refuses_a_method_given_twice() -> None:
    with pytest.raises(InvalidArgument, match=r"^method naive given twice$"):
        run_bench([PuzzleSet("s", (Grid.parse(A4),))], ["naive", "naive"])


# -- 3. bench --plot: checked before any solve -----------------------------------------------
@pytest.mark.parametrize(
    ("plot", "message"),
    [
        ("/nonexistent/dir/p.png", "--plot '/nonexistent/dir/p.png': no such folder "
         "'/nonexistent/dir'"),
        ("{tmp}/missing/p.svg", "--plot '{tmp}/missing/p.svg': no such folder '{tmp}/missing'"),
        ("{tmp}/dir.png", "--plot '{tmp}/dir.png' is a folder"),
        ("{tmp}/p.pdf", "--plot file must end in .png or .svg, got '{tmp}/p.pdf'"),
    ],
)  # fmt: skip
def test_bench_plot_checked_before_the_bench(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    plot: str,
    message: str,
) -> None:
    (tmp_path / "dir.png").mkdir()
    no_bench(monkeypatch)
    f = write(tmp_path, "p.txt", A4)
    argv = ["bench", f, "--methods", "naive", "--plot", plot.format(tmp=tmp_path)]
    code, out, err = run(argv, capsys)
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: {message.format(tmp=tmp_path)} (see sudograph bench --help)\n"


def test_bench_plot_without_matplotlib_is_refused_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    find_spec = importlib.util.find_spec

    def without_matplotlib(name: str, *args: Any) -> Any:
        return None if name == "matplotlib" else find_spec(name, *args)

    monkeypatch.setattr("importlib.util.find_spec", without_matplotlib)
    no_bench(monkeypatch)
    f = write(tmp_path, "p.txt", A4)
    code, out, err = run(["bench", f, "--plot", str(tmp_path / "p.png")], capsys)
    assert (code, out) == (2, "")
    assert err == (
        "sudograph: error: this needs the optional dependency 'matplotlib': "
        f"{install_hint('plot')}\n"
    )


# -- 4. bench --box --------------------------------------------------------------------------
def test_bench_box_reads_6x6_puzzles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "six.txt", SIX_A, SIX_B)
    code, out, err = run(["bench", f, "--box", "2x3", "--methods", "naive,mrv", "--json"], capsys)
    assert (code, err) == (0, "")
    rows = json.loads(out)
    assert [(r["method"], r["total"], r["solved"]) for r in rows] == [
        ("naive", 2, 2),
        ("mrv", 2, 2),
    ]


def test_bench_6x6_without_box_says_which_box(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = write(tmp_path, "six.txt", SIX_A)
    code, out, err = run(["bench", f, "--methods", "naive"], capsys)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"sudograph: error: {f}:1: side 6 is not a square: give the box shape (rows x columns), "
        "e.g. 2x3",
        f"sudograph: {f}: 0 puzzles benched, 1 bad line skipped",
        "sudograph: error: no puzzle to bench: every puzzle read was bad",
    ]


@pytest.mark.parametrize("box", ["2x", "0x3", "9x9"])
def test_bench_bad_box_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], box: str
) -> None:
    f = write(tmp_path, "six.txt", SIX_A)
    code, out, err = run(["bench", f, "--box", box], capsys)
    assert (code, out) == (2, "")
    assert "sudograph: error: --box: " in err


# -- 5. draw: a negative answer exits 1 ------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "name", "message"),
    [
        ([UNSAT4, "--png"], "x.png", "the puzzle has no solution: {out} not drawn"),
        ([UNSAT4, "--svg"], "x.svg", "the puzzle has no solution: {out} not drawn"),
        (["petersen", "--colors", "2", "--svg"], "x.svg",
         "the graph has no proper colouring with 2 colours: {out} not drawn"),
        (["sudoku:2x2", "--colors", "3", "--png"], "x.png",
         "the graph has no proper colouring with 3 colours: {out} not drawn"),
    ],
)  # fmt: skip
def test_draw_no_solution_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], name: str, message: str
) -> None:
    out_file = tmp_path / name
    code, out, err = run(["draw", *argv, str(out_file)], capsys)
    assert (code, out) == (1, "")
    assert err == f"sudograph: {message.format(out=out_file)}\n"
    assert not out_file.exists()


def test_draw_agrees_with_color_on_petersen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["color", "petersen", "-k", "2"], capsys)[0] == 1
    assert run(["draw", "petersen", "--colors", "2", "--svg", str(tmp_path / "p.svg")],
               capsys)[0] == 1  # fmt: skip
    assert run(["draw", "petersen", "--colors", "3", "--svg", str(tmp_path / "p.svg")],
               capsys)[:2] == (0, "")  # fmt: skip


@pytest.mark.parametrize("name", ["t.svg", "t.gif", "frames"])
def test_draw_trace_of_an_unsolvable_puzzle_is_written_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    if name.endswith(".gif"):
        pytest.importorskip("PIL")
        pytest.importorskip("matplotlib")
    trace = tmp_path / name
    code, out, err = run(["draw", UNSAT4, "--trace", str(trace)], capsys)
    assert (code, out) == (1, "")
    assert err == f"sudograph: the puzzle has no solution (the search is drawn in {trace})\n"
    assert trace.exists() and (trace.is_dir() or trace.stat().st_size > 0)


def test_draw_trace_and_svg_of_an_unsolvable_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trace, svg = tmp_path / "t.svg", tmp_path / "g.svg"
    code, out, err = run(["draw", UNSAT4, "--trace", str(trace), "--svg", str(svg)], capsys)
    assert (code, out) == (1, "")
    assert err == (
        f"sudograph: the puzzle has no solution: {svg} not drawn (the search is drawn in {trace})\n"
    )
    assert trace.exists() and not svg.exists()


def test_draw_a_clashing_puzzle_is_still_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["draw", CLASH4, "--svg", str(tmp_path / "x.svg")], capsys)
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: <puzzle>: {CLASH}\n"  # placed, as count places it


# -- 6. draw / visualize: a file of several puzzles ------------------------------------------
@pytest.mark.parametrize(
    ("command", "output"),
    [("draw", ["--png", "{tmp}/x.png"]), ("draw", ["--svg", "{tmp}/x.svg"]),
     ("visualize", ["-o", "{tmp}/v.html"])],
)  # fmt: skip
@pytest.mark.parametrize("lines", [[A4, B4], ["# two puzzles", A4, B4, UNSAT4]])
def test_a_file_of_several_puzzles_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    output: list[str],
    lines: list[str],
) -> None:
    f = write(tmp_path, "many.txt", *lines)
    options = [o.format(tmp=tmp_path) for o in output]
    code, out, err = run([command, f, *options], capsys)
    puzzles = len([ln for ln in lines if not ln.startswith("#")])
    first = 1 + lines[0].startswith("#")
    assert (code, out) == (2, "")
    assert err == (
        f"sudograph: error: {f} holds {puzzles} puzzles: {command} takes one (give one line, "
        f"e.g. sed -n {first}p {f} | sudograph {command} - {shlex.join(options)})\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many.txt"]


@pytest.mark.parametrize(
    ("command", "output"),
    [("draw", ["--svg", "{tmp}/x.svg"]), ("visualize", ["-o", "{tmp}/v.html"])],
)
def test_stdin_of_several_puzzles_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    output: list[str],
) -> None:
    feed_stdin(monkeypatch, A4, B4, A4)
    code, out, err = run([command, "-", *(o.format(tmp=tmp_path) for o in output)], capsys)
    assert (code, out) == (2, "")
    assert err == (
        f"sudograph: error: <stdin> holds 3 puzzles: {command} takes one "
        "(give one puzzle, inline or in a file of its own)\n"
    )


def test_a_file_of_boxed_grids_gets_no_sed_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    boxed = Grid.parse(A4).to_boxed() + "\n\n" + Grid.parse(B4).to_boxed() + "\n"
    (tmp_path / "boxed.txt").write_text(boxed)
    f = str(tmp_path / "boxed.txt")
    code, out, err = run(["draw", f, "--svg", str(tmp_path / "x.svg")], capsys)
    assert (code, out) == (2, "")
    assert err == (
        f"sudograph: error: {f} holds 2 puzzles: draw takes one "
        "(give one puzzle, inline or in a file of its own)\n"
    )


@pytest.mark.parametrize(
    ("command", "output"),
    [("draw", ["--svg", "{tmp}/x.svg"]), ("visualize", ["-o", "{tmp}/v.html"])],
)
def test_a_file_of_one_puzzle_is_fine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, output: list[str]
) -> None:
    f = write(tmp_path, "one.txt", "# one puzzle", A4)
    argv = [command, f, *(o.format(tmp=tmp_path) for o in output)]
    assert run(argv, capsys) == (0, "", "")
    assert len(list(tmp_path.iterdir())) == 2


# -- 7. draw: the file name says the format --------------------------------------------------
@pytest.mark.parametrize(
    ("option", "name"),
    [("--png", "x.svg"), ("--svg", "x.png"), ("--png", "x"), ("--svg", "x.svg.txt")],
)
def test_draw_refuses_a_name_of_another_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, name: str
) -> None:
    path = str(tmp_path / name)
    code, out, err = run(["draw", "petersen", option, path], capsys)
    fmt = option[2:]
    assert (code, out) == (2, "")
    assert err == (
        f"sudograph: error: {option} writes {fmt.upper()}: name the file .{fmt}, got {path!r} "
        "(see sudograph draw --help)\n"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("option", "name"), [("--png", "x.PNG"), ("--svg", "x.Svg")])
def test_draw_takes_the_suffix_in_any_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, name: str
) -> None:
    assert run(["draw", "petersen", option, str(tmp_path / name)], capsys) == (0, "", "")
    head = (tmp_path / name).read_bytes()[:8]
    assert head.startswith(b"\x89PNG") if option == "--png" else b"<" in head
