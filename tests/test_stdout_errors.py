"""A write to standard output that fails is said as such (``cannot write to standard output:
No space left on device``), whichever command wrote and however Python buffers it; a closed
pipe ends the run quietly, exit 0, with no 'Exception ignored' at exit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

FULL = Path("/dev/full")
PUZZLES = ["1.3.....2...4..1", ".2.......1......", "..2....3.1..4..1"]


def sudograph(*argv: str, stdout: int, unbuffered: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "sudograph", *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")
@pytest.mark.parametrize("unbuffered", [False, True])
@pytest.mark.parametrize(
    "argv",
    [
        ["show", "{FILE}"],
        ["check", "{FILE}"],
        ["solve", "{FILE}"],
        ["solve", "{FILE}", "--json"],
        ["solve", PUZZLES[0]],
        ["count", "{FILE}", "--json"],
    ],
)
def test_a_full_standard_output_is_named(tmp_path: Path, argv: list[str], unbuffered: bool) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join(PUZZLES) + "\n")
    with FULL.open("w") as full:
        done = sudograph(
            *[str(src) if a == "{FILE}" else a for a in argv],
            stdout=full.fileno(),
            unbuffered=unbuffered,
        )
    errors = [ln for ln in done.stderr.splitlines() if "error" in ln.lower()]
    assert done.returncode == 2
    assert errors == ["sudograph: error: cannot write to standard output: No space left on device"]


@pytest.mark.parametrize("unbuffered", [False, True])
def test_a_closed_pipe_ends_quietly(tmp_path: Path, unbuffered: bool) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join(PUZZLES) + "\n")
    read, write = os.pipe()
    os.close(read)  # no reader at all: the first write (or the flush at the end) fails
    try:
        done = sudograph("show", str(src), stdout=write, unbuffered=unbuffered)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, "")
