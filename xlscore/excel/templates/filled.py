"""What every template's reader shares: a filled template's input table and the values typed on its Settings sheet.

Each template's own reader (``<template>_reader.py`` beside its module: the cells it reads, and the standings the
core computes from them) builds on these. A reader names its template's settings in ``SETTINGS``, a row each from
Settings!B1 down (their labels in column A), and reads each by its name, so no reader writes a cell's address.

Reading a filled workbook needs xlscore's own reader and one system's core, nothing more: the readers load neither
openpyxl (about 0.1 to 0.3 s) nor the template modules, which build workbooks with it, nor the systems a workbook
does not use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from xlscore.core.cells import is_blank
from xlscore.core.errors import TableError
from xlscore.core.validate import shown
from xlscore.engine.rewrite.refs import cell_name
from xlscore.excel.results import Result, results

if TYPE_CHECKING:
    from xlscore.engine.files.book import Book

__all__ = ["SETTINGS_SHEET", "grid", "setting", "setting_address", "setting_cell", "setting_value", "table"]

SETTINGS_SHEET = "Settings"


def setting_cell(settings: Sequence[str], name: str, below: int = 0) -> tuple[int, int]:
    """The cell (row, column) of the setting ``name`` on a Settings sheet whose rows, from B1 down, are
    ``settings``; ``below``: that many rows under it (a setting given as a list down the column)."""
    return settings.index(name) + 1 + below, 2


def setting_address(settings: Sequence[str], name: str) -> str:
    """The address of the setting ``name``, as a message or a formula names it: Settings!B6."""
    return f"{SETTINGS_SHEET}!{cell_name(*setting_cell(settings, name))}"


def setting_value(book: Book, settings: Sequence[str], name: str, below: int = 0) -> object:
    """The value typed for the setting ``name`` (see :func:`setting_cell`), as it is: None when blank."""
    return book.sheet(SETTINGS_SHEET).values.get(setting_cell(settings, name, below))


def setting(book: Book, settings: Sequence[str], name: str, default: float) -> float:
    """The number typed for the setting ``name`` (blank: ``default``), or an error naming its cell and the setting."""
    value = setting_value(book, settings, name)
    if is_blank(value):
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TableError(f"{setting_address(settings, name)} ({name}) is {shown(value)}; expected a number")
    return float(value)


def table(book: Book, sheet: str) -> list[list[object]]:
    """The input table of ``sheet`` as the core reads one: its header, then its rows."""
    return grid(results(book, [sheet], recalculate=False)[sheet.upper()])


def grid(found: Result) -> list[list[object]]:
    """A table read from a workbook as the core reads one: its header, then its rows."""
    return [list(found.header), *[list(row) for row in found.rows]]
