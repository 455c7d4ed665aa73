"""What a seating is asked for, read and checked: table sizes, past games, pairs who must not meet, fixed places.

Every check names the argument and what was expected, as everywhere in xlscore.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

from xlscore.core.cells import cell_text, is_blank, names
from xlscore.core.errors import InputError, TableError
from xlscore.core.events.games import group_games
from xlscore.core.events.rows import cell_name, read_rows
from xlscore.core.validate import shown, whole

__all__ = [
    "GAME_COLUMNS",
    "TABLE_SIZES",
    "avoided_pairs",
    "bye_sizes",
    "fixed_tables",
    "history_games",
    "table_sizes",
    "top_players",
]

TABLE_SIZES = (3, 7)
"""The fewest and the most players at a table."""
GAME_COLUMNS = ("round", "table", "game", "board")
"""The history's columns that tell games apart: the rows sharing all of those present are one game."""


def table_sizes(players: int, table_size: int) -> tuple[int, ...]:
    """Each round's tables, largest first: as many of ``table_size`` as can be, the fewest of one size less.

    ``players`` that no mix of the two sizes seats (29 players at tables of 7) is refused, saying what would seat
    them: byes (every table full, the rest sitting out), the table sizes that do, or the nearest counts that do.
    """
    tables = -(-players // table_size)
    short = tables * table_size - players
    if short > tables:
        raise InputError(_cannot_seat(players, table_size))
    return (table_size,) * (tables - short) + (table_size - 1,) * short


def _cannot_seat(players: int, table_size: int) -> str:
    """Why ``players`` cannot sit at tables of ``table_size`` and one less, and the three ways out."""
    fits = [n for n in range(max(2, players - table_size * 3), players + table_size * 3) if _fits(n, table_size)]
    nearest = " or ".join(
        str(n) for n in ([n for n in fits if n < players][-1:] + [n for n in fits if n > players][:1])
    )
    sizes = [
        size
        for size in range(TABLE_SIZES[0], TABLE_SIZES[1] + 1)
        if size != table_size and _fits(players, size) and players >= size - 1
    ]
    ways = []
    if players >= table_size:
        out = players % table_size
        ways.append(f"byes yes (every table of {table_size} full, {out} sitting out each round)")
    if sizes:
        ways.append(f"a table size of {_either(sizes)}")
    ways.append(f"{nearest} players")
    return (
        f"players has {players} names; tables of {table_size} and {table_size - 1} cannot seat {players} in every "
        f"round; expected one of: {'; '.join(ways)}"
    )


def _either(items: Sequence[object]) -> str:
    """``a, b or c``."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def bye_sizes(players: int, table_size: int) -> tuple[tuple[int, ...], int]:
    """Each round's tables when the event allows byes: all of ``table_size``, and how many players sit out."""
    if players < table_size:
        raise InputError(
            f"players has {players} names; expected at least {table_size} to fill one table of {table_size}"
        )
    return (table_size,) * (players // table_size), players % table_size


def _fits(players: int, table_size: int) -> bool:
    tables = -(-players // table_size)
    return tables * table_size - players <= tables


def history_games(history: object, known: Mapping[str, int]) -> list[list[int]]:
    """The past games of ``history`` (a table with a player column and one or more of round, table, game, board),
    as lists of the players of this event who played in each; players not in this event are left out."""
    rows = read_rows(history, ("player",), GAME_COLUMNS, name="history")
    present = [c for c in GAME_COLUMNS if any(not is_blank(row[c]) for row in rows)]
    if rows and not present:
        raise TableError(
            f"history has no column {', '.join(repr(c) for c in GAME_COLUMNS)} filled in; expected a column that "
            "tells its games apart (round and table, as SEATING gives them, or game)"
        )
    for row in rows:
        for column in present:
            if is_blank(row[column]):
                raise TableError(f"{column} in row {row['_row']} of history is blank; expected the game's {column}")
    games = group_games(
        rows,
        lambda row: tuple(cell_text(row[c]) for c in present),
        lambda key: "'" + " ".join(f"{c} {v}" for c, v in zip(present, key, strict=True)) + "'",
        table="history",
    )
    return [
        [known[p] for p in (cell_name(row, "player", "history") for row in game) if p in known]
        for game in games.values()
    ]


HEADER_WORDS = frozenset({"player", "players", "name", "names", "avoid"})
"""A first row of ``avoid`` that starts with one of these words, and names no player, is a header row."""


def avoided_pairs(avoid: object, known: Mapping[str, int]) -> set[tuple[int, int]]:
    """The pairs who must not meet: each row of ``avoid`` names two or more players, none of whom may meet.

    A first row that starts with player, players, name, names or avoid and names no player is a header (a sheet's
    table has one); any other name that is not a player is refused, so a misspelt name cannot be passed over.
    """
    if isinstance(avoid, (str, bytes)) or not isinstance(avoid, Iterable):
        raise InputError(f"avoid is {shown(avoid)}; expected rows of players who must not meet, two or more a row")
    pairs: set[tuple[int, int]] = set()
    for r, row in enumerate(avoid, start=1):
        cells = [row] if isinstance(row, (str, bytes)) or not isinstance(row, Iterable) else list(row)
        if r == 1 and _is_header(cells, known):
            continue
        group = names(f"avoid row {r}", cells, skip_blank=True)
        if not group:
            continue
        if len(group) < 2:
            raise InputError(f"avoid row {r} names only {group[0]!r}; expected two or more players who must not meet")
        for player in group:
            if player not in known:
                raise InputError(f"avoid row {r} names {player!r}, who is not in players; expected players' names")
        pairs.update((min(known[a], known[b]), max(known[a], known[b])) for a, b in combinations(group, 2))
    return pairs


def _is_header(cells: Sequence[object], known: Mapping[str, int]) -> bool:
    texts = [cell_text(c) for c in cells]
    return (
        bool(texts) and (texts[0] or "").lower() in HEADER_WORDS and not any(t in known for t in texts if t is not None)
    )


def fixed_tables(fixed: object, known: Mapping[str, int], sizes: Sequence[int]) -> dict[int, int]:
    """Players fixed to a table in every round (a mapping of player to table number from 1): player -> table from 0."""
    if not isinstance(fixed, Mapping):
        raise InputError(f"fixed is {shown(fixed)}; expected a mapping of player to table number, such as {{'Ann': 1}}")
    result: dict[int, int] = {}
    for player, table in fixed.items():
        text = cell_text(player)
        if text is None or text not in known:
            raise InputError(f"fixed names {shown(player)}, who is not in players; expected players' names")
        result[known[text]] = whole(f"fixed[{text!r}]", table, 1, len(sizes)) - 1
    for t, size in enumerate(sizes):
        held = sum(1 for table in result.values() if table == t)
        if held > size:
            raise InputError(f"fixed puts {held} players at table {t + 1}, which seats {size}; expected at most {size}")
    return result


def top_players(top_table: Iterable[object], known: Mapping[str, int], size: int) -> list[int]:
    """The first ``size`` players of ``top_table`` (the standings, best first): the last round's table 1."""
    listed = names("top_table", top_table, skip_blank=True)
    for player in listed:
        if player not in known:
            raise InputError(f"top_table names {player!r}, who is not in players; expected the standings' players")
    if len(listed) < size:
        raise InputError(f"top_table has {len(listed)} players; expected at least {size}, the top table's seats")
    return [known[p] for p in listed[:size]]
