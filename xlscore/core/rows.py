"""Reading table-shaped input (a pandas DataFrame, a list of mappings, or a list of row sequences).

Core rules that work on a history or a results table accept any of these without importing pandas: a DataFrame is
recognised by its ``to_dict`` method. Column names are matched case-insensitively, so a range copied from a sheet
with a header row ``Player | Place`` works as well as a DataFrame with ``player`` and ``place``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from xlscore.core.errors import InputError, TableError
from xlscore.core.validate import number, whole

__all__ = [
    "Row",
    "cell_name",
    "cell_number",
    "cell_text",
    "cell_whole",
    "flag",
    "name",
    "names",
    "read_rows",
    "where",
]

Row = dict[str, Any]


def read_rows(
    data: object,
    required: Sequence[str],
    optional: Sequence[str] = (),
    *,
    name: str = "results",
) -> list[Row]:
    """Return the table as a list of dicts keyed by the lower-case column names asked for.

    ``data`` may be a DataFrame, an iterable of mappings or of frozen dataclass rows (what an xlscore function
    returns), or an iterable of sequences whose first row is a header
    (as a range arrives from a sheet). Blank rows (every cell None or empty text) are skipped. Missing optional
    columns come back as None.
    """
    wanted = [*required, *optional]
    records = _records(data, name)
    rows: list[Row] = []
    for index, record in enumerate(records, start=2):
        lowered = {str(k).strip().lower(): v for k, v in record.items()}
        if all(v is None or (isinstance(v, str) and not v.strip()) for v in lowered.values()):
            continue
        missing = [c for c in required if c not in lowered]
        if missing:
            raise TableError(
                f"{name} has no column {', '.join(repr(c) for c in missing)}; "
                f"expected columns {', '.join(wanted)} (row {index} has {', '.join(map(str, record))})"
            )
        row = {c: lowered.get(c) for c in wanted}
        row["_row"] = index
        rows.append(row)
    return rows


def _records(data: object, name: str) -> Iterable[Mapping[Any, Any]]:
    to_dict = getattr(data, "to_dict", None)
    if callable(to_dict):
        frame_records = to_dict(orient="records")
        return [{k: _clean(v) for k, v in r.items()} for r in frame_records]
    if isinstance(data, (str, bytes)) or not isinstance(data, Iterable):
        raise TableError(f"{name} is {type(data).__name__}; expected a table (a DataFrame or a list of rows)")
    items = list(data)
    if not items:
        return []
    if all(dataclasses.is_dataclass(item) and not isinstance(item, type) for item in items):
        # Rows as an xlscore function returns them (frozen dataclasses): one function's output feeds the next.
        return [{f.name: getattr(item, f.name) for f in dataclasses.fields(item)} for item in items]
    if all(isinstance(item, Mapping) for item in items):
        return items
    if all(isinstance(item, Sequence) and not isinstance(item, (str, bytes)) for item in items):
        header = [str(h).strip().lower() if h is not None else "" for h in items[0]]
        return [dict(zip(header, row, strict=False)) for row in items[1:]]
    raise TableError(f"{name} mixes row kinds; expected all mappings or all sequences with a header row first")


def _clean(value: object) -> object:
    """pandas gives NaN for a missing value; treat it as blank."""
    if isinstance(value, float) and value != value:
        return None
    return value


# Cells of a table row, checked, with the row (and the table, when named) in the message.

_YES = {"yes", "y", "true", "x", "1", "dropped", "out"}
_NO = {"", "no", "n", "false", "0"}


def cell_text(value: object) -> str | None:
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
    text = cell_text(value)
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


def where(row: Row, column: str, table: str) -> str:
    return f"{column} in row {row['_row']}" + (f" of {table}" if table else "")


def cell_name(row: Row, column: str, table: str = "") -> str:
    """A name cell of a table row; blank is refused with the row (and the table, when named) in the message."""
    text = cell_text(row[column])
    if text is None:
        raise TableError(f"{where(row, column, table)} is blank; expected a name")
    return text


def cell_number(row: Row, column: str, lo: float | None = None, table: str = "") -> float:
    """A number cell of a table row, checked as :func:`~xlscore.core.validate.number` with the row named."""
    try:
        return number(where(row, column, table), row[column], lo)
    except InputError as exc:
        raise TableError(str(exc)) from exc


def cell_whole(row: Row, column: str, lo: int | None = None, hi: int | None = None, table: str = "") -> int:
    """A whole-number cell of a table row, checked as :func:`~xlscore.core.validate.whole` with the row named."""
    try:
        return whole(where(row, column, table), row[column], lo, hi)
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
