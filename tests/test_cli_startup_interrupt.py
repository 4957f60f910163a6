"""Ctrl-C while the command line starts (Python importing the CLI, the commands loading,
the parser built) is one line and exit 130, as during a command: it was a traceback (and
exit -2, Python's own for an unhandled Ctrl-C) when it came in the first second or two.
(Still not covered: the first tenth of a second, Python importing the ``sudograph`` package
itself, before any of its code can catch it.)"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import sudograph.cli as cli


def test_ctrl_c_while_the_commands_load(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert cli.main(["solve", "1..."]) == 130
    assert capsys.readouterr().err == "sudograph: error: interrupted\n"


@pytest.mark.parametrize(
    "command",
    [["-m", "sudograph"], ["-c", "import sys; from sudograph._entry import main; exit(main())"]],
    ids=["python -m sudograph", "the sudograph script"],
)
def test_ctrl_c_while_python_imports_the_cli(tmp_path: Path, command: list[str]) -> None:
    """The import of ``sudograph.cli`` cut by Ctrl-C, by ``python -m sudograph`` and by the
    ``sudograph`` script (what pip writes for ``[project.scripts]``: it pointed at
    ``sudograph.cli:main``, whose import nothing guarded)."""
    (tmp_path / "sitecustomize.py").write_text(
        textwrap.dedent(
            """
            import sys

            class Cut:
                def find_spec(self, name, path=None, target=None):
                    if name == "sudograph.cli":
                        raise KeyboardInterrupt
                    return None

            sys.meta_path.insert(0, Cut())
            """
        )
    )
    src = Path(cli.__file__).resolve().parents[1]
    env = {"PYTHONPATH": f"{tmp_path}:{src}", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, *command, "solve", "1..."],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (130, "")
    assert done.stderr == "sudograph: error: interrupted\n"


def test_the_script_is_the_guarded_entry_point() -> None:
    import tomllib

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    scripts = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts == {"sudograph": "sudograph._entry:main"}
