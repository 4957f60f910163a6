"""Golden tests of sudograph.fr.capes2017 (seed 003, CAPES 2017): every output the notebook prints.

The expected values below are copied from the seed document (In/Out cells); the long one is the
debug trace of ``backtracking(M, [0, 0], True)`` (cell In [39]).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudograph.errors import InvalidArgument
from sudograph.fr import capes2017 as c
from sudograph.grid import Grid
from sudograph.solve import solve


@pytest.fixture(autouse=True)
def _nb_appel_a_zero():
    """Each test starts like cell In [37] of the notebook: ``nb_appel = 0``."""
    c.nb_appel = 0


# Out[31]: M after one un_tour(M)
M_APRES_UN_TOUR = [
    [2, 0, 0, 0, 9, 0, 3, 0, 0],
    [0, 1, 9, 0, 8, 0, 5, 7, 4],
    [0, 0, 8, 4, 0, 0, 6, 2, 9],
    [5, 9, 0, 6, 2, 1, 4, 8, 7],
    [0, 2, 7, 0, 3, 8, 1, 6, 5],
    [0, 6, 1, 5, 7, 4, 2, 9, 3],
    [0, 8, 5, 0, 0, 9, 7, 3, 0],
    [9, 3, 6, 0, 5, 0, 8, 4, 2],
    [0, 0, 2, 0, 6, 0, 9, 5, 1],
]

# Out[41]: M solved by backtracking (and by complete)
M_RESOLUE = [
    [2, 5, 4, 7, 9, 6, 3, 1, 8],
    [6, 1, 9, 3, 8, 2, 5, 7, 4],
    [3, 7, 8, 4, 1, 5, 6, 2, 9],
    [5, 9, 3, 6, 2, 1, 4, 8, 7],
    [4, 2, 7, 9, 3, 8, 1, 6, 5],
    [8, 6, 1, 5, 7, 4, 2, 9, 3],
    [1, 8, 5, 2, 4, 9, 7, 3, 6],
    [9, 3, 6, 1, 5, 7, 8, 4, 2],
    [7, 4, 2, 8, 6, 3, 9, 5, 1],
]

# Out[44]: the empty grid filled by backtracking (question 15)
N_REMPLIE = [
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
    [4, 5, 6, 7, 8, 9, 1, 2, 3],
    [7, 8, 9, 1, 2, 3, 4, 5, 6],
    [2, 1, 4, 3, 6, 5, 8, 9, 7],
    [3, 6, 5, 8, 9, 7, 2, 1, 4],
    [8, 9, 7, 2, 1, 4, 3, 6, 5],
    [5, 3, 1, 6, 4, 2, 9, 7, 8],
    [6, 4, 2, 9, 7, 8, 5, 3, 1],
    [9, 7, 8, 5, 3, 1, 6, 4, 2],
]


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda L: c.ligne(L, 0), [6, 2, 5]),  # Out[12]
        (lambda L: c.colonne(L, 0), [4, 6, 1, 3, 2]),  # Out[14]
        (lambda L: c.carre(L, 4, 6), [9, 7, 3]),  # Out[16]
        (lambda L: c.carre(L, 4, 5), [5, 4]),  # Out[17]
        (lambda L: set(c.conflit(L, 5, 5)), {8, 1, 4, 5, 6}),  # Out[19]
        (lambda L: c.chiffre_ok(L, 4, 2), [2, 5, 8, 9]),  # Out[23]
        (lambda L: c.chiffres_ok(L, 4, 2), [2, 5, 8, 9]),  # the subject's spelling
        (lambda L: c.nb_possible(L, 4, 2), 4),  # Out[28]
        (lambda L: c.ligne_complete(L, 1), False),  # Out[7]
        (lambda L: c.colonne_complete(L, 2), False),  # Out[8]
        (lambda L: c.carre_complet(L, 8), False),  # Out[9]
        (lambda L: c.complet(L), False),  # Out[10]
    ],
)
def test_outputs_on_grid_L(call, expected):
    L = c.GRILLE_L()
    assert call(L) == expected
    assert c.GRILLE_L() == L  # the accessors leave the grid alone


@pytest.mark.parametrize(
    ("call", "printed"),
    [
        (lambda L: c.ligne_complete(L, 1, True), "[4, 0, 0, 9, 2, 1, 0, 0, 0]\n"),
        (lambda L: c.colonne_complete(L, 2, True), "[0, 0, 0, 0, 0, 0, 0, 0, 6]\n"),
        (lambda L: c.carre_complet(L, 8, True), "[0, 6, 0, 0, 0, 2, 0, 1, 0]\n"),
        (
            lambda L: c.carre(L, 4, 6, True),
            "3 6\n3 6 0\n3 7 0\n3 8 9\n4 6 0\n4 7 7\n4 8 3\n5 6 0\n5 7 0\n5 8 0\n",
        ),
        (
            lambda L: c.carre(L, 4, 5, True),
            "3 3\n3 3 0\n3 4 0\n3 5 5\n4 3 0\n4 4 0\n4 5 0\n5 3 4\n5 4 0\n5 5 0\n",
        ),
    ],
)
def test_debug_prints(call, printed, capsys):
    call(c.GRILLE_L())
    assert capsys.readouterr().out == printed


def test_conflit_is_list_without_repeats():
    out = c.conflit(c.GRILLE_L(), 5, 5)
    assert isinstance(out, list) and len(out) == len(set(out))


def test_un_tour_then_complete():
    M = c.GRILLE_M()
    assert c.un_tour(M) is True  # Out[30]
    assert M == M_APRES_UN_TOUR  # Out[31]
    assert c.complete(M) is True  # Out[33]
    assert M == M_RESOLUE
    assert c.un_tour(M) is False  # nothing left to fill


def test_complete_fails_without_guessing():
    L = c.GRILLE_L()
    assert c.complete(L) is False
    assert not c.un_tour(L)


@pytest.mark.parametrize(
    ("pos", "expected"), [([1, 3], [1, 4]), ([8, 8], [9, 0]), ([0, 8], [1, 0]), ([0, 0], [0, 1])]
)
def test_case_suivante(pos, expected):
    assert c.case_suivante(pos) == expected  # Out[35], Out[36]


def test_backtracking_solves_M_in_place():
    M = c.GRILLE_M()
    assert c.backtracking(M, [0, 0]) is True  # Out[39]
    assert c.complet(M) is True  # Out[40]
    assert M == M_RESOLUE  # Out[41]
    assert Grid.from_lists(M).is_solution_of(Grid.from_lists(c.GRILLE_M()))


def test_backtracking_debug_trace_is_the_documents(capsys):
    M = c.GRILLE_M()
    assert c.backtracking(M, [0, 0], True) is True
    assert capsys.readouterr().out == TRACE_IN_39 + " "  # "pos: [9, 0] " ends without newline


def test_empty_grid_question_15():
    N = [[0] * 9 for _ in range(9)]
    assert c.backtracking(N, [0, 0]) is True  # Out[43]
    assert N == N_REMPLIE  # Out[44]
    assert c.solution_sudoku([[0] * 9 for _ in range(9)]) == N_REMPLIE


def test_backtracking_without_solution_leaves_grid():
    M = [[0] * 9 for _ in range(9)]
    M[0][:8] = [1, 2, 3, 4, 5, 6, 7, 8]
    M[4][8] = 9  # r1c9 has no digit left: no clash, but no solution
    assert solve(Grid.from_lists(M), "propagate").status == "unsatisfiable"
    before = [row[:] for row in M]
    assert c.backtracking(M, [0, 0]) is False
    assert before == M
    assert c.solution_sudoku(M) is None


def test_backtracking_clashing_clues_is_false(capsys):
    M = c.GRILLE_M()
    M[0][1] = 2  # a second 2 in row 0
    assert c.backtracking(M, [0, 0]) is False
    assert capsys.readouterr().out == ""


def test_backtracking_debug_says_why_clashing_clues_have_no_solution(capsys):
    """With ``debug``, the clashing clues named in one line (was: nothing printed, False);
    no level entered, ``nb_appel`` unchanged, the line in the Compteur's trace."""
    M = c.GRILLE_M()
    M[0][1] = 2
    compteur = c.Compteur()
    assert c.backtracking(M, [0, 0], True, compteur=compteur) is False
    line = "pas de solution : clashing clues: row 1: 2 at r1c1, r1c2; "
    printed = capsys.readouterr().out
    assert printed.startswith(line) and printed.count("\n") == 1, printed
    assert compteur.trace == [printed.rstrip("\n")] and compteur.statut == "unsatisfiable"
    assert c.nb_appel == 0


def test_backtracking_from_a_later_position_ignores_earlier_empty_cells():
    M = [row[:] for row in M_RESOLUE]
    M[0][1] = 0  # left empty: before pos, so the document never fills it
    M[5][5] = 0
    assert c.backtracking(M, [1, 0]) is True
    assert M[0][1] == 0 and M[5][5] == 4
    assert c.backtracking(M, [9, 0]) is True


def test_backtracking_from_later_position_debug(capsys):
    M = [row[:] for row in M_RESOLUE]
    M[8][7] = 0
    assert c.backtracking(M, [8, 6], True) is True
    assert capsys.readouterr().out == (
        "enter backtrack niveau 0\npos: [8, 6] 9\n"
        "enter backtrack niveau 1\npos: [8, 7] 0\n[5]\n5\n"
        "enter backtrack niveau 2\npos: [8, 8] 1\n"
        "enter backtrack niveau 3\npos: [9, 0] "
    )


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), holes=st.integers(1, 50))
def test_backtracking_agrees_with_core(seed, holes):
    """Law: from a solution with holes, backtracking finds the core's first naive solution."""
    rng = random.Random(seed)
    M = [row[:] for row in M_RESOLUE]
    for cell in rng.sample(range(81), holes):
        M[cell // 9][cell % 9] = 0
    expected = solve(Grid.from_lists(M), "naive").grid
    assert c.backtracking(M, [0, 0]) is True
    assert expected is not None and Grid.from_lists(M) == expected
    assert c.complet(M)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), holes=st.integers(0, 60))
def test_chiffre_ok_matches_grid_candidates(seed, holes):
    """Law: on an empty cell, chiffre_ok is Grid.candidates; nb_possible its length."""
    rng = random.Random(seed)
    M = [row[:] for row in N_REMPLIE]
    for cell in rng.sample(range(81), holes):
        M[cell // 9][cell % 9] = 0
    g = Grid.from_lists(M)
    for cell in g.empty_cells():
        i, j = divmod(cell, 9)
        assert c.chiffre_ok(M, i, j) == list(g.candidates(cell))
        assert c.nb_possible(M, i, j) == len(g.candidates(cell))


def test_un_tour_fills_only_forced_cells():
    M = c.GRILLE_M()
    before = [row[:] for row in M]
    c.un_tour(M)
    solution = M_RESOLUE
    for i in range(9):
        for j in range(9):
            if before[i][j] == 0 and M[i][j]:
                assert M[i][j] == solution[i][j]


TRACE_IN_39 = """\
enter backtrack niveau 0
pos: [0, 0] 2
enter backtrack niveau 1
pos: [0, 1] 0
[4, 5, 6, 7]
4
enter backtrack niveau 2
pos: [0, 2] 0
[6]
6
enter backtrack niveau 3
pos: [0, 3] 0
[1, 7]
1
enter backtrack niveau 4
pos: [0, 4] 9
enter backtrack niveau 5
pos: [0, 5] 0
[5, 7]
5
enter backtrack niveau 6
pos: [0, 6] 3
enter backtrack niveau 7
pos: [0, 7] 0
[8]
8
enter backtrack niveau 8
pos: [0, 8] 0
[]
exit backtrack niveau 8
exit backtrack niveau 7
7
enter backtrack niveau 9
pos: [0, 6] 3
enter backtrack niveau 10
pos: [0, 7] 0
[5, 8]
5
enter backtrack niveau 11
pos: [0, 8] 0
[8]
8
enter backtrack niveau 12
pos: [1, 0] 0
[3]
3
enter backtrack niveau 13
pos: [1, 1] 1
enter backtrack niveau 14
pos: [1, 2] 9
enter backtrack niveau 15
pos: [1, 3] 0
[2]
2
enter backtrack niveau 16
pos: [1, 4] 8
enter backtrack niveau 17
pos: [1, 5] 0
[5, 6]
5
enter backtrack niveau 18
pos: [1, 6] 0
[]
exit backtrack niveau 18
6
enter backtrack niveau 19
pos: [1, 6] 0
[]
exit backtrack niveau 19
exit backtrack niveau 17
exit backtrack niveau 15
exit backtrack niveau 12
exit backtrack niveau 11
8
enter backtrack niveau 20
pos: [0, 8] 0
[5]
5
enter backtrack niveau 21
pos: [1, 0] 0
[3]
3
enter backtrack niveau 22
pos: [1, 1] 1
enter backtrack niveau 23
pos: [1, 2] 9
enter backtrack niveau 24
pos: [1, 3] 0
[2]
2
enter backtrack niveau 25
pos: [1, 4] 8
enter backtrack niveau 26
pos: [1, 5] 0
[5, 6]
5
enter backtrack niveau 27
pos: [1, 6] 0
[]
exit backtrack niveau 27
6
enter backtrack niveau 28
pos: [1, 6] 0
[]
exit backtrack niveau 28
exit backtrack niveau 26
exit backtrack niveau 24
exit backtrack niveau 21
exit backtrack niveau 20
exit backtrack niveau 10
exit backtrack niveau 5
7
enter backtrack niveau 29
pos: [0, 4] 9
enter backtrack niveau 30
pos: [0, 5] 0
[5]
5
enter backtrack niveau 31
pos: [0, 6] 3
enter backtrack niveau 32
pos: [0, 7] 0
[1, 8]
1
enter backtrack niveau 33
pos: [0, 8] 0
[8]
8
enter backtrack niveau 34
pos: [1, 0] 0
[3]
3
enter backtrack niveau 35
pos: [1, 1] 1
enter backtrack niveau 36
pos: [1, 2] 9
enter backtrack niveau 37
pos: [1, 3] 0
[2]
2
enter backtrack niveau 38
pos: [1, 4] 8
enter backtrack niveau 39
pos: [1, 5] 0
[6]
6
enter backtrack niveau 40
pos: [1, 6] 0
[5]
5
enter backtrack niveau 41
pos: [1, 7] 7
enter backtrack niveau 42
pos: [1, 8] 4
enter backtrack niveau 43
pos: [2, 0] 0
[7]
7
enter backtrack niveau 44
pos: [2, 1] 0
[5]
5
enter backtrack niveau 45
pos: [2, 2] 8
enter backtrack niveau 46
pos: [2, 3] 4
enter backtrack niveau 47
pos: [2, 4] 0
[1, 3]
1
enter backtrack niveau 48
pos: [2, 5] 0
[3]
3
enter backtrack niveau 49
pos: [2, 6] 6
enter backtrack niveau 50
pos: [2, 7] 2
enter backtrack niveau 51
pos: [2, 8] 0
[9]
9
enter backtrack niveau 52
pos: [3, 0] 5
enter backtrack niveau 53
pos: [3, 1] 9
enter backtrack niveau 54
pos: [3, 2] 0
[3, 4]
3
enter backtrack niveau 55
pos: [3, 3] 6
enter backtrack niveau 56
pos: [3, 4] 2
enter backtrack niveau 57
pos: [3, 5] 1
enter backtrack niveau 58
pos: [3, 6] 0
[4]
4
enter backtrack niveau 59
pos: [3, 7] 0
[8]
8
enter backtrack niveau 60
pos: [3, 8] 0
[7]
7
enter backtrack niveau 61
pos: [4, 0] 0
[4, 8]
4
enter backtrack niveau 62
pos: [4, 1] 2
enter backtrack niveau 63
pos: [4, 2] 7
enter backtrack niveau 64
pos: [4, 3] 0
[3, 8, 9]
3
enter backtrack niveau 65
pos: [4, 4] 0
[]
exit backtrack niveau 65
8
enter backtrack niveau 66
pos: [4, 4] 0
[3]
3
enter backtrack niveau 67
pos: [4, 5] 0
[]
exit backtrack niveau 67
exit backtrack niveau 66
9
enter backtrack niveau 68
pos: [4, 4] 0
[3]
3
enter backtrack niveau 69
pos: [4, 5] 0
[8]
8
enter backtrack niveau 70
pos: [4, 6] 1
enter backtrack niveau 71
pos: [4, 7] 6
enter backtrack niveau 72
pos: [4, 8] 0
[5]
5
enter backtrack niveau 73
pos: [5, 0] 0
[1, 6, 8]
1
enter backtrack niveau 74
pos: [5, 1] 0
[6]
6
enter backtrack niveau 75
pos: [5, 2] 0
[]
exit backtrack niveau 75
exit backtrack niveau 74
6
enter backtrack niveau 76
pos: [5, 1] 0
[]
exit backtrack niveau 76
8
enter backtrack niveau 77
pos: [5, 1] 0
[6]
6
enter backtrack niveau 78
pos: [5, 2] 0
[1]
1
enter backtrack niveau 79
pos: [5, 3] 5
enter backtrack niveau 80
pos: [5, 4] 7
enter backtrack niveau 81
pos: [5, 5] 4
enter backtrack niveau 82
pos: [5, 6] 0
[2]
2
enter backtrack niveau 83
pos: [5, 7] 9
enter backtrack niveau 84
pos: [5, 8] 3
enter backtrack niveau 85
pos: [6, 0] 0
[1, 6]
1
enter backtrack niveau 86
pos: [6, 1] 8
enter backtrack niveau 87
pos: [6, 2] 5
enter backtrack niveau 88
pos: [6, 3] 0
[3]
3
enter backtrack niveau 89
pos: [6, 4] 0
[4]
4
enter backtrack niveau 90
pos: [6, 5] 9
enter backtrack niveau 91
pos: [6, 6] 7
enter backtrack niveau 92
pos: [6, 7] 0
[]
exit backtrack niveau 92
exit backtrack niveau 89
exit backtrack niveau 88
6
enter backtrack niveau 93
pos: [6, 1] 8
enter backtrack niveau 94
pos: [6, 2] 5
enter backtrack niveau 95
pos: [6, 3] 0
[1, 3]
1
enter backtrack niveau 96
pos: [6, 4] 0
[4]
4
enter backtrack niveau 97
pos: [6, 5] 9
enter backtrack niveau 98
pos: [6, 6] 7
enter backtrack niveau 99
pos: [6, 7] 0
[3]
3
enter backtrack niveau 100
pos: [6, 8] 0
[2]
2
enter backtrack niveau 101
pos: [7, 0] 9
enter backtrack niveau 102
pos: [7, 1] 3
enter backtrack niveau 103
pos: [7, 2] 0
[]
exit backtrack niveau 103
exit backtrack niveau 100
exit backtrack niveau 99
exit backtrack niveau 96
3
enter backtrack niveau 104
pos: [6, 4] 0
[4]
4
enter backtrack niveau 105
pos: [6, 5] 9
enter backtrack niveau 106
pos: [6, 6] 7
enter backtrack niveau 107
pos: [6, 7] 0
[]
exit backtrack niveau 107
exit backtrack niveau 104
exit backtrack niveau 95
exit backtrack niveau 85
exit backtrack niveau 82
exit backtrack niveau 78
exit backtrack niveau 77
exit backtrack niveau 73
exit backtrack niveau 72
exit backtrack niveau 69
exit backtrack niveau 68
exit backtrack niveau 64
8
enter backtrack niveau 108
pos: [4, 1] 2
enter backtrack niveau 109
pos: [4, 2] 7
enter backtrack niveau 110
pos: [4, 3] 0
[3, 9]
3
enter backtrack niveau 111
pos: [4, 4] 0
[]
exit backtrack niveau 111
9
enter backtrack niveau 112
pos: [4, 4] 0
[3]
3
enter backtrack niveau 113
pos: [4, 5] 0
[]
exit backtrack niveau 113
exit backtrack niveau 112
exit backtrack niveau 110
exit backtrack niveau 61
exit backtrack niveau 60
exit backtrack niveau 59
exit backtrack niveau 58
4
enter backtrack niveau 114
pos: [3, 3] 6
enter backtrack niveau 115
pos: [3, 4] 2
enter backtrack niveau 116
pos: [3, 5] 1
enter backtrack niveau 117
pos: [3, 6] 0
[]
exit backtrack niveau 117
exit backtrack niveau 54
exit backtrack niveau 51
exit backtrack niveau 48
3
enter backtrack niveau 118
pos: [2, 5] 0
[]
exit backtrack niveau 118
exit backtrack niveau 47
exit backtrack niveau 44
exit backtrack niveau 43
exit backtrack niveau 40
exit backtrack niveau 39
exit backtrack niveau 37
exit backtrack niveau 34
exit backtrack niveau 33
8
enter backtrack niveau 119
pos: [0, 8] 0
[]
exit backtrack niveau 119
exit backtrack niveau 32
exit backtrack niveau 30
exit backtrack niveau 3
exit backtrack niveau 2
5
enter backtrack niveau 120
pos: [0, 2] 0
[4, 6]
4
enter backtrack niveau 121
pos: [0, 3] 0
[1, 7]
1
enter backtrack niveau 122
pos: [0, 4] 9
enter backtrack niveau 123
pos: [0, 5] 0
[6, 7]
6
enter backtrack niveau 124
pos: [0, 6] 3
enter backtrack niveau 125
pos: [0, 7] 0
[8]
8
enter backtrack niveau 126
pos: [0, 8] 0
[]
exit backtrack niveau 126
exit backtrack niveau 125
7
enter backtrack niveau 127
pos: [0, 6] 3
enter backtrack niveau 128
pos: [0, 7] 0
[8]
8
enter backtrack niveau 129
pos: [0, 8] 0
[]
exit backtrack niveau 129
exit backtrack niveau 128
exit backtrack niveau 123
7
enter backtrack niveau 130
pos: [0, 4] 9
enter backtrack niveau 131
pos: [0, 5] 0
[6]
6
enter backtrack niveau 132
pos: [0, 6] 3
enter backtrack niveau 133
pos: [0, 7] 0
[1, 8]
1
enter backtrack niveau 134
pos: [0, 8] 0
[8]
8
enter backtrack niveau 135
pos: [1, 0] 0
[3, 6]
3
enter backtrack niveau 136
pos: [1, 1] 1
enter backtrack niveau 137
pos: [1, 2] 9
enter backtrack niveau 138
pos: [1, 3] 0
[2]
2
enter backtrack niveau 139
pos: [1, 4] 8
enter backtrack niveau 140
pos: [1, 5] 0
[5]
5
enter backtrack niveau 141
pos: [1, 6] 0
[]
exit backtrack niveau 141
exit backtrack niveau 140
exit backtrack niveau 138
6
enter backtrack niveau 142
pos: [1, 1] 1
enter backtrack niveau 143
pos: [1, 2] 9
enter backtrack niveau 144
pos: [1, 3] 0
[2, 3]
2
enter backtrack niveau 145
pos: [1, 4] 8
enter backtrack niveau 146
pos: [1, 5] 0
[3, 5]
3
enter backtrack niveau 147
pos: [1, 6] 0
[5]
5
enter backtrack niveau 148
pos: [1, 7] 7
enter backtrack niveau 149
pos: [1, 8] 4
enter backtrack niveau 150
pos: [2, 0] 0
[3, 7]
3
enter backtrack niveau 151
pos: [2, 1] 0
[7]
7
enter backtrack niveau 152
pos: [2, 2] 8
enter backtrack niveau 153
pos: [2, 3] 4
enter backtrack niveau 154
pos: [2, 4] 0
[1]
1
enter backtrack niveau 155
pos: [2, 5] 0
[5]
5
enter backtrack niveau 156
pos: [2, 6] 6
enter backtrack niveau 157
pos: [2, 7] 2
enter backtrack niveau 158
pos: [2, 8] 0
[9]
9
enter backtrack niveau 159
pos: [3, 0] 5
enter backtrack niveau 160
pos: [3, 1] 9
enter backtrack niveau 161
pos: [3, 2] 0
[3]
3
enter backtrack niveau 162
pos: [3, 3] 6
enter backtrack niveau 163
pos: [3, 4] 2
enter backtrack niveau 164
pos: [3, 5] 1
enter backtrack niveau 165
pos: [3, 6] 0
[4]
4
enter backtrack niveau 166
pos: [3, 7] 0
[8]
8
enter backtrack niveau 167
pos: [3, 8] 0
[7]
7
enter backtrack niveau 168
pos: [4, 0] 0
[4, 8]
4
enter backtrack niveau 169
pos: [4, 1] 2
enter backtrack niveau 170
pos: [4, 2] 7
enter backtrack niveau 171
pos: [4, 3] 0
[3, 8, 9]
3
enter backtrack niveau 172
pos: [4, 4] 0
[]
exit backtrack niveau 172
8
enter backtrack niveau 173
pos: [4, 4] 0
[3]
3
enter backtrack niveau 174
pos: [4, 5] 0
[]
exit backtrack niveau 174
exit backtrack niveau 173
9
enter backtrack niveau 175
pos: [4, 4] 0
[3]
3
enter backtrack niveau 176
pos: [4, 5] 0
[8]
8
enter backtrack niveau 177
pos: [4, 6] 1
enter backtrack niveau 178
pos: [4, 7] 6
enter backtrack niveau 179
pos: [4, 8] 0
[5]
5
enter backtrack niveau 180
pos: [5, 0] 0
[1, 8]
1
enter backtrack niveau 181
pos: [5, 1] 0
[6]
6
enter backtrack niveau 182
pos: [5, 2] 0
[]
exit backtrack niveau 182
exit backtrack niveau 181
8
enter backtrack niveau 183
pos: [5, 1] 0
[6]
6
enter backtrack niveau 184
pos: [5, 2] 0
[1]
1
enter backtrack niveau 185
pos: [5, 3] 5
enter backtrack niveau 186
pos: [5, 4] 7
enter backtrack niveau 187
pos: [5, 5] 4
enter backtrack niveau 188
pos: [5, 6] 0
[2]
2
enter backtrack niveau 189
pos: [5, 7] 9
enter backtrack niveau 190
pos: [5, 8] 3
enter backtrack niveau 191
pos: [6, 0] 0
[1]
1
enter backtrack niveau 192
pos: [6, 1] 8
enter backtrack niveau 193
pos: [6, 2] 5
enter backtrack niveau 194
pos: [6, 3] 0
[3]
3
enter backtrack niveau 195
pos: [6, 4] 0
[4]
4
enter backtrack niveau 196
pos: [6, 5] 9
enter backtrack niveau 197
pos: [6, 6] 7
enter backtrack niveau 198
pos: [6, 7] 0
[]
exit backtrack niveau 198
exit backtrack niveau 195
exit backtrack niveau 194
exit backtrack niveau 191
exit backtrack niveau 188
exit backtrack niveau 184
exit backtrack niveau 183
exit backtrack niveau 180
exit backtrack niveau 179
exit backtrack niveau 176
exit backtrack niveau 175
exit backtrack niveau 171
8
enter backtrack niveau 199
pos: [4, 1] 2
enter backtrack niveau 200
pos: [4, 2] 7
enter backtrack niveau 201
pos: [4, 3] 0
[3, 9]
3
enter backtrack niveau 202
pos: [4, 4] 0
[]
exit backtrack niveau 202
9
enter backtrack niveau 203
pos: [4, 4] 0
[3]
3
enter backtrack niveau 204
pos: [4, 5] 0
[]
exit backtrack niveau 204
exit backtrack niveau 203
exit backtrack niveau 201
exit backtrack niveau 168
exit backtrack niveau 167
exit backtrack niveau 166
exit backtrack niveau 165
exit backtrack niveau 161
exit backtrack niveau 158
exit backtrack niveau 155
exit backtrack niveau 154
exit backtrack niveau 151
7
enter backtrack niveau 205
pos: [2, 1] 0
[]
exit backtrack niveau 205
exit backtrack niveau 150
exit backtrack niveau 147
5
enter backtrack niveau 206
pos: [1, 6] 0
[]
exit backtrack niveau 206
exit backtrack niveau 146
3
enter backtrack niveau 207
pos: [1, 4] 8
enter backtrack niveau 208
pos: [1, 5] 0
[2, 5]
2
enter backtrack niveau 209
pos: [1, 6] 0
[5]
5
enter backtrack niveau 210
pos: [1, 7] 7
enter backtrack niveau 211
pos: [1, 8] 4
enter backtrack niveau 212
pos: [2, 0] 0
[3, 7]
3
enter backtrack niveau 213
pos: [2, 1] 0
[7]
7
enter backtrack niveau 214
pos: [2, 2] 8
enter backtrack niveau 215
pos: [2, 3] 4
enter backtrack niveau 216
pos: [2, 4] 0
[1]
1
enter backtrack niveau 217
pos: [2, 5] 0
[5]
5
enter backtrack niveau 218
pos: [2, 6] 6
enter backtrack niveau 219
pos: [2, 7] 2
enter backtrack niveau 220
pos: [2, 8] 0
[9]
9
enter backtrack niveau 221
pos: [3, 0] 5
enter backtrack niveau 222
pos: [3, 1] 9
enter backtrack niveau 223
pos: [3, 2] 0
[3]
3
enter backtrack niveau 224
pos: [3, 3] 6
enter backtrack niveau 225
pos: [3, 4] 2
enter backtrack niveau 226
pos: [3, 5] 1
enter backtrack niveau 227
pos: [3, 6] 0
[4]
4
enter backtrack niveau 228
pos: [3, 7] 0
[8]
8
enter backtrack niveau 229
pos: [3, 8] 0
[7]
7
enter backtrack niveau 230
pos: [4, 0] 0
[4, 8]
4
enter backtrack niveau 231
pos: [4, 1] 2
enter backtrack niveau 232
pos: [4, 2] 7
enter backtrack niveau 233
pos: [4, 3] 0
[8, 9]
8
enter backtrack niveau 234
pos: [4, 4] 0
[3]
3
enter backtrack niveau 235
pos: [4, 5] 0
[]
exit backtrack niveau 235
exit backtrack niveau 234
9
enter backtrack niveau 236
pos: [4, 4] 0
[3]
3
enter backtrack niveau 237
pos: [4, 5] 0
[8]
8
enter backtrack niveau 238
pos: [4, 6] 1
enter backtrack niveau 239
pos: [4, 7] 6
enter backtrack niveau 240
pos: [4, 8] 0
[5]
5
enter backtrack niveau 241
pos: [5, 0] 0
[1, 8]
1
enter backtrack niveau 242
pos: [5, 1] 0
[6]
6
enter backtrack niveau 243
pos: [5, 2] 0
[]
exit backtrack niveau 243
exit backtrack niveau 242
8
enter backtrack niveau 244
pos: [5, 1] 0
[6]
6
enter backtrack niveau 245
pos: [5, 2] 0
[1]
1
enter backtrack niveau 246
pos: [5, 3] 5
enter backtrack niveau 247
pos: [5, 4] 7
enter backtrack niveau 248
pos: [5, 5] 4
enter backtrack niveau 249
pos: [5, 6] 0
[2]
2
enter backtrack niveau 250
pos: [5, 7] 9
enter backtrack niveau 251
pos: [5, 8] 3
enter backtrack niveau 252
pos: [6, 0] 0
[1]
1
enter backtrack niveau 253
pos: [6, 1] 8
enter backtrack niveau 254
pos: [6, 2] 5
enter backtrack niveau 255
pos: [6, 3] 0
[2]
2
enter backtrack niveau 256
pos: [6, 4] 0
[4]
4
enter backtrack niveau 257
pos: [6, 5] 9
enter backtrack niveau 258
pos: [6, 6] 7
enter backtrack niveau 259
pos: [6, 7] 0
[3]
3
enter backtrack niveau 260
pos: [6, 8] 0
[6]
6
enter backtrack niveau 261
pos: [7, 0] 9
enter backtrack niveau 262
pos: [7, 1] 3
enter backtrack niveau 263
pos: [7, 2] 0
[6]
6
enter backtrack niveau 264
pos: [7, 3] 0
[1]
1
enter backtrack niveau 265
pos: [7, 4] 5
enter backtrack niveau 266
pos: [7, 5] 0
[7]
7
enter backtrack niveau 267
pos: [7, 6] 8
enter backtrack niveau 268
pos: [7, 7] 4
enter backtrack niveau 269
pos: [7, 8] 0
[2]
2
enter backtrack niveau 270
pos: [8, 0] 0
[7]
7
enter backtrack niveau 271
pos: [8, 1] 0
[4]
4
enter backtrack niveau 272
pos: [8, 2] 2
enter backtrack niveau 273
pos: [8, 3] 0
[8]
8
enter backtrack niveau 274
pos: [8, 4] 6
enter backtrack niveau 275
pos: [8, 5] 0
[3]
3
enter backtrack niveau 276
pos: [8, 6] 0
[9]
9
enter backtrack niveau 277
pos: [8, 7] 0
[5]
5
enter backtrack niveau 278
pos: [8, 8] 1
enter backtrack niveau 279
pos: [9, 0]"""


# -- QA fixes: every grid form, the answer key's variants, nb_appel, the Compteur ---------------

FIGURE_9 = ".41......35....7.4......83...8396.......7...25.......11.......3...829.6.7...6...."


def _formes(lists):
    """The same grid as vers_grid reads it: lists, text, Grid, tuple rows."""
    g = Grid.from_lists(lists)
    return {
        "listes": [row[:] for row in lists],
        "texte": g.to_line(),
        "Grid": g,
        "tuples": tuple(tuple(row) for row in lists),
    }


@pytest.mark.parametrize("forme", ["listes", "texte", "Grid", "tuples"])
@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda L: c.ligne(L, 0), [6, 2, 5]),  # Out[12]
        (lambda L: c.ligne_bis(L, 0), [6, 2, 5]),
        (lambda L: c.colonne(L, 0), [4, 6, 1, 3, 2]),  # Out[14]
        (lambda L: c.carre(L, 4, 6), [9, 7, 3]),  # Out[16]
        (lambda L: sorted(c.conflit(L, 5, 5)), [1, 4, 5, 6, 8]),  # Out[19], sorted
        (lambda L: c.chiffre_ok(L, 4, 2), [2, 5, 8, 9]),  # Out[23]
        (lambda L: c.chiffre_ok_bis(L, 4, 2), {2, 5, 8, 9}),  # Out[24]
        (lambda L: c.chiffre_ok_ter(L, 4, 2), [2, 5, 8, 9]),  # Out[25]
        (lambda L: c.nb_possible(L, 4, 2), 4),  # Out[28]
        (lambda L: c.complet(L), False),  # Out[10]
    ],
)
def test_reading_functions_take_every_grid_form(call, expected, forme):
    assert call(_formes(c.GRILLE_L())[forme]) == expected


@pytest.mark.parametrize("forme", [FIGURE_9, Grid.parse(FIGURE_9), Grid.parse(FIGURE_9).to_lists()])
def test_chiffre_ok_counts_digits_not_characters(forme):
    """QA: on the 81-character text, range(1, len(L) + 1) gave [2, 6, 8, 9, 10, ..., 81]."""
    assert c.chiffre_ok(forme, 0, 0) == [2, 6, 8, 9]
    assert c.nb_possible(forme, 0, 0) == 4
    assert c.chiffre_ok_bis(forme, 0, 0) == {2, 6, 8, 9}


def test_answer_key_variants_out_24_and_25():
    L = c.GRILLE_L()
    bis = c.chiffre_ok_bis(L, 4, 2)
    assert isinstance(bis, set) and bis == {2, 5, 8, 9}
    assert repr(bis) == "{2, 5, 8, 9}"  # Out[24], as the notebook prints it
    assert repr(c.chiffre_ok_ter(L, 4, 2)) == "[2, 5, 8, 9]"  # Out[25]
    assert repr(c.chiffre_ok_bis([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]], 0, 0))
    assert repr(c.EnsembleTrie()) == "set()"
    assert c.GRILLE_L() == L


@pytest.mark.parametrize("forme", ["texte", "Grid", "tuples"])
@pytest.mark.parametrize(
    ("nom", "call"),
    [
        ("un_tour", lambda M: c.un_tour(M)),
        ("complete", lambda M: c.complete(M)),
        ("backtracking", lambda M: c.backtracking(M, [0, 0])),
    ],
)
def test_in_place_functions_refuse_what_they_cannot_fill(nom, call, forme):
    """QA: un_tour(text) raised IndexError; backtracking(tuple rows) solved, then TypeError."""
    with pytest.raises(InvalidArgument, match=f"^{nom} fills the grid in place"):
        call(_formes(c.GRILLE_M())[forme])


@pytest.mark.parametrize("forme", ["texte", "Grid", "tuples"])
def test_solution_sudoku_fills_a_copy_of_what_it_cannot_fill(forme):
    M = _formes(c.GRILLE_M())[forme]
    assert c.solution_sudoku(M) == M_RESOLUE
    assert c.solution_sudoku(_formes(c.GRILLE_M())["listes"]) == M_RESOLUE


def test_nb_appel_numbers_the_calls_like_the_notebook(capsys):
    assert c.nb_appel == 0  # In [37]
    c.backtracking(c.GRILLE_M(), [0, 0], True)  # In [39]
    assert capsys.readouterr().out == TRACE_IN_39 + " "
    assert c.nb_appel == 280  # "enter backtrack niveau 279" was the last call
    M = [row[:] for row in M_RESOLUE]
    assert c.backtracking(M, [0, 0]) is True  # without debug: nothing shown, no number taken
    assert c.nb_appel == 280
    M[8][7] = 0
    assert c.backtracking(M, [8, 7], True) is True  # the levels go on from the global counter
    assert capsys.readouterr().out == (
        "enter backtrack niveau 280\npos: [8, 7] 0\n[5]\n5\n"
        "enter backtrack niveau 281\npos: [8, 8] 1\n"
        "enter backtrack niveau 282\npos: [9, 0] "
    )
    assert c.backtracking(M, [9, 0], True) is True
    assert capsys.readouterr().out == "enter backtrack niveau 283\npos: [9, 0] "
    assert c.nb_appel == 284


def test_backtracking_reports_its_work(capsys):
    compteur = c.Compteur()
    M = c.GRILLE_M()
    assert c.backtracking(M, [0, 0], True, compteur=compteur) is True
    core = solve(Grid.from_lists(c.GRILLE_M()), "naive", engine="python")
    assert (compteur.noeuds, compteur.retours) == (core.stats.nodes, core.stats.backtracks)
    assert compteur.noeuds > 0 and compteur.retours > 0
    assert compteur.statut == "solved" and compteur.secondes >= 0
    assert "\n".join(compteur.trace) == capsys.readouterr().out.rstrip("\n")
    assert compteur.trace[0] == "enter backtrack niveau 0" and compteur.trace[-1] == "pos: [9, 0] "
    c.backtracking(c.GRILLE_M(), [0, 0], compteur=compteur)
    assert compteur.trace == [] and compteur.noeuds == core.stats.nodes  # no trace asked


def test_backtracking_reports_failures():
    compteur = c.Compteur()
    M = [[0] * 9 for _ in range(9)]
    M[0][:8] = [1, 2, 3, 4, 5, 6, 7, 8]
    M[4][8] = 9
    assert c.backtracking(M, [0, 0], compteur=compteur) is False
    assert compteur.statut == "unsatisfiable" and compteur.secondes >= 0
    M = c.GRILLE_M()
    M[0][1] = 2  # clashing clues: no search at all
    assert c.solution_sudoku(M, compteur=compteur) is None
    assert (compteur.statut, compteur.noeuds, compteur.retours) == ("unsatisfiable", 0, 0)


@pytest.mark.parametrize(
    ("grille", "fini", "noeuds", "passages", "statut"),
    [
        (c.GRILLE_M, True, 43, 5, "solved"),  # Out[33]: every empty cell was forced
        (c.GRILLE_L, False, 3, 2, "stopped"),  # 3 forced cells, then guessing is needed
    ],
)
def test_complete_reports_its_work(grille, fini, noeuds, passages, statut):
    compteur = c.Compteur()
    L = grille()
    assert c.complete(L, compteur=compteur) is fini
    assert (compteur.noeuds, compteur.tentatives, compteur.statut) == (noeuds, passages, statut)
    assert compteur.retours == 0 and compteur.secondes >= 0
    assert noeuds == sum(row.count(0) for row in grille()) - sum(row.count(0) for row in L)
