"""The everyday commands, from a QA pass (2026-11-26): a file whose name is not UTF-8 with a
bad line crashed the file mode (its rows lost); an alphabet no grid can take was reported once
per line; Ctrl-C advised --resume without -o; a misspelt option named the top-level help; a
mistyped file name read as a puzzle; "after 1 nodes".
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.cli.batchmode import resume_hint

SAMPLE = Path(__file__).parent.parent / "examples" / "sample.txt"


def cli(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    return code, out, err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file names are bytes")
@pytest.mark.parametrize("to_file", [False, True])
def test_a_file_name_that_is_not_utf8(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], to_file: bool
) -> None:
    good = SAMPLE.read_text().split()[:3]
    name = os.fsdecode(os.fsencode(str(tmp_path)) + b"/\xffmix.txt")
    Path(name).write_text(f"{good[0]}\n12x\n{good[1]}\n")
    argv = ["solve", name, "-m", "propagate", *(["-o", str(tmp_path / "o.txt")] if to_file else [])]
    code = main(argv)
    out, err = capfd.readouterr()
    assert code == 2 and "Traceback" not in err
    rows = (tmp_path / "o.txt").read_bytes() if to_file else out.encode("utf-8", "surrogateescape")
    lines = rows.splitlines()
    assert len(lines) == 3 and lines[1].startswith(b"error: ")
    # the name's own bytes in OUT (capture decodes standard output, replacing the odd byte)
    assert (b"\xffmix.txt:2" if to_file else b"mix.txt:2") in lines[1]


@pytest.mark.parametrize(
    ("alphabet", "message"),
    [
        ("12345678.", "alphabet '12345678.' uses '.'"),
        ("112345678", "alphabet '112345678' must have 9 distinct symbols, not 8"),
    ],
)
def test_an_alphabet_no_grid_takes_is_one_error_before_any_work(
    capfd: pytest.CaptureFixture[str], alphabet: str, message: str
) -> None:
    code, out, err = cli(capfd, "check", str(SAMPLE), "--alphabet", alphabet)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"sudograph: error: --alphabet: {message}")
    assert err.rstrip().endswith("(see sudograph check --help)")


def test_the_resume_hint_needs_an_output() -> None:
    assert resume_hint("out.txt") == "continue with --resume"
    assert "-o OUT and --resume" in resume_hint(None)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["show", "1234341221434321", "--formt", "line"],
         "unrecognized arguments: --formt line (did you mean --format?) "
         "(see sudograph show --help)"),
        (["warmup", "extra"], "unrecognized arguments: extra (see sudograph warmup --help)"),
        (["solve", "1234341221434321", "--limt=3"],
         "unrecognized arguments: --limt=3 (did you mean --limit?) (see sudograph solve --help)"),
        (["--bogus"], "unrecognized arguments: --bogus (see sudograph --help)"),
    ],
)  # fmt: skip
def test_unrecognized_arguments_name_the_command(
    capfd: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    code, out, err = cli(capfd, *argv)
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: {expected}\n"


@pytest.mark.parametrize("word", ["puzzles", "hello", "my_set"])
def test_a_mistyped_file_name_is_said_to_be_no_file(
    capfd: pytest.CaptureFixture[str], word: str
) -> None:
    code, _, err = cli(capfd, "check", word)
    assert code == 2
    assert err.startswith(f"sudograph: error: <puzzle>:1: no file named '{word}', and as a puzzle:")


def test_a_long_bad_puzzle_is_not_called_a_file_name(capfd: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capfd, "check", "1" * 17)
    assert code == 2 and "no file named" not in err


def test_one_node_is_singular(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capfd, "solve", "1234341221434.21", "--trace", "-m", "naive")
    assert code == 0
    assert "solution after 1 node\n" in out or "solution after 1 node" in out.splitlines()


@pytest.mark.parametrize(
    ("puzzle", "error"),
    [("11" + "." * 14, "clashing clues: row 1: 1 at r1c1, r1c2"), ("1" * 17, "wrong length")],
)
def test_solve_json_writes_an_error_object(
    capfd: pytest.CaptureFixture[str], puzzle: str, error: str
) -> None:
    code, out, err = cli(capfd, "solve", puzzle, "--json")
    assert code == 2 and error in err
    doc = json.loads(out)
    assert doc["line"] is None and error in doc["error"]


def test_show_json_puts_an_error_object_in_place_of_a_bad_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mix.txt"
    path.write_text("1234341221434321\n12x\n4321123434122143\n")
    code, out, err = cli(capfd, "show", str(path), "--json")
    rows = [json.loads(x) for x in out.splitlines()]
    assert code == 2 and f"{path}:2: wrong length" in err
    assert [r["line_no"] for r in rows] == [1, 2, 3]
    assert "error" in rows[1] and rows[1]["error"].startswith(f"{path}:2: wrong length")
    assert rows[2]["line"] == "4321123434122143"


def test_show_refuses_a_format_with_json(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capfd, "show", "1234341221434321", "--json", "--format", "line")
    assert (code, out) == (2, "")
    assert "--format line: not with --json" in err
    assert cli(capfd, "show", "1234341221434321", "--json", "--format", "json")[0] == 0


def test_a_puzzle_that_starts_with_a_dash_goes_after_double_dash(
    capfd: pytest.CaptureFixture[str],
) -> None:
    puzzle = "-" * 4 + "341221434321"  # '-' marks an empty cell
    code, out, _ = cli(capfd, "solve", "--format", "line", "--", puzzle)
    assert (code, out) == (0, "1234341221434321\n")
    code, _, err = cli(capfd, "solve", "--", puzzle, "--format", "line")
    assert code == 2 and "(--format goes before --)" in err
    assert " ".join(cli(capfd, "solve", "--help")[1].split()).count("goes after --") == 1
