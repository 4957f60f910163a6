"""Batches on a Dask cluster: the chunks of a batch mapped on its workers, results in order.

Glossary: *client* a ``distributed.Client``; *chunk* the unit of work sent to a worker (a list
of puzzle lines, or a range of puzzle numbers for ``generate``); *in flight* chunks submitted
whose results the caller has not taken yet.

``solve_many(puzzles, executor=client)`` (:mod:`sudograph.batch`) and the ``--dask ADDRESS|local``
option of ``sudograph solve FILE``, ``generate`` and ``count FILE`` go through
:func:`map_ordered`: at most :func:`in_flight` chunks are on the cluster at a time, so memory
stays flat over any number of puzzles, and the results come back in input order. A worker that
dies mid-chunk costs nothing but time: the scheduler runs its chunks again elsewhere (a chunk
is a pure function of its input). The compiled kernels are loaded once per worker, when it
starts (:func:`connect` registers a worker plugin).

Dask is an optional dependency (``pip install 'sudograph[dask]'``), imported only here and only
when used; without it :func:`connect` raises :class:`~sudograph.errors.MissingExtra`.

>>> in_flight(2)
16
>>> is_client(object())
False
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import socket
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from .errors import InvalidArgument, MissingExtra, WorkLost

T = TypeVar("T")
R = TypeVar("R")

CONNECT_TIMEOUT = 30.0
"""Seconds to wait for the scheduler at an address before giving up."""
CONNECT_GRACE = 2.0
"""Seconds given beyond :data:`CONNECT_TIMEOUT` to a client's own timeout before the attempt
is given up (:func:`_remote_client`)."""
WORKER_CLOSE_SECONDS = 1.0
"""Seconds a worker of a local cluster is given to close (then it is killed; Dask waits 5)."""
MESSAGE_LOG = 10
"""Messages each Dask connection keeps for debugging (Dask's default, 1000, holds every chunk
of the last thousand: memory would grow to gigabytes before it is flat)."""


def require_dask() -> Any:
    """The ``distributed`` module, or :class:`MissingExtra` naming the extra to install."""
    try:
        import distributed
    except ImportError as exc:
        raise MissingExtra("dask", "dask") from exc
    return distributed


def is_client(obj: object) -> bool:
    """True for a ``distributed.Client`` (checked without importing dask)."""
    return any(
        c.__name__ == "Client" and c.__module__.startswith("distributed") for c in type(obj).__mro__
    )


def in_flight(workers: int) -> int:
    """Chunks kept on the cluster at a time: 4 per worker + 8. Results are taken in order, so
    a chunk that runs late holds the next ones back; a deeper queue keeps the others busy."""
    return 4 * max(workers, 1) + 8


GIVE_AN_ADDRESS = "give the scheduler's address (tcp://host:8786) or local"
"""What a blank address is told, by :func:`connect` and by ``--dask``."""


def connect(address: str, workers: int | None = None) -> Any:
    """A ``Client`` of the scheduler at ``address``, or of a new local cluster for ``local``.

    ``local`` starts a ``LocalCluster`` of ``workers`` worker processes (default one per
    core), one thread each; its scheduler lives in this process and its workers end when this
    process ends (even on SIGKILL: each watches a pipe from its parent). Every worker loads the
    compiled kernels once, when it starts. :func:`close` ends the client (and the local cluster).

    Dask's loggers in this process are silenced (:func:`quiet_logs`) from here until
    :func:`close`: a scheduler lost mid-run printed ``distributed.client - ERROR - Failed to
    reconnect to scheduler after 30.00 seconds, closing client`` on standard error beside the
    command's own one-line error.

    Raises :class:`MissingExtra` without dask, :class:`InvalidArgument` for a blank address
    or when no scheduler answers at ``address``.

    >>> connect("")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudograph.errors.InvalidArgument: give the scheduler's address (tcp://host:8786) or ...''
    """
    if not isinstance(address, str) or not address.strip():  # ('' said: missing port number)
        raise InvalidArgument(f"{GIVE_AN_ADDRESS}, got {address!r}")
    distributed = require_dask()
    if workers is not None and workers < 1:
        raise InvalidArgument(f"workers must be >= 1, got {workers}")
    import dask

    _QUIET.enter()
    try:
        client = _connect(distributed, dask, address, workers)
    except BaseException:
        _QUIET.leave()
        raise
    with contextlib.suppress(Exception):  # (a client that takes none keeps them quiet)
        client._sudograph_quiet = True  # its close() puts the levels back (the last one's)
    return client


class _QuietWhileOpen:
    """Dask's loggers silenced while any client of :func:`connect` is open: the levels of
    before the first one are put back when the last one closes (each client saving the levels
    it found left them silenced for good when two were closed in the order they opened)."""

    def __init__(self) -> None:
        self.open = 0
        self.restore: Callable[[], None] | None = None

    def enter(self) -> None:
        if self.open == 0:
            self.restore = quiet_logs()
        self.open += 1

    def leave(self) -> None:
        self.open = max(self.open - 1, 0)
        if self.open == 0 and self.restore is not None:
            restore, self.restore = self.restore, None
            restore()


_QUIET = _QuietWhileOpen()


def _connect(distributed: Any, dask: Any, address: str, workers: int | None) -> Any:
    """The client of :func:`connect` (its loggers already silenced)."""

    # Dask keeps the last N messages under 1 MB of every connection for debugging: with chunks
    # of half a megabyte that is gigabytes. Set here, before the client (and the scheduler and
    # workers of a local cluster) open theirs; a remote scheduler needs it in its environment.
    dask.config.set({"distributed.admin.low-level-log-length": MESSAGE_LOG})
    if address == "local":
        # Dask starts its workers with MALLOC_TRIM_THRESHOLD_=65536 (memory back to the system
        # sooner): the kernels' allocations then cost about 20% more CPU per chunk.
        dask.config.set({"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None})

        cluster = _local_cluster(distributed, workers or os.cpu_count() or 1)
        client = distributed.Client(cluster)
    else:
        client = _remote_client(distributed, address)
    client.register_plugin(_warmup_plugin(local=address == "local"), name="sudograph-warmup")
    return client


def _local_cluster(distributed: Any, workers: int) -> Any:
    """A ``LocalCluster`` of ``workers`` processes whose workers never see Ctrl-C: its event
    loop runs in a thread started with SIGINT blocked (:func:`_sigint_blocked`), and the
    threads it starts, the processes they spawn and those processes' threads inherit the mask.
    The terminal sends Ctrl-C to every process of the command: a worker still importing
    Dask printed a ``KeyboardInterrupt`` traceback, and a worker mid-chunk is ended by the
    cluster's close anyway. This process sees it at once as before, the calling thread's
    mask put back as it was. Cut short by Ctrl-C while it starts, the half-made cluster is
    dropped from Dask's exit handler (it printed ``AssertionError: Status.init``) and its
    loop's errors go unsaid; its workers end with this process (each watches a pipe from
    it). Failed otherwise, the loop is stopped. The loop's thread is stopped by :func:`close`
    (a cluster closed by Dask's own methods leaves it, idle: a daemon thread)."""
    from multiprocessing import resource_tracker

    from distributed.deploy.spec import SpecCluster
    from distributed.utils import LoopRunner

    before = set(SpecCluster._instances)
    runner = None
    try:
        with _sigint_blocked() as block:
            if os.name == "posix":  # the first spawn starts multiprocessing's resource
                # tracker, which unblocks SIGINT (and SIGTERM) in the thread that starts it:
                # started here, it is not then, and the mask is put back on the way out
                resource_tracker.ensure_running()
                block()
            runner = LoopRunner()
            runner.start()  # type: ignore[no-untyped-call]  # (its thread, made here, keeps the mask)
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            # the scheduler's HTTP routes on a free port: on 8787, taken by another run,
            # Dask warned "Port 8787 is already in use" on standard error
            scheduler_kwargs={"dashboard_address": ":0"},
            silence_logs=logging.ERROR,
            loop=runner.loop,
        )
    except Exception:
        if runner is not None:
            runner.stop()  # type: ignore[no-untyped-call]  # (Dask closed the rest)
        raise
    except BaseException:  # Ctrl-C: no waiting on a loop that may be busy starting workers
        for half_made in set(SpecCluster._instances) - before:
            SpecCluster._instances.discard(half_made)
        if runner is not None:
            # its nannies' start fails with the workers they were starting, in the loop left
            # behind: "Task exception was never retrieved" and a traceback, at exit
            runner.loop.asyncio_loop.set_exception_handler(lambda loop, context: None)
        raise
    cluster._sudograph_runner = runner  # stopped by close(), after the cluster
    return cluster


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[Callable[[], None]]:
    """SIGINT blocked in this thread inside (where the platform has ``pthread_sigmask``),
    this thread's mask as it was put back on the way out; yields what blocks it again (after
    a call that unblocks it). A thread started inside, and what it spawns, inherit the mask.
    The mask is read before it is changed: a Ctrl-C already pending comes out of the change
    as ``KeyboardInterrupt``, and is then inside."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield lambda: None
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, [])  # (reads it)

    def block() -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})

    try:
        block()
        yield block
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _remote_client(distributed: Any, address: str) -> Any:
    """``distributed.Client(address)``, given up after :data:`CONNECT_TIMEOUT` seconds (and a
    little more) whatever answers there. A TCP address is tried first with a plain
    connection (:func:`_unreachable`): a refused port or an unknown host fail at once, where
    the client retried for its whole timeout. The client's own timeout does not cover a
    server that accepts the connection and never speaks (a client waits for its handshake for
    ever, deaf to Ctrl-C), nor one that speaks another protocol (its bytes read as a Dask
    message's length: a MemoryError of exbibytes); so the attempt runs in a daemon thread,
    left behind when it is given up."""
    why = _unreachable(distributed, address)
    if why is not None:
        raise InvalidArgument(_no_scheduler(address, why))
    found: dict[str, Any] = {}

    def attempt() -> None:
        try:
            found["client"] = distributed.Client(address, timeout=CONNECT_TIMEOUT)
        except BaseException as exc:  # reported by the caller's thread
            found["error"] = exc

    thread = threading.Thread(target=attempt, name="sudograph-dask-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_TIMEOUT + CONNECT_GRACE)
    if "client" in found:
        return found["client"]
    exc = found.get("error")
    if exc is None:
        why = f"no answer in {CONNECT_TIMEOUT + CONNECT_GRACE:g} s"
    elif isinstance(exc, OSError | TimeoutError | ValueError):
        why = str(exc)
    else:  # it answered, not as Dask does
        why = f"what answers there is not a Dask scheduler: {type(exc).__name__}"
    raise InvalidArgument(_no_scheduler(address, why)) from exc


def _no_scheduler(address: str, why: str) -> str:
    return (
        f"--dask: no Dask scheduler answers at {address!r} ({why}); "
        "start one with `dask scheduler`, or use --dask local"
    )


def _unreachable(distributed: Any, address: str) -> str | None:
    """Why no TCP connection can be made to ``address`` (a ``tcp://`` or ``tls://`` address
    with a port): the port refused it, the host is unknown or unreachable, or it gave no
    answer in :data:`CONNECT_TIMEOUT` seconds; None when it accepts one (then the client is
    tried) or the address is of another kind."""
    try:
        scheme, where = distributed.comm.parse_address(address)
        if scheme not in ("tcp", "tls"):
            return None
        host, port = distributed.comm.parse_host_port(where)
    except Exception:  # no port, another form: the client's own attempt says what is wrong
        return None
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT):
            return None
    except ConnectionRefusedError:
        return f"connection refused by {host}:{port}"
    except socket.gaierror:
        return f"unknown host {host!r}"
    except TimeoutError:
        return f"no answer in {CONNECT_TIMEOUT:g} s"
    except OSError as exc:
        return exc.strerror or str(exc)


def close(client: Any) -> None:
    """Close ``client``, and the local cluster it started if any (workers end with it, before
    its scheduler). Dask's own log lines are silenced while it closes (a worker whose
    heartbeat was in flight as its connections closed printed an error and a traceback, the
    results all there), and put back after (those of a client of :func:`connect` too). A
    first Ctrl-C during the close of a local cluster waits for its end (a second one stops
    it): it printed ``distributed.process - INFO - reaping stray process`` and cut the
    command's summary. When the close is cut short the loggers stay silent: Dask's exit
    handlers still run."""
    cluster = getattr(client, "cluster", None)
    restore = quiet_logs()
    with _ctrl_c_deferred(cluster is not None):
        client.close()
        if cluster is not None:
            _close_workers(cluster)
            cluster.close()
            runner = getattr(cluster, "_sudograph_runner", None)
            if runner is not None:
                runner.stop()
    restore()
    if getattr(client, "_sudograph_quiet", False):
        client._sudograph_quiet = False  # (closed twice: released once)
        _QUIET.leave()


@contextlib.contextmanager
def _ctrl_c_deferred(wanted: bool) -> Iterator[None]:
    """Inside, a first Ctrl-C (SIGINT) is noted and ignored, a second raises
    ``KeyboardInterrupt`` as usual (only when ``wanted``, in the main thread, and Python's
    own handler, or the command line's, is the one in place: otherwise nothing changes)."""
    import signal

    from . import _ctrl_c

    if (
        not wanted
        or threading.current_thread() is not threading.main_thread()
        or not _ctrl_c.raises(previous := signal.getsignal(signal.SIGINT))
    ):
        yield
        return
    seen = [0]

    def noted(signum: int, frame: Any) -> None:
        seen[0] += 1
        if seen[0] > 1:
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, noted)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _close_workers(cluster: Any) -> None:
    """Close the workers of a local ``cluster`` (their nannies) before its scheduler, each
    given :data:`WORKER_CLOSE_SECONDS` to end before it is killed: a worker busy with a chunk
    (after Ctrl-C; a task cannot be interrupted) held the close for 4 s, Dask's default."""
    import asyncio

    nannies = list(getattr(cluster, "workers", {}).values())
    if not nannies:
        return

    async def close_all() -> None:
        closing = (n.close(timeout=WORKER_CLOSE_SECONDS) for n in nannies if hasattr(n, "close"))
        await asyncio.gather(*closing, return_exceptions=True)

    with contextlib.suppress(Exception):  # best effort: the cluster's own close follows
        cluster.sync(close_all)


def quiet_logs() -> Callable[[], None]:
    """Silence the loggers of ``distributed`` in this process (but for critical errors);
    return what puts their levels back."""
    names = ["distributed"] + [
        name
        for name, log in logging.Logger.manager.loggerDict.items()
        if name.startswith("distributed.") and isinstance(log, logging.Logger)
    ]
    before = {name: logging.getLogger(name).level for name in names}
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL)

    def restore() -> None:
        for name, level in before.items():
            logging.getLogger(name).setLevel(level)

    return restore


def warmup() -> None:
    """Load (or compile, once) the fast kernels in this process, when numba is there."""
    from .engine import numba_available

    if numba_available():
        from .engine.fast9 import warmup as load

        load()


def _warmup_plugin(local: bool = False) -> Any:
    """A worker plugin that calls :func:`warmup` when a worker starts (restarts included). On
    a ``local`` cluster the worker also ends with its nanny (parent-death signal and watchdog
    of :mod:`sudograph._process`), within a second of this process's death; it leaves Ctrl-C
    to this process; its Dask log lines are silenced as it closes (:func:`quiet_logs`: a
    heartbeat in flight as its connections closed printed an error and a traceback at the
    end of a good run)."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class Warmup(WorkerPlugin):
        def setup(self, worker: Any) -> None:
            if local:
                from sudograph._process import set_parent_death_signal, watch_parent

                set_parent_death_signal()
                watch_parent()
                _leave_ctrl_c_to_the_client()
            warmup()

        def teardown(self, worker: Any) -> None:
            if local:
                from sudograph.distributed import quiet_logs

                quiet_logs()

    return Warmup()


def _leave_ctrl_c_to_the_client() -> None:
    """In a worker of a local cluster: ignore Ctrl-C, which a terminal sends to every process
    of the run (the client stops the batch and closes the cluster; the worker printed a
    ``KeyboardInterrupt`` traceback as it went down). Only the main thread can set it."""
    import signal

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def workers_of(client: Any) -> int:
    """Workers the scheduler of ``client`` knows now (at least 1)."""
    return max(len(client.scheduler_info().get("workers", {})), 1)


def map_ordered(
    client: Any,
    fn: Callable[..., R],
    chunks: Iterable[T],
    *args: Any,
    limit: int | None = None,
) -> Iterator[R]:
    """``fn(chunk, *args)`` for every chunk on the cluster of ``client``; results in order.

    At most ``limit`` chunks (default :func:`in_flight` of the workers) are submitted and not
    yet yielded, so the input is read as the results are taken: memory stays flat. When the
    caller stops (an error, Ctrl-C, a ``break``) the chunks still queued on the scheduler are
    cancelled, but a chunk already running on a worker runs to its end (Dask cannot interrupt
    a running task): as long as its puzzles take, unbounded for a hard puzzle without a
    ``--timeout`` or ``--max-nodes``; a later run on that cluster waits for those workers
    meanwhile (or restart them: ``client.restart()``, or the ``dask worker`` processes).

    Raises :class:`~sudograph.errors.WorkLost` when the cluster gives up on a chunk (it
    killed its workers again and again) or the scheduler is lost.
    """
    if not is_client(client):
        raise InvalidArgument(f"executor must be a distributed.Client, got {type(client).__name__}")
    bound = in_flight(workers_of(client)) if limit is None else limit
    if bound < 1:
        raise InvalidArgument(f"limit must be >= 1, got {bound}")
    pending: deque[Any] = deque()
    try:
        for chunk in chunks:
            payload = pickle.dumps(chunk, protocol=pickle.HIGHEST_PROTOCOL)
            pending.append(client.submit(call_packed, fn, payload, *args, pure=False))
            while len(pending) >= bound or (pending and pending[0].done()):
                yield _result(pending.popleft())
        while pending:
            yield _result(pending.popleft())
    finally:
        if pending:
            with contextlib.suppress(Exception):  # best effort: the client may be closed
                client.cancel(list(pending))


def call_packed(fn: Callable[..., Any], payload: bytes, *args: Any) -> bytes:
    """``fn(chunk, *args)`` on a worker, the chunk and the result pickled as one bytes object.

    Dask serializes a list element by element: for a chunk of thousands of short strings (and
    as many result tuples) that costs more than solving them; one bytes object costs a copy.

    >>> pickle.loads(call_packed(len, pickle.dumps(["a", "b"])))
    2
    """
    return pickle.dumps(fn(pickle.loads(payload), *args), protocol=pickle.HIGHEST_PROTOCOL)


def _result(future: Any) -> Any:
    """The result of ``future`` (unpickled); cluster failures as :class:`WorkLost`."""
    from distributed import KilledWorker
    from distributed.client import FutureCancelledError
    from distributed.comm.core import CommClosedError

    try:
        return pickle.loads(future.result())
    except KilledWorker as exc:
        raise WorkLost(
            f"the Dask cluster gave up on a chunk: it killed its workers again and again ({exc})"
        ) from exc
    except (OSError, CommClosedError, FutureCancelledError) as exc:
        raise WorkLost(f"lost the Dask scheduler: {one_line(str(exc))}") from exc


def one_line(text: str) -> str:
    """``text`` on one line: its lines joined by a space, runs of blanks as one.

    >>> one_line("call_packed-1 cancelled for reason: lost.\\nClient lost the connection.\\n")
    'call_packed-1 cancelled for reason: lost. Client lost the connection.'
    """
    return " ".join(text.split())
