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


SOLVE4 = ["solve", "1" + "." * 15, "--format", "line"]


@pytest.mark.parametrize(
    ("option", "text", "argv", "out"),
    [  # old Mac text (CR-only lines) with a comment: the whole file was one comment line
        ("--regions", "# jigsaw map\r0011\r0011\r2233\r2233\r", SOLVE4, "1234341221434321\n"),
        ("--cages", "# cages\r3 r1c1 r1c2\r", ["count", "." * 16], "48 solutions\n"),
    ],
)
def test_cr_only_option_files_read_as_lines(tmp_path, capsys, option, text, argv, out):
    from sudograph.cli import main

    path = tmp_path / "rules.txt"
    path.write_bytes(text.encode())
    assert main([*argv, option, str(path)]) == 0
    assert capsys.readouterr().out == out


def test_an_option_file_with_a_nul_byte_is_binary_data(tmp_path, capsys):
    from sudograph.cli import main

    path = tmp_path / "map.txt"
    path.write_bytes(b"0011\n00\x0011\n2233\n2233\n")
    assert main(["solve", "1" + "." * 15, "--regions", str(path)]) == 2
    assert f"{path}:2:3: binary data (NUL byte)" in capsys.readouterr().err
