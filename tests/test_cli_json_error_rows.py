"""Every command that reads grids writes the same JSON row for an unreadable one:
``{"line": N, "error": ...}``, ``N`` the line of a file (``null`` for a puzzle written inline),
the readable rows still written, exit 2. (``check`` wrote ``"line": 1`` for an inline puzzle
where the others wrote null; ``info --json`` wrote no row at all.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudograph.cli import main

GOOD = "..2....3.1..4..1"  # a 4x4 puzzle, one solution
COMMANDS = ["check", "info", "count", "rate", "hint", "explain"]


def rows(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[dict[str, object]]]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    assert "Traceback" not in err
    return code, [json.loads(line) for line in out.splitlines() if line.strip()]


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unreadable_inline_puzzle_is_a_row_of_no_line(
    command: str, capfd: pytest.CaptureFixture[str]
) -> None:
    code, out = rows(capfd, command, "12x4" * 4, "--json")
    assert code == 2
    assert len(out) == 1
    assert out[0]["line"] is None
    assert "unknown character 'x'" in str(out[0]["error"])


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unreadable_line_of_a_file_is_a_row_of_its_line(
    command: str, capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = tmp_path / "in.txt"
    src.write_text(f"{GOOD}\n12x4\n{GOOD}\n")
    code, out = rows(capfd, command, str(src), "--json")
    assert code == 2
    errors = [r for r in out if "error" in r]
    assert [r["line"] for r in errors] == [2]
    assert f"{src}:2" in str(errors[0]["error"])
    assert {r["line"] for r in out if "error" not in r} == {1, 3}
