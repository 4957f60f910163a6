"""Graph-colouring faults found by QA: the chromatic portfolio's SAT slices, the bounds phase
under a deadline, colourings above 64 colours (color, draw), Graph's input checks, Ctrl-C
before any colouring, and the wording of a search that was stopped."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from sudograph.cli import main
from sudograph.errors import InvalidArgument
from sudograph.formats.dimacs import MAX_VERTICES
from sudograph.graph import Graph, petersen_graph
from sudograph.problem import is_proper_coloring
from sudograph.search import chromatic as chromatic_module
from sudograph.search.bounds import dsatur_coloring, max_clique
from sudograph.search.chromatic import AN_EDGE, NO_COLOURING, chromatic_number
from sudograph.search.greedy import greedy_color
from sudograph.solve import color


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def complete_plus_sparse(q: int, n: int, m: int, seed: int = 1) -> Graph:
    """K_q on vertices 0..q-1 beside a random sparse graph of m edges on the others."""
    rng = random.Random(seed)
    edges = set(combinations(range(q), 2))
    while len(edges) < q * (q - 1) // 2 + m:
        u, v = sorted(rng.sample(range(q, n), 2))
        edges.add((u, v))
    return Graph.from_edges(n, sorted(edges))


def write_col(path: Path, graph: Graph) -> str:
    lines = [f"p edge {graph.n} {graph.num_edges}"]
    lines += [f"e {u + 1} {v + 1}" for u, v in graph.edges()]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


# -- 1. the chromatic portfolio's SAT slices --------------------------------------------------


def test_coloring_sat_slices_reach_cadicals_long_stable_phase() -> None:
    """ColoringSat runs CaDiCaL's default options, whose stable mode (where colourings are
    found) comes in phases of 2,000, 8,000, ... conflicts from the start of each call: slices
    capped at method sat's slice_cap (about 7,000 on a formula of DSJR500.1's 47,000 clauses)
    never reached the second one, and DSJR500.1 and le450_15a were no longer proven."""
    from sudograph.search.sat import ColoringSat

    g = complete_plus_sparse(13, 500, 3500)  # K13 with 12 colours: a hopeless pigeonhole
    s = ColoringSat(g, 12)
    sizes: list[int] = []
    solver = s._slicer.solver
    real = solver.conf_budget
    solver.conf_budget = lambda n: (sizes.append(n), real(n))[1]
    try:
        assert solver.nof_clauses() > 40_000
        assert s.colorable(12, max_conflicts=40_000) is None
    finally:
        s.close()
    assert sizes[:5] == [1000, 2000, 4000, 8000, 16000], sizes


# -- 2. the bounds phase under a deadline -----------------------------------------------------


@pytest.mark.alone
@pytest.mark.parametrize(("n", "chi"), [(0, 0), (1, 1), (200_000, 1)])
def test_an_edgeless_graph_is_one_colour_at_once(n: int, chi: int) -> None:
    g = Graph.from_edges(n, [])
    start = time.perf_counter()
    r = chromatic_number(g, timeout=0.5)
    assert time.perf_counter() - start < 2.0  # the clique search's bitsets took 6 s here
    assert (r.chromatic_number, r.proven, r.lower_bound) == (chi, True, chi)
    assert r.coloring == (1,) * n


@pytest.mark.alone
def test_max_clique_keeps_its_deadline_on_a_large_sparse_graph() -> None:
    rng = random.Random(3)
    n = 60_000
    edges = {tuple(sorted(rng.sample(range(n), 2))) for _ in range(4 * n)}
    g = Graph.from_edges(n, edges)
    start = time.perf_counter()
    clique = max_clique(g, deadline=start + 0.2)
    assert time.perf_counter() - start < 1.2  # one greedy-colouring bound took 2 s
    assert len(clique) >= 2 and all(v in g.neighbors[u] for u, v in combinations(clique, 2))


def test_dsatur_past_its_deadline_still_colours_every_vertex() -> None:
    g = complete_plus_sparse(6, 300, 900)
    coloring = dsatur_coloring(g, deadline=0.0)
    assert is_proper_coloring(g, coloring, max(coloring)) and max(coloring) >= 6


# -- 3 and 4. more than 64 colours ------------------------------------------------------------


def test_color_above_64_tries_dsatur_before_sat() -> None:
    """A 65-colouring that DSATUR finds at once: SAT's formula (over a million clauses here)
    could not even be loaded within the timeout."""
    g = complete_plus_sparse(65, 4000, 20_000)
    r = color(g, 65, "sat", timeout=0.3)
    assert r.status == "solved", r
    assert is_proper_coloring(g, r.solution, 65)


@pytest.mark.parametrize("options", [[], ["--method", "sat", "--colors", "65"]])
def test_draw_colours_a_graph_of_65_colours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str]
) -> None:
    source = write_col(tmp_path / "k65.col", complete_plus_sparse(65, 200, 300))
    out = tmp_path / "k65.svg"
    code, _, err = run(["draw", source, "--svg", str(out), *options], capsys)
    assert (code, err) == (0, "")
    assert out.stat().st_size > 0


# -- 5 and 6. input checks --------------------------------------------------------------------


@pytest.mark.parametrize("n", [MAX_VERTICES + 1, 10**12])
def test_from_edges_refuses_more_vertices_than_dimacs_reads(n: int) -> None:
    with pytest.raises(InvalidArgument, match=f"at most {MAX_VERTICES}, got {n}"):
        Graph.from_edges(n, [])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Graph("ab"), "Graph takes the neighbours of each vertex .* got str"),
        (lambda: Graph(5), "got int; Graph.from_edges"),  # type: ignore[arg-type]
        (lambda: Graph(("ab",)), "vertex 0: its neighbours must be a tuple of vertices"),
        (lambda: Graph(((None,),)), "vertex 0: its neighbours must be a tuple of vertices"),
        (lambda: greedy_color(None, "dsatur"), "greedy_color takes a Graph, got NoneType"),
        (
            lambda: greedy_color(petersen_graph(), "random-sequential", seed="x"),
            "seed must be a whole number",
        ),
        (lambda: chromatic_number(petersen_graph(), use_sat="x"), "use_sat must be None, True"),
        (lambda: chromatic_number(petersen_graph(), use_sat=1), "use_sat must be None, True"),
        (lambda: chromatic_number(petersen_graph(), seed="x"), "seed must be a whole number"),
        (lambda: chromatic_number(petersen_graph(), seed=1.5), "seed must be a whole number"),
        (lambda: chromatic_number(petersen_graph(), float("nan")), "got NaN \\(not a number\\)"),
        (lambda: color(petersen_graph(), 3, timeout=float("nan")), "got NaN \\(not a number\\)"),
    ],
    ids=[
        "Graph-str",
        "Graph-int",
        "Graph-str-neighbours",
        "Graph-None-vertex",
        "greedy-None",
        "greedy-str-seed",
        "chromatic-str-use_sat",
        "chromatic-int-use_sat",
        "chromatic-str-seed",
        "chromatic-float-seed",
        "chromatic-nan-timeout",
        "color-nan-timeout",
    ],
)
def test_bad_arguments_are_refused_by_name(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        call()


# -- 7. Ctrl-C --------------------------------------------------------------------------------


def interrupt(*args: Any, **kwargs: Any) -> Any:
    raise KeyboardInterrupt


def test_ctrl_c_before_any_colouring_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chromatic_module, "dsatur_coloring", interrupt)
    r = chromatic_number(petersen_graph())
    assert r.interrupted and not r.colored and not r.proven
    assert (r.lower_bound, r.lower_by) == (2, AN_EDGE)  # known before DSATUR
    assert (r.upper_bound, r.upper_by) == (10, NO_COLOURING)


def test_ctrl_c_during_the_clique_search_keeps_dsaturs_colouring(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DSATUR runs first (milliseconds): the clique search took 0.65 s on DSJC250.9 in a
    QA pass, and a Ctrl-C in it had no colouring to give."""
    monkeypatch.setattr(chromatic_module, "max_clique", interrupt)
    r = chromatic_number(petersen_graph())
    assert r.interrupted and r.colored and not r.proven
    assert (r.upper_bound, r.upper_by) == (3, "dsatur") and len(r.coloring) == 10


@pytest.mark.parametrize("json_flag", [False, True])
def test_chromatic_cli_interrupted_before_any_colouring(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], json_flag: bool
) -> None:
    monkeypatch.setattr(chromatic_module, "dsatur_coloring", interrupt)
    code, out, err = run(["chromatic", "petersen", *(["--json"] if json_flag else [])], capsys)
    assert code == 130 and "interrupted" in err
    if json_flag:
        doc = json.loads(out)
        assert doc["chromatic_number"] is None and doc["coloring"] is None
        assert (doc["lower_bound"], doc["upper_bound"], doc["proven"]) == (2, 10, False)
    else:
        assert out.splitlines() == [
            "chromatic number: not known (interrupted before any colouring)",
            f"lower bound 2 by {AN_EDGE}; upper bound 10 (the number of vertices)",
        ]


def test_color_above_64_interrupted_says_so_as_the_others(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from sudograph.search import bounds, sat

    g = complete_plus_sparse(70, 80, 20)
    monkeypatch.setattr(bounds, "dsatur_coloring", lambda g, d=None: tuple(range(1, g.n + 1)))
    monkeypatch.setattr(sat.ColoringSat, "colorable", interrupt)
    code, out, err = run(["color", "-k", "70", write_col(tmp_path / "g.col", g)], capsys)
    assert code == 130
    assert out == "70-colouring not found: stopped (interrupted)\n"
    assert err.startswith("sudograph: interrupted after 0 nodes"), err


# -- 8. wording -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["-k", "3", "--method", "naive", "--max-nodes", "1"],
            "3-colouring not found: stopped (node limit)",
        ),
        (["-k", "2"], "no 2-colouring: unsatisfiable"),
    ],
)
def test_a_stopped_search_does_not_read_as_no_colouring(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    code, out, _ = run(["color", "petersen", *argv], capsys)
    assert (code, out) == (1, line + "\n")
