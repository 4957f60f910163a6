"""Ctrl-C in a file run solved in this process (QA, 2026-11-26): the rows of the puzzles done
are written, the puzzle cut off gets no row (a search stopped by Ctrl-C returned "stopped", or
a partial count, written as a result and never redone by ``--resume``), and the run ends with
exit code 130."""

from __future__ import annotations

import importlib
import os
import signal
from pathlib import Path
from typing import Any

import pytest

from sudograph._process import terminate_gracefully
from sudograph.batch import ChunkInterrupted, _held_block
from sudograph.cli import main
from sudograph.grid import Grid
from sudograph.problem import Result

pytestmark = pytest.mark.signals  # (tests/conftest.py)

core = importlib.import_module("sudograph.solve")  # (the package exports a function solve)

A, CUT, B = "1.3.....2...4..1", "..1.2..4.4..3.41", "4.3.1..42..3.1.."


def cut_off(real: Any) -> Any:
    """``real`` (solve or count), stopped by Ctrl-C on the puzzle CUT."""

    def stopped(grid: Grid, *args: Any, **kwargs: Any) -> Result:
        if grid.to_line() == CUT:
            return Result("stopped", reason="interrupted")
        return real(grid, *args, **kwargs)  # type: ignore[no-any-return]

    return stopped


@pytest.mark.parametrize(
    ("extra", "patched"), [([], "solve"), (["--count"], "count"), (["--limit", "2"], "solve")]
)
def test_ctrl_c_writes_the_rows_done_and_resume_redoes_the_one_cut(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    extra: list[str],
    patched: str,
) -> None:
    src, out = tmp_path / "in.txt", tmp_path / "out.txt"
    src.write_text(f"{A}\n{CUT}\n{B}\n")
    argv = ["solve", str(src), "-o", str(out), "--workers", "1", *extra]
    monkeypatch.setattr(core, patched, cut_off(getattr(core, patched)))
    assert main(argv) == 130
    assert "interrupted: every result so far is written" in capfd.readouterr().err
    first = out.read_text().splitlines()
    assert len(first) == 1  # A's row; none for CUT
    monkeypatch.undo()
    assert main([*argv, "--resume"]) == 0
    whole = tmp_path / "whole.txt"
    assert main(["solve", str(src), "-o", str(whole), "--workers", "1", *extra]) == 0
    assert out.read_text() == whole.read_text() and out.read_text().startswith(first[0])


def test_ctrl_c_in_count_makes_up_no_count(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = tmp_path / "in.txt"
    src.write_text(f"{A}\n{CUT}\n{B}\n")
    monkeypatch.setattr(core, "count", cut_off(core.count))
    assert main(["count", str(src)]) == 130
    out, err = capfd.readouterr()
    assert out == "line 1: 2 solutions\n" and "interrupted" in err


def test_a_compiled_block_keeps_its_rows_through_ctrl_c() -> None:
    def block() -> Any:
        os.kill(os.getpid(), signal.SIGINT)  # arrives while the block runs: held
        return "the block's rows"

    with terminate_gracefully(), pytest.raises(ChunkInterrupted) as stop:
        _held_block(block)
    assert stop.value.rows == "the block's rows"
    assert isinstance(stop.value.cause, KeyboardInterrupt)


def test_a_bad_line_is_reported_when_its_row_is_written(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bad line read ahead of a puzzle cut by Ctrl-C was reported and counted ("0 puzzles
    ... (1 bad line)") though no row was written for it, then reported again by --resume."""
    src, out = tmp_path / "in.txt", tmp_path / "out.txt"
    src.write_text(f"{A}\n{CUT}\n1.3.x\n{B}\n")
    argv = ["solve", str(src), "-o", str(out), "--workers", "1"]
    monkeypatch.setattr(core, "solve", cut_off(core.solve))
    assert main(argv) == 130
    err = capfd.readouterr().err
    assert f"{src}:3:" not in err and "1 puzzle: 1 solved" in err and "(0 bad lines)" in err, err
    monkeypatch.undo()
    assert main([*argv, "--resume"]) == 2
    err = capfd.readouterr().err
    assert err.count(f"{src}:3:") == 1 and "(1 bad line)" in err, err
    assert len(out.read_text().splitlines()) == 4


def test_bad_lines_are_reported_in_the_order_of_the_rows(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A clashing puzzle's error (found when solved) came after a later line's parse error
    (found when read)."""
    src = tmp_path / "in.txt"
    src.write_text(f"{A}\n11..............\n1.3.x\n")
    assert main(["solve", str(src), "-o", str(tmp_path / "out.txt"), "--workers", "1"]) == 2
    errors = [e for e in capfd.readouterr().err.splitlines() if "error:" in e]
    assert [e.split(f"{src}:")[1].split(":")[0] for e in errors] == ["2", "3"], errors
