"""Size Matters against the article's worked figures, exact and with the article's rounding of the modifier."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reference import printed
from tests.reference import size_matters_article as article
from xlscore import InputError, TableError, size_matters, size_matters_board, size_matters_standings
from xlscore.core.systems.size_matters import (
    POWERS,
    SOLO_CENTRES,
    TOTAL_CENTRES,
    draw_score,
    size_matters_points,
)

FOUR_WAY = [12, 8, 7, 7, 0, 0, 0]
FOUR_WAY_WITH_3 = [12, 3, 10, 9, 0, 0, 0]
SOLO_FIVE_SURVIVORS = [18, 5, 9, 1, 1, 0, 0]  # five powers with centres, the soloist among them
SOLO_TEN = [18, 10, 1, 1, 1, 0, 0]


@pytest.mark.parametrize(("n", "score"), sorted(article.DRAW_SCORES.items()))
def test_draw_size_scores(n: int, score: float) -> None:
    assert draw_score(n) == score


def test_base_and_modifier_figures() -> None:
    # A lone 12-centre power in a 5-way draw: modifier 12 / 6.8 = 1.76 (article), score 42 x 12 / 6.8.
    five_way = [12, 6, 6, 5, 5, 0, 0]
    assert printed(34 / 3, article.BASE_3_WAY)
    assert printed(size_matters(12, five_way) / draw_score(5), article.MODIFIER_5_WAY_12_CENTRES)
    assert size_matters(12, five_way) == pytest.approx(42 * 12 / article.BASE_5_WAY)


def test_four_way_draw_exact_and_article_rounding() -> None:
    assert printed(size_matters(12, FOUR_WAY), article.FOUR_WAY_12_EXACT)
    # 52.5 x 1.41 = 74.025, printed 74.03 by the article.
    assert size_matters(12, FOUR_WAY, modifier_digits=2) == pytest.approx(52.5 * 1.41)
    assert printed(size_matters(12, FOUR_WAY, modifier_digits=2), article.FOUR_WAY_12_ARTICLE)


def test_floor_of_six_sevenths() -> None:
    assert printed(52.5 * 0.35, article.FOUR_WAY_3_UNFLOORED_ARTICLE)  # what the modifier alone would give
    assert size_matters(3, FOUR_WAY_WITH_3) == article.FOUR_WAY_3
    assert size_matters(3, FOUR_WAY_WITH_3, modifier_digits=2) == article.FOUR_WAY_3


def test_solo_scores() -> None:
    exact = size_matters_board(SOLO_FIVE_SURVIVORS)
    assert exact[0] == 210
    assert printed(exact[1], article.SOLO_5_EXACT)
    assert printed(size_matters_board(SOLO_FIVE_SURVIVORS, 2)[1], article.SOLO_5_ARTICLE)
    assert printed(size_matters(10, SOLO_TEN), article.SOLO_10_EXACT)
    assert printed(size_matters(10, SOLO_TEN, 2), article.SOLO_10_ARTICLE)
    assert exact[5:] == (0, 0)  # eliminated


def test_seven_way_draw_and_two_way_draw() -> None:
    assert size_matters_board([5, 5, 5, 5, 5, 5, 4]) == pytest.approx(
        [15 * 5 * 7 / 34] * 6 + [max(15 * 4 * 7 / 34, 15 * 6 / 7)]
    )
    assert size_matters_board([17, 17, 0, 0, 0, 0, 0])[:2] == (105, 105)


def test_board_form_matches_the_single_power_form() -> None:
    board = [9, 8, 7, 6, 4, 0, 0]
    assert size_matters_board(board) == tuple(size_matters(c, board) for c in board)


@st.composite
def _draw_boards(draw: st.DrawFn) -> list[int]:
    """A board that ends in a draw: 2 to 7 powers on 1 to 17 centres each, at most 34 in all, the rest on 0."""
    survivors = draw(st.integers(2, 7))
    held: list[int] = []
    for i in range(survivors):
        # Leave at least 1 centre for each power still to be drawn.
        room = TOTAL_CENTRES - sum(held) - (survivors - i - 1)
        held.append(draw(st.integers(1, min(SOLO_CENTRES - 1, room))))
    return draw(st.permutations(held + [0] * (POWERS - survivors)))


@given(_draw_boards())
def test_draw_scores_never_fall_below_six_sevenths(board: list[int]) -> None:
    # Every example is a valid draw, so every one is checked.
    assert sum(board) <= TOTAL_CENTRES
    assert max(board) < SOLO_CENTRES
    held = [c for c in board if c > 0]
    scores = size_matters_board(board)
    floor = draw_score(len(held)) * 6 / 7
    assert all(s >= floor - 1e-12 for c, s in zip(board, scores, strict=True) if c > 0)
    assert all(s == 0 for c, s in zip(board, scores, strict=True) if c == 0)
    # More centres never score less.
    ranked = sorted(zip(board, scores, strict=True))
    assert all(a[1] <= b[1] + 1e-12 for a, b in itertools.pairwise(ranked))


def _board_rows(board: str | int, players: list[str], centres: list[int]) -> list[list[object]]:
    return [[board, p, c] for p, c in zip(players, centres, strict=True)]


def test_standings_solo_above_two_two_way_draws_then_head_to_head() -> None:
    header: list[list[object]] = [["board", "player", "centres"]]
    rows = (
        header
        + _board_rows("R1", ["Solo", "B", "C", "D", "E", "F", "G"], [18, 5, 9, 1, 1, 0, 0])
        + _board_rows("R2", ["Solo", "B", "C", "D", "E", "F", "G"], [0, 17, 17, 0, 0, 0, 0])
        + _board_rows("R3", ["Drawer", "X", "Y", "Z", "V", "W", "U"], [17, 17, 0, 0, 0, 0, 0])
        + _board_rows("R4", ["Drawer", "X", "Y", "Z", "V", "W", "U"], [17, 0, 17, 0, 0, 0, 0])
    )
    table = size_matters_standings(rows)
    top = [(s.player, s.total, s.solos) for s in table[:2]]
    # 210 for the solo vs 105 + 105 for two 2-way draws: equal totals, the solo places higher.
    assert top == [("Solo", 210, 1), ("Drawer", 210, 0)]
    assert table[1].decided_by == "solos"
    assert table[1].place == 2


def test_standings_head_to_head_separates_equal_totals() -> None:
    header: list[list[object]] = [["board", "player", "centres"]]
    # Six-way draws: 12 centres score 35 x 12 / (34 / 6); 2 centres fall to the floor, 6/7 x 35 = 30.
    # P and Q meet on board 1, where P beats Q; each also plays a board without the other.
    rows = (
        header
        + _board_rows(1, ["P", "Q", "a", "b", "c", "d", "e"], [12, 2, 5, 5, 5, 5, 0])
        + _board_rows(2, ["Q", "f", "g", "h", "i", "j", "k"], [12, 2, 5, 5, 5, 5, 0])
        + _board_rows(3, ["l", "P", "m", "n", "o", "r", "s"], [12, 2, 5, 5, 5, 5, 0])
    )
    table = size_matters_standings(rows)
    by_name = {s.player: s for s in table}
    win, floor = 35 * 12 * 6 / 34, 30
    assert by_name["P"].total == pytest.approx(win + floor)
    assert by_name["Q"].total == pytest.approx(win + floor)
    assert by_name["P"].head_to_head == pytest.approx(win - floor)
    assert by_name["Q"].head_to_head == pytest.approx(floor - win)
    order = [s.player for s in table]
    assert order.index("P") + 1 == order.index("Q")
    assert by_name["Q"].decided_by == "head to head"
    assert by_name["Q"].place == by_name["P"].place + 1


def test_standings_equal_in_everything_share_a_place() -> None:
    header: list[list[object]] = [["board", "player", "centres"]]
    rows = header + _board_rows(1, ["A", "B", "C", "D", "E", "F", "G"], [17, 17, 0, 0, 0, 0, 0])
    table = size_matters_standings(rows)
    assert [(s.player, s.place, s.decided_by) for s in table[:2]] == [("A", 1, ""), ("B", 1, "tied")]


def _round_rows(round_: int, board: int, players: list[str], centres: list[int]) -> list[list[object]]:
    return [[round_, board, p, c] for p, c in zip(players, centres, strict=True)]


SEVEN = ["A", "B", "C", "D", "E", "F", "G"]
ROUND_TABLE: list[list[object]] = [
    ["round", "board", "player", "centres"],
    *_round_rows(1, 1, SEVEN, FOUR_WAY),
    [None, None, None, None],  # a blank row of the sheet keeps its place
    *_round_rows(2, 1, SEVEN, SOLO_FIVE_SURVIVORS),  # board 1 again, in round 2: another board
]


def test_points_score_every_row_with_boards_numbered_within_rounds() -> None:
    points = size_matters_points(ROUND_TABLE)
    assert len(points) == 15
    assert printed(points[0] or 0, article.FOUR_WAY_12_EXACT)
    assert points[1] == pytest.approx(52.5 * 8 / 8.5)  # 49.41
    assert points[2:7] == (45, 45, 0, 0, 0)  # 7 centres: 52.5 x 7 / 8.5 = 43.24, below the floor of 45
    assert points[7] is None
    assert points[8] == 210
    assert printed(points[9] or 0, article.SOLO_5_EXACT)
    rounded = size_matters_points(ROUND_TABLE, 2)
    assert printed(rounded[0] or 0, article.FOUR_WAY_12_ARTICLE)
    assert printed(rounded[9] or 0, article.SOLO_5_ARTICLE)


def test_points_agree_with_the_board_form() -> None:
    table = [["board", "player", "centres"], *_board_rows("X", SEVEN, SOLO_TEN)]
    assert size_matters_points(table) == size_matters_board(SOLO_TEN)


def test_standings_count_a_board_per_round() -> None:
    table = size_matters_standings(ROUND_TABLE)
    by_name = {s.player: s for s in table}
    assert by_name["A"].total == pytest.approx(52.5 * 12 / 8.5 + 210)
    assert by_name["A"].boards == 2
    assert (by_name["A"].place, by_name["A"].solos) == (1, 1)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: size_matters(3, [3, 3, 3]), InputError, "board_centres has 3 values; expected exactly 7"),
        (lambda: size_matters(3, [20, 10, 5, 0, 0, 0, 0]), InputError, "board_centres add up to 35"),
        (
            lambda: size_matters(3, [12, 8, 7, 7, 0, 0, 0]),
            InputError,
            "centres 3 is not one of board_centres",
        ),
        (lambda: size_matters(12, [12, 8, 7, 7.5, 0, 0, 0]), InputError, "board_centres[4] is 7.5"),  # type: ignore[list-item]
        (
            lambda: size_matters(12, [12, -8, 7, 7, 0, 0, 0]),
            InputError,
            "board_centres[2] -8 is outside 0..34",
        ),
        (lambda: size_matters(12, [12, 0, 0, 0, 0, 0, 0]), InputError, "one power with centres, on 12"),
        (lambda: size_matters(12, FOUR_WAY, -1), InputError, "modifier_digits -1 is outside 0..15"),
        (
            lambda: size_matters_standings([["board", "player", "centres"], [1, "A", 3]]),
            TableError,
            "board '1' has 1 rows",
        ),
        (
            lambda: size_matters_points(
                [["round", "board", "player", "centres"], *_round_rows(1, 1, SEVEN, FOUR_WAY), [2, 1, "H", 3]]
            ),
            TableError,
            "board '1' of round '2' has 1 rows",
        ),
        (
            lambda: size_matters_points(
                [["board", "player", "centres"], *_board_rows(1, SEVEN, [12, 8, 7, 7, 0, 0, 1])[:6], [1, "A", 1]]
            ),
            TableError,
            "player 'A' is twice on board '1' (rows 2 and 8)",
        ),
        (
            lambda: size_matters_points(
                [["board", "player", "centres"], *_board_rows(1, SEVEN, [20, 10, 5, 0, 0, 0, 0])]
            ),
            TableError,
            "board '1': board_centres add up to 35",
        ),
        (
            lambda: size_matters_points(
                [["board", "player", "centres"], *_board_rows(1, SEVEN, [12, 8, 7, 7, 0, 0, 35])]
            ),
            TableError,
            "centres in row 8 35 is outside 0..34",
        ),
    ],
)
def test_bad_input_names_the_argument(call: object, error: type[Exception], message: str) -> None:
    assert callable(call)
    with pytest.raises(error, match=re.escape(message)):
        call()
