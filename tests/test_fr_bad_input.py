"""Bad input to the French API (QA item 6): each raises the project's InvalidArgument or
ParseError, in English like the rest of sudograph, with a message that says what is wrong.

Every row used to end in a bare IndexError, TypeError, AttributeError or OverflowError, in a
misleading message, or in a silent wrong answer (a negative count, ``True`` taken for 1).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sudograph.errors import InvalidArgument, ParseError
from sudograph.fr import capes2017 as capes
from sudograph.fr import coloration_graphe as gc
from sudograph.fr import nsi_glouton as nsi
from sudograph.fr import tp_ia as ia
from sudograph.graph import petersen_graph

L = capes.GRILLE_L()
S = nsi.Sudoku(3)
G9 = nsi.GRILLE_9X9


@pytest.mark.parametrize(
    ("call", "message"),
    [
        # coloration_graphe (seed 002)
        (
            lambda: gc.good_to_take(0, 1, 3, [0] * 5),
            "assigned_colors has 5 entries for the 10 vertices of the graph",
        ),
        (
            lambda: gc.good_to_take(0, 1, 3, None),
            "assigned_colors must be a list with one entry per vertex, got NoneType",
        ),
        (lambda: gc.good_to_take(0, 1, 0, [0] * 10), "K 0 is outside 1..64"),
        (lambda: gc.good_to_take(0, 1, "3", [0] * 10), "K '3' is not a whole number"),
        (
            lambda: gc.sort_by_available_colours(3, [0] * 5, petersen_graph()),
            "assigned_colors has 5 entries for the 10 vertices of the graph",
        ),
        (
            lambda: gc.graph_coloring(3, None),
            "graph_coloring fills assigned_colours in place: give a list, got NoneType",
        ),
        (
            lambda: gc.graph_coloring(3, (0,) * 10),
            "graph_coloring fills assigned_colours in place: give a list, got tuple",
        ),
        (
            lambda: gc.graph_coloring_bis(3, (0,) * 10),
            "graph_coloring_BIS fills assigned_colours in place: give a list, got tuple",
        ),
        (
            lambda: gc.graph_coloring(3, [0] * 10, "petersen"),
            "graph_coloring (graphe): takes a Graph, a list of neighbour lists (vois[v]) or a dict "
            "{v: neighbours}, got str",
        ),
        (lambda: gc.graph_coloring(0, [0] * 10), "K 0 is outside 1..64"),
        (
            lambda: gc.algorithm_steps(3, [0] * 9),
            "assigned_colours has 9 entries for the 10 vertices of the graph",
        ),
        (
            lambda: gc.try_graph_coloring(0, 3, (0,) * 10),
            "try_graph_coloring fills assigned_colors in place: give a list, got tuple",
        ),
        (lambda: gc.try_graph_coloring(11, 3, [0] * 10), "node 11 is outside 0..10"),
        (
            lambda: gc.cols(0, 3, [], [0] * 10),
            "col has 0 entries for the 10 vertices of the graph: fill it with Init or "
            "sort_by_available_colours first",
        ),
        (lambda: gc.Init(3, None, [0] * 10), "Init fills col in place: give a list, got NoneType"),
        (
            lambda: gc.sort_by_available_colours(3, [], (), [0] * 10),
            "sort_by_available_colours fills col in place: give a list, got tuple",
        ),
        (
            lambda: gc.sort_by_available_colours(3, [0] * 10, petersen_graph(), [0] * 10),
            "sort_by_available_colours takes (K, nodes, col, assigned_colors[, graphe]) or "
            "(K, assigned_colors, graphe): col is a Graph here",
        ),
        (
            lambda: gc.sort_by_available_colours(3, [], []),
            "sort_by_available_colours takes (K, nodes, col, assigned_colors[, graphe]) or "
            "(K, assigned_colors, graphe): assigned_colors is missing",
        ),
        (
            lambda: gc.sort_by_available_colours(3, (), [], [0] * 10),
            "sort_by_available_colours fills nodes in place: give a list, got tuple",
        ),
        (
            lambda: gc.try_graph_coloring_BIS(0, 3, [], [(3, [1, 2, 3])] * 10, [0] * 10, 1),
            "colored_node is 1 but 0 vertices are coloured "
            "(graph_coloring_BIS passes N - nodes.size())",
        ),
        (
            lambda: gc.try_graph_coloring_BIS(0, 3, [], [(3, [1, 2, 3])] * 10, [1] + [0] * 9, 1),
            "node 0 is already coloured (1): give an uncoloured node, nodes[0] after "
            "sort_by_available_colours",
        ),
        (
            lambda: gc.try_graph_coloring_BIS(1, 3, [], [(3, [1, 2, 3])] * 10, [1] + [0] * 9, 1),
            "col[1] is (3, [1, 2, 3]), not the available colours of node 1 ((2, [2, 3])): "
            "fill col with sort_by_available_colours or Init first",
        ),
        # nsi_glouton (seed 000)
        (
            lambda: S.resolution_sudoku_coloration_glouton(G9, None),
            "itermax None is not a whole number",
        ),
        (
            lambda: S.resolution_sudoku_coloration_glouton(G9, 1.5),
            "itermax 1.5 is not a whole number",
        ),
        (
            lambda: S.resolution_sudoku_coloration_glouton(G9, True),
            "itermax True is not a whole number",
        ),
        (
            lambda: S.resolution_sudoku_coloration_glouton_tri1(G9, -1),
            "itermax must be >= 0, got -1",
        ),
        (
            lambda: S.resolution_sudoku_coloration_glouton_tri(G9, 10, ["moins"]),
            "version ['moins'] is not one of 'moins', 'plus', 'hasard'",
        ),
        (
            lambda: S.resolution_sudoku_coloration_glouton_tri(G9, 10, "autre"),
            "version 'autre' is not one of 'moins', 'plus', 'hasard'",
        ),
        (
            lambda: S.resolution_sudoku_coloration_glouton(G9, 10, compteur=5),
            "compteur must be a Compteur (sudograph.fr.Compteur), got int",
        ),
        (
            lambda: S.conversion_couleur_vers_grille(None),
            "c must be a list with one entry per vertex, got NoneType",
        ),
        (
            lambda: S.conversion_couleur_vers_grille([0] * 80),
            "c has 80 entries for the 81 vertices of the graph",
        ),
        (
            lambda: nsi.Sudoku(2).conversion_grille_vers_couleur(G9),
            "a 9x9 grid for a 4x4 Sudoku (Sudoku(2))",
        ),
        (lambda: nsi.Sudoku(9), "n 9 is outside 1..8"),
        (lambda: nsi.nombre_grilles_force_brute(36, -9), "cote -9 is outside 1..64"),
        (lambda: nsi.nombre_grilles_force_brute("a"), "cases_fixees 'a' is not a whole number"),
        (lambda: nsi.nombre_grilles_force_brute(82, 9), "cases_fixees 82 is outside 0..81"),
        (lambda: nsi.duree_force_brute(-5), "nombre must be >= 0, got -5"),
        (lambda: nsi.duree_force_brute("a"), "nombre 'a' is not a whole number"),
        (lambda: nsi.duree_force_brute(10, 0), "par_seconde must be > 0, got 0"),
        (lambda: nsi.duree_force_brute(10, "1"), "par_seconde '1' is not a number"),
        (
            lambda: nsi.duree_force_brute(10**400),
            "nombre 10000000000000000000... at 1000000.0 per second: the duration overflows a "
            "float (more than about 1.8e308 seconds)",
        ),
        (
            lambda: S.selection_extremum_voisins([], [0] * 81),
            "liste_candidat must be a non-empty list of cells, got []",
        ),
        (lambda: S.selection_extremum_voisins([81], [0] * 81), "case 81 is outside 0..80"),
        (
            lambda: S.selection_extremum_voisins([0], [0] * 81, -1, nsi.plus_petit),
            "no candidate of [0] passes comparaison plus_petit against valeur_initiale -1",
        ),
        # tp_ia (seed 004)
        (
            lambda: ia.resoudre_sudoku(capes.GRILLE_L()),
            "resoudre_sudoku takes a stack of grids, and its top pile[-1] is a row of numbers: "
            "this looks like a grid, give the stack [grille]",
        ),
        (
            lambda: ia.resoudre_sudoku(None),
            "resoudre_sudoku takes a stack of grids (a list whose top pile[-1] is the grid to "
            "solve), got NoneType",
        ),
        (
            lambda: ia.resoudre_sudoku_mrv([]),
            "resoudre_sudoku_mrv: the stack is empty: push the grid to solve first",
        ),
        (
            lambda: ia.resoudre_sudoku_fc([capes.GRILLE_L()], compteur=5),
            "compteur must be a Compteur (sudograph.fr.Compteur), got int",
        ),
        (
            lambda: ia.resoudre_sudoku([capes.GRILLE_L()], max_noeuds=-1),
            "max_noeuds must be >= 0, got -1",
        ),
        (lambda: ia.comparer(capes.GRILLE_L(), 1.5), "max_noeuds 1.5 is not a whole number"),
        # capes2017 (seed 003): in-place functions need a list of lists
        (
            lambda: capes.un_tour(gc.FIGURE_9),
            "un_tour fills the grid in place, as in the document: give a list of lists "
            "(vers_grid(grille).to_lists()), got str",
        ),
        (
            lambda: capes.backtracking(capes.GRILLE_M(), [0, 0], compteur=[]),
            "compteur must be a Compteur (sudograph.fr.Compteur), got list",
        ),
        # nsi_glouton's demonstrations: afficher=None was a TypeError after the first grid
        *(
            (
                lambda demo=demo: demo(afficher=None),
                "afficher must be a function of one line of text (print, or lambda ligne: "
                "None to print nothing), got None",
            )
            for demo in (nsi.test_coloration, nsi.test_diabolique)
        ),
        (
            lambda: gc.graph_coloring(100, [0] * 10),
            "K 100 is outside 1..64",  # (docs/fr/README.md: the limit of the whole library)
        ),
    ],
)
def test_bad_arguments_are_named(call: Callable[[], object], message: str) -> None:
    with pytest.raises(InvalidArgument) as info:
        call()
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: capes.ligne([[0] * 9] * 8, 0), "8 rows of 9 values: a 9x9 grid has 9 rows"),
        (
            lambda: capes.chiffre_ok([[0] * 4] * 2, 0, 0),
            "2 rows of 4 values: a 4x4 grid has 4 rows",
        ),
        (lambda: ia.resoudre_sudoku([[[0] * 9] * 4]), "4 rows of 9 values: a 9x9 grid has 9 rows"),
    ],
)
def test_missing_rows_are_named(call: Callable[[], object], message: str) -> None:
    """The fault of 8 rows of 9 values is the missing row, not "row 1 has 9 values"."""
    with pytest.raises(ParseError) as info:
        call()
    assert str(info.value) == message


def test_short_rows_are_still_named_by_row() -> None:
    with pytest.raises(ParseError, match="row 1 has 4 values, expected 9"):
        capes.ligne([[0] * 4] * 9, 0)


def test_errors_come_before_any_work(capsys: pytest.CaptureFixture[str]) -> None:
    """A refused argument changes nothing and prints nothing (no search first)."""
    capes.nb_appel = 0
    grille = [tuple(r) for r in capes.GRILLE_M()]
    with pytest.raises(InvalidArgument):
        capes.backtracking(grille, [0, 0], True)  # type: ignore[arg-type]
    assert capsys.readouterr().out == "" and capes.nb_appel == 0
    assert grille == [tuple(r) for r in capes.GRILLE_M()]
    with pytest.raises(InvalidArgument):
        gc.graph_coloring(3, (0,) * 10)  # type: ignore[arg-type]
    assert capsys.readouterr().out == ""


def test_an_empty_grid_on_the_stack_is_not_called_a_row() -> None:
    """``[[]]``: the stack's top is an empty grid, not "a row of numbers" (``all`` of nothing
    is true)."""
    with pytest.raises(ParseError, match="empty grid"):
        ia.resoudre_sudoku([[]])
