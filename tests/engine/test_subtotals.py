"""SUBTOTAL, AGGREGATE and ISFORMULA in recalc, with the values of Microsoft's documentation examples and the rules
those pages state for hidden rows, filtered rows and nested subtotals."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl.worksheet.worksheet import Worksheet

from tests.engine.recalculated import recalculated

# Microsoft's SUBTOTAL page: A2:A5 hold 120, 10, 150, 23; SUBTOTAL(9, A2:A5) is 303, SUBTOTAL(1, A2:A5) 75.75.
SUBTOTAL_DATA = {"A1": "Data", "A2": 120, "A3": 10, "A4": 150, "A5": 23}
# Microsoft's AGGREGATE page: A1:A11 and B1:B11.
AGGREGATE_A = ["=1/0", 72, 30, "=SQRT(-1)", 31, 96, 32, 81, 33, 53, 34]
AGGREGATE_B = [82, 65, 95, 63, 53, 71, 55, 83, 100, 91, 89]


def test_subtotal_gives_microsofts_values(tmp_path: Path) -> None:
    formulas = {"C1": "=SUBTOTAL(9,A2:A5)", "C2": "=SUBTOTAL(1,A2:A5)", "C3": "=SUBTOTAL(109,A2:A5)"}
    assert recalculated(tmp_path, SUBTOTAL_DATA, formulas) == {"C1": 303, "C2": 75.75, "C3": 303}


def test_hidden_rows_and_nested_subtotals(tmp_path: Path) -> None:
    """Row 3 (10) hidden by hand: 101-111 leave it out, 1-11 count it (they leave out only rows a filter hides);
    both leave out A6 and A7, which hold subtotals, so a total over them is not counted twice."""
    formulas = {
        "C1": "=SUBTOTAL(9,A2:A7)",
        "C2": "=SUBTOTAL(109,A2:A7)",
        "C3": "=SUBTOTAL(102,A2:A7)",
        "C4": "=SUBTOTAL(103,A1:A7)",
        "C5": "=SUBTOTAL(104,A2:A5)",
        "C6": "=SUM(A2:A7)",
        "C7": "=AGGREGATE(9,5,A2:A5)",  # option 5: hidden rows left out
        "C8": "=AGGREGATE(9,4,A2:A7)",  # option 4: nothing left out, the nested subtotals counted
        "C9": "=AGGREGATE(9,0,A2:A7)",  # option 0: nested subtotals left out
    }
    cells = {**SUBTOTAL_DATA, "A6": "=SUBTOTAL(9,A2:A5)", "A7": "=2*AGGREGATE(9,0,A2:A3)"}

    def hide(sheet: Worksheet) -> None:
        sheet.row_dimensions[3].hidden = True

    assert recalculated(tmp_path, cells, formulas, hide) == {
        "C1": 303,
        "C2": 293,
        "C3": 3,
        "C4": 4,
        "C5": 150,
        "C6": 303 + 303 + 260,
        "C7": 293,
        "C8": 303 + 303 + 260,
        "C9": 303,
    }


def test_rows_a_filter_hides_are_left_out_by_every_function_number(tmp_path: Path) -> None:
    def filtered(sheet: Worksheet) -> None:
        sheet.auto_filter.ref = "A1:A5"
        sheet.auto_filter.add_filter_column(0, ["120", "150", "23"])
        sheet.row_dimensions[3].hidden = True  # 10, filtered out

    formulas = {"C1": "=SUBTOTAL(9,A2:A5)", "C2": "=SUBTOTAL(109,A2:A5)", "C3": "=SUBTOTAL(2,A2:A5)"}
    assert recalculated(tmp_path, SUBTOTAL_DATA, formulas, filtered) == {"C1": 293, "C2": 293, "C3": 3}


def test_aggregate_gives_microsofts_values(tmp_path: Path) -> None:
    cells: dict[str, object] = {f"A{i}": v for i, v in enumerate(AGGREGATE_A, start=1)}
    cells.update({f"B{i}": v for i, v in enumerate(AGGREGATE_B, start=1)})
    formulas = {
        "D1": "=AGGREGATE(4,6,A1:A11)",  # 96
        "D2": "=AGGREGATE(14,6,A1:A11,3)",  # 72
        "D3": "=AGGREGATE(15,6,A1:A11)",  # #VALUE!: SMALL needs its k
        "D4": "=AGGREGATE(12,6,A1:A11,B1:B11)",  # 68
        "D5": "=MAX(A1:A2)",  # #DIV/0!
        "D6": "=_xlfn.AGGREGATE(9,4,A1:A3)",  # as Excel saves it; errors not ignored: #DIV/0!
        "D7": "=AGGREGATE(15,6,B1:B11/(B1:B11>90),1)",  # an array: the smallest of 91, 95 and 100
        "D8": "=AGGREGATE(16,6,B1:B11,0.5)",  # PERCENTILE.INC, the median 82
        "D9": "=AGGREGATE(13,6,A1:A11,B1:B11)",  # MODE.SNGL: 53 appears twice
    }
    assert recalculated(tmp_path, cells, formulas) == {
        "D1": 96,
        "D2": 72,
        "D3": "#VALUE!",
        "D4": 68,
        "D5": "#DIV/0!",
        "D6": "#DIV/0!",
        "D7": 91,
        "D8": 82,
        "D9": 53,
    }


def test_isformula(tmp_path: Path) -> None:
    """Microsoft's ISFORMULA page: TRUE for a cell with a formula (=TODAY()), FALSE for a constant."""
    cells = {"A1": "=TODAY()", "A2": "=3+4", "A3": 7, "A4": "text"}
    formulas = {"C1": "=ISFORMULA(A1)", "C2": "=_xlfn.ISFORMULA(A2)", "C3": "=ISFORMULA(A3)", "C4": "=ISFORMULA(A4)"}
    assert recalculated(tmp_path, cells, formulas) == {"C1": True, "C2": True, "C3": False, "C4": False}


@pytest.mark.parametrize("formula", ["=SUBTOTAL(12,A2:A5)", "=SUBTOTAL(9,{1,2})", "=AGGREGATE(9,8,A2:A5)"])
def test_bad_arguments_are_value_errors(tmp_path: Path, formula: str) -> None:
    assert recalculated(tmp_path, SUBTOTAL_DATA, {"C1": formula}) == {"C1": "#VALUE!"}
