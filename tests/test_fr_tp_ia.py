"""Tests of sudograph.fr.tp_ia (seed 004, Master TP: stack backtracking, MRV, forward checking)."""

from __future__ import annotations

import itertools

import pytest

from sudograph.errors import InvalidArgument
from sudograph.fr import tp_ia
from sudograph.fr.capes2017 import GRILLE_L, GRILLE_M
from sudograph.grid import Grid
from sudograph.solve import solve

PARTIES = [
    (tp_ia.resoudre_sudoku, "naive"),
    (tp_ia.resoudre_sudoku_mrv, "mrv"),
    (tp_ia.resoudre_sudoku_fc, "forward"),
]


@pytest.mark.parametrize(
    ("grille", "premiere", "mrv"),
    [
        ([[1, 2, 3, 4], [3, 4, 0, 0], [0] * 4, [0] * 4], (1, 2), (1, 2)),
        ([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [1, 2, 3, 0]], (0, 0), (3, 3)),
        ([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]], None, None),
    ],
)
def test_get_case(grille, premiere, mrv):
    assert tp_ia.get_case_possible(grille) == premiere
    assert tp_ia.get_case_mrv(grille) == mrv


@pytest.mark.parametrize(("resoudre", "methode"), PARTIES)
@pytest.mark.parametrize("grille", [GRILLE_M, GRILLE_L])
def test_stack_holds_the_path_and_the_solution(resoudre, methode, grille):
    depart = grille()
    pile = [depart]
    compteur = tp_ia.Compteur()
    assert resoudre(pile, compteur) is True
    core = solve(Grid.from_lists(grille()), methode, engine="python")
    assert Grid.from_lists(pile[-1]) == core.grid
    assert Grid.from_lists(pile[-1]).is_solution_of(Grid.from_lists(grille()))
    assert pile[0] is depart and depart == grille()  # the start grid is untouched
    # one grid per assignment on the path: each differs from the one below in one cell
    for bas, haut in itertools.pairwise(pile):
        diff = [(i, j) for i in range(9) for j in range(9) if bas[i][j] != haut[i][j]]
        assert len(diff) == 1 and bas[diff[0][0]][diff[0][1]] == 0
    assert len(pile) - 1 == sum(row.count(0) for row in depart)
    assert compteur.noeuds == core.stats.nodes and compteur.retours == core.stats.backtracks
    assert compteur.statut == "solved"


def test_mrv_explores_fewer_nodes_than_part_1():
    r = tp_ia.comparer(GRILLE_L())
    assert set(r) == {"retour arrière", "MRV", "MRV + forward checking"}
    noeuds = {nom: c.noeuds for nom, c in r.items()}
    assert noeuds["MRV"] < noeuds["retour arrière"]
    assert noeuds["MRV + forward checking"] <= noeuds["retour arrière"]


@pytest.mark.parametrize(("resoudre", "methode"), PARTIES)
def test_no_solution_leaves_the_stack(resoudre, methode):
    grille = [[0] * 9 for _ in range(9)]
    grille[0][:8] = [1, 2, 3, 4, 5, 6, 7, 8]
    grille[4][8] = 9
    pile = [grille]
    compteur = tp_ia.Compteur()
    assert resoudre(pile, compteur) is False
    assert pile == [grille] and compteur.statut == "unsatisfiable"


def test_clashing_clues_and_empty_stack():
    pile = [[[1, 1, 0, 0], [0] * 4, [0] * 4, [0] * 4]]
    assert tp_ia.resoudre_sudoku(pile) is False and len(pile) == 1
    with pytest.raises(InvalidArgument):
        tp_ia.resoudre_sudoku([])


def test_grid_objects_on_the_stack():
    g = Grid.from_lists(GRILLE_M())
    pile = [g]
    assert tp_ia.resoudre_sudoku_fc(pile) is True
    assert isinstance(pile[-1], Grid) and pile[-1].is_solution_of(g)


def test_node_limit_stops():
    pile = [GRILLE_L()]
    compteur = tp_ia.Compteur()
    assert tp_ia.resoudre_sudoku(pile, compteur, max_noeuds=5) is False
    assert compteur.statut == "stopped" and compteur.noeuds == 5 and len(pile) == 1


# -- QA fixes: time in the Compteur, comparer shows a run stopped at the limit -------------------


@pytest.mark.parametrize(("resoudre", "methode"), PARTIES)
def test_compteur_gets_the_time(resoudre, methode):
    compteur = tp_ia.Compteur()
    assert resoudre([GRILLE_L()], compteur) is True
    assert compteur.secondes > 0 and compteur.statut == "solved"
    assert compteur.trace == [] and compteur.tentatives == 0


def test_compteur_is_the_french_apis_shared_one():
    from sudograph import fr

    assert tp_ia.Compteur is fr.Compteur
    assert tp_ia.Compteur(3, 1, "solved") == fr.Compteur(noeuds=3, retours=1, statut="solved")


def test_comparer_shows_runs_stopped_at_the_limit():
    """QA: comparer(GRILLE_L(), max_noeuds=5) gave {...: 5, 5, 5}, hiding that every run stopped."""
    r = tp_ia.comparer(GRILLE_L(), max_noeuds=5)
    assert {nom: (c.noeuds, c.statut) for nom, c in r.items()} == {
        "retour arrière": (5, "stopped"),
        "MRV": (5, "stopped"),
        "MRV + forward checking": (5, "stopped"),
    }
    complet = tp_ia.comparer(GRILLE_L())
    assert all(c.statut == "solved" and c.secondes > 0 for c in complet.values())
    for nom, c in complet.items():
        core = solve(Grid.from_lists(GRILLE_L()), dict(tp_ia.METHODES)[nom])
        assert (c.noeuds, c.retours) == (core.stats.nodes, core.stats.backtracks)
