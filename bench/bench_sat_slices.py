"""Method ``sat``'s conflict slices: sized by the clock (before) against sized by the formula.

Usage (from the repository root)::

    .venv/bin/python bench/bench_sat_slices.py [--reps 3] [--cap 30] [--only NAME ...]
        [--cache /tmp/sudograph_sat_slices.json]

Method ``sat`` before and now, on the same questions one after the other, the order
rotating from one repetition to the next (ABC, BCA, CAB, ...). Sides (the slices of
CaDiCaL's questions, ``conf_budget`` + ``solve_limited``):

* ``clock``: method ``sat`` before: 1,000 conflicts, doubling, each slice at most what the
  conflict rate of the last slice allows in 0.5 s (and in half the time left);
* ``gen``: generation's former copy (``SAT_SLICES``): 10,000 conflicts doubling up to
  100,000 (generation's uniqueness checks and settling before, exactly);
* ``formula``: method ``sat`` now (:func:`sudograph.search.sat.slice_cap`): 1,000 conflicts
  doubling up to a cap that shrinks with the formula's size, the clock only under a
  deadline;
* ``formula-defaults`` (uniqueness on killer cages only): the same slices with CaDiCaL's
  default options instead of its stable mode only (:data:`sudograph.search.sat.SAT_OPTIONS`).

The questions: the uniqueness (``sat.run``, limit 2) of 16×16 variants made by
``generate_variant`` (generation's independent check); generation's settling of a 16×16
killer's last clues (``_settle_sat``: one incremental CaDiCaL, CaDiCaL's own options, the
clues as assumptions) and one of its questions asked afresh (a two-solution count, as the
settling did before it had one solver: step 17 of killer seed 5 in :data:`TAILS`; when the
settling no longer has that step, a late one stands in and standard error says which); the
first solution of the empty 25×25 grid; the uniqueness of 9×9 and 16×16 classic puzzles;
unsatisfiable colourings (queen6_6 with 6 colours counted to 2, so without the clique's
colours fixed; myciel5 and Mycielski's M3 of the Petersen graph with 5; K11 with 10 colours
and one vertex precoloured, a pigeonhole).
The variants and the settling's inputs are made once (a minute) and kept in ``--cache``.
Each question runs under ``--cap`` seconds (a timeout: it binds only on a run that long;
the settling has none). Every solution is checked, and every side's answers must
agree. Per question and side: the median wall time, the conflicts (min–max over the
repetitions: the ``clock`` side's vary), the slices asked and the longest slice in seconds
(how long Ctrl-C may wait).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from sudograph.formats.dimacs import read_dimacs  # noqa: E402
from sudograph.generate import generate, generate_variant  # noqa: E402
from sudograph.graph import Graph, petersen_graph  # noqa: E402
from sudograph.grid import Grid  # noqa: E402
from sudograph.problem import Problem, SolveOptions, is_solution  # noqa: E402
from sudograph.search import sat  # noqa: E402

GEN = sys.modules["sudograph.generate"]  # the module (the package exports the function)
VARIANTS = [("killer", 1), ("killer", 2), ("killer", 3), ("killer", 5), ("windoku", 2)]
VARIANTS += [("anti-knight", 5)]
SETTLES = [("killer", 2), ("killer", 3), ("killer", 5)]
TAILS = [("killer-5", 17)]  # a two-solution count that the settling once asked afresh
SIDES = ("clock", "gen", "formula", "formula-defaults")


@dataclass
class Trace:
    """What the slicers of one question did: conflicts, slices, the longest slice."""

    conflicts: int = 0
    slices: int = 0
    longest: float = 0.0
    slicers: list[Any] = field(default_factory=list)

    def reset(self) -> None:
        self.conflicts, self.slices, self.longest, self.slicers = 0, 0, 0.0, []


TRACE = Trace()


class _Timed(sat._Slicer):
    """Method ``sat``'s slicer, each slice timed into :data:`TRACE`."""

    def __post_init__(self) -> None:
        super().__post_init__()
        TRACE.slicers.append(self)
        ask = self.ask

        def timed(assumptions: Sequence[int]) -> bool | None:
            t = time.perf_counter()
            try:
                return ask(assumptions)
            finally:
                TRACE.slices += 1
                TRACE.longest = max(TRACE.longest, time.perf_counter() - t)

        self.ask = timed


class _Gen(_Timed):
    """Generation's former slices: 10,000 conflicts doubling up to 100,000 (the first is
    set by :func:`side`)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.cap = 100_000


class _Clock(_Timed):
    """Method ``sat`` before: slices sized by the conflict rate (the code as it was)."""

    def _sliced(
        self,
        assumptions: Sequence[int],
        deadline: float | None,
        max_conflicts: int | None,
        max_decisions: int | None,
    ) -> bool | None:
        s = self.solver
        budget = 1000
        spent = 0
        decided = 0
        while True:
            if max_conflicts is not None:
                budget = min(budget, max_conflicts - spent)
                if budget <= 0:
                    return None
            if max_decisions is not None:
                left = max_decisions - decided
                if left <= 0:
                    return None
                s.dec_budget(left)
            now = time.perf_counter()
            if self.rate:
                allowed = 0.5 if deadline is None else min(0.5, (deadline - now) / 2)
                budget = max(200, min(budget, int(self.rate * allowed)))
            if deadline is not None and now >= deadline:
                return None
            before = s.accum_stats()
            s.conf_budget(budget)
            answer = self.ask(assumptions)
            decisions, conflicts = self._count(before)
            if answer is not None:
                return answer
            decided += decisions
            done = max(1, conflicts)
            spent += done
            self.rate = done / max(time.perf_counter() - now, 1e-6)
            budget = 2 * budget


SLICINGS = {"clock": (_Clock, 1000), "gen": (_Gen, 10_000)}


@contextmanager
def side(name: str) -> Iterator[None]:
    """Method ``sat`` (and generation's settling, which asks it) on side ``name``'s slices;
    ``formula-defaults``: CaDiCaL's default options instead of :data:`sat.SAT_OPTIONS`."""
    slicer, first = SLICINGS.get(name, (_Timed, 1000))
    saved = sat._Slicer, sat.FIRST_SLICE, sat.SAT_OPTIONS
    sat._Slicer, sat.FIRST_SLICE = slicer, first
    if name == "formula-defaults":
        sat.SAT_OPTIONS = {}
    try:
        yield
    finally:
        sat._Slicer, sat.FIRST_SLICE, sat.SAT_OPTIONS = saved


def mycielski(g: Graph) -> Graph:
    """Mycielski's construction: χ one more."""
    n = g.n
    edges = [(u, v) for u in range(n) for v in g.neighbors[u] if u < v]
    more = [(u, n + v) for u, v in edges] + [(v, n + u) for u, v in edges]
    return Graph.from_edges(2 * n + 1, edges + more + [(n + v, 2 * n) for v in range(n)])


def made(cache: Path) -> dict[str, Any]:
    """The 16×16 puzzles and the settling inputs, made once and kept in ``cache``."""
    if cache.exists():
        return dict(json.loads(cache.read_text()))
    data: dict[str, Any] = {"variants": {}, "settles": {}, "classic": {}}
    real = GEN._settle_sat
    current = [""]

    def spy(
        solution: Grid,
        puzzle: list[int],
        undecided: Sequence[Sequence[int]],
        deadline: float | None = None,
    ) -> Any:
        data["settles"][current[0]] = {
            "solution": solution.to_json(),
            "puzzle": list(puzzle),
            "undecided": [list(o) for o in undecided],
        }
        return real(solution, puzzle, undecided, deadline)

    GEN._settle_sat = spy
    try:
        for spec, seed in VARIANTS:
            current[0] = f"{spec}-{seed}"
            t = time.perf_counter()
            data["variants"][current[0]] = generate_variant(spec, 4, seed=seed).to_json()
            print(f"made {current[0]} ({time.perf_counter() - t:.1f} s)", file=sys.stderr)
    finally:
        GEN._settle_sat = real
    for seed in (1, 2):
        data["classic"][f"16x16-{seed}"] = generate(4, seed=seed).to_json()
    cache.write_text(json.dumps(data))
    return data


def grid(obj: Any) -> Grid:
    return Grid.parse(json.dumps(obj))


@dataclass
class Case:
    name: str
    run: Callable[[float], Any]  # the cap in seconds -> an answer every side must agree on
    cages: bool = False  # a uniqueness question on killer cages: side formula-defaults too


def solving(problem: Problem, limit: int) -> Callable[[float], Any]:
    def run(cap: float) -> Any:
        r = sat.run(problem, SolveOptions(limit=limit, timeout=cap))
        assert all(is_solution(problem, s) for s in r.solutions), "a non-solution"
        if not r.complete and len(r.solutions) < limit:  # stopped at the cap, maybe after one
            return "stopped"
        return r.status, len(r.solutions)

    return run


def settling(record: dict[str, Any]) -> Callable[[float], Any]:
    solution = grid(record["solution"])
    undecided = [tuple(o) for o in record["undecided"]]

    def run(cap: float) -> Any:
        puzzle = settle(solution, list(record["puzzle"]), undecided)
        return sum(1 for d in puzzle if d)  # the clues left

    return run


def settle(solution: Grid, puzzle: list[int], undecided: Sequence[tuple[int, ...]]) -> list[int]:
    """The puzzle ``_settle_sat`` leaves (it answers ``(values, cut short)``, no deadline
    here: never cut)."""
    answer = GEN._settle_sat(solution, puzzle, undecided)
    assert answer is not None, "a cage of too many combinations"
    values, cut = answer
    assert not cut
    return values


def tails(settles: dict[str, Any]) -> list[tuple[str, int, bool]]:
    """The settling steps of :data:`TAILS` that the recorded settlings have, as ``(key,
    step, stand_in)``.

    Generation may now leave fewer undecided orbits than when a step was chosen: a step
    asked and not found is named on standard error; when none of a record's asked steps
    exists, its last step stands in (``stand_in``; :func:`cases` moves it one step back when
    that question is the finished puzzle's own uniqueness, already a row), so that one of
    the settling's questions is still asked afresh.
    """
    asked: dict[str, list[int]] = {}
    for key, step in TAILS:
        asked.setdefault(key, []).append(step)
    out = []
    for key, steps in asked.items():
        if key not in settles:
            print(
                f"settle step(s) {steps} of {key} asked, but its settling was not recorded "
                "(no killer settling by CaDiCaL): skipped",
                file=sys.stderr,
            )
            continue
        count = len(settles[key]["undecided"])
        found = [(key, s, False) for s in steps if 0 <= s < count]
        missing = [s for s in steps if not 0 <= s < count]
        if missing:
            have = f"0–{count - 1}" if count else "none"
            note = f"settle step(s) {missing} of {key} asked, not found (its steps: {have})"
            if not found and count:
                found = [(key, count - 1, True)]
                note += "; a late step stands in"
            elif not found:
                note += ": skipped"
            print(note, file=sys.stderr)
        out += found
    return out


def cases(data: dict[str, Any]) -> list[Case]:
    out = []
    for key, obj in data["variants"].items():
        problem = grid(obj).problem
        out.append(Case(f"unique {key} 16×16", solving(problem, 2), bool(problem.cages)))
    for key in (f"{s}-{n}" for s, n in SETTLES):
        if key in data["settles"]:
            out.append(Case(f"settle {key} 16×16", settling(data["settles"][key])))
    for key, step, stand_in in tails(data["settles"]):
        record = data["settles"][key]
        solution = grid(record["solution"])
        undecided = [tuple(o) for o in record["undecided"]]
        settled = settle(solution, list(record["puzzle"]), undecided)
        while True:
            before = settle(solution, list(record["puzzle"]), undecided[:step])
            trial = [0 if v in undecided[step] else d for v, d in enumerate(before)]
            if not (stand_in and step > 0 and trial == settled):
                break
            step -= 1  # the finished puzzle's own question: one step back
        if stand_in:
            print(f"{key}: settle step {step} asked instead", file=sys.stderr)
        p = solution.problem
        problem = Problem(p.graph, p.k, tuple(trial), cages=p.cages)
        name = f"unique {key} 16×16, settle step {step}"
        out.append(Case(name, solving(problem, 2), True))
    out.append(Case("first empty 25×25", solving(Grid.empty(5).problem, 1)))
    hardest = (ROOT / "tests/data/sudoku/norvig_hardest.txt").read_text().split()
    for i in (0, 1):
        out.append(Case(f"unique hardest[{i}] 9×9", solving(Grid.parse(hardest[i]).problem, 2)))
    for key, obj in data["classic"].items():
        out.append(Case(f"unique classic {key}", solving(grid(obj).problem, 2)))
    queen = read_dimacs(ROOT / "tests/data/graphs/queen6_6.col")
    out.append(Case("unsat queen6_6, k=6, limit 2", solving(Problem(queen, 6), 2)))
    myciel = read_dimacs(ROOT / "tests/data/graphs/myciel5.col")
    out.append(Case("unsat myciel5, k=5", solving(Problem(myciel, 5), 1)))
    m3 = mycielski(mycielski(mycielski(petersen_graph())))
    out.append(Case("unsat M3(Petersen), k=5", solving(Problem(m3, 5), 1)))
    k11 = Graph.from_edges(11, [(u, v) for u in range(11) for v in range(u + 1, 11)])
    out.append(Case("unsat K11, k=10, a clue", solving(Problem(k11, 10, (1,) + (0,) * 10), 1)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=3, help="repetitions, the order rotating")
    ap.add_argument("--cap", type=float, default=30.0, help="seconds per question and side")
    ap.add_argument("--only", nargs="*", default=[], help="questions whose name has one of these")
    ap.add_argument(
        "--cache",
        type=Path,
        default=Path("/tmp/sudograph_sat_slices.json"),
        help="JSON file keeping the made puzzles and settling inputs (made when absent)",
    )
    args = ap.parse_args(argv)
    try:
        import pysat.solvers  # pysat.__version__ below
    except ImportError:
        sys.exit("bench_sat_slices: python-sat is not installed (pip install python-sat)")

    print(
        f"# {platform.machine()}, {platform.python_version()}, python-sat {pysat.__version__} "
        f"({sat.BACKEND}), {args.reps} reps, cap {args.cap:g} s"
    )
    todo = [
        c for c in cases(made(args.cache)) if not args.only or any(o in c.name for o in args.only)
    ]
    sat.run(Grid.empty(3).problem, SolveOptions())  # warm up: python-sat loaded
    print("| question | side | median s | conflicts | slices | longest slice s |")
    print("|---|---|---:|---:|---:|---:|")
    failed = 0
    for case in todo:
        sides = SIDES if case.cages else SIDES[:3]
        seen: dict[str, list[tuple[float, int, int, float]]] = {s: [] for s in sides}
        answers: set[Any] = set()
        stopped = dict.fromkeys(sides, 0)
        for rep in range(args.reps):
            turn = rep % len(sides)
            for name in sides[turn:] + sides[:turn]:
                TRACE.reset()
                with side(name):
                    t = time.perf_counter()
                    answer = case.run(args.cap)
                    wall = time.perf_counter() - t
                conflicts = sum(s.stats.conflicts for s in TRACE.slicers)
                seen[name].append((wall, conflicts, TRACE.slices, TRACE.longest))
                if answer == "stopped":
                    stopped[name] += 1
                else:
                    answers.add(answer)
        if len(answers) > 1:
            failed += 1
            print(f"DISAGREE {case.name}: {answers}", file=sys.stderr)
        for name in sides:
            rows = seen[name]
            conf = sorted(r[1] for r in rows)
            spread = f"{conf[0]:,}" if conf[0] == conf[-1] else f"{conf[0]:,}–{conf[-1]:,}"
            slices = sorted(r[2] for r in rows)
            cut = f"{slices[0]}" if slices[0] == slices[-1] else f"{slices[0]}–{slices[-1]}"
            median = f"{statistics.median(r[0] for r in rows):.2f}"
            if stopped[name]:
                median += f" ({stopped[name]} stopped at the cap)"
            print(
                f"| {case.name} | {name} | {median} | "
                f"{spread} | {cut} | {max(r[3] for r in rows):.2f} |",
                flush=True,
            )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
