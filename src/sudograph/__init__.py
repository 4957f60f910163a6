"""sudograph: Sudoku as graph colouring.

A Sudoku is a precoloured graph: cells are vertices, cells sharing a row, a column or a box are
joined, digits are colours, clues are the precolouring. Every solver here is a graph-colouring
algorithm, and the same solvers colour any graph.

>>> from sudograph import Grid, solve
>>> result = solve(Grid.parse("1.3.....2...4..1"), limit=None)
>>> result.status, len(result.grids)
('solved', 2)

The core model (graphs, grids, problems, errors), the solvers, the generator and the logic
solver they use are imported at once (about 0.2 s); the batch runner and the extras (numba,
python-sat, Dask...) load on first use. The French API of the seeds lives in
:mod:`sudograph.fr`. ``dir(sudograph)`` shows the public names (:data:`__all__`), the dunders
and the submodules loaded, not the helpers of this module.
"""

from __future__ import annotations

import importlib as _importlib
import sys as _sys
import typing as _typing

try:
    from .errors import (
        InvalidArgument,
        InvalidPuzzle,
        MissingExtra,
        ParseError,
        SudographError,
        UniquenessUnknown,
        WorkLost,
    )
    from .generate import full_grid, generate, generate_variant, is_minimal
    from .graph import Graph, petersen_graph, sudoku_graph
    from .grid import Conflict, Grid
    from .problem import Problem, Result, SolveOptions, Stats, is_proper_coloring, is_solution
    from .solve import color, count, count_solutions, is_unique, solve
    from .variants import Variant
except KeyboardInterrupt:
    # Ctrl-C in the 0.2 s this takes, started as the command (``sudograph``, or ``python -m
    # sudograph``): its one line and exit 130, as later (``_entry``), not Python's traceback
    from ._entry import INTERRUPTED, started_as_the_command

    if started_as_the_command():
        _sys.stderr.write(INTERRUPTED)
        raise SystemExit(130) from None
    raise

# ``generate`` and ``solve`` are also submodules: their functions are bound above, at import,
# so that loading the submodule later cannot shadow them (the import system sets a package
# attribute when it loads a submodule). The rest loads on first use, through __getattr__.

if _typing.TYPE_CHECKING:  # pragma: no cover
    from .batch import BatchResult, solve_many
    from .logic import (
        LogicResult,
        Rating,
        Step,
        explain,
        hint,
        next_step,
        rate,
        solve_logically,
    )
    from .search.chromatic import ChromaticResult, chromatic_number
    from .search.greedy import GreedyColoring, greedy_color
    from .search.trace import TraceEvent
    from .solve import color, count_solutions, is_unique, solve

__version__ = "0.1.0"

_LAZY = {
    "BatchResult": "batch",
    "solve_many": "batch",
    "LogicResult": "logic",
    "Rating": "logic",
    "Step": "logic",
    "explain": "logic",
    "hint": "logic",
    "next_step": "logic",
    "rate": "logic",
    "solve_logically": "logic",
    "ChromaticResult": "search.chromatic",
    "chromatic_number": "search.chromatic",
    "GreedyColoring": "search.greedy",
    "greedy_color": "search.greedy",
    "TraceEvent": "search.trace",
}


def __getattr__(name: str) -> _typing.Any:
    """Load the solvers and faces on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'sudograph' has no attribute {name!r}")
    value = getattr(_importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names, loaded or not, the dunders and the submodules loaded; not this
    module's helpers (``_LAZY``, ``_importlib``...).

    >>> import sudograph
    >>> {"hint", "generate_variant", "solve"} <= set(dir(sudograph))
    True
    >>> [name for name in dir(sudograph) if name in ("Any", "TYPE_CHECKING", "importlib")]
    []
    """
    names = set(globals()) | set(_LAZY)
    return sorted(n for n in names if not n.startswith("_") or n.startswith("__"))


__all__ = [
    "BatchResult",
    "ChromaticResult",
    "Conflict",
    "Graph",
    "GreedyColoring",
    "Grid",
    "InvalidArgument",
    "InvalidPuzzle",
    "LogicResult",
    "MissingExtra",
    "ParseError",
    "Problem",
    "Rating",
    "Result",
    "SolveOptions",
    "Stats",
    "Step",
    "SudographError",
    "TraceEvent",
    "UniquenessUnknown",
    "Variant",
    "WorkLost",
    "__version__",
    "chromatic_number",
    "color",
    "count",
    "count_solutions",
    "explain",
    "full_grid",
    "generate",
    "generate_variant",
    "greedy_color",
    "hint",
    "is_minimal",
    "is_proper_coloring",
    "is_solution",
    "is_unique",
    "next_step",
    "petersen_graph",
    "rate",
    "solve",
    "solve_logically",
    "solve_many",
    "sudoku_graph",
]

del annotations  # bound by the __future__ import: not a name of the package
