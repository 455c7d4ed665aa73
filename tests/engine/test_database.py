"""The database functions with Excel's values: SheetJS's test_files formula_stress_test.xlsx, sheet Database, where
Excel saved all twelve over one database (A24:E30) and criteria (A19:C21)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.recalculated import recalculated
from xlscore.engine.functions.database import matches

ROWS: dict[int, list[object]] = {
    19: ["Foo", "Bar", "Bar"],
    20: ["V8", ">10", "<16"],
    21: ["SM"],
    24: ["Foo", "Bar", "Baz", "Qux", "Sna"],
    25: ["V8", 18, 20, 14, 105],
    26: ["SM", 12, 12, 10, 96],
    27: ["Nitro", 13, 14, 9, 105],
    28: ["V8", 14, 15, 10, 75],
    29: ["SM", 9, 8, 8, 76.8],
    30: ["V*", 8, 9, 6, 45],
}
DATABASE: dict[str, object] = {
    f"{'ABCDE'[i]}{row}": value for row, values in ROWS.items() for i, value in enumerate(values)
}
DATABASE["D2"] = 3


def test_the_database_functions_as_excel_saved_them(tmp_path: Path) -> None:
    expected = {
        "=DAVERAGE(A24:E30,D2,A19:C21)": 11.666666666666666,
        "=DCOUNT(A24:E30,D2,A19:C21)": 3,
        "=DCOUNTA(A24:E30,D2,A19:C21)": 3,
        "=DGET(A24:E30,D2,A19:C20)": 15,
        "=DMAX(A24:E30,D2,A19:C21)": 15,
        "=DMIN(A24:E30,D2,A19:C21)": 8,
        "=DPRODUCT(A24:E30,D2,A19:C21)": 1440,
        "=DSTDEV(A24:E30,D2,A19:A21)": 5.057996968497839,
        "=DSTDEVP(A24:E30,D2,A19:A21)": 4.380353866983808,
        "=DSUM(A24:E30,D2,A19:C21)": 35,
        "=DVAR(A24:E30,D2,A19:C21)": 12.333333333333343,
        "=DVARP(A24:E30,D2,A19:C21)": 8.222222222222221,
    }
    formulas = {f"G{row}": formula for row, formula in enumerate(expected, start=1)}
    values = recalculated(tmp_path, DATABASE, formulas)
    for cell, want in zip(formulas, expected.values(), strict=True):
        assert values[cell] == pytest.approx(want, rel=1e-12), cell


def test_fields_by_label_and_what_excel_refuses(tmp_path: Path) -> None:
    """A field by its label, without regard to case; DCOUNT with the field left out counts the records; DGET of no
    record is #VALUE!, of several #NUM!; a label the database lacks is #VALUE! (Microsoft's DGET and DCOUNT pages)."""
    formulas = {
        "G1": '=DSUM(A24:E30,"baz",A19:C21)',
        "G2": "=DCOUNT(A24:E30,,A19:A21)",  # V8 or SM: four records
        "G3": "=DGET(A24:E30,D2,A19:C21)",
        "G4": '=DSUM(A24:E30,"Nope",A19:C21)',
        "G5": "=DGET(A24:E30,D2,I1:I2)",
    }
    cells = {**DATABASE, "I1": "Foo", "I2": "Zed"}
    assert recalculated(tmp_path, cells, formulas) == {
        "G1": 35,
        "G2": 4,
        "G3": "#NUM!",
        "G4": "#VALUE!",
        "G5": "#VALUE!",
    }


@pytest.mark.parametrize(
    ("value", "condition", "met"),
    [
        ("V8", "V8", True),
        ("V8 Turbo", "V8", True),  # a text alone matches the texts that begin with it
        ("v8", "V8", True),
        ("V*", "V8", False),
        (14, ">10", True),
        (18, "<16", False),
        ("x", ">10", False),
        (None, "=", True),
        ("x", "<>", True),
        ("SM", "=S?", True),
        ("SMX", "=S?", False),
        (12, 12, True),
        (12, None, True),
    ],
)
def test_one_condition(value: object, condition: object, met: bool) -> None:
    assert matches(value, condition) is met
