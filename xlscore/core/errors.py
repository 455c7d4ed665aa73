"""The one exception family of xlscore.

Every rule raises an :class:`XlscoreError` subclass whose message names the argument, says what was expected and
what came, so that the spreadsheet edge can show it in a cell and the command line can print it on one line.
"""

from __future__ import annotations

import re
from typing import Final

QUOTED: Final = 40
"""The most of a value a message quotes: a longer one (a 32,767-character cell) is cut to its first characters."""
LONGEST_MESSAGE: Final = 1_000
"""The longest message: one listing more is cut, so that a line on a terminal or in a cell stays readable."""

# A value quoted as repr quotes it: a quote after no letter or digit, and its closing one before none (so that the
# apostrophes of "the winner's score" are never taken for quotes).
_LONG_QUOTE = re.compile(rf"(?<!\w)(?:'[^'\n]{{{QUOTED},}}'|\"[^\"\n]{{{QUOTED},}}\")(?!\w)")


def briefly(message: str) -> str:
    """``message`` with each quoted value over :data:`QUOTED` characters cut to its start (``'YYYY...'``), and the
    whole cut to :data:`LONGEST_MESSAGE`. Messages quote values with ``repr`` or :func:`~xlscore.core.validate.shown`
    all over the rules; this is the one place that bounds them all, as every message is made."""
    if len(message) <= QUOTED:
        return message
    cut = _LONG_QUOTE.sub(lambda found: f"{found.group()[: QUOTED - 4]}...{found.group()[0]}", message)
    return cut if len(cut) <= LONGEST_MESSAGE else f"{cut[: LONGEST_MESSAGE - 3]}..."


class XlscoreError(Exception):
    """Base class of every error xlscore raises on purpose. Its message quotes at most a short start of any value
    (:func:`briefly`)."""

    def __init__(self, *args: object) -> None:
        if args and isinstance(args[0], str):
            args = (briefly(args[0]), *args[1:])
        super().__init__(*args)


class InputError(XlscoreError, ValueError):
    """An argument is missing, of the wrong kind, or outside what the rule allows."""


class TableError(InputError):
    """A table of results (rows, a DataFrame, a range) is missing a column or holds an inconsistent row."""


class MissingColumnError(TableError):
    """A table lacks a column the rule needs (a rule that reads two kinds of table tries the other)."""


class WorkbookError(XlscoreError):
    """A workbook file cannot be read or written: not an xlsx, broken, hostile, or a formula that cannot be computed."""
