"""Bangkok, Olympic and Bangkok Pike: a point per centre, a shared domination bonus near the top, survival points.

Sources: the World Diplomacy Wiki's "Bangkok 2020 Scoring System" page, whose three worked domination-bonus boards
are tests; the Diplomacy Tournament Visualiser's (dipvis) descriptions of Bangkok, Olympic and Bangkok Pike (the
Olympic figures are the parameters that description states), and dipvis's own tests of them.

* **Bangkok**: in a draw every power scores 1 point per centre; 12 points of domination bonus are divided in shares:
  3 shares to each power topping the board, 2 to each power 1 centre below the top, 1 to each power 2 centres below
  (a power scores 12 x its shares / all shares); survivors score 3 points; an eliminated power scores 0.3 points per
  year of survival, "players eliminated in 1905 receive 5 yrs x 0.3": the years 1901 to the year it went out. A solo
  scores 41 (18 + 12 + 8 + 3); other survivors score 0.5 per centre, eliminated powers 0.
* **Olympic**: Bangkok with shares 4, 1.5 and 0.5, a solo worth 46, and nothing for the losers to a solo; an
  eliminated power scores 0.3 per year it survived, the year it went out not counted (out in 1904: 3 x 0.3 = 0.9).
* **Bangkok Pike**: in a draw 3 points for having a centre and 1 per centre; a lone board-topper scores 6 more, and
  powers sharing the top 4 each; every power exactly 1 centre below the top scores 4 more (a lone topper with nobody
  1 below takes these 4 itself), every power exactly 2 below 2 more (a lone topper with nobody 1 or 2 below takes
  these 2 itself); eliminated powers score 0.1 per game year played. A solo scores 60 and everyone else scores as
  if eliminated in the solo's year (0.1 per game year played, to the final year).

Readings where the sources part ways:

* Bangkok counts the year a power went out, as the wiki's own example does (out in 1905: 5 years). dipvis counts the
  years before it (0.3 x (year out - 1901): out in 1904, 0.9; its test_bangkok.py expects that); that is Bangkok's
  other reading.
* Olympic has no published page of its own; its only statement is dipvis's, whose description ("0.3 points per
  year survived") and tests (test_olympic.py: out in 1904, 3 x 0.3) leave the year out uncounted. xlscore follows
  dipvis; the other reading counts the year out, as Bangkok's wiki page does.
* Bangkok Pike's "game years played" counts the year a power went out, as dipvis does too (0.1 x (1 + year out -
  1901)). dipvis also gives the 4 and 2 bonuses to an eliminated power when the top is 1 or 2 centres (0 centres is
  then "exactly 1 or 2 below"); xlscore gives them only to powers with centres, a board with such a top being one
  no tournament ends on.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from xlscore.core.systems.diplomacy.board import POWERS, Board
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["BANGKOK", "OLYMPIC", "bangkok", "bangkok_pike"]


def bangkok(
    name: str,
    shares: tuple[Fraction, Fraction, Fraction],
    solo: int,
    loser_per_centre: Fraction,
    *,
    year_out_counted: bool,
) -> Callable[[Board], Scores]:
    def score(board: Board) -> Scores:
        if board.solo:
            return tuple(
                Fraction(solo) if p == board.soloist else loser_per_centre * c for p, c in enumerate(board.centres)
            )
        held = [shares[board.top - c] if board.top - c < 3 and c > 0 else Fraction(0) for c in board.centres]
        total = sum(held, Fraction(0))
        return tuple(
            c + 12 * s / total + 3 if c > 0 else Fraction(3, 10) * _years(board, p, name, year_out_counted)
            for p, (c, s) in enumerate(zip(board.centres, held, strict=True))
        )

    return score


def _years(board: Board, power: int, name: str, year_out_counted: bool) -> int:
    why = "0.3 points per year survived"
    return board.years_played(power, name, why) if year_out_counted else board.years_survived(power, name, why)


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


BANGKOK = (Fraction(3), Fraction(2), Fraction(1))
OLYMPIC = (Fraction(4), Fraction(3, 2), Fraction(1, 2))
