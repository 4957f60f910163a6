"""Issue 19, item 1: a killed batch leaves no process behind.

Each run starts in a session of its own (``start_new_session=True``), so every process it
makes (the parent, its workers) carries that session id in ``/proc/PID/stat``: once the parent
is killed (SIGKILL or SIGTERM), no living process of the session may remain 5 s later.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from sudograph import _process

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

DATA = Path(__file__).parent / "data" / "sudoku"
GRACE = 5.0


def session_members(sid: int) -> list[int]:
    """Pids of the living (not zombie) processes whose session is ``sid``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:  # it ended while we looked
            continue
        fields = stat.rsplit(")", 1)[1].split()  # state ppid pgrp session ...
        if int(fields[3]) == sid and fields[0] not in ("Z", "X"):
            found.append(int(entry))
    return found


def wait_until_empty(sid: int, seconds: float = GRACE) -> list[int]:
    """The session's processes still alive after ``seconds`` (empty when all ended)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        alive = session_members(sid)
        if not alive:
            return []
        time.sleep(0.1)
    return session_members(sid)


def hard_file(path: Path, n: int = 4000) -> Path:
    """``n`` puzzles: a first chunk of easier ones (OUT gets lines within a second or two),
    then forum-hardest ones repeated (minutes of work for method propagate)."""
    easy = (DATA / "norvig_top95.txt").read_text().split()
    hard = (DATA / "tdoku_hardest1106_50.txt").read_text().split()
    lines = [easy[i % len(easy)] for i in range(512)]
    lines += [hard[i % len(hard)] for i in range(n - len(lines))]
    path.write_text("\n".join(lines) + "\n")
    return path


def start(args: list[str], cwd: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        args,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )


def wait_for(predicate: object, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError("the run did not get going in time")


def kill_and_check(proc: subprocess.Popen[bytes], signum: int) -> int:
    """Send ``signum`` to the parent only; return its exit code once no process of its
    session is alive (fail when one is still alive after the grace period)."""
    sid = proc.pid  # a new session's id is its leader's pid
    assert len(session_members(sid)) >= 3, "expected the parent and two workers"
    proc.send_signal(signum)
    try:
        proc.wait(timeout=GRACE + 5)  # reaps the parent
    finally:
        alive = wait_until_empty(sid)
        for pid in alive:  # leave nothing behind even when the test fails
            os.kill(pid, signal.SIGKILL)
    assert alive == [], f"processes of the killed run still alive: {alive}"
    return proc.returncode


def lines_of(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM])
def test_cli_batch_leaves_no_worker(tmp_path: Path, signum: int) -> None:
    src = hard_file(tmp_path / "hard.txt")
    out = tmp_path / "out.txt"
    cmd = [sys.executable, "-m", "sudograph", "solve", str(src), "-o", str(out)]
    proc = start([*cmd, "--method", "propagate", "--workers", "2"], tmp_path)
    wait_for(lambda: lines_of(out) > 0)
    code = kill_and_check(proc, signum)
    data = out.read_bytes()
    assert data.endswith(b"\n")  # complete lines only
    assert all(len(line) == 81 for line in data.split(b"\n")[:-1])
    if signum == signal.SIGTERM:
        assert code == 143
        assert b"Traceback" not in proc.stderr.read()  # type: ignore[union-attr]
    assert 0 < lines_of(out) < 4000


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM])
def test_solve_many_leaves_no_worker(tmp_path: Path, signum: int) -> None:
    src = hard_file(tmp_path / "hard.txt")
    script = textwrap.dedent(
        f"""
        import sys
        from sudograph.batch import solve_many
        lines = open({str(src)!r}).read().split()
        for r in solve_many(lines, method="propagate", workers=2, chunk_size=64):
            print(r.status, flush=True)
        """
    )
    proc = start([sys.executable, "-c", script], tmp_path)
    assert proc.stdout is not None
    wait_for(lambda: proc.stdout.readline().strip() == b"solved")  # type: ignore[union-attr]
    kill_and_check(proc, signum)


def test_watchdog_ends_an_orphan(tmp_path: Path) -> None:
    """A worker whose parent is gone ends within a second, even while blocked in a write
    (here: a grandchild sleeping with SIGTERM ignored, so only the watchdog can end it)."""
    script = textwrap.dedent(
        """
        import os, signal, sys, time
        from sudograph import _process
        parent = os.getpid()
        if os.fork() == 0:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            _process.watch_parent(parent, every=0.05)
            time.sleep(60)
            os._exit(0)
        time.sleep(0.3)
        os._exit(0)
        """
    )
    proc = start([sys.executable, "-c", script], tmp_path)
    proc.wait(timeout=10)
    assert wait_until_empty(proc.pid, 3.0) == []


def test_init_worker_sets_the_signals() -> None:
    """In a forked child: Ctrl-C ignored, SIGTERM handled (a first one stops the chunk and
    sends back the part done, a second one ends the worker), the watchdog running."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            signal.signal(signal.SIGTERM, lambda *a: None)
            _process.init_worker(os.getppid())
            ok = (
                signal.getsignal(signal.SIGINT) is signal.SIG_IGN
                and signal.getsignal(signal.SIGTERM) is _process.handle_worker_term
                and _process.watching()
            )
            os.write(w, b"1" if ok else b"0")
        finally:
            os._exit(0)
    os.close(w)
    got = os.read(r, 1)
    os.close(r)
    os.waitpid(pid, 0)
    assert got == b"1"


def test_terminated_is_raised_under_the_context() -> None:
    with pytest.raises(_process.Terminated), _process.terminate_gracefully():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(1)


def _watching() -> bool:
    from sudograph import _process as p

    return p.watching()


@pytest.mark.slow
def test_local_dask_workers_watch_their_parent() -> None:
    pytest.importorskip("distributed")
    from sudograph.distributed import close, connect

    client = connect("local", workers=1)
    try:
        assert set(client.run(_watching).values()) == {True}
    finally:
        close(client)


def test_a_batch_of_lines_is_not_cut_by_a_signal(tmp_path: Path) -> None:
    """A signal during a write of the batch mode waits until the lines are written: they are
    written once, whole, and the signal acts right after (whichever thread received it)."""
    out = tmp_path / "out.txt"
    fd = os.open(out, os.O_WRONLY | os.O_CREAT, 0o644)
    busy = threading.Thread(target=time.sleep, args=(1,))  # a thread that may receive it
    busy.start()
    for signum, exc in ((signal.SIGTERM, _process.Terminated), (signal.SIGINT, KeyboardInterrupt)):
        with pytest.raises(exc), _process.terminate_gracefully(), _process.signals_held():
            os.kill(os.getpid(), signum)
            time.sleep(0.05)  # the handler would raise here without signals_held
            os.write(fd, b"whole line\n")
    busy.join()
    os.close(fd)
    assert out.read_bytes() == b"whole line\n" * 2


HALF_A_RESULT = textwrap.dedent(
    """
    import gc, os, struct, threading, time
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.queues import SimpleQueue
    from sudograph._process import init_worker
    from sudograph.batch import end_pool

    def half_a_result():
        # the start of a 1 MB result on the pool's result pipe, then wait to be ended
        queue = next(o for o in gc.get_objects() if isinstance(o, SimpleQueue))
        os.write(queue._writer.fileno(), struct.pack("!i", 2**20) + b"x" * 100)
        time.sleep(60)

    if __name__ == "__main__":
        pool = ProcessPoolExecutor(1, initializer=init_worker, initargs=(os.getpid(),))
        pool.submit(half_a_result)
        pool.submit(len, b"x" * 2**20)  # a task too big for the pipe: its feeder blocks
        time.sleep(1.0)
        end_pool(pool)
        print("ended", threading.active_count(), flush=True)
    """
)


def test_a_worker_ended_mid_message_does_not_hang_the_exit(tmp_path: Path) -> None:
    """A worker ended in the middle of sending its result (Ctrl-C of a batch with workers)
    left the pool's manager thread waiting for the rest forever, and the interpreter joins
    that thread at exit: the CLI printed its summary and hung (seen in CI). ``end_pool``
    closes the pipe ends that kept both threads blocked, and waits for the manager thread to
    end: left running to the exit, its closing of its wake-up pipe raced the exit's write to
    it ("OSError: Bad file descriptor" on stderr, seen once in CI under load); only the main
    thread is left."""
    script = tmp_path / "half.py"
    script.write_text(HALF_A_RESULT)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[1] / "src"))
    done = subprocess.run(
        [sys.executable, str(script)], env=env, capture_output=True, timeout=30, check=False
    )
    assert done.stdout == b"ended 1\n"
    assert done.returncode == 0, done.stderr.decode()
    assert b"Traceback" not in done.stderr
