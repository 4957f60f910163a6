"""The numba kernels of the 9×9 fast path (imported only by :mod:`sudograph.engine.fast9`).

Glossary. The grid is cut into three *bands* of three rows (and three *stacks* of three
columns); a cell of band ``b`` is bit ``p = 9 * row_in_band + column`` of a 27-bit word, so
cell ``27 * b + p`` of the row-major grid. A *state* is 30 integers: word ``3 * d + b``
holds the cells of band ``b`` where digit ``d + 1`` may still go (a placed digit keeps its own
bit), word ``27 + b`` the cells of band ``b`` not placed yet; a search level is the state and
its scratch (:data:`WORDS`), and guessing copies a level. A *triad* is the three cells where
a row (or a column) crosses a box. For one digit and one band, the 3×3 *occupancy matrix*
says which triads (row × box) may hold it; the digit takes exactly one triad per row and one
per box, so the matrix must contain a permutation: its *configurations* (at most 6). Same
for a stack (column × box).

* naked singles: a bit-sliced count of the nine digit words of a band gives the unplaced
  cells with exactly one candidate (and those with none: a contradiction);
* hidden singles: per digit, a row or box of a band word with one bit, or a column (folded
  over the three bands) with one bit, is a placement; the cells found for one digit in one
  band are placed together;
* the *unit pass* (:func:`_units`), on the six occupancy matrices of every digit packed in
  one 54-bit word: locked candidates (pointing and claiming, one table per matrix), then the
  triad rules: a triad holds exactly three digits, so a triad that only three digits can
  occupy holds those three (they leave the rest of its row and box), and a triad that three
  digits must occupy holds no other digit.

Only the digits and bands that changed since the last fixpoint are scanned again by the
singles (the *dirty* masks). The hot loops avoid branches that depend on the data (stores
and flags are computed, not tested; loops run over the set bits of a mask): a mispredicted
branch costs more than the few word operations it would skip (measured: 20-30% faster).
The state and the tables are read and written through :func:`_ld` and :func:`_st`, plain
loads and stores without numba's test for negative indices (every index here is in range).
The search branches like tdoku's: on the band or stack with the fewest configurations left
over all digits, on the digit with the fewest (two or more) there, trying its configurations
in turn; the last one is asserted at the branching level itself (not a guess). Without the
unit pass at every node (``locked`` < 2) it guesses on the two-candidate cell with most
unplaced peers, else on a digit with two places left in a row or box, else on the cell with
fewest candidates, and a refuted digit is removed at the guessing level. The search is
resumable: its whole state lives in the arrays passed in, so the caller can run it by guess
budgets and read the clock in between.

This module imports numba at import time: import it lazily.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit
from numba.core import types
from numba.extending import intrinsic

from ._cache import ready

ready()  # a cache folder numba can write, before the first @njit(cache=True)

TZCNT: Any = None
"""numba's count-trailing-zeros intrinsic (one instruction; 8% faster than a de Bruijn
table), None in a numba without it."""
try:
    from numba.cpython.unsafe import numbers as _unsafe_numbers

    TZCNT = _unsafe_numbers.trailing_zeros
except (ImportError, AttributeError):  # pragma: no cover - an older or newer numba
    pass

CLASH = -1
"""Count returned for a puzzle whose clues clash (two equal digits in a house)."""
WORDS = 48
"""Integers per search level: the state (30 words), then its scratch (18 words)."""
SCRATCH = 30
"""Offset of a level's scratch words: the unit pass leaves there each digit's packed
occupancy matrices (words 0-8) and certain triads (words 9-17); a child copies them with the
state, so a unit pass only reads the digits that changed since its parent's, and a level
coming back from its children still has its own."""
LEVELS = 82
"""Search levels: each level fixes a digit's configuration in a band or stack (54 at most)
or places a cell."""
STACK = LEVELS * WORDS
"""Length of the flat ``stack`` array the search runs in."""
DONE = 0
PAUSED = 1
"""Return codes of :func:`search`: finished (or limit reached) / node budget spent."""
CTL = 4
"""Length of the control array: depth, solutions found, guesses, mode (0: settle the current
level, 1: backtrack, 2: try the next configuration of the current level)."""


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
def _index_by_table(bit):  # type: ignore[no-untyped-def]
    """Index of the single set bit of ``bit`` (< 2**63), by a de Bruijn sequence."""
    if bit >> 32:
        return 32 + DEBRUIJN[(((bit >> 32) * 0x077CB531) & 0xFFFFFFFF) >> 27]
    return DEBRUIJN[((bit * 0x077CB531) & 0xFFFFFFFF) >> 27]


if TZCNT is not None:

    @njit(**HOT)
    def _index(bit):  # type: ignore[no-untyped-def]
        """Index of the single set bit of ``bit`` (< 2**63): one instruction."""
        return TZCNT(bit)

else:  # pragma: no cover - a numba without the intrinsic
    _index = _index_by_table


def _intrinsic(func: Any) -> Any:
    """numba's ``intrinsic`` seen by mypy as untyped (its stub would type the compiled
    call by the signature of the typing function)."""
    return intrinsic(func)


def _flat(arr: Any, i: Any) -> bool:
    """Whether :func:`_ld` and :func:`_st` accept these argument types: a C-contiguous array
    (of any dimension: the index is then the row-major flat index, as the house kernel reads
    its 2-D tables) and an integer index (other arguments fail to compile)."""
    return isinstance(arr, types.Array) and arr.layout == "C" and isinstance(i, types.Integer)


@_intrinsic
def _ld(typingctx, arr, i):  # type: ignore[no-untyped-def]
    """``arr[i]`` for an index known to be in range: a plain load. numba's ``arr[i]`` on a
    signed index also tests ``i < 0`` to wrap it around (a compare and a select per access,
    which also keeps LLVM from folding the addresses: measured 12-15% of the search)."""

    def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
        ary = context.make_array(sig.args[0])(context, builder, args[0])
        return builder.load(builder.gep(ary.data, [args[1]], inbounds=True))

    if not _flat(arr, i):
        return None
    return arr.dtype(arr, i), codegen


@_intrinsic
def _st(typingctx, arr, i, v):  # type: ignore[no-untyped-def]
    """``arr[i] = v`` for an index known to be in range (see :func:`_ld`)."""

    def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
        ary = context.make_array(sig.args[0])(context, builder, args[0])
        val = context.cast(builder, args[2], sig.args[2], sig.args[0].dtype)
        builder.store(val, builder.gep(ary.data, [args[1]], inbounds=True))
        return context.get_dummy_value()

    if not _flat(arr, i):
        return None
    return types.none(arr, i, v), codegen


@njit(**HOT)
def _and(s, i, m):  # type: ignore[no-untyped-def]
    """``s[i] &= m`` (see :func:`_ld`)."""
    _st(s, i, _ld(s, i) & m)


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
        x = _ld(s, o + 3 * e + b)
        if x & bit:
            dirty |= 1 << e
            _st(s, o + 3 * e + b, x & nb)
    k = 3 * d
    _st(s, o + k + b, (_ld(s, o + k + b) & ~_ld(PEER, p)) | bit)
    cm = _ld(COLM, p)
    for b2 in range(3):
        if b2 != b:
            x = _ld(s, o + k + b2)
            if x & cm:
                _st(s, o + k + b2, x & ~cm)
                dirty |= 512 << b2
    _and(s, o + 27 + b, nb)
    return dirty


@njit(**HOT)
def _place_many(s, o, d, b, h):  # type: ignore[no-untyped-def]
    """Put digit ``d`` on every cell of the mask ``h`` of band ``b`` at once; return the dirty
    mask (see :func:`_place`), or -1 when two of those cells see each other or one of them
    cannot hold ``d``."""
    k = 3 * d
    w = _ld(s, o + k + b)
    if w & h != h:
        return -1
    peers = 0
    x = h
    while x:
        bit = x & -x
        x ^= bit
        peers |= _ld(PEER, _index(bit))
    if peers & h:
        return -1
    nh = ~h
    dirty = (1 << d) | (512 << b)
    for e in range(9):
        y = _ld(s, o + 3 * e + b)
        dirty |= (y & h != 0) << e
        _st(s, o + 3 * e + b, y & nh)
    _st(s, o + k + b, (w & ~peers) | h)
    cm = ((h | (h >> 9) | (h >> 18)) & 0x1FF) * COL3
    for b2 in range(3):
        c = cm * (b2 != b)
        y = _ld(s, o + k + b2)
        dirty |= (y & c != 0) << (9 + b2)
        _st(s, o + k + b2, y & ~c)
    _and(s, o + 27 + b, nh)
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
                x = _ld(s, o + 3 * d + b)
                two |= one & x
                one |= x
            u = _ld(s, o + 27 + b)
            if u & ~one:
                return -1
            sing = u & one & ~two
            if sing:
                dm = 0
                for d in range(9):
                    dm |= (sing & _ld(s, o + 3 * d + b) != 0) << d
                while dm:
                    bit = dm & -dm
                    dm ^= bit
                    d = _index(bit)
                    r = _place_many(s, o, d, b, sing & _ld(s, o + 3 * d + b))
                    if r < 0:
                        return -1
                    dirty |= r
                    seen |= r
                if _ld(s, o + 27 + b) & sing:
                    return -1
        d = -1
        while True:  # hidden singles, on the dirty digits in increasing order
            rest = dirty & (0x1FF << (d + 1)) & 0x1FF
            if not rest:
                break
            bit = rest & -rest
            dirty ^= bit
            d = _index(bit)
            k = 3 * d
            w0 = _ld(s, o + k)
            w1 = _ld(s, o + k + 1)
            w2 = _ld(s, o + k + 2)
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
                w = _ld(s, o + k + b)
                r0 = w & 0x1FF
                r1 = (w >> 9) & 0x1FF
                r2 = w >> 18
                x0 = w & 0x1C0E07
                x1 = w & 0xE07038
                x2 = w & 0x70381C0
                if (r0 == 0) | (r1 == 0) | (r2 == 0) | (x0 == 0) | (x1 == 0) | (x2 == 0):
                    return -1
                h = (w & cols) | _ld(ONE, r0) | (_ld(ONE, r1) << 9) | (_ld(ONE, r2) << 18)
                h |= x0 * (x0 & (x0 - 1) == 0)
                h |= x1 * (x1 & (x1 - 1) == 0)
                h |= x2 * (x2 & (x2 - 1) == 0)
                h &= _ld(s, o + 27 + b)
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


def _config_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``PM[6]``: the six permutation matrices of a 3×3 occupancy matrix (bit ``3 * i + j``:
    row ``i``, box ``j`` in a band; band ``i``, column ``j`` in a stack), one bit per matrix
    column; ``PERMSET[512]``: for an occupancy matrix, the 6-bit set of the configurations it
    still contains; ``STACKCOLS[3]``: the cells of the three columns of a stack, in a band."""
    import itertools

    pm = np.array(
        [sum(1 << (3 * p[j] + j) for j in range(3)) for p in itertools.permutations(range(3))],
        dtype=np.int64,
    )
    permset = np.array(
        [sum(1 << i for i in range(6) if pm[i] & occ == pm[i]) for occ in range(512)],
        dtype=np.int64,
    )
    stackcols = np.array([(7 << (3 * j)) * COL3 for j in range(3)], dtype=np.int64)
    return pm, permset, stackcols


PM, PERMSET, STACKCOLS = _config_tables()


def _triad_tables() -> tuple[np.ndarray, int, int]:
    """``CLEAR54[54]``: for a triad (bit ``9 * unit + 3 * i + j`` of the packed matrices),
    the mask that clears the rest of its matrix row and column; ``RB54``: the first bit of
    every matrix row of the packed word; ``FULL54``: all 54 bits."""
    clear = np.zeros(54, dtype=np.int64)
    rb = 0
    for u in range(6):
        rb |= 0b001001001 << (9 * u)
        for q in range(9):
            i, j = divmod(q, 3)
            line = ((7 << (3 * i)) | (0o111 << j)) & ~(1 << q)
            clear[9 * u + q] = ((1 << 54) - 1) & ~(line << (9 * u))
    return clear, rb, (1 << 54) - 1


CLEAR54, RB54, FULL54 = _triad_tables()


@njit(**HOT)
def _occ_band(w):  # type: ignore[no-untyped-def]
    """The occupancy matrix (row × box) of a band word."""
    return _ld(SEGS, w & 0x1FF) | (_ld(SEGS, (w >> 9) & 0x1FF) << 3) | (_ld(SEGS, w >> 18) << 6)


@njit(**HOT)
def _fold(w):  # type: ignore[no-untyped-def]
    """The columns (9 bits) of a band word that hold a bit."""
    return (w | (w >> 9) | (w >> 18)) & 0x1FF


@njit(**HOT)
def _spread9(x):  # type: ignore[no-untyped-def]
    """The three 3-bit groups of a 9-bit word moved to bits 0, 9 and 18."""
    return (x & 7) | ((x & 0o70) << 6) | ((x & 0o700) << 12)


@njit(**HOT)
def _packed(w0, w1, w2):  # type: ignore[no-untyped-def]
    """The six occupancy matrices of the band words ``w0, w1, w2`` in 54 bits: bands 0-2
    (row × box) at bits 0, 9, 18, then stacks 0-2 (band × column) at bits 27, 36, 45."""
    p = _occ_band(w0) | (_occ_band(w1) << 9) | (_occ_band(w2) << 18)
    st = _spread9(_fold(w0)) | (_spread9(_fold(w1)) << 3) | (_spread9(_fold(w2)) << 6)
    return p | (st << 27)


@njit(**HOT)
def _keep54(p):  # type: ignore[no-untyped-def]
    """Locked candidates on the six packed matrices (the :data:`KEEP` table, six times)."""
    return (
        _ld(KEEP, p & 0x1FF)
        | (_ld(KEEP, (p >> 9) & 0x1FF) << 9)
        | (_ld(KEEP, (p >> 18) & 0x1FF) << 18)
        | (_ld(KEEP, (p >> 27) & 0x1FF) << 27)
        | (_ld(KEEP, (p >> 36) & 0x1FF) << 36)
        | (_ld(KEEP, p >> 45) << 45)
    )


@njit(**HOT)
def _alone(p):  # type: ignore[no-untyped-def]
    """The bits of the packed matrices ``p`` alone in their matrix row: after locked
    candidates, the triads the digit certainly occupies."""
    a = p & RB54
    b = (p >> 1) & RB54
    c = (p >> 2) & RB54
    one = (a ^ b ^ c) & ~((a & b) | (a & c) | (b & c))
    return p & (one * 7)


@njit(**HOT)
def _units(s, o, sc, todo):  # type: ignore[no-untyped-def]
    """The unit pass on state ``s``: locked candidates, then the triad rules, on the six
    bands and stacks at once; return the dirty mask (see :func:`_place`), -1 on a
    contradiction (a triad fewer than three digits can occupy, or more than three must).

    Leaves each digit's packed matrices in ``s[sc + d]`` and its certain triads in
    ``s[sc + 9 + d]``; only the digits of the 9-bit mask ``todo`` are read from the state,
    the others are taken from there (they must not have changed since).
    """
    a1 = 0  # bit-sliced counts over the digits: triads 1, 2, 3, 4+ digits may occupy
    a2 = 0
    a3 = 0
    a4 = 0
    c1 = 0  # ... and must occupy
    c2 = 0
    c3 = 0
    c4 = 0
    changed = 0
    x = todo
    while x:
        bit = x & -x
        x ^= bit
        d = _index(bit)
        k = o + 3 * d
        raw = _packed(_ld(s, k), _ld(s, k + 1), _ld(s, k + 2))
        occ = _keep54(raw)
        _st(s, sc + d, occ)
        changed |= (occ != raw) << d
        _st(s, sc + 9 + d, _alone(occ))
    for d in range(9):
        occ = _ld(s, sc + d)
        sure = _ld(s, sc + 9 + d)
        a4 |= a3 & occ
        a3 |= a2 & occ
        a2 |= a1 & occ
        a1 |= occ
        c4 |= c3 & sure
        c3 |= c2 & sure
        c2 |= c1 & sure
        c1 |= sure
    if (~a3) & FULL54 or c4:
        return -1
    opened = _packed(_ld(s, o + 27), _ld(s, o + 28), _ld(s, o + 29))  # triads with an unplaced cell
    three = a3 & ~a4 & opened  # exactly three digits may occupy: they do
    full = c3 & opened  # three digits must occupy: no other may
    dirty = 0
    for d in range(9):
        occ = _ld(s, sc + d)
        sure = _ld(s, sc + 9 + d)
        if not (occ & (three | full) & ~sure) and not (changed >> d) & 1:
            continue
        new = occ & ~(full & ~sure)
        x = occ & three & ~sure
        while x:
            bit = x & -x
            x ^= bit
            new &= _ld(CLEAR54, _index(bit))
        _st(s, sc + d, new)
        k = o + 3 * d
        cols = new >> 27
        for b in range(3):
            g = cols >> (3 * b)
            c9 = (g & 7) | ((g >> 6) & 0o70) | ((g >> 12) & 0o700)
            m = _ld(SPREAD, (new >> (9 * b)) & 0x1FF) & (c9 * COL3)
            w = _ld(s, k + b)
            if w & ~m:
                _st(s, k + b, w & m)
                dirty |= (1 << d) | (512 << b)
    return dirty


@njit(**HOT)
def _settle(s, o, units, dirty, fresh):  # type: ignore[no-untyped-def]
    """Singles, then (when ``units``) the unit pass, to a fixpoint; False on a
    contradiction. ``dirty`` as in :func:`_propagate`; ``fresh``: the scratch holds this
    state's matrices but for the digits of ``dirty`` (the first unit pass reads only those)."""
    while True:
        seen = _propagate(s, o, dirty)
        if seen < 0:
            return False
        if not units:
            return True
        dirty = _units(s, o, o + SCRATCH, seen if fresh else 0x1FF)
        fresh = True
        if dirty < 0:
            return False
        if not dirty:
            return True


@njit(**HOT)
def _assert_config(s, o, u, p, d):  # type: ignore[no-untyped-def]
    """Confine digit ``d`` to configuration ``p`` of unit ``u`` (bands 0-2, stacks 3-5);
    return the dirty mask (see :func:`_place`)."""
    m = _ld(PM, p)
    k = o + 3 * d
    if u < 3:
        _and(s, k + u, _ld(SPREAD, m))
        return (1 << d) | (512 << u)
    j = u - 3
    sc = _ld(STACKCOLS, j)
    for b in range(3):
        _and(s, k + b, ~sc | ((((m >> (3 * b)) & 7) << (3 * j)) * COL3))
    return (1 << d) | 3584


@njit(**HOT)
def _choose_config(s, o):  # type: ignore[no-untyped-def]
    """The branch, from the matrices the last unit pass left: ``(unit, configurations,
    digit)`` for the unit with fewest configurations over all digits (not all fixed) and,
    in it, the digit with fewest (two or more); unit -1 when every digit is fixed."""
    sc = o + SCRATCH
    best_u = -1
    best_t = 1000
    for u in range(6):
        t = 0
        for d in range(9):
            t += _ld(POPC, _ld(PERMSET, (_ld(s, sc + d) >> (9 * u)) & 0x1FF))
        if 10 <= t < best_t:
            best_t = t
            best_u = u
    best_d = -1
    best_m = 0
    best_c = 7
    if best_u >= 0:
        for d in range(9):
            m = _ld(PERMSET, (_ld(s, sc + d) >> (9 * best_u)) & 0x1FF)
            c = _ld(POPC, m)
            if 2 <= c < best_c:
                best_c = c
                best_d = d
                best_m = m
    return best_u, best_m, best_d


@njit(**HOT)
def _restrict(s, o, b, bit, d):  # type: ignore[no-untyped-def]
    """Leave only digit ``d`` among the candidates of cell ``bit`` of band ``b``; return the
    dirty mask (see :func:`_place`)."""
    nb = ~bit
    dirty = 512 << b
    for e in range(9):
        if e != d and _ld(s, o + 3 * e + b) & bit:
            _and(s, o + 3 * e + b, nb)
            dirty |= 1 << e
    return dirty


@njit(**HOT)
def _remove(s, o, b, bit, d):  # type: ignore[no-untyped-def]
    """Remove digit ``d`` from the candidates of cell ``bit`` of band ``b``; return the dirty
    mask (see :func:`_place`)."""
    _and(s, o + 3 * d + b, ~bit)
    return (1 << d) | (512 << b)


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
        if _ld(s, o + 3 * d + b) & bit:
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
            x = _ld(s, o + 3 * d + b)
            a3 |= a2 & x
            a2 |= a1 & x
            a1 |= x
        u = _ld(s, o + 27 + b)
        x = a2 & ~a3 & u
        if not x:
            continue
        ua = _ld(s, o + 27 + (b + 1) % 3)
        ub = _ld(s, o + 27 + (b + 2) % 3)
        while x:
            bit = x & -x
            x ^= bit
            p = _index(bit)
            cm = _ld(COLM, p)
            q = u & _ld(PEER, p)
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
                w = _ld(s, o + 3 * d + b)
                for sh in (0, 9, 18):
                    r = w & (0x1FF << sh)
                    r2 = r & (r - 1)
                    if r2 and not (r2 & (r2 - 1)):
                        return b, r & -r, d
                for j in range(3):
                    r = w & _ld(BOXM, j)
                    r2 = r & (r - 1)
                    if r2 and not (r2 & (r2 - 1)):
                        return b, r & -r, d
    best_b = -1
    best_bit = 0
    fewest = 10
    for b in range(3):
        u = _ld(s, o + 27 + b)
        while u:
            bit = u & -u
            u ^= bit
            n = 0
            for d in range(9):
                if _ld(s, o + 3 * d + b) & bit:
                    n += 1
            if n < fewest:
                fewest = n
                best_b = b
                best_bit = bit
    return best_b, best_bit, _first_digit(s, o, best_b, best_bit)


@njit(cache=True)
def _write_solution(s, o, sols, row):  # type: ignore[no-untyped-def]
    for b in range(3):
        for d in range(9):
            w = _ld(s, o + 3 * d + b)
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
    for w in range(27):
        stack[w] = FULL
    for b in range(3):
        stack[27 + b] = FULL
    for i in range(81):  # a clue whose digit a peer clue already took is a clash
        d = np.int64(puzzle[i])
        if d != 0:
            b = i // 27
            bit = np.int64(1) << (i % 27)
            if not stack[3 * (d - 1) + b] & bit:
                return False
            _place(stack, 0, d - 1, b, bit)
    for w in range(CTL):
        ctl[w] = 0
    return True


@njit(**LOOP)
def search(stack, ctl, cband, cbit, rem, limit, budget, sols, locked):  # type: ignore[no-untyped-def]
    """Run (or resume) the search held in ``stack``/``ctl``; DONE or PAUSED.

    ``ctl``: depth, solutions found, guesses, mode (see :data:`CTL`). ``limit`` > 0 stops at
    that many solutions; ``budget`` > 0 pauses before a guess once ``budget`` more guesses
    were made in this call. The first solutions found go to ``sols`` (as many as its rows).
    ``locked``: the unit pass never (0), at the root (1), at every node (2, with branches on
    configurations). Per level: ``cband`` the unit + 16 of a configuration branch (else the
    band of a guessed cell), ``cbit`` the configurations left to try (else the cell),
    ``rem`` the digit.
    """
    root = locked >= 1
    deep = locked >= 2
    depth = ctl[0]
    count = ctl[1]
    guesses = ctl[2]
    mode = ctl[3]
    stop_at = guesses + budget
    pend = ALL_DIRTY  # what changed at the current level since it was last settled
    fresh = False  # the scratch holds this level's matrices, but for the digits of pend
    s = stack
    while True:
        if mode == 0:  # settle the current level, then branch
            o = depth * WORDS
            if not _settle(s, o, root if depth == 0 else deep, pend, fresh):
                mode = 1
                fresh = False
                continue
            fresh = deep
            if _ld(s, o + 27) == 0 and _ld(s, o + 28) == 0 and _ld(s, o + 29) == 0:
                if count < sols.shape[0]:
                    _write_solution(s, o, sols, count)
                count += 1
                mode = 1
                if limit > 0 and count >= limit:
                    break
                continue
            if deep:
                u, m, d = _choose_config(s, o)
                if u >= 0:
                    cband[depth] = 16 + u
                    cbit[depth] = m
                    rem[depth] = d
                    mode = 2
                    continue
            if budget >= 0 and guesses >= stop_at:
                break
            b, bit, d = _choose(s, o)
            cband[depth] = b
            cbit[depth] = bit
            rem[depth] = d
            t = o + WORDS
            for w in range(30):
                _st(s, t + w, _ld(s, o + w))
            pend = _restrict(s, t, b, bit, d)
            depth += 1
            guesses += 1
        elif mode == 2:  # try the first configuration left at this level on a copy
            if budget >= 0 and guesses >= stop_at:
                break
            o = depth * WORDS
            t = o + WORDS
            for w in range(WORDS):
                _st(s, t + w, _ld(s, o + w))
            m = cbit[depth]
            pend = _assert_config(s, t, cband[depth] - 16, _index(m & -m), rem[depth])
            depth += 1
            guesses += 1
            mode = 0
        else:  # backtrack: the level above tries its next configuration or refutes its digit
            fresh = deep  # its matrices are still in its scratch words
            if depth == 0:
                break
            depth -= 1
            o = depth * WORDS
            if cband[depth] >= 16:
                m = cbit[depth] & (cbit[depth] - 1)
                if m & (m - 1) == 0:  # the last one: asserted here, not a guess
                    pend = _assert_config(s, o, cband[depth] - 16, _index(m), rem[depth])
                    mode = 0
                else:
                    cbit[depth] = m
                    mode = 2
            else:
                pend = _remove(s, o, cband[depth], cbit[depth], rem[depth])
                mode = 0
    ctl[0] = depth
    ctl[1] = count
    ctl[2] = guesses
    ctl[3] = mode  # 1 when finished (or the limit was reached), else where to resume
    return DONE if mode == 1 else PAUSED


@njit(cache=True)
def solve_batch(  # type: ignore[no-untyped-def]
    puzzles, first, resume, limit, max_guesses, budget, counts, solutions, guesses, stopped,
    locked, stack, ctl, cband, cbit, rem, sols,
):  # fmt: skip
    """Solve the rows of ``puzzles`` (n, 81) from row ``first`` on in compiled code, filling
    the output arrays; return the first row not finished (n when every row is).

    ``counts[i]``: solutions found (:data:`CLASH` for clashing clues); ``solutions[i]`` the
    first one (zeros when none); ``guesses[i]``; ``stopped[i]`` when ``max_guesses`` >= 0 cut
    the search (< 0: no cap). ``locked`` as in :func:`search`. ``budget`` >= 0: return once
    about that many guesses were made in this call (< 0: no budget), the search of the row
    returned paused in ``stack``, ``ctl``, ``cband``, ``cbit``, ``rem`` (the work arrays of
    :func:`search`) and ``sols`` (one row): call again with that row as ``first`` and
    ``resume`` True to go on (False starts row ``first`` afresh). So a caller reads the clock,
    or looks for Ctrl-C, between two calls, however long one puzzle takes.
    """
    n_rows = puzzles.shape[0]
    spent = 0
    n = first
    while n < n_rows:
        if not resume:
            solutions[n, :] = 0
            if not start(puzzles[n], stack, ctl):
                counts[n] = CLASH
                guesses[n] = 0
                stopped[n] = False
                n += 1
                continue
        resume = False
        step = -1
        if budget >= 0:
            step = max(budget - spent, 0)
        if max_guesses >= 0:
            left = max_guesses - ctl[2]
            if step < 0 or left < step:
                step = left
        before = ctl[2]
        code = search(stack, ctl, cband, cbit, rem, limit, step, sols, locked)
        spent += ctl[2] - before
        capped = max_guesses >= 0 and ctl[2] >= max_guesses
        if code == PAUSED and not capped:
            return n  # the budget is spent: this row goes on at the next call
        counts[n] = ctl[1]
        guesses[n] = ctl[2]
        stopped[n] = code == PAUSED
        if ctl[1] > 0:
            solutions[n, :] = sols[0]
        n += 1
    return n_rows


@njit(cache=True, nogil=True)
def check_batch(puzzles, counts, solutions, ok):  # type: ignore[no-untyped-def]
    """Per row: ``ok[i]`` False when a solution is reported (``counts[i] > 0``) that is not
    a valid grid keeping the clues. Independent of the search (plain house masks)."""
    cols = np.zeros(9, dtype=np.int32)
    boxes = np.zeros(9, dtype=np.int32)
    for i in range(puzzles.shape[0]):
        if counts[i] <= 0:
            ok[i] = True
            continue
        cols[:] = 0
        boxes[:] = 0
        bad = np.int32(0)
        rows_ok = True
        for r in range(9):
            row = np.int32(0)
            for col in range(9):
                v = np.int32(solutions[i, 9 * r + col])
                p = np.int32(puzzles[i, 9 * r + col])
                bad |= (v - 1) >> 4 | (9 - v) >> 4 | ((p != 0) & (p != v))
                bit = np.int32(1) << ((v - 1) & 15)
                row |= bit
                cols[col] |= bit
                boxes[3 * (r // 3) + col // 3] |= bit
            rows_ok &= row == 0x1FF
        for h in range(9):
            rows_ok &= (cols[h] == 0x1FF) & (boxes[h] == 0x1FF)
        ok[i] = (bad == 0) & rows_ok


@njit(cache=True)
def parse_rows(buf, table, end, out):  # type: ignore[no-untyped-def]
    """Lines of 81 symbols, each followed by a newline (``buf``: the ``n * 82`` bytes), to the
    digits of ``out`` (n, 81) through ``table`` (byte -> digit, ``end`` for a newline, more
    for an unreadable byte: ``fast9_io.BYTES``): True when every symbol is a digit and every
    82nd byte a newline; False at the first byte that is not (``out`` then partly written)."""
    n = out.shape[0]
    for r in range(n):
        base = r * 82
        if table[buf[base + 81]] != end:
            return False
        for c in range(81):
            x = table[buf[base + c]]
            if x >= end:
                return False
            out[r, c] = x
    return True
