"""How wide a sheet's columns are, as ``CELL("width", ...)`` reports it: in characters of the default font.

The file keeps each column's width with its padding (``<col min="2" max="4" width="12"/>``: 12 characters and
the 5 pixels of padding, about 0.71 of a character in Excel's default font, so 11.29 characters shown); a
column it does not list has the sheet's default (``<sheetFormatPr defaultColWidth="9.140625"/>``, padding
included, or ``baseColWidth="10"``, without it; Excel's own default is 8). CELL rounds it to a whole number, as
Microsoft's page says. Apache POI's 47804.xlsx shows 11 for a column of width 12 and 10 for the base width 10.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["ColumnWidths", "column_widths"]

_PADDING = 5 / 7  # 5 pixels of padding, in characters 7 pixels wide (Calibri 11, Excel's default font)
_COL = re.compile(rb"<(?:\w+:)?col\b([^>]*)>")
_FORMAT = re.compile(rb"<(?:\w+:)?sheetFormatPr\b([^>]*)>")


def _attribute(attributes: bytes, name: bytes) -> float | None:
    found = re.search(rb"\s" + name + rb'\s*=\s*"([^"]*)"', attributes)
    if found is None:
        return None
    try:
        return float(found.group(1))
    except ValueError:
        return None


@dataclass
class ColumnWidths:
    """Each listed column's width in characters shown, by column number, and the width of the others."""

    widths: dict[int, float] = field(default_factory=dict)
    default: float = 8.0

    def width(self, column: int) -> tuple[int, bool]:
        """CELL("width")'s two values: the column's width rounded to a whole number, and whether it is the
        default."""
        if column in self.widths:
            return round(self.widths[column]), False
        return round(self.default), True


def column_widths(xml: bytes) -> ColumnWidths:
    """The column widths of a worksheet part (only what comes before its cells is read)."""
    end = xml.find(b"sheetData")
    head = xml if end == -1 else xml[:end]
    found = ColumnWidths()
    sheet_format = _FORMAT.search(head)
    if sheet_format is not None:
        default = _attribute(sheet_format.group(1), b"defaultColWidth")
        base = _attribute(sheet_format.group(1), b"baseColWidth")
        if default is not None:
            found.default = max(default - _PADDING, 0.0)
        elif base is not None:
            found.default = base
    for col in _COL.finditer(head):
        low, high, width = (_attribute(col.group(1), name) for name in (b"min", b"max", b"width"))
        if low is None or width is None:
            continue
        shown = max(width - _PADDING, 0.0)
        for column in range(int(low), int(high if high is not None else low) + 1):
            if column > 16_384:
                break
            found.widths[column] = shown
    return found
