"""Issue 19, item 4: every command's ``--help`` lists only the methods that apply to what it
solves, and a method that does not apply is refused in one line naming those that do."""

from __future__ import annotations

import argparse
import re

import pytest

from sudograph.cli import build_parser, main
from sudograph.methods import METHODS, methods_for

COMMANDS = {
    # command: (what its --method solves, its choices beyond the registry's methods)
    "solve": ("sudoku", set()),
    "color": ("graph", {"auto"}),
    "draw": (None, set()),  # a graph or a puzzle: both lists, said in words
    "chromatic": (None, {"auto", "sat", "pure"}),  # the portfolio's own switches
    "visualize": (None, set()),  # the traceable searches, which colour any graph
}


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    # the commands, not their aliases (``colour`` is ``color``'s parser under another name)
    return {name: p for name, p in action.choices.items() if p.prog.split()[-1] == name}


def method_help(command: str) -> str:
    """The ``--method`` entry of ``command --help`` (metavar and help text), one line."""
    text = subparsers()[command].format_help()
    entry = text.split("  --method", 1)[1]
    entry = re.split(r"\n  -", entry, maxsplit=1)[0]
    return " ".join(entry.split())


def listed(command: str) -> set[str]:
    """The method names the ``--method`` entry of ``command --help`` offers."""
    words = set(re.findall(r"[a-z][a-z-]*[a-z]", method_help(command).replace("- ", "-")))
    return {w for w in words if w in METHODS or w in {"auto", "sat", "pure"}}


def test_every_command_with_a_method_option_is_in_the_table() -> None:
    with_method = {
        name
        for name, p in subparsers().items()
        if any("--method" in a.option_strings for a in p._actions)
    }
    assert with_method == set(COMMANDS)


@pytest.mark.parametrize("command", ["solve", "color"])
def test_help_lists_exactly_the_methods_that_apply(command: str) -> None:
    kind, extra = COMMANDS[command]
    assert kind is not None
    choices = re.search(r"\{([^}]*)\}", method_help(command))
    assert choices is not None
    assert set(choices.group(1).split(",")) == set(methods_for(kind)) | extra


@pytest.mark.parametrize("command", ["color", "draw", "chromatic", "visualize"])
def test_no_sudoku_only_method_is_offered_for_graphs(command: str) -> None:
    sudoku_only = {m for m, meta in METHODS.items() if meta.sudoku_only}
    assert sudoku_only and not listed(command) & sudoku_only


def test_draw_help_names_the_graph_methods() -> None:
    assert listed("draw") >= set(methods_for("graph"))


REFUSED = [
    ["color", "petersen", "-k", "3", "--method", "fast"],
    ["color", "petersen", "-k", "3", "--method", "logic"],
    ["color", "petersen", "-k", "3", "--method", "nope"],
    ["draw", "petersen", "--method", "fast", "--svg", "x.svg"],
    ["draw", "sudoku:2", "--method", "logic", "--svg", "x.svg"],
]


@pytest.mark.parametrize("argv", REFUSED, ids=lambda a: " ".join(a[:1] + a[-3:-1]))
def test_a_method_that_does_not_apply_is_refused_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith("sudograph: error: ")
    # auto first: what color and draw take on a graph beside the methods (its default)
    assert err.rstrip().endswith("use one of auto, " + ", ".join(methods_for("graph")))


def test_methods_for_sudoku_is_every_method() -> None:
    assert methods_for("sudoku") == list(METHODS)
