"""The comparison engine (:mod:`sudograph.bench`) and ``sudograph bench``."""

from __future__ import annotations

import csv
import io
import json
import re
import statistics
from pathlib import Path

import pytest

from sudograph.bench import (
    PuzzleSet,
    Run,
    default_methods,
    format_table,
    load_set,
    parse_methods,
    run_bench,
    summarize,
    to_csv,
)
from sudograph.cli import main
from sudograph.errors import InvalidArgument, ParseError
from sudograph.grid import Grid
from sudograph.methods import METHODS

ROOT = Path(__file__).parent.parent
SAMPLE = ROOT / "examples" / "sample.txt"
LEVELS = ROOT / "examples" / "seed002_levels.txt"
JSON_KEYS = {"method", "set", "solved", "total", "nodes_mean", "nodes_median", "seconds_mean",
             "us_per_puzzle"}  # fmt: skip
ULTRA = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# -- the engine ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("nodes", "statuses"),
    [
        ([1, 2, 3, 100], ["solved"] * 4),
        ([5], ["stopped"]),
        ([0, 0, 7], ["solved", "unsatisfiable", "stopped"]),
    ],
)
def test_summarize_computes_the_statistics(nodes: list[int], statuses: list[str]) -> None:
    runs = [
        Run("s", i, 25, "naive", st, "", n, n - 1 if n else 0, 0, n / 1000)
        for i, (n, st) in enumerate(zip(nodes, statuses, strict=True))
    ]
    (row,) = summarize(runs)
    assert row.total == len(nodes)
    assert row.solved == statuses.count("solved")
    assert row.stopped == statuses.count("stopped")
    assert row.unsatisfiable == statuses.count("unsatisfiable")
    assert row.success_rate == pytest.approx(statuses.count("solved") / len(nodes))
    assert row.nodes_mean == pytest.approx(statistics.fmean(nodes))
    assert row.nodes_median == pytest.approx(statistics.median(nodes))
    assert row.nodes_max == max(nodes)
    assert row.seconds_max == pytest.approx(max(nodes) / 1000)
    assert row.us_per_puzzle == pytest.approx(statistics.fmean(nodes) / 1000 * 1e6)
    assert row.attempts_mean is None and not row.randomized


def test_summarize_groups_by_method_and_set_in_order() -> None:
    runs = [
        Run(s, 0, 30, m, "solved", "", 1, 0, 2, 0.1) for s in ("a", "b") for m in ("greedy", "mrv")
    ]
    rows = summarize(runs)
    assert [(r.method, r.set) for r in rows] == [("greedy", "a"), ("mrv", "a"), ("greedy", "b"),
                                                  ("mrv", "b")]  # fmt: skip
    assert rows[0].randomized and rows[0].attempts_mean == 2
    assert rows[1].attempts_mean is None


def test_run_bench_checks_and_counts_every_method() -> None:
    grids = tuple(Grid.parse(ln) for ln in SAMPLE.read_text().split()[:3])
    methods = ["naive", "mrv", "propagate", "greedy-mrv"]
    runs = run_bench([PuzzleSet("s", grids)], methods, limit_seconds=10.0)
    assert len(runs) == len(methods) * len(grids)
    assert {r.method for r in runs} == set(methods)
    assert all(r.clues == grids[r.index].clues for r in runs)
    rows = summarize(runs)
    assert all(r.solved == 3 for r in rows)
    naive, mrv = rows[0], rows[1]
    assert naive.nodes_mean >= mrv.nodes_mean  # MRV never explores more here
    assert rows[3].randomized and rows[3].attempts_mean is not None and rows[3].attempts_mean >= 1


def test_a_hopeless_method_reports_stopped() -> None:
    runs = run_bench([PuzzleSet("ultra", (Grid.parse(ULTRA),))], ["naive"], max_nodes=500)
    assert [(r.status, r.reason, r.nodes) for r in runs] == [("stopped", "node limit", 500)]


def test_randomized_methods_are_reproducible() -> None:
    s = [PuzzleSet("s", tuple(Grid.parse(ln) for ln in SAMPLE.read_text().split()[:2]))]
    a = run_bench(s, ["greedy-mrv-random"], seed=7)
    b = run_bench(s, ["greedy-mrv-random"], seed=7)
    assert [r.attempts for r in a] == [r.attempts for r in b]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("naive,mrv", ["naive", "mrv"]), (" propagate ", ["propagate"]), (None, default_methods())],
)
def test_parse_methods(text: str | None, expected: list[str]) -> None:
    assert parse_methods(text) == expected


@pytest.mark.parametrize("text", ["", "naive,nope", ",", "naive,"])
def test_parse_methods_errors(text: str) -> None:
    with pytest.raises(InvalidArgument):
        parse_methods(text)


def test_default_methods_are_the_python_ones() -> None:
    assert set(default_methods()) == {m for m, x in METHODS.items() if "python" in x.engines}


def test_load_set(tmp_path: Path) -> None:
    s = load_set(LEVELS, first=3)
    assert s.name == "seed002_levels.txt" and [g.clues for g in s.grids] == [38, 30, 25]
    (tmp_path / "bad.txt").write_text("1.3.....2...4..1\nxyz\n")
    with pytest.raises(ParseError):
        load_set(tmp_path / "bad.txt")
    (tmp_path / "empty.txt").write_text("# nothing\n")
    with pytest.raises(ParseError):
        load_set(tmp_path / "empty.txt")


def test_table_and_csv_have_a_line_per_row() -> None:
    runs = [Run("s", 0, 30, m, "solved", "", 10, 3, 0, 0.002) for m in ("naive", "mrv")]
    rows = summarize(runs)
    table = format_table(rows).splitlines()
    assert table[0].split()[:3] == ["method", "set", "solved"]
    assert [ln.split()[0] for ln in table[1:]] == ["naive", "mrv"]
    assert "1/1" in table[1] and "2.00" in table[1]  # solved, ms
    parsed = list(csv.DictReader(io.StringIO(to_csv(rows))))
    assert [p["method"] for p in parsed] == ["naive", "mrv"]
    assert float(parsed[0]["nodes_mean"]) == 10


def test_uncounted_backtracks_are_shown_as_not_counted() -> None:
    """A run whose engine counts no backtracks (the fast kernel) has None, not 0: its row
    too (one such run is enough), shown ``-`` in the table, empty in CSV, null in JSON."""
    runs = [
        Run("s", 0, 30, "fast", "solved", "", 4, None, 0, 0.001),
        Run("s", 1, 30, "fast", "solved", "", 0, None, 0, 0.001),
        Run("s", 0, 30, "mixed", "solved", "", 4, 3, 0, 0.001),
        Run("s", 1, 30, "mixed", "solved", "", 0, None, 0, 0.001),
        Run("s", 0, 30, "mrv", "solved", "", 4, 0, 0, 0.001),
    ]
    fast, mixed, mrv = summarize(runs)
    for row in (fast, mixed):
        assert (row.backtracks_mean, row.backtracks_median, row.backtracks_max) == (None,) * 3
        assert row.nodes_mean == 2.0
    assert (mrv.backtracks_mean, mrv.backtracks_median, mrv.backtracks_max) == (0.0, 0.0, 0)
    header, *lines = (re.split(r"\s{2,}", ln) for ln in format_table([fast, mrv]).splitlines())
    back = [k for k, h in enumerate(header) if h.startswith("back ")]
    assert [header[k] for k in back] == ["back mean", "back med", "back max"]
    assert [lines[0][k] for k in back] == ["-", "-", "-"]
    assert [lines[1][k] for k in back] == ["0.0", "0.0", "0"]
    parsed = list(csv.DictReader(io.StringIO(to_csv([fast]))))
    assert parsed[0]["backtracks_mean"] == "" and parsed[0]["nodes_mean"] == "2.0"
    assert json.loads(json.dumps(fast.as_dict()))["backtracks_max"] is None


# -- the command -----------------------------------------------------------------------------
def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", str(SAMPLE), str(LEVELS), "--first", "3", "--methods", "naive,mrv,greedy",
            "--limit-seconds", "0.2", "--json"]  # fmt: skip
    code, out, _ = run_cli(argv, capsys)
    assert code == 0
    rows = json.loads(out)
    assert len(rows) == 2 * 3
    for row in rows:
        assert set(row) >= JSON_KEYS
        assert row["total"] == 3 and 0 <= row["solved"] <= 3
        assert row["us_per_puzzle"] == pytest.approx(row["seconds_mean"] * 1e6)
    assert {r["set"] for r in rows} == {"sample.txt", "seed002_levels.txt"}
    assert [r["method"] for r in rows[:3]] == ["naive", "mrv", "greedy"]
    assert rows[2]["attempts_mean"] is not None and rows[0]["attempts_mean"] is None


def test_bench_caps_a_hopeless_method(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "ultra.txt").write_text(ULTRA + "\n")
    code, out, _ = run_cli(
        ["bench", str(tmp_path / "ultra.txt"), "--methods", "naive", "--max-nodes", "300",
         "--json"], capsys)  # fmt: skip
    assert code == 0
    (row,) = json.loads(out)
    assert (row["solved"], row["stopped"], row["nodes_max"]) == (0, 1, 300)


def test_bench_csv_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["bench", str(SAMPLE), "--first", "2", "--methods", "mrv,propagate"]
    code, out, _ = run_cli([*base, "--csv"], capsys)
    assert code == 0
    assert [r["method"] for r in csv.DictReader(io.StringIO(out))] == ["mrv", "propagate"]
    code, out, _ = run_cli(base, capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("method") and len(lines) == 3


def test_bench_fast_shows_its_backtracks_as_not_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The 9×9 fast kernel (method fast, or propagate with ``--engine auto``) counts no
    backtracks: ``-`` and null, not 0; the house kernel (fast on a 16×16) counts them."""
    pytest.importorskip("numba")
    base = ["bench", str(SAMPLE), "--first", "3", "--methods", "fast,propagate"]
    code, out, _ = run_cli(base, capsys)
    assert code == 0
    header, *lines = (re.split(r"\s{2,}", ln) for ln in out.splitlines())
    back = [k for k, h in enumerate(header) if h.startswith("back ")]
    assert lines[0][0] == "fast" and [lines[0][k] for k in back] == ["-", "-", "-"]
    assert lines[1][0] == "propagate" and "-" not in [lines[1][k] for k in back]
    code, out, _ = run_cli([*base, "--engine", "auto", "--json"], capsys)
    assert code == 0
    for row in json.loads(out):  # propagate runs on the fast kernel too
        assert row["solved"] == 3 and row["backtracks_mean"] is None
    line16 = (ROOT / "tests" / "data" / "regression.txt").read_text().split("\n4x4:")[1]
    (tmp_path / "p16.txt").write_text(line16.split(":")[0] + "\n")
    code, out, _ = run_cli(["bench", str(tmp_path / "p16.txt"), "--methods", "fast", "--json"],
                           capsys)  # fmt: skip
    assert code == 0
    (row,) = json.loads(out)
    assert row["solved"] == 1 and row["backtracks_max"] is not None  # on the house kernel


@pytest.mark.parametrize("suffix", ["png", "svg"])
def test_bench_plot(tmp_path: Path, suffix: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"bench.{suffix}"
    argv = ["bench", str(LEVELS), "--first", "3", "--methods", "naive,mrv", "--plot", str(path)]
    code, _, _ = run_cli(argv, capsys)
    assert code == 0
    data = path.read_bytes()
    if suffix == "png":
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000
    else:
        import xml.etree.ElementTree as ET

        assert ET.fromstring(data).tag.endswith("svg")


@pytest.mark.parametrize(
    "argv",
    [
        ["bench", "nope.txt"],
        ["bench", str(SAMPLE), "--methods", "nope"],
        ["bench", str(SAMPLE), "--limit-seconds", "0"],
        ["bench", str(SAMPLE), "--first", "0"],
        ["bench", str(SAMPLE), "--plot", "x.pdf"],
        ["bench", str(SAMPLE), "--json", "--csv"],
    ],
)
def test_bench_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(argv, capsys)
    assert code == 2 and out == "" and err


@pytest.mark.slow
def test_bench_runs_end_to_end_on_the_sample_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Every Python method on the whole bundled sample (50 puzzles), capped at 0.1 s a solve."""
    argv = ["bench", str(SAMPLE), "--limit-seconds", "0.1", "--json"]
    code, out, _ = run_cli(argv, capsys)
    assert code == 0
    rows = json.loads(out)
    assert [r["method"] for r in rows] == default_methods()
    for r in rows:
        assert set(r) >= JSON_KEYS and r["total"] == 50
        assert r["solved"] + r["stopped"] + r["unsatisfiable"] == 50
        assert r["unsatisfiable"] == 0  # every sample puzzle has a solution
    by = {r["method"]: r for r in rows}
    assert by["propagate"]["solved"] >= 45  # a few ms each: only a stalled machine stops one


def test_bench_reads_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = "\n".join(SAMPLE.read_text().split()[:2]) + "\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(lines.encode())))
    code, out, _ = run_cli(["bench", "-", "--methods", "mrv", "--json"], capsys)
    assert code == 0
    (row,) = json.loads(out)
    assert (row["set"], row["total"], row["solved"]) == ("stdin", 2, 2)


def test_bench_draws_a_rich_table_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sudograph.cli.cmd_bench.stdout_is_tty", lambda: True)
    monkeypatch.setattr("sudograph.cli.cmd_bench.stderr_is_tty", lambda: True)
    code, out, _ = run_cli(["bench", str(SAMPLE), "--first", "2", "--methods", "mrv"], capsys)
    assert code == 0
    assert "sudograph bench" in out and "mrv" in out and "2/2" in out
