"""Variant options on the command line and the variant file formats."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from conftest import DATA
from sudograph.cli import main
from sudograph.errors import ParseError
from sudograph.formats.variant import (
    format_cages,
    format_variant_json,
    parse_cages,
    read_fpuzzles,
    read_variant_puzzle,
    read_variant_puzzles,
)
from sudograph.grid import Grid
from sudograph.variants import check_solution
from variant_oracle import sat_solutions

EXAMPLES = Path(__file__).parent.parent / "examples" / "variants"


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    return code, out, err


def test_solve_x_inline(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capfd, "solve", "--variant", "x", "--format", "line", "1" + "." * 15)
    assert code == 0
    sol = Grid.parse(out.strip())
    assert check_solution(Grid.parse(out.strip(), variant="x").variant, (2, 2), sol.values) == []


def test_jigsaw_and_killer_from_files(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cages = tmp_path / "cages.txt"
    cages.write_text("# sum cells\n3 r1c1 r1c2\n7 r1c3 r1c4\n")
    regions = DATA / "variants" / "jigsaw4.regions"
    argv = ["--regions", str(regions), "--cages", str(cages), "--format", "line"]
    code, out, _ = run(capfd, "solve", "--all", *argv, "." * 16)
    assert code == 0
    grid = Grid.parse("." * 16)
    variant = read_variant_puzzle(
        "grid: " + "." * 16 + "\nregions:\n" + regions.read_text() + "cages:\n" + cages.read_text()
    ).variant
    lines = [line for line in out.split() if len(line) == 16]
    expected = sat_solutions(Grid(grid.box, grid.values, "", variant).problem, 1000)
    assert sorted(tuple(int(c) for c in line) for line in lines) == sorted(expected)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--variant", "x+snake"], "unknown variant 'snake'"),
        (["--variant", "asterisk"], "variant 'asterisk' needs a 9x9 grid, not 4x4"),
        (["--regions", "aabbaabbccddccd"], "--regions: region map has 15 cells, expected 16"),
        (["--regions", "aaabaabbccddccdd"], "--regions:1:1: region 'a' has 5 cells, expected 4"),
        (["--variant", "killer"], "variant 'killer' needs cages (--cages)"),
    ],
)
def test_bad_variant_options_one_line_exit_2(
    capfd: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capfd, "solve", *argv, "1" + "." * 15)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_bad_cage_file_is_located(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cages = tmp_path / "c.txt"
    cages.write_text("3 r1c1 r1c2\n\n19 r1c3 r1c4\n")
    code, _, err = run(capfd, "solve", "--cages", str(cages), "." * 16)
    assert code == 2
    assert err.strip() == (
        f"sudograph: error: {cages}:3:1: cage 2: sum 19 is impossible for 2 distinct digits "
        "1..4 (3..7)"
    )
    code, _, err = run(capfd, "solve", "--cages", str(cages), "--method", "sat", "." * 16)
    assert code == 2


def test_killer_refuses_methods_that_ignore_cages(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cages = tmp_path / "c.txt"
    cages.write_text("3 r1c1 r1c2\n")
    code, _, err = run(capfd, "solve", "--cages", str(cages), "--method", "greedy", "." * 16)
    assert code == 2 and "does not read killer cages; use one of naive, mrv" in err


def test_check_and_show_read_the_variant(capfd: pytest.CaptureFixture[str]) -> None:
    good = "1234341243212143"
    assert run(capfd, "check", "--variant", "x", good)[0] == 0
    code, out, err = run(capfd, "check", "--variant", "x", "1234341221434321")
    assert code != 0 and "diagonal" in out + err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x r1c1", "k:1:1: expected the cage's sum, got 'x'"),
        ("3 r1c1 r1c9", "k:1:8: bad cell 'r1c9' (expected r1c1..r4c4)"),
        ("3", "k:1:1: a cage needs cells after its sum"),
        ("3 r1c1 r1c2\n4 r1c2 r2c2", "k:2:3: cage 2: cell r1c2 is also in cage 1"),
        ("3 r1c1 r1c2 R1C1", "k:1:13: cage 1: cell R1C1 is twice in this cage"),
        ("9 r1c1 r1c2", "k:1:1: cage 1: sum 9 is impossible for 2 distinct digits 1..4 (3..7)"),
    ],
)
def test_bad_cage_text(text: str, message: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_cages(text, 4, source="k")
    assert str(info.value) == message


def test_formats_round_trip() -> None:
    for path in sorted(EXAMPLES.glob("*.txt")):
        grid = read_variant_puzzle(path.read_text(), source=str(path))
        again = read_variant_puzzle(format_variant_json(grid))
        assert again == grid and again.variant == grid.variant
        if grid.variant is not None and grid.variant.cages:
            assert parse_cages(format_cages(grid.variant.cages, grid.n), grid.n) == (
                grid.variant.cages
            )


def test_examples_are_unique_and_their_solution_checked() -> None:
    paths = sorted(EXAMPLES.glob("*.txt"))
    assert len(paths) >= 9
    for path in paths:
        grid = read_variant_puzzle(path.read_text(), source=str(path))
        sols = sat_solutions(grid.problem, 2)
        assert len(sols) == 1, path
        assert check_solution(grid.variant, grid.box, sols[0]) == [], path


def test_fpuzzles_import() -> None:
    data = json.loads((DATA / "variants" / "fpuzzles_killer_x.json").read_text())
    grid = read_fpuzzles(json.dumps(data))
    assert grid.variant is not None
    assert set(grid.variant.names) == {"x", "anti-knight", "killer"}
    assert grid.variant.cages[0] == ((0, 1), int(data["killercage"][0]["value"]))
    data["thermometer"] = [{"lines": [["R1C1", "R1C2"]]}]
    with pytest.raises(ParseError, match="not supported: thermometer"):
        read_fpuzzles(json.dumps(data))
    with pytest.raises(ParseError, match="a single diagonal"):
        read_fpuzzles(json.dumps({"size": 4, "diagonal+": True, "grid": [[{}] * 4] * 4}))


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.txt")), ids=lambda p: p.stem)
def test_variant_file_as_the_puzzle_argument(path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """``sudograph solve FILE`` reads a variant file whole: its rules, not one grid per line."""
    code, out, err = run(capfd, "solve", "--format", "line", str(path))
    assert code == 0, err
    puzzle = read_variant_puzzle(path.read_text(), source=str(path))
    solution = Grid.parse(out.strip(), box=puzzle.box)
    assert check_solution(puzzle.variant, puzzle.box, solution.values) == []
    assert all(c in (0, s) for c, s in zip(puzzle.values, solution.values, strict=True))


def test_fpuzzles_file_as_the_puzzle_argument(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An f-puzzles file (x + killer, cages summing to the solution's digits) is solved whole."""
    x = read_variant_puzzle((EXAMPLES / "x.txt").read_text())
    (answer,) = sat_solutions(x.problem, 2)
    cages = [(["R1C1", "R1C2"], (0, 1)), (["R9C8", "R9C9", "R8C9"], (79, 80, 71))]
    data = {
        "size": 9,
        "grid": [
            [{"value": v, "given": True} if v else {} for v in x.values[r * 9 : r * 9 + 9]]
            for r in range(9)
        ],
        "diagonal+": True,
        "diagonal-": True,
        "killercage": [
            {"cells": names, "value": str(sum(answer[i] for i in cells))} for names, cells in cages
        ],
    }
    path = tmp_path / "killer_x.json"
    path.write_text(json.dumps(data))
    puzzle = read_fpuzzles(path.read_text())
    code, out, err = run(capfd, "solve", "--format", "line", str(path))
    assert code == 0, err
    solution = Grid.parse(out.strip())
    assert puzzle.variant is not None and len(puzzle.variant.cages) == 2
    assert check_solution(puzzle.variant, puzzle.box, solution.values) == []
    assert solution.values == answer


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("variant: x+nope\nbox: 2x2\ngrid: ................\n", ":1:10:", "nope"),
        # a variant that does not fit the grid: the variant line, not a bare message
        ("# a 4x4\n\ngrid: ................\nvariant: asterisk\n", ":4:10:", "needs a 9x9 grid"),
        ("variant:  centre-dot\ngrid: ................\n", ":1:11:", "odd sides"),
    ],
)
def test_bad_variant_file_is_located(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, text: str, where: str, message: str
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(text)
    code, _, err = run(capfd, "solve", str(bad))
    assert code == 2
    errors = [line for line in err.splitlines() if "error" in line]
    assert len(errors) == 1 and f"{bad}{where}" in errors[0] and message in errors[0], err


@pytest.mark.parametrize(
    ("argv", "box"),
    [
        (["--variant", "x", "--size", "4"], (2, 2)),
        (["--variant", "anti-king", "--box", "2x3"], (2, 3)),
        (["--variant", "killer", "--size", "4"], (2, 2)),
        (["--variant", "windoku", "--size", "9", "--symmetry", "central"], (3, 3)),
        (["--regions", str(DATA / "variants" / "jigsaw6.regions"), "--box", "2x3"], (2, 3)),
    ],
)
@pytest.mark.parametrize("as_json", [False, True])
def test_generate_variant_round_trip(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    box: tuple[int, int],
    as_json: bool,
) -> None:
    """``generate --variant`` writes puzzles that ``solve FILE`` reads back, each unique under
    its own rules (CaDiCaL counts), minimal by construction, solved by the CLI."""
    out = tmp_path / ("p.jsonl" if as_json else "p.txt")
    flags = ["--json"] if as_json else []
    code, _, err = run(
        capfd, "generate", *argv, "--count", "3", "--seed", "7", "-o", str(out), *flags
    )
    assert code == 0, err
    puzzles = list(read_variant_puzzles(out.read_text(), source=str(out)))
    first = 1 if as_json else 3  # an object's first line; a text puzzle's grid: line
    assert [no for no, _ in puzzles][:1] == [first] and len(puzzles) == 3
    for _, puzzle in puzzles:
        assert isinstance(puzzle, Grid) and puzzle.box == box and puzzle.variant is not None
        assert len(sat_solutions(puzzle.problem, 2)) == 1
    code, solved, err = run(capfd, "solve", str(out))
    assert code == 0, err
    for (_, puzzle), line in zip(puzzles, solved.split(), strict=True):
        assert isinstance(puzzle, Grid)
        values = Grid.parse(line, box=box).values
        assert check_solution(puzzle.variant, box, values) == []
        assert all(c in (0, v) for c, v in zip(puzzle.values, values, strict=True))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--variant", "x+nope"], "unknown variant 'nope'"),
        (["--variant", "jigsaw"], "needs a region map (--regions)"),
        (["--variant", "x", "--clues", "30"], "does not take --clues"),
        (["--variant", "x", "--resume", "--seed", "1", "-o", "f"], "does not take --resume"),
        (["--variant", "killer", "--timeout", "0"], "--timeout: must be > 0, got 0"),
    ],
)
def test_generate_variant_refusals(
    capfd: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capfd, "generate", *argv)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_a_bad_puzzle_of_a_variant_file_is_skipped(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = (EXAMPLES / "x_6x6.txt").read_text().strip()
    path = tmp_path / "three.txt"
    path.write_text(f"{good}\n\nvariant: x\nbox: 2x3\ngrid: 12\n\n{good}\n")
    code, out, err = run(capfd, "solve", str(path))
    assert code == 2  # a bad puzzle: exit 2, the others solved
    rows = out.splitlines()
    assert len(rows) == 3 and rows[0] == rows[2] and len(rows[0]) == 36
    bad_line = len(good.splitlines()) + 4  # its grid: line, in the whole file
    where = f"{path}:{bad_line}:7: grid: "
    assert rows[1].startswith(f"error: {where}")
    assert err.splitlines()[0].startswith(f"sudograph: error: {where}")
    assert "3 puzzles: 2 solved, 0 unsatisfiable, 0 stopped, 1 error (1 bad line)" in err


def test_a_variant_file_puzzle_with_clashing_clues_is_skipped(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A clash found when the puzzle is solved is that puzzle's error, not the run's end."""
    one = "variant: x\nbox: 2x2\ngrid: {}\n"
    path = tmp_path / "three.txt"
    path.write_text(
        one.format("1" + "." * 15) + one.format("11" + "." * 14) + one.format("1" + "." * 15)
    )
    code, out, _err = run(capfd, "solve", str(path), "--json")
    assert code == 2
    docs = [json.loads(row) for row in out.splitlines()]
    assert [d["line"] for d in docs] == [3, 6, 9]
    assert [d["status"] for d in docs] == ["solved", "error", "solved"]
    assert docs[1]["error"].startswith(f"{path}:6: clashing clues: row 1: 1 at r1c1, r1c2")


@pytest.mark.parametrize("method", ["greedy", "greedy-mrv-random"])
def test_methods_blind_to_cage_sums_refuse_killers(
    capfd: pytest.CaptureFixture[str], method: str
) -> None:
    code, out, err = run(capfd, "solve", "--method", method, str(EXAMPLES / "killer_4x4.txt"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "does not read killer cages" in err and "logic" in err


@pytest.mark.parametrize("method", ["naive", "dsatur", "propagate", "fast", "logic", "sat"])
@pytest.mark.parametrize("name", ["x_6x6", "jigsaw_6x6", "killer_4x4", "killer"])
def test_every_method_that_applies_solves_variant_files(
    capfd: pytest.CaptureFixture[str], method: str, name: str
) -> None:
    path = EXAMPLES / f"{name}.txt"
    puzzle = read_variant_puzzle(path.read_text())
    code, out, err = run(capfd, "solve", "--method", method, "--format", "line", str(path))
    assert code == 0, err
    values = Grid.parse(out.strip(), box=puzzle.box).values
    assert check_solution(puzzle.variant, puzzle.box, values) == []
    assert all(c in (0, v) for c, v in zip(puzzle.values, values, strict=True))


def test_api_refuses_what_cannot_read_cages_and_solves_the_rest() -> None:
    from sudograph.errors import InvalidArgument
    from sudograph.solve import count, solve

    killer = read_variant_puzzle((EXAMPLES / "killer_4x4.txt").read_text())
    for method, engine in [("greedy", "auto"), ("naive", "numba")]:
        with pytest.raises(InvalidArgument, match="killer cages"):
            solve(killer, method, engine=engine)
    with pytest.raises(InvalidArgument, match="killer cages"):
        count(killer, "naive", engine="numba")
    sat = ("sat",) if importlib.util.find_spec("pysat") else ()
    for method in ("naive", "propagate", "logic", "fast", *sat):
        r = solve(killer, method)
        assert r.status == "solved" and len(r.solutions) == 1
        assert check_solution(killer.variant, killer.box, r.solutions[0]) == []
    assert count(killer, "naive").count == 1


@pytest.mark.parametrize(
    ("name", "houses"),
    [
        ("x", "houses: 29 (rows, columns, boxes; 2 from x)"),
        ("windoku", "houses: 31 (rows, columns, boxes; 4 from windoku)"),
        ("jigsaw", "houses: 27 (rows, columns, regions)"),
        ("anti-knight", "houses: 27 (rows, columns, boxes)"),
        ("x_anti-king", "houses: 29 (rows, columns, boxes; 2 from x)"),
        ("killer_4x4", "houses: 12 (rows, columns, boxes)\ncages: 5"),
    ],
)
def test_info_names_the_houses_of_the_variant(
    capfd: pytest.CaptureFixture[str], name: str, houses: str
) -> None:
    code, out, _ = run(capfd, "info", str(EXAMPLES / f"{name}.txt"))
    assert code == 0 and houses in out


@pytest.mark.parametrize(
    ("extra", "code", "message"),
    [
        ('"thermometer": [{"lines": [["R1C1", "R1C2"]]}]', 2, "not supported: thermometer"),
        ('"antiking": true', 1, "line 1: 0 solutions"),  # 4x4 anti-king: none (brute force)
        ('"diagonal+": true, "diagonal-": true', 0, "line 1: 48 solutions"),  # brute force
    ],
)
def test_an_fpuzzles_file_without_givens_is_still_fpuzzles(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, extra: str, code: int, message: str
) -> None:
    """An empty f-puzzles grid (cells ``{}``, no ``value`` anywhere) is told by its rows of
    cell objects and its size, not read as a plain JSON grid."""
    path = tmp_path / "f.json"
    path.write_text(
        '{"size": 4, "grid": [' + ", ".join(["[{}, {}, {}, {}]"] * 4) + "], " + extra + "}"
    )
    got, out, err = run(capfd, "count", str(path))
    assert got == code and message in out + err
