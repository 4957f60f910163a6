"""sudograph: Sudoku as graph colouring."""

from .errors import InvalidArgument, InvalidPuzzle, MissingExtra, ParseError, SudographError
from .graph import Graph, petersen_graph, sudoku_graph
from .grid import Conflict, Grid
from .problem import Problem, Result, Stats, is_proper_coloring, is_solution

__version__ = "0.1.0"

__all__ = [
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
