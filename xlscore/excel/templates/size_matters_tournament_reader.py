"""The Size Matters tournament template's reader: the cells :mod:`~xlscore.excel.templates.size_matters_tournament`
lays out, read back into the core's standings without the workbook's formulas (``xlscore standings``; the tests
hold the sheet to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlscore.core.cells import is_blank
from xlscore.core.systems.diplomacy.board import POWER_NAMES
from xlscore.excel.templates.filled import labelled_address, setting, table
from xlscore.excel.templates.rounds_settings_reader import byes, labelled, players, round_after

if TYPE_CHECKING:
    from xlscore.core.events.rounds import RoundStanding
    from xlscore.core.systems.size_matters import SizeMattersStanding
    from xlscore.engine.files.book import Book

__all__ = ["BOARD_COLUMNS", "RESULTS_SHEET", "SEAT_POWERS", "SETTINGS", "standings", "standings_by_round"]

RESULTS_SHEET = "Games"
"""The sheet of the results table, whose games are the event's earlier meetings."""
BOARD_COLUMNS = 2
"""How many first columns of the results table name a board (round and board): a published page shows each apart."""
SEAT_POWERS = POWER_NAMES
"""A board's seats, seat 1 first: the next round gives each player a power (``xlscore seating --next`` and the
Seating sheet alike), from the powers the Games table's power column says they played (a blank power: unknown)."""
SETTINGS = ("modifier digits", "tie-breaks")
"""The Settings sheet, a row each from B1 down."""


def standings(book: Book, after_round: int | None = None) -> tuple[SizeMattersStanding, ...]:
    """The standings of a filled Size Matters workbook, computed by the core from its Games table and Settings,
    after ``after_round`` (None: all rounds)."""
    from xlscore.core.systems.size_matters import size_matters_standings

    bye, bye_score = byes(book)
    return size_matters_standings(*_inputs(book), round_after(book, after_round), players(book), bye, bye_score)


def standings_by_round(book: Book) -> tuple[RoundStanding, ...]:
    """The standings after every round of a filled Size Matters workbook."""
    from xlscore.core.systems.size_matters import size_matters_standings_by_round

    bye, bye_score = byes(book)
    return size_matters_standings_by_round(*_inputs(book), players(book), bye, bye_score)


def _inputs(book: Book) -> tuple[list[list[object]], int | None, object]:
    from xlscore.core.validate import whole

    found = table(book, RESULTS_SHEET)
    modifier_digits: int | None = None
    if not is_blank(labelled(book, "modifier digits")):
        digits = setting(book, "modifier digits", 0.0)
        modifier_digits = whole(f"{labelled_address(book, 'modifier digits')} (modifier digits)", digits, 0, 15)
    return found, modifier_digits, labelled(book, "tie-breaks")
