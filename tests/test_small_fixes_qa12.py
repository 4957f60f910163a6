"""Fixes of the session of 2026-11-28 (third): items left alone by earlier notes and found by
its QA rounds."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import sudograph
from sudograph.cli import main
from sudograph.errors import InvalidArgument, ParseError
from sudograph.formats.variant import looks_like_variant
from sudograph.grid import Grid

EMPTY4 = "." * 16
SRC = Path(__file__).resolve().parent.parent / "src"
SAMPLE = Path(__file__).resolve().parent.parent / "examples" / "sample.txt"


def _cli(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capfd.readouterr()
    return code, out, err


# -- a key that is no key of the text variant format, before a key that is ---------------------

UNKNOWN_KEYS = [  # (file, line, column, word): was, on line 1, 'side 2 is not a square'
    (f"bax: 2x2\ngrid: {EMPTY4}\n", 1, 1, "bax"),
    (f"# a comment\nSize : 4\nvariant: x\ngrid: {EMPTY4}\n", 2, 1, "Size"),
    (f"box: 2x2\n  bax: 3\ngrid: {EMPTY4}\n", 2, 3, "bax"),  # was 'unexpected line'
    (f"grid: {EMPTY4}\nsize: 4\n", 2, 1, "size"),
]


@pytest.mark.parametrize(("text", "line", "column", "word"), UNKNOWN_KEYS)
def test_an_unknown_key_is_named_with_the_keys_there_are(
    text: str,
    line: int,
    column: int,
    word: str,
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "p.txt"
    path.write_text(text)
    code, out, err = _cli(capfd, "solve", str(path))
    assert (code, out) == (2, "")
    keys = "variant, box, alphabet, grid, regions, cages"
    where = f"{path}:{line}:{column}"
    assert err == f"sudograph: error: {where}: unknown key '{word}:' (the keys: {keys})\n"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("bax: 2x2\ngrid: 1...", "text"),
        ("size: 4\n\n# c\nvariant: x\ngrid: 1...", "text"),
        ("Grids: 2\n1.3.....2...4..1\n", None),  # a plain file's header: no key after it
        ("Grids: 2\n1.3.....2...4..1\n2.3.....1...4..1\n", None),
        ("1.3.....2...4..1\ngrid: 1...", None),  # a puzzle line first: plain
    ],
)
def test_which_inputs_are_the_text_variant_format(text: str, kind: str | None) -> None:
    assert looks_like_variant(text) == kind


def test_a_plain_file_with_a_header_line_is_still_read_as_plain(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text("Grids: 1\n1.3.....2...4..1\n")
    code, out, err = _cli(capfd, "solve", str(path))
    assert code == 2  # the header is a bad line, reported and skipped; the puzzle solved
    assert out.splitlines()[1] == "1234341221434321"
    assert f"{path}:1:" in err and "unknown key" not in err


# -- a side that is not a square, with a token that no side reads: the token is the fault ------

SIDE_FAULTS = [  # (puzzle, error): was 'side 2 is not a square: give the box shape ...'
    ("1 2 x 4", "<puzzle>:1:5: unknown character 'x' (expected one of 12 or .0_- for empty)"),
    ("hello world foo bar", "<puzzle>:1:1: unknown value 'hello'"),
    (
        "1 2 3 4 5 6 7 8 x",
        "<puzzle>:1:17: unknown character 'x' (expected one of 123 or .0_- for empty)",
    ),
    # numbers fit a larger side: the side's fault, as before
    (
        "1 0 0 5",
        "<puzzle>:1: side 2 is not a square: give the box shape (rows x columns), e.g. 1x2",
    ),
    (
        "1 2 2 1",
        "<puzzle>:1: side 2 is not a square: give the box shape (rows x columns), e.g. 1x2",
    ),
]


@pytest.mark.parametrize(("puzzle", "error"), SIDE_FAULTS)
def test_a_token_that_no_box_would_mend_is_named_before_the_side(
    puzzle: str, error: str, capfd: pytest.CaptureFixture[str]
) -> None:
    assert _cli(capfd, "check", puzzle) == (2, "", f"sudograph: error: {error}\n")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("12?4", "1:3: unknown character '?'"),
        ("12345678x", "1:9: unknown character 'x'"),
        ("123456789", "1: side 3 is not a square"),
    ],
)
def test_one_word_lines_too(line: str, message: str) -> None:
    with pytest.raises(ParseError) as info:
        Grid.parse(line)
    assert str(info.value).startswith(message)


def test_with_a_box_given_the_values_are_judged_on_its_side(
    capfd: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _cli(capfd, "check", "1 2 x 4", "--box", "1x2")
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: {SIDE_FAULTS[0][1]}\n"


# -- a DIMACS graph where puzzles are read: one line; `info -` and `draw -` read the graph ------

TRIANGLE = "c a triangle\nc (three vertices)\n\np edge 3 3\ne 1 2\ne 2 3\ne 3 1\n"


def _refusal(name: str, command: str) -> str:
    return (
        f"sudograph: error: {name}: a DIMACS graph (its 'p edge' line); {command} takes "
        "puzzles, not graphs (colour a graph with sudograph color or chromatic)\n"
    )


PUZZLE_COMMANDS = ["solve", "count", "check", "rate", "hint", "explain", "show", "bench"]


@pytest.mark.parametrize("command", PUZZLE_COMMANDS)
def test_a_dimacs_file_given_for_puzzles_is_refused_in_one_line(
    command: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Was: one error a line of the graph (``2 values is not a square number of cells``...)."""
    path = tmp_path / "tri.txt"  # told by its content, not its name
    path.write_text(TRIANGLE)
    assert _cli(capfd, command, str(path)) == (2, "", _refusal(str(path), command))


@pytest.mark.parametrize("command", [*PUZZLE_COMMANDS, "solve --workers 1", "count --workers 1"])
def test_a_dimacs_graph_on_standard_input_is_refused_in_one_line(command: str) -> None:
    """On a real pipe, its comments arriving first: the head is read up to the problem line
    and put back (nothing lost for a puzzle input, tested below)."""
    name, *options = command.split()
    proc = _run([name, "-", *options], TRIANGLE)
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", _refusal("<stdin>", name))


def _run(argv: list[str], data: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run(
        [sys.executable, "-m", "sudograph", *argv],
        input=data,
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )


def test_info_and_draw_read_a_graph_from_standard_input(tmp_path: Path) -> None:
    """``info -`` (its usage says GRAPH or ``-``) read the graph as puzzles: 5 errors."""
    proc = _run(["info", "-", "--json"], TRIANGLE)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "graph": "<stdin>",
        "vertices": 3,
        "edges": 3,
        "degree": {"min": 2, "max": 2},
        "houses": 0,
    }
    svg = tmp_path / "tri.svg"
    proc = _run(["draw", "-", "--colors", "3", "--svg", str(svg)], TRIANGLE)
    assert proc.returncode == 0, proc.stderr
    assert svg.read_text().count("<circle") == 3


@pytest.mark.parametrize(
    ("command", "rows"),
    [
        ("info", [r"line 1: 32 clues", r"line 2: 30 clues", r"line 3: 28 clues"]),
        ("check", [r"line 1: valid, 32 clues", r"line 2: valid, 30", r"line 3: valid, 28"]),
        ("solve", [r"[1-9]{81}"] * 3),
    ],
)
def test_puzzles_on_standard_input_are_still_read(command: str, rows: list[str]) -> None:
    """The head peeked at to tell a graph is put back: every puzzle is read."""
    lines = SAMPLE.read_text().splitlines()[:3]
    proc = _run([command, "-"], "".join(line + "\n" for line in lines))
    assert proc.returncode == 0, proc.stderr
    found = [line for line in proc.stdout.splitlines() if not line.startswith(" ")]
    if command == "info":
        found = found[-3:]  # after the graph's figures
    for row, pattern in zip(found, rows, strict=False):
        assert re.match(pattern, row), (row, pattern)
    assert len([r for r in found if r.startswith("line ") or len(r) == 81]) == 3


# -- is_solution_of judges by the puzzle's rules; Grid.parse(obj, variant=) adds to the object's

VARIANTS = Path(__file__).resolve().parent.parent / "examples" / "variants"


def _killer4() -> Grid:
    from sudograph.formats.variant import read_variant_puzzle

    return read_variant_puzzle((VARIANTS / "killer_4x4.txt").read_text())


@pytest.mark.parametrize(
    ("answer", "puzzle", "expected"),
    [
        # was True: the answer read as a plain grid was judged by its own (no) rules
        ("1234341221434321", ("1" + "." * 15, "x"), False),
        ("1234341221434321", ("1" + "." * 15, None), True),
        ("1234341221434321", ("2" + "." * 15, None), False),  # a clue not kept
        ("1234341221434321", ("12..", None), False),  # another shape (2x2, boxes 1x2)
    ],
)
def test_is_solution_of_judges_by_the_puzzle_s_rules(
    answer: str, puzzle: tuple[str, str | None], expected: bool
) -> None:
    text, variant = puzzle
    box = (1, 2) if len(text) == 4 else None
    assert Grid.parse(answer).is_solution_of(Grid.parse(text, box=box, variant=variant)) is expected


def test_is_solution_of_a_killer_reads_its_cages() -> None:
    killer = _killer4()
    solution = sudograph.solve(killer).grid
    assert solution is not None and Grid.parse(solution.to_line()).is_solution_of(killer)
    # a Latin square with 2x2 boxes that misses the cages (was True)
    wrong = Grid.parse("3124421324311342")
    assert wrong.is_complete() and not wrong.is_solution_of(killer)


def test_parse_with_a_variant_adds_to_the_rules_of_a_json_object() -> None:
    killer = _killer4()
    both = Grid.parse(killer.to_json(), variant="x")  # was: the cages dropped, x alone
    assert both.variant is not None
    assert both.variant.names == ("killer", "x") and both.variant.cages == killer.variant.cages
    assert Grid.parse(killer.to_json(), variant="").variant == killer.variant
    with pytest.raises(ParseError, match="has its own cages, as the one given has"):
        Grid.parse(killer.to_json(), variant=killer.variant)


def test_show_candidates_of_a_jigsaw_draws_its_regions(capfd: pytest.CaptureFixture[str]) -> None:
    """Was: the 2x3 boxes' rulers, which are no rule of the puzzle."""
    path = str(VARIANTS / "jigsaw_6x6.txt")
    code, plain, _ = _cli(capfd, "show", path)
    assert code == 0
    code, marked, _ = _cli(capfd, "show", path, "--candidates")
    assert code == 0
    assert marked.splitlines()[2] == "|                   +-------------------+                   |"

    assert _borders(marked) == _borders(plain)  # the same borders as without marks


def _borders(text: str) -> list[str]:
    """The borders of boxed text, line by line, the cells and widths aside."""
    return [re.sub("-+", "-", re.sub(r"[^|+-]", "", line)) for line in text.splitlines()]


# -- read_fpuzzles takes the box as read_variant_puzzle does; generate_variant's cage_sizes ------

FPUZZLES4 = json.dumps(
    {"size": 4, "grid": [[{"value": 1, "given": True}, {}, {}, {}]] + [[{}, {}, {}, {}]] * 3}
)


@pytest.mark.parametrize("box", ["2x2", 2, (2, 2), [2, 2]])
def test_read_fpuzzles_takes_any_form_of_a_box(box: object) -> None:
    """Was: TypeError for "2x2" and 2."""
    from sudograph.formats.variant import read_fpuzzles

    assert read_fpuzzles(FPUZZLES4, box=box).box == (2, 2)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("box", "message"),
    [
        ("junk", "box shape 'junk' is not of the form RxC"),
        (0, "box shape must be positive"),
        (3, "box 3x3 does not fit a 4x4 grid"),
    ],
)
def test_read_fpuzzles_refuses_a_bad_box_with_a_parse_error(box: object, message: str) -> None:
    from sudograph.formats.variant import read_fpuzzles

    with pytest.raises(ParseError, match=message):
        read_fpuzzles(FPUZZLES4, box=box)  # type: ignore[arg-type]


def test_cage_sizes_without_a_killer_are_refused() -> None:
    """Was: ignored without a word (an x puzzle without cages)."""
    from sudograph.errors import InvalidArgument
    from sudograph.generate import generate_variant

    with pytest.raises(InvalidArgument, match="name 'killer' in the variant"):
        generate_variant("x", 2, cage_sizes=(2, 3), seed=1)
    made = generate_variant("x+killer", 2, cage_sizes=(2, 3), seed=1)
    assert made.variant is not None and made.variant.cages
    assert all(2 <= len(cells) <= 3 for cells, _ in made.variant.cages)


# -- a variant puzzle written inline is read as a file in its format; Grid.parse says what it is

X_TEXT = "variant: x\ngrid: 1...............\n"
X_JSON = json.dumps({"grid": "1" + "." * 15, "variant": "x"})


@pytest.mark.parametrize("puzzle", [X_TEXT, X_JSON], ids=["text", "json"])
def test_a_variant_puzzle_inline_is_read_with_its_rules(
    puzzle: str, capfd: pytest.CaptureFixture[str]
) -> None:
    """Was: 'side ...'/'3 rows of 2 cells' for the text, 'a grid object needs a 'rows' key'
    for the JSON."""
    code, out, err = _cli(capfd, "count", puzzle)
    assert (code, out, err) == (0, "12 solutions\n", "")  # an empty x 4x4 has 48
    code, out, err = _cli(capfd, "solve", puzzle, "--format", "line")
    assert code == 0 and err == ""
    assert Grid.parse(out.strip()).is_solution_of(Grid.parse("1" + "." * 15, variant="x"))


@pytest.mark.parametrize(
    ("puzzle", "error"),
    [
        (
            "varaint: x\ngrid: 1...............",
            "<puzzle>:1:1: unknown key 'varaint:': did you mean 'variant:'?",
        ),
        (X_TEXT + "\n" + X_TEXT, "<puzzle>: 2 puzzles written inline: write them to a file (or -)"),
    ],
)
def test_a_bad_variant_puzzle_inline_is_one_line(
    puzzle: str, error: str, capfd: pytest.CaptureFixture[str]
) -> None:
    assert _cli(capfd, "solve", puzzle) == (2, "", f"sudograph: error: {error}\n")


def test_grid_parse_names_the_variant_text_format() -> None:
    with pytest.raises(
        ParseError, match=r"^2:1: a puzzle in the variant text format .*read_variant_puzzle"
    ):
        Grid.parse("# an x puzzle\n" + X_TEXT)


# -- a grid written over several lines is numbered by its first line, not a comment above it ----

BOXED_WITH_HEADINGS = """\
+-----+-----+
| 1 . | . . |
| . . | . . |
+-----+-----+
| . . | . . |
| . . | . . |
+-----+-----+

# second puzzle
# from the book
+-----+-----+
| 1 1 | . . |
| . . | . . |
+-----+-----+
| . . | . . |
| . . | . . |
+-----+-----+
"""


@pytest.mark.parametrize("options", [[], ["--json"]])
def test_a_grid_is_numbered_by_its_first_line_not_its_heading(
    options: list[str], tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Was: line 9, the first comment above the second grid, where its clash is at 11:4."""
    path = tmp_path / "boxed.txt"
    path.write_text(BOXED_WITH_HEADINGS)
    code, out, _ = _cli(capfd, "check", str(path), *options)
    assert code == 1
    if options:
        assert [json.loads(row)["line"] for row in out.splitlines()] == [1, 11]
    else:
        assert out.splitlines()[1].startswith("line 11: 2 conflicts: row 1: 1 at r1c1, r1c2")


def test_a_fault_in_a_headed_grid_is_placed_in_the_file(tmp_path: Path) -> None:
    from sudograph.formats.puzzles import iter_grids

    path = tmp_path / "boxed.txt"
    path.write_text(
        BOXED_WITH_HEADINGS.replace(
            "| . . | . . |\n+-----+-----+\n", "| . x | . . |\n+-----+-----+\n", 3
        )
    )
    items = list(iter_grids(path, name="b.txt"))
    assert [no for no, _ in items] == [1, 11]
    fault = items[1][1]
    assert isinstance(fault, ParseError) and str(fault).startswith("b.txt:13:")


# -- color --itermax: the randomized methods' attempts, as solve takes them -------------------

GRAPHS = Path(__file__).resolve().parent / "data" / "graphs"


def test_color_itermax_reaches_the_randomized_methods(capfd: pytest.CaptureFixture[str]) -> None:
    """Was: 'unrecognized arguments: --itermax' (a run 'stopped (itermax)' could not be given
    more attempts)."""
    path = GRAPHS / "miles250.col"  # chromatic number 8: one greedy attempt misses it
    args = ("color", str(path), "-k", "8", "-m", "greedy", "--seed", "1", "--json")
    code, out, _ = _cli(capfd, *args, "--itermax", "1")
    row = json.loads(out)
    assert (code, row["status"], row["reason"]) == (1, "stopped", "itermax")
    code, out, _ = _cli(capfd, *args, "--itermax", "3000")
    row = json.loads(out)
    assert (code, row["status"]) == (0, "solved")
    edges = [
        tuple(map(int, line.split()[1:]))
        for line in path.read_text().splitlines()
        if line.startswith("e ")
    ]
    colours = row["coloring"]
    assert all(colours[u - 1] != colours[v - 1] for u, v in edges) and max(colours) <= 8


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["-m", "naive"], "--itermax: method 'naive' draws no random numbers"),
        (["--greedy", "dsatur"], "--greedy is one greedy pass: --itermax applies to a search"),
    ],
)
def test_color_itermax_where_nothing_is_randomized_is_refused(
    options: list[str], message: str, capfd: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _cli(capfd, "color", "petersen", "-k", "3", "--itermax", "5", *options)
    assert (code, out) == (2, "") and err.startswith(f"sudograph: error: {message}")


# -- clashing clues of one puzzle: placed alike by every command ---------------------------------

CLASH_LINE = "1234341221434312"
CLASH_MESSAGE = "clashing clues: column 3: 1 at r2c3, r4c3; column 4: 2 at r2c4, r4c4"


@pytest.mark.parametrize(
    "argv",
    [
        ["solve"],
        ["solve", "--format", "line", "-o", "{tmp}/o.txt"],
        ["count"],
        ["rate"],
        ["draw", "--svg", "{tmp}/x.svg"],
        ["visualize", "-o", "{tmp}/x.html"],
    ],
    ids=lambda argv: " ".join(argv[:1] + [a for a in argv[1:] if a.startswith("-")]),
)
@pytest.mark.parametrize("given", ["inline", "file"])
def test_clashing_clues_are_placed_by_every_command(
    argv: list[str], given: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Was: 'clashing clues: ...' without its place from solve, draw and visualize (inline),
    and from draw and visualize (a file), where count and rate said '<puzzle>:'."""
    source = CLASH_LINE
    place = "<puzzle>"
    if given == "file":
        path = tmp_path / "clash.txt"
        path.write_text(f"# one puzzle\n{CLASH_LINE}\n")
        source, place = str(path), f"{path}:2"
    command, *options = (a.replace("{tmp}", str(tmp_path)) for a in argv)
    code, _, err = _cli(capfd, command, source, *options)
    assert code == 2
    assert f"sudograph: error: {place}: {CLASH_MESSAGE}" in err.splitlines()


def test_draw_takes_color_s_default_method_for_a_graph(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Was: "unknown method 'auto'" (color's default, which a user copies)."""
    svg = tmp_path / "p.svg"
    code, out, err = _cli(
        capfd, "draw", "petersen", "--colors", "3", "-m", "auto", "--svg", str(svg)
    )
    assert (code, out, err) == (0, "", "")
    assert svg.read_text().count("<circle") == 10
    code, _, err = _cli(capfd, "draw", "1" + "." * 15, "-m", "auto", "--svg", str(svg))
    assert code == 2 and "unknown method 'auto'" in err  # a puzzle's methods have no auto


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--box", "-2x-2"], "--box: box shape '-2x-2' is not of the form RxC (e.g. 2x3)"),
        (
            ["--alphabet", "-1a2"],
            "--alphabet: alphabet '-1a2' uses '-': whitespace and .-_|+#,[]{}\"' are reserved",
        ),
    ],
)
def test_a_value_starting_with_minus_and_a_digit_reaches_its_check(
    option: list[str], message: str, capfd: pytest.CaptureFixture[str]
) -> None:
    """Was: '--box: expected one argument' (argparse took '-2x-2' for an option)."""
    code, out, err = _cli(capfd, "solve", ".3...2.3.4.2....", *option)
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: {message} (see sudograph solve --help)\n"


# -- count(keep=...) of a grid without clues keeps its bounds --------------------------------------


@pytest.mark.alone  # (a bound on the seconds taken: tests/conftest.py)
@pytest.mark.parametrize(
    ("n", "bounds"),
    [(5, {"timeout": 0.3}), (7, {"timeout": 0.05}), (8, {"max_nodes": 0}), (2, {})],
)
def test_count_keeping_solutions_of_an_empty_grid_keeps_its_bounds(
    n: int, bounds: dict[str, float]
) -> None:
    """Was: the solutions kept were looked for by a second search without the bounds (an
    empty 49x49 grid with timeout 0.05 ran for minutes; max_nodes=0 made guesses), and kept
    two for keep=1."""
    from sudograph.solve import count

    grid = Grid.empty(n)
    _ = grid.problem  # (the graph built first: its time is no search's)
    r = count(grid, keep=1, **bounds)
    assert len(r.solutions) <= 1 and len(r.grids) == len(r.solutions)
    assert all(g.is_solution_of(grid) for g in r.grids)
    if "timeout" in bounds:
        assert r.stats.seconds < bounds["timeout"] + 0.5
    if bounds.get("max_nodes") == 0:
        assert (r.status, r.stats.nodes, r.solutions) == ("stopped", 0, [])
    if not bounds:
        assert (r.status, r.count, len(r.solutions)) == ("solved", 288, 1)
    if r.solutions:
        assert r.status == "solved"  # a solution found before the stop: solved, as documented


def test_an_inline_variant_puzzle_with_a_slash_is_no_file_name(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """Was: 'No such file or directory' (a '/' in a comment or an f-puzzles title)."""
    code, out, err = _cli(capfd, "count", "# from a/b\n" + X_TEXT)
    assert (code, out, err) == (0, "12 solutions\n", "")
    titled = json.loads(FPUZZLES4) | {"title": "easy 1/2", "diagonal+": True, "diagonal-": True}
    assert _cli(capfd, "count", json.dumps(titled)) == (0, "12 solutions\n", "")


def test_a_word_key_after_a_block_is_refused_by_name(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Was: read into the region map ('region map has 22 cells')."""
    path = tmp_path / "rs.txt"
    path.write_text("regions:\naabb\naabb\ncddd\ncccd\nsize: 4\ngrid: 1...............\n")
    code, _, err = _cli(capfd, "solve", str(path))
    assert code == 2 and err.startswith(f"sudograph: error: {path}:6:1: unknown key 'size:'")


def test_a_graph_on_a_slow_pipe_after_a_c_word_comment_is_told() -> None:
    """The head is read line by line until the problem line: 'comment: ...' is a DIMACS
    comment as the reader reads it (the peek stopped there: the graph read as puzzles)."""
    script = (
        "import sys, time; sys.stdout.write('comment: a triangle\\n'); sys.stdout.flush(); "
        "time.sleep(0.5); sys.stdout.write('p edge 3 3\\ne 1 2\\ne 2 3\\ne 1 3\\n')"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    writer = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "sudograph", "info", "-", "--json"],
            stdin=writer.stdout,
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=False,
        )
    finally:
        assert writer.stdout is not None
        writer.stdout.close()
        writer.wait(timeout=30)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["edges"] == 3


def test_a_method_name_that_is_no_str_is_invalid_everywhere() -> None:
    """Was: TypeError (unhashable type: 'list') from solve_many, bench.run_one, visualize."""
    from sudograph.batch import solve_many
    from sudograph.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match=r"unknown method \['fast'\]"):
        solve_many(["1" + "." * 80], ["fast"])  # type: ignore[arg-type]


def test_render_sizes_take_numpy_integers() -> None:
    """Was: 'size must be a number >= 1, got np.int64(400)'."""
    np = pytest.importorskip("numpy")
    from sudograph.render import grid_svg

    grid = Grid.parse("1.3.....2...4..1")
    assert grid_svg(grid, size=np.int64(400)) == grid_svg(grid, size=400)
    with pytest.raises(InvalidArgument, match="size must be a number >= 1, got True"):
        grid_svg(grid, size=True)
