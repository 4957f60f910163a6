"""Driving a resumable compiled search slice by slice (the twin and the house kernel).

A kernel call runs until its search has made ``stop_at`` nodes in all (or has another reason
to return: a solution buffer to drain, a stack to grow, the end); between two calls Python
checks the node cap, the deadline and Ctrl-C. The first slice is :attr:`Slicing.first` nodes
(:attr:`Slicing.first_timed` under a deadline, the rate not known yet); each later one aims at
:data:`SLICE_SECONDS`, or at half the time left, at the rate the last slice ran.

>>> made = []
>>> def step(stop_at):  # a search of 1000 nodes that pauses at stop_at
...     made.append(min(stop_at, 1000))
...     return 0 if stop_at < 1000 else 1
>>> drive(step, lambda: made[-1] if made else 0, 0, 10**9, None, Slicing(300, 30, 5))
(1, '')
>>> made[:2], drive(step, lambda: made[-1], 0, 400, None, Slicing(300, 30, 5))
([300, 1000], (0, 'node limit'))
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

SLICE_SECONDS = 0.05
"""Aim of each slice after the first, so the clock and Ctrl-C are read a few times a second."""


@dataclass(frozen=True)
class Slicing:
    """Slice sizes in nodes: the first one, the first under a deadline, the least under one
    (a slice without a deadline never goes below ``first``)."""

    first: int
    first_timed: int
    min_timed: int


def drive(
    step: Callable[[int], int],
    nodes: Callable[[], int],
    paused: int,
    cap_nodes: int,
    deadline: float | None,
    slicing: Slicing,
    handled: Callable[[int], bool] = lambda code: False,
) -> tuple[int, str]:
    """Call ``step(stop_at)`` (the kernel's code) until it ends: ``(code, reason)``.

    ``nodes()`` is the search's node count; a code that ``handled(code)`` deals with (a buffer
    drained, a stack grown) calls again at once, or ends with ``time limit`` past the deadline
    (the search resumable: a search that fills its buffer again and again never reaches the
    pause of its slice); a code other than ``paused`` ends with reason
    ``""``; a pause ends with ``node limit`` (``cap_nodes`` reached), ``time limit`` (past
    ``deadline``, a ``perf_counter`` time) or ``interrupted`` (Ctrl-C during a call), else the
    next slice starts.
    """
    size = slicing.first if deadline is None else slicing.first_timed
    try:
        while True:
            done = nodes()
            t0 = time.perf_counter()
            code = step(min(cap_nodes, done + size))
            if handled(code):  # a buffer drained, a stack grown: on at once, unless time is up
                if deadline is not None and time.perf_counter() >= deadline:
                    return paused, "time limit"  # (a search of many solutions never pauses)
                continue
            if code != paused:
                return code, ""
            if nodes() >= cap_nodes:
                return code, "node limit"
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                return code, "time limit"
            rate = (nodes() - done) / max(now - t0, 1e-6)
            if deadline is None:
                size = max(slicing.first, int(rate * SLICE_SECONDS))
            else:
                aim = min(SLICE_SECONDS, (deadline - now) / 2)
                size = max(slicing.min_timed, int(rate * aim))
    except KeyboardInterrupt:
        return paused, "interrupted"
