"""Fuzzing the variant formats: region maps, cage files, the variant text and JSON formats,
f-puzzles JSON, and the CLI's ``--variant``/``--regions``/``--cages`` options.

Each parser must return a result or raise a :class:`ParseError` (a SudographError naming
where), nothing else; the CLI must exit 0, 1 or 2 with no traceback, saying why when 2
(``run_cli`` of ``test_fuzz_cli_solve.py``). The budget is bounded
here (CI) like ``test_fuzz_parsers.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from sudograph.errors import ParseError, SudographError
from sudograph.formats.variant import (
    parse_cages,
    read_fpuzzles,
    read_variant_puzzle,
    read_variant_puzzles,
    variant_from_options,
)
from sudograph.grid import Grid
from sudograph.variants import VARIANTS, check_solution, parse_regions
from test_fuzz_cli_solve import run_cli

BUDGET = int(os.environ.get("SUDOGRAPH_FUZZ_EXAMPLES", "200"))
fuzz = settings(max_examples=BUDGET, deadline=None)

NAMES = st.sampled_from([*VARIANTS, "hyper", "X", "", "nope", "+", "x+"])
SPEC = st.lists(NAMES, max_size=3).map("+".join)
REGIONISH = st.text(alphabet=st.sampled_from(list("0123456789ABCDEFabc.# \n\t,")), max_size=120)
CELL = st.builds(lambda r, c: f"r{r}c{c}", st.integers(-1, 11), st.integers(-1, 11))
CAGE_LINE = st.one_of(
    st.builds(
        lambda total, cells: " ".join([str(total), *cells]),
        st.integers(-3, 60),
        st.lists(CELL, max_size=6),
    ),
    st.text(alphabet=st.sampled_from(list("rRcC0123456789 ,#-x\t")), max_size=20),
)
CAGEISH = st.lists(CAGE_LINE, max_size=6).map("\n".join)
GRIDISH = st.one_of(
    st.sampled_from([16, 36, 81]).flatmap(  # a grid of a real size, mostly empty
        lambda size: st.lists(
            st.sampled_from(list("........123456789")), min_size=size, max_size=size
        ).map("".join)
    ),
    st.text(alphabet=st.sampled_from(list("123456789.0ABCDEFG")), max_size=90),
)
JSON_SCALAR = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=6), st.floats(-2, 2)
)
JSON = st.recursive(
    JSON_SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)
FP_KEYS = st.sampled_from(
    ["size", "grid", "diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups",
     "killercage", "title", "author", "ruleset", "solution", "thermometer"]
)  # fmt: skip
FP_CELL = st.one_of(
    st.dictionaries(
        st.sampled_from(["value", "given", "region", "centerPencilMarks"]), JSON_SCALAR, max_size=3
    ),
    JSON_SCALAR,
)


def fp_grid(n: int) -> st.SearchStrategy[Any]:
    return st.lists(st.lists(FP_CELL, min_size=n, max_size=n), min_size=n, max_size=n)


FPUZZLES = st.one_of(
    st.integers(1, 9).flatmap(
        lambda n: st.fixed_dictionaries(
            {"size": st.one_of(st.just(n), JSON_SCALAR), "grid": fp_grid(n)},
            optional={
                "diagonal+": st.booleans(),
                "diagonal-": st.booleans(),
                "antiknight": JSON_SCALAR,
                "antiking": st.booleans(),
                "disjointgroups": st.booleans(),
                "killercage": st.one_of(
                    JSON,
                    st.lists(
                        st.fixed_dictionaries(
                            {"cells": st.lists(CELL.map(str.upper), max_size=4)},
                            optional={"value": JSON_SCALAR},
                        ),
                        max_size=3,
                    ),
                ),
            },
        )
    ),
    st.dictionaries(FP_KEYS, JSON, max_size=5),
    JSON,
).map(json.dumps)


OUR_JSON = st.fixed_dictionaries(
    {"grid": st.one_of(GRIDISH, JSON)},
    optional={
        "box": st.one_of(st.sampled_from(["2x2", "2x3", "3x3", "3", "x"]), JSON),
        "variant": st.one_of(SPEC, JSON),
        "regions": st.one_of(REGIONISH, st.lists(REGIONISH, max_size=9), JSON),
        "cages": st.one_of(
            st.lists(
                st.fixed_dictionaries(
                    {"sum": st.one_of(st.integers(-1, 50), JSON), "cells": st.lists(CELL)}
                ),
                max_size=4,
            ),
            JSON,
        ),
    },
).map(json.dumps)


@fuzz
@given(REGIONISH, st.sampled_from([4, 6, 9]))
def test_parse_regions(text: str, n: int) -> None:
    try:
        regions = parse_regions(text, n)
    except ParseError:
        return
    assert len(regions) == n * n
    assert sorted(set(regions)) == list(range(n))  # n regions of n cells each
    assert all(regions.count(r) == n for r in range(n))


@fuzz
@given(CAGEISH, st.sampled_from([4, 6, 9]))
def test_parse_cages(text: str, n: int) -> None:
    try:
        cages = parse_cages(text, n)
    except ParseError as exc:
        assert exc.line is not None  # every cage fault is placed at its line
        return
    for cells, total in cages:
        assert cells and len(set(cells)) == len(cells) and all(0 <= v < n * n for v in cells)
        assert total > 0


@fuzz
@given(
    SPEC, st.sampled_from([4, 6, 9]), st.one_of(st.none(), REGIONISH), st.one_of(st.none(), CAGEISH)
)
def test_variant_from_options(spec: str, n: int, regions: str | None, cages: str | None) -> None:
    try:
        variant = variant_from_options(spec, n, regions=regions, cages=cages)
    except SudographError:
        return
    assert variant is None or variant.spec is not None


def read_or_refuse(read: Any, text: str) -> Grid | None:
    """``read(text)``: a grid of N*N values, or None when it raised a ParseError."""
    try:
        grid = read(text)
    except ParseError:
        return None
    assert isinstance(grid, Grid) and len(grid.values) == grid.n * grid.n
    return grid


VARIANT_TEXT = st.builds(
    lambda spec, box, grid, regions, cages: "\n".join(
        [f"variant: {spec}", box, f"grid: {grid}", "regions:", regions, "cages:", cages]
    ),
    SPEC,
    st.sampled_from(["", "box: 2x2", "box: 2x3", "box: 3x3", "box: 0x1", "box: x"]),
    GRIDISH,
    REGIONISH,
    CAGEISH,
)


@fuzz
@given(st.one_of(VARIANT_TEXT, OUR_JSON, st.text(max_size=200)))
def test_read_variant_text_and_json(text: str) -> None:
    if read_or_refuse(read_variant_puzzle, text) is not None:
        for _, item in read_variant_puzzles(text):
            assert isinstance(item, Grid | ParseError)


@fuzz
@given(FPUZZLES)
def test_read_fpuzzles(text: str) -> None:
    grid = read_or_refuse(read_fpuzzles, text)
    if grid is not None and grid.is_complete():
        check_solution(grid.variant, grid.box, grid.values)  # a list of faults, no exception


@fuzz
@given(
    st.sampled_from(["solve", "count", "check", "show", "rate", "hint", "info"]),
    SPEC,
    GRIDISH,
    st.one_of(st.none(), REGIONISH),
    st.one_of(st.none(), CAGEISH),
)
@example("count", "", "." * 81, None, None)  # hung the suite now and then: counted for ever
def test_cli_variant_options(
    command: str, spec: str, grid: str, regions: str | None, cages: str | None
) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        argv = [command, grid or "."]
        if command == "count":  # a nearly empty 9x9 has ~1e21 solutions: count never ends
            argv += ["--limit", "1000"]
        if spec:
            argv += ["--variant", spec]
        if regions is not None:
            path = Path(tmp) / "map.regions"
            path.write_text(regions)
            argv += ["--regions", str(path)]
        if cages is not None:
            path = Path(tmp) / "cages.txt"
            path.write_text(cages)
            argv += ["--cages", str(path)]
        code = run_cli(argv)  # exit 0, 1 or 2, no traceback, a reason for 2
    event(f"exit {code}")


@fuzz
@given(st.one_of(FPUZZLES, OUR_JSON, st.text(max_size=200)))
def test_cli_reads_any_variant_file(text: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "puzzle.json"
        path.write_text(text)
        run_cli(["solve", str(path)])
