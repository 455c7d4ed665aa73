"""Ranges that reach row 1,048,576 or column XFD, the last of an Excel sheet (``=SUM(B1:Z1048576)``,
``=SUM(B:XFD)``): the formula engine names them in a shorthand of its own, which recalc reads back as the range."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine import hostile
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.rewrite.refs import MAX_COL, MAX_ROW, Area, open_ended


@pytest.mark.parametrize(
    ("name", "area"),
    [
        ("B1:Z", Area(None, 1, 2, MAX_ROW, 26)),
        ("B1:3", Area(None, 1, 2, 3, MAX_COL)),
        ("A1:", Area(None, 1, 1, MAX_ROW, MAX_COL)),
        ("B:", Area(None, 1, 2, MAX_ROW, MAX_COL)),
        ("1:", Area(None, 1, 1, MAX_ROW, MAX_COL)),
        ("7", Area(None, 7, MAX_COL, 7, MAX_COL)),
        ("TOTALS!A1:A", Area("TOTALS", 1, 1, MAX_ROW, 1)),
        ("'MY S'!B:", Area("MY S", 1, 2, MAX_ROW, MAX_COL)),
    ],
)
def test_the_engines_shorthand_is_read_as_the_range(name: str, area: Area) -> None:
    assert open_ended(name) == area


@pytest.mark.parametrize("name", ["B1:Z5", "A:A", "3:5", "RATE", "A", "", ":", "!A1:", "B1:0", "XFE1:", "1048577"])
def test_anything_else_is_not_read_as_an_open_range(name: str) -> None:
    assert open_ended(name) is None


def test_sums_over_ranges_to_the_last_row_and_column(tmp_path: Path) -> None:
    formulas = {
        "A1": "SUM(B1:Z1048576)",
        "A2": "SUM(B:XFD)",
        "A3": "SUM(B1:XFD3)",
        "A4": "SUM(Totals!A1:A1048576)",
        "A5": "SUM($C$1:$XFD$1048576)",
        "A6": "COUNT(B1:XFD1048576)",
    }
    rows = (
        f'<row r="1"><c r="A1"><f>{formulas["A1"]}</f><v>0</v></c><c r="B1"><v>5</v></c></row>'
        + "".join(f'<row r="{r}"><c r="A{r}"><f>{formulas[f"A{r}"]}</f><v>0</v></c></row>' for r in range(2, 7))
        + '<row r="7"><c r="C7"><v>2</v></c></row><row r="200"><c r="XFD200"><v>100</v></c></row>'
    )
    parts = hostile.minimal_parts()
    parts["xl/worksheets/sheet1.xml"] = (
        f'<worksheet xmlns="{hostile.MAIN}"><sheetData>{rows}</sheetData></worksheet>'
    ).encode()
    path = hostile.write_zip(tmp_path / "Edges.xlsx", parts)
    result = recalculate(path)
    assert result.errors == ()
    values = result.evaluation.values["RESULTS"]
    # B1 = 5, C7 = 2, XFD200 = 100; Totals!A1 = 21 (hostile.minimal_parts).
    assert [values[r, 1] for r in range(1, 7)] == [7.0, 107.0, 5.0, 21.0, 102.0, 3.0]


def test_a_range_over_more_used_cells_than_xlscore_reads_is_an_error_not_a_crash(tmp_path: Path) -> None:
    # A value in the sheet's last cell makes B:XFD span 1,048,576 x 16,383 used cells: refused in that one cell.
    rows = (
        '<row r="1"><c r="A1"><f>SUM(B:XFD)</f><v>0</v></c><c r="B1"><v>5</v></c></row>'
        '<row r="2"><c r="A2"><f>SUM(B1:C3)</f><v>0</v></c></row>'
        '<row r="1048576"><c r="XFD1048576"><v>100</v></c></row>'
    )
    parts = hostile.minimal_parts()
    parts["xl/worksheets/sheet1.xml"] = (
        f'<worksheet xmlns="{hostile.MAIN}"><sheetData>{rows}</sheetData></worksheet>'
    ).encode()
    result = recalculate(hostile.write_zip(tmp_path / "Corner.xlsx", parts))
    assert [str(e) for e in result.errors] == [
        "Results!A1: #VALUE! the range B1:XFD1048576 spans 17,178,820,608 cells of the used sheet, more than the "
        "10,000,000 xlscore reads at once"
    ]
    assert result.evaluation.values["RESULTS"][2, 1] == 5.0


def test_an_array_formula_over_a_whole_row_shows_0_for_each_empty_cell(tmp_path: Path) -> None:
    # {=Totals!1:1} over A3:XFD3, as xlcalculator's tests/resources/reader.xlsm has it: Excel saved 0 beyond Totals!A1.
    rows = '<row r="3"><c r="A3"><f t="array" ref="A3:XFD3">Totals!1:1</f><v>21</v></c><c r="B3"><v>0</v></c></row>'
    parts = hostile.minimal_parts()
    parts["xl/worksheets/sheet1.xml"] = (
        f'<worksheet xmlns="{hostile.MAIN}"><sheetData>{rows}</sheetData></worksheet>'
    ).encode()
    values = recalculate(hostile.write_zip(tmp_path / "Row.xlsx", parts)).evaluation.values["RESULTS"]
    assert (values[3, 1], values[3, 2], values[3, MAX_COL]) == (21.0, 0.0, 0.0)
