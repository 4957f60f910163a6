"""The portfolio's house-kernel step: "k = lower?" asked of the compiled Sudoku search, the
cliques of the lower bound's size as its houses. It proves χ of the large Sudoku graphs that
CaDiCaL did not colour in 20 s, and its answers, colourings and refutations, are exact."""

from __future__ import annotations

import importlib
import time

import pytest

from sudograph.graph import Graph, petersen_graph, sudoku_graph
from sudograph.problem import is_proper_coloring
from sudograph.search.bounds import cliques_of_size, max_clique
from sudograph.search.chromatic import HOUSE_STEP, chromatic_number

pytest.importorskip("numba")
chrom = importlib.import_module("sudograph.search.chromatic")


def book_of(graph: Graph, clique: list[int]) -> object:
    book = chrom._Book(graph, time.perf_counter(), None, None)
    book.lower_upper(tuple(range(1, graph.n + 1)), "one colour a vertex")
    book.raise_lower(len(clique), "clique")
    return book


def cycle(n: int) -> Graph:
    return Graph.from_edges(n, [(i, (i + 1) % n) for i in range(n)])


@pytest.mark.parametrize(
    ("graph", "lower", "upper", "lower_by", "upper_by"),
    [
        (sudoku_graph(2), 4, 4, "clique", HOUSE_STEP),  # 4 colours: a Sudoku grid
        (sudoku_graph(2, 3), 6, 6, "clique", HOUSE_STEP),
        (cycle(5), 3, 5, f"{HOUSE_STEP}: no 2-colouring", "one colour a vertex"),
        (petersen_graph(), 3, 10, f"{HOUSE_STEP}: no 2-colouring", "one colour a vertex"),
    ],
    ids=["sudoku4", "sudoku6", "C5", "petersen"],
)
def test_the_step_colours_or_refutes_exactly(
    graph: Graph, lower: int, upper: int, lower_by: str, upper_by: str
) -> None:
    clique = max_clique(graph)
    book = book_of(graph, clique)
    chrom._house_kernel(book, clique, cliques_of_size(graph, len(clique)), 10_000)
    assert (book.lower, book.upper) == (lower, upper)
    assert (book.lower_by, book.upper_by) == (lower_by, upper_by)
    assert is_proper_coloring(graph, book.coloring)


def test_no_nodes_no_step() -> None:
    graph = sudoku_graph(2)
    clique = max_clique(graph)
    book = book_of(graph, clique)
    chrom._house_kernel(book, clique, cliques_of_size(graph, 4), 0)
    assert (book.lower, book.upper) == (4, 16)


@pytest.mark.parametrize("use_sat", [True, False])
def test_the_25x25_sudoku_graph_is_proven_by_the_house_kernel(use_sat: bool) -> None:
    """CaDiCaL alone stopped at 25 <= chi <= 26 after 20 s (bench/ab_chromatic_houses.py)."""
    if use_sat:
        pytest.importorskip("pysat")
    graph = sudoku_graph(5)
    r = chromatic_number(graph, timeout=60, use_sat=use_sat)
    assert r.proven and r.chromatic_number == 25
    assert r.upper_by == HOUSE_STEP
    assert is_proper_coloring(graph, r.coloring) and max(r.coloring) == 25
