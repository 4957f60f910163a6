"""Generation's public helpers refuse what they cannot use, in one InvalidArgument each (they
raised AttributeError, or answered: ``orbits(-1) == [(0,)]``, cages summing to 0 on an empty
grid)."""

from __future__ import annotations

import importlib
import re

import pytest

from sudograph.errors import InvalidArgument
from sudograph.grid import Grid

gen = importlib.import_module("sudograph.generate")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: gen.generate_variant(None, 2), "got None (generate() makes classic puzzles)"),
        (lambda: gen.generate_variant(["x"], 2), "got ['x']"),
        (lambda: gen.generate_variant(3, 2), "variant must be a Variant or a spec"),
        (lambda: gen.generate_variant("", 2), "variant '' names no rule"),
        (lambda: gen.generate_variant(" ", 2), "variant ' ' names no rule"),
        (lambda: gen.generate_variant(gen.Variant(), 2), "names no rule (generate() makes"),
        (lambda: gen.orbits(-1), "n must be a grid side >= 1, not -1"),
        (lambda: gen.orbits(0, "central"), "n must be a grid side >= 1, not 0"),
        (lambda: gen.orbits("3"), "n '3' is not a whole number"),
        (lambda: gen.is_symmetric("x", "central"), "is_symmetric takes a Grid"),
        (lambda: gen.killer_cages(Grid.parse("1" + "." * 15)), "killer_cages takes a solution"),
        (lambda: gen.killer_cages(Grid.parse("1" * 16)), "killer_cages takes a solution"),
        (lambda: gen.check_variant_minimal(25, True), "made up to side 16, not 25"),
    ],
)
def test_refused_in_one_line(call, message: str) -> None:
    with pytest.raises(InvalidArgument, match=re.escape(message)):
        call()


def test_what_they_take_still_works() -> None:
    full = gen.full_grid(2, seed=1)
    cages = gen.killer_cages(full, seed=2)
    assert sorted(v for cells, _ in cages for v in cells) == list(range(16))
    assert all(total == sum(full.values[v] for v in cells) for cells, total in cages)
    assert gen.orbits(1) == [(0,)]
    assert gen.is_symmetric(Grid.parse("1..2" + "." * 11 + "1"), "central") is False
    assert gen.generate_variant("x", 2, seed=4).variant.spec == "x"
    assert gen.generate_variant("", 2, seed=1, killer=True).variant.spec == "killer"


@pytest.mark.parametrize("option", ["--variant", "--regions"])
@pytest.mark.parametrize("value", ["", "  "])
def test_the_cli_refuses_an_empty_variant(option: str, value: str, capsys) -> None:
    from sudograph.cli import main

    assert main(["generate", option, value, "--size", "4", "--seed", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        f"sudograph: error: {option} is empty (see sudograph generate --help)\n"
    )


def test_the_cli_refuses_minimal_beyond_16_before_the_seed_line(capsys) -> None:
    from sudograph.cli import main

    assert main(["generate", "--variant", "x", "--size", "25", "--minimal"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sudograph: error: minimal variant puzzles") and "seed" not in err
