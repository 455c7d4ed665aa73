"""A cell's value as the text a person reads on the published page: as the workbook's number format shows it.

One rule beside the format: a whole number is shown whole (a total of 3763 is ``3763``, never ``3763.00``), as the
templates' own number formats show it (:func:`xlscore.excel.templates.base.number_format`).
"""

from __future__ import annotations

import math

from xlscore.excel.functions.cells import CellError
from xlscore.excel.workbook.book import Book

__all__ = ["Formats", "formats_of", "shown_value"]

Formats = dict[tuple[str, int, int], str]
"""Number format codes by (upper-cased sheet, row, column)."""


def formats_of(book: Book, sheets: list[str]) -> Formats:
    """The number formats of the cells of ``sheets`` of ``book`` (none for a cell shown as General)."""
    from xlscore.excel.workbook.numberformats import cell_formats

    return {
        (sheet, row, column): code
        for sheet, cells in cell_formats(book.path, sheets).items()
        for (row, column), code in cells.items()
    }


def shown_value(value: object, code: str | None) -> str:
    """``value`` as the page shows it: a number in ``code`` (General when None), a whole number whole, a truth
    value TRUE or FALSE, an error by its code, text as it is."""
    from xlscore.excel.workbook.numberformat import format_value
    from xlscore.excel.workbook.numberformats import format_kind

    if isinstance(value, CellError):
        return value.code
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int | float):
        if not math.isfinite(value):
            return str(value)
        dated = code is not None and format_kind(code) is not None
        if float(value).is_integer() and not dated and "%" not in (code or ""):
            return f"{int(value)}"
        text = format_value(float(value), code or "General")
        return text if text is not None else f"{value:.15g}"
    return "" if value is None else str(value)
