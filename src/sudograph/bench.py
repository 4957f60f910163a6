"""Compare methods on puzzle sets: the engine behind ``sudograph bench``.

Every method runs on every puzzle of every set, each solve capped (``limit_seconds``, and
``max_nodes`` if given) so that a hopeless method reports ``stopped`` instead of hanging.
Every solution is checked against its puzzle. :func:`summarize` turns the runs into one
:class:`Row` per method and set: solved, stopped (at a cap), unsatisfiable, stalled (the
``logic`` method out of techniques), nodes, backtracks and time (mean, median, max), µs per
puzzle, success rate and, for randomized methods, attempts. Backtracks are None (shown ``-``)
where the kernel that ran does not count them (``Result.uncounted``), and so are nodes and
backtracks of the methods that do not search (:func:`searches`: ``logic``, the greedy family).
Sets are told apart by name (:func:`set_names` names files that share a file name by their
folders).

>>> from sudograph.grid import Grid
>>> s = PuzzleSet("tiny", (Grid.parse("...3.2.1...4.1.2"), Grid.parse("1.3.....2...4..1")))
>>> rows = summarize(run_bench([s], ["naive", "mrv"]))
>>> [(r.method, r.solved, r.total) for r in rows]
[('naive', 2, 2), ('mrv', 2, 2)]
"""

from __future__ import annotations

import csv
import io
import os
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, fields
from numbers import Real
from pathlib import Path
from typing import Any, cast

from .errors import InvalidArgument, ParseError
from .grid import Box, Grid
from .methods import METHODS, get_method
from .problem import is_whole

DEFAULT_LIMIT_SECONDS = 1.0
"""Default cap on one solve, in seconds."""


STALLED = "logic stalled"
"""The reason of a ``stopped`` run of the ``logic`` method that ran out of techniques (no cap
was hit): counted as ``stalled``, not ``stopped``."""


@dataclass(frozen=True)
class PuzzleSet:
    """A named set of grids (``name``: the file name without its folder, unless given, see
    :func:`set_names`); ``skipped`` counts the bad grids of the file left out (see
    :func:`load_set`)."""

    name: str
    grids: tuple[Grid, ...]
    skipped: int = 0


def load_set(
    path: str | os.PathLike[str],
    *,
    box: Box | None = None,
    alphabet: str | None = None,
    first: int | None = None,
    on_error: Callable[[ParseError], None] | None = None,
    name: str | None = None,
) -> PuzzleSet:
    """Read a puzzle file (one grid per line, or multi-line grids; ``-`` is standard input);
    keep the ``first`` ones. The set is called ``name``, by default the file's name without
    its folder (``stdin`` for ``-``).

    A bad grid (unreadable, or clues that clash) is a :class:`ParseError` at its line: raised,
    or, given ``on_error``, passed to it and skipped (counted in ``skipped``; ``first`` counts
    the grids kept).

    >>> import os, tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("1.3.....2...4..1\\nx\\n11..............\\n")
    >>> bad: list[ParseError] = []
    >>> s = load_set(f.name, on_error=bad.append)
    >>> len(s.grids), s.skipped, [(e.line, e.message[:14]) for e in bad]
    (1, 2, [(2, 'unknown charac'), (3, 'clashing clues')])
    >>> os.remove(f.name)

    ``first`` is None (every grid) or a whole number >= 1, as ``--first`` takes it.

    Raises :class:`ParseError` on the first bad grid without ``on_error``, and when the file
    holds no grid, good or bad; OSError when it cannot be read; :class:`InvalidArgument` on a
    bad ``first`` (before the file is opened):

    >>> load_set("examples/sample.txt", first=0)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: first must be >= 1, got 0
    """
    from .formats.puzzles import iter_grids, open_source

    check_first(first)
    stream, source = open_source(os.fspath(path))
    if name is None:
        name = "stdin" if os.fspath(path) == "-" else Path(path).name
    try:
        items = iter_grids(stream, box=box, alphabet=alphabet, name=source)
        return collect_set(items, name, source, first=first, on_error=on_error)
    finally:
        if os.fspath(path) != "-":
            stream.close()


def collect_set(
    items: Iterable[tuple[int | None, Grid | ParseError]],
    name: str,
    source: str,
    *,
    first: int | None = None,
    on_error: Callable[[ParseError], None] | None = None,
) -> PuzzleSet:
    """The set ``name`` of the grids of ``items`` (``(line number, Grid or ParseError)``, as
    :func:`~sudograph.formats.puzzles.iter_grids` reads a file ``source``), the ``first`` ones;
    a grid whose clues clash is a :class:`ParseError` at its line. A bad grid is raised, or,
    given ``on_error``, passed to it and counted in ``skipped``; :class:`ParseError` when there
    is no grid, good or bad.

    >>> s = collect_set([(1, Grid.parse("1.3.....2...4..1")), (2, ParseError("bad"))], "t", "t",
    ...                 on_error=lambda e: None)
    >>> len(s.grids), s.skipped
    (1, 1)

    Raises :class:`InvalidArgument` on a bad ``first`` (:func:`check_first`), before reading.
    """
    check_first(first)
    grids: list[Grid] = []
    skipped = 0
    for no, item in items:
        if isinstance(item, Grid):
            clash = item.clash_error()
            if clash is not None:
                item = ParseError(str(clash), line=no, source=source)
        if isinstance(item, ParseError):
            if on_error is None:
                raise item
            on_error(item)
            skipped += 1
            continue
        grids.append(item)
        if first is not None and len(grids) >= first:
            break
    if not grids and not skipped:
        raise ParseError(f"{source}: no grid found")
    return PuzzleSet(name, tuple(grids), skipped)


def check_first(first: object) -> None:
    """Raise :class:`InvalidArgument` unless ``first`` is None (every grid) or a whole number
    >= 1 (the bound of ``--first``): 0 kept one grid, as did -1.

    >>> check_first(-1)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: first must be >= 1, got -1
    >>> check_first(2.5)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: first must be a whole number (or None for all), got 2.5
    """
    if first is None:
        return
    if not is_whole(first):
        raise InvalidArgument(f"first must be a whole number (or None for all), got {first!r}")
    if cast(int, first) < 1:
        raise InvalidArgument(f"first must be >= 1, got {first}")


def check_limit_seconds(limit_seconds: object) -> None:
    """Raise :class:`InvalidArgument` unless ``limit_seconds`` is None (no cap) or a number of
    seconds > 0 (``inf`` is no cap, as :func:`~sudograph.solve.solve` reads ``timeout``; the
    command line's ``--limit-seconds`` takes finite ones).

    >>> check_limit_seconds(0)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: limit_seconds must be a number of seconds > 0, got 0
    >>> check_limit_seconds("1")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: limit_seconds must be a number of seconds > 0, got '1'

    NaN is said so: ``got NaN (not a number)``.
    """
    if limit_seconds is None:
        return
    what = "limit_seconds must be a number of seconds > 0, got"
    if isinstance(limit_seconds, bool) or not isinstance(limit_seconds, Real):
        raise InvalidArgument(f"{what} {limit_seconds!r}")
    seconds = cast(float, limit_seconds)  # a Real: an int of 400 digits holds no float
    if seconds != seconds:
        raise InvalidArgument(f"{what} NaN (not a number)")
    if not seconds > 0:
        raise InvalidArgument(f"{what} {seconds}")


def check_engine(engine: object) -> str:
    """``engine`` when it is one the API takes (None: ``auto``, as
    :func:`~sudograph.solve.solve` takes it); :class:`InvalidArgument` in solve's words
    otherwise (:func:`sudograph.engine.check_engine`; an engine that a method does not run
    on is no error: see :func:`run_one`).

    >>> check_engine("bogus")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: engine must be auto, python or numba, got 'bogus'
    """
    from .engine import check_engine as check_name

    return "auto" if engine is None else check_name(engine)


def searches(method: str) -> bool:
    """Whether ``method`` searches, so counts nodes and backtracks: not ``logic`` (it counts
    deductions) nor the greedy family (attempts), whose 0 nodes are no measure; their rows
    show None (see :func:`summarize`). A name not registered is taken to search.

    >>> searches("naive"), searches("sat"), searches("logic"), searches("greedy-mrv")
    (True, True, False, False)
    """
    m = METHODS.get(method)
    return m is None or m.searches


def set_names(paths: Sequence[str | os.PathLike[str]]) -> list[str]:
    """The name of each file's set: its file name, or, for files that share one, the shortest
    end of its path that no other file's path ends with (``a/x.txt``, ``b/x.txt``);
    ``stdin`` for ``-``.

    >>> set_names(["a/x.txt", "b/x.txt", "y.txt", "c/d/z.txt", "e/d/z.txt"])
    ['a/x.txt', 'b/x.txt', 'y.txt', 'c/d/z.txt', 'e/d/z.txt']

    Raises :class:`InvalidArgument` when a file (or ``-``) is given twice, under any name:
    its puzzles would be counted twice.
    """
    texts = [os.fspath(p) for p in paths]
    seen: dict[str, str] = {}
    for text in texts:
        key = text if text == "-" else os.path.realpath(text)
        if key in seen:
            same = "" if seen[key] == text else f" (as {seen[key]!r} and {text!r})"
            raise InvalidArgument(f"{text} given twice{same}: each file is one set")
        seen[key] = text
    parts = [(text,) if text == "-" else Path(os.path.normpath(text)).parts for text in texts]

    def end(i: int, k: int) -> str:
        return os.path.join(*parts[i][-k:])

    names = []
    for i, text in enumerate(texts):
        if text == "-":
            names.append("stdin")
            continue
        for k in range(1, len(parts[i]) + 1):
            if all(end(j, k) != end(i, k) for j in range(len(texts)) if j != i):
                names.append(end(i, k))
                break
        else:  # every end of it ends another path too: its whole path
            names.append(os.path.normpath(text))
    return names


@dataclass(frozen=True)
class Run:
    """One method on one puzzle: status, counts and wall time (``seconds``, checks included);
    ``backtracks`` is None when the solve did not count them (``Result.uncounted``: the 9×9
    kernel, a method that does not search); ``nodes`` the solve's (0 for a method that does
    not search: its row shows None, see :func:`searches`); ``status`` and ``reason`` are the
    solve's (a run ``stopped`` by :data:`STALLED` hit no cap)."""

    set: str
    index: int
    clues: int
    method: str
    status: str
    reason: str
    nodes: int
    backtracks: int | None
    attempts: int
    seconds: float


@dataclass(frozen=True)
class Row:
    """One method on one set, summarized (see the module docstring); the backtracks are None
    when a run of the set did not count them, the nodes and backtracks when the method does
    not search (:func:`searches`: ``logic``, the greedy family). ``solved + stopped +
    unsatisfiable + stalled`` is ``total``: ``stopped`` counts the runs stopped at a cap
    (time, nodes, a greedy method's attempts), ``stalled`` those of ``logic`` that ran out of
    techniques."""

    method: str
    set: str
    total: int
    solved: int
    stopped: int
    unsatisfiable: int
    success_rate: float
    nodes_mean: float | None
    nodes_median: float | None
    nodes_max: int | None
    backtracks_mean: float | None
    backtracks_median: float | None
    backtracks_max: int | None
    seconds_mean: float
    seconds_median: float
    seconds_max: float
    us_per_puzzle: float
    attempts_mean: float | None
    randomized: bool
    stalled: int = 0

    def as_dict(self) -> dict[str, Any]:
        """The fields as a plain dict (for JSON)."""
        return asdict(self)


def default_methods() -> list[str]:
    """Every registered method that runs on the Python engine (``fast`` needs numba: ask it).

    >>> "naive" in default_methods(), "fast" in default_methods()
    (True, False)
    """
    return [name for name, m in METHODS.items() if "python" in m.engines]


def parse_methods(text: str | None) -> list[str]:
    """``'naive,mrv'`` -> ``['naive', 'mrv']`` (None: :func:`default_methods`; blanks
    around a name are dropped).

    Raises :class:`InvalidArgument`, its message starting with ``--methods``, naming an
    unknown method, one given twice (its runs would be counted twice) or an empty name (a
    stray comma), or on an empty list.

    >>> parse_methods("naive,mrv,naive")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: --methods: naive given twice
    >>> parse_methods("naive,")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: --methods: empty method name in 'naive,'
    """
    if text is None:
        return default_methods()
    if not text.strip():
        raise InvalidArgument("--methods needs at least one method name")
    names = [t.strip() for t in text.split(",")]
    if not all(names):
        raise InvalidArgument(f"--methods: empty method name in {text!r}")
    try:
        for name in names:
            get_method(name)
    except InvalidArgument as exc:
        raise InvalidArgument(f"--methods: {exc}") from None
    _check_unique(names, "--methods: ")
    return names


def check_methods(names: Sequence[str], where: str = "method ") -> None:
    """Raise :class:`InvalidArgument` on an unknown method or one given twice (its runs would
    be pooled), as :func:`run_bench` does.

    >>> check_methods(["mrv", "mrv"])
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: method mrv given twice
    """
    for name in names:
        get_method(name)
    _check_unique(names, where)


def engine_ignored(methods: Sequence[str], engine: str) -> list[str]:
    """The methods that do not run on ``engine`` (``python`` or ``numba``) and keep their own
    (``logic`` and the greedy family: Python; ``fast``: its kernel; ``sat``: python-sat);
    none for ``auto``, which lets each method choose.

    >>> engine_ignored(["naive", "logic", "greedy", "fast"], "numba")
    ['logic', 'greedy']
    >>> engine_ignored(["naive", "fast"], "python"), engine_ignored(["logic"], "auto")
    (['fast'], [])
    """
    if engine == "auto":
        return []
    return [name for name in methods if engine not in get_method(name).engines]


def _check_unique(names: Sequence[str], where: str = "") -> None:
    """Raise :class:`InvalidArgument` for the first name given twice."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise InvalidArgument(f"{where}{name} given twice")
        seen.add(name)


def run_one(
    grid: Grid,
    method: str,
    *,
    limit_seconds: float | None = DEFAULT_LIMIT_SECONDS,
    max_nodes: int | None = None,
    seed: int | None = None,
    engine: str = "python",
    set_name: str = "",
    index: int = 0,
) -> Run:
    """Solve one grid with one method under the caps, check the solution, time it.

    A known ``engine`` that the method does not run on is left to the method (``logic`` and
    the greedy family on Python, ``fast`` on its kernel, ``sat`` on python-sat: see
    :func:`engine_ignored`).

    Raises :class:`InvalidArgument` on an unknown method or engine (:func:`check_engine`) or
    bad caps (:func:`check_limit_seconds`), :class:`InvalidPuzzle` for clashing clues.
    """
    from .solve import solve

    m = get_method(method)
    engine = check_engine(engine)
    check_limit_seconds(limit_seconds)
    if engine != "auto" and engine not in m.engines:
        engine = "auto"  # a method of its own engine (fast: compiled; see engine_ignored)
    start = time.perf_counter()
    result = solve(
        grid,
        method,
        max_nodes=max_nodes,
        timeout=limit_seconds,
        seed=seed if m.randomized else None,  # the others refuse one
        engine=engine,
    )
    seconds = time.perf_counter() - start
    if result.status == "solved" and not (result.grid and result.grid.is_solution_of(grid)):
        raise AssertionError(f"{method} returned a wrong solution")  # pragma: no cover
    s = result.stats
    return Run(
        set_name,
        index,
        grid.clues,
        method,
        result.status,
        result.reason,
        s.nodes,
        None if "backtracks" in result.uncounted else s.backtracks,
        s.attempts,
        seconds,
    )


def run_bench(
    sets: Sequence[PuzzleSet],
    methods: Sequence[str] | None = None,
    *,
    limit_seconds: float | None = DEFAULT_LIMIT_SECONDS,
    max_nodes: int | None = None,
    seed: int = 0,
    engine: str = "python",
    warmup: bool = True,
    on_run: Callable[[Run], None] | None = None,
) -> list[Run]:
    """Every method on every puzzle of every set (set by set, method by method); ``methods``
    is a list of names, or one name (``"naive"``: ``["naive"]``), None for
    :func:`default_methods`.

    A randomized method gets the seed ``seed + index`` on puzzle ``index`` (reproducible).
    With ``warmup`` each method first solves, untimed, the first puzzle of each grid shape
    (4×4, 9×9, 6×6 with 2×3 boxes...) before the first set that holds one (so that a compiled
    engine's start-up, which differs by shape: the 9×9 kernel, the house kernel, is not
    counted). ``on_run`` is called after each run (progress).

    ``engine`` is ``python`` (the default, the reference), ``numba`` or ``auto``; a method
    that does not run on it runs on its own (:func:`engine_ignored`).

    Raises :class:`InvalidArgument`, before any solve, on no method, an unknown one, one
    given twice, two sets of one name (their rows would be pooled), an unknown engine, or a
    ``limit_seconds`` that is not a number of seconds > 0 (None: no cap):

    >>> s = PuzzleSet("tiny", (Grid.parse("...3.2.1...4.1.2"),))
    >>> run_bench([s], "naive", engine="bogus")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: engine must be auto, python or numba, got 'bogus'
    """
    if isinstance(methods, str):
        names = [methods]
    else:
        names = list(methods) if methods is not None else default_methods()
    if not names:  # (nothing would run, and nothing be said)
        raise InvalidArgument("methods is empty: name at least one method")
    check_methods(names)
    _check_unique([s.name for s in sets], "set ")
    engine = check_engine(engine)
    check_limit_seconds(limit_seconds)
    warmed: set[tuple[str, Box]] = set()
    runs: list[Run] = []
    for pset in sets:
        for grid in pset.grids if warmup else ():
            for name in names:
                if (name, grid.box) not in warmed:
                    warmed.add((name, grid.box))
                    warm_up(grid, name, limit_seconds=limit_seconds, seed=seed, engine=engine)
        for name in names:
            for i, grid in enumerate(pset.grids):
                run = run_one(
                    grid,
                    name,
                    limit_seconds=limit_seconds,
                    max_nodes=max_nodes,
                    seed=None if seed is None else seed + i,  # (run_one drops it where unused)
                    engine=engine,
                    set_name=pset.name,
                    index=i,
                )
                runs.append(run)
                if on_run is not None:
                    on_run(run)
    return runs


def warm_up(
    grid: Grid,
    method: str,
    *,
    limit_seconds: float | None = DEFAULT_LIMIT_SECONDS,
    seed: int | None = 0,
    engine: str = "python",
) -> Run:
    """An untimed solve of ``grid`` by ``method`` (100 nodes at most) that loads what the
    method's engine needs for a grid of its shape (see :func:`run_bench`)."""
    return run_one(grid, method, limit_seconds=limit_seconds, max_nodes=100, seed=seed,
                   engine=engine)  # fmt: skip


def summarize(runs: Iterable[Run]) -> list[Row]:
    """One :class:`Row` per (method, set), in the order the runs came.

    Nodes, backtracks and time are over every run, stopped ones included (their counts are
    what was spent before the cap); the backtracks are None when a run has none counted, the
    nodes and backtracks when the method does not search (:func:`searches`).

    >>> rows = summarize([Run("s", 0, 30, "logic", "solved", "", 0, 0, 0, 0.1)])
    >>> rows[0].nodes_mean, rows[0].backtracks_max
    (None, None)
    """
    groups: dict[tuple[str, str], list[Run]] = {}
    for r in runs:
        groups.setdefault((r.method, r.set), []).append(r)
    rows = []
    for (method, set_name), rs in groups.items():
        searched = searches(method)
        nodes = [r.nodes for r in rs]
        backs = [r.backtracks for r in rs if r.backtracks is not None]
        counted = searched and len(backs) == len(rs)
        secs = [r.seconds for r in rs]
        solved = sum(r.status == "solved" for r in rs)
        randomized = method in METHODS and METHODS[method].randomized
        rows.append(
            Row(
                method=method,
                set=set_name,
                total=len(rs),
                solved=solved,
                stopped=sum(r.status == "stopped" and r.reason != STALLED for r in rs),
                unsatisfiable=sum(r.status == "unsatisfiable" for r in rs),
                stalled=sum(r.status == "stopped" and r.reason == STALLED for r in rs),
                success_rate=solved / len(rs),
                nodes_mean=statistics.fmean(nodes) if searched else None,
                nodes_median=float(statistics.median(nodes)) if searched else None,
                nodes_max=max(nodes) if searched else None,
                backtracks_mean=statistics.fmean(backs) if counted else None,
                backtracks_median=float(statistics.median(backs)) if counted else None,
                backtracks_max=max(backs) if counted else None,
                seconds_mean=statistics.fmean(secs),
                seconds_median=statistics.median(secs),
                seconds_max=max(secs),
                us_per_puzzle=statistics.fmean(secs) * 1e6,
                attempts_mean=statistics.fmean(r.attempts for r in rs) if randomized else None,
                randomized=randomized,
            )
        )
    return rows


COLUMNS = (
    ("method", "method"),
    ("set", "set"),
    ("solved", "solved"),
    ("stopped", "stopped"),
    ("unsat", "unsatisfiable"),
    ("stalled", "stalled"),
    ("nodes mean", "nodes_mean"),
    ("nodes med", "nodes_median"),
    ("nodes max", "nodes_max"),
    ("back mean", "backtracks_mean"),
    ("back med", "backtracks_median"),
    ("back max", "backtracks_max"),
    ("ms mean", "seconds_mean"),
    ("ms med", "seconds_median"),
    ("ms max", "seconds_max"),
    ("µs/puzzle", "us_per_puzzle"),
    ("success", "success_rate"),
    ("attempts", "attempts_mean"),
)
"""Table columns: header and Row field."""


def _cell(row: Row, field: str) -> str:
    value = getattr(row, field)
    if field == "solved":
        return f"{row.solved}/{row.total}"
    if value is None:
        return "-"
    if field.startswith("seconds_"):
        return f"{value * 1000:.2f}"
    if field == "success_rate":
        return f"{value:.0%}"
    if isinstance(value, float):
        return f"{value:.1f}" if value < 100 else f"{value:.0f}"
    return str(value)


def table_cells(rows: Iterable[Row]) -> tuple[list[str], list[list[str]]]:
    """Headers and cell texts of the comparison table."""
    return [h for h, _ in COLUMNS], [[_cell(r, f) for _, f in COLUMNS] for r in rows]


def format_table(rows: Iterable[Row]) -> str:
    """The comparison as aligned plain text (text left-aligned, numbers right-aligned).

    >>> from sudograph.grid import Grid
    >>> s = PuzzleSet("tiny", (Grid.parse("...3.2.1...4.1.2"),))
    >>> print(format_table(summarize(run_bench([s], ["naive"]))).splitlines()[0].split()[:4])
    ['method', 'set', 'solved', 'stopped']
    """
    headers, body = table_cells(rows)
    widths = [max([len(h), *(len(line[j]) for line in body)]) for j, h in enumerate(headers)]

    def fmt(cells: Sequence[str]) -> str:
        out = [
            c.ljust(w) if j < 2 else c.rjust(w)
            for j, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(out).rstrip()

    return "\n".join([fmt(headers), *(fmt(line) for line in body)])


def rich_tables(rows: Iterable[Row]) -> list[Any]:
    """The comparison as :class:`rich.table.Table` s for a terminal, one per set: mean, median
    and max stacked in each row, so that a row stays narrow enough for a usual terminal."""
    from rich import box
    from rich.table import Table

    by_set: dict[str, list[Row]] = {}
    for r in rows:
        by_set.setdefault(r.set, []).append(r)
    tables = []
    for name, mine in by_set.items():
        table = Table(title=f"sudograph bench: {name}", show_lines=True,
                      padding=(0, 0), pad_edge=False, box=box.SIMPLE_HEAD)  # fmt: skip
        for j, h in enumerate(("method", "solved", "stop\nunsat\nstall", "", "nodes", "back",
                               "ms", "µs/pz", "success", "tries")):  # fmt: skip
            table.add_column(h, justify="left" if j in (0, 3) else "right", no_wrap=True)
        for r in mine:
            stacked = [
                "\n".join(_cell(r, f"{stem}_{part}") for part in ("mean", "median", "max"))
                for stem in ("nodes", "backtracks", "seconds")
            ]
            ends = "\n".join(_cell(r, f) for f in ("stopped", "unsatisfiable", "stalled"))
            table.add_row(r.method, _cell(r, "solved"), ends, "mean\nmed\nmax",
                          *stacked, _cell(r, "us_per_puzzle"), _cell(r, "success_rate"),
                          _cell(r, "attempts_mean"))  # fmt: skip
        tables.append(table)
    return tables


def to_csv(rows: Iterable[Row]) -> str:
    """The rows as CSV text, one column per :class:`Row` field (header first)."""
    out = io.StringIO()
    names = [f.name for f in fields(Row)]
    writer = csv.DictWriter(out, fieldnames=names, lineterminator="\n")
    writer.writeheader()
    for r in rows:
        writer.writerow(r.as_dict())
    return out.getvalue()
