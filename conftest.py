"""Root pytest configuration: doctest collection of modules that need an optional extra.

The compiled kernels import numba at module level (they are loaded only through
``sudograph.engine``); without the ``fast`` extra their doctests are not collected, and the
tests that need numba skip themselves.
"""

from __future__ import annotations

import importlib.util

collect_ignore_glob: list[str] = []
if importlib.util.find_spec("numba") is None:
    collect_ignore_glob.append("src/sudograph/engine/_*_kernels.py")
