"""What a workbook read for recalculation holds, whichever file it came from: its sheets (values by column, formulas,
column widths), defined names, tables and calculation settings.

:mod:`~xlscore.engine.files.book` reads an .xlsx into a :class:`Book`, :mod:`~xlscore.engine.files.ods` a LibreOffice
.ods; both build these, so neither reader imports the other's module for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from xlscore.engine.errors import BookError, shown
from xlscore.engine.files.cellstore import CellValues, Columns
from xlscore.engine.functions.information.column_widths import ColumnWidths
from xlscore.engine.rewrite.refs import Area
from xlscore.engine.rewrite.structured import Table

__all__ = ["Book", "Formula", "Iteration", "Position", "Sheet"]

Position = tuple[int, int]


@dataclass
class Formula:
    """A formula cell. ``text`` is written for the cell ``anchor`` (itself, or a shared formula's first cell)."""

    sheet: str
    row: int
    col: int
    text: str
    anchor: Position
    array: Area | None = None  # the area of an array formula (t="array")
    dynamic: bool = False  # a dynamic array (Excel 365), which spills to the size of its result
    shared: bool = False  # one of a shared formula's cells (a formula filled down or across)


@dataclass
class Sheet:
    name: str
    part: str
    by_column: Columns = field(default_factory=dict)  # the values, column by column (:mod:`.cellstore`)
    formulas: list[Formula] = field(default_factory=list)
    columns: ColumnWidths = field(default_factory=ColumnWidths)  # for CELL("width")

    @property
    def values(self) -> CellValues:
        """The values by (row, column)."""
        return CellValues(self.by_column)

    @property
    def max_row(self) -> int:
        return self.values.max_row()


@dataclass(frozen=True)
class Iteration:
    """``<calcPr iterate="1" iterateCount=".." iterateDelta=".."/>``: circular references are computed by repeating
    their formulas up to ``count`` times, until no value changes by ``delta`` or more (Excel's defaults 100 and
    0.001)."""

    count: int = 100
    delta: float = 0.001


@dataclass
class Book:
    path: Path
    sheets: list[Sheet]
    names: dict[str, str]  # defined names, upper-cased; a sheet-local one as "SHEET!NAME"
    tables: list[Table]
    date1904: bool = False  # the workbook counts dates from 1904 (Excel for Mac's old default)
    iteration: Iteration | None = None  # Excel's iterative calculation, when the workbook turns it on

    def sheet(self, name: str) -> Sheet:
        wanted = name.upper()
        for sheet in self.sheets:
            if sheet.name.upper() == wanted:
                return sheet
        raise BookError(f"{self.path.name} has no sheet {shown(name)}")
