"""COMPLEX and the IM... functions write their result with Excel's 15 significant digits, each value below as
Excel saved it: Apache POI's test-data/spreadsheet/atp.xlsx (Sheet1!B2, B6, B7), SheetJS's formula_stress_test.xlsx
(Engineering!B38, B40, B48) and vinci1it2000/formulas' test/test_files/test.xlsx (ENGINEERING!S35, V39, V44)."""

from __future__ import annotations

from pathlib import Path

from tests.engine.recalculated import recalculated


def test_complex_results_in_excel_digits(tmp_path: Path) -> None:
    cells = {"D35": "13+5j", "G39": "-13+25j", "G44": "-13+25j"}
    formulas = {
        "B2": "=COMPLEX(2,4)",
        "B6": "=IMLN(B2)",
        "B7": "=IMEXP(B2)",
        "C38": '=COMPLEX(2,3,"j")',
        "B38": "=IMCOS(C38)",
        "B40": "=IMEXP(C38)",
        "B48": "=IMSQRT(C38)",
        "S35": "=_xlfn.IMCOT(D35)",
        "V39": "=IMEXP(G39)",
        "V44": "=IMPRODUCT( H44,G44)",
    }
    assert recalculated(tmp_path, cells, formulas) == {
        "B2": "2+4i",
        "B6": "1.497866136777+1.10714871779409i",
        "B7": "-4.82980938326939-5.59205609364098i",
        "C38": "2+3j",
        "B38": "-4.18962569096881-9.10922789375534j",
        "B40": "-7.3151100949011+1.0427436562359j",
        "B48": "1.67414922803554+0.895977476129838j",
        "S35": "0.0000692442674613868-1.00005873951153j",
        "V39": "2.24044486393732E-06-2.99158552811404E-07j",
        "V44": "0",
    }
