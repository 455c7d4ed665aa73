"""Reading table-shaped input (a pandas DataFrame, a list of mappings, or a list of row sequences).

Core rules that work on a history or a results table accept any of these without importing pandas: a DataFrame is
recognised by its ``to_dict`` method. Column names are matched case-insensitively, so a range copied from a sheet
with a header row ``Player | Place`` works as well as a DataFrame with ``player`` and ``place``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from xlscore.core.errors import TableError

__all__ = ["Row", "read_rows"]

Row = dict[str, Any]


def read_rows(
    data: object,
    required: Sequence[str],
    optional: Sequence[str] = (),
    *,
    name: str = "results",
) -> list[Row]:
    """Return the table as a list of dicts keyed by the lower-case column names asked for.

    ``data`` may be a DataFrame, an iterable of mappings, or an iterable of sequences whose first row is a header
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
