"""Survivors-Win Scoring, or points per supply centre (PPSC), as webDiplomacy scores it; a game is worth 100.

Sources: webDiplomacy's scoring documentation and its PPSC definition ("Survivors-Win Scoring"): "The amount of
points you get depends on how many supply centers you have at the end ... If you get defeated ... all the points you
bet are lost"; in a draw the pot is split equally between the powers drawing; when a power wins, every survivor is
paid in proportion to its supply centres, a winner holding more than the 18 it needed counting as 18 and the excess
taken out of the total, so that it scales the others up; also the forum summary by captainmeme (webDiplomacy forum,
"A New PPSC?", 2022): "PPSC would split the pot directly proportional to each player's SC count".

* Draw of n powers: each member scores 100 / n; survivors left out and eliminated powers 0.
* Solo: each survivor scores 100 x c / T, where the soloist's c counts at most 18 and T is the survivors' centres
  with the soloist's counted the same way. A concession is scored the same way (its winner's centres as they are).

Decision: webDiplomacy pays whole points of a bet pot (rounding up); xlscore scores a pot of 100 exactly.
"""

from __future__ import annotations

from fractions import Fraction

from xlscore.core.systems.diplomacy.board import POWERS, SOLO_CENTRES, Board
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["survivors_win"]

_POT = Fraction(100)


def survivors_win(board: Board) -> Scores:
    if not board.solo:
        return tuple(_POT / board.draw_size if board.draw[p] else Fraction(0) for p in range(POWERS))
    counted = [min(c, SOLO_CENTRES) for c in board.centres]
    total = sum(counted)
    return tuple(_POT * c / total for c in counted)
