"""Ctrl-C in the command line: ``KeyboardInterrupt``, as Python's own handler, never lost in
a finalizer.

Python runs a signal's handler in the main thread between two steps of whatever Python code
runs there, a finalizer's too (a ``__del__``, a ``weakref.finalize``: numba and llvmlite
free compiled code in theirs while the kernels load). An exception raised in a finalizer
does not reach the code around it: Python prints it as "Exception ignored", with a
traceback, and goes on; a Ctrl-C at that moment was lost (the search went on) or printed a
traceback. :func:`handle` sends it again a moment later instead, and so does the handler of
the batch work (:func:`sudograph._process.handle_signal`), for SIGTERM too.
"""

from __future__ import annotations

import _thread
import signal
import threading
from types import FrameType
from typing import Any

AGAIN_SECONDS = 0.02
"""Seconds after which a Ctrl-C that came during a finalizer comes again."""


def handle(signum: int, frame: FrameType | None) -> None:
    """SIGINT's handler: ``KeyboardInterrupt``, or, during a finalizer, the same signal
    again after :data:`AGAIN_SECONDS` (:func:`later_if_in_finalizer`)."""
    if not later_if_in_finalizer(signum, frame):
        raise KeyboardInterrupt


def later_if_in_finalizer(signum: int, frame: FrameType | None) -> bool:
    """When ``frame`` (where a signal's handler was called) is inside a finalizer, send
    ``signum`` to the main thread again after :data:`AGAIN_SECONDS`, by a timer, and return
    True: the handler then returns without raising. False elsewhere. SIGTERM's handler of
    :class:`sudograph._process.terminate_gracefully` asks it too.

    >>> later_if_in_finalizer(signal.SIGINT, None)
    False
    """
    f = frame
    while f is not None:
        code = f.f_code
        if code.co_name == "__del__" or (
            code.co_name == "__call__" and code.co_filename.endswith("weakref.py")
        ):
            again = threading.Timer(AGAIN_SECONDS, _send_again, args=(signum,))
            again.daemon = True
            _pending.append(again)
            again.start()
            return True
        f = f.f_back
    return False


def _send_again(signum: int) -> None:
    """Send ``signum`` to the main thread, a real signal where there is ``pthread_kill``:
    whatever handler is in place by then acts (the default one too: a SIGTERM whose graceful
    handler was put back meanwhile still ends the process)."""
    kill = getattr(signal, "pthread_kill", None)
    ident = threading.main_thread().ident
    if kill is not None and ident is not None:
        kill(ident, signum)
    else:
        _thread.interrupt_main(signal.Signals(signum))


_pending: list[threading.Timer] = []
"""The Ctrl-Cs :func:`handle` is to send again (:func:`give_back` cancels them)."""


def raises(handler: Any) -> bool:
    """Whether ``handler`` (a SIGINT handler) raises ``KeyboardInterrupt`` on Ctrl-C:
    Python's own, or :func:`handle`.

    >>> raises(signal.default_int_handler), raises(handle), raises(signal.SIG_IGN)
    (True, True, False)
    """
    return handler is signal.default_int_handler or handler is handle


def take() -> Any:
    """Put :func:`handle` in place of Python's own handler, in the main thread (nowhere
    else: not where SIGINT is ignored, as under ``nohup``, nor where the program that calls
    the command line handles it); the handler it replaced, to put back, or None."""
    if threading.current_thread() is not threading.main_thread():
        return None
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return None
    return signal.signal(signal.SIGINT, handle)


def give_back(previous: Any) -> None:
    """Cancel the Ctrl-Cs :func:`handle` was to send again (the run they were for is over)
    and put ``previous`` back (what :func:`take` returned; None: nothing to put back)."""
    while _pending:
        _pending.pop().cancel()
    if previous is not None:
        signal.signal(signal.SIGINT, previous)
