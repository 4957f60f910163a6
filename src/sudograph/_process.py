"""Process hygiene: worker processes end when their parent ends, however it ends.

Glossary: *parent* the process that started a pool (the CLI, or a program calling
:func:`sudograph.batch.solve_many`); *worker* a process of that pool; *orphan* a worker whose
parent is gone.

Every process pool of sudograph starts its workers with :func:`init_worker` (the
``initializer`` of ``ProcessPoolExecutor``), which does three things:

* Ctrl-C is left to the parent (it stops the batch and keeps what is done);
  :data:`STOP_SIGNAL` (SIGUSR1) is how the parent, stopped by Ctrl-C or SIGTERM, asks the
  worker to stop its chunk and send back the part done (:func:`ask_to_stop`,
  :func:`signals_released`); a first SIGTERM does the same (one sent to the whole process
  group, by ``timeout`` or a service manager, reaches the workers with their parent), a
  second one ends the worker at once (:func:`handle_worker_term`; a forked worker inherits
  the parent's Python handlers, replaced here);
* on Linux, ``prctl(PR_SET_PDEATHSIG, SIGTERM)``: the kernel sends SIGTERM to the worker the
  moment its parent dies, SIGKILL included (other systems skip this step);
* a daemon *watchdog* thread compares ``os.getppid()`` with the parent's pid every
  :data:`WATCH_SECONDS` and ends the worker with ``os._exit`` when they differ (the parent
  died and the worker was adopted). It runs while the main thread is blocked in a pipe write
  to the dead parent (a forked worker holds a copy of the pipe's read end, so that write never
  fails by itself), which is how workers outlived a killed run before.

>>> watching()
False
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from types import FrameType
from typing import Any

from . import _ctrl_c

WATCH_SECONDS = 0.5
"""How often the watchdog looks for its parent."""
PR_SET_PDEATHSIG = 1
"""The ``prctl`` option (linux/prctl.h): the signal sent to this process when its parent dies."""

STOP_SIGNAL: int | None = getattr(signal, "SIGUSR1", None)
"""The signal a parent sends its workers to stop their chunks (None where there is none)."""

_watchdog: threading.Thread | None = None


def set_parent_death_signal(signum: int = signal.SIGTERM) -> bool:
    """Ask the kernel to send ``signum`` to this process when its parent dies (Linux only).

    Returns True when it is set, False where ``prctl`` is not available (another system, no
    C library found); it never raises.

    >>> set_parent_death_signal(0) == sys.platform.startswith("linux")
    True
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0)) == 0
    except (OSError, AttributeError):  # pragma: no cover - no C library with prctl
        return False


def watch_parent(parent: int | None = None, every: float = WATCH_SECONDS) -> None:
    """Start the watchdog thread: end this process (exit code 1) once ``parent`` (default:
    the parent now) is no longer its parent. At most one watchdog per process."""
    global _watchdog
    expected = os.getppid() if parent is None else parent
    if os.getppid() != expected:  # the parent died before we looked
        os._exit(1)
    if _watchdog is not None and _watchdog.is_alive():
        return

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != expected:
                os._exit(1)

    _watchdog = threading.Thread(target=watch, name="sudograph-watchdog", daemon=True)
    _watchdog.start()


def watching() -> bool:
    """True when this process runs a watchdog (in a worker, after :func:`init_worker`)."""
    return _watchdog is not None and _watchdog.is_alive()


def init_worker(parent: int | None = None) -> None:
    """The initializer of every worker process: ignore Ctrl-C, :data:`STOP_SIGNAL` and SIGTERM
    handled (:func:`handle_signal`, :func:`handle_worker_term`), the parent-death signal, and
    the watchdog on ``parent`` (the pid of the process that made the pool; pass
    ``os.getpid()`` there so that a parent dead before the worker started is seen too)."""
    global _worker, _held, _pending, _stopping, _terms
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker, _held, _pending, _stopping, _terms = True, True, None, False, 0
    signal.signal(signal.SIGTERM, handle_worker_term)
    if STOP_SIGNAL is not None:  # held, but for the chunks (see signals_released)
        signal.signal(STOP_SIGNAL, handle_signal)
    set_parent_death_signal(signal.SIGTERM)
    watch_parent(parent)


def ask_to_stop(pids: list[int]) -> None:
    """Ask the workers ``pids`` (started with :func:`init_worker`) to stop the chunk they are
    solving and send back the part done; nothing where :data:`STOP_SIGNAL` does not exist. A
    worker that is gone is skipped."""
    if STOP_SIGNAL is None:  # pragma: no cover - not on POSIX
        return
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, STOP_SIGNAL)


class Terminated(Exception):
    """Raised in the main thread on SIGTERM while :class:`terminate_gracefully` is installed."""


_held = False
_pending: int | None = None
_worker = False
"""True in a worker of a pool (:func:`init_worker`)."""
_stopping = False
"""In a worker: its parent asked it to stop (:data:`STOP_SIGNAL`); it stays so."""
_terms = 0
"""In a worker: the SIGTERMs received."""


def handle_worker_term(signum: int, frame: FrameType | None) -> None:
    """A worker's SIGTERM: the first one stops it as :data:`STOP_SIGNAL` does (the part of its
    chunk done goes back to the parent, which a SIGTERM sent to the whole process group stops
    too; a worker that died at once there broke the pool, and the parts the others sent back
    were lost with it); a second one has the default action, the process ends at once. The
    parent ends its workers with SIGKILL, and an orphan is ended by its watchdog. (The first
    SIGTERM may come after the parent's :data:`STOP_SIGNAL`: both wait for the end of a
    compiled call, then run in the order of their numbers.)"""
    global _terms
    _terms += 1
    if _terms == 1:
        handle_signal(signum, frame)
        return
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def _exception(signum: int) -> BaseException:
    return KeyboardInterrupt() if signum == signal.SIGINT else Terminated(f"signal {signum}")


def handle_signal(signum: int, frame: FrameType | None) -> None:
    """The handler of SIGINT and SIGTERM under :class:`terminate_gracefully`: raise
    ``KeyboardInterrupt`` or :class:`Terminated` now (a moment later when it comes during a
    finalizer, see :mod:`sudograph._ctrl_c`), or, inside :func:`signals_held`, when that
    block ends. In a worker, the handler of :data:`STOP_SIGNAL`: the first one raises
    ``KeyboardInterrupt`` (inside :func:`signals_released` only; held elsewhere), the next
    ones are ignored."""
    global _pending, _stopping
    if _worker:
        if _stopping:
            return
        _stopping = True
        signum = signal.SIGINT  # its chunk stops as this process would on Ctrl-C
    if _held:
        _pending = signum
        return
    if not _worker and _ctrl_c.later_if_in_finalizer(signum, frame):  # raised there: lost
        return
    raise _exception(signum)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Inside, SIGINT and SIGTERM (as handled by :class:`terminate_gracefully`) wait: their
    exception is raised when the block ends, so that what it writes is never cut or written
    twice. A signal mask would not do: any thread may receive the signal."""
    global _held, _pending
    outer = _held
    _held = True
    try:
        yield
    finally:
        _held = outer
        if not outer and _pending is not None:
            signum, _pending = _pending, None
            raise _exception(signum)


def stop_requested() -> bool:
    """True when Ctrl-C or SIGTERM waits for the end of a :func:`signals_held` block, or, in
    a worker, when its parent asked it to stop: a long compiled loop run in such a block
    looks here between two calls and stops early.

    >>> stop_requested()
    False
    """
    return _pending is not None or _stopping


@contextlib.contextmanager
def signals_delivered() -> Iterator[None]:
    """Inside :func:`signals_held`, a wait (for a worker's result, a chunk solved here, the
    next lines of the input) where Ctrl-C and SIGTERM act at once; one held before raises on
    entry. The file mode holds them everywhere else, so that a signal is raised only where
    nothing is half done (a row taken but not written, a chunk popped but not numbered).
    Outside :func:`signals_held`, and in a worker, it changes nothing.

    >>> with signals_delivered():
    ...     pass
    """
    global _held, _pending
    if _worker or not _held:
        yield
        return
    if _pending is not None:
        signum, _pending = _pending, None
        raise _exception(signum)
    _held = False
    try:
        yield
    finally:
        _held = True


@contextlib.contextmanager
def signals_released() -> Iterator[None]:
    """In a worker, a chunk's work: inside, a stop asked by the parent (:data:`STOP_SIGNAL`)
    raises ``KeyboardInterrupt`` at once (as Ctrl-C does in the parent), but inside
    :func:`signals_held`; one asked before raises it on entry. Outside, the worker holds it
    (a worker waiting for work, or sending a result, is never cut). In the parent, it changes
    nothing."""
    global _held, _pending
    if not _worker:
        yield
        return
    if _stopping:
        _pending = None
        raise KeyboardInterrupt
    outer = _held
    _held = False
    try:
        yield
    finally:
        _held = outer
        _pending = None


class terminate_gracefully:
    """While installed, SIGTERM raises :class:`Terminated` and SIGINT ``KeyboardInterrupt`` in
    the main thread (so ``finally`` blocks end the pool and write what is done), except inside
    :func:`signals_held`; :meth:`restore` puts the old handlers back (call it first in the
    cleanup: a second signal then acts at once). Does nothing outside the main thread. Also a
    context manager.

    >>> with terminate_gracefully():
    ...     signal.getsignal(signal.SIGTERM) is handle_signal
    True
    >>> signal.getsignal(signal.SIGTERM) is handle_signal
    False
    """

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self, signals: tuple[int, ...] = SIGNALS) -> None:
        """``signals``: the ones to handle (SIGTERM alone leaves Ctrl-C to the handler in
        place, :mod:`sudograph._ctrl_c`'s in the command line)."""
        self.old: dict[int, Any] = {}
        self.signals = signals

    def install(self) -> terminate_gracefully:
        """Install the handlers; return self."""
        if threading.current_thread() is threading.main_thread():
            self.old = {s: signal.signal(s, handle_signal) for s in self.signals}
        return self

    def restore(self) -> None:
        """Put the old handlers back (once)."""
        for signum, old in self.old.items():
            signal.signal(signum, old)
        self.old = {}

    def __enter__(self) -> terminate_gracefully:
        return self.install()

    def __exit__(self, *exc: object) -> None:
        self.restore()
