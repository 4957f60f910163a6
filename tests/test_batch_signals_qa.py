"""QA of batches, signals and limits (2026-11): Ctrl-C and SIGTERM stop a compiled count of a
file within a second or two, keeping the rows done (it ran on for minutes, OUT empty); with
workers, the puzzles finished inside unfinished chunks are kept, in input order (2 workers
wrote 0 rows where 1 wrote 467); huge limits never crash (an OverflowError, a store of
10**10 rows); ``solve_options`` are checked up front; a refused Dask address fails at once.

Every test that sends a signal runs its target in a session of its own
(``start_new_session``) under a hard timeout, and kills that whole process group at the end,
whatever happened.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from sudograph import _process, batch
from sudograph.batch import ArrayBatch, PartialRows, solve_many
from sudograph.cli import main
from sudograph.engine import fast9
from sudograph.errors import InvalidArgument

DATA = Path(__file__).parent / "data" / "sudoku"
HARD = (DATA / "tdoku_hardest1106_50.txt").read_text().split()
EMPTY = "." * 81  # 6.67e21 solutions: a count that never ends
HARD_LIMIT = 60.0
"""Seconds after which a target is killed whatever it does (the test then fails)."""
STOP_WITHIN = 3.0
"""Seconds from the signal to the exit: about a second or two, with room for a loaded CI."""

pytestmark = [
    pytest.mark.skipif(not hasattr(os, "killpg"), reason="POSIX process groups"),
    pytest.mark.signals,  # (tests/conftest.py)
]


@pytest.fixture(scope="module", autouse=True)
def kernels() -> None:
    """The kernels compiled (or loaded) once here, so that a target loads them from the cache
    in a fraction of a second, before the signal."""
    fast9.warmup()


@contextlib.contextmanager
def started(argv: list[str], cwd: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``argv`` run in a new session; on the way out its whole process group is killed."""
    proc = subprocess.Popen(
        argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        yield proc
    finally:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.communicate(timeout=10)


def signalled(
    argv: list[str], cwd: Path, sig: int, after: float, group: bool = False
) -> tuple[int, float, str, str]:
    """Run ``argv``, send it ``sig`` after ``after`` seconds (to its whole process group with
    ``group``, as a terminal or ``timeout`` do): ``(exit code, seconds from the signal to the
    exit, stdout, stderr)``."""
    with started(argv, cwd) as proc:
        time.sleep(after)
        assert proc.poll() is None, proc.communicate()
        sent = time.monotonic()
        if group:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        try:
            out, err = proc.communicate(timeout=HARD_LIMIT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"still running {HARD_LIMIT} s after the signal: {argv}")
        took = time.monotonic() - sent
        return proc.returncode, took, out.decode(), err.decode()


CLI = [sys.executable, "-m", "sudograph"]
CODE = {signal.SIGINT: 130, signal.SIGTERM: 143}


# -- fault 1: a compiled count stops, the rows done are written ------------------------------


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["INT", "TERM"])
@pytest.mark.parametrize(
    ("command", "row"),
    [
        (["count", "in.txt", "-o", "out.txt"], "line 1: 1 solution (unique)"),
        (["solve", "in.txt", "--count", "-o", "out.txt"], "1"),
        (["solve", "in.txt", "--count", "--workers", "2", "-o", "out.txt"], "1"),
    ],
    ids=["count", "solve--count", "solve--count-w2"],
)
def test_a_signal_stops_a_fast_count_and_keeps_the_row_done(
    tmp_path: Path, sig: int, command: list[str], row: str
) -> None:
    """A hard puzzle (counted at once) then the empty grid: it ran on for minutes, deaf to
    both signals, and OUT stayed empty."""
    (tmp_path / "in.txt").write_text(f"{HARD[0]}\n{EMPTY}\n")
    code, took, _, err = signalled([*CLI, *command], tmp_path, sig, after=2.5)
    assert code == CODE[sig], err
    assert took < STOP_WITHIN, took
    assert "Traceback" not in err
    assert (tmp_path / "out.txt").read_text().splitlines() == [row]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["INT", "TERM"])
def test_a_signal_stops_a_house_kernel_count(tmp_path: Path, sig: int) -> None:
    """The same on a 16×16 file (the house kernel, puzzle by puzzle)."""
    from sudograph.grid import Grid
    from sudograph.solve import solve

    full = solve(Grid.empty(4), "fast").grids[0].to_line()
    one = "." * 8 + full[8:]  # a row's first half blank: one solution
    (tmp_path / "in.txt").write_text(f"{one}\n{'.' * 256}\n")
    argv = [*CLI, "solve", "in.txt", "--count", "-o", "out.txt"]
    code, took, _, err = signalled(argv, tmp_path, sig, after=2.5)
    assert code == CODE[sig] and took < STOP_WITHIN and "Traceback" not in err, (took, err)
    assert (tmp_path / "out.txt").read_text().splitlines() == ["1"]


# -- fault 2: workers hand back the part of their chunks done -------------------------------


def test_two_workers_keep_what_they_solved_in_order(tmp_path: Path) -> None:
    """Chunks of 512 hard puzzles on the Python engine take many seconds each: Ctrl-C lost
    every row of 2 workers (0 written); now the rows done are written, in input order."""
    lines = HARD * 12
    (tmp_path / "in.txt").write_text("\n".join(lines) + "\n")
    argv = [*CLI, "solve", "in.txt", "--method", "propagate", "--engine", "python"]
    argv += ["--workers", "2", "-o", "out.txt"]
    code, took, _, err = signalled(argv, tmp_path, signal.SIGINT, after=4.0)
    assert code == 130 and took < STOP_WITHIN and "Traceback" not in err, (code, took, err)
    rows = (tmp_path / "out.txt").read_text().splitlines()
    assert rows, err
    assert rows == fast9.solve_lines(lines[: len(rows)])


@pytest.mark.parametrize(
    ("sig", "group"),
    [
        (signal.SIGINT, False),
        (signal.SIGTERM, False),
        (signal.SIGINT, True),
        (signal.SIGTERM, True),
    ],
    ids=["INT", "TERM", "INT-group", "TERM-group"],
)
def test_the_part_of_a_chunk_cut_is_kept(tmp_path: Path, sig: int, group: bool) -> None:
    """A count on 2 workers: the first chunk (512) done, the second stuck on the empty grid
    (its line 521), the third done: rows 1-520 are written, none after the gap. A SIGTERM
    sent to the whole group reached the workers too, which died at once: the pool broke and
    the 8 rows done in the second chunk were lost with it."""
    lines = HARD * 12
    lines.insert(520, EMPTY)
    (tmp_path / "in.txt").write_text("\n".join(lines) + "\n")
    argv = [*CLI, "count", "in.txt", "--workers", "2", "-o", "out.txt"]
    code, took, _, err = signalled(argv, tmp_path, sig, after=4.0, group=group)
    assert code == CODE[sig] and took < STOP_WITHIN and "Traceback" not in err, (took, err)
    rows = (tmp_path / "out.txt").read_text().splitlines()
    assert rows == [f"line {i}: 1 solution (unique)" for i in range(1, 521)]


LIBRARY = """
import os, signal, sys, threading, time
from sudograph.batch import solve_many
lines = {lines!r}
threading.Timer({after}, lambda: os.kill(os.getpid(), signal.{sig})).start()
got = []
start = time.monotonic()
try:
    for r in solve_many(lines, **{kwargs!r}):
        got.append(r.index)
    print("done", got, flush=True)
except KeyboardInterrupt:
    print("interrupted", got, round(time.monotonic() - start - {after}, 3), flush=True)
"""


def library(
    tmp_path: Path, lines: list[str], after: float, **kwargs: Any
) -> tuple[list[int], float]:
    """``solve_many(lines, **kwargs)`` in a subprocess, Ctrl-C to itself after ``after`` s:
    the indices yielded and the seconds from the signal to the KeyboardInterrupt."""
    code = LIBRARY.format(lines=lines, after=after, sig="SIGINT", kwargs=kwargs)
    with started([sys.executable, "-c", textwrap.dedent(code)], tmp_path) as proc:
        try:
            out, err = proc.communicate(timeout=HARD_LIMIT)
        except subprocess.TimeoutExpired:
            pytest.fail("solve_many did not stop")
    words = out.decode().split(" ", 1)
    assert words[0] == "interrupted", (out, err)
    got, took = words[1].rsplit(" ", 1)
    return eval(got), float(took)  # a list of ints printed by the script


def test_solve_many_on_a_pool_yields_the_rows_done_up_to_the_chunk_cut(tmp_path: Path) -> None:
    """Chunks of 4 on 2 workers, the empty grid counted at index 6: the rows of chunk 0, then
    those of chunk 1 before the empty grid, then KeyboardInterrupt; the chunks after the cut
    (solved meanwhile) are not yielded, out of order."""
    lines = [*HARD[:6], EMPTY, *HARD[6:26]]
    got, took = library(tmp_path, lines, 3.0, limit=None, workers=2, chunk_size=4)
    assert got == list(range(6))
    assert took < STOP_WITHIN


def test_solve_many_on_a_pool_keeps_the_part_of_large_chunks_done(tmp_path: Path) -> None:
    """Chunks of 512 on the Python engine: none finished in 3 s, and nothing was yielded."""
    kwargs = {"method": "propagate", "engine": "python", "workers": 2, "chunk_size": 512}
    got, took = library(tmp_path, HARD * 21, 3.0, **kwargs)
    assert got == list(range(len(got))) and len(got) > 10
    assert took < STOP_WITHIN


def test_solve_many_in_this_process_keeps_the_rows_of_a_compiled_block(tmp_path: Path) -> None:
    """One process, Python's own Ctrl-C handler (no terminate_gracefully): the compiled count
    never returned; now the row before the empty grid comes out, then KeyboardInterrupt."""
    got, took = library(tmp_path, [HARD[0], EMPTY, HARD[1]], 2.0, limit=None, workers=1)
    assert got == [0] and took < STOP_WITHIN


def test_a_worker_asked_to_stop_returns_the_part_done(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a worker (its state as ``init_worker`` leaves it), a stop asked before its chunk
    returns an empty part; one asked during the compiled loop the rows done before."""
    monkeypatch.setattr(_process, "_worker", True)
    monkeypatch.setattr(_process, "_held", True)
    monkeypatch.setattr(_process, "_stopping", True)
    settings = ("fast", None, "auto", None, None, None, {})
    out = batch.pool_chunk([HARD[0]], settings)
    assert isinstance(out, PartialRows) and len(out.rows) == 0
    monkeypatch.setattr(_process, "_stopping", False)
    calls = []

    def stop_after_two() -> bool:
        calls.append(1)
        return len(calls) > 2

    monkeypatch.setattr(batch, "stop_requested", stop_after_two)
    out = batch.pool_chunk([HARD[0], HARD[1], EMPTY, HARD[2]], settings)
    assert isinstance(out, PartialRows)
    assert isinstance(out.rows, ArrayBatch) and out.rows.statuses() == ["solved", "solved"]
    assert out.rows.lines() == fast9.solve_lines(HARD[:2])


# -- the resumable batch kernel ---------------------------------------------------------------


@pytest.mark.parametrize("limit", [1, 2, None])
@pytest.mark.parametrize("cap", [None, 20])
def test_budgets_give_the_results_of_one_call(limit: int | None, cap: int | None) -> None:
    """The batch kernel paused every few guesses and resumed finds the same counts,
    solutions, guesses and stops as one call."""
    arr = fast9.lines_to_array([*HARD, "11" + "." * 79])
    one = fast9.solve_rows(arr, limit, max_guesses=cap, budget=1 << 40)
    small = fast9.solve_rows(arr, limit, max_guesses=cap, budget=7)
    assert one[0] == small[0] == len(arr)
    for a, b in zip(one[1:], small[1:], strict=True):
        assert np.array_equal(a, b)


def test_stop_ends_the_loop_with_the_rows_done() -> None:
    arr = fast9.lines_to_array([HARD[0], EMPTY, HARD[1]])
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 5

    done, counts, sols, _, _ = fast9.solve_rows(arr, None, stop=stop)
    assert done == 1 and counts[0] == 1 and len(calls) == 6
    assert fast9.array_to_line(sols[0]) == fast9.solve_lines([HARD[0]])[0]


# -- fault 3: huge limits ---------------------------------------------------------------------

SAMPLE = (Path(__file__).parents[1] / "examples" / "sample.txt").read_text().split()[:2]
FOUR = ["." * 16, "1" + "." * 15, "1.3.....2...4..1"]


@pytest.mark.parametrize(
    ("argv", "rows"),
    [
        (["solve", "{a2}", "--limit", "9223372036854775808"], None),
        (["solve", "{a2}", "--max-nodes", "99999999999999999999999"], None),
        (
            ["count", "{a2}", "--limit", "10000000000"],
            ["line 1: 1 solution (unique)", "line 2: 1 solution (unique)"],
        ),
        (["solve", "{a2}", "--method", "propagate", "--limit", "10000000000"], None),
        (["solve", "{a2}", "--method", "propagate", "--max-nodes", str(10**30)], None),
        (
            ["solve", "{f4}", "--count", "--limit", str(10**30), "--max-nodes", str(10**30)],
            ["288", "72", "2"],
        ),
        (
            ["count", "{f4}", "--limit", str(10**30)],
            ["line 1: 288 solutions", "line 2: 72 solutions", "line 3: 2 solutions"],
        ),
    ],
)
def test_a_huge_limit_is_no_limit(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], argv: list[str], rows: list[str] | None
) -> None:
    a2, f4 = tmp_path / "a2.txt", tmp_path / "f4.txt"
    a2.write_text("\n".join(SAMPLE) + "\n")
    f4.write_text("\n".join(FOUR) + "\n")
    argv = [x.format(a2=a2, f4=f4) for x in argv]
    assert main(argv) == 0
    out, err = capfd.readouterr()
    assert "Traceback" not in err and "Error" not in err, err
    if rows:
        assert out.splitlines() == rows
    elif argv[0] == "solve":
        assert out.splitlines() == fast9.solve_lines(SAMPLE)


def test_all_solutions_with_a_huge_limit(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """``--all --limit 10**10``: the house kernel sized its store by the limit (149 GiB)."""
    f4 = tmp_path / "f4.txt"
    f4.write_text("\n".join(FOUR) + "\n")
    assert main(["solve", str(f4), "--all", "--limit", "10000000000"]) == 0
    rows = capfd.readouterr().out.splitlines()
    assert [len(r.split()) for r in rows] == [288, 72, 2]


def test_the_kernels_take_any_limit() -> None:
    from sudograph.engine import houses
    from sudograph.grid import Grid
    from sudograph.problem import SolveOptions

    arr = fast9.lines_to_array(SAMPLE)
    counts, _, _, stopped = fast9.solve_array(arr, 10**30, max_guesses=10**40)
    assert counts.tolist() == [1, 1] and not stopped.any()
    r = houses.run(Grid.parse(FOUR[1]).problem, SolveOptions(limit=10**10, max_nodes=10**30))
    assert r.status == "solved" and len(r.solutions) == 72 and r.complete
    r = fast9.run(Grid.parse(EMPTY).problem, SolveOptions(limit=10**30, max_nodes=10**5))
    assert r.status == "solved" and not r.complete  # solutions found before the cap
    assert r.reason == "max_nodes" and r.stats.nodes == 10**5


# -- fault 4: solve_options checked up front ----------------------------------------------------


def test_an_unknown_solve_option_is_named() -> None:
    with pytest.raises(InvalidArgument) as err:
        list(solve_many([HARD[0]], workers=1, solve_options={"bogus": 1}))
    message = str(err.value)
    assert "'bogus'" in message and "order" in message and "timeout" in message
    rows = list(solve_many([HARD[0]], workers=1, solve_options={"timeout": 5.0}))
    assert rows[0].status == "solved"


# -- fault 5b: a refused Dask address fails at once ---------------------------------------------


def test_a_refused_dask_address_fails_at_once(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed")
    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    a2 = tmp_path / "a2.txt"
    a2.write_text("\n".join(SAMPLE) + "\n")
    start = time.monotonic()
    assert main(["solve", str(a2), "--dask", f"tcp://127.0.0.1:{port}"]) == 2
    assert time.monotonic() - start < 10  # was 30 s
    err = capfd.readouterr().err
    assert f"no Dask scheduler answers at 'tcp://127.0.0.1:{port}'" in err
    assert "connection refused" in err and "Traceback" not in err


# -- fault 5a: a local Dask cluster closes quietly, and soon -----------------------------------


def test_a_local_cluster_closes_quietly_and_soon(capfd: pytest.CaptureFixture[str]) -> None:
    """Its workers close before its scheduler, each given a second (a busy one held the
    close for 4 s), Dask's log lines silenced meanwhile; Ctrl-C is left to this process."""
    pytest.importorskip("distributed")
    from sudograph.distributed import close, connect

    client = connect("local", workers=1)
    try:
        ignored = client.run(lambda: __import__("signal").getsignal(2) == 1)  # SIG_IGN
        assert list(ignored.values()) == [True]
        busy = client.submit(time.sleep, 60, pure=False)
        time.sleep(1.0)
        assert not busy.done()
    finally:
        start = time.monotonic()
        close(client)
        took = time.monotonic() - start
    assert took < 3.0, took
    err = capfd.readouterr().err
    assert "Traceback" not in err and "ERROR" not in err, err
