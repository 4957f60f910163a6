"""Shared test fixtures: the small data sets in ``tests/data`` and the hypothesis profile.

Tests never read ``../shared``: everything they need is in ``tests/data`` (sources listed in
its README).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

DATA = Path(__file__).parent / "data"
SUDOKU = DATA / "sudoku"
GRAPHS = DATA / "graphs"

# Two shared cores: no per-example deadline (timings are never asserted), a bounded budget.
settings.register_profile(
    "sudograph",
    deadline=None,
    max_examples=100,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("sudograph")


@pytest.fixture
def data_dir() -> Path:
    """``tests/data``."""
    return DATA


@pytest.fixture
def sudoku_dir() -> Path:
    """``tests/data/sudoku``: one-line puzzle files."""
    return SUDOKU


@pytest.fixture
def graphs_dir() -> Path:
    """``tests/data/graphs``: DIMACS ``.col`` files."""
    return GRAPHS


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    """A headless Chromium for the browser tests, one per module (skipped, saying how to
    install it, where there is none: ``test_browser.start_browser``)."""
    from test_browser import start_browser

    d = start_browser()
    try:
        yield d
    finally:
        d.quit()


@pytest.fixture
def late_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The generator's clock jumps past any deadline once its first full grid is made: the
    time is up before a clue can go (what ``generate(4, timeout=0.001)`` met by chance)."""
    import importlib
    from types import SimpleNamespace

    gen = importlib.import_module("sudograph.generate")
    late = False
    real = gen._full_grid

    def filled(*args: Any) -> Any:
        nonlocal late
        grid = real(*args)
        late = True
        return grid

    monkeypatch.setattr(gen, "_full_grid", filled)
    monkeypatch.setattr(gen, "time", SimpleNamespace(perf_counter=lambda: 1e9 if late else 0.0))


# -- tests that time themselves, tests that send signals --------------------------------------
#
# The suite runs on every core (``-n auto`` in pyproject.toml: pytest-xdist). Two marks keep
# the tests that depend on the machine's load apart from the others, with two lock files
# shared by the run's workers (``flock``):
#
# * ``alone``: the test asserts how long something takes (a timeout kept within a fraction of a
#   second): it takes the run lock exclusively, every other test shares it, so it runs while
#   no other test does (with a test on the other core the load was 3 to 4, and a deadline of
#   1.2 s was missed by 0.09 s).
# * ``signals``: the test sends a signal at a set moment and wants the command to stop within a
#   second or two: it takes the signals lock exclusively (and shares the run lock), so these
#   run one after the other, beside the other tests (they mostly wait: exclusive, they held
#   the whole run up, 13 minutes where 10 did). (An xdist group would not do: pytest-xdist
#   3.8 does not group on pytest 9.2, pytest-xdist#1386.)
#
# Without xdist, nothing to do: the tests run one at a time.

LOCKS = ("run", "signals")


def _locks(config: pytest.Config) -> dict[str, Any] | None:
    """The lock files shared by this run's workers, by name (opened once per worker), None
    outside pytest-xdist or without ``fcntl``."""
    if not hasattr(config, "workerinput"):
        return None
    try:
        import fcntl  # noqa: F401  (POSIX)
    except ImportError:
        return None
    locks: dict[str, Any] | None = getattr(config, "_sudograph_locks", None)
    if locks is None:
        uid = config.workerinput["testrunuid"]
        folder = Path(tempfile.gettempdir())
        locks = {name: open(folder / f"sudograph-tests-{uid}.{name}.lock", "a+b") for name in LOCKS}  # noqa: SIM115 - held as long as the worker
        config._sudograph_locks = locks  # type: ignore[attr-defined]
    return locks


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    """Setup, call and teardown of ``item`` under the locks: the run lock exclusive for a test
    marked ``alone``, shared for the others; the signals lock exclusive for a test marked
    ``signals`` (taken first: an ``alone`` test takes only the run lock, so no two tests
    wait on each other in a circle)."""
    locks = _locks(item.config)
    if locks is None:
        return (yield)
    import fcntl

    held = []
    if item.get_closest_marker("alone") is not None:
        held.append((locks["run"], fcntl.LOCK_EX))
    else:
        if item.get_closest_marker("signals") is not None:
            held.append((locks["signals"], fcntl.LOCK_EX))
        held.append((locks["run"], fcntl.LOCK_SH))
    try:
        for lock, mode in held:
            fcntl.flock(lock, mode)
        return (yield)
    finally:
        for lock, _ in reversed(held):
            fcntl.flock(lock, fcntl.LOCK_UN)
