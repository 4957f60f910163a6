"""Issue 19, item 2: two runs never write one output file.

A run that writes ``-o OUT`` holds an exclusive lock on ``OUT.lock`` (its pid inside); a second
writer, ``--resume`` included, is refused in one line naming that pid (exit 2) and OUT is left
as it is; the lock of a killed run is taken over.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.cli.batchmode import OutputBusy, OutputLock

DATA = Path(__file__).parent / "data" / "sudoku"

pytest.importorskip("fcntl")


def hard_file(path: Path, n: int = 3000) -> Path:
    lines = (DATA / "tdoku_hardest1106_50.txt").read_text().split()
    path.write_text("\n".join(lines[i % len(lines)] for i in range(n)) + "\n")
    return path


def small_file(path: Path) -> Path:
    path.write_text("\n".join((DATA / "norvig_easy50.txt").read_text().split()[:3]) + "\n")
    return path


def start_writer(src: Path, out: Path) -> subprocess.Popen[bytes]:
    """A long ``solve SRC -o OUT`` in another process, once it holds the lock."""
    argv = [sys.executable, "-m", "sudograph", "solve", str(src), "-o", str(out)]
    err = out.with_name(out.name + ".err")
    with err.open("wb") as sink:
        proc = subprocess.Popen(
            [*argv, "--method", "propagate", "--workers", "1"],
            stdout=subprocess.DEVNULL,
            stderr=sink,
        )
    lock = Path(f"{out}.lock")
    end = time.monotonic() + 60
    while not (lock.exists() and lock.read_text().strip() == str(proc.pid)):
        if proc.poll() is not None or time.monotonic() > end:
            raise AssertionError(f"the first run did not start: {err.read_text()}")
        time.sleep(0.02)
    return proc


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.wait()


SECOND_WRITERS = {
    "solve": lambda src, out: ["solve", str(src), "-o", str(out), "--method", "propagate"],
    "solve --resume": lambda src, out: ["solve", str(src), "-o", str(out), "--resume"],
    "count": lambda src, out: ["count", str(src), "-o", str(out)],
    "generate": lambda src, out: ["generate", "--size", "4", "--seed", "1", "-o", str(out)],
    "generate --resume": lambda src, out: [
        "generate",
        "--size",
        "4",
        "--seed",
        "1",
        "--count",
        "3",
        "-o",
        str(out),
        "--resume",
    ],
}


@pytest.mark.slow
def test_a_second_writer_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = hard_file(tmp_path / "hard.txt")
    out = tmp_path / "out.txt"
    small = small_file(tmp_path / "small.txt")
    proc = start_writer(src, out)
    try:
        for name, argv in SECOND_WRITERS.items():
            before = out.read_bytes()
            assert main(argv(small, out)) == 2, name
            err = capsys.readouterr().err
            assert err.count("\n") == 1, (name, err)
            assert f"{out} is being written by another run (pid {proc.pid})" in err, name
            assert out.read_bytes().startswith(before), name  # not truncated, not written
        assert proc.poll() is None  # the first run goes on
    finally:
        stop(proc)


@pytest.mark.signals
@pytest.mark.slow
def test_the_lock_of_a_killed_run_is_taken_over(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    stop(start_writer(hard_file(tmp_path / "hard.txt"), out))  # SIGKILL: OUT.lock stays
    assert Path(f"{out}.lock").exists()
    small = small_file(tmp_path / "small.txt")
    assert main(["solve", str(small), "-o", str(out), "--resume", "--method", "propagate"]) == 0
    assert not Path(f"{out}.lock").exists()  # removed on a clean exit


@pytest.mark.parametrize("resume", [False, True])
def test_a_clean_run_leaves_no_lock(tmp_path: Path, resume: bool) -> None:
    small = small_file(tmp_path / "small.txt")
    out = tmp_path / "out.txt"
    argv = ["solve", str(small), "-o", str(out), "--method", "propagate"]
    assert main(argv + (["--resume"] if resume else [])) == 0
    assert out.read_text().count("\n") == 3
    assert not Path(f"{out}.lock").exists()


def test_a_stale_lock_file_is_taken_over(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    Path(f"{out}.lock").write_text("999999999\n")  # a pid no process has, no flock held
    with OutputLock(out) as lock:
        assert Path(lock.path).read_text() == f"{os.getpid()}\n"
    assert not Path(lock.path).exists()


def test_the_lock_is_exclusive_within_a_process(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    with OutputLock(out), pytest.raises(OutputBusy, match=f"pid {os.getpid()}"):
        OutputLock(out).acquire()
    OutputLock(out).acquire().release()  # free again once released
