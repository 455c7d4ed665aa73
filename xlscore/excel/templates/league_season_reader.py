"""The Meeple League season template's reader: the cells :mod:`~xlscore.excel.templates.league_season` lays out,
read back into the core's standings without the workbook's formulas (``xlscore standings``; the tests hold the
sheet to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlscore.core.cells import cell_text
from xlscore.excel.results import results
from xlscore.excel.templates.filled import grid, labelled

if TYPE_CHECKING:
    from xlscore.core.systems.league.standings import LeagueStanding
    from xlscore.engine.files.book import Book

__all__ = ["BOARD_COLUMNS", "RESULTS_SHEET", "SETTINGS", "standings"]

RESULTS_SHEET = "Results"
"""The sheet of the season's results."""
BOARD_COLUMNS = 1
"""How many first columns of the results table name a board (the game): a published page shows each apart."""
SETTINGS = ("event", "season", "seats", "tie-breaks")
"""The Settings sheet, a row each from B1 down."""


def standings(book: Book) -> tuple[LeagueStanding, ...]:
    """A Meeple League season's standings, computed by the core from the Results and Leagues tables."""
    from xlscore.core.events.rows import read_columns
    from xlscore.core.systems.league.standings import league_standings

    found = results(book, [RESULTS_SHEET, "Leagues"], recalculate=False)
    played, seats = grid(found[RESULTS_SHEET.upper()]), grid(found["LEAGUES"])
    # The seeding by the player column's heading (none: the core says the column is missing); blanks skipped.
    prior = [cell_text(player) or "" for player in read_columns(seats, [], ["player"], name="leagues")[1]["player"]]
    tie_breaks = labelled(book, "tie-breaks")
    return league_standings(played, prior, tie_breaks, seats)
