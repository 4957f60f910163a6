"""The CLI frame and the show, check and info commands, run in-process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.grid import Grid

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
CLASH = "44" + EASY[2:]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def puzzles(tmp_path: Path) -> Path:
    path = tmp_path / "puzzles.txt"
    path.write_text(f"# three puzzles\n{EASY}\n{CLASH}\n{SOLVED}\n")
    return path


# -- frame ------------------------------------------------------------------------------------
def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys)
    assert code == 2 and "COMMAND" in err


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("sudograph ")
    code, out, _ = run(capsys, "show", "--help")
    assert code == 0 and "--format" in out


@pytest.mark.parametrize("argv", [["nosuch"], ["show"], ["show", "x", "--format", "xml"],
                                  ["check", EASY, "--box", "2y3"]])  # fmt: skip
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and "error" in err and "Traceback" not in err


def test_python_dash_m(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sudograph", "check", CLASH],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "row 1: 4 at r1c1, r1c2" in done.stdout


# -- show -------------------------------------------------------------------------------------
def test_show_boxed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", EASY)
    assert code == 0
    assert out == Grid.parse(EASY).to_boxed() + "\n"
    assert Grid.parse(out) == Grid.parse(EASY)


@pytest.mark.parametrize("fmt", ["line", "boxed", "lists", "json"])
def test_show_formats_read_back(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    code, out, _ = run(capsys, "show", EASY, "--format", fmt)
    assert code == 0
    text = out
    if fmt == "json":
        record = json.loads(out)
        assert record["line_no"] is None and record["box"] == [3, 3]
        assert record["line"] == EASY
        text = json.dumps(record["rows"])
    assert Grid.parse(text) == Grid.parse(EASY)


def test_show_file_and_json_lines(capsys: pytest.CaptureFixture[str], puzzles: Path) -> None:
    code, out, _ = run(capsys, "show", str(puzzles), "--json")
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line_no"] for r in records] == [2, 3, 4]
    assert [r["line"] for r in records] == [EASY, CLASH, SOLVED]
    assert records[2]["rows"][0] == [4, 8, 3, 9, 2, 1, 6, 5, 7]


def test_show_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    fake = io.TextIOWrapper(io.BytesIO(f"{EASY}\n".encode()))
    monkeypatch.setattr(sys, "stdin", fake)
    code, out, _ = run(capsys, "show", "-", "--format", "line")
    assert (code, out) == (0, EASY + "\n")


def test_show_box_and_alphabet(capsys: pytest.CaptureFixture[str]) -> None:
    six = "1.....2.....3.....4.....5.....6....."
    code, out, _ = run(capsys, "show", six, "--box", "2x3", "--format", "line")
    assert (code, out) == (0, six + "\n")
    code, out, _ = run(capsys, "show", "AB..DC" + "." * 10, "--alphabet", "ABCD", "--json")
    assert code == 0 and json.loads(out)["alphabet"] == "ABCD"


def test_show_candidates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "1..4341221434.2.", "--candidates")
    assert code == 0
    assert "| 1    (2)  | (3)  4    |" in out


def test_show_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path, puzzles: Path) -> None:
    one = tmp_path / "one.svg"
    code, _, err = run(capsys, "show", EASY, "--svg", str(one))
    assert code == 0, err
    assert one.read_text().lstrip().startswith("<")
    many = tmp_path / "many.svg"
    code, _, _ = run(capsys, "show", str(puzzles), "--svg", str(many))
    assert code == 0
    assert sorted(p.name for p in tmp_path.glob("many-*.svg")) == [  # by line: 1 a comment
        f"many-{i}.svg" for i in (2, 3, 4)
    ]


def test_show_bad_line_reported_rest_shown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "p.txt"
    path.write_text(f"{EASY}\n{EASY[:40]}x{EASY[41:]}\n{SOLVED}\n")
    code, out, err = run(capsys, "show", str(path), "--format", "line")
    assert code == 2
    assert out.splitlines() == [EASY, SOLVED]
    assert err.splitlines() == [f"sudograph: error: {path}:2:41: unknown character 'x' "
                                "(expected one of 123456789 or .0_- for empty)"]  # fmt: skip


# -- check ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("puzzle", "code", "text"),
    [
        (EASY, 0, "puzzle: valid, 32 clues, 49 empty"),
        (SOLVED, 0, "puzzle: valid, complete"),
        (CLASH, 1, "puzzle: 2 conflicts: row 1: 4 at r1c1, r1c2; box 1: 4 at r1c1, r1c2"),
    ],
)
def test_check_one(capsys: pytest.CaptureFixture[str], puzzle: str, code: int, text: str) -> None:
    assert run(capsys, "check", puzzle) == (code, text + "\n", "")


def test_check_file_json(capsys: pytest.CaptureFixture[str], puzzles: Path) -> None:
    code, out, err = run(capsys, "check", str(puzzles), "--json")
    assert (code, err) == (1, "")
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["line"], r["valid"], r["complete"]) for r in records] == [
        (2, True, False),
        (3, False, False),
        (4, True, True),
    ]
    assert records[1]["conflicts"][0] == {
        "house": "row 1",
        "value": 4,
        "cells": [0, 1],
        "names": ["r1c1", "r1c2"],
        "symbol": "4",
    }
    assert all(r["conflicts"] == [] for r in records if r["valid"])


def test_check_summary_and_unreadable(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(f"{EASY}\r\n{CLASH}\r\nnonsense\r\n{SOLVED}\r\n")
    code, out, err = run(capsys, "check", str(path))
    assert code == 2  # unreadable beats conflicts
    assert out.splitlines()[-1] == "4 grids: 2 valid, 1 with conflicts, 1 unreadable"
    assert err.startswith(f"sudograph: error: {path}:3: wrong length")
    code, out, _ = run(capsys, "check", str(path), "--json")
    assert json.loads(out.splitlines()[2])["error"].startswith(f"{path}:3:")


# -- info -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], (81, 810, 20, 27)),
        (["--size", "4"], (16, 56, 7, 12)),
        (["--box", "2x3"], (36, 216, 12, 18)),
        (["--size", "6", "--box", "3x2"], (36, 216, 12, 18)),
        (["--size", "16"], (256, 256 * 39 // 2, 39, 48)),
    ],
)
def test_info_graph(
    capsys: pytest.CaptureFixture[str], args: list[str], expected: tuple[int, ...]
) -> None:
    code, out, _ = run(capsys, "info", "--json", *args)
    info = json.loads(out)
    assert code == 0
    assert (info["vertices"], info["edges"], info["degree"]["max"], info["houses"]) == expected
    assert info["degree"]["min"] == info["degree"]["max"]


def test_info_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "info")
    assert code == 0
    assert out.splitlines()[:5] == [
        "graph: sudoku 9x9 (3x3 boxes)",
        "vertices: 81",
        "edges: 810",
        "degree: 20",
        "houses: 27 (rows, columns, boxes)",
    ]


def test_info_puzzle_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = SOLVED[:36] + "." * 45  # 45 empty cells, as in the NSI exercise
    code, out, _ = run(capsys, "info", puzzle, "--json")
    info = json.loads(out)
    assert code == 0
    assert (info["clues"], info["empty"]) == (36, 45)
    assert info["brute_force_grids"] == 9**45
    assert info["brute_force_expr"] == "9^45"
    assert round(info["brute_force_days_log10"]) == 32  # "environ 10^32 jours"
    code, out, _ = run(capsys, "info", puzzle)
    assert "brute force: 9^45 = 8.7e42 grids" in out
    assert "= 1.0e32 days" in out


def test_info_huge_search_space(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "info", "." * 4096, "--json")
    info = json.loads(out)
    assert code == 0 and info["empty"] == 4096
    assert info["brute_force_grids"] is None  # too many digits for an exact integer
    assert info["brute_force_expr"] == "64^4096"


def test_info_size_without_box(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "info", "--size", "6")
    assert (code, out) == (2, "")
    assert err == (
        "sudograph: error: --size 6: side 6 is not a square: give the box shape (rows x columns), "
        "e.g. 2x3 (see sudograph info --help)\n"
    )


# -- README -----------------------------------------------------------------------------------
README = Path(__file__).parent.parent / "README.md"


def test_readme_python_examples_run() -> None:
    import doctest

    result = doctest.testfile(str(README), module_relative=False)
    assert result.attempted >= 3 and result.failed == 0


def test_readme_quick_start_has_exactly_two_commands() -> None:
    text = README.read_text()
    block = text.split("## Quick start", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    commands = [line for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    assert "examples/sample.txt" in commands[0] and "pip install" in commands[0]
    assert commands[1].startswith("python3 -m pip install") and commands[1].endswith("pytest")
    assert (README.parent / "examples" / "sample.txt").exists()


@pytest.mark.parametrize("command", ["show", "check", "info", "solve", "color", "chromatic"])
def test_readme_documents_command(command: str) -> None:
    assert f"sudograph {command} " in README.read_text()


def test_show_picture_without_render_module(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import sudograph

    monkeypatch.setitem(sys.modules, "sudograph.render", None)
    monkeypatch.delattr(sudograph, "render", raising=False)
    code, out, err = run(capsys, "show", EASY, "--png", str(tmp_path / "g.png"))
    assert (code, out) == (2, "")
    assert err == (
        "sudograph: error: --png needs sudograph.render, which this version does not have yet\n"
    )
    assert not (tmp_path / "g.png").exists()
