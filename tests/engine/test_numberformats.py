"""Dates exported as dates: a cell's number format says it shows a date, and CSV, JSON and text write it ISO."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils.datetime import CALENDAR_MAC_1904

from xlscore.cli import main
from xlscore.engine.files.date_cells import BUILTIN, as_date, dated_cells, format_kind
from xlscore.excel.results import read_results

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("code", "kind"),
    [
        ("yyyy-mm-dd", "date"),
        ("d/m/yy", "date"),
        ("mmm yyyy", "date"),
        ("[$-409]dddd, mmmm d, yyyy", "date"),
        ("h:mm AM/PM", "time"),
        ("mm:ss", "time"),
        ("yyyy-mm-dd hh:mm", "datetime"),
        ("[h]:mm", None),  # elapsed hours: a duration
        ("0.00", None),
        ("General", None),
        ('0 "days"', None),  # quoted text is not a code
        ("#,##0.00;[Red]-#,##0.00", None),
        ("0.00E+00", None),
    ],
)
def test_a_format_shows_a_date_when_it_has_date_codes(code: str, kind: str | None) -> None:
    assert format_kind(code) == kind


def test_excels_builtin_date_formats() -> None:
    assert {n for n, k in BUILTIN.items() if n < 27 or 44 < n < 48} == {14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47}
    assert BUILTIN[14] == "date"
    assert BUILTIN[22] == "datetime"
    assert BUILTIN[46] == "time"


def test_serial_numbers_as_excel_counts_them() -> None:
    # Excel's 1900 system: 1 is 1900-01-01, 60 the 29 February 1900 that never was, 61 is 1900-03-01.
    assert as_date(1, "date") == dt.date(1900, 1, 1)
    assert as_date(59, "date") == dt.date(1900, 2, 28)
    assert as_date(60, "date") == 60
    assert as_date(61, "date") == dt.date(1900, 3, 1)
    assert as_date(46028, "date") == dt.date(2026, 1, 6)
    assert as_date(46028.75, "datetime") == dt.datetime(2026, 1, 6, 18, 0)
    assert as_date(0.5, "time") == dt.time(12, 0)
    assert as_date(0, "date", date1904=True) == dt.date(1904, 1, 1)
    assert as_date(-1, "date") == -1  # no date: the number as it is


def _book(tmp_path: Path, date1904: bool = False) -> Path:
    book = openpyxl.Workbook()
    ws = book.active
    assert ws is not None
    ws.title = "Games"
    ws.append(["Date", "Game", "Start", "Length"])
    ws.append([dt.date(2026, 1, 6), 1, dt.datetime(2026, 1, 6, 18, 30), 2.5])
    ws["A2"].number_format = "dd/mm/yyyy"
    ws["C2"].number_format = "yyyy-mm-dd hh:mm"
    ws.append([46035, 2, None, 3])
    ws["A3"].number_format = "d mmm yyyy"
    if date1904:
        book.epoch = CALENDAR_MAC_1904
    path = tmp_path / "games.xlsx"
    book.save(path)
    return path


def test_the_cells_formatted_as_dates_are_found(tmp_path: Path) -> None:
    cells, date1904 = dated_cells(_book(tmp_path), ["games"])
    assert cells == {"GAMES": {(2, 1): "date", (2, 3): "datetime", (3, 1): "date"}}
    assert not date1904


def test_export_writes_dates_iso_in_csv_json_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _book(tmp_path)
    assert main(["export", str(path), "--name", "Games", "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Date,Game,Start,Length",
        "2026-01-06,1,2026-01-06 18:30:00,2.5",
        "2026-01-13,2,,3",
    ]
    assert main(["export", str(path), "--name", "Games", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)[0] == {
        "Date": "2026-01-06",
        "Game": 1,
        "Start": "2026-01-06 18:30:00",
        "Length": 2.5,
    }
    assert main(["export", str(path), "--name", "Games"]) == 0
    assert "2026-01-13" in capsys.readouterr().out
    frame = read_results(path, ["Games"])["GAMES"]
    assert frame["Date"].tolist() == [dt.date(2026, 1, 6), dt.date(2026, 1, 13)]


def test_a_1904_workbook_counts_from_1904(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(_book(tmp_path, date1904=True)), "--name", "Games", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("2026-01-06,1,2026-01-06 18:30:00")
    assert lines[2].startswith("2030-01-14,")  # the typed 46035 counted from 1904-01-01


def test_the_gibbs_ladders_dates_export_as_dates(capsys: pytest.CaptureFixture[str]) -> None:
    book = str(ROOT / "workbooks" / "gibbs-ladder.xlsx")
    assert main(["export", book, "--name", "Games", "--name", "History", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("2026-01-06,1,Ann,1")  # the sample's first game, typed as a date
    history = lines[lines.index("") + 2]
    assert history.startswith("1,3-5P,2026-01-06,Ann,1")
