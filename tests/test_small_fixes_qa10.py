"""Fixes from the tenth round of QA and left-alone items: ``--resume`` against another input."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudograph.cli import main

SAMPLE = Path(__file__).resolve().parent.parent / "examples" / "sample.txt"
PUZZLES = [line for line in SAMPLE.read_text().splitlines() if line.strip()]


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines))
    return path


# -- --resume holds OUT's last row against the input's puzzle in its place --------------------

KINDS = {  # command, options: each run's rows
    "solutions": ("solve", []),
    "json": ("solve", ["--json"]),
    "all": ("solve", ["--all"]),
    "count json": ("count", ["--json"]),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_resume_refuses_an_out_written_from_another_input(
    kind: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """An OUT written from another input of as many puzzles or more was continued without a
    word: its last row is held against the puzzle in its place (a solution breaking its clues,
    a JSON row naming another line); refused with one line, exit 2, OUT untouched."""
    command, options = KINDS[kind]
    first = _write(tmp_path / "a.txt", PUZZLES[:6])
    # the other input: its line 6 is another puzzle; for the count, comments shift the lines
    other = ["# another input"] if kind == "count json" else []
    second = _write(tmp_path / "b.txt", other + PUZZLES[10:20])
    out = tmp_path / "out.txt"
    assert main([command, str(first), "-o", str(out), *options]) == 0
    before = out.read_bytes()
    capfd.readouterr()
    assert main([command, str(second), "-o", str(out), "--resume", *options]) == 2
    err = capfd.readouterr().err
    assert f"the last row of {out} does not answer {second}:{6 + len(other)}" in err, err
    assert "--resume continues the run that wrote it, on the same input" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert out.read_bytes() == before


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_resume_still_continues_the_same_input(
    kind: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """The same input, longer now (or cut short before): OUT is continued to the rows of a run
    never cut."""
    command, options = KINDS[kind]
    whole = _write(tmp_path / "all.txt", PUZZLES[:9])
    head = _write(tmp_path / "head.txt", PUZZLES[:4])
    out, clean = tmp_path / "out.txt", tmp_path / "clean.txt"
    assert main([command, str(whole), "-o", str(clean), *options]) == 0
    assert main([command, str(head), "-o", str(out), *options]) == 0
    assert main([command, str(whole), "-o", str(out), "--resume", *options]) == 0
    rows, expected = out.read_text().splitlines(), clean.read_text().splitlines()
    if "json" in kind:  # the nodes and times may differ: the answers must not
        import json

        keep = ("line", "status", "solution", "count")
        rows = [str({k: json.loads(r).get(k) for k in keep}) for r in rows]
        expected = [str({k: json.loads(r).get(k) for k in keep}) for r in expected]
    assert rows == expected
    capfd.readouterr()


def test_resume_refuses_an_input_one_puzzle_short(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """One puzzle fewer than OUT's rows is refused as fewer still was (the last kept row's
    puzzle is read to be checked, so the count of the skipped ones is one less)."""
    out = tmp_path / "out.txt"
    assert main(["solve", str(_write(tmp_path / "a.txt", PUZZLES[:5])), "-o", str(out)]) == 0
    before = out.read_bytes()
    capfd.readouterr()
    short = _write(tmp_path / "short.txt", PUZZLES[:4])
    assert main(["solve", str(short), "-o", str(out), "--resume"]) == 2
    err = capfd.readouterr().err
    assert f"{short} holds 4 puzzles, fewer than the 5 rows of the output" in err, err
    assert out.read_bytes() == before


def test_resume_checks_a_variant_files_last_row(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Grids read with their rules (``--variant``) are checked too."""
    from sudograph import generate_variant

    made = [generate_variant("x", 3, seed=s).to_line() for s in range(4)]
    first = _write(tmp_path / "a.txt", made[:2])
    second = _write(tmp_path / "b.txt", made[2:] + made[:2])
    out = tmp_path / "out.txt"
    assert main(["solve", str(first), "--variant", "x", "-o", str(out)]) == 0
    capfd.readouterr()
    assert main(["solve", str(second), "--variant", "x", "-o", str(out), "--resume"]) == 2
    assert f"does not answer {second}:2" in capfd.readouterr().err
    assert main(["solve", str(first), "--variant", "x", "-o", str(out), "--resume"]) == 0


@pytest.mark.parametrize(
    ("row", "no", "item", "why"),
    [
        ("1234341221434321", 1, "1" + "." * 15, None),
        ("2134341221434321", 1, "1" + "." * 15, "its solution has 2 at r1c1"),
        ("stopped 1234341221434321", 1, "....3" + "." * 11, None),
        ("stopped 1234341221434321", 1, "....4" + "." * 11, "its solution has 3 at r2c1"),
        ("1234341221434321 1234341221434312", 1, "...4" + "." * 12, None),
        ("1234341221434321", 1, "1" + "." * 80, "its solution has 16 cells, the puzzle 81"),
        ("unsatisfiable", 3, "1" + "." * 15, None),
        ("at least 2", 3, "1" + "." * 15, None),
        ("error: in.txt:7: bad", 3, "1" + "." * 15, None),  # a later line: a grid's row
        ("error: in.txt:3: bad", 3, "1" + "." * 15, None),
        ("error: in.txt:2: bad", 3, "1" + "." * 15, "it answers line 2"),
        ("error: other.txt:2: bad", 3, "1" + "." * 15, None),  # another name: not told
        (
            '{"line": 3, "status": "solved", "solution": "1234341221434321"}',
            3,
            "1" + "." * 15,
            None,
        ),
        (
            '{"line": 2, "status": "solved", "solution": "1234341221434321"}',
            3,
            "1" + "." * 15,
            "it answers line 2",
        ),
        (
            '{"line": 3, "status": "solved", "solution": "1234341221434321"}',
            3,
            "2" + "." * 15,
            "its solution has 1 at r1c1",
        ),
        ("line 3: 1 solution (unique)", 3, "1" + "." * 15, None),
        ("line 4: 1 solution (unique)", 3, "1" + "." * 15, "it answers line 4"),
    ],
)
def test_kept_row_misfit(row: str, no: int, item: str, why: str | None) -> None:
    from sudograph.cli.batchmode import kept_row_misfit

    got = kept_row_misfit(row, no, item, "in.txt")
    assert (got is None) if why is None else (got is not None and got.startswith(why)), got


def test_kept_row_misfit_reads_a_grid_and_a_bad_line() -> None:
    """A :class:`Grid` item (any size, its own alphabet) and a line that is no puzzle."""
    from sudograph.cli.batchmode import kept_row_misfit
    from sudograph.errors import ParseError
    from sudograph.grid import Grid

    grid = Grid.parse("1..." + "." * 12)
    assert kept_row_misfit("1234341221434321", 1, grid) is None
    assert kept_row_misfit("4231341221434321", 1, grid) is not None
    bad = ParseError("wrong length", line=1)
    assert "not a puzzle" in str(kept_row_misfit("1234341221434321", 1, bad))
    assert kept_row_misfit("error: in.txt:1: wrong length", 1, bad) is None


# -- generate --resume under --timeout: the form of OUT's puzzles is checked ------------------


@pytest.mark.parametrize(
    ("first", "then", "code"),
    [
        ([], ["--box", "2x3"], 2),  # a 6x6 run appended to a 9x9 file
        ([], [], 0),
        (["--json"], ["--json", "--symmetry", "central"], 2),
        (["--json"], ["--json", "--box", "2x2"], 2),
        (["--json"], ["--json"], 0),
        (["--json"], [], 2),  # text lines after JSON rows
    ],
)
def test_generate_resume_under_a_timeout_checks_the_form(
    first: list[str],
    then: list[str],
    code: int,
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    """Under ``--timeout`` the first puzzle need not come out the same twice, so it was not
    checked at all: a 6x6 run was appended to a 9x9 file. Its form is checked now."""
    out = tmp_path / "out.txt"
    common = ["generate", "--seed", "3", "--timeout", "20", "-o", str(out)]
    assert main([*common, "--count", "1", *first]) == 0
    before = out.read_bytes()
    capfd.readouterr()
    assert main([*common, "--count", "2", "--resume", *then]) == code
    err = capfd.readouterr().err
    if code:
        assert "its first puzzle is not the first of this run" in err and "Traceback" not in err
        assert out.read_bytes() == before
    else:
        assert out.read_bytes().startswith(before) and len(out.read_text().splitlines()) == 2


# -- the fewest clues known of 6x6 are of 2x3 boxes, not of a Latin square --------------------


@pytest.mark.parametrize(("box", "short"), [((2, 3), True), ((3, 2), True), ((1, 6), False)])
def test_the_fewest_known_clues_are_of_the_box_shape(
    box: tuple[int, int], short: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``FEWEST_KNOWN_CLUES`` (8) is of 6x6 grids of 2x3 boxes: a 1x6 grid (a Latin square)
    got its short default time and its note all the same."""
    import importlib

    from sudograph.errors import SudographError

    gen = importlib.import_module("sudograph.generate")
    monkeypatch.setattr(gen, "BELOW_KNOWN_SECONDS", 0.2)
    monkeypatch.setattr(gen, "GENERATE_SECONDS", 0.4)
    with pytest.raises(SudographError) as caught:
        gen.generate(box, clues=7, seed=1)
    message = str(caught.value)
    assert ("within 0.2 s" in message) is short and ("within 0.4 s" in message) is not short
    assert ("no 6x6 puzzle of fewer than 8 clues is known" in message) is short, message


# -- the file mode's books: a drawn seed said, no node count for methods without nodes ----------

EMPTY6 = "." * 36


def test_a_randomized_file_run_names_the_seed_that_replays_it(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """``solve FILE -m greedy`` without ``--seed`` drew a seed per puzzle and said none: the
    run could not be replayed. One seed is drawn for the run and named in the summary;
    ``--seed`` with it gives the same rows."""
    import re

    src = _write(tmp_path / "in.txt", [EMPTY6] * 3)
    first, again = tmp_path / "a.txt", tmp_path / "b.txt"
    assert main(["solve", str(src), "--box", "2x3", "-m", "greedy", "-o", str(first)]) == 0
    err = capfd.readouterr().err
    said = re.search(r"greedy \(seed (\d+): --seed \1 replays the run\)", err)
    assert said is not None, err
    seed = said.group(1)
    argv = ["solve", str(src), "--box", "2x3", "-m", "greedy", "--seed", seed, "-o", str(again)]
    assert main(argv) == 0
    assert "replays the run" not in capfd.readouterr().err  # a seed given: none drawn
    assert again.read_text() == first.read_text()
    assert len(set(first.read_text().splitlines())) == 1  # every puzzle with the run's seed


@pytest.mark.parametrize(
    ("method", "nodes_null"), [("greedy", True), ("logic", True), ("naive", False)]
)
def test_file_json_rows_give_no_node_count_for_methods_without_nodes(
    method: str, nodes_null: bool, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """``"nodes": 0`` for the greedy family and ``logic`` in the file mode's JSON rows, where
    the inline ``--json`` says null: their nodes are no measure."""
    import json

    src = _write(tmp_path / "in.txt", [PUZZLES[0]])
    out = tmp_path / "out.txt"
    main(
        ["solve", str(src), "-m", method, "--json", "-o", str(out), "--seed", "1"]
        if method == "greedy"
        else ["solve", str(src), "-m", method, "--json", "-o", str(out)]
    )
    capfd.readouterr()
    row = json.loads(out.read_text().splitlines()[0])
    assert (row["nodes"] is None) is nodes_null, row


# -- color --json: the time, and null for what the method does not count -----------------------


@pytest.mark.parametrize(
    ("argv", "nodes_null", "backtracks_null"),
    [
        (["-m", "dsatur"], False, False),
        (["-m", "greedy", "--seed", "1"], True, True),
        (["--greedy", "dsatur"], True, True),
    ],
)
def test_color_json_says_its_time_and_null_for_what_is_not_counted(
    argv: list[str], nodes_null: bool, backtracks_null: bool, capfd: pytest.CaptureFixture[str]
) -> None:
    """``color --json`` gave 0 nodes and 0 backtracks for a greedy pass (no search) and no
    time at all, where ``solve --json`` gives null and ``seconds``."""
    import json

    assert main(["color", "petersen", "-k", "3", *argv, "--json"]) == 0
    row = json.loads(capfd.readouterr().out)
    assert (row["nodes"] is None) is nodes_null and (row["backtracks"] is None) is backtracks_null
    assert isinstance(row["seconds"], float) and 0 <= row["seconds"] < 60


def test_a_sat_result_without_a_search_is_still_sats_books() -> None:
    """``counted_by`` was ``""`` (the books of a reference search ``sat`` does not have) when
    the time was up before the solver ran."""
    from sudograph import Grid, solve

    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    result = solve(Grid.parse(hard), "sat", timeout=0)
    assert result.status == "stopped" and result.counted_by == "sat"
    assert result.uncounted == ("max_depth",)


def test_a_jigsaw_without_a_solution_blames_its_regions() -> None:
    """``variant 'jigsaw' has no solution on a 4x4 grid`` read as if no 4x4 jigsaw had one:
    it is this region map (found by a search of random maps; the reference search agrees)."""
    import importlib

    from sudograph import Grid, solve
    from sudograph.errors import InvalidArgument
    from sudograph.variants import Variant

    regions = (0, 2, 0, 1, 3, 1, 1, 2, 1, 3, 0, 2, 3, 3, 0, 2)
    jigsaw = Variant(("jigsaw",), regions=regions)
    assert solve(Grid((2, 2), (0,) * 16, "", jigsaw), "naive", engine="python").solution is None
    gen = importlib.import_module("sudograph.generate")
    with pytest.raises(InvalidArgument, match="'jigsaw' has no solution with these regions on"):
        gen.generate_variant(jigsaw, (2, 2), seed=1)


def test_an_interrupted_randomized_run_says_to_resume_with_its_seed(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its rows were made with the seed drawn for the run: ``--resume`` alone would go on
    with another; the hint names it."""
    import re

    import sudograph.batch as batch

    real = batch.solve_many

    def interrupted_after_one(*args: object, **kw: object) -> object:
        for i, row in enumerate(real(*args, **kw)):  # type: ignore[arg-type]
            if i == 1:
                raise KeyboardInterrupt
            yield row

    monkeypatch.setattr(batch, "solve_many", interrupted_after_one)
    src = _write(tmp_path / "in.txt", [EMPTY6] * 3)
    out = tmp_path / "out.txt"
    code = main(["solve", str(src), "--box", "2x3", "-m", "greedy", "-o", str(out)])
    err = capfd.readouterr().err
    seed = re.search(r"\(seed (\d+): --seed", err)
    assert code == 130 and seed is not None, err
    assert err.rstrip().endswith(f"continue with --resume --seed {seed.group(1)}"), err


@pytest.mark.parametrize(
    ("first", "then"),
    [
        (
            ["--seed", "4", "--clues", "12"],
            ["--seed", "5", "--clues", "12"],
        ),  # exact: not best effort
        (["--seed", "4", "--json"], ["--seed", "5", "--json"]),  # best effort: the row's seed
    ],
)
def test_generate_resume_under_a_timeout_refuses_another_seed(
    first: list[str], then: list[str], tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """A timeout only makes a request with ``--clues``, ``--minimal`` or ``--difficulty``
    fail: its first puzzle is compared whole; a best-effort JSON row names its seed."""
    out = tmp_path / "out.txt"
    common = ["generate", "--box", "2x3", "--timeout", "20", "-o", str(out)]
    assert main([*common, "--count", "1", *first]) == 0
    before = out.read_bytes()
    capfd.readouterr()
    assert main([*common, "--count", "2", "--resume", *then]) == 2
    assert "its first puzzle is not the first of this run" in capfd.readouterr().err
    assert out.read_bytes() == before
    assert main([*common, "--count", "2", "--resume", *first]) == 0


@pytest.mark.parametrize(("method", "counted"), [("greedy", False), ("dsatur", True)])
def test_color_interrupted_before_its_search_counts_alike(
    method: str,
    counted: bool,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    """Ctrl-C before the search (its kernels loading) gave ``0`` nodes for a greedy method,
    whose finished runs say null."""
    import importlib
    import json

    def interrupted(*args: object, **kw: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib.import_module("sudograph.solve"), "color", interrupted)
    argv = ["color", "petersen", "-k", "3", "-m", method, "--json"]
    assert main([*argv, "--seed", "1"] if method == "greedy" else argv) == 130
    captured = capfd.readouterr()
    row = json.loads(captured.out)
    assert (row["nodes"] == 0) is counted and (row["nodes"] is None) is not counted
    assert row["reason"] == "interrupted" and row["seconds"] is None
    assert ("after 0 nodes" in captured.err) is counted
