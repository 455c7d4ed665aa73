"""The Gibbs ladder template's reader: the cells :mod:`~xlscore.excel.templates.gibbs_ladder` lays out, read back
into the core's replay of the ladder without the workbook's formulas (``xlscore standings``, the History sheet's
table; the tests hold the sheets to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlscore.core.errors import InputError, TableError
from xlscore.core.validate import shown
from xlscore.excel.templates.filled import labelled, labelled_address, setting, setting_address, table

if TYPE_CHECKING:
    from xlscore.core.systems.gibbs import GibbsRating, GibbsRatings
    from xlscore.engine.files.book import Book

__all__ = ["BOARD_COLUMNS", "ONE_POOL_CELL", "RESULTS_SHEET", "SETTINGS", "replay", "standings"]

RESULTS_SHEET = "Games"
"""The sheet of the ladder's games, in the order they were played."""
BOARD_COLUMNS = 2
"""How many first columns of the results table name a board (date and game): a published page shows each apart."""

SETTINGS = ("K1", "K2", "K3", "G_exp", "start", "one pool")
"""The Settings sheet, a row each from B1 down."""
ONE_POOL_CELL = setting_address(SETTINGS, "one pool")
"""The "one pool" setting, which the Standings and History formulas name."""


def replay(book: Book, trajectory: bool) -> GibbsRatings:
    """The core's replay of a Gibbs ladder's Games table with the Settings sheet's K1, K2, K3, G_exp, start and one
    pool."""
    from xlscore.core.systems.gibbs import G_EXP, K2, K3, START_RP, gibbs_ratings

    found = table(book, RESULTS_SHEET)
    k1 = labelled(book, "K1")
    if isinstance(k1, bool) or not (k1 is None or isinstance(k1, int | float | str)):
        raise TableError(
            f"{labelled_address(book, 'K1')} (K1) is {shown(k1)}; expected a number, a kind of game (4p, 2v2) or blank"
        )
    return gibbs_ratings(
        found,
        k1 if k1 != "" else None,
        setting(book, "K2", K2),
        setting(book, "K3", K3),
        setting(book, "G_exp", G_EXP),  # type: ignore[arg-type]  # the core checks it is whole
        setting(book, "start", START_RP),
        trajectory,
        _one_pool(book),
    )


def _one_pool(book: Book) -> bool:
    from xlscore.core.cells import yes_no

    value = labelled(book, "one pool")
    try:
        return yes_no("one pool", value)
    except InputError as exc:
        raise TableError(
            f"{ONE_POOL_CELL} (one pool) is {shown(value)}; expected yes or no (blank: pools by kind of game)"
        ) from exc


def standings(book: Book) -> tuple[GibbsRating, ...]:
    """Everyone's current RP in a filled Gibbs ladder workbook, computed by the core from Games and Settings."""
    return replay(book, trajectory=False).table
