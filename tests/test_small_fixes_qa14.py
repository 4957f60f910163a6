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


P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        # visualize listed every method (fast and logic, which it cannot trace), not auto
        (
            ["visualize", "-m", "Auto", P, "-o", "x.html"],
            "unknown method 'Auto' (traceable: auto, naive, mrv, forward, propagate, dsatur)",
        ),
        (
            ["visualize", "-m", "fast", P, "-o", "x.html"],
            "method 'fast' cannot be traced (traceable: auto, naive, mrv, forward, propagate, "
            "dsatur)",
        ),
        # color and draw on a graph take auto (their default) and did not say so
        (["color", "-m", "Auto", "-k", "3", "petersen"], "use one of auto, naive, mrv, "),
        (["draw", "-m", "Auto", "petersen", "--png", "x.png"], "use one of auto, naive, mrv, "),
        # draw on a puzzle has no auto (its default is propagate): not offered there
        (["draw", "-m", "Auto", P, "--png", "x.png"], "use one of naive, mrv, "),
    ],
)
def test_an_unknown_method_is_told_what_the_command_takes(
    argv: list[str], says: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    from sudograph.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err
    assert not list(tmp_path.iterdir())  # nothing drawn


def test_the_api_color_names_auto_beside_the_methods_for_an_unknown_one() -> None:
    """``color(graph, k, method)`` takes ``auto`` (its default): an unknown name is told so
    (was solve's "(known: ...)", every method, fast and logic too, no auto)."""
    from sudograph.graph import petersen_graph
    from sudograph.methods import methods_for
    from sudograph.solve import color

    said = _message(lambda: color(petersen_graph(), 3, "Auto"))
    assert said == f"unknown method 'Auto'; use one of auto, {', '.join(methods_for('graph'))}"
    assert color(petersen_graph(), 3, "auto").status == "solved"
