"""The round settings and the Players sheet of an event template, read back as its standings formula takes them.

The settings a template added for rounds (after round, bye, bye score, best, tie-breaks: see
:mod:`xlscore.excel.templates.rounds`) are found by their label in column A of the Settings sheet, not by their row,
so a workbook made before they existed reads them as blank (the standings it always had). Likewise the players table
is read only from a sheet named Players: an older workbook's one-column list of names on its Seating sheet (also a
table named Players) is the seating's, never a roster. Loads no openpyxl, as every reader.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlscore.core.cells import is_blank
from xlscore.excel.templates.filled import labelled, table

if TYPE_CHECKING:
    from xlscore.engine.files.book import Book

__all__ = ["PLAYERS", "byes", "labelled", "players", "round_after"]

PLAYERS = "Players"
"""The Players sheet and its table's name."""


def round_after(book: Book, asked: int | None) -> int | None:
    """The round the standings are after: ``asked`` (the command line's), else the Settings' after round (blank:
    None, all rounds)."""
    if asked is not None:
        return asked
    typed = labelled(book, "after round")
    return None if is_blank(typed) else typed  # type: ignore[return-value]  # the core checks it is a round


def players(book: Book) -> list[list[object]] | None:
    """The Players sheet's table (header and rows), or None when the workbook has none or it names nobody."""
    if not any(t.name.upper() == PLAYERS.upper() and t.sheet.upper() == PLAYERS.upper() for t in book.tables):
        return None
    found = table(book, PLAYERS)
    return found if any(not is_blank(row[0]) for row in found[1:] if row) else None


def byes(book: Book) -> tuple[object, object]:
    """The Settings' bye rule and bye score, as typed (blank: none), for the standings functions' ``bye`` and
    ``bye_score`` arguments."""
    return labelled(book, "bye"), labelled(book, "bye score")
