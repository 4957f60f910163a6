"""Batch-mode edges found by a QA pass: comment lines that are not UTF-8, OUT's lock beside
files that are not regular, read errors that named no file, the exit code of a resumed run
(it answered for the rows of that run only), and option errors that lacked their help's name.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.cli.batchmode import OutputLock, row_outcome
from sudograph.errors import install_hint
from sudograph.formats.puzzles import iter_puzzles

FOUR = "1.3.....2...4..1"
FOUR_SOLVED = "1234341221434321"
CLASH = "11.............."
TWO = "1..............."  # many solutions (FOUR has two)


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    return code, out, err


# -- a comment line is skipped whatever bytes it holds ---------------------------------------
@pytest.mark.parametrize(
    "comment", [b"# caf\xe9", b"#\x00 nul", b"  # \xff\xfe", b"\xef\xbb\xbf# \xe9"]
)
def test_a_comment_that_is_not_utf8_is_still_a_comment(
    comment: bytes, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.txt"
    path.write_bytes(comment + b"\n" + FOUR.encode() + b"\n" + b"3\xe9" + b"." * 14 + b"\n")
    code, out, _ = run(capfd, "solve", str(path))
    assert code == 2  # the last line is bad, and only it
    assert out.splitlines() == [FOUR_SOLVED, f"error: {path}:3:2: invalid UTF-8"]
    items = list(iter_puzzles(path))
    assert [no for no, _ in items] == [2, 3]
    assert str(items[1][1]) == f"{path}:3:2: invalid UTF-8"


def test_a_latin1_comment_above_a_multiline_grid(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "b.txt"
    path.write_bytes(b"# grille de l'\xe9l\xe8ve\n1 . 3 .\n. . . .\n2 . . .\n4 . . 1\n")
    code, out, _ = run(capfd, "solve", str(path))
    assert code == 0 and "".join(filter(str.isdigit, out)) == FOUR_SOLVED


def test_a_latin1_comment_on_standard_input(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    data = b"# caf\xe9\n" + FOUR.encode() + b"\n" + FOUR.encode() + b"\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _ = run(capfd, "count", "-")
    assert (code, out) == (0, "line 2: 2 solutions\nline 3: 2 solutions\n")


# -- OUT's lock ---------------------------------------------------------------------------------
def test_no_lock_file_beside_what_is_not_a_regular_file(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(FOUR + "\n")
    lock = OutputLock(os.devnull).acquire()
    assert lock.fd is None  # nothing to take: /dev/null.lock is not made
    lock.release()
    code, _, err = run(capfd, "solve", str(puzzles), "-o", os.devnull)
    assert code == 0 and "1 solved" in err
    assert not os.path.exists(os.devnull + ".lock")


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs Linux's /proc")
def test_out_in_a_folder_where_no_lock_can_be_made(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(FOUR + "\n")
    target = tmp_path / "out.txt"
    fd = os.open(target, os.O_WRONLY | os.O_CREAT, 0o644)
    try:  # /proc/self/fd/N is the file; /proc/self/fd/N.lock cannot be made
        code, _, err = run(capfd, "solve", str(puzzles), "-o", f"/proc/self/fd/{fd}")
    finally:
        os.close(fd)
    assert code == 0, err
    assert target.read_text() == FOUR_SOLVED + "\n"


def test_out_in_no_folder_is_named(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(FOUR + "\n")
    out = tmp_path / "nowhere" / "out.txt"
    code, _, err = run(capfd, "solve", str(puzzles), "-o", str(out))
    assert code == 2
    assert err == f"sudograph: error: {out}: No such file or directory\n"


# -- a read error names the file ---------------------------------------------------------------
@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs Linux's /proc")
@pytest.mark.parametrize(
    "argv",
    [["solve"], ["solve", "--workers", "1", "-o", "OUT"], ["count"], ["rate"], ["show"]],
)
def test_a_read_error_names_the_input(
    argv: list[str], tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    argv = [str(tmp_path / "o.txt") if a == "OUT" else a for a in argv]
    code, _, err = run(capfd, argv[0], "/proc/self/mem", *argv[1:])
    assert code == 2
    assert err.splitlines()[-1] == "sudograph: error: /proc/self/mem: Input/output error"


@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs Linux's /proc")
def test_iter_puzzles_read_error_names_the_file() -> None:
    with pytest.raises(OSError, match=r"Input/output error: '/proc/self/mem'"):
        list(iter_puzzles("/proc/self/mem"))


# -- a resumed run's exit code answers for the whole of OUT ------------------------------------
@pytest.mark.parametrize(
    ("command", "options", "lines", "code"),
    [
        ("solve", [], [CLASH, FOUR], 2),  # the error row is kept, the run after it is fine
        ("solve", ["--json"], [CLASH, FOUR], 2),
        ("solve", [], ["12....3....3....", FOUR], 1),  # unsatisfiable, kept
        ("solve", [], [FOUR, FOUR], 0),
        ("solve", ["--count", "--limit", "2"], [TWO, FOUR], 0),  # "at least 2": as asked
        ("solve", ["--count", "--limit", "2", "--json"], [CLASH, FOUR], 2),
        ("count", ["--limit", "3"], [CLASH, FOUR], 2),
        ("count", ["--json"], [CLASH, FOUR], 2),
        ("count", ["--limit", "2"], [TWO, FOUR], 0),
        ("solve", ["-m", "mrv", "--max-nodes", "1"], [TWO, FOUR], 1),  # "stopped ..." kept
        ("solve", ["--all", "--limit", "3"], [TWO, FOUR], 0),  # a list of three: as asked
        ("solve", ["--all", "-m", "mrv", "--max-nodes", "2"], [TWO, FOUR], 1),
        ("solve", ["--count", "--json", "-m", "mrv", "--max-nodes", "2"], [TWO, FOUR], 1),
    ],
)
def test_resume_exits_as_the_whole_run_would(
    command: str,
    options: list[str],
    lines: list[str],
    code: int,
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out.txt"
    whole, _, _ = run(capfd, command, str(puzzles), "-o", str(out), *options)
    assert whole == code
    rows = out.read_text().splitlines(keepends=True)
    for kept in (1, 2):  # cut after the first row, and nothing left to do
        out.write_text("".join(rows[:kept]))
        resumed, _, err = run(capfd, command, str(puzzles), "-o", str(out), "--resume", *options)
        assert resumed == code, err
        assert out.read_text() == "".join(rows)
        said = "kept by --resume" in err
        assert said == (code != 0)


@pytest.mark.parametrize(
    ("row", "limit", "status"),
    [
        (FOUR_SOLVED, None, "solved"),
        ("stopped " + FOUR_SOLVED, None, "stopped"),
        ("stopped", None, "stopped"),
        ("unsatisfiable", None, "unsatisfiable"),
        ("error: p.txt:3: clashing clues", None, "error"),
        ("0", None, "unsatisfiable"),
        ("12", None, "solved"),
        ("at least 5", None, "stopped"),
        ("at least 5", 5, "solved"),
        ("at least 4", 5, "stopped"),
        ("line 3: 1 solution (unique)", None, "solved"),
        ("line 3: at least 2 solutions (--limit 2)", 2, "solved"),
        ("line 3: 0 solutions", None, "unsatisfiable"),
        ("line 3: error: p.txt:3: clashing clues", None, "error"),
        (json.dumps({"line": 3, "status": "stopped", "solution": None}), None, "stopped"),
        (json.dumps({"line": 3, "error": "bad"}), None, "error"),
        (
            json.dumps({"line": 3, "count": 0, "complete": True, "unique": False}),
            None,
            "unsatisfiable",
        ),
        ("{not json", None, "error"),
    ],
)
def test_row_outcome(row: str, limit: int | None, status: str) -> None:
    assert row_outcome(row, limit) == status


# -- option errors name the command's help -----------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["solve", "--trace-steps", "3", FOUR],
            "--trace-steps: only with --trace (it bounds the steps shown)"
            " (see sudograph solve --help)",
        ),
        (["generate", "--variant", " "], "--variant is empty (see sudograph generate --help)"),
    ],
)
def test_option_errors_end_with_the_help(
    argv: list[str], message: str, capfd: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capfd, *argv)
    assert (code, out, err) == (2, "", f"sudograph: error: {message}\n")


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", FOUR],
        ["solve", "FILE"],
        ["count", FOUR],
        ["count", "FILE"],
        ["generate", "--size", "4", "--seed", "1"],
        ["visualize", FOUR],
    ],
)
@pytest.mark.parametrize("empty", ["", " "])
def test_an_empty_output_path_is_refused(
    argv: list[str], empty: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(FOUR + "\n")
    argv = [str(puzzles) if a == "FILE" else a for a in argv]
    code, out, err = run(capfd, *argv, "-o", empty)
    assert (code, out) == (2, "")
    what = "is empty" if not empty else f"{empty!r} is only blanks"
    assert err == (
        f"sudograph: error: -o/--output: the output path {what}: give a file name, or - for "
        f"standard output (see sudograph {argv[0]} --help)\n"
    )


# -- a missing extra is the one line said ------------------------------------------------------
def test_generate_without_dask_says_only_that(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    code, out, err = run(capfd, "generate", "--count", "2", "--dask", "local")
    assert (code, out) == (2, "")  # no "sudograph: seed N" first
    assert (
        err
        == f"sudograph: error: this needs the optional dependency 'dask': {install_hint('dask')}\n"
    )


def test_bench_on_numba_without_it_says_only_that(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    from sudograph import engine

    monkeypatch.setattr(engine, "numba_available", lambda: False)
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(FOUR + "\n")
    code, out, err = run(
        capfd, "bench", str(puzzles), "--methods", "naive,logic", "--engine", "numba"
    )
    assert (code, out) == (2, "")  # no "--engine numba applies to naive; ..." first
    assert (
        err
        == f"sudograph: error: this needs the optional dependency 'numba': {install_hint('fast')}\n"
    )


@pytest.mark.parametrize("command", ["count", "rate", "hint", "explain"])
def test_an_inline_puzzle_is_named_as_a_parse_error_names_it(
    command: str, capfd: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capfd, command, CLASH)
    assert (code, out) == (2, "")
    assert err == (
        "sudograph: error: <puzzle>: clashing clues: row 1: 1 at r1c1, r1c2; box 1: 1 at r1c1, "
        "r1c2\n"
    )
    code, _, err = run(capfd, command, "1x" + "." * 14)
    assert code == 2 and err.startswith("sudograph: error: <puzzle>:1:2: unknown character 'x'")
