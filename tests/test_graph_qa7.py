"""Graph input found by a QA pass (2026-11-27): a DIMACS file with lines ended by a lone CR
(old Mac endings) gave a correct but opaque ``bad header 'p edge 3 2\\re 1 2…'``."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.errors import ParseError
from sudograph.formats.dimacs import parse_dimacs, read_dimacs

CR = "lines end with a lone CR (old Mac line endings): save the file with LF or CRLF line endings"


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("p edge 3 2\re 1 2\re 2 3\r", "1:11"),
        ("c a comment\rp edge 3 2\re 1 2\r", "1:12"),  # not skipped as one long comment
        ("p edge 3 2\ne 1 2\re 2 3\n", "2:6"),
    ],
)
def test_lone_cr_line_endings_are_named(text: str, where: str, tmp_path: Path) -> None:
    with pytest.raises(ParseError) as caught:
        parse_dimacs(text)
    assert str(caught.value) == f"{where}: {CR}"
    path = tmp_path / "mac.col"
    path.write_bytes(text.encode())
    with pytest.raises(ParseError, match=f"^{path}:{where}: "):
        read_dimacs(path)


@pytest.mark.parametrize("ending", ["\n", "\r\n"])
def test_lf_and_crlf_are_read(ending: str) -> None:
    text = ending.join(["c x", "p edge 3 2", "e 1 2", "e 2 3", ""])
    assert parse_dimacs(text).num_edges == 2


def test_a_stray_cr_in_a_comment_is_read() -> None:
    """Only a CR that a DIMACS line follows ends a line (a review: a stray CR in a comment,
    read before, was refused)."""
    assert parse_dimacs("c made\rby hand\np edge 2 1\ne 1 2\n").num_edges == 1


def test_the_command_line_says_it_in_one_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mac.col"
    path.write_bytes(b"p edge 3 2\re 1 2\re 2 3\r")
    assert main(["color", str(path), "-k", "3"]) == 2
    assert capfd.readouterr().err == f"sudograph: error: {path}:1:11: {CR}\n"


@pytest.mark.parametrize("name", ["petersen", "sudoku:2x2"])
def test_a_file_named_as_a_built_in_graph_is_said_to_be_shadowed(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """``color petersen`` coloured the built-in graph without a word where a file of that name
    was in the current folder (``./petersen`` reads the file)."""
    monkeypatch.chdir(tmp_path)
    assert main(["color", name, "-k", "4"]) == 0
    out, err = capfd.readouterr()
    assert err == ""
    (tmp_path / name).write_text("p edge 2 1\ne 1 2\n")
    assert main(["color", name, "-k", "4"]) == 0
    shadowed, err = capfd.readouterr()
    assert shadowed == out  # the built-in graph still
    assert err == (
        f"sudograph: note: {name} is the graph of that name, not the file: ./{name} reads "
        "the file\n"
    )
    assert main(["color", f"./{name}", "-k", "4"]) == 0
    assert capfd.readouterr() == ("1 2\n", "")
