"""Excel's conversions in recalc (text and logical values in arithmetic, ``--``, text in ranges, arrays of
different sizes), with the values of Microsoft's documentation examples."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.engine.recalculated import recalculated
from xlscore.engine.evaluation.conversions import excel_number
from xlscore.engine.evaluation.recalc import recalculate


def test_microsofts_conversion_examples(tmp_path: Path) -> None:
    """Microsoft's "Calculation operators and precedence in Excel", Convert values in formulas: the text is
    converted where a number is expected; the issue's ``=--("A"="B")``, whose value Excel saved as 0."""
    formulas = {
        "A1": '="1"+"2"',  # 3
        "A2": '="1"&"2"',  # "12"
        "A3": '="6/1/2001"-"5/1/2001"',  # 31: the text read as mm/dd/yyyy dates
        "A4": '=SQRT("8+1")',  # #VALUE!: "8+1" is no number
        "A5": '="A"&TRUE',  # "ATRUE"
        "A6": '=--("A"="B")',  # 0, not FALSE
        "A7": "=--TRUE+0",  # 1
        "A8": '=VALUE("$1,000")',  # Microsoft's VALUE page: 1000
        "A9": '=VALUE("16:48:00")-VALUE("12:00:00")',  # Microsoft's VALUE page: 0.2 (4 hours 48 minutes)
        "A10": '="50%"*2',  # 1
        "A11": "=TRUE+1",  # 2
        "A12": '=SUMPRODUCT(--(B1:B3="x"))',  # 2
    }
    got = recalculated(tmp_path, {"B1": "x", "B2": "y", "B3": "x"}, formulas)
    assert got == {
        "A1": 3,
        "A2": "12",
        "A3": 31,
        "A4": "#VALUE!",
        "A5": "ATRUE",
        "A6": 0,
        "A7": 1,
        "A8": 1000,
        "A9": pytest.approx(0.2),
        "A10": 1,
        "A11": 2,
        "A12": 2,
    }


def test_text_and_logical_values_in_ranges_are_left_out(tmp_path: Path) -> None:
    """Microsoft's COUNT page: A2:A7 hold 12/8/08, a blank, 19, 22.24, TRUE and #DIV/0!; COUNT(A2:A7) is 3 and
    COUNT(A2:A7,2) 4. Its AVERAGE page: 10, 7, 9, 27, 2 average 11 (text in the range, here the
    number 5 typed as text, is left out: "If a range or cell reference argument contains text ... those values are
    ignored"), and SUM reads a text given directly as a number."""
    cells = {"A2": 39790, "A4": 19, "A5": 22.24, "A6": True, "A7": "=1/0"}
    cells.update({"B2": 10, "B3": 7, "B4": 9, "B5": 27, "B6": 2, "B7": "5"})
    formulas = {
        "D1": "=COUNT(A2:A7)",
        "D3": "=COUNT(A2:A7,2)",
        "D4": "=AVERAGE(B2:B7)",
        "D5": "=SUM(B2:B7)",
        "D6": "=MAX(B2:B7)",
        "D7": "=MIN(B2:B7)",
        "D8": '=SUM(B2:B6,"5")',
        "D9": "=SUM(A6:A7)",
    }
    assert recalculated(tmp_path, cells, formulas) == {
        "D1": 3,
        "D3": 4,
        "D4": 11,
        "D5": 55,
        "D6": 27,
        "D7": 2,
        "D8": 60,
        "D9": "#DIV/0!",
    }


def test_arrays_of_different_sizes(tmp_path: Path) -> None:
    """An operation on arrays of different sizes is as large as the larger, #N/A where the smaller has no value;
    the engine raised "Broadcast is not implemented" and the whole run ended."""
    formulas = {
        "A1": "=INDEX({1,2,3}+{10,20},1,2)",
        "A2": "=ISNA(INDEX({1,2,3}+{10,20},1,3))",
        "A3": "=INDEX(C1:C3<>D1:D2,2,1)",
        "A4": "=ISNA(INDEX(C1:C3<>D1:D2,3,1))",
    }
    cells = {"C1": 1, "C2": 2, "C3": 3, "D1": 1, "D2": 5}
    assert recalculated(tmp_path, cells, formulas) == {"A1": 22, "A2": True, "A3": True, "A4": True}


def test_sheet_names_that_need_quotes(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    first = book.active
    assert first is not None
    first.title = "Data"
    for name in ("Données", "2024", "Sheet-1"):
        book.create_sheet(name)["A1"] = 5
    first["A1"], first["A2"], first["A3"] = "=Données!A1+1", "='2024'!A1*2", "=SUM('Sheet-1'!A1:A3)"
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    assert recalculate(source, out).errors == ()
    values = openpyxl.load_workbook(out, data_only=True)["Data"]
    assert [values["A1"].value, values["A2"].value, values["A3"].value] == [6, 10, 5]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("3", 3),
        (" 3 ", 3),
        ("-1.5e3", -1500),
        ("1,000", 1000),
        ("$1,000.50", 1000.5),
        ("-$5", -5),
        ("50%", 0.5),
        ("(12)", -12),
        ("12:30", 0.5208333333333334),
        ("1:30 PM", 0.5625),
        ("2020-01-02", 43832),
        ("1/2/2020", 43832),
        ("2-Jan-2020", 43832),
        ("Jan 2, 2020", 43832),
        ("2020-01-02 12:00", 43832.5),
        ("nan", None),
        ("inf", None),
        ("1_000", None),
        ("1,00", None),
        ("abc", None),
        ("", None),
        ("(-3)", None),
        ("2/30/2020", None),
        ("13/1/2020", 43843),  # no month 13: the day came first
        ("29/02/1900", 60),  # vinci1it2000/formulas' test.xlsx: Excel's 29 February 1900
        ("1/1/1900", 1),
        ("2/28/1900", 59),
        ("3/1/1900", 61),
        ("12/31/1899", None),
    ],
)
def test_excel_number(text: str, number: float | None) -> None:
    """Serial numbers: 2 January 2020 is 43832 in Excel's 1900 date system, 1 January 1900 is 1 and 1 March 1900
    61 (Microsoft: Excel counts a 29 February 1900, serial 60, as Lotus 1-2-3 did)."""
    assert excel_number(text) == number


def test_implicit_intersection_and_if(tmp_path: Path) -> None:
    """Microsoft's "Implicit intersection operator: @": a plain formula given a range where it needs one value
    takes "the cell on the same row or column as the formula", and is #VALUE! when there is none. IF with one
    condition returns its argument whole: ``=IF(TRUE,1,{1,2,3})`` is 1, the value Excel saved in the `formulas`
    project's test workbook (test/test_files/test.xlsx, sheet CORE, V23), where the engine made it {1,1,1}."""
    cells: dict[str, object] = {"A1": 1, "A2": 2, "A3": 3, "A4": 4}
    formulas = {
        "C2": "=A1:A4*2",
        "C3": "=$A$1:$A$4",
        "D4": "=A:A+1",
        "C6": "=A1:A4",  # row 6 has no cell of A1:A4
        "C7": "=A1:B4",  # a range of two columns has no one cell in line
        "C8": "=SUM(IF(TRUE,1,{1,2,3}))",
        "C9": "=IF(FALSE,1)",
        "C10": '=IF("tRue", "A", "B")',  # "A": Apache POI's FormulaEvalTestData_Copy.xlsx, saved by Excel
    }
    assert recalculated(tmp_path, cells, formulas) == {
        "C2": 4,
        "C3": 3,
        "D4": 5,
        "C6": "#VALUE!",
        "C7": "#VALUE!",
        "C8": 1,
        "C9": False,
        "C10": "A",
    }


def test_date_functions_read_text_dates_as_excel_does(tmp_path: Path) -> None:
    # xlcalculator's tests/resources/YEAR.xlsx, as Excel saved it: C5 =YEAR(C3) and D5 =YEAR(D3) are #VALUE! for
    # the texts 7/5/1800 and 7/5/10000 (no date Excel knows); A5 =YEAR(A3) is 2008 for the date 7 May 2008.
    cells = {"A3": 39575, "C3": "7/5/1800", "D3": "7/5/10000", "E3": "5/7/2008", "F3": "13:45"}
    formulas = {
        "A5": "=YEAR(A3)",
        "C5": "=YEAR(C3)",
        "D5": "=YEAR(D3)",
        "E5": "=MONTH(E3)",
        "F5": "=HOUR(F3)",
    }
    assert recalculated(tmp_path, cells, formulas) == {"A5": 2008, "C5": "#VALUE!", "D5": "#VALUE!", "E5": 5, "F5": 13}


def test_timevalue_reads_times_only(tmp_path: Path) -> None:
    # dgorissen/pycel's tests/fixtures/date-time.xlsx, row 23 =TIMEVALUE(row 2) as Excel saved it: the text 1:23 is
    # 0.057638888888888885; the number 61.6, a time-formatted number, the text 1.25 and the numbers 1.25 and 1.24
    # are #VALUE!. Microsoft's TIMEVALUE page: =TIMEVALUE("22-Aug-2011 6:35 AM") is 0.274305556.
    cells = {"C2": 61.6, "E2": "1:23", "F2": "1.25", "G2": 1.25, "H2": "22-Aug-2011 6:35 AM"}
    formulas = {"C23": "=TIMEVALUE(C2)", "E23": "=TIMEVALUE(E2)", "F23": "=TIMEVALUE(F2)", "G23": "=TIMEVALUE(G2)"}
    formulas["H23"] = "=ROUND(TIMEVALUE(H2),9)"
    assert recalculated(tmp_path, cells, formulas) == {
        "C23": "#VALUE!",
        "E23": pytest.approx(0.057638888888888885, abs=1e-12),
        "F23": "#VALUE!",
        "G23": "#VALUE!",
        "H23": 0.274305556,
    }
