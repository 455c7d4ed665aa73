"""BAHTTEXT with Excel's values: vinci1it2000/formulas's test.xlsx (sheet TEXT, row 6) and Microsoft's BAHTTEXT
page."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.recalculated import recalculated
from xlscore.engine.functions.text.bahttext import baht_text


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (0, "ศูนย์บาทถ้วน"),  # test.xlsx TEXT!R6
        (157, "หนึ่งร้อยห้าสิบเจ็ดบาทถ้วน"),  # S6
        (65, "หกสิบห้าบาทถ้วน"),  # T6
        (65.8, "หกสิบห้าบาทแปดสิบสตางค์"),  # U6
        (-1, "ลบหนึ่งบาทถ้วน"),  # V6
        (1234, "หนึ่งพันสองร้อยสามสิบสี่บาทถ้วน"),  # Microsoft's BAHTTEXT page
    ],
)
def test_baht_text_as_excel_wrote_it(value: float, words: str) -> None:
    assert baht_text(value) == words


def test_bahttext_in_a_workbook_reads_cells_as_excel(tmp_path: Path) -> None:
    """test.xlsx TEXT!W6, Y6 and AB6: a blank cell is 0, TRUE is 1, an error is itself; a text that is no number
    is #VALUE!."""
    cells = {"B1": True, "B2": "=1/0", "B3": "baht"}
    formulas = {"A1": "=BAHTTEXT(B9)", "A2": "=BAHTTEXT(B1)", "A3": "=BAHTTEXT(B2)", "A4": "=BAHTTEXT(B3)"}
    assert recalculated(tmp_path, cells, formulas) == {
        "A1": "ศูนย์บาทถ้วน",
        "A2": "หนึ่งบาทถ้วน",
        "A3": "#DIV/0!",
        "A4": "#VALUE!",
    }
