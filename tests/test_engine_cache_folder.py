"""numba's cache folder when it has none of its own (a QA pass on a real install): a read-only
``site-packages`` run by a user without a home made every kernel module fail at import with
numba's ``cannot cache function ...: no locator available``, a traceback from the CLI."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from sudograph.engine import _cache, numba_available

pytestmark = pytest.mark.skipif(not numba_available(), reason="needs the fast extra (numba)")

PROBE = """
import sudograph.engine._cache as cache
cache._writable = lambda folder: {writable}  # beside the kernels and the user's: {writable}
from sudograph.engine import _fast9_kernels, _twin_kernels
from numba.core import config
print(config.CACHE_DIR or "-")
print(_twin_kernels.popcount._cache._cache_path)
print(_fast9_kernels.solve_batch._cache._cache_path)
"""


def probe(writable: bool, env: dict[str, str]) -> list[str]:
    """:data:`PROBE`'s lines, in a fresh Python."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(writable=writable)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.mark.parametrize("writable", [False, True])
def test_the_kernels_load_where_numba_has_no_cache_folder(
    writable: bool, tmp_path: os.PathLike[str]
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["TMPDIR"] = str(tmp_path)  # the fallback folder made there, not in the shared /tmp
    folder, *paths = probe(writable, env)
    if writable:  # numba's own choice, untouched
        assert folder == "-" and all("sudograph" in p for p in paths)
    else:
        assert folder == os.path.join(tmp_path, f"sudograph-numba-cache-{os.getuid()}")
        assert all(p.startswith(folder) for p in paths)


def test_numba_cache_dir_is_left_alone(tmp_path: os.PathLike[str]) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    assert probe(False, env)[0] == str(tmp_path)


def test_writable(tmp_path: os.PathLike[str]) -> None:
    assert _cache._writable(os.path.join(tmp_path, "new", "folder"))  # made when missing
    a_file = os.path.join(tmp_path, "file")
    open(a_file, "w").close()
    assert not _cache._writable(os.path.join(a_file, "sub"))  # under a file: no folder


def test_a_folder_others_may_write_is_not_reused(
    tmp_path: os.PathLike[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = os.path.join(tmp_path, "shared")
    os.mkdir(shared)
    os.chmod(shared, 0o777)  # another user could plant a pickle there
    monkeypatch.setattr(_cache, "fallback_folder", lambda: shared)
    private = _cache.private_folder()
    assert private != shared and os.path.isdir(private)
    assert not os.lstat(private).st_mode & 0o077  # mkdtemp's: this user's alone
    os.rmdir(private)


def test_a_link_is_not_reused(tmp_path: os.PathLike[str], monkeypatch: pytest.MonkeyPatch) -> None:
    target = os.path.join(tmp_path, "elsewhere")
    os.mkdir(target, 0o700)
    link = os.path.join(tmp_path, "link")
    os.symlink(target, link)
    monkeypatch.setattr(_cache, "fallback_folder", lambda: link)
    private = _cache.private_folder()
    assert private not in (link, target)
    os.rmdir(private)


def test_a_private_folder_is_reused(
    tmp_path: os.PathLike[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = os.path.join(tmp_path, "mine")
    monkeypatch.setattr(_cache, "fallback_folder", lambda: mine)
    assert _cache.private_folder() == mine == _cache.private_folder()  # made 0700, then kept
    assert not os.lstat(mine).st_mode & 0o077
