"""Variant generation: unique (by CaDiCaL too), minimal, symmetric, solutions pass the checker."""

from __future__ import annotations

import pytest

from conftest import DATA
from sudograph.generate import generate_variant, is_minimal, is_symmetric, killer_cages
from sudograph.grid import Grid
from sudograph.variants import Variant, check_solution, parse_regions
from variant_oracle import sat_solutions

SPECS = [
    ("x", 2),
    ("x", 3),
    ("windoku", 3),
    ("disjoint", (2, 3)),
    ("centre-dot", 3),
    ("asterisk", 3),
    ("anti-knight", 3),
    ("anti-king", 3),
    ("killer", 2),
    ("killer", 3),
    ("killer+x", 3),
    ("x+anti-king", 3),
]


@pytest.mark.parametrize(("spec", "box"), SPECS)
def test_generated_variant_puzzles_are_unique_minimal_and_checked(
    spec: str, box: int | tuple[int, int]
) -> None:
    p = generate_variant(spec, box, seed=7)
    assert p.variant is not None and set(p.variant.names) == set(spec.split("+"))
    sols = sat_solutions(p.problem, 2)
    assert len(sols) == 1
    assert check_solution(p.variant, p.box, sols[0]) == []
    assert is_minimal(p)


def test_jigsaw_generation_and_symmetry() -> None:
    v = Variant(("jigsaw",), parse_regions((DATA / "variants" / "jigsaw6.regions").read_text(), 6))
    p = generate_variant(v, (2, 3), symmetry="central", seed=3)
    assert is_symmetric(p, "central")
    assert len(sat_solutions(p.problem, 2)) == 1


def test_same_seed_same_puzzle() -> None:
    assert generate_variant("x+anti-king", 3, seed=11) == generate_variant(
        "x+anti-king", 3, seed=11
    )


@pytest.mark.parametrize("seed", range(5))
def test_killer_cages_cover_the_grid_without_repeats(seed: int) -> None:
    solution = Grid.parse(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    )
    cages = killer_cages(solution, (2, 5), seed=seed)
    cells = sorted(v for c, _ in cages for v in c)
    assert cells == list(range(81))
    for c, total in cages:
        digits = [solution.values[v] for v in c]
        assert len(set(digits)) == len(digits) and sum(digits) == total and len(c) <= 5
    assert Grid((3, 3), solution.values, "", Variant((), None, cages)).is_complete()


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["x", "windoku", "anti-knight", "killer", "x+anti-king"])
def test_uniqueness_agrees_with_sat_on_many_puzzles(spec: str) -> None:
    """Generated puzzles and each with one clue less: our count (limit 2) = CaDiCaL's."""
    from sudograph.solve import solve

    for seed in range(8):
        p = generate_variant(spec, 3, seed=seed)
        clue = next(i for i, d in enumerate(p.values) if d) if p.clues else None
        weaker = p.with_values([0 if i == clue else d for i, d in enumerate(p.values)])
        for q in (p, weaker):
            ours = len(solve(q, limit=2, engine="python").solutions)
            assert ours == len(sat_solutions(q.problem, 2))


@pytest.mark.parametrize("sat", [True, False])
def test_killer_check_runs_on_sat_or_on_python(sat: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A generated killer is counted again by another engine: CaDiCaL (the encoding of method
    sat, its own of the sums) when python-sat is installed, else the Python engine; both are
    asked here."""
    import sys

    from sudograph.search import sat as sat_module
    from sudograph.solve import is_unique as real

    if sat:
        pytest.importorskip("pysat")
    monkeypatch.setattr(sat_module, "sat_available", lambda: sat)
    gen = sys.modules["sudograph.generate"]
    asked: list[tuple[str, str]] = []

    def spy(puzzle: Grid, method: str = "auto", **kw: str) -> bool:
        asked.append((method, kw.get("engine", "auto")))
        return real(puzzle, method, **kw)  # type: ignore[arg-type]

    real_sat = gen._sat_unique

    def sat_spy(problem: object) -> bool | None:
        asked.append(("sat", "auto"))
        return real_sat(problem)  # type: ignore[no-any-return]

    monkeypatch.setattr(gen, "is_unique", spy)
    monkeypatch.setattr(gen, "_sat_unique", sat_spy)
    puzzle = generate_variant("killer", 2, seed=3)
    assert asked == [("sat", "auto")] if sat else [("propagate", "python")]
    assert len(sat_solutions(puzzle.problem, 2)) == 1


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "seed"), [("windoku", 2), ("killer", 1), ("anti-knight", 5)])
def test_sixteen_by_sixteen_variants_need_no_long_search(
    spec: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No count of a 16x16 variant's generation runs long: the independent check hands over
    to CaDiCaL once the twin has spent CHECK_TWIN_NODES (it took 600 s and millions of nodes
    on a minimal windoku), and exact counts on killer cages go to CaDiCaL (the house kernel,
    which cannot hand cages to a SAT solver, took minutes on a killer's last clues). The
    puzzle is still unique (the oracle) and minimal."""
    import sys

    pytest.importorskip("pysat")
    pytest.importorskip("numba")
    from sudograph.generate import CHECK_TWIN_NODES

    core, gen = sys.modules["sudograph.solve"], sys.modules["sudograph.generate"]
    real = core.solve
    nodes: list[int] = []

    def spy(x: object, method: str = "propagate", **kw: object):  # type: ignore[no-untyped-def]
        result = real(x, method, **kw)
        nodes.append(result.stats.nodes)
        return result

    monkeypatch.setattr(core, "solve", spy)  # is_unique's
    monkeypatch.setattr(gen, "solve", spy)
    p = generate_variant(spec, 4, seed=seed)
    assert nodes and max(nodes) <= CHECK_TWIN_NODES
    assert len(sat_solutions(p.problem, 2)) == 1
    assert is_minimal(p)


def test_settle_asks_only_the_removals_left_undecided(monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact checks at the end are for the orbits whose budgeted check ran out, not every
    clue left (a clue refused by a check that finished stays refused: fewer clues now)."""
    import sys

    gen = sys.modules["sudograph.generate"]
    real = gen._Counter.verdicts
    asked = {"budgeted": 0, "exact": 0}

    def spy(self, puzzles):  # type: ignore[no-untyped-def]
        out = real(self, puzzles)
        if self.max_nodes is None:
            asked["exact"] += len(puzzles)
        else:
            asked["budgeted"] += out.count(None)
        return out

    monkeypatch.setattr(gen._Counter, "verdicts", spy)
    p = generate_variant("x", 4, seed=1)
    assert 0 < asked["exact"] <= asked["budgeted"] < p.clues
    assert is_minimal(p)


def _non_minimal_after(seconds: float, monkeypatch: pytest.MonkeyPatch) -> Grid:
    """Make every try of ``variant_puzzle`` a 9x9 x puzzle that is not minimal, ``seconds``
    long, and return that puzzle."""
    import importlib
    import time

    gen = importlib.import_module("sudograph.generate")

    real = generate_variant("x", 3, symmetry="central", seed=1)
    clue = next(v for v in range(81) if real.values[v] == 0)
    full = importlib.import_module("sudograph.solve").solve(real, "propagate").solution
    assert full is not None
    padded = real.with_values(tuple(full[v] if v == clue else real.values[v] for v in range(81)))
    assert not is_minimal(padded)

    def attempt(*args: object, **kwargs: object) -> tuple[Grid, bool]:
        time.sleep(seconds)
        return padded, False

    monkeypatch.setattr(gen, "_variant_attempt", attempt)
    return padded


def test_minimal_symmetric_variant_tries_stop_at_the_time_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No try cap: minimal symmetric variant puzzles are tried for GENERATE_SECONDS (or the
    timeout), then a SudographError says so."""
    import importlib

    from sudograph.errors import SudographError

    gen = importlib.import_module("sudograph.generate")

    padded = _non_minimal_after(0.02, monkeypatch)
    monkeypatch.setattr(gen, "GENERATE_SECONDS", 0.05)
    with pytest.raises(SudographError, match=r"no minimal central-symmetric .* in 0\.05 s \(\d"):
        gen.variant_puzzle("x", 3, "central", None, 1, None, True)
    # minimal asked: a timeout is the budget, not a best effort (as generate's)
    with pytest.raises(SudographError, match=r"no minimal central-symmetric .* in 0\.08 s \(\d"):
        gen.variant_puzzle("x", 3, "central", None, 1, 0.08, True)
    # without minimal, or without a symmetry, one try is the answer, never cut
    assert gen.variant_puzzle("x", 3, "central", None, 1, None, False) == (padded, False)


def test_minimal_with_a_timeout_is_not_best_effort(capfd: pytest.CaptureFixture[str]) -> None:
    """``generate --variant ... --minimal --timeout S`` wrote a puzzle that was not minimal
    (the same as without --minimal), exit 0; the help says --minimal turns best effort off."""
    from sudograph.cli import main

    argv = ["generate", "--variant", "x+anti-knight", "--size", "16", "--seed", "3"]
    assert main([*argv, "--timeout", "0.5", "--minimal"]) == 2
    out, err = capfd.readouterr()
    assert out == ""
    assert "no minimal puzzle found in 0.5 s (1 try; " in err
