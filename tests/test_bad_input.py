"""The bad-input catalogue: each bad input, the exact error, through the API and the CLI.

The CLI prints one line per problem (``sudograph: error: where: what``), exits 2 (1 for a
grid that reads but has conflicts), never shows a traceback, and reads on after a bad line.
"""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.cli.common import load_graph
from sudograph.errors import InvalidArgument, InvalidPuzzle, ParseError, SudographError
from sudograph.formats.dimacs import parse_dimacs, read_dimacs
from sudograph.formats.puzzles import iter_grids, iter_puzzles
from sudograph.graph import Graph, petersen_graph
from sudograph.grid import MAX_LINE, Grid
from sudograph.problem import Problem, SolveOptions

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


class LazyLongLine(io.RawIOBase):
    """A stream: EASY, a line of ``size`` bytes made on the fly, EASY; never held whole."""

    def __init__(self, size: int) -> None:
        self.parts = [(EASY + "\n").encode(), None, (EASY + "\n").encode()]
        self.left = size

    def readable(self) -> bool:
        return True

    def readinto(self, buf: memoryview) -> int:  # type: ignore[override]
        while self.parts:
            part = self.parts[0]
            if part is None:
                if self.left == 0:
                    self.parts[0] = b"\n"
                    continue
                n = min(len(buf), self.left)
                buf[:n] = b"7" * n
                self.left -= n
                return n
            n = min(len(buf), len(part))
            buf[:n] = part[:n]
            rest = part[n:]
            if rest:
                self.parts[0] = rest
            else:
                self.parts.pop(0)
            return n
        return 0


# -- grids through the API: the exact message ---------------------------------------------------
GRID_CASES = [
    (
        "wrong length",
        EASY[:-1],
        {},
        "1: wrong length: 80 cells, but a 9x9 grid has 81: 1 cell missing",
    ),
    (
        "one cell too many, no blank before it",  # its column, as after a blank
        EASY + "x",
        {},
        "1:82: wrong length: 82 cells, but a 9x9 grid has 81: one cell too many, at column 82",
    ),
    (
        "wrong length, far from any grid",
        EASY[:50],
        {},
        "1: wrong length: 50 cells is not N*N for a side N in 1..64 (a 9x9 grid has 81)",
    ),
    (
        "unknown character",
        EASY[:5] + "?" + EASY[6:],
        {},
        "1:6: unknown character '?' (expected one of 123456789 or .0_- for empty)",
    ),
    (
        "alphabet of the wrong size",
        EASY,
        {"alphabet": "12345678"},
        "alphabet '12345678' must have 9 distinct symbols, not 8",
    ),
    (
        "alphabet with repeats",
        "." * 16,
        {"alphabet": "1123"},
        "alphabet '1123' must have 4 distinct symbols, not 3",
    ),
    (
        "alphabet with a reserved symbol",
        "." * 16,
        {"alphabet": "12.4"},
        "alphabet '12.4' uses '.': whitespace and .-_|+#,[]{}\"' are reserved",
    ),
    (
        "no box shape",
        "." * 36,
        {},
        "1: side 6 is not a square: give the box shape (rows x columns), e.g. 2x3",
    ),
    (
        "box that does not fit",
        "." * 36,
        {"box": (2, 2)},
        "1: box 2x2 does not fit a 6x6 grid (36 cells; box 2x2 makes a 4x4 grid, 16 cells)",
    ),
    (
        "N > 64",
        "." * (65 * 65),
        {},
        "1: wrong length: 4225 cells is not N*N for a side N in 1..64 (a 9x9 grid has 81)",
    ),
    ("N > 64 as rows", "\n".join(["0 " * 65] * 65), {}, "65: 65 rows: a grid has at most 64"),
    ("empty text", "", {}, "no grid: the text is empty or only comments"),
    ("only comments", "# a\n#b\n", {}, "no grid: the text is empty or only comments"),
    ("binary garbage", "\x00\x01\x02\x03", {}, "1:1: binary data (control character '\\x00')"),
    (
        "over-long line",
        "1" * (MAX_LINE + 1),
        {},
        f"1: line of {MAX_LINE + 1} characters is too long for a grid",
    ),
    # JSON text is placed at the value in the text (the 7 is on line 1, column 14)
    ("value too big", "[[1, 0], [0, 7]]", {}, "1:14: value 7 is not in 0..2"),
    ("value too big, a row a line", "[[1, 0],\n [0, 7]]", {}, "2:6: value 7 is not in 0..2"),
    (
        "short row of a JSON object",
        '{"box": "1x2",\n "rows": [[1, 0], [0]]}',
        {},
        "2:19: row 2 has 1 value, expected 2",
    ),
    (
        "box of a JSON object",
        '{"box": "2by1",\n "rows": [[1, 0], [0, 1]]}',
        {},
        "1:9: bad box: box shape '2by1' is not of the form RxC (e.g. 2x3)",
    ),
    (
        "text after a one-line grid",
        EASY + "  x",
        {},
        "1:84: unexpected 'x' after the grid (a one-line grid has no blanks)",
    ),
    (
        "rows on one line, a bad symbol",
        "1234 34?2 2143 4321",
        {},
        "1:8: unknown character '?' (expected one of 1234 or .0_- for empty)",
    ),
    ("deep lists", "[" * 100_000 + "]" * 100_000, {}, None),
]


@pytest.mark.parametrize(("what", "text", "kwargs", "message"), GRID_CASES,
                         ids=[c[0] for c in GRID_CASES])  # fmt: skip
def test_grid_catalogue(what: str, text: str, kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ParseError) as info:
        Grid.parse(text, **kwargs)  # type: ignore[arg-type]
    if message is not None:
        assert str(info.value) == message


def test_crlf_is_fine() -> None:
    rows = "\r\n".join(EASY[i : i + 9] for i in range(0, 81, 9))
    assert Grid.parse(rows).to_line() == EASY
    assert Grid.parse(EASY + "\r\n").to_line() == EASY


def test_clashing_clues() -> None:
    g = Grid.parse("44" + EASY[2:])
    with pytest.raises(InvalidPuzzle) as info:
        _ = g.problem
    assert str(info.value) == ("clashing clues: row 1: 4 at r1c1, r1c2; box 1: 4 at r1c1, r1c2")
    with pytest.raises(InvalidPuzzle, match="vertices 0 and 1 are adjacent and both coloured 1"):
        Problem(petersen_graph(), 3, (1, 1) + (0,) * 8)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Problem(petersen_graph(), 0), "k must be between 1 and 64, got 0"),
        (lambda: Problem(petersen_graph(), 65), "k must be between 1 and 64, got 65"),
        (lambda: Problem(petersen_graph(), 3, (0,) * 9), "precolouring has 9 entries for 10"),
        (lambda: Problem(petersen_graph(), 3, (4,) + (0,) * 9), "vertex 0: colour 4 is outside"),
        (lambda: SolveOptions(max_nodes=-1), "max_nodes must be >= 0, got -1"),
        (lambda: SolveOptions(timeout=-0.5), "timeout must be >= 0, got -0.5"),
        (lambda: SolveOptions(limit=0), "limit must be >= 1"),
        (lambda: SolveOptions(engine="gpu"), "engine must be auto, python or numba"),
    ],
)
def test_argument_catalogue(call: object, message: str) -> None:
    with pytest.raises(InvalidArgument, match=message.replace("(", r"\(")):
        call()  # type: ignore[operator]


# -- files through the API ------------------------------------------------------------------------
def items(data: bytes | io.RawIOBase) -> list[tuple[int, str]]:
    stream = io.BytesIO(data) if isinstance(data, bytes) else io.BufferedReader(data)
    return [
        (no, g.to_line() if isinstance(g, Grid) else str(g))
        for no, g in iter_puzzles(stream)  # type: ignore[arg-type]
    ]


def test_file_catalogue() -> None:
    assert items(b"") == []
    assert items(b"# only\n# comments\n") == []
    assert items(b"\n" * 1_000_000 + EASY.encode()) == [(1_000_001, EASY)]
    assert items(EASY.encode() + b"\r\n" + EASY.encode() + b"\r\n") == [(1, EASY), (2, EASY)]
    assert items(b"\xc3\x28" + b"." * 79 + b"\n") == [(1, "1:1: invalid UTF-8")]
    garbage = bytes(range(256)) * 4
    got = items(garbage)
    assert got and all("binary data" in m or "invalid UTF-8" in m or "unknown" in m or
                       "wrong length" in m for _, m in got)  # fmt: skip


@pytest.mark.parametrize("size", [10 * 2**20, 50 * 2**20], ids=["10MB", "50MB"])
def test_long_line_streamed(size: int) -> None:
    assert items(LazyLongLine(size)) == [  # type: ignore[arg-type]
        (1, EASY),
        (2, f"2: line longer than {MAX_LINE} bytes: not a grid"),
        (3, EASY),
    ]


def test_long_line_memory_is_bounded() -> None:
    """In a fresh process, a 50 MB line costs no 50 MB (peak memory stays small)."""
    script = textwrap.dedent(
        f"""
        import io, resource, sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from test_bad_input import LazyLongLine
        from sudograph.formats.puzzles import iter_grids
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        found = list(iter_grids(io.BufferedReader(LazyLongLine(50 * 2**20))))
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(len(found), (after - before) // 1024)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    count, grew_mb = map(int, done.stdout.split())
    assert count == 3
    assert grew_mb < 20


DIMACS_CASES = [
    ("missing p line", "e 1 2\n", "1:1: edge before the 'p edge N M' line"),
    ("no p line at all", "c nothing\n", "no 'p edge N M' line"),
    ("bad header", "p edge three 2\n", "1:8: vertex count 'three' is not an integer"),
    ("bad header kind", "p cnf 3 2\n", "1:3: bad header 'p cnf 3 2': expected 'p edge N M'"),
    ("vertex out of range", "p edge 3 1\ne 1 9\n", "2:5: vertex 9 is out of range 1..3"),
    ("self-loop, strict", "p edge 3 1\ne 2 2\n", "2: self-loop on vertex 2"),
]


@pytest.mark.parametrize(("what", "text", "message"), DIMACS_CASES,
                         ids=[c[0] for c in DIMACS_CASES])  # fmt: skip
def test_dimacs_catalogue(what: str, text: str, message: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_dimacs(text, strict=True)
    assert str(info.value) == message


def test_dimacs_bytes_catalogue() -> None:
    with pytest.raises(ParseError, match=r"^x\.col:1:1: invalid UTF-8$"):
        read_dimacs(io.BytesIO(b"\xff\xfe\n"), name="x.col")
    with pytest.raises(ParseError, match=r"^x\.col:1:1: binary data \(NUL byte\)$"):
        read_dimacs(io.BytesIO(b"\x00" * 100), name="x.col")
    with pytest.raises(ParseError, match=r"^no 'p edge N M' line$"):
        read_dimacs(io.BytesIO(b""))


def test_load_graph_catalogue(tmp_path: Path) -> None:
    assert load_graph("petersen") == petersen_graph()
    assert load_graph("sudoku:2x3").n == 36 and load_graph("sudoku:4").n == 16
    with pytest.raises(SudographError, match="side 6 is not a square"):
        load_graph("sudoku:6")
    with pytest.raises(SudographError, match="is not of the form RxC"):
        load_graph("sudoku:big")
    bad = tmp_path / "bad.col"
    bad.write_text("p edge 2 1\ne 1 3\n")
    with pytest.raises(ParseError, match=f"^{bad}:2:5: vertex 3 is out of range 1..2$"):
        load_graph(str(bad))
    assert isinstance(load_graph("sudoku:1x1"), Graph)


# -- through the CLI ----------------------------------------------------------------------------
def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


@pytest.mark.parametrize(("what", "text", "kwargs", "message"),
                         [c for c in GRID_CASES if c[1] and "\n" not in c[1] and "\x00" not in c[1]
                          and c[0] != "deep lists"],
                         ids=lambda c: c if isinstance(c, str) and len(c) < 40 else "")  # fmt: skip
@pytest.mark.parametrize("command", ["check", "show", "info"])
def test_cli_inline_catalogue(
    capsys: pytest.CaptureFixture[str],
    command: str,
    what: str,
    text: str,
    kwargs: dict[str, object],
    message: str,
) -> None:
    argv = [command, text]
    if "alphabet" in kwargs:
        argv += ["--alphabet", str(kwargs["alphabet"])]
    if "box" in kwargs:
        argv += ["--box", "x".join(map(str, kwargs["box"]))]  # type: ignore[call-overload]
    code, out, err = cli(capsys, *argv)
    assert code == 2
    assert out == ("" if command != "check" else out)
    alphabet = str(kwargs.get("alphabet", ""))
    if alphabet and (len(set(alphabet)) < len(alphabet) or "." in alphabet):
        # wrong for any grid: refused as an option, once, before any work
        expected = f"--alphabet: {message} (see sudograph {command} --help)"
    else:
        expected = ("<puzzle>:" if message[0].isdigit() else "<puzzle>: ") + message
    assert err.splitlines()[0] == f"sudograph: error: {expected}"


@pytest.mark.parametrize("command", ["check", "show", "info"])
def test_cli_file_catalogue(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = tmp_path / "mixed.txt"
    path.write_bytes(
        b"# a mixed bag\r\n"
        + EASY.encode() + b"\r\n"
        + EASY[:-1].encode() + b"\r\n"
        + b"\xff\xfe garbage\r\n"
        + b"\x00\x01\x02\r\n"
        + b"\r\n" * 1000
        + EASY.encode() + b"\r\n"
    )  # fmt: skip
    code, out, err = cli(capsys, command, str(path))
    assert code == 2
    assert err.splitlines() == [
        f"sudograph: error: {path}:3: wrong length: 80 cells, but a 9x9 grid has 81: 1 cell"
        " missing",
        f"sudograph: error: {path}:4:1: invalid UTF-8",
        f"sudograph: error: {path}:5:1: binary data (NUL byte)",
    ]
    assert out.count("32 clues") == 2 or out.count("| . . 3 |") == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "no grid found (the input is empty or only comments)"),
        (b"# just\n# comments\n", "no grid found (the input is empty or only comments)"),
        (b"\n" * 1_000_000, "no grid found (the input is empty or only comments)"),
    ],
    ids=["empty", "comments", "million blank lines"],
)
def test_cli_empty_inputs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "in.txt"
    path.write_bytes(content)
    for command in ("check", "show", "info"):
        assert cli(capsys, command, str(path)) == (2, "", f"sudograph: error: {path}: {message}\n")


def test_cli_clashing_clues(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "check", "44" + EASY[2:])
    assert code == 1
    assert out == "puzzle: 2 conflicts: row 1: 4 at r1c1, r1c2; box 1: 4 at r1c1, r1c2\n"


def test_cli_missing_file_and_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    assert cli(capsys, "check", str(missing)) == (
        2, "", f"sudograph: error: {missing}: No such file or directory\n")  # fmt: skip
    code, _, err = cli(capsys, "show", str(tmp_path))
    assert code == 2 and err.startswith("sudograph: error: ")


@pytest.mark.slow
def test_cli_50mb_line_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    with path.open("wb") as f:
        f.write(EASY.encode() + b"\n")
        f.write(b"1" * (50 * 2**20) + b"\n")
        f.write(EASY.encode() + b"\n")
    code, out, err = cli(capsys, "check", str(path))
    assert code == 2
    assert err == f"sudograph: error: {path}:2: line longer than {MAX_LINE} bytes: not a grid\n"
    assert out.count("valid, 32 clues") == 2


def test_cli_bad_alphabet_and_box_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "check", EASY, "--box", "0x9")
    assert code == 2 and "need r, c >= 1" in err
    code, _, err = cli(capsys, "info", "--size", "65")
    assert code == 2 and "outside 1..64" in err


def test_iter_grids_never_raises_on_garbage() -> None:
    blob = bytes((i * 37 + 11) % 256 for i in range(20_000))
    for no, item in iter_grids(io.BytesIO(blob)):
        assert isinstance(no, int) and isinstance(item, Grid | ParseError)


@pytest.mark.parametrize(
    "command", ["check", "show", "info", "count", "rate", "hint", "explain", "solve"]
)
def test_closed_standard_input_reads_as_empty(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """Started with standard input closed (``<&-``, where Python sets ``sys.stdin`` to None),
    ``-`` is an empty input: one error line, exit 2, no traceback."""
    monkeypatch.setattr(sys, "stdin", None)
    code, _out, err = cli(capsys, command, "-")
    assert code == 2
    assert (
        err.strip()
        == "sudograph: error: <stdin>: no grid found (the input is empty or only comments)"
    )
