"""Greedy colourings: the NSI randomized heuristics (seed 000) and the classic orders.

Two families live here.

*The NSI heuristics* (seed 000, "Sudoku et coloriage glouton") colour a precoloured graph
with ``k`` colours, never undo a choice, and start again from scratch when an attempt gets
stuck, up to ``itermax`` attempts:

* ``greedy`` (``resolution_sudoku_coloration_glouton``): vertices in index order, a random
  colour among those still possible; a vertex with none left stays uncoloured and the attempt
  fails at the end of the pass.
* ``mrv`` (``..._tri1``): among the vertices with the fewest possible colours, colour *all* of
  them at once when that minimum is 1, otherwise one chosen at random; the colour given is the
  **largest** one left (``list.pop()``); propagate to the neighbours; an empty list fails.
* ``mrv-least`` / ``mrv-most`` / ``mrv-random`` (``..._tri``): as ``mrv``, but the vertex is
  chosen at random among the most constrained ones that have the fewest / the most uncoloured
  neighbours, or among all of them.

Every random call is the document's, in the same order and on lists of the same length and
order, so ``random.Random(s)`` replays the document's run exactly (see :data:`DOCUMENT_VERSIONS`
for the one name swap and ``docs/greedy.md`` for the quirks).

*Greedy colouring of any graph* (:func:`greedy_color`): one pass, no backtracking, the smallest
free colour for each vertex, in the order ``sequential``, ``largest-first``, ``smallest-last``,
``dsatur`` or ``random-sequential``.

>>> from sudograph.graph import petersen_graph
>>> greedy_color(petersen_graph(), "dsatur").colors
3
>>> from sudograph.grid import Grid
>>> p = Grid.parse("1.3.....2.4.....").problem
>>> attempts, coloring = nsi_greedy(p.graph, p.k, p.precolouring, "mrv", 100, random.Random(1))
>>> coloring is not None and is_solution(p, coloring)
True
"""

from __future__ import annotations

import heapq
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..errors import InvalidArgument
from ..graph import Graph, require_graph
from ..problem import Coloring, Problem, Result, SolveOptions, Stats, as_seed, is_solution

Variant = Literal["greedy", "mrv", "mrv-least", "mrv-most", "mrv-random"]
VARIANTS: tuple[Variant, ...] = ("greedy", "mrv", "mrv-least", "mrv-most", "mrv-random")
"""The NSI heuristics; method ``greedy-<variant>`` (``greedy`` for the first) runs each."""

DOCUMENT_VERSIONS: dict[str, Variant] = {
    "moins": "mrv-most",
    "plus": "mrv-least",
    "hasard": "mrv-random",
}
"""Seed 000's ``version`` argument of ``..._tri`` -> the variant that runs the *same code*.

The document's comments say ``'moins'`` keeps the candidates with the fewest uncoloured
neighbours, but its code calls ``selection_extremum_voisins(..., valeur_initiale=0,
comparaison=plus_grand)``, which keeps those with the *most*; ``'plus'`` is swapped the same
way. The variants here follow the names (issue 4); this table follows the code.
"""

ORDERS = ("sequential", "largest-first", "smallest-last", "dsatur", "random-sequential")
"""Vertex orders of :func:`greedy_color`."""

Rng = random.Random


# -- the NSI heuristics ------------------------------------------------------------------------
def _attempt_in_order(
    graph: Graph, k: int, precolouring: Sequence[int], rng: Rng
) -> list[int] | None:
    """One pass of ``resolution_sudoku_coloration_glouton``; None when a vertex is left over.

    As the document: the pass stops as soon as nothing is left to colour, a vertex with no
    possible colour is skipped (it stays 0), and ``random.choice`` draws from the ascending
    list of the colours no neighbour has.
    """
    colour = list(precolouring)
    to_colour = colour.count(0)
    nbrs = graph.neighbors
    n = graph.n
    v = 0
    while to_colour != 0 and v < n:
        if colour[v] == 0:
            used = {colour[u] for u in nbrs[v]}
            possible = [c for c in range(1, k + 1) if c not in used]
            if possible:
                colour[v] = rng.choice(possible)
                to_colour -= 1
        v += 1
    return colour if to_colour == 0 else None


def _select_extremum(
    candidates: list[int], uncoloured: list[int], rng: Rng, most: bool
) -> list[int]:
    """``selection_extremum_voisins``: a random one of the candidates whose number of
    uncoloured neighbours is extreme (largest when ``most``, smallest otherwise)."""
    best = 0 if most else -1
    record: list[int] = []
    for v in candidates:
        count = uncoloured[v]
        if best < 0 or (count > best if most else count < best):
            best = count
            record = [v]
        elif count == best:
            record.append(v)
    return [rng.choice(record)]


def _attempt_most_constrained(
    graph: Graph, k: int, precolouring: Sequence[int], rng: Rng, variant: Variant
) -> list[int] | None:
    """One run of the ``resolution()`` inner function of ``..._tri1`` / ``..._tri``.

    Possible colours are bitmasks (bit ``c`` = colour ``c``); the document's ascending lists
    map one to one onto them: ``len`` is the popcount and ``pop()`` the highest bit. The
    candidates are scanned in index order, as the document's ``caseAFaire`` list keeps it.
    """
    colour = list(precolouring)
    nbrs = graph.neighbors
    full = ((1 << k) - 1) << 1
    possible = [(1 << c) if c else full for c in colour]
    uncoloured = [sum(1 for u in nb if colour[u] == 0) for nb in nbrs]
    todo = list(range(graph.n))
    while todo:
        candidates: list[int] = []
        fewest = k + 1
        for v in todo:
            size = possible[v].bit_count()
            if size < fewest:
                candidates = [v]
                fewest = size
            elif size == fewest:
                candidates.append(v)
        if variant == "mrv":
            # tri1 tests ``!= 1``: with an empty list it still draws before failing.
            if fewest != 1:
                candidates = [rng.choice(candidates)]
        elif fewest > 1:
            if variant == "mrv-least":
                candidates = _select_extremum(candidates, uncoloured, rng, most=False)
            elif variant == "mrv-most":
                candidates = _select_extremum(candidates, uncoloured, rng, most=True)
            else:
                candidates = [rng.choice(candidates)]
        for v in candidates:
            mask = possible[v]
            if mask == 0:
                return None
            c = mask.bit_length() - 1
            possible[v] = mask ^ (1 << c)
            was_free = colour[v] == 0
            colour[v] = c
            bit = ~(1 << c)
            for u in nbrs[v]:
                possible[u] &= bit
                if was_free:
                    uncoloured[u] -= 1
            todo.remove(v)
    return colour


def nsi_attempt(
    graph: Graph, k: int, precolouring: Sequence[int], variant: Variant, rng: Rng
) -> list[int] | None:
    """One attempt of an NSI heuristic: the colouring, or None when it got stuck.

    Raises :class:`InvalidArgument` on an unknown variant.

    >>> from sudograph.graph import Graph
    >>> nsi_attempt(Graph.from_edges(3, [(0, 1), (1, 2)]), 2, (0, 0, 0), "mrv", random.Random(0))
    [1, 2, 1]
    """
    if variant == "greedy":
        return _attempt_in_order(graph, k, precolouring, rng)
    if variant in VARIANTS:
        return _attempt_most_constrained(graph, k, precolouring, rng, variant)
    raise InvalidArgument(f"unknown greedy variant {variant!r} (known: {', '.join(VARIANTS)})")


def nsi_greedy(
    graph: Graph,
    k: int,
    precolouring: Sequence[int],
    variant: Variant = "greedy",
    itermax: int = 1000,
    rng: Rng | None = None,
    *,
    deadline: float | None = None,
) -> tuple[int, Coloring | None]:
    """Repeat an NSI heuristic: ``(attempts used, colouring)`` or ``(itermax, None)``.

    Runs *exactly* ``itermax`` attempts at most (the document's ``..._tri1`` / ``..._tri``
    loop ``range(1, itermax)`` and so runs one fewer; its French wrapper passes ``itermax``,
    and so makes the attempts its argument names: docs/fr/README.md). ``precolouring`` uses 0
    for a free vertex; ``rng`` defaults to a fresh ``random.Random()``. With ``deadline`` (a
    ``time.perf_counter()`` value) it also stops once past it, returning the attempts made
    and None.

    Raises :class:`InvalidArgument` on an unknown variant, ``itermax < 0`` or a precolouring
    of the wrong length.

    >>> from sudograph.graph import sudoku_graph
    >>> nsi_greedy(sudoku_graph(2), 4, (0,) * 16, "mrv-most", 50, random.Random(7))[1] is None
    False
    """
    if variant not in VARIANTS:
        raise InvalidArgument(f"unknown greedy variant {variant!r} (known: {', '.join(VARIANTS)})")
    if itermax < 0:
        raise InvalidArgument(f"itermax must be >= 0, got {itermax}")
    if len(precolouring) != graph.n:
        raise InvalidArgument(
            f"precolouring has {len(precolouring)} entries for {graph.n} vertices"
        )
    rng = rng if rng is not None else random.Random()
    for attempt in range(1, itermax + 1):
        coloring = nsi_attempt(graph, k, precolouring, variant, rng)
        if coloring is not None:
            return attempt, tuple(coloring)
        if deadline is not None and time.perf_counter() > deadline:
            return attempt, None
    return itermax, None


def fresh_seed() -> int:
    """A new random seed (from the OS, not the global generator) to report and replay: under
    2**53, so that a JSON reader that keeps numbers as doubles (JavaScript) reads it exactly.

    >>> 0 <= fresh_seed() < 2**53
    True
    """
    return secrets.randbits(53)


def run_variant(problem: Problem, options: SolveOptions, variant: Variant) -> Result:
    """Run one NSI heuristic as a method: ``solved`` or ``stopped`` (reason ``itermax``).

    ``options.seed`` seeds a ``random.Random``; with None a fresh seed is drawn and reported
    as ``result.seed``. ``options.timeout`` (seconds) is checked between attempts (reason
    ``timeout``). ``stats.attempts`` counts the attempts made; every solution is checked.

    >>> from sudograph.grid import Grid
    >>> r = run_variant(Grid.parse("1.3.....2.4.....").problem, SolveOptions(seed=3), "greedy")
    >>> r.status, r.method, r.stats.attempts > 0
    ('solved', 'greedy', True)
    """
    seed = options.seed if options.seed is not None else fresh_seed()
    rng = random.Random(seed)
    start = time.perf_counter()
    deadline = start + options.timeout if options.timeout is not None else None
    attempts, coloring = nsi_greedy(
        problem.graph,
        problem.k,
        problem.precolouring,
        variant,
        options.itermax,
        rng,
        deadline=deadline,
    )
    stats = Stats(attempts=attempts, seconds=time.perf_counter() - start)
    method = method_name(variant)
    if coloring is not None:
        if not is_solution(problem, coloring):  # pragma: no cover - a bug, not an input
            raise AssertionError(f"{method} returned a colouring that is not a solution")
        result = Result("solved", [coloring], stats, method)
    else:
        reason = "itermax" if attempts >= options.itermax else "timeout"
        result = Result("stopped", [], stats, method, reason=reason)
    # Reported so that a run with seed=None can be replayed (see the module's report).
    setattr(result, "seed", seed)  # noqa: B010
    return result


def method_name(variant: Variant) -> str:
    """``greedy`` for the plain heuristic, ``greedy-<variant>`` for the others."""
    return "greedy" if variant == "greedy" else f"greedy-{variant}"


def run(problem: Problem, options: SolveOptions) -> Result:
    """Runner of method ``greedy`` (``resolution_sudoku_coloration_glouton``)."""
    return run_variant(problem, options, "greedy")


def run_greedy(problem: Problem, options: SolveOptions) -> Result:
    """Runner of method ``greedy`` (same as :func:`run`)."""
    return run_variant(problem, options, "greedy")


def run_mrv(problem: Problem, options: SolveOptions) -> Result:
    """Runner of method ``greedy-mrv`` (``resolution_sudoku_coloration_glouton_tri1``)."""
    return run_variant(problem, options, "mrv")


def run_mrv_least(problem: Problem, options: SolveOptions) -> Result:
    """Runner of ``greedy-mrv-least``: ties by fewest uncoloured neighbours (doc's ``'plus'``)."""
    return run_variant(problem, options, "mrv-least")


def run_mrv_most(problem: Problem, options: SolveOptions) -> Result:
    """Runner of ``greedy-mrv-most``: ties by most uncoloured neighbours (doc's ``'moins'``)."""
    return run_variant(problem, options, "mrv-most")


def run_mrv_random(problem: Problem, options: SolveOptions) -> Result:
    """Runner of ``greedy-mrv-random``: ties at random (doc's ``'hasard'``)."""
    return run_variant(problem, options, "mrv-random")


RUNNERS: dict[str, Callable[[Problem, SolveOptions], Result]] = {
    "greedy": run_greedy,
    "greedy-mrv": run_mrv,
    "greedy-mrv-least": run_mrv_least,
    "greedy-mrv-most": run_mrv_most,
    "greedy-mrv-random": run_mrv_random,
}
"""Method name -> runner (``methods.py`` should name ``sudograph.search.greedy:<runner>``)."""


# -- greedy colouring of any graph -------------------------------------------------------------
@dataclass(frozen=True)
class GreedyColoring:
    """A greedy colouring: colours ``1..colors`` per vertex, the order used, wall seconds."""

    coloring: Coloring
    colors: int
    order: str
    seconds: float


def _smallest_free(used: set[int]) -> int:
    c = 1
    while c in used:
        c += 1
    return c


def _color_in_order(graph: Graph, order: Sequence[int]) -> list[int]:
    """Give each vertex, in ``order``, the smallest colour none of its coloured neighbours has."""
    nbrs = graph.neighbors
    colour = [0] * graph.n
    stamp = [-1] * (graph.n + 2)
    for v in order:
        for u in nbrs[v]:
            stamp[colour[u]] = v
        c = 1
        while stamp[c] == v:
            c += 1
        colour[v] = c
    return colour


def order_largest_first(graph: Graph) -> list[int]:
    """Welsh-Powell: degree descending, ties by index (a stable sort, as networkx's)."""
    nbrs = graph.neighbors
    return sorted(range(graph.n), key=lambda v: -len(nbrs[v]))


def order_smallest_last(graph: Graph) -> list[int]:
    """Matula-Beck: remove a vertex of minimum remaining degree (lowest index first), repeat;
    colour in the reverse order of removal. O(n + m) with degree buckets."""
    n = graph.n
    nbrs = graph.neighbors
    degree = [len(nb) for nb in nbrs]
    top = max(degree, default=0)
    buckets: list[set[int]] = [set() for _ in range(top + 1)]
    for v, d in enumerate(degree):
        buckets[d].add(v)
    removed = [False] * n
    order: list[int] = []
    low = 0
    for _ in range(n):
        while not buckets[low]:
            low += 1
        v = min(buckets[low])
        buckets[low].discard(v)
        removed[v] = True
        order.append(v)
        for u in nbrs[v]:
            if not removed[u]:
                d = degree[u]
                buckets[d].discard(u)
                degree[u] = d - 1
                buckets[d - 1].add(u)
        low = max(low - 1, 0)
    order.reverse()
    return order


def _color_dsatur(graph: Graph) -> list[int]:
    """Brélaz's DSATUR with a lazy max-heap of (saturation, degree, -index).

    Starts at the first vertex of maximum degree, then always takes the uncoloured vertex of
    maximum saturation, then maximum degree, then lowest index: the ties of networkx's
    ``greedy_color(G, "DSATUR")`` on a graph whose nodes were added in index order.
    """
    n = graph.n
    nbrs = graph.neighbors
    degree = [len(nb) for nb in nbrs]
    colour = [0] * n
    seen: list[set[int]] = [set() for _ in range(n)]
    heap = [(0, -degree[v], v) for v in range(n)]
    heapq.heapify(heap)
    while heap:
        neg_sat, _, v = heapq.heappop(heap)
        if colour[v] or -neg_sat != len(seen[v]):
            continue  # stale entry
        c = _smallest_free(seen[v])
        colour[v] = c
        for u in nbrs[v]:
            if not colour[u]:
                s = seen[u]
                if c not in s:
                    s.add(c)
                    heapq.heappush(heap, (-len(s), -degree[u], u))
    return colour


def check_seed(seed: object) -> None:
    """Raise :class:`InvalidArgument` unless ``seed`` is a whole number or None: any other
    value would seed ``random.Random`` by its hash (a string) or be ignored, silently.

    >>> check_seed(3), check_seed(None)
    (None, None)
    >>> check_seed("x")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: seed must be a whole number (or None), got 'x'
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidArgument(f"seed must be a whole number (or None), got {seed!r}")


def greedy_color(graph: Graph, order: str = "dsatur", *, seed: int | None = None) -> GreedyColoring:
    """Colour ``graph`` greedily in ``order``, smallest free colour first, no backtracking.

    ``order`` is one of :data:`ORDERS`; ``seed`` seeds ``random-sequential`` (whose order is
    ``random.Random(seed).shuffle(list(range(n)))``, networkx's for the same integer seed;
    None draws a fresh one). ``largest-first`` and ``dsatur`` break ties as networkx does, so
    their colour counts equal ``networkx.greedy_color``'s ``largest_first`` / ``DSATUR``;
    ``smallest-last`` breaks ties by lowest index (networkx's by set order: counts may differ).

    Raises :class:`InvalidArgument` on a ``graph`` that is not a :class:`Graph` (a grid's or
    a problem's is its ``.graph``), an unknown order, a seed that is not a whole number (numpy
    integers are) and a seed given to an order that draws no random numbers (every order but
    ``random-sequential``: it would be ignored).

    >>> from sudograph.graph import sudoku_graph
    >>> g = greedy_color(sudoku_graph(2), "sequential")
    >>> g.coloring[:4], g.colors
    ((1, 2, 3, 4), 4)
    >>> greedy_color(None)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: greedy_color takes a Graph, got NoneType
    >>> greedy_color(sudoku_graph(2), "dsatur", seed=1)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: seed: order 'dsatur' draws no random numbers; only \
order 'random-sequential' takes a seed
    """
    require_graph(graph, "greedy_color")
    seed = as_seed(seed)
    if order not in ORDERS:
        raise InvalidArgument(f"unknown greedy order {order!r} (known: {', '.join(ORDERS)})")
    if seed is not None and order != "random-sequential":
        raise InvalidArgument(
            f"seed: order {order!r} draws no random numbers; only order 'random-sequential' "
            "takes a seed"
        )
    start = time.perf_counter()
    if order == "dsatur":
        colour = _color_dsatur(graph)
    else:
        if order == "sequential":
            sequence: Sequence[int] = range(graph.n)
        elif order == "largest-first":
            sequence = order_largest_first(graph)
        elif order == "smallest-last":
            sequence = order_smallest_last(graph)
        else:  # random-sequential
            shuffled = list(range(graph.n))
            random.Random(seed if seed is not None else fresh_seed()).shuffle(shuffled)
            sequence = shuffled
        colour = _color_in_order(graph, sequence)
    seconds = time.perf_counter() - start
    return GreedyColoring(tuple(colour), max(colour, default=0), order, seconds)
