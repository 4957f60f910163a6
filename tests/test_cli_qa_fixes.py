"""Faults a QA pass of the CLI found (2026-11-26), each pinned: a count cut by ``--max-nodes``
in the file mode, numeric options checked once by argparse with their option's name, the file
mode's default method under ``--engine python``, one-line 6×6 files and boxed grids a row
short, ``count``'s rows the same in both of its modes, complete grids rated, stalled
explanations that say why, and ``generate --resume`` with another seed."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.errors import InvalidArgument
from sudograph.grid import Grid
from sudograph.logic import rate
from sudograph.problem import SolveOptions
from sudograph.solve import count, solve

pytest.importorskip("numba")  # the file mode's default method

P = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOL = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
TWO4 = "1.3.....2...4..1"  # 2 solutions
E4 = "." * 16  # 288 solutions
SIX = "534216162345356124241653625431413562"  # a complete 6x6 grid (2x3 boxes)


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    return code, out, err


def lines_file(tmp_path: Path, *lines: str) -> Path:
    """A file of the lines given (one puzzle each)."""
    src = tmp_path / "in.txt"
    src.write_text("".join(f"{line}\n" for line in lines))
    return src


# -- a count cut by --max-nodes is a lower bound, in every mode ---------------------------------


@pytest.mark.parametrize(
    ("max_nodes", "rows", "tally"),
    [
        # (the empty grid's first solution, kept, takes more than 3 nodes: none counted yet)
        ("3", ["2", "at least 0"], "1 solved, 0 unsatisfiable, 1 stopped"),
        ("1", ["at least 1", "at least 0"], "0 solved, 0 unsatisfiable, 2 stopped"),
        ("100", ["2", "288"], "2 solved, 0 unsatisfiable, 0 stopped"),
    ],
)
def test_file_mode_count_cut_by_max_nodes_says_at_least(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, max_nodes: str, rows: list[str], tally: str
) -> None:
    src = lines_file(tmp_path, TWO4, E4)
    code, out, err = run(capfd, "solve", str(src), "--count", "--max-nodes", max_nodes)
    assert out.splitlines() == rows
    assert tally in err
    assert code == (0 if tally.endswith(" 0 stopped") else 1)  # 1: some stopped
    code, out, _ = run(capfd, "solve", str(src), "--count", "--max-nodes", max_nodes, "--json")
    docs = [json.loads(row) for row in out.splitlines()]
    assert [d["complete"] for d in docs] == [not r.startswith("at least") for r in rows]
    assert [d["status"] == "stopped" for d in docs] == [r.startswith("at least") for r in rows]
    assert all(d["count"] >= (d["solution"] is not None) for d in docs)  # the kept one counted


def test_a_stopped_count_of_the_empty_grid_counts_the_solution_it_keeps() -> None:
    r = count(Grid.empty(2), "fast", keep=1, max_nodes=5)
    assert not r.complete and len(r.solutions) == 1 and r.count >= 1
    assert r.stats.nodes <= 5  # the bound kept (a second search for the solution took none)


# -- numeric options: refused once, by argparse, naming the option ------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "FILE", "--timeout", "-1"], "--timeout: must be >= 0, got -1"),
        (["solve", "FILE", "--timeout", "nan"], "--timeout: not a finite number of"),
        (["solve", "FILE", "--limit", "0"], "--limit: must be >= 1, got 0"),
        (["solve", "FILE", "--max-nodes", "-5"], "--max-nodes: must be >= 0, got -5"),
        (["solve", "FILE", "--itermax", "0"], "--itermax: must be >= 1, got 0"),
        (["solve", "FILE", "--trace-steps", "-1"], "--trace-steps: must be >= 1, got -1"),
        (["solve", "FILE", "--workers", "0"], "--workers: must be >= 1, got 0"),
        (["solve", "FILE", "--limit", "x"], "--limit: not a whole number: 'x'"),
        (["count", "FILE", "--limit", "0"], "--limit: must be >= 1, got 0"),
        (["count", "FILE", "--workers", "-2"], "--workers: must be >= 1, got -2"),
        (["generate", "--timeout", "nan"], "--timeout: not a finite number of"),
        (["color", "petersen", "-k", "3", "--max-nodes", "-1"], "--max-nodes: must be"),
        (["color", "petersen", "-k", "3", "--timeout", "inf"], "--timeout: not a finite"),
        (["chromatic", "petersen", "--timeout", "-2"], "--timeout: must be >= 0, got -2"),
    ],
)
def test_bad_numbers_are_usage_errors_naming_the_option(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    src = lines_file(tmp_path, P, P)
    code, out, err = run(capfd, *[str(src) if a == "FILE" else a for a in argv])
    assert code == 2 and out == ""
    assert err == f"sudograph: error: {message}{err.split(message, 1)[1]}"  # one line
    assert err.endswith(f" (see sudograph {argv[0]} --help)\n")
    assert "Traceback" not in err and "solved" not in err  # refused before any work


@pytest.mark.parametrize("bad", [math.nan, -1.0])
def test_solve_options_refuse_nan_and_negative_timeouts(bad: float) -> None:
    with pytest.raises(InvalidArgument, match="timeout must be >= 0"):
        SolveOptions(timeout=bad)


# -- the file mode's default method follows --engine python; 6x6 lines with --box --------------


@pytest.mark.parametrize(
    ("puzzle", "extra", "method"),
    [(P, ["--engine", "python"], "propagate"), (SIX, ["--box", "2x3"], "fast")],
)
def test_file_mode_solves_with_what_the_options_say(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, puzzle: str, extra: list[str], method: str
) -> None:
    code, out, err = run(capfd, "solve", str(lines_file(tmp_path, puzzle, puzzle)), *extra)
    solution = solve(Grid.parse(puzzle, box=(2, 3) if len(puzzle) == 36 else None)).grid
    assert solution is not None
    assert code == 0 and out.splitlines() == [solution.to_line()] * 2
    assert err.rstrip().endswith(f"puzzles/s, {method}")


# -- files of 6x6 lines without --box, and boxed grids a row short ------------------------------


@pytest.mark.parametrize("command", ["check", "solve", "count"])
def test_a_file_of_6x6_lines_without_box_asks_for_the_box(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    src = lines_file(tmp_path, SIX, SIX)
    code, _, err = run(capfd, command, str(src))
    assert code == 2
    assert f"sudograph: error: {src}:1: side 6 is not a square: give the box shape" in err
    assert "e.g. 2x3" in err and f"{src}:2: side 6" in err


@pytest.mark.parametrize(
    ("drop", "message"), [(1, "8 rows of 9 cells: a grid is square"), (0, None)]
)
def test_a_boxed_grid_a_row_short_says_so(drop: int, message: str | None) -> None:
    rows = Grid.parse(P).to_boxed().splitlines()
    del rows[2 : 2 + drop]  # the second row of cells
    text = "\n".join(rows)
    if message is None:
        assert Grid.parse(text).to_line() == P
        return
    with pytest.raises(Exception, match=message):
        Grid.parse(text)


# -- count: the same rows with and without the batch mode ---------------------------------------


@pytest.mark.parametrize("bad", ["x", "×"])  # a non-ASCII one: the JSON rows alike too
@pytest.mark.parametrize("json_rows", [False, True])
def test_count_rows_do_not_depend_on_the_mode(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, json_rows: bool, bad: str
) -> None:
    src = tmp_path / "in.txt"
    src.write_text(f"{P}\n{P[:40]}{bad}{P[41:]}\n11{P[2:]}\n{P}\n", encoding="utf-8")
    extra = ["--json"] if json_rows else []
    code1, out1, _ = run(capfd, "count", str(src), *extra)
    code2, out2, _ = run(capfd, "count", str(src), "--workers", "1", *extra)
    assert code1 == code2 == 2
    assert out1 == out2 and len(out1.splitlines()) == 4
    if not json_rows:
        assert out1.splitlines()[1].startswith(f"line 2: error: {src}:2:41: unknown character")


# -- complete grids, stalled explanations, logic that stops -------------------------------------


def test_a_complete_grid_is_rated_none(capfd: pytest.CaptureFixture[str]) -> None:
    assert rate(Grid.parse(SOL)).technique == "none" and rate(Grid.parse(SOL)).score == 0.0
    code, out, _ = run(capfd, "rate", SOL)
    assert code == 0 and out == "0.00 none (the grid is already complete)\n"
    code, out, _ = run(capfd, "hint", SOL, "--json")
    assert code == 0 and json.loads(out) == {
        "line": None,
        "step": None,
        "solved": True,
        "why": "the grid is already complete",
    }
    code, _, err = run(capfd, "rate", "11" + SOL[2:])
    assert code == 2 and "clashing clues" in err


def test_explain_says_why_logic_stalls_on_two_solutions(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capfd, "explain", TWO4)
    lines = out.splitlines()
    stalled = next(i for i, line in enumerate(lines) if line.startswith("stalled after"))
    assert code == 1
    assert lines[stalled + 1] == (
        "the puzzle has more than one solution: no logical path can finish it"
    )


def test_logic_that_stalls_found_no_solution_rather_than_none_exists(
    capfd: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capfd, "solve", TWO4, "--method", "logic")
    assert code == 1 and out.splitlines()[-1] == "no solution found: stopped (logic stalled)"
    code, out, _ = run(capfd, "solve", "12....3.........")
    assert code == 1 and out.splitlines()[-1] == "no solution: unsatisfiable"


# -- generate --resume checks that OUT is this run's --------------------------------------------


def test_generate_resume_refuses_another_seed(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_file = tmp_path / "g.txt"
    assert run(capfd, "generate", "--count", "2", "--seed", "9", "-o", str(out_file))[0] == 0
    first = out_file.read_text()
    code, _, err = run(
        capfd, "generate", "--count", "3", "--seed", "10", "-o", str(out_file), "--resume"
    )
    assert code == 2 and out_file.read_text() == first
    assert err == (
        f"sudograph: error: {out_file}: its first puzzle is not the first of this run (--seed "
        "10 and these options): --resume continues the run that wrote it, with its options\n"
    )
    code, _, _ = run(
        capfd, "generate", "--count", "3", "--seed", "9", "-o", str(out_file), "--resume"
    )
    whole = tmp_path / "whole.txt"
    assert run(capfd, "generate", "--count", "3", "--seed", "9", "-o", str(whole))[0] == 0
    assert code == 0 and out_file.read_text() == whole.read_text()
