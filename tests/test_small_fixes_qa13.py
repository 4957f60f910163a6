"""Fixes of the session of 2026-11-28 (fourth): items left alone by earlier notes and found by
its QA rounds."""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import sudograph
from sudograph.batch import solve_many
from sudograph.errors import InvalidArgument
from sudograph.grid import Grid
from sudograph.solve import compiled_route, count, solve
from sudograph.visualize import trace_run, visualize

EMPTY9 = "." * 81
HARD9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


# -- solve_many: options that would fail every puzzle alike are refused at the call ----------

REFUSED_AT_THE_CALL = [  # (arguments, words): each gave an error row a puzzle (or a TypeError)
    (dict(method="fast", solve_options={"timeout": -1}), "timeout must be >= 0"),
    (dict(method="fast", solve_options={"timeout": "abc"}), "timeout must be a number"),
    (dict(method="propagate", solve_options={"timeout": True}), "timeout must be a number"),
    (dict(method="greedy", limit=None), "method 'greedy' does not explore every possibility"),
    (dict(method="naive", solve_options={"seed": 3}), "seed: method 'naive' draws no random"),
    (dict(method="fast", solve_options={"seed": 3}), "seed: method 'fast' draws no random"),
    (dict(method="propagate", solve_options={"order": "xyz"}), "unknown order 'xyz'"),
    (dict(method="fast", solve_options={"order": "mrv"}), "method 'fast' is not a search"),
    (dict(method="fast", fallback="naive", solve_options={"order": 5}), "order must be a name"),
    (dict(method="sat", solve_options={"inference": "singles"}), "'sat' is not a search"),
    (dict(method="greedy", solve_options={"itermax": 0}), "itermax must be >= 1"),
    (dict(method="naive", solve_options={"trace": 5}), "trace must be callable"),
    (dict(method="sat", solve_options={"trace": print}), "method 'sat' emits no trace"),
    (dict(method="naive", solve_options={"depth": 3}), "unknown option 'depth'"),
]


@pytest.mark.parametrize(("kwargs", "words"), REFUSED_AT_THE_CALL)
def test_solve_many_refuses_at_the_call_what_every_puzzle_would_refuse(
    kwargs: dict[str, object], words: str
) -> None:
    with pytest.raises(InvalidArgument, match=words):
        solve_many([EMPTY9], workers=1, **kwargs)  # no row read: refused before the first


TAKEN = [  # options that tune the method asked for (or the fallback of fast): rows, no error
    dict(method="fast", fallback="naive", solve_options={"order": "mrv"}),
    dict(method="greedy", solve_options={"seed": 3, "itermax": 5}),
    dict(method="fast", solve_options={"timeout": 5}),
    dict(method="propagate", limit=None, solve_options={"order": "mrv", "inference": "singles"}),
]


@pytest.mark.parametrize("kwargs", TAKEN)
def test_solve_many_takes_the_options_its_method_reads(kwargs: dict[str, object]) -> None:
    puzzle = "1234" + "." * 12
    rows = list(solve_many([puzzle, "11" + "." * 14], workers=1, **kwargs))
    assert rows[0].status in ("solved", "stopped") and rows[0].error is None
    assert rows[0].to_line()[:4] == "1234"
    assert rows[1].status == "error" and "clashing clues" in (rows[1].error or "")


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(method="fast", fallback="greedy", limit=None),
        dict(method="fast", fallback="sat", engine="numba"),
        dict(method="fast", fallback="naive", solve_options={"seed": 3}),
    ],
)
def test_a_fallback_only_puzzles_beyond_a_plain_9x9_meet_fails_them_alone(
    kwargs: dict[str, object],
) -> None:
    """The review's find: refusing the call lost the 9x9 puzzles, which never meet it."""
    pytest.importorskip("numba")
    rows = list(solve_many([HARD9, "1234" + "." * 12], workers=1, **kwargs))
    assert rows[0].status == "solved" and rows[0].error is None
    assert rows[1].status == "error" and rows[1].error


@pytest.mark.parametrize("puzzles", [5, 2.5, object()])
def test_solve_many_refuses_what_is_no_iterable_at_the_call(puzzles: object) -> None:
    with pytest.raises(InvalidArgument, match="puzzles must be an iterable"):
        solve_many(puzzles)  # was a TypeError when the generator was first iterated


# -- visualize / trace_run: max_steps, max_nodes and timeout checked before any search --------


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        (dict(max_steps=None), "max_steps None is not a whole number"),  # was TypeError
        (dict(max_steps="5"), "max_steps '5' is not a whole number"),  # was TypeError
        (dict(max_steps=2.5), "max_steps 2.5 is not a whole number"),  # was taken
        (dict(max_steps=True), "max_steps True is not a whole number"),  # was taken
        (dict(max_steps=0), "max_steps must be >= 1"),
        (dict(max_nodes=-1), "max_nodes must be >= 0"),
        (dict(timeout="1"), "timeout must be a number of seconds"),
    ],
)
def test_visualize_checks_its_bounds(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidArgument, match=words):
        visualize(Grid.parse("." * 16), **kwargs)
    with pytest.raises(InvalidArgument, match=words):
        trace_run(Grid.parse("." * 16), "naive", **kwargs)


def test_visualize_checks_its_bounds_before_counting_a_graphs_colours() -> None:
    calls: list[object] = []

    def refused_first(*args: object, **kwargs: object) -> object:  # pragma: no cover
        calls.append(args)
        raise AssertionError("choose_k ran before max_steps was checked")

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sudograph.visualize, "choose_k", refused_first)
        with pytest.raises(InvalidArgument, match="max_steps"):
            visualize(sudograph.petersen_graph(), max_steps="many")
    assert calls == []


def test_max_steps_takes_numpy_integers() -> None:
    t = trace_run(Grid.parse("." * 16), "naive", max_steps=np.int64(3))
    assert len(t.events) == 3 and t.capped


# -- solve(limit=None, keep=K) on a plain 9x9 runs on the 9x9 kernel, as count does ------------


@pytest.mark.parametrize(
    ("limit", "keep", "route"),
    [
        (None, 5, "fast9"),  # was "houses": about 10 times slower than count(keep=5)
        (None, None, "houses"),  # every solution kept: more than the 9x9 kernel stores
        (3, None, "fast9"),
        (20_000, 2, "fast9"),
        (20_000, None, "houses"),
    ],
)
def test_solve_routes_by_the_solutions_it_keeps(
    limit: int | None, keep: int | None, route: str
) -> None:
    pytest.importorskip("numba")
    puzzle = Grid.parse(HARD9[:57] + "." * 24)
    assert compiled_route("propagate", puzzle.problem, limit=20_000) == "houses"
    result = solve(puzzle, limit=limit, keep=keep, max_nodes=300)
    assert result.stats.engine == route
    kept = min(x for x in (limit, keep, 10**6) if x is not None)
    found = len(result.solutions)  # (300 nodes find over 100 of them)
    assert found == kept if kept < 100 else found > 100
    assert all(g.is_solution_of(puzzle) for g in result.grids)


def test_solve_and_count_agree_on_a_plain_9x9_with_keep() -> None:
    pytest.importorskip("numba")
    puzzle = Grid.parse(HARD9)
    open_one = puzzle.with_values([0 if i == 6 else v for i, v in enumerate(puzzle.values)])
    a = solve(open_one, limit=None, keep=2)
    b = count(open_one, keep=2)
    assert a.count == b.count == 29_411  # (the 8 of r1c7 taken out)
    assert a.stats.engine == b.stats.engine == "fast9"
    assert [g.to_line() for g in a.grids] == [g.to_line() for g in b.grids]


# -- solve PUZZLE --json: the status of a file's row ------------------------------------------


@pytest.mark.parametrize(
    ("argv", "status", "code"),
    [
        (["--limit", "5", "--max-nodes", "20", "-m", "naive", "--engine", "python"], "stopped", 1),
        (["--all", "--max-nodes", "20", "-m", "naive", "--engine", "python"], "stopped", 1),
        (["--limit", "2", "-m", "naive", "--engine", "python"], "solved", 0),
        (["--max-nodes", "20", "-m", "naive", "--engine", "python"], "solved", 0),  # 1 of 1
    ],
)
def test_an_inline_json_status_is_a_file_rows(
    capfd: pytest.CaptureFixture[str],
    tmp_path: pathlib.Path,
    argv: list[str],
    status: str,
    code: int,
) -> None:
    """A bound that cut the list short: the text said 'stopped', the exit code 1, the row of
    the same puzzle in a file 'stopped', and the inline JSON 'solved'."""
    from sudograph.cli import main

    assert main(["solve", "." * 16, "--json", *argv]) == code
    doc = json.loads(capfd.readouterr().out)
    (tmp_path / "in.txt").write_text("." * 16 + "\n")
    main(["solve", str(tmp_path / "in.txt"), "--json", *argv])
    row = json.loads(capfd.readouterr().out.splitlines()[0])
    assert doc["status"] == row["status"] == status
    assert doc["solution"] == row["solution"] and doc["solution"] is not None


# -- started with standard output or error closed ----------------------------------------------

SAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "sample.txt"


def _closed(fd: int, argv: list[str], cwd: pathlib.Path) -> subprocess.CompletedProcess[str]:
    """Run the command line with descriptor ``fd`` closed (as `>&-` or `2>&-` do)."""
    return subprocess.run(
        [sys.executable, "-m", "sudograph", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=lambda: os.close(fd),  # (no threads in this test)
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "in.txt", "-o", "out.txt"],  # was: out.txt empty, exit 1, not a word
        ["count", "in.txt", "-o", "out.txt"],
        ["generate", "--seed", "1", "--count", "3", "-o", "out.txt"],
    ],
    ids=["solve", "count", "generate"],
)
def test_a_closed_standard_error_loses_no_result(tmp_path: pathlib.Path, argv: list[str]) -> None:
    (tmp_path / "in.txt").write_text("".join(SAMPLE.read_text().splitlines(True)[:3]))
    done = _closed(2, argv, tmp_path)
    assert done.returncode == 0, done.stdout
    assert len((tmp_path / "out.txt").read_text().splitlines()) == 3


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "in.txt"],  # was a traceback (and AttributeError in the clean-up)
        ["rate", "in.txt"],  # was exit 0, its ratings lost without a word
        ["bench", "in.txt", "--methods", "fast"],  # was a traceback
    ],
    ids=["solve", "rate", "bench"],
)
def test_a_closed_standard_output_is_one_line(tmp_path: pathlib.Path, argv: list[str]) -> None:
    (tmp_path / "in.txt").write_text(SAMPLE.read_text().splitlines(True)[0])
    done = _closed(1, argv, tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        "sudograph: error: cannot write to standard output: Bad file descriptor"
    )
    assert "Traceback" not in done.stderr


# -- a puzzle written inline that starts with an empty mark '-' (or '.', '_', '0') -------------

DASHED = "-.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.mark.parametrize("command", ["solve", "rate", "hint", "count", "check", "explain", "show"])
@pytest.mark.parametrize("puzzle", [DASHED, "--" + DASHED[2:], "--" + "." * 14, "-_" + "." * 14])
def test_a_puzzle_starting_with_a_dash_is_read_as_a_puzzle(
    capfd: pytest.CaptureFixture[str], command: str, puzzle: str
) -> None:
    from sudograph.cli import main

    code = main([command, puzzle])  # was 2: "the following arguments are required: PUZZLE"
    err = capfd.readouterr().err
    assert code in (0, 1), err  # (1: check or count of a grid with several solutions)
    assert "required" not in err and "unrecognized" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "-A..B" + "." * 11],  # a 16-symbol puzzle that starts '-' and a letter
        ["solve", "-A..B" + "." * 11, "--", "x"],
        ["info", "-A..B" + "." * 11],
        ["solve", "--A.B" + "." * 11],  # ('--' and a letter: no long option has a '.')
        ["solve", "---3" + "." * 12],  # ('---': a misspelt option as often)
    ],
)
def test_a_word_that_may_be_a_dashed_puzzle_gets_the_way_to_write_it(
    capfd: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    from sudograph.cli import main

    assert main(argv) == 2
    err = capfd.readouterr().err
    assert f"a puzzle that starts with '-' goes after '--' (sudograph {argv[0]} -- PUZZLE)" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "--limt", "3", "x"],
        ["solve", "--box", "-2x-2", "x"],
        ["solve", "-mnaive"],
        ["solve", "-mgreedy-mrv-random"],  # a short option's value attached: no puzzle
        ["solve", "---limit", "3", "1234" + "." * 12],  # 'did you mean --limit?' kept
        ["solve", "--max-nodes-per-puzzle", "3"],
    ],
)
def test_options_stay_options(capfd: pytest.CaptureFixture[str], argv: list[str]) -> None:
    from sudograph.cli import main

    assert main(argv) == 2
    err = capfd.readouterr().err
    assert "goes after '--'" not in err and err.startswith("sudograph: error: ")


# -- count/rate FILE (rows printed as they come, in this process) stopped by a signal ----------


@pytest.mark.signals
@pytest.mark.parametrize(
    ("command", "sig", "code", "said"),
    [
        ("count", signal.SIGINT, 130, "interrupted"),  # was 'error: interrupted' alone
        ("count", signal.SIGTERM, 143, "terminated"),  # was killed by the signal, not a word
    ],
)
def test_a_signal_during_a_file_says_the_rows_stand(
    tmp_path: pathlib.Path, command: str, sig: int, code: int, said: str
) -> None:
    pytest.importorskip("numba")
    from sudograph.engine import fast9

    fast9.warmup()  # compiled (or loaded) here: the command loads it from the cache at once
    (tmp_path / "in.txt").write_text(SAMPLE.read_text().splitlines(True)[0] + "." * 81 + "\n")
    # at 5 s: the first row printed, the empty grid's count under way
    rc, out, err = _signalled([command, "in.txt"], tmp_path, sig, 5)
    assert rc == code, err
    assert out.splitlines() == ["line 1: 1 solution (unique)"]
    assert err.splitlines()[-1] == (
        f"sudograph: {said}: every row so far is written, none for the puzzle cut off; "
        "to continue a run later, write it with -o OUT and --resume"
    )


# -- '-m auto' where draw and color take it; the method auto chose, named as auto's ------------


@pytest.mark.parametrize(
    ("argv", "default"),
    [(["petersen", "-k", "3"], "dsatur"), (["1234" + "." * 12], "naive")],
    ids=["graph", "puzzle"],
)
def test_visualize_takes_auto_for_its_default_method(
    capfd: pytest.CaptureFixture[str], tmp_path: pathlib.Path, argv: list[str], default: str
) -> None:
    from sudograph.cli import main
    from sudograph.visualize import read_page_data

    page = tmp_path / "p.html"
    assert main(["visualize", *argv, "-m", "auto", "-o", str(page)]) == 0  # was unknown method
    data = read_page_data(page.read_text(encoding="utf-8"))
    assert [run["method"] for run in data["runs"]] == [default]
    assert main(["visualize", *argv, "-m", "auto", "-m", default, "-o", str(page)]) == 2
    assert f"{default} given twice" in capfd.readouterr().err


def test_color_names_auto_and_its_choice_when_itermax_does_not_apply(
    capfd: pytest.CaptureFixture[str],
) -> None:
    from sudograph.cli import main
    from sudograph.solve import color_method

    chosen = color_method("auto")
    assert main(["color", "petersen", "-k", "3", "--itermax", "5"]) == 2
    err = capfd.readouterr().err
    assert f"--itermax: method 'auto' ({chosen} here) draws no random numbers" in err


# -- an f-puzzles file numbered by its object's first line, not a comment above it -------------

FPUZZLE_CLASH = (
    '{"size": 4, "grid": [[{"value": 1, "given": true}, {"value": 1, "given": true}, {}, {}],'
    + ", ".join(["[{}, {}, {}, {}]"] * 3)
    + "]}\n"
)


@pytest.mark.parametrize(("above", "line"), [("", 1), ("# mine\n", 2), ("# a\n\n# b\n", 4)])
def test_an_fpuzzles_file_is_numbered_by_its_object(
    capfd: pytest.CaptureFixture[str], tmp_path: pathlib.Path, above: str, line: int
) -> None:
    from sudograph.cli import main

    path = tmp_path / "f.json"
    path.write_text(above + FPUZZLE_CLASH, encoding="utf-8")
    assert main(["count", str(path)]) == 2
    out, err = capfd.readouterr()
    assert out.startswith(f"line {line}: error: {path}:{line}: clashing clues: row 1")
    assert f"{path}:{line}: clashing clues" in err


def test_an_fpuzzles_file_with_a_byte_order_mark_is_numbered_by_its_object(
    capfd: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    from sudograph.cli import main

    path = tmp_path / "f.json"
    path.write_bytes(b"\xef\xbb\xbf# c\n" + FPUZZLE_CLASH.encode())
    assert main(["count", str(path)]) == 2
    assert capfd.readouterr().out.startswith(f"line 2: error: {path}:2: clashing clues")


def test_the_repr_of_a_grid_with_no_rule_evaluates_back() -> None:
    g = Grid((2, 2), (0,) * 16, "1234", sudograph.Variant(()))
    assert eval(repr(g), {"Grid": Grid, "Variant": sudograph.Variant}) == g


@pytest.mark.signals
def test_sigterm_during_one_puzzle_leaves_its_output_file_as_it_was(
    tmp_path: pathlib.Path,
) -> None:
    """The review's find: 'count PUZZLE -o OUT' emptied OUT on SIGTERM (its rows are kept
    only for Ctrl-C, a lower bound; SIGTERM writes nothing)."""
    (tmp_path / "out.txt").write_text("precious\n")
    rc, _, err = _signalled(["count", "." * 81, "-o", "out.txt"], tmp_path, signal.SIGTERM, 4)
    assert rc == 143, err
    assert err.splitlines()[-1] == "sudograph: error: terminated"
    assert (tmp_path / "out.txt").read_text() == "precious\n"


@pytest.mark.signals
def test_a_signal_during_rate_over_a_file_prints_no_summary(tmp_path: pathlib.Path) -> None:
    lines = SAMPLE.read_text().splitlines(True)
    (tmp_path / "in.txt").write_text("".join(lines * 40))
    rc, out, err = _signalled(["rate", "in.txt"], tmp_path, signal.SIGTERM, 4)
    assert rc == 143, err
    assert "mean score" not in out  # the summary of a run cut short: left out
    assert err.splitlines()[-1].startswith("sudograph: terminated: every row so far is written")


def _signalled(argv: list[str], cwd: pathlib.Path, sig: int, after: float) -> tuple[int, str, str]:
    """Run the command line, send it ``sig`` after ``after`` seconds: (exit code, out, err)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudograph", *argv],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(after)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    return proc.returncode, out, err
