"""What every template's reader shares: a filled template's input table and the values typed on its Settings sheet.

Each template's own reader (``<template>_reader.py`` beside its module: the cells it reads, and the standings the
core computes from them) builds on these. A reader names its template's settings in ``SETTINGS``, a row each from
Settings!B1 down as the build writes them, and reads each by its label in column A (:func:`labelled`), so no
reader writes a cell's address and a workbook made before a setting existed reads it as blank.

Reading a filled workbook needs xlscore's own reader and one system's core, nothing more: the readers load neither
openpyxl (about 0.1 to 0.3 s) nor the template modules, which build workbooks with it, nor the systems a workbook
does not use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from xlscore.core.cells import cell_text, is_blank
from xlscore.core.errors import TableError
from xlscore.core.validate import shown
from xlscore.engine.rewrite.refs import cell_name
from xlscore.excel.results import Result, results

if TYPE_CHECKING:
    from xlscore.engine.files.book import Book

__all__ = ["SETTINGS_SHEET", "grid", "labelled", "labelled_address", "setting", "setting_address", "table"]

SETTINGS_SHEET = "Settings"


def setting_address(settings: Sequence[str], name: str) -> str:
    """Where a template's build puts the setting ``name``, its settings being ``settings``, a row each from B1 down:
    the address its formulas name (Settings!B6). A reader finds a setting by its label instead (:func:`labelled`)."""
    return f"{SETTINGS_SHEET}!{cell_name(settings.index(name) + 1, 2)}"


def _labelled_row(book: Book, label: str, sheet: str) -> int | None:
    values = book.sheet(sheet).values
    wanted = label.casefold()
    rows = sorted({row for (row, column) in values.by_position() if column == 1})
    return next((row for row in rows if (cell_text(values.get((row, 1))) or "").casefold() == wanted), None)


def labelled(book: Book, label: str, sheet: str = SETTINGS_SHEET, below: int = 0) -> object:
    """The value beside ``label`` (column B of the row whose column A reads it, in any case) on ``sheet``, or
    ``below`` rows under it; None when no row has the label, so a workbook made before a setting existed reads it
    as blank."""
    row = _labelled_row(book, label, sheet)
    return None if row is None else book.sheet(sheet).values.get((row + below, 2))


def labelled_address(book: Book, label: str, sheet: str = SETTINGS_SHEET) -> str:
    """The address of the value beside ``label`` (Settings!B6), as a message names it."""
    row = _labelled_row(book, label, sheet)
    return f"{sheet}!{cell_name(row, 2) if row is not None else label}"


def setting(book: Book, label: str, default: float) -> float:
    """The number typed for the setting ``label`` (blank or missing: ``default``), or an error naming its cell."""
    value = labelled(book, label)
    if is_blank(value):
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TableError(f"{labelled_address(book, label)} ({label}) is {shown(value)}; expected a number")
    return float(value)


def table(book: Book, sheet: str) -> list[list[object]]:
    """The input table of ``sheet`` as the core reads one: its header, then its rows."""
    return grid(results(book, [sheet], recalculate=False)[sheet.upper()])


def grid(found: Result) -> list[list[object]]:
    """A table read from a workbook as the core reads one: its header, then its rows."""
    return [list(found.header), *[list(row) for row in found.rows]]
