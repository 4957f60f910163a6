"""Fixes of the session of 2026-11-28 (fourth), found by two read-only QA passes (formats and
bad input; generate, rate, hint, visualize): each was run, then fixed here with its test."""

from __future__ import annotations

import importlib
import io
import time
from pathlib import Path
from typing import Any

import pytest

from sudograph.cli import main
from sudograph.cli.common import is_dimacs_file
from sudograph.errors import ParseError
from sudograph.formats.dimacs import read_dimacs
from sudograph.formats.puzzles import iter_grids
from sudograph.formats.variant import read_variant_puzzles
from sudograph.grid import Grid

GEN = importlib.import_module("sudograph.generate")
SAMPLE = Path(__file__).resolve().parents[1] / "examples" / "sample.txt"
LINES = SAMPLE.read_text().splitlines()[:6]


def _read(text: str) -> list[tuple[int, str]]:
    return [
        (no, str(g) if isinstance(g, ParseError) else g.to_line())
        for no, g in iter_grids(io.BytesIO(text.encode()), name="f.txt")
    ]


@pytest.mark.parametrize(
    ("lines", "bad", "says"),
    [
        # more after the grid on the first two lines: the whole file was read as one grid
        ([f"{x} 1" for x in LINES[:2]] + LINES[2:], [1, 2], "83: unexpected '1' after the grid"),
        ([f"{x}  # puzzle" for x in LINES[:2]] + LINES[2:], [1, 2], "84: unexpected '#' after"),
        ([f"{x} {x}" for x in LINES[:3]] + LINES[3:], [1, 2, 3], "83: unexpected '"),
        ([f"{x}\tx" for x in LINES[:2]] + LINES[2:], [1, 2], "83: unexpected 'x' after the grid"),
        # more lines than the cells a line has (17 lines of 18 symbols: read as one grid)
        (["1.3.........2... 7"] * 17, list(range(1, 18)), "18: unexpected '7' after the grid"),
    ],
    ids=["a number after", "a comment after", "puzzle and solution", "tab-separated", "4x4"],
)
def test_more_after_the_grids_of_the_first_lines_is_their_lines_error(
    lines: list[str], bad: list[int], says: str
) -> None:
    read = _read("\n".join(lines) + "\n")
    assert [no for no, _ in read] == list(range(1, len(lines) + 1))
    for no, what in read:
        if no in bad:
            assert what.startswith(f"f.txt:{no}:") and says in what, what
        else:
            assert what == lines[no - 1]


def test_a_grid_written_over_lines_with_groups_is_still_one_grid() -> None:
    rows = ["..3 .2. 6..", "9.. 3.5 ..1", "..1 8.6 4..", "..8 1.2 9..", "7.. ... ..8",
            "..6 7.8 2..", "..2 6.9 5..", "8.. 2.3 ..9", "..5 .1. 3.."]  # fmt: skip
    assert _read("\n".join(rows) + "\n") == [(1, "".join(rows).replace(" ", ""))]


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # a puzzle without 'variant:', a blank line, one with it first: read as one, refused
        ("grid: 1...............\n\nvariant: x\ngrid: .2..............\n", [1, 4]),
        (
            "grid: 1...............\ncages:\n3 r1c1 r1c2\n\nregions:\naabb\naabb\nccdd\nccdd\n"
            "grid: .2..............\n",
            [1, 10],
        ),
        # a key before 'variant:' (the block was cut at its variant line: 'box:' twice)
        (
            "box: 2x2\ngrid: 1...............\n\nalphabet: ABCD\nvariant: x\nbox: 2x2\n"
            "grid: A...............\n",
            [2, 7],
        ),
        # a blank line between the keys of one puzzle
        ("grid: 1...............\n\ncages:\n3 r1c1 r1c2\n", [1]),
    ],
    ids=["grid, then variant", "cages, then regions", "alphabet, then variant", "one puzzle"],
)
def test_puzzles_apart_whatever_keys_their_blocks_start_with(text: str, lines: list[int]) -> None:
    read = list(read_variant_puzzles(text))
    assert [no for no, _ in read] == lines
    assert all(isinstance(g, Grid) for _, g in read), read


DIMACS = "p edge 3 3\ne 1 2\ne 2 3\ne 3 1\n"
HEADER = "".join(f"c a comment of the kind generators write, line {i:04d}\n" for i in range(300))


def test_a_dimacs_graph_after_a_long_header_is_told_by_its_content(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """More than 8 KiB of comments: it was read as puzzles unless its name ended in .col."""
    path = tmp_path / "graph.txt"
    path.write_text(HEADER + DIMACS)
    assert len(HEADER) > 8192
    assert is_dimacs_file(str(path))
    assert main(["info", str(path)]) == 0
    assert "vertices: 3" in capsys.readouterr().out
    assert main(["solve", str(path)]) == 2
    assert "a DIMACS graph (its 'p edge' line); solve takes puzzles" in capsys.readouterr().err


def test_a_dimacs_graph_after_a_hash_comment_is_still_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.txt"
    path.write_text("# made by me\n" + DIMACS)
    assert main(["solve", str(path)]) == 2
    assert capsys.readouterr().err.count("a DIMACS graph (its 'p edge' line)") == 1


def test_a_graph_on_a_pipe_is_told_in_linear_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """20,000 comment lines on standard input (a pipe) took 114 s to tell: the head read so
    far was joined and read again after each line. Each line is asked once now."""
    from sudograph.cli import common

    class Pipe(io.RawIOBase):  # no seek: read as a pipe is, its head peeked at
        def __init__(self, data: bytes) -> None:
            self.data = io.BytesIO(data)

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            chunk = self.data.read(min(len(buffer), 4096))
            buffer[: len(chunk)] = chunk
            return len(chunk)

    data = ("c a comment line\n" * 20_000 + DIMACS).encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BufferedReader(Pipe(data))))
    asked: list[int] = []
    real = common._dimacs_told

    def told(head: bytes) -> bool:
        asked.append(len(head))
        return real(head)

    monkeypatch.setattr(common, "_dimacs_told", told)
    assert is_dimacs_file("-")
    assert sum(asked) < 3 * len(data)
    assert common.sys.stdin.buffer.read() == data  # put back whole


def test_a_dimacs_comment_not_in_utf8_is_read_past(tmp_path: Path) -> None:
    path = tmp_path / "latin.col"
    path.write_bytes(b"c made by Ren\xe9\n" + DIMACS.encode() + b"c \xff\n")
    assert read_dimacs(path).num_edges == 3
    bad = tmp_path / "bad.col"
    bad.write_bytes(b"p edge 3 1\ne 1 \xff2\n")  # not a comment: still an error, placed
    with pytest.raises(ParseError, match=r"bad.col:2:5: invalid UTF-8"):
        read_dimacs(bad)


@pytest.mark.parametrize(
    ("name", "text", "says"),
    [
        (  # an alphabet's own fault at its line, not at the grid's
            "a.txt",
            "variant: x\nalphabet: AABC\ngrid: A...............\n",
            "a.txt:2:11: alphabet 'AABC' must have 4 distinct symbols, not 3",
        ),
        (
            "b.txt",
            "box: 2x2\nalphabet: ABCDE\ngrid: A...............\n",
            "b.txt:2:11: alphabet 'ABCDE' must have 4 distinct symbols, not 5",
        ),
        (  # a region map of the wrong size: at its value in the JSON text (it had no place)
            "r.json",
            '{"grid": "1...............", "regions": ["aabb","acdb","acdb"]}\n',
            "r.json:1:41: region map has 12 cells, expected 16",
        ),
        (  # JSON's spelling of the value at fault, not Python's
            "t.txt",
            "[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,true]]\n",
            "t.txt:1:39: value true is not a whole number",
        ),
    ],
)
def test_faults_are_told_where_and_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, says: str
) -> None:
    path = tmp_path / name
    path.write_text(text)
    assert main(["solve", str(path)]) == 2
    assert capsys.readouterr().err == f"sudograph: error: {tmp_path / says}\n"


@pytest.mark.parametrize("fmt", ["line", "boxed"])
def test_count_and_all_print_the_solutions_then_the_count(
    capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    """``--count --all`` printed the count alone (with --json, the solutions too)."""
    assert main(["solve", "12343412........", "--count", "--all", "--format", fmt]) == 0
    out = capsys.readouterr().out
    body, _, last = out.rstrip("\n").rpartition("\n")
    shown = body.split("\n\n" if fmt == "boxed" else "\n")
    assert last == "4 solutions"
    assert sorted(Grid.parse(g).to_line() for g in shown) == [
        "1234341221434321",
        "1234341223414123",
        "1234341241232341",
        "1234341243212143",
    ]


def test_a_first_puzzle_has_its_whole_time(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """What a first puzzle of a shape sets up (the house kernel's arrays, python-sat's import:
    0.09 s of a 16×16 puzzle) ran on its clock: with ``--timeout 0.1`` the first puzzle came
    back almost full. ``generate`` prepares it before its first puzzle, as it loads the
    kernels: a setup slowed to 0.5 s no longer counts against a puzzle's 0.3 s."""
    real, asked = GEN.prepare, []

    def slow(box: tuple[int, int]) -> None:
        asked.append(box)
        time.sleep(0.5)
        real(box)

    monkeypatch.setattr(GEN, "prepare", slow)
    command = ["generate", "--size", "4", "--seed", "2", "--timeout", "0.3", "--workers", "1"]
    assert main(command) == 0
    out, err = capfd.readouterr()
    assert asked == [(2, 2)]
    assert "cut its clue removal short" not in err and Grid.parse(out).clues < 16


@pytest.mark.parametrize(
    "options",
    [["--variant", "x", "--size", "4"], ["--variant", "killer", "--size", "4", "--json"]],
    ids=["x", "killer json"],
)
def test_generate_variants_on_workers_writes_what_one_process_writes(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], options: list[str]
) -> None:
    """``generate --variant --workers N`` was refused (the docs did not say so)."""

    def made(*more: str) -> str:
        assert main(["generate", *options, "--count", "6", "--seed", "3", *more]) == 0
        return capfd.readouterr().out

    alone = made("--workers", "1")
    assert made("--workers", "2") == alone
    assert made() == alone  # (the default: one process per core past 4 puzzles)
    out = tmp_path / "out.txt"
    made("--workers", "2", "-o", str(out))
    assert out.read_text() == alone
    puzzles = list(read_variant_puzzles(alone))
    assert len(puzzles) == 6 and all(isinstance(g, Grid) and g.variant for _, g in puzzles)
