"""The examples each rule's own text gives, and the corners where variants differ."""

from __future__ import annotations

import pytest

from xlscore import diplomacy_board
from xlscore.core.errors import InputError

DEAD3 = (None, None, None, None, 1903, 1904, 1905)  # Italy out first, then Russia, then Turkey


def test_southern_sun_description_examples() -> None:
    # "Duo board top is (130+80)/2 = 105 points each": 30 + 10 x 10 + 105.
    duo = diplomacy_board("Southern Sun", (10, 10, 6, 5, 3, 0, 0), eliminated=(None,) * 5 + (1905, 1906))
    assert duo[:2] == (30 + 100 + 105, 30 + 100 + 105)
    # "three way share for 2nd behind a sole board top is (80+50+30)/3 = 53 points each".
    three = diplomacy_board("Southern Sun", (12, 6, 6, 6, 4, 0, 0), eliminated=(None,) * 5 + (1905, 1906))
    assert three[1:4] == (30 + 60 + 53,) * 3
    # A four-way top averages 72.5: rounded half up to 73.
    four = diplomacy_board("Southern Sun", (8, 8, 8, 8, 2, 0, 0), eliminated=(None,) * 5 + (1905, 1906))
    assert four[0] == 30 + 80 + 73


def test_ranked_classic_ties() -> None:
    three_top = (10, 10, 10, 2, 2, 0, 0)
    out = (None,) * 5 + (1905, 1906)
    # v1: a 3-way tie for 1st is ranked third: 60. v2: tied second: 70.
    assert diplomacy_board("Ranked Classic", three_top, eliminated=out)[0] == 100 + 30 + 60
    assert diplomacy_board("Ranked Classic v2", three_top, eliminated=out)[0] == 100 + 30 + 70
    # 4 tied for 4th: v1 ranked seventh (10), v2 tied sixth (15).
    four_fourth = (10, 8, 6, 2, 2, 2, 2)
    assert diplomacy_board("Ranked Classic", four_fourth)[3] == 20 + 30 + 10
    assert diplomacy_board("Ranked Classic v2", four_fourth)[3] == 20 + 30 + 15
    # A 2-way tie for 1st: 135 each.
    assert diplomacy_board("Ranked Classic", (12, 12, 5, 5, 0, 0, 0), eliminated=(None,) * 4 + (1903, 1904, 1905))[
        0
    ] == (120 + 30 + 135)


def test_haight_description_examples() -> None:
    # Board topper on 12, next 9: bonus 5 x 3 = 15 on top of 10 x 12 + 66.
    assert diplomacy_board("Haight", (12, 9, 6, 4, 3, 0, 0), eliminated=(None,) * 5 + (1905, 1906))[0] == 120 + 66 + 15
    # A 2-way tie for 1st scores 55 each, a 3-way tie 44 each, and no topping bonus.
    assert diplomacy_board("Haight", (10, 10, 6, 4, 4, 0, 0), eliminated=(None,) * 5 + (1905, 1906))[0] == 100 + 55
    assert diplomacy_board("Haight", (9, 9, 9, 4, 3, 0, 0), eliminated=(None,) * 5 + (1905, 1906))[0] == 90 + 44


def test_omg_two_way_tie_for_second_and_the_cap() -> None:
    scores = diplomacy_board("OMG", (12, 6, 6, 5, 5, 0, 0), eliminated=(None,) * 5 + (1905, 1906))
    # 2-way tie for second: (3 + 1.5)/2 = 2.25 each; tribute 12 - 6 = 6, within half of 9 + 9 + 2.25.
    assert scores[1] == 1.5 * 6 + 9 + 2.25 - 6
    # Germany on 5: 7.5 + 9 = 16.5, half of it 8.25 > 6, so pays 6; the topper collects 4 x 6.
    assert scores[0] == 18 + 9 + 4.5 + 4 * 6
    # A power on 1 centre pays at most half of its 1.5 + 9.
    small = diplomacy_board("OMG", (17, 1, 6, 5, 5, 0, 0), eliminated=(None,) * 5 + (1905, 1906))
    assert small[1] == (1.5 + 9) / 2


def test_sydney_league_two_way_top() -> None:
    scores = diplomacy_board("Sydney League", (10, 10, 6, 5, 3, 0, 0), eliminated=(None,) * 5 + (1905, 1906))
    assert scores[0] == (700 + 600) / 2 + 250


def test_elimination_order_against_dead_equal() -> None:
    board = (10, 9, 8, 7, 0, 0, 0)
    assert diplomacy_board("Duct Tape V2 with elimination order", board, eliminated=DEAD3)[4:] == (3, 3, 6)
    assert diplomacy_board("Duct Tape V2", board, eliminated=DEAD3)[4:] == (4, 4, 4)  # (6 + 3 + 3) / 3
    assert diplomacy_board("Carnage with elimination order", board, eliminated=DEAD3)[4:] == (1000, 2000, 3000)
    assert diplomacy_board("Carnage with dead equal", board)[4:] == (2000, 2000, 2000)
    # Out in the same year: they share the places they cover.
    same = (None, None, None, None, 1905, 1905, 1906)
    assert diplomacy_board("Carnage with elimination order", board, eliminated=same)[4:] == (1500, 1500, 3000)


def test_bangkok_pike_lone_topper_takes_unclaimed_bonuses() -> None:
    out = (None,) * 4 + (1905, 1906, 1907)
    # Nobody 1 or 2 below the top: the topper takes 6 + 4 + 2.
    assert diplomacy_board("Bangkok Pike", (14, 10, 6, 4, 0, 0, 0), eliminated=out)[0] == 3 + 14 + 6 + 4 + 2
    # Somebody 2 below but nobody 1 below: 6 + 4; the power 2 below scores its own 2.
    scores = diplomacy_board("Bangkok Pike", (14, 12, 6, 2, 0, 0, 0), eliminated=out)
    assert scores[:2] == (3 + 14 + 6 + 4, 3 + 12 + 2)
    # A shared top: 4 each, and the power 1 below its 4.
    assert diplomacy_board("Bangkok Pike", (10, 10, 9, 5, 0, 0, 0), eliminated=out)[:3] == (17, 17, 16)


def test_topping_bonus_splits() -> None:
    assert diplomacy_board("Base 3", (9, 9, 9, 7, 0, 0, 0))[0] == 9 + 3 + 1  # 9 / 3 / 3 for a 3-way top
    assert diplomacy_board("Mischief", (10, 10, 8, 6, 0, 0, 0))[:2] == (11, 11)
    assert diplomacy_board("Mischief", (9, 9, 9, 7, 0, 0, 0))[0] == 9
    out = (None,) * 4 + (1905, 1906, 1907)
    assert diplomacy_board("World Classic", (9, 9, 9, 7, 0, 0, 0), eliminated=out)[0] == 90 + 30 + 16
    assert diplomacy_board("Summer Classic", (9, 9, 9, 7, 0, 0, 0), eliminated=out)[0] == 90 + 30
    assert diplomacy_board("Summer Classic", (10, 10, 8, 6, 0, 0, 0), eliminated=out)[0] == 100 + 30 + 24
    assert diplomacy_board("Vulcan", (10, 10, 8, 6, 0, 0, 0))[0] == 10 + (2 + 4 + 30) + 5 + 5
    assert diplomacy_board("Whipping", (10, 10, 8, 6, 0, 0, 0), eliminated=out)[0] == 100 + 15


def test_tribute_payment_never_exceeds_the_survival_share() -> None:
    # 7 survivors share 66: 66/7 each; the topper on 17 is owed 11 by each, capped at 66/7.
    scores = diplomacy_board("Tribute", (17, 4, 4, 3, 3, 2, 1))
    share = 66 / 7
    assert scores[1] == pytest.approx(4 + share - share)
    assert scores[0] == pytest.approx(17 + share + 6 * share)


def test_draws_that_leave_survivors_out() -> None:
    draw = ("yes", "yes", "yes", "", "", "", "")
    assert diplomacy_board("Draw size", (12, 10, 8, 2, 2, 0, 0), draw) == pytest.approx(
        (100 / 3, 100 / 3, 100 / 3, 0, 0, 0, 0)
    )
    assert diplomacy_board("PPSC", (12, 10, 8, 2, 2, 0, 0), draw)[3] == 0


def test_a_concession_scores_as_a_solo() -> None:
    conceded = diplomacy_board("Draw size", (16, 10, 8, 0, 0, 0, 0), (True, False, False))
    assert conceded == (100, 0, 0, 0, 0, 0, 0)
    assert diplomacy_board("Carnage", (16, 10, 8, 0, 0, 0, 0), (True,))[0] == 28034


@pytest.mark.parametrize("name", ["c-diplo 100", "CDIPLO100", "C Diplo 100", " c-diplo-100 "])
def test_names_match_without_case_spaces_or_punctuation(name: str) -> None:
    assert diplomacy_board(name, (4, 0, 9, 7, 7, 3, 4)) == diplomacy_board("C-Diplo 100", (4, 0, 9, 7, 7, 3, 4))


def test_maxonian_ties_broken_by_the_most_recent_year_they_differed() -> None:
    board = (10, 10, 10, 4, 0, 0, 0)
    # 1901 to 1903: Austria ahead of England in 1902, England ahead in 1901; France level with Austria throughout
    # but 1902. Most recent difference: 1902, where Austria 9 > France 8 > England 7.
    chart = ((5, 9, 10), (6, 7, 10), (5, 8, 10), (4, 4, 4), (5, 2, 0), (5, 4, 0), (4, 0, 0))
    assert diplomacy_board("Maxonian", board, chart=chart)[:3] == (7, 5, 6)
    # Level every year: the average of the places they cover, (7 + 6 + 5) / 3.
    level = tuple((c,) for c in board)
    assert diplomacy_board("Maxonian", board, chart=level)[:3] == (6, 6, 6)
    # Eliminated powers level every year share 2 and 1.
    assert diplomacy_board("Maxonian", board, chart=level)[4:] == (2, 2, 2)


def test_maxonian_needs_no_chart_where_the_years_out_settle_the_eliminated() -> None:
    # France 13 (7), Russia 11 (6), Germany 5 (5), Italy 4 (4), Turkey 1 (3); England out in 1905 was ahead of
    # Austria, out in 1904, in 1904: England 2, Austria 1. 13 is not above the mark, so no centre points.
    board, out = (0, 0, 13, 5, 4, 11, 1), (1904, 1905, None, None, None, None, None)
    assert diplomacy_board("Maxonian", board, eliminated=out) == (1, 2, 7, 5, 4, 6, 3)
    with pytest.raises(InputError, match=r"Austria and England, both on 0 centres \(out in 1905\)"):
        diplomacy_board("Maxonian", board, eliminated=(1905, 1905, None, None, None, None, None))


def test_detour09_concession_and_the_cap_on_survival_points() -> None:
    # Conceded to Austria in 1908: 110; the others survived 1901 to 1907, 7 x 0.25; Turkey, out in 1905, 4 x 0.25.
    out = (None,) * 6 + (1905,)
    scores = diplomacy_board("Detour09", (10, 5, 5, 5, 5, 4, 0), draw=(1,), eliminated=out, final_year=1908)
    assert scores == (110, 1.75, 1.75, 1.75, 1.75, 1.75, 1)
    # A 1912 solo: 11 years survived, capped at 8 (2 points); Russia and Turkey, out in 1903, 2 x 0.25.
    solo = diplomacy_board("Detour09", (18, 4, 4, 4, 4, 0, 0), eliminated=(None,) * 5 + (1903, 1903), final_year=1912)
    assert solo == (110, 2, 2, 2, 2, 0.5, 0.5)
