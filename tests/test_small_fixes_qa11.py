"""Fixes of the session of 2026-11-28 (second): Ctrl-C while ``--dask local`` starts its
cluster printed the workers' ``KeyboardInterrupt`` tracebacks (each was still importing Dask)
and Dask's exit handler's ``AssertionError: Status.init``; the workers of a local cluster now
never see SIGINT (the cluster's close ends them) and a half-made cluster is dropped."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from sudograph.engine import fast9
from test_batch_signals_qa import CLI, HARD_LIMIT, started
from test_process_hygiene import session_members

pytest.importorskip("distributed")
pytest.importorskip("numba")  # (the kernels loaded from the cache by the workers)
pytestmark = [
    pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc"),
    pytest.mark.signals,  # (tests/conftest.py)
]

SAMPLE = Path(__file__).parent / "data" / "sudoku" / "norvig_easy50.txt"


def _spawned_workers(sid: int) -> list[int]:
    """The processes of session ``sid`` that are multiprocessing's spawned ones (Dask's
    workers; not its resource tracker)."""
    found = []
    for pid in session_members(sid):
        with contextlib.suppress(OSError):
            if b"multiprocessing.spawn" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("later", [0.1, 0.4])  # (sooner, see below)
def test_ctrl_c_while_the_local_cluster_starts_says_one_line(tmp_path: Path, later: float) -> None:
    """The signal goes to the whole process group, as a terminal's Ctrl-C, ``later`` seconds
    after the first worker is spawned (it takes about a second to import Dask). Before: two
    ``KeyboardInterrupt`` tracebacks from workers importing Dask, ``Exception ignored in
    atexit callback`` (``AssertionError: Status.init``) from the half-made cluster, and
    "Task exception was never retrieved" from its loop. Left: a Ctrl-C in the moment between
    a worker's spawn and its start data sent (``later`` 0 here, now and then): that worker's
    ``EOFError: Ran out of input`` traceback, the parent gone before it wrote them."""
    fast9.warmup()  # (the kernels in the cache: nothing else to wait for)
    argv = [*CLI, "solve", str(SAMPLE), "-o", "out.txt", "--dask", "local", "--workers", "2"]
    with started(argv, tmp_path) as proc:
        limit = time.monotonic() + HARD_LIMIT
        while not _spawned_workers(proc.pid):  # (its own session: started())
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < limit, "no worker spawned"
            time.sleep(0.01)
        time.sleep(later)
        os.killpg(proc.pid, signal.SIGINT)
        try:
            _, raw = proc.communicate(timeout=HARD_LIMIT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"still running {HARD_LIMIT} s after the signal")
    err = raw.decode()
    # 130; or, now and then, ended by the signal itself after its one line: seen only when the
    # Ctrl-C lands while Dask's package is imported (`-X importtime`: 1 run in 12 there),
    # whose half-made state Python's exit then ends so; a shell says 130 of both
    assert proc.returncode in (130, -signal.SIGINT), (proc.returncode, err)
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert err.strip().splitlines()[-1] == "sudograph: error: interrupted", err


def _sigint_blocked() -> bool:
    return signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])


def test_the_workers_of_a_local_cluster_block_sigint() -> None:
    """Every worker process blocks SIGINT (inherited from the cluster's loop thread, started
    with it blocked); this process's main thread does not, and keeps Python's handler."""
    from sudograph.distributed import close, connect

    client = connect("local", 1)
    try:
        masks = client.run(_sigint_blocked)
    finally:
        close(client)
    assert masks and all(masks.values()), masks
    assert not _sigint_blocked()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


_LEAK = """
import contextlib, sys
from multiprocessing import resource_tracker
from sudograph.cli import _quiet_resource_tracker

quiet = _quiet_resource_tracker() if sys.argv[1] == "quiet" else contextlib.nullcontext()
with quiet:
    resource_tracker.ensure_running()
# what Ctrl-C left of the half-made cluster: a semaphore the tracker is told of, then this
# process gone without unlinking it (here one that never was)
resource_tracker.register("/sudograph-no-such-semaphore", "semaphore")
"""


@pytest.mark.parametrize(("mode", "said"), [("quiet", False), ("as-is", True)])
def test_the_resource_tracker_a_command_starts_says_nothing_at_exit(
    tmp_path: Path, mode: str, said: bool
) -> None:
    """The tracker started inside :func:`sudograph.cli._quiet_resource_tracker` (as every
    command runs) cleans up without a word; started outside, it warns of the leak after the
    process's last line (the flaky end of the Ctrl-C test above: `1 leaked semaphore
    objects`, four lines after ``sudograph: error: interrupted``)."""
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _LEAK, mode], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert ("leaked semaphore" in done.stderr) is said, done.stderr
    if not said:
        assert done.stderr == ""


def test_a_command_runs_with_the_tracker_quiet_and_puts_the_options_back(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """:func:`sudograph.cli.main` runs the command inside the filter (what its processes are
    started with), and leaves ``sys.warnoptions`` and this process's filters as it found
    them."""
    import sys
    import warnings

    from sudograph.cli import RESOURCE_TRACKER_QUIET, cmd_info, main

    seen: list[list[str]] = []

    def run(args: object) -> int:
        seen.append(list(sys.warnoptions))
        return 0

    monkeypatch.setattr(cmd_info, "run", run)
    before, filters = list(sys.warnoptions), list(warnings.filters)
    assert main(["info"]) == 0
    assert seen and RESOURCE_TRACKER_QUIET in seen[0], seen
    assert sys.warnoptions == before
    assert warnings.filters == filters
