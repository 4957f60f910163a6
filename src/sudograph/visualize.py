"""Watch the search: one self-contained HTML page of a traced solve, grid and graph side by side.

Glossary: ``v`` vertex (a cell of a grid), ``c`` colour (a digit, 1..k, 0 = none), a *step* is
one trace event (:mod:`sudograph.search.trace`); step ``i`` is the state after the first ``i``
events (step 0: the clues only).

:func:`visualize` solves ``x`` with one or two traceable methods (the presets of the reference
search: ``naive``, ``mrv``, ``forward``, ``propagate``, ``dsatur``), records their events and
writes them as compact JSON into one HTML file with its CSS and JavaScript inline: no network,
no server, no CDN. The page draws the grid (Sudoku only) and the graph (cells = vertices), and
replays the events with step / back / play / pause / speed / next backtrack / end, live counters
(nodes, backtracks, deductions, depth), the candidates of the current vertex and, with two
methods, both runs in lockstep. Layouts are computed once here: a grid's cells on a circle box
by box (region by region for a jigsaw), the Petersen graph as pentagon and star, any other
graph by a seeded force layout. Variant grids show their regions, extra houses and cages.

:func:`state_at` is the page's replay written again in Python (the same rules, line for line),
so that tests compare what the browser shows at step ``i`` with the Python trace.

>>> from sudograph.grid import Grid
>>> page = visualize(Grid.parse("...3.2.1...4.1.2"), ["naive"])
>>> data = read_page_data(page)
>>> data["runs"][0]["stats"]["nodes"], len(data["runs"][0]["events"]) // 4 > 0
(10, True)
>>> "<script src" in page or "<link" in page
False
"""

from __future__ import annotations

import html
import json
import math
import random
import re
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import InvalidArgument, write_text
from .graph import MAX_SIDE, Graph, sudoku_graph, whole_number
from .grid import Grid, default_alphabet
from .methods import METHODS, SEARCH_RUNNER
from .problem import Problem, Result, SolveOptions, as_seed
from .search.trace import KINDS, Recorder, TraceEvent

TRACEABLE: tuple[str, ...] = tuple(n for n, m in METHODS.items() if m.runner == SEARCH_RUNNER)
"""The methods whose search emits trace events (the presets of the reference search)."""

MAX_METHODS = 2
"""Methods compared on one page (side by side, in lockstep)."""

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Watch the search",
        "heading": "Watch the search: {name} — {methods}",
        "sudoku_name": "sudoku {side}x{side} ({rows}x{cols} boxes)",
        "graph_name": "graph",
        "petersen_name": "Petersen graph",
        "cell_name": "r{row}c{col}",
        "nodes": "nodes",
        "backtracks": "backtracks",
        "deductions": "deductions",
        "depth": "depth",
        "max_depth": "max depth",
        "step": "step",
        "start": "start",
        "back": "back",
        "forward": "step",
        "play": "play",
        "pause": "pause",
        "speed": "speed (steps/s)",
        "next_backtrack": "next backtrack",
        "end": "end",
        "seek": "go to step",
        "candidates": "candidates",
        "vertex": "vertex",
        "cell": "cell",
        "colour": "colour",
        "grid": "grid",
        "graph": "graph",
        "final": "final",
        "status": "status",
        "solved": "solved",
        "unsatisfiable": "no solution",
        "stopped": "stopped",
        "node_limit": "node limit",
        "time_limit": "time limit",
        "interrupted": "interrupted",
        "select": "choose",
        "try": "try",
        "rejected": "rejected: a neighbour has it",
        "rejected_cage": "rejected: its cage could not make its sum",
        "assign": "assign",
        "deduce": "deduce",
        "undo": "backtrack: undo",
        "retract": "take back the deduction",
        "fail": "dead end",
        "fail_empty": "dead end: no colour left for {where}",
        "fail_cause": "dead end: {cause}",
        "cause_house": "a colour has no place left in a house",
        "cause_cage": "a cage can no longer make its sum",
        "cause_or": ", or ",
        "k_proven": "k = {k}: the chromatic number of the graph (proven)",
        "k_empty": "k = {k}: the graph has no vertices, its chromatic number is 0 (proven)",
        "k_bound": "k = {k}: the fewest colours found in {seconds} s, not proven to be the "
        "chromatic number (it lies between {lower} and {k})",
        "solution": "solution found",
        "initial": "the clues, before the search",
        "capped": "Trace capped: the first {shown} of {total} events are shown. "
        "The counters are exact up to there; the final figures of the whole search are "
        "under each run.",
        "keys": "keys (whatever has the focus): → step, ← back, space play/pause, "
        "n next backtrack; the slider goes to any step (Home, End, Page Up, Page Down)",
        "compare": "compare",
        "colon": ": ",
        "semicolon": "; ",
        "thousands": ",",
    },
    "fr": {
        "title": "Regarder la recherche",
        "heading": "Regarder la recherche : {name} — {methods}",
        "sudoku_name": "sudoku {side}x{side} (blocs {rows}x{cols})",
        "graph_name": "graphe",
        "petersen_name": "graphe de Petersen",
        "cell_name": "L{row}C{col}",
        "nodes": "nœuds",
        "backtracks": "retours arrière",
        "deductions": "déductions",
        "depth": "profondeur",
        "max_depth": "profondeur max",
        "step": "pas",
        "start": "début",
        "back": "reculer",
        "forward": "avancer",
        "play": "lecture",
        "pause": "pause",
        "speed": "vitesse (pas/s)",
        "next_backtrack": "retour arrière suivant",
        "end": "fin",
        "seek": "aller au pas",
        "candidates": "candidats",
        "vertex": "sommet",
        "cell": "case",
        "colour": "couleur",
        "grid": "grille",
        "graph": "graphe",
        "final": "bilan",
        "status": "état",
        "solved": "résolu",
        "unsatisfiable": "pas de solution",
        "stopped": "arrêté",
        "node_limit": "limite de nœuds",
        "time_limit": "limite de temps",
        "interrupted": "interrompu",
        "select": "choisir",
        "try": "essayer",
        "rejected": "refusé : un voisin l'a déjà",
        "rejected_cage": "refusé : sa cage ne pourrait plus faire sa somme",
        "assign": "affecter",
        "deduce": "déduire",
        "undo": "retour arrière : annuler",
        "retract": "annuler la déduction",
        "fail": "impasse",
        "fail_empty": "impasse : plus aucune couleur possible pour {where}",
        "fail_cause": "impasse : {cause}",
        "cause_house": "une couleur n'a plus de place dans un groupe",
        "cause_cage": "une cage ne peut plus faire sa somme",
        "cause_or": ", ou ",
        "k_proven": "k = {k} : le nombre chromatique du graphe (prouvé)",
        "k_empty": "k = {k} : le graphe n'a aucun sommet, son nombre chromatique est 0 (prouvé)",
        "k_bound": "k = {k} : le moins de couleurs trouvé en {seconds} s, sans preuve que ce "
        "soit le nombre chromatique (il est entre {lower} et {k})",
        "solution": "solution trouvée",
        "initial": "les indices, avant la recherche",
        "capped": "Trace tronquée : seuls les {shown} premiers évènements sur {total} sont "
        "montrés. Les compteurs sont exacts jusque-là ; le bilan de toute la recherche est "
        "sous chaque méthode.",
        "keys": "touches (quel que soit l'élément actif) : → avancer, ← reculer, "
        "espace lecture/pause, n retour arrière suivant ; le curseur va à n'importe quel pas "
        "(Origine, Fin, Page préc., Page suiv.)",
        "compare": "comparaison",
        "colon": " : ",
        "semicolon": " ; ",
        "thousands": "\u202f",
    },
}
"""The words of the page, per language (``--lang``)."""

CAUSE_KEYS = ("cause_house", "cause_cage", "cause_or")
"""Labels the page does not carry: :func:`dead_end_cause` makes its one sentence of them (a
graph without houses never reads the word)."""

CHROMATIC_TIMEOUT = 10.0
"""Seconds of :func:`chromatic_number`'s portfolio when a graph comes without ``k``."""

DESCRIPTIONS_FR: dict[str, str] = {
    "naive": "retour arrière dans l'ordre des sommets ; une couleur n'est essayée que si "
    "aucun voisin coloré ne l'a",
    "mrv": "retour arrière sur le sommet qui a le moins de couleurs possibles (MRV)",
    "forward": "MRV avec vérification en avant : une couleur posée quitte les domaines des voisins",
    "propagate": "MRV avec singletons nus et cachés jusqu'au point fixe après chaque affectation",
    "dsatur": "ordre DSATUR (MRV, égalités départagées par le degré en voisins non colorés) "
    "avec vérification en avant",
}
"""The traceable methods in French (in English the page shows ``METHODS[m].description``)."""


# -- the trace -------------------------------------------------------------------------------
@dataclass(frozen=True)
class RunTrace:
    """One traced solve: the ``method``, the first ``events`` (at most ``max_steps``), how many
    events the whole search emitted, and its :class:`Result` (exact stats even when capped);
    the ``problem`` it solved and the ``grid`` it came from, if any (its alphabet)."""

    method: str
    events: tuple[TraceEvent, ...]
    total_events: int
    result: Result
    problem: Problem | None = None
    grid: Grid | None = None

    @property
    def capped(self) -> bool:
        """True when events were left out."""
        return self.total_events > len(self.events)

    def page(self, *, lang: str = "en", seed: int = 0) -> Page:
        """This trace as the page of :func:`visualize` (no second search), drawn as
        :func:`visualize` draws the same input: a grid (the :class:`Grid` traced, or the one
        :func:`grid_of` reads back from a problem) with its cells, regions, cages and symbols.

        >>> from sudograph.graph import petersen_graph
        >>> t = trace_run(Problem(petersen_graph(), 3), "dsatur")
        >>> read_page_data(t.page())["runs"][0]["stats"]["nodes"] == t.result.stats.nodes
        True
        >>> t = trace_run(Grid.parse("αβ....γ.........", alphabet="αβγδ"), "naive")
        >>> data = read_page_data(t.page())
        >>> data["side"], "".join(data["alphabet"])
        (4, 'αβγδ')
        """
        if self.problem is None:
            raise InvalidArgument("this trace does not keep its problem: use trace_run")
        _check_page_options(lang, seed)
        return _page(self.problem, self.grid, [_trace_data(self, lang)], lang, seed, None)

    def _repr_html_(self) -> str:
        """In a notebook, a traced run shows its page inline."""
        return self.page()._repr_html_()


def trace_run(
    problem: Problem | Grid | tuple[Graph, int],
    method: str,
    *,
    max_steps: int = 20_000,
    max_nodes: int | None = 200_000,
    timeout: float | None = 30.0,
) -> RunTrace:
    """Solve ``problem`` (a :class:`Problem`, ``(graph, k)`` or a :class:`Grid`: its page then
    keeps the grid's symbols) with ``method`` on the Python engine, keeping its first ``max_steps``
    events (the search itself runs on, up to ``max_nodes`` / ``timeout``).

    Raises :class:`InvalidArgument` for a method that cannot be traced, and for a
    ``max_steps`` that is no whole number >= 1.

    >>> from sudograph.graph import petersen_graph
    >>> t = trace_run(Problem(petersen_graph(), 3), "naive", max_steps=5)
    >>> len(t.events), t.capped, t.result.status
    (5, True, 'solved')
    """
    from .solve import solve, to_problem

    check_traceable(method)
    max_steps = _check_bounds(max_steps, max_nodes, timeout)
    solved, grid = to_problem(problem)
    rec = Recorder(cap=max_steps)
    result = solve(solved, method, trace=rec, max_nodes=max_nodes, timeout=timeout)
    total = len(rec.events) + rec.dropped
    return RunTrace(method, tuple(rec.events), total, result, solved, grid)


def _check_bounds(max_steps: object, max_nodes: object, timeout: object) -> int:
    """``max_steps`` as an int, after refusing a ``max_steps`` that is no whole number >= 1
    and a ``max_nodes`` or ``timeout`` that :class:`SolveOptions` would refuse: before any
    search or colour count.

    >>> _check_bounds(5, None, "1")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: timeout must be a number of seconds, got '1'
    """
    steps = whole_number("max_steps", max_steps)
    if steps < 1:
        raise InvalidArgument(f"max_steps must be >= 1, got {steps}")
    SolveOptions(max_nodes=max_nodes, timeout=timeout)  # type: ignore[arg-type]
    return steps


def _check_page_options(lang: str, seed: int) -> None:
    """Refuse an unknown ``lang`` and a ``seed`` that is not a whole number >= 0, whatever
    the layout (a grid's draws no random number), before any search."""
    if lang not in LABELS:
        raise InvalidArgument(f"unknown language {lang!r} (known: {', '.join(LABELS)})")
    if as_seed(seed) is None:
        raise InvalidArgument("seed must be a whole number >= 0, got None")


def check_traceable(method: str, also: Sequence[str] = ()) -> None:
    """Raise :class:`InvalidArgument` unless ``method`` is known and emits trace events; the
    message names the traceable methods after ``also`` (the command line's ``auto``).

    >>> check_traceable("fast")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: method 'fast' cannot be traced (traceable: naive, ...)
    >>> check_traceable("Auto", also=["auto"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: unknown method 'Auto' (traceable: auto, naive, ...)
    """
    usable = ", ".join([*also, *TRACEABLE])
    if not isinstance(method, str) or method not in METHODS:  # (said every method's name)
        raise InvalidArgument(f"unknown method {method!r} (traceable: {usable})")
    if method not in TRACEABLE:
        raise InvalidArgument(f"method {method!r} cannot be traced (traceable: {usable})")


@dataclass(frozen=True)
class StepState:
    """What the page shows at one step: the counters, the current vertex (-1 before any), the
    colouring, the candidates of the current vertex (colours no coloured neighbour has) and,
    after a dead end that names no vertex, the ``stuck`` ones (:func:`stuck_vertices`)."""

    nodes: int
    backtracks: int
    deductions: int
    depth: int
    vertex: int
    coloring: tuple[int, ...]
    candidates: tuple[int, ...]
    stuck: tuple[int, ...] = ()


def state_at(events: Sequence[TraceEvent], problem: Problem, step: int) -> StepState:
    """The state after the first ``step`` events, by the page's rules: ``assign`` counts a
    node and a level of depth, ``undo`` a backtrack and a level less, ``deduce`` a deduction;
    the current vertex is the one of the last event that names one.

    >>> from sudograph.graph import petersen_graph
    >>> t = trace_run(Problem(petersen_graph(), 3), "naive")
    >>> s = state_at(t.events, Problem(petersen_graph(), 3), len(t.events))
    >>> (s.nodes, s.backtracks) == (t.result.stats.nodes, t.result.stats.backtracks)
    True
    """
    if not 0 <= step <= len(events):
        raise InvalidArgument(f"step {step} is outside 0..{len(events)}")
    col = list(problem.precolouring)
    nodes = backtracks = deductions = depth = 0
    vertex = -1
    for e in events[:step]:
        if e.vertex >= 0:
            vertex = e.vertex
        if e.kind == "assign":
            nodes += 1
            depth += 1
            col[e.vertex] = e.colour
        elif e.kind == "deduce":
            deductions += 1
            col[e.vertex] = e.colour
        elif e.kind == "undo":
            backtracks += 1
            depth -= 1
            col[e.vertex] = 0
        elif e.kind == "retract":
            col[e.vertex] = 0
    cands: tuple[int, ...] = ()
    if vertex >= 0:
        used = {col[u] for u in problem.graph.neighbors[vertex]}
        cands = tuple(c for c in range(1, problem.k + 1) if c not in used)
    stuck: tuple[int, ...] = ()
    if step and events[step - 1].kind == "fail" and events[step - 1].vertex < 0:
        stuck = stuck_vertices(problem, col)
    return StepState(nodes, backtracks, deductions, depth, vertex, tuple(col), cands, stuck)


def stuck_vertices(problem: Problem, coloring: Sequence[int]) -> tuple[int, ...]:
    """The uncoloured vertices whose coloured neighbours hold all ``k`` colours: what the page
    names at a dead end whose vertex the search does not say (a ``fail`` with vertex -1, after
    an assignment and its deductions, or before any choice). Forward checking stops at such a
    vertex, a neighbour of the last one coloured; the singles of ``propagate`` at one, or at a
    house where a colour lost every place (then none may be stuck: :func:`dead_end_cause`).

    >>> from sudograph.graph import petersen_graph
    >>> stuck_vertices(Problem(petersen_graph(), 2), [1, 2, 0, 0, 0, 0, 0, 0, 0, 0])
    ()
    >>> stuck_vertices(Problem(Graph.from_edges(3, [(0, 1), (1, 2), (0, 2)]), 2), [1, 2, 0])
    (2,)
    """
    k = problem.k
    return tuple(
        v
        for v, nbrs in enumerate(problem.graph.neighbors)
        if not coloring[v] and len({coloring[u] for u in nbrs} - {0}) >= k
    )


def dead_end_cause(problem: Problem, lang: str = "en") -> str:
    """The words of a dead end that names no vertex when no vertex is stuck either
    (:func:`stuck_vertices`): a colour with no place left in a house (the singles of
    ``propagate``, on a graph with houses of ``k`` vertices), a killer cage that can no longer
    make its sum; the bare "dead end" on a graph with neither (the page then never says
    "house").

    >>> from sudograph.graph import petersen_graph
    >>> dead_end_cause(Problem(petersen_graph(), 2)), dead_end_cause(Problem(sudoku_graph(2), 4))
    ('dead end', 'dead end: a colour has no place left in a house')
    >>> dead_end_cause(Problem(sudoku_graph(2), 4), "fr")
    "impasse : une couleur n'a plus de place dans un groupe"
    """
    labels = LABELS[lang]
    causes = []
    if any(len(house) == problem.k for house in problem.graph.houses):
        causes.append(labels["cause_house"])
    if problem.cages:
        causes.append(labels["cause_cage"])
    if not causes:
        return labels["fail"]
    return labels["fail_cause"].format(cause=labels["cause_or"].join(causes))


# -- layouts ---------------------------------------------------------------------------------
def sudoku_shape(graph: Graph) -> tuple[int, int] | None:
    """The box shape ``(rows, cols)`` when ``graph`` is a plain Sudoku graph, else None.

    >>> from sudograph.graph import petersen_graph
    >>> sudoku_shape(sudoku_graph(2, 3)), sudoku_shape(petersen_graph())
    ((2, 3), None)
    """
    side = math.isqrt(graph.n)
    if side < 1 or side * side != graph.n or not graph.houses:
        return None
    for r in range(1, side + 1):
        if side % r == 0 and graph == sudoku_graph(r, side // r):
            return (r, side // r)
    return None


def box_circle_layout(box: tuple[int, int]) -> list[tuple[float, float]]:
    """A Sudoku graph's vertices on one circle, box after box (:func:`region_circle_layout`
    of the boxes).

    >>> pos = box_circle_layout((2, 2))
    >>> len(pos), all(0 <= x <= 1 and 0 <= y <= 1 for x, y in pos)
    (16, True)
    """
    return region_circle_layout(box_regions(box))


def box_regions(box: tuple[int, int]) -> list[int]:
    """The box of each cell of an N×N grid (N = rows × cols), boxes numbered row-major.

    >>> box_regions((1, 2))
    [0, 0, 1, 1]
    """
    r, c = box
    n = r * c
    return [(v // n // r) * (n // c) + (v % n) // c for v in range(n * n)]


def region_circle_layout(regions: Sequence[int]) -> list[tuple[float, float]]:
    """Cells on one circle, clockwise from the top, region after region (cells of a region
    in index order, an empty slot after each region), in the unit square.

    >>> [tuple(round(c, 2) for c in p) for p in region_circle_layout([0, 1, 0])]
    [(0.5, 0.05), (0.24, 0.86), (0.93, 0.36)]
    """
    order = sorted(range(len(regions)), key=lambda v: (regions[v], v))
    slots = len(regions) + len(set(regions))
    pos = [(0.0, 0.0)] * len(regions)
    slot = 0
    for i, v in enumerate(order):
        if i and regions[v] != regions[order[i - 1]]:
            slot += 1  # the gap between two regions
        a = math.pi / 2 - 2 * math.pi * slot / slots
        pos[v] = (0.5 + 0.45 * math.cos(a), 0.5 - 0.45 * math.sin(a))
        slot += 1
    return pos


FORCE_WORK = 100_000
"""The force layout's budget, in vertex-iterations: 80 iterations up to 1,250 vertices, fewer
above (at least 10), so that it takes a few seconds at most (:func:`force_iterations`)."""

FORCE_MAX = 10_000
"""The most vertices the force layout places; a larger graph is put on a lattice
(:func:`lattice_layout`)."""


def force_iterations(n: int) -> int:
    """The iterations of :func:`force_layout` on ``n`` vertices: 80, or as many as
    :data:`FORCE_WORK` allows, but at least 10.

    >>> force_iterations(500), force_iterations(2000), force_iterations(FORCE_MAX)
    (80, 50, 10)
    """
    return max(10, min(80, FORCE_WORK // max(n, 1)))


def force_layout(
    graph: Graph, *, seed: int = 0, iterations: int | None = None
) -> list[tuple[float, float]]:
    """Fruchterman–Reingold positions in the unit square, in pure Python and seeded (the same
    graph and seed give the same picture); ``iterations`` defaults to
    :func:`force_iterations`'s.

    As in the paper's grid variant, vertices repel only within twice the ideal edge length
    ``sqrt(1/n)`` (found through a grid of cells of that size), so that an iteration compares
    each vertex with the few dozen in its 3x3 cells, not with all ``n``; edges attract; a pull
    to the centre, weaker as the ideal length shrinks, keeps isolated vertices in sight
    without crowding the others (a crowd would put more vertices in each cell); the step
    shrinks linearly to 0. An iteration costs some 30 µs a vertex in CPython (2,000 vertices:
    50 iterations, 2 to 3 s; 10,000: 10 iterations, about 3 s).

    >>> g = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    >>> force_layout(g) == force_layout(g), len(force_layout(g))
    (True, 4)
    """
    n = graph.n
    rng = random.Random(as_seed(seed))  # a negative seed refused (random takes its abs)
    if n <= 1:
        return [(0.5, 0.5)] * n
    if iterations is None:
        iterations = force_iterations(n)
    xs = [rng.random() for _ in range(n)]
    ys = [rng.random() for _ in range(n)]
    edges = list(graph.edges())
    ideal = math.sqrt(1.0 / n)
    ideal2 = ideal * ideal
    reach = 2 * ideal
    reach2 = reach * reach
    start_heat = 0.1
    gravity = min(0.5, 10 * ideal)  # 0.5 up to 400 vertices, then as the ideal length
    for it in range(iterations):
        heat = start_heat * (1 - it / iterations)
        dx = [0.0] * n
        dy = [0.0] * n
        cells: dict[tuple[int, int], list[int]] = {}
        for i in range(n):
            cells.setdefault((int(xs[i] // reach), int(ys[i] // reach)), []).append(i)
        for (cx, cy), members in cells.items():
            near = [
                j
                for ox in (-1, 0, 1)
                for oy in (-1, 0, 1)
                for j in cells.get((cx + ox, cy + oy), ())
            ]
            for i in members:
                xi, yi = xs[i], ys[i]
                fx = fy = 0.0
                for j in near:
                    if j == i:
                        continue
                    ddx, ddy = xi - xs[j], yi - ys[j]
                    d2 = ddx * ddx + ddy * ddy
                    if d2 >= reach2:
                        continue
                    if d2 < 1e-12:  # the same point: push apart in a seeded direction
                        ddx, ddy, d2 = (1e-6, 0.0, 1e-12) if i < j else (-1e-6, 0.0, 1e-12)
                    f = ideal2 / d2  # k²/d along the unit vector
                    fx += ddx * f
                    fy += ddy * f
                dx[i] += fx
                dy[i] += fy
        for u, v in edges:
            ddx, ddy = xs[u] - xs[v], ys[u] - ys[v]
            f = math.sqrt(ddx * ddx + ddy * ddy) / ideal  # d²/k along the unit vector
            dx[u] -= ddx * f
            dy[u] -= ddy * f
            dx[v] += ddx * f
            dy[v] += ddy * f
        for i in range(n):
            gx, gy = dx[i] - gravity * (xs[i] - 0.5), dy[i] - gravity * (ys[i] - 0.5)
            d = math.hypot(gx, gy)
            if d > 0:
                step = min(d, heat) / d
                xs[i] += gx * step
                ys[i] += gy * step
    return _fit(list(zip(xs, ys, strict=True)))


def lattice_layout(graph: Graph) -> list[tuple[float, float]]:
    """The vertices on a square lattice in breadth-first order (component after component,
    each from its smallest vertex), row after row, every other row right to left so that
    consecutive vertices are neighbouring points: time ``n + m``, for graphs above
    :data:`FORCE_MAX` vertices.

    >>> pos = lattice_layout(Graph.from_edges(4, [(0, 3), (3, 1)]))
    >>> [(round(x, 2), round(y, 2)) for x, y in pos]  # 0 and 3 side by side, then 1 under 3
    [(0.05, 0.05), (0.95, 0.95), (0.05, 0.95), (0.95, 0.05)]
    """
    n = graph.n
    seen = [False] * n
    order: list[int] = []
    for start in range(n):
        if seen[start]:
            continue
        seen[start] = True
        queue = deque([start])
        while queue:
            v = queue.popleft()
            order.append(v)
            for u in graph.neighbors[v]:
                if not seen[u]:
                    seen[u] = True
                    queue.append(u)
    side = max(1, math.isqrt(n - 1) + 1) if n else 1
    pos = [(0.0, 0.0)] * n
    for i, v in enumerate(order):
        row, col = divmod(i, side)
        pos[v] = (float(side - 1 - col if row % 2 else col), float(row))
    return _fit(pos) if n else []


def _fit(pos: Sequence[tuple[float, float]], margin: float = 0.05) -> list[tuple[float, float]]:
    """Scale positions into ``[margin, 1 - margin]`` keeping the aspect ratio."""
    x0, x1 = min(p[0] for p in pos), max(p[0] for p in pos)
    y0, y1 = min(p[1] for p in pos), max(p[1] for p in pos)
    span = max(x1 - x0, y1 - y0) or 1.0
    scale = (1 - 2 * margin) / span
    ox = margin + ((1 - 2 * margin) - (x1 - x0) * scale) / 2
    oy = margin + ((1 - 2 * margin) - (y1 - y0) * scale) / 2
    return [(ox + (x - x0) * scale, oy + (y - y0) * scale) for x, y in pos]


def spacing(pos: Sequence[tuple[float, float]]) -> float:
    """The median distance from a vertex to its nearest one (the page sizes the vertices by
    it); estimated as ``0.5 / sqrt(n)`` above 800 vertices.

    >>> spacing([(0.0, 0.0), (0.0, 0.1), (0.5, 0.5)])
    0.1
    """
    n = len(pos)
    if n < 2:
        return 0.5
    if n > 800:
        return 0.5 / math.sqrt(n)
    nearest = sorted(
        min(math.dist(p, q) for j, q in enumerate(pos) if j != i) for i, p in enumerate(pos)
    )
    return nearest[n // 2]


def layout_for(graph: Graph, *, seed: int = 0) -> list[tuple[float, float]]:
    """The graph view's positions: Sudoku on a circle box by box, Petersen as pentagon and
    star, any other graph by :func:`force_layout` (:func:`lattice_layout` above
    :data:`FORCE_MAX` vertices). ``seed``: the force layout's, checked whatever the layout
    (:class:`InvalidArgument` for a negative one)."""
    as_seed(seed)
    shape = sudoku_shape(graph)
    if shape is not None:
        return box_circle_layout(shape)
    if graph.name == "petersen" and graph.n == 10:
        from .render import graph_layout

        return graph_layout(graph)
    if graph.n > FORCE_MAX:
        return lattice_layout(graph)
    return force_layout(graph, seed=seed)


# -- the page --------------------------------------------------------------------------------
class Page(str):
    """The HTML of a page (a ``str``); in a notebook it displays itself inline in an iframe
    (``srcdoc``, so that its scripts run). A page :func:`visualize` made also keeps what it
    embeds of each run (``runs``: ``method``, ``status``, ``reason``, ``stats``...) and the
    colours ``k``, so that a caller need not read them back from the HTML.

    >>> Page("<p>x</p>")._repr_html_()[:40]
    '<iframe srcdoc="&lt;p&gt;x&lt;/p&gt;" st'
    """

    runs: list[dict[str, Any]]
    k: int

    def _repr_html_(self) -> str:
        return (
            f'<iframe srcdoc="{html.escape(str(self), quote=True)}" '
            'style="width:100%;height:820px;border:0" sandbox="allow-scripts"></iframe>'
        )


@dataclass(frozen=True)
class ColourCount:
    """The ``k`` chosen for a graph given without one (:func:`choose_k`): the fewest colours
    :func:`~sudograph.search.chromatic.chromatic_number` found within ``seconds``, whether that
    is ``proven`` to be the chromatic number, and the ``lower`` bound it proved. A graph
    without vertices has chromatic number 0, proven (``lower`` 0), and gets ``k = 1``: a
    search takes one colour at least."""

    k: int
    proven: bool
    lower: int
    seconds: float = CHROMATIC_TIMEOUT

    def describe(self) -> str:
        """One line that says which k, and whether it is the chromatic number.

        >>> ColourCount(3, True, 3).describe()
        'k = 3, the chromatic number of the graph (proven)'
        >>> ColourCount(17, False, 13).describe().split(": ")[1]
        'an upper bound, not proven to be the chromatic number (it lies between 13 and 17)'
        >>> ColourCount(1, True, 0).describe()
        'k = 1: the graph has no vertices, its chromatic number is 0 (proven)'
        """
        if self.proven and self.lower < self.k:  # no vertices: 0 colours, and k = 1
            return LABELS["en"]["k_empty"].format(k=self.k)  # (the page's line)
        if self.proven:
            return f"k = {self.k}, the chromatic number of the graph (proven)"
        return (
            f"k = {self.k}, the fewest colours found in {self.seconds:g} s: an upper bound, not "
            f"proven to be the chromatic number (it lies between {self.lower} and {self.k})"
        )


def choose_k(graph: Graph, timeout: float | None = None) -> ColourCount:
    """The colours of a graph given without ``k``: its chromatic number, or the fewest
    :func:`~sudograph.search.chromatic.chromatic_number`'s portfolio finds within ``timeout``
    seconds (default :data:`CHROMATIC_TIMEOUT`; at least 1 colour). It may be above the 64
    colours a search takes (see :func:`check_colour_count`). Ctrl-C during the portfolio is
    :class:`KeyboardInterrupt`.

    >>> from sudograph.graph import petersen_graph
    >>> choose_k(petersen_graph())
    ColourCount(k=3, proven=True, lower=3, seconds=10.0)
    """
    from .search.chromatic import chromatic_number

    if timeout is None:
        timeout = CHROMATIC_TIMEOUT
    found = chromatic_number(graph, timeout=timeout)
    if found.interrupted:
        raise KeyboardInterrupt
    k = max(1, found.chromatic_number)
    return ColourCount(k, found.proven, found.lower_bound, timeout)


def check_colour_count(count: ColourCount, how: str = "give k") -> None:
    """Raise :class:`InvalidArgument` when ``count.k`` is above :data:`MAX_SIDE`, the most
    colours a traced search takes; ``how`` says how to give a k (``give -k K`` on the command
    line).

    >>> check_colour_count(ColourCount(64, True, 64))
    >>> check_colour_count(ColourCount(70, True, 70))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: the graph needs 70 colours (its chromatic number), ...
    """
    if count.k <= MAX_SIDE:
        return
    if count.proven:
        need = f"the graph needs {count.k} colours (its chromatic number)"
    else:
        need = (
            f"the fewest colours found in {count.seconds:g} s is {count.k} (the chromatic "
            f"number lies between {count.lower} and {count.k}, not proven)"
        )
    goal = (
        "watch a search run out of colours"
        if count.lower > MAX_SIDE
        else "search for a colouring with that many"
    )
    raise InvalidArgument(
        f"{need}, more than the {MAX_SIDE} a traced search takes; {how} (at most {MAX_SIDE}) to "
        f"{goal}"
    )


def _problem_of(x: Any, k: int | ColourCount | None) -> tuple[Problem, Grid | None]:
    """The problem behind ``x`` and its grid if any; a bare Graph gets ``k`` colours (a
    :class:`ColourCount`'s, at most 64; :func:`visualize` asks :func:`choose_k` for one)."""
    if isinstance(x, Graph):
        if k is None:
            raise InvalidArgument("a graph needs k (choose_k(graph) finds one)")
        if isinstance(k, ColourCount):
            check_colour_count(k)
            k = k.k
        return Problem(x, k), None
    if k is not None:
        raise InvalidArgument("k applies to a graph only (a puzzle or problem has its own)")
    from .solve import to_problem

    return to_problem(x)


def _run_data(
    problem: Problem,
    method: str,
    lang: str,
    max_steps: int,
    max_nodes: int | None,
    timeout: float | None,
) -> dict[str, Any]:
    """One method's part of the page: its flattened events, final stats and solution.

    Events are flattened, four integers each: kind (its index in ``kinds``), vertex, colour,
    ok (1 or 0; only a ``try`` can have 0).
    """
    t = trace_run(problem, method, max_steps=max_steps, max_nodes=max_nodes, timeout=timeout)
    return _trace_data(t, lang)


def _trace_data(t: RunTrace, lang: str) -> dict[str, Any]:
    """The part of the page of one traced run (see :func:`_run_data`)."""
    method = t.method
    flat: list[int] = []
    for e in t.events:
        flat += (KINDS.index(e.kind), e.vertex, e.colour, int(e.ok))
    res = t.result
    return {
        "method": method,
        "description": (DESCRIPTIONS_FR if lang == "fr" else {}).get(
            method, METHODS[method].description
        ),
        "events": flat,
        "total_events": t.total_events,
        "capped": t.capped,
        "status": res.status,
        "reason": res.reason,
        "stats": {
            "nodes": res.stats.nodes,
            "backtracks": res.stats.backtracks,
            "deductions": res.stats.deductions,
            "max_depth": res.stats.max_depth,
        },
        "solution": list(res.solution) if res.solution is not None else None,
    }


def _view_data(problem: Problem, grid: Grid | None, seed: int) -> dict[str, Any]:
    """What the page draws: the grid's shape and alphabet (Sudoku only), clues, edges,
    positions of the graph view, the colours, and the names of the vertices (``vertex_labels``:
    the graph's ``labels``, None for numbers from 0; a grid's cells are ``r1c2``).

    A problem without its grid is drawn as the grid :func:`grid_of` finds, if any (its
    variant's regions, shaded houses and cages, in the default alphabet). ``alphabet`` is a
    list of symbols, one per colour (the page indexes it, whatever the symbols: ``𝟙``, an
    emoji), the grid's on a grid; a graph's colours are its numbers ``1..k``.
    """
    graph = problem.graph
    if grid is None:
        grid = grid_of(problem)
    shape = grid.box if grid is not None else sudoku_shape(graph)
    side = shape[0] * shape[1] if shape is not None else 0
    if grid is not None:
        alphabet = list(grid.alphabet)
    elif side:
        alphabet = list(default_alphabet(side))
    else:
        alphabet = [str(c) for c in range(1, problem.k + 1)]
    views = _regions(grid, shape)
    pos = region_circle_layout(views["regions"]) if shape else layout_for(graph, seed=seed)
    return {
        "name": graph.name or ("sudoku" if side else "graph"),
        "n": graph.n,
        "vertex_labels": list(graph.labels) if graph.labels is not None and not side else None,
        "k": problem.k,
        "side": side,
        "box": list(shape) if shape is not None else None,
        **views,
        "alphabet": alphabet,
        "pre": list(problem.precolouring),
        "cages": [[list(cells), total] for cells, total in problem.cages] if shape else [],
        "edges": [list(e) for e in graph.edges()],
        "pos": [[round(px, 4), round(py, 4)] for px, py in pos],
        "spacing": round(spacing(pos), 4),
        "kinds": list(KINDS),
        "palette": _palette(problem.k),
    }


EXTRA_HOUSES = ("x", "windoku", "disjoint", "centre-dot", "asterisk")
"""The variants that add houses to a grid (:func:`grid_of` reads them back from a graph)."""


def grid_of(problem: Problem) -> Grid | None:
    """The grid whose puzzle ``problem`` is, read back from its graph: ``k = N`` colours on
    ``N²`` vertices whose houses are the rows, the columns, then the boxes of some shape (or
    jigsaw regions) and the extra houses of variants (:data:`EXTRA_HOUSES`), whose edges are
    those of these houses, of the anti-knight and anti-king moves and of the problem's killer
    cages; None for any other problem. The boxes of a shape are read as boxes (3x2 boxes are
    not a jigsaw on 2x3 ones), and a rule that adds nothing to that graph (anti-knight on a
    1x1 grid) cannot be told apart from its absence. The grid has the default alphabet: a
    problem does not keep the symbols (give :func:`visualize` or :func:`trace_run` the
    :class:`Grid` itself to keep them).

    >>> g = Grid.parse("1...............", variant="x+anti-king")
    >>> grid_of(g.problem) == g, grid_of(Problem(sudoku_graph(2), 4)) == Grid.empty(2)
    (True, True)
    >>> from sudograph.graph import petersen_graph
    >>> grid_of(Problem(petersen_graph(), 3)) is None
    True
    """
    from .graph import sudoku_houses
    from .variants import Variant, variant_graph

    graph, side = problem.graph, problem.k
    houses = graph.houses
    if graph.n != side * side or len(houses) < 3 * side:
        return None
    if houses[: 2 * side] != sudoku_houses(side, 1)[: 2 * side]:  # rows, columns: any box
        return None
    third = houses[2 * side : 3 * side]
    regions = _region_map(third, side)
    if regions is None:
        return None
    shapes = sorted(((r, side // r) for r in range(1, side + 1) if side % r == 0),
                    key=lambda b: (abs(b[0] - b[1]), b[0] > b[1]))  # fmt: skip
    boxed = [b for b in shapes if third == sudoku_houses(*b)[2 * side : 3 * side]]
    boxes = bool(boxed)  # the boxes of one shape, else jigsaw regions (on any box shape)
    for box in boxed or shapes:
        names = _extra_names(houses[3 * side :], box)
        if names is None:
            continue
        for moves in ((), ("anti-knight",), ("anti-king",), ("anti-knight", "anti-king")):
            try:
                variant = Variant(names + moves, None if boxes else tuple(regions), problem.cages)
                built = variant_graph(variant, box) if variant.names else sudoku_graph(*box)
            except InvalidArgument:  # a rule that does not fit this box
                continue
            if built == graph:
                return Grid(box, problem.precolouring, variant=variant if variant.names else None)
    return None


def _region_map(regions: Sequence[tuple[int, ...]], side: int) -> list[int] | None:
    """The region of each of the ``side²`` cells when ``regions`` share them out, ``side``
    cells each; else None."""
    out = [-1] * (side * side)
    for r, cells in enumerate(regions):
        if len(cells) != side:
            return None
        for v in cells:
            if out[v] >= 0:
                return None
            out[v] = r
    return out


def _extra_names(extra: Sequence[tuple[int, ...]], box: tuple[int, int]) -> tuple[str, ...] | None:
    """The variants (:data:`EXTRA_HOUSES`) whose houses on a grid of ``box`` make ``extra``,
    in order; None when they do not."""
    from .variants import Variant

    side = box[0] * box[1]
    names: list[str] = []
    i = 0
    while i < len(extra):
        for name in EXTRA_HOUSES:
            if name in names:
                continue
            try:
                theirs = [h for _, h in Variant((name,)).houses(box)[3 * side :]]
            except InvalidArgument:  # does not fit this box
                continue
            if theirs and list(extra[i : i + len(theirs)]) == theirs:
                names.append(name)
                i += len(theirs)
                break
        else:
            return None
    return tuple(names)


def _regions(grid: Grid | None, shape: tuple[int, int] | None) -> dict[str, list[int]]:
    """The grid view's thick borders and grey cells: ``regions`` (the box, or the jigsaw
    region, of each cell) and ``shaded`` (the cells of a variant's extra houses: diagonals,
    windows...; not the disjoint groups, which cover every cell). Empty for a graph.

    >>> _regions(None, (1, 2))
    {'regions': [0, 0, 1, 1], 'shaded': []}
    """
    if shape is None:
        return {"regions": [], "shaded": []}
    n = shape[0] * shape[1]
    regions = box_regions(shape)
    shaded: set[int] = set()
    variant = grid.variant if grid is not None else None
    if variant is not None:
        if variant.regions is not None:
            regions = list(variant.regions)
        for name, house in variant.houses(shape)[3 * n :]:
            if not name.startswith("disjoint"):
                shaded.update(house)
    return {"regions": regions, "shaded": sorted(shaded)}


def _palette(k: int) -> list[str]:
    """k fill colours: the render palette, then evenly spaced hues."""
    from .render import PALETTE

    out = list(PALETTE[:k])
    for i in range(len(out), k):
        out.append(f"hsl({round(360 * i / k)}, 70%, 60%)")
    return out


DEFAULT_METHOD = "naive"
GRAPH_METHOD = "dsatur"
"""The methods :func:`visualize` traces when given none: ``naive`` for a puzzle (a Grid, a
Problem), ``dsatur`` for a graph (a Graph, ``(graph, k)``), as the command line does: the
static order of ``naive`` gets lost on DIMACS graphs (homer with 13 colours: 200,000 nodes
without a solution; dsatur colours it in 561)."""


def default_methods(x: Any) -> list[str]:
    """The method :func:`visualize` traces for ``x`` when given none (:data:`GRAPH_METHOD`
    for a graph, else :data:`DEFAULT_METHOD`).

    >>> from sudograph.graph import petersen_graph
    >>> default_methods(petersen_graph()), default_methods((petersen_graph(), 3))
    (['dsatur'], ['dsatur'])
    >>> default_methods(Grid.parse("." * 16))
    ['naive']
    """
    pair = isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], Graph)
    return [GRAPH_METHOD if isinstance(x, Graph) or pair else DEFAULT_METHOD]


def visualize(
    x: Any,
    methods: Sequence[str] | str | None = None,
    *,
    k: int | ColourCount | None = None,
    lang: str = "en",
    max_steps: int = 20_000,
    max_nodes: int | None = 200_000,
    timeout: float | None = 30.0,
    seed: int = 0,
    title: str | None = None,
) -> Page:
    """The HTML page of the search of ``x`` by one method, or two side by side.

    ``x``: a :class:`Grid`, a :class:`Problem`, ``(graph, k)``, or a :class:`Graph` coloured
    with ``k`` colours (default: :func:`choose_k`'s, its chromatic number or the fewest colours
    found in 10 s, which the page says; a :class:`ColourCount` from :func:`choose_k` is taken
    too, and said so). A graph's vertices are named by its ``labels`` when it has them
    (the command line gives a DIMACS file's their numbers in the file, from 1), else by their
    numbers from 0, its colours by their numbers; a Sudoku graph coloured with N colours is
    drawn as its grid, its vertices named as cells (``r1c1``). ``methods``: one or two of
    :data:`TRACEABLE` (default :func:`default_methods`: ``dsatur`` for a graph, ``naive`` for
    a puzzle, as on the command line). ``lang``: ``en`` or ``fr``. ``max_steps``: events
    embedded per method (the page says when the trace was capped; the final counters stay
    exact).
    ``max_nodes`` / ``timeout`` bound each search (not the layout, nor :func:`choose_k`'s
    10 s). ``seed``: the force layout's (a whole number >= 0, checked whatever the layout).
    A :class:`Problem` (``grid.problem``) is drawn as its grid when :func:`grid_of` finds one
    (regions, cages, cell names), in the default symbols: give the Grid to keep its own.

    Raises :class:`InvalidArgument` (an unknown or untraceable method, more than two, one
    given twice, an unknown language, a bad seed, ``k`` given with a puzzle, a graph that
    needs more than 64 colours), :class:`InvalidPuzzle` (clashing clues).

    >>> from sudograph.graph import petersen_graph
    >>> page = visualize(petersen_graph(), "dsatur", lang="fr")
    >>> '<html lang="fr">' in page, "retours arrière" in page
    (True, True)
    """
    methods = check_methods(default_methods(x) if methods is None else methods)
    _check_page_options(lang, seed)
    max_steps = _check_bounds(max_steps, max_nodes, timeout)  # before choose_k's 10 s
    if k is None and isinstance(x, Graph):
        k = choose_k(x)
    problem, grid = _problem_of(x, k)
    runs = [_run_data(problem, m, lang, max_steps, max_nodes, timeout) for m in methods]
    return _page(problem, grid, runs, lang, seed, title, k if isinstance(k, ColourCount) else None)


def check_methods(methods: Sequence[str] | str, also: Sequence[str] = ()) -> list[str]:
    """``methods`` as a list of one or two traceable methods, none given twice; else
    :class:`InvalidArgument` (before any search: a graph's k may take seconds to find);
    ``also``: as :func:`check_traceable`'s.

    >>> check_methods("naive"), check_methods(["naive", "dsatur"])
    (['naive'], ['naive', 'dsatur'])
    """
    methods = [methods] if isinstance(methods, str) else list(methods)
    if not 1 <= len(methods) <= MAX_METHODS:
        raise InvalidArgument(f"give one or two methods, got {len(methods)}")
    for i, m in enumerate(methods):
        check_traceable(m, also)
        if m in methods[:i]:  # two identical runs in lockstep compare nothing
            raise InvalidArgument(f"{m} given twice: compare two different methods")
    return methods


def _page(
    problem: Problem,
    grid: Grid | None,
    runs: list[dict[str, Any]],
    lang: str,
    seed: int,
    title: str | None,
    count: ColourCount | None = None,
) -> Page:
    """The page of ``runs`` (from :func:`_run_data`) on ``problem``; ``count``: how its ``k``
    was chosen, when it was (the page says so).

    The template's places are filled in one pass, so that no text put in (a title, a file
    name, the data) is read again for a place: ``--title '@DATA@'`` is a heading, not the
    data. The JSON escapes every ``<``, so that no name in it can end or open a tag in the
    script that holds it.
    """
    methods = [run["method"] for run in runs]
    labels = {key: text for key, text in LABELS[lang].items() if key not in CAUSE_KEYS}
    data: dict[str, Any] = {"lang": lang, "labels": labels}
    data.update(_view_data(problem, grid, seed))
    data["dead_end"] = dead_end_cause(problem, lang)
    data["k_choice"] = (
        None
        if count is None
        else {"k": count.k, "proven": count.proven, "lower": count.lower, "seconds": count.seconds}
    )
    data["runs"] = runs
    heading = title or labels["heading"].format(
        name=display_name(data["name"], lang), methods=" / ".join(methods)
    )
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")
    places = {
        "LANG": lang,
        "TITLE": html.escape(heading),
        "CSS": _CSS,
        "JS": _JS,
        "DATA": payload,
    }
    page = Page(re.sub(r"@(LANG|TITLE|CSS|JS|DATA)@", lambda m: places[m[1]], _TEMPLATE))
    page.runs, page.k = runs, problem.k
    return page


def display_name(name: str, lang: str = "en") -> str:
    """The heading's name of a graph in ``lang``: the library names a Sudoku graph in English
    (``sudoku 4x4 (2x2 boxes)``), which a French page must not show.

    >>> display_name("sudoku 4x4 (2x2 boxes)", "fr"), display_name("myciel4", "fr")
    ('sudoku 4x4 (blocs 2x2)', 'myciel4')
    """
    labels = LABELS[lang]
    m = re.fullmatch(r"sudoku (\d+)x\1 \((\d+)x(\d+) boxes\)", name)
    if m:
        return labels["sudoku_name"].format(side=m[1], rows=m[2], cols=m[3])
    return {"graph": labels["graph_name"], "petersen": labels["petersen_name"]}.get(name, name)


def write_page(path: str | Path, x: Any, methods: Sequence[str] | str | None = None,
               **options: Any) -> Path:  # fmt: skip
    """Write :func:`visualize`'s page to ``path`` (UTF-8) and return the path.

    Raises OSError naming ``path`` when it cannot be written (a full disk too, which the
    system reports without a name).
    """
    out = Path(path)
    page = visualize(x, methods, **options)
    write_text(out, page)
    return out


def read_page_data(page: str) -> dict[str, Any]:
    """The JSON object embedded in a page (for tests and tools).

    Raises :class:`InvalidArgument` when ``page`` holds none.
    """
    start_tag = '<script type="application/json" id="sg-data">'
    i = page.find(start_tag)
    j = page.find("</script>", i)
    if i < 0 or j < 0:
        raise InvalidArgument("no sudograph trace in this page")
    data: dict[str, Any] = json.loads(page[i + len(start_tag) : j])
    return data


def events_of(run: dict[str, Any]) -> list[tuple[str, int, int, bool]]:
    """The events of one embedded run as ``(kind, vertex, colour, ok)`` tuples."""
    flat = run["events"]
    return [
        (KINDS[flat[i]], flat[i + 1], flat[i + 2], bool(flat[i + 3]))
        for i in range(0, len(flat), 4)
    ]


def as_tuples(events: Iterable[TraceEvent]) -> list[tuple[str, int, int, bool]]:
    """``(kind, vertex, colour, ok)`` of each event, to compare with :func:`events_of`."""
    return [(e.kind, e.vertex, e.colour, e.ok) for e in events]


_TEMPLATE = """<!DOCTYPE html>
<html lang="@LANG@">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>@CSS@</style>
</head>
<body>
<h1>@TITLE@</h1>
<p id="k-note" hidden></p>
<div id="cap-note" class="note" hidden></div>
<div id="controls"></div>
<div id="runs"></div>
<p id="keys" class="keys"></p>
<script type="application/json" id="sg-data">@DATA@</script>
<script>@JS@</script>
</body>
</html>
"""

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:12px;color:#222;
background:#fafafa}
h1{font-size:1.2em;margin:0 0 8px;overflow-wrap:anywhere}
.note{background:#fff3cd;border:1px solid #e0c060;padding:6px 10px;margin:6px 0;
border-radius:4px}
#controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:6px 0}
#controls button{font-size:1em;padding:4px 10px;cursor:pointer}
#seek{flex:1 1 10em;min-width:8em;max-width:24em}
#step-label{font-variant-numeric:tabular-nums;min-width:9em}
#runs{display:flex;flex-wrap:wrap;gap:16px}
.run{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px;min-width:0;
max-width:100%;box-sizing:border-box}
.run h2{font-size:1em;margin:0 0 4px}
.desc{color:#666;font-size:.85em;margin:0 0 6px;max-width:760px}
.counters{display:flex;gap:14px;flex-wrap:wrap;font-variant-numeric:tabular-nums}
.counters b{font-size:1.3em}
.event{min-height:1.4em;margin:4px 0;font-weight:600}
.cands{min-height:1.4em;margin:2px 0 6px}
.views{display:flex;flex-wrap:wrap;gap:10px}
.views svg{max-width:100%;height:auto;min-width:0}
.final{color:#444;font-size:.9em;margin-top:6px}
svg text{font-family:inherit;pointer-events:none}
.cell rect{stroke:#999;stroke-width:.5}
.cell.clue text{font-weight:700}
.hl{fill:none;pointer-events:none}
.hl.current{stroke:#000;stroke-width:3}
.hl.trying{stroke:#000;stroke-width:3;stroke-dasharray:4 2}
.hl.conflict,.vx.conflict{stroke:#d00;stroke-width:3}
.cell.dead rect{fill:#fb6a4a}
.vx{stroke:#555;stroke-width:1}
.vx.current{stroke:#000;stroke-width:3}
.vx.trying{stroke-dasharray:3 2}
.vx.dead{fill:#fb6a4a}
.keys{color:#777;font-size:.85em}
.k-note{margin:4px 0;color:#444}
"""

_JS = r"""
"use strict";
const D = JSON.parse(document.getElementById("sg-data").textContent);
const L = D.labels, NS = "http://www.w3.org/2000/svg";
const K_SELECT = 0, K_TRY = 1, K_ASSIGN = 2, K_DEDUCE = 3, K_FAIL = 4, K_UNDO = 5,
  K_RETRACT = 6, K_SOLUTION = 7;
const nbr = Array.from({length: D.n}, () => []);
for (const [u, v] of D.edges) { nbr[u].push(v); nbr[v].push(u); }
const ALPHA = Array.from(D.alphabet);  // one symbol each, whatever its UTF-16 length
const sym = c => c <= 0 ? "" : (c <= ALPHA.length ? ALPHA[c - 1] : String(c));
// a count as standard error writes it (200,000; in French 200 000)
const num = x => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, L.thousands);
const fill = c => c <= 0 ? "#ffffff" : D.palette[c - 1];
const SHADED = new Set(D.shaded), blank = v => SHADED.has(v) ? "#e4e4e4" : "#ffffff";
function el(tag, attrs, parent, text) {
  const e = document.createElementNS(NS, tag);
  for (const a in attrs) e.setAttribute(a, attrs[a]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}
function h(tag, attrs, parent, text) {
  const e = document.createElement(tag);
  for (const a in attrs) e.setAttribute(a, attrs[a]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}
const vlabel = v => D.vertex_labels ? D.vertex_labels[v] : String(v);  // the graph's names
function vname(v) {
  if (v < 0) return "";
  if (!D.side) return L.vertex + " " + vlabel(v);
  return L.cell_name.replace("{row}", Math.floor(v / D.side) + 1).replace("{col}", v % D.side + 1);
}

class Run {
  constructor(r, idx, parent) {
    this.r = r; this.idx = idx; this.ev = r.events; this.len = r.events.length / 4;
    this.i = 0; this.col = D.pre.slice();
    this.nodes = 0; this.backtracks = 0; this.deductions = 0; this.depth = 0;
    this.last = new Int32Array(this.len + 1);  // current vertex at each step
    let cur = -1;
    this.last[0] = -1;
    for (let j = 0; j < this.len; j++) {
      if (this.ev[4 * j + 1] >= 0) cur = this.ev[4 * j + 1];
      this.last[j + 1] = cur;
    }
    this.build(parent);
  }
  kind(j) { return this.ev[4 * j]; }
  forward() {  // apply event i
    const j = this.i, e = this.ev, k = e[4 * j], v = e[4 * j + 1], c = e[4 * j + 2];
    if (k === K_ASSIGN) { this.nodes++; this.depth++; this.col[v] = c; }
    else if (k === K_DEDUCE) { this.deductions++; this.col[v] = c; }
    else if (k === K_UNDO) { this.backtracks++; this.depth--; this.col[v] = 0; }
    else if (k === K_RETRACT) { this.col[v] = 0; }
    this.i++;
  }
  backward() {  // revert event i - 1 (every change is invertible)
    this.i--;
    const j = this.i, e = this.ev, k = e[4 * j], v = e[4 * j + 1], c = e[4 * j + 2];
    if (k === K_ASSIGN) { this.nodes--; this.depth--; this.col[v] = 0; }
    else if (k === K_DEDUCE) { this.deductions--; this.col[v] = 0; }
    else if (k === K_UNDO) { this.backtracks--; this.depth++; this.col[v] = c; }
    else if (k === K_RETRACT) { this.col[v] = c; }
  }
  seek(step) {
    step = Math.max(0, Math.min(step, this.len));
    while (this.i < step) this.forward();
    while (this.i > step) this.backward();
  }
  build(parent) {
    const box = h("section", {"class": "run", id: "run" + this.idx}, parent);
    h("h2", {}, box, this.r.method);
    h("p", {"class": "desc"}, box, this.r.description);
    const cn = h("div", {"class": "counters"}, box);
    this.counter = {};
    for (const name of ["nodes", "backtracks", "deductions", "depth"]) {
      const s = h("span", {}, cn, L[name] + " ");
      this.counter[name] = h("b", {"data-counter": name}, s, "0");
    }
    this.eventLine = h("div", {"class": "event", "data-field": "event"}, box);
    const cl = h("div", {"class": "cands"}, box, L.candidates + L.colon);
    this.cands = h("span", {"data-field": "candidates"}, cl);
    const views = h("div", {"class": "views"}, box);
    this.cells = []; this.vx = []; this.vlabel = []; this.celltext = [];
    if (D.side) this.buildGrid(views);
    this.buildGraph(views);
    const st = this.r.stats, why = this.r.reason;  // "node limit": label node_limit
    h("div", {"class": "final", "data-field": "final"}, box,
      L.final + " — " + L.status + L.colon + (L[this.r.status] || this.r.status) +
      (why ? " (" + (L[why.replace(/ /g, "_")] || why) + ")" : "") + L.semicolon + L.nodes + " " +
      num(st.nodes) + ", " + L.backtracks + " " + num(st.backtracks) + ", " + L.deductions + " " +
      num(st.deductions) + ", " + L.max_depth + " " + num(st.max_depth));
    this.shown = new Array(D.n).fill(-1);
    this.marked = [];
  }
  buildGrid(parent) {
    const N = D.side, cs = Math.max(18, Math.min(40, Math.floor(360 / N))), W = N * cs + 4;
    const svg = el("svg", {width: W, height: W, viewBox: "-2 -2 " + W + " " + W,
      "class": "grid", "aria-label": L.grid}, parent);
    for (let v = 0; v < D.n; v++) {
      const r = Math.floor(v / N), c = v % N;
      const g = el("g", {"class": "cell" + (D.pre[v] ? " clue" : ""), "data-v": v}, svg);
      el("rect", {x: c * cs, y: r * cs, width: cs, height: cs, fill: blank(v)}, g);
      const t = el("text", {x: c * cs + cs / 2, y: r * cs + cs / 2, "text-anchor": "middle",
        "dominant-baseline": "central", "font-size": Math.round(cs * 0.55)}, g, "");
      this.cells.push(g); this.celltext.push(t);
    }
    const reg = D.regions, line = (x1, y1, x2, y2) => el("line", {x1: x1, y1: y1, x2: x2,
      y2: y2, stroke: "#222", "stroke-width": 2.5, "class": "region"}, svg);
    for (let v = 0; v < D.n; v++) {  // thick where two regions (boxes) meet
      const x = (v % N) * cs, y = Math.floor(v / N) * cs;
      if (v % N + 1 < N && reg[v] !== reg[v + 1]) line(x + cs, y, x + cs, y + cs);
      if (v + N < D.n && reg[v] !== reg[v + N]) line(x, y + cs, x + cs, y + cs);
    }
    el("rect", {x: 0, y: 0, width: N * cs, height: N * cs, fill: "none", stroke: "#222",
      "stroke-width": 2.5}, svg);
    const inset = 0.08;  // (cell units, render.CAGE_INSET)
    for (const [cells, total] of D.cages) {  // killer cages: dashed, inset, sum in a corner
      // one outline, as render.py draws it: a side runs on into the next cell of the cage
      // (no gap at a joint) and meets the side it turns into at an inner corner
      const inCage = new Set(cells), g = el("g", {"class": "cage", stroke: "#333",
        "stroke-width": 1, "stroke-dasharray": "3 2"}, svg);
      const inside = (r, c) => r >= 0 && r < N && c >= 0 && c < N && inCage.has(r * N + c);
      const end = (along, diagonal, at, step) =>
        !along ? at - step * inset : diagonal ? at + step * inset : at;
      const seg = (xa, ya, xb, yb) =>
        el("line", {x1: xa * cs, y1: ya * cs, x2: xb * cs, y2: yb * cs}, g);
      for (const v of cells) {
        const r = Math.floor(v / N), c = v % N;
        for (const d of [-1, 1]) {
          if (!inside(r + d, c)) {  // the top (d = -1) or bottom side
            const y = r + (d > 0 ? 1 : 0) - d * inset;
            seg(end(inside(r, c - 1), inside(r + d, c - 1), c, -1), y,
                end(inside(r, c + 1), inside(r + d, c + 1), c + 1, 1), y);
          }
          if (!inside(r, c + d)) {  // the left (d = -1) or right side
            const x = c + (d > 0 ? 1 : 0) - d * inset;
            seg(x, end(inside(r - 1, c), inside(r - 1, c + d), r, -1),
                x, end(inside(r + 1, c), inside(r + 1, c + d), r + 1, 1));
          }
        }
      }
      const first = Math.min(...cells);
      el("text", {x: (first % N) * cs + cs * 0.12, y: Math.floor(first / N) * cs + cs * 0.3,
        "font-size": Math.round(cs * 0.22), "class": "cage-sum"}, svg, String(total));
    }
    this.overlay = el("g", {}, svg);  // highlights, over the borders and the cages
    this.cs = cs;
  }
  buildGraph(parent) {
    const n = D.n, W = n > 60 ? 480 : 380;
    const rad = Math.max(3, Math.min(14, 0.42 * D.spacing * W));
    const svg = el("svg", {width: W, height: W, viewBox: "0 0 " + W + " " + W,
      "class": "graph", "aria-label": L.graph}, parent);
    const P = D.pos.map(([x, y]) => [x * W, y * W]);
    this.P = P;
    const eg = el("g", {stroke: "#888", "stroke-width": 0.6,
      "stroke-opacity": Math.max(0.06, Math.min(0.5, 40 / Math.max(D.edges.length, 1)))}, svg);
    for (const [u, v] of D.edges)
      el("line", {x1: P[u][0], y1: P[u][1], x2: P[v][0], y2: P[v][1]}, eg);
    this.hot = el("g", {"stroke-width": 2}, svg);
    const labels = rad >= 6;
    for (let v = 0; v < n; v++) {
      const c = el("circle", {cx: P[v][0], cy: P[v][1], r: rad, fill: "#fff",
        "class": "vx", "data-v": v}, svg);
      el("title", {}, c, vname(v));  // the tooltip, labels shown or not
      this.vx.push(c);
      this.vlabel.push(labels ? el("text", {x: P[v][0], y: P[v][1], "text-anchor": "middle",
        "dominant-baseline": "central", "font-size": Math.round(rad * 1.1)}, svg,
        D.side ? "" : vlabel(v)) : null);
    }
  }
  outline() {  // one framed square per highlighted cell, with all its classes
    while (this.overlay.firstChild) this.overlay.removeChild(this.overlay.firstChild);
    const classes = new Map(), N = D.side, cs = this.cs;
    for (const [v, cls] of this.marked) classes.set(v, (classes.get(v) || "hl") + " " + cls);
    for (const [v, cls] of classes)
      el("rect", {x: (v % N) * cs, y: Math.floor(v / N) * cs, width: cs, height: cs,
        "class": cls, "data-v": v}, this.overlay);
  }
  render() {
    const n = D.n, col = this.col, cur = this.last[this.i];
    for (let v = 0; v < n; v++) {
      if (this.shown[v] === col[v]) continue;
      this.shown[v] = col[v];
      this.vx[v].setAttribute("fill", fill(col[v]));
      if (D.side) {
        this.celltext[v].textContent = sym(col[v]);
        if (this.vlabel[v]) this.vlabel[v].textContent = sym(col[v]);
        this.cells[v].firstChild.setAttribute("fill", col[v] ? fill(col[v]) : blank(v));
        this.cells[v].firstChild.setAttribute("fill-opacity", col[v] ? 0.45 : 1);
      }
    }
    for (const [v, cls] of this.marked) {
      this.vx[v].classList.remove(cls);
      if (D.side) this.cells[v].classList.remove(cls);
    }
    this.marked = [];
    const mark = (v, cls) => {
      this.marked.push([v, cls]); this.vx[v].classList.add(cls);
      if (D.side) this.cells[v].classList.add(cls);
    };
    while (this.hot.firstChild) this.hot.removeChild(this.hot.firstChild);
    let text = L.initial, k = -1, c = 0, ok = 1, ev = -1;
    if (this.i > 0) {
      const j = this.i - 1;
      k = this.ev[4 * j]; ev = this.ev[4 * j + 1]; c = this.ev[4 * j + 2]; ok = this.ev[4 * j + 3];
    }
    let clashes = 0;
    if (cur >= 0) {
      mark(cur, "current");
      for (const u of nbr[cur]) {
        const bad = k === K_TRY && !ok && col[u] === c;
        if (bad) { mark(u, "conflict"); clashes++; }
        el("line", {x1: this.P[cur][0], y1: this.P[cur][1], x2: this.P[u][0], y2: this.P[u][1],
          stroke: bad ? "#d00" : "#333", "stroke-opacity": bad ? 1 : 0.35}, this.hot);
      }
    }
    const where = vname(ev), what = sym(c);
    if (k === K_SELECT) text = L.select + " " + where;
    else if (k === K_TRY) {
      mark(ev, "trying");
      this.vx[ev].setAttribute("fill", fill(c)); this.shown[ev] = -1;
      if (D.side) {
        this.cells[ev].firstChild.setAttribute("fill", fill(c));
        this.cells[ev].firstChild.setAttribute("fill-opacity", 0.25);
      }
      const why = clashes ? L.rejected : L.rejected_cage;  // no neighbour: the cage's sum
      text = L.try + " " + where + " = " + what + (ok ? "" : " — " + why);
    } else if (k === K_ASSIGN) text = L.assign + " " + where + " = " + what;
    else if (k === K_DEDUCE) text = L.deduce + " " + where + " = " + what;
    else if (k === K_UNDO) text = L.undo + " " + where + " = " + what;
    else if (k === K_RETRACT) text = L.retract + " " + where + " = " + what;
    else if (k === K_FAIL) {
      if (ev >= 0) { mark(ev, "dead"); this.shown[ev] = -1; text = L.fail + " " + where; }
      else {  // the search names no vertex: those left with no colour, else the other causes
        const stuck = [];
        for (let v = 0; v < n; v++) {
          if (col[v]) continue;
          const used = new Set(nbr[v].map(u => col[u])); used.delete(0);
          if (used.size >= D.k) stuck.push(v);
        }
        for (const v of stuck) { mark(v, "dead"); this.shown[v] = -1; }
        const names = stuck.slice(0, 3).map(vname).join(", ") + (stuck.length > 3 ? ", …" : "");
        text = stuck.length ? L.fail_empty.replace("{where}", names) : D.dead_end;
        this.eventLine.setAttribute("data-stuck", stuck.join(","));
      }
    } else if (k === K_SOLUTION) text = L.solution;
    if (D.side) this.outline();
    if (!(k === K_FAIL && ev < 0)) this.eventLine.setAttribute("data-stuck", "");
    this.eventLine.textContent = text;
    this.eventLine.setAttribute("data-kind", k >= 0 ? D.kinds[k] : "");
    for (const name of ["nodes", "backtracks", "deductions", "depth"]) {  // data-value: as is
      this.counter[name].textContent = num(this[name]);
      this.counter[name].setAttribute("data-value", this[name]);
    }
    if (cur >= 0) {
      const used = new Set(nbr[cur].map(u => col[u]));
      const cs = [];
      for (let x = 1; x <= D.k; x++) if (!used.has(x)) cs.push(sym(x));
      this.cands.textContent = vname(cur) + L.colon + (cs.length ? cs.join(" ") : "∅");
      this.cands.setAttribute("data-values", cs.join(","));
      this.cands.setAttribute("data-vertex", cur);
    } else {
      this.cands.textContent = ""; this.cands.setAttribute("data-values", "");
      this.cands.setAttribute("data-vertex", -1);
    }
  }
}

const runsBox = document.getElementById("runs");
const runs = D.runs.map((r, i) => new Run(r, i, runsBox));
const total = Math.max(...runs.map(r => r.len));
let step = 0, timer = null;
const ctl = document.getElementById("controls");
function button(id, label, fn) {
  const b = h("button", {id: id, type: "button"}, ctl, label); b.addEventListener("click", fn);
  return b;
}
function go(s) {
  step = Math.max(0, Math.min(s, total));
  for (const r of runs) { r.seek(step); r.render(); }
  stepLabel.textContent = L.step + " " + num(step) + " / " + num(total);
  stepLabel.setAttribute("data-step", step);
  seekBar.value = step;  // setting it fires no "input": no loop
  seekBar.setAttribute("aria-valuetext", stepLabel.textContent);
  document.body.setAttribute("data-step", step);
  if (step >= total) pause();
}
function nextBacktrack() {
  let best = total;
  for (const r of runs) {
    for (let j = step; j < r.len; j++) {
      if (r.kind(j) === K_UNDO) { best = Math.min(best, j + 1); break; }
    }
  }
  go(best);
}
function play() {
  if (timer !== null) return;
  if (step >= total) go(0);
  document.body.setAttribute("data-playing", "1");
  const tick = () => {
    const sps = Number(speed.value), delay = Math.max(16, 1000 / sps);
    const per = Math.max(1, Math.round(sps * delay / 1000));
    go(step + per);
    if (timer !== null) timer = setTimeout(tick, delay);
  };
  timer = setTimeout(tick, 0);
}
function pause() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  document.body.setAttribute("data-playing", "0");
}
button("btn-start", "« " + L.start, () => { pause(); go(0); });
button("btn-back", "◀ " + L.back, () => { pause(); go(step - 1); });
button("btn-step", L.forward + " ▶", () => { pause(); go(step + 1); });
button("btn-play", "▶▶ " + L.play, play);
button("btn-pause", "‖ " + L.pause, pause);
button("btn-next-backtrack", "↩ " + L.next_backtrack, () => { pause(); nextBacktrack(); });
button("btn-end", L.end + " »", () => { pause(); go(total); });
// the seek slider: dragging it, clicking its track, Home/End/PageUp/PageDown go to that step
// (its "input" event); → and ← are the page's keys there too (one step, see keydown below)
const seekBar = h("input", {id: "seek", type: "range", min: 0, max: total, step: 1, value: 0,
  "aria-label": L.seek, title: L.seek}, ctl);
seekBar.addEventListener("input", () => { pause(); go(Number(seekBar.value)); });
const sl = h("label", {}, ctl, " " + L.speed + " ");
const speed = h("select", {id: "speed"}, sl);
for (const s of [1, 2, 5, 10, 25, 100, 500, 2000, 10000])
  h("option", s === 10 ? {value: s, selected: "selected"} : {value: s}, speed, String(s));
const stepLabel = h("span", {id: "step-label"}, ctl);
document.getElementById("keys").textContent = L.keys;
if (D.k_choice) {  // a graph given without k: which k, and whether it is the chromatic number
  const kc = D.k_choice, kn = document.getElementById("k-note");
  kn.hidden = false;
  kn.className = kc.proven ? "k-note" : "note k-note";
  const said = kc.proven ? (kc.lower < kc.k ? L.k_empty : L.k_proven) : L.k_bound;
  kn.textContent = said.replace(/\{k\}/g, kc.k)
    .replace("{lower}", kc.lower).replace("{seconds}", kc.seconds);
}
const capped = runs.filter(r => r.r.capped);
if (capped.length) {
  const note = document.getElementById("cap-note");
  note.hidden = false;
  note.textContent = capped.map(r => r.r.method + ": " + L.capped
    .replace("{shown}", num(r.len)).replace("{total}", num(r.r.total_events))).join(" ");
}
// The keys act whatever has the focus: the speed menu keeps ↑/↓ but its ←/→ (which changed
// the speed) step, and so do the slider's (one step, not the page's plus its own). Only a
// text field keeps its keys (the page has none; a host page may), and shortcuts with
// Ctrl/Alt/Meta (Alt+← is the browser's "back") are left alone.
const typing = t => t.isContentEditable || t.tagName === "TEXTAREA" ||
  (t.tagName === "INPUT" && !["range", "button", "checkbox", "radio"].includes(t.type));
document.addEventListener("keydown", e => {
  if (e.ctrlKey || e.altKey || e.metaKey || typing(e.target)) return;
  if (e.key === "ArrowRight") { pause(); go(step + 1); }
  else if (e.key === "ArrowLeft") { pause(); go(step - 1); }
  else if (e.key === " ") { timer === null ? play() : pause(); }
  else if (e.key === "n") { pause(); nextBacktrack(); }
  else return;
  e.preventDefault();
});
document.body.setAttribute("data-playing", "0");  // set from the start, not at a first pause
go(0);
"""
