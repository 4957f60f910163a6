"""L'API en français des documents de cours (les « graines »), un module par document.

Chaque module reprend les noms, les entrées et les sorties que le document demande d'écrire,
pour qu'une classe puisse se servir de sudograph comme corrigé de référence. Ce sont des
enveloppes minces autour du cœur (:func:`sudograph.solve.solve`, les traces de
:mod:`sudograph.search.trace`, les heuristiques de :mod:`sudograph.search.greedy`) : aucun
algorithme de recherche n'y est écrit une seconde fois.

=============================  ================================================================
module                         document
=============================  ================================================================
:mod:`.nsi_glouton`            000 — NSI, « Sudoku et coloriage glouton » (classe ``Sudoku``)
:mod:`.tp_backtracking`        001 — TP backtracking (``cv``, ``test_ligne``, ``sudoku(M)``)
:mod:`.coloration_graphe`      002 — projet C++, GC et GC_BIS, graphe de Petersen
:mod:`.capes2017`              003 — CAPES 2017, problème 1 (``ligne``, ``un_tour``, ...)
:mod:`.tp_ia`                  004 — TP de Master, MRV et *forward checking*
=============================  ================================================================

Une grille s'écrit comme dans les documents : une liste de lignes, 0 pour une case vide.

>>> vers_grid([[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]]).to_line()
'1.....1..1.....1'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..grid import Grid

Grille = list[list[int]]
"""Une grille à la manière des documents : ``N`` lignes de ``N`` entiers, 0 pour une case vide."""

MODULES = ("nsi_glouton", "tp_backtracking", "coloration_graphe", "capes2017", "tp_ia")
"""Les modules, dans l'ordre des documents 000 à 004."""

__all__ = ["MODULES", "Grille", "ecrire", "vers_grid"]


def vers_grid(L: Sequence[Sequence[int]] | Grid | str) -> Grid:
    """La :class:`~sudograph.grid.Grid` d'une grille écrite en listes, ou en texte (tous les
    formats de :meth:`Grid.parse <sudograph.grid.Grid.parse>`) ; une Grid est rendue telle
    quelle.

    Lève :class:`~sudograph.errors.ParseError` si une ligne a la mauvaise longueur ou si une
    valeur sort de ``0..N``.

    >>> vers_grid([[0] * 4 for _ in range(4)]).box
    (2, 2)
    """
    if isinstance(L, Grid):
        return L
    if isinstance(L, str):
        return Grid.parse(L)
    return Grid.from_lists(L)


def ecrire(L: Grille, valeurs: Sequence[int]) -> None:
    """Recopie ``valeurs`` (ligne par ligne) dans la grille ``L``, modifiée en place.

    >>> L = [[0, 0], [0, 0]]
    >>> ecrire(L, (1, 2, 2, 1)); L
    [[1, 2], [2, 1]]
    """
    n = len(L)
    for i in range(n):
        L[i][:] = list(valeurs[i * n : (i + 1) * n])
