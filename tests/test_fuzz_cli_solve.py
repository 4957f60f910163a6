"""Fuzzing ``sudograph solve`` and ``sudograph color`` (issue 8, item 2).

Arbitrary text (inline puzzles), arbitrary bytes (files and standard input) and arbitrary
DIMACS-like graphs, with arbitrary methods and options: the CLI always answers with an exit
code (0, 1 or 2), never an exception, never a traceback. Every run is bounded by
``--max-nodes``/``--timeout``. The budget is small here (CI); bench/fuzz_long.py runs the same
checks longer (figures in docs/robustness-solvers.md).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.cli import main
from sudograph.methods import METHODS
from sudograph.search.greedy import ORDERS as GREEDY_ORDERS

BUDGET = int(os.environ.get("SUDOGRAPH_FUZZ_EXAMPLES", "60"))
fuzz = settings(max_examples=BUDGET, deadline=None)
BOUNDS = ["--max-nodes", "2000", "--timeout", "2"]

GRIDISH = st.text(alphabet=st.sampled_from(list("123456789.0ABCDEFG |+-#[]{},\n\r\tx")))
PUZZLE_LIKE = st.builds(
    lambda side, cells: "".join(cells)[: side * side].ljust(side * side, "."),
    st.sampled_from([4, 9, 16]),
    st.lists(st.sampled_from(list("123456789.........")), max_size=256),
)
DIMACSISH = st.lists(
    st.one_of(
        st.sampled_from(["c hi", "p edge 5 4", "p edge 3 3", "p col 4", "p edge -1 0", ""]),
        st.builds(lambda a, b: f"e {a} {b}", st.integers(-1, 7), st.integers(-1, 7)),
        st.text(max_size=10),
    ),
    max_size=14,
).map("\n".join)
SOLVE_OPTIONS = st.lists(
    st.sampled_from(
        [
            ["--json"],
            ["--count"],
            ["--all"],
            ["--stats"],
            ["--trace", "--trace-steps", "5"],
            ["--format", "line"],
            ["--limit", "2"],
            ["--box", "2x3"],
            ["--alphabet", "ABCD"],
            ["--engine", "python"],
            ["--seed", "3", "--itermax", "5"],
        ]
        + [["--method", m] for m in sorted(METHODS)]
        + [["--order", "dsatur"], ["--inference", "check"]]
    ),
    max_size=3,
).map(lambda parts: [a for p in parts for a in p])


@contextlib.contextmanager
def quiet(stdin: bytes | None = None) -> Iterator[io.StringIO]:
    """Capture standard output and error (returned: the error), and feed standard input."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BufferedReader(io.BytesIO(stdin)), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            yield err
    finally:
        sys.stdin = saved


def run_cli(argv: list[str], stdin: bytes | None = None) -> int:
    """``main(argv)``: asserted to return 0, 1 or 2 without a traceback."""
    with quiet(stdin) as err:
        code = main(argv)
    assert code in (0, 1, 2), (argv, code)
    assert "Traceback" not in err.getvalue()
    if code == 2:
        assert err.getvalue().strip(), argv  # a bad input always says why
    return code


def temp_file(data: bytes, suffix: str) -> str:
    with tempfile.NamedTemporaryFile(suffix=suffix, delete=False) as f:
        f.write(data)
    return f.name


@fuzz
@given(
    st.one_of(st.text(max_size=200), GRIDISH, PUZZLE_LIKE).filter(
        lambda t: not t.startswith("-") and "\x00" not in t and not os.path.exists(t)
    ),
    SOLVE_OPTIONS,
)
def test_solve_inline_text(text: str, options: list[str]) -> None:
    run_cli(["solve", text, *options, *BOUNDS])


@fuzz
@given(
    st.one_of(
        st.binary(max_size=500),
        GRIDISH.map(str.encode),
        st.lists(PUZZLE_LIKE, max_size=3).map(lambda xs: "\n".join(xs).encode()),
    ),
    SOLVE_OPTIONS,
)
def test_solve_file(data: bytes, options: list[str]) -> None:
    path = temp_file(data, ".txt")
    try:
        run_cli(["solve", path, *options, *BOUNDS])
    finally:
        os.unlink(path)


@fuzz
@given(
    st.one_of(
        st.binary(max_size=300),
        st.lists(PUZZLE_LIKE, max_size=3).map(lambda xs: "\n".join(xs).encode()),
    ),
    SOLVE_OPTIONS,
)
def test_solve_stdin(data: bytes, options: list[str]) -> None:
    run_cli(["solve", "-", *options, *BOUNDS], stdin=data)


COLOR_OPTIONS = st.lists(
    st.sampled_from(
        [["--json"], ["--seed", "2"]]
        + [["--method", m] for m in sorted(METHODS)]
        + [["--greedy", o] for o in [*GREEDY_ORDERS, "bogus"]]
    ),
    max_size=2,
).map(lambda parts: [a for p in parts for a in p])


def color_bounds(options: list[str]) -> list[str]:
    """The search's bounds, but none for ``--greedy`` (one pass, which refuses them)."""
    return [] if "--greedy" in options else BOUNDS


@fuzz
@given(
    st.one_of(st.binary(max_size=300), DIMACSISH.map(str.encode)),
    st.integers(-2, 70),
    COLOR_OPTIONS,
)
def test_color_file(data: bytes, k: int, options: list[str]) -> None:
    path = temp_file(data, ".col")
    try:
        run_cli(["color", path, "-k", str(k), *options, *color_bounds(options)])
    finally:
        os.unlink(path)


@fuzz
@given(st.sampled_from(["petersen", "sudoku:2x2", "sudoku:2x3", "sudoku:0x0", "nope"]),
       st.integers(-1, 66), COLOR_OPTIONS)  # fmt: skip
def test_color_named_graphs(graph: str, k: int, options: list[str]) -> None:
    run_cli(["color", graph, "-k", str(k), *options, *color_bounds(options)])


@pytest.mark.parametrize(
    ("argv", "stdin", "code"),
    [
        (["solve", "-"], b"", 2),
        (["solve", "-"], b"# only\n\n", 2),
        (["solve", "-"], b"\xff\xfe\x00", 2),
        (["solve", "-", "--json"], b"...3.2.1...4.1.2\n", 0),
        (["solve", "-"], b"...3.2.1...4.1.2\n...3.2.1...4.1.2\n", 0),
        (["solve", "-"], b"1234123412341234\n", 2),
        (["color", "petersen", "-k", "2"], None, 1),
        (["color", "petersen", "-k", "3", "--method", "fast"], None, 2),
        (["color", "petersen", "-k", "3", "--method", "logic"], None, 2),
        (["color", "petersen", "-k", "3", "--greedy", "bogus"], None, 2),
    ],
)
def test_known_corner_cases(argv: list[str], stdin: bytes | None, code: int) -> None:
    assert run_cli(argv, stdin) == code


def test_single_puzzle_on_stdin_is_solved_like_an_inline_one(
    monkeypatch: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = "...3.2.1...4.1.2"
    assert main(["solve", puzzle, "--stats", "-m", "naive"]) == 0
    inline = capsys.readouterr().out
    data = f"# one puzzle\n\n{puzzle}\n".encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    assert main(["solve", "-", "--stats", "-m", "naive"]) == 0
    piped = capsys.readouterr().out
    assert "nodes: 10" in inline and piped.split("time:")[0] == inline.split("time:")[0]


def test_several_puzzles_on_stdin_go_to_the_batch_mode(
    monkeypatch: Any, capfd: pytest.CaptureFixture[str]
) -> None:
    lines = ["...3.2.1...4.1.2", "1.3.....2...4..1", "1234341221434321"]
    data = ("\n".join(lines) + "\n").encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    assert main(["solve", "-", "--workers", "1"]) == 0
    out = capfd.readouterr().out.split()  # the batch mode writes to the descriptor
    assert out[0] == "1423324123144132" and out[2] == lines[2] and len(out) == 3
