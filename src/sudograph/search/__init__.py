"""The search engine: one backtracking (order × inference), its trace, and the chromatic number.

>>> from sudograph.graph import petersen_graph
>>> chromatic_number(petersen_graph()).chromatic_number
3
"""

from .backtracking import run
from .chromatic import ChromaticResult, chromatic_number
from .trace import Recorder, TraceEvent, render_graph_steps, render_grid_steps

__all__ = [
    "ChromaticResult",
    "Recorder",
    "TraceEvent",
    "chromatic_number",
    "render_graph_steps",
    "render_grid_steps",
    "run",
]
