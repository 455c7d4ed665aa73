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
from xlscore.excel.templates.filled import setting, table

if TYPE_CHECKING:
    from xlscore.core.events.rounds import RoundStanding
    from xlscore.core.systems.puffing_billy import Standing
    from xlscore.engine.files.book import Book

__all__ = [
    "FINAL_MARK",
    "REQUIRED_ROWS",
    "RESULTS_SHEET",
    "read_best",
    "read_required",
    "standings",
    "standings_by_round",
]

REQUIRED_ROWS = 8  # Settings!B3 down: the games that always count
RESULTS_SHEET = "Boards"
"""The sheet of the results table, whose games are the event's earlier meetings."""


def standings(book: Book, after_round: int | None = None) -> tuple[Standing, ...]:
    """The standings of a filled Puffing Billy workbook, computed by the core from its Boards and Settings, after
    ``after_round`` (None: all rounds)."""
    from xlscore.core.systems.puffing_billy import pb_standings

    return pb_standings(*_inputs(book), after_round=after_round)


def standings_by_round(book: Book) -> tuple[RoundStanding, ...]:
    """The standings after every round of a filled Puffing Billy workbook."""
    from xlscore.core.systems.puffing_billy import pb_standings_by_round

    return pb_standings_by_round(*_inputs(book))


def _inputs(book: Book) -> tuple[list[list[object]], int | None, tuple[str, ...]]:
    return table(book, RESULTS_SHEET), read_best(book), read_required(book, REQUIRED_ROWS)


def read_best(book: Book) -> int | None:
    """Settings!B1: count each player's best N games (blank: every game)."""
    if is_blank(book.sheet("Settings").values.get((1, 2))):
        return None
    best = setting(book, "Settings", (1, 2), "best", 0)
    if not best.is_integer() or best < 1:
        raise TableError(f"Settings!B1 (best) is {best:g}; expected a whole number of games, at least 1")
    return int(best)


def read_required(book: Book, rows: int) -> tuple[str, ...]:
    """Settings!B3 downwards: the games that always count."""
    values = book.sheet("Settings").values
    games = (cell_text(values.get((r, 2))) for r in range(3, 3 + rows))
    return tuple(game for game in games if game)
