"""sudograph: Sudoku as graph colouring."""

from .batch import BatchResult, solve_many
from .errors import InvalidArgument, InvalidPuzzle, MissingExtra, ParseError, SudographError
from .generate import full_grid, generate, is_minimal
from .graph import Graph, petersen_graph, sudoku_graph
from .grid import Conflict, Grid
from .logic import LogicResult, Rating, Step, explain, next_step, rate, solve_logically
from .problem import Problem, Result, SolveOptions, Stats, is_proper_coloring, is_solution
from .search.chromatic import ChromaticResult, chromatic_number
from .search.greedy import GreedyColoring, greedy_color
from .search.trace import TraceEvent
from .solve import color, count_solutions, is_unique, solve

__version__ = "0.1.0"

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
    "__version__",
    "chromatic_number",
    "color",
    "count_solutions",
    "explain",
    "full_grid",
    "generate",
    "greedy_color",
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
