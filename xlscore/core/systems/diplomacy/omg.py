"""Open Mind the Gap (OMG): centres, survival, a top-three bonus and a tribute to the board-topper.

Source: the Diplomacy Tournament Visualiser's description (github.com/UEWBot/dipvis) of OMG.

a) Each centre is worth 1.5 points. b) Surviving in a draw is worth 9 points. c) The top three by centres score 4.5,
3 and 1.5; tied powers share the points of the places they cover (a 2-way tie for second: (3 + 1.5) / 2 = 2.25).
d) Every power pays the board-topper a tribute of the topper's centres minus the second-placed power's centres,
capped at 50% of the payer's score from a, b and c. e) A solo scores 100 and everyone else 0.

Decisions: with a shared top the first and second places hold the same count, so the tribute is 0; the topper pays
nobody; an eliminated power, scoring nothing from a to c, pays nothing.
"""

from __future__ import annotations

from fractions import Fraction

from xlscore.core.systems.diplomacy.board import POWERS, Board, place_points
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["omg"]


def omg(board: Board) -> Scores:
    if board.solo:
        return tuple(Fraction(100 if p == board.soloist else 0) for p in range(POWERS))
    bonus = place_points(board.centres, (Fraction(9, 2), 3, Fraction(3, 2)))
    before = [Fraction(3, 2) * c + (9 if c > 0 else 0) + b for c, b in zip(board.centres, bonus, strict=True)]
    gap = board.top - board.second if board.toppers == 1 else 0
    paid = [
        Fraction(0) if c == board.top else min(Fraction(gap), s / 2) for c, s in zip(board.centres, before, strict=True)
    ]
    received = sum(paid, Fraction(0))
    return tuple(
        s - paid[p] + (received if c == board.top else 0)
        for p, (c, s) in enumerate(zip(board.centres, before, strict=True))
    )
