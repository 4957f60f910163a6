"""Ctrl-C during ``sudograph count`` of one puzzle: the solutions counted so far are shown as a
lower bound (as ``solve --count`` does) before the run stops with exit 130."""

from __future__ import annotations

import importlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.signals  # (tests/conftest.py)

SRC = Path(__file__).resolve().parents[1] / "src"
EMPTY = "." * 81  # 6.67e21 solutions: never counted to the end


@pytest.mark.parametrize("json_flag", [False, True], ids=["text", "json"])
def test_ctrl_c_shows_the_count_so_far_as_a_lower_bound(json_flag: bool) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    cmd = [sys.executable, "-m", "sudograph", "count", EMPTY] + (["--json"] if json_flag else [])
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(6)  # start-up, kernels loaded, counting under way
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err
    assert b"interrupted" in err
    line = out.decode().strip()
    if json_flag:
        record = json.loads(line)
        assert record["line"] is None
        assert record["complete"] is False
        assert record["count"] >= 0
        assert record["unique"] in (None, False)
    else:
        assert line.startswith("at least ")
        assert line.endswith("(interrupted)")


def test_ctrl_c_while_the_kernels_load_keeps_the_first_pass(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Ctrl-C between the Python pass and the compiled count (the kernels loading) is a
    plain KeyboardInterrupt: the line still comes, with what the first pass counted."""
    from sudograph.cli import main

    solve_module = importlib.import_module("sudograph.solve")
    real = solve_module.count

    def count(*args: object, **kw: object) -> object:
        if kw.get("engine") != "python":  # the second pass
            raise KeyboardInterrupt
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(solve_module, "count", count)
    assert main(["count", EMPTY]) == 130
    line = capsys.readouterr().out.strip()
    assert line.startswith("at least ") and line.endswith("(interrupted)")
