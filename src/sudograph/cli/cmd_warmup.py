"""``sudograph warmup``: compile the compiled engines' kernels ahead of time (numba cache).

Every kernel of the registry :data:`sudograph.engine.compile.KERNELS` is compiled (or loaded
from numba's cache): the 9×9 fast path (method ``fast``), the twin of the general search, and
any kernel registered there.

The first-ever compilation takes seconds and is announced once on standard error; later runs
load the cached machine code. Exit 0 when the kernels are ready, 2 when numba is not installed
(one line: the extra to install, nothing warmed up) or a kernel did not load (named on standard
error; the others are still warmed up, and ``--json`` lists it under ``failed``).
"""

from __future__ import annotations

import argparse
from typing import Any

from .common import print_json, warn


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
    from .. import engine
    from ..engine.compile import KERNELS, ensure_compiled, is_cached
    from ..errors import MissingExtra, SudographError

    if not engine.numba_available():
        raise MissingExtra("numba", "fast")
    done: dict[str, tuple[bool, float]] = {}
    broken: dict[str, str] = {}
    for name in list(KERNELS):
        try:
            cached = is_cached(name)
            done[name] = (cached, ensure_compiled(name, warn))
        except SudographError:  # one line from the CLI
            raise
        except ImportError as exc:
            top = (exc.name or "").partition(".")[0]
            if top in ("numba", "numpy"):  # found, yet not importable
                raise MissingExtra(top, "fast") from None
            broken[name] = f"{type(exc).__name__}: {exc}"
            warn(f"the {name} kernel did not load: {broken[name]}")
        except Exception as exc:  # a broken kernel module: say which, warm the others
            broken[name] = f"{type(exc).__name__}: {exc}"
            warn(f"the {name} kernel did not load: {broken[name]}")
    fast_cached, seconds = done.get("fast", (True, 0.0))
    if getattr(args, "json", False):
        print_json(
            {
                "compiled": not fast_cached if "fast" in done else None,  # None: not loaded
                "seconds": round(seconds, 3),
                "twin_seconds": round(done.get("twin", (True, 0.0))[1], 3),
                "kernels": {
                    name: {"compiled": not cached, "seconds": round(s, 3)}
                    for name, (cached, s) in done.items()
                },
                "failed": broken,
            }
        )
    else:
        for name, (cached, s) in done.items():
            what = "loaded from the cache" if cached else "compiled"
            print(f"{name} kernel {what} in {s:.2f} s")
    return 2 if broken else 0
