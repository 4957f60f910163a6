"""Grid: parsing and writing in every format, alphabets, and the rules."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument, InvalidPuzzle, ParseError
from sudograph.graph import sudoku_graph
from sudograph.grid import (
    ALPHABETS_16,
    FORBIDDEN_SYMBOLS,
    SYMBOLS,
    Conflict,
    Grid,
    box_for,
    cell_name,
    default_alphabet,
    parse_box,
)
from sudograph.problem import is_proper_coloring

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "variants"

SHAPES = [(1, 1), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 4), (5, 5)]
FORMATS = ["line", "boxed", "lists", "json"]
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def pattern_solution(br: int, bc: int) -> Grid:
    """A complete valid grid from the classic shifting pattern."""
    n = br * bc
    values = [(bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n)]
    return Grid((br, bc), tuple(values))


@st.composite
def grids(draw: st.DrawFn, shapes: list[tuple[int, int]] = SHAPES) -> Grid:
    """Any grid (rules not enforced) with a default or a drawn alphabet."""
    br, bc = draw(st.sampled_from(shapes))
    n = br * bc
    if n <= 6:
        values = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    else:  # big grids: values from a drawn seed (fast), with a drawn share of empty cells
        rng = random.Random(draw(st.integers(0, 2**32)))
        empty = draw(st.floats(0, 1))
        values = [0 if rng.random() < empty else rng.randint(1, n) for _ in range(n * n)]
    if n == 16:
        alphabet = draw(st.sampled_from(ALPHABETS_16))
    else:
        safe = sorted({ch for ch in SYMBOLS + "!?*" if ch not in FORBIDDEN_SYMBOLS})
        alphabet = draw(st.sampled_from(["", "".join(draw(st.permutations(safe))[:n])]))
    return Grid((br, bc), tuple(values), alphabet)


# -- parsing ----------------------------------------------------------------------------------
@pytest.mark.parametrize("empty", list(".0_-"))
def test_one_line_empty_marks(empty: str) -> None:
    g = Grid.parse(EASY.replace(".", empty))
    assert g.box == (3, 3) and g.clues == 32
    assert g.to_line() == EASY


def test_one_line_numbers_with_spaces() -> None:
    g = Grid.parse(" ".join("0" if ch == "." else ch for ch in EASY))
    assert g.to_line() == EASY
    g16 = Grid.parse(" ".join(["16", "0"] + ["0"] * 254))
    assert g16.values[0] == 16 and g16.n == 16


def test_boxed_like_the_seeds() -> None:
    text = """
    # grid from a course, boxed, 0 for empty
    +-------+-------+-------+
    | 0 0 3 | 0 2 0 | 6 0 0 |
    | 9 0 0 | 3 0 5 | 0 0 1 |
    | 0 0 1 | 8 0 6 | 4 0 0 |
    +-------+-------+-------+
    | 0 0 8 | 1 0 2 | 9 0 0 |
    | 7 0 0 | 0 0 0 | 0 0 8 |
    | 0 0 6 | 7 0 8 | 2 0 0 |
    +-------+-------+-------+
    | 0 0 2 | 6 0 9 | 5 0 0 |
    | 8 0 0 | 2 0 3 | 0 0 9 |
    | 0 0 5 | 0 1 0 | 3 0 0 |
    +-------+-------+-------+
    """
    assert Grid.parse(text).to_line() == EASY


def test_rows_without_rulers_and_lists() -> None:
    rows = [EASY[i : i + 9] for i in range(0, 81, 9)]
    assert Grid.parse("\n".join(rows)).to_line() == EASY
    lists = [[0 if ch == "." else int(ch) for ch in row] for row in rows]
    assert Grid.parse(lists) == Grid.from_lists(lists) == Grid.parse(EASY)
    assert Grid.parse("M = " * 0 + json.dumps(lists)).to_line() == EASY
    assert Grid.parse("# seeds\n" + json.dumps(lists, indent=1)).to_line() == EASY


def test_non_square_side_needs_box() -> None:
    line = "1.....2.....3.....4.....5.....6....."
    with pytest.raises(ParseError, match=r"give the box shape \(rows x columns\), e\.g\. 2x3$"):
        Grid.parse(line)
    assert Grid.parse(line, box=(2, 3)).box == (2, 3)
    assert Grid.parse(line, box=(3, 2)).box == (3, 2)


@pytest.mark.parametrize("alphabet", ALPHABETS_16)
def test_16x16_conventions_are_recognised(alphabet: str) -> None:
    g = pattern_solution(4, 4)
    g = Grid(g.box, tuple(0 if i % 3 == 0 else d for i, d in enumerate(g.values)), alphabet)
    for fmt in ("line", "boxed", "json"):
        back = Grid.parse(g.format(fmt))
        assert back.alphabet == alphabet
        assert back == g


@pytest.mark.parametrize("alphabet", ALPHABETS_16)
def test_16x16_solved_grids_are_recognised(alphabet: str) -> None:
    g = Grid((4, 4), pattern_solution(4, 4).values, alphabet)
    assert Grid.parse(g.to_line()) == g
    assert Grid.parse(g.to_boxed()) == g


def test_16x16_lower_case_and_explicit_alphabet() -> None:
    g = pattern_solution(4, 4)
    assert Grid.parse(g.to_line().lower()) == g
    h = Grid.parse(g.to_line(), alphabet="123456789ABCDEFG")
    assert h == g
    with pytest.raises(ParseError, match="unknown character 'G'"):
        Grid.parse(g.to_line(), alphabet="0123456789ABCDEF")


def test_default_alphabets() -> None:
    assert default_alphabet(9) == "123456789"
    assert default_alphabet(16) == "123456789ABCDEFG"
    assert default_alphabet(25) == "123456789ABCDEFGHIJKLMNOP"
    assert len(default_alphabet(64)) == 64 == len(set(default_alphabet(64)))


@given(grids())
def test_round_trip_every_format(g: Grid) -> None:
    box = None if g.box == box_guess(g.n) else g.box
    for fmt in ("line", "boxed"):
        text = g.format(fmt)
        assert Grid.parse(text, box=box, alphabet=g.alphabet) == g, (fmt, text)
        if g.alphabet == default_alphabet(g.n) and "0" not in g.alphabet:
            assert Grid.parse(text, box=box) == g, (fmt, text)
    assert Grid.parse(g.format("json")) == g  # the json format carries box and alphabet
    lists = g.format("lists")
    assert Grid.parse(lists, box=g.box, alphabet=g.alphabet) == g
    assert Grid.parse(g.to_lists(), box=g.box, alphabet=g.alphabet) == g
    assert eval(repr(g), {"Grid": Grid}) == g


def box_guess(n: int) -> tuple[int, int] | None:
    try:
        return box_for(n)
    except InvalidArgument:
        return None


@given(grids(shapes=[(3, 3), (2, 2), (2, 3)]))
def test_rules_agree_with_the_graph(g: Grid) -> None:
    clashes = g.conflicts()
    pre = g.values
    graph = sudoku_graph(*g.box)
    clash_edges = [(u, v) for u, v in graph.edges() if pre[u] and pre[u] == pre[v]]
    assert bool(clashes) == bool(clash_edges)
    for c in clashes:
        assert len(c.cells) >= 2 and all(g.values[i] == c.value for i in c.cells)
    assert g.empty_cells() == [i for i, d in enumerate(pre) if d == 0]
    for i in g.empty_cells():
        used = {pre[j] for j in graph.neighbors[i]}
        assert set(g.candidates(i)) == set(range(1, g.n + 1)) - used
    if clashes:
        with pytest.raises(InvalidPuzzle, match="clashing clues"):
            _ = g.problem
    else:
        p = g.problem
        assert (p.graph, p.k, p.precolouring) == (graph, g.n, g.values)


@pytest.mark.parametrize(("br", "bc"), [(1, 1), (2, 2), (2, 3), (3, 2), (3, 3), (4, 4), (5, 5)])
def test_complete_grid_and_solution_of(br: int, bc: int) -> None:
    sol = pattern_solution(br, bc)
    assert is_proper_coloring(sol.graph, sol.values, sol.n)
    assert sol.is_complete() and not sol.conflicts() and sol.empty_cells() == []
    puzzle = sol.with_values(d if i % 2 else 0 for i, d in enumerate(sol.values))
    assert not puzzle.is_complete()
    assert sol.is_solution_of(puzzle)
    assert sol.is_solution_of(sol)
    if sol.n > 1:
        other = sol.with_values(d % sol.n + 1 for d in sol.values)  # digits relabelled
        assert other.is_complete()
        assert not other.is_solution_of(sol)
        swapped = list(sol.values)
        swapped[0], swapped[1] = swapped[1], swapped[0]
        assert not sol.with_values(swapped).is_complete()


def test_conflicts_name_house_value_cells() -> None:
    g = Grid.parse("11.." + "...." + "1..." + "....")
    assert g.conflicts() == [
        Conflict("row 1", 1, (0, 1)),
        Conflict("column 1", 1, (0, 8)),
        Conflict("box 1", 1, (0, 1)),
    ]
    assert g.conflicts()[0].describe(4) == "row 1: 1 at r1c1, r1c2"
    assert cell_name(10, 9) == "r2c2"


def test_candidates_and_indexing() -> None:
    g = Grid.parse(EASY)
    assert g[(0, 2)] == 3 == g[2]
    assert g.candidates((0, 2)) == ()
    assert g.candidates((0, 0)) == (4, 5)
    with pytest.raises(InvalidArgument):
        g.candidates((9, 0))
    with pytest.raises(InvalidArgument):
        g.index(81)


@pytest.mark.parametrize(
    ("text", "kwargs", "message"),
    [
        ("1" * 80, {}, "wrong length: 80 cells"),
        ("12x4" + "." * 12, {}, "1:3: unknown character 'x'"),
        ("." * 36, {}, "side 6 is not a square"),
        (
            "." * 36,
            {"box": (2, 2)},
            "box 2x2 does not fit a 6x6 grid (36 cells; box 2x2 makes a 4x4 grid, 16 cells)",
        ),
        ("." * 65 * 65, {}, "wrong length"),
        ("1234" * 4, {"alphabet": "12"}, "alphabet '12' must have 4 distinct symbols"),
        ("abcd" * 4, {"alphabet": "ab.d"}, "reserved"),
        ("", {}, "no grid"),
        ("# only a comment\n\n", {}, "no grid"),
        ("[[1, 0], [0]]", {}, "row 2 has 1 value,"),
        ("[[1, 0], [0, 3]]", {}, "value 3 is not in 0..2"),
        ("[[1, 0], [0, 1]", {}, "bad list syntax"),
        ('{"rows": [[1]], "box": "x"}', {}, "bad box"),
        ("1 2 3", {}, "3 values is not a square"),
        ("1 0 0 5", {}, "side 2 is not a square"),
        ("1 . . 9" + " ." * 12, {}, "value 9 is outside 0..4"),
        ("1 2 3 4\n1 2 3 4\n|1 2 | 3\n1 2 3 4", {}, "3:9: row has 3 cells, expected 4"),
    ],
)
def test_parse_errors(text: str, kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Grid.parse(text, **kwargs)  # type: ignore[arg-type]


def test_constructor_checks() -> None:
    with pytest.raises(InvalidArgument, match="values for a 4x4"):
        Grid((2, 2), (0,) * 15)
    with pytest.raises(InvalidArgument, match=r"outside 0\.\.4"):
        Grid((2, 2), (5,) + (0,) * 15)
    with pytest.raises(InvalidArgument, match=r"outside 1\.\.64"):
        Grid((9, 8), ())


@pytest.mark.parametrize(
    ("text", "box"), [("2x3", (2, 3)), ("3X2", (3, 2)), ("4,4", (4, 4)), ("2×4", (2, 4))]
)
def test_parse_box(text: str, box: tuple[int, int]) -> None:
    assert parse_box(text) == box


def test_parse_box_rejects() -> None:
    with pytest.raises(InvalidArgument):
        parse_box("big")


def test_printing() -> None:
    g = Grid.parse("1.3.....2...4..1")
    assert str(g) == g.to_boxed()
    assert g.to_boxed().splitlines()[1] == "| 1 . | 3 . |"
    assert json.loads(g.format("json"))["rows"][0] == [1, 0, 3, 0]
    assert g.to_line(empty="0") == "1030000020004001"
    with pytest.raises(InvalidArgument, match="unknown format"):
        g.format("xml")
    assert repr(Grid.parse("." * 36, box=(2, 3))).endswith("box=(2, 3))")


SIMPLE_SUDOKU = """*-----------*
|..3|.2.|6..|
|9..|3.5|..1|
|..1|8.6|4..|
|---+---+---|
|..8|1.2|9..|
|7..|...|..8|
|..6|7.8|2..|
|---+---+---|
|..2|6.9|5..|
|8..|2.3|..9|
|..5|.1.|3..|
*-----------*"""


def test_simple_sudoku_ss_and_sdk_layouts() -> None:
    assert Grid.parse(SIMPLE_SUDOKU).to_line() == EASY
    sdk = "\n".join(EASY[i : i + 9] for i in range(0, 81, 9))
    assert Grid.parse("#A a comment\n" + sdk).to_line() == EASY
    assert Grid.parse("12|..\n..|..\n..|..\n..|.1").to_line() == "12.............1"
    bad = SIMPLE_SUDOKU.replace("|7..|", "|7.x|")
    with pytest.raises(ParseError, match=r"^7:4: unknown character 'x'"):
        Grid.parse(bad)


@pytest.mark.parametrize(
    "name", ["x", "jigsaw", "killer", "killer_4x4", "jigsaw_6x6", "x_anti-king", "windoku"]
)
def test_to_json_round_trips_with_the_variant(name: str) -> None:
    """``Grid.parse`` reads ``to_json``'s object back, as a dict or as JSON text, with the
    variant's rules (regions and cages included)."""
    from sudograph.formats.variant import read_variant_puzzle

    grid = read_variant_puzzle((EXAMPLES / f"{name}.txt").read_text())
    doc = grid.to_json()
    for back in (Grid.parse(doc), Grid.parse(json.dumps(doc))):
        assert back == grid
        assert back.variant == grid.variant
    assert "variant" not in Grid.parse(EASY).to_json()
    assert Grid.parse(Grid.parse(EASY).to_json()) == Grid.parse(EASY)


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"rows": [[0] * 4] * 4, "variant": "nope"}, "unknown variant 'nope'"),
        ({"rows": [[0] * 4] * 4, "variant": "jigsaw"}, "region"),
        ({"rows": [[0] * 4] * 4, "variant": "killer", "cages": 3}, "'cages' is a list"),
        ({"rows": 3}, "expected a list of rows"),
    ],
)
def test_a_bad_json_object_is_a_parse_error(doc: dict[str, object], message: str) -> None:
    with pytest.raises(ParseError, match=message) as info:
        Grid.parse(doc)
    assert info.value.line is None  # no place in a text the caller never wrote


@pytest.mark.parametrize(
    "text",
    [
        "1234 3412 2143 4321",
        "1234\t3412\t2143\t4321",
        "  1234  3412 2143 4321 ",
        "12.4 3412 2143 4321",
    ],
)
def test_rows_on_one_line_separated_by_blanks(text: str) -> None:
    """N rows of N symbols on one line, separated by blanks, read as the grid they write."""
    assert Grid.parse(text).to_line() == "".join(text.split())


@pytest.mark.parametrize(
    "grid",
    [
        Grid((1, 1), (1,), "*"),
        Grid((1, 2), (1, 1, 2, 2), "*!"),
        Grid((2, 2), (1, 1, 1, 1) + (0,) * 12, "*ABC"),
    ],
    ids=["1x1", "row of stars", "4x4"],
)
def test_a_row_of_star_symbols_is_no_ruler(grid: Grid) -> None:
    """'*' may be a symbol (and is a ruler character): a boxed row written only with it, as
    ``| * |``, was skipped as a ruler (found by hypothesis in CI: the 1x1 grid '*')."""
    text = grid.format("boxed")
    assert Grid.parse(text, box=grid.box, alphabet=grid.alphabet) == grid, text
