"""The one exception family of xlscore.

Every rule raises an :class:`XlscoreError` subclass whose message names the argument, says what was expected and
what came, so that the spreadsheet edge can show it in a cell and the command line can print it on one line.
"""

from __future__ import annotations


class XlscoreError(Exception):
    """Base class of every error xlscore raises on purpose."""


class InputError(XlscoreError, ValueError):
    """An argument is missing, of the wrong kind, or outside what the rule allows."""


class TableError(InputError):
    """A table of results (rows, a DataFrame, a range) is missing a column or holds an inconsistent row."""


class MissingColumnError(TableError):
    """A table lacks a column the rule needs (a rule that reads two kinds of table tries the other)."""


class WorkbookError(XlscoreError):
    """A workbook file cannot be read or written: not an xlsx, broken, hostile, or a formula that cannot be computed."""
