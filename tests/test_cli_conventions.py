"""The command line as its users' tools expect (issue 35): usage errors, one document per output, numbers as Excel
shows them, control characters shown, progress on a terminal only; and export of the table a sheet holds (issue 29)."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlscore.cli import main
from xlscore.excel.results import Result, format_result

ROOT = Path(__file__).resolve().parent.parent
WORKBOOKS = ROOT / "workbooks"


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["seating", "--rounds", "2", "--table-size", "1", "a", "b", "c", "d"], "'--table-size'"),
        (["seating", "--rounds", "0", "a", "b", "c", "d"], "'--rounds'"),
        (["schedule", "--seats", "9", "a", "b", "c", "d", "e", "f", "g"], "'--seats'"),
    ],
)
def test_a_bad_option_value_is_a_usage_error_naming_the_option_as_typed(
    args: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"Invalid value for {option}" in err
    assert "table_size" not in err


def test_standings_of_several_workbooks_are_one_csv_with_a_workbook_column(capsys: pytest.CaptureFixture[str]) -> None:
    books = [str(WORKBOOKS / "rplops-event.xlsx"), str(WORKBOOKS / "gibbs-ladder.xlsx")]
    assert main(["standings", *books, "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0][:2] == ["Workbook", "System"]
    assert all(len(row) == len(rows[0]) for row in rows)  # one table: no second header, no blank line between
    assert {row[0] for row in rows[1:]} == {"rplops-event.xlsx", "gibbs-ladder.xlsx"}


def test_numbers_show_at_most_15_significant_digits() -> None:
    found = Result("t", ("Points",), ((20.421800000000076,), (0.1 + 0.2,), (1e20 + 1,)))
    assert format_result(found, "csv").splitlines()[1:] == ["20.4218", "0.3", "1e+20"]
    assert [row["Points"] for row in json.loads(format_result(found, "json"))] == [20.4218, 0.3, 1e20]
    assert format_result(found, "text").split()[1:] == ["20.422", "0.3", "1e+20"]


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_number_in_csv_is_within_floating_point_noise_and_15_digits_at_most(value: float) -> None:
    field = format_result(Result("t", ("x",), ((value,),)), "csv").splitlines()[1]
    assert abs(float(field) - value) <= max(1e-14 * abs(value), abs(value - float(f"{value:.15g}")))
    digits = field.lstrip("-").split("e")[0].replace(".", "").strip("0")
    assert len(digits) <= 15


@given(st.integers(1, 10**6), st.integers(1, 6))
def test_a_sum_of_decimals_prints_as_the_decimal_sum(whole: int, places: int) -> None:
    """Decimals added in binary floating point print as the decimal sum: tenths added ten times are the whole."""
    tenths = whole / 10**places
    total = sum([tenths] * 10)
    field = format_result(Result("t", ("x",), ((total,),)), "csv").splitlines()[1]
    assert Decimal(field) == Decimal(whole * 10).scaleb(-places)


def test_control_characters_are_shown_not_obeyed_in_text() -> None:
    name = "\x1b]0;owned\x07Ann\x1b[2J\u202e"
    text = format_result(Result("t", ("Player",), ((name,),)), "text")
    assert "\x1b" not in text
    assert "\x07" not in text
    assert "\u202e" not in text
    assert "\\x1b]0;owned\\x07Ann\\x1b[2J\\u202e" in text
    assert json.loads(format_result(Result("t", ("Player",), ((name,),)), "json"))[0]["Player"] == name


def test_export_of_a_workbook_with_no_table_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from openpyxl import Workbook

    book = Workbook()
    book.active["A1"] = "a note, no table"  # type: ignore[index]
    book.save(tmp_path / "plain.xlsx")
    assert main(["export", str(tmp_path / "plain.xlsx")]) == 1
    assert capsys.readouterr().err == (
        "xlscore: plain.xlsx has no table to export: no Excel table, no named range, and no sheet computed from its "
        "A1; give --name SHEET for a sheet's block\n"
    )


SHEET_TABLES = {
    ("puffing-billy-event.xlsx", "Finals"): ["Game", "Final place", "Board", "Board place", "Player", "Ratio", "Bonus"],
    ("meeple-league-season.xlsx", "Next season"): ["Seed", "Player", "Division", "League", "Slot", "Status"],
    ("rplops-event.xlsx", "Seating!J1"): ["Round", "Table", "Seat", "Player", "Board"],
    ("rplops-event.xlsx", "Standings"): [
        "Place",
        "Player",
        "Games",
        "Hours",
        "Points",
        "Points per game",
        "Points per hour",
        "Decided by",
    ],
}


@pytest.mark.parametrize(("book", "name"), sorted(SHEET_TABLES))
def test_export_of_a_sheet_gives_the_table_it_holds(book: str, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(WORKBOOKS / book), "--name", name, "--no-recalc", "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == SHEET_TABLES[book, name]
    assert len(rows) > 2


def _sheets() -> list[tuple[str, str]]:
    from xlscore.engine.files.book import read_book

    return [(p.name, s.name) for p in sorted(WORKBOOKS.glob("*.xlsx")) for s in read_book(p).sheets]


@pytest.mark.parametrize(("book", "sheet"), _sheets())
def test_every_sheet_of_every_template_exports_its_table_or_names_them(
    book: str, sheet: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sheet's export is a table whose header has no blank cell and whose rows are as wide; or, where a sheet
    holds several tables, a one-line refusal naming each (a name `export --name` then takes)."""
    status = main(["export", str(WORKBOOKS / book), "--name", sheet, "--no-recalc", "--format", "json"])
    out, err = capsys.readouterr()
    if status == 1:
        assert err.count("\n") == 1
        assert "holds several tables" in err
        named = err.split("tables: ")[1].split("; name one")[0].split("; ")
        assert len(named) >= 2
        for item in named:
            assert main(["export", str(WORKBOOKS / book), "--name", item.split(" (")[0], "--no-recalc"]) == 0
        capsys.readouterr()
        return
    assert status == 0, err
    rows = json.loads(out)
    assert rows, f"{sheet}: no rows"
    header = list(rows[0])
    assert all(h.strip() for h in header)
    if (book, sheet) in SHEET_TABLES:
        assert header == SHEET_TABLES[book, sheet]


def test_next_season_with_games_unplayed_names_them_and_stops(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from openpyxl import load_workbook

    path = tmp_path / "season.xlsx"
    book = load_workbook(WORKBOOKS / "meeple-league-season.xlsx")
    results = book["Results"]
    dropped = str(results["A2"].value)
    for row in results.iter_rows(min_row=2):
        if row[0].value == dropped:
            for cell in row[:6]:
                cell.value = None
    book.save(path)
    assert main(["league", "next-season", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"1 games of the schedule have no results yet: {dropped}" in err
    assert "--force" in err
    assert main(["league", "next-season", str(path), "--force"]) == 0
    out, err = capsys.readouterr()
    assert dropped in err
    assert out.startswith("Seed")


def _seating(stderr: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "xlscore", "seating", "--rounds", "2", *"ABCDEFGH"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr, cwd=ROOT, env=env)


def test_long_work_shows_progress_on_a_terminal_and_nothing_when_piped() -> None:
    leader, follower = pty.openpty()
    process = _seating(follower)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 1024)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        shown += chunk
    assert process.wait(timeout=120) == 0
    os.close(leader)
    assert re.search(rb"xlscore: seating 8 players for 2 rounds: \d+\.\d s", shown)  # the time it took, at the end
    piped = _seating(subprocess.PIPE)
    _, err = piped.communicate(timeout=120)
    assert piped.returncode == 0
    assert err == b""
