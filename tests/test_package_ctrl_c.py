"""Ctrl-C while the package itself loads (``import sudograph``: about 0.2 s, its solvers and
generator), started as the command: Python's traceback and an exit by the signal (2 runs in 25
with the signal at random in the first 1.2 s). Now the command's one line and exit 130, as
later; a program that imports sudograph still gets its ``KeyboardInterrupt``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

BOOM = """
import sys

class Boom:  # Ctrl-C as the package imports its grid module (0.2 s in, at the latest)
    def find_spec(self, name, path, target=None):
        if name == "sudograph.grid":
            raise KeyboardInterrupt
        return None

sys.meta_path.insert(0, Boom())
"""
PUZZLE = "1" + "." * 15
SCRIPT = Path(sys.executable).with_name("sudograph")
"""The console script of this environment (where it is installed)."""


def run_with_boom(tmp_path: Path, argv: list[str]) -> subprocess.CompletedProcess[str]:
    (tmp_path / "sitecustomize.py").write_text(BOOM)  # (loaded at start-up from PYTHONPATH)
    path = [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(path))
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    "options",
    [
        ["-m", "sudograph"],
        ["-X", "utf8", "-m", "sudograph"],
        ["-u", "-msudograph"],
        ["-m", "sudograph.cli"],
    ],
    ids=["-m", "-X-before", "-msudograph", "-m-cli"],
)
def test_python_m_sudograph(tmp_path: Path, options: list[str]) -> None:
    run = run_with_boom(tmp_path, [sys.executable, *options, "show", PUZZLE])
    assert (run.returncode, run.stderr) == (130, "sudograph: error: interrupted\n"), run


@pytest.mark.skipif(not SCRIPT.exists(), reason="no sudograph script beside this Python")
def test_the_sudograph_script(tmp_path: Path) -> None:
    run = run_with_boom(tmp_path, [str(SCRIPT), "show", PUZZLE])
    assert (run.returncode, run.stderr) == (130, "sudograph: error: interrupted\n"), run


@pytest.mark.parametrize("name", ["my_program", "sudograph"])
def test_a_program_still_gets_its_keyboard_interrupt(tmp_path: Path, name: str) -> None:
    """A program importing sudograph (``-c`` here, even with ``sys.argv[0]`` named
    sudograph, as a spawned child of the command has it): Python's traceback, then its exit
    by the signal (POSIX)."""
    script = f"import sys; sys.argv[0] = {name!r}; import sudograph"
    run = run_with_boom(tmp_path, [sys.executable, "-c", script])
    assert run.stderr.strip().endswith("KeyboardInterrupt"), run
    if os.name == "posix":
        assert run.returncode == -signal.SIGINT, run
