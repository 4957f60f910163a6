"""The compiled twin of the reference search: same tree, same counts, numba speed.

Every ``order`` × ``inference`` of :mod:`sudograph.search.backtracking` runs here over flat
arrays (CSR adjacency, houses, ``uint64`` colour masks, so any graph with ``k <= 64``, Sudoku
up to 64×64) with an explicit stack. Nodes, backtracks, solutions and their order are those of
the reference engine (see ``tests/test_engine_parity.py``).

The kernel runs in slices of nodes: between two slices Python checks the clock (``timeout``)
and takes the solutions found so far, so counting every solution never holds them all in
memory (:func:`count`).

>>> from sudograph.graph import petersen_graph
>>> from sudograph.problem import Problem, SolveOptions
>>> r = run(Problem(petersen_graph(), 3), SolveOptions(order="static", inference="check"))
>>> r.status, r.solution
('solved', (1, 2, 1, 2, 3, 2, 1, 3, 3, 2))

Raises :class:`~sudograph.errors.MissingExtra` when numba is not installed, and
:class:`~sudograph.errors.InvalidArgument` on an unknown order or inference.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..errors import InvalidArgument, MissingExtra
from ..methods import INFERENCES, ORDERS, check_order_inference
from ..problem import MAX_NODES, Coloring, Problem, Result, SolveOptions, Stats, Status, is_solution
from ._slices import Slicing, drive

DEFAULT_ORDER = "mrv"
DEFAULT_INFERENCE = "singles"
"""Used when the options name no order / inference (the ``propagate`` method)."""

ROOT_CHECK = {"check": False, "forward": True, "singles": True}
"""Whether an uncoloured vertex with no colour at all fails before the first node."""

SLICING = Slicing(first=4096, first_timed=256, min_timed=16)
"""Nodes of the kernel's slices (see :mod:`sudograph.engine._slices`): the clock
(``timeout``) and Ctrl-C are checked a few times a second."""
BUFFER_ROWS = 4096
"""Solutions handed back to Python at a time when all of them are kept."""


def first_bad_row(problem: Problem, rows: Any, edges: Any = None) -> Coloring | None:
    """The first row of ``rows`` (a 2-D numpy array, a colouring a row) that is not a solution
    of ``problem``, None when all are: :func:`~sudograph.problem.is_solution` on each of a
    few, or with cages; numpy's comparisons on the whole block for more (the kernel's buffer
    of 4,096 rows; every solution of an empty 6x6 grid, 28,200 a second listed by the kernel,
    took 2 s to check one by one: a timeout of 0.3 s ran 1.3 s), the edges a slice at a time
    (a 25x25 grid has 20,000: a block of rows × all of them took 1.4 GB). ``edges``: the
    graph's as :func:`edge_arrays` gives them, when the caller keeps them.

    >>> import numpy as np
    >>> from sudograph.grid import Grid
    >>> p = Grid.parse("1234" + "." * 12).problem
    >>> good = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    >>> first_bad_row(p, np.array([good] * 40)) is None
    True
    >>> first_bad_row(p, np.array([good] * 39 + [[1] * 16]))
    (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    """
    if len(rows) <= FEW_ROWS or problem.cages:
        return next((tuple(r) for r in rows.tolist() if not is_solution(problem, r)), None)
    import numpy as np

    us, vs = edge_arrays(problem) if edges is None else edges
    pre = np.array(problem.precolouring, dtype=rows.dtype)
    clued = np.flatnonzero(pre)
    ok = ((rows >= 1) & (rows <= problem.k)).all(axis=1)
    ok &= (rows[:, clued] == pre[clued]).all(axis=1)
    step = max(1, CHECK_CELLS // len(rows))  # edges a slice: rows × step cells at a time
    for at in range(0, len(us), step):
        ok &= (rows[:, us[at : at + step]] != rows[:, vs[at : at + step]]).all(axis=1)
    return None if ok.all() else tuple(rows[int(np.argmin(ok))].tolist())


FEW_ROWS = 32
"""Rows :func:`first_bad_row` checks one by one (fewer than numpy's arrays are worth)."""
CHECK_CELLS = 1 << 22
"""Cells compared at a time by :func:`first_bad_row` (a few megabytes of its arrays)."""


def edge_arrays(problem: Problem) -> tuple[Any, Any]:
    """The graph's edges as two arrays of vertices (``us``, ``vs``), each edge once with
    ``u < v``, read off the graph's adjacency arrays (:func:`graph_arrays`, cached, built by
    the search already) with numpy, not from a Python list of ``Graph.edges()``.

    >>> from sudograph.graph import petersen_graph
    >>> from sudograph.problem import Problem
    >>> us, vs = edge_arrays(Problem(petersen_graph(), 3))
    >>> sorted(zip(us.tolist(), vs.tolist())) == petersen_graph().edges()
    True
    """
    import numpy as np

    from ._arrays import graph_arrays

    g = graph_arrays(problem.graph)
    us = np.repeat(np.arange(g.n, dtype=np.int64), np.diff(g.nbr_ptr))
    vs = g.nbr_idx.astype(np.int64)
    first = us < vs
    return us[first], vs[first]


def _kernels() -> Any:
    try:
        from . import _twin_kernels
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MissingExtra("numba", "fast") from exc
    return _twin_kernels


class _Search:
    """The arrays of one search and the loop that drives the kernel slice by slice."""

    def __init__(self, problem: Problem, order: str, inference: str, keep: int | None) -> None:
        import numpy as np

        from ._arrays import graph_arrays, to_csr

        K = _kernels()
        self.K = K
        self.problem = problem
        self.edges: tuple[Any, Any] | None = None  # the graph's, for the solutions' checks
        g = graph_arrays(problem.graph)
        self.g = g
        n, k = problem.graph.n, problem.k
        self.n = n
        self.params = np.zeros(K.NUM_PARAMS, dtype=np.int64)
        p = self.params
        p[K.P_N] = n
        p[K.P_K] = k
        p[K.P_ORDER] = ORDERS.index(order)
        p[K.P_INF] = INFERENCES.index(inference)
        self.st = np.zeros(K.NUM_STATE, dtype=np.int64)
        self.col = np.array(problem.precolouring, dtype=np.int32)
        if n == 0:
            self.col = np.zeros(0, dtype=np.int32)
        self.dom = np.zeros(n, dtype=np.uint64)
        self.clmask = np.zeros(g.num_cliques, dtype=np.uint64)
        self.udeg = np.zeros(n, dtype=np.int32)
        self.trail_v = np.zeros(n * k + 1, dtype=np.int32)
        self.trail_m = np.zeros(n * k + 1, dtype=np.uint64)
        self.astack = np.zeros(n + 1, dtype=np.int32)
        self.dvar = np.zeros(n + 1, dtype=np.int32)
        self.drem = np.zeros(n + 1, dtype=np.uint64)
        self.dtmark = np.zeros(n + 1, dtype=np.int32)
        self.damark = np.zeros(n + 1, dtype=np.int32)
        self.free = np.flatnonzero(self.col == 0).astype(np.int32)
        p[K.P_NFREE] = len(self.free)
        # keep: None = keep every solution (drain the buffer when full), else keep that many
        # (more than BUFFER_ROWS kept: drained as for None, the limit ends the search)
        rows = BUFFER_ROWS if keep is None or keep > BUFFER_ROWS else keep
        drain = rows != keep
        self.sols = np.zeros((max(rows, 1), max(n, 1)), dtype=np.int8)
        p[K.P_CAP] = rows
        p[K.P_DRAIN] = 1 if drain else 0
        self.solutions: list[Coloring] = []
        self.keep = keep  # (the drains store no more than that)
        self.naive = order == "static" and inference == "check"
        houses = problem.graph.houses
        if all(len(h) == k for h in houses):
            self.house_ptr, self.house_idx = g.house_ptr, g.house_idx
        else:  # only a house of k vertices must hold every colour (hidden singles)
            self.house_ptr, self.house_idx = to_csr([h for h in houses if len(h) == k])

    def _kernel_and_args(self) -> tuple[Any, tuple[Any, ...]]:
        g = self.g
        K = self.K
        if self.naive:
            head = (
                self.params,
                self.st,
                self.col,
                self.clmask,
                self.drem,
                self.dom,
                self.free,
                self.sols,
            )
            counts = {int(g.clique_ptr[v + 1] - g.clique_ptr[v]) for v in self.free}
            if len(counts) == 1:  # a Sudoku: every vertex in its row, column and box
                import numpy as np

                fcl = np.array([g.vertex_cliques(int(v)) for v in self.free], dtype=np.int32)
                fcl = fcl.reshape(len(self.free), counts.pop())
                return K.search_static_check_dense, (*head, fcl)
            return K.search_static_check, (*head, g.clique_ptr, g.clique_idx)
        return K.search, (
            self.params,
            self.st,
            self.col,
            self.dom,
            self.clmask,
            self.udeg,
            self.trail_v,
            self.trail_m,
            self.astack,
            self.dvar,
            self.drem,
            self.dtmark,
            self.damark,
            self.free,
            self.sols,
            g.nbr_ptr,
            g.nbr_idx,
            g.clique_ptr,
            g.clique_idx,
            self.house_ptr,
            self.house_idx,
        )

    def prepare(self, root_check: bool) -> bool:
        g = self.g
        ok: bool = self.K.prepare(
            self.params,
            self.st,
            self.col,
            self.dom,
            self.clmask,
            self.udeg,
            self.trail_v,
            self.trail_m,
            self.astack,
            g.nbr_ptr,
            g.nbr_idx,
            g.clique_ptr,
            g.clique_idx,
            self.house_ptr,
            self.house_idx,
            root_check,
        )
        return ok

    def drain(self) -> None:
        """Take the solutions of the buffer, each checked (within the run's clock)."""
        rows = self.sols[: int(self.st[self.K.S_BUFFERED]), : self.n]
        if len(rows) > FEW_ROWS and self.edges is None:  # (kept for the drains to come)
            self.edges = edge_arrays(self.problem)
        bad = first_bad_row(self.problem, rows, self.edges)
        if bad is not None:  # pragma: no cover - a bug in the kernel
            raise AssertionError(f"the twin returned a colouring that is not a solution: {bad}")
        room = len(rows) if self.keep is None else max(0, self.keep - len(self.solutions))
        self.solutions.extend(map(tuple, rows[:room].tolist()))
        self.st[self.K.S_BUFFERED] = 0
        if self.keep is not None and len(self.solutions) >= self.keep:  # kept enough: the
            self.params[self.K.P_DRAIN] = 0  # kernel only counts on (a buffer past keep was
            self.params[self.K.P_CAP] = 0  # handed back and checked: 4x fewer found)

    def run(
        self, limit: int | None, max_nodes: int | None, timeout: float | None, start: float
    ) -> tuple[int, str]:
        """Drive the kernel slice by slice to the end; ``(code, reason)``, the reason of a stop
        being ``node limit``, ``time limit`` or ``interrupted`` (Ctrl-C between two slices)."""
        K = self.K
        p = self.params
        p[K.P_LIMIT] = -1 if limit is None else min(limit, MAX_NODES)
        p[K.P_MAX_NODES] = -1 if max_nodes is None else min(max_nodes, MAX_NODES)
        cap_nodes = MAX_NODES if max_nodes is None else max_nodes
        deadline = None if timeout is None else start + timeout
        kernel, args = self._kernel_and_args()

        def step(stop_at: int) -> int:
            p[K.P_STOP_AT] = stop_at
            code = int(kernel(*args))
            if code == K.BUFFER_FULL:
                self.drain()
            return code

        try:
            code, reason = drive(
                step,
                lambda: int(self.st[K.S_NODES]),
                K.PAUSED,
                cap_nodes,
                deadline,
                SLICING,
                lambda code: code == K.BUFFER_FULL,
            )
        finally:
            self.drain()
        return code, "node limit" if code == K.MAX_NODES else reason

    def stats(self, start: float) -> Stats:
        K = self.K
        s = self.st
        return Stats(
            nodes=int(s[K.S_NODES]),
            backtracks=int(s[K.S_BACKTRACKS]),
            deductions=int(s[K.S_DEDUCTIONS]),
            max_depth=int(s[K.S_MAX_DEPTH]),
            seconds=time.perf_counter() - start,
        )


def _resolve(options: SolveOptions) -> tuple[str, str]:
    order = options.order or DEFAULT_ORDER
    inference = options.inference or DEFAULT_INFERENCE
    check_order_inference(order, inference)
    return order, inference


def _solve(problem: Problem, options: SolveOptions, keep: int | None) -> tuple[Result, int]:
    from .compile import ensure_loaded

    ensure_loaded("twin")  # once per process, before the clock: a timeout times the search
    start = time.perf_counter()
    order, inference = _resolve(options)
    search = _Search(problem, order, inference, keep)
    method = f"{order}+{inference}"
    if not search.prepare(ROOT_CHECK[inference]):
        stats = search.stats(start)
        return Result("unsatisfiable", [], stats, method=method, complete=True, count=0), 0
    code, reason = search.run(options.limit, options.max_nodes, options.timeout, start)
    found = int(search.st[search.K.S_FOUND])  # (its solutions checked as they were taken)
    stats = search.stats(start)
    complete = code == search.K.EXHAUSTED
    if found:
        status: Status = "solved"
    else:
        status = "unsatisfiable" if complete else "stopped"
    result = Result(
        status,
        search.solutions,
        stats,
        method=method,
        reason=reason,
        complete=complete,
        count=found if complete else None,
    )
    return result, found


def run(problem: Problem, options: SolveOptions, *, keep: int | None = None) -> Result:
    """Solve ``problem`` as :func:`sudograph.search.backtracking.run` does, compiled.

    ``options.order`` / ``options.inference`` pick the search (default ``mrv`` + ``singles``),
    ``limit`` the number of solutions found (None = all), ``max_nodes`` / ``timeout`` stop it
    with status ``stopped``. ``keep``: at most this many of them stored in the result, the
    others only counted (None: all; ``result.count`` is the number found when it is more than
    the result holds). ``options.trace`` is not supported by the compiled engine (use the
    Python engine to trace): :class:`~sudograph.errors.InvalidArgument`.

    >>> from sudograph.graph import sudoku_graph
    >>> r = run(Problem(sudoku_graph(2), 4), SolveOptions(limit=None), keep=1)
    >>> r.count, len(r.solutions), r.complete
    (288, 1, True)
    """
    if options.trace is not None:
        raise InvalidArgument("the numba engine cannot trace: use engine='python'")
    stored = options.limit
    if keep is not None:  # every solution found is still counted (the kernel's drain is off)
        stored = keep if stored is None else min(keep, stored)
    result, found = _solve(problem, options, keep=stored)
    if result.count is None and found > len(result.solutions):
        result.count = found
    return result


def count(problem: Problem, options: SolveOptions, *, keep: int = 0) -> Result:
    """Count every solution (``options.limit`` is ignored) keeping only the first ``keep``.

    ``result.count`` is the number of solutions when the search ended (``complete``), else
    the number found before it stopped is in ``result.count`` too but ``complete`` is False.

    >>> from sudograph.graph import sudoku_graph
    >>> from sudograph.problem import Problem, SolveOptions
    >>> count(Problem(sudoku_graph(2), 4), SolveOptions()).count
    288
    """
    if options.trace is not None:
        raise InvalidArgument("the numba engine cannot trace: use engine='python'")
    opts = SolveOptions(
        limit=None,
        max_nodes=options.max_nodes,
        timeout=options.timeout,
        order=options.order,
        inference=options.inference,
    )
    result, found = _solve(problem, opts, keep=keep)
    result.count = found
    return result


def warmup(progress: Callable[[str], None] | None = None) -> float:
    """Compile (or load from the cache) every kernel of the twin; the seconds it took."""
    from ..graph import petersen_graph

    start = time.perf_counter()
    if progress is not None:
        progress("compiling the twin engine, once")
    p = Problem(petersen_graph(), 3)
    run(p, SolveOptions(order="static", inference="check"))  # the naive kernel
    run(p, SolveOptions(order="dsatur", inference="singles"))  # the general one
    return time.perf_counter() - start
