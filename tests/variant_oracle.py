"""An independent oracle for variant puzzles: a CNF encoding solved by CaDiCaL (python-sat).

Written from the rules (the graph's edges and the cages), not from the search: one variable per
(cell, digit); each cell one digit; adjacent cells differ; each house holds every digit; each
cage takes exactly one of its digit combinations. Used by the tests and ``bench/bench_variants.py``.
"""

from __future__ import annotations

import time
from itertools import combinations

from sudograph.problem import Problem


def cnf(problem: Problem) -> list[list[int]]:
    """The clauses: variable ``v * k + c`` says vertex ``v`` takes colour ``c`` (1..k); the
    cages' selector variables come after ``n * k``."""
    n, k = problem.graph.n, problem.k

    def x(v: int, c: int) -> int:
        return v * k + c

    top = n * k
    clauses: list[list[int]] = []
    for v in range(n):
        clauses.append([x(v, c) for c in range(1, k + 1)])
        clauses += [[-x(v, a), -x(v, b)] for a, b in combinations(range(1, k + 1), 2)]
        if problem.precolouring[v]:
            clauses.append([x(v, problem.precolouring[v])])
    for u, v in problem.graph.edges():
        clauses += [[-x(u, c), -x(v, c)] for c in range(1, k + 1)]
    for house in problem.graph.houses:
        if len(house) == k:
            clauses += [[x(v, c) for v in house] for c in range(1, k + 1)]
    for cells, total in problem.cages:
        choices = []
        for combo in combinations(range(1, k + 1), len(cells)):
            if sum(combo) != total:
                continue
            top += 1
            choices.append(top)
            for c in range(1, k + 1):
                if c in combo:
                    clauses.append([-top] + [x(v, c) for v in cells])
                else:
                    clauses += [[-top, -x(v, c)] for v in cells]
        clauses.append(choices)
    return clauses


def solve_cnf(
    clauses: list[list[int]], n: int, k: int, limit: int = 2
) -> tuple[list[tuple[int, ...]], float, int]:
    """Up to ``limit`` solutions of :func:`cnf`'s ``clauses`` found by CaDiCaL, each blocked in
    turn; the seconds (CPU) its ``solve`` calls took, and its conflicts."""
    from pysat.solvers import Solver

    out: list[tuple[int, ...]] = []
    spent = 0.0
    with Solver(name="cadical153", bootstrap_with=clauses) as solver:
        while len(out) < limit:
            start = time.process_time()
            sat = solver.solve()
            spent += time.process_time() - start
            if not sat:
                break
            model = {lit for lit in solver.get_model() or [] if lit > 0}
            sol = tuple(next(c for c in range(1, k + 1) if v * k + c in model) for v in range(n))
            out.append(sol)
            solver.add_clause([-(v * k + sol[v]) for v in range(n)])
        conflicts = int(solver.accum_stats().get("conflicts", 0))
    return out, spent, conflicts


def sat_solutions(problem: Problem, limit: int = 2) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions of ``problem`` found by CaDiCaL, each blocked in turn."""
    return solve_cnf(cnf(problem), problem.graph.n, problem.k, limit)[0]
