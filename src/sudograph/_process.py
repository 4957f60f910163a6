"""Process hygiene: worker processes end when their parent ends, however it ends.

Glossary: *parent* the process that started a pool (the CLI, or a program calling
:func:`sudograph.batch.solve_many`); *worker* a process of that pool; *orphan* a worker whose
parent is gone.

Every process pool of sudograph starts its workers with :func:`init_worker` (the
``initializer`` of ``ProcessPoolExecutor``), which does three things:

* Ctrl-C is left to the parent (it stops the batch and keeps what is done), and SIGTERM gets
  its default action back (a forked worker inherits the parent's Python handlers);
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
from typing import Any

WATCH_SECONDS = 0.5
"""How often the watchdog looks for its parent."""
PR_SET_PDEATHSIG = 1
"""The ``prctl`` option (linux/prctl.h): the signal sent to this process when its parent dies."""

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
    """The initializer of every worker process: ignore Ctrl-C, default SIGTERM, the parent-death
    signal, and the watchdog on ``parent`` (the pid of the process that made the pool; pass
    ``os.getpid()`` there so that a parent dead before the worker started is seen too)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    set_parent_death_signal(signal.SIGTERM)
    watch_parent(parent)


class Terminated(Exception):
    """Raised in the main thread on SIGTERM while :class:`terminate_gracefully` is installed."""


_held = False
_pending: int | None = None


def _exception(signum: int) -> BaseException:
    return KeyboardInterrupt() if signum == signal.SIGINT else Terminated(f"signal {signum}")


def handle_signal(signum: int, frame: object) -> None:
    """The handler of SIGINT and SIGTERM under :class:`terminate_gracefully`: raise
    ``KeyboardInterrupt`` or :class:`Terminated` now, or, inside :func:`signals_held`, when
    that block ends."""
    global _pending
    if _held:
        _pending = signum
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

    def __init__(self) -> None:
        self.old: dict[int, Any] = {}

    def install(self) -> terminate_gracefully:
        """Install the handlers; return self."""
        if threading.current_thread() is threading.main_thread():
            self.old = {s: signal.signal(s, handle_signal) for s in self.SIGNALS}
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
