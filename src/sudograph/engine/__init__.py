"""Compiled engines (numba): the twin of the search and the 9×9 fast path.

Nothing here imports numba or numpy: the kernels load on first use, so ``import sudograph``
stays fast and works without the ``fast`` extra.

- :func:`numba_available` — is the ``fast`` extra installed (cheap, imports nothing);
- :func:`env_engine` — the engine ``$SUDOGRAPH_ENGINE`` names (checked: one reader);
- :func:`resolve_engine` — ``"auto"``, ``"python"`` or ``"numba"`` to the engine that will run;
- :func:`run_twin` — the compiled twin of :func:`sudograph.search.backtracking.run`, same
  contract, same solutions, nodes and backtracks (:mod:`sudograph.engine.twin`);
- :func:`count_twin` — count every solution without keeping them (28,200,960 for 6×6).

>>> resolve_engine("python")
'python'
>>> numba_available() in (True, False)
True
"""

from __future__ import annotations

import functools
import importlib.util
import os
from typing import Literal

from ..errors import InvalidArgument, MissingExtra
from ..problem import Problem, Result, SolveOptions

Engine = Literal["python", "numba"]
ENGINE_ENV = "SUDOGRAPH_ENGINE"
"""Environment variable that replaces ``engine="auto"`` by ``python`` or ``numba``."""


@functools.cache
def numba_available() -> bool:
    """True when numba and numpy can be imported (found, not imported; the answer is cached)."""
    return all(importlib.util.find_spec(m) is not None for m in ("numba", "numpy"))


def env_engine() -> str:
    """The engine ``$SUDOGRAPH_ENGINE`` names: ``python``, ``numba``, or ``auto`` when it is
    unset, empty or ``auto`` (case and blanks ignored). The one reader of the variable:
    :func:`resolve_engine` and :func:`sudograph.solve.solve` (``count``...) both call it.

    Raises :class:`InvalidArgument` on another value (``SUDOGRAPH_ENGINE must be python or
    numba, got 'gpu'``), wherever it is read.
    """
    env = os.environ.get(ENGINE_ENV, "").strip().lower()
    if env in ("", "auto"):
        return "auto"
    if env not in ("python", "numba"):
        raise InvalidArgument(f"{ENGINE_ENV} must be python or numba, got {env!r}")
    return env


ENGINES = ("auto", "python", "numba")
"""The engine names the API takes (``solve``, ``solve_many``, ``run_bench``...)."""


def check_engine(engine: object) -> str:
    """``engine`` when it is one of :data:`ENGINES`, else :class:`InvalidArgument` in the
    API's one wording (nothing imported, nothing installed checked: :func:`resolve_engine`).

    >>> check_engine("gpu")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: engine must be auto, python or numba, got 'gpu'
    """
    if not isinstance(engine, str) or engine not in ENGINES:  # (an array: no `in` test)
        raise InvalidArgument(f"engine must be auto, python or numba, got {engine!r}")
    return engine


def resolve_engine(engine: str = "auto") -> Engine:
    """The engine that runs for ``engine`` (``auto``, ``python`` or ``numba``).

    ``auto`` follows ``$SUDOGRAPH_ENGINE`` when it is set (``python`` or ``numba``), else picks
    ``numba`` when it is installed and ``python`` otherwise; a named engine is always kept.

    Raises :class:`InvalidArgument` on another name (or a bad ``$SUDOGRAPH_ENGINE``), and
    :class:`MissingExtra` when ``numba`` is asked for (by name or by the variable) and is not
    installed.

    >>> resolve_engine("python")
    'python'
    >>> resolve_engine("gpu")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: engine must be auto, python or numba, got 'gpu'
    """
    check_engine(engine)
    if engine == "auto":
        engine = env_engine()
        if engine == "auto":
            return "numba" if numba_available() else "python"
    if engine == "numba" and not numba_available():
        raise MissingExtra("numba", "fast")
    return "numba" if engine == "numba" else "python"


def run_twin(problem: Problem, options: SolveOptions, *, keep: int | None = None) -> Result:
    """Run the compiled twin of the reference search (same contract as
    ``sudograph.search.backtracking.run``): same status, solutions in the same order, nodes,
    backtracks, deductions and max depth. ``keep``: at most this many solutions stored, the
    others counted (None: every one found, up to ``options.limit``).

    Raises :class:`MissingExtra` without numba, :class:`InvalidArgument` on an unknown order or
    inference, or when ``options.trace`` is set (only the Python engine traces).
    """
    if not numba_available():
        raise MissingExtra("numba", "fast")
    from .twin import run

    return run(problem, options, keep=keep)


def count_twin(problem: Problem, options: SolveOptions, *, keep: int = 0) -> Result:
    """Count every solution with the twin, keeping only the first ``keep`` of them.

    ``result.count`` is the count (exact when ``result.complete``). Raises as :func:`run_twin`.
    """
    if not numba_available():
        raise MissingExtra("numba", "fast")
    from .twin import count

    return count(problem, options, keep=keep)


__all__ = [
    "ENGINE_ENV",
    "Engine",
    "count_twin",
    "env_engine",
    "numba_available",
    "resolve_engine",
    "run_twin",
]
