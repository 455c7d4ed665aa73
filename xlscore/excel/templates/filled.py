"""What every template's reader shares: a filled template's input table and a number typed on its settings sheet.

Each template's own reader (``<template>_reader.py`` beside its module: the cells it reads, and the standings the
core computes from them) builds on these two. Reading a filled workbook needs xlscore's own reader and one
system's core, nothing more: the readers load neither openpyxl (about 0.1 to 0.3 s) nor the template modules,
which build workbooks with it, nor the systems a workbook does not use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlscore.core.cells import is_blank
from xlscore.core.errors import TableError
from xlscore.core.validate import shown
from xlscore.engine.files.results import Result, results
from xlscore.engine.rewrite.refs import cell_name

if TYPE_CHECKING:
    from xlscore.engine.files.book import Book

__all__ = ["grid", "setting", "table"]


def setting(book: Book, sheet: str, cell: tuple[int, int], name: str, default: float) -> float:
    """A number typed on a template's settings sheet (blank: ``default``), or an error naming the setting."""
    value = book.sheet(sheet).values.get(cell)
    if is_blank(value):
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TableError(f"{sheet}!{cell_name(*cell)} ({name}) is {shown(value)}; expected a number")
    return float(value)


def table(book: Book, sheet: str) -> list[list[object]]:
    """The input table of ``sheet`` as the core reads one: its header, then its rows."""
    return grid(results(book, [sheet], recalculate=False)[sheet.upper()])


def grid(found: Result) -> list[list[object]]:
    """A table read from a workbook as the core reads one: its header, then its rows."""
    return [list(found.header), *[list(row) for row in found.rows]]
