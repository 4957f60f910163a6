"""The ``sudograph`` command line: ``main(argv=None) -> int``, testable in-process.

Sub-commands live in ``cli/cmd_*.py`` modules, found at start-up; each defines
``register(subparsers)`` and sets ``func`` on its parser. Errors become one line on standard
error and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import errno
import importlib
import io
import os
import pkgutil
import re
import sys
import warnings
from collections.abc import Container, Iterator
from typing import Any, NoReturn, TextIO

from .. import __version__, _ctrl_c
from .._process import Terminated
from ..errors import InvalidArgument, SudographError, clip
from .common import STDOUT, Said, fail, warn

VALUE_WITH_A_DASH = re.compile(r"^-(?:[\d._]|-[\d._])")
"""A command-line word that starts with ``-`` and is a value, not an option: a negative
number, a box such as ``-2x-2``, a puzzle that starts with empty cells.

>>> [bool(VALUE_WITH_A_DASH.match(w)) for w in ("-2x-2", "-.3.", "--3-", "---x", "--all", "-m")]
[True, True, True, False, False, False]
"""


class Parser(argparse.ArgumentParser):
    """argparse, with its usage errors on one line like every other error of the CLI:
    ``sudograph: error: --limit: must be >= 1, got 0 (see sudograph solve --help)``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # a word starting with '-' or '--', then a digit, '.' or '_' (VALUE_WITH_A_DASH)
        # is a value, not an option (no option starts so): '--box -2x-2' reaches the box's
        # own check, and a puzzle whose first cells are empty marks ('-.3.2...', '--3-2...')
        # is read as one (was "the following arguments are required: PUZZLE")
        self._negative_number_matcher = VALUE_WITH_A_DASH
        self._words: list[str] = []

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """argparse's, the words kept for :meth:`error`."""
        self._words = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        """Print the one line and exit 2 (argparse's usage block is left to ``--help``).

        >>> build_parser().parse_args(["solve", "-A..B" + "." * 11])
        Traceback (most recent call last):
        ...
        SystemExit: 2
        """
        if message.startswith("argument ") and ": " in message:  # "argument --limit: ..."
            message = message.removeprefix("argument ")
        if message.startswith("the following arguments are required"):
            message += dashed_puzzle(self._words, self.prog, self._option_string_actions)
        self.exit(2, f"sudograph: error: {message} (see {self.prog} --help)\n")


OTHER_NAMES = {"--jobs": "--workers", "--threads": "--workers", "--processes": "--workers",
               "--cores": "--workers", "--cpus": "--workers"}  # fmt: skip
"""Options other tools name so, suggested by our name (``--jobs 2``: ``--workers``)."""


def dashed_puzzle(words: list[str], prog: str, options: Container[str] = ()) -> str:
    """What to do with a word that may be a puzzle starting with ``-`` (taken for an option:
    ``-A..B...`` in a 16-symbol alphabet, ``---3...``; :data:`VALUE_WITH_A_DASH` lets the
    others through), or ``""``: a word of 16 characters or more before any ``--``, neither a
    long option's spelling (``--max-nodes-per-puzzle``) nor one of ``options`` with its value
    attached (``-mgreedy-mrv-random``).

    >>> dashed_puzzle(["-A..B" + "." * 11], "sudograph solve")
    "; '-A..B.......' was read as an option: a puzzle that starts with '-' goes after '--' \
(sudograph solve -- PUZZLE)"
    >>> dashed_puzzle(["--max-nodes-per-puzzle", "-mgreedy-mrv-random"], "sudograph solve", ["-m"])
    ''
    """
    for word in words:
        if word == "--":
            break
        if len(word) < 16 or word[0] != "-" or word[:2] in options:
            continue
        if not re.match(r"--[a-z][a-z0-9-]*(=|$)", word):
            return (
                f"; {clip(word, 12)!r} was read as an option: a puzzle that starts with '-' "
                f"goes after '--' ({prog} -- PUZZLE)"
            )
    return ""


def unrecognized(parser: argparse.ArgumentParser, command: str | None, extra: list[str]) -> str:
    """The message for arguments no parser took: the command's help named, and the closest
    option of the command for a misspelt one (``--formt``: did you mean ``--format``?).

    >>> unrecognized(build_parser(), "show", ["--formt", "line"])
    'unrecognized arguments: --formt line (did you mean --format?) (see sudograph show --help)'
    >>> unrecognized(build_parser(), "solve", ["--jobs", "2"])
    'unrecognized arguments: --jobs 2 (did you mean --workers?) (see sudograph solve --help)'
    >>> unrecognized(build_parser(), "show", ["--jobs", "2"])  # show has no --workers
    'unrecognized arguments: --jobs 2 (see sudograph show --help)'
    """
    sub = getattr(parser, "commands", {}).get(command) if command else None
    hint = ""
    if sub is not None:
        options = [o for a in sub._actions for o in a.option_strings if o.startswith("--")]
        first = next((x for x in extra if x.startswith("--")), None)
        name = first.split("=")[0] if first else ""
        close = difflib.get_close_matches(name, options, n=1) if first else []
        if name in OTHER_NAMES:  # other tools' name of one of ours, where the command has it
            close = [OTHER_NAMES[name]] if OTHER_NAMES[name] in options else []
        if name in options:  # a known option after --, which ends them
            hint = f" ({name} goes before --)"
        elif close:
            hint = f" (did you mean {close[0]}?)"
    prog = sub.prog if sub is not None else parser.prog
    hint = hint or dashed_puzzle(extra, prog, sub._option_string_actions if sub else ())
    return f"unrecognized arguments: {' '.join(extra)}{hint} (see {prog} --help)"


def option_message(message: str, command: argparse.ArgumentParser | None) -> str:
    """An option's error, refused after argparse by the command's own checks, ends as
    argparse's own do: with the command's help named. It is told by its first word, one of
    the command's options; other errors (a file named ``-x.txt``) are left as they are.

    >>> solve = build_parser().commands["solve"]
    >>> option_message("--limit: must be >= 1", solve)
    '--limit: must be >= 1 (see sudograph solve --help)'
    >>> option_message("k must be >= 1", solve), option_message("-x.txt holds 2 puzzles", solve)
    ('k must be >= 1', '-x.txt holds 2 puzzles')
    """
    first = re.match(r"-[-\w]*", message)
    if command is None or first is None or message.endswith("--help)"):
        return message
    options = {o for action in command._actions for o in action.option_strings}
    return f"{message} (see {command.prog} --help)" if first.group() in options else message


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    parser = Parser(
        prog="sudograph",
        description="Sudoku as graph colouring: solve, colour, compare, generate, explain.",
    )
    parser.add_argument("--version", action="version", version=f"sudograph {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("cmd_"))
    for name in names:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
            module.register(sub)
        except Exception as exc:  # a broken sub-command must not take the others down
            warn(f"command module {name} not loaded: {type(exc).__name__}: {exc}")
    parser.commands = sub.choices  # type: ignore[attr-defined]  # (for :func:`unrecognized`)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit code (0 ok, 1 a grid has conflicts / no solution, 2 error,
    130 Ctrl-C)."""
    previous = _ctrl_c.take()
    stderr = sys.stderr
    if stderr is None:  # started with standard error closed (`2>&-`): no one to tell, and the
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - work goes on
    try:
        return _run(argv)
    except KeyboardInterrupt:  # while the commands load, before the command's own handling
        return fail("interrupted", code=130)
    finally:
        _ctrl_c.give_back(previous)
        if stderr is None:
            sys.stderr.close()
            sys.stderr = stderr


def _run(argv: list[str] | None) -> int:
    """:func:`main`, Ctrl-C handled once the command runs."""
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
    except SystemExit as exc:  # argparse: usage errors exit 2, --help exits 0
        return int(exc.code) if isinstance(exc.code, int) else 2
    if extra:  # named with the command's help, and the option it may be a misspelling of
        return fail(unrecognized(parser, getattr(args, "command", None), extra))
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    args.command_line = list(sys.argv[1:] if argv is None else argv)  # (for hints that rerun it)
    from ..engine.compile import announce_with

    announce_with(warn)  # a first-ever compilation of a kernel is announced, once
    if sys.stdin is None:  # started with standard input closed (`<&-`): read it as empty
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as stdin
    stdout = sys.stdout
    # started with standard output closed (`>&-`): the first row written fails as on a full
    # disk (`cannot write to standard output`, exit 2), not lost without a word
    sys.stdout = _Stdout(_Closed() if stdout is None else stdout)
    try:
        with warnings.catch_warnings(), _quiet_resource_tracker():
            warnings.showwarning = _warn_line
            code: int = args.func(args)
        if sys.stdout is not None:  # the last rows: a full disk, a closed pipe said here
            sys.stdout.flush()  # (not at exit, as 'Exception ignored', status 120)
        return code
    except InvalidArgument as exc:  # an option the command's own checks refuse: its help named
        return fail(option_message(str(exc), parser.commands.get(args.command)))  # type: ignore[attr-defined]
    except SudographError as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        return fail("interrupted", code=130)
    except Terminated:  # SIGTERM where a command turns it into an exception (its rows kept)
        return fail("terminated", code=143)
    except Said as exc:
        return exc.code
    except BrokenPipeError:  # e.g. `sudograph show big.txt | head`: stop quietly
        _silence_stdout()
        return 0
    except OSError as exc:
        if getattr(exc, "filename", None) == STDOUT:  # what is left unwritten: not at exit
            _silence_stdout()
            return fail(f"cannot write to standard output: {exc.strerror or exc}")
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        dot = " (the empty 1x1 puzzle is written 0)" * (
            isinstance(exc, IsADirectoryError) and exc.filename == "."
        )
        return fail(f"{where}{exc.strerror or exc}{dot}")
    except RecursionError:  # pragma: no cover - the engines are iterative
        return fail("input too deeply nested")
    finally:
        sys.stdout = stdout


RESOURCE_TRACKER_QUIET = "ignore::UserWarning:multiprocessing.resource_tracker"
"""The ``-W`` filter of the processes a command starts (:func:`_quiet_resource_tracker`)."""


@contextlib.contextmanager
def _quiet_resource_tracker() -> Iterator[None]:
    """Inside, the processes Python's ``multiprocessing`` starts (its resource tracker, the
    workers of ``--workers`` and ``--dask local``) take :data:`RESOURCE_TRACKER_QUIET`:
    the tracker says nothing of what it cleans up at exit. Ctrl-C while ``--dask local``
    starts its cluster left one of the cluster's semaphores to it, now and then: after the
    command's last line ``sudograph: error: interrupted`` came four lines of
    ``UserWarning: resource_tracker: There appear to be 1 leaked semaphore objects``, about
    Dask's half-made queues, not the user's work (the tracker removes them all the same).
    The flag goes to the processes through ``sys.warnoptions``, which they are started with;
    this process's own filters are left as they are, and the list is put back on the way
    out."""
    before = list(sys.warnoptions)
    if RESOURCE_TRACKER_QUIET not in sys.warnoptions:
        sys.warnoptions.append(RESOURCE_TRACKER_QUIET)
    try:
        yield
    finally:
        sys.warnoptions[:] = before


def _warn_line(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """A warning as one line on standard error (``sudograph: warning: ...``), never the
    source line of the library that raised it."""
    warn(f"warning: {message}")


class _Stdout:
    """``sys.stdout`` while a command runs: a write or flush that fails raises its OSError
    named :data:`~sudograph.cli.common.STDOUT` (a closed pipe stays a BrokenPipeError), told
    from the errors of an input or a socket, which name no file either."""

    def __init__(self, stream: TextIO | io.TextIOBase) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise _named(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise _named(exc) from None

    def __getattr__(self, name: str) -> Any:  # isatty, fileno, encoding...: the stream's
        return getattr(self._stream, name)


class _Closed(io.TextIOBase):
    """Standard output when the process started with it closed: a write fails as a write to
    a closed descriptor does (EBADF); nothing written, nothing to flush."""

    def write(self, text: str) -> int:
        if not text:
            return 0
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))

    def fileno(self) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))

    def isatty(self) -> bool:
        return False


def _named(exc: OSError) -> OSError:
    """``exc`` named :data:`~sudograph.cli.common.STDOUT`, of its class (BrokenPipeError...)."""
    if exc.errno is None or exc.filename is not None:
        return exc
    return type(exc)(exc.errno, exc.strerror, STDOUT)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that flushing at exit raises no second BrokenPipeError."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):  # pragma: no cover - no real fd
        pass
