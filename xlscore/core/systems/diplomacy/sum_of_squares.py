"""Sum of Squares: a solo takes all 100 points; otherwise 100 points are shared in proportion to each power's
centres squared.

Sources: webDiplomacy's Sum-of-Squares Scoring; The Embassy's "Tournament Scoring - Part 4: Supply Centre Scoring"
(theembassydip.blogspot.com, 2020), whose worked board (England 12, Russia 9, Turkey 8, Italy 5, the rest
eliminated) scores 45.86, 25.8, 20.38 and 7.96 (144, 81, 64 and 25 out of 314); the Diplomacy Tournament
Visualiser's description ("square each power's final centre-count and normalize those numbers to sum to 100").

* Solo (or concession): 100 to the soloist, 0 to everyone else.
* Otherwise: 100 x c^2 / (sum of every power's c^2). Draw membership does not change the split (the rule reads only
  centres).
"""

from __future__ import annotations

from fractions import Fraction

from xlscore.core.systems.diplomacy.board import POWERS, Board
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["sum_of_squares"]

_POT = Fraction(100)


def sum_of_squares(board: Board) -> Scores:
    if board.solo:
        return tuple(_POT if p == board.soloist else Fraction(0) for p in range(POWERS))
    squares = sum(c * c for c in board.centres)
    return tuple(_POT * c * c / squares for c in board.centres)
