"""A history rated: the final table per pool, last change, the trajectory, and chosen players' RP game by game."""

from __future__ import annotations

import re

import pytest

from tests.core.systems.gibbs.histories import Row, seated
from xlscore.core.errors import InputError, TableError
from xlscore.core.systems.gibbs import gibbs_ratings, gibbs_rp_by_game


def test_pools_are_rated_apart_and_a_2v2_pool_takes_its_k1() -> None:
    rows: list[Row] = [
        {"game": 1, "pool": "2v2", "player": "Ann & Bob", "place": 1},
        {"game": 1, "pool": "2v2", "player": "Cat & Dan", "place": 2},
        {"game": 1, "pool": "1v1", "player": "Ann", "place": 2},
        {"game": 1, "pool": "1v1", "player": "Cat", "place": 1},
        {"game": 2, "pool": "3-5P", "player": "Ann", "place": 1},
        {"game": 2, "pool": "3-5P", "player": "Cat", "place": 2},
        {"game": 2, "pool": "3-5P", "player": "Eve", "place": 3},
    ]
    table = {(r.pool, r.player): r for r in gibbs_ratings(rows).table}
    assert table[("2v2", "Ann & Bob")].rp == pytest.approx(1500 + 0.12 * 503 * (1 - 1 / 2))
    assert table[("1v1", "Ann")].rp == pytest.approx(1500 - 0.07 * 503 * (1 - 1 / 2))
    # Ann's 3-player game starts from 1500 with 0 games: her 1v1 loss is in another pool.
    assert table[("3-5P", "Ann")].rp == pytest.approx(1500 + 0.07 * 503 * (1 - 1 / 3))
    assert table[("3-5P", "Ann")].games == 1
    # Pools in order of first appearance, highest RP first within a pool.
    assert [(r.pool, r.player) for r in gibbs_ratings(rows).table][:4] == [
        ("2v2", "Ann & Bob"),
        ("2v2", "Cat & Dan"),
        ("1v1", "Cat"),
        ("1v1", "Ann"),
    ]
    # A k1 per pool overrides the kind.
    custom = gibbs_ratings(rows, k1={"2v2": 0.2}).table
    assert custom[0].rp == pytest.approx(1500 + 0.2 * 503 / 2)
    with pytest.raises(InputError, match=re.escape("k1 names pool '2V2', which the history does not have")):
        gibbs_ratings(rows, k1={"2V2": 0.2})


def test_last_change_and_trajectory() -> None:
    rows: list[Row] = [
        {"game": "a", "player": "Ann", "place": 1, "date": "2024-03-01"},
        {"game": "a", "player": "Bob", "place": 2, "date": "2024-03-01"},
        {"game": "b", "player": "Bob", "place": 1, "date": "2024-03-08"},
        {"game": "b", "player": "Cat", "place": 2, "date": "2024-03-08"},
    ]
    result = gibbs_ratings(rows, trajectory=True)
    first = 0.07 * 503 * (1 - 1 / 2)  # two newcomers
    bob_before = 1500 - first
    # Game b: Bob G = 2, Cat G = 1, G_total = 3.
    average = (bob_before * 2 + 1500 * 1) / 3
    bob_after = bob_before + 0.07 * (average - bob_before + 503 * (1 - 2 / 3))
    bob = next(r for r in result.table if r.player == "Bob")
    assert bob.rp == pytest.approx(bob_after)
    assert bob.games == 2
    assert bob.last_change == pytest.approx(bob_after - bob_before)
    assert result.trajectory is not None
    steps = [(s.game, s.player, s.date, s.games) for s in result.trajectory]
    assert steps == [
        ("a", "Ann", "2024-03-01", 1),
        ("a", "Bob", "2024-03-01", 1),
        ("b", "Bob", "2024-03-08", 2),
        ("b", "Cat", "2024-03-08", 1),
    ]
    assert result.trajectory[2].rp_before == pytest.approx(bob_before)
    assert result.trajectory[2].rp == pytest.approx(bob_after)
    frame = result.to_frame()
    assert list(frame.columns) == ["Place", "Player", "Pool", "RP", "Games", "Last change"]
    assert frame.loc[frame["Player"] == "Bob", "RP"].item() == pytest.approx(bob_after)
    assert len(result.trajectory_frame()) == 4
    assert gibbs_ratings(rows).trajectory is None
    with pytest.raises(InputError, match="trajectory was not asked for"):
        gibbs_ratings(rows).trajectory_frame()


def test_settings_and_start_apply_to_a_history() -> None:
    rows: list[Row] = [
        {"game": 1, "player": "Ann", "place": 1},
        {"game": 1, "player": "Bob", "place": 2},
        {"game": 1, "player": "Cat", "place": 3},
        {"game": 1, "player": "Dan", "place": 4},
        {"game": 1, "player": "Eve", "place": 5},
        {"game": 1, "player": "Fay", "place": 6},
    ]
    table = gibbs_ratings(rows, k1=0.1, k3=300, start=1000).table
    assert table[0].player == "Ann"
    assert table[0].rp == pytest.approx(1000 + 0.1 * 300 * (1 - 1 / 6))
    assert table[-1].rp == pytest.approx(1000 - 0.1 * 300 * (1 - 1 / 6))
    assert gibbs_ratings([]).table == ()


def test_rp_by_game_follows_the_chosen_players_game_by_game() -> None:
    history = [
        ["game", "player", "place", "pool"],
        [1, "Ann", 1, None],
        [1, "Bo", 2, None],
        [1, "Cy", 3, None],
        [1, "Di", 4, None],
        [2, "Bo", 1, None],
        [2, "Ann", 2, None],
        [2, "Cy", 3, None],
        [3, "Eve", 1, "1v1"],
        [3, "Ann", 2, "1v1"],
    ]
    chart = gibbs_rp_by_game(history, [["player", "pool"], ["Bo", None], [None, None], ["Di", ""], ["Ann", "1v1"]])
    # Games 1 and 2 have no pool: they are 3-5P games; the chart follows two pools, so each title names its pool.
    assert chart.players == ("Bo (3-5P)", "Di (3-5P)", "Ann (1v1)")
    # Game 1, four newcomers: Bo 1500 + 0.08 x 503/3 x 3/4, Di 1500 - 0.08 x 503 x 3/4.
    bo_1, di_1 = 1500 + 0.08 * 503 / 3 * 3 / 4, 1500 - 0.08 * 503 * 3 / 4
    # Game 2, three players with G = 2 each: the mean of Ann, Bo and Cy is Bo's own 1510.06, S = 503, 1 - 2/6.
    ann_1, cy_1 = 1500 + 0.08 * 503 * 3 / 4, 1500 - 0.08 * 503 / 3 * 3 / 4
    average = (ann_1 + bo_1 + cy_1) / 3
    bo_2 = bo_1 + 0.07 * (average - bo_1 + 503 * (1 - 2 / 6))
    # Game 3 is Ann's first 1v1 game: a newcomer in that pool, 1500 - 0.07 x 503 x 1/2.
    ann_1v1 = 1500 - 0.07 * 503 * (1 - 1 / 2)
    expected = [(bo_1, di_1, 1500), (bo_2, di_1, 1500), (bo_2, di_1, ann_1v1)]
    assert len(chart.rp) == 3
    for got, want in zip(chart.rp, expected, strict=True):
        assert got == pytest.approx(want, abs=1e-9)


def _two_pools() -> list[list[object]]:
    """Ann plays a 4-player game and a 1v1 game; Bo only the 4-player one."""
    return seated("Ann Bo Cy Di", "Eve Ann")


def test_rp_by_game_finds_a_player_given_without_a_pool_in_their_one_pool() -> None:
    chart = gibbs_rp_by_game(_two_pools(), [["player"], ["Bo"], ["Eve"]])
    assert chart.players == ("Bo (3-5P)", "Eve (1v1)")  # two pools charted: each title says which
    bo, eve = 1500 + 0.08 * 503 / 3 * 3 / 4, 1500 + 0.07 * 503 / 2
    assert [len(row) for row in chart.rp] == [2, 2]  # pytest 9.2's approx takes flat sequences only
    assert [rp for row in chart.rp for rp in row] == pytest.approx([bo, 1500, bo, eve])
    assert gibbs_rp_by_game(_two_pools(), [["player"], ["Bo"], ["Cy"]]).players == ("Bo", "Cy")  # one pool
    with pytest.raises(
        TableError,
        match=re.escape(
            "players: 'Ann' in row 3 plays in pools '3-5P' and '1v1'; expected the pool to follow in the pool column"
        ),
    ):
        gibbs_rp_by_game(_two_pools(), [["player"], ["Bo"], ["Ann"]])
    ann = gibbs_rp_by_game(_two_pools(), [["player", "pool"], ["Ann", "1v1"], ["Ann", "3-5P"]])
    assert ann.players == ("Ann (1v1)", "Ann (3-5P)")
    assert ann.rp[-1] == pytest.approx((1500 - 0.07 * 503 / 2, 1500 + 0.08 * 503 * 3 / 4))
    # One pool: Ann is one entry, and her 1v1 game moves her 4-player rating.
    together = gibbs_rp_by_game(_two_pools(), [["player"], ["Ann"]], one_pool=True)
    assert together.players == ("Ann",)
    assert together.rp[0] == pytest.approx((1500 + 0.08 * 503 * 3 / 4,))
    assert together.rp[1][0] < together.rp[0][0]


def test_the_table_shows_the_pool_of_each_kind_of_game_or_one_pool() -> None:
    assert [(r.player, r.pool) for r in gibbs_ratings(_two_pools()).table][-2:] == [("Eve", "1v1"), ("Ann", "1v1")]
    assert {r.pool for r in gibbs_ratings(_two_pools(), one_pool=True).table} == {""}
    assert len(gibbs_ratings(_two_pools(), one_pool=True).table) == 5


def test_rp_by_game_refuses_a_player_who_never_played() -> None:
    history = [["game", "player", "place"], [1, "Ann", 1], [1, "Bo", 2]]
    with pytest.raises(TableError, match=r"players: 'Zed' has no game in the history"):
        gibbs_rp_by_game(history, [["player"], ["Zed"]])
    assert gibbs_rp_by_game([["game", "player", "place"]], [["player"]]).rp == ()


def test_places_within_each_pool_and_equal_rp_share_a_place() -> None:
    # A 4-player game with a tie for 2nd (places 1, 2, 2, 4): the tied pair gain the same, so they share place 2
    # and the last is 4th; a 1v1 game is its own pool (1v1), placed from 1 again.
    history = [
        ["game", "player", "place"],
        [1, "Ann", 1],
        [1, "Bo", 2],
        [1, "Cy", 2],
        [1, "Di", 4],
        [2, "Eve", 1],
        [2, "Fay", 2],
    ]
    table = gibbs_ratings(history).table
    assert [(r.pool, r.place, r.player) for r in table] == [
        ("3-5P", 1, "Ann"),
        ("3-5P", 2, "Bo"),
        ("3-5P", 2, "Cy"),
        ("3-5P", 4, "Di"),
        ("1v1", 1, "Eve"),
        ("1v1", 2, "Fay"),
    ]
    assert table[0].rp == pytest.approx(1500 + 0.08 * 503 * (1 - 1 / 4))  # 1530.18, the newcomers' winner
