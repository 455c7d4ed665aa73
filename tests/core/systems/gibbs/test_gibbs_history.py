"""Reading a history: every kind of table read alike, blank rows, pools by kind of game, bad rows named."""

from __future__ import annotations

import datetime
import re

import numpy as np
import pandas as pd
import pytest

from tests.core.systems.gibbs.histories import Row, assert_matches, one_by_one, random_history, seated, sheet_history
from xlscore.core.errors import InputError, MissingColumnError, TableError
from xlscore.core.events.rows import read_rows
from xlscore.core.systems.gibbs import gibbs_ratings
from xlscore.core.systems.gibbs.history import _order_by

# Two newcomers: the winner gains K1 x 503 x (1 - 1/2); three newcomers: K1 x 503 x (1 - 1/3).
ONE_V_ONE = 0.07 * 503 * (1 - 1 / 2)
THREE_NEW = 0.07 * 503 * (1 - 1 / 3)


# --- every kind of table read alike ---------------------------------------------------------------------------


def test_a_dataframe_rows_and_a_range_give_the_same_ratings() -> None:
    rows = random_history(3000, 300, seed=7, pools=("club", "online"))
    from_rows = gibbs_ratings(rows)
    assert_matches(from_rows, one_by_one(rows))
    assert gibbs_ratings(pd.DataFrame(rows)).table == from_rows.table
    header = ["Game", "Player", "Place", "Pool"]
    as_range = [header, *[[r["game"], r["player"], r["place"], r["pool"]] for r in rows]]
    assert gibbs_ratings(as_range).table == from_rows.table


def test_a_range_as_a_sheet_sends_it_reads_as_a_dataframe() -> None:
    rows = sheet_history(2000, seed=11)
    frame = pd.DataFrame(rows[1:], columns=rows[0])
    mappings = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    from_rows = gibbs_ratings(rows, trajectory=True)
    from_frame = gibbs_ratings(frame, trajectory=True)
    # The same range as tuples, and read row by row as mappings, agree too.
    from_tuples = gibbs_ratings([tuple(r) for r in rows])
    from_mappings = gibbs_ratings(mappings)
    assert from_rows.table == from_frame.table
    assert {r.pool for r in from_rows.table} == {"3-5P", "2v2", "online"}
    assert any(r.player == "Ann & Bob" and r.pool == "2v2" for r in from_rows.table)
    assert from_rows.trajectory == from_frame.trajectory  # places (ties as means), dates, games, RP step by step
    assert from_rows.trajectory is not None
    assert {s.place for s in from_rows.trajectory} > {1.5, 2.5}
    assert from_rows.trajectory[0].game == "G1"
    assert from_rows.trajectory[-1].date == datetime.date(2024, 1, 1) + datetime.timedelta(days=1999 // 7)
    assert from_tuples.table == from_mappings.table == from_rows.table


def _outcome(history: object) -> object:
    try:
        return gibbs_ratings(history).table
    except TableError as exc:
        return str(exc)


@pytest.mark.parametrize(
    "history",
    [
        [["game", "player", "place"], [1.0, "Ann", 1.0], [1.0, "Bob", 2.0], [None, "  ", None], [2.0, "Bob", "x"]],
        [["game", "place", "player", "place"], [1.0, 9.0, "Ann", 1.0], [1.0, 9.0, "Bob", 2.0]],
        [["game", "player", "notes"], [None, None, None], [1.0, "Ann", None]],
        [["game", "player"], [None, None]],
        [["Game", "Player", "Place"], [7, "Ann", 1], [7.0, " Bob ", 2], ["7", "Cat", 3], [8.0, "Ann", 1], [8, 3, 2]],
        [["game", "player", "place"], [1.0, True, 1.0], [1.0, 1.0, 2.0], [1.0, "x", float("nan")]],
    ],
    ids=["blank row inside", "a column twice", "no column", "only blank rows", "names as numbers", "odd cells"],
)
def test_a_range_read_by_column_reads_as_row_by_row(history: list[list[object]]) -> None:
    """The range is read column by column; as mappings it is read a row at a time: same table, same message."""
    mappings = [dict(zip(history[0], row, strict=True)) for row in history[1:]]
    assert _outcome(history) == _outcome(mappings)


@pytest.mark.parametrize("kind", ["range", "mappings", "dataframe"])
def test_a_missing_column_is_named_as_every_table_reader_names_it(kind: str) -> None:
    """The message of the shared reader (rows.py), whatever the kind of table."""
    header, cells = ["Game", "Player", "Score"], [[1, "Ann", 10], [1, "Bo", 8]]
    table: object = {
        "range": [header, *cells],
        "mappings": [dict(zip(header, row, strict=True)) for row in cells],
        "dataframe": pd.DataFrame(cells, columns=header),
    }[kind]
    with pytest.raises(MissingColumnError) as shared:
        read_rows(table, ["game", "player", "place"], ["pool", "date"], name="history")
    with pytest.raises(MissingColumnError) as ours:
        gibbs_ratings(table)
    assert str(ours.value) == str(shared.value)
    assert str(ours.value).startswith(
        "history has no column 'place'; expected columns game, player, place, pool, date (its header has "
    )


def test_a_dataframe_skips_the_rows_every_reader_skips() -> None:
    """Blank is missing or text of nothing but spaces, in every column; a row with a note only is not blank."""
    frame = pd.DataFrame(
        {
            "game": ["1", "1", "", None, " "],
            "player": ["Ann", "Bo", None, "  ", None],
            "place": [1, 2, None, None, None],
            "notes": [None, None, None, None, None],
        }
    )
    assert [r.player for r in gibbs_ratings(frame).table] == ["Ann", "Bo"]
    frame.loc[4, "notes"] = "called off"
    with pytest.raises(TableError, match=re.escape("game in row 6 is blank; expected a name")):
        gibbs_ratings(frame)
    assert [r["_row"] for r in read_rows(frame, ["game"], name="history")] == [2, 3, 6]


def test_blank_rows_are_skipped() -> None:
    frame = pd.DataFrame(
        {"game": [1, 1, None], "player": ["Ann", "Bob", None], "place": [1, 2, None], "pool": ["x", "x", None]}
    )
    assert [r.player for r in gibbs_ratings(frame).table] == ["Ann", "Bob"]


# --- pools by kind of game ------------------------------------------------------------------------------------


def _ann_plays_1v1_then_three() -> list[list[object]]:
    return seated("Ann Bo", "Cy Ann Di")


def test_without_a_pool_column_each_kind_of_game_has_its_own_ratings() -> None:
    """ "The server maintains your RP scores separately for ... 3 to 5 player games (3-5P) and 2 player (1v1)"."""
    table = {(r.pool, r.player): r for r in gibbs_ratings(_ann_plays_1v1_then_three()).table}
    assert [r.pool for r in gibbs_ratings(_ann_plays_1v1_then_three()).table] == ["1v1", "1v1", "3-5P", "3-5P", "3-5P"]
    assert table[("1v1", "Ann")].rp == pytest.approx(1500 + ONE_V_ONE)
    # Ann's 3-player game is her first in 3-5P: 1500 and G = 1, like Cy and Di; S = 0 for 2nd of 3.
    assert table[("3-5P", "Ann")].rp == pytest.approx(1500)
    assert table[("3-5P", "Ann")].games == 1
    assert table[("3-5P", "Cy")].rp == pytest.approx(1500 + THREE_NEW)


def test_a_blank_pool_cell_is_the_kind_of_game_and_a_typed_pool_is_kept() -> None:
    rows: list[Row] = [
        {"game": 1, "player": "Ann", "place": 1, "pool": None},
        {"game": 1, "player": "Bo", "place": 2, "pool": " "},
        {"game": 2, "player": "Ann", "place": 1, "pool": "2v2"},  # a game of two fixed teams is marked by its pool
        {"game": 2, "player": "Bo", "place": 2, "pool": "2v2"},
        {"game": 3, "player": "Ann", "place": 1, "pool": "3-5P"},  # typed, and the kind of the blank game 4
        {"game": 3, "player": "Cy", "place": 2, "pool": "3-5P"},
        {"game": 3, "player": "Di", "place": 3, "pool": "3-5P"},
        {"game": 4, "player": "Ann", "place": 1, "pool": None},
        {"game": 4, "player": "Cy", "place": 2, "pool": None},
        {"game": 4, "player": "Di", "place": 3, "pool": None},
        {"game": 5, "player": "Ann", "place": 1, "pool": "club"},
        {"game": 5, "player": "Bo", "place": 2, "pool": "club"},
    ]
    result = gibbs_ratings(rows)
    table = {(r.pool, r.player): r for r in result.table}
    assert list(dict.fromkeys(r.pool for r in result.table)) == ["1v1", "2v2", "3-5P", "club"]
    assert table[("1v1", "Ann")].rp == pytest.approx(1500 + ONE_V_ONE)
    assert table[("2v2", "Ann")].rp == pytest.approx(1500 + 0.12 * 503 * (1 - 1 / 2))
    assert table[("3-5P", "Ann")].games == 2  # games 3 and 4
    assert table[("club", "Ann")].rp == pytest.approx(1500 + ONE_V_ONE)  # a club's own pool: K1 from the size
    assert_matches(result, one_by_one(rows))


def test_a_game_of_6_or_more_has_a_pool_of_its_size_and_needs_k1() -> None:
    seats = [[1, p, i] for i, p in enumerate("ABCDEF", start=1)]
    seven = [[2, p, i] for i, p in enumerate("ABCDEFG", start=1)]
    history = [["game", "player", "place"], *seats, *seven]
    with pytest.raises(TableError, match=re.escape("game 1 in row 2: k1 is blank and a game of 6 players has no")):
        gibbs_ratings(history)
    table = gibbs_ratings(history, k1={"6P": 0.1, "7P": 0.11}).table
    assert [r.pool for r in table] == ["6P"] * 6 + ["7P"] * 7
    assert table[0].rp == pytest.approx(1500 + 0.1 * 503 * (1 - 1 / 6))
    assert table[6].rp == pytest.approx(1500 + 0.11 * 503 * (1 - 1 / 7))
    assert table[6].games == 1  # the 7-player game is A's first in 7P


@pytest.mark.parametrize(
    ("pool", "seats", "message"),
    [
        ("1v1", 4, "game 7 (pool 1v1) in row 2: pool '1v1' is for games of 2 competitors, but the game has 4"),
        ("2v2", 3, "game 7 (pool 2v2) in row 2: pool '2v2' is for games of 2 competitors, but the game has 3"),
        ("3-5P", 2, "game 7 (pool 3-5P) in row 2: pool '3-5P' is for games of 3 to 5 players, but the game has 2"),
        ("3-5p", 6, "game 7 (pool 3-5p) in row 2: pool '3-5p' is for games of 3 to 5 players, but the game has 6"),
        ("4p", 5, "game 7 (pool 4p) in row 2: pool '4p' is for games of 4 players, but the game has 5"),
        ("6P", 7, "game 7 (pool 6P) in row 2: pool '6P' is for games of 6 players, but the game has 7"),
    ],
)
def test_a_game_that_does_not_fit_its_pool_is_refused(pool: str, seats: int, message: str) -> None:
    header = ["game", "player", "place", "pool"]
    rows: list[list[object]] = [[7, f"P{i}", i, pool] for i in range(1, seats + 1)]
    with pytest.raises(TableError, match=re.escape(message)) as refused:
        gibbs_ratings([header, *rows], k1=0.1)
    assert "\n" not in str(refused.value)
    with pytest.raises(TableError, match=re.escape(message)):
        gibbs_ratings(pd.DataFrame(rows, columns=header), k1=0.1)


def test_one_pool_rates_every_game_without_a_pool_together() -> None:
    """The ratings before pools by kind: Ann's 3-player game starts from her 1v1 win."""
    history = _ann_plays_1v1_then_three()
    table = {r.player: r for r in gibbs_ratings(history, one_pool=True).table}
    assert {r.pool for r in table.values()} == {""}
    ann = 1500 + ONE_V_ONE
    # Game 2: Ann (G = 2) 2nd, Cy and Di newcomers (G = 1); G_total = 4, S = 0 for Ann.
    average = (ann * 2 + 1500 + 1500) / 4
    assert table["Ann"].rp == pytest.approx(ann + 0.07 * (average - ann + 0))
    assert table["Ann"].games == 2
    assert table["Cy"].rp == pytest.approx(1500 + 0.07 * (average - 1500 + 503 * (1 - 1 / 4)))
    assert gibbs_ratings(history, one_pool="yes").table == gibbs_ratings(history, one_pool=True).table  # type: ignore[arg-type]
    assert gibbs_ratings(history, one_pool=None).table == gibbs_ratings(history).table  # type: ignore[arg-type]
    with pytest.raises(InputError, match=re.escape("one_pool is 'maybe'; expected yes or no")):
        gibbs_ratings(history, one_pool="maybe")  # type: ignore[arg-type]


def test_one_pool_reproduces_a_mixed_history_rated_as_one() -> None:
    rows = random_history(1500, 40, seed=3)
    together = gibbs_ratings(rows, one_pool=True)
    assert_matches(together, one_by_one(rows, one_pool=True))
    assert {r.pool for r in together.table} == {""}
    by_kind = gibbs_ratings(rows)
    assert {r.pool for r in by_kind.table} == {"1v1", "3-5P"}
    assert_matches(by_kind, one_by_one(rows))
    # A pool typed is kept with one_pool: a 2v2 game stays a 2v2 game.
    teams = [
        *_ann_plays_1v1_then_three(),
        ["T", "Ann & Bo", 1, "2v2"],
        ["T", "Cy & Di", 2, "2v2"],
    ]
    teams[0] = ["game", "player", "place", "pool"]
    assert {r.pool for r in gibbs_ratings(teams, one_pool=True).table} == {"", "2v2"}


# --- bad rows named -------------------------------------------------------------------------------------------


def _rows(*cells: tuple[object, object, object]) -> list[list[object]]:
    return [["game", "player", "place"], *[list(c) for c in cells]]


@pytest.mark.parametrize(
    ("history", "message"),
    [
        (_rows((1, "Ann", 1), (1, "Ann", 2)), "player 'Ann' is twice in game 1 (rows 2 and 3)"),
        (_rows((1, "Ann", 1), (1, "Bob", 2), (2, "Ann", 1)), "game 2 in row 4 has 1 player"),
        (_rows((1, "Ann", 1), (1, "Bob", None)), "place in row 3 is blank; expected the finishing place of Bob"),
        (_rows((1, "Ann", 1), (1, "Bob", "last")), "place in row 3 is the text 'last'; expected a number"),
        (_rows((1, "Ann", 1), (1, "Bob", 3)), "place in row 3 is 3; expected 1..2 (game 1 has 2 players)"),
        (_rows((1, "Ann", 1), (1, None, 2)), "player in row 3 is blank; expected a name"),
        (
            _rows((1, "Ann", 1), (1, "Bob", 2), (2, "Ann", 1), (2, "Bob", 2), (1, "Cat", 1)),
            "game 1 has rows 2..3 and again row 6; expected the rows of a game to be consecutive",
        ),
        (_rows(*[(1, p, i) for i, p in enumerate("ABCDEF", start=1)]), "game 1 in row 2: k1 is blank and a game of 6"),
        ([["game", "player"], [1, "Ann"]], "history has no column 'place'"),
        ("history.csv", "history is str; expected a table"),
    ],
)
def test_bad_history_names_the_row(history: object, message: str) -> None:
    with pytest.raises(TableError, match=re.escape(message)):
        gibbs_ratings(history)


def test_bad_dataframe_names_the_row() -> None:
    frame = pd.DataFrame({"Game": [1, 1, 2, 2], "Player": ["Ann", "Bob", "Ann", "Ann"], "Place": [1, 2, 1, 2]})
    with pytest.raises(TableError, match=re.escape("player 'Ann' is twice in game 2 (rows 4 and 5)")):
        gibbs_ratings(frame)
    frame = pd.DataFrame({"game": [1, 1], "player": ["Ann", "Bob"], "place": [1, None]})
    with pytest.raises(TableError, match=re.escape("place in row 3 is blank")):
        gibbs_ratings(frame)
    frame = pd.DataFrame({"game": [1, 1], "player": ["Ann", "Bob"], "place": [1, "2nd"]})
    with pytest.raises(TableError, match=re.escape("place in row 3 is the text '2nd'")):
        gibbs_ratings(frame)
    frame = pd.DataFrame({"game": [1, 1, 1], "player": ["Ann", "Bob", "Cat"], "place": [1, 2, 3], "pool": ["2v2"] * 3})
    with pytest.raises(TableError, match=re.escape("game 1 (pool 2v2) in row 2: pool '2v2' is for games of 2")):
        gibbs_ratings(frame)
    with pytest.raises(InputError, match=re.escape("g_exp is 0.5; expected a whole number at least 1")):
        gibbs_ratings(frame, g_exp=0.5)  # type: ignore[arg-type]


def test_game_ids_as_numbers_in_a_dataframe_are_checked_in_any_order() -> None:
    """Numbers in increasing order are coded without hashing; in any other order, or with a blank, as before."""
    ids = {"increasing": [3, 3, 7, 7, 9, 9], "decreasing": [9, 9, 7, 7, 3, 3], "floats": [2.5, 2.5, 1.0, 1.0, 8, 8]}
    players = ["Ann", "Bob", "Ann", "Cat", "Bob", "Cat"]
    tables = [
        gibbs_ratings(pd.DataFrame({"game": g, "player": players, "place": [1, 2, 2, 1, 1, 2]})).table
        for g in ids.values()
    ]
    assert tables[0] == tables[1] == tables[2]
    frame = pd.DataFrame({"game": [1, 1, 2, 2, 1, 1], "player": players, "place": [1, 2, 1, 2, 1, 2]})
    with pytest.raises(TableError, match=re.escape("game 1 has rows 2..3 and again row 6; expected the rows")):
        gibbs_ratings(frame)
    frame = pd.DataFrame({"game": [1, 1, None, 2], "player": players[:4], "place": [1, 2, 1, 2]})
    with pytest.raises(TableError, match=re.escape("game in row 4 is blank")):
        gibbs_ratings(frame)


def test_of_two_players_listed_twice_in_a_game_the_first_listed_again_is_named() -> None:
    rows = _rows((1, "Ann", 1), (1, "Bob", 2), (1, "Bob", 3), (1, "Ann", 4))
    with pytest.raises(TableError, match=re.escape("player 'Bob' is twice in game 1 (rows 3 and 4)")):
        gibbs_ratings(rows)


def test_rows_are_ordered_by_player_in_history_order_beyond_65536_players() -> None:
    """The order sorts 16 bits at a time: a field of more than 65,536 entities takes two rounds."""
    entity = np.random.default_rng(1).integers(0, 200_000, 50_000)
    assert _order_by(entity, 200_000).tolist() == np.argsort(entity, kind="stable").tolist()
