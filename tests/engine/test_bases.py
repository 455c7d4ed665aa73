"""The base conversions with the values Excel saved in xlcalculator's tests/resources/BASES.xlsx (sheet and cell
given for each) and Microsoft's examples from each function's page."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from openpyxl.worksheet.formula import ArrayFormula

from tests.engine.recalculated import recalculated
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.excel.functions.cells import CellError


def test_base_conversions_as_excel_saved_them(tmp_path: Path) -> None:
    cells = {"A1": 512, "A2": -512, "A3": -513, "A4": 10, "A5": -11, "A6": "A", "A7": -1, "A8": "fffffffffe"}
    cells["A9"] = '=""'
    formulas = {
        "B1": "=DEC2BIN(A1)",  # dec2!I12: 512 is past 511
        "B2": "=DEC2BIN(A2)",  # dec2!L12
        "B3": "=DEC2BIN(A3)",  # dec2!N12
        "B4": "=OCT2HEX(A4,4)",  # places!F6
        "B5": "=BIN2OCT(A4,11)",  # places!C13: more than 10 places
        "B6": "=DEC2BIN(A5,1)",  # places-dec2!C15: a negative number ignores places
        "B7": "=DEC2BIN(A5,0)",  # places-dec2!B15
        "B8": "=DEC2BIN(A5,11)",  # places-dec2!M15
        "B9": "=BIN2DEC(A6)",  # non-numeric!C4
        "B10": "=DEC2BIN(A6)",  # non-numeric!H4
        "B11": "=DEC2BIN(A9)",  # non-numeric!H3: the empty text
        "B12": "=BIN2OCT(A9)",  # non-numeric!B3
        "B13": "=HEX2BIN(A6)",  # hex2!B6
        "B14": "=BIN2DEC(A7)",  # bin2!B2: -1 is no binary number
        "B15": '=DEC2BIN("E",0)',  # places!G38: places is checked first
        # Microsoft's examples:
        "C1": "=DEC2BIN(9,4)",
        "C2": "=DEC2BIN(-100)",
        "C3": "=DEC2HEX(100,4)",
        "C4": "=DEC2HEX(-54)",
        "C5": "=HEX2DEC(A8)",
        "C6": '=HEX2BIN("F",8)',
        "C7": "=BIN2DEC(1111111111)",
        "C8": '=OCT2DEC("7777777533")',
        "C9": "=BIN2HEX(11111011,4)",
    }
    assert recalculated(tmp_path, cells, formulas) == {
        "B1": "#NUM!",
        "B2": "1000000000",
        "B3": "#NUM!",
        "B4": "0008",
        "B5": "#NUM!",
        "B6": "1111110101",
        "B7": "#NUM!",
        "B8": "#NUM!",
        "B9": "#NUM!",
        "B10": "#VALUE!",
        "B11": "#VALUE!",
        "B12": "0",
        "B13": "1010",
        "B14": "#NUM!",
        "B15": "#NUM!",
        "C1": "1001",
        "C2": "1110011100",
        "C3": "0064",
        "C4": "FFFFFFFFCA",
        "C5": -2,
        "C6": "00001111",
        "C7": -1,
        "C8": -165,
        "C9": "00FB",
    }


def test_a_range_of_several_cells_is_value_in_each(tmp_path: Path) -> None:
    # vinci1it2000/formulas' test/test_files/test.xlsx, ENGINEERING!AH26:AO26 {=HEX2BIN(C26:J26)}: all #VALUE!.
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["C1"], sheet["D1"], sheet["E1"] = 0, 1, "A"
    sheet["A3"] = ArrayFormula("A3:C3", "=HEX2BIN(C1:E1)")
    source = tmp_path / "in.xlsx"
    book.save(source)
    values = recalculate(source).evaluation.values[sheet.title.upper()]
    assert [values[3, col] for col in (1, 2, 3)] == [CellError("#VALUE!")] * 3
