"""Faults a QA pass of ``generate`` and ``rate`` found, each pinned: a rating that depended on
the clock (now a budget of work), ``generate --json``'s ``minimal`` echoing the option,
``cage_sizes`` unchecked, ``generate --regions`` reading a missing file as a map, complete
grids in ``rate``'s mean, eliminations repeating a cell per digit, non-bool flags taken, and a
complete grid described two ways."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.errors import InvalidArgument
from sudograph.formats.variant import read_variant_puzzle
from sudograph.generate import (
    check_cage_sizes,
    check_options,
    generate,
    generate_variant,
    is_minimal,
    killer_cages,
)
from sudograph.grid import Grid
from sudograph.logic import (
    ALREADY_COMPLETE,
    STALLED_SCORE,
    explain,
    find_steps,
    rate,
    solve_logically,
)
from sudograph.variants import Variant

LOGIC = sys.modules["sudograph.logic"]
ROOT = Path(__file__).parents[1]
KILLER = ROOT / "examples" / "variants" / "killer.txt"
SOLVED4 = "4231134224133124"
EASY4 = "4.3.1..42..3.1.."

Capture = pytest.CaptureFixture[str]


def partial_killer() -> Grid:
    """An empty 9×9 with the first 12 cages of examples/variants/killer.txt: logic stalls and
    the rating search runs its cage combinations (276 guesses to a first solution)."""
    grid = read_variant_puzzle(KILLER.read_text())
    assert grid.variant is not None
    return Grid(grid.box, (0,) * 81, "", Variant(("killer",), None, grid.variant.cages[:12]))


# -- 1. the rating's search is bounded by work, not by the clock ---------------------------------

FINISHING = [
    # (puzzle, rating as tdoku_hardest1106_50.txt lines 2 and 5 and a generated 16x16 had it
    # before the clock was replaced: a search that finishes is the same search)
    (
        "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
        (7.26, 1, 17),
    ),
    (
        "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8",
        (7.88, 2, 74),
    ),
    (
        "1.B..5E..8.GD.......DFG4..25C.........2..1C....3........7.....8F..2C1.5...3.A..9B.FD.E"
        "C..2....3..A..7......E....6.48F.......7.D...1B..4.2......78.........A...6.39....81E6G."
        "...5.4.....C.9F7......635...DC....72...AG.3.B4....1..B...7.A..96.CE.2.....D..E1..394",
        (7.77, 58, 58),
    ),
]


@pytest.mark.parametrize(("line", "expected"), FINISHING)
def test_ratings_that_finish_are_unchanged(line: str, expected: tuple[float, int, int]) -> None:
    r = rate(Grid.parse(line), check_unique=False)
    assert (r.score, r.steps, r.guesses, r.capped) == (*expected, False)


class _SlowClock:
    """A ``time`` module whose clock runs 10 s per reading: a very slow, loaded machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 10.0
        return self.now


@pytest.mark.parametrize("make", [lambda: Grid.parse(FINISHING[1][0]), partial_killer])
def test_the_rating_does_not_read_the_clock(monkeypatch: pytest.MonkeyPatch, make: object) -> None:
    """The search stopped at 5 s of the clock: the same killer rated 7.59 (38 guesses), then
    7.49 (30). On a clock that says 10 s pass at each reading, nothing changes now."""
    grid = make()  # type: ignore[operator]
    fast = rate(grid, check_unique=False)
    monkeypatch.setattr(LOGIC, "time", _SlowClock())
    assert rate(grid, check_unique=False) == fast and not fast.capped


@pytest.mark.parametrize("work", [2_000, 20_000, 60_000])
def test_a_capped_rating_is_the_same_every_time(monkeypatch: pytest.MonkeyPatch, work: int) -> None:
    """Cut by ``RATE_WORK`` (cells looked at, cage matchings included): capped, a lower bound
    of the full search's guesses, and the same on every run, clock or not."""
    grid = partial_killer()
    full = rate(grid, check_unique=False)
    monkeypatch.setattr(LOGIC, "RATE_WORK", work)
    first = rate(grid, check_unique=False)
    monkeypatch.setattr(LOGIC, "time", _SlowClock())
    assert rate(grid, check_unique=False) == first
    assert first.capped and first.guesses < full.guesses == 276
    assert first.score == round(STALLED_SCORE + LOGIC.math.log10(1 + first.guesses), 2)


def test_more_work_never_means_fewer_guesses(monkeypatch: pytest.MonkeyPatch) -> None:
    grid = partial_killer()
    seen = []
    for work in (1_000, 10_000, 100_000, 1_000_000):
        monkeypatch.setattr(LOGIC, "RATE_WORK", work)
        seen.append(rate(grid, check_unique=False).guesses)
    assert seen == sorted(seen) and seen[-1] == 276


def test_cage_matchings_count_as_work() -> None:
    """A cage combination's matchings add their cells to the state's work: a killer search
    that spends its time matching cages runs out of the same budget."""
    state = LOGIC._State(read_variant_puzzle(KILLER.read_text()))
    assert state.work == 0
    next(LOGIC._cage_combination(state))
    assert state.work > 0


def test_matching_is_a_perfect_matching() -> None:
    from itertools import permutations, product

    for masks in product(range(8), repeat=3):
        brute = any(all(m >> d & 1 for m, d in zip(masks, p, strict=True)) for p in
                    permutations(range(3)))  # fmt: skip
        assert LOGIC._matching(list(masks)) == brute, masks


def test_the_docs_name_the_work_budget() -> None:
    text = (ROOT / "docs" / "logic.md").read_text()
    assert "RATE_WORK" in text and f"{LOGIC.RATE_WORK:,}" in text
    assert "RATE_SECONDS`): a search" not in text  # the clock no longer bounds the rating


# -- 2. generate --json: "minimal" is a fact of the puzzle -----------------------------------------


@pytest.mark.parametrize(
    ("argv", "minimal"),
    [
        (["--seed", "2"], True),  # the removal went as far as uniqueness allows: minimal
        (["--seed", "2", "--minimal"], True),
        (["--seed", "1", "--clues", "30"], False),
        (["--size", "4", "--seed", "1", "--clues", "10"], False),
    ],
)
def test_generate_json_minimal_tells_the_truth(
    capsys: Capture, argv: list[str], minimal: bool
) -> None:
    assert main(["generate", *argv, "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    puzzle = Grid.parse(row["puzzle"], box=tuple(row["box"]))
    assert row["minimal"] is minimal is is_minimal(puzzle)


def test_the_same_puzzle_says_the_same_with_or_without_minimal(capsys: Capture) -> None:
    rows = []
    for extra in ([], ["--minimal"]):
        assert main(["generate", "--seed", "2", "--json", *extra]) == 0
        rows.append(json.loads(capsys.readouterr().out))
    assert rows[0] == rows[1]


def test_minimal_is_unknown_beyond_the_checked_sides() -> None:
    from sudograph.cli.cmd_generate import MINIMAL_CHECK_SIDE, _known_minimal

    big = Grid.empty(4)  # 16x16: not checked (16 s without numba)
    assert MINIMAL_CHECK_SIDE == 9 and _known_minimal(big, False) is None
    assert _known_minimal(big, True) is True


# -- 3. generate_variant(cage_sizes=...) checked -------------------------------------------------


@pytest.mark.parametrize(
    "sizes", [(5, 2), (0, 0), (0, 2), (1, 17), (1, 5), (True, 2), (2, 3, 4), "24", (2.0, 3), 3]
)
def test_bad_cage_sizes_are_refused(sizes: object) -> None:
    with pytest.raises(InvalidArgument, match=r"cage_sizes must be \(lo, hi\).*<= 4 cells"):
        generate_variant("killer", 2, cage_sizes=sizes, seed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="cage_sizes"):
        killer_cages(generate(2, seed=1), sizes, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("sizes", [(1, 1), (4, 4), [2, 3], (1, 4), None])
def test_good_cage_sizes_give_cages_of_those_sizes(sizes: tuple[int, int] | None) -> None:
    lo, hi = check_cage_sizes(sizes, 4)
    grid = generate_variant("killer", 2, cage_sizes=sizes, seed=1)
    assert grid.variant is not None
    assert all(len(cells) <= hi for cells, _ in grid.variant.cages)
    assert lo == 1 or any(len(cells) >= lo for cells, _ in grid.variant.cages)


@pytest.mark.parametrize(("box", "n"), [((1, 1), 1), ((1, 2), 2), ((1, 3), 3), ((3, 3), 9)])
def test_the_default_cage_sizes_fit_every_side(box: tuple[int, int], n: int) -> None:
    assert check_cage_sizes(None, n) == (min(2, n), min(4, n))
    assert generate_variant("killer", box, seed=1).variant is not None


def test_check_cage_sizes_accepts_numpy_ints() -> None:
    np = pytest.importorskip("numpy")
    assert check_cage_sizes((np.int64(2), np.int32(3)), 9) == (2, 3)


# -- 4. generate --regions MISSING-FILE ----------------------------------------------------------


@pytest.mark.parametrize("name", ["nonexist.regions", "sub/map.txt"])
def test_generate_names_a_missing_regions_file(capfd: Capture, tmp_path: Path, name: str) -> None:
    path = str(tmp_path / name)
    assert main(["generate", "--regions", path]) == 2
    err = capfd.readouterr().err
    assert f"--regions: no such file: {path!r} (nor is it a region map:" in err
    assert "region map has" in err


def test_generate_still_reads_an_inline_map_as_a_map(capfd: Capture) -> None:
    assert main(["generate", "--regions", "aabbaabbccddccdx"]) == 2
    err = capfd.readouterr().err
    assert "no such file" not in err and "region" in err


# -- 5. rate: complete grids and unrated rows left out of the mean --------------------------------


@pytest.mark.parametrize(
    ("rows", "summary"),
    [
        ([EASY4, SOLVED4], "1 puzzle: mean score 1.00 (left out: 1 complete grid)"),
        ([EASY4, EASY4], "2 puzzles: mean score 1.00"),
        ([SOLVED4, SOLVED4], "0 puzzles: no mean score (left out: 2 complete grids)"),
        (
            [EASY4, "1.3.....2...4..1", SOLVED4, "1x3." + "." * 12],
            "1 puzzle: mean score 1.00 (left out: 1 complete grid, 2 not rated)",
        ),
    ],
)
def test_rate_means_only_the_puzzles_rated(
    capfd: Capture, tmp_path: Path, rows: list[str], summary: str
) -> None:
    src = tmp_path / "p.txt"
    src.write_text("\n".join(rows) + "\n")
    main(["rate", str(src)])
    assert capfd.readouterr().out.splitlines()[-1] == summary


def test_rate_json_has_no_summary(capfd: Capture, tmp_path: Path) -> None:
    src = tmp_path / "p.txt"
    src.write_text(f"{EASY4}\n{SOLVED4}\n")
    assert main(["rate", str(src), "--json"]) == 0
    rows = [json.loads(x) for x in capfd.readouterr().out.splitlines()]
    assert [r["technique"] for r in rows] == ["naked single", "none"]


# -- 6. eliminations grouped: the digits leaving the same cells together --------------------------


def test_a_one_cell_cage_names_its_cell_once(capfd: Capture) -> None:
    main(["explain", str(KILLER)])  # every step (hint keeps those its placement needs)
    out = capfd.readouterr().out
    assert "which removes 2, 4, 5, 6, 7, 8, 9 from r9c4\n" in out
    assert "from r9c4; " not in out
    assert "removes 4, 8, 9 from r6c3, r6c4; 6 from r6c4" in out


@pytest.mark.parametrize(
    ("elims", "text"),
    [
        ([(0, 3), (1, 3), (2, 8)], "3 from r1c1, r1c2; 8 from r1c3"),
        ([(80, 2), (80, 4), (80, 9)], "2, 4, 9 from r9c9"),
        ([(0, 5), (1, 5), (1, 2), (0, 2), (2, 7)], "2, 5 from r1c2, r1c1; 7 from r1c3"),
        ([(1, 6), (0, 6), (0, 1)], "1 from r1c1; 6 from r1c2, r1c1"),
    ],
)
def test_elimination_text_groups_digits_by_cells(elims: list[tuple[int, int]], text: str) -> None:
    state = LOGIC._State(Grid.empty(3))
    assert LOGIC._elim_text(state, elims) == text


def test_a_naked_pair_writes_its_digits_together() -> None:
    grid = Grid.empty(3)
    cands = [set(range(1, 10)) for _ in grid.values]
    cands[0], cands[1] = {3, 5}, {3, 5}
    (step,) = [s for s in find_steps(grid, "naked pair", cands) if s.cells == (0, 1)][:1]
    assert "which removes 3, 5 from r1c3, r1c4, r1c5" in step.text
    assert step.eliminations  # the data are unchanged: (cell, digit) pairs


# -- 7. bool flags refuse anything but True or False ---------------------------------------------


@pytest.mark.parametrize("flag", ["no", 0, 1, None, 1.0])
def test_non_bool_flags_are_refused(flag: object) -> None:
    grid = Grid.parse(EASY4)
    with pytest.raises(InvalidArgument, match="check_unique must be True or False"):
        rate(grid, check_unique=flag)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="minimal must be True or False"):
        check_options(9, minimal=flag)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="minimal must be True or False"):
        generate(2, minimal=flag, seed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="killer must be True or False"):
        generate_variant("x", 2, killer=flag, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("flag", [True, False])
def test_bool_flags_are_taken(flag: bool) -> None:
    assert rate(Grid.parse(EASY4), check_unique=flag).score == 1.0
    assert check_options(9, minimal=flag) == "none"


# -- 8. a complete grid: explain says so, as hint does --------------------------------------------


def test_explain_says_a_complete_grid_is_complete(capfd: Capture) -> None:
    assert main(["explain", SOLVED4]) == 0
    out = capfd.readouterr().out.splitlines()
    assert out[0] == ALREADY_COMPLETE and "solved in 0 steps" not in "\n".join(out)
    assert main(["hint", SOLVED4]) == 0
    assert capfd.readouterr().out.strip() == ALREADY_COMPLETE


def test_explain_json_of_a_complete_grid_matches_hint(capfd: Capture) -> None:
    assert main(["explain", SOLVED4, "--json"]) == 0
    doc = json.loads(capfd.readouterr().out)
    assert doc == {"line": None, "solved": True, "steps": [], "grid": SOLVED4,
                   "why": ALREADY_COMPLETE}  # fmt: skip
    assert main(["hint", SOLVED4, "--json"]) == 0
    assert json.loads(capfd.readouterr().out)["why"] == doc["why"]


def test_explain_of_a_puzzle_still_counts_its_steps(capfd: Capture) -> None:
    assert main(["explain", EASY4, "--json"]) == 0
    assert json.loads(capfd.readouterr().out)["why"] is None
    assert main(["explain", EASY4]) == 0
    assert "solved in 9 steps:" in capfd.readouterr().out


def test_library_explain_of_a_complete_grid() -> None:
    assert explain(Grid.parse(SOLVED4)) == [ALREADY_COMPLETE]
    assert ALREADY_COMPLETE not in explain(Grid.parse(EASY4))
    assert solve_logically(Grid.parse(SOLVED4)).solved


# -- 9. generate --variant --json: the variant format, read back ----------------------------------


@pytest.mark.parametrize(
    ("variant", "extra"),
    [("x", []), ("killer", []), ("x", ["--minimal"]), ("windoku", ["--symmetry", "central"])],
)
def test_variant_json_rows_carry_the_classic_keys_and_read_back(
    capfd: Capture, tmp_path: Path, variant: str, extra: list[str]
) -> None:
    """Its rows are the variant JSON format plus the keys of a classic row (clues, seed,
    index, symmetry, minimal, rating), which the variant reader ignores: ``solve FILE``
    reads them back with their rules."""
    from sudograph.generate import is_minimal
    from sudograph.logic import rate

    out = tmp_path / "v.jsonl"
    assert main(["generate", "--variant", variant, "--size", "4", "--seed", "1", "--count", "2",
                 "--json", "-o", str(out), *extra]) == 0  # fmt: skip
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    meta = {"clues", "seed", "index", "symmetry", "minimal", "rating"}
    for k, (line, row) in enumerate(zip(out.read_text().splitlines(), rows, strict=True), 1):
        assert set(row) >= {"grid", "box", "variant"} | meta
        assert (row["seed"], row["index"], row["variant"]) == (1, k, variant)
        grid = read_variant_puzzle(line)
        assert grid.clues == row["clues"] and grid.to_line() == row["grid"]
        assert row["minimal"] is is_minimal(grid)
        assert row["rating"] == rate(grid, check_unique=False).as_dict()
        assert row["symmetry"] == ("central" if "central" in extra else "none")
        if "--minimal" in extra:
            assert row["minimal"] is True
    assert main(["solve", str(out)]) == 0


def test_a_misspelt_key_is_still_refused(tmp_path: Path, capfd: Capture) -> None:
    path = tmp_path / "v.json"
    path.write_text('{"grid": "1...............", "box": "2x2", "variant": "x", "sed": 1}\n')
    assert main(["solve", str(path)]) == 2
    assert "unknown key 'sed'" in capfd.readouterr().err


def test_the_generate_and_rate_json_keys_are_documented(capfd: Capture) -> None:
    section = (ROOT / "docs" / "formats.md").read_text()
    section = section.split("## `generate` and `rate` rows (JSON)")[1].split("\n## ")[0]
    assert main(["generate", "--size", "4", "--seed", "1", "--json"]) == 0
    row = json.loads(capfd.readouterr().out)
    assert main(["rate", row["puzzle"], "--json"]) == 0
    keys = set(row) | set(row["rating"]) | set(json.loads(capfd.readouterr().out))
    assert all(f"`{k}`" in section for k in keys), keys
