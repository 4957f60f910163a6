"""The chromatic portfolio (issue 14): bounds, Mycielski cores, TabuCol, SAT rounds, progress."""

from __future__ import annotations

import itertools
import random
import time
import warnings
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.cli import main
from sudograph.formats.dimacs import read_dimacs
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.problem import is_proper_coloring
from sudograph.search.bounds import (
    cliques_of_size,
    degeneracy,
    dsatur_coloring,
    max_clique,
    mycielski_core,
    mycielski_parent,
    tabucol,
)
from sudograph.search.chromatic import Bounds, chromatic_number
from sudograph.search.sat import sat_available

GRAPHS = Path(__file__).parent / "data" / "graphs"
SAT = pytest.mark.skipif(not sat_available(), reason="python-sat (extra sat) not installed")

# χ of the shipped DIMACS instances (tests/data/README.md), all proved
KNOWN = {
    "myciel3": 4,
    "myciel4": 5,
    "myciel5": 6,
    "1-FullIns_3": 4,
    "2-Insertions_3": 4,
    "mug88_1": 4,
    "queen5_5": 5,
    "queen6_6": 7,
    "DSJC125.1": 5,
    "huck": 11,
    "jean": 10,
    "david": 11,
    "anna": 11,
    "games120": 9,
    "miles250": 8,
    "homer": 13,
}
PURE_TOO = {"myciel3", "myciel4", "myciel5", "1-FullIns_3", "queen5_5", "huck", "jean"}
"""Instances the pure-Python steps (no SAT) also prove within a second or so."""


def load(name: str) -> Graph:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # homer has a self-loop, dropped with a warning
        graph: Graph = read_dimacs(GRAPHS / f"{name}.col")
    return graph


def mycielskian(g: Graph) -> Graph:
    """M(g): vertices 0..n-1 as g, n..2n-1 the copies, 2n the root."""
    n = g.n
    edges = list(g.edges())
    edges += [(n + u, v) for u, v in g.edges()] + [(n + v, u) for u, v in g.edges()]
    edges += [(2 * n, n + i) for i in range(n)]
    return Graph.from_edges(2 * n + 1, edges)


def check_history(r: object) -> None:
    history: tuple[Bounds, ...] = r.history  # type: ignore[attr-defined]
    lows = [b.lower for b in history]
    ups = [b.upper for b in history if b.upper]
    assert lows == sorted(lows) and ups == sorted(ups, reverse=True)
    assert all(a.seconds <= b.seconds for a, b in itertools.pairwise(history))


@pytest.mark.parametrize(
    ("name", "use_sat"),
    [pytest.param(n, True, marks=SAT) for n in sorted(KNOWN)]
    + [(n, False) for n in sorted(PURE_TOO)],
)
def test_known_chi(name: str, use_sat: bool) -> None:
    g = load(name)
    r = chromatic_number(g, timeout=30, use_sat=use_sat)
    chi = KNOWN[name]
    assert r.proven and r.chromatic_number == r.lower_bound == r.upper_bound == chi
    assert is_proper_coloring(g, r.coloring, chi) and max(r.coloring) == chi
    assert r.lower_by and r.upper_by
    check_history(r)
    if not use_sat:
        assert r.conflicts == 0


@pytest.mark.parametrize(
    ("name", "lower_by"),
    [
        ("myciel5", "mycielski"),
        ("queen5_5", "clique"),
        ("mug88_1", "sat: no 3-colouring"),
        ("petersen", "odd cycle"),
        ("anti-C7", "branch and bound"),
    ],
)
def test_the_step_that_proved_it(name: str, lower_by: str) -> None:
    if lower_by.startswith("sat") and not sat_available():
        pytest.skip("python-sat not installed")
    graphs = {"petersen": petersen_graph, "anti-C7": lambda: complement_of_cycle(7)}
    r = chromatic_number(graphs[name]() if name in graphs else load(name))
    assert r.lower_by.startswith(lower_by), r.lower_by


def complement_of_cycle(n: int) -> Graph:
    """The complement of the n-cycle: χ = ceil(n / 2), cliques of floor(n / 2) only, no
    Mycielski structure (for odd n the small-graph branch and bound must prove it, SAT or not).
    """
    return Graph.from_edges(
        n, [(i, j) for i, j in itertools.combinations(range(n), 2) if (j - i) % n not in (1, n - 1)]
    )


@pytest.mark.parametrize("use_sat", [True, False])
@pytest.mark.parametrize("n", [5, 7, 9, 11])
def test_small_graphs_proved_by_branch_and_bound(n: int, use_sat: bool) -> None:
    if use_sat and not sat_available():
        pytest.skip("python-sat not installed")
    r = chromatic_number(complement_of_cycle(n), use_sat=use_sat)
    assert r.proven and r.chromatic_number == (n + 1) // 2
    assert is_proper_coloring(complement_of_cycle(n), r.coloring, r.chromatic_number)


@settings(max_examples=40)
@given(st.integers(0, 10**6), st.integers(3, 9), st.floats(0.2, 0.8))
def test_sat_and_pure_agree(seed: int, n: int, p: float) -> None:
    rng = random.Random(seed)
    pairs = itertools.combinations(range(n), 2)
    g = Graph.from_edges(n, [e for e in pairs if rng.random() < p])
    pure = chromatic_number(g, use_sat=False)
    assert pure.proven and is_proper_coloring(g, pure.coloring, pure.chromatic_number)
    if sat_available():
        r = chromatic_number(g, use_sat=True, seed=seed)
        assert r.proven and r.chromatic_number == pure.chromatic_number
    ref = nx.Graph(list(g.edges()))
    ref.add_nodes_from(range(n))
    omega = max((len(c) for c in nx.find_cliques(ref)), default=0)
    assert len(max_clique(g)) == omega
    assert degeneracy(g) == max(nx.core_number(ref).values(), default=0)


@pytest.mark.parametrize(
    "base",
    [
        Graph.from_edges(2, [(0, 1)]),
        Graph.from_edges(5, [(i, (i + 1) % 5) for i in range(5)]),
        petersen_graph(),
        Graph.from_edges(4, list(itertools.combinations(range(4), 2))),
    ],
)
def test_mycielski_law(base: Graph) -> None:
    """χ(M(H)) = χ(H) + 1, and the parent found is H (same size, same degrees)."""
    m = mycielskian(base)
    parent = mycielski_parent(m)
    assert parent is not None and parent.n == base.n
    assert sorted(map(len, parent.neighbors)) == sorted(map(len, base.neighbors))
    assert chromatic_number(m).chromatic_number == chromatic_number(base).chromatic_number + 1
    depth, _ = mycielski_core(mycielskian(m))
    assert depth >= 2


@pytest.mark.parametrize("g", [sudoku_graph(2), petersen_graph(), load("queen5_5")])
def test_not_mycielskian(g: Graph) -> None:
    assert mycielski_parent(g) is None and mycielski_core(g)[0] == 0


def test_full_cliques_are_houses() -> None:
    qs = cliques_of_size(sudoku_graph(3), 9)
    assert len(qs) == 27 and all(len(q) == 9 for q in qs)
    g = load("queen6_6")
    for q in cliques_of_size(g, 6):
        assert all(g.has_edge(u, v) for u, v in itertools.combinations(q, 2))


@pytest.mark.parametrize(("name", "k"), [("queen6_6", 7), ("DSJC125.1", 6), ("myciel5", 6)])
def test_tabucol(name: str, k: int) -> None:
    g = load(name)
    c = tabucol(g, k, dsatur_coloring(g), seed=3, max_iterations=50_000)
    assert c is not None and is_proper_coloring(g, c, k)
    assert tabucol(g, 2, seed=3, max_iterations=2000) is None  # below χ: never proper


def test_progress_lines_are_the_history() -> None:
    seen: list[Bounds] = []
    r = chromatic_number(load("myciel4"), progress=seen.append)
    assert tuple(seen) == r.history and seen[-1].lower == seen[-1].upper == 5
    assert seen[0].line().startswith("[") and "<= chi <=" in seen[0].line()


@pytest.mark.alone
@pytest.mark.parametrize("use_sat", [pytest.param(True, marks=SAT), False])
def test_timeout_overshoot(use_sat: bool) -> None:
    rng = random.Random(7)
    g = Graph.from_edges(
        90, [e for e in itertools.combinations(range(90), 2) if rng.random() < 0.5]
    )
    start = time.perf_counter()
    r = chromatic_number(g, timeout=0.5, use_sat=use_sat)
    elapsed = time.perf_counter() - start
    assert elapsed <= 0.5 * 1.5 + 0.2, elapsed
    assert r.lower_bound <= r.upper_bound and is_proper_coloring(g, r.coloring, r.upper_bound)


def test_cli_progress(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chromatic", str(GRAPHS / "myciel4.col"), "--progress"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0] == "chromatic number: 5"
    assert out.splitlines()[1].startswith("lower bound 5 by mycielski")
    assert err.splitlines()[-1].endswith("5 <= chi <= 5 (mycielski: 3 x M(H), chi(H) >= 2)")
    argv = ["chromatic", str(GRAPHS / "1-FullIns_3.col"), "--method", "pure", "--json"]
    assert main(argv) == 0
    assert '"lower_by": "branch and bound"' in capsys.readouterr().out
