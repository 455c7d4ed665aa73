"""The two events of events.py run round by round in LibreOffice Calc with xlscore's extension, typed through UNO.

One soffice session a round (uno_rounds.py): the workbook the round before saved is opened, the round's results
typed into the results table and its byes into the Players sheet, every formula computed, the Standings sheet
read, and the next round read from the Seating sheet, where the template shows it (=SEATING_NEXT_ROUND(...), Byes
set to yes) as soon as the round's results are all in: it must be the core's next_round. Round 1, which the sheet
does not seat (no round is played yet; its plan of a whole event seats every player on the Players sheet, the late
arrival too, and no bye), is seated by ``=SEATING(players, 1, table size, results, avoid)`` typed in the sheet,
the players those due in round 1 (and, for a template without the next round on its Seating sheet, each later
round so too: the players due in the standings' order less the bye, avoid the pairs who met twice, which
next_round keeps apart only when a pair would meet a third time; without them SEATING alone seated a Diplomacy
pair a third time in round 3). Every round's Standings sheet must be the core's standings after that round, and no
pair may meet more often than the lower bounds allow. The last session also enters ``=*_STANDINGS_BY_ROUND(...)``
in the sheet, with the players table: every round's standings, as Calc computes them, must be the core's
standings by round.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from xlscore.core.events.headings import column_key
from xlscore.core.events.roster import read_roster
from xlscore.core.seating.plan import seating
from xlscore.engine.files.book import read_book
from xlscore.engine.rewrite.refs import column_letters
from xlscore.excel.functions.cells import table_to_grid
from xlscore.excel.libreoffice.profile import extension_profile
from xlscore.excel.libreoffice.soffice import find_soffice

from ..libreoffice.test_extension import excel_names
from ..programs import LIBREOFFICE_PYTHON, differences, has_uno
from .books import event_book, results_sheet
from .events import DIPLOMACY_SYSTEM, EVENTS, ROSTER_HEADER, Event, Run, Seat, allowed_meetings, most_meetings

pytestmark = [
    pytest.mark.skipif(not has_uno(), reason="LibreOffice and its Python (python3-uno) are not installed"),
    excel_names,
    pytest.mark.slow,  # LibreOffice typed into through UNO, a session a round: .ci/run runs it with -m slow
]

UNO_SCRIPT = Path(__file__).with_name("uno_rounds.py")
LISTED = "X"
"""The Seating sheet's column where the next round's players are typed, from row 2."""
SEATED = "Z1:AD"
"""Where =SEATING(...) for the next round is entered, over a header and a row per player."""
BY_ROUND = "H1:O200"
"""Where the last round's session enters =*_STANDINGS_BY_ROUND(...) on the players' sheet: a row per player per
round under a header (at most 29 x 6 rows)."""
ROSTER_SHEET = "Players"
NEXT_ROUND = "R1:V"
"""Where the templates' Seating sheet shows the next round (its line, header and rows from R1)."""
AVOID = ("AF", 300)
"""The Seating sheet's columns (AF:AG, rows 2 to 300) where the pairs who met twice are typed, as avoid."""


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    soffice = find_soffice()
    assert soffice is not None
    return extension_profile(soffice, tmp_path_factory.mktemp("rounds") / "profile", recalculate=False)


def _calc(folder: Path, profile: Path, job: dict[str, Any]) -> list[list[list[Any]]]:
    """One round's session (uno_rounds.py): what Calc showed in each range read."""
    path = folder / "job.json"
    path.write_text(json.dumps({"profile": str(profile), **job}), encoding="utf-8")
    done = subprocess.run(
        [str(LIBREOFFICE_PYTHON), str(UNO_SCRIPT), str(path), str(folder / "shown.json")],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    shown: list[list[list[Any]]] = json.loads((folder / "shown.json").read_text(encoding="utf-8"))
    return shown


def _seats(shown: list[list[Any]]) -> list[Seat]:
    """A SEATING result as Calc shows it: (table, seat, player) a row, under its header."""
    assert shown[0][:4] == ["Round", "Table", "Seat", "Player"]
    return [(int(row[1]), int(row[2]), str(row[3])) for row in shown[1:] if row[3] not in (None, "")]


def _playing(run: Run, number: int) -> list[str]:
    """The players next_round seats in round ``number``, in its order: those due (the players table), in the
    order of the standings after the round before, then those not ranked yet; less the round's byes."""
    due = read_roster(run.roster())
    assert due is not None
    listed = due.players(number)
    ranked = [row.player for row in run.standings(number - 1)] if number > 1 else []
    order = [p for p in ranked if p in listed] + [p for p in listed if p not in ranked]
    out = {row.player for row in run.seat(number).rows if row.table is None}
    return [p for p in order if p not in out]


def _by_round_formula(event: Event, results: str) -> str:
    """The standings by round, typed in the sheet: the results, the settings the template's standings use (each
    left out as the empty text: Calc hands a function a blank cell as 0) and the players table."""
    players = f"$Players.$A$1:$E${len(event.players) + 1}"
    if event.system == "rplops":
        return f"=RPLOPS_STANDINGS_BY_ROUND({results};50;1;{players})"
    settings = ";".join(['""'] * 4)  # a blank setting as the templates pass one (base.setting_argument)
    return f'=DIPLOMACY_STANDINGS_BY_ROUND({results};"{DIPLOMACY_SYSTEM}";{settings};{players})'


def _results_area(event: Event, book: Path) -> tuple[Any, str]:
    """The results table of ``book`` and its whole area as a formula in Calc reads it ($Games.$A$1:$H$421)."""
    table = next(t for t in read_book(book).tables if t.sheet == results_sheet(event.system))
    area = table.area
    return table, f"${table.sheet}.$A${area.top}:${column_letters(area.right)}${area.bottom}"


def _seating_job(event: Event, run: Run, number: int, results: str) -> dict[str, Any]:
    """What a session types and reads to seat round ``number`` in the sheet: the players in column X, the pairs
    who met twice in AF:AG, =SEATING(...) over them and the results so far."""
    playing = _playing(run, number)
    avoid = run.met_twice(playing)
    area = f"{SEATED}{len(playing) + 1}"
    avoided = f"${AVOID[0]}$2:$AG${AVOID[1]}"
    return {
        "type": [
            {"sheet": "Seating", "at": f"{LISTED}2", "rows": [[p] for p in [*playing, *[None] * 40]]},
            {"sheet": "Seating", "at": f"{AVOID[0]}2", "rows": [*avoid, *[[None, None]] * (AVOID[1] - 1 - len(avoid))]},
        ],
        "array": [
            {
                "sheet": "Seating",
                "range": area,
                "formula": f"=SEATING(${LISTED}$2:${LISTED}$80;1;{event.table_size};{results};{avoided})",
            }
        ],
        "read": [{"sheet": "Seating", "range": area}],
    }


def _round_job(event: Event, run: Run, number: int, rows: list[dict[str, object]], book: Path) -> dict[str, Any]:
    """Round ``number``'s session: its results and the byes typed, the next round's SEATING entered, the
    standings and that seating read."""
    table, results = _results_area(event, book)
    columns = [column_key(c) for c in table.columns]
    first = table.area.top + 1 + len(run.results) - len(rows)
    typed: list[dict[str, Any]] = [
        {"sheet": table.sheet, "at": f"A{first}", "rows": [[row.get(c) for c in columns] for row in rows]},
        {
            "sheet": ROSTER_SHEET,
            "at": "E2",
            "rows": [[", ".join(map(str, sorted(run.byes.get(p, ())))) or None] for p in event.players],
        },
    ]
    job: dict[str, Any] = {"open": str(book), "type": typed, "read": [{"sheet": "Standings", "range": "A1:J40"}]}
    if number == event.rounds:
        job["array"] = [{"sheet": ROSTER_SHEET, "range": BY_ROUND, "formula": _by_round_formula(event, results)}]
        job["read"].append({"sheet": ROSTER_SHEET, "range": BY_ROUND})
        return job
    if _next_round_shown(book):  # the template's own next round, SEATING_NEXT_ROUND, on the Seating sheet
        job["read"].append({"sheet": "Seating", "range": f"{NEXT_ROUND}{len(event.players) + 3}"})
        return job
    seat = _seating_job(event, run, number + 1, results)
    return {**job, "type": typed + seat["type"], "array": seat["array"], "read": job["read"] + seat["read"]}


def _next_round_shown(book: Path) -> bool:
    """Whether the template's Seating sheet shows the next round itself (=SEATING_NEXT_ROUND(...))."""
    return any("SEATING_NEXT_ROUND" in f.text.upper() for f in read_book(book).sheet("Seating").formulas)


def _next_seats(shown: list[list[Any]]) -> list[Seat]:
    """The next round as the Seating sheet shows it: the rows under its header (a bye: no table, no seat)."""
    top = next(i for i, row in enumerate(shown) if row[:4] == ["Round", "Table", "Seat", "Player"])
    seats: list[Seat] = []
    for row in shown[top + 1 :]:
        if row[3] in (None, ""):
            break
        bye = row[1] in (None, "")
        seats.append((None if bye else int(row[1]), None if bye else int(row[2]), str(row[3])))
    return seats


@pytest.mark.parametrize("system", ["diplomacy", "rplops"])
def test_an_event_run_round_by_round_in_libreoffice(system: str, profile: Path, tmp_path: Path) -> None:
    event = EVENTS[system]
    book = event_book(event, tmp_path / "round-0.xlsx")
    run = Run(event)
    first = {"open": str(book), **_seating_job(event, run, 1, _results_area(event, book)[1])}
    seats = _seats(_calc(tmp_path, profile, {**first, "save": str(tmp_path / "0.xlsx")})[0])
    from_sheet = False  # round 1: nothing to seat it from on the sheet but the players
    for number in range(1, event.rounds + 1):
        core = run.seat(number)
        if from_sheet:
            assert seats == [(r.table, r.seat, r.player) for r in core.rows], f"round {number}"
            played = seats
        else:
            playing = _playing(run, number)
            history = run.grid() if run.results else None
            cell = seating(playing, 1, event.table_size, history, run.met_twice(playing) or None)  # the cell's call
            assert seats == [(r.table, r.seat, r.player) for r in cell.rows], f"round {number}"
            played = [*seats, *((None, None, r.player) for r in core.rows if r.table is None)]
        rows = run.play(number, played, core.quality.repeats_lower_bound)
        assert most_meetings(run.results)[0] <= allowed_meetings(run), f"round {number}"
        saved = tmp_path / f"round-{number}.xlsx"
        job = _round_job(event, run, number, rows, book)
        shown = _calc(tmp_path, profile, {**job, "save": str(saved)})
        expected = table_to_grid(list(run.standings(number)))
        standings = [row[: len(expected[0])] for row in shown[0][: len(expected)]]
        assert differences(standings, expected) == [], f"standings after round {number}"
        assert all(v in (None, "") for row in shown[0][len(expected) :] for v in row[: len(expected[0])])
        if number < event.rounds:
            from_sheet = _next_round_shown(book)
            seats = _next_seats(shown[1]) if from_sheet else _seats(shown[1])
        book = saved
    expected = table_to_grid(list(run.by_round()))
    by_round = [row[: len(expected[0])] for row in shown[1]]
    assert differences(by_round[: len(expected)], expected) == [], "the standings by round"
    assert all(v in (None, "") for row in by_round[len(expected) :] for v in row)
    assert ROSTER_HEADER[-1] == "byes"
    shutil.rmtree(tmp_path, ignore_errors=True)
