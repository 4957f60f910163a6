"""Tests of sudograph.fr.tp_backtracking (seed 001, TP backtracking, questions 4 to 12).

The document's grid (document 3) is a picture, so its printed answers (questions 3 and 5) cannot
be checked; the functions are checked against the rules (Grid.candidates) and the core.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.fr import tp_backtracking as tp
from sudograph.fr.capes2017 import GRILLE_L, GRILLE_M
from sudograph.grid import Grid
from sudograph.solve import solve

SOLUTION_M = Grid.parse(
    "254796318619382574378415629593621487427938165861574293185249736936157842742863951"
)


def test_cv_lists_empty_cells_row_by_row():
    L = GRILLE_L()
    vides = tp.cv(L)
    assert vides[:4] == [[0, 0], [0, 2], [0, 3], [0, 4]]
    assert len(vides) == sum(row.count(0) for row in L) == 53
    assert all(L[i][j] == 0 for i, j in vides)
    assert vides == sorted(vides)


@pytest.mark.parametrize(
    ("i", "j", "expected"),
    [(0, 0, [0, 0]), (4, 7, [1, 2]), (8, 8, [2, 2]), (2, 3, [0, 1]), (6, 5, [2, 1])],
)
def test_region(i, j, expected):
    assert tp.region(i, j) == expected


def test_region_is_euclidean_division():
    assert all(tp.region(i, j) == [i // 3, j // 3] for i in range(9) for j in range(9))


@pytest.mark.parametrize(
    ("chiffre", "i", "j", "ligne", "colonne", "region"),
    [
        (5, 0, 0, False, True, True),  # 5 is in row 0 (L[0][8])
        (3, 0, 0, True, False, True),  # 3 is in column 0 (L[6][0])
        (7, 0, 0, True, True, False),  # 7 is in the first region (L[2][1])
        (6, 0, 0, False, False, False),  # L[0][1], L[4][0], and so in the region
        (8, 0, 0, True, True, True),
    ],
)
def test_the_three_rules_on_grid_L(chiffre, i, j, ligne, colonne, region):
    L = GRILLE_L()
    assert tp.test_ligne(chiffre, i, j, L) is ligne
    assert tp.test_colonne(chiffre, i, j, L) is colonne
    assert tp.test_region(chiffre, i, j, L) is region
    assert tp.test(chiffre, i, j, L) is (ligne and colonne and region)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), holes=st.integers(1, 70))
def test_test_agrees_with_candidates(seed, holes):
    """Law: on an empty cell, test(d, i, j, M) holds exactly for the candidates of the cell."""
    rng = random.Random(seed)
    M = SOLUTION_M.to_lists()
    for cell in rng.sample(range(81), holes):
        M[cell // 9][cell % 9] = 0
    g = Grid.from_lists(M)
    cell = rng.choice(g.empty_cells())
    i, j = divmod(cell, 9)
    assert [d for d in range(1, 10) if tp.test(d, i, j, M)] == list(g.candidates(cell))


def test_sudoku_solves_in_place():
    M = GRILLE_M()
    out = tp.sudoku(M)
    assert out is M
    assert Grid.from_lists(M) == SOLUTION_M
    assert Grid.from_lists(M).is_solution_of(Grid.from_lists(GRILLE_M()))


def test_sudoku_is_the_naive_search():
    L = GRILLE_L()
    expected = solve(Grid.from_lists(GRILLE_L()), "naive").grid
    assert expected is not None
    assert Grid.from_lists(tp.sudoku(L)) == expected


@pytest.mark.parametrize(
    "grid",
    [
        [[1, 1, 0, 0], [0] * 4, [0] * 4, [0] * 4],  # clashing clues
        [[1, 2, 0, 0], [0, 0, 3, 0], [0, 0, 0, 0], [0, 0, 0, 4]],  # r1c3 r1c4: no room for 3, 4
    ],
)
def test_sudoku_false_without_solution(grid):
    before = [row[:] for row in grid]
    g = Grid.from_lists(grid)
    assert g.conflicts() or solve(g, "propagate").status == "unsatisfiable"
    assert tp.sudoku(grid) is False
    assert grid == before


def test_sudoku_4x4():
    M = [[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]]
    out = tp.sudoku(M)
    assert out is not False and Grid.from_lists(out).is_complete()
    assert tp.cv(M) == []


# -- QA fixes: every grid form, the Compteur, pytest does not collect the subject's test_* -------


@pytest.mark.parametrize(
    "forme",
    [
        lambda: SOLUTION_M.to_line().replace("2", ".", 3),
        lambda: Grid.from_lists(GRILLE_M()),
        lambda: tuple(tuple(row) for row in GRILLE_M()),
        lambda: [tuple(row) for row in GRILLE_M()],
    ],
)
def test_sudoku_fills_a_copy_of_what_it_cannot_fill(forme):
    """QA: sudoku(tuple rows) solved, then failed with TypeError on the item assignment."""
    M = forme()
    out = tp.sudoku(M)
    assert isinstance(out, list) and all(isinstance(row, list) for row in out)
    assert Grid.from_lists(out) == SOLUTION_M


def test_sudoku_reports_its_work():
    compteur = tp.Compteur()
    M = GRILLE_L()
    assert tp.sudoku(M, compteur=compteur) is M
    core = solve(Grid.from_lists(GRILLE_L()), "naive")
    assert (compteur.noeuds, compteur.retours) == (core.stats.nodes, core.stats.backtracks)
    assert compteur.noeuds > 0 and compteur.retours > 0
    assert compteur.statut == "solved" and compteur.secondes > 0
    assert tp.sudoku([[1, 1, 0, 0], [0] * 4, [0] * 4, [0] * 4], compteur=compteur) is False
    assert (compteur.statut, compteur.noeuds) == ("unsatisfiable", 0)


@pytest.mark.parametrize(
    "fonction",
    [
        "tp_backtracking.test_ligne",
        "tp_backtracking.test_colonne",
        "tp_backtracking.test_region",
        "tp_backtracking.test",
        "nsi_glouton.test_coloration",
        "nsi_glouton.test_diabolique",
    ],
)
def test_subject_functions_are_not_pytest_tests(fonction):
    import importlib

    module, nom = fonction.split(".")
    f = getattr(importlib.import_module(f"sudograph.fr.{module}"), nom)
    assert f.__test__ is False and f.__name__ == nom


def test_pytest_runs_the_modules_without_fixture_errors():
    """QA: ``pytest src/sudograph/fr/tp_backtracking.py`` took test_ligne(chiffre, i, j, M)
    for a test and failed on its missing fixtures."""
    import subprocess
    import sys
    from pathlib import Path

    import sudograph.fr

    dossier = Path(sudograph.fr.__file__).parent
    fichiers = [str(dossier / "tp_backtracking.py"), str(dossier / "nsi_glouton.py")]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", *fichiers],
        capture_output=True,
        text=True,
        cwd=dossier.parents[2],
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:]
    assert "fixture" not in run.stdout
