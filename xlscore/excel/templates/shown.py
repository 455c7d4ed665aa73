"""The sentence beside each computed table saying whether it shows every player (issue 29).

Excel 365 spills a table to its answer's size. LibreOffice (and Excel before dynamic arrays) reads a spilling
formula as an array formula of the area the file gives it and shows no row beyond it. A template reserves every
row its inputs can give a table (:meth:`~xlscore.excel.templates.base.Template.spill`), but an area can still be
too small: a workbook last saved by Excel 365 keeps each table only as tall as it then was, and an input table
typed on past its rows can name more players than the rows kept. So that a row is never lost without a word, a
cell in the table's header row, one column right of it, holds ``=PLAYERS_SHOWN(...)``
(:func:`xlscore.core.events.shown.players_shown`): ``All 6 players shown``, or in red ``7 players, 6 shown: the table is
too small; ...``. One xlscore call, so ``xlscore recalc`` computes it without loading a formula engine; where the
table's first cell is an error, so is the sentence, saying the table cannot be shown and that the error's own
message says why (an error passed on from another cell comes without its words).
"""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlscore.core.events.shown import MISSING
from xlscore.excel.templates.base import Column

__all__ = ["REACH", "count_note", "named_in"]

REACH = 4
"""How many times its reserved rows the sentence looks down a table's first column: a table made taller by hand
in LibreOffice, or spilled by Excel past an input table typed on beyond its rows, is counted too."""


def count_note(
    ws: Worksheet, anchor: str, width: int, players: str, reserve: int, noun: str = "players", times: str = ""
) -> str:
    """The sentence beside the table spilled at ``anchor`` (``width`` columns wide, ``reserve`` rows kept under its
    header): the players named in ``players`` (a reference: :func:`named_in`) against the rows the table shows;
    ``times``, if given, is a cell reference of the rows per player. Returns the sentence's cell."""
    top, left = ws[anchor].row, ws[anchor].column
    first = get_column_letter(left)
    cell = f"{get_column_letter(left + width + 1)}{top}"
    column = f"${first}${top}:${first}${top + REACH * max(reserve, 1)}"
    extra = f',"{noun}",{times}' if times else f',"{noun}"'
    ws[cell] = f"=PLAYERS_SHOWN({column},{players}{extra})"
    ws[cell].font = Font(italic=True)
    ws[cell].alignment = Alignment(vertical="top")
    missing = FormulaRule(  # type: ignore[no-untyped-call]
        formula=[f'ISNUMBER(SEARCH("{MISSING}",{cell}))'], font=Font(bold=True, italic=True, color="C00000")
    )
    ws.conditional_formatting.add(cell, missing)
    return cell


def named_in(sheet: str, columns: Sequence[Column], rows: int, field: str = "player") -> str:
    """The players' column of the input table on ``sheet`` (``columns``, ``rows`` rows), from its first row down
    past its end: LibreOffice does not grow an input table as rows are typed under it, so names typed there are
    counted too, and the sentence says they are not shown."""
    letter = get_column_letter([c.name for c in columns].index(field) + 1)
    quoted = "'" + sheet.replace("'", "''") + "'"
    return f"{quoted}!${letter}$2:${letter}${1 + REACH * rows}"
