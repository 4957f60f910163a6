"""Benchmark puzzle generation and relate logic ratings to search effort.

Usage (from the repository root)::

    .venv/bin/python bench/bench_generate.py [--n 50] [--seed 1] [--big] [--engine E]
                                             [--data tests/data/sudoku] [--rate-sample 100]
                                             [--out FILE.md]

Part 1, generation: ``--n`` 9×9 puzzles per mode (unique, minimal, minimal with central
symmetry), seeded; every puzzle is checked unique once more, by DSATUR order with singles (a
method generation does not count with: it uses ``fast`` or ``propagate``). Reports puzzles/s
(throughput) and per-puzzle latency (median, max) separately, with the mean clue count.
``--big`` adds a few 16×16 puzzles. ``--engine python`` measures generation without the
compiled engines (it sets ``SUDOGRAPH_ENGINE``; the puzzles are the same).

Part 2, ratings: for each puzzle set of ``--data`` (at most ``--rate-sample`` puzzles each):
share solved by logic alone, mean and median rating, the most common hardest technique, and
the search nodes of ``propagate`` (Python engine, first solution) on the same grids, with the
Spearman rank correlation between rating and nodes over all the puzzles.
"""

from __future__ import annotations

import argparse
import collections
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from sudograph.generate import generate, is_minimal  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.logic import rate  # noqa: E402
from sudograph.solve import solve  # noqa: E402


def check_unique(p: Grid) -> None:
    result = solve(p, "dsatur", inference="singles", limit=2)
    if len(result.solutions) != 1 or not result.complete:
        raise SystemExit(f"not unique: {p.to_line()}")


def bench_generation(n: int, seed: int, big: bool) -> list[str]:
    modes: list[tuple[str, tuple[int, int], dict[str, object], int]] = [
        ("9x9 unique", (3, 3), {}, n),
        ("9x9 minimal", (3, 3), {"minimal": True}, n),
        ("9x9 minimal, central", (3, 3), {"minimal": True, "symmetry": "central"}, n),
        ("9x9 difficulty=hard", (3, 3), {"difficulty": "hard"}, max(n // 5, 1)),
        ("6x6 minimal", (2, 3), {"minimal": True}, n),
    ]
    if big:
        modes.append(("16x16 unique", (4, 4), {}, 3))
    out = [
        "| mode | puzzles | puzzles/s | median ms | max ms | mean clues |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, box, kwargs, count in modes:
        times, clues = [], []
        for k in range(count):
            t = time.perf_counter()
            p = generate(box, seed=seed + k, **kwargs)  # type: ignore[arg-type]
            times.append(time.perf_counter() - t)
            check_unique(p)
            if kwargs.get("minimal"):
                assert is_minimal(p)
            clues.append(p.clues)
        out.append(
            f"| {name} | {count} | {count / sum(times):.1f} | "
            f"{1000 * statistics.median(times):.0f} | {1000 * max(times):.0f} | "
            f"{statistics.mean(clues):.1f} |"
        )
        print(out[-1], file=sys.stderr)
    return out


def ranks(xs: list[float]) -> list[float]:
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2
        i = j + 1
    return r


def spearman(xs: list[float], ys: list[float]) -> float:
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.mean(rx), statistics.mean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return cov / var if var else 0.0


def bench_ratings(data: Path, sample: int) -> list[str]:
    out = [
        "| set | puzzles | solved by logic | mean rating | median rating | most common hardest"
        " | propagate nodes: mean | median |",
        "|---|---:|---:|---:|---:|---|---:|---:|",
    ]
    all_scores: list[float] = []
    all_nodes: list[float] = []
    paths = sorted(data.glob("*.txt"))
    if not paths:  # a folder missing or without sets: said, not a StatisticsError
        print(f"missing: no puzzle set (*.txt) in {data}, ratings skipped", file=sys.stderr)
        return [f"No puzzle set (`*.txt`) in `{data}`: ratings skipped."]
    for path in paths:
        grids = [Grid.parse(x) for x in path.read_text().splitlines()[:sample] if x.strip()]
        scores, nodes, techniques, solved = [], [], collections.Counter[str](), 0
        for g in grids:
            r = rate(g, check_unique=False)  # serg puzzles have several solutions
            result = solve(g, "propagate", engine="python")
            scores.append(r.score)
            nodes.append(float(result.stats.nodes))
            techniques[r.technique] += 1
            solved += r.solved
        all_scores += scores
        all_nodes += nodes
        common = ", ".join(f"{t} ({c})" for t, c in techniques.most_common(2))
        out.append(
            f"| {path.stem} | {len(grids)} | {100 * solved / len(grids):.0f} % | "
            f"{statistics.mean(scores):.2f} | {statistics.median(scores):.2f} | {common} | "
            f"{statistics.mean(nodes):.1f} | {statistics.median(nodes):.0f} |"
        )
        print(out[-1], file=sys.stderr)
    out.append("")
    out.append(
        f"Spearman rank correlation, rating vs propagate nodes, {len(all_scores)} puzzles: "
        f"{spearman(all_scores, all_nodes):.2f}"
    )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=50, help="puzzles per generation mode")
    parser.add_argument("--seed", type=int, default=1, help="first seed of the generation")
    parser.add_argument("--big", action="store_true", help="add 16x16 generation")
    parser.add_argument(
        "--data",
        type=Path,
        default=ROOT / "tests" / "data" / "sudoku",
        help="folder of the puzzle sets rated",
    )
    parser.add_argument("--rate-sample", type=int, default=100, help="puzzles rated per set")
    parser.add_argument("--out", type=Path, help="write the Markdown report here")
    parser.add_argument("--skip-generation", action="store_true", help="leave generation out")
    parser.add_argument("--skip-ratings", action="store_true", help="leave the ratings out")
    parser.add_argument(
        "--engine", choices=["auto", "python", "numba"], default="auto", help="search engine"
    )
    args = parser.parse_args()
    if args.engine != "auto":
        os.environ["SUDOGRAPH_ENGINE"] = args.engine
    from sudograph.engine import resolve_engine

    engine = resolve_engine("auto")
    counting = "fast (compiled batches) on 9x9, " if engine == "numba" else ""
    counting += f"propagate ({engine} engine)"
    if engine == "numba":
        from sudograph.engine import fast9, twin

        fast9.warmup()  # compiling is not generating
        twin.warmup()
    head = [
        f"Machine: {platform.machine()}, {platform.processor() or 'cpu'}, "
        f"Python {platform.python_version()}; command: "
        f"`{' '.join(['.venv/bin/python', 'bench/bench_generate.py', *sys.argv[1:]])}`; "
        f"counting: {counting}",
        "",
    ]
    body: list[str] = []
    if not args.skip_generation:
        body += ["## Generation (1 core)", "", *bench_generation(args.n, args.seed, args.big), ""]
    if not args.skip_ratings:
        body += ["## Ratings and search nodes", "", *bench_ratings(args.data, args.rate_sample)]
    text = "\n".join(head + body) + "\n"
    if args.out:
        args.out.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
