"""INDIRECT and OFFSET in recalc: Microsoft's documentation examples."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from openpyxl.workbook.defined_name import DefinedName

from xlscore.engine.evaluation.recalc import recalculate


def test_indirect_and_offset_give_microsofts_values(tmp_path: Path) -> None:
    """INDIRECT's page: A2:A5 hold B2, B3, George (a name for B4) and 5; B2:B5 hold 1.333, 45, 10 and 62.
    OFFSET's page: OFFSET(D3,3,-2,1,1) is the value of B6, SUM(OFFSET(D3:F5,3,-2,3,3)) the sum of B6:D8, and
    OFFSET(D3,-3,-3) is #REF! (off the sheet)."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    typed: list[tuple[str | int, float]] = [("B2", 1.333), ("B3", 45), ("George", 10), (5, 62)]
    for row, (a, b) in enumerate(typed, start=2):
        sheet[f"A{row}"], sheet[f"B{row}"] = a, b
    book.defined_names["George"] = DefinedName("George", attr_text="Data!$B$4")
    for row, numbers in enumerate(((4, 10, 8), (3, 6, 2), (1, 0, 0)), start=6):
        for col, number in zip("BCD", numbers, strict=True):
            sheet[f"{col}{row}"] = number
    other = book.create_sheet("Other")
    other["C3"] = "elsewhere"
    formulas = {
        "F1": ("=INDIRECT(A2)", 1.333),
        "F2": ("=INDIRECT(A3)", 45),
        "F3": ("=INDIRECT(A4)", 10),
        "F4": ('=INDIRECT("B"&A5)', 62),
        "F5": ("=OFFSET(D3,3,-2,1,1)", 4),
        "F6": ("=SUM(OFFSET(D3:F5,3,-2,3,3))", 34),
        "F7": ("=OFFSET(D3,-3,-3)", "#REF!"),
        "F8": ('=INDIRECT("Other!C3")', "elsewhere"),
        "F9": ('=INDIRECT("R3C2",FALSE)', 45),
        "F10": ('=INDIRECT("NoSuchSheet!A1")', "#REF!"),
        "F11": ("=ROWS(OFFSET(B2,0,0,COUNT(B2:B5),1))", 4),
        "F12": ('=INDIRECT("F"&ROW()-11)*2', 2.666),  # reads F1, computed in the same run
    }
    for cell, (formula, _) in formulas.items():
        sheet[cell] = formula
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    recalculate(source, out)
    values = openpyxl.load_workbook(out, data_only=True)["Data"]
    assert {cell: values[cell].value for cell in formulas} == {cell: want for cell, (_, want) in formulas.items()}
