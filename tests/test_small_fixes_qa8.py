"""Items left alone by earlier notes, mended: a Variant of an empty or overlapping cage was
refused only when a grid was made of it; ``chromatic --progress`` began at ``0 <= chi`` on a
graph with an edge; a DIMACS comment longer than 64 KiB was refused as an over-long line; the
1×1 puzzle ``.`` is the current folder, and the error did not say how to write it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from sudograph.cli import main
from sudograph.errors import InvalidArgument, ParseError
from sudograph.formats.dimacs import MAX_DIMACS_LINE, read_dimacs
from sudograph.graph import petersen_graph
from sudograph.search.chromatic import AN_EDGE, chromatic_number
from sudograph.variants import Variant


@pytest.mark.parametrize(
    ("cages", "message"),
    [
        ([((), 3)], "cage 1 has no cells"),
        ([((0, 1), 3), ((1, 2), 5)], r"cage 2 \(cells 1, 2\): cell 1 is also in cage 1"),
        ([((0, 0), 3)], r"cage 1 \(cells 0, 0\): cell 0 is twice"),
        ([((-1, 2), 3)], r"cage 1 \(cells -1, 2\): cell -1 is negative"),
    ],
)
def test_a_cage_no_size_can_mend_is_refused_by_the_variant(
    cages: list[tuple[tuple[int, ...], int]], message: str
) -> None:
    with pytest.raises(InvalidArgument, match=message):
        Variant(["killer"], cages=cages)


def test_cage_checks_that_need_the_size_wait_for_it() -> None:
    v = Variant(["killer"], cages=[((0, 99), 300)])  # cell 99, sum 300: fine on some grid
    assert v.cages == (((0, 99), 300),)
    with pytest.raises(InvalidArgument, match=r"cell 99 out of range 0\.\.80"):
        v.check_fits((3, 3))


def test_chromatic_lower_bound_starts_at_two_on_a_graph_with_an_edge() -> None:
    lines: list[str] = []
    r = chromatic_number(petersen_graph(), progress=lambda b: lines.append(b.line()))
    assert r.chromatic_number == 3 and r.proven
    assert lines[0].endswith("2 <= chi <= 3 (dsatur)"), lines
    assert all(" 0 <= chi" not in line for line in lines)


def test_a_bipartite_graph_is_proven_by_its_edge_and_dsatur(tmp_path: Path) -> None:
    path = tmp_path / "path.col"
    path.write_text("p edge 4 3\ne 1 2\ne 2 3\ne 3 4\n")
    r = chromatic_number(read_dimacs(path))
    assert (r.chromatic_number, r.proven, r.lower_by, r.upper_by) == (2, True, AN_EDGE, "dsatur")


def test_a_long_dimacs_comment_is_read_past(tmp_path: Path) -> None:
    path = tmp_path / "long.col"
    long = "c " + "x" * (3 * MAX_DIMACS_LINE) + "\n"
    path.write_text(long + "p edge 3 2\n" + long + "e 1 2\ne 2 3\n")
    g = read_dimacs(path)
    assert (g.n, g.num_edges) == (3, 2)


@pytest.mark.parametrize(
    "head", [b"cfoo", b"\xef\xbb\xbfc ", b"  c\t"], ids=["no blank", "BOM", "indented"]
)
def test_any_long_comment_is_read_past_as_short_ones_are(head: bytes) -> None:
    import io

    text = head + b"x" * (MAX_DIMACS_LINE + 10) + b"\np edge 2 1\ne 1 2\n"
    g = read_dimacs(io.BytesIO(text), name="f.col")
    assert (g.n, g.num_edges) == (2, 1)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        # a file of lone-CR lines is one long "line" that starts as a comment
        (
            b"c hello\rp edge 9000 8999\r"
            + b"".join(b"e %d %d\r" % (i, i + 1) for i in range(1, 9000)),
            "1:8: lines end with a lone CR",
        ),
        (b"c " + b"x" * (MAX_DIMACS_LINE + 10) + b"\x00\np edge 2 1\n", "1:65549: binary data"),
    ],
    ids=["lone CR", "NUL past the first chunk"],
)
def test_a_long_comment_is_still_checked(text: bytes, where: str) -> None:
    import io

    with pytest.raises(ParseError, match=f"^f.col:{where}"):
        read_dimacs(io.BytesIO(text), name="f.col")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("p edge 2 1\ne 1 " + "2" * (MAX_DIMACS_LINE + 10) + "\n", 2),  # no comment
        ("x" + "x" * (MAX_DIMACS_LINE + 10) + "\n", 1),  # no comment: no 'c' first
    ],
)
def test_other_long_lines_are_still_refused(tmp_path: Path, text: str, line: int) -> None:
    path = tmp_path / "bad.col"
    path.write_text(text)
    with pytest.raises(ParseError, match=f"{line}: line longer than {MAX_DIMACS_LINE}"):
        read_dimacs(path)


def test_the_dot_puzzle_error_says_how_to_write_it(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["solve", "."]) == 2
    out, err = capfd.readouterr()
    assert (out, err) == (
        "",
        "sudograph: error: .: Is a directory (the empty 1x1 puzzle is written 0)\n",
    )
    assert main(["solve", "0", "--format", "line"]) == 0
    assert capfd.readouterr().out == "1\n"


# -- a docs QA pass: columns of a line read with blanks before it, method fast's engine ------

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
BAD = EASY[:5] + "?" + EASY[6:]  # '?' is the puzzle's 6th character


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (f"{BAD}\n", "1:6: unknown character '?'"),
        (f"   {BAD}\n", "1:9: unknown character '?'"),
        (f"\t{EASY} x\n", "1:84: unexpected 'x' after the grid"),
        ("  x\n", "1:3: unknown character 'x'"),
        (f"id,quizzes,solutions\n7,{BAD},x\n", "2:8: unknown character '?'"),
        (f'id,quizzes,solutions\n7, "{BAD}" ,x\n', "2:10: unknown character '?'"),
        ("id,quizzes\n  7,  \n", "2:5: empty column 2"),
    ],
)
def test_error_columns_count_the_blanks_before_the_puzzle(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, text: str, where: str
) -> None:
    path = tmp_path / ("f.csv" if "," in text else "f.txt")
    path.write_text(text)
    assert main(["check", str(path)]) == 2
    err = capfd.readouterr().err
    assert err.startswith(f"sudograph: error: {path}:{where}"), err
    # the batch mode (a file with -o, or of several puzzles) reads its lines itself
    path.write_text(text + EASY + "\n")
    assert main(["solve", str(path), "-o", str(tmp_path / "out.txt")]) == 2
    err = capfd.readouterr().err  # (a notice of the kernels' loading may come first)
    assert any(e.startswith(f"sudograph: error: {path}:{where}") for e in err.splitlines()), err


def test_method_fast_names_its_engine() -> None:
    from sudograph import Grid, solve

    assert solve(Grid.parse(EASY), "fast").stats.engine == "fast9"
    assert solve(Grid.parse(EASY)).stats.engine == "fast9"


# -- a QA pass of the pictures: draw --trace alone, visualize -o, maths in names, plurals ----

UNSAT = ".23456789" + "." * 9 + "1" + "." * 62  # r1c1 must be 1; column 1 holds one


def test_draw_trace_alone_solves_once(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trace's search is the answer: no second solve (it ran up to 30 s, ignoring the
    caps, and its reason was mixed into the message)."""
    from sudograph.cli import cmd_draw

    def refuse(*args: object) -> None:
        raise AssertionError("a second solve for no picture")

    monkeypatch.setattr(cmd_draw, "_solve_grid", refuse)
    out = tmp_path / "t.svg"
    assert main(["draw", EASY, "--trace", str(out), "--max-nodes", "3"]) == 1
    err = capfd.readouterr().err
    assert "stopped (node limit) after 3 nodes" in err and "time limit" not in err, err
    assert main(["draw", EASY, "--trace", str(out)]) == 0 and out.stat().st_size
    assert main(["draw", UNSAT, "--trace", str(out)]) == 1
    assert capfd.readouterr().err == (
        f"sudograph: the puzzle has no solution (the search is drawn in {out})\n"
    )


@pytest.mark.parametrize("name", ["page.png", "page.SVG", "page.json", "page.txt"])
def test_visualize_refuses_another_formats_name(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    assert main(["visualize", "....1..2..3..4..", "-o", str(tmp_path / name)]) == 2
    assert "-o writes an HTML page: name the file .html" in capfd.readouterr().err
    assert not (tmp_path / name).exists()


@pytest.mark.parametrize("name", ["page.html", "page.htm", "page"])
def test_visualize_takes_an_html_or_plain_name(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    assert main(["visualize", "....1..2..3..4..", "-o", str(tmp_path / name)]) == 0
    assert (tmp_path / name).read_text().lstrip().lower().startswith("<!doctype html")


def test_dollars_in_names_are_drawn_as_they_are(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    from sudograph.graph import Graph
    from sudograph.plot import plot_success_rates, save_plot
    from sudograph.render import save_graph

    bad = tmp_path / "a$\\und$.txt"
    bad.write_text(EASY + "\n")
    assert main(["bench", str(bad), "--methods", "naive", "--plot", str(tmp_path / "p.png")]) == 0
    assert (tmp_path / "p.png").stat().st_size
    save_plot(plot_success_rates({"$\\undefined$": 0.5}), tmp_path / "r.svg")
    assert (tmp_path / "r.svg").stat().st_size  # (it raised matplotlib's ValueError)
    g = Graph.from_edges(2, [(0, 1)], labels=["$\\undefinedcmd$", "b"])
    save_graph(g, tmp_path / "g.png", (1, 2))
    assert (tmp_path / "g.png").stat().st_size


def test_save_plot_names_an_unknown_format(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from sudograph.plot import plot_success_rates, save_plot

    with pytest.raises(InvalidArgument, match=r"x\.xyz: no picture format 'xyz'"):
        save_plot(plot_success_rates({"a": 0.5}), tmp_path / "x.xyz")
    assert not (tmp_path / "x.xyz").exists()


@pytest.mark.parametrize(
    ("nodes", "backtracks", "text"),
    [
        (1, 1, "1 node, 1 backtrack"),
        (2, 0, "2 nodes, 0 backtracks"),
        (0, 1, "0 nodes, 1 backtrack"),
    ],
)
def test_summary_counts_in_the_singular(nodes: int, backtracks: int, text: str) -> None:
    from sudograph.problem import Result, Stats

    r = Result("unsatisfiable", stats=Stats(nodes=nodes, backtracks=backtracks), method="naive")
    assert f": no solution found, {text}, " in r.summary()


def test_slow_pictures_are_announced(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A PNG of tens of thousands of pencil marks took minutes (an empty 64x64: 4), a GIF of
    a 36x36 search 2 s a frame, with no word: a note says so and what is faster (the
    thresholds lowered here, not the pictures enlarged)."""
    pytest.importorskip("matplotlib")
    from sudograph.cli import cmd_draw, cmd_show

    four = "1...." + "." * 11
    monkeypatch.setattr(cmd_show, "SLOW_PNG_MARKS", 20)
    assert main(["show", four, "--png", str(tmp_path / "a.png"), "--candidates"]) == 0
    note = "sudograph: note: 53 pencil marks may take minutes to draw as PNG; --svg draws them"
    assert note in capfd.readouterr().err
    assert main(["show", four, "--png", str(tmp_path / "a.png")]) == 0  # no marks: no note
    assert "note" not in capfd.readouterr().err
    monkeypatch.setattr(cmd_draw, "SLOW_GIF_CELLS", 16 * 9)
    assert main(["draw", four, "--trace", str(tmp_path / "t.gif"), "--max-frames", "10"]) == 0
    assert "note: a GIF of up to 10 frames of a 4x4 grid may take minutes" in capfd.readouterr().err
    assert main(["draw", four, "--trace", str(tmp_path / "t.gif"), "--max-frames", "9"]) == 0
    assert main(["draw", four, "--trace", str(tmp_path / "t.svg"), "--max-frames", "10"]) == 0
    assert "note" not in capfd.readouterr().err


# -- a QA pass of the variants at other sizes: messages ---------------------------------------


def test_an_impossible_killer_combination_is_named_whole(capfd: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--variant", "killer+anti-king", "--size", "4", "--seed", "1"]) == 2
    err = capfd.readouterr().err
    assert "variant 'anti-king+killer' has no solution on a 4x4 grid" in err, err


def test_other_tools_name_for_workers_is_pointed_at_ours(
    capfd: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", EASY, "--jobs", "2"]) == 2
    assert "(did you mean --workers?)" in capfd.readouterr().err
    assert main(["show", EASY, "--jobs", "2"]) == 2  # show has no --workers: no --json either
    err = capfd.readouterr().err
    assert "unrecognized arguments: --jobs 2 (see sudograph show --help)" in err, err


def test_a_clash_error_says_how_many_it_leaves_out(capfd: pytest.CaptureFixture[str]) -> None:
    from sudograph.errors import InvalidPuzzle
    from sudograph.grid import Grid

    x = Variant(["x"])
    with pytest.raises(InvalidPuzzle, match=r"r3c2 \(and 1 more\)$"):
        _ = Grid.parse("1234341221434321", variant=x).problem
    with pytest.raises(InvalidPuzzle, match=r"r1c1, r1c2$"):  # three or fewer: all named
        _ = Grid.parse("11" + "." * 14).problem
    assert main(["solve", "--variant", "x", "1234341221434321"]) == 2
    assert "(and 1 more)" in capfd.readouterr().err


# -- a QA pass of the Python API ---------------------------------------------------------------


@pytest.mark.alone
def test_the_twin_checks_its_solutions_within_the_timeout() -> None:
    """Every solution of an empty 6x6 listed by the twin was checked one by one after the
    search (2 s of checks for a timeout of 0.3 s): they are checked a buffer at a time, on
    the clock. ``keep`` above the kernel's buffer: every buffer drained and checked, 5,000
    stored. (Generous bound: this is about seconds, not milliseconds.)"""
    pytest.importorskip("numba")
    import time

    from sudograph import Grid, solve

    grid = Grid.empty((2, 3))
    solve(grid, "naive", engine="numba", timeout=0.05)  # the kernels loaded
    start = time.perf_counter()
    r = solve(grid, "naive", limit=None, engine="numba", timeout=0.3, keep=5000)
    assert r.reason == "time limit" and time.perf_counter() - start < 1.5
    assert len(r.solutions) == 5000 and r.count is not None and r.count > 5000


@pytest.mark.parametrize("keep", [0, 1, 5, 4096, 4097, 5000])
@pytest.mark.parametrize("limit", [3, 4097, 6000])
def test_the_twin_stores_no_more_than_keep(keep: int, limit: int) -> None:
    """With ``keep`` and a larger (or no) limit, the twin stored every solution it found
    and :func:`solve` threw the rest away (an empty 6x6, ``keep=0``, no limit, a timeout of
    0.3 s: 100,000 tuples made, 1.9 s under a loaded CI). It stores ``keep`` and counts the
    others: the same solutions, count and status as the reference engine."""
    pytest.importorskip("numba")
    from sudograph import Grid, solve

    grid = Grid.empty((2, 3))
    twin = solve(grid, "naive", limit=limit, engine="numba", keep=keep)
    ref = solve(grid, "naive", limit=limit, engine="python", keep=keep)
    assert (twin.status, twin.count, twin.solutions) == (ref.status, ref.count, ref.solutions)
    assert len(twin.solutions) == min(keep, limit) == len(twin.grids)
    assert twin.count == (None if keep >= limit else limit)


def test_the_twin_counts_what_it_does_not_store() -> None:
    """No limit, ``keep`` solutions stored: the count is every one found (all 288 of an empty
    4x4; the number found before a timeout on an empty 6x6, more than kept)."""
    pytest.importorskip("numba")
    from sudograph import Grid, solve

    r = solve(Grid.empty(2), "naive", limit=None, engine="numba", keep=2)
    assert (r.count, r.complete, len(r.solutions)) == (288, True, 2)
    r = solve(Grid.empty((2, 3)), "naive", limit=None, engine="numba", keep=0, timeout=0.2)
    assert r.reason == "time limit" and r.solutions == [] and r.count is not None
    assert r.count > 4096 and not r.complete


def test_the_buffer_check_finds_a_bad_row() -> None:
    np = pytest.importorskip("numpy")
    from sudograph.engine.twin import first_bad_row
    from sudograph.grid import Grid

    p = Grid.parse("1234" + "." * 12).problem
    good = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    for bad in ([2, *good[1:]], [0, *good[1:]], [5, *good[1:]], [*good[:4], 4, 3, *good[6:]]):
        rows = np.array([good] * 50 + [bad] + [good] * 9, dtype=np.int8)
        assert first_bad_row(p, rows) == tuple(bad)
        assert first_bad_row(p, rows[:3]) is None and first_bad_row(p, rows[48:52]) == tuple(bad)


@pytest.mark.parametrize(
    ("value", "dtype", "message"),
    [
        (1.5, float, "puzzle values must be 0..9: puzzle 1, cell 1 holds 1.5"),
        (float("nan"), float, "puzzle values must be 0..9: puzzle 1, cell 1 holds nan"),
        (265, "int64", "puzzle values must be 0..9: puzzle 1, cell 1 holds 265"),
        (-1, "int16", "puzzle values must be 0..9: puzzle 1, cell 1 holds -1"),
        (True, bool, "a puzzle array must hold whole numbers 0..9, got dtype bool"),
        ("x", object, "a puzzle array must hold whole numbers 0..9, got dtype object"),
    ],
)
def test_solve_many_refuses_an_array_it_would_misread(value: Any, dtype: Any, message: str) -> None:
    np = pytest.importorskip("numpy")
    from sudograph import solve_many

    arr = np.zeros((2, 81), dtype=dtype)
    arr[0, 0] = value
    with pytest.raises(InvalidArgument, match=re.escape(message)):
        list(solve_many(arr, workers=1))


@pytest.mark.parametrize("dtype", [float, "float32", object, "uint8"])
def test_solve_many_takes_whole_numbers_of_any_numeric_array(dtype: Any) -> None:
    """np.loadtxt and np.zeros make floats: whole ones are read as they were before."""
    np = pytest.importorskip("numpy")
    from sudograph import solve_many

    arr = np.array([[0 if c == "." else int(c) for c in EASY]] * 2).astype(dtype)
    assert [r.status for r in solve_many(arr, workers=1)] == ["solved", "solved"]


def test_a_number_too_long_for_int_is_a_parse_error() -> None:
    from sudograph.grid import Grid

    big = "9" * 5000
    with pytest.raises(ParseError, match=r"^1:3: a number of 5000 digits$"):
        Grid.parse("[[" + big + ",0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,1]]")
    with pytest.raises(ParseError, match=r"^1:12: a number of 5000 digits$"):
        Grid.parse('{"rows": [[' + big + ",0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,1]]}")
    note = '{"note": "' + "1" * 5000 + '", "rows": [['  # digits in a string are no number
    with pytest.raises(ParseError, match=r"^1:5024: a number of 5000 digits$"):
        Grid.parse(note + big + ",0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,1]]}")


@pytest.mark.parametrize("symmetry", ["rotational", "dihedral"])
@pytest.mark.parametrize("box", [(1, 2), (2, 1)])
def test_a_symmetry_of_one_orbit_is_refused(symmetry: str, box: tuple[int, int]) -> None:
    from sudograph import generate

    with pytest.raises(InvalidArgument, match=f"{symmetry} symmetry on a 2x2 grid moves every"):
        generate(box, symmetry=symmetry, seed=0)
    assert generate(box, symmetry="central", seed=0).clues < 4  # (two orbits: a puzzle)


def test_odd_arguments_are_refused_by_name() -> None:
    np = pytest.importorskip("numpy")
    from sudograph import Grid, solve, solve_many

    g = Grid.parse("1.3.....2...4..1")
    with pytest.raises(InvalidArgument, match="engine must be auto, python or numba, got array"):
        solve(g, engine=np.array(["python", "numba"]))
    rows = list(solve_many([g], chunk_size=10**30, workers=1))  # one chunk, as any large size
    assert len(rows) == 1 and rows[0].status == "solved"


@pytest.mark.parametrize("box", [(4, 2), (2, 4), (3, 2), (4, 3), (3, 4), (2, 5)])
def test_boxed_text_reads_back_with_its_box(box: tuple[int, int]) -> None:
    from sudograph import generate
    from sudograph.grid import Grid

    g = generate(box, seed=1)
    assert Grid.parse(str(g)) == g and Grid.parse(str(g)).box == box
    no_stacks = "\n".join(  # rulers after every row and no '|': no box told, --box asked for
        f"{g.to_line()[r * g.n : (r + 1) * g.n]}\n{'-' * g.n}" for r in range(g.n)
    )
    with pytest.raises(ParseError, match="is not a square: give the box shape"):
        Grid.parse(no_stacks)


def test_from_lists_says_a_float_is_no_whole_number() -> None:
    np = pytest.importorskip("numpy")
    from sudograph.grid import Grid

    with pytest.raises(ParseError, match=r"^1:1: value 1\.0 is not a whole number$"):
        Grid.from_lists(np.eye(4))
    with pytest.raises(ParseError, match=r"^1:4: value 9 is not in 0\.\.4$"):
        Grid.from_lists([[1, 0, 3, 9], [0] * 4, [0] * 4, [0] * 4])
