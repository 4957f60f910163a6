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

pytestmark = pytest.mark.signals  # (tests/conftest.py)

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


def _cut_after_one(reason: str):
    def run(problem, options):
        return Result("solved", [(1,) * problem.graph.n], Stats(), method="sat", reason=reason,
                      complete=False, count=1)  # fmt: skip

    return run


@pytest.mark.parametrize(("reason", "outcome"), [("interrupted", KeyboardInterrupt),
                                                 ("time limit", None)])  # fmt: skip
def test_a_sat_check_cut_after_its_first_solution_is_no_unique(monkeypatch, reason, outcome):
    """Cut before a second solution was ruled out, it answered "unique" (True), and Ctrl-C
    was lost: generation went on (an x killer 9x9 run kept printing after it)."""
    sat = importlib.import_module("sudograph.search.sat")
    monkeypatch.setattr(sat, "run", _cut_after_one(reason))
    problem = Grid.parse("1" + "." * 15).problem
    if outcome is KeyboardInterrupt:
        with pytest.raises(KeyboardInterrupt):
            gen._sat_unique(problem)
    else:
        assert gen._sat_unique(problem, 1.0) is None


def test_a_count_with_two_solutions_cut_by_ctrl_c_still_stops(monkeypatch) -> None:
    grid = Grid.empty((2, 2))
    two = [(1,) * 16, (2,) * 16]

    def interrupted(*_args, **_kw):
        return Result("stopped", two, Stats(), method="propagate", reason="interrupted",
                      complete=False)  # fmt: skip

    counter = gen._Counter(grid, "propagate", False, 50, "auto")
    monkeypatch.setattr(gen, "solve", interrupted)
    with pytest.raises(KeyboardInterrupt):
        counter.verdicts([grid.values])


@pytest.mark.parametrize("reason", ["interrupted", "node limit"])
def test_the_house_kernel_says_ctrl_c_even_with_enough_solutions(reason: str) -> None:
    """A run cut by Ctrl-C in the slice that found the second solution came back as a plain
    'solved' (reason ''): generation went on, the Ctrl-C lost (one try in about sixty)."""
    houses = importlib.import_module("sudograph.engine.houses")
    search = houses._checked_search(Grid.empty((2, 2)).problem, 2, 0)
    search.solutions = [(1,) * 16, (2,) * 16]
    result = houses._result(search, search.K.LIMIT, reason, Stats(), 2)
    assert result.status == "solved"
    assert result.reason == ("interrupted" if reason == "interrupted" else "")
