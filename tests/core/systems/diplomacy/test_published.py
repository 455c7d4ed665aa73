"""The sources' own worked boards, with their published figures (tests/reference/diplomacy_published.py)."""

from __future__ import annotations

import math

import pytest

from tests.reference import diplomacy_published as pub
from tests.reference import printed
from xlscore import InputError, diplomacy_board

# The power that went out first, and second, where the source ranks eliminated powers: any two years will do.
FIRST_OUT, SECOND_OUT = 1904, 1906


def _all_printed(scores: tuple[float, ...], figures: tuple[str, ...]) -> bool:
    return all(printed(s, f) for s, f in zip(scores, figures, strict=True))


@pytest.mark.parametrize(
    ("board", "figures"),
    [(pub.CDIPLO_100_BOARD_1, pub.CDIPLO_100_SCORES_1), (pub.CDIPLO_100_BOARD_2, pub.CDIPLO_100_SCORES_2)],
)
def test_cdiplo_100_wdd_boards(board: tuple[int, ...], figures: tuple[str, ...]) -> None:
    scores = diplomacy_board("C-Diplo 100", board)
    assert _all_printed(scores, figures)
    assert sum(scores) == pytest.approx(100)


def test_cdiplo_100_diplomaticon_tops() -> None:
    assert printed(diplomacy_board("C-Diplo 100", (17, 10, 7, 0, 0, 0, 0))[0], pub.CDIPLO_100_LONE_TOP_17)
    two_way = diplomacy_board("C-Diplo 100", (17, 17, 0, 0, 0, 0, 0))
    assert printed(two_way[0], pub.CDIPLO_100_TWO_WAY_TOP_17)
    assert printed(two_way[1], pub.CDIPLO_100_TWO_WAY_TOP_17)


def test_carnage_webdiplomacy_boards() -> None:
    system = "Carnage with elimination order"
    assert _all_printed(diplomacy_board(system, pub.CARNAGE_SOLO), pub.CARNAGE_SOLO_SCORES)
    out = (FIRST_OUT, None, None, None, SECOND_OUT, None, None)  # Austria "0(1st)", Italy "0(2nd)"
    assert _all_printed(diplomacy_board(system, pub.CARNAGE_DRAW, eliminated=out), pub.CARNAGE_DRAW_SCORES)
    assert _all_printed(diplomacy_board(system, pub.CARNAGE_SHARED_TOP), pub.CARNAGE_SHARED_TOP_SCORES)
    # The wiki's tie for 2nd and 3rd: 5500 each, plus their centres.
    tied = diplomacy_board(system, (10, 6, 6, 4, 3, 2, 1))
    assert printed(tied[1] - 6, pub.CARNAGE_TIE_2ND_3RD)
    assert printed(tied[2] - 6, pub.CARNAGE_TIE_2ND_3RD)


def test_tribute_weasels_game_398() -> None:
    assert _all_printed(
        diplomacy_board("Tribute", pub.TRIBUTE_BOARD, eliminated=(1903, 1904, None, None, None, None, None)),
        pub.TRIBUTE_SCORES,
    )


def test_sum_of_squares_embassy_board() -> None:
    assert _all_printed(diplomacy_board("Sum of Squares", pub.SOS_BOARD), pub.SOS_SCORES)


@pytest.mark.parametrize("example", [pub.BANGKOK_DB_LONE, pub.BANGKOK_DB_THREE, pub.BANGKOK_DB_SHARED])
def test_bangkok_domination_bonus(example: tuple[tuple[int, ...], dict[int, str]]) -> None:
    board, bonus = example
    out = tuple(None if c else 1905 for c in board)
    scores = diplomacy_board("Bangkok", board, eliminated=out)
    for power, figure in bonus.items():
        # A survivor's score is its centres + its domination bonus + 3 for surviving.
        assert printed(scores[power] - board[power] - 3, figure)


def test_bangkok_solo_and_survival() -> None:
    scores = diplomacy_board("Bangkok", (18, 6, 4, 6, 0, 0, 0), eliminated=(None, None, None, None, 1905, 1904, 1906))
    assert printed(scores[0], pub.BANGKOK_SOLO)
    assert scores[1] == 6 * 0.5  # "Other surviving players get 0,5 points/centre"
    draw = diplomacy_board("Bangkok", (12, 6, 6, 5, 5, 0, 0), eliminated=(None, None, None, None, None, 1905, 1903))
    assert printed(draw[5], pub.BANGKOK_ELIMINATED_1905)


def test_open_tribute_page_formulas() -> None:
    board = (13, 9, 7, 3, 1, 1, 0)  # every centre owned
    scores = diplomacy_board("OpenTribute", board, eliminated=(None,) * 6 + (1905,))
    assert scores[0] == 10 * 13
    assert scores[1:6] == tuple(34 + 4 * c - 13 for c in board[1:6])
    assert scores[6] == 0
    assert printed(diplomacy_board("OpenTribute", (18, 9, 7, 0, 0, 0, 0))[0], pub.OPEN_TRIBUTE_SOLO)


def test_bangkok_wikis_impossible_board_is_refused() -> None:
    with pytest.raises(InputError, match="add up to 35"):
        diplomacy_board("Bangkok", pub.BANGKOK_DB_SHARED_AS_PRINTED)


def test_carnage_2023_boston_massacre_figures() -> None:
    # 12 against 9: the lone top scores 300 a centre over the second on top of Carnage's own score.
    board, out = (12, 9, 6, 4, 3, 0, 0), (None, None, None, None, None, FIRST_OUT, SECOND_OUT)
    lead = diplomacy_board("Carnage 2023", board, eliminated=out)[0]
    assert printed(
        lead - diplomacy_board("Carnage with elimination order", board, eliminated=out)[0],
        pub.CARNAGE_2023_LEAD_12_OVER_9,
    )
    # A tie for 1st: 6500 each (the average of 7000 and 6000), then a point per centre, and no lead bonus.
    tied = diplomacy_board("Carnage 2023", (10, 10, 6, 4, 3, 1, 0), eliminated=(None,) * 6 + (FIRST_OUT,))
    assert printed(tied[0] - 10, pub.CARNAGE_2023_TIE_FOR_FIRST)
    assert printed(tied[1] - 10, pub.CARNAGE_2023_TIE_FOR_FIRST)
    # Four level at the bottom share 4000, 3000, 2000 and 1000: 2500 each, then their centre.
    last = diplomacy_board("Carnage 2023", (12, 9, 6, 1, 1, 1, 1))
    assert all(printed(score - 1, pub.CARNAGE_2023_FOUR_WAY_LAST) for score in last[3:])


def test_cdiplo_100_diplomaticon_shared_tops() -> None:
    assert printed(diplomacy_board("C-Diplo 100", (6, 5, 5, 5, 5, 4, 4))[0], pub.CDIPLO_100_LONE_TOP_6)
    two = diplomacy_board("C-Diplo 100", (6, 6, 5, 5, 4, 4, 4))
    assert printed(two[0], pub.CDIPLO_100_TWO_WAY_TOP_6)
    assert printed(two[1], pub.CDIPLO_100_TWO_WAY_TOP_6)
    # Shared topping bonuses (38 + 14 + 7) / 3 = 19.67: the page prints the scores rounded up.
    on_11 = diplomacy_board("C-Diplo 100", (11, 11, 11, 1, 0, 0, 0))[:3]
    on_6 = diplomacy_board("C-Diplo 100", (6, 6, 6, 5, 5, 3, 3))[:3]
    assert [math.ceil(s) for s in on_11] == [pub.CDIPLO_100_THREE_WAY_TOP_11_ROUNDED_UP] * 3
    assert [math.ceil(s) for s in on_6] == [pub.CDIPLO_100_THREE_WAY_TOP_6_ROUNDED_UP] * 3


@pytest.mark.parametrize(("survivors", "figure"), sorted(pub.TRIBUTE_SHARE_OF_66.items()))
def test_tribute_share_of_66_world_diplomacy_wiki(survivors: int, figure: str) -> None:
    # Survivors level on at most 6 centres owe no tribute: each scores its centres and its share of 66.
    board = tuple(4 if p < survivors else 0 for p in range(7))
    scores = diplomacy_board("Tribute", board)
    assert all(printed(scores[p] - 4, figure) for p in range(survivors))
