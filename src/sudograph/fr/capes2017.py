"""CAPES 2017, épreuve d'informatique, problème 1 : le Sudoku (graine 003).

Les fonctions du sujet et du corrigé, sous leurs noms. Une grille ``L`` est, comme dans le sujet,
une liste de 9 lignes de 9 entiers, 0 pour une case vide (les grilles ``N × N`` à carrés
``√N × √N`` marchent aussi). Les fonctions qui ne font que lire la grille (``ligne``,
``colonne``, ``carre``, ``conflit``, ``chiffre_ok``...) acceptent aussi tout ce que
:func:`~sudograph.fr.vers_grid` lit : un texte (``"2...9.3.."``), une
:class:`~sudograph.grid.Grid`, des lignes en tuples. Celles qui remplissent la grille en place
et ne rendent qu'un booléen (``un_tour``, ``complete``, ``backtracking``) demandent une liste
de listes et lèvent :class:`~sudograph.errors.InvalidArgument` sinon, avant toute recherche ;
``solution_sudoku``, qui rend la grille, remplit une copie (liste de listes) quand on lui
donne autre chose.

Les petites fonctions d'accès lisent les maisons de la :class:`~sudograph.grid.Grid` ;
``backtracking`` délègue la recherche au cœur (:func:`sudograph.solve.solve`, méthode
``naive`` : cases dans l'ordre, chiffres croissants) et reconstruit la trace « enter backtrack
niveau » du corrigé à partir des événements de la recherche (:mod:`sudograph.search.trace`),
numérotée par le compteur global ``nb_appel`` du corrigé. Une ligne, une colonne ou un carré
hors de la grille lève :class:`~sudograph.errors.InvalidArgument` (pas d'indice négatif lu à
partir de la fin).

La grille ``L`` de la partie A et la grille ``M`` de la partie B :

>>> L = GRILLE_L()
>>> ligne(L, 0), colonne(L, 0), carre(L, 4, 6), carre(L, 4, 5)
([6, 2, 5], [4, 6, 1, 3, 2], [9, 7, 3], [5, 4])
>>> sorted(conflit(L, 5, 5)), chiffre_ok(L, 4, 2), nb_possible(L, 4, 2)
([1, 4, 5, 6, 8], [2, 5, 8, 9], 4)
>>> M = GRILLE_M()
>>> un_tour(M), complete(M)
(True, True)
>>> case_suivante([1, 3]), case_suivante([8, 8])
([1, 4], [9, 0])
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..errors import InvalidArgument, InvalidPuzzle
from ..graph import MAX_SIDE, Graph
from ..grid import Grid
from ..problem import Result, Stats
from ..search.trace import TraceEvent
from . import (
    Compteur,
    Grille,
    _case,
    _compteur,
    _dans,
    _en_place,
    _rapporter,
    _sous_probleme,
    ecrire,
    vers_grid,
)

GrilleLue = Grille | Grid | str
"""Ce que lisent les fonctions d'accès : une liste de lignes, une Grid ou un texte."""

__all__ = [
    "GRILLE_L",
    "GRILLE_M",
    "EnsembleTrie",
    "backtracking",
    "carre",
    "carre_complet",
    "case_suivante",
    "chiffre_ok",
    "chiffre_ok_bis",
    "chiffre_ok_ter",
    "chiffres_ok",
    "colonne",
    "colonne_complete",
    "complet",
    "complete",
    "conflit",
    "ligne",
    "ligne_bis",
    "ligne_complete",
    "nb_appel",
    "nb_possible",
    "solution_sudoku",
    "un_tour",
]


def GRILLE_L() -> Grille:
    """Une copie neuve de la grille ``L`` du sujet (partie A, « premier exemple »).

    >>> GRILLE_L()[0]
    [0, 6, 0, 0, 0, 0, 2, 0, 5]
    """
    return [
        [0, 6, 0, 0, 0, 0, 2, 0, 5],
        [4, 0, 0, 9, 2, 1, 0, 0, 0],
        [0, 7, 0, 0, 0, 8, 0, 0, 1],
        [0, 0, 0, 0, 0, 5, 0, 0, 9],
        [6, 4, 0, 0, 0, 0, 0, 7, 3],
        [1, 0, 0, 4, 0, 0, 0, 0, 0],
        [3, 0, 0, 7, 0, 0, 0, 6, 0],
        [0, 0, 0, 1, 4, 6, 0, 0, 2],
        [2, 0, 6, 0, 0, 0, 0, 1, 0],
    ]


def GRILLE_M() -> Grille:
    """Une copie neuve de la grille ``M`` du sujet (partie B, « second exemple »).

    >>> GRILLE_M()[8]
    [0, 0, 2, 0, 6, 0, 0, 0, 1]
    """
    return [
        [2, 0, 0, 0, 9, 0, 3, 0, 0],
        [0, 1, 9, 0, 8, 0, 0, 7, 4],
        [0, 0, 8, 4, 0, 0, 6, 2, 0],
        [5, 9, 0, 6, 2, 1, 0, 0, 0],
        [0, 2, 7, 0, 0, 0, 1, 6, 0],
        [0, 0, 0, 5, 7, 4, 0, 9, 3],
        [0, 8, 5, 0, 0, 9, 7, 0, 0],
        [9, 3, 0, 0, 5, 0, 8, 4, 0],
        [0, 0, 2, 0, 6, 0, 0, 0, 1],
    ]


# -- maisons : lignes 0..N-1, colonnes N..2N-1, carrés 2N..3N-1 ----------------------------------
_SORTES = ("ligne", "colonne", "carré")


def _maison(L: GrilleLue, sorte: str, i: int, debug: bool = False) -> list[int]:
    """Les valeurs (0 compris) de la ligne, de la colonne ou du carré (``sorte``) numéro ``i``
    de la grille, dans l'ordre de ses cases ; un numéro hors de ``0..N-1`` est refusé."""
    g = vers_grid(L)
    h = _SORTES.index(sorte) * g.n + _dans(sorte, i, 0, g.n - 1)
    valeurs = [g.values[v] for v in g.graph.houses[h]]
    if debug:
        print(valeurs)
    return valeurs


def _remplie(valeurs: list[int]) -> bool:
    """Vrai si la maison contient une fois chacun des chiffres ``1..N``."""
    n = len(valeurs)
    return sum(valeurs) == n * (n + 1) // 2 and sorted(valeurs) == list(range(1, n + 1))


def _numero_carre(g: Grid, i: int, j: int) -> int:
    """Le numéro (ligne par ligne, à partir de 0) du carré qui contient la case ``(i, j)``."""
    i, j = _case(i, j, g.n)
    br, bc = g.box
    return (i // br) * (g.n // bc) + j // bc


def ligne_complete(L: GrilleLue, i: int, debug: bool = False) -> bool:
    """Question 2 : vrai si la ligne ``i`` contient une fois chaque chiffre.

    Avec ``debug`` la ligne est affichée, comme dans le document.

    >>> ligne_complete(GRILLE_L(), 1, True)
    [4, 0, 0, 9, 2, 1, 0, 0, 0]
    False
    """
    return _remplie(_maison(L, "ligne", i, debug))


def colonne_complete(L: GrilleLue, i: int, debug: bool = False) -> bool:
    """Question 2 (définie « de même ») : vrai si la colonne ``i`` contient chaque chiffre.

    >>> colonne_complete(GRILLE_L(), 2, True)
    [0, 0, 0, 0, 0, 0, 0, 0, 6]
    False
    """
    return _remplie(_maison(L, "colonne", i, debug))


def carre_complet(L: GrilleLue, i: int, debug: bool = False) -> bool:
    """Question 2 (définie « de même ») : vrai si le carré ``i`` (numérotés ligne par ligne)
    contient chaque chiffre.

    >>> carre_complet(GRILLE_L(), 8, True)
    [0, 6, 0, 0, 0, 2, 0, 1, 0]
    False
    """
    return _remplie(_maison(L, "carré", i, debug))


def complet(L: GrilleLue) -> bool:
    """Question 3 : vrai si la grille est entièrement et correctement remplie.

    >>> complet(GRILLE_L())
    False
    """
    n = vers_grid(L).n
    return all(
        ligne_complete(L, i) and colonne_complete(L, i) and carre_complet(L, i) for i in range(n)
    )


def ligne(L: GrilleLue, i: int) -> list[int]:
    """Question 4 : les chiffres (non nuls) de la ligne ``i``, de gauche à droite.

    >>> ligne(GRILLE_L(), 0)
    [6, 2, 5]
    """
    return [d for d in _maison(L, "ligne", i) if d]


def ligne_bis(L: GrilleLue, i: int) -> list[int]:
    """Question 4, l'« autre façon de faire plus pythonique » du corrigé
    (``[n for n in L[i] if n != 0]``) : la même réponse que :func:`ligne`.

    >>> ligne_bis(GRILLE_L(), 0)
    [6, 2, 5]
    """
    return [n for n in _maison(L, "ligne", i) if n != 0]


def colonne(L: GrilleLue, j: int) -> list[int]:
    """Question 4 (définie « de la même manière ») : les chiffres de la colonne ``j``.

    >>> colonne(GRILLE_L(), 0)
    [4, 6, 1, 3, 2]
    """
    return [d for d in _maison(L, "colonne", j) if d]


def carre(L: GrilleLue, i: int, j: int, debug: bool = False) -> list[int]:
    """Question 6 : les chiffres du carré qui contient la case ``(i, j)``.

    Avec ``debug``, affiche le coin du carré puis chaque case et sa valeur, comme le document.

    >>> carre(GRILLE_L(), 4, 6)
    [9, 7, 3]
    >>> carre(GRILLE_L(), 4, 5, True)[:0]
    3 3
    3 3 0
    3 4 0
    3 5 5
    4 3 0
    4 4 0
    4 5 0
    5 3 4
    5 4 0
    5 5 0
    []
    """
    g = vers_grid(L)
    cases = g.graph.houses[2 * g.n + _numero_carre(g, i, j)]
    n = g.n
    if debug:
        print(cases[0] // n, cases[0] % n)
        for v in cases:
            print(v // n, v % n, g.values[v])
    return [g.values[v] for v in cases if g.values[v]]


def conflit(L: GrilleLue, i: int, j: int) -> list[int]:
    """Question 7 : les chiffres qu'on ne peut pas écrire en ``(i, j)`` (ligne, colonne, carré),
    sans doublon : ``list(set(...))`` comme le corrigé, donc dans l'ordre d'un ``set``, qui
    dépend de la version de Python (le corrigé imprimé montre ``[8, 1, 4, 5, 6]`` en Out[19],
    le Python d'aujourd'hui donne ``[1, 4, 5, 6, 8]`` : comparez des listes triées).

    >>> sorted(conflit(GRILLE_L(), 5, 5))
    [1, 4, 5, 6, 8]
    """
    return list(set(ligne(L, i) + colonne(L, j) + carre(L, i, j)))


def chiffre_ok(L: GrilleLue, i: int, j: int) -> list[int]:
    """Question 8 : les chiffres, croissants, qu'on peut écrire en ``(i, j)``.

    Le sujet l'appelle ``chiffres_ok`` ; le corrigé ``chiffre_ok`` : les deux noms existent.

    >>> chiffre_ok(GRILLE_L(), 4, 2)
    [2, 5, 8, 9]
    """
    interdits = set(conflit(L, i, j))
    return [k for k in range(1, vers_grid(L).n + 1) if k not in interdits]


chiffres_ok = chiffre_ok


class EnsembleTrie(set[int]):
    """Un ``set`` qui s'affiche trié, comme Jupyter (IPython) affiche les ensembles : c'est ainsi
    que le corrigé, un carnet Jupyter, montre Out[24]. Python, lui, affiche un ``set`` dans
    l'ordre de sa table (``{8, 9, 2, 5}``) ; pour tout le reste c'est un ``set`` ordinaire.

    >>> EnsembleTrie({9, 2, 8, 5}), EnsembleTrie() == set()
    ({2, 5, 8, 9}, True)
    """

    def __repr__(self) -> str:
        return "{" + ", ".join(repr(x) for x in sorted(self)) + "}" if self else "set()"


def chiffre_ok_bis(L: GrilleLue, i: int, j: int) -> set[int]:
    """Question 8, « une autre façon de faire en passant par les ensembles » (cellule In [21]
    du corrigé) : l'ensemble ``{1..N} - conflit(L, i, j)``, affiché trié comme dans le carnet
    (:class:`EnsembleTrie`).

    >>> chiffre_ok_bis(GRILLE_L(), 4, 2)
    {2, 5, 8, 9}
    """
    return EnsembleTrie(set(range(1, vers_grid(L).n + 1)) - set(conflit(L, i, j)))


def chiffre_ok_ter(L: GrilleLue, i: int, j: int) -> list[int]:
    """Question 8, « en gardant les listes mais plus pythonique » (cellule In [22] du
    corrigé) : la même liste que :func:`chiffre_ok`.

    >>> chiffre_ok_ter(GRILLE_L(), 4, 2)
    [2, 5, 8, 9]
    """
    interdits = conflit(L, i, j)
    return [n for n in range(1, vers_grid(L).n + 1) if n not in interdits]


def nb_possible(L: GrilleLue, i: int, j: int) -> int:
    """Question 9 : le nombre de chiffres possibles en ``(i, j)``.

    >>> nb_possible(GRILLE_L(), 4, 2)
    4
    """
    return len(chiffre_ok(L, i, j))


def un_tour(L: Grille) -> bool:
    """Question 10 : un passage, ligne par ligne, qui remplit chaque case vide n'ayant qu'un
    chiffre possible (en tenant compte des cases déjà remplies pendant ce passage) ; vrai s'il
    y a eu un changement. ``L`` est modifiée en place.

    Lève :class:`~sudograph.errors.InvalidArgument` si ``L`` n'est pas une liste de listes (un
    texte ou une Grid ne peuvent pas être remplis en place).

    >>> M = GRILLE_M()
    >>> un_tour(M), M[1]
    (True, [0, 1, 9, 0, 8, 0, 5, 7, 4])
    """
    changement = False
    n = _en_place("un_tour", L).n
    for i in range(n):
        for j in range(n):
            if L[i][j] == 0 and nb_possible(L, i, j) == 1:
                L[i][j] = chiffre_ok(L, i, j)[0]
                changement = True
    return changement


def complete(L: Grille, *, compteur: Compteur | None = None) -> bool:
    """Question 11 : ``un_tour`` tant qu'il change la grille ; vrai si elle est alors complète.

    Comme :func:`un_tour`, demande une liste de listes (remplie en place). Un
    :class:`~sudograph.fr.Compteur` (``compteur=``) reçoit le nombre de cases remplies
    (``noeuds`` : des affectations forcées, jamais défaites, donc ``retours`` = 0), le nombre
    de passages ``un_tour`` (``tentatives``, le dernier, sans changement, compris), la durée et
    le statut : ``solved``, ou ``stopped`` quand la grille reste incomplète (plus aucune case
    à un seul chiffre possible : il faudrait deviner).

    >>> complete(GRILLE_L()), complete(GRILLE_M())
    (False, True)
    >>> c = Compteur()
    >>> complete(GRILLE_M(), compteur=c), c.noeuds, c.tentatives, c.statut
    (True, 43, 5, 'solved')
    """
    vides = _en_place("complete", L).values.count(0)
    compteur = _compteur(compteur)
    debut = time.perf_counter()
    passages = 1
    while un_tour(L):
        passages += 1
    fini = complet(L)
    stats = Stats(
        nodes=vides - vers_grid(L).values.count(0),
        attempts=passages,
        seconds=time.perf_counter() - debut,
    )
    _rapporter(compteur, Result("solved" if fini else "stopped", stats=stats))
    return fini


def case_suivante(pos: list[int], n: int = 9) -> list[int]:
    """Question 12 : la case suivante dans l'ordre lexicographique (``[9, 0]`` après ``[8, 8]``).

    >>> case_suivante([1, 3]), case_suivante([8, 8])
    ([1, 4], [9, 0])
    >>> case_suivante([9, 0])
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: ligne 9 is outside 0..8
    """
    n = _dans("n", n, 1, MAX_SIDE)
    i, j = _position(pos, n, fin=False)
    return [i + (j + 1) // n, (j + 1) % n]


def _position(pos: object, n: int, fin: bool) -> tuple[int, int]:
    """La case ``pos = [i, j]`` d'une grille ``n × n`` ; avec ``fin``, ``[n, 0]`` aussi (la
    case qui suit la dernière). Lève :class:`InvalidArgument` sinon."""
    if not isinstance(pos, list | tuple) or len(pos) != 2:
        raise InvalidArgument(f"pos {pos!r} is not a cell [ligne, colonne]")
    i = _dans("ligne", pos[0], 0, n if fin else n - 1)
    return i, _dans("colonne", pos[1], 0, 0 if i == n else n - 1)


# -- partie C : le backtracking, délégué au cœur -----------------------------------------------
nb_appel = 0
"""Le compteur global du corrigé (cellule In [37]) : « sert uniquement pour le debuggage pour que
chaque appel à la fonction ait un numéro unique ». Chaque appel (récursif) affiché par
``backtracking(..., debug=True)`` prend le numéro ``nb_appel`` puis l'augmente de 1 : les niveaux
d'un second appel continuent donc ceux du premier, comme dans le corrigé. Remettez-le à 0
(``capes2017.nb_appel = 0``, la première ligne de In [37]) pour retrouver les niveaux du
document. Sans ``debug``, il n'avance pas (le corrigé compte aussi ces appels-là, sans les
afficher : seule la trace les montre)."""


class TraceBacktracking:
    """Réécrit les événements de la recherche ``naive`` comme l'affichage de mise au point du
    corrigé (« enter backtrack niveau k », « pos: [i, j] v », la liste ``chiffre_ok``, chaque
    chiffre essayé, « exit backtrack niveau k »).

    Dans le document, chaque appel récursif a un numéro, case remplie comprise ; le cœur ne
    s'arrête que sur les cases vides : les niveaux des cases remplies sont intercalés ici.
    ``ecrire`` reçoit les morceaux de texte (``print`` sans fin de ligne par défaut) ; ``appel``
    est le numéro du premier appel (``nb_appel`` du corrigé).
    """

    def __init__(
        self,
        valeurs: list[int],
        cases: list[int],
        graphe: Graph,
        n: int,
        ecrire: Callable[[str], None] | None = None,
        appel: int = 0,
    ) -> None:
        self.valeurs = valeurs  # les valeurs courantes, indexées par sommet du problème
        self.cases = cases  # sommet du problème -> case 0..n²-1 de la grille
        self.graphe = graphe
        self.n = n
        self.ecrire = ecrire or (lambda s: print(s, end=""))
        self.appel = appel
        self.suivant = 0  # prochain sommet à visiter dans l'ordre des cases
        self.niveaux: list[int] = []  # niveaux des cases vides en cours

    def _entrer(self, v: int) -> None:
        case = self.cases[v]
        i, j = divmod(case, self.n)
        self.ecrire(f"enter backtrack niveau {self.appel}\npos: [{i}, {j}] {self.valeurs[v]}\n")
        self.appel += 1

    def __call__(self, e: TraceEvent) -> None:
        if e.kind == "select":
            for v in range(self.suivant, e.vertex):
                self._entrer(v)
            self.niveaux.append(self.appel)
            self._entrer(e.vertex)
            used = {self.valeurs[u] for u in self.graphe.neighbors[e.vertex]}
            possibles = [k for k in range(1, self.n + 1) if k not in used]
            self.ecrire(f"{possibles}\n")
        elif e.kind == "try" and e.ok:
            self.ecrire(f"{e.colour}\n")
        elif e.kind == "assign":
            self.valeurs[e.vertex] = e.colour
            self.suivant = e.vertex + 1
        elif e.kind == "undo":
            self.valeurs[e.vertex] = 0
        elif e.kind == "fail" and e.vertex >= 0:
            self.ecrire(f"exit backtrack niveau {self.niveaux.pop()}\n")
        elif e.kind == "solution":
            for v in range(self.suivant, len(self.valeurs)):
                self._entrer(v)
            self.ecrire(f"enter backtrack niveau {self.appel}\npos: [{self.n}, 0] ")
            self.appel += 1


def backtracking(
    L: Grille, pos: list[int], debug: bool = False, *, compteur: Compteur | None = None
) -> bool:
    """Question 13 : remplit ``L`` (en place) à partir de la case ``pos`` par retour arrière ;
    vrai si une solution est trouvée, faux sinon (``L`` est alors laissée telle quelle).

    Les cases sont prises dans l'ordre lexicographique et les chiffres dans l'ordre croissant :
    c'est la méthode ``naive`` du cœur, qui trouve donc la même solution que le corrigé. Avec
    ``debug``, l'affichage de mise au point du corrigé est reproduit à l'identique, ses niveaux
    numérotés par le compteur global :data:`nb_appel`. Deux chiffres égaux déjà placés dans une
    même maison : pas de solution (faux), sans recherche ; ``debug`` dit alors lesquels
    (``pas de solution : clashing clues: row 1: 2 at r1c1, r1c2; ...``). Un
    :class:`~sudograph.fr.Compteur` (``compteur=``) reçoit les nœuds, les retours arrière, la
    durée, le statut et, avec ``debug``, les lignes de la trace.

    Lève :class:`~sudograph.errors.InvalidArgument` si ``L`` n'est pas une liste de listes (la
    grille est remplie en place) ou si ``pos`` n'est pas une case, avant toute recherche.

    >>> M = GRILLE_M()
    >>> backtracking(M, [0, 0]), M[0]
    (True, [2, 5, 4, 7, 9, 6, 3, 1, 8])
    >>> N, c = [[0] * 9 for _ in range(9)], Compteur()
    >>> backtracking(N, [0, 0], compteur=c), N[3], c.statut, c.noeuds > 0
    (True, [2, 1, 4, 3, 6, 5, 8, 9, 7], 'solved', True)
    """
    global nb_appel
    from ..solve import solve  # le visage importe le cœur (pas l'inverse)

    g = _en_place("backtracking", L)
    compteur = _compteur(compteur)
    n = g.n
    i, j = _position(pos, n, fin=True)
    debut = i * n + j
    morceaux: list[str] = []

    def afficher(texte: str) -> None:
        print(texte, end="")
        morceaux.append(texte)

    if debut >= n * n:
        if debug:
            afficher(f"enter backtrack niveau {nb_appel}\npos: {pos} ")
            nb_appel += 1
        _rapporter(compteur, Result("solved"), "".join(morceaux).splitlines())
        return True
    try:
        probleme, cases = _sous_probleme(g.graph, n, g.values, debut)
    except InvalidPuzzle as conflit:  # no search: with debug, the one line that says why
        if debug:
            afficher(f"pas de solution : {g.clash_error() or conflit}\n")  # (cells named)
        _rapporter(compteur, None, "".join(morceaux).splitlines())
        return False
    trace = None
    if debug:
        trace = TraceBacktracking(
            list(probleme.precolouring), cases, probleme.graph, n, afficher, nb_appel
        )
        trace.suivant = next(v for v in range(len(cases)) if cases[v] >= debut)
    try:
        r = solve(probleme, "naive", trace=trace, engine="python" if debug else "auto")
    finally:
        if trace is not None:
            nb_appel = trace.appel
    _rapporter(compteur, r, "".join(morceaux).splitlines())
    if r.solution is None:
        return False
    valeurs = list(g.values)
    for v, c in enumerate(r.solution):
        valeurs[cases[v]] = c
    ecrire(L, valeurs)
    return True


def solution_sudoku(L: GrilleLue, *, compteur: Compteur | None = None) -> Grille | None:
    """Question 14 : la grille ``L`` résolue par ``backtracking(L, [0, 0])`` (modifiée en place
    et rendue), ou ``None`` si elle n'a pas de solution. Un texte, une Grid ou des lignes en
    tuples ne peuvent pas être modifiés : c'est alors une copie (liste de listes) qui est
    remplie et rendue. ``compteur`` : comme :func:`backtracking`.

    Question 15 : si ``L`` a plusieurs solutions, c'est la première dans l'ordre
    lexicographique des grilles lues case par case ; pour la grille vide, celle du corrigé.

    >>> solution_sudoku([[0] * 9 for _ in range(9)])[0]
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    >>> solution_sudoku("." * 16)
    [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    """
    g = vers_grid(L)  # les erreurs des autres fonctions (côté qui n'est pas un carré, ...)
    M = L if isinstance(L, list) and all(isinstance(r, list) for r in L) else g.to_lists()
    return M if backtracking(M, [0, 0], compteur=compteur) else None
