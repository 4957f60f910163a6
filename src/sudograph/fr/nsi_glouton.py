"""NSI, « Sudoku et coloriage glouton » (graine 000) : la classe ``Sudoku`` du TP.

La classe du fichier ``sudoku_heuristique_gloutonne.py``, sous ses noms : ``nbcases``,
``nbcouleurs``, ``adj``, ``generer_graphe()``, les conversions grille <-> couleurs et les trois
heuristiques gloutonnes randomisées. Les heuristiques sont celles du cœur
(:func:`sudograph.search.greedy.nsi_greedy`), qui fait les mêmes tirages que le corrigé, dans le
même ordre : avec ``Sudoku(seed=s)`` une exécution se rejoue à l'identique (le corrigé tire avec
le générateur global ``random`` ; ici chaque instance a son ``random.Random``).

Les premières questions (force brute) sont dans :func:`nombre_grilles_force_brute` et
:func:`duree_force_brute` ; :func:`test_coloration` et :func:`test_diabolique` font les
démonstrations du fichier (elles portent ``__test__ = False`` pour que pytest ne les prenne pas
pour des tests). Les trois fonctions outils que les élèves complètent dans ``..._tri``,
:func:`plus_petit`, :func:`plus_grand` et :meth:`Sudoku.selection_extremum_voisins`, ont ici
leur version de référence. Chaque méthode de résolution accepte un
:class:`~sudograph.fr.Compteur` (``compteur=``) qui reçoit le nombre de tentatives, la durée et
le statut (``solved``, ou ``stopped`` après ``itermax`` tentatives sans succès).

>>> sudo = Sudoku(2, seed=1)
>>> sudo.nbcases, sudo.nbcouleurs, sudo.adj[0]
(16, 4, [1, 2, 3, 4, 5, 8, 12])
>>> tentatives, grille = sudo.resolution_sudoku_coloration_glouton_tri1(GRILLE_4X4, 100)
>>> grille
[[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from numbers import Real

from ..errors import InvalidArgument, clip
from ..graph import MAX_SIDE, sudoku_graph
from ..grid import Grid
from ..problem import Problem, Result, Stats, is_solution
from ..search.greedy import DOCUMENT_VERSIONS, Variant, nsi_greedy
from . import Compteur, Grille, _au_moins_zero, _compteur, _dans, _liste, _rapporter, vers_grid

__all__ = [
    "GRILLE_4X4",
    "GRILLE_9X9",
    "GRILLE_DIABOLIQUE",
    "Sudoku",
    "duree_force_brute",
    "nombre_grilles_force_brute",
    "plus_grand",
    "plus_petit",
    "test_coloration",
    "test_diabolique",
]

GRILLE_4X4: Grille = [[1, 0, 0, 4], [0, 0, 0, 2], [0, 0, 0, 0], [4, 3, 0, 0]]
"""Une grille 4 × 4 à solution unique (5 chiffres donnés)."""

GRILLE_9X9: Grille = Grid.parse(
    "2...9.3...19.8.574..84..62959.621487.27.38165.61574293.85..973.936.5.842..2.6.951"
).to_lists()
"""Une grille 9 × 9 très remplie (54 chiffres : la grille ``M`` du CAPES 2017 après
``un_tour``), que même la première heuristique résout en quelques centaines d'essais."""

GRILLE_DIABOLIQUE = (
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
)
"""Une grille « diabolique » (22 chiffres ; la première des « hardest » de P. Norvig)."""

VERSIONS = tuple(DOCUMENT_VERSIONS)
"""Les valeurs du paramètre ``version`` de ``..._tri`` : ``moins``, ``plus``, ``hasard``."""

SECONDES_PAR_JOUR = 24 * 3600


def nombre_grilles_force_brute(cases_fixees: int = 36, cote: int = 9) -> int:
    """Question 1 : le nombre de grilles à tester par force brute, ``cote`` possibilités pour
    chacune des ``cote² - cases_fixees`` cases à compléter.

    Lève :class:`~sudograph.errors.InvalidArgument` si ``cote`` n'est pas un entier de
    ``1..64`` ou ``cases_fixees`` un entier de ``0..cote²``.

    >>> nombre_grilles_force_brute() == 9 ** 45
    True
    """
    cote = _dans("cote", cote, 1, MAX_SIDE)
    cases_fixees = _dans("cases_fixees", cases_fixees, 0, cote * cote)
    nombre: int = cote ** (cote * cote - cases_fixees)
    return nombre


def duree_force_brute(nombre: int, par_seconde: float = 1e6) -> tuple[float, float]:
    """Question 2 : la durée ``(secondes, jours)`` pour tester ``nombre`` grilles à
    ``par_seconde`` grilles par seconde (9^45 grilles à 10^6 par seconde : environ
    9 × 10^36 secondes, soit environ 10^32 jours).

    Lève :class:`~sudograph.errors.InvalidArgument` si ``nombre`` n'est pas un entier
    ``>= 0``, si ``par_seconde`` n'est pas un nombre ``> 0``, ou si la durée dépasse ce qu'un
    ``float`` peut écrire (environ 1.8 × 10^308 secondes).

    >>> secondes, jours = duree_force_brute(9 ** 45)
    >>> f"{secondes:.0e} s, {jours:.0e} jours"
    '9e+36 s, 1e+32 jours'
    """
    nombre = _au_moins_zero("nombre", nombre)
    if not isinstance(par_seconde, Real) or isinstance(par_seconde, bool):
        raise InvalidArgument(f"par_seconde {par_seconde!r} is not a number")
    if not par_seconde > 0:
        raise InvalidArgument(f"par_seconde must be > 0, got {par_seconde}")
    try:
        secondes = nombre / float(par_seconde)
    except OverflowError:
        secondes = math.inf
    if not math.isfinite(secondes):
        raise InvalidArgument(
            f"nombre {clip(str(nombre), 20)} at {par_seconde} per second: the duration "
            "overflows a float (more than about 1.8e308 seconds)"
        )
    return secondes, secondes / SECONDES_PAR_JOUR


def plus_petit(a: float, b: float) -> bool:
    """La fonction outil de ``..._tri`` : ``True`` si ``a < b`` et ``False`` sinon.

    >>> plus_petit(1, 2), plus_petit(2, 2)
    (True, False)
    """
    return a < b


def plus_grand(a: float, b: float) -> bool:
    """La fonction outil de ``..._tri`` à compléter : ``True`` si ``a > b`` et ``False``
    sinon.

    >>> plus_grand(3, 2), plus_grand(2, 2)
    (True, False)
    """
    return a > b


class Sudoku:
    """La classe ``Sudoku`` du TP : une grille ``n² × n²`` (``n = 2`` : 4 × 4, ``n = 3`` :
    9 × 9) vue comme un graphe à colorier avec ``n²`` couleurs.

    ``seed`` initialise le générateur aléatoire de l'instance (``None`` : un tirage neuf), pour
    rejouer une exécution. Les grilles sont des listes de lignes (0 = case vide).

    Lève :class:`~sudograph.errors.InvalidArgument` si ``n`` sort de ``1..8``.
    """

    def __init__(self, n: int = 3, seed: int | None = None) -> None:
        n = _dans("n", n, 1, 8)
        self.n = n
        self.nbcouleurs = n * n
        self.nbcases = n**4
        self.rng = random.Random(seed)
        self.adj: list[list[int]] = []
        self.generer_graphe()

    def generer_graphe(self) -> None:
        """Initialise ``adj`` : pour chaque case/sommet, la liste de ses voisins (même ligne,
        même colonne ou même bloc), dans l'ordre des numéros de cases.

        >>> s = Sudoku(3)
        >>> len(s.adj), len(s.adj[40]), s.adj[0][:9]
        (81, 20, [1, 2, 3, 4, 5, 6, 7, 8, 9])
        """
        self.adj = [list(voisins) for voisins in sudoku_graph(self.n).neighbors]

    def conversion_grille_vers_couleur(self, grille: Grille) -> list[int]:
        """La liste ``couleur`` des cases, ligne par ligne (0 pour une case non coloriée).

        >>> Sudoku(2).conversion_grille_vers_couleur([[1, 0, 0, 4], [0] * 4, [0] * 4, [0] * 4])[:4]
        [1, 0, 0, 4]
        """
        g = vers_grid(grille)
        if g.n != self.nbcouleurs:
            raise InvalidArgument(
                f"a {g.n}x{g.n} grid for a {self.nbcouleurs}x{self.nbcouleurs} Sudoku "
                f"(Sudoku({self.n}))"
            )
        return list(g.values)

    def conversion_couleur_vers_grille(self, c: Sequence[int]) -> Grille:
        """La grille (liste de lignes) d'une liste de couleurs.

        >>> Sudoku(2).conversion_couleur_vers_grille(range(16))[1]
        [4, 5, 6, 7]
        """
        c = _liste("c", c, self.nbcases)
        m = self.nbcouleurs
        return [list(c[i * m : (i + 1) * m]) for i in range(m)]

    def selection_extremum_voisins(
        self,
        liste_candidat: Sequence[int],
        couleur: Sequence[int],
        valeur_initiale: float = math.inf,
        comparaison: Callable[[float, float], bool] = plus_petit,
    ) -> list[int]:
        """La fonction outil de ``..._tri`` à compléter : une case choisie au hasard (par le
        générateur de l'instance) parmi les cases de ``liste_candidat`` dont le nombre de
        voisins non coloriés (``couleur[voisin] == 0``) est minimal (``valeur_initiale =
        float('inf')``, ``comparaison = plus_petit``) ou maximal (``valeur_initiale = 0``,
        ``comparaison = plus_grand``), rendue dans une liste ``[case]``.

        Ce sont les tirages du cœur (:mod:`sudograph.search.greedy`) : avec la même graine, le
        même choix. Lève :class:`~sudograph.errors.InvalidArgument` si ``liste_candidat`` est
        vide ou nomme une case hors de la grille.

        >>> sudo = Sudoku(2, seed=0)
        >>> couleur = sudo.conversion_grille_vers_couleur(GRILLE_4X4)
        >>> sudo.selection_extremum_voisins([5, 10, 15], couleur)  # 4, 7 et 3 voisins blancs
        [15]
        >>> sudo.selection_extremum_voisins([5, 10, 15], couleur, 0, plus_grand)
        [10]
        """
        couleur = _liste("couleur", couleur, self.nbcases)
        if not isinstance(liste_candidat, Sequence) or not liste_candidat:
            raise InvalidArgument(
                f"liste_candidat must be a non-empty list of cells, got {liste_candidat!r}"
            )
        if not callable(comparaison):
            raise InvalidArgument(f"comparaison must be a function, got {comparaison!r}")
        nb_voisins_blancs_extremum = valeur_initiale
        case_record: list[int] = []
        for case in liste_candidat:
            case = _dans("case", case, 0, self.nbcases - 1)
            nb_voisins_blancs = sum(1 for voisin in self.adj[case] if couleur[voisin] == 0)
            if comparaison(nb_voisins_blancs, nb_voisins_blancs_extremum):
                nb_voisins_blancs_extremum = nb_voisins_blancs
                case_record = [case]
            elif nb_voisins_blancs == nb_voisins_blancs_extremum:
                case_record.append(case)
        if not case_record:
            raise InvalidArgument(
                f"no candidate of {list(liste_candidat)} passes comparaison "
                f"{getattr(comparaison, '__name__', comparaison)!s} against valeur_initiale "
                f"{valeur_initiale!r}"
            )
        return [self.rng.choice(case_record)]

    def _repeter(
        self, grille: Grille, itermax: int, variante: Variant, compteur: object
    ) -> tuple[int, Grille | None]:
        itermax = _au_moins_zero("itermax", itermax)
        suivi = _compteur(compteur)
        probleme = Problem(
            sudoku_graph(self.n),
            self.nbcouleurs,
            tuple(self.conversion_grille_vers_couleur(grille)),
        )
        debut = time.perf_counter()
        tentatives, couleur = nsi_greedy(
            probleme.graph,
            probleme.k,
            probleme.precolouring,
            variante,
            itermax,
            self.rng,
        )
        duree = time.perf_counter() - debut
        stats = Stats(attempts=tentatives, seconds=duree)
        _rapporter(suivi, Result("stopped" if couleur is None else "solved", stats=stats))
        if couleur is None:
            return itermax, None
        if not is_solution(probleme, couleur):  # pragma: no cover - une erreur du cœur
            raise AssertionError("l'heuristique a rendu une grille qui n'est pas une solution")
        return tentatives, self.conversion_couleur_vers_grille(couleur)

    def resolution_sudoku_coloration_glouton(
        self,
        grille: Grille,
        itermax: int,
        *args: object,
        compteur: Compteur | None = None,
        **kwargs: object,
    ) -> tuple[int, Grille | None]:
        """Première heuristique, répétée : les cases dans l'ordre, pour chaque case vide une
        couleur au hasard parmi les possibles ; ``(tentative, grille résolue)`` dès qu'un essai
        colorie tout, ``(itermax, None)`` après ``itermax`` essais sans succès.

        Lève :class:`~sudograph.errors.InvalidPuzzle` si deux cases voisines ont déjà la même
        couleur, :class:`~sudograph.errors.InvalidArgument` si ``itermax`` n'est pas un entier
        ``>= 0``. ``compteur`` reçoit les tentatives, la durée et le statut.

        >>> c = Compteur()
        >>> Sudoku(2, seed=0).resolution_sudoku_coloration_glouton(GRILLE_4X4, 50, compteur=c)[0]
        1
        >>> c.tentatives, c.statut
        (1, 'solved')
        """
        return self._repeter(grille, itermax, "greedy", compteur)

    def resolution_sudoku_coloration_glouton_tri1(
        self,
        grille: Grille,
        itermax: int,
        *args: object,
        compteur: Compteur | None = None,
        **kwargs: object,
    ) -> tuple[int, Grille | None]:
        """Heuristique améliorée : parmi les cases qui ont le moins de couleurs possibles, on les
        colorie toutes s'il ne leur en reste qu'une, sinon une au hasard ; elle reçoit la plus
        grande couleur restante, que l'on retire des possibles de ses voisins.

        Écart voulu avec le corrigé : sa boucle ``for k in range(1, itermax)`` ne fait que
        ``itermax - 1`` essais (et rend ``(itermax, None)``) ; ici, comme dans le cœur, on fait
        exactement ``itermax`` essais. Les résultats ne diffèrent que si le succès arrive au
        dernier essai. Le corrigé déclare ``..._tri1(self, grille, itermax)`` sans
        ``*args, **kwargs`` ; ici elle les accepte (sans s'en servir) comme les deux autres,
        pour qu'un banc d'essai les appelle toutes de la même façon.

        >>> Sudoku(3, seed=0).resolution_sudoku_coloration_glouton_tri1(GRILLE_9X9, 10)[0]
        1
        """
        return self._repeter(grille, itermax, "mrv", compteur)

    def resolution_sudoku_coloration_glouton_tri(
        self,
        grille: Grille,
        itermax: int,
        version: str,
        *args: object,
        compteur: Compteur | None = None,
        **kwargs: object,
    ) -> tuple[int, Grille | None]:
        """Les trois variantes de ``..._tri1`` (même écart d'un essai, voir ci-dessus), selon
        ``version`` : ``'moins'``, ``'plus'`` ou ``'hasard'`` (tirage parmi tous les candidats).

        Attention, c'est le code du corrigé qui est suivi, pas ses commentaires : ``'moins'``
        appelle ``selection_extremum_voisins`` avec ``plus_grand`` et choisit donc parmi les
        cases qui ont le *plus* de voisins non coloriés (variante ``mrv-most`` du cœur), et
        ``'plus'`` parmi celles qui en ont le *moins* (``mrv-least``).

        Lève :class:`~sudograph.errors.InvalidArgument` pour une autre ``version``.

        >>> Sudoku(3, seed=0).resolution_sudoku_coloration_glouton_tri(GRILLE_9X9, 10, "plus")[0]
        1
        """
        if not isinstance(version, str) or version not in DOCUMENT_VERSIONS:
            raise InvalidArgument(
                f"version {version!r} is not one of {', '.join(map(repr, DOCUMENT_VERSIONS))}"
            )
        return self._repeter(grille, itermax, DOCUMENT_VERSIONS[version], compteur)


HEURISTIQUES: dict[str, Callable[[Sudoku, Grille, int], tuple[int, Grille | None]]] = {
    "glouton": Sudoku.resolution_sudoku_coloration_glouton,
    "tri1": Sudoku.resolution_sudoku_coloration_glouton_tri1,
    "tri moins": lambda s, g, i: s.resolution_sudoku_coloration_glouton_tri(g, i, "moins"),
    "tri plus": lambda s, g, i: s.resolution_sudoku_coloration_glouton_tri(g, i, "plus"),
    "tri hasard": lambda s, g, i: s.resolution_sudoku_coloration_glouton_tri(g, i, "hasard"),
}
"""Les heuristiques du TP, par nom court, dans l'ordre du document."""


def _essayer(
    grilles: Sequence[tuple[str, Grille]],
    itermax: int,
    seed: int | None,
    afficher: Callable[[str], None],
) -> dict[tuple[str, str], int | None]:
    """Chaque heuristique sur chaque grille : ``{(grille, heuristique): tentatives ou None}``.

    >>> _essayer([], 10, 0, None)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: afficher must be a function of one line of text (print, \
or lambda ligne: None to print nothing), got None
    """
    if not callable(afficher):  # (found before the grids' work: None was a TypeError after it)
        raise InvalidArgument(
            "afficher must be a function of one line of text (print, or lambda ligne: None to "
            f"print nothing), got {afficher!r}"
        )
    resultats: dict[tuple[str, str], int | None] = {}
    for nom_grille, grille in grilles:
        n = vers_grid(grille).box[0]
        for nom, heuristique in HEURISTIQUES.items():
            sudo = Sudoku(n, seed)
            tentatives, solution = heuristique(sudo, grille, itermax)
            if solution is not None:
                depart = vers_grid(grille)
                assert Grid.from_lists(solution).is_solution_of(depart)
            resultats[(nom_grille, nom)] = tentatives if solution is not None else None
            issue = f"résolue en {tentatives} tentative(s)" if solution else "non résolue"
            afficher(f"{nom_grille} — {nom} : {issue}")
    return resultats


def test_coloration(
    itermax: int = 1000, seed: int | None = 0, afficher: Callable[[str], None] = print
) -> dict[tuple[str, str], int | None]:
    """Démonstration : les cinq heuristiques sur la grille 4 × 4 et la grille 9 × 9 très
    remplie ; rend le nombre de tentatives (``None`` : non résolue) par grille et heuristique.

    >>> r = test_coloration(afficher=lambda ligne: None)
    >>> all(t is not None for t in r.values())
    True
    """
    return _essayer([("4x4", GRILLE_4X4), ("9x9", GRILLE_9X9)], itermax, seed, afficher)


def test_diabolique(
    itermax: int = 1000, seed: int | None = 0, afficher: Callable[[str], None] = print
) -> dict[tuple[str, str], int | None]:
    """Démonstration : les cinq heuristiques sur une grille diabolique ; la première échoue,
    les heuristiques ``tri1`` et ``tri hasard`` finissent en général par réussir.

    >>> r = test_diabolique(afficher=lambda ligne: None)
    >>> r[("diabolique", "glouton")] is None
    True
    """
    grille = Grid.parse(GRILLE_DIABOLIQUE).to_lists()
    return _essayer([("diabolique", grille)], itermax, seed, afficher)


for _f in (test_coloration, test_diabolique):
    _f.__test__ = False  # type: ignore[attr-defined]  # des noms du document, pas des tests pytest
