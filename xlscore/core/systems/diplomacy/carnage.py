"""Carnage: places by centres (then by when powers went out), a point per centre, and everything to a soloist.

Sources: the World Diplomacy Wiki's "Carnage Scoring System" page and the worked boards posted with webDiplomacy's
Carnage tournament announcement (webdiplomacy.net forum thread 1325258), whose figures are tests; the Boston
Massacre's scoring page (sites.google.com/site/bostonmassacrediplomacy/scoring), which states the 300-points-a-centre
lead bonus (there called Carnhik); the Diplomacy Tournament Visualiser's descriptions of its four Carnage systems.

* **Carnage with elimination order**: a solo scores 28,034 (all the places' points and all 34 centres) and everyone
  else 0. Otherwise places score 7000, 6000, 5000, 4000, 3000, 2000, 1000, by final centres, eliminated powers below
  every survivor and ranked by the year they went out (later is better); powers on the same rank split the points
  of the places they cover; every power also scores 1 point per centre.
* **Carnage with dead equal**: the same, but all eliminated powers share the places they cover equally.
* **Carnage 2023**: Carnage with elimination order, and a lone board-topper also scores 300 points per centre it is
  ahead of the second-placed power (no bonus for a shared top or a solo).
* **Centre-count Carnage** (the dipvis description): places score 7007, 6006, 5005, 4004, 3003, 2002, 1001, by
  elimination order as above; 500 points per centre; a solo scores 39,028 and every other power 1000.

Decision: eliminated powers out in the same year share their places; the year is asked for only when two or more
powers were eliminated (one eliminated power is last whatever its year).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from xlscore.core.systems.diplomacy.board import POWERS, Board, place_points
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["CENTRE_PLACES", "carnage"]

_PLACES = (7000, 6000, 5000, 4000, 3000, 2000, 1000)
CENTRE_PLACES = (7007, 6006, 5005, 4004, 3003, 2002, 1001)


def carnage(
    name: str,
    *,
    places: tuple[int, ...] = _PLACES,
    per_centre: int = 1,
    solo: int = 28_034,
    loss: int = 0,
    elimination_order: bool = True,
    lead: int = 0,
) -> Callable[[Board], Scores]:
    def score(board: Board) -> Scores:
        if board.solo:
            return tuple(Fraction(solo if p == board.soloist else loss) for p in range(POWERS))
        keys = board.rank_keys(elimination_order=elimination_order, system=name)
        points = place_points(keys, places)
        scores = [pts + per_centre * c for pts, c in zip(points, board.centres, strict=True)]
        if lead and board.toppers == 1:
            top = board.centres.index(board.top)
            scores[top] += lead * (board.top - board.second)
        return tuple(scores)

    return score
