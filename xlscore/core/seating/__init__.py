"""Seating: tables for every round that keep opponents fresh and seats fair.

:func:`seating` seats an event's players for every round, in tables of 3 to 7, and reports how good the seating
is against the best any seating could do. It minimises, in this order: meetings of pairs who have met before (in an
earlier round, or in a history of past games), then players taking the same seat again (for Diplomacy: the same
power), then how unevenly each player's seats are spread. Pairs who must not meet never do; fixed players stay at
their table; a top table seats the leaders in the last round. The narrative and every decision: docs/systems/seating.md.

* :mod:`~xlscore.core.seating.plan`: :func:`seating`, its rows and its quality report (:func:`seating_quality`
  gives the report as rows, for a sheet);
* :mod:`~xlscore.core.seating.designs`: seatings with no repeat built directly when the numbers match a known design
  (16 players in tables of 4 for 5 rounds: the affine plane of order 4);
* :mod:`~xlscore.core.seating.search`: the greedy start and the simulated annealing of tables;
* :mod:`~xlscore.core.seating.seats`: seat order at each table, by the Hungarian method;
* :mod:`~xlscore.core.seating.quality`: repeats, seat repeats and their lower bounds;
* :mod:`~xlscore.core.seating.inputs`: table sizes, the history, the pairs to keep apart, fixed places;
* :mod:`~xlscore.core.seating.next_round`: :func:`next_round`, the next round of an event from its standings, the
  players table and every earlier meeting.
"""

from xlscore.core.seating.next_round import next_round
from xlscore.core.seating.plan import (
    RepeatedPair,
    Seating,
    SeatingMeasure,
    SeatingQuality,
    SeatingRow,
    seating,
    seating_quality,
)

__all__ = [
    "RepeatedPair",
    "Seating",
    "SeatingMeasure",
    "SeatingQuality",
    "SeatingRow",
    "next_round",
    "seating",
    "seating_quality",
]
