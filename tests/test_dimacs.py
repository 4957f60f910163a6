"""DIMACS .col graphs: reading the classic files, writing, round trips, bad files."""

from __future__ import annotations

import io
import itertools
import warnings
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudograph.errors import ParseError
from sudograph.formats.dimacs import (
    MAX_VERTICES,
    SelfLoopWarning,
    format_dimacs,
    parse_dimacs,
    read_dimacs,
    write_dimacs,
)
from sudograph.graph import Graph, petersen_graph, sudoku_graph

CLASSIC = ["anna", "david", "games120", "huck", "jean", "miles250", "myciel3", "myciel4",
           "queen5_5"]  # fmt: skip


def edges_by_hand(path: Path) -> tuple[int, set[tuple[int, int]]]:
    """An independent reading: the p line's N and the set of distinct non-loop edges."""
    n, edges = 0, set()
    for line in path.read_text().splitlines():
        f = line.split()
        if f and f[0] == "p":
            n = int(f[2])
        elif f and f[0] == "e" and f[1] != f[2]:
            u, v = int(f[1]) - 1, int(f[2]) - 1
            edges.add((min(u, v), max(u, v)))
    return n, edges


@pytest.mark.parametrize("name", CLASSIC)
def test_classic_files(graphs_dir: Path, name: str) -> None:
    path = graphs_dir / f"{name}.col"
    g = read_dimacs(path)
    n, edges = edges_by_hand(path)
    assert g.n == n
    assert set(g.edges()) == edges
    assert g.name == name


def test_queen5_5_is_the_queen_graph(graphs_dir: Path) -> None:
    g = read_dimacs(graphs_dir / "queen5_5.col")
    for u, v in itertools.combinations(range(25), 2):
        (ru, cu), (rv, cv) = divmod(u, 5), divmod(v, 5)
        attacks = ru == rv or cu == cv or abs(ru - rv) == abs(cu - cv)
        assert g.has_edge(u, v) == attacks


def test_myciel3_is_the_grotzsch_graph(graphs_dir: Path) -> None:
    g = read_dimacs(graphs_dir / "myciel3.col")
    assert g.stats() == {"vertices": 11, "edges": 20, "degree": {"min": 3, "max": 5}, "houses": 0}


def test_homer_self_loop_warned_and_dropped(graphs_dir: Path) -> None:
    path = graphs_dir / "homer.col"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        g = read_dimacs(path)
    assert [(w.category, str(w.message)) for w in caught] == [
        (SelfLoopWarning, f"{path}:{no}: self-loop on vertex 95 dropped") for no in (510, 511)
    ]
    assert not g.has_edge(94, 94)
    n, edges = edges_by_hand(path)
    assert (g.n, set(g.edges())) == (n, edges)
    with pytest.raises(ParseError, match=r"homer\.col:510: self-loop on vertex 95"):
        read_dimacs(path, strict=True)


@pytest.mark.parametrize(
    "graph",
    [petersen_graph(), sudoku_graph(2), sudoku_graph(2, 3), Graph.from_edges(5, [(0, 4)])],
    ids=["petersen", "sudoku4", "sudoku6", "isolated"],
)
def test_round_trip(graph: Graph, tmp_path: Path) -> None:
    assert parse_dimacs(format_dimacs(graph)).neighbors == graph.neighbors
    path = tmp_path / "g.col"
    write_dimacs(graph, path)
    assert read_dimacs(path).neighbors == graph.neighbors
    buf = io.StringIO()
    write_dimacs(graph, buf)
    assert buf.getvalue() == path.read_text()


@given(
    st.integers(1, 15).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=40),
        )
    )
)
def test_round_trip_property(case: tuple[int, list[tuple[int, int]]]) -> None:
    n, pairs = case
    g = Graph.from_edges(n, [(u, v) for u, v in pairs if u != v])
    text = format_dimacs(g, ["a comment"])
    assert text.startswith("c a comment\np edge")
    assert parse_dimacs(text) == g
    assert parse_dimacs(text.splitlines(keepends=True)) == g


def test_duplicates_and_reversed_edges_are_merged() -> None:
    g = parse_dimacs("p edge 3 4\ne 1 2\ne 2 1\ne 1 2\ne 3 2\n")
    assert g.edges() == [(0, 1), (1, 2)]


def test_other_line_types_and_blank_lines() -> None:
    g = parse_dimacs("c x\n\np col 2 1\nn 1 5\ne 1 2\n")
    assert g.edges() == [(0, 1)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("e 1 2\n", "1:1: edge before the 'p edge N M' line"),
        ("c only comments\n", "no 'p edge N M' line"),
        ("", "no 'p edge N M' line"),
        ("p edge 3\n", "1:9: bad header 'p edge 3': expected 'p edge N M'"),
        ("p graph 3 1\n", "1:3: bad header"),
        ("p edge x 1\n", "1:8: vertex count 'x' is not an integer"),
        ("p edge -3 1\n", "1:8: vertex count -3 is negative"),
        (f"p edge {MAX_VERTICES + 1} 0\n", f"1:8: {MAX_VERTICES + 1} vertices is more than"),
        ("p edge 3 1\np edge 3 1\n", "2:1: second 'p' line"),
        ("c\np edge 3 1\ne 1 4\n", "3:5: vertex 4 is out of range 1..3"),
        ("p edge 3 1\ne 0 1\n", "2:3: vertex 0 is out of range 1..3"),
        ("p edge 3 1\ne 1\n", "2:4: bad edge line 'e 1'"),
        ("p edge 3 1\ne 1 b\n", "2:5: vertex 'b' is not an integer"),
        ("p edge 3 1\nq 1 2\n", "2:1: unknown line type 'q'"),
    ],
)
def test_bad_files(text: str, message: str) -> None:
    with pytest.raises(ParseError, match="^" + message.replace("(", r"\(")):
        parse_dimacs(text)


def test_self_loop_in_text() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        g = parse_dimacs("p edge 2 2\ne 1 1\ne 1 2\n")
    assert g.edges() == [(0, 1)]
    assert [str(w.message) for w in caught] == ["line 2: self-loop on vertex 1 dropped"]
    with pytest.raises(ParseError, match=r"^2: self-loop on vertex 1"):
        parse_dimacs("p edge 2 2\ne 1 1\n", strict=True)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"p edge 2 1\n\xff\n", "g.col:2:1: invalid UTF-8"),
        (b"p edge 2 1\ne 1\x00 2\n", "g.col:2:4: binary data"),
        (b"e 1 " + b"2" * (1 << 20) + b"\np edge 1 0\n", "g.col:1: line longer than"),
    ],
)
def test_bad_bytes(data: bytes, message: str) -> None:
    with pytest.raises(ParseError, match="^" + message):
        read_dimacs(io.BytesIO(data), name="g.col")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_dimacs(tmp_path / "nope.col")
