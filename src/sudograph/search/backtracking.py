"""The reference search: one iterative backtracking, ``order`` × ``inference``.

Glossary: ``v`` vertex, ``c`` colour (1..k, 0 = uncoloured), ``bit(c) = 1 << (c - 1)``,
``used[v]`` the colours of v's coloured neighbours (a bit mask), ``domain(v) = full & ~used[v]``.

Orders (which uncoloured vertex to branch on; ties always to the lowest index):

- ``static``: the lowest uncoloured vertex (row-major order on a grid);
- ``mrv``: fewest colours in the domain;
- ``dsatur``: fewest colours in the domain, then most uncoloured neighbours.

Inferences (what happens around an assignment; colours always tried in ascending order):

- ``check``: a colour is tried only if no coloured neighbour has it; nothing else. With ``mrv``
  or ``dsatur`` a selected vertex with an empty domain is a dead end.
- ``forward``: as ``check``, and after each assignment an uncoloured neighbour whose domain
  became empty makes the assignment fail at once. Also checked once before the search.
- ``singles``: as ``forward``, then naked singles (a vertex with one colour left) and hidden
  singles (a colour with one place left in a house) are assigned, to a fixpoint, after each
  assignment and once before the search. One pass sweeps the vertices in index order (naked
  singles, against the live state), then the houses in order (hidden singles, colours
  ascending); passes repeat until one changes nothing. A vertex with an empty domain, or a
  house where a missing colour has no place, is a dead end.

Counting, exactly: a *node* is one tentative assignment made by the search (clues and
deductions are not nodes); a *backtrack* is one such assignment undone (also after a solution
when enumerating); ``deductions`` counts assignments made by the ``singles`` inference;
``max_depth`` is the largest number of nodes on the path from the root.

>>> from sudograph.graph import petersen_graph
>>> from sudograph.problem import Problem, SolveOptions
>>> r = run(Problem(petersen_graph(), 3), SolveOptions(order="static", inference="check"))
>>> r.status, r.solution
('solved', (1, 2, 1, 2, 3, 2, 1, 3, 3, 2))
>>> run(Problem(petersen_graph(), 2), SolveOptions(order="static", inference="check")).status
'unsatisfiable'
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from ..methods import check_order_inference
from ..problem import Coloring, Problem, Result, SolveOptions, Stats, is_solution
from .propagation import Domains, TrackedDomains, propagate_singles, tracks
from .trace import EventKind, TraceEvent

DEFAULT_ORDER = "mrv"
DEFAULT_INFERENCE = "singles"


class _Stop(Exception):
    """Internal: the search must stop (``reason`` says why)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class _Frame:
    """A branching point: ``vertex``, the next colour to consider, the trail length before it,
    and whether its node is currently assigned."""

    vertex: int
    next_colour: int
    mark: int
    assigned: bool = False


def run(problem: Problem, options: SolveOptions) -> Result:
    """Search for up to ``options.limit`` solutions of ``problem`` (None = all of them).

    ``options.order`` / ``options.inference`` choose the search (default ``mrv`` + ``singles``).
    ``status`` is ``solved`` (``complete`` tells whether every solution was enumerated),
    ``unsatisfiable`` (the search finished without one) or ``stopped`` (``reason``: ``node
    limit``, ``time limit`` or ``interrupted``, with the stats so far). Every solution is
    checked with :func:`is_solution`.

    Raises :class:`InvalidArgument` on an unknown order or inference.

    >>> from sudograph.grid import Grid
    >>> r = run(Grid.empty(2).problem, SolveOptions(limit=None, order="static", inference="check"))
    >>> len(r.solutions), r.complete, r.stats.nodes - r.stats.backtracks
    (288, True, 0)
    """
    order = options.order or DEFAULT_ORDER
    inference = options.inference or DEFAULT_INFERENCE
    check_order_inference(order, inference)
    return _Search(problem, options, order, inference).run()


def count(problem: Problem, options: SolveOptions, *, keep: int = 0) -> Result:
    """Count every solution of ``problem`` keeping only the first ``keep`` (memory stays
    constant however many there are; ``options.limit`` is ignored).

    ``result.count`` is the number found; it is the exact count when ``result.complete``
    (else the search was stopped by ``max_nodes``/``timeout``/Ctrl-C and it is a lower bound).
    Raises :class:`InvalidArgument` on an unknown order or inference.

    >>> from sudograph.grid import Grid
    >>> r = count(Grid.empty(2).problem, SolveOptions(order="static", inference="check"))
    >>> r.count, r.complete, len(r.solutions)
    (288, True, 0)
    """
    order = options.order or DEFAULT_ORDER
    inference = options.inference or DEFAULT_INFERENCE
    check_order_inference(order, inference)
    search = _Search(problem, replace(options, limit=None), order, inference, keep=keep)
    result = search.run()
    result.count = search.found
    return result


class _Search:
    """One run of the search (kept as an object so that the loop stays readable)."""

    def __init__(
        self,
        problem: Problem,
        options: SolveOptions,
        order: str,
        inference: str,
        keep: int | None = None,
    ):
        self.problem = problem
        self.options = options
        self.order = order
        self.inference = inference
        self.trace = options.trace
        # large graphs (no cages): the vertex choice and the naked singles from a heap and
        # the vertices that changed, not a sweep of all; the same steps (propagation.py)
        self.tracked: TrackedDomains | None = None
        if tracks(problem):
            self.tracked = TrackedDomains(problem, order=order)
        self.state: Domains = self.tracked or Domains(problem)
        self.stats = Stats()
        self.solutions: list[Coloring] = []
        self.found = 0  # solutions found (only the first ``keep`` are kept; None = all)
        self.keep = options.limit if keep is None else keep
        self.full = (1 << problem.k) - 1
        self.deadline: float | None = None

    # -- the loop --------------------------------------------------------------------------
    def run(self) -> Result:
        start = time.perf_counter()
        if self.options.timeout is not None:
            self.deadline = start + self.options.timeout
        status: str
        reason = ""
        complete = False
        try:
            finished = self.search()
            complete = finished
            status = "solved" if self.found else ("unsatisfiable" if finished else "stopped")
        except _Stop as stop:
            reason = stop.reason
            status = "solved" if self.found else "stopped"
        except KeyboardInterrupt:
            reason = "interrupted"
            status = "solved" if self.found else "stopped"
        self.stats.seconds = time.perf_counter() - start
        for s in self.solutions:
            if not is_solution(self.problem, s):  # pragma: no cover - a bug in the engine
                raise AssertionError(f"search returned a non-solution: {s}")
        return Result(
            status=status,  # type: ignore[arg-type]
            solutions=self.solutions,
            stats=self.stats,
            method=f"{self.order}+{self.inference}",
            reason=reason,
            complete=complete,
            count=self.found if complete else None,
        )

    def search(self) -> bool:
        """Run the search; True when it finished (every branch explored or limit reached with
        the search space exhausted), False when it stopped at the solution limit."""
        st = self.state
        st.setup()
        if self.inference != "check" and not self.initial_ok():
            self.emit("fail")
            return True
        if self.inference == "singles" and not self.propagate(depth=0):
            self.emit("fail")
            return True
        limit = self.options.limit
        stack: list[_Frame] = []
        descend = True
        while True:
            if descend:
                if st.free == 0:
                    self.found += 1
                    if self.keep is None or len(self.solutions) < self.keep:
                        self.solutions.append(tuple(st.colour))
                    elif not is_solution(self.problem, st.colour):  # pragma: no cover - a bug
                        raise AssertionError(f"search found a non-solution: {st.colour}")
                    self.emit("solution", depth=len(stack), node=self.stats.nodes)
                    if limit is not None and self.found >= limit:
                        return False
                else:
                    v = self.select()
                    self.emit("select", v, depth=len(stack))
                    stack.append(_Frame(v, 1, len(st.trail)))
            if not stack:
                return True
            frame = stack[-1]
            if frame.assigned:
                self.undo(frame, len(stack))
            c = self.next_colour(frame, len(stack))
            if c == 0:
                self.emit("fail", frame.vertex, depth=len(stack) - 1, node=self.stats.nodes)
                stack.pop()
                descend = False
                continue
            self.assign(frame, c, len(stack))
            descend = self.after_assign(frame.vertex, c, len(stack))
            if not descend:
                self.emit("fail", -1, depth=len(stack), node=self.stats.nodes)

    # -- steps -----------------------------------------------------------------------------
    def emit(
        self,
        kind: EventKind,
        v: int = -1,
        c: int = 0,
        depth: int = 0,
        node: int = 0,
        ok: bool = True,
    ) -> None:
        if self.trace is not None:
            self.trace(TraceEvent(kind, v, c, depth, node, ok))

    def initial_ok(self) -> bool:
        st = self.state
        if st.cages is not None:
            return all(st.colour[v] or st.domain(v) for v in range(self.problem.graph.n))
        return all(st.colour[v] or st.used[v] != self.full for v in range(self.problem.graph.n))

    def select(self) -> int:
        st = self.state
        colour = st.colour
        if self.tracked is not None:
            return self.tracked.select()
        if self.order == "static":
            return colour.index(0)
        used, full = st.used, self.full
        best, best_key = -1, (self.problem.k + 1, 0)
        dsatur = self.order == "dsatur"
        fdeg = st.free_degree
        cages = st.cages
        for v in range(len(colour)):
            if colour[v]:
                continue
            size = (st.domain(v) if cages is not None else full & ~used[v]).bit_count()
            key = (size, -fdeg[v] if dsatur else 0)
            if key < best_key:
                best, best_key = v, key
                if size == 0:
                    break
        return best

    def next_colour(self, frame: _Frame, depth: int) -> int:
        """The next allowed colour of frame.vertex from frame.next_colour on (0 if none)."""
        v, k = frame.vertex, self.problem.k
        used = self.state.used[v]
        if self.state.cages is not None:  # a colour that breaks v's cage counts as used
            used |= ~self.state.cages.allowed(v, self.state.colour)
        tracing = self.trace is not None and self.inference == "check"
        for c in range(frame.next_colour, k + 1):
            ok = not (used >> (c - 1)) & 1
            if tracing:
                self.emit("try", v, c, depth, self.stats.nodes, ok)
            if ok:
                if self.trace is not None and not tracing:
                    self.emit("try", v, c, depth, self.stats.nodes, True)
                frame.next_colour = c + 1
                return c
        frame.next_colour = k + 1
        return 0

    def assign(self, frame: _Frame, c: int, depth: int) -> None:
        stats = self.stats
        max_nodes = self.options.max_nodes
        if max_nodes is not None and stats.nodes >= max_nodes:
            raise _Stop("node limit")
        stats.nodes += 1
        # The clock is read at every node when a timeout is set (perf_counter costs ~60 ns, a
        # node of this search microseconds), never without one: a timeout is honoured within
        # one node's work.
        if self.deadline is not None and time.perf_counter() > self.deadline:
            stats.nodes -= 1
            raise _Stop("time limit")
        if depth > stats.max_depth:
            stats.max_depth = depth
        frame.assigned = True
        self.emit("assign", frame.vertex, c, depth, stats.nodes)

    def after_assign(self, v: int, c: int, depth: int) -> bool:
        """Apply the assignment and the inference; False on a dead end."""
        st = self.state
        st.trail.append((v, True))
        ok = st.set(v, c)
        if self.inference == "check":
            return True
        if not ok:
            return False
        if self.inference == "singles":
            return self.propagate(depth)
        return True

    def undo(self, frame: _Frame, depth: int) -> None:
        """Undo frame's node and the deductions made after it."""
        st = self.state
        trail = st.trail
        while len(trail) > frame.mark:
            v, is_node = trail.pop()
            c = st.colour[v]
            st.clear(v)
            if is_node:
                self.stats.backtracks += 1
                self.emit("undo", v, c, depth, self.stats.nodes)
            else:
                self.emit("retract", v, c, depth, self.stats.nodes)
        frame.assigned = False

    def deduce(self, v: int, c: int, depth: int) -> None:
        st = self.state
        self.stats.deductions += 1
        st.trail.append((v, False))
        st.set(v, c)
        self.emit("deduce", v, c, depth, self.stats.nodes)

    def propagate(self, depth: int) -> bool:
        """Naked and hidden singles to a fixpoint; False on a dead end."""
        return propagate_singles(self.state, lambda v, c: self.deduce(v, c, depth))
