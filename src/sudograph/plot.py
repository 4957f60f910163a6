"""Figures (matplotlib, the ``plot`` extra, imported lazily): methods compared over puzzles,
greedy success rates, and seed 002's comparison of GC (naive) and GC_BIS (mrv).

Every function takes ``ax=None`` (a new figure is made; with pyplot already imported, through
pyplot so that notebooks show it) and returns the Axes it drew on.

>>> [name for name, _, _ in SEED002_LEVELS][:3]
['easy', 'medium', 'hard']
"""

from __future__ import annotations

import importlib.util
import math
import os
import statistics
import sys
from collections.abc import Iterable, Mapping, Sequence
from numbers import Real
from pathlib import Path
from typing import Any, cast

from .bench import STALLED, Row, Run, searches
from .errors import InvalidArgument, MissingExtra, naming
from .methods import RANDOMIZED

SEED002_LEVELS: tuple[tuple[str, int, str], ...] = (
    (
        "easy",
        38,
        "52381.74.7....31...9...28.5..9.4..874..2.8..316..3.2..3.27...6...56....8.76.51.9.",
    ),
    (
        "medium",
        30,
        ".53...79...97534..1.......2.9..8..1....9.7....8..3..7.5.......3..76412...61...94.",
    ),
    (
        "hard",
        25,
        ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...",
    ),
    (
        "expert",
        22,
        "..7..8.....6.2.3...3......9.1..5..6.....1.....7.9....2........4.83..4...26....51.",
    ),
    (
        "super expert",
        19,
        "...9.2....4.....5...2...3..2.......7...456...6.......9..7...8...3.....4....2.7...",
    ),
    (
        "hyper expert",
        17,
        "........1.......23..4..5......1.........3.6....7...58.....67....1...4...52.......",
    ),
    (
        "ultra expert",
        17,
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    ),
)
"""Seed 002's seven levels: (name, clues, grid). Sources in ``examples/seed002_levels.txt``:
easy to expert from Norvig's easy50/top95 (the easy one with two clues added from its
solution), super and hyper expert as printed in figure 10, ultra expert as in figure 11."""

SEED002_NAMES = {"naive": "GC (naive)", "mrv": "GC_BIS (mrv)"}
"""Seed 002's names of the two methods it compares."""

SEED002_SET = "seed002"
"""The set name of the runs :func:`seed002_runs` makes."""

METRICS = ("nodes", "backtracks", "seconds", "attempts")


def _pyplot_or_none() -> Any:
    return sys.modules.get("matplotlib.pyplot")


def require_plot() -> None:
    """Raise :class:`MissingExtra` now when matplotlib (the ``plot`` extra) is missing: a
    script that draws at the end of its work checks first (``examples/*.py``).

    >>> require_plot()  # matplotlib is installed here
    """
    if importlib.util.find_spec("matplotlib") is None:
        raise MissingExtra("matplotlib", "plot")


def _new_axes(ncols: int = 1, *, width: float = 7.0, height: float = 4.5) -> Any:
    """Fresh Axes (an array of ``ncols`` of them when ``ncols`` > 1)."""
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise MissingExtra("matplotlib", "plot") from exc
    plt = _pyplot_or_none()
    if plt is not None:
        _, axes = plt.subplots(1, ncols, figsize=(width, height))
        return axes
    fig = Figure(figsize=(width, height))
    axes = fig.subplots(1, ncols)
    return axes


def save_plot(ax: Any, path: str | os.PathLike[str], **options: Any) -> None:
    """Save the figure of ``ax`` (an Axes, or an array of them) to ``path``, cropped to what
    is drawn (``bbox_inches="tight"``, which ``options`` may override), in the format its
    suffix names. An OSError names ``path`` (a full disk is found when the file is closed,
    with no name: ``plot.png: No space left on device``).

    Raises :class:`InvalidArgument` when the suffix (or the ``format`` option) names no
    format matplotlib writes, OSError when the file cannot be written.
    """
    first = ax.flat[0] if hasattr(ax, "flat") else ax
    named = isinstance(path, str | os.PathLike)  # (a stream: its format option, else PNG)
    kind = str(options.get("format") or (Path(path).suffix.lstrip(".") if named else "")).lower()
    known = first.figure.canvas.get_supported_filetypes()
    if kind and kind not in known:  # (no suffix: matplotlib's default format, PNG)
        raise InvalidArgument(
            f"{os.fspath(path)}: no picture format {kind!r}: matplotlib writes "
            f"{', '.join(sorted(known))}"
        )
    with naming(path):
        first.figure.savefig(path, **{"bbox_inches": "tight", **options})


def literal(text: str) -> str:
    """``text`` as matplotlib draws it letter for letter: its ``$`` escaped (a file named
    ``a$\\und$.txt`` is no maths, nor an error when the legend is drawn).

    >>> print(literal("a$x^2$.txt"))
    a\\$x^2\\$.txt
    """
    return text.replace("$", r"\$")


def _check_metric(metric: str) -> None:
    if metric not in METRICS:
        raise InvalidArgument(f"metric must be one of {', '.join(METRICS)}, got {metric!r}")


def _counted(run: Run, metric: str) -> float | None:
    """``run``'s ``metric``, or None where it was not counted: backtracks of a kernel that
    does not count them, attempts of a method that makes none (only the randomized ones
    repeat attempts; the others' 0 is no measure), nodes and backtracks of a method that
    does not search (``logic``, the greedy family: :func:`~sudograph.bench.searches`)."""
    if metric == "attempts" and run.method not in RANDOMIZED:
        return None
    if metric in ("nodes", "backtracks") and not searches(run.method):
        return None
    value = getattr(run, metric)
    return None if value is None else float(value)


def plot_runs(
    runs: Iterable[Run],
    *,
    metric: str = "nodes",
    sort_by: str = "clues",
    ax: Any = None,
) -> Any:
    """One line per method (per method and set when the runs come from several sets, each
    set's puzzles then drawn in a line style of its own): ``metric`` on each puzzle, puzzles
    sorted from easy to hard.

    ``sort_by="clues"`` puts the puzzles with most clues first; ``"difficulty"`` sorts them by
    the median of ``metric`` over the methods. A puzzle is one ``(set, index)``. The y axis is
    logarithmic (zeros are drawn at the bottom); a run stopped at a cap is marked with a cross,
    one of ``logic`` that stalled (no cap hit) with a hollow circle. A run
    whose engine did not count the ``metric`` (backtracks None: the ``fast`` kernel) is left
    out, not drawn as a zero, as are the attempts of a method that is not randomized and the
    nodes and backtracks of one that does not search (``logic``, the greedy family).
    Returns the Axes.

    Raises :class:`InvalidArgument` on an unknown metric or ordering, no runs or none that
    counted the metric, :class:`MissingExtra` without matplotlib.
    """
    _check_metric(metric)
    if sort_by not in ("clues", "difficulty"):
        raise InvalidArgument(f"sort_by must be clues or difficulty, got {sort_by!r}")
    runs = list(runs)
    if not runs:
        raise InvalidArgument("no runs to plot")
    if all(_counted(r, metric) is None for r in runs):
        why = (
            "only the randomized methods"
            if metric == "attempts"
            else "logic and the greedy methods make no search nodes; the fast kernel counts "
            "no backtracks"
        )
        raise InvalidArgument(f"no run counted its {metric} ({why})")
    puzzles: dict[tuple[str, int], list[Run]] = {}
    methods: list[str] = []
    sets: list[str] = []
    for r in runs:
        puzzles.setdefault((r.set, r.index), []).append(r)
        if r.method not in methods:
            methods.append(r.method)
        if r.set not in sets:
            sets.append(r.set)

    def key(p: tuple[str, int]) -> tuple[float, str, int]:
        rs = puzzles[p]
        if sort_by == "clues":
            return (-rs[0].clues, p[0], p[1])
        values = [v for r in rs if (v := _counted(r, metric)) is not None]
        return (statistics.median(values) if values else 0.0, p[0], p[1])

    order = sorted(puzzles, key=key)
    rank = {p: i for i, p in enumerate(order)}
    ax = _new_axes() if ax is None else ax
    floor = 0.5 if metric != "seconds" else 1e-6
    styles = ("-", "--", ":", "-.")
    stalled = False
    colours: dict[str, Any] = {}
    for method, (k, set_name) in ((m, s) for m in methods for s in enumerate(sets)):
        mine = sorted(  # by rank alone: runs of one puzzle twice keep their order
            ((rank[(r.set, r.index)], r)
             for r in runs
             if r.method == method and r.set == set_name and _counted(r, metric) is not None),
            key=lambda pair: pair[0],
        )  # fmt: skip
        if not mine:  # its engine did not count the metric
            continue
        xs = [x for x, _ in mine]
        ys = [max(cast(float, _counted(r, metric)), floor) for _, r in mine]
        label = literal(method if len(sets) == 1 else f"{method} ({set_name})")
        (line,) = ax.plot(xs, ys, marker=".", lw=1, label=label, color=colours.get(method),
                          linestyle=styles[k % len(styles)])  # fmt: skip
        colours.setdefault(method, line.get_color())
        for stalls, marker in ((False, "x"), (True, "o")):  # at a cap; logic stalled
            ends = [(x, y) for (x, r), y in zip(mine, ys, strict=True)
                    if r.status == "stopped" and (r.reason == STALLED) == stalls]  # fmt: skip
            if ends:
                ax.scatter(*zip(*ends, strict=True), marker=marker, zorder=3,
                           **({"facecolors": "none", "edgecolors": line.get_color()} if stalls
                              else {"color": line.get_color()}))  # fmt: skip
                stalled = stalled or stalls
    ax.set_yscale("log")
    label = "seconds" if metric == "seconds" else metric
    ax.set_ylabel(f"{label} per puzzle (log)")
    ax.set_xlabel("puzzles, most clues first" if sort_by == "clues" else "puzzles, easiest first")
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # puzzles are counted: no 0.5 ticks
    note = ", o: logic stalled" if stalled else ""
    ax.set_title(f"{label} per puzzle and method (x: stopped at the cap{note})")
    ax.legend(fontsize="small")
    return ax


def plot_success_rates(
    rates: Mapping[str, float] | Iterable[Row], *, ax: Any = None, title: str = ""
) -> Any:
    """Bars: the share of puzzles each method (e.g. each greedy heuristic) solved, in %.

    ``rates`` maps a method to a rate, a number in ``0..1`` (numpy's too), or is bench rows
    (:class:`~sudograph.bench.Row`: their ``success_rate``; several sets are pooled by
    puzzles). Returns the Axes.

    Raises :class:`InvalidArgument` on a rate that is not a number in ``0..1`` (text, True,
    NaN), rows that are not bench rows, or nothing to plot.

    >>> plot_success_rates({"greedy": "0.5"})
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: success rate of 'greedy' must be a number in 0..1, got '0.5'
    """
    if isinstance(rates, Mapping):
        table = dict(rates)
    elif isinstance(rates, str | bytes):
        raise InvalidArgument(
            f"rates must map methods to rates in 0..1 or be bench rows, got {type(rates).__name__}"
        )
    else:
        solved: dict[str, list[int]] = {}
        for row in rates:
            if not isinstance(row, Row):
                raise InvalidArgument(
                    "rates must map methods to rates in 0..1 or be bench rows (sudograph.bench"
                    f".Row), got a {type(row).__name__} among the rows"
                )
            acc = solved.setdefault(row.method, [0, 0])
            acc[0] += row.solved
            acc[1] += row.total
        table = {m: s / t for m, (s, t) in solved.items() if t}
    if not table:
        raise InvalidArgument("no success rates to plot")
    for m, v in table.items():
        number = isinstance(v, Real) and not isinstance(v, bool)
        if not number or not math.isfinite(v) or not 0 <= v <= 1:
            raise InvalidArgument(f"success rate of {m!r} must be a number in 0..1, got {v!r}")
    ax = _new_axes() if ax is None else ax
    names = list(table)
    values = [100 * table[m] for m in names]
    bars = ax.bar(range(len(names)), values, color="#377eb8")
    for bar, v in zip(bars, values, strict=True):
        ax.annotate(f"{v:.0f}%", (bar.get_x() + bar.get_width() / 2, v), ha="center",
                    va="bottom", fontsize="small")  # fmt: skip
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels([literal(m) for m in names], rotation=20, ha="right")
    ax.set_ylim(0, 110)
    ax.set_ylabel("puzzles solved (%)")
    ax.set_title(title or "success rate per method")
    return ax


def seed002_runs(
    methods: Sequence[str] = ("naive", "mrv"),
    *,
    limit_seconds: float | None = 10.0,
    max_nodes: int | None = None,
    engine: str = "auto",
    warmup: bool = True,
) -> list[Run]:
    """Solve seed 002's seven levels with each method (capped: a stopped run says so).

    With numba installed (``engine="numba"``, or ``"auto"`` past a node budget) naive's 69
    million nodes on the ultra expert grid take seconds; on the Python engine alone it stops
    at the cap. With ``warmup`` each method first solves the easy level untimed (so that the
    compiled engine's start-up is not counted).

    Raises :class:`InvalidArgument` on an unknown method or one given twice (as
    :func:`sudograph.bench.run_bench` does), or on no method.
    """
    from .bench import check_methods, run_one
    from .grid import Grid

    methods = [methods] if isinstance(methods, str) else list(methods)
    if not methods:
        raise InvalidArgument("no method to run")
    check_methods(methods)
    runs = []
    for method in methods:
        if warmup:
            run_one(Grid.parse(SEED002_LEVELS[0][2]), method, limit_seconds=limit_seconds,
                    engine=engine)  # fmt: skip
        for i, (_, _, line) in enumerate(SEED002_LEVELS):
            runs.append(
                run_one(Grid.parse(line), method, limit_seconds=limit_seconds,
                        max_nodes=max_nodes, engine=engine, set_name=SEED002_SET, index=i)
            )  # fmt: skip
    return runs


def _check_seed002_run(run: object) -> None:
    """:class:`InvalidArgument` unless ``run`` is a :class:`~sudograph.bench.Run` of one of
    seed 002's levels: its ``index`` one of the seven, its set :data:`SEED002_SET` or its
    clue count that of that level (a bench of ``examples/seed002_levels.txt``).

    >>> _check_seed002_run(Run("top95", 0, 17, "naive", "solved", "", 1, 0, 0, 0.1))
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: run of set 'top95', index 0, 17 clues, is not seed 002's \
level 0 (easy, 38 clues): give seed002_runs() results or runs of examples/seed002_levels.txt
    """
    if not isinstance(run, Run):
        raise InvalidArgument(f"runs must be bench runs (sudograph.bench.Run), got {run!r}")
    if not isinstance(run.index, int) or not 0 <= run.index < len(SEED002_LEVELS):
        raise InvalidArgument(
            f"run index {run.index!r} is not one of the seven levels (0 to "
            f"{len(SEED002_LEVELS) - 1})"
        )
    name, clues, _ = SEED002_LEVELS[run.index]
    if run.set != SEED002_SET and run.clues != clues:
        raise InvalidArgument(
            f"run of set {run.set!r}, index {run.index}, {run.clues} clues, is not seed 002's "
            f"level {run.index} ({name}, {clues} clues): give seed002_runs() results or runs "
            "of examples/seed002_levels.txt"
        )


def plot_seed002_comparison(
    runs: Iterable[Run] | None = None,
    *,
    axes: Sequence[Any] | None = None,
    limit_seconds: float | None = 10.0,
    max_nodes: int | None = None,
    engine: str = "auto",
) -> tuple[Any, Any]:
    """Seed 002's figure 12: time and nodes of GC (naive) and GC_BIS (mrv) over its seven
    levels, easy (38 clues) to ultra expert (17 clues, built against naive backtracking).

    ``runs`` are :func:`seed002_runs` results (computed with the caps given when None; runs
    carry the level as ``index``), or bench runs of ``examples/seed002_levels.txt``: a run
    is taken for the level of its ``index`` when its set is :data:`SEED002_SET` (the name
    :func:`seed002_runs` gives) or its puzzle has that level's clues. Others are refused, not
    drawn as seed 002's levels (runs of any set were, by their index alone, under the
    labels "easy, 38 clues" to "ultra expert, 17 clues"). Both y axes are logarithmic; a
    run stopped at the cap is drawn hollow and labelled ``stopped``. Returns the two Axes
    (time, nodes).

    Raises :class:`InvalidArgument` on no runs, when ``axes`` is not two Axes, a run is not
    a :class:`~sudograph.bench.Run` or not one of seed 002's levels, :class:`MissingExtra`
    without matplotlib.
    """
    data = list(runs) if runs is not None else seed002_runs(
        limit_seconds=limit_seconds, max_nodes=max_nodes, engine=engine
    )  # fmt: skip
    if not data:
        raise InvalidArgument("no runs to plot")
    if axes is None:
        axes = list(_new_axes(2, width=12.0, height=4.5))
    if len(axes) != 2:
        raise InvalidArgument(f"axes must be two Axes (time, nodes), got {len(axes)}")
    levels = [f"{name.replace(' ', chr(10))}\n{clues} clues" for name, clues, _ in SEED002_LEVELS]
    methods: list[str] = []
    for r in data:
        _check_seed002_run(r)
        if r.method not in methods:
            methods.append(r.method)
    ax_time, ax_nodes = axes
    for ax, metric, unit in ((ax_time, "seconds", "time (s)"), (ax_nodes, "nodes", "nodes")):
        floor = 1e-5 if metric == "seconds" else 0.5
        for method in methods:
            mine = sorted(  # by level alone: a Run does not compare
                ((r.index, r) for r in data if r.method == method), key=lambda pair: pair[0]
            )
            xs = [i for i, _ in mine]
            ys = [max(float(getattr(r, metric)), floor) for _, r in mine]
            label = SEED002_NAMES.get(method, method)
            (line,) = ax.plot(xs, ys, marker="o", lw=1.5, label=label)
            for x, y, (_, r) in zip(xs, ys, mine, strict=True):
                if r.status == "stopped":
                    ax.plot([x], [y], marker="o", ms=11, mfc="white", color=line.get_color())
                    ax.annotate("stopped", (x, y), textcoords="offset points", xytext=(0, 8),
                                ha="center", fontsize="x-small")  # fmt: skip
        ax.set_yscale("log")
        ax.set_xticks(range(len(levels)))
        ax.set_xticklabels(levels, fontsize="x-small")
        ax.set_ylabel(f"{unit} (log)")
        ax.set_xlabel("level and clues")
        ax.grid(True, which="major", axis="y", alpha=0.3)
        ax.legend(fontsize="small")
    ax_time.set_title("GC vs GC_BIS: time per grid")
    ax_nodes.set_title("GC vs GC_BIS: nodes per grid")
    return ax_time, ax_nodes
