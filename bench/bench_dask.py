"""Benchmark the Dask path: a LocalCluster of 2 workers against ``--workers 2``, same run.

Usage (from the repository root)::

    .venv/bin/python bench/bench_dask.py [--data DIR] [--n 300000] [--rounds 3]
                                         [--mem-n 1000000] [--out /tmp/bench_dask.md]

Puzzles: the 17-clue set (``DIR/tdoku_17_clue.txt``), cycled; method ``fast``, limit 1; every
result is checked (solved count for the API, the two output files byte for byte for the CLI).

1. ``solve_many(..., workers=2)`` against ``solve_many(..., executor=client)`` on a warm
   LocalCluster of 2 worker processes (1 thread each), ``--n`` puzzles, the two sides
   interleaved ``--rounds`` times (the order swapped every round): puzzles/s and the ratio.
2. The command line over a ``--mem-n`` line file, start-up included: ``sudograph solve FILE
   -o OUT --workers 2`` against ``--dask local --workers 2`` (which starts and stops its own
   cluster), interleaved, the two outputs compared byte for byte; and the resident memory of
   each (the whole process tree, from /proc) as OUT grows.
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from bench_batch import rss_mb  # noqa: E402 - the same /proc reader as the batch benchmark

WORKERS = 2


def tree(pid: int) -> list[int]:
    """``pid`` and every process below it (parents read from /proc/*/stat)."""
    parent: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found = [pid]
    for p in found:
        found += [c for c, pp in parent.items() if pp == p]
    return found


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of the live processes ``pids`` (from /proc)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def api_round(puzzles: list[str], n: int, client: object | None) -> tuple[float, float, float]:
    """Puzzles/s of one solve_many run (every result must be solved), and the CPU seconds of
    this process (with the scheduler of a local cluster) and of the workers."""
    from sudograph.batch import solve_many

    source = itertools.islice(itertools.cycle(puzzles), n)
    workers = [p for p in tree(os.getpid()) if p != os.getpid()]  # the cluster's, alive
    before = cpu_seconds(workers), resource.getrusage(resource.RUSAGE_CHILDREN), os.times()
    start = time.perf_counter()
    if client is None:
        results = solve_many(source, workers=WORKERS)
    else:
        results = solve_many(source, executor=client)
    solved = sum(r.status == "solved" for r in results)
    seconds = time.perf_counter() - start
    assert solved == n, f"{n - solved} puzzles not solved"
    after = cpu_seconds(workers), resource.getrusage(resource.RUSAGE_CHILDREN), os.times()
    reaped = sum(getattr(after[1], f) - getattr(before[1], f) for f in ("ru_utime", "ru_stime"))
    mine = after[2].user + after[2].system - before[2].user - before[2].system
    return n / seconds, mine, after[0] - before[0] + reaped  # pool workers are reaped at the end


def cli(src: Path, dst: Path, extra: list[str], samples: list[tuple[int, float]]) -> float:
    """Wall seconds of ``sudograph solve src -o dst *extra``; appends to ``samples``
    (lines written, MB of the whole process tree) every quarter second."""
    argv = [sys.executable, "-m", "sudograph", "solve", str(src), "-o", str(dst), *extra]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    dst.unlink(missing_ok=True)  # so that the size of OUT counts this run's lines only
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stderr=subprocess.DEVNULL)
    while True:
        try:
            proc.wait(timeout=0.25)  # returns at once when it ends: the wall time is exact
            break
        except subprocess.TimeoutExpired:
            lines = dst.stat().st_size // 82 if dst.exists() else 0  # 81 symbols + newline
            samples.append((lines, rss_mb(tree(proc.pid))))
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited with {proc.returncode}")
    return wall


def write_file(path: Path, puzzles: list[str], n: int) -> None:
    with path.open("w") as f:
        for p in itertools.islice(itertools.cycle(puzzles), n):
            f.write(p + "\n")


def seventeen(data: str) -> list[str]:
    """The 17-clue set of ``data`` (SystemExit naming the file when it is missing)."""
    path = Path(data) / "tdoku_17_clue.txt"
    try:
        return path.read_text().split()
    except OSError as exc:
        raise SystemExit(f"missing data set: {path} ({exc.strerror})") from exc


def publish(lines: list[str], target: str | None) -> None:
    """Print the section; also write it to ``target`` when given."""
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if target:
        Path(target).write_text(text)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    shared = ROOT.parent / "shared" / "data" / "sudoku"
    ap.add_argument("--data", default=str(shared), help="folder of tdoku_17_clue.txt")
    ap.add_argument("--n", type=int, default=300_000, help="puzzles per throughput run")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    ap.add_argument("--mem-n", type=int, default=1_000_000, help="lines of the memory run")
    ap.add_argument("--out", help="also write the markdown section there")
    args = ap.parse_args()
    puzzles = seventeen(args.data)
    from sudograph.distributed import close, connect
    from sudograph.engine import fast9

    fast9.warmup()
    out = [
        "## Dask (issue 18)",
        "",
        f"Command: `{' '.join(['.venv/bin/python', *sys.argv])}`  ",
        f"Machine: {os.cpu_count()} cores shared with other jobs; load average at the start "
        f"{os.getloadavg()[0]:.1f}. Puzzles: the 17-clue set, cycled, method fast, limit 1; "
        "every result checked. Both sides in the same run, interleaved, order swapped per round.",
        "",
        "| round | run | puzzles | `--workers 2` puzzles/s | Dask LocalCluster(2) puzzles/s "
        "| Dask / workers |",
        "|---:|---|---:|---:|---:|---:|",
    ]
    ratios: dict[str, list[float]] = {"api": [], "cli": []}
    cpu: list[str] = []
    client = connect("local", workers=WORKERS)
    try:
        api_round(puzzles, 2048, client)  # warm both sides
        api_round(puzzles, 2048, None)
        for r in range(args.rounds):
            order = (None, client) if r % 2 == 0 else (client, None)
            got = {id(side): api_round(puzzles, args.n, side) for side in order}
            (pool, *pool_cpu), (dask, *dask_cpu) = got[id(None)], got[id(client)]
            cpu.append(
                f"| {r + 1} | {pool_cpu[0]:.2f} / {pool_cpu[1]:.2f} | "
                f"{dask_cpu[0]:.2f} / {dask_cpu[1]:.2f} |"
            )
            ratios["api"].append(dask / pool)
            out.append(
                f"| {r + 1} | `solve_many` (warm cluster) | {args.n:,} | {pool:,.0f} | "
                f"{dask:,.0f} | {dask / pool:.2f} |"
            )
            print(out[-1], file=sys.stderr)
    finally:
        close(client)
    memory: dict[str, tuple[list[tuple[int, float]], float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        src, here, there = Path(tmp) / "in.txt", Path(tmp) / "here.txt", Path(tmp) / "there.txt"
        write_file(src, puzzles, args.mem_n)
        for r in range(args.rounds):
            runs: list[tuple[str, list[str]]] = [("pool", []), ("dask", ["--dask", "local"])]
            if r % 2:
                runs.reverse()
            wall = {}
            for side, extra in runs:
                dst = here if side == "pool" else there
                samples: list[tuple[int, float]] = []
                wall[side] = cli(src, dst, [*extra, "--workers", str(WORKERS)], samples)
                memory.setdefault(side, (samples, wall[side]))
            assert here.read_bytes() == there.read_bytes(), "the two outputs differ"
            pool, dask = args.mem_n / wall["pool"], args.mem_n / wall["dask"]
            ratios["cli"].append(dask / pool)
            out.append(
                f"| {r + 1} | `sudograph solve FILE -o OUT` (start-up included) | "
                f"{args.mem_n:,} | {pool:,.0f} | {dask:,.0f} | {dask / pool:.2f} |"
            )
            print(out[-1], file=sys.stderr)
    out += [
        "",
        f"Median ratio: `solve_many` {statistics.median(ratios['api']):.2f}, "
        f"command line {statistics.median(ratios['cli']):.2f}.",
        "",
        f"CPU seconds of the `solve_many` rounds ({args.n:,} puzzles), from /proc and rusage:",
        "",
        "| round | `--workers 2`: parent / workers | Dask: client + scheduler / workers |",
        "|---:|---:|---:|",
        *cpu,
        "",
        f"Memory over the {args.mem_n:,}-line file (first round of each side): resident MB of "
        "the whole process tree (client, and scheduler and workers or pool workers) when OUT "
        "holds 10%, 20%, ..., 90% of the lines; the peak over all samples (every 0.25 s).",
        "",
        "| run | MB at 10%, ..., 90% | peak MB |",
        "|---|---|---:|",
    ]
    for side, label in (("pool", "`--workers 2`"), ("dask", "`--dask local --workers 2`")):
        samples, _ = memory[side]
        marks = []
        for tenth in range(1, 10):
            first = next((mb for n, mb in samples if n >= tenth * args.mem_n // 10), None)
            marks.append("-" if first is None else f"{first:.0f}")
        peak = max((mb for _, mb in samples), default=0.0)
        out.append(f"| {label} | {', '.join(marks)} | {peak:.0f} |")
    publish(out, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
