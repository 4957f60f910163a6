"""The file mode of ``sudograph solve FILE|- [-o OUT] [--workers N] [--resume]``.

Streams a puzzle file of any size in chunks across the cores (:func:`sudograph.batch.solve_many`)
and writes **one line per puzzle**, in input order: the solution as one line, or
``unsatisfiable``, ``stopped`` or ``error: <message>`` (with ``--json``, one JSON object per
line instead, the same keys in every row: :func:`~sudograph.cli.cmd_solve.json_row`; with
``--count``, the number of solutions; with ``--all``, every solution found, separated by
spaces, after ``stopped`` when a bound cut the list short). ``--limit N`` stops each search
at N solutions: the row shows the first, ``--json`` or ``--count`` how many were found. The
rows are described in docs/formats.md. A bad line, or a puzzle with clashing clues, is also
reported on standard error (``sudograph: error: file:line[:column]: what``).

A file of one puzzle per line is streamed; a file of grids written over several lines
(boxed, as ``sudograph show`` prints them) is read as
:func:`sudograph.formats.puzzles.iter_grids` reads it, its first lines deciding. ``-o``
naming an input is refused: OUT is truncated before the input is read. ``-o -`` is standard
output, as without ``-o`` (:func:`output_file`): the same rows, no file and no lock;
``--resume`` refuses it (there is no file to continue).

Durability: only complete lines are written, each batch with a single ``os.write`` and no
buffering in between, so Ctrl-C, a crash or SIGKILL leaves OUT holding every result written
so far and at most no partial line; ``--resume`` drops a trailing partial line if one is
there, counts the complete lines and continues from the next puzzle; it refuses an OUT whose
rows are not of the kind this run writes (:func:`resume_check`: JSON after text, counts after
solutions...), and an OUT whose last row does not answer the input's puzzle in its place
(:func:`kept_row_misfit`: another input), OUT untouched. A write that fails (a full disk)
names OUT.

Exit code: 0 every puzzle solved, 1 some unsatisfiable or stopped, 2 bad lines or errors, 130
after Ctrl-C and 143 after SIGTERM (the workers ended, every result so far written).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import os
import stat
import sys
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, cast

from .._process import Terminated, signals_delivered, signals_held, terminate_gracefully
from .._text import plural
from ..errors import InvalidArgument, ParseError, SudographError, WorkLost, install_hint, naming
from ..formats.puzzles import (
    compressed,
    csv_column,
    decode_line,
    holds_grid_blocks,
    is_comment,
    iter_grids,
    open_source,
    puzzle_at,
    refused_head,
)
from ..grid import MAX_LINE, Grid
from .cmd_solve import check_solve_options, json_row, listing_row, row_status
from .common import (
    STDIN,
    STDOUT,
    fail,
    has_variant,
    is_variant_file,
    no_grid_error,
    progress_wanted,
    puzzle_place,
    read_items,
    refuse_graph_input,
    report_error,
    tally_line,
    warn,
)

if TYPE_CHECKING:
    from ..batch import BatchResult

FLUSH_LINES = 512
"""Result lines gathered before a write (also written at least every FLUSH_SECONDS)."""
FLUSH_SECONDS = 0.5
EXIT_INTERRUPTED = 130
"""Exit code after Ctrl-C (SIGINT): what is done is written, ``--resume`` continues."""
EXIT_TERMINATED = 143
"""Exit code after SIGTERM (128 + 15): the workers are ended, what is done is written."""
_DIGITS = frozenset("123456789.0")


def count_complete_lines(path: str | os.PathLike[str]) -> int:
    """Complete lines in ``path``, truncating a trailing partial line away (for ``--resume``).

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("wb", delete=False) as f:
    ...     _ = f.write(b"a\\nb\\nparti")
    >>> count_complete_lines(f.name), open(f.name, "rb").read()
    (2, b'a\\nb\\n')
    >>> os.unlink(f.name)
    """
    p = Path(path)
    if not p.exists():
        return 0
    count = 0
    last_end = 0
    pos = 0
    with p.open("rb") as f:
        while True:
            block = f.read(1 << 20)
            if not block:
                break
            n = block.count(b"\n")
            if n:
                count += n
                last_end = pos + block.rindex(b"\n") + 1
            pos += len(block)
    if last_end != pos:
        os.truncate(p, last_end)
    return count


class OutputBusy(InvalidArgument):
    """Another run holds the lock of the output file (the CLI: one line, exit 2)."""


class OutputLock:
    """An exclusive lock on the output file ``OUT`` while a run writes it: ``flock`` on
    ``OUT.lock``, which holds the writer's pid; removed when the run ends cleanly.

    A second writer (``-o OUT`` or ``--resume``) gets :class:`OutputBusy` naming the first
    one's pid. A lock file left by a killed run is stale: the kernel dropped its ``flock``
    when the process died, so the next run takes it over. Without ``fcntl`` (Windows) it locks
    nothing, nor does a lock on what is no regular file (``/dev/null``, a pipe) or beside a
    file in a folder where no lock file can be made.

    >>> import tempfile, os
    >>> out = os.path.join(tempfile.mkdtemp(), "out.txt")
    >>> with OutputLock(out):
    ...     OutputLock(out).acquire()
    Traceback (most recent call last):
    ...
    sudograph.cli.batchmode.OutputBusy: ... is being written by another run (pid ...)
    >>> os.path.exists(out + ".lock")
    False
    """

    def __init__(self, output: str | os.PathLike[str]) -> None:
        self.output = os.fspath(output)
        self.path = self.output + ".lock"
        self.fd: int | None = None

    def acquire(self) -> OutputLock:
        """Take the lock (raises :class:`OutputBusy` when another run holds it)."""
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not on POSIX
            return self
        with contextlib.suppress(OSError):  # (missing: made below, as a file)
            if not stat.S_ISREG(os.stat(self.output).st_mode):
                return self  # /dev/null, /dev/stdout, a pipe: no file for another run to spoil
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:  # no such folder, or one where no file can be made (/proc, read-
                return self  # only): OUT's own open says what is wrong with OUT, if anything
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = os.read(fd, 32).decode("ascii", "replace").strip() or "unknown"
                os.close(fd)
                raise OutputBusy(
                    f"{self.output} is being written by another run (pid {holder})"
                ) from None
            try:  # the holder may have removed the file between our open and our flock
                same = os.stat(self.path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        self.fd = fd
        return self

    def release(self) -> None:
        """Remove the lock file and drop the lock (nothing when not held)."""
        if self.fd is None:
            return
        with contextlib.suppress(FileNotFoundError):  # removed by hand
            os.unlink(self.path)
        os.close(self.fd)
        self.fd = None

    def __enter__(self) -> OutputLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def output_file(output: str | None, resume: bool = False) -> str | None:
    """The file that ``-o`` names: None without ``-o`` and for ``-o -``, standard output (the
    rows go there as without ``-o``, complete lines still, no lock). ``--resume`` without a
    file is :class:`InvalidArgument`: standard output holds nothing to continue.

    >>> output_file("out.txt"), output_file("-"), output_file(None)
    ('out.txt', None, None)
    >>> output_file("-", resume=True)
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: --resume needs -o OUT (the file to continue), not -o - ...
    """
    if output == STDOUT_ARG:
        output = None
        if resume:
            raise InvalidArgument(
                "--resume needs -o OUT (the file to continue), not -o - (standard output, "
                "which holds nothing to continue)"
            )
    if resume and not output:
        raise InvalidArgument("--resume needs -o OUT (the file to continue)")
    return output or None


STDOUT_ARG = "-"
"""What ``-o`` takes for standard output (as ``visualize -o -``)."""


def refuse_input_as_output(output: str | None, inputs: Iterable[str | None]) -> None:
    """Raise :class:`InvalidArgument` when ``-o OUT`` is one of the files ``inputs`` (``-``:
    what standard input reads): OUT is truncated before the input is read (or, with
    ``--resume``, appended to while it is read), so the input would be lost. Inputs that are
    no file (inline text, a pipe, a device) are left alone, and so is ``-o -`` (standard
    output).

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "in.txt")
    >>> _ = open(path, "w").write("1.3.....2...4..1\\n")
    >>> refuse_input_as_output(path, ["1.3.....2...4..1", path])
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: -o .../in.txt is the input file .../in.txt: writing there ...
    """
    if not output or output == STDOUT_ARG:
        return
    try:
        out = os.stat(output)
    except OSError:  # not there yet (or unreadable): no input can be it
        return
    if not stat.S_ISREG(out.st_mode):
        return
    for name in inputs:
        if not name:
            continue
        try:
            st = os.fstat(0) if name == "-" else os.stat(name)
        except OSError:  # inline text, or no standard input
            continue
        if os.path.samestat(st, out):
            what = "standard input" if name == "-" else f"the input file {name}"
            raise InvalidArgument(
                f"-o {output} is {what}: writing there would erase the input; "
                "name another output file"
            )


def open_output(
    output: str | None,
    resume: bool,
    check: Callable[[str], None] | None = None,
    *,
    truncate: bool = True,
) -> tuple[int, int, OutputLock | None, bool]:
    """``(file descriptor, complete lines kept, lock, made)`` for the results: standard output
    without ``output`` or for ``-`` (:func:`output_file`: ``resume`` refused); with a file,
    OUT locked (:class:`OutputLock`, released by the caller) then truncated (without
    ``truncate``, left for :meth:`_Writer.begin` to empty), or kept up to its
    last complete line with ``resume``; ``made``: OUT was not there (told under the lock).
    ``check(OUT)``, given, runs under the lock before OUT is touched (see
    :func:`resume_check`): what it raises leaves OUT as it was."""
    output = output_file(output, resume)
    if output is None:
        return 1, 0, None, False
    lock = OutputLock(output).acquire()
    try:
        if resume and check is not None:
            check(output)
        skip = count_complete_lines(output) if resume else 0
        emptied = os.O_TRUNC if truncate else 0
        flags = os.O_WRONLY | (os.O_APPEND if resume else emptied)
        try:
            return os.open(output, flags | os.O_CREAT | os.O_EXCL, 0o644), skip, lock, True
        except FileExistsError:  # (a link to no file yet: made there, as before)
            return os.open(output, flags | os.O_CREAT, 0o644), skip, lock, False
    except BaseException:
        lock.release()
        raise


ROWS = {
    "solutions": "solution rows (solve)",
    "lists": "solution lists (solve --all)",
    "counts": "count rows (solve --count)",
    "count": "rows of sudograph count",
}
"""What the rows of a run are, by kind (see :func:`row_kind`)."""
_END: Any = object()
"""The end of the input, for ``next(items, _END)``."""

RESUME_HEAD = 1 << 16
"""Bytes of OUT read from its start (and from its end) to tell what its rows are."""
_GRID_SIDES = frozenset(n * n for n in range(4, 65))


def row_kind(row: str) -> tuple[str, str | None]:
    """``(format, kind)`` of an output row of ``solve`` or ``count`` in the file mode:
    format ``json`` or ``text``; kind a key of :data:`ROWS`, or None when the row could be
    any (an error row, a status, a line no run writes).

    >>> row_kind('{"line": 1, "status": "solved", "count": 4, "complete": true}')
    ('json', 'counts')
    >>> row_kind("at least 5"), row_kind("1234341221434321"), row_kind("error: in.txt:2: bad")
    (('text', 'counts'), ('text', 'solutions'), ('text', None))
    """
    text = row.strip()
    if text.startswith("{"):
        try:
            doc = json.loads(text)
        except ValueError:
            return "text", None
        if not isinstance(doc, dict):
            return "json", None
        if "unique" in doc:
            return "json", "count"
        if "status" not in doc or doc["status"] == "error":
            return "json", None  # an error row: any run writes them
        if "complete" in doc:
            return "json", "counts"
        return "json", "lists" if "solutions" in doc else "solutions"
    words = text.split(" ")
    if words[0] == "line" and len(words) > 2 and words[1].rstrip(":").isdigit():
        return "text", "count"  # "line 3: 2 solutions"
    if text.startswith("error: "):
        return "text", None
    if words[0] in ("unsatisfiable", "stopped") and (len(words) == 1 or _grids(words[1:])):
        return "text", "solutions"
    if text.startswith("at least ") and text[9:].isdigit():
        return "text", "counts"
    if text.isdigit() and len(text) < 16:  # a grid line has 16 cells at least
        return "text", "counts"
    if _grids(words):
        return "text", "solutions" if len(words) == 1 else "lists"
    return "text", None


def _grids(words: list[str]) -> bool:
    """True when ``words`` read as grid lines: the same length, that of a grid's cells."""
    return len(words[0]) in _GRID_SIDES and all(len(w) == len(words[0]) for w in words)


def resume_check(as_json: bool, kind: str) -> Callable[[str], None]:
    """The check that ``--resume`` makes of OUT before it continues it: raises
    :class:`InvalidArgument` when the rows there are not those this run writes (JSON rows
    after text ones, or the other way round; counts after solutions...), OUT untouched. The
    first row that tells (within :data:`RESUME_HEAD` bytes) and the last complete row are
    read. ``kind``: a key of :data:`ROWS`; ``solutions`` rows are accepted by ``lists``
    (an ``--all`` row of one solution is a solution row)."""
    fits = {kind, "solutions"} if kind == "lists" else {kind}
    want = ("JSON " if as_json else "text ") + ROWS[kind]

    def check(output: str) -> None:
        for row in _telling_rows(output):
            form, what = row_kind(row)
            if (form == "json") != as_json or (what is not None and what not in fits):
                has = f"{'JSON' if form == 'json' else 'text'} " + (ROWS[what] if what else "rows")
                raise InvalidArgument(
                    f"{output} holds {has}, this run writes {want}: --resume continues the run "
                    "that wrote it, with the same options; name another -o OUT"
                )

    return check


def last_row(output: str) -> str | None:
    """The last complete row of ``output`` (within its last :data:`RESUME_HEAD` bytes), None
    when there is none."""
    try:
        with open(output, "rb") as f:
            size = f.seek(0, os.SEEK_END)
            f.seek(max(size - RESUME_HEAD, 0))
            tail = f.read()
    except OSError:
        return None
    pieces = tail[: tail.rfind(b"\n")].split(b"\n") if b"\n" in tail else []
    if not pieces or (len(pieces) == 1 and size > RESUME_HEAD):  # began before the window
        return None
    return pieces[-1].decode("utf-8", "replace").strip() or None


def kept_row_misfit(row: str, no: int, item: Any, name: str = "") -> str | None:
    """Why ``row``, the last row ``--resume`` keeps, cannot be the answer to ``item``, the
    puzzle it skips last (on line ``no`` of ``name``, the input), None when it can: a JSON
    row or a ``count`` row names another line, a text error row an earlier line of ``name``
    (a later one may be a line of a grid written over several), or a solution breaks one of
    the puzzle's clues (an OUT written from another input of as many puzzles or more).
    Statuses and counts say nothing of their puzzle: None.

    >>> puzzle = "1..." + "." * 12
    >>> print(kept_row_misfit("1234341221434321", 4, puzzle))
    None
    >>> kept_row_misfit("2134341221434321", 4, puzzle)
    "its solution has 2 at r1c1, the puzzle's clue 1"
    >>> kept_row_misfit("error: in.txt:3: wrong length", 4, puzzle, "in.txt")
    'it answers line 3'
    >>> print(kept_row_misfit("error: in.txt:5: row has 3 cells", 4, puzzle, "in.txt"))
    None
    >>> kept_row_misfit('{"line": 3, "status": "unsatisfiable", "solution": null}', 4, puzzle)
    'it answers line 3'
    >>> kept_row_misfit("line 5: 1 solution (unique)", 4, puzzle)
    'it answers line 5'
    """
    solutions: list[str] = []
    text = row.strip()
    if text.startswith("{"):
        try:
            doc = json.loads(text)
        except ValueError:
            return None
        if not isinstance(doc, dict):
            return None
        line = doc.get("line")
        if type(line) is int and line != no:
            return f"it answers line {line:,}"
        if isinstance(doc.get("solution"), str):
            solutions.append(doc["solution"])
    elif name and text.startswith(f"error: {name}:"):
        said = text[len(f"error: {name}:") :].split(":", 1)[0]
        if said.isdigit() and int(said) < no:
            return f"it answers line {int(said):,}"
        return None
    else:
        words = text.split()
        if len(words) >= 2 and words[0] == "line" and words[1].endswith(":"):
            said = words[1][:-1]
            if said.isdigit() and int(said) != no:
                return f"it answers line {int(said):,}"
            return None
        if row_kind(text)[1] in ("solutions", "lists"):  # grids, after "stopped" maybe
            solutions = [w for w in words if w not in ("stopped", "unsatisfiable")]
    if not solutions:
        return None
    if isinstance(item, ParseError):
        return f"it holds a solution, where line {no:,} of the input is not a puzzle"
    line_of = item if isinstance(item, str) else item.to_line() if isinstance(item, Grid) else None
    if line_of is None:
        return None
    clue = "." if isinstance(item, Grid) else ".0"
    for solution in solutions[:1]:
        if len(solution) != len(line_of):
            return f"its solution has {len(solution):,} cells, the puzzle {len(line_of):,}"
        side = math.isqrt(len(line_of))
        for at, (got, given) in enumerate(zip(solution, line_of, strict=True)):
            if given not in clue and got != given:
                cell = f"r{at // side + 1}c{at % side + 1}"
                return f"its solution has {got} at {cell}, the puzzle's clue {given}"
    return None


def resumed_items(
    items: Iterator[tuple[int, Any]], output: str, name: str, skip: int
) -> Iterator[tuple[int, Any]]:
    """``items`` read from the last puzzle ``--resume`` skips (see :func:`read_puzzles` with
    ``skip - 1``), that puzzle checked against OUT's last row (:func:`kept_row_misfit`):
    :class:`InvalidArgument` when it cannot be its answer, raised before the first puzzle is
    handed on (nothing written), as for an input of fewer puzzles than OUT has rows."""
    try:
        first = next(items, None)
    except _InputShort as short:  # read to skip - 1: said again with OUT's rows
        _check_skip(short.seen, skip, name)
        raise
    if first is None:  # one puzzle fewer than OUT's rows
        _check_skip(skip - 1, skip, name)  # raises
        return iter(())
    no, item = first
    row = last_row(output)
    why = kept_row_misfit(row, no, item, name) if row is not None else None
    if why is not None:
        raise InvalidArgument(
            f"the last row of {output} does not answer {name}:{no:,}, the puzzle in its "
            f"place ({why}): --resume continues the run that wrote it, on the same input; "
            "name another -o OUT"
        )
    return items


def _telling_rows(output: str) -> list[str]:
    """The first row of ``output`` whose kind tells (:func:`row_kind`), else its first row,
    and its last complete row: what :func:`resume_check` reads."""
    try:
        with open(output, "rb") as f:
            head = f.read(RESUME_HEAD)
    except OSError:  # not there yet: nothing to continue
        return []
    complete = [r for r in head.split(b"\n")[: head.count(b"\n")] if r.strip()]
    rows = [r.decode("utf-8", "replace") for r in complete]
    telling = next((r for r in rows if row_kind(r)[1] is not None), rows[0] if rows else None)
    return [r for r in (telling, last_row(output)) if r is not None and r.strip()]


def dask_client(args: argparse.Namespace) -> Any:
    """A Dask client for ``--dask ADDRESS|local`` (None without the option); ``--workers N``
    sets the size of a local cluster. A scheduler with no worker is said so in one line (the
    run waits for one: it waited without a word)."""
    address = getattr(args, "dask", None)
    if not address:
        return None
    from ..distributed import connect

    client = connect(str(address), getattr(args, "workers", None))
    if address != "local":
        with contextlib.suppress(Exception):  # (a scheduler gone already: the run says so)
            if not client.scheduler_info().get("workers"):
                start = f"start `dask worker {address}`"
                warn(f"the Dask scheduler at {address} has no worker yet: the work waits ({start})")
    return client


def read_puzzles(
    stream: BinaryIO,
    name: str,
    *,
    skip: int,
    box: Any,
    alphabet: str | None,
    report: bool = True,
) -> Iterator[tuple[int, Any]]:
    """``(line number, item)`` per puzzle after the first ``skip`` ones.

    The head of the stream decides, as :func:`~sudograph.formats.puzzles.iter_grids` does: a
    file of grids written over several lines (boxed, rows, lists) is read by ``iter_grids``
    (items are :class:`Grid` objects numbered by their first line); otherwise one puzzle per
    line, streamed. There an item is the line itself when it is a plain 81-symbol 9×9 puzzle
    (the fast path needs no parsing), a :class:`Grid` otherwise. A bad line or grid is its
    :class:`ParseError` (also reported on standard error when ``report``). Blank lines and
    ``#`` comments are not puzzles; a byte-order mark is ignored; a CSV header
    (``quizzes,solutions``) is skipped and the column it names used, its quotes stripped. An
    input of fewer than ``skip`` puzzles is refused (:class:`InvalidArgument`) at its end.
    """
    head = b""
    with naming(name):  # a read error (EIO) names the input, here and below
        if getattr(stream, "seekable", bool)():  # a file: its head past the buffer's 4 KiB
            at = stream.tell()
            head = stream.read(MAX_LINE)
            stream.seek(at)
        elif hasattr(stream, "peek"):  # a pipe: what has arrived (iter_grids reads on)
            head = stream.peek(MAX_LINE)[:MAX_LINE]
    read = _grid_blocks if holds_grid_blocks(head, box=box, alphabet=alphabet) else _puzzle_lines
    return read(stream, name, skip=skip, box=box, alphabet=alphabet, report=report)


def _variant_items(
    args: argparse.Namespace, source: str, skip: int, *, report: bool = True
) -> Iterator[tuple[int, Any]]:
    """``(line number, item)`` per puzzle after the first ``skip`` ones of a variant file, or
    of any file read with ``--variant/--regions/--cages``: :class:`Grid` objects carrying
    their rules (see :func:`~sudograph.cli.common.read_items`), a bad puzzle its
    :class:`ParseError`, also reported on standard error when ``report``."""
    seen = 0
    for seen, (no, item) in enumerate(read_items(source, args), 1):
        if seen <= skip:
            continue
        if isinstance(item, ParseError) and report:
            report_error(item)
        yield no or seen, item
    _check_skip(seen, skip, STDIN if source == "-" else source)


class _InputShort(InvalidArgument):
    """An input of fewer puzzles than OUT has rows (:func:`_check_skip`); ``seen``: its
    puzzles."""

    def __init__(self, message: str, seen: int) -> None:
        super().__init__(message)
        self.seen = seen


def _check_skip(seen: int, skip: int, name: str) -> None:
    """``--resume``: refuse an input of fewer puzzles than OUT has rows (another input)."""
    if seen < skip:
        raise _InputShort(
            f"{name} holds {plural(seen, 'puzzle')}, fewer than the {plural(skip, 'row')} of "
            "the output: --resume continues the run that wrote it, on the same input",
            seen,
        )


def _grid_blocks(
    stream: BinaryIO, name: str, *, skip: int, box: Any, alphabet: str | None, report: bool
) -> Iterator[tuple[int, Any]]:
    """:func:`read_puzzles` of a file of multi-line grids."""
    items = iter_grids(stream, box=box, alphabet=alphabet, name=name)
    seen = 0
    with naming(name):  # a read error (EIO) names the input
        for seen, (no, item) in enumerate(items, 1):
            if seen <= skip:
                continue
            if isinstance(item, ParseError) and report:
                report_error(item)
            yield no, item
    _check_skip(seen, skip, name)


def _puzzle_lines(
    stream: BinaryIO, name: str, *, skip: int, box: Any, alphabet: str | None, report: bool
) -> Iterator[tuple[int, Any]]:
    """:func:`read_puzzles` of a file of one puzzle per line (one loop: the fast path; a read
    error, EIO, names the input)."""
    seen = 0
    column: int | None = None  # of the puzzles, after a CSV header
    no = 0
    plain = alphabet is None and box in (None, (3, 3))
    with naming(name):
        while True:
            raw = stream.readline(MAX_LINE + 1)
            if not raw:
                _check_skip(seen, skip, name)
                return
            no += 1
            at = 0  # where the puzzle starts in its line (blanks, CSV fields before it)
            if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                while True:
                    more = stream.readline(1 << 20)
                    if not more or more.endswith(b"\n"):
                        break
                item: Any = decode_line(no, None, name)
            else:
                decoded = decode_line(no, raw.rstrip(b"\r\n"), name)
                if isinstance(decoded, ParseError):  # (a compressed file: refused by run's peek)
                    item = decoded
                else:
                    text = decoded.removeprefix("\ufeff") if no == 1 else decoded  # a BOM
                    line = text.strip()
                    if not line or is_comment(line, first=no == 1):
                        continue
                    if no == 1:
                        column = csv_column(line)
                        if column is not None:
                            continue
                    lead = len(text) - len(text.lstrip())  # columns count the blanks before
                    item, at = puzzle_at(line, column, lead, no, name)
            seen += 1
            if seen <= skip:
                continue
            if isinstance(item, str) and not (
                plain and len(item) == 81 and _DIGITS.issuperset(item)
            ):
                try:
                    item = Grid.parse(item, box=box, alphabet=alphabet)
                except ParseError as exc:
                    item = exc.located(line=no, source=name, shift=at)
            if isinstance(item, ParseError) and report:
                report_error(item)
            yield no, item


class _Writer:
    """Complete lines to a file descriptor, one ``os.write`` per batch, never a partial line;
    ``lock`` the output's lock, released by :func:`_finish`. A write that fails (a full
    disk) raises its OSError naming the output file (``lock``'s), as opening it would."""

    def __init__(
        self, fd: int, lock: OutputLock | None = None, *, pending: bool = False, made: str = ""
    ) -> None:
        self.fd = fd
        self.lock = lock
        self.lines: list[str] = []
        self.last = time.monotonic()
        self.pending = pending  # OUT opened without truncating: emptied by begin()
        self.made = made  # OUT's name when this run made it (open_output's ``made``)

    def settle(self, cut_short: bool) -> None:
        """Before :func:`_finish` releases the lock: a run ``cut_short`` (Ctrl-C, SIGTERM, a
        lost cluster) empties OUT (it is that run's, which ``--resume`` continues, even with
        no row); one that wrote nothing otherwise (no puzzle in the input, an error before
        the first) leaves it as it was, removed when this run made it."""
        if cut_short:
            self.begin()
        elif self.pending and not self.lines and self.made:
            with contextlib.suppress(OSError):
                os.unlink(self.made)

    def begin(self) -> None:
        """Empty OUT (once) when it was opened without truncating (``pending``): when the
        input proves to hold a puzzle (a SIGKILL then leaves no earlier run's rows for
        ``--resume`` to take), at the latest at the first row or when the run is cut short."""
        if self.pending:
            self.pending = False
            if stat.S_ISREG(os.fstat(self.fd).st_mode):  # (/dev/null, a pipe: nothing held)
                os.ftruncate(self.fd, 0)

    def add(self, line: str) -> None:
        self.lines.append(line)
        if len(self.lines) >= FLUSH_LINES or time.monotonic() - self.last > FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        if self.lines:
            self.begin()
            # surrogateescape: a file name that is not UTF-8 (in an error row) is written back
            # as the bytes it was read from, not an UnicodeEncodeError losing the batch
            data = ("\n".join(self.lines) + "\n").encode("utf-8", "surrogateescape")
            view = memoryview(data)
            with signals_held():  # Ctrl-C or SIGTERM wait until the lines are written
                while view:
                    try:
                        written = os.write(self.fd, view)
                    except OSError as exc:
                        if exc.filename is not None:
                            raise
                        name = STDOUT if self.lock is None else self.lock.output
                        raise type(exc)(exc.errno, exc.strerror, name) from None
                    view = view[written:]
                self.lines = []
        self.last = time.monotonic()


def resume_hint(output: str | None) -> str:
    """How to go on after Ctrl-C or SIGTERM: ``--resume`` continues an ``-o OUT``; without
    one, the rows went to standard output.

    >>> resume_hint("out.txt"), resume_hint(None), resume_hint("-") == resume_hint(None)
    ('continue with --resume', 'to continue a run later, write it with -o OUT and --resume', True)
    """
    if output_file(output):
        return "continue with --resume"
    return "to continue a run later, write it with -o OUT and --resume"


def _limit(args: argparse.Namespace) -> int | None:
    limit = getattr(args, "limit", None)
    if limit is not None:
        return int(limit)
    if getattr(args, "all", False) or getattr(args, "count", False):
        return None
    return 1


def _method(args: argparse.Namespace) -> str:
    """The method of the file mode: ``--method``, else ``propagate`` for ``--order`` or
    ``--inference``, else :func:`~sudograph.batch.default_method`: ``fast`` when the engine
    resolves to numba (installed, or asked for by ``--engine numba`` or
    ``$SUDOGRAPH_ENGINE``, :class:`MissingExtra` when it is not installed), else
    ``propagate``, the reference search (``--engine python`` too); on a remote ``--dask``
    cluster ``fast`` unless ``--engine python``, whatever this machine has."""
    method = getattr(args, "method", None)
    if method:
        return str(method)
    if getattr(args, "order", None) or getattr(args, "inference", None):
        return "propagate"  # a search preset, adjusted by --order/--inference
    from ..batch import default_method

    dask = getattr(args, "dask", None)
    remote = bool(dask) and dask != "local"  # a cluster's workers: their install decides
    return default_method(getattr(args, "engine", None) or "auto", remote=remote)


def require_extras(method: str, args: argparse.Namespace) -> None:
    """Refuse, once and before OUT is opened, a run whose every puzzle would fail for want
    of an extra (:func:`sudograph.batch.require_extras`: ``-m fast`` or ``--engine numba``
    without numba, ``-m sat`` without python-sat, ``$SUDOGRAPH_ENGINE`` bad or naming numba
    without it): :class:`MissingExtra`, one line and exit 2, nothing written; every puzzle
    failed before, an error row each, which ``--resume`` then skipped. A remote Dask
    cluster's workers have their own install: not checked here."""
    dask = getattr(args, "dask", None)
    if dask and dask != "local":
        return
    from ..batch import require_extras as required

    required(method, getattr(args, "engine", None) or "auto")


SLOW_NOTE = (
    f"note: the compiled engine is not installed: {install_hint('fast')} (hundreds of times "
    "faster on files)"
)
"""Said once after the summary of a file run on the pure-Python search (see
:func:`slow_note`): on 9×9 files the ``fast`` extra solves 250 to 3,000 times as many
puzzles a second (``bench/bench_fast.py``, docs/benchmarks.md), and counts of loosely clued
grids take seconds, not minutes."""


def slow_note(method: str, engine: str) -> str | None:
    """:data:`SLOW_NOTE` when ``method`` ran on the Python engine for want of numba (the
    ``fast`` extra): a search method on engine ``auto``, ``$SUDOGRAPH_ENGINE`` unset; else
    None (the extra installed, ``--engine python`` or the variable asked for Python, a
    method of its own engine that numba would not speed up).

    >>> slow_note("logic", "auto") is None, slow_note("propagate", "python") is None
    (True, True)
    """
    from ..engine import env_engine, numba_available
    from ..methods import get_method

    if get_method(method).order is None or engine != "auto" or env_engine() != "auto":
        return None
    return None if numba_available() else SLOW_NOTE


def _solve_options(args: argparse.Namespace) -> dict[str, Any]:
    """The per-puzzle options of ``solve`` given on the command line (timeout, order...)."""
    names = ("timeout", "order", "inference", "seed")
    options = {n: getattr(args, n) for n in names if getattr(args, n, None) is not None}
    itermax = getattr(args, "itermax", None)
    if itermax is not None:  # given: a randomized method (check_solve_options)
        options["itermax"] = itermax
    return options


def _draw_seed(args: argparse.Namespace, method: str) -> int | None:
    """The seed drawn for a run of a randomized method without ``--seed`` (set on ``args``:
    every puzzle is solved with it, as with ``--seed``), said in the summary so that
    ``--seed`` replays the run; None when none was drawn (a seed given, or a method that
    draws none)."""
    from ..methods import RANDOMIZED

    if method not in RANDOMIZED or getattr(args, "seed", None) is not None:
        return None
    from ..search.greedy import fresh_seed

    args.seed = fresh_seed()
    return int(args.seed)


def compile_first(method: str) -> float:
    """Compile (or load) the kernels of ``method`` before the clock starts; the seconds it
    took. Compiling is announced once on standard error (:mod:`sudograph.engine.compile`)."""
    if method != "fast":
        return 0.0
    from ..engine.compile import ensure_compiled

    return ensure_compiled("fast", warn)


_clock = time.perf_counter
"""The clock of the rate (tests replace it)."""


def run(args: argparse.Namespace, *, line: Callable[[int, BatchResult], str] | None = None) -> int:
    """Solve every puzzle of ``args.source`` (a file or ``-``); return the exit code.

    One output row per puzzle: its first solution (or status), ``args.limit`` solutions
    searched for (``count`` in the ``--json`` rows); with ``args.count``, the number of
    solutions (``at least N`` when ``--limit`` or ``--max-nodes``/``--timeout`` cut the count
    short); with ``args.all``, every solution found (up to ``--limit``), separated by spaces
    (solved here, one puzzle at a time: a worker's result holds one solution).
    ``line(line number, result)`` makes the row when given (``count`` uses it). With
    ``args.dask`` (an address or ``local``) the chunks run on that Dask cluster.

    A puzzle that reads but cannot be solved as given (clashing clues) is an error row
    located ``FILE:LINE: message``, reported on standard error as a bad line is; the summary
    counts it among the errors, and the bad (unreadable) lines apart.

    Raises :class:`InvalidArgument` for ``--resume`` without a file (no ``-o``, or ``-o -``:
    the rows then go to standard output), ``-o`` naming an input,
    or ``--dask`` with ``--all``; OSError when a file cannot be opened (the CLI reports them).
    """
    from ..batch import solve_many

    resume = bool(getattr(args, "resume", False))
    output = output_file(getattr(args, "output", None), resume)  # -o -: standard output
    source = getattr(args, "source", None) or args.puzzle
    inputs = [str(source), getattr(args, "regions", None), getattr(args, "cages", None)]
    refuse_input_as_output(output, inputs)  # the one check of solve and count FILE -o OUT
    refuse_graph_input(str(source), getattr(args, "command", None))
    variants = has_variant(args) or is_variant_file(str(source))
    method = _method(args) if not variants else getattr(args, "method", None) or "propagate"
    if line is None:  # solve: its options against the method, as for one puzzle
        check_solve_options(args, method)
    require_extras(method, args)  # before OUT is opened: nothing written, nothing to resume
    from ..methods import get_method

    drawn = _draw_seed(args, method)
    searches = get_method(method).searches  # else its nodes are no measure: null in JSON
    limit = _limit(args)
    counting = line is None and bool(getattr(args, "count", False))
    listing = line is None and not counting and bool(getattr(args, "all", False))
    if listing and getattr(args, "dask", None):
        raise InvalidArgument(
            "--all lists the solutions here, one puzzle at a time: not with --dask"
        )
    workers = getattr(args, "workers", None)
    engine = getattr(args, "engine", None) or "auto"
    as_json = bool(getattr(args, "json", False))
    box, alphabet = getattr(args, "box", None), getattr(args, "alphabet", None)
    stream, name = open_source(str(source))
    packed = (
        compressed(cast(Any, stream).peek(8)[:8], name) or refused_head(stream, name)
        if hasattr(stream, "peek")
        else None
    )
    if packed is not None:  # the whole file refused: OUT left as it was
        if stream is not sys.stdin.buffer:
            stream.close()
        raise packed
    rows = "count" if line is not None else "counts" if counting else "lists" if listing else ""
    client = dask_client(args)
    try:
        check = resume_check(as_json, rows or "solutions") if resume else None
        # OUT emptied at the first puzzle read: an input that holds none leaves it as it was
        fd, skip, lock, made = open_output(output, resume, check, truncate=False)
    except BaseException:  # another run writes OUT, or wrote other rows: leave nothing open
        _finish(None, None, client)
        if stream is not sys.stdin.buffer:
            stream.close()
        raise
    pending = output is not None and not resume
    writer = _Writer(fd, lock, pending=pending, made=str(output) if made else "")
    tally = {"solved": 0, "unsatisfiable": 0, "stopped": 0, "error": 0}
    bad = 0
    guard = terminate_gracefully().install()  # SIGTERM: end the pool, keep what is done
    try:
        compiled = compile_first(method) if client is None else 0.0  # Dask: each worker's
    except BaseException as exc:  # (Ctrl-C, SIGTERM: OUT is the run's, as below)
        guard.restore()
        try:
            writer.settle(cut_short=isinstance(exc, KeyboardInterrupt | Terminated))
        finally:
            _finish(writer, None, client)
        if stream is not sys.stdin.buffer:
            stream.close()
        raise
    start = _clock()  # after compiling: the rate is that of the solving alone
    progress = _progress(stream, name) if progress_wanted(output) else None
    interrupted: int | None = None
    lost: WorkLost | None = None
    try:
        # A bad line is reported, and counted, when its row is written: the input is read
        # ahead of the results, and a run cut short would report (and --resume report again)
        # lines it wrote nothing for, out of order with the rows' own errors.
        back = 1 if skip and output is not None else 0  # the last row kept, checked
        if variants:  # grids with their rules (the fast path reads plain lines only)
            items = _variant_items(args, str(source), skip - back, report=False)
        else:
            items = read_puzzles(
                stream, name, skip=skip - back, box=box, alphabet=alphabet, report=False
            )
        if back:
            items = resumed_items(iter(items), str(output), name, skip)
        numbers: deque[int] = deque()
        unread: dict[int, ParseError] = {}  # the bad lines read, not yet written

        def feed() -> Iterator[Any]:
            for no, item in items:
                writer.begin()  # the input holds a puzzle: OUT is this run's from now on
                numbers.append(no)
                if isinstance(item, ParseError):
                    unread[no] = item
                yield item

        options = _solve_options(args)
        max_nodes = getattr(args, "max_nodes", None)
        listed: deque[list[str]] = deque()
        if listing:
            results: Generator[BatchResult, None, None] = _list_solutions(
                feed(), listed, method, limit, engine, max_nodes, box, alphabet, options
            )
        else:
            results = solve_many(
                feed(),
                method=method,
                limit=limit,
                workers=workers,
                engine=engine,
                max_nodes=max_nodes,
                box=box,
                alphabet=alphabet,
                solve_options=options,
                fallback=None if getattr(args, "method", None) else "propagate",
                executor=client,
            )
        # Ctrl-C and SIGTERM are held over the loop: they act only where the results wait
        # (batch._solve_many's signals_delivered), never between a row taken and written, and
        # the rows done then still come out, in order, before the run ends.
        with signals_held():
            for res in results:
                tally[res.status] = tally.get(res.status, 0) + 1
                no = numbers.popleft()
                if no in unread:
                    report_error(unread.pop(no))
                    bad += 1
                elif res.status == "error":  # read, not solvable: locate it
                    res.error = f"{puzzle_place(str(source), no)}: {res.error}"
                    fail(res.error)
                solutions = listed.popleft() if listing else None
                complete = (
                    counting and res.status != "stopped" and (limit is None or res.count < limit)
                )
                if line is not None:
                    writer.add(line(no, res))
                elif as_json:  # the same keys in every row, errors included (json_row)
                    doc = json_row(
                        no,
                        res.status,
                        res.solution,
                        res.count,
                        res.nodes if searches else None,
                        error=res.error,
                        counting=counting,
                        complete=complete,
                        solutions=solutions,
                    )
                    writer.add(json.dumps(doc))
                elif counting and res.status != "error":
                    writer.add(str(res.count) if complete else f"at least {res.count}")
                elif solutions is not None:
                    writer.add(
                        listing_row(res.status, solutions)
                        if res.status != "error"
                        else res.to_line()
                    )
                else:
                    writer.add(res.to_line())
                if progress is not None:
                    progress.advance()
    except KeyboardInterrupt:
        interrupted = EXIT_INTERRUPTED
    except Terminated:
        interrupted = EXIT_TERMINATED
    except WorkLost as exc:  # a worker or the cluster lost: what came before is written
        lost = exc
    finally:
        guard.restore()  # first: a second SIGTERM during the cleanup ends the process
        try:
            writer.settle(cut_short=interrupted is not None or lost is not None)
        finally:
            _finish(writer, progress, client)
            if stream is not sys.stdin.buffer:
                stream.close()
    done = sum(tally.values())
    if done == 0 and skip == 0 and interrupted is None and lost is None:  # as without -o: exit 2
        raise SudographError(no_grid_error(source))
    seconds = _clock() - start
    rate = done / seconds if seconds > 0 else 0.0
    loading = f" (kernels ready in {compiled:.1f} s, not counted)" if compiled >= 0.5 else ""
    seeded = f" (seed {drawn}: --seed {drawn} replays the run)" if drawn is not None else ""
    warn(f"{tally_line(done, tally, bad, skip)}, {rate:,.0f} puzzles/s, {method}{seeded}{loading}")
    if skip and output is not None and interrupted is None:  # the code answers for all of OUT
        kept = kept_outcomes(output, skip, limit)
        if kept["error"] or kept["unsatisfiable"] or kept["stopped"]:
            said = (
                f"{plural(kept['error'], 'error')}, {kept['unsatisfiable']:,} unsatisfiable, "
                f"{kept['stopped']:,} stopped"
            )
            warn(f"the {plural(skip, 'row')} kept by --resume: {said} (the exit code counts them)")
        tally = {k: tally.get(k, 0) + kept[k] for k in kept}
    note = slow_note(method, engine) if client is None else None
    if note is not None:  # the one word on the pure-Python rate: after the summary
        warn(note)
    again = f" --seed {drawn}" if drawn is not None and output else ""  # the run's own seed
    if interrupted is not None:
        how = "interrupted" if interrupted == EXIT_INTERRUPTED else "terminated"
        warn(f"{how}: every result so far is written; {resume_hint(output)}{again}")
        return interrupted
    if lost is not None:
        warn(f"error: {lost}; every result so far is written; {resume_hint(output)}{again}")
        return 2
    if tally["error"]:
        return 2
    if tally["unsatisfiable"] or tally["stopped"]:
        return 1
    return 0


def kept_outcomes(output: str, skip: int, limit: int | None) -> dict[str, int]:
    """The statuses of the first ``skip`` rows of OUT (those a ``--resume`` kept), as the run
    that wrote them counted them: its exit code then answers for every row of OUT."""
    tally = {"solved": 0, "unsatisfiable": 0, "stopped": 0, "error": 0}
    with open(output, "rb") as f:
        for raw in itertools.islice(f, skip):
            if raw[:1] not in _NOT_PLAIN or b'"status": "solved"' in raw[:48]:
                tally["solved"] += 1  # a solution or a count (no word to read), a JSON row's
            else:
                tally[row_outcome(raw.decode("utf-8", "replace").strip(), limit)] += 1
    return tally


_NOT_PLAIN = frozenset(bytes([b]) for b in b"esul0a{ \t") | {b""}
"""First bytes of the rows :func:`row_outcome` reads: ``error``, ``stopped``,
``unsatisfiable``, ``line N: ...``, ``0``, ``at least``, JSON (and blanks); any other row is a
solution or a count, solved."""


def row_outcome(row: str, limit: int | None) -> str:
    """The status of one output row of ``solve`` or ``count`` in the file mode (text or
    JSON), as the exit code counts it; ``limit`` the run's ``--limit`` (a count that reached
    it is whole as asked, one below it ``at least`` was stopped by a bound).

    >>> [row_outcome(r, None) for r in ("1234341221434321", "unsatisfiable", "stopped 12",
    ...     "error: f.txt:2: x", "0", "at least 3", '{"status": "solved"}')]
    ['solved', 'unsatisfiable', 'stopped', 'error', 'unsatisfiable', 'stopped', 'solved']
    >>> [row_outcome(r, 2) for r in ("at least 2", "line 4: 0 solutions",
    ...     "line 4: error: bad", '{"line": 4, "count": 0, "complete": true, "unique": false}')]
    ['solved', 'unsatisfiable', 'error', 'unsatisfiable']
    """
    if row.startswith("{"):
        try:
            doc = json.loads(row)
        except ValueError:
            return "error"
        if doc.get("status") in ("solved", "unsatisfiable", "stopped", "error"):
            return str(doc["status"])  # solve's rows
        if doc.get("error"):  # count's rows
            return "error"
        return "unsatisfiable" if doc.get("count") == 0 else "solved"
    if row.startswith("line ") and ": " in row:  # count's text rows
        text = row.split(": ", 1)[1]
        if text.startswith("error:"):
            return "error"
        return "unsatisfiable" if text.startswith("0 solutions") else "solved"
    for status in ("error", "stopped", "unsatisfiable"):
        if row.startswith(status):
            return status
    if row == "0":  # solve --count
        return "unsatisfiable"
    if row.startswith("at least "):
        found = row.removeprefix("at least ")
        whole = limit is not None and found.isdigit() and int(found) >= limit
        return "solved" if whole else "stopped"
    return "solved"


def _list_solutions(
    puzzles: Iterable[Any],
    listed: deque[list[str]],
    method: str,
    limit: int | None,
    engine: str,
    max_nodes: int | None,
    box: Any,
    alphabet: str | None,
    options: dict[str, Any],
) -> Generator[BatchResult, None, None]:
    """A :class:`BatchResult` per puzzle, solved here (``--all``, up to ``limit``), every
    solution found appended to ``listed`` as lines before its result is yielded. A search
    ended by a bound before ``limit`` is ``stopped`` (:func:`~.cmd_solve.row_status`: its
    list is not whole); Ctrl-C during a search raises ``KeyboardInterrupt``, no result for
    that puzzle (its list cut off), as the batch's own rows do."""
    from ..batch import BatchResult
    from ..solve import solve

    items = iter(puzzles)
    for index in itertools.count():
        with signals_delivered():  # waiting for the input (the file mode holds signals)
            item = next(items, _END)
        if item is _END:
            return
        if isinstance(item, BaseException):
            listed.append([])
            yield BatchResult(index, "error", error=str(item))
            continue
        try:
            grid = item if isinstance(item, Grid) else Grid.parse(item, box=box, alphabet=alphabet)
            with signals_delivered():  # a search stops at a signal (reason "interrupted")
                result = solve(
                    grid, method, limit=limit, engine=engine, max_nodes=max_nodes, **options
                )
        except SudographError as exc:
            listed.append([])
            yield BatchResult(index, "error", error=str(exc))
            continue
        if result.reason == "interrupted":  # Ctrl-C: the run's, no row for this puzzle
            raise KeyboardInterrupt
        lines = [g.to_line() for g in result.grids] or [
            grid.with_values(s).to_line() for s in result.solutions
        ]
        listed.append(lines)
        found = len(lines) if result.count is None else result.count
        first = lines[0] if lines else None
        status = row_status(result.status, result.reason, found, limit)
        yield BatchResult(index, status, first, found, result.stats.nodes)


class LinesBefore(Exception):
    """Raised by the ``make`` of :func:`run_numbered` when a number of its chunk fails, or
    Ctrl-C or SIGTERM comes, after others were made: their ``lines``, written before
    ``error`` is reported (a chunk of 4 puzzles lost the 3 made when the 4th failed).
    Pickled as its arguments, from a Dask worker too."""

    def __init__(self, lines: list[str], error: BaseException) -> None:
        super().__init__(lines, error)
        self.lines, self.error = lines, error


def run_numbered(
    args: argparse.Namespace,
    make: Callable[[range, Any], list[str]],
    spec: Any,
    total: int,
    *,
    chunk: int = 4,
    label: str = "generating",
    resume_with: str = "",
) -> int:
    """Output lines ``1..total`` made by ``make(numbers, spec)``, one chunk of numbers at a
    time (on the Dask cluster of ``args.dask`` when given, else on ``args.workers`` processes
    of this machine, :func:`sudograph.batch.map_local`, or here), written in order to
    ``-o OUT`` (or standard output), complete lines only; ``--resume`` continues OUT after its
    last complete line. ``make`` must give the same lines for a number whatever the chunk.

    Returns 0, or with every line made so far written (:class:`LinesBefore` carries those
    of a chunk cut short) and a hint to ``--resume``: 130 on Ctrl-C, 143 on SIGTERM, 2 when
    a number fails (no puzzle within the timeout) or the cluster is lost. Raises
    :class:`InvalidArgument` for ``--resume`` without a file (no ``-o``, or ``-o -``:
    standard output).
    ``resume_with``: the options a ``--resume`` must be given too, named in its hint (the
    seed drawn when none was given: ``--seed 7``).
    """
    resume = bool(getattr(args, "resume", False))
    output = output_file(getattr(args, "output", None), resume)  # -o -: standard output
    client = dask_client(args)
    try:
        fd, skip, lock, _ = open_output(output, resume)
    except BaseException:
        _finish(None, None, client)
        raise
    writer = _Writer(fd, lock)
    if skip > total:  # OUT of another run: nothing to continue
        _finish(writer, None, client)
        raise InvalidArgument(
            f"{output} holds {skip:,} lines, more than the {total:,} asked: --resume continues "
            "the run that wrote it, with its count"
        )

    def hint() -> str:
        text = resume_hint(output)
        return f"{text} {resume_with}" if resume_with and output_file(output) else text

    numbers = (range(k, min(k + chunk, total + 1)) for k in range(skip + 1, total + 1, chunk))
    failure: BaseException | None = None
    progress = _Bar(max(total - skip, 1), label) if progress_wanted(output) else None
    guard = terminate_gracefully().install()  # SIGTERM: end the pool, keep what is done
    try:
        workers = getattr(args, "workers", None) or 1
        if client is None and workers > 1:  # processes of this machine, in order
            from ..batch import map_local

            results: Iterator[list[str]] = map_local(make, numbers, spec, workers=workers)
        elif client is None:
            results = (make(ks, spec) for ks in numbers)
        else:
            from ..distributed import map_ordered

            results = map_ordered(client, make, numbers, spec)
        for lines in results:
            for text in lines:
                writer.add(text)
                if progress is not None:
                    progress.advance()
    except LinesBefore as cut:  # a number of the chunk failed, or a signal came: the lines
        for text in cut.lines:  # made before it written
            writer.add(text)
        failure = cut.error
    except (KeyboardInterrupt, Terminated, SudographError) as exc:  # the cluster lost too
        failure = exc
    finally:
        guard.restore()  # first: a second SIGTERM during the cleanup ends the process
        _finish(writer, progress, client)
    if failure is None:
        return 0
    if isinstance(failure, KeyboardInterrupt):
        warn(f"interrupted: every line so far is written; {hint()}")
        return EXIT_INTERRUPTED
    if isinstance(failure, Terminated):
        warn(f"terminated: every line so far is written; {hint()}")
        return EXIT_TERMINATED
    warn(f"error: {failure}; every line so far is written; {hint()}")
    return 2


def _finish(writer: _Writer | None, progress: _Bar | None, client: Any) -> None:
    """Write what is left, close OUT (not standard output) and its lock, the bar and the Dask
    client."""
    if writer is not None:
        try:
            writer.flush()
        finally:
            if writer.fd != 1:
                os.close(writer.fd)
            if writer.lock is not None:
                writer.lock.release()
    if progress is not None:
        progress.stop()
    if client is not None:
        from ..distributed import close

        close(client)


class _Bar:
    """A rich progress bar on standard error (rate and ETA), puzzles as the unit."""

    def __init__(self, total: int | None, label: str = "solving") -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeRemainingColumn,
        )

        self.progress = Progress(
            TextColumn(label),
            BarColumn(),
            MofNCompleteColumn(),
            TaskProgressColumn(),
            TextColumn("{task.fields[rate]} puzzles/s"),
            TimeRemainingColumn(),
            console=Console(stderr=True, soft_wrap=True),  # a message printed meanwhile: whole
            transient=True,
        )
        self.task = self.progress.add_task("solve", total=total, rate="-")
        self.start = time.perf_counter()
        self.done = 0
        self.shown = self.start
        self.progress.start()

    def advance(self) -> None:
        self.done += 1
        if self.done % 256 == 0 or time.perf_counter() - self.shown > 0.2:
            self.shown = time.perf_counter()
            rate = self.done / max(time.perf_counter() - self.start, 1e-9)
            self.progress.update(self.task, completed=self.done, rate=f"{rate:,.0f}")

    def stop(self) -> None:
        self.progress.stop()


def _progress(stream: BinaryIO, name: str) -> _Bar:
    """A bar for reading ``stream``: its total guessed from its size and first line."""
    total = None
    try:
        size = os.fstat(stream.fileno()).st_size
        head = stream.peek(4096)[:4096] if hasattr(stream, "peek") else b""
        first = head.split(b"\n", 1)[0]
        if size and first:
            total = max(1, size // (len(first) + 1))
    except (OSError, ValueError):
        total = None
    return _Bar(total)
