"""A DIMACS graph is told by its content, whatever its name and with a UTF-8 byte-order mark
or not: ``info``, ``draw`` and ``visualize`` read it as ``color`` does."""

from __future__ import annotations

import codecs
import subprocess
import sys
from pathlib import Path

import pytest

from sudograph.cli.cmd_draw import is_graph_arg
from sudograph.cli.common import is_dimacs_file

TRIANGLE = "c a triangle\np edge 3 3\ne 1 2\ne 2 3\ne 1 3\n"


@pytest.mark.parametrize("bom", [b"", codecs.BOM_UTF8])
@pytest.mark.parametrize("name", ["g.col", "g.txt", "graph"])
def test_dimacs_content_is_a_graph(tmp_path: Path, bom: bytes, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(bom + TRIANGLE.encode())
    assert is_dimacs_file(str(path))
    assert is_graph_arg(str(path))


@pytest.mark.parametrize(
    "text", ["1.3.....2...4..1\n", "p edge 3\n", "c only a comment\n", "p edges x 3\n"]
)
def test_other_content_is_not(tmp_path: Path, text: str) -> None:
    path = tmp_path / "g.txt"
    path.write_text(text)
    assert not is_dimacs_file(str(path))
    assert not is_graph_arg(str(path))


def test_a_missing_file_is_not_a_graph(tmp_path: Path) -> None:
    assert not is_dimacs_file(str(tmp_path / "none.txt"))


@pytest.mark.parametrize(
    "argv",
    [
        ["info", "{G}"],
        ["draw", "{G}", "--svg", "{OUT}.svg"],
        ["visualize", "{G}", "-k", "3", "-o", "{OUT}.html"],
    ],
)
def test_commands_read_a_graph_named_txt(tmp_path: Path, argv: list[str]) -> None:
    graph = tmp_path / "g.txt"
    graph.write_bytes(codecs.BOM_UTF8 + TRIANGLE.encode())
    out = tmp_path / "out"
    args = [a.replace("{G}", str(graph)).replace("{OUT}", str(out)) for a in argv]
    done = subprocess.run(
        [sys.executable, "-m", "sudograph", *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    if argv[0] == "info":
        assert "vertices: 3" in done.stdout and "edges: 3" in done.stdout
    else:
        written = next(tmp_path.glob("out.*"))
        assert written.stat().st_size > 0
