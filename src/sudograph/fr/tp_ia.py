"""TP 1 d'IA (Master 1) : résolution de grilles de Sudoku par retour arrière (graine 004).

Les trois parties du TP, sur une pile de grilles comme ``resoudreSudoku(Stack<Grille>)`` :

1. ``resoudre_sudoku(pile)`` : retour arrière, la case vide choisie par
   :func:`get_case_possible` (la première, ligne par ligne) : méthode ``naive`` du cœur ;
2. ``resoudre_sudoku_mrv(pile)`` : la case la plus contrainte (:func:`get_case_mrv`) :
   méthode ``mrv`` ;
3. ``resoudre_sudoku_fc(pile)`` : MRV et *forward checking* (une valeur affectée sort des
   domaines des cases de la même ligne, colonne ou région ; un domaine vide est une impasse) :
   méthode ``forward``.

Chaque fonction rend ``True`` si une solution est trouvée ; la pile contient alors, au-dessus
de la grille de départ, une grille par affectation du chemin trouvé (la dernière, au sommet, est
complète), comme les ``empiler G'`` de l'algorithme en annexe. Sinon la pile est laissée telle
quelle. Un :class:`Compteur` passé en argument reçoit le nombre de nœuds explorés (une
affectation tentée = un nœud, comme un ``empiler G'``), les retours arrière, la durée de la
recherche en secondes et le statut (``stopped`` quand ``max_noeuds`` a arrêté la recherche).
:func:`comparer` rend un :class:`Compteur` par partie.

Une grille est une liste de lignes (0 = case vide) ou une :class:`~sudograph.grid.Grid`.

>>> grille = [[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]]
>>> pile, compteur = [grille], Compteur()
>>> resoudre_sudoku(pile, compteur), pile[-1], len(pile) - 1 == 12
(True, [[1, 2, 3, 4], [4, 3, 2, 1], [2, 1, 4, 3], [3, 4, 1, 2]], True)
>>> compteur.noeuds >= 12
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidArgument, InvalidPuzzle
from ..grid import Grid
from ..search.trace import TraceEvent
from . import Compteur, Grille, _au_moins_zero, _compteur, _rapporter, vers_grid

__all__ = [
    "Compteur",
    "comparer",
    "get_case_mrv",
    "get_case_possible",
    "resoudre_sudoku",
    "resoudre_sudoku_fc",
    "resoudre_sudoku_mrv",
]

METHODES = {"retour arrière": "naive", "MRV": "mrv", "MRV + forward checking": "forward"}
"""Les parties 1, 2 et 3 du TP et la méthode du cœur qui fait exactement leur recherche."""


def get_case_possible(grille: Grille | Grid) -> tuple[int, int] | None:
    """Partie 1 : la première case vide ``(ligne, colonne)`` dans l'ordre des lignes puis des
    colonnes, ou ``None`` si la grille est remplie.

    >>> get_case_possible([[1, 2, 3, 4], [3, 4, 0, 0], [0] * 4, [0] * 4])
    (1, 2)
    """
    g = vers_grid(grille)
    vides = g.empty_cells()
    return divmod(vides[0], g.n) if vides else None


def get_case_mrv(grille: Grille | Grid) -> tuple[int, int] | None:
    """Partie 2 : la case vide la plus contrainte (le moins de valeurs possibles ; la première
    dans l'ordre des cases en cas d'égalité), ou ``None`` si la grille est remplie.

    >>> get_case_mrv([[1, 2, 3, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    (0, 3)
    """
    g = vers_grid(grille)
    vides = g.empty_cells()
    if not vides:
        return None
    meilleure = min(vides, key=lambda v: len(g.candidates(v)))
    return divmod(meilleure, g.n)


@dataclass
class _Chemin:
    """Suit le chemin d'affectations de la recherche ; le garde quand une solution arrive."""

    chemin: list[tuple[int, int]] = field(default_factory=list)
    solution: list[tuple[int, int]] | None = None

    def __call__(self, e: TraceEvent) -> None:
        if e.kind == "assign":
            self.chemin.append((e.vertex, e.colour))
        elif e.kind == "undo":
            self.chemin.pop()
        elif e.kind == "solution" and self.solution is None:
            self.solution = list(self.chemin)


def _pile(nom: str, pile: object) -> list[Any]:
    """``pile`` if it is a non-empty list (a stack whose top ``pile[-1]`` is a grid), else
    :class:`InvalidArgument` saying what was given: nothing, an empty stack, or a grid."""
    if not isinstance(pile, list):
        raise InvalidArgument(
            f"{nom} takes a stack of grids (a list whose top pile[-1] is the grid to solve), "
            f"got {type(pile).__name__}"
        )
    if not pile:
        raise InvalidArgument(f"{nom}: the stack is empty: push the grid to solve first")
    sommet = pile[-1]
    if isinstance(sommet, list | tuple) and sommet and all(isinstance(x, int) for x in sommet):
        raise InvalidArgument(
            f"{nom} takes a stack of grids, and its top pile[-1] is a row of numbers: "
            "this looks like a grid, give the stack [grille]"
        )
    return pile


def _resoudre(
    nom: str,
    pile: list[Any],
    methode: str,
    compteur: Compteur | None,
    max_noeuds: int | None,
) -> bool:
    from ..solve import solve  # le visage importe le cœur (pas l'inverse)

    pile = _pile(nom, pile)
    compteur = _compteur(compteur)
    if max_noeuds is not None:
        max_noeuds = _au_moins_zero("max_noeuds", max_noeuds)
    sommet = pile[-1]
    g = vers_grid(sommet)
    suivi = _Chemin()
    try:
        r = solve(g, methode, trace=suivi, max_nodes=max_noeuds)
    except InvalidPuzzle:
        _rapporter(compteur, None)
        return False
    _rapporter(compteur, r)
    if r.grid is None or suivi.solution is None:
        return False
    valeurs = list(g.values)
    for v, c in suivi.solution:
        valeurs[v] = c
        pile.append(_comme(sommet, g.with_values(valeurs)))
    if tuple(valeurs) != r.grid.values:  # des cases déduites sans nœud : la grille complète
        pile.append(_comme(sommet, r.grid))
    return True


def _comme(modele: Any, g: Grid) -> Any:
    """``g`` sous la forme du modèle : une Grid, ou une liste de lignes."""
    return g if isinstance(modele, Grid) else g.to_lists()


def resoudre_sudoku(
    pile: list[Any], compteur: Compteur | None = None, max_noeuds: int | None = None
) -> bool:
    """Partie 1 : résout la grille au sommet de ``pile`` par retour arrière (première case vide,
    valeurs croissantes) ; ``True`` et la solution au sommet de la pile, ou ``False``.

    Lève :class:`~sudograph.errors.InvalidArgument` si ``pile`` n'est pas une liste de grilles
    (vide, ou une grille donnée à la place de la pile), si ``compteur`` n'est pas un
    :class:`Compteur` ou si ``max_noeuds`` est négatif.

    >>> pile = [[[1, 1, 0, 0], [0] * 4, [0] * 4, [0] * 4]]
    >>> resoudre_sudoku(pile), len(pile)
    (False, 1)
    """
    return _resoudre("resoudre_sudoku", pile, "naive", compteur, max_noeuds)


def resoudre_sudoku_mrv(
    pile: list[Any], compteur: Compteur | None = None, max_noeuds: int | None = None
) -> bool:
    """Partie 2 : comme :func:`resoudre_sudoku`, en traitant d'abord la case la plus contrainte.

    >>> pile, c = [[[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]]], Compteur()
    >>> resoudre_sudoku_mrv(pile, c), c.noeuds
    (True, 12)
    """
    return _resoudre("resoudre_sudoku_mrv", pile, "mrv", compteur, max_noeuds)


def resoudre_sudoku_fc(
    pile: list[Any], compteur: Compteur | None = None, max_noeuds: int | None = None
) -> bool:
    """Partie 3 : MRV et *forward checking* (filtrage des domaines après chaque affectation).

    >>> pile, c = [[[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]]], Compteur()
    >>> resoudre_sudoku_fc(pile, c), c.noeuds
    (True, 12)
    """
    return _resoudre("resoudre_sudoku_fc", pile, "forward", compteur, max_noeuds)


def comparer(grille: Grille | Grid | str, max_noeuds: int | None = None) -> dict[str, Compteur]:
    """Ce qu'ont fait les trois parties sur la même grille (question de la partie 2 : « quel est
    l'impact sur le nombre de nœuds explorés ? ») : un :class:`Compteur` par partie, avec ses
    ``noeuds``, ``retours``, ``secondes`` et son ``statut`` : ``stopped`` quand ``max_noeuds``
    a arrêté la recherche (ses nœuds ne sont alors qu'une borne inférieure).

    « MRV » et « MRV + forward checking » comptent les mêmes nœuds et retours : une affectation
    qui vide le domaine d'une case voisine, le forward checking la rejette aussitôt, et MRV
    choisit cette case ensuite (aucune valeur possible) et échoue là, avant tout autre nœud.
    Seuls le temps et la trace diffèrent (docs/fr/README.md).

    >>> r = comparer([[0, 0, 3, 0], [0, 0, 0, 1], [2, 0, 0, 0], [0, 4, 0, 0]])
    >>> sorted(c.noeuds for c in r.values()), {c.statut for c in r.values()}
    ([12, 12, 13], {'solved'})
    >>> [(c.noeuds, c.statut) for c in comparer("." * 16, max_noeuds=2).values()]
    [(2, 'stopped'), (2, 'stopped'), (2, 'stopped')]
    """
    g = vers_grid(grille)
    fonctions = {
        "retour arrière": resoudre_sudoku,
        "MRV": resoudre_sudoku_mrv,
        "MRV + forward checking": resoudre_sudoku_fc,
    }
    resultats = {}
    for nom, f in fonctions.items():
        c = Compteur()
        f([g], c, max_noeuds)
        resultats[nom] = c
    return resultats
