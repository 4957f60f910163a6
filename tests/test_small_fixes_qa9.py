"""Fixes from the ninth QA round: batch work whose workers die, bench scripts, messages."""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sudograph.cli import main
from sudograph.errors import SudographError, WorkLost

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


# -- a worker of the pool that dies: one line, what came before kept, exit 2 ------------------


def test_a_dead_pool_worker_is_work_lost_after_the_rows_before() -> None:
    """A worker killed mid-run (SIGKILL, as the OOM killer does) raised concurrent.futures'
    BrokenProcessPool out of solve_many (a traceback from the CLI): the rows before the lost
    chunk come out, in order, then :class:`WorkLost`, a :class:`SudographError`."""
    from sudograph.batch import solve_many

    puzzles = [EASY] * 4 + [HARD] * 400
    rows = []
    others = {p.pid for p in multiprocessing.active_children()}  # (other tests' are left)
    with pytest.raises(WorkLost, match="worker process ended abruptly") as caught:
        for row in solve_many(puzzles, "naive", workers=2, engine="python", chunk_size=4):
            rows.append(row)
            if len(rows) == 1:
                for child in multiprocessing.active_children():
                    if child.pid not in others:  # the pool's workers
                        os.kill(child.pid, signal.SIGKILL)  # type: ignore[arg-type]
    assert isinstance(caught.value, SudographError)
    assert [r.index for r in rows] == list(range(len(rows))) and len(rows) < len(puzzles)
    assert all(r.status == "solved" for r in rows)


def test_the_file_mode_says_what_was_lost_and_how_to_go_on(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file mode writes the rows it got, prints its summary, then one line naming the
    loss and ``--resume``; exit 2; ``--resume`` then finishes OUT as a run never cut."""
    import sudograph.batch as batch

    real = batch.solve_many

    def dies_after_two(*args: Any, **kw: Any) -> Iterator[Any]:
        for i, row in enumerate(real(*args, **kw)):
            if i == 2:
                raise WorkLost(batch.WORKER_DIED)
            yield row

    src = tmp_path / "in.txt"
    src.write_text("\n".join([EASY, HARD, EASY, HARD, EASY]) + "\n")
    out = tmp_path / "out.txt"
    monkeypatch.setattr(batch, "solve_many", dies_after_two)
    assert main(["solve", str(src), "-o", str(out)]) == 2
    err = capfd.readouterr().err
    assert "sudograph: 2 puzzles: 2 solved" in err, err
    assert err.splitlines()[-1] == (
        "sudograph: error: a worker process ended abruptly (killed by a signal, or out of "
        "memory?); every result so far is written; continue with --resume"
    )
    assert len(out.read_text().splitlines()) == 2
    monkeypatch.setattr(batch, "solve_many", real)
    assert main(["solve", str(src), "-o", str(out), "--resume"]) == 0
    whole = tmp_path / "whole.txt"
    assert main(["solve", str(src), "-o", str(whole)]) == 0
    assert out.read_text() == whole.read_text()


@pytest.mark.parametrize("seeded", [True, False])
def test_a_numbered_run_that_loses_its_cluster_says_so(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    seeded: bool,
) -> None:
    """``generate -o OUT`` whose (Dask) work is lost: the lines made are kept, one line with
    the loss and ``--resume``, exit 2. Without ``--seed``, the hint names the seed drawn (a
    ``--resume`` refuses to go on without it, and it was said once, lines before)."""
    import sudograph.cli.batchmode as batchmode

    real = batchmode.run_numbered

    def losing(args: Any, make: Any, spec: Any, total: int, **kw: Any) -> int:
        def make_then_lose(numbers: range, spec: Any) -> list[str]:
            if numbers.start > 1:
                raise WorkLost("lost the Dask scheduler: test")
            return list(make(numbers, spec))

        return real(args, make_then_lose, spec, total, **kw)

    monkeypatch.setattr(batchmode, "run_numbered", losing)  # (cmd_generate imports it late)
    out = tmp_path / "gen.txt"
    seed = ["--seed", "1"] if seeded else []
    code = main(["generate", "--count", "9", *seed, "--size", "4", "-o", str(out)])
    err = capfd.readouterr().err
    assert code == 2, err
    last = err.splitlines()[-1]
    assert last.startswith("sudograph: error: lost the Dask scheduler: test;"), err
    if seeded:
        assert last.endswith("every line so far is written; continue with --resume"), err
    else:
        drawn = err.splitlines()[0].removeprefix("sudograph: seed ")
        assert last.endswith(f"continue with --resume --seed {drawn}"), err
        assert drawn.isdigit()
    assert 1 <= len(out.read_text().splitlines()) < 9


def test_a_message_printed_under_the_progress_bar_is_not_wrapped() -> None:
    """On a terminal, an error line printed while the bar shows went through rich's console,
    which cut it at the terminal's width (a newline inside ``file:line: message``): the
    console soft-wraps, the line is whole."""
    import io

    from sudograph.cli.batchmode import _Bar

    bar = _Bar(10)
    bar.stop()
    console = bar.progress.console
    console.file = io.StringIO()
    console.width = 40
    line = "sudograph: error: hb.txt:4000: wrong length: 7 cells is not N*N for a side N"
    console.print(line)
    assert console.file.getvalue() == line + "\n"
