"""Tables shared by the Meeple League modules: a season's leagues (who plays in which league), and a season's
finishes, read back for the next season.

Private to the league subpackage; the cell checks are :mod:`xlscore.core.events.rows`'.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from xlscore.core.cells import exact
from xlscore.core.errors import InputError, TableError
from xlscore.core.events.rows import Row, cell_name, cell_number, cell_whole, read_rows, where
from xlscore.core.systems.league.naming import MAX_DIVISION, checked_league

__all__ = ["Finish", "Listed", "read_leagues", "read_season", "read_seasons"]


@dataclass(frozen=True)
class Listed:
    """A player's row of a season's leagues table: the league the player plays in, checked, and the row itself."""

    player: str
    division: int
    league: str
    row: Row


def read_leagues(leagues: object, columns: Sequence[str]) -> list[Listed]:
    """A season's leagues table, one row per player (what league_formation returns, or its DataFrame), checked.

    ``columns``: the columns it must have, in the order a missing one's message lists them: division, league and
    player among them. A division outside 1..MAX_DIVISION, a league letter its division cannot hold or a player
    listed twice is refused.
    """
    found: list[Listed] = []
    seen: dict[str, int] = {}
    for row in read_rows(leagues, columns, name="leagues"):
        division = cell_whole(row, "division", 1, MAX_DIVISION)
        try:
            letter = checked_league(f"league in row {row['_row']}", row["league"], division)
        except InputError as exc:
            raise TableError(str(exc)) from exc
        player = cell_name(row, "player")
        if player in seen:
            raise TableError(
                f"player {player!r} is in row {seen[player]} and row {row['_row']} of leagues; "
                f"expected each player in one league"
            )
        seen[player] = row["_row"]
        found.append(Listed(player, division, letter, row))
    return found


@dataclass(frozen=True)
class Finish:
    """A player's finish in one season's standings, with the tie-breaks that compare finishes across leagues."""

    season: int
    division: int
    league: str
    place: int
    player: str
    league_points: Fraction
    games_won: int
    second_places: int
    third_places: int
    percent_of_winner: Fraction
    margin_of_victory: Fraction
    game_points: Fraction
    prior_rank: int | None
    row: int


STANDINGS_REQUIRED = ("division", "league", "place", "player", "league_points")
STANDINGS_OPTIONAL = (
    "games_won",
    "second_places",
    "third_places",
    "percent_of_winner",
    "margin_of_victory",
    "game_points",
    "prior_rank",
)


def read_season(data: object, season: int, argument: str) -> list[Finish]:
    """One season's standings table (what league_standings returns, a DataFrame of it, or rows with a header).

    Required columns: division, league, place, player, league_points. The other tie-breaks are optional: a blank
    counts as 0 (prior_rank: unranked).
    """
    rows = read_rows(data, STANDINGS_REQUIRED, STANDINGS_OPTIONAL, name=argument)
    finishes: list[Finish] = []
    seen: dict[str, int] = {}
    for row in rows:
        player = cell_name(row, "player", argument)
        if player in seen:
            raise TableError(
                f"player {player!r} is in row {seen[player]} and row {row['_row']} of {argument}; "
                f"expected one row per player in a season"
            )
        seen[player] = row["_row"]
        division = cell_whole(row, "division", 1, MAX_DIVISION, table=argument)
        try:
            league = checked_league(where(row, "league", argument), row["league"], division)
        except InputError as exc:
            raise TableError(str(exc)) from exc
        finishes.append(
            Finish(
                season=season,
                division=division,
                league=league,
                place=cell_whole(row, "place", 1, table=argument),
                player=player,
                league_points=exact(cell_number(row, "league_points", 0, argument)),
                games_won=_count(row, "games_won", argument),
                second_places=_count(row, "second_places", argument),
                third_places=_count(row, "third_places", argument),
                percent_of_winner=_optional(row, "percent_of_winner", argument, 0),
                margin_of_victory=_optional(row, "margin_of_victory", argument),
                game_points=_optional(row, "game_points", argument),
                prior_rank=None if row["prior_rank"] is None else cell_whole(row, "prior_rank", 1, table=argument),
                row=row["_row"],
            )
        )
    return finishes


def _optional(row: Row, column: str, table: str, lo: float | None = None) -> Fraction:
    return Fraction(0) if row[column] is None else exact(cell_number(row, column, lo, table))


def _count(row: Row, column: str, table: str) -> int:
    return 0 if row[column] is None else cell_whole(row, column, 0, table=table)


def read_seasons(seasons: object, argument: str = "seasons") -> list[list[Finish]]:
    """Every past season's standings, oldest first; the seasons are numbered from 1 in that order."""
    expected = "expected a list of standings tables, one per season, oldest first"
    if (
        isinstance(seasons, (str, bytes, Mapping))
        or callable(getattr(seasons, "to_dict", None))
        or not isinstance(seasons, Iterable)
    ):
        raise InputError(f"{argument} is {type(seasons).__name__}; {expected}")
    seasons = list(seasons)
    if any(isinstance(s, Mapping) or dataclasses.is_dataclass(s) for s in seasons):
        raise InputError(f"{argument} holds rows, not tables (one season's standings?); {expected}")
    return [read_season(table, i, f"{argument}[{i}]") for i, table in enumerate(seasons, start=1)]
