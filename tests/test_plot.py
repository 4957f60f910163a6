"""Figures: method curves, success rates, seed 002's comparison (fake data and small real runs)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from sudograph.bench import Run, summarize
from sudograph.errors import InvalidArgument
from sudograph.grid import Grid
from sudograph.plot import (
    SEED002_LEVELS,
    plot_runs,
    plot_seed002_comparison,
    plot_success_rates,
    seed002_runs,
)
from sudograph.solve import solve

EXAMPLES = Path(__file__).parent.parent / "examples"


def fake_runs(
    methods: dict[str, list[int]], clues: list[int], *, stop_last: bool = False
) -> list[Run]:
    runs = []
    for m, nodes in methods.items():
        for i, (c, n) in enumerate(zip(clues, nodes, strict=True)):
            status = "stopped" if stop_last and i == len(clues) - 1 else "solved"
            runs.append(Run("set", i, c, m, status, "", n, n // 2, 0, n * 1e-6))
    return runs


def png_size(ax: object, tmp_path: Path) -> tuple[int, int]:
    import matplotlib.image as mpimg

    path = tmp_path / "fig.png"
    ax.figure.savefig(path, dpi=50)  # type: ignore[attr-defined]
    img = mpimg.imread(path)
    assert img.std() > 0  # not blank
    return img.shape[1], img.shape[0]


@pytest.mark.parametrize("metric", ["nodes", "seconds", "backtracks"])
@pytest.mark.parametrize("sort_by", ["clues", "difficulty"])
def test_plot_runs_draws_one_line_per_method(tmp_path: Path, metric: str, sort_by: str) -> None:
    runs = fake_runs({"naive": [10, 1000, 50, 0], "mrv": [5, 40, 20, 3]}, [30, 22, 25, 17])
    ax = plot_runs(runs, metric=metric, sort_by=sort_by)
    assert ax.get_yscale() == "log"
    labels = [line.get_label() for line in ax.get_lines()]
    assert labels == ["naive", "mrv"]
    xs = list(ax.get_lines()[0].get_xdata())
    assert sorted(xs) == [0, 1, 2, 3]
    if sort_by == "clues":  # 30 clues first, 17 last: naive's y follows that order
        ys = [y for _, y in sorted(zip(xs, ax.get_lines()[0].get_ydata(), strict=True))]
        want = [10, 50, 1000, 0]
        floor = 1e-6 if metric == "seconds" else 0.5
        scale = {"nodes": 1, "backtracks": 0.5, "seconds": 1e-6}[metric]
        expect = [max(int(w * scale) if metric == "backtracks" else w * scale, floor) for w in want]
        assert ys == pytest.approx(expect)
    assert png_size(ax, tmp_path)[0] > 100


def test_plot_runs_leaves_out_backtracks_not_counted() -> None:
    """The fast kernel counts no backtracks (None): no line, rather than a line of zeros."""
    runs = fake_runs({"naive": [10, 1000, 50, 0], "fast": [1, 2, 3, 4]}, [30, 22, 25, 17])
    runs = [replace(r, backtracks=None) if r.method == "fast" else r for r in runs]
    for sort_by in ("clues", "difficulty"):
        ax = plot_runs(runs, metric="backtracks", sort_by=sort_by)
        assert [line.get_label() for line in ax.get_lines()] == ["naive"]
    nodes = plot_runs(runs, metric="nodes")
    assert [line.get_label() for line in nodes.get_lines()] == ["naive", "fast"]
    with pytest.raises(InvalidArgument, match="no run counted its backtracks"):
        plot_runs([r for r in runs if r.method == "fast"], metric="backtracks")


def test_plot_runs_leaves_out_attempts_of_methods_that_make_none() -> None:
    """Only the randomized methods repeat attempts: a search's 0 is no measure (it was drawn
    as a line of zeros at the bottom of the chart)."""
    runs = [
        replace(r, attempts=r.nodes) if r.method == "greedy" else r
        for r in fake_runs({"naive": [10, 1000, 50, 0], "greedy": [1, 7, 3, 40]}, [30, 22, 25, 17])
    ]
    ax = plot_runs(runs, metric="attempts")
    assert [line.get_label() for line in ax.get_lines()] == ["greedy"]
    assert sorted(ax.get_lines()[0].get_ydata()) == [1, 3, 7, 40]
    with pytest.raises(InvalidArgument, match=r"no run counted its attempts \(only the rand"):
        plot_runs([r for r in runs if r.method == "naive"], metric="attempts")


def test_plot_runs_marks_stopped_runs() -> None:
    runs = fake_runs({"naive": [1, 2, 3]}, [30, 25, 17], stop_last=True)
    ax = plot_runs(runs)
    assert len(ax.collections) == 1  # the crosses
    assert len(ax.collections[0].get_offsets()) == 1


@pytest.mark.parametrize(
    ("kwargs", "runs"),
    [({"metric": "colours"}, [Run("s", 0, 30, "m", "solved", "", 1, 0, 0, 0.1)]),
     ({"sort_by": "name"}, [Run("s", 0, 30, "m", "solved", "", 1, 0, 0, 0.1)]),
     ({}, [])],
)  # fmt: skip
def test_plot_runs_errors(kwargs: dict[str, str], runs: list[Run]) -> None:
    with pytest.raises(InvalidArgument):
        plot_runs(runs, **kwargs)  # type: ignore[arg-type]


def test_plot_success_rates_from_a_mapping_and_from_rows(tmp_path: Path) -> None:
    ax = plot_success_rates({"greedy": 0.08, "greedy-mrv": 1.0, "greedy-mrv-least": 0.5})
    heights = [p.get_height() for p in ax.patches]
    assert heights == pytest.approx([8, 100, 50])
    assert [t.get_text() for t in ax.get_xticklabels()] == [
        "greedy",
        "greedy-mrv",
        "greedy-mrv-least",
    ]
    runs = [
        Run("a", i, 30, "g", "solved" if i < 3 else "stopped", "", 0, 0, 1, 0.1) for i in range(4)
    ] + [Run("b", 0, 30, "g", "solved", "", 0, 0, 1, 0.1)]
    ax2 = plot_success_rates(summarize(runs))
    assert [p.get_height() for p in ax2.patches] == pytest.approx([80.0])
    assert png_size(ax2, tmp_path)[0] > 100


@pytest.mark.parametrize("rates", [{"g": 1.5}, {}])
def test_plot_success_rates_errors(rates: dict[str, float]) -> None:
    with pytest.raises(InvalidArgument):
        plot_success_rates(rates)


def test_plot_on_given_axes() -> None:
    from matplotlib.figure import Figure

    ax = Figure().subplots()
    assert plot_success_rates({"x": 0.5}, ax=ax) is ax


def test_seed002_levels_match_the_example_file_and_the_seed() -> None:
    lines = [
        ln.strip()
        for ln in (EXAMPLES / "seed002_levels.txt").read_text().splitlines()
        if ln.strip() and not ln.startswith("#")
    ]
    assert lines == [line for _, _, line in SEED002_LEVELS]
    assert [c for _, c, _ in SEED002_LEVELS] == [38, 30, 25, 22, 19, 17, 17]
    for _, clues, line in SEED002_LEVELS:
        assert Grid.parse(line).clues == clues
    ultra = (
        ".........|.....3.85|..1.2....|...5.7...|..4...1..|.9.......|5......73|..2.1....|....4...9"
    )
    assert SEED002_LEVELS[-1][2] == ultra.replace("|", "")


@pytest.mark.slow
@pytest.mark.parametrize("level", range(7))
def test_seed002_levels_have_one_solution(level: int) -> None:
    grid = Grid.parse(SEED002_LEVELS[level][2])
    r = solve(grid, "propagate", limit=2)
    assert r.status == "solved" and r.complete and len(r.grids) == 1
    if level == 6:  # figure 11: the first row of the solution is 9 8 7 6 5 4 3 2 1
        assert r.grids[0].values[:9] == (9, 8, 7, 6, 5, 4, 3, 2, 1)


def test_seed002_runs_stop_at_the_cap() -> None:
    runs = seed002_runs(("naive",), max_nodes=1000, limit_seconds=5, engine="python")
    assert [r.index for r in runs] == list(range(7))
    assert runs[0].status == "solved" and runs[0].nodes < 1000
    assert runs[-1].status == "stopped" and runs[-1].nodes == 1000


def test_plot_seed002_comparison_from_fake_runs(tmp_path: Path) -> None:
    nodes = {"naive": [70, 3000, 10**5, 10**6, 5 * 10**6, 3 * 10**7, 7 * 10**7],
             "mrv": [40, 50, 1700, 8900, 14000, 110000, 45000]}  # fmt: skip
    runs = fake_runs(nodes, [c for _, c, _ in SEED002_LEVELS])
    runs[6] = Run("seed002", 6, 17, "naive", "stopped", "time limit", 10**6, 0, 0, 10.0)
    ax_time, ax_nodes = plot_seed002_comparison(runs)
    assert ax_time.get_yscale() == ax_nodes.get_yscale() == "log"
    labels = [t.get_text() for t in ax_nodes.get_xticklabels()]
    assert len(labels) == 7 and labels[0].startswith("easy") and "17" in labels[-1]
    legend = [t.get_text() for t in ax_nodes.get_legend().get_texts()]
    assert legend == ["GC (naive)", "GC_BIS (mrv)"]
    notes = [t.get_text() for t in ax_nodes.texts]
    assert notes == ["stopped"]
    assert png_size(ax_time, tmp_path)[0] > 200


def test_plot_seed002_comparison_errors() -> None:
    bad = [Run("seed002", 9, 17, "naive", "solved", "", 1, 0, 0, 0.1)]
    with pytest.raises(InvalidArgument):
        plot_seed002_comparison(bad)
    with pytest.raises(InvalidArgument):
        plot_seed002_comparison([], axes=[object()])


@pytest.mark.parametrize("metric", ["nodes", "backtracks"])
def test_the_methods_that_do_not_search_are_left_out(metric: str) -> None:
    runs = fake_runs({"naive": [10, 50], "logic": [0, 0], "greedy-mrv": [0, 0]}, [30, 22])
    ax = plot_runs(runs, metric=metric)
    assert [line.get_label() for line in ax.get_lines()] == ["naive"]  # no line of zeros
    with pytest.raises(InvalidArgument, match=r"^no run counted its .*make no search nodes"):
        plot_runs([r for r in runs if r.method != "naive"], metric=metric)
