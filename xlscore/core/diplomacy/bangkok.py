"""Bangkok, Olympic and Bangkok Pike: a point per centre, a shared domination bonus near the top, survival points.

Sources: the World Diplomacy Wiki's "Bangkok 2020 Scoring System" page, whose three worked domination-bonus boards
are tests; the Diplomacy Tournament Visualiser's descriptions of Bangkok, Olympic and Bangkok Pike (the Olympic
figures are the parameters that description states).

* **Bangkok**: in a draw every power scores 1 point per centre; 12 points of domination bonus are divided in shares:
  3 shares to each power topping the board, 2 to each power 1 centre below the top, 1 to each power 2 centres below
  (a power scores 12 x its shares / all shares); survivors score 3 points; an eliminated power scores 0.3 points per
  year of survival, "players eliminated in 1905 receive 5 yrs x 0.3": the years 1901 to the year it went out. A solo
  scores 41 (18 + 12 + 8 + 3); other survivors score 0.5 per centre, eliminated powers 0.
* **Olympic**: Bangkok with shares 4, 1.5 and 0.5, a solo worth 46, and nothing for the losers to a solo.
* **Bangkok Pike**: in a draw 3 points for having a centre and 1 per centre; a lone board-topper scores 6 more, and
  powers sharing the top 4 each; every power exactly 1 centre below the top scores 4 more (a lone topper with nobody
  1 below takes these 4 itself), every power exactly 2 below 2 more (a lone topper with nobody 1 or 2 below takes
  these 2 itself); eliminated powers score 0.1 per game year played. A solo scores 60 and everyone else scores as
  if eliminated in the solo's year (0.1 per game year played, to the final year).

Decision: Bangkok Pike's "game years played" counts the year a power went out, as Bangkok's example does.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from xlscore.core.diplomacy.board import POWERS, Board
from xlscore.core.diplomacy.system import Scores, System

__all__ = ["SYSTEMS"]

_YEARS = "elimination years"


def _bangkok(
    name: str, shares: tuple[Fraction, Fraction, Fraction], solo: int, loser_per_centre: Fraction
) -> Callable[[Board], Scores]:
    def score(board: Board) -> Scores:
        if board.solo:
            return tuple(
                Fraction(solo) if p == board.soloist else loser_per_centre * c for p, c in enumerate(board.centres)
            )
        held = [shares[board.top - c] if board.top - c < 3 and c > 0 else Fraction(0) for c in board.centres]
        total = sum(held, Fraction(0))
        return tuple(
            c + 12 * s / total + 3
            if c > 0
            else Fraction(3, 10) * board.years_played(p, name, "0.3 points per year survived")
            for p, (c, s) in enumerate(zip(board.centres, held, strict=True))
        )

    return score


def bangkok_pike(board: Board) -> Scores:
    name = "Bangkok Pike"
    if board.solo:
        final = board.last_year(name, "losers to a solo score 0.1 per game year played")
        return tuple(
            Fraction(60)
            if p == board.soloist
            else Fraction(final - 1900 if board.alive(p) else board.years_played(p, name, "0.1 per year played"), 10)
            for p in range(POWERS)
        )
    top, lone = board.top, board.toppers == 1
    one_below = board.centres.count(top - 1) > 0
    two_below = board.centres.count(top - 2) > 0
    scores: list[Fraction] = []
    for p, c in enumerate(board.centres):
        if c == 0:
            scores.append(Fraction(board.years_played(p, name, "0.1 per game year played"), 10))
            continue
        points = Fraction(3 + c)
        if c == top:
            points += 6 if lone else 4
            if lone and not one_below:
                points += 4
            if lone and not one_below and not two_below:
                points += 2
        elif c == top - 1:
            points += 4
        elif c == top - 2:
            points += 2
        scores.append(points)
    return tuple(scores)


_WIKI = "World Diplomacy Wiki, Bangkok 2020 Scoring System"
_DIPVIS = "description kept by the Diplomacy Tournament Visualiser (github.com/UEWBot/dipvis)"
SYSTEMS = (
    System(
        "Bangkok",
        "Bangkok",
        _bangkok("Bangkok", (Fraction(3), Fraction(2), Fraction(1)), 41, Fraction(1, 2)),
        Fraction(41),
        None,
        _YEARS,
        _WIKI,
        __name__,
    ),
    System(
        "Olympic",
        "Bangkok",
        _bangkok("Olympic", (Fraction(4), Fraction(3, 2), Fraction(1, 2)), 46, Fraction(0)),
        Fraction(46),
        None,
        _YEARS,
        _DIPVIS,
        __name__,
    ),
    System("Bangkok Pike", "Bangkok", bangkok_pike, Fraction(60), None, _YEARS + ", final year", _DIPVIS, __name__),
)
