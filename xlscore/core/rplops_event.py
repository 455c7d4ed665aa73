"""An RPLOPS event: every result row's points and the event standings, from one results table.

Source: ../shared/seeds/000_3384471a66e1fffb.txt (the rule itself is :mod:`xlscore.core.rplops`). A coordinator
types one row per player per game; the points of each row and the standings follow from the table alone.

The results table has the columns ``game``, ``player`` and either ``score`` (higher is better) or ``place`` (1 for
the winner), and optionally ``hours`` (the game's length; blank or absent: game length ignored). The players of a
game are the rows that share its ``game``; ties are found within each game (equal scores, or equal places).

Decisions where the source is silent:

* A game's length is the same for all its rows; rows of one game that give different hours are refused.
* A game needs at least 2 players; a player twice in one game is refused.
* When both ``score`` and ``place`` are filled in for a game, ``place`` decides and ``score`` is only shown.
* Standings: total points, highest first; equal totals share a place (the source ranks no event, so there is no
  tie-break). Points per game and per hour are shown beside them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from xlscore.core.errors import TableError
from xlscore.core.placement import places_from_values
from xlscore.core.rows import Row, cell_name, cell_number, read_rows
from xlscore.core.rplops import rplops, rplops2
from xlscore.core.validate import number, whole

__all__ = ["RplopsStanding", "rplops_points", "rplops_standings"]


@dataclass(frozen=True)
class RplopsStanding:
    """A row of the event standings."""

    place: int
    player: str
    games: int
    hours: float
    points: float
    points_per_game: float
    points_per_hour: float


def _games(results: object) -> tuple[list[Row | None], dict[str, list[Row]]]:
    rows = read_rows(results, ["game", "player"], ["score", "place", "hours"], name="results")
    games: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        games[cell_name(row, "game")].append(row)
    first = min((r["_row"] for r in rows), default=2)
    last = max((r["_row"] for r in rows), default=1)
    aligned: list[Row | None] = [None] * (last - first + 1) if rows else []
    for row in rows:
        aligned[row["_row"] - first] = row
    # Rows before the first filled one (blank rows at the top of a range) keep their places too.
    return [None] * (first - 2) + aligned, games


def _game_points(game: str, rows: list[Row], x: float, version: int) -> dict[int, float]:
    if len(rows) < 2:
        raise TableError(f"game {game!r} has 1 row (row {rows[0]['_row']}); expected at least 2 players")
    players = [cell_name(r, "player") for r in rows]
    for i, player in enumerate(players):
        if player in players[:i]:
            raise TableError(f"player {player!r} is twice in game {game!r} (row {rows[i]['_row']})")
    by_place = all(r["place"] is not None for r in rows)
    if not by_place and any(r["score"] is None for r in rows):
        blank = next(r for r in rows if r["score"] is None)
        raise TableError(
            f"score in row {blank['_row']} is blank; expected a score or a place for every row of {game!r}"
        )
    column = "place" if by_place else "score"
    values = [cell_number(r, column, 1 if by_place else None) for r in rows]
    hours_given = {cell_number(r, "hours", None) for r in rows if r["hours"] is not None}
    if len(hours_given) > 1:
        raise TableError(
            f"game {game!r} has rows with different hours ({', '.join(f'{h:g}' for h in sorted(hours_given))})"
        )
    hours = next(iter(hours_given), 1.0)
    rule = rplops if version == 1 else rplops2
    places = places_from_values(values, higher_is_better=not by_place, name=column)
    return {r["_row"]: rule(place, len(rows), hours, x, tied) for r, (place, tied) in zip(rows, places, strict=True)}


def rplops_points(results: object, x: float = 50, version: int = 1) -> tuple[float | None, ...]:
    """Every result row's RPLOPS points, in the order of the rows (blank rows stay blank).

    results: a table with columns game, player and score (or place), and optionally hours, one row per player per
        game (a DataFrame, mappings, or rows with a header).
    x: the average points per player per hour (50 as in PLOPS).
    version: 1 for RPLOPS (a win in a bigger game is worth more), 2 for RPLOPS2 (all winners alike).
    """
    average, rule = number("x", x, positive=True), whole("version", version, 1, 2)
    aligned, games = _games(results)
    points: dict[int, float] = {}
    for game, rows in games.items():
        points.update(_game_points(game, rows, average, rule))
    return tuple(None if row is None else points[row["_row"]] for row in aligned)


def rplops_standings(results: object, x: float = 50, version: int = 1) -> tuple[RplopsStanding, ...]:
    """The event standings: each player's total RPLOPS points over their games, highest first; ties share a place.

    results: a table with columns game, player and score (or place), and optionally hours, one row per player per
        game (a DataFrame, mappings, or rows with a header).
    x: the average points per player per hour (50 as in PLOPS).
    version: 1 for RPLOPS (a win in a bigger game is worth more), 2 for RPLOPS2 (all winners alike).
    """
    average, rule = number("x", x, positive=True), whole("version", version, 1, 2)
    _, games = _games(results)
    totals: dict[str, list[float]] = {}
    for game, rows in games.items():
        points = _game_points(game, rows, average, rule)
        hours = next((cell_number(r, "hours") for r in rows if r["hours"] is not None), 1.0)
        for row in rows:
            entry = totals.setdefault(cell_name(row, "player"), [0, 0.0, 0.0])
            entry[0] += 1
            entry[1] += hours
            entry[2] += points[row["_row"]]
    ordered = sorted(totals.items(), key=lambda item: -item[1][2])
    return tuple(
        RplopsStanding(
            place=1 + sum(1 for _, other in ordered if other[2] > total + 1e-9),
            player=player,
            games=int(games_played),
            hours=hours,
            points=total,
            points_per_game=total / games_played,
            points_per_hour=total / hours,
        )
        for player, (games_played, hours, total) in ordered
    )
