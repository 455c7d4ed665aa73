"""Who plays in which league: each player of a list looked up on the season's leagues table.

The season template shows each result row's division and league beside it, for the coordinator to see which league
a game belongs to (LEAGUE_STANDINGS looks the leagues up itself, :mod:`xlscore.core.systems.league.standings`). The
leagues table is read and checked as everywhere else (:func:`xlscore.core.systems.league._tables.read_leagues`), so
the league shown is the one the standings use, and a name matches as the standings match it: exactly, as typed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from xlscore.core.cells import is_blank, name
from xlscore.core.events.table import table
from xlscore.core.systems.league._tables import read_leagues
from xlscore.core.validate import items

__all__ = ["NOT_LISTED", "PlayerLeague", "league_of"]

NOT_LISTED = "not on leagues"
"""What a player the leagues table does not list shows in both columns."""


@dataclass(frozen=True)
class PlayerLeague:
    """A listed player's division and league; both blank for a blank, both NOT_LISTED for a name not listed."""

    division: int | str | None
    league: str | None


@table(PlayerLeague)
def league_of(players: Iterable[object], leagues: object) -> tuple[PlayerLeague, ...]:
    """Each player's division and league on the season's leagues table, one row per player listed, in order.

    players: the names to look up, such as the player column of the results (a blank gives a blank row; a name
        the leagues table does not list gives "not on leagues").
    leagues: the season's leagues, a table with columns player, division and league (as league_formation
        returns it).
    """
    listed = {
        found.player: (found.division, found.league)
        for found in read_leagues(leagues, ("player", "division", "league"))
    }
    rows: list[PlayerLeague] = []
    for i, player in enumerate(items("players", players, "player names"), start=1):
        if is_blank(player):
            rows.append(PlayerLeague(None, None))
            continue
        division, league = listed.get(name(f"players[{i}]", player), (NOT_LISTED, NOT_LISTED))
        rows.append(PlayerLeague(division, league))
    return tuple(rows)
