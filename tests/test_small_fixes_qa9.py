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


@pytest.mark.signals
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
        "sudograph: error: a worker process ended abruptly (killed by a signal, out of "
        "memory?) or could not start; every result so far is written; continue with --resume"
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
    argv = ["generate", "--count", "9", *seed, "--size", "4", "-o", str(out), "--workers", "1"]
    code = main(argv)  # (here: make_then_lose is no function a worker process can load)
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


# -- generate: the box shape's facts, the 9x9 counter, a chunk's lines kept -------------------


@pytest.mark.parametrize("box", [(1, 9), (9, 1)])
def test_generate_on_1x9_boxes_removes_clues(box: tuple[int, int]) -> None:
    """The 9x9 batch counter (3x3 boxes) was picked for any side 9: on a 1x9 grid every
    removal counted as not unique, so generate returned the full grid and is_minimal said
    False of a minimal puzzle."""
    from sudograph import Grid, count, generate
    from sudograph.generate import is_minimal

    puzzle = generate(box, seed=2)
    assert puzzle.clues < 81 and count(puzzle, "propagate", limit=2).count == 1
    assert is_minimal(puzzle)
    known = ".6....8.4...5.96.3..1.5.3.23....1.9..5...6.1..7.61.9...3.4.7..54173.....8.42...6."
    assert is_minimal(Grid.parse(known, box=(1, 9)))


@pytest.mark.parametrize(
    ("box", "clues", "refused"),
    [
        ((2, 2), 7, "a minimal 4x4 puzzle has 4 to 6 clues, not 7"),
        ((1, 4), 7, None),  # a Latin square has minimal puzzles of 7 clues
        ((1, 4), 3, "a unique 4x4 puzzle needs at least 4 clues, not 3"),  # any 4x4's
        ((4, 1), 7, None),
        ((3, 3), 16, "a unique 9x9 puzzle needs at least 17 clues, not 16"),
        ((1, 9), 16, None),  # 17 is the 3x3 boxes' minimum
    ],
)
def test_the_4x4_and_9x9_facts_are_of_their_box_shape(
    box: tuple[int, int], clues: int, refused: str | None
) -> None:
    from sudograph.errors import InvalidArgument
    from sudograph.generate import check_options

    n = box[0] * box[1]
    if refused is None:
        assert check_options(n, clues, minimal=n == 4, box=box) == "none"
    else:
        with pytest.raises(InvalidArgument, match=refused):
            check_options(n, clues, minimal=n == 4, box=box)


def test_generate_minimal_1x4_with_7_clues(capfd: pytest.CaptureFixture[str]) -> None:
    from sudograph import Grid, count
    from sudograph.generate import is_minimal

    assert main(["generate", "--box", "1x4", "--clues", "7", "--minimal", "--seed", "1"]) == 0
    line = capfd.readouterr().out.strip()
    puzzle = Grid.parse(line, box=(1, 4))
    assert puzzle.clues == 7 and is_minimal(puzzle)
    assert count(puzzle, "propagate", limit=2).count == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--clues", "82"], "--clues: must be between 0 and 81, got 82"),
        (["--size", "4", "--clues", "-1"], "--clues: must be between 0 and 16, got -1"),
    ],
)
def test_clues_errors_name_the_option(
    capfd: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["generate", *argv]) == 2
    assert capfd.readouterr().err == (
        f"sudograph: error: {message} (see sudograph generate --help)\n"
    )


def test_generate_to_a_file_keeps_the_puzzles_made_before_a_failure(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Puzzles are made 4 at a time: the 3rd failing (no puzzle within the timeout) lost the
    two made before it with ``-o`` (0 lines written), where standard output had them."""
    import sudograph.cli.cmd_generate as cmd_generate
    from sudograph.errors import InvalidArgument

    real = cmd_generate.classic_puzzle
    calls: list[int] = []

    def third_fails(*args: Any, **kw: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise InvalidArgument("no puzzle found within 2 s (test)")
        return real(*args, **kw)

    monkeypatch.setattr(cmd_generate, "classic_puzzle", third_fails)
    out = tmp_path / "out.txt"
    assert main(["generate", "--size", "4", "--count", "5", "--seed", "3", "-o", str(out)]) == 2
    assert capfd.readouterr().err.endswith(
        "sudograph: error: no puzzle found within 2 s (test); every line so far is written; "
        "continue with --resume\n"
    )
    calls.clear()
    assert main(["generate", "--size", "4", "--count", "2", "--seed", "3"]) == 0
    assert out.read_text() == capfd.readouterr().out  # the two made, as without -o


def test_lines_before_travel_whole() -> None:
    """A Dask worker's error reaches the client pickled: the lines and the error with it."""
    import pickle

    from sudograph.cli.batchmode import LinesBefore
    from sudograph.errors import InvalidArgument

    back = pickle.loads(pickle.dumps(LinesBefore(["a", "b"], InvalidArgument("no puzzle"))))
    assert back.lines == ["a", "b"] and isinstance(back.error, InvalidArgument)
    assert str(back.error) == "no puzzle"


def test_solve_checks_what_the_python_engine_found_on_the_auto_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """solve leaves the check to the twin only when the twin ran: a search that ended in the
    Python engine's budget (engine auto) is checked by solve, a non-solution refused."""
    import sudograph.search.backtracking as backtracking
    from sudograph import Grid, solve
    from sudograph.problem import Result, Stats

    def wrong(problem: Any, options: Any) -> Any:
        return Result("solved", [(1,) * problem.graph.n], Stats(nodes=1), complete=False)

    wrong.__module__ = backtracking.__name__  # the reference search, as _dispatch tells it
    monkeypatch.setattr(backtracking, "run", wrong)
    monkeypatch.delenv("SUDOGRAPH_ENGINE", raising=False)
    with pytest.raises(AssertionError, match="returned a non-solution"):
        solve(Grid.empty(2), "naive")  # within the budget: the twin never ran


def test_a_ctrl_c_in_a_chunk_keeps_the_puzzles_made_before_it(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while the 3rd puzzle of a chunk of 4 was made lost the two made before it."""
    import sudograph.cli.cmd_generate as cmd_generate

    real = cmd_generate.classic_puzzle
    calls: list[int] = []

    def third_interrupted(*args: Any, **kw: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(cmd_generate, "classic_puzzle", third_interrupted)
    out = tmp_path / "out.txt"
    assert main(["generate", "--size", "4", "--count", "5", "--seed", "3", "-o", str(out)]) == 130
    err = capfd.readouterr().err
    assert err.endswith("interrupted: every line so far is written; continue with --resume\n")
    assert len(out.read_text().splitlines()) == 2
