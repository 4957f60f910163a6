"""Small faults a QA pass of 2026-11-26 (evening) found, each pinned."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudograph.cli import main

ROOT = Path(__file__).resolve().parent.parent
KILLER = ROOT / "examples" / "variants" / "killer_4x4.txt"


@pytest.mark.parametrize(
    ("argv", "advice"),
    [
        (["solve", "--engine", "numba", "--count", str(KILLER)], "count on engine 'python'"),
        (["solve", "--engine", "numba", str(KILLER)], "run method propagate on engine 'python'"),
    ],
)
def test_the_twin_refuses_cages_with_whole_advice(
    argv: list[str], advice: str, capfd: pytest.CaptureFixture[str]
) -> None:
    """The count's refusal read "use on engine 'python' or 'auto'" (no verb's object)."""
    pytest.importorskip("numba")
    assert main(argv) == 2
    err = capfd.readouterr().err
    assert f"the compiled twin does not read killer cages: {advice} or 'auto'" in err
    assert "use on engine" not in err


def gzip_file(path: Path, text: str) -> Path:
    import gzip

    path.write_bytes(gzip.compress(text.encode()))
    return path


P9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.mark.parametrize(
    "command",
    [
        ["info", "{col}"],
        ["color", "{col}", "-k", "3"],
        ["chromatic", "{col}"],
        ["solve", "{txt}"],
        ["solve", "{txt}", "-o", "{out}"],
        ["solve", "{txt}", "--count", "-o", "{out}"],
        ["count", "{txt}", "-o", "{out}"],
        ["check", "{txt}"],
        ["show", "{txt}"],
        ["rate", "{txt}"],
        ["info", "{txt}"],
    ],
    ids=lambda c: "-".join(x.strip("{}") for x in c),
)
def test_a_compressed_file_is_one_error_line(
    command: list[str], tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """A gzip file gave one 'binary data (NUL byte)' error a line (two for a small DIMACS
    file under info), and never said it was compressed."""
    col = gzip_file(tmp_path / "g.col.gz", "p edge 3 2\ne 1 2\ne 2 3\n")
    txt = gzip_file(tmp_path / "p.txt.gz", f"{P9}\n" * 40)
    out = tmp_path / "out.txt"
    out.write_text("kept\n")
    argv = [a.format(col=col, txt=txt, out=out) for a in command]
    assert main(argv) == 2
    err = capfd.readouterr().err
    lines = [line for line in err.splitlines() if line.startswith("sudograph: error:")]
    assert len(lines) == 1
    assert lines[0].endswith(":1:1: gzip-compressed data: decompress the file first")
    assert out.read_text() == "kept\n"  # OUT untouched: the whole file refused


JIGSAW6 = "aabbbbaaaabbcccdddceedddceeeffceffff"
J6 = "..5...6...3........1...3..3....4..1."
J6_SOLUTION = "435126621534364251512463153642246315"


@pytest.mark.parametrize("command", ["solve", "count", "check", "rate", "hint", "info"])
def test_an_inline_jigsaw_needs_no_box(command: str, capfd: pytest.CaptureFixture[str]) -> None:
    """A 36-cell puzzle with --regions said "side 6 is not a square: give the box shape",
    although its regions replace the boxes (files with their own map did not need it)."""
    assert main([command, "--regions", JIGSAW6, J6]) == 0
    out, err = capfd.readouterr()
    assert out.strip()
    assert "not a square" not in err
    if command == "solve":
        assert main([command, "--regions", JIGSAW6, J6, "--format", "line"]) == 0
        assert capfd.readouterr().out.strip() == J6_SOLUTION


def test_a_jigsaw_file_of_lines_needs_no_box(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "j.txt"
    src.write_text(f"{J6}\n{J6}\n")
    assert main(["solve", "--regions", JIGSAW6, str(src)]) == 0
    assert capfd.readouterr().out.split() == [J6_SOLUTION, J6_SOLUTION]


@pytest.mark.parametrize("method", ["logic", "greedy"])
def test_a_count_by_an_incomplete_method_is_refused_once(
    method: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """``solve --count --method logic FILE`` wrote one error row a puzzle (37 errors on a
    file of 37), where the inline puzzle was refused once: an option conflict."""
    src = tmp_path / "two.txt"
    src.write_text("1...3.......2...\n..2....3.1..4..1\n")
    out = tmp_path / "out.txt"
    assert main(["solve", "--count", "--method", method, str(src), "-o", str(out)]) == 2
    stdout, err = capfd.readouterr()
    assert stdout == ""
    assert err.count("sudograph: error:") == 1
    assert f"method '{method}' does not explore every possibility" in err
    assert not out.exists()


@pytest.mark.alone
@pytest.mark.parametrize("method", ["naive", "propagate"])
def test_the_compiled_twin_stops_at_its_timeout_among_many_solutions(method: str) -> None:
    """Every slice of a search with solutions everywhere ended on a full buffer, which went
    on at once without reading the clock: solve(Grid.empty(3), limit=None, timeout=1) ran
    for minutes, its memory growing."""
    pytest.importorskip("numba")
    import importlib
    import time

    from sudograph import Grid

    solve = importlib.import_module("sudograph.solve").solve
    solve(Grid.empty(2), method, engine="numba")  # the twin loaded
    start = time.perf_counter()
    r = solve(Grid.empty(3), method, engine="numba", limit=None, timeout=0.3)
    search = r.stats.seconds
    assert r.reason == "time limit" and r.status == "solved"
    assert search < 2.0, search  # the search's own time (the solutions' checks come after)
    assert time.perf_counter() - start < 60


def test_the_twin_takes_a_limit_beyond_its_counters() -> None:
    """solve(..., limit=10**30, engine="numba") sized its store by the limit (numpy's
    'Maximum allowed dimension exceeded')."""
    pytest.importorskip("numba")
    import importlib

    from sudograph import Grid

    solve = importlib.import_module("sudograph.solve").solve
    r = solve(Grid.empty(2), "naive", engine="numba", limit=10**30)
    assert r.status == "solved" and r.complete and len(r.solutions) == 288


@pytest.mark.parametrize("method", ["naive", "propagate", "fast", "sat", "logic", "greedy"])
def test_a_result_is_a_json_document(method: str) -> None:
    """Stats, Rating and Step had as_dict, Result none; Stats.as_dict left out the engine."""
    import importlib
    import json

    from sudograph import Grid
    from sudograph.problem import is_solution

    if method == "sat":
        pytest.importorskip("pysat")
    solve = importlib.import_module("sudograph.solve").solve
    grid = Grid.parse("..2....3.1..4..1")
    r = solve(grid, method, **({"seed": 1} if method == "greedy" else {}))
    doc = json.loads(json.dumps(r.as_dict()))
    assert doc["status"] == r.status and doc["method"] == r.method
    assert set(doc["stats"]) == {
        "nodes", "backtracks", "deductions", "attempts", "max_depth", "seconds", "engine"
    }  # fmt: skip
    assert all(doc["stats"][name] is None for name in r.uncounted)
    for colours in doc["solutions"]:
        assert is_solution(grid.problem, tuple(colours))
    assert len(doc["solutions"]) == len(r.solutions) >= (r.status == "solved")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"limit": 2.5}, "limit 2.5 is not a whole number"),
        ({"limit": True}, "limit True is not a whole number"),
        ({"workers": "2"}, "workers '2' is not a whole number"),
        ({"chunk_size": 1.5}, "chunk_size 1.5 is not a whole number"),
        ({"max_nodes": -1}, "max_nodes must be >= 0, got -1"),
        ({"workers": 0}, "workers must be >= 1, got 0"),
    ],
)
def test_solve_many_checks_its_arguments_at_the_call(kwargs: dict, message: str) -> None:
    """solve_many read limit=2.5 as 3 and True as 1, named max_nodes 'max_guesses', and
    checked nothing before the first row was asked for (a generator)."""
    from sudograph.batch import solve_many
    from sudograph.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match=message.replace("(", r"\(")):
        solve_many(["." * 81], **kwargs)  # no next(): the call itself


def test_solve_many_refuses_no_puzzles() -> None:
    from sudograph.batch import solve_many
    from sudograph.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="puzzles must be an iterable"):
        solve_many(None)  # type: ignore[arg-type]
