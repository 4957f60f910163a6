"""One rule for lines everywhere: LF and CRLF break a line, nothing else does.

A region map whose comment holds a NEL (U+0085) or a line separator (U+2028) once had every
later fault placed a line too far (``str.splitlines`` breaks there).
"""

import pytest

from sudograph._text import split_lines
from sudograph.errors import ParseError
from sudograph.variants import parse_regions

ROWS = ["0011", "0011", "2233", "2239"]


@pytest.mark.parametrize("odd", ["\x85", "\u2028", "\x0c", "\r"])
def test_region_map_fault_placed_after_an_odd_break_in_a_comment(odd):
    text = f"# a{odd}comment\n" + "\n".join(ROWS)
    with pytest.raises(ParseError) as err:
        parse_regions(text, 4)
    assert (err.value.line, err.value.column) == (5, 4)


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("a\nb", ["a", "b"]),
        ("a\r\nb\r\n", ["a", "b"]),
        ("a\x85b\u2028c", ["a\x85b\u2028c"]),
        ("a\rb\n", ["a\rb"]),
        ("\n\n", ["", ""]),
    ],
)
def test_split_lines_breaks_at_lf_and_crlf_only(text, lines):
    assert split_lines(text) == lines
