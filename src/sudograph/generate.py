"""Puzzles with exactly one solution: full grids, clue removal, minimality, symmetry, difficulty.

A puzzle is made in two moves. First a random *full grid*: a randomized solve of the empty grid
(digits tried in a seeded random order), then a random relabelling of the digits, a shuffle of
the bands and stacks, of the rows within each band and the columns within each stack, and a
transposition for square boxes. Then *clue removal*: cells are emptied in random order, a
symmetry orbit at a time, and a removal is kept only if the puzzle still has one solution.

Every puzzle returned is checked unique twice, by the counting search of this module and by an
independent one (:func:`sudograph.solve.count_solutions` when available, otherwise a second,
plainer search of this module), and its solution checked with :meth:`Grid.is_solution_of`.

Glossary: ``orbit`` the cells a symmetry maps onto each other (emptied or kept together),
``band`` ``box_rows`` consecutive rows of boxes, ``stack`` ``box_cols`` consecutive columns.

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
from dataclasses import dataclass

from .errors import InvalidArgument, SudographError
from .grid import Box, Grid, box_for
from .logic import STALLED_SCORE, TECHNIQUES, rate, solve_logically

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

KNOWN_MIN_CLUES = {4: 4, 9: 17}
"""Fewest clues of a unique puzzle, where known (9×9: McGuire, Tugemann, Civario 2012)."""


# -- counting search ----------------------------------------------------------------------------


class _Search:
    """Bitmask search over one box shape: naked and hidden singles, then MRV branching."""

    def __init__(self, box: Box) -> None:
        grid = Grid.empty(box)
        graph = grid.graph
        self.n = grid.n
        self.full = (1 << self.n) - 1
        self.peers = graph.neighbors
        self.houses = graph.houses

    def start(self, values: Sequence[int]) -> tuple[list[int], list[int]] | None:
        """Values and candidate masks of a puzzle after propagation (None: contradiction)."""
        vals = [0] * len(values)
        cand = [self.full] * len(values)
        todo = [(i, d) for i, d in enumerate(values) if d]
        if not self._propagate(vals, cand, todo):
            return None
        return vals, cand

    def _propagate(self, vals: list[int], cand: list[int], todo: list[tuple[int, int]]) -> bool:
        peers, houses, full = self.peers, self.houses, self.full
        while True:
            while todo:
                i, d = todo.pop()
                if vals[i]:
                    if vals[i] != d:
                        return False
                    continue
                bit = 1 << (d - 1)
                if not cand[i] & bit:
                    return False
                vals[i] = d
                cand[i] = 0
                off = ~bit
                for p in peers[i]:
                    c = cand[p]
                    if c & bit:
                        c &= off
                        cand[p] = c
                        if c == 0:
                            if vals[p] == 0:
                                return False
                        elif c & (c - 1) == 0:
                            todo.append((p, c.bit_length()))
            for h in houses:
                once = more = placed = 0
                for i in h:
                    c = cand[i]
                    more |= once & c
                    once |= c
                    if vals[i]:
                        placed |= 1 << (vals[i] - 1)
                if (once | placed) != full:
                    return False
                hidden = once & ~more & ~placed
                while hidden:
                    bit = hidden & -hidden
                    hidden ^= bit
                    for i in h:
                        if cand[i] & bit:
                            todo.append((i, bit.bit_length()))
                            break
            if not todo:
                return True

    def solve(
        self,
        values: Sequence[int],
        *,
        limit: int = 2,
        rng: random.Random | None = None,
        max_nodes: int | None = None,
        keep: int = 2,
    ) -> tuple[int, list[tuple[int, ...]], int, bool]:
        """``(count, solutions, nodes, complete)``: counts up to ``limit`` solutions and keeps
        the first ``keep``; ``complete`` is False when ``max_nodes`` stopped the search first.
        ``rng`` shuffles the digit order."""
        first = self.start(values)
        if first is None:
            return 0, [], 0, True
        sols: list[tuple[int, ...]] = []
        nodes = found = 0
        stack = [first]
        while stack:
            vals, cand = stack.pop()
            best, best_count = -1, self.n + 1
            for i, c in enumerate(cand):
                if c:
                    k = c.bit_count()
                    if k < best_count:
                        best, best_count = i, k
                        if k == 2:
                            break
            if best < 0:
                found += 1
                if len(sols) < keep:
                    sols.append(tuple(vals))
                if found >= limit:
                    return found, sols, nodes, True
                continue
            c = cand[best]
            digits = [d for d in range(1, self.n + 1) if c >> (d - 1) & 1]
            if rng is not None:
                rng.shuffle(digits)
            for d in reversed(digits):  # pushed in reverse: tried in order
                nodes += 1
                if max_nodes is not None and nodes > max_nodes:
                    return found, sols, nodes, False
                v2, c2 = list(vals), list(cand)
                if self._propagate(v2, c2, [(best, d)]):
                    stack.append((v2, c2))
        return found, sols, nodes, True


_SEARCHES: dict[Box, _Search] = {}


def _search_for(box: Box) -> _Search:
    if box not in _SEARCHES:
        _SEARCHES[box] = _Search(box)
    return _SEARCHES[box]


def _count_plain(grid: Grid, limit: int) -> int:
    """A second, plainer counter (forward checking and MRV, no hidden singles), for checks."""
    n = grid.n
    peers = grid.graph.neighbors
    vals = list(grid.values)
    full = (1 << n) - 1
    cand = [0] * len(vals)
    for i, d in enumerate(vals):
        if not d:
            used = 0
            for p in peers[i]:
                if vals[p]:
                    used |= 1 << (vals[p] - 1)
            cand[i] = full & ~used
            if not cand[i]:
                return 0
    found = 0

    def search() -> bool:
        nonlocal found
        free = [i for i, d in enumerate(vals) if not d]
        if not free:
            found += 1
            return found >= limit
        i = min(free, key=lambda j: cand[j].bit_count())
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            if not cand[i] & bit:
                continue
            changed = [p for p in peers[i] if not vals[p] and cand[p] & bit]
            if any(cand[p] == bit for p in changed):
                continue
            vals[i] = d
            for p in changed:
                cand[p] &= ~bit
            stop = search()
            vals[i] = 0
            for p in changed:
                cand[p] |= bit
            if stop:
                return True
        return False

    if not grid.conflicts():
        search()
    return found


def count_solutions(grid: Grid, limit: int | None = 2, *, max_nodes: int | None = None) -> int:
    """The number of solutions of ``grid``, counting stops at ``limit`` (None: all).

    Raises :class:`SudographError` when ``max_nodes`` runs out before the count is known.

    >>> count_solutions(Grid.parse("1.3.....2...4..1"), limit=None)
    2
    """
    if limit is not None and limit < 1:
        raise InvalidArgument(f"limit must be >= 1 (or None for all), got {limit}")
    if grid.conflicts():
        return 0
    total, _, _, complete = _search_for(grid.box).solve(
        grid.values, limit=limit if limit is not None else 1 << 62, max_nodes=max_nodes
    )
    if not complete:
        raise SudographError(f"node limit {max_nodes} reached after {total} solution(s)")
    return total


def _independent_count(grid: Grid) -> int:
    """Count up to 2 solutions with another engine than :func:`count_solutions`: the team's
    :func:`sudograph.solve.solve` (method ``propagate``) when it is there, else a plainer
    search of this module."""
    try:
        from .solve import solve
    except ImportError:  # pragma: no cover - solve.py is part of the package
        return _count_plain(grid, 2)
    result = solve(grid, "propagate", limit=2)
    if result.status == "stopped" and len(result.solutions) < 2:  # pragma: no cover
        return _count_plain(grid, 2)
    return len(result.solutions)


def is_unique(grid: Grid) -> bool:
    """True when ``grid`` has exactly one solution.

    >>> is_unique(Grid.parse("1.3.....2...4..1")), is_unique(Grid.parse(".3...2.3.4.2...."))
    (False, True)
    """
    return count_solutions(grid, limit=2) == 1


def is_minimal(grid: Grid) -> bool:
    """True when ``grid`` is unique and loses uniqueness when any single clue is removed.

    >>> is_minimal(Grid.parse("...3..4.1.....2.")), is_minimal(Grid.parse("...3..4.1....12."))
    (True, False)
    """
    if not is_unique(grid):
        return False
    values = list(grid.values)
    search = _search_for(grid.box)
    for i, d in enumerate(grid.values):
        if d:
            values[i] = 0
            count = search.solve(values, limit=2)[0]
            values[i] = d
            if count == 1:
                return False
    return True


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
    """The symmetry name (None means ``"none"``); :class:`InvalidArgument` lists the known."""
    name = "none" if symmetry is None else symmetry.lower()
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
    filled = [d != 0 for d in grid.values]
    return all(len({filled[i] for i in orbit}) == 1 for orbit in orbits(grid.n, symmetry))


def _reachable(sizes: Sequence[int], target: int) -> bool:
    """Can a subset of the orbit sizes sum to ``target``?"""
    reach = 1
    for s in sizes:
        reach |= reach << s
    return bool(reach >> target & 1)


# -- full grids ---------------------------------------------------------------------------------


def full_grid(box: Box | int = (3, 3), *, seed: int | random.Random | None = None) -> Grid:
    """A random complete grid: a randomized solve of the empty grid, then random relabelling,
    band/stack shuffles, row/column shuffles within them, and a transposition (square boxes).

    >>> g = full_grid(2, seed=7)
    >>> g.is_complete(), g == full_grid(2, seed=7)
    (True, True)
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    shape = _shape(box)
    grid = Grid.empty(shape)
    n = grid.n
    search = _search_for(shape)
    budget = 200 * n * n
    for _ in range(1000):
        _, sols, _, _ = search.solve(grid.values, limit=1, rng=rng, max_nodes=budget)
        if sols:
            break
        budget *= 2  # pragma: no cover - large grids only
    else:  # pragma: no cover
        raise SudographError(f"could not fill a {n}x{n} grid")
    values = sols[0]
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
    result = grid.with_values(out)
    if not result.is_complete():  # pragma: no cover - the moves keep the rules
        raise AssertionError("full grid broke the rules")
    return result


def _shape(box: Box | int) -> Box:
    if isinstance(box, int):
        return box_for(box * box, (box, box))
    if len(box) != 2:
        raise InvalidArgument(f"box must be (rows, cols), got {box!r}")
    return box_for(box[0] * box[1], (box[0], box[1]))


# -- puzzles ------------------------------------------------------------------------------------


def _difficulty(difficulty: str | None) -> Band | None:
    if difficulty is None:
        return None
    band = DIFFICULTIES.get(difficulty.lower())
    if band is None:
        raise InvalidArgument(
            f"unknown difficulty {difficulty!r} (known: {', '.join(DIFFICULTIES)})"
        )
    return band


def _check_clues(n: int, clues: int | None, sizes: Sequence[int], symmetry: str) -> None:
    if clues is None:
        return
    if not 0 <= clues <= n * n:
        raise InvalidArgument(f"clues must be between 0 and {n * n}, got {clues}")
    low = KNOWN_MIN_CLUES.get(n, n - 1)
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
    same seed gives the same puzzle; ``timeout``: seconds before giving up.

    Without ``clues`` or ``minimal`` the removal goes as far as uniqueness allows (a puzzle
    that is minimal for its symmetry orbits); with only a ``timeout`` (best effort, for large
    grids) the removal stops when time is up and the puzzle so far, still unique, is returned.
    Raises :class:`InvalidArgument` for impossible requests (too few clues, a count the
    symmetry cannot give, unknown names) and :class:`SudographError` when no puzzle fits
    within ``timeout`` (or the attempts).

    >>> p = generate(2, clues=6, symmetry="central", seed=5)
    >>> p.clues, is_symmetric(p, "central"), is_unique(p)
    (6, True, True)
    >>> generate(3, clues=16)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: a unique 9x9 puzzle needs at least 17 clues, not 16
    """
    shape = _shape(box)
    n = shape[0] * shape[1]
    sym = check_symmetry(symmetry)
    band = _difficulty(difficulty)
    cells_by_orbit = orbits(n, sym)
    _check_clues(n, clues, [len(o) for o in cells_by_orbit], sym)
    if timeout is not None and timeout <= 0:
        raise InvalidArgument(f"timeout must be > 0, got {timeout}")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    deadline = None if timeout is None else time.perf_counter() + timeout
    attempts = 0
    max_attempts = 200 if (clues is not None or band is not None or sym != "none") else 20
    while True:
        attempts += 1
        if deadline is not None and time.perf_counter() > deadline:
            raise SudographError(f"no puzzle found within {timeout} s ({attempts - 1} tries)")
        if attempts > max_attempts and deadline is None:
            raise SudographError(f"no puzzle found in {max_attempts} tries: {_ask(locals())}")
        solution = full_grid(shape, seed=rng)
        puzzle = _remove(solution, cells_by_orbit, rng, clues, minimal, band, deadline)
        if puzzle is None:
            continue
        if clues is not None and puzzle.clues != clues:
            continue
        if minimal and not is_minimal(puzzle):
            continue
        if band is not None and band.name != "easy":
            score = rate(puzzle).score
            if not band.low <= score <= band.high:
                continue
        _verify(puzzle, solution)
        return puzzle


def _ask(args: dict[str, object]) -> str:
    parts = [f"{k}={args[k]!r}" for k in ("clues", "symmetry", "minimal", "difficulty")]
    return ", ".join(parts) + " (try a timeout, fewer constraints or more clues)"


def _verify(puzzle: Grid, solution: Grid) -> None:
    """Unique by two engines, and the solution is the one the puzzle came from."""
    if count_solutions(puzzle, limit=2) != 1 or _independent_count(puzzle) != 1:
        raise AssertionError("generated puzzle is not unique")  # pragma: no cover
    if not solution.is_solution_of(puzzle):  # pragma: no cover
        raise AssertionError("generated puzzle lost its solution")


def _keeps(puzzle: list[int], grid: Grid, band: Band | None, search: _Search) -> bool:
    """The puzzle is still acceptable: unique, and within the band's techniques if any."""
    if band is not None and band.techniques is not None:
        return solve_logically(grid.with_values(puzzle), band.techniques).solved
    budget = 20_000 if search.n <= 9 else 50  # unknown counts as not unique: the clue stays
    count, _, _, complete = search.solve(puzzle, limit=2, max_nodes=budget)
    return complete and count == 1


def _remove(
    solution: Grid,
    cells_by_orbit: list[tuple[int, ...]],
    rng: random.Random,
    clues: int | None,
    minimal: bool,
    band: Band | None,
    deadline: float | None,
) -> Grid | None:
    search = _search_for(solution.box)
    puzzle = list(solution.values)
    order = list(cells_by_orbit)
    rng.shuffle(order)
    filled = len(puzzle)
    target = 0 if (clues is None or minimal) else clues
    for orbit in order:
        if filled == target:
            break
        if filled - len(orbit) < target:
            continue
        if deadline is not None and time.perf_counter() > deadline:
            best_effort = clues is None and not minimal and band is None
            return solution.with_values(puzzle) if best_effort else None
        for i in orbit:
            puzzle[i] = 0
        if _keeps(puzzle, solution, band, search):
            filled -= len(orbit)
        else:
            for i in orbit:
                puzzle[i] = solution.values[i]
    return solution.with_values(puzzle)


__all__ = [
    "DIFFICULTIES",
    "KNOWN_MIN_CLUES",
    "SYMMETRIES",
    "Band",
    "check_symmetry",
    "count_solutions",
    "full_grid",
    "generate",
    "is_minimal",
    "is_symmetric",
    "is_unique",
    "orbits",
]
