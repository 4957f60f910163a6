"""Three findings of a QA pass: a ``--regions`` map of the wrong size blamed on the puzzle (its
box, 1x3 for a 9-cell map, "did not fit" the grid), a binary file reported one error per
"line" (hundreds of ``invalid UTF-8`` lines), and ``hint``/``explain``/``rate --help`` that did
not list their exit codes.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.formats.puzzles import BinaryFile, binary, iter_grids, iter_puzzles
from sudograph.grid import Grid
from sudograph.logic import solve_logically

EMPTY = "." * 81
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
NO_SOLUTION = ".23456789" + "." * 9 + "1" + "." * 62  # r1c1 must be 1; column 1 holds one
CLASH = "11" + "." * 79
HARDEST = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
BINARY = "binary data: not a text file of puzzles"


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    return code, out, err


# -- 1. a region map of the wrong size is the map's fault -------------------------------------


@pytest.fixture
def small_map(tmp_path: Path) -> Path:
    """A good 3x3 jigsaw map (3 regions of 3 cells): one that does not fit a 9x9 puzzle."""
    path = tmp_path / "regions_bad.txt"
    path.write_text("aaabbbccc\n")
    return path


@pytest.mark.parametrize(
    "command",
    [
        ["solve"],
        ["count"],
        ["hint"],
        ["explain"],
        ["rate"],
        ["check"],
        ["show"],
        ["info"],
        ["rate", "--json"],
        ["check", "--json"],
    ],
)
def test_a_small_map_is_named_for_an_inline_puzzle(
    command: list[str], small_map: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capfd, *command, "--variant", "jigsaw", "--regions", str(small_map), EMPTY)
    assert code == 2
    assert out == ""
    assert err == f"sudograph: error: {small_map}: region map has 9 cells, expected 81\n"


@pytest.mark.parametrize("command", ["draw", "visualize"])
def test_a_small_map_is_named_by_the_picture_commands(
    command: str, small_map: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    output = (
        ["--svg", str(tmp_path / "a.svg")]
        if command == "draw"
        else ["-o", str(tmp_path / "a.html")]
    )
    code, out, err = run(
        capfd, command, *output, "--variant", "jigsaw", "--regions", str(small_map), EMPTY
    )
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: {small_map}: region map has 9 cells, expected 81\n"
    assert not list(tmp_path.glob("a.*"))  # nothing drawn


def test_generate_names_a_small_map(small_map: Path, capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capfd, "generate", "--size", "9", "--variant", "jigsaw", "--regions", str(small_map)
    )
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: {small_map}: region map has 9 cells, expected 81\n"


@pytest.mark.parametrize("command", ["solve", "count", "hint", "explain", "rate", "check", "show"])
def test_a_small_map_is_named_once_for_a_file_of_puzzles(
    command: str, small_map: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(f"{EMPTY}\n{EASY}\n")
    code, out, err = run(
        capfd, command, "--variant", "jigsaw", "--regions", str(small_map), str(puzzles)
    )
    assert (code, out) == (2, "")  # not one "box 1x3 does not fit" per line
    assert err == f"sudograph: error: {small_map}: region map has 9 cells, expected 81\n"


def test_after_a_puzzle_that_fits_the_map_a_misfit_is_its_own_lines_error(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """The map was blamed, and the whole run ended, at a 4x4 line among 9x9 ones (a review
    of the change): the map fits the first puzzle, so the line is at fault, as before."""
    regions = tmp_path / "map.txt"
    regions.write_text("aaabbbccc\n" * 3 + "dddeeefff\n" * 3 + "ggghhhiii\n" * 3)
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(f"{EASY}\n1...............\n{EASY}\n")
    code, out, err = run(capfd, "solve", "--regions", str(regions), str(puzzles))
    assert code == 2 and out.splitlines()[0::2] == [EASY_SOLVED, EASY_SOLVED]
    assert f"{puzzles}:2: box 3x3 does not fit a 4x4 grid" in err
    assert "region map" not in err


@pytest.mark.parametrize(
    ("regions", "cells"),
    [
        ("aaabbb\naaabbb\ncccddd\ncccddd\neeefff\neeefff\n", 36),  # a 6x6 map: box 2x3
        ("aabb\naabb\nccdd\nccdd\n", 16),  # a 4x4 map: box 2x2
    ],
)
def test_a_map_of_another_square_size_is_named(
    regions: str, cells: int, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "map.txt"
    path.write_text(regions)
    code, out, err = run(capfd, "hint", "--variant", "jigsaw", "--regions", str(path), EMPTY)
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: {path}: region map has {cells} cells, expected 81\n"


def test_an_inline_small_map_is_named_as_the_option(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capfd, "hint", "--variant", "jigsaw", "--regions", "aaabbbccc", EMPTY)
    assert (code, out) == (2, "")
    assert err == "sudograph: error: --regions: region map has 9 cells, expected 81\n"


def test_a_map_of_no_square_size_is_still_named(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rows8.txt"
    path.write_text("aaabbbccc\n" * 8)
    code, _, err = run(capfd, "hint", "--variant", "jigsaw", "--regions", str(path), EMPTY)
    assert code == 2
    assert err == f"sudograph: error: {path}: region map has 72 cells, expected 81\n"


def test_a_small_map_with_a_variant_file_of_its_own_box(
    small_map: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    puzzle = tmp_path / "x.txt"
    puzzle.write_text(f"variant: x\nbox: 3x3\ngrid: {EMPTY}\n")
    code, out, err = run(capfd, "count", "--regions", str(small_map), str(puzzle))
    assert (code, out) == (2, "")  # was: x.txt:2:6: box 1x3 given, but the puzzle's is 3x3
    assert err == f"sudograph: error: {small_map}: region map has 9 cells, expected 81\n"


def test_a_bad_map_keeps_its_line_and_column(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "map.txt"
    path.write_text("aaaaaaaaa\n" * 8 + "aaaaaaaab\n")  # 81 cells, 2 regions
    code, _, err = run(capfd, "hint", "--variant", "jigsaw", "--regions", str(path), EMPTY)
    assert code == 2
    assert err == f"sudograph: error: {path}: region map has 2 regions, expected 9\n"
    path.write_text("aabb\naabb\nccdd\ncccd\n")  # region 'c' has 5 cells
    code, _, err = run(capfd, "hint", "--variant", "jigsaw", "--regions", str(path), "." * 16)
    assert code == 2
    assert err == f"sudograph: error: {path}:3:1: region 'c' has 5 cells, expected 4\n"


def test_a_map_that_fits_still_gives_the_box(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "map6.txt"
    path.write_text("aaabbb\naaabbb\ncccddd\ncccddd\neeefff\neeefff\n")
    code, out, err = run(capfd, "hint", "--variant", "jigsaw", "--regions", str(path), "." * 36)
    assert (code, out, err) == (1, "no logical step: more than one solution\n", "")


# -- 2. a binary file is one error --------------------------------------------------------------


@pytest.fixture
def noise(tmp_path: Path) -> Path:
    path = tmp_path / "bin2.dat"
    path.write_bytes(random.Random(2).randbytes(200_000))
    return path


@pytest.mark.parametrize(
    ("command", "row"),
    [
        (["solve"], False),
        (["count"], True),  # the batch mode's row of the line, as for a gzip file
        (["rate"], False),
        (["hint"], False),
        (["explain"], False),
        (["check"], False),
        (["show"], False),
        (["info"], False),
        (["solve", "--json"], False),
        (["rate", "--json"], True),
        (["check", "--json"], True),
    ],
)
def test_a_binary_file_is_one_error(
    command: list[str], row: bool, noise: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capfd, *command, str(noise))
    message = f"{noise}:1:1: {BINARY}"
    assert code == 2
    assert err == f"sudograph: error: {message}\n"
    if not row:
        assert out == ""
    elif "--json" in command:
        assert [json.loads(x) for x in out.splitlines()] == [{"line": 1, "error": message}]
    else:
        assert out == f"line 1: error: {message}\n"


def test_a_short_binary_file_with_cr_lines_is_one_error(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bin.dat"
    data = bytearray(random.Random(3).randbytes(300))
    data = data.replace(b"\n", b"").replace(b"\r", b"")
    data[50] = data[120] = data[200] = 0x0D  # old Mac lines, as the QA's bin.dat had
    path.write_bytes(bytes(data))
    code, out, err = run(capfd, "solve", str(path))
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: {path}:1:1: {BINARY}\n"


def test_a_gzip_file_keeps_its_own_message(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    import gzip

    path = tmp_path / "p.txt.gz"
    path.write_bytes(gzip.compress((EASY + "\n").encode() * 50))
    code, _, err = run(capfd, "rate", str(path))
    assert code == 2
    assert err == f"sudograph: error: {path}:1:1: gzip-compressed data: decompress the file first\n"


@pytest.mark.parametrize("reader", [iter_puzzles, iter_grids])
def test_the_readers_yield_one_error_for_binary_data(reader: object) -> None:
    items = list(reader(io.BytesIO(random.Random(4).randbytes(50_000)), name="b.dat"))  # type: ignore[operator]
    assert len(items) == 1
    no, error = items[0]
    assert no == 1 and isinstance(error, BinaryFile)
    assert str(error) == f"b.dat:1:1: {BINARY}"


@pytest.mark.parametrize(
    "head",
    [
        random.Random(5).randbytes(8192),
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00" + bytes(range(256)) * 8,
        b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 200 + b"\n\x00\x01\x02\n" * 20,
        "\n".join([EASY] * 20).encode("utf-16-le"),  # UTF-16 without its byte-order mark
    ],
    ids=["random", "png", "elf", "utf16-no-bom"],
)
def test_binary_heads(head: bytes) -> None:
    assert isinstance(binary(head, "f"), BinaryFile)


@pytest.mark.parametrize(
    "head",
    [
        b"\xef\xbb\xbf" + (EASY + "\n").encode() * 3,
        b"# caf\xe9 \xff\xfe \x00\n" + EASY.encode() + b"\n# \xe9t\xe9\n" + EASY.encode() + b"\n",
        (EASY + "\n").encode() * 20 + b"1.3\xff\x00....\n" + (EASY + "\n").encode() * 20,
        (EASY + "\n").encode() + b"\xff\xfe\n12\x0034\n" + (EASY + "\n").encode(),
        ("\n".join(f"{EASY},Ménard" for _ in range(30))).encode("latin-1"),
        b"",
        b"\xff\xfe\xfd",  # one bad line: its own error, at its column
    ],
    ids=[
        "bom",
        "latin1-comments",
        "one-bad-line",
        "two-bad-lines",
        "latin1-every-line",
        "empty",
        "one-line",
    ],
)
def test_text_heads(head: bytes) -> None:
    assert binary(head, "f") is None


def test_text_files_are_still_read_line_by_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbf" + f"{EASY}\n{EASY}\n".encode())
    assert run(capfd, "check", str(bom))[0] == 0
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"# caf\xe9 \xff\n" + EASY.encode() + b"\n# \xe9t\xe9\n" + EASY.encode())
    code, out, err = run(capfd, "solve", str(latin))
    assert (code, out.split()) == (0, [EASY_SOLVED, EASY_SOLVED])
    one_bad = tmp_path / "one_bad.txt"
    one_bad.write_bytes(
        (EASY + "\n").encode() * 20 + b"1.3\xff\x00\n" + (EASY + "\n").encode() * 20
    )
    code, out, err = run(capfd, "solve", str(one_bad))
    assert code == 2
    assert (
        out.splitlines()
        == [EASY_SOLVED] * 20
        + [f"error: {one_bad}:21:5: binary data (NUL byte)"]
        + [EASY_SOLVED] * 20
    )
    assert err.splitlines()[0] == f"sudograph: error: {one_bad}:21:5: binary data (NUL byte)"
    code, out, err = run(capfd, "rate", str(one_bad))
    assert code == 2 and len(out.splitlines()) == 41  # 40 rated, and the summary
    assert err == f"sudograph: error: {one_bad}:21:5: binary data (NUL byte)\n"


# -- 3. hint, explain and rate list their exit codes -------------------------------------------


@pytest.mark.parametrize(
    ("command", "sentence"),
    [
        (
            "hint",
            "Exit 0 a placement found (or the grid is complete), 1 the techniques stall, no "
            "solution or more than one, 2 bad input or options, 130 interrupted (Ctrl-C).",
        ),
        (
            "explain",
            "Exit 0 solved, 1 the techniques stall, no solution or more than one, 2 bad input or "
            "options, 130 interrupted (Ctrl-C).",
        ),
        (
            "rate",
            "Exit 0 every puzzle rated, 1 one not rated (no solution, or more than one), 2 bad "
            "input (a line that does not read, clashing clues) or options, 130 interrupted "
            "(Ctrl-C).",
        ),
    ],
)
def test_help_lists_the_exit_codes(
    command: str, sentence: str, capfd: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capfd, command, "--help")
    assert code == 0
    assert sentence in " ".join(out.split())


def _stalled() -> str:
    """A grid on which the techniques stall: where they leave the hardest puzzle."""
    result = solve_logically(Grid.parse(HARDEST))
    assert not result.solved
    return result.grid.to_line()


@pytest.mark.parametrize(
    ("command", "puzzle", "code"),
    [
        ("hint", EASY, 0),
        ("hint", EASY_SOLVED, 0),
        ("hint", "stalled", 1),
        ("hint", NO_SOLUTION, 1),
        ("hint", EMPTY, 1),
        ("hint", CLASH, 2),
        ("hint", "1.3", 2),
        ("explain", EASY, 0),
        ("explain", HARDEST, 1),
        ("explain", NO_SOLUTION, 1),
        ("explain", EMPTY, 1),
        ("explain", CLASH, 2),
        ("rate", EASY, 0),
        ("rate", HARDEST, 0),  # rated: 6 and more
        ("rate", NO_SOLUTION, 1),
        ("rate", EMPTY, 1),
        ("rate", CLASH, 2),
    ],
)
def test_the_exit_codes_the_help_lists(
    command: str, puzzle: str, code: int, capfd: pytest.CaptureFixture[str]
) -> None:
    grid = _stalled() if puzzle == "stalled" else puzzle
    assert run(capfd, command, grid)[0] == code


@pytest.mark.parametrize(
    ("command", "target"), [("hint", "hint"), ("explain", "solve_logically"), ("rate", "rate")]
)
def test_ctrl_c_exits_130(
    command: str, target: str, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    import sudograph.cli.cmd_generate as cmd

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cmd, target, interrupted)
    code, _, err = run(capfd, command, EASY)
    assert (code, err) == (130, "sudograph: error: interrupted\n")
