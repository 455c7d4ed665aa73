"""Table results: what every xlscore function that returns a table returns, a tuple of rows that is also a DataFrame.

A standings, a schedule or a final is a tuple of frozen dataclasses (or named tuples), one per row, as before: index
it, loop over it, compare it with a tuple. :class:`Table` adds :meth:`Table.to_frame`, the same rows as a pandas
DataFrame with the columns a sheet shows, headed as the sheet heads them (``Points per game`` for the field
``points_per_game``: :mod:`xlscore.core.events.headings`; a field holding a collection, such as a player's per-game
detail, is
left out, as a cell holds one value), and :attr:`Table.columns`, known even when there are no rows. pandas is imported
only when a DataFrame is asked for. :func:`table` marks a function as returning one.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from xlscore.core.events.headings import heading

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Table", "row_fields", "row_header", "table"]

R = TypeVar("R")
P = ParamSpec("P")


def _collection(annotation: Any) -> bool:
    shown = annotation if isinstance(annotation, str) else repr(annotation)
    return shown.startswith(("tuple[", "list[", "dict[", "set[", "frozenset[", "typing.Tuple", "Mapping["))


def row_header(row_type: type | None) -> list[str]:
    """The headings of the columns a table of ``row_type`` rows shows (``Points per game``)."""
    return [heading(name) for name in row_fields(row_type)]


def row_fields(row_type: type | None) -> list[str]:
    """The fields a table of ``row_type`` rows shows as columns: all but those that hold a collection."""
    if row_type is None:
        return []
    if dataclasses.is_dataclass(row_type):
        return [f.name for f in dataclasses.fields(row_type) if not _collection(f.type)]
    annotations: dict[str, Any] = getattr(row_type, "__annotations__", {})
    return [n for n in getattr(row_type, "_fields", ()) if not _collection(annotations.get(n, ""))]


class Table(tuple[R, ...]):
    """A tuple of rows that also gives itself as a pandas DataFrame (:meth:`to_frame`).

    ``row`` is the rows' type (a frozen dataclass or a named tuple); rows that are plain tuples (a schedule's games)
    have none, and their columns are ``prefix`` numbered from 1 (``Seat 1``, ``Seat 2``, ...).
    """

    row: type | None
    prefix: str

    def __new__(cls, rows: Iterable[R] = (), row: type | None = None, prefix: str = "column") -> Table[R]:
        made = super().__new__(cls, rows)
        made.row = row
        made.prefix = prefix
        return made

    def __getnewargs__(self) -> tuple[Any, ...]:  # copy and pickle: the rows, the row type and the prefix
        return (tuple(self), self.row, self.prefix)

    @property
    def columns(self) -> list[str]:
        """The column headings, as a sheet's header row shows them (``Points per game``)."""
        if self.row is not None:
            return row_header(self.row)
        width = max((len(r) for r in self if isinstance(r, tuple)), default=0)
        return [heading(f"{self.prefix} {i}") for i in range(1, width + 1)]

    def to_frame(self) -> pd.DataFrame:
        """The rows as a pandas DataFrame, one column per field a sheet shows, headed as the sheet heads it."""
        import pandas as pd

        columns = self.columns
        if self.row is None:
            return pd.DataFrame([list(r) for r in self], columns=columns)  # type: ignore[call-overload]
        fields = row_fields(self.row)
        return pd.DataFrame([[getattr(r, f) for f in fields] for r in self], columns=columns)


def table(
    row: type | None = None, prefix: str = "column"
) -> Callable[[Callable[P, Iterable[R]]], Callable[P, Table[R]]]:
    """Make a function that returns rows return them as a :class:`Table` of ``row`` rows (a Table it returns of
    its own, with more columns asked for, keeps its row type)."""

    def mark(function: Callable[P, Iterable[R]]) -> Callable[P, Table[R]]:
        @functools.wraps(function)
        def returning_table(*args: P.args, **kwargs: P.kwargs) -> Table[R]:
            found = function(*args, **kwargs)
            return found if isinstance(found, Table) and found.row is not None else Table(found, row, prefix)

        return returning_table

    return mark
