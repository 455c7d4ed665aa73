"""Functions the formula engine lacks, added by xlscore, with the values of Microsoft's documentation examples."""

from __future__ import annotations

import os
from pathlib import Path

import openpyxl
import pytest
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.worksheet import Worksheet

from tests.engine.recalculated import recalculated
from xlscore.engine.evaluation.recalc import recalculate


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


def test_ceiling_and_floor_keep_the_sign_as_microsoft_shows(tmp_path: Path) -> None:
    """Microsoft's CEILING.MATH, FLOOR.MATH, CEILING.PRECISE, ISO.CEILING and FLOOR.PRECISE pages, and Excel's saved
    values in ClosedXML's ceiling-floor.xlsx for -23.5 with no significance (the engine gave 24 and 23)."""
    expected = {
        "=_xlfn.CEILING.MATH(24.3,5)": 25,
        "=_xlfn.CEILING.MATH(6.7)": 7,
        "=_xlfn.CEILING.MATH(-8.1,2)": -8,
        "=_xlfn.CEILING.MATH(-5.5,2,-1)": -6,
        "=_xlfn.CEILING.MATH(-23.5)": -23,
        "=_xlfn.FLOOR.MATH(24.3,5)": 20,
        "=_xlfn.FLOOR.MATH(6.7)": 6,
        "=_xlfn.FLOOR.MATH(-8.1,2)": -10,
        "=_xlfn.FLOOR.MATH(-5.5,2,-1)": -4,
        "=_xlfn.FLOOR.MATH(-23.5)": -24,
        "=_xlfn.CEILING.PRECISE(4.3)": 5,
        "=_xlfn.CEILING.PRECISE(-4.3)": -4,
        "=_xlfn.CEILING.PRECISE(4.3,-2)": 6,
        "=_xlfn.CEILING.PRECISE(-4.3,2)": -4,
        "=ISO.CEILING(4.3,2)": 6,
        "=ISO.CEILING(-4.3,-2)": -4,
        "=_xlfn.FLOOR.PRECISE(-3.2,-1)": -4,
        "=_xlfn.FLOOR.PRECISE(3.2,1)": 3,
        "=_xlfn.FLOOR.PRECISE(-3.2,1)": -4,
        "=_xlfn.FLOOR.PRECISE(3.2)": 3,
        "=_xlfn.CEILING.PRECISE(0.3,0.1)": 0.3,
    }
    formulas = {f"A{i}": formula for i, formula in enumerate(expected, start=1)}
    values = recalculated(tmp_path, {}, formulas)
    assert [values[cell] for cell in formulas] == list(expected.values())


def test_choose_gives_the_chosen_argument_whole(tmp_path: Path) -> None:
    """Microsoft's CHOOSE page (A2:A5 1st, 2nd, 3rd, Finished; CHOOSE(2, ...) is 2nd) and xlcalculator's
    choose.xlsx, whose values Excel saved: with B1:E1 holding 1 to 4, CHOOSE(3,B1:D1,E1,12) is 12 in its one cell
    and CHOOSE(2,B1:D1,E1,11) is 4 (the engine spread both over three cells)."""
    cells = {"A2": "1st", "A3": "2nd", "A4": "3rd", "A5": "Finished", "B1": 1, "C1": 2, "D1": 3, "E1": 4}
    formulas = {
        "G1": "=CHOOSE(2,A2,A3,A4,A5)",
        "G2": "=CHOOSE(3,B1:D1,E1,12)",
        "G3": "=CHOOSE(2,B1:D1,E1,11)",
        "G4": "=CHOOSE(5,A2,A3)",
    }
    values = recalculated(tmp_path, cells, formulas)
    assert values == {"G1": "2nd", "G2": 12, "G3": 4, "G4": "#VALUE!"}


def test_round_takes_excels_fifteen_digits_first(tmp_path: Path) -> None:
    """Microsoft's ROUND, ROUNDUP and ROUNDDOWN pages, and Apache POI's 56315.xlsx, where Excel saved
    ROUND(1*(0.001+0.5-0.4-0.05-0.001),1) as 0.1: the sum is 0.049999999999999975 in binary, 0.05 to Excel's 15
    digits (the engine gave 0)."""
    expected = {
        "=ROUND(2.15,1)": 2.2,
        "=ROUND(2.149,1)": 2.1,
        "=ROUND(-1.475,2)": -1.48,
        "=ROUND(21.5,-1)": 20,
        "=ROUND(626.3,-3)": 1000,
        "=ROUND(1.98,-1)": 0,
        "=ROUND(-50.55,-2)": -100,
        "=ROUND(1*(0.001+0.5-0.4-0.05-0.001),1)": 0.1,
        "=ROUNDUP(3.2,0)": 4,
        "=ROUNDUP(76.9,0)": 77,
        "=ROUNDUP(3.14159,3)": 3.142,
        "=ROUNDUP(-3.14159,1)": -3.2,
        "=ROUNDUP(31415.92654,-2)": 31500,
        "=ROUNDUP(0.1+0.2,1)": 0.3,
        "=ROUNDDOWN(3.2,0)": 3,
        "=ROUNDDOWN(76.9,0)": 76,
        "=ROUNDDOWN(3.14159,3)": 3.141,
        "=ROUNDDOWN(-3.14159,1)": -3.1,
        "=ROUNDDOWN(31415.92654,-2)": 31400,
    }
    formulas = {f"A{i}": formula for i, formula in enumerate(expected, start=1)}
    values = recalculated(tmp_path, {}, formulas)
    assert [values[cell] for cell in formulas] == list(expected.values())


def test_information_functions_as_excel_saved_them(tmp_path: Path) -> None:
    # dgorissen/pycel's tests/fixtures/information.xlsx (Information sheet) and SheetJS's formula_stress_test.xlsx
    # (Information!B11, B15; Statistical!B87), as Excel saved them: ISNUMBER of the text '1' is FALSE, N(TRUE) is
    # 1 and N(FALSE) 0; CELL("contents", B2) is B2's value (TRUE, the result of =ISBLANK(A2)); MODE.MULT in one
    # cell is its first mode.
    cells = {"A14": "1", "A17": True, "A18": False, "C87": 8, "D87": 8, "E87": 1, "F87": 5}
    formulas = {
        "B2": "=ISBLANK(A2)",
        "I14": "=ISNUMBER(A14)",
        "I16": "=ISNUMBER(A17)",
        "I17": "=ISNUMBER(C87)",
        "L17": "=N(A17)",
        "L18": "=N(A18)",
        "L19": '=N("7")',
        "B22": '=CELL("contents", B2)',
        "B23": '=CELL("address", B2)',
        "B24": '=CELL("row", D87:F90)',
        "B25": '=CELL("col", D87:F90)',
        "B26": '=CELL("type", A14)',
        "B27": '=CELL("type", A2)',
        "B28": '=CELL("type", C87)',
        "B87": "=_xlfn.MODE.MULT(C87:F87)",
    }
    assert recalculated(tmp_path, cells, formulas) == {
        "B2": True,
        "I14": False,
        "I16": False,
        "I17": True,
        "L17": 1,
        "L18": 0,
        "L19": 0,
        "B22": True,
        "B23": "$B$2",
        "B24": 87,
        "B25": 4,
        "B26": "l",
        "B27": "b",
        "B28": "v",
        "B87": 8,
    }


def test_cell_filename_gives_the_sheet_after_the_bracket(tmp_path: Path) -> None:
    # PhpSpreadsheet's tests/data/Reader/XLSX/issue.2581.xlsx: on the sheet SomeName, Excel saved
    # =CONCATENATE("Prefix ",MID(CELL("filename"),FIND("]",CELL("filename"))+1,255), " Suffix") as
    # "Prefix SomeName Suffix".
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "SomeName"
    sheet["B1"] = '=CONCATENATE("Prefix ",MID(CELL("filename"),FIND("]",CELL("filename"))+1,255), " Suffix")'
    sheet["B2"] = '=CELL("filename",A1)'
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    recalculate(source, out)
    values = openpyxl.load_workbook(out, data_only=True)["SomeName"]
    assert values["B1"].value == "Prefix SomeName Suffix"
    assert values["B2"].value == f"{tmp_path.resolve()}{os.sep}[in.xlsx]SomeName"


def test_switch_matches_as_excel_saved_it(tmp_path: Path) -> None:
    # dgorissen/pycel's tests/fixtures/logical.xlsx, sheet Switch, column C =SWITCH(A,B,"match") as Excel saved it:
    # rows 30-41 (A, B): TRUE/TRUE match, FALSE/blank #N/A, UPPER/Upper match, lower/Lower match, 0/blank match,
    # blank/0 match, blank/"" #N/A, 0/"" #N/A, ""/"" match.
    rows = {
        30: (True, True, "match"),
        32: (False, None, "#N/A"),
        33: ("UPPER", "Upper", "match"),
        34: ("lower", "Lower", "match"),
        35: ("string", "string", "match"),
        36: (0, None, "match"),
        37: (None, 0, "match"),
        38: (None, "", "#N/A"),
        39: (0, "", "#N/A"),
        41: ("", "", "match"),
    }
    cells: dict[str, object] = {}
    for row, (a, b, _) in rows.items():
        if a is not None:
            cells[f"A{row}"] = a if a != "" else '=""'
        if b is not None:
            cells[f"B{row}"] = b if b != "" else '=""'
    formulas = {f"C{row}": f'=_xlfn.SWITCH(A{row},B{row},"match")' for row in rows}
    formulas["C50"] = '=SWITCH(2,1,"one",2,"two","other")'
    formulas["C51"] = '=SWITCH(9,1,"one",2,"two","other")'
    expected = {f"C{row}": saved for row, (_, _, saved) in rows.items()} | {"C50": "two", "C51": "other"}
    assert recalculated(tmp_path, cells, formulas) == expected


def test_cell_width_as_excel_saved_it(tmp_path: Path) -> None:
    # Apache POI's test-data/spreadsheet/47804.xlsx: baseColWidth 10, columns B:D of width 12 and G of width
    # 10.85546875; Excel saved =CELL("width",A:A) as 10, =CELL("width",B:B) as 11 and =CELL("width",G:G) as 10.
    # PhpSpreadsheet's atsign.choosecols.xlsx: with Excel's default widths, {=CELL("width")} over I1:J1 is 8, TRUE.
    def widths(sheet: Worksheet) -> None:
        sheet.sheet_format.baseColWidth = 10
        for col in "BCD":
            sheet.column_dimensions[col].width = 12
        sheet.column_dimensions["G"].width = 10.85546875

    formulas = {"A2": '=CELL("width",A:A )', "B2": '=CELL("width",B:B )', "G2": '=CELL("width",G:G)'}
    formulas["H2"] = '=CELL("width")'
    assert recalculated(tmp_path, {}, formulas, widths) == {"A2": 10, "B2": 11, "G2": 10, "H2": 10}
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["I1"] = ArrayFormula("I1:J1", '=CELL("width")')
    source = tmp_path / "default.xlsx"
    book.save(source)
    values = recalculate(source).evaluation.values[sheet.title.upper()]
    assert (values[1, 9], values[1, 10]) == (8, True)


def test_info_gives_what_does_not_depend_on_the_excel_that_runs_it(tmp_path: Path) -> None:
    # PhpSpreadsheet's tests/data/Reader/XLSX/issue.3658.xlsx: Excel saved =INFO("SYSTEM") as pcdos.
    formulas = {
        "A4": '=INFO("SYSTEM")',
        "A5": '=INFO("numfile")',
        "A6": '=INFO("recalc")',
        "A7": '=INFO("release")',
        "A8": '=INFO("nonsense")',
    }
    assert recalculated(tmp_path, {}, formulas) == {
        "A4": "pcdos",
        "A5": 1,
        "A6": "Automatic",
        "A7": "#N/A",
        "A8": "#VALUE!",
    }


def test_workday_intl_and_poisson_as_excel_saved_them(tmp_path: Path) -> None:
    # ClosedXML's TryToLoad/LO_xlsx/functions-excel-2010.xlsx, Sheet1, as Excel saved it: from 11 March 2014 with
    # the holidays 16 March, 4 April, 20 March and 1 January 2014, WORKDAY.INTL(F44,24,,G44:G47) is 16 April
    # 2014 (41745), with weekend 13 (Tuesday) 11 April (41740), with "0101010" 25 April (41754);
    # POISSON.DIST(20/15,2,0) is 0.27067056647322535 (B58). Microsoft's POISSON.DIST page: x 2, mean 5 gives
    # 0.124652 cumulative and 0.084224 not. Microsoft's NETWORKDAYS.INTL page: 1 to 31 January 2006 has 22 working
    # days, 28 February back to 31 January -21; 1 January to 1 February 2006 with the holidays {"2006/1/2",
    # "2006/1/16"} has 22 with weekend 7 (Friday and Saturday) and 20 with "0010001".
    cells = {"F44": 41709, "G44": 41714, "G45": 41733, "G46": 41718, "G47": 41640}
    formulas = {
        "B77": "=WORKDAY.INTL(F44,24,,G44:G47)",
        "B78": "=WORKDAY.INTL(F44,24,13,G44:G47)",
        "B79": '=WORKDAY.INTL(F44,24,"0101010",G44:G47)',
        "B80": "=WORKDAY.INTL(F44,-3)",
        "B81": "=WORKDAY.INTL(F44,1,99)",
        "B82": '=WORKDAY.INTL(F44,1,"1111111")',
        "C1": "=NETWORKDAYS.INTL(DATE(2006,1,1),DATE(2006,1,31))",
        "C2": "=NETWORKDAYS.INTL(DATE(2006,2,28),DATE(2006,1,31))",
        "C3": '=NETWORKDAYS.INTL(DATE(2006,1,1),DATE(2006,2,1),7,{"2006/1/2","2006/1/16"})',
        "C4": '=NETWORKDAYS.INTL(DATE(2006,1,1),DATE(2006,2,1),"0010001",{"2006/1/2","2006/1/16"})',
        "B58": "=_xlfn.POISSON.DIST(20/15,2,0)",
        "B59": "=ROUND(POISSON.DIST(2,5,TRUE),6)",
        "B60": "=ROUND(POISSON.DIST(2,5,FALSE),6)",
        # vinci1it2000/formulas' test.xlsx, STATISTICAL row 85: the text "TRUE" is TRUE, a negative mean #NUM!.
        "B61": '=_xlfn.POISSON.DIST("29/02/1900","29/02/1900","TRUE")',
        "B62": '=_xlfn.POISSON.DIST(3,-1,"TRUE")',
    }
    values = recalculated(tmp_path, cells, formulas)
    assert values == {
        "B77": 41745,
        "B78": 41740,
        "B79": 41754,
        "B80": 41704,  # three working days before Tuesday 11 March 2014: Thursday 6 March
        "B81": "#NUM!",
        "B82": "#VALUE!",
        "C1": 22,
        "C2": -21,
        "C3": 22,
        "C4": 20,
        "B58": pytest.approx(0.27067056647322535, abs=1e-15),
        "B59": 0.124652,
        "B60": 0.084224,
        "B61": pytest.approx(0.534262472360959, abs=1e-14),
        "B62": "#NUM!",
    }


def test_a_lookup_below_column_one_looks_up_first(tmp_path: Path) -> None:
    # calamine's tests/errors.xlsx as Excel saved it: =VLOOKUP(B1,B1,B1,3) over blank cells is #N/A. Microsoft's
    # VLOOKUP page: a column number below 1 is #VALUE!, which Excel gives once the value is found.
    cells = {"D1": 1, "E1": "a", "D2": 2, "E2": "b"}
    formulas = {
        "A7": "=VLOOKUP(B1,B1,B1,3)",
        "A8": "=VLOOKUP(2,D1:E2,0,FALSE)",
        "A9": "=VLOOKUP(5,D1:E2,0,FALSE)",
        "A10": "=VLOOKUP(2,D1:E2,2,FALSE)",
    }
    assert recalculated(tmp_path, cells, formulas) == {"A7": "#N/A", "A8": "#VALUE!", "A9": "#N/A", "A10": "b"}


def test_trunc_takes_excels_fifteen_digits_first(tmp_path: Path) -> None:
    """Microsoft's TRUNC page (TRUNC(8.9) is 8, TRUNC(-8.9) -8, TRUNC(0.45) 0), and vinci1it2000/formulas's
    test.xlsx, EXTRA!C24 and C34: Excel saved TRUNC(E24,1) as -0.8 and TRUNC(E34,1) as -0.7, with E24 holding
    -0.79999999999999982 and E34 -0.69999999999999973 (the engine gave -0.7 and -0.6)."""
    cells = {"B1": -0.79999999999999982, "B2": -0.69999999999999973}
    formulas = {"A1": "=TRUNC(8.9)", "A2": "=TRUNC(-8.9)", "A3": "=TRUNC(0.45)", "A4": "=TRUNC(B1,1)"}
    formulas["A5"] = "=TRUNC(B2,1)"
    assert recalculated(tmp_path, cells, formulas) == {"A1": 8, "A2": -8, "A3": 0, "A4": -0.8, "A5": -0.7}


def test_areas_counts_the_areas_of_a_reference(tmp_path: Path) -> None:
    """Microsoft's AREAS page: AREAS(B2:D4) is 1, AREAS((B2:D4,E5,F6:I9)) 3; vinci1it2000/formulas's test.xlsx,
    LOOKUP!R4: Excel saved AREAS(C4:F4) as 1 (the engine gave #VALUE!)."""
    formulas = {"A1": "=AREAS(B2:D4)", "A2": "=AREAS((B2:D4,E5,F6:I9))", "A3": "=AREAS(C4)"}
    assert recalculated(tmp_path, {}, formulas) == {"A1": 1, "A2": 3, "A3": 1}


def test_an_is_function_in_a_legacy_array_past_its_result(tmp_path: Path) -> None:
    """vinci1it2000/formulas's test.xlsx, INFORMATION!AI6:AW6 and AO11:AW11: an IS function entered as an array
    formula in more cells than its range has shows what it gives for #N/A past the range (ISBLANK and ISLOGICAL
    FALSE, ISERROR and ISNA TRUE), where any other formula shows #N/A; ISFORMULA of a range is one answer a cell."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    sheet["A1"], sheet["B1"] = 1, "=A1"
    for row, function in enumerate(["ISBLANK", "ISERROR", "ISNA", "ISLOGICAL", "ISNONTEXT", "ABS"], start=2):
        sheet[f"A{row}"] = ArrayFormula(f"A{row}:C{row}", f"={function}(A1:B1)")
    sheet["A8"] = ArrayFormula("A8:C8", "=ISFORMULA(A1:B1)")
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    recalculate(source, out)
    values = openpyxl.load_workbook(out, data_only=True)["Data"]
    shown = [[values.cell(row, col).value for col in (1, 2, 3)] for row in range(2, 9)]
    assert shown == [
        [False, False, False],
        [False, False, True],
        [False, False, True],
        [False, False, False],
        [True, True, True],
        [1, 1, "#N/A"],
        [False, True, "#N/A"],
    ]


def test_numbers_become_text_as_excel_writes_them(tmp_path: Path) -> None:
    """A number joined to text or searched in is written with 15 significant digits, plain from 1E-5 to below 1E+15
    (Apache POI's FormulaEvalTestData.xlsx, EverythingTests!H1216: SEARCH(1, 0.00001) is 7; vinci's test.xlsx,
    ENGINEERING!S35: Excel wrote 6.92442674613868E-05 as 0.0000692442674613868). The engine wrote 1e-05 and
    0.30000000000000004."""
    cells = {"B1": 1e-05, "B2": 6.92442674613868e-05}
    formulas = {"A1": '=B1&""', "A2": '=B2&""', "A3": '=(0.1+0.2)&""', "A4": "=LEN(1/3)", "A5": '=1E+20&""'}
    formulas["A6"] = '=TRUE&"!"'
    assert recalculated(tmp_path, cells, formulas) == {
        "A1": "0.00001",
        "A2": "0.0000692442674613868",
        "A3": "0.3",
        "A4": 17,  # 0.333333333333333
        "A5": "1E+20",
        "A6": "TRUE!",
    }


def test_legacy_formulas_as_apache_pois_evaluation_tests_saved_them(tmp_path: Path) -> None:
    """Apache POI's FormulaEvalTestData.xlsx, sheet EverythingTests, plain formulas as Excel saved them: an IS
    function given a range takes the cell in line with its own (ISERROR(C10:C13) in row 780 is TRUE: none is);
    ROW of a range is its first row; PRODUCT of texts is 0; OFFSET with a height or width left out keeps the
    reference's, and reads a text that is a number (the engine gave #VALUE!, #VALUE!, 1, #REF! and #VALUE!)."""
    cells = {"C1": 5, "C2": "x", "E8": "nospaces", "E9": "sp ace s", "K7": 1, "L7": 2, "K8": 3, "L8": 4}
    cells |= {"G9": 9, "C5": "=NA()"}
    formulas = {
        "A3": "=ISERROR(C1:C2)",  # no cell of C1:C2 in row 3: #VALUE!
        "A2": "=ISTEXT(C1:C2)",  # C2
        "A4": "=ROW(C11:C14)",
        "A5": "=ROW(2:3)",
        "A6": "=PRODUCT(E8:E9)",
        "A7": "=SUM(OFFSET(K7:L8,0,0,1,))",
        "A8": "=SUM(OFFSET(K7:L8,0,0,,1))",
        "A9": '=OFFSET(F7,"2.1","1.9")',
        "A10": "=PRODUCT(C5:C6)",  # vinci's test.xlsx, MATH & TRIG!AN52: an error in the range is the result
    }
    assert recalculated(tmp_path, cells, formulas) == {
        "A3": True,
        "A2": True,
        "A4": 11,
        "A5": 2,
        "A6": 0,
        "A7": 3,
        "A8": 4,
        "A9": 9,
        "A10": "#N/A",
    }


def test_a_plain_formula_of_an_array_function_shows_its_first_value(tmp_path: Path) -> None:
    """SheetJS's formula_stress_test.xlsx, MATH!B34 and B35: Excel saved the plain formulas MINVERSE(C1:D2) and
    MMULT(C1:D2,E1:F2) as their results' first values, -3 and 43, with C1:F2 holding 3, 4, 5, 6 / 5, 6, 7, 8
    (xlscore gave #VALUE!, taking the result for the range it was shaped like)."""
    cells = {"C1": 3, "D1": 4, "E1": 5, "F1": 6, "C2": 5, "D2": 6, "E2": 7, "F2": 8}
    values = recalculated(tmp_path, cells, {"B34": "=MINVERSE(C1:D2)", "B35": "=MMULT(C1:D2,E1:F2)"})
    assert values["B34"] == pytest.approx(-3, rel=1e-12)
    assert values["B35"] == 43


def test_one_value_functions_and_operators_intersect_in_plain_formulas(tmp_path: Path) -> None:
    """Apache POI's FormulaEvalTestData.xlsx, EverythingTests: Excel saved ATAN2(I167:I169,I11:K11) in J168 as
    ATAN2(I168,J11), CONCATENATE(G10:J10,F263:F265) in I264 as the join of I10 and F264, and N10:P10-O8:O11 in O79
    as #VALUE! (row 79 is not in O8:O11); each range is taken in line with the formula's own cell."""
    cells = {"I168": 1, "J11": 2, "I10": "ric", "F264": "FALSE", "O10": 5}
    formulas = {"J168": "=ATAN2(I167:I169,I11:K11)", "I264": "=CONCATENATE(G10:J10,F263:F265)"}
    formulas["O79"] = "=N10:P10-O8:O11"
    values = recalculated(tmp_path, cells, formulas)
    assert values["J168"] == pytest.approx(1.1071487177940904, rel=1e-12)  # ATAN2(1, 2): the angle of (1, 2)
    assert values["I264"] == "ricFALSE"
    assert values["O79"] == "#VALUE!"
