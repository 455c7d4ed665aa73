"""The Size Matters tournament template's reader: the cells :mod:`~xlscore.excel.templates.size_matters_tournament`
lays out, read back into the core's standings without the workbook's formulas (``xlscore standings``; the tests
hold the sheet to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlscore.core.cells import is_blank
from xlscore.excel.templates.filled import setting, table

if TYPE_CHECKING:
    from xlscore.core.events.rounds import RoundStanding
    from xlscore.core.systems.size_matters import SizeMattersStanding
    from xlscore.engine.files.book import Book

__all__ = ["RESULTS_SHEET", "standings", "standings_by_round"]

RESULTS_SHEET = "Games"
"""The sheet of the results table, whose games are the event's earlier meetings."""


def standings(book: Book, after_round: int | None = None) -> tuple[SizeMattersStanding, ...]:
    """The standings of a filled Size Matters workbook, computed by the core from its Games table and Settings,
    after ``after_round`` (None: all rounds)."""
    from xlscore.core.systems.size_matters import size_matters_standings

    return size_matters_standings(*_inputs(book), after_round=after_round)


def standings_by_round(book: Book) -> tuple[RoundStanding, ...]:
    """The standings after every round of a filled Size Matters workbook."""
    from xlscore.core.systems.size_matters import size_matters_standings_by_round

    return size_matters_standings_by_round(*_inputs(book))


def _inputs(book: Book) -> tuple[list[list[object]], int | None, object]:
    from xlscore.core.validate import whole

    found = table(book, RESULTS_SHEET)
    modifier_digits: int | None = None
    if not is_blank(book.sheet("Settings").values.get((1, 2))):
        digits = setting(book, "Settings", (1, 2), "modifier digits", 0.0)
        modifier_digits = whole("Settings!B1 (modifier digits)", digits, 0, 15)
    return found, modifier_digits, book.sheet("Settings").values.get((2, 2))
