"""Puzzles with exactly one solution: full grids, clue removal, minimality, symmetry, difficulty.

A puzzle is made in two moves. First a random *full grid*: random digits in the diagonal boxes,
completed by the core solver, then a random relabelling of the digits, a shuffle of the bands
and stacks, of the rows within each band and the columns within each stack, and a
transposition for square boxes. Then *clue removal*: cells are emptied in random order, a
symmetry orbit at a time, and a removal is kept only if the puzzle still has one solution.

All counting goes through the core, :mod:`sudograph.solve` (this module has no search of its
own): on 9×9 the compiled method ``fast`` counts whole batches of candidate removals in one
call when numba is installed, else (and on other sizes, on the house kernel with numba)
method ``propagate`` (exact counts on killer cages: CaDiCaL when python-sat is installed,
through the encoding of method ``sat``). Every puzzle returned is checked unique again by
another engine (the compiled twin after either kernel, CaDiCaL where the twin runs out of
:data:`CHECK_TWIN_NODES` or on killer cages when python-sat is installed, else the Python
engine on killer cages; without numba, the static vertex order instead of ``propagate``'s
MRV) and its solution checked with :meth:`Grid.is_solution_of`.

Glossary: ``orbit`` the cells a symmetry maps onto each other (emptied or kept together),
``band`` ``box_rows`` consecutive rows of boxes, ``stack`` ``box_cols`` consecutive columns.

>>> from sudograph.solve import count_solutions
>>> p = generate((2, 2), seed=1)
>>> p == generate((2, 2), seed=1), count_solutions(p, limit=2)
(True, 1)
>>> q = generate((2, 2), minimal=True, symmetry="central", seed=3)
>>> is_minimal(q), is_symmetric(q, "central")
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ._text import plural
from .engine import resolve_engine
from .errors import InvalidArgument, SudographError, UniquenessUnknown
from .graph import check_flag, whole_number
from .grid import Box, Grid, as_box, require_grid
from .logic import STALLED_SCORE, TECHNIQUES, check_timeout, solve_logically
from .problem import Problem, Result, as_seed, is_whole
from .solve import is_unique, solve
from .variants import Variant, variant_names

SYMMETRIES = (
    "none",
    "central",
    "rotational",
    "diagonal",
    "antidiagonal",
    "horizontal",
    "vertical",
    "dihedral",
)
"""Clue patterns: ``central`` (180° turn), ``rotational`` (90° turns), mirrors across the
``diagonal``, the ``antidiagonal``, the ``horizontal`` or ``vertical`` axis, ``dihedral`` (all
eight). The pattern of clues is symmetric, not the digits."""


@dataclass(frozen=True)
class Band:
    """A difficulty band: rating scores from ``low`` to ``high`` and the techniques allowed."""

    name: str
    low: float
    high: float
    techniques: tuple[str, ...] | None  # None: any puzzle, logic may stall


def _upto(last: str) -> tuple[str, ...]:
    names = list(TECHNIQUES)
    return tuple(names[: names.index(last) + 1])


DIFFICULTIES: dict[str, Band] = {
    "easy": Band("easy", 1.0, 1.2, _upto("hidden single")),
    "medium": Band("medium", 1.7, 1.9, _upto("box-line reduction")),
    "hard": Band("hard", 2.0, 3.0, _upto("hidden quad")),
    "expert": Band("expert", 3.2, 4.4, _upto("simple colouring")),
    "extreme": Band("extreme", STALLED_SCORE, float("inf"), None),
}
"""Difficulty names for :func:`generate`: ``easy`` singles only, ``medium`` up to the
intersections, ``hard`` up to subsets (pairs to quads), ``expert`` up to fish, wings and
colouring, ``extreme`` beyond logic (the techniques stall)."""

GENERATE_SECONDS = 60.0
"""How long :func:`generate` (and ``sudograph generate``, per puzzle) looks for a puzzle when
no ``timeout`` is given, in seconds; then :class:`SudographError` says what to try. Within it
the tries are not counted: a request is refused because it cannot be met (at once, see
:func:`check_options`) or because its time is up, never at an arbitrary number of tries. A
minute: every request measured that succeeded did within it (the slowest, 6×6 ``hard``, in
14 to 54 s; 9×9 ``dihedral`` ``minimal`` ``expert`` found none in 72,000 tries), and a person
waits no longer than that to learn that a request is too demanding. This limit only ever
fails: it does not cut a puzzle short (only a ``timeout`` given does, see :func:`generate`),
so a seed gives the same puzzle on a fast machine and a slow one."""

CHECK_GRACE = 0.1
"""With a ``timeout``, the time the last check (:meth:`_Counter.check`) may take past it, as a
fraction of the timeout (at least :data:`CHECK_GRACE_MIN` seconds). The removal reads the
clock; that check did not, and ``generate --size 64 --timeout 10`` took 27.5 s: 5.4 s for the
twin to run out of nodes, 11 s for CaDiCaL. A check cut by the grace falls back on the
puzzle with the removal's second half of clues back, which checks at once (see
:func:`_checked_best_effort`)."""
CHECK_GRACE_MIN = 0.25
"""The least grace of :data:`CHECK_GRACE`, seconds."""

KNOWN_MIN_CLUES = {4: 4, 9: 17}
"""Fewest clues of a unique puzzle, where known (9×9: McGuire, Tugemann, Civario 2012)."""

FEWEST_KNOWN_CLUES = {(2, 3): 8, (3, 2): 8}
"""Fewest clues of any puzzle known, by box shape, where the minimum is cited but not proved
here (6×6 of 2×3 boxes: 8): a request for fewer is not refused, but looked for only
:data:`BELOW_KNOWN_SECONDS` unless a ``timeout`` says otherwise (44,701 tries in 60 s never went
below 8). Not a fact of other boxes of the side (a 1×6 grid is a Latin square)."""
BELOW_KNOWN_SECONDS = 5.0
"""The default time limit of a request for fewer clues than :data:`FEWEST_KNOWN_CLUES`."""

ONLY_DIFFICULTIES = {4: ("easy",)}
"""The difficulties a grid side has at all, where known. Every minimal 4×4 puzzle (85,632;
enumerated by ``tests/test_generate_qa_fixes.py``) is solved by naked singles, and so is every
unique one (clues added to a puzzle only help singles): a 4×4 puzzle rates 1.0, ``easy``."""

NO_MINIMAL = {(4, "dihedral"): "no minimal 4x4 puzzle has a dihedral clue pattern"}
"""(side, symmetry) with no minimal puzzle, and why (the same enumeration)."""

MINIMAL_CLUES = {4: (4, 6)}
"""The clue counts of minimal puzzles, where known: 4 to 6 on 4×4 (the same enumeration)."""

FACT_BOXES = {4: (2, 2), 9: (3, 3)}
"""The box shape that :data:`KNOWN_MIN_CLUES`, :data:`ONLY_DIFFICULTIES`, :data:`NO_MINIMAL`
and :data:`MINIMAL_CLUES` are facts of, by side: a grid of other boxes has other puzzles (a
1x4 grid, a Latin square with its rows for boxes, has minimal puzzles of 7 clues; 17 clues is
the 3x3 boxes' minimum, where 4 clues is every 4x4 grid's)."""


def _facts_hold(n: int, box: Box | None) -> bool:
    """Whether the facts by side (:data:`FACT_BOXES`) are of ``box`` (None: the usual box).

    >>> _facts_hold(4, (2, 2)), _facts_hold(4, (1, 4)), _facts_hold(9, None)
    (True, False, True)
    """
    return box is None or n not in FACT_BOXES or FACT_BOXES[n] == tuple(box)


class _OutOfTime(Exception):
    """The time of a :func:`generate` call ran out inside a try (its message, when it has
    one, a note for :func:`_no_puzzle` on how far the try got)."""


# -- counting through the core ------------------------------------------------------------------

REMOVAL_BUDGET = {9: 20_000}
"""Search nodes (guesses on the house kernel) per uniqueness check during clue removal, by grid
side (other sides: 50). A check that runs out counts as "not unique": the clue stays, the puzzle
is still unique; up to :data:`SETTLE_MAX_SIDE` such clues are tried again, exactly, at the
end."""

SETTLE_MAX_SIDE = 16
"""Grids up to this side have the removals their budget left undecided decided exactly (see
:func:`_settle`): ``generate(4)`` and the 12×12 variants were not minimal (3 to 12 removable
clues); a 25×25 took more than 5 minutes so."""

CHECK_TWIN_NODES = 100_000
"""Nodes of the compiled twin's independent check (see :meth:`_Counter.check`) before method
``sat`` answers instead, when python-sat is installed. The twin propagates naked singles only:
on minimal 16×16 variants its tree explodes (a windoku took 600 s, anti-knight and disjoint
puzzles 30 s to minutes, where CaDiCaL took 0.1 to 1.5 s); the plain grids and the 9×9
variants it checks in a few thousand nodes."""

FILL_BUDGET = 20
"""Search nodes per cell for the random solve of a full grid (a fill that runs out is redrawn)."""


def _engine() -> str:
    """The engine for the core's searches: ``auto`` when numba is there (the core's default,
    the house kernel beyond a plain 9×9, killer cages included), else ``python``. Looked up
    once per puzzle, not per call."""
    return "auto" if resolve_engine("auto") == "numba" else "python"


@dataclass(frozen=True)
class _Counter:
    """How generation asks the core whether puzzles of one shape have exactly one solution.

    9×9 of 3×3 boxes with numba: method ``fast``, whole batches in one compiled call
    (:func:`sudograph.engine.fast9.solve_array`); otherwise :func:`sudograph.solve.solve` with
    ``propagate``, one puzzle at a time (with numba the house kernel, which goes on with a SAT
    solver after a few thousand guesses when python-sat is installed and there are no cages).
    Exact counts on killer cages go to CaDiCaL when python-sat is installed
    (:func:`_sat_unique`; the house kernel cannot hand cages over: the checks of a 16×16
    killer's last clues took 10 s, 50 s, 220 s... against 0.1 to 0.4 s). ``max_nodes`` None:
    exact; else a count that runs out is reported "not unique" (undecided in
    :meth:`verdicts`). :meth:`check` counts again with another engine: the compiled twin (a
    CSR search of its own) after either kernel, CaDiCaL (:func:`_sat_unique`) when the twin
    runs out of :data:`CHECK_TWIN_NODES` and python-sat is installed; after the house kernel
    on killer cages (the twin does not read cages) CaDiCaL (its own encoding of the sums)
    when python-sat is installed, else the Python engine (a 16×16 killer: 0.1 s against
    36 s); after ``propagate`` on Python, singles with the static order instead of MRV.
    """

    template: Grid
    method: str
    batched: bool
    max_nodes: int | None
    engine: str
    stopped: list[int] = field(default_factory=lambda: [0], compare=False)
    """How many checks ran out of ``max_nodes`` (or of the time) undecided (counted "not
    unique" by :meth:`unique`, None in :meth:`verdicts`)."""
    deadline: float | None = None
    """``time.perf_counter()`` past which a count stops undecided (None: no time limit)."""

    def check(self, puzzle: Grid, deadline: float | None = None) -> bool | None:
        """The independent check: exactly one solution by another method (no node budget).

        ``deadline`` (``time.perf_counter()``): None when it passes before the answer
        (uniqueness unknown); without one, always True or False."""
        try:
            return self._check(puzzle, deadline)
        except UniquenessUnknown:  # a count stopped: by the deadline, else not ours to hide
            if deadline is not None and time.perf_counter() >= deadline:
                return None
            raise

    def _check(self, puzzle: Grid, deadline: float | None) -> bool | None:
        from .search.sat import sat_available

        def left() -> dict[str, float]:  # the time left, for the counts (none without one)
            return {} if deadline is None else {"timeout": _seconds_to(deadline) or 0.0}

        cages = self.template.variant is not None and self.template.variant.cages
        if self.engine == "auto" and not cages:  # built on a kernel: the twin checks
            if not sat_available():
                return is_unique(puzzle, "propagate", engine="numba", **left())
            try:  # within a budget, then CaDiCaL (the twin alone took minutes on 16x16 variants)
                return is_unique(
                    puzzle, "propagate", engine="numba", max_nodes=CHECK_TWIN_NODES, **left()
                )
            except UniquenessUnknown:  # the twin ran out of nodes (or time)
                if deadline is None:
                    return _sat_unique(puzzle.problem) is True
                if _seconds_to(deadline) == 0:
                    return None
                return _sat_unique(puzzle.problem, _seconds_to(deadline))  # None: out of time
        if self.engine == "auto":
            if sat_available():
                answer = (
                    _sat_unique(puzzle.problem)
                    if deadline is None
                    else _sat_unique(puzzle.problem, _seconds_to(deadline))
                )
                if answer is not None:  # else a cage of too many combinations (or out of time)
                    return answer
                if _seconds_to(deadline) == 0:
                    return None
            return is_unique(puzzle, "propagate", engine="python", **left())
        if cages:
            return is_unique(puzzle, "propagate", order="static", engine="python", **left())
        return is_unique(puzzle, "propagate", order="static", **left())  # static, not MRV

    def _left(self) -> float | None:
        """Seconds left before :attr:`deadline` (0 when past it; None without one)."""
        return _seconds_to(self.deadline)

    def unique(self, puzzles: Sequence[Sequence[int]]) -> list[bool]:
        """For each puzzle (values of the template's shape): exactly one solution, known."""
        return [v is True for v in self.verdicts(puzzles)]

    def verdicts(self, puzzles: Sequence[Sequence[int]]) -> list[bool | None]:
        """For each puzzle: True (exactly one solution), False (none or several) or None (the
        count ran out of ``max_nodes`` first: undecided)."""
        if not puzzles:
            return []
        if self.batched:
            import numpy as np

            from .engine.fast9 import solve_array

            counts, _, _, stopped = solve_array(
                np.array(puzzles, dtype=np.uint8), 2, max_guesses=self.max_nodes
            )
            verdicts = [
                None if s and c < 2 else c == 1
                for c, s in zip(counts.tolist(), stopped.tolist(), strict=True)
            ]
            self.stopped[0] += verdicts.count(None)
            return verdicts
        out: list[bool | None] = []
        graph, k = self.template.graph, self.template.n
        cages = self.template.variant.cages if self.template.variant is not None else ()
        for values in puzzles:
            problem = Problem(graph, k, tuple(values), cages=cages)  # a Problem: no grids built
            timeout = self._left()
            if self.method == "sat" and timeout != 0:
                answer = _sat_unique(problem, timeout)
                if answer is not None:  # else out of time, or a cage of too many combinations
                    out.append(answer)
                    continue
                timeout = self._left()
            if timeout == 0:  # out of time: undecided, not asked
                out.append(None)
                self.stopped[0] += 1
                continue
            method = "propagate" if self.method == "sat" else self.method
            result = _unless_interrupted(  # (Ctrl-C: not an undecided clue)
                solve(
                    problem,
                    method,
                    limit=2,
                    max_nodes=self.max_nodes,
                    engine=self.engine,
                    timeout=timeout,
                )
            )
            if len(result.solutions) >= 2:
                out.append(False)
            elif result.complete:
                out.append(len(result.solutions) == 1)
            else:
                out.append(None)
                self.stopped[0] += 1
        return out


def _unless_interrupted(result: Result) -> Result:
    """``result``, or ``KeyboardInterrupt`` when Ctrl-C cut it (``solve`` returns what it
    found; generation stops, whatever was found)."""
    if result.reason == "interrupted":
        raise KeyboardInterrupt
    return result


def _seconds_to(deadline: float | None) -> float | None:
    """Seconds left before ``deadline`` (``time.perf_counter()``; 0 when past it; None
    without one)."""
    if deadline is None:
        return None
    return max(deadline - time.perf_counter(), 0.0)


def _counter(grid: Grid, *, exact: bool = False) -> _Counter:
    """The counter for ``grid``'s shape: budgeted (clue removal) or ``exact`` (checks; on
    killer cages CaDiCaL when python-sat is installed, see :func:`_sat_unique`)."""
    budget = None if exact else REMOVAL_BUDGET.get(grid.n, 50)
    engine = _engine()
    if grid.box == (3, 3) and engine == "auto" and grid.variant is None:  # (not 1x9: 9x9 too)
        return _Counter(grid, "fast", True, budget, engine)
    if exact and grid.variant is not None and grid.variant.cages:
        from .search.sat import sat_available

        if sat_available():
            return _Counter(grid, "sat", False, budget, engine)
    return _Counter(grid, "propagate", False, budget, engine)


def _sat_unique(problem: Problem, timeout: float | None = None) -> bool | None:
    """Exactly one solution, by method ``sat``'s runner (:func:`sudograph.search.sat.run`,
    limit 2: CaDiCaL in slices that take a question the same path on every run). None when a
    cage has too many digit combinations for its encoding. Killer cages: the house kernel's
    exact counts cannot hand them to a SAT solver and took 10 s, 50 s, 220 s on the last clues
    of a 16×16 killer, against 0.1 to 0.4 s here. The runner, not :func:`is_unique`: a
    count that the caller's ``timeout`` cut is None here (undecided, as the other counts of
    generation), where that raises :class:`UniquenessUnknown`; Ctrl-C stops generation."""
    from .problem import SolveOptions, is_solution
    from .search.sat import run

    try:
        result = run(problem, SolveOptions(limit=2, timeout=timeout))
    except InvalidArgument:  # a cage of too many combinations
        return None
    _unless_interrupted(result)  # Ctrl-C, even after a first solution
    if not result.complete and len(result.solutions) < 2:  # ``timeout`` (the caller's) ran out:
        return None  # undecided (a first solution found, a second not ruled out: not "unique")
    for colouring in result.solutions:
        if not is_solution(problem, colouring):  # pragma: no cover - an encoding bug
            raise AssertionError(f"CaDiCaL returned a non-solution: {colouring}")
    return len(result.solutions) == 1


def is_minimal(grid: Grid) -> bool:
    """True when ``grid`` is unique and loses uniqueness when any single clue is removed.

    Counted by the core (:func:`sudograph.solve.solve`, limit 2; on 9×9 every removal in one
    compiled batch when numba is there). Raises nothing for a grid whose clues clash (False).

    >>> is_minimal(Grid.parse("...3..4.1.....2.")), is_minimal(Grid.parse("...3..4.1....12."))
    (True, False)
    """
    if require_grid(grid, "is_minimal").conflicts():
        return False
    counter = _counter(grid, exact=True)
    if not counter.unique([grid.values])[0]:
        return False
    removals = []
    for i, d in enumerate(grid.values):
        if d:
            values = list(grid.values)
            values[i] = 0
            removals.append(values)
    if counter.batched:
        return not any(counter.unique(removals))
    return not any(counter.unique([values])[0] for values in removals)


# -- symmetry -----------------------------------------------------------------------------------


def _maps(symmetry: str, n: int) -> list[Callable[[int, int], tuple[int, int]]]:
    m = n - 1
    mirrors: dict[str, list[Callable[[int, int], tuple[int, int]]]] = {
        "none": [],
        "central": [lambda r, c: (m - r, m - c)],
        "rotational": [lambda r, c: (c, m - r)],
        "diagonal": [lambda r, c: (c, r)],
        "antidiagonal": [lambda r, c: (m - c, m - r)],
        "horizontal": [lambda r, c: (m - r, c)],
        "vertical": [lambda r, c: (r, m - c)],
        "dihedral": [lambda r, c: (c, m - r), lambda r, c: (c, r)],
    }
    return mirrors[symmetry]


def check_symmetry(symmetry: str | None) -> str:
    """The symmetry name (None means ``"none"``); :class:`InvalidArgument` lists the known.

    >>> check_symmetry(5)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: unknown symmetry 5 (known: none, central, rotational, \
diagonal, antidiagonal, horizontal, vertical, dihedral)
    """
    name = "none" if symmetry is None else symmetry.lower() if isinstance(symmetry, str) else ""
    if name not in SYMMETRIES:
        raise InvalidArgument(f"unknown symmetry {symmetry!r} (known: {', '.join(SYMMETRIES)})")
    return name


def orbits(n: int, symmetry: str | None = None) -> list[tuple[int, ...]]:
    """The cells of an N×N grid grouped by the symmetry, each orbit sorted, in cell order.

    >>> orbits(2, "central")
    [(0, 3), (1, 2)]
    >>> len(orbits(9, "rotational")), len(orbits(9, "dihedral"))
    (21, 15)
    """
    n = whole_number("n", n)
    if n < 1:
        raise InvalidArgument(f"n must be a grid side >= 1, not {n}")
    maps = _maps(check_symmetry(symmetry), n)
    seen: set[int] = set()
    out = []
    for start in range(n * n):
        if start in seen:
            continue
        orbit = {start}
        frontier = [start]
        while frontier:
            i = frontier.pop()
            for f in maps:
                r, c = f(i // n, i % n)
                j = r * n + c
                if j not in orbit:
                    orbit.add(j)
                    frontier.append(j)
        seen |= orbit
        out.append(tuple(sorted(orbit)))
    return out


def is_symmetric(grid: Grid, symmetry: str | None) -> bool:
    """True when the clue pattern of ``grid`` is invariant under ``symmetry``.

    >>> is_symmetric(Grid.parse("1..2............"), "central")
    False
    """
    filled = [d != 0 for d in require_grid(grid, "is_symmetric").values]
    return all(len({filled[i] for i in orbit}) == 1 for orbit in orbits(grid.n, symmetry))


def _reachable(sizes: Sequence[int], target: int) -> bool:
    """Can a subset of the orbit sizes sum to ``target``?"""
    reach = 1
    for s in sizes:
        reach |= reach << s
    return bool(reach >> target & 1)


# -- full grids ---------------------------------------------------------------------------------


def _random_boxes(empty: Grid, rng: random.Random) -> Grid:
    """``empty`` with a random permutation of the digits in each box of the main diagonal of
    boxes (boxes that share no row, column or box, so the clues never clash)."""
    n = empty.n
    br, bc = empty.box
    values = [0] * (n * n)
    for b in range(min(n // br, n // bc)):
        digits = list(range(1, n + 1))
        rng.shuffle(digits)
        cells = [(b * br + r) * n + b * bc + c for r in range(br) for c in range(bc)]
        for i, d in zip(cells, digits, strict=True):
            values[i] = d
    return empty.with_values(values)


def full_grid(box: Box | int = (3, 3), *, seed: int | random.Random | None = None) -> Grid:
    """A random complete grid: random digits in the diagonal boxes, solved by the core
    (:func:`sudograph.solve.solve`, method ``propagate``), then random relabelling,
    band/stack shuffles, row/column shuffles within them, and a transposition (square boxes).

    Raises :class:`InvalidArgument` on a bad box, :class:`SudographError` when no fill is
    completed within the node budgets (not seen up to 25×25).

    ``seed``: a whole number (numpy's too), a ``random.Random`` (drawn from), or None.

    >>> g = full_grid(2, seed=7)
    >>> g.is_complete(), g == full_grid(2, seed=7)
    (True, True)
    """
    rng = random_source(seed)
    return _full_grid(as_box(box), rng, None)


def random_source(seed: object) -> random.Random:
    """The generator a ``seed`` argument gives: itself when it is a ``random.Random``, else
    one seeded by the whole number ``>= 0`` (numpy's converted, through
    :func:`~sudograph.problem.as_seed`), or from the OS for None; :class:`InvalidArgument` on
    anything else (a string or a float would seed by its hash or value, silently; a negative
    number by its absolute value: ``generate(seed=-1)`` was ``generate(seed=1)``; ``sudograph
    generate --seed S`` hands ``random.Random("S:k")``).

    >>> random_source(3).random() == random.Random(3).random()
    True
    >>> random_source("3")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: seed must be a whole number >= 0, a random.Random or None, \
got '3'
    >>> random_source(-1)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: seed must be a whole number >= 0, a random.Random or None, \
got -1
    """
    if isinstance(seed, random.Random):
        return seed
    try:
        value = as_seed(seed)  # (a negative one refused)
    except InvalidArgument:
        raise InvalidArgument(
            f"seed must be a whole number >= 0, a random.Random or None, got {seed!r}"
        ) from None
    return random.Random(value)


_READY: set[Box] = set()


def prepare(box: Box | int) -> None:
    """Set up, once per process, what the first puzzle of ``box``'s shape would set up on its
    clock (the house kernel's arrays of its graph, python-sat's import: 0.09 s of a 16×16
    puzzle, whose clue removal a ``timeout=0.1`` then stopped at once). ``sudograph
    generate`` calls it before its first puzzle, as it loads the kernels: each puzzle's time
    is then its own. :func:`generate` does not (its ``timeout`` counts everything).

    >>> prepare(2); (2, 2) in _READY
    True
    """
    shape = as_box(box)
    if shape in _READY:
        return
    from .search.sat import sat_available

    sat_available()
    solve(Grid.empty(shape), "propagate", max_nodes=1, engine=resolve_engine("auto"))
    _READY.add(shape)


def _full_grid(shape: Box, rng: random.Random, deadline: float | None) -> Grid:
    """:func:`full_grid`, its fills stopped at ``deadline`` (``time.perf_counter()``): then
    :class:`_OutOfTime`, never another fill drawn (the grid of a seed does not depend on the
    clock). A 64×64 fill takes about 1 s, and a fill that runs out of its node budget is
    redrawn (5 fills for ``generate --size 64 --seed 1``): this read no clock, and
    ``--timeout 2`` took 6 s."""
    empty = Grid.empty(shape)
    n = empty.n
    engine = resolve_engine("auto")  # the twin or Python: one search tree, one grid per seed
    for _ in range(100):  # a fill may have no completion (often on 4x4) or a costly one
        budget = FILL_BUDGET * n * n
        fill = _random_boxes(empty, rng)
        left = _seconds_to(deadline)
        result = solve(fill, "propagate", max_nodes=budget, engine=engine, timeout=left)
        if _unless_interrupted(result).grids:
            values = result.grids[0].values
            break
        if result.reason == "time limit":
            raise _OutOfTime
    else:  # pragma: no cover - not seen
        raise SudographError(f"could not fill a {n}x{n} grid")
    br, bc = shape
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    bands = list(range(bc))  # bc bands of br rows
    stacks = list(range(br))  # br stacks of bc columns
    rng.shuffle(bands)
    rng.shuffle(stacks)
    rows: list[int] = []
    for b in bands:
        within = list(range(br))
        rng.shuffle(within)
        rows.extend(b * br + r for r in within)
    cols: list[int] = []
    for s in stacks:
        within = list(range(bc))
        rng.shuffle(within)
        cols.extend(s * bc + c for c in within)
    out = [relabel[values[rows[r] * n + cols[c]] - 1] for r in range(n) for c in range(n)]
    if br == bc and rng.random() < 0.5:
        out = [out[c * n + r] for r in range(n) for c in range(n)]
    grid = empty.with_values(out)
    if not grid.is_complete():  # pragma: no cover - the moves keep the rules
        raise AssertionError("full grid broke the rules")
    return grid


# -- puzzles ------------------------------------------------------------------------------------


def _difficulty(difficulty: str | None) -> Band | None:
    if difficulty is None:
        return None
    band = DIFFICULTIES.get(difficulty.lower()) if isinstance(difficulty, str) else None
    if band is None:
        raise InvalidArgument(
            f"unknown difficulty {difficulty!r} (known: {', '.join(DIFFICULTIES)})"
        )
    return band


def is_best_effort(
    timeout: float | None, clues: int | None, minimal: bool, difficulty: str | None
) -> bool:
    """True when a request is best effort: a ``timeout`` without ``clues``, ``minimal`` or
    ``difficulty``, whose clue removal stops at the limit, the puzzle as it is then (unique,
    maybe not minimal). The others fail when the time is up: the same seed, the same puzzle.

    >>> is_best_effort(1.0, None, False, None), is_best_effort(1.0, 25, False, None)
    (True, False)
    """
    return timeout is not None and clues is None and not minimal and difficulty is None


def check_options(
    n: int,
    clues: int | None = None,
    symmetry: str | None = None,
    timeout: float | None = None,
    *,
    minimal: bool = False,
    difficulty: str | None = None,
    box: Box | None = None,
) -> str:
    """Raise :class:`InvalidArgument` for options of :func:`generate` on an n×n grid that no
    puzzle can meet, before any work; return the symmetry's name. ``box``: the grid's box
    shape (None: the usual one of side ``n``), whose facts apply (:data:`FACT_BOXES`).

    Refused: an unknown symmetry or difficulty; ``clues`` not a whole number, out of range,
    under the known minimum (:data:`KNOWN_MIN_CLUES`) or not a sum of the symmetry's orbit
    sizes; a ``timeout`` not above 0; ``minimal`` not True or False; a complete grid
    (``clues`` = n²) asked ``minimal`` (every clue of it can go) or with a ``difficulty`` (it
    needs no technique: rated ``none``, 0); more than n² − n clues asked ``minimal`` (every
    row of a minimal puzzle has an empty cell); and what is known not to exist
    (:data:`ONLY_DIFFICULTIES`, :data:`NO_MINIMAL`, :data:`MINIMAL_CLUES`).

    >>> check_options(9, 17, "central")
    'central'
    >>> check_options(9, timeout=0)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: timeout must be > 0, got 0
    >>> try:
    ...     check_options(4, symmetry="dihedral", minimal=True)
    ... except InvalidArgument as exc:
    ...     print(exc)
    no minimal 4x4 puzzle has a dihedral clue pattern (all 85,632 minimal 4x4 puzzles enumerated)
    >>> check_options(4, 7, minimal=True, box=(1, 4))  # a Latin square: not 2x2 boxes' facts
    'none'
    >>> try:
    ...     check_options(9, 73, minimal=True)
    ... except InvalidArgument as exc:
    ...     print(str(exc).split(":")[0])
    a minimal 9x9 puzzle has at most 72 clues, not 73
    """
    check_flag("minimal", minimal)
    sym = check_symmetry(symmetry)
    band = _difficulty(difficulty)
    facts = _facts_hold(n, box)
    _check_clues(n, clues, [len(o) for o in orbits(n, sym)], sym, facts)
    check_timeout(timeout)
    if clues == n * n and n > 0:
        if minimal:
            raise InvalidArgument(
                f"a complete grid ({clues} clues) is never minimal: every clue of it can go"
            )
        if band is not None:
            raise InvalidArgument(
                f"a complete grid ({clues} clues) needs no technique (rated none, 0): "
                f"it is not {band.name}"
            )
    only = ONLY_DIFFICULTIES.get(n) if facts else None
    if band is not None and only is not None and band.name not in only:
        raise InvalidArgument(
            f"a {n}x{n} grid has no {band.name} puzzle: every unique {n}x{n} puzzle is solved "
            f"by naked singles (rated {', '.join(only)}; all minimal {n}x{n} puzzles enumerated)"
        )
    if minimal and facts and (n, sym) in NO_MINIMAL:
        raise InvalidArgument(
            f"{NO_MINIMAL[(n, sym)]} (all 85,632 minimal {n}x{n} puzzles enumerated)"
        )
    span = MINIMAL_CLUES.get(n) if facts else None
    if minimal and clues is not None and span is not None and not span[0] <= clues <= span[1]:
        raise InvalidArgument(
            f"a minimal {n}x{n} puzzle has {span[0]} to {span[1]} clues, not {clues} (all "
            f"minimal {n}x{n} puzzles enumerated)"
        )
    most = min(n * n - 3, n * n - n)  # (of a minimal puzzle: see below)
    if minimal and clues is not None and n >= 2 and most < clues < n * n:
        # Take a clue x of a minimal puzzle: the puzzle left has a second solution T beside
        # the solution S, and T(x) != S(x) (else T solves the puzzle). T has S(x) elsewhere in
        # x's row, at y, where S has not: y is empty. So every row has an empty cell (n - 1
        # clues a row at most); and T, S differ in 4 cells at least, as two Latin squares do.
        raise InvalidArgument(
            f"a minimal {n}x{n} puzzle has at most {plural(most, 'clue')}, not {clues}: "
            "every row of one has an empty cell, and two solutions differ in 4 cells at least "
            "(taking a clue leaves a second solution)"
        )
    return sym


def _check_clues(
    n: int, clues: int | None, sizes: Sequence[int], symmetry: str, facts: bool = True
) -> None:
    if clues is None:
        return
    clues = whole_number("clues", clues)
    if not 0 <= clues <= n * n:
        raise InvalidArgument(f"clues must be between 0 and {n * n}, got {clues}")
    # 4 clues hold for every 4x4 (all 576 Latin squares of order 4: no 3 clues make one
    # unique); 17 for 3x3 boxes only; else n - 1 (n - 1 symbols at least)
    low = KNOWN_MIN_CLUES.get(n, n - 1) if facts or n == 4 else n - 1
    if clues < low:
        raise InvalidArgument(f"a unique {n}x{n} puzzle needs at least {low} clues, not {clues}")
    if not _reachable(sizes, clues):
        raise InvalidArgument(
            f"{symmetry} symmetry on a {n}x{n} grid cannot give exactly {clues} clues "
            f"(orbit sizes {sorted(set(sizes))})"
        )


def generate(
    box: Box | int = (3, 3),
    clues: int | None = None,
    symmetry: str | None = None,
    minimal: bool = False,
    difficulty: str | None = None,
    seed: int | random.Random | None = None,
    timeout: float | None = None,
) -> Grid:
    """A random puzzle with exactly one solution.

    ``box``: the box shape (or ``k`` for k×k boxes); ``clues``: the exact number of clues
    wanted; ``symmetry``: one of :data:`SYMMETRIES` for the clue pattern; ``minimal``: empty
    cells until no clue can go (with a symmetry: no single clue can go either, else another
    grid is tried); ``difficulty``: one of :data:`DIFFICULTIES` (rating band); ``seed``: the
    same seed gives the same puzzle (``sudograph generate --seed S`` seeds its puzzle k with
    ``random.Random(f"{S}:{k}")``, not with ``S``); ``timeout``: seconds before giving up
    (default :data:`GENERATE_SECONDS`).

    Puzzles are tried, each from its own full grid, until one meets the request or the time
    is up (no limit on the tries): then :class:`SudographError` says what was asked and what
    to try. The same seed gives the same puzzle on any machine, however fast, whenever a
    puzzle is found. Without ``clues`` or ``minimal`` the removal goes as far as uniqueness
    allows, each removal checked within a node budget (:data:`REMOVAL_BUDGET`): up to side
    :data:`SETTLE_MAX_SIDE` the clues it left undecided are tried again exactly (a puzzle
    minimal for its symmetry orbits); beyond, they stay (a 25×25 puzzle keeps about 44 % of
    its cells, many of them removable: ``minimal`` is null in ``generate --json``); with a
    ``timeout`` given and no target (no ``clues``, ``minimal`` or ``difficulty``: best
    effort, for large grids) the removal stops when time is up and the puzzle so far, still
    unique, is returned, the clock deciding how far it got; a puzzle has at least one empty
    cell, so when the time is up before a clue could go (and be checked),
    :class:`SudographError` says so, never the full grid. Raises :class:`InvalidArgument`
    for impossible requests (see :func:`check_options`).

    >>> p = generate(2, clues=6, symmetry="central", seed=5)
    >>> p.clues, is_symmetric(p, "central"), is_unique(p)
    (6, True, True)
    >>> generate(3, clues=16)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: a unique 9x9 puzzle needs at least 17 clues, not 16
    """
    return classic_puzzle(box, clues, symmetry, minimal, difficulty, seed, timeout)[0]


def classic_puzzle(
    box: Box | int,
    clues: int | None,
    symmetry: str | None,
    minimal: bool,
    difficulty: str | None,
    seed: int | random.Random | None,
    timeout: float | None,
) -> tuple[Grid, bool]:
    """:func:`generate`'s puzzle (same arguments, by position), and whether ``timeout`` cut
    its clue removal short (best effort only: a removal left untried, the settling still
    asking when the time was up, or the check falling back on fewer removals); the puzzle is
    unique all the same, maybe not minimal, as :func:`variant_puzzle` says of a variant."""
    shape = as_box(box)
    n = shape[0] * shape[1]
    sym = check_options(
        n, clues, symmetry, timeout, minimal=minimal, difficulty=difficulty, box=shape
    )
    band = _difficulty(difficulty)
    cells_by_orbit = orbits(n, sym)
    if n > 1 and len(cells_by_orbit) == 1:  # (2x2 rotational, dihedral: a puzzle has a clue
        # less than the full grid, and the only one is the empty grid, of two solutions)
        raise InvalidArgument(
            f"{sym} symmetry on a {n}x{n} grid moves every cell onto every other: a puzzle "
            "would be the empty grid, which has more than one solution (try another symmetry)"
        )
    rng = random_source(seed)
    known = FEWEST_KNOWN_CLUES.get(shape)
    below_known = clues is not None and known is not None and clues < known
    default = BELOW_KNOWN_SECONDS if below_known else GENERATE_SECONDS
    timeout = check_timeout(timeout)  # (as a float: at most MAX_TIMEOUT)
    seconds = default if timeout is None else timeout
    deadline = time.perf_counter() + seconds
    best_effort = is_best_effort(timeout, clues, minimal, difficulty)
    grace = None if timeout is None else max(CHECK_GRACE * seconds, CHECK_GRACE_MIN)
    # a band alone: removal by its techniques; with a clue count or minimal: by uniqueness,
    # then the band checked (a minimal puzzle is a unique one: its band is rare otherwise)
    by_logic = band is not None and band.techniques is not None and clues is None and not minimal
    techniques = band.techniques if band is not None and by_logic else None
    tries, fewest = 0, n * n
    try:
        while True:
            if time.perf_counter() > deadline:
                raise _OutOfTime
            solution = _full_grid(shape, rng, deadline)
            tries += 1
            counter = _counter(solution)
            wanted = (clues, minimal, techniques)
            made = _remove(solution, cells_by_orbit, rng, *wanted, deadline, counter, best_effort)
            if made is None:
                continue  # cut by the clock: the loop says so
            puzzle, removed, cut = made
            fewest = min(fewest, puzzle.clues)
            if clues is not None and puzzle.clues != clues:
                continue
            if minimal and not is_minimal(puzzle):
                continue
            if band is not None and not _in_band(puzzle, band):
                continue
            if best_effort and grace is not None:
                found = _checked_best_effort(solution, removed, counter, deadline, grace)
                if found is None:  # the full grid: no puzzle
                    raise _OutOfTime(
                        f"the time was up before a clue of the full {n}x{n} grid could go"
                        if not removed
                        else "the time was up before a puzzle with a clue removed was checked"
                    )
                return found, cut or found.clues > puzzle.clues
            until = None if grace is None else max(deadline, time.perf_counter()) + grace
            if _verify(puzzle, solution, counter, until):
                return puzzle, False
    except _OutOfTime as out:
        why = str(out) or None
        raise SudographError(
            _no_puzzle(
                n,
                seconds,
                timeout is None,
                tries,
                clues,
                sym,
                minimal,
                band,
                fewest,
                why,
                known=known,
            )
        ) from None


def _in_band(puzzle: Grid, band: Band) -> bool:
    """``puzzle`` (unique) rates in ``band``: what :func:`~sudograph.logic.rate` would say,
    without its search (its score from a stall is 6 or more, in ``extreme`` alone).

    The techniques up to the band's hardest solve it exactly when all of them solve it with
    none harder (the solver takes the easiest technique that makes progress, so both take
    the same steps), and the hardest step is at least the band's low end."""
    result = solve_logically(puzzle, band.techniques)
    if band.techniques is None:
        return not result.solved
    if not result.solved:
        return False
    hardest = max((TECHNIQUES[step.technique] for step in result.steps), default=0.0)
    return band.low <= hardest <= band.high


TIMEOUT_OPTION = "(timeout=, or --timeout)"
"""How :func:`generate`'s errors name the time limit: its argument and the option of
``sudograph generate``, which shows the same message."""


def _no_puzzle(
    n: int,
    seconds: float,
    default: bool,
    tries: int,
    clues: int | None,
    symmetry: str,
    minimal: bool,
    band: Band | None,
    fewest: int,
    why: str | None = None,
    variant: str = "",
    known: int | None = None,
) -> str:
    """What :func:`generate` (and :func:`generate_variant`, naming its ``variant``) says when
    its time is up: what was asked, how far a try got (``why``, a note), and what to try;
    ``known``: the fewest clues known of the grid's boxes (:data:`FEWEST_KNOWN_CLUES`), said
    when fewer were asked.
    The time limit is named both ways, :data:`TIMEOUT_OPTION`: the same message reaches a
    Python caller and ``sudograph generate``.

    >>> _no_puzzle(16, 0.5, False, 1, None, "none", False, None, 256, "no clue went")
    'no puzzle found within 0.5 s, 1 try: 16x16 (no clue went): try a longer timeout \
(timeout=, or --timeout)'
    >>> _no_puzzle(9, 0.5, False, 1, None, "none", False, None, 81, "no clue went", "x")
    'no puzzle found within 0.5 s, 1 try: 9x9 x (no clue went): try a longer timeout \
(timeout=, or --timeout)'
    """
    asked = [f"{n}x{n} {variant}" if variant else f"{n}x{n}"]
    drop = []
    if clues is not None:
        asked.append(f"{clues} clues")
    if symmetry != "none":
        asked.append(f"{symmetry} symmetry")
        drop.append("symmetry")
    if minimal:
        asked.append("minimal")
        drop.append("minimal")
    if band is not None:
        asked.append(band.name)
        drop.append("difficulty")
    limit = f"{seconds:g} s" + (" (the default time limit)" if default else "")
    if not tries:  # the first full grid was not made in time
        return (
            f"no puzzle found within {limit}: the first full {n}x{n} grid was not filled yet"
            + (
                " (a fill of a 64x64 grid takes about 1 s, and one that runs out of its budget "
                "is drawn again)"
                if n > 25
                else ""
            )
            + f": try a longer timeout {TIMEOUT_OPTION}"
        )
    tried = "1 try" if tries == 1 else f"{tries:,} tries"
    head = f"no puzzle found within {limit}, {tried}: {', '.join(asked)}"
    notes = [] if why is None else [why]
    if clues is not None and fewest > clues:
        notes.append(f"the fewest clues a try reached: {fewest}")
    if clues is not None and known is not None and clues < known:
        notes.append(f"no {n}x{n} puzzle of fewer than {known} clues is known")
    if band is not None and band.name != "easy" and n < 9:
        notes.append(
            f"{band.name} puzzles are rare on a {n}x{n} grid: most of its puzzles are solved "
            "by singles"
        )
    advice = f"try a longer timeout {TIMEOUT_OPTION}"
    if clues is not None:
        advice += ", another clue count"
    if drop:
        advice += f", or without {' or '.join(drop)}"
    if len(asked) == 1 and default:  # nothing asked but a puzzle, in time: a large grid
        advice = (
            f"give a timeout {TIMEOUT_OPTION} for a best-effort puzzle: the clue removal stops "
            "then, and the puzzle so far, unique, is returned"
        )
    return f"{head} ({'; '.join(notes)}): {advice}" if notes else f"{head}: {advice}"


def _verify(puzzle: Grid, solution: Grid, counter: _Counter, deadline: float | None) -> bool:
    """Unique by another method than the one that built it, and the solution is the one the
    puzzle came from; False when ``deadline`` passed before the check could tell."""
    verdict = counter.check(puzzle, deadline)
    if verdict is None:
        return False
    if not verdict:
        raise AssertionError("generated puzzle is not unique")  # pragma: no cover
    if not solution.is_solution_of(puzzle):  # pragma: no cover
        raise AssertionError("generated puzzle lost its solution")
    return True


def _checked_best_effort(
    solution: Grid,
    removed: Sequence[tuple[int, ...]],
    counter: _Counter,
    deadline: float,
    grace: float,
) -> Grid | None:
    """The best-effort puzzle (``solution`` without the ``removed`` orbits), checked by the
    independent check within half the ``grace`` past ``deadline``; when that check cannot
    tell in time, the puzzle with only the first half of the removals, and so on (each such
    puzzle was unique when the removal passed it, and a denser puzzle checks faster: a 64×64
    puzzle of 2,380 clues took the twin 100,000 nodes and CaDiCaL 11 s, one of 3,700 clues
    0.03 s), each within a quarter of the grace. None when no removal is left to check (none
    was made, or none checked in time): the complete grid is no puzzle, and
    ``generate(4, timeout=0.001)`` returned it, 256 clues."""
    until = max(deadline, time.perf_counter()) + grace / 2
    keep = len(removed)
    while keep:
        emptied = [v for orbit in removed[:keep] for v in orbit]
        puzzle = solution.with_values(_without(solution.values, emptied))
        if _verify(puzzle, solution, counter, until):
            return puzzle
        keep //= 2
        until = time.perf_counter() + grace / 4
    return None


def _without(puzzle: Sequence[int], cells: Sequence[int]) -> list[int]:
    out = list(puzzle)
    for i in cells:
        out[i] = 0
    return out


def _remove(
    solution: Grid,
    cells_by_orbit: list[tuple[int, ...]],
    rng: random.Random,
    clues: int | None,
    minimal: bool,
    techniques: tuple[str, ...] | None,
    deadline: float | None,
    counter: _Counter,
    best_effort: bool = False,
) -> tuple[Grid, list[tuple[int, ...]], bool] | None:
    """One pass over the orbits in random order: empty an orbit, keep it empty if the puzzle
    stays acceptable (unique; solved by ``techniques`` if any). The puzzle, the orbits
    emptied, in order (each prefix of them leaves a unique puzzle), and whether the clock cut
    the pass short (``best_effort`` only).

    With a batch counter the pass is run in rounds with the same outcome: every orbit whose
    removal alone fails now is dropped (it would fail later too: fewer clues, more
    solutions), then the successive removals of the rest are tested at once and kept up to
    the first that fails.

    Past ``deadline`` the pass stops: ``best_effort``, the puzzle so far (its settling too
    stops at ``deadline``); else None (the try is void: a puzzle never depends on the clock).
    """
    puzzle = list(solution.values)
    remaining = list(cells_by_orbit)
    rng.shuffle(remaining)
    filled = len(puzzle)
    target = 0 if (clues is None or minimal) else clues
    logic = techniques is not None
    emptied: list[tuple[int, ...]] = []
    cut = False
    undecided: set[tuple[int, ...]] = set()  # orbits whose check ran out of its budget

    def accept(puzzles: list[list[int]]) -> list[bool | None]:
        if techniques is not None:
            return [solve_logically(solution.with_values(p), techniques).solved for p in puzzles]
        return counter.verdicts(puzzles)

    batched = counter.batched and not logic
    while remaining and filled > target:
        if deadline is not None and time.perf_counter() > deadline:
            return (solution.with_values(puzzle), emptied, True) if best_effort else None
        if batched:
            alone = accept([_without(puzzle, o) for o in remaining])
            undecided.update(o for o, ok in zip(remaining, alone, strict=True) if ok is None)
            remaining = [o for o, ok in zip(remaining, alone, strict=True) if ok]
        chain: list[tuple[int, ...]] = []  # orbits to empty in turn, then where they end
        ends: list[int] = []
        left = filled
        for k, orbit in enumerate(remaining):
            if left == target or (chain and not batched):
                break
            if left - len(orbit) >= target:  # else skipped: it would go below the target
                chain.append(orbit)
                ends.append(k)
                left -= len(orbit)
        if not chain:
            break
        trial = list(puzzle)
        steps = []
        for orbit in chain:
            trial = _without(trial, orbit)
            steps.append(trial)
        kept = accept(steps)
        used = len(remaining)
        for orbit, ok, k in zip(chain, kept, ends, strict=True):
            if not ok:
                used = k + 1  # this orbit stays; the next ones are tried again
                if ok is None:
                    undecided.add(orbit)
                break
            puzzle = _without(puzzle, orbit)
            emptied.append(orbit)
            filled -= len(orbit)
        else:
            used = ends[-1] + 1
        remaining = remaining[used:]
    if target == 0 and not logic:  # as far as uniqueness allows: what the budget left, settled
        before = list(puzzle)
        left_undecided = [o for o in cells_by_orbit if o in undecided]
        puzzle, cut = _settle(solution, puzzle, left_undecided, deadline if best_effort else None)
        emptied += [o for o in left_undecided if before[o[0]] and not puzzle[o[0]]]
    return solution.with_values(puzzle), emptied, cut


def _settle(
    solution: Grid,
    puzzle: list[int],
    undecided: Sequence[tuple[int, ...]],
    deadline: float | None = None,
) -> tuple[list[int], bool]:
    """``puzzle`` with the removals its budgeted checks left ``undecided`` decided exactly,
    in that order, and whether ``deadline`` cut a check short (a removal left undecided):
    each such orbit is emptied when the puzzle stays unique. An orbit refused by a check
    that finished is not asked again: with fewer clues now, a second solution is still there
    (a 16×16 windoku: 45 exact checks instead of 66, x 68 instead of 88). A check that ran
    out after finding one solution is undecided too (it was taken for "not unique", and the
    settling skipped when no check had the status ``stopped``). So the result is minimal for
    its orbits, on sides up to :data:`SETTLE_MAX_SIDE` (beyond, exact checks of hundreds of
    clues take minutes: the puzzle is unique and as small as the budget could tell). Past
    ``deadline`` (``time.perf_counter()``) the removals left are kept as clues: the puzzle
    is still unique, not minimal."""
    if not undecided or solution.n > SETTLE_MAX_SIDE:
        return puzzle, False
    if solution.variant is not None and solution.variant.cages:
        from .search.sat import sat_available

        if sat_available():
            settled = _settle_sat(solution, puzzle, undecided, deadline)
            if settled is not None:
                return settled
    exact = replace(_counter(solution, exact=True), deadline=deadline)
    cut = False
    for orbit in undecided:
        if all(puzzle[c] for c in orbit):
            trial = _without(puzzle, orbit)
            verdict = exact.verdicts([trial])[0]  # (None: the deadline, an exact count has no cap)
            cut = cut or verdict is None
            if verdict:
                puzzle = trial
    return puzzle, cut


def _settle_sat(
    solution: Grid,
    puzzle: list[int],
    undecided: Sequence[tuple[int, ...]],
    deadline: float | None = None,
) -> tuple[list[int], bool] | None:
    """:func:`_settle` on killer cages by one incremental CaDiCaL
    (:class:`sudograph.search.sat.ProblemSat`; None when a cage has too many combinations for
    its encoding), and whether ``deadline`` cut it short.

    The puzzle without an orbit is unique exactly when no solution keeps the other clues and
    gives the orbit's cells other digits than ``solution`` (a second solution keeps every
    clue left, so it differs on the orbit, or else the whole puzzle had two): one question
    with the clues as assumptions. The clauses learnt on the rules and cages serve the next
    question. CaDiCaL's default options (its stable mode only, as method ``sat``, was slower
    on these questions: 5.6 s against 0.9 s on the settling of 16×16 killer seed 3). The house
    kernel cannot hand cages to a SAT solver and took 10 s, 50 s, 220 s on the last clues of a
    16×16 killer; a fresh two-solution count per question took 119 s on the settling of
    another (killer seed 5; 6 of its 22 questions took 19 to 114 s each in fixed slices of
    10,000 to 100,000 conflicts), this solver 6 s."""
    from .search.sat import ProblemSat

    problem = solution.problem
    rules = Problem(problem.graph, problem.k, (0,) * problem.graph.n, cages=problem.cages)
    try:
        sat = ProblemSat(rules, options={})  # CaDiCaL's defaults
    except InvalidArgument:  # a cage of too many combinations
        return None
    cut = False
    with sat:
        for orbit in undecided:
            if not all(puzzle[c] for c in orbit):
                continue
            if deadline is not None and time.perf_counter() > deadline:
                cut = True  # the orbits left stay
                break
            other = sat.new_var()  # this question's selector: another digit on the orbit
            sat.add_clause([-other, *(-sat.var(v, solution.values[v]) for v in orbit)])
            clues = [sat.var(v, d) for v, d in enumerate(puzzle) if d and v not in orbit]
            found = sat.satisfiable([*clues, other], deadline)
            sat.add_clause([-other])  # retired
            if found is False:  # no other solution: the orbit goes (None: out of time, kept)
                puzzle = _without(puzzle, orbit)
            cut = cut or found is None
    return puzzle, cut


def generate_variant(
    variant: Variant | str,
    box: Box | int = (3, 3),
    *,
    symmetry: str | None = None,
    cage_sizes: tuple[int, int] | None = None,
    seed: int | random.Random | None = None,
    timeout: float | None = None,
    minimal: bool = False,
    killer: bool = False,
) -> Grid:
    """A minimal puzzle with exactly one solution for ``variant`` (a :class:`Variant` or a
    spec such as ``"x+anti-knight"``; ``"killer"`` alone makes its own cages, and so does
    ``killer=True`` for a Variant, such as a jigsaw's, which can name killer only with its
    cages).

    The solution: the variant's empty grid solved after a few random clues, then its digits
    relabelled at random (every rule but a cage sum is blind to the digits' names). For a
    killer without cages given, cages of ``cage_sizes`` cells are grown at random over the
    solution (see :func:`killer_cages`: a pair ``(lo, hi)`` of whole numbers, ``1 <= lo <= hi
    <= N``, :class:`InvalidArgument` otherwise, and for a variant that makes no cages; None,
    the default: 2 to 4, at most N). Then
    clue removal, one ``symmetry`` orbit at a time, each removal kept when the puzzle stays
    unique: one pass, so the result is minimal (for ``symmetry`` none; a removal its check's
    budget left undecided is decided exactly at the end on sides up to
    :data:`SETTLE_MAX_SIDE`, see :func:`_settle`). Checked unique again another way (see
    :class:`_Counter`). ``timeout`` (seconds) makes it best effort: when the time is up the
    removal stops, and the puzzle so far is returned, unique (checked all the same, which
    takes its own time) but not minimal (some 16×16 variants take minutes otherwise). A
    puzzle has at least one empty cell, so when the time is up before a clue could go,
    :class:`SudographError` says so, naming the variant, never the full grid (as
    :func:`generate` does).

    With a ``symmetry``, the puzzle is minimal for its orbits: an orbit's clues go together,
    and one of them alone may still go. ``minimal=True`` asks for no removable clue at all:
    puzzles are made until one is (on sides up to :data:`SETTLE_MAX_SIDE`), as
    :func:`generate` does, no limit on the tries: for ``timeout`` seconds
    (:data:`GENERATE_SECONDS` without one, and no best effort then: a minimal puzzle or
    :class:`SudographError`).

    >>> p = generate_variant("x", 2, seed=4)
    >>> p.variant.spec, is_unique(p), is_minimal(p)
    ('x', True, True)
    >>> jigsaw = Variant(("jigsaw",), regions=(0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3))
    >>> generate_variant(jigsaw, 2, seed=1, killer=True).variant.spec
    'jigsaw+killer'
    >>> is_minimal(generate_variant("x", 3, symmetry="central", minimal=True, seed=1))
    True
    >>> generate_variant("anti-knight", 3, seed=0, timeout=1e-9)
    Traceback (most recent call last):
    ...
    sudograph.errors.SudographError: no puzzle found within 1e-09 s, 1 try: 9x9 anti-knight \
(the time was up before a clue of the full 9x9 grid could go): try a longer timeout \
(timeout=, or --timeout)
    """
    return variant_puzzle(variant, box, symmetry, cage_sizes, seed, timeout, minimal, killer)[0]


def variant_puzzle(
    variant: Variant | str,
    box: Box | int,
    symmetry: str | None,
    cage_sizes: tuple[int, int] | None,
    seed: int | random.Random | None,
    timeout: float | None,
    minimal: bool = False,
    killer: bool = False,
) -> tuple[Grid, bool]:
    """:func:`generate_variant`'s puzzle (same arguments, by position), and whether
    ``timeout`` cut its removal short: a removal left untried, or the settling still asking
    when the time was up (the puzzle unique all the same, maybe not minimal). Told by the
    removal itself, not by the whole call's time: the final check can take longer. A cut
    removal that took no clue at all is :class:`SudographError`, never the full grid."""
    if not isinstance(variant, (Variant, str)):
        hint = " (generate() makes classic puzzles)" if variant is None else ""
        raise InvalidArgument(
            f"variant must be a Variant or a spec such as 'x+anti-knight', got {variant!r}{hint}"
        )
    named = variant_names(variant) if isinstance(variant, str) else variant.names
    given = isinstance(variant, Variant) and (variant.regions or variant.cages)
    if not (named or killer or given):
        raise InvalidArgument(
            f"variant {variant!r} names no rule (generate() makes classic puzzles)"
        )
    shape = as_box(box)
    check_flag("minimal", minimal)
    check_flag("killer", killer)
    sizes_given = cage_sizes is not None
    cage_sizes = check_cage_sizes(cage_sizes, shape[0] * shape[1])
    sym = check_options(shape[0] * shape[1], symmetry=symmetry, timeout=timeout)
    timeout = check_timeout(timeout)  # (as a float: at most MAX_TIMEOUT)
    check_variant_minimal(shape[0] * shape[1], minimal)
    if isinstance(variant, str):  # its names read once, not per try; 'killer': cages to make
        killer = killer or "killer" in named
        variant = Variant(tuple(name for name in named if name != "killer"))
    if killer and variant.cages:
        raise InvalidArgument("killer=True makes the cages: give a variant without cages")
    if sizes_given and not killer:  # it would change nothing: said, as the CLI says its options
        raise InvalidArgument(
            "cage_sizes sizes the cages a killer's generation makes: name 'killer' in the "
            "variant (or give killer=True)"
        )
    deadline = None if timeout is None else time.perf_counter() + timeout
    rng = random_source(seed)
    seconds = GENERATE_SECONDS if timeout is None else timeout
    give_up = time.perf_counter() + seconds
    tries = 0
    while True:  # one try unless minimal and symmetric (9x9 x, central, seed 1: 22 tries)
        puzzle, cut = _variant_attempt(variant, shape, symmetry, cage_sizes, rng, deadline, killer)
        tries += 1
        if not minimal:
            if cut and 0 not in puzzle.values:  # the full grid: no puzzle
                n = shape[0] * shape[1]
                why = f"the time was up before a clue of the full {n}x{n} grid could go"
                spec = puzzle.variant.spec if puzzle.variant is not None else ""
                raise SudographError(
                    _no_puzzle(n, seconds, False, tries, None, sym, False, None, n * n, why, spec)
                )
            return puzzle, cut  # (a puzzle the clock cut short: best effort, as it is)
        if not cut and (sym == "none" or is_minimal(puzzle)):
            return puzzle, False
        if cut or time.perf_counter() > give_up:
            kind = "" if sym == "none" else f"{sym}-symmetric "
            raise SudographError(
                f"no minimal {kind}puzzle found in {seconds:g} s ({tries:,} "
                f"{'try' if tries == 1 else 'tries'}; try another symmetry, without minimal, "
                "or a longer timeout)"
            )


def check_variant_minimal(n: int, minimal: bool) -> None:
    """Raise :class:`InvalidArgument` for a minimal variant puzzle asked beyond side
    :data:`SETTLE_MAX_SIDE` (its removals are not all decided exactly there).

    >>> check_variant_minimal(16, True), check_variant_minimal(25, False)
    (None, None)
    """
    if minimal and n > SETTLE_MAX_SIDE:
        raise InvalidArgument(
            f"minimal variant puzzles are made up to side {SETTLE_MAX_SIDE}, not {n} "
            "(without minimal, as minimal as the budget tells)"
        )


def _variant_attempt(
    variant: Variant,
    shape: Box,
    symmetry: str | None,
    cage_sizes: tuple[int, int] | None,
    rng: random.Random,
    deadline: float | None,
    killer: bool = False,
) -> tuple[Grid, bool]:
    """One puzzle of :func:`variant_puzzle`: a solution, its cages (``killer``), the clue
    removal."""
    solution = _variant_solution(variant, shape, rng, killer)
    if killer:
        cages = killer_cages(solution, cage_sizes, seed=rng)
        rules = Variant(variant.names, variant.regions, cages)
        solution = Grid(shape, solution.values, "", rules)
    puzzle = list(solution.values)
    counter = replace(_counter(solution), deadline=deadline)
    order = rng.sample(orbits(solution.n, symmetry), len(orbits(solution.n, symmetry)))
    undecided = []
    cut = False
    for orbit in order:
        if deadline is not None and time.perf_counter() > deadline:
            cut = True  # best effort: the clues left stay
            break
        trial = _without(puzzle, orbit)
        verdict = counter.verdicts([trial])[0]
        if verdict:
            puzzle = trial
        elif verdict is None:  # the budget ran out: decided exactly at the end
            undecided.append(orbit)
    settled, settle_cut = _settle(solution, puzzle, undecided, deadline)
    result = solution.with_values(settled)
    cut = cut or settle_cut  # a question the clock cut: not known minimal
    if not counter.check(result):  # pragma: no cover - two engines disagree: a bug
        raise AssertionError("a generated variant puzzle failed the second uniqueness check")
    return result, cut


CAGE_SIZES = (2, 4)
"""The cells of a killer cage :func:`killer_cages` grows by default (at most N on a grid of
side N below 4)."""


def check_cage_sizes(sizes: object, n: int) -> tuple[int, int]:
    """``sizes`` as the pair ``(lo, hi)`` of cage sizes for an n×n grid: whole numbers with
    ``1 <= lo <= hi <= n`` (a cage's digits are distinct: at most n cells); None gives
    :data:`CAGE_SIZES`, at most n. :class:`InvalidArgument` for anything else (``(5, 2)``
    would fail deep in the random draw, ``(0, 0)`` give cages of one cell without a word).

    >>> check_cage_sizes((2, 5), 9), check_cage_sizes(None, 9), check_cage_sizes(None, 3)
    ((2, 5), (2, 4), (2, 3))
    >>> try:
    ...     check_cage_sizes((1, 17), 16)
    ... except InvalidArgument as exc:
    ...     print(exc)
    cage_sizes must be (lo, hi), whole numbers, 1 <= lo <= hi <= 16 cells, got (1, 17)
    """
    if sizes is None:
        return (min(CAGE_SIZES[0], n), min(CAGE_SIZES[1], n))
    pair = isinstance(sizes, (tuple, list)) and len(sizes) == 2 and all(map(is_whole, sizes))
    if not pair or not 1 <= sizes[0] <= sizes[1] <= n:  # type: ignore[index]
        raise InvalidArgument(
            f"cage_sizes must be (lo, hi), whole numbers, 1 <= lo <= hi <= {n} cells, got {sizes!r}"
        )
    return (int(sizes[0]), int(sizes[1]))  # type: ignore[index]


def killer_cages(
    solution: Grid,
    sizes: tuple[int, int] | None = None,
    *,
    seed: int | random.Random | None = None,
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Random cages covering ``solution``: connected, of ``sizes[0]..sizes[1]`` cells when the
    cells around allow it (a cell left alone is a cage of one), no digit twice in a cage, and
    sums taken from the solution. ``sizes`` as :func:`check_cage_sizes` takes it (None:
    :data:`CAGE_SIZES`).

    >>> cages = killer_cages(full_grid(2, seed=1), seed=2)
    >>> sorted(v for cells, _ in cages for v in cells) == list(range(16))
    True
    """
    sizes = check_cage_sizes(sizes, require_grid(solution, "killer_cages").n)
    if 0 in solution.values or solution.conflicts():
        raise InvalidArgument(
            "killer_cages takes a solution: a complete grid without clashes (its cages' sums "
            "are read from it)"
        )
    rng = random_source(seed)
    n, values = solution.n, solution.values
    owner = [-1] * (n * n)
    cages: list[tuple[tuple[int, ...], int]] = []
    for start in rng.sample(range(n * n), n * n):
        if owner[start] >= 0:
            continue
        cells, digits = [start], {values[start]}
        owner[start] = len(cages)
        target = rng.randint(*sizes)
        while len(cells) < target:
            around = [
                u
                for v in cells
                for u in (v - n, v + n, v - 1 if v % n else -1, v + 1 if v % n < n - 1 else -1)
                if 0 <= u < n * n and owner[u] < 0 and values[u] not in digits
            ]
            if not around:
                break
            u = rng.choice(around)
            owner[u] = len(cages)
            cells.append(u)
            digits.add(values[u])
        cages.append((tuple(sorted(cells)), sum(values[v] for v in cells)))
    return tuple(cages)


def _variant_solution(rules: Variant, box: Box, rng: random.Random, killer: bool = False) -> Grid:
    """A random solution of ``rules``: a few random clues, solved, then (without cages) the
    digits relabelled at random. ``killer``: cages will be made on it (the error names them,
    as the variant asked for)."""
    n = box[0] * box[1]
    empty = Grid(box, (0,) * (n * n), "", rules if rules.names else None)
    found = None
    for _ in range(20):
        values = [0] * (n * n)
        for cell in rng.sample(range(n * n), n):
            options = empty.with_values(values).candidates(cell)
            if options:
                values[cell] = rng.choice(options)
        found = _unless_interrupted(
            solve(empty.with_values(values), "propagate", max_nodes=2000 * n)
        ).solution
        if found is not None:
            break
    if found is None:
        found = _unless_interrupted(solve(empty, "propagate")).solution
        if found is None:
            spec = "+".join((*rules.names, *("killer",) * killer))
            what = "with these regions " if rules.regions is not None else ""
            raise InvalidArgument(f"variant {spec!r} has no solution {what}on a {n}x{n} grid")
    if not rules.cages:
        relabel = rng.sample(range(1, n + 1), n)
        found = tuple(relabel[d - 1] for d in found)
    return empty.with_values(found)


__all__ = [
    "CAGE_SIZES",
    "DIFFICULTIES",
    "GENERATE_SECONDS",
    "KNOWN_MIN_CLUES",
    "SYMMETRIES",
    "Band",
    "check_cage_sizes",
    "check_options",
    "check_symmetry",
    "full_grid",
    "generate",
    "generate_variant",
    "is_minimal",
    "is_symmetric",
    "killer_cages",
    "orbits",
]
