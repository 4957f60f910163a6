"""Deleting a python-sat solver interrupted by Ctrl-C leaves no C solver to be freed twice:
python-sat frees the C solver, then clears its handle, and Ctrl-C between the two left the
handle set for ``__del__`` to free it again at exit, a double free that aborted the process
(``generate --variant killer`` interrupted: 3 runs in 60)."""

from __future__ import annotations

import pytest

from sudograph.search.sat import free_solver


class Cadical153:
    """A backend deleted as python-sat deletes one (its handle ``cadical``), Ctrl-C coming
    between the two steps when ``cut``."""

    def __init__(self, cut: bool) -> None:
        self.cadical: object | None = object()
        self.frees = 0
        self.cut = cut

    def delete(self) -> None:
        if self.cadical:
            self.frees += 1  # the C solver freed
            if self.cut:
                raise KeyboardInterrupt
            self.cadical = None


class Wrapper:
    """python-sat's ``Solver``: it deletes its backend, then forgets it."""

    def __init__(self, cut: bool) -> None:
        self.solver: Cadical153 | None = Cadical153(cut)

    def delete(self) -> None:
        if self.solver:
            self.solver.delete()
            self.solver = None


@pytest.mark.parametrize("wrapped", [False, True], ids=["backend", "Solver"])
def test_an_interrupted_delete_frees_once(wrapped: bool) -> None:
    solver = Wrapper(cut=True) if wrapped else Cadical153(cut=True)
    backend = solver.solver if isinstance(solver, Wrapper) else solver
    assert isinstance(backend, Cadical153)
    with pytest.raises(KeyboardInterrupt):
        free_solver(solver)
    assert backend.cadical is None and backend.frees == 1
    solver.delete()  # what __del__ does at exit: nothing left to free
    assert backend.frees == 1


@pytest.mark.parametrize("wrapped", [False, True], ids=["backend", "Solver"])
def test_a_delete_not_interrupted_is_the_plain_one(wrapped: bool) -> None:
    solver = Wrapper(cut=False) if wrapped else Cadical153(cut=False)
    backend = solver.solver if isinstance(solver, Wrapper) else solver
    free_solver(solver)
    assert backend is not None and backend.cadical is None and backend.frees == 1


def test_a_real_solver_is_freed() -> None:
    pytest.importorskip("pysat")
    from pysat.solvers import Solver

    solver = Solver(name="cadical153", bootstrap_with=[[1, 2], [-1]])
    backend = solver.solver
    free_solver(solver)
    assert solver.solver is None and backend.cadical is None
