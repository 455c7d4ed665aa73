"""ManorCon, Original ManorCon and ManorCon v2: shares of 100 by S^2 + 4S + 16.

Sources: ManorCon's Diplomacy tournament scoring page (diplom.org/manorcon/dipscore.htm); the Diplomacy Tournament
Visualiser's (dipvis) descriptions of Original ManorCon (a solo worth 100) and ManorCon v2 (dead powers left out of
the sum), and dipvis's tests of all three (test_manorcon.py).

* **ManorCon**: an eliminated power scores 0.10 points "for every year they played, including the year they were
  eliminated". A soloist scores 75, and every other power still alive is scored as if eliminated in the solo's year.
  Otherwise every power, eliminated ones included, has P = S^2 + 4S + 16 for its S final centres; B is the sum of
  the seven Ps, and each surviving power scores 100 x P / B.
* **Original ManorCon**: the same with a solo worth 100.
* **ManorCon v2**: a solo worth 100, and B sums the surviving powers' P only, so the survivors share exactly 100.

Readings where the sources part ways:

* ManorCon's own page counts the year a power went out (out in 1905: 0.5), and so does xlscore. dipvis credits the
  years before it (0.1 x (year - 1901)), and a survivor of a solo the years before the solo's; that is ManorCon's
  other reading.
* Original ManorCon and ManorCon v2 have no published page of their own; their only statement is dipvis's
  ("0.1 per year they survived"), whose tests credit the years before the one a power went out in (out in 1904:
  0.3; a survivor of a 1907 solo: 0.6). xlscore follows dipvis; the other reading counts the year out as ManorCon's
  page does.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from xlscore.core.systems.diplomacy.board import FIRST_YEAR, Board
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["manorcon"]


def manorcon(name: str, solo: int, dead_in_sum: bool, *, year_out_counted: bool) -> Callable[[Board], Scores]:
    counted = 1 if year_out_counted else 0

    def score(board: Board) -> Scores:
        def dead(p: int) -> Fraction:
            return Fraction(board.years_survived(p, name, "0.1 points for every year played") + counted, 10)

        if board.solo:
            final = board.last_year(name, "survivors of a solo score 0.1 per year played")
            return tuple(
                Fraction(solo)
                if p == board.soloist
                else Fraction(final - FIRST_YEAR + counted, 10)
                if c > 0
                else dead(p)
                for p, c in enumerate(board.centres)
            )
        ps = [s * s + 4 * s + 16 for s in board.centres]
        total = sum(p for p, s in zip(ps, board.centres, strict=True) if dead_in_sum or s > 0)
        return tuple(Fraction(100 * ps[p], total) if c > 0 else dead(p) for p, c in enumerate(board.centres))

    return score
