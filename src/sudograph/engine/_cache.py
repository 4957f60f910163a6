"""Where numba keeps the compiled kernels: its own choice, or a folder that can be written.

numba caches a kernel's machine code (``@njit(cache=True)``) in ``__pycache__`` beside the
kernel's source, else in the user's cache folder (``~/.cache/numba``), else in
``$NUMBA_CACHE_DIR`` when set. A system-wide install (a read-only ``site-packages``) run by a
user without a home (a service account) has none of them, and numba then refuses the kernels
at import: ``cannot cache function ...: no locator available``. :func:`ready`, called by the
kernel modules before their first kernel, gives numba a folder of this user's in the temporary
directory in that case only, private to this user (:func:`private_folder`).
"""

from __future__ import annotations

import importlib
import os
import stat
import tempfile
from typing import Any


def ready() -> None:
    """Make sure numba has a cache folder it can write (see the module docstring); leave its
    own choice (``$NUMBA_CACHE_DIR``, beside the kernels, the user's) when there is one."""
    config: Any = importlib.import_module("numba.core.config")  # (set at run time: untyped)
    if config.CACHE_DIR:
        return
    if _writable(os.path.join(os.path.dirname(__file__), "__pycache__")):
        return
    try:
        appdirs: Any = importlib.import_module("numba.misc.appdirs")
        user = appdirs.AppDirs(appname="numba", appauthor=False).user_cache_dir
    except ImportError:  # pragma: no cover - another numba: its own rules
        return
    if not _writable(user):
        config.CACHE_DIR = private_folder()


def private_folder() -> str:
    """A cache folder of this user's alone in the temporary directory (numba reads pickles
    from its cache: a folder another user could write would run their code as this one).

    ``sudograph-numba-cache-UID``, made with mode 0700, is reused across runs when it is a real
    folder (no link) owned by this user and writable by no one else; otherwise a new private
    folder is made for this process (compiled again, cached for its own run only).

    >>> import stat
    >>> info = os.lstat(private_folder())
    >>> stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o022
    True
    """
    folder = fallback_folder()
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        info = os.lstat(folder)
        if _private(info):
            return folder
    except OSError:
        pass
    return tempfile.mkdtemp(prefix="sudograph-numba-cache-")


def _private(info: os.stat_result) -> bool:
    """A real folder (no link) of this user's that no one else may write."""
    owner = getattr(os, "getuid", None)
    mine = owner is None or info.st_uid == owner()  # (Windows: no owners to compare)
    return stat.S_ISDIR(info.st_mode) and mine and not info.st_mode & 0o022


def fallback_folder() -> str:
    """The name of the reused folder of :func:`private_folder`.

    >>> fallback_folder().startswith(tempfile.gettempdir())
    True
    """
    user = getattr(os, "getuid", lambda: os.environ.get("USERNAME", "user"))()
    return os.path.join(tempfile.gettempdir(), f"sudograph-numba-cache-{user}")


def _writable(folder: str) -> bool:
    """Whether a file can be made in ``folder`` (made if missing), as numba tests it."""
    try:
        os.makedirs(folder, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True
