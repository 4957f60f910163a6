"""A variant puzzle on standard input (``-``) is read as the same file named on the command
line is: told from its head (peeked at, not consumed), read whole, errors at
``<stdin>:LINE:COL``; plain grids on standard input are still streamed line by line."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sudograph.cli import main
from sudograph.formats.variant import format_variant_json
from sudograph.generate import generate_variant

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "variants"
FPUZZLES_KILLER = ROOT / "tests" / "data" / "variants" / "fpuzzles_killer_x.json"
SRC = ROOT / "src"
T4 = "1234" + "." * 12  # a plain 4x4 puzzle line


def fpuzzles_text(seed: int) -> str:
    """An f-puzzles JSON object: a generated 4x4 x puzzle (one solution)."""
    p = generate_variant("x", 2, seed=seed)
    rows = [
        [{"value": v, "given": True} if v else {} for v in p.values[r * 4 : r * 4 + 4]]
        for r in range(4)
    ]
    return json.dumps({"size": 4, "grid": rows, "diagonal+": True, "diagonal-": True})


SOURCES: dict[str, Callable[[], str]] = {
    "text one": lambda: (EXAMPLES / "x_6x6.txt").read_text(),
    "text killer": lambda: (EXAMPLES / "killer_4x4.txt").read_text(),
    "text several": lambda: "".join(
        (EXAMPLES / name).read_text() for name in ("killer_4x4.txt", "x_6x6.txt", "jigsaw_6x6.txt")
    ),
    "json one": lambda: format_variant_json(generate_variant("x", 2, seed=1)) + "\n",
    "json several": lambda: "".join(
        "# a comment line first\n" * (seed == 0)
        + format_variant_json(generate_variant("x", 2, seed=seed))
        + "\n"
        for seed in range(3)
    ),
    "f-puzzles": lambda: fpuzzles_text(2),
    "f-puzzles killer": lambda: FPUZZLES_KILLER.read_text(),
}

COMMANDS = [
    ["solve"],
    ["solve", "--count"],
    ["solve", "--json"],
    ["solve", "-o", "OUT"],
    ["solve", "--count", "-o", "OUT", "--workers", "1"],
    ["solve", "--workers", "1"],
    ["count"],
    ["count", "-o", "OUT"],
    ["count", "--workers", "1", "--json"],
    ["check"],
    ["rate"],
    ["hint"],
    ["explain"],
    ["show"],
    ["info"],
]


def buffered(data: bytes) -> io.TextIOWrapper:
    """Standard input as Python makes it: a text layer over a buffered (peekable) stream."""
    return io.TextIOWrapper(io.BufferedReader(io.BytesIO(data)), encoding="utf-8")


def seekable(data: bytes) -> io.TextIOWrapper:
    """Standard input as tests often replace it: no ``peek``, but seekable."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")


class _Pipe(io.RawIOBase):
    """A raw stream that can neither peek nor seek (standard input then reads as plain)."""

    def __init__(self, data: bytes) -> None:
        super().__init__()
        self.data = io.BytesIO(data)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        chunk = self.data.read(len(buffer))
        buffer[: len(chunk)] = chunk
        return len(chunk)


def outcome(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], source: str
) -> tuple[int, str, str]:
    """``(exit code, output, standard error)`` of ``main(argv)``: the output is OUT's for
    ``-o OUT``; the name ``source``, the seconds and the rate are written alike."""
    out_file = tmp_path / "out.txt"
    out_file.unlink(missing_ok=True)
    code = main([str(out_file) if a == "OUT" else a for a in argv])
    out, err = capfd.readouterr()
    if "OUT" in argv and out_file.exists():  # (a run refused before any row makes no OUT)
        out = out + out_file.read_text()
    out = re.sub(r'"seconds": [\d.e-]+', '"seconds": S', out)
    err = re.sub(r"[\d,.]+ puzzles/s", "N puzzles/s", err)
    return code, out.replace(source, "<stdin>"), err.replace(source, "<stdin>")


@pytest.mark.parametrize(
    ("name", "command"),
    [
        pytest.param(name, command, id=f"{name}: {' '.join(command)}")
        for name in SOURCES
        for command in COMMANDS
        # a 9x9 killer takes seconds to solve: read, not solved, here
        if name != "f-puzzles killer" or command[0] in ("check", "show", "info")
    ],
)
def test_variant_on_stdin_reads_as_the_file(
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    name: str,
    command: list[str],
) -> None:
    from_file, from_stdin = file_and_stdin(capfd, monkeypatch, tmp_path, name, command, buffered)
    assert from_file[0] in (0, 1), from_file[2]
    assert from_stdin == from_file


def file_and_stdin(
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    name: str,
    command: list[str],
    stdin: Any,
) -> tuple[Any, Any]:
    """The outcomes of ``command`` on the source ``name`` as a file, then on standard input
    made by ``stdin(bytes)``."""
    text = SOURCES[name]()
    path = tmp_path / "puzzles.txt"
    path.write_text(text)
    cmd, *options = command
    from_file = outcome(capfd, tmp_path, [cmd, str(path), *options], str(path))
    monkeypatch.setattr(sys, "stdin", stdin(text.encode()))
    return from_file, outcome(capfd, tmp_path, [cmd, "-", *options], str(path))


@pytest.mark.parametrize("command", [["solve"], ["solve", "-o", "OUT"], ["count"], ["check"]])
@pytest.mark.parametrize("name", ["text several", "json one", "f-puzzles"])
def test_variant_on_a_seekable_stdin_without_peek(
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    name: str,
    command: list[str],
) -> None:
    from_file, from_stdin = file_and_stdin(capfd, monkeypatch, tmp_path, name, command, seekable)
    assert from_stdin == from_file


@pytest.mark.parametrize(
    "path",
    [EXAMPLES / "x.txt", EXAMPLES / "killer_4x4.txt", "f-puzzles", "json several"],
    ids=["text", "text killer", "f-puzzles", "json"],
)
@pytest.mark.parametrize("how", ["redirect", "pipe"])
def test_variant_on_the_real_stdin(tmp_path: Path, path: Path | str, how: str) -> None:
    """``sudograph solve - < FILE`` (and ``cat FILE | sudograph solve -``) is ``solve FILE``."""
    if isinstance(path, str):
        name, path = path, tmp_path / "puzzles.json"
        path.write_text(SOURCES[name]())
    assert isinstance(path, Path)
    env = {**os.environ, "PYTHONPATH": str(SRC)}

    def solve(source: str, stdin: Any = None, data: bytes | None = None) -> tuple[int, str, str]:
        proc = subprocess.run(
            [sys.executable, "-m", "sudograph", "solve", source],
            stdin=stdin,
            input=data,
            capture_output=True,
            env=env,
            check=False,
        )
        err = re.sub(r"[\d,.]+ puzzles/s", "N puzzles/s", proc.stderr.decode())
        return proc.returncode, proc.stdout.decode(), err.replace(str(path), "<stdin>")

    want = solve(str(path))
    assert want[0] in (0, 1), want[2]
    if how == "redirect":
        with path.open("rb") as stdin:
            assert solve("-", stdin=stdin) == want
    else:
        assert solve("-", data=path.read_bytes()) == want


BAD_TEXT = (
    "variant: x\nbox: 2x2\ngrid: 1" + "." * 15 + "\n\nvariant: x\nbox: 2x2\ngrid: 1..z" + "." * 12
)
BAD_ONE = "# one bad puzzle\nvariant: x\nbox: 2x2\ngrid: 1..z............\n"
BAD_JSON = '{"grid": "1...............", "box": "2x2", "variant": "x"}\n{"grid": "1..", "box"}\n'
BAD_FPUZZLES = '{"size": 4, "grid": [[{"value": 9}, {}, {}, {}]]}'


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (BAD_TEXT, "<stdin>:7:10: "),
        (BAD_ONE, "<stdin>:4:10: "),
        (BAD_JSON, "<stdin>:2:"),
        (BAD_FPUZZLES, "<stdin>:1:10: "),  # at the size that does not fit
    ],
    ids=["text", "text one", "json", "f-puzzles"],
)
@pytest.mark.parametrize(
    "command", [["solve"], ["solve", "-o", "OUT", "--workers", "1"], ["count"], ["check"]]
)
def test_a_bad_variant_on_stdin_is_located_at_stdin(
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    text: str,
    where: str,
    command: list[str],
) -> None:
    monkeypatch.setattr(sys, "stdin", buffered(text.encode()))
    cmd, *options = command
    code, _, err = outcome(capfd, tmp_path, [cmd, "-", *options], "-")
    assert code == 2
    assert where in err and "Traceback" not in err


def test_a_variant_on_stdin_is_read_up_to_the_cap(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("sudograph.cli.common.VARIANT_MAX_BYTES", 64)
    monkeypatch.setattr("sudograph.cli.cmd_solve.VARIANT_MAX_BYTES", 64)
    text = SOURCES["text several"]()
    for command in (["solve"], ["solve", "-o", "OUT"], ["check"]):
        monkeypatch.setattr(sys, "stdin", buffered(text.encode()))
        code, _, err = outcome(capfd, tmp_path, [command[0], "-", *command[1:]], "-")
        assert code == 2, command
        last = err.splitlines()[-1]
        assert last.startswith("sudograph: error: <stdin>: a variant input is read whole, up to")
        assert last.endswith(" MiB: this one is larger") and "Traceback" not in err


def test_plain_grids_on_stdin_are_streamed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Telling plain grids from a variant reads nothing of standard input; plain grids are
    then read as they come (a large stream is never read whole)."""
    import argparse

    from sudograph.cli.common import read_items, read_variant_file, variant_file_kind

    raw = io.BytesIO(f"{T4}\n".encode() * 200_000)  # 3.4 MB
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(raw), encoding="utf-8"))
    assert variant_file_kind("-") is None and read_variant_file("-") is None
    assert raw.tell() <= 1 << 16
    items = read_items("-", argparse.Namespace())
    no, grid = next(items)
    assert no == 1 and not isinstance(grid, Exception) and grid.to_line() == T4
    assert raw.tell() <= 1 << 16
    items.close()


def test_stdin_that_can_neither_peek_nor_seek_reads_as_plain(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from sudograph.cli.common import stdin_head

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(_Pipe(f"{T4}\n{T4}\n".encode())))
    assert stdin_head() == b""
    code, out, _ = outcome(capfd, tmp_path, ["check", "-"], "-")
    assert code == 0 and out.endswith("2 grids: 2 valid, 0 with conflicts, 0 unreadable\n")
