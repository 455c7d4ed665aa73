"""The Gibbs ladder template's reader: the cells :mod:`~xlscore.excel.templates.gibbs_ladder` lays out, read back
into the core's replay of the ladder without the workbook's formulas (``xlscore standings``, the History sheet's
table; the tests hold the sheets to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlscore.core.errors import InputError, TableError
from xlscore.core.validate import shown
from xlscore.excel.templates.filled import setting, table

if TYPE_CHECKING:
    from xlscore.core.systems.gibbs import GibbsRating, GibbsRatings
    from xlscore.engine.files.book import Book

__all__ = ["ONE_POOL_CELL", "replay", "standings"]

ONE_POOL_CELL = "Settings!B6"
"""The "one pool" setting."""


def replay(book: Book, trajectory: bool) -> GibbsRatings:
    """The core's replay of a Gibbs ladder's Games table with the Settings sheet's K1, K2, K3, G_exp, start and one
    pool."""
    from xlscore.core.systems.gibbs import G_EXP, K2, K3, START_RP, gibbs_ratings

    found = table(book, "Games")
    k1 = book.sheet("Settings").values.get((1, 2))
    if isinstance(k1, bool) or not (k1 is None or isinstance(k1, int | float | str)):
        raise TableError(f"Settings!B1 (K1) is {shown(k1)}; expected a number, a kind of game (4p, 2v2) or blank")
    return gibbs_ratings(
        found,
        k1 if k1 != "" else None,
        setting(book, "Settings", (2, 2), "K2", K2),
        setting(book, "Settings", (3, 2), "K3", K3),
        setting(book, "Settings", (4, 2), "G_exp", G_EXP),  # type: ignore[arg-type]  # the core checks it is whole
        setting(book, "Settings", (5, 2), "start", START_RP),
        trajectory,
        _one_pool(book),
    )


def _one_pool(book: Book) -> bool:
    from xlscore.core.cells import yes_no

    value = book.sheet("Settings").values.get((6, 2))
    try:
        return yes_no("one pool", value)
    except InputError as exc:
        raise TableError(
            f"{ONE_POOL_CELL} (one pool) is {shown(value)}; expected yes or no (blank: pools by kind of game)"
        ) from exc


def standings(book: Book) -> tuple[GibbsRating, ...]:
    """Everyone's current RP in a filled Gibbs ladder workbook, computed by the core from Games and Settings."""
    return replay(book, trajectory=False).table
