"""One board worked out by hand for every system, the arithmetic written in from each rule's text.

The board: Austria went out in 1904, England in 1905; France 13, Germany 4, Italy 4, Russia 12, Turkey 1 share a
five-way draw at the end of 1906 (every centre owned). A power out in 1904 played 4 game years (1901-1904) and
survived 3 whole years; out in 1905, 5 and 4.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from xlscore import diplomacy_board, diplomacy_systems

BOARD = (0, 0, 13, 4, 4, 12, 1)
OUT = (1904, 1905, None, None, None, None, None)
FINAL = 1906
# The centre chart, a column per power: 1901 and the end. Germany was ahead of Italy, England of Austria.
CHART = tuple(zip((3, 4, 5, 5, 4, 6, 4), BOARD, strict=True))

#               Austria, England, France, Germany, Italy, Russia, Turkey
HAND: dict[str, tuple[Fraction | int | float, ...]] = {
    "Draw size": (0, 0, 20, 20, 20, 20, 20),
    "Solo or bust": (0, 0, 0, 0, 0, 0, 0),
    # squares 169 + 16 + 16 + 144 + 1 = 346
    "Sum of Squares": (
        0,
        0,
        Fraction(16900, 346),
        Fraction(1600, 346),
        Fraction(1600, 346),
        Fraction(14400, 346),
        Fraction(100, 346),
    ),
    "Survivors-Win (PPSC)": (0, 0, 20, 20, 20, 20, 20),
    # 5-way: D = 42, B = 34/5; 4 and 1 centres fall below 6/7 x 42 = 36
    "Size Matters": (0, 0, Fraction(42 * 13 * 5, 34), 36, 36, Fraction(42 * 12 * 5, 34), 36),
    "Your Draw Size (short games)": (0, 0, 70, 30, 30, 70, 21),
    "Your Draw Size (unlimited games)": (0, 0, 70, 30, 30, 70, 21),
    # 1 + centres + 38 / 14 / (7 + 0)/2 shared by Germany and Italy
    "C-Diplo 100": (1, 1, 1 + 13 + 38, 1 + 4 + 3.5, 1 + 4 + 3.5, 1 + 12 + 14, 1 + 1),
    "C-Diplo 80": (0, 0, 13 + 25, 4 + 3.5, 4 + 3.5, 12 + 14, 1),
    # centres: 13 -> 18 + 7, 12 -> 18 + 6, 4 -> 14, 1 -> 5
    "C-Diplo Namur": (1, 1, 1 + 25 + 38, 1 + 14 + 3.5, 1 + 14 + 3.5, 1 + 24 + 14, 1 + 5),
    "Carnage with elimination order": (1000, 2000, 7013, 4504, 4504, 6012, 3001),
    "Carnage with dead equal": (1500, 1500, 7013, 4504, 4504, 6012, 3001),
    "Carnage 2023": (1000, 2000, 7013 + 300 * (13 - 12), 4504, 4504, 6012, 3001),
    "Centre-count Carnage": (1001, 2002, 7007 + 6500, 4504.5 + 2000, 4504.5 + 2000, 6006 + 6000, 3003 + 500),
    # places 40, 24, (15 + 9)/2, 6, then the two eliminated (3 + 3)/2
    "Duct Tape V2": (3, 3, 53, 16, 16, 36, 7),
    "Duct Tape V2 with elimination order": (3, 3, 53, 16, 16, 36, 7),
    # 10/centre; bonus 66, 55, tie for 3rd-4th scores 4th's 33, 22, 11, 0; lone top 5 x (13 - 12); years played
    "Haight v1.0": (0 + 4, 11 + 5, 130 + 66 + 5, 40 + 33, 40 + 33, 120 + 55, 10 + 22),
    # 10/centre + 30; bonus 200, 90, two tied for 3rd 50, 30; eliminated: years survived
    "Ranked Classic": (3, 4, 130 + 30 + 200, 40 + 30 + 50, 40 + 30 + 50, 120 + 30 + 90, 10 + 30 + 30),
    "Ranked Classic v2": (3, 4, 360, 120, 120, 240, 70),
    # 30 + 10/centre + 130, 80, (50 + 30)/2, 20; eliminated 3 per year played
    "Southern Sun": (12, 15, 30 + 130 + 130, 30 + 40 + 40, 30 + 40 + 40, 30 + 120 + 80, 30 + 10 + 20),
    # 700, 600, (500 + 400)/2, 300, then the eliminated by when they went out: England 200, Austria 100;
    # 25/centre; eliminated: years played (dipvis's reading)
    "Sydney League": (100 + 4, 200 + 5, 700 + 325, 450 + 100, 450 + 100, 600 + 300, 300 + 25),
    "Tribute": (0, 0, 13 + 13.2 + 4 * 7, 4 + 13.2 - 7, 4 + 13.2 - 7, 12 + 13.2 - 7, 1 + 13.2 - 7),
    # 34 + 3/centre; tribute 1 per centre behind 13 from the six others: 13 + 13 + 9 + 9 + 1 + 12 = 57 to France
    "OpenTribute": (0, 0, 34 + 39 + 57, 34 + 12 - 9, 34 + 12 - 9, 34 + 36 - 1, 34 + 3 - 12),
    # 1.5/centre + 9 + 4.5 / 3 / (1.5 + 0)/2; tribute 13 - 12 = 1 from each other survivor
    "OMG": (0, 0, 19.5 + 9 + 4.5 + 4, 6 + 9 + 0.75 - 1, 6 + 9 + 0.75 - 1, 18 + 9 + 3 - 1, 1.5 + 9 - 1),
    # shares 3 (France) and 2 (Russia, 1 below): 12 x 3/5, 12 x 2/5; 0.3 per year played
    "Bangkok": (1.2, 1.5, 13 + 7.2 + 3, 4 + 3, 4 + 3, 12 + 4.8 + 3, 1 + 3),
    # eliminated: 0.3 per year survived, the year out not counted (dipvis's reading)
    "Olympic": (0.9, 1.2, 13 + Fraction(48, 11 * 2) * 4 + 3, 7, 7, 12 + Fraction(12 * 3, 11) + 3, 4),
    # 3 + centres; lone top 6 (Russia is 1 below, so no more); 1 below 4; eliminated 0.1 per year played
    "Bangkok Pike": (0.4, 0.5, 3 + 13 + 6, 3 + 4, 3 + 4, 3 + 12 + 4, 3 + 1),
    "Base 3": (0, 0, 13 + 3 + 9, 4 + 3, 4 + 3, 12 + 3, 1 + 3),
    "Mischief": (0, 0, 13 + 5, 4, 4, 12, 1),
    # centres + the gap to every power below + 5 (+ 10 to the lone top)
    "Vulcan": (
        0,
        0,
        13 + (1 + 9 + 9 + 12 + 13 + 13) + 5 + 10,
        4 + 3 + 4 + 4 + 5,
        4 + 3 + 4 + 4 + 5,
        12 + (8 + 8 + 11 + 12 + 12) + 5,
        1 + 1 + 1 + 5,
    ),
    # P = S^2 + 4S + 16: 16, 16, 237, 48, 48, 208, 21; B = 594 (v2: survivors only, 562)
    "ManorCon": (
        0.4,
        0.5,
        Fraction(23700, 594),
        Fraction(4800, 594),
        Fraction(4800, 594),
        Fraction(20800, 594),
        Fraction(2100, 594),
    ),
    # Original ManorCon and v2: 0.1 per year survived, the year out not counted (dipvis's reading)
    "Original ManorCon": (
        0.3,
        0.4,
        Fraction(23700, 594),
        Fraction(4800, 594),
        Fraction(4800, 594),
        Fraction(20800, 594),
        Fraction(2100, 594),
    ),
    "ManorCon v2": (
        0.3,
        0.4,
        Fraction(23700, 562),
        Fraction(4800, 562),
        Fraction(4800, 562),
        Fraction(20800, 562),
        Fraction(2100, 562),
    ),
    "World Classic": (3, 4, 130 + 30 + 48, 70, 70, 150, 40),
    "Summer Classic": (3, 4, 130 + 30 + 48, 70, 70, 150, 40),
    # 10/centre + 60/5; lone top 2 x 13; eliminated 1 per year played
    "Whipping": (4, 5, 130 + 12 + 26, 40 + 12, 40 + 12, 120 + 12, 10 + 12),
    # places by centres, then by the earlier year: France, Russia, Germany, Italy, Turkey, England, Austria
    "Maxonian": (1, 2, 7, 5, 4, 6, 3),
    # raw: France 13 + 2 + (13 - 12) + 4 = 20, Russia 12 + 2 + 3 = 17, Germany and Italy tied 3rd-4th 4 + 2 + 1 = 7,
    # Turkey 1 + 2 = 3; of 54, as shares of 100; then Austria 0.25 x 3 years survived, England 0.25 x 4
    "Detour09": (
        0.75,
        1,
        Fraction(2000, 54),
        Fraction(700, 54),
        Fraction(700, 54),
        Fraction(1700, 54),
        Fraction(300, 54),
    ),
    # the same places, and a point per centre above 11: France 2, Russia 1
    "7Eleven": (1, 2, 7 + 2, 5, 4, 6 + 1, 3),
}


def test_every_system_has_a_hand_worked_board() -> None:
    assert sorted(HAND) == sorted(diplomacy_systems())


@pytest.mark.parametrize("system", sorted(HAND))
def test_hand_worked_board(system: str) -> None:
    scores = diplomacy_board(system, BOARD, eliminated=OUT, final_year=FINAL, chart=CHART)
    assert scores == pytest.approx([float(x) for x in HAND[system]], abs=1e-9)


# A solo: France on 18; Austria out in 1903, Italy in 1906; the game ends in 1907.
SOLO = (0, 3, 18, 5, 0, 4, 4)
SOLO_OUT = (1903, None, None, None, 1906, None, None)
SOLO_CHART = tuple(zip((4, 3, 6, 5, 3, 4, 5), SOLO, strict=True))  # Austria ahead of Italy, Turkey of Russia
SOLO_HAND: dict[str, tuple[Fraction | int | float, ...]] = {
    "Survivors-Win (PPSC)": (
        0,
        Fraction(300, 34),
        Fraction(1800, 34),
        Fraction(500, 34),
        0,
        Fraction(400, 34),
        Fraction(400, 34),
    ),
    # 5 survivors: B = 34/5; a loser scores s x s / B
    "Size Matters": (0, Fraction(9 * 5, 34), 210, Fraction(25 * 5, 34), 0, Fraction(16 * 5, 34), Fraction(16 * 5, 34)),
    "Centre-count Carnage": (1000, 1000, 39028, 1000, 1000, 1000, 1000),
    "Bangkok": (0, 1.5, 41, 2.5, 0, 2, 2),
    # survivors: 0.1 x (1907 - 1900); eliminated 0.1 per year played
    "Bangkok Pike": (0.3, 0.7, 60, 0.7, 0.6, 0.7, 0.7),
    "Vulcan": (0, 5, 130, 5, 0, 5, 5),
    # survivors: the greater of 5/centre and 7 years played
    "Haight v1.0": (3, 15, 451, 25, 6, 20, 20),
    # survivors count as eliminated in 1907, having survived 6 years; eliminated: years survived (dipvis's reading)
    "Ranked Classic": (2, 6, 550, 6, 5, 6, 6),
    "Ranked Classic v2": (2, 6, 550, 6, 5, 6, 6),
    "ManorCon": (0.3, 0.7, 75, 0.7, 0.6, 0.7, 0.7),
    # dipvis's reading: 0.1 per year before the one a power went out in, a survivor counting as out in 1907
    "Original ManorCon": (0.2, 0.6, 100, 0.6, 0.5, 0.6, 0.6),
    "ManorCon v2": (0.2, 0.6, 100, 0.6, 0.5, 0.6, 0.6),
    # 110; losers 0.25 per year survived: survivors 6 (1901-1906), Austria 2, Italy 5
    "Detour09": (0.5, 1.5, 110, 1.5, 1.25, 1.5, 1.5),
    "Whipping": (3, 7, 468, 7, 6, 7, 7),
    # place points (700, 600, (500 + 400)/2, (500 + 400)/2, 300, then Italy out in 1906 200 and Austria 100) and
    # centres, and the eliminated powers' years played; +50% / -50%
    # France, Germany, Turkey, Russia, England, Austria, Italy; only the soloist scores above the mark
    "Maxonian": (2, 3, 7 + 5, 6, 1, 4, 5),
    "7Eleven": (2, 3, 7 + 7, 6, 1, 4, 5),
    "Sydney League": (
        Fraction(100 + 3, 2),
        Fraction(300 + 75, 2),
        Fraction(3 * (700 + 450), 2),
        Fraction(600 + 125, 2),
        Fraction(200 + 6, 2),
        Fraction(450 + 100, 2),
        Fraction(450 + 100, 2),
    ),
}
SOLO_ONLY = {
    "Draw size": 100,
    "Solo or bust": 100,
    "Sum of Squares": 100,
    "Your Draw Size (short games)": 300,
    "Your Draw Size (unlimited games)": 320,
    "C-Diplo 100": 100,
    "C-Diplo 80": 80,
    "C-Diplo Namur": 85,
    "Carnage with elimination order": 28034,
    "Carnage with dead equal": 28034,
    "Carnage 2023": 28034,
    "Duct Tape V2": 75,
    "Duct Tape V2 with elimination order": 75,
    "Southern Sun": 500,
    "Tribute": 100,
    "OpenTribute": 340,
    "OMG": 100,
    "Olympic": 46,
    "Base 3": 46,
    "Mischief": 34,
    "World Classic": 420,
    "Summer Classic": 420,
}


def test_every_system_has_a_hand_worked_solo() -> None:
    assert not set(SOLO_HAND) & set(SOLO_ONLY)
    assert sorted([*SOLO_HAND, *SOLO_ONLY]) == sorted(diplomacy_systems())


@pytest.mark.parametrize("system", sorted(SOLO_HAND))
def test_hand_worked_solo(system: str) -> None:
    scores = diplomacy_board(system, SOLO, eliminated=SOLO_OUT, final_year=1907, chart=SOLO_CHART)
    assert scores == pytest.approx([float(x) for x in SOLO_HAND[system]], abs=1e-9)


@pytest.mark.parametrize("system", sorted(SOLO_ONLY))
def test_solo_takes_the_solo_score_and_the_rest_nothing(system: str) -> None:
    scores = diplomacy_board(system, SOLO, eliminated=SOLO_OUT, final_year=1907)
    assert scores == (0, 0, SOLO_ONLY[system], 0, 0, 0, 0)
