"""Variant input faults found by exploratory testing (2026-11-26): each is one clear line and
exit 2 (or exit 1 from ``check``), never a silent wrong reading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.errors import InvalidPuzzle
from sudograph.grid import Grid
from sudograph.variants import Variant

EMPTY4 = "." * 16


def run(argv: list[str], capfd: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capfd.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("values", "cages", "reached", "cells"),
    [
        # 1 + 2 leave 6 for the last cell of a 4x4 cage of sum 9: out of reach
        ("12" + "." * 14, (((0, 1, 4), 9),), 3, (0, 1)),
        # 4 + 3 leave 0 for r1c3 (sum 7)
        ("43" + "." * 14, (((0, 1, 2), 7),), 7, (0, 1)),
        # a full cage missing its sum
        ("12" + "." * 14, (((0, 1), 4),), 3, (0, 1)),
        # overflow
        ("4" + "." * 15, (((0, 1), 3),), 4, (0,)),
    ],
)
def test_cage_out_of_reach_is_a_conflict(
    values: str,
    cages: tuple[tuple[tuple[int, ...], int], ...],
    reached: int,
    cells: tuple[int, ...],
) -> None:
    grid = Grid.parse(values, variant=Variant((), None, cages))
    (conflict,) = grid.conflicts()
    assert conflict.house == f"cage 1 (sum {cages[0][1]} out of reach)"
    assert (conflict.value, conflict.cells) == (reached, cells)
    with pytest.raises(InvalidPuzzle, match=r"clashing clues: cage 1 \(sum \d+ out of reach\)"):
        grid.problem  # noqa: B018 - raises


@pytest.mark.parametrize(
    ("values", "cages"),
    [
        ("12" + "." * 14, (((0, 1, 4), 7),)),  # 1 + 2 + 4
        ("1" + "." * 15, (((0, 1, 4), 6),)),  # 1 + 2 + 3 or 1 + ... reachable
        ("." * 16, (((0, 1), 7),)),
    ],
)
def test_cage_within_reach_is_no_conflict(
    values: str, cages: tuple[tuple[tuple[int, ...], int], ...]
) -> None:
    grid = Grid.parse(values, variant=Variant((), None, cages))
    assert grid.conflicts() == []
    grid.problem  # noqa: B018 - does not raise


@pytest.mark.parametrize("command", ["solve", "hint", "count", "check"])
def test_cli_cage_out_of_reach(
    command: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    cages = tmp_path / "c.txt"
    cages.write_text("9 r1c1 r1c2 r2c1\n")
    code, out, err = run([command, "--cages", str(cages), "12" + "." * 14], capfd)
    assert code == (1 if command == "check" else 2)
    assert "cage 1 (sum 9 out of reach): clues total 3 at r1c1, r1c2" in out + err
    assert "Traceback" not in err


def test_json_unknown_key_is_refused(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.json"
    path.write_text('{"grid": "' + EMPTY4 + '", "cage": [{"sum": 3, "cells": ["r1c1", "r1c2"]}]}')
    code, out, err = run(["count", str(path)], capfd)
    assert code == 2 and out.startswith(
        f"line 1: error: {path}:1:30: unknown key 'cage'"
    )  # its row
    assert "unknown key 'cage'" in err and "cages" in err


def test_windoku_names_the_box(capfd: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["count", "--variant", "windoku", "--box", "2x3", "." * 36], capfd)
    assert code == 2
    assert "needs square boxes of side >= 2, not 2x3" in err


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("nosuchfile.txt", "--regions: no such file: 'nosuchfile.txt'"),
        ("maps/none", "--regions: no such file: 'maps/none'"),
        ("aabbaabbccddccd", "--regions: region map has 15 cells, expected 16"),
    ],
)
def test_regions_misspelt_file(value: str, message: str, capfd: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["solve", "--regions", value, EMPTY4], capfd)
    assert code == 2 and message in err


@pytest.mark.parametrize(
    "argv",
    [
        ["draw", "--variant", "x", "sudoku:2x2", "--png", "{out}.png"],
        ["draw", "--regions", "zzzz", "petersen", "--svg", "{out}.svg"],
        ["visualize", "--variant", "asterisk", "sudoku:2x2", "-o", "{out}.html"],
    ],
)
def test_variant_options_on_a_graph_are_refused(
    argv: list[str], tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    argv = [a.format(out=tmp_path / "pic") for a in argv]
    code, _, err = run(argv, capfd)
    assert code == 2
    assert "to a PUZZLE, not to the graph" in err
    assert not list(tmp_path.iterdir())  # nothing written


def test_each_puzzle_numbered_at_its_grid_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two.txt"
    path.write_text(
        "# a comment\n\nvariant: x\nbox: 2x2\ngrid: 11" + "." * 14 + "\n\n"
        "variant: x\nbox: 2x2\ngrid: 1" + "." * 15 + "\n"
    )
    code, out, err = run(["count", str(path)], capfd)
    assert code == 2
    assert f"{path}:5: clashing clues" in err
    rows = out.splitlines()
    assert rows[0].startswith(f"line 5: error: {path}:5: clashing clues") and len(rows) == 2
    assert rows[1].startswith("line 9: ")


@pytest.mark.parametrize("stdin", [False, True])
def test_solve_one_puzzle_file_says_where_clues_clash(
    stdin: bool, tmp_path: Path, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    text = "# c\nvariant: x\nbox: 2x2\ngrid: 1....1" + "." * 10 + "\n"
    path = tmp_path / "clash.txt"
    path.write_text(text)
    if stdin:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, _, err = run(["solve", "-" if stdin else str(path)], capfd)
    assert code == 2
    where = "<stdin>" if stdin else str(path)
    assert f"{where}:4: clashing clues: box 1: 1 at r1c1, r2c2" in err  # the grid: line


def test_fpuzzles_cage_bad_cell(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    empty = "[" + ",".join(["[{},{},{},{}]"] * 4) + "]"
    path = tmp_path / "f.json"
    path.write_text(
        '{"size": 4, "grid": ' + empty + ', "killercage": [{"cells": ["R1C1", "R9C2"], '
        '"value": 3}]}'
    )
    code, _, err = run(["solve", str(path)], capfd)
    assert code == 2
    assert "killer cage 1: bad cell 'R9C2' (expected R1C1..R4C4)" in err


def test_bench_takes_a_variant_file(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """bench refused variant files; it benches them now (tests/test_bench_variants.py), and a
    bad one is still one located line."""
    path = tmp_path / "x.txt"
    path.write_text("variant: x\nbox: 2x2\ngrid: 1" + "." * 15 + "\n")
    code, out, err = run(["bench", str(path), "--methods", "propagate", "--json"], capfd)
    assert code == 0, err
    assert json.loads(out)[0]["solved"] == 1
    path.write_text("variant: x\nbox: 2x2\ngrid: 1....1" + "." * 10 + "\n")
    code, out, err = run(["bench", str(path), "--methods", "propagate"], capfd)
    assert code == 2 and "clashing clues" in err and str(path) in err


def test_a_key_given_twice(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "d.txt"
    path.write_text("variant: x\nbox: 2x2\ngrid: 2" + "." * 15 + "\ngrid: 1" + "." * 15 + "\n")
    code, out, err = run(["solve", str(path)], capfd)
    assert code == 2 and out == ""
    assert f"{path}:4:1: 'grid:' given twice (first on line 3)" in err


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--variant", ""], "--variant is empty"),
        (["--regions", " "], "--regions is empty"),
        (["--cages", "{empty}"], "--cages: the file holds no cage"),
    ],
)
def test_empty_variant_options(
    option: list[str], message: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("# no cage\n")
    option = [o.format(empty=empty) for o in option]
    code, out, err = run(["solve", *option, EMPTY4], capfd)
    assert code == 2 and out == ""
    assert message in err


def clock_late_after(monkeypatch: pytest.MonkeyPatch, removals: int) -> None:
    """The generator's clock jumps past any deadline once ``removals`` clue removals were
    tried: the removal is cut short, some clues gone (by chance with a real tiny timeout)."""
    import importlib
    from types import SimpleNamespace

    gen = importlib.import_module("sudograph.generate")
    real, tried = gen._without, [0]

    def without(*args: object) -> object:
        tried[0] += 1
        return real(*args)

    monkeypatch.setattr(gen, "_without", without)
    clock = SimpleNamespace(perf_counter=lambda: 1e9 if tried[0] >= removals else 0.0)
    monkeypatch.setattr(gen, "time", clock)


def test_generate_variant_timeout_is_best_effort(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudograph.errors import SudographError
    from sudograph.generate import generate_variant, is_minimal
    from sudograph.solve import is_unique

    # a long time limit changes nothing
    assert generate_variant("x", 3, seed=1, timeout=600) == generate_variant("x", 3, seed=1)
    # one that is up before the removal begins: no puzzle (the full grid was returned), as
    # generate() says
    with pytest.raises(SudographError) as caught:
        generate_variant("anti-knight", 3, seed=0, timeout=1e-9)
    assert str(caught.value) == (
        "no puzzle found within 1e-09 s, 1 try: 9x9 anti-knight (the time was up before a "
        "clue of the full 9x9 grid could go): try a longer timeout (timeout=, or --timeout)"
    )
    # one that is up during the removal: the puzzle so far, unique, maybe not minimal
    clock_late_after(monkeypatch, 5)
    cut = generate_variant("anti-knight", 3, seed=0, timeout=600)
    assert 0 < cut.values.count(0) < 5 and is_unique(cut) and not is_minimal(cut)
    assert cut.variant is not None and cut.variant.spec == "anti-knight"


@pytest.mark.parametrize(
    ("timeout", "late_after", "cut"),
    [(None, None, False), (600.0, None, False), (600.0, 5, True)],
)
def test_variant_puzzle_tells_when_the_removal_was_cut(
    timeout: float | None, late_after: int | None, cut: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The flag behind the CLI's "cut its clue removal short" line comes from the removal
    (cut before any clue went, it is an error: see the test above)."""
    from sudograph.generate import generate_variant, is_minimal, variant_puzzle

    if late_after is not None:
        clock_late_after(monkeypatch, late_after)
    puzzle, was_cut = variant_puzzle("x", 3, None, None, 1, timeout)
    assert was_cut is cut and is_minimal(puzzle) is not cut and 0 in puzzle.values
    if not cut:
        assert puzzle == generate_variant("x", 3, seed=1)


@pytest.mark.parametrize("bad", ["0", "-1"])
def test_generate_variant_timeout_must_be_positive(
    bad: str, capfd: pytest.CaptureFixture[str]
) -> None:
    from sudograph.errors import InvalidArgument
    from sudograph.generate import generate_variant

    with pytest.raises(InvalidArgument, match="timeout must be > 0"):
        generate_variant("x", 2, seed=1, timeout=float(bad))
    code, out, err = run(["generate", "--variant", "x", "--size", "4", "--timeout", bad], capfd)
    assert code == 2 and out == ""  # refused by argparse, naming the option
    assert (
        err.splitlines()[-1]
        == f"sudograph: error: --timeout: must be > 0, got {bad} (see sudograph generate --help)"
    )


def test_cli_generate_variant_timeout_says_when_cut(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["generate", "--variant", "anti-knight", "--size", "16", "--seed", "1"]
    # up before a clue could go (0.05 s: by chance, the first fill of a process took longer):
    # no puzzle, as for a classic one, not the full grid flagged as cut
    code, out, err = run([*argv, "--timeout", "1e-9", "--json"], capfd)
    assert code == 2 and out == ""
    assert "no puzzle found within 1e-09 s, 1 try: 16x16 anti-knight (the time was up" in err
    code, _, err = run(["generate", "--variant", "x", "--size", "4", "--timeout", "60"], capfd)
    assert code == 0 and "cut" not in err
    clock_late_after(monkeypatch, 5)  # up during the removal: the clock, not the machine
    code, out, err = run([*argv, "--timeout", "60", "--json"], capfd)
    assert code == 0 and '"variant": "anti-knight"' in out
    assert "puzzle 1: the time limit (60 s) cut its clue removal short" in err


@pytest.mark.parametrize(
    ("timeout", "late_after", "cut"),
    [(None, None, False), (600.0, None, False), (600.0, 5, True)],
)
def test_classic_puzzle_tells_when_the_removal_was_cut(
    timeout: float | None, late_after: int | None, cut: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A classic best-effort puzzle says it was cut as a variant does (it said nothing)."""
    from sudograph.generate import classic_puzzle, generate, is_minimal
    from sudograph.solve import is_unique

    if late_after is not None:
        clock_late_after(monkeypatch, late_after)
    puzzle, was_cut = classic_puzzle(3, None, None, False, None, 1, timeout)
    assert was_cut is cut and 0 in puzzle.values
    if not cut:
        assert puzzle == generate(3, seed=1) and is_minimal(puzzle)
    monkeypatch.undo()
    assert is_unique(puzzle) and is_minimal(puzzle) is not cut


def test_cli_generate_classic_timeout_says_when_cut(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    argv = ["generate", "--size", "9", "--seed", "1", "--timeout", "60"]
    code, out, err = run(argv, capfd)
    assert code == 0 and "cut" not in err
    for extra in ([], ["--json"], ["-o", str(tmp_path / "out.txt")]):
        clock_late_after(monkeypatch, 5)  # a fresh clock each run: its deadline before the jump
        code, out, err = run([*argv, *extra], capfd)
        assert code == 0 and (out.count(".") > 40) is not bool(extra[:1] == ["-o"])
        assert "sudograph: puzzle 1: the time limit (60 s) cut its clue removal short" in err


def test_the_settling_says_whether_the_clock_cut_it() -> None:
    """The flag comes from the settling's own questions (it was 'the clock is past the
    deadline after it', which flagged a settling whose last question had finished)."""
    import importlib

    gen = importlib.import_module("sudograph.generate")
    solution = gen.full_grid(2, seed=1)
    puzzle = list(solution.values)
    orbits = [(v,) for v in range(16)]
    whole, cut = gen._settle(solution, puzzle, orbits, None)
    assert cut is False and whole.count(0) > 0
    assert gen._settle(solution, puzzle, [], 0.0) == (puzzle, False)  # no question: not cut
    late, cut = gen._settle(solution, puzzle, orbits, 0.0)  # every question past the deadline
    assert cut is True and late == puzzle
