"""Meeple League seasons kept in one table, as a workbook holds them: next season's leagues, lifetime, winners.

Source: ../shared/seeds/004_b7436f24da9b0589.txt (the Meeple League rules, Forming leagues and Lifetime
Standings).

:func:`~xlscore.core.systems.league.formation.league_formation`,
:func:`~xlscore.core.systems.league.lifetime.league_lifetime`
and :func:`~xlscore.core.systems.league.lifetime.league_season_winners` take the seasons as a list of tables, one per
season. A sheet holds them as one range: the history table, one row per player per season with a ``season``
column. The functions here split that table by season and call those, so the rules stay in one place and a
spreadsheet formula can pass one range.

Decisions where the source is silent:

* A history without a season column is one season (the last one): a season's standings sheet, as it is, gives
  next season's leagues.
* Seasons are taken in the order of their numbers; numbers need not start at 1 or run without gaps, and the
  season winners keep the numbers written in the table.
* No one signed up yet gives no leagues (an empty table) rather than an error, so a workbook waiting for its
  sign-ups shows nothing instead of an error cell.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from xlscore.core.cells import names
from xlscore.core.errors import TableError
from xlscore.core.events.rows import Row, cell_whole, read_rows
from xlscore.core.events.table import table
from xlscore.core.systems.league._tables import STANDINGS_OPTIONAL, STANDINGS_REQUIRED
from xlscore.core.systems.league.formation import LeagueSeat, league_formation
from xlscore.core.systems.league.lifetime import LifetimeStanding, SeasonWinner, league_lifetime, league_season_winners

__all__ = ["league_lifetime_standings", "league_next_season", "league_winners"]


def _split(history: object, argument: str = "history") -> tuple[list[int], list[list[Row]]]:
    """The season numbers, in order, and each season's rows, other seasons' rows blanked to keep row numbers."""
    if history is None:
        return [], []
    rows = read_rows(history, STANDINGS_REQUIRED, ("season", *STANDINGS_OPTIONAL), name=argument)
    if not rows:
        return [], []
    if all(row["season"] is None for row in rows):
        return [1], [[{k: v for k, v in row.items() if not k.startswith("_")} for row in rows]]
    numbers = [cell_whole(row, "season", 1, table=argument) for row in rows]
    width = max(row["_row"] for row in rows) - 1
    seasons = sorted(set(numbers))
    tables: list[list[Row]] = []
    for season in seasons:
        table: list[Row] = [{} for _ in range(width)]
        for row, number in zip(rows, numbers, strict=True):
            if number == season:
                table[row["_row"] - 2] = {k: v for k, v in row.items() if not k.startswith("_") and k != "season"}
        tables.append(table)
    return seasons, tables


@table(LeagueSeat)
def league_next_season(
    players: Iterable[str], history: object = None, laurels: object = None
) -> tuple[LeagueSeat, ...]:
    """Next season's leagues (league_formation) from the past seasons' final standings kept in one table.

    players: everyone who signed up for the season, in the order they signed up (none yet: no leagues); blank
        cells are skipped.
    history: the final standings of past seasons in one table, one row per player per season, with columns
        Season, Division, League, Place, Player, League points and optionally the other tie-breaks; without a
        season column, one season: the last.
    laurels: new players' lifetime laurels, a table with columns player and laurels (blank: none).

    One season's history is a season's standings as league_standings gives them.
    """
    signed = names("players", players, skip_blank=True)
    if not signed:
        return ()
    _, tables = _split(history)
    return league_formation(signed, tables, laurels)


@table(LifetimeStanding)
def league_lifetime_standings(history: object) -> tuple[LifetimeStanding, ...]:
    """Lifetime standings (league_lifetime) from every season's final standings kept in one table.

    history: every season's final standings in one table, one row per player per season, with columns season,
        division, league, place, player and league_points.
    """
    _, tables = _split(history)
    return league_lifetime(tables)


@table(SeasonWinner)
def league_winners(history: object) -> tuple[SeasonWinner, ...]:
    """The season winners (league_season_winners), season by season, from every season's standings in one table.

    history: every season's final standings in one table, one row per player per season, with columns season,
        division, league, place, player and league_points.
    """
    seasons, tables = _split(history)
    try:
        winners = league_season_winners(tables)
    except TableError as exc:
        # league_season_winners counts seasons from 1 in order; name the season as the table numbers it.
        message = str(exc)
        for index, season in enumerate(seasons, start=1):
            message = message.replace(f"seasons[{index}] ", f"season {season} of history ")
        raise TableError(message) from None
    return tuple(dataclasses.replace(w, season=seasons[w.season - 1]) for w in winners)
