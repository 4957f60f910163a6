"""API input faults: bad edges and box sides, DIMACS bytes, chromatic_number's argument, the
indices and grid sides of the French functions. Each bad input raises the project's exception,
with a message that says what is wrong and what was given; valid input keeps its answers."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest

from sudograph.errors import InvalidArgument, ParseError
from sudograph.formats.dimacs import parse_dimacs
from sudograph.fr import capes2017 as capes
from sudograph.fr import coloration_graphe as cg
from sudograph.fr import nsi_glouton as nsi
from sudograph.fr import tp_backtracking as tp
from sudograph.fr import tp_ia as ia
from sudograph.fr import vers_grid
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.search.chromatic import chromatic_number

# -- 1. Graph.from_edges and sudoku_graph ---------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "edges", "houses", "message"),
    [
        (3, [(0, 1, 2)], (), "edge (0, 1, 2): an edge is a pair of vertices"),
        (3, [(0,)], (), "edge (0,): an edge is a pair of vertices"),
        (3, [5], (), "edge 5: an edge is a pair of vertices"),
        (3, [None], (), "edge None: an edge is a pair of vertices"),
        (3, ["01"], (), "edge '01': an edge is a pair of vertices"),
        (3, [(0.0, 1)], (), "edge (0.0, 1): vertex 0.0 is not a whole number"),
        (3, [(0, "1")], (), "edge (0, '1'): vertex '1' is not a whole number"),
        (3, [(True, 1)], (), "edge (True, 1): vertex True is not a whole number"),
        (3, [(0, 3)], (), "edge (0, 3): vertex out of range 0..2"),
        (3, [(1, 1)], (), "edge (1, 1) is a self-loop"),
        (3.0, [(0, 1)], (), "number of vertices 3.0 is not a whole number"),
        ("3", [(0, 1)], (), "number of vertices '3' is not a whole number"),
        (3, [(0, 1)], 5, "houses must be lists of vertices, got int"),
        (3, [(0, 1)], [7], "house 0: 7 is not a list of vertices"),
        (3, [(0, 1)], [(0, 1.0)], "house 0: vertex 1.0 is not a whole number"),
    ],
)
def test_bad_edges_are_named(n: Any, edges: Any, houses: Any, message: str) -> None:
    with pytest.raises(InvalidArgument) as info:
        Graph.from_edges(n, edges, houses=houses)
    assert str(info.value) == message


def test_edges_of_other_integer_types_still_build_the_graph() -> None:
    np = pytest.importorskip("numpy")
    g = Graph.from_edges(np.int64(3), [(np.int64(0), np.int64(2)), [1, 2]], houses=[(0, 2)])
    assert g == Graph.from_edges(3, [(0, 2), (1, 2)], houses=[(0, 2)])
    assert all(type(u) is int for nbrs in g.neighbors for u in nbrs)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("3",), "box side '3' is not a whole number"),
        ((3.0,), "box side 3.0 is not a whole number"),
        ((True,), "box side True is not a whole number"),
        ((2, "3"), "box side '3' is not a whole number"),
        (([3],), "box side [3] is not a whole number"),
        ((0,), "box shape must be positive, got 0x0"),
    ],
)
def test_sudoku_graph_box_sides_are_whole_numbers(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(InvalidArgument) as info:
        sudoku_graph(*args)
    assert str(info.value) == message


def test_sudoku_graph_valid_shapes_are_unchanged() -> None:
    assert sudoku_graph(3) is sudoku_graph(3, 3)
    assert sudoku_graph(2, 3).n == 36


# -- 2. parse_dimacs and bytes --------------------------------------------------------------------


@pytest.mark.parametrize("text", [b"p edge 2 1\ne 1 2\n", bytearray(b"p edge 2 1\ne 2 1\n")])
def test_parse_dimacs_reads_bytes_as_utf8(text: bytes) -> None:
    assert parse_dimacs(text) == parse_dimacs("p edge 2 1\ne 1 2\n")


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        (b"p edge 2 1\n\xff\n", ParseError, "x.col:2:1: invalid UTF-8"),
        (b"p edge 2 1\ne 1\x00 2\n", ParseError, "x.col:2:4: binary data (NUL byte)"),
        (b"p edge 2 1\ne 1 3\n", ParseError, "x.col:2:5: vertex 3 is out of range 1..2"),
        (
            None,
            InvalidArgument,
            "parse_dimacs takes the text of a .col file (str, bytes or lines of text), got "
            "NoneType: read a file or a binary stream with read_dimacs",
        ),
        (
            io.BytesIO(b"p edge 1 0\n"),
            InvalidArgument,
            "parse_dimacs takes the text of a .col file (str, bytes or lines of text), got "
            "BytesIO: read a file or a binary stream with read_dimacs",
        ),
        (
            [b"p edge 1 0\n"],
            InvalidArgument,
            "line 1: parse_dimacs takes lines of text (str), got bytes: read a file or a "
            "binary stream with read_dimacs",
        ),
    ],
)
def test_parse_dimacs_bad_input(text: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        parse_dimacs(text, source="x.col")
    assert str(info.value) == message


# -- 3. chromatic_number's arguments --------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((None,), {}, "chromatic_number takes a Graph, got NoneType"),
        (("petersen",), {}, "chromatic_number takes a Graph, got str"),
        ((Grid.parse("." * 16),), {}, "chromatic_number takes a Graph, got Grid (give its .graph)"),
        ((petersen_graph(), "1"), {}, "timeout must be a number of seconds, got '1'"),
        ((petersen_graph(), -1), {}, "timeout must be >= 0, got -1"),
        ((petersen_graph(),), {"progress": 3}, "progress must be callable, got int"),
    ],
)
def test_chromatic_number_bad_arguments(
    args: tuple[Any, ...], kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidArgument) as info:
        chromatic_number(*args, **kwargs)
    assert str(info.value) == message


def test_chromatic_number_of_a_grid_graph() -> None:
    assert chromatic_number(Grid.parse("." * 16).graph).chromatic_number == 4


# -- 4. indices and digits of the French functions ------------------------------------------------


def _m() -> list[list[int]]:
    m = [[0] * 9 for _ in range(9)]
    m[0][0] = 1
    return m


L = capes.GRILLE_L()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tp.test_ligne(1, 9, 0, _m()), "ligne 9 is outside 0..8"),
        (lambda: tp.test_ligne(1, -1, 0, _m()), "ligne -1 is outside 0..8"),
        (lambda: tp.test_colonne(1, 0, 9, _m()), "colonne 9 is outside 0..8"),
        (lambda: tp.test_region(1, 0, -1, _m()), "colonne -1 is outside 0..8"),
        (lambda: tp.test(10, 0, 0, _m()), "chiffre 10 is outside 1..9"),
        (lambda: tp.test(0, 0, 0, _m()), "chiffre 0 is outside 1..9"),
        (lambda: tp.test(1.0, 0, 0, _m()), "chiffre 1.0 is not a whole number"),
        (lambda: tp.test_ligne(1, "0", 0, _m()), "ligne '0' is not a whole number"),
        (lambda: tp.region(9, 0), "ligne 9 is outside 0..8"),
        (lambda: tp.region(0, -1), "colonne -1 is outside 0..8"),
        (lambda: capes.ligne(L, 9), "ligne 9 is outside 0..8"),
        (lambda: capes.ligne(L, -1), "ligne -1 is outside 0..8"),
        (lambda: capes.colonne(L, 9), "colonne 9 is outside 0..8"),
        (lambda: capes.ligne_complete(L, 9), "ligne 9 is outside 0..8"),
        (lambda: capes.colonne_complete(L, -1), "colonne -1 is outside 0..8"),
        (lambda: capes.carre_complet(L, 9), "carré 9 is outside 0..8"),
        (lambda: capes.carre(L, 9, 0), "ligne 9 is outside 0..8"),
        (lambda: capes.conflit(L, 0, -1), "colonne -1 is outside 0..8"),
        (lambda: capes.chiffre_ok(L, -1, 0), "ligne -1 is outside 0..8"),
        (lambda: capes.nb_possible(L, 0, 9), "colonne 9 is outside 0..8"),
        (lambda: capes.case_suivante([9, 0]), "ligne 9 is outside 0..8"),
        (lambda: capes.case_suivante([1]), "pos [1] is not a cell [ligne, colonne]"),
        (lambda: capes.case_suivante([1, 3], n=0), "n 0 is outside 1..64"),
        (lambda: capes.backtracking(capes.GRILLE_M(), [-1, 0]), "ligne -1 is outside 0..9"),
        (lambda: capes.backtracking(capes.GRILLE_M(), [9, 3]), "colonne 3 is outside 0..0"),
        (lambda: cg.good_to_take(10, 1, 3, [0] * 10), "node 10 is outside 0..9"),
        (lambda: cg.good_to_take(0, 4, 3, [0] * 10), "color 4 is outside 1..3"),
        (
            lambda: cg.available_colours(-1, 3, [0] * 10, petersen_graph()),
            "node -1 is outside 0..9",
        ),
        (lambda: nsi.Sudoku("3"), "n '3' is not a whole number"),  # type: ignore[arg-type]
    ],
)
def test_french_indices_outside_the_grid(call: Callable[[], object], message: str) -> None:
    with pytest.raises(InvalidArgument) as info:
        call()
    assert str(info.value) == message


def test_french_valid_indices_are_unchanged() -> None:
    m = _m()
    assert tp.test_ligne(1, 0, 5, m) is False and tp.test_ligne(1, 8, 0, m) is True
    assert tp.test_colonne(1, 8, 0, m) is False and tp.test_region(1, 2, 2, m) is False
    assert capes.backtracking(capes.GRILLE_M(), [9, 0]) is True  # the cell after the last
    assert capes.case_suivante([8, 8]) == [9, 0]
    assert capes.ligne(L, 8) == [2, 6, 1] and capes.carre(L, 8, 8) == [6, 2, 1]


# -- 5. grids whose side is not a square ----------------------------------------------------------

SQUARES = "the French functions take square Sudoku grids of side n = k² (4, 9, 16, ...)"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tp.cv([[0] * 3] * 3), f"a 3x3 grid: {SQUARES}"),
        (lambda: tp.sudoku([[0] * 6] * 6), f"a 6x6 grid: {SQUARES}"),
        (lambda: tp.test_ligne(1, 0, 0, [[0] * 2] * 2), f"a 2x2 grid: {SQUARES}"),
        (lambda: capes.solution_sudoku([[0] * 3] * 3), f"a 3x3 grid: {SQUARES}"),
        (lambda: capes.complet([[0] * 6] * 6), f"a 6x6 grid: {SQUARES}"),
        (lambda: capes.backtracking([[0] * 3] * 3, [3, 0]), f"a 3x3 grid: {SQUARES}"),
        (lambda: cg.sudoku_graph_coloring([[0] * 3] * 3), f"a 3x3 grid: {SQUARES}"),
        (
            lambda: nsi.Sudoku(2).conversion_grille_vers_couleur([[0] * 3] * 3),
            f"a 3x3 grid: {SQUARES}",
        ),
        (lambda: ia.resoudre_sudoku([[[0] * 3] * 3]), f"a 3x3 grid: {SQUARES}"),
        (lambda: ia.comparer("." * 36), f"1: a 6x6 grid: {SQUARES}"),
        (lambda: vers_grid([[0] * 5] * 3), "1: row 1 has 5 values, expected 3"),
        (lambda: vers_grid([[0, 0, 7]] * 3), "1:3: value 7 is not in 0..3"),
    ],
)
def test_french_grids_of_a_side_that_is_not_a_square(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(ParseError) as info:
        call()
    assert str(info.value) == message


def test_region_of_a_side_that_is_not_a_square() -> None:
    with pytest.raises(InvalidArgument) as info:
        tp.region(0, 0, n=6)
    assert str(info.value) == f"a 6x6 grid: {SQUARES}"


def test_french_grids_given_as_grid_objects_are_kept() -> None:
    g = Grid.parse("." * 36, box=(2, 3))
    assert vers_grid(g) is g


@pytest.mark.parametrize(
    ("method", "args"),
    [
        ("resolution_sudoku_coloration_glouton", (100, "extra")),
        ("resolution_sudoku_coloration_glouton_tri1", (100, "extra")),
        ("resolution_sudoku_coloration_glouton_tri", (100, "moins", "extra")),
    ],
)
def test_nsi_methods_take_the_answer_keys_extra_arguments(method: str, args: tuple) -> None:
    """Seed 000's answer key declares ``*args, **kwargs``: a harness calling every heuristic
    alike works, and the extra arguments change nothing."""
    from sudograph.fr.nsi_glouton import GRILLE_4X4, Sudoku

    plain = getattr(Sudoku(2, seed=1), method)(GRILLE_4X4, *args[:-1])
    extra = getattr(Sudoku(2, seed=1), method)(GRILLE_4X4, *args, option=True)
    assert extra == plain and extra[1] is not None
