"""VDB with Excel's values: Microsoft's VDB page and xlcalculator's tests/resources/VDB.xlsx (Sheet1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.recalculated import recalculated
from xlscore.engine.functions.financial.depreciation import variable_declining_balance


@pytest.mark.parametrize(
    ("arguments", "depreciation"),
    [
        # Microsoft's VDB page: 2,400 cost, 300 salvage, 10 years
        ((2400, 300, 10 * 365, 0, 1), 1.3150684931506849),  # shown as 1.32
        ((2400, 300, 10 * 12, 0, 1), 40.0),
        ((2400, 300, 10, 0, 1), 480.0),
        ((2400, 300, 10 * 12, 6, 18), 396.306053264751),  # shown as 396.31
        ((2400, 300, 10 * 12, 6, 18, 1.5), 311.808936658234),  # 311.81
        ((2400, 300, 10, 0, 0.875, 1.5), 315.0),
        # xlcalculator's VDB.xlsx: 575,000 over 10 years at 1.5 (F7, F11 after the switch, F16)
        ((575000, 5000, 10, 0, 1, 1.5), 86250.0),
        ((575000, 5000, 10, 4, 5, 1.5), 49192.265625),
        ((575000, 5000, 10, 9, 10, 1.5), 49192.265625),
        # and 1 over 14 periods at 1.25, by half periods (D23:D37, F23, F24, F27, F28)
        ((1, 0, 14, 0, 0.5, 1.25), 0.044642857142857144),
        ((1, 0, 14, 0.5, 1.5, 1.25), 0.08529974489795919),
        ((1, 0, 14, 2.5, 3.5, 1.25), 0.07074765193864536),
        ((1, 0, 14, 3.5, 4.5, 1.25), 0.06872629045468406),  # the straight line from 3.5 on
        ((1, 0, 14, 11.5, 12.5, 1.25), 0.06872629045468406),
        ((1, 0, 14, 13.5, 14, 1.25), 0.03436314522734203),
        ((1, 0, 14, 11, 12, 1.25), 0.06866789938377948),  # whole periods switch a period earlier
        ((1, 0, 14, 13, 14, 1.25), 0.06866789938377948),
    ],
)
def test_vdb_as_excel_gives_it(arguments: tuple[float, ...], depreciation: float) -> None:
    cost, salvage, life, start, end, *factor = arguments
    shown = variable_declining_balance(cost, salvage, life, start, end, factor[0] if factor else 2.0)
    assert shown == pytest.approx(depreciation, rel=1e-12)


def test_vdb_in_a_workbook_and_its_refusals(tmp_path: Path) -> None:
    """An end past the life, a start after the end and a salvage above the cost are #NUM!; no_switch TRUE keeps the
    declining balance, which VDB.xlsx works out beside it (D11: 0.15 of the book value after four years)."""
    formulas = {
        "A1": "=VDB(2400,300,10,0,1)",
        "A2": "=VDB(2400,300,10,11,12)",
        "A3": "=VDB(2400,300,10,3,2)",
        "A4": "=VDB(300,2400,10,0,1)",
        "A5": "=VDB(575000,5000,10,4,5,1.5,TRUE)",
        "A6": "=VDB(575000,5000,10,4,5,1.5,FALSE)",
    }
    values = recalculated(tmp_path, {}, formulas)
    assert [values[f"A{i}"] for i in range(1, 5)] == [480, "#NUM!", "#NUM!", "#NUM!"]
    assert values["A5"] == pytest.approx(45023.0390625, rel=1e-12)
    assert values["A6"] == pytest.approx(49192.265625, rel=1e-12)
