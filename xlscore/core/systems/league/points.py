"""Meeple League points: points for a finishing place by the number of players in the game, ties split.

Source: ../shared/seeds/004_b7436f24da9b0589.txt (the Meeple League rules, Scoring).

League points come from a chart per player count. The source gives the 4-player chart:

    1st 10, 2nd 6, 3rd 3, 4th 1

Tied players split the points of the places they share: a tie for 2nd and 3rd is worth (6 + 3) / 2 = 4.5 each,
a three-way tie for 1st (10 + 6 + 3) / 3 = 19/3 = 6.33. Standings add up the split exactly
(:func:`league_points_exact`, a fraction), so three such ties make 19, the same as 10 + 6 + 3 and not a hair
less; :func:`league_points` gives the same split as a float.

Decisions where the source is silent:

* Charts for 2, 3, 5 and 6 players are ours, not the source's. The source's 10, 6, 3, 1 are the triangular
  numbers (1, 1 + 2, 1 + 2 + 3, 1 + 2 + 3 + 4), and ours continue that pattern: last place gets 1 and each place
  up gets one more than the step below it. 2 players: 3, 1; 3 players: 6, 3, 1; 5 players: 15, 10, 6, 3, 1;
  6 players: 21, 15, 10, 6, 3, 1. The charts are one table, :data:`LEAGUE_CHARTS`; a league may use its own chart
  (``chart``, and ``charts`` in :func:`~xlscore.core.systems.league.standings.league_standings`).
* A player who drops out of a game scores 0 for it. ``n`` stays the number of players who started the game, so
  the finishers keep the chart of the game they sat down to (in a 4-player game with one drop-out they score
  10, 6 and 3). The results table marks drop-outs; see :mod:`xlscore.core.systems.league.standings`.
* A place is a whole number (a tie is the shared place with ``tied``): an average place such as 2.5 cannot say
  how many players share it, which a chart needs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from xlscore.core.errors import InputError
from xlscore.core.events.placement import average_points, shared_places
from xlscore.core.validate import count, numbers

__all__ = ["LEAGUE_CHARTS", "SOURCE_CHART", "league_chart", "league_points", "league_points_exact"]

SOURCE_CHART: tuple[float, ...] = (10, 6, 3, 1)
"""The source's chart for 4-player games."""

LEAGUE_CHARTS: Mapping[int, tuple[float, ...]] = MappingProxyType(
    {
        2: (3, 1),  # ours
        3: (6, 3, 1),  # ours
        4: SOURCE_CHART,  # the source's
        5: (15, 10, 6, 3, 1),  # ours
        6: (21, 15, 10, 6, 3, 1),  # ours
    }
)
"""League points for places 1, 2, ... by the number of players in the game. Only the 4-player chart is the
source's; the others continue its triangular pattern (last place 1, each place up one more than the step below)."""


def league_chart(n: int, chart: Sequence[float] | None = None) -> tuple[float, ...]:
    """The chart of points for places 1 to n: ``chart`` when given, else the default for n players.

    n: the number of players who started the game.
    chart: points for places 1 to n, best first, never rising from one place to the next (blank: the default).
    """
    players = count("n", n, 1)
    if chart is None:
        if players not in LEAGUE_CHARTS:
            raise InputError(
                f"n is {players}; expected a player count with a league points chart "
                f"({min(LEAGUE_CHARTS)} to {max(LEAGUE_CHARTS)}), or pass a chart"
            )
        return LEAGUE_CHARTS[players]
    points = numbers("chart", chart, lo=0, min_len=players, max_len=players)
    for place in range(1, players):
        if points[place] > points[place - 1]:
            raise InputError(
                f"chart[{place + 1}] is {points[place]:g}, more than chart[{place}] {points[place - 1]:g}; "
                f"expected points that never rise from one place to the next"
            )
    return points


def league_points(place: int, n: int, tied: int = 1, *, chart: Sequence[float] | None = None) -> float:
    """League points for a finishing place in a game of n players; tied players split the places they share.

    place: the finishing place, 1 for the winner; for a tie, the shared place (a tie for 2nd and 3rd is 2).
    n: the number of players who started the game (the chart: 4 players score 10, 6, 3, 1).
    tied: how many players share ``place`` (1 when not tied).
    chart: points for places 1 to n, best first, to use instead of the default chart for n players.
    """
    return float(league_points_exact(place, n, tied, chart=chart))


def league_points_exact(place: int, n: int, tied: int = 1, *, chart: Sequence[float] | None = None) -> Fraction:
    """:func:`league_points` as an exact fraction, for adding up: a three-way tie for 1st is 19/3, not 6.333...3.

    The chart's points are read as the decimals they print as (0.1 is a tenth); only the split is a fraction.
    """
    points = league_chart(n, chart)
    return average_points(lambda p: points[p - 1], shared_places(place, len(points), tied))
