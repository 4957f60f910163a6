"""Fixes of the session of 2026-11-28 (third): one check of a call's options for ``solve``,
``count`` and ``solve_many`` (:func:`sudograph.solve.check_call`)."""

from __future__ import annotations

from typing import Any

import pytest

from sudograph import count, solve, solve_many
from sudograph.errors import InvalidArgument
from sudograph.grid import Grid

PUZZLE = "...3.2.1...4.1.2"


def _message(call: Any) -> str:
    with pytest.raises(InvalidArgument) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize(
    ("method", "options", "says"),
    [
        ("sat", {"order": "mrv"}, "method 'sat' is not a search"),
        ("propagate", {"order": "nope"}, "unknown order 'nope'"),
        ("propagate", {"inference": "nope"}, "unknown inference 'nope'"),
        ("naive", {"seed": 3}, "method 'naive' draws no random numbers"),
        ("sat", {"trace": print}, "method 'sat' emits no trace events"),
        ("naive", {"trace": 5}, "trace must be callable"),
        ("naive", {"trace": print, "engine": "numba"}, "the compiled twin emits no trace"),
        ("sat", {"engine": "numba"}, "method 'sat' runs on its own engine only"),
    ],
)
def test_solve_count_and_solve_many_refuse_a_call_alike(
    method: str, options: dict[str, Any], says: str
) -> None:
    """The same options refused with the same message by the three calls, before any work."""
    grid = Grid.parse(PUZZLE)
    engine = options.pop("engine", "auto")
    by_solve = _message(lambda: solve(grid, method, engine=engine, **options))
    by_count = _message(lambda: count(grid, method, engine=engine, **options))
    by_many = _message(
        lambda: solve_many([PUZZLE], method=method, engine=engine, workers=1, solve_options=options)
    )
    assert says in by_solve, by_solve
    assert by_solve == by_count == by_many
