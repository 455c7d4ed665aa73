"""World Classic, Summer Classic and Whipping: 10 points a centre, survival points and a board-top bonus.

Source: the Diplomacy Tournament Visualiser's descriptions (github.com/UEWBot/dipvis) of the three systems; the
World Diplomacy Database's Weasel Moot 2007 page (scoring id 28, Jim O'Kelley) states the same draw rule as
Whipping with a different solo value.

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
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from xlscore.core.diplomacy.board import POWERS, Board
from xlscore.core.diplomacy.system import Scores, System

__all__ = ["SYSTEMS"]


def _classic(name: str, summer: bool) -> Callable[[Board], Scores]:
    def score(board: Board) -> Scores:
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


_DIPVIS = "description kept by the Diplomacy Tournament Visualiser (github.com/UEWBot/dipvis)"
SYSTEMS = (
    System(
        "World Classic",
        "classic",
        _classic("World Classic", False),
        Fraction(420),
        None,
        "elimination years",
        _DIPVIS,
        __name__,
    ),
    System(
        "Summer Classic",
        "classic",
        _classic("Summer Classic", True),
        Fraction(420),
        None,
        "elimination years",
        _DIPVIS,
        __name__,
    ),
    System("Whipping", "classic", whipping, Fraction(468), None, "elimination years, final year", _DIPVIS, __name__),
)
