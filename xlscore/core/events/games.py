"""Grouping a results table's rows into games (or boards), with the one check every system makes: no player twice.

Every system's table is one row per player per game; the rows that share a game's key (its name, or its round and
board) are that game, in the order they first appear. A player listed twice in one game is refused in the same
words whatever the system.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from xlscore.core.errors import TableError
from xlscore.core.events.rows import Row, cell_name

__all__ = ["group_games", "player_twice"]

K = TypeVar("K", bound=Hashable)


def player_twice(player: str, where: str, first: int, again: int) -> TableError:
    """The error for a player listed twice in one game: ``where`` says where (``in game 'G1'``, ``on board '1'``,
    ``in the final of EB``) and ``first`` and ``again`` are the two rows."""
    return TableError(f"player {player!r} is twice {where} (rows {first} and {again}); expected each player once")


def group_games(
    rows: Iterable[Row],
    key: Callable[[Row], K],
    label: Callable[[K], str],
    *,
    on: str = "in",
    table: str = "",
) -> dict[K, list[Row]]:
    """The rows by game, in the order games first appear, each game's rows in table order; a player twice in one
    game is refused (:func:`player_twice`). ``label`` names a game in the message, after ``on`` (in game 'G1', on
    board '1'); ``table`` names the table."""
    games: dict[K, list[Row]] = {}
    seen: dict[K, dict[str, int]] = {}
    for row in rows:
        game = key(row)
        player = cell_name(row, "player", table)
        players = seen.setdefault(game, {})
        if player in players:
            raise player_twice(player, f"{on} {label(game)}", players[player], row["_row"])
        players[player] = row["_row"]
        games.setdefault(game, []).append(row)
    return games
