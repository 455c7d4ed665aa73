"""The two events of events.py run round by round in the template workbooks, computed by ``xlscore recalc``.

As a coordinator without Excel runs one: the empty template with the players table; each round seated by
``xlscore seating --next BOOK --in-place --byes`` (round 1 from the players table, later rounds from the standings)
and read from the Seating sheet, its results typed into the results table, the book recalculated, and the Standings
sheet read (and the book's standings as ``xlscore standings --after-round`` reads them). Each round's seating must
be the core's (events.Run.seat), each round's Standings sheet the core's standings after that round, and no pair
may meet more often than the lower bounds allow.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xlscore.cli import main
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.excel.functions.cells import table_to_grid
from xlscore.excel.templates import standings as read_standings

from ..programs import differences
from .books import bye_cells, event_book, next_round_written, result_cells, standings_shown, type_cells
from .events import EVENTS, ROSTER_HEADER, Run, allowed_meetings, most_meetings


def _recalculated(path: Path) -> None:
    """The book recalculated in place, with no error cell but on the Seating sheet's plan of a whole event: it
    seats everyone on the Players sheet every round, without byes, so 29 players at boards of 7 are an error
    there; this event is seated a round at a time, by --next."""
    result = recalculate(path, in_place=True)
    assert [str(e) for e in result.errors if not str(e).startswith("Seating!")] == []
    assert result.left_out == ()


@pytest.mark.parametrize("system", sorted(EVENTS))
def test_an_event_run_round_by_round_in_recalc(system: str, tmp_path: Path) -> None:
    event = EVENTS[system]
    path = event_book(event, tmp_path / f"{system}.xlsx")
    _recalculated(path)
    run = Run(event)
    for number in range(1, event.rounds + 1):
        options = ["--in-place", "--byes", "--table-size", str(event.table_size)]
        assert main(["seating", "--next", str(path), *options]) == 0
        written, seats = next_round_written(read_book(path))
        assert written == number
        core = run.seat(number)
        assert seats == [(r.table, r.seat, r.player) for r in core.rows], f"round {number}'s seating"
        rows = run.play(number, seats, core.quality.repeats_lower_bound)
        assert most_meetings(run.results)[0] <= allowed_meetings(run), f"round {number}"
        sheet, cells = result_cells(read_book(path), system, rows)
        type_cells(path, {sheet: cells, "Players": bye_cells(event, run.byes)})
        _recalculated(path)
        expected = table_to_grid(list(run.standings(number)))
        shown = standings_shown(read_book(path), len(expected), len(expected[0]))
        assert differences(shown, expected) == [], f"standings after round {number}"
        assert table_to_grid(list(read_standings(path, number)[1])) == expected  # xlscore standings --after-round
    assert ROSTER_HEADER[-1] == "byes"
    assert sum(len(rounds) for rounds in run.byes.values()) == 2
