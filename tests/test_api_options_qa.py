"""Options of solve, count, count_solutions and is_unique: the faults of a QA pass, fixed.

1. A bad ``limit`` or ``keep`` raised Python's TypeError from inside (a comparison made
   before the options were checked); numpy integers were refused as ``keep``; ``count`` took
   ``keep=None`` with a TypeError where ``solve`` reads it as "every solution found";
   ``count_solutions(x, "naive")`` (the method where the limit goes) a TypeError too.
2. Options that a method ignores were taken silently by the API where the command line refuses
   them (one rule now, :func:`sudograph.solve.check_method_options`, used by both).
3. ``timeout=0`` is documented method by method (not a fix in behaviour).
4. ``result.count`` of one call differed by method (1 or None for a 9×9 with ``limit=1``).
5. ``is_unique`` with a count cut short raised a plain ``InvalidArgument``.
"""

from __future__ import annotations

import importlib.util
import re
from typing import Any

import numpy as np
import pytest

from sudograph.cli import main
from sudograph.errors import InvalidArgument, SudographError
from sudograph.grid import Grid
from sudograph.methods import METHODS
from sudograph.solve import (
    RANDOMIZED,
    UniquenessUnknown,
    check_method_options,
    count,
    count_solutions,
    is_unique,
    solve,
)

P9 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
"""A plain 9×9 with one solution."""
SIX4 = "...3.2.1...4...."
"""A 4×4 with 3 solutions."""
HAS_NUMBA = importlib.util.find_spec("numba") is not None
HAS_SAT = importlib.util.find_spec("pysat") is not None
COMPLETE = [name for name, m in METHODS.items() if m.complete]
SEARCHES = [name for name, m in METHODS.items() if m.order is not None]
OWN_ENGINE = [name for name, m in METHODS.items() if m.order is None and name != "fast"]
"""The methods that run on an engine of their own (greedy, sat, logic)."""


def g9() -> Grid:
    return Grid.parse(P9)


def refused(call: Any, message: str, error: type[Exception] = InvalidArgument) -> str:
    """``call()`` raises ``error`` whose message contains ``message``; that message."""
    with pytest.raises(error, match=re.escape(message)) as exc:
        call()
    return str(exc.value)


def seeded(method: str) -> dict[str, Any]:
    """A seed and a few attempts for a randomized method; nothing for the others."""
    return {"seed": 1, "itermax": 20} if method in RANDOMIZED else {}


def needs(method: str) -> None:
    """Skip where ``method``'s engine is not installed."""
    if method == "sat" and not HAS_SAT:
        pytest.skip("python-sat not installed")
    if method == "fast" and not HAS_NUMBA:
        pytest.skip("numba not installed")


# -- 1. a bad limit or keep: InvalidArgument before any routing ---------------------------------

BAD_LIMITS = [("1", "got '1'"), ([1], "got [1]"), (1.5, "got 1.5"), (True, "got True")]


@pytest.mark.parametrize(("limit", "shown"), BAD_LIMITS, ids=[str(v) for v, _ in BAD_LIMITS])
@pytest.mark.parametrize("call", ["solve", "count"])
@pytest.mark.parametrize("method", ["propagate", "fast", "naive"])
def test_a_limit_that_is_no_whole_number_is_refused(
    call: str, method: str, limit: Any, shown: str
) -> None:
    """``limit="1"`` and ``[1]`` reached ``limit <= fast9.MAX_STORED`` (compiled_route)."""
    function = {"solve": solve, "count": count}[call]
    message = refused(lambda: function(g9(), method, limit=limit), "limit must be a whole number")
    assert shown in message


@pytest.mark.parametrize("call", ["solve", "count"])
def test_a_limit_below_one_is_refused(call: str) -> None:
    function = {"solve": solve, "count": count}[call]
    refused(lambda: function(g9(), limit=0), "limit must be >= 1 (or None for all), got 0")


@pytest.mark.parametrize("keep", [-1, 1.5, True, "1", [1]])
@pytest.mark.parametrize("call", ["solve", "count"])
def test_a_keep_that_is_no_whole_number_is_refused(call: str, keep: Any) -> None:
    function = {"solve": solve, "count": count}[call]
    message = refused(lambda: function(g9(), keep=keep), "keep must be a whole number >= 0")
    assert message.endswith(f"got {keep!r}")


@pytest.mark.parametrize("keep", [np.int64(1), np.int32(0), np.uint8(2)])
def test_keep_takes_numpy_integers(keep: Any) -> None:
    """``keep=np.int64(1)`` was refused as no whole number (every other option takes it)."""
    r = solve(Grid.parse(SIX4), limit=None, keep=keep)
    assert r.count == 3 and len(r.solutions) == len(r.grids) == min(int(keep), 3)
    c = count(Grid.parse(SIX4), keep=keep)
    assert c.count == 3 and len(c.solutions) == min(int(keep), 3)
    assert all(type(v) is int for s in c.solutions for v in s)


@pytest.mark.parametrize("method", COMPLETE)
@pytest.mark.parametrize("grid", [SIX4, P9])
def test_count_keep_none_keeps_every_solution_as_solve_does(method: str, grid: str) -> None:
    """``count(g, keep=None)`` raised TypeError in ``max(keep, 1)``; solve reads None as
    "every solution found": count agrees."""
    needs(method)
    if method == "fast" and grid == SIX4:
        grid = P9  # (fast is a 9×9 method; the house kernel takes a 4×4, but keep it simple)
    puzzle = Grid.parse(grid)
    every = solve(puzzle, method, limit=None, keep=None)
    r = count(puzzle, method, keep=None)
    assert r.complete and r.count == len(r.solutions) == len(every.solutions)
    assert sorted(r.solutions) == sorted(every.solutions)
    assert len(r.grids) == r.count and all(g.is_solution_of(puzzle) for g in r.grids)


def test_count_keep_none_with_a_limit_keeps_what_it_found() -> None:
    r = count(Grid.empty(2), "naive", limit=5, keep=None)
    assert r.count == len(r.solutions) == 5 and not r.complete


@pytest.mark.parametrize("keep", [0, 1, 2, None])
def test_count_default_keep_and_others_unchanged(keep: int | None) -> None:
    r = count(Grid.parse(SIX4), keep=keep)
    assert r.count == 3 and r.complete
    assert len(r.solutions) == (3 if keep is None else keep)


def test_count_solutions_says_where_the_method_goes() -> None:
    """``count_solutions(g9, "naive")`` raised a TypeError: its second argument is the limit
    (``solve``, ``count``, ``is_unique`` take the method second)."""
    message = refused(lambda: count_solutions(g9(), "naive"), "limit must be a whole number")
    assert "got 'naive'" in message and "count_solutions(x, limit, method)" in message
    assert "method=" in message


@pytest.mark.parametrize(
    ("args", "kwargs", "want"),
    [
        ((), {}, 3),
        ((2,), {}, 2),
        ((None, "naive"), {}, 3),
        ((), {"limit": 2, "method": "dsatur"}, 2),
        ((np.int64(1),), {}, 1),
    ],
)
def test_count_solutions_keeps_its_signature(args: Any, kwargs: Any, want: int) -> None:
    assert count_solutions(Grid.parse(SIX4), *args, **kwargs) == want


# -- 2. an option the method ignores: refused by the API as by the command line ------------------


@pytest.mark.parametrize("method", [m for m in COMPLETE])
@pytest.mark.parametrize("option", ["seed", "itermax"])
@pytest.mark.parametrize("call", ["count", "is_unique"])
def test_count_and_is_unique_refuse_seed_and_itermax(method: str, option: str, call: str) -> None:
    """count(g, seed=1) was taken silently: no method that counts draws random numbers."""
    function = {"count": count, "is_unique": is_unique}[call]
    message = refused(
        lambda: function(Grid.parse(SIX4), method, **{option: 1}),
        f"{option}: method {method!r} draws no random numbers",
    )
    assert ", ".join(RANDOMIZED) in message


@pytest.mark.parametrize("call", ["count", "is_unique"])
def test_count_and_is_unique_take_seed_and_itermax_none(call: str) -> None:
    """None is "not given" (what a caller passes on by default)."""
    function = {"count": count, "is_unique": is_unique}[call]
    r = function(Grid.parse(SIX4), seed=None, itermax=None)
    assert (r.count == 3) if call == "count" else (r is False)


@pytest.mark.parametrize("method", OWN_ENGINE)
@pytest.mark.parametrize("call", ["solve", "count", "is_unique"])
def test_an_engine_the_method_has_not_is_refused(method: str, call: str) -> None:
    """solve(g, "logic", engine="numba") ran logic on its own engine, silently."""
    other = "numba" if "python" in METHODS[method].engines else "python"
    function = {"solve": solve, "count": count, "is_unique": is_unique}[call]
    expected = f"engine {other!r}: method {method!r} runs on its own engine only"
    if call != "solve" and not METHODS[method].complete:  # that refusal comes first
        expected = f"method {method!r} does not explore every possibility"
    message = refused(lambda: function(g9(), method, engine=other), expected)
    if "own engine" in message:
        assert f"({', '.join(SEARCHES)})" in message


@pytest.mark.parametrize("call", ["solve", "count", "is_unique"])
def test_fast_has_no_python_engine_everywhere(call: str) -> None:
    function = {"solve": solve, "count": count, "is_unique": is_unique}[call]
    refused(
        lambda: function(g9(), "fast", engine="python"),
        "method 'fast' has no Python engine: use engine auto or numba",
    )


@pytest.mark.parametrize("method", list(METHODS))
def test_the_default_engines_and_a_methods_own_are_taken(method: str) -> None:
    """``auto`` everywhere, and a method's own engine (``bench.run_one`` passes ``python`` to
    every method that has it): accepted by solve."""
    needs(method)
    engines = ["auto", *(e for e in METHODS[method].engines if e in ("python", "numba"))]
    if not HAS_NUMBA:
        engines = [e for e in engines if e != "numba"]
    for engine in engines:
        r = solve(g9(), method, engine=engine, **seeded(method))
        assert r.status in ("solved", "stopped"), (method, engine, r.summary())


def test_the_engine_variable_is_no_engine_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """``$SUDOGRAPH_ENGINE=numba`` replaces ``auto``; a method of its own engine still runs."""
    monkeypatch.setenv("SUDOGRAPH_ENGINE", "numba")
    assert solve(g9(), "logic").status == "solved"
    assert solve(g9(), "greedy-mrv", seed=1).status in ("solved", "stopped")


@pytest.mark.parametrize("method", RANDOMIZED)
def test_the_randomized_methods_take_seed_and_itermax(method: str) -> None:
    a = solve(Grid.parse(SIX4), method, seed=np.int64(5), itermax=50, engine="python")
    b = solve(Grid.parse(SIX4), method, seed=5, itermax=50)
    assert a.seed == b.seed == 5 and a.solutions == b.solutions


@pytest.mark.parametrize(
    ("method", "kwargs", "message"),
    [
        ("naive", {"seed": 3}, "seed: method 'naive' draws no random numbers; seed and itermax"),
        ("fast", {"itermax": 5}, "itermax: method 'fast' draws no random numbers"),
        ("logic", {"engine": "numba"}, "engine 'numba': method 'logic' runs on its own engine"),
        ("sat", {"engine": "python"}, "engine 'python': method 'sat' runs on its own engine"),
        ("greedy", {"engine": "numba"}, "engine 'numba': method 'greedy' runs on its own"),
        ("fast", {"engine": "python"}, "method 'fast' has no Python engine"),
    ],
)
def test_the_rule_in_api_words(method: str, kwargs: Any, message: str) -> None:
    refused(lambda: check_method_options(method, **kwargs), message)


@pytest.mark.parametrize(
    ("method", "kwargs"),
    [
        ("greedy", {"seed": 3, "itermax": 5, "engine": "python"}),
        ("naive", {"engine": "numba"}),
        ("propagate", {"engine": "python", "seed": None, "itermax": None}),
        ("fast", {"engine": "numba"}),
        ("logic", {"engine": "python"}),  # its own engine: the API takes it
        ("logic", {"engine": "auto"}),
        ("sat", {"engine": None}),
        ("logic", {"engine": "gpu"}),  # no engine at all: SolveOptions says so
    ],
)
def test_the_rule_takes_what_applies(method: str, kwargs: Any) -> None:
    check_method_options(method, **kwargs)


@pytest.mark.parametrize(
    ("method", "kwargs", "message"),
    [
        ("naive", {"seed": 3}, "--seed: method 'naive' draws no random numbers; --seed and "),
        ("dsatur", {"itermax": 5}, "--itermax: method 'dsatur' draws no random numbers"),
        ("logic", {"engine": "python"}, "--engine python: method 'logic' runs on its own engine"),
        ("sat", {"engine": "numba"}, "--engine numba: method 'sat' runs on its own engine only"),
        ("fast", {"engine": "python"}, "method 'fast' has no Python engine"),
    ],
)
def test_the_rule_in_cli_words(method: str, kwargs: Any, message: str) -> None:
    """The command line names its options, and refuses a method's own engine too (naming it
    changes nothing)."""
    text = refused(lambda: check_method_options(method, cli=True, **kwargs), message)
    assert "--" in text or "fast" in text


def test_logic_with_an_engine_is_refused_by_solve() -> None:
    """The QA pass's call: ``solve(g, "logic", engine="numba")``."""
    refused(lambda: solve(g9(), "logic", engine="numba"), "runs on its own engine only (python)")


CLI_REFUSED = [
    (["-m", "naive", "--seed", "3"], "--seed: method 'naive' draws no random numbers"),
    (["--seed", "3"], "--seed: method 'propagate' draws no random numbers"),
    (["-m", "naive", "--itermax", "5"], "--itermax: method 'naive' draws no random numbers"),
    (["-m", "logic", "--engine", "numba"], "--engine numba: method 'logic' runs on its own"),
    (["-m", "logic", "--engine", "python"], "--engine python: method 'logic' runs on its own"),
    (["-m", "fast", "--engine", "python"], "method 'fast' has no Python engine"),
]


@pytest.mark.parametrize(
    ("argv", "message"), CLI_REFUSED, ids=[" ".join(a) for a, _ in CLI_REFUSED]
)
def test_the_command_line_still_refuses_in_its_words(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code = main(["solve", P9, *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"sudograph: error: {message}") and err.count("\n") == 1, err


def test_the_command_line_takes_what_applies(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", P9, "-m", "greedy-mrv", "--seed", "1", "--itermax", "50"]) in (0, 1)
    assert main(["solve", P9, "-m", "naive", "--engine", "python"]) == 0
    capsys.readouterr()


def test_internal_callers_still_run() -> None:
    """What the library passes on to solve and is_unique: the benchmark's method's own engine
    (and its seed to every method: not refused by solve), generate's engines."""
    from sudograph.bench import run_one

    assert run_one(g9(), "logic", engine="python").status == "solved"
    assert run_one(g9(), "naive", seed=0, max_nodes=100).status in ("solved", "stopped")
    assert is_unique(g9(), "propagate", engine="python")
    assert is_unique(g9(), "propagate", order="static", engine="python")


# -- 3. timeout=0: documented -------------------------------------------------------------------


def test_timeout_zero_is_documented_per_method() -> None:
    doc = solve.__doc__ or ""
    assert "timeout=0" in doc and "FAST_FIRST_BUDGET" in doc and "first slice" in doc


def test_timeout_zero_stops_the_python_search_at_once() -> None:
    r = solve(g9(), "naive", timeout=0, engine="python")
    assert (r.status, r.reason, r.stats.nodes) == ("stopped", "time limit", 0)


@pytest.mark.skipif(not HAS_NUMBA, reason="numba not installed")
def test_timeout_zero_lets_the_compiled_kernel_make_its_first_run() -> None:
    """As documented: the 9×9 kernel's first budget ignores the clock."""
    assert solve(g9(), timeout=0).status == "solved"


# -- 4. result.count: one shape for one call ----------------------------------------------------


@pytest.mark.parametrize("method", list(METHODS))
def test_count_is_none_for_a_search_cut_by_its_limit(method: str) -> None:
    """A 9×9 with ``limit=1``: count was 1 for propagate, fast and sat, None for the others;
    as Result says, None where it is ``len(solutions)`` and the search was not complete."""
    needs(method)
    r = solve(g9(), method, limit=1, **seeded(method))
    if r.status == "solved":
        assert len(r.solutions) == 1 and not r.complete
    assert r.count is None, (method, r.summary())
    assert r.as_dict()["count"] is None


@pytest.mark.parametrize("method", COMPLETE)
def test_count_is_set_when_complete(method: str) -> None:
    needs(method)
    if method == "fast":
        r = solve(g9(), method, limit=2)
        assert r.complete and r.count == 1
        return
    r = solve(Grid.parse(SIX4), method, limit=None)
    assert r.complete and r.count == 3
    r = solve(Grid.parse(SIX4), method, limit=5)
    assert r.complete and r.count == 3


@pytest.mark.parametrize("method", COMPLETE)
def test_count_reports_more_than_kept(method: str) -> None:
    """A count beyond the solutions kept carries what ``len(solutions)`` cannot: kept."""
    needs(method)
    grid = g9() if method == "fast" else Grid.parse(SIX4)
    want = 1 if method == "fast" else 3
    r = solve(grid, method, limit=None, keep=0)
    assert r.count == want and r.solutions == []


@pytest.mark.parametrize("method", [m for m in COMPLETE if m != "fast"])
def test_count_keeps_its_lower_bound(method: str) -> None:
    """count() documents count as the number found, also when the search stopped."""
    needs(method)
    r = count(Grid.empty(2), method, limit=5)
    assert r.count == 5 and not r.complete


# -- 5. is_unique stopped: not an argument error ------------------------------------------------


@pytest.mark.parametrize("bound", [{"max_nodes": 3}, {"timeout": 0}])
def test_is_unique_cut_short_says_uniqueness_unknown(bound: dict[str, Any]) -> None:
    with pytest.raises(
        UniquenessUnknown, match=r"the count was stopped \(.*\): uniqueness unknown"
    ):
        is_unique(Grid.empty(3), "naive", engine="python", **bound)


def test_uniqueness_unknown_is_a_sudograph_error_that_old_callers_still_catch() -> None:
    assert issubclass(UniquenessUnknown, SudographError)
    assert not issubclass(UniquenessUnknown, InvalidArgument)  # the arguments were fine


def test_generate_still_reads_a_stopped_check_as_unknown() -> None:
    """generate's check catches the stopped count (``except InvalidArgument``): its time
    spent, the verdict is None (unknown), no error."""
    import time

    from sudograph.generate import _Counter

    counter = _Counter(Grid.empty(3), "propagate", False, None, "python")
    assert counter.check(Grid.empty(3), deadline=time.perf_counter()) is None


def test_is_unique_still_answers() -> None:
    assert is_unique(g9()) and not is_unique(Grid.parse(SIX4))
