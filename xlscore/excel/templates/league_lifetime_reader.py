"""The Meeple League lifetime template's reader: the Seasons table :mod:`~xlscore.excel.templates.league_lifetime`
lays out, read back into the core's lifetime standings without the workbook's formulas (``xlscore standings``; the
tests hold the sheet to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlscore.excel.templates.filled import table

if TYPE_CHECKING:
    from xlscore.core.systems.league.lifetime import LifetimeStanding
    from xlscore.engine.files.book import Book

__all__ = ["BOARD_COLUMNS", "RESULTS_SHEET", "standings"]

RESULTS_SHEET = "Seasons"
"""The sheet of every season's final placings."""
BOARD_COLUMNS = 3
"""How many first columns of the results table name a board (season, division, league): a page shows each apart."""


def standings(book: Book) -> tuple[LifetimeStanding, ...]:
    """The lifetime standings, computed by the core from the Seasons table of a lifetime workbook."""
    from xlscore.core.systems.league.history import league_lifetime_standings

    return league_lifetime_standings(table(book, RESULTS_SHEET))
