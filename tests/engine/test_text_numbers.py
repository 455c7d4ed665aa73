"""Text and date functions reading numbers as Excel does, with Excel's values: Apache POI's
FormulaEvalTestData.xlsx (sheet EverythingTests) and Microsoft's DATE page."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.recalculated import recalculated


def test_counts_and_positions_given_as_text(tmp_path: Path) -> None:
    cells = {"E11": " beginsWithSpace", "E12": "non-numeric", "E17": '="2.99999"'}
    formulas = {
        "A1": "=LEFT(E12, E17)",  # H824: no
        "A2": "=RIGHT(E11, E17)",  # H1168: ce
        "A3": '=REPLACE("ABCDEF", "3.9", "40", "x")',  # F1136: ABx
        "A4": '=SUBSTITUTE("testblankmatch", "", "!", 1)',  # P1312: the text unchanged
        "A5": '=LEFT(E12, "x")',  # a count that is no number
    }
    assert recalculated(tmp_path, cells, formulas) == {
        "A1": "no",
        "A2": "ce",
        "A3": "ABx",
        "A4": "testblankmatch",
        "A5": "#VALUE!",
    }


def test_date_counts_in_excels_calendar(tmp_path: Path) -> None:
    formulas = {
        "A1": "=DATE(1900, 1, 22222)",  # I320: 22222
        "A2": "=DATE(2008,14,2)",  # Microsoft's DATE page: 2 February 2009
        "A3": "=DATE(2008,1,-15)",  # 16 December 2007
        "A4": "=DATE(1900,3,0)",  # the day before 1 March 1900: Excel's 29 February
        "A5": "=DATE(108,1,2)",  # a year below 1900 has 1900 added: 2 January 2008
        "A6": "=DATE(10000,1,1)",
    }
    assert recalculated(tmp_path, {}, formulas) == {
        "A1": 22222,
        "A2": 39846,
        "A3": 39432,
        "A4": 60,
        "A5": 39449,
        "A6": "#NUM!",
    }


def test_floor_mode_and_powers_as_excel_gives_them(tmp_path: Path) -> None:
    cells = {"B8": 1}
    formulas = {
        "A1": "=FLOOR(0,0)",  # I544: 0
        "A2": "=FLOOR(2,0)",  # any other number over a significance of 0: #DIV/0!
        "A3": '=MODE(B8,"1",2,3)',  # H936: a text given directly, #VALUE!
        "A4": "=MODE(1,2,2,3)",
        "A5": "=(-8)^(1/3)",  # G71: a negative number to a power that is not whole, #NUM!
        "A6": "=0^0",  # #NUM! and #DIV/0! as Excel gives them (no file of the corpus holds these two)
        "A7": "=0^-1",
        "A8": "=(-2)^3",
        "A9": "=10^400",
    }
    assert recalculated(tmp_path, cells, formulas) == {
        "A1": 0,
        "A2": "#DIV/0!",
        "A3": "#VALUE!",
        "A4": 2,
        "A5": "#NUM!",
        "A6": "#NUM!",
        "A7": "#DIV/0!",
        "A8": -8,
        "A9": "#NUM!",
    }


def test_a_number_next_to_a_power_of_ten_keeps_its_15_digits() -> None:
    """Excel writes a number's 15 significant digits, with an exponent only below 1E-5 or from 1E+15 on: the
    exponent is that of the rounded number, so 999999999999998 stays whole, and 9.9999999999999996E-06 rounds up."""
    from xlscore.engine.evaluation.conversions import number_text

    assert number_text(999999999999998.0) == "999999999999998"
    assert number_text(-999999999999998.0) == "-999999999999998"
    assert number_text(9.999999999999999e14) == "1E+15"  # 16 nines round to 1E+15
    assert number_text(1e15) == "1E+15"
    assert number_text(0.00001) == "0.00001"
    assert number_text(9.9999999999999996e-06) == "0.00001"
    assert number_text(9.9999999999999e-06) == "9.9999999999999E-06"
    assert number_text(2.24044486393732e-06) == "2.24044486393732E-06"


@settings(max_examples=2000, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: x != 0))
def test_a_numbers_text_is_its_15_digits_with_the_exponent_excel_chooses(x: float) -> None:
    """The text reads back as the number rounded to 15 significant digits, and has an exponent exactly when that
    rounded number is below 1E-5 or from 1E+15 on."""
    from xlscore.engine.evaluation.conversions import number_text

    text = number_text(x)
    rounded = float(f"{x:.14e}")
    assert float(text) == rounded
    assert ("E" in text) == (not 1e-5 <= abs(rounded) < 1e15)
