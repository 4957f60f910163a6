"""The logic solver on generated variant puzzles: how many it finishes, the mean rating, the
hardest techniques, the time per rating.

Usage (from the repository root)::

    .venv/bin/python bench/rate_variants.py [--n N] [--variants V,...]

The puzzles are those of ``bench/bench_variants.py`` (``generate_variant``, seeds 0..n-1, 9×9;
jigsaw on the bundled region map). Every step of every rating is checked against the puzzle's
solution (no elimination of its digit, no other placement). Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_variants import VARIANTS, make

from sudograph.logic import rate, solve_logically
from sudograph.solve import solve


def main() -> None:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--n", type=int, default=10, help="puzzles per variant")
    ap.add_argument(
        "--variants",
        default=",".join(VARIANTS),
        help=f"comma-separated variant specs (default {','.join(VARIANTS)})",
    )
    args = ap.parse_args()
    print("| variant | puzzles | solved by logic | mean rating | most common hardest | ms/rating |")
    print("|---|---:|---:|---:|---|---:|")
    for spec in args.variants.split(","):
        ratings, spent = [], 0.0
        for seed in range(args.n):
            puzzle = make(spec, seed)
            start = time.process_time()
            ratings.append(rate(puzzle))
            spent += time.process_time() - start
            (solution,) = solve(puzzle, limit=2, engine="python").solutions
            for step in solve_logically(puzzle).steps:
                assert all(solution[i] != d for i, d in step.eliminations), step.text
                assert all(solution[i] == d for i, d in step.placements), step.text
        solved = sum(r.solved for r in ratings)
        common = Counter(r.technique for r in ratings).most_common(2)
        hardest = ", ".join(f"{name} ({k})" for name, k in common)
        score = statistics.mean(r.score for r in ratings)
        print(
            f"| {spec} | {args.n} | {100 * solved // args.n} % | {score:.2f} | {hardest} "
            f"| {spent / args.n * 1e3:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
