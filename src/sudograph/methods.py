"""The registry of named methods: ``METHODS[name]`` says what a method is and where it lives.

Search methods are presets of one backtracking search (``order`` × ``inference``); the others
(randomized greedy colourings, the compiled 9×9 kernel, the human-style logic solver) are
registered beside them. A method's ``runner`` is ``"module:function"``, imported only when the
method is used, with the signature ``run(problem: Problem, options: SolveOptions) -> Result``.

>>> METHODS["naive"].order, METHODS["naive"].inference
('static', 'check')
>>> sorted(m for m in METHODS if METHODS[m].complete)[:3]
['dsatur', 'fast', 'forward']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .errors import InvalidArgument
from .problem import Problem, Result, SolveOptions

ORDERS = ("static", "mrv", "dsatur")
INFERENCES = ("check", "forward", "singles")

Runner = Callable[[Problem, SolveOptions], Result]

SEARCH_RUNNER = "sudograph.search.backtracking:run"


@dataclass(frozen=True)
class Method:
    """A named method: what it does, which seed exercise it reproduces, how it runs."""

    name: str
    description: str
    seed: str
    runner: str = SEARCH_RUNNER
    order: str | None = None
    inference: str | None = None
    complete: bool = True
    randomized: bool = False
    engines: tuple[str, ...] = ("python", "numba")
    sudoku_only: bool = False
    searches: bool = True
    """False for a method that makes no search nodes (``logic``: deductions; the greedy
    family: attempts): its nodes and backtracks are no measure (shown null by the bench)."""

    def load(self) -> Runner:
        """Import and return the runner function."""
        module, _, func = self.runner.partition(":")
        runner: Runner = getattr(importlib.import_module(module), func)
        return runner


def _search(name: str, order: str, inference: str, description: str, seed: str) -> Method:
    return Method(name, description, seed, order=order, inference=inference)


def _greedy(name: str, description: str, seed: str, runner: str) -> Method:
    return Method(
        name,
        description,
        seed,
        runner=f"sudograph.search.greedy:{runner}",
        complete=False,
        randomized=True,
        engines=("python",),
        searches=False,
    )


METHODS: dict[str, Method] = {
    m.name: m
    for m in (
        _search(
            "naive",
            "static",
            "check",
            "backtracking in vertex order, a colour tried only if no coloured neighbour has it",
            "seed 001 TP Q11, seed 002 GC, seed 003 backtracking(L, pos), seed 004 part 1",
        ),
        _search(
            "mrv",
            "mrv",
            "check",
            "backtracking on the vertex with fewest remaining colours (MRV)",
            "seed 002 GC_BIS, seed 004 part 2",
        ),
        _search(
            "forward",
            "mrv",
            "forward",
            "MRV with forward checking: a colour leaves the neighbours' domains",
            "seed 004 part 3",
        ),
        _search(
            "propagate",
            "mrv",
            "singles",
            "MRV with naked and hidden singles to a fixpoint after each assignment",
            "seed 003 un_tour/complete, Norvig's propagation",
        ),
        _search(
            "dsatur",
            "dsatur",
            "forward",
            "DSATUR order (MRV, ties by uncoloured-neighbour degree) with forward checking",
            "Brélaz 1979; seed 002's improved order",
        ),
        _greedy(
            "greedy",
            "NSI randomized greedy: cells in order, a random possible colour, retried",
            "seed 000 resolution_sudoku_coloration_glouton",
            "run_greedy",
        ),
        _greedy(
            "greedy-mrv",
            "NSI randomized greedy on the most constrained cells, singles all at once",
            "seed 000 resolution_sudoku_coloration_glouton_tri1",
            "run_mrv",
        ),
        _greedy(
            "greedy-mrv-least",
            "greedy-mrv, ties broken by fewest uncoloured neighbours",
            "seed 000 resolution_sudoku_coloration_glouton_tri(version='plus')",
            "run_mrv_least",
        ),
        _greedy(
            "greedy-mrv-most",
            "greedy-mrv, ties broken by most uncoloured neighbours",
            "seed 000 resolution_sudoku_coloration_glouton_tri(version='moins')",
            "run_mrv_most",
        ),
        _greedy(
            "greedy-mrv-random",
            "greedy-mrv, ties broken at random",
            "seed 000 resolution_sudoku_coloration_glouton_tri(version='hasard')",
            "run_mrv_random",
        ),
        Method(
            "sat",
            "SAT solver (CaDiCaL via python-sat, extra sat): direct encoding, each colour once "
            "per full house; nodes = decisions, backtracks = conflicts",
            "beyond the seeds (issue 14)",
            runner="sudograph.search.sat:run",
            engines=("sat",),  # python-sat's solver, not one of ours: not in bench by default
        ),
        Method(
            "fast",
            "compiled 9x9 bitboard solver: singles, locked candidates, guesses on the most "
            "constrained cell; nodes = guesses; keeps 10,000 solutions at most (counts all)",
            "beyond the seeds (tdoku-style)",
            runner="sudograph.engine.fast9:run",
            engines=("numba",),
            sudoku_only=True,
        ),
        Method(
            "logic",
            "human-style techniques (singles, pairs, fish, wings, colouring), no guessing",
            "seed 001: a public grid must have a logical solution",
            runner="sudograph.logic:run",
            complete=False,
            engines=("python",),
            sudoku_only=True,
            searches=False,
        ),
    )
}

RANDOMIZED = tuple(name for name, m in METHODS.items() if m.randomized)
"""The methods that draw random numbers: the only ones ``seed`` and ``itermax`` tune."""


def get_method(name: str) -> Method:
    """The method called ``name``; :class:`InvalidArgument` lists the known ones otherwise
    (a name that is no str too: ``["fast"]`` raised TypeError from the lookup).

    >>> get_method(["fast"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: unknown method ['fast'] (known: naive, ...)
    """
    try:
        if not isinstance(name, str):
            raise KeyError(name)
        return METHODS[name]
    except KeyError:
        known = ", ".join(METHODS)
        raise InvalidArgument(f"unknown method {name!r} (known: {known})") from None


KINDS = {"sudoku": "Sudoku grids", "graph": "graphs"}
"""What a method may be asked to solve: ``sudoku`` a Sudoku grid of any size (every method;
``fast`` takes 9×9 and the batch mode hands other sizes to a fallback), ``graph`` any graph
with k colours (no Sudoku-only method)."""


def methods_for(kind: str) -> list[str]:
    """The names of the methods that apply to ``kind`` (a key of :data:`KINDS`), in registry
    order; :class:`InvalidArgument` on an unknown kind.

    >>> "fast" in methods_for("sudoku"), "fast" in methods_for("graph")
    (True, False)
    >>> [m for m in methods_for("sudoku") if m not in methods_for("graph")]
    ['fast', 'logic']
    """
    if kind not in KINDS:
        raise InvalidArgument(f"unknown kind {kind!r} (known: {', '.join(KINDS)})")
    return [name for name, m in METHODS.items() if kind == "sudoku" or not m.sudoku_only]


def check_method(name: str, kind: str, also: Sequence[str] = ()) -> Method:
    """The method called ``name`` when it applies to ``kind``; otherwise
    :class:`InvalidArgument` in one line that names the methods that do, after ``also``: the
    other names the caller takes (a command's ``auto``, which it resolves before).

    >>> check_method("fast", "graph")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: method 'fast' solves Sudoku grids only, not graphs; \
use one of naive, mrv, forward, propagate, dsatur, greedy, greedy-mrv, greedy-mrv-least, \
greedy-mrv-most, greedy-mrv-random, sat
    """
    usable = ", ".join([*also, *methods_for(kind)])
    if not isinstance(name, str) or name not in METHODS:
        raise InvalidArgument(f"unknown method {name!r}; use one of {usable}")
    method = METHODS[name]
    if name not in methods_for(kind):
        fits = [k for k in KINDS if name in methods_for(k)]
        raise InvalidArgument(
            f"method {name!r} solves {' and '.join(KINDS[k] for k in fits)} only, not "
            f"{KINDS[kind]}; use one of {usable}"
        )
    return method


def check_order_inference(order: str | None, inference: str | None) -> None:
    """Raise :class:`InvalidArgument` on an unknown order or inference."""
    if order is not None and order not in ORDERS:
        raise InvalidArgument(f"unknown order {order!r} (known: {', '.join(ORDERS)})")
    if inference is not None and inference not in INFERENCES:
        raise InvalidArgument(f"unknown inference {inference!r} (known: {', '.join(INFERENCES)})")
