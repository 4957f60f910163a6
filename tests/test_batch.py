"""Batch solving (solve_many) and the file mode of ``sudograph solve`` (cli.batchmode)."""

from __future__ import annotations

import argparse
import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from sudograph.batch import BatchResult, solve_many  # noqa: E402
from sudograph.cli import batchmode  # noqa: E402
from sudograph.errors import InvalidArgument  # noqa: E402
from sudograph.grid import Grid  # noqa: E402

DATA = Path(__file__).parent / "data" / "sudoku"
SRC = Path(__file__).resolve().parents[1] / "src"


def read_lines(name: str) -> list[str]:
    return [ln.strip() for ln in (DATA / name).read_text().splitlines() if ln.strip()]


PUZZLES = read_lines("tdoku_17_clue_200.txt")[:60] + read_lines("norvig_top95.txt")[:20]


def check(puzzle: str, result: BatchResult) -> None:
    assert result.status == "solved"
    assert result.solution is not None
    assert Grid.parse(result.solution).is_solution_of(Grid.parse(puzzle))


@pytest.mark.parametrize(("workers", "chunk"), [(1, 7), (2, 9), (2, 1000)])
def test_strings_in_input_order(workers: int, chunk: int) -> None:
    results = list(solve_many(PUZZLES, workers=workers, chunk_size=chunk))
    assert [r.index for r in results] == list(range(len(PUZZLES)))
    for p, r in zip(PUZZLES, results, strict=True):
        check(p, r)


@pytest.mark.parametrize("kind", ["grids", "mixed", "array", "generator"])
def test_input_kinds_agree(kind: str) -> None:
    lines = PUZZLES[:25]
    expected = [r.solution for r in solve_many(lines, workers=1)]
    if kind == "grids":
        source: object = [Grid.parse(p) for p in lines]
    elif kind == "mixed":  # a Grid among strings: the chunk is not joined, items one by one
        source = [Grid.parse(p) if i % 5 == 3 else p for i, p in enumerate(lines)]
    elif kind == "array":
        source = np.array([Grid.parse(p).values for p in lines], dtype=np.int64)
    else:
        source = (p for p in lines)
    got = [r.solution for r in solve_many(source, workers=2, chunk_size=4)]
    assert got == expected


def test_limit_two_reports_counts_and_errors_are_rows() -> None:
    serg = read_lines("tdoku_serg_100.txt")[:5]
    items = [*serg, "11" + "." * 79, "not a puzzle", "12345678." + "........9" + "." * 63]
    results = list(solve_many(items, limit=2, workers=1))
    assert [r.count for r in results[:5]] == [2] * 5
    assert [r.status for r in results[5:]] == ["error", "error", "unsatisfiable"]
    clash = "clashing clues: row 1: 1 at r1c1, r1c2; box 1: 1 at r1c1, r1c2"
    assert results[5].to_line() == f"error: {clash}"
    assert results[7].to_line() == "unsatisfiable"


def test_streams_lazily_from_an_endless_generator() -> None:
    endless = itertools.cycle(PUZZLES[:3])
    first = list(itertools.islice(solve_many(endless, workers=1, chunk_size=8), 10))
    assert len(first) == 10
    for p, r in zip(itertools.cycle(PUZZLES[:3]), first, strict=False):
        check(p, r)


def test_small_grid_goes_to_the_house_kernel_for_fast() -> None:
    (res,) = solve_many(["1.3.....2...4..1"], workers=1)  # not 9x9: the house kernel
    assert res.status == "solved" and res.solution is not None
    assert Grid.parse(res.solution).is_solution_of(Grid.parse("1.3.....2...4..1"))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"workers": 0},
        {"method": "fast", "engine": "python"},
        {"method": "nope"},
        {"limit": 0},
        {"engine": "x"},
    ],
)
def test_bad_arguments(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidArgument):
        list(solve_many(PUZZLES[:2], **kwargs))  # type: ignore[arg-type]


def test_the_default_method_follows_the_engine() -> None:
    """No method named: engine python runs the reference search (propagate), as the command
    line's file mode picks it (it raised: 'fast' has no Python engine)."""
    rows = list(solve_many(PUZZLES[:2], engine="python", workers=1))
    assert [r.status for r in rows] == ["solved", "solved"] and rows[0].nodes > 0


def test_other_methods_go_through_solve() -> None:
    results = list(solve_many(PUZZLES[:3], method="propagate", workers=1))
    for p, r in zip(PUZZLES[:3], results, strict=True):
        check(p, r)


# -- the file mode --------------------------------------------------------------------------


def run_file(tmp_path: Path, text: str, **kw: object) -> tuple[int, list[str]]:
    src = tmp_path / "in.txt"
    src.write_text(text)
    out = tmp_path / "out.txt"
    args = argparse.Namespace(source=str(src), output=str(out), workers=1, **kw)
    code = batchmode.run(args)
    return code, out.read_text().splitlines()


def test_file_mode_writes_one_line_per_puzzle_line(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    text = "\n".join([PUZZLES[0], "# comment", "", "12x", PUZZLES[1]]) + "\n"
    code, lines = run_file(tmp_path, text)
    assert code == 2
    assert len(lines) == 3
    assert lines[1].startswith("error: ") and "in.txt:4" in lines[1]
    assert Grid.parse(lines[0]).is_solution_of(Grid.parse(PUZZLES[0]))
    assert Grid.parse(lines[2]).is_solution_of(Grid.parse(PUZZLES[1]))
    err = capsys.readouterr().err
    assert "in.txt:4" in err and "1 bad line)" in err


@pytest.mark.parametrize(
    ("extra", "code"),
    [([], 0), (["12345678." + "........9" + "." * 63], 1)],
)
def test_file_mode_exit_codes(tmp_path: Path, extra: list[str], code: int) -> None:
    got, lines = run_file(tmp_path, "\n".join(PUZZLES[:3] + extra) + "\n")
    assert got == code
    assert len(lines) == 3 + len(extra)


def test_resume_continues_after_complete_lines(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join(PUZZLES[:10]) + "\n")
    out = tmp_path / "out.txt"
    _, full = run_file(tmp_path, "\n".join(PUZZLES[:10]) + "\n")
    out.write_text("\n".join(full[:4]) + "\n" + full[4][:30])  # 4 lines and a partial one
    args = argparse.Namespace(source=str(src), output=str(out), workers=1, resume=True)
    assert batchmode.run(args) == 0
    assert out.read_text().splitlines() == full


def test_resume_needs_an_output(tmp_path: Path) -> None:
    args = argparse.Namespace(source=str(DATA / "norvig_easy50.txt"), resume=True)
    with pytest.raises(InvalidArgument):
        batchmode.run(args)


def test_json_lines_name_the_input_line(tmp_path: Path) -> None:
    import json

    _, lines = run_file(tmp_path, "# c\n" + PUZZLES[0] + "\n", json=True)
    row = json.loads(lines[0])
    assert row["line"] == 2 and row["status"] == "solved" and row["count"] == 1


SCRIPT = """
import argparse, sys
from sudograph.cli.batchmode import run
sys.exit(run(argparse.Namespace(source=sys.argv[1], output=sys.argv[2], workers=1,
                                resume=len(sys.argv) > 3)))
"""


@pytest.mark.signals
@pytest.mark.slow
def test_sigkill_midway_leaves_complete_lines_and_resume_finishes(tmp_path: Path) -> None:
    hard = read_lines("tdoku_hardest1106_50.txt")
    puzzles = hard * 60  # 3000 hard puzzles: seconds of work
    src = tmp_path / "in.txt"
    src.write_text("\n".join(puzzles) + "\n")
    out = tmp_path / "out.txt"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(src), str(out)], env=env, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if out.exists() and out.stat().st_size > 0:
            break
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    data = out.read_bytes()
    assert data.endswith(b"\n")
    done = data.decode().splitlines()
    assert 0 < len(done) < len(puzzles), "kill the run midway"
    for p, line in zip(puzzles, done, strict=False):
        assert Grid.parse(line).is_solution_of(Grid.parse(p))
    code = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(src), str(out), "resume"],
        env=env,
        stderr=subprocess.DEVNULL,
        check=False,
    ).returncode
    assert code == 0
    final = out.read_text().splitlines()
    assert len(final) == len(puzzles)
    assert final[: len(done)] == done
    for p, line in zip(puzzles, final, strict=True):
        assert Grid.parse(line).is_solution_of(Grid.parse(p))


SCRIPT_2 = SCRIPT.replace("workers=1", "workers=2")


@pytest.mark.signals
@pytest.mark.slow
def test_ctrl_c_with_workers_keeps_complete_lines(tmp_path: Path) -> None:
    puzzles = read_lines("tdoku_hardest1106_50.txt") * 80  # 4000 hard puzzles, 8 chunks
    src = tmp_path / "in.txt"
    src.write_text("\n".join(puzzles) + "\n")
    out = tmp_path / "out.txt"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT_2, str(src), str(out)], env=env, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and out.stat().st_size > 0:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    data = out.read_bytes()
    assert data.endswith(b"\n")
    done = data.decode().splitlines()
    if proc.returncode == 130:  # interrupted midway (not already finished)
        assert b"--resume" in err
    else:
        assert len(done) == len(puzzles)
    for p, line in zip(puzzles, done, strict=False):
        assert Grid.parse(line).is_solution_of(Grid.parse(p))


def test_the_solve_command_hands_files_to_the_batch_mode(tmp_path: Path) -> None:
    from sudograph.cli import main

    src = tmp_path / "in.txt"
    src.write_text("\n".join(PUZZLES[:5]) + "\n")
    out = tmp_path / "out.txt"
    code = main(["solve", str(src), "-m", "fast", "-o", str(out), "--workers", "1"])
    assert code == 0
    lines = out.read_text().splitlines()
    for p, line in zip(PUZZLES[:5], lines, strict=True):
        assert Grid.parse(line).is_solution_of(Grid.parse(p))


def test_warmup_command(capsys) -> None:  # type: ignore[no-untyped-def]
    import json

    from sudograph.cli import main

    assert main(["warmup", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["seconds"] >= 0 and isinstance(doc["compiled"], bool)


def test_fallback_solves_what_fast_cannot_take() -> None:
    four = "1.3.....2...4..."
    nine = "." * 81
    rows = list(solve_many([four, nine, four], workers=1, fallback="propagate"))
    assert [r.status for r in rows] == ["solved", "solved", "solved"]
    assert Grid.parse(rows[0].to_line()).is_solution_of(Grid.parse(four))
    assert Grid.parse(rows[1].to_line()).is_complete()


def test_file_mode_without_method_mixes_sizes(tmp_path: Path) -> None:
    from sudograph.cli import main

    src = tmp_path / "mixed.txt"
    src.write_text("1.3.....2...4...\n" + "." * 81 + "\n")
    out = tmp_path / "out.txt"
    assert main(["solve", str(src), "-o", str(out), "--workers", "1"]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 2 and len(lines[0]) == 16 and len(lines[1]) == 81


@pytest.mark.alone
@pytest.mark.parametrize("kind", ["lines", "array", "grids"])
@pytest.mark.parametrize("timeout", [0.01, 0.2])
def test_fast_honours_a_per_puzzle_timeout(kind: str, timeout: float) -> None:
    """Counting every solution of an empty grid never ends: each such puzzle stops at its
    timeout; the puzzles around it are solved as without a timeout."""
    easy = PUZZLES[:3]
    lines = [easy[0], "." * 81, easy[1], "." * 81, easy[2]]
    items: object = lines
    if kind == "array":
        from sudograph.engine.fast9 import lines_to_array

        items = lines_to_array(lines)
    elif kind == "grids":
        items = [Grid.parse(line) for line in lines]
    start = time.perf_counter()
    rows = list(solve_many(items, limit=None, workers=1, solve_options={"timeout": timeout}))
    elapsed = time.perf_counter() - start
    assert [r.status for r in rows] == ["solved", "stopped", "solved", "stopped", "solved"]
    assert rows[1].count > 1000 and rows[3].count > 1000
    for p, r in zip(easy, (rows[0], rows[2], rows[4]), strict=True):
        check(p, r)
        assert r.count == 1
    assert elapsed < 2 * (1.5 * timeout + 0.2)  # two stopped puzzles, loose bound (shared CPU)


def test_fast_timeout_and_max_nodes_together() -> None:
    """max_nodes still stops first when it is the tighter limit (exact guess count)."""
    rows = list(
        solve_many(["." * 81], limit=None, workers=1, max_nodes=7, solve_options={"timeout": 5})
    )
    assert rows[0].status == "stopped" and rows[0].nodes == 7


def test_file_mode_fast_timeout(tmp_path: Path) -> None:
    from sudograph.cli import main

    src = tmp_path / "in.txt"
    src.write_text(PUZZLES[0] + "\n" + "." * 81 + "\n")
    out = tmp_path / "out.txt"
    argv = ["solve", str(src), "-m", "fast", "-o", str(out), "--workers", "1", "--count"]
    assert main([*argv, "--timeout", "0.05"]) == 1  # not every puzzle was solved
    lines = out.read_text().splitlines()
    assert lines[0] == "1"  # --count: the count, a lower bound when the search was cut short
    assert lines[1].startswith("at least ")


def test_end_pool_keeps_the_manager_threads_exception_quiet() -> None:
    """The pool's manager thread may end on an exception when its workers are ended under it:
    that one is not printed, another thread's is, and the hook is put back once it ended."""
    import threading

    from sudograph.batch import _quiet

    seen: list[str] = []
    before = threading.excepthook

    def record(args: threading.ExceptHookArgs) -> None:
        seen.append(args.thread.name if args.thread else "")

    threading.excepthook = record
    try:

        def boom() -> None:
            raise OSError("pipe closed under it")

        manager = threading.Thread(target=boom, name="manager")
        other = threading.Thread(target=boom, name="other")
        restore = _quiet(manager)
        manager.start()
        other.start()
        manager.join()
        other.join()
        assert seen == ["other"]
        restore()
        assert threading.excepthook is record
    finally:
        threading.excepthook = before
