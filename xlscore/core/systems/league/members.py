"""Who plays in which league: each result row's player looked up on the season's leagues table.

The season template shows each result row's division and league beside it, for the coordinator to see which league
a game belongs to (LEAGUE_STANDINGS looks the leagues up itself, :mod:`xlscore.core.systems.league.standings`). The
leagues table is read and checked as everywhere else (:func:`xlscore.core.systems.league._tables.read_leagues`), so
the league shown is the one the standings use, and a name matches as the standings match it: exactly, as typed.
"""

from __future__ import annotations

from dataclasses import dataclass

from xlscore.core.cells import cell_text
from xlscore.core.events.rows import read_rows
from xlscore.core.events.table import table
from xlscore.core.systems.league._tables import read_leagues

__all__ = ["NOT_LISTED", "PlayerLeague", "league_of"]

NOT_LISTED = "not on leagues"
"""What a player the leagues table does not list shows in both columns."""


@dataclass(frozen=True)
class PlayerLeague:
    """A listed player's division and league; both blank for a blank, both NOT_LISTED for a name not listed."""

    division: int | str | None
    league: str | None


@table(PlayerLeague)
def league_of(results: object, leagues: object) -> tuple[PlayerLeague, ...]:
    """Each result row's division and league, its player's on the season's leagues table, row for row.

    results: a table with a player column, such as the season's results (a DataFrame, mappings, or rows with a
        header); one row comes back per row of it, blank where the player is, "not on leagues" for a player the
        leagues table does not list.
    leagues: the season's leagues, a table with columns player, division and league (as league_formation
        returns it).
    """
    listed = {
        found.player: (found.division, found.league)
        for found in read_leagues(leagues, ("player", "division", "league"))
    }
    rows = read_rows(results, ["player"], name="results")
    found = [PlayerLeague(None, None)] * (rows[-1]["_row"] - 1 if rows else 0)
    for row in rows:
        player = cell_text(row["player"])
        if player is not None:  # a row of a game with its player not typed yet stays blank
            found[row["_row"] - 2] = PlayerLeague(*listed.get(player, (NOT_LISTED, NOT_LISTED)))
    return tuple(found)
