"""The bridge: the Basic module and Python script a profile holds, and arguments reaching xlscore as Excel sends
them, through LibreOffice itself where soffice is installed."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlscore.excel.functions.catalogue import CATALOGUE
from xlscore.excel.libreoffice.bridge import BRIDGE_SCRIPT, basic_source, bridge_script, from_basic
from xlscore.excel.libreoffice.profile import office
from xlscore.excel.libreoffice.soffice import find_soffice


def test_basic_module_has_one_function_per_catalogue_entry() -> None:
    source = basic_source()
    for name in CATALOGUE:
        assert f"\nFunction {name}(" in source
        assert f'{name} = "#VALUE! " & Error$' in source, "every function catches its errors: a dialog would hang"
    assert BRIDGE_SCRIPT in source


def test_bridge_script_imports_this_xlscore() -> None:
    assert str(Path(__file__).resolve().parents[3]) in bridge_script()


def test_from_basic_converts_like_excel() -> None:
    assert from_basic("RPLOPS", (2, 5)) == pytest.approx(200 / 3)
    assert from_basic("RPLOPS", (6.0, 5.0)).startswith("#VALUE! ")
    assert from_basic("NOPE", ()).startswith("#NAME? ")
    grid = from_basic("RPLOPS_GAME", (((120, 95, None),),))
    assert isinstance(grid, tuple)
    assert all(isinstance(row, tuple) for row in grid)


soffice = pytest.mark.skipif(find_soffice() is None, reason="LibreOffice (soffice) is not installed")


@soffice
def test_constants_and_ranges_reach_python_as_excel_sends_them(tmp_path: Path) -> None:
    """A constant argument (1, TRUE, a text) and a range with a blank cell, as LibreOffice's Basic hands them on.

    In VBA mode a constant passes IsObject and its .Value fails ("Object variable not set"): the bridge must not
    unwrap arguments itself. A blank cell of a range stays blank, so PLOPS over it leaves that row blank.
    """
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Calls"
    sheet["C1"], sheet["C2"] = 1, 4
    formulas = {
        "A1": "=PLOPS(1,4)",  # 2 x 50 x 4/5
        "A2": "=PLOPS(C1,C2)",
        "A3": "=RPLOPS(2,5,1,50,2)",  # a tie for 2nd of 5: (66.67 + 50) / 2
        "A4": "=COUNT(PLOPS(C1:C3,4))",  # C3 blank: two numbers and a blank
        "A5": '=PLOPS("first",4)',
        "A6": "=SIZE_MATTERS(12,C1:C1)",
    }
    for cell, formula in formulas.items():
        sheet[cell] = formula
    source = tmp_path / "calls.xlsx"
    book.save(source)
    with office() as lo:
        (out,) = lo.to_xlsx([source], tmp_path / "out")
    values = openpyxl.load_workbook(out, data_only=True)["Calls"]
    assert values["A1"].value == pytest.approx(80)
    assert values["A2"].value == pytest.approx(80)
    assert values["A3"].value == pytest.approx((200 / 3 + 50) / 2)
    assert values["A4"].value == 2
    assert str(values["A5"].value).startswith("#VALUE! rank")
    assert str(values["A6"].value).startswith("#VALUE! board_centres")
