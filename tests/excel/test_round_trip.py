"""The round-trip matrix: every template after each program a coordinator or a CI script touches it with, then each
of xlscore's commands; every number equals what the core computes from the template's own inputs.

Programs: openpyxl loading and saving with and without lxml (it writes cached values differently), openpyxl moving
the input rows below the table (rows appended by a script), and LibreOffice moving them there through UNO and saving
as .xlsx (rows typed by a coordinator without Excel). Moving the sample rows keeps the inputs, so the expected
standings are the core's on the template as shipped; a row below the table counts only if the table grows.
Commands: ``standings``, ``export`` (CSV and JSON), ``recalc`` read back by ``openpyxl`` with ``data_only``, and
``recalc --check`` on recalc's own output.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from tests.excel.programs import WORKBOOKS, differences, has_uno, libreoffice, recalculated_standings_are
from xlscore.cli import main
from xlscore.engine.files.book import read_book
from xlscore.excel.functions.cells import table_to_grid
from xlscore.excel.templates import MODULES, standings, template

# Every template saved by four programs, LibreOffice among them: the slow group (.ci/run: pytest -m slow).
pytestmark = pytest.mark.slow

# The input table whose rows are moved below it, by system.
MOVED = {
    "rplops": "Results",
    "gibbs": "Games",
    "puffing-billy": "Boards",
    "size-matters": "Games",
    "diplomacy": "Games",
    "league": "Results",
    "lifetime": "Seasons",
}
TOOLS = ("openpyxl", "openpyxl-lxml", "openpyxl-append", "libreoffice")
CASES = [
    (system, tool)
    for system in sorted(MODULES)
    for tool in TOOLS
    if tool in ("openpyxl", "openpyxl-lxml") or system in MOVED
]
Touched = dict[tuple[str, str], tuple[Path, list[list[object]]]]


def _resave(source: Path, out: Path, lxml: bool) -> None:
    """openpyxl in a process of its own: it decides at import whether to write through lxml."""
    env = {**os.environ, "OPENPYXL_LXML": "True" if lxml else "False"}
    script = "import sys, openpyxl; openpyxl.load_workbook(sys.argv[1]).save(sys.argv[2])"
    subprocess.run([sys.executable, "-c", script, str(source), str(out)], check=True, env=env)


def _rows(source: Path, table: str) -> tuple[str, int, int, int, int, int]:
    """The sheet, first and last filled data rows, columns and the first row below the table."""
    book = read_book(source)
    found = next(t for t in book.tables if t.name == table)
    values = book.sheet(found.sheet).values
    area = found.area
    filled = [
        r
        for r in range(area.top + 1, area.bottom + 1)
        if any(values.get((r, c)) not in (None, "") for c in range(area.left, area.right + 1))
    ]
    return found.sheet, filled[0], filled[-1], area.left, area.right, area.bottom + 1


def _append(source: Path, out: Path, table: str) -> None:
    sheet, top, bottom, left, right, below = _rows(source, table)
    book = openpyxl.load_workbook(source)
    ws = book[sheet]
    rows = [[ws.cell(r, c).value for c in range(left, right + 1)] for r in range(top, bottom + 1)]
    for r in range(top, bottom + 1):
        for c in range(left, right + 1):
            ws.cell(r, c).value = None
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            ws.cell(below + i, left + j).value = value
    book.save(out)


def _move_job(source: Path, out: Path, table: str) -> dict[str, object]:
    """LibreOffice's job: the table's rows moved below it (uno_rows.py)."""
    sheet, top, bottom, left, right, below = _rows(source, table)
    step = {"sheet": sheet, "move": [top, bottom, left, right, below]}
    return {"source": str(source), "output": str(out), "steps": [step]}


@pytest.fixture(scope="module")
def touched(tmp_path_factory: pytest.TempPathFactory) -> Touched:
    """Each case's file after its program, and the core's standings of the template as shipped."""
    folder = tmp_path_factory.mktemp("round-trip")
    found: Touched = {}
    jobs: list[dict[str, object]] = []
    for system, tool in CASES:
        source = folder / f"{system}-{tool}-in.xlsx"
        shutil.copyfile(WORKBOOKS / template(system).FILE, source)
        expected = table_to_grid(list(template(system).standings(read_book(source))))
        out = folder / f"{system}-{tool}.xlsx"
        if tool == "openpyxl":
            _resave(source, out, lxml=False)
        elif tool == "openpyxl-lxml":
            pytest.importorskip("lxml")
            _resave(source, out, lxml=True)
        elif tool == "openpyxl-append":
            _append(source, out, MOVED[system])
        elif has_uno():
            jobs.append(_move_job(source, out, MOVED[system]))
        else:
            continue
        found[(system, tool)] = out, expected
    if jobs:
        libreoffice(jobs, folder)
    return found


def _case(touched: Touched, system: str, tool: str) -> tuple[Path, list[list[object]]]:
    if (system, tool) not in touched:
        pytest.skip("LibreOffice with python3-uno is not installed")
    return touched[(system, tool)]


@pytest.mark.parametrize(("system", "tool"), CASES, ids=[f"{s}-{t}" for s, t in CASES])
def test_standings_command(touched: Touched, system: str, tool: str) -> None:
    path, expected = _case(touched, system, tool)
    _, rows = standings(path)
    assert differences(table_to_grid(list(rows)), expected) == []


@pytest.mark.parametrize(("system", "tool"), CASES, ids=[f"{s}-{t}" for s, t in CASES])
def test_export_csv_and_json(
    touched: Touched,
    system: str,
    tool: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, expected = _case(touched, system, tool)
    assert main(["export", str(path), "--name", "Standings", "--format", "csv"]) == 0
    shown: list[list[object]] = [list(row) for row in csv.reader(io.StringIO(capsys.readouterr().out))]
    assert differences(shown, [[("" if v is None else v) for v in row] for row in expected]) == []
    assert main(["export", str(path), "--name", "Standings", "--format", "json"]) == 0
    objects = json.loads(capsys.readouterr().out)
    header = [str(h) for h in expected[0]]
    rows: list[list[object]] = [list(header), *([o.get(h) for h in header] for o in objects)]
    assert differences(rows, expected) == []


@pytest.mark.parametrize(("system", "tool"), CASES, ids=[f"{s}-{t}" for s, t in CASES])
def test_recalc_then_data_only_read_and_check(touched: Touched, system: str, tool: str, tmp_path: Path) -> None:
    path, expected = _case(touched, system, tool)
    out = tmp_path / "recalculated.xlsx"
    recalculated_standings_are(path, out, expected)
    assert main(["recalc", str(out), "--check"]) == 0
