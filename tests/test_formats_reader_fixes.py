"""Faults of the puzzle-file reader a QA pass found (2026-11-27), each pinned: a 16×16 grid
written one row a line is one grid (not 16 puzzles of 4×4), a JSON line is never a CSV header
and ``generate --json`` rows read back, a pipe's head is read until its lines tell, a Kaggle
header after comments is one, lines break at LF (and CRLF) only, UTF-16 files are one error,
and CR line endings read as lines in every layout."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudograph.cli import main
from sudograph.errors import ParseError
from sudograph.formats.puzzles import (
    csv_column,
    first_lines_read,
    holds_grid_blocks,
    iter_grids,
    iter_puzzles,
    joined,
    read_grid,
)
from sudograph.grid import Grid

SRC = Path(__file__).resolve().parents[1] / "src"

needs_numba = pytest.mark.skipif(
    importlib.util.find_spec("numba") is None, reason="the file mode's default method"
)

P4 = "..1.2..4.4..3.41"
S4 = "4312213414233241"
P9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
S9 = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
ROWS9 = [P9[i : i + 9] for i in range(0, 81, 9)]
BOXED4 = (
    "+-----+-----+\n| 1 . | 3 . |\n| . . | . . |\n+-----+-----+\n| 2 . | . . |\n| 4 . | . 1 |\n"
)

# A 16x16 puzzle (of several solutions), written one row a line in the layouts below.
P16 = (
    ".3..4......21...8.7.....16D...........C.4........94.2...3B...5G8....8C.F.3..6..9"
    "..FCG.9....E4A.53B.......76..8.2...G....D.F.3.....E9.8...F3.B..6...8E.3..2...9.."
    "D...19.2.8G7....G...6.A...4..3..9.8D.5.....G.B1...G...8.7....2.4....3.....2...5."
    ".453FE...D..76.."
)
ROWS16 = [P16[i : i + 16] for i in range(0, 256, 16)]
DEFAULT16 = "123456789ABCDEFG"


def numbers(row: str) -> str:
    return " ".join("0" if ch == "." else str(DEFAULT16.index(ch) + 1) for ch in row)


LAYOUTS16 = {
    "sdk": "\n".join(ROWS16) + "\n",
    "symbols spaced": "\n".join(" ".join(row) for row in ROWS16) + "\n",
    "numbers": "\n".join(numbers(row) for row in ROWS16) + "\n",
    "first row only 1-4": "1234............\n....G...........\n" + "\n".join(["." * 16] * 14),
    "comment, CRLF, no last LF": "# a 16x16\r\n" + "\r\n".join(ROWS16),
}


def items(data: bytes | str, reader: Any = iter_grids, **kwargs: Any) -> list[tuple[int, str]]:
    """``(line, grid line or error text)`` of each item ``reader`` gives for ``data``."""
    raw = data.encode() if isinstance(data, str) else data
    return [
        (no, g.to_line() if isinstance(g, Grid) else str(g))
        for no, g in reader(io.BytesIO(raw), **kwargs)
    ]


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    assert "Traceback" not in err
    return code, out, err


class Trickle(io.RawIOBase):
    """A pipe's raw stream: each read gives the next of ``chunks`` (what has arrived so far),
    whatever room the reader has; ``given`` counts the bytes given."""

    def __init__(self, *chunks: bytes) -> None:
        super().__init__()
        self.chunks = [c for c in chunks if c]
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self.chunks:
            return 0
        chunk = self.chunks[0][: len(buffer)]
        self.chunks[0] = self.chunks[0][len(chunk) :]
        if not self.chunks[0]:
            self.chunks.pop(0)
        buffer[: len(chunk)] = chunk
        self.given += len(chunk)
        return len(chunk)


# -- 1. N rows of N cells: one N×N grid -------------------------------------------------------
@pytest.mark.parametrize("layout", list(LAYOUTS16))
def test_a_16x16_grid_one_row_a_line_is_one_grid(layout: str) -> None:
    found = items(LAYOUTS16[layout], name="g.txt")
    want = "1234" + "." * 16 + "G" + "." * 235 if layout == "first row only 1-4" else P16
    first = 2 if layout.startswith("comment") else 1  # its first line, not a comment above
    assert found == [(first, want)]


@pytest.mark.parametrize(
    ("lines", "why"),
    [
        ([P4] * 16, "16 puzzles of 4x4"),
        ([P4] * 15 + ["12x4" + "." * 12], "a typo is no 16x16 symbol"),
        ([P4] * 17, "17 lines: no 16x16 grid"),
        ([P4] * 15 + ["....G..........."] + [P4], "a 17th row"),
        ([P4] * 15 + ["....G.........."], "a row of 15"),
    ],
)
def test_lines_of_16_cells_that_are_no_grid_stay_puzzles(lines: list[str], why: str) -> None:
    found = items("\n".join(lines) + "\n", name="p.txt")
    assert [no for no, _ in found] == list(range(1, len(lines) + 1)), why
    assert [g for _, g in found if "error" not in g and ":" not in g] == [
        line for line in lines if line == P4
    ]


@pytest.mark.parametrize(
    ("text", "box", "count"),
    [
        (LAYOUTS16["sdk"], (2, 2), 16),  # --box 2x2: each line a 4x4 puzzle (errors told)
        ("\n".join([P4] * 16) + "\n", (4, 4), 1),  # --box 4x4: the 16 lines are one grid
    ],
)
def test_the_box_given_decides(text: str, box: tuple[int, int], count: int) -> None:
    found = items(text, box=box)
    assert len(found) == count
    if count == 1:
        assert found[0][0] == 1 and found[0][1] == P4 * 16


def test_a_16x16_grid_one_row_a_line_through_the_cli(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = tmp_path / "r16.txt"
    src.write_text(LAYOUTS16["sdk"])
    code, out, _ = run(capfd, "show", str(src), "--format", "line")
    assert code == 0 and out.splitlines() == [P16]
    code, out, _ = run(capfd, "count", str(src), "--limit", "2")
    assert out.strip() == "line 1: at least 2 solutions (--limit 2)"


# -- 2. JSON lines: never a CSV header; generate --json rows read back -----------------------
@pytest.mark.parametrize(
    "line",
    [
        '{"puzzle": "4.....1....1.3..", "box": [2, 2], "clues": 4}',
        '[{"sudoku": 1}]',
        '{"quizzes": "x", "rows": []}',
        "puzzle: 1.3.....2...4..1",
        "quizzes,1.3.....2...4..1",
    ],
)
def test_a_line_of_data_is_no_csv_header(line: str) -> None:
    assert csv_column(line) is None
    found = items(line + "\n" + P4 + "\n", reader=iter_puzzles)
    assert found[-1] == (2, P4) and found[0][0] == 1  # line 1 read (a grid or its error)


@pytest.mark.parametrize(
    ("header", "column"),
    [("quizzes,solutions", 0), ('"id","Puzzle","Solution"', 1), ("Puzzles", 0)],
)
def test_real_headers_still_are(header: str, column: int) -> None:
    assert csv_column(header) == column


@pytest.mark.parametrize(
    ("box", "seed"), [("2x2", 1), ("2x3", 3), ("3x3", 5)], ids=["4x4", "6x6", "9x9"]
)
def test_generate_json_rows_read_back(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, box: str, seed: int
) -> None:
    out = tmp_path / "g.jsonl"
    code, _, _ = run(
        capfd, "generate", "--box", box, "--count", "3", "--seed", str(seed), "--json",
        "-o", str(out),
    )  # fmt: skip
    assert code == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    want = [(no, row["puzzle"]) for no, row in enumerate(rows, 1)]
    assert items(out.read_bytes()) == want
    assert items(out.read_bytes(), reader=iter_puzzles) == want
    code, text, _ = run(capfd, "show", str(out), "--format", "line")
    assert code == 0 and text.splitlines() == [p for _, p in want]
    code, text, _ = run(capfd, "count", str(out))
    assert code == 0 and text.splitlines() == [
        f"line {no}: 1 solution (unique)" for no in (1, 2, 3)
    ]


@needs_numba
def test_generate_json_then_solve(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "gj4.jsonl"
    run(capfd, "generate", "--size", "4", "--count", "3", "--seed", "1", "--json", "-o", str(out))
    code, text, err = run(capfd, "solve", str(out))
    assert code == 0 and len(text.splitlines()) == 3 and "error:" not in err
    puzzles = [Grid.parse(json.loads(line)["puzzle"]) for line in out.read_text().splitlines()]
    assert all(Grid.parse(s).is_solution_of(p) for s, p in zip(text.split(), puzzles, strict=True))


@pytest.mark.parametrize(
    ("line", "kwargs", "want"),
    [
        ('{"puzzle": "1.....2.....3.....4.....5.....6.....", "box": "2x3"}', {}, "1.....2....."),
        ('{"puzzle": "1.3.....2...4..1", "box": [2, 2], "index": 7}', {"box": (2, 2)}, "1.3."),
        ('{"puzzle": "A.B.", "alphabet": "AB", "box": [1, 2]}', {}, "A.B."),
        ('{"puzzle": "1.3.....2...4..1", "rows": [[1, 2]]}', {}, "1:41: row 1 has 2 values"),
        ('{"puzzle": "1.3..x..2...4..1"}', {}, "1:18: unknown character 'x'"),
        ('{"puzzle": "1.3.....2...4..1", "box": [2, 3]}', {}, "1:12: box 2x3 does not fit"),
        ('{"puzzle": "1.3.....2...4..1", "box": [2, 2]}', {"box": (1, 4)}, "1:39: box 1x4 given"),
        ('{"puzzle": "1.3.....2...4..1", "boxes": [2]}', {}, "1:32: unknown key 'boxes': did"),
        ('{"puzzle": 7}', {}, "1:12: bad puzzle: expected the grid on one line"),
        ('{"puzzle": "1.3.....2...4..1", "box": "2y2"}', {}, "1:39: bad box: box shape '2y2'"),
        ('{"puzzle": "1.3.....2...4..1", "box": [0, 3]}', {}, "1:39: bad box: box shape must"),
        ('{"puzzle": "1.3", "puzzle": "1.3."}', {}, "1:19: key 'puzzle' given twice"),
    ],
)
def test_a_puzzle_row_is_read_with_its_box(line: str, kwargs: Any, want: str) -> None:
    """A fault is placed at the value at fault: the puzzle's character, the box, the key."""
    try:
        got = read_grid(line, **kwargs).to_line()
    except ParseError as exc:
        assert str(exc).startswith(want), str(exc)
    else:
        assert got.startswith(want) and ":" not in want, got


@pytest.mark.parametrize("fmt", ["json", "lists"])
def test_what_show_writes_still_reads_back(fmt: str) -> None:
    grids = [Grid.parse(P4), Grid.parse(P9)]
    text = "".join(json.dumps(g.to_json() if fmt == "json" else g.to_lists()) + "\n" for g in grids)
    assert items(text) == [(1, P4), (2, P9)]
    assert holds_grid_blocks(text.encode())  # read by iter_grids in the file mode too


# -- 3. a pipe's head: read until its lines tell ---------------------------------------------
def test_two_rows_so_far_are_read_on() -> None:
    """``(head -2 sdk9.txt; sleep 1; tail -n +3 sdk9.txt) | sudograph count -``: what has
    arrived (two rows) is no file of two one-line puzzles."""
    first, rest = "\n".join(ROWS9[:2]) + "\n", "\n".join(ROWS9[2:]) + "\n"
    pipe = io.BufferedReader(Trickle(first.encode(), rest.encode()))
    assert pipe.peek(1 << 16) == first.encode()  # all a peek sees
    assert holds_grid_blocks(first.encode())  # not told yet: iter_grids reads on
    assert [(no, g.to_line()) for no, g in iter_grids(pipe)] == [(1, P9)]  # type: ignore[union-attr]


def test_one_puzzle_a_line_still_streams() -> None:
    """A 9x9 puzzle line tells at once: the next is not waited for."""
    raw = Trickle(f"{P9}\n".encode(), f"{P9}\n".encode() * 1000)
    found = iter_grids(io.BufferedReader(raw))
    assert next(found)[0] == 1 and raw.given <= 2 * 82
    assert len(list(found)) == 1000


PIECES = [
    *ROWS16[:3], *ROWS9[:3], P4, P9, "", "# c", "| 1 . | . . |", "+--+", "1 2 0 0", "0 0 0 0",
    '{"puzzle": "1.3.....2...4..1"}', "[[1, 0],", "quizzes,solutions", "....G...........",
]  # fmt: skip


@given(
    st.lists(st.sampled_from(PIECES), max_size=30),
    st.sampled_from(["none", "16 rows", "9 rows"]),
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.lists(st.integers(0, 2000), max_size=6),
)
def test_a_pipe_reads_as_the_file(lines: list[str], first: str, end: str, cuts: list[int]) -> None:
    """Whatever arrives when, a pipe's items are the file's: the head is read on until the
    lines tell."""
    lines = {"none": [], "16 rows": ROWS16, "9 rows": ROWS9}[first] + lines
    data = end.join(lines).encode()
    at = sorted({min(c, len(data)) for c in cuts})
    chunks = [data[a:b] for a, b in zip([0, *at], [*at, len(data)], strict=True)]
    want = items(data)
    got = [
        (no, g.to_line() if isinstance(g, Grid) else str(g))
        for no, g in iter_grids(io.BufferedReader(Trickle(*chunks)))
    ]
    assert got == want


@pytest.mark.parametrize(
    ("chunks", "lines"),
    [
        ((b"varia", b"nt: x\nbox: 2x2\n"), 1),
        ((b"# c\n", b"\n..3", b".2.6..\n9..3"), 2),
        ((b'{\n"grid": "1', b'..."\n}\n'), 2),
        ((b"1234",), 0),  # the end comes first
    ],
)
def test_stdin_head_waits_for_the_first_lines(
    monkeypatch: pytest.MonkeyPatch, chunks: tuple[bytes, ...], lines: int
) -> None:
    from sudograph.cli.common import stdin_head

    data = b"".join(chunks) + b"rest\n" * (lines > 0)
    monkeypatch.setattr(
        sys, "stdin", io.TextIOWrapper(io.BufferedReader(Trickle(*chunks, b"rest\n" * (lines > 0))))
    )
    head = stdin_head()
    assert head == b"".join(chunks)[: len(head)] and first_lines_read(head) == (lines > 0)
    assert sys.stdin.buffer.read() == data  # put back: nothing lost


def _piped(argv: list[str], first: bytes, rest: bytes) -> tuple[int, str, str]:
    """``argv`` run with standard input a pipe that gives ``first``, then after a pause
    ``rest``."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudograph", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(SRC)},
    )
    assert proc.stdin is not None
    proc.stdin.write(first)
    proc.stdin.flush()
    time.sleep(0.5)
    out, err = proc.communicate(rest, timeout=120)
    return proc.returncode, out.decode(), err.decode()


@pytest.mark.parametrize(
    ("argv", "first", "rest", "want"),
    [
        (["count", "-"], "\n".join(ROWS9[:2]) + "\n", "\n".join(ROWS9[2:]) + "\n", "1 solution"),
        (["show", "-", "--format", "line"], "\n".join(ROWS9[:2]) + "\n", "\n".join(ROWS9[2:]), P9),
        (["check", "-"], "varia", "nt: x\nbox: 2x2\ngrid: ......34.......2\n", "valid"),
    ],
    ids=["count rows", "show rows", "check variant"],
)
def test_a_slow_pipe_reads_as_the_file(argv: list[str], first: str, rest: str, want: str) -> None:
    code, out, err = _piped(argv, first.encode(), rest.encode())
    assert code == 0, err
    assert want in out and "error" not in out + err


# -- 4. a Kaggle header is the first content line ----------------------------------------------
@pytest.mark.parametrize(
    "before", ["# from kaggle\n", "\n", "\ufeff\n  \n# a\n# b\n", "\ufeff# c\r\n"]
)
def test_a_csv_header_after_comments_or_blank_lines(before: str) -> None:
    text = f"{before}quizzes,solutions\n{P9},{S9}\n\n{P9.replace('.', '0')},{S9}\n"
    start = before.count("\n") + 2
    want = [(start, P9), (start + 2, P9)]
    assert items(text) == want and items(text, reader=iter_puzzles) == want
    assert holds_grid_blocks(text.encode())  # the file mode's own reader knows line 1 only


def test_a_header_later_is_a_bad_line() -> None:
    found = items(f"{P9}\nquizzes,solutions\n{P9}\n", name="k.csv")
    assert [no for no, _ in found] == [1, 2, 3]
    assert found[1][1].startswith("k.csv:2:")


@needs_numba
@pytest.mark.parametrize("before", ["# from kaggle\n", "\n"])
def test_a_csv_header_after_a_comment_in_the_file_mode(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, before: str
) -> None:
    src = tmp_path / "kc.csv"
    src.write_text(f"{before}quizzes,solutions\n{P9},x\n{P9},x\n")
    code, out, _ = run(capfd, "solve", str(src))
    assert code == 0 and out.splitlines() == [S9, S9]


# -- 5. lines break at LF (and CRLF) only -----------------------------------------------------
@pytest.mark.parametrize(
    ("odd", "message"),
    [
        ("\x0c", "binary data (control character '\\x0c')"),
        ("\x85", "unexpected '\\x85' inside a line"),
        ("\u2028", "unexpected '\\u2028' inside a line"),
        ("\x1e", "binary data (control character '\\x1e')"),
        ("\r", "unexpected '\\r' inside a line"),
    ],
)
def test_an_odd_break_inside_a_row_is_a_character_there(odd: str, message: str) -> None:
    text = BOXED4 + "\n" + BOXED4.replace("| . . | . . |", f"| . .{odd}| . . |")
    assert items(text, name="f") == [(1, "1.3.....2...4..1"), (8, f"f:10:6: {message}")]


@pytest.mark.parametrize("odd", ["\x0c", "\x85", "\u2028", "\x0b"])
def test_an_odd_break_alone_or_in_a_comment_shifts_no_line(odd: str) -> None:
    """A page break (form feed) between grids, NEL in a comment: the lines after keep their
    numbers (``str.splitlines`` made two lines of each)."""
    bad = BOXED4.replace("| . . | . . |", "| . x | . . |")
    text = f"# note{odd} here\n{BOXED4}{odd}\n{bad}"
    assert items(text, name="f") == [
        (2, "1.3.....2...4..1"),  # a grid's first line, not its comment's
        (9, "f:11:5: unknown character 'x' (expected one of 1234 or .0_- for empty)"),
    ]


# -- 6. UTF-16 (and UTF-32): one error, the file not read ------------------------------------
@pytest.mark.parametrize(
    ("encoding", "mark"),
    [("utf-16-le", "FF FE"), ("utf-16-be", "FE FF"), ("utf-32-le", "FF FE 00 00")],
)
@pytest.mark.parametrize("reader", [iter_grids, iter_puzzles])
def test_a_utf16_file_is_one_error(encoding: str, mark: str, reader: Any) -> None:
    data = ("\ufeff" + f"{P9}\n{P9}\n").encode(encoding)
    name = "UTF-32" if "32" in encoding else "UTF-16"
    assert items(data, reader=reader, name="u16.txt") == [
        (1, f"u16.txt:1:1: {name} text (byte-order mark {mark}): convert the file to UTF-8 first")
    ]


def test_ff_fe_without_utf16_text_is_a_bad_line() -> None:
    assert items(b"\xff\xfe\n" + P9.encode() + b"\n") == [(1, "1:1: invalid UTF-8"), (2, P9)]


@pytest.mark.parametrize("command", [["show"], ["count"], ["check"], ["solve"]])
def test_a_utf16_file_through_the_cli(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    if command == ["solve"] and importlib.util.find_spec("numba") is None:
        pytest.skip("the file mode's default method")
    src = tmp_path / "u16.txt"
    src.write_bytes(("\ufeff" + f"{P9}\n{P9}\n").encode("utf-16-le"))
    code, out, err = run(capfd, command[0], str(src))
    assert code == 2
    for stream in (out, err):  # said once, on standard error (and as a row, for count)
        said = [line for line in stream.splitlines() if "UTF-16" in line]
        assert len(said) <= 1 and all("convert the file to UTF-8 first" in s for s in said)
    assert "UTF-16" in err and "NUL" not in out + err


# -- 7. CR line endings: lines, in every layout ----------------------------------------------
@pytest.mark.parametrize(
    ("text", "want"),
    [
        (f"# old Mac\r{P9}\r\r{S9}\r", [(2, P9), (4, S9)]),
        (f"{P9}\r{S9}", [(1, P9), (2, S9)]),
        (
            BOXED4.replace("\n", "\r") + "\r" + BOXED4.replace("\n", "\r"),
            [(1, "1.3....."), (8, "1.3")],
        ),
        ("\r".join(ROWS9) + "\r", [(1, P9)]),
        (f"quizzes,solutions\r{P9},{S9}\r", [(2, P9)]),
    ],
    ids=["puzzles", "no last CR", "boxed", "rows", "csv"],
)
def test_cr_line_endings_are_lines(text: str, want: list[tuple[int, str]]) -> None:
    found = items(text)
    assert [no for no, _ in found] == [no for no, _ in want]
    assert all(g.startswith(w) for (_, g), (_, w) in zip(found, want, strict=True))
    if "|" not in text and len(want) > 1:
        assert items(text, reader=iter_puzzles) == found
    assert holds_grid_blocks(text.encode())  # the file mode's reader splits at LF only


def test_a_crlf_cut_between_two_reads_is_one_break() -> None:
    raw = Trickle(b"1.3.....2...4..1\r", b"\n.2.......1......\r", b".2......")
    stream = joined(b"", io.BufferedReader(raw), cr=True)
    assert stream.read() == b"1.3.....2...4..1\n.2.......1......\n.2......"


def test_a_stray_cr_in_a_file_of_lf_lines_is_still_an_error() -> None:
    assert items(f"{P9}\n1.3.\r....2...4..1\n{P9}\n", name="f") == [
        (1, P9),
        (2, "f:2:5: unexpected '\\r' inside a line"),
        (3, P9),
    ]


@needs_numba
def test_cr_endings_in_the_file_mode(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = tmp_path / "cr.txt"
    src.write_bytes(f"{P9}\r{P9}\r{P9}\r".encode())
    code, out, _ = run(capfd, "solve", str(src))
    assert code == 0 and out.splitlines() == [S9] * 3


# -- the review of these fixes ------------------------------------------------------------------
FOURS = [".2.......1......", "1.3.....2...4..1", "4.....1....1.3..", "..1.4.........2."]


@pytest.mark.parametrize("typo", ["5", "9", "G", "A"])
def test_sixteen_4x4_puzzles_with_a_typo_stay_puzzles(tmp_path: Path, typo: str) -> None:
    lines = [FOURS[i % 4] for i in range(16)]
    lines[5] = lines[5][:4] + typo + lines[5][5:]
    path = tmp_path / "t.txt"
    path.write_text("\n".join(lines) + "\n")
    items = list(iter_grids(str(path)))
    assert len(items) == 16
    assert [no for no, item in items if isinstance(item, ParseError)] == [6]


@pytest.mark.parametrize(
    "header",
    [
        "9x9 puzzle,solution",
        "Puzzle,Solution,Grid #",
        "puzzle,solution,rating[0-10]",
        "puzzle,solution,source: web",
        "puzzle,author's name,clues?",
    ],
)
def test_headers_with_punctuation_are_headers(tmp_path: Path, header: str) -> None:
    path = tmp_path / "k.csv"
    column = next(i for i, f in enumerate(header.split(",")) if "uzzle" in f)
    row = ["x"] * len(header.split(","))
    row[column] = FOURS[1]
    path.write_text(f"{header}\n{','.join(row)}\n")
    items = list(iter_grids(str(path)))
    assert [(no, item.to_line()) for no, item in items] == [(2, FOURS[1])]


def test_a_data_row_naming_a_puzzle_is_no_header(tmp_path: Path) -> None:
    path = tmp_path / "d.txt"
    path.write_text(f"7,{FOURS[1]},my puzzle\n")
    ((no, item),) = list(iter_grids(str(path)))
    assert no == 1 and isinstance(item, ParseError)


def test_comments_past_the_buffer_keep_the_file_mode_fast_path(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    from sudograph.cli.batchmode import read_puzzles

    nine = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    path = tmp_path / "c.txt"
    path.write_text(f"# {'0' * 9000}\n{nine}\n{nine}\n")
    with open(path, "rb") as stream:
        items = list(read_puzzles(stream, str(path), skip=0, box=None, alphabet=None))
    assert items == [(2, nine), (3, nine)]  # the lines themselves: the 9x9 fast path


@pytest.mark.parametrize(
    "row",
    [
        '{"puzzle_id": 7, "puzzle": "4.....1....1.3.."}',
        '{"puzzle": "4.....1....1.3..", "box": [2, 2], "boxed": true}',
    ],
)
def test_keys_beside_the_key_they_resemble_are_left(row: str) -> None:
    from sudograph.formats.puzzles import read_grid

    assert read_grid(row).to_line() == "4.....1....1.3.."


def test_a_misspelt_box_is_still_refused() -> None:
    from sudograph.formats.puzzles import read_grid

    with pytest.raises(ParseError, match=r"^1:32: unknown key 'bx': did you mean 'box'\?$"):
        read_grid('{"puzzle": "4.....1....1.3..", "bx": [2, 2]}')


def test_a_pretty_printed_row_after_a_comment(tmp_path: Path) -> None:
    path = tmp_path / "rows.json"
    path.write_text('# made by generate\n{\n  "puzzle": "4.....1....1.3..",\n  "box": [2, 2]\n}\n')
    assert [(no, item.to_line()) for no, item in iter_grids(str(path))] == [(2, "4.....1....1.3..")]
    bad = tmp_path / "bad.json"
    bad.write_text('# made by generate\n{\n  "puzzle": "4...x.1....1.3.."\n}\n')
    ((_, item),) = list(iter_grids(str(bad)))
    assert isinstance(item, ParseError) and (item.line, item.column) == (3, 18)
