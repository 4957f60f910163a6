"""Issue 19, item 3: the one-time compilation is announced, once, and kept out of the rate."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudograph.cli import batchmode, main
from sudograph.engine import compile as kc

pytest.importorskip("numba")

SAMPLE = Path(__file__).parent / "data" / "sudoku" / "norvig_easy50.txt"
ANTI = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
"""Seed 002's grid made against brute force (millions of nodes for naive)."""


def run_cli(args: list[str], cache: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    return subprocess.run(
        [sys.executable, "-m", "sudograph", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.mark.slow
def test_first_run_announces_compiling_and_the_next_does_not(tmp_path: Path) -> None:
    cache = tmp_path / "numba-cache"  # a fresh install, as far as numba's cache goes
    argv = ["solve", str(SAMPLE), "-o", str(tmp_path / "out.txt"), "--method", "fast"]
    first = run_cli(argv, cache)
    assert first.returncode == 0, first.stderr
    assert first.stderr.count(kc.NOTICE) == 1
    assert "not counted" in first.stderr
    second = run_cli(argv, cache)
    assert second.returncode == 0, second.stderr
    assert kc.NOTICE not in second.stderr
    # one puzzle on the twin, not compiled yet: announced by the engine itself, once
    one = run_cli(["solve", ANTI, "-m", "naive", "--engine", "numba", "--max-nodes", "100"], cache)
    assert one.returncode == 1, one.stderr  # stopped by the node limit
    assert one.stderr.count(kc.NOTICE) == 1
    made = run_cli(["generate", "--seed", "1"], cache)
    assert made.returncode == 0, made.stderr
    assert kc.NOTICE not in made.stderr  # its kernels (fast, twin) are in the cache now
    ready = run_cli(["warmup"], cache)  # compiles what is left (the house kernel, say)
    assert "fast kernel loaded from the cache" in ready.stdout
    assert "twin kernel loaded from the cache" in ready.stdout
    assert ready.stderr.count(kc.NOTICE) == (" compiled in " in ready.stdout)
    again = run_cli(["warmup"], cache)
    assert " compiled in " not in again.stdout and kc.NOTICE not in again.stderr


def test_the_rate_excludes_compiling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fake clock: compiling takes 1,000 s of it, each other reading 1 ms. A rate that
    counted the compilation would be below 1 puzzle/s."""
    now = [0.0]

    def clock() -> float:
        now[0] += 0.001
        return now[0]

    def compile_first(method: str) -> float:
        now[0] += 1000.0
        return 1000.0

    monkeypatch.setattr(batchmode, "_clock", clock)
    monkeypatch.setattr(batchmode, "compile_first", compile_first)
    out = tmp_path / "out.txt"
    assert main(["solve", str(SAMPLE), "-o", str(out), "--method", "fast", "--workers", "1"]) == 0
    err = capsys.readouterr().err
    rate = re.search(r"([\d,]+) puzzles/s", err)
    assert rate is not None, err
    assert int(rate.group(1).replace(",", "")) >= 1000
    assert "kernels ready in 1000.0 s, not counted" in err


def test_the_notice_is_given_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kc, "is_cached", lambda name: False)
    monkeypatch.setattr(kc, "_announced", False)
    said: list[str] = []
    kc.ensure_compiled("fast", said.append)
    kc.ensure_compiled("fast", said.append)
    kc.ensure_compiled("twin", said.append)
    assert said == [kc.NOTICE]


def test_a_cached_kernel_is_not_announced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kc, "_announced", False)
    kc.ensure_compiled("fast")  # compiled (or loaded) now: in the cache from here on
    said: list[str] = []
    assert kc.is_cached("fast")
    kc.ensure_compiled("fast", said.append)
    assert said == []


def test_warmup_runs_every_registered_kernel(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[str] = []
    monkeypatch.setitem(sys.modules, "fake_kernel", type(sys)("fake_kernel"))
    sys.modules["fake_kernel"].warm = lambda: calls.append("warm")  # type: ignore[attr-defined]
    monkeypatch.setitem(kc.KERNELS, "demo", kc.Kernel("demo", "fake_kernel:warm"))
    assert main(["warmup", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert calls == ["warm"]
    assert set(doc["kernels"]) >= {"fast", "twin", "demo"}
    assert doc["kernels"]["demo"]["compiled"] is False  # no entries: nothing to compile


def test_an_unknown_kernel_is_refused() -> None:
    with pytest.raises(kc.InvalidArgument, match="unknown compiled kernel 'nope'"):
        kc.ensure_compiled("nope")


def test_warmup_names_a_kernel_that_does_not_load(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(kc.KERNELS, "broken", kc.Kernel("broken", "no_such_module_19:warm"))
    assert main(["warmup"]) == 2
    captured = capsys.readouterr()
    assert "the broken kernel did not load: ModuleNotFoundError" in captured.err
    assert "Traceback" not in captured.err
    assert "fast kernel" in captured.out  # the others are still warmed up
