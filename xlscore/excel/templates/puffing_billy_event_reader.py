"""The Puffing Billy event template's reader: the Boards table and Settings
:mod:`~xlscore.excel.templates.puffing_billy_event` lays out, read back into the core's standings.

The workbook computes with formulas (PB_POINTS, PB_FINAL_BONUSES, PB_FINALS, PB_STANDINGS); this module computes
the same from the same typed cells with the core's own functions, so ``xlscore standings`` and the tests have an
answer that does not go through the sheet's formulas.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlscore.core.cells import cell_text, is_blank
from xlscore.core.errors import TableError
from xlscore.core.systems.puffing_billy import FINAL_MARK
from xlscore.excel.templates.filled import labelled_address, setting, table
from xlscore.excel.templates.rounds_settings_reader import labelled, players, round_after

if TYPE_CHECKING:
    from xlscore.core.events.rounds import RoundStanding
    from xlscore.core.systems.puffing_billy import Standing
    from xlscore.engine.files.book import Book

__all__ = [
    "BOARD_COLUMNS",
    "FINAL_MARK",
    "REQUIRED_ROWS",
    "RESULTS_SHEET",
    "SETTINGS",
    "read_best",
    "read_required",
    "standings",
    "standings_by_round",
]

SETTINGS = ("best", "required")
"""The Settings sheet, a row each from B1 down; the required games are listed below "required"."""
REQUIRED_ROWS = 8  # the rows below "required": the games that always count
RESULTS_SHEET = "Boards"
"""The sheet of the results table, whose games are the event's earlier meetings."""
BOARD_COLUMNS = 2
"""How many first columns of the results table name a board (game and board): a published page shows each apart."""


def standings(book: Book, after_round: int | None = None) -> tuple[Standing, ...]:
    """The standings of a filled Puffing Billy workbook, computed by the core from its Boards and Settings, after
    ``after_round`` (None: all rounds)."""
    from xlscore.core.systems.puffing_billy import pb_standings

    tie_breaks = labelled(book, "tie-breaks")
    return pb_standings(*_inputs(book), round_after(book, after_round), players(book), tie_breaks, decided_by="yes")


def standings_by_round(book: Book) -> tuple[RoundStanding, ...]:
    """The standings after every round of a filled Puffing Billy workbook."""
    from xlscore.core.systems.puffing_billy import pb_standings_by_round

    return pb_standings_by_round(*_inputs(book), players(book), labelled(book, "tie-breaks"))


def _inputs(book: Book) -> tuple[list[list[object]], int | None, tuple[str, ...]]:
    return table(book, RESULTS_SHEET), read_best(book), read_required(book, REQUIRED_ROWS)


def read_best(book: Book) -> int | None:
    """The setting best: count each player's best N games (blank: every game)."""
    if is_blank(labelled(book, "best")):
        return None
    best = setting(book, "best", 0)
    if not best.is_integer() or best < 1:
        where = labelled_address(book, "best")
        raise TableError(f"{where} (best) is {best:g}; expected a whole number of games, at least 1")
    return int(best)


def read_required(book: Book, rows: int) -> tuple[str, ...]:
    """The rows below the setting required: the games that always count."""
    games = (cell_text(labelled(book, "required", below=below)) for below in range(1, 1 + rows))
    return tuple(game for game in games if game)
