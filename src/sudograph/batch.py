"""Batch solving: :func:`solve_many` streams results for any number of puzzles, on all cores.

Puzzles go in chunks to worker processes; results come back **in input order**, one
:class:`BatchResult` per puzzle, as soon as their chunk is done. At most a few chunks are in
flight at a time, so memory stays flat over millions of puzzles. The ``fast`` method solves a
whole chunk in one compiled loop; any other method calls :func:`sudograph.solve.solve` on each
puzzle.

>>> lines = ["1" + "." * 80, "11" + "." * 79]
>>> [(r.index, r.status) for r in solve_many(lines, workers=1)]
[(0, 'solved'), (1, 'error')]
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from .errors import InvalidArgument, SudographError
from .grid import Grid

CHUNK = 512
"""Puzzles per chunk sent to a worker."""
DASK_CHUNK = 4096
"""Puzzles per chunk sent to a worker of a Dask cluster (a task costs a few milliseconds)."""

DIGITS = frozenset("123456789.0")

Row = tuple[str, str | None, int, int, str | None]
"""What a worker returns per puzzle: (status, solution line, count, nodes, error)."""


@dataclass(slots=True)
class BatchResult:
    """The outcome for one puzzle of a batch.

    ``status``: ``solved``, ``unsatisfiable``, ``stopped`` or ``error`` (a line that cannot be
    read, clashing clues, a puzzle the method cannot take); ``solution`` the first solution as
    one line; ``count`` solutions found (up to the limit); ``nodes`` the method's node count
    (guesses for ``fast``); ``error`` the message when ``status == "error"``.
    """

    index: int
    status: str
    solution: str | None = None
    count: int = 0
    nodes: int = 0
    error: str | None = None

    def to_line(self) -> str:
        """The output line of the file mode: the solution, the status, or ``error: ...``."""
        if self.status == "solved" and self.solution is not None:
            return self.solution
        if self.status == "error":
            return f"error: {self.error}"
        return self.status


Item = Any
"""A puzzle of a batch: a one-line string, a Grid, or an exception already raised for it."""


def solve_many(
    puzzles: Iterable[Item] | Any,
    method: str = "fast",
    limit: int | None = 1,
    workers: int | None = None,
    engine: str = "auto",
    *,
    max_nodes: int | None = None,
    chunk_size: int | None = None,
    box: tuple[int, int] | None = None,
    alphabet: str | None = None,
    solve_options: dict[str, Any] | None = None,
    fallback: str | None = None,
    executor: Any = None,
) -> Iterator[BatchResult]:
    """Solve many puzzles; yield one :class:`BatchResult` per puzzle, in input order.

    ``puzzles``: an iterable of one-line strings or :class:`~sudograph.grid.Grid` objects, or an
    (n, 81) integer array (0 = empty). ``workers``: processes to use (None = every core, 1 =
    this process). ``limit`` solutions per puzzle (2 proves uniqueness, None counts all);
    ``max_nodes`` stops a puzzle's search (status ``stopped``); ``solve_options`` are more
    keyword arguments of :func:`sudograph.solve.solve` (``order``, ``inference``, ``timeout``,
    ``seed``...) for the methods other than ``fast``, and ``timeout`` (seconds per puzzle) for
    ``fast`` too (see :data:`QUICK_GUESSES`). ``fallback`` is the method for the
    puzzles ``fast`` cannot take (grids other than 9×9; None: they are errors). A puzzle that
    cannot be read
    or solved by the method gives status ``error``; the others still run.

    ``executor``: a ``distributed.Client``: the chunks run on its Dask cluster instead
    (``workers`` is then ignored; see :mod:`sudograph.distributed`). ``chunk_size``: puzzles
    per chunk (default :data:`CHUNK`, :data:`DASK_CHUNK` on a cluster).

    Raises :class:`InvalidArgument` on bad arguments (unknown method, workers < 1, engine
    ``python`` with method ``fast``).

    >>> import numpy as np
    >>> rows = list(solve_many(np.zeros((2, 81), dtype=int), workers=1))
    >>> [(r.status, sorted(r.to_line()[:9])) == ("solved", list("123456789")) for r in rows]
    [True, True]
    """
    from .methods import get_method

    get_method(method)
    if fallback is not None:
        get_method(fallback)
    if engine not in ("auto", "python", "numba"):
        raise InvalidArgument(f"engine must be auto, python or numba, got {engine!r}")
    if method == "fast" and engine == "python":
        raise InvalidArgument("method 'fast' has no Python engine: use engine auto or numba")
    if workers is not None and workers < 1:
        raise InvalidArgument(f"workers must be >= 1, got {workers}")
    if limit is not None and limit < 1:
        raise InvalidArgument(f"limit must be >= 1 (or None for all), got {limit}")
    if chunk_size is None:  # a task on a cluster costs milliseconds: larger chunks there
        chunk_size = CHUNK if executor is None else DASK_CHUNK
    if chunk_size < 1:
        raise InvalidArgument(f"chunk_size must be >= 1, got {chunk_size}")
    n_workers = workers or os.cpu_count() or 1
    extra = dict(solve_options or {})
    if fallback is not None:
        extra[FALLBACK] = fallback
    settings = (method, limit, engine, max_nodes, box, alphabet, extra)
    chunks = _chunks(puzzles, chunk_size)
    index = 0
    if executor is not None:  # a Dask client: same chunks, same order, on its cluster
        from .distributed import map_ordered

        for rows in map_ordered(executor, solve_chunk, chunks, settings):
            for row in rows:
                yield BatchResult(index, *row)
                index += 1
        return
    first = next(chunks, None)
    if first is None:
        return
    second = next(chunks, None)
    if n_workers == 1 or second is None:
        for chunk in _chain(first, second, chunks):
            for row in solve_chunk(chunk, settings):
                yield BatchResult(index, *row)
                index += 1
        return
    if method == "fast":  # load the kernels once here: forked workers inherit them
        from .engine.fast9 import warmup

        warmup()
    pool = ProcessPoolExecutor(max_workers=n_workers, initializer=_ignore_interrupts)
    try:
        pending: deque[Future[list[Row]]] = deque()
        for chunk in _chain(first, second, chunks):
            pending.append(pool.submit(solve_chunk, chunk, settings))
            while len(pending) > 2 * n_workers or (pending and pending[0].done()):
                for row in pending.popleft().result():
                    yield BatchResult(index, *row)
                    index += 1
        while pending:
            for row in pending.popleft().result():
                yield BatchResult(index, *row)
                index += 1
        pool.shutdown(wait=True)
    finally:  # on Ctrl-C, an error or a caller that stops early: drop the work in flight
        pool.shutdown(wait=False, cancel_futures=True)
        procs: dict[int, Any] = getattr(pool, "_processes", None) or {}
        for proc in list(procs.values()):
            if proc.is_alive():
                proc.terminate()


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops the batch and keeps what is done."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chain(first: Any, second: Any, rest: Iterator[Any]) -> Iterator[Any]:
    yield first
    if second is not None:
        yield second
        yield from rest


def _chunks(puzzles: Iterable[Item] | Any, size: int) -> Iterator[Any]:
    """Chunks of the input: array slices for an array, lists otherwise."""
    if hasattr(puzzles, "ndim") and hasattr(puzzles, "shape"):
        import numpy as np

        arr = np.asarray(puzzles)
        if arr.ndim != 2 or arr.shape[1] != 81:
            raise InvalidArgument(f"a puzzle array must have shape (n, 81), got {arr.shape}")
        for start in range(0, arr.shape[0], size):
            yield np.ascontiguousarray(arr[start : start + size], dtype=np.uint8)
        return
    if isinstance(puzzles, str | Grid):
        raise InvalidArgument("solve_many takes an iterable of puzzles (use solve for one)")
    chunk: list[Item] = []
    for p in puzzles:
        chunk.append(p)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def solve_chunk(chunk: Any, settings: tuple[Any, ...]) -> list[Row]:
    """Solve one chunk (runs in a worker process): one :data:`Row` per puzzle, in order."""
    method, limit, engine, max_nodes, box, alphabet, extra = settings
    timeout = extra.get("timeout")
    if hasattr(chunk, "ndim"):
        return _fast_rows(chunk, limit, max_nodes, timeout)
    rows: list[Row | None] = [None] * len(chunk)
    fast_pos: list[int] = []
    fast_lines: list[str] = []
    for i, item in enumerate(chunk):
        if isinstance(item, BaseException):
            rows[i] = ("error", None, 0, 0, str(item))
            continue
        if (
            method == "fast"
            and isinstance(item, str)
            and len(item) == 81
            and alphabet is None
            and box in (None, (3, 3))
            and DIGITS.issuperset(item)
        ):
            fast_pos.append(i)
            fast_lines.append(item)
            continue
        rows[i] = _solve_item(item, method, limit, engine, max_nodes, box, alphabet, extra)
    if fast_lines:
        from .engine.fast9 import lines_to_array

        for pos, row in zip(
            fast_pos, _fast_rows(lines_to_array(fast_lines), limit, max_nodes, timeout), strict=True
        ):
            rows[pos] = row
    return [r for r in rows if r is not None]


QUICK_GUESSES = 1_000
"""With a per-puzzle timeout, ``fast`` first solves a whole chunk in one compiled loop with at
most this many guesses per puzzle (a millisecond or two), then runs the puzzles left
unfinished one by one under the clock (:func:`sudograph.engine.fast9.run`)."""
QUICK_MIN_TIMEOUT = 0.05
"""Below this timeout (seconds) the compiled loop makes no guess at all before the clock."""


def _fast_rows(
    arr: Any, limit: int | None, max_nodes: int | None, timeout: float | None = None
) -> list[Row]:
    """Solve the rows of an (n, 81) array with the fast kernel; one :data:`Row` each.

    Without ``timeout``: one compiled loop (``max_nodes`` caps each puzzle's guesses). With
    it: the compiled loop first, capped at :data:`QUICK_GUESSES` guesses, then the puzzles it
    stopped (and ``max_nodes`` did not) again one by one under the clock.
    """
    import numpy as np

    from .engine.fast9 import array_to_line, check_solutions, solve_array

    cap = max_nodes
    if timeout is not None:
        quick = QUICK_GUESSES if timeout >= QUICK_MIN_TIMEOUT else 0
        cap = quick if max_nodes is None else min(max_nodes, quick)
    counts, sols, guesses, stopped = solve_array(arr, limit, max_guesses=cap)
    ok = check_solutions(arr, counts, sols).tolist()
    text = (sols + np.uint8(ord("0"))).tobytes().decode("ascii")
    out: list[Row] = []
    for i, (c, g, s) in enumerate(
        zip(counts.tolist(), guesses.tolist(), stopped.tolist(), strict=True)
    ):
        if not ok[i]:  # pragma: no cover - a bug in the kernel
            out.append(("error", None, c, g, "internal error: invalid solution"))
        elif c < 0:
            out.append(("error", None, 0, 0, "clashing clues"))
        elif s and timeout is not None and (max_nodes is None or g < max_nodes):
            line = array_to_line(arr[i])  # again from the start, under the clock
            extra = {"timeout": timeout}
            out.append(_solve_item(line, "fast", limit, "auto", max_nodes, None, None, extra))
        elif s:
            out.append(("stopped", text[81 * i : 81 * i + 81] if c else None, c, g, None))
        elif c:
            out.append(("solved", text[81 * i : 81 * i + 81], c, g, None))
        else:
            out.append(("unsatisfiable", None, 0, g, None))
    return out


FALLBACK = "__fallback__"
"""Key of the fallback method in a chunk's settings (see :func:`solve_many`)."""


def _solve_item(
    item: Item,
    method: str,
    limit: int | None,
    engine: str,
    max_nodes: int | None,
    box: tuple[int, int] | None,
    alphabet: str | None,
    extra: dict[str, Any],
) -> Row:
    """Solve one puzzle given as a string or a Grid with any method (errors become rows)."""
    try:
        grid = item if isinstance(item, Grid) else Grid.parse(str(item), box=box, alphabet=alphabet)
        extra = dict(extra)
        fallback = extra.pop(FALLBACK, None)
        if method == "fast" and fallback is not None and grid.box != (3, 3):
            method = fallback
        if method == "fast":
            from .engine.fast9 import run
            from .problem import SolveOptions

            options = SolveOptions(limit=limit, max_nodes=max_nodes, timeout=extra.get("timeout"))
            result = run(grid.problem, options, keep=1)
            grids = [grid.with_values(s) for s in result.solutions]
        else:
            from .solve import solve

            kwargs: dict[str, Any] = {**extra, "limit": limit, "engine": engine}
            if max_nodes is not None:
                kwargs["max_nodes"] = max_nodes
            result = solve(grid, method, **kwargs)
            grids = list(result.grids) or [grid.with_values(s) for s in result.solutions]
        for g in grids:
            if not g.is_solution_of(grid):  # pragma: no cover - a bug in a solver
                return ("error", None, 0, 0, f"internal error: {method} returned a wrong grid")
        count = result.count if result.count is not None else len(result.solutions)
        line = grids[0].to_line() if grids else None
        return (result.status, line, count, result.stats.nodes, None)
    except SudographError as exc:
        return ("error", None, 0, 0, str(exc))
