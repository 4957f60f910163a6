"""Fixes of the session of 2026-11-28 (third): items left alone by earlier notes and found by
its QA rounds."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.formats.variant import looks_like_variant

EMPTY4 = "." * 16


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
    from sudograph.errors import ParseError
    from sudograph.grid import Grid

    with pytest.raises(ParseError) as info:
        Grid.parse(line)
    assert str(info.value).startswith(message)


def test_with_a_box_given_the_values_are_judged_on_its_side(
    capfd: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _cli(capfd, "check", "1 2 x 4", "--box", "1x2")
    assert (code, out) == (2, "")
    assert err == f"sudograph: error: {SIDE_FAULTS[0][1]}\n"
