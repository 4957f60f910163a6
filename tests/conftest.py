"""Shared test fixtures: the small data sets in ``tests/data`` and the hypothesis profile.

Tests never read ``../shared``: everything they need is in ``tests/data`` (sources listed in
its README).
"""

from __future__ import annotations

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
