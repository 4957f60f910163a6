"""``color(graph, k)`` with no method named: what the command line's ``color`` does (``sat``
with python-sat), and that path given what ``chromatic_number`` knows (a QA pass on default
paths: ``color -k 9`` on queen9_9, ``-k 6`` on myciel6 and ``-k 18`` on DSJC125.5 ran for
minutes where ``chromatic`` answered in a second; ``color(g, k)`` in Python ran DSATUR's
search, 53× slower than ``sat`` on queen8_8)."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

import pytest

from sudograph.formats.dimacs import read_dimacs
from sudograph.graph import Graph, petersen_graph
from sudograph.problem import is_proper_coloring

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("pysat") is None, reason="needs the sat extra (python-sat)"
)

GRAPHS = Path(__file__).parent / "data" / "graphs"
solve_module = importlib.import_module("sudograph.solve")  # (the package's solve is a function)
color = solve_module.color


def graph(name: str) -> Graph:
    return read_dimacs(GRAPHS / name)


def test_the_default_method_is_sat_as_on_the_command_line() -> None:
    assert color(petersen_graph(), 3).method == "sat"
    assert color(petersen_graph(), 3, "dsatur").method == "dsatur"


@pytest.mark.parametrize(("name", "chi"), [("myciel4.col", 5), ("myciel5.col", 6)])
def test_a_mycielski_graph_below_its_chromatic_number_is_refused_by_its_bound(
    name: str, chi: int
) -> None:
    g = graph(name)
    refused = solve_module._refuted_by_bound(g, chi - 1, None)
    assert refused is not None and refused.status == "unsatisfiable" and refused.complete
    assert solve_module._refuted_by_bound(g, chi, None) is None  # not below: no proof
    result = color(g, chi - 1)
    assert (result.status, result.complete, result.count) == ("unsatisfiable", True, 0)
    found = color(g, chi)
    assert found.status == "solved" and is_proper_coloring(g, found.solution, chi)


def test_a_graph_that_is_no_mycielskian_gets_no_such_proof() -> None:
    assert solve_module._refuted_by_bound(graph("queen5_5.col"), 4, None) is None


def test_the_k_cliques_become_houses() -> None:
    g = graph("queen6_6.col")  # its 6 rows and 6 columns are 6-cliques (found greedily)
    housed = solve_module._with_clique_houses(g, 6, None)
    new = set(housed.houses) - set(g.houses)
    assert len(new) >= 12
    assert all(v in g.neighbors[u] for h in new for u in h for v in h if u != v)  # cliques
    assert housed.neighbors == g.neighbors  # the same graph, the same colourings
    assert solve_module._with_clique_houses(g, 2, None) is g  # nothing to add below 3


@pytest.mark.parametrize(
    ("name", "k", "status"),
    [("queen6_6.col", 6, "unsatisfiable"), ("queen6_6.col", 7, "solved"),
     ("queen5_5.col", 5, "solved"), ("queen5_5.col", 4, "unsatisfiable")],
)  # fmt: skip
def test_queen_graphs_are_decided(name: str, k: int, status: str) -> None:
    g = graph(name)
    result = color(g, k)
    assert result.status == status
    if status == "solved":
        assert is_proper_coloring(g, result.solution, k)


def test_tabucol_steps_down_one_colour_at_a_time() -> None:
    g = graph("DSJC125.1.col")  # chi = 5; DSATUR alone needs more
    found = solve_module._heuristic_colouring(g, 5, None)
    assert found is not None and found.stats.engine == "dsatur+tabucol"
    assert is_proper_coloring(g, found.solution, 5)


def test_the_bound_of_a_mycielskian_gets_a_second_at_most(monkeypatch: pytest.MonkeyPatch) -> None:
    """H may be a hard graph (M(DSJC125.5)): its bounds so far, not its chromatic number."""
    from sudograph.search import chromatic

    seen: list[float | None] = []
    real = chromatic.chromatic_number

    def spy(graph: Graph, timeout: float | None = None, **kw: object) -> object:
        seen.append(timeout)
        return real(graph, timeout)

    monkeypatch.setattr(chromatic, "chromatic_number", spy)
    solve_module._refuted_by_bound(graph("myciel4.col"), 4, None)
    solve_module._refuted_by_bound(graph("myciel4.col"), 4, 5.0)
    assert seen == [solve_module.BOUND_SECONDS, 0.5]
