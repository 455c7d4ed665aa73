"""What every template workbook shares: the explanation sheet, input tables, spilled results, styles, protection.

A template is built with openpyxl, made deterministic (fixed dates, so the committed copies in workbooks/ can be
checked to equal what the code generates), then recalculated as ``xlscore recalc`` does it: every formula carries
its value, and each result formula is saved as a dynamic array that Excel 365 spills
(:mod:`xlscore.engine.files.workbook_parts`).

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
from openpyxl.chart._chart import ChartBase
from openpyxl.chart.data_source import NumFmt
from openpyxl.formatting.rule import FormulaRule, Rule
from openpyxl.styles import Alignment, Font, PatternFill, Protection
from openpyxl.styles.differential import DifferentialStyle
from openpyxl.styles.numbers import NumberFormat
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.table import Table, TableStyleInfo
from openpyxl.worksheet.worksheet import Worksheet

from xlscore.core.events.headings import heading

__all__ = ["Column", "Template", "axis_numbers", "whole_shown_whole"]

INPUT_FILL = PatternFill("solid", fgColor="FFF2CC")
COMPUTED_FILL = PatternFill("solid", fgColor="E2EFDA")
HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="4472C4")
TITLE_FONT = Font(bold=True, size=16)
PODIUM = (("FFD966", 1), ("D9D9D9", 2), ("F4B183", 3))  # gold, silver, bronze
FIXED_TIME = dt.datetime(2026, 1, 1)
SAMPLE_DATE = dt.date(2026, 1, 10)
EVENT_WIDTH = 24
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
        self,
        title: str,
        anchor: str,
        formula: str,
        headers: Sequence[str],
        rows: int,
        decimals: int = 2,
        reserve: int = 0,
    ) -> Worksheet:
        """A sheet whose table is one spilling formula at ``anchor`` (its header row comes from the formula).

        ``headers`` are the table's fields (``points_per_game``), which the formula heads in words (``Points per
        game``). Counts (places, games, ...) show as whole numbers and other numbers with ``decimals`` decimals:
        the cell keeps full precision, only the display is rounded. ``reserve``: the rows under the header that
        LibreOffice keeps for the table (:meth:`spill`), as many as its inputs can give it.
        """
        ws: Worksheet = self.workbook.create_sheet(title)
        self.spill(ws, anchor, formula, rows=reserve + 1, columns=len(headers))
        top = ws[anchor].row
        left = ws[anchor].column
        for c in range(left, left + len(headers)):
            ws.column_dimensions[get_column_letter(c)].width = column_width(headers[c - left])
            shown = number_format(headers[c - left], decimals)
            for r in range(top, top + rows + 1):
                ws.cell(r, c).fill = COMPUTED_FILL
                if r > top:
                    ws.cell(r, c).number_format = shown
        # Headings wrap onto two lines (the row is made tall enough: programs keep a stored height), so a column is
        # as wide as its longest word and a wide table still prints in large type across one page.
        ws.row_dimensions[top].height = 30
        for c in range(left, left + len(headers)):
            ws.cell(top, c).font = Font(bold=True)
            ws.cell(top, c).alignment = Alignment(wrap_text=True, vertical="bottom")
            if number_format(headers[c - left], decimals) != "0":
                letter = get_column_letter(c)
                whole_shown_whole(ws, f"{letter}{top + 1}:{letter}{top + rows}")
        ws.protection.sheet = True
        self.print_filled(ws, anchor, len(headers))
        return ws

    @staticmethod
    def print_filled(ws: Worksheet, anchor: str, width: int) -> None:
        """Print the sheet down to the last filled row of the table spilled at ``anchor`` (``width`` columns), not
        the empty rows kept coloured for it to grow into.

        The print area is a plain range, which Excel, LibreOffice, Google Sheets, Numbers and openpyxl all read
        (a formula there, which would follow the table, LibreOffice ignores and openpyxl drops); written to the
        table's header here, it is sized to the table's rows at every recalculation
        (:mod:`xlscore.engine.files.print_areas`), this template's own included. A chart beside the table is for
        the screen: it is outside the print area.
        """
        from xlscore.engine.files.print_areas import plain_area
        from xlscore.engine.rewrite.refs import Area

        top, left = ws[anchor].row, ws[anchor].column
        ws.print_area = plain_area(ws.title, Area(ws.title, 1, 1, top, left + width - 1)).split("!", 1)[1]

    def spill(self, ws: Worksheet, anchor: str, formula: str, rows: int = 1, columns: int = 1) -> None:
        """A spilling formula at ``anchor``: saved as a dynamic array filling as many cells as its result has.

        ``rows`` by ``columns`` from ``anchor`` is the area the file gives it, blank beyond the result: Excel spills
        to the result's size whatever it says, LibreOffice reads it as a fixed size and shows no row beyond it, so
        a table reserves there every row its inputs can give it (``xlscore recalc`` keeps the area).
        """
        top, left = ws[anchor].row, ws[anchor].column
        corner = f"{get_column_letter(left + max(columns, 1) - 1)}{top + max(rows, 1) - 1}"
        ws[anchor] = ArrayFormula(anchor if corner == anchor else f"{anchor}:{corner}", formula)
        self.dynamic.setdefault(ws.title, []).append(anchor)

    def results_column(
        self, ws: Worksheet, anchor: str, formula: str, rows: int, shown: str | None = None, reserve: bool = True
    ) -> None:
        """A computed column beside an input table of ``rows`` rows: one spilling formula (numbers shown as
        ``shown``, if given), with an area of every row of the table (:meth:`spill`) unless ``reserve`` is False.

        Only an xlscore call may keep rows: a plain formula saved without its dynamic-array mark (openpyxl drops it)
        is a fixed-size array formula to ``xlscore recalc``, whose engine computes it over the table's filled rows
        and shows #N/A in the rest, where Excel computes every row of the table.
        """
        self.spill(ws, anchor, formula, rows=rows if reserve else 1)
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

    def event_settings(self, row: int, sample: bool) -> None:
        """Two Settings rows from ``row``: the event's name and date, which ``xlscore publish`` heads its page with
        (it finds them by their labels, ``event name`` and ``date``, wherever they are on the sheet); the sample's
        are the template's title and a fixed date."""
        ws = self.workbook["Settings"]
        name, date = (f"{self.title}, sample", SAMPLE_DATE) if sample else ("", None)
        for offset, (label, value, note) in enumerate(
            (
                ("event name", name, "the event's name, as the published page heads it"),
                ("date", date, "the event's date (or its first day), as the published page shows it"),
            ),
        ):
            ws.cell(row + offset, 1, label)
            cell = ws.cell(row + offset, 2)
            Template.text(ws, cell.coordinate, value if isinstance(value, str) else None)
            if isinstance(value, dt.date):
                cell.value = value
            cell.number_format = "yyyy-mm-dd" if label == "date" else "General"
            cell.fill = INPUT_FILL
            cell.protection = Protection(locked=False)
            cell.alignment = Alignment(wrap_text=True, vertical="top")
            ws.cell(row + offset, 3, note).alignment = Alignment(vertical="top")
        # Room for a name and a date: a date in a narrow column shows as ###, and a long name wraps onto two lines.
        ws.column_dimensions["B"].width = max(ws.column_dimensions["B"].width or 0, EVENT_WIDTH)
        ws.row_dimensions[row].height = 30
        checks = (
            DataValidation(type="textLength", operator="lessThanOrEqual", formula1="200", allow_blank=True),
            DataValidation(type="date", operator="greaterThan", formula1="1", allow_blank=True),
        )
        for offset, (check, error) in enumerate(
            zip(checks, ("event name: at most 200 characters", "date: a date, such as 2026-01-10"), strict=True)
        ):
            check.error, check.errorTitle, check.showErrorMessage = error, "xlscore", True
            check.add(f"B{row + offset}")
            ws.add_data_validation(check)

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
        axis_numbers(chart)
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
        from xlscore.engine.evaluation.recalc import recalculate
        from xlscore.engine.files.safe_io import replacing
        from xlscore.engine.files.workbook_parts import make_dynamic
        from xlscore.excel.headless import register

        register()
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
        "round",
        "change",
    }
)
"""Computed columns that hold whole numbers: shown without decimals."""


def column_width(header: str) -> int:
    """A computed column's width: its heading's longest word (the heading wraps), a player's name, or a count."""
    if header == "player":
        return 16
    return max(8, max(len(word) for word in heading(header).split()) + 3)


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


WHOLE = DifferentialStyle(numFmt=NumberFormat(numFmtId=1, formatCode="0"))
"""The format of a whole number in a column of fractions: no decimals (a total of 3763 reads 3763, not 3763.00)."""


def whole_shown_whole(ws: Worksheet, area: str) -> None:
    """A whole number in ``area`` shown without decimals, whatever decimals the column shows fractions with: a
    conditional format (Excel and LibreOffice apply its number format), the area's first cell written relative."""
    first = area.split(":")[0]
    rule = Rule(type="expression", dxf=WHOLE, formula=[f"AND(ISNUMBER({first}),{first}=INT({first}))"])
    ws.conditional_formatting.add(area, rule)


def axis_numbers(chart: ChartBase) -> None:
    """A chart's value axis numbered in General (``5000``, not the cells' ``5000.00``), so its labels stay short."""
    chart.y_axis.numFmt = NumFmt(formatCode="General", sourceLinked=False)  # type: ignore[attr-defined]


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
