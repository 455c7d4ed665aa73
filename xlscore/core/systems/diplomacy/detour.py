"""Detour09: centres, a lead bonus and place points, normalised to 100, with survival points on top.

Source: the Diplomacy Tournament Visualiser's (dipvis) description of Detour09 and its tests (test_detour09.py); no
page of the system's own was found. Its predecessor Detour 98F (DAANZ, daanz.org/sc-d98f.htm) is the same draw rule
with a point for surviving to 1905 and no survival points; its worked tie rule ("if two players finish equal Top
of the Board, they score 3pts each") is Detour09's too.

* **A solo** (or a concession) scores 110; the others score nothing but survival points.
* **A draw**: each power scores 1 point per centre and 2 more if it holds any; a lone board-topper scores the gap
  between its centres and the next power's; the first four places by centres score 4, 3, 2 and 1, powers tied for a
  place all scoring the points of the lowest place they cover (two tied on top score 3 each, three tied second 1
  each). The scores are then normalised to add up to 100.
* **Survival points**: an eliminated power, or a survivor losing to a solo, scores 0.25 per year of survival, at
  most 2 (8 years): "a year of survival is when the player has at least 1 centre during winter and no other player
  has 18 or more", so a power out in 1904 survived 3 years (1901 to 1903) and a survivor of a 1910 solo 9 (capped
  at 8).

Decisions where the description is silent, taken as dipvis's code and tests take them: the survival points are added
after the normalisation (a drawn board with eliminated powers adds up to more than 100: test_g_scoring_detour09_no_
solo1, 100 + 0.75); a concession scores as a solo; an eliminated power's place is among the powers on 0 centres
(with three survivors or fewer, four or more share the bottom places and none of them scores place points).

One decision of xlscore's own: the survivors of a concession survived the years before the final year, as the
losers of a solo do (dipvis's code has no solo year for a concession and stops with an error there).
"""

from __future__ import annotations

from fractions import Fraction

from xlscore.core.events.placement import places_from_values
from xlscore.core.systems.diplomacy.board import FIRST_YEAR, POWERS, Board
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["detour09"]

_NAME = "Detour09"
_PLACES = (4, 3, 2, 1)
_MOST_YEARS = 8


def _survival(board: Board, power: int) -> Fraction:
    """0.25 a year of survival, at most 2, for an eliminated power or a survivor losing to a solo; else 0."""
    if power == board.soloist or (board.alive(power) and not board.solo):
        return Fraction(0)
    if board.alive(power):
        years = board.last_year(_NAME, "losers to a solo score 0.25 per year survived") - FIRST_YEAR
    else:
        years = board.years_survived(power, _NAME, "0.25 points per year survived")
    return Fraction(min(years, _MOST_YEARS), 4)


def _drawn(board: Board) -> list[Fraction]:
    """The draw's raw points, before the normalisation."""
    raw: list[Fraction] = []
    for (place, tied), c in zip(places_from_values(list(board.centres)), board.centres, strict=True):
        lowest = place + tied - 1
        points = Fraction(c + (2 if c > 0 else 0) + (_PLACES[lowest - 1] if lowest <= len(_PLACES) else 0))
        if c == board.top and board.toppers == 1:
            points += c - board.second
        raw.append(points)
    return raw


def detour09(board: Board) -> Scores:
    if board.solo:
        base = [Fraction(110 if p == board.soloist else 0) for p in range(POWERS)]
    else:
        raw = _drawn(board)
        total = sum(raw, Fraction(0))
        base = [100 * r / total for r in raw]
    return tuple(b + _survival(board, p) for p, b in enumerate(base))
