"""World Classic, Summer Classic and Whipping: 10 points a centre, survival points and a board-top bonus.

Sources: the World Diplomacy Wiki's "World Classic Scoring System" page (Peter McNamara's system: 10 points a
centre, 48 for the board top shared equally, "30 point for survival in a non solo game", "1 point by year of
survival in a non solo game"); the Diplomacy Tournament Visualiser's (dipvis) descriptions of the three systems and
its tests (test_world_classic.py, test_whipping.py); the World Diplomacy Database's Weasel Moot 2007 page (scoring id
28, Jim O'Kelley) states the same draw rule as Whipping with a different solo value.

* **World Classic**: a solo scores 420 and everyone else 0. Otherwise 10 points per centre, 30 for surviving to the
  end, a 48-point pool for topping the board split between all the powers sharing the top, and 1 point for each year
  survived by a power eliminated in a game that did not end in a solo.
* **Summer Classic**: World Classic, with 48 to a lone board-topper, 24 each to two sharing the top, and nothing to a
  top shared by three or more.
* **Whipping**: a solo scores 468; survivors losing to a solo score as if eliminated when the solo happened.
  Otherwise eliminated powers score 1 point per year played; everyone 10 points per centre; survivors share 60
  points equally; a lone board-topper scores twice its centres more (no bonus for a shared top).

Decisions: a year survived is a whole year ended with centres (out in 1905: 4); a year played counts the year a
power went out (5); a survivor of a solo played every year to the final year.

Where the sources part ways: the wiki gives year points "in a non solo game" only, and dipvis's description says
"Solo gets 420. Others get 0."; xlscore follows both. dipvis's code and its test (test_g_scoring_world_classic_solo)
give every loser to a solo 1 point per year survived instead (out in 1904: 3; a survivor of a 1907 solo: 6); that
is World Classic's and Summer Classic's other reading.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from xlscore.core.systems.diplomacy.board import FIRST_YEAR, POWERS, Board
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["classic", "whipping"]


def _losers_years(board: Board, name: str) -> Scores:
    """dipvis's solo: 420, and every loser 1 point per year survived (a survivor to the year before the solo's)."""
    final = board.last_year(name, "losers to a solo score 1 point per year survived")
    return tuple(
        Fraction(420)
        if p == board.soloist
        else Fraction(final - FIRST_YEAR if c > 0 else board.years_survived(p, name, "1 point per year survived"))
        for p, c in enumerate(board.centres)
    )


def classic(name: str, summer: bool, *, losers_score_years: bool = False) -> Callable[[Board], Scores]:
    def score(board: Board) -> Scores:
        if board.solo and losers_score_years:
            return _losers_years(board, name)
        if board.solo:
            return tuple(Fraction(420 if p == board.soloist else 0) for p in range(POWERS))
        pool = (
            {1: Fraction(48), 2: Fraction(24)}.get(board.toppers, Fraction(0))
            if summer
            else Fraction(48, board.toppers)
        )
        return tuple(
            Fraction(10 * c + 30) + (pool if c == board.top else 0)
            if c > 0
            else Fraction(board.years_survived(p, name, "1 point for each year survived"))
            for p, c in enumerate(board.centres)
        )

    return score


def whipping(board: Board) -> Scores:
    name = "Whipping"
    if board.solo:
        final = board.last_year(name, "survivors of a solo score the years they played")
        return tuple(
            Fraction(468)
            if p == board.soloist
            else Fraction(final - 1900 if c > 0 else board.years_played(p, name, "1 point per year played"))
            for p, c in enumerate(board.centres)
        )
    share = Fraction(60, board.survivors)
    return tuple(
        10 * c + share + (2 * c if c == board.top and board.toppers == 1 else 0)
        if c > 0
        else Fraction(board.years_played(p, name, "1 point per year played"))
        for p, c in enumerate(board.centres)
    )
