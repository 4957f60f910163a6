"""Faults of ``sudograph visualize`` found by QA (no browser; what the page does in one is in
``test_browser.py``): an output that cannot be written was reported only after the search, a
method given twice was accepted, the French heading was half English, and the docs said the
counters equal "the solver's Stats" when the default (compiled) run of ``propagate`` counts
differently."""

from __future__ import annotations

import html
import re
import time
from pathlib import Path

import pytest

from sudograph import visualize as visualize_module
from sudograph.cli import main
from sudograph.errors import InvalidArgument
from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.grid import Grid
from sudograph.solve import solve
from sudograph.visualize import LABELS, display_name, read_page_data, visualize

BACKTRACKS = "....1..2..3..4.."
DOCS = Path(__file__).parent.parent / "docs" / "visualize.md"


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
@pytest.mark.parametrize(
    ("output", "message"),
    [
        ("{tmp}/no/dir/x.html", "{tmp}/no/dir/x.html: folder {tmp}/no/dir does not exist"),
        ("{tmp}", "{tmp}: is a folder, not a file"),
        ("{tmp}/file.txt/x.html", "{tmp}/file.txt/x.html: {tmp}/file.txt is not a folder"),
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
    assert err == f"sudograph: error: --method: {methods[0]} given twice\n"
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
