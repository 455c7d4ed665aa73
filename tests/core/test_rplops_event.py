"""An RPLOPS event from one results table: each row's points and the standings, worked by hand."""

from __future__ import annotations

import re

import pytest

from xlscore import TableError, rplops_points, rplops_standings

# Game G1: 4 players, 2 hours, scores 120, 95, 95, 60 (a tie for 2nd). Game G2: 2 players, hours blank (ignored),
# Eve's 5 beats Ann's 1.
RESULTS = [
    ["game", "player", "score", "hours"],
    ["G1", "Ann", 120, 2],
    ["G1", "Bo", 95, 2],
    ["G1", "Cy", 95, 2],
    ["G1", "Di", 60, 2],
    [None, None, None, None],
    ["G2", "Ann", 1, None],
    ["G2", "Eve", 5, None],
]
# RPLOPS v1, x = 50: (n + 1 - r) x h x 100 / (n + 1).
ANN_G1 = 4 * 2 * 100 / 5  # 160
TIED_G1 = (3 * 2 * 100 / 5 + 2 * 2 * 100 / 5) / 2  # the mean of 2nd and 3rd: 100
DI_G1 = 1 * 2 * 100 / 5  # 40
EVE_G2 = 2 * 100 / 3
ANN_G2 = 1 * 100 / 3


def test_points_per_row_with_blank_rows_kept() -> None:
    assert rplops_points(RESULTS) == pytest.approx((ANN_G1, TIED_G1, TIED_G1, DI_G1, None, ANN_G2, EVE_G2))


def test_places_instead_of_scores_and_version_2() -> None:
    by_place = [["game", "player", "place"], ["G", "A", 1], ["G", "B", 2], ["G", "C", 2]]
    # RPLOPS2, n = 3: (n - r) / (n - 1) x 2x: 100, then the mean of 50 and 0 for the tie.
    assert rplops_points(by_place, version=2) == pytest.approx((100, 25, 25))


def test_standings_total_points_and_shared_places() -> None:
    table = rplops_standings(RESULTS)
    assert [(s.place, s.player) for s in table] == [(1, "Ann"), (2, "Bo"), (2, "Cy"), (4, "Eve"), (5, "Di")]
    ann = table[0]
    assert ann.points == pytest.approx(ANN_G1 + ANN_G2)
    assert (ann.games, ann.hours) == (2, 2 + 1)
    assert ann.points_per_hour == pytest.approx((ANN_G1 + ANN_G2) / 3)


def test_standings_from_a_dataframe() -> None:
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame(RESULTS[1:5], columns=RESULTS[0])
    assert [s.player for s in rplops_standings(frame)] == ["Ann", "Bo", "Cy", "Di"]


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([["game", "player", "score"], ["G", "A", 3]], "game 'G' has 1 row (row 2); expected at least 2 players"),
        ([["game", "player", "score"], ["G", "A", 3], ["G", "A", 2]], "player 'A' is twice in game 'G' (rows 2 and 3)"),
        ([["game", "player", "score"], ["G", "A", 3], ["G", "B", None]], "score in row 3 is blank"),
        (
            [["game", "player", "score", "hours"], ["G", "A", 3, 1], ["G", "B", 2, 2]],
            "game 'G' has rows with different hours (1, 2)",
        ),
        ([["game", "score"], ["G", 3]], "results has no column 'player'"),
    ],
)
def test_bad_tables_name_the_row(rows: list[list[object]], message: str) -> None:
    with pytest.raises(TableError, match=re.escape(message)):
        rplops_standings(rows)
