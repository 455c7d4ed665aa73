"""Tribute and OpenTribute: survivors pay tribute to the board-topper.

Sources: the Windy City Weasels' Tribute page (windycityweasels.org/tribute-scoring-system) and Diplomaticon's
summary ("Tribute Scoring system", 2021); the Weasels' first Tribute game report (game #398, 12 February 2020), whose
scores are a test: France 13 centres 54.2, Russia 12 18.2, Germany and Italy 4 10.2, Turkey 1 7.2; Brandon Fogel's
OpenTribute page (diplobn.com/opentribute-scoring-system); the World Diplomacy Wiki's Tribute page
(world-diplomacy-wiki.fandom.com/wiki/Tribute_Scoring_System: each survivor's share of 66 by draw size, a test, and
"Tied board-toppers split the tribute equally"); the Diplomacy Tournament Visualiser's descriptions.

* **Tribute**: a solo scores 100 and everyone else 0. Otherwise each survivor scores 1 point per centre plus an equal
  share of 66 points, and each survivor that is not the board-topper pays the topper 1 point for each centre the
  topper holds over 6, never more than its share of the 66. Eliminated powers score 0.
* **OpenTribute**: a solo scores 340 (10 x 34) and everyone else 0. Otherwise every power starts on 34 points plus 3
  per centre and pays the board-topper 1 point for each centre it is behind; an eliminated power pays its tribute
  and the rest of its points are spoiled (it scores 0). With a top shared by n powers each topper receives 1/n^2 of
  the tribute collected (the rest is spoiled).

Decisions: with a shared top, each non-topping survivor pays once (top - 6) and the toppers split it equally, as the
World Diplomacy Wiki says; toppers do not pay each other (no source says they do).

Where the sources part ways: OpenTribute's pages (diplobn.com and the Windy City Weasels' OpenTribute variant page)
give each of n toppers "1/n2 of what a lone topper would have received", with no rounding, and xlscore follows them
(two toppers over 22 points of tribute: 22 / 4 = 5.5 each). The dipvis description and code round each share down
(5), as its test_open_tribute.py (test_g_scoring_opentribute_tied_top) expects; that is OpenTribute's other reading.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from xlscore.core.systems.diplomacy.board import POWERS, Board
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["open_tribute", "tribute"]


def tribute(board: Board) -> Scores:
    if board.solo:
        return tuple(Fraction(100 if p == board.soloist else 0) for p in range(POWERS))
    share = Fraction(66, board.survivors)
    due = max(board.top - 6, 0)
    paid = [
        min(Fraction(due), share) if board.alive(p) and board.centres[p] < board.top else Fraction(0)
        for p in range(POWERS)
    ]
    received = sum(paid, Fraction(0)) / board.toppers
    return tuple(
        Fraction(0)
        if not board.alive(p)
        else board.centres[p] + share - paid[p] + (received if board.centres[p] == board.top else 0)
        for p in range(POWERS)
    )


def open_tribute(*, round_down: bool) -> Callable[[Board], Scores]:
    def score(board: Board) -> Scores:
        if board.solo:
            return tuple(Fraction(340 if p == board.soloist else 0) for p in range(POWERS))
        collected = sum(board.top - c for c in board.centres)
        share = Fraction(collected, board.toppers**2)
        return _paid(board, Fraction(math.floor(share)) if round_down else share)

    return score


def _paid(board: Board, received: Fraction) -> Scores:
    return tuple(
        Fraction(0)
        if not board.alive(p)
        else 34 + 3 * c + received
        if c == board.top
        else Fraction(34 + 3 * c - (board.top - c))
        for p, c in enumerate(board.centres)
    )
