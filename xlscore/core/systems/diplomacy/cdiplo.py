"""C-Diplo: points for taking part, one per centre, and a bonus for the top three; C-Diplo 100, 80 and Namur.

Sources: the World Diplomacy Database's C-Diplo 100 page (world-diplomacy-database.com, scoring id 5, author
Bruno-André Giraudon), with two worked boards whose scores are tests; Toby Harris, "C-Diplo - Saint or Sinner?"
(diplom.org); NDC Groningen's scoring page for C-Diplo Namur (ndc-groningen.online); the Diplomacy Tournament
Visualiser's descriptions of C-Diplo 80 and C-Diplo Namur.

* **C-Diplo 100**: a solo scores 100 and everyone else 0. Otherwise every power scores 1 for taking part and 1 per
  centre; the powers with the most, second most and third most centres score 38, 14 and 7; powers tied on centres
  share the bonuses of the places they cover ("4 players sharing 2nd place would each gain one quarter of the 14 + 7
  points"). A drawn board with every centre owned adds up to 100.
* **C-Diplo 80**: the same with 0 for taking part and 25, 14, 7 for the top three; a solo scores 80.
* **C-Diplo Namur**: a solo scores 85 and everyone else 0. Otherwise 1 for taking part; centres score 5, 9, 12, 14,
  16, 18 for 1 to 6 centres and 1 more for each further centre; the top three by centres score 38, 14, 7, shared as
  above.

Decisions: an eliminated power takes part (the WDD example gives England, on 0 centres, 1 point); places are by
final centres alone.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from xlscore.core.systems.diplomacy.board import POWERS, Board, place_points
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["cdiplo"]

_NAMUR_CENTRES = (0, 5, 9, 12, 14, 16, 18)


def _namur_centres(centres: int) -> int:
    return _NAMUR_CENTRES[centres] if centres <= 6 else 18 + centres - 6


def cdiplo(solo: int, played: int, top: tuple[int, int, int], namur: bool = False) -> Callable[[Board], Scores]:
    def score(board: Board) -> Scores:
        if board.solo:
            return tuple(Fraction(solo) if p == board.soloist else Fraction(0) for p in range(POWERS))
        bonus = place_points(board.centres, top)
        return tuple(
            played + (_namur_centres(c) if namur else c) + b for c, b in zip(board.centres, bonus, strict=True)
        )

    return score
