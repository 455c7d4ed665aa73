"""XLOOKUP with the values Excel saved in Apache POI's test-data/spreadsheet/xlookup.xlsx and Microsoft's examples."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from openpyxl.utils.cell import coordinate_to_tuple
from openpyxl.worksheet.formula import ArrayFormula

from xlscore.engine.evaluation.recalc import recalculate
from xlscore.excel.functions.cells import CellError

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


def test_index_with_a_zero_gives_the_whole_row_or_column(tmp_path: Path) -> None:
    """dgorissen/pycel's tests/fixtures/lookup.xlsx, sheet Index, as Excel saved it: over B2:F6 (1 to 25 by rows),
    {=INDEX($B$2:$F$6,1,0)} in J12:N12 is 1 to 5, {=INDEX($B$2:$F$6,0,1)} in D18:D22 is 1, 6, 11, 16, 21, a row past
    the range is #REF! and a negative one #VALUE!; Apache POI's FormulaEvalTestData.xlsx: a blank row number is
    #VALUE!."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Index"
    for row in range(5):
        for col in range(5):
            sheet.cell(2 + row, 2 + col, 5 * row + col + 1)
    sheet["J12"] = ArrayFormula("J12:N12", "=INDEX($B$2:$F$6,1,0)")
    sheet["D18"] = ArrayFormula("D18:D22", "=INDEX($B$2:$F$6,0,1)")
    sheet["C11"], sheet["C12"], sheet["C13"] = "=INDEX($B$2:$F$6,6,1)", "=INDEX($B$2:$F$6,-1,1)", "=INDEX(B2:F6,H1,2)"
    sheet["C14"], sheet["C15"] = "=INDEX(B2:F6,3,4)", "=INDEX(B2:B6,4)"
    source = tmp_path / "in.xlsx"
    book.save(source)
    values = recalculate(source).evaluation.values["INDEX"]
    assert [values[12, col] for col in range(10, 15)] == [1, 2, 3, 4, 5]
    assert [values[row, 4] for row in range(18, 23)] == [1, 6, 11, 16, 21]
    assert [values[row, 3] for row in range(11, 16)] == [
        CellError("#REF!"),
        CellError("#VALUE!"),
        CellError("#VALUE!"),
        14,
        16,
    ]


def test_lookup_as_excel_saved_it(tmp_path: Path) -> None:
    """dgorissen/pycel's lookup.xlsx (sheet Lookup) and vinci1it2000/formulas' test.xlsx (sheet LOOKUP), as Excel
    saved them. Table2 is B11:F14: 0 to 4, then a e i o u, then a row of mixed values."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for col, (number, vowel) in enumerate(zip((0, 1, 2, 3, 4), "aeiou", strict=True), start=2):
        sheet.cell(11, col, number)
        sheet.cell(12, col, vowel)
        sheet.cell(5 + number, 2, number)  # Table1: B5:C9, 0 to 4 beside the vowels
        sheet.cell(5 + number, 3, vowel)
    formulas = {
        "C20": "=LOOKUP(0.5,$B$11:$F$12)",  # wider than tall: first row searched, last row given: a
        "H20": '=LOOKUP("plugh",$B$11:$F$12)',  # text among numbers: #N/A
        "C24": "=LOOKUP(0.5,$B$5:$C$9)",  # taller: first column, last column: a
        "B24": "=LOOKUP(-1,$B$5:$C$9)",  # below them all: #N/A
        "C28": "=LOOKUP(3.5, $B$5:$C$9, $C$5:$C$9)",  # the vector form: o
        "S56": "=LOOKUP(2,{-1.1,2.1,3.1,4.1})",  # -1.1
        "AG57": '=LOOKUP(20,{"a",2.1,"b",4.1},{"L","ML","MR","R"})',  # R
        "X60": '=LOOKUP("b",{"b",4.1,"a",1.1})',  # a
        "S60": '=LOOKUP(2,{"b",4.1,"a",1.1})',  # #N/A
        "Y62": "=LOOKUP(TRUE,{TRUE,4.1,FALSE,1.1})",  # FALSE
    }
    for cell, formula in formulas.items():
        sheet[cell] = formula
    source = tmp_path / "in.xlsx"
    book.save(source)
    values = recalculate(source).evaluation.values[sheet.title.upper()]
    assert {cell: values[coordinate_to_tuple(cell)] for cell in formulas} == {
        "C20": "a",
        "H20": CellError("#N/A"),
        "C24": "a",
        "B24": CellError("#N/A"),
        "C28": "o",
        "S56": -1.1,
        "AG57": "R",
        "X60": "a",
        "S60": CellError("#N/A"),
        "Y62": False,
    }
