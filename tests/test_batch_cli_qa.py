"""QA of ``solve FILE`` and ``count``: Ctrl-C (and SIGTERM) during ``--all`` in the file mode,
``count``'s ``unique``, option combinations refused once before any work (one puzzle or a
file, the same check), a file of one puzzle taking the file mode's options, ``--json`` rows
that do not depend on the number of puzzles, ``--resume`` refusing rows of another kind, and a
write error naming the output file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.cli.batchmode import row_kind
from sudograph.grid import Grid

pytest.importorskip("numba")  # the file mode's default method

P = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOL = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
ANTI = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
"""Made against brute force: method naive on the Python engine takes minutes on it."""
E4 = "." * 16  # 288 solutions
T4 = "1234" + "." * 12  # 12 solutions
TWO = "1.3.....2...4..1"  # 2 solutions
ONE = "..2....3.1..4..1"  # 1 solution
NONE = "...3.2.1...431.2"  # no solution
CLASH4 = "11" + "." * 14
SRC = Path(__file__).resolve().parents[1] / "src"
BATCH_KEYS = ["line", "status", "solution", "count", "nodes", "error"]


def sudograph(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``main(argv)`` with what the file mode writes to file descriptor 1 captured."""
    code = main(list(argv))
    out, err = capfd.readouterr()
    assert "Traceback" not in err
    return code, out, err


def lines_file(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(f"{line}\n" for line in lines))
    return path


# -- 1. Ctrl-C and SIGTERM during --all in the file mode ----------------------------------------


@pytest.mark.signals
@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
@pytest.mark.parametrize("as_json", [False, True])
def test_a_signal_during_all_keeps_the_rows_done_and_none_for_the_puzzle_cut_off(
    tmp_path: Path, sig: signal.Signals, code: int, as_json: bool
) -> None:
    """``solve FILE --all`` ran to the end after Ctrl-C, exit 0, and wrote a ``solved`` row for
    the puzzle whose list Ctrl-C had cut off."""
    src = lines_file(tmp_path / "in.txt", [T4, ANTI, T4])
    out = tmp_path / "out.txt"
    argv = ["solve", str(src), "--all", "-m", "naive", "--engine", "python", "-o", str(out)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudograph", *argv, *(["--json"] if as_json else [])],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(SRC)},
    )
    try:
        deadline = time.monotonic() + 60
        lock = Path(f"{out}.lock")
        while not lock.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # the 4x4 is listed in milliseconds: the search is on ANTI now
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == code, err
    rows = out.read_text().splitlines()
    assert len(rows) == 1, rows  # the first puzzle's, none for ANTI (--resume redoes it)
    listed = json.loads(rows[0])["solutions"] if as_json else rows[0].split(" ")
    assert len(set(listed)) == 12
    assert all(Grid.parse(s).is_solution_of(Grid.parse(T4)) for s in listed)
    assert "continue with --resume" in err
    assert not Path(f"{out}.lock").exists()


@pytest.mark.parametrize("as_json", [False, True])
def test_a_list_cut_by_a_bound_is_stopped_not_solved(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, as_json: bool
) -> None:
    """``--all`` cut by ``--max-nodes`` said ``solved`` (exit 0), its list passing for whole."""
    src = lines_file(tmp_path / "in.txt", [E4, T4])  # 2752 and 112 nodes to list them all
    argv = ["solve", str(src), "--all", "-m", "naive", "--engine", "python", "--max-nodes", "500"]
    code, out, err = sudograph(capfd, *argv, *(["--json"] if as_json else []))
    assert code == 1, err
    first, second = out.splitlines()
    if as_json:
        doc = json.loads(first)
        assert doc["status"] == "stopped" and doc["count"] == len(doc["solutions"]) > 0
        found = doc["solutions"]
        assert json.loads(second)["status"] == "solved"
    else:
        status, *found = first.split(" ")
        assert status == "stopped" and found
        assert len(second.split(" ")) == 12
    assert all(Grid.parse(s).is_solution_of(Grid.parse(E4)) for s in found)
    assert "1 stopped" in err


def test_an_inline_list_cut_by_a_bound_says_so(capfd: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", E4, "--all", "-m", "naive", "--engine", "python", "--max-nodes", "50"]
    code, out, _ = sudograph(capfd, *argv, "--format", "line")
    lines = out.splitlines()
    assert code == 1  # the list is not whole: exit 1, as a file's "stopped" row
    assert lines[-1] == f"stopped (node limit): {len(lines) - 1} solutions found"


# -- 2. count: unique is known only for a whole count ---------------------------------------------


@pytest.mark.parametrize(
    ("puzzle", "limit", "count", "complete", "unique"),
    [
        (TWO, ["--limit", "1"], 1, False, None),  # said unique: true, with 2 solutions
        (TWO, ["--limit", "2"], 2, False, False),
        (TWO, [], 2, True, False),
        (ONE, ["--limit", "1"], 1, False, None),
        (ONE, ["--limit", "2"], 1, True, True),
        (ONE, [], 1, True, True),
        (NONE, ["--limit", "1"], 0, True, False),
    ],
)
@pytest.mark.parametrize("how", ["inline", "file", "file -o"])
def test_count_says_unique_only_when_it_knows(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    puzzle: str,
    limit: list[str],
    count: int,
    complete: bool,
    unique: bool | None,
    how: str,
) -> None:
    out_file = tmp_path / "out.txt"
    source = puzzle if how == "inline" else str(lines_file(tmp_path / "in.txt", [puzzle, puzzle]))
    output = ["-o", str(out_file)] if how == "file -o" else []
    docs = []
    for as_json in (True, False):
        code, out, err = sudograph(
            capfd, "count", source, *limit, *output, *(["--json"] if as_json else [])
        )
        assert code == (1 if count == 0 else 0), err
        rows = (out_file.read_text() if output else out).splitlines()
        assert len(rows) == (1 if how == "inline" else 2)
        if as_json:
            docs = [json.loads(row) for row in rows]
        else:
            said = [row if how == "inline" else row.split(": ", 1)[1] for row in rows]
            assert all(("(unique)" in row) is (unique is True) for row in said), said
            assert all(row.startswith("at least") is (not complete) for row in said), said
    assert [(d["count"], d["complete"], d["unique"]) for d in docs] == [
        (count, complete, unique)
    ] * len(docs)


# -- 3. option combinations: one check, before any work, for one puzzle and for a file ------------

REFUSED = [
    (["-m", "logic", "--order", "mrv"], "--order mrv: method 'logic' is not a search"),
    (["-m", "sat", "--inference", "check"], "--inference check: method 'sat' is not a search"),
    (["-m", "greedy", "--order", "dsatur"], "--order dsatur: method 'greedy' is not a search"),
    (["-m", "fast", "--order", "mrv"], "--order mrv: method 'fast' is not a search"),
    (["-m", "fast", "--engine", "python"], "method 'fast' has no Python engine"),
    (["-m", "logic", "--engine", "python"], "--engine python: method 'logic' runs on its own"),
    (["-m", "sat", "--engine", "numba"], "--engine numba: method 'sat' runs on its own"),
    (["-m", "greedy", "--engine", "python"], "--engine python: method 'greedy' runs on its own"),
    (["-m", "logic", "--max-nodes", "5"], "--max-nodes: method 'logic' makes no search nodes"),
    (["-m", "fast", "--seed", "3"], "--seed: method 'fast' draws no random numbers"),
    (["-m", "dsatur", "--itermax", "5"], "--itermax: method 'dsatur' draws no random numbers"),
    (["-m", "propagate", "--seed", "1"], "--seed: method 'propagate' draws no random numbers"),
    (["--itermax", "1000"], "--itermax: method "),  # the default method: deterministic
    (["-m", "greedy", "--all"], "--all: method 'greedy' stops at its first solution"),
    (["-m", "logic", "--limit", "3"], "--limit 3: method 'logic' stops at its first solution"),
    (["--trace-steps", "3"], "--trace-steps: only with --trace"),
]


@pytest.mark.parametrize(("options", "message"), REFUSED, ids=[" ".join(o) for o, _ in REFUSED])
@pytest.mark.parametrize("how", ["inline", "one-puzzle file", "file", "mixed file", "file -o"])
def test_an_option_the_method_ignores_is_refused_once_before_any_work(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    options: list[str],
    message: str,
    how: str,
) -> None:
    """A file gave one error row per puzzle (``--order`` with ``logic``), or solved its 9x9
    lines with ``--order`` silently dropped (``fast``); one puzzle ignored ``--engine``,
    ``--seed``, ``--itermax``, ``--max-nodes`` where the method has no use for them."""
    out = tmp_path / "out.txt"
    lines = {"inline": [], "one-puzzle file": [P], "mixed file": [P, T4, "." * 256]}
    source = P if how == "inline" else str(lines_file(tmp_path / "in.txt", lines.get(how, [P, P])))
    output = ["-o", str(out)] if how == "file -o" else []
    code, printed, err = sudograph(capfd, "solve", source, *options, *output)
    assert code == 2 and printed == ""
    assert err.count("\n") == 1 and err.startswith(f"sudograph: error: {message}"), err
    assert not out.exists()
    _, _, inline_err = sudograph(capfd, "solve", P, *options)
    if "-m" not in options:  # the default methods differ: propagate alone, fast for a file
        err = err.replace("method 'fast'", "method 'propagate'")
    assert err == inline_err  # the same check, the same words


ACCEPTED = [
    ["-m", "greedy", "--seed", "1", "--itermax", "5"],
    ["-m", "greedy-mrv", "--max-nodes", "3"],
    ["-m", "naive", "--engine", "python", "--max-nodes", "100000"],
    ["-m", "fast", "--engine", "numba"],
    ["-m", "propagate", "--order", "static", "--inference", "forward"],
    ["-m", "logic", "--timeout", "5"],
    ["-m", "sat", "--max-nodes", "1000"],
    ["--engine", "python"],  # the default then: propagate
]


@pytest.mark.parametrize("options", ACCEPTED, ids=[" ".join(o) for o in ACCEPTED])
@pytest.mark.parametrize("how", ["inline", "file"])
def test_an_option_the_method_uses_is_taken(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, options: list[str], how: str
) -> None:
    if "sat" in options:
        pytest.importorskip("pysat")
    source = P if how == "inline" else str(lines_file(tmp_path / "in.txt", [P, P]))
    code, out, err = sudograph(capfd, "solve", source, *options, "--format", "line")
    assert code in (0, 1), err
    solved = [row for row in out.splitlines() if row == SOL]
    stopped = [row for row in out.splitlines() if "stopped" in row]
    assert len(solved) + len(stopped) == (1 if how == "inline" else 2), out


# -- 4, 5. a file of one puzzle in the file mode: its options, its rows ---------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--resume"], "--resume needs -o OUT (the file to continue)"),
        (["--resume", "--format", "line"], "--resume needs -o OUT (the file to continue)"),
        (["--dask", "local", "--resume"], "--resume needs -o OUT (the file to continue)"),
        (["--workers", "1", "--stats"], "--stats: not in the file mode (--workers given)"),
        (["--json", "--trace"], "--trace: not in the file mode (--json given)"),
    ],
)
@pytest.mark.parametrize("puzzles", [1, 2])
def test_a_file_of_one_puzzle_takes_the_file_options_as_any_file(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    options: list[str],
    message: str,
    puzzles: int,
) -> None:
    """``solve a1.txt --resume`` exited 0 silently (two puzzles: ``--resume needs -o OUT``)."""
    src = lines_file(tmp_path / "in.txt", [P] * puzzles)
    code, out, err = sudograph(capfd, "solve", str(src), *options)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"sudograph: error: {message}"), err


@pytest.mark.parametrize("puzzles", [1, 3])
def test_a_file_of_one_puzzle_with_workers_writes_rows(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, puzzles: int
) -> None:
    """``--workers 2`` was dropped without a word for a file of one puzzle (a boxed grid)."""
    src = lines_file(tmp_path / "in.txt", [P] * puzzles)
    code, out, err = sudograph(capfd, "solve", str(src), "--workers", "2")
    assert code == 0, err
    assert out.splitlines() == [SOL] * puzzles
    assert f"{puzzles} puzzle" in err


OPTIONS = [[], ["--count"], ["--all"], ["--count", "--limit", "2"], ["--all", "--limit", "3"]]


@pytest.mark.parametrize("options", OPTIONS, ids=[" ".join(o) or "plain" for o in OPTIONS])
@pytest.mark.parametrize("source", ["file", "stdin"])
def test_json_rows_do_not_depend_on_the_number_of_puzzles(
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    options: list[str],
    source: str,
) -> None:
    """One puzzle gave ``{status, solution, nodes, backtracks, seconds}``, two the batch rows
    ``{line, status, solution, count, nodes, error}``; a bad line alone no row at all."""
    extra = [*(["complete"] if "--count" in options else []),
             *(["solutions"] if "--all" in options else [])]  # fmt: skip
    keys = BATCH_KEYS + extra
    rows: dict[tuple[str, ...], list[dict[str, object]]] = {}
    for lines in ([T4], [T4, T4], ["12x4"], [T4, "12x4", CLASH4]):
        text = "".join(f"{line}\n" for line in lines)
        if source == "stdin":
            import io

            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
            name = "-"
        else:
            name = str(lines_file(tmp_path / "in.txt", lines))
        code, out, err = sudograph(capfd, "solve", name, "--json", *options)
        bad = any(line != T4 for line in lines)
        assert code == (2 if bad else 0), err
        docs = [json.loads(row) for row in out.splitlines()]
        assert [d["line"] for d in docs] == list(range(1, len(lines) + 1))
        assert all(list(d) == keys for d in docs), docs  # same keys, same order, every row
        for d in docs:
            if d["status"] == "error":
                assert d["error"] and all(d[k] is None for k in keys if k not in
                                          ("line", "status", "error"))  # fmt: skip
            else:
                assert d["error"] is None and d["solution"] is not None
        rows[tuple(lines)] = [d for d in docs if d["status"] != "error"]
    assert rows[(T4,)] == rows[(T4, T4)][:1]


def test_an_inline_puzzle_keeps_its_own_json_object(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, _ = sudograph(capfd, "solve", T4, "--json", "-m", "naive")
    doc = json.loads(out)
    assert code == 0 and list(doc)[:5] == ["status", "solution", "nodes", "backtracks", "seconds"]


# -- 6. --resume refuses rows of another kind -----------------------------------------------------

PUZZLES = [T4, TWO, ONE, T4]
RESUMES = [
    (["solve"], ["solve", "--json"], "holds text solution rows (solve), this run writes JSON"),
    (["solve", "--json"], ["solve"], "holds JSON solution rows (solve), this run writes text"),
    (["solve"], ["solve", "--count"], "this run writes text count rows (solve --count)"),
    (["solve", "--count"], ["solve"], "holds text count rows (solve --count)"),
    (["solve", "--count", "--json"], ["solve", "--json"], "holds JSON count rows"),
    (["solve", "--json"], ["solve", "--json", "--count"], "this run writes JSON count rows"),
    (["solve", "--all"], ["solve"], "holds text solution lists (solve --all)"),
    (["solve", "--all", "--json"], ["solve", "--json"], "holds JSON solution lists"),
    (["count"], ["solve", "--count"], "holds text rows of sudograph count"),
    (["solve", "--count"], ["count"], "this run writes text rows of sudograph count"),
    (["count", "--json"], ["count"], "holds JSON rows of sudograph count"),
    (["count", "--json"], ["solve", "--count", "--json"], "holds JSON rows of sudograph count"),
    (["solve"], ["solve"], None),
    (["solve"], ["solve", "--all"], None),  # a list of one solution is a solution row
    (["solve", "--count", "--json"], ["solve", "--count", "--json"], None),
    (["count", "--json"], ["count", "--json"], None),
]


@pytest.mark.parametrize(
    ("first", "then", "refusal"),
    RESUMES,
    ids=[f"{' '.join(a)} | {' '.join(b)}" for a, b, _ in RESUMES],
)
def test_resume_refuses_rows_of_another_kind(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    first: list[str],
    then: list[str],
    refusal: str | None,
) -> None:
    """``solve a10 -o r.txt; solve a30 -o r.txt --resume --json`` appended JSON rows after the
    text rows, exit 0."""
    head = lines_file(tmp_path / "head.txt", PUZZLES[:2])
    src = lines_file(tmp_path / "in.txt", PUZZLES)
    out = tmp_path / "out.txt"
    command, *options = first
    code, _, err = sudograph(capfd, command, str(head), *options, "-o", str(out))
    assert code in (0, 1), err
    with out.open("a") as f:
        f.write("partial")  # a crash's partial line: kept as it is when refused
    before = out.read_bytes()
    command, *options = then
    code, _, err = sudograph(capfd, command, str(src), *options, "-o", str(out), "--resume")
    if refusal is not None:
        assert code == 2 and err.count("\n") == 1, err
        assert err.startswith(f"sudograph: error: {out} ") and refusal in err, err
        assert out.read_bytes() == before
        assert not Path(f"{out}.lock").exists()
        return
    assert code in (0, 1), err
    rows = out.read_text().splitlines()
    assert rows[:2] == before.decode().splitlines()[:2] and len(rows) == len(PUZZLES)
    whole = tmp_path / "whole.txt"
    sudograph(capfd, command, str(src), *options, "-o", str(whole))
    assert rows[2:] == whole.read_text().splitlines()[2:]


@pytest.mark.parametrize(
    ("row", "kind"),
    [
        (SOL, ("text", "solutions")),
        (f"{SOL} {SOL}", ("text", "lists")),
        ("stopped", ("text", "solutions")),
        (f"stopped {SOL}", ("text", "solutions")),
        ("unsatisfiable", ("text", "solutions")),
        ("288", ("text", "counts")),
        ("at least 5", ("text", "counts")),
        ("line 3: 2 solutions", ("text", "count")),
        ("line 3: error: in.txt:3: bad", ("text", "count")),
        ("error: in.txt:3: bad", ("text", None)),
        ("kept 1", ("text", None)),
        ('{"line": 1, "status": "solved", "solution": "1", "count": 1}', ("json", "solutions")),
        ('{"line": 1, "status": "solved", "complete": true}', ("json", "counts")),
        ('{"line": 1, "status": "solved", "solutions": []}', ("json", "lists")),
        ('{"line": 1, "status": "error", "complete": null}', ("json", None)),
        ('{"line": 1, "count": 2, "complete": true, "unique": false}', ("json", "count")),
        ('{"line": 1, "error": "in.txt:1: bad"}', ("json", None)),
        ("{not json", ("text", None)),
    ],
)
def test_row_kind(row: str, kind: tuple[str, str | None]) -> None:
    assert row_kind(row) == kind


# -- 7. a write error names the output file ----------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "{FILE}", "-o", "/dev/full"],
        ["solve", "{ONE}", "-o", "/dev/full"],
        ["solve", P, "-o", "/dev/full"],
        ["solve", "{FILE}", "--json", "--all", "-o", "/dev/full"],
        ["count", "{FILE}", "-o", "/dev/full"],
    ],
)
def test_a_full_disk_names_the_output(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    names = {
        "{FILE}": str(lines_file(tmp_path / "in.txt", [T4, T4])),
        "{ONE}": str(lines_file(tmp_path / "one.txt", [P])),
    }
    code, _, err = sudograph(capfd, *[names.get(a, a) for a in argv])
    assert code == 2
    assert err.splitlines()[0] == "sudograph: error: /dev/full: No space left on device"
    assert "Traceback" not in err
