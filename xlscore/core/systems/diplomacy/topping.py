"""Base 3, Mischief and Vulcan: a point per centre with a bonus for topping the board.

Source: the Diplomacy Tournament Visualiser's descriptions (github.com/UEWBot/dipvis) of the three systems.

* **Base 3**: 1 point per centre, 3 for surviving, and a 9-point bonus for topping the board divided by 3 for each
  further power sharing the top (9 for a lone top, 3 each for a 2-way top, 1 each for a 3-way top, and so on). A
  solo scores 46; elimination or losing to a solo scores 0.
* **Mischief**: a solo scores 34 and everyone else 0. Otherwise 1 point per centre, 5 more for a lone board top and 1
  more each for a 2-way shared top.
* **Vulcan**: eliminated powers score 0. A solo scores 130 and a survivor losing to it 5. Otherwise a power scores 1
  per centre, plus 1 for each centre between it and every power below it (eliminated powers included), plus 5 for
  surviving; the 10-point topping bonus is split between the powers sharing the top.
"""

from __future__ import annotations

from fractions import Fraction

from xlscore.core.systems.diplomacy.board import POWERS, Board
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["base3", "mischief", "vulcan"]


def base3(board: Board) -> Scores:
    if board.solo:
        return tuple(Fraction(46 if p == board.soloist else 0) for p in range(POWERS))
    bonus = Fraction(9, 3 ** (board.toppers - 1))
    return tuple(Fraction(0) if c == 0 else Fraction(c + 3) + (bonus if c == board.top else 0) for c in board.centres)


def mischief(board: Board) -> Scores:
    if board.solo:
        return tuple(Fraction(34 if p == board.soloist else 0) for p in range(POWERS))
    bonus = {1: 5, 2: 1}.get(board.toppers, 0)
    return tuple(Fraction(c + (bonus if c == board.top else 0)) for c in board.centres)


def vulcan(board: Board) -> Scores:
    if board.solo:
        return tuple(Fraction(130 if p == board.soloist else 5 if board.alive(p) else 0) for p in range(POWERS))
    return tuple(
        Fraction(0)
        if c == 0
        else Fraction(c + sum(c - d for d in board.centres if d < c) + 5)
        + (Fraction(10, board.toppers) if c == board.top else 0)
        for c in board.centres
    )
