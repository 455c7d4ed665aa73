"""Meeple League standings: each tie-break in turn, drop-outs, places from scores, and bad tables.

Every tie-break test builds a small league in which two players, A and B, are level on everything before the
tie-break under test; the other players (X, Y, Z) are placed so that they end up away from A and B.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import pandas as pd
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from xlscore.core.errors import InputError, TableError
from xlscore.core.systems.league.points import LEAGUE_CHARTS
from xlscore.core.systems.league.standings import TIE_BREAKS, LeagueStanding, league_standings

Row = dict[str, Any]


def game(name: str, *scores: tuple[str, float]) -> list[Row]:
    """Rows of one game; the places come from the scores."""
    return [{"game": name, "player": player, "score": score} for player, score in scores]


def by_player(standings: Sequence[LeagueStanding]) -> dict[str, LeagueStanding]:
    return {row.player: row for row in standings}


def below(standings: Sequence[LeagueStanding], upper: str, lower: str) -> str:
    """The tie-break that put ``lower`` right below ``upper``; fails if they are not neighbours."""
    order = [row.player for row in standings]
    assert order.index(lower) == order.index(upper) + 1, order
    return standings[order.index(lower)].decided_by


def test_a_small_league_worked_by_hand() -> None:
    results = game("G1", ("Ann", 50), ("Bob", 40), ("Cat", 30), ("Dan", 20)) + game(
        "G2", ("Bob", 60), ("Cat", 60), ("Ann", 45), ("Dan", 0)
    )
    table = league_standings(results)
    assert [row.player for row in table] == ["Bob", "Ann", "Cat", "Dan"]
    assert [row.decided_by for row in table] == ["", "league points", "league points", "league points"]
    assert [row.place for row in table] == [1, 2, 3, 4]
    rows = by_player(table)
    # Bob: 2nd in G1 (6), tied 1st with Cat in G2 ((10 + 6) / 2 = 8).
    bob = rows["Bob"]
    assert bob.league_points == 6 + (10 + 6) / 2
    assert (bob.games, bob.games_won, bob.second_places, bob.third_places) == (2, 1, 1, 0)
    assert bob.percent_of_winner == pytest.approx(100 * (40 / 50 + 60 / 60) / 2)
    assert bob.margin_of_victory == (40 - 50) + (60 - 60)
    assert bob.game_points == 40 + 60
    # Ann: 1st in G1 (10), 3rd in G2 (3).
    ann = rows["Ann"]
    assert ann.league_points == 10 + 3
    assert (ann.games_won, ann.second_places, ann.third_places) == (1, 0, 1)
    assert ann.percent_of_winner == pytest.approx(100 * (50 / 50 + 45 / 60) / 2)
    assert ann.margin_of_victory == (50 - 40) + (45 - 60)
    # Cat: 3rd in G1 (3), tied 1st in G2 (8); the shared 1st counts as a game won.
    cat = rows["Cat"]
    assert cat.league_points == 3 + (10 + 6) / 2
    assert (cat.games_won, cat.second_places, cat.third_places) == (1, 0, 1)
    assert cat.margin_of_victory == (30 - 50) + (60 - 60)
    # Dan: 4th twice, 0 in G2.
    dan = rows["Dan"]
    assert dan.league_points == 1 + 1
    assert dan.percent_of_winner == pytest.approx(100 * (20 / 50 + 0 / 60) / 2)
    assert dan.margin_of_victory == (20 - 50) + (0 - 60)
    assert dan.division == 1
    assert dan.league == "A"
    assert dan.prior_rank is None


def test_games_won_comes_after_league_points() -> None:
    # A: 1st and 4th = 10 + 1 = 11. B: 4th, 2nd, 3rd, 4th = 1 + 6 + 3 + 1 = 11, no win.
    # X = 6 + 10 + 10 + 10 = 36, Y = 3 + 3 + 6 + 6 = 18, Z = 1 + 3 = 4.
    results = (
        game("G1", ("A", 100), ("X", 90), ("Y", 80), ("B", 70))
        + game("G2", ("X", 100), ("B", 90), ("Y", 80), ("A", 70))
        + game("G3", ("X", 100), ("Y", 90), ("B", 80), ("Z", 70))
        + game("G4", ("X", 100), ("Y", 90), ("Z", 80), ("B", 70))
    )
    table = league_standings(results)
    assert [row.player for row in table] == ["X", "Y", "A", "B", "Z"]
    assert by_player(table)["A"].league_points == by_player(table)["B"].league_points == 11
    assert below(table, "A", "B") == "games won"


def test_a_three_way_tie_for_1st_is_split_exactly() -> None:
    # X, A and B tie for 1st in G1 to G3 (Z 4th): (10 + 6 + 3) / 3 = 19/3 each, 3 x 19/3 = 19 and 3 games won.
    # Y is 1st, 2nd and 3rd in G4 to G6: 10 + 6 + 3 = 19 and 1 game won. In binary 19/3 is 6.333...3, a little
    # low, and three of it fall short of 19: a sum of floats would put Y above them "by league points".
    # Fillers: P 6 + 1 + 6 = 13, Q 3 + 10 + 1 = 14, R 1 + 3 + 10 = 14, Z 3 x 1 = 3.
    tie = ("X", 50), ("A", 50), ("B", 50), ("Z", 20)
    results = (
        game("G1", *tie)
        + game("G2", *tie)
        + game("G3", *tie)
        + game("G4", ("Y", 60), ("P", 50), ("Q", 40), ("R", 30))
        + game("G5", ("Q", 60), ("Y", 50), ("R", 40), ("P", 30))
        + game("G6", ("R", 60), ("P", 50), ("Y", 40), ("Q", 30))
    )
    table = league_standings(results)
    assert [row.player for row in table][:4] == ["A", "B", "X", "Y"]
    rows = by_player(table)
    assert {rows[p].league_points for p in "XABY"} == {19}
    assert [rows[p].games_won for p in "XAY"] == [3, 3, 1]
    assert [rows[p].place for p in "ABXY"] == [1, 1, 1, 4]
    assert [row.decided_by for row in table][:4] == ["", "tied", "tied", "games won"]


def test_second_places_come_after_games_won() -> None:
    # A: 1st, 2nd, 4th, 4th = 10 + 6 + 1 + 1 = 18. B: 1st, 3rd, 3rd, 4th, 4th = 10 + 3 + 3 + 1 + 1 = 18.
    # X: 6 + 6 + 10 x 7 = 82, Y: 3 + 3 + 3 + 6 x 6 = 45, Z: 1 x 5 + 3 x 4 = 17.
    winners_around = ("X", 50), ("Y", 40), ("Z", 30)
    results = (
        game("G1", ("A", 100), *winners_around)
        + game("G2", ("B", 100), *winners_around)
        + game("G3", ("X", 100), ("A", 90), ("Y", 80), ("Z", 70))
        + game("G4", ("X", 100), ("Y", 90), ("B", 80), ("Z", 70))
        + game("G5", ("X", 100), ("Y", 90), ("B", 80), ("Z", 70))
        + game("G6", ("X", 100), ("Y", 90), ("Z", 80), ("A", 70))
        + game("G7", ("X", 100), ("Y", 90), ("Z", 80), ("A", 70))
        + game("G8", ("X", 100), ("Y", 90), ("Z", 80), ("B", 70))
        + game("G9", ("X", 100), ("Y", 90), ("Z", 80), ("B", 70))
    )
    table = league_standings(results)
    assert [row.player for row in table] == ["X", "Y", "A", "B", "Z"]
    assert [row.league_points for row in table] == [82, 45, 18, 18, 17]
    assert below(table, "A", "B") == "2nd places"


def test_third_places_come_after_second_places() -> None:
    # A: 3rd twice = 3 + 3 = 6. B: 4th six times = 6 x 1 = 6.
    # X: 8 x 10 = 80, Y: 8 x 6 = 48, Z: 1 + 1 + 6 x 3 = 20.
    results = game("G1", ("X", 100), ("Y", 90), ("A", 80), ("Z", 70)) + game(
        "G2", ("X", 100), ("Y", 90), ("A", 80), ("Z", 70)
    )
    for n in range(3, 9):
        results += game(f"G{n}", ("X", 100), ("Y", 90), ("Z", 80), ("B", 70))
    table = league_standings(results)
    assert [row.player for row in table] == ["X", "Y", "Z", "A", "B"]
    assert below(table, "A", "B") == "3rd places"
    assert by_player(table)["B"].games == 6


def test_percentage_of_the_winners_score_comes_after_third_places() -> None:
    # A and B each come 2nd once (6 points); A scored 80 of the winner's 100, B 60 of 100.
    # Y also has 6 points (3 + 3) but no 2nd place.
    results = game("G1", ("X", 100), ("A", 80), ("Y", 20), ("Z", 10)) + game(
        "G2", ("X", 100), ("B", 60), ("Y", 20), ("Z", 10)
    )
    table = league_standings(results)
    assert [row.player for row in table] == ["X", "A", "B", "Y", "Z"]
    rows = by_player(table)
    assert rows["A"].percent_of_winner == 100 * 80 / 100
    assert rows["B"].percent_of_winner == 100 * 60 / 100
    assert below(table, "A", "B") == "percentage of winner's score"
    assert below(table, "B", "Y") == "2nd places"


def test_margin_of_victory_comes_after_the_percentage() -> None:
    # Both win once with 100 % of the winner's score; A by 100 - 90 = 10, B by 50 - 20 = 30.
    results = game("G1", ("A", 100), ("X", 90), ("Y", 80), ("Z", 70)) + game(
        "G2", ("B", 50), ("X", 20), ("Y", 10), ("Z", 5)
    )
    table = league_standings(results)
    assert [row.player for row in table] == ["X", "B", "A", "Y", "Z"]
    rows = by_player(table)
    assert rows["A"].margin_of_victory == 100 - 90
    assert rows["B"].margin_of_victory == 50 - 20
    assert below(table, "B", "A") == "margin of victory"


def test_game_points_come_after_the_margin() -> None:
    # Both win once by 10 with 100 %: A with 100, B with 50.
    results = game("G1", ("A", 100), ("X", 90), ("Y", 80), ("Z", 70)) + game(
        "G2", ("B", 50), ("X", 40), ("Y", 30), ("Z", 20)
    )
    table = league_standings(results)
    assert [row.player for row in table] == ["X", "A", "B", "Y", "Z"]
    assert by_player(table)["A"].margin_of_victory == by_player(table)["B"].margin_of_victory == 10
    assert below(table, "A", "B") == "game points"


def test_head_to_head_net_score_comes_after_game_points() -> None:
    # G1: A beats B 100 to 90. G2: B wins 100 to X's 90. G3: A is 2nd, 90 to X's 100.
    # A: 10 + 6 = 16, a win and a 2nd, (100/100 + 90/100) / 2, margin +10 - 10, 190 points; B the same.
    # X: 3 + 6 + 10 = 19, Y: 1 + 3 + 3 = 7, Z: 1 + 1 = 2.
    results = (
        game("G1", ("A", 100), ("B", 90), ("X", 50), ("Y", 40))
        + game("G2", ("B", 100), ("X", 90), ("Y", 80), ("Z", 70))
        + game("G3", ("X", 100), ("A", 90), ("Y", 80), ("Z", 70))
    )
    table = league_standings(results)
    assert [row.player for row in table] == ["X", "A", "B", "Y", "Z"]
    rows = by_player(table)
    for name in "AB":
        assert rows[name].league_points == 10 + 6
        assert rows[name].percent_of_winner == pytest.approx(100 * (1 + 0.9) / 2)
        assert rows[name].margin_of_victory == 0
        assert rows[name].game_points == 100 + 90
    assert rows["A"].head_to_head == 100 - 90
    assert rows["B"].head_to_head == 90 - 100
    assert rows["X"].head_to_head == 0  # tied with no one
    assert below(table, "A", "B") == "head-to-head net score"


def test_head_to_head_counts_only_games_among_the_tied_players() -> None:
    # A, B and C each win one game 100 to 90 and come 2nd in another 90 to 100: 10 + 6 = 16 points, a win and a
    # 2nd, (100/100 + 90/100) / 2, margin +10 - 10 = 0, 190 game points. Only A and B meet (G1, A 100 to B 90):
    # net A +10, B -10; C met neither: 0. Fillers: X 6 + 6 + 10 = 22, Y 10, P 3 x 5 = 15, Q 1 x 5 = 5.
    low = ("P", 10), ("Q", 0)
    results = (
        game("G1", ("A", 100), ("B", 90), *low)
        + game("G2", ("B", 100), ("X", 90), *low)
        + game("G3", ("C", 100), ("X", 90), *low)
        + game("G4", ("X", 100), ("C", 90), *low)
        + game("G5", ("Y", 100), ("A", 90), *low)
    )
    table = league_standings(results)
    assert [row.player for row in table] == ["X", "A", "C", "B", "P", "Y", "Q"]
    rows = by_player(table)
    assert [rows[p].head_to_head for p in "ACB"] == [100 - 90, 0, 90 - 100]
    assert {rows[p].league_points for p in "ABC"} == {10 + 6}
    assert below(table, "A", "C") == "head-to-head net score"
    assert below(table, "C", "B") == "head-to-head net score"


def test_prior_ranking_is_the_last_tie_break() -> None:
    # A and B each win one game against the same three with the same scores, and never meet.
    around = ("X", 50), ("Y", 40), ("Z", 30)
    results = game("G1", ("A", 100), *around) + game("G2", ("B", 100), *around)
    unranked = league_standings(results)
    assert [row.player for row in unranked] == ["X", "A", "B", "Y", "Z"]  # still tied: listed by name
    assert below(unranked, "A", "B") == "tied"
    assert by_player(unranked)["A"].place == by_player(unranked)["B"].place == 2

    ranked = league_standings(results, prior=["Z", "B", "Y", "A", "X"])
    assert [row.player for row in ranked] == ["X", "B", "A", "Y", "Z"]
    assert below(ranked, "B", "A") == "prior ranking"
    assert by_player(ranked)["A"].place == 3
    assert by_player(ranked)["B"].prior_rank == 2

    # Blank cells of the list (blank rows of the seeding table) are skipped.
    spaced = league_standings(results, prior=[None, "Z", "", "B", "  ", "Y", "A", "X", None])  # type: ignore[list-item]
    assert [row.player for row in spaced] == [row.player for row in ranked]
    assert by_player(spaced)["B"].prior_rank == 2

    # A player missing from the prior ranking comes below those in it.
    assert [row.player for row in league_standings(results, prior=["A"])][1:3] == ["A", "B"]
    assert [row.player for row in league_standings(results, prior=["B"])][1:3] == ["B", "A"]


def test_every_decided_by_is_a_named_tie_break() -> None:
    assert TIE_BREAKS[0] == "league points"
    assert TIE_BREAKS[-1] == "prior ranking"
    assert len(TIE_BREAKS) == 9


def test_a_dropout_scores_nothing_and_the_finishers_keep_the_four_player_chart() -> None:
    results = [
        {"game": "G1", "player": "Ann", "score": 50, "dropped": None},
        {"game": "G1", "player": "Bob", "score": 40, "dropped": False},
        {"game": "G1", "player": "Cat", "score": 30, "dropped": "no"},
        # Dan dropped out: his score and place are ignored.
        {"game": "G1", "player": "Dan", "score": 99, "place": 1, "dropped": "yes"},
    ]
    rows = by_player(league_standings(results))
    assert [rows[p].league_points for p in ("Ann", "Bob", "Cat", "Dan")] == [10, 6, 3, 0]
    dan = rows["Dan"]
    assert (dan.games, dan.games_won, dan.game_points, dan.percent_of_winner) == (1, 0, 0, 0)
    assert dan.margin_of_victory == 0 - 50
    assert rows["Ann"].margin_of_victory == 50 - 40  # the drop-out's 99 does not count


def test_given_places_win_over_scores_and_dense_places_read_as_ties() -> None:
    # The game's own tie-break put Bob 1st on equal scores; Cat and Dan tie for 2nd (dense 1, 2, 2, 3).
    results: list[list[Any]] = [
        ["game", "player", "score", "place"],
        ["G1", "Ann", 70, 3],
        ["G1", "Bob", 90, 1],
        ["G1", "Cat", 80, 2],
        ["G1", "Dan", 80, 2],
    ]
    rows = by_player(league_standings(results))
    assert rows["Bob"].league_points == 10
    assert rows["Cat"].league_points == rows["Dan"].league_points == (6 + 3) / 2
    assert rows["Ann"].league_points == 1
    assert rows["Cat"].second_places == 1
    # Places from the scores alone give the same.
    derived = by_player(league_standings([r[:3] for r in results]))
    assert derived == rows


def test_divisions_and_leagues_are_ranked_apart_and_listed_in_order() -> None:
    results = [{**row, "division": 2, "league": "b"} for row in game("L2B-1", ("P", 3), ("Q", 2), ("R", 1))]
    results += [{**row, "division": 1, "league": "A"} for row in game("L1A-1", ("S", 3), ("T", 2), ("U", 1))]
    results += [{**row, "division": 2, "league": "A"} for row in game("L2A-1", ("V", 3), ("W", 2), ("X", 1))]
    table = league_standings(results)
    assert [(row.division, row.league, row.place, row.player) for row in table] == [
        (1, "A", 1, "S"),
        (1, "A", 2, "T"),
        (1, "A", 3, "U"),
        (2, "A", 1, "V"),
        (2, "A", 2, "W"),
        (2, "A", 3, "X"),
        (2, "B", 1, "P"),
        (2, "B", 2, "Q"),
        (2, "B", 3, "R"),
    ]
    # 3-player games use our chart: 6, 3, 1.
    assert [row.league_points for row in table[:3]] == [6, 3, 1]
    assert [row.decided_by for row in table[3:5]] == ["", "league points"]


def test_leagues_give_each_result_row_its_league_by_player() -> None:
    results = game("L2B-1", ("P", 3), ("Q", 2), ("R", 1)) + game("L1A-1", ("S", 3), ("T", 2), ("U", 1))
    leagues: list[list[object]] = [["seed", "player", "division", "league", "slot"]]
    leagues += [[i, p, 1, "A", i] for i, p in enumerate("STU", start=1)]
    leagues += [[None] * 5]  # a blank row of the sheet's table
    leagues += [[3 + i, p, 2, "b", i] for i, p in enumerate("PQR", start=1)]
    looked_up = league_standings(results, leagues=leagues)
    given = [{**row, "division": 2, "league": "B"} for row in results[:3]]
    given += [{**row, "division": 1, "league": "A"} for row in results[3:]]
    assert looked_up == league_standings(given)
    assert [(row.division, row.league, row.player) for row in looked_up][2:4] == [(1, "A", "U"), (2, "B", "P")]
    # A row that gives its league must agree; every player of the results must be on leagues.
    assert league_standings(given, leagues=leagues) == looked_up
    wrong = [{**row, "division": 1, "league": "A"} for row in results]
    with pytest.raises(TableError, match=re.escape("row 2 of results puts 'P' in L1-A; row 6 of leagues in L2-B")):
        league_standings(wrong, leagues=leagues)
    with pytest.raises(TableError, match=re.escape("player 'S' in row 5 of results is not on leagues")):
        league_standings(results, leagues=leagues[:1] + leagues[5:])
    with pytest.raises(TableError, match=re.escape("player 'P' is in row 6 and row 9 of leagues")):
        league_standings(results, leagues=[*leagues, [9, "P", 2, "A", 9]])


def test_a_league_may_use_its_own_chart() -> None:
    results = game("G1", ("A", 4), ("B", 3), ("C", 3), ("D", 1))
    rows = by_player(league_standings(results, charts={4: [4, 3, 2, 1]}))
    assert rows["B"].league_points == (3 + 2) / 2
    seven = game("G1", *[(f"P{i}", 10 - i) for i in range(7)])
    assert by_player(league_standings(seven, charts={7: [7, 6, 5, 4, 3, 2, 1]}))["P6"].league_points == 1


def test_dataframe_and_rows_give_the_same_standings() -> None:
    rows = (
        game("G1", ("A", 100), ("B", 90), ("X", 50), ("Y", 40))
        + game("G2", ("B", 100), ("X", 90), ("Y", 80), ("Z", 70))
        + game("G3", ("X", 100), ("A", 90), ("Y", 80), ("Z", 70))
    )
    frame = pd.DataFrame(rows)
    frame["dropped"] = [None] * len(rows)  # a blank column reads as NaN
    with_header = [["Game", "Player", "Score"], *([r["game"], r["player"], r["score"]] for r in rows)]
    assert league_standings(frame) == league_standings(rows) == league_standings(with_header)


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ([["game", "player"], ["G1", "A"]], "results has no column 'score'"),
        ([["game", "player", "score"], ["G1", None, 3], ["G1", "B", 2]], "player in row 2 is blank; expected a name"),
        ([["game", "player", "score"], ["G1", "A", "ten"], ["G1", "B", 2]], "score in row 2 is the text 'ten'"),
        ([["game", "player", "score"], ["G1", "A", -1], ["G1", "B", 2]], "score in row 2 is -1; expected a number"),
        (
            [["game", "player", "score"], ["G1", "A", 3], ["G1", "A", 2]],
            "player 'A' is twice in game 'G1' (rows 2 and 3)",
        ),
        ([["game", "player", "score"], ["G1", "A", 3]], "game 'G1' has 1 player (row 2); expected at least 2"),
        (
            [["game", "player", "score"], *(["G1", f"P{i}", i] for i in range(7))],
            "game 'G1' has 7 players; expected 2 to 6 (the player counts with a league points chart)",
        ),
        (
            [["game", "player", "score", "place"], ["G1", "A", 3, 1], ["G1", "B", 2, None]],
            "place in row 3 is blank but other places of game 'G1' are filled",
        ),
        (
            [
                ["game", "player", "score", "place", "dropped"],
                ["G1", "A", 3, 1],
                ["G1", "B", 2, 3],
                ["G1", "C", 0, 2, "x"],
            ],
            "place in row 3 is 3; expected 1 to 2, the finishers of game 'G1'",
        ),
        (
            [["game", "player", "score", "place"], ["G1", "A", 3, 1.5], ["G1", "B", 2, 2]],
            "place in row 2 is 1.5; expected a whole number",
        ),
        ([["game", "player", "score"], ["G1", "A", 0], ["G1", "B", 0]], "game 'G1': the winner's score is 0"),
        (
            [["game", "player", "score", "place"], ["G1", "A", 3, 2], ["G1", "B", 2, 2]],
            "game 'G1' has places 2, 2; expected a 1st place",
        ),
        (
            [["game", "player", "score", "dropped"], ["G1", "A", 3, "maybe"], ["G1", "B", 2, None]],
            "dropped in row 2 is 'maybe'; expected yes or no",
        ),
        (
            [["game", "player", "score", "dropped"], ["G1", "A", None, True], ["G1", "B", None, True]],
            "game 'G1': every player dropped out",
        ),
        (
            [["game", "player", "score", "division", "league"], ["G1", "A", 3, 2, "C"], ["G1", "B", 2, 2, "C"]],
            "league in row 2 is C; expected a league of division 2, A to B",
        ),
        (
            [["game", "player", "score", "division", "league"], ["G1", "A", 3, 2, "A"], ["G1", "B", 2, 2, "B"]],
            "game 'G1' is in L2-A in row 2 and in L2-B in row 3; expected one league per game",
        ),
        (
            [
                ["game", "player", "score", "division", "league"],
                ["G1", "A", 3, 1, "A"],
                ["G1", "B", 2, 1, "A"],
                ["G2", "A", 3, 2, "A"],
                ["G2", "C", 2, 2, "A"],
            ],
            "player 'A' plays in L1-A (row 2) and in L2-A (row 4); expected one league per player",
        ),
        ("G1", "results is str; expected a table"),
    ],
)
def test_bad_tables_name_the_row(results: object, message: str) -> None:
    with pytest.raises(TableError, match=re.escape(message)):
        league_standings(results)


def test_bad_prior_and_charts_name_the_argument() -> None:
    results = game("G1", ("A", 2), ("B", 1))
    with pytest.raises(InputError, match=re.escape("prior[2] is 'A' again (first at prior[1])")):
        league_standings(results, prior=["A", "A"])
    with pytest.raises(InputError, match=re.escape("prior[3] is the logical value TRUE; expected a player's name")):
        league_standings(results, prior=["A", None, True])  # type: ignore[list-item]
    with pytest.raises(InputError, match=re.escape("charts[4]: chart has 3 values; expected exactly 4 numbers")):
        league_standings(results, charts={4: [3, 2, 1]})
    with pytest.raises(InputError, match=re.escape("charts[1]: n is 1; expected a whole number at least 2")):
        league_standings(results, charts={1: [1]})


# A random season: up to 8 players, games of 2 to 5 of them, small scores (so ties are common).
_seasons = st.lists(
    st.lists(
        st.tuples(st.sampled_from("ABCDEFGH"), st.integers(1, 4)), min_size=2, max_size=5, unique_by=lambda t: t[0]
    ),
    min_size=1,
    max_size=8,
)


def _table(games: list[list[tuple[str, int]]]) -> list[Row]:
    return [row for n, seats in enumerate(games, start=1) for row in game(f"G{n}", *seats)]


@settings(max_examples=60, deadline=None)
@given(_seasons, st.randoms(use_true_random=False))
def test_row_order_does_not_matter(games: list[list[tuple[str, int]]], rnd: random.Random) -> None:
    rows = _table(games)
    shuffled = rows[:]
    rnd.shuffle(shuffled)
    assert league_standings(shuffled) == league_standings(rows)


@settings(max_examples=60, deadline=None)
@given(_seasons)
def test_league_points_are_conserved_and_head_to_head_cancels(games: list[list[tuple[str, int]]]) -> None:
    table = league_standings(_table(games))
    # Every game hands out its chart's points, however its players tie.
    assert sum(row.league_points for row in table) == pytest.approx(sum(sum(LEAGUE_CHARTS[len(g)]) for g in games))
    assert sum(row.games for row in table) == sum(len(g) for g in games)
    # Head to head is a net score within each tied group: it sums to 0.
    assert sum(row.head_to_head for row in table) == pytest.approx(0)


@settings(max_examples=60, deadline=None)
@given(_seasons)
def test_players_with_the_same_results_are_treated_alike(games: list[list[tuple[str, int]]]) -> None:
    # Give A's results to a twin who plays A's games with A's scores; the two are level on all but the name.
    twin_games = [seats + [("twin", s) for p, s in seats if p == "A"] for seats in games]
    twin_games = [g for g in twin_games if len(g) <= 6]
    rows = by_player(league_standings(_table(twin_games)))
    assume("A" in rows)
    a, twin = rows["A"], rows["twin"]
    assert (a.league_points, a.games_won, a.percent_of_winner, a.margin_of_victory, a.head_to_head) == (
        twin.league_points,
        twin.games_won,
        twin.percent_of_winner,
        twin.margin_of_victory,
        twin.head_to_head,
    )
    assert a.place == twin.place


def test_a_league_member_with_no_game_yet_is_in_the_standings_last_with_nothing() -> None:
    # One 4-player game of league L1-A, whose fifth member (Eve) has not played; L2-A has not started at all.
    results = game("G1", ("Ann", 120), ("Bo", 90), ("Cy", 60), ("Di", 30))
    leagues: list[list[object]] = [["player", "division", "league"]]
    leagues += [[p, 1, "A"] for p in ("Ann", "Bo", "Cy", "Di", "Eve")]
    leagues += [["Fay", 2, "A"], ["Gus", 2, "A"]]
    table = league_standings(results, ["Gus", "Fay"], leagues=leagues)
    assert [(r.division, r.place, r.player, r.games, r.league_points) for r in table] == [
        (1, 1, "Ann", 1, 10),  # the source's 4-player chart: 10, 6, 3, 1
        (1, 2, "Bo", 1, 6),
        (1, 3, "Cy", 1, 3),
        (1, 4, "Di", 1, 1),
        (1, 5, "Eve", 0, 0),
        (2, 1, "Gus", 0, 0),  # level on everything: the prior ranking decides
        (2, 2, "Fay", 0, 0),
    ]
    assert table[4].percent_of_winner == 0
    assert table[6].decided_by == "prior ranking"
    # Without leagues, only the players with results are known.
    assert [r.player for r in league_standings(results)] == ["Ann", "Bo", "Cy", "Di"]
