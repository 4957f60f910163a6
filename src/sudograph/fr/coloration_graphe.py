"""Problème de coloration d'un graphe, projet C++ de Master 2 (graine 002) : GC et GC_BIS.

Les méthodes du rapport, sous leurs noms, sur n'importe quel :class:`~sudograph.graph.Graph`
(par défaut le graphe de Petersen, numéroté comme dans le rapport et comme networkx : cycle
extérieur 0-4, rayons i-(i+5), pentagramme 5-9). ``assigned_colours`` est une liste de
couleurs ``1..K`` par sommet (0 = pas encore coloré), modifiée en place comme le vecteur C++.

* ``graph_coloring`` (GC, section 2.1) est la recherche ``naive`` du cœur : sommets dans l'ordre,
  couleurs croissantes, une couleur refusée si un voisin coloré l'a déjà ;
* ``graph_coloring_bis`` (GC_BIS, section 2.2) est la recherche ``mrv`` : à chaque pas le sommet
  qui a le moins de couleurs disponibles (le premier en cas d'égalité), ses couleurs
  disponibles dans l'ordre croissant.

Les affichages « ALGORITHM STEPS » des figures 3, 5 et 6 sont réécrits à partir des événements
de la recherche (:mod:`sudograph.search.trace`) ; l'adaptation au Sudoku (section 3.2) et la
grille de la figure 9 sont à la fin.

>>> assigned = [0] * 10
>>> graph_coloring(3, assigned)
Solution exists and it's found.
True
>>> assigned
[1, 2, 1, 2, 3, 2, 1, 3, 3, 2]
>>> graph_coloring(2, [0] * 10)
Solution doesn't exist.
False
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from ..graph import Graph, petersen_graph
from ..grid import Grid
from ..problem import Problem, Result
from ..search.trace import Recorder, Replay, TraceEvent
from . import Grille, _dans, ecrire, vers_grid

__all__ = [
    "FIGURE_9",
    "ULTRA_EXPERT",
    "algorithm_steps",
    "available_colours",
    "comparer",
    "exemple_figure_9",
    "good_to_take",
    "graph_coloring",
    "graph_coloring_bis",
    "sort_by_available_colours",
    "sudoku_graph_coloring",
]

DEBUT = "\n----- ALGORITHM STEPS -----"
FIN = "----- ALGORITHM END -----"
ECHEC = "try_graph_coloring didn't work, we go back to the way it was before"
TROUVE = "Solution exists and it's found."
PAS_DE_SOLUTION = "Solution doesn't exist."

FIGURE_9 = ".41......35....7.4......83...8396.......7...25.......11.......3...829.6.7...6...."
"""La grille de la figure 9 (24 *clues*), case par case (``.`` = vide)."""

ULTRA_EXPERT = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
"""La grille *ultra expert* de la figure 11 (17 *clues*, première ligne vide, solution
commençant par 9 8 7 6 5 4 3 2 1 : construite contre le backtracking naïf)."""


def _graphe(graphe: Graph | None) -> Graph:
    return petersen_graph() if graphe is None else graphe


def _vecteur(couleurs: Sequence[int]) -> str:
    return "  ".join(str(c) for c in couleurs)


def good_to_take(
    node: int, color: int, K: int, assigned_colors: Sequence[int], graphe: Graph | None = None
) -> bool:
    """Section 2.1 : vrai si aucun voisin de ``node`` n'a déjà la couleur ``color``.

    Lève :class:`~sudograph.errors.InvalidArgument` (les ``assert`` du C++) si ``node`` ou
    ``color`` sortent de ``0..N-1`` ou ``1..K``.

    >>> good_to_take(1, 1, 3, [1] + [0] * 9), good_to_take(2, 1, 3, [1] + [0] * 9)
    (False, True)
    """
    g = _graphe(graphe)
    _dans("node", node, 0, g.n - 1)
    _dans("color", color, 1, K)
    return all(assigned_colors[u] != color for u in g.neighbors[node])


def available_colours(
    node: int, K: int, assigned_colors: Sequence[int], graphe: Graph
) -> list[int]:
    """``cols`` (section 2.2) : les couleurs ``1..K`` qu'aucun voisin de ``node`` n'a.

    >>> available_colours(1, 3, [1] + [0] * 9, petersen_graph())
    [2, 3]
    """
    _dans("node", node, 0, graphe.n - 1)
    pris = {assigned_colors[u] for u in graphe.neighbors[node]}
    return [c for c in range(1, K + 1) if c not in pris]


def sort_by_available_colours(K: int, assigned_colors: Sequence[int], graphe: Graph) -> list[int]:
    """Section 2.2 : les sommets non colorés, par nombre croissant de couleurs disponibles
    (à égalité, dans l'ordre des numéros) ; le premier est celui que GC_BIS colore ensuite.

    >>> sort_by_available_colours(3, [1] + [0] * 9, petersen_graph())
    [1, 4, 5, 2, 3, 6, 7, 8, 9]
    """
    libres = [v for v in range(graphe.n) if assigned_colors[v] == 0]
    return sorted(libres, key=lambda v: len(available_colours(v, K, assigned_colors, graphe)))


def _lignes_gc(evenements: list[TraceEvent], depart: Sequence[int]) -> list[str]:
    """Les lignes des figures 3 et 5 (GC) à partir des événements de la recherche ``naive``."""
    lignes = []
    etat = Replay(depart)
    for e in evenements:
        etat.apply(e)
        if e.kind == "select":
            lignes.append(f"node = {e.vertex}")
        elif e.kind == "try":
            lignes.append(f"  color = {e.colour}")
        elif e.kind == "assign":
            lignes.append(f"assigned_colours = {_vecteur(etat.coloring)}")
        elif e.kind == "undo":
            lignes += [ECHEC, _vecteur(etat.coloring)]
    return lignes


def _lignes_gc_bis(
    evenements: list[TraceEvent], depart: Sequence[int], K: int, graphe: Graph
) -> list[str]:
    """Les lignes de la figure 6 (GC_BIS) à partir des événements de la recherche ``mrv``."""
    lignes = []
    etat = Replay(depart)
    for e in evenements:
        etat.apply(e)
        if e.kind == "try" and e.ok:
            lignes.append(f"      color = {e.colour}")
        elif e.kind == "assign":
            suivants = sort_by_available_colours(K, etat.coloring, graphe)
            if suivants:  # le C++ sort avant d'afficher quand tout est coloré
                lignes.append(f"assigned_colours = {_vecteur(etat.coloring)}")
                lignes.append("nodes = " + "  ".join(str(v) for v in suivants))
        elif e.kind == "undo":
            lignes += [ECHEC.replace("coloring", "coloring_BIS"), _vecteur(etat.coloring)]
    return lignes


def _colorer(
    K: int, assigned: list[int], graphe: Graph | None, methode: str, etapes: bool = False
) -> tuple[Result, str | None]:
    """Colore (``assigned`` reçoit la solution) ; avec ``etapes``, rend aussi le déroulé."""
    from ..solve import solve  # le visage importe le cœur (pas l'inverse)

    g = _graphe(graphe)
    probleme = Problem(g, K, tuple(assigned))
    enregistreur = Recorder() if etapes else None
    r = solve(probleme, methode, trace=enregistreur)
    if r.solution is not None:
        assigned[:] = list(r.solution)
    if enregistreur is None:
        return r, None
    depart = probleme.precolouring
    if methode == "mrv":
        lignes = _lignes_gc_bis(enregistreur.events, depart, K, g)
    else:
        lignes = _lignes_gc(enregistreur.events, depart)
    if r.solution is not None:
        lignes += [TROUVE, _vecteur(r.solution)]
    else:
        lignes += [PAS_DE_SOLUTION, _vecteur(depart)]
    return r, "\n".join([DEBUT, *lignes, FIN])


def algorithm_steps(
    K: int,
    assigned_colours: Sequence[int] | None = None,
    graphe: Graph | None = None,
    bis: bool = False,
) -> str:
    """Le texte « ALGORITHM STEPS » de GC (figures 3 et 5) ou de GC_BIS (``bis``, figure 6).

    ``assigned_colours`` est la coloration de départ (0 partout par défaut) ; elle n'est pas
    modifiée. Le texte commence par une ligne vide, comme dans le rapport.

    >>> print(algorithm_steps(3).splitlines()[-2])
    1  2  1  2  3  2  1  3  3  2
    """
    g = _graphe(graphe)
    assigned = list(assigned_colours) if assigned_colours is not None else [0] * g.n
    _, texte = _colorer(K, assigned, g, "mrv" if bis else "naive", etapes=True)
    return texte or ""


def _annoncer(trouve: bool, etapes: str | None) -> bool:
    if etapes is not None:
        print(etapes)
    else:
        print(TROUVE if trouve else PAS_DE_SOLUTION)
    return trouve


def graph_coloring(
    K: int, assigned_colours: list[int], graphe: Graph | None = None, *, etapes: bool = False
) -> bool:
    """GC (section 2.1) : colore ``graphe`` avec ``K`` couleurs en gardant les couleurs déjà
    placées (l'adaptation au Sudoku de la section 3.2) ; ``assigned_colours`` reçoit la
    coloration trouvée. Affiche le message du rapport, ou tout le déroulé avec ``etapes``.

    Lève :class:`~sudograph.errors.InvalidPuzzle` si deux voisins ont déjà la même couleur.

    >>> assigned = [0] * 10
    >>> graph_coloring(3, assigned, etapes=True)  # doctest: +ELLIPSIS
    <BLANKLINE>
    ----- ALGORITHM STEPS -----
    node = 0
      color = 1
    ...
    1  2  1  2  3  2  1  3  3  2
    ----- ALGORITHM END -----
    True
    """
    r, texte = _colorer(K, assigned_colours, graphe, "naive", etapes)
    return _annoncer(r.solution is not None, texte)


def graph_coloring_bis(
    K: int, assigned_colours: list[int], graphe: Graph | None = None, *, etapes: bool = False
) -> bool:
    """GC_BIS (section 2.2) : comme :func:`graph_coloring`, en colorant d'abord le sommet qui
    a le moins de couleurs disponibles (figure 6 avec ``etapes``).

    >>> assigned = [0] * 10
    >>> graph_coloring_bis(3, assigned), assigned
    Solution exists and it's found.
    (True, [1, 2, 1, 2, 3, 2, 1, 3, 3, 2])
    """
    r, texte = _colorer(K, assigned_colours, graphe, "mrv", etapes)
    return _annoncer(r.solution is not None, texte)


# -- section 3 : le Sudoku --------------------------------------------------------------------
def afficher_grille(grille: Grille) -> str:
    """La grille dans le format de la figure 9 (règles ``-----``, blocs séparés par ``|``).

    >>> print(afficher_grille(vers_grid(FIGURE_9).to_lists()).splitlines()[1])
    | 0 4 1 | 0 0 0 | 0 0 0 |
    """
    g = vers_grid(grille)
    n, (br, bc) = g.n, g.box
    lignes = []
    for i in range(n):
        if i % br == 0:
            lignes.append("-----")
        blocs = [" ".join(str(d) for d in grille[i][j : j + bc]) for j in range(0, n, bc)]
        lignes.append("| " + " | ".join(blocs) + " |")
    lignes.append("-----")
    return "\n".join(lignes)


def sudoku_graph_coloring(grille: Grille, bis: bool = False) -> tuple[bool, float]:
    """Section 3.2 : résout la grille (modifiée en place) par GC, ou GC_BIS avec ``bis``, sur
    le graphe du Sudoku ; rend ``(trouvé, secondes)``.

    >>> g = vers_grid(FIGURE_9).to_lists()
    >>> sudoku_graph_coloring(g)[0], g[0]
    (True, [8, 4, 1, 9, 3, 7, 2, 5, 6])
    """
    from ..solve import solve

    g = vers_grid(grille)
    debut = time.perf_counter()
    r = solve(g, "mrv" if bis else "naive")
    duree = time.perf_counter() - debut
    if r.grid is not None:
        ecrire(grille, r.grid.values)
    return r.grid is not None, duree


def exemple_figure_9(
    grille: Grille | None = None, ecrire_ligne: Callable[[str], None] = print
) -> None:
    """Refait la figure 9 : la grille, puis GC et GC_BIS, leur durée et la grille résolue.

    Les durées sont celles de cette machine (la recherche en Python, pas en C++).
    """
    depart = grille if grille is not None else vers_grid(FIGURE_9).to_lists()
    cote = len(depart)
    ecrire_ligne(f"Exemple d'un sudoku de taille {cote}x{cote}")
    ecrire_ligne(afficher_grille(depart))
    for nom, bis in (("Graph_coloring", False), ("Graph_coloring_BIS", True)):
        copie = [list(r) for r in depart]
        trouve, duree = sudoku_graph_coloring(copie, bis)
        ecrire_ligne("")
        ecrire_ligne(nom)
        ecrire_ligne(TROUVE if trouve else PAS_DE_SOLUTION)
        ecrire_ligne(f"Sudoku solved in: {duree:.6f}s")
        if trouve:
            ecrire_ligne(afficher_grille(copie))


def comparer(grille: Grille | str | Grid, max_nodes: int | None = None) -> dict[str, Result]:
    """Section 3.4 : GC et GC_BIS sur la même grille ; leurs résultats (nœuds, temps) par nom.

    >>> r = comparer(FIGURE_9)
    >>> r["GC"].grid == r["GC_BIS"].grid, r["GC"].stats.nodes > r["GC_BIS"].stats.nodes
    (True, True)
    """
    from ..solve import solve

    g = vers_grid(grille)
    return {
        "GC": solve(g, "naive", max_nodes=max_nodes),
        "GC_BIS": solve(g, "mrv", max_nodes=max_nodes),
    }
