"""What every template workbook shares: the explanation sheet, input tables, spilled results, styles, protection.

A template is built with openpyxl, made deterministic (fixed dates, so the committed copies in workbooks/ can be
checked to equal what the code generates), then recalculated as ``xlscore recalc`` does it: every formula carries
its value, and each result formula is saved as a dynamic array that Excel 365 spills
(:mod:`xlscore.excel.workbook.dynamic`).

Conventions a coordinator sees in every template:

* yellow cells are for typing; green cells are computed (the sheets of computed tables are protected without a
  password, so a formula is not overwritten by accident; Review > Unprotect Sheet lifts it; the sheets with an input
  table are not protected, so the table can grow: rows typed or pasted directly below it count);
* each input table is an Excel table with data validation (places 1..n, whole numbers, names from the roster);
* each result is one formula that fills its table, using xlscore's functions in array form, over the input table
  by structured reference (:func:`whole_table`), so a row typed or pasted below the table counts;
* text a coordinator types (a player called "=Eve" or "+1 Club") is stored as text, never as a formula.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from openpyxl import Workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Font, PatternFill, Protection
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.table import Table, TableStyleInfo
from openpyxl.worksheet.worksheet import Worksheet

from xlscore.core.headings import heading

__all__ = ["Column", "Template"]

INPUT_FILL = PatternFill("solid", fgColor="FFF2CC")
COMPUTED_FILL = PatternFill("solid", fgColor="E2EFDA")
HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="4472C4")
TITLE_FONT = Font(bold=True, size=16)
PODIUM = (("FFD966", 1), ("D9D9D9", 2), ("F4B183", 3))  # gold, silver, bronze
FIXED_TIME = dt.datetime(2026, 1, 1)
INTRO_WIDTH = 80


@dataclass(frozen=True)
class Column:
    """An input column: its header, what may be typed in it, and how wide it is."""

    name: str
    kind: str = "text"  # text, name, whole, number (at least lo), positive (greater than lo), place, custom
    lo: float | None = None
    hi: float | None = None
    width: int = 14
    help: str = ""
    roster: str | None = None  # for kind "name": the range of allowed names, such as "Roster!$A$2:$A$200"
    formula: str = ""  # for kind "custom": a formula of the cell that is TRUE for an allowed value


ADD_IN = (
    "Which add-in computes it: the green cells call xlscore's functions, which reach Excel through xlwings: classic "
    "xlwings on Windows, or the free xlwings Lite add-in in Excel on Windows, Mac and the web (xlscore's "
    "addin/README.md has the steps). Without the add-in, Excel cannot compute them: once it recalculates (on "
    "opening, or when you type a result) they show #NAME?. In LibreOffice Calc they compute with xlscore's "
    "extension, xlscore.oxt ('xlscore addin --libreoffice .' writes it; docs/guide/libreoffice.md), and show #NAME? "
    "without it. Google Sheets and file previews show the values saved in this file. Without Excel, 'xlscore "
    "recalc THIS-FILE --in-place' computes every cell again and 'xlscore standings THIS-FILE' prints the standings."
)
"""The last paragraph of every template's Start here sheet."""


@dataclass
class Template:
    """A template being built: its title, its system's short name, the workbook and its spilling formulas."""

    title: str
    system: str  # the short name ``xlscore new`` takes; saved as the defined name xlscore_system
    workbook: Workbook = field(default_factory=Workbook)
    dynamic: dict[str, list[str]] = field(default_factory=dict)  # the anchors of spilling formulas, by sheet

    def intro(self, paragraphs: Sequence[str]) -> Worksheet:
        """The first sheet: what to type where, in a coordinator's words."""
        ws = self.workbook.active
        assert ws is not None
        ws.title = "Start here"
        ws["A1"] = self.title
        ws["A1"].font = TITLE_FONT
        ws.column_dimensions["A"].width = INTRO_WIDTH  # a portrait page's width, so it prints as it reads
        for row, paragraph in enumerate((*paragraphs, ADD_IN), start=3):
            self.text(ws, f"A{row}", paragraph)
            ws[f"A{row}"].alignment = Alignment(wrap_text=True, vertical="top")
            # Excel and LibreOffice do not grow a wrapped row of a file on opening: give each paragraph its lines.
            ws.row_dimensions[row].height = 15 * math.ceil(len(paragraph) / (INTRO_WIDTH - 8))
        self.printable(ws, title_rows=None)
        ws["A2"] = "Yellow cells are for typing; green cells are computed."
        ws["A2"].fill = INPUT_FILL
        ws.protection.sheet = True
        return ws

    @staticmethod
    def text(ws: Worksheet, cell: str, value: str | float | None) -> None:
        """Write a value; text stays text even when it starts with =, +, - or @."""
        ws[cell] = value
        if isinstance(value, str):
            ws[cell].data_type = "s"
            if value[:1] in "=+-@":
                ws[cell].quotePrefix = True

    def input_table(
        self, title: str, table: str, columns: Sequence[Column], rows: Sequence[Sequence[str | float | None]], size: int
    ) -> Worksheet:
        """A sheet with an input table of ``size`` rows: header, validation, yellow unlocked cells, sample rows."""
        ws: Worksheet = self.workbook.create_sheet(title)
        last = size + 1
        for c, column in enumerate(columns, start=1):
            letter = get_column_letter(c)
            ws.column_dimensions[letter].width = column.width
            self.text(ws, f"{letter}1", heading(column.name))
            for r in range(2, last + 1):
                cell = ws[f"{letter}{r}"]
                cell.fill = INPUT_FILL
                cell.protection = Protection(locked=False)
            validation = _validation(replace(column, name=heading(column.name)), f"{letter}2:{letter}{last}")
            if validation is not None:
                ws.add_data_validation(validation)
        for r, values in enumerate(rows, start=2):
            for c, value in enumerate(values, start=1):
                if value is not None:
                    self.text(ws, f"{get_column_letter(c)}{r}", value)
        ref = f"A1:{get_column_letter(len(columns))}{last}"
        listed = Table(displayName=table, ref=ref)
        listed.tableStyleInfo = TableStyleInfo(name="TableStyleLight9", showRowStripes=True)
        ws.add_table(listed)
        ws.freeze_panes = "A2"
        # Not protected: on a protected sheet the rows below the table are locked and Excel does not widen a
        # table, so a result typed or pasted below it could not count. A computed column beside the table shows
        # #SPILL! with the cells named if something is typed over it.
        return ws

    def results(
        self, title: str, anchor: str, formula: str, headers: Sequence[str], rows: int, decimals: int = 2
    ) -> Worksheet:
        """A sheet whose table is one spilling formula at ``anchor`` (its header row comes from the formula).

        ``headers`` are the table's fields (``points_per_game``), which the formula heads in words (``Points per
        game``). Counts (places, games, ...) show as whole numbers and other numbers with ``decimals`` decimals:
        the cell keeps full precision, only the display is rounded.
        """
        ws: Worksheet = self.workbook.create_sheet(title)
        self.spill(ws, anchor, formula)
        top = ws[anchor].row
        left = ws[anchor].column
        for c in range(left, left + len(headers)):
            ws.column_dimensions[get_column_letter(c)].width = max(12, len(heading(headers[c - left])) + 4)
            shown = number_format(headers[c - left], decimals)
            for r in range(top, top + rows + 1):
                ws.cell(r, c).fill = COMPUTED_FILL
                if r > top:
                    ws.cell(r, c).number_format = shown
        for c in range(left, left + len(headers)):
            ws.cell(top, c).font = Font(bold=True)
        ws.protection.sheet = True
        self.print_filled(ws, anchor, len(headers))
        return ws

    @staticmethod
    def print_filled(ws: Worksheet, anchor: str, width: int) -> None:
        """Print the sheet down to the last filled row of the table spilled at ``anchor`` (``width`` columns), not
        the empty rows kept coloured for it to grow into.

        The print area is a formula (``$A$1:INDEX(table, COUNTA(first column), width)``), so it follows the table
        as Excel recalculates: a coordinator adding results prints the new rows too. LibreOffice reads a print
        area only as a plain range, so it prints the sheet's used cells, and leaves out pages with nothing on them.
        A chart beside the table is for the screen: it is outside the print area.
        """
        top, left = ws[anchor].row, ws[anchor].column
        sheet = "'" + ws.title.replace("'", "''") + "'"
        first, last = get_column_letter(left), get_column_letter(left + width - 1)
        table = f"{sheet}!${first}${top}:${last}$1048576"
        rows = f"MAX(1,COUNTA({sheet}!${first}${top}:${first}$1048576))"
        area = f"{sheet}!$A$1:INDEX({table},{rows},{width})"
        ws.defined_names["_xlnm.Print_Area"] = DefinedName("_xlnm.Print_Area", attr_text=area)

    def spill(self, ws: Worksheet, anchor: str, formula: str) -> None:
        """A spilling formula at ``anchor``: saved as a dynamic array filling as many cells as its result has."""
        ws[anchor] = ArrayFormula(anchor, formula)
        self.dynamic.setdefault(ws.title, []).append(anchor)

    def results_column(self, ws: Worksheet, anchor: str, formula: str, rows: int, shown: str | None = None) -> None:
        """A computed column beside an input table: one spilling formula (numbers shown as ``shown``, if given)."""
        self.spill(ws, anchor, formula)
        top, col = ws[anchor].row, ws[anchor].column
        for r in range(top, top + rows):
            ws.cell(r, col).fill = COMPUTED_FILL
            if shown is not None:
                ws.cell(r, col).number_format = shown
        ws.column_dimensions[get_column_letter(col)].width = 12

    def settings(
        self,
        rows: Sequence[tuple[str, str | float | None, str]],
        note_width: int = 70,
        checks: Mapping[str, Column] | None = None,
    ) -> Worksheet:
        """The Settings sheet: one row per setting, its name, a yellow cell to type its value in, and what it means.

        ``checks`` gives a setting's allowed values by its name (the bounds its function enforces): Excel refuses
        anything else as it is typed, with the setting's note as the message.
        """
        ws: Worksheet = self.workbook.create_sheet("Settings")
        for row, (label, value, note) in enumerate(rows, start=1):
            ws[f"A{row}"], ws[f"C{row}"] = label, note
            self.text(ws, f"B{row}", value)
            ws[f"B{row}"].fill = INPUT_FILL
            ws[f"B{row}"].protection = Protection(locked=False)
            check = (checks or {}).get(label)
            if check is not None:
                validate(ws, replace(check, name=label, help=check.help or note), f"B{row}")
        ws.column_dimensions["A"].width = max(12, *(len(label) + 2 for label, _, _ in rows))
        ws.column_dimensions["C"].width = note_width
        ws.protection.sheet = True
        self.printable(ws, title_rows=None)
        return ws

    @staticmethod
    def bar_chart(
        ws: Worksheet, title: str, values: int, labels: int, rows: int, anchor: str, top: int = 1
    ) -> BarChart:
        """A horizontal bar chart of a table's column ``values`` by its column ``labels`` (the table's header at row
        ``top``, ``rows`` rows under it), leader on top."""
        chart = BarChart()
        chart.type = "bar"
        chart.title = title
        chart.add_data(Reference(ws, min_col=values, min_row=top, max_row=top + rows), titles_from_data=True)
        chart.set_categories(Reference(ws, min_col=labels, min_row=top + 1, max_row=top + rows))
        chart.x_axis.scaling.orientation = "maxMin"  # the table's first row at the top, as it reads
        # Every name shown (none skipped), and room for each: the bars in the table's order, the leader on top.
        chart.x_axis.delete = False
        chart.y_axis.delete = False
        chart.x_axis.tickLblSkip = 1
        chart.height = max(7.5, 0.6 * rows + 2)
        chart.legend = None
        ws.add_chart(chart, anchor)
        return chart

    def podium(self, ws: Worksheet, area: str, place_column: str, first_row: int) -> None:
        """Gold, silver and bronze for the rows whose place is 1, 2 or 3."""
        for color, place in PODIUM:
            rule = FormulaRule(  # type: ignore[no-untyped-call]
                formula=[f"${place_column}{first_row}={place}"], fill=PatternFill("solid", fgColor=color)
            )
            ws.conditional_formatting.add(area, rule)

    @staticmethod
    def printable(ws: Worksheet, landscape: bool = False, title_rows: str | None = "1:1") -> None:
        ws.page_setup.orientation = "landscape" if landscape else "portrait"
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0
        ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
        if title_rows:
            ws.print_title_rows = title_rows

    def save(self, path: Path) -> None:
        """Save computed and reproducible; replace ``path`` atomically.

        The workbook is recalculated as ``xlscore recalc`` does it, so every formula carries its value (a program
        without xlscore's functions shows the numbers) and every result formula is saved as a dynamic array.
        """
        from xlscore.excel.workbook.dynamic import make_dynamic
        from xlscore.excel.workbook.files import replacing
        from xlscore.excel.workbook.recalc import recalculate

        self.workbook.defined_names["xlscore_system"] = DefinedName("xlscore_system", attr_text=f'"{self.system}"')
        self.workbook.properties.created = FIXED_TIME
        self.workbook.properties.modified = FIXED_TIME
        self.workbook.properties.creator = "xlscore"
        self.workbook.properties.lastModifiedBy = "xlscore"
        with replacing(path) as temporary:
            self.workbook.save(temporary)
            make_dynamic(temporary, self.dynamic)
            recalculate(temporary, in_place=True)


COUNTS = frozenset(
    {
        "place",
        "final_place",
        "board_place",
        "chosen_winner_place",
        "games",
        "seasons",
        "boards",
        "rounds",
        "solos",
        "games_won",
        "second_places",
        "third_places",
        "division",
        "slot",
        "seed",
        "game",
        "players",
        "season",
    }
)
"""Computed columns that hold whole numbers: shown without decimals."""


def whole_table(table: str, columns: Sequence[Column]) -> str:
    """An input table, header row included, by structured reference: a formula over it follows the table as it
    grows. Written in the form both Excel and LibreOffice read (``Results[[#All],[Game]:[Hours]]``; LibreOffice
    7.4 shows ``Results[#All]`` as #NAME?)."""
    return f"{table}[[#All],[{_escaped(heading(columns[0].name))}]:[{_escaped(heading(columns[-1].name))}]]"


def setting_argument(cell: str) -> str:
    """A settings cell as a function's argument, its blank passed on as the empty text (``IF(B1="","",B1)``).

    Every xlscore function reads an empty text as an argument left out, as it reads a blank cell. LibreOffice
    hands an add-in function a reference to one blank cell as 0 (its rule for arithmetic), so a bare
    ``Settings!B1`` would read a blank setting ("modifier digits: blank, exact") as 0 there; the empty text
    reaches every program as what it is.
    """
    return f'IF({cell}="","",{cell})'


def table_column(table: str, column: str) -> str:
    """One column's data rows by structured reference (``Leagues[Player]``), the column named by its field."""
    return f"{table}[{_escaped(heading(column))}]"


def _escaped(column: str) -> str:
    """A column name as a structured reference writes it: ' before [, ], # and '."""
    return re.sub(r"([\[\]#'])", r"'\1", column)


def number_format(header: str, decimals: int) -> str:
    """How a computed column shows its numbers: counts whole, everything else to ``decimals`` decimals."""
    return "0" if header in COUNTS else "0." + "0" * decimals if decimals else "0"


def validate(ws: Worksheet, column: Column, area: str) -> None:
    """Data validation of ``column``'s kind and bounds on ``area`` of ``ws`` (nothing for free text)."""
    validation = _validation(column, area)
    if validation is not None:
        ws.add_data_validation(validation)


def _validation(column: Column, area: str) -> DataValidation | None:
    bounds = {"lo": column.lo, "hi": column.hi}
    if column.kind in ("whole", "place"):
        validation = DataValidation(
            type="whole",
            operator="between",
            formula1=str(int(bounds["lo"] if bounds["lo"] is not None else 0)),
            formula2=str(int(bounds["hi"] if bounds["hi"] is not None else 1_000_000)),
            allow_blank=True,
        )
        validation.error = f"{column.name}: a whole number" + (
            f" from {column.lo:g} to {column.hi:g}" if column.lo is not None and column.hi is not None else ""
        )
    elif column.kind == "number":
        validation = DataValidation(
            type="decimal",
            operator="greaterThanOrEqual",
            formula1=str(column.lo if column.lo is not None else 0),
            allow_blank=True,
        )
        validation.error = f"{column.name}: a number" + (f" of at least {column.lo:g}" if column.lo is not None else "")
    elif column.kind == "positive":
        validation = DataValidation(
            type="decimal", operator="greaterThan", formula1=str(column.lo or 0), allow_blank=True
        )
        validation.error = f"{column.name}: a number greater than {column.lo or 0:g}"
    elif column.kind == "custom":
        validation = DataValidation(type="custom", formula1=column.formula, allow_blank=True)
        validation.error = f"{column.name}: {column.help}"
    elif column.kind == "name" and column.roster:
        validation = DataValidation(type="list", formula1=f"={column.roster}", allow_blank=True)
        validation.error = f"{column.name}: a name from the roster"
    else:
        return None
    validation.showErrorMessage = True
    validation.errorTitle = "xlscore"
    if column.help:
        validation.prompt = column.help
        validation.showInputMessage = True
    validation.add(area)
    return validation
