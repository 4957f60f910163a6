"""The ``sudograph`` command (``python -m sudograph`` too): the command line loaded with
Ctrl-C taken as the command line takes it, one line and exit 130, never a traceback."""

from __future__ import annotations

import sys


def main() -> int:
    """Load the command line and run it (:func:`sudograph.cli.main`); Ctrl-C while it loads
    (the commands import numba, numpy...) is "interrupted", exit 130, as it is later."""
    try:
        from .cli import main as run
    except KeyboardInterrupt:  # nothing begun: no traceback
        sys.stderr.write("sudograph: error: interrupted\n")
        return 130
    return run()
