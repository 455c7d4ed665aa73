"""Diplomacy events: each row's score, round scores, tournament totals and tie-breaks, worked by hand."""

from __future__ import annotations

import pytest

from xlscore import InputError, TableError, diplomacy_points, diplomacy_standings

HEADER = ("round", "board", "power", "player", "centres")
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def _board(round_: int, board: int, players: str, centres: tuple[int, ...]) -> list[tuple[object, ...]]:
    return [(round_, board, power, p, c) for power, p, c in zip(POWERS, players.split(), centres, strict=True)]


# C-Diplo 100. Round 1: the WDD's two boards (Ann plays both); round 2: Cy solos.
EVENT = [
    HEADER,
    *_board(1, 1, "Ann Bo Cy Di Ed Flo Gus", (4, 0, 9, 7, 7, 3, 4)),  # 5, 1, 48, 18.5, 18.5, 4, 5
    *_board(1, 2, "Ann Hal Ivy Jo Kit Lu Max", (5, 9, 4, 5, 3, 1, 7)),  # 9.5, 48, 5, 9.5, 4, 2, 22
    *_board(2, 1, "Cy Ann Hal Bo Di Ed Flo", (18, 3, 6, 4, 0, 0, 3)),  # 100 to Cy, 0 to the rest
]


def test_every_rows_score() -> None:
    scores = diplomacy_points(EVENT, "C-Diplo 100")
    assert scores[:14] == (5, 1, 48, 18.5, 18.5, 4, 5, 9.5, 48, 5, 9.5, 4, 2, 22)
    assert scores[14:] == (100, 0, 0, 0, 0, 0, 0)


def _totals(**settings: object) -> dict[str, float]:
    return {row.player: row.total for row in diplomacy_standings(EVENT, "C-Diplo 100", **settings)}


def test_round_and_tournament_scores() -> None:
    # Every board added: Ann 5 + 9.5 + 0; Cy 48 + 100.
    assert _totals()["Ann"] == 14.5
    assert _totals()["Cy"] == 148
    # Her best board of round 1 only: 9.5.
    assert _totals(round_score="best")["Ann"] == 9.5
    # The best round only: Cy 100, Hal 48 (round 1) rather than 48 + 0.
    best_one = _totals(tournament="best N", best=1)
    assert (best_one["Cy"], best_one["Hal"], best_one["Ann"]) == (100, 48, 14.5)


def test_best_two_plus_half() -> None:
    third = [*EVENT[1:], *_board(3, 1, "Cy Ann Hal Bo Di Ed Flo", (4, 0, 9, 7, 7, 3, 4))]  # Cy 5, Hal 48
    totals = {
        r.player: r.total for r in diplomacy_standings([HEADER, *third], "C-Diplo 100", None, "best two plus half")
    }
    # Cy's rounds 48, 100, 5: 100 + 48 + 5/2. Hal's 48, 0, 48: 48 + 48 + 0/2.
    assert totals["Cy"] == 100 + 48 + 2.5
    assert totals["Hal"] == 96


def test_standings_rows() -> None:
    table = diplomacy_standings(EVENT, "C-Diplo 100")
    first = table[0]
    assert (first.place, first.player, first.total, first.rounds, first.boards, first.solos, first.best_game) == (
        1,
        "Cy",
        148,
        2,
        2,
        1,
        100,
    )
    # Di and Ed: 18.5 each, no tie-break published for C-Diplo: they share 4th.
    tied = [r for r in table if r.player in ("Di", "Ed")]
    assert [r.place for r in tied] == [4, 4]


def test_tie_breaks() -> None:
    # Draw size: Zed solos (100); Yan draws two 2-way draws (50 + 50).
    rows = [
        HEADER,
        *_board(1, 1, "Zed a1 a2 a3 a4 a5 a6", (18, 4, 4, 4, 4, 0, 0)),
        *_board(1, 2, "Yan b1 b2 b3 b4 b5 b6", (17, 17, 0, 0, 0, 0, 0)),
        *_board(2, 1, "Yan c1 c2 c3 c4 c5 c6", (17, 17, 0, 0, 0, 0, 0)),
    ]
    shared = diplomacy_standings(rows, "Draw size")
    assert [(r.player, r.place) for r in shared[:2]] == [("Yan", 1), ("Zed", 1)]
    by_solos = diplomacy_standings(rows, "Draw size", tie_breaks="solos")
    assert [(r.player, r.place, r.decided_by) for r in by_solos[:2]] == [("Zed", 1, ""), ("Yan", 2, "solos")]
    # Size Matters publishes solos first: Zed 210 against Yan's 105 + 105.
    size_matters = diplomacy_standings(rows, "Size Matters")
    assert [(r.player, r.place) for r in size_matters[:2]] == [("Zed", 1), ("Yan", 2)]


def test_bad_tables_and_settings_are_refused() -> None:
    with pytest.raises(TableError, match="board '1' of round '1' has 6 rows; expected one per power, 7"):
        diplomacy_points(EVENT[:7], "C-Diplo 100")
    bad = [list(r) for r in EVENT]
    bad[3][4] = 30
    with pytest.raises(TableError, match="board '1' of round '1': centres add up to 55"):
        diplomacy_points(bad, "C-Diplo 100")
    twice = [list(r) for r in EVENT]
    twice[2][2] = "austria"
    with pytest.raises(TableError, match="board '1' of round '1' has Austria twice"):
        diplomacy_points(twice, "C-Diplo 100")
    with pytest.raises(InputError, match="round_score is 'worst'; expected one of: sum, best"):
        diplomacy_standings(EVENT, "C-Diplo 100", "worst")
    with pytest.raises(InputError, match="best is blank"):
        diplomacy_standings(EVENT, "C-Diplo 100", None, "best N")
    with pytest.raises(InputError, match="tie_breaks names 'coin toss'"):
        diplomacy_standings(EVENT, "C-Diplo 100", tie_breaks="coin toss")
    with pytest.raises(TableError, match="board '1' of round '1': eliminated: the year England went out is needed"):
        diplomacy_points(EVENT, "Bangkok")
    no_power = [(r, b, p, c) for r, b, _, p, c in EVENT]
    with pytest.raises(TableError, match=r"\(no power column: rows taken as Austria, England"):
        diplomacy_points(no_power, "Bangkok")


def test_draw_eliminated_and_final_year_columns() -> None:
    header = ("board", "player", "centres", "draw", "eliminated", "final year")
    rows = [
        header,
        ("1", "Ann", 12, "yes", None, 1908),
        ("1", "Bo", 10, "yes", None, None),
        ("1", "Cy", 8, None, None, None),
        ("1", "Di", 4, None, None, None),
        ("1", "Ed", 0, None, 1905, None),
        ("1", "Flo", 0, None, 1906, None),
        ("1", "Gus", 0, None, 1907, None),
    ]
    assert diplomacy_points(rows, "Draw size") == (50, 50, 0, 0, 0, 0, 0)
    # Carnage ranks Ed, Flo, Gus by when they went out: 1000, 2000, 3000.
    assert diplomacy_points(rows, "Carnage")[4:] == (1000, 2000, 3000)
