"""Small CLI fixes, run in-process: boxed grids written by ``show`` read back whole (however
the file ends), one JSON error row (``{"line": N, "error": ...}``) written by one helper for
every command, ``--limit N`` counts said as lower bounds."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.cli.common import error_json

PUZZLES = ["1.3.....2...4..1", ".2.......1......", "..2....3.1..4..1"]
TWO = "1.3.....2...4..1"  # exactly two solutions
BAD = "1é3.....2...4..1"  # unreadable: its message names the é, not ASCII


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    return code, out, err


# -- boxed grids: several in a file, read back whatever its last line -------------------------
def boxed(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> str:
    src = tmp_path / "lines.txt"
    src.write_text("\n".join(PUZZLES) + "\n")
    code, out, _ = run(capfd, "show", str(src))
    assert code == 0 and out.count("+-----+-----+") == 3 * len(PUZZLES)
    return out


ENDINGS = {
    "as written": lambda t: t,
    "no final newline": lambda t: t.rstrip("\n"),
    "crlf": lambda t: t.replace("\n", "\r\n"),
    "crlf, no final newline": lambda t: t.rstrip("\n").replace("\n", "\r\n"),
    "no closing border": lambda t: t.rstrip("\n").rsplit("\n", 1)[0] + "\n",
    "no closing border nor final newline": lambda t: t.rstrip("\n").rsplit("\n", 1)[0],
    "blank lines after": lambda t: t + "\n\n",
}


@pytest.mark.parametrize("ending", ENDINGS)
def test_boxed_grids_read_back_whole(
    ending: str, capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = ENDINGS[ending](boxed(capfd, tmp_path))
    src = tmp_path / "boxed.txt"
    src.write_bytes(text.encode())
    code, out, err = run(capfd, "show", str(src), "--format", "line")
    assert (code, out.splitlines(), err) == (0, PUZZLES, "")
    code, out, _ = run(capfd, "check", str(src), "--json")
    assert code == 0
    assert [json.loads(row)["line"] for row in out.splitlines()] == [1, 9, 17]


@pytest.mark.parametrize("ending", ["no final newline", "crlf, no final newline"])
def test_boxed_grids_from_standard_input_read_back_whole(
    ending: str,
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    text = ENDINGS[ending](boxed(capfd, tmp_path))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, _ = run(capfd, "show", "-", "--format", "line")
    assert (code, out.splitlines()) == (0, PUZZLES)


# -- one JSON error row -----------------------------------------------------------------------
def test_error_json_is_the_row_every_command_writes() -> None:
    assert error_json(3, "in.txt:3: bad") == '{"line": 3, "error": "in.txt:3: bad"}'
    assert error_json(None, "é") == '{"line": null, "error": "é"}'
    assert error_json(2, "x", key="line_no") == '{"line_no": 2, "error": "x"}'


def error_rows(out: str) -> list[str]:
    return [row for row in out.splitlines() if '"error"' in row]


@pytest.mark.parametrize("command", ["check", "info", "count", "rate", "hint", "explain"])
def test_an_unreadable_line_is_the_same_row_byte_for_byte(
    command: str, capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = tmp_path / "in.txt"
    src.write_text(f"{PUZZLES[2]}\n{BAD}\n")
    code, out, err = run(capfd, command, str(src), "--json")
    message = err.splitlines()[0].removeprefix("sudograph: error: ")
    assert code == 2
    assert error_rows(out) == [error_json(2, message)]
    assert "é" in error_rows(out)[0]  # written as it is, not \u00e9


def test_show_keeps_its_line_no_key(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text(f"{PUZZLES[2]}\n{BAD}\n")
    code, out, err = run(capfd, "show", str(src), "--json")
    message = err.splitlines()[0].removeprefix("sudograph: error: ")
    assert code == 2
    assert error_rows(out) == [f'{{"line_no": 2, "error": "{message}"}}']


@pytest.mark.parametrize("puzzle", [BAD, "11......12......"])
def test_solve_one_puzzle_writes_the_row_of_no_line(
    puzzle: str, capfd: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capfd, "solve", puzzle, "--json")
    message = err.splitlines()[0].removeprefix("sudograph: error: ")
    assert (code, out) == (2, error_json(None, message) + "\n")


def test_rate_and_count_rows(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capfd, "rate", TWO, "--json")
    assert (code, out) == (1, '{"line": null, "error": "more than one solution"}\n')
    src = tmp_path / "in.txt"
    src.write_text(f"{PUZZLES[2]}\n{BAD}\n")
    rows = tmp_path / "rows.txt"
    code, _, err = run(capfd, "count", str(src), "--json", "-o", str(rows))
    message = next(ln for ln in err.splitlines() if f"{src}:2" in ln)
    assert code == 2
    assert error_rows(rows.read_text(encoding="utf-8")) == [
        error_json(2, message.removeprefix("sudograph: error: "))
    ]


# -- --limit N: a lower bound, the search stopping at the N-th solution -----------------------
def test_a_count_stopped_by_its_limit_is_a_lower_bound(capfd: pytest.CaptureFixture[str]) -> None:
    """The engines stop at the N-th solution, not knowing whether another follows: with
    exactly N solutions the count is still ``at least N`` (``--limit N+1`` tells it exact)."""
    assert run(capfd, "count", TWO, "--limit", "2")[1] == "at least 2 solutions (--limit 2)\n"
    assert run(capfd, "count", TWO, "--limit", "3")[1] == "2 solutions\n"
    assert run(capfd, "solve", TWO, "--count", "--limit", "2")[1] == "at least 2 solutions\n"
    doc = json.loads(run(capfd, "solve", TWO, "--count", "--limit", "2", "--json")[1])
    assert (doc["count"], doc["complete"]) == (2, False)
    assert run(capfd, "solve", TWO, "--count", "--limit", "3")[1] == "2 solutions\n"
