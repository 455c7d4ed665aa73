"""Draw-size scoring (DSS) and Solo or bust: a game is worth 100 points.

Sources: webDiplomacy's Draw-Size Scoring ("Draw-Size Scoring": a solo wins the pot; a draw's pot is split equally
between the powers in the draw; a survivor outside the draw scores nothing), and the description of the Draw Size
and "Solos" systems kept by the Diplomacy Tournament Visualiser (dipvis, UEWBot/dipvis): "Solos score 100 points.
Draw sharers split 100 points between them." and "Only solo victories get points. Solos score 100 points. Other
results score 0."

* **Draw size**: a solo (or a concession) scores 100 and everyone else 0; in a draw of n powers each member scores
  100 / n; survivors left out of the draw and eliminated powers score 0.
* **Solo or bust**: a solo (or a concession) scores 100; every other result scores 0.
"""

from __future__ import annotations

from fractions import Fraction

from xlscore.core.systems.diplomacy.board import POWERS, Board
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["draw_size", "solo_or_bust"]

_POT = Fraction(100)


def _solo(board: Board) -> Scores:
    return tuple(_POT if p == board.soloist else Fraction(0) for p in range(POWERS))


def draw_size(board: Board) -> Scores:
    if board.solo:
        return _solo(board)
    return tuple(_POT / board.draw_size if board.draw[p] else Fraction(0) for p in range(POWERS))


def solo_or_bust(board: Board) -> Scores:
    return _solo(board) if board.solo else (Fraction(0),) * POWERS
