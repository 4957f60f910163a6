"""The chromatic number of a graph: a portfolio of bounds and exact steps.

The portfolio, in this order, each step reported as it improves a bound:

1. *Lower bounds*: a clique (:func:`~sudograph.search.bounds.max_clique`: exact on graphs it
   can finish within a small budget, else the largest found), 3 for an odd cycle, and
   χ(H) + d when the graph is H after d Mycielski steps (χ(H) by the same portfolio).
2. *Upper bound*: the DSATUR colouring. When it uses as many colours as the clique has
   vertices, χ is proven.
3. *Exact steps*, with the ``sat`` extra: on a small graph (:data:`SMALL_GRAPH` vertices) the
   DSATUR branch and bound below for a few milliseconds first; then one incremental SAT solver
   (:class:`~sudograph.search.sat.ColoringSat`, the clique's colours fixed) asked in rounds of
   a doubling conflict budget, each round at both ends: "k = lower?" (a colouring proves χ =
   lower; a refutation raises the lower bound by one) and "k = upper − 1?" (a colouring lowers
   the upper bound to the colours it uses; a refutation proves χ = upper), after a TabuCol run
   on k = upper − 1 whose budget doubles with the rounds too. The clauses learnt for one k
   are kept for the next (assumptions, not new solvers). From the second round on, while
   the lower bound is the clique's size, "k = lower?" is asked of the house kernel too (the
   compiled Sudoku search, the cliques of that size as its houses; :data:`HOUSE_NODES`
   nodes, doubling): it colours the 25×25 Sudoku graph with 25 colours in 439 nodes, where
   CaDiCaL had not in 20 s. A graph with houses of its own (a Sudoku grid's) is asked before
   any SAT formula is built (the 49×49's holds millions of clauses). Without python-sat: the
   same first branch and bound on a small graph, the house kernel once, TabuCol with a fifth
   of the time, then a DSATUR branch and bound (colour the vertex of highest saturation
   with each colour used so far, then one new colour, while fewer colours than the best
   colouring are used).

The result says which step proved what (``lower_by``, ``upper_by``) and keeps the
``history`` of bound changes; ``progress`` (a callable) receives each change as it happens.

>>> from sudograph.graph import petersen_graph
>>> r = chromatic_number(petersen_graph())
>>> r.chromatic_number, r.proven, r.lower_bound
(3, True, 3)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from numbers import Real

from ..errors import InvalidArgument, MissingExtra
from ..graph import Graph, require_graph
from ..problem import Coloring, as_seed, check_nonnegative, is_proper_coloring
from .bounds import (
    cliques_of_size,
    dsatur_coloring,
    greedy_clique,
    has_odd_cycle,
    max_clique,
    mycielski_core,
    select_dsatur,
    tabucol,
)
from .greedy import check_seed

__all__ = [
    "Bounds",
    "ChromaticResult",
    "chromatic_number",
    "dsatur_coloring",
    "greedy_clique",
]

CLOCK_EVERY = 512
CLIQUE_NODES = 100_000
"""Node budget of the exact clique search (then the best clique found is the bound)."""
CLIQUE_SHARE = 0.05
"""The exact clique search's share of a ``timeout``, but at least :data:`CLIQUE_SECONDS`
(at most half the time): 5 % of ``--timeout 1`` stopped fpsol2.i.1's search at a 58-clique,
and χ = 65 was left unproven, where no timeout proves it in 0.15 s."""
CLIQUE_SECONDS = 0.5
FIRST_CONFLICTS = 2000
"""Conflict budget of each end in the first SAT round (doubled every round)."""
FIRST_TABU = 2000
"""TabuCol iterations in the first round (doubled every round)."""
SMALL_GRAPH = 40
"""Up to this many vertices, the DSATUR branch and bound runs before SAT (for a short time:
it proves most small graphs before a solver is even built)."""
SMALL_GRAPH_SECONDS = 0.05
"""Time the branch and bound gets on a small graph before SAT takes over."""
NO_SAT_TABU_SHARE = 0.2
"""Share of the time TabuCol gets before the branch and bound, without python-sat."""
NO_COLOURING = "no colouring yet: one colour a vertex"
"""The step of the upper bound when Ctrl-C came before any colouring (``colored`` False)."""
ONE_VERTEX = "a vertex needs a colour"
"""The step of the lower bound 1 when Ctrl-C came before any other lower bound."""
EDGELESS = "no edge"
"""The step that proves χ = 1 on a graph with vertices and no edge."""
AN_EDGE = "an edge"
"""The step of the lower bound 2, known before any search on a graph with an edge."""
HOUSE_NODES = 2000
"""Node budget of the house kernel's first "k = lower?" (the largest clique's size), after
the first SAT round (which proves small graphs without loading the kernel); doubled with the
SAT budget at every round after (0: no house kernel). A colouring of
the lower-cliques' houses is often found in a few hundred nodes (the 25×25 Sudoku graph 439,
DSJR500.1 479, le450_25a 413), where CaDiCaL needs seconds or more; refutations are left to
SAT."""
NO_SAT_HOUSE_NODES = 16 * HOUSE_NODES
"""The house kernel's node budget without python-sat (once, before TabuCol)."""
HOUSE_SHARE = 0.1
"""Share of the time left that each run of the house kernel gets at most."""
HOUSE_STEP = "house kernel"
"""The step name of the house kernel's bounds."""


@dataclass(frozen=True)
class Bounds:
    """One change of the bounds: ``lower <= χ <= upper`` after ``seconds``, by ``step``."""

    seconds: float
    lower: int
    upper: int
    step: str

    def line(self) -> str:
        """``[0.012 s] 3 <= chi <= 5 (dsatur)``: the ``--progress`` line."""
        return f"[{self.seconds:.3f} s] {self.lower} <= chi <= {self.upper} ({self.step})"


Progress = Callable[[Bounds], None]


@dataclass(frozen=True)
class ChromaticResult:
    """χ (the best number of colours found), a colouring with that many colours (1..χ), whether
    optimality was ``proven``, the bounds and the time taken; ``lower_by`` / ``upper_by`` name
    the steps that gave the final bounds; ``history`` every change of the bounds; ``nodes``
    branch and bound nodes, ``conflicts`` SAT conflicts."""

    chromatic_number: int
    coloring: Coloring
    proven: bool
    lower_bound: int
    upper_bound: int
    seconds: float
    nodes: int = 0
    lower_by: str = ""
    upper_by: str = ""
    history: tuple[Bounds, ...] = ()
    conflicts: int = 0
    interrupted: bool = False
    """Ctrl-C ended the search: the bounds are those found until then."""
    colored: bool = True
    """False when Ctrl-C came before any step coloured the graph: ``chromatic_number`` and
    ``upper_bound`` are then the number of vertices (:data:`NO_COLOURING`, one colour a
    vertex, which no step found) and ``lower_bound`` 2 (:data:`AN_EDGE`: the graph has an
    edge, or DSATUR would have coloured it at once), or 1 (:data:`ONE_VERTEX`) when Ctrl-C came
    before even that."""


@dataclass
class _Book:
    """The bounds so far, who gave them, and the clock."""

    graph: Graph
    start: float
    deadline: float | None
    progress: Progress | None
    lower: int = 0
    upper: int = 0
    lower_by: str = ""
    upper_by: str = ""
    coloring: Coloring = ()
    history: list[Bounds] = field(default_factory=list)
    nodes: int = 0
    conflicts: int = 0
    interrupted: bool = False

    def _note(self, step: str) -> None:
        b = Bounds(time.perf_counter() - self.start, self.lower, self.upper, step)
        self.history.append(b)
        if self.progress is not None:
            self.progress(b)

    def raise_lower(self, value: int, step: str) -> None:
        if value > self.lower:
            self.lower, self.lower_by = min(value, self.upper or value), step
            self._note(step)

    def lower_upper(self, coloring: Coloring, step: str) -> None:
        used = len(set(coloring))  # (a colouring may skip numbers: its colours, not its largest)
        if not self.coloring or used < self.upper:
            if not is_proper_coloring(self.graph, coloring):  # pragma: no cover - a bug
                raise AssertionError(f"{step} built an improper colouring")
            colours = {c: i + 1 for i, c in enumerate(sorted(set(coloring)))}
            self.coloring = tuple(colours[c] for c in coloring)
            self.upper, self.upper_by = len(colours), step
            self._note(step)

    @property
    def done(self) -> bool:
        return self.lower >= self.upper

    def left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def result(self) -> ChromaticResult:
        if self.done:  # proven: the two bounds meet
            self.lower = self.upper
        return ChromaticResult(
            self.upper,
            self.coloring,
            self.done,
            self.lower,
            self.upper,
            time.perf_counter() - self.start,
            self.nodes,
            self.lower_by,
            self.upper_by,
            tuple(self.history),
            self.conflicts,
            self.interrupted,
            self.upper_by != NO_COLOURING,
        )


def chromatic_number(
    graph: Graph,
    timeout: float | None = None,
    *,
    progress: Progress | None = None,
    use_sat: bool | None = None,
    seed: int = 0,
) -> ChromaticResult:
    """χ(graph) by the portfolio above; with ``timeout`` (seconds) the best bounds so far.

    ``proven`` is True when ``chromatic_number`` is known optimal (the bounds met). The
    colouring is checked to be proper. ``use_sat``: None = when python-sat is installed,
    False = the pure-Python steps only, True = the SAT steps always: without python-sat,
    :class:`~sudograph.errors.MissingExtra` at once, before any step, whatever the graph (the
    pure-Python steps never answer in their place). ``seed`` seeds TabuCol. Ctrl-C ends it
    with the bounds so far (``interrupted`` True; ``colored`` False when it came before any
    colouring). Raises :class:`InvalidArgument` when ``graph`` is not a :class:`Graph` (a
    grid's or a problem's is its ``.graph``), on a timeout that is not a number >= 0, a
    ``progress`` that is not callable, a ``use_sat`` other than None, True or False and a
    ``seed`` that is not a whole number; :class:`~sudograph.errors.MissingExtra` for
    ``use_sat=True`` without python-sat.

    >>> from sudograph.graph import Graph
    >>> chromatic_number(Graph.from_edges(3, [])).chromatic_number
    1
    >>> r = chromatic_number(Graph.from_edges(5, [(i, (i + 1) % 5) for i in range(5)]))
    >>> r.chromatic_number, r.lower_by, r.upper_by
    (3, 'odd cycle', 'dsatur')
    >>> chromatic_number(None)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: chromatic_number takes a Graph, got NoneType
    """
    if seed is not None:  # numpy's integers taken as ints (None: check_seed says why not)
        seed = as_seed(seed)  # type: ignore[assignment]
    _check_arguments(graph, timeout, progress, use_sat, seed)
    start = time.perf_counter()
    deadline = None if timeout is None else start + timeout
    book = _Book(graph, start, deadline, progress)
    try:
        return _portfolio(book, graph, use_sat, seed)
    except KeyboardInterrupt:  # Ctrl-C: the bounds so far (a colouring once DSATUR ran)
        book.interrupted = True
        if graph.n:
            book.raise_lower(1, ONE_VERTEX)
        if not book.coloring and graph.n:  # the trivial bound, which colored=False marks
            book.lower_upper(tuple(range(1, graph.n + 1)), NO_COLOURING)
        return book.result()


def _check_arguments(
    graph: object, timeout: float | None, progress: object, use_sat: object, seed: object
) -> None:
    """Raise :class:`InvalidArgument` on arguments :func:`chromatic_number` cannot use."""
    require_graph(graph, "chromatic_number")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, Real)):
        raise InvalidArgument(f"timeout must be a number of seconds, got {timeout!r}")
    check_nonnegative("timeout", timeout)
    if progress is not None and not callable(progress):
        raise InvalidArgument(f"progress must be callable, got {type(progress).__name__}")
    if type(use_sat) not in (type(None), bool):
        raise InvalidArgument(f"use_sat must be None, True or False, got {use_sat!r}")
    check_seed(seed)
    if use_sat:  # SAT asked for: refused at once without it, never answered without it
        from .sat import sat_available

        if not sat_available():
            raise MissingExtra("pysat", "sat")


def _portfolio(book: _Book, graph: Graph, use_sat: bool | None, seed: int) -> ChromaticResult:
    """The steps of :func:`chromatic_number`, bounds kept in ``book``."""
    start, deadline = book.start, book.deadline
    if graph.n == 0:
        book.lower_by = book.upper_by = "empty graph"
        return book.result()
    if not graph.num_edges:  # linear: the steps below would only confirm it
        book.lower_upper((1,) * graph.n, EDGELESS)
        book.raise_lower(1, EDGELESS)
        return book.result()
    book.lower, book.lower_by = 2, AN_EDGE  # (said with DSATUR's line: not "0 <= chi")
    # DSATUR first (milliseconds): a colouring to give at once, as --progress and Ctrl-C do;
    # the exact clique search may take seconds (0.65 s on DSJC250.9, DSATUR 23 ms)
    book.lower_upper(dsatur_coloring(graph, deadline), "dsatur")
    clique = max_clique(graph, CLIQUE_NODES, _clique_deadline(start, deadline))
    book.raise_lower(len(clique), "clique")
    if book.lower < 3 and has_odd_cycle(graph):
        book.raise_lower(3, "odd cycle")
    if book.done:
        return book.result()
    if use_sat is None:
        from .sat import sat_available

        use_sat = sat_available()
    depth, core = mycielski_core(graph)
    if depth:
        sub = chromatic_number(core, book.left(), use_sat=use_sat, seed=seed)
        if sub.interrupted:
            raise KeyboardInterrupt
        book.raise_lower(
            sub.lower_bound + depth, f"mycielski: {depth} x M(H), chi(H) >= {sub.lower_bound}"
        )
        if book.done:
            return book.result()
    if _grid_first(graph) and book.lower == len(clique):
        _house_kernel(book, clique, [], NO_SAT_HOUSE_NODES)  # (before a formula of millions)
        if book.done:
            return book.result()
    if use_sat:
        if graph.n <= SMALL_GRAPH:
            _bnb(book, clique, SMALL_GRAPH_SECONDS)
            if book.done:
                return book.result()
        _sat_rounds(book, clique, seed)
    else:
        _pure(book, clique, seed)
    return book.result()


def _share(start: float, deadline: float | None, share: float) -> float | None:
    """The deadline of a step that gets ``share`` of the time (None without a deadline)."""
    return None if deadline is None else start + share * (deadline - start)


def _clique_deadline(start: float, deadline: float | None) -> float | None:
    """The deadline of the exact clique search (:data:`CLIQUE_SHARE`, :data:`CLIQUE_SECONDS`).

    >>> _clique_deadline(0.0, 1.0), _clique_deadline(0.0, 100.0), _clique_deadline(0.0, 0.2)
    (0.5, 5.0, 0.1)
    """
    if deadline is None:
        return None
    time_left = deadline - start
    return start + max(CLIQUE_SHARE * time_left, min(CLIQUE_SECONDS, time_left / 2))


def _house_kernel(book: _Book, clique: list[int], houses: list[list[int]], nodes: int) -> None:
    """ "k = lower?" by the house kernel (the compiled search of Sudoku grids, any house set),
    for ``nodes`` nodes at most: the clique's colours fixed and the cliques of its size as
    houses, where a colour missing from every other vertex of a house goes to the last one
    (hidden singles). A colouring proves χ = lower, a refutation raises the lower bound by
    one. Skipped without the compiled engine (numba)."""
    from ..engine import numba_available
    from ..graph import MAX_SIDE
    from ..problem import Problem

    k, left = len(clique), book.left()
    if nodes <= 0 or not 2 <= k <= MAX_SIDE or not numba_available():
        return
    import importlib
    from dataclasses import replace

    solve = importlib.import_module("..solve", __package__).solve
    own = [h for h in book.graph.houses if len(h) == k]
    graph = replace(book.graph, houses=tuple(sorted({tuple(sorted(h)) for h in [*own, *houses]})))
    pre = [0] * graph.n
    for colour, v in enumerate(clique, 1):
        pre[v] = colour
    result = solve(
        Problem(graph, k, tuple(pre)),
        "propagate",
        engine="numba",
        max_nodes=nodes,
        timeout=None if left is None else HOUSE_SHARE * left,
    )
    book.nodes += result.stats.nodes
    if result.reason == "interrupted":
        raise KeyboardInterrupt
    if result.solution is not None:
        book.lower_upper(result.solution, HOUSE_STEP)
    elif result.status == "unsatisfiable":
        book.raise_lower(k + 1, f"{HOUSE_STEP}: no {k}-colouring")


def _sat_rounds(book: _Book, clique: list[int], seed: int) -> None:
    """Rounds of SAT at both ends then TabuCol, budgets doubling, until the bounds meet."""
    from .sat import ColoringSat, OutOfTime

    try:  # a dense graph's formula takes seconds to load: the clock is read meanwhile
        solver = ColoringSat(book.graph, book.upper - 1, clique, book.deadline)
    except OutOfTime:
        return
    houses = None
    if book.lower == len(clique):  # "k = lower?" first: the lower-cliques are houses then
        share = _share(time.perf_counter(), book.deadline, 0.05)
        houses = cliques_of_size(book.graph, len(clique), deadline=share)
        solver.add_full_cliques(houses)
    budget, tabu = FIRST_CONFLICTS, FIRST_TABU
    try:
        while not book.done and not book.out_of_time():
            if houses is not None and book.lower == len(clique) and budget > FIRST_CONFLICTS:
                _house_kernel(book, clique, houses, HOUSE_NODES * (budget // FIRST_CONFLICTS // 2))
                if book.done:
                    break
            for k in dict.fromkeys((book.upper - 1, book.lower)):
                if book.done:
                    break
                # one question left (lower = upper - 1): all the time to it
                cap = None if book.upper - 1 == book.lower else budget
                answer = solver.colorable(k, book.deadline, cap)
                if answer is False:
                    book.raise_lower(k + 1, f"sat: no {k}-colouring")
                elif answer is not None:
                    book.lower_upper(answer, "sat")
                    solver.forbid_from(book.upper - 1)
            while book.upper - 1 > book.lower:
                found = tabucol(
                    book.graph,
                    book.upper - 1,
                    book.coloring,
                    deadline=book.deadline,
                    max_iterations=tabu,
                    seed=seed,
                )
                if found is None:
                    break
                book.lower_upper(found, "tabucol")
                solver.forbid_from(book.upper - 1)
            budget, tabu = 2 * budget, 2 * tabu
    finally:
        book.conflicts = solver.stats.conflicts
        solver.close()


def _grid_first(graph: Graph) -> bool:
    """A graph with houses of its own (a Sudoku grid's) past :data:`SMALL_GRAPH` vertices:
    the house kernel is asked "k = lower?" on them before any other exact step."""
    return bool(graph.houses) and graph.n > SMALL_GRAPH


def _pure(book: _Book, clique: list[int], seed: int) -> None:
    """Without python-sat: on a small graph the branch and bound for a few milliseconds, the
    house kernel on "k = lower?", TabuCol with a share of the time, then branch and bound."""
    start = time.perf_counter()
    if book.graph.n <= SMALL_GRAPH:  # as with SAT: most small graphs proven in milliseconds
        _bnb(book, clique, SMALL_GRAPH_SECONDS)
        if book.done:
            return
    if book.lower == len(clique) and not _grid_first(book.graph):  # (else asked already)
        houses = cliques_of_size(
            book.graph, len(clique), deadline=_share(start, book.deadline, 0.05)
        )
        _house_kernel(book, clique, houses, NO_SAT_HOUSE_NODES)
        if book.done:
            return
    tabu_deadline = _share(start, book.deadline, NO_SAT_TABU_SHARE)
    while book.upper - 1 >= book.lower:
        found = tabucol(
            book.graph,
            book.upper - 1,
            book.coloring,
            deadline=tabu_deadline,
            max_iterations=FIRST_TABU * 8,
            seed=seed,
        )
        if found is None:
            break
        book.lower_upper(found, "tabucol")
    if not book.done:
        _bnb(book, clique, None)


def _bnb(book: _Book, clique: list[int], seconds: float | None) -> None:
    """The branch and bound for the time left (at most ``seconds``), its bounds into ``book``."""
    left = book.left()
    if seconds is not None:
        left = seconds if left is None else min(left, seconds)
    nodes, proven, found = _branch_and_bound(
        book.graph, clique, book.upper, time.perf_counter(), left
    )
    book.nodes += nodes
    if found is not None:
        book.lower_upper(found, "branch and bound")
    if proven:
        book.raise_lower(book.upper, "branch and bound")


@dataclass
class _Frame:
    """A branching vertex, its candidate colours (ascending), the next one to try, the
    largest colour used before it, and whether it is coloured now."""

    vertex: int
    colours: list[int]
    max_before: int
    next: int = 0
    assigned: bool = False


def _branch_and_bound(
    graph: Graph, clique: list[int], best: int, start: float, timeout: float | None
) -> tuple[int, bool, Coloring | None]:
    """Search colourings with fewer than ``best`` colours; (nodes, proven, best found)."""
    nbrs = graph.neighbors
    n = graph.n
    lb = len(clique)
    colour = [0] * n
    count = [[0] * (best + 1) for _ in range(n)]
    used = [0] * n
    fdeg = [len(a) for a in nbrs]

    def set_colour(v: int, c: int) -> None:
        colour[v] = c
        for u in nbrs[v]:
            cu = count[u]
            cu[c] += 1
            fdeg[u] -= 1
            if cu[c] == 1:
                used[u] |= 1 << c

    def clear_colour(v: int) -> None:
        c = colour[v]
        colour[v] = 0
        for u in nbrs[v]:
            cu = count[u]
            cu[c] -= 1
            fdeg[u] += 1
            if cu[c] == 0:
                used[u] &= ~(1 << c)

    for i, v in enumerate(clique):
        set_colour(v, i + 1)
    free = n - lb
    maxc = lb
    found: Coloring | None = None
    deadline = None if timeout is None else start + timeout
    nodes = 0
    stack: list[_Frame] = []
    descend = True
    while True:
        if descend:
            if free == 0:
                found, best = tuple(colour), maxc
                if best == lb:
                    return nodes, True, found
            else:
                v = select_dsatur(colour, used, fdeg)
                top = min(maxc + 1, best - 1)
                cands = [c for c in range(1, top + 1) if not (used[v] >> c) & 1]
                stack.append(_Frame(v, cands, maxc))
        if not stack:
            return nodes, True, found
        frame = stack[-1]
        v = frame.vertex
        if frame.assigned:
            clear_colour(v)
            free += 1
            maxc = frame.max_before
            frame.assigned = False
        if frame.next >= len(frame.colours) or frame.colours[frame.next] >= best:
            stack.pop()
            descend = False
            continue
        c = frame.colours[frame.next]
        frame.next += 1
        nodes += 1
        if deadline is not None and nodes % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
            return nodes, False, found
        set_colour(v, c)
        free -= 1
        maxc = max(maxc, c)
        frame.assigned = True
        descend = True
