"""``sudograph solve``, ``color`` and ``chromatic`` run in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.grid import Grid

CAPES_M = "2...9.3...19.8..74..84..62.59.621....27...16....574.93.85..97..93..5.84...2.6...1"
CAPES_M_SOLVED = "254796318619382574378415629593621487427938165861574293185249736936157842742863951"
GRAPHS = Path(__file__).parent / "data" / "graphs"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_boxed_grid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", CAPES_M)
    assert code == 0
    assert Grid.parse(out).to_line() == CAPES_M_SOLVED
    assert out.startswith("+-------+")


@pytest.mark.parametrize("fmt", ["line", "boxed", "lists", "json"])
def test_solve_formats(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    code, out, _ = run(capsys, "solve", CAPES_M, "--format", fmt)
    assert code == 0 and Grid.parse(out.strip()).to_line() == CAPES_M_SOLVED


def test_solve_json_and_stats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", CAPES_M, "--method", "naive", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "solved" and doc["solution"] == CAPES_M_SOLVED
    assert (doc["nodes"], doc["backtracks"]) == (157, 114) and doc["seconds"] >= 0
    code, out, _ = run(
        capsys, "solve", CAPES_M, "--order", "static", "--inference", "check", "--stats"
    )
    assert code == 0 and "nodes: 157  backtracks: 114" in out


def test_solve_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "." * 16, "--count", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["count"] == 288 and doc["complete"]
    code, out, _ = run(capsys, "solve", "." * 16, "--count")
    assert out.strip() == "288 solutions"
    code, out, _ = run(capsys, "solve", "." * 16, "--count", "--limit", "5")
    assert out.strip() == "at least 5 solutions"


def test_solve_all(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = "....324.23..41.."  # two solutions (tests/data/regression.txt)
    code, out, _ = run(capsys, "solve", puzzle, "--all", "--format", "line")
    lines = out.split()
    assert code == 0 and len(lines) == 2 and len(set(lines)) == 2
    assert all(Grid.parse(x).is_solution_of(Grid.parse(puzzle)) for x in lines)


@pytest.mark.parametrize(
    ("argv", "code", "status"),
    [
        (["...3.2.1...431.2"], 1, "unsatisfiable"),
        ([CAPES_M, "--method", "naive", "--max-nodes", "10"], 1, "stopped"),
    ],
)
def test_solve_failures(
    capsys: pytest.CaptureFixture[str], argv: list[str], code: int, status: str
) -> None:
    got, out, _ = run(capsys, "solve", *argv, "--json")
    doc = json.loads(out)
    assert got == code and doc["status"] == status and doc["solution"] is None


def test_solve_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "12x")
    assert code == 2 and out == "" and err.startswith("sudograph: error:")
    code, _, err = run(capsys, "solve", "11" + "." * 14)  # clashing clues
    assert code == 2 and "error" in err


def test_solve_trace(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "solve", CAPES_M, "--method", "naive", "--trace", "--trace-steps", "3"
    )
    lines = out.splitlines()
    assert code == 0 and lines[:3] == ["r1c2 = 4", "  r1c3 = 6", "    r1c4 = 1"]
    assert lines[3].endswith("more steps not shown)")


def test_solve_6x6_box(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = "6...5...4..6......36152..42631......"
    code, out, _ = run(capsys, "solve", puzzle, "--box", "2x3", "--format", "line")
    assert code == 0 and out.strip() == "613452254316425163361524542631136245"


def test_solve_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f, out_file = tmp_path / "p.txt", tmp_path / "out.jsonl"
    f.write_text(f"{CAPES_M}\nnot a grid\n{'.' * 80}1\n")
    code = main(["solve", str(f), "--json", "-o", str(out_file)])
    capsys.readouterr()
    docs = [json.loads(x) for x in out_file.read_text().splitlines()]
    assert docs[0]["solution"] == CAPES_M_SOLVED and docs[0]["status"] == "solved"
    assert docs[-1]["status"] == "solved" and len(docs[-1]["solution"]) == 81
    assert code != 0  # a bad line is reported, not fatal, but the exit code says so


def test_solve_file_with_one_grid(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "m.txt"
    f.write_text(Grid.parse(CAPES_M).to_boxed() + "\n")
    code, out, _ = run(capsys, "solve", str(f), "--format", "line")
    assert code == 0 and out.strip() == CAPES_M_SOLVED


def test_color_petersen(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "color", "petersen", "-k", "3", "--method", "naive")
    assert code == 0 and out.strip() == "1 2 1 2 3 2 1 3 3 2"
    code, out, _ = run(capsys, "color", "petersen", "-k", "3", "--method", "naive", "--json")
    doc = json.loads(out)
    assert doc["coloring"] == [1, 2, 1, 2, 3, 2, 1, 3, 3, 2] and doc["status"] == "solved"
    code, out, _ = run(capsys, "color", "petersen", "-k", "2", "--json")
    doc = json.loads(out)
    assert code == 1 and doc["status"] == "unsatisfiable" and doc["coloring"] is None


@pytest.mark.parametrize(("graph", "chi"), [("petersen", 3), ("myciel4", 5), ("games120", 9)])
def test_chromatic(capsys: pytest.CaptureFixture[str], graph: str, chi: int) -> None:
    arg = graph if graph == "petersen" else str(GRAPHS / f"{graph}.col")
    code, out, _ = run(capsys, "chromatic", arg, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["chromatic_number"] == chi and doc["proven"]
    assert max(doc["coloring"]) == chi
    code, out, _ = run(capsys, "chromatic", arg)
    assert out.splitlines()[0] == f"chromatic number: {chi}"


@pytest.mark.parametrize("order", ["sequential", "largest-first", "dsatur"])
def test_color_greedy(capsys: pytest.CaptureFixture[str], order: str) -> None:
    code, out, _ = run(capsys, "color", "petersen", "-k", "4", "--greedy", order, "--json")
    doc = json.loads(out)
    assert code == 0 and len(doc["coloring"]) == 10 and doc["colors"] == len(set(doc["coloring"]))
    code, out, err = run(capsys, "color", "petersen", "-k", "3", "--greedy", "nope")
    assert code == 2 and "nope" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "." * 36, "--box", "2x3", "--count"],
        ["count", "." * 36, "--box", "2x3"],
    ],
)
def test_default_count_runs_on_the_house_kernel(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    """The CLI's options left unset (order, inference, seed, itermax) must not push the
    default count off the compiled kernel (the empty 6×6 took 5 minutes there)."""
    pytest.importorskip("numba")
    from sudograph.engine import houses

    calls = []
    real = houses.count

    def spy(*args: object, **kwargs: object) -> object:
        calls.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(houses, "count", spy)
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert "28200960" in out.replace(",", "")
    assert calls  # and never the Python or twin search: 28 million leaves there take minutes


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["solve", "." * 36, "--box", "2x3", "--count"], "28,200,960 solutions"),
        (["count", "." * 36, "--box", "2x3"], "28,200,960 solutions"),
        (["count", "." * 36, "--box", "2x3", "--limit", "1500"], "at least 1,500 solutions"),
        (["count", "." * 36, "--box", "2x3", "--json"], '"count": 28200960'),
    ],
)
def test_counts_read_alike_in_solve_and_count(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    """``solve --count`` and ``count`` print one number the same way: thousands grouped in
    text (``count`` wrote 28200960 where ``solve --count`` wrote 28,200,960), plain in JSON."""
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert expected in out


@pytest.mark.parametrize(
    ("count", "solutions", "expected"),
    [
        (
            True,
            3,
            ["at least 3 solutions", "stopped (interrupted): the count is a lower bound"],
        ),
        (False, 2, ["stopped (interrupted): 2 solutions found"]),
        (False, 0, ["no solution found: stopped (interrupted)"]),
    ],
)
def test_a_stopped_run_says_what_it_found(
    capsys: pytest.CaptureFixture[str], count: bool, solutions: int, expected: list[str]
) -> None:
    """An interrupted run that found solutions does not also say it found none."""
    import argparse

    from sudograph.cli.cmd_solve import print_result
    from sudograph.problem import Result

    result = Result("stopped", [(1,)] * solutions, reason="interrupted", count=solutions or None)
    args = argparse.Namespace(count=count, format="line", all=False, limit=None, stats=False)
    print_result(result, args)
    lines = capsys.readouterr().out.splitlines()
    assert [x for x in lines if not x.startswith("nodes:")] == expected


def test_output_file_for_a_puzzle_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``-o`` with a puzzle given inline writes what would be printed to the file."""
    out = tmp_path / "out.txt"
    assert main(["solve", "1.3.....2...4..1", "--format", "line", "-o", str(out)]) == 0
    assert capsys.readouterr().out == ""
    assert out.read_text() == "1234341221434321\n"
    assert main(["solve", "1.3.....2...4..1", "-o", str(tmp_path / "no" / "out.txt")]) == 2
    assert "No such file or directory" in capsys.readouterr().err


HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.mark.parametrize(
    ("argv", "work", "calls"),
    [
        # the Python engine first, with a node budget; it is enough here
        ([], None, [("python", 160_000 // 81)]),
        # a budget too small: the Python try stops at its node limit, then the default engine
        ([], 81 * 3, [("python", 3), ("auto", None)]),
        (["--count"], 81 * 3, [("python", 3), ("auto", None)]),
        # an engine, a node or time limit given: as asked, at once
        (["--engine", "python"], None, [("python", None)]),
        (["--engine", "numba"], None, [("numba", None)]),
        (["--max-nodes", "50"], None, [("auto", 50)]),
        (["--timeout", "5"], None, [("auto", None)]),
    ],
)
def test_one_puzzle_tries_the_python_engine_first(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    work: int | None,
    calls: list[tuple[str, int | None]],
) -> None:
    """Starting the compiled kernels costs more than the Python engine needs for nearly every
    puzzle solved alone: the CLI tries Python within a budget, then the engine asked for; the
    answer is the same either way."""
    import importlib

    import sudograph.cli.common as common

    api = importlib.import_module("sudograph.solve")  # the package's `solve` is the function
    pytest.importorskip("numba")
    monkeypatch.delenv("SUDOGRAPH_ENGINE", raising=False)
    if work is not None:
        monkeypatch.setattr(common, "ONE_SHOT_WORK", work)
    seen: list[tuple[str, int | None]] = []
    for name in ("solve", "count"):
        real = getattr(api, name)

        def spy(*a: object, _real: object = real, **kw: object) -> object:
            seen.append((str(kw["engine"]), kw["max_nodes"]))  # type: ignore[arg-type]
            return _real(*a, **kw)  # type: ignore[operator]

        monkeypatch.setattr(api, name, spy)
    assert main(["solve", HARD, "--format", "line", *argv]) == 0
    out = capsys.readouterr().out
    assert seen == calls
    if "--count" in argv:
        assert out == "1 solution\n"
    elif "--max-nodes" not in argv:
        assert (
            out
            == "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n"
        )


@pytest.mark.parametrize(("work", "engines"), [(None, ["python"]), (81 * 3, ["python", "auto"])])
def test_count_of_one_puzzle_tries_the_python_engine_first(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    work: int | None,
    engines: list[str],
) -> None:
    """``sudograph count PUZZLE``: the same first try as ``solve`` (the count unchanged)."""
    import importlib

    import sudograph.cli.common as common

    api = importlib.import_module("sudograph.solve")
    pytest.importorskip("numba")
    monkeypatch.delenv("SUDOGRAPH_ENGINE", raising=False)
    if work is not None:
        monkeypatch.setattr(common, "ONE_SHOT_WORK", work)
    seen: list[str] = []
    real = api.count

    def spy(*a: object, **kw: object) -> object:
        seen.append(str(kw.get("engine", "auto")))
        return real(*a, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(api, "count", spy)
    assert main(["count", HARD]) == 0
    assert capsys.readouterr().out == "1 solution (unique)\n"
    assert seen == engines


@pytest.mark.parametrize("method", ["greedy", "logic", "sat", "fast"])
def test_methods_of_one_engine_are_not_tried_twice(
    monkeypatch: pytest.MonkeyPatch, method: str
) -> None:
    """A method with no Python and compiled engine to choose between runs once, as asked."""
    import argparse

    import sudograph.cli.cmd_solve as cmd
    from sudograph.engine import numba_available

    monkeypatch.delenv("SUDOGRAPH_ENGINE", raising=False)
    args = argparse.Namespace(engine="auto", method=method)
    kwargs = {"max_nodes": None, "timeout": None}
    assert cmd.one_shot_budget(Grid.parse(HARD), args, kwargs, False) is None
    args.method = "propagate"
    expected = 160_000 // 81 if numba_available() else None
    assert cmd.one_shot_budget(Grid.parse(HARD), args, kwargs, False) == expected
