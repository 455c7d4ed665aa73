"""Functions the formula engine lacks, added by xlscore, with the values of Microsoft's documentation examples."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from xlscore.excel.workbook.recalc import recalculate


def test_added_functions_give_microsofts_values(tmp_path: Path) -> None:
    formulas = {
        "A1": ("=QUOTIENT(5,2)", 2),
        "A2": ("=QUOTIENT(4.5,3.1)", 1),
        "A3": ("=QUOTIENT(-10,3)", -3),
        "A4": ("=COMBIN(8,2)", 28),
        "A5": ("=DOLLAR(1234.567,2)", "$1,234.57"),
        "A6": ("=DOLLAR(1234.567,-2)", "$1,200"),
        "A7": ("=DOLLAR(-1234.567,-2)", "($1,200)"),
        "A8": ("=DOLLAR(-0.123,4)", "($0.1230)"),
        "A9": ("=DOLLAR(99.888)", "$99.89"),
        "A10": ("=BASE(7,2)", "111"),
        "A11": ("=BASE(100,16)", "64"),
        "A12": ("=BASE(15,2,10)", "0000001111"),
        "A13": ("=INDEX(SEQUENCE(4,5),2,3)", 8),  # SEQUENCE(4,5): 1 to 20, four rows of five
        "A14": ("=SUM(_xlfn.SEQUENCE(4,5))", 210),
        "A15": (
            '=HYPERLINK("http://example.microsoft.com/report/budget report.xlsx","Click for report")',
            "Click for report",
        ),
        "A16": ('=HYPERLINK("http://example.microsoft.com")', "http://example.microsoft.com"),
        "A17": ("=LET(x, 1, x + 1)", 2),  # Microsoft's LET page
        "A18": ("=_xlfn.LET(_xlpm.x,5,_xlpm.y,_xlpm.x*2,_xlpm.x+_xlpm.y)", 15),  # as Excel saves LET: 5 + 10
        "A19": ("=LET(x,2,LET(y,x*3,y+x))", 8),
    }
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    for cell, (formula, _) in formulas.items():
        sheet[cell] = formula
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    assert recalculate(source, out).errors == ()
    values = openpyxl.load_workbook(out, data_only=True)["Data"]
    assert {cell: values[cell].value for cell in formulas} == {cell: want for cell, (_, want) in formulas.items()}
