"""A/B of the SAT handoff's formula: a git revision's ``search/sat.py`` against the working
tree's, side by side in one process, interleaved grid by grid.

Usage (from the repository root)::

    .venv/bin/python bench/ab_domains.py [--base REV] [--seeds 8] [--per-seed 10] [--reps 5]

Grids as in ``bench_handoff.py`` (25×25, 40–60 % clues, made with python-sat). For each grid
that the house kernel hands off (its search still running after ``HANDOFF_GUESSES`` guesses),
the domains it hands over are captured; then both sides' ``run_domains`` make the formula of
those domains, in alternating order, best of ``--reps``, with the solver's loading stubbed
out (this times the making of the clauses, not the solver). The two formulas must hold the
same clauses (as sets: their order may differ). It prints the mean ms per formula and the
ratio new / base; the whole handoff is ``bench_handoff.py``'s.
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from bench_sizes import Peer, made  # noqa: E402

from sudograph.search import sat  # noqa: E402
from sudograph.solve import solve  # noqa: E402


class Made(Exception):
    """Raised by the stubbed loader with the clauses it was given."""

    def __init__(self, clauses: list[list[int]]) -> None:
        self.clauses = clauses


def load_side(tag: str, text: str, folder: Path) -> Any:
    """Write and import one side's ``sat`` module, its loader stubbed."""
    absolute = text.replace("from ..", "from sudograph.").replace(
        "from .", "from sudograph.search."
    )
    (folder / f"{tag}_sat.py").write_text(absolute)
    module = importlib.import_module(f"{tag}_sat")

    def grab(clauses: Any, *_rest: Any, **_named: Any) -> Any:
        # any version's signature: (clauses, deadline[, name[, options]])
        raise Made(clauses)

    module._load = grab
    return module


def handed(seeds: range, per_seed: int) -> list[tuple[Any, ...]]:
    """The arguments of every ``run_domains`` call of the handoff on the grids of ``seeds``."""
    calls: list[tuple[Any, ...]] = []
    real = sat.run_domains

    def capture(*args: Any) -> Any:
        calls.append(args)
        return real(*args)

    sat.run_domains = capture
    try:
        peer = Peer((5, 5))
        for g in (g for s in seeds for g in made((5, 5), per_seed, s, peer)):
            solve(g, limit=2)
    finally:
        sat.run_domains = real
    return calls


def main() -> int:
    ap = argparse.ArgumentParser(
        description="A/B of the SAT handoff's formula: a git revision's search/sat.py "
        "against the working tree's, side by side in one process, interleaved grid by grid."
    )
    ap.add_argument("--base", default="HEAD", help="git revision of the base side")
    ap.add_argument("--seeds", type=int, default=8, help="grid seeds 1..SEEDS")
    ap.add_argument("--per-seed", type=int, default=10, help="25x25 grids made per seed")
    ap.add_argument("--reps", type=int, default=5, help="best of REPS per formula and side")
    args = ap.parse_args()
    if not sat.sat_available():
        sys.exit("ab_domains: python-sat is not installed (pip install python-sat)")
    shown = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{args.base}:src/sudograph/search/sat.py"],
        capture_output=True,
        text=True,
    )
    if shown.returncode != 0:
        why = shown.stderr.strip().splitlines()[-1:] or ["git show failed"]
        ap.error(f"--base {args.base}: no src/sudograph/search/sat.py there ({why[0]})")
    base_text = shown.stdout
    calls = handed(range(1, args.seeds + 1), args.per_seed)
    print(f"{len(calls)} handoffs (grids of seeds 1..{args.seeds}, {args.per_seed} per seed)")
    if not calls:
        print(
            "no handoff in these grids: nothing to compare (more grids: --seeds, --per-seed)",
            file=sys.stderr,
        )
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        sys.path.insert(0, tmp)
        sides = (
            load_side("base", base_text, Path(tmp)),
            load_side("new", (ROOT / "src/sudograph/search/sat.py").read_text(), Path(tmp)),
        )
        best = [[float("inf")] * len(calls) for _ in sides]
        for i, call in enumerate(calls):
            made_by: list[Any] = [None, None]
            for rep in range(args.reps):
                for j in (0, 1) if (i + rep) % 2 == 0 else (1, 0):
                    t0 = time.perf_counter()
                    try:
                        sides[j].run_domains(*call)
                    except Made as m:
                        made_by[j] = m.clauses
                    best[j][i] = min(best[j][i], time.perf_counter() - t0)
            a, b = ({tuple(sorted(c)) for c in clauses} for clauses in made_by)
            if a != b:
                raise AssertionError(f"handoff {i}: the two formulas differ")
        base, new = (sum(t) / len(calls) * 1e3 for t in best)
        print(f"formula: base {base:.2f} ms  new {new:.2f} ms  new/base {new / base:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
