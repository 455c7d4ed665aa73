"""LAMBDA, BYCOL, BYROW, MAP, SCAN and REDUCE with Excel's values: vinci1it2000/formulas's test/test_files/test.xlsx,
sheet LOGICAL (the inputs below are its cells, the results what Excel saved)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import openpyxl
import pytest
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.formula import ArrayFormula

from xlscore.engine.evaluation.recalc import recalculate

ROWS: dict[int, dict[str, float | bool | str]] = {
    3: {"C": 0, "D": 1},
    4: {"C": 0, "D": 1, "E": 2.3, "F": 0, "G": -1, "I": "text", "J": False},
    5: {"C": 0, "D": 1, "E": 2.3, "F": 1, "G": -1, "I": "text", "J": False},
    12: {"D": 3},
    18: {"C": 1, "D": 2, "E": 3, "J": True},
    20: {"C": 0, "D": 1, "E": 2.3},
    21: {"C": 0, "D": 1, "E": 2.3},
    22: {"C": 1, "D": 2, "E": 3, "F": 0},
    23: {"C": 1, "D": 2, "E": 3},
}
CELLS = {f"{column}{row}": value for row, values in ROWS.items() for column, value in values.items()}


def _computed(tmp_path: Path, formulas: Mapping[str, tuple[str, str]], names: Mapping[str, str] = {}) -> object:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "LOGICAL"
    for cell, value in CELLS.items():
        sheet[cell] = value
    for cell, (area, formula) in formulas.items():
        sheet[cell] = ArrayFormula(area, formula)
    for name, text in names.items():
        book.defined_names[name] = DefinedName(name, attr_text=text)
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    recalculate(source, out)
    values = openpyxl.load_workbook(out, data_only=True)["LOGICAL"]
    return {
        area: [[c.value for c in row] for row in values[area if ":" in area else f"{area}:{area}"]]
        for area, _ in formulas.values()
    }


def test_a_lambda_called_in_place_and_by_its_name(tmp_path: Path) -> None:
    lam = "_xlfn.LAMBDA(_xlpm.x,_xlpm.y,_xlpm.z,SUM(_xlpm.y)+SUM(_xlpm.x+1,(_xlpm.y+_xlpm.x+D3+C3)))(1,2,3)"
    named = "_xlfn.LAMBDA(_xlpm.x,_xlpm.y,_xlpm.z,SUM(_xlpm.x*2,_xlpm.y*3,-_xlpm.z,LOGICAL!$D$12))"
    formulas = {
        "C12": ("C12", "=" + lam),
        "R12": ("R12", "=MYLAMBDA(2,1,2)"),
        "E13": ("E13", "=_xlfn.LAMBDA(D3+C3)()"),
        "F13": ("F13", "=_xlfn.LAMBDA(_xlpm.x,_xlpm.x)(1,2)"),  # more values than parameters
    }
    assert _computed(tmp_path, formulas, {"MYLAMBDA": named}) == {
        "C12": [[8]],
        "R12": [[8]],
        "E13": [[1]],
        "F13": [["#VALUE!"]],
    }


def test_bycol_byrow_map_scan_and_reduce(tmp_path: Path) -> None:
    formulas = {
        "R4": ("R4:U4", "=_xlfn.BYCOL(C4:F5,_xlfn.LAMBDA(_xlpm.x,SUM(_xlpm.x)))"),
        "R5": ("R5:R6", "=_xlfn.BYROW(C4:J5,_xlfn.LAMBDA(_xlpm.x,SUM(_xlpm.x)))"),
        "R18": ("R18:T19", "=_xlfn.MAP(C18:E19, _xlfn.LAMBDA(_xlpm.a,_xlpm.a^2))"),
        "V18": ("V18:V19", "=_xlfn.MAP( {1;3}, _xlfn.LAMBDA(_xlpm.b,_xlpm.b^2))"),
        "W18": ("W18", "=_xlfn.MAP( {1,2;3,3}, _xlfn.LAMBDA(_xlpm.a,_xlpm.a+1), _xlfn.LAMBDA(_xlpm.b,_xlpm.b+3) )"),
        "X18": ("X18:X19", "=_xlfn.SCAN(H18, {1;3}, _xlfn.LAMBDA(_xlpm.a,_xlpm.b,_xlpm.a+_xlpm.b^2))"),
        "Z18": ("Z18:Z19", "=_xlfn.SCAN(J18, {1;3}, _xlfn.LAMBDA(_xlpm.a,_xlpm.b,_xlpm.a+_xlpm.b^2))"),
        "R22": ("R22", "=_xlfn.REDUCE(, C20:E21, _xlfn.LAMBDA(_xlpm.a,_xlpm.b,_xlpm.a+_xlpm.b^2))"),
        "S22": ("S22:U22", "=_xlfn.REDUCE(C22:E22, {1,2,3}, _xlfn.LAMBDA(_xlpm.a,_xlpm.b,_xlpm.a+_xlpm.b^2))"),
        "R23": ("R23:T24", "=_xlfn.SCAN(2, C21:E22, _xlfn.LAMBDA(_xlpm.a,_xlpm.b,_xlpm.a+_xlpm.b^2))"),
    }
    got = _computed(tmp_path, formulas)
    assert got == {
        "R4:U4": [[0, 2, pytest.approx(4.6), 1]],
        "R5:R6": [[pytest.approx(2.3)], [pytest.approx(3.3)]],
        "R18:T19": [[1, 4, 9], [0, 0, 0]],
        "V18:V19": [[1], [9]],
        "W18": [["#VALUE!"]],
        "X18:X19": [[1], [10]],
        "Z18:Z19": [[2], [11]],
        "R22": [[pytest.approx(12.58)]],
        "S22:U22": [[15, 16, 17]],
        "R23:T24": [[2, 3, pytest.approx(8.29)], [pytest.approx(9.29), pytest.approx(13.29), pytest.approx(22.29)]],
    }
