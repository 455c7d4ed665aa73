"""LINEST, LOGEST, TREND and GROWTH with Excel's values: dgorissen/pycel's tests/fixtures/stats.xlsx (sheets Stats and
LinestArrayExp) and SheetJS's test_files formula_stress_test.xlsx (sheet Statistical)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import openpyxl
import pytest
from openpyxl.worksheet.formula import ArrayFormula

from xlscore.engine.evaluation.recalc import recalculate

# pycel's stats.xlsx, Stats!J3:N7, and E2:F2
ROWS: dict[int, list[float]] = {
    3: [1, 2.1, 3.1, 4.1, 5.1],
    4: [-2, -4, -7, -9, -11],
    5: [1, 3, 6, 9, 12],
    6: [1, 1, 1, 1, 1],
}
DATA: dict[str, float] = {f"{'JKLMN'[i]}{row}": value for row, values in ROWS.items() for i, value in enumerate(values)}
DATA |= {"E2": 2.5, "F2": 3.5}


def _values(tmp_path: Path, cells: Mapping[str, float | str | bool], array: str, formula: str) -> list[list[object]]:
    """The values of ``formula`` entered as an array formula over ``array``, recalculated by xlscore."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for cell, value in cells.items():
        sheet[cell] = value
    sheet[array.split(":")[0]] = ArrayFormula(array, formula)
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    recalculate(source, out)
    values = openpyxl.load_workbook(out, data_only=True).active
    assert values is not None
    return [[cell.value for cell in row] for row in values[array if ":" in array else f"{array}:{array}"]]


def test_linest_with_statistics_along_rows(tmp_path: Path) -> None:
    """Stats!Q16:R20: LINEST(J3:N3,J4:N4,,TRUE), const left out (TRUE)."""
    shown = _values(tmp_path, DATA, "Q16:R20", "=LINEST(J3:N3,J4:N4,,TRUE)")
    expected = [
        [-0.4409774436090227, 0.16954887218045034],
        [0.01981575107847483, 0.14588484603131655],
        [0.9939787497182618, 0.1445327793643257],
        [495.2353929214176, 3],
        [10.345330827067666, 0.06266917293233057],
    ]
    assert shown == [[pytest.approx(v, rel=1e-9) for v in row] for row in expected]


def test_a_constant_variable_is_dropped(tmp_path: Path) -> None:
    """Stats!G5:H5: LINEST(J5:N5,J6:N6) over a constant x is a slope of 0 and the mean; LinestArrayExp!F21:H25:
    with both variables constant and no degree of freedom left, Excel's statistics."""
    assert _values(tmp_path, DATA, "G5:H5", "=LINEST(J5:N5,J6:N6)") == [[0, pytest.approx(6.2)]]
    cells: dict[str, float] = {"F16": 1, "F17": 2, "F18": 3}
    cells |= {f"{c}{r}": v for r in (16, 17, 18) for c, v in (("G", 2), ("H", 3))}
    shown = _values(tmp_path, cells, "F21:H25", "=LINEST(F16:F18,G16:H18,,TRUE)")
    assert shown == [
        [0, 0, 2],
        [0, 0, 0],
        [1, 0, "#N/A"],
        ["#NUM!", 0, "#N/A"],
        [2, 0, "#N/A"],
    ]


def test_trend_shaped_as_its_new_x_and_its_refusals(tmp_path: Path) -> None:
    """Stats!E3:F3: TREND(J3:N3,J4:N4,E2:F2) is a row, as E2:F2 is; P6: TREND(J3:N3,J4:N5,2.5), two variables and
    one new value, is #REF!."""
    assert _values(tmp_path, DATA, "E3:F3", "=TREND(J3:N3,J4:N4,E2:F2)") == [
        [pytest.approx(-0.9328947368421063, rel=1e-9), pytest.approx(-1.3738721804511291, rel=1e-9)]
    ]
    assert _values(tmp_path, DATA, "P6", "=TREND(J3:N3,J4:N5,2.5)") == [["#REF!"]]


def test_logest_growth_and_a_perfect_fit(tmp_path: Path) -> None:
    """SheetJS's formula_stress_test.xlsx, Statistical!H138:I142 LOGEST and D144:I144 TREND over D128:I129; pycel's
    Stats!D45:E49: LINEST of an exact line has no residual, and F is #NUM!."""
    cells: dict[str, float] = {f"{'DEFGHI'[i]}128": x for i, x in enumerate([1, 2, 3, 4, 5, 6])}
    cells |= {f"{'DEFGHI'[i]}129": y for i, y in enumerate([2, 4, 6, 8, 11, 11])}
    logest = _values(tmp_path, cells, "H138:I142", "=LOGEST(D129:I129,D128:I128,TRUE,TRUE)")
    expected = [
        [1.4027906571323456, 1.833908820057183],
        [0.05129082045694708, 0.1997490475347993],
        [0.9158702939558562, 0.21456489602231923],
        [43.54563147886378, 4],
        [2.004757901661387, 0.18415237842027465],
    ]
    assert logest == [[pytest.approx(v, rel=1e-9) for v in row] for row in expected]
    trend = _values(tmp_path, cells, "D144:I144", "=TREND(D129:I129,D128:I128)")
    assert trend == [
        [
            pytest.approx(v, rel=1e-9)
            for v in (
                2.142857142857142,
                4.085714285714285,
                6.0285714285714285,
                7.9714285714285715,
                9.914285714285715,
                11.857142857142858,
            )
        ]
    ]
    line = {"B33": 1, "B34": 2, "B35": 3, "C33": 2, "C34": 3, "C35": 4}
    assert _values(tmp_path, line, "D45:E49", "=LINEST(B33:B35,C33:C35,TRUE,TRUE)") == [
        [1, -1],
        [0, 0],
        [1, 0],
        ["#NUM!", 1],
        [2, 0],
    ]
