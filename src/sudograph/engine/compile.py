"""Compiling the numba kernels, once, and saying so: a registry of the compiled kernels.

Glossary: *kernel* one group of compiled functions (``fast``, ``twin``, ``houses``...);
*warm-up* a call that makes numba compile a kernel, or load it from its on-disk cache;
*entries* the kernel's top-level compiled functions, whose cache index tells whether the
machine code is already on disk.

The first run on a fresh install compiles the fast engine (seconds); every later run loads it
from numba's cache (``__pycache__`` next to the kernels, or ``NUMBA_CACHE_DIR``). The CLI calls
:func:`ensure_compiled` **before** its clock starts (and before a pool forks, so the workers
inherit the kernels): when the cache does not hold the kernel yet, it prints :data:`NOTICE`
once on standard error, and the rate it reports is that of the solving alone.

A kernel is registered by name with its warm-up and entries, as ``"module:function"`` strings
imported only when needed (nothing here imports numba); :func:`register` adds one at run time.

>>> sorted(KERNELS)
['fast', 'houses', 'twin']
>>> register("demo", "builtins:len")
>>> KERNELS["demo"].entries
()
>>> del KERNELS["demo"]
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgument

NOTICE = "compiling the fast engine, once (~10 s)..."
"""What :func:`ensure_compiled` says (through its ``notice``) before it compiles."""


@dataclass(frozen=True)
class Kernel:
    """A compiled kernel: ``warm_up`` (``"module:function"``, called with no argument) compiles
    or loads it; ``entries`` (``"module:function"`` of numba dispatchers) hold its cache."""

    name: str
    warm_up: str
    entries: tuple[str, ...] = ()


KERNELS: dict[str, Kernel] = {}
_announced = False


def register(name: str, warm_up: str, entries: tuple[str, ...] = ()) -> None:
    """Add (or replace) the kernel ``name``: its warm-up and its cached entry points."""
    KERNELS[name] = Kernel(name, warm_up, tuple(entries))


register(
    "fast",
    "sudograph.engine.fast9:warmup",
    tuple(
        f"sudograph.engine._fast9_kernels:{f}"
        for f in ("start", "search", "solve_batch", "check_batch", "parse_rows")
    ),
)
register(
    "twin",
    "sudograph.engine.twin:warmup",
    tuple(
        f"sudograph.engine._twin_kernels:{f}"
        for f in ("prepare", "search", "search_static_check_dense")
    ),
)
register(
    "houses",
    "sudograph.engine.houses:warmup",
    tuple(f"sudograph.engine._house_kernels:{f}" for f in ("start", "search")),
)


def _load(spec: str) -> Any:
    module, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module), attr)


def is_cached(name: str) -> bool:
    """True when numba's on-disk cache holds machine code of every entry of kernel ``name``
    for this numba version and this source (a kernel without entries counts as cached).

    Imports the kernel's module (and numba), compiles nothing. Raises
    :class:`InvalidArgument` on an unknown kernel.
    """
    kernel = _kernel(name)
    try:
        for spec in kernel.entries:
            cache = getattr(_load(spec), "_cache", None)
            index = cache._cache_file._load_index() if cache is not None else {}
            if not index:
                return False
    except (AttributeError, OSError, EOFError):  # another numba: assume compiling
        return False
    return True


def ensure_compiled(name: str, notice: Callable[[str], None] | None = None) -> float:
    """Compile kernel ``name``, or load it from the cache; return the seconds it took.

    When the cache does not hold it, ``notice(NOTICE)`` is called first, once per process
    (the CLI passes its ``warn``). Raises :class:`InvalidArgument` on an unknown kernel and
    :class:`~sudograph.errors.MissingExtra` without numba.
    """
    global _announced
    kernel = _kernel(name)
    from . import numba_available

    if not numba_available():
        from ..errors import MissingExtra

        raise MissingExtra("numba", "fast")
    start = time.perf_counter()
    if notice is not None and not _announced and not is_cached(name):
        _announced = True
        notice(NOTICE)
    _loaded.add(name)
    _load(kernel.warm_up)()
    return time.perf_counter() - start


_loaded: set[str] = set()
_notice: Callable[[str], None] | None = None


def announce_with(notice: Callable[[str], None] | None) -> None:
    """Where :func:`ensure_loaded` announces a compilation (the CLI passes its ``warn`` when
    it starts; None, the default, is silent: a library does not print)."""
    global _notice
    _notice = notice


def ensure_loaded(name: str) -> None:
    """Load kernel ``name`` once per process (:func:`ensure_compiled` the first time, with
    the notice of :func:`announce_with`; nothing after): the engines call it before their
    clock starts, so that a timeout measures the search, not the loading."""
    if name not in _loaded:
        _loaded.add(name)  # first: a warm-up that solves calls this again
        try:
            ensure_compiled(name, _notice)
        except BaseException:
            _loaded.discard(name)
            raise


def is_loaded(name: str) -> bool:
    """True once :func:`ensure_loaded` (or ``sudograph warmup``) loaded kernel ``name`` in
    this process."""
    return name in _loaded


def _kernel(name: str) -> Kernel:
    try:
        return KERNELS[name]
    except KeyError:
        known = ", ".join(KERNELS)
        raise InvalidArgument(f"unknown compiled kernel {name!r} (known: {known})") from None


__all__ = [
    "KERNELS",
    "NOTICE",
    "Kernel",
    "announce_with",
    "ensure_compiled",
    "ensure_loaded",
    "is_cached",
    "is_loaded",
    "register",
]
