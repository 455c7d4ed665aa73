"""A sentence beside a computed table saying whether it shows everyone its inputs name (issue 29).

Excel spills a table to its result's size. LibreOffice reads a spilling formula as an array formula of a fixed
area and shows no row beyond it; a template reserves every row its inputs can give a table
(:meth:`~xlscore.excel.templates.base.Template.spill`), but an area can still be too small: a workbook last saved
by Excel keeps each table only as tall as it then was, and a table typed on beyond its rows can name more players
than any area kept for it. So that a row is never lost without a word, a cell in the table's header row, one
column right of it, counts the players the inputs name and the rows the table shows, with a plain formula every
program computes:

* ``All 6 players shown`` (or ``No players yet``) when the table holds them all;
* ``7 players, 6 shown: ...`` in red when it does not, saying how to make it taller.

Players are counted as Excel's UNIQUE counts them: names differing only in case count once, so the sentence may
say all are shown where xlscore tells "Ann" from "ann"; it never says some are missing when none is.
"""

from __future__ import annotations

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

__all__ = ["MISSING", "count_note"]

MISSING = "shown: the table is too small"
"""The words of the sentence when players are missing (what the red format looks for)."""
TALLER = "; docs/guide/libreoffice.md says how to make it taller"
LAST_ROW = 1_048_576


def count_note(ws: Worksheet, anchor: str, width: int, column: str, names: str, noun: str = "players") -> str:
    """The sentence beside the table spilled at ``anchor`` (``width`` columns): the ``noun`` named in ``names``
    (a column of an input table, by structured reference) against the table's rows, counted in its ``column``
    (a letter of the sheet). Returns the sentence's cell."""
    top, left = ws[anchor].row, ws[anchor].column
    cell = f"{get_column_letter(left + width + 1)}{top}"
    shown_rows = f"${column}${top + 1}:${column}${LAST_ROW}"
    shown = f'(COUNTIF({shown_rows},"?*")+COUNT({shown_rows}))'
    named = f'IF(COUNTA({names})=0,0,COUNTA(_xlfn.UNIQUE(_xlfn._xlws.FILTER({names},{names}<>""))))'
    ws[cell] = (
        f'=IF(ISERROR(${anchor.rstrip("0123456789")}${top}),"",IF({named}=0,"No {noun} yet",'
        f'IF({named}>{shown},{named}&" {noun}, "&{shown}&" {MISSING}{TALLER}",'
        f'"All "&{shown}&" {noun} shown")))'
    )
    ws[cell].font = Font(italic=True)
    ws[cell].alignment = Alignment(vertical="top")
    missing = FormulaRule(  # type: ignore[no-untyped-call]
        formula=[f'ISNUMBER(SEARCH("{MISSING}",{cell}))'], font=Font(bold=True, italic=True, color="C00000")
    )
    ws.conditional_formatting.add(cell, missing)
    return cell
