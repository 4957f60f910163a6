"""Vectorised parse and format of 81-character 9×9 lines for the fast path (numpy only).

A chunk of lines becomes one (n, 81) ``uint8`` array in a few numpy calls (a join, one table
look-up, one reduction), and solutions go back to lines the same way: no per-cell Python work.
``.`` and ``0`` are empty cells, ``1``-``9`` clues; anything else makes the line unreadable
and is reported per line, so one bad line does not spoil its chunk.

>>> arr, bad = parse_chunk(["1" + "." * 80, "x" * 81, "12"])
>>> arr[0, :3].tolist(), bad.tolist()
([1, 0, 0], [-1, 0, 2])
>>> format_lines(arr[:1])[0][:4]
'1...'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import InvalidArgument

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

BAD = 255
"""Value of an unreadable symbol in the look-up table."""
END = 254
"""Value of the line end in :data:`BYTES`."""
BYTES = bytes(
    i - 48 if 48 <= i <= 57 else 0 if i == ord(".") else END if i == ord("\n") else BAD
    for i in range(256)
)
"""The byte translation of :func:`parse_chunk`: ``0``-``9`` -> 0-9, ``.`` -> 0, a newline
-> :data:`END` (unreadable inside a line), anything else -> :data:`BAD`."""


def parse_chunk(lines: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Parse 81-character lines; return ``(array, bad)``.

    ``array`` is (n, 81) ``uint8`` (rows of unreadable lines are zeros); ``bad[i]`` is -1 for
    a good line, else the 0-based position of its first unreadable symbol, or its length when
    it does not have 81 symbols. Raises :class:`TypeError` when an item is not a string.

    The common case, every line good, takes one join, one ``bytes.translate`` and two checks
    (0.26 -> 0.15 µs a puzzle): the lines are joined with a newline after each; when that
    text is 82 bytes a line, has a newline at every 82nd byte and none elsewhere, the n
    newlines joined in are exactly those, so every line has 81 symbols.
    """
    import numpy as np

    n = len(lines)
    raw = ("\n".join(lines) + "\n").encode("ascii", "replace")  # non-ASCII -> '?'
    if n and len(raw) == 82 * n:
        parse = _compiled_parse()
        if parse is not None:  # one compiled pass through BYTES (0.13 µs a puzzle less)
            arr = np.empty((n, 81), dtype=np.uint8)
            if parse(np.frombuffer(raw, dtype=np.uint8), np.frombuffer(BYTES, np.uint8), END, arr):
                return arr, np.full(n, -1, dtype=np.int64)
        rows = np.frombuffer(raw.translate(BYTES), dtype=np.uint8).reshape(n, 82)
        grid = rows[:, :81]
        if (rows[:, 81] == END).all() and grid.max() < END:
            return np.ascontiguousarray(grid), np.full(n, -1, dtype=np.int64)
    lengths = np.fromiter(map(len, lines), dtype=np.int64, count=n)
    bad = np.full(n, -1, dtype=np.int64)
    wrong_len = lengths != 81
    if wrong_len.any():
        lines = [s if len(s) == 81 else "." * 81 for s in lines]
    raw = "".join(lines).encode("ascii", "replace").translate(BYTES)
    arr = np.frombuffer(raw, dtype=np.uint8).reshape(n, 81).copy()
    if n and arr.max() >= END:
        flags = arr >= END
        idx = np.flatnonzero(flags.any(axis=1))
        bad[idx] = flags[idx].argmax(axis=1)
        arr[idx] = 0
    bad[wrong_len] = lengths[wrong_len]
    return arr, bad


def _compiled_parse() -> Any:
    """The compiled parser of whole chunks (``_fast9_kernels.parse_rows``) when numba is
    installed, else None (the numpy path alone)."""
    try:
        from ._fast9_kernels import parse_rows
    except ImportError:  # pragma: no cover - numba is in the test extra
        return None
    return parse_rows


def parse_lines(lines: list[str]) -> np.ndarray:
    """An (n, 81) ``uint8`` array from 81-character lines.

    Raises :class:`InvalidArgument` naming the first unreadable line (1-based) and why.

    >>> parse_lines(["." * 80 + "9"])[0, -1]
    np.uint8(9)
    >>> parse_lines(["." * 81, "1x" + "." * 79])
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: line 2: symbol 'x' at position 2 (use 1-9 and . or 0)
    """
    arr, bad = parse_chunk(lines)
    describe_bad(lines, bad)
    return arr


def describe_bad(lines: list[str], bad: np.ndarray) -> None:
    """Raise :class:`InvalidArgument` for the first line flagged in ``bad`` (if any)."""
    import numpy as np

    hits = np.flatnonzero(bad >= 0)
    if hits.size:
        i = int(hits[0])
        raise InvalidArgument(f"line {i + 1}: {line_error(lines[i], int(bad[i]))}")


def line_error(line: str, pos: int) -> str:
    """The message for a line flagged at ``pos`` by :func:`parse_chunk`."""
    if len(line) != 81:
        return f"expected 81 symbols, got {len(line)}"
    return f"symbol {line[pos]!r} at position {pos + 1} (use 1-9 and . or 0)"


def format_text(grids: np.ndarray) -> bytes:
    """All rows of an (n, 81) digit array as one ASCII block, 81 bytes a row (0 written ``.``)."""
    import numpy as np

    table = np.frombuffer(b".123456789", dtype=np.uint8)
    return bytes(table[np.asarray(grids, dtype=np.uint8)].tobytes())


def format_lines(grids: np.ndarray) -> list[str]:
    """The rows of an (n, 81) digit array as 81-character lines (0 written ``.``)."""
    text = format_text(grids).decode("ascii")
    return [text[i : i + 81] for i in range(0, len(text), 81)]
