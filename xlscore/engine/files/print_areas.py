"""Print areas sized to the tables they print, as plain ranges that every program honours.

A template's print area is a plain range (``'Standings'!$A$1:$G$7``), not a formula: LibreOffice ignores a print
area written as a formula, and openpyxl refuses one ("Print area cannot be set to Defined name") and drops it when
it saves. A plain range does not follow a table as it grows, so each recalculation sizes it again
(:func:`fitted_print_areas`, called as ``xlscore recalc`` writes its copy): a print area whose last column is the
columns are those of a table spilled inside it ends on that table's last row.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from xlscore.engine.rewrite.refs import Area, cell_name, parse_area

__all__ = ["fitted_print_areas", "plain_area"]

_PRINT_AREA = re.compile(rb'(<(?:\w+:)?definedName\b[^>]*name="_xlnm\.Print_Area"[^>]*>)([^<]*)(</)')
_SHEET_ID = re.compile(rb'localSheetId="(\d+)"')


def plain_area(sheet: str, area: Area) -> str:
    """A print area's text: ``'Sheet'!$A$1:$G$7``."""
    quoted = "'" + sheet.replace("'", "''") + "'"
    first, last = cell_name(area.top, area.left), cell_name(area.bottom, area.right)
    return f"{quoted}!{_absolute(first)}:{_absolute(last)}"


def _absolute(cell: str) -> str:
    return re.sub(r"([A-Z]+)(\d+)", r"$\1$\2", cell)


def _fitted(area: Area, spills: Sequence[Area]) -> Area:
    for spill in spills:
        if area.top <= spill.top <= area.bottom and (spill.left, spill.right) == (area.left, area.right):
            return Area(area.sheet, area.top, area.left, max(spill.bottom, spill.top), area.right)
    return area


def fitted_print_areas(workbook: bytes, sheets: Sequence[str], spills: Mapping[tuple[str, int, int], Area]) -> bytes:
    """The workbook part with each plain print area whose columns are a spilled table's sized to that table's
    rows (``sheets``: the sheets' names in the order ``localSheetId`` counts them; ``spills`` by upper-cased
    sheet, anchor row and column)."""
    by_sheet: dict[str, list[Area]] = {}
    for (sheet, _, _), spill in spills.items():
        by_sheet.setdefault(sheet.upper(), []).append(spill)

    def fit(match: re.Match[bytes]) -> bytes:
        number = _SHEET_ID.search(match.group(1))
        text = match.group(2).decode("utf-8", "replace").replace("&apos;", "'")
        area = parse_area(text)
        if number is None or int(number.group(1)) >= len(sheets) or area is None:
            return match.group(0)
        sheet = sheets[int(number.group(1))]
        fitted = _fitted(area, by_sheet.get(sheet.upper(), []))
        if fitted == area:
            return match.group(0)
        new = plain_area(sheet, fitted).replace("&", "&amp;").encode()
        return match.group(1) + new + match.group(3)

    return _PRINT_AREA.sub(fit, workbook)
