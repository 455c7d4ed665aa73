"""Which cells of a workbook show a date or a time, so that an export writes ``2026-01-06``, not ``46028``.

A spreadsheet stores a date as a number (days since 1899-12-30, or since 1904-01-01 in a workbook saved with the
1904 date system) and shows it as a date by the cell's number format. The workbook reader
(:mod:`xlscore.engine.files.book`) reads values only, as recalculation needs; this module is read only when a
table is exported (by a host: ``xlscore export``, ``xlscore.excel.results.read_results``): the styles part's
number formats (``numFmts``, and Excel's built-in ones by number), the cell formats that use them (``cellXfs``),
and, only when a workbook has a date format at all, each exported sheet's cells' style numbers.

A format shows a date when it has year, month or day codes (``yyyy-mm-dd``, built-ins 14 to 17 and 22), a time when
it has hours or seconds (``h:mm``, built-ins 18 to 21 and 45 to 47), both when it has both. Text in quotes,
escaped characters and bracketed codes (a colour, a locale) do not count; an elapsed time (``[h]:mm``) is a
duration, not a time of day, and stays a number.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from xlscore.engine.files.safezip import SafeZip, open_workbook, sheet_parts

__all__ = ["BUILTIN", "BUILTIN_CODES", "Kind", "as_date", "cell_formats", "dated_cells", "format_kind"]

Kind = Literal["date", "time", "datetime"]

BUILTIN: dict[int, Kind] = {
    **dict.fromkeys((14, 15, 16, 17), "date"),
    **dict.fromkeys((18, 19, 20, 21, 45, 46, 47), "time"),
    22: "datetime",
    # The East Asian built-ins (a workbook saved in a Chinese, Japanese or Korean Excel): dates, and 32 to 35 times.
    **dict.fromkeys((27, 28, 29, 30, 31, 36, 50, 51, 52, 53, 54, 57, 58), "date"),
    **dict.fromkeys((32, 33, 34, 35, 55, 56), "time"),
}
"""Excel's built-in number formats that show a date or a time, by number (ECMA-376 part 1, 18.8.30)."""

BUILTIN_CODES: dict[int, str] = {
    0: "General",
    1: "0",
    2: "0.00",
    3: "#,##0",
    4: "#,##0.00",
    9: "0%",
    10: "0.00%",
    11: "0.00E+00",
    14: "yyyy-mm-dd",
    15: "d-mmm-yy",
    16: "d-mmm",
    17: "mmm-yy",
    18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM",
    20: "h:mm",
    21: "h:mm:ss",
    22: "yyyy-mm-dd h:mm",
    49: "@",
}
"""The codes of Excel's built-in number formats a page shows (14, a short date, as an ISO date: its text follows
the reader's locale in Excel)."""

_NOT_CODES = re.compile(r'"[^"]*"|\\.|_.|\*.|\[[^\]]*\]|general|am/pm|a/p', re.IGNORECASE)
_ELAPSED = re.compile(r"\[(h+|m+|s+)\]", re.IGNORECASE)


def format_kind(code: str) -> Kind | None:
    """Whether a number format shows a date, a time of day or both (None: a number, text, or a duration)."""
    first = code.split(";")[0]  # the format of a positive number: a date is one
    if _ELAPSED.search(first):
        return None
    letters = _NOT_CODES.sub("", first).lower()
    time = "h" in letters or "s" in letters
    date = "y" in letters or "d" in letters or ("m" in letters and not time)
    if date and time:
        return "datetime"
    return "date" if date else "time" if time else None


def _style_kinds(zf: SafeZip) -> dict[int, Kind]:
    """The cell formats (``s`` numbers) that show a date or a time."""
    if not zf.has("xl/styles.xml"):
        return {}
    root = zf.xml("xl/styles.xml")
    custom: dict[int, Kind | None] = {}
    kinds: dict[int, Kind] = {}
    for element in root:
        tag = element.tag.rsplit("}", 1)[-1]
        if tag == "numFmts":
            for fmt in element:
                number = fmt.get("numFmtId", "")
                if number.isdigit():
                    custom[int(number)] = format_kind(fmt.get("formatCode", ""))
        elif tag == "cellXfs":
            for index, xf in enumerate(element):
                number = xf.get("numFmtId", "0")
                if not number.isdigit():
                    continue
                kind = custom[int(number)] if int(number) in custom else BUILTIN.get(int(number))
                if kind is not None:
                    kinds[index] = kind
    return kinds


def _date1904(zf: SafeZip) -> bool:
    for element in zf.xml("xl/workbook.xml"):
        if element.tag.rsplit("}", 1)[-1] == "workbookPr":
            return element.get("date1904", "").lower() in ("1", "true")
    return False


_CELL = re.compile(rb"<(?:\w+:)?c\s([^>]*)>")
_REF = re.compile(rb'\br="([A-Z]{1,3})([0-9]+)"')
_STYLE = re.compile(rb'\bs="([0-9]+)"')


def _column(letters: bytes) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + letter - 64
    return number


def dated_cells(path: str | Path, sheets: Iterable[str]) -> tuple[dict[str, dict[tuple[int, int], Kind]], bool]:
    """The cells of ``sheets`` (by name, any case) whose format shows a date or a time, by upper-cased sheet name,
    and whether the workbook counts its dates from 1904."""
    wanted = {name.upper() for name in sheets}
    found: dict[str, dict[tuple[int, int], Kind]] = {}
    with open_workbook(Path(path)) as zf:
        kinds = _style_kinds(zf)
        if not kinds:
            return found, False
        styles = {str(number).encode(): kind for number, kind in kinds.items()}
        for name, part in sheet_parts(zf):
            if name.upper() not in wanted:
                continue
            cells: dict[tuple[int, int], Kind] = {}
            for match in _CELL.finditer(zf.checked(part)):
                attributes = match.group(1)
                style = _STYLE.search(attributes)
                kind = styles.get(style.group(1)) if style is not None else None
                ref = _REF.search(attributes) if kind is not None else None
                if kind is not None and ref is not None:
                    cells[int(ref.group(2)), _column(ref.group(1))] = kind
            found[name.upper()] = cells
        return found, _date1904(zf)


_1900 = dt.datetime(1899, 12, 30)
_1904 = dt.datetime(1904, 1, 1)


def as_date(serial: float, kind: Kind, date1904: bool = False) -> dt.date | dt.time | dt.datetime | float:
    """A spreadsheet's date number as the date, time or both it shows (the number itself when no date has it).

    Excel's 1900 system counts 29 February 1900, which never was (Lotus 1-2-3's slip, kept): a number below 61
    is one day later than the days since 1899-12-30 say, and 60 itself is no date.
    """
    if not 0 <= serial < 2_958_466 or (not date1904 and serial == 60 and kind != "time"):  # 9999-12-31 is the last
        return serial
    if not date1904 and serial < 60:
        serial += 1
    moment = (_1904 if date1904 else _1900) + dt.timedelta(days=serial)
    moment = moment.replace(microsecond=0) + dt.timedelta(seconds=round(moment.microsecond / 1e6))
    if kind == "date":
        return moment.date()
    if kind == "time":
        return moment.time()
    return moment


def _style_codes(zf: SafeZip) -> dict[int, str]:
    """The number format code of each cell format (``s`` number) that has one besides General."""
    if not zf.has("xl/styles.xml"):
        return {}
    custom: dict[int, str] = {}
    codes: dict[int, str] = {}
    for element in zf.xml("xl/styles.xml"):
        tag = element.tag.rsplit("}", 1)[-1]
        if tag == "numFmts":
            custom.update(
                {
                    int(f.get("numFmtId", "")): f.get("formatCode", "")
                    for f in element
                    if f.get("numFmtId", "").isdigit()
                }
            )
        elif tag == "cellXfs":
            for index, xf in enumerate(element):
                number = xf.get("numFmtId", "0")
                code = custom.get(int(number)) or BUILTIN_CODES.get(int(number)) if number.isdigit() else None
                if code and code != "General":
                    codes[index] = code
    return codes


def cell_formats(path: str | Path, sheets: Iterable[str]) -> dict[str, dict[tuple[int, int], str]]:
    """The number format code of every cell of ``sheets`` (by name, any case) formatted other than General, by
    upper-cased sheet name: how the workbook shows each number (``0.00``, ``yyyy-mm-dd``)."""
    wanted = {name.upper() for name in sheets}
    found: dict[str, dict[tuple[int, int], str]] = {}
    with open_workbook(Path(path)) as zf:
        codes = {str(number).encode(): code for number, code in _style_codes(zf).items()}
        for name, part in sheet_parts(zf):
            if name.upper() not in wanted or not codes:
                continue
            cells: dict[tuple[int, int], str] = {}
            for match in _CELL.finditer(zf.checked(part)):
                style = _STYLE.search(match.group(1))
                code = codes.get(style.group(1)) if style is not None else None
                ref = _REF.search(match.group(1)) if code is not None else None
                if code is not None and ref is not None:
                    cells[int(ref.group(2)), _column(ref.group(1))] = code
            found[name.upper()] = cells
    return found
