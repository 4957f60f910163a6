"""sudograph: Sudoku as graph colouring."""

from .errors import InvalidArgument, InvalidPuzzle, MissingExtra, ParseError, SudographError
from .graph import Graph, petersen_graph, sudoku_graph
from .grid import Conflict, Grid
from .problem import Problem, Result, SolveOptions, Stats, is_proper_coloring, is_solution
from .search.chromatic import ChromaticResult, chromatic_number
from .search.greedy import GreedyColoring, greedy_color
from .search.trace import TraceEvent
from .solve import color, count_solutions, is_unique, solve

__version__ = "0.1.0"

__all__ = [
    "ChromaticResult",
    "GreedyColoring",
    "SolveOptions",
    "TraceEvent",
    "chromatic_number",
    "color",
    "count_solutions",
    "greedy_color",
    "is_unique",
    "solve",
    "Conflict",
    "Graph",
    "Grid",
    "InvalidArgument",
    "InvalidPuzzle",
    "MissingExtra",
    "ParseError",
    "Problem",
    "Result",
    "Stats",
    "SudographError",
    "__version__",
    "is_proper_coloring",
    "is_solution",
    "petersen_graph",
    "sudoku_graph",
]
