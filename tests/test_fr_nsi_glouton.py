"""Tests of sudograph.fr.nsi_glouton (seed 000, NSI: Sudoku and greedy colouring)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument, InvalidPuzzle
from sudograph.fr import nsi_glouton as nsi
from sudograph.grid import Grid
from sudograph.search.greedy import nsi_greedy

SOLUTION_4X4 = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]


def _heuristiques():
    return list(nsi.HEURISTIQUES.items())


def test_brute_force_questions_1_and_2():
    nombre = nsi.nombre_grilles_force_brute(36, 9)
    assert nombre == 9**45  # "Cela donne 9^{45} possibilités à tester."
    secondes, jours = nsi.duree_force_brute(nombre, 10**6)
    assert round(secondes / 1e36) == 9  # "≈ 9 × 10^{36} secondes"
    assert round(math.log10(jours)) == 32  # "soit environ 10^{32} jours"
    with pytest.raises(InvalidArgument):
        nsi.nombre_grilles_force_brute(82, 9)
    with pytest.raises(InvalidArgument):
        nsi.duree_force_brute(10, 0)


@pytest.mark.parametrize(("n", "cases", "couleurs", "degre"), [(2, 16, 4, 7), (3, 81, 9, 20)])
def test_class_attributes_and_graph(n, cases, couleurs, degre):
    sudo = nsi.Sudoku(n)
    assert (sudo.nbcases, sudo.nbcouleurs) == (cases, couleurs)
    assert len(sudo.adj) == cases
    # seed 002: each vertex has 3n² - 2n - 1 neighbours
    assert all(len(voisins) == degre == 3 * n * n - 2 * n - 1 for voisins in sudo.adj)
    assert all(v in sudo.adj[u] for v in range(cases) for u in sudo.adj[v])
    assert all(voisins == sorted(voisins) for voisins in sudo.adj)


def test_bad_size():
    with pytest.raises(InvalidArgument):
        nsi.Sudoku(0)
    with pytest.raises(InvalidArgument):
        nsi.Sudoku(2).conversion_grille_vers_couleur(nsi.GRILLE_9X9)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=81, max_size=81))
def test_conversions_round_trip(couleurs):
    sudo = nsi.Sudoku(3)
    grille = sudo.conversion_couleur_vers_grille(couleurs)
    assert len(grille) == 9 and all(len(row) == 9 for row in grille)
    assert sudo.conversion_grille_vers_couleur(grille) == couleurs


@pytest.mark.parametrize(("nom", "heuristique"), _heuristiques())
def test_4x4_run(nom, heuristique):
    sudo = nsi.Sudoku(2, seed=3)
    tentatives, grille = heuristique(sudo, nsi.GRILLE_4X4, 100)
    assert 1 <= tentatives <= 100
    assert grille == SOLUTION_4X4  # the 4×4 grid has one solution


@pytest.mark.parametrize(("nom", "heuristique"), _heuristiques())
def test_9x9_run(nom, heuristique):
    """The document: the heuristics solve "la première grille 9 × 9" of test_coloration."""
    sudo = nsi.Sudoku(3, seed=0)
    tentatives, grille = heuristique(sudo, nsi.GRILLE_9X9, 1000)
    assert grille is not None and 1 <= tentatives <= 1000
    assert Grid.from_lists(grille).is_solution_of(Grid.from_lists(nsi.GRILLE_9X9))


@pytest.mark.parametrize(
    ("appel", "variante"),
    [
        (lambda s, g, i: s.resolution_sudoku_coloration_glouton(g, i), "greedy"),
        (lambda s, g, i: s.resolution_sudoku_coloration_glouton_tri1(g, i), "mrv"),
        (lambda s, g, i: s.resolution_sudoku_coloration_glouton_tri(g, i, "moins"), "mrv-most"),
        (lambda s, g, i: s.resolution_sudoku_coloration_glouton_tri(g, i, "plus"), "mrv-least"),
        (lambda s, g, i: s.resolution_sudoku_coloration_glouton_tri(g, i, "hasard"), "mrv-random"),
    ],
)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_wrappers_replay_the_core(appel, variante, seed):
    """Same seed, same draws: each method is the core heuristic with the instance's Random."""
    grille = Grid.parse(nsi.GRILLE_DIABOLIQUE)
    tentatives, solution = appel(nsi.Sudoku(3, seed=seed), grille.to_lists(), 40)
    p = grille.problem
    t, coloring = nsi_greedy(p.graph, 9, p.precolouring, variante, 40, random.Random(seed))
    assert (tentatives, solution) == (
        t,
        None if coloring is None else Grid(grille.box, coloring).to_lists(),
    )


def test_same_seed_same_run_and_the_stream_goes_on():
    a, b = nsi.Sudoku(3, seed=7), nsi.Sudoku(3, seed=7)
    first = a.resolution_sudoku_coloration_glouton(nsi.GRILLE_9X9, 1000)
    assert first == b.resolution_sudoku_coloration_glouton(nsi.GRILLE_9X9, 1000)
    # like the global random of the document, the instance's generator is not reset per call
    assert a.rng.getstate() == b.rng.getstate() != random.Random(7).getstate()


@pytest.mark.parametrize("itermax", [1, 2, 5])
def test_failure_returns_itermax_none(itermax):
    sudo = nsi.Sudoku(3, seed=0)
    grille = Grid.parse(nsi.GRILLE_DIABOLIQUE).to_lists()
    assert sudo.resolution_sudoku_coloration_glouton(grille, itermax) == (itermax, None)


def test_bad_version_and_clashing_grid():
    sudo = nsi.Sudoku(2)
    with pytest.raises(InvalidArgument):
        sudo.resolution_sudoku_coloration_glouton_tri(nsi.GRILLE_4X4, 10, "autre")
    with pytest.raises(InvalidPuzzle):
        sudo.resolution_sudoku_coloration_glouton([[1, 1, 0, 0], [0] * 4, [0] * 4, [0] * 4], 5)


def test_demonstrations():
    lignes: list[str] = []
    r = nsi.test_coloration(afficher=lignes.append)
    assert len(r) == len(lignes) == 10 and all(t is not None for t in r.values())
    lignes.clear()
    d = nsi.test_diabolique(afficher=lignes.append)
    assert len(d) == len(lignes) == 5
    assert d[("diabolique", "glouton")] is None  # the first heuristic gives up
    assert any(t is not None for t in d.values())


def test_9x9_grid_is_capes_M_after_un_tour():
    from sudograph.fr.capes2017 import GRILLE_M, un_tour

    M = GRILLE_M()
    un_tour(M)
    assert M == nsi.GRILLE_9X9


# -- QA fixes: the helper functions of ..._tri, the Compteur ------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "petit", "grand"),
    [
        (1, 2, True, False),
        (2, 1, False, True),
        (2, 2, False, False),
        (0, float("inf"), True, False),
    ],
)
def test_plus_petit_plus_grand(a, b, petit, grand):
    assert nsi.plus_petit(a, b) is petit
    assert nsi.plus_grand(a, b) is grand


def _blancs(sudo, couleur, case):
    return sum(1 for v in sudo.adj[case] if couleur[v] == 0)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    trous=st.integers(10, 60),
    most=st.booleans(),
)
def test_selection_extremum_voisins_draws_like_the_core(seed, trous, most):
    """Same state, same seed: the reference helper keeps the same record and makes the same
    draw as the core heuristic's ``_select_extremum`` (``'moins'`` calls it with 0 and
    plus_grand, ``'plus'`` with inf and plus_petit)."""
    from sudograph.search.greedy import _select_extremum

    rng = random.Random(seed)
    sudo = nsi.Sudoku(3, seed=seed)
    couleur = sudo.conversion_grille_vers_couleur(nsi.GRILLE_9X9)
    for case in rng.sample(range(81), trous):
        couleur[case] = 0
    candidats = sorted(rng.sample([c for c in range(81) if couleur[c] == 0], 5))
    if most:
        choix = sudo.selection_extremum_voisins(candidats, couleur, 0, nsi.plus_grand)
    else:
        choix = sudo.selection_extremum_voisins(candidats, couleur)
    blancs = [_blancs(sudo, couleur, c) for c in range(81)]
    assert choix == _select_extremum(candidats, blancs, random.Random(seed), most)
    extremum = (max if most else min)(blancs[c] for c in candidats)
    assert len(choix) == 1 and blancs[choix[0]] == extremum


def test_selection_extremum_voisins_keeps_every_tie():
    sudo = nsi.Sudoku(2, seed=0)
    couleur = [0] * 16
    vus = {sudo.selection_extremum_voisins([0, 5, 10], couleur)[0] for _ in range(60)}
    assert vus == {0, 5, 10}  # 7 uncoloured neighbours each: a random one of the three


@pytest.mark.parametrize(
    "appel",
    [
        lambda s, g, i, c: s.resolution_sudoku_coloration_glouton(g, i, compteur=c),
        lambda s, g, i, c: s.resolution_sudoku_coloration_glouton_tri1(g, i, compteur=c),
        lambda s, g, i, c: s.resolution_sudoku_coloration_glouton_tri(g, i, "plus", compteur=c),
        lambda s, g, i, c: s.resolution_sudoku_coloration_glouton(g, i, "extra", compteur=c),
    ],
)
def test_methods_report_attempts_time_and_status(appel):
    itermax = 3
    for grille in (nsi.GRILLE_9X9, Grid.parse(nsi.GRILLE_DIABOLIQUE).to_lists()):
        compteur = nsi.Compteur()
        tentatives, solution = appel(nsi.Sudoku(3, seed=0), grille, itermax, compteur)
        assert compteur.tentatives == tentatives and compteur.secondes >= 0
        assert compteur.statut == ("solved" if solution is not None else "stopped")
        assert (compteur.noeuds, compteur.retours) == (0, 0)  # no search tree, no backtrack
    assert compteur.statut == "stopped" and compteur.tentatives == itermax  # the diabolic grid


def test_itermax_zero_is_the_documents_empty_loop():
    assert nsi.Sudoku(2).resolution_sudoku_coloration_glouton(nsi.GRILLE_4X4, 0) == (0, None)
