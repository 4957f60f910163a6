"""``solve`` on one puzzle says whose books its counters are (``engine``), what a randomized
method counts (``attempts``) and how to replay it (``seed``), and a trace caps the work it
costs, not only the lines it shows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sudograph import Grid, solve
from sudograph.cli import main
from sudograph.cli.cmd_solve import TRACE_GRACE

NORVIG = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
ULTRA = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
EASY = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_json_names_the_engine_whose_counters_they_are(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("numba")
    monkeypatch.delenv("SUDOGRAPH_ENGINE", raising=False)
    _, out, _ = run(capsys, "solve", NORVIG, "--json")
    doc = json.loads(out)  # no limit: the reference search first, the method's own figures
    own = solve(Grid.parse(NORVIG), "propagate", engine="python").stats
    assert (doc["engine"], doc["nodes"], doc["backtracks"]) == (None, own.nodes, own.backtracks)
    _, out, _ = run(capsys, "solve", NORVIG, "--json", "--timeout", "30")
    doc = json.loads(out)  # a limit: straight to the kernel, whose nodes are its guesses
    assert doc["engine"] == "fast9" and doc["backtracks"] is None
    _, out, _ = run(capsys, "solve", NORVIG, "--json", "--timeout", "30", "--engine", "python")
    assert json.loads(out)["engine"] is None and json.loads(out)["nodes"] == own.nodes


@pytest.mark.parametrize("method", ["greedy", "greedy-mrv", "greedy-mrv-most"])
def test_a_randomized_method_reports_its_attempts_and_seed_to_replay_it(
    capsys: pytest.CaptureFixture[str], method: str
) -> None:
    puzzle = "." + EASY[1:40] + "." * 4 + EASY[44:]
    _, out, _ = run(capsys, "solve", puzzle, "-m", method, "--json")
    doc = json.loads(out)
    assert doc["attempts"] >= 1 and isinstance(doc["seed"], int)
    _, again, _ = run(capsys, "solve", puzzle, "-m", method, "--json", "--seed", str(doc["seed"]))
    replay = json.loads(again)
    assert (replay["attempts"], replay["seed"], replay["solution"]) == (
        doc["attempts"],
        doc["seed"],
        doc["solution"],
    )
    _, text, _ = run(capsys, "solve", puzzle, "-m", method, "--stats", "--seed", "7")
    last = text.strip().splitlines()[-1]
    assert last.startswith("attempts: ") and "  seed: 7  time: " in last


def test_a_search_method_reports_no_attempts(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", NORVIG, "-m", "naive", "--json")
    assert "attempts" not in json.loads(out) and "seed" not in json.loads(out)


def test_a_long_traced_search_goes_on_untraced_with_the_same_figures(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("numba")
    monkeypatch.delenv("SUDOGRAPH_ENGINE", raising=False)
    code, out, _ = run(capsys, "solve", ULTRA, "-m", "mrv", "--trace", "--json")
    doc = json.loads(out)
    reference = solve(Grid.parse(ULTRA), "mrv", engine="python")
    assert code == 0 and doc["solution"] == reference.grid.to_line()  # type: ignore[union-attr]
    assert (doc["nodes"], doc["backtracks"]) == (reference.stats.nodes, reference.stats.backtracks)
    assert len(doc["trace"]) == 201  # 200 steps shown, then the line that says what follows
    assert doc["trace"][-1] == (
        f"(at least {TRACE_GRACE} more steps not shown: the search went on untraced)"
    )


def test_the_reference_engine_named_traces_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    """``--engine python`` is the reference search asked for: every step counted, none
    handed on."""
    code, out, _ = run(
        capsys, "solve", ULTRA, "-m", "mrv", "--trace", "--json", "--engine", "python"
    )
    doc = json.loads(out)
    last = re.fullmatch(r"\((\d+) more steps not shown\)", doc["trace"][-1])
    assert code == 0 and last is not None and int(last[1]) > TRACE_GRACE  # counted, every one


def test_a_killer_traced_on_is_not_handed_to_the_twin(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The twin reads no cages: a killer's traced search goes on on the reference engine, to
    its own bound (it was handed on, and refused: exit 2). The grace made small: its bound
    is past it (60,000 nodes of 50,000 took 21 s)."""
    from sudograph.cli import cmd_solve

    monkeypatch.setattr(cmd_solve, "TRACE_GRACE", 500)
    cages = tmp_path / "c.txt"
    cages.write_text("3 r1c1 r1c2\n")
    argv = ["solve", "." * 81, "--variant", "killer", "--cages", str(cages), "--count"]
    code, out, err = run(capsys, *argv, "--max-nodes", "2000", "--trace", "--trace-steps", "3")
    assert code == 1 and err == ""
    assert re.search(r"^\(\d+ more steps not shown\)$", out, re.M)
    assert "stopped (node limit): the count is a lower bound" in out
