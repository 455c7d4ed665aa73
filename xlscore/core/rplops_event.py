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
  tie-break). Totals are added up exactly (the decimals typed, a tie's points as a fraction), so equal totals are
  equal in any order of the rows. Points per game and per hour are shown beside them.

A table whose every row is plainly good is scored over whole columns (:mod:`xlscore.core.bulk`), 100,000 rows in
tens of milliseconds; any other goes row by row, which finds the first bad row and says what is wrong with it. Both
give the same numbers to the last bit (the tests compare them).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from xlscore.core.cells import exact
from xlscore.core.errors import TableError, XlscoreError
from xlscore.core.games import group_games
from xlscore.core.placement import places_from_values
from xlscore.core.ranking import measure, standings
from xlscore.core.rows import Row, cell_name, cell_number, read_columns, read_rows
from xlscore.core.rplops import points, rplops, rplops2
from xlscore.core.table import table
from xlscore.core.validate import number, whole

if TYPE_CHECKING:
    from xlscore.core import bulk

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
    games = group_games(rows, lambda row: cell_name(row, "game"), lambda game: f"game {game!r}")
    first = min((r["_row"] for r in rows), default=2)
    last = max((r["_row"] for r in rows), default=1)
    aligned: list[Row | None] = [None] * (last - first + 1) if rows else []
    for row in rows:
        aligned[row["_row"] - first] = row
    # Rows before the first filled one (blank rows at the top of a range) keep their places too.
    return [None] * (first - 2) + aligned, games


def _game_places(game: str, rows: list[Row]) -> tuple[tuple[tuple[int, int], ...], float]:
    """Each row's (shared place, number tied) in the game, and the game's hours (1 when not given)."""
    if len(rows) < 2:
        raise TableError(f"game {game!r} has 1 row (row {rows[0]['_row']}); expected at least 2 players")
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
    return places_from_values(values, higher_is_better=not by_place, name=column), next(iter(hours_given), 1.0)


@dataclass(frozen=True)
class _Scored:
    """A results table read over whole columns: each kept row's sheet row, player, game, and place in it."""

    rows: Sequence[int]
    player: bulk.Ints  # each row's player, numbered in order of first appearance
    players: list[str]
    game: bulk.Ints
    n: bulk.Ints  # the players of the row's game
    place: bulk.Ints  # the shared place
    tied: bulk.Ints  # how many share it
    hours: bulk.Floats  # the game's hours (1 when not given)
    game_hours: bulk.Floats  # each game's hours


def _in_bulk(results: object) -> _Scored | None:
    """The table read over whole columns when every row is plainly good; None when a row needs a message (the
    row-by-row path then finds the first and words it)."""
    try:
        import numpy as np

        from xlscore.core import bulk
    except ImportError:  # a Python without numpy (LibreOffice's own, say): row by row
        return None
    try:
        rows, columns = read_columns(results, ["game", "player"], ["score", "place", "hours"], name="results")
    except XlscoreError:
        return None
    game_names = bulk.names(columns["game"])
    player_names = bulk.names(columns["player"])
    if game_names is None or player_names is None:
        return None
    game, games = bulk.codes(game_names)
    player, players = bulk.codes(player_names)
    if bulk.twice(game, player):
        return None
    sizes = np.bincount(game, minlength=len(games))
    if len(sizes) and sizes.min() < 2:
        return None
    place_given = bulk.given(columns["place"])
    by_place = (np.bincount(game, weights=place_given, minlength=len(games)) == sizes)[game]
    chosen = [p if b else s for p, s, b in zip(columns["place"], columns["score"], by_place.tolist(), strict=True)]
    values = bulk.numbers(chosen)
    if values is None or (by_place.any() and values[by_place].min() < 1):
        return None  # a blank or bad score or place, or a place below 1
    hours_given = bulk.given(columns["hours"])
    hours = np.ones(len(game))
    if hours_given.any():
        typed = bulk.numbers([h for h in columns["hours"] if h is not None], positive=True)
        if typed is None:
            return None
        hours[hours_given] = typed
    per_game = bulk.one_per_group(game, len(games), hours, hours_given)
    if per_game is None:
        return None  # a game with different hours
    game_hours = np.where(per_game[1], per_game[0], 1.0)
    place, tied, n = bulk.competition_places(game, np.where(by_place, values, -values), higher_is_better=False)
    return _Scored(rows, player, list(map(str, players)), game, n, place, tied, game_hours[game], game_hours)


def _points_in_bulk(scored: _Scored, average: float, version: int) -> bulk.Floats:
    """Every row's points, in the very operations and order of :func:`xlscore.core.rplops.points`."""
    mean = scored.place + (scored.tied - 1) / 2
    n = scored.n
    if version == 1:
        return (n + 1 - mean) * scored.hours * 2 * average / (n + 1)
    return (n - mean) / (n - 1) * scored.hours * 2 * average


def rplops_points(results: object, x: float = 50, version: int = 1) -> tuple[float | None, ...]:
    """Every result row's RPLOPS points, in the order of the rows (blank rows stay blank).

    results: a table with columns game, player and score (or place), and optionally hours, one row per player per
        game (a DataFrame, mappings, or rows with a header).
    x: the average points per player per hour (50 as in PLOPS).
    version: 1 for RPLOPS (a win in a bigger game is worth more), 2 for RPLOPS2 (all winners alike).
    """
    average = number("x", x, positive=True)
    kind = whole("version", version, 1, 2)
    in_bulk = _in_bulk(results)
    if in_bulk is not None:
        from xlscore.core import bulk

        return bulk.by_sheet_row(in_bulk.rows, _points_in_bulk(in_bulk, average, kind).tolist())
    rule = rplops if kind == 1 else rplops2
    aligned, games = _games(results)
    scored: dict[int, float] = {}
    for game, rows in games.items():
        places, hours = _game_places(game, rows)
        for row, (place, tied) in zip(rows, places, strict=True):
            scored[row["_row"]] = rule(place, len(rows), hours, average, tied)
    return tuple(None if row is None else scored[row["_row"]] for row in aligned)


@table(RplopsStanding)
def rplops_standings(results: object, x: float = 50, version: int = 1) -> tuple[RplopsStanding, ...]:
    """The event standings: each player's total RPLOPS points over their games, highest first; ties share a place.

    results: a table with columns game, player and score (or place), and optionally hours, one row per player per
        game (a DataFrame, mappings, or rows with a header).
    x: the average points per player per hour (50 as in PLOPS).
    version: 1 for RPLOPS (a win in a bigger game is worth more), 2 for RPLOPS2 (all winners alike).
    """
    average, rule = exact(number("x", x, positive=True)), whole("version", version, 1, 2)
    scored = _in_bulk(results)
    in_bulk = _standings_in_bulk(scored, average, rule) if scored is not None else None
    if in_bulk is not None:
        return in_bulk
    _, games = _games(results)
    played: dict[str, int] = defaultdict(int)
    hours_played: dict[str, Fraction] = defaultdict(Fraction)
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for game, rows in games.items():
        places, hours = _game_places(game, rows)
        length = exact(hours)
        for row, (place, tied) in zip(rows, places, strict=True):
            player = cell_name(row, "player")
            played[player] += 1
            hours_played[player] += length
            totals[player] += points(place + Fraction(tied - 1, 2), len(rows), length, average, rule)
    return _ranked(totals, played, hours_played)


def _ranked(
    totals: Mapping[str, Fraction], played: Mapping[str, int], hours_played: Mapping[str, Fraction]
) -> tuple[RplopsStanding, ...]:
    """The standings from each player's exact total, games and hours: by points, equal totals sharing a place."""
    return tuple(
        RplopsStanding(
            place=row.place,
            player=row.player,
            games=played[row.player],
            hours=float(hours_played[row.player]),
            points=float(totals[row.player]),
            points_per_game=float(totals[row.player] / played[row.player]),
            points_per_hour=float(totals[row.player] / hours_played[row.player]),
        )
        for row in standings(totals, [measure("points", totals)])
    )


def _standings_in_bulk(scored: _Scored, average: Fraction, version: int) -> tuple[RplopsStanding, ...] | None:
    """The standings from whole columns, every total exact as the row-by-row path adds it: a row's points are
    (2(n + 1) - 2 place - tied + 1) h x / (n + 1) under version 1 and (2n - 2 place - tied + 1) h x / (n - 1) under
    version 2 (the rule at the mean place), so each player's total is x over the hours' common denominator times a
    sum of whole numbers over n + 1 (or n - 1). None when those whole numbers would not fit 64 bits."""
    import numpy as np

    from xlscore.core import bulk

    hours = bulk.exact_scaled(scored.game_hours)
    if hours is None:
        return None
    game_length, denominator = hours
    length = game_length[scored.game]
    count = len(scored.players)
    n, place, tied = scored.n, scored.place, scored.tied
    if version == 1:
        sums = bulk.fraction_sums(scored.player, count, (2 * n + 3 - 2 * place - tied) * length, n + 1)
    else:
        sums = bulk.fraction_sums(scored.player, count, (2 * n + 1 - 2 * place - tied) * length, n - 1)
    hours_sums = bulk.exact_sums(scored.player, count, length)
    if sums is None or hours_sums is None:
        return None
    scale = average / denominator
    totals = {name: total * scale for name, total in zip(scored.players, sums, strict=True)}
    played = dict(zip(scored.players, np.bincount(scored.player, minlength=count).tolist(), strict=True))
    hours_played = {name: Fraction(h, denominator) for name, h in zip(scored.players, hours_sums, strict=True)}
    return _ranked(totals, played, hours_played)
