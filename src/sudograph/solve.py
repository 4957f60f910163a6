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

import functools
import importlib
import time
from collections.abc import Callable
from dataclasses import replace
from numbers import Integral
from types import ModuleType
from typing import Any, cast

from .errors import InvalidArgument, MissingExtra, UniquenessUnknown
from .graph import MAX_SIDE, Graph, require_graph
from .grid import Grid
from .methods import (
    METHODS,
    RANDOMIZED,
    Method,
    check_method,
    check_order_inference,
    get_method,
)
from .problem import (
    ITERMAX,
    Coloring,
    Problem,
    Result,
    SolveOptions,
    TraceHook,
    _colour_tuple,
    is_solution,
    is_whole,
)

AUTO_NODE_BUDGET = 20_000
"""With ``engine="auto"`` the Python engine runs first with this many nodes at most."""
TWIN_LOAD_SECONDS = 2.0
"""With ``engine="auto"`` and a timeout, the twin is loaded only when this much time is left
(or it is loaded already); else Python goes on (see :func:`_python_then_twin`). The loading
counts against the timeout: the twin gets what is left after it."""

REASONS = {"timeout": "time limit", "max_nodes": "node limit"}
"""Stop reasons of the non-search runners mapped to the search's words, so that every method
reports ``node limit``, ``time limit``, ``interrupted`` (or its own, e.g. ``itermax``)."""

FAST_FIRST_BUDGET = 256
"""Guesses of the first run of ``fast`` under a timeout (see :func:`_run_fast`): small, as
the runner converts and checks every stored solution (about 3 µs each)."""
FAST_POST_FACTOR = 1.0
"""What :func:`solve` spends on a kept solution, in units of what the ``fast`` runner spent
(measured on the empty 9×9 with ``limit=None``: about 35 ms after a run of 41 ms that kept
2,750 solutions; it was 3.0 before the helpers got faster, and the runs under a 0.15 s
timeout then stopped at 0.06–0.14 s, leaving half the time unused). Since solve leaves the
check to the runner (which checks many solutions compiled), what it spends after the runner
is the solved grids alone (2,750 solutions: about 1 ms after a run of 7 ms): 1.0 now
overestimates it, so a timeout stops the fast path early rather than late."""

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


KILLER_METHODS = ("naive", "mrv", "forward", "propagate", "dsatur", "fast", "logic", "sat")
"""The methods that read killer cages (the others colour the graph and ignore the sums)."""


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
    itermax: int | None = None,
    engine: str = "auto",
    keep: int | None = None,
    **unknown: Any,
) -> Result:
    """Solve a Grid, a Problem or ``(graph, k)`` with a registered ``method``.

    ``order``/``inference`` override the method's preset (search methods only). ``limit``
    solutions at most (None = all: then ``result.complete`` tells whether the enumeration
    finished). ``max_nodes``/``timeout`` stop the search with status ``stopped`` (a timeout
    above :data:`~sudograph.problem.MAX_TIMEOUT` is read as that). ``timeout`` is read where
    each method can read a clock, so ``timeout=0`` is not "no work" for every method: the
    Python search (``naive``, ``mrv``, ``forward``, ``dsatur``, any search on engine
    ``python``; ``auto`` starts there), ``sat`` and ``logic`` stop before their first step
    (reason ``time limit``), but the compiled kernels read the clock only between runs of
    guesses: ``fast`` and ``propagate`` on a plain 9×9 make a first run of
    :data:`FAST_FIRST_BUDGET` guesses, the house kernel (``propagate`` elsewhere) and the twin
    (``engine="numba"``) a first slice, so an easy puzzle is solved all the same; a randomized
    method reads it after each attempt, so one attempt is made. ``trace`` is a callable
    receiving :class:`~sudograph.search.trace.TraceEvent` s, which only the search methods
    emit (:data:`TRACED`; it forces the Python engine: ``engine="numba"`` is refused with it).
    ``seed`` (a whole number >= 0, numpy's too) and ``itermax`` (None: 1000 attempts): the
    randomized methods' only, refused by the others (they draw no random numbers).
    ``engine``: ``python``, ``numba`` (the compiled twin) or ``auto`` (the environment variable
    ``SUDOGRAPH_ENGINE`` overrides it; else, with numba, ``propagate`` runs on a compiled
    kernel (see :func:`compiled_route`: ``fast`` on a plain 9×9, the house kernel on anything
    else, node counts then being guesses); the classroom methods run Python first, the twin
    only when a budget of ``AUTO_NODE_BUDGET`` nodes did not suffice); a method that is no
    search runs on an engine of its own, and another one named is refused (see
    :func:`check_method_options`). Every solution is checked; for a Grid, ``result.grids``
    holds the solved grids. ``keep``: at most this many solutions kept in the result (None:
    all found). ``result.count``, whatever the method: the number of solutions found when the
    search was complete, or when it found more than ``result.solutions`` holds (``keep``,
    or method ``fast``'s store); else None, the solutions found being ``result.solutions``.

    Raises :class:`InvalidArgument` (unknown method, order, inference or option; order/inference
    given to a method that is not a search; a trace to a method that emits none; an engine
    the method has not, such as ``python`` for ``fast``; a Sudoku-only method on another
    graph; bad limits or options, checked before any work; a ``$SUDOGRAPH_ENGINE`` other than
    python, numba or auto), :class:`InvalidPuzzle` (clashing clues), :class:`MissingExtra`
    (``engine="numba"``, or method ``fast``, without numba; method ``sat`` without
    python-sat).

    >>> from sudograph.grid import Grid
    >>> r = solve(Grid.parse("...3.2.1...4.1.2"), "naive")
    >>> r.status, r.grid.to_line(), r.stats.nodes
    ('solved', '1423324123144132', 10)
    >>> solve(Grid.empty(2), "fast", trace=print)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: method 'fast' emits no trace events: only the search ...
    """
    if unknown:
        raise _unknown_options("solve", unknown)
    m = _method(method)
    keep = _check_keep(keep)
    if engine is None:  # as SolveOptions reads it: the default, $SUDOGRAPH_ENGINE applying
        engine = "auto"
    # the engine asked for, before $SUDOGRAPH_ENGINE; a seed or itermax the method would ignore
    check_call(
        m, engine=engine, trace=trace, seed=seed, itermax=itermax, order=order, inference=inference
    )
    problem, grid = to_problem(x)
    engine = _engine_override(engine, problem)
    options = SolveOptions(  # every option checked here, before a value is compared to route
        limit=limit,
        max_nodes=max_nodes,
        timeout=timeout,
        trace=trace,
        seed=seed,
        itermax=ITERMAX if itermax is None else itermax,
        order=order or m.order,
        inference=inference or m.inference,
        engine=engine,
    )
    overridden = order is not None or inference is not None
    stored = options.limit if keep is None or options.limit is None else min(options.limit, keep)
    stored = keep if stored is None else stored  # the solutions to keep: the kernel's store
    route = compiled_route(m.name, problem, engine, stored, overridden, trace is not None)
    if m.name == "fast" and route is None and not _engine_module("fast9").is_sudoku9(problem):
        numba = _engine_module().numba_available()
        why = _engine_module("houses").unsupported(problem) if numba else None
        if why:  # else the runner says what it takes
            raise InvalidArgument(
                f"method 'fast' runs beyond a plain 9x9 on the house kernel, which cannot take "
                f"this puzzle ({why}); the default method solves it"
            )
    if m.sudoku_only and grid is None and not _is_sudoku(problem):
        check_method(m.name, "graph")  # raises, naming the methods that colour any graph
    if problem.cages and m.name not in KILLER_METHODS:
        raise InvalidArgument(
            f"method {m.name!r} does not read killer cages; use one of {', '.join(KILLER_METHODS)}"
        )
    checked = route is not None
    if route == "houses":
        result: Result = _engine_module("houses").run(problem, options)
    elif route == "fast9":
        result = _run_fast9(problem, options, keep)
    else:
        result, checked = _run_method(m, problem, options, keep)
    if result.count is None and limit is None and result.complete:  # every one found (sat)
        result.count = len(result.solutions)
    elif not result.complete and result.count == len(result.solutions):
        result.count = None  # as Result says: left to len(solutions), whatever the route
    if keep is not None:
        if result.count is None and len(result.solutions) > keep:
            result.count = len(result.solutions)
        del result.solutions[keep:]
    result.reason = REASONS.get(result.reason, result.reason)
    result.method = (
        m.name if order is None and inference is None else (f"{options.order}+{options.inference}")
    )
    # every compiled route checks its solutions (the house kernel's compiled check; fast9.run,
    # which is method fast's runner too, with is_solution or its compiled check; the twin as
    # it drains its buffer): solve checks the others'
    for s in () if checked else result.solutions:
        if not is_solution(problem, s):  # pragma: no cover - a bug in a solver
            raise AssertionError(f"method {m.name} returned a non-solution {s}")
    if grid is not None:
        _attach_grids(result, grid)
        for g in () if checked else result.grids:
            if not g.is_solution_of(grid):  # pragma: no cover
                raise AssertionError(f"method {m.name} returned a grid that does not solve it")
    return result


TRACED = tuple(name for name, m in METHODS.items() if m.order is not None)
"""The methods that emit trace events: the search methods (the others run no search in
Python: greedy passes, SAT, logic, compiled kernels)."""

SOLVE_OPTIONS = frozenset(
    ("order", "inference", "limit", "max_nodes", "timeout", "trace", "seed", "itermax", "engine",
     "keep")
)  # fmt: skip
"""The keyword options of :func:`solve` (:func:`color` passes them on)."""


def _method(name: object) -> Method:
    """The method called ``name``; :class:`InvalidArgument` for a name that is not a string
    (a list of methods, say) or is unknown."""
    if not isinstance(name, str):
        raise InvalidArgument(
            f"method must be the name of one method (a str), got {name!r} "
            f"(known: {', '.join(METHODS)})"
        )
    return get_method(name)


def _unknown_options(what: str, given: Any, known: Any = SOLVE_OPTIONS) -> InvalidArgument:
    """The error for options of ``what`` (a function) that it does not know."""
    names = ", ".join(sorted(map(str, given)))
    return InvalidArgument(
        f"unknown option(s) of {what}: {names} (known: {', '.join(sorted(known))})"
    )


def check_call(
    m: Method,
    *,
    engine: object = None,
    trace: object = None,
    seed: object = None,
    itermax: object = None,
    order: str | None = None,
    inference: str | None = None,
) -> None:
    """Raise :class:`InvalidArgument` for an option method ``m`` cannot take, before any work:
    a trace it does not emit (or that is no callable), an engine it has not, a seed or itermax
    it would ignore (:func:`check_method_options`), an unknown order or inference, or one
    given to a method that is no search (:func:`refuse_order`). The one check of the options of
    a call of :func:`solve`, :func:`count` and :func:`sudograph.batch.solve_many`; None is an
    option not given. The values' own types and ranges are :class:`SolveOptions`'s.

    >>> check_call(_method("sat"), order="mrv")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: method 'sat' is not a search: order/inference do not apply
    """
    if trace is not None:
        _check_trace(m, trace, engine)
    check_method_options(m.name, seed=seed, itermax=itermax, engine=engine)
    check_order_inference(order, inference)
    refuse_order(m, order, inference)


def refuse_order(m: Method, order: object, inference: object) -> None:
    """Raise :class:`InvalidArgument` for an ``order`` or ``inference`` given to a method that
    is no search (they would be ignored)."""
    if (order or inference) and m.order is None:
        raise InvalidArgument(f"method {m.name!r} is not a search: order/inference do not apply")


def _check_trace(m: Method, trace: object, engine: object) -> None:
    """Raise :class:`InvalidArgument` unless ``trace`` is a callable that method ``m`` calls
    (only the search methods emit events, on the Python engine)."""
    if not callable(trace):
        raise InvalidArgument(
            f"trace must be callable (it receives each TraceEvent), got {trace!r}"
        )
    if m.order is None:
        raise InvalidArgument(
            f"method {m.name!r} emits no trace events: only the search methods do "
            f"({', '.join(TRACED)})"
        )
    if engine == "numba":
        raise InvalidArgument(
            "trace: the compiled twin emits no trace events: a traced search runs on the "
            "Python engine (engine 'python' or 'auto')"
        )


def check_method_options(
    method: str,
    *,
    seed: object = None,
    itermax: object = None,
    engine: object = None,
    cli: bool = False,
    called: str | None = None,
) -> None:
    """Raise :class:`InvalidArgument` for an option that ``method`` (a known method) would
    ignore: the one rule of the API (:func:`count`, :func:`is_unique`, :func:`solve`) and of
    the command line (``sudograph solve``, :func:`sudograph.cli.cmd_solve.check_solve_options`).

    ``seed`` and ``itermax`` (None: not given) tune the randomized methods only
    (:data:`RANDOMIZED`). ``engine`` picks the engine of a search method (``python`` or
    ``numba``) and of method ``fast`` (``numba`` only: it has no Python engine); every other
    method runs on an engine of its own (``python``, or ``sat``'s solver), and another engine
    is refused. ``auto`` and None (the default) pass, and so does a value that names no engine
    (:class:`~sudograph.problem.SolveOptions` says what it takes). With ``cli`` the messages
    name the command line's options (``--seed``), and an engine named at all for a method of
    its own engine is refused (``-m logic --engine python`` changes nothing), where the API
    takes that method's own engine (``engine="python"`` for ``logic``). ``called`` is how the
    messages name the method (``method 'auto' (sat here)`` where the user named another).

    >>> check_method_options("greedy", seed=3, itermax=10, engine="python")
    >>> check_method_options("naive", seed=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: seed: method 'naive' draws no random numbers; seed and ...
    >>> check_method_options("logic", engine="numba")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: engine 'numba': method 'logic' runs on its own engine ...
    """
    m = get_method(method)
    called = f"method {m.name!r}" if called is None else called
    if engine is not None and not isinstance(engine, str):  # (an array: no `in` test)
        from .engine import check_engine

        check_engine(engine)
    if engine in ("python", "numba") and m.order is None:
        if m.name == "fast" and engine == "python":  # (as solve_many says it)
            raise InvalidArgument("method 'fast' has no Python engine: use engine auto or numba")
        if m.name != "fast" and (cli or engine not in m.engines):
            option = "--engine" if cli else "engine"
            given = f"--engine {engine}" if cli else f"engine {engine!r}"
            raise InvalidArgument(
                f"{given}: {called} runs on its own engine only "
                f"({', '.join(m.engines)}); {option} picks the engine of the search methods "
                f"({', '.join(TRACED)}) and of fast (numba)"
            )
    if m.randomized:
        return
    spelled = {"seed": "--seed", "itermax": "--itermax"} if cli else {}
    for name, value in (("seed", seed), ("itermax", itermax)):
        if value is not None:
            raise InvalidArgument(
                f"{spelled.get(name, name)}: {called} draws no random numbers; "
                f"{spelled.get('seed', 'seed')} and {spelled.get('itermax', 'itermax')} tune "
                f"the randomized methods ({', '.join(RANDOMIZED)})"
            )


def _run_method(
    m: Method, problem: Problem, options: SolveOptions, keep: int | None
) -> tuple[Result, bool]:
    """Run ``m`` on its own runner and engines (no compiled route); the result, and whether
    its solutions were checked as they were found (method ``fast``, the twin)."""
    runner: Any = m.load()
    if m.name == "fast" and keep is not None:  # the kernel stores no more than that
        runner = functools.partial(runner, keep=max(keep, 1))
    if options.max_nodes is not None and m.randomized:
        return _run_greedy(runner, problem, options), False
    if m.name == "fast":
        if options.timeout is not None or options.max_nodes == 0:
            return _run_fast(runner, problem, options), True
        return runner(problem, options), True
    return _dispatch(m.name, runner, problem, options, keep)


def compiled_route(
    method: str,
    problem: Problem,
    engine: str = "auto",
    limit: int | None = 1,
    overridden: bool = False,
    traced: bool = False,
) -> str | None:
    """The compiled kernel that runs ``method`` on ``problem`` by default, or None (the
    method's own runner and engines).

    With numba installed and ``engine="auto"``, method ``propagate`` (its preset order and
    inference, no trace) runs on the ``fast9`` kernel on a plain 9×9 Sudoku when ``limit``,
    the solutions to store (the fewer of a search's ``limit`` and ``keep``; None: all), fits
    that kernel's store, and on the ``houses`` kernel otherwise; method ``fast`` runs on
    ``houses`` on anything but a plain 9×9 (whatever the engine; on a plain 9×9 its kernel
    keeps at most ``MAX_STORED`` solutions, counting the others). A problem the house kernel
    cannot take (:func:`sudograph.engine.houses.unsupported`) keeps the method's own path.

    >>> from sudograph.grid import Grid
    >>> compiled_route("naive", Grid.empty(4).problem) is None
    True
    """
    if traced or method not in ("propagate", "fast") or not _engine_module().numba_available():
        return None
    if method == "propagate" and (engine != "auto" or overridden):
        return None
    fast9 = _engine_module("fast9")
    if fast9.is_sudoku9(problem) and not problem.cages:
        if method == "fast" or (limit is not None and limit <= fast9.MAX_STORED):
            return None if method == "fast" else "fast9"
        return "houses"
    return "houses" if _engine_module("houses").supports(problem) else None


@functools.cache
def _engine_module(name: str = "") -> ModuleType:
    """:mod:`sudograph.engine` or its module ``name``, imported on first use and kept (an
    import statement costs microseconds a call; the modules load numba later still)."""
    return importlib.import_module(".engine" + (f".{name}" if name else ""), __package__)


def _run_fast9(problem: Problem, options: SolveOptions, keep: int | None) -> Result:
    """Method ``propagate`` on a plain 9×9 with the ``fast`` kernel (tagged in the stats)."""
    runner: Any = get_method("fast").load()
    if keep is not None:  # the kernel stores no more than that
        runner = functools.partial(runner, keep=max(keep, 1))
    if options.timeout is not None or options.max_nodes == 0:
        result = _run_fast(runner, problem, options)
    else:
        result = runner(problem, options)
    result.stats.engine = "fast9"
    return result


def _engine_override(engine: str, problem: Problem) -> str:
    """``engine``, with ``auto`` replaced by ``$SUDOGRAPH_ENGINE`` when that is python/numba;
    not by ``numba`` for a problem with killer cages, which the twin does not read (``auto``
    runs them compiled on the house kernel, or on Python). The variable is read, and a bad
    value refused (:class:`InvalidArgument`), by :func:`sudograph.engine.env_engine`, as
    everywhere else."""
    if engine != "auto":
        return engine
    env = _engine_module().env_engine()
    if env == "auto":
        return engine
    return "auto" if env == "numba" and problem.cages else str(env)


def _load_twin() -> None:
    """Load the compiled twin (from numba's cache, or compile it): once per process."""
    from .engine.compile import ensure_loaded

    ensure_loaded("twin")


def _python_then_twin(
    python: Callable[[SolveOptions], Result],
    twin: Callable[[SolveOptions], Result],
    options: SolveOptions,
    budget: int,
    load: Callable[[], None] | None = None,
) -> Result:
    """``engine="auto"``: run on Python with ``budget`` nodes at most; when that budget stopped
    it, run again on the twin (same algorithm, same counts) with what is left of the time.

    ``load`` loads the twin (:func:`_load_twin` from :func:`_dispatch` and :func:`_count_on`;
    None: nothing to load). Loading costs up to a second or two the first time in a process,
    and it counts against the timeout: the twin gets the time left *after* loading. With less
    than :data:`TWIN_LOAD_SECONDS` left and the twin not loaded yet, Python goes on instead
    (from the start, with the time left), so the timeout holds. The result's
    ``stats.seconds`` are both runs' time, not the loading between them (as everywhere, the
    kernels' loading is no search: a first GC on figure 9 said 2.0 s, 1.6 s of it loading;
    it counts against the timeout all the same); its counts are the second run's, which ran
    from the start.

    >>> from sudograph.problem import Stats
    >>> stop = Result("stopped", stats=Stats(nodes=5, seconds=0.5), reason="node limit")
    >>> done = lambda o: Result("solved", stats=Stats(nodes=9, seconds=0.25))
    >>> r = _python_then_twin(lambda o: stop, done, SolveOptions(), budget=5)
    >>> r.status, r.stats.nodes, r.stats.seconds
    ('solved', 9, 0.75)
    """
    from .engine.compile import is_loaded

    start = time.perf_counter()
    first = python(replace(options, max_nodes=budget))
    if first.reason != "node limit":
        return first
    timeout = options.timeout
    if timeout is not None:
        timeout = max(0.0, timeout - (time.perf_counter() - start))
    loading = 0.0
    if timeout is not None and timeout < TWIN_LOAD_SECONDS and not is_loaded("twin"):
        result = python(replace(options, timeout=timeout))
    else:
        if load is not None:
            begin = time.perf_counter()
            load()  # before the twin's clock starts: its time is taken from the timeout here
            loading = time.perf_counter() - begin
            if timeout is not None:
                timeout = max(0.0, timeout - loading)
        result = twin(replace(options, timeout=timeout))
    result.stats.seconds += first.stats.seconds
    return result


def _refuse_twin_for_cages(engine: str, method: str | None = None) -> None:
    """Refuse ``engine="numba"`` (the twin) for a problem with killer cages, which it does not
    read; the advice names the ``method`` asked for (None: a count)."""
    if engine == "numba":
        run = f"run method {method}" if method else "count"
        raise InvalidArgument(
            f"the compiled twin does not read killer cages: {run} on engine 'python' or "
            "'auto' (method propagate, the default, runs killers on the compiled house kernel)"
        )


def _dispatch(
    name: str, runner: Any, problem: Problem, options: SolveOptions, keep: int | None = None
) -> tuple[Result, bool]:
    """Run on the engine asked for (see :func:`solve`): the result, and whether the twin ran
    (it checks its solutions as it takes them from the kernel). The twin stores at most
    ``keep`` solutions (the reference engine keeps what it finds: :func:`solve` trims them)."""
    is_search = runner.__module__ == "sudograph.search.backtracking"
    if not is_search or options.trace is not None:
        result: Result = runner(problem, options)
        return result, False
    twin = _twin()
    if problem.cages:  # the twin does not read killer cages: the reference engine does
        _refuse_twin_for_cages(options.engine, name)
        twin = None
    if options.engine == "numba":
        if twin is None or not twin.numba_available():
            raise MissingExtra("numba", "fast")
        return twin.run_twin(problem, options, keep=keep), True
    if options.engine == "python" or twin is None:
        return runner(problem, options), False
    # auto: Python with a node budget, then the twin if the budget stopped it
    try:
        available = bool(twin.numba_available())
    except Exception:  # pragma: no cover - a broken optional engine must not break solving
        available = False
    budget = AUTO_NODE_BUDGET
    if not available or (options.max_nodes is not None and options.max_nodes <= budget):
        return runner(problem, options), False
    ran: list[bool] = []

    def on_twin(o: SolveOptions) -> Result:
        ran.append(True)
        return twin.run_twin(problem, o, keep=keep)  # type: ignore[no-any-return]

    result = _python_then_twin(
        lambda o: runner(problem, o), on_twin, options, budget, load=_load_twin
    )
    return result, bool(ran)


def _run_greedy(runner: Any, problem: Problem, options: SolveOptions) -> Result:
    """A randomized greedy method under ``max_nodes``: it makes no search nodes, so a node is
    one attempt (a full randomized pass): ``max_nodes`` caps ``stats.attempts`` (reason
    ``node limit`` when it, not ``itermax``, ended the run)."""
    cap = options.max_nodes or 0
    if cap == 0:
        return Result("stopped", [], method="", reason="node limit", seed=options.seed)
    result: Result = runner(problem, replace(options, itermax=min(options.itermax, cap)))
    if result.reason == "itermax" and cap < options.itermax:
        result.reason = "node limit"
    return result


def _run_fast(runner: Any, problem: Problem, options: SolveOptions) -> Result:
    """Method ``fast`` under a timeout (or ``max_nodes=0``, which its kernel reads as "no
    limit"). The compiled kernel takes no clock, so it runs with a guess budget: first
    ``FAST_FIRST_BUDGET`` guesses, then, while the time is not spent, again from the start with
    the budget the measured rate allows in the time left (capped by ``max_nodes``). The kernel
    is deterministic, so the last run's solutions and counts are the search's.
    """
    if options.max_nodes == 0:
        # stop before the first guess: a run with one guess allowed tells whether any is needed
        result: Result = runner(problem, replace(options, max_nodes=1, timeout=None))
        if result.stats.nodes == 0:
            return result
        return Result("stopped", [], method="fast", reason="node limit")
    from .engine.compile import ensure_loaded

    ensure_loaded("fast")  # once per process, before the clock: the timeout times the search
    start = time.perf_counter()
    deadline = start + (options.timeout or 0.0)
    cap = options.max_nodes
    budget = FAST_FIRST_BUDGET if cap is None else min(cap, FAST_FIRST_BUDGET)
    while True:
        t0 = time.perf_counter()
        result = runner(problem, replace(options, max_nodes=budget, timeout=None))
        now = time.perf_counter()
        cut = result.reason in ("max_nodes", "node limit")  # by this budget (solved or not)
        if not cut or (cap is not None and budget >= cap):
            break  # finished (or interrupted), or stopped by the caller's own max_nodes
        left = deadline - now
        if left <= 0:
            result.reason = "time limit"
            break
        # solve() then builds each kept solution's grid (FAST_POST_FACTOR): the time of a
        # guess counts that share too
        share = 1 + FAST_POST_FACTOR * len(result.solutions) / max(budget, 1)
        rate = budget / max((now - t0) * share, 1e-6)
        more = int(rate * left * 0.9)
        if more <= budget:  # not worth a rerun: no more nodes fit in the time left
            result.reason = "time limit"
            break
        budget = more if cap is None else min(cap, more)
    result.stats.seconds = time.perf_counter() - start
    return result


def count_solutions(
    x: Solvable, limit: int | None = None, method: str = "propagate", **kw: Any
) -> int:
    """The number of solutions of ``x``, counting at most ``limit`` (None = all).

    A count capped by ``limit`` (or stopped by ``max_nodes``/``timeout`` in ``kw``) is a lower
    bound: the true count is at least the value returned. The solutions are counted, not kept:
    memory does not grow with the count (see :func:`count`).

    >>> from sudograph.grid import Grid
    >>> count_solutions(Grid.empty(2), limit=10)
    10

    ``limit`` comes before ``method`` here (where :func:`count` and :func:`is_unique` take the
    method second): a method name given as the limit is refused, saying so.

    >>> count_solutions(Grid.empty(2), "naive")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: limit must be a whole number (or None for all), got \
'naive' (count_solutions(x, limit, method): the method is the third argument or method=...)
    """
    if isinstance(limit, str):
        raise InvalidArgument(
            f"limit must be a whole number (or None for all), got {limit!r} "
            "(count_solutions(x, limit, method): the method is the third argument or method=...)"
        )
    result = count(x, method, limit=limit, **kw)
    return result.count or 0


def count(
    x: Solvable,
    method: str = "propagate",
    *,
    limit: int | None = None,
    keep: int | None = 0,
    **kw: Any,
) -> Result:
    """Count the solutions of ``x`` (at most ``limit``; None = all) keeping only ``keep``.

    ``result.count`` is the number found, exact when ``result.complete`` (and when the count
    reached ``limit``, a lower bound). A search method counts without storing (constant memory
    on either engine); other methods fall back to :func:`solve` with ``limit``. ``keep``: the
    solutions kept, 0 by default; None keeps every one found, as :func:`solve` does (then
    memory grows with the count). ``kw`` are :func:`solve`'s options (``order``,
    ``inference``, ``max_nodes``, ``timeout``, ``engine``; not ``seed`` nor ``itermax``, which
    tune the randomized methods, none of which counts: see :func:`check_method_options`).
    Raises as :func:`solve`.

    >>> from sudograph.grid import Grid
    >>> r = count(Grid.empty(2), "naive", keep=1)
    >>> r.count, r.complete, len(r.solutions)
    (288, True, 1)
    >>> r = count(Grid.parse("...3.2.1...4...."), keep=None)
    >>> r.count == len(r.solutions) == 3
    True
    """
    if set(kw) - COUNT_OPTIONS:
        raise _unknown_options("count", set(kw) - COUNT_OPTIONS, COUNT_OPTIONS | {"limit", "keep"})
    m = _method(method)
    keep = _check_keep(keep)
    _refuse_incomplete(m.name, "count solutions")
    for name in ("trace", "seed", "itermax"):  # None: not given
        if name in kw and kw[name] is None:
            del kw[name]
    # here: the compiled count below does not go through solve
    check_call(m, engine=kw.get("engine"), **{k: kw.get(k) for k in CHECKED})
    compiled = None if keep is None else _count_compiled(x, m.name, limit, keep, kw)
    if compiled is not None:
        return compiled
    if keep is None or limit is not None or m.order is None or "trace" in kw:
        result = solve(x, method, limit=limit, keep=None if keep is None else max(keep, 1), **kw)
        found = len(result.solutions) if result.count is None else result.count
        result.count = found
        if keep is not None:
            del result.solutions[keep:]
            del result.grids[keep:]
        return result
    order, inference = kw.pop("order", None), kw.pop("inference", None)
    engine = kw.pop("engine", "auto")
    problem, grid = to_problem(x)
    options = SolveOptions(
        limit=None,
        order=order or m.order,
        inference=inference or m.inference,
        engine=engine,
        **kw,
    )
    engine = _engine_override(engine, problem)
    result = _count_on(engine, problem, options, keep)
    result.method = m.name if order is None and inference is None else result.method
    for s in result.solutions:
        if not is_solution(problem, s):  # pragma: no cover - a bug in a solver
            raise AssertionError(f"method {m.name} returned a non-solution {s}")
    if grid is not None:
        _attach_grids(result, grid)
    return result


CHECKED = ("trace", "seed", "itermax", "order", "inference")
"""The options :func:`check_call` checks against the method, beside its engine."""

COUNT_OPTIONS = SOLVE_OPTIONS - {"limit", "keep"}
"""The options :func:`count` passes on to the search (``limit`` and ``keep`` are its own)."""


def _attach_grids(result: Result, grid: Grid) -> None:
    """Give ``result`` the solved grids of ``grid`` and the puzzle itself."""
    result.grids = [grid._with_solution(s) for s in result.solutions]
    result.puzzle = grid


def _check_keep(keep: object) -> int | None:
    """``keep`` as an int (numpy's integers too), or None (every solution found);
    :class:`InvalidArgument` for anything else or a number below 0.

    >>> import numpy as np
    >>> _check_keep(np.int64(2)), _check_keep(None)
    (2, None)
    >>> _check_keep(True)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: keep must be a whole number >= 0 (or None: every solution \
found), got True
    """
    if keep is None or (type(keep) is int and keep >= 0):
        return keep
    if is_whole(keep) and int(cast(Integral, keep)) >= 0:
        return int(cast(Integral, keep))
    raise InvalidArgument(
        f"keep must be a whole number >= 0 (or None: every solution found), got {keep!r}"
    )


def _count_compiled(
    x: Solvable, method: str, limit: int | None, keep: int, kw: dict[str, Any]
) -> Result | None:
    """Count on the kernel :func:`compiled_route` sends ``method`` to (None when it sends it
    to none): every solution counted (``limit`` None), none stored beyond ``keep``. A count
    stores ``keep`` solutions, so the route is asked for that many: a plain 9×9 goes to the
    ``fast`` kernel while they fit its store, whose guesses cost less than the house
    kernel's, and whose counting memo seldom meets a 9×9 state twice (``bench/bench_count.py``:
    completions of 9×9 grids with 55 and 60 cells emptied, 1.7× and 1.3× faster; 190 to 1.2
    million solutions); anything else to the house kernel."""
    given = {k for k, v in kw.items() if v is not None and k not in ("seed", "itermax")}
    if limit is not None or "trace" in kw or given - {"max_nodes", "timeout", "engine"}:
        return None  # seed and itermax: options of the randomized methods, not of propagate
    problem, grid = to_problem(x)
    engine = _engine_override(kw.get("engine", "auto"), problem)
    route = compiled_route(method, problem, engine, max(keep, 1))
    if route is None:
        return None
    options = SolveOptions(limit=None, max_nodes=kw.get("max_nodes"), timeout=kw.get("timeout"))
    if route == "fast9":
        result = _run_fast9(problem, options, keep)
    else:
        from .engine.houses import count as count_houses

        result = count_houses(problem, options, keep=keep)
    del result.solutions[keep:]  # a kernel's store holds what a slice found: more, at times
    result.method = method
    result.reason = REASONS.get(result.reason, result.reason)
    if grid is not None:
        _attach_grids(result, grid)
    return result


def _count_on(engine: str, problem: Problem, options: SolveOptions, keep: int) -> Result:
    """Count on ``engine`` as :func:`_dispatch` solves (auto: Python first, with a budget)."""
    from .search.backtracking import count as count_python

    twin = _twin()
    available = twin is not None and bool(twin.numba_available()) and not problem.cages
    if problem.cages:
        _refuse_twin_for_cages(engine)
    if engine == "numba":
        if not available:
            raise MissingExtra("numba", "fast")
        result: Result = twin.count_twin(problem, options, keep=keep)
        return result
    budget = AUTO_NODE_BUDGET
    if (
        engine == "python"
        or not available
        or (options.max_nodes is not None and options.max_nodes <= budget)
    ):
        return count_python(problem, options, keep=keep)
    return _python_then_twin(
        lambda o: count_python(problem, o, keep=keep),
        lambda o: twin.count_twin(problem, o, keep=keep),
        options,
        budget,
        load=_load_twin,
    )


def _refuse_incomplete(method: str, what: str) -> None:
    """Raise :class:`InvalidArgument` for a method that cannot prove there is no other
    solution (a greedy heuristic, human-style logic): its count would be a guess."""
    if not _method(method).complete:
        complete = ", ".join(n for n, m in METHODS.items() if m.complete)
        raise InvalidArgument(
            f"method {method!r} does not explore every possibility, so it cannot {what}; "
            f"use one of {complete}"
        )


def is_unique(grid: Solvable, method: str = "propagate", **kw: Any) -> bool:
    """True when the puzzle has exactly one solution (a count with ``limit=2``).

    ``kw`` are :func:`solve`'s options but ``limit`` and ``keep`` (the count to 2 is its own),
    and ``seed`` and ``itermax`` (a method that counts draws no random numbers). Raises
    :class:`UniquenessUnknown` when ``max_nodes`` or ``timeout`` stopped the count before it
    could tell, else as :func:`solve`; Ctrl-C during the count is a ``KeyboardInterrupt`` (no
    answer to give: :func:`solve` returns what it found, this has nothing to return).

    >>> from sudograph.grid import Grid
    >>> is_unique(Grid.empty(2))
    False
    """
    if set(kw) - COUNT_OPTIONS:
        wrong = set(kw) - COUNT_OPTIONS
        if wrong <= {"limit", "keep"}:
            raise InvalidArgument(
                f"is_unique counts up to 2 solutions itself: {' and '.join(sorted(wrong))} "
                "does not apply (count takes them)"
            )
        raise _unknown_options("is_unique", wrong - {"limit", "keep"}, COUNT_OPTIONS)
    _refuse_incomplete(method, "tell uniqueness")
    r = solve(grid, method, limit=2, **kw)  # (which checks the options)
    if r.reason == "interrupted":
        raise KeyboardInterrupt
    if len(r.solutions) < 2 and (r.status == "stopped" or not r.complete):
        raise UniquenessUnknown(f"the count was stopped ({r.reason}): uniqueness unknown")
    return len(r.solutions) == 1


def color(
    graph: Graph,
    k: int,
    method: str = "auto",
    precolouring: Coloring | None = None,
    **kw: Any,
) -> Result:
    """Decide whether ``graph`` has a proper ``k``-colouring keeping ``precolouring``.

    ``method``: ``auto`` (the default, as the command line's ``color``) is ``sat`` when
    python-sat is installed (the ``sat`` extra), else ``dsatur``; any method of
    :data:`~sudograph.methods.METHODS` that colours graphs.

    ``kw`` are :func:`solve`'s keyword options. ``k`` and ``precolouring`` may be numpy's (an
    integer, an array). Asked for one colouring (``limit`` 1) without a precolouring, a k
    above the number of vertices is read as that number (one colouring never needs colours
    past it; a list or a count does: ``limit=None`` lists all k^n colourings of n vertices
    without edges); a k still above 64
    (what a :class:`Problem` holds) is coloured by method ``sat`` only, on the graph itself
    (``kw``: ``timeout``; one colouring, so ``limit`` 1 only), as DIMACS graphs of chromatic
    number 65 and 73 need.
    Method ``sat`` asked for one colouring without a precolouring (no option but
    ``timeout`` and ``max_nodes``) first refutes k when a Mycielskian's lower bound (χ(H) + d)
    is above it, then tries DSATUR's greedy colouring, then TabuCol one colour fewer at a
    time for ``HEURISTIC_SECONDS`` at most (a tenth of ``timeout``), and only then loads the
    solver, its formula given a clause "every colour appears" for each k-clique found (as
    :func:`~sudograph.search.chromatic.chromatic_number` does). Their time counts in the
    ``timeout`` and the result's seconds; a colouring the heuristics find comes with
    ``stats.engine == "dsatur+tabucol"``, no nodes and ``complete`` False.
    Raises :class:`InvalidArgument` on a bad graph, k or precolouring,
    :class:`InvalidPuzzle` when the precolouring clashes.

    >>> from itertools import combinations
    >>> from sudograph.graph import Graph, petersen_graph
    >>> color(petersen_graph(), 2).status
    'unsatisfiable'
    >>> color(Graph.from_edges(70, combinations(range(70), 2)), 70, "dsatur")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: k=70 is above 64: only method 'sat' takes it...
    """
    require_graph(graph, "color")
    if not isinstance(method, str):
        _method(method)  # raises: "method must be the name of one method", as solve says it
    if method != "auto" and method not in METHODS:
        check_method(method, "graph", also=["auto"])  # raises: naming what color takes
    method = color_method(method)
    if set(kw) - SOLVE_OPTIONS:
        raise _unknown_options("color", set(kw) - SOLVE_OPTIONS)
    if type(k) is not int and is_whole(k):
        k = int(k)  # a numpy integer
    pre = precolouring
    if pre is not None and type(pre) is not tuple:
        pre = _colour_tuple(pre, "precolouring")
    one = kw.get("limit", 1) == 1  # (limit=None asks for every colouring: the solver's)
    whole = isinstance(k, int) and not isinstance(k, bool)
    if whole and k < 1:  # (no upper bound: sat's)
        raise InvalidArgument(f"k must be at least 1, got {k}")
    if whole and not pre:
        # one colouring never needs more colours than vertices; a list or a count does (the
        # colourings of 3 vertices with 4 colours are 4^3, not the 3^3 of 3 colours)
        given_k, k = k, min(k, max(graph.n, 1)) if one else k
        if k > MAX_SIDE:
            return _color_sat(graph, k, method, kw, given_k)
    problem = Problem(graph, k, pre or ())
    if METHODS[method].sudoku_only and not _is_sudoku(problem):  # (solve's check, with auto)
        check_method(method, "graph", also=["auto"])
    given = {name for name, value in kw.items() if value is not None}
    if method == "sat" and not pre and one and given <= {"timeout", "max_nodes", "limit"}:
        options = SolveOptions(timeout=kw.get("timeout"), max_nodes=kw.get("max_nodes"))
        if options.timeout != 0 and _sat_installed():  # (0: no step at all, as solve says)
            start = time.perf_counter()
            found = _refuted_by_bound(graph, k, options.timeout)  # (tenths of a second)
            if found is None:
                found = _heuristic_colouring(graph, k, options.timeout)
            if found is not None:
                return found
            problem = Problem(_with_clique_houses(graph, k, options.timeout), k)
            spent = time.perf_counter() - start
            if options.timeout is not None:  # what is left of it for the solver
                kw = {**kw, "timeout": max(0.0, options.timeout - spent)}
            result = solve(problem, method, **kw)
            result.stats.seconds += spent
            return result
    return solve(problem, method, **kw)


def color_method(name: str) -> str:
    """The method :func:`color` and the command line's ``color`` run for ``name``: ``auto``
    is ``sat`` when python-sat is installed, else ``dsatur``; any other name is kept.

    >>> color_method("naive"), color_method("auto") in ("sat", "dsatur")
    ('naive', True)
    """
    if name != "auto":
        return name
    return "sat" if _sat_installed() else "dsatur"


def _sat_installed() -> bool:
    from .search.sat import sat_available

    return sat_available()


HEURISTIC_SECONDS = 1.0
"""What :func:`color` gives TabuCol (after DSATUR) before the SAT solver, at most."""


def _heuristic_colouring(graph: Graph, k: int, timeout: float | None) -> Result | None:
    """One k-colouring found without the SAT solver (method ``sat`` given no option but a
    ``timeout``: the result's ``stats.engine`` says ``dsatur+tabucol``), or None: DSATUR's
    greedy colouring (near-linear), then TabuCol from it for ``HEURISTIC_SECONDS`` at most (or
    a tenth of ``timeout``). The SAT formula of a dense graph or of many colours takes seconds
    to load and may not be solved in minutes where these find a colouring at once (a random
    graph of 300 vertices, half the edges, 40 colours: DSATUR gives 44, TabuCol 40 in 0.01 s;
    SAT had none in 60 s). They never prove that there is none: that is left to the solver."""
    from .problem import Stats, is_proper_coloring
    from .search.bounds import dsatur_coloring, tabucol

    start = time.perf_counter()
    share = HEURISTIC_SECONDS if timeout is None else min(HEURISTIC_SECONDS, timeout / 10)
    deadline = start + share
    try:
        coloring: Coloring | None = dsatur_coloring(graph, deadline)
        moves = 20 * graph.n
        while coloring is not None and max(coloring, default=0) > k:  # one colour fewer a step,
            # each from the last, a failed step tried again with twice the moves (as
            # chromatic_number does: a jump straight to k fails where the steps get there)
            fewer = max(k, len(set(coloring)) - 1)
            step = tabucol(graph, fewer, coloring, deadline=deadline, max_iterations=moves)
            if step is None:
                if time.perf_counter() >= deadline:
                    break
                moves *= 2
                continue
            coloring = step
    except KeyboardInterrupt:  # as the solver's own: a stopped result
        stats = Stats(seconds=time.perf_counter() - start, engine="dsatur+tabucol")
        return Result("stopped", [], stats, method="sat", reason="interrupted")
    if coloring is None or max(coloring, default=0) > k:
        return None
    if not is_proper_coloring(graph, coloring, k):  # pragma: no cover - a bug in a heuristic
        raise AssertionError(f"a heuristic returned an improper colouring: {coloring}")
    stats = Stats(seconds=time.perf_counter() - start, engine="dsatur+tabucol")
    return Result("solved", [tuple(coloring)], stats, method="sat", complete=False)


def _refuted_by_bound(graph: Graph, k: int, timeout: float | None) -> Result | None:
    """The proof that ``graph`` has no ``k``-colouring when a lower bound of χ is above k and
    the SAT solver would take long to find it (an unsatisfiable Result), else None: a graph
    built by Mycielski's construction d times over H has χ = χ(H) + d, H's own bound found
    by :func:`~sudograph.search.chromatic.chromatic_number` (myciel6 and k = 6: 0.2 s, where
    the solver ran for minutes). (A clique above k the solver refutes at once itself.)"""
    from .problem import Stats
    from .search.bounds import mycielski_core
    from .search.chromatic import chromatic_number

    start = time.perf_counter()
    depth, core = mycielski_core(graph)
    if not depth:
        return None
    share = BOUND_SECONDS if timeout is None else min(BOUND_SECONDS, timeout / 10)
    lower = chromatic_number(core, share).lower_bound + depth  # (H's bounds so far: a hard
    # H would not be coloured in a second, but its clique and odd cycles are found at once)
    if lower <= k:
        return None
    stats = Stats(seconds=time.perf_counter() - start)
    return Result("unsatisfiable", [], stats, method="sat", complete=True, count=0)


BOUND_SECONDS = 1.0
"""What :func:`color` gives the bounds of a Mycielskian's H, at most (a tenth of the
``timeout`` at most)."""
CLIQUE_HOUSE_SECONDS = 0.5
"""What :func:`color` gives the search of k-cliques made houses (a twentieth of the
``timeout`` at most)."""


def _with_clique_houses(graph: Graph, k: int, timeout: float | None) -> Graph:
    """``graph`` with its cliques of ``k`` vertices (those found greedily) as houses: with k
    colours each holds every colour, a clause the SAT solver is given for each house (as
    ``chromatic_number`` gives it: queen9_9 and k = 9, no colouring, proved in 0.4 s where
    the plain formula ran for minutes)."""
    from .search.bounds import cliques_of_size

    if k < 3 or k > MAX_SIDE:
        return graph
    share = CLIQUE_HOUSE_SECONDS if timeout is None else min(CLIQUE_HOUSE_SECONDS, timeout / 20)
    found = cliques_of_size(graph, k, deadline=time.perf_counter() + share)
    if not found:
        return graph
    houses = sorted({*graph.houses, *(tuple(c) for c in found)})
    return replace(graph, houses=tuple(houses))


def _color_sat(graph: Graph, k: int, method: str, kw: dict[str, Any], given_k: int) -> Result:
    """:func:`color` with k above 64: SAT on the graph (``sudograph.search.sat.color_graph``);
    ``given_k``: the k asked for, which messages quote (``k`` is at most the vertex count)."""
    from .problem import Stats, is_proper_coloring

    if method != "sat":
        extra = "" if _sat_installed() else f" ({MissingExtra('pysat', 'sat')})"
        raise InvalidArgument(f"k={given_k} is above {MAX_SIDE}: only method 'sat' takes it{extra}")
    limit = kw.get("limit", 1)
    if not (is_whole(limit) and limit == 1):
        raise InvalidArgument(
            f"with k above {MAX_SIDE}, method 'sat' finds one colouring: limit must be 1, "
            f"got {limit!r}"
        )
    if {name for name, value in kw.items() if value is not None} - {"timeout", "limit"}:
        raise InvalidArgument(f"with k above {MAX_SIDE}, method 'sat' takes only a timeout")
    timeout = SolveOptions(timeout=kw.get("timeout")).timeout  # checked, and at most a bound
    from .search.bounds import dsatur_coloring
    from .search.sat import SatStats, color_graph

    start = time.perf_counter()
    # DSATUR first (near-linear), SAT only when it uses more than k colours: the greedy
    # colouring is often enough on such graphs (DSATUR gives fpsol2.i.1's 65 colours in
    # 0.5 s, where SAT's formula of 65 colours ran out of 20 s; miles1500's 73 too)
    deadline = None if timeout is None else start + timeout
    coloring: Coloring | None
    try:
        greedy = dsatur_coloring(graph, deadline)
    except KeyboardInterrupt:
        status, coloring, st = "stopped", None, SatStats(interrupted=True)
    else:
        if max(greedy, default=0) <= k:
            status, coloring, st = "solved", greedy, SatStats()
        else:
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            status, coloring, st = color_graph(graph, k, left)
    if coloring is not None and not is_proper_coloring(graph, coloring, k):
        raise AssertionError("sat returned an improper colouring")  # pragma: no cover
    seconds = time.perf_counter() - start
    stats = Stats(nodes=st.decisions, backtracks=st.conflicts, seconds=seconds, engine="sat")
    return Result(
        status,  # type: ignore[arg-type]
        [] if coloring is None else [coloring],
        stats,
        method="sat",
        reason="" if status != "stopped" else "interrupted" if st.interrupted else "time limit",
        complete=status == "unsatisfiable",
    )
