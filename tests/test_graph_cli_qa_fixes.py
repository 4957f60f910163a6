"""Graph commands' faults found by QA: ``info GRAPH --alphabet`` ignored, ``color --seed``
ignored by methods that draw no random numbers, DIMACS errors without a column, the twin's
loading not counted in a timeout, ``color --json`` rows without the same keys, and
``chromatic --json`` giving a number it had not proven."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import sudograph.engine as engine_module
import sudograph.engine.compile as compile_module
from sudograph.cli import main
from sudograph.cli.cmd_color import ROW_KEYS, SEEDED_METHODS
from sudograph.errors import ParseError
from sudograph.formats.dimacs import parse_dimacs, read_dimacs
from sudograph.problem import Result, SolveOptions, Stats
from sudograph.search import chromatic as chromatic_module

solve_module = sys.modules["sudograph.solve"]  # sudograph.solve is also the function
GRAPHS = Path(__file__).parent / "data" / "graphs"


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    return code, out, err


# -- 1. info GRAPH --alphabet -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["petersen", "--alphabet", "abcd"],
            "--alphabet spells the values of a Sudoku grid, not the graph 'petersen'",
        ),
        (
            ["sudoku:2x2", "--alphabet", "wxyz"],
            "--alphabet spells the values of a Sudoku grid, not the graph 'sudoku:2x2'",
        ),
        (
            ["--alphabet", "abcd"],
            "--alphabet spells the values of a PUZZLE: info without one gives the figures of "
            "the graph, which have none",
        ),
        (  # refused as before, in the same words
            ["petersen", "--size", "4"],
            "--size and --box shape a Sudoku grid, not the graph 'petersen'",
        ),
    ],
)
@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_info_refuses_an_alphabet_it_would_ignore(
    capfd: pytest.CaptureFixture[str], argv: list[str], message: str, as_json: list[str]
) -> None:
    error = f"sudograph: error: {message} (see sudograph info --help)\n"
    assert run(capfd, "info", *argv, *as_json) == (2, "", error)


def test_info_of_a_puzzle_still_reads_its_alphabet(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capfd, "info", "a.c.....c.a.....", "--alphabet", "abcd", "--json")
    assert code == 0 and (json.loads(out)["clues"], json.loads(out)["empty"]) == (4, 12)


# -- 2. color --seed where nothing is random ----------------------------------------------------
TAKE_A_SEED = f"only methods {', '.join(SEEDED_METHODS)} and --greedy random-sequential take"


@pytest.mark.parametrize(
    ("argv", "what"),
    [
        (["petersen", "-k", "3", "-m", "dsatur"], "method 'dsatur'"),
        ([str(GRAPHS / "myciel3.col"), "-k", "4", "-m", "sat"], "method 'sat'"),
        (["petersen", "-k", "3", "-m", "naive"], "method 'naive'"),
        (["petersen", "-k", "3"], "method 'auto' ("),  # auto names what it runs here
        (["petersen", "--greedy", "dsatur"], "--greedy dsatur"),
        (["petersen", "--greedy", "sequential"], "--greedy sequential"),
        (["petersen", "--greedy", "largest-first"], "--greedy largest-first"),
        (["petersen", "-k", "3", "--greedy", "smallest-last"], "--greedy smallest-last"),
    ],
)
def test_color_refuses_a_seed_nothing_would_use(
    capfd: pytest.CaptureFixture[str], argv: list[str], what: str
) -> None:
    code, out, err = run(capfd, "color", *argv, "--seed", "5")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"sudograph: error: --seed: {what}")
    assert "draws no random numbers" in err and TAKE_A_SEED in err


def test_color_above_64_colours_refuses_a_seed_as_the_others(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """``-k 73`` refused ``--seed`` already (``sat`` takes only a timeout there): same line."""
    code, _, err = run(capfd, "color", "petersen", "-k", "73", "-m", "sat", "--seed", "3")
    assert code == 2 and err.startswith("sudograph: error: --seed: method 'sat' draws no")


@pytest.mark.parametrize(
    "argv",
    [
        *[["-k", "3", "-m", m] for m in SEEDED_METHODS],
        ["--greedy", "random-sequential"],
        ["-k", "4", "--greedy", "random-sequential"],
    ],
)
def test_a_randomized_run_reports_its_seed_and_replays_with_it(
    capfd: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    def row(*seed: str) -> dict[str, Any]:
        code, out, err = run(capfd, "color", "petersen", *argv, *seed, "--json")
        assert code in (0, 1), err  # coloured, or not in the attempts allowed
        doc = dict(json.loads(out))
        assert doc.pop("seconds") >= 0  # the time differs from run to run; the rest may not
        return doc

    drawn = row()
    assert isinstance(drawn["seed"], int), drawn
    assert row("--seed", str(drawn["seed"])) == drawn  # the same run again
    assert row("--seed", "7")["seed"] == 7


# -- 3. DIMACS errors name the column of the token at fault ------------------------------------
DIMACS_ERRORS = [
    # (text, line, column, message, the text at that column)
    ("p edge 3 2\ne 1 4\n", 2, 5, "vertex 4 is out of range 1..3", "4"),
    ("p edge 3 2\ne 9 1\n", 2, 3, "vertex 9 is out of range 1..3", "9"),
    ("p edge 3 2\ne 1 2 7\n", 2, 7, "bad edge line 'e 1 2 7': expected 'e u v'", "7"),
    ("p edge 3 2\ne 1\n", 2, 4, "bad edge line 'e 1': expected 'e u v'", ""),  # v missing
    ("p edge 3 2\ne 1 x\n", 2, 5, "vertex 'x' is not an integer", "x"),
    ("p edge 3 2\ne  -1 2\n", 2, 4, "vertex -1 is negative", "-1"),
    ("p edge 3 1 9\n", 1, 12, "bad header 'p edge 3 1 9': expected 'p edge N M'", "9"),
    ("p EDGE 3 1\n", 1, 3, "bad header 'p EDGE 3 1': expected 'p edge N M'", "EDGE"),
    ("p edge 3\n", 1, 9, "bad header 'p edge 3': expected 'p edge N M'", ""),
    ("p edge x 1\n", 1, 8, "vertex count 'x' is not an integer", "x"),
    ("p edge 3 y\n", 1, 10, "edge count 'y' is not an integer", "y"),
    ("p edge 3 1\nq 1 2\n", 2, 1, "unknown line type 'q'", "q"),
    ("p edge 3 1\n  q 1 2\n", 2, 3, "unknown line type 'q'", "q"),
    ("e 1 2\np edge 3 1\n", 1, 1, "edge before the 'p edge N M' line", "e"),
    ("p edge 3 1\np edge 3 1\n", 2, 1, "second 'p' line", "p"),
    ("p edge 3 1\ne\t1 \t 5\n", 2, 7, "vertex 5 is out of range 1..3", "5"),  # a tab is one
    ("\ufeffp edge 3 1 z\n", 1, 12, "bad header 'p edge 3 1 z': expected 'p edge N M'", "z"),
]


@pytest.mark.parametrize(("text", "line", "column", "message", "at"), DIMACS_ERRORS)
def test_a_dimacs_error_names_the_column_of_its_token(
    text: str, line: int, column: int, message: str, at: str
) -> None:
    with pytest.raises(ParseError) as info:
        parse_dimacs(text)
    error = info.value
    assert (error.line, error.column, error.message) == (line, column, message)
    assert str(error) == f"{line}:{column}: {message}"
    shown = text.removeprefix("\ufeff").split("\n")[line - 1]
    assert shown[column - 1 :].startswith(at) and (at or column == len(shown.rstrip()) + 1)


@pytest.mark.parametrize(("text", "line", "column", "message", "at"), DIMACS_ERRORS[:6])
def test_color_says_where_a_dimacs_file_is_wrong(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    text: str,
    line: int,
    column: int,
    message: str,
    at: str,
) -> None:
    path = tmp_path / "bad.col"
    path.write_text(text, encoding="utf-8")
    where = f"{path}:{line}:{column}"
    assert run(capfd, "color", str(path), "-k", "2") == (
        2,
        "",
        f"sudograph: error: {where}: {message}\n",
    )
    with pytest.raises(ParseError, match=f"^{where}: "):
        read_dimacs(path)


# -- 4. the twin's loading counts against the timeout ------------------------------------------
class Clock:
    """A clock that moves only when told (``perf_counter`` of :mod:`sudograph.solve`)."""

    def __init__(self) -> None:
        self.now = 100.0

    def perf_counter(self) -> float:
        return self.now


@pytest.mark.parametrize(
    ("timeout", "python_s", "load_s", "twin_timeout"),
    [
        (5.0, 0.5, 1.5, 3.0),  # the twin had 4.5 s, the time left before loading
        (2.5, 0.25, 1.25, 1.0),  # the QA case: 1.2-1.6 s past --timeout 2.5
        (3.0, 0.5, 4.0, 0.0),  # the loading took it all: the twin stops at once
        (None, 0.5, 1.5, None),  # no timeout: nothing to take from
    ],
)
def test_the_twin_gets_the_time_left_after_loading(
    monkeypatch: pytest.MonkeyPatch,
    timeout: float | None,
    python_s: float,
    load_s: float,
    twin_timeout: float | None,
) -> None:
    clock = Clock()
    monkeypatch.setattr(solve_module, "time", SimpleNamespace(perf_counter=clock.perf_counter))
    monkeypatch.setattr(compile_module, "is_loaded", lambda name: False)
    given: list[float | None] = []

    def python(options: SolveOptions) -> Result:
        clock.now += python_s
        return Result("stopped", stats=Stats(nodes=10, seconds=python_s), reason="node limit")

    def load() -> None:
        clock.now += load_s

    def twin(options: SolveOptions) -> Result:
        given.append(options.timeout)
        spent = min(options.timeout, 0.75) if options.timeout is not None else 0.75
        clock.now += spent
        return Result("stopped", stats=Stats(nodes=99, seconds=spent), reason="time limit")

    r = solve_module._python_then_twin(python, twin, SolveOptions(timeout=timeout), 10, load)
    assert given == [pytest.approx(twin_timeout) if twin_timeout is not None else None]
    assert r.stats.nodes == 99  # the counts: the twin's, which ran from the start
    # the two runs' time, not the loading (a first GC on figure 9 said 2.0 s, 1.6 s loading)
    assert r.stats.seconds == pytest.approx(clock.now - 100.0 - load_s)
    if timeout is not None:  # within the timeout, unless the loading alone overran it
        assert clock.now - 100.0 <= max(timeout, python_s + load_s)


def test_with_too_little_time_left_python_goes_on_without_loading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(compile_module, "is_loaded", lambda name: False)
    calls: list[tuple[str, float | None]] = []

    def python(options: SolveOptions) -> Result:
        calls.append(("python", options.timeout))
        return Result("stopped", stats=Stats(seconds=0.0), reason="node limit")

    def load() -> None:  # pragma: no cover - the point: it is not called
        calls.append(("load", None))

    def twin(options: SolveOptions) -> Result:  # pragma: no cover
        calls.append(("twin", options.timeout))
        return Result("stopped")

    timeout = solve_module.TWIN_LOAD_SECONDS / 2
    solve_module._python_then_twin(python, twin, SolveOptions(timeout=timeout), 10, load)
    assert [c[0] for c in calls] == ["python", "python"]


@pytest.mark.alone
def test_color_counts_a_slow_twin_loading_in_its_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through :func:`color`: Python's node budget spent, a loading of 0.4 s (monkeypatched),
    then the twin (a stand-in that says what it was given)."""
    monkeypatch.delenv("SUDOGRAPH_ENGINE", raising=False)
    monkeypatch.setattr(solve_module, "AUTO_NODE_BUDGET", 50)
    monkeypatch.setattr(solve_module, "_load_twin", lambda: time.sleep(0.4))
    monkeypatch.setattr(engine_module, "numba_available", lambda: True)
    given: list[float | None] = []

    def twin(problem: Any, options: SolveOptions, keep: int | None = None) -> Result:
        given.append(options.timeout)
        return Result("stopped", stats=Stats(nodes=7, seconds=0.0), reason="time limit")

    monkeypatch.setattr(engine_module, "run_twin", twin)
    timeout = solve_module.TWIN_LOAD_SECONDS + 0.5
    start = time.perf_counter()
    r = solve_module.color(read_dimacs(GRAPHS / "myciel5.col"), 5, "dsatur", timeout=timeout)
    wall = time.perf_counter() - start
    assert (r.status, r.reason, r.stats.nodes) == ("stopped", "time limit", 7)
    (left,) = given
    assert left is not None and left <= timeout - 0.4  # before: about timeout, all of it
    assert 0.0 < r.stats.seconds <= wall - 0.4  # the runs' time, not the loading's


# -- 5. every color --json row has the same keys -----------------------------------------------
@pytest.mark.parametrize(
    ("argv", "status", "reason", "seeded"),
    [
        (["-k", "3", "-m", "dsatur"], "solved", None, False),
        (["-k", "2", "-m", "dsatur"], "unsatisfiable", None, False),
        (["-k", "3", "-m", "naive", "--max-nodes", "1"], "stopped", "node limit", False),
        (["-k", "3", "-m", "dsatur", "--max-nodes", "0"], "stopped", "node limit", False),
        (["-k", "3", "-m", "dsatur", "--timeout", "0"], "stopped", "time limit", False),
        (["-k", "3", "-m", "greedy", "--seed", "1"], "solved", None, True),
        (["-k", "2", "-m", "greedy", "--seed", "1"], "stopped", "itermax", True),
        (["-k", "3", "-m", "greedy-mrv"], "solved", None, True),
        (["--greedy", "dsatur"], "solved", None, False),
        (["-k", "2", "--greedy", "dsatur"], "stopped", "the greedy pass used 3 colours", False),
        (["--greedy", "random-sequential"], "solved", None, True),
    ],
)
def test_every_color_json_row_has_the_same_keys(
    capfd: pytest.CaptureFixture[str],
    argv: list[str],
    status: str,
    reason: str | None,
    seeded: bool,
) -> None:
    code, out, _ = run(capfd, "color", "petersen", *argv, "--json")
    row = json.loads(out)
    assert tuple(row) == ROW_KEYS
    assert code == (0 if status == "solved" else 1) and row["status"] == status
    assert row["reason"] is None if reason is None else row["reason"].startswith(reason)
    assert isinstance(row["seed"], int) if seeded else row["seed"] is None
    coloring = row["coloring"]
    assert row["colors"] == (None if coloring is None else len(set(coloring)))


def test_the_row_keys_are_those_documented() -> None:
    page = (Path(__file__).parent.parent / "docs" / "formats.md").read_text(encoding="utf-8")
    section = page.split("### `color --json` and `chromatic --json`")[1].split("\n#")[0]
    table = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    documented = [key.strip(" `") for cell in table for key in cell.split(",")]
    assert documented == list(ROW_KEYS)


def test_an_interrupted_color_row_says_so(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: Any, **kw: Any) -> Result:
        return Result("stopped", stats=Stats(nodes=12, backtracks=5), reason="interrupted")

    monkeypatch.setattr(solve_module, "color", interrupted)
    code, out, err = run(capfd, "color", "petersen", "-k", "3", "-m", "dsatur", "--json")
    row = json.loads(out)
    assert code == 130 and "interrupted after 12 nodes" in err
    assert tuple(row) == ROW_KEYS and (row["status"], row["reason"]) == ("stopped", "interrupted")


# -- 6. chromatic --json: no number unless proven ----------------------------------------------
@pytest.mark.parametrize(
    ("graph", "extra", "proven"),
    [
        ("myciel3.col", [], True),
        ("DSJC125.1.col", ["--timeout", "0", "-m", "pure"], False),  # chi 5, cliques of 4
    ],
)
def test_chromatic_json_gives_a_number_only_when_proven(
    capfd: pytest.CaptureFixture[str], graph: str, extra: list[str], proven: bool
) -> None:
    code, out, _ = run(capfd, "chromatic", str(GRAPHS / graph), *extra, "--json")
    doc = json.loads(out)
    assert code == (0 if proven else 1) and doc["proven"] is proven
    assert doc["lower_bound"] <= doc["upper_bound"] == max(doc["coloring"])
    if proven:
        assert doc["chromatic_number"] == doc["lower_bound"] == doc["upper_bound"]
    else:
        assert doc["chromatic_number"] is None and doc["lower_bound"] < doc["upper_bound"]


def test_chromatic_json_of_bounds_only_keeps_the_colouring_found(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """A result that is not proven: null number, the bounds and the colouring of the upper."""
    found = chromatic_module.ChromaticResult(
        3, (1, 2, 3, 1), False, 2, 3, 0.5, lower_by="clique", upper_by="dsatur"
    )
    monkeypatch.setattr(chromatic_module, "chromatic_number", lambda *a, **kw: found)
    code, out, _ = run(capfd, "chromatic", "petersen", "--json")
    doc = json.loads(out)
    assert code == 1 and doc["chromatic_number"] is None and doc["proven"] is False
    assert (doc["lower_bound"], doc["upper_bound"], doc["coloring"]) == (2, 3, [1, 2, 3, 1])
    code, out, _ = run(capfd, "chromatic", "petersen")
    assert out.splitlines()[0] == "chromatic number: between 2 and 3 (not proven)"
