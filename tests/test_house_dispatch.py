"""Default dispatch (issue 13): with numba, ``solve``/``count``/``is_unique`` under
``engine="auto"`` send ``propagate`` to the house kernel on every shape but the plain 9×9
(the ``fast`` kernel there, for counts too), ``fast`` to the house kernel beyond the plain
9×9; the classroom methods, traces and named engines keep their paths; and the answers are
the reference's."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.errors import InvalidArgument
from sudograph.formats.variant import read_variant_puzzle
from sudograph.graph import petersen_graph
from sudograph.grid import Grid
from sudograph.problem import Problem
from sudograph.solve import compiled_route, count, count_solutions, is_unique, solve

pytest.importorskip("numba")

VARIANTS = Path(__file__).resolve().parent.parent / "examples" / "variants"
SIX = Grid.parse("..6....2....4.2..3.........1.4..3.5.", box=(2, 3))  # 3 solutions
NINE = Grid.parse(
    "2...9.3...19.8..74..84..62.59.621....27...16....574.93.85..97..93..5.84...2.6...1"
)


@pytest.fixture(autouse=True)
def _auto_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SUDOGRAPH_ENGINE", raising=False)


@pytest.mark.parametrize(
    ("method", "x", "kw", "route"),
    [
        ("propagate", SIX.problem, {}, "houses"),
        ("propagate", NINE.problem, {}, "fast9"),
        ("propagate", NINE.problem, {"limit": None}, "houses"),
        ("fast", NINE.problem, {}, None),
        ("fast", SIX.problem, {}, "houses"),
        ("propagate", SIX.problem, {"engine": "python"}, None),
        ("propagate", SIX.problem, {"engine": "numba"}, None),
        ("propagate", SIX.problem, {"overridden": True}, None),
        ("propagate", SIX.problem, {"traced": True}, None),
        ("naive", SIX.problem, {}, None),
        ("dsatur", SIX.problem, {}, None),
        ("propagate", Problem(petersen_graph(), 3), {}, "houses"),
    ],
)
def test_route(method: str, x: Problem, kw: dict[str, object], route: str | None) -> None:
    assert compiled_route(method, x, **kw) == route  # type: ignore[arg-type]


def test_default_solve_runs_on_the_house_kernel() -> None:
    r = solve(SIX, limit=None)
    assert r.stats.engine == "houses" and r.method == "propagate"
    ref = solve(SIX, limit=None, engine="python")
    assert ref.stats.engine == "" and set(r.solutions) == set(ref.solutions)
    assert len(r.grids) == 3 and all(g.is_solution_of(SIX) for g in r.grids)


def test_default_solve_on_plain_9x9_is_fast() -> None:
    r = solve(NINE, limit=2)
    assert r.stats.engine == "fast9" and len(r.solutions) == 1


def test_count_and_is_unique_default() -> None:
    r = count(SIX, keep=1)
    assert r.stats.engine == "houses" and r.count == 3 and len(r.grids) == 1
    from sudograph.engine import fast9

    nine = NINE.with_values(tuple(0 if i < 20 else d for i, d in enumerate(NINE.values)))
    want = count(nine, engine="python").count
    assert want and want > 1
    r = count(nine, keep=2)  # a plain 9×9 is counted by the fast kernel
    assert r.stats.engine == "fast9" and r.count == want and len(r.grids) == 2
    assert r.method == "propagate" and r.complete
    r = count(nine, keep=fast9.MAX_STORED + 1)  # more kept than its store: the house kernel
    assert r.stats.engine == "houses" and r.count == want == len(r.solutions)
    assert count_solutions(Grid.empty((2, 3))) == 28_200_960
    assert count_solutions(Grid.empty((3, 2))) == 28_200_960
    assert count_solutions(Grid.empty(2), limit=10) == 10
    assert not is_unique(SIX)
    assert is_unique(NINE)


def test_classroom_methods_keep_their_node_counts() -> None:
    """A classroom method under auto counts the reference's nodes (Python then twin)."""
    for method in ("naive", "mrv", "forward", "dsatur"):
        auto = solve(SIX, method, limit=None)
        ref = solve(SIX, method, limit=None, engine="python")
        assert auto.stats.nodes == ref.stats.nodes and auto.stats.engine == ""


def test_trace_forces_python() -> None:
    events: list[object] = []
    r = solve(SIX, trace=events.append)
    assert r.stats.engine == "" and events


@pytest.mark.parametrize("name", ["killer_4x4.txt", "jigsaw_6x6.txt", "x_6x6.txt", "killer.txt"])
def test_variants_default(name: str) -> None:
    grid = read_variant_puzzle((VARIANTS / name).read_text(encoding="utf-8"))
    r = solve(grid, limit=2)
    ref = solve(grid, limit=2, engine="python")
    assert r.stats.engine == "houses"
    assert len(r.solutions) == len(ref.solutions) and r.status == ref.status


def test_fast_on_other_shapes_not_graphs() -> None:
    """Method fast solves grids of any shape on the house kernel; a graph is refused, as the
    command line and the docs say (the library coloured it on the house kernel)."""
    r = solve(Grid.empty(4), "fast")
    assert r.status == "solved" and r.stats.engine == "houses"
    with pytest.raises(InvalidArgument, match="'fast' solves Sudoku grids only, not graphs"):
        solve((petersen_graph(), 2), "fast")
    with pytest.raises(InvalidArgument, match="'fast' has no Python engine"):  # asked first
        solve((petersen_graph(), 2), "fast", engine="python")


def test_timeout_and_max_nodes_through_solve() -> None:
    r = solve(Grid.empty(5), limit=None, timeout=0.2)
    assert r.reason == "time limit" and not r.complete
    r = solve(Grid.empty((2, 3)), limit=None, max_nodes=5)
    assert r.reason == "node limit" and r.stats.nodes == 5


def test_too_many_colours_refused() -> None:
    with pytest.raises(InvalidArgument, match="64"):
        Problem(petersen_graph(), 65)


def test_cli_count_empty_6x6(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["solve", "." * 36, "--box", "2x3", "--count"])
    out = capsys.readouterr().out
    assert code == 0 and "28200960" in out.replace(",", "").replace("_", "")


def test_cli_killer_runs_on_the_kernel(capfd: pytest.CaptureFixture[str]) -> None:
    code = main(["solve", str(VARIANTS / "killer.txt"), "--json"])  # a file's rows
    out = capfd.readouterr().out
    assert code == 0 and '"solved"' in out


@pytest.mark.parametrize("workers", [1, 2])
def test_solve_many_every_size_in_order(workers: int) -> None:
    """Batches of 4×4 and 6×6 puzzles: on the house kernel (method fast or propagate), in
    input order, every solution checked, across processes too."""
    from sudograph.batch import solve_many

    four = ["...3.2.1...4.1.2", "." * 16, "11" + "." * 14]
    rows = list(solve_many(four * 200, method="fast", limit=2, box=(2, 2), workers=workers))
    assert [r.status for r in rows[:3]] == ["solved", "solved", "error"]
    assert [r.count for r in rows[:2]] == [1, 2] and len(rows) == 600
    assert all(a.to_line() == b.to_line() for a, b in zip(rows, rows[3:], strict=False))
    six = [SIX.to_line()] * 50
    rows = list(solve_many(six, method="propagate", limit=None, box=(2, 3), workers=workers))
    assert {r.count for r in rows} == {3}


def test_cli_file_mode_6x6(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = tmp_path / "six.txt"
    src.write_text("\n".join([SIX.to_line(), "5.6....2....4.2..3.........1.4..3.5."] * 3) + "\n")
    code = main(["solve", str(src), "--box", "2x3", "--limit", "2"])
    out = capfd.readouterr().out.splitlines()
    assert code == 0 and len(out) == 6
    assert all(Grid.parse(line, box=(2, 3)).is_complete() for line in out)


@pytest.mark.parametrize(("k", "most"), [(6, 2_000), (7, 4_000)])
def test_a_nearly_empty_large_grid_is_one_plain_descent(k: int, most: int) -> None:
    """The empty 49×49 took 92,527 guesses (64×64: 1.2 million, 35 s): the restarts' short
    runs and tie-breaks met a heavy tail; a plain first run takes 1,997 (FIRST_RUN_GUESSES)."""
    grid = Grid.empty(k)
    r = solve(grid)
    assert r.status == "solved" and r.stats.engine == "houses" and r.stats.nodes <= most
    assert r.solution is not None and grid.with_values(r.solution).is_solution_of(grid)
