"""Each cell's number format read from a workbook (:func:`xlscore.engine.files.date_cells.cell_formats`)."""

from __future__ import annotations

from pathlib import Path

from xlscore.engine.files.date_cells import cell_formats

RPLOPS = Path(__file__).resolve().parents[2] / "workbooks" / "rplops-event.xlsx"


def test_the_standings_show_counts_whole_and_points_to_two_decimals() -> None:
    formats = cell_formats(RPLOPS, ["standings", "Settings"])
    standings = formats["STANDINGS"]
    assert standings[2, 1] == "0"  # Place
    assert standings[2, 5] == "0.00"  # Points
    assert formats["SETTINGS"][10, 2] == "yyyy-mm-dd"  # the event's date, below the rounds settings
    assert (1, 2) not in formats["SETTINGS"]  # x, in General: not listed


def test_sheets_not_asked_for_are_not_read() -> None:
    assert set(cell_formats(RPLOPS, ["Standings"])) == {"STANDINGS"}
