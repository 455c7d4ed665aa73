"""The one wrapper between cells and the core: one notion of a blank cell, whatever the argument."""

from __future__ import annotations

import pytest

from xlscore.excel.functions.catalogue import CATALOGUE
from xlscore.excel.functions.edge import call_cells

RPLOPS = CATALOGUE["RPLOPS"]


@pytest.mark.parametrize("blank", [None, "", "  ", [["  "]]], ids=["none", "empty", "spaces", "range-of-spaces"])
def test_an_optional_argument_given_a_blank_cell_takes_its_default(blank: object) -> None:
    assert call_cells(RPLOPS, [2.0, 5.0, blank]) == call_cells(RPLOPS, [2.0, 5.0]) == pytest.approx(200 / 3)


def test_a_row_of_spaces_stays_blank_like_an_empty_row() -> None:
    ranks = [[1.0], ["  "], [None]]
    players = [[4.0], ["  "], [None]]
    assert call_cells(RPLOPS, [ranks, players]) == [[pytest.approx(2 * 50 * 4 / 5)], [None], [None]]
