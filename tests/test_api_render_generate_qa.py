"""QA fixes: a best-effort ``generate`` never returns a complete grid, its errors name the
time limit for Python and the CLI, ``render`` checks its grids, cells and colours, ``plot``
checks its rates and seed 002's runs, the package namespace is clean and exports ``hint`` and
``generate_variant``, and a negative seed is refused."""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

import sudograph
from sudograph import render
from sudograph.bench import Run, summarize
from sudograph.cli import main
from sudograph.errors import InvalidArgument, SudographError
from sudograph.generate import full_grid, generate, generate_variant, killer_cages
from sudograph.grid import Grid
from sudograph.plot import (
    SEED002_LEVELS,
    SEED002_SET,
    plot_seed002_comparison,
    plot_success_rates,
)
from sudograph.solve import count_solutions

GEN = sys.modules["sudograph.generate"]  # (sudograph.generate is the function)
PUZZLE4 = "1.3.....2...4..1"
SOLUTION4 = "1234341221434321"


# -- 1. best effort: never a complete grid --------------------------------------------------------


@pytest.mark.usefixtures("late_clock")
@pytest.mark.parametrize("box", [2, (2, 3), 3, 4])
def test_best_effort_with_no_clue_removed_is_an_error_not_the_full_grid(
    box: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``generate(4, timeout=0.001, seed=1)`` returned the 256 clues of the full grid."""
    with pytest.raises(SudographError) as caught:
        generate(box, timeout=1.0, seed=1)
    message = str(caught.value)
    n = GEN.as_box(box)[0] * GEN.as_box(box)[1]
    assert message.startswith("no puzzle found within 1 s, 1 try: ")
    assert f"the time was up before a clue of the full {n}x{n} grid could go" in message
    assert message.endswith("try a longer timeout (timeout=, or --timeout)")


@pytest.mark.parametrize("box", [2, 3])
def test_best_effort_whose_removals_cannot_be_checked_in_time_is_an_error(
    box: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The independent check could not tell in its grace for any prefix of the removals:
    the fallback was the complete grid; now an error that says so."""
    monkeypatch.setattr(GEN, "_verify", lambda *args: False)
    with pytest.raises(SudographError, match=r"before a puzzle with a clue removed was checked"):
        generate(box, timeout=5.0, seed=2)


@pytest.mark.parametrize("removed", [[], [(0,)], [(0,), (5,), (10,)]])
def test_checked_best_effort_falls_back_on_none_never_the_solution(
    removed: list[tuple[int, ...]],
) -> None:
    solution = full_grid(2, seed=1)
    counter = GEN._counter(solution)
    never = SimpleNamespace(check=lambda puzzle, deadline=None: None)  # cannot tell in time
    assert GEN._checked_best_effort(solution, removed, never, 0.0, 0.01) is None  # type: ignore[arg-type]
    found = GEN._checked_best_effort(solution, removed, counter, 1e18, 1.0)
    if removed:
        assert found is not None and not found.is_complete()
        assert count_solutions(found, limit=2) == 1
    else:
        assert found is None


@pytest.mark.parametrize(("box", "timeout"), [(4, 0.001), (4, 0.01), (3, 0.001), (2, 0.001)])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_short_timeout_gives_a_puzzle_with_an_empty_cell_or_says_why(
    box: int, timeout: float, seed: int
) -> None:
    """On the real clock either outcome may come, never a complete grid."""
    try:
        puzzle = generate(box, timeout=timeout, seed=seed)
    except SudographError as exc:
        assert "(timeout=, or --timeout)" in str(exc)
    else:
        assert not puzzle.is_complete() and puzzle.clues < puzzle.n**2


def test_a_long_enough_timeout_is_still_best_effort() -> None:
    puzzle = generate(4, timeout=0.5, seed=1)
    assert 0 < puzzle.clues < 256 and count_solutions(puzzle, limit=2) == 1


def test_a_complete_grid_asked_for_by_its_clue_count_still_comes() -> None:
    """``clues=N²`` is asked on purpose (check_options allows it): not best effort."""
    assert generate(2, clues=16, seed=1).is_complete()


@pytest.mark.usefixtures("late_clock")
def test_the_cli_says_why_on_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["generate", "--size", "16", "--timeout", "1", "--seed", "1"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert "the time was up before a clue of the full 16x16 grid could go" in captured.err
    assert "(timeout=, or --timeout)" in captured.err


# -- 2. the time limit named for Python and the CLI -----------------------------------------------


def test_the_default_limit_names_the_timeout_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GEN, "GENERATE_SECONDS", 0.3)
    with pytest.raises(SudographError) as caught:
        generate(3, symmetry="dihedral", minimal=True, difficulty="expert", seed=1)
    message = str(caught.value)
    assert "try a longer timeout (timeout=, or --timeout), or without symmetry" in message
    assert "(--timeout)" not in message


@pytest.mark.usefixtures("late_clock")
def test_no_target_without_timeout_names_the_timeout_both_ways(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(SudographError) as caught:
        generate(3, seed=1)
    message = str(caught.value)
    assert "9x9: give a timeout (timeout=, or --timeout) for a best-effort puzzle" in message
    assert "(--timeout)" not in message


def test_no_full_grid_in_time_names_the_timeout_both_ways() -> None:
    with pytest.raises(SudographError) as caught:
        generate(8, timeout=0.01, seed=1)
    message = str(caught.value)
    assert "the first full 64x64 grid was not filled yet" in message
    assert message.endswith("try a longer timeout (timeout=, or --timeout)")


# -- 3. render: grids, cells and colours checked ---------------------------------------------------


@pytest.mark.parametrize(("cell", "index"), [((0, 0), 0), ((1, 2), 6), (np.int64(5), 5), (15, 15)])
def test_grid_svg_takes_a_cell_as_grid_index_does(cell: Any, index: int) -> None:
    grid = Grid.parse(PUZZLE4)
    assert render.grid_svg(grid, highlight={cell: "red"}) == render.grid_svg(
        grid, highlight={index: "red"}
    )


@pytest.mark.parametrize(
    ("highlight", "message"),
    [
        ({99: "red"}, "highlight: cell 99 is outside 0..80"),
        ({81: "red"}, "highlight: cell 81 is outside 0..80"),
        ({-1: "red"}, "highlight: cell -1 is outside 0..80"),
        ({(9, 0): "red"}, "highlight: cell (9, 0) is outside the 9x9 grid"),
        ({(0, 0, 0): "red"}, "highlight: cell (0, 0, 0) is not a cell index 0..80"),
        ({2.5: "red"}, "highlight: cell 2.5 is not a cell index"),
        ({"a": "red"}, "highlight: cell 'a' is not a cell index"),
        ({True: "red"}, "highlight: cell True is not a cell index"),
        ({0: "red", (0, 0): "blue"}, "highlight names one cell twice: 0 and (0, 0)"),
        ({0: 'red" onload="alert(1)'}, "highlight: the colour of cell 0 must be #rrggbb"),
        ({0: "<script>"}, "highlight: the colour of cell 0 must be"),
        ({0: "#12345"}, "got '#12345'"),
        ({0: ""}, "got ''"),
        ({0: 5}, "got 5"),
        ({0: None}, "got None"),
        ([0], "highlight must map cells to colours, got list"),
    ],
)
def test_grid_svg_refuses_a_bad_highlight(highlight: Any, message: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        render.grid_svg(Grid.empty(3), highlight=highlight)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    "colour", ["red", "#f00", "#ff000080", "#FFD92F", "rgb(255, 0, 0)", "hsla(120, 50%, 50%, 0.5)"]
)
def test_grid_svg_takes_svg_colours(colour: str) -> None:
    svg = render.grid_svg(Grid.empty(2), highlight={(0, 0): colour})
    assert f'fill="{colour}"' in svg


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"grid": PUZZLE4}, "grid_svg takes a Grid (Grid.parse reads one from text), got str"),
        ({"grid": None}, "grid_svg takes a Grid (Grid.parse reads one from text), got NoneType"),
        ({"solution": SOLUTION4}, "grid_svg: solution must be a Grid (Grid.parse reads one"),
        ({"solution": [1, 2]}, "grid_svg: solution must be a Grid (Grid.parse reads one"),
        ({"solution": Grid.empty(3)}, "solution box (3, 3) differs from the grid's (2, 2)"),
    ],
)
def test_grid_svg_refuses_what_is_not_a_grid(kwargs: dict[str, Any], message: str) -> None:
    args = {"grid": Grid.parse(PUZZLE4), **kwargs}
    grid = args.pop("grid")
    with pytest.raises(InvalidArgument) as caught:
        render.grid_svg(grid, **args)
    assert message in str(caught.value)


@pytest.mark.parametrize("fmt", ["svg", "png"])
@pytest.mark.parametrize(
    ("grid", "solution", "message"),
    [
        (PUZZLE4, None, "save_grid takes a Grid"),
        (Grid.parse(PUZZLE4), SOLUTION4, "save_grid: solution must be a Grid"),
    ],
)
def test_save_grid_refuses_what_is_not_a_grid(
    grid: Any, solution: Any, message: str, fmt: str, tmp_path: Path
) -> None:
    path = tmp_path / f"out.{fmt}"
    with pytest.raises(InvalidArgument, match=message):
        render.save_grid(grid, path, solution=solution)
    assert not path.exists()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"grid": PUZZLE4}, "draw_grid takes a Grid"),
        ({"solution": SOLUTION4}, "draw_grid: solution must be a Grid"),
        ({"highlight": {99: "red"}}, "highlight: cell 99 is outside 0..15"),
        ({"highlight": {(4, 0): "red"}}, r"highlight: cell \(4, 0\) is outside the 4x4 grid"),
        ({"highlight": {0: "bogus"}}, "must be a colour matplotlib knows, got 'bogus'"),
        ({"highlight": {0: 1}}, "must be a colour matplotlib knows, got 1"),
    ],
)
def test_draw_grid_refuses_as_grid_svg_does(kwargs: dict[str, Any], message: str) -> None:
    from matplotlib.figure import Figure

    ax = Figure().subplots()
    args = {"grid": Grid.parse(PUZZLE4), **kwargs}
    grid = args.pop("grid")
    with pytest.raises(InvalidArgument, match=message):
        render.draw_grid(ax, grid, **args)


def test_draw_grid_takes_a_row_col_pair() -> None:
    from matplotlib.figure import Figure

    ax = Figure().subplots()
    render.draw_grid(ax, Grid.parse(PUZZLE4), highlight={(1, 2): "gold", 0: "#fc8d62"})
    fills = sorted(p.get_xy() for p in ax.patches)
    assert fills == [(0, 0), (2, 1)]


def test_escape_quotes_attribute_values() -> None:
    assert render._escape('a"b<c&', quote=True) == "a&quot;b&lt;c&amp;"
    assert render._escape('a"b') == 'a"b'  # text: quotes stay


# -- 4. plot: rates and seed 002's runs checked ----------------------------------------------------


@pytest.mark.parametrize(
    ("rates", "message"),
    [
        ({"a": "0.5"}, "success rate of 'a' must be a number in 0..1, got '0.5'"),
        ({"a": None}, "success rate of 'a' must be a number in 0..1, got None"),
        ({"a": True}, "success rate of 'a' must be a number in 0..1, got True"),
        ({"a": math.nan}, "success rate of 'a' must be a number in 0..1, got nan"),
        ({"a": -0.1}, "got -0.1"),
        ({"a": 1.5}, "got 1.5"),
        ({"a": [0.5]}, "got [0.5]"),
        ([0.5, 0.2], "got a float among the rows"),
        ("abc", "rates must map methods to rates in 0..1 or be bench rows, got str"),
        ({}, "no success rates to plot"),
    ],
)
def test_plot_success_rates_refuses_what_is_no_rate(rates: Any, message: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        plot_success_rates(rates)
    assert message in str(caught.value)


@pytest.mark.parametrize("value", [0, 1, 0.25, np.float64(0.5), np.int64(1)])
def test_plot_success_rates_takes_numbers(value: Any) -> None:
    ax = plot_success_rates({"a": value})
    assert [p.get_height() for p in ax.patches] == pytest.approx([100 * float(value)])


def test_plot_success_rates_still_takes_rows() -> None:
    runs = [Run("a", i, 30, "g", "solved" if i else "stopped", "", 0, 0, 1, 0.1) for i in range(4)]
    ax = plot_success_rates(summarize(runs))
    assert [p.get_height() for p in ax.patches] == pytest.approx([75.0])


def _level_runs(set_name: str, clues: list[int] | None = None) -> list[Run]:
    counts = clues if clues is not None else [c for _, c, _ in SEED002_LEVELS]
    return [
        Run(set_name, i, c, "naive", "solved", "", 10 + i, 0, 0, 0.01) for i, c in enumerate(counts)
    ]


@pytest.mark.parametrize("set_name", [SEED002_SET, "seed002_levels", "mine"])
def test_plot_seed002_comparison_takes_seed002s_levels(set_name: str) -> None:
    """seed002_runs' set, or a bench of examples/seed002_levels.txt (its clues, level by
    level)."""
    _, ax_nodes = plot_seed002_comparison(_level_runs(set_name))
    assert len(ax_nodes.get_lines()) == 1


@pytest.mark.parametrize(
    ("runs", "message"),
    [
        (
            _level_runs("top95", [17] * 7),
            "run of set 'top95', index 0, 17 clues, is not seed 002's level 0 (easy, 38 clues)",
        ),
        (
            [Run("top95", 6, 25, "mrv", "solved", "", 1, 0, 0, 0.1)],
            "is not seed 002's level 6 (ultra expert, 17 clues)",
        ),
        (
            [Run("top95", 7, 17, "mrv", "solved", "", 1, 0, 0, 0.1)],
            "run index 7 is not one of the seven levels (0 to 6)",
        ),
        ([{"index": 0}], "runs must be bench runs (sudograph.bench.Run), got {'index': 0}"),
    ],
)
def test_plot_seed002_comparison_refuses_runs_of_other_puzzles(runs: Any, message: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        plot_seed002_comparison(runs)
    assert message in str(caught.value)


# -- 5. the package namespace ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["Any", "TYPE_CHECKING", "annotations", "importlib", "typing", "_LAZY", "_importlib"]
)
def test_dir_sudograph_shows_no_helper(name: str) -> None:
    assert name not in dir(sudograph)


@pytest.mark.parametrize("name", ["annotations", "importlib", "TYPE_CHECKING", "Any"])
def test_the_helpers_are_not_attributes(name: str) -> None:
    assert not hasattr(sudograph, name)


@pytest.mark.parametrize("name", sudograph.__all__)
def test_every_public_name_is_there_and_listed(name: str) -> None:
    assert hasattr(sudograph, name) and name in dir(sudograph)


@pytest.mark.parametrize(
    ("name", "module"),
    [("hint", "sudograph.logic"), ("generate_variant", "sudograph.generate")],
)
def test_the_documented_functions_are_exported(name: str, module: str) -> None:
    import importlib

    assert name in sudograph.__all__
    assert getattr(sudograph, name) is getattr(importlib.import_module(module), name)


def test_hint_from_the_package() -> None:
    from sudograph import hint

    grid = Grid.parse(
        "..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56"
    )
    steps = hint(grid)
    assert steps[-1].text == "r6c4: 9 is the only place for 9 in row 6"


def test_star_import_gives_all() -> None:
    namespace: dict[str, Any] = {}
    exec("from sudograph import *", namespace)
    assert set(sudograph.__all__) <= set(namespace)


# -- 6. negative seeds refused ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", [-1, -5, np.int64(-1)])
@pytest.mark.parametrize(
    "make",
    [
        lambda seed: generate(2, seed=seed),
        lambda seed: full_grid(2, seed=seed),
        lambda seed: generate_variant("x", 2, seed=seed),
        lambda seed: killer_cages(full_grid(2, seed=1), seed=seed),
    ],
    ids=["generate", "full_grid", "generate_variant", "killer_cages"],
)
def test_a_negative_seed_is_refused(seed: Any, make: Any) -> None:
    """``generate(seed=-1) == generate(seed=1)``: random.Random seeds by the absolute value."""
    with pytest.raises(InvalidArgument, match=r"^seed must be a whole number >= 0, "):
        make(seed)


@pytest.mark.parametrize("seed", [0, 1, np.int64(3), random.Random(4), None])
def test_other_seeds_still_work(seed: Any) -> None:
    assert not generate(2, seed=seed).is_complete()


@pytest.mark.parametrize("seed", [0, 7, np.int64(7)])
def test_a_whole_seed_still_seeds_as_random_does(seed: Any) -> None:
    assert GEN.random_source(seed).random() == random.Random(int(seed)).random()
