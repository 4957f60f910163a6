"""A long robustness run of the solvers (issue 8): fuzzing, differential and limits figures.

Three parts, each printing its counts (the figures of docs/robustness-solvers.md):

- ``fuzz``: for ``--seconds`` seconds, random inputs (arbitrary bytes, arbitrary text, grid-
  like and DIMACS-like text, puzzle-like lines) go to every parser (Grid.parse, iter_puzzles,
  iter_grids, parse_dimacs, read_dimacs) and to every command of the CLI that reads a puzzle
  or a graph (solve inline / file / stdin, color, chromatic, check, show, info), with random
  options and bounded by ``--max-nodes``/``--timeout``. A *crash* is any exception other than
  the documented ones (ParseError from a parser, nothing from ``main``), an exit code other
  than 0/1/2, a traceback on standard error, or an exit 2 without a message.
- ``differential``: the corpus of tests/test_differential.py (regression table, samples of the
  puzzle sets, derived puzzles) and random graphs through every complete method on both engines;
  a *disagreement* is any difference the test would flag.
- ``limits``: each method (and engine) on an input it cannot finish, with ``timeout`` in
  (0.05, 0.2, 0.5) s and ``max_nodes`` in (1, 100, 5000): the worst overshoot of the time limit,
  and how many runs kept within ``1.1 × limit + 0.05 s``.

Run from the repository root (random inputs are drawn from ``random.Random(--seed)``)::

    .venv/bin/python bench/fuzz_long.py --seconds 240 --seed 1
    .venv/bin/python bench/fuzz_long.py --part limits
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import sys
import tempfile
import time
import traceback
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from sudograph.cli import main  # noqa: E402
from sudograph.errors import ParseError  # noqa: E402
from sudograph.formats.dimacs import parse_dimacs, read_dimacs  # noqa: E402
from sudograph.formats.puzzles import iter_grids, iter_puzzles  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.methods import METHODS  # noqa: E402
from sudograph.search.greedy import ORDERS as GREEDY_ORDERS  # noqa: E402

BOUNDS = ["--max-nodes", "2000", "--timeout", "1"]
GRID_CHARS = "123456789.0ABCDEFG |+-#[]{},\n\r\tx"


# -- random inputs ---------------------------------------------------------------------------
def random_bytes(rng: random.Random) -> bytes:
    return bytes(rng.randrange(256) for _ in range(rng.randint(0, 400)))


def random_text(rng: random.Random) -> str:
    pools = [GRID_CHARS, "".join(map(chr, range(32, 127))), "é€\u200b\ufeff\x00\r\n"]
    pool = rng.choice(pools)
    return "".join(rng.choice(pool) for _ in range(rng.randint(0, 300)))


def puzzle_like(rng: random.Random) -> str:
    side = rng.choice([1, 4, 6, 9, 9, 9, 16, 25])
    dots = rng.random()
    cells = [
        "." if rng.random() < dots else rng.choice("123456789ABCDEFG") for _ in range(side * side)
    ]
    text = "".join(cells)
    if rng.random() < 0.2:  # a near miss: one cell more or less, or a stray character
        text = rng.choice([text[:-1], text + ".", text.replace(".", "?", 1)])
    return text


def dimacs_like(rng: random.Random) -> str:
    lines = []
    for _ in range(rng.randint(0, 16)):
        kind = rng.random()
        if kind < 0.15:
            lines.append(rng.choice(["p edge 5 4", "p edge 3 3", "p col 4", "p edge -1 0", "p"]))
        elif kind < 0.8:
            lines.append(f"e {rng.randint(-1, 7)} {rng.randint(-1, 7)}")
        elif kind < 0.9:
            lines.append("c comment")
        else:
            lines.append(random_text(rng)[:12])
    return "\n".join(lines)


def any_input(rng: random.Random) -> bytes:
    maker = rng.choice(["bytes", "text", "puzzles", "dimacs"])
    if maker == "bytes":
        return random_bytes(rng)
    if maker == "text":
        return random_text(rng).encode("utf-8", "surrogatepass")
    if maker == "puzzles":
        return "\n".join(puzzle_like(rng) for _ in range(rng.randint(1, 3))).encode()
    return dimacs_like(rng).encode()


def solve_options(rng: random.Random) -> list[str]:
    choices = [
        ["--json"], ["--count"], ["--all"], ["--stats"], ["--trace", "--trace-steps", "5"],
        ["--format", "line"], ["--limit", "2"], ["--box", "2x3"], ["--alphabet", "ABCD"],
        ["--engine", "python"], ["--seed", "3", "--itermax", "5"],
        *[["--method", m] for m in sorted(METHODS)],
        ["--order", "dsatur"], ["--inference", "check"],
    ]  # fmt: skip
    return [a for part in rng.sample(choices, rng.randint(0, 3)) for a in part]


def color_options(rng: random.Random) -> list[str]:
    choices = [
        ["--json"], ["--seed", "2"], *[["--method", m] for m in sorted(METHODS)],
        *[["--greedy", o] for o in [*GREEDY_ORDERS, "bogus"]],
    ]  # fmt: skip
    return [a for part in rng.sample(choices, rng.randint(0, 2)) for a in part]


# -- running ---------------------------------------------------------------------------------
@contextlib.contextmanager
def captured(stdin: bytes | None) -> Iterator[io.StringIO]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BufferedReader(io.BytesIO(stdin)), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            yield err
    finally:
        sys.stdin = saved


def cli_case(argv: list[str], stdin: bytes | None = None) -> str | None:
    """Run the CLI; None when it behaved, else what went wrong."""
    try:
        with captured(stdin) as err:
            code = main(argv)
    except BaseException:  # anything escaping main is a crash
        return traceback.format_exc(limit=4)
    text = err.getvalue()
    if code not in (0, 1, 2):
        return f"exit code {code}"
    if "Traceback" in text:
        return text
    if code == 2 and not text.strip():
        return "exit 2 without a message"
    return None


def parser_case(call: Callable[[], Any]) -> str | None:
    """Run a parser; ParseError is an answer, anything else a crash."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call()
    except ParseError:
        return None
    except Exception:  # anything but ParseError is a crash
        return traceback.format_exc(limit=4)
    return None


def cases_of(
    text: str, data: bytes, command: str, argv: list[str], stdin: bytes | None
) -> list[tuple[str, Callable[[], str | None]]]:
    """The checks of one input: every parser, and one command line."""
    return [
        ("Grid.parse", lambda: parser_case(lambda: Grid.parse(text))),
        ("iter_puzzles", lambda: parser_case(lambda: list(iter_puzzles(io.BytesIO(data))))),
        ("iter_grids", lambda: parser_case(lambda: list(iter_grids(io.BytesIO(data))))),
        ("parse_dimacs", lambda: parser_case(lambda: parse_dimacs(text))),
        ("read_dimacs", lambda: parser_case(lambda: read_dimacs(io.BytesIO(data)))),
        (command, lambda: cli_case(argv, stdin)),
    ]


@contextlib.contextmanager
def silenced_descriptors() -> Iterator[None]:
    """Point file descriptors 1 and 2 at /dev/null (the batch mode writes to them directly)."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    try:
        yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (*saved, devnull):
            os.close(fd)


def fuzz(seconds: float, seed: int) -> dict[str, Any]:
    """Random inputs to every parser and command for ``seconds``."""
    rng = random.Random(seed)
    tried: Counter[str] = Counter()
    crashes: list[tuple[str, bytes, str]] = []
    tmp = Path(tempfile.mkdtemp(prefix="sudograph-fuzz-"))
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        data = any_input(rng)
        text = data.decode("utf-8", "replace")
        path = tmp / rng.choice(["in.txt", "in.col"])
        path.write_bytes(data)
        command = rng.choice(["solve-inline", "solve-file", "solve-stdin", "color", "chromatic",
                              "check", "show", "info"])  # fmt: skip
        inline = text if not text.startswith("-") and "\x00" not in text else "x" + text
        inline = inline.replace("\x00", "")
        argv: list[str]
        stdin = None
        if command == "solve-inline":
            argv = ["solve", inline or ".", *solve_options(rng), *BOUNDS]
        elif command == "solve-file":
            argv = ["solve", str(path), *solve_options(rng), *BOUNDS]
        elif command == "solve-stdin":
            argv, stdin = ["solve", "-", *solve_options(rng), *BOUNDS], data
        elif command == "color":
            k = str(rng.randint(-2, 70))
            options = color_options(rng)
            bounds = [] if "--greedy" in options else ["--max-nodes", "2000", "--timeout", "1"]
            argv = ["color", str(path), "-k", k, *options, *bounds]  # --greedy refuses bounds
        elif command == "chromatic":
            argv = ["chromatic", str(path), "--timeout", "1"]
        else:
            argv = [command, str(path), *rng.choice([[], ["--json"], ["--box", "2x3"]])]
        for name, case in cases_of(text, data, command, argv, stdin):
            tried[name] += 1
            problem = case()
            if problem is not None:
                crashes.append((name, data, problem))
    for p in tmp.iterdir():
        p.unlink()
    tmp.rmdir()
    return {"tried": tried, "crashes": crashes}


def differential() -> dict[str, int]:
    """The checks of tests/test_differential.py over its whole corpus, counted."""
    import test_differential as td

    runs = disagreements = 0
    for name, grid in td.CORPUS:
        try:
            td.check_puzzle(grid)
        except AssertionError as exc:
            disagreements += 1
            print(f"DISAGREEMENT {name}: {exc}", file=sys.stderr)
        runs += len(td.SEARCH) * len(td.ENGINES) + (2 if grid.n == 9 else 0)
    graphs = td.graph_cases(22, 200, (8, 40), 5) + td.graph_cases(21, 100, (1, 6), 4)
    for problem in graphs:
        try:
            td.compare_methods(problem, limit=None if problem.graph.n <= 6 else 2, cap=10**5)
        except AssertionError as exc:
            disagreements += 1
            print(f"DISAGREEMENT graph: {exc}", file=sys.stderr)
        runs += len(td.SEARCH) * len(td.ENGINES)
    return {"puzzles": len(td.CORPUS), "graphs": len(graphs), "runs": runs,
            "disagreements": disagreements}  # fmt: skip


def limits() -> dict[str, Any]:
    """Overshoot of ``timeout`` and exactness of ``max_nodes`` for every method and engine."""
    import test_limits as tl
    from sudograph.solve import solve

    rows = []
    within = total = exact = node_runs = 0
    worst = 0.0
    for method in sorted(METHODS):
        if method == "fast" and not tl.FAST:
            continue
        for engine in tl.engines_of(method):
            x, kw = tl.hard_case(method)
            for limit in (0.05, 0.2, 0.5):
                start = time.perf_counter()
                r = solve(x, method, timeout=limit, engine=engine, **(tl.seeded(method) | kw))
                elapsed = time.perf_counter() - start
                total += 1
                ok = elapsed <= 1.1 * limit + 0.05
                within += ok
                if r.reason == "time limit":
                    worst = max(worst, elapsed - limit)
                rows.append((method, engine, limit, r.status, r.reason, round(elapsed, 3), ok))
            for cap in (1, 100, 5000):
                r = solve(x, method, max_nodes=cap, engine=engine, **(tl.seeded(method) | kw))
                node_runs += 1
                done = r.stats.attempts if METHODS[method].randomized else r.stats.nodes
                exact += method == "logic" or (done == cap and r.reason == "node limit")
    return {"rows": rows, "within": within, "total": total, "worst_overshoot": worst,
            "node_runs": node_runs, "node_exact": exact}  # fmt: skip


def main_(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    ap.add_argument(
        "--part",
        choices=["all", "fuzz", "differential", "limits"],
        default="all",
        help="the part to run (default all)",
    )
    ap.add_argument("--seconds", type=float, default=120.0, help="fuzzing time")
    ap.add_argument("--seed", type=int, default=1, help="seed of the random inputs")
    args = ap.parse_args(argv)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus, seed {args.seed}")
    failed = False
    if args.part in ("all", "fuzz"):
        start = time.perf_counter()
        with silenced_descriptors():
            f = fuzz(args.seconds, args.seed)
        seconds = time.perf_counter() - start
        print(f"fuzz: {sum(f['tried'].values())} inputs in {seconds:.0f} s, "
              f"{len(f['crashes'])} crashes")  # fmt: skip
        for name, n in sorted(f["tried"].items()):
            print(f"  {name}: {n}")
        for name, data, problem in f["crashes"][:10]:
            print(f"CRASH {name} on {data[:80]!r}:\n{problem}")
        failed |= bool(f["crashes"])
    if args.part in ("all", "differential"):
        start = time.perf_counter()
        d = differential()
        print(f"differential: {d['puzzles']} puzzles and {d['graphs']} graphs, {d['runs']} "
              f"solver runs, {d['disagreements']} disagreements, "
              f"{time.perf_counter() - start:.0f} s")  # fmt: skip
        failed |= bool(d["disagreements"])
    if args.part in ("all", "limits"):
        lim = limits()
        print(f"limits: {lim['within']}/{lim['total']} timeout runs within 1.1 x limit + 50 ms, "
              f"worst overshoot {lim['worst_overshoot'] * 1000:.0f} ms; max_nodes exact in "
              f"{lim['node_exact']}/{lim['node_runs']} runs")  # fmt: skip
        for row in lim["rows"]:
            print("  " + "  ".join(str(c) for c in row))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main_())
