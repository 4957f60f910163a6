"""solve_logically cut by its timeout says so: a time limit, not a stall."""

from __future__ import annotations

from sudograph import Grid
from sudograph.logic import describe, solve_logically

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_a_timeout_is_not_a_stall() -> None:
    cut = solve_logically(Grid.parse(TOP95_1), timeout=0)
    assert (cut.solved, cut.timed_out, cut.steps) == (False, True, [])
    assert describe(cut)[-1] == "stopped after 0 steps: the time limit (17 of 81 cells filled)"
    stalled = solve_logically(Grid.parse("1.3.....2...4..1"), ["naked single"])
    assert not stalled.timed_out and str(stalled).startswith("stalled after 7 steps: no technique")
    assert not solve_logically(Grid.parse(TOP95_1)).timed_out  # no timeout: never cut
