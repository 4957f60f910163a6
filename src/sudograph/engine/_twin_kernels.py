# mypy: disable-error-code="no-untyped-def"
"""The numba kernels of the twin search (imported only by :mod:`sudograph.engine.twin`).

Glossary: ``v``/``u``/``w`` vertices, ``c`` colour ``1..k``, ``bit`` its mask ``1 << (c - 1)``
(``uint64``), ``dom[v]`` the colours ``v`` may still take (those no coloured neighbour has),
``col[v]`` its colour (0 = uncoloured), ``clmask[q]`` the colours used in clique ``q`` (see
:mod:`sudograph.engine._arrays`).

The search is the reference one (:mod:`sudograph.search.backtracking`) over flat arrays and an
explicit stack: level ``d`` of the stack holds the vertex chosen at depth ``d``
(``dvar``), its colours not tried yet (``drem``) and where the undo trails stood before its
current colour was assigned (``dtmark`` for the domain trail, ``damark`` for the stack of
coloured vertices, deductions included). Undoing a node pops both trails back to its marks.

Every piece of state lives in arrays passed in, so :func:`search` can stop after a number of
nodes (``stop_at``), hand the solutions found so far back to Python, check the clock, and be
called again to go on where it stopped.

This module imports numba at import time: import it lazily.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._cache import ready

ready()  # a cache folder numba can write, before the first @njit(cache=True)

STATIC, MRV, DSATUR = 0, 1, 2
CHECK, FORWARD, SINGLES = 0, 1, 2
SELECT, TRY, POP = 0, 1, 2
"""Phases of the search loop: choose a vertex, try its next colour, go back one level."""

EXHAUSTED, LIMIT, PAUSED, MAX_NODES, BUFFER_FULL = 0, 1, 2, 3, 4
"""Codes :func:`search` returns: the tree is explored, ``limit`` solutions were found, the
node budget of this call is spent, ``max_nodes`` is reached, the solution buffer is full."""

# params (int64 array)
P_N, P_K, P_ORDER, P_INF, P_LIMIT, P_MAX_NODES, P_STOP_AT, P_CAP, P_DRAIN, P_NFREE = range(10)
NUM_PARAMS = 10
# state (int64 array)
(
    S_DEPTH,
    S_PHASE,
    S_NODES,
    S_BACKTRACKS,
    S_DEDUCTIONS,
    S_MAX_DEPTH,
    S_FOUND,
    S_ALEN,
    S_TLEN,
    S_BUFFERED,
) = range(10)
NUM_STATE = 10

U0 = np.uint64(0)
U1 = np.uint64(1)
M1 = np.uint64(0x5555555555555555)
M2 = np.uint64(0x3333333333333333)
M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
H01 = np.uint64(0x0101010101010101)
SH1 = np.uint64(1)
SH2 = np.uint64(2)
SH4 = np.uint64(4)
SH56 = np.uint64(56)


@njit(cache=True)
def popcount(x: np.uint64) -> int:
    """Number of bits set in ``x``."""
    x = x - ((x >> SH1) & M1)
    x = (x & M2) + ((x >> SH2) & M2)
    x = (x + (x >> SH4)) & M4
    return int((x * H01) >> SH56)


@njit(cache=True)
def full_mask(k: int) -> np.uint64:
    """The mask of colours ``1..k``."""
    if k >= 64:
        return ~U0
    return (U1 << np.uint64(k)) - U1


@njit(cache=True)
def _colour(v, c, col, clmask, clique_ptr, clique_idx, udeg, nbr_ptr, nbr_idx, astack, st, dsatur):
    bit = U1 << np.uint64(c - 1)
    col[v] = c
    for j in range(clique_ptr[v], clique_ptr[v + 1]):
        q = clique_idx[j]
        clmask[q] = clmask[q] | bit
    if dsatur:
        for j in range(nbr_ptr[v], nbr_ptr[v + 1]):
            udeg[nbr_idx[j]] -= 1
    astack[st[S_ALEN]] = v
    st[S_ALEN] += 1


@njit(cache=True)
def _eliminate(v, bit, col, dom, nbr_ptr, nbr_idx, trail_v, trail_m, st, fail_on_empty):
    """Remove ``bit`` from the domains of the uncoloured neighbours of ``v`` (on the trail);
    False when one is emptied and ``fail_on_empty`` (the rest is then left as it is)."""
    nbit = ~bit
    for j in range(nbr_ptr[v], nbr_ptr[v + 1]):
        u = nbr_idx[j]
        if col[u] == 0:
            d = dom[u]
            if d & bit:
                t = st[S_TLEN]
                trail_v[t] = u
                trail_m[t] = d
                st[S_TLEN] = t + 1
                d = d & nbit
                dom[u] = d
                if d == U0 and fail_on_empty:
                    return False
    return True


@njit(cache=True)
def _undo(
    level,
    col,
    dom,
    clmask,
    clique_ptr,
    clique_idx,
    udeg,
    nbr_ptr,
    nbr_idx,
    astack,
    trail_v,
    trail_m,
    damark,
    dtmark,
    st,
    dsatur,
):
    a0 = damark[level]
    for i in range(st[S_ALEN] - 1, a0 - 1, -1):
        w = astack[i]
        nbit = ~(U1 << np.uint64(col[w] - 1))
        col[w] = 0
        for j in range(clique_ptr[w], clique_ptr[w + 1]):
            q = clique_idx[j]
            clmask[q] = clmask[q] & nbit
        if dsatur:
            for j in range(nbr_ptr[w], nbr_ptr[w + 1]):
                udeg[nbr_idx[j]] += 1
    st[S_ALEN] = a0
    t0 = dtmark[level]
    for i in range(st[S_TLEN] - 1, t0 - 1, -1):
        dom[trail_v[i]] = trail_m[i]
    st[S_TLEN] = t0


@njit(cache=True)
def _deduce(
    v,
    bit,
    col,
    dom,
    clmask,
    clique_ptr,
    clique_idx,
    udeg,
    nbr_ptr,
    nbr_idx,
    astack,
    trail_v,
    trail_m,
    st,
    dsatur,
):
    st[S_DEDUCTIONS] += 1
    _colour(
        v,
        popcount(bit - U1) + 1,
        col,
        clmask,
        clique_ptr,
        clique_idx,
        udeg,
        nbr_ptr,
        nbr_idx,
        astack,
        st,
        dsatur,
    )
    _eliminate(v, bit, col, dom, nbr_ptr, nbr_idx, trail_v, trail_m, st, False)


@njit(cache=True)
def _propagate(
    full,
    col,
    dom,
    clmask,
    clique_ptr,
    clique_idx,
    udeg,
    nbr_ptr,
    nbr_idx,
    house_ptr,
    house_idx,
    astack,
    trail_v,
    trail_m,
    st,
    dsatur,
):
    """Naked and hidden singles to a fixpoint, in the reference's order: each pass sweeps the
    vertices in index order (naked singles), then the houses in order (hidden singles, colours
    ascending); passes repeat until one changes nothing. False on a dead end: a vertex with an
    empty domain met by the sweep, or a house where a missing colour has no place. (Only the
    houses of k vertices are given here.)"""
    n = col.shape[0]
    nh = house_ptr.shape[0] - 1
    changed = True
    while changed:
        changed = False
        for v in range(n):
            if col[v] != 0:
                continue
            d = dom[v]
            if d == U0:
                return False
            if (d & (d - U1)) == U0:
                _deduce(
                    v,
                    d,
                    col,
                    dom,
                    clmask,
                    clique_ptr,
                    clique_idx,
                    udeg,
                    nbr_ptr,
                    nbr_idx,
                    astack,
                    trail_v,
                    trail_m,
                    st,
                    dsatur,
                )
                changed = True
        for h in range(nh):
            placed = U0
            once = U0
            twice = U0
            for j in range(house_ptr[h], house_ptr[h + 1]):
                w = house_idx[j]
                if col[w] != 0:
                    placed |= U1 << np.uint64(col[w] - 1)
                else:
                    d = dom[w]
                    twice |= once & d
                    once |= d
            if full & ~placed & ~once:
                return False
            hidden = once & ~twice & ~placed
            while hidden:
                b = hidden & (~hidden + U1)
                hidden ^= b
                for j in range(house_ptr[h], house_ptr[h + 1]):
                    w = house_idx[j]
                    if col[w] == 0 and dom[w] & b:
                        _deduce(
                            w,
                            b,
                            col,
                            dom,
                            clmask,
                            clique_ptr,
                            clique_idx,
                            udeg,
                            nbr_ptr,
                            nbr_idx,
                            astack,
                            trail_v,
                            trail_m,
                            st,
                            dsatur,
                        )
                        changed = True
                        break
    return True


@njit(cache=True)
def prepare(
    params,
    st,
    col,
    dom,
    clmask,
    udeg,
    trail_v,
    trail_m,
    astack,
    nbr_ptr,
    nbr_idx,
    clique_ptr,
    clique_idx,
    house_ptr,
    house_idx,
    root_check,
):
    """Set the state from the precolouring in ``col``; False when the root already fails
    (``root_check``: an uncoloured vertex without a colour; singles: propagation fails)."""
    n = params[P_N]
    full = full_mask(params[P_K])
    inference = params[P_INF]
    dsatur = params[P_ORDER] == DSATUR
    for v in range(n):
        if col[v] != 0:
            bit = U1 << np.uint64(col[v] - 1)
            for j in range(clique_ptr[v], clique_ptr[v + 1]):
                clmask[clique_idx[j]] |= bit
    for v in range(n):
        cnt = 0
        for j in range(nbr_ptr[v], nbr_ptr[v + 1]):
            if col[nbr_idx[j]] == 0:
                cnt += 1
        udeg[v] = cnt
        if col[v] == 0:
            used = U0
            for j in range(clique_ptr[v], clique_ptr[v + 1]):
                used |= clmask[clique_idx[j]]
            d = full & ~used
            dom[v] = d
            if d == U0 and root_check:
                return False
        else:
            dom[v] = U0
    if inference == SINGLES:
        return _propagate(
            full,
            col,
            dom,
            clmask,
            clique_ptr,
            clique_idx,
            udeg,
            nbr_ptr,
            nbr_idx,
            house_ptr,
            house_idx,
            astack,
            trail_v,
            trail_m,
            st,
            dsatur,
        )
    return True


@njit(cache=True)
def search(
    params,
    st,
    col,
    dom,
    clmask,
    udeg,
    trail_v,
    trail_m,
    astack,
    dvar,
    drem,
    dtmark,
    damark,
    free,
    sols,
    nbr_ptr,
    nbr_idx,
    clique_ptr,
    clique_idx,
    house_ptr,
    house_idx,
):
    """Run the search from the state in the arrays until it ends or must pause (see the
    module docstring); returns one of the codes ``EXHAUSTED`` ... ``BUFFER_FULL``."""
    n = params[P_N]
    full = full_mask(params[P_K])
    order = params[P_ORDER]
    inference = params[P_INF]
    limit = params[P_LIMIT]
    max_nodes = params[P_MAX_NODES]
    stop_at = params[P_STOP_AT]
    cap = params[P_CAP]
    drain = params[P_DRAIN] != 0
    nfree = params[P_NFREE]
    dsatur = order == DSATUR
    keep_domains = not (order == STATIC and inference == CHECK)
    fail_on_empty = inference != CHECK
    singles = inference == SINGLES

    depth = st[S_DEPTH]
    phase = st[S_PHASE]
    nodes = st[S_NODES]
    backtracks = st[S_BACKTRACKS]
    max_depth = st[S_MAX_DEPTH]
    code = EXHAUSTED
    while True:
        if phase == SELECT:
            v = -1
            if order == STATIC:
                if not singles:
                    if depth < nfree:
                        v = free[depth]
                else:
                    start = dvar[depth - 1] + 1 if depth > 0 else 0
                    for u in range(start, n):
                        if col[u] == 0:
                            v = u
                            break
            else:
                best = 1 << 30
                best_deg = -1
                for u in range(n):
                    if col[u] == 0:
                        p = popcount(dom[u])
                        if p < best or (dsatur and p == best and udeg[u] > best_deg):
                            best = p
                            best_deg = udeg[u]
                            v = u
                            if p == 0:
                                break
            if v < 0:
                st[S_FOUND] += 1
                b = st[S_BUFFERED]
                if b < cap:
                    for u in range(n):
                        sols[b, u] = col[u]
                    st[S_BUFFERED] = b + 1
                phase = POP
                if limit > 0 and st[S_FOUND] >= limit:
                    code = LIMIT
                    break
                if drain and st[S_BUFFERED] >= cap:
                    code = BUFFER_FULL
                    break
                continue
            dvar[depth] = v
            if keep_domains:
                drem[depth] = dom[v]
            else:
                used = U0
                for j in range(clique_ptr[v], clique_ptr[v + 1]):
                    used |= clmask[clique_idx[j]]
                drem[depth] = full & ~used
            phase = TRY
        elif phase == POP:
            if depth == 0:
                code = EXHAUSTED
                break
            depth -= 1
            _undo(
                depth,
                col,
                dom,
                clmask,
                clique_ptr,
                clique_idx,
                udeg,
                nbr_ptr,
                nbr_idx,
                astack,
                trail_v,
                trail_m,
                damark,
                dtmark,
                st,
                dsatur,
            )
            backtracks += 1
            phase = TRY
        else:
            rem = drem[depth]
            if rem == U0:
                phase = POP
                continue
            if nodes >= stop_at:
                code = MAX_NODES if 0 <= max_nodes <= nodes else PAUSED
                break
            bit = rem & (~rem + U1)
            drem[depth] = rem ^ bit
            v = dvar[depth]
            dtmark[depth] = st[S_TLEN]
            damark[depth] = st[S_ALEN]
            nodes += 1
            if depth >= max_depth:
                max_depth = depth + 1
            _colour(
                v,
                popcount(bit - U1) + 1,
                col,
                clmask,
                clique_ptr,
                clique_idx,
                udeg,
                nbr_ptr,
                nbr_idx,
                astack,
                st,
                dsatur,
            )
            ok = True
            if keep_domains:
                ok = _eliminate(
                    v, bit, col, dom, nbr_ptr, nbr_idx, trail_v, trail_m, st, fail_on_empty
                )
                if ok and singles:
                    ok = _propagate(
                        full,
                        col,
                        dom,
                        clmask,
                        clique_ptr,
                        clique_idx,
                        udeg,
                        nbr_ptr,
                        nbr_idx,
                        house_ptr,
                        house_idx,
                        astack,
                        trail_v,
                        trail_m,
                        st,
                        dsatur,
                    )
            if not ok:
                _undo(
                    depth,
                    col,
                    dom,
                    clmask,
                    clique_ptr,
                    clique_idx,
                    udeg,
                    nbr_ptr,
                    nbr_idx,
                    astack,
                    trail_v,
                    trail_m,
                    damark,
                    dtmark,
                    st,
                    dsatur,
                )
                backtracks += 1
                continue
            depth += 1
            phase = SELECT
    st[S_DEPTH] = depth
    st[S_PHASE] = phase
    st[S_NODES] = nodes
    st[S_BACKTRACKS] = backtracks
    st[S_MAX_DEPTH] = max_depth
    return code


@njit(cache=True)
def search_static_check(params, st, col, clmask, drem, dbit, free, sols, clique_ptr, clique_idx):
    """:func:`search` specialised to ``static`` + ``check`` (the seeds' naive backtracking):
    no deductions, so the vertex of depth ``d`` is ``free[d]``, its colour the bit ``dbit[d]``,
    and undoing a node is clearing that bit from the vertex's cliques. Same state, codes and
    counts as :func:`search` (``col`` is written when a solution is found)."""
    n = params[P_N]
    full = full_mask(params[P_K])
    limit = params[P_LIMIT]
    max_nodes = params[P_MAX_NODES]
    stop_at = params[P_STOP_AT]
    cap = params[P_CAP]
    drain = params[P_DRAIN] != 0
    nfree = params[P_NFREE]

    depth = st[S_DEPTH]
    nodes = st[S_NODES]
    backtracks = st[S_BACKTRACKS]
    max_depth = st[S_MAX_DEPTH]
    code = EXHAUSTED
    if st[S_PHASE] == SELECT and depth < nfree:
        v = free[depth]
        used = U0
        for j in range(clique_ptr[v], clique_ptr[v + 1]):
            used |= clmask[clique_idx[j]]
        drem[depth] = full & ~used
    solution = st[S_PHASE] == SELECT and depth == nfree
    while True:
        if solution:
            solution = False
            st[S_FOUND] += 1
            b = st[S_BUFFERED]
            if b < cap:
                for d in range(nfree):
                    col[free[d]] = popcount(dbit[d] - U1) + 1
                for u in range(n):
                    sols[b, u] = col[u]
                st[S_BUFFERED] = b + 1
            drem[depth] = U0
            if limit > 0 and st[S_FOUND] >= limit:
                code = LIMIT
                break
            if drain and st[S_BUFFERED] >= cap:
                code = BUFFER_FULL
                break
        rem = drem[depth]
        if rem != U0:
            if nodes >= stop_at:
                code = MAX_NODES if 0 <= max_nodes <= nodes else PAUSED
                break
            bit = rem & (~rem + U1)
            drem[depth] = rem ^ bit
            dbit[depth] = bit
            v = free[depth]
            for j in range(clique_ptr[v], clique_ptr[v + 1]):
                q = clique_idx[j]
                clmask[q] = clmask[q] | bit
            nodes += 1
            depth += 1
            if depth > max_depth:
                max_depth = depth
            if depth < nfree:
                v = free[depth]
                used = U0
                for j in range(clique_ptr[v], clique_ptr[v + 1]):
                    used |= clmask[clique_idx[j]]
                drem[depth] = full & ~used
            else:
                solution = True
        else:
            if depth == 0:
                code = EXHAUSTED
                break
            depth -= 1
            v = free[depth]
            nbit = ~dbit[depth]
            for j in range(clique_ptr[v], clique_ptr[v + 1]):
                q = clique_idx[j]
                clmask[q] = clmask[q] & nbit
            backtracks += 1
    st[S_DEPTH] = depth
    st[S_PHASE] = TRY
    st[S_NODES] = nodes
    st[S_BACKTRACKS] = backtracks
    st[S_MAX_DEPTH] = max_depth
    return code


@njit(cache=True)
def search_static_check_dense(params, st, col, clmask, drem, dbit, free, sols, fcl):
    """:func:`search_static_check` when every free vertex is in the same number of cliques:
    ``fcl[d]`` lists the cliques of ``free[d]`` (a Sudoku: its row, column and box)."""
    width = fcl.shape[1]
    n = params[P_N]
    full = full_mask(params[P_K])
    limit = params[P_LIMIT]
    max_nodes = params[P_MAX_NODES]
    stop_at = params[P_STOP_AT]
    cap = params[P_CAP]
    drain = params[P_DRAIN] != 0
    nfree = params[P_NFREE]

    depth = st[S_DEPTH]
    nodes = st[S_NODES]
    backtracks = st[S_BACKTRACKS]
    max_depth = st[S_MAX_DEPTH]
    code = EXHAUSTED
    if st[S_PHASE] == SELECT and depth < nfree:
        used = U0
        for j in range(width):
            used |= clmask[fcl[depth, j]]
        drem[depth] = full & ~used
    solution = st[S_PHASE] == SELECT and depth == nfree
    while True:
        if solution:
            solution = False
            st[S_FOUND] += 1
            b = st[S_BUFFERED]
            if b < cap:
                for d in range(nfree):
                    col[free[d]] = popcount(dbit[d] - U1) + 1
                for u in range(n):
                    sols[b, u] = col[u]
                st[S_BUFFERED] = b + 1
            drem[depth] = U0
            if limit > 0 and st[S_FOUND] >= limit:
                code = LIMIT
                break
            if drain and st[S_BUFFERED] >= cap:
                code = BUFFER_FULL
                break
        rem = drem[depth]
        if rem != U0:
            if nodes >= stop_at:
                code = MAX_NODES if 0 <= max_nodes <= nodes else PAUSED
                break
            bit = rem & (~rem + U1)
            drem[depth] = rem ^ bit
            dbit[depth] = bit
            for j in range(width):
                q = fcl[depth, j]
                clmask[q] = clmask[q] | bit
            nodes += 1
            depth += 1
            if depth > max_depth:
                max_depth = depth
            if depth < nfree:
                used = U0
                for j in range(width):
                    used |= clmask[fcl[depth, j]]
                drem[depth] = full & ~used
            else:
                solution = True
        else:
            if depth == 0:
                code = EXHAUSTED
                break
            depth -= 1
            nbit = ~dbit[depth]
            for j in range(width):
                q = fcl[depth, j]
                clmask[q] = clmask[q] & nbit
            backtracks += 1
    st[S_DEPTH] = depth
    st[S_PHASE] = TRY
    st[S_NODES] = nodes
    st[S_BACKTRACKS] = backtracks
    st[S_MAX_DEPTH] = max_depth
    return code
