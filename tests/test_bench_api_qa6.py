"""QA pass 6 on :mod:`sudograph.bench` and ``sudograph bench``: an unknown engine, a single
method name, bad ``limit_seconds`` and ``first``, uncounted nodes and backtracks of the methods
that do not search, and empty or unknown names in ``--methods``."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from sudograph.bench import (
    PuzzleSet,
    Run,
    check_first,
    check_limit_seconds,
    collect_set,
    load_set,
    parse_methods,
    run_bench,
    run_one,
    searches,
    summarize,
    to_csv,
)
from sudograph.cli import main
from sudograph.errors import InvalidArgument
from sudograph.grid import Grid
from sudograph.methods import METHODS
from sudograph.solve import solve

needs_sat = pytest.mark.skipif(
    importlib.util.find_spec("pysat") is None, reason="needs the sat extra (python-sat)"
)

ROOT = Path(__file__).parent.parent
SAMPLE = ROOT / "examples" / "sample.txt"
G4 = "....1..2..3..4.."
KNOWN = ", ".join(METHODS)
GREEDY = [m for m in METHODS if m.startswith("greedy")]
SEARCHLESS = ["logic", *GREEDY]


def tiny() -> list[PuzzleSet]:
    return [PuzzleSet("s", (Grid.parse(G4),))]


def refused(call: Any, message: str) -> None:
    with pytest.raises(InvalidArgument) as info:
        call()
    assert str(info.value) == message


def no_run(run: Run) -> None:
    raise AssertionError(f"a solve ran before the arguments were checked: {run}")


# -- 1. an unknown engine ----------------------------------------------------------------------
@pytest.mark.parametrize("engine", ["bogus", "gpu", "", "Python", 3])
def test_an_unknown_engine_is_refused_before_any_solve(engine: Any) -> None:
    expected = f"engine must be auto, python or numba, got {engine!r}"
    refused(lambda: run_bench(tiny(), ["naive"], engine=engine, on_run=no_run), expected)
    refused(lambda: run_one(Grid.parse(G4), "naive", engine=engine), expected)
    refused(lambda: solve(Grid.parse(G4), "naive", engine=engine), expected)  # the same words


@pytest.mark.parametrize(
    ("method", "engine"),
    [("logic", "numba"), ("greedy", "numba"), pytest.param("sat", "python", marks=needs_sat)],
)
def test_a_known_engine_a_method_does_not_run_on_is_left_to_the_method(
    method: str, engine: str
) -> None:
    """The bench's intended fallback: the method runs on its own engine."""
    [run] = run_bench(tiny(), [method], engine=engine, seed=1)
    assert (run.method, run.status) == (method, "solved")


def test_engine_none_is_auto_as_solve_takes_it() -> None:
    [run] = run_bench(tiny(), ["naive"], engine=None)  # type: ignore[arg-type]
    assert run.status == "solved"


# -- 2. one method name, bad limit_seconds -----------------------------------------------------
@pytest.mark.parametrize("method", ["naive", "logic", "greedy-mrv"])
def test_one_method_name_is_a_list_of_one(method: str) -> None:
    runs = run_bench(tiny(), method)
    assert [(r.method, r.status) for r in runs] == [(method, "solved")]


def test_one_unknown_method_name_is_named_whole() -> None:
    refused(lambda: run_bench(tiny(), "nope"), f"unknown method 'nope' (known: {KNOWN})")


@pytest.mark.parametrize(
    ("limit", "shown"),
    [
        (float("nan"), "NaN (not a number)"),
        ("1", "'1'"),
        (True, "True"),
        (False, "False"),
        ([1], "[1]"),
        (-1, "-1"),
        (0, "0"),
        (0.0, "0.0"),
        (-0.5, "-0.5"),
        (float("-inf"), "-inf"),
        (Fraction(0), "0"),
    ],
)
def test_a_bad_limit_seconds_is_named(limit: Any, shown: str) -> None:
    expected = f"limit_seconds must be a number of seconds > 0, got {shown}"
    refused(lambda: run_bench(tiny(), ["naive"], limit_seconds=limit, on_run=no_run), expected)
    refused(lambda: run_one(Grid.parse(G4), "naive", limit_seconds=limit), expected)
    refused(lambda: check_limit_seconds(limit), expected)


@pytest.mark.parametrize("limit", [None, 0.5, 2, Fraction(1, 2), float("inf"), 10**400])
def test_a_good_limit_seconds_runs(limit: Any) -> None:
    """None is no cap; inf and an int too large for a float are none in practice (solve reads
    its timeout so)."""
    [run] = run_bench(tiny(), ["mrv"], limit_seconds=limit)
    assert run.status == "solved"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("nan", "not a finite number of seconds: 'nan'"),
        ("inf", "not a finite number of seconds: 'inf'"),
        ("x", "not a number of seconds: 'x'"),
        ("0", "must be > 0, got 0"),
        ("-1", "must be > 0, got -1"),
    ],
)
def test_the_command_line_refuses_the_same_limits(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, value: str, message: str
) -> None:
    f = tmp_path / "one.txt"
    f.write_text(G4 + "\n")
    code = main(["bench", str(f), "--methods", "naive", f"--limit-seconds={value}"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: --limit-seconds: {message} (see sudograph bench --help)\n"


# -- 3. first ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("first", "message"),
    [
        (0, "first must be >= 1, got 0"),
        (-1, "first must be >= 1, got -1"),
        (2.5, "first must be a whole number (or None for all), got 2.5"),
        ("3", "first must be a whole number (or None for all), got '3'"),
        (True, "first must be a whole number (or None for all), got True"),
    ],
)
def test_a_bad_first_is_refused(first: Any, message: str) -> None:
    refused(lambda: load_set(SAMPLE, first=first), message)
    refused(lambda: collect_set([(1, Grid.parse(G4))], "t", "t", first=first), message)
    refused(lambda: check_first(first), message)


@pytest.mark.parametrize(("first", "kept"), [(None, 50), (1, 1), (3, 3), (50, 50), (99, 50)])
def test_first_keeps_that_many(first: int | None, kept: int) -> None:
    assert len(load_set(SAMPLE, first=first).grids) == kept


def test_the_command_line_refuses_first_0_with_the_same_bound(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["bench", str(SAMPLE), "--first", "0"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == "sudograph: error: --first: must be >= 1, got 0 (see sudograph bench --help)\n"


# -- 4. counters the method does not keep -------------------------------------------------------
@pytest.mark.parametrize(
    ("method", "expected"),
    [(m, False) for m in SEARCHLESS]
    + [(m, True) for m in ("naive", "mrv", "forward", "propagate", "dsatur", "sat", "fast")]
    + [("not-registered", True)],
)
def test_which_methods_search(method: str, expected: bool) -> None:
    assert searches(method) is expected


NODES_BACKS = ("nodes_mean", "nodes_median", "nodes_max", "backtracks_mean",
               "backtracks_median", "backtracks_max")  # fmt: skip


@pytest.mark.parametrize("method", SEARCHLESS)
def test_a_method_that_does_not_search_shows_no_nodes_nor_backtracks(method: str) -> None:
    runs = run_bench(tiny(), [method], seed=1)
    assert (runs[0].nodes, runs[0].backtracks) == (0, None)  # the solve's (Result.uncounted)
    [row] = summarize(runs)
    assert [getattr(row, f) for f in NODES_BACKS] == [None] * 6
    assert row.solved == 1


@pytest.mark.parametrize(
    ("method", "nodes", "backtracks"),
    [("naive", 24, 12), ("mrv", 12, 0), pytest.param("sat", 0, 0, marks=needs_sat)],
)
def test_a_method_that_searches_keeps_its_counts(method: str, nodes: int, backtracks: int) -> None:
    """sat counts its decisions (nodes) and conflicts (backtracks): 0 on this grid."""
    [row] = summarize(run_bench(tiny(), [method]))
    assert (row.nodes_max, row.backtracks_max) == (nodes, backtracks)
    assert (row.nodes_mean, row.backtracks_mean) == (float(nodes), float(backtracks))


@needs_sat
def test_sat_counts_nodes_and_backtracks_on_a_hard_grid() -> None:
    hard = load_set(SAMPLE).grids
    [row] = summarize(run_bench([PuzzleSet("s", hard[:10])], ["sat"]))
    assert row.nodes_max is not None and row.backtracks_max is not None
    assert row.nodes_max > 0 and row.backtracks_max > 0


def bench_out(capsys: pytest.CaptureFixture[str], tmp_path: Path, *flags: str) -> str:
    f = tmp_path / "one4.txt"
    f.write_text(G4 + "\n")
    code = main(["bench", str(f), "--methods", "sat,logic,greedy,naive", *flags])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    return out


EXPECTED = {  # nodes_max, backtracks_max
    "sat": (0, 0),
    "logic": (None, None),
    "greedy": (None, None),
    "naive": (24, 12),
}


@needs_sat
def test_json_shows_null(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = json.loads(bench_out(capsys, tmp_path, "--json"))
    got = {r["method"]: (r["nodes_max"], r["backtracks_max"]) for r in rows}
    assert got == EXPECTED
    logic = next(r for r in rows if r["method"] == "logic")
    assert [logic[f] for f in NODES_BACKS] == [None] * 6


@needs_sat
def test_csv_shows_blank(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(bench_out(capsys, tmp_path, "--csv"))))
    got = {r["method"]: (r["nodes_max"], r["backtracks_max"]) for r in rows}
    assert got == {"sat": ("0", "0"), "logic": ("", ""), "greedy": ("", ""), "naive": ("24", "12")}


@needs_sat
def test_the_table_shows_a_dash(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = bench_out(capsys, tmp_path).splitlines()
    header = lines[0].split("  ")
    header = [h.strip() for h in header if h.strip()]
    got = {}
    for line in lines[1:]:
        cells = line.split()
        got[cells[0]] = cells[6:12]  # nodes mean/med/max, back mean/med/max
    assert header[6:12] == ["nodes mean", "nodes med", "nodes max", "back mean", "back med",
                            "back max"]  # fmt: skip
    assert got["logic"] == got["greedy"] == ["-"] * 6
    assert got["naive"] == ["24.0", "24.0", "24", "12.0", "12.0", "12"]
    assert got["sat"] == ["0.0", "0.0", "0", "0.0", "0.0", "0"]


def test_to_csv_of_a_searchless_row_is_blank() -> None:
    runs = [Run("s", 0, 30, "greedy-mrv", "solved", "", 0, 0, 3, 0.1)]
    [line] = list(csv.DictReader(io.StringIO(to_csv(summarize(runs)))))
    assert [line[f] for f in NODES_BACKS] == [""] * 6 and line["attempts_mean"] == "3.0"


# -- 5. --methods --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("naive,", "--methods: empty method name in 'naive,'"),
        (",naive", "--methods: empty method name in ',naive'"),
        ("naive,,mrv", "--methods: empty method name in 'naive,,mrv'"),
        ("naive, ", "--methods: empty method name in 'naive, '"),
        (",", "--methods: empty method name in ','"),
        ("", "--methods needs at least one method name"),
        (" ", "--methods needs at least one method name"),
        ("nope", f"--methods: unknown method 'nope' (known: {KNOWN})"),
        ("naive,nope", f"--methods: unknown method 'nope' (known: {KNOWN})"),
        ("naive,naive", "--methods: naive given twice"),
    ],
)
def test_bad_methods_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    refused(lambda: parse_methods(text), message)
    code = main(["bench", str(SAMPLE), "--methods", text])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: {message} (see sudograph bench --help)\n"


@pytest.mark.parametrize(
    ("text", "names"), [("naive", ["naive"]), (" naive , mrv ", ["naive", "mrv"])]
)
def test_good_methods_are_read(text: str, names: list[str]) -> None:
    assert parse_methods(text) == names


def test_run_bench_refuses_an_empty_list_of_methods() -> None:
    s = PuzzleSet("tiny", (Grid.parse("...3.2.1...4.1.2"),))
    with pytest.raises(InvalidArgument, match=r"^methods is empty: name at least one method$"):
        run_bench([s], [])


NINE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.mark.parametrize("method", SEARCHLESS)
def test_solve_shows_no_nodes_for_a_method_that_does_not_search(
    method: str, capsys: pytest.CaptureFixture[str]
) -> None:
    seeded = {} if method == "logic" else {"seed": 1}  # (logic draws nothing: no --seed)
    argv = ["--seed", "1"] if seeded else []
    assert main(["solve", NINE, "-m", method, "--json", *argv]) in (0, 1)  # 1: attempts out
    doc = json.loads(capsys.readouterr().out)
    assert (doc["nodes"], doc["backtracks"]) == (None, None)
    result = solve(Grid.parse(NINE), method, **seeded)
    no_deductions = ("deductions",) if method != "logic" else ()  # logic's are its steps
    assert result.uncounted == ("nodes", "backtracks", *no_deductions, "max_depth")
    assert "nodes" not in result.summary() and "backtracks" not in result.summary()
    assert result.as_dict()["stats"]["nodes"] is None


def test_logic_stats_line_shows_dashes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", NINE, "-m", "logic", "--stats"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("nodes: -  backtracks: -  deductions: ") and "max depth: -" in last


def test_a_search_keeps_its_counts_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", NINE, "-m", "naive", "--json", "--engine", "python"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["nodes"] > 0 and doc["backtracks"] is not None
