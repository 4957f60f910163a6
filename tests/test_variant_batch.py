"""Variant puzzles in the file mode (``-o``, ``--workers``, ``--dask``, ``--resume``): the
grids carry their rules to the batch and its workers, so every file-mode option gives what
the one-process run gives (it used to read the grids as plain ones: wrong counts)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.generate import generate_variant
from sudograph.solve import count_solutions
from sudograph.variants import check_solution

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "variants"
FILE_MODES = [["-o", "OUT"], ["--workers", "2", "-o", "OUT"], ["--workers", "1"]]
if importlib.util.find_spec("distributed") is not None:
    FILE_MODES.append(["--dask", "local", "-o", "OUT"])


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    return code, out, err


def output(capfd: pytest.CaptureFixture[str], tmp_path: Path, mode: list[str], *argv: str) -> str:
    """What a command writes, to standard output or to ``-o OUT``."""
    out_file = tmp_path / "out.txt"
    out_file.unlink(missing_ok=True)
    extra = [str(out_file) if a == "OUT" else a for a in mode]
    code, out, err = run(capfd, *argv, *extra)
    assert code in (0, 1), err
    return out_file.read_text() if "-o" in mode else out


@pytest.fixture
def lines(tmp_path: Path) -> Path:
    """Two plain grid lines: an x puzzle (unique as x, many solutions as a classic) and a
    windoku puzzle (no solution with the diagonals)."""
    grids = [
        line.removeprefix("grid: ")
        for name in ("x.txt", "windoku.txt")
        for line in (EXAMPLES / name).read_text().splitlines()
        if line.startswith("grid: ")
    ]
    path = tmp_path / "lines.txt"
    path.write_text("\n".join(grids) + "\n")
    return path


@pytest.mark.parametrize("mode", FILE_MODES, ids=lambda m: " ".join(m))
def test_count_reads_variant_options_in_file_mode(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, lines: Path, mode: list[str]
) -> None:
    alone = output(capfd, tmp_path, [], "count", str(lines), "--variant", "x")
    assert alone.splitlines() == ["line 1: 1 solution (unique)", "line 2: 0 solutions"]
    assert output(capfd, tmp_path, mode, "count", str(lines), "--variant", "x") == alone


@pytest.mark.parametrize("mode", FILE_MODES, ids=lambda m: " ".join(m))
def test_count_reads_variant_files_in_file_mode(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, mode: list[str]
) -> None:
    killers = tmp_path / "three.txt"  # a killer, an x and a jigsaw puzzle, one file
    names = ("killer_4x4.txt", "x_6x6.txt", "jigsaw_6x6.txt")
    killers.write_text("".join((EXAMPLES / name).read_text() for name in names))
    alone = output(capfd, tmp_path, [], "count", str(killers))
    rows = alone.splitlines()
    assert len(rows) == 3 and all(row.endswith(": 1 solution (unique)") for row in rows)
    assert output(capfd, tmp_path, mode, "count", str(killers)) == alone
    puzzle = generate_variant("x", 2, seed=0)  # an f-puzzles JSON file: one puzzle
    rows = [
        [{"value": v, "given": True} if v else {} for v in puzzle.values[r * 4 : r * 4 + 4]]
        for r in range(4)
    ]
    fpuzzles = tmp_path / "x.json"
    fpuzzles.write_text(json.dumps({"size": 4, "grid": rows, "diagonal+": True, "diagonal-": True}))
    fp = output(capfd, tmp_path, mode, "count", str(fpuzzles))
    assert fp == "line 1: 1 solution (unique)\n"


@pytest.mark.parametrize("mode", [m for m in FILE_MODES if "-o" in m], ids=lambda m: " ".join(m))
@pytest.mark.parametrize("name", ["x.txt", "jigsaw_6x6.txt", "killer_4x4.txt", "x_anti-king.txt"])
def test_solve_variant_files_in_file_mode(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, mode: list[str], name: str
) -> None:
    from sudograph.cli.common import read_variant_file

    path = EXAMPLES / name
    ((_, puzzle),) = read_variant_file(str(path)) or []
    got = output(capfd, tmp_path, mode, "solve", str(path))
    (row,) = got.splitlines()
    solved = puzzle.with_values([puzzle.alphabet.index(c) + 1 for c in row])
    assert solved.is_solution_of(puzzle)
    assert puzzle.variant is not None
    assert check_solution(puzzle.variant, puzzle.box, solved.values) == []


def test_count_in_file_mode_matches_the_api_on_generated_variants(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Generated puzzles, each with its first clue removed too: the file mode's counts (every
    solution, two workers) are the API's."""
    puzzles = []
    for seed in range(3):
        p = generate_variant("anti-king", 3, seed=seed)
        first = next(i for i, v in enumerate(p.values) if v)
        puzzles += [p, p.with_values([0 if i == first else v for i, v in enumerate(p.values)])]
    path = tmp_path / "ak.txt"
    path.write_text("\n".join(p.to_line() for p in puzzles) + "\n")
    got = output(capfd, tmp_path, ["--workers", "2", "-o", "OUT"], "count", str(path),
                 "--variant", "anti-king", "--json")  # fmt: skip
    counts = [json.loads(row)["count"] for row in got.splitlines()]
    assert counts == [count_solutions(p) for p in puzzles]
    assert counts[::2] == [1, 1, 1]


@pytest.mark.parametrize(
    "argv",
    [
        ["generate", "--size", "4", "--count", "1", "--clues", "200", "--seed", "1"],
        ["generate", "--variant", "asterisk", "--size", "4", "--seed", "1"],
        ["solve", "1234"],
        ["solve", "11" + "." * 14],
    ],
    ids=["clues", "variant-size", "unreadable", "clashing"],
)
def test_bad_input_leaves_the_output_file_as_it_was(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    """``-o OUT`` is written only once there is something to write: an error found by the
    first puzzle (exit 2) leaves the file as it was (it used to be emptied)."""
    out_file = tmp_path / "keep.txt"
    out_file.write_text("precious\n")
    code, _, err = run(capfd, *argv, "-o", str(out_file))
    assert code == 2 and "error:" in err and "Traceback" not in err
    assert out_file.read_text() == "precious\n"
    code, _, err = run(capfd, "generate", "--size", "4", "--count", "2", "--seed", "1",
                       "-o", str(out_file))  # fmt: skip
    assert code == 0, err
    assert len(out_file.read_text().splitlines()) == 2  # a good run writes it
