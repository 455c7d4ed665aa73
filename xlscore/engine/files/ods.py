"""Reading a LibreOffice .ods workbook into the same :class:`~xlscore.engine.files.contents.Book` as an .xlsx, so that
``standings``, ``export`` and ``recalc --check`` take either.

The cells' values come from python-calamine (the Rust calamine reader, maintained, and one of pandas' own Excel and
OpenDocument engines): it resolves what makes .ods values fiddly (repeated rows and columns, covered cells, dates,
percentages) and reads a large sheet fast. What calamine does not give, this module reads from content.xml, through
:mod:`~xlscore.engine.files.safezip` (the same checks as an .xlsx, defusedxml): the formulas, written back in
Excel's syntax for the recalculation (``of:=SUM([.A1:.B2])`` is ``=SUM(A1:B2)``; xlscore's functions, which
LibreOffice saves under the extension's service name, by their own names), the named expressions (a template's
``xlscore_system``) and the database ranges (the templates' tables: Results, Games, SignUp ...).

xlscore writes no .ods: ``recalc`` of an .ods checks it (``--check``) but writes a copy only of an .xlsx.
"""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from xlscore.engine.errors import BookError
from xlscore.engine.files.cellstore import by_column
from xlscore.engine.files.contents import Book, Formula, Sheet
from xlscore.engine.files.safezip import open_workbook
from xlscore.engine.rewrite.refs import Area
from xlscore.engine.rewrite.structured import Table

__all__ = ["excel_formula", "is_opendocument", "read_ods"]

_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
ADDIN_PREFIX = "ORG.XLSCORE.CALC.FUNCTIONS."
"""How LibreOffice saves a call of xlscore's extension in an .ods: the service's name before the function's."""


def _t(name: str) -> str:
    return f"{{{_TABLE}}}{name}"


def is_opendocument(path: Path) -> bool:
    """Whether ``path`` names a LibreOffice spreadsheet (.ods), read by :func:`read_ods`."""
    return path.suffix.lower() == ".ods"


_REFERENCE = re.compile(r"\[([^\]]*)\]")
_STRING = re.compile(r'"(?:[^"]|"")*"')
_FUNCTION_PREFIXES = (ADDIN_PREFIX, "COM.MICROSOFT.")


def _address(part: str, sheet: str) -> tuple[str, str]:
    """``$'Next season'.$D$1`` as (``'Next season'``, ``$D$1``); ``.A1`` as (``sheet``, ``A1``)."""
    where, _, cell = part.rpartition(".")
    where = where.lstrip("$")
    return (where or sheet), cell


def _reference(inner: str, sheet: str) -> str:
    """An OpenFormula reference's inside (``$Results.$A$1:.$E$401``) in Excel's syntax (``Results!$A$1:$E$401``)."""
    first, _, second = inner.partition(":")
    at, cell = _address(first, "")
    text = cell if not second else f"{cell}:{_address(second, at)[1]}"
    return f"{at}!{text}" if at else text


def excel_formula(text: str, sheet: str) -> str:
    """An .ods cell's formula (``of:=IF([.A1]="";"";[$Settings.B1])``) in Excel's syntax, as the recalculation reads
    formulas (``=IF(A1="","",Settings!B1)``): references unbracketed, ``;`` as ``,``, xlscore's functions by name."""
    body = text.split(":", 1)[1] if text.startswith(("of:", "oooc:")) else text
    parts: list[str] = []
    last = 0
    for found in _STRING.finditer(body):
        parts.append(_plain_part(body[last : found.start()], sheet))
        parts.append(found.group())
        last = found.end()
    parts.append(_plain_part(body[last:], sheet))
    return "".join(parts)


def _plain_part(text: str, sheet: str) -> str:
    text = _REFERENCE.sub(lambda found: _reference(found.group(1), sheet), text).replace(";", ",")
    for prefix in _FUNCTION_PREFIXES:
        text = text.replace(prefix, "")
    return text


def _repeat(element: ET.Element, kind: str) -> int:
    value = element.get(_t(f"number-{kind}-repeated"), "1")
    return int(value) if value.isdigit() else 1


def _formulas(table: ET.Element, sheet: str) -> list[Formula]:
    """The formula cells of one table:table, each at its row and column (repeated rows and cells counted)."""
    found: list[Formula] = []
    row = 0
    for element in table.iter(_t("table-row")):
        row += 1
        col = 0
        for cell in element:
            if cell.tag not in (_t("table-cell"), _t("covered-table-cell")):
                continue
            col += 1
            text = cell.get(_t("formula"))
            if text is not None:
                columns = int(cell.get(_t("number-matrix-columns-spanned"), "0") or 0)
                rows = int(cell.get(_t("number-matrix-rows-spanned"), "0") or 0)
                array = Area(sheet, row, col, row + rows - 1, col + columns - 1) if columns and rows else None
                found.append(Formula(sheet, row, col, "=" + excel_formula(text, sheet).lstrip("="), (row, col), array))
            col += _repeat(cell, "columns") - 1
        row += _repeat(element, "rows") - 1
    return found


def _names(body: ET.Element) -> dict[str, str]:
    """The workbook's named expressions and ranges (those of a sheet left out), upper-cased, as Excel's text."""
    names: dict[str, str] = {}
    for block in body.findall(_t("named-expressions")):
        for named in block:
            name = (named.get(_t("name")) or "").upper()
            text = named.get(_t("expression")) or named.get(_t("cell-range-address")) or ""
            names[name] = excel_formula(text, "") if "[" in text else _reference(text, "")
    return names


def _tables(body: ET.Element) -> list[Table]:
    """The database ranges (an .xlsx's tables, as LibreOffice keeps them) whose area parses."""
    tables: list[Table] = []
    for block in body.findall(_t("database-ranges")):
        for found in block.findall(_t("database-range")):
            name = found.get(_t("name")) or ""
            first, _, second = (found.get(_t("target-range-address")) or "").partition(":")
            sheet, top_left = _address(first, "")
            _, bottom_right = _address(second, sheet)
            area = _area(sheet.strip("'").replace("''", "'"), top_left, bottom_right)
            if name and not name.startswith("__") and area is not None:
                tables.append(Table(name, area.sheet or "", area, ()))
    return tables


def _area(sheet: str, first: str, second: str) -> Area | None:
    from xlscore.engine.rewrite.refs import parse_area

    area = parse_area(f"{first}:{second}".replace("$", ""))
    return None if area is None else Area(sheet, area.top, area.left, area.bottom, area.right)


def _values(path: Path) -> dict[str, dict[tuple[int, int], object]]:
    """Each sheet's values by (row, column), from python-calamine, dates as Excel's serial numbers; blank cells left
    out."""
    from python_calamine import CalamineError, CalamineWorkbook

    try:
        workbook = CalamineWorkbook.from_path(str(path))
        values: dict[str, dict[tuple[int, int], object]] = {}
        for name in workbook.sheet_names:
            rows = workbook.get_sheet_by_name(name).to_python(skip_empty_area=False)
            values[name] = {
                (r, c): _serial(value)
                for r, row in enumerate(rows, start=1)
                for c, value in enumerate(row, start=1)
                if value != "" and value is not None
            }
    except CalamineError as exc:
        raise BookError(f"{path.name} cannot be read as a LibreOffice spreadsheet: {exc}") from exc
    return values


_EPOCH = datetime.datetime(1899, 12, 30)
"""Day 0 of Excel's serial dates (and LibreOffice's default null date)."""


def _serial(value: object) -> object:
    """A date, time or date and time as the serial number Excel stores (what the recalculation computes on, as it
    does an .xlsx's); every other value as it is."""
    if isinstance(value, datetime.datetime):
        return (value - _EPOCH) / datetime.timedelta(days=1)
    if isinstance(value, datetime.date):
        return float((value - _EPOCH.date()).days)
    if isinstance(value, datetime.time):
        return (value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6) / 86400
    if isinstance(value, datetime.timedelta):
        return value / datetime.timedelta(days=1)
    return value


def read_ods(path: str | Path) -> Book:
    """Every sheet's values and formulas, the named expressions and the database ranges of the .ods at ``path``."""
    source = Path(path)
    with open_workbook(source, opendocument=True) as zf:
        root = zf.xml("content.xml")
    body = root.find(f"{{{_OFFICE}}}body/{{{_OFFICE}}}spreadsheet")
    if body is None:
        raise BookError(f"{source.name} is not an OpenDocument spreadsheet: its content.xml holds no sheets")
    values = _values(source)
    sheets = []
    for table in body.findall(_t("table")):
        name = table.get(_t("name")) or ""
        sheets.append(Sheet(name, "", by_column(values.get(name, {})), _formulas(table, name)))
    return Book(source, sheets, _names(body), _tables(body))
