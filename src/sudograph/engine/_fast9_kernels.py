"""The numba kernels of the 9×9 fast path (imported only by :mod:`sudograph.engine.fast9`).

Glossary. The grid is cut into three *bands* of three rows; a cell of band ``b`` is bit
``p = 9 * row_in_band + column`` of a 27-bit word, so cell ``27 * b + p`` of the row-major grid.
A *state* is :data:`WORDS` integers: word ``3 * d + b`` holds the cells of band ``b`` where
digit ``d + 1`` may still go (a placed digit keeps its own bit), word ``27 + b`` the cells of
band ``b`` not placed yet. Copying a state to guess is copying 30 words; every rule is a few
word operations:

* naked singles: a bit-sliced count of the nine digit words of a band gives the unplaced
  cells with exactly one candidate (and those with none: a contradiction);
* hidden singles: per digit, a row or box of a band word with one bit, or a column (folded
  over the three bands) with one bit, is a placement; the cells found for one digit in one
  band are placed together;
* locked candidates (pointing and claiming, along rows and columns): per digit, the 3×3
  matrix of occupied box segments of a band (or of a stack) goes through one table.

Only the digits and bands that changed since the last fixpoint are scanned again (the *dirty*
masks). The search guesses on the two-candidate cell with most unplaced peers (lowest digit
first), else on a digit with two places left in a row or box, else on the cell with fewest
candidates. Once a guess's subtree is done, the digit is removed from the cell at the
guessing level itself (a refutation, not a guess) and the level is settled and chosen anew.
The search is resumable: its whole state lives in the arrays passed in, so the caller can run
it by guess budgets and read the clock in between.

This module imports numba at import time: import it lazily.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

CLASH = -1
"""Count returned for a puzzle whose clues clash (two equal digits in a house)."""
WORDS = 32
"""Integers per search state (30 used, padded)."""
LEVELS = 82
"""Search levels: each guess places at least one cell."""
DONE = 0
PAUSED = 1
"""Return codes of :func:`search`: finished (or limit reached) / node budget spent."""
CTL = 4
"""Length of the control array: depth, solutions found, guesses, mode."""


def _compile_options() -> tuple[dict[str, Any], dict[str, Any]]:
    """The numba options of the hot helpers (inlined into their callers) and of the search
    loop. Both are compiled without the reference-counting runtime when this numba has the
    option (they allocate nothing): passing the state array around then costs no atomic
    increments and decrements (measured 5-10% of a guess)."""
    from numba.core.cpu import CPUTargetOptions

    loop: dict[str, Any] = {"cache": True}
    if hasattr(CPUTargetOptions, "_nrt"):
        loop["_nrt"] = False
    return {**loop, "inline": "always"}, loop


HOT, LOOP = _compile_options()

FULL = (1 << 27) - 1
COL3 = 1 | (1 << 9) | (1 << 18)  # one column of a band (three rows)
ALL_DIRTY = (1 << 12) - 1  # every digit and every band
BILOCAL = True
"""Guess on a digit with two places in a house when no cell has two candidates."""


def _band_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    peer = np.zeros(27, dtype=np.int64)
    colm = np.zeros(27, dtype=np.int64)
    for p in range(27):
        r, c = divmod(p, 9)
        m = 0
        for q in range(27):
            r2, c2 = divmod(q, 9)
            if q != p and (r2 == r or c2 == c or c2 // 3 == c // 3):
                m |= 1 << q
        peer[p] = m
        colm[p] = COL3 << c
    boxm = np.array([0x1C0E07 << (3 * j) for j in range(3)], dtype=np.int64)
    debruijn = np.zeros(32, dtype=np.int64)
    for i in range(32):
        debruijn[((1 << i) * 0x077CB531 & 0xFFFFFFFF) >> 27] = i
    return peer, colm, boxm, debruijn


PEER, COLM, BOXM, DEBRUIJN = _band_tables()
"""Per band bit: its row, box and column peers inside the band; its column in a band; the
three box masks of a band; the de Bruijn table giving a one-bit word's index."""


def build_tables() -> tuple[np.ndarray, ...]:
    """``houses[27, 9]``: the cells of the rows, then the columns, then the boxes."""
    houses = np.zeros((27, 9), dtype=np.int32)
    for r in range(9):
        for c in range(9):
            houses[r, c] = 9 * r + c
            houses[9 + c, r] = 9 * r + c
    for b in range(9):
        br, bc = 3 * (b // 3), 3 * (b % 3)
        for k in range(9):
            houses[18 + b, k] = 9 * (br + k // 3) + bc + k % 3
    return (houses,)


@njit(**HOT)
def _index(bit):  # type: ignore[no-untyped-def]
    """Index of the single set bit of ``bit`` (< 2**32)."""
    return DEBRUIJN[((bit * 0x077CB531) & 0xFFFFFFFF) >> 27]


@njit(**HOT)
def _place(s, o, d, b, bit):  # type: ignore[no-untyped-def]
    """Put digit ``d`` (0-8) on the cell ``bit`` of band ``b``: it leaves the cell's other
    digits and its peers' digit ``d``. The caller checked that the cell may hold ``d``.

    Returns the *dirty* mask of what changed: bits 0-8 the digits that lost a candidate,
    bits 9-11 the bands.
    """
    p = _index(bit)
    nb = ~bit
    dirty = (1 << d) | (512 << b)
    for e in range(9):
        x = s[o + 3 * e + b]
        if x & bit:
            dirty |= 1 << e
            s[o + 3 * e + b] = x & nb
    k = 3 * d
    s[o + k + b] = (s[o + k + b] & ~PEER[p]) | bit
    cm = COLM[p]
    for b2 in range(3):
        if b2 != b:
            x = s[o + k + b2]
            if x & cm:
                s[o + k + b2] = x & ~cm
                dirty |= 512 << b2
    s[o + 27 + b] &= nb
    return dirty


@njit(**HOT)
def _place_many(s, o, d, b, h):  # type: ignore[no-untyped-def]
    """Put digit ``d`` on every cell of the mask ``h`` of band ``b`` at once; return the dirty
    mask (see :func:`_place`), or -1 when two of those cells see each other or one of them
    cannot hold ``d``."""
    k = 3 * d
    w = s[o + k + b]
    if w & h != h:
        return -1
    peers = 0
    x = h
    while x:
        bit = x & -x
        x ^= bit
        peers |= PEER[_index(bit)]
    if peers & h:
        return -1
    nh = ~h
    dirty = (1 << d) | (512 << b)
    for e in range(9):
        y = s[o + 3 * e + b]
        if y & h:
            dirty |= 1 << e
            s[o + 3 * e + b] = y & nh
    s[o + k + b] = (w & ~peers) | h
    cm = ((h | (h >> 9) | (h >> 18)) & 0x1FF) * COL3
    for b2 in range(3):
        if b2 != b:
            y = s[o + k + b2]
            if y & cm:
                s[o + k + b2] = y & ~cm
                dirty |= 512 << b2
    s[o + 27 + b] &= nh
    return dirty


@njit(**HOT)
def _propagate(s, o, dirty):  # type: ignore[no-untyped-def]
    """Naked and hidden singles to a fixpoint on state ``s``; False on a contradiction.

    ``dirty`` (as returned by :func:`_place`) says which digits and bands changed since ``s``
    was last at a fixpoint; only those are scanned. Returns the 9-bit mask of the digits that
    changed (-1 on a contradiction).
    """
    seen = dirty
    while dirty:
        bands = dirty >> 9
        dirty &= 0x1FF
        for b in range(3):  # naked singles
            if not (bands >> b) & 1:
                continue
            one = 0
            two = 0
            for d in range(9):
                x = s[o + 3 * d + b]
                two |= one & x
                one |= x
            u = s[o + 27 + b]
            if u & ~one:
                return -1
            sing = u & one & ~two
            if sing:
                for d in range(9):
                    hd = sing & s[o + 3 * d + b]
                    if hd:
                        r = _place_many(s, o, d, b, hd)
                        if r < 0:
                            return -1
                        dirty |= r
                        seen |= r
                if s[o + 27 + b] & sing:
                    return -1
        for d in range(9):  # hidden singles
            if not (dirty >> d) & 1:
                continue
            dirty ^= 1 << d
            k = 3 * d
            w0 = s[o + k]
            w1 = s[o + k + 1]
            w2 = s[o + k + 2]
            once = 0
            twice = 0
            for w in (w0, w0 >> 9, w0 >> 18, w1, w1 >> 9, w1 >> 18, w2, w2 >> 9, w2 >> 18):
                r = w & 0x1FF
                twice |= once & r
                once |= r
            if once != 0x1FF:
                return -1
            cols = (once & ~twice) * COL3
            for b in range(3):
                w = s[o + k + b]
                r0 = w & 0x1FF
                r1 = (w >> 9) & 0x1FF
                r2 = w >> 18
                x0 = w & 0x1C0E07
                x1 = w & 0xE07038
                x2 = w & 0x70381C0
                if not (r0 and r1 and r2 and x0 and x1 and x2):
                    return -1
                h = (w & cols) | ONE[r0] | (ONE[r1] << 9) | (ONE[r2] << 18)
                if x0 & (x0 - 1) == 0:
                    h |= x0
                if x1 & (x1 - 1) == 0:
                    h |= x1
                if x2 & (x2 - 1) == 0:
                    h |= x2
                h &= s[o + 27 + b]
                if h:
                    r = _place_many(s, o, d, b, h)
                    if r < 0:
                        return -1
                    dirty |= r
                    seen |= r
    return seen & 0x1FF


def _lock_tables() -> tuple[np.ndarray, np.ndarray]:
    """``SEGS[512]``: the three segments (thirds) of a 9-bit line that hold a bit, as 3 bits;
    ``KEEP[512]``: for a 3×3 occupancy matrix of segments (bit ``3 * i + j``), the segments
    left after locked candidates to a fixpoint: a matrix column with one occupied segment
    clears the rest of that segment's matrix row, and a matrix row with one clears the rest
    of its matrix column. Rows as lines and columns as boxes (within a band), or rows as
    boxes and columns as lines (within a stack): the rule is the same."""
    segs = np.array(
        [int(x & 7 != 0) | int(x & 0o70 != 0) << 1 | int(x & 0o700 != 0) << 2 for x in range(512)],
        dtype=np.int64,
    )
    keep = np.zeros(512, dtype=np.int64)
    for occ in range(512):
        m = occ
        while True:
            old = m
            for j in range(3):
                col = [i for i in range(3) if m >> (3 * i + j) & 1]
                if len(col) == 1:
                    m &= ~(7 << (3 * col[0])) | (1 << (3 * col[0] + j))
            for i in range(3):
                row = [j for j in range(3) if m >> (3 * i + j) & 1]
                if len(row) == 1:
                    m &= ~(0o111 << row[0]) | (1 << (3 * i + row[0]))
            if m == old:
                break
        keep[occ] = m
    return segs, keep


SEGS, KEEP = _lock_tables()
ONE = np.array([x if x and not x & (x - 1) else 0 for x in range(512)], dtype=np.int64)
"""A 9-bit set if it has exactly one bit, else 0."""
POPC = np.array([bin(x).count("1") for x in range(512)], dtype=np.int64)
"""Bits set in a 9-bit word."""


SPREAD = np.array(
    [sum(7 << (3 * q) for q in range(9) if m >> q & 1) for m in range(512)], dtype=np.int64
)
"""A 9-bit segment matrix of a band (bit ``3 * row + box``) as a 27-bit cell mask."""


@njit(**HOT)
def _locked(s, o, digits):  # type: ignore[no-untyped-def]
    """Locked candidates (pointing and claiming, along rows and columns) for the digits of the
    9-bit mask ``digits``; return the dirty mask of what was removed (0: nothing)."""
    dirty = 0
    for d in range(9):
        if not (digits >> d) & 1:
            continue
        k = 3 * d
        for b in range(3):  # along rows, inside band b
            w = s[o + k + b]
            occ = SEGS[w & 0x1FF] | (SEGS[(w >> 9) & 0x1FF] << 3) | (SEGS[w >> 18] << 6)
            kept = KEEP[occ]
            if kept != occ:
                s[o + k + b] = w & SPREAD[kept]
                dirty |= (1 << d) | (512 << b)
        c0 = s[o + k]
        c1 = s[o + k + 1]
        c2 = s[o + k + 2]
        f0 = (c0 | (c0 >> 9) | (c0 >> 18)) & 0x1FF
        f1 = (c1 | (c1 >> 9) | (c1 >> 18)) & 0x1FF
        f2 = (c2 | (c2 >> 9) | (c2 >> 18)) & 0x1FF
        g0 = 0
        g1 = 0
        g2 = 0
        for j in range(3):  # along columns, inside stack j: matrix rows are bands
            sh = 3 * j
            occ = ((f0 >> sh) & 7) | (((f1 >> sh) & 7) << 3) | (((f2 >> sh) & 7) << 6)
            kept = KEEP[occ]
            g0 |= (kept & 7) << sh
            g1 |= ((kept >> 3) & 7) << sh
            g2 |= ((kept >> 6) & 7) << sh
        if g0 != f0:
            s[o + k] = c0 & (g0 * COL3)
            dirty |= (1 << d) | 512
        if g1 != f1:
            s[o + k + 1] = c1 & (g1 * COL3)
            dirty |= (1 << d) | 1024
        if g2 != f2:
            s[o + k + 2] = c2 & (g2 * COL3)
            dirty |= (1 << d) | 2048
    return dirty


@njit(**HOT)
def _settle(s, o, locked, dirty):  # type: ignore[no-untyped-def]
    """Singles, then (when ``locked``) locked candidates, to a fixpoint; False on a
    contradiction. ``dirty`` as in :func:`_propagate`."""
    while True:
        seen = _propagate(s, o, dirty)
        if seen < 0:
            return False
        if not locked:
            return True
        dirty = _locked(s, o, seen)
        if not dirty:
            return True


@njit(**HOT)
def _restrict(s, o, b, bit, d):  # type: ignore[no-untyped-def]
    """Leave only digit ``d`` among the candidates of cell ``bit`` of band ``b``; return the
    dirty mask (see :func:`_place`)."""
    nb = ~bit
    dirty = 512 << b
    for e in range(9):
        if e != d and s[o + 3 * e + b] & bit:
            s[o + 3 * e + b] &= nb
            dirty |= 1 << e
    return dirty


@njit(**HOT)
def _remove(s, o, b, bit, d):  # type: ignore[no-untyped-def]
    """Remove digit ``d`` from the candidates of cell ``bit`` of band ``b``; return the dirty
    mask (see :func:`_place`)."""
    s[o + 3 * d + b] &= ~bit
    return (1 << d) | (512 << b)


@njit(cache=True)
def _popcount(x):  # type: ignore[no-untyped-def]
    """Bits set in ``x`` (< 2**28)."""
    return POPC[x & 0x1FF] + POPC[(x >> 9) & 0x1FF] + POPC[x >> 18]


@njit(**HOT)
def _popcount64(x):  # type: ignore[no-untyped-def]
    """Bits set in ``x`` (0 <= x < 2**63)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@njit(**HOT)
def _first_digit(s, o, b, bit):  # type: ignore[no-untyped-def]
    for d in range(9):
        if s[o + 3 * d + b] & bit:
            return d
    return 0


@njit(**HOT)
def _choose(s, o):  # type: ignore[no-untyped-def]
    """The guess: ``(band, bit, digit)``. Among the cells with two candidates, the one with
    most unplaced peers (lowest digit first); else a digit with two places left in a row or
    box (its first place); else the cell with fewest candidates."""
    best_b = -1
    best = 0
    score = -1
    for b in range(3):
        a1 = 0
        a2 = 0
        a3 = 0
        for d in range(9):
            x = s[o + 3 * d + b]
            a3 |= a2 & x
            a2 |= a1 & x
            a1 |= x
        u = s[o + 27 + b]
        x = a2 & ~a3 & u
        if not x:
            continue
        ua = s[o + 27 + (b + 1) % 3]
        ub = s[o + 27 + (b + 2) % 3]
        while x:
            bit = x & -x
            x ^= bit
            p = _index(bit)
            cm = COLM[p]
            q = u & PEER[p]
            c = p % 9
            v = q | (((ua & cm) >> c) << 27) | (((ub & cm) >> c) << 28)
            n = _popcount64(v)
            if n > score:
                score = n
                best = bit
                best_b = b
    if best_b >= 0:
        return best_b, best, _first_digit(s, o, best_b, best)
    if BILOCAL:
        for d in range(9):
            for b in range(3):
                w = s[o + 3 * d + b]
                for sh in (0, 9, 18):
                    r = w & (0x1FF << sh)
                    r2 = r & (r - 1)
                    if r2 and not (r2 & (r2 - 1)):
                        return b, r & -r, d
                for j in range(3):
                    r = w & BOXM[j]
                    r2 = r & (r - 1)
                    if r2 and not (r2 & (r2 - 1)):
                        return b, r & -r, d
    best_b = -1
    best_bit = 0
    fewest = 10
    for b in range(3):
        u = s[o + 27 + b]
        while u:
            bit = u & -u
            u ^= bit
            n = 0
            for d in range(9):
                if s[o + 3 * d + b] & bit:
                    n += 1
            if n < fewest:
                fewest = n
                best_b = b
                best_bit = bit
    return best_b, best_bit, _first_digit(s, o, best_b, best_bit)


@njit(cache=True)
def _digits(s, o, b, bit):  # type: ignore[no-untyped-def]
    m = 0
    for d in range(9):
        if s[o + 3 * d + b] & bit:
            m |= 1 << d
    return m


@njit(cache=True)
def _write_solution(s, o, sols, row):  # type: ignore[no-untyped-def]
    for b in range(3):
        for d in range(9):
            w = s[o + 3 * d + b]
            while w:
                bit = w & -w
                w ^= bit
                sols[row, 27 * b + _index(bit)] = d + 1


@njit(cache=True)
def start(puzzle, stack, ctl):  # type: ignore[no-untyped-def]
    """Load ``puzzle`` (81 digits, 0 = empty) into level 0 of ``stack`` (a flat array of
    :data:`LEVELS` × :data:`WORDS` integers) and reset ``ctl``.

    Returns False when two equal clues share a house (the count is then :data:`CLASH`).
    """
    rows = np.zeros(9, dtype=np.int64)
    cols = np.zeros(9, dtype=np.int64)
    boxes = np.zeros(9, dtype=np.int64)
    for i in range(81):
        d = np.int64(puzzle[i])
        if d != 0:
            m = 1 << (d - 1)
            r = i // 9
            c = i % 9
            x = (r // 3) * 3 + c // 3
            if (rows[r] | cols[c] | boxes[x]) & m:
                return False
            rows[r] |= m
            cols[c] |= m
            boxes[x] |= m
    for w in range(27):
        stack[w] = FULL
    for b in range(3):
        stack[27 + b] = FULL
    for i in range(81):
        d = np.int64(puzzle[i])
        if d != 0:
            _place(stack, 0, d - 1, i // 27, 1 << (i % 27))
    for w in range(CTL):
        ctl[w] = 0
    return True


@njit(**LOOP)
def search(stack, ctl, cband, cbit, rem, limit, budget, sols, locked):  # type: ignore[no-untyped-def]
    """Run (or resume) the search held in ``stack``/``ctl``; DONE or PAUSED.

    ``ctl``: depth, solutions found, guesses, mode (0: settle the current level and guess,
    1: backtrack). ``limit`` > 0 stops at that many solutions; ``budget`` > 0 pauses before a
    guess once ``budget`` more guesses were made in this call. The first solutions found go to
    ``sols`` (as many as its rows). ``locked``: locked candidates never (0), at the root (1),
    at every node (2).
    """
    root = locked >= 1
    deep = locked >= 2
    depth = ctl[0]
    count = ctl[1]
    guesses = ctl[2]
    mode = ctl[3]
    stop_at = guesses + budget
    pend = ALL_DIRTY  # what changed at the current level since it was last settled
    s = stack
    while True:
        if mode == 0:
            o = depth * WORDS
            if not _settle(s, o, root if depth == 0 else deep, pend):
                mode = 1
                continue
            if s[o + 27] == 0 and s[o + 28] == 0 and s[o + 29] == 0:
                if count < sols.shape[0]:
                    _write_solution(s, o, sols, count)
                count += 1
                mode = 1
                if limit > 0 and count >= limit:
                    break
                continue
            if budget >= 0 and guesses >= stop_at:
                ctl[0] = depth
                ctl[1] = count
                ctl[2] = guesses
                ctl[3] = 0
                return PAUSED
            b, bit, d = _choose(s, o)
            cband[depth] = b
            cbit[depth] = bit
            rem[depth] = d
            t = o + WORDS
            for w in range(30):
                s[t + w] = s[o + w]
            pend = _restrict(s, t, b, bit, d)
            depth += 1
            guesses += 1
        else:
            if depth == 0:
                break
            depth -= 1  # refute the digit tried at this level: the cell keeps the others
            o = depth * WORDS
            pend = _remove(s, o, cband[depth], cbit[depth], rem[depth])
            mode = 0
    ctl[0] = depth
    ctl[1] = count
    ctl[2] = guesses
    ctl[3] = 1
    return DONE


@njit(cache=True)
def solve_batch(puzzles, limit, max_guesses, counts, solutions, guesses, stopped, locked):  # type: ignore[no-untyped-def]
    """Solve every row of ``puzzles`` (n, 81) in compiled code, filling the output arrays.

    ``counts[i]``: solutions found (:data:`CLASH` for clashing clues); ``solutions[i]`` the
    first one (zeros when none); ``guesses[i]``; ``stopped[i]`` when ``max_guesses`` >= 0 cut
    the search (< 0: no cap). ``locked``: 0 never, 1 at the root, 2 at every node.
    """
    stack = np.empty(LEVELS * WORDS, dtype=np.int64)
    ctl = np.zeros(CTL, dtype=np.int64)
    cband = np.empty(LEVELS, dtype=np.int64)
    cbit = np.empty(LEVELS, dtype=np.int64)
    rem = np.empty(LEVELS, dtype=np.int64)
    sols = np.zeros((1, 81), dtype=np.uint8)
    for n in range(puzzles.shape[0]):
        solutions[n, :] = 0
        if not start(puzzles[n], stack, ctl):
            counts[n] = CLASH
            guesses[n] = 0
            stopped[n] = False
            continue
        code = search(stack, ctl, cband, cbit, rem, limit, max_guesses, sols, locked)
        counts[n] = ctl[1]
        guesses[n] = ctl[2]
        stopped[n] = code == PAUSED
        if ctl[1] > 0:
            solutions[n, :] = sols[0]
