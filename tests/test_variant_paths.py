"""Variant puzzles read from a path (``read_variant_puzzle(s)`` took text only: a file's name
was read as a puzzle, ``1:1: unexpected line``), and the repr of a variant grid, which named
``Variant`` without the package exporting it."""

from __future__ import annotations

import pathlib

import pytest

import sudograph
from sudograph.errors import InvalidArgument, ParseError
from sudograph.formats.variant import read_variant_puzzle, read_variant_puzzles
from sudograph.solve import solve

VARIANTS = pathlib.Path(__file__).resolve().parent.parent / "examples" / "variants"


@pytest.mark.parametrize("path", sorted(VARIANTS.glob("*.txt")), ids=lambda p: p.name)
def test_a_variant_file_is_read_from_its_path(path: pathlib.Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert read_variant_puzzle(path) == read_variant_puzzle(text)
    assert [(no, g) for no, g in read_variant_puzzles(path)] == list(read_variant_puzzles(text))


@pytest.mark.parametrize("path", sorted(VARIANTS.glob("*.txt")), ids=lambda p: p.name)
def test_the_repr_of_a_variant_grid_evaluates_back(path: pathlib.Path) -> None:
    g = read_variant_puzzle(path)
    names = {"Grid": sudograph.Grid, "Variant": sudograph.Variant}
    again = eval(repr(g), names)  # Variant is exported (it was not: the repr named it)
    assert again == g and again.variant == g.variant
    if g.variant is not None and g.variant.regions is None and not g.variant.cages:
        assert repr(g).endswith(f"variant={g.variant.spec!r})")  # the names, as one spec


def test_a_file_name_given_as_text_says_how_to_read_the_file() -> None:
    name = str(VARIANTS / "x.txt")
    for reader in (read_variant_puzzle, lambda t: list(read_variant_puzzles(t))):
        with pytest.raises(InvalidArgument, match=r"is a file's name .*pathlib\.Path"):
            reader(name)  # was '1:1: unexpected line'


def test_a_variant_path_names_itself_in_its_errors(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"variant: x\ngrid: 1...\xff\n")
    rows = list(read_variant_puzzles(bad))
    assert [(no, str(e)) for no, e in rows] == [(2, f"{bad}:2:11: invalid UTF-8")]
    with pytest.raises(ParseError, match=r"bad\.txt:2:11: invalid UTF-8"):
        read_variant_puzzle(bad)
    clash = tmp_path / "clash.txt"
    clash.write_text("variant: x\nbox: 2x2\ngrid: 1....1..........\n", encoding="utf-8")
    with pytest.raises(sudograph.InvalidPuzzle):  # (the main diagonal's two 1s)
        solve(read_variant_puzzle(clash))
    with pytest.raises(InvalidArgument, match="not int"):
        read_variant_puzzle(5)  # type: ignore[arg-type]
