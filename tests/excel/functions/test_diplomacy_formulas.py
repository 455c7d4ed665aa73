"""DIPLOMACY_BOARD and DIPLOMACY_SYSTEMS through a formula: recalculated without Excel, and in LibreOffice."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from openpyxl.worksheet.formula import ArrayFormula

from tests.reference import diplomacy_published as pub
from tests.reference import printed
from xlscore import diplomacy_board, diplomacy_systems
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.excel.libreoffice.profile import office
from xlscore.excel.libreoffice.soffice import find_soffice

OUT = (1904, None, None, None, 1906, None, None)  # Austria out first, Italy second


def _book(path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Board"
    for r, (centres, out) in enumerate(zip(pub.CARNAGE_DRAW, OUT, strict=True), start=1):
        ws[f"A{r}"], ws[f"B{r}"] = centres, out
    ws["D1"] = ArrayFormula("D1:D7", '=DIPLOMACY_BOARD("Carnage with elimination order",A1:A7,,B1:B7)')
    ws["E1"] = ArrayFormula("E1:E7", '=DIPLOMACY_BOARD("c-diplo 100",A1:A7)')
    ws["F1"] = '=DIPLOMACY_BOARD("Bangkok",A1:A7)'  # Italy's and Austria's years are not given
    # A centre chart, a column per power, a row per year: 1901, then the end.
    for c, column in enumerate("JKLMNOP"):
        ws[f"{column}1"], ws[f"{column}2"] = (4, 3, 5, 5, 3, 5, 4)[c], pub.CARNAGE_DRAW[c]
    ws["G1"] = ArrayFormula("G1:G7", '=DIPLOMACY_BOARD("Maxonian",A1:A7,,,,J1:P2)')
    wb.save(path)


def test_recalc_computes_the_published_carnage_board(tmp_path: Path) -> None:
    source, out = tmp_path / "board.xlsx", tmp_path / "out.xlsx"
    _book(source)
    recalculate(source, out)
    ws = openpyxl.load_workbook(out, data_only=True)["Board"]
    scores = [ws[f"D{r}"].value for r in range(1, 8)]
    assert all(printed(s, f) for s, f in zip(scores, pub.CARNAGE_DRAW_SCORES, strict=True))
    assert [ws[f"E{r}"].value for r in range(1, 8)] == pytest.approx(diplomacy_board("C-Diplo 100", pub.CARNAGE_DRAW))
    assert "year Austria went out is needed by Bangkok" in str(ws["F1"].value) or ws["F1"].value == "#VALUE!"
    # Russia 14, Turkey 7, France 6, Germany 4, England 3, then Austria (4 in 1901) above Italy (3).
    assert [ws[f"G{r}"].value for r in range(1, 8)] == [2, 3, 5, 4, 1, 7 + 1, 6]


@pytest.mark.slow
@pytest.mark.skipif(find_soffice() is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_computes_the_same(tmp_path: Path) -> None:
    source = tmp_path / "board.xlsx"
    _book(source)
    wb = openpyxl.load_workbook(source)
    wb["Board"]["H1"] = "=DIPLOMACY_SYSTEMS()"
    wb["Board"]["R1"] = '=XLSCORE_WHY("DIPLOMACY_BOARD","Bangkok",A1:A7)'  # the extension's message of F1's error
    wb.save(source)
    with office() as lo:
        (out,) = lo.to_xlsx([source], tmp_path / "out")
    ws = openpyxl.load_workbook(out, data_only=True)["Board"]
    scores = [ws[f"D{r}"].value for r in range(1, 8)]
    assert all(printed(s, f) for s, f in zip(scores, pub.CARNAGE_DRAW_SCORES, strict=True))
    assert ws["F1"].value == "#VALUE!"  # a real error value
    assert str(ws["R1"].value).startswith("#VALUE! eliminated: the year Austria went out")
    assert ws["H1"].value == "System"  # the spill's header: LibreOffice keeps one cell of a spill
    assert diplomacy_systems()[0] == "Draw size"
