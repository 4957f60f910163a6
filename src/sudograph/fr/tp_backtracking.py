"""TP « résoudre automatiquement une grille de Sudoku » par backtracking (graine 001).

Les fonctions des questions 4 à 11, sous leurs noms. Une grille ``M`` est une liste de 9
lignes de 9 entiers, 0 pour une case vide (les grilles ``N × N`` à régions ``√N × √N``
marchent aussi, et tout ce que :func:`~sudograph.fr.vers_grid` lit : un texte, une
:class:`~sudograph.grid.Grid`, des lignes en tuples) ; une case est repérée par ``(i, j)``
(ligne, colonne, à partir de 0), une région par ``[a, b]``. ``sudoku(M)`` délègue la
recherche au cœur (:func:`sudograph.solve.solve`, méthode ``naive`` : le principe du
document 4, cases vides dans l'ordre, chiffres de 1 à 9).
Une ligne, une colonne ou un chiffre hors de la grille (``0..N-1``, ``1..N``) lève
:class:`~sudograph.errors.InvalidArgument` (pas d'indice négatif lu à partir de la fin).

Les fonctions ``test_ligne``, ``test_colonne``, ``test_region`` et ``test`` gardent les noms
du sujet ; elles portent ``__test__ = False`` pour que pytest ne les prenne pas pour des tests.

>>> M = [[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]]
>>> cv(M)[:3]
[[0, 0], [0, 1], [0, 3]]
>>> test(1, 0, 0, M), test(2, 0, 0, M), region(3, 2, n=4)
(True, False, [1, 1])
>>> sudoku(M)
[[1, 2, 3, 4], [4, 3, 2, 1], [2, 1, 4, 3], [3, 4, 1, 2]]
"""

from __future__ import annotations

import math

from ..grid import Grid
from . import Compteur, Grille, _case, _compteur, _cote_carre, _dans, _rapporter, ecrire, vers_grid

__all__ = ["cv", "region", "sudoku", "test", "test_colonne", "test_ligne", "test_region"]


def cv(M: Grille) -> list[list[int]]:
    """Question 4 : la liste des cases vides ``[i, j]``, ligne par ligne.

    >>> cv([[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]])[:4]
    [[0, 1], [0, 2], [0, 3], [1, 0]]
    """
    g = vers_grid(M)
    return [[v // g.n, v % g.n] for v in g.empty_cells()]


def _libre_dans(chiffre: int, i: int, j: int, M: Grille, sorte: str) -> bool:
    """Vrai si ``chiffre`` n'est dans aucune autre case de la ligne, de la colonne ou de la
    région (``sorte``) de la case ``(i, j)`` ; les arguments hors de la grille sont refusés."""
    g = vers_grid(M)
    n = g.n
    i, j = _case(i, j, n)
    _dans("chiffre", chiffre, 1, n)
    if sorte == "ligne":
        maison = i
    elif sorte == "colonne":
        maison = n + j
    else:
        a, b = region(i, j, n)
        maison = 2 * n + a * math.isqrt(n) + b
    ici = i * n + j
    return all(g.values[v] != chiffre for v in g.graph.houses[maison] if v != ici)


def test_ligne(chiffre: int, i: int, j: int, M: Grille) -> bool:
    """Question 6 : vrai si ``chiffre`` en ``(i, j)`` respecte l'unicité sur la ligne ``i``
    (la case ``(i, j)`` elle-même n'est pas comptée).

    >>> test_ligne(3, 1, 0, [[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]])
    True
    >>> test_ligne(1, 1, 0, [[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]])
    False
    >>> test_ligne(1, 4, 0, [[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]])
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: ligne 4 is outside 0..3
    """
    return _libre_dans(chiffre, i, j, M, "ligne")


def test_colonne(chiffre: int, i: int, j: int, M: Grille) -> bool:
    """Question 7 : vrai si ``chiffre`` en ``(i, j)`` respecte l'unicité sur la colonne ``j``.

    >>> test_colonne(2, 0, 0, [[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]])
    False
    """
    return _libre_dans(chiffre, i, j, M, "colonne")


def region(i: int, j: int, n: int = 9) -> list[int]:
    """Question 8 : les coordonnées ``[a, b]`` de la région de la case ``(i, j)`` (quotients
    de la division euclidienne par le côté d'une région, 3 pour une grille 9 × 9).

    >>> region(4, 7), region(8, 0), region(3, 2, n=4)
    ([1, 2], [2, 0], [1, 1])
    """
    n = _cote_carre(n)
    i, j = _case(i, j, n)
    cote = math.isqrt(n)
    return [i // cote, j // cote]


def test_region(chiffre: int, i: int, j: int, M: Grille) -> bool:
    """Question 9 : vrai si ``chiffre`` en ``(i, j)`` respecte l'unicité sur la région.

    >>> test_region(4, 0, 0, [[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]])
    True
    >>> test_region(1, 0, 2, [[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]])
    False
    """
    return _libre_dans(chiffre, i, j, M, "region")


def test(chiffre: int, i: int, j: int, M: Grille) -> bool:
    """Question 10 : vrai si ``chiffre`` en ``(i, j)`` respecte les trois conditions d'unicité.

    >>> test(1, 0, 0, [[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]])
    True
    """
    return (
        test_ligne(chiffre, i, j, M)
        and test_colonne(chiffre, i, j, M)
        and test_region(chiffre, i, j, M)
    )


def sudoku(M: Grille | Grid | str, *, compteur: Compteur | None = None) -> Grille | bool:
    """Question 11 : la grille ``M`` remplie (modifiée en place et rendue), ou ``False`` si elle
    n'a pas de solution (deux chiffres égaux dans une même ligne, colonne ou région compris).
    Un texte, une Grid ou des lignes en tuples ne peuvent pas être modifiés : c'est alors une
    copie (liste de listes) qui est remplie et rendue.

    Le remplissage est celui du document 4 : première case vide, premier chiffre qui respecte
    les règles, retour arrière sur la case vide précédente en cas d'impasse (méthode ``naive``).
    Un :class:`~sudograph.fr.Compteur` (``compteur=``) reçoit les nœuds, les retours arrière,
    la durée et le statut de la recherche.

    >>> sudoku([[1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    False
    >>> sudoku("1.....1..1.....1")[0]
    [1, 2, 3, 4]
    """
    from ..errors import InvalidPuzzle
    from ..solve import solve  # le visage importe le cœur (pas l'inverse)

    g = vers_grid(M)
    compteur = _compteur(compteur)
    grille = M if isinstance(M, list) and all(isinstance(r, list) for r in M) else g.to_lists()
    try:
        r = solve(g, "naive")
    except InvalidPuzzle:
        _rapporter(compteur, None)
        return False
    _rapporter(compteur, r)
    if r.grid is None:
        return False
    ecrire(grille, r.grid.values)
    return grille


for _f in (test_ligne, test_colonne, test_region, test):
    _f.__test__ = False  # type: ignore[attr-defined]  # des noms du sujet, pas des tests pytest
