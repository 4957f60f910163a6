"""QA round 4 of ``--dask``: one-line errors, Dask's loggers silent over a run and its close."""

from __future__ import annotations

import logging
import signal
from typing import Any

import pytest

from sudograph import distributed as dist
from sudograph.errors import SudographError

pytest.importorskip("distributed")


def test_one_line_joins_a_multi_line_exception_text() -> None:
    text = (
        "call_packed-0a1b cancelled for reason: scheduler-connection-lost.\n"
        "Client lost the connection to the scheduler. Please check your connection and "
        "re-run your query.\n"
    )
    got = dist.one_line(text)
    assert "\n" not in got
    assert got.startswith("call_packed-0a1b cancelled for reason: scheduler-connection-lost. ")
    assert got.endswith("re-run your query.")


def test_a_lost_scheduler_is_a_one_line_error() -> None:
    from distributed.client import FutureCancelledError

    class Lost:
        def result(self) -> Any:
            raise FutureCancelledError(
                "call_packed-0a1b", "scheduler-connection-lost", "Client lost the connection\n"
            )

    with pytest.raises(SudographError) as info:
        dist._result(Lost())
    message = str(info.value)
    assert message.startswith("lost the Dask scheduler: ")
    assert "\n" not in message


class _FakeClient:
    """Stands for a ``distributed.Client`` in :func:`dist.close` (no cluster)."""

    def __init__(self, cluster: Any = None) -> None:
        self.cluster = cluster
        self.levels: list[int] = []

    def close(self) -> None:
        self.levels.append(logging.getLogger("distributed").getEffectiveLevel())


def test_loggers_silent_from_connect_to_close(monkeypatch: pytest.MonkeyPatch) -> None:
    client = _FakeClient()
    monkeypatch.setattr(dist, "_connect", lambda *a: client)
    log = logging.getLogger("distributed")
    child = logging.getLogger("distributed.client")
    before = (log.level, child.level)
    got = dist.connect("tcp://127.0.0.1:1")
    assert got is client
    try:
        assert log.getEffectiveLevel() == logging.CRITICAL  # during the run
        assert child.getEffectiveLevel() == logging.CRITICAL
        assert not log.isEnabledFor(logging.ERROR)  # "Failed to reconnect to scheduler"
    finally:
        dist.close(client)
    assert client.levels == [logging.CRITICAL]  # during the close
    assert (log.level, child.level) == before  # put back after


@pytest.mark.parametrize("order", ["as opened", "reversed"])
def test_two_clients_keep_the_loggers_quiet_until_the_last_closes(
    order: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each client saved the levels it found: the second one saved 'silent', and closing the
    two in the order they were opened left the loggers silent for good."""
    clients = iter([_FakeClient(), _FakeClient()])
    monkeypatch.setattr(dist, "_connect", lambda *a: next(clients))
    log = logging.getLogger("distributed")
    before = log.level
    a, b = dist.connect("tcp://127.0.0.1:1"), dist.connect("tcp://127.0.0.1:1")
    first, last = (a, b) if order == "as opened" else (b, a)
    dist.close(first)
    assert log.getEffectiveLevel() == logging.CRITICAL  # the other one is still open
    dist.close(last)
    dist.close(last)  # closed twice: released once
    assert log.level == before


def test_a_failed_connect_puts_the_loggers_back(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*a: Any) -> Any:
        raise dist.InvalidArgument("no scheduler")

    monkeypatch.setattr(dist, "_connect", refuse)
    log = logging.getLogger("distributed")
    before = log.level
    with pytest.raises(dist.InvalidArgument):
        dist.connect("tcp://127.0.0.1:1")
    assert log.level == before


class _Cluster:
    """A local cluster whose close receives Ctrl-C ``presses`` times."""

    def __init__(self, presses: int) -> None:
        self.presses = presses
        self.workers: dict[str, Any] = {}
        self.closed = False
        self.level = 0

    def close(self) -> None:
        self.level = logging.getLogger("distributed.process").getEffectiveLevel()
        for _ in range(self.presses):
            signal.raise_signal(signal.SIGINT)
        self.closed = True


@pytest.mark.signals
def test_one_ctrl_c_during_a_local_close_waits_for_its_end() -> None:
    cluster = _Cluster(presses=1)
    dist.close(_FakeClient(cluster))
    assert cluster.closed  # the close went on, nothing raised: the summary follows
    assert cluster.level == logging.CRITICAL  # "reaping stray process" is INFO
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.signals
def test_a_second_ctrl_c_during_a_local_close_stops_it() -> None:
    cluster = _Cluster(presses=2)
    log = logging.getLogger("distributed")
    before = {
        name: item.level
        for name, item in logging.Logger.manager.loggerDict.items()
        if (name == "distributed" or name.startswith("distributed."))
        and isinstance(item, logging.Logger)
    }
    try:
        with pytest.raises(KeyboardInterrupt):
            dist.close(_FakeClient(cluster))
        assert not cluster.closed
        assert log.level == logging.CRITICAL  # left silent: Dask's exit handlers still run
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        for name, level in before.items():
            logging.getLogger(name).setLevel(level)
