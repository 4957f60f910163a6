"""Human-style solving: the techniques people use, each step explained in words.

The solver works on *candidates* (the digits each empty cell may still take) and applies the
techniques in order of difficulty, always the easiest one that makes progress, and never guesses:

==================  =====  =========================================================
technique           score  what it sees
==================  =====  =========================================================
naked single        1.0    a cell with one candidate left
hidden single       1.2    a digit with one place left in a house
cage combination    1.5    killer: the digit sets that make a cage's sum and fit its cells
innies              1.6    killer: a house's cells outside its inner cages make the rest of
                           N(N+1)/2 (the rule of 45)
outies              1.65   killer: the cells outside a house of the cages covering it make
                           what those cages add up to beyond N(N+1)/2
pointing            1.7    a box whose candidates for a digit lie in one row/column
box-line reduction  1.9    a row/column whose candidates for a digit lie in one box
naked pair          2.0    2 cells of a house holding only the same 2 digits
hidden pair         2.2    2 digits of a house that fit only in the same 2 cells
naked triple        2.4    the naked pair with 3 cells and 3 digits
hidden triple       2.6    the hidden pair with 3 digits and 3 cells
naked quad          2.8    ... 4 cells
hidden quad         3.0    ... 4 digits
x-wing              3.2    a digit confined to the same 2 columns in 2 rows (or vice versa)
swordfish           3.6    ... 3 rows and 3 columns
jellyfish           4.0    ... 4
xy-wing             4.2    a bivalue pivot and two bivalue pincers sharing a digit z
simple colouring    4.4    the 2-colouring of a digit's conjugate-pair graph
==================  =====  =========================================================

A puzzle the techniques cannot finish is *stalled*; its rating is 6 or more (see :func:`rate`
and ``docs/logic.md``).

Variants: the houses are the exact houses of the grid's graph (rows, columns, boxes or jigsaw
regions, then diagonals, windows, disjoint groups...) and a cell *sees* its graph neighbours
(anti-knight/king moves and killer cages included), so every technique runs on them; pointing
and box-line reduction become locked candidates between any two houses and through any edge;
fish stay on rows against columns.

Glossary: ``i`` cell index (``r * N + c``), ``d`` digit ``1..N``, mask: a set of digits as an int
with bit ``d - 1`` set for digit ``d``; houses are numbered as in ``Graph.houses`` (rows, then
columns, then boxes or regions, then a variant's extra houses); cells are written ``r4c5``
(1-based) and digits, in a step's words, as the grid's symbols (``A`` for 11 on a hexadecimal
16×16; sums stay numbers).

>>> g = Grid.parse("4.3.1..42..3.1..")
>>> step = next_step(g)
>>> step.technique, step.text
('naked single', 'r1c2: 2 is the only candidate left in the cell')
>>> result = solve_logically(g)
>>> result.solved, result.grid.to_line()
(True, '4231132424133142')
"""

from __future__ import annotations

import html
import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from numbers import Real

from .errors import InvalidArgument, InvalidPuzzle
from .graph import check_flag, sudoku_graph
from .grid import Grid, cell_name, check_alphabet, require_grid, symbol_of
from .problem import (
    Problem,
    Result,
    SolveOptions,
    Stats,
    clamp_timeout,
    is_solution,
    is_whole,
    require_problem,
)
from .search.cages import cage_combinations
from .variants import Variant, variant_graph

Elimination = tuple[int, int]
"""``(cell, digit)``: the digit leaves the candidates of the cell."""

Placement = tuple[int, int]
"""``(cell, digit)``: the digit is written in the cell."""


@dataclass(frozen=True)
class Step:
    """One logical step: the technique, the cells and digits that make the pattern, what it
    removes (``eliminations``) or writes (``placements``), and the reason in words (``text``,
    without the technique's name: ``hint`` and ``explain`` print ``technique: text``).

    ``digits``, ``eliminations`` and ``placements`` hold values ``1..N``; ``text`` writes them
    in the grid's alphabet (``B``, not ``11``, on a hexadecimal 16×16), as a person reads
    and fills the grid. ``n`` is the grid's side N (0 for a step made by hand): it lets
    :meth:`as_dict` check an alphabet; it is not compared."""

    technique: str
    cells: tuple[int, ...]
    digits: tuple[int, ...]
    eliminations: tuple[Elimination, ...] = ()
    placements: tuple[Placement, ...] = ()
    text: str = ""
    n: int = field(default=0, compare=False, repr=False, kw_only=True)

    def as_dict(self, alphabet: str | None = None) -> dict[str, object]:
        """A JSON-ready dict (cells as ``r4c5`` names need the grid side: see ``text``);
        given the grid's ``alphabet``, also the ``symbols`` that write ``digits`` (the values
        stay numbers).

        The alphabet is checked as ``--alphabet`` and :class:`Grid` check it: N distinct
        symbols for the grid's N, none of them blank or reserved; :class:`InvalidArgument`
        otherwise (N is the step's ``n``; for a step made by hand, enough symbols for its
        digits). None or ``""`` gives no ``symbols``.

        >>> step = next_step(Grid.parse("D.C.A..DB..C.A..", alphabet="ABCD"))
        >>> step.as_dict("ABCD")["digits"], step.as_dict("ABCD")["symbols"], step.text
        ([2], ['B'], 'r1c2: B is the only candidate left in the cell')
        >>> step.as_dict("AB")
        Traceback (most recent call last):
        ...
        sudograph.errors.InvalidArgument: alphabet 'AB' must have 4 distinct symbols, not 2
        """
        if alphabet is not None and not isinstance(alphabet, str):
            raise InvalidArgument(f"alphabet must be a string, got {alphabet!r}")
        out: dict[str, object] = {
            "technique": self.technique,
            "cells": list(self.cells),
            "digits": list(self.digits),
            "eliminations": [list(e) for e in self.eliminations],
            "placements": [list(p) for p in self.placements],
            "text": self.text,
        }
        if alphabet:
            moves = (*self.eliminations, *self.placements)
            top = max((*self.digits, *(d for _, d in moves)), default=0)
            check_alphabet(self.n or max(len(alphabet), top), alphabet)
            out["symbols"] = [symbol_of(d, alphabet) for d in self.digits]
        return out

    def _repr_html_(self) -> str:
        """A notebook's view: ``technique: text``, the technique bold (HTML-escaped).

        >>> next_step(Grid.parse("4.3.1..42..3.1.."))._repr_html_()
        '<div><b>naked single</b>: r1c2: 2 is the only candidate left in the cell</div>'
        """
        return f"<div>{_step_html(self)}</div>"


def _step_html(step: Step) -> str:
    """``<b>technique</b>: text``, HTML-escaped."""
    return f"<b>{html.escape(step.technique)}</b>: {html.escape(step.text)}"


SHOWN_STEPS = 200
"""The most steps a notebook lists of a :class:`LogicResult` (the rest: ``result.steps``)."""


@dataclass(repr=False)
class LogicResult:
    """What :func:`solve_logically` did: the ``steps`` taken, the ``grid`` reached (solved or
    stalled), ``solved``, ``contradiction`` (the clues admit no solution) and ``timed_out``
    (its ``timeout`` stopped the steps).

    ``repr`` is short (the figures, not the steps: the fields hold them); ``str`` is the
    :meth:`summary`; a notebook shows the summary, the steps as a numbered list (folded) and
    the grid reached, the clues bold and the digits placed blue.

    >>> r = solve_logically(Grid.parse("4.3.1..42..3.1.."))
    >>> r
    LogicResult(solved=True, contradiction=False, steps=9, hardest='naked single', filled=16, \
cells=16)
    >>> print(r)
    solved by logic in 9 steps (hardest: naked single)
    >>> r.steps[0].technique
    'naked single'
    """

    steps: list[Step]
    grid: Grid
    solved: bool
    contradiction: bool = False
    timed_out: bool = False
    """True when ``timeout`` stopped the steps (a technique might still apply), not a stall."""

    def hardest(self) -> str | None:
        """The hardest technique of the steps (:data:`TECHNIQUES`), None without a step."""
        step = max(self.steps, key=lambda st: TECHNIQUES.get(st.technique, 0.0), default=None)
        return None if step is None else step.technique

    def summary(self) -> str:
        """One line: solved (in how many steps, the hardest technique), stalled (how many
        cells filled) or a contradiction; the last line of :func:`describe` otherwise.

        >>> solve_logically(Grid.parse("1.3.....2...4..1"), ["naked single"]).summary()
        'stalled after 7 steps: no technique applies (12 of 16 cells filled)'
        """
        n = len(self.steps)
        if self.solved and n:
            return f"solved by logic in {n} step{'' if n == 1 else 's'} (hardest: {self.hardest()})"
        return describe(self)[-1]

    def __repr__(self) -> str:
        return (
            f"LogicResult(solved={self.solved}, contradiction={self.contradiction}, "
            f"steps={len(self.steps)}, hardest={self.hardest()!r}, "
            f"filled={self.grid.clues}, cells={len(self.grid.values)})"
        )

    def __str__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        """The summary, the steps as a numbered list (folded; the first
        :data:`SHOWN_STEPS`), and the grid reached: the clues bold, the digits placed blue.

        >>> page = solve_logically(Grid.parse("4.3.1..42..3.1.."))._repr_html_()
        >>> page.count("<li>"), page.count("<text")
        (9, 16)
        """
        from .render import grid_svg  # lazy: pictures are a face, not the core

        parts = [f"<div>{html.escape(self.summary())}</div>"]
        if self.steps:
            n = len(self.steps)
            items = "".join(f"<li>{_step_html(st)}</li>" for st in self.steps[:SHOWN_STEPS])
            more = (
                f"<div>... {n - SHOWN_STEPS} more (result.steps)</div>" if n > SHOWN_STEPS else ""
            )
            noun = "step" if n == 1 else "steps"
            parts.append(f"<details><summary>{n} {noun}</summary><ol>{items}</ol>{more}</details>")
        placed = {i for st in self.steps for i, _ in st.placements}
        if placed:
            values = tuple(0 if i in placed else d for i, d in enumerate(self.grid.values))
            puzzle = self.grid.with_values(values)
            parts.append(grid_svg(puzzle, solution=self.grid))
        else:
            parts.append(grid_svg(self.grid))
        return "".join(parts)


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is for a person: the hardest ``technique`` needed (``"trial and
    error"`` when logic stalls), the numeric ``score`` (scale in the module docstring), the
    number of ``steps`` and whether logic alone ``solved`` it; ``guesses`` counts the
    assignments tried by a search from the stalled state (0 when solved); ``capped`` when
    that search stopped at its budget (:data:`RATE_GUESSES` guesses or :data:`RATE_WORK`,
    work and not time: the same on any machine) before a solution: ``guesses``, and so the
    score, are then a lower bound."""

    technique: str
    score: float
    steps: int
    solved: bool
    guesses: int = 0
    capped: bool = False

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "technique": self.technique,
            "score": self.score,
            "steps": self.steps,
            "solved": self.solved,
            "guesses": self.guesses,
            "capped": self.capped,
        }

    def summary(self) -> str:
        """One line: the technique and score, then what logic did (and the search after it).

        >>> Rating("naked single", 1.0, 9, True).summary()
        'naked single (score 1.0): logic solves it in 9 steps'
        >>> Rating(TRIAL, 11.0, 12, False, 100000, True).summary()
        'trial and error (score 11.0): logic stalls after 12 steps, then at least 100000 \
guesses (the search stopped at its budget)'
        """
        head = f"{self.technique} (score {self.score})"
        if self.technique == NO_TECHNIQUE:
            return f"{head}: {ALREADY_COMPLETE}"
        steps = f"{self.steps} step{'' if self.steps == 1 else 's'}"
        if self.solved:
            return f"{head}: logic solves it in {steps}"
        guesses = f"{self.guesses} guess{'' if self.guesses == 1 else 'es'}"
        if self.capped:
            guesses = f"at least {guesses} (the search stopped at its budget)"
        return f"{head}: logic stalls after {steps}, then {guesses}"

    def _repr_html_(self) -> str:
        """A notebook's view: the :meth:`summary`, the technique bold (HTML-escaped).

        >>> Rating("naked single", 1.0, 9, True)._repr_html_()
        '<div><b>naked single</b> (score 1.0): logic solves it in 9 steps</div>'
        """
        head = f"{self.technique} (score {self.score})"
        rest = self.summary()[len(head) :]
        return (
            f"<div><b>{html.escape(self.technique)}</b> (score {self.score}){html.escape(rest)}"
            "</div>"
        )


TECHNIQUES: dict[str, float] = {
    "naked single": 1.0,
    "hidden single": 1.2,
    "cage combination": 1.5,
    "innies": 1.6,
    "outies": 1.65,
    "pointing": 1.7,
    "box-line reduction": 1.9,
    "naked pair": 2.0,
    "hidden pair": 2.2,
    "naked triple": 2.4,
    "hidden triple": 2.6,
    "naked quad": 2.8,
    "hidden quad": 3.0,
    "x-wing": 3.2,
    "swordfish": 3.6,
    "jellyfish": 4.0,
    "xy-wing": 4.2,
    "simple colouring": 4.4,
}
"""Every technique, easiest first, with its score (the rating of a puzzle that needs it)."""

STALLED_SCORE = 6.0
"""Base score of a puzzle logic cannot finish (plus log10 of the search's guesses)."""

TRIAL = "trial and error"
"""The technique name a rating gives when the logical techniques stall."""
NO_TECHNIQUE = "none"
"""The technique name of a complete grid's rating (score 0)."""
ALREADY_COMPLETE = "the grid is already complete"
"""What :func:`explain`, ``sudograph hint``, ``explain`` and ``rate`` say of a complete grid."""

_SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}
_POINTING = {2: "pair", 3: "triple"}
_FISH_NAMES = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}


# -- state --------------------------------------------------------------------------------------


def _digits(mask: int) -> list[int]:
    """The digits of a mask, in increasing order."""
    out = []
    d = 1
    while mask:
        if mask & 1:
            out.append(d)
        mask >>= 1
        d += 1
    return out


class _State:
    """Values and candidate masks of a grid, with the exact houses and the edges of its graph.

    ``houses`` are the graph's houses of N cells (rows ``0..N-1``, columns ``N..2N-1``, boxes
    or jigsaw regions ``2N..3N-1``, then a variant's extra houses), ``names`` their words
    (``row 4``, ``region 2``, ``the main diagonal``, ``window 3``...), ``peers`` every cell a
    cell sees (its graph neighbours: houses, anti-knight/king moves, killer cages) and
    ``cages`` the killer cages. ``work`` counts the cells looked at by the passes of the
    rating search and by the cage matchings (the unit of :data:`RATE_WORK`).
    """

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.n = n = grid.n
        graph = grid.graph
        named = _named_houses(grid)
        self.houses = [h for _, h in named]
        self.names = [name for name, _ in named]
        self.peers = graph.neighbors
        self.sees = [frozenset(p) for p in self.peers]
        houses_of: list[list[int]] = [[] for _ in range(n * n)]
        for h, house in enumerate(self.houses):
            for i in house:
                houses_of[i].append(h)
        self.houses_of = [tuple(hs) for hs in houses_of]
        self.cages = grid.variant.cages if grid.variant is not None else ()
        self.alphabet = grid.alphabet
        self.full = (1 << n) - 1
        self.work = 0
        self.values = list(grid.values)
        self.cand = [0] * (n * n)
        for i, d in enumerate(self.values):
            if d == 0:
                used = 0
                for p in self.peers[i]:
                    if self.values[p]:
                        used |= 1 << (self.values[p] - 1)
                self.cand[i] = self.full & ~used

    def copy(self) -> _State:
        other = object.__new__(_State)
        other.__dict__.update(self.__dict__)
        other.values = list(self.values)
        other.cand = list(self.cand)
        return other

    def place(self, i: int, d: int) -> None:
        self.values[i] = d
        self.cand[i] = 0
        off = ~(1 << (d - 1))
        for p in self.peers[i]:
            self.cand[p] &= off

    def apply(self, step: Step) -> None:
        for i, d in step.eliminations:
            self.cand[i] &= ~(1 << (d - 1))
        for i, d in step.placements:
            self.place(i, d)

    def solved(self) -> bool:
        return 0 not in self.values

    def broken(self) -> bool:
        """An empty cell without candidates, a digit with no place left in a house, or a
        killer cage whose placed digits pass its sum (or miss it when the cage is full)."""
        if any(v == 0 and c == 0 for v, c in zip(self.values, self.cand, strict=True)):
            return True
        for h in self.houses:
            seen = 0
            for i in h:
                seen |= self.cand[i] | (1 << (self.values[i] - 1) if self.values[i] else 0)
            if seen != self.full:
                return True
        for cells, total in self.cages:
            placed = [self.values[i] for i in cells if self.values[i]]
            if sum(placed) > total or (len(placed) == len(cells) and sum(placed) != total):
                return True
        return False

    def to_grid(self) -> Grid:
        return self.grid.with_values(self.values)

    # names
    def cell(self, i: int) -> str:
        return cell_name(i, self.n)

    def sym(self, d: int) -> str:
        """Digit ``d`` as the grid writes it (``A`` for 11 on a hexadecimal 16×16): the step
        tells a person what to write, in the symbols of the grid in front of them."""
        return symbol_of(d, self.alphabet)

    def house(self, h: int) -> str:
        return self.names[h]

    def is_line(self, h: int) -> bool:
        """Rows and columns (houses ``0..2N-1``)."""
        return h < 2 * self.n

    def positions(self, h: int, d: int) -> list[int]:
        bit = 1 << (d - 1)
        return [i for i in self.houses[h] if self.cand[i] & bit]


_THE = ("main diagonal", "anti-diagonal", "centre dots", "asterisk")
"""House names that read with an article (``in the main diagonal``)."""


def _named_houses(grid: Grid) -> list[tuple[str, tuple[int, ...]]]:
    """The exact houses of ``grid``'s graph (N cells each), with their names."""
    n = grid.n
    if grid.variant is not None:
        named = grid.variant.houses(grid.box)
    else:
        kinds = ("row", "column", "box")
        named = [(f"{kinds[h // n]} {h % n + 1}", h_) for h, h_ in enumerate(grid.graph.houses)]
    return [(f"the {name}" if name in _THE else name, h) for name, h in named if len(h) == n]


def _cells(state: _State, cells: Sequence[int]) -> str:
    return ", ".join(state.cell(i) for i in cells)


def _elim_text(state: _State, elims: Sequence[Elimination]) -> str:
    """``'3 from r4c5, r4c6; 8 from r4c7'``: by digit, the digits that leave the same cells
    together (``'2, 4, 9 from r9c4'``, not ``'2 from r9c4; 4 from r9c4; 9 from r9c4'``)."""
    by_digit: dict[int, list[int]] = {}
    for i, d in elims:
        by_digit.setdefault(d, []).append(i)
    by_cells: dict[frozenset[int], tuple[list[int], list[int]]] = {}  # by their first digit
    for d, cells in sorted(by_digit.items()):
        by_cells.setdefault(frozenset(cells), (cells, []))[1].append(d)
    return "; ".join(
        f"{', '.join(state.sym(d) for d in digits)} from {_cells(state, cells)}"
        for cells, digits in by_cells.values()
    )


def _set(state: _State, digits: Sequence[int]) -> str:
    """``'{1,7}'``: the digits in the grid's symbols."""
    return "{" + ",".join(state.sym(d) for d in digits) + "}"


# -- techniques ---------------------------------------------------------------------------------


def _naked_single(s: _State) -> Iterator[Step]:
    for i, c in enumerate(s.cand):
        if c and c & (c - 1) == 0:
            d = c.bit_length()
            yield Step(
                "naked single",
                (i,),
                (d,),
                placements=((i, d),),
                text=f"{s.cell(i)}: {s.sym(d)} is the only candidate left in the cell",
            )


def _hidden_single(s: _State) -> Iterator[Step]:
    n = s.n
    # boxes (regions) first: easiest to see; then rows, columns, a variant's extra houses
    order = [*range(2 * n, 3 * n), *range(2 * n), *range(3 * n, len(s.houses))]
    for h in order:
        for d in range(1, n + 1):
            pos = s.positions(h, d)
            if len(pos) == 1:
                i, symbol = pos[0], s.sym(d)
                yield Step(
                    "hidden single",
                    (i,),
                    (d,),
                    placements=((i, d),),
                    text=f"{s.cell(i)}: {symbol} is the only place for {symbol} in {s.house(h)}",
                )


def _locked(s: _State, lines: bool) -> Iterator[Step]:
    """Locked candidates: the places of a digit in house ``a`` (a row or column when
    ``lines``, else any other house) all see a cell outside ``a``, which cannot hold it.

    On a classic grid this is pointing (a box whose places lie in one row or column) and
    box-line reduction (a line whose places lie in one box); on a variant any two houses that
    intersect (a box and a diagonal, a row and a window) and any edge (an anti-knight move, a
    killer cage) do the same.
    """
    n = s.n
    technique = "box-line reduction" if lines else "pointing"
    for a in range(2 * n) if lines else range(2 * n, len(s.houses)):
        for d in range(1, n + 1):
            pos = s.positions(a, d)
            if len(pos) < 2:
                continue
            seen = frozenset.intersection(*(s.sees[i] for i in pos))
            bit = 1 << (d - 1)
            elims = tuple((i, d) for i in sorted(seen) if s.cand[i] & bit)
            if not elims:
                continue
            within = set(s.houses_of[pos[0]]).intersection(*(s.houses_of[i] for i in pos[1:]))
            cover = [b for b in sorted(within - {a}) if all(i in s.houses[b] for i, _ in elims)]
            prefix = "" if lines else f"a {_POINTING.get(len(pos), 'group')} "
            if cover:
                what = f"{s.sym(d)} lies only in {s.house(cover[0])} ({_cells(s, pos)})"
            else:  # an edge outside the houses: a knight's or king's move, a cage
                seen_cells = _cells(s, [i for i, _ in elims])
                what = f"the places of {s.sym(d)} ({_cells(s, pos)}) all see {seen_cells}"
            yield Step(
                technique,
                tuple(pos),
                (d,),
                eliminations=elims,
                text=f"{prefix}in {s.house(a)}, {what}, which removes {_elim_text(s, elims)}",
            )


def _pointing(s: _State) -> Iterator[Step]:
    return _locked(s, lines=False)


def _box_line(s: _State) -> Iterator[Step]:
    return _locked(s, lines=True)


def _matching(masks: Sequence[int]) -> bool:
    """True when every cell ``j`` can take its own digit of ``masks[j]`` (a perfect matching
    of cells to distinct digits, by augmenting paths).

    >>> _matching([0b011, 0b011, 0b110]), _matching([0b011, 0b011, 0b011])
    (True, False)
    """
    owner: dict[int, int] = {}  # digit bit -> the cell holding it
    seen = 0  # the digit bits one augmenting search has visited

    def augment(j: int) -> bool:
        nonlocal seen
        m = masks[j] & ~seen
        while m:
            bit = m & -m
            seen |= bit
            k = owner.get(bit)
            if k is None or augment(k):
                owner[bit] = j
                return True
            m &= ~seen
        return False

    for j in range(len(masks)):
        seen = 0
        if not augment(j):
            return False
    return True


def _support(s: _State, free: Sequence[int], sets: Sequence[int]) -> tuple[list[int], list[int]]:
    """Which of the digit ``sets`` (masks of ``len(free)`` digits) the ``free`` cells can hold
    with their candidates (one digit each), and for each cell the digits that one of them
    puts there: ``(indices of the live sets, support mask per cell)``."""
    support = [0] * len(free)
    live = []
    for k, digits in enumerate(sets):
        masks = [s.cand[i] & digits for i in free]
        s.work += len(free)  # a matching looks at its cells (the rating search's work)
        if not _matching(masks):
            continue
        live.append(k)
        for j, m in enumerate(masks):
            todo = m & ~support[j]
            while todo:
                bit = todo & -todo
                todo ^= bit
                s.work += len(free)
                if _matching([bit if x == j else mx & ~bit for x, mx in enumerate(masks)]):
                    support[j] |= bit
    return live, support


def _sets_text(s: _State, sets: Sequence[int]) -> str:
    """``'{1,7} or {2,6}'``, or how many sets there are when more than four."""
    if len(sets) > 4:
        return f"one of {len(sets)} digit sets"
    return " or ".join(_set(s, _digits(m)) for m in sets) if sets else "no set of digits"


def _cage_combination(s: _State) -> Iterator[Step]:
    """Killer cages: a digit stays in a cell of a cage only if some set of distinct digits
    making the cage's sum, with the digits placed there, fits the candidates of its cells
    with that digit in that cell."""
    for k, (cells, total) in enumerate(s.cages, 1):
        free = [i for i in cells if not s.values[i]]
        combos = cage_combinations(len(cells), total, s.n)
        if not free or combos is None:
            continue
        placed = 0
        for i in cells:
            if s.values[i]:
                placed |= 1 << (s.values[i] - 1)
        combos = tuple(c for c in combos if c & placed == placed)
        live, support = _support(s, free, [c & ~placed for c in combos])
        elims = tuple((i, d) for j, i in enumerate(free) for d in _digits(s.cand[i] & ~support[j]))
        if elims:
            yield Step(
                "cage combination",
                tuple(cells),
                tuple(sorted({d for _, d in elims})),
                eliminations=elims,
                text=(
                    f"cage {k} (sum {total}: {_cells(s, cells)}) can only hold "
                    f"{_sets_text(s, [combos[x] for x in live])} with the candidates, which "
                    f"removes {_elim_text(s, elims)}"
                ),
            )


def _rule_of_45(outside: bool) -> Callable[[_State], Iterator[Step]]:
    """The killer's rule of 45 on one house (its digits add up to N(N+1)/2), as *innies*: the
    cells it holds outside the cages lying wholly inside it add up to what those cages leave;
    or as *outies* (``outside``): when cages cover the whole house, their cells outside it add
    up to what those cages hold beyond it (read only when those cells lie in one house, as
    cells of several may repeat a digit). One such cell is placed, a few are a cage of their
    own (distinct digits, that sum)."""
    technique = "outies" if outside else "innies"

    def find(s: _State) -> Iterator[Step]:
        if not s.cages:
            return
        whole = s.n * (s.n + 1) // 2
        cage_of = {i: k for k, (cells, _) in enumerate(s.cages) for i in cells}
        for h, house in enumerate(s.houses):
            members = set(house)
            if outside:
                if any(i not in cage_of for i in house):
                    continue
                cages = sorted({cage_of[i] for i in house})
                cells = [i for k in cages for i in s.cages[k][0] if i not in members]
            else:
                cages = sorted(
                    {cage_of[i] for i in house if i in cage_of}
                    & {k for k, (cells, _) in enumerate(s.cages) if members.issuperset(cells)}
                )
                cells = [i for i in house if cage_of.get(i, -1) not in cages]
            free = [i for i in cells if not s.values[i]]
            if not cages or not 1 <= len(free) <= 4:
                continue
            if outside and len(free) > 1 and not any(set(free) <= set(o) for o in s.houses):
                continue
            caged = sum(s.cages[k][1] for k in cages)
            given = sum(s.values[i] for i in cells)
            several = len(cages) > 1
            plural = "s" * several
            placed = (  # the cage's or cages' digits outside the house; the house's outside them
                f" and {'their' if several else 'its'} placed digits outside it to {given}"
                if outside
                else f" and its placed digits outside the cage{plural} to {given}"
            )
            head = (
                f"{s.house(h)} adds up to {whole}, the cage{plural} "
                f"{', '.join(str(k + 1) for k in cages)} "
                f"{'covering' if outside else 'inside'} it to {caged}" + (placed if given else "")
            )
            need = caged - whole - given if outside else whole - caged - given
            step = _sum_step(s, technique, head, free, need)
            if step is not None:
                yield step

    return find


def _sum_step(s: _State, technique: str, head: str, free: list[int], need: int) -> Step | None:
    """The step of ``technique`` when the ``free`` cells (distinct digits) add up to ``need``:
    one cell placed, or the digits no set making the sum puts in a cell removed (None when
    neither does anything); ``head`` says where the sum comes from."""
    sets = cage_combinations(len(free), need, s.n) if need > 0 else ()
    if sets is None:
        return None
    live, support = _support(s, free, sets)
    placements: tuple[Placement, ...] = ()
    if len(free) == 1 and support[0] and support[0] & (support[0] - 1) == 0:
        placements = ((free[0], support[0].bit_length()),)
    elims = tuple((i, d) for j, i in enumerate(free) for d in _digits(s.cand[i] & ~support[j]))
    if not placements and not elims:
        return None
    if placements:
        i, d = placements[0]
        text = f"{head}, so {s.cell(i)} is {s.sym(d)}"
    else:
        text = (
            f"{head}, so {_cells(s, free)} add up to {need}: "
            f"{_sets_text(s, [sets[x] for x in live])}, which removes {_elim_text(s, elims)}"
        )
    return Step(
        technique,
        tuple(free),
        tuple(sorted({d for _, d in placements or elims})),  # a placement: its digit alone
        eliminations=() if placements else elims,
        placements=placements,
        text=text,
    )


def _naked_subsets(size: int) -> Callable[[_State], Iterator[Step]]:
    name = f"naked {_SUBSET_NAMES[size]}"

    def find(s: _State) -> Iterator[Step]:
        for h, house in enumerate(s.houses):
            free = [i for i in house if s.cand[i]]
            if len(free) <= size:
                continue
            small = [i for i in free if 2 <= s.cand[i].bit_count() <= size]
            for group in combinations(small, size):
                union = 0
                for i in group:
                    union |= s.cand[i]
                if union.bit_count() != size:
                    continue
                elims = tuple(
                    (i, d) for i in free if i not in group for d in _digits(s.cand[i] & union)
                )
                if elims:
                    digits = tuple(_digits(union))
                    yield Step(
                        name,
                        group,
                        digits,
                        eliminations=elims,
                        text=(
                            f"in {s.house(h)}, {_cells(s, group)} hold only "
                            f"{_set(s, digits)}, which removes {_elim_text(s, elims)}"
                        ),
                    )

    return find


def _hidden_subsets(size: int) -> Callable[[_State], Iterator[Step]]:
    name = f"hidden {_SUBSET_NAMES[size]}"

    def find(s: _State) -> Iterator[Step]:
        for h, house in enumerate(s.houses):
            free = [i for i in house if s.cand[i]]
            if len(free) <= size:
                continue
            where: dict[int, list[int]] = {}
            for d in range(1, s.n + 1):
                pos = s.positions(h, d)
                if 2 <= len(pos) <= size:
                    where[d] = pos
            for digits in combinations(sorted(where), size):
                cells = sorted({i for d in digits for i in where[d]})
                if len(cells) != size:
                    continue
                keep = 0
                for d in digits:
                    keep |= 1 << (d - 1)
                elims = tuple((i, d) for i in cells for d in _digits(s.cand[i] & ~keep))
                if elims:
                    yield Step(
                        name,
                        tuple(cells),
                        digits,
                        eliminations=elims,
                        text=(
                            f"in {s.house(h)}, {_set(s, digits)} fit only in "
                            f"{_cells(s, cells)}, which removes {_elim_text(s, elims)}"
                        ),
                    )

    return find


def _fish(size: int) -> Callable[[_State], Iterator[Step]]:
    name = _FISH_NAMES[size]

    def find(s: _State) -> Iterator[Step]:
        n = s.n
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            for base_kind, cover_kind in ((0, 1), (1, 0)):
                lines: dict[int, set[int]] = {}
                for b in range(base_kind * n, base_kind * n + n):
                    covers = {_line(n, i, cover_kind) for i in s.positions(b, d)}
                    if 2 <= len(covers) <= size:
                        lines[b] = covers
                for base in combinations(sorted(lines), size):
                    cover: set[int] = set().union(*(lines[b] for b in base))
                    if len(cover) != size:
                        continue
                    elims = tuple(
                        sorted(
                            (i, d)
                            for c in cover
                            for i in s.houses[c]
                            if s.cand[i] & bit and _line(n, i, base_kind) not in base
                        )
                    )
                    if elims:
                        pattern = tuple(sorted(i for b in base for i in s.positions(b, d)))
                        bases = ", ".join(str(b % n + 1) for b in base)
                        covers_txt = ", ".join(str(c % n + 1) for c in sorted(cover))
                        kinds = ("rows", "columns")
                        yield Step(
                            name,
                            pattern,
                            (d,),
                            eliminations=elims,
                            text=(
                                f"{kinds[base_kind]} {bases} have {s.sym(d)} only in "
                                f"{kinds[cover_kind]} {covers_txt}, which removes "
                                f"{_elim_text(s, elims)}"
                            ),
                        )

    return find


def _line(n: int, i: int, kind: int) -> int:
    """The row (``kind`` 0) or column (1) of cell ``i`` as a house number."""
    return i // n if kind == 0 else n + i % n


def _sees(s: _State, a: int, b: int) -> bool:
    """Cells ``a`` and ``b`` cannot hold the same digit (an edge of the graph)."""
    return b in s.sees[a]


def _xy_wing(s: _State) -> Iterator[Step]:
    bivalue = [i for i, c in enumerate(s.cand) if c.bit_count() == 2]
    biset = set(bivalue)
    for pivot in bivalue:
        pc = s.cand[pivot]
        wings = [p for p in s.peers[pivot] if p in biset and (s.cand[p] & pc).bit_count() == 1]
        for a, b in combinations(wings, 2):
            ca, cb = s.cand[a], s.cand[b]
            if ca == cb or (ca & cb).bit_count() != 1 or (ca & cb) & pc:
                continue
            if (ca & pc) == (cb & pc):
                continue
            z = (ca & cb).bit_length()
            bit = 1 << (z - 1)
            elims = tuple(
                (i, z)
                for i in sorted(set(s.peers[a]) & set(s.peers[b]))
                if i != pivot and s.cand[i] & bit
            )
            if elims:
                yield Step(
                    "xy-wing",
                    (pivot, a, b),
                    (z,),
                    eliminations=elims,
                    text=(
                        f"pivot {s.cell(pivot)} {_set(s, _digits(pc))} with pincers "
                        f"{s.cell(a)} {_set(s, _digits(ca))} and {s.cell(b)} "
                        f"{_set(s, _digits(cb))}: one pincer is {s.sym(z)}, which removes "
                        f"{_elim_text(s, elims)}"
                    ),
                )


def _colour_chains(s: _State, d: int) -> list[dict[int, int]]:
    """Connected components of the conjugate pairs of digit d, each 2-coloured (0/1)."""
    links: dict[int, set[int]] = {}
    for h in range(len(s.houses)):
        pos = s.positions(h, d)
        if len(pos) == 2:
            a, b = pos
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    seen: set[int] = set()
    chains = []
    for start in sorted(links):
        if start in seen:
            continue
        colour = {start: 0}
        stack = [start]
        bipartite = True
        while stack:
            v = stack.pop()
            for w in sorted(links[v]):
                if w not in colour:
                    colour[w] = 1 - colour[v]
                    stack.append(w)
                elif colour[w] == colour[v]:
                    bipartite = False  # an odd cycle: the clues clash, deduce nothing here
        seen.update(colour)
        if len(colour) >= 3 and bipartite:
            chains.append(colour)
    return chains


def _simple_colouring(s: _State) -> Iterator[Step]:
    for d in range(1, s.n + 1):
        bit = 1 << (d - 1)
        for colour in _colour_chains(s, d):
            chain = tuple(sorted(colour))
            groups = [[v for v in chain if colour[v] == k] for k in (0, 1)]
            # colour wrap: two cells of one colour see each other, so that colour is false
            for k in (0, 1):
                clash = next(
                    ((a, b) for a, b in combinations(groups[k], 2) if _sees(s, a, b)), None
                )
                if clash is not None:
                    elims = tuple((i, d) for i in groups[k])
                    yield Step(
                        "simple colouring",
                        chain,
                        (d,),
                        eliminations=elims,
                        text=(
                            f"colour wrap on {s.sym(d)}: {s.cell(clash[0])} and "
                            f"{s.cell(clash[1])} share a colour and see each other, so that "
                            f"colour is false, which removes {_elim_text(s, elims)}"
                        ),
                    )
                    break
            # colour trap: a cell outside the chain sees both colours
            elims_list = []
            witness: tuple[int, int] | None = None
            for i in range(len(s.cand)):
                if i in colour or not s.cand[i] & bit:
                    continue
                a = next((v for v in groups[0] if _sees(s, i, v)), None)
                b = next((v for v in groups[1] if _sees(s, i, v)), None)
                if a is not None and b is not None:
                    elims_list.append((i, d))
                    witness = witness or (a, b)
            if elims_list and witness is not None:
                elims = tuple(elims_list)
                yield Step(
                    "simple colouring",
                    chain,
                    (d,),
                    eliminations=elims,
                    text=(
                        f"colour trap on {s.sym(d)}: one of the two colours of "
                        f"the chain {_cells(s, chain)} is {s.sym(d)}; cells seeing both colours "
                        f"(e.g. {s.cell(witness[0])} and {s.cell(witness[1])}) cannot be "
                        f"{s.sym(d)}, "
                        f"which removes {_elim_text(s, elims)}"
                    ),
                )


FINDERS: dict[str, Callable[[_State], Iterator[Step]]] = {
    "naked single": _naked_single,
    "hidden single": _hidden_single,
    "cage combination": _cage_combination,
    "innies": _rule_of_45(outside=False),
    "outies": _rule_of_45(outside=True),
    "pointing": _pointing,
    "box-line reduction": _box_line,
    "naked pair": _naked_subsets(2),
    "hidden pair": _hidden_subsets(2),
    "naked triple": _naked_subsets(3),
    "hidden triple": _hidden_subsets(3),
    "naked quad": _naked_subsets(4),
    "hidden quad": _hidden_subsets(4),
    "x-wing": _fish(2),
    "swordfish": _fish(3),
    "jellyfish": _fish(4),
    "xy-wing": _xy_wing,
    "simple colouring": _simple_colouring,
}


def _check_techniques(techniques: Sequence[str] | str | None) -> tuple[str, ...]:
    """The techniques named (one name, or a collection of names; None: all of them), in the
    order of :data:`TECHNIQUES`; :class:`InvalidArgument` on anything else.

    >>> _check_techniques(5)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: techniques must be a technique's name, a list of them \
or None, got 5
    """
    if techniques is None:
        return tuple(TECHNIQUES)
    if isinstance(techniques, str):  # one name, not its letters
        techniques = (techniques,)
    elif not isinstance(techniques, Iterable):
        raise InvalidArgument(
            f"techniques must be a technique's name, a list of them or None, got {techniques!r}"
        )
    techniques = tuple(techniques)  # (a generator is read once)
    for t in techniques:
        if not isinstance(t, str) or t not in TECHNIQUES:
            raise InvalidArgument(f"unknown technique {t!r} (known: {', '.join(TECHNIQUES)})")
    return tuple(t for t in TECHNIQUES if t in techniques)


def _find(s: _State, techniques: tuple[str, ...]) -> Step | None:
    """The first step of the first technique that finds one, with the grid's side."""
    for t in techniques:
        for step in FINDERS[t](s):
            return replace(step, n=s.n)
    return None


def _checked_state(grid: Grid, what: str) -> _State:
    """The state of ``grid`` (a :class:`Grid`, for the function ``what``) with clues that do
    not clash."""
    clash = require_grid(grid, what).clash_error()
    if clash is not None:
        raise clash
    return _State(grid)


# -- public API ---------------------------------------------------------------------------------


def find_steps(
    grid: Grid,
    technique: str,
    candidates: Sequence[Iterable[int]] | None = None,
) -> list[Step]:
    """Every step ``technique`` finds on the candidates of ``grid`` (nothing applied).

    ``candidates``, one collection of digits per cell, narrows the candidates the clues leave
    (to study a pattern on a hand-made candidate grid).

    >>> [s.text for s in find_steps(Grid.parse("4.3.1..42..3.1.."), "hidden single")][:1]
    ['r2c2: 3 is the only place for 3 in box 1']
    """
    _check_techniques([technique])
    state = _checked_state(grid, "find_steps")
    _narrow(state, grid, candidates)
    return [replace(step, n=state.n) for step in FINDERS[technique](state)]


def _narrow(state: _State, grid: Grid, candidates: Sequence[Iterable[int]] | None) -> None:
    """Narrow ``state``'s candidates to ``candidates`` (one collection of digits per cell);
    :class:`InvalidArgument` naming the cell of a digit out of ``1..N``."""
    if candidates is None:
        return
    n = grid.n
    if isinstance(candidates, str | bytes) or not hasattr(candidates, "__len__"):
        raise InvalidArgument(
            f"candidates must be one collection of digits per cell, got {type(candidates).__name__}"
        )
    if len(candidates) != len(grid.values):
        raise InvalidArgument(f"{len(candidates)} candidate sets for {len(grid.values)} cells")
    for i, digits in enumerate(candidates):
        if not isinstance(digits, Iterable):
            raise InvalidArgument(
                f"{cell_name(i, n)}: candidates must be a collection of digits, got {digits!r}"
            )
        mask = 0
        for d in digits:
            if type(d) is not int and is_whole(d):
                d = int(d)  # a numpy integer
            if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= n:
                raise InvalidArgument(f"{cell_name(i, n)}: candidate {d!r} is outside 1..{n}")
            mask |= 1 << (d - 1)
        state.cand[i] &= mask


def next_step(
    grid: Grid,
    techniques: Sequence[str] | str | None = None,
    candidates: Sequence[Iterable[int]] | None = None,
) -> Step | None:
    """The next logical step on ``grid`` (the easiest technique that makes progress), or None.

    Candidates are those of the clues alone (as a person starting on the printed grid), or
    ``candidates`` within them (one collection of digits per cell: the eliminations of the
    steps before, to chain hints); a placement is the hint to give, an elimination prepares
    one. Raises :class:`InvalidPuzzle` on clashing clues.

    >>> next_step(Grid.parse("1234341221434321")) is None
    True
    """
    s = _checked_state(grid, "next_step")
    _narrow(s, grid, candidates)
    if s.solved() or s.broken():
        return None
    return _find(s, _check_techniques(techniques))


def hint(
    grid: Grid,
    techniques: Sequence[str] | str | None = None,
    candidates: Sequence[Iterable[int]] | None = None,
) -> list[Step]:
    """The steps from ``grid`` to its next placement: the eliminations that lead to it, then
    the step that writes a digit (``[]`` when no technique applies).

    What ``sudograph hint`` prints. A hint that stopped at an elimination would come back the
    same when asked again from the clues (the candidates are the clues' each time), so the
    eliminations are carried forward here, as :func:`next_step`'s ``candidates`` would carry
    them, the easiest technique first each time, until one writes a digit; then only the
    eliminations that placement needs are kept (each kept step is found by its technique
    after the kept steps before it, and the placement after all of them; the easiest steps
    first take candidates anywhere on the grid). The last step has ``placements`` unless the
    techniques stall (or reach a contradiction) first: then the eliminations found are all
    there is. ``techniques`` and ``candidates`` as :func:`next_step`; raises
    :class:`InvalidPuzzle` on clashing clues.

    Like :func:`next_step`, it reasons from the grid as written and does not count its
    solutions: on a grid with a wrong digit a step may still follow from what is written
    (``sudograph hint`` counts first, and says ``no solution``; :func:`sudograph.count`
    does it here).

    >>> g = Grid.parse(
    ...     "..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56"
    ... )
    >>> steps = hint(g)
    >>> [s.technique for s in steps]
    ['pointing', 'hidden pair', 'hidden single']
    >>> steps[-1].text
    'r6c4: 9 is the only place for 9 in row 6'
    """
    names = _check_techniques(techniques)
    s = _checked_state(grid, "hint")
    _narrow(s, grid, candidates)
    start = s.copy()
    steps: list[Step] = []
    while not (s.solved() or s.broken()):
        step = _find(s, names)
        if step is None:
            break
        steps.append(step)
        if step.placements:
            return _needed(start, steps)
        s.apply(step)
    return steps


HINT_FINDS = 200
"""The most technique runs :func:`hint` spends dropping the eliminations its placement does
not need (work, not time: the same hint on any machine); past it the steps left are kept,
each of them still a correct step."""


def _needed(start: _State, steps: list[Step]) -> list[Step]:
    """``steps`` (eliminations, then a placement) without the eliminations the placement does
    not need: from first to last, a run of steps is dropped when the steps after it, replayed
    after those before it, are each still found by their technique, the placement included;
    runs are halved down to single steps, and single steps tried again until none goes (each
    step left is then needed by those after it), within :data:`HINT_FINDS` technique runs.
    (The easiest step first finds eliminations anywhere on the grid: 116 of them before 12
    killer placements that needed 15, in a QA pass.)"""
    kept = list(steps)
    finds = [HINT_FINDS]
    size = len(kept) - 1  # runs of steps dropped at once, halved down to one (most go)
    while size and finds[0] > 0:
        kept, dropped = _drop_runs(start, kept, size, finds)
        if size > 1:
            size //= 2
        elif not dropped:
            break
    return kept


def _drop_runs(
    start: _State, steps: list[Step], size: int, finds: list[int]
) -> tuple[list[Step], bool]:
    """One pass of :func:`_needed` with runs of ``size`` steps: the steps kept, and whether
    any went. The state after the steps checked so far is kept, so that each trial replays
    only the steps after the run; ``finds`` counts the technique runs left."""
    kept = list(steps)
    s = start.copy()  # after kept[:i], each found in turn
    i, dropped = 0, False
    while i < len(kept) - 1 and finds[0] > 0:
        end = min(i + size, len(kept) - 1)
        if _replays(s, kept[end:], finds):
            kept = kept[:i] + kept[end:]
            dropped = True
        else:
            for step in kept[i:end]:
                s.apply(step)
            i = end
    return kept, dropped


def _replays(start: _State, steps: Sequence[Step], finds: list[int]) -> bool:
    """Whether each of ``steps`` in turn is found by its technique from ``start`` (each
    technique run taken from ``finds[0]``)."""
    s = start.copy()
    for step in steps:
        finds[0] -= 1
        if not any(found == step for found in FINDERS[step.technique](s)):
            return False
        s.apply(step)
    return True


def check_timeout(timeout: object) -> float | None:
    """``timeout`` (seconds) as a float when it is None or a number above 0 (at most
    :data:`~sudograph.problem.MAX_TIMEOUT`: a larger one, an int no float holds included, is
    read as that); else :class:`InvalidArgument` (0, a negative number or NaN would leave no
    time at all to make a puzzle: a silent failure). The check of
    :func:`sudograph.generate.generate` (:func:`solve_logically` takes a timeout as
    :func:`~sudograph.solve.solve` does: 0 stops at once).

    >>> check_timeout(0)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: timeout must be > 0, got 0
    """
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, Real):
        raise InvalidArgument(f"timeout must be a number of seconds, got {timeout!r}")
    if not timeout > 0:  # type: ignore[operator]  # NaN too
        raise InvalidArgument(f"timeout must be > 0, got {timeout}")
    return clamp_timeout(timeout)  # type: ignore[arg-type]


def solve_logically(
    grid: Grid,
    techniques: Sequence[str] | None = None,
    *,
    timeout: float | None = None,
) -> LogicResult:
    """Apply the techniques (all of them, or those named) until the grid is solved or stalls.

    The steps are recorded in order. A solved grid is checked against the puzzle. ``timeout``
    (seconds, as :func:`~sudograph.solve.solve` takes it: 0 takes no step) stops the steps
    early: not solved, ``timed_out`` (its summary says ``stopped after N steps: the time
    limit``, not a stall). Raises :class:`InvalidPuzzle` on clashing clues and
    :class:`InvalidArgument` on an unknown technique or a ``timeout`` that is negative, NaN or
    not a number.

    >>> r = solve_logically(Grid.parse("1.3.....2...4..1"), ["naked single"])
    >>> r.solved, len(r.steps), r.grid.to_line()
    (False, 7, '1.3.3.1.21434321')
    >>> print(solve_logically(Grid.parse("1.3.....2...4..1"), timeout=0))
    stopped after 0 steps: the time limit (5 of 16 cells filled)
    """
    return _solve_logically(grid, techniques, _deadline(timeout), "solve_logically")


def _deadline(timeout: object) -> float | None:
    """The ``time.perf_counter()`` at which a ``timeout`` (checked as :func:`solve` checks
    it) runs out, or None without one."""
    seconds = SolveOptions(timeout=timeout).timeout  # type: ignore[arg-type]
    return None if seconds is None else time.perf_counter() + seconds


def _solve_logically(
    grid: Grid, techniques: Sequence[str] | None, deadline: float | None, what: str
) -> LogicResult:
    """:func:`solve_logically` until ``deadline`` (``time.perf_counter()``; already past it:
    no step, as ``timeout=0`` asks), for the function ``what`` (named by its errors)."""
    names = _check_techniques(techniques)
    s = _checked_state(grid, what)
    steps: list[Step] = []
    while not s.solved():
        if s.broken():
            return LogicResult(steps, s.to_grid(), False, contradiction=True)
        if deadline is not None and time.perf_counter() >= deadline:
            return LogicResult(steps, s.to_grid(), False, timed_out=True)
        step = _find(s, names)
        if step is None:
            break
        steps.append(step)
        s.apply(step)
    out = s.to_grid()
    solved = s.solved()
    if solved and s.broken():  # a killer cage missed its sum: no solution (no cage technique)
        return LogicResult(steps, out, False, contradiction=True)
    if solved and not out.is_solution_of(grid):  # pragma: no cover - the techniques are sound
        raise AssertionError("logic produced a wrong solution")
    return LogicResult(steps, out, solved)


def _singles_fixpoint(s: _State) -> bool:
    """Apply naked and hidden singles (and cage combinations) until none is left; False on a
    contradiction. Each pass adds the grid's cells to ``s.work`` (it looks at every cell)."""
    while True:
        s.work += len(s.values)
        if s.broken():
            return False
        step = (
            next(_naked_single(s), None)
            or next(_hidden_single(s), None)
            or next(_cage_combination(s), None)
        )
        if step is None:
            return True
        s.apply(step)


RATE_GUESSES = 100_000
"""The most guesses :func:`rate` counts from a stalled state (a score of 11 at most)."""
RATE_WORK = 3_000_000
"""The most work :func:`rate`'s search does from a stalled state, in cells looked at: a pass of
singles counts the grid's cells (81 on 9×9), a matching of a killer cage's cells its cells.
Work, not time, so that a puzzle gets the same rating on any machine, however fast or busy.
About 3 to 4 s of the Python search here (2 shared x86_64 cores, Python 3.11.7: a cell looked
at costs 1 to 2 µs): 9×9 puzzles stay far below it (the hardest of ``tests/data/sudoku``, 1,467
guesses: 0.8 million), a minimal 16×16 killer (millions of guesses for any depth-first search,
``tests/data/variants/killer16.txt``) reaches it after 33 guesses."""
RATE_SECONDS = 5.0
"""The longest :func:`rate` lets the core count a stalled puzzle's solutions (limit 2) to
refuse a grid with none or several; a count that cannot tell in time leaves the rating as it
is (the rating itself does not depend on the clock: :data:`RATE_WORK`)."""


class _Budget(Exception):
    """The rating search ran out of its budget."""


def _guesses(s: _State, limit: int, work: int) -> tuple[int, bool, bool]:
    """Assignments tried by an MRV search with singles propagation until the first solution,
    whether the search stopped at ``limit`` guesses or ``work`` (cells looked at: see
    :data:`RATE_WORK`) before one, and whether it found one (a search that tried everything and
    found none: the puzzle has no solution)."""
    count = spent = 0

    def search(state: _State) -> bool:
        nonlocal count, spent
        before = state.work
        consistent = _singles_fixpoint(state)
        spent += state.work - before
        if not consistent:
            return False
        if state.solved():
            return True
        free = [i for i, c in enumerate(state.cand) if c]
        i = min(free, key=lambda j: state.cand[j].bit_count())
        for d in _digits(state.cand[i]):
            if count >= limit or spent >= work:
                raise _Budget
            count += 1
            child = state.copy()
            child.place(i, d)
            if search(child):
                return True
        return False

    try:
        found = search(s)
    except _Budget:
        return count, True, False
    return count, False, found


NOTHING_TO_RATE = "nothing to rate"
"""What :func:`rate` and ``sudograph rate`` say after ``no solution`` or ``more than one
solution``."""


def _solutions_up_to_two(grid: Grid, seconds: float) -> int | None:
    """0, 1 or 2 (two or more) solutions of ``grid``, counted by the core
    (:func:`sudograph.solve.solve`, limit 2) within ``seconds``; None when it could not tell
    in time."""
    from .solve import solve

    result = solve(grid, "propagate", limit=2, timeout=seconds)
    if len(result.solutions) >= 2:
        return 2
    if result.complete:
        return len(result.solutions)
    if result.reason == "interrupted":  # Ctrl-C: stop, no rating made up
        raise KeyboardInterrupt
    return None


def rate(grid: Grid, *, check_unique: bool = True) -> Rating:
    """How hard ``grid`` is for a person: the hardest technique needed and a score.

    The score is the weight of the hardest technique (:data:`TECHNIQUES`, 1.0 to 4.4); when
    logic stalls it is ``6 + log10(1 + guesses)``, the guesses of a singles-propagating search
    from the stalled state (the technique is then ``"trial and error"``). A complete grid needs
    no technique: ``"none"``, score 0.

    A rating is of a puzzle: exactly one solution. Raises :class:`InvalidPuzzle` on clashing
    clues, and ``no solution: nothing to rate`` or ``more than one solution: nothing to rate``
    (what ``sudograph rate`` says) for a grid that is no puzzle: logic that solves a grid
    proves it unique and logic that reaches a contradiction proves it has no solution; when
    logic stalls, the core counts its solutions (limit 2, within :data:`RATE_SECONDS`:
    compiled with numba), and a rating search that tries every digit without a solution
    proves there is none. ``check_unique=False`` skips the count (a caller that made the
    puzzle or counted it already knows; a grid with several solutions is then rated by the
    guesses to its first). A count that cannot tell in time leaves the rating as it is.
    ``check_unique`` must be True or False (:class:`InvalidArgument`: ``"no"`` is true to
    Python).

    The search from a stalled state stops at :data:`RATE_GUESSES` guesses or
    :data:`RATE_WORK` (work, not time: a puzzle gets the same rating on any machine); it is
    then ``capped`` and its score a lower bound. Its guesses follow the grid as written (its
    first cell of fewest candidates in reading order, digits from 1 up): the same puzzle
    turned or with its digits renamed may get another score above 6, never another technique
    (docs/logic.md).

    >>> rate(Grid.parse("4.3.1..42..3.1.."))
    Rating(technique='naked single', score=1.0, steps=9, solved=True, guesses=0, capped=False)
    >>> rate(Grid.parse("4231134224133124"))
    Rating(technique='none', score=0.0, steps=0, solved=True, guesses=0, capped=False)
    >>> rate(Grid.parse("1.3.....2...4..1"))
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidPuzzle: more than one solution: nothing to rate
    """
    require_grid(grid, "rate")
    check_flag("check_unique", check_unique)
    if 0 not in grid.values:
        _checked_state(grid, "rate")  # a complete grid may still break the rules
        return Rating(NO_TECHNIQUE, 0.0, 0, True)
    result = solve_logically(grid)
    if result.solved:
        name = result.hardest() or "naked single"
        return Rating(name, TECHNIQUES[name], len(result.steps), True)
    if result.contradiction:  # a rating is of a puzzle, which has a solution
        raise InvalidPuzzle(
            "no solution: the techniques reach a contradiction after "
            f"{len(result.steps)} step{'' if len(result.steps) == 1 else 's'}"
        )
    if check_unique:
        found = _solutions_up_to_two(grid, RATE_SECONDS)
        if found == 0:
            raise InvalidPuzzle(f"no solution: {NOTHING_TO_RATE}")
        if found == 2:
            raise InvalidPuzzle(f"more than one solution: {NOTHING_TO_RATE}")
    state = _State(result.grid)
    for step in result.steps:  # keep the eliminations made so far
        for i, d in step.eliminations:
            state.cand[i] &= ~(1 << (d - 1))
    guesses, capped, solved = _guesses(state, RATE_GUESSES, RATE_WORK)
    if not (capped or solved):  # every digit tried from the stall: no solution
        raise InvalidPuzzle(
            f"no solution: {NOTHING_TO_RATE} (a search from where logic stalls tried "
            f"{guesses} guess{'' if guesses == 1 else 'es'} and found none)"
        )
    score = round(STALLED_SCORE + math.log10(1 + guesses), 2)
    return Rating(TRIAL, score, len(result.steps), False, guesses, capped)


def explain(grid: Grid) -> list[str]:
    """The logical solution path in words, one line per step (and a last line if it stalls);
    a complete grid has no step, and one line that says so (:data:`ALREADY_COMPLETE`).

    >>> explain(Grid.parse("4.3.1..42..3.1.."))[0]
    '1. naked single: r1c2: 2 is the only candidate left in the cell'
    >>> explain(Grid.parse("4231134224133124"))
    ['the grid is already complete']
    """
    return describe(_solve_logically(grid, None, None, "explain"))


def describe(result: LogicResult) -> list[str]:
    """The lines of :func:`explain` for a result of :func:`solve_logically`;
    :class:`InvalidArgument` for anything else.

    >>> describe(None)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: describe takes a LogicResult (solve_logically makes one), \
got NoneType
    """
    if not isinstance(result, LogicResult):
        hint = " (explain(grid) gives its lines)" if isinstance(result, Grid) else ""
        raise InvalidArgument(
            "describe takes a LogicResult (solve_logically makes one), "
            f"got {type(result).__name__}{hint}"
        )
    lines = [f"{k}. {st.technique}: {st.text}" for k, st in enumerate(result.steps, 1)]
    if result.solved and not result.steps:  # solved without a step: it was complete
        lines.append(ALREADY_COMPLETE)
    elif result.contradiction:
        lines.append("contradiction: the clues admit no solution")
    elif not result.solved:
        why = "the time limit" if result.timed_out else "no technique applies"
        lines.append(
            f"{'stopped' if result.timed_out else 'stalled'} after {len(result.steps)} "
            f"step{'' if len(result.steps) == 1 else 's'}: {why} "
            f"({result.grid.clues} of {len(result.grid.values)} cells filled)"
        )
    return lines


def grid_of(problem: Problem) -> Grid:
    """The Sudoku grid (classic or variant) a problem stands for; :class:`InvalidArgument` if
    it is not one.

    A variant's rules are read back from the graph :func:`~sudograph.variants.variant_graph`
    built (its name, its regions, the problem's cages) and kept only when they build the same
    graph again.

    >>> grid_of(Grid.parse("1.3.....2...4..1").problem).box
    (2, 2)
    >>> grid_of(Grid.parse("1" + "." * 15, variant="x").problem).variant.spec
    'x'
    >>> grid_of("1.3.")
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: grid_of takes a Problem, got str
    """
    return _grid_of(problem, "grid_of")


def _grid_of(problem: Problem, what: str) -> Grid:
    """:func:`grid_of` for the function ``what`` (named by its errors)."""
    require_problem(problem, what)
    k, n2 = problem.k, problem.graph.n
    if k * k != n2:
        raise InvalidArgument("method 'logic' works on Sudoku grids only")
    shapes = sorted(((r, k // r) for r in range(1, k + 1) if k % r == 0), key=_squareness)
    for r, c in shapes:
        g = sudoku_graph(r, c)
        if not problem.cages and (g is problem.graph or g.neighbors == problem.graph.neighbors):
            return Grid((r, c), problem.precolouring)
    graph = problem.graph
    prefix = f"sudoku {k}x{k} "
    if graph.name.startswith(prefix):
        names = tuple(graph.name[len(prefix) :].split("+"))
        regions = None
        if "jigsaw" in names and len(graph.houses) >= 3 * k:
            regions = [0] * n2
            for region, house in enumerate(graph.houses[2 * k : 3 * k]):
                for v in house:
                    regions[v] = region
        for box in shapes:
            try:
                variant = Variant(names, None if regions is None else tuple(regions), problem.cages)
                same = variant_graph(variant, box)
            except InvalidArgument:
                continue
            if same is graph or (same.neighbors, same.houses) == (graph.neighbors, graph.houses):
                return Grid(box, problem.precolouring, variant=variant)
    raise InvalidArgument("method 'logic' works on Sudoku grids only")


def _squareness(shape: tuple[int, int]) -> int:
    return abs(shape[0] - shape[1])


def run(problem: Problem, options: SolveOptions) -> Result:
    """Runner of method ``"logic"``: solved when logic alone finishes, else stopped.

    ``stats.deductions`` counts the steps; status ``"stopped"`` with reason ``"logic stalled"``
    (or ``"time limit"``) when the techniques cannot finish, ``"unsatisfiable"`` when they
    reach a contradiction. :class:`InvalidArgument` when ``problem`` is no :class:`Problem`
    or ``options`` no :class:`SolveOptions`.

    >>> r = run(Grid.parse("4.3.1..42..3.1..").problem, SolveOptions())
    >>> r.status, r.stats.deductions, r.grid.to_line()
    ('solved', 9, '4231132424133142')
    """
    start = time.perf_counter()
    if not isinstance(options, SolveOptions):
        raise InvalidArgument(f"options must be a SolveOptions, got {type(options).__name__}")
    grid = _grid_of(problem, "run")
    deadline = None if options.timeout is None else start + options.timeout
    result = _solve_logically(grid, None, deadline, "solve")  # timeout=0: no step
    stats = Stats(deductions=len(result.steps), seconds=time.perf_counter() - start)
    if result.solved:
        coloring = result.grid.values
        if not is_solution(problem, coloring):  # pragma: no cover - checked twice on purpose
            raise AssertionError("logic produced a wrong solution")
        return Result("solved", [coloring], stats, method="logic", grids=[result.grid], count=None)
    if result.contradiction:
        return Result(
            "unsatisfiable",
            [],
            stats,
            method="logic",
            reason="logic found a contradiction",
            complete=True,
            count=0,
        )
    return Result(
        "stopped",
        [],
        stats,
        method="logic",
        reason="time limit" if result.timed_out else "logic stalled",
    )


__all__ = [
    "STALLED_SCORE",
    "TECHNIQUES",
    "TRIAL",
    "LogicResult",
    "Rating",
    "Step",
    "check_timeout",
    "describe",
    "explain",
    "find_steps",
    "grid_of",
    "hint",
    "next_step",
    "rate",
    "run",
    "solve_logically",
]
