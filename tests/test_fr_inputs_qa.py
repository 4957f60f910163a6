"""The seeds' own inputs (2026-11-26): the graph functions of seed 002 take the neighbour
lists the report writes (``vois``, the NSI class's ``adj``) or a dict of them, not only a
Graph; a numpy 2-D array is a grid for the French functions and for ``Grid``; ``solve -m
logic --trace`` points at ``explain``.
"""

from __future__ import annotations

import numpy as np
import pytest

from sudograph.cli import main
from sudograph.errors import InvalidArgument, ParseError
from sudograph.fr import tp_backtracking as tp
from sudograph.fr import vers_graphe
from sudograph.fr.coloration_graphe import graph_coloring, graph_coloring_BIS
from sudograph.fr.nsi_glouton import Sudoku
from sudograph.graph import petersen_graph
from sudograph.grid import Grid

PETERSEN = petersen_graph()
VOIS = [list(a) for a in PETERSEN.neighbors]
M4 = [[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]]


@pytest.mark.parametrize(
    "graphe",
    [PETERSEN, VOIS, {v: vs for v, vs in enumerate(VOIS)}, [tuple(vs) for vs in VOIS]],
    ids=["Graph", "lists", "dict", "tuples"],
)
@pytest.mark.parametrize("search", [graph_coloring, graph_coloring_BIS])
def test_the_graph_functions_take_neighbour_lists(graphe: object, search: object) -> None:
    expected = [0] * 10
    assert search(3, expected) is True  # type: ignore[operator]
    got = [0] * 10
    assert search(3, got, graphe=graphe) is True  # type: ignore[operator]
    assert got == expected
    assert search(2, [0] * 10, graphe=graphe) is False  # type: ignore[operator]


def test_one_sided_lists_give_the_same_graph() -> None:
    one_sided = [[u for u in vs if u > v] for v, vs in enumerate(VOIS)]
    assert vers_graphe(one_sided).edges() == PETERSEN.edges()
    assert vers_graphe(PETERSEN) is PETERSEN


def test_the_nsi_class_adjacency_colours_a_sudoku() -> None:
    sudo = Sudoku()
    couleurs = [0] * 81
    assert graph_coloring(9, couleurs, graphe=sudo.adj) is True
    assert Grid((3, 3), tuple(couleurs)).is_complete


@pytest.mark.parametrize(
    ("graphe", "message"),
    [
        (5, "takes a Graph, a list of neighbour lists"),
        ("0 1", "takes a Graph, a list of neighbour lists"),
        ([[1], 2], "vertex 1: its neighbours must be a list, got int"),
        ([[1], [5]], "vertex 1: neighbour 5 is outside 0..1"),
        ([[0], []], "vertex 0 is its own neighbour"),
        ([[1], [1.5]], "neighbour 1.5 is not a vertex number"),
        ([[True], []], "neighbour True is not a vertex number"),
        ({1: [0], 2: []}, "needs the keys 0..1"),
    ],
)
def test_bad_neighbour_lists_are_named(graphe: object, message: str) -> None:
    with pytest.raises(InvalidArgument, match="graph_coloring \\(graphe\\)") as info:
        graph_coloring(2, [0, 0], graphe=graphe)  # type: ignore[arg-type]
    assert message in str(info.value)


def test_numpy_grids() -> None:
    array = np.array(M4)
    assert tp.cv(array) == tp.cv(M4)
    assert Grid.from_lists(array) == Grid.from_lists(M4) == Grid.parse(array)
    assert tp.sudoku(np.array(M4)) == tp.sudoku([row[:] for row in M4])
    assert Grid.from_lists(np.array(M4, dtype=np.int8)).to_line() == "..3....12....4.."
    with pytest.raises(ParseError, match=r"1:1: value 0\.0 is not a whole number"):
        Grid.from_lists(np.array(M4, dtype=float))


def test_the_logic_trace_points_at_explain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "4.3.1..42..3.1..", "-m", "logic", "--trace"]) == 0
    assert "sudograph explain PUZZLE" in capsys.readouterr().err
