"""10,000 results typed into every template, through openpyxl and through LibreOffice, and the standings checked
against the core computing the same rows directly (tests/excel/many_results.py generates them, valid by each
system's rules).

Each template starts empty (``xlscore new --empty``) and the rows are typed from the first row of its input table
down, 10,000 of them: more than any table holds (300 to 2,000 rows), so most land below it and count only because
the table grows. The Meeple League season types its 2,500 players into Leagues the same way. openpyxl writes the
cells one by one and saves; LibreOffice writes each table's rows with one ``setDataArray`` (a paste), all six
workbooks in one session, and saves as .xlsx. Then ``xlscore standings`` and ``xlscore recalc`` read back with
``openpyxl`` (``data_only``) must show the core's standings, row for row.

No template needs fewer rows: a Gibbs ladder's history, a lifetime table's seasons and a league season (2,500
players, 357 leagues) all take 10,000 rows by their rules; Size Matters takes 9,996 (1,428 boards of 7).
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.excel.many_results import Generated, generated
from tests.excel.programs import differences, has_uno, libreoffice, recalculated_standings_are
from xlscore.engine.files.book import read_book
from xlscore.excel.functions.cells import table_to_grid
from xlscore.excel.templates import MODULES, new_workbook, standings

# About 10,000 results typed into every template, and LibreOffice: the slow group (.ci/run: pytest -m slow).
pytestmark = pytest.mark.slow

SYSTEMS = sorted(MODULES)
TOOLS = ("openpyxl", "libreoffice")
CASES = [(system, tool) for system in SYSTEMS for tool in TOOLS]
Typed = dict[tuple[str, str], tuple[Path, Generated]]


def _first_cells(source: Path, tables: list[str]) -> dict[str, tuple[str, int, int]]:
    """Each input table's sheet and the cell of its first data row, first column."""
    found = {t.name: t for t in read_book(source).tables}
    return {name: (found[name].sheet, found[name].area.top + 1, found[name].area.left) for name in tables}


def _openpyxl(source: Path, out: Path, typed: Generated) -> None:
    book = openpyxl.load_workbook(source)
    for name, (sheet, top, left) in _first_cells(source, list(typed.tables)).items():
        ws = book[sheet]
        for i, row in enumerate(typed.tables[name]):
            for j, value in enumerate(row):
                if value is not None:
                    ws.cell(top + i, left + j).value = value
    book.save(out)


def _paste_job(source: Path, out: Path, typed: Generated) -> dict[str, object]:
    steps = [
        {"sheet": sheet, "paste": [top, left], "rows": typed.tables[name]}
        for name, (sheet, top, left) in _first_cells(source, list(typed.tables)).items()
    ]
    return {"source": str(source), "output": str(out), "steps": steps}


@pytest.fixture(scope="module")
def typed(tmp_path_factory: pytest.TempPathFactory) -> Typed:
    """Each case's workbook with its rows typed in, and what was typed (with the core's standings of it)."""
    folder = tmp_path_factory.mktemp("many-results")
    found: Typed = {}
    jobs: list[dict[str, object]] = []
    uno = has_uno()
    for system in SYSTEMS:
        rows = generated(system)
        empty = new_workbook(system, folder / f"{system}-empty.xlsx", sample=False)
        _openpyxl(empty, folder / f"{system}-openpyxl.xlsx", rows)
        found[(system, "openpyxl")] = folder / f"{system}-openpyxl.xlsx", rows
        if uno:
            jobs.append(_paste_job(empty, folder / f"{system}-libreoffice.xlsx", rows))
            found[(system, "libreoffice")] = folder / f"{system}-libreoffice.xlsx", rows
    if jobs:
        libreoffice(jobs, folder)
    return found


def _case(typed: Typed, system: str, tool: str) -> tuple[Path, Generated]:
    if (system, tool) not in typed:
        pytest.skip("LibreOffice with python3-uno is not installed")
    return typed[(system, tool)]


def test_every_template_gets_about_10_000_results(typed: Typed) -> None:
    for system in SYSTEMS:
        _, rows = typed[(system, "openpyxl")]
        assert max(len(table) for table in rows.tables.values()) >= 9_996, system


@pytest.mark.parametrize(("system", "tool"), CASES, ids=[f"{s}-{t}" for s, t in CASES])
def test_standings_command(typed: Typed, system: str, tool: str) -> None:
    path, rows = _case(typed, system, tool)
    _, found = standings(path)
    assert differences(table_to_grid(list(found)), table_to_grid(list(rows.standings))) == []


@pytest.mark.parametrize(("system", "tool"), CASES, ids=[f"{s}-{t}" for s, t in CASES])
def test_recalc_then_data_only_read(typed: Typed, system: str, tool: str, tmp_path: Path) -> None:
    path, rows = _case(typed, system, tool)
    recalculated_standings_are(path, tmp_path / "recalculated.xlsx", table_to_grid(list(rows.standings)))
