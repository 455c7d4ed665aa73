"""The Puffing Billy workbook's Boards table and Settings read into the core, for the standings without formulas.

The workbook computes with formulas (PB_POINTS, PB_FINAL_BONUSES, PB_FINALS, PB_STANDINGS); this module computes
the same from the same typed cells with the core's own functions, so ``xlscore standings`` and the tests have an
answer that does not go through the sheet's formulas.
"""

from __future__ import annotations

from xlscore.core.cells import cell_text, is_blank
from xlscore.core.errors import TableError
from xlscore.core.systems.puffing_billy import FINAL_MARK
from xlscore.engine.files.book import Book
from xlscore.excel.templates.filled import setting

__all__ = ["FINAL_MARK", "REQUIRED_ROWS", "read_best", "read_required"]

REQUIRED_ROWS = 8  # Settings!B3 down: the games that always count


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
