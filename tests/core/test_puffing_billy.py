"""Puffing Billy against the TGA's mock Empire Builder board and its finals examples."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reference import printed
from tests.reference import puffing_billy_board as tga
from xlscore import (
    InputError,
    TableError,
    pb_board,
    pb_bonus,
    pb_final,
    pb_final_bonuses,
    pb_final_ratio,
    pb_finals,
    pb_game_score,
    pb_points,
    pb_standings,
    pb_winner_bonus,
)

JENNY, DAMIEN, STEPHEN, SYBIL, BEN = tga.MONEY


def test_bonuses_of_the_mock_board() -> None:
    winner = JENNY
    for name, money in zip(tga.PLAYERS[1:4], tga.MONEY[1:4], strict=True):
        assert pb_bonus(money, winner) == tga.BONUSES[name]
    assert pb_winner_bonus(list(tga.BONUSES.values())) == tga.WINNER_BONUS


def test_board_scores_of_the_mock_board() -> None:
    scores = pb_board(list(tga.MONEY))
    assert scores[:4] == tuple(tga.BOARD_SCORES[p] for p in tga.PLAYERS[:4])
    assert scores[4] is None  # Ben, 5th: no score for the board


def test_finishing_order_not_money_decides_the_placement_score() -> None:
    # Rail Baron: the 2nd place finisher out-scored the winner and gets the 0.5 cap.
    scores = pb_board([100, 150, 50, 25])
    assert scores[1] == 2 + 0.5
    # The winner: 3 + 0.03 x (0.5 + 0.25 + 0.125) = 3 + 0.02625, to the thousandth half-up 3.026.
    assert scores[0] == 3.026


def test_winner_bonus_cap_is_0_045() -> None:
    assert pb_winner_bonus([0.5, 0.5, 0.5]) == 0.045


def test_rounding_is_half_up_not_half_even() -> None:
    # 0.5 x 5 / 8 = 0.3125 exactly: half-up gives 0.313, Python's round() would give 0.312.
    assert round(0.5 * 5 / 8, 3) == 0.312
    assert pb_bonus(5, 8) == 0.313
    # 0.03 x (0.25 + 0.25 + 0.25) = 0.0225: half-up 0.023.
    assert pb_winner_bonus([0.25, 0.25, 0.25]) == 0.023


def test_final_ratio_of_jennys_board() -> None:
    board = list(tga.MONEY[:4])
    assert pb_final_ratio(JENNY, board) == pytest.approx(JENNY / tga.TOP_FOUR_MEAN)
    assert printed(pb_final_ratio(JENNY, board), tga.JENNY_RATIO)
    assert printed(pb_final_ratio(DAMIEN, board), tga.DAMIEN_RATIO)
    # 5th and 6th place scores do not enter the average.
    assert pb_final_ratio(JENNY, list(tga.MONEY)) == pb_final_ratio(JENNY, board)


def _board_with_winner_ratio(ratio: float) -> list[float]:
    """A board whose winner's score is ``ratio`` times its top-four mean: winner w, three others of 1000 each."""
    # w / ((w + 3000) / 4) = ratio  ->  w = 3000 ratio / (4 - ratio)
    return [3000 * ratio / (4 - ratio), 1000, 1000, 1000]


def test_three_board_final_places_the_winners_by_ratio() -> None:
    jennys = list(tga.MONEY[:4])
    board_a = _board_with_winner_ratio(tga.BOARD_A_WINNER_RATIO)
    board_b = _board_with_winner_ratio(tga.BOARD_B_WINNER_RATIO)
    final = pb_final([jennys, board_a, board_b])
    # Jenny 1st (0.3), board B's winner 2nd (0.2), board A's winner 3rd (0.1): the page says "board B" twice.
    assert [(f.board, f.board_place, f.bonus) for f in final] == [(1, 1, 0.3), (3, 1, 0.2), (2, 1, 0.1)]


def test_two_board_final_third_place_goes_to_the_better_second() -> None:
    jennys = list(tga.MONEY[:4])
    board_a = [200_000, 150_000, 180_000, 130_000]  # A's runner-up: 150 / 165 < 1, below the table average
    final = pb_final([jennys, board_a])
    assert [(f.board, f.board_place) for f in final] == [(1, 1), (2, 1), (1, 2)]  # Damien takes 3rd


def test_single_board_final_is_the_boards_top_three() -> None:
    final = pb_final([list(tga.MONEY)])
    assert [(f.board_place, f.bonus) for f in final] == [(1, 0.3), (2, 0.2), (3, 0.1)]


def test_final_bonus_goes_to_the_best_score_of_the_game() -> None:
    assert pb_game_score([tga.JENNY_PRELIMINARY, tga.JENNY_FINAL_LOW], 0.3) == tga.JENNY_GAME_SCORE_LOW
    assert pb_game_score([tga.JENNY_PRELIMINARY, tga.JENNY_FINAL_HIGH], 0.3) == tga.JENNY_GAME_SCORE_HIGH
    assert pb_game_score([tga.JENNY_PRELIMINARY, tga.JENNY_FINAL_LOW], 0.2) == 3.228


BOARDS_HEADER = ["game", "board", "place", "player", "money"]
MOCK_BOARD = [
    ["Empire Builder", "R1 T1", p, name, money]
    for p, (name, money) in enumerate(zip(tga.PLAYERS, tga.MONEY, strict=True), 1)
]
MOCK_SCORES = [*(tga.BOARD_SCORES[name] for name in tga.PLAYERS[:4]), None]  # Ben, 5th: no score


def test_points_of_the_mock_board_as_published() -> None:
    assert list(pb_points([BOARDS_HEADER, *MOCK_BOARD])) == MOCK_SCORES


def test_points_in_rail_baron_a_richer_non_winner_gets_half_a_point() -> None:
    # The page: "simply write in a .5 in column (1)"; 2nd, 3rd and 4th all richer than the winner give the
    # winner the most there is, 0.045.
    table = [
        BOARDS_HEADER,
        ["Rail Baron", "R2 T1", 1, "Ben", 100_000],
        ["Rail Baron", "R2 T1", 2, "Sybil", 180_000],
        ["Rail Baron", "R2 T1", 3, "Stephen", 150_000],
        ["Rail Baron", "R2 T1", 4, "Carla", 120_000],
    ]
    assert pb_points(table) == (3 + 0.045, 2 + 0.5, 1 + 0.5, 0 + 0.5)


def test_points_only_the_richer_non_winner_is_capped() -> None:
    table = [
        BOARDS_HEADER,
        ["Rail Baron", "R2 T1", 1, "Ben", 220_000],
        ["Rail Baron", "R2 T1", 2, "Sybil", 240_000],
        ["Rail Baron", "R2 T1", 3, "Stephen", 100_000],
        ["Rail Baron", "R2 T1", 4, "Carla", 50_000],
    ]
    # 0.5 x 100 / 220 = 0.2272.. -> 0.227; 0.5 x 50 / 220 = 0.1136.. -> 0.114; winner 0.03 x 0.841 = 0.02523 -> 0.025
    assert pb_points(table) == (3.025, 2.5, 1.227, 0.114)


def test_points_of_two_boards_in_one_table_each_against_its_own_winner() -> None:
    # The rows of two boards interleaved, out of place order, with blank rows: each board is found by game and
    # board, and each score lands beside its own row.
    other = [["Empire Builder", "R1 T2", 2, "Bruno", 126_000], ["Empire Builder", "R1 T2", 1, "Alice", 252_000]]
    blank = [None] * 5
    table = [BOARDS_HEADER, blank, MOCK_BOARD[3], other[0], *MOCK_BOARD[:3], blank, other[1], MOCK_BOARD[4], blank]
    # Bruno: 2 + 0.5 x 126 / 252 = 2.25; Alice: 3 + 0.03 x 0.25 = 3.0075, half-up 3.008.
    jenny, damien, stephen, sybil, ben = MOCK_SCORES
    assert pb_points(table) == (None, sybil, 2.25, jenny, damien, stephen, None, 3.008, ben)


def test_points_same_board_name_in_another_game_is_another_board() -> None:
    rail_baron = [["Rail Baron", "R1 T1", 1, "Ben", 50_000], ["Rail Baron", "R1 T1", 2, "Jenny", 100_000]]
    assert pb_points([BOARDS_HEADER, *MOCK_BOARD, *rail_baron])[-2:] == (3 + round(0.03 * 0.5, 3), 2.5)


def test_points_accept_a_dataframe_and_ignore_other_columns() -> None:
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame(MOCK_BOARD, columns=["Game", "Board", "Place", "Player", "Money"]).assign(final=None)
    assert list(pb_points(frame)) == MOCK_SCORES


def test_points_of_an_empty_table_are_empty() -> None:
    assert pb_points([BOARDS_HEADER]) == ()
    assert pb_points([BOARDS_HEADER, [None] * 5]) == ()


FINAL_HEADER = [*BOARDS_HEADER, "final"]
# A two-board final on the page's figures: Jenny's board and a board A whose runner-up is below its table average.
TWO_BOARD_FINAL = [
    FINAL_HEADER,
    *([*row, None] for row in MOCK_BOARD),  # the preliminary board: not a final
    *(
        ["Empire Builder", "Final 1", p, name, money, "yes"]
        for p, name, money in zip((1, 2, 3, 4), tga.PLAYERS[:4], tga.MONEY[:4], strict=True)
    ),
    ["Empire Builder", "Final A", 1, "Alice", 200_000, "Yes"],
    ["Empire Builder", "Final A", 2, "Bruno", 150_000, "yes"],
    ["Empire Builder", "Final A", 3, "Carla", 180_000, "yes"],
    ["Empire Builder", "Final A", 4, "Dev", 130_000, True],
]


def test_finals_from_a_boards_table_name_the_top_three() -> None:
    top = pb_finals(TWO_BOARD_FINAL)
    # Jenny 252,000 / 179,750 = 1.402; Alice 200,000 / 165,000 = 1.212; 3rd: Damien 248,000 / 179,750 = 1.380
    # beats Bruno 150,000 / 165,000 = 0.909.
    assert [(f.game, f.final_place, f.board, f.board_place, f.player, f.bonus) for f in top] == [
        ("Empire Builder", 1, "Final 1", 1, "Jenny", 0.3),
        ("Empire Builder", 2, "Final A", 1, "Alice", 0.2),
        ("Empire Builder", 3, "Final 1", 2, "Damien", 0.1),
    ]
    assert printed(top[0].ratio, tga.JENNY_RATIO)
    assert top[1].ratio == pytest.approx(200_000 / ((200_000 + 150_000 + 180_000 + 130_000) / 4))
    assert printed(top[2].ratio, tga.DAMIEN_RATIO)


def test_final_bonuses_stand_on_every_scored_row_of_the_player_in_that_game() -> None:
    bonuses = pb_final_bonuses(TWO_BOARD_FINAL)
    # Preliminary board: Jenny 0.3, Damien 0.1, Stephen and Sybil 0, Ben (5th) no score so blank;
    # then the final boards: Jenny 0.3, Damien 0.1, Stephen, Sybil 0; Alice 0.2, Bruno, Carla, Dev 0.
    assert bonuses == (0.3, 0.1, 0.0, 0.0, None, 0.3, 0.1, 0.0, 0.0, 0.2, 0.0, 0.0, 0.0)


def test_a_table_without_final_boards_has_no_finals_and_zero_bonuses() -> None:
    assert pb_finals([BOARDS_HEADER, *MOCK_BOARD]) == ()
    assert pb_final_bonuses([BOARDS_HEADER, *MOCK_BOARD]) == (0.0, 0.0, 0.0, 0.0, None)


def test_a_final_mark_that_is_not_yes_is_refused_naming_the_row() -> None:
    table = [FINAL_HEADER, ["Empire Builder", "F", 1, "Ann", 10, "maybe"], ["Empire Builder", "F", 2, "Bo", 5, None]]
    with pytest.raises(TableError, match=r"final in row 2 of boards is 'maybe'; expected yes or no"):
        pb_finals(table)


def test_a_player_at_two_boards_of_one_final_is_refused() -> None:
    # Before: pb_finals gave Ann 1st and 2nd while pb_final_bonuses gave her 0.2. One final, one seat each.
    table = [
        FINAL_HEADER,
        ["Empire Builder", "A", 1, "Ann", 100, "yes"],
        ["Empire Builder", "A", 2, "Bo", 50, "yes"],
        ["Empire Builder", "B", 1, "Cy", 100, "yes"],
        ["Empire Builder", "B", 2, "Ann", 90, "yes"],
    ]
    message = "player 'Ann' is twice in the final of Empire Builder (rows 2 and 5); expected each player once"
    for function in (pb_finals, pb_final_bonuses, pb_standings):
        with pytest.raises(TableError, match=re.escape(message)):
            function(table)


def test_the_final_column_takes_the_one_yes_no_vocabulary() -> None:
    names = ("Jenny", "Damien", "Stephen", "Sybil")
    marks: tuple[object, ...] = ("x", "TRUE", "Yes", True)
    marked = [
        ["Empire Builder", "F", place, name, money, mark]
        for place, (name, money, mark) in enumerate(zip(names, tga.MONEY[:4], marks, strict=True), start=1)
    ]
    assert [f.player for f in pb_finals([FINAL_HEADER, *marked])] == ["Jenny", "Damien", "Stephen"]


def test_standings_leave_out_rows_without_a_score() -> None:
    # 5th and 6th place score nothing: a boards table with PB_POINTS' blanks beside it goes in as it is.
    table = [[*FINAL_HEADER, "score"], *([*row, None, s] for row, s in zip(MOCK_BOARD, MOCK_SCORES, strict=True))]
    assert [(s.player, s.total) for s in pb_standings(table)] == [
        (name, tga.BOARD_SCORES[name]) for name in tga.PLAYERS[:4]
    ]


RESULTS = [
    ["player", "game", "score", "final_bonus"],
    ["Jenny", "Empire Builder", 3.028, None],
    ["Jenny", "Empire Builder", 3.01, 0.3],
    ["Jenny", "Rail Baron", 1.2, None],
    ["Jenny", "Age of Steam", 0.5, None],
    ["Damien", "Empire Builder", 2.492, None],
    ["Damien", "Rail Baron", 3.02, None],
    ["Damien", "Age of Steam", 2.1, None],
]


def test_standings_sum_every_game_by_default() -> None:
    table = pb_standings(RESULTS)
    assert [(s.player, s.total) for s in table] == [
        ("Damien", 2.492 + 3.02 + 2.1),
        ("Jenny", 3.328 + 1.2 + 0.5),
    ]
    assert [s.place for s in table] == [1, 2]


def test_standings_best_n_and_required_games() -> None:
    best_two = {s.player: s.total for s in pb_standings(RESULTS, best=2)}
    assert best_two == {"Jenny": pytest.approx(3.328 + 1.2), "Damien": pytest.approx(3.02 + 2.492)}
    required = {s.player: s.total for s in pb_standings(RESULTS, best=1, required=["Age of Steam"])}
    assert required == {"Jenny": pytest.approx(0.5 + 3.328), "Damien": pytest.approx(2.1 + 3.02)}


def test_standings_accept_a_dataframe_and_share_places() -> None:
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"Player": ["A", "B", "C"], "Game": ["EB", "EB", "EB"], "Score": [2.5, 2.5, 1.0]})
    table = pb_standings(frame)
    assert [(s.place, s.player) for s in table] == [(1, "A"), (1, "B"), (3, "C")]


@given(st.lists(st.integers(0, 500_000), min_size=3, max_size=3), st.integers(1, 500_000))
def test_board_score_stays_within_its_placement_band(others: list[int], winner: int) -> None:
    scores = pb_board([winner, *others])
    assert 3 <= scores[0] <= 3.045  # type: ignore[operator]
    for place, score in enumerate(scores[1:], start=1):
        assert 3 - place <= score <= 3 - place + 0.5  # type: ignore[operator]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: pb_bonus(100, 0), InputError, "winner_score is 0; expected a number greater than 0"),
        (lambda: pb_bonus(-1, 10), InputError, "score is -1; expected a number at least 0"),
        (lambda: pb_board([100]), InputError, "scores has 1 values; expected 2 to 6 players"),
        (lambda: pb_board([100, None, 3]), InputError, "scores[2] is blank"),
        (lambda: pb_board([1, 2, 3, 4, 5, 6, 7]), InputError, "expected 2 to 6 players"),
        (lambda: pb_winner_bonus([0.6]), InputError, "bonuses[1] 0.6 is outside 0..0.5"),
        (lambda: pb_final_ratio(5, [10, 9, 8, 7]), InputError, "score 5 is not among the board's first four"),
        (lambda: pb_final([]), InputError, "boards is empty"),
        (lambda: pb_game_score([3.0], 0.25), InputError, "final_bonus is 0.25; expected 0, 0.3, 0.2 or 0.1"),
        (lambda: pb_standings([["player", "score"], ["A", 1]]), TableError, "results has no column 'game'"),
        (lambda: pb_points([BOARDS_HEADER[:4], MOCK_BOARD[0][:4]]), TableError, "boards has no column 'money'"),
        (
            lambda: pb_points([BOARDS_HEADER, MOCK_BOARD[1], MOCK_BOARD[2]]),
            TableError,
            "board R1 T1 of Empire Builder has no place 1; expected places 1, 2, 3",
        ),
        (
            lambda: pb_points([BOARDS_HEADER, MOCK_BOARD[0], MOCK_BOARD[0]]),
            TableError,
            "place 1 appears twice on board R1 T1 of Empire Builder (rows 2 and 3)",
        ),
        (
            lambda: pb_points([BOARDS_HEADER, MOCK_BOARD[0], [*MOCK_BOARD[1][:3], "Jenny", 1]]),
            TableError,
            "player 'Jenny' is twice on board R1 T1 of Empire Builder (rows 2 and 3)",
        ),
        (
            lambda: pb_points([BOARDS_HEADER, MOCK_BOARD[0], [*MOCK_BOARD[1][:4], None]]),
            TableError,
            "board R1 T1 of Empire Builder: scores[2] is blank",
        ),
        (lambda: pb_points([BOARDS_HEADER, MOCK_BOARD[0]]), TableError, "R1 T1 of Empire Builder: scores has 1 values"),
        (
            lambda: pb_points([BOARDS_HEADER, ["Empire Builder", "", 1, "Jenny", 1]]),
            TableError,
            "board in row 2 of boards is blank",
        ),
        (
            lambda: pb_points([BOARDS_HEADER, ["Empire Builder", "T1", 7, "Jenny", 1]]),
            TableError,
            "place in row 2 of boards 7 is outside 1..6",
        ),
        (
            lambda: pb_standings([["player", "game", "score"], ["", "EB", 1]]),
            TableError,
            "player in row 2 is blank",
        ),
    ],
)
def test_bad_input_names_the_argument(call: object, error: type[Exception], message: str) -> None:
    assert callable(call)
    with pytest.raises(error, match=re.escape(message)):
        call()
