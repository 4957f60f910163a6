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

Une grille s'écrit comme dans les documents : une liste de lignes, 0 pour une case vide. Les
fonctions qui ne font que lire une grille acceptent aussi ce que :func:`vers_grid` lit (un
texte, une :class:`~sudograph.grid.Grid`, des lignes en tuples) ; celles qui la remplissent en
place, comme dans les documents, demandent une liste de listes (ou rendent une copie remplie
quand elles rendent la grille : voir chaque module).

Chaque recherche accepte un :class:`Compteur` (argument ``compteur=``) qui reçoit ce qu'elle a
fait : nœuds, retours arrière, tentatives, durée, statut et, quand elle en affiche une, la trace.

>>> vers_grid([[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]]).to_line()
'1.....1..1.....1'
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from ..errors import InvalidArgument, ParseError
from ..graph import MAX_SIDE, Graph, whole_number
from ..grid import Grid
from ..problem import Problem, Result, check_nonnegative, is_whole

Grille = list[list[int]]
"""Une grille à la manière des documents : ``N`` lignes de ``N`` entiers, 0 pour une case vide."""

MODULES = ("nsi_glouton", "tp_backtracking", "coloration_graphe", "capes2017", "tp_ia")
"""Les modules, dans l'ordre des documents 000 à 004."""

__all__ = ["MODULES", "Compteur", "Graphe", "Grille", "ecrire", "vers_graphe", "vers_grid"]


@dataclass
class Compteur:
    """Ce qu'une recherche a fait, pour qu'elle « rende compte de son travail ».

    ``noeuds`` explorés (affectations tentées), ``retours`` arrière (affectations défaites),
    ``statut`` (``solved``, ``unsatisfiable``, ou ``stopped`` quand une limite a été atteinte),
    ``secondes`` (durée de la recherche), ``tentatives`` (essais des heuristiques randomisées du
    NSI) et ``trace`` (les lignes de l'affichage pas à pas, quand la fonction en affiche une :
    ``debug=True`` du CAPES, ``etapes=True`` de GC et GC_BIS). Chaque appel remet tout à jour.

    >>> from sudograph.fr.tp_backtracking import sudoku
    >>> c = Compteur()
    >>> sudoku([[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]], compteur=c)[0]
    [1, 2, 3, 4]
    >>> c.noeuds, c.retours, c.statut, c.secondes >= 0
    (13, 1, 'solved', True)
    """

    noeuds: int = 0
    retours: int = 0
    statut: str = ""
    secondes: float = 0.0
    tentatives: int = 0
    trace: list[str] = field(default_factory=list)


def _compteur(compteur: object) -> Compteur | None:
    """``compteur`` if it is None or a :class:`Compteur`, else :class:`InvalidArgument`.

    >>> _compteur(5)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: compteur must be a Compteur (sudograph.fr.Compteur), got int
    """
    if compteur is None or isinstance(compteur, Compteur):
        return compteur
    raise InvalidArgument(
        f"compteur must be a Compteur (sudograph.fr.Compteur), got {type(compteur).__name__}"
    )


def _rapporter(compteur: Compteur | None, r: Result | None, trace: list[str] | None = None) -> None:
    """Write what the search ``r`` did into ``compteur`` (no search, ``r`` None: clashing
    clues, so ``unsatisfiable`` with nothing explored)."""
    if compteur is None:
        return
    if r is None:
        compteur.noeuds = compteur.retours = compteur.tentatives = 0
        compteur.secondes, compteur.statut = 0.0, "unsatisfiable"
    else:
        compteur.noeuds, compteur.retours = r.stats.nodes, r.stats.backtracks
        compteur.tentatives, compteur.secondes = r.stats.attempts, r.stats.seconds
        compteur.statut = r.status
    compteur.trace = list(trace or [])


def _en_place(nom: str, L: object) -> Grid:
    """The Grid of ``L`` when ``L`` is a list of lists (a grid that ``nom`` can fill in place,
    as the documents do); else :class:`InvalidArgument` saying so.

    >>> _en_place("un_tour", "." * 16)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: un_tour fills the grid in place, ...: give a list of lists ...
    """
    if not isinstance(L, list):
        quoi = type(L).__name__
    else:
        rangee = next((r for r in L if not isinstance(r, list)), None)
        if rangee is None:
            return vers_grid(L)
        quoi = f"a row of type {type(rangee).__name__}"
    raise InvalidArgument(
        f"{nom} fills the grid in place, as in the document: give a list of lists "
        f"(vers_grid(grille).to_lists()), got {quoi}"
    )


def _liste_en_place(nom: str, quoi: str, valeurs: object, n: int) -> list[int]:
    """``valeurs`` if it is a list of ``n`` entries that ``nom`` can change in place (the
    C++ vectors passed by reference), else :class:`InvalidArgument` naming ``quoi``.

    >>> _liste_en_place("gc", "assigned_colours", (0,) * 10, 10)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: gc fills assigned_colours in place: give a list, got tuple
    """
    if not isinstance(valeurs, list):
        raise InvalidArgument(
            f"{nom} fills {quoi} in place: give a list, got {type(valeurs).__name__}"
        )
    _liste(quoi, valeurs, n)
    return valeurs


def _liste(quoi: str, valeurs: object, n: int) -> list[int]:
    """``valeurs`` as a list if it is a sequence of ``n`` entries, else
    :class:`InvalidArgument` (``quoi`` names the argument).

    >>> _liste("assigned_colors", [0] * 5, 10)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: assigned_colors has 5 entries for the 10 vertices of the graph
    """
    if not isinstance(valeurs, Sequence) or isinstance(valeurs, str | bytes):
        raise InvalidArgument(
            f"{quoi} must be a list with one entry per vertex, got {type(valeurs).__name__}"
        )
    if len(valeurs) != n:
        raise InvalidArgument(
            f"{quoi} has {len(valeurs)} entries for the {n} vertices of the graph"
        )
    return list(valeurs)


def _au_moins_zero(nom: str, valeur: object) -> int:
    """``valeur`` if it is a whole number ``>= 0``, else :class:`InvalidArgument` (the core's
    checks :func:`~sudograph.graph.whole_number` and
    :func:`~sudograph.problem.check_nonnegative`).

    >>> _au_moins_zero("itermax", -1)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: itermax must be >= 0, got -1
    """
    x = whole_number(nom, valeur)
    check_nonnegative(nom, x)
    return x


def _sous_probleme(
    graphe: Graph, k: int, valeurs: Sequence[int], debut: int
) -> tuple[Problem, list[int]]:
    """The problem of the vertices ``debut..`` of a search that takes them in index order
    (GC's ``try_graph_coloring(node, ...)``, the CAPES ``backtracking(L, pos)``): the free
    vertices before ``debut`` are left out (the search never looks at them), the coloured
    ones stay as constraints. Returns it with the map problem vertex -> vertex of ``graphe``.

    Raises :class:`~sudograph.errors.InvalidPuzzle` when two neighbours share a colour, and
    :class:`~sudograph.errors.InvalidArgument` for a colour outside ``0..k``.
    """
    complet = Problem(graphe, k, tuple(valeurs))  # its errors name the vertices of graphe
    gardes = [v for v in range(graphe.n) if v >= debut or valeurs[v]]
    if len(gardes) == graphe.n:
        return complet, gardes
    index = {c: v for v, c in enumerate(gardes)}
    aretes = [
        (index[a], index[b]) for a in gardes for b in graphe.neighbors[a] if b in index and a < b
    ]
    sous = Graph.from_edges(len(gardes), aretes, name="remaining vertices")
    return Problem(sous, k, tuple(valeurs[c] for c in gardes)), gardes


Graphe = Graph | Sequence[Sequence[int]] | dict[int, Sequence[int]]
"""Un graphe des documents : un Graph, ou ses listes de voisins (:func:`vers_graphe`)."""


def vers_graphe(graphe: object, nom: str = "graphe") -> Graph:
    """Le :class:`~sudograph.graph.Graph` d'un graphe écrit comme dans les documents : une
    liste de listes de voisins (``vois[v]``, les sommets numérotés ``0..n-1``, le ``vois`` du
    projet C++ ou le ``adj`` de la classe ``Sudoku`` de NSI), un dictionnaire ``{v: voisins}``
    de clés ``0..n-1``, ou un Graph (rendu tel quel). Une arête écrite d'un seul côté compte
    (``u`` dans ``vois[v]`` suffit) ; une boucle ou un voisin hors de ``0..n-1`` est refusé.

    Lève :class:`~sudograph.errors.InvalidArgument` en nommant ``nom`` et le sommet fautif.

    >>> g = vers_graphe([[1, 2], [0, 2], [0, 1]])
    >>> g.n, g.num_edges
    (3, 3)
    >>> vers_graphe({0: [1], 1: []}).num_edges
    1
    >>> vers_graphe([[1], [5]])
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: graphe: vertex 1: neighbour 5 is outside 0..1
    """
    if isinstance(graphe, Graph):
        return graphe
    if isinstance(graphe, dict):
        n = len(graphe)
        if set(graphe) != set(range(n)):
            raise InvalidArgument(
                f"{nom}: a dict of neighbour lists needs the keys 0..{n - 1} (its vertices)"
            )
        voisins = [graphe[v] for v in range(n)]
    elif isinstance(graphe, Sequence) and not isinstance(graphe, str | bytes):
        voisins = list(graphe)
    else:
        raise InvalidArgument(
            f"{nom}: takes a Graph, a list of neighbour lists (vois[v]) or a dict "
            f"{{v: neighbours}}, got {type(graphe).__name__}"
        )
    n = len(voisins)
    aretes = []
    for v, vs in enumerate(voisins):
        if isinstance(vs, str | bytes) or not isinstance(vs, Sequence | set | frozenset):
            raise InvalidArgument(
                f"{nom}: vertex {v}: its neighbours must be a list, got {type(vs).__name__}"
            )
        for u in vs:
            if not is_whole(u):
                raise InvalidArgument(f"{nom}: vertex {v}: neighbour {u!r} is not a vertex number")
            w = int(u)
            if not 0 <= w < n:
                raise InvalidArgument(f"{nom}: vertex {v}: neighbour {w} is outside 0..{n - 1}")
            if w == v:
                raise InvalidArgument(f"{nom}: vertex {v} is its own neighbour (a loop)")
            aretes.append((v, w))
    return Graph.from_edges(n, aretes)


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
    numpy_2d = getattr(L, "ndim", None) == 2 and hasattr(L, "tolist")
    lignes: Sequence[Sequence[int]] | str = cast(Any, L).tolist() if numpy_2d else L
    if isinstance(lignes, str):
        try:
            return Grid.parse(lignes)
        except ParseError as exc:  # the advice of a box shape does not apply here
            cote = _PAS_CARRE.match(exc.message)
            if cote is None:
                raise
            raise ParseError(
                _carres(int(cote[1])), line=exc.line, column=exc.column, source=exc.source
            ) from None
    n = len(lignes) if isinstance(lignes, Sequence) else 0
    m = _largeur_commune(lignes)
    if m is not None and n < m <= MAX_SIDE and math.isqrt(m) ** 2 == m:
        raise ParseError(f"{n} rows of {m} values: a {m}x{m} grid has {m} rows")
    if 1 <= n <= MAX_SIDE and math.isqrt(n) ** 2 != n:
        Grid.from_lists(lignes, box=(1, n))  # the errors of the rows first
        raise ParseError(_carres(n))
    return Grid.from_lists(lignes)


def _largeur_commune(L: object) -> int | None:
    """The length of the rows of ``L`` when they are all lists of the same length, else None."""
    if not isinstance(L, Sequence) or isinstance(L, str | bytes) or not L:
        return None
    largeurs = {
        len(r) if isinstance(r, Sequence) and not isinstance(r, str | bytes) else -1 for r in L
    }
    return largeurs.pop() if len(largeurs) == 1 and -1 not in largeurs else None


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
