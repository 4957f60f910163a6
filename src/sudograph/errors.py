"""Exceptions raised by sudograph.

Every error the library raises on bad input derives from :class:`SudographError`, so a caller
(the CLI in particular) can turn any of them into one clear line and a non-zero exit code.

>>> str(ParseError("unknown character 'x'", line=3, column=7, source="grids.txt"))
"grids.txt:3:7: unknown character 'x'"
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any


class SudographError(Exception):
    """Base class of every error sudograph raises on bad input or bad arguments."""


class ParseError(SudographError, ValueError):
    """Text that cannot be read: says what is wrong and where (source, line, column)."""

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        source: str | None = None,
    ) -> None:
        self.message = message
        self.line = line
        self.column = column
        self.source = source
        super().__init__(self._render())

    def _render(self) -> str:
        where = [str(p) for p in (self.source, self.line, self.column) if p is not None]
        return f"{':'.join(where)}: {self.message}" if where else self.message

    def located(
        self, *, line: int | None = None, source: str | None = None, shift: int = 0
    ) -> ParseError:
        """Return a copy of this error placed at ``line`` of ``source`` (keeps what is known),
        its column moved ``shift`` characters on (the text read began there in its line)."""
        return type(self)(
            self.message,
            line=self.line if line is None else line,
            column=self.column + shift if self.column else self.column,
            source=self.source if source is None else source,
        )


class InvalidPuzzle(SudographError, ValueError):
    """A grid that reads fine but breaks the rules (clashing clues), naming the cells."""


class InvalidArgument(SudographError, ValueError):
    """A bad argument value (k out of range, negative limit, unknown method...)."""


class UniquenessUnknown(SudographError):
    """:func:`~sudograph.solve.is_unique` could not tell: its count stopped (``max_nodes`` or
    ``timeout``) before a second solution or the end of the search (Ctrl-C is a
    ``KeyboardInterrupt``). The arguments were fine: not an :class:`InvalidArgument`."""


class WorkLost(SudographError):
    """The processes doing a batch were lost mid-run: a worker process of the pool ended
    abruptly (killed by a signal, out of memory), or the Dask cluster gave up on a chunk or
    was lost. The rows before the lost work were handed over, in order: a file run continues
    with ``--resume``."""


class MissingExtra(SudographError, ImportError):
    """An optional dependency is needed: the message names the extra to install, or with
    ``package`` the package itself (one that no extra of ours is for: networkx).

    >>> str(MissingExtra("numba", "fast"))
    "this needs the optional dependency 'numba': pip install 'sudograph[fast]'"
    >>> str(MissingExtra("networkx", package="networkx"))
    "this needs the optional dependency 'networkx': pip install networkx"
    """

    def __init__(
        self, module: str, extra: str | None = None, *, package: str | None = None
    ) -> None:
        if (extra is None) == (package is None):
            raise TypeError("MissingExtra takes an extra or a package, one of the two")
        install = f"pip install {package}" if package is not None else install_hint(str(extra))
        super().__init__(f"this needs the optional dependency {module!r}: {install}")
        self.module, self.extra, self.package = module, extra, package

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its arguments (a worker process's error reaches the parent whole)."""
        return (_missing_extra, (self.module, self.extra, self.package))


def install_hint(extra: str) -> str:
    """The command that installs ``extra``, said by every message on a missing one. It works
    from a clone too: the copy installed there already answers to the name ``sudograph``, so
    pip fetches only the extra's packages.

    >>> install_hint("fast")
    "pip install 'sudograph[fast]'"
    """
    return f"pip install 'sudograph[{extra}]'"


def _missing_extra(module: str, extra: str | None, package: str | None) -> MissingExtra:
    return MissingExtra(module, extra, package=package)


def clip(text: str, keep: int, room: int | None = None) -> str:
    """``text`` as a message quotes it: whole when it fits in ``room`` characters (``keep`` by
    default), else its first ``keep`` and ``...`` (a pasted mistake, not all of it).

    >>> clip("9" * 30, 5), clip("12345", 5), clip("1234567", 4, room=7)
    ('99999...', '12345', '1234567')
    """
    return text if len(text) <= (keep if room is None else room) else text[:keep] + "..."


@contextlib.contextmanager
def naming(path: str | os.PathLike[str]) -> Iterator[None]:
    """Name ``path`` in an OSError raised inside that names no file: a full disk is found
    when a file is closed, and the system's error names none (``No space left on device``);
    with this, the error says which file failed (``f.svg: No space left on device``).

    >>> with naming("f.svg"):
    ...     raise OSError(28, "No space left on device")
    Traceback (most recent call last):
    ...
    OSError: [Errno 28] No space left on device: 'f.svg'
    """
    try:
        yield
    except OSError as exc:
        if exc.filename is not None:
            raise
        raise OSError(exc.errno, exc.strerror or str(exc), os.fspath(path)) from exc


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to the file ``path`` (UTF-8); an OSError names ``path`` (:func:`naming`:
    a full disk is found when the file is closed, with no name: ``page.html: No space left on
    device``), for the pictures, the search page and the CLI's outputs alike."""
    with naming(path), open(path, "w", encoding="utf-8") as out:
        out.write(text)
