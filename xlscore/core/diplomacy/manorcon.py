"""ManorCon, Original ManorCon and ManorCon v2: shares of 100 by S^2 + 4S + 16.

Sources: ManorCon's Diplomacy tournament scoring page (diplom.org/manorcon/dipscore.htm); the Diplomacy Tournament
Visualiser's descriptions of Original ManorCon (a solo worth 100) and ManorCon v2 (dead powers left out of the sum).

* **ManorCon**: an eliminated power scores 0.10 points for every year it played, the year it went out included. A
  soloist scores 75, and every other power still alive is scored as if eliminated in the solo's year. Otherwise
  every power, eliminated ones included, has P = S^2 + 4S + 16 for its S final centres; B is the sum of the seven
  Ps, and each surviving power scores 100 x P / B.
* **Original ManorCon**: the same with a solo worth 100.
* **ManorCon v2**: a solo worth 100, and B sums the surviving powers' P only, so the survivors share exactly 100.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from xlscore.core.diplomacy.board import Board
from xlscore.core.diplomacy.system import Scores, System

__all__ = ["SYSTEMS"]


def _manorcon(name: str, solo: int, dead_in_sum: bool) -> Callable[[Board], Scores]:
    def score(board: Board) -> Scores:
        def dead(p: int) -> Fraction:
            return Fraction(board.years_played(p, name, "0.1 points for every year played"), 10)

        if board.solo:
            final = board.last_year(name, "survivors of a solo score 0.1 per year played")
            return tuple(
                Fraction(solo) if p == board.soloist else Fraction(final - 1900, 10) if c > 0 else dead(p)
                for p, c in enumerate(board.centres)
            )
        ps = [s * s + 4 * s + 16 for s in board.centres]
        total = sum(p for p, s in zip(ps, board.centres, strict=True) if dead_in_sum or s > 0)
        return tuple(Fraction(100 * ps[p], total) if c > 0 else dead(p) for p, c in enumerate(board.centres))

    return score


_DIPVIS = "description kept by the Diplomacy Tournament Visualiser (github.com/UEWBot/dipvis)"
_YEARS = "elimination years, final year"
SYSTEMS = (
    System(
        "ManorCon",
        "ManorCon",
        _manorcon("ManorCon", 75, True),
        Fraction(75),
        None,
        _YEARS,
        "ManorCon Diplomacy Tournament Scoring System (diplom.org/manorcon/dipscore.htm)",
        __name__,
    ),
    System(
        "Original ManorCon",
        "ManorCon",
        _manorcon("Original ManorCon", 100, True),
        Fraction(100),
        None,
        _YEARS,
        _DIPVIS,
        __name__,
    ),
    System(
        "ManorCon v2", "ManorCon", _manorcon("ManorCon v2", 100, False), Fraction(100), None, _YEARS, _DIPVIS, __name__
    ),
)
