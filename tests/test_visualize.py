"""The visualize page without a browser: self-contained, the embedded trace is the Python
trace, the page's replay rules (mirrored by ``state_at``) meet the solver's own figures,
layouts, French labels, the CLI and its bad input. What the browser shows is checked in
``test_browser.py``."""

from __future__ import annotations

import html
import itertools
import math
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudograph.cli import main
from sudograph.errors import InvalidArgument
from sudograph.formats.dimacs import read_dimacs
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.methods import METHODS
from sudograph.problem import Problem, is_proper_coloring
from sudograph.search.chromatic import chromatic_number
from sudograph.search.trace import Recorder, Replay
from sudograph.solve import solve
from sudograph.visualize import (
    CAUSE_KEYS,
    DESCRIPTIONS_FR,
    LABELS,
    TRACEABLE,
    Page,
    as_tuples,
    box_circle_layout,
    box_regions,
    events_of,
    force_layout,
    layout_for,
    read_page_data,
    region_circle_layout,
    state_at,
    sudoku_shape,
    trace_run,
    visualize,
)

GRAPHS = Path(__file__).parent / "data" / "graphs"
SMALL = "...3.2.1...4.1.2"
BACKTRACKS = "....1..2..3..4.."  # naive: 24 nodes, 12 backtracks
HARD = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."

CASES = [
    (Grid.parse(SMALL), "naive"),
    (Grid.parse(BACKTRACKS), "naive"),
    (Grid.parse(BACKTRACKS), "dsatur"),
    (Grid.parse("1..............."), "propagate"),
    (Grid.parse(HARD), "propagate"),
    (Grid.parse(HARD), "forward"),
    (Problem(petersen_graph(), 3), "naive"),
    (Problem(petersen_graph(), 2), "mrv"),  # unsatisfiable
    (Problem(read_dimacs(GRAPHS / "myciel4.col"), 5), "dsatur"),
]
IDS = [f"{m}-{i}" for i, (_, m) in enumerate(CASES)]


def problem_of(x: Grid | Problem) -> Problem:
    return x.problem if isinstance(x, Grid) else x


# -- the page is self-contained ---------------------------------------------------------------
PAGES = {
    "grid": lambda: visualize(Grid.parse(SMALL)),
    "compare": lambda: visualize(
        Grid.parse(HARD), ["naive", "propagate"], max_steps=300, max_nodes=2000
    ),
    "petersen-fr": lambda: visualize(petersen_graph(), "dsatur", lang="fr"),
    "dimacs": lambda: visualize(read_dimacs(GRAPHS / "queen5_5.col"), "dsatur"),
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_needs_no_network(name: str) -> None:
    page = PAGES[name]()
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", page, re.I)
    assert not re.search(r"<link|<iframe|<img|@import|url\(|fetch\(|XMLHttpRequest", page, re.I)
    assert page.count("<script") == 2  # the JSON data and the inline program, no src=
    assert "<script src" not in page


def test_data_cannot_close_its_script_tag() -> None:
    page = visualize(Grid.parse(SMALL), title="</script><b>x</b>")
    assert "&lt;/script&gt;" in page
    data = read_page_data(page)
    assert data["runs"][0]["method"] == "naive"
    g = Graph.from_edges(3, [(0, 1)], name="a</script>b")
    assert read_page_data(visualize(g, k=2))["name"] == "a</script>b"


def test_read_page_data_refuses_other_pages() -> None:
    with pytest.raises(InvalidArgument, match="no sudograph trace"):
        read_page_data("<html></html>")


def test_page_displays_in_a_notebook() -> None:
    page = visualize(Grid.parse(SMALL))
    assert isinstance(page, Page) and isinstance(page, str)
    frame = page._repr_html_()
    assert frame.startswith("<iframe srcdoc=") and "<script" not in frame
    srcdoc = re.search(r'srcdoc="([^"]*)"', frame)
    assert srcdoc is not None and html.unescape(srcdoc.group(1)) == page


# -- the embedded trace is the Python trace ---------------------------------------------------
@pytest.mark.parametrize(("x", "method"), CASES, ids=IDS)
def test_embedded_events_are_the_solver_trace(x: Grid | Problem, method: str) -> None:
    rec = Recorder()
    result = solve(x, method, trace=rec)
    data = read_page_data(visualize(x, method))
    run = data["runs"][0]
    assert events_of(run) == as_tuples(rec.events)
    assert run["total_events"] == len(rec.events) and not run["capped"]
    stats = result.stats
    assert run["stats"] == {
        "nodes": stats.nodes,
        "backtracks": stats.backtracks,
        "deductions": stats.deductions,
        "max_depth": stats.max_depth,
    }
    assert run["status"] == result.status
    assert run["solution"] == (list(result.solution) if result.solution else None)
    p = problem_of(x)
    assert data["pre"] == list(p.precolouring) and data["k"] == p.k
    assert {tuple(e) for e in data["edges"]} == set(p.graph.edges())


@pytest.mark.parametrize(("x", "method"), CASES, ids=IDS)
def test_replay_rules_meet_the_solver_figures(x: Grid | Problem, method: str) -> None:
    """The page's counters at the last step are the solver's stats; the depth after each
    ``assign`` is the depth the tracer reports; the colouring is the trace module's Replay."""
    p = problem_of(x)
    t = trace_run(p, method)
    n = len(t.events)
    sample = set(range(0, n + 1, max(1, n // 150))) | {n}  # state_at costs O(step)
    replay = Replay(p.precolouring)
    depth = deepest = 0
    vertex = -1
    for i, e in enumerate(t.events, 1):
        replay.apply(e)
        depth += (e.kind == "assign") - (e.kind == "undo")
        vertex = e.vertex if e.vertex >= 0 else vertex
        if e.kind == "assign":
            assert depth == e.depth
        deepest = max(deepest, depth)
        if i in sample:
            s = state_at(t.events, p, i)
            assert (s.coloring, s.vertex, s.depth) == (tuple(replay.coloring), vertex, depth)
    end = state_at(t.events, p, len(t.events))
    stats = t.result.stats
    assert (end.nodes, end.backtracks, end.deductions) == (
        stats.nodes,
        stats.backtracks,
        stats.deductions,
    )
    assert deepest == stats.max_depth
    if t.result.solution is not None:
        assert end.coloring == t.result.solution
    else:
        assert end.depth == 0


@given(st.integers(0, 150))
def test_candidates_are_the_colours_no_neighbour_has(step: int) -> None:
    p = Grid.parse(BACKTRACKS).problem
    events = trace_run(p, "naive").events
    s = state_at(events, p, step)
    if s.vertex < 0:
        assert step == 0 or all(e.vertex < 0 for e in events[:step])
        return
    used = {s.coloring[u] for u in p.graph.neighbors[s.vertex]}
    assert set(s.candidates) == set(range(1, 5)) - used
    assert s.nodes - s.backtracks == s.depth >= 0


def test_state_at_refuses_a_step_out_of_range() -> None:
    p = Problem(petersen_graph(), 3)
    with pytest.raises(InvalidArgument, match="outside"):
        state_at(trace_run(p, "naive").events, p, 10_000)


# -- capped traces ----------------------------------------------------------------------------
def test_capped_trace_keeps_exact_final_counters() -> None:
    grid = Grid.parse(HARD)
    full = solve(grid, "naive", max_nodes=3000)
    data = read_page_data(visualize(grid, "naive", max_steps=500, max_nodes=3000))
    run = data["runs"][0]
    assert run["capped"] and len(run["events"]) == 4 * 500
    assert run["total_events"] > 500
    assert run["stats"]["nodes"] == full.stats.nodes == 3000
    assert run["stats"]["backtracks"] == full.stats.backtracks
    assert run["status"] == "stopped" and run["reason"] == "node limit"


# -- layouts ----------------------------------------------------------------------------------
@pytest.mark.parametrize("box", [(1, 1), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4)])
def test_sudoku_shape_and_box_circle(box: tuple[int, int]) -> None:
    graph = sudoku_graph(*box)
    assert sudoku_shape(graph) == box
    pos = layout_for(graph)
    assert pos == box_circle_layout(box) and len(pos) == graph.n
    assert len({(round(x, 9), round(y, 9)) for x, y in pos}) == graph.n
    n, (r, c) = box[0] * box[1], box
    # on the circle (clockwise from the top) the cells come box after box
    turn = sorted(range(graph.n), key=lambda v: (math.pi / 2 - _angle(pos[v])) % (2 * math.pi))
    boxes = [(v // n // r) * (n // c) + (v % n) // c for v in turn]
    assert sum(a != b for a, b in itertools.pairwise(boxes)) == n - 1


def _angle(p: tuple[float, float]) -> float:
    return math.atan2(0.5 - p[1], p[0] - 0.5) % (2 * math.pi)


@pytest.mark.parametrize(
    "graph",
    [petersen_graph(), Graph.from_edges(5, [(0, 1)]), read_dimacs(GRAPHS / "myciel4.col")],
    ids=["petersen", "sparse", "myciel4"],
)
def test_non_sudoku_graphs_have_no_shape(graph: Graph) -> None:
    assert sudoku_shape(graph) is None
    pos = layout_for(graph)
    assert len(pos) == graph.n
    assert all(0.0 <= x <= 1.0 and 0.0 <= y <= 1.0 for x, y in pos)


@given(st.integers(2, 40), st.integers(0, 3))
def test_force_layout_is_seeded_and_inside_the_square(n: int, seed: int) -> None:
    graph = Graph.from_edges(n, [(i, (i * 7 + 3) % n) for i in range(n) if (i * 7 + 3) % n != i])
    a = force_layout(graph, seed=seed)
    assert a == force_layout(graph, seed=seed)
    assert len(a) == n and all(0.0 <= x <= 1.0 and 0.0 <= y <= 1.0 for x, y in a)
    assert len({(round(x, 6), round(y, 6)) for x, y in a}) == n  # no two on one point


def test_force_layout_of_a_few_hundred_vertices() -> None:
    graph = read_dimacs(GRAPHS / "DSJC125.1.col")
    pos = force_layout(graph)
    assert pos != force_layout(graph, seed=1)
    # adjacent vertices end up closer than random pairs on average
    edges = list(graph.edges())
    mean_edge = sum(math.dist(pos[u], pos[v]) for u, v in edges) / len(edges)
    pairs = [(u, (u * 37 + 11) % graph.n) for u in range(graph.n)]
    mean_pair = sum(math.dist(pos[u], pos[v]) for u, v in pairs) / len(pairs)
    assert mean_edge < 0.8 * mean_pair


# -- graphs, languages, methods ---------------------------------------------------------------
def test_a_bare_graph_gets_its_chromatic_number() -> None:
    data = read_page_data(visualize(petersen_graph(), "dsatur"))
    assert data["k"] == 3 and data["side"] == 0 and data["box"] is None
    assert data["runs"][0]["status"] == "solved"


@pytest.mark.parametrize("name", ["anna", "DSJC125.1"])
def test_dimacs_graph_of_a_hundred_vertices_and_more(name: str) -> None:
    graph = read_dimacs(GRAPHS / f"{name}.col")
    data = read_page_data(visualize(graph, "dsatur"))
    run = data["runs"][0]
    assert run["status"] == "solved" and data["n"] == graph.n and data["side"] == 0
    assert is_proper_coloring(graph, run["solution"], data["k"])
    assert data["k"] == chromatic_number(graph, timeout=10.0).chromatic_number
    assert len(data["pos"]) == graph.n and 0 < data["spacing"] < 0.2


def test_grid_view_of_a_sudoku_graph_and_of_a_puzzle() -> None:
    data = read_page_data(visualize(sudoku_graph(2, 3), "propagate"))
    assert data["side"] == 6 and data["box"] == [2, 3] and data["k"] == 6
    grid = Grid.parse(HARD)
    data = read_page_data(visualize(grid, "propagate"))
    assert data["side"] == 9 and data["alphabet"] == list(grid.alphabet)


VARIANTS = Path(__file__).parent / "data" / "variants"


def jigsaw4() -> Grid:
    from sudograph.variants import Variant, parse_regions

    regions = parse_regions((VARIANTS / "jigsaw4.regions").read_text(), 4)
    return Grid.parse("1...............", variant=Variant.parse("jigsaw", regions=regions))


def test_variant_grids_draw_their_regions_and_extra_houses() -> None:
    grid = jigsaw4()
    data = read_page_data(visualize(grid, "propagate"))
    assert grid.variant is not None and data["regions"] == list(grid.variant.regions or ())
    assert data["regions"] != box_regions((2, 2)) and data["shaded"] == []
    rec = Recorder()
    solve(grid, "propagate", trace=rec)
    assert events_of(data["runs"][0]) == as_tuples(rec.events)
    x = Grid.parse("." * 16, variant="x")
    data = read_page_data(visualize(x, "propagate"))
    assert data["regions"] == box_regions((2, 2))
    assert data["shaded"] == [0, 3, 5, 6, 9, 10, 12, 15]  # the two diagonals
    assert {tuple(e) for e in data["edges"]} == set(x.graph.edges())


def killer4() -> Grid:
    from sudograph.variants import Variant

    cages = [((0, 1), 3), ((2, 3), 7), ((4, 8), 5)]
    return Grid.parse("." * 16, variant=Variant.parse("killer", cages=cages))


def test_killer_cages_are_embedded_for_the_grid_view() -> None:
    grid = killer4()
    data = read_page_data(visualize(grid, "propagate"))
    assert data["cages"] == [[[0, 1], 3], [[2, 3], 7], [[4, 8], 5]]
    solution = data["runs"][0]["solution"]
    assert solution[0] + solution[1] == 3 and solution[4] + solution[8] == 5
    assert read_page_data(visualize(petersen_graph(), "dsatur"))["cages"] == []


@given(st.lists(st.integers(0, 4), min_size=1, max_size=40))
def test_region_circle_keeps_regions_together(regions: list[int]) -> None:
    pos = region_circle_layout(regions)
    turn = sorted(range(len(regions)), key=lambda v: (math.pi / 2 - _angle(pos[v])) % (2 * math.pi))
    runs = [regions[v] for v in turn]
    assert sum(a != b for a, b in itertools.pairwise(runs)) == len(set(regions)) - 1
    assert len({(round(x, 9), round(y, 9)) for x, y in pos}) == len(regions)


def test_compare_mode_holds_two_runs() -> None:
    data = read_page_data(visualize(Grid.parse(BACKTRACKS), ["naive", "dsatur"]))
    assert [r["method"] for r in data["runs"]] == ["naive", "dsatur"]


FRENCH = ["nœuds", "retours arrière", "déductions", "profondeur", "pas", "lecture"]


def test_french_labels() -> None:
    page = visualize(Grid.parse(SMALL), lang="fr")
    assert '<html lang="fr">' in page
    labels = read_page_data(page)["labels"]  # less the causes of a dead end, in "dead_end"
    assert labels == {key: text for key, text in LABELS["fr"].items() if key not in CAUSE_KEYS}
    for word in FRENCH:
        assert word in labels.values()
    assert "nodes" not in labels.values()


@pytest.mark.parametrize("method", TRACEABLE)
def test_french_describes_every_traceable_method(method: str) -> None:
    run = read_page_data(visualize(Grid.parse(SMALL), method, lang="fr"))["runs"][0]
    assert run["description"] == DESCRIPTIONS_FR[method] != METHODS[method].description
    run = read_page_data(visualize(Grid.parse(SMALL), method))["runs"][0]
    assert run["description"] == METHODS[method].description


def test_every_language_has_every_label() -> None:
    keys = {lang: set(words) for lang, words in LABELS.items()}
    assert all(k == keys["en"] for k in keys.values())
    for words in LABELS.values():
        assert "{shown}" in words["capped"] and "{total}" in words["capped"]


UNTRACEABLE = sorted(set(METHODS) - set(TRACEABLE))


def test_traceable_methods_are_the_search_presets() -> None:
    assert set(TRACEABLE) == {"naive", "mrv", "forward", "propagate", "dsatur"}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        *[({"methods": m}, "cannot be traced") for m in UNTRACEABLE],
        ({"methods": "nope"}, "unknown method"),
        ({"methods": ["naive", "mrv", "dsatur"]}, "one or two methods"),
        ({"methods": []}, "one or two methods"),
        ({"lang": "de"}, "unknown language"),
        ({"k": 4}, "k applies to a graph"),
        ({"max_steps": 0}, "max_steps"),
        ({"max_nodes": -1}, "max_nodes"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        visualize(Grid.parse(SMALL), **kwargs)  # type: ignore[arg-type]


# -- the command line -------------------------------------------------------------------------
def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "page.html"
    code, _, err = run(capsys, "visualize", BACKTRACKS, "-m", "naive", "-m", "mrv",
                       "--lang", "fr", "-o", str(out))  # fmt: skip
    assert code == 0 and err == ""
    page = out.read_text(encoding="utf-8")
    data = read_page_data(page)
    assert [r["method"] for r in data["runs"]] == ["naive", "mrv"] and data["lang"] == "fr"
    assert data["runs"][0]["stats"]["backtracks"] == 12


def test_cli_graph_defaults_and_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "visualize", "petersen", "-o", "-")
    data = read_page_data(out)
    assert code == 0 and data["runs"][0]["method"] == "dsatur" and data["k"] == 3
    code, out, _ = run(capsys, "visualize", str(GRAPHS / "myciel4.col"), "-k", "5",
                       "-m", "naive", "--max-steps", "40", "-o", "-")  # fmt: skip
    data = read_page_data(out)
    assert code == 0 and data["k"] == 5 and data["runs"][0]["capped"]
    assert len(data["runs"][0]["events"]) == 4 * 40


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["petersen", "-m", "fast"], "cannot be traced"),
        (["petersen", "-m", "naive", "-m", "mrv", "-m", "dsatur"], "one or two methods"),
        (["..3"], "<puzzle>:1"),
        (["11" + "." * 14], "clashing clues"),
        ([SMALL, "-k", "3"], "-k applies to a GRAPH"),
        (["petersen", "-k", "99"], "-k: must be <= 64 (the most colours a traced search"),
        (["petersen", "--max-steps", "0"], "--max-steps: must be >= 1, got 0"),
        (["missing.col"], "No such file"),
    ],
)
def test_cli_bad_input_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "visualize", *argv, "-o", str(tmp_path / "p.html"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
    assert not (tmp_path / "p.html").exists()


def test_cli_bad_dimacs_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.col"
    bad.write_text("p edge 3 1\ne 1 x\n")
    code, _, err = run(capsys, "visualize", str(bad), "-o", str(tmp_path / "p.html"))
    assert code == 2 and f"{bad}:2" in err and err.count("\n") == 1


@pytest.mark.parametrize("method", ["naive", "dsatur"])
def test_a_traced_run_displays_its_page_in_a_notebook(method: str) -> None:
    """``trace_run`` objects show their page inline (``_repr_html_``): the same events and
    final counters as the run, without searching again."""
    import html as html_module

    from sudograph.visualize import trace_run

    problem = Grid.parse("1.3.....2...4..1").problem
    t = trace_run(problem, method)
    shown = t._repr_html_()
    assert shown.startswith("<iframe srcdoc=")
    page = html_module.unescape(shown.split('srcdoc="', 1)[1].split('" style=', 1)[0])
    (run,) = read_page_data(page)["runs"]
    assert events_of(run) == as_tuples(t.events)
    assert run["stats"]["nodes"] == t.result.stats.nodes
    assert run["solution"] == list(t.result.solution or [])
