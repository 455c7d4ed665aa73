"""Your Draw Size (short games and unlimited games): points by the band a power's final centres fall in.

Source: the Diplomacy Tournament Visualiser's description (github.com/UEWBot/dipvis) of the two systems.

A solo scores 300 (short games) or 320 (unlimited games) and everyone else 0. Otherwise a power scores by its final
centres: 14 to 17 centres 105 points, 11 to 13 70, 8 to 10 42, 4 to 7 30, 1 to 3 21, none 0.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from xlscore.core.systems.diplomacy.board import POWERS, Board
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["your_draw_size"]

_BANDS = ((14, 105), (11, 70), (8, 42), (4, 30), (1, 21))


def _band(centres: int) -> Fraction:
    return Fraction(next((points for least, points in _BANDS if centres >= least), 0))


def your_draw_size(solo: int) -> Callable[[Board], Scores]:
    def score(board: Board) -> Scores:
        if board.solo:
            return tuple(Fraction(solo if p == board.soloist else 0) for p in range(POWERS))
        return tuple(_band(c) for c in board.centres)

    return score
