"""Fuzzing: arbitrary text and bytes given to every parser and to the CLI entry point.

Each must give a result or a SudographError (ParseError for the parsers), nothing else: no
other exception, no hang. The budget is bounded here (CI); docs/robustness.md reports a longer
run.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.cli import main
from sudograph.errors import ParseError, SudographError
from sudograph.formats.dimacs import SelfLoopWarning, parse_dimacs, read_dimacs
from sudograph.formats.puzzles import iter_grids, iter_puzzles
from sudograph.grid import Grid

BUDGET = int(os.environ.get("SUDOGRAPH_FUZZ_EXAMPLES", "200"))
fuzz = settings(max_examples=BUDGET, deadline=None)

GRIDISH = st.text(alphabet=st.sampled_from(list("123456789.0ABCDEFG |+-#[]{},\n\r\t x")))
DIMACSISH = st.lists(
    st.one_of(
        st.sampled_from(["c hi", "p edge 4 3", "p edge 2 1", "p col 3", "p edge -1 0", ""]),
        st.builds(lambda a, b: f"e {a} {b}", st.integers(-2, 6), st.integers(-2, 6)),
        st.text(max_size=12),
    ),
    max_size=12,
).map("\n".join)


def check_grid_result(result: Grid) -> None:
    """A grid that parsed is consistent and reads back the same."""
    assert len(result.values) == result.n * result.n
    assert Grid.parse(result.to_line(), box=result.box, alphabet=result.alphabet) == result


@fuzz
@given(st.one_of(st.text(max_size=400), GRIDISH))
def test_grid_parse_text(text: str) -> None:
    try:
        g = Grid.parse(text)
    except ParseError:
        return
    check_grid_result(g)


@fuzz
@given(st.one_of(st.text(max_size=200), GRIDISH), st.sampled_from([None, (2, 3), (3, 3)]),
       st.sampled_from([None, "ABCD", "12", "0123456789ABCDEF", "1 2", "abc.e"]))  # fmt: skip
def test_grid_parse_with_options(
    text: str, box: tuple[int, int] | None, alphabet: str | None
) -> None:
    try:
        g = Grid.parse(text, box=box, alphabet=alphabet)
    except ParseError:
        return
    check_grid_result(g)


@fuzz
@given(st.recursive(st.integers(-3, 20) | st.booleans() | st.none() | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=6), max_leaves=40))  # fmt: skip
def test_grid_parse_lists(obj: object) -> None:
    try:
        g = Grid.parse(obj)  # type: ignore[arg-type]
    except ParseError:
        return
    check_grid_result(g)


@fuzz
@given(st.binary(max_size=600))
def test_iter_puzzles_bytes(data: bytes) -> None:
    for no, item in iter_puzzles(io.BytesIO(data)):
        assert isinstance(no, int) and no >= 1
        assert isinstance(item, Grid | ParseError)


@fuzz
@given(st.one_of(st.binary(max_size=600), GRIDISH.map(lambda t: t.encode())))
def test_iter_grids_bytes(data: bytes) -> None:
    for no, item in iter_grids(io.BytesIO(data)):
        assert isinstance(no, int) and no >= 1
        assert isinstance(item, Grid | ParseError)


@fuzz
@given(st.one_of(st.text(max_size=300), DIMACSISH), st.booleans())
def test_parse_dimacs_text(text: str, strict: bool) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SelfLoopWarning)
        try:
            g = parse_dimacs(text, strict=strict)
        except ParseError:
            return
    assert all(u < v for u, v in g.edges())


@fuzz
@given(st.one_of(st.binary(max_size=300), DIMACSISH.map(lambda t: t.encode())))
def test_read_dimacs_bytes(data: bytes) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SelfLoopWarning)
        with contextlib.suppress(ParseError):
            read_dimacs(io.BytesIO(data))


@fuzz
@given(st.one_of(st.binary(max_size=400), GRIDISH.map(lambda t: t.encode())),
       st.sampled_from(["check", "show", "info"]),
       st.sampled_from([[], ["--json"], ["--box", "2x3"], ["--alphabet", "ABCD"]]))  # fmt: skip
def test_cli_on_arbitrary_files(data: bytes, command: str, extra: list[str]) -> None:
    with tempfile.NamedTemporaryFile(suffix=".txt", delete=False) as f:
        f.write(data)
    try:
        with _quiet():
            code = main([command, f.name, *extra])
    finally:
        os.unlink(f.name)
    assert code in (0, 1, 2)
    if command != "check":
        assert code != 1


@fuzz
@given(st.text(max_size=120).filter(lambda t: not t.startswith("-") and "\x00" not in t))
def test_cli_on_arbitrary_arguments(text: str) -> None:
    with _quiet():
        try:
            code = main(["check", text])
        except SudographError:  # pragma: no cover - main must catch these
            pytest.fail("main let a SudographError out")
    assert code in (0, 1, 2)


class _quiet:
    """Swallow the CLI's output (the fuzz tests look at exit codes only)."""

    def __enter__(self) -> None:
        import contextlib
        import sys

        self._stack = contextlib.ExitStack()
        self._stack.enter_context(contextlib.redirect_stdout(io.StringIO()))
        self._stack.enter_context(contextlib.redirect_stderr(io.StringIO()))
        del sys

    def __exit__(self, *exc: object) -> None:
        self._stack.close()
