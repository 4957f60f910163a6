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
import os
import pickle
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from .errors import InvalidArgument, MissingExtra, SudographError

T = TypeVar("T")
R = TypeVar("R")

CONNECT_TIMEOUT = 30.0
"""Seconds to wait for the scheduler at an address before giving up."""
CONNECT_GRACE = 2.0
"""Seconds given beyond :data:`CONNECT_TIMEOUT` to a client's own timeout before the attempt
is given up (:func:`_remote_client`)."""
MESSAGE_LOG = 10
"""Messages each Dask connection keeps for debugging (Dask's default, 1000, holds every chunk
of the last thousand: memory would grow to gigabytes before it is flat)."""


def _distributed() -> Any:
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


def connect(address: str, workers: int | None = None) -> Any:
    """A ``Client`` of the scheduler at ``address``, or of a new local cluster for ``local``.

    ``local`` starts a ``LocalCluster`` of ``workers`` worker processes (default one per
    core), one thread each; its scheduler lives in this process and its workers end when this
    process ends (even on SIGKILL: each watches a pipe from its parent). Every worker loads the
    compiled kernels once, when it starts. :func:`close` ends the client (and the local cluster).

    Raises :class:`MissingExtra` without dask, :class:`InvalidArgument` when no scheduler
    answers at ``address``.
    """
    distributed = _distributed()
    if workers is not None and workers < 1:
        raise InvalidArgument(f"workers must be >= 1, got {workers}")
    import dask

    # Dask keeps the last N messages under 1 MB of every connection for debugging: with chunks
    # of half a megabyte that is gigabytes. Set here, before the client (and the scheduler and
    # workers of a local cluster) open theirs; a remote scheduler needs it in its environment.
    dask.config.set({"distributed.admin.low-level-log-length": MESSAGE_LOG})
    if address == "local":
        import logging

        # Dask starts its workers with MALLOC_TRIM_THRESHOLD_=65536 (memory back to the system
        # sooner): the kernels' allocations then cost about 20% more CPU per chunk.
        dask.config.set({"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None})

        cluster = distributed.LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client = distributed.Client(cluster)
    else:
        client = _remote_client(distributed, address)
    client.register_plugin(_warmup_plugin(local=address == "local"), name="sudograph-warmup")
    return client


def _remote_client(distributed: Any, address: str) -> Any:
    """``distributed.Client(address)``, given up after :data:`CONNECT_TIMEOUT` seconds (and a
    little more) whatever answers there. The client's own timeout covers a refused port or an
    unknown host, but not a server that accepts the connection and never speaks (a client
    waits for its handshake for ever, deaf to Ctrl-C), nor one that speaks another protocol
    (its bytes read as a Dask message's length: a MemoryError of exbibytes); so the attempt
    runs in a daemon thread, left behind when it is given up."""
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
    raise InvalidArgument(
        f"--dask: no Dask scheduler answers at {address!r} ({why}); "
        "start one with `dask scheduler`, or use --dask local"
    ) from exc


def close(client: Any) -> None:
    """Close ``client``, and the local cluster it started if any (workers end with it)."""
    cluster = getattr(client, "cluster", None)
    client.close()
    if cluster is not None:
        cluster.close()


def warmup() -> None:
    """Load (or compile, once) the fast kernels in this process, when numba is there."""
    from .engine import numba_available

    if numba_available():
        from .engine.fast9 import warmup as load

        load()


def _warmup_plugin(local: bool = False) -> Any:
    """A worker plugin that calls :func:`warmup` when a worker starts (restarts included); on
    a ``local`` cluster the worker also ends with its nanny (parent-death signal and watchdog of
    :mod:`sudograph._process`), within a second of this process's death."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class Warmup(WorkerPlugin):
        def setup(self, worker: Any) -> None:
            if local:
                from sudograph._process import set_parent_death_signal, watch_parent

                set_parent_death_signal()
                watch_parent()
            warmup()

    return Warmup()


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
    yet yielded, so the input is read as the results are taken: memory stays flat. Work left
    in flight when the caller stops (an error, Ctrl-C, a ``break``) is cancelled.

    Raises :class:`SudographError` when the cluster gives up on a chunk (it killed its
    workers again and again) or the scheduler is lost.
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
    """The result of ``future`` (unpickled); cluster failures as :class:`SudographError`."""
    from distributed import KilledWorker
    from distributed.client import FutureCancelledError
    from distributed.comm.core import CommClosedError

    try:
        return pickle.loads(future.result())
    except KilledWorker as exc:
        raise SudographError(
            f"the Dask cluster gave up on a chunk: it killed its workers again and again ({exc})"
        ) from exc
    except (OSError, CommClosedError, FutureCancelledError) as exc:
        raise SudographError(f"lost the Dask scheduler: {exc}") from exc
