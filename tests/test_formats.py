"""Puzzle files: the streaming one-per-line reader, CSV, multi-line grid files."""

from __future__ import annotations

import io
import resource
from pathlib import Path

import pytest

from sudograph.errors import ParseError
from sudograph.formats.puzzles import MAX_GRID_FILE, iter_grids, iter_puzzles
from sudograph.grid import MAX_LINE, Grid

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"


def read(data: bytes, **kwargs: object) -> list[tuple[int, str]]:
    """(line, grid line or error text) for each item of iter_puzzles."""
    out = []
    for no, item in iter_puzzles(io.BytesIO(data), **kwargs):  # type: ignore[arg-type]
        out.append((no, item.to_line() if isinstance(item, Grid) else str(item)))
    return out


@pytest.mark.parametrize(
    "name",
    [
        "norvig_easy50.txt",
        "norvig_top95.txt",
        "norvig_hardest.txt",
        "tdoku_17_clue_200.txt",
        "tdoku_top1465_100.txt",
    ],
)
def test_reads_the_bundled_sets(sudoku_dir: Path, name: str) -> None:
    path = sudoku_dir / name
    lines = [ln for ln in path.read_text().splitlines() if ln.strip()]
    items = list(iter_puzzles(path))
    assert len(items) == len(lines)
    assert all(isinstance(g, Grid) for _, g in items)
    assert [g.to_line() for _, g in items] == lines  # type: ignore[union-attr]
    if "17_clue" in name:
        assert {g.clues for _, g in items} == {17}  # type: ignore[union-attr]


def test_crlf_comments_blank_lines() -> None:
    data = f"# header\r\n\r\n{EASY}\r\n   \r\n# more\r\n{SOLVED}\r\n".encode()
    assert read(data) == [(3, EASY), (6, SOLVED)]


def test_bad_lines_are_reported_and_the_rest_read() -> None:
    data = f"{EASY}\n{EASY[:-1]}\n{EASY[:10]}x{EASY[11:]}\n{SOLVED}\n".encode()
    out = read(data, name="f.txt")
    assert out[0] == (1, EASY)
    assert out[1] == (
        2,
        "f.txt:2: wrong length: 80 cells, but a 9x9 grid has 81: 1 cell missing",
    )
    assert out[2][0] == 3 and out[2][1].startswith("f.txt:3:11: unknown character 'x'")
    assert out[3] == (4, SOLVED)


def test_kaggle_csv() -> None:
    data = f'quizzes,solutions\n{EASY.replace(".", "0")},{SOLVED}\n"{EASY}",{SOLVED}\n'.encode()
    assert read(data) == [(2, EASY), (3, EASY)]
    assert read(b"\xef\xbb\xbfpuzzle,solution\n" + EASY.encode() + b",x\n") == [(2, EASY)]


def test_byte_order_mark_on_a_puzzle_line() -> None:
    assert read(b"\xef\xbb\xbf" + EASY.encode()) == [(1, EASY)]


def test_invalid_utf8_and_nul() -> None:
    out = read(EASY.encode() + b"\n\xff\xfe\n12\x0034\n" + SOLVED.encode())
    assert out == [
        (1, EASY),
        (2, "2:1: invalid UTF-8"),
        (3, "3:3: binary data (NUL byte)"),
        (4, SOLVED),
    ]


def test_empty_and_comment_only_files() -> None:
    assert read(b"") == []
    assert read(b"# nothing\n\n# here\n") == []
    assert list(iter_grids(io.BytesIO(b"# nothing\n"))) == []


def test_long_line_rejected_without_holding_it() -> None:
    long = b"1" * (10 * 1024 * 1024)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    out = read(EASY.encode() + b"\n" + long + b"\n" + SOLVED.encode() + b"\n")
    assert out == [(1, EASY), (2, f"2: line longer than {MAX_LINE} bytes: not a grid"), (3, SOLVED)]
    del long
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 64 * 1024  # KiB


def test_box_and_alphabet_options() -> None:
    six = "1.....2.....3.....4.....5.....6....."
    assert read(six.encode(), box=(2, 3)) == [(1, six)]
    assert read(b"AB..DC" + b"." * 10 + b"\n", alphabet="ABCD") == [(1, "AB..DC" + "." * 10)]


def test_path_source(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(f"{EASY}\n")
    assert [(no, g.to_line()) for no, g in iter_puzzles(path)] == [(1, EASY)]  # type: ignore[union-attr]


BOXED = """# two grids, boxed then plain rows
+-----+-----+
| 1 . | 3 . |
| . . | . . |
+-----+-----+
| 2 . | . . |
| 4 . | . 1 |
+-----+-----+

1 2 0 0
0 0 0 0
0 0 0 0
0 0 0 0

[[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]]
"""


def test_multi_line_grid_files() -> None:
    items = list(iter_grids(io.BytesIO(BOXED.encode())))
    assert [(no, g.to_line()) for no, g in items] == [  # type: ignore[union-attr]
        (2, "1.3.....2...4..1"),  # its first line, not the comment above it
        (10, "12.............."),
        (15, "1..............1"),
    ]


def test_multi_line_errors_name_the_line() -> None:
    text = BOXED.replace("| . . | . . |", "| . x | . . |")
    items = list(iter_grids(io.BytesIO(text.encode()), name="g.txt"))
    err = items[0][1]
    assert isinstance(err, ParseError)
    assert (err.source, err.line, err.column) == ("g.txt", 4, 5)
    assert [isinstance(g, Grid) for _, g in items[1:]] == [True, True]
    bad = list(iter_grids(io.BytesIO(b"1 2 0 0\n0 0 0 0\n\xff 0 0 0\n0 0 0 0\n")))
    assert [(no, str(e)) for no, e in bad] == [(3, "3:1: invalid UTF-8")]


def test_iter_grids_reads_one_line_files_as_puzzles() -> None:
    data = f"x\n{EASY}\n\xff\n".encode("latin-1")
    items = list(iter_grids(io.BytesIO(data)))
    assert [no for no, _ in items] == [1, 2, 3]
    assert isinstance(items[1][1], Grid)
    assert all(isinstance(items[i][1], ParseError) for i in (0, 2))


def test_multi_line_file_size_is_bounded() -> None:
    big = b"| 1 |\n" + b" " * (MAX_GRID_FILE + 10)
    items = list(iter_grids(io.BytesIO(big)))
    assert len(items) == 1 and "larger than" in str(items[0][1])


@pytest.mark.parametrize("fmt", ["json", "lists"])
def test_one_json_grid_per_line_is_read_line_by_line(fmt: str) -> None:
    """What ``--format json``/``lists`` writes for several grids (one JSON value per line)
    reads back as one grid per line, a broken line reported and the others kept."""
    grids = [Grid.parse(EASY), Grid.parse(SOLVED), Grid.parse("1.3.....2...4..1")]
    lines = [g.format(fmt) for g in grids]
    assert all("\n" not in line for line in lines)
    for head in ([], ['{"rows": [[1, 0'], ["[[1, 2"]):
        items = list(iter_grids(io.BytesIO("\n".join([*head, *lines]).encode()), name="j"))
        assert [no for no, _ in items] == list(range(1, len(head) + len(lines) + 1))
        got = [g for _, g in items if isinstance(g, Grid)]
        assert got == grids
        assert all(isinstance(e, ParseError) and e.line == 1 for _, e in items[: len(head)])


def test_a_list_over_several_lines_is_still_one_grid() -> None:
    text = "[[1, 0, 0, 0],\n [0, 0, 0, 0],\n [0, 0, 0, 0],\n [0, 0, 0, 1]]\n"
    assert [(no, g.to_line()) for no, g in iter_grids(io.BytesIO(text.encode()))] == [  # type: ignore[union-attr]
        (1, "1..............1")
    ]


def test_lines_that_are_no_rows_of_the_boxs_grid_are_puzzles() -> None:
    """With ``box=(2, 3)`` three lines of 16 cells are three 4x4 puzzles, each told that the
    box does not fit (they were glued into one 3-row grid: 'does not fit a 3x3 grid')."""
    text = b"1234............\n................\n11..............\n"
    items = list(iter_grids(io.BytesIO(text), box=(2, 3)))
    assert [(no, str(e)) for no, e in items] == [
        (
            no,
            f"{no}: box 2x3 does not fit a 4x4 grid (16 cells; box 2x3 makes a 6x6 grid, 36 cells)",
        )
        for no in (1, 2, 3)
    ]
