"""No table loses a row unseen in LibreOffice (issue 29): results typed through UNO past a table's first size.

LibreOffice reads each spilling formula of a template as an array formula of the area the file gives it. The
templates give every table the rows its inputs can hold, and a sentence beside each standings table counts the
players named against the rows shown. Typed here as a coordinator would, one cell at a time (Calc recomputes as
it goes): a 7th player into the filled RPLOPS event, 40 players into an empty one, a 21st into the Size Matters
tournament, 21 into an empty Diplomacy tournament, and a 7th into an RPLOPS event whose tables are as tall as
Excel saves them (its result's rows only), where the sentence must say that one player is not shown; and a row
under the Results table, which Calc does not grow, where the sentence must say so too.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from xlscore.core.events.shown import MISSING
from xlscore.core.systems.diplomacy import SYSTEMS
from xlscore.core.systems.diplomacy.board import POWER_NAMES
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.excel.functions.cells import table_to_grid
from xlscore.excel.libreoffice.profile import extension_profile
from xlscore.excel.libreoffice.soffice import find_soffice
from xlscore.excel.templates import new_workbook, rplops_event, size_matters_tournament
from xlscore.excel.templates.base import Template

from ..programs import differences, has_uno
from .test_extension import excel_names, run_uno_job

pytestmark = [
    pytest.mark.skipif(not has_uno(), reason="LibreOffice and its Python (python3-uno) are not installed"),
    excel_names,
    pytest.mark.slow,  # LibreOffice typed into through UNO: .ci/run runs it with -m slow
]

FORTY = [[f"G{i // 4 + 1}", f"P{i + 1:02}", 100.0 - i] for i in range(40)]
"""Ten 4-player games by score, 40 different players: far past the empty template's header-only table."""
SEVENTH = [["G9", "Zed", 5.0, "", "", 3], ["G9", "Ann", 3.0, "", "", 3]]
"""A 2-player game in round 3 bringing a 7th player to the sample's six (Ann to Fay); Zed is on its Players sheet."""
BELOW = [["G1", "Ann", 3.0], ["G1", "Bo", 2.0], ["G1", "Cy", 1.0]]
"""A 3-player game typed into the empty event's last two rows and the row under its Results table."""
NEW_BOARD = [
    [4, 1, power, player, centres]
    for power, player, centres in zip(
        size_matters_tournament.POWERS,
        ("Ola", "Pia", "Quin", "Rex", "Sol", "Tia", "Uma"),
        (10, 8, 6, 5, 3, 2, 0),  # 34 centres
        strict=True,
    )
]
"""A Size Matters board of seven new players (a 7-power board, 34 centres): 14 + 7 = 21 players."""
DIPLOMACY = [
    [1, board, power, f"D{7 * (board - 1) + seat:02}", centres, "", "", ""]
    for board in (1, 2, 3)
    for seat, (power, centres) in enumerate(zip(POWER_NAMES, (10, 8, 6, 5, 3, 2, 0), strict=True), start=1)
]
"""Three Diplomacy boards of seven different players (round, board, power, player, centres): 21 players."""


def _with_players(template: Template, players: list[str], path: Path) -> None:
    """The template with ``players`` added under its Players sheet's sample names, saved to ``path``: results of a
    player not on a filled Players sheet are refused."""
    sheet = template.workbook["Players"]
    first = next(r for r in range(2, sheet.max_row + 2) if sheet.cell(r, 1).value is None)
    for row, player in enumerate(players, start=first):
        sheet.cell(row, 1).value = player
    template.save(path)


def _as_excel_saves_it(source: Path, target: Path, cuts: dict[str, str]) -> None:
    """``source`` with each array formula's area cut to the rows its result had, as Excel writes a spilled table
    (``cuts``: the area in the file -> the area Excel writes)."""
    with zipfile.ZipFile(source) as book:
        parts = {name: book.read(name) for name in book.namelist()}
    for name in [n for n in parts if n.startswith("xl/worksheets/sheet")]:
        for area, cut in cuts.items():
            parts[name] = parts[name].replace(f'ref="{area}"'.encode(), f'ref="{cut}"'.encode())
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as book:
        for name, data in parts.items():
            book.writestr(name, data)


def _typed(book: Path, sheet: str, at: str, rows: list[list[Any]], read: str, saved: Path) -> dict[str, Any]:
    return {
        "open": str(book),
        "type": {"sheet": sheet, "at": at, "rows": rows},
        "read": {"sheet": "Standings", "range": read},
        "save": str(saved),
    }


@pytest.fixture(scope="module")
def calc(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One LibreOffice session typing into every workbook; what Calc showed, by name, and the folder."""
    soffice = find_soffice()
    assert soffice is not None
    folder = tmp_path_factory.mktemp("rows")
    profile = extension_profile(soffice, folder / "profile", recalculate=False)
    books = {name: folder / f"{name}.xlsx" for name in ("rplops", "rplops-empty", "excel-saved", "sm", "dip-empty")}
    _with_players(rplops_event.build(), ["Zed"], books["rplops"])
    _with_players(size_matters_tournament.build(), [str(row[3]) for row in NEW_BOARD], books["sm"])
    new_workbook("rplops", books["rplops-empty"], sample=False)  # as `xlscore new rplops X --empty` writes it
    new_workbook("diplomacy", books["dip-empty"], sample=False)
    # Six players and a header are 7 rows; ten result rows from G2 end at G11.
    _as_excel_saves_it(books["rplops"], books["excel-saved"], {"A1:H401": "A1:H7", "G2:G401": "G2:G11"})
    steps = {
        "rplops": _typed(books["rplops"], "Results", "A12", SEVENTH, "A1:J10", folder / "rplops-typed.xlsx"),
        "rplops-empty": _typed(
            books["rplops-empty"], "Results", "A2", FORTY, "A1:J43", folder / "rplops-empty-typed.xlsx"
        ),
        "excel-saved": _typed(
            books["excel-saved"], "Results", "A12", SEVENTH, "A1:J10", folder / "excel-saved-typed.xlsx"
        ),
        "sm": _typed(books["sm"], "Games", "A44", NEW_BOARD, "A1:I24", folder / "sm-typed.xlsx"),
        "dip-empty": _typed(books["dip-empty"], "Games", "A2", DIPLOMACY, "A1:J24", folder / "dip-empty-typed.xlsx"),
        "points": {"open": str(folder / "excel-saved-typed.xlsx"), "read": {"sheet": "Results", "range": "G1:G14"}},
        "compare": {
            "open": str(folder / "dip-empty-typed.xlsx"),
            "read": {"sheet": "Compare systems", "range": "A1:H41"},
        },
        # The Results table's last two rows (400, 401) and the row under it: Calc does not grow the table.
        "below": _typed(books["rplops-empty"], "Results", "A400", BELOW, "A1:J4", folder / "below-typed.xlsx"),
    }
    shown = run_uno_job(folder, profile, steps)
    return {"folder": folder, **{name: step["read"] for name, step in shown.items()}}


def _players(shown: list[list[Any]], column: int = 1) -> list[str]:
    return [row[column] for row in shown[1:] if row[column] not in ("", None)]


def _note(shown: list[list[Any]]) -> str:
    return str(shown[0][-1])


def test_a_seventh_player_typed_into_the_filled_event_shows(calc: dict[str, Any]) -> None:
    shown = calc["rplops"]
    assert sorted(_players(shown)) == ["Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Zed"]
    assert _note(shown) == "All 7 players shown"
    saved = read_book(calc["folder"] / "rplops-typed.xlsx")
    expected = table_to_grid(list(rplops_event.standings(saved)))
    assert differences([row[:8] for row in shown[: len(expected)]], expected) == []


def test_forty_players_typed_into_an_empty_event_all_show(calc: dict[str, Any]) -> None:
    shown = calc["rplops-empty"]
    assert sorted(_players(shown)) == [f"P{n:02}" for n in range(1, 41)]
    assert _note(shown) == "All 40 players shown"
    assert shown[41][:8] == [""] * 8  # the reserved rows below the table are blank, not #N/A


def test_a_table_as_tall_as_excel_saves_it_says_who_is_missing(calc: dict[str, Any]) -> None:
    """Cut to six players' rows, the table cannot show Zed: the sentence beside it says so in words."""
    shown = calc["excel-saved"]
    assert len(_players(shown)) == 6
    assert _note(shown).startswith(f"7 players, 6 {MISSING}")
    assert "docs/guide/libreoffice.md" in _note(shown)


def test_a_points_column_as_tall_as_excel_saves_it_is_what_the_note_does_not_cover(calc: dict[str, Any]) -> None:
    """The computed column beside Results, cut to its ten rows by Excel, gives the typed rows no points: the
    standings' sentence is the warning (docs/guide/libreoffice.md); a template's own area covers every row."""
    points = [row[0] for row in calc["points"]]
    assert points[0] == "Points"
    assert all(isinstance(p, float) for p in points[1:11])
    assert points[11:13] == [None, None]


def test_a_board_of_new_players_typed_into_size_matters_shows(calc: dict[str, Any]) -> None:
    shown = calc["sm"]
    assert len(_players(shown)) == 14 + 7
    assert {"Ola", "Pia", "Quin", "Rex", "Sol", "Tia", "Uma"} <= set(_players(shown))
    assert _note(shown) == "All 21 players shown"
    saved = read_book(calc["folder"] / "sm-typed.xlsx")
    expected = table_to_grid(list(size_matters_tournament.standings(saved)))
    assert differences([row[:7] for row in shown[: len(expected)]], expected) == []


def test_boards_typed_into_an_empty_diplomacy_tournament_show(calc: dict[str, Any]) -> None:
    shown = calc["dip-empty"]
    assert sorted(_players(shown)) == [f"D{n:02}" for n in range(1, 22)]
    assert _note(shown) == "All 21 players shown"


def test_a_workbook_saved_by_calc_keeps_its_areas_through_recalc(calc: dict[str, Any]) -> None:
    """Saved by Calc and computed by ``xlscore recalc``, the Standings keep every row the template reserved, so
    the next player typed in Calc shows too."""
    out = calc["folder"] / "recalculated.xlsx"
    recalculate(calc["folder"] / "rplops-empty-typed.xlsx", out)
    with zipfile.ZipFile(out) as book:
        sheets = b"".join(book.read(n) for n in book.namelist() if n.startswith("xl/worksheets/sheet"))
    assert re.search(rb'<f t="array" ref="A1:H401"[^>]*>RPLOPS_STANDINGS\(', sheets)


def test_a_name_typed_under_the_input_table_is_said_not_shown(calc: dict[str, Any]) -> None:
    """Calc does not grow the Results table as a row is typed under it: no table reads Cy's row, and the sentence,
    which reads the player column past the table's end, says a player is not shown."""
    shown = calc["below"]
    assert _players(shown) == ["Ann", "Bo"]
    assert _note(shown).startswith(f"3 players, 2 {MISSING}, or names lie below its input table")


def test_the_empty_diplomacy_tournament_compares_every_system_once_typed(calc: dict[str, Any]) -> None:
    """Made without results, the Compare systems table keeps a row per system: once boards are typed, each shows."""
    shown = calc["compare"]
    systems = [row[0] for row in shown[1:] if row[0] not in ("", None)]
    assert len(systems) == len(SYSTEMS)
    assert set(systems) == set(SYSTEMS)
