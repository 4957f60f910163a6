"""Small faults a QA pass of 2026-11-26 (evening) found, each pinned."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudograph.cli import main

ROOT = Path(__file__).resolve().parent.parent
KILLER = ROOT / "examples" / "variants" / "killer_4x4.txt"


@pytest.mark.parametrize(
    ("argv", "advice"),
    [
        (["solve", "--engine", "numba", "--count", str(KILLER)], "count on engine 'python'"),
        (["solve", "--engine", "numba", str(KILLER)], "run method propagate on engine 'python'"),
    ],
)
def test_the_twin_refuses_cages_with_whole_advice(
    argv: list[str], advice: str, capfd: pytest.CaptureFixture[str]
) -> None:
    """The count's refusal read "use on engine 'python' or 'auto'" (no verb's object)."""
    pytest.importorskip("numba")
    assert main(argv) == 2
    err = capfd.readouterr().err
    assert f"the compiled twin does not read killer cages: {advice} or 'auto'" in err
    assert "use on engine" not in err
