"""Batches on a Dask cluster (issue 18): same output as on one machine, in input order, through
a worker killed midway and a client killed and resumed.

One local cluster of 2 worker processes serves the module; the CLI reaches it by its address.
Skipped without dask, except the message that says what to install.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sudograph.batch import solve_chunk, solve_many
from sudograph.cli import main
from sudograph.distributed import connect, is_client, map_ordered
from sudograph.errors import InvalidArgument, MissingExtra, install_hint

DATA = Path(__file__).parent / "data" / "sudoku"
BAD = ["1" + "." * 80, "11" + "." * 79, "x" * 81, "12.." * 4]


def puzzles() -> list[str]:
    """Every 9×9 puzzle of the test data (606 lines), then lines that give errors."""
    lines = []
    for path in sorted(DATA.glob("*.txt")):
        lines += [x for x in path.read_text().split() if len(x) == 81]
    return lines + BAD


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    pytest.importorskip("distributed")
    import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import it
    c = connect("local", workers=2)
    try:
        yield c
    finally:
        c.close()
        c.cluster.close()


def rows(results: Any) -> list[tuple[Any, ...]]:
    return [(r.index, r.status, r.solution, r.count, r.nodes, r.error) for r in results]


# -- the Python API ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "limit", "lines"),
    [
        ("fast", 1, puzzles()),
        ("fast", 2, puzzles()),
        ("propagate", 2, puzzles()[:40] + BAD),
    ],
)
def test_solve_many_on_the_cluster_equals_one_process(
    client: Any, method: str, limit: int, lines: list[str]
) -> None:
    here = rows(solve_many(lines, method, limit=limit, workers=1))
    there = rows(solve_many(lines, method, limit=limit, chunk_size=16, executor=client))
    assert there == here
    assert [r[0] for r in there] == list(range(len(lines)))
    assert {r[1] for r in there} >= {"solved", "error"}


def test_slow_methods_go_in_chunks_sized_by_time(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A method slower than fast: chunks of 16 first, then of about 0.25 s of a worker (they
    were 4,096 puzzles: Ctrl-C 15 s into a run of slow puzzles kept no row), same rows."""
    from sudograph import distributed

    sizes: list[int] = []
    real = distributed.map_ordered

    def recording(client: Any, fn: Any, chunks: Any, *args: Any, **kw: Any) -> Any:
        def seen() -> Iterator[Any]:
            for chunk in chunks:
                sizes.append(len(chunk))
                yield chunk

        return real(client, fn, seen(), *args, **kw)

    monkeypatch.setattr(distributed, "map_ordered", recording)
    lines = puzzles()[:200]
    there = rows(solve_many(lines, "propagate", engine="python", executor=client))
    assert there == rows(solve_many(lines, "propagate", engine="python", workers=1))
    assert sizes[0] == 16 and sum(sizes) == len(lines) and max(sizes) < len(lines), sizes
    fast = rows(solve_many(lines, "fast", executor=client))  # fast: one chunk of 4,096 at most
    assert sizes[-1] == len(lines) and len(fast) == len(lines)


def _kernels_loaded(dask_worker: Any) -> tuple[bool, bool]:
    kernels = "sudograph.engine._fast9_kernels" in sys.modules
    return "sudograph-warmup" in dask_worker.plugins, kernels


def test_every_worker_loads_the_kernels_when_it_starts(client: Any) -> None:
    pytest.importorskip("numba")
    assert set(client.run(_kernels_loaded).values()) == {(True, True)}


def test_executor_must_be_a_client() -> None:
    assert not is_client(object())
    with pytest.raises(InvalidArgument, match=r"distributed\.Client"):
        list(solve_many(puzzles()[:3], executor=object()))


def test_in_flight_is_bounded(client: Any) -> None:
    """The input is read as results are taken: never more than `limit` chunks ahead."""
    read = []

    def chunks() -> Iterator[list[str]]:
        for i in range(20):
            read.append(i)
            yield puzzles()[i : i + 1]

    settings = ("fast", 1, "auto", None, None, None, {})
    taken = 0
    for _ in map_ordered(client, solve_chunk, chunks(), settings, limit=3):
        taken += 1
        assert len(read) <= taken + 3
    assert taken == 20


@pytest.mark.parametrize("limit", [0, -1])
def test_map_ordered_refuses_a_limit_below_one(client: Any, limit: int) -> None:
    """0 was read as 'the default' and accepted without a word."""
    settings = ("fast", 1, "auto", None, None, None, {})
    with pytest.raises(InvalidArgument, match=f"limit must be >= 1, got {limit}"):
        list(map_ordered(client, solve_chunk, [puzzles()[:1]], settings, limit=limit))


def _crash_once(chunk: list[str], settings: Any, flag: str, target: list[str]) -> Any:
    """A chunk function whose worker dies (SIGKILL) in the middle of chunk ``target``, once."""
    if chunk == target and not os.path.exists(flag):
        Path(flag).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return solve_chunk(chunk, settings)


def test_a_worker_killed_midway_changes_nothing(client: Any, tmp_path: Path) -> None:
    lines = puzzles()
    chunks = [lines[i : i + 8] for i in range(0, len(lines), 8)]
    settings = ("fast", 2, "auto", None, None, None, {})
    flag = str(tmp_path / "crashed")
    results = map_ordered(client, _crash_once, chunks, settings, flag, chunks[5])
    got = [row for chunk_rows in results for row in chunk_rows]
    assert os.path.exists(flag)  # a worker did die in the middle of a chunk
    want = [row for chunk in chunks for row in solve_chunk(chunk, settings)]
    assert got == want
    client.wait_for_workers(2, timeout=60)


@pytest.mark.signals
def test_a_worker_killed_from_outside(client: Any) -> None:
    """SIGKILL to a worker busy with chunks of solve_many: the run ends with every result."""
    client.wait_for_workers(2, timeout=60)
    lines = puzzles() * 3
    results = solve_many(lines, limit=2, chunk_size=8, executor=client)
    got = [next(results)]
    busy = [w for w, keys in client.processing().items() if keys]
    victim = busy[0] if busy else next(iter(client.scheduler_info()["workers"]))
    pids = client.run(os.getpid)
    os.kill(pids[victim], signal.SIGKILL)  # the workers of a local cluster run here
    got += list(results)
    assert rows(got) == rows(solve_many(lines, limit=2, workers=1))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not alive_workers(client, pids[victim]):
        time.sleep(0.1)
    assert alive_workers(client, pids[victim])  # the victim is gone, its nanny started another


def alive_workers(client: Any, dead: int) -> bool:
    """Two workers again, none of them the process ``dead``."""
    try:
        pids = client.run(os.getpid)
    except Exception:  # a worker the scheduler still lists but cannot reach
        return False
    return len(pids) == 2 and dead not in pids.values()


# -- the command line -----------------------------------------------------------------------------


def address(client: Any) -> str:
    return str(client.scheduler.address)


@pytest.fixture
def puzzle_file(tmp_path: Path) -> Path:
    path = tmp_path / "in.txt"
    path.write_text("\n".join(puzzles()) + "\n")
    return path


@pytest.mark.parametrize(
    "extra", [[], ["--json"], ["--limit", "2"], ["--limit", "5", "--max-nodes", "20", "--json"]]
)
def test_cli_solve_file_on_the_cluster(
    client: Any, puzzle_file: Path, tmp_path: Path, extra: list[str]
) -> None:
    here, there = tmp_path / "here.txt", tmp_path / "there.txt"
    assert main(["solve", str(puzzle_file), "-o", str(here), "--workers", "1", *extra]) == 2
    assert (
        main(["solve", str(puzzle_file), "-o", str(there), "--dask", address(client), *extra]) == 2
    )
    assert there.read_bytes() == here.read_bytes()
    assert len(there.read_text().splitlines()) == len(puzzles())


@pytest.mark.parametrize("extra", [[], ["--json"], ["--limit", "3"]])
def test_cli_count_file_on_the_cluster(
    client: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    # all the solutions of unique puzzles, or the first three of puzzles with more
    name = "tdoku_serg_100.txt" if "--limit" in extra else "tdoku_top1465_100.txt"
    source = str(DATA / name)
    assert main(["count", source, *extra]) == 0
    here = capsys.readouterr().out
    out = tmp_path / "counts.txt"
    assert main(["count", source, "-o", str(out), "--dask", address(client), *extra]) == 0
    assert out.read_text() == here
    assert len(here.splitlines()) == 100


@pytest.mark.parametrize("extra", [["--size", "4", "--count", "12"], ["--count", "3", "--json"]])
def test_cli_generate_on_the_cluster(
    client: Any, tmp_path: Path, capfd: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    assert main(["generate", "--seed", "11", *extra]) == 0
    here = capfd.readouterr().out  # (12 puzzles: on this machine's processes, written to fd 1)
    out = tmp_path / "gen.txt"
    assert (
        main(["generate", "--seed", "11", *extra, "-o", str(out), "--dask", address(client)]) == 0
    )
    assert out.read_text() == here
    kept = here.splitlines(keepends=True)[:2]  # a run cut after two puzzles, then resumed
    out.write_text("".join(kept) + kept[2 if len(kept) > 2 else 1][:5])
    argv = ["generate", "--seed", "11", *extra, "-o", str(out), "--resume"]
    assert main([*argv, "--dask", address(client)]) == 0
    assert out.read_text() == here


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["generate", "--count", "2", "-o", "g.txt", "--resume"], "--seed"),
        (["generate", "--count", "2", "--seed", "1", "--resume"], "--resume needs -o"),
        (["count", "some.txt", "--resume"], "--resume needs -o"),
    ],
)
def test_file_mode_usage_errors(
    argv: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_cli_no_scheduler_at_the_address(
    puzzle_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed")
    argv = ["solve", str(puzzle_file), "-o", str(tmp_path / "o.txt")]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("sudograph.distributed.CONNECT_TIMEOUT", 0.5)
        assert main([*argv, "--dask", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert "no Dask scheduler answers" in err and "Traceback" not in err


@contextlib.contextmanager
def listener(reply: bytes | None) -> Iterator[str]:
    """A TCP server on a free port that accepts every connection and sends ``reply`` (None:
    never a byte); yields its ``tcp://`` address."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                held.append(conn)
                if reply is not None:
                    with contextlib.suppress(OSError):
                        conn.sendall(reply)

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()
        for conn in held:
            conn.close()


@pytest.mark.alone
@pytest.mark.parametrize(
    ("reply", "why"),
    [
        (None, "no answer in 1.5 s"),  # it hung for ever, deaf to Ctrl-C
        (b"HTTP/1.1 400 Bad Request\r\n\r\n" * 4, "not a Dask scheduler"),  # a traceback
    ],
    ids=["silent", "another protocol"],
)
def test_cli_a_server_that_is_not_dask(
    puzzle_file: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    reply: bytes | None,
    why: str,
) -> None:
    pytest.importorskip("distributed")
    argv = ["solve", str(puzzle_file), "-o", str(tmp_path / "o.txt")]
    with listener(reply) as address, pytest.MonkeyPatch.context() as mp:
        mp.setattr("sudograph.distributed.CONNECT_TIMEOUT", 0.5)
        mp.setattr("sudograph.distributed.CONNECT_GRACE", 1.0)
        start = time.perf_counter()
        assert main([*argv, "--dask", address]) == 2
        assert time.perf_counter() - start < 20
    err = capsys.readouterr().err
    assert "no Dask scheduler answers" in err and "Traceback" not in err
    assert why in err, err


# -- the client killed, then resumed --------------------------------------------------------------


def children(pid: int) -> set[int]:
    """Processes started by any thread of ``pid`` (from /proc)."""
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.signals
@pytest.mark.skipif(
    not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(), reason="reads /proc"
)
def test_client_killed_then_resumed(client: Any, tmp_path: Path) -> None:
    one = [p for p in puzzles() if p not in BAD[1:]]  # their errors name the file and line
    lines = one * 80  # long enough (6 chunks) to be cut in the middle
    source = tmp_path / "big.txt"
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out.txt"
    argv = [sys.executable, "-m", "sudograph", "solve", str(source), "-o", str(out)]
    proc = subprocess.Popen(
        [*argv, "--dask", "local", "--workers", "2"],
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (out.exists() and out.stat().st_size > 0):
        assert proc.poll() is None, "the run ended before it could be killed"
        time.sleep(0.01)
    workers = children(proc.pid)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert len(workers) >= 2  # the local cluster's worker processes...
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(alive(p) for p in workers):
        time.sleep(0.1)
    assert not any(alive(p) for p in workers)  # ...end with the client
    cut = out.read_bytes()
    assert 0 < cut.count(b"\n") < len(lines)
    assert main(["solve", str(source), "-o", str(out), "--resume", "--dask", address(client)]) == 0
    once = tmp_path / "once.txt"  # the same lines solved on one machine, once, repeated
    (tmp_path / "one.txt").write_text("\n".join(one) + "\n")
    assert main(["solve", str(tmp_path / "one.txt"), "-o", str(once), "--workers", "1"]) == 0
    assert out.read_bytes() == once.read_bytes() * 80


# -- without dask ---------------------------------------------------------------------------------


def test_without_dask_the_message_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, puzzle_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    with pytest.raises(MissingExtra, match=re.escape(install_hint("dask"))):
        connect("local")
    assert main(["solve", str(puzzle_file), "-o", os.devnull, "--dask", "local"]) == 2
    err = capsys.readouterr().err
    assert install_hint("dask") in err and "Traceback" not in err


@pytest.mark.parametrize("command", [["solve"], ["count"], ["generate", "--count", "1"]])
@pytest.mark.parametrize("address", ["", "  "])
def test_cli_a_blank_dask_address_is_refused(
    capsys: pytest.CaptureFixture[str], command: list[str], address: str
) -> None:
    """It ran without Dask, without a word."""
    argv = [*command, "1.3.....2...4..1"] if command[0] != "generate" else command
    assert main([*argv, "--dask", address]) == 2
    err = capsys.readouterr().err
    assert "--dask: give the scheduler's address (tcp://host:8786) or local" in err


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--dask", "local"], "--dask: for a file"),
        (["--workers", "2", "--resume"], "--workers and --resume: for a file"),
    ],
)
def test_cli_batch_options_on_one_puzzle_are_said_to_do_nothing(
    capsys: pytest.CaptureFixture[str], extra: list[str], said: str
) -> None:
    assert main(["solve", "1.3.....2...4..1", "--format", "line", *extra]) == 0
    out, err = capsys.readouterr()
    assert out == "1234341221434321\n" and said in err
