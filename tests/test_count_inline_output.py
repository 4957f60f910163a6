"""``count PUZZLE -o OUT``: one puzzle written on the command line has its count written to
OUT, as ``solve PUZZLE -o OUT`` writes its grid (it was refused: "-o ... take a FILE of
puzzles"); the options of a batch (``--workers``, ``--resume``, ``--dask``) still need a file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudograph.cli import main

TWO = "1.3.....2...4..1"  # a 4×4 puzzle of two solutions
ONE = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"


@pytest.mark.parametrize(
    ("puzzle", "extra", "written"),
    [
        (ONE, [], "1 solution (unique)\n"),
        (TWO, [], "2 solutions\n"),
        (TWO, ["--limit", "1"], "at least 1 solution (--limit 1)\n"),
    ],
)
def test_the_count_goes_to_out_not_to_stdout(tmp_path, capsys, puzzle, extra, written):
    out = tmp_path / "count.txt"
    assert main(["count", puzzle, "-o", str(out), *extra]) == 0
    assert out.read_text() == written
    assert capsys.readouterr().out == ""


def test_json_count_to_out(tmp_path: Path, capsys) -> None:
    out = tmp_path / "count.jsonl"
    assert main(["count", TWO, "--json", "-o", str(out)]) == 0
    row = json.loads(out.read_text())
    assert row == {"line": None, "count": 2, "complete": True, "unique": False}


@pytest.mark.parametrize("json_rows", [[], ["--json"]])
@pytest.mark.parametrize("bad", ["113.....2...4..1", "1x3.....2...4..1"])
def test_bad_input_leaves_out_as_it_was(tmp_path: Path, capsys, json_rows, bad) -> None:
    """With --json the error row was written over OUT."""
    out = tmp_path / "count.txt"
    assert main(["count", bad, "-o", str(out), *json_rows]) == 2
    assert not out.exists()
    out.write_text("old\n")
    assert main(["count", bad, "-o", str(out), *json_rows]) == 2
    assert out.read_text() == "old\n"
    assert "error:" in capsys.readouterr().err


def test_out_is_never_the_regions_file(tmp_path: Path, capsys) -> None:
    regions = tmp_path / "map.txt"
    regions.write_text("0011\n0011\n2233\n2233\n")
    assert main(["count", TWO, "--regions", str(regions), "-o", str(regions)]) == 2
    assert regions.read_text() == "0011\n0011\n2233\n2233\n"
    assert "map.txt" in capsys.readouterr().err


@pytest.mark.parametrize("option", [["--workers", "2"], ["--resume"], ["--dask", "local"]])
def test_batch_options_are_said_and_the_puzzle_counted(tmp_path: Path, capsys, option) -> None:
    """As solve PUZZLE does (they were refused, the message saying it counted)."""
    out = tmp_path / "o.txt"
    assert main(["count", TWO, "-o", str(out), *option]) == 0
    assert out.read_text() == "2 solutions\n"
    err = capsys.readouterr().err
    assert f"{option[0]}: for a file of puzzles; this one puzzle is counted here" in err


@pytest.mark.parametrize(
    ("option", "where"),
    # (a missing --regions file is read as an inline map, with its own message)
    [("--regions", "dir"), ("--cages", "dir"), ("--cages", "missing")],
)
def test_an_option_file_that_cannot_be_read_names_the_option(tmp_path, capsys, option, where):
    """Was ``sudograph: error: /tmp: Is a directory`` (and, for --cages, a missing file said
    only ``nofile.txt: No such file or directory``)."""
    path = tmp_path if where == "dir" else tmp_path / "nofile.txt"
    assert main(["solve", TWO, option, str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"sudograph: error: {option}: {path}: ")
    assert ("directory" if where == "dir" else "No such file") in err


def test_ctrl_c_writes_the_lower_bound_to_out(tmp_path: Path, capsys, monkeypatch) -> None:
    from sudograph.cli import cmd_generate

    def interrupted(*_args, **_kw):
        raise cmd_generate.CountInterrupted(5)

    monkeypatch.setattr(cmd_generate, "_count", interrupted)
    out = tmp_path / "count.txt"
    assert main(["count", TWO, "-o", str(out)]) == 130
    assert out.read_text() == "at least 5 solutions (interrupted)\n"
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--workers", "2", "--resume"], "--workers and --resume"),
        (["--dask", "local", "--workers", "2"], "--dask and --workers"),
    ],
)
@pytest.mark.parametrize(("command", "verb"), [("solve", "solved"), ("count", "counted")])
def test_both_commands_say_the_file_options(tmp_path, capsys, options, said, command, verb):
    """solve PUZZLE and count PUZZLE share one rule (common.say_file_options)."""
    out = tmp_path / "o.txt"
    assert main([command, TWO, "-o", str(out), *options]) in (0, 1)
    assert out.read_text()
    err = capsys.readouterr().err
    assert f"{said}: for a file of puzzles; this one puzzle is {verb} here" in err
