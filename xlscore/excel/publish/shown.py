"""A cell's value as the text a person reads on the published page: as the workbook's number format shows it.

One rule beside the format: a whole number is shown whole (a total of 3763 is ``3763``, never ``3763.00``), as the
templates' own number formats show it (:func:`xlscore.excel.templates.base.number_format`).
"""

from __future__ import annotations

import functools
import math

from xlscore.engine.files.book import Book
from xlscore.engine.files.date_cells import format_kind
from xlscore.engine.functions.text.number_format import format_value
from xlscore.excel.functions.cells import CellError

__all__ = ["Formats", "formats_of", "shown_value"]

Formats = dict[tuple[str, int, int], str]
"""Number format codes by (upper-cased sheet, row, column)."""


def formats_of(book: Book, sheets: list[str]) -> Formats:
    """The number formats of the cells of ``sheets`` of ``book`` (none for a cell shown as General)."""
    from xlscore.engine.files.date_cells import cell_formats

    return {
        (sheet, row, column): code
        for sheet, cells in cell_formats(book.path, sheets).items()
        for (row, column), code in cells.items()
    }


def shown_value(value: object, code: str | None) -> str:
    """``value`` as the page shows it: a number in ``code`` (General when None), a whole number whole, a truth
    value TRUE or FALSE, an error by its code, text as it is."""
    if isinstance(value, CellError):
        return value.code
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int | float):
        return _number(float(value), code or "General")
    return "" if value is None else str(value)


@functools.lru_cache(maxsize=65536)
def _number(value: float, code: str) -> str:
    """A number in ``code``; the same few numbers and codes recur down a table, so each is formatted once."""
    if not math.isfinite(value):
        return str(value)
    if value.is_integer() and format_kind(code) is None and "%" not in code:
        return f"{int(value)}"
    text = format_value(value, code)
    return text if text is not None else f"{value:.15g}"
