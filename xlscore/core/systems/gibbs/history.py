"""Reading a history of games: the table read through the shared reader, checked, and coded for the replay.

One row per player (or fixed team) per game, oldest game first, the rows of one game consecutive. The reader
codes games, players and pools as whole numbers, puts each game in its pool (the pool typed, or its kind of game),
and refuses what the replay cannot rate, naming the row.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from xlscore.core.cells import cell_text, is_blank
from xlscore.core.errors import InputError, MissingColumnError, TableError
from xlscore.core.events.games import player_twice
from xlscore.core.events.rows import is_frame, read_columns, read_frame_columns, with_typed_names
from xlscore.core.events.rows import typed_names as column_names
from xlscore.core.systems.gibbs.rule import kind_pool, pool_sizes
from xlscore.core.validate import number

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Floats = NDArray[np.float64]
    Ints = NDArray[np.int64]
    Rows = NDArray[np.signedinteger[Any]]  # a figure for each row: 32 bits when the history's rows fit them
    Flags = NDArray[np.bool_]
    Lines = Ints | range  # each row's number on the sheet: a range when no row was skipped

__all__ = ["COLUMNS", "OPTIONAL", "History", "read_history"]

COLUMNS = ("game", "player", "place")
OPTIONAL = ("pool", "date")


@dataclass(frozen=True)
class History:
    """A history read and checked: one entry per row, games numbered in order, players coded within pools."""

    sheet_rows: Lines  # the row number a coordinator sees (the header is row 1)
    starts: Ints  # the rows of game k are starts[k] .. starts[k + 1] - 1
    entity: Ints  # the (pool, player) of each row, coded 0 .. entities - 1
    order: Ints  # the rows sorted by entity, each entity's rows in history order
    following: Rows  # the row of the same entity's next game, -1 after its last
    played: Rows  # the games the row's entity had played before this one
    games: Ints  # each entity's games in the history
    place: Floats
    game_code: Ints  # each game's id, coded; its name is game_names[code]
    game_names: Sequence[str]
    game_pool: Ints  # each game's pool, an index of pool_names
    pool_typed: Flags  # whether the game's pool was typed (else it is its kind of game, or the one pool)
    entity_player: list[str]
    entity_pool: Ints
    pool_names: list[str]
    dates: list[object] | None

    def game_label(self, game: int) -> str:
        """The game as a message names it: its id, and its pool when the history typed one."""
        name = self.game_names[int(self.game_code[game])]
        return f"{name} (pool {self.pool_names[int(self.game_pool[game])]})" if self.pool_typed[game] else name

    def first_row(self, game: int) -> int:
        return int(self.sheet_rows[self.starts[game]])

    @cached_property
    def previous(self) -> Ints:
        """The row of the same entity's previous game, -1 before its first (worked out when asked for)."""
        import numpy as np

        previous = np.full(self.following.size, -1, dtype=np.int64)
        later = np.flatnonzero(self.following >= 0)
        previous[self.following[later]] = later
        return previous


class _Names:
    """Codes names in order of first appearance."""

    def __init__(self) -> None:
        self.codes: dict[str, int] = {}
        self.names: list[str] = []

    def code(self, name: str) -> int:
        found = self.codes.get(name)
        if found is None:
            found = self.codes[name] = len(self.names)
            self.names.append(name)
        return found


class _Labels(Sequence[str]):
    """Game ids as text, converted only when a message or the trajectory needs them (a history may hold millions)."""

    def __init__(self, values: Sequence[object]) -> None:
        self._values = values

    def __len__(self) -> int:
        return len(self._values)

    def __getitem__(self, index: Any) -> Any:
        return cell_text(self._values[index]) or ""


class _NumberLabels(_Labels):
    """Game ids from a column of numbers, kept as numpy holds them and named as the numbers Python gives back."""

    def __init__(self, values: NDArray[Any]) -> None:
        super().__init__(cast("Sequence[object]", values))
        self._numbers = values

    def __getitem__(self, index: Any) -> Any:
        return cell_text(self._numbers[index].item()) or ""


# The columns of a history, coded: sheet rows, game ids, players, pools typed (blank: -1; None: no pool column),
# places, dates.
_Raw = tuple[
    "Lines", "Ints", Sequence[str], "Ints", Sequence[str], "Ints | None", Sequence[str], "Floats", list[object] | None
]


def read_history(history: object, *, one_pool: bool = False, dates: bool = False) -> History:
    """Read and check a history; each game goes in the pool typed for it, else in the pool of its kind of game
    (``1v1``, ``3-5P``, ``6P``...), or with ``one_pool`` in one pool named ""."""
    try:
        return _read_history(history, one_pool, dates)
    except MissingColumnError:
        raise
    except TableError as exc:
        # The columns are checked whole, and named in lower case: the message names them as typed.
        raise TableError(with_typed_names(str(exc), column_names(history))) from exc


def _read_history(history: object, one_pool: bool, dates: bool) -> History:
    import numpy as np

    raw = _read_frame(history, dates=dates) if is_frame(history) else _read_plain(history, dates=dates)
    sheet_rows, game, game_names, player, player_names, pool, typed_names, place, when = raw
    _check_cells(sheet_rows, game, game_names, player, player_names, place)
    if game.size == 0:
        none = np.zeros(0, dtype=np.int64)
        starts = np.zeros(1, dtype=np.int64)
        flags = np.zeros(0, dtype=bool)
        return History(
            sheet_rows, starts, none, none, none, none, none, place, none, [], none, flags, [], none, [], when
        )
    starts = _game_starts(sheet_rows, game, game_names, pool, typed_names, place)
    size = np.diff(starts)
    typed = pool[starts[:-1]] if pool is not None else np.full(size.size, -1, dtype=np.int64)
    game_code = game[starts[:-1]]
    game_pool, pool_names = _pools(typed, size, typed_names, one_pool)
    pool_typed = typed >= 0
    _check_sizes(game_pool, pool_names, pool_typed, size, starts, sheet_rows, game_code, game_names)
    entity, entity_player, entity_pool = _entities(game_pool, size, player, player_names, len(pool_names))
    order = _order_by(entity, len(entity_player))
    following, played, games = _earlier_games(entity, order, len(entity_player))
    data = History(
        sheet_rows,
        starts,
        entity,
        order,
        following,
        played,
        games,
        place,
        game_code,
        game_names,
        game_pool,
        pool_typed,
        entity_player,
        entity_pool,
        pool_names,
        when,
    )
    _check_repeats(data)
    return data


def _check_cells(
    sheet_rows: Lines, game: Ints, game_names: Sequence[str], player: Ints, player_names: Sequence[str], place: Floats
) -> None:
    """Every row names its game and player and gives a place."""
    import numpy as np

    for column, codes in (("game", game), ("player", player)):
        blank = np.flatnonzero(codes < 0)
        if blank.size:
            raise TableError(f"{column} in row {sheet_rows[blank[0]]} is blank; expected a name")
    missing = np.flatnonzero(np.isnan(place))
    if missing.size:
        row = missing[0]
        raise TableError(
            f"place in row {sheet_rows[row]} is blank; expected the finishing place of "
            f"{player_names[player[row]]} in game {game_names[game[row]]}"
        )


def _game_starts(
    sheet_rows: Lines,
    game: Ints,
    game_names: Sequence[str],
    pool: Ints | None,
    typed_names: Sequence[str],
    place: Floats,
) -> Ints:
    """Where each game's rows start (and, last, where the rows end): a game is one game id within one pool as typed
    (blank is a pool of its own here), its rows consecutive, at least 2 of them, each place within 1..its size."""
    import numpy as np

    key = (pool + 1) * len(game_names) + game if pool is not None and typed_names else game  # (no pool typed)
    new = np.concatenate(([True], key[1:] != key[:-1]))
    starts: Ints = np.append(np.flatnonzero(new), key.size)
    run_keys = key[new]
    if not (run_keys[1:] > run_keys[:-1]).all():  # games coded in order of appearance come in order, once each
        ordered = np.sort(run_keys)
        if (ordered[1:] == ordered[:-1]).any():
            _raise_split_game(run_keys, starts, sheet_rows, game_names, typed_names)
    size = np.diff(starts)
    alone = np.flatnonzero(size < 2)
    if alone.size:
        row = starts[alone[0]]
        raise TableError(
            f"game {game_names[game[row]]} in row {sheet_rows[row]} has 1 player; expected at least 2 players "
            f"(or fixed teams) in a game"
        )
    # Each game's lowest and highest place, then the first row out of range in the first game with one.
    first = starts[:-1]
    outside = np.flatnonzero((np.minimum.reduceat(place, first) < 1) | (np.maximum.reduceat(place, first) > size))
    if outside.size:
        lo, n = int(first[outside[0]]), int(size[outside[0]])
        places = place[lo : lo + n]
        row = lo + int(np.flatnonzero((places < 1) | (places > n))[0])
        raise TableError(
            f"place in row {sheet_rows[row]} is {place[row]:g}; expected 1..{n} "
            f"(game {game_names[game[row]]} has {n} players)"
        )
    return starts


def _pools(typed: Ints, size: Ints, typed_names: Sequence[str], one_pool: bool) -> tuple[Ints, list[str]]:
    """Each game's pool and the pools' names in the order they first appear: the pool typed for the game, else
    the one pool "" or the pool of its kind of game."""
    import numpy as np

    pair = (typed + 1) * (int(size.max()) + 1) + size  # a game's pool depends on these two only
    kinds, first = np.unique(pair, return_index=True)
    names = _Names()
    code = np.zeros(int(kinds.max()) + 1, dtype=np.int64)
    for index in np.argsort(first).tolist():
        game = int(first[index])
        t, n = int(typed[game]), int(size[game])
        code[kinds[index]] = names.code(typed_names[t] if t >= 0 else "" if one_pool else kind_pool(n))
    game_pool: Ints = code[pair]
    return game_pool, names.names


def _check_sizes(
    game_pool: Ints,
    pool_names: list[str],
    pool_typed: Flags,
    size: Ints,
    starts: Ints,
    sheet_rows: Lines,
    game_code: Ints,
    game_names: Sequence[str],
) -> None:
    """A pool named after a kind of game (1v1, 2v2, 3-5P, 4p, 6P) holds games of that size only."""
    import numpy as np

    for pool, name in enumerate(pool_names):
        sizes = pool_sizes(name)
        if sizes is None:
            continue
        wrong = np.flatnonzero((game_pool == pool) & ((size < sizes.start) | (size >= sizes.stop)))
        if wrong.size:
            game = int(wrong[0])
            label = game_names[int(game_code[game])] + (f" (pool {name})" if pool_typed[game] else "")
            fits = f"{sizes.start} competitors" if name.strip().lower() in ("1v1", "2v2") else _players(sizes)
            raise TableError(
                f"game {label} in row {sheet_rows[starts[game]]}: pool {name!r} is for games of {fits}, "
                f"but the game has {size[game]}"
            )


def _players(sizes: range) -> str:
    return f"{sizes.start} players" if len(sizes) == 1 else f"{sizes.start} to {sizes.stop - 1} players"


def _entities(
    game_pool: Ints, size: Ints, player: Ints, player_names: Sequence[str], pools: int
) -> tuple[Ints, list[str], Ints]:
    """Each row's (pool, player), coded: ratings are kept per pool, so one name in two pools is two entries."""
    import numpy as np

    if pools == 1:
        return player, list(player_names), np.zeros(len(player_names), dtype=np.int64)
    combined = np.repeat(game_pool, size) * len(player_names) + player
    kept, inverse = np.unique(combined, return_inverse=True)
    entity_player = [player_names[p] for p in (kept % len(player_names)).tolist()]
    return inverse.reshape(-1).astype(np.int64), entity_player, kept // len(player_names)


def _earlier_games(entity: Ints, order: Ints, entities: int) -> tuple[Rows, Rows, Ints]:
    """Each row's next row of the same entity (-1 after its last game) and how many games it had played before,
    and each entity's games. The rows' figures are written in 32 bits when they fit: scattered in the history's order,
    half the memory to write is a third of the time."""
    import numpy as np

    kind: type[np.signedinteger[Any]] = np.int32 if entity.size < 1 << 31 else np.int64
    counts = np.bincount(entity, minlength=entities)
    ends = np.cumsum(counts)  # where each entity's rows end in the order
    in_order = np.arange(entity.size, dtype=kind)  # (one column reused: a new one costs more than the figures)
    in_order -= np.repeat((ends - counts).astype(kind), counts)  # 0, 1, 2... along each entity's rows
    played: Rows = np.empty(entity.size, dtype=kind)
    played[order] = in_order
    in_order[:-1] = order[1:]  # the next row in the order...
    in_order[ends[counts > 0] - 1] = -1  # ... but an entity's last row comes before none of its own
    following: Rows = np.empty(entity.size, dtype=kind)
    following[order] = in_order
    return following, played, counts


def _raise_split_game(
    run_keys: Ints, starts: Ints, sheet_rows: Lines, game_names: Sequence[str], typed_names: Sequence[str]
) -> None:
    seen: dict[int, int] = {}
    for run, key in enumerate(run_keys.tolist()):
        if key in seen:
            earlier = seen[key]
            pool = key // len(game_names) - 1
            where = f" in pool {typed_names[pool]}" if pool >= 0 else ""
            raise TableError(
                f"game {game_names[key % len(game_names)]}{where} has rows {sheet_rows[starts[earlier]]}.."
                f"{sheet_rows[starts[earlier + 1] - 1]} and again row {sheet_rows[starts[run]]}; expected the rows "
                f"of a game to be consecutive (is a game id used twice?)"
            )
        seen[key] = run


def _order_by(entity: Ints, entities: int) -> Ints:
    """The rows sorted by player, each player's rows kept in history order (radix sorts on 16-bit digits)."""
    import numpy as np

    order = np.argsort(entity.astype(np.uint16), kind="stable")  # (the cast keeps the low 16 bits)
    shift = 16
    while entities > 1 << shift:
        digit = ((entity[order] >> shift) & 0xFFFF).astype(np.uint16)
        order = order[np.argsort(digit, kind="stable")]
        shift += 16
    return np.asarray(order, dtype=np.int64)


def _check_repeats(data: History) -> None:
    """A player listed twice in one game: the player's previous row is within the same game."""
    import numpy as np

    size = np.diff(data.starts)
    unsigned = data.following.dtype.str.replace("i", "u")  # -1, read unsigned, is past every game's end
    end = np.repeat(data.starts[1:].astype(unsigned), size)
    twice = np.flatnonzero(data.following.view(unsigned) < end)
    if twice.size:
        first = int(twice[np.argmin(data.following[twice])])  # the first row listed again, counted from the second
        second = int(data.following[first])
        game = int(np.searchsorted(data.starts, first, side="right")) - 1
        player = data.entity_player[data.entity[first]]
        where = f"in game {data.game_label(game)}"
        raise player_twice(player, where, int(data.sheet_rows[first]), int(data.sheet_rows[second]))


# --- a DataFrame, read column by column (hashing in pandas) ------------------------------------------------------


def _read_frame(frame: Any, *, dates: bool) -> _Raw:
    kept, columns = read_frame_columns(frame, COLUMNS, OPTIONAL, name="history")
    sheet_rows = _sheet_rows(kept)
    game, game_names = _game_codes(columns["game"])
    player, player_names = _name_codes(columns["player"])
    place = _places(columns["place"], sheet_rows)
    pool, pool_names = _name_codes(columns["pool"]) if columns["pool"] is not None else (None, [])
    when: list[object] | None = None
    if dates:
        column = columns["date"]
        if column is None:
            when = [None] * len(kept)
        else:
            gaps = column.isna().tolist()
            when = [None if gap else v for v, gap in zip(column.tolist(), gaps, strict=True)]
    return sheet_rows, game, game_names, player, player_names, pool, pool_names, place, when


def _name_codes(column: Any) -> tuple[Ints, list[str]]:
    """A column of names coded in order of first appearance, by the text they print as (7, 7.0 and "7" are one);
    blank is -1."""
    import numpy as np
    import pandas as pd

    # Text (object or pandas' str) hashed as the array it holds: a str column's factorize compares every value with
    # its missing value, a third of the time; the hash table finds the missing values either way.
    codes, uniques = pd.factorize(column.to_numpy() if getattr(column.dtype, "kind", "O") == "O" else column)
    codes = np.asarray(codes, dtype=np.int64)
    values = list(uniques)
    if set(map(type, values)) == {str} and [v.strip() for v in values] == values and "" not in values:
        return codes, values  # names as they print: no blank, and no two print alike
    names = _Names()
    lookup = [-1 if (text := cell_text(v)) is None else names.code(text) for v in values]
    if len(names.names) == len(lookup):  # no blank, and no two values print alike: the codes stand
        return codes, names.names
    return np.array([*lookup, -1], dtype=np.int64)[codes], names.names


def _game_codes(column: Any) -> tuple[Ints, Sequence[str]]:
    """A column of game ids coded as pandas hashes them; blank (missing or empty text) is -1."""
    import numpy as np

    if getattr(column.dtype, "kind", "O") in "iuf":
        in_order = _increasing_runs(column.to_numpy())
        if in_order is not None:
            return in_order[0], _NumberLabels(in_order[1])
    codes, uniques = column.factorize()
    codes = np.asarray(codes, dtype=np.int64)
    values = list(uniques)
    text = getattr(uniques, "dtype", None) is None or getattr(uniques.dtype, "kind", "O") not in "iuf"
    empty = [i for i, v in enumerate(values) if is_blank(v)] if text else []
    if empty:
        codes = np.where(np.isin(codes, empty), -1, codes)
    return codes, _Labels(values)


def _increasing_runs(values: NDArray[Any]) -> tuple[Ints, NDArray[Any]] | None:
    """Numbers whose equal ones come together, in increasing order (1, 1, 2, 2, 2, 5...), coded in order of first
    appearance without hashing: each value's run, and the runs' numbers; None for any other column (a NaN, a blank,
    is never greater than the number before it)."""
    import numpy as np

    if not values.size:
        return None
    new = np.empty(values.size, dtype=bool)
    new[0] = True
    np.not_equal(values[1:], values[:-1], out=new[1:])
    runs = values[new]
    if not bool((runs[1:] > runs[:-1]).all()):
        return None
    return np.cumsum(new, dtype=np.int64) - 1, runs


def _places(column: Any, sheet_rows: Lines) -> Floats:
    import numpy as np

    if getattr(column.dtype, "kind", "O") in "iuf":
        return np.asarray(column.to_numpy(dtype="float64", na_value=math.nan), dtype=np.float64)
    gaps = column.isna().tolist()
    return np.array(
        [
            math.nan if gap or is_blank(v) else _place(v, row)
            for v, gap, row in zip(column.tolist(), gaps, list(sheet_rows), strict=True)
        ],
        dtype=np.float64,
    )


# --- rows: a range from a sheet, mappings, or rows under a header --------------------------------------------------


def _read_plain(history: object, *, dates: bool) -> _Raw:
    """Rows read through the shared reader by column (a range from a sheet is transposed once, not read row by row)."""

    kept, columns = read_columns(history, COLUMNS, OPTIONAL, name="history")
    sheet_rows = _sheet_rows(kept)
    place = _plain_places(columns["place"], sheet_rows)
    game, game_names = _text_codes(columns["game"])
    player, player_names = _text_codes(columns["player"])
    pool, pool_names = _text_codes(columns["pool"])
    return (
        sheet_rows,
        game,
        game_names,
        player,
        player_names,
        pool,
        pool_names,
        place,
        list(columns["date"]) if dates else None,
    )


_PLAIN_CELLS = frozenset({str, float, int, type(None)})


def _sheet_rows(kept: Sequence[int]) -> Lines:
    import numpy as np

    if isinstance(kept, range):
        return kept  # (only a message reads it)
    return np.array(kept, dtype=np.int64)


def _text_codes(values: Sequence[object]) -> tuple[Ints, Sequence[str]]:
    """Names coded in order of first appearance by the text they print as (7, 7.0 and "7" are one); a blank cell
    is -1."""
    import numpy as np

    kinds = set(map(type, values))
    if not kinds <= _PLAIN_CELLS:
        values = [cell_text(v) for v in values]  # equal values of other kinds may print differently (True and 1)
    elif kinds <= {float, type(None)}:
        # A sheet's numbers, coded by value with numpy: different numbers print differently (a whole float as the
        # int it equals), so no two codes share a name and the names are made only when needed.
        value = np.array(values, dtype=np.float64)  # None is NaN
        known = np.flatnonzero(value == value)
        if value.size - known.size == values.count(None):  # a NaN typed as a number is a name, as cell_text says
            in_order = _increasing_runs(value)
            if in_order is not None:
                return in_order[0], _Labels(in_order[1].tolist())
            uniques, first, inverse = np.unique(value[known], return_index=True, return_inverse=True)
            order = np.argsort(first)
            rank = np.empty_like(order)
            rank[order] = np.arange(order.size)
            codes = np.full(value.size, -1, dtype=np.int64)
            codes[known] = rank[inverse.reshape(-1)]
            return codes, _Labels(uniques[order].tolist())
    coded = _Names()
    distinct = dict.fromkeys(values)
    lookup = {v: -1 if (text := cell_text(v)) is None else coded.code(text) for v in distinct}
    if len(lookup) == 1:
        return np.full(len(values), next(iter(lookup.values())), dtype=np.int64), coded.names
    return np.fromiter(map(lookup.__getitem__, values), dtype=np.int64, count=len(values)), coded.names


def _plain_places(values: Sequence[object], sheet_rows: Lines) -> Floats:
    """The place column: numbers at once; blanks, text and anything not finite checked cell by cell, in order."""
    import numpy as np

    if set(map(type, values)) <= {float, int, type(None)}:
        place = np.array(values, dtype=np.float64)  # None is NaN
        odd: Sequence[int] = np.flatnonzero(~np.isfinite(place)).tolist()
    else:
        place, odd = np.empty(len(values), dtype=np.float64), range(len(values))
    for i in odd:
        value = values[i]
        place[i] = math.nan if is_blank(value) else _place(value, sheet_rows[i])
    return place


def _place(value: object, row: object) -> float:
    try:
        return number(f"place in row {row}", value)
    except InputError as exc:
        raise TableError(str(exc)) from exc
