"""The ``sudograph`` command (``python -m sudograph`` too): the command line loaded with
Ctrl-C taken as the command line takes it, one line and exit 130, never a traceback."""

from __future__ import annotations

import os
import sys

INTERRUPTED = "sudograph: error: interrupted\n"
"""What Ctrl-C before the command line has loaded writes (as the command line says it)."""


def main() -> int:
    """Load the command line and run it (:func:`sudograph.cli.main`); Ctrl-C while it loads
    (the commands import numba, numpy...) is "interrupted", exit 130, as it is later."""
    try:
        from .cli import main as run
    except KeyboardInterrupt:  # nothing begun: no traceback
        sys.stderr.write(INTERRUPTED)
        return 130
    return run()


def started_as_the_command() -> bool:
    """Whether this process runs the command: ``python -m sudograph`` (or a submodule; the
    module read from ``sys.orig_argv`` while runpy looks for it, after other options or as
    ``-mNAME``) or the console script run by Python (not a spawned child of it, which has its
    ``argv`` but runs ``-c``). The package asks it when Ctrl-C comes while it loads (about
    0.2 s, before :func:`main`): then it says "interrupted", exit 130, not Python's traceback.

    >>> started_as_the_command()  # (a doctest run)
    False
    """
    argv = sys.orig_argv
    if sys.argv[0] == "-m":  # (runpy finding the module of ``-m``: its name below)
        at, name = 1, ""
        while at < len(argv) and not name:
            word = argv[at]
            if word == "-m" and at + 1 < len(argv):
                name = argv[at + 1]
            elif word.startswith("-m"):
                name = word[2:]
            at += 2 if word in ("-X", "-W") else 1
        return name == "sudograph" or name.startswith("sudograph.")
    script = os.path.normcase(os.path.basename(sys.argv[0]))
    stem = os.path.splitext(script)[0].removesuffix("-script")
    return stem == "sudograph" and len(argv) > 1 and argv[1] == sys.argv[0]
