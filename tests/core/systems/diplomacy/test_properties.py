"""Properties every system keeps, on generated boards: order of powers, equal boards, solos, totals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlscore import diplomacy_board
from xlscore.core.systems.diplomacy import SYSTEMS

NAMES = list(SYSTEMS)


def _fit(centres: list[int], room: int) -> None:
    """Take centres from the largest until the counts fit in ``room``."""
    while sum(centres) > room:
        centres[centres.index(max(centres))] -= 1


@st.composite
def boards(draw: st.DrawFn, *, solo: bool = False, full: bool = False) -> tuple[list[int], list[int | None], int]:
    """Seven final counts (a draw of 2 or more survivors below 18, or a solo), elimination years, a final year."""
    final = draw(st.integers(1903, 1912))
    centres = draw(st.lists(st.integers(0, 12), min_size=7, max_size=7))
    if solo:
        soloist, count = draw(st.integers(0, 6)), draw(st.integers(18, 34))
        centres[soloist] = 0
        _fit(centres, 34 - count)
        centres[soloist] = count
    else:
        _fit(centres, 34)
        if sum(1 for c in centres if c > 0) < 2:
            centres[0], centres[1] = max(centres[0], 1), max(centres[1], 1)
        while full and sum(centres) < 34:
            centres[min((p for p in range(7) if centres[p] > 0), key=lambda p: centres[p])] += 1
    years = [None if c else draw(st.integers(1901, final)) for c in centres]
    return centres, years, final


@pytest.mark.parametrize("system", NAMES)
@settings(max_examples=40, deadline=None)
@given(board=boards(), order=st.permutations(range(7)))
def test_the_order_powers_are_listed_in_changes_nobody_s_score(
    system: str, board: tuple[list[int], list[int | None], int], order: list[int]
) -> None:
    centres, years, final = board
    chart = [[c] for c in centres]  # a one-year chart: ties stay ties (Maxonian, 7Eleven)
    scores = diplomacy_board(system, centres, eliminated=years, final_year=final, chart=chart)
    moved = diplomacy_board(
        system,
        [centres[p] for p in order],
        eliminated=[years[p] for p in order],
        final_year=final,
        chart=[chart[p] for p in order],
    )
    assert moved == pytest.approx([scores[p] for p in order], abs=1e-9)


@pytest.mark.parametrize("system", NAMES)
@settings(max_examples=40, deadline=None)
@given(board=boards())
def test_equal_boards_score_equally(system: str, board: tuple[list[int], list[int | None], int]) -> None:
    centres, years, final = board
    scores = diplomacy_board(system, centres, eliminated=years, final_year=final, chart=[[c] for c in centres])
    for p in range(7):
        for q in range(7):
            if (centres[p], years[p]) == (centres[q], years[q]):
                assert scores[p] == pytest.approx(scores[q], abs=1e-9)


@pytest.mark.parametrize("system", [n for n in NAMES if SYSTEMS[n].solo is not None])
@settings(max_examples=25, deadline=None)
@given(board=boards(solo=True))
def test_a_solo_gives_the_soloist_the_system_s_solo_score(
    system: str, board: tuple[list[int], list[int | None], int]
) -> None:
    centres, years, final = board
    scores = diplomacy_board(system, centres, eliminated=years, final_year=final, chart=[[c] for c in centres])
    soloist = max(range(7), key=lambda p: centres[p])
    assert scores[soloist] == float(SYSTEMS[system].solo)  # type: ignore[arg-type]
    assert max(scores) == scores[soloist]


@pytest.mark.parametrize("system", [n for n in NAMES if SYSTEMS[n].total is not None])
@settings(max_examples=40, deadline=None)
@given(board=boards(full=True))
def test_constant_sum_systems_sum_to_their_constant(
    system: str, board: tuple[list[int], list[int | None], int]
) -> None:
    centres, years, final = board
    scores = diplomacy_board(system, centres, eliminated=years, final_year=final, chart=[[c] for c in centres])
    assert sum(scores) == pytest.approx(float(SYSTEMS[system].total), abs=1e-9)  # type: ignore[arg-type]


def test_the_constant_sum_systems_are_the_ones_their_rules_say() -> None:
    assert sorted(n for n in NAMES if SYSTEMS[n].total is not None) == sorted(
        [
            "Draw size",
            "Solo or bust",
            "Sum of Squares",
            "Survivors-Win (PPSC)",
            "C-Diplo 100",
            "C-Diplo 80",
            "Carnage with elimination order",
            "Carnage with dead equal",
            "Centre-count Carnage",
            "Duct Tape V2",
            "Duct Tape V2 with elimination order",
            "Tribute",
        ]
    )
