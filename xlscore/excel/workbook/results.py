"""Reading results out of a workbook after recalculation: Excel tables and named ranges, as rows or DataFrames.

Scripts and tests read a template's standings without opening Excel: ``xlscore export BOOK --name Standings``
prints them (text, CSV or JSON), and :func:`read_results` returns them as pandas DataFrames.

A name is looked for among the workbook's Excel tables, then its defined names, then its sheets: a sheet's table
is the block that starts at its A1, as wide as the header row runs without a blank cell and down to the row before
the first blank one. That is where a template's computed tables spill (Standings, History, Schedule ...), so they
are read by sheet name without a name defined for each.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from xlscore.core.cells import is_blank
from xlscore.core.errors import WorkbookError
from xlscore.core.validate import shown
from xlscore.excel.functions.cells import CellError
from xlscore.excel.workbook.book import Book, read_book
from xlscore.excel.workbook.refs import Area, parse_area

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["FORMULA_STARTS", "Result", "csv_cell", "format_result", "format_results", "read_results", "results"]


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


def _sheet_block(sheet: str | None, values: dict[str, dict[tuple[int, int], object]]) -> Area | None:
    """The block at a sheet's A1: its header row up to the first blank cell, its rows up to the first blank row."""
    if sheet is None:
        return None
    cells = values.get(sheet.upper(), {})

    def blank(row: int, column: int) -> bool:
        return is_blank(cells.get((row, column)))

    if blank(1, 1):
        return None
    right = 1
    while not blank(1, right + 1):
        right += 1
    bottom = 1
    while any(not blank(bottom + 1, c) for c in range(1, right + 1)):
        bottom += 1
    return Area(sheet, 1, 1, bottom, right)


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
    (:mod:`xlscore.excel.workbook.numberformats`; the file's styles are read again for it), which CSV, JSON and text
    write as ISO dates (``2026-01-06``, ``2026-01-06 18:30:00``).
    """
    values = {s.name.upper(): s.values.by_position() for s in book.sheets}
    if recalculate:
        from xlscore.excel.workbook.engine import evaluate  # the engine and the function catalogue, when needed

        for sheet, cells in evaluate(book, progress).values.items():
            values[sheet].update(cells)
    areas = _areas(book)
    computed = [s.name.upper() for s in book.sheets if any(f.row == 1 and f.col == 1 for f in s.formulas)]
    wanted = [*areas, *(s for s in computed if s not in areas)] if names is None else [n.upper() for n in names]
    sheets = {s.name.upper(): s.name for s in book.sheets}
    found_areas: dict[str, Area] = {}
    for name in wanted:
        area = areas.get(name) or _sheet_block(sheets.get(name), values)
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


def _dated(book: Book, areas: Iterable[Area], values: dict[str, dict[tuple[int, int], object]]) -> None:
    """The numbers below the header row of ``areas`` whose cells are formatted as dates, as the dates they show."""
    from xlscore.excel.workbook.numberformats import as_date, dated_cells

    chosen = list(areas)
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


def _number(value: object) -> object:
    """A number as a table shows it in CSV and JSON: a whole number without its ``.0`` (3, not 3.0); the rest as is."""
    return int(value) if isinstance(value, float) and value.is_integer() and abs(value) < 1e15 else value


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
    shown = [list(result.header)] + [["" if v is None else _text(v) for v in row] for row in result.rows]
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
    """A number as a table shows it: three decimals at most, the Puffing Billy's precision (CSV and JSON keep all)."""
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".")
    return str(value)
