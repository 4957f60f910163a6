"""Files given to the CLI (audit of the file mode): ``-o`` naming an input, a missing output
folder, multi-line grid files, quoted CSV and byte-order marks read in the batch mode, clashing
clues located, ``--count``/``--all`` honoured and one-puzzle options refused, ``--resume`` of a
variant file."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.formats.dimacs import parse_dimacs, read_dimacs
from sudograph.grid import Grid

pytest.importorskip("numba")  # the batch mode's default method

P = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOL = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
CLASH9 = "11" + "." * 79
E4 = "." * 16
T4 = "1234" + "." * 12  # 12 solutions
TWO4 = "12343412" + "." * 8  # 4x4: two rows given
CLASH4 = "11" + "." * 14
BOM = "\ufeff"
SRC = Path(__file__).resolve().parents[1] / "src"


def boxed(line: str) -> str:
    return Grid.parse(line).format("boxed")


def sudograph(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``main(argv)`` (one worker for a file), with the batch mode's output (written to file
    descriptor 1) captured."""
    code = main([*argv, "--workers", "1"] if argv[0] in ("solve", "count") else list(argv))
    out, err = capfd.readouterr()
    return code, out, err


def variant_file(path: Path, grids: list[str]) -> Path:
    path.write_text("\n".join(f"variant: x\nbox: 2x2\ngrid: {g}\n" for g in grids))
    return path


# -- 1. -o naming an input ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "argv"),
    [
        (f"{P}\n{P}\n", ["solve", "{IN}", "-o", "{IN}"]),
        (f"{P}\n{P}\n", ["solve", "{IN}", "-o", "{IN}", "--resume"]),
        (f"{P}\n", ["solve", "{IN}", "-o", "{IN}"]),  # one puzzle: -o goes to the file mode
        (f"{P}\n{P}\n", ["solve", "{IN}", "-o", "{LINK}"]),  # a hard link to the input
        (f"{P}\n{P}\n", ["count", "{IN}", "-o", "{IN}"]),
        ("variant: x\nbox: 2x2\ngrid: 1...............\n", ["solve", "{IN}", "-o", "{IN}"]),
        (f"{E4}\n{T4}\n", ["solve", "{IN}", "--box", "2x2", "--regions", "{MAP}", "-o", "{MAP}"]),
        (f"{E4}\n{T4}\n", ["solve", "-", "--regions", "{MAP}", "-o", "{MAP}"]),  # from stdin
        ("", ["solve", T4, "--regions", "{MAP}", "-o", "{MAP}"]),  # a puzzle given inline
        (f"{E4}\n{T4}\n", ["count", "{IN}", "--regions", "{MAP}", "-o", "{MAP}"]),
        ("", ["generate", "--size", "4", "--regions", "{MAP}", "--seed", "1", "-o", "{MAP}"]),
    ],
)
def test_output_naming_an_input_is_refused(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, content: str, argv: list[str]
) -> None:
    src, regions = tmp_path / "in.txt", tmp_path / "map.txt"
    src.write_text(content)
    regions.write_text("aabbaabbccddccdd\n")
    os.link(src, tmp_path / "link.txt")
    names = {"{IN}": src, "{LINK}": tmp_path / "link.txt", "{MAP}": regions}
    code, out, err = sudograph(capfd, *[str(names.get(a, a)) for a in argv])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and " is the input file " in err and "Traceback" not in err
    assert src.read_text() == content and regions.read_text() == "aabbaabbccddccdd\n"
    assert not list(tmp_path.glob("*.lock"))


@pytest.mark.parametrize("command", ["solve", "count"])
def test_output_naming_standard_input_is_refused(tmp_path: Path, command: str) -> None:
    src = tmp_path / "in.txt"
    src.write_text(f"{P}\n{P}\n")
    with src.open("rb") as stdin:
        proc = subprocess.run(
            [sys.executable, "-m", "sudograph", command, "-", "-o", str(src)],
            stdin=stdin,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(SRC)},
            check=False,
        )
    assert proc.returncode == 2 and "is standard input" in proc.stderr
    assert src.read_text() == f"{P}\n{P}\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "{IN}", "-o", "{OUT}"],
        ["solve", "{IN}", "-o", "{OUT}", "--resume"],
        ["solve", "-", "-o", "{OUT}"],
        ["solve", P, "-o", "{OUT}"],
        ["count", "{IN}", "-o", "{OUT}"],
    ],
)
def test_output_is_checked_against_the_inputs_once(
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
) -> None:
    """One check per run, where the path that writes OUT checks it (the batch mode's run for
    a file or standard input, the one-puzzle solve for a puzzle given inline)."""
    from sudograph.cli import batchmode

    src, out = tmp_path / "in.txt", tmp_path / "out.txt"
    src.write_text(f"{P}\n{P}\n")
    stdin = io.BufferedReader(io.BytesIO(src.read_bytes()))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(stdin, encoding="utf-8"))
    checked: list[str | None] = []
    check = batchmode.refuse_input_as_output

    def counted(output: str | None, inputs: list[str | None]) -> None:
        checked.append(output)
        check(output, inputs)

    monkeypatch.setattr(batchmode, "refuse_input_as_output", counted)
    names = {"{IN}": str(src), "{OUT}": str(out)}
    code, _, err = sudograph(capfd, *[names.get(a, a) for a in argv])
    assert code == 0, err
    assert checked == [str(out)]


# -- 5. a missing output folder -----------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "{IN}", "-o", "{OUT}"],
        ["count", "{IN}", "-o", "{OUT}"],
        ["generate", "--seed", "1", "-o", "{OUT}"],
        ["generate", "--seed", "1", "--resume", "-o", "{OUT}"],
    ],
)
def test_a_missing_output_folder_names_the_output(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    src, out = tmp_path / "in.txt", tmp_path / "nodir" / "out.txt"
    src.write_text(f"{P}\n{P}\n")
    names = {"{IN}": str(src), "{OUT}": str(out)}
    code, _, err = sudograph(capfd, *[names.get(a, a) for a in argv])
    assert code == 2
    assert err == f"sudograph: error: {out}: No such file or directory\n"


# -- 2, 3, 4. what the batch mode reads ---------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "rows"),
    [
        (f"{boxed(P)}\n\n{boxed(P)}\n", [SOL, SOL]),  # two grids as `sudograph show` prints them
        (f"# two\n{boxed(P)}\n\n{boxed(CLASH9)}\n", [SOL, "error"]),
        ("\n".join(P[i : i + 9] for i in range(0, 81, 9)) + "\n\n" + boxed(P) + "\n", [SOL, SOL]),
        (f'quizzes,solutions\n"{P}","{SOL}"\n{P},{SOL}\n', [SOL, SOL]),  # quoted CSV
        (f'{BOM}quizzes,solutions\n"{P}","{SOL}"\n"{P}",""\n', [SOL, SOL]),
        (f"{BOM}{P}\n{P}\n", [SOL, SOL]),  # a byte-order mark
        (f"{BOM}{P}\r\n{P}\r\n", [SOL, SOL]),
        (f"{BOM}{boxed(P)}\n\n{boxed(P)}\n", [SOL, SOL]),
    ],
)
@pytest.mark.parametrize("how", ["file", "file -o", "stdin", "count -o"])
def test_the_batch_mode_reads_what_check_reads(
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    content: str,
    rows: list[str],
    how: str,
) -> None:
    src, out = tmp_path / "in.txt", tmp_path / "out.txt"
    src.write_bytes(content.encode("utf-8"))
    command = "count" if how.startswith("count") else "solve"
    argv = [command, "-" if how == "stdin" else str(src), "--workers", "1"]
    if how.endswith("-o"):
        argv += ["-o", str(out)]
    if how == "stdin":
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(content.encode())))
    code = main(argv)
    printed, err = capfd.readouterr()
    got = (out.read_text() if how.endswith("-o") else printed).splitlines()
    assert code == (2 if "error" in rows else 0), err
    if command == "count":
        want = ["error" if r == "error" else "1 solution (unique)" for r in rows]
        assert [("error" if ": error: " in g else g.split(": ", 1)[1]) for g in got] == want
    else:
        assert [g.split(":")[0] for g in got] == rows
    assert f"{len(rows)} puzzles" in err


def test_resume_of_a_multiline_grid_file(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src, out = tmp_path / "in.txt", tmp_path / "out.txt"
    src.write_text("\n\n".join([boxed(P), boxed(CLASH9), boxed(P)]) + "\n")
    out.write_text("kept\npart")  # one complete line, then a partial one
    assert main(["solve", str(src), "-o", str(out), "--resume", "--workers", "1"]) == 2
    rows = out.read_text().splitlines()
    assert rows[0] == "kept" and rows[1].startswith(f"error: {src}:15: clashing clues")
    assert rows[2:] == [SOL]
    assert "2 puzzles (resumed after 1)" in capfd.readouterr().err


@pytest.mark.parametrize(
    "text",
    [
        f"{BOM}p edge 3 3\ne 1 2\ne 2 3\ne 3 1\n",
        f"{BOM}c a triangle\np edge 3 3\ne 1 2\ne 2 3\ne 1 3\n",
        f"{BOM}p edge 3 3\r\ne 1 2\r\ne 2 3\r\ne 3 1\r\n",
    ],
)
def test_dimacs_ignores_a_byte_order_mark(tmp_path: Path, text: str) -> None:
    assert parse_dimacs(text).num_edges == 3
    path = tmp_path / "g.col"
    path.write_bytes(text.encode("utf-8"))
    graph = read_dimacs(path)
    assert (graph.n, graph.num_edges) == (3, 3)


# -- 6. clashing clues located ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lines", "box", "message"),
    [
        ([P, "# c", CLASH9, P], [], "clashing clues: row 1: 1 at r1c1, r1c2"),  # 9x9 kernel
        ([E4, "# c", CLASH4], [], "clashing clues: row 1: 1 at r1c1, r1c2"),  # 4x4: fallback
        ([E4, "# c", CLASH4], ["-m", "propagate"], "clashing clues: row 1: 1 at r1c1, r1c2"),
    ],
)
@pytest.mark.parametrize("json_rows", [False, True])
def test_clashing_clues_are_located_like_a_bad_line(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    lines: list[str],
    box: list[str],
    message: str,
    json_rows: bool,
) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines) + "\n")
    code, out, err = sudograph(capfd, "solve", str(src), *box, *(["--json"] if json_rows else []))
    assert code == 2
    where = f"{src}:3: {message}"
    assert err.splitlines()[0].startswith(f"sudograph: error: {where}")
    assert "1 error (0 bad lines)" in err  # an error, not an unreadable line
    rows = out.splitlines()
    if json_rows:
        doc = json.loads(rows[1])  # the second puzzle
        assert doc["status"] == "error" and doc["line"] == 3 and doc["error"].startswith(where)
    else:
        assert rows[1].startswith(f"error: {where}")


@pytest.mark.parametrize("command", ["count", "rate", "hint"])
def test_a_clash_in_json_rows_is_located_as_a_bad_line_is(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """Every command's ``--json`` error row names the file as well as the line, a clash as a
    bad line (count and rate once gave the message alone)."""
    src = tmp_path / "in.txt"
    src.write_text(f"{P}\n12x\n{CLASH9}\n")
    code, out, err = sudograph(capfd, command, str(src), "--json")
    assert code == 2
    errors = [json.loads(row) for row in out.splitlines() if '"error"' in row]
    assert [doc["line"] for doc in errors] == [2, 3]
    assert errors[0]["error"].startswith(f"{src}:2: wrong length")
    assert (
        errors[1]["error"]
        == f"{src}:3: clashing clues: row 1: 1 at r1c1, r1c2; box 1: 1 at r1c1, r1c2"
    )
    assert err.splitlines()[:2] == [f"sudograph: error: {doc['error']}" for doc in errors]


def test_a_variant_file_clash_is_located_on_stderr_and_in_its_row(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = variant_file(tmp_path / "v.txt", ["1" + "." * 15, CLASH4])
    # the second puzzle starts on line 5; numbered by its grid: line, 7
    code, out, err = sudograph(capfd, "solve", str(src))
    assert code == 2
    assert err.startswith(f"sudograph: error: {src}:7: clashing clues: row 1")
    assert out.splitlines()[1].startswith(f"error: {src}:7: clashing clues: row 1")


# -- 7, 8. --count, --all, and the options of one puzzle in the file mode -----------------------


PUZZLES4 = [E4, T4, TWO4]  # 288, 12 and 4 solutions; 48, 2 and 1 with the X rule


@pytest.mark.parametrize(
    ("variant", "extra", "rows"),
    [
        (None, ["--count"], ["288", "12", "4"]),
        (None, ["--count", "--limit", "5"], ["at least 5", "at least 5", "4"]),
        (None, ["--count", "--limit", "2"], ["at least 2", "at least 2", "at least 2"]),
        (None, ["--count", "--all"], ["288", "12", "4"]),
        ("x", ["--count", "--limit", "5"], ["at least 5", "2", "1"]),  # one puzzle at a time
        ("x", ["--count", "--limit", "2"], ["at least 2", "at least 2", "1"]),
    ],
)
def test_file_mode_counts(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    variant: str | None,
    extra: list[str],
    rows: list[str],
) -> None:
    if variant:
        src = variant_file(tmp_path / "v.txt", PUZZLES4)
    else:
        src = tmp_path / "in.txt"
        src.write_text("\n".join(PUZZLES4) + "\n")
    code, out, err = sudograph(capfd, "solve", str(src), *extra)
    assert code == 0, err
    assert out.splitlines() == rows


def test_file_mode_count_json_says_whether_complete(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = tmp_path / "in.txt"
    src.write_text(f"{E4}\n{T4}\n{CLASH4}\n")
    code, out, _ = sudograph(capfd, "solve", str(src), "--count", "--limit", "20", "--json")
    assert code == 2
    docs = [json.loads(r) for r in out.splitlines()]
    # an error row has every key, null where nothing was counted (it once had count 0)
    assert [(d["count"], d["complete"]) for d in docs] == [(20, False), (12, True), (None, None)]


@pytest.mark.parametrize(
    ("variant", "limit", "found"),
    [(None, [], [12, 4]), (None, ["--limit", "3"], [3, 3]), ("x", [], [2, 1])],
)
def test_file_mode_all_lists_every_solution(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    variant: str | None,
    limit: list[str],
    found: list[int],
) -> None:
    puzzles = [T4, TWO4]
    if variant:
        src = variant_file(tmp_path / "v.txt", puzzles)
    else:
        src = tmp_path / "in.txt"
        src.write_text("\n".join(puzzles) + "\n")
    code, out, err = sudograph(capfd, "solve", str(src), "--all", *limit)
    assert code == 0, err
    rows = [row.split(" ") for row in out.splitlines()]
    assert [len(set(r)) for r in rows] == [len(r) for r in rows] == found
    for puzzle, row in zip(puzzles, rows, strict=True):
        grid = Grid.parse(puzzle, variant=variant)
        assert all(Grid.parse(s, variant=variant).is_solution_of(grid) for s in row)
    code, out, _ = sudograph(capfd, "solve", str(src), "--all", "--json", *limit)
    assert [json.loads(r)["solutions"] for r in out.splitlines()] == rows
    code, out, _ = sudograph(capfd, "solve", str(src), "--limit", "2")  # no --all: the first
    assert all(first in row for first, row in zip(out.splitlines(), rows, strict=True))


@pytest.mark.parametrize("option", [["--trace"], ["--stats"], ["--format", "boxed"],
                                    ["--format", "json"], ["--format", "lists"]])  # fmt: skip
@pytest.mark.parametrize("input_kind", ["several", "one with -o", "variant file"])
def test_file_mode_refuses_the_options_of_one_puzzle(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, option: list[str], input_kind: str
) -> None:
    src, out = tmp_path / "in.txt", tmp_path / "out.txt"
    if input_kind == "variant file":
        variant_file(src, [T4, TWO4])
    else:
        src.write_text(f"{P}\n{P}\n" if input_kind == "several" else f"{P}\n")
    output = ["-o", str(out)] if input_kind == "one with -o" else []
    code, printed, err = sudograph(capfd, "solve", str(src), *option, *output)
    assert code == 2 and printed == "" and not out.exists()
    assert err.count("\n") == 1 and err.startswith(f"sudograph: error: {' '.join(option)}: ")
    code, printed, err = sudograph(capfd, "solve", str(src), "--format", "line", *output)
    assert code == 0, err  # the file mode's own format
    assert (out.read_text() if output else printed).count("\n") == 1 + (input_kind != "one with -o")


# -- 8. --resume of a variant file --------------------------------------------------------------


def test_resume_continues_a_variant_file(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = variant_file(tmp_path / "v.txt", ["1" + "." * 15, T4, TWO4])
    out = tmp_path / "out.txt"
    out.write_text("kept 1\nkept 2\npartial")  # two rows done, a partial third
    code, _, err = sudograph(capfd, "solve", str(src), "-o", str(out), "--resume")
    assert code == 0, err
    rows = out.read_text().splitlines()
    assert rows[:2] == ["kept 1", "kept 2"] and len(rows) == 3
    solution = Grid.parse(rows[2], variant="x")
    assert solution.is_solution_of(Grid.parse(TWO4, variant="x"))
    assert "1 puzzle (resumed after 2)" in err


def test_resume_of_a_variant_file_needs_an_output(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = variant_file(tmp_path / "v.txt", [T4, TWO4])
    code, out, err = sudograph(capfd, "solve", str(src), "--resume")
    assert code == 2 and out == ""
    assert err == (
        "sudograph: error: --resume needs -o OUT (the file to continue) "
        "(see sudograph solve --help)\n"
    )
