"""Size Matters under the Diplomacy systems' interface; its rule, source and decisions are in
:mod:`xlscore.core.systems.size_matters`, which keeps its own functions (SIZE_MATTERS, SIZE_MATTERS_BOARD, ...).

Size Matters scores a draw of every power that ended with centres, or a solo on 18 or more centres. xlscore refuses
a board its rule does not cover: a draw that leaves a survivor out, or a game conceded to a power below 18 centres.
"""

from __future__ import annotations

from xlscore.core.errors import InputError
from xlscore.core.systems.diplomacy.board import POWERS, Board
from xlscore.core.systems.diplomacy.system import Scores
from xlscore.core.systems.size_matters import size_matters_exact

__all__ = ["size_matters"]


def size_matters(board: Board) -> Scores:
    if board.conceded:
        raise InputError(
            "draw names a single power below 18 centres (a concession); Size Matters scores only a solo on 18 or "
            "more centres or a draw of every survivor"
        )
    if not board.solo and board.draw != tuple(board.alive(p) for p in range(POWERS)):
        raise InputError("draw leaves a survivor out; Size Matters scores a draw of every power with centres")
    return size_matters_exact(board.centres)
