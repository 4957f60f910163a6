"""``sudograph bench`` on variant puzzles (issue 15: the variant options on every command): a
file in a variant format, or plain grids with ``--variant``/``--regions``/``--cages``, is
benched as any set; with killer cages the methods that do not read them are left out of the
defaults (said) and refused when named.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.cli.common import read_variant_file
from sudograph.variants import check_solution

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples" / "variants"


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "name",
    ["x", "windoku", "disjoint", "centre-dot", "asterisk", "anti-knight", "anti-king", "jigsaw",
     "killer", "x_anti-king", "jigsaw_6x6", "killer_4x4", "x_6x6"],
)  # fmt: skip
def test_a_variant_file_is_benched(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / f"{name}.txt")
    argv = ["bench", path, "--methods", "propagate,dsatur", "--limit-seconds", "5", "--json"]
    code, out, err = run_cli(argv, capsys)
    assert code == 0, err
    rows = json.loads(out)
    assert [r["method"] for r in rows] == ["propagate", "dsatur"]
    assert all(r["solved"] == r["total"] == 1 for r in rows), rows


def test_the_rules_are_those_of_the_file() -> None:
    """What bench solves is the variant puzzle: its solution keeps the variant's rules (the
    check bench makes of every solution, here made independently)."""
    from sudograph.solve import solve

    for name in ("x", "anti-knight", "killer", "jigsaw"):
        [(_, grid)] = read_variant_file(str(EXAMPLES / f"{name}.txt"))
        solution = solve(grid, "propagate").grids[0]
        assert check_solution(grid.variant, grid.box, solution.values) == []


def test_killer_leaves_out_the_methods_that_ignore_cages(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bench", str(EXAMPLES / "killer_4x4.txt"), "--json", "--limit-seconds", "2"]
    code, out, err = run_cli(argv, capsys)
    assert code == 0, err
    methods = [r["method"] for r in json.loads(out)]
    assert "propagate" in methods and not any(m.startswith("greedy") for m in methods)
    assert "left out, they do not read killer cages (set killer_4x4.txt)" in err


def test_a_named_method_that_ignores_cages_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", str(EXAMPLES / "killer_4x4.txt"), "--methods", "propagate,greedy"]
    code, out, err = run_cli(argv, capsys)
    assert (code, out) == (2, "")
    assert "--methods greedy: does not read killer cages (set killer_4x4.txt)" in err


def test_plain_grids_take_the_variant_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Plain lines with --variant x: each puzzle gets the diagonals; one whose clues clash on
    a diagonal is reported and skipped (exit 2), the others benched."""
    [(_, grid)] = read_variant_file(str(EXAMPLES / "x.txt"))
    clash = "1" + "." * 9 + "1" + "." * 70  # r1c1 and r2c2: the main diagonal
    (tmp_path / "p.txt").write_text(f"{grid.to_line()}\n{clash}\n")
    argv = ["bench", str(tmp_path / "p.txt"), "--variant", "x", "--methods", "propagate"]
    code, out, err = run_cli([*argv, "--json"], capsys)
    assert code == 2
    [row] = json.loads(out)
    assert row["solved"] == row["total"] == 1
    assert "p.txt:2: clashing clues" in err and "1 puzzle benched, 1 bad line skipped" in err


def test_a_jigsaw_map_and_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [(_, grid)] = read_variant_file(str(EXAMPLES / "jigsaw_6x6.txt"))
    assert grid.variant is not None and grid.variant.regions is not None
    regions = "".join("abcdef"[r] for r in grid.variant.regions)
    (tmp_path / "j.txt").write_text(f"{grid.to_line()}\n" * 3)
    argv = ["bench", str(tmp_path / "j.txt"), "--regions", regions, "--methods", "mrv"]
    code, out, err = run_cli([*argv, "--first", "2", "--json"], capsys)
    assert code == 0, err
    [row] = json.loads(out)
    assert row["solved"] == row["total"] == 2
