"""The event templates played round by round: the Round column, the After round setting and the Players sheet.

Each template is filled with a small multi-round event (:mod:`tests.excel.templates.events`) and computed by
``xlscore recalc`` with After round set to each round in turn: the Standings sheet equals the core's standings after
that round, with the same players table and settings, and the figures worked by hand below.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.excel.templates.events import Cell, Event, grid, players, recalculated, same, shown, table, write
from xlscore.core.events.places import places_by_round
from xlscore.core.events.table import row_fields
from xlscore.core.seating.next_round import next_round
from xlscore.core.systems.diplomacy.board import POWER_NAMES
from xlscore.core.systems.diplomacy.event import diplomacy_standings, diplomacy_standings_by_round
from xlscore.core.systems.puffing_billy import pb_standings, pb_standings_by_round
from xlscore.core.systems.rplops_event import rplops_standings, rplops_standings_by_round
from xlscore.core.systems.size_matters import size_matters_standings, size_matters_standings_by_round
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.excel.templates import reader
from xlscore.excel.templates.rounds import CHARTED_PLAYERS, PLACES_ANCHOR
from xlscore.excel.templates.seating_sheet import NEXT_ANCHOR

ByHand = dict[int, list[tuple[str, float]]]
"""The figures worked by hand: (player, total) after each round."""

# RPLOPS (PLOPS, x = 50, by place): a game of n players gives place p 100 (n - p + 1) / (n + 1).
# Round 1: Ann, Bo, Cy in a 3-player game: 75, 50, 25. Round 2: Cy beats Bo, 200/3 and 100/3; Ann sits it out.
# Round 3: Ann beats Di (late from round 3), 200/3 and 100/3; Bo dropped after round 2; Cy has a bye: 40, fixed.
RPLOPS = Event(
    system="rplops",
    sheet="Results",
    results=(
        ("T1", "Ann", None, 1, None, 1),
        ("T1", "Bo", None, 2, None, 1),
        ("T1", "Cy", None, 3, None, 1),
        ("T1", "Cy", None, 1, None, 2),
        ("T1", "Bo", None, 2, None, 2),
        ("T1", "Ann", None, 1, None, 3),
        ("T1", "Di", None, 2, None, 3),
    ),
    players=(("Ann", None, None, "2", None), ("Bo", None, 2, None, None), ("Cy", None, None, None, "3"), ("Di", 3)),
    settings={"bye": "fixed", "bye score": 40},
    rounds=3,
)
RPLOPS_BY_HAND: ByHand = {
    1: [("Ann", 75), ("Bo", 50), ("Cy", 25)],
    2: [("Cy", 25 + 200 / 3), ("Bo", 50 + 100 / 3), ("Ann", 75)],
    3: [("Ann", 75 + 200 / 3), ("Cy", 25 + 200 / 3 + 40), ("Bo", 50 + 100 / 3), ("Di", 100 / 3)],
}

# Puffing Billy: placement 3, 2, 1 plus 0.5 x money / the winner's for 2nd to 4th; the winner 0.03 x those bonuses.
# Round 1, Empire Builder: Ann 100, Bo 40 (2 + 0.2), Cy 20 (1 + 0.1): Ann 3 + 0.03 x 0.3 = 3.009. Cy drops.
# Round 2, Rail Baron (another game, so it adds): Bo 100, Ann 60, Di 20 (late from round 2): Ann 2 + 0.3 = 2.3,
# Di 1 + 0.1 = 1.1, Bo 3 + 0.03 x (0.3 + 0.1) = 3.012.
_EB, _RB = "Empire Builder", "Rail Baron"
PUFFING_BILLY = Event(
    system="puffing-billy",
    sheet="Boards",
    results=(
        (_EB, "T1", 1, "Ann", 100, None, 1),
        (_EB, "T1", 2, "Bo", 40, None, 1),
        (_EB, "T1", 3, "Cy", 20, None, 1),
        (_RB, "T1", 1, "Bo", 100, None, 2),
        (_RB, "T1", 2, "Ann", 60, None, 2),
        (_RB, "T1", 3, "Di", 20, None, 2),
    ),
    players=(("Ann",), ("Bo",), ("Cy", None, 1), ("Di", 2)),
    rounds=2,
)
PUFFING_BILLY_BY_HAND: ByHand = {
    1: [("Ann", 3.009), ("Bo", 2.2), ("Cy", 1.1)],
    2: [("Ann", 3.009 + 2.3), ("Bo", 2.2 + 3.012), ("Cy", 1.1), ("Di", 1.1)],
}

_POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
_SEVEN = ("Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus")


def _board(round_: int, players: tuple[str, ...], centres: tuple[int, ...]) -> tuple[tuple[Cell, ...], ...]:
    return tuple((round_, 1, p, name, c) for p, name, c in zip(_POWERS, players, centres, strict=True))


# Size Matters: round 1 a 2-way draw on 17 each (105 each, the article's figure); round 2 Ann's solo (210).
SIZE_MATTERS = Event(
    system="size-matters",
    sheet="Games",
    results=(
        *_board(1, _SEVEN, (17, 17, 0, 0, 0, 0, 0)),
        *_board(2, _SEVEN, (18, 0, 0, 0, 0, 0, 0)),
    ),
    players=tuple((name,) for name in _SEVEN),
    rounds=2,
)
SIZE_MATTERS_BY_HAND: ByHand = {
    1: [("Ann", 105), ("Bo", 105)],
    2: [("Ann", 105 + 210), ("Bo", 105)],
}

# Diplomacy, C-Diplo 100: the World Diplomacy Database's first board (4, 0, 9, 7, 7, 3, 4 centres: 5, 1, 48, 18.5,
# 18.5, 4, 5) twice, everyone moved on one power in round 2: Cy 48 + 18.5, Bo 1 + 48, Di 18.5 + 18.5 ...
_WDD = (4, 0, 9, 7, 7, 3, 4)
DIPLOMACY = Event(
    system="diplomacy",
    sheet="Games",
    results=(
        *_board(1, _SEVEN, _WDD),
        *_board(2, ("Gus", *_SEVEN[:-1]), _WDD),
    ),
    players=tuple((name,) for name in _SEVEN),
    settings={"system": "C-Diplo 100"},
    rounds=2,
)
DIPLOMACY_BY_HAND: ByHand = {
    1: [("Cy", 48), ("Di", 18.5), ("Eve", 18.5)],
    2: [("Cy", 48 + 18.5), ("Bo", 1 + 48), ("Di", 18.5 + 18.5), ("Eve", 18.5 + 4), ("Gus", 5 + 5), ("Fay", 4 + 5)],
}


def _core(event: Event, after: int) -> list[list[object]]:
    """The core's standings of ``event`` after round ``after``, with its players table and settings."""
    roster = players(event)
    if event.system == "rplops":
        found: Any = rplops_standings(
            table(event, ("game", "player", "score", "place", "hours", "round")),
            after_round=after,
            players=roster,
            bye="fixed",
            bye_score=40,
            decided_by="yes",
        )
    elif event.system == "puffing-billy":
        boards = table(event, ("game", "board", "place", "player", "money", "final", "round"))
        found = pb_standings(boards, after_round=after, players=roster, decided_by="yes")
    elif event.system == "size-matters":
        games = table(event, ("round", "board", "power", "player", "centres"))
        found = size_matters_standings(games, after_round=after, players=roster)
    else:
        games = table(event, ("round", "board", "power", "player", "centres"))
        found = diplomacy_standings(games, "C-Diplo 100", after_round=after, players=roster)
    return grid(found)


EVENTS: dict[str, tuple[Event, ByHand, int]] = {
    "rplops": (RPLOPS, RPLOPS_BY_HAND, 5),
    "puffing-billy": (PUFFING_BILLY, PUFFING_BILLY_BY_HAND, 3),
    "size-matters": (SIZE_MATTERS, SIZE_MATTERS_BY_HAND, 3),
    "diplomacy": (DIPLOMACY, DIPLOMACY_BY_HAND, 3),
}
"""Each template's event, its figures by hand (player, total) after each round, and the total's column."""


@pytest.fixture(scope="module", params=[(s, k) for s, (e, _, _) in EVENTS.items() for k in range(1, e.rounds + 1)])
def after(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, int, Any, Path]:
    """A template with its event, After round set to a round (the last one: left blank), recalculated."""
    system, number = request.param
    event = EVENTS[system][0]
    folder = tmp_path_factory.mktemp(f"{system}-{number}")
    source = write(event, folder / "event.xlsx", None if number == event.rounds else number)
    return system, number, recalculated(source, folder / "out.xlsx"), source


def test_the_standings_after_each_round_are_the_cores(after: tuple[str, int, Any, Path]) -> None:
    system, number, book, _ = after
    expected = _core(EVENTS[system][0], number)
    assert same(shown(book["Standings"], len(expected[0])), expected)


def test_the_standings_after_each_round_are_the_figures_worked_by_hand(after: tuple[str, int, Any, Path]) -> None:
    system, number, book, _ = after
    _, by_hand, column = EVENTS[system]
    rows = shown(book["Standings"], column)[1:]
    totals = {row[1]: row[column - 1] for row in rows}
    assert [(player, totals[player]) for player, _ in by_hand[number]] == [
        (player, pytest.approx(total)) for player, total in by_hand[number]
    ]
    leaders = {p for p, t in by_hand[number] if t == max(total for _, total in by_hand[number])}
    assert rows[0][1] in leaders


def test_xlscore_standings_reads_the_after_round_setting_and_the_players(after: tuple[str, int, Any, Path]) -> None:
    system, number, _, source = after
    assert same(grid(reader(system).standings(read_book(source))), _core(EVENTS[system][0], number))


def test_a_blank_round_column_reads_as_one_round(tmp_path: Path) -> None:
    # Today's filled workbooks: the rows without a round, as a table without the column reads them.
    rows = tuple(row[:5] for row in RPLOPS.results if row[5] == 1)
    event = Event(system="rplops", sheet="Results", results=rows)
    book = recalculated(write(event, tmp_path / "e.xlsx"), tmp_path / "out.xlsx")
    plain = rplops_standings([["game", "player", "score", "place", "hours"], *map(list, rows)], decided_by="yes")
    assert same(shown(book["Standings"], 8), grid(plain))
    assert [row[4] for row in shown(book["Standings"], 8)[1:]] == pytest.approx([75, 50, 25])


def test_a_result_the_players_table_rules_out_is_an_error_naming_its_row(tmp_path: Path) -> None:
    # Bo dropped after round 1 and has a result in round 2: the standings say which row.
    event = Event(
        system="rplops",
        sheet="Results",
        results=(("T1", "Ann", None, 1, None, 1), ("T1", "Bo", None, 2, None, 1), ("T1", "Bo", None, 1, None, 2)),
        players=(("Ann",), ("Bo", None, 1)),
    )
    source = write(event, tmp_path / "e.xlsx")
    errors = [str(e) for e in recalculate(source, tmp_path / "out.xlsx").errors]
    assert any("Standings!A1" in e and "'Bo'" in e and "row 4" in e and "dropped after round 1" in e for e in errors)


def _core_by_round(event: Event) -> list[list[object]]:
    """The core's standings by round of ``event``, with its players table and settings."""
    roster = players(event)
    if event.system == "rplops":
        results = table(event, ("game", "player", "score", "place", "hours", "round"))
        found: Any = rplops_standings_by_round(results, players=roster, bye="fixed", bye_score=40)
    elif event.system == "puffing-billy":
        boards = table(event, ("game", "board", "place", "player", "money", "final", "round"))
        found = pb_standings_by_round(boards, players=roster)
    elif event.system == "size-matters":
        found = size_matters_standings_by_round(table(event, _GAMES), players=roster)
    else:
        found = diplomacy_standings_by_round(table(event, _GAMES), "C-Diplo 100", players=roster)
    return grid(found)


_GAMES = ("round", "board", "power", "player", "centres")


@pytest.fixture(scope="module", params=sorted(EVENTS))
def final(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Any, Path]:
    """A template with its whole event (After round blank), recalculated; and the computed file."""
    system: str = request.param
    folder = tmp_path_factory.mktemp(f"{system}-final")
    out = folder / "out.xlsx"
    return system, recalculated(write(EVENTS[system][0], folder / "event.xlsx"), out), out


def test_the_by_round_sheet_is_the_cores_standings_by_round(final: tuple[str, Any, Path]) -> None:
    system, book, _ = final
    expected = _core_by_round(EVENTS[system][0])
    assert same(shown(book["By round"], len(expected[0])), expected)


def grid_of(rows: list[list[object]]) -> list[list[object]]:
    return [[None if v == "" else v for v in row] for row in rows]


def test_the_chart_data_is_each_leaders_place_after_each_round(final: tuple[str, Any, Path]) -> None:
    system, book, _ = final
    expected = places_by_round(_core_by_round(EVENTS[system][0]), CHARTED_PLAYERS).grid()
    top, left = book["By round"][PLACES_ANCHOR].row, book["By round"][PLACES_ANCHOR].column
    area = book["By round"].iter_rows(
        min_row=top, max_row=top + len(expected) - 1, min_col=left, max_col=left + CHARTED_PLAYERS, values_only=True
    )
    assert same([[None if v == "" else v for v in row] for row in area], grid_of(expected))


def test_the_chart_draws_the_chart_data_with_first_place_on_top(final: tuple[str, Any, Path]) -> None:
    _, _, out = final
    with zipfile.ZipFile(out) as xlsx:
        charts = [xlsx.read(n).decode() for n in xlsx.namelist() if re.fullmatch(r"xl/charts/chart\d+\.xml", n)]
    (line,) = [c for c in charts if "<c:lineChart>" in c or "<lineChart>" in c]
    values = re.findall(r"<(?:c:)?val><(?:c:)?numRef><(?:c:)?f>([^<]+)<", line)
    assert values == [f"'By round'!${letter}$25:${letter}$36" for letter in "KLMNOPQ"]
    assert re.findall(r"<(?:c:)?cat><(?:c:)?numRef><(?:c:)?f>([^<]+)<", line) == ["'By round'!$J$25:$J$36"] * 7
    assert re.search(r"<(?:c:)?valAx>.*?<(?:c:)?orientation val=\"maxMin\"", line, re.S)


def _next_rows(book: Any, width: int = 5) -> list[tuple[object, ...]]:
    sheet = book["Seating"]
    top, left = sheet[NEXT_ANCHOR].row, sheet[NEXT_ANCHOR].column
    rows = []
    for row in sheet.iter_rows(min_row=top + 1, min_col=left, max_col=left + width - 1, values_only=True):
        if all(v in (None, "") for v in row):
            break
        rows.append(tuple(None if v == "" else v for v in row))
    return rows


def test_the_seating_shows_the_next_round_from_the_standings_once_the_round_is_complete(
    final: tuple[str, Any, Path],
) -> None:
    system, book, _ = final
    event = EVENTS[system][0]
    by_round = _core_by_round(event)
    last = [row for row in by_round[1:] if row[0] == event.rounds]
    size = book["Seating"]["G2"].value
    history = table(event, _HEADERS[system])
    powers = POWER_NAMES if system in {"diplomacy", "size-matters"} else None  # a Diplomacy board's seats: powers
    expected = next_round([row[2] for row in last], history, event.rounds + 1, size, players(event), powers=powers)
    columns = row_fields(expected.row_type)  # round, table, seat, player, board, and for Diplomacy the power
    assert _next_rows(book, len(columns)) == [tuple(getattr(r, c) for c in columns) for r in expected.rows]
    # RPLOPS: Bo dropped after round 2: round 4 seats Ann, Cy (back from her bye) and Di at one table of three.
    if system == "rplops":
        assert sorted(r.player for r in expected.rows) == ["Ann", "Cy", "Di"]
    # Size Matters: the seven played the same power in both rounds (Ann Austria, Bo England ...): round 3 gives
    # each of them another power, one board of all seven.
    if system == "size-matters":
        given = {r.player: getattr(r, "power", None) for r in expected.rows}
        assert sorted(map(str, given.values())) == sorted(_POWERS)
        assert all(power != _POWERS[_SEVEN.index(player)] for player, power in given.items())


def test_the_next_round_waits_for_every_result_of_the_round(tmp_path: Path) -> None:
    # Round 2's second game (Bo against Di) is not typed yet: round 3 is not seated.
    event = Event(
        system="rplops",
        sheet="Results",
        results=(
            ("T1", "Ann", None, 1, None, 1),
            ("T1", "Bo", None, 2, None, 1),
            ("T2", "Cy", None, 1, None, 1),
            ("T2", "Di", None, 2, None, 1),
            ("T1", "Ann", None, 1, None, 2),
            ("T1", "Cy", None, 2, None, 2),
        ),
        players=(("Ann",), ("Bo",), ("Cy",), ("Di",)),
    )
    book = recalculated(write(event, tmp_path / "e.xlsx"), tmp_path / "out.xlsx")
    ((*blank, waiting, board),) = _next_rows(book)
    assert (blank, board) == ([None, None, None], None)
    assert re.fullmatch(r"round 3 is seated once round 2 is complete: no result yet for (Bo, Di|Di, Bo)", str(waiting))


_HEADERS = {
    "rplops": ("game", "player", "score", "place", "hours", "round"),
    "puffing-billy": ("game", "board", "place", "player", "money", "final", "round"),
    "size-matters": _GAMES,
    "diplomacy": _GAMES,
}
