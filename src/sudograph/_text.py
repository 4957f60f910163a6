"""Lines of text as every reader of sudograph numbers them.

Kept apart so that the lowest modules (``grid``, ``variants``) and the file readers of
``formats`` share one rule without an import cycle.
"""

from __future__ import annotations


def split_lines(text: str) -> list[str]:
    """The lines of ``text``, broken at ``\\n`` and ``\\r\\n`` only, as files are read and
    numbered everywhere (``str.splitlines`` breaks at a lone ``\\r``, a form feed, NEL, U+2028
    too: the line numbers after one would be wrong).

    >>> split_lines("a\\r\\nb\\x85 c\\x0c\\n\\nd"), split_lines("a\\n"), split_lines("")
    (['a', 'b\\x85 c\\x0c', '', 'd'], ['a'], [])
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]
