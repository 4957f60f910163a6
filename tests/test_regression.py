"""The regression table (tests/data/regression.txt) over every complete registered method."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from sudograph.errors import InvalidArgument, MissingExtra
from sudograph.grid import Grid, parse_box
from sudograph.methods import METHODS
from sudograph.solve import solve

EXTRA_MODULES = {"numba", "numpy", "pysat", "llvmlite"}
"""The third-party modules of the extras: a method whose runner needs one that is not
installed is skipped; any other import error of a runner is a failure."""

TABLE = Path(__file__).parent / "data" / "regression.txt"


class Line(NamedTuple):
    box: str
    puzzle: str
    count: int
    solution: str


def read_table() -> list[Line]:
    lines = []
    for text in TABLE.read_text(encoding="utf-8").splitlines():
        if text.strip() and not text.startswith("#"):
            box, puzzle, count, solution = text.split(":")
            lines.append(Line(box, puzzle, int(count), solution))
    return lines


LINES = read_table()
COMPLETE = sorted(m for m, meta in METHODS.items() if meta.complete)


def test_table_covers_sizes_and_kinds() -> None:
    sides = {parse_box(x.box)[0] * parse_box(x.box)[1] for x in LINES}
    assert sides >= {4, 6, 9, 16, 25}
    assert any(x.count == 0 for x in LINES) and any(x.count > 1 for x in LINES)
    for side in (4, 6, 9, 16, 25):
        assert any(x.count == 0 for x in LINES if len(x.puzzle) == side * side)


@pytest.mark.parametrize("line", LINES, ids=[f"{x.box}-{x.count}-{i}" for i, x in enumerate(LINES)])
def test_table_lines_are_consistent(line: Line) -> None:
    puzzle = Grid.parse(line.puzzle, box=parse_box(line.box))
    assert not puzzle.conflicts()  # unsatisfiable lines are clash-free
    if line.solution:
        sol = Grid.parse(line.solution, box=parse_box(line.box))
        assert sol.is_solution_of(puzzle)


def method_line_params() -> list[object]:
    """Every (method, line); naive on grids of side 16 and more is marked slow."""
    params: list[object] = []
    for i, x in enumerate(LINES):
        for m in COMPLETE:
            slow = m == "naive" and len(x.puzzle) >= 256
            marks = [pytest.mark.slow] if slow else []
            params.append(pytest.param(m, x, id=f"{m}-{x.box}-{x.count}-{i}", marks=marks))
    return params


@pytest.mark.parametrize(("method", "line"), method_line_params())
def test_every_method_counts(method: str, line: Line) -> None:
    meta = METHODS[method]
    try:
        meta.load()
    except ImportError as exc:  # an extra not installed (numba, python-sat): else a failure
        if not isinstance(exc, MissingExtra) and exc.name not in EXTRA_MODULES:
            raise
        pytest.skip(f"{method}: {exc}")
    puzzle = Grid.parse(line.puzzle, box=parse_box(line.box))
    engine = "python" if "python" in meta.engines else "auto"
    try:
        r = solve(puzzle, method, limit=None, engine=engine)
    except InvalidArgument as exc:
        pytest.skip(f"{method}: {exc}")
    assert r.complete
    assert len(r.solutions) == len(set(r.solutions)) == line.count
    assert r.status == ("solved" if line.count else "unsatisfiable")
    assert all(g.is_solution_of(puzzle) and g.is_complete() for g in r.grids)
    if line.solution:
        assert line.solution in {g.to_line() for g in r.grids}
    first = solve(puzzle, method, engine=engine)
    assert (first.status == "solved") == (line.count > 0)
