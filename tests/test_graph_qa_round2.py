"""Graph colouring faults found by the second QA pass of graphs: ``color -m sat`` (the default
``auto`` with the sat extra) loading a SAT formula where DSATUR and TabuCol colour the graph at
once, ``chromatic`` silent for minutes on a terminal, ``colour`` not a command, networkx graphs
given where a Graph is taken, and self-loops read three ways."""

from __future__ import annotations

import importlib
import json
import random
import warnings

import pytest

from sudograph.cli import cmd_color, main
from sudograph.errors import InvalidArgument
from sudograph.formats.dimacs import SelfLoopWarning
from sudograph.graph import Graph, petersen_graph
from sudograph.problem import Problem, is_proper_coloring

solve_module = importlib.import_module("sudograph.solve")
pytest.importorskip("pysat")


def random_graph(n: int, p: float, seed: int) -> Graph:
    rng = random.Random(seed)
    return Graph.from_edges(
        n, [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < p]
    )


@pytest.mark.parametrize("k", [40, 44])
def test_sat_colours_a_dense_graph_by_its_heuristics_first(
    monkeypatch: pytest.MonkeyPatch, k: int
) -> None:
    graph = random_graph(300, 0.5, 1)  # DSATUR: 44 colours; TabuCol finds 40 in ms
    from sudograph.search import sat

    def no_solver(*args: object, **kw: object) -> None:
        raise AssertionError("the SAT solver was loaded")

    monkeypatch.setattr(sat, "run", no_solver)
    r = solve_module.color(graph, k, "sat")
    assert r.status == "solved" and r.method == "sat"
    assert is_proper_coloring(graph, r.solution, k)


@pytest.mark.parametrize(("k", "status"), [(2, "unsatisfiable"), (3, "solved")])
def test_sat_still_proves_what_the_heuristics_cannot(k: int, status: str) -> None:
    r = solve_module.color(petersen_graph(), k, "sat")
    assert r.status == status
    if status == "solved":
        assert is_proper_coloring(petersen_graph(), r.solution, k)


def test_a_large_k_gives_a_compact_colouring(capfd: pytest.CaptureFixture[str]) -> None:
    assert main(["color", "petersen", "-k", "65", "--json"]) == 0
    row = json.loads(capfd.readouterr().out)
    assert row["colors"] == 3  # DSATUR's, where the solver's first model used 10 of 65


@pytest.mark.parametrize(
    ("module", "function", "command", "said", "printed"),
    [
        (
            "sudograph.search.chromatic",
            "chromatic_number",
            ["chromatic", "petersen"],
            "still searching after 0.1 s",
            "chromatic number: 3",
        ),
        (
            "sudograph.solve",
            "color",
            ["color", "petersen", "-k", "3", "-m", "dsatur"],
            "still searching for a 3-colouring after 0.1 s",
            "1 2 1 2 3 2 1 3 3 2",
        ),
    ],
)
def test_a_search_says_once_on_a_terminal_that_it_still_searches(
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
    module: str,
    function: str,
    command: list[str],
    said: str,
    printed: str,
) -> None:
    import importlib
    import time

    where = importlib.import_module(module)
    real = getattr(where, function)

    def slow(*args: object, **kw: object) -> object:
        time.sleep(0.5)
        return real(*args, **kw)

    monkeypatch.setattr(where, function, slow)
    monkeypatch.setattr(cmd_color, "NOTE_SECONDS", 0.1)
    monkeypatch.setattr("sys.stderr.isatty", lambda: True, raising=False)
    assert main(command) == 0
    out, err = capfd.readouterr()
    assert printed in out
    assert err.count(said) == 1
    assert "--timeout" in err and "Ctrl-C" in err


@pytest.mark.parametrize(
    "command",
    [
        ["chromatic", "petersen", "--progress"],
        ["chromatic", "petersen", "--timeout", "5"],
        ["color", "petersen", "-k", "3", "--timeout", "5"],
        ["color", "petersen", "-k", "3", "-m", "dsatur", "--max-nodes", "1000"],
    ],
)
def test_no_note_when_the_run_is_bounded_or_shown(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str], command: list[str]
) -> None:
    monkeypatch.setattr(cmd_color, "NOTE_SECONDS", 0.0)
    monkeypatch.setattr("sys.stderr.isatty", lambda: True, raising=False)
    assert main(command) == 0
    assert "still searching" not in capfd.readouterr().err


def test_colour_is_color(capfd: pytest.CaptureFixture[str]) -> None:
    assert main(["colour", "petersen", "-k", "3", "-m", "dsatur"]) == 0
    british = capfd.readouterr().out
    assert main(["color", "petersen", "-k", "3", "-m", "dsatur"]) == 0
    assert british == capfd.readouterr().out


def test_a_networkx_graph_is_named_with_its_conversion() -> None:
    nx = pytest.importorskip("networkx")
    from sudograph.search.chromatic import chromatic_number

    with pytest.raises(InvalidArgument, match=r"networkx.*Graph\.from_networkx"):
        chromatic_number(nx.petersen_graph())
    with pytest.raises(InvalidArgument, match=r"Graph\.from_networkx"):
        solve_module.color(nx.petersen_graph(), 3)


def test_from_networkx_drops_a_self_loop_with_the_dimacs_warning() -> None:
    nx = pytest.importorskip("networkx")
    with pytest.warns(SelfLoopWarning, match="self-loop on vertex 0 dropped"):
        g = Graph.from_networkx(nx.Graph([(0, 0), (0, 1)]))
    assert g.edges() == [(0, 1)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Graph.from_networkx(nx.Graph([(0, 1)]))  # no loop: no warning


@pytest.mark.parametrize(
    "options",
    [
        {"seed": 1},
        {"itermax": 5},
        {"max_nodes": -1},
        {"timeout": -1},
        {"timeout": "5"},
        {"keep": -1},
    ],
)
def test_sat_checks_its_options_before_any_heuristic(options: dict[str, object]) -> None:
    with pytest.raises(InvalidArgument):
        solve_module.color(petersen_graph(), 3, "sat", **options)


def test_the_heuristics_say_they_answered() -> None:
    r = solve_module.color(random_graph(300, 0.5, 1), 44, "sat")
    assert r.stats.engine == "dsatur+tabucol" and r.stats.nodes == 0


def test_solve_many_refuses_an_engine_the_method_has_not_once() -> None:
    from sudograph.batch import solve_many

    with pytest.raises(InvalidArgument, match="runs on its own engine"):
        list(solve_many(["...3.2.1...4.1.2"], "sat", engine="numba"))


def test_every_colouring_is_the_solvers_not_the_heuristics() -> None:
    path = Graph.from_edges(3, [(0, 1), (1, 2)])
    r = solve_module.color(path, 2, "sat", limit=None)
    assert r.complete and r.count == 2 and len(r.solutions) == 2


@pytest.mark.alone
def test_the_heuristics_count_in_the_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    def slow(*args: object, **kw: object) -> None:  # they find nothing, after 0.3 s
        time.sleep(0.3)
        return None

    seen: dict[str, object] = {}
    real = solve_module.solve

    def solver(*args: object, **kw: object) -> object:
        seen.update(kw)
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(solve_module, "_heuristic_colouring", slow)
    monkeypatch.setattr(solve_module, "solve", solver)
    r = solve_module.color(petersen_graph(), 3, "sat", timeout=5)
    assert r.status == "solved" and r.stats.seconds >= 0.3
    assert 4.0 < seen["timeout"] <= 4.7  # type: ignore[operator]


def test_max_nodes_keeps_the_heuristics_and_timeout_zero_takes_no_step() -> None:
    graph = random_graph(300, 0.5, 1)
    r = solve_module.color(graph, 44, "sat", max_nodes=10)
    assert r.status == "solved" and r.stats.engine == "dsatur+tabucol"
    r = solve_module.color(graph, 44, "sat", timeout=0)
    assert r.status == "stopped" and r.reason == "time limit"


def test_a_clique_above_k_counts_no_solution() -> None:
    r = solve_module.solve(Problem(petersen_graph(), 1), "sat")
    assert r.status == "unsatisfiable" and r.count == 0


def test_from_networkx_reads_a_multigraph() -> None:
    nx = pytest.importorskip("networkx")
    g = Graph.from_networkx(nx.MultiGraph([(0, 1), (0, 1), (1, 2)]))
    assert g.edges() == [(0, 1), (1, 2)]
