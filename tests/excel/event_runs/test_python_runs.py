"""The two events of events.py run round by round in Python and through the spreadsheet functions (issue 30).

Each round: seated by the core from the standings after the round before (byes on), played (results generated from
the seating alone), then the standings after it, three ways that must agree: the core's ``*_standings`` with
``after_round``, the core's standings by round, and the spreadsheet functions as a cell calls them
(``RPLOPS_STANDINGS`` with after_round and the players table, ``*_STANDINGS_BY_ROUND``). No pair meets more often
than the lower bounds allow (events.allowed_meetings).
"""

from __future__ import annotations

import pytest

from xlscore.excel.functions.catalogue import CATALOGUE
from xlscore.excel.functions.cells import table_to_grid
from xlscore.excel.functions.edge import call_cells

from .events import DIPLOMACY_SYSTEM, EVENTS, Event, Run, allowed_meetings, most_meetings, seats_of


def _sheet_standings(event: Event, run: Run, after: int) -> object:
    if event.system == "rplops":
        blank = [[None]] * 4  # bye, bye score, best, tie-breaks
        arguments = [run.grid(), [[50]], [[1]], [[after]], run.roster(), *blank, [["yes"]]]
        return call_cells(CATALOGUE["RPLOPS_STANDINGS"], arguments)
    arguments = [run.grid(), [[DIPLOMACY_SYSTEM]], [[None]], [[None]], [[None]], [[None]], [[after]], run.roster()]
    return call_cells(CATALOGUE["DIPLOMACY_STANDINGS"], arguments)


def _sheet_by_round(event: Event, run: Run) -> object:
    if event.system == "rplops":
        return call_cells(CATALOGUE["RPLOPS_STANDINGS_BY_ROUND"], [run.grid(), [[50]], [[1]], run.roster()])
    arguments = [run.grid(), [[DIPLOMACY_SYSTEM]], [[None]], [[None]], [[None]], [[None]], run.roster()]
    return call_cells(CATALOGUE["DIPLOMACY_STANDINGS_BY_ROUND"], arguments)


def _total(row: object) -> float:
    """A standings row's total: RPLOPS's points, Diplomacy's total."""
    return float(getattr(row, "points") if hasattr(row, "points") else getattr(row, "total"))  # noqa: B009


@pytest.fixture(scope="module", params=sorted(EVENTS))
def played(request: pytest.FixtureRequest) -> tuple[Event, Run, list[list[str]]]:
    """The event run to its last round; each round's seating's byes."""
    event = EVENTS[request.param]
    run = Run(event)
    byes: list[list[str]] = []
    for number in range(1, event.rounds + 1):
        seated = run.seat(number)
        run.play(number, seats_of(seated), seated.quality.repeats_lower_bound)
        byes.append([player for table, _, player in seats_of(seated) if table is None])
        assert most_meetings(run.results)[0] <= allowed_meetings(run), f"round {number}"
    return event, run, byes


def test_every_rounds_standings_agree_in_python_and_the_spreadsheet_functions(
    played: tuple[Event, Run, list[list[str]]],
) -> None:
    event, run, _ = played
    by_round = run.by_round()
    assert _sheet_by_round(event, run) == table_to_grid(list(by_round))
    for after in range(1, event.rounds + 1):
        plain = run.standings(after)
        assert _sheet_standings(event, run, after) == table_to_grid(list(plain)), f"after round {after}"
        that_round = [r for r in by_round if r.round == after]
        assert [(r.place, r.player, r.total) for r in that_round] == [(r.place, r.player, _total(r)) for r in plain]


def test_the_late_arrival_sits_out_their_first_round_and_the_next_bye_goes_lowest(
    played: tuple[Event, Run, list[list[str]]],
) -> None:
    """A late player not ranked yet counts as lowest, so the round they arrive in gives them its one bye; the round
    after, everyone but them has no bye, and the lowest of those in the standings gets it."""
    event, run, byes = played
    late = event.late_from
    assert byes[late - 1] == [event.late]
    lowest = next(r.player for r in reversed(run.standings(late)) if r.player != event.late)
    assert byes[late] == [lowest]
    assert all(not found for number, found in enumerate(byes, start=1) if number not in (late, late + 1))
    rounds_of = {int(str(r["round"])) for r in run.results if r["player"] == event.late}
    assert rounds_of == set(range(late + 1, event.rounds + 1))


def test_the_dropped_player_keeps_their_results_and_stays_in_the_standings(
    played: tuple[Event, Run, list[list[str]]],
) -> None:
    event, run, _ = played
    rounds_of = {int(str(r["round"])) for r in run.results if r["player"] == event.dropped}
    assert max(rounds_of) == event.dropped_after
    assert event.dropped in [r.player for r in run.standings(event.rounds)]
    notes = {r.round: r.note for r in run.by_round() if r.player == event.dropped}
    assert notes[event.dropped_after + 1] == "dropped"
