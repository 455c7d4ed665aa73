"""A sheet's values held by column: one dictionary of row to value for each column that has a value.

A 100,000-row results table has 600,000 cells. Held by position (``{(row, col): value}``) each cell costs a tuple and
a slot of one large dictionary, about 150 bytes; held by column, a slot of a small dictionary and a row number that
the cells of one row share, about 40. The engine reads a range a column at a time (``map(column.get, rows)``), so
this is also the shape it computes from, and it is read once, not copied into that shape.

:class:`CellValues` is the same cells seen by position, for the code that reads or writes one cell at a time.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping

__all__ = ["CellValues", "Columns", "by_column"]

Position = tuple[int, int]
Columns = dict[int, dict[int, object]]
"""Column number to (row number to value)."""


def by_column(values: Mapping[Position, object]) -> Columns:
    """Values held by position, held by column."""
    columns: Columns = {}
    for (row, col), value in values.items():
        columns.setdefault(col, {})[row] = value
    return columns


class CellValues(MutableMapping[Position, object]):
    """The cells of ``columns`` by (row, column); a write goes into the column's dictionary."""

    __slots__ = ("columns",)

    def __init__(self, columns: Columns) -> None:
        self.columns = columns

    def __getitem__(self, position: Position) -> object:
        return self.columns[position[1]][position[0]]

    def get(self, position: Position, default: object = None) -> object:
        column = self.columns.get(position[1])
        return default if column is None else column.get(position[0], default)

    def __contains__(self, position: object) -> bool:
        if not isinstance(position, tuple) or len(position) != 2:
            return False
        column = self.columns.get(position[1])
        return column is not None and position[0] in column

    def __setitem__(self, position: Position, value: object) -> None:
        self.columns.setdefault(position[1], {})[position[0]] = value

    def __delitem__(self, position: Position) -> None:
        del self.columns[position[1]][position[0]]

    def __iter__(self) -> Iterator[Position]:
        for col, column in self.columns.items():
            for row in column:
                yield row, col

    def __len__(self) -> int:
        return sum(map(len, self.columns.values()))

    def within(self, top: int, left: int, bottom: int, right: int) -> Iterator[tuple[Position, object]]:
        """The cells held in rows ``top`` to ``bottom`` of columns ``left`` to ``right``, found column by column
        (the columns outside are not looked at)."""
        for col, column in self.columns.items():
            if left <= col <= right:
                for row, value in column.items():
                    if top <= row <= bottom:
                        yield (row, col), value

    def by_position(self) -> dict[Position, object]:
        """A dictionary of the cells by (row, column), made without a call per cell."""
        return {(row, col): value for col, column in self.columns.items() for row, value in column.items()}

    def max_row(self) -> int:
        """The last row with a value (0 for none)."""
        return max((max(column) for column in self.columns.values() if column), default=0)
