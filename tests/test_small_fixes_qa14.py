"""Fixes of the session of 2026-11-28 (third): one check of a call's options for ``solve``,
``count`` and ``solve_many`` (:func:`sudograph.solve.check_call`)."""

from __future__ import annotations

import argparse
import re
from typing import Any

import pytest

from sudograph import count, solve, solve_many
from sudograph.errors import InvalidArgument
from sudograph.grid import Grid

PUZZLE = "...3.2.1...4.1.2"


def _message(call: Any) -> str:
    with pytest.raises(InvalidArgument) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize(
    ("method", "options", "says"),
    [
        ("sat", {"order": "mrv"}, "method 'sat' is not a search"),
        ("propagate", {"order": "nope"}, "unknown order 'nope'"),
        ("propagate", {"inference": "nope"}, "unknown inference 'nope'"),
        ("naive", {"seed": 3}, "method 'naive' draws no random numbers"),
        ("sat", {"trace": print}, "method 'sat' emits no trace events"),
        ("naive", {"trace": 5}, "trace must be callable"),
        ("naive", {"trace": print, "engine": "numba"}, "the compiled twin emits no trace"),
        ("sat", {"engine": "numba"}, "method 'sat' runs on its own engine only"),
    ],
)
def test_solve_count_and_solve_many_refuse_a_call_alike(
    method: str, options: dict[str, Any], says: str
) -> None:
    """The same options refused with the same message by the three calls, before any work."""
    grid = Grid.parse(PUZZLE)
    engine = options.pop("engine", "auto")
    by_solve = _message(lambda: solve(grid, method, engine=engine, **options))
    by_count = _message(lambda: count(grid, method, engine=engine, **options))
    by_many = _message(
        lambda: solve_many([PUZZLE], method=method, engine=engine, workers=1, solve_options=options)
    )
    assert says in by_solve, by_solve
    assert by_solve == by_count == by_many


P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        # visualize listed every method (fast and logic, which it cannot trace), not auto
        (
            ["visualize", "-m", "Auto", P, "-o", "x.html"],
            "unknown method 'Auto' (traceable: auto, naive, mrv, forward, propagate, dsatur)",
        ),
        (
            ["visualize", "-m", "fast", P, "-o", "x.html"],
            "method 'fast' cannot be traced (traceable: auto, naive, mrv, forward, propagate, "
            "dsatur)",
        ),
        # color and draw on a graph take auto (their default) and did not say so
        (["color", "-m", "Auto", "-k", "3", "petersen"], "use one of auto, naive, mrv, "),
        (["draw", "-m", "Auto", "petersen", "--png", "x.png"], "use one of auto, naive, mrv, "),
        # draw on a puzzle has no auto (its default is propagate): not offered there
        (["draw", "-m", "Auto", P, "--png", "x.png"], "use one of naive, mrv, "),
    ],
)
def test_an_unknown_method_is_told_what_the_command_takes(
    argv: list[str], says: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    from sudograph.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err
    assert not list(tmp_path.iterdir())  # nothing drawn


@pytest.mark.parametrize(
    ("method", "says"),
    [
        ("Auto", "unknown method 'Auto'"),
        ("fast", "method 'fast' solves Sudoku grids only, not graphs"),
        ("logic", "method 'logic' solves Sudoku grids only, not graphs"),
    ],
)
def test_the_api_color_names_auto_beside_the_methods_that_apply(method: Any, says: str) -> None:
    """``color(graph, k, method)`` takes ``auto`` (its default): a method it cannot run is
    told so, auto first (was solve's "(known: ...)", every method, fast and logic too, or
    "use one of" without auto); a Sudoku-only method still runs on a Sudoku graph."""
    from sudograph.graph import petersen_graph, sudoku_graph
    from sudograph.methods import methods_for
    from sudograph.solve import color

    said = _message(lambda: color(petersen_graph(), 3, method))
    assert said == f"{says}; use one of auto, {', '.join(methods_for('graph'))}"
    assert color(petersen_graph(), 3, "auto").status == "solved"
    assert color(sudoku_graph(2, 2), 4, "fast").status == "solved"


@pytest.mark.parametrize("command", ["solve", "count"])
@pytest.mark.parametrize("text", ["", "# only a comment\n\n"])
def test_an_input_with_no_puzzle_leaves_out_as_it_was(
    command: str, text: str, tmp_path: Any, capsys: Any
) -> None:
    """``FILE -o OUT`` with FILE empty or only comments: exit 2, "no grid found", and OUT as
    it was (it was emptied: the QA's find), or not made when it was not there."""
    from sudograph.cli import main

    source = tmp_path / "in.txt"
    source.write_text(text)
    out, absent = tmp_path / "keep.out", tmp_path / "new.out"
    out.write_text("an earlier run's row\n")
    assert main([command, str(source), "-o", str(out)]) == 2
    assert main([command, str(source), "-o", str(absent)]) == 2
    assert "no grid found" in capsys.readouterr().err
    assert out.read_text() == "an earlier run's row\n"
    assert not absent.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt", "keep.out"]  # no lock


def test_out_is_still_emptied_by_the_first_row(tmp_path: Any, capsys: Any) -> None:
    """OUT is emptied at the first puzzle read, not at the start: longer old content is
    gone."""
    from sudograph.cli import main

    source = tmp_path / "in.txt"
    source.write_text(f"{P}\n{PUZZLE}\n")
    out = tmp_path / "out.txt"
    out.write_text("old\n" * 1000)
    assert main(["count", str(source), "-o", str(out)]) == 0
    assert out.read_text() == "line 1: 1 solution (unique)\nline 2: 1 solution (unique)\n"


def _ctrl_c_once(argv: list[str], cwd: Any, waiting: Any) -> tuple[int, str]:
    """Run ``sudograph ARGV`` in ``cwd``; once ``waiting()`` is false (not after a fixed time:
    a cold kernel cache compiles first, seconds), send it SIGINT: ``(exit code, stderr)``."""
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "sudograph", *argv], cwd=cwd, stderr=subprocess.PIPE, text=True
    )
    try:
        limit = time.monotonic() + 120
        while waiting():
            assert proc.poll() is None and time.monotonic() < limit, "never ready for the signal"
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    return proc.returncode, err


@pytest.mark.signals
def test_out_is_emptied_when_the_first_puzzle_is_read(tmp_path: Any) -> None:
    """Before the first row, and after Ctrl-C with none: OUT is the run's (empty), not an
    earlier run's rows, which a ``--resume`` would then take for its own."""
    source = tmp_path / "in.txt"
    source.write_text("." * 81 + "\n")  # the empty grid: its count never ends
    out = tmp_path / "out.txt"
    out.write_text("line 1: 1 solution (unique)\n")
    # emptied when the puzzle is read, long before its row
    code, err = _ctrl_c_once(["count", str(source), "-o", str(out)], tmp_path, out.read_text)
    assert code == 130, err
    assert out.read_text() == "", err


@pytest.mark.parametrize("address", ["", "  ", None, 8786])
def test_connect_says_what_a_blank_address_is_told_on_the_command_line(address: Any) -> None:
    """``connect("")`` said ``no Dask scheduler answers at '' (missing port number ...)``;
    ``--dask ''`` says to give an address: now both (and a non-text address) say that."""
    pytest.importorskip("distributed")
    from sudograph.cli.common import dask_address
    from sudograph.distributed import GIVE_AN_ADDRESS, connect

    said = _message(lambda: connect(address))
    assert said == f"{GIVE_AN_ADDRESS}, got {address!r}"
    with pytest.raises(argparse.ArgumentTypeError, match=re.escape(GIVE_AN_ADDRESS)):
        dask_address("")


def _generate(argv: list[str], cwd: Any) -> Any:
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "sudograph", "generate", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize(
    "options",
    [
        ["--count", "9"],
        ["--count", "6", "--size", "4", "--json"],
        ["--count", "5", "--symmetry", "central", "--minimal"],
    ],
)
def test_generate_on_workers_writes_the_lines_of_one_process(
    options: list[str], tmp_path: Any, capfd: Any
) -> None:
    """``generate --workers 2`` (processes of this machine: it was refused, unrecognized)
    writes the same lines in the same order as one process, to standard output and to
    ``-o OUT``."""
    from sudograph.cli import main

    def made(*more: str) -> str:
        assert main(["generate", *options, "--seed", "11", *more]) == 0
        return str(capfd.readouterr().out)

    alone = made("--workers", "1")
    assert made("--workers", "2") == alone and alone.count("\n") == int(options[1])
    assert made() == alone  # (the default: one per core past one chunk)
    out = tmp_path / "out.txt"
    made("--workers", "2", "-o", str(out))
    assert out.read_text() == alone


@pytest.mark.signals
def test_ctrl_c_during_generate_on_workers_keeps_the_lines_made(tmp_path: Any) -> None:
    """Ctrl-C while two workers make puzzles: exit 130, one line saying so, no traceback,
    and OUT holds the first lines of the run, whole (a --resume continues it)."""
    argv = ["generate", "--count", "100000", "--seed", "4", "--workers", "2", "-o", "out.txt"]
    out = tmp_path / "out.txt"

    def unmade() -> bool:
        return not (out.exists() and out.read_text().count("\n") >= 2)

    code, err = _ctrl_c_once(argv, tmp_path, unmade)
    assert code == 130, err
    assert "Traceback" not in err and "interrupted: every line so far is written" in err, err
    made = out.read_text()
    lines = made.count("\n")
    assert lines >= 1 and made.endswith("\n"), (made[-200:], err)
    alone = _generate(["--count", str(lines), "--seed", "4"], tmp_path)
    assert made == alone.stdout


def test_a_scheduler_without_workers_is_said_so(capsys: Any) -> None:
    """``--dask ADDRESS`` of a scheduler with no worker: the run waited without a word (the
    QA's find, after a scheduler restarted alone); now one line says it waits, and how to
    start one."""
    pytest.importorskip("distributed")
    from distributed import LocalCluster

    from sudograph.cli.batchmode import dask_client
    from sudograph.distributed import close

    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        client = dask_client(argparse.Namespace(dask=address, workers=None))
        try:
            err = capsys.readouterr().err
            said = f"the Dask scheduler at {address} has no worker yet: the work waits"
            assert said in err and f"dask worker {address}" in err, err
        finally:
            close(client)


@pytest.mark.parametrize("there", [True, False])
@pytest.mark.parametrize(
    ("stop", "code", "left"),
    [(KeyboardInterrupt, 130, ""), (InvalidArgument("no kernels here"), 2, None)],
)
def test_a_run_stopped_while_its_kernels_load(
    stop: BaseException,
    code: int,
    left: str | None,
    there: bool,
    tmp_path: Any,
    monkeypatch: pytest.MonkeyPatch,
    capsys: Any,
) -> None:
    """Before any puzzle is read (the kernels compiling): Ctrl-C empties OUT (the run's, as
    after any row), an error leaves it as it was, removed when the run made it (the review's
    find: an absent OUT was left made and empty, a present one kept its rows after Ctrl-C)."""
    import sudograph.cli.batchmode as batchmode
    from sudograph.cli import main

    def compile_first(method: str) -> float:
        raise stop

    monkeypatch.setattr(batchmode, "compile_first", compile_first)
    source, out = tmp_path / "in.txt", tmp_path / "out.txt"
    source.write_text(f"{P}\n")
    if there:
        out.write_text("an earlier run's row\n")
    assert main(["count", str(source), "-o", str(out)]) == code
    capsys.readouterr()
    if left is None:  # as it was
        assert out.read_text() == "an earlier run's row\n" if there else not out.exists()
    else:
        assert out.read_text() == left
    assert not (tmp_path / "out.txt.lock").exists()
