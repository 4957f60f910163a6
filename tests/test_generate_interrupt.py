"""Ctrl-C stops generation at every size (it was taken above 9×9 for an undecided clue: the
run went on, exited 0, and could print another puzzle than the seed's), and stops
``is_unique`` (a ``KeyboardInterrupt``, not "uniqueness unknown")."""

from __future__ import annotations

import importlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudograph.grid import Grid
from sudograph.problem import Result, Stats
from sudograph.variants import Variant

SRC = Path(__file__).resolve().parents[1] / "src"
gen = importlib.import_module("sudograph.generate")  # the module (the package exports the function)


def _interrupted(*_args: object, **_kw: object) -> Result:
    return Result("stopped", [], Stats(), method="propagate", reason="interrupted", complete=False)


@pytest.mark.parametrize("box", [(4, 4), (2, 3)])
def test_a_count_cut_by_ctrl_c_stops_the_removals(monkeypatch, box) -> None:
    grid = Grid.empty(box)
    counter = gen._Counter(grid, "propagate", False, 50, "auto")
    monkeypatch.setattr(gen, "solve", _interrupted)
    with pytest.raises(KeyboardInterrupt):
        counter.verdicts([grid.values])


def test_a_variant_solution_cut_by_ctrl_c_stops(monkeypatch) -> None:
    monkeypatch.setattr(gen, "solve", _interrupted)
    with pytest.raises(KeyboardInterrupt):
        gen._variant_solution(Variant.parse("x"), (2, 2), random.Random(1))


def test_is_unique_cut_by_ctrl_c_raises_keyboard_interrupt(monkeypatch) -> None:
    solve_module = importlib.import_module("sudograph.solve")
    monkeypatch.setattr(solve_module, "solve", _interrupted)
    with pytest.raises(KeyboardInterrupt):
        solve_module.is_unique(Grid.empty(2))


def test_ctrl_c_stops_generate_of_16x16_with_exit_130() -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    cmd = [sys.executable, "-m", "sudograph", "generate", "--size", "16", "--seed", "1",
           "--count", "200"]  # fmt: skip
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()  # kernels loaded (compiled on a fresh clone), one made
    time.sleep(0.5)  # the next puzzle's removals under way (about 0.2 s each)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and b"interrupted" in err
    assert first and len([first, *out.splitlines()]) < 200  # it stopped, not finished
