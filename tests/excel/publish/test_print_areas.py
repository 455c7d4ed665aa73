"""Print areas every program honours (issues 31 and 35): every template loads in openpyxl without a warning, its
print areas are plain ranges sized to the tables, and an openpyxl save keeps them; a recalculation sizes a print
area to its table again as the table grows."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from tests.excel.publish.pages import SYSTEMS, book_of
from xlscore.engine.files.book import read_book
from xlscore.excel.templates import rplops_event


@pytest.mark.parametrize("system", SYSTEMS)
def test_openpyxl_loads_without_a_warning_and_keeps_the_print_area(system: str, tmp_path: Path) -> None:
    from openpyxl import load_workbook

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loaded = load_workbook(book_of(system))
        areas = {ws.title: ws.print_area for ws in loaded.worksheets if ws.print_area}
        assert "Standings" in areas
        loaded.save(tmp_path / "saved.xlsx")
        again = load_workbook(tmp_path / "saved.xlsx")
    assert {ws.title: ws.print_area for ws in again.worksheets if ws.print_area} == areas


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_standings_print_area_ends_at_the_last_player(system: str) -> None:
    book = read_book(book_of(system))
    values = book.sheet("Standings").values
    last = max(r for (r, c), v in values.by_position().items() if c == 1 and v is not None)
    area = book.names["STANDINGS!_XLNM.PRINT_AREA"]
    assert area.endswith(f"${last}"), area


@pytest.mark.parametrize("players", [2, 9, 31])
def test_a_recalculation_sizes_the_print_area_to_the_table(players: int, tmp_path: Path) -> None:
    from xlscore.engine.evaluation.recalc import recalculate

    rows = [("Game 1", f"P{n}", None, n, None) for n in range(1, players + 1)]
    path = tmp_path / "event.xlsx"
    rplops_event.build(results=rows).save(path)
    recalculate(path, tmp_path / "again.xlsx")
    for saved in (path, tmp_path / "again.xlsx"):
        # The header and one row per player, eight columns (Place to Decided by).
        assert read_book(saved).names["STANDINGS!_XLNM.PRINT_AREA"] == f"'Standings'!$A$1:$H${players + 1}"
