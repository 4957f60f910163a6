"""Rows kept, and answers cut short told (2026-11-26): a signal that lands while the file mode
writes a row no longer drops the rows its workers have done (they were lost, and the rows of
the chunks in flight were numbered from the start of the chunk in hand); a file row of a
search stopped after a solution keeps that solution; an inline answer cut short by a bound
exits 1, as its file row says ``stopped``; ``--format`` is refused with ``--json``; seeds drawn
for a replay fit a JSON reader's doubles.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sudograph.batch import BatchResult, solve_many
from sudograph.cli import main
from sudograph.engine import fast9
from sudograph.grid import Grid
from sudograph.search.greedy import fresh_seed
from sudograph.solve import solve

pytestmark = pytest.mark.signals  # (tests/conftest.py)

DATA = Path(__file__).parent / "data" / "sudoku"
HARD = (DATA / "tdoku_hardest1106_50.txt").read_text().split()
EMPTY = "." * 81


# -- a signal thrown into the results at a row: the rest of the work done still comes out --


@pytest.mark.parametrize("workers", [1, 2])
def test_a_stop_thrown_at_a_row_yields_the_rest_done_in_order(workers: int) -> None:
    """After the first row, KeyboardInterrupt thrown into ``solve_many`` (as the file mode
    does with a signal that came while it wrote that row): the other rows of the chunk in
    hand come out, then (on a pool) those of the chunks done in flight, numbered in order,
    then the KeyboardInterrupt. Before: the chunk's other rows were lost and the pool's were
    numbered again from 0."""
    lines = HARD[:24]
    rows = solve_many(lines, workers=workers, chunk_size=4)
    got = [next(rows)]
    got.append(rows.throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        got.extend(rows)
    indices = [r.index for r in got]
    assert indices == list(range(len(got))) and len(got) >= 4, indices
    assert [r.solution for r in got] == fast9.solve_lines(lines[: len(got)])


SIGNAL_AT_ROW = """
import os, signal, sys
from sudograph import batch
from sudograph.cli import main
to_line = batch.BatchResult.to_line
written = []
def signalled(self):
    written.append(self.index)
    if len(written) == 3:  # the signal lands while the file mode writes its third row
        os.kill(os.getpid(), signal.{sig})
    return to_line(self)
batch.BatchResult.to_line = signalled
sys.exit(main({argv!r}))
"""


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="POSIX process groups")
@pytest.mark.parametrize(("sig", "code"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_signal_while_a_row_is_written_keeps_the_rows_done(
    tmp_path: Path, sig: str, code: int
) -> None:
    """2 workers on the Python engine, chunks of 16 at first: the signal at the third row.
    Every row of the first chunk is written (3 at most before), in input order, and the exit
    code is the signal's."""
    lines = HARD[:40]
    (tmp_path / "in.txt").write_text("\n".join(lines) + "\n")
    argv = ["solve", "in.txt", "-m", "propagate", "--engine", "python", "--workers", "2"]
    argv += ["-o", "out.txt"]
    script = textwrap.dedent(SIGNAL_AT_ROW.format(sig=sig, argv=argv))
    proc = subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        _, err = proc.communicate(timeout=120)
    finally:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == code, err
    assert b"Traceback" not in err
    rows = (tmp_path / "out.txt").read_text().splitlines()
    assert len(rows) >= 16, (rows, err)
    assert rows == fast9.solve_lines(lines[: len(rows)])


# -- a file row of a search stopped after a solution keeps it -------------------------------


def test_a_stopped_row_keeps_its_solution() -> None:
    first = solve(Grid.empty(3), "mrv").grids[0].to_line()
    assert BatchResult(0, "stopped", first).to_line() == f"stopped {first}"
    assert BatchResult(0, "stopped").to_line() == "stopped"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_file_writes_stopped_and_the_solution_found(tmp_path: Path, workers: str) -> None:
    (tmp_path / "in.txt").write_text(f"{EMPTY}\n{EMPTY}\n")
    first = solve(Grid.empty(3), "mrv").grids[0].to_line()
    argv = ["solve", str(tmp_path / "in.txt"), "-m", "mrv", "--limit", "2", "--max-nodes", "85"]
    argv += ["--workers", workers, "-o", str(tmp_path / "out.txt")]
    assert main(argv) == 1
    assert (tmp_path / "out.txt").read_text().splitlines() == [f"stopped {first}"] * 2
    # --resume reads those rows as solution rows: nothing left to do, nothing refused; its
    # exit code answers for the rows kept, as the whole run's did
    assert main([*argv, "--resume"]) == 1


# -- an inline answer cut short exits 1 -----------------------------------------------------


@pytest.mark.parametrize(
    ("options", "code"),
    [
        (["--all", "--limit", "5", "--max-nodes", "85", "-m", "mrv"], 1),
        (["--count", "--max-nodes", "100", "-m", "mrv"], 1),
        (["--limit", "2", "--max-nodes", "85", "-m", "mrv"], 1),
        (["--limit", "2", "-m", "mrv"], 0),
        (["--count", "--limit", "3"], 0),  # the count asked for: whole
        (["--max-nodes", "5", "-m", "mrv"], 1),
    ],
)
def test_an_inline_answer_cut_short_exits_1(
    options: list[str], code: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", EMPTY, *options]) == code
    out = capsys.readouterr().out
    assert ("stopped" in out or "no solution found" in out) == (code == 1), out


def test_format_is_refused_with_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", EMPTY, "--json", "--format", "boxed"]) == 2
    err = capsys.readouterr().err
    assert "--format boxed: not with --json" in err
    assert main(["solve", EMPTY, "--json", "--format", "line"]) == 0


def test_a_drawn_seed_is_exact_in_a_double() -> None:
    seeds = [fresh_seed() for _ in range(200)]
    assert all(0 <= s < 2**53 and float(s) == s for s in seeds)
    assert len(set(seeds)) > 190


STRESS = """
import random, signal, sys, time
from sudograph._process import Terminated, handle_signal, signals_held
from sudograph.batch import solve_many

signal.signal(signal.SIGALRM, handle_signal)
lines = sys.argv[1].split()
workers = int(sys.argv[2])
list(solve_many(lines[:2], "propagate", workers=1))  # the kernels loaded before any signal
random.seed(0)
bad = cut = 0
for trial in range(int(sys.argv[3])):
    written = []
    signal.setitimer(signal.ITIMER_REAL, random.uniform(0.001, 0.02))
    try:
        with signals_held():  # as the file mode: signals act only where the results wait
            for r in solve_many(lines, "propagate", workers=workers, chunk_size=16):
                written.append(r.index)
    except (KeyboardInterrupt, Terminated):
        pass
    signal.setitimer(signal.ITIMER_REAL, 0)
    bad += written != list(range(len(written)))
    cut += len(written) < len(lines)
print(bad, cut)
"""


@pytest.mark.parametrize("workers", [1, 2])
def test_signals_at_random_times_never_misnumber_a_row(workers: int) -> None:
    """A signal (through the file mode's handler) at a random time in a run of slow puzzles:
    the rows that come out are always the first ones, in order. The first design (signals
    held only while a row was written) let one land between a row taken and written, or in
    the hand-over, and numbered the rows after it wrongly (4-8 runs in 110)."""
    lines = " ".join(HARD * 8)
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(STRESS), lines, str(workers), "25"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    bad, cut = map(int, proc.stdout.split()[-2:])
    assert bad == 0 and cut > 10, proc.stdout  # the signals acted, midway, every time right
