"""Reading results out of a workbook after recalculation: Excel tables and named ranges, as rows or DataFrames.

Scripts and tests read a template's standings without opening Excel: ``xlscore export BOOK --name Standings``
prints them (text, CSV or JSON), and :func:`read_results` returns them as pandas DataFrames.

A name is looked for among the workbook's Excel tables, then its defined names, then its sheets, then as a cell
(``Seating!J1``). A sheet's table is the one its formulas compute (a spilling formula's block: a template's
Standings at A1, Finals under a note, Next season beside its sign-up table; one at A1 when there are several),
else its one Excel table, else the block at its A1; a sheet with several tables and none at A1 is refused with
their names. A block is as wide as its header row runs without a blank cell and reaches down to the row before the
first blank one.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from xlscore.core.cells import is_blank
from xlscore.core.errors import WorkbookError
from xlscore.core.validate import shown
from xlscore.engine.files.book import Book, Sheet, read_book
from xlscore.engine.rewrite.refs import Area, cell_name, parse_area
from xlscore.excel.functions.cells import CellError
from xlscore.excel.headless import xlscore_errors

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "FORMULA_STARTS",
    "SIGNIFICANT_DIGITS",
    "Result",
    "csv_cell",
    "excel_number",
    "format_result",
    "format_results",
    "read_results",
    "results",
    "stacked",
    "visible",
]


@dataclass(frozen=True)
class Result:
    """A named table or range: its header (the first row) and its rows of values."""

    name: str
    header: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]


def _areas(book: Book) -> dict[str, Area]:
    found: dict[str, Area] = {}
    for table in book.tables:
        found[table.name.upper()] = table.area
    for name, text in book.names.items():
        if name.split("!")[-1].startswith("_XLNM."):
            continue  # Excel's own names: print titles, print areas, filters
        area = parse_area(text.strip().lstrip("="))
        if area is not None and area.sheet is not None:
            found.setdefault(name.split("!")[-1], area)
    return found


Values = dict[str, dict[tuple[int, int], object]]


def _block(sheet: str, cells: dict[tuple[int, int], object], top: int, left: int) -> Area:
    """The block whose header row starts at (``top``, ``left``): as wide as the header runs without a blank cell,
    down to the row before the first blank one."""

    def blank(row: int, column: int) -> bool:
        return is_blank(cells.get((row, column)))

    right = left
    while not blank(top, right + 1):
        right += 1
    bottom = top
    while any(not blank(bottom + 1, c) for c in range(left, right + 1)):
        bottom += 1
    return Area(sheet, top, left, bottom, right)


def _computed_blocks(sheet: Sheet, tables: Sequence[Area], cells: dict[tuple[int, int], object]) -> list[Area]:
    """The tables a sheet computes: one per spilling formula outside its input tables. A formula whose first cell
    is a text spills its own header (a template's Standings at A1, Finals at A3 under its note); one whose first
    cell is a value fills a column under a heading typed above it, and the table is that heading row's run."""
    found: dict[tuple[int, int], Area] = {}
    for formula in sheet.formulas:
        r, c = formula.row, formula.col
        spills = formula.dynamic or formula.array is not None  # an .ods's are array formulas of a fixed size
        if not spills or formula.shared or any(a.contains(r, c) for a in tables):
            continue
        above = cells.get((r - 1, c)) if r > 1 else None
        if isinstance(cells.get((r, c)), str) or is_blank(above):
            top, left = r, c
        elif isinstance(above, str):
            top, left = r - 1, c
            while left > 1 and not is_blank(cells.get((top, left - 1))):
                left -= 1
        else:
            continue  # a value above: the formula fills a column of a block already found
        if not is_blank(cells.get((top, left))) and not any(a.contains(top, left) for a in found.values()):
            found[top, left] = _block(sheet.name, cells, top, left)
    return list(found.values())


def _sheet_table(book: Book, name: str, values: Values) -> Area | None:
    """The table a sheet holds: the one it computes (one at A1 when it computes several); else its one input table;
    else the block at its A1. A sheet with several and none at A1 is refused, naming them (``--name 'Seating!J1'``
    takes the one that starts at J1)."""
    sheet = next((s for s in book.sheets if s.name.upper() == name), None)
    if sheet is None:
        return None
    cells = values.get(name, {})
    inputs = {t.name: t.area for t in book.tables if t.sheet.upper() == name}
    computed = _computed_blocks(sheet, list(inputs.values()), cells)
    at_a1 = [a for a in computed if (a.top, a.left) == (1, 1)]
    if len(computed) == 1 or at_a1:
        return (at_a1 or computed)[0]
    if not computed and len(inputs) == 1:
        return next(iter(inputs.values()))
    if not computed and not inputs:
        return None if is_blank(cells.get((1, 1))) else _block(sheet.name, cells, 1, 1)
    held = [f"{n} ({_corner(a)})" for n, a in inputs.items()]
    held += [f"{sheet.name}!{_corner(a)} ({_heading(cells, a)})" for a in computed]
    raise WorkbookError(
        f"{book.path.name}: sheet {shown(sheet.name)} holds several tables: {'; '.join(held)}; name one of them"
    )


def _corner(area: Area) -> str:
    return cell_name(area.top, area.left)


def _heading(cells: dict[tuple[int, int], object], area: Area) -> str:
    words = [str(cells.get((area.top, c))) for c in range(area.left, min(area.right, area.left + 2) + 1)]
    return ", ".join(words) + (", ..." if area.right > area.left + 2 else "")


def _at_cell(book: Book, name: str, values: Values) -> Area | None:
    """``SHEET!A1``: the block whose header row starts at that cell."""
    area = parse_area(name)
    sheets = {s.name.upper(): s.name for s in book.sheets}
    if area is None or area.sheet is None or area.sheet.upper() not in sheets:
        return None
    sheet = area.sheet.upper()
    cells = values.get(sheet, {})
    if is_blank(cells.get((area.top, area.left))):
        return None
    return _block(sheets[sheet], cells, area.top, area.left)


def _plain(value: object) -> object:
    if isinstance(value, CellError):
        return value.code
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def results(
    book: Book,
    names: list[str] | None = None,
    *,
    recalculate: bool = True,
    progress: Callable[[int], None] | None = None,
    dates: bool = False,
) -> dict[str, Result]:
    """The named tables and ranges of ``book`` after recalculation (``progress`` is called with the formulas done).

    Without ``names``: every table and named range, then every sheet whose A1 holds a formula (the tables a template
    computes, such as its Standings, which spill from A1 without a name of their own). With ``dates``, a number in a
    cell formatted as a date or a time comes as the ``datetime.date``, ``time`` or ``datetime`` it shows
    (:mod:`xlscore.engine.files.date_cells`; the file's styles are read again for it), which CSV, JSON and text
    write as ISO dates (``2026-01-06``, ``2026-01-06 18:30:00``).
    """
    values = {s.name.upper(): s.values.by_position() for s in book.sheets}
    if recalculate:
        from xlscore.engine.evaluation.engine import evaluate  # the engine and the function catalogue, when needed
        from xlscore.excel.headless import register

        register()
        for sheet, cells in evaluate(book, progress).values.items():
            values[sheet].update(cells)
    areas = _areas(book)
    computed = [s.name.upper() for s in book.sheets if any(f.row == 1 and f.col == 1 for f in s.formulas)]
    wanted = [*areas, *(s for s in computed if s not in areas)] if names is None else [n.upper() for n in names]
    sheets = {s.name.upper(): s.name for s in book.sheets}
    found_areas: dict[str, Area] = {}
    for name in wanted:
        area = areas.get(name) or _sheet_table(book, name, values) or _at_cell(book, name, values)
        if area is None:
            known = _listed([*sorted(areas), *(f"sheet {s}" for s in sheets.values())])
            raise WorkbookError(f"{book.path.name} has no table, named range or sheet {shown(name)} (it has: {known})")
        found_areas[name] = area
    if dates:
        _dated(book, found_areas.values(), values)
    found: dict[str, Result] = {}
    for name, area in found_areas.items():
        cells = values.get((area.sheet or "").upper(), {})
        bottom = min(area.bottom, max((r for r, _ in cells), default=area.top))
        grid = [
            tuple(_plain(cells.get((r, c))) for c in range(area.left, area.right + 1))
            for r in range(area.top, bottom + 1)
        ]
        while len(grid) > 1 and all(map(is_blank, grid[-1])):
            grid.pop()
        header = tuple("" if v is None else str(v) for v in grid[0]) if grid else ()
        found[name] = Result(name, header, tuple(grid[1:]))
    return found


def stacked(name: str, labelled: Sequence[tuple[dict[str, str], Result]]) -> Result:
    """Several tables as one, each row after its labels (``{"Workbook": "a.xlsx"}``): the labels' columns first,
    then every table's columns in the order they first come, blank where a table has no such column. This is how
    several workbooks' standings make one CSV or one JSON document a program can read."""
    labels: list[str] = []
    columns: list[str] = []
    for label, result in labelled:
        labels += [k for k in label if k not in labels]
        columns += [c for c in result.header if c not in columns and c not in label]
    rows = []
    for label, result in labelled:
        for row in result.rows or [()]:  # a table with no rows yet keeps its place: its labels alone
            cells = dict(zip(result.header, row, strict=False))
            rows.append((*(label.get(k) for k in labels), *(cells.get(c) for c in columns)))
    return Result(name, (*labels, *columns), tuple(rows))


def _dated(book: Book, areas: Iterable[Area], values: dict[str, dict[tuple[int, int], object]]) -> None:
    """The numbers below the header row of ``areas`` whose cells are formatted as dates, as the dates they show."""
    from xlscore.engine.files.date_cells import as_date, dated_cells

    chosen = list(areas)
    if book.path.suffix.lower() == ".ods":
        return  # no Excel styles: its dates show as the serial numbers they hold (docs/recalc.md)
    dated, date1904 = dated_cells(book.path, {a.sheet for a in chosen if a.sheet is not None})
    for area in chosen:
        sheet = (area.sheet or "").upper()
        kinds, cells = dated.get(sheet, {}), values.get(sheet, {})
        for (r, c), kind in kinds.items():
            value = cells.get((r, c))
            inside = area.top < r <= area.bottom and area.left <= c <= area.right
            if inside and isinstance(value, int | float) and not isinstance(value, bool):
                cells[r, c] = as_date(value, kind, date1904)


def _listed(names: list[str], most: int = 12) -> str:
    """Names for a one-line message: the first ``most``, then how many more."""
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(shown(n) if len(n) > 40 else n for n in names[:most]) + more or "none"


@xlscore_errors()
def read_results(
    path: str | Path, names: list[str] | None = None, *, recalculate: bool = True
) -> dict[str, pd.DataFrame]:
    """The named tables and ranges of the workbook at ``path`` as DataFrames, keyed by upper-cased name (a cell
    formatted as a date holds the ``datetime.date`` it shows)."""
    import pandas as pd

    found = results(read_book(path), names, recalculate=recalculate, dates=True)
    return {name: pd.DataFrame(list(r.rows), columns=list(r.header)) for name, r in found.items()}


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a text cell of a CSV may not begin with: a spreadsheet opening the file would take it for a formula (a
formula can run programs or send the sheet's data away: ``=HYPERLINK(...)``, ``@SUM(...)``, ``-2+3``), or drop the
tab or carriage return and then take what follows for one."""


def csv_cell(value: object) -> object:
    """A cell as xlscore writes it into a CSV: a text beginning with one of :data:`FORMULA_STARTS` gets an
    apostrophe in front, so that a spreadsheet shows it as text (OWASP's advice on CSV injection); numbers and every
    other text are kept as they are, so -3 stays the number -3."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


SIGNIFICANT_DIGITS = 15
"""Excel keeps and shows at most 15 significant digits, and so do xlscore's text, CSV and JSON."""

NOISE = 1e-14
"""How far, relative to a number, binary floating point's rounding may have moved it: a sum that should be 20.4218
comes out 20.421800000000076 (17 units in the last place off), which even Excel's 15 digits would show as
20.4218000000001. A number prints as the shortest decimal within this distance, so 20.4218; a number that needs
all its digits (1/3) keeps 14 or 15 of them."""


def excel_number(value: float) -> float:
    """``value`` as the shortest decimal of at most :data:`SIGNIFICANT_DIGITS` significant digits within
    :data:`NOISE` of it (a whole number stays as it is)."""
    if value != value or value in (float("inf"), float("-inf")):
        return value
    for digits in range(1, SIGNIFICANT_DIGITS):
        shorter = float(f"{value:.{digits}g}")
        if abs(shorter - value) <= NOISE * abs(value):
            return shorter
    return float(f"{value:.{SIGNIFICANT_DIGITS}g}")


def _number(value: object) -> object:
    """A number as Excel shows it, in CSV and JSON (:func:`excel_number`), and a whole number without its ``.0``
    (3, not 3.0); anything else as it is."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**SIGNIFICANT_DIGITS:
        value = float(value)  # a whole number past 15 digits: Excel shows it as 1.23456789012346E+17
    if not isinstance(value, float):
        return value
    value = excel_number(value)
    return int(value) if value.is_integer() and abs(value) < 1e15 else value


def _objects(result: Result) -> list[dict[str, object]]:
    return [dict(zip(result.header, map(_number, row), strict=False)) for row in result.rows]


def format_results(found: Sequence[Result], kind: str, *, raw: bool = False) -> str:
    """Several tables as one document: text with a ``== name ==`` line above each; CSV one table after another, a
    blank line between; JSON one object keyed by the tables' names (one table alone: its list of rows)."""
    if kind == "json" and len(found) != 1:
        return json.dumps({r.name: _objects(r) for r in found}, indent=2, default=str) + "\n"
    parts: list[str] = []
    for i, result in enumerate(found):
        if kind == "text" and len(found) > 1:
            parts.append(("\n" if i else "") + f"== {result.name} ==\n")
        elif kind == "csv" and i:
            parts.append("\n")
        parts.append(format_result(result, kind, raw=raw))
    return "".join(parts)


def format_result(result: Result, kind: str, *, raw: bool = False) -> str:
    """A table as text (aligned columns), CSV or JSON (a list of objects keyed by the header).

    CSV cells go through :func:`csv_cell` unless ``raw``: a program reading the CSV wants the texts as they are.
    CSV and JSON keep every decimal; a whole number shows without ``.0``.
    """
    if kind == "csv":
        return "".join(
            _csv_line([_number(v) for v in row] if raw else [csv_cell(_number(v)) for v in row])
            for row in (result.header, *result.rows)
        )
    if kind == "json":
        return json.dumps(_objects(result), indent=2, default=str) + "\n"
    shown = [list(map(visible, result.header))] + [["" if v is None else _text(v) for v in row] for row in result.rows]
    widths = [max(len(row[i]) for row in shown) for i in range(len(result.header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)).rstrip() for row in shown]
    return "\n".join(lines) + "\n"


def _csv_line(row: Sequence[object]) -> str:
    """One row of CSV, ending in a line feed. A field holding a carriage return is quoted like one holding a line
    feed (a reader takes a bare one for the end of the row); Python's csv only quotes the characters of its line
    terminator, so the row is written ending in both and the carriage return taken off."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerow(row)
    return buffer.getvalue()[:-2] + "\n"


def _text(value: object) -> str:
    """A cell as a text table shows it: a number to three decimals at most, the Puffing Billy's precision (CSV and JSON
    keep up to 15 significant digits), and never more than 15 significant digits; a text with its control
    characters made visible (:func:`visible`)."""
    if isinstance(value, float):
        if abs(value) >= 10**SIGNIFICANT_DIGITS:
            return f"{value:.{SIGNIFICANT_DIGITS}g}"
        return f"{value:.3f}".rstrip("0").rstrip(".")
    return visible(str(value))


_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """``text`` with its control characters written as escapes (``\\x1b``, ``\\x07``, ``\\u202e``): a player's
    name typed with a terminal's escape sequence (ESC ] 0 ; ... BEL retitles the window, ESC [ 2 J clears it) or a
    right-to-left override is shown, not obeyed, when a text table is printed. CSV and JSON keep the text as it is,
    for programs (JSON escapes them itself)."""
    return _CONTROLS.sub(
        lambda found: f"\\x{ord(found.group()):02x}" if ord(found.group()) < 0x100 else f"\\u{ord(found.group()):04x}",
        text,
    )
