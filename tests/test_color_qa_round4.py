"""``color``: the JSON row's ``colors`` counts the colours used (a greedy colouring may skip
numbers: it said 10 for three colours numbered 8, 9, 10), and k above 64 is quoted as given
(it quoted the vertex count it was cut to)."""

from __future__ import annotations

import importlib
import json
import re
from itertools import combinations

import pytest

from sudograph.cli import main
from sudograph.errors import InvalidArgument, install_hint
from sudograph.graph import Graph

solve_module = importlib.import_module("sudograph.solve")


@pytest.mark.parametrize(("method", "seed"), [("greedy-mrv", 1), ("greedy", 1), ("dsatur", None)])
def test_colors_is_the_number_of_colours_used(
    method: str, seed: int | None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["color", "petersen", "-k", "10", "-m", method, "--json"]
    assert main([*argv, *(["--seed", str(seed)] if seed is not None else [])]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["colors"] == len(set(row["coloring"])) <= 10


K70 = Graph.from_edges(70, combinations(range(70), 2))


@pytest.mark.parametrize(("k", "sat"), [(200, True), (66, True), (70, False)])
def test_k_above_64_is_quoted_as_given(k: int, sat: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_module, "_sat_installed", lambda: sat)
    hint = (
        ""
        if sat
        else re.escape(f" (this needs the optional dependency 'pysat': {install_hint('sat')})")
    )
    with pytest.raises(
        InvalidArgument, match=rf"^k={k} is above 64: only method 'sat' takes it{hint}$"
    ):
        solve_module.color(K70, k, "dsatur")


@pytest.mark.parametrize(("timeout", "least"), [(1.0, 0.5), (0.2, 0.1), (100.0, 5.0)])
def test_the_clique_search_gets_half_a_second_of_a_short_timeout(
    timeout: float, least: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """5 % of ``--timeout 1`` stopped fpsol2.i.1's clique search at 58 of 65 (χ unproven,
    where no timeout proves it in 0.15 s): at least half a second now, at most half the time."""
    import time

    chromatic = importlib.import_module("sudograph.search.chromatic")
    real, given = chromatic.max_clique, []

    def spy(graph: Graph, nodes: int, deadline: float | None) -> list[int]:
        given.append(deadline)
        return real(graph, nodes, deadline)

    monkeypatch.setattr(chromatic, "max_clique", spy)
    start = time.perf_counter()
    result = chromatic.chromatic_number(K70, timeout)
    assert result.chromatic_number == 70 and given[0] is not None
    assert least - 0.05 <= given[0] - start <= least + 0.05


def test_a_colouring_that_skips_numbers_improves_the_upper_bound() -> None:
    """The bound is a colouring's colours, not its largest number: one of 3 colours numbered
    up to 9 was refused against an upper bound of 4."""
    from sudograph.graph import petersen_graph

    chromatic = importlib.import_module("sudograph.search.chromatic")
    book = chromatic._Book(petersen_graph(), 0.0, None, None)
    three = chromatic.dsatur_coloring(petersen_graph(), None)
    book.lower_upper((4, *three[1:]), "four")  # (a fourth colour on one vertex)
    assert book.upper == 4
    gapped = tuple({1: 5, 2: 7, 3: 9}[c] for c in three)
    book.lower_upper(gapped, "gapped")
    assert (book.upper, book.upper_by) == (3, "gapped") and set(book.coloring) == {1, 2, 3}


@pytest.mark.parametrize("method", ["naive", "mrv", "forward", "dsatur", "propagate", "sat"])
@pytest.mark.parametrize(("n", "k"), [(1, 2), (3, 4), (2, 5)])
def test_every_colouring_with_more_colours_than_vertices(method: str, n: int, k: int) -> None:
    """A list or a count takes every colour given: k above the vertex count was cut to it,
    and 3 vertices without edges had 27 colourings with 4 colours, marked complete (found by
    the differential fuzz of 2026-11-27)."""
    if method == "sat":
        pytest.importorskip("pysat")
    from sudograph import Graph, Problem, color, count

    graph = Graph.from_edges(n, [])
    listed = color(graph, k, method, limit=None)
    assert (listed.count or len(listed.solutions), listed.complete) == (k**n, True)
    assert len(set(listed.solutions)) == k**n == count(Problem(graph, k)).count
    assert color(graph, k, method).status == "solved"  # one colouring: as before
