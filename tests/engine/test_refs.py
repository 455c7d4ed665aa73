"""References in formula text: moved with their cell, and written back."""

from __future__ import annotations

import pytest

from xlscore.engine.rewrite.refs import MAX_COL, MAX_ROW, Area, translate, written


def test_translate_moves_relative_references_only() -> None:
    text = "SUM(B1:B3,$C$1,C$1,$C1,'My Data'!D2,F:F,3:3)&\"A1\""
    assert translate(text, 2, 1) == "SUM(C3:C5,$C$1,D$1,$C3,'My Data'!E4,G:G,5:5)&\"A1\""
    assert translate("=B2", -1, -1) == "=A1"


def test_translate_off_the_sheet_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot be moved"):
        translate("B2", -2, 0)


def test_written_is_absolute_and_quotes_a_sheet_name_when_needed() -> None:
    assert written(Area("My Data", 2, 1, 9, 5)) == "'My Data'!$A$2:$E$9"
    assert written(Area("Results", 1, 6, MAX_ROW, 6)) == "Results!$F:$F"
    assert written(Area(None, 3, 1, 3, MAX_COL)) == "$3:$3"
    assert written(Area(None, 1, 1, 1, 1)) == "$A$1"
