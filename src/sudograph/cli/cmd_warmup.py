"""``sudograph warmup``: compile the compiled engines' kernels ahead of time (numba cache).

Both the 9×9 fast path (method ``fast``) and the twin of the general search are compiled.

The first-ever compilation takes seconds and is announced on a terminal; later runs load the
cached machine code. Exit 0 when the kernels are ready, 2 when numba is not installed.
"""

from __future__ import annotations

import argparse
from typing import Any

from .common import print_json, stderr_is_tty, warn


def register(sub: Any) -> None:
    """Add the ``warmup`` sub-command."""
    p = sub.add_parser(
        "warmup",
        help="compile the fast engine ahead of time",
        description="Compile (or load from the cache) every kernel of the fast engine.",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Load or compile the kernels; print what was done and how long it took."""
    from ..engine import fast9, twin

    cached = fast9.kernels_cached()
    if not cached and stderr_is_tty():
        warn("compiling the fast engine, once")
    seconds = fast9.warmup()
    twin_seconds = twin.warmup()
    if getattr(args, "json", False):
        print_json(
            {
                "compiled": not cached,
                "seconds": round(seconds, 3),
                "twin_seconds": round(twin_seconds, 3),
            }
        )
    else:
        what = "loaded from the cache" if cached else "compiled"
        print(f"fast engine {what} in {seconds:.2f} s; search twin ready in {twin_seconds:.2f} s")
    return 0
