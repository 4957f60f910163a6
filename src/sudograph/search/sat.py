"""Method ``sat``: k-colouring of any graph (and Sudoku of any size) with a SAT solver.

Glossary: v vertex, c colour (0-based inside this module, ``1..k`` outside), k colours,
``x(v, c)`` the variable "v has colour c".

The encoding is the *direct* one: per vertex at least one colour (at most one too when
solutions are enumerated, so that a model is one colouring), per edge and colour the clause
``¬x(u, c) ∨ ¬x(v, c)``, and for every house of exactly k vertices (a Sudoku row, column or
box) each colour at least once, which lets the solver deduce hidden singles. The solver is
CaDiCaL through python-sat (the ``sat`` extra).

Two uses:

* :class:`ColoringSat` is one *incremental* solver for a graph with up to ``K`` colours: a
  clique's vertices get colours ``0..q-1`` (symmetry breaking), and "at most k colours" is
  asked through assumptions on one selector per colour, so the clauses it learns for one k are
  kept for the next (the chromatic portfolio asks k = upper − 1, lower, ... of the same solver).
  It works on a :class:`Graph` directly, for any k (no 64-colour limit).
* :func:`run` is the runner of method ``sat`` (a :class:`Problem`, ``limit`` 1, 2 or None by
  blocking clauses, ``timeout``). The clique symmetry breaking is used only when one solution
  is asked for and nothing is precoloured (it would change the count otherwise).

A timeout really stops the solver: python-sat's CaDiCaL does not honour ``interrupt``, so the
solver runs in slices of a conflict budget (``conf_budget`` + ``solve_limited``) and the clock
is read between slices. The slices are a function of the formula alone: :data:`FIRST_SLICE`
conflicts, each next slice twice the last, up to :func:`slice_cap` (which shrinks as the
formula grows, so that a slice lasts about half a second at most), so that a question takes
the same path through CaDiCaL on every run (each call restarts CaDiCaL: slices sized by the
clock took one 16×16 killer's uniqueness 4 s to 112 s from run to run); :class:`ColoringSat`'s
slices go further (:func:`coloring_slice_cap`: CaDiCaL's default options there need them to
reach their stable mode, which finds colourings). Under a deadline a
slice is also cut to what the conflict rate of the last slice allows in half the time left;
the overshoot is a fraction of a slice (tests/test_sat.py measures it). Ctrl-C is answered at
the end of a slice too: the solver is asked without python-sat's SIGINT handler, whose jump
out of CaDiCaL could corrupt the heap (:func:`_limited`). Each call restarts CaDiCaL in its
focused mode, which alone never solved the empty 25×25 grid in slices of 8,000 conflicts:
method ``sat`` runs CaDiCaL in its stable mode only (:data:`SAT_OPTIONS`).

:class:`ProblemSat` is the incremental solver of a Problem's encoding (cages included) that
method ``sat`` asks, open to other questions under assumptions (generation's settling of a
killer's last clues asks one per removal).

Statistics: ``nodes`` are the solver's decisions, ``backtracks`` its conflicts, ``deductions``
its propagations.

>>> from sudograph.graph import petersen_graph
>>> from sudograph.problem import Problem, SolveOptions
>>> run(Problem(petersen_graph(), 3), SolveOptions()).status
'solved'
>>> run(Problem(petersen_graph(), 2), SolveOptions()).status
'unsatisfiable'
"""

from __future__ import annotations

import gc
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from itertools import islice
from typing import Any, Literal, cast

from ..errors import InvalidArgument, MissingExtra
from ..graph import Graph
from ..problem import Coloring, Problem, Result, SolveOptions, Stats

BACKEND = "cadical153"
"""The python-sat solver used: the strongest of python-sat's on these formulas."""
FIRST_SLICE = 1000
"""Conflicts of the first slice of a question; each next slice is twice the last, up to
:func:`slice_cap`."""
MIN_SLICE = 200
"""No slice below this many conflicts, whatever the time left or the formula's size."""
MAX_SLICE = 16_000
"""The largest slice, on formulas of up to about 9,000 clauses (see :func:`slice_cap`)."""
SLICE_SCALE = 1_500_000
"""The largest slice on larger formulas is this over the square root of their clauses (see
:func:`slice_cap`)."""
COLORING_SLICE_SCALE = 6_000_000
""":data:`SLICE_SCALE` of :class:`ColoringSat`'s slices (see :func:`coloring_slice_cap`)."""
COLORING_MAX_SLICE = 32_000
""":data:`MAX_SLICE` of :class:`ColoringSat`'s slices (see :func:`coloring_slice_cap`)."""
SAT_OPTIONS = {"stabilizeonly": 1}
"""CaDiCaL's options for method ``sat``: its stable mode only. Each call (slice) restarts
CaDiCaL in its focused mode, and the empty 25×25 grid, which one call solves in 13,365
conflicts (0.9 s), then went on for minutes in slices of 0.5 s (1.3 million conflicts in 30 s
at a fixed 8,000 a slice); in the stable mode only, 26,037 conflicts in 2.0 s with slices of
8,000. Unsatisfiable formulas are about as fast (an M3 of the Petersen graph with 5 colours in
one call 15.5 against 16.1 s; in slices of 8,000, 15.0 against 11.9 s)."""


DOMAINS_BACKEND = "glucose4"
"""The solver of :func:`run_domains` for formulas of up to :data:`DOMAINS_LARGE_LITERALS`
open literals: they are small and asked once, where Glucose spends less than CaDiCaL and
MiniSat, Glucose 4.1 less than Glucose 3 (400 25×25 grids, 76 handed off: the default solve
5.78× python-sat's peer with Glucose 4.1, 5.41× with Glucose 3, 4.39× with MiniSat, 4.00× with
CaDiCaL, ``bench/bench_handoff.py --seeds 40``, docs/benchmarks.md)."""
DOMAINS_LARGE_BACKEND = "cadical153"
"""The solver of :func:`run_domains` for larger formulas, and for any formula that
:data:`DOMAINS_BACKEND` did not answer within :data:`DOMAINS_SWITCH_CONFLICTS`: on 36×36
grids near the phase transition (2,700–6,800 open literals) CaDiCaL took 0.2–0.4 s where
Glucose 3 took 2.8–25 s (docs/benchmarks.md)."""
DOMAINS_LARGE_LITERALS = 3_000
"""Open literals (variables) above which :func:`run_domains` starts with
:data:`DOMAINS_LARGE_BACKEND` (the 25×25 handoffs have 950–2,650)."""
DOMAINS_LARGE_OPTIONS = SAT_OPTIONS
"""CaDiCaL's options in :func:`run_domains`: its stable mode only, as method ``sat`` (see
:data:`SAT_OPTIONS`: each slice of a question restarts CaDiCaL in its focused mode, so slices
of :func:`slice_cap` never reached a stable phase). On the root domains of 36×36 and 64×64
grids with 30–50 % of their cells given, near the phase transition, the default options
solved none of 8 grids in 40–60 s, the stable mode 3 (3.6, 14.8 and 36.5 s; then
``bench/bench_large_handoff.py``, docs/benchmarks.md)."""
DOMAINS_SWITCH_CONFLICTS = 20_000
"""Conflicts of one question after which :data:`DOMAINS_BACKEND` gives up and the formula
(with the solutions found so far excluded) goes to :data:`DOMAINS_LARGE_BACKEND` (the 25×25
handoffs need at most ~7,000)."""
LOAD_BATCH = 2048
"""Clauses made and added between two readings of the clock while a formula is loaded (a
dense graph's encoding has hundreds of thousands: seconds of Python, see :func:`_load`)."""


def _domains_backend(large: bool) -> tuple[str, dict[str, int] | None]:
    """The solver of :func:`run_domains` and its options: CaDiCaL in its stable mode for a
    ``large`` formula (or one Glucose gave up on), else Glucose as it comes."""
    return (DOMAINS_LARGE_BACKEND, DOMAINS_LARGE_OPTIONS) if large else (DOMAINS_BACKEND, None)


class OutOfTime(Exception):
    """The deadline passed while the formula was being loaded (no question asked yet)."""


def _solver(clauses: Iterable[list[int]] = (), name: str = BACKEND) -> Any:
    """A python-sat solver (CaDiCaL by default); :class:`MissingExtra` without python-sat."""
    try:
        from pysat.solvers import Solver
    except ImportError as exc:
        raise MissingExtra("pysat", "sat") from exc
    return Solver(name=name, bootstrap_with=clauses)


_HANDLES = {
    "cadical153": ("cadical153", "cadical"),
    "glucose3": ("glucose3", "glucose"),
    "glucose4": ("glucose41", "glucose"),
    "glucose42": ("glucose421", "glucose"),
    "minisat22": ("minisat22", "minisat"),
}
"""Per backend (its wrapper's class name, lower case): the prefix of python-sat's C
functions and the name of the C solver object inside the wrapper (see :func:`_c_function`)."""


def _c_function(inner: Any, suffix: str) -> tuple[Any, Any] | None:
    """python-sat's C function ``{backend}_{suffix}`` and the C solver object it takes, for
    ``inner`` (a backend's wrapper: ``Cadical153`` is backend ``cadical153``), or None when
    this python-sat has not both."""
    try:
        import pysolvers

        prefix, attribute = _HANDLES[type(inner).__name__.lower()]
        function = getattr(pysolvers, f"{prefix}_{suffix}")
        handle = getattr(inner, attribute)
    except (ImportError, AttributeError, KeyError):
        return None
    return None if handle is None else (function, handle)


def _adder(solver: Any) -> Callable[[list[int]], Any]:
    """The function that adds one clause to ``solver``: python-sat's C function bound to
    the backend's solver object when this python-sat has them (a clause then costs no
    Python frame), else the wrapper's ``add_clause``."""
    inner = getattr(solver, "solver", None) or solver
    found = _c_function(inner, "add_cl")
    if found is None:
        return cast(Callable[[list[int]], Any], inner.add_clause)
    function, handle = found
    return partial(function, handle)


def _limited(solver: Any) -> Callable[[Sequence[int]], bool | None]:
    """The function that asks ``solver`` one budgeted question (``solve_limited``) without
    python-sat's SIGINT handler.

    Called from the main thread, python-sat's ``solve_limited`` swaps in its own SIGINT
    handler for the call, which jumps (``longjmp``) out of the solver: out of CaDiCaL in the
    middle of an allocation that corrupts the heap. 1 of 80 interrupted ``chromatic -m sat``
    and ``color -m sat`` runs aborted so here (``munmap_chunk(): invalid pointer``; in CI
    ``free(): invalid pointer``, ``corrupted double-linked list``), none of 360 once the C
    function is told "not the main thread": Python's own handler then stays, Ctrl-C is noted,
    the slice runs to its end (about half a second at most, see :func:`slice_cap`; 0.6 s at
    worst from SIGINT to exit in those runs, whose slices the clock sized) and
    ``KeyboardInterrupt`` is raised when it returns, the solver whole. Without those C
    functions (another python-sat), the wrapper's method."""
    inner = getattr(solver, "solver", None) or solver
    found = _c_function(inner, "solve_lim")
    if found is None:
        return cast(Callable[[Sequence[int]], "bool | None"], inner.solve_limited)
    function, handle = found
    if type(inner).__name__.lower().startswith("cadical"):

        def ask(assumptions: Sequence[int]) -> bool | None:
            code = function(handle, assumptions, 0)  # 1 SAT, -1 UNSAT, 0 budget spent
            inner.status = None if code == 0 else code > 0  # what get_model reads
            inner.prev_assumps = assumptions
            return cast("bool | None", inner.status)

    else:

        def ask(assumptions: Sequence[int]) -> bool | None:
            inner.status = function(handle, assumptions, 0, 0)  # None, True or False
            return cast("bool | None", inner.status)

    return ask


def free_solver(solver: Any) -> None:
    """Delete python-sat's ``solver`` (a backend, or the ``Solver`` wrapping one); Ctrl-C
    during the delete leaves no C solver to be freed twice.

    python-sat deletes in two steps, the C solver freed, then its handle cleared; Ctrl-C
    between them (``KeyboardInterrupt`` at the next bytecode) left the handle set, and the
    backend's ``__del__`` freed the solver again at exit: ``free(): double free detected``,
    the process aborted (exit -6) in 3 of 60 ``generate --variant killer`` runs interrupted
    after 2 to 3 s (generation asks CaDiCaL a question per clue, a solver made and deleted
    each time). An interrupted delete clears the handle itself (a C solver interrupted
    before it was freed is left, never freed twice) and the interrupt goes on."""
    inner = getattr(solver, "solver", None) or solver  # (the wrapper forgets it when done)
    try:
        solver.delete()
    except BaseException:
        attribute = _HANDLES.get(type(inner).__name__.lower(), ("", ""))[1]
        if attribute:
            setattr(inner, attribute, None)
        raise


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for the block (then as it was): a formula is
    tens of thousands of small lists of ints, which hold no cycle but each trigger the
    collector's counts, and its full passes over a process holding numba and numpy took
    0.2 s of 1.0 s on 80 25×25 handoffs (``bench/bench_handoff.py``)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _load(
    clauses: Iterable[list[int]],
    deadline: float | None,
    name: str = BACKEND,
    options: dict[str, int] | None = None,
) -> Any:
    """A solver holding ``clauses`` (made lazily), the clock read every :data:`LOAD_BATCH`
    clauses: :class:`OutOfTime` (the solver freed) once ``deadline`` has passed. Clauses go
    to python-sat's C function directly, a batch at a time by ``map`` (a 25×25 formula of
    20,000 clauses: 3 ms instead of 11 ms through python-sat's wrapper). ``options``: the
    backend's own (CaDiCaL's ``configure``), set before any clause."""
    solver = _solver(name=name)
    configure = getattr(getattr(solver, "solver", None), "configure", None)
    if options and configure is not None:
        configure(options)
    add = _adder(solver)
    rest = iter(clauses)
    try:
        with _collector_paused():
            while True:
                batch = list(islice(rest, LOAD_BATCH))
                deque(map(add, batch), maxlen=0)
                if len(batch) < LOAD_BATCH:
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    raise OutOfTime
    except BaseException:  # out of time, Ctrl-C: free the solver
        free_solver(solver)
        raise
    return solver


def sat_available() -> bool:
    """True when python-sat can be imported (the ``sat`` extra)."""
    try:
        import pysat.solvers  # noqa: F401
    except ImportError:
        return False
    return True


@dataclass
class SatStats:
    """What the solver did so far: decisions, conflicts, propagations, calls, seconds."""

    decisions: int = 0
    conflicts: int = 0
    propagations: int = 0
    calls: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    """Ctrl-C stopped the work (:func:`color_graph` answers "stopped" then, not raising)."""


def slice_cap(clauses: int, scale: int = SLICE_SCALE, largest: int = MAX_SLICE) -> int:
    """The largest slice, in conflicts, of a formula of ``clauses`` clauses: ``scale``
    (:data:`SLICE_SCALE`) over their square root, between :data:`MIN_SLICE` and ``largest``
    (:data:`MAX_SLICE`).

    A conflict costs more on a larger formula. The slowest slices of 2,000 conflicts in the
    first 4 s of CaDiCaL's stable mode (a 2-core VM, docs/benchmarks.md): 24,000–37,000
    conflicts/s on formulas of 1,200–3,100 clauses (pigeonholes, Mycielski and queen graphs),
    10,600 on a 16×16 killer (123,000 clauses), 7,500 on the empty 25×25 grid (502,500), 2,000
    on the empty 36×36 (2.2 million): the largest slices below then last 0.3–0.7 s, and
    Ctrl-C waits about as long. The rate falls as a question goes on and learnt clauses pile
    up (a pigeonhole's, to 16,000 conflicts/s after 20 s): a slice may then last a second.

    >>> slice_cap(1_500), slice_cap(123_000), slice_cap(502_500), slice_cap(2_221_344)
    (16000, 4276, 2116, 1006)
    """
    return max(MIN_SLICE, min(largest, int(scale / max(1, clauses) ** 0.5)))


def coloring_slice_cap(clauses: int) -> int:
    """The largest slice of :class:`ColoringSat` (a graph colouring of ``clauses`` clauses):
    :func:`slice_cap` with :data:`COLORING_SLICE_SCALE` and :data:`COLORING_MAX_SLICE`, four
    and two times method ``sat``'s.

    :class:`ColoringSat` runs CaDiCaL with its default options, which alternate a focused
    mode (good at refutations: the portfolio's "k = lower?") and a stable mode (good at
    finding colourings: "k = upper − 1?") in phases of 1,000, 2,000, 4,000, 8,000, ...
    conflicts, and each call (slice) starts that schedule again in the focused mode. Slices
    of :func:`slice_cap` (6,904 conflicts on DSJR500.1's formula of 13 colours, 47,203
    clauses; 4,135 on le450_15a's) never reach the stable phase of 8,000 conflicts: the
    colourings that prove χ = 12 and 15 were not found in 20 s (1.8 and 1.2 million
    conflicts), where these slices find them after 26,037 and 47,251 conflicts (0.4 and 1.3 s),
    as the slices sized by the clock did. Sparse colouring formulas also run 3 to 6
    times faster than :func:`slice_cap`'s rates once past the first slices: 29,000–94,000
    conflicts/s on formulas of 40,000–130,000 clauses, 9,000–14,000 on 570,000–2.5 million
    (median of slices of 2,000, docs/chromatic.md), so these slices too last about half a
    second (Ctrl-C waits as long), and are still a function of the formula alone.

    >>> coloring_slice_cap(9_027), coloring_slice_cap(47_203), coloring_slice_cap(131_573)
    (32000, 27616, 16541)
    >>> coloring_slice_cap(885_374), coloring_slice_cap(2_493_162)
    (6376, 3799)
    """
    return slice_cap(clauses, COLORING_SLICE_SCALE, COLORING_MAX_SLICE)


@dataclass
class _Slicer:
    """Runs ``solve_limited`` in conflict slices until an answer or the deadline."""

    solver: Any
    stats: SatStats = field(default_factory=SatStats)
    rate: float = 0.0  # conflicts per second measured in the last slice (0: not yet)
    broken: bool = False  # interrupted inside python-sat's own handler: only delete it
    ask: Callable[[Sequence[int]], bool | None] = field(init=False, repr=False)
    cap: int = field(init=False)  # the largest slice: slice_cap of the formula as loaded

    def __post_init__(self) -> None:
        self.ask = _limited(self.solver)
        self.cap = slice_cap(self.solver.nof_clauses())

    def solve(
        self,
        assumptions: Sequence[int],
        deadline: float | None,
        max_conflicts: int | None = None,
        max_decisions: int | None = None,
    ) -> bool | None:
        """True (SAT), False (UNSAT) or None (deadline, ``max_conflicts`` or ``max_decisions``
        reached first; the decision budget is exact)."""
        t0 = time.perf_counter()
        self.stats.calls += 1
        try:
            return self._sliced(assumptions, deadline, max_conflicts, max_decisions)
        except Exception as exc:
            # only through python-sat's wrapper (see _limited): it jumps out of the solver on
            # Ctrl-C and raises its own error; the solver may only be deleted now (asking it
            # for its statistics aborts the process)
            if "keyboard interrupt" not in str(exc).lower():
                raise
            self.broken = True
            raise KeyboardInterrupt from None
        finally:
            self.stats.seconds += time.perf_counter() - t0

    def _sliced(
        self,
        assumptions: Sequence[int],
        deadline: float | None,
        max_conflicts: int | None,
        max_decisions: int | None,
    ) -> bool | None:
        """Slices of :data:`FIRST_SLICE` conflicts, doubling up to :attr:`cap` (Ctrl-C waits
        for the end of a slice), cut under a deadline to what the rate of the last slice
        allows in half the time left: without a deadline that binds, the same slices on
        every run. Each slice's work is added to :attr:`stats` as it ends, the interrupted
        one's too."""
        s = self.solver
        budget = FIRST_SLICE
        spent = 0
        decided = 0
        while True:
            size = min(budget, self.cap)
            if max_conflicts is not None:
                size = min(size, max_conflicts - spent)
                if size <= 0:
                    return None
            if max_decisions is not None:
                left = max_decisions - decided
                if left <= 0:
                    return None
                s.dec_budget(left)
            now = time.perf_counter()
            if deadline is not None:
                if now >= deadline:
                    return None
                if self.rate:  # the rate falls as the clauses grow: the cut follows it
                    size = max(MIN_SLICE, min(size, int(self.rate * (deadline - now) / 2)))
            before = s.accum_stats()
            s.conf_budget(size)
            try:
                answer = self.ask(assumptions)
            except KeyboardInterrupt:  # raised as the slice returned: the solver is whole
                self._count(before)
                raise
            decisions, conflicts = self._count(before)
            if answer is not None:
                return answer
            decided += decisions
            done = max(1, conflicts)
            spent += done
            self.rate = done / max(time.perf_counter() - now, 1e-6)
            budget = 2 * budget

    def _count(self, before: dict[str, int]) -> tuple[int, int]:
        """Adds the solver's work since ``before`` to :attr:`stats`; returns its decisions
        and conflicts."""
        after = self.solver.accum_stats()
        spent = {key: after.get(key, 0) - before.get(key, 0) for key in after}
        self.stats.decisions += spent.get("decisions", 0)
        self.stats.conflicts += spent.get("conflicts", 0)
        self.stats.propagations += spent.get("propagations", 0)
        return spent.get("decisions", 0), spent.get("conflicts", 0)


def _check_graph(graph: Graph, k: int) -> None:
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise InvalidArgument(f"k must be a positive integer, got {k!r}")


class ColoringSat:
    """One incremental solver: "is ``graph`` k-colourable?" for any ``k <= K``.

    ``clique`` (pairwise adjacent vertices, at most K) gets colours ``1..q`` in that order.
    :meth:`colorable` answers with a colouring ``1..k`` (checked proper), False, or None when
    stopped. :meth:`forbid_from` removes colours for good (the portfolio's upper bound).

    >>> from sudograph.graph import petersen_graph
    >>> s = ColoringSat(petersen_graph(), 4, clique=[0, 1])
    >>> s.colorable(2), max(s.colorable(3) or ())
    (False, 3)
    """

    def __init__(
        self,
        graph: Graph,
        colours: int,
        clique: Sequence[int] = (),
        deadline: float | None = None,
    ) -> None:
        """Raises :class:`OutOfTime` when ``deadline`` passes while the formula is loaded."""
        _check_graph(graph, colours)
        if len(clique) > colours:
            raise InvalidArgument(f"a clique of {len(clique)} vertices needs more than {colours}")
        self.graph = graph
        self.K = colours
        self._sel = graph.n * colours + 1  # selector of colour c: variable _sel + c ("c is off")
        self._start = len(clique)  # colours below the clique size are never switched off
        self._off = colours  # colours >= _off are off for good
        self._slicer = _Slicer(_load(self._clauses(clique), deadline))
        self._slicer.cap = coloring_slice_cap(self._slicer.solver.nof_clauses())

    def _clauses(self, clique: Sequence[int]) -> Iterator[list[int]]:
        """The formula, made lazily: a colour per vertex, none shared along an edge, the
        clique's colours fixed, and a selector per colour that switches it off."""
        K, n, sel, start = self.K, self.graph.n, self._sel, self._start
        for v in range(n):
            yield list(range(v * K + 1, v * K + K + 1))
        for u, nbrs in enumerate(self.graph.neighbors):
            bu = u * K + 1
            for v in nbrs:
                if v > u:
                    bv = v * K + 1
                    yield from ([-(bu + c), -(bv + c)] for c in range(K))
        fixed = set(clique)
        for c, v in enumerate(clique):
            yield [v * K + c + 1]
        for v in range(n):
            if v not in fixed:
                bv = v * K + 1
                yield from ([-(sel + c), -(bv + c)] for c in range(start, K))
        # colour c off -> colour c + 1 off: only suffixes of colours are ever switched off
        yield from ([-(sel + c), sel + c + 1] for c in range(start, K - 1))

    def add_full_cliques(self, cliques: Iterable[Sequence[int]]) -> None:
        """With as many colours as a clique has vertices, every colour appears in it: one
        clause per clique and colour (redundant, but the solver propagates with it as with a
        Sudoku house; it proves queen9_9 in seconds). Only while colours >= q are off."""
        add = self._slicer.solver.add_clause
        K = self.K
        for q in cliques:
            size = len(q)
            if size < self._start or size > K:
                continue
            guard = [] if size >= self._off else [-(self._sel + size)]
            for c in range(size):
                add(guard + [v * K + c + 1 for v in q])

    @property
    def stats(self) -> SatStats:
        """Decisions, conflicts, propagations, calls and seconds of every call so far."""
        return self._slicer.stats

    def close(self) -> None:
        """Free the solver."""
        free_solver(self._slicer.solver)

    def forbid_from(self, k: int) -> None:
        """Colours ``k+1..K`` (1-based) are never used again (a unit clause per colour)."""
        for c in range(max(k, self._start), self._off):
            self._slicer.solver.add_clause([self._sel + c])
        self._off = min(self._off, max(k, self._start))

    def colorable(
        self, k: int, deadline: float | None = None, max_conflicts: int | None = None
    ) -> Coloring | Literal[False] | None:
        """A colouring with colours ``1..k``, False when there is none, None when stopped."""
        if k < self._start:
            return False
        k = min(k, self.K)
        assumptions = [self._sel + c for c in range(max(k, self._start), self._off)]
        answer = self._slicer.solve(assumptions, deadline, max_conflicts)
        if answer is None or answer is False:
            return answer
        return self._coloring(self._slicer.solver.get_model())

    def _coloring(self, model: Sequence[int]) -> Coloring:
        K = self.K
        col = [0] * self.graph.n
        for lit in model:
            if 0 < lit < self._sel:
                v, c = divmod(lit - 1, K)
                if not col[v]:
                    col[v] = c + 1
        return tuple(col)


def color_graph(
    graph: Graph, k: int, timeout: float | None = None, clique: Sequence[int] | None = None
) -> tuple[str, Coloring | None, SatStats]:
    """Colour ``graph`` with ``k`` colours by SAT, without the 64-colour limit of a Problem.

    ``clique``: pairwise adjacent vertices given colours ``1..q`` (None: a greedy clique;
    ``()``: no symmetry breaking). Returns ``(status, colouring or None, stats)``, status as
    :class:`Result`'s; Ctrl-C: "stopped", the work done until then in ``stats`` and
    ``stats.interrupted`` True (as method ``sat``'s runner answers it). Raises
    :class:`InvalidArgument` on a k below 1.

    >>> from sudograph.graph import petersen_graph
    >>> color_graph(petersen_graph(), 2)[0]
    'unsatisfiable'
    """
    _check_graph(graph, k)
    deadline = None if timeout is None else time.perf_counter() + timeout
    if graph.n == 0:
        return "solved", (), SatStats()
    if clique is None:
        from .bounds import greedy_clique

        clique = greedy_clique(graph)
    if len(clique) > k:
        return "unsatisfiable", None, SatStats()
    try:
        s = ColoringSat(graph, k, clique, deadline)
    except OutOfTime:
        return "stopped", None, SatStats()
    except KeyboardInterrupt:  # while the formula was loaded (the solver freed)
        return "stopped", None, SatStats(interrupted=True)
    try:
        answer = s.colorable(k, deadline)
    except KeyboardInterrupt:  # raised as a slice ended: its work is in the stats
        s.stats.interrupted = True
        answer = None
    finally:
        s.close()
    if answer is None:
        return "stopped", None, s.stats
    if answer is False:
        return "unsatisfiable", None, s.stats
    return "solved", answer, s.stats


def _problem_clauses(problem: Problem, amo: bool, clique: Sequence[int]) -> Iterator[list[int]]:
    """The direct encoding of a Problem (colours 0..k-1 inside), made lazily."""
    graph, k = problem.graph, problem.k
    for v in range(graph.n):
        base = v * k + 1
        yield list(range(base, base + k))
        if amo:
            yield from ([-(base + a), -(base + b)] for a in range(k) for b in range(a + 1, k))
        p = problem.precolouring[v]
        if p:
            yield [base + p - 1]
        bases = [u * k + 1 for u in graph.neighbors[v] if u > v]
        yield from ([-(base + c), -(bu + c)] for bu in bases for c in range(k))
    for house in graph.houses:
        if len(house) == k:
            yield from ([u * k + c + 1 for u in house] for c in range(k))
    for c, v in enumerate(clique):
        yield [v * k + c + 1]
    yield from _cage_clauses(problem)


def _cage_clauses(problem: Problem) -> Iterator[list[int]]:
    """Killer cages (the cage's cells are a clique of the graph, so their colours differ):
    one selector per combination of the cage's sum (:func:`~.cages.cage_combinations`),
    numbered after the colour variables; at least one selector holds, a selector needs each
    of its colours on some cell of the cage, and a cell's colour needs a selected combination
    holding it (a colour in none is barred). With distinct colours on as many cells, the
    selected combination is the cage's set of colours, so the sum is kept.

    >>> from sudograph.graph import Graph
    >>> p = Problem(Graph.from_edges(2, [(0, 1)]), 3, cages=(((0, 1), 4),))  # 1 + 3 only
    >>> list(_cage_clauses(p))
    [[7], [-7, 1, 4], [-7, 3, 6], [-1, 7], [-2], [-3, 7], [-4, 7], [-5], [-6, 7]]
    """
    from .cages import cage_combinations

    k = problem.k
    top = problem.graph.n * k
    for cells, total in problem.cages:
        combos = cage_combinations(len(cells), total, k)
        if combos is None:
            raise InvalidArgument(
                f"method 'sat' cannot encode the cage of cells {', '.join(map(str, cells))} "
                f"(sum {total}): too many digit combinations"
            )
        chosen = range(top + 1, top + len(combos) + 1)
        top += len(combos)
        yield list(chosen)
        holding = [[y for y, m in zip(chosen, combos, strict=True) if m >> c & 1] for c in range(k)]
        for y, combo in zip(chosen, combos, strict=True):
            for c in range(k):
                if combo >> c & 1:
                    yield [-y, *(v * k + c + 1 for v in cells)]
        for v in cells:
            for c in range(k):
                yield [-(v * k + c + 1), *holding[c]]


def model_coloring(problem: Problem, model: Sequence[int]) -> Coloring:
    """The colouring of a model of :func:`_problem_clauses`' formula (variable ``v * k + c``:
    vertex ``v`` has colour ``c``): each vertex's first true colour, a clue's own (the clue is
    true, maybe beside other colours)."""
    n, k = problem.graph.n, problem.k
    col = list(problem.precolouring)
    for lit in model:
        if 0 < lit <= n * k:
            v, c = divmod(lit - 1, k)
            col[v] = col[v] or c + 1
    return tuple(col)


def other_than(problem: Problem, coloring: Coloring) -> list[int]:
    """The clause "another colour on some free vertex than in ``coloring``" (empty when every
    vertex is a clue): added, it excludes that solution."""
    k = problem.k
    return [-(v * k + c) for v, c in enumerate(coloring) if not problem.precolouring[v]]


class ProblemSat:
    """One incremental CaDiCaL on a Problem's direct encoding (cages included): questions
    under assumptions, each asked in the slices of method ``sat`` (see :func:`slice_cap`).

    :meth:`var` is the variable "vertex v has colour c" (``c`` in ``1..k``), :meth:`new_var`
    one more after every variable of the formula (a selector that a question assumes and
    then retires, say). :meth:`satisfiable` answers True, False or None (stopped); after
    True, :meth:`coloring` reads the model. Clauses learnt for one question serve the next.
    ``amo``: at most one colour per vertex too (a model is then one colouring; needed with
    cages, whose sums read one colour a cell); ``clique``: vertices given colours ``1..q``
    (symmetry breaking: only when nothing is precoloured and one solution is asked);
    ``options``: CaDiCaL's own, :data:`SAT_OPTIONS` when None (``{}``: CaDiCaL's defaults).

    Raises :class:`InvalidArgument` (a cage of too many digit combinations),
    :class:`OutOfTime` (``deadline`` passed while the formula was loaded) and
    :class:`MissingExtra` (no python-sat).

    >>> from sudograph.grid import Grid
    >>> p = Grid.parse("...3..4.1.....2.").problem
    >>> with ProblemSat(p) as s:
    ...     found = s.satisfiable() and s.coloring()
    ...     s.add_clause(other_than(p, found))
    ...     found, s.satisfiable(), s.satisfiable([s.var(0, 2)])
    ((2, 4, 1, 3, 3, 1, 4, 2, 1, 2, 3, 4, 4, 3, 2, 1), False, False)
    """

    def __init__(
        self,
        problem: Problem,
        *,
        amo: bool = True,
        clique: Sequence[int] = (),
        options: dict[str, int] | None = None,
        deadline: float | None = None,
    ) -> None:
        self.problem = problem
        solver = _load(
            _problem_clauses(problem, amo, clique),
            deadline,
            BACKEND,
            SAT_OPTIONS if options is None else options,
        )
        self._slicer = _Slicer(solver)
        self._top: int = solver.nof_vars()  # every colour and cage selector is in a clause

    def var(self, v: int, c: int) -> int:
        """The variable "vertex ``v`` has colour ``c``" (``c`` in ``1..k``)."""
        return v * self.problem.k + c

    def new_var(self) -> int:
        """A variable of no clause yet, after every other one."""
        self._top += 1
        return self._top

    def add_clause(self, clause: Sequence[int]) -> None:
        """Add ``clause`` (variables as :meth:`var` and :meth:`new_var` give them) for good."""
        self._slicer.solver.add_clause(clause)

    def satisfiable(
        self,
        assumptions: Sequence[int] = (),
        deadline: float | None = None,
        *,
        max_conflicts: int | None = None,
        max_decisions: int | None = None,
    ) -> bool | None:
        """Whether the clauses hold with ``assumptions`` (literals) true: True, False, or None
        when ``deadline``, ``max_conflicts`` or ``max_decisions`` came first. Ctrl-C raises
        :class:`KeyboardInterrupt` at the end of a slice, the solver whole."""
        return self._slicer.solve(assumptions, deadline, max_conflicts, max_decisions)

    def coloring(self) -> Coloring:
        """The colouring of the last model (after :meth:`satisfiable` answered True)."""
        return model_coloring(self.problem, self._slicer.solver.get_model())

    @property
    def stats(self) -> SatStats:
        """Decisions, conflicts, propagations, calls and seconds of every question so far."""
        return self._slicer.stats

    def close(self) -> None:
        """Free the solver."""
        free_solver(self._slicer.solver)

    def __enter__(self) -> ProblemSat:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def run(problem: Problem, options: SolveOptions) -> Result:
    """The runner of method ``sat``: up to ``options.limit`` solutions (blocking clauses).

    Raises :class:`MissingExtra` without python-sat.
    """
    start = time.perf_counter()
    k = problem.k
    clique: list[int] = []
    if options.limit == 1 and not any(problem.precolouring) and not problem.cages:
        from .bounds import greedy_clique

        clique = greedy_clique(problem.graph)
        if len(clique) > k:
            stats = Stats(seconds=time.perf_counter() - start)
            return Result("unsatisfiable", [], stats, method="sat", complete=True, count=0)
    deadline = None if options.timeout is None else start + options.timeout
    try:
        # one solution: no at-most-one clauses (a vertex's colours true at once are each
        # proper), except with cages, whose sums read one colour a cell, and with exact
        # houses (a Sudoku's), where they let unit propagation see a cell's last colour:
        # without them a generated 36x36 puzzle took CaDiCaL 1.5 million conflicts, not 161
        # (bench/ab_sat_amo.py)
        exact = any(len(house) == k for house in problem.graph.houses)
        amo = options.limit != 1 or bool(problem.cages) or exact
        sat = ProblemSat(problem, amo=amo, clique=clique, deadline=deadline)
    except OutOfTime:
        stats = Stats(seconds=time.perf_counter() - start)
        return Result("stopped", [], stats, method="sat", reason="time limit", complete=False)
    except KeyboardInterrupt:
        stats = Stats(seconds=time.perf_counter() - start)
        return Result("stopped", [], stats, method="sat", reason="interrupted", complete=False)
    solutions: list[Coloring] = []
    status, reason = "unsatisfiable", ""
    cap = options.max_nodes
    try:
        while options.limit is None or len(solutions) < options.limit:
            left = None if cap is None else cap - sat.stats.decisions
            answer = None if left == 0 else sat.satisfiable((), deadline, max_decisions=left)
            if answer is None:
                status = "stopped"
                reason = (
                    "node limit" if cap is not None and sat.stats.decisions >= cap else "time limit"
                )
                break
            if not answer:
                break
            col = sat.coloring()
            solutions.append(col)
            other = other_than(problem, col)
            if not other:
                break
            sat.add_clause(other)
    except KeyboardInterrupt:
        status, reason = "stopped", "interrupted"
    finally:
        sat.close()
    st = sat.stats
    stats = Stats(
        nodes=st.decisions,
        backtracks=st.conflicts,
        deductions=st.propagations,
        seconds=time.perf_counter() - start,
        engine="sat",
    )
    complete = status != "stopped" and (options.limit is None or len(solutions) < options.limit)
    if solutions:
        status = "solved"
    return Result(
        status,  # type: ignore[arg-type]
        solutions,
        stats,
        method="sat",
        reason=reason,
        complete=complete,
        count=len(solutions),
    )


def run_domains(
    problem: Problem,
    domains: Any,
    limit: int | None,
    deadline: float | None = None,
    known: Sequence[Coloring] = (),
    csr: tuple[Any, Any] | None = None,
    houses: Any = None,
) -> tuple[list[Coloring], bool, SatStats, str]:
    """Solutions of ``problem`` within ``domains`` other than ``known``, up to ``limit``.

    ``domains``: one bit mask per vertex (bit ``c - 1`` for colour ``c``), e.g. the state of a
    search propagated at its root; the cages are not encoded (the caller has none). Only the
    vertices with two colours or more get variables: per such vertex at least one colour and
    at most one, per edge and shared colour the clause that forbids it twice, per exact house
    and colour not placed in it at least one place (a much smaller formula than the whole
    grid's, made by array operations). ``csr``: the graph's adjacency as ``(ptr, idx)`` and
    ``houses`` its exact houses as an array of rows, when the caller has them.

    Returns ``(solutions, complete, stats, reason)``: ``complete`` when the solver proved
    that no other solution exists within the domains; ``reason`` ("time limit",
    "interrupted") when it stopped before. Raises :class:`MissingExtra` without python-sat.

    >>> from sudograph.grid import Grid
    >>> p = Grid.parse("..34.3..34...143", box=(2, 2)).problem
    >>> full = [(1 << p.k) - 1 if c == 0 else 1 << (c - 1) for c in p.precolouring]
    >>> sols, complete, _, _ = run_domains(p, full, None)
    >>> len(sols), complete
    (2, True)
    >>> run_domains(p, full, None, known=sols[:1])[0] == sols[1:]
    True
    """
    import numpy as np

    with _collector_paused():  # tens of thousands of small lists: see _collector_paused
        graph, k = problem.graph, problem.k
        n = graph.n
        dom = np.asarray(domains, dtype=np.uint64)[:n]
        bits = ((dom[:, None] >> np.arange(k, dtype=np.uint64)) & np.uint64(1)).astype(bool)
        size = bits.sum(axis=1)
        stats = SatStats()
        if n and int(size.min()) == 0:
            return [], True, stats, ""
        fixed = size == 1
        colour = np.where(fixed, bits.argmax(axis=1) + 1, 0)
        open_bits = bits & ~fixed[:, None]
        nvars = int(open_bits.sum())
        # the variables of an open vertex are consecutive, first[v] .. first[v + 1] - 1
        var = np.zeros((n, k), dtype=np.int64)
        var[open_bits] = np.arange(1, nvars + 1)
        first = np.ones(n + 1, dtype=np.int64)
        np.cumsum(np.where(fixed, 0, size), out=first[1:])
        first[1:] += 1
        if csr is None:
            from ..engine._arrays import to_csr

            csr = to_csr(graph.neighbors)
        ptr, idx = csr
        src = np.repeat(np.arange(n), np.diff(ptr))
        dst = np.asarray(idx, dtype=np.int64)
        up = src < dst
        u, w = src[up], dst[up]
        if np.any(fixed[u] & fixed[w] & (colour[u] == colour[w])):
            return [], True, stats, ""  # two neighbours of one colour: no solution
        if houses is None:
            houses = np.array([h for h in graph.houses if len(h) == k], dtype=np.int64)
        houses = np.asarray(houses, dtype=np.int64).reshape(-1, k)
        free = np.flatnonzero(~fixed)
        # at least one colour per open vertex; per exact house, each colour not placed in it
        ends = first[free + 1].tolist()
        alo = [list(range(a, b)) for a, b in zip(first[free].tolist(), ends, strict=True)]
        placed = np.zeros((len(houses), k + 1), dtype=bool)
        placed[np.arange(len(houses))[:, None], colour[houses]] = True
        places = var[houses].transpose(0, 2, 1)[~placed[:, 1:]]  # (house, colour) x its cells
        if len(places) and not places.any(axis=1).all():  # a colour with no place in a house
            return [], True, stats, ""
        cut = np.cumsum((places > 0).sum(axis=1)).tolist()
        flat = places[places > 0].tolist()
        alo_houses = [flat[a:b] for a, b in zip([0, *cut][:-1], cut, strict=True)]
        # at most one colour per open vertex: the pairs of its consecutive variables
        sizes = size[free]
        binary = []
        for d in np.unique(sizes).tolist():
            pairs = np.stack(np.triu_indices(d, 1), axis=1)
            binary.append(-(first[free[sizes == d]][:, None, None] + pairs).reshape(-1, 2))
        # one colour at both ends of an edge between open vertices
        both = ~fixed[u] & ~fixed[w]
        u2, w2 = u[both], w[both]
        e, c = np.nonzero(open_bits[u2] & open_bits[w2])
        binary.append(np.stack([-var[u2[e], c], -var[w2[e], c]], axis=1))
        # a placed neighbour's colour is not a choice
        mixed = fixed[u] != fixed[w]
        at, of = np.where(fixed[u], w, u)[mixed], np.where(fixed[u], u, w)[mixed]
        lits = var[at, colour[of] - 1]
        units = [[-x] for x in lits[lits > 0].tolist()]
        clauses = alo + alo_houses + units + np.concatenate(binary).tolist()

        def block(coloring: Sequence[int]) -> list[int] | None:
            """The clause that forbids ``coloring`` (None when it is outside the domains)."""
            lits = var[free, np.asarray([coloring[v] for v in free.tolist()], dtype=np.int64) - 1]
            return None if np.any(lits <= 0) else (-lits).tolist()

        for s in known:
            clause = block(s)
            if clause is not None:
                if not clause:  # the one colouring the domains allow is known
                    return [], True, stats, ""
                clauses.append(clause)
        if deadline is not None and time.perf_counter() >= deadline:
            return [], False, stats, "time limit"
        large = nvars > DOMAINS_LARGE_LITERALS
        try:
            slicer = _Slicer(_load(clauses, deadline, *_domains_backend(large)))
        except OutOfTime:
            return [], False, stats, "time limit"
        except KeyboardInterrupt:
            return [], False, stats, "interrupted"
    found: list[Coloring] = []
    complete, reason = False, ""
    try:
        while limit is None or len(found) < limit:
            budget = None if large else DOMAINS_SWITCH_CONFLICTS
            answer = slicer.solve((), deadline, budget)
            if (
                answer is None
                and not large
                and (deadline is None or time.perf_counter() < deadline)
            ):
                large = True  # Glucose gave up: the same question to CaDiCaL
                free_solver(slicer.solver)
                slicer = _Slicer(_load(clauses, deadline, *_domains_backend(True)), slicer.stats)
                continue
            if answer is None:
                reason = "time limit"
                break
            if not answer:
                complete = True
                break
            model = np.asarray(slicer.solver.get_model(), dtype=np.int64)
            chosen = np.zeros(nvars + 1, dtype=bool)
            chosen[model[(model > 0) & (model <= nvars)]] = True
            col = colour.copy()
            vv, cc = np.nonzero(chosen[var] & (var > 0))
            col[vv] = cc + 1
            found.append(tuple(col.tolist()))
            if not len(free):
                complete = True
                break
            clause = block(found[-1])
            assert clause is not None  # a model is within the domains
            clauses.append(clause)  # for CaDiCaL too, should Glucose give up
            slicer.solver.add_clause(clause)
    except OutOfTime:  # while CaDiCaL was loaded
        reason = "time limit"
    except KeyboardInterrupt:
        reason = "interrupted"
    finally:
        if not slicer.broken:
            stats = slicer.stats
        free_solver(slicer.solver)
    return found, complete, stats, reason
