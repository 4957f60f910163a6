"""Benchmark the node budget of the clue removal's uniqueness checks beyond 9×9
(``generate.REMOVAL_BUDGET``).

Usage (from the repository root)::

    .venv/bin/python bench/bench_removal_budget.py [--budgets 50,1000,3000] [--seeds 4]
        [--specs 16:classic,16:x,...]

Each spec is generated with seeds ``0..--seeds-1`` under every budget in turn (interleaved:
seed by seed, one process), CPU time of the whole call, what a user gets
(:func:`sudograph.generate.generate` for ``classic``,
:func:`sudograph.generate.generate_variant` otherwise). A budget changes which checks run out
(then the removal is decided again, exactly, at the end: ``generate._settle``), so each side
makes its own puzzles: the table gives the total and the longest time, and the mean clues.
Every puzzle is checked unique by the generator itself (a second engine); this script checks
its solution against the variant's rules. Needs numba (and python-sat, as a user with the
``sat`` extra has it).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from sudograph.errors import InvalidArgument  # noqa: E402
from sudograph.generate import generate, generate_variant  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.solve import solve  # noqa: E402
from sudograph.variants import check_solution, variant_names  # noqa: E402

GENERATE = sys.modules["sudograph.generate"]  # the module (the package exports the function)
SPECS = (
    "12:classic",
    "16:classic",
    "16:x",
    "16:windoku",
    "16:disjoint",
    "16:anti-king",
    "16:anti-knight",
    "16:killer",
)


SIDES = {12: (3, 4), 16: 4, 25: 5}


def check_spec(spec: str) -> str | None:
    """Why ``spec`` (``SIDE:NAME``) is not one this script can make (None when it is)."""
    side, colon, name = spec.partition(":")
    if not colon or not side.isdigit() or int(side) not in SIDES:
        return f"{spec!r}: SIDE:NAME with SIDE one of {', '.join(map(str, SIDES))}"
    if name != "classic":
        try:
            variant_names(name)
        except InvalidArgument as exc:
            return f"{spec!r}: {exc}"
    return None


def make(spec: str, seed: int) -> Grid:
    side, name = spec.split(":")
    box = SIDES[int(side)]
    if name == "classic":
        return generate(box, seed=seed)
    return generate_variant(name, box, seed=seed)


def timed(spec: str, seed: int, budget: int) -> tuple[float, Grid]:
    side = int(spec.split(":")[0])
    GENERATE.REMOVAL_BUDGET[side] = budget
    t0 = time.process_time()
    puzzle = make(spec, seed)
    seconds = time.process_time() - t0
    found = solve(puzzle, limit=1).solution
    assert found is not None
    if puzzle.variant is not None:
        broken = check_solution(puzzle.variant, puzzle.box, found)
        assert not broken, broken
    return seconds, puzzle


def main() -> None:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument(
        "--budgets", default="50,1000,3000", help="comma-separated node budgets, one side each"
    )
    ap.add_argument("--seeds", type=int, default=4, help="seeds 0..SEEDS-1 per spec")
    ap.add_argument(
        "--specs",
        default=",".join(SPECS),
        help="comma-separated SIDE:NAME, NAME classic or a variant (default: all of SPECS)",
    )
    args = ap.parse_args()
    if args.seeds < 1:
        ap.error(f"--seeds: at least 1, got {args.seeds}")
    try:
        budgets = [int(b) for b in args.budgets.split(",")]
    except ValueError:
        ap.error(f"--budgets: whole numbers separated by commas, got {args.budgets!r}")
    wrong = [why for why in map(check_spec, args.specs.split(",")) if why]
    if wrong:
        ap.error("--specs: " + "; ".join(wrong))
    print(f"# {platform.machine()} {platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M')}")
    print(f"# default REMOVAL_BUDGET = {GENERATE.REMOVAL_BUDGET}, seeds 0..{args.seeds - 1}")
    make("16:x", 0)  # compile every kernel before the clock
    head = "".join(f"{'total ' + str(b):>12}{'max':>8}{'clues':>7}" for b in budgets)
    print(f"{'spec':16}{head}")
    grand = [0.0] * len(budgets)
    for spec in args.specs.split(","):
        rows: list[list[tuple[float, Grid]]] = [[] for _ in budgets]
        for seed in range(args.seeds):
            for i, budget in enumerate(budgets):
                try:
                    rows[i].append(timed(spec, seed, budget))
                except InvalidArgument as exc:  # e.g. a variant that needs a region map
                    sys.exit(f"bench_removal_budget: {spec}: {exc}")
        line = f"{spec:16}"
        for i, side in enumerate(rows):
            total = sum(s for s, _ in side)
            grand[i] += total
            clues = sum(sum(1 for v in p.values if v) for _, p in side) / len(side)
            line += f"{total:12.2f}{max(s for s, _ in side):8.2f}{clues:7.1f}"
        print(line, flush=True)
    print(f"{'all':16}" + "".join(f"{t:12.2f}{'':15}" for t in grand))


if __name__ == "__main__":
    main()
