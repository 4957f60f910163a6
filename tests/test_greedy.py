"""Greedy colourings: the NSI heuristics of seed 000 and the classic orders (issue 4)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument
from sudograph.formats.dimacs import read_dimacs
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.problem import Problem, SolveOptions, is_proper_coloring, is_solution
from sudograph.search.greedy import (
    DOCUMENT_VERSIONS,
    ORDERS,
    RUNNERS,
    VARIANTS,
    Variant,
    greedy_color,
    nsi_attempt,
    nsi_greedy,
    order_smallest_last,
    run,
)

DATA = Path(__file__).parent / "data"
EASY9 = (DATA / "sudoku" / "norvig_easy50.txt").read_text().split()[0]
HARD9 = (DATA / "sudoku" / "norvig_hardest.txt").read_text().split()[0]
PUZZLES4 = [
    "1.3.....2.4.....",
    "..3.3.....1.4...",
    "1...3..2.1.3...1",
    ".2.....2.1.....3",
    "................",
]
UNSAT4 = "12........4...3."  # cell (0, 2) sees 1, 2 in its row and 4, 3 in its column
DIMACS = sorted((DATA / "graphs").glob("*.col"))


# -- the document's code, transcribed as printed in seed 000 (answers), as the reference ------
class DocSudoku:
    """The parts of seed 000's ``Sudoku`` class the answers use, on a flat colour list.

    The three methods are the document's answer code with only ``random`` replaced by the
    ``rng`` passed in (the document uses the module-level generator) and the grid conversions
    replaced by list copies.
    """

    def __init__(self, graph: Graph, k: int, rng: random.Random) -> None:
        self.adj = [list(nb) for nb in graph.neighbors]
        self.nbcases = graph.n
        self.nbcouleurs = k
        self.rng = rng

    def conversion_grille_vers_couleur(self, grille: list[int]) -> list[int]:
        return list(grille)

    def conversion_couleur_vers_grille(self, couleur: list[int]) -> list[int]:
        return list(couleur)

    def resolution_sudoku_coloration_glouton(self, grille: list[int], itermax: int) -> Any:
        for tentative in range(1, itermax + 1):
            couleur = self.conversion_grille_vers_couleur(grille)
            nombreAcolorier = couleur.count(0)
            case = 0
            while nombreAcolorier != 0 and case < self.nbcases:
                if couleur[case] == 0:
                    couleurs_possibles = list(range(1, self.nbcouleurs + 1))
                    for voisin in self.adj[case]:
                        if couleur[voisin] in couleurs_possibles:
                            couleurs_possibles.remove(couleur[voisin])
                    if couleurs_possibles != []:
                        couleur[case] = self.rng.choice(couleurs_possibles)
                        nombreAcolorier -= 1
                case += 1
            if nombreAcolorier == 0:
                return (tentative, self.conversion_couleur_vers_grille(couleur))
        return (itermax, None)

    def resolution_sudoku_coloration_glouton_tri(
        self, grille: list[int], itermax: int, version: str | None
    ) -> Any:
        """``..._tri`` (version moins/plus/hasard); ``version=None`` is ``..._tri1``."""
        random = self.rng

        def plus_petit(a: float, b: float) -> bool:
            return a < b

        def plus_grand(a: float, b: float) -> bool:
            return a > b

        def selection_extremum_voisins(
            liste_candidat: list[int],
            couleur: list[int],
            valeur_initiale: float = float("inf"),
            comparaison: Any = plus_petit,
        ) -> list[int]:
            nb_voisins_blancs_extremum = valeur_initiale
            case_record: list[int] = []
            for case in liste_candidat:
                nb_voisins_blancs = 0
                for voisin in self.adj[case]:
                    if couleur[voisin] == 0:
                        nb_voisins_blancs += 1
                if comparaison(nb_voisins_blancs, nb_voisins_blancs_extremum):
                    nb_voisins_blancs_extremum = nb_voisins_blancs
                    case_record = [case]
                elif nb_voisins_blancs == nb_voisins_blancs_extremum:
                    case_record.append(case)
            return [random.choice(case_record)]

        def resolution() -> list[int] | None:
            couleur = self.conversion_grille_vers_couleur(grille)
            caseAFaire = [case for case in range(self.nbcases)]
            liste_couleur_possible = [
                list(range(1, self.nbcouleurs + 1)) for case in range(self.nbcases)
            ]
            for case, color in enumerate(couleur):
                if color > 0:
                    liste_couleur_possible[case] = [color]
            while len(caseAFaire) > 0:
                liste_candidat: list[int] = []
                nbcouleur_min = self.nbcouleurs + 1
                for case in caseAFaire:
                    nbcouleur = len(liste_couleur_possible[case])
                    if nbcouleur < nbcouleur_min:
                        liste_candidat = [case]
                        nbcouleur_min = nbcouleur
                    elif nbcouleur == nbcouleur_min:
                        liste_candidat.append(case)
                if version is None:  # tri1
                    if nbcouleur_min != 1:
                        liste_candidat = [random.choice(liste_candidat)]
                elif nbcouleur_min > 1:  # tri
                    if version == "moins":
                        liste_candidat = selection_extremum_voisins(
                            liste_candidat, couleur, valeur_initiale=0, comparaison=plus_grand
                        )
                    elif version == "plus":
                        liste_candidat = selection_extremum_voisins(
                            liste_candidat,
                            couleur,
                            valeur_initiale=float("inf"),
                            comparaison=plus_petit,
                        )
                    else:
                        liste_candidat = [random.choice(liste_candidat)]
                for case in liste_candidat:
                    if len(liste_couleur_possible[case]) == 0:
                        return None
                    couleur[case] = liste_couleur_possible[case].pop()
                    for voisin in self.adj[case]:
                        if couleur[case] in liste_couleur_possible[voisin]:
                            liste_couleur_possible[voisin].remove(couleur[case])
                    caseAFaire.remove(case)
            return self.conversion_couleur_vers_grille(couleur)

        for k in range(1, itermax):
            solution = resolution()
            if solution is not None:
                return (k, solution)
        return (itermax, None)


DOC_CALLS: list[tuple[Variant, str | None]] = [
    ("mrv", None),
    *((variant, version) for version, variant in DOCUMENT_VERSIONS.items()),
]


def _problem(line: str) -> Problem:
    return Grid.parse(line).problem


def _near_solution9() -> str:
    """The solution of EASY9 with 12 cells emptied (a 9x9 the plain greedy can finish)."""
    p = _problem(EASY9)
    _, sol = nsi_greedy(p.graph, 9, p.precolouring, "mrv", 10, random.Random(0))
    assert sol is not None
    values = list(sol)
    for i in random.Random(1).sample(range(81), 12):
        values[i] = 0
    return "".join(str(d) if d else "." for d in values)


# -- faithfulness to the document ----------------------------------------------------------------
@pytest.mark.parametrize("line", [*PUZZLES4, UNSAT4, EASY9, HARD9])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_greedy_replays_the_document(line: str, seed: int) -> None:
    p = _problem(line)
    itermax = 40
    doc_rng, our_rng = random.Random(seed), random.Random(seed)
    expected = DocSudoku(p.graph, p.k, doc_rng).resolution_sudoku_coloration_glouton(
        list(p.precolouring), itermax
    )
    attempts, coloring = nsi_greedy(p.graph, p.k, p.precolouring, "greedy", itermax, our_rng)
    assert (attempts, list(coloring) if coloring else None) == expected
    assert doc_rng.getstate() == our_rng.getstate()  # same random calls, same order


@pytest.mark.parametrize(("variant", "version"), DOC_CALLS)
@pytest.mark.parametrize("line", [*PUZZLES4, UNSAT4, EASY9, HARD9])
@pytest.mark.parametrize("seed", [0, 5])
def test_most_constrained_replays_the_document(
    variant: Variant, version: str | None, line: str, seed: int
) -> None:
    p = _problem(line)
    itermax = 12
    doc_rng, our_rng = random.Random(seed), random.Random(seed)
    doc_attempts, doc_sol = DocSudoku(
        p.graph, p.k, doc_rng
    ).resolution_sudoku_coloration_glouton_tri(list(p.precolouring), itermax, version)
    # the document's loop is range(1, itermax): one attempt fewer than ours
    attempts, coloring = nsi_greedy(p.graph, p.k, p.precolouring, variant, itermax - 1, our_rng)
    if doc_sol is None:
        assert (coloring, attempts, doc_attempts) == (None, itermax - 1, itermax)
    else:
        assert (attempts, list(coloring or ())) == (doc_attempts, doc_sol)
    assert doc_rng.getstate() == our_rng.getstate()


@pytest.mark.parametrize("seed", range(6))
def test_empty_graph_runs_replay_the_document(seed: int) -> None:
    """No clues at all: every step draws, so any divergence in the draws shows."""
    g = petersen_graph()
    for variant, version in DOC_CALLS:
        doc_rng, our_rng = random.Random(seed), random.Random(seed)
        expected = DocSudoku(g, 3, doc_rng).resolution_sudoku_coloration_glouton_tri(
            [0] * 10, 30, version
        )
        got = nsi_greedy(g, 3, (0,) * 10, variant, 29, our_rng)
        assert (got[0], list(got[1]) if got[1] else None) == (
            (expected[0], expected[1]) if expected[1] else (29, None)
        )
        assert doc_rng.getstate() == our_rng.getstate()


# -- results of the methods ----------------------------------------------------------------------
@pytest.mark.parametrize("method", list(RUNNERS))
@pytest.mark.parametrize("line", PUZZLES4)
def test_4x4_puzzles_are_solved_and_checked(method: str, line: str) -> None:
    grid = Grid.parse(line)
    result = RUNNERS[method](grid.problem, SolveOptions(seed=11, itermax=500))
    assert result.status == "solved" and result.method == method
    assert result.solution is not None and is_solution(grid.problem, result.solution)
    assert grid.with_values(result.solution).is_solution_of(grid)
    assert 1 <= result.stats.attempts <= 500


@pytest.mark.parametrize("method", [m for m in RUNNERS if m != "greedy"])
def test_easy_9x9_is_solved_by_the_most_constrained_heuristics(method: str) -> None:
    grid = Grid.parse(EASY9)
    result = RUNNERS[method](grid.problem, SolveOptions(seed=2, itermax=200))
    assert result.solution is not None
    assert grid.with_values(result.solution).is_solution_of(grid)


def test_plain_greedy_finishes_a_nearly_full_9x9() -> None:
    grid = Grid.parse(_near_solution9())
    result = run(grid.problem, SolveOptions(seed=4, itermax=2000))
    assert result.status == "solved" and result.solution is not None
    assert grid.with_values(result.solution).is_solution_of(grid)


@pytest.mark.parametrize("method", list(RUNNERS))
@pytest.mark.parametrize("seed", [0, 9])
def test_fixed_seed_is_reproducible(method: str, seed: int) -> None:
    p = _problem(PUZZLES4[3])
    a = RUNNERS[method](p, SolveOptions(seed=seed, itermax=300))
    b = RUNNERS[method](p, SolveOptions(seed=seed, itermax=300))
    assert (a.status, a.solutions, a.stats.attempts) == (b.status, b.solutions, b.stats.attempts)
    assert getattr(a, "seed", None) == seed


def test_seed_none_reports_a_seed_that_replays() -> None:
    p = _problem(PUZZLES4[0])
    first = RUNNERS["greedy-mrv-random"](p, SolveOptions(seed=None, itermax=300))
    seed = getattr(first, "seed", None)
    assert isinstance(seed, int)
    again = RUNNERS["greedy-mrv-random"](p, SolveOptions(seed=seed, itermax=300))
    assert (again.solutions, again.stats.attempts) == (first.solutions, first.stats.attempts)


@pytest.mark.parametrize("method", list(RUNNERS))
@pytest.mark.parametrize(("line", "itermax"), [(UNSAT4, 1), (UNSAT4, 37), (HARD9, 5)])
def test_unfinishable_grid_stops_after_exactly_itermax(
    method: str, line: str, itermax: int
) -> None:
    p = _problem(line)
    result = RUNNERS[method](p, SolveOptions(seed=3, itermax=itermax))
    assert (result.status, result.reason, result.solutions) == ("stopped", "itermax", [])
    assert result.stats.attempts == itermax
    # and it really made itermax attempts: the generator moved as far as itermax single ones
    rng = random.Random(3)
    variant = VARIANTS[list(RUNNERS).index(method)]
    for _ in range(itermax):
        assert nsi_attempt(p.graph, p.k, p.precolouring, variant, rng) is None
    replay = random.Random(3)
    nsi_greedy(p.graph, p.k, p.precolouring, variant, itermax, replay)
    assert replay.getstate() == rng.getstate()


def test_every_variant_works_on_a_graph_without_houses() -> None:
    g = petersen_graph()
    for variant in VARIANTS:
        _, coloring = nsi_greedy(g, 3, (0,) * 10, variant, 500, random.Random(8))
        assert coloring is not None and is_proper_coloring(g, coloring, 3)


def test_bad_arguments_raise() -> None:
    g = sudoku_graph(2)
    with pytest.raises(InvalidArgument, match="unknown greedy variant"):
        nsi_greedy(g, 4, (0,) * 16, "mrv-fancy", 3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="entries"):
        nsi_greedy(g, 4, (0,) * 15, "greedy", 3)
    with pytest.raises(InvalidArgument, match="unknown greedy order"):
        greedy_color(g, "welsh")


# -- greedy colouring of any graph ---------------------------------------------------------------
@st.composite
def graphs(draw: st.DrawFn) -> Graph:
    n = draw(st.integers(0, 25))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    p = draw(st.floats(0.0, 1.0))
    seed = draw(st.integers(0, 2**16))
    rng = random.Random(seed)
    return Graph.from_edges(n, [e for e in pairs if rng.random() < p])


@settings(max_examples=150, deadline=None)
@given(graphs(), st.sampled_from(ORDERS), st.integers(0, 100))
def test_greedy_colorings_are_proper(g: Graph, order: str, seed: int) -> None:
    # a seed only for the order that draws random numbers (the others refuse one)
    result = greedy_color(g, order, seed=seed if order == "random-sequential" else None)
    assert is_proper_coloring(g, result.coloring, result.colors)
    assert set(result.coloring) == set(range(1, result.colors + 1))
    max_degree = max((len(nb) for nb in g.neighbors), default=-1)
    assert result.colors <= max_degree + 1


@settings(max_examples=150, deadline=None)
@given(graphs())
def test_smallest_last_uses_at_most_degeneracy_plus_one(g: Graph) -> None:
    order = order_smallest_last(g)
    assert sorted(order) == list(range(g.n))
    # in a smallest-last order no vertex has more earlier neighbours than the degeneracy
    position = {v: i for i, v in enumerate(order)}
    earlier = max(
        (sum(position[u] < position[v] for u in g.neighbors[v]) for v in order), default=0
    )
    degeneracy = max(nx.core_number(g.to_networkx()).values(), default=0)
    assert earlier == degeneracy
    assert greedy_color(g, "smallest-last").colors <= degeneracy + 1


@settings(max_examples=100, deadline=None)
@given(graphs(), st.integers(1, 6), st.integers(0, 2**16), st.sampled_from(VARIANTS))
def test_nsi_colorings_are_solutions_on_random_graphs(
    g: Graph, k: int, seed: int, variant: Variant
) -> None:
    rng = random.Random(seed)
    pre = [0] * g.n
    for v in rng.sample(range(g.n), g.n // 3):
        free = [c for c in range(1, k + 1) if all(pre[u] != c for u in g.neighbors[v])]
        pre[v] = rng.choice(free) if free else 0
    problem = Problem(g, k, tuple(pre))
    attempts, coloring = nsi_greedy(g, k, problem.precolouring, variant, 20, rng)
    assert 1 <= attempts <= 20
    if coloring is None:
        assert attempts == 20
    else:
        assert is_solution(problem, coloring)


def _nx_coloring(g: Graph, strategy: Any) -> tuple[int, ...]:
    colours = nx.greedy_color(g.to_networkx(), strategy)
    return tuple(colours[v] + 1 for v in range(g.n))


def _nx_random_sequential(seed: int) -> Any:
    def strategy(graph: nx.Graph, colors: dict[int, int]) -> Any:
        return nx.coloring.strategy_random_sequential(graph, colors, seed)

    return strategy


@settings(max_examples=150, deadline=None)
@given(graphs(), st.integers(0, 1000))
def test_orders_match_networkx_on_random_graphs(g: Graph, seed: int) -> None:
    assert greedy_color(g, "dsatur").coloring == _nx_coloring(g, "DSATUR")
    assert greedy_color(g, "largest-first").coloring == _nx_coloring(g, "largest_first")
    shuffled = greedy_color(g, "random-sequential", seed=seed).coloring
    assert shuffled == _nx_coloring(g, _nx_random_sequential(seed))


@pytest.mark.filterwarnings("ignore::sudograph.formats.dimacs.SelfLoopWarning")
@pytest.mark.parametrize("path", DIMACS, ids=[p.stem for p in DIMACS])
def test_dsatur_and_largest_first_match_networkx_on_dimacs(path: Path) -> None:
    g = read_dimacs(path)
    for order, strategy in (("dsatur", "DSATUR"), ("largest-first", "largest_first")):
        ours = greedy_color(g, order)
        assert is_proper_coloring(g, ours.coloring)
        theirs = _nx_coloring(g, strategy)
        assert ours.colors == max(theirs)
        assert ours.coloring == theirs


@pytest.mark.parametrize("order", ORDERS)
def test_sudoku_graph_and_petersen(order: str) -> None:
    for g, least in ((sudoku_graph(3), 9), (petersen_graph(), 3)):
        result = greedy_color(g, order, seed=1 if order == "random-sequential" else None)
        assert is_proper_coloring(g, result.coloring) and result.colors >= least
        assert result.order == order and result.seconds >= 0


def test_dsatur_is_optimal_on_bipartite_graphs() -> None:
    """Brélaz's theorem: DSATUR colours every bipartite graph with 2 colours."""
    rng = random.Random(5)
    for _ in range(30):
        a, b = rng.randint(1, 12), rng.randint(1, 12)
        edges = [(u, a + v) for u in range(a) for v in range(b) if rng.random() < 0.4]
        g = Graph.from_edges(a + b, edges)
        assert greedy_color(g, "dsatur").colors <= 2


@pytest.mark.parametrize("version", ["moins", "plus", "hasard"])
def test_the_method_registry_names_the_seed_version_each_method_runs(version: str) -> None:
    """The registry's seed label of ``greedy-mrv-*`` quotes the document's ``version`` that
    the method runs (:data:`DOCUMENT_VERSIONS`: the document's 'moins' keeps the most
    uncoloured neighbours, sic), not the one its name suggests."""
    from sudograph.methods import METHODS
    from sudograph.search.greedy import DOCUMENT_VERSIONS

    method = METHODS["greedy-" + DOCUMENT_VERSIONS[version]]
    assert method.seed.endswith(f"_tri(version='{version}')")
