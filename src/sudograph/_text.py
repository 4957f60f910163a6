"""Lines of text as every reader of sudograph numbers them.

Kept apart so that the lowest modules (``grid``, ``variants``, ``problem``), the file readers
of ``formats`` and the command line share one rule without an import cycle (and one way of
counting a noun: :func:`plural`).
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


def plural(count: int, noun: str, many: str = "", *, grouped: bool = True) -> str:
    """``'1 error'``, ``'2 errors'``, ``'0 errors'``: the noun takes an s, or is ``many``
    (``guess``, ``guesses``); the count's thousands are grouped unless ``grouped`` is False
    (as JSON rows write it).

    >>> plural(1, "bad line"), plural(2, "solution"), plural(12000, "guess", "guesses")
    ('1 bad line', '2 solutions', '12,000 guesses')
    >>> plural(1, "step", grouped=False), plural(12000, "step", grouped=False)
    ('1 step', '12000 steps')
    """
    shown = f"{count:,}" if grouped else str(count)
    return f"{shown} {noun if count == 1 else many or noun + 's'}"
