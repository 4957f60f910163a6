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
