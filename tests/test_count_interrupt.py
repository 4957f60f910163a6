"""Ctrl-C during ``sudograph count`` of one puzzle: the solutions counted so far are shown as a
lower bound (as ``solve --count`` does) before the run stops with exit 130."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
EMPTY = "." * 81  # 6.67e21 solutions: never counted to the end


@pytest.mark.parametrize("json_flag", [False, True], ids=["text", "json"])
def test_ctrl_c_shows_the_count_so_far_as_a_lower_bound(json_flag: bool) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    cmd = [sys.executable, "-m", "sudograph", "count", EMPTY] + (["--json"] if json_flag else [])
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(4)  # start-up, kernels loaded, counting under way
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
