"""The event stream of the search, and text renderers that replay it.

The search (:mod:`sudograph.search.backtracking`) calls ``trace(event)`` for every step when a
``trace`` callable is given. Events, in the order they happen:

``select``    the search chose ``vertex`` to branch on at ``depth`` (the number of nodes on the
              path from the root).
``try``       ``colour`` is considered for ``vertex``; ``ok`` says whether it is allowed (with the
              ``check`` inference every colour from the next untried one up to ``k`` is considered,
              rejected ones included; with ``forward``/``singles`` only colours of the domain).
``assign``    a node: the search assigns ``colour`` to ``vertex``; ``node`` is its number (1, 2...).
``deduce``    the inference assigns ``colour`` to ``vertex`` (a single; not a node).
``fail``      a dead end: ``vertex`` has no colour left (``vertex`` = -1 when a house lost every
              place for ``colour``, or when the wiped-out vertex is not known).
``undo``      a backtrack: the node assigning ``colour`` to ``vertex`` is undone.
``retract``   a deduction of ``colour`` at ``vertex`` is undone (just before its node's ``undo``).
``solution``  every vertex is coloured; ``node`` is the number of nodes so far.

Replaying ``assign``/``deduce`` (set) and ``undo``/``retract`` (clear) over the precolouring gives
the current colouring at every step (:class:`Replay`).

>>> from sudograph.graph import petersen_graph
>>> from sudograph.problem import Problem
>>> from sudograph.solve import solve
>>> rec = Recorder()
>>> _ = solve(Problem(petersen_graph(), 3), "naive", trace=rec)
>>> print(render_graph_steps(rec.events, Problem(petersen_graph(), 3)).splitlines()[-3])
assigned_colours = 1  2  1  2  3  2  1  3  3  2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..problem import Problem

EventKind = Literal["select", "try", "assign", "deduce", "fail", "undo", "retract", "solution"]
KINDS: tuple[EventKind, ...] = (
    "select",
    "try",
    "assign",
    "deduce",
    "fail",
    "undo",
    "retract",
    "solution",
)


@dataclass(frozen=True)
class TraceEvent:
    """One step of the search: ``kind``, ``vertex`` (-1 if none), ``colour`` (0 if none),
    ``depth`` (nodes on the current path), ``node`` (nodes so far), ``ok`` (``try`` only)."""

    kind: EventKind
    vertex: int = -1
    colour: int = 0
    depth: int = 0
    node: int = 0
    ok: bool = True


@dataclass
class Recorder:
    """A trace callable that keeps the events in a list (optionally at most ``cap`` of them).

    >>> r = Recorder(cap=1)
    >>> r(TraceEvent("select", 0)); r(TraceEvent("select", 1))
    >>> len(r.events), r.dropped
    (1, 1)
    """

    cap: int | None = None
    events: list[TraceEvent] = field(default_factory=list)
    dropped: int = 0

    def __call__(self, event: TraceEvent) -> None:
        if self.cap is not None and len(self.events) >= self.cap:
            self.dropped += 1
        else:
            self.events.append(event)


class Replay:
    """Replays events over a precolouring; ``coloring`` is the colouring after the last event.

    >>> r = Replay((0, 0, 2))
    >>> r.apply(TraceEvent("assign", 0, 1)); r.coloring
    [1, 0, 2]
    >>> r.apply(TraceEvent("undo", 0, 1)); r.coloring
    [0, 0, 2]
    """

    def __init__(self, precolouring: Sequence[int]) -> None:
        self.coloring: list[int] = list(precolouring)

    def apply(self, event: TraceEvent) -> None:
        """Update ``coloring`` with one event (only assign/deduce/undo/retract change it)."""
        if event.kind in ("assign", "deduce"):
            self.coloring[event.vertex] = event.colour
        elif event.kind in ("undo", "retract"):
            self.coloring[event.vertex] = 0


def replay(
    events: Iterable[TraceEvent], precolouring: Sequence[int]
) -> Iterator[tuple[TraceEvent, tuple[int, ...]]]:
    """Yield ``(event, colouring after it)`` for each event."""
    r = Replay(precolouring)
    for e in events:
        r.apply(e)
        yield e, tuple(r.coloring)


def _vector(coloring: Sequence[int]) -> str:
    return "  ".join(str(c) for c in coloring)


def render_graph_steps(
    events: Iterable[TraceEvent], problem: Problem, *, max_steps: int | None = None
) -> str:
    """Text close to seed 002's "ALGORITHM STEPS": ``node = v`` when a vertex is selected,
    ``  color = c`` for each colour tried, ``assigned_colours = ...`` after each node or
    deduction, ``backtrack: ...`` with the colouring after an undo.

    ``max_steps`` caps the number of events rendered (a last line says how many were left out).
    Vertices are printed 0-based, colours as in the problem (1..k).
    """
    lines: list[str] = []
    count = 0
    skipped = 0
    for e, col in replay(events, problem.precolouring):
        if max_steps is not None and count >= max_steps:
            skipped += 1
            continue
        count += 1
        if e.kind == "select":
            lines.append(f"node = {e.vertex}")
        elif e.kind == "try":
            lines.append(f"  color = {e.colour}")
        elif e.kind in ("assign", "deduce"):
            tag = "" if e.kind == "assign" else "  (deduced)"
            lines.append(f"assigned_colours = {_vector(col)}{tag}")
        elif e.kind == "undo":
            lines.append(f"backtrack: {_vector(col)}")
        elif e.kind == "fail":
            lines.append("dead end" if e.vertex < 0 else f"dead end at node {e.vertex}")
        elif e.kind == "solution":
            lines.append("Solution exists and it's found.")
            lines.append(_vector(col))
        else:
            count -= 1  # retract: shown by the following undo line
    if skipped:
        lines.append(f"({skipped} more events not shown)")
    return "\n".join(lines)


def cell_label(v: int, n: int) -> str:
    """``r1c2`` style name of vertex ``v`` of an ``n``×``n`` grid (1-based).

    >>> cell_label(1, 9)
    'r1c2'
    """
    return f"r{v // n + 1}c{v % n + 1}"


def grid_step_line(event: TraceEvent, n: int, alphabet: str | None = None) -> str | None:
    """The line of one event for a grid of side ``n`` (None for events not shown).

    ``r1c2 = 4`` (a node, indented by depth), ``r1c2 = 4 (single)`` (a deduction),
    ``r1c2 undo 4`` (a backtrack), ``dead end at r3c3`` (no value left for that cell),
    ``dead end`` (the inference failed), ``solution after N nodes``. ``try``, ``select`` and
    ``retract`` events are not shown.

    >>> grid_step_line(TraceEvent("deduce", 10, 3, depth=2), 9)
    '    r2c2 = 3 (single)'
    """
    e = event

    def sym(c: int) -> str:
        return alphabet[c - 1] if alphabet else str(c)

    indent = "  " * max(e.depth - 1, 0)
    if e.kind == "assign":
        return indent + f"{cell_label(e.vertex, n)} = {sym(e.colour)}"
    if e.kind == "deduce":
        return "  " * e.depth + f"{cell_label(e.vertex, n)} = {sym(e.colour)} (single)"
    if e.kind == "undo":
        return indent + f"{cell_label(e.vertex, n)} undo {sym(e.colour)}"
    if e.kind == "fail":
        where = f" at {cell_label(e.vertex, n)}" if e.vertex >= 0 else ""
        return "  " * e.depth + f"dead end{where}"
    if e.kind == "solution":
        return f"solution after {e.node} node{'' if e.node == 1 else 's'}"
    return None


def render_grid_steps(
    events: Iterable[TraceEvent],
    n: int,
    alphabet: str | None = None,
    *,
    max_steps: int | None = None,
) -> str:
    """The :func:`grid_step_line` of each event, one per line; ``max_steps`` caps the lines
    (a last line says how many more there were).

    >>> print(render_grid_steps([TraceEvent("assign", 1, 4, depth=1, node=1)], 9))
    r1c2 = 4
    """
    lines: list[str] = []
    skipped = 0
    for e in events:
        text = grid_step_line(e, n, alphabet)
        if text is None:
            continue
        if max_steps is not None and len(lines) >= max_steps:
            skipped += 1
            continue
        lines.append(text)
    if skipped:
        lines.append(f"({skipped} more steps not shown)")
    return "\n".join(lines)


class TraceFull(Exception):
    """Raised by a :class:`GridStepPrinter` given ``give_up_after`` once that many steps past
    its last shown one have gone by: the caller goes on without the trace (a traced search
    is the reference engine's, hundreds of times slower than its compiled twin, and the
    steps past the cap are not shown anyway)."""


class GridStepPrinter:
    """A trace callable printing :func:`grid_step_line` s as they happen, at most
    ``max_steps`` of them (then :meth:`close` says how many more there were). With ``sink``
    (e.g. ``list.append``) the lines go to it instead of standard output. With
    ``give_up_after``, a step that many past the last one shown raises :class:`TraceFull`
    (then :meth:`close` says the search went on untraced).

    >>> p = GridStepPrinter(9, max_steps=1)
    >>> p(TraceEvent("assign", 0, 5, depth=1)); p(TraceEvent("undo", 0, 5, depth=1))
    r1c1 = 5
    >>> p.close()
    (1 more steps not shown)
    >>> p = GridStepPrinter(9, max_steps=0, give_up_after=1)
    >>> p(TraceEvent("assign", 0, 5, depth=1)); p(TraceEvent("undo", 0, 5, depth=1))
    Traceback (most recent call last):
    ...
    sudograph.search.trace.TraceFull
    >>> p.close()
    (at least 1 more steps not shown: the search went on untraced)
    """

    def __init__(
        self,
        n: int,
        alphabet: str | None = None,
        *,
        max_steps: int | None = None,
        sink: Callable[[str], object] | None = None,
        give_up_after: int | None = None,
    ):
        self.n, self.alphabet, self.max_steps = n, alphabet, max_steps
        self.sink = sink
        self.printed = 0
        self.skipped = 0
        self.give_up_after = give_up_after
        self.gave_up = False

    def __call__(self, event: TraceEvent) -> None:
        text = grid_step_line(event, self.n, self.alphabet)
        if text is None:
            return
        if self.max_steps is not None and self.printed >= self.max_steps:
            if self.give_up_after is not None and self.skipped >= self.give_up_after:
                self.gave_up = True
                raise TraceFull
            self.skipped += 1
        else:
            self.printed += 1
            if self.sink is None:
                print(text, flush=False)
            else:
                self.sink(text)

    def close(self) -> None:
        """Print the count of steps left out, if any."""
        if self.skipped:
            text = f"({self.skipped} more steps not shown)"
            if self.gave_up:
                text = f"(at least {self.skipped} more steps not shown: the search went on "
                text += "untraced)"
            if self.sink is None:
                print(text)
            else:
                self.sink(text)
