"""Where a value of a JSON text is written: its line and column, found by its path.

``json.loads`` says where a text is not JSON, but not where a value is, so a file that is
valid JSON with a wrong value inside (a cage sum of 99, an unknown variant) could only be
reported by name. :func:`json_place` reads the text again, only when such an error is raised,
and gives the line and column of the value (or of its key) that the error names by its path:
the keys and list indexes from the top, as ``("cages", 1, "cells", 0)``.

>>> text = '{"grid": "1...",\\n "cages": [{"sum": 3, "cells": ["r1c1", "r9c9"]}]}'
>>> json_place(text, ("cages", 0, "cells", 1))
(2, 41)
>>> json_place(text, ("cages", 0), key=False), json_place(text, ("cages",), key=True)
((2, 12), (2, 2))
>>> json_place(text, ("cages", 7, "sum"))  # no such cage: the nearest value that exists
(2, 11)
>>> json_place(text, ("grid",), inner=2)  # the third character of the string
(1, 13)
"""

from __future__ import annotations

import contextlib
import difflib
import json
import re
import sys
from collections.abc import Sequence
from typing import Any

from ..errors import ParseError, clip

Path = tuple[str | int, ...]
"""The keys and list indexes that lead from the top of a JSON document to one value."""

_BLANK = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def json_offsets(text: str) -> tuple[dict[Path, int], dict[Path, int]]:
    """The offset in ``text`` of every value, and of every object key, by path (a key's
    path is that of its value; a key given twice, its last). ``text`` is expected to be valid
    JSON; what follows a fault, or a nesting too deep to walk, is left out."""
    values, keys, _ = _scan(text)
    return values, keys


def repeated_key(text: str) -> tuple[Path, int, int] | None:
    """The first key of ``text`` given a second time in its object (``json.loads`` keeps the
    last value without a word): its path, and the offsets of its first and second places.

    >>> repeated_key('{"a": {"b": 1,\\n "b": 2}}')
    (('a', 'b'), 7, 16)
    """
    repeated = _scan(text)[2]
    return repeated[0] if repeated else None


def _scan(text: str) -> tuple[dict[Path, int], dict[Path, int], list[tuple[Path, int, int]]]:
    """The offsets of :func:`json_offsets`, and every key given twice (path, first and second
    offsets)."""
    values: dict[Path, int] = {}
    keys: dict[Path, int] = {}
    repeated: list[tuple[Path, int, int]] = []

    def skip(i: int) -> int:
        found = _BLANK.match(text, i)
        return found.end() if found else i

    def walk(i: int, path: Path) -> int:
        i = skip(i)
        values[path] = i
        opening = text[i : i + 1]
        if opening not in ("{", "["):
            return _DECODER.raw_decode(text, i)[1]  # a string, number or literal
        closing = "}" if opening == "{" else "]"
        i = skip(i + 1)
        index = 0
        while not text.startswith(closing, i):
            if opening == "{":
                key_at = i
                key, i = _DECODER.raw_decode(text, i)
                if (*path, key) in keys:
                    repeated.append(((*path, key), keys[(*path, key)], key_at))
                keys[(*path, key)] = key_at
                i = walk(skip(i) + 1, (*path, key))  # after the ':'
            else:
                i = walk(i, (*path, index))
                index += 1
            i = skip(i)
            if text.startswith(",", i):
                i = skip(i + 1)
            elif not text.startswith(closing, i):
                raise ValueError(f"expected {closing!r} at offset {i}")
        return i + 1

    with contextlib.suppress(ValueError, IndexError, RecursionError):  # keep what was read
        walk(0, ())
    return values, keys, repeated


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?')
"""JSON strings and numbers, in order (a number inside a string is no number)."""


def _long_number(text: str) -> tuple[int, int] | None:
    """Where the first whole number of ``text`` too long for ``int()`` starts (Python's limit
    on the digits it converts, ``sys.get_int_max_str_digits()``), and its digits; None if
    there is none (a float's fraction, a string's digits are none).

    >>> _long_number('["' + "1" * 5000 + '", 0.' + "0" * 5000 + "1, -" + "9" * 5000 + "]")
    (10010, 5000)
    """
    limit = sys.get_int_max_str_digits()
    for token in _TOKENS.finditer(text):
        digits = token.group().lstrip("-")
        if limit and digits.isdigit() and len(digits) > limit:
            return token.start(), len(digits)
    return None


def loads_once(text: str) -> object:
    """``json.loads(text)``, a key given twice in one object refused: a :class:`ParseError`
    at its second place (``json.loads`` would keep the last value without a word, and drop
    the first one's rules or clues), or at a number of more than 4,300 digits (which
    ``json.loads`` cannot convert). Syntax errors are ``json.JSONDecodeError`` as usual.

    >>> loads_once('{"variant": "x",\\n "variant": "windoku"}')
    Traceback (most recent call last):
    ...
    sudograph.errors.ParseError: 2:2: key 'variant' given twice (first on line 1)
    """
    twice: list[str] = []

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        found = dict(items)
        if len(found) < len(items):
            twice.append("")
        return found

    try:
        data = json.loads(text, object_pairs_hook=pairs)
    except json.JSONDecodeError:
        raise
    except ValueError:  # a whole number of more digits than Python converts (4,300)
        long = _long_number(text)
        if long is None:  # pragma: no cover - the only ValueError json.loads raises but its own
            raise
        line, column = line_column(text, long[0])
        raise ParseError(f"a number of {long[1]} digits", line=line, column=column) from None
    if twice:
        found = repeated_key(text)
        if found is not None:
            path, first, second = found
            line, column = line_column(text, second)
            raise ParseError(
                f"key {path[-1]!r} given twice (first on line {line_column(text, first)[0]})",
                line=line,
                column=column,
            )
    return data


def json_shown(x: Any) -> str:
    """A JSON value as the file writes it (``true``, ``null``, ``2.0``), cut short: how an
    error message quotes a value at fault.

    >>> json_shown(True), json_shown(None), json_shown("2" * 30)
    ('true', 'null', '"2222222222222222...')
    """
    return clip(json.dumps(x), 17, room=20)


def line_column(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset`` in ``text``.

    >>> line_column("ab\\ncd", 4)
    (2, 2)
    """
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def json_place(
    text: str, path: Path, *, key: bool = False, inner: int | None = None
) -> tuple[int, int]:
    """The line and column in ``text`` of the value at ``path`` (of its key with ``key``; of
    its character ``inner``, from 0, for a string written without escapes). A path that is not
    in the text gives the nearest value above it that is, up to the top of the text."""
    values, keys = json_offsets(text)
    while path and path not in values:
        path, key, inner = path[:-1], False, None
    if key and path in keys:
        return line_column(text, keys[path])
    at = values.get(path, 0)
    if inner is not None and text.startswith('"', at):
        end = _DECODER.raw_decode(text, at)[1]
        raw = text[at + 1 : end - 1]
        if "\\" not in raw and "\n" not in raw and 0 <= inner <= len(raw):
            at += 1 + inner
    return line_column(text, at)


class JsonFault(ParseError):
    """A fault in the content of a JSON document, named by the ``path`` of the value at fault
    (of its key with ``key``; of a string's character ``inner``). Raised where the value is
    read, from the decoded document; :func:`placed` turns it into a ParseError at the value's
    line and column once the text is at hand. Unplaced, it is a ParseError without a line."""

    def __init__(
        self,
        message: str,
        *,
        path: Path | None = None,
        key: bool = False,
        inner: int | None = None,
        **where: Any,  # line, column, source: as ParseError takes them
    ) -> None:
        super().__init__(message, **where)
        self.path = path
        self.key = key
        self.inner = inner


def refuse_misspelt_keys(
    data: dict[str, Any], read: Sequence[str], left: Sequence[str] = (), *, beside: bool = False
) -> None:
    """Raise a :class:`JsonFault` at a key of ``data`` that is none of the keys ``read`` nor
    of those ``left`` (known, ignored) but a letter or two from one of ``read`` (``"bx"``):
    a misspelt key would drop what it holds without a word. With ``beside``, a key beside the
    one it resembles is another key (``puzzle_id`` beside ``puzzle``), not a misspelling.

    >>> refuse_misspelt_keys({"rows": [], "bx": 2}, ("rows", "box"))
    Traceback (most recent call last):
    ...
    sudograph.formats.jsonplaces.JsonFault: unknown key 'bx': did you mean 'box'?
    >>> refuse_misspelt_keys({"puzzle": "", "puzzle_id": 7}, ("puzzle",), beside=True)
    >>> refuse_misspelt_keys({"puzzle": "", "bxo": [2, 2]}, ("puzzle", "box"))
    Traceback (most recent call last):
    ...
    sudograph.formats.jsonplaces.JsonFault: unknown key 'bxo': did you mean 'box'?
    """
    for key in data:
        if key in read or key in left:
            continue
        like = (
            difflib.get_close_matches(str(key), read, n=1, cutoff=0.75)
            or [known for known in read if one_slip(str(key), known)][:1]
        )  # a short key's slip ("bxo") is below difflib's cutoff
        if like and not (beside and like[0] in data):
            raise JsonFault(
                f"unknown key {key!r}: did you mean {like[0]!r}?", path=(key,), key=True
            )


def one_slip(typed: str, known: str) -> bool:
    """True when ``typed`` is ``known`` with two neighbouring letters swapped, or one letter
    added or dropped (``"bxo"``, ``"bo"``, ``"boxx"`` for ``"box"``). A letter changed is no
    slip here: a short key one letter from another is often a word of its own (``"bot"``,
    ``"fox"`` beside ``"box"``), which a row may carry; difflib's cutoff judges the longer.

    >>> [one_slip(k, "box") for k in ("bxo", "bo", "boxx", "bot", "fox", "boxes", "id")]
    [True, True, True, False, False, False, False]
    """
    if typed == known or min(len(typed), len(known)) < 2 or abs(len(typed) - len(known)) > 1:
        return False
    if len(typed) == len(known):
        slips = [i for i in range(len(typed)) if typed[i] != known[i]]
        return (
            len(slips) == 2
            and slips[1] == slips[0] + 1
            and typed[slips[0]] == known[slips[1]]
            and typed[slips[1]] == known[slips[0]]
        )
    short, long = sorted((typed, known), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def placed(exc: JsonFault, text: str) -> ParseError:
    """``exc`` as a ParseError at the line and column in ``text`` (the JSON text it was read
    from) of the value it names; as it is when it names none.

    >>> str(placed(JsonFault("bad", path=("a",), source="f.json"), '{\\n "a": 7}'))
    'f.json:2:7: bad'
    """
    if exc.path is None:
        return ParseError(exc.message, line=exc.line, column=exc.column, source=exc.source)
    line, column = json_place(text, exc.path, key=exc.key, inner=exc.inner)
    return ParseError(exc.message, line=line, column=column, source=exc.source)
