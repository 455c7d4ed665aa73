"""TEXT with Excel's number formats: Microsoft's TEXT page examples through recalc, and the format codes its
"Number format codes" and "Display dates, times" pages describe."""

from __future__ import annotations

import datetime
from pathlib import Path

import openpyxl
import pytest

from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.functions.text.number_format import format_value


def test_microsofts_text_examples(tmp_path: Path) -> None:
    formulas = {
        "A1": '=TEXT(1234.567,"$#,##0.00")',  # $1,234.57
        "A2": '=TEXT(0.285,"0.0%")',  # 28.5%
        "A3": '=TEXT(4.34,"# ?/?")',  # 4 1/3
        "A4": '=TRIM(TEXT(0.34,"# ?/?"))',  # 1/3
        "A5": '=TEXT(12200000,"0.00E+00")',  # 1.22E+07
        "A6": '=TEXT(1234567898,"[<=9999999]###-####;(###) ###-####")',  # (123) 456-7898
        "A7": '=TEXT(1234,"0000000")',  # 0001234
        "A8": "=TEXT(123456,\"##0° 00' 00''\")",  # 12° 34' 56''
        "A9": '=TEXT(DATE(2023,3,15),"dddd, mmmm d, yyyy")',
        "A10": '=TEXT(1.5,"[h]:mm")',
        "A11": '="Total: "&TEXT(B1,"#,##0.00;(#,##0.00)")',
        "A12": '=TEXT(B2,"yyyy-mm-dd")',
        "A13": '=TEXT(3.5,"General")',
    }
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    sheet["B1"], sheet["B2"] = -1234.5, "2020-01-02"  # a date typed as text is read as the date
    for cell, formula in formulas.items():
        sheet[cell] = formula
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    assert recalculate(source, out).errors == ()
    values = openpyxl.load_workbook(out, data_only=True)["Data"]
    assert {cell: values[cell].value for cell in formulas} == {
        "A1": "$1,234.57",
        "A2": "28.5%",
        "A3": "4 1/3",
        "A4": "1/3",
        "A5": "1.22E+07",
        "A6": "(123) 456-7898",
        "A7": "0001234",
        "A8": "12° 34' 56''",
        "A9": "Wednesday, March 15, 2023",
        "A10": "36:00",
        "A11": "Total: (1,234.50)",
        "A12": "2020-01-02",
        "A13": "3.5",
    }


@pytest.mark.parametrize(
    ("value", "code", "shown"),
    [
        (1234.567, "0.00", "1234.57"),
        (1234.567, "#,##0", "1,235"),
        (0.256, "0%", "26%"),
        (1234567, "#,##0,", "1,235"),  # a trailing comma divides by 1,000
        (1234567, '0.0,,"M"', "1.2M"),
        (2.5, "0", "3"),  # halves away from zero
        (-2.5, "0", "-3"),
        (2.675, "0.00", "2.68"),  # as Excel shows 2.675, not the binary 2.67499...
        (12.3, "000.00", "012.30"),
        (0.5, "#.##", ".5"),
        (0, '0.00;-0.00;"zero"', "zero"),
        (-7, '0 "pts"', "-7 pts"),
        (5, "[Red]0", "5"),
        (1, "[$€-407]#,##0.00", "€1.00"),
        (1 / 3, "General", "0.333333333"),
        (123456789012, "General", "1.23457E+11"),
        (1.5, "# ?/2", "1 1/2"),
        ("abc", '0;0;0;"t:"@', "t:abc"),
        ("abc", "0.00", "abc"),  # text without a text section stays as it is
        (45000, "yyyy-mm-dd", "2023-03-15"),
        (45000, "dd/mm/yyyy", "15/03/2023"),
        (45000, "mmm d, yyyy", "Mar 15, 2023"),
        (45000, "d-mmm-yy", "15-Mar-23"),
        (45000, "mmmmm", "M"),
        (45000, "ddd", "Wed"),
        (45000.75, "h:mm", "18:00"),  # m after h is minutes
        (0.6, "hh:mm:ss", "14:24:00"),
        (0.5, "h:mm AM/PM", "12:00 PM"),
        (0.25, "h AM/PM", "6 AM"),
        (1.25, "[h]:mm:ss", "30:00:00"),
        (0.5, "[m]", "720"),
        (45000.5, "yyyy-mm-dd hh:mm:ss", "2023-03-15 12:00:00"),
        (0.99999999, "h:mm:ss", "0:00:00"),  # rounded to the second shown: the next day's midnight
        (60, "yyyy-mm-dd", "1900-02-29"),  # the day Excel's 1900 date system counts
        (61, "yyyy-mm-dd", "1900-03-01"),
    ],
)
def test_format_codes(value: float | str, code: str, shown: str) -> None:
    assert format_value(value, code) == shown


def test_formats_not_understood_are_none() -> None:
    assert format_value(5, "[DBNum1]0") is None
    assert format_value(-1, "yyyy") is None  # a negative date


@pytest.mark.parametrize(
    ("value", "code", "shown"),
    [
        # Apache POI's test-data/spreadsheet/ElapsedFormatTests.xlsx, the values Excel saved
        (3.14159, "[h]:m:s.000", "75:23:53.376"),
        (3.14159, "[s].000", "271433.376"),
        (3.14159, 's:m" @ hour "[hh]', "53:23 @ hour 75"),
        (3.14159, '"It was "[h]" [yes, "h"] hours and "mm:ss', "It was 75 [yes, 75] hours and 23:53"),
        (0, '[s]" [yes, "ss"] seconds"', "0 [yes, 00] seconds"),
        (-0.08546296296296296, "[h]:m:s.000", "-2:3:4.000"),
        (-0.08546296296296296, "[hh]:mm:ss.0", "-02:03:04.0"),
        # FormatConditionTests.xlsx: a value no section's condition takes is shown in General
        (1, '[<10]#" Wow"', "1 Wow"),
        (10, '[<10]#" Wow"', "10"),
        (10, '[<=10]#" Wow"', "10 Wow"),
        (11, '[<=10]#" Wow"', "11"),
        # TextFormatTests.xlsx: a logical value is shown by the text section
        (True, "@", "TRUE"),
        (True, '"h""I"', "hI"),
        (False, "\\@@\\@", "@FALSE@"),
        (True, "-@-@-", "-TRUE-TRUE-"),
        # NumberFormatTests.xlsx: thousands separators among the zeros a format pads with
        (314159, "$000,000,000", "$000,314,159"),
    ],
)
def test_apache_poi_format_tests(value: float | bool, code: str, shown: str) -> None:
    text = ("TRUE" if value else "FALSE") if isinstance(value, bool) else value
    assert format_value(text, code, logical=isinstance(value, bool)) == shown


def test_dates_of_a_1904_workbook(tmp_path: Path) -> None:
    """Apache POI's DateFormatTests.xlsx counts its dates from 1904: 11 October 1952 14:35:27 as Excel showed it."""
    from openpyxl.utils.datetime import CALENDAR_MAC_1904

    book = openpyxl.Workbook()
    book.epoch = CALENDAR_MAC_1904
    sheet = book.active
    assert sheet is not None
    sheet.title = "Tests"
    sheet["C1"] = datetime.datetime(1952, 10, 11, 14, 35, 27)
    formats = {
        "d-m-y": "11-10-52",
        "ddd-mmm-yyy": "Sat-Oct-1952",
        "dddd-mmmm-yyyy": "Saturday-October-1952",
        "hh:mm:ss a/p": "02:35:27 p",
        "hh:mm:ss.000 am/pm": "02:35:27.000 PM",
        "d-m-y h:m:s": "11-10-52 14:35:27",
    }
    for row, code in enumerate(formats, start=2):
        sheet[f"B{row}"], sheet[f"A{row}"] = code, f"=TEXT($C$1,B{row})"
    sheet["A20"] = '=TEXT(D1,"")'  # an empty format shows nothing
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    assert recalculate(source, out).errors == ()
    values = openpyxl.load_workbook(out, data_only=True)["Tests"]
    assert [values[f"A{row}"].value for row in range(2, 2 + len(formats))] == list(formats.values())
    assert values["A20"].value in ("", None)


def test_the_era_year_code_is_the_year() -> None:
    """SheetJS's test_files formula_stress_test.xlsx, sheet Text, B15: Excel saved TEXT(1977-07-07, "ee-mm-dd") as
    1977-07-07 (in the Gregorian calendar the year of the era is the year)."""
    serial = (datetime.date(1977, 7, 7) - datetime.date(1899, 12, 30)).days
    assert format_value(serial, "ee-mm-dd") == "1977-07-07"
    assert format_value(serial, "e") == "1977"


def test_a_truth_value_in_general_is_its_name() -> None:
    # Apache POI's test-data/spreadsheet/GeneralFormatTests.xlsx, Tests!A72 and A73: Excel saved TEXT(TRUE,
    # "General") as TRUE and TEXT(FALSE, "General") as FALSE.
    assert format_value("TRUE", "General", logical=True) == "TRUE"
    assert format_value("FALSE", "General", logical=True) == "FALSE"


@pytest.mark.parametrize(
    ("value", "code", "shown"),
    [
        # Apache POI's test-data/spreadsheet/NumberFormatTests.xlsx, sheet Tests: =TEXT(C, B) as Excel saved it
        (1234567, ",#", ",1234567"),  # A27: a comma before every digit is shown as it is
        (1234567, "?,?????????", "    1,234,567"),  # A46: an unused ? and its separator are spaces
        (1234567, "#,.#,", "1.2"),  # A93: each comma after the digits of its part divides by 1,000
        (-1234567, "?,?????????", "-    1,234,567"),  # A118
        (23.75, "|#\\:#/#|", "|23:3/4|"),  # A120: literals between the whole number and the fraction
        (0.75, "|#\\:#/#|", "|3/4|"),  # A122
        (0, "|#\\:#/#|", "|0|"),  # A124
        (23.75, "|#-#-#\\:#/#|", "|-2-3:3/4|"),  # A127
        (0.75, "|#-#-#\\:#/#|", "|--3/4|"),  # A129
        (0, "|#-#-#\\:#/#|", "|--0|"),  # A131
        (0, "|#\\:#=/=?|", "|0      |"),  # A141: a fraction of 0 as wide in spaces where a ? asks for them
        (23.75, "|#\\:? ?=/=#|", "|2:3 3=/=4|"),  # A149
        (0, "|#\\:? ?=/=#|", "|:0      |"),  # A151
        (-1, "|#\\:? ?=/=#|", "-|:1      |"),  # A153
        (23.75, "|#\\:? ?0#/000", "|2:3  03/004"),  # A160
        (0, "|#\\:? ?0#/000", "|:0  00/001"),  # A162: a numerator with a 0 shows 0/1
        (-3.75, "|#_#/#|", "-|15 /4|"),  # A166: no whole part, an improper fraction
        (0, "|#_#/#|", "|0 /1|"),  # A169
        (0, "|#\\:0=/=#|", "|0=/=1|"),  # A204
        (0, "|?\\:0=/=#|", "|0:0=/=1|"),  # A213
        (0.75, "|#\\:?=/=#|", "| 3=/=4|"),  # A228
        (0.75, "|?\\:#=/=#|", "|  3=/=4|"),  # A234
        (0.75, "|?\\:0=/=#|", "|  3=/=4|"),  # A240
        (1, "|#\\:0=/=#|", "|1:0=/=1|"),  # A258
        # Apache POI's test-data/spreadsheet/NumberFormatApproxTests.xlsx, sheet Tests
        (123456.789, "|?,??????.????|e-|?|", "|  123,456.789 |e|0|"),  # A20: E- shows e, the sign goes to the digits
        (1.23456789e-05, "|?,??????.????|e-|?|", "|      123.4568|e|-7|"),  # A60
        (1.23456789e-05, "|###.####|e+|#|", "|12.3457|e|-6|"),  # A75
        (1.23456789e-05, "|0|e+|0|", "|1|e|-5|"),  # A86
        (0, "|#,e-#|", "|0e0|"),  # A98: 0 in a scientific format fills every whole place with 0
        (0, "|#%e-#|", "|0%e0|"),  # A100
        (0, "|####.####|e-|#|", "|0000.|e|0|"),  # A104
        (0, "|????.????|e-|?|", "|0000.    |e|0|"),  # A114
        (0, "|?,??????.????|e-|?|", "|0,000,000.    |e|0|"),  # A116
        (-123456.789, "|#,e-#|", "-|1e5|"),  # A138: no division by 1,000 in a scientific format
        (-123456.789, "|#%e-#|", "-|1%e5|"),  # A140: nor times 100
        (-123456.789, "|#|e-|#|", "-|1|e|5|"),  # A142
        (-123456.789, "|???????.????|e-|?|", "-| 123456.789 |e|0|"),  # A155
        (1.2345678e142, "|#.#|e+|#####|", "|1.2|e|+142|"),  # A219
        (1.2345678e142, "|#.#|e+|????|", "|1.2|e|+ 142|"),  # A226
        (0, "|#.#|e+|#####|", "|0.|e|+0|"),  # A229
        (0, "|#.#|e+|???|", "|0.|e|+  0|"),  # A235
        (1.2345678e-142, "|#.#|e+|000,00|", "|1.2|e|-00142|"),  # A244
        (1.2345678e-142, "|#.#|e+|????|", "|1.2|e|- 142|"),  # A247
        # dgorissen/pycel's tests/fixtures/text.xlsx, sheet TextNumbers, =TEXT(A, B) as Excel saved it
        (890123.456789, "#x,0,#.00.0", "890,1x,23.45.7"),  # C37: a comma after a literal is shown as it is
        (890123.456789, "0,x#.00.0", "89012x3.45.7"),  # C34: a comma before a literal is nothing
        (890123.456789, "#.###x,##", "890123.456x,79"),  # C40
        (1234.56, ".##0", "1234.560"),  # C66: no place for the whole number, shown before the point
        # vinci1it2000/formulas's test/test_files/test.xlsx, sheet EXTRA
        (12200000, "0.00E-##", "1.22E7"),  # A29: # in the exponent pads nothing
        (0.000122, "0.00E+##", "1.22E-4"),  # A32
        (1, "[<=1]x;[<=2]a;b", "x"),  # A34: a section never used is not shown, whatever its codes
    ],
)
def test_excels_own_format_tests(value: float, code: str, shown: str) -> None:
    assert format_value(value, code) == shown


@pytest.mark.parametrize(
    ("value", "code"),
    [
        (1.23, '#"°F""'),  # vinci's test.xlsx EXTRA!A4: a quote left open is #VALUE!
        (0, '#,#"ZZ"#.0"YY"00@'),  # pycel's text.xlsx TextNumbers!C3: digits with @
        (0, '#,#"ZZ"#.0Y00'),  # C4: digits with a date code
        ("X", ';-  ##.0;"ZERO"@;"X"'),  # TextDates!C9: @ outside the text section
        (2958466, "h"),  # TextDates!C14: a time of day past 31 December 9999
    ],
)
def test_formats_excel_refuses(value: float | str, code: str) -> None:
    assert format_value(value, code) is None


def test_elapsed_time_past_the_last_date_and_truth_values() -> None:
    # pycel's text.xlsx, TextDates!C12, C13 and C18: an elapsed time has a text for any number
    assert format_value(71003160, "[hh]") == "1704075840"
    assert format_value(2958466, "[h]") == "71003184"
    assert format_value(-1, "[h]") == "-24"
    # pycel's text.xlsx, All!L17: TEXT(TRUE, "#.###") is TRUE, the truth value's own text
    assert format_value("TRUE", "#.###", logical=True) == "TRUE"


def test_an_empty_format(tmp_path: Path) -> None:
    """pycel's text.xlsx, TextNumbers!C13:C16: with an empty format Excel shows -1 as "-", 0 and 1 as nothing and a
    text as it is."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row, value in enumerate(["-1", "0", "1", '"Plugh"'], start=1):
        sheet[f"A{row}"] = f'=TEXT({value},"")'
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    assert recalculate(source, out).errors == ()
    values = openpyxl.load_workbook(out, data_only=True).active
    assert values is not None
    assert [values[f"A{row}"].value or "" for row in range(1, 5)] == ["-", "", "", "Plugh"]
