"""Cells shared by the Meeple League modules: player names, numbers, yes/no flags and standings tables.

Private to the league subpackage: the checks follow :mod:`xlscore.core.validate` (the message names the argument,
what was expected and what came) and raise :class:`~xlscore.core.errors.TableError` naming the row for a table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from xlscore.core.errors import InputError, TableError
from xlscore.core.league.naming import checked_league
from xlscore.core.rows import Row, read_rows
from xlscore.core.validate import number, whole

__all__ = [
    "Finish",
    "as_table",
    "cell_name",
    "cell_number",
    "cell_whole",
    "flag",
    "name",
    "names",
    "read_season",
    "read_seasons",
]

_YES = {"yes", "y", "true", "x", "1", "dropped", "out"}
_NO = {"", "no", "n", "false", "0"}


def _text(value: object) -> str | None:
    """A cell as a name: None when blank; a whole float (3.0, as a sheet sends a number) as ``3``."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    text = str(value).strip()
    return text or None


def name(argument: str, value: object) -> str:
    """A player's name from a list argument: non-blank text (a number is read as its digits)."""
    if isinstance(value, bool):
        raise InputError(f"{argument} is the logical value {str(value).upper()}; expected a player's name")
    text = _text(value)
    if text is None:
        raise InputError(f"{argument} is blank; expected a player's name")
    return text


def names(argument: str, values: Iterable[object], *, min_len: int = 0) -> tuple[str, ...]:
    """Every name of a list argument, checked non-blank and unique; the message names the position from 1."""
    if isinstance(values, (str, bytes)):
        raise InputError(f"{argument} is the text {values!r}; expected a list of player names")
    result = tuple(name(f"{argument}[{i}]", v) for i, v in enumerate(values, start=1))
    seen: dict[str, int] = {}
    for i, player in enumerate(result, start=1):
        if player in seen:
            raise InputError(
                f"{argument}[{i}] is {player!r} again (first at {argument}[{seen[player]}]); expected each player once"
            )
        seen[player] = i
    if len(result) < min_len:
        raise InputError(f"{argument} has {len(result)} names; expected at least {min_len} players")
    return result


def _where(row: Row, column: str, table: str) -> str:
    return f"{column} in row {row['_row']}" + (f" of {table}" if table else "")


def cell_name(row: Row, column: str, table: str = "") -> str:
    """A name cell of a table row; blank is refused with the row (and the table, when named) in the message."""
    text = _text(row[column])
    if text is None:
        raise TableError(f"{_where(row, column, table)} is blank; expected a name")
    return text


def cell_number(row: Row, column: str, lo: float | None = None, table: str = "") -> float:
    """A number cell of a table row, checked as :func:`~xlscore.core.validate.number` with the row named."""
    try:
        return number(_where(row, column, table), row[column], lo)
    except InputError as exc:
        raise TableError(str(exc)) from exc


def cell_whole(row: Row, column: str, lo: int | None = None, hi: int | None = None, table: str = "") -> int:
    """A whole-number cell of a table row, checked as :func:`~xlscore.core.validate.whole` with the row named."""
    try:
        return whole(_where(row, column, table), row[column], lo, hi)
    except InputError as exc:
        raise TableError(str(exc)) from exc


def flag(row: Row, column: str) -> bool:
    """A yes/no cell: blank, FALSE, 0, no give False; TRUE, 1, yes, x, dropped, out give True."""
    value = row[column]
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    text = str(value).strip().lower()
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise TableError(f"{column} in row {row['_row']} is {value!r}; expected yes or no (TRUE, FALSE, x, blank)")


def as_table(data: object) -> object:
    """Frozen dataclass rows (what the league functions return) as mappings, so that read_rows takes them."""
    if (
        isinstance(data, (list, tuple))
        and data
        and all(dataclasses.is_dataclass(item) and not isinstance(item, type) for item in data)
    ):
        return [{f.name: getattr(item, f.name) for f in dataclasses.fields(item)} for item in data]
    return data


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
    rows = read_rows(as_table(data), STANDINGS_REQUIRED, STANDINGS_OPTIONAL, name=argument)
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
        division = cell_whole(row, "division", 1, table=argument)
        try:
            league = checked_league(_where(row, "league", argument), row["league"], division)
        except InputError as exc:
            raise TableError(str(exc)) from exc
        finishes.append(
            Finish(
                season=season,
                division=division,
                league=league,
                place=cell_whole(row, "place", 1, table=argument),
                player=player,
                league_points=Fraction(cell_number(row, "league_points", 0, argument)),
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
    return Fraction(0) if row[column] is None else Fraction(cell_number(row, column, lo, table))


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
