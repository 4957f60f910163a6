"""Golden tests of sudograph.fr.coloration_graphe (seed 002, GC and GC_BIS): figures 3, 5, 6, 9, 11.

The expected texts are copied from the report (its "ALGORITHM STEPS" listings, figure 9's output
with the timings masked, figure 11's solution).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sudograph.errors import InvalidArgument, InvalidPuzzle
from sudograph.fr import coloration_graphe as gc
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.problem import is_proper_coloring
from sudograph.solve import solve

SEEDS = Path(__file__).parent / "data" / "seeds"  # the figures as the seed prints them

PETERSEN_3 = [1, 2, 1, 2, 3, 2, 1, 3, 3, 2]  # figures 3, 4 and 6


@pytest.mark.parametrize(
    ("K", "bis", "figure"),
    [(3, False, "FIGURE_3"), (2, False, "FIGURE_5"), (3, True, "FIGURE_6")],
)
def test_algorithm_steps_are_the_reports(K, bis, figure):
    assert gc.algorithm_steps(K, bis=bis) == globals()[figure]


@pytest.mark.parametrize(
    ("function", "figure"),
    [
        (gc.graph_coloring, "FIGURE_3"),
        (gc.graph_coloring_bis, "FIGURE_6"),
    ],
)
def test_etapes_prints_the_figure(function, figure, capsys):
    assigned = [0] * 10
    assert function(3, assigned, etapes=True) is True
    assert capsys.readouterr().out == globals()[figure] + "\n"
    assert assigned == PETERSEN_3


@pytest.mark.parametrize("function", [gc.graph_coloring, gc.graph_coloring_bis])
@pytest.mark.parametrize(("K", "found"), [(1, False), (2, False), (3, True), (4, True)])
def test_petersen_colourings(function, K, found, capsys):
    assigned = [0] * 10
    assert function(K, assigned) is found
    out = capsys.readouterr().out
    assert out == ("Solution exists and it's found.\n" if found else "Solution doesn't exist.\n")
    if found:
        assert is_proper_coloring(petersen_graph(), assigned, K)
    else:
        assert assigned == [0] * 10


def test_gc_and_gc_bis_give_the_same_petersen_colouring(capsys):
    a, b = [0] * 10, [0] * 10
    gc.graph_coloring(3, a)
    gc.graph_coloring_bis(3, b)
    assert a == b == PETERSEN_3


def test_good_to_take():
    assigned = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    assert [gc.good_to_take(v, 1, 3, assigned) for v in range(1, 10)] == [
        v not in petersen_graph().neighbors[0] for v in range(1, 10)
    ]
    with pytest.raises(InvalidArgument):
        gc.good_to_take(10, 1, 3, assigned)
    with pytest.raises(InvalidArgument):
        gc.good_to_take(0, 4, 3, assigned)


def test_sort_by_available_colours_matches_figure_6_nodes_lines():
    # each "nodes = ..." line of figure 6 is the sort after the assignment above it
    lines = FIGURE_6.splitlines()
    checked = 0
    for i, line in enumerate(lines):
        if line.startswith("nodes = "):
            assigned = [int(x) for x in lines[i - 1].split("=")[1].split()]
            expected = [int(x) for x in line.split("=")[1].split()]
            assert gc.sort_by_available_colours(3, assigned, petersen_graph()) == expected
            checked += 1
    assert checked == 9


def test_any_graph_and_precolouring():
    triangle = Graph.from_edges(3, [(0, 1), (1, 2), (0, 2)])
    assigned = [0, 3, 0]
    assert gc.graph_coloring(3, assigned, triangle) is True
    assert assigned[1] == 3 and is_proper_coloring(triangle, assigned, 3)
    with pytest.raises(InvalidPuzzle):
        gc.graph_coloring(3, [1, 1, 0], triangle)


def test_gc_bis_steps_on_failure_show_the_backtracks():
    text = gc.algorithm_steps(2, bis=True)
    assert "try_graph_coloring_BIS didn't work" in text
    assert text.endswith("Solution doesn't exist.\n" + "  ".join(["0"] * 10) + "\n" + gc.FIN)


def test_sudoku_adaptation_section_3_2():
    """GC with precoloured vertices on the Sudoku graph: the colouring keeps the clues."""
    g = Grid.parse(gc.FIGURE_9)
    assigned = list(g.values)
    assert gc.graph_coloring(9, assigned, sudoku_graph(3)) is True
    assert Grid.from_lists([assigned[i : i + 9] for i in range(0, 81, 9)]).is_solution_of(g)


def _mask(text):
    return re.sub(r"Sudoku solved in: [0-9.]+s", "Sudoku solved in: ?s", text)


def test_figure_9():
    lines = []
    gc.exemple_figure_9(ecrire_ligne=lines.append)
    assert _mask("\n".join(lines)) == _mask(FIGURE_9)


@pytest.mark.parametrize("bis", [False, True])
def test_figure_9_solution(bis):
    grille = Grid.parse(gc.FIGURE_9).to_lists()
    found, seconds = gc.sudoku_graph_coloring(grille, bis)
    assert found and seconds >= 0
    solved = FIGURE_9.split("Graph_coloring_BIS")[1]
    rows = "\n".join(line for line in solved.splitlines() if line.startswith("|"))
    assert Grid.from_lists(grille) == Grid.parse(rows)


def test_comparer_counts_nodes():
    r = gc.comparer(gc.FIGURE_9)
    assert r["GC"].grid == r["GC_BIS"].grid
    assert r["GC_BIS"].stats.nodes < r["GC"].stats.nodes  # section 3.3: GC_BIS is faster


def test_ultra_expert_solution_figure_11():
    r = solve(Grid.parse(gc.ULTRA_EXPERT), "propagate", limit=2)
    assert len(r.grids) == 1 and r.complete
    assert r.grid == Grid.parse(FIGURE_11.replace("|", " "))


@pytest.mark.slow
def test_ultra_expert_gc_bis():
    grille = Grid.parse(gc.ULTRA_EXPERT).to_lists()
    assert gc.sudoku_graph_coloring(grille, bis=True)[0] is True
    assert Grid.from_lists(grille) == Grid.parse(FIGURE_11.replace("|", " "))


FIGURE_3 = (SEEDS / "seed002_figure_3.txt").read_text()

FIGURE_5 = (SEEDS / "seed002_figure_5.txt").read_text()

FIGURE_6 = (SEEDS / "seed002_figure_6.txt").read_text()

FIGURE_9 = """\
Exemple d'un sudoku de taille 9x9
-----
| 0 4 1 | 0 0 0 | 0 0 0 |
| 3 5 0 | 0 0 0 | 7 0 4 |
| 0 0 0 | 0 0 0 | 8 3 0 |
-----
| 0 0 8 | 3 9 6 | 0 0 0 |
| 0 0 0 | 0 7 0 | 0 0 2 |
| 5 0 0 | 0 0 0 | 0 0 1 |
-----
| 1 0 0 | 0 0 0 | 0 0 3 |
| 0 0 0 | 8 2 9 | 0 6 0 |
| 7 0 0 | 0 6 0 | 0 0 0 |
-----

Graph_coloring
Solution exists and it's found.
Sudoku solved in: 0.059119s
-----
| 8 4 1 | 9 3 7 | 2 5 6 |
| 3 5 9 | 6 8 2 | 7 1 4 |
| 6 2 7 | 4 1 5 | 8 3 9 |
-----
| 2 1 8 | 3 9 6 | 4 7 5 |
| 9 6 4 | 5 7 1 | 3 8 2 |
| 5 7 3 | 2 4 8 | 6 9 1 |
-----
| 1 8 6 | 7 5 4 | 9 2 3 |
| 4 3 5 | 8 2 9 | 1 6 7 |
| 7 9 2 | 1 6 3 | 5 4 8 |
-----

Graph_coloring_BIS
Solution exists and it's found.
Sudoku solved in: 0.006165s
-----
| 8 4 1 | 9 3 7 | 2 5 6 |
| 3 5 9 | 6 8 2 | 7 1 4 |
| 6 2 7 | 4 1 5 | 8 3 9 |
-----
| 2 1 8 | 3 9 6 | 4 7 5 |
| 9 6 4 | 5 7 1 | 3 8 2 |
| 5 7 3 | 2 4 8 | 6 9 1 |
-----
| 1 8 6 | 7 5 4 | 9 2 3 |
| 4 3 5 | 8 2 9 | 1 6 7 |
| 7 9 2 | 1 6 3 | 5 4 8 |
-----"""

FIGURE_11 = """\
| 9 | 8 | 7 | 6 | 5 | 4 | 3 | 2 | 1 |
| 2 | 4 | 6 | 1 | 7 | 3 | 9 | 8 | 5 |
| 3 | 5 | 1 | 9 | 2 | 8 | 7 | 4 | 6 |
| 1 | 2 | 8 | 5 | 3 | 7 | 6 | 9 | 4 |
| 6 | 3 | 4 | 8 | 9 | 2 | 1 | 5 | 7 |
| 7 | 9 | 5 | 4 | 6 | 1 | 8 | 3 | 2 |
| 5 | 1 | 9 | 2 | 8 | 6 | 4 | 7 | 3 |
| 4 | 7 | 2 | 3 | 1 | 9 | 5 | 6 | 8 |
| 8 | 6 | 3 | 7 | 4 | 5 | 2 | 1 | 9 |"""


# -- QA fixes: the figure 9 grid in every form, the seed's names, the Compteur -------------------

FORMES_FIGURE_9 = {
    "texte": lambda: gc.FIGURE_9,
    "Grid": lambda: Grid.parse(gc.FIGURE_9),
    "listes": lambda: Grid.parse(gc.FIGURE_9).to_lists(),
    "tuples": lambda: tuple(tuple(r) for r in Grid.parse(gc.FIGURE_9).to_lists()),
}


@pytest.mark.parametrize("forme", list(FORMES_FIGURE_9))
def test_afficher_grille_takes_every_form(forme):
    """QA: afficher_grille(FIGURE_9) printed the characters of the text as rows."""
    grille = FORMES_FIGURE_9[forme]()
    depart = FIGURE_9.split("\n\nGraph_coloring")[0].split("\n", 1)[1]
    assert gc.afficher_grille(grille) == depart


@pytest.mark.parametrize("forme", list(FORMES_FIGURE_9))
def test_exemple_figure_9_takes_every_form(forme):
    lines = []
    gc.exemple_figure_9(FORMES_FIGURE_9[forme](), ecrire_ligne=lines.append)
    assert _mask("\n".join(lines)) == _mask(FIGURE_9)


@pytest.mark.parametrize("bis", [False, True])
@pytest.mark.parametrize("forme", list(FORMES_FIGURE_9))
def test_sudoku_graph_coloring_takes_every_form(forme, bis):
    """A list of lists is filled in place; a text, a Grid or tuple rows on a copy."""
    grille = FORMES_FIGURE_9[forme]()
    avant = grille if forme != "listes" else [r[:] for r in grille]
    compteur = gc.Compteur()
    trouve, secondes = gc.sudoku_graph_coloring(grille, bis, compteur=compteur)
    assert trouve is True and secondes >= 0
    assert compteur.statut == "solved" and compteur.noeuds > 0 and compteur.secondes >= 0
    solved = FIGURE_9.split("Graph_coloring_BIS")[1]
    rows = "\n".join(line for line in solved.splitlines() if line.startswith("|"))
    if forme == "listes":
        assert Grid.from_lists(grille) == Grid.parse(rows) != Grid.from_lists(avant)
    else:
        assert grille == avant


def test_the_ultra_expert_constant_is_accepted():
    r = gc.comparer(gc.ULTRA_EXPERT, max_nodes=50)
    assert r["GC"].status == "stopped" and r["GC"].stats.nodes == 50
    assert gc.afficher_grille(gc.ULTRA_EXPERT).splitlines()[1] == "| 0 0 0 | 0 0 0 | 0 0 0 |"


# the seed's names (section 2.1, 2.2)


def test_seed_spelling_graph_coloring_BIS_is_the_same_function(capsys):
    assert gc.graph_coloring_BIS is gc.graph_coloring_bis
    assigned = [0] * 10
    assert gc.graph_coloring_BIS(3, assigned, etapes=True) is True
    assert capsys.readouterr().out == FIGURE_6 + "\n"
    assert assigned == PETERSEN_3


@pytest.mark.parametrize("K", [1, 2, 3, 4])
def test_try_graph_coloring_is_gc_without_the_message(K, capsys):
    a, b = [0] * 10, [0] * 10
    found = gc.graph_coloring(K, a)
    capsys.readouterr()
    assert gc.try_graph_coloring(0, K, b) is found
    assert capsys.readouterr().out == ""  # only graph_coloring prints
    assert a == b
    if not found:
        assert b == [0] * 10  # figure 5 ends on "0  0  0 ...": every colour taken back


def test_try_graph_coloring_from_a_later_node():
    """Section 3.2: coloured vertices are kept; the free ones before ``node`` are not looked at."""
    assigned = [1, 2, 1, 2, 3, 0, 0, 0, 0, 0]  # figure 3 after "node = 4"
    assert gc.try_graph_coloring(5, 3, assigned) is True and assigned == PETERSEN_3
    assigned = [0, 0, 1, 2, 3, 0, 0, 0, 0, 0]
    assert gc.try_graph_coloring(5, 3, assigned) is True
    assert assigned[:5] == [0, 0, 1, 2, 3] and all(assigned[5:])
    g = petersen_graph()
    assert all(assigned[u] != assigned[v] for u in range(10) for v in g.neighbors[u] if assigned[u])
    assigned = [1, 2, 1, 2, 3, 2, 1, 3, 3, 2]
    assert gc.try_graph_coloring(10, 3, assigned) is True  # node == N: nothing left
    assert gc.try_graph_coloring(10, 3, [0] * 10) is True  # as in the C++, nothing looked at
    with pytest.raises(InvalidPuzzle):
        gc.try_graph_coloring(5, 3, [1, 1] + [0] * 8)


def _figure_6_steps():
    """(assigned before the step's sort, the nodes line) for each "nodes = ..." of figure 6."""
    lines = FIGURE_6.splitlines()
    return [
        (
            [int(x) for x in lines[i - 1].split("=")[1].split()],
            [int(x) for x in line.split("=")[1].split()],
        )
        for i, line in enumerate(lines)
        if line.startswith("nodes = ")
    ]


@pytest.mark.parametrize(("assigned", "expected"), _figure_6_steps())
def test_sort_by_available_colours_seed_form_fills_nodes_and_col(assigned, expected):
    nodes, col = [99], []
    assert gc.sort_by_available_colours(3, nodes, col, assigned) is None  # void
    assert nodes == expected
    assert len(col) == 10
    for v in nodes:
        assert col[v] == (len(col[v][1]), gc.available_colours(v, 3, assigned))
    assert [col[v][0] for v in nodes] == sorted(col[v][0] for v in nodes)
    # the old form still works and agrees
    assert gc.sort_by_available_colours(3, assigned, petersen_graph()) == expected


def test_cols_and_init():
    col = [(0, [])] * 10
    gc.cols(1, 3, col, [1] + [0] * 9)
    assert col[1] == (2, [2, 3]) and col[0] == (0, [])
    col = []
    gc.Init(3, col, [1] + [0] * 9)
    assert col == [(3, [1, 2, 3])] + [
        (2, [2, 3]) if v in petersen_graph().neighbors[0] else (3, [1, 2, 3]) for v in range(1, 10)
    ]


def _graph_coloring_BIS_du_rapport(K, assigned, compteur=None):
    """The body of the report's ``graph_coloring_BIS``, line for line, with the seed names."""
    nodes, col = [], []
    gc.sort_by_available_colours(K, nodes, col, assigned)
    node = nodes[0] if nodes else 0
    return gc.try_graph_coloring_BIS(
        node, K, nodes, col, assigned, 10 - len(nodes), compteur=compteur
    ), nodes


@pytest.mark.parametrize("K", [1, 2, 3, 4])
def test_try_graph_coloring_BIS_is_gc_bis(K, capsys):
    a, b = [0] * 10, [0] * 10
    found = gc.graph_coloring_BIS(K, a, compteur=(mine := gc.Compteur()))
    capsys.readouterr()
    theirs = gc.Compteur()
    ok, nodes = _graph_coloring_BIS_du_rapport(K, b, theirs)
    assert ok is found and a == b and capsys.readouterr().out == ""
    assert (theirs.noeuds, theirs.retours, theirs.statut) == (
        mine.noeuds,
        mine.retours,
        mine.statut,
    )
    if found:
        assert nodes == [] and is_proper_coloring(petersen_graph(), b, K)
    else:
        assert b == [0] * 10 and nodes == list(range(10))


def test_try_graph_coloring_BIS_when_everything_is_coloured():
    assigned = PETERSEN_3[:]
    assert gc.try_graph_coloring_BIS(0, 3, [], [], assigned, 10) is True  # colored_node == N
    assert assigned == PETERSEN_3


# the Compteur: nodes and backtracks are the figures' own lines


@pytest.mark.parametrize(
    ("function", "K", "figure", "noeuds", "retours"),
    [
        (gc.graph_coloring, 3, "FIGURE_3", "assigned_colours = ", gc.ECHEC),
        (gc.graph_coloring, 2, "FIGURE_5", "assigned_colours = ", gc.ECHEC),
        (gc.graph_coloring_bis, 3, "FIGURE_6", "      color = ", "didn't work"),
    ],
)
def test_gc_reports_the_work_its_figure_shows(function, K, figure, noeuds, retours, capsys):
    text = globals()[figure]
    compteur = gc.Compteur()
    function(K, [0] * 10, etapes=True, compteur=compteur)
    assert capsys.readouterr().out == text + "\n"
    assert compteur.trace == text.splitlines()
    assert compteur.noeuds == text.count(noeuds)
    assert compteur.retours == text.count(retours)
    assert compteur.statut == ("solved" if K == 3 else "unsatisfiable")
    assert compteur.secondes >= 0  # the report: "0.000483 secondes" (figure 3)
    function(K, [0] * 10, compteur=compteur)
    assert compteur.trace == [] and compteur.noeuds == text.count(noeuds)


def test_comparer_is_results_with_a_status():
    r = gc.comparer(gc.FIGURE_9, max_nodes=5)
    assert {nom: res.status for nom, res in r.items()} == {"GC": "stopped", "GC_BIS": "stopped"}
