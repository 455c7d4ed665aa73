"""Bad input in a round-by-round event (issue 30, "Bad input"), across every function that reads an event's results:
a round that is not a whole number, a result for a player who has dropped, a round typed out of order, a player in
two games of one round, a late player with a result before their first round. Each is a TableError naming the row,
in every system's standings, standings by round, needs, and finals; never a silently skipped row."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from xlscore import TableError
from xlscore.core.systems.diplomacy.event import diplomacy_needs, diplomacy_standings, diplomacy_standings_by_round
from xlscore.core.systems.diplomacy.top_board import diplomacy_top_board
from xlscore.core.systems.puffing_billy import pb_needs, pb_standings, pb_standings_by_round
from xlscore.core.systems.puffing_billy_qualifiers import pb_qualifiers
from xlscore.core.systems.rplops_event import rplops_needs, rplops_standings, rplops_standings_by_round
from xlscore.core.systems.size_matters import (
    size_matters_needs,
    size_matters_standings,
    size_matters_standings_by_round,
)

SEVEN = "ABCDEFG"
Make = Callable[[list[object]], list[list[object]]]


def _games(rounds: list[object]) -> list[list[object]]:
    rows: list[list[object]] = [["round", "game", "player", "place"]]
    return rows + [[r, "T1", p, place] for r in rounds for place, p in enumerate("AB", start=1)]


def _pb(rounds: list[object]) -> list[list[object]]:
    rows: list[list[object]] = [["round", "game", "board", "place", "player", "money"]]
    return rows + [[r, "EB", "T1", place, p, 100 - place] for r in rounds for place, p in enumerate("AB", start=1)]


def _boards(rounds: list[object]) -> list[list[object]]:
    rows: list[list[object]] = [["round", "board", "player", "centres"]]
    return rows + [[r, 1, p, c] for r in rounds for p, c in zip(SEVEN, (10, 8, 8, 8, 0, 0, 0), strict=True)]


def _dip(fn: Callable[..., Any]) -> Callable[..., Any]:
    return lambda t, **k: fn(t, "Sum of Squares", **k)


FUNCTIONS: list[tuple[str, Make, Callable[..., Any]]] = [
    ("rplops_standings", _games, rplops_standings),
    ("rplops_standings_by_round", _games, rplops_standings_by_round),
    ("rplops_needs", _games, lambda t, **k: rplops_needs(t, 2, **k)),
    ("pb_standings", _pb, pb_standings),
    ("pb_standings_by_round", _pb, pb_standings_by_round),
    ("pb_needs", _pb, lambda t, **k: pb_needs(t, "EB", 2, **k)),
    ("pb_qualifiers", _pb, lambda t, **k: pb_qualifiers(t, "EB", **k)),
    ("size_matters_standings", _boards, size_matters_standings),
    ("size_matters_standings_by_round", _boards, size_matters_standings_by_round),
    ("size_matters_needs", _boards, size_matters_needs),
    ("diplomacy_standings", _boards, _dip(diplomacy_standings)),
    ("diplomacy_standings_by_round", _boards, _dip(diplomacy_standings_by_round)),
    ("diplomacy_needs", _boards, _dip(diplomacy_needs)),
    ("diplomacy_top_board", _boards, _dip(diplomacy_top_board)),
]
IDS = [name for name, _, _ in FUNCTIONS]


def _roster(players: str, column: str, who: str, value: int) -> list[list[object]]:
    rows: list[list[object]] = [["player", column]]
    return rows + [[p, value if p == who else None] for p in players]


@pytest.mark.parametrize(("name", "make", "function"), FUNCTIONS, ids=IDS)
def test_a_round_that_is_not_a_whole_number(name: str, make: Make, function: Callable[..., Any]) -> None:
    with pytest.raises(TableError, match=r"round in row \d+( of boards)? is 1\.5; expected a whole number"):
        function(make([1, 1.5]))


@pytest.mark.parametrize(("name", "make", "function"), FUNCTIONS, ids=IDS)
def test_a_round_typed_out_of_order(name: str, make: Make, function: Callable[..., Any]) -> None:
    with pytest.raises(TableError, match=r"round in row \d+( of boards)? is 3; expected rounds 1, 2, 3, \.\.\."):
        function(make([1, 3]))


@pytest.mark.parametrize(("name", "make", "function"), FUNCTIONS, ids=IDS)
def test_a_result_for_a_player_who_dropped(name: str, make: Make, function: Callable[..., Any]) -> None:
    players = SEVEN if make is _boards else "AB"
    with pytest.raises(TableError, match=r"player 'B' has a result in round 2 \(row \d+.*\); expected none: dropped"):
        function(make([1, 2]), players=_roster(players, "dropped after", "B", 1))


@pytest.mark.parametrize(("name", "make", "function"), FUNCTIONS, ids=IDS)
def test_a_late_player_with_a_result_before_their_first_round(
    name: str, make: Make, function: Callable[..., Any]
) -> None:
    players = SEVEN if make is _boards else "AB"
    with pytest.raises(TableError, match=r"player 'B' has a result in round 1 \(row \d+.*\); expected none before"):
        function(make([1, 2]), players=_roster(players, "late from", "B", 2))


# Diplomacy events may seat a player at several boards of a round (the round score adds them or keeps the best): a
# second board in a round is its setting there, not an error.
@pytest.mark.parametrize(("name", "make", "function"), [f for f in FUNCTIONS if "diplomacy" not in f[0]], ids=IDS[:10])
def test_a_player_in_two_games_of_one_round(name: str, make: Make, function: Callable[..., Any]) -> None:
    table = make([1, 2])
    extra = [row[:] for row in table[1:] if row[0] == 1]
    for row in extra:
        row[table[0].index("board" if "board" in table[0] else "game")] = "Other"
    with pytest.raises(TableError, match=r"player 'A' is in two games of round 1 \(.* in row \d+, .* in row \d+\)"):
        function([*table, *extra])
