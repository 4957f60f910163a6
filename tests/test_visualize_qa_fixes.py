"""Faults of ``sudograph visualize`` found by QA (what the page does in a browser is in
``test_browser.py``, and below for the second pass, skipped without Chromium): an output that
cannot be written was reported only after the search, a method given twice was accepted, the
French heading was half English, and the docs said the counters equal "the solver's Stats"
when the default (compiled) run of ``propagate`` counts differently.

Second pass: a dead end that names no vertex blamed "a house" on graphs without houses; a
DIMACS file's vertices were numbered from 0 (``draw`` names them from 1); a title with
``@DATA@`` pulled the page's data into the heading; the k chosen for a graph was not said to
be unproven, and a graph above 64 colours got "k must be between 1 and 64" without any -k;
a search with no solution exited 0."""

from __future__ import annotations

import html
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sudograph import visualize as visualize_module
from sudograph.cli import main
from sudograph.errors import InvalidArgument
from sudograph.formats.dimacs import read_dimacs
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.problem import Problem
from sudograph.solve import solve
from sudograph.variants import Variant
from sudograph.visualize import (
    LABELS,
    ColourCount,
    choose_k,
    dead_end_cause,
    display_name,
    read_page_data,
    state_at,
    stuck_vertices,
    trace_run,
    visualize,
)

BACKTRACKS = "....1..2..3..4.."
UNSAT = "12....3........."  # r1c3, r1c4 need 3 and 4: the 3 of r2c3 shares their box
HARD = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
DOCS = Path(__file__).parent.parent / "docs" / "visualize.md"
GRAPHS = Path(__file__).parent / "data" / "graphs"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if a search starts: the errors below must come before it."""

    def searched(*args: object, **kwargs: object) -> None:
        pytest.fail("the search ran before the bad argument was reported")

    monkeypatch.setattr(visualize_module, "trace_run", searched)


# -- 5. an output that cannot be written, before the search -----------------------------------
@pytest.mark.alone
@pytest.mark.parametrize(
    ("output", "message"),
    [
        ("{tmp}/no/dir/x.html", "{tmp}/no/dir/x.html: folder {tmp}/no/dir does not exist"),
        ("{tmp}", "{tmp}: is a folder, not a file"),
        ("{tmp}/file.txt/x.html", "{tmp}/file.txt/x.html: {tmp}/file.txt is not a folder"),
        # a path naming a folder (pathlib drops the slash: the search ran, then 'Is a directory')
        ("{tmp}/nodir/", "{tmp}/nodir/: ends with /, which names a folder: give a file name"),
        ("{tmp}/file.txt/", "{tmp}/file.txt/: ends with /, which names a folder: give a file name"),
        ("{tmp}/nodir/.", "{tmp}/nodir/.: ends with ., which names a folder: give a file name"),
        ("", "-o/--output: the output path is empty: give a file name, or - for standard output"
             " (see sudograph visualize --help)"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("source", [BACKTRACKS, "petersen"])
def test_an_output_that_cannot_be_written_is_refused_before_the_search(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    no_search: None,
    output: str,
    message: str,
    source: str,
) -> None:
    (tmp_path / "file.txt").write_text("keep me\n")
    start = time.perf_counter()
    code, out, err = run(capsys, "visualize", source, "-o", output.format(tmp=tmp_path))
    assert (code, out) == (2, "") and time.perf_counter() - start < 5
    assert err == f"sudograph: error: {message.format(tmp=tmp_path)}\n"
    assert (tmp_path / "file.txt").read_text() == "keep me\n"


def test_an_output_in_the_current_folder_is_fine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "visualize", BACKTRACKS, "-o", "page.html") == (0, "", "")
    assert read_page_data((tmp_path / "page.html").read_text(encoding="utf-8"))["runs"]


# -- 7. a method given twice ------------------------------------------------------------------
@pytest.mark.parametrize(
    "methods", [["naive", "naive"], ["dsatur", "dsatur"], ["propagate", "propagate"]]
)
def test_a_method_given_twice_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_search: None, methods: list[str]
) -> None:
    argv = [a for m in methods for a in ("-m", m)]
    code, out, err = run(capsys, "visualize", "petersen", *argv, "-o", str(tmp_path / "p.html"))
    assert (code, out) == (2, "")
    assert err == (
        f"sudograph: error: --method: {methods[0]} given twice (see sudograph visualize --help)\n"
    )
    assert not (tmp_path / "p.html").exists()


def test_the_library_refuses_a_method_given_twice(no_search: None) -> None:
    with pytest.raises(InvalidArgument, match=r"^naive given twice"):
        visualize(Grid.parse(BACKTRACKS), ["naive", "naive"])


# -- 6. the French heading --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("x", "english", "french"),
    [
        (Grid.parse(BACKTRACKS), "sudoku 4x4 (2x2 boxes)", "sudoku 4x4 (blocs 2x2)"),
        (sudoku_graph(2, 3), "sudoku 6x6 (2x3 boxes)", "sudoku 6x6 (blocs 2x3)"),
        (petersen_graph(), "Petersen graph", "graphe de Petersen"),
        (Graph.from_edges(3, [(0, 1)]), "graph", "graphe"),
    ],
)
def test_the_heading_speaks_the_page_language(x: object, english: str, french: str) -> None:
    for lang, name in (("en", english), ("fr", french)):
        page = visualize(x, "dsatur", lang=lang)
        heading = html.unescape(re.search(r"<h1>(.*)</h1>", page)[1])  # type: ignore[index]
        assert heading == LABELS[lang]["heading"].format(name=name, methods="dsatur")
        assert f"<title>{html.escape(heading)}</title>" in page
    assert heading.startswith("Regarder la recherche : ") and "boxes" not in heading


def test_display_name_keeps_other_names() -> None:
    assert display_name("sudoku 9x9 windoku", "fr") == "sudoku 9x9 windoku"
    assert display_name("queen5_5", "fr") == "queen5_5"


# -- 8. which run the counters equal ----------------------------------------------------------
def test_the_counters_are_the_python_engine_s_figures() -> None:
    """On a 16×16 grid the page's final counters are those of ``engine="python"`` (the traced
    search), which the docs name; the default engine may take a compiled kernel."""
    grid = Grid.empty(4)
    stats = read_page_data(visualize(grid, "propagate"))["runs"][0]["stats"]
    py = solve(grid, "propagate", engine="python").stats
    assert stats == {
        "nodes": py.nodes,
        "backtracks": py.backtracks,
        "deductions": py.deductions,
        "max_depth": py.max_depth,
    }
    text = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert "equal the solver's `Stats`" not in text
    assert '`solve(x, method, engine="python")`' in text and "--engine python" in text


@pytest.mark.parametrize("exists", [False, True])
def test_an_output_without_write_permission_is_refused_before_the_search(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    no_search: None,
    exists: bool,
) -> None:
    """``os.access`` says no (as root it never does, hence the stand-in)."""
    from sudograph.cli import common  # where check_writable reads os.access

    out = tmp_path / "p.html"
    if exists:
        out.write_text("old\n")
    monkeypatch.setattr(common.os, "access", lambda path, mode: False)
    code, _, err = run(capsys, "visualize", BACKTRACKS, "-o", str(out))
    target = out if exists else tmp_path
    assert code == 2 and err == f"sudograph: error: {out}: {target} is not writable\n"


# == second pass ==============================================================================
def complete_graph(n: int) -> Graph:
    return Graph.from_edges(n, [(u, v) for u in range(n) for v in range(u + 1, n)])


def write_col(path: Path, graph: Graph) -> Path:
    edges = graph.edges()
    lines = [f"p edge {graph.n} {len(edges)}", *(f"e {u + 1} {v + 1}" for u, v in edges)]
    path.write_text("\n".join(lines) + "\n")
    return path


def house_lost_a_colour(problem: Problem, coloring: tuple[int, ...]) -> bool:
    """True when a house of k vertices has a colour neither placed nor possible in any of its
    uncoloured vertices (possible: no coloured neighbour has it)."""
    nbrs = problem.graph.neighbors
    for house in problem.graph.houses:
        if len(house) != problem.k:
            continue
        room = {coloring[v] for v in house if coloring[v]}
        for v in house:
            if not coloring[v]:
                room |= set(range(1, problem.k + 1)) - {coloring[u] for u in nbrs[v]}
        if len(room) < problem.k:
            return True
    return False


# -- 1. a dead end that names no vertex --------------------------------------------------------
DEAD_ENDS = [
    ("petersen k=2", Problem(petersen_graph(), 2), ["dsatur", "forward", "propagate"]),
    ("myciel3 k=3", Problem(read_dimacs(GRAPHS / "myciel3.col"), 3), ["forward", "propagate"]),
    ("K4 k=3", Problem(complete_graph(4), 3), ["dsatur", "propagate"]),
    ("myciel3 k=1", Problem(read_dimacs(GRAPHS / "myciel3.col"), 1), ["forward", "propagate"]),
    ("4x4 no solution", Grid.parse(UNSAT).problem, ["forward", "propagate", "dsatur"]),
    ("9x9", Grid.parse(HARD).problem, ["propagate", "forward"]),
]


@pytest.mark.parametrize(("problem", "methods"), [d[1:] for d in DEAD_ENDS],
                         ids=[d[0] for d in DEAD_ENDS])  # fmt: skip
def test_a_dead_end_without_a_vertex_is_told_truly(problem: Problem, methods: list[str]) -> None:
    """At every ``fail`` with vertex -1 the page names the uncoloured vertices left with no
    colour (each truly has every colour among its neighbours); when there is none, a house of
    the graph truly lost every place for a colour, which the page then says. A graph without
    houses always has a stuck vertex, and its page never says "house"."""
    seen = 0
    for method in methods:
        events = trace_run(problem, method).events
        for step, e in enumerate(events, 1):
            if e.kind != "fail" or e.vertex >= 0:
                continue
            seen += 1
            s = state_at(events, problem, step)
            for v in s.stuck:
                assert s.coloring[v] == 0
                assert {s.coloring[u] for u in problem.graph.neighbors[v]} >= set(
                    range(1, problem.k + 1)
                )
            assert s.stuck == stuck_vertices(problem, s.coloring)
            if not s.stuck:
                assert problem.graph.houses and house_lost_a_colour(problem, s.coloring), step
        page = visualize(problem, method)
        if not problem.graph.houses:
            assert not re.search("house|groupe", page, re.IGNORECASE)
            assert read_page_data(page)["dead_end"] == "dead end"
    assert seen  # the problem does have such dead ends


def test_the_petersen_dead_end_of_the_report_is_vertex_4() -> None:
    """``visualize petersen -k 2``, step 13: after 0=1, 1=2, 2=1, 3=2, vertex 4 (a neighbour
    of 0 and 3) has no colour left; the page used to blame a house."""
    problem = Problem(petersen_graph(), 2)
    events = trace_run(problem, "dsatur").events
    assert (events[12].kind, events[12].vertex) == ("fail", -1)
    assert state_at(events, problem, 13).stuck == (4,)
    assert state_at(events, problem, 12).stuck == state_at(events, problem, 14).stuck == ()


@pytest.mark.parametrize(
    ("problem", "english", "french"),
    [
        (Problem(petersen_graph(), 2), "dead end", "impasse"),
        (Problem(complete_graph(3), 2), "dead end", "impasse"),
        (Problem(sudoku_graph(2), 4), "dead end: a colour has no place left in a house",
         "impasse : une couleur n'a plus de place dans un groupe"),
        (Problem(sudoku_graph(2), 5), "dead end", "impasse"),  # houses of 4 < k: no singles
        (Grid.parse("." * 16, variant=Variant.parse("killer", cages=[((0, 1), 3)])).problem,
         "dead end: a colour has no place left in a house, or a cage can no longer make its "
         "sum", "impasse : une couleur n'a plus de place dans un groupe, ou une cage ne peut "
         "plus faire sa somme"),
    ],
)  # fmt: skip
def test_the_other_causes_are_those_the_graph_has(
    problem: Problem, english: str, french: str
) -> None:
    assert dead_end_cause(problem) == english
    assert dead_end_cause(problem, "fr") == french
    page = visualize(problem, "propagate", max_nodes=50)
    data = read_page_data(page)
    assert data["dead_end"] == english
    assert not set(data["labels"]) & set(visualize_module.CAUSE_KEYS)
    if "house" not in english:
        assert "house" not in page and "groupe" not in visualize(problem, "mrv", lang="fr")


def test_the_old_house_wording_is_gone() -> None:
    for words in LABELS.values():
        assert "fail_house" not in words
        assert all("house lost" not in text for text in words.values())
    assert set(LABELS["en"]) == set(LABELS["fr"])


# -- 2. a DIMACS file's vertices are named as in the file (and as draw names them) ------------
def test_a_dimacs_page_names_vertices_as_draw_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    col = str(GRAPHS / "myciel3.col")
    assert run(capsys, "visualize", col, "-k", "4", "-o", str(tmp_path / "m3.html"))[0] == 0
    data = read_page_data((tmp_path / "m3.html").read_text(encoding="utf-8"))
    assert data["vertex_labels"] == [str(v) for v in range(1, 12)]
    assert run(capsys, "draw", col, "--svg", str(tmp_path / "m3.svg"))[0] == 0
    svg = (tmp_path / "m3.svg").read_text()
    drawn = {html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)}
    assert set(data["vertex_labels"]) <= drawn and "0" not in drawn


@pytest.mark.parametrize("source", ["petersen", "Petersen", "sudoku:2x2"])
def test_named_graphs_keep_their_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str
) -> None:
    """``petersen`` from 0 (as ``draw`` names it), a Sudoku graph's cells r1c2: no labels."""
    assert run(capsys, "visualize", source, "-k", "4", "-o", str(tmp_path / "g.html"))[0] == 0
    assert read_page_data((tmp_path / "g.html").read_text())["vertex_labels"] is None


def test_the_library_uses_a_graph_s_labels() -> None:
    g = Graph.from_edges(3, [(0, 1), (1, 2)], labels=["a", "b", "c"])
    assert read_page_data(visualize(g, "dsatur", k=2))["vertex_labels"] == ["a", "b", "c"]
    bare = read_dimacs(GRAPHS / "myciel3.col")  # read from Python: numbers from 0
    assert read_page_data(visualize(bare, "dsatur", k=4))["vertex_labels"] is None


# -- 3. no placeholder is read twice -----------------------------------------------------------
@pytest.mark.parametrize(
    "title",
    ["x @DATA@", "x @JS@", "@CSS@", "@TITLE@ and @LANG@", "@DATA@@JS@@CSS@@TITLE@@LANG@",
     "</h1><script>alert(1)</script>"],
)  # fmt: skip
def test_a_title_is_text_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], title: str
) -> None:
    out = tmp_path / "t.html"
    assert run(capsys, "visualize", BACKTRACKS, "--title", title, "-o", str(out)) == (0, "", "")
    page = out.read_text(encoding="utf-8")
    assert re.findall(r"<h1>(.*?)</h1>", page, re.DOTALL) == [html.escape(title)]
    assert re.findall(r"<title>(.*?)</title>", page, re.DOTALL) == [html.escape(title)]
    assert page.count("<script") == 2 and page.count("</script>") == 2
    assert page.count('"use strict"') == 1 and '<html lang="en">' in page
    assert read_page_data(page)["runs"][0]["status"] == "solved"


@pytest.mark.parametrize("name", ["x @DATA@", "@JS@", "a<!--<script>b"])
def test_a_graph_file_named_like_a_placeholder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """The heading takes the file's name (its stem); the data holds it too, every ``<``
    escaped so that no name closes or opens the script."""
    col = write_col(tmp_path / f"{name}.col", complete_graph(3))
    out = tmp_path / "g.html"
    assert run(capsys, "visualize", str(col), "-k", "3", "-o", str(out))[0] == 0
    page = out.read_text(encoding="utf-8")
    heading = LABELS["en"]["heading"].format(name=name, methods="dsatur")
    assert re.findall(r"<h1>(.*?)</h1>", page) == [html.escape(heading)]
    assert page.count("<script") == 2 and page.count("</script>") == 2
    data = read_page_data(page)
    assert data["name"] == name and data["runs"][0]["status"] == "solved"


def test_no_name_in_the_data_can_end_its_script() -> None:
    name = "a</script><!--<script>b"
    page = visualize(Graph.from_edges(2, [(0, 1)], name=name, labels=["</script>", "<!--"]),
                     "dsatur", k=2)  # fmt: skip
    payload = page.split('id="sg-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in payload and page.count("<script") == 2
    data = read_page_data(page)
    assert (data["name"], data["vertex_labels"]) == (name, ["</script>", "<!--"])


# -- 4. the k chosen for a graph, proven or not; above 64 colours -------------------------------
def test_the_chosen_k_is_said_when_proven(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "visualize", "petersen", "-o", str(tmp_path / "p.html"))
    assert (code, out) == (0, "")
    assert err == (
        "sudograph: k = 3, the chromatic number of the graph (proven); give -k K to choose\n"
    )
    data = read_page_data((tmp_path / "p.html").read_text())
    assert data["k"] == 3
    assert data["k_choice"] == {"k": 3, "proven": True, "lower": 3, "seconds": 10.0}
    assert run(capsys, "visualize", "petersen", "-k", "3", "-o", str(tmp_path / "q.html")) == (
        0, "", "",
    )  # fmt: skip
    assert read_page_data((tmp_path / "q.html").read_text())["k_choice"] is None


@pytest.fixture
def hurried(monkeypatch: pytest.MonkeyPatch) -> None:
    """The chromatic portfolio given no time: on mug88_1 it finds 4 colours and proves 3."""
    monkeypatch.setattr(visualize_module, "CHROMATIC_TIMEOUT", 0.0)


def test_an_unproven_k_is_said_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hurried: None
) -> None:
    col = str(GRAPHS / "mug88_1.col")
    code, out, err = run(capsys, "visualize", col, "-o", str(tmp_path / "m.html"))
    assert (code, out) == (0, "")
    assert err == (
        "sudograph: k = 4, the fewest colours found in 0 s: an upper bound, not proven to be "
        "the chromatic number (it lies between 3 and 4); give -k K to choose\n"
    )
    data = read_page_data((tmp_path / "m.html").read_text())
    assert data["k"] == 4 and data["k_choice"] == {
        "k": 4, "proven": False, "lower": 3, "seconds": 0.0,
    }  # fmt: skip


def test_choose_k_and_its_words() -> None:
    assert choose_k(petersen_graph()) == ColourCount(3, True, 3)
    assert ColourCount(17, False, 13).describe() == (
        "k = 17, the fewest colours found in 10 s: an upper bound, not proven to be the "
        "chromatic number (it lies between 13 and 17)"
    )


@pytest.mark.parametrize("n", [65, 70])
def test_a_graph_above_64_colours_is_refused_with_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], n: int
) -> None:
    col = write_col(tmp_path / f"k{n}.col", complete_graph(n))
    out = tmp_path / "k.html"
    code, stdout, err = run(capsys, "visualize", str(col), "-o", str(out))
    assert (code, stdout) == (2, "") and not out.exists()
    assert err == (
        f"sudograph: error: {col}: the graph needs {n} colours (its chromatic number), more "
        "than the 64 a traced search takes; give -k K (at most 64) to watch a search run out "
        f"of colours, or colour it with: sudograph draw {col} --svg k{n}.svg\n"
    )
    assert "k must be between" not in err
    with pytest.raises(InvalidArgument, match=rf"^the graph needs {n} colours .* give k \("):
        visualize(complete_graph(n), "dsatur")


def test_the_suggested_draw_works(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    col = write_col(tmp_path / "k66.col", complete_graph(66))
    code, _, err = run(capsys, "draw", str(col), "--svg", str(tmp_path / "k66.svg"))
    assert code == 0 and (tmp_path / "k66.svg").stat().st_size > 0, err


def test_an_unproven_count_above_64_says_so() -> None:
    with pytest.raises(InvalidArgument) as caught:
        visualize_module.check_colour_count(ColourCount(70, False, 40), how="give -k K")
    assert str(caught.value) == (
        "the fewest colours found in 10 s is 70 (the chromatic number lies between 40 and 70, "
        "not proven), more than the 64 a traced search takes; give -k K (at most 64) to "
        "search for a colouring with that many"
    )


# -- 5. the exit code says whether the search found a solution ----------------------------------
@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        ([BACKTRACKS], 0, ""),
        ([BACKTRACKS, "-m", "naive", "-m", "propagate"], 0, ""),
        ([UNSAT], 1, "the puzzle has no solution"),
        ([UNSAT, "-m", "naive", "-m", "propagate"], 1, "the puzzle has no solution"),
        (["petersen", "-k", "2"], 1, "the graph has no proper colouring with 2 colours"),
        (["petersen", "-k", "2", "-m", "forward"], 1,
         "the graph has no proper colouring with 2 colours"),
        ([str(GRAPHS / "myciel3.col"), "-k", "1"], 1,
         "the graph has no proper colouring with 1 colour"),
        ([BACKTRACKS, "--max-nodes", "3"], 1,
         "naive stopped (node limit) after 3 nodes, before a solution"),
        ([BACKTRACKS, "-m", "naive", "-m", "propagate", "--max-nodes", "5"], 1,
         "naive stopped (node limit) after 5 nodes, before a solution (propagate found one)"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("to_stdout", [False, True])
def test_the_exit_code_says_whether_a_solution_was_found(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    code: int,
    message: str,
    to_stdout: bool,
) -> None:
    target = tmp_path / "page.html"
    output = "-" if to_stdout else str(target)
    got, out, err = run(capsys, "visualize", *argv, "-o", output)
    page = out if to_stdout else target.read_text(encoding="utf-8")
    where = "standard output" if to_stdout else str(target)
    assert got == code
    assert err == (f"sudograph: {message}: the page shows the search ({where})\n" if code else "")
    runs = read_page_data(page)["runs"]  # the page is written all the same
    assert all(r["status"] == "solved" for r in runs) == (code == 0)


def test_the_exit_code_is_documented(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["visualize", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Exit code: 0 solved" in text and "1 no solution" in text
    doc = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert "**Exit code.** 0 when every search found a solution; 1 when the puzzle" in doc


# -- in the browser (skipped without Chromium, as test_browser.py) -----------------------------
@pytest.fixture(scope="module")
def browser(driver: Any) -> Any:
    """The module's Chromium (``conftest.driver``: started once, skipped without it)."""
    return driver


@pytest.fixture
def show(browser: Any, tmp_path: Path) -> Iterator[Any]:
    """``show(page, steps)``: open the page from disk and press *step* ``steps`` times; no
    script error."""
    from test_browser import click

    def _show(page: str, steps: int = 0) -> None:
        path = tmp_path / f"page{len(list(tmp_path.iterdir()))}.html"
        path.write_text(page, encoding="utf-8")
        browser.get(path.as_uri())
        if steps:
            click(browser, "step", steps)

    yield _show
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == [], errors


def event_line(browser: Any) -> Any:
    return browser.find_element("css selector", '#run0 [data-field="event"]')


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "dead end: no colour left for vertex 4"),
     ("fr", "impasse : plus aucune couleur possible pour sommet 4")],
)  # fmt: skip
def test_browser_the_petersen_dead_end(browser: Any, show: Any, lang: str, text: str) -> None:
    show(visualize(petersen_graph(), "dsatur", k=2, lang=lang), 13)
    line = event_line(browser)
    assert line.text == text and line.get_attribute("data-stuck") == "4"
    dead = browser.find_elements("css selector", "#run0 circle.vx.dead")
    assert [d.get_attribute("data-v") for d in dead] == ["4"]
    assert not re.search("house|groupe", browser.find_element("tag name", "body").text)
    show(visualize(petersen_graph(), "dsatur", k=2, lang=lang), 14)  # the undo: red gone
    assert event_line(browser).get_attribute("data-stuck") == ""
    assert browser.find_elements("css selector", "#run0 circle.vx.dead") == []


def test_browser_a_house_dead_end_on_a_grid(browser: Any, show: Any) -> None:
    """propagate on the 9x9: at step 141 no cell is stuck, a house lost a colour (checked in
    Python); the page says so, and names the stuck cells where there are some."""
    grid = Grid.parse(HARD)
    events = trace_run(grid.problem, "propagate").events
    steps = [i for i, e in enumerate(events, 1) if e.kind == "fail" and e.vertex < 0]
    house = next(i for i in steps if not state_at(events, grid.problem, i).stuck)
    assert house_lost_a_colour(grid.problem, state_at(events, grid.problem, house).coloring)
    show(visualize(grid, "propagate"), house)
    assert event_line(browser).text == "dead end: a colour has no place left in a house"
    stuck = next((i for i in steps if state_at(events, grid.problem, i).stuck), None)
    if stuck is not None:
        s = state_at(events, grid.problem, stuck)
        show(visualize(grid, "propagate"), stuck)
        names = ", ".join(f"r{v // 9 + 1}c{v % 9 + 1}" for v in s.stuck[:3])
        assert event_line(browser).text.startswith(f"dead end: no colour left for {names}")


def test_browser_dimacs_vertices_are_named_from_1(
    browser: Any, show: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "m3.html"
    assert run(capsys, "visualize", str(GRAPHS / "myciel3.col"), "-k", "4", "-o", str(out))[0] == 0
    data = read_page_data(out.read_text(encoding="utf-8"))
    first = data["runs"][0]["events"][1]  # the vertex of the first event, a select
    show(out.read_text(encoding="utf-8"), 1)
    assert event_line(browser).text == f"choose vertex {first + 1}"
    labels = browser.find_elements("css selector", "#run0 svg.graph > text")
    assert sorted(int(t.text) for t in labels) == list(range(1, 12))
    titles = browser.execute_script(
        "return Array.from(document.querySelectorAll('#run0 circle.vx title'), t => t.textContent)"
    )
    assert titles == [f"vertex {v}" for v in range(1, 12)]
    cands = browser.find_element("css selector", '#run0 [data-field="candidates"]').text
    assert cands.startswith(f"vertex {first + 1}: ")


def test_browser_the_k_note(browser: Any, show: Any, hurried: None) -> None:
    from selenium.webdriver.common.by import By

    show(visualize(petersen_graph(), "dsatur"))
    note = browser.find_element(By.ID, "k-note")
    assert note.text == "k = 3: the chromatic number of the graph (proven)"
    assert "note" not in note.get_attribute("class").split()
    graph = read_dimacs(GRAPHS / "mug88_1.col")
    show(visualize(graph, "dsatur", lang="fr"))
    note = browser.find_element(By.ID, "k-note")
    assert note.text == (
        "k = 4 : le moins de couleurs trouvé en 0 s, sans preuve que ce soit le nombre "
        "chromatique (il est entre 3 et 4)"
    )
    assert "note" in note.get_attribute("class").split()
    show(visualize(petersen_graph(), "dsatur", k=3))
    assert not browser.find_element(By.ID, "k-note").is_displayed()


def test_browser_a_title_stays_text(browser: Any, show: Any) -> None:
    title = "x @DATA@ @JS@ </h1>"
    show(visualize(Grid.parse(BACKTRACKS), "naive", title=title), 3)
    assert browser.title == title
    assert browser.find_element("tag name", "h1").text == title
    assert browser.find_element("css selector", "#step-label").text.startswith("step 3")
