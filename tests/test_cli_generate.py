"""The ``generate``, ``count``, ``rate``, ``hint`` and ``explain`` sub-commands, in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.generate import is_minimal, is_symmetric
from sudograph.grid import Grid
from sudograph.logic import next_step, rate, solve_logically
from sudograph.solve import count_solutions

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
TWO = "1.3.....2...4..1"  # a 4x4 puzzle with 2 solutions
STALLS = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"

Capture = pytest.CaptureFixture[str]


def lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize(
    ("argv", "box"),
    [
        (["--size", "4"], (2, 2)),
        (["--box", "2x3"], (2, 3)),
        ([], (3, 3)),
    ],
)
def test_generate_prints_unique_puzzles(
    argv: list[str], box: tuple[int, int], capsys: Capture
) -> None:
    assert main(["generate", *argv, "--count", "3", "--seed", "5"]) == 0
    out = lines(capsys.readouterr().out)
    assert len(out) == 3
    for line in out:
        grid = Grid.parse(line, box=box)
        assert count_solutions(grid, limit=2) == 1


def test_generate_seed_reproduces(capsys: Capture) -> None:
    main(["generate", "--size", "4", "--count", "2", "--seed", "9"])
    first = capsys.readouterr().out
    main(["generate", "--size", "4", "--count", "2", "--seed", "9"])
    assert capsys.readouterr().out == first


def test_generate_without_seed_prints_it(capsys: Capture) -> None:
    assert main(["generate", "--size", "4"]) == 0
    captured = capsys.readouterr()
    seed = int(captured.err.split("seed")[1])
    main(["generate", "--size", "4", "--seed", str(seed)])
    assert capsys.readouterr().out == captured.out


def test_generate_options_and_json(capsys: Capture) -> None:
    argv = ["generate", "--clues", "30", "--symmetry", "central", "--seed", "1", "--json"]
    assert main(argv) == 0
    record = json.loads(capsys.readouterr().out)
    grid = Grid.parse(record["puzzle"])
    assert record["clues"] == grid.clues == 30
    assert is_symmetric(grid, "central") and record["seed"] == 1
    assert record["rating"]["score"] == rate(grid).score


def test_generate_minimal_to_a_file(tmp_path: Path, capsys: Capture) -> None:
    target = tmp_path / "out.txt"
    assert main(["generate", "--minimal", "--count", "2", "--seed", "3", "-o", str(target)]) == 0
    assert capsys.readouterr().out == ""
    puzzles = lines(target.read_text())
    assert len(puzzles) == 2
    assert all(is_minimal(Grid.parse(p)) for p in puzzles)


def test_generate_no_progress_bar_off_a_terminal(capsys: Capture) -> None:
    main(["generate", "--size", "4", "--count", "3", "--seed", "1"])
    assert "generating" not in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["generate", "--clues", "16"],
        ["generate", "--count", "0"],
        ["generate", "--size", "6"],
        ["generate", "--symmetry", "spiral"],
        ["generate", "--size", "4", "--box", "2x2"],
    ],
)
def test_generate_bad_requests_exit_2(argv: list[str], capsys: Capture) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err


# -- count --------------------------------------------------------------------------------------


def test_count(capsys: Capture) -> None:
    assert main(["count", EASY]) == 0
    assert capsys.readouterr().out.strip() == "1 solution (unique)"
    assert main(["count", TWO, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["count"] == 2 and not record["unique"] and record["complete"]


def test_count_limit(capsys: Capture) -> None:
    assert main(["count", "." * 16, "--limit", "10"]) == 0
    assert "at least 10 solutions" in capsys.readouterr().out


def test_count_file_with_bad_lines(tmp_path: Path, capsys: Capture) -> None:
    src = tmp_path / "p.txt"
    src.write_text(f"{EASY}\nxyz\n{TWO}\n")
    assert main(["count", str(src)]) == 2
    captured = capsys.readouterr()
    assert lines(captured.out) == [
        "line 1: 1 solution (unique)",
        f"line 2: error: {src}:2: wrong length: 3 cells is not N*N for a side N in 1..64 (a 9x9 "
        "grid has 81)",
        "line 3: 2 solutions",
    ]
    assert f"{src}:2" in captured.err


# -- rate ---------------------------------------------------------------------------------------


def test_rate(capsys: Capture, sudoku_dir: Path) -> None:
    assert main(["rate", EASY, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["solved"] and record["score"] == rate(Grid.parse(EASY)).score
    assert main(["rate", str(sudoku_dir / "norvig_hardest.txt")]) == 0
    out = lines(capsys.readouterr().out)
    assert len(out) == 12 and out[-1].startswith("11 puzzles: mean score")


# -- hint and explain ---------------------------------------------------------------------------


def test_hint_gives_the_next_step_not_the_solution(capsys: Capture) -> None:
    assert main(["hint", EASY]) == 0
    out = capsys.readouterr().out.strip()
    step = next_step(Grid.parse(EASY))
    assert step is not None and out == f"{step.technique}: {step.text}"
    assert len(lines(out)) == 1


def test_hint_when_logic_stalls(capsys: Capture) -> None:
    stuck = solve_logically(Grid.parse(STALLS))  # a unique puzzle beyond the techniques
    assert not stuck.solved
    assert main(["hint", stuck.grid.to_line()]) == 1
    assert capsys.readouterr().out == "no logical step found: the techniques stall here\n"


def test_hint_on_a_complete_grid(capsys: Capture) -> None:
    assert main(["hint", "1234341221434321"]) == 0
    assert "complete" in capsys.readouterr().out


def test_explain_prints_the_path(capsys: Capture) -> None:
    assert main(["explain", EASY]) == 0
    out = capsys.readouterr().out
    steps = solve_logically(Grid.parse(EASY)).steps
    assert f"solved in {len(steps)} steps:" in out
    assert out.count("\n1. ") + out.startswith("1. ") == 1
    assert main(["explain", EASY, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["solved"] and len(record["steps"]) == len(steps)


def test_explain_stalled_and_clashing(capsys: Capture) -> None:
    assert main(["explain", TWO]) == 1
    assert "stalled" in capsys.readouterr().out
    assert main(["explain", "11" + "." * 14]) == 2
    assert "clashing" in capsys.readouterr().err


def test_generate_difficulty(capsys: Capture) -> None:
    assert main(["generate", "--difficulty", "easy", "--seed", "4"]) == 0
    grid = Grid.parse(capsys.readouterr().out.strip())
    assert rate(grid).score <= 1.2
