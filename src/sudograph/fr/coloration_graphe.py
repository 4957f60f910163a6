"""Problème de coloration d'un graphe, projet C++ de Master 2 (graine 002) : GC et GC_BIS.

Les méthodes du rapport, sous leurs noms, sur n'importe quel :class:`~sudograph.graph.Graph`
(par défaut le graphe de Petersen, numéroté comme dans le rapport et comme networkx : cycle
extérieur 0-4, rayons i-(i+5), pentagramme 5-9). ``assigned_colours`` est une liste de
couleurs ``1..K`` par sommet (0 = pas encore coloré), modifiée en place comme le vecteur C++.

* ``graph_coloring`` (GC, section 2.1) est la recherche ``naive`` du cœur : sommets dans l'ordre,
  couleurs croissantes, une couleur refusée si un voisin coloré l'a déjà ;
  ``try_graph_coloring(node, K, assigned)`` la fait à partir du sommet ``node`` ;
* ``graph_coloring_BIS`` (GC_BIS, section 2.2 ; aussi écrit ``graph_coloring_bis``) est la
  recherche ``mrv`` : à chaque pas le sommet qui a le moins de couleurs disponibles (le premier
  en cas d'égalité), ses couleurs disponibles dans l'ordre croissant ; ``cols``, ``Init``,
  ``sort_by_available_colours`` et ``try_graph_coloring_BIS`` sont ses pièces, avec les
  arguments du rapport (les ``std::vector`` passés par référence sont des listes Python,
  modifiées en place).

Le graphe est un argument ``graphe`` de plus, à la fin (le graphe de Petersen par défaut) :
dans le C++ c'est l'objet dont ces fonctions sont les méthodes. Les affichages « ALGORITHM
STEPS » des figures 3, 5 et 6 sont réécrits à partir des événements de la recherche
(:mod:`sudograph.search.trace`) ; l'adaptation au Sudoku (section 3.2) et la grille de la
figure 9 sont à la fin. Chaque recherche accepte un :class:`~sudograph.fr.Compteur`
(``compteur=``) qui reçoit les nœuds, les retours arrière, la durée (le rapport donne par
exemple « 0.000483 secondes » pour la figure 3), le statut et, avec ``etapes``, les lignes du
déroulé.

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
from typing import Any, overload

from ..errors import InvalidArgument
from ..graph import MAX_SIDE, Graph, petersen_graph
from ..grid import Grid
from ..problem import Problem, Result, Stats
from ..search.trace import Recorder, Replay, TraceEvent
from . import (
    Compteur,
    Graphe,
    Grille,
    _compteur,
    _dans,
    _liste,
    _liste_en_place,
    _rapporter,
    _sous_probleme,
    ecrire,
    vers_graphe,
    vers_grid,
)

__all__ = [
    "FIGURE_9",
    "ULTRA_EXPERT",
    "Init",
    "afficher_grille",
    "algorithm_steps",
    "available_colours",
    "cols",
    "comparer",
    "exemple_figure_9",
    "good_to_take",
    "graph_coloring",
    "graph_coloring_BIS",
    "graph_coloring_bis",
    "sort_by_available_colours",
    "sudoku_graph_coloring",
    "try_graph_coloring",
    "try_graph_coloring_BIS",
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

Paire = tuple[int, list[int]]
"""Une case de ``col`` : ``std::pair<int, std::vector<int>>``, le nombre de couleurs
disponibles d'un sommet et ces couleurs."""


def _graphe(graphe: object, nom: str) -> Graph:
    """The graph of a function of this module: Petersen's by default, else a Graph or the
    neighbour lists the report writes (:func:`~sudograph.fr.vers_graphe`)."""
    return petersen_graph() if graphe is None else vers_graphe(graphe, f"{nom} (graphe)")


def _K(K: object) -> int:
    """The number of colours ``K`` if it is a whole number in ``1..64``."""
    return _dans("K", K, 1, MAX_SIDE)


def _vecteur(couleurs: Sequence[int]) -> str:
    return "  ".join(str(c) for c in couleurs)


def good_to_take(
    node: int, color: int, K: int, assigned_colors: Sequence[int], graphe: Graphe | None = None
) -> bool:
    """Section 2.1 : vrai si aucun voisin de ``node`` n'a déjà la couleur ``color``.

    Lève :class:`~sudograph.errors.InvalidArgument` (les ``assert`` du C++) si ``K`` sort de
    ``1..64``, si ``node`` ou ``color`` sortent de ``0..N-1`` ou ``1..K``, ou si
    ``assigned_colors`` n'a pas une couleur par sommet.

    >>> good_to_take(1, 1, 3, [1] + [0] * 9), good_to_take(2, 1, 3, [1] + [0] * 9)
    (False, True)
    """
    g = _graphe(graphe, "good_to_take")
    K = _K(K)
    _dans("node", node, 0, g.n - 1)
    _dans("color", color, 1, K)
    couleurs = _liste("assigned_colors", assigned_colors, g.n)
    return all(couleurs[u] != color for u in g.neighbors[node])


def available_colours(
    node: int, K: int, assigned_colors: Sequence[int], graphe: Graphe | None = None
) -> list[int]:
    """Les couleurs ``1..K`` qu'aucun voisin de ``node`` n'a (la liste que ``cols`` range
    dans ``col[node]``).

    >>> available_colours(1, 3, [1] + [0] * 9, petersen_graph())
    [2, 3]
    """
    g = _graphe(graphe, "available_colours")
    K = _K(K)
    _dans("node", node, 0, g.n - 1)
    couleurs = _liste("assigned_colors", assigned_colors, g.n)
    pris = {couleurs[u] for u in g.neighbors[node]}
    return [c for c in range(1, K + 1) if c not in pris]


def _col(nom: str, col: object, n: int) -> list[Any]:
    """``col`` if it is a list of ``n`` entries (the C++ vector of size N), else
    :class:`InvalidArgument`."""
    if not isinstance(col, list):
        raise InvalidArgument(f"{nom} fills col in place: give a list, got {type(col).__name__}")
    if len(col) != n:
        raise InvalidArgument(
            f"col has {len(col)} entries for the {n} vertices of the graph: fill it with Init "
            "or sort_by_available_colours first"
        )
    return col


def cols(
    node: int,
    K: int,
    col: list[Paire],
    assigned_colors: Sequence[int],
    graphe: Graphe | None = None,
) -> None:
    """Section 2.2, ``cols`` : range dans ``col[node]`` la paire (nombre de couleurs
    disponibles, couleurs disponibles) du sommet ``node``. ``col`` est une liste de ``N``
    paires, modifiée en place (le rapport ne donne pas le code de ``cols`` : ses arguments
    sont ici ceux de ``sort_by_available_colours``, plus le sommet).

    >>> col = [(0, [])] * 10
    >>> cols(1, 3, col, [1] + [0] * 9); col[1]
    (2, [2, 3])
    """
    g = _graphe(graphe, "cols")
    col = _col("cols", col, g.n)
    disponibles = available_colours(node, K, assigned_colors, g)
    col[node] = (len(disponibles), disponibles)


def Init(
    K: int, col: list[Paire], assigned_colors: Sequence[int], graphe: Graphe | None = None
) -> None:
    """Section 2.2, ``Init`` : remplit ``col`` (modifiée en place, mise à ``N`` paires) avec
    la paire de :func:`cols` de chaque sommet.

    >>> col = []
    >>> Init(3, col, [1] + [0] * 9); col[:2]
    [(3, [1, 2, 3]), (2, [2, 3])]
    """
    g = _graphe(graphe, "Init")
    if not isinstance(col, list):
        raise InvalidArgument(f"Init fills col in place: give a list, got {type(col).__name__}")
    K = _K(K)
    couleurs = _liste("assigned_colors", assigned_colors, g.n)
    col[:] = [(0, [])] * g.n
    for v in range(g.n):
        cols(v, K, col, couleurs, g)


def _par_couleurs_disponibles(K: int, couleurs: Sequence[int], graphe: Graph) -> list[int]:
    """The uncoloured vertices by increasing number of available colours (ties: by index)."""
    libres = [v for v in range(graphe.n) if couleurs[v] == 0]
    return sorted(libres, key=lambda v: len(available_colours(v, K, couleurs, graphe)))


@overload
def sort_by_available_colours(
    K: int,
    nodes: list[int],
    col: list[Paire],
    assigned_colors: Sequence[int],
    graphe: Graphe | None = None,
) -> None: ...


@overload
def sort_by_available_colours(K: int, nodes: Sequence[int], col: Graph) -> list[int]: ...


def sort_by_available_colours(
    K: int,
    nodes: Sequence[int],
    col: list[Paire] | Graph,
    assigned_colors: Sequence[int] | None = None,
    graphe: Graphe | None = None,
) -> list[int] | None:
    """Section 2.2 : les sommets non colorés, par nombre croissant de couleurs disponibles
    (à égalité, dans l'ordre des numéros) ; le premier est celui que GC_BIS colore ensuite.

    Avec les arguments du rapport, ``sort_by_available_colours(K, nodes, col,
    assigned_colors)`` (et ``graphe`` en plus, Petersen par défaut) : met à jour ``col[v]``
    (voir :func:`cols`) pour chaque sommet ``v`` non coloré (``col`` est d'abord remplie par
    :func:`Init` si elle n'a pas ``N`` paires) et remplit ``nodes`` avec ces sommets triés ;
    les deux listes sont modifiées en place et la fonction ne rend rien (``void``).

    L'ancienne forme de sudograph, ``sort_by_available_colours(K, assigned_colors, graphe)``
    (troisième argument : un :class:`~sudograph.graph.Graph`), rend la liste triée.

    >>> nodes, col = [], []
    >>> sort_by_available_colours(3, nodes, col, [1] + [0] * 9); nodes
    [1, 4, 5, 2, 3, 6, 7, 8, 9]
    >>> col[1], col[2]
    ((2, [2, 3]), (3, [1, 2, 3]))
    >>> sort_by_available_colours(3, [1] + [0] * 9, petersen_graph())
    [1, 4, 5, 2, 3, 6, 7, 8, 9]
    """
    if isinstance(col, Graph) and assigned_colors is None and graphe is None:
        K = _K(K)
        return _par_couleurs_disponibles(K, _liste("assigned_colors", nodes, col.n), col)
    if isinstance(col, Graph):
        raise InvalidArgument(
            "sort_by_available_colours takes (K, nodes, col, assigned_colors[, graphe]) or "
            "(K, assigned_colors, graphe): col is a Graph here"
        )
    g = _graphe(graphe, "sort_by_available_colours")
    K = _K(K)
    if assigned_colors is None:
        raise InvalidArgument(
            "sort_by_available_colours takes (K, nodes, col, assigned_colors[, graphe]) or "
            "(K, assigned_colors, graphe): assigned_colors is missing"
        )
    if not isinstance(nodes, list):
        raise InvalidArgument(
            f"sort_by_available_colours fills nodes in place: give a list, got "
            f"{type(nodes).__name__}"
        )
    if not isinstance(col, list):
        raise InvalidArgument(
            f"sort_by_available_colours fills col in place: give a list, got {type(col).__name__}"
        )
    couleurs = _liste("assigned_colors", assigned_colors, g.n)
    if len(col) != g.n:
        Init(K, col, couleurs, g)  # le vecteur C++ est créé de taille N
    libres = [v for v in range(g.n) if couleurs[v] == 0]
    for v in libres:
        cols(v, K, col, couleurs, g)
    nodes[:] = sorted(libres, key=lambda v: col[v][0])
    return None


def _en_place(
    nom: str, K: int, assigned: object, graphe: object, quoi: str = "assigned_colors"
) -> tuple[Graph, int, list[int]]:
    """The checked graph, ``K`` and colour list (argument ``quoi``) of a function that fills
    the list in place."""
    g = _graphe(graphe, nom)
    return g, _K(K), _liste_en_place(nom, quoi, assigned, g.n)


def try_graph_coloring(
    node: int,
    K: int,
    assigned_colors: list[int],
    graphe: Graphe | None = None,
    *,
    compteur: Compteur | None = None,
) -> bool:
    """Sections 2.1 et 3.2, ``try_graph_coloring`` : colore les sommets ``node``, ``node + 1``,
    ... (ceux qui ont déjà une couleur la gardent : la version de la section 3.2) par retour
    arrière, couleurs croissantes ; vrai si c'est possible. ``assigned_colors`` (une liste, le
    vecteur passé par référence) reçoit les couleurs, ou est laissée telle quelle (faux). Les
    sommets non colorés avant ``node`` ne sont pas regardés, comme dans le C++ ;
    ``node == N`` : vrai tout de suite. N'affiche rien (c'est ``graph_coloring`` qui annonce
    le résultat).

    Lève :class:`~sudograph.errors.InvalidPuzzle` si deux voisins ont déjà la même couleur.

    >>> assigned = [0] * 10
    >>> try_graph_coloring(0, 3, assigned), assigned
    (True, [1, 2, 1, 2, 3, 2, 1, 3, 3, 2])
    >>> try_graph_coloring(0, 2, [0] * 10)
    False
    """
    from ..solve import solve  # le visage importe le cœur (pas l'inverse)

    g, K, couleurs = _en_place("try_graph_coloring", K, assigned_colors, graphe)
    node = _dans("node", node, 0, g.n)
    compteur = _compteur(compteur)
    probleme, gardes = _sous_probleme(g, K, couleurs, node)
    r = solve(probleme, "naive")
    _rapporter(compteur, r)
    if r.solution is None:
        return False
    for v, c in enumerate(r.solution):
        assigned_colors[gardes[v]] = c
    return True


def try_graph_coloring_BIS(
    node: int,
    K: int,
    nodes: list[int],
    col: list[Paire],
    assigned_colors: list[int],
    colored_node: int,
    graphe: Graphe | None = None,
    *,
    compteur: Compteur | None = None,
) -> bool:
    """Section 2.2, ``try_graph_coloring_BIS`` : donne à ``node`` chacune de ses couleurs
    disponibles ``col[node][1]`` tour à tour, trie les sommets restants
    (:func:`sort_by_available_colours`) et continue par ``nodes[0]``, le sommet qui a le
    moins de couleurs disponibles ; vrai si tout le graphe est coloré. ``colored_node`` est le
    nombre de sommets déjà colorés (``N`` : vrai tout de suite, comme dans le rapport).

    ``nodes``, ``col`` et ``assigned_colors`` sont des listes modifiées en place, comme les
    vecteurs C++ : ``assigned_colors`` reçoit la coloration (ou est remise comme avant : faux),
    ``nodes`` et ``col`` finissent avec le tri de la coloration finale (``nodes`` vide si elle
    est complète). Le premier niveau est fait ici, la suite par la recherche ``mrv`` du cœur
    (les mêmes choix que les appels récursifs du rapport).

    Lève :class:`~sudograph.errors.InvalidArgument` si ``node`` est déjà coloré, si
    ``col[node]`` n'est pas sa paire de :func:`cols` (appelez d'abord
    :func:`sort_by_available_colours`) ou si ``colored_node`` n'est pas le nombre de sommets
    colorés.

    >>> nodes, col, assigned = [], [], [0] * 10
    >>> sort_by_available_colours(3, nodes, col, assigned)
    >>> try_graph_coloring_BIS(nodes[0], 3, nodes, col, assigned, 10 - len(nodes))
    True
    >>> assigned, nodes
    ([1, 2, 1, 2, 3, 2, 1, 3, 3, 2], [])
    """
    from ..solve import solve  # le visage importe le cœur (pas l'inverse)

    debut = time.perf_counter()
    g, K, couleurs = _en_place("try_graph_coloring_BIS", K, assigned_colors, graphe)
    compteur = _compteur(compteur)
    if not isinstance(nodes, list):
        raise InvalidArgument(
            f"try_graph_coloring_BIS fills nodes in place: give a list, got {type(nodes).__name__}"
        )
    colored_node = _dans("colored_node", colored_node, 0, g.n)
    Problem(g, K, tuple(couleurs))  # les couleurs hors de 0..K et les voisins de même couleur
    colores = g.n - couleurs.count(0)
    if colored_node != colores:
        raise InvalidArgument(
            f"colored_node is {colored_node} but {colores} vertices are coloured "
            "(graph_coloring_BIS passes N - nodes.size())"
        )
    stats = Stats()
    if colored_node == g.n:
        _rapporter(compteur, Result("solved", stats=stats))
        return True
    col = _col("try_graph_coloring_BIS", col, g.n)
    node = _dans("node", node, 0, g.n - 1)
    if couleurs[node] != 0:
        raise InvalidArgument(
            f"node {node} is already coloured ({couleurs[node]}): give an uncoloured node, "
            "nodes[0] after sort_by_available_colours"
        )
    disponibles = available_colours(node, K, couleurs, g)
    paire = col[node]
    if not (
        isinstance(paire, tuple | list)
        and len(paire) == 2
        and paire[0] == len(disponibles)
        and isinstance(paire[1], tuple | list)
        and list(paire[1]) == disponibles
    ):
        raise InvalidArgument(
            f"col[{node}] is {paire!r}, not the available colours of node {node} "
            f"({(len(disponibles), disponibles)!r}): fill col with sort_by_available_colours "
            "or Init first"
        )
    trouve = False
    for color in disponibles:
        assigned_colors[node] = color
        stats.nodes += 1
        r = solve(Problem(g, K, tuple(assigned_colors)), "mrv")
        stats.nodes += r.stats.nodes
        stats.backtracks += r.stats.backtracks
        if r.solution is not None:
            assigned_colors[:] = list(r.solution)
            trouve = True
            break
        assigned_colors[node] = 0
        stats.backtracks += 1
    sort_by_available_colours(K, nodes, col, assigned_colors, g)
    stats.seconds = time.perf_counter() - debut
    _rapporter(compteur, Result("solved" if trouve else "unsatisfiable", stats=stats))
    return trouve


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
            suivants = _par_couleurs_disponibles(K, etat.coloring, graphe)
            if suivants:  # le C++ sort avant d'afficher quand tout est coloré
                lignes.append(f"assigned_colours = {_vecteur(etat.coloring)}")
                lignes.append("nodes = " + "  ".join(str(v) for v in suivants))
        elif e.kind == "undo":
            lignes += [ECHEC.replace("coloring", "coloring_BIS"), _vecteur(etat.coloring)]
    return lignes


def _colorer(
    K: int, assigned: list[int], g: Graph, methode: str, etapes: bool = False
) -> tuple[Result, str | None]:
    """Colore (``assigned`` reçoit la solution) ; avec ``etapes``, rend aussi le déroulé."""
    from ..solve import solve  # le visage importe le cœur (pas l'inverse)

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
    graphe: Graphe | None = None,
    bis: bool = False,
) -> str:
    """Le texte « ALGORITHM STEPS » de GC (figures 3 et 5) ou de GC_BIS (``bis``, figure 6).

    ``assigned_colours`` est la coloration de départ (0 partout par défaut) ; elle n'est pas
    modifiée. Le texte commence par une ligne vide, comme dans le rapport.

    >>> print(algorithm_steps(3).splitlines()[-2])
    1  2  1  2  3  2  1  3  3  2
    """
    g = _graphe(graphe, "algorithm_steps")
    K = _K(K)
    if assigned_colours is None:
        assigned = [0] * g.n
    else:
        assigned = _liste("assigned_colours", assigned_colours, g.n)
    _, texte = _colorer(K, assigned, g, "mrv" if bis else "naive", etapes=True)
    return texte or ""


def _annoncer(trouve: bool, etapes: str | None) -> bool:
    if etapes is not None:
        print(etapes)
    else:
        print(TROUVE if trouve else PAS_DE_SOLUTION)
    return trouve


def _gc(
    nom: str,
    methode: str,
    K: int,
    assigned_colours: list[int],
    graphe: Graphe | None,
    etapes: bool,
    compteur: Compteur | None,
) -> bool:
    """GC or GC_BIS (``methode``): check the arguments, colour, report, announce."""
    g, K, assigned = _en_place(nom, K, assigned_colours, graphe, "assigned_colours")
    compteur = _compteur(compteur)
    r, texte = _colorer(K, assigned, g, methode, etapes)
    _rapporter(compteur, r, texte.splitlines() if texte else None)
    return _annoncer(r.solution is not None, texte)


def graph_coloring(
    K: int,
    assigned_colours: list[int],
    graphe: Graphe | None = None,
    *,
    etapes: bool = False,
    compteur: Compteur | None = None,
) -> bool:
    """GC (section 2.1) : colore ``graphe`` avec ``K`` couleurs en gardant les couleurs déjà
    placées (l'adaptation au Sudoku de la section 3.2) ; ``assigned_colours`` (une liste, le
    vecteur passé par référence) reçoit la coloration trouvée. Affiche le message du rapport,
    ou tout le déroulé avec ``etapes`` (figure 3 pour ``K = 3``, figure 5 pour ``K = 2``).
    ``compteur`` reçoit les nœuds, les retours arrière, la durée, le statut et, avec
    ``etapes``, les lignes du déroulé.

    Lève :class:`~sudograph.errors.InvalidPuzzle` si deux voisins ont déjà la même couleur, et
    :class:`~sudograph.errors.InvalidArgument` si ``K``, ``assigned_colours`` ou ``graphe`` ne
    conviennent pas (avant toute recherche).

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
    return _gc("graph_coloring", "naive", K, assigned_colours, graphe, etapes, compteur)


def graph_coloring_bis(
    K: int,
    assigned_colours: list[int],
    graphe: Graphe | None = None,
    *,
    etapes: bool = False,
    compteur: Compteur | None = None,
) -> bool:
    """GC_BIS (section 2.2) : comme :func:`graph_coloring`, en colorant d'abord le sommet qui
    a le moins de couleurs disponibles (figure 6 avec ``etapes``). Le rapport l'appelle
    ``graph_coloring_BIS`` : les deux noms désignent la même fonction.

    >>> assigned = [0] * 10
    >>> graph_coloring_BIS(3, assigned), assigned
    Solution exists and it's found.
    (True, [1, 2, 1, 2, 3, 2, 1, 3, 3, 2])
    """
    return _gc("graph_coloring_BIS", "mrv", K, assigned_colours, graphe, etapes, compteur)


graph_coloring_BIS = graph_coloring_bis


# -- section 3 : le Sudoku --------------------------------------------------------------------
def afficher_grille(grille: Grille | Grid | str) -> str:
    """La grille dans le format de la figure 9 (règles ``-----``, blocs séparés par ``|``) ;
    ``grille`` est une liste de lignes, une Grid ou un texte (:data:`FIGURE_9`...).

    >>> print(afficher_grille(FIGURE_9).splitlines()[1])
    | 0 4 1 | 0 0 0 | 0 0 0 |
    """
    g = vers_grid(grille)
    n, (br, bc) = g.n, g.box
    lignes = []
    for i in range(n):
        if i % br == 0:
            lignes.append("-----")
        rangee = g.values[i * n : (i + 1) * n]
        blocs = [" ".join(str(d) for d in rangee[j : j + bc]) for j in range(0, n, bc)]
        lignes.append("| " + " | ".join(blocs) + " |")
    lignes.append("-----")
    return "\n".join(lignes)


def sudoku_graph_coloring(
    grille: Grille | Grid | str, bis: bool = False, *, compteur: Compteur | None = None
) -> tuple[bool, float]:
    """Section 3.2 : résout la grille par GC, ou GC_BIS avec ``bis``, sur le graphe du
    Sudoku ; rend ``(trouvé, secondes)`` (la durée de la recherche, celle de « Sudoku solved
    in »). Une liste de listes est remplie en place ; un texte ou une Grid (:data:`FIGURE_9`,
    :data:`ULTRA_EXPERT`), qui ne peuvent pas l'être, sont résolus sur une copie : pour la
    durée et le résultat, comme la comparaison de la section 3.4 (pour la grille résolue,
    donnez ``vers_grid(FIGURE_9).to_lists()``). ``compteur`` reçoit les nœuds, les retours
    arrière, la durée et le statut. Des indices en conflit (deux fois un chiffre dans une
    ligne, une colonne ou un carré) lèvent :class:`~sudograph.errors.InvalidPuzzle`, qui les
    nomme : le rapport n'a pas de réponse pour une grille impossible dès le départ.

    >>> g = vers_grid(FIGURE_9).to_lists()
    >>> sudoku_graph_coloring(g)[0], g[0]
    (True, [8, 4, 1, 9, 3, 7, 2, 5, 6])
    >>> sudoku_graph_coloring(FIGURE_9, bis=True)[0]
    True
    """
    from ..solve import solve

    g = vers_grid(grille)
    compteur = _compteur(compteur)
    r = solve(g, "mrv" if bis else "naive")
    duree = r.stats.seconds  # la recherche seule (sans le chargement du moteur compilé)
    _rapporter(compteur, r)
    if r.grid is not None and isinstance(grille, list) and all(isinstance(x, list) for x in grille):
        ecrire(grille, r.grid.values)
    return r.grid is not None, duree


def exemple_figure_9(
    grille: Grille | Grid | str | None = None, ecrire_ligne: Callable[[str], None] = print
) -> None:
    """Refait la figure 9 : la grille (:data:`FIGURE_9` par défaut ; une liste de lignes, une
    Grid ou un texte), puis GC et GC_BIS, leur durée et la grille résolue.

    Les durées sont celles de cette machine, la recherche seule : en Python, puis, passés
    20 000 nœuds, sur le moteur compilé (numba) quand il est installé (GC sur ULTRA_EXPERT :
    69 millions de nœuds), sans le temps de son chargement.
    """
    depart = vers_grid(FIGURE_9 if grille is None else grille).to_lists()
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
    """Section 3.4 : GC et GC_BIS sur la même grille ; leurs :class:`~sudograph.problem.Result`
    par nom (``"GC"``, ``"GC_BIS"``) : ``stats.nodes``, ``stats.backtracks``,
    ``stats.seconds``, la grille résolue (``grid``) et ``status`` (``stopped`` quand
    ``max_nodes`` a arrêté la recherche).

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
