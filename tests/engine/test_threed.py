"""References Excel reads in its own ways: 3-D references (``SUM(Sheet1:Sheet3!A1)``, with the values Excel saved
in Apache POI's test-data/spreadsheet/55906-MultiSheetRefs.xlsx), the intersection operator, and the implicit
intersection of a plain formula."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from openpyxl.worksheet.formula import ArrayFormula

from xlscore.engine.evaluation.recalc import recalculate
from xlscore.excel.functions.cells import CellError


def test_functions_over_a_span_of_sheets(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    first = book.active
    assert first is not None
    first.title = "Sheet1"
    second, third, after = book.create_sheet("Sheet2"), book.create_sheet("Sheet3"), book.create_sheet("Not in it")
    first["A1"], first["C1"], first["E1"] = 11, "Hello!", "Sh1"
    second["A1"], second["B1"], second["C1"], second["E1"] = 22, 44, "Middle!", "Sh2"
    third["A1"], third["C1"], third["E1"] = 33, "Bye!", "Sh3"
    after["A1"] = 1000
    formulas = {
        "A3": "=SUM(Sheet1:Sheet3!A1)",
        "B3": "=AVERAGE(Sheet1:Sheet3!A1)",
        "C3": "=COUNTA(Sheet1:Sheet3!C1)",
        "D3": "=COUNTA(Sheet1:Sheet3!D1)",
        "E3": "=COUNTA(Sheet1:Sheet3!E1)",
        "H3": "=SUM(Sheet1:Sheet3!A1:B2)",
        "I3": "=AVERAGE(Sheet1:Sheet3!A1:B2)",
        "B4": "=MIN(Sheet1:Sheet3!A$1)",
        "I4": "=MIN(Sheet1:Sheet3!A$1:B$2)",
        "B5": "=MAX(Sheet1:Sheet3!A$1)",
        "I5": "=MAX(Sheet1:Sheet3!A$1:B$2)",
        "B6": "=COUNT(Sheet1:Sheet3!A$1)",
        "I6": "=COUNT(Sheet1:Sheet3!$A$1:$B$2)",
        "A8": "=SUM('Sheet2:Not in it'!A1)",  # quoted, and a sheet with a space: 22 + 33 + 1000
        "A9": "=SUM(Sheet1:Nowhere!A1)",  # a sheet the book does not have
    }
    for cell, formula in formulas.items():
        first[cell] = formula
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    recalculate(source, out)
    values = openpyxl.load_workbook(out, data_only=True)["Sheet1"]
    assert {cell: values[cell].value for cell in formulas} == {
        "A3": 66,
        "B3": 22,
        "C3": 3,
        "D3": 0,
        "E3": 3,
        "H3": 110,
        "I3": 27.5,
        "B4": 11,
        "I4": 11,
        "B5": 33,
        "I5": 44,
        "B6": 3,
        "I6": 4,
        "A8": 1055,
        "A9": "#REF!",
    }


def test_the_intersection_operator(tmp_path: Path) -> None:
    """Apache POI's test-data/spreadsheet/Intersection-52111.xlsx as Excel saved it: =(C2:D3 D3:E4) is 4 (D3),
    =Tabelle2!E:E Tabelle2!11:11 is 5 (E11) and =Tabelle2!E:F Tabelle2!11:12 in one cell is #VALUE!; ranges that do
    not meet give #NULL!."""
    book = openpyxl.Workbook()
    first = book.active
    assert first is not None
    first.title = "Tabelle1"
    second = book.create_sheet("Tabelle2")
    for cell, value in {"C2": 1, "D2": 2, "C3": 3, "D3": 4, "E3": 5, "D4": 6, "E4": 7}.items():
        first[cell] = value
    for row, numbers in ((10, (1, 4, 7)), (11, (2, 5, 8)), (12, (3, 6, 9))):
        for col, value in zip("DEF", numbers, strict=True):
            second[f"{col}{row}"] = value
    formulas = {
        "A3": "=(C2:D3 D3:E4)",
        "A7": "=Tabelle2!E:E Tabelle2!11:11",
        "A9": "=Tabelle2!E:F Tabelle2!11:12",
        "A11": "=SUM(C2:C3 D2:E4)",
        "A12": "=SUM(Tabelle2!D10:F12 Tabelle2!E:E)",
    }
    for cell, formula in formulas.items():
        first[cell] = formula
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    recalculate(source, out)
    values = openpyxl.load_workbook(out, data_only=True)["Tabelle1"]
    assert {cell: values[cell].value for cell in formulas} == {
        "A3": 4,
        "A7": 5,
        "A9": "#VALUE!",
        "A11": "#NULL!",
        "A12": 15,
    }


def test_a_plain_formula_intersects_a_range_an_operator_works_on(tmp_path: Path) -> None:
    """SheetJS's test_files formulae_test_simple.xlsx as Excel saved it: A1:B5 hold 1 to 5 in each column; the plain
    =SUM(A1:A5*B1:B5) in A6 is #VALUE! (no cell of A1:A5 in line with row 6), the same formula entered as an array
    formula in B6 is 55. In row 3 the plain formula multiplies A3 by B3; SUMPRODUCT keeps the whole ranges."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in range(1, 6):
        sheet[f"A{row}"], sheet[f"B{row}"] = row, row
    sheet["A6"] = "=SUM(A1:A5*B1:B5)"
    sheet["B6"] = ArrayFormula("B6", "=SUM(A1:A5*B1:B5)")
    sheet["D3"] = "=SUM(A1:A5*B1:B5)"
    sheet["E2"] = "=SUMPRODUCT(A1:A5*B1:B5)"
    sheet["F3"] = "=A1:A5*2"
    sheet["G6"] = "=SUM(A1:A5)"
    source = tmp_path / "in.xlsx"
    book.save(source)
    values = recalculate(source).evaluation.values[sheet.title.upper()]
    assert values[6, 1] == CellError("#VALUE!")
    assert (values[6, 2], values[3, 4], values[2, 5], values[3, 6], values[6, 7]) == (55, 9, 55, 6, 15)
