"""Maxonian and 7Eleven: 7 points down to 1 by place, ties broken by earlier years, a point per centre above a mark.

Source: the Diplomacy Tournament Visualiser's description (github.com/UEWBot/dipvis) of Maxonian (mark 13) and
7Eleven (mark 11).

Powers are ranked by final centres: the top power scores 7, the second 6, and so on down to 1 for the last. Two
powers on the same count are separated by their counts in earlier years: the one that was ahead most recently
scores the higher place. Powers whose counts were equal every year score the average of the places they cover. A
power on more than the mark (13 for Maxonian, 11 for 7Eleven) scores 1 more point per centre above it, unless the
game was soloed, when only the soloist scores these points.

Decisions: eliminated powers are ranked with the others (on 0 centres, the one that held centres more recently
ranks higher); three or more powers level every year share the average of their places, as two do; a conceded game
counts as a solo. The centre chart (``chart``) is needed only when two powers end on the same count and are not
told apart by the years they were eliminated in (the one out later was ahead in the year the other went out);
without it the rule cannot separate them, and xlscore asks for it.
"""

from __future__ import annotations

from collections.abc import Callable

from xlscore.core.errors import InputError
from xlscore.core.systems.diplomacy.board import POWER_NAMES, POWERS, Board, place_points
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["maxonian"]


def maxonian(name: str, mark: int) -> Callable[[Board], Scores]:
    def score(board: Board) -> Scores:
        if board.chart is None:
            # Without a chart, an eliminated power that went out later was ahead in the year the other went out:
            # the years settle them. Only powers level at the end otherwise need earlier counts.
            out = [board.eliminated[p] or 0 if board.centres[p] == 0 else 0 for p in range(POWERS)]
            for p in range(POWERS):
                for q in range(p + 1, POWERS):
                    if (board.centres[p], out[p]) == (board.centres[q], out[q]):
                        raise InputError(
                            f"chart is blank; {name} separates {POWER_NAMES[p]} and {POWER_NAMES[q]}, both on "
                            f"{board.centres[p]} centres"
                            + (f" (out in {out[p]})" if out[p] else "")
                            + ", by their counts in earlier years"
                        )
            history: tuple[tuple[int, ...], ...] = tuple((year, c) for c, year in zip(board.centres, out, strict=True))
        else:
            history = board.chart
        # Latest year first: the power ahead most recently sorts higher; equal throughout, equal keys.
        order = sorted({tuple(reversed(h)) for h in history})
        keys = [order.index(tuple(reversed(h))) for h in history]
        points = place_points(keys, (7, 6, 5, 4, 3, 2, 1))
        return tuple(
            pts + (max(c - mark, 0) if not board.solo or p == board.soloist else 0)
            for p, (c, pts) in enumerate(zip(board.centres, points, strict=True))
        )

    return score
