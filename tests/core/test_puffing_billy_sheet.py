"""The paper score sheet (PB_SCORE_SHEET) against the TGA's mock Empire Builder board, and as it fills in."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reference import puffing_billy_board as tga
from xlscore import InputError, pb_board, pb_bonus, pb_score_sheet, pb_winner_bonus


def test_the_mock_board_fills_the_sheet_as_printed() -> None:
    assert pb_score_sheet(list(tga.MONEY), 1) == (
        tga.WINNER_BONUS,
        *tga.BONUSES.values(),
        "-",
        "-",
        0.926,  # 0.492 + 0.240 + 0.194, the "total of (1)"
        tga.WINNER_BONUS,  # 0.03 x 0.926 = 0.02778 -> 0.028
    )
    assert pb_score_sheet(list(tga.MONEY), 2) == (*tga.BOARD_SCORES.values(), None, None)


@pytest.mark.parametrize("typed", [[], [None] * 6, [252_000], [252_000, None, None]])
def test_a_sheet_not_filled_in_is_blank_but_for_its_dashes(typed: list[float | None]) -> None:
    assert pb_score_sheet(typed, 1) == (None, None, None, None, "-", "-", None, None)
    assert pb_score_sheet(typed, 2) == (None,) * 6


def test_a_bad_score_or_column_is_refused_naming_it() -> None:
    with pytest.raises(InputError, match=r"scores\[2\] or the winner's scores\[1\]: score is the text 'lots'"):
        pb_score_sheet([252_000, "lots"], 1)  # type: ignore[list-item]  # a cell typed as text
    with pytest.raises(InputError, match="scores has 7 values; expected at most 6"):
        pb_score_sheet([7, 6, 5, 4, 3, 2, 1], 2)
    with pytest.raises(InputError, match=r"column 3 is outside 1\.\.2"):
        pb_score_sheet([7, 6], 3)


MONEY = st.integers(0, 400_000)


@given(st.integers(1, 400_000), st.lists(MONEY, min_size=1, max_size=5))
def test_each_line_is_the_rules_own_figure(winner: int, others: list[int]) -> None:
    scores = [winner, *others]
    bonuses = [pb_bonus(s, winner) for s in others[:3]]
    column_1 = pb_score_sheet(scores, 1)
    assert len(column_1) == 8  # six places, the total of (1), the winner's bonus
    assert list(column_1[1 : 1 + len(bonuses)]) == bonuses
    assert column_1[0] == column_1[7] == pb_winner_bonus(bonuses)
    assert column_1[6] == pytest.approx(sum(bonuses), abs=5e-4)  # the total, to 3 decimals
    column_2 = pb_score_sheet(scores, 2)
    assert list(column_2) == [*pb_board(scores), *[None] * (6 - len(scores))]
