"""Forming leagues: step 2 (league sizes) and a two-season scenario worked by hand through steps 1 to 7.

The scenario: season 1 is formed from new players only; season 2 from season 1's standings with drop-outs and
new players; season 3 from seasons 1 and 2, with drop-outs, players returning after sitting out season 2, and
new players. The standings of seasons 1 and 2 are typed in below as a coordinator would keep them.
"""

from __future__ import annotations

import re
from typing import Any

import pandas as pd
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from xlscore.core.errors import InputError, TableError
from xlscore.core.systems.league.formation import LeagueSeat, LeagueSize, league_formation, league_sizes
from xlscore.core.systems.league.naming import league_letter
from xlscore.core.systems.league.standings import league_standings

# ---------------------------------------------------------------------------------------------------------------
# Step 2: league sizes.


def test_league_sizes_fill_divisions_and_give_8th_players_to_the_lowest_leagues() -> None:
    assert league_sizes(7) == (LeagueSize(1, "A", 7),)
    assert league_sizes(8) == (LeagueSize(1, "A", 8),)
    # 15 = 2 x 7 + 1: division 2 is partial (one league of the two it can hold), and takes the 8th player.
    assert league_sizes(15) == (LeagueSize(1, "A", 7), LeagueSize(2, "A", 8))
    # 24 = 3 x 7 + 3: every league, division 1's included, has 8.
    assert league_sizes(24) == (LeagueSize(1, "A", 8), LeagueSize(2, "A", 8), LeagueSize(2, "B", 8))
    # 23 = 3 x 7 + 2: the two lowest-ranked leagues are division 2's.
    assert [s.players for s in league_sizes(23)] == [7, 8, 8]
    # 50 = 7 x 7 + 1: divisions 1, 2 (A, B) and 3 (A to D); the last, L3-D, has 8.
    assert [(s.division, s.league, s.players) for s in league_sizes(50)] == [
        (1, "A", 7),
        (2, "A", 7),
        (2, "B", 7),
        (3, "A", 7),
        (3, "B", 7),
        (3, "C", 7),
        (3, "D", 8),
    ]
    # 36 = 5 x 7 + 1: division 3 is partial (A and B of its four), L3-B is the lowest.
    assert [(s.division, s.league, s.players) for s in league_sizes(36)][-2:] == [(3, "A", 7), (3, "B", 8)]
    # 105 = 15 x 7: division 4 is full, 8 leagues A to H.
    assert [s.league for s in league_sizes(105) if s.division == 4] == list("ABCDEFGH")


@given(st.integers(7, 2000))
def test_league_sizes_seat_everyone_in_the_division_shape(players: int) -> None:
    leagues, extra = divmod(players, 7)
    assume(extra <= leagues)
    sizes = league_sizes(players)
    assert sum(s.players for s in sizes) == players
    # The 8-player leagues are the last ones, and there are as many as the remainder.
    assert [s.players for s in sizes] == [7] * (leagues - extra) + [8] * extra
    # Division d holds 2 ** (d - 1) leagues, A, B, ...; only the last division may be partial.
    divisions = [s.division for s in sizes]
    last = divisions[-1]
    for d in range(1, last):
        assert [s.league for s in sizes if s.division == d] == [league_letter(i) for i in range(1, 2 ** (d - 1) + 1)]
    assert 1 <= divisions.count(last) <= 2 ** (last - 1)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (6, "players 6 is outside 7..100000"),
        (9, "players is 9; 1 league of 7 can take at most 1 more (one 8th player each); expected at most 8 or"),
        (13, "expected at most 8 or at least 14 players"),
        (17, "players is 17; 2 leagues of 7 can take at most 2 more"),
        (41, "expected at most 40 or at least 42 players"),
        (7.5, "players is 7.5; expected a whole number 7..100000"),
    ],
)
def test_counts_that_leagues_cannot_seat_are_refused(players: int, message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        league_sizes(players)


# ---------------------------------------------------------------------------------------------------------------
# Season 1: fifteen new players. Step 6 orders them by laurels, then by sign-up order.

SIGNUPS_1 = ["Ada", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max", "Ned", "Oli"]
LAURELS_1 = {"Dee": 12, "Max": 12, "Oli": 5}


def test_season_1_new_players_only() -> None:
    # Step 6: Dee and Max have 12 laurels (Dee signed up first), Oli 5, everyone else none, in sign-up order.
    # Step 2: 15 = 2 x 7 + 1, so L1-A with 7 and L2-A with 8 (the lowest-ranked league takes the 8th).
    # Step 7: L1-A takes the first seven; L2-A, the only league of division 2, takes slots 1 to 8 in turn.
    expected = [
        LeagueSeat(1, "Dee", 1, "A", 1, "new"),
        LeagueSeat(2, "Max", 1, "A", 2, "new"),
        LeagueSeat(3, "Oli", 1, "A", 3, "new"),
        LeagueSeat(4, "Ada", 1, "A", 4, "new"),
        LeagueSeat(5, "Ben", 1, "A", 5, "new"),
        LeagueSeat(6, "Cal", 1, "A", 6, "new"),
        LeagueSeat(7, "Eve", 1, "A", 7, "new"),
        LeagueSeat(8, "Fay", 2, "A", 1, "new"),
        LeagueSeat(9, "Gus", 2, "A", 2, "new"),
        LeagueSeat(10, "Hal", 2, "A", 3, "new"),
        LeagueSeat(11, "Ivy", 2, "A", 4, "new"),
        LeagueSeat(12, "Jon", 2, "A", 5, "new"),
        LeagueSeat(13, "Kim", 2, "A", 6, "new"),
        LeagueSeat(14, "Lou", 2, "A", 7, "new"),
        LeagueSeat(15, "Ned", 2, "A", 8, "new"),
    ]
    assert list(league_formation(SIGNUPS_1, laurels=LAURELS_1)) == expected


# Season 1's final standings, only the required columns (one league per division: no cross-league ties).
_S1 = [
    # division, league, place, player, league points
    (1, "A", 1, "Oli", 30),
    (1, "A", 2, "Dee", 25),
    (1, "A", 3, "Ada", 20),
    (1, "A", 4, "Eve", 18),
    (1, "A", 5, "Max", 17),
    (1, "A", 6, "Cal", 16),
    (1, "A", 7, "Ben", 14),
    (2, "A", 1, "Kim", 30),
    (2, "A", 2, "Fay", 26),
    (2, "A", 3, "Ned", 24),
    (2, "A", 4, "Gus", 20),
    (2, "A", 5, "Ivy", 18),
    (2, "A", 6, "Jon", 16),
    (2, "A", 7, "Hal", 14),
    (2, "A", 8, "Lou", 12),
]
SEASON_1: list[dict[str, Any]] = [
    {"division": d, "league": lg, "place": p, "player": who, "league_points": pts} for d, lg, p, who, pts in _S1
]

# Season 2: Ada and Jon drop out; nine new players, Rex with 3 laurels, signing up among the others.
SIGNUPS_2 = [
    "Oli", "Pam", "Kim", "Quin", "Dee", "Eve", "Sue", "Fay", "Max", "Ned", "Tia", "Gus", "Uma",
    "Ivy", "Cal", "Vic", "Ben", "Wes", "Hal", "Lou", "Xan", "Rex",
]  # fmt: skip
LAURELS_2 = {"Rex": 3, "Oli": 40}  # Oli's laurels are ignored: only new players are ordered by laurels


def test_season_2_drop_outs_close_up_and_new_players_go_to_the_bottom() -> None:
    # Step 3, season 1 in order: division 1's 1st to 5th (Oli, Dee, Ada, Eve, Max), division 2's 1st to 5th (Kim,
    # Fay, Ned, Gus, Ivy), then division 1's 6th and 7th (Cal, Ben) below division 2's 5th, then division 2's
    # 6th, 7th and 8th (Jon, Hal, Lou) at the bottom (there is no division 3).
    # Step 4: no one returns (season 1 was the first).
    # Step 5: Ada (3rd) and Jon leave holes that close: Ned (division 2's 3rd) moves up to the 7th spot.
    # Step 6: new players: Rex (3 laurels), then Pam, Quin, Sue, Tia, Uma, Vic, Wes, Xan in sign-up order.
    # Step 2: 22 = 3 x 7 + 1: L1-A 7, L2-A 7, L2-B 8.
    # Step 7: L1-A takes seeds 1 to 7; then slot 1 of L2-A, slot 1 of L2-B, slot 2 of L2-A, ... slot 8 of L2-B.
    expected = [
        LeagueSeat(1, "Oli", 1, "A", 1, "continuing"),
        LeagueSeat(2, "Dee", 1, "A", 2, "continuing"),
        LeagueSeat(3, "Eve", 1, "A", 3, "continuing"),
        LeagueSeat(4, "Max", 1, "A", 4, "continuing"),
        LeagueSeat(5, "Kim", 1, "A", 5, "continuing"),  # division 2's winner: promoted
        LeagueSeat(6, "Fay", 1, "A", 6, "continuing"),  # division 2's 2nd: promoted, as Ada left
        LeagueSeat(7, "Ned", 1, "A", 7, "continuing"),  # division 2's 3rd: promoted, as Ada left
        LeagueSeat(8, "Gus", 2, "A", 1, "continuing"),
        LeagueSeat(9, "Ivy", 2, "B", 1, "continuing"),
        LeagueSeat(10, "Cal", 2, "A", 2, "continuing"),  # division 1's 6th: relegated
        LeagueSeat(11, "Ben", 2, "B", 2, "continuing"),  # division 1's 7th: relegated
        LeagueSeat(12, "Hal", 2, "A", 3, "continuing"),
        LeagueSeat(13, "Lou", 2, "B", 3, "continuing"),
        LeagueSeat(14, "Rex", 2, "A", 4, "new"),
        LeagueSeat(15, "Pam", 2, "B", 4, "new"),
        LeagueSeat(16, "Quin", 2, "A", 5, "new"),
        LeagueSeat(17, "Sue", 2, "B", 5, "new"),
        LeagueSeat(18, "Tia", 2, "A", 6, "new"),
        LeagueSeat(19, "Uma", 2, "B", 6, "new"),
        LeagueSeat(20, "Vic", 2, "A", 7, "new"),
        LeagueSeat(21, "Wes", 2, "B", 7, "new"),
        LeagueSeat(22, "Xan", 2, "B", 8, "new"),
    ]
    assert list(league_formation(SIGNUPS_2, [SEASON_1], LAURELS_2)) == expected


# Season 2's final standings, with the tie-breaks a coordinator copies from the standings where they matter:
# division 2's two leagues have players with the same place, ordered across the leagues by the tie-breaks.
_COLUMNS = ["division", "league", "place", "player", "league_points", "games_won", "second_places", "third_places"]
_S2: list[list[Any]] = [
    [1, "A", 1, "Kim", 32, None, None, None],
    [1, "A", 2, "Oli", 26, None, None, None],
    [1, "A", 3, "Ned", 22, None, None, None],
    [1, "A", 4, "Dee", 18, None, None, None],
    [1, "A", 5, "Fay", 16, None, None, None],
    [1, "A", 6, "Eve", 14, None, None, None],
    [1, "A", 7, "Max", 12, None, None, None],
    [2, "A", 1, "Rex", 34, None, None, None],
    [2, "A", 2, "Gus", 26, 1, None, None],
    [2, "A", 3, "Cal", 22, None, None, None],
    [2, "A", 4, "Quin", 19, 1, 0, 2],
    [2, "A", 5, "Hal", 16, None, None, None],
    [2, "A", 6, "Tia", 13, None, None, None],
    [2, "A", 7, "Vic", 10, None, None, None],
    [2, "B", 1, "Pam", 32, None, None, None],
    [2, "B", 2, "Ivy", 26, 2, None, None],
    [2, "B", 3, "Ben", 23, None, None, None],
    [2, "B", 4, "Sue", 19, 1, 0, 2],
    [2, "B", 5, "Lou", 15, None, None, None],
    [2, "B", 6, "Uma", 14, None, None, None],
    [2, "B", 7, "Wes", 9, None, None, None],
    [2, "B", 8, "Xan", 8, None, None, None],
]
# Everyone's prior ranking is their season-2 seed (from the formation above).
_SEEDS_2 = ["Oli", "Dee", "Eve", "Max", "Kim", "Fay", "Ned", "Gus", "Ivy", "Cal", "Ben", "Hal", "Lou", "Rex", "Pam"]
_SEEDS_2 += ["Quin", "Sue", "Tia", "Uma", "Vic", "Wes", "Xan"]
SEASON_2: list[list[Any]] = [[*_COLUMNS, "prior_rank"]] + [[*row, _SEEDS_2.index(row[3]) + 1] for row in _S2]

# Season 3: Oli, Fay, Cal and Uma drop out; Ada and Jon return after sitting out season 2; Yan, Zed and Abe are
# new, Abe with 2 laurels.
SIGNUPS_3 = [
    "Kim", "Yan", "Ned", "Dee", "Ada", "Rex", "Pam", "Ivy", "Gus", "Ben", "Zed", "Quin",
    "Sue", "Hal", "Lou", "Eve", "Max", "Jon", "Tia", "Vic", "Wes", "Xan", "Abe",
]  # fmt: skip
LAURELS_3 = {"Abe": 2}

# Step 3, season 2 in order:
#   division 1's 1st to 5th: Kim, Oli, Ned, Dee, Fay;
#   division 2's 1st places: Rex (34) above Pam (32) on league points;
#   2nd places: Gus and Ivy both 26; Ivy won 2 games, Gus 1: Ivy, Gus;
#   3rd places: Ben (23) above Cal (22);
#   4th places: Quin and Sue level on points (19), games won (1), 2nd places (0) and 3rd places (2), and on
#     the tie-breaks left blank; Quin's seed (16) is better than Sue's (17): Quin, Sue;
#   5th places: Hal (16) above Lou (15);
#   division 1's 6th and 7th (Eve, Max), below division 2's 5th places;
#   division 2's 6th places: Uma (14) above Tia (13); 7th: Vic (10) above Wes (9); 8th: Xan.
STEP_3 = [
    "Kim", "Oli", "Ned", "Dee", "Fay", "Rex", "Pam", "Ivy", "Gus", "Ben", "Cal",
    "Quin", "Sue", "Hal", "Lou", "Eve", "Max", "Uma", "Tia", "Vic", "Wes", "Xan",
]  # fmt: skip


def test_step_3_orders_last_season_across_leagues() -> None:
    # Everyone from season 2 signs up again and no one else: the seeding is step 3's list, unchanged.
    formed = league_formation(STEP_3, [SEASON_1, SEASON_2])
    assert [seat.player for seat in formed] == STEP_3
    assert {seat.status for seat in formed} == {"continuing"}


def test_season_3_returning_players_fill_holes_they_are_good_enough_for() -> None:
    # Step 4: returning players by most recent finish (season 1): Ada (division 1, 3rd), Jon (division 2, 6th).
    # Step 5, down the list of step 3:
    #   Oli's hole (division 1, 2nd): Ada's 3rd is not as good, so it closes;
    #   Fay's hole (division 1, 5th): Ada's 3rd in division 1 is better: Ada fills it;
    #   Cal's hole (division 2, 3rd): Jon's 6th in division 2 is not as good: it closes;
    #   Uma's hole (division 2, 6th): Jon's 6th in division 2 is as good: Jon fills it.
    # Step 6: no returning players left; new players Abe (2 laurels), then Yan and Zed in sign-up order.
    # Step 2: 23 = 3 x 7 + 2: L1-A 7, and the two lowest-ranked leagues, L2-A and L2-B, 8 each.
    # Step 7: L1-A takes seeds 1 to 7, then L2-A and L2-B alternate slot by slot, A first.
    seeding = ["Kim", "Ned", "Dee", "Ada", "Rex", "Pam", "Ivy", "Gus", "Ben", "Quin", "Sue", "Hal", "Lou"]
    seeding += ["Eve", "Max", "Jon", "Tia", "Vic", "Wes", "Xan", "Abe", "Yan", "Zed"]
    expected = [
        LeagueSeat(1, "Kim", 1, "A", 1, "continuing"),
        LeagueSeat(2, "Ned", 1, "A", 2, "continuing"),
        LeagueSeat(3, "Dee", 1, "A", 3, "continuing"),
        LeagueSeat(4, "Ada", 1, "A", 4, "returning"),  # into Fay's hole
        LeagueSeat(5, "Rex", 1, "A", 5, "continuing"),  # L2-A's winner: promoted
        LeagueSeat(6, "Pam", 1, "A", 6, "continuing"),  # L2-B's winner: promoted
        LeagueSeat(7, "Ivy", 1, "A", 7, "continuing"),  # promoted too, as Oli left and his hole closed
        LeagueSeat(8, "Gus", 2, "A", 1, "continuing"),
        LeagueSeat(9, "Ben", 2, "B", 1, "continuing"),
        LeagueSeat(10, "Quin", 2, "A", 2, "continuing"),
        LeagueSeat(11, "Sue", 2, "B", 2, "continuing"),
        LeagueSeat(12, "Hal", 2, "A", 3, "continuing"),
        LeagueSeat(13, "Lou", 2, "B", 3, "continuing"),
        LeagueSeat(14, "Eve", 2, "A", 4, "continuing"),  # relegated from division 1
        LeagueSeat(15, "Max", 2, "B", 4, "continuing"),  # relegated from division 1
        LeagueSeat(16, "Jon", 2, "A", 5, "returning"),  # into Uma's hole
        LeagueSeat(17, "Tia", 2, "B", 5, "continuing"),
        LeagueSeat(18, "Vic", 2, "A", 6, "continuing"),
        LeagueSeat(19, "Wes", 2, "B", 6, "continuing"),
        LeagueSeat(20, "Xan", 2, "A", 7, "continuing"),
        LeagueSeat(21, "Abe", 2, "B", 7, "new"),
        LeagueSeat(22, "Yan", 2, "A", 8, "new"),
        LeagueSeat(23, "Zed", 2, "B", 8, "new"),
    ]
    assert [seat.player for seat in expected] == seeding
    assert list(league_formation(SIGNUPS_3, [SEASON_1, SEASON_2], LAURELS_3)) == expected


def test_the_same_seasons_as_dataframes() -> None:
    frames = [pd.DataFrame(SEASON_1), pd.DataFrame(SEASON_2[1:], columns=SEASON_2[0])]
    laurels = pd.DataFrame({"player": ["Abe", "Yan"], "laurels": [2, None]})
    from_frames = league_formation(pd.Series(SIGNUPS_3), frames, laurels)
    assert from_frames == league_formation(SIGNUPS_3, [SEASON_1, SEASON_2], LAURELS_3)
    assert [seat.player for seat in from_frames if seat.division == 1] == [
        "Kim", "Ned", "Dee", "Ada", "Rex", "Pam", "Ivy",
    ]  # fmt: skip


def test_sign_up_order_does_not_matter_for_players_with_a_past() -> None:
    shuffled = sorted(SIGNUPS_3)
    moved = league_formation(shuffled, [SEASON_1, SEASON_2], LAURELS_3)
    assert moved == league_formation(SIGNUPS_3, [SEASON_1, SEASON_2], LAURELS_3)


def test_standings_feed_the_next_formation() -> None:
    # Season 1 of a one-league event, seven players; its standings come from results, then an eighth player
    # signs up for season 2. Ann, Bob, Cat and Dan play two 4-player games; Eve, Fay and Gus one 3-player game.
    rows: list[dict[str, Any]] = []
    for game, scores in {
        "G1": {"Ann": 90, "Bob": 80, "Cat": 70, "Dan": 60},
        "G2": {"Ann": 90, "Bob": 80, "Cat": 70, "Dan": 60},
        "G3": {"Eve": 50, "Fay": 40, "Gus": 30},
    }.items():
        rows += [{"game": game, "player": p, "score": s} for p, s in scores.items()]
    standings = league_standings(rows)
    # Ann 10 + 10 = 20, Bob 6 + 6 = 12, Eve 6 (the 3-player chart is 6, 3, 1) level with Cat's 3 + 3 = 6 but
    # with a win, Cat, Fay 3, Dan 1 + 1 = 2, Gus 1.
    assert [row.player for row in standings] == ["Ann", "Bob", "Eve", "Cat", "Fay", "Dan", "Gus"]
    formed = league_formation(["Gus", "Hal", "Fay", "Eve", "Dan", "Cat", "Bob", "Ann"], [standings])
    # Places 1 to 5 keep their order; 6th and 7th come after them (no division below), then the new player.
    assert [seat.player for seat in formed] == ["Ann", "Bob", "Eve", "Cat", "Fay", "Dan", "Gus", "Hal"]
    assert {seat.slot for seat in formed} == set(range(1, 9))


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: league_formation(["A"] * 7), InputError, "players[2] is 'A' again (first at players[1])"),
        (lambda: league_formation(list("ABCDEF")), InputError, "players has 6 names; expected at least 7 players"),
        (lambda: league_formation(list("ABCDEFGHI")), InputError, "players is 9; 1 league of 7"),
        (
            lambda: league_formation(list("ABCDEFG"), pd.DataFrame(SEASON_1)),
            InputError,
            "seasons is DataFrame; expected a list of standings tables, one per season",
        ),
        (
            lambda: league_formation(list("ABCDEFG"), SEASON_1),
            InputError,
            "seasons holds rows, not tables (one season's standings?)",
        ),
        (
            lambda: league_formation(list("ABCDEFG"), [[{"division": 1, "league": "A", "place": 1, "player": "A"}]]),
            TableError,
            "seasons[1] has no column 'league_points'",
        ),
        (
            lambda: league_formation(list("ABCDEFG"), [SEASON_1, SEASON_1 + SEASON_1[:1]]),
            TableError,
            "player 'Oli' is in row 2 and row 17 of seasons[2]; expected one row per player in a season",
        ),
        (
            lambda: league_formation(list("ABCDEFG"), [[[*_COLUMNS[:5]], [1, "B", 1, "A", 3]]]),
            TableError,
            "league in row 2 of seasons[1] is B; expected a league of division 1, A to A",
        ),
        (
            lambda: league_formation(list("ABCDEFG"), [[[*_COLUMNS[:5]], [1, "A", 0, "A", 3]]]),
            TableError,
            "place in row 2 of seasons[1] is 0; expected a whole number at least 1",
        ),
        (
            lambda: league_formation(list("ABCDEFG"), laurels={"A": -1}),
            InputError,
            "laurels['A'] is -1; expected a number at least 0",
        ),
        (
            lambda: league_formation(list("ABCDEFG"), laurels=[["player", "laurels"], ["A", "many"]]),
            TableError,
            "laurels in row 2 is the text 'many'",
        ),
    ],
)
def test_bad_input_is_named(call: object, error: type[Exception], message: str) -> None:
    assert callable(call)
    with pytest.raises(error, match=re.escape(message)):
        call()
