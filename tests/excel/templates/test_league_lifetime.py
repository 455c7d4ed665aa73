"""The lifetime template's sample, recalculated, against lifetime points added up by hand from its two seasons."""

from __future__ import annotations

import openpyxl
import pytest

from xlscore.engine.evaluation.recalc import recalculate
from xlscore.excel.templates import new_workbook


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> openpyxl.Workbook:
    folder = tmp_path_factory.mktemp("lifetime")
    source = new_workbook("lifetime", folder / "lifetime.xlsx")
    out = folder / "out.xlsx"
    assert [str(e) for e in recalculate(source, out).errors] == []
    return openpyxl.load_workbook(out, data_only=True)


def _rows(ws: object, width: int) -> list[list[object]]:
    rows = []
    for r in range(2, 200):
        row = [ws.cell(r, c).value for c in range(1, width + 1)]  # type: ignore[attr-defined]
        if row[0] in (None, ""):
            break
        rows.append(row)
    return rows


def test_division_1_points_come_first_whatever_the_lower_division_points(sheets: openpyxl.Workbook) -> None:
    rows = _rows(sheets["Standings"], 4)
    division_1 = [
        [1, "Ann", 1, 40 + 34],
        [2, "Bo", 1, 32 + 26],
        [3, "Cy", 1, 23.5 + 17.5],
        [4, "Oli", 1, 38],  # plus 40 in division 2 in season 1, which does not count here
        [5, "Di", 1, 19],
        [6, "Hal", 1, 17.5],  # level with Eve in division 1; his 36 in division 2 puts him above
        [7, "Eve", 1, 13.5 + 4],
        [8, "Fay", 1, 6],  # level with Gus; Fay's 25 in division 2 beats Gus's 22
        [9, "Gus", 1, 6],
        [10, "Pam", 1, 3],
    ]
    assert rows[:10] == division_1
    division_2 = [
        [11, "Kit", 2, 28 + 36],
        [12, "Ida", 2, 29 + 33],  # Ida and Quin are level everywhere: they share 12th, listed by name
        [12, "Quin", 2, 25 + 37],
        [14, "Jo", 2, 23 + 30],
        [15, "Lee", 2, 12 + 26],
        [16, "Ros", 2, 19 + 13],
        [16, "Sam", 2, 12 + 20],
        [18, "Tia", 2, 8 + 18],
        [19, "Ned", 2, 6 + 14],
        [20, "Max", 2, 6 + 8],
        [21, "Wyn", 2, 9],
        [22, "Uma", 2, 4 + 4],
        [23, "Vic", 2, 5],
    ]
    assert rows[10:] == division_2


def test_season_winners_are_the_division_1_league_winners(sheets: openpyxl.Workbook) -> None:
    assert _rows(sheets["Season winners"], 3) == [[1, "Ann", 40], [2, "Oli", 38]]
