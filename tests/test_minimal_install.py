"""The minimal install (no extra) found by a QA pass: ``-m fast`` without numba a raw
ModuleNotFoundError (CLI and API), ``solve_many()``'s default failing without numba, file runs
that failed every line for a missing extra (an error row each, that ``--resume`` then
skipped), no word on the pure-Python rate, ``chromatic -m sat`` answering without python-sat,
``$SUDOGRAPH_ENGINE`` checked by ``generate`` only, examples that needed the plot extra only
after minutes of work, README lines that did not say which extra they need.

CI installs every extra: a missing one is simulated in a subprocess whose ``sys.modules``
holds None under its name (``import numba`` then raises ImportError, and
``importlib.util.find_spec`` finds nothing), as :func:`without` does.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from sudograph.cli import main
from sudograph.errors import InvalidArgument, install_hint

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "examples" / "sample.txt"
KILLER = ROOT / "examples" / "variants" / "killer.txt"
GRAPHS = ROOT / "tests" / "data" / "graphs"
NINE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
FOUR = "...3.2.1...4.1.2"
NO_FAST = ("numba", "numpy")
NO_SAT = ("pysat",)
FAST_ADVICE = f"this needs the optional dependency 'numba': {install_hint('fast')}"
SAT_ADVICE = f"this needs the optional dependency 'pysat': {install_hint('sat')}"


def without(
    blocked: tuple[str, ...], code: str, env: dict[str, str] | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh Python whose ``blocked`` modules cannot be imported (an install
    without those extras); ``$SUDOGRAPH_ENGINE`` unset unless ``env`` sets it."""
    prelude = f"import sys\nfor _name in {list(blocked)!r}:\n    sys.modules[_name] = None\n"
    environ = {k: v for k, v in os.environ.items() if k != "SUDOGRAPH_ENGINE"}
    environ.update(env or {})
    return subprocess.run(
        [sys.executable, "-c", prelude + code],
        capture_output=True,
        text=True,
        env=environ,
        cwd=cwd,
        timeout=120,
        check=False,
    )


def cli_without(
    blocked: tuple[str, ...], *argv: str, env: dict[str, str] | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    """``sudograph ARGV`` (:func:`sudograph.cli.main`) without the ``blocked`` modules."""
    code = f"from sudograph.cli import main\nsys.exit(main({list(argv)!r}))\n"
    return without(blocked, code, env, cwd)


def one_error(err: str) -> str:
    """The one line of an error on standard error (and no other, no traceback)."""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("sudograph: error: "), err
    return lines[0].removeprefix("sudograph: error: ")


# -- 1. method fast without numba: MissingExtra, wherever it is asked for -----------------------
@pytest.mark.parametrize(
    "argv",
    [
        ["solve", NINE, "-m", "fast"],
        ["solve", NINE, "-m", "fast", "--json"],
        ["solve", FOUR, "-m", "fast"],
        ["solve", "." * 256, "-m", "fast"],
        ["solve", str(KILLER), "-m", "fast"],
    ],
    ids=["9x9", "json", "4x4", "16x16", "variant-file"],
)
def test_method_fast_without_numba_is_one_line(argv: list[str]) -> None:
    done = cli_without(NO_FAST, *argv)
    assert done.returncode == 2 and done.stdout == ""
    assert one_error(done.stderr) == FAST_ADVICE


def test_method_fast_without_numba_in_the_api() -> None:
    code = f"""
from sudograph import solve, solve_many
from sudograph.engine import fast9
from sudograph.errors import MissingExtra
from sudograph.grid import Grid
from sudograph.problem import SolveOptions
grid = Grid.parse({NINE!r})
for call in (
    lambda: solve(grid, "fast"),
    lambda: solve(grid, "fast", timeout=1.0),
    lambda: fast9.run(grid.problem, SolveOptions()),
    lambda: fast9.solve_lines([{NINE!r}]),
    lambda: solve_many([{NINE!r}], method="fast"),  # at the call, not at the first row
    lambda: solve_many([{NINE!r}], as_array=True),
):
    try:
        call()
    except MissingExtra as exc:
        print(exc)
    else:
        print("no error")
"""
    done = without(NO_FAST, code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [FAST_ADVICE] * 6


# -- 2. solve_many's default method without numba: propagate -----------------------------------
def test_solve_many_defaults_to_propagate_without_numba() -> None:
    code = f"""
from sudograph import solve_many
from sudograph.batch import default_method
from sudograph.grid import Grid
print(default_method())
print([r.status for r in solve_many([{NINE!r}])])
print([r.status for r in solve_many([{NINE!r}, {FOUR!r}], workers=1)])
print([r.status for r in solve_many([Grid.parse({NINE!r})], workers=1)])
"""
    done = without(NO_FAST, code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "propagate",
        "['solved']",
        "['solved', 'solved']",
        "['solved']",
    ]


def test_solve_many_default_method_follows_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudograph import engine
    from sudograph.batch import default_method

    monkeypatch.delenv("SUDOGRAPH_ENGINE", raising=False)
    monkeypatch.setattr(engine, "numba_available", lambda: True)
    assert (default_method(), default_method("python")) == ("fast", "propagate")
    monkeypatch.setenv("SUDOGRAPH_ENGINE", "python")
    assert default_method() == "propagate"
    monkeypatch.setattr(engine, "numba_available", lambda: False)
    monkeypatch.delenv("SUDOGRAPH_ENGINE")
    assert default_method() == "propagate"


# -- 3. a file run that every puzzle would fail: refused once, OUT untouched --------------------
@pytest.mark.parametrize(
    ("blocked", "argv", "env", "advice"),
    [
        (NO_SAT, ["solve", "-m", "sat"], {}, SAT_ADVICE),
        (NO_SAT, ["solve", "-m", "sat", "--json"], {}, SAT_ADVICE),
        (NO_SAT, ["solve", "-m", "sat", "--all"], {}, SAT_ADVICE),
        (NO_FAST, ["solve", "--engine", "numba"], {}, FAST_ADVICE),
        (NO_FAST, ["solve", "-m", "mrv", "--engine", "numba"], {}, FAST_ADVICE),
        (NO_FAST, ["solve", "-m", "fast"], {}, FAST_ADVICE),
        (NO_FAST, ["solve"], {"SUDOGRAPH_ENGINE": "numba"}, FAST_ADVICE),
        (NO_FAST, ["count"], {"SUDOGRAPH_ENGINE": "numba"}, FAST_ADVICE),
        ((), ["solve"], {"SUDOGRAPH_ENGINE": "bogus"}, "SUDOGRAPH_ENGINE must be python or"),
    ],
    ids=["sat", "sat-json", "sat-all", "engine-numba", "mrv-numba", "fast", "env", "count", "bad"],
)
def test_a_file_run_without_its_extra_is_refused_before_any_work(
    tmp_path: Path, blocked: tuple[str, ...], argv: list[str], env: dict[str, str], advice: str
) -> None:
    out = tmp_path / "out.txt"
    command, *options = argv
    done = cli_without(blocked, command, str(SAMPLE), *options, "-o", str(out), env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert one_error(done.stderr).startswith(advice)
    assert not out.exists()  # nothing written, nothing for --resume to skip


def test_resume_without_the_extra_leaves_out_as_it_was(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    out.write_text("partial row\nanother\n")
    done = cli_without(NO_SAT, "solve", str(SAMPLE), "-m", "sat", "-o", str(out), "--resume")
    assert done.returncode == 2 and one_error(done.stderr) == SAT_ADVICE
    assert out.read_text() == "partial row\nanother\n"


def test_the_api_refuses_a_method_whose_extra_is_missing_once() -> None:
    code = f"""
from sudograph import solve_many
from sudograph.errors import MissingExtra
for kwargs in ({{"method": "sat"}}, {{"method": "mrv", "engine": "numba"}}):
    try:
        solve_many([{NINE!r}] * 3, **kwargs)
    except MissingExtra as exc:
        print(exc)
"""
    done = without(NO_FAST + NO_SAT, code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [SAT_ADVICE, FAST_ADVICE]


# -- 4. one note on the pure-Python rate, only where the extra is missing ----------------------
NOTE = f"sudograph: note: the compiled engine is not installed: {install_hint('fast')}"


def test_a_file_run_without_numba_says_once_what_the_extra_brings(tmp_path: Path) -> None:
    five = tmp_path / "five.txt"
    five.write_text("".join(SAMPLE.read_text().splitlines(keepends=True)[:5]))
    done = cli_without(NO_FAST, "solve", str(five))
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 5 and "note" not in done.stdout
    summary, note = done.stderr.splitlines()
    assert "5 puzzles: 5 solved" in summary and summary.endswith("propagate")
    assert note.startswith(NOTE)
    counted = cli_without(NO_FAST, "count", str(five), "-o", str(tmp_path / "c.txt"))
    assert counted.returncode == 0 and counted.stderr.splitlines()[-1].startswith(NOTE)
    for quiet in (["--engine", "python"], ["-m", "logic"]):  # Python asked, or no search
        done = cli_without(NO_FAST, "solve", str(five), *quiet)
        assert done.returncode == 0 and "note" not in done.stderr, (quiet, done.stderr)


def test_no_note_when_the_compiled_engine_is_installed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from sudograph.cli.batchmode import slow_note
    from sudograph.engine import numba_available

    monkeypatch.delenv("SUDOGRAPH_ENGINE", raising=False)
    if not numba_available():
        pytest.skip("needs sudograph[fast]")
    assert slow_note("propagate", "auto") is None
    five = tmp_path / "five.txt"
    five.write_text("".join(SAMPLE.read_text().splitlines(keepends=True)[:5]))
    assert main(["solve", str(five)]) == 0
    assert "note" not in capsys.readouterr().err


def _unproven_graph(path: Path) -> Path:
    """A dense random graph (70 vertices) whose χ the pure-Python steps do not prove in 0.3 s
    (clique 8, colourings of 12)."""
    rng = random.Random(1)
    n = 70
    edges = [(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.5]
    lines = [f"p edge {n} {len(edges)}"] + [f"e {a + 1} {b + 1}" for a, b in edges]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_chromatic_not_proven_without_python_sat_says_so(tmp_path: Path) -> None:
    graph = str(_unproven_graph(tmp_path / "g70.col"))
    done = cli_without(NO_SAT, "chromatic", graph, "--timeout", "0.3")
    assert done.returncode == 1 and "(not proven)" in done.stdout
    assert "[sat]" not in done.stdout
    (note,) = done.stderr.splitlines()
    assert note.startswith("sudograph: note: ") and note.endswith(install_hint("sat"))
    for quiet in (["--json"], ["-m", "pure"]):  # JSON read by a program; pure: asked for
        done = cli_without(NO_SAT, "chromatic", graph, "--timeout", "0.3", *quiet)
        assert done.returncode == 1 and done.stderr == "", (quiet, done.stderr)


# -- 5. chromatic -m sat / use_sat=True without python-sat: refused every time -----------------
@pytest.mark.parametrize("graph", ["queen6_6", "myciel4", "DSJC125.1"])
def test_chromatic_sat_without_python_sat_is_refused(graph: str) -> None:
    done = cli_without(NO_SAT, "chromatic", str(GRAPHS / f"{graph}.col"), "-m", "sat")
    assert done.returncode == 2 and done.stdout == ""
    assert one_error(done.stderr) == SAT_ADVICE


def test_use_sat_true_without_python_sat_raises_at_once() -> None:
    code = """
from sudograph.errors import MissingExtra
from sudograph.graph import Graph, petersen_graph
from sudograph.search.chromatic import chromatic_number
for graph in (petersen_graph(), Graph.from_edges(3, []), Graph.from_edges(0, [])):
    try:
        chromatic_number(graph, use_sat=True)
    except MissingExtra as exc:
        print(exc)
print(chromatic_number(petersen_graph()).chromatic_number)  # None: without SAT, as before
"""
    done = without(NO_SAT, code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [SAT_ADVICE] * 3 + ["3"]


# -- 9. $SUDOGRAPH_ENGINE checked wherever it is read ------------------------------------------
def test_engine_variable_is_checked_by_solve_and_count(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudograph.engine import env_engine, resolve_engine
    from sudograph.grid import Grid
    from sudograph.solve import count, solve

    for value, expected in (("", "auto"), ("auto", "auto"), (" Python ", "python")):
        monkeypatch.setenv("SUDOGRAPH_ENGINE", value)
        assert env_engine() == expected
    monkeypatch.setenv("SUDOGRAPH_ENGINE", "bogus")
    message = "SUDOGRAPH_ENGINE must be python or numba, got 'bogus'"
    for call in (
        env_engine,
        lambda: resolve_engine("auto"),
        lambda: solve(Grid.parse(FOUR)),
        lambda: solve(Grid.parse(FOUR), "naive"),
        lambda: count(Grid.parse(FOUR)),
    ):
        with pytest.raises(InvalidArgument, match=message):
            call()
    assert solve(Grid.parse(FOUR), engine="python").status == "solved"  # named: not read
    monkeypatch.setenv("SUDOGRAPH_ENGINE", "PYTHON")  # read alike everywhere
    assert solve(Grid.parse(FOUR), "naive").stats.engine == ""


def test_engine_variable_is_checked_by_the_solve_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SUDOGRAPH_ENGINE", "bogus")
    assert main(["solve", NINE]) == 2
    out, err = capsys.readouterr()
    assert out == "" and one_error(err) == "SUDOGRAPH_ENGINE must be python or numba, got 'bogus'"


# -- 8. the examples that draw: the plot extra checked first -----------------------------------
@pytest.mark.parametrize("name", ["walkthrough", "make_pictures", "seed002_comparison"])
def test_examples_without_matplotlib_stop_at_once(tmp_path: Path, name: str) -> None:
    script = ROOT / "examples" / f"{name}.py"
    code = (
        "import runpy\n"
        f"sys.argv = [{str(script)!r}, {str(tmp_path / 'out')!r}]\n"
        f"runpy.run_path({str(script)!r}, run_name='__main__')\n"
    )
    done = without(("matplotlib",), code, cwd=tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert one_error(done.stderr).endswith(install_hint("plot"))
    assert not (tmp_path / "out").exists()  # stopped before any work
    assert "sudograph[plot]" in (script.read_text().split('"""')[1])  # said in its docstring


# -- 6, 10. README: the extras each line needs -------------------------------------------------
def test_readme_says_which_extra_the_pictures_and_the_handover_need() -> None:
    readme = (ROOT / "README.md").read_text()
    for line in readme.splitlines():
        if line.startswith("sudograph ") and "--png" in line:
            assert "plot extra" in line, line
    flat = " ".join(readme.split())
    assert "with the `fast` and `sat` extras together" in flat
    assert "`-m sat`" in flat


def test_json_rows_are_unchanged_by_the_note(tmp_path: Path) -> None:
    """The note goes to standard error: ``--json`` rows on standard output stay JSON."""
    two = tmp_path / "two.txt"
    two.write_text(f"{NINE}\n{NINE}\n")
    done = cli_without(NO_FAST, "solve", str(two), "--json")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["status"] for r in rows] == ["solved", "solved"]
    assert done.stderr.splitlines()[-1].startswith(NOTE)


def test_count_of_a_file_without_o_is_refused_once_for_a_missing_engine(tmp_path: Path) -> None:
    puzzles = tmp_path / "two.txt"
    puzzles.write_text(f"{FOUR}\n{FOUR}\n")
    done = cli_without(NO_FAST, "count", str(puzzles), env={"SUDOGRAPH_ENGINE": "numba"})
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [f"sudograph: error: {FAST_ADVICE}"]


def test_to_networkx_without_networkx_names_the_package() -> None:
    done = without(
        ("networkx",),
        "from sudograph.graph import petersen_graph\n"
        "try:\n    petersen_graph().to_networkx()\n"
        "except ImportError as exc:\n    print(exc)\n",
    )
    assert done.stdout.strip() == (
        "this needs the optional dependency 'networkx': pip install networkx"
    )


@pytest.mark.parametrize(
    ("extra", "package"), [(None, None), ("fast", "numba")], ids=["neither", "both"]
)
def test_missing_extra_takes_an_extra_or_a_package(extra: str | None, package: str | None) -> None:
    from sudograph.errors import MissingExtra

    with pytest.raises(TypeError, match="an extra or a package"):
        MissingExtra("numba", extra, package=package)


@pytest.mark.parametrize(
    ("extra", "package"), [("fast", None), (None, "networkx")], ids=["extra", "package"]
)
def test_missing_extra_pickles_whole(extra: str | None, package: str | None) -> None:
    import pickle

    from sudograph.errors import MissingExtra

    error = MissingExtra("numba", extra, package=package)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is MissingExtra and str(again) == str(error)
    assert (again.module, again.extra, again.package) == ("numba", extra, package)


def test_a_remote_cluster_keeps_fast_as_the_default_method() -> None:
    from sudograph.batch import default_method

    assert default_method("auto", remote=True) == "fast"
    assert default_method("numba", remote=True) == "fast"
    assert default_method("python", remote=True) == "propagate"
    done = cli_without(
        NO_FAST, "solve", str(SAMPLE), "--dask", "tcp://127.0.0.1:1", "--engine", "numba"
    )
    assert "numba" not in done.stderr  # the workers' install decides: not refused here
    assert done.returncode != 0  # (no cluster there)


def test_count_of_one_puzzle_to_dash_is_standard_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["count", FOUR, "-o", "-"]) == 0
    assert capsys.readouterr().out == "1 solution (unique)\n"
    assert list(tmp_path.iterdir()) == []


def test_a_pipe_is_not_read_to_tell_a_graph() -> None:
    from sudograph.cli.common import is_dimacs_file

    read, write = os.pipe()
    try:
        os.write(write, b"p edge 3 3\n")
        assert not is_dimacs_file(f"/dev/fd/{read}")
        assert os.read(read, 100) == b"p edge 3 3\n"  # nothing taken from it
    finally:
        os.close(read)
        os.close(write)
