"""``generate ... -o OUT`` with a bad option: one line on standard error, exit 2, and OUT as it
was (absent stays absent, an existing file keeps every byte, a partial last line included).

The numbered run (``--dask``, ``--resume``) opens OUT before its first puzzle is made, so the
options are checked before it starts (it used to truncate OUT, then find ``--clues`` bad)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudograph.cli import main

PATHS = {
    "plain": [],
    "resume": ["--resume", "--seed", "1"],
    "dask": ["--dask", "local"],
    "dask resume": ["--dask", "local", "--resume", "--seed", "1"],
}
"""The ways of writing OUT: the plain run, and the numbered run of --resume and --dask."""

BAD = {
    "too few clues": (["--clues", "16"], "a unique 9x9 puzzle needs at least 17 clues, not 16"),
    "too many clues": (
        ["--size", "4", "--clues", "17"],
        "--clues: must be between 0 and 16, got 17",
    ),
    "negative clues": (["--clues", "-1"], "--clues: must be between 0 and 81, got -1"),
    "clues the symmetry cannot give": (
        ["--clues", "18", "--symmetry", "dihedral"],
        "dihedral symmetry on a 9x9 grid cannot give exactly 18 clues (orbit sizes [1, 4, 8])",
    ),
    "timeout": (["--timeout", "0"], "--timeout: must be > 0, got 0"),
    "box": (["--size", "10"], "side 10 is not a square"),
}
"""Bad options of a classic run, and (a part of) the message."""

VARIANT_BAD = {
    "variant size": (["--variant", "asterisk", "--size", "4"], "needs a 9x9 grid, not 4x4"),
    "windoku box": (["--variant", "windoku", "--box", "2x3"], "needs square boxes"),
    "centre-dot box": (["--variant", "centre-dot", "--size", "4"], "boxes with odd sides"),
    "variant name": (["--variant", "x+snake"], "unknown variant 'snake'"),
    "variant clues": (["--variant", "x", "--clues", "20"], "does not take --clues"),
    "variant jigsaw": (["--variant", "jigsaw"], "needs a region map"),
    "variant resume": (["--variant", "x", "--resume", "--seed", "1"], "does not take --resume"),
    "variant dask": (["--variant", "x", "--dask", "local"], "does not take --dask"),
    "variant timeout": (["--variant", "x", "--timeout", "-1"], "--timeout: must be > 0, got -1"),
}
"""Bad options of a variant run (the plain path only: --resume and --dask are refused)."""

CASES = [
    pytest.param([*PATHS[path], *argv], message, id=f"{path}: {name}")
    for path in PATHS
    for name, (argv, message) in BAD.items()
] + [pytest.param(argv, message, id=name) for name, (argv, message) in VARIANT_BAD.items()]

BEFORE = {"absent": None, "existing": "precious\nlines\npartial"}
"""OUT before the run: absent, or a file whose last line is partial (--resume would cut it)."""


@pytest.mark.parametrize("before", list(BEFORE))
@pytest.mark.parametrize(("argv", "message"), CASES)
def test_a_bad_option_leaves_out_as_it_was(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    message: str,
    before: str,
) -> None:
    out = tmp_path / "out.txt"
    content = BEFORE[before]
    if content is not None:
        out.write_text(content)
    code = main(["generate", *argv, "-o", str(out)])
    printed, err = capfd.readouterr()
    assert code == 2 and printed == ""
    assert err.startswith("sudograph: error: ") and err.count("\n") == 1, err
    assert message in err and "Traceback" not in err
    if content is None:
        assert not out.exists()
    else:
        assert out.read_text() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ([] if content is None else ["out.txt"])


@pytest.mark.parametrize(
    "argv",
    [
        ["--size", "4", "--clues", "6", "--symmetry", "central"],
        ["--size", "4", "--timeout", "30"],
        ["--clues", "30", "--symmetry", "central"],
    ],
)
def test_good_options_still_resume(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    """The checks refuse no request that generation fulfils: a resumed run goes on."""
    out = tmp_path / "out.txt"
    run = ["generate", *argv, "--count", "2", "--seed", "3", "-o", str(out)]
    assert main(run) == 0, capfd.readouterr().err
    whole = out.read_text()
    out.write_text(whole.splitlines(keepends=True)[0] + "partial")
    assert main([*run, "--resume"]) == 0, capfd.readouterr().err
    assert out.read_text() == whole
