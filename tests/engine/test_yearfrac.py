"""YEARFRAC with the values Excel saved in dgorissen/pycel's tests/fixtures/yearfrac.xlsx (row numbers given),
every basis, and its errors."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from tests.engine.recalculated import recalculated

_ROWS = {
    3: ((2001, 1, 31), (2001, 3, 31), (0.16666666666666666, 0.16164383561643836, 0.1638888888888889,
                                       0.16164383561643836, 0.16666666666666666)),
    6: ((2004, 2, 29), (2005, 2, 28), (1, 0.9972677595628415, 1.0138888888888888, 1, 0.9972222222222222)),
    7: ((2001, 2, 28), (2004, 2, 29), (3, 3.0006844626967832, 3.0444444444444443, 3.0027397260273974,
                                      3.0027777777777778)),
    10: ((2003, 1, 3), (2001, 1, 12), (1.975, 1.9753424657534246, 2.0027777777777778, 1.9753424657534246, 1.975)),
}  # fmt: skip


def test_every_basis_as_excel_saved_it(tmp_path: Path) -> None:
    cells: dict[str, object] = {}
    formulas: dict[str, str] = {}
    expected: dict[str, object] = {}
    for row, (start, end, saved) in _ROWS.items():
        cells[f"A{row}"], cells[f"B{row}"] = datetime.datetime(*start), datetime.datetime(*end)
        for basis, value in enumerate(saved):
            cell = f"{'CDEFG'[basis]}{row}"
            formulas[cell] = f"=YEARFRAC($A{row},$B{row},{basis})"
            expected[cell] = pytest.approx(value, rel=1e-12)
    # Row 4 of the Errors block: 0 is 0 January 1900 (M4 = 0.55, R4 = 1/360); a basis of -1 is #NUM! even with an
    # error for a date (P3), a text or TRUE for a basis #VALUE! (K8, K9); past 31 December 9999 #NUM!.
    formulas |= {
        "M4": "=YEARFRAC(0,200,0)",
        "R4": "=YEARFRAC(1,0,0)",
        "P3": "=YEARFRAC(1/0,200,-1)",
        "K8": '=YEARFRAC(1,200,"plugh")',
        "K9": "=YEARFRAC(1,200,TRUE)",
        "N4": "=YEARFRAC(2958466,200,0)",
        "O4": "=YEARFRAC(1/0,200,0)",
    }
    expected |= {
        "M4": pytest.approx(0.55),
        "R4": pytest.approx(1 / 360),
        "P3": "#NUM!",
        "K8": "#VALUE!",
        "K9": "#VALUE!",
        "N4": "#NUM!",
        "O4": "#DIV/0!",
    }
    assert recalculated(tmp_path, cells, formulas) == expected
