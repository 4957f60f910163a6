"""Faults a QA pass of the batch mode found (2026-11-26), each pinned: an empty input is an
error with ``-o`` too, ``--resume`` refuses an input or a count that cannot be the run's,
the progress bar stays off a terminal that shows the rows, a break inside a line is named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sudograph.cli import common, main
from sudograph.errors import ParseError
from sudograph.grid import Grid

pytest.importorskip("numba")  # the file mode's default method

P = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.mark.parametrize("command", ["solve", "count"])
@pytest.mark.parametrize("text", ["", "# only a comment\n\n"])
def test_an_empty_input_is_an_error_with_or_without_output(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, command: str, text: str
) -> None:
    src = tmp_path / "in.txt"
    src.write_text(text)
    message = f"sudograph: error: {src}: no grid found (the input is empty or only comments)\n"
    for extra in ([], ["-o", str(tmp_path / "out.txt")]):
        assert main([command, str(src), *extra]) == 2
        assert capfd.readouterr().err == message


def test_resume_refuses_an_input_shorter_than_the_output(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    long, short, out = tmp_path / "long.txt", tmp_path / "short.txt", tmp_path / "out.txt"
    long.write_text(f"{P}\n" * 5)
    short.write_text(f"{P}\n" * 2)
    assert main(["solve", str(long), "-o", str(out)]) == 0
    before = out.read_text()
    assert main(["solve", str(short), "-o", str(out), "--resume"]) == 2
    assert capfd.readouterr().err.endswith(
        f"sudograph: error: {short} holds 2 puzzles, fewer than the 5 rows of the output: "
        "--resume continues the run that wrote it, on the same input\n"
    )
    assert out.read_text() == before and not Path(f"{out}.lock").exists()


def test_generate_resume_refuses_a_count_below_the_lines_written(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "g.txt"
    assert main(["generate", "--count", "3", "--seed", "5", "--size", "4", "-o", str(out)]) == 0
    before = out.read_text()
    argv = ["generate", "--count", "2", "--seed", "5", "--size", "4", "-o", str(out), "--resume"]
    assert main(argv) == 2
    assert capfd.readouterr().err == (
        f"sudograph: error: {out} holds 3 lines, more than the 2 asked: --resume continues the "
        "run that wrote it, with its count\n"
    )
    assert out.read_text() == before and not Path(f"{out}.lock").exists()


@pytest.mark.parametrize(
    ("stderr", "stdout", "output", "wanted"),
    [
        (True, False, None, True),  # rows piped away: the bar on the terminal
        (True, True, None, False),  # rows on the terminal: the bar would cut them
        (True, True, "out.txt", True),  # rows to OUT
        (False, False, "out.txt", False),  # no terminal at all
    ],
)
def test_the_progress_bar_keeps_off_the_rows(
    monkeypatch: pytest.MonkeyPatch, stderr: bool, stdout: bool, output: str | None, wanted: bool
) -> None:
    monkeypatch.setattr(common, "stderr_is_tty", lambda: stderr)
    monkeypatch.setattr(common, "stdout_is_tty", lambda: stdout)
    assert common.progress_wanted(output) is wanted


@pytest.mark.parametrize("odd", ["\r", "\u2028", "\x85"])
def test_a_break_inside_a_line_is_named_where_it_is(odd: str) -> None:
    with pytest.raises(
        ParseError, match=f"^{re.escape(f'1:3: unexpected {odd!r} inside a line')}$"
    ):
        Grid.parse(f"12{odd}34" + "." * 77)
    assert Grid.parse("1.3.\r\n..2.\r\n.1..\r\n...1\r\n").to_line() == "1.3...2..1.....1"
