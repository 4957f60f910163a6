"""One entry point for every solver: :func:`solve`, :func:`count_solutions`, :func:`is_unique`,
:func:`color`.

>>> from sudograph.grid import Grid
>>> count_solutions(Grid.empty(2))
288
>>> from sudograph.graph import petersen_graph
>>> color(petersen_graph(), 3, "naive").solution
(1, 2, 1, 2, 3, 2, 1, 3, 3, 2)
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

from .errors import InvalidArgument, MissingExtra
from .graph import Graph
from .grid import Grid
from .methods import check_order_inference, get_method
from .problem import Coloring, Problem, Result, SolveOptions, TraceHook, is_solution

AUTO_NODE_BUDGET = 20_000
"""With ``engine="auto"`` the Python engine runs first with this many nodes at most."""

Solvable = Grid | Problem | tuple[Graph, int]


def to_problem(x: Any) -> tuple[Problem, Grid | None]:
    """The Problem behind ``x`` (a Grid, a Problem, or ``(graph, k)``) and the Grid if any.

    Raises :class:`InvalidArgument` for anything else, :class:`InvalidPuzzle` for a grid whose
    clues clash.
    """
    if isinstance(x, Grid):
        return x.problem, x
    if isinstance(x, Problem):
        return x, None
    if isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], Graph):
        return Problem(x[0], x[1]), None
    raise InvalidArgument(
        f"cannot solve a {type(x).__name__}: give a Grid, a Problem or (graph, k)"
    )


def _is_sudoku(problem: Problem) -> bool:
    """True when the problem colours a Sudoku graph (any box shape) with N colours."""
    from .graph import sudoku_graph

    n = problem.graph.n
    side = round(n**0.5)
    if side < 1 or side * side != n or side != problem.k:
        return False
    shapes = [(r, side // r) for r in range(1, side + 1) if side % r == 0]
    return any(problem.graph == sudoku_graph(r, c) for r, c in shapes)


def _twin() -> Any:
    """The compiled twin module, or None when it is not there."""
    try:
        from . import engine
    except ImportError:  # pragma: no cover
        return None
    if not hasattr(engine, "run_twin") or not hasattr(engine, "numba_available"):
        return None
    return engine


def solve(
    x: Solvable,
    method: str = "propagate",
    *,
    order: str | None = None,
    inference: str | None = None,
    limit: int | None = 1,
    max_nodes: int | None = None,
    timeout: float | None = None,
    trace: TraceHook = None,
    seed: int | None = None,
    itermax: int = 1000,
    engine: str = "auto",
) -> Result:
    """Solve a Grid, a Problem or ``(graph, k)`` with a registered ``method``.

    ``order``/``inference`` override the method's preset (search methods only). ``limit``
    solutions at most (None = all: then ``result.complete`` tells whether the enumeration
    finished). ``max_nodes``/``timeout`` stop the search with status ``stopped``. ``trace`` is a
    callable receiving :class:`~sudograph.search.trace.TraceEvent` s (forces the Python engine).
    ``engine``: ``python``, ``numba`` (the compiled twin) or ``auto`` (the environment variable
    ``SUDOGRAPH_ENGINE`` overrides it; else Python first, the twin only when a budget of
    ``AUTO_NODE_BUDGET`` nodes did not suffice). Every solution is checked; for a Grid,
    ``result.grids`` holds the solved grids.

    Raises :class:`InvalidArgument` (unknown method, order or inference; order/inference given
    to a method that is not a search; a Sudoku-only method on another graph; bad limits),
    :class:`InvalidPuzzle` (clashing clues), :class:`MissingExtra` (``engine="numba"``
    without numba).

    >>> from sudograph.grid import Grid
    >>> r = solve(Grid.parse("...3.2.1...4.1.2"), "naive")
    >>> r.status, r.grid.to_line(), r.stats.nodes
    ('solved', '1423324123144132', 10)
    """
    m = get_method(method)
    check_order_inference(order, inference)
    if (order or inference) and m.order is None:
        raise InvalidArgument(f"method {m.name!r} is not a search: order/inference do not apply")
    problem, grid = to_problem(x)
    if m.sudoku_only and not _is_sudoku(problem):
        raise InvalidArgument(f"method {m.name!r} solves Sudoku grids only")
    env = os.environ.get("SUDOGRAPH_ENGINE", "")
    if engine == "auto" and env in ("python", "numba"):
        engine = env
    options = SolveOptions(
        limit=limit,
        max_nodes=max_nodes,
        timeout=timeout,
        trace=trace,
        seed=seed,
        itermax=itermax,
        order=order or m.order,
        inference=inference or m.inference,
        engine=engine,
    )
    result = _dispatch(m.name, m.load(), m.engines, problem, options)
    result.method = (
        m.name if order is None and inference is None else (f"{options.order}+{options.inference}")
    )
    for s in result.solutions:
        if not is_solution(problem, s):  # pragma: no cover - a bug in a solver
            raise AssertionError(f"method {m.name} returned a non-solution {s}")
    if grid is not None:
        result.grids = [grid.with_values(s) for s in result.solutions]
        for g in result.grids:
            if not g.is_solution_of(grid):  # pragma: no cover
                raise AssertionError(f"method {m.name} returned a grid that does not solve it")
    return result


def _dispatch(
    name: str, runner: Any, engines: tuple[str, ...], problem: Problem, options: SolveOptions
) -> Result:
    """Run on the engine asked for (see :func:`solve`)."""
    is_search = runner.__module__ == "sudograph.search.backtracking"
    if not is_search or options.trace is not None:
        result: Result = runner(problem, options)
        return result
    twin = _twin()
    if options.engine == "numba":
        if twin is None or not twin.numba_available():
            raise MissingExtra("numba", "fast")
        result = twin.run_twin(problem, options)
        return result
    if options.engine == "python" or twin is None:
        result = runner(problem, options)
        return result
    # auto: Python with a node budget, then the twin if the budget stopped it
    try:
        available = bool(twin.numba_available())
    except Exception:  # pragma: no cover - a broken optional engine must not break solving
        available = False
    budget = AUTO_NODE_BUDGET
    if not available or (options.max_nodes is not None and options.max_nodes <= budget):
        result = runner(problem, options)
        return result
    result = runner(problem, replace(options, max_nodes=budget))
    if result.reason == "node limit":
        result = twin.run_twin(problem, options)
    return result


def count_solutions(
    x: Solvable, limit: int | None = None, method: str = "propagate", **kw: Any
) -> int:
    """The number of solutions of ``x``, counting at most ``limit`` (None = all).

    A count capped by ``limit`` (or stopped by ``max_nodes``/``timeout`` in ``kw``) is a lower
    bound: the true count is at least the value returned.

    >>> from sudograph.grid import Grid
    >>> count_solutions(Grid.empty(2), limit=10)
    10
    """
    return len(solve(x, method, limit=limit, **kw).solutions)


def is_unique(grid: Solvable, method: str = "propagate", **kw: Any) -> bool:
    """True when the puzzle has exactly one solution (a count with ``limit=2``).

    >>> from sudograph.grid import Grid
    >>> is_unique(Grid.empty(2))
    False
    """
    r = solve(grid, method, limit=2, **kw)
    if r.status == "stopped" and len(r.solutions) < 2:
        raise InvalidArgument(f"the count was stopped ({r.reason}): uniqueness unknown")
    return len(r.solutions) == 1


def color(
    graph: Graph,
    k: int,
    method: str = "dsatur",
    precolouring: Coloring | None = None,
    **kw: Any,
) -> Result:
    """Decide whether ``graph`` has a proper ``k``-colouring keeping ``precolouring``.

    ``kw`` are :func:`solve`'s keyword options. Raises :class:`InvalidArgument` on a bad k or
    precolouring, :class:`InvalidPuzzle` when the precolouring clashes.

    >>> from sudograph.graph import petersen_graph
    >>> color(petersen_graph(), 2).status
    'unsatisfiable'
    """
    return solve(Problem(graph, k, tuple(precolouring or ())), method, **kw)
