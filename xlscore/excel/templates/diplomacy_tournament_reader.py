"""The Diplomacy tournament template's reader: the cells :mod:`~xlscore.excel.templates.diplomacy_tournament` lays
out (its Settings rows are named here), read back into the core's standings without the workbook's formulas
(``xlscore standings``; the tests hold the sheet to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlscore.core.systems.diplomacy.board import POWER_NAMES
from xlscore.excel.templates.filled import table
from xlscore.excel.templates.rounds_settings_reader import byes, labelled, players, round_after

if TYPE_CHECKING:
    from xlscore.core.events.rounds import RoundStanding
    from xlscore.core.systems.diplomacy.event import DiplomacyStanding
    from xlscore.engine.files.book import Book

__all__ = ["BOARD_COLUMNS", "RESULTS_SHEET", "SEAT_POWERS", "SETTINGS", "standings", "standings_by_round"]

RESULTS_SHEET = "Games"
"""The sheet of the results table, whose games are the event's earlier meetings."""
BOARD_COLUMNS = 2
"""How many first columns of the results table name a board (round and board): a published page shows each apart."""

SEAT_POWERS = POWER_NAMES
"""A board's seats, seat 1 first: the next round gives each player a power (``xlscore seating --next`` and the
Seating sheet alike), from the powers the Games table says they played."""

SETTINGS = ("system", "round score", "tournament", "best", "tie-breaks")
"""The Settings sheet, a row each from B1 down, as the template writes them."""


def standings(book: Book, after_round: int | None = None) -> tuple[DiplomacyStanding, ...]:
    """The standings of a filled Diplomacy tournament workbook, computed by the core from its Games and Settings,
    after ``after_round`` (None: all rounds)."""
    from xlscore.core.systems.diplomacy.event import diplomacy_standings

    bye, bye_score = byes(book)
    return diplomacy_standings(*_inputs(book), round_after(book, after_round), players(book), bye, bye_score)


def standings_by_round(book: Book) -> tuple[RoundStanding, ...]:
    """The standings after every round of a filled Diplomacy tournament workbook."""
    from xlscore.core.systems.diplomacy.event import diplomacy_standings_by_round

    bye, bye_score = byes(book)
    return diplomacy_standings_by_round(*_inputs(book), players(book), bye, bye_score)


def _inputs(book: Book) -> tuple[list[list[object]], str, object, object, object, object]:
    """The Games table, the system and the Settings' round score, tournament, best and tie-breaks."""
    found = table(book, RESULTS_SHEET)
    system, round_score, tournament, best, tie_breaks = (labelled(book, name) for name in SETTINGS)
    return found, "" if system is None else str(system), round_score, tournament, best, tie_breaks
