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
