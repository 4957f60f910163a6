"""A/B of the house kernel: a git revision's ``engine/houses.py`` + ``_house_kernels.py``
against the working tree's, side by side in one process, interleaved puzzle by puzzle.

Usage (from the repository root)::

    .venv/bin/python bench/ab_houses.py [--base REV] [--n 40] [--reps 5] [--count] SET...

``SET``: a ``hex16_*`` set of ``../shared/data/sudoku`` by its name (``hex16_krazydad_tough``,
``.txt`` optional) or the path of any file of 16×16 puzzles (``--n`` puzzles sampled with
seed 1), ``made25`` (``--n`` 25×25 grids at 40–60 % clues made with python-sat
as in ``bench_sizes.py``) or ``variant:NAME`` (``--n`` 9×9 puzzles made as
``bench_variants.py`` makes them, seeds 0..: ``generate_variant``, a jigsaw on the bundled
region map; ``classic`` for ``generate``) or ``empty:RxC`` (the empty grid with R×C boxes).
Both sides run ``houses.run(problem, limit=2)`` (with ``--count``: ``houses.count(problem)``,
every solution counted, the counts compared) on the same problems, in alternating order,
best of ``--reps`` per puzzle; it prints the mean µs per puzzle, the mean guesses and the
ratio new / base. The base modules are written to a temporary folder with their relative
imports made absolute (the rest of the package is the working tree's).
"""

from __future__ import annotations

import argparse
import importlib
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from sudograph.grid import Grid  # noqa: E402
from sudograph.problem import Problem, SolveOptions  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "sudoku"
ENGINE = ROOT / "src" / "sudograph" / "engine"


def absolute(text: str, kernels: str) -> str:
    """A module's text with the package-relative imports made absolute."""
    return (
        text.replace("from . import _house_kernels", f"import {kernels} as _house_kernels")
        .replace("from ._", "from sudograph.engine._")
        .replace("from .compile", "from sudograph.engine.compile")
        .replace("from ..", "from sudograph.")
    )


def load_side(tag: str, read: Any, folder: Path) -> Any:
    """Write and import one side's two modules; the house module, its compile notice off."""
    kernels = f"{tag}_house_kernels"
    (folder / f"{kernels}.py").write_text(absolute(read("_house_kernels.py"), kernels))
    (folder / f"{tag}_houses.py").write_text(absolute(read("houses.py"), kernels))
    module = importlib.import_module(f"{tag}_houses")
    module._load = lambda: None
    return module


def problems(name: str, n: int) -> list[Problem]:
    if name.startswith("empty:"):
        try:
            rows, cols = (int(x) for x in name.split(":", 1)[1].split("x"))
            return [Grid.empty((rows, cols)).problem]
        except ValueError:
            raise SystemExit(f"{name}: not empty:RxC (boxes of R rows, C columns)") from None
    if name == "made25":
        import bench_sizes

        peer = bench_sizes.Peer((5, 5))
        return [g.problem for g in bench_sizes.made((5, 5), n, 1, peer)]
    if name.startswith("variant:"):
        from sudograph.generate import generate

        spec = name.split(":", 1)[1]
        if spec == "classic":
            return [generate(3, seed=s).problem for s in range(n)]
        import bench_variants

        return [bench_variants.make(spec, s).problem for s in range(n)]
    # a path to an existing file is used as is; otherwise a set name of the data folder
    path = next(
        (p for p in (Path(name), DATA / name, DATA / f"{name}.txt") if p.is_file()),
        DATA / f"{name}.txt",
    )
    if not path.is_file():
        raise SystemExit(
            f"data missing: {path} (a SET is a hex16_* name of {DATA}, a file's path, "
            "made25, variant:NAME or empty:RxC)"
        )
    lines = [t for t in path.read_text().split() if len(t) == 256]
    if not lines:
        raise SystemExit(f"{path}: no 16x16 puzzle (a line of 256 cells) in it")
    picked = random.Random(1).sample(lines, min(n, len(lines)))
    return [Grid.parse(t, box=(4, 4)).problem for t in picked]


def main() -> int:
    ap = argparse.ArgumentParser(
        description="A/B of the house kernel: a git revision's engine/houses.py + "
        "_house_kernels.py against the working tree's, side by side in one process, "
        "interleaved puzzle by puzzle."
    )
    ap.add_argument(
        "sets",
        nargs="+",
        metavar="SET",
        help="a hex16_* set name of ../shared/data/sudoku (e.g. hex16_krazydad_tough) or a "
        "path to a file of 16x16 puzzles; made25; variant:NAME (classic: generate); empty:RxC",
    )
    ap.add_argument("--base", default="HEAD", help="git revision of the base side")
    ap.add_argument("--n", type=int, default=40, help="puzzles per set")
    ap.add_argument("--reps", type=int, default=5, help="runs per puzzle and side, best kept")
    ap.add_argument("--count", action="store_true", help="count every solution instead")
    args = ap.parse_args()

    def at_base(name: str) -> str:
        spec = f"{args.base}:src/sudograph/engine/{name}"
        shown = subprocess.run(
            ["git", "-C", str(ROOT), "show", spec], capture_output=True, text=True
        )
        if shown.returncode != 0:
            why = shown.stderr.strip().splitlines()[-1:] or ["git show failed"]
            ap.error(f"--base {args.base}: no src/sudograph/engine/{name} there ({why[0]})")
        return shown.stdout

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sys.path.insert(0, tmp)
        sides = (
            load_side("base", at_base, folder),
            load_side("new", lambda name: (ENGINE / name).read_text(), folder),
        )
        opts = SolveOptions(limit=None if args.count else 2)
        call = "count" if args.count else "run"
        for name in args.sets:
            probs = problems(name, args.n)
            for side in sides:
                getattr(side, call)(probs[0], opts)  # compile or load, arrays built
            best = [[0.0] * len(probs) for _ in sides]
            guesses = [0, 0]
            for i, p in enumerate(probs):
                times = [float("inf"), float("inf")]
                counts: list[int | None] = [None, None]
                for rep in range(args.reps):
                    order = (0, 1) if rep % 2 == 0 else (1, 0)
                    for j in order:
                        t0 = time.perf_counter()
                        r = getattr(sides[j], call)(p, opts)
                        times[j] = min(times[j], time.perf_counter() - t0)
                        if rep == 0:
                            guesses[j] += r.stats.nodes
                            counts[j] = r.count
                if args.count and counts[0] != counts[1]:
                    raise AssertionError(f"{name} #{i}: counts {counts[0]} and {counts[1]}")
                best[0][i], best[1][i] = times
            base, new = (sum(b) / len(probs) * 1e6 for b in best)
            print(
                f"{name}: base {base:.0f} us ({guesses[0] / len(probs):.1f} guesses)  "
                f"new {new:.0f} us ({guesses[1] / len(probs):.1f})  new/base {new / base:.3f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
