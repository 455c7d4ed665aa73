"""Reading table-shaped input (a pandas DataFrame, a list of mappings, or a list of row sequences).

Core rules that work on a history or a results table accept any of these without importing pandas: a DataFrame is
recognised by its ``to_dict`` method. Column names are matched without regard to case, and a space matches an
underscore (:func:`xlscore.core.events.headings.column_key`), so a range copied from a sheet with a header row
``Player | League points`` works as well as a DataFrame with ``player`` and ``league_points``.
"""

from __future__ import annotations

import dataclasses
import datetime
import operator
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from numbers import Number
from typing import Any

from xlscore.core.cells import cell_text, is_blank, yes_no
from xlscore.core.errors import InputError, MissingColumnError, TableError
from xlscore.core.events.headings import column_key
from xlscore.core.validate import number, shown, whole

__all__ = [
    "Row",
    "cell_name",
    "cell_number",
    "cell_whole",
    "check_cells",
    "flag",
    "is_frame",
    "read_columns",
    "read_frame_columns",
    "read_rows",
    "typed_names",
    "where",
    "with_typed_names",
]

Row = dict[str, Any]


def read_rows(
    data: object,
    required: Sequence[str],
    optional: Sequence[str] = (),
    *,
    name: str = "results",
) -> list[Row]:
    """Return the table as a list of dicts keyed by the column names asked for (matched as :func:`column_key` reads
    them).

    ``data`` may be a DataFrame, an iterable of mappings or of frozen dataclass rows (what an xlscore function
    returns), or an iterable of sequences whose first row is a header
    (as a range arrives from a sheet). Blank rows (every cell None or empty text) are skipped. Missing optional
    columns come back as None.
    """
    wanted = [*required, *optional]
    items = _range_rows(data)
    if items is not None:
        rows, typed = _range_records(items, required, wanted, name)
    else:
        rows, typed = _mapped_records(_records(data, name), required, wanted, name)
    numbers = [r["_row"] for r in rows]
    for column in wanted:
        values = [r[column] for r in rows]
        cleaned = check_cells(values, typed.get(column_key(column), column), numbers, name)
        if cleaned is not values:
            for row, value in zip(rows, cleaned, strict=True):
                row[column] = value
    return rows


def _mapped_records(
    records: Iterable[Mapping[Any, Any]], required: Sequence[str], wanted: Sequence[str], name: str
) -> tuple[list[Row], dict[str, str]]:
    """The rows of :func:`read_rows` from records (mappings) of a table, and each column's name as the user typed it
    (for messages, see :func:`where`), by its key."""
    rows: list[Row] = []
    typed: dict[str, str] = {}
    for index, record in enumerate(records, start=2):
        lowered: dict[str, Any] = {}
        for key, value in record.items():
            column = str(key).strip()
            lowered[column_key(column)] = value
            typed.setdefault(column_key(column), column)
        if all(map(is_blank, lowered.values())):
            continue
        _check_columns(lowered, required, wanted, record, name)
        row = {c: lowered.get(column_key(c)) for c in wanted}
        row["_row"] = index
        row["_names"] = typed
        rows.append(row)
    return rows, typed


def _range_records(
    items: Sequence[Sequence[Any]], required: Sequence[str], wanted: Sequence[str], name: str
) -> tuple[list[Row], dict[str, str]]:
    """What :func:`_mapped_records` makes of a range's rows (a header row, then rows of its length), each heading
    read once rather than once a row: the cell each column is read from is the one ``dict(zip(header, row))``
    and then the keys (:func:`column_key`) keep, a header naming a column twice included."""
    record = {heading: index for index, heading in enumerate(_header(items[0]))}  # as dict(zip(header, row))
    place: dict[str, int] = {}
    typed: dict[str, str] = {}
    for heading, index in record.items():
        place[column_key(heading)] = index
        typed.setdefault(column_key(heading), heading)
    cells = list(place.values())
    taken = [(c, place.get(column_key(c))) for c in wanted]
    rows: list[Row] = []
    for index, item in enumerate(items[1:], start=2):
        if all(is_blank(item[i]) for i in cells):
            continue
        if not rows:
            _check_columns(place, required, wanted, record, name)
        row: Row = {c: None if i is None else item[i] for c, i in taken}
        row["_row"] = index
        row["_names"] = typed
        rows.append(row)
    return rows, typed


_PLAIN_CELLS = frozenset({str, float, int, bool, type(None)})
_LARGEST_WHOLE = int(sys.float_info.max)  # a whole number past it has no float: no sheet can send one
_MISSING = frozenset({"NAType", "NaTType"})
_CELL = "a cell's value (text, a number, a date, TRUE or FALSE, or blank)"


def _not_a_cell(value: object) -> str:
    """What is wrong with a value no cell can hold (a list, a set, an array, a generator, a whole number too large
    for a float), or "" for a cell's value."""
    if type(value) is int and abs(value) > _LARGEST_WHOLE:
        return "a number (a whole number this large has no float, and no sheet can hold it)"
    if value is None or isinstance(value, (str, bool, Number, datetime.date, datetime.time, datetime.timedelta)):
        return ""
    if type(value).__name__ in _MISSING or getattr(value, "ndim", None) == 0:  # pandas, numpy scalars
        return ""
    return _CELL


def check_cells(values: Sequence[Any], heading: str, rows: Sequence[int], name: str) -> Sequence[Any]:
    """The column, its pandas missing values (``pd.NA``, ``pd.NaT``) as blank (None); a value no cell can hold is
    refused, naming its row: a list, a mapping, a set, an array, a generator or a whole number too large for a float
    would otherwise fail deep in a rule (hashing a name, converting a place) as a TypeError or OverflowError. A
    column of plain values (numbers, text, blanks, logical values) is let through after one look at its types."""
    kinds = set(map(type, values))
    if kinds <= _PLAIN_CELLS and (int not in kinds or max(abs(v) for v in values if type(v) is int) <= _LARGEST_WHOLE):
        return values
    for value, row in zip(values, rows, strict=False):
        expected = _not_a_cell(value)
        if expected:
            raise TableError(f"{heading} in row {row} of {name} is {shown(value)}; expected {expected}")
    if any(kind.__name__ in _MISSING for kind in kinds):
        return [None if type(v).__name__ in _MISSING else v for v in values]
    return values


def _check_columns(
    found: Iterable[str], required: Sequence[str], wanted: Sequence[str], record: Iterable[Any], name: str
) -> None:
    """``found`` are the column names as :func:`column_key` reads them; ``record`` the header as the user typed it,
    for the message."""
    present = set(found)
    missing = [c for c in required if column_key(c) not in present]
    if missing:
        raise MissingColumnError(
            f"{name} has no column {', '.join(repr(c) for c in missing)}; "
            f"expected columns {', '.join(wanted)} (its header has {', '.join(map(str, record))})"
        )


def read_columns(
    data: object,
    required: Sequence[str],
    optional: Sequence[str] = (),
    *,
    name: str = "results",
) -> tuple[Sequence[int], dict[str, Sequence[Any]]]:
    """The table as :func:`read_rows` reads it, by column: the sheet row number of each row kept, and each column
    asked for, in the same order (a missing optional column is all None).

    The same rules and messages as :func:`read_rows`. A range of rows under a header row (lists or tuples, all of the
    header's length, as a sheet sends them) is transposed once rather than read into a dict per row, so a table of
    tens of thousands of rows costs milliseconds; any other kind of table is read by :func:`read_rows`.
    """
    wanted = [*required, *optional]
    items = _range_rows(data)
    if items is None:
        rows = read_rows(data, required, optional, name=name)
        return [r["_row"] for r in rows], {c: [r[c] for r in rows] for c in wanted}
    typed = _header(items[0])
    header = [column_key(h) for h in typed]
    place: dict[str, int] = {}
    for index, heading in enumerate(header):
        place[heading] = index  # a name given twice is its last column, as dict(zip(header, row)) makes it
    body = items[1:]
    if not body:
        return [], {c: () for c in wanted}
    columns: dict[int, list[Any]] = {}

    def column(index: int) -> list[Any]:
        if index not in columns:
            columns[index] = [row[index] for row in body]
        return columns[index]

    # The columns asked for are checked for blank rows first: one without a blank cell settles it, and they are
    # needed anyway.
    keys = {c: column_key(c) for c in wanted}
    checked = sorted(place.values(), key=lambda i: header[i] not in keys.values())
    kept = _not_blank(len(body), map(column, checked))
    if len(kept) and not {keys[c] for c in required} <= place.keys():
        _check_columns(place, required, wanted, typed, name)
    if len(kept) == len(body):
        numbers: Sequence[int] = range(2, len(body) + 2)
        found: dict[str, Sequence[Any]] = {
            c: column(place[keys[c]]) if keys[c] in place else (None,) * len(body) for c in wanted
        }
    else:
        pick = _picker(kept)
        numbers = [i + 2 for i in kept]
        found = {c: pick(column(place[keys[c]])) if keys[c] in place else (None,) * len(kept) for c in wanted}
    for c in wanted:
        if keys[c] in place:
            found[c] = check_cells(found[c], typed[place[keys[c]]], numbers, name)
    return numbers, found


def typed_names(data: object) -> dict[str, str]:
    """A table's column names as the user typed them (spaces trimmed), by the keys the readers match them by:
    a DataFrame's columns, the first mapping's keys or the header row (empty for a table read only once)."""
    names: list[str] = []
    if is_frame(data):
        names = [str(c).strip() for c in getattr(data, "columns", ())]
    elif isinstance(data, Sequence) and not isinstance(data, (str, bytes)) and data:
        first = data[0]
        if isinstance(first, Mapping):
            names = [str(k).strip() for k in first]
        elif isinstance(first, Sequence) and not isinstance(first, (str, bytes)):
            names = _header(first)
    return {column_key(n): n for n in names}


def with_typed_names(message: str, names: Mapping[str, str]) -> str:
    """A message about a cell (``place in row 3 is ...``) with its column named as the user typed it (``Place``), for
    readers that check whole columns at once and name them in lower case (the Gibbs history reader)."""
    column, space, rest = message.partition(" ")
    return names.get(column_key(column), column) + space + rest if rest.startswith("in row ") else message


def is_frame(data: object) -> bool:
    """Whether a table is a pandas DataFrame (or one like it): named columns that can be read one at a time."""
    return all(hasattr(data, attribute) for attribute in ("columns", "iloc", "to_dict"))


def read_frame_columns(
    frame: Any,
    required: Sequence[str],
    optional: Sequence[str] = (),
    *,
    name: str = "results",
) -> tuple[Sequence[int], dict[str, Any]]:
    """A DataFrame read as :func:`read_columns` reads a range, without a Python object per row: the sheet row number
    of each row kept, and each column asked for as the frame's own column (a pandas Series numbered from 0, to hash
    or convert whole), or None for a missing optional column.

    The same rules and messages as :func:`read_rows`: column names in any case (a name given twice is refused), a
    row blank in every column skipped (a missing value, as pandas reads it, or text of nothing but
    spaces), a missing required column named.
    """
    wanted = [*required, *optional]
    keys = {c: column_key(c) for c in wanted}
    labels = list(frame.columns)
    place = {heading: index for index, heading in enumerate(_frame_headings(frame, name))}
    numeric = {i for i, kind in enumerate(frame.dtypes) if getattr(kind, "kind", "O") in "biuf"}
    # The columns asked for first, numbers before text: one without a blank cell settles it, at little cost.
    asked = set(keys.values())
    checked = sorted(range(len(labels)), key=lambda i: (column_key(labels[i]) not in asked, i not in numeric))
    kept = _frame_not_blank(frame, checked)
    if not len(kept):
        empty = frame.index.to_series().iloc[:0]  # an empty column of the frame's own kind, for a missing one
        return [], {
            c: frame.iloc[:0, place[keys[c]]] if keys[c] in place else empty if c in required else None for c in wanted
        }
    if not {keys[c] for c in required} <= place.keys():
        _check_columns(place, required, wanted, labels, name)
    if len(kept) == len(frame):
        columns = {
            c: frame.iloc[:, place[keys[c]]].reset_index(drop=True) if keys[c] in place else None for c in wanted
        }
        numbers: Sequence[int] = range(2, len(kept) + 2)
    else:
        rows = list(kept)
        columns = {
            c: frame.iloc[rows, place[keys[c]]].reset_index(drop=True) if keys[c] in place else None for c in wanted
        }
        numbers = [i + 2 for i in rows]
    for c, column in columns.items():
        # Numbers and pandas' text (its str dtype, whose kind is "O" too: only text or missing) are cells.
        if column is not None and getattr(column.dtype, "kind", "O") == "O" and not _pandas_text(column.dtype):
            check_cells(column.to_numpy(dtype=object), str(labels[place[keys[c]]]), numbers, name)
    return numbers, columns


def _pandas_text(dtype: object) -> bool:
    """Whether a column's dtype is pandas' text (``str``, ``string``), which holds only text or a missing value."""
    return type(dtype).__name__ == "StringDtype"


def _frame_headings(frame: Any, name: str) -> list[str]:
    """A DataFrame's column names as a table reads them (:func:`column_key`); a name given twice is refused, since
    pandas would keep one of the two columns and drop the other."""
    check_cells(list(frame.columns), "a column name", [1] * len(frame.columns), name)
    headings = [column_key(c) for c in frame.columns]
    twice = next((h for i, h in enumerate(headings) if h in headings[:i]), None)
    if twice is not None:
        raise TableError(f"{name} has the column {twice!r} twice; expected each column once")
    return headings


def _frame_not_blank(frame: Any, columns: Iterable[int]) -> Sequence[int]:
    """The rows (counted from 0) of a DataFrame with a cell that is not blank in one of ``columns``."""
    import numpy as np

    length = len(frame)
    blank = np.arange(length)
    for index in columns:
        column = frame.iloc[:, index] if blank.size == length else frame.iloc[blank, index]
        empty = column.isna().to_numpy(dtype=bool)
        if getattr(column.dtype, "kind", "O") not in "biufmM":  # text may be blank too: "" or spaces
            empty = empty | np.fromiter(map(is_blank, column.to_numpy(dtype=object)), dtype=bool, count=len(column))
        blank = blank[empty]
        if not blank.size:
            return range(length)
    if not blank.size or blank[0] == length - blank.size:
        return range(length - blank.size)  # only the rows below the data
    kept = np.ones(length, dtype=bool)
    kept[blank] = False
    return list(np.flatnonzero(kept).tolist())


def _range_rows(data: object) -> Sequence[Sequence[Any]] | None:
    """A range with a header row, every row a list or tuple of the header's length; None for any other table."""
    if not isinstance(data, (list, tuple)) or not data or not set(map(type, data)) <= {list, tuple}:
        return None
    return data if len(set(map(len, data))) == 1 else None


def _header(cells: Sequence[Any]) -> list[str]:
    """A header row's names as typed, spaces trimmed (matched to the columns asked for without regard to case)."""
    return [str(h).strip() if h is not None else "" for h in cells]


def _not_blank(length: int, columns: Iterable[Sequence[Any]]) -> Sequence[int]:
    """The rows (counted from 0) with a cell that is not blank (None or empty text) in one of ``columns``."""
    blank: Sequence[int] = range(length)
    for column in columns:
        kinds = set(map(type, column))
        if type(None) not in kinds and not any(issubclass(kind, str) for kind in kinds):
            return range(length)  # a column without a blank cell: no row is blank
        blank = [i for i in blank if is_blank(column[i])]
        if not blank:
            return range(length)
    if blank[0] == length - len(blank):
        return range(length - len(blank))  # only the rows below the data: a range selected larger than it
    skipped = set(blank)
    return [i for i in range(length) if i not in skipped]


def _picker(kept: Sequence[int]) -> Callable[[Sequence[Any]], Sequence[Any]]:
    """A function taking the kept rows out of a column."""
    if isinstance(kept, range):
        return operator.itemgetter(slice(kept.start, kept.stop))
    if len(kept) == 1:
        return lambda column: (column[kept[0]],)
    return operator.itemgetter(*kept) if kept else lambda column: ()


def _records(data: object, name: str) -> Iterable[Mapping[Any, Any]]:
    to_dict = getattr(data, "to_dict", None)
    if callable(to_dict):
        _frame_headings(data, name)
        frame: Any = data
        for index, kind in enumerate(frame.dtypes):
            if getattr(kind, "kind", "O") == "O":  # before pandas hashes it: a list in a cell is one line
                values = frame.iloc[:, index].to_numpy(dtype=object)
                check_cells(values, str(frame.columns[index]), range(2, len(values) + 2), name)
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
        header = _header(items[0])
        return [dict(zip(header, row, strict=False)) for row in items[1:]]
    raise TableError(f"{name} mixes row kinds; expected all mappings or all sequences with a header row first")


def _clean(value: object) -> object:
    """pandas gives NaN for a missing value; treat it as blank."""
    if (isinstance(value, float) and value != value) or type(value).__name__ in _MISSING:
        return None
    return value


# Cells of a table row, checked, with the row (and the table, when named) in the message.


def where(row: Row, column: str, table: str) -> str:
    """A cell of a row as a message names it: its column as the user typed it (``Score``), its row, its table."""
    shown = row.get("_names", {}).get(column_key(column), column)
    return f"{shown} in row {row['_row']}" + (f" of {table}" if table else "")


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


def flag(row: Row, column: str, table: str = "") -> bool:
    """A yes/no cell of a table row (:func:`~xlscore.core.cells.yes_no`), the row named in the message."""
    try:
        return yes_no(where(row, column, table), row[column])
    except InputError as exc:
        raise TableError(str(exc)) from exc
