"""The numba kernels of the 9×9 fast path (imported only by :mod:`sudograph.engine.fast9`).

Glossary: cell ``i = 9 * r + c``; a *mask* is a 9-bit set of candidate digits (bit ``d - 1``
for digit ``d``); ``cand[i]`` the candidates of cell i, ``val[i]`` its placed digit (0 = not
placed yet); a *house* is a row, a column or a box (27 of them); ``peers[i]`` the 20 cells
sharing a house with i. One search level holds a copy of ``cand`` and ``val`` (243 bytes), so
undoing a guess is dropping a level.

Propagation runs naked singles (a cell left with one candidate is placed and the digit leaves
its peers) and hidden singles (a digit with one place left in a house goes there), then
locked candidates (a digit confined to one box line leaves the rest of that line, and the
converse) to a fixpoint. The search then guesses on the unplaced cell with the fewest
candidates, lowest digit first.

This module imports numba at import time: import it lazily.
"""

from __future__ import annotations

import numpy as np
from numba import njit

ALL = 0x1FF
CLASH = -1
"""Count returned for a puzzle whose clues clash (two equal digits in a house)."""


def build_tables() -> tuple[np.ndarray, ...]:
    """The constant tables the kernels take, in their argument order.

    ``peers[81, 20]``; ``houses[27, 9]`` (rows, columns, boxes); ``pop[512]`` bits in a mask;
    ``digit[512]`` the digit of a one-bit mask (else 0); ``hbits[81]`` the 27-bit set of a
    cell's houses; ``segs[54, 3]`` the cells of the 27 row segments then the 27 column
    segments (a line inside one box); ``locks[108, 9]``: for each locked-candidates rule, a
    segment, the two segments that must lack a digit for it to be locked there, and the six
    cells that then lose it (pointing: the rest of the line; claiming: the rest of the box).
    """
    houses = np.zeros((27, 9), dtype=np.int32)
    for r in range(9):
        for c in range(9):
            houses[r, c] = 9 * r + c
            houses[9 + c, r] = 9 * r + c
    for b in range(9):
        br, bc = 3 * (b // 3), 3 * (b % 3)
        for k in range(9):
            houses[18 + b, k] = 9 * (br + k // 3) + bc + k % 3
    peers = np.zeros((81, 20), dtype=np.int32)
    hbits = np.zeros(81, dtype=np.int32)
    for i in range(81):
        r, c = divmod(i, 9)
        b = 3 * (r // 3) + c // 3
        hbits[i] = (1 << r) | (1 << (9 + c)) | (1 << (18 + b))
        ps = {int(j) for h in (r, 9 + c, 18 + b) for j in houses[h]}
        ps.remove(i)
        peers[i] = sorted(ps)
    pop = np.array([bin(m).count("1") for m in range(512)], dtype=np.int32)
    digit = np.array(
        [m.bit_length() if m and m & (m - 1) == 0 else 0 for m in range(512)], dtype=np.int32
    )
    segs = np.zeros((54, 3), dtype=np.int32)
    for r in range(9):
        for j in range(3):
            segs[3 * r + j] = [9 * r + 3 * j + k for k in range(3)]
    for c in range(9):
        for i in range(3):
            segs[27 + 3 * c + i] = [9 * (3 * i + k) + c for k in range(3)]
    locks = np.zeros((108, 9), dtype=np.int32)
    q = 0
    for line in range(9):
        for j in range(3):
            for base in (0, 27):  # rows, then columns
                s = base + 3 * line + j
                band = 3 * (line // 3)
                others_line = [base + 3 * line + (j + 1) % 3, base + 3 * line + (j + 2) % 3]
                other_lines = [x for x in range(band, band + 3) if x != line]
                others_box = [base + 3 * x + j for x in other_lines]
                # claiming: the digit is only in this segment of its line -> rest of the box
                box_rest = [int(cell) for x in others_box for cell in segs[x]]
                locks[q] = [s, *others_line, *box_rest]
                q += 1
                # pointing: the digit is only in this segment of its box -> rest of the line
                line_rest = [int(cell) for x in others_line for cell in segs[x]]
                locks[q] = [s, *others_box, *line_rest]
                q += 1
    return peers, houses, pop, digit, hbits, segs, locks


ALL_HOUSES = (1 << 27) - 1


@njit(cache=True)
def _propagate(cand, val, queue, qn, dirty, seg, peers, houses, digit, hbits, segs, locks, locked):  # type: ignore[no-untyped-def]
    """Singles (and locked candidates when ``locked``) to a fixpoint; False on contradiction.

    ``queue[:qn]`` holds cells whose candidates became one digit; ``dirty`` the houses whose
    cells lost candidates since their last hidden-single scan; ``seg`` is scratch space (54).
    """
    while True:
        while qn > 0:  # naked singles
            qn -= 1
            i = queue[qn]
            if val[i] != 0:
                continue
            m = cand[i]
            if m == 0:
                return False
            val[i] = digit[m]
            nm = ALL ^ m
            for k in range(20):
                j = peers[i, k]
                c = cand[j]
                if c & m:
                    if val[j] != 0:
                        return False
                    c &= nm
                    cand[j] = c
                    dirty |= hbits[j]
                    if c == 0:
                        return False
                    if c & (c - 1) == 0:
                        queue[qn] = j
                        qn += 1
        if dirty:  # hidden singles in the houses that changed
            todo = dirty
            dirty = 0
            for h in range(27):
                if not (todo >> h) & 1:
                    continue
                once = 0
                twice = 0
                placed = 0
                for k in range(9):
                    c = houses[h, k]
                    m = cand[c]
                    twice |= once & m
                    once |= m
                    if val[c] != 0:
                        placed |= m
                if once != ALL:
                    return False
                u = once & ~twice & ~placed
                if u:
                    for k in range(9):
                        c = houses[h, k]
                        m = cand[c] & u
                        if m and val[c] == 0:
                            if m & (m - 1):
                                return False
                            cand[c] = m
                            dirty |= hbits[c]
                            queue[qn] = c
                            qn += 1
            if qn:
                continue
        if not locked:
            return True
        for x in range(54):
            seg[x] = cand[segs[x, 0]] | cand[segs[x, 1]] | cand[segs[x, 2]]
        for q in range(108):
            only = seg[locks[q, 0]] & ~(seg[locks[q, 1]] | seg[locks[q, 2]])
            if only:
                for t in range(3, 9):
                    c = locks[q, t]
                    m = cand[c]
                    if m & only:
                        if val[c] != 0:
                            return False
                        m &= ~only
                        cand[c] = m
                        dirty |= hbits[c]
                        if m == 0:
                            return False
                        if m & (m - 1) == 0:
                            queue[qn] = c
                            qn += 1
        if qn == 0 and dirty == 0:
            return True


@njit(cache=True)
def solve_one(  # type: ignore[no-untyped-def]
    puzzle,
    limit,
    max_guesses,
    sols,
    cand_stack,
    val_stack,
    queue,
    cells,
    rem,
    peers,
    houses,
    pop,
    digit,
    hbits,
    segs,
    locks,
    locked,
):
    """Search one puzzle: ``(count, guesses, stopped)``; the first solutions go into ``sols``.

    ``count`` is :data:`CLASH` when clues clash; ``limit`` <= 0 counts every solution;
    ``max_guesses`` > 0 stops the search (``stopped`` True) after that many guesses;
    ``locked``: locked candidates never (0), before the first guess only (1), everywhere (2).
    A guess is a digit tried in a cell that has other candidates; once its subtree is done
    the digit is removed from the cell and propagation runs again at the same level (a
    refutation, not a guess), then the most constrained cell is chosen anew.
    """
    cand = cand_stack[0]
    val = val_stack[0]
    rows = np.zeros(9, dtype=np.int32)
    cols = np.zeros(9, dtype=np.int32)
    boxes = np.zeros(9, dtype=np.int32)
    qn = 0
    for i in range(81):
        val[i] = 0
        cand[i] = ALL
    for i in range(81):
        d = puzzle[i]
        if d != 0:
            b = 1 << (d - 1)
            r = i // 9
            c = i % 9
            x = (r // 3) * 3 + c // 3
            if (rows[r] | cols[c] | boxes[x]) & b:
                return CLASH, 0, False
            rows[r] |= b
            cols[c] |= b
            boxes[x] |= b
            cand[i] = b
            queue[qn] = i
            qn += 1
    count = 0
    guesses = 0
    seg = np.empty(54, dtype=np.int32)
    root = locked >= 1
    deep = locked >= 2
    if not _propagate(
        cand, val, queue, qn, ALL_HOUSES, seg, peers, houses, digit, hbits, segs, locks, root
    ):
        return 0, 0, False
    d = 0
    mode = 0  # 0: choose a guess at level d; 1: level d is done, go up; 2: refute level d's guess
    while True:
        if mode == 0:
            cand = cand_stack[d]
            val = val_stack[d]
            best = -1
            fewest = 10
            for i in range(81):
                if val[i] == 0:
                    p = pop[cand[i]]
                    if p < fewest:
                        fewest = p
                        best = i
                        if p == 2:
                            break
            if best < 0:
                if count < sols.shape[0]:
                    for i in range(81):
                        sols[count, i] = val[i]
                count += 1
                if limit > 0 and count >= limit:
                    return count, guesses, False
                mode = 1
                continue
            if max_guesses > 0 and guesses >= max_guesses:
                return count, guesses, True
            guesses += 1
            m = cand[best]
            b = m & -m
            cells[d] = best
            rem[d] = b
            nxt = d + 1
            for i in range(81):
                cand_stack[nxt, i] = cand[i]
                val_stack[nxt, i] = val[i]
            cand_stack[nxt, best] = b
            queue[0] = best
            if _propagate(
                cand_stack[nxt],
                val_stack[nxt],
                queue,
                1,
                hbits[best],
                seg,
                peers,
                houses,
                digit,
                hbits,
                segs,
                locks,
                deep,
            ):
                d = nxt
            else:
                mode = 2
        elif mode == 1:
            d -= 1
            if d < 0:
                return count, guesses, False
            mode = 2
        else:  # the digit guessed at level d is done with: remove it there and propagate
            cell = cells[d]
            m = cand_stack[d, cell] & ~rem[d]
            cand_stack[d, cell] = m
            if m == 0:
                mode = 1
                continue
            qn = 0
            if m & (m - 1) == 0:
                queue[0] = cell
                qn = 1
            if _propagate(
                cand_stack[d],
                val_stack[d],
                queue,
                qn,
                hbits[cell],
                seg,
                peers,
                houses,
                digit,
                hbits,
                segs,
                locks,
                root if d == 0 else deep,
            ):
                mode = 0
            else:
                mode = 1


@njit(cache=True)
def solve_batch(  # type: ignore[no-untyped-def]
    puzzles,
    limit,
    max_guesses,
    counts,
    solutions,
    guesses,
    stopped,
    peers,
    houses,
    pop,
    digit,
    hbits,
    segs,
    locks,
    locked,
):
    """Solve every row of ``puzzles`` (n, 81) in compiled code, filling the output arrays."""
    cand_stack = np.empty((82, 81), dtype=np.uint16)
    val_stack = np.empty((82, 81), dtype=np.uint8)
    queue = np.empty(81 * 4, dtype=np.int32)
    cells = np.empty(82, dtype=np.int32)
    rem = np.empty(82, dtype=np.int32)
    sols = np.zeros((1, 81), dtype=np.uint8)
    for n in range(puzzles.shape[0]):
        c, g, s = solve_one(
            puzzles[n],
            limit,
            max_guesses,
            sols,
            cand_stack,
            val_stack,
            queue,
            cells,
            rem,
            peers,
            houses,
            pop,
            digit,
            hbits,
            segs,
            locks,
            locked,
        )
        counts[n] = c
        guesses[n] = g
        stopped[n] = s
        if c > 0:
            solutions[n, :] = sols[0]
        else:
            solutions[n, :] = 0
