"""Meeple League lifetime standings and season winners.

Source: ../shared/seeds/004_b7436f24da9b0589.txt (the Meeple League rules, Lifetime Standings).

Lifetime standings list every player who has played a season, sorted by lifetime league points by division: a
point in a higher division is worth more than any number of points in a lower one. Players are compared on
their lifetime points in division 1, then, when those are equal, in division 2, and so on down; so the table
opens with everyone who has ever scored a point in division 1.

The season winners are the winners of the one league of division 1, season by season.

Decisions where the source is silent:

* A row's ``division`` is the highest division in which the player has scored a lifetime point, and ``points``
  their lifetime points in it; ``points_by_division`` lists every division's, division 1 first. A player who
  has never scored a point has no division (None) and is listed last.
* Players with the same points in every division share a place and are listed by name.
* A season whose division-1 league has players tied for 1st (standings without a prior ranking) has more than one
  winner, one row each.
* Seasons are numbered from 1, in the order given.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from xlscore.core.errors import TableError
from xlscore.core.events.ranking import measure, standings
from xlscore.core.events.table import table
from xlscore.core.systems.league._tables import read_seasons

__all__ = ["LifetimeStanding", "SeasonWinner", "league_lifetime", "league_season_winners"]


@dataclass(frozen=True)
class LifetimeStanding:
    """A row of the lifetime table: the highest division with a lifetime point, and the points in each division."""

    place: int
    player: str
    division: int | None
    points: float
    points_by_division: tuple[float, ...]
    seasons: int


@dataclass(frozen=True)
class SeasonWinner:
    """The winner of a season: the 1st place of the division-1 league."""

    season: int
    player: str
    league_points: float


@table(LifetimeStanding)
def league_lifetime(seasons: Iterable[object]) -> tuple[LifetimeStanding, ...]:
    """Lifetime standings: players sorted by lifetime league points in division 1, then in division 2, and down.

    seasons: the standings of every season, oldest first, each a table with columns division, league, place,
        player and league_points (what league_standings returns, or its DataFrame).
    """
    past = read_seasons(seasons)
    points: dict[str, dict[int, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    played: dict[str, int] = defaultdict(int)
    for season in past:
        for finish in season:
            points[finish.player][finish.division] += finish.league_points
            played[finish.player] += 1
    depth = max((f.division for season in past for f in season), default=0)

    def vector(player: str) -> tuple[Fraction, ...]:
        return tuple(points[player][d] for d in range(1, depth + 1))

    by_division = [measure(f"points in division {d}", {p: points[p][d] for p in points}) for d in range(1, depth + 1)]
    result: list[LifetimeStanding] = []
    for row in standings(points, by_division):
        own = vector(row.player)
        division = next((d for d, v in enumerate(own, start=1) if v > 0), None)
        result.append(
            LifetimeStanding(
                place=row.place,
                player=row.player,
                division=division,
                points=0.0 if division is None else float(own[division - 1]),
                points_by_division=tuple(float(v) for v in own),
                seasons=played[row.player],
            )
        )
    return tuple(result)


@table(SeasonWinner)
def league_season_winners(seasons: Iterable[object]) -> tuple[SeasonWinner, ...]:
    """The season winners: who finished 1st in the division-1 league, season by season.

    seasons: the standings of every season, oldest first, each a table with columns division, league, place,
        player and league_points (what league_standings returns, or its DataFrame).
    """
    result: list[SeasonWinner] = []
    for number, season in enumerate(read_seasons(seasons), start=1):
        winners = [f for f in season if f.division == 1 and f.place == 1]
        if not winners:
            raise TableError(f"seasons[{number}] has no 1st place in division 1; expected the season's full standings")
        result += [SeasonWinner(number, f.player, float(f.league_points)) for f in winners]
    return tuple(result)
