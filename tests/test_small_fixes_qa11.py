"""Fixes of the session of 2026-11-28 (second): Ctrl-C while ``--dask local`` starts its
cluster printed the workers' ``KeyboardInterrupt`` tracebacks (each was still importing Dask)
and Dask's exit handler's ``AssertionError: Status.init``; the workers of a local cluster now
never see SIGINT (the cluster's close ends them) and a half-made cluster is dropped."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

from sudograph.engine import fast9
from test_batch_signals_qa import CLI, signalled

pytest.importorskip("distributed")
pytestmark = [
    pytest.mark.skipif(
        not hasattr(signal, "pthread_sigmask") or sys.platform == "win32", reason="POSIX signals"
    ),
    pytest.mark.signals,  # (tests/conftest.py)
]

SAMPLE = Path(__file__).parent / "data" / "sudoku" / "norvig_easy50.txt"


@pytest.mark.slow
@pytest.mark.parametrize("after", [0.8, 1.6])
def test_ctrl_c_while_the_local_cluster_starts_says_one_line(tmp_path: Path, after: float) -> None:
    """The signal goes to the whole process group, as a terminal's Ctrl-C: the workers being
    spawned get it too. Before: two ``KeyboardInterrupt`` tracebacks from workers importing
    Dask, ``Exception ignored in atexit callback`` from the half-made cluster, and "Task
    exception was never retrieved" from its loop."""
    fast9.warmup()  # (the kernels in the cache: the workers load them at once)
    argv = [*CLI, "solve", str(SAMPLE), "-o", "out.txt", "--dask", "local", "--workers", "2"]
    code, _, _, err = signalled(argv, tmp_path, signal.SIGINT, after=after, group=True)
    # 130; or, about one run in thirty here, ended by the signal itself after its one line
    # (why is not found: not under strace): a shell says 130 of both
    assert code in (130, -signal.SIGINT), (code, err)
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
