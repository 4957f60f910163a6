"""The compiled 9×9 fast path: method ``"fast"``.

A bitboard solver written for speed, not for reading (the reference engine is for reading):
per digit, one 27-bit word per band of three rows; naked and hidden singles, locked
candidates and tdoku's triad rules to a fixpoint at every node, then a branch, as in tdoku,
on the placements of one digit across a band or stack (its *configurations*, see
:mod:`sudograph.engine._fast9_kernels`). Its propagation differs from the named methods, so
its node count is its number of **guesses** (configurations tried at branching points; the
last one, asserted at the level itself, is not one), the measure tdoku reports;
``backtracks`` is left at 0. ``timeout`` and ``max_nodes`` are honoured: the kernel runs by
budgets of :data:`BUDGET` guesses and the clock is read in between.

``run`` is the registered runner; :func:`solve_array` and :func:`solve_lines` solve whole
batches in one compiled loop (the batch machinery uses them). numba and numpy are imported
only when a solve needs them, so ``import sudograph`` stays fast and works without them;
without them, every entry (:func:`run`, the method's runner, included) raises
:class:`~sudograph.errors.MissingExtra` naming numba and ``pip install 'sudograph[fast]'``.

>>> from sudograph.grid import Grid
>>> from sudograph.problem import SolveOptions
>>> line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> res = run(Grid.parse(line).problem, SolveOptions(limit=2))
>>> res.status, res.count, res.complete
('solved', 1, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import InvalidArgument, MissingExtra
from ..graph import sudoku_graph
from ..problem import MAX_NODES, Problem, Result, SolveOptions, Stats, Status, is_solution

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

MAX_STORED = 10_000
"""Most solutions kept in a Result when counting all (``limit=None``); ``count`` is exact."""

BUDGET = 20_000
"""Guesses per kernel call of :func:`run` (a few ms to a few tens of ms); the clock and
Ctrl-C are looked at between calls."""

BATCH_BUDGET = BUDGET
"""Guesses per call of the batch kernel (:func:`solve_rows`): a few ms to a few tens of ms,
after which Ctrl-C and ``stop`` are looked at."""

LOCKED_DEFAULT = 2
"""The unit pass (locked candidates and triad rules): 0 never, 1 before the first guess only
(both then guess on cells), 2 at every node, branching on configurations (measured fastest:
tdoku's search tree, 111 guesses per puzzle on forum-hardest 1106 against 168 with cell
guesses; see docs/benchmarks.md)."""


def require_fast() -> None:
    """Raise :class:`MissingExtra` (``pip install 'sudograph[fast]'``) unless the ``fast``
    extra is installed: numba (named, the extra's point, when neither is there) and numpy.

    Every entry of this module calls it before numpy or numba is imported, so that method
    ``fast`` without the extra says which one to install (it raised ModuleNotFoundError).
    """
    from . import numba_available

    if not numba_available():
        raise MissingExtra("numba", "fast")
    try:
        import numpy  # noqa: F401
    except ImportError:  # pragma: no cover - found, yet it does not import
        raise MissingExtra("numpy", "fast") from None


def load_kernels() -> Any:
    """Import (and, the first time ever, compile) the numba kernels; return the module.

    Raises :class:`MissingExtra` when numba or numpy is not installed.
    """
    require_fast()
    try:
        import numpy  # noqa: F401

        from . import _fast9_kernels
    except ImportError as exc:  # pragma: no cover - the extra is installed in CI
        name = getattr(exc, "name", None) or "numba"
        raise MissingExtra(name, "fast") from None
    return _fast9_kernels


def warmup() -> float:
    """Load (compiling the first time) every kernel of the fast path; return the seconds taken.

    Raises :class:`MissingExtra` without numba.
    """
    require_fast()
    import numpy as np

    from .fast9_io import parse_chunk

    start = time.perf_counter()
    counts, _, _, _ = solve_array(np.zeros((1, 81), dtype=np.uint8), 2)
    run(Problem(sudoku_graph(3, 3), 9), SolveOptions(limit=1))
    check_solutions(np.zeros((1, 81), dtype=np.uint8), counts, np.zeros((1, 81), dtype=np.uint8))
    parse_chunk(["." * 81])  # the compiled parser of whole chunks
    if int(counts[0]) != 2:  # pragma: no cover - a bug in the kernel
        raise AssertionError("the fast engine failed its warm-up")
    return time.perf_counter() - start


def is_sudoku9(problem: Problem) -> bool:
    """True when ``problem`` is a 9×9 Sudoku (k = 9 on the 3×3-box Sudoku graph)."""
    g = problem.graph
    return (
        problem.k == 9
        and g.n == 81
        and (g is sudoku_graph(3, 3) or g.neighbors == sudoku_graph(3, 3).neighbors)
    )


def solve_array(
    puzzles: np.ndarray,
    limit: int | None = 1,
    *,
    max_guesses: int | None = None,
    locked: int = LOCKED_DEFAULT,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Solve every row of ``puzzles`` (an (n, 81) integer array, 0 = empty) in compiled code.

    Returns ``(counts, solutions, guesses, stopped)``: ``counts[i]`` solutions found (up to
    ``limit``; ``None`` or 0 counts all; -1 when the clues clash), ``solutions[i]`` the first
    solution (zeros when none), ``guesses[i]`` the guesses made, ``stopped[i]`` True when
    ``max_guesses`` cut the search short; ``locked`` as in :data:`LOCKED_DEFAULT`. The
    solutions are not checked here (see :func:`check_solutions`). The kernel runs by budgets
    of :data:`BATCH_BUDGET` guesses (:func:`solve_rows`), so Ctrl-C stops it between two. A
    ``limit`` or ``max_guesses`` beyond :data:`~sudograph.problem.MAX_NODES` (more than any
    search can reach) is no limit.

    Raises :class:`InvalidArgument` on a wrong shape or a value outside 0..9.

    >>> import numpy as np
    >>> p = np.zeros((1, 81), dtype=np.uint8)
    >>> counts, sols, guesses, stopped = solve_array(p)
    >>> int(counts[0]), sorted(sols[0, :9].tolist())
    (1, [1, 2, 3, 4, 5, 6, 7, 8, 9])
    """
    done, counts, solutions, guesses, stopped = solve_rows(
        puzzles, limit, max_guesses=max_guesses, locked=locked
    )
    assert done == len(counts)  # nothing asks it to stop
    return counts, solutions, guesses, stopped


def clamp(value: int | None) -> int | None:
    """``value`` capped at :data:`~sudograph.problem.MAX_NODES` (None stays None).

    >>> clamp(10**30) == MAX_NODES, clamp(5), clamp(None)
    (True, 5, None)
    """
    return None if value is None else min(int(value), MAX_NODES)


def solve_rows(
    puzzles: np.ndarray,
    limit: int | None = 1,
    *,
    max_guesses: int | None = None,
    locked: int = LOCKED_DEFAULT,
    stop: Callable[[], bool] | None = None,
    budget: int = BATCH_BUDGET,
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`solve_array` by calls of ``budget`` guesses, ``stop()`` asked between two.

    Returns ``(done, counts, solutions, guesses, stopped)``: the arrays of
    :func:`solve_array`, of which the first ``done`` rows are finished: every row, unless
    ``stop()`` returned True (the search of row ``done`` is then dropped, the later rows not
    begun). Ctrl-C between two calls raises ``KeyboardInterrupt``, but with ``stop`` given,
    where it ends the loop as ``stop()`` does: the caller sees ``done < n`` and raises it
    again (so the rows done are not lost).

    Raises :class:`InvalidArgument` on a wrong shape or a value outside 0..9, a negative
    limit or cap, a budget < 1.
    """
    require_fast()
    import numpy as np

    k = load_kernels()
    arr = np.asarray(puzzles)
    if arr.ndim != 2 or arr.shape[1] != 81:
        raise InvalidArgument(f"puzzles must be an (n, 81) array, got shape {arr.shape}")
    if arr.size and (arr.min() < 0 or arr.max() > 9):
        raise InvalidArgument("puzzle values must be in 0..9")
    if limit is not None and limit < 0:
        raise InvalidArgument(f"limit must be >= 1 (or None for all), got {limit}")
    if max_guesses is not None and max_guesses < 0:
        raise InvalidArgument(f"max_guesses must be >= 0, got {max_guesses}")
    if budget < 1:
        raise InvalidArgument(f"budget must be >= 1, got {budget}")
    arr = np.ascontiguousarray(arr, dtype=np.uint8)
    n = arr.shape[0]
    counts = np.zeros(n, dtype=np.int64)
    solutions = np.zeros((n, 81), dtype=np.uint8)
    guesses = np.zeros(n, dtype=np.int64)
    stopped = np.zeros(n, dtype=np.bool_)
    cap = -1 if max_guesses is None else clamp(max_guesses)
    most = clamp(limit) or 0
    stack = np.empty(k.STACK, dtype=np.int64)
    ctl = np.zeros(k.CTL, dtype=np.int64)
    cband, cbit, rem = (np.empty(k.LEVELS, dtype=np.int64) for _ in range(3))
    sols = np.zeros((1, 81), dtype=np.uint8)
    out = (counts, solutions, guesses, stopped)
    work = (stack, ctl, cband, cbit, rem, sols)
    done = 0
    resume = False
    try:
        while done < n:
            if stop is not None and stop():
                break
            done = int(k.solve_batch(arr, done, resume, most, cap, budget, *out, locked, *work))
            resume = True
    except KeyboardInterrupt:  # between two calls: ``done`` counts rows whole (maybe fewer)
        if stop is None:
            raise
    return done, counts, solutions, guesses, stopped


def check_solutions(puzzles: np.ndarray, counts: np.ndarray, solutions: np.ndarray) -> np.ndarray:
    """Compiled check: per row, True unless a solution is reported that is wrong.

    A row passes when ``counts`` is 0 or less, or its solution is a valid grid keeping the
    clues (plain house masks, independent of the solver's code).

    Raises nothing; rows with no solution are reported True (nothing to check).
    """
    require_fast()
    import numpy as np

    ok = np.empty(len(counts), dtype=np.bool_)
    if len(counts):
        clues = np.ascontiguousarray(puzzles, dtype=np.uint8)
        sols = np.ascontiguousarray(solutions, dtype=np.uint8)
        load_kernels().check_batch(clues, np.asarray(counts, dtype=np.int64), sols, ok)
    return ok


def solve_lines(lines: list[str], limit: int | None = 1) -> list[str]:
    """Solve 81-character puzzle lines; each answer is a solution line or ``unsatisfiable``.

    A line that is not 81 symbols from ``1-9`` and ``.0`` raises :class:`InvalidArgument`.
    """
    require_fast()
    import numpy as np

    arr = lines_to_array(lines)
    counts, sols, _, _ = solve_array(arr, limit)
    if not bool(np.all(check_solutions(arr, counts, sols))):  # pragma: no cover - a bug
        raise AssertionError("the fast engine returned an invalid solution")
    out = []
    for i in range(len(lines)):
        out.append(array_to_line(sols[i]) if counts[i] > 0 else "unsatisfiable")
    return out


def lines_to_array(lines: list[str]) -> np.ndarray:
    """An (n, 81) uint8 array from 81-character lines (``.``/``0`` empty, digits 1-9).

    >>> lines_to_array(["1" + "." * 80])[0, :3].tolist()
    [1, 0, 0]
    """
    require_fast()
    import numpy as np

    raw = "".join(lines).encode("ascii", "replace")
    if len(raw) != 81 * len(lines):
        raise InvalidArgument("every line must have 81 symbols")
    arr = np.frombuffer(raw, dtype=np.uint8).reshape(len(lines), 81).copy()
    arr[arr == ord(".")] = ord("0")
    arr -= ord("0")
    if arr.size and arr.max() > 9:
        raise InvalidArgument("lines must hold only 1-9 and . or 0")
    return arr


def array_to_line(row: np.ndarray) -> str:
    """One line from 81 digits (0 written ``.``)."""
    return "".join("123456789"[d - 1] if d else "." for d in row.tolist())


def run(problem: Problem, options: SolveOptions, *, keep: int = MAX_STORED) -> Result:
    """The ``fast`` method: solve a 9×9 Sudoku problem with the compiled kernel.

    ``options.limit`` solutions are sought (None counts them all, keeping the first ``keep``,
    at most :data:`MAX_STORED`); ``options.max_nodes`` caps the guesses and
    ``options.timeout`` the seconds (status ``stopped``, reason ``max_nodes`` or ``time
    limit``; the kernel runs by budgets of :data:`BUDGET` guesses and the clock is read in
    between). Every solution returned is checked. Raises :class:`InvalidArgument` when the
    problem is not a 9×9 Sudoku or ``keep`` < 1, :class:`MissingExtra` without numba.
    """
    require_fast()
    import numpy as np

    if not is_sudoku9(problem):
        raise InvalidArgument("method 'fast' solves 9x9 Sudoku only (k=9 on the 9x9 grid)")
    if keep < 1:
        raise InvalidArgument(f"keep must be >= 1, got {keep}")
    from .compile import ensure_loaded

    ensure_loaded("fast")  # once per process (announced when it compiles), before the clock
    k = load_kernels()
    limit = clamp(options.limit)
    store = min(limit or MAX_STORED, keep, MAX_STORED)
    sols = np.zeros((store, 81), dtype=np.uint8)
    puzzle = np.array(problem.precolouring, dtype=np.uint8)
    stack = np.empty(k.STACK, dtype=np.int64)
    ctl = np.zeros(k.CTL, dtype=np.int64)
    cband, cbit, rem = (np.empty(k.LEVELS, dtype=np.int64) for _ in range(3))
    start = time.perf_counter()
    deadline = None if options.timeout is None else start + options.timeout
    reason = ""
    try:
        if k.start(puzzle, stack, ctl):
            cap = clamp(options.max_nodes)
            _search(k, stack, ctl, cband, cbit, rem, sols, limit, cap, deadline)
    except _Stop as stop:
        reason = stop.reason
    seconds = time.perf_counter() - start
    count, guesses = int(ctl[1]), int(ctl[2])
    stats = Stats(nodes=guesses, seconds=seconds, engine="fast9")
    kept = min(count, store)
    solutions = [tuple(row) for row in sols[:kept].tolist()]
    # every solution checked: one or two in Python (6 µs each), more by the compiled check
    # (about 9 µs for the call, then a fraction of a µs each; bench/ab_api.py)
    if kept <= 2:
        ok = all(is_solution(problem, s) for s in solutions)
    else:
        clues = np.broadcast_to(puzzle, (kept, 81))
        ok = bool(check_solutions(clues, np.ones(kept, dtype=np.int64), sols[:kept]).all())
    if not ok:
        raise AssertionError("the fast engine returned an invalid solution")  # a kernel bug
    if reason:  # solutions found before the stop: solved, not complete (as every method)
        status_cut: Status = "solved" if count else "stopped"
        return Result(status_cut, solutions, stats, method="fast", reason=reason, count=count)
    status: Status = "solved" if count else "unsatisfiable"
    complete = limit is None or count < limit
    return Result(status, solutions, stats, method="fast", complete=complete, count=count)


class _Stop(Exception):
    """The search of :func:`run` stopped early, and why (``max_nodes``, ``time limit``,
    ``interrupted``)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _search(
    k: Any,
    stack: Any,
    ctl: Any,
    cband: Any,
    cbit: Any,
    rem: Any,
    sols: Any,
    limit: int | None,
    max_nodes: int | None,
    deadline: float | None,
) -> None:
    """Run the kernel by budgets of :data:`BUDGET` guesses to the end; :class:`_Stop` when
    ``max_nodes``, ``deadline`` or Ctrl-C (seen between two budgets) ends it first."""
    try:
        while True:
            budget = BUDGET
            if max_nodes is not None:
                budget = min(budget, max_nodes - int(ctl[2]))
            code = k.search(stack, ctl, cband, cbit, rem, limit or 0, budget, sols, LOCKED_DEFAULT)
            if code == k.DONE:
                return
            if max_nodes is not None and int(ctl[2]) >= max_nodes:
                raise _Stop("max_nodes")
            if deadline is not None and time.perf_counter() >= deadline:
                raise _Stop("time limit")
    except KeyboardInterrupt:
        raise _Stop("interrupted") from None
