"""The players table (late from, dropped after, sits out) read by every system's standings, and the bye rules."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlscore import InputError, TableError
from xlscore.core.events.roster import bye_score, next_byes, read_roster
from xlscore.core.systems.diplomacy.event import diplomacy_standings
from xlscore.core.systems.puffing_billy import pb_standings
from xlscore.core.systems.rplops_event import rplops_standings, rplops_standings_by_round
from xlscore.core.systems.size_matters import size_matters_standings, size_matters_standings_by_round

# Three rounds of 2-player games. Cy arrives in round 2; Di drops after round 2 and Ann sits out round 3.
EVENT: list[list[object]] = [
    ["round", "game", "player", "place"],
    [1, "T1", "Ann", 1],
    [1, "T1", "Di", 2],
    [1, "T2", "Bo", 1],
    [1, "T2", "Eve", 2],
    [2, "T1", "Cy", 1],
    [2, "T1", "Di", 2],
    [2, "T2", "Ann", 1],
    [2, "T2", "Bo", 2],
    [3, "T1", "Cy", 1],
    [3, "T1", "Bo", 2],
]
PLAYERS: list[list[object]] = [
    ["Player", "Late from", "Dropped after", "Sits out"],
    ["Ann", None, None, 3],
    ["Bo", None, None, None],
    ["Cy", 2, None, None],
    ["Di", None, 2, None],
    ["Eve", None, None, "2, 3"],
]
WIN, LOSE = 200 / 3, 100 / 3  # RPLOPS v1, x = 50, a 2-player game of 1 hour


def test_a_dropped_player_keeps_results_and_stays_marked() -> None:
    table = rplops_standings(EVENT, players=PLAYERS)
    assert table == rplops_standings(EVENT)  # the roster checks; it changes no figure
    assert {s.player: s.points for s in table}["Di"] == pytest.approx(2 * LOSE)
    rows = {(r.round, r.player): r for r in rplops_standings_by_round(EVENT, players=PLAYERS)}
    assert rows[3, "Di"].note == "dropped"
    assert (rows[3, "Di"].games, rows[3, "Di"].score) == (0, 0)
    assert rows[3, "Ann"].note == "sits out"
    assert rows[2, "Eve"].note == "sits out"
    assert rows[2, "Di"].note == ""
    assert (1, "Cy") not in rows  # late: in the standings from round 2


def _with(*row: object) -> list[list[object]]:
    return [*EVENT, list(row)]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            [3, "T2", "Di", 1],
            r"player 'Di' has a result in round 3 \(row 12\); expected none: dropped after round 2",
        ),
        ([3, "T2", "Ann", 1], r"player 'Ann' has a result in round 3 \(row 12\); expected none: sits out round 3"),
        ([1, "T3", "Cy", 1], r"player 'Cy' has a result in round 1 \(row 12\); expected none before round 2"),
        ([3, "T2", "Fay", 1], r"player 'Fay' in row 12 is not on the players table"),
    ],
)
def test_a_result_the_roster_forbids_is_refused_naming_the_row(extra: list[object], message: str) -> None:
    table = [*EVENT, extra, [extra[0], extra[1], "Gus", 2]]
    players = [*PLAYERS, ["Gus", None, None, None]]
    with pytest.raises(TableError, match=message):
        rplops_standings(table, players=players)


SEVEN = ["A", "B", "C", "D", "E", "F", "G"]
BOARD = [10, 8, 8, 8, 0, 0, 0]


def _boards() -> list[list[object]]:
    rows: list[list[object]] = [["round", "board", "player", "centres"]]
    return rows + [[r, 1, p, c] for r in (1, 2) for p, c in zip(SEVEN, BOARD, strict=True)]


@pytest.mark.parametrize(
    "standings",
    [
        size_matters_standings,
        lambda t, **k: diplomacy_standings(t, "Sum of Squares", **k),
    ],
)
def test_every_system_reads_the_roster(standings: Any) -> None:
    late = [["player", "late from"], *([p, 2 if p == "G" else None] for p in SEVEN)]
    with pytest.raises(TableError, match=r"player 'G' has a result in round 1 \(row 8\); expected none before round 2"):
        standings(_boards(), players=late)
    dropped = [["player", "dropped after"], *([p, 2 if p == "G" else None] for p in SEVEN)]
    assert standings(_boards(), players=dropped) == standings(_boards())


def test_size_matters_by_round_marks_a_round_sat_out() -> None:
    table = _boards()[:8]  # round 1 only
    players = [["player", "sits out"], *([p, None] for p in SEVEN), ["H", 1]]
    rows = size_matters_standings_by_round(table, players=players)
    assert all(r.note == "" for r in rows)  # H has no result yet: not in the standings


def test_puffing_billy_reads_the_roster() -> None:
    boards = [
        ["round", "game", "board", "place", "player", "money"],
        [1, "EB", "T1", 1, "A", 100],
        [1, "EB", "T1", 2, "B", 50],
        [2, "EB", "T1", 1, "A", 100],
        [2, "EB", "T1", 2, "B", 50],
    ]
    with pytest.raises(TableError, match=r"player 'B' has a result in round 2 \(row 5\); expected none: dropped"):
        pb_standings(boards, players=[["player", "dropped after"], ["A", None], ["B", 1]])


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([["player"], ["Ann"], ["Ann"]], r"player in row 3 of players is 'Ann' again; expected each player once"),
        (
            [["player", "late from", "dropped after"], ["Ann", 3, 2]],
            r"dropped after in row 2 of players is 2; expected a round from 3",
        ),
        ([["player", "sits out"], ["Ann", "two"]], r"sits out in row 2 of players is 'two'; expected rounds"),
        ([["player", "late from"], ["Ann", 1.5]], r"late from in row 2 of players is 1\.5; expected a whole number"),
    ],
)
def test_a_bad_players_table_is_refused(players: list[list[object]], message: str) -> None:
    with pytest.raises(TableError, match=message):
        read_roster(players)


def test_the_roster_says_who_plays_a_round() -> None:
    roster = read_roster(PLAYERS)
    assert roster is not None
    assert roster.players(1) == ("Ann", "Bo", "Di", "Eve")
    assert roster.players(2) == ("Ann", "Bo", "Cy", "Di")
    assert roster.players(3) == ("Bo", "Cy")
    assert read_roster(None) is None
    assert read_roster("  ") is None


def test_byes_go_to_the_fewest_byes_then_the_lowest_placed() -> None:
    places = {"Ann": 1, "Bo": 2, "Cy": 3, "Di": 4}
    assert next_byes(["Ann", "Bo", "Cy", "Di"], places, {}, 1) == ["Di"]
    assert next_byes(["Ann", "Bo", "Cy", "Di"], places, {"Di": 1}, 1) == ["Cy"]
    assert next_byes(["Ann", "Bo", "Cy", "Di"], places, {"Di": 1, "Cy": 1}, 2) == ["Bo", "Ann"]
    # A late player, not in the standings yet, is lowest of all.
    assert next_byes(["Ann", "Bo", "Eve"], places, {}, 1) == ["Eve"]
    assert next_byes(["Ann"], places, {}, 0) == []
    with pytest.raises(InputError, match=r"needed 2 is outside 0\.\.1"):
        next_byes(["Ann"], places, {}, 2)


@given(
    st.lists(st.integers(1, 6), min_size=1, max_size=12),
    st.lists(st.integers(0, 3), min_size=12, max_size=12),
    st.data(),
)
def test_no_player_without_a_bye_is_passed_over_for_one_with_more(
    places: list[int], byes: list[int], data: st.DataObject
) -> None:
    players = [f"P{i}" for i in range(len(places))]
    needed = data.draw(st.integers(0, len(players)))
    place = dict(zip(players, places, strict=True))
    had = dict(zip(players, byes, strict=False))
    chosen = next_byes(players, place, had, needed)
    assert len(chosen) == needed == len(set(chosen))
    for p in chosen:
        for q in set(players) - set(chosen):
            assert (had[p], -place[p]) <= (had[q], -place[q])


def test_a_bye_scores_as_the_settings_say() -> None:
    games = [Fraction(200, 3), Fraction(100, 3), Fraction(50)]
    assert bye_score(None, games) == 0
    assert bye_score("none", games) == 0
    assert bye_score("Fixed", games, 40.5) == Fraction(81, 2)
    assert bye_score("average", games) == (Fraction(200, 3) + Fraction(100, 3) + 50) / 3
    assert bye_score("average", []) == 0
    with pytest.raises(InputError, match="bye is 'half'; expected one of: none, fixed, average"):
        bye_score("half", games)
    with pytest.raises(InputError, match="bye_score is blank"):
        bye_score("fixed", games)


# Byes: round 1 Ann beats Bo and Cy has the bye; round 2 Cy beats Ann and Bo has the bye.
BYE_EVENT: list[list[object]] = [
    ["round", "game", "player", "place"],
    [1, "T1", "Ann", 1],
    [1, "T1", "Bo", 2],
    [2, "T1", "Cy", 1],
    [2, "T1", "Ann", 2],
]
BYE_PLAYERS: list[list[object]] = [["player", "byes"], ["Ann", None], ["Bo", 2], ["Cy", 1]]


def _totals(table: Any) -> dict[str, float]:
    return {s.player: s.points for s in table}


def test_rplops_byes_score_as_the_settings_say() -> None:
    none = _totals(rplops_standings(BYE_EVENT, players=BYE_PLAYERS))
    assert none == pytest.approx({"Ann": WIN + LOSE, "Bo": LOSE, "Cy": WIN})
    fixed = _totals(rplops_standings(BYE_EVENT, players=BYE_PLAYERS, bye="fixed", bye_score=50))
    assert fixed == pytest.approx({"Ann": WIN + LOSE, "Bo": LOSE + 50, "Cy": WIN + 50})
    average = rplops_standings(BYE_EVENT, players=BYE_PLAYERS, bye="average")
    assert _totals(average) == pytest.approx({"Ann": WIN + LOSE, "Bo": 2 * LOSE, "Cy": 2 * WIN})
    assert {s.player: s.games for s in average} == {"Ann": 2, "Bo": 1, "Cy": 1}  # a bye is not a game
    # After round 1 Bo's bye (round 2) does not count yet; Cy, with a bye and no game, is not ranked yet.
    first = _totals(rplops_standings(BYE_EVENT, players=BYE_PLAYERS, bye="fixed", bye_score=50, after_round=1))
    assert first == pytest.approx({"Ann": WIN, "Bo": LOSE})
    rows = {(r.round, r.player): r for r in rplops_standings_by_round(BYE_EVENT, players=BYE_PLAYERS, bye="average")}
    assert rows[2, "Bo"].note == "bye"
    assert rows[2, "Bo"].score == pytest.approx(LOSE)
    assert rows[2, "Bo"].games == 0


def test_a_result_in_a_bye_round_and_bad_bye_settings_are_refused() -> None:
    with pytest.raises(TableError, match=r"player 'Bo' has a result in round 2 \(row 6\); expected none: had a bye"):
        rplops_standings([*BYE_EVENT, [2, "T2", "Bo", 1], [2, "T2", "Di", 2]], players=[*BYE_PLAYERS, ["Di"]])
    with pytest.raises(InputError, match="bye_score is 5; it counts only with bye fixed"):
        rplops_standings(BYE_EVENT, bye="average", bye_score=5)
    with pytest.raises(TableError, match="byes in row 2 of players has round 2, which the player sits out"):
        read_roster([["player", "sits out", "byes"], ["Ann", 2, "1, 2"]])


def test_size_matters_and_diplomacy_score_a_bye() -> None:
    # Round 1: A to G on one board (A on 10 of a 4-way draw: 52.5 x 10 / 8.5), H has the bye. Round 2: H takes A's
    # seat and A has the bye.
    rows: list[list[object]] = [["round", "board", "player", "centres"]]
    rows += [[1, 1, p, c] for p, c in zip(SEVEN, BOARD, strict=True)]
    rows += [[2, 1, p, c] for p, c in zip(["H", *SEVEN[1:]], BOARD, strict=True)]
    players = [["player", "byes"], *([p, 2 if p == "A" else None] for p in SEVEN), ["H", 1]]
    a_board = 52.5 * 10 / 8.5
    sm = {s.player: s.total for s in size_matters_standings(rows, players=players, bye="average")}
    assert sm["A"] == pytest.approx(2 * a_board)
    assert sm["H"] == pytest.approx(2 * a_board)
    dip = diplomacy_standings(
        rows, "Size Matters", tournament="best N", best=1, players=players, bye="fixed", bye_score=80
    )
    by_player = {s.player: s for s in dip}
    assert by_player["A"].total == pytest.approx(80)  # the bye, 80, is A's best round
    assert by_player["A"].rounds == 1  # a bye is not a round played
    assert by_player["B"].total == pytest.approx(52.5 * 8 / 8.5)  # best 1 of two equal rounds
