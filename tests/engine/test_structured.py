"""Tables that grow, and rows typed below a table after a blank row: not part of it (Excel does not widen a table
over a blank row), so not counted, and every command that reads the workbook says so on stderr."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.table import Table as SheetTable

from tests.excel.programs import WORKBOOKS
from xlscore.cli import main
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.engine.rewrite.refs import Area
from xlscore.engine.rewrite.structured import left_out
from xlscore.excel.functions.cells import table_to_grid
from xlscore.excel.templates import standings

# Two 4-player games typed below the RPLOPS template's Results table (A1:F401) after a blank row, 402.
LATE = [
    *(["Game 4", player, score, None, 1] for player, score in (("Ann", 9), ("Bo", 7), ("Cy", 5), ("Di", 3))),
    *(["Game 5", player, score, None, 1] for player, score in (("Eve", 9), ("Fay", 7), ("Ann", 5), ("Bo", 3))),
]
WARNING = (
    "xlscore: warning: Results!A403:F406 and A408:F411 are below the table Results after a blank row; they are not "
    "counted: remove the blank rows"
)


@pytest.fixture
def gapped(tmp_path: Path) -> Path:
    """The RPLOPS template, recalculated as shipped, with Game 4 at rows 403-406 and Game 5 at 408-411."""
    path = tmp_path / "event.xlsx"
    shutil.copyfile(WORKBOOKS / "rplops-event.xlsx", path)
    book = openpyxl.load_workbook(path)
    for row, values in zip((*range(403, 407), *range(408, 412)), LATE, strict=True):
        for column, value in enumerate(values, start=1):
            book["Results"].cell(row, column).value = value
    book.save(path)
    return path


def test_rows_after_a_blank_row_are_not_counted_and_are_named(gapped: Path) -> None:
    table = next(t for t in read_book(gapped).tables if t.name == "Results")
    assert table.area == table.saved == Area("Results", 1, 1, 401, 6)
    assert table.stranded == (Area("Results", 403, 1, 406, 6), Area("Results", 408, 1, 411, 6))
    shipped = WORKBOOKS / "rplops-event.xlsx"
    assert table_to_grid(list(standings(gapped)[1])) == table_to_grid(list(standings(shipped)[1]))
    assert list(recalculate(gapped).left_out) == [WARNING.removeprefix("xlscore: warning: ")]


def test_commands_warn_and_the_ones_that_judge_exit_1(
    gapped: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """recalc writes what Excel would show and export prints it: status 0. standings (the table a coordinator
    publishes) and recalc --check (the CI gate) exit 1: a result typed for the event is missing from it."""
    out = tmp_path / "scored.xlsx"
    for command, status in (
        (["recalc", str(gapped), "-o", str(out)], 0),
        (["export", str(gapped), "--name", "Standings", "--format", "csv"], 0),
        (["standings", str(gapped)], 1),
        (["recalc", str(out), "--check"], 1),
    ):
        assert main(command) == status, command
        printed = capsys.readouterr()
        assert WARNING in printed.err.splitlines(), command
        assert "Traceback" not in printed.out + printed.err
    shipped = WORKBOOKS / "rplops-event.xlsx"
    assert main(["recalc", str(shipped), "--check"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_only_typed_values_below_a_table_are_reported(tmp_path: Path) -> None:
    """Rows directly below grow the table; a formula, a spilled or array formula's cells and another table below
    it are not results typed into it; a cell beside its columns is not in it."""
    book = openpyxl.Workbook()
    ws = book.active
    assert ws is not None
    ws.title = "Sheet"
    for row in (["player", "score"], ["Ann", 3], ["Bo", 2], ["Cy", 1]):
        ws.append(row)
    ws.add_table(SheetTable(displayName="Scores", ref="A1:B3"))  # Cy, directly below, grows it
    ws["B6"] = "=SUM(Scores[score])"
    ws["A8"] = ArrayFormula("A8:A9", "=B2:B3*2")
    ws["A11"], ws["B11"], ws["A12"], ws["B12"] = "game", "hours", "G1", 2
    ws.add_table(SheetTable(displayName="Games", ref="A11:B12"))
    ws["C14"] = "a note beside the columns"
    ws["B15"] = 4
    path = tmp_path / "book.xlsx"
    book.save(path)
    tables = {t.name: t for t in read_book(path).tables}
    assert tables["Scores"].area == Area("Sheet", 1, 1, 4, 2)
    assert tables["Scores"].stranded == ()
    assert tables["Games"].stranded == (Area("Sheet", 15, 1, 15, 2),)
    assert left_out(tables.values()) == [
        "Sheet!A15:B15 are below the table Games after a blank row; they are not counted: remove the blank rows"
    ]
