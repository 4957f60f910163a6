# mypy: disable-error-code="no-untyped-def"
"""The numba kernels of the house engine (imported only by :mod:`sudograph.engine.houses`).

Glossary: ``v``/``u`` vertices, ``b`` a colour's bit (``uint64``, colour ``c`` is bit
``c - 1``), ``d`` the domains of one search level (``d[v]``: the colours ``v`` may still take;
one bit once ``v`` is placed), ``a`` its placed flags, ``h`` an exact house (a row of ``H``:
``k`` vertices holding every colour exactly once), a *pair* ``(A, B)`` two exact houses sharing
two vertices or more; a *segment* is such an intersection (or a single vertex), and a house is
split into *partitions* of disjoint segments (a box by its rows, and by its columns).

At every node, to a fixpoint:

* naked singles: a vertex left with one colour is placed (a queue of the vertices that just
  became singles), and its colour leaves its neighbours (any graph edge);
* hidden singles: in an exact house, a colour with one place left goes there; a colour with no
  place is a contradiction;
* locked candidates, the general house ∩ house rule: a colour of ``A`` absent from
  ``A \\ B`` lies in ``A ∩ B``, so it leaves ``B \\ A`` (box/line pointing and claiming are
  two cases of it);
* common neighbours, on graphs with edges outside the exact houses (anti-knight, anti-king):
  a colour with two places left in an exact house leaves every vertex adjacent to both;
* killer cages: each cage's cells keep the colours of a combination (distinct colours with the
  cage's sum) that holds every colour placed in the cage and fits in the cage's domains; no
  such combination is a contradiction.

Then the search guesses on the vertex with fewest colours left. The search state lives in the
arrays passed in: one row of ``dom``/``asg`` per level (a guess copies its level to the next;
the last colour of a vertex is tried in place, without a copy), ``gcell``/``grem`` the vertex
of each level's guess and its colours not tried yet, ``st`` the counters. :func:`search` stops
after ``stop_at`` guesses (or a full solution buffer, or a full stack) and goes on where it
stopped when called again.

The hot loops read and write through the fast9 kernel's ``_ld``/``_st`` (plain loads and
stores, no test of a negative index: every index here is in range by construction; a 2-D
array is read by its row-major flat index, so the arrays passed in are C-contiguous).

This module imports numba at import time: import it lazily.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._cache import ready
from ._fast9_kernels import HOT, LOOP, _ld, _st
from ._twin_kernels import popcount

ready()  # a cache folder numba can write, before the first @njit(cache=True)

EXHAUSTED, LIMIT, PAUSED, BUFFER_FULL, GROW = 0, 1, 2, 3, 4
"""Codes :func:`search` returns: tree explored, ``limit`` solutions found, guess budget of
this call spent, solution buffer full (drain it), stack of levels full (grow it)."""

PROP, NEXT, DEAD = 0, 1, 2
"""Modes of the search loop: propagate the top level, try the next colour of the top level's
guess, drop the top level (a contradiction or a solution)."""

# params (int64 array)
(P_N, P_K, P_LIMIT, P_STOP_AT, P_CAP, P_DRAIN) = range(6)
(P_LEAF, P_LEAF_CELLS, P_MEMO, P_TIE, P_SEED, P_SEEN, P_MARK) = range(6, 13)
"""``params[P_TIE]``: 0 the first vertex of fewest colours, 1 among those the one with most
unplaced neighbours, 2 that and the least constraining colour first
(:func:`_least_constraining`). ``params[P_MARK]``: 1 to scan only the marked houses for
hidden singles (see :func:`fixpoint`), 0 to scan them all."""
NUM_PARAMS = 13
# state (int64 array)
S_DEPTH, S_MODE, S_NODES, S_BACKTRACKS, S_MAX_DEPTH, S_FOUND, S_BUFFERED, S_QN, S_HITS = range(9)
NUM_STATE = 9
# per level (int64 array of 2 columns): memo slot of the level's state (-1: none), count then
L_SLOT, L_FOUND = 0, 1
WAYS = 4
"""Rows of the counting memo per bucket; a new count replaces the smallest one kept."""

FNV_OFFSET = np.uint64(14695981039346656037)
FNV_PRIME = np.uint64(1099511628211)
SH29 = np.uint64(29)

U0 = np.uint64(0)
U1 = np.uint64(1)


@njit(**HOT)
def colour_of(b):
    """The colour ``1..64`` of a one-bit mask."""
    return popcount(b - U1) + 1


@njit(**HOT)
def _narrow(d, a, v, keep, q, qn):
    """``d[v] &= keep``; the new queue length, or -1 when ``v`` has no colour left (or is
    placed and loses its colour). A vertex that becomes a single joins the queue."""
    m = _ld(d, v)
    nm = m & keep
    if nm == m:
        return qn
    if nm == U0 or _ld(a, v):
        return -1
    _st(d, v, nm)
    if nm & (nm - U1) == U0:
        _st(q, qn, v)
        qn += 1
    return qn


@njit(**HOT)
def _dirty(hd, vh_ptr, vh_idx, v):
    """Mark the exact houses of ``v`` for the next hidden-singles pass (see :func:`_hidden`)."""
    for j in range(_ld(vh_ptr, v), _ld(vh_ptr, v + 1)):
        _st(hd, _ld(vh_idx, j), 1)


@njit(**LOOP)
def _singles(d, a, q, qn, nbr_ptr, nbr_idx, mark, hd, vh_ptr, vh_idx):
    """Place every queued single, each colour leaving the neighbours (whose houses are marked
    when they lose it, if ``mark``); False on a contradiction."""
    qh = 0
    while qh < qn:
        v = _ld(q, qh)
        qh += 1
        if _ld(a, v):
            continue
        b = _ld(d, v)
        if b == U0:
            return False
        _st(a, v, 1)
        nb = ~b
        for j in range(_ld(nbr_ptr, v), _ld(nbr_ptr, v + 1)):
            u = _ld(nbr_idx, j)
            if _ld(d, u) & b:
                qn = _narrow(d, a, u, nb, q, qn)
                if qn < 0:
                    return False
                if mark:
                    _dirty(hd, vh_ptr, vh_idx, u)
    return True


@njit(**LOOP)
def _hidden(d, a, q, H, full, mark, hd, vh_ptr, vh_idx, seen, fw):
    """Hidden singles over every exact house, or with ``mark`` over those marked in ``hd``
    (a house whose vertices kept their colours since its last pass has nothing new), their
    marks cleared: the queue length after them, or -1 on a contradiction (a colour with no
    place, or two colours whose only place is one vertex). With ``seen`` it also writes
    ``fw[h]``, the colours with exactly two places left in house ``h``, for :func:`_seen`
    (a placed colour has left its house-mates, so a count over every vertex is the count over
    the unplaced ones)."""
    qn = 0
    nh, k = H.shape
    for h in range(nh):
        if mark and not seen:  # (fw must be of this pass: every house scanned)
            if not _ld(hd, h):
                continue
            _st(hd, h, 0)
        once = U0
        twice = U0
        thrice = U0
        placed = U0
        for i in range(h * k, h * k + k):
            v = _ld(H, i)
            m = _ld(d, v)
            if seen:
                thrice |= twice & m
            twice |= once & m
            once |= m
            if _ld(a, v):
                placed |= m
        if once != full:
            return -1
        if seen:
            _st(fw, h, twice & ~thrice & ~placed)
        hid = once & ~twice & ~placed
        while hid:
            b = hid & (~hid + U1)
            hid ^= b
            found = False
            for i in range(k):
                v = H[h, i]
                m = d[v]
                if m & b:
                    found = True
                    if m != b:
                        d[v] = b
                        q[qn] = v
                        qn += 1
                        if mark:
                            _dirty(hd, vh_ptr, vh_idx, v)
                    break
            if not found:
                return -1
    return qn


@njit(**LOOP)
def _locked(d, a, q, seg_ptr, seg_idx, su, part_ptr, mseg, mb_ptr, mb_seg):
    """Locked candidates, the queue length after them (-1 on a contradiction) and whether a
    colour was removed: an unplaced colour of a house ``A`` whose places in ``A`` all lie in
    one segment ``A ∩ B`` leaves ``B \\ A``.

    The free colours of each segment (those of its unplaced vertices) are gathered once into
    ``su``; each partition of a house into segments then finds the colours of exactly one of
    its members, and a member that holds some of them and has houses ``B`` (``mb``: the
    segments of ``B \\ A``) removes those that ``B \\ A`` still holds. A colour removed
    during the pass leaves ``su`` a superset of the domains, which only hides eliminations
    (the fixpoint runs the pass again).
    """
    qn = 0
    changed = False
    for s in range(len(seg_ptr) - 1):
        u = U0
        for j in range(_ld(seg_ptr, s), _ld(seg_ptr, s + 1)):
            v = _ld(seg_idx, j)
            if _ld(a, v) == 0:
                u |= _ld(d, v)
        _st(su, s, u)
    for p in range(len(part_ptr) - 1):
        once = U0
        twice = U0
        for m in range(_ld(part_ptr, p), _ld(part_ptr, p + 1)):
            u = _ld(su, _ld(mseg, m))
            twice |= once & u
            once |= u
        sole = once & ~twice
        if sole == U0:
            continue
        for m in range(_ld(part_ptr, p), _ld(part_ptr, p + 1)):
            lock = _ld(su, _ld(mseg, m)) & sole
            if lock == U0:
                continue
            w = U0
            for j in range(_ld(mb_ptr, m), _ld(mb_ptr, m + 1)):
                w |= _ld(su, _ld(mb_seg, j))
            if w & lock == U0:
                continue
            keep = ~lock
            for j in range(mb_ptr[m], mb_ptr[m + 1]):
                x = mb_seg[j]
                for t in range(seg_ptr[x], seg_ptr[x + 1]):
                    v = seg_idx[t]
                    if d[v] & lock:
                        qn = _narrow(d, a, v, keep, q, qn)
                        if qn < 0:
                            return -1, changed
                        changed = True
    return qn, changed


@njit(**LOOP)
def _seen(d, a, q, H, cn_ptr, cn_idx, fw, done):
    """Common neighbours: a colour with two places left in an exact house leaves every vertex
    adjacent to both (``cn``: for each house and pair of its positions, the vertices adjacent
    to both that locked candidates do not already cover, see ``houses._pair_neighbours``).
    Box/line locked candidates are the case of places in one box and one line; with extra
    edges (anti-knight, anti-king) it reaches further. ``fw[h]``: the colours with two places
    in house ``h``, from the last :func:`_hidden` pass (the fixpoint calls this pass only
    when no pass since has changed a domain). ``done[h]``: the colours of house ``h`` whose
    pair this pass has already cleared on this branch (the level's row, copied by a guess):
    a colour keeps its two places or loses one, and its pair's neighbours stay without it
    below, so only new pairs are read. The queue length after it (-1 on a contradiction) and
    whether a colour was removed."""
    qn = 0
    changed = False
    nh, k = H.shape
    pairs = k * (k - 1) // 2
    for h in range(nh):
        few = _ld(fw, h) & ~_ld(done, h)
        while few:
            b = few & (~few + U1)
            few ^= b
            i = -1
            j = -1
            for x in range(k):
                if _ld(d, _ld(H, h * k + x)) & b:
                    if i < 0:
                        i = x
                    else:
                        j = x
                        break
            if j < 0:
                continue  # an elimination of this pass left one place: the next pass sees it
            p = h * pairs + i * (2 * k - i - 1) // 2 + j - i - 1
            for t in range(_ld(cn_ptr, p), _ld(cn_ptr, p + 1)):
                u = _ld(cn_idx, t)
                if _ld(d, u) & b:
                    qn = _narrow(d, a, u, ~b, q, qn)
                    if qn < 0:
                        return -1, changed
                    changed = True
            _st(done, h, _ld(done, h) | b)
    return qn, changed


@njit(**LOOP)
def _cages(d, a, q, cg_ptr, cg_idx, cb_ptr, cb_mask):
    """Cage pruning: the queue length after it, -1 on a contradiction, and whether a colour
    was removed."""
    qn = 0
    changed = False
    for g in range(len(cg_ptr) - 1):
        placed = U0
        union = U0
        nplaced = 0
        for j in range(cg_ptr[g], cg_ptr[g + 1]):
            v = cg_idx[j]
            m = d[v]
            union |= m
            if a[v]:
                placed |= m
                nplaced += 1
        if popcount(placed) != nplaced:
            return -1, changed  # a colour twice in the cage
        allowed = U0
        for j in range(cb_ptr[g], cb_ptr[g + 1]):
            m = cb_mask[j]
            if m & placed == placed and m & ~union == U0:
                allowed |= m
        if allowed == U0:
            return -1, changed
        drop = ~(allowed & ~placed)
        for j in range(cg_ptr[g], cg_ptr[g + 1]):
            v = cg_idx[j]
            if d[v] & drop and not a[v]:
                qn = _narrow(d, a, v, ~drop, q, qn)
                if qn < 0:
                    return -1, changed
                changed = True
    return qn, changed


@njit(**LOOP)
def fixpoint(
    d, a, q, qn, full, nbr_ptr, nbr_idx, H, seg_ptr, seg_idx, su, part_ptr, mseg, mb_ptr,
    mb_seg, seen, cn_ptr, cn_idx, cg_ptr, cg_idx, cb_ptr, cb_mask, mark, hd, vh_ptr, vh_idx, fw,
    done,
):  # fmt: skip
    """Propagate the queued singles, hidden singles, common neighbours (with ``seen``),
    cages and locked candidates to a fixpoint on one level, each rule run when those before
    it have nothing left (the fixpoint is the same in any order; this one measured fastest);
    False on a contradiction. With ``mark``, ``hd`` holds the exact
    houses to scan for hidden singles (marked where colours were removed; every house after
    an elimination by the other rules, which are rarer); all clear when it returns True. On
    25×25 grids this took a guess from 6.1 to 5.1 µs with the same tree; on 9×9 and 16×16
    the marks cost about what they save (``P_MARK`` off there)."""
    while True:
        if not _singles(d, a, q, qn, nbr_ptr, nbr_idx, mark, hd, vh_ptr, vh_idx):
            return False
        qn = _hidden(d, a, q, H, full, mark, hd, vh_ptr, vh_idx, seen, fw)
        if qn < 0:
            return False
        if qn:
            continue
        if seen:  # before locked candidates: 0.86-0.92x a fixpoint on the edge variants
            qn, changed = _seen(d, a, q, H, cn_ptr, cn_idx, fw, done)
            if qn < 0:
                return False
            if qn or changed:
                if mark:
                    hd[:] = 1
                continue
        if len(cg_ptr) > 1:  # before locked candidates: 0.91x a killer's time
            qn, changed = _cages(d, a, q, cg_ptr, cg_idx, cb_ptr, cb_mask)
            if qn < 0:
                return False
            if qn or changed:
                if mark:
                    hd[:] = 1
                continue
        qn, changed = _locked(d, a, q, seg_ptr, seg_idx, su, part_ptr, mseg, mb_ptr, mb_seg)
        if qn < 0:
            return False
        if not (qn or changed):
            return True
        if mark:
            hd[:] = 1


@njit(**LOOP)
def _choose(d, a, n, space_cap, first, nbr_ptr, nbr_idx, tie, seed):
    """``(v, space, r)``: the unplaced vertex with fewest colours (-1 when all are placed;
    ``first``: the first unplaced vertex instead; ``tie``: among the fewest, the one with most
    unplaced neighbours, else the first), the product of the unplaced vertices' colour counts
    (or more than ``space_cap`` once it passes it) and the number of unplaced vertices (both
    exact only when ``space_cap`` > 0: without it the scan may stop at a vertex with two
    colours)."""
    best = -1
    bestc = 65
    bests = -1
    space = 1
    r = 0
    for v in range(n):
        if _ld(a, v) == 0:
            r += 1
            c = popcount(_ld(d, v))
            if space <= space_cap:
                space *= c
            if first:
                if best < 0:
                    best = v
            elif c < bestc or ((tie or seed) and c == bestc):
                score = 0
                if seed:
                    score = int(_mix(seed, v, 0) >> np.uint64(33))
                elif tie:
                    for j in range(_ld(nbr_ptr, v), _ld(nbr_ptr, v + 1)):
                        if _ld(a, _ld(nbr_idx, j)) == 0:
                            score += 1
                if c < bestc or score > bests:
                    bestc = c
                    best = v
                    bests = score
            if c <= 2 and space > space_cap and space_cap == 0 and not (tie or seed):
                break
    return best, space, r


@njit(**LOOP)
def _leaf_count(d, a, n, nbr_ptr, nbr_idx, pos, order, avail, col, eptr, eidx):
    """The number of proper colourings of the unplaced vertices within their domains (every
    exact house is a clique, so a proper colouring fills each house with every colour once).

    A plain depth-first enumeration, fewest colours first, each vertex's colours less those of
    its earlier neighbours; the last vertex adds its colour count at once. ``pos`` is all -1 on
    entry and on exit; the other arrays are scratch space.
    """
    r = 0
    for v in range(n):
        if a[v] == 0:
            order[r] = v
            r += 1
    # insertion sort by colour count
    for i in range(1, r):
        v = order[i]
        c = popcount(d[v])
        j = i - 1
        while j >= 0 and popcount(d[order[j]]) > c:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = v
    for i in range(r):
        pos[order[i]] = i
    ne = 0
    for i in range(r):
        eptr[i] = ne
        v = order[i]
        for j in range(nbr_ptr[v], nbr_ptr[v + 1]):
            p = pos[nbr_idx[j]]
            if 0 <= p < i:
                eidx[ne] = p
                ne += 1
    eptr[r] = ne
    for i in range(r):
        pos[order[i]] = -1
    if r == 0:
        return 1
    total = 0
    i = 0
    avail[0] = d[order[0]]
    while True:
        m = avail[i]
        if i == r - 1:
            total += popcount(m)
            i -= 1
        elif m == U0:
            i -= 1
        else:
            b = m & (~m + U1)
            avail[i] = m ^ b
            col[i] = b
            i += 1
            f = U0
            for t in range(eptr[i], eptr[i + 1]):
                f |= col[eidx[t]]
            avail[i] = d[order[i]] & ~f
            continue
        if i < 0:
            return total


@njit(**HOT)
def _mix(seed, x, y):
    """A 64-bit hash of three integers (splitmix64's finaliser)."""
    h = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(x) * FNV_PRIME + np.uint64(y)
    h = (h ^ (h >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    h = (h ^ (h >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return h ^ (h >> np.uint64(31))


@njit(**LOOP)
def _state_hash(d, a, n):
    """A hash of the domains of the unplaced vertices (placed ones read as 0)."""
    h = FNV_OFFSET
    for v in range(n):
        x = d[v] if a[v] == 0 else U0
        h = (h ^ x) * FNV_PRIME
    return h ^ (h >> SH29)


@njit(**LOOP)
def _same_state(d, a, n, row):
    """True when ``row`` holds the key of the level ``(d, a)``."""
    for v in range(n):
        x = d[v] if a[v] == 0 else U0
        if row[v] != x:
            return False
    return True


@njit(**LOOP)
def start(params, st, dom, asg, q, clues, sd):
    """Set level 0 from the clues (``clues[v]`` a colour or 0) and queue what is placed, no
    pair cleared (``sd[0]``); False when a clue is not a colour ``1..k``."""
    sd[0, :] = U0
    n = params[P_N]
    k = params[P_K]
    full = (U1 << np.uint64(k - 1) << U1) - U1
    qn = 0
    for v in range(n):
        asg[0, v] = 0
        c = clues[v]
        if c < 0 or c > k:
            return False
        if c:
            dom[0, v] = U1 << np.uint64(c - 1)
            q[qn] = v
            qn += 1
        else:
            dom[0, v] = full
            if k == 1:
                q[qn] = v
                qn += 1
    st[S_DEPTH] = 0
    st[S_MODE] = PROP
    st[S_QN] = qn
    return True


@njit(**HOT)
def _least_constraining(rem, v, d, a, nbr_ptr, nbr_idx, seed, node):
    """The colour of ``rem`` (a mask) to try first at ``v``: the one fewest unplaced
    neighbours of ``v`` still have (it removes the fewest choices), ties broken by a hash of
    ``seed`` and ``node`` when ``seed`` is set, else by the lowest colour. Only a search for
    solutions on large grids uses it (``params[P_TIE] == 2``): loosely clued 25×25 grids have
    many solutions, and a first guess that leaves the others room finds one sooner (40 grids:
    0.88× the time, ``bench/ab_houses.py made25``); on a unique puzzle, whose whole tree is
    searched anyway, it is only a cost."""
    best = rem & (~rem + U1)
    best_score = np.int64(1) << np.int64(40)
    rest = rem
    while rest:
        b = rest & (~rest + U1)
        rest ^= b
        score = np.int64(0)
        for j in range(_ld(nbr_ptr, v), _ld(nbr_ptr, v + 1)):
            u = _ld(nbr_idx, j)
            if _ld(a, u) == 0 and (_ld(d, u) & b):
                score += 1
        score *= 64
        if seed:
            score += np.int64(_mix(seed, node, popcount(b - U1)) & np.uint64(63))
        if score < best_score:
            best_score = score
            best = b
    return best


@njit(**LOOP)
def search(
    params, st, dom, asg, gcell, grem, q, sols, nbr_ptr, nbr_idx, H, seg_ptr, seg_idx, part_ptr,
    mseg, mb_ptr, mb_seg, cn_ptr, cn_idx, cg_ptr, cg_idx, cb_ptr, cb_mask, scratch, mscratch, su,
    lv, lh, mkeys, mcount, mhash, hd, vh_ptr, vh_idx, fw, sd,
):  # fmt: skip
    """Run the search from where ``st`` stands until an exit code (see the module's codes).

    ``params[P_LIMIT]`` solutions at most (-1: all), ``params[P_STOP_AT]`` guesses in all
    before pausing, ``params[P_CAP]`` rows of ``sols``: when it is full, return
    :data:`BUFFER_FULL` if ``params[P_DRAIN]`` else keep counting without storing. Counting
    (no limit, nothing more to store), a node whose unplaced vertices have at most
    ``params[P_LEAF]`` colourings in their domains (product of the counts) is counted by
    :func:`_leaf_count` instead of being searched. ``scratch`` is an ``int64`` array of
    ``4n + 1 + len(nbr_idx)`` entries (its first ``n`` all -1), ``mscratch`` ``uint64`` of
    ``2n``, ``su`` ``uint64`` of one entry per segment (see :func:`_locked`).

    Counting, with ``params[P_MEMO]`` rows in ``mkeys``/``mcount`` (a power of two; 0: off),
    the number of solutions below a node is kept by the domains of its unplaced vertices (they
    alone decide it: every constraint is an edge, every exact house a clique): a node met
    again with the same domains adds that number without a search. A guess then always copies
    its level (``lv[depth]`` records the slot and the count when the level was entered, and
    the slot is written when the level is dropped).
    """
    n = params[P_N]
    k = params[P_K]
    full = (U1 << np.uint64(k - 1) << U1) - U1
    limit = params[P_LIMIT]
    stop_at = params[P_STOP_AT]
    cap = params[P_CAP]
    drain = params[P_DRAIN]
    leaf = params[P_LEAF] if limit < 0 else 0
    tie = params[P_TIE] != 0
    lcv = params[P_TIE] >= 2
    seed = params[P_SEED]
    seen = params[P_SEEN] != 0
    mark = params[P_MARK] != 0
    memo = params[P_MEMO] if limit < 0 else 0
    mmask = np.uint64(memo - 1) if memo > 0 else U0
    pos = scratch[:n]
    order = scratch[n : 2 * n]
    eptr = scratch[2 * n : 3 * n + 1]
    eidx = scratch[3 * n + 1 :]
    avail = mscratch[:n]
    col = mscratch[n:]
    levels = dom.shape[0]
    depth = st[S_DEPTH]
    mode = st[S_MODE]
    code = EXHAUSTED
    while True:
        if mode == PROP:
            d = dom[depth]
            a = asg[depth]
            lv[depth, L_SLOT] = -1
            ok = fixpoint(
                d, a, q, st[S_QN], full, nbr_ptr, nbr_idx, H, seg_ptr, seg_idx, su, part_ptr,
                mseg, mb_ptr, mb_seg, seen, cn_ptr, cn_idx, cg_ptr, cg_idx, cb_ptr, cb_mask, mark,
                hd, vh_ptr, vh_idx, fw, sd[depth],
            )  # fmt: skip
            st[S_QN] = 0
            mode = DEAD
            if not ok:
                st[S_BACKTRACKS] += 1
                continue
            counting = leaf > 0 and st[S_BUFFERED] >= cap
            v, space, r = _choose(
                d, a, n, leaf if counting else 0, counting and memo > 0, nbr_ptr, nbr_idx, tie, seed
            )
            if v >= 0 and counting and (space <= leaf or r <= params[P_LEAF_CELLS]):
                st[S_FOUND] += _leaf_count(
                    d, a, n, nbr_ptr, nbr_idx, pos, order, avail, col, eptr, eidx
                )
                continue
            if v >= 0 and counting and memo > 0:
                h = _state_hash(d, a, n)
                base = int(h & mmask) & ~(WAYS - 1)
                hit = -1
                for w in range(base, base + WAYS):
                    if mcount[w] >= 0 and mhash[w] == h and _same_state(d, a, n, mkeys[w]):
                        hit = w
                        break
                if hit >= 0:
                    st[S_FOUND] += mcount[hit]
                    st[S_HITS] += 1
                    continue
                lv[depth, L_SLOT] = base
                lv[depth, L_FOUND] = st[S_FOUND]
                lh[depth] = h
            if v >= 0:
                gcell[depth] = v
                grem[depth] = d[v]
                mode = NEXT
                continue
            # a solution
            found = st[S_FOUND] + 1
            st[S_FOUND] = found
            b = st[S_BUFFERED]
            if b < cap:
                for u in range(n):
                    sols[b, u] = colour_of(d[u])
                st[S_BUFFERED] = b + 1
            if limit >= 0 and found >= limit:
                code = LIMIT
                break
            if drain and b + 1 >= cap:
                code = BUFFER_FULL
                break
            continue
        if mode == DEAD:
            base = lv[depth, L_SLOT]
            if base >= 0:
                lv[depth, L_SLOT] = -1
                got = st[S_FOUND] - lv[depth, L_FOUND]
                w = base  # the way with the smallest count: kept only if this one is larger
                for x in range(base + 1, base + WAYS):
                    if mcount[x] < mcount[w]:
                        w = x
                if got > mcount[w]:
                    d = dom[depth]
                    a = asg[depth]
                    row = mkeys[w]
                    for u in range(n):
                        row[u] = d[u] if a[u] == 0 else U0
                    mcount[w] = got
                    mhash[w] = lh[depth]
            depth -= 1
            if depth < 0:
                st[S_DEPTH] = -1
                st[S_MODE] = DEAD
                return EXHAUSTED
            mode = NEXT
            continue
        # NEXT: the next colour of the top level's guess
        rem = grem[depth]
        if rem == U0:
            mode = DEAD
            continue
        if st[S_NODES] >= stop_at:
            code = PAUSED
            break
        b = rem & (~rem + U1)
        if lcv and limit >= 0:
            b = _least_constraining(
                rem, gcell[depth], dom[depth], asg[depth], nbr_ptr, nbr_idx, seed, st[S_NODES]
            )
        elif seed:  # a colour picked by a hash of the seed, the node and the vertex
            skip = _mix(seed, st[S_NODES], gcell[depth]) % np.uint64(popcount(rem))
            while skip:
                rem ^= b
                b = rem & (~rem + U1)
                skip -= U1
            rem = grem[depth]
        rem ^= b
        v = gcell[depth]
        if rem != U0 or lv[depth, L_SLOT] >= 0:
            if depth + 1 >= levels:
                code = GROW
                break
            grem[depth] = rem
            base = depth * n
            for u in range(base, base + n):  # dom and asg are C-contiguous: rows end to end
                _st(dom, u + n, _ld(dom, u))
                _st(asg, u + n, _ld(asg, u))
            if seen:
                nh = sd.shape[1]
                for u in range(depth * nh, depth * nh + nh):
                    _st(sd, u + nh, _ld(sd, u))
            depth += 1
            if depth > st[S_MAX_DEPTH]:
                st[S_MAX_DEPTH] = depth
        else:
            grem[depth] = U0  # the last colour: tried in place, this level is done with
        st[S_NODES] += 1
        dom[depth, v] = b
        if mark:
            hd[:] = 0  # the level was at its fixpoint: only the guess is new
            _dirty(hd, vh_ptr, vh_idx, v)
        q[0] = v
        st[S_QN] = 1
        mode = PROP
    st[S_DEPTH] = depth
    st[S_MODE] = mode
    return code


@njit(**LOOP)
def check(sols, rows, clues, k, xe_ptr, xe_idx, H, cg_ptr, cg_idx, cg_sum):
    """The first of ``sols[:rows]`` that is not a solution (-1 when all are): every vertex a
    colour ``1..k`` keeping its clue, every exact house holding every colour (so no edge
    inside a house has one colour at both ends), no other edge (``xe``: each vertex's higher
    neighbours outside its exact houses) with one colour at both ends, every cage's colours
    distinct and adding up to its sum. Independent of the search: it reads the problem, not
    the domains."""
    n = len(clues)
    full = (U1 << np.uint64(k - 1) << U1) - U1
    for r in range(rows):
        s = sols[r]
        for v in range(n):
            c = s[v]
            if c < 1 or c > k or (clues[v] != 0 and clues[v] != c):
                return r
            for j in range(xe_ptr[v], xe_ptr[v + 1]):
                if s[xe_idx[j]] == c:
                    return r
        for h in range(H.shape[0]):
            seen = U0
            for i in range(H.shape[1]):
                seen |= U1 << np.uint64(s[H[h, i]] - 1)
            if seen != full:
                return r
        for g in range(len(cg_ptr) - 1):
            seen = U0
            total = 0
            for j in range(cg_ptr[g], cg_ptr[g + 1]):
                c = s[cg_idx[j]]
                b = U1 << np.uint64(c - 1)
                if seen & b:
                    return r
                seen |= b
                total += c
            if total != cg_sum[g]:
                return r
    return -1
