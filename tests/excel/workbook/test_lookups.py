"""XLOOKUP with the values Excel saved in Apache POI's test-data/spreadsheet/xlookup.xlsx and Microsoft's examples."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from openpyxl.worksheet.formula import ArrayFormula

from xlscore.excel.functions.cells import CellError
from xlscore.excel.workbook.recalc import recalculate

_STAFF = [
    (4390, "Ned Lanning", "Marketing"),
    (8604, "Margo Hendrix", "Sales"),
    (8389, "Dianne Pugh", "Finance"),
    (4937, "Earlene McCarty", "Accounting"),
    (8299, "Mia Arnold", "Operations"),
    (2643, "Jorge Fellows", "Executive"),
    (5243, "Rose Winters", "Sales"),
    (9693, "Carmela Hahn", "Finance"),
    (1636, "Delia Cochran", "Accounting"),
    (6703, "Marguerite Cervantes", "Marketing"),
]


def test_xlookup_as_excel_saved_it(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sheet1"
    for row, (ident, name, department) in enumerate(_STAFF, start=5):
        sheet[f"B{row}"], sheet[f"C{row}"], sheet[f"D{row}"] = ident, name, department
    sheet["B2"] = 8389
    sheet["C2"] = ArrayFormula("C2:D2", "=_xlfn.XLOOKUP(B2,B5:B14,C5:D14)")  # Sheet1!C2:D2: Dianne Pugh, Finance
    # Sheet2: tax rates by maximum income, with text among the incomes; a binary search for the next larger.
    rates = book.create_sheet("Sheet2")
    for row, (rate, income) in enumerate(
        ((0.1, 9700), (0.22, "xyz"), (0.24, "xyz"), (0.32, 160726), (0.35, 204100), (0.37, 510300)), start=2
    ):
        rates[f"B{row}"], rates[f"C{row}"] = rate, income
    rates["E2"], rates["F2"] = 46523, "=_xlfn.XLOOKUP(E2,C2:C7,B2:B7,0,1,2)"  # Sheet2!F2: 0.22
    rates["F3"] = '=_xlfn.XLOOKUP(1,C2:C7,B2:B7,"none")'  # not found: the default
    rates["F4"] = "=_xlfn.XLOOKUP(200000,C2:C7,B2:B7,,-1)"  # exact or next smaller: 160726's 0.32
    rates["F5"] = "=_xlfn.XLOOKUP(1,C2:C7,B2:B7)"
    rates["F6"] = '=_xlfn.XLOOKUP("X?Z",C2:C7,B2:B7,,2)'  # wildcards, without regard to case: the first xyz
    rates["F7"] = '=_xlfn.XLOOKUP("xyz",C2:C7,B2:B7,,0,-1)'  # last to first: the second xyz
    source = tmp_path / "in.xlsx"
    book.save(source)
    values = recalculate(source).evaluation.values
    assert (values["SHEET1"][2, 3], values["SHEET1"][2, 4]) == ("Dianne Pugh", "Finance")
    assert [values["SHEET2"][row, 6] for row in range(2, 8)] == [0.22, "none", 0.32, CellError("#N/A"), 0.22, 0.24]
