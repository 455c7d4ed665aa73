"""A sheet of COUNTIF, SUMIF, AVERAGEIF and their -S forms over one column of mixed values, a formula per criterion
and function: recomputed by LibreOffice in the slow group, with Excel's values written into the fast tests."""

from __future__ import annotations

from pathlib import Path

import openpyxl

# The tested column A2:A13, its sum column B (powers of two: a sum names the cells matched) and a sum column C with
# texts among its numbers (a number typed as text, a word: neither added).
TESTED: list[object] = ["a", "A", "b", "B", 5, "5", "7", 7, None, True, "c", "apple"]
POWERS = [float(2**i) for i in range(len(TESTED))]
MIXED: list[object] = ["100", 2, "x", 8, "16", 32, "y", 128, 256, 512, 1024, 2048]
TESTED_RANGE, POWERS_RANGE, MIXED_RANGE = "$A$2:$A$13", "$B$2:$B$13", "$C$2:$C$13"

CRITERIA = [
    '"a"',
    '"=a"',
    '"<>a"',
    '">b"',
    '"<b"',
    '">=b"',
    '"<=B"',
    '">5"',
    '"<6"',
    '"=5"',
    '"5"',
    "5",
    '"<>5"',
    '"<>"',
    '"="',
    '""',
    '"a*"',
    '"A?"',
    '"<>a*"',
    '"*"',
    "TRUE",
    '"7"',
    '">=7"',
    '"<>7"',
    '"<>A"',
    '">A"',
]


def formulas(criterion: str) -> dict[str, str]:
    """Each function's formula for ``criterion`` (a formula's literal: ``"<>a"``, ``5``, ``TRUE``), by name."""
    tested, powers, mixed = TESTED_RANGE, POWERS_RANGE, MIXED_RANGE
    return {
        "COUNTIF": f"=COUNTIF({tested},{criterion})",
        "SUMIF": f"=SUMIF({tested},{criterion},{powers})",
        "SUMIF mixed": f"=SUMIF({tested},{criterion},{mixed})",
        "AVERAGEIF mixed": f"=AVERAGEIF({tested},{criterion},{mixed})",
        "COUNTIFS": f'=COUNTIFS({tested},{criterion},{powers},">0")',
        "SUMIFS": f"=SUMIFS({powers},{tested},{criterion})",
        "AVERAGEIFS mixed": f"=AVERAGEIFS({mixed},{tested},{criterion})",
    }


FUNCTIONS = list(formulas('"a"'))
COLUMNS = "EFGHIJKLMNOP"


def cell(criterion: str, function: str) -> str:
    """Where the formula of ``function`` for ``criterion`` stands on the sheet."""
    return f"{COLUMNS[1 + FUNCTIONS.index(function)]}{2 + CRITERIA.index(criterion)}"


def write(path: Path) -> Path:
    """The sheet (named Data) saved as ``path``: the columns A:C, then a row per criterion (its literal in E)."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    for row, values in enumerate(zip(TESTED, POWERS, MIXED, strict=True), start=2):
        for column, value in zip("ABC", values, strict=True):
            if value is not None:
                sheet[f"{column}{row}"] = value  # type: ignore[assignment]
    for criterion in CRITERIA:
        literal = sheet[f"E{2 + CRITERIA.index(criterion)}"]
        literal.value, literal.data_type = criterion, "s"
        for function, formula in formulas(criterion).items():
            sheet[cell(criterion, function)] = formula
    book.save(path)
    return path
