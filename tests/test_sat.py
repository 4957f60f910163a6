"""Method ``sat`` (issue 14): agreement with the search, limits, timeouts, k > 64, the CLI."""

from __future__ import annotations

import itertools
import json
import signal
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.cli import main
from sudograph.errors import InvalidArgument, MissingExtra
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.methods import METHODS
from sudograph.problem import Problem, SolveOptions, is_proper_coloring, is_solution
from sudograph.search.sat import (
    _HANDLES,
    ColoringSat,
    _c_function,
    _load,
    _problem_clauses,
    _Slicer,
    color_graph,
    run,
)
from sudograph.solve import color, count_solutions, is_unique, solve

pytest.importorskip("pysat.solvers")

TIMEOUT = 0.3
SLACK = 1.5
GRACE = 0.2
SLICE_WAIT = 1.0  # the longest a slice of the pigeonhole may last (sat.slice_cap: ~0.5 s)


def cycle(n: int) -> Graph:
    return Graph.from_edges(n, [(i, (i + 1) % n) for i in range(n)])


def complete(n: int) -> Graph:
    return Graph.from_edges(n, list(itertools.combinations(range(n), 2)))


def hard_pigeonhole(n: int = 14) -> Problem:
    """K_n with n - 1 colours and one vertex precoloured (which turns the clique symmetry
    breaking off): resolution proofs of the pigeonhole principle are exponential."""
    return Problem(complete(n), n - 1, (1,) + (0,) * (n - 1))


def test_registered() -> None:
    m = METHODS["sat"]
    assert m.complete and not m.sudoku_only and not m.randomized
    assert m.load() is run


@pytest.mark.parametrize(
    ("graph", "k", "status"),
    [
        (petersen_graph(), 2, "unsatisfiable"),
        (petersen_graph(), 3, "solved"),
        (cycle(5), 2, "unsatisfiable"),
        (cycle(6), 2, "solved"),
        (complete(6), 5, "unsatisfiable"),
        (complete(6), 6, "solved"),
        (sudoku_graph(2, 3), 6, "solved"),
        (sudoku_graph(2, 3), 5, "unsatisfiable"),
        (Graph.from_edges(0, []), 1, "solved"),
        (Graph.from_edges(3, []), 1, "solved"),
    ],
)
def test_agrees_with_dsatur(graph: Graph, k: int, status: str) -> None:
    r = color(graph, k, "sat")
    assert r.status == color(graph, k, "dsatur", engine="python").status == status
    for s in r.solutions:
        assert is_proper_coloring(graph, s, k)


@pytest.mark.parametrize("k", [1, 2, 3, 4])
@settings(max_examples=30)
@given(
    st.integers(1, 7).flatmap(  # (8 vertices, 4 colours: up to 65,536 colourings, 20 s)
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.booleans(), min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2),
            st.lists(st.integers(0, 4), min_size=n, max_size=n),
        )
    )
)
def test_counts_agree_with_the_search(k: int, data: tuple[int, list[bool], list[int]]) -> None:
    """Every colouring enumerated by blocking clauses, none twice, as many as the search."""
    n, bits, pre = data
    pairs = list(itertools.combinations(range(n), 2))
    g = Graph.from_edges(n, [e for e, b in zip(pairs, bits, strict=True) if b])
    pre = [c if c <= k else 0 for c in pre]
    if any(pre[u] and pre[u] == pre[v] for u, v in g.edges()):
        pre = [0] * n
    p = Problem(g, k, tuple(pre))
    r = run(p, SolveOptions(limit=None))
    ref = solve(p, "forward", limit=None, engine="python")
    assert r.complete and len(set(r.solutions)) == len(r.solutions) == len(ref.solutions)
    assert all(is_solution(p, s) for s in r.solutions)
    one = run(p, SolveOptions(limit=1))  # with the clique symmetry breaking when unprecoloured
    assert one.status == ref.status


def test_sudoku_of_any_size() -> None:
    for box in ((2, 2), (2, 3), (3, 3), (4, 4), (5, 5)):
        r = solve(Grid.empty(box), "sat")
        assert r.status == "solved" and r.grid is not None and r.grid.is_complete()
    assert count_solutions(Grid.empty(2), method="sat") == 288
    assert is_unique(Grid.parse("...3.2.1...4.1.2"), "sat")
    assert not is_unique(Grid.empty(2), "sat")


def test_houses_give_hidden_singles() -> None:
    """The at-least-once-per-house clauses: a hard 9×9 puzzle needs few decisions."""
    hardest = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    r = solve(Grid.parse(hardest), "sat")
    assert r.status == "solved" and r.stats.nodes < 2000


@pytest.mark.parametrize("max_nodes", [0, 1, 37, 500])
def test_max_nodes_is_exact(max_nodes: int) -> None:
    r = solve(hard_pigeonhole(), "sat", max_nodes=max_nodes, timeout=30)
    assert (r.status, r.reason, r.stats.nodes) == ("stopped", "node limit", max_nodes)


@pytest.mark.alone
def test_timeout_really_stops() -> None:
    """python-sat's CaDiCaL ignores interrupt(): conflict slices under the clock instead."""
    start = time.perf_counter()
    r = solve(hard_pigeonhole(), "sat", timeout=TIMEOUT)
    elapsed = time.perf_counter() - start
    assert (r.status, r.reason) == ("stopped", "time limit")
    assert TIMEOUT * 0.5 <= elapsed <= SLACK * TIMEOUT + GRACE, elapsed
    assert r.stats.backtracks > 0 and r.stats.nodes > 0  # conflicts and decisions reported


@pytest.mark.signals
@pytest.mark.parametrize("backend", sorted(_HANDLES))
def test_ctrl_c_leaves_the_solver_whole(backend: str) -> None:
    """Ctrl-C during a slice is answered as the slice ends, without python-sat's own SIGINT
    handler (its jump out of CaDiCaL could corrupt the heap): the solver can still report
    its work and answer. Every backend with C functions takes them."""
    solver = _load(_problem_clauses(hard_pigeonhole(), True, []), None, backend)
    inner = solver.solver
    assert _c_function(inner, "add_cl") and _c_function(inner, "solve_lim"), backend
    slicer = _Slicer(solver)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    main = threading.main_thread().ident
    timer = threading.Timer(0.3, signal.pthread_kill, (main, signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            slicer.solve((), None)
        elapsed = time.perf_counter() - start
        assert not slicer.broken
        assert 0.3 <= elapsed <= 0.3 + SLICE_WAIT + 0.5, elapsed
        done = slicer.stats.conflicts
        assert done > 0 and solver.accum_stats()["conflicts"] == done
        assert slicer.solve((), None, max_conflicts=50) is None  # it goes on
        assert slicer.stats.conflicts >= done + 50
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
        solver.delete()


def test_incremental_solver() -> None:
    g = petersen_graph()
    s = ColoringSat(g, 5, clique=[0, 1])
    try:
        assert s.colorable(2) is False
        found = s.colorable(4)
        assert isinstance(found, tuple) and is_proper_coloring(g, found, 4)
        s.forbid_from(3)
        again = s.colorable(5)  # colours 4 and 5 are gone for good
        assert isinstance(again, tuple) and max(again) <= 3
        assert s.colorable(1) is False and s.stats.calls == 3
    finally:
        s.close()


@pytest.mark.alone
def test_more_than_64_colours() -> None:
    g = complete(70)
    status, col, _ = color_graph(g, 70)
    assert status == "solved" and col is not None and is_proper_coloring(g, col, 70)
    assert color_graph(g, 69)[0] == "unsatisfiable"  # the greedy clique has 70 vertices
    start = time.perf_counter()  # without the clique: the pigeonhole, hopeless for SAT
    assert color_graph(g, 69, timeout=TIMEOUT, clique=())[0] == "stopped"
    assert time.perf_counter() - start <= SLACK * TIMEOUT + GRACE


@pytest.mark.parametrize("k", [0, -1])
def test_bad_k(k: int) -> None:
    with pytest.raises(InvalidArgument, match="k must be"):
        color_graph(petersen_graph(), k)
    with pytest.raises(InvalidArgument, match="k must be"):
        ColoringSat(petersen_graph(), k)


def test_missing_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)
    with pytest.raises(MissingExtra, match="sat"):
        solve(Grid.empty(2), "sat")
    from sudograph.search.chromatic import chromatic_number
    from sudograph.search.sat import sat_available

    assert not sat_available()
    r = chromatic_number(cycle(7))  # the pure steps still work
    assert r.proven and r.chromatic_number == 3 and r.conflicts == 0


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_color(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "color", "petersen", "-k", "3", "--method", "sat", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["method"] == "sat"
    assert is_proper_coloring(petersen_graph(), doc["coloring"], 3)
    code, out, _ = cli(capsys, "color", "petersen", "-k", "70", "--json")  # auto: sat
    assert code == 0 and json.loads(out)["status"] == "solved"
    code, out, _ = cli(capsys, "color", "petersen", "--greedy", "dsatur")
    assert code == 0 and out.startswith("3 colours")


def test_cli_trivial_graphs(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    empty = Path(str(tmp_path)) / "empty.col"
    empty.write_text("p edge 0 0\n", encoding="utf-8")
    code, out, _ = cli(capsys, "color", str(empty), "-k", "1", "--json")
    assert code == 0 and json.loads(out)["coloring"] == []
    code, out, _ = cli(capsys, "chromatic", str(empty))
    assert code == 0 and out.startswith("chromatic number: 0")
    code, out, _ = cli(capsys, "color", "petersen", "-k", "12")  # k above the vertex count
    assert code == 0 and is_proper_coloring(petersen_graph(), tuple(map(int, out.split())), 12)


def test_cli_self_loop_is_one_warning_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A self-loop is dropped with one warning line naming the file and line, no source code."""
    path = tmp_path / "loop.col"
    path.write_text("p edge 3 2\ne 1 1\ne 1 2\n")
    code = main(["chromatic", str(path)])
    out, err = capsys.readouterr()
    assert code == 0 and out.startswith("chromatic number: 2")
    assert err.splitlines() == [f"sudograph: warning: {path}:2: self-loop on vertex 1 dropped"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["color", "petersen"], "color needs -k K"),
        (["color", "petersen", "-k", "0"], "-k: must be >= 1, got 0"),
        (["color", "petersen", "-k", "-5", "-m", "sat"], "-k: must be >= 1, got -5"),
        (["color", "sudoku:3x3", "-k", "70", "-m", "dsatur"], "only method 'sat' takes it"),
        (["color", "petersen", "-k", "3", "-m", "fast"], "not graphs; use one of auto, naive, mrv"),
        (["color", "petersen", "-k", "3", "-m", "logic"], "'logic' solves Sudoku grids only"),
    ],
)
def test_cli_refusals(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's usage error
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("graph", "k", "clues"),
    [
        ("petersen", 4, [2] + [0] * 9),
        ("empty2", 3, [0, 3]),
        ("petersen", 3, [3, 0, 0, 0, 0, 0, 0, 0, 0, 1]),
    ],
)
def test_sat_keeps_the_precolouring_of_a_graph(graph: str, k: int, clues: list[int]) -> None:
    """One solution leaves out the at-most-one clauses: a clue's vertex may have other colours
    true beside it, and it must read as its clue (it read as its lowest, a non-solution)."""
    g = petersen_graph() if graph == "petersen" else Graph.from_edges(2, [])
    problem = Problem(g, k, tuple(clues))
    result = solve(problem, "sat")
    assert result.status == "solved" and is_solution(problem, result.solutions[0])


def test_sat_counts_a_complete_enumeration() -> None:
    """``limit=None``: ``result.count`` holds the number found, as with every other method
    (it was None for sat)."""
    result = solve(Grid.empty(2), "sat", limit=None)
    assert result.complete and result.count == len(result.solutions) == 288
