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

import math
import re
from collections.abc import Sequence

from ..errors import InvalidArgument, ParseError
from ..graph import MAX_SIDE, whole_number
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

    Lève :class:`~sudograph.errors.ParseError` si une ligne a la mauvaise longueur, si une
    valeur sort de ``0..N`` ou si le côté ``N`` n'est pas un carré (4, 9, 16...).

    >>> vers_grid([[0] * 4 for _ in range(4)]).box
    (2, 2)
    >>> vers_grid([[0] * 3] * 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.ParseError: a 3x3 grid: the French functions take square Sudoku grids of ...
    """
    if isinstance(L, Grid):
        return L
    if isinstance(L, str):
        try:
            return Grid.parse(L)
        except ParseError as exc:  # the advice of a box shape does not apply here
            cote = _PAS_CARRE.match(exc.message)
            if cote is None:
                raise
            raise ParseError(
                _carres(int(cote[1])), line=exc.line, column=exc.column, source=exc.source
            ) from None
    n = len(L) if isinstance(L, Sequence) else 0
    if 1 <= n <= MAX_SIDE and math.isqrt(n) ** 2 != n:
        Grid.from_lists(L, box=(1, n))  # the errors of the rows first
        raise ParseError(_carres(n))
    return Grid.from_lists(L)


_PAS_CARRE = re.compile(r"side (\d+) is not a square")
"""The error of :func:`~sudograph.grid.box_for` on a side that is not a square."""


def _carres(n: int) -> str:
    """The message for an ``n × n`` grid when ``n`` is not a square."""
    return (
        f"a {n}x{n} grid: the French functions take square Sudoku grids of side n = k² "
        "(4, 9, 16, ...)"
    )


def _cote_carre(n: object) -> int:
    """``n`` if it is the side of a square Sudoku (``k²``), else :class:`InvalidArgument`.

    >>> _cote_carre(9), _cote_carre(4)
    (9, 4)
    """
    cote = whole_number("n", n)
    if cote < 1 or math.isqrt(cote) ** 2 != cote:
        raise InvalidArgument(_carres(cote))
    return cote


def _dans(nom: str, valeur: object, debut: int, fin: int) -> int:
    """``valeur`` if it is a whole number in ``debut..fin``, else :class:`InvalidArgument`
    naming the argument (the check of every index and digit of the French functions).

    >>> _dans("ligne", 9, 0, 8)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: ligne 9 is outside 0..8
    """
    x = whole_number(nom, valeur)
    if not debut <= x <= fin:
        raise InvalidArgument(f"{nom} {x} is outside {debut}..{fin}")
    return x


def _case(i: object, j: object, n: int) -> tuple[int, int]:
    """``(i, j)`` if it is a cell of an ``n × n`` grid, else :class:`InvalidArgument`."""
    return _dans("ligne", i, 0, n - 1), _dans("colonne", j, 0, n - 1)


def ecrire(L: Grille, valeurs: Sequence[int]) -> None:
    """Recopie ``valeurs`` (ligne par ligne) dans la grille ``L``, modifiée en place.

    >>> L = [[0, 0], [0, 0]]
    >>> ecrire(L, (1, 2, 2, 1)); L
    [[1, 2], [2, 1]]
    """
    n = len(L)
    for i in range(n):
        L[i][:] = list(valeurs[i * n : (i + 1) * n])
