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

import contextlib
import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from itertools import islice
from typing import Any

from ._process import (
    Terminated,
    ask_to_stop,
    init_worker,
    signals_delivered,
    signals_held,
    signals_released,
    stop_requested,
)
from .errors import InvalidArgument, MissingExtra, SudographError, WorkLost
from .grid import Grid

CHUNK = 512
"""Puzzles per chunk sent to a worker."""
DASK_CHUNK = 4096
"""Puzzles per chunk sent to a worker of a Dask cluster (a task costs a few milliseconds)."""
ONE_WORKER_CHUNK = 4096
"""Puzzles per chunk with one worker and ``as_array`` (no pool to keep busy, no per-puzzle
results to stream: the calls around the kernel cost less per puzzle on larger chunks; 17-clue
strings 1.18x -> 1.11x the kernel's time). Results one by one keep :data:`CHUNK`, so that a
killed run has written all but its last chunk."""

SLOW_FIRST_CHUNK = 16
"""Puzzles in the first chunks of a method other than ``fast`` on a pool or a Dask cluster
(no ``chunk_size`` given); the later ones are sized by time (:data:`CHUNK_SECONDS`)."""
CHUNK_SECONDS = 0.25
"""What a chunk of a method other than ``fast`` aims to cost a worker (at the rate so far, at
most :data:`CHUNK` puzzles on a pool, :data:`DASK_CHUNK` on a cluster): on Ctrl-C, the rows
of a chunk after one cut short cannot be written (they would not be in order), so about this
much work per worker is lost at most, where a chunk of 512 hard puzzles was many seconds of
it. A chunk's round trip costs a
fraction of a millisecond."""

STOP_WAIT = 1.5
"""Seconds the parent waits at most, after Ctrl-C or SIGTERM, for its workers to send back
the part of their chunks done (a worker stops within a budget of the compiled kernel or
between two slices of a search: milliseconds, a SAT slice half a second at most; more on a
loaded machine)."""

DIGITS = frozenset("123456789.0")

SOLVE_OPTIONS = ("order", "inference", "timeout", "seed", "itermax", "trace")
"""The keys ``solve_options`` may hold: :func:`sudograph.solve.solve`'s options that
:func:`solve_many` does not take itself (``limit``, ``max_nodes`` and ``engine`` are its own
arguments)."""

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
        """The output line of the file mode: the solution, the status, or ``error: ...``; a
        search stopped by a bound after a solution writes ``stopped`` and that solution.

        >>> BatchResult(0, "stopped", "1234341221434321").to_line()
        'stopped 1234341221434321'
        """
        if self.status == "solved" and self.solution is not None:
            return self.solution
        if self.status == "stopped" and self.solution is not None:  # found stays written
            return stopped_row(self.solution)
        if self.status == "error":
            return f"error: {self.error}"
        return self.status


def stopped_row(solution: str) -> str:
    """The file row of a search a bound stopped after it found ``solution`` (one line):
    ``stopped`` and the solution, so that what was found stays written.

    >>> stopped_row("1234341221434321")
    'stopped 1234341221434321'
    """
    return f"stopped {solution}"


Item = Any
"""A puzzle of a batch: a one-line string, a Grid, or an exception already raised for it."""


def solve_many(
    puzzles: Iterable[Item] | Any,
    method: str | None = None,
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
    as_array: bool = False,
) -> Generator[Any, None, None]:
    """Solve many puzzles; yield one :class:`BatchResult` per puzzle, in input order.

    ``method``: None (the default) is :func:`default_method`: ``fast`` when the compiled
    engine is installed (the ``fast`` extra), else ``propagate``, the pure-Python search
    (hundreds of times slower on 9×9 files, docs/benchmarks.md; ``pip install
    'sudograph[fast]'``), as the command line's file mode picks it; with an ``executor``,
    ``fast`` unless ``engine="python"`` (the cluster's workers have their own install); an
    (n, 81) array is ``fast``'s input. A method named is kept:
    ``fast`` without numba, ``sat`` without python-sat, or ``engine="numba"`` (or
    ``$SUDOGRAPH_ENGINE=numba``) for a search without numba raise :class:`MissingExtra` here,
    before any puzzle is read (:func:`require_extras`; not with an ``executor``, whose workers
    have their own install).

    ``puzzles``: an iterable of one-line strings or :class:`~sudograph.grid.Grid` objects, or an
    (n, 81) integer array (0 = empty). ``workers``: processes to use (None = every core, 1 =
    this process). ``limit`` solutions per puzzle (2 proves uniqueness, None counts all);
    ``max_nodes`` stops a puzzle's search (status ``stopped``); ``solve_options`` are more
    keyword arguments of :func:`sudograph.solve.solve` (``order``, ``inference``, ``timeout``,
    ``seed``...) for the methods other than ``fast``, and ``timeout`` (seconds per puzzle) for
    ``fast`` too (see :data:`QUICK_GUESSES`). ``fallback`` is the method for the puzzles
    beyond a plain 9×9 (None: ``fast`` itself, on the house kernel, which takes any size and
    variant but a few, errors then). A puzzle that cannot be read or solved by the method
    gives status ``error``; the others still run.

    ``executor``: a ``distributed.Client``: the chunks run on its Dask cluster instead
    (``workers`` is then ignored; see :mod:`sudograph.distributed`). ``chunk_size``: puzzles
    per chunk (default :data:`CHUNK`, :data:`ONE_WORKER_CHUNK` with one worker and ``as_array``,
    :data:`DASK_CHUNK` on a cluster; for a method other than ``fast`` on a pool or a cluster,
    chunks sized by time, see :data:`CHUNK_SECONDS`).

    ``as_array=True`` (method ``fast`` only, 9×9, no ``fallback``/``alphabet``): yield one
    :class:`ArrayBatch` per chunk instead, the results as numpy arrays (``status`` codes,
    ``counts``, ``nodes``, ``solutions`` (n, 81)) or lines (:meth:`ArrayBatch.lines`), with no
    per-puzzle Python object; iterating a block (:meth:`ArrayBatch.results`) still gives the
    :class:`BatchResult` objects.

    Raises :class:`InvalidArgument` on bad arguments (unknown method, workers < 1, engine
    ``python`` with method ``fast``, ``as_array`` with another method, a bad
    ``$SUDOGRAPH_ENGINE``), :class:`MissingExtra` for an extra the run needs (see above;
    ``as_array`` needs ``fast``), :class:`~sudograph.errors.WorkLost` when a worker process
    dies (killed by a signal, out of memory) or the Dask cluster is lost, after every row
    before the lost chunk.

    >>> import numpy as np
    >>> rows = list(solve_many(np.zeros((2, 81), dtype=int), workers=1))
    >>> [(r.status, sorted(r.to_line()[:9])) == ("solved", list("123456789")) for r in rows]
    [True, True]
    >>> solve_many(["." * 81], limit=2.5)  # checked at the call, not at the first row
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: limit 2.5 is not a whole number
    """
    from .graph import whole_number
    from .methods import get_method
    from .solve import check_method_options

    if puzzles is None or isinstance(puzzles, str | bytes) or not isinstance(puzzles, Iterable):
        raise InvalidArgument(
            "puzzles must be an iterable of puzzles (lines, Grids) or an (n, 81) array, got "
            f"{type(puzzles).__name__}"
        )
    limit = None if limit is None else whole_number("limit", limit)
    workers = None if workers is None else whole_number("workers", workers)
    chunk_size = None if chunk_size is None else whole_number("chunk_size", chunk_size)
    if max_nodes is not None:
        max_nodes = whole_number("max_nodes", max_nodes)
        if max_nodes < 0:
            raise InvalidArgument(f"max_nodes must be >= 0, got {max_nodes}")
    from .engine import check_engine

    check_engine(engine)
    remote = executor is not None  # (its workers' install, not this one's)
    if method is None:  # an array, or as_array, is method fast's: refused below without numba
        array = hasattr(puzzles, "ndim") and hasattr(puzzles, "shape")
        method = "fast" if as_array or array else default_method(engine, remote=remote)
    get_method(method)
    if fallback is not None:
        get_method(fallback)
    check_method_options(method, engine=engine)  # an engine the method has not: refused once
    if workers is not None and workers < 1:
        raise InvalidArgument(f"workers must be >= 1, got {workers}")
    if limit is not None and limit < 1:
        raise InvalidArgument(f"limit must be >= 1 (or None for all), got {limit}")
    if as_array and (method != "fast" or fallback is not None or alphabet is not None):
        raise InvalidArgument("as_array needs method 'fast' on 9x9 (no fallback, no alphabet)")
    if executor is None:  # every puzzle would fail alike: refused once, before any work
        require_extras(method, engine)
        if fallback is not None:
            require_extras(fallback, engine)
    _check_solve_options(method, fallback, limit, engine, solve_options or {})
    n_workers = workers or os.cpu_count() or 1
    sizer = None
    if chunk_size is None and method != "fast":  # chunks of a slow method sized by time
        if executor is not None:
            from .distributed import is_client, workers_of

            if is_client(executor):  # (else map_ordered says what executor must be)
                sizer = _Sizer(workers_of(executor), cap=DASK_CHUNK)
        elif n_workers > 1:
            sizer = _Sizer(n_workers)
    if chunk_size is None:  # a task on a cluster costs milliseconds: larger chunks there
        one = n_workers == 1 and as_array  # blocks of arrays, one worker: larger chunks
        chunk_size = DASK_CHUNK if executor is not None else ONE_WORKER_CHUNK if one else CHUNK
    if chunk_size < 1:
        raise InvalidArgument(f"chunk_size must be >= 1, got {chunk_size}")
    chunk_size = min(chunk_size, sys.maxsize)  # (islice takes no larger: one chunk all the same)
    extra = dict(solve_options or {})
    if fallback is not None:
        extra[FALLBACK] = fallback
    settings = (method, limit, engine, max_nodes, box, alphabet, extra)
    chunks = _chunks(puzzles, sizer or chunk_size)
    return _solve_many(chunks, settings, executor, as_array, n_workers, sizer)


def _check_solve_options(
    method: str, fallback: str | None, limit: int | None, engine: str, options: dict[str, Any]
) -> None:
    """Raise :class:`InvalidArgument` for what would fail every puzzle alike (an error row
    each, or a TypeError from the first row on): an unknown key of ``options``, a value of the
    wrong type or range, an option the method would ignore or refuse (``seed`` for a method
    that draws no random numbers, ``order`` for one that is no search, a ``trace`` it cannot
    emit), and ``limit=None`` (count every solution) for a method that cannot count.

    With ``method`` ``fast`` and a ``fallback`` named, ``options`` tune the fallback (the
    compiled 9×9 kernel takes ``timeout`` alone), which only the puzzles beyond a plain 9×9
    meet: only their types and ranges are checked here, the rest is those puzzles' error rows.

    >>> _check_solve_options("fast", None, 1, "auto", {"timeout": "abc"})
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: timeout must be a number of seconds, got 'abc'
    """
    from .methods import get_method
    from .problem import SolveOptions
    from .solve import CHECKED, _refuse_incomplete, check_call

    for key in options:
        if key not in SOLVE_OPTIONS:
            raise InvalidArgument(
                f"solve_options: unknown option {key!r} (allowed: {', '.join(SOLVE_OPTIONS)})"
            )
    given: dict[str, Any] = {key: options.get(key) for key in SOLVE_OPTIONS}
    SolveOptions(**given)  # each value's type and range
    if method == "fast" and fallback is not None:
        return  # the options tune the fallback, which only puzzles beyond a plain 9x9 meet:
        # a fault there is their error row, not the whole run's
    m = get_method(method)
    check_call(m, **{k: given.get(k) for k in CHECKED}, engine=engine)
    if limit is None:
        _refuse_incomplete(m.name, "count solutions")


def default_method(engine: str = "auto", *, remote: bool = False) -> str:
    """The method of a batch when none is named: ``fast`` when ``engine`` resolves to the
    compiled one (:func:`sudograph.engine.resolve_engine`: numba installed, or asked for by
    ``engine`` or ``$SUDOGRAPH_ENGINE``), else ``propagate`` (the pure-Python search).
    ``remote``: the puzzles run on a Dask cluster's workers, whose install is theirs, not
    this machine's: ``fast`` unless ``engine`` is ``python`` (the workers say what they lack).

    Raises :class:`InvalidArgument` on a bad engine or ``$SUDOGRAPH_ENGINE``,
    :class:`MissingExtra` when numba is asked for and is not installed (here, not remote).

    >>> default_method("python"), default_method("numba", remote=True)
    ('propagate', 'fast')
    """
    if remote:
        return "propagate" if engine == "python" else "fast"
    from .engine import resolve_engine

    return "fast" if resolve_engine(engine) == "numba" else "propagate"


def require_extras(method: str, engine: str = "auto") -> None:
    """Raise :class:`MissingExtra` when ``method`` on ``engine`` needs an extra that is not
    installed: ``fast`` numba (the ``fast`` extra), ``sat`` python-sat (``sat``), a search
    method numba when ``engine`` or ``$SUDOGRAPH_ENGINE`` names it. Without this a batch
    failed every puzzle one by one (an error row each, which ``--resume`` then skipped).

    Raises :class:`InvalidArgument` on an unknown method or a bad ``$SUDOGRAPH_ENGINE``.

    >>> require_extras("propagate", "python")
    """
    from .engine import numba_available, resolve_engine
    from .methods import get_method

    m = get_method(method)
    if m.name == "sat":
        from .search.sat import sat_available

        if not sat_available():
            raise MissingExtra("pysat", "sat")
    if m.name == "fast" and not numba_available():
        raise MissingExtra("numba", "fast")
    try:
        resolve_engine(engine)  # a bad $SUDOGRAPH_ENGINE: refused whatever the method
    except MissingExtra:
        if m.order is not None:  # numba asked for: the search methods' engine only
            raise


def _solve_many(
    chunks: Iterator[Any],
    settings: tuple[Any, ...],
    executor: Any,
    as_array: bool,
    n_workers: int,
    sizer: _Sizer | None,
) -> Generator[Any, None, None]:
    """:func:`solve_many`'s rows, its arguments checked (``settings`` those of a chunk).

    Rows taken from a chunk wait in ``ready`` and leave it one by one as they are yielded:
    Ctrl-C or SIGTERM raised here, or at a ``yield``, still yields the rest of the chunk in
    hand, then, on a pool, the rows the workers have done (:func:`_rows_in_flight`), in
    order, before it is raised again. Run inside :func:`~sudograph._process.signals_held`
    (as the file mode runs it), the signals act only in the waits marked
    :func:`~sudograph._process.signals_delivered` (a worker's result, a chunk solved here,
    the cluster's next result, the next lines of the input), where nothing is half done:
    nothing done is lost, and no row is numbered twice.
    """
    method, _, engine, _, box, _, _ = settings
    index = 0
    ready: deque[Any] = deque()

    def take(rows: list[Row] | ArrayBatch) -> None:
        nonlocal index
        ready.extend(_emit(rows, index, as_array))
        index += len(rows)

    def drain() -> Iterator[Any]:
        while ready:
            yield ready.popleft()

    if executor is not None:  # a Dask client: same chunks, same order, on its cluster
        from .distributed import map_ordered

        results = map_ordered(executor, solve_chunk, chunks, settings)
        try:
            while True:
                with signals_delivered():  # waiting for the cluster
                    rows = next(results, None)
                if rows is None:
                    break
                if sizer is not None:
                    sizer.taken(len(rows))
                take(rows)
                yield from drain()
        except (KeyboardInterrupt, Terminated):
            yield from drain()
            raise
        return
    first = next(chunks, None)
    if first is None:
        return
    second = next(chunks, None)
    if n_workers == 1 or second is None:
        try:
            for chunk in _chain(first, second, chunks):
                try:
                    with signals_delivered():  # the chunk solved here stops at a signal
                        rows = solve_chunk(chunk, settings)
                    take(rows)
                except ChunkInterrupted as stop:  # Ctrl-C or SIGTERM here: hand over what is done
                    take(stop.rows)
                    raise stop.cause from None
                yield from drain()
        except (KeyboardInterrupt, Terminated):
            yield from drain()
            raise
        return
    if method == "fast":  # load the kernels once here: forked workers inherit them
        from .engine.fast9 import warmup

        warmup()
    if method in ("fast", "propagate") and box not in (None, (3, 3)) and engine == "auto":
        from .engine import numba_available

        if numba_available():  # other sizes run on the house kernel: load it before the fork
            from .engine.compile import ensure_loaded

            ensure_loaded("houses")
    # init_worker: workers end with this process, however it ends (see sudograph._process)
    pool = ProcessPoolExecutor(n_workers, initializer=init_worker, initargs=(os.getpid(),))
    pending: deque[Future[list[Row] | ArrayBatch | PartialRows]] = deque()
    cut = False  # a chunk came back cut: nothing after it can be written

    def take_first() -> None:
        nonlocal cut
        with signals_delivered():  # waiting for a worker
            out = pending[0].result()  # left in pending until taken (Ctrl-C here)
        pending.popleft()
        cut = isinstance(out, PartialRows)
        rows = _rows_of(out)
        if sizer is not None:
            sizer.taken(len(rows))
        take(rows)

    try:
        try:
            for chunk in _chain(first, second, chunks):
                pending.append(pool.submit(pool_chunk, chunk, settings))
                while len(pending) > 2 * n_workers or (pending and pending[0].done()):
                    take_first()
                    yield from drain()
                    if cut:  # a worker asked to stop by another process: as Ctrl-C here
                        raise KeyboardInterrupt
            while pending:
                take_first()
                yield from drain()
                if cut:
                    raise KeyboardInterrupt
        except (KeyboardInterrupt, Terminated):  # keep what the workers have done, in order
            yield from drain()
            if not cut:
                yield from _rows_in_flight(pool, pending, index, as_array)
            raise
        except BrokenProcessPool:  # the rows before the lost chunk are handed over
            yield from drain()
            raise WorkLost(WORKER_DIED) from None
        pool.shutdown(wait=True)
    finally:  # on Ctrl-C, SIGTERM, an error or a caller that stops early: end the workers
        end_pool(pool)


def map_local(
    fn: Callable[..., Any], chunks: Iterable[Any], *args: Any, workers: int
) -> Iterator[Any]:
    """``fn(chunk, *args)`` for every chunk on ``workers`` processes of this machine; results
    in input order, as :func:`sudograph.distributed.map_ordered` gives them from a cluster
    (``fn`` and the chunks picklable; an exception of ``fn`` comes back raised). At most
    ``2 × workers`` chunks are in flight past the one awaited: the input is read as the
    results are taken. The workers ignore Ctrl-C and end with this process
    (:func:`~sudograph._process.init_worker`); when the caller stops (Ctrl-C here, an error,
    a ``break``) they are ended at once, the chunks in flight dropped.

    Raises :class:`~sudograph.errors.WorkLost` when a worker dies.

    >>> list(map_local(divmod, [7, 9, 11], 4, workers=2))
    [(1, 3), (2, 1), (2, 3)]
    """
    pool = ProcessPoolExecutor(workers, initializer=init_worker, initargs=(os.getpid(),))
    pending: deque[Future[Any]] = deque()
    try:
        for chunk in chunks:
            pending.append(pool.submit(fn, chunk, *args))
            while len(pending) > 2 * workers or (pending and pending[0].done()):
                with signals_delivered():  # (where a signal acts, inside signals_held)
                    out = pending[0].result()
                pending.popleft()
                yield out
        while pending:
            with signals_delivered():
                out = pending[0].result()
            pending.popleft()
            yield out
        pool.shutdown(wait=True)
    except BrokenProcessPool:
        raise WorkLost(WORKER_DIED) from None
    finally:
        end_pool(pool)


WORKER_DIED = (
    "a worker process ended abruptly (killed by a signal, out of memory?) or could not start"
)
""":class:`WorkLost`'s message when a worker of the pool dies (the pool cannot go on; the
rows before its chunk were handed over)."""


@dataclass(slots=True)
class PartialRows:
    """What a worker sends back for a chunk it stopped (its parent asked it to): the
    ``rows`` of the puzzles done before the first one not done."""

    rows: list[Row] | ArrayBatch


def _rows_of(out: list[Row] | ArrayBatch | PartialRows) -> list[Row] | ArrayBatch:
    return out.rows if isinstance(out, PartialRows) else out


def pool_chunk(chunk: Any, settings: tuple[Any, ...]) -> list[Row] | ArrayBatch | PartialRows:
    """:func:`solve_chunk` in a worker of :func:`solve_many`'s pool: its rows, or
    :class:`PartialRows` when the parent asked it to stop (:func:`sudograph._process.ask_to_stop`)
    before the chunk was done."""
    try:
        with signals_released():
            return solve_chunk(chunk, settings)
    except ChunkInterrupted as stop:
        return PartialRows(stop.rows)
    except KeyboardInterrupt:  # asked before the chunk began
        return PartialRows([])


def _rows_in_flight(
    pool: ProcessPoolExecutor,
    pending: deque[Future[list[Row] | ArrayBatch | PartialRows]],
    index: int,
    as_array: bool,
) -> Iterator[Any]:
    """After Ctrl-C or SIGTERM: ask the workers to stop (they send back the part of their
    chunk done) and yield, in order, the rows of the chunks in flight up to the first chunk
    cut or not back within :data:`STOP_WAIT` seconds (rows after a gap are not yielded).

    The same signal again meanwhile is held, then dropped (it is the one being handled:
    ``timeout`` sends its signal to the command, then to its process group)."""
    if not pending:
        return
    outs: list[list[Row] | ArrayBatch | PartialRows] = []
    with contextlib.suppress(KeyboardInterrupt, Terminated), signals_held():
        procs = list((getattr(pool, "_processes", None) or {}).values())
        ask_to_stop([p.pid for p in procs if p.pid is not None and p.is_alive()])
        deadline = time.monotonic() + STOP_WAIT
        for future in pending:
            try:
                out = future.result(timeout=max(deadline - time.monotonic(), 0.0))
            except Exception:  # not back in time, or lost with its worker: the rows end here
                break
            outs.append(out)
            if isinstance(out, PartialRows):
                break
    for out in outs:
        rows = _rows_of(out)
        yield from _emit(rows, index, as_array)
        index += len(rows)


def end_pool(pool: ProcessPoolExecutor) -> None:
    """Drop the work in flight and end the workers of ``pool`` now (SIGKILL, then reaped: a
    worker's SIGTERM stops its chunk, see :func:`sudograph._process.handle_worker_term`).

    The processes are taken before ``shutdown``, which forgets them (Python 3.11).
    """
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pipes = _parent_ends(pool)
    manager = getattr(pool, "_executor_manager_thread", None)
    restore = _quiet(manager) if manager is not None else None
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        if proc.is_alive():
            proc.kill()
    for proc in procs:
        proc.join(timeout=1.0)
    if procs and not any(proc.is_alive() for proc in procs):
        for conn in pipes:  # unblock the pool's threads (see _parent_ends)
            with contextlib.suppress(OSError):
                conn.close()
        if manager is not None:
            # let the pool's manager thread end (it closes its wake-up pipe as it does): at
            # exit, concurrent.futures wakes it through that pipe, and a close racing that
            # write printed "OSError: Bad file descriptor" (Python 3.11, seen in CI under load)
            manager.join(timeout=2.0)
    if restore is not None and manager is not None and not manager.is_alive():
        restore()  # it has ended: the hook is no longer needed


def _quiet(thread: threading.Thread) -> Callable[[], None]:
    """Let ``thread`` (a pool's manager thread, whose workers this process is ending) end on
    an exception without printing it: reading from a worker ended mid-message or from a pipe
    closed under it is how it learns the pool is gone (a traceback on standard error after a
    clean SIGTERM was seen once in CI under load). Other threads' exceptions print as before.
    Returns what puts the previous hook back."""
    previous = threading.excepthook

    def hook(args: Any) -> None:
        if args.thread is not thread:
            previous(args)

    def restore() -> None:
        if threading.excepthook is hook:
            threading.excepthook = previous

    threading.excepthook = hook
    return restore


def _parent_ends(pool: ProcessPoolExecutor) -> list[Any]:
    """The ends of the pool's two pipes that this process holds but never uses.

    A worker ended in the middle of a message leaves the pool's manager thread blocked
    reading the rest of a result, and the thread that feeds the tasks blocked writing one
    (the pipe is full); the interpreter joins both at exit, so the process hung after
    Ctrl-C. While this process holds the result pipe's write end and the task pipe's read
    end, neither pipe ever reports its other side gone; closed once every worker is dead,
    the read ends with EOF and the write with EPIPE, and both threads finish.
    """
    ends = []
    for queue, end in (("_result_queue", "_writer"), ("_call_queue", "_reader")):
        conn = getattr(getattr(pool, queue, None), end, None)
        if conn is not None:
            ends.append(conn)
    return ends


def _emit(rows: list[Row] | ArrayBatch, index: int, as_array: bool) -> Iterator[Any]:
    """A chunk's results from ``index`` on: one :class:`ArrayBatch`, or BatchResults (nothing
    for no row)."""
    if not len(rows):
        return
    if as_array:
        block = rows if isinstance(rows, ArrayBatch) else ArrayBatch.from_rows(rows)
        block.start = index
        yield block
    else:
        for i, row in enumerate(rows):
            yield BatchResult(index + i, *row)


def _chain(first: Any, second: Any, rest: Iterator[Any]) -> Iterator[Any]:
    yield first
    if second is not None:
        yield second
        yield from rest


class _Sizer:
    """The size of the next chunk of a slow method on ``workers`` processes (or workers of a
    Dask cluster): first :data:`SLOW_FIRST_CHUNK`, then what a worker solves in
    :data:`CHUNK_SECONDS` at the rate seen so far (1 to ``cap``).

    >>> sizer = _Sizer(2); sizer()
    16
    """

    def __init__(self, workers: int, cap: int = CHUNK) -> None:
        self.workers = workers
        self.cap = cap
        self.size = SLOW_FIRST_CHUNK
        self.start: float | None = None
        self.done = 0

    def __call__(self) -> int:
        if self.start is None:  # the clock starts with the first chunk read
            self.start = time.monotonic()
        return self.size

    def taken(self, rows: int) -> None:
        """``rows`` more results came back."""
        self.done += rows
        elapsed = time.monotonic() - (self.start or time.monotonic())
        if elapsed > 0:
            per_worker = self.done / elapsed / self.workers
            self.size = max(1, min(self.cap, int(per_worker * CHUNK_SECONDS)))


def _chunks(puzzles: Iterable[Item] | Any, size: int | Callable[[], int]) -> Iterator[Any]:
    """Chunks of the input: array slices for an array, lists otherwise; ``size`` a number of
    puzzles, or what gives the size of each chunk as it is read."""
    if not callable(size):
        fixed = size
        size = lambda: fixed  # noqa: E731
    if hasattr(puzzles, "ndim") and hasattr(puzzles, "shape"):
        import numpy as np

        arr = np.asarray(puzzles)
        if arr.ndim != 2 or arr.shape[1] != 81:
            raise InvalidArgument(f"a puzzle array must have shape (n, 81), got {arr.shape}")
        arr = _check_values(arr)
        start = 0
        while start < arr.shape[0]:
            step = size()
            yield np.ascontiguousarray(arr[start : start + step], dtype=np.uint8)
            start += step
        return
    if isinstance(puzzles, str | Grid):
        raise InvalidArgument("solve_many takes an iterable of puzzles (use solve for one)")
    items = iter(puzzles)
    while True:
        with signals_delivered():  # waiting for the input (standard input may block)
            chunk = list(islice(items, size()))
        if not chunk:
            return
        yield chunk


def _check_values(arr: Any) -> Any:
    """``arr`` as whole numbers 0..9 (a float array of whole numbers, as ``np.loadtxt`` and
    ``np.zeros`` make, taken as its integers), or :class:`InvalidArgument` naming the first
    value at fault: read as bytes, 1.5 would be 1 and 265 would be 9.

    >>> import numpy as np
    >>> _check_values(np.zeros((2, 81))).dtype
    dtype('int64')
    >>> _check_values(np.full((2, 81), 0.5))
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: puzzle values must be 0..9: puzzle 1, cell 1 holds 0.5
    >>> bad = np.zeros((2, 81), dtype=np.int64)
    >>> bad[1, 4] = 265
    >>> _check_values(bad)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: puzzle values must be 0..9: puzzle 2, cell 5 holds 265
    """
    import numpy as np

    if arr.dtype == object:  # (Python ints, say: as numbers, or refused below)
        with contextlib.suppress(TypeError, ValueError):
            arr = arr.astype(np.float64)
    if arr.dtype == bool or not (
        np.issubdtype(arr.dtype, np.integer) or np.issubdtype(arr.dtype, np.floating)
    ):
        raise InvalidArgument(f"a puzzle array must hold whole numbers 0..9, got dtype {arr.dtype}")
    with np.errstate(invalid="ignore"):  # (NaN compares false: at fault)
        good = (arr >= 0) & (arr <= 9)
        if np.issubdtype(arr.dtype, np.floating):
            good &= arr == np.floor(arr)
    if not good.all():
        row, cell = np.argwhere(~good)[0]
        raise InvalidArgument(
            f"puzzle values must be 0..9: puzzle {row + 1}, cell {cell + 1} holds "
            f"{arr[row, cell].item()!r}"
        )
    return arr if np.issubdtype(arr.dtype, np.integer) else arr.astype(np.int64)


class ChunkInterrupted(Exception):
    """A chunk solved in this process stopped by Ctrl-C or SIGTERM (``cause``), with the
    ``rows`` of its puzzles done before: :func:`solve_many` yields them, then raises
    ``cause``, so that nothing computed is lost and the puzzle cut off gets no row."""

    def __init__(self, rows: list[Row] | ArrayBatch, cause: BaseException) -> None:
        super().__init__("interrupted")
        self.rows = rows
        self.cause = cause


def solve_chunk(chunk: Any, settings: tuple[Any, ...]) -> list[Row] | ArrayBatch:
    """Solve one chunk (runs in a worker process): one :data:`Row` per puzzle, in order.

    A chunk of ``fast`` 9×9 work comes back as an :class:`ArrayBatch` (iterating it gives the
    rows): the lines are parsed, solved, checked and kept as arrays, no per-puzzle Python work.
    Ctrl-C or SIGTERM (or, in a worker, its parent asking it to stop) raise
    :class:`ChunkInterrupted` with the rows done: the compiled loop stops between two budgets
    of guesses (:func:`sudograph.engine.fast9.solve_rows`) with the rows it finished, the
    puzzles one by one stop at once.
    """
    method, _limit, _engine, _max_nodes, box, alphabet, _extra = settings
    if hasattr(chunk, "ndim"):
        return _fast_rows(chunk, settings)
    if method == "fast" and alphabet is None and box in (None, (3, 3)):
        block = _fast_lines(chunk, settings)
        if block is not None:
            return block
    return _solve_rows(chunk, settings)


def _held_block(
    solve: Callable[[], ArrayBatch | None], expected: int | None = None
) -> ArrayBatch | None:
    """``solve()`` (a compiled block) with Ctrl-C and SIGTERM held until it returns (it stops
    early when one comes, see :func:`~sudograph._process.stop_requested`); one that came
    meanwhile raises :class:`ChunkInterrupted` with the block, and so does a block of fewer
    than ``expected`` rows (stopped by a worker's parent)."""
    block = None
    try:
        with signals_held():
            block = solve()
    except (KeyboardInterrupt, Terminated) as exc:
        if block is None:
            raise
        raise ChunkInterrupted(block, exc) from None
    if expected is not None and block is not None and len(block) < expected:
        raise ChunkInterrupted(block, KeyboardInterrupt())
    return block


def _solve_rows(chunk: Any, settings: tuple[Any, ...]) -> list[Row]:
    """:func:`solve_chunk` of items one by one (the 81-digit lines of ``fast`` in one block
    at the end); Ctrl-C or SIGTERM raise :class:`ChunkInterrupted` with the rows done until
    the first puzzle not done."""
    rows: list[Row | None] = [None] * len(chunk)
    try:
        return _fill_rows(rows, chunk, settings)
    except (KeyboardInterrupt, Terminated) as exc:
        done = next((i for i, row in enumerate(rows) if row is None), len(rows))
        raise ChunkInterrupted([r for r in rows[:done] if r is not None], exc) from None


def _fill_rows(rows: list[Row | None], chunk: Any, settings: tuple[Any, ...]) -> list[Row]:
    """The rows of :func:`_solve_rows`, written into ``rows`` as they are made."""
    method, limit, engine, max_nodes, box, alphabet, extra = settings
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

        try:
            block: list[Row] | ArrayBatch = _fast_rows(lines_to_array(fast_lines), settings)
        except ChunkInterrupted as stop:  # the rows it finished are kept
            block = stop.rows
            for pos, row in zip(fast_pos, block, strict=False):
                rows[pos] = row
            raise stop.cause from None
        for pos, row in zip(fast_pos, block, strict=True):
            rows[pos] = row
    return [r for r in rows if r is not None]


QUICK_GUESSES = 1_000
"""With a per-puzzle timeout, ``fast`` first solves a whole chunk in one compiled loop with at
most this many guesses per puzzle (a millisecond or two), then runs the puzzles left
unfinished one by one under the clock (:func:`sudograph.engine.fast9.run`)."""
QUICK_MIN_TIMEOUT = 0.05
"""Below this timeout (seconds) the compiled loop makes no guess at all before the clock."""


def _fast_lines(chunk: list[Any], settings: tuple[Any, ...]) -> ArrayBatch | None:
    """A chunk of strings for ``fast``: parsed in one vectorised pass, solved in one loop;
    None (before any work) when an item is not a string (joining them is the test).

    Lines that are not 81 symbols of ``1-9.0`` (other sizes for the fallback, unreadable
    lines) go one by one to :func:`_solve_item` after the loop, which gives their result or
    error. Ctrl-C or SIGTERM raise :class:`ChunkInterrupted` with the rows done before the
    first line not done.
    """
    from .engine.fast9 import require_fast

    require_fast()  # MissingExtra naming the extra, before numpy is imported
    import numpy as np

    from .engine.fast9_io import parse_chunk

    method, limit, engine, max_nodes, box, alphabet, extra = settings
    try:
        arr, bad = parse_chunk(chunk)
    except TypeError:  # a Grid, a tuple or an error among the items
        return None
    odd = np.flatnonzero(bad >= 0)
    if not odd.size:
        return _fast_rows(arr, settings)
    good = np.flatnonzero(bad < 0)
    block = ArrayBatch.empty(len(chunk))
    try:
        part = _fast_rows(arr[good], settings)
    except ChunkInterrupted as stop:  # up to the first line not done (solved or odd)
        done = len(stop.rows)
        assert isinstance(stop.rows, ArrayBatch)
        block.put(good[:done], stop.rows)
        cut = min(int(good[done]) if done < good.size else len(chunk), int(odd[0]))
        raise ChunkInterrupted(block.head(cut), stop.cause) from None
    block.put(good, part)
    for i in odd.tolist():
        try:
            row = _solve_item(chunk[i], method, limit, engine, max_nodes, box, alphabet, extra)
        except (KeyboardInterrupt, Terminated) as exc:
            raise ChunkInterrupted(block.head(i), exc) from None
        block.set_row(i, row)
    return block


def _fast_rows(arr: Any, settings: tuple[Any, ...]) -> ArrayBatch:
    """The rows of an (n, 81) array for ``fast``: the compiled loop (:func:`_fast_block`, its
    Ctrl-C and SIGTERM held, stopping between two budgets when one comes), then, with a
    ``timeout``, the puzzles it stopped (and ``max_nodes`` did not) again one by one under the
    clock. Ctrl-C or SIGTERM raise :class:`ChunkInterrupted` with the rows done before the
    first one not done."""
    from .engine.fast9 import array_to_line, require_fast

    require_fast()
    import numpy as np

    _method, limit, _engine, max_nodes, _box, _alphabet, extra = settings
    timeout = extra.get("timeout")
    n = len(arr)
    block = _held_block(lambda: _fast_block(arr, limit, max_nodes, timeout, stop_requested), n)
    assert block is not None
    if timeout is None:
        return block
    again = block.status == STOPPED
    if max_nodes is not None:
        again &= block.nodes < max_nodes
    for i in np.flatnonzero(again).tolist():  # again from the start, under the clock
        line = array_to_line(arr[i])
        timed = {"timeout": timeout}
        try:
            row = _solve_item(line, "fast", limit, "auto", max_nodes, None, None, timed)
        except (KeyboardInterrupt, Terminated) as exc:
            raise ChunkInterrupted(block.head(i), exc) from None
        block.set_row(i, row)
    return block


def _fast_block(
    arr: Any,
    limit: int | None,
    max_nodes: int | None,
    timeout: float | None = None,
    stop: Callable[[], bool] | None = None,
) -> ArrayBatch:
    """Solve the rows of an (n, 81) array with the fast kernel; every solution checked.

    Without ``timeout``: one compiled loop (``max_nodes`` caps each puzzle's guesses). With
    it, the loop is capped at :data:`QUICK_GUESSES` guesses (the rows it stopped are run again
    by :func:`_fast_rows`). The loop runs by budgets of guesses and ends early when ``stop()``
    says so (asked between two): the block then holds the rows done before (fewer than n).
    """
    from .engine.fast9 import array_to_line, check_solutions, require_fast, solve_rows

    require_fast()
    import numpy as np

    cap = max_nodes
    if timeout is not None:
        quick = QUICK_GUESSES if timeout >= QUICK_MIN_TIMEOUT else 0
        cap = quick if max_nodes is None else min(max_nodes, quick)
    done, counts, sols, guesses, stopped = solve_rows(arr, limit, max_guesses=cap, stop=stop)
    if done < len(counts):
        arr, counts, sols, guesses, stopped = (
            arr[:done], counts[:done], sols[:done], guesses[:done], stopped[:done]
        )  # fmt: skip
    status = np.where(counts > 0, SOLVED, UNSATISFIABLE).astype(np.int8)
    status[stopped] = STOPPED
    block = ArrayBatch(0, status, counts, guesses, sols, {})
    clash = np.flatnonzero(counts < 0)
    if clash.size:
        status[clash], counts[clash], guesses[clash] = ERROR, 0, 0
        for i in clash.tolist():  # rare: name the cells, as the other paths do
            block.errors[i] = _clash_message(array_to_line(arr[i]))
    wrong = np.flatnonzero(~check_solutions(arr, counts, sols))
    for i in wrong.tolist():  # pragma: no cover - a bug in the kernel
        status[i] = ERROR
        block.errors[i] = "internal error: invalid solution"
    return block


def _clash_message(line: str) -> str:
    """``clashing clues: row 1: 1 at r1c1, r1c2; ...`` for a 9×9 line whose clues clash.

    >>> _clash_message("11" + "." * 79)
    'clashing clues: row 1: 1 at r1c1, r1c2; box 1: 1 at r1c1, r1c2'
    """
    clash = Grid.parse(line).clash_error()
    return "clashing clues" if clash is None else str(clash)


STATUSES = ("solved", "unsatisfiable", "stopped", "error")
"""The status names of :attr:`ArrayBatch.status` codes 0, 1, 2, 3."""
SOLVED, UNSATISFIABLE, STOPPED, ERROR = range(4)


@dataclass(slots=True)
class ArrayBatch:
    """The results of one chunk as arrays (``solve_many(..., as_array=True)`` yields these).

    ``start``: batch index of the first puzzle; ``status``: codes into :data:`STATUSES`;
    ``counts``, ``nodes`` (guesses); ``solutions``: (n, 81) ``uint8``, the first solution of
    each puzzle (zeros when none); ``errors``: the message of each ``error`` row, by position.
    :meth:`results` (or iterating ``solve_many`` without ``as_array``) builds the
    :class:`BatchResult` objects only then.

    >>> import numpy as np
    >>> block = next(solve_many(np.zeros((3, 81), dtype=np.uint8), workers=1, as_array=True))
    >>> len(block), block.statuses(), int(block.counts.sum())
    (3, ['solved', 'solved', 'solved'], 3)
    """

    start: int
    status: Any
    counts: Any
    nodes: Any
    solutions: Any
    errors: dict[int, str]
    rows: dict[int, Row] | None = None
    """Rows solved outside the kernel whose solution may not fit the arrays (kept verbatim)."""

    @classmethod
    def empty(cls, n: int) -> ArrayBatch:
        """``n`` rows of status ``error`` with no message yet (to be filled)."""
        import numpy as np

        z = np.zeros(n, dtype=np.int64)
        sols = np.zeros((n, 81), dtype=np.uint8)
        return cls(0, np.full(n, ERROR, dtype=np.int8), z, z.copy(), sols, {})

    @classmethod
    def from_rows(cls, rows: list[Row]) -> ArrayBatch:
        """The block of a list of :data:`Row` tuples."""
        block = cls.empty(len(rows))
        for i, row in enumerate(rows):
            block.set_row(i, row)
        return block

    def head(self, n: int) -> ArrayBatch:
        """The first ``n`` rows (self when it has no more)."""
        if n >= len(self):
            return self
        rows = {i: r for i, r in self.rows.items() if i < n} if self.rows else None
        errors = {i: e for i, e in self.errors.items() if i < n}
        return ArrayBatch(
            self.start, self.status[:n], self.counts[:n], self.nodes[:n], self.solutions[:n],
            errors, rows,
        )  # fmt: skip

    def put(self, where: Any, other: ArrayBatch) -> None:
        """Copy ``other``'s rows into the positions ``where`` (an index array)."""
        self.status[where] = other.status
        self.counts[where] = other.counts
        self.nodes[where] = other.nodes
        self.solutions[where] = other.solutions
        positions = where.tolist()
        self.errors.update({positions[i]: msg for i, msg in other.errors.items()})
        for i, row in (other.rows or {}).items():
            self.set_row(positions[i], row)

    def set_row(self, i: int, row: Row) -> None:
        """Store one :data:`Row` at position ``i``."""
        status, line, count, nodes, error = row
        self.status[i], self.counts[i], self.nodes[i] = STATUSES.index(status), count, nodes
        self.solutions[i] = 0
        self.errors.pop(i, None)
        if error is not None:
            self.errors[i] = error
        if line is not None and len(line) == 81 and line.isascii() and line.isdigit():
            self.solutions[i] = [int(c) for c in line]
        if self.rows is None:
            self.rows = {}
        self.rows[i] = row

    def __len__(self) -> int:
        return len(self.status)

    def __iter__(self) -> Iterator[Row]:
        from .engine.fast9_io import format_text

        text = format_text(self.solutions).decode("ascii")
        rows = self.rows or {}
        errors = self.errors
        for i, (s, c, g) in enumerate(
            zip(self.status.tolist(), self.counts.tolist(), self.nodes.tolist(), strict=True)
        ):
            if rows and i in rows:
                yield rows[i]
            elif s == ERROR:
                yield ("error", None, c, g, errors.get(i, "internal error"))
            else:
                yield (STATUSES[s], text[81 * i : 81 * i + 81] if c > 0 else None, c, g, None)

    def results(self) -> Iterator[BatchResult]:
        """One :class:`BatchResult` per puzzle, indexed from :attr:`start`."""
        for i, row in enumerate(self):
            yield BatchResult(self.start + i, *row)

    def statuses(self) -> list[str]:
        """The status name of every puzzle."""
        return [STATUSES[s] for s in self.status.tolist()]

    def lines(self) -> list[str]:
        """The output line of every puzzle, as :meth:`BatchResult.to_line` writes it."""
        return [BatchResult(0, *row).to_line() for row in self]


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
    if not isinstance(item, str | Grid):
        return ("error", None, 0, 0, f"not a puzzle: {type(item).__name__} (give text or a Grid)")
    try:
        grid = item if isinstance(item, Grid) else Grid.parse(item, box=box, alphabet=alphabet)
        extra = dict(extra)
        fallback = extra.pop(FALLBACK, None)
        plain9 = grid.box == (3, 3) and grid.variant is None
        if method == "fast" and not plain9:
            method = fallback or "fast"  # beyond the plain 9x9: through solve (house kernel)
        if method == "fast" and plain9:
            from .engine.fast9 import run
            from .problem import SolveOptions

            options = SolveOptions(limit=limit, max_nodes=max_nodes, timeout=extra.get("timeout"))
            result = run(grid.problem, options, keep=1)
            grids = [grid.with_values(s) for s in result.solutions]
        else:
            from .solve import count as count_only
            from .solve import solve

            kwargs: dict[str, Any] = {**extra, "limit": limit, "engine": engine}
            if max_nodes is not None:
                kwargs["max_nodes"] = max_nodes
            if limit is None:  # every solution counted, one kept (memory stays flat)
                result = count_only(grid, method, keep=1, **kwargs)
            else:
                result = solve(grid, method, **kwargs)
            grids = list(result.grids) or [grid.with_values(s) for s in result.solutions]
        for g in grids:
            if not g.is_solution_of(grid):  # pragma: no cover - a bug in a solver
                return ("error", None, 0, 0, f"internal error: {method} returned a wrong grid")
        if result.reason == "interrupted":  # Ctrl-C here (not in a worker): the run's, not a row
            raise KeyboardInterrupt
        count = result.count if result.count is not None else len(result.solutions)
        line = grids[0].to_line() if grids else None
        status = result.status
        if status == "solved" and result.reason and (limit is None or count < limit):
            status = "stopped"  # cut before its limit (a lower bound), as the 9×9 kernel's rows
        return (status, line, count, result.stats.nodes, None)
    except SudographError as exc:
        return ("error", None, 0, 0, str(exc))
