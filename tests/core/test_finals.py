"""Finals and cuts from the standings (issue 30 point 7): Puffing Billy's final qualifiers and a Diplomacy top board.

Puffing Billy (../shared/seeds/002_14661db876957472.txt): "You can use the top four or five scores for that game or
you can simply say that anyone who wins a board of that game goes to the game final." The seed's board (Jenny
252,000; Damien 248,000; Stephen 121,000; Sybil 98,000; Ben) scores 3.028, 2.492, 1.240, 0.194 and no score.
"""

from __future__ import annotations

import pytest

from xlscore import InputError
from xlscore.core.systems.diplomacy.board import POWER_NAMES
from xlscore.core.systems.diplomacy.top_board import diplomacy_top_board
from xlscore.core.systems.puffing_billy_qualifiers import pb_qualifiers

SEED_BOARD = (("Jenny", 252_000), ("Damien", 248_000), ("Stephen", 121_000), ("Sybil", 98_000), ("Ben", 50_000))
# A second board: Alice wins, 0.5 x 150 / 200 = 0.375 for Bruno, 0.5 x 120 / 200 = 0.3 for Carla, and Alice's
# bonus 0.03 x (0.375 + 0.3) = 0.02025, rounded 0.020: 3.020.
OTHER_BOARD = (("Alice", 200_000), ("Bruno", 150_000), ("Carla", 120_000))
BOARDS = [["round", "game", "board", "place", "player", "money"]] + [
    [1, "Empire Builder", name, place, player, money]
    for name, seats in (("T1", SEED_BOARD), ("T2", OTHER_BOARD))
    for place, (player, money) in enumerate(seats, start=1)
]


def test_the_top_four_scores_of_the_game_qualify() -> None:
    found = [(q.place, q.player, q.score, q.by) for q in pb_qualifiers(BOARDS, "Empire Builder", top=4)]
    # 3.028, 3.020, 2.492 (Damien), 2.375 (Bruno, 2 + 0.375); Carla's 2.3 is fifth.
    assert found == [
        (1, "Jenny", 3.028, "top 4"),
        (2, "Alice", 3.02, "top 4"),
        (3, "Damien", 2.492, "top 4"),
        (4, "Bruno", 2.375, "top 4"),
    ]


def test_every_board_winner_qualifies() -> None:
    found = [(q.player, q.boards_won, q.by) for q in pb_qualifiers(BOARDS, "Empire Builder")]
    assert found == [("Jenny", 1, "board winner"), ("Alice", 1, "board winner")]


def test_a_tie_at_the_cut_goes_through() -> None:
    scores = [["player", "game", "score"], ["Ann", "G", 3.1], ["Bo", "G", 2.4], ["Cy", "G", 2.4], ["Di", "G", 1.2]]
    assert [q.player for q in pb_qualifiers(scores, "G", top=2)] == ["Ann", "Bo", "Cy"]


def test_final_boards_and_later_rounds_do_not_qualify_anyone() -> None:
    final = [
        [2, "Empire Builder", "F", place, player, money, "yes"]
        for place, (player, money) in enumerate((("Carla", 300_000), ("Jenny", 100_000)), start=1)
    ]
    table = [[*BOARDS[0], "final"], *([*row, None] for row in BOARDS[1:]), *final]
    assert [q.player for q in pb_qualifiers(table, "Empire Builder")] == ["Jenny", "Alice"]
    later = [*BOARDS, [2, "Empire Builder", "T3", 1, "Carla", 90_000], [2, "Empire Builder", "T3", 2, "Ben", 10]]
    assert [q.player for q in pb_qualifiers(later, "Empire Builder", after_round=1)] == ["Jenny", "Alice"]
    assert "Carla" in [q.player for q in pb_qualifiers(later, "Empire Builder")]


def test_bad_qualifier_arguments_name_themselves() -> None:
    with pytest.raises(InputError, match="top"):
        pb_qualifiers(BOARDS, "Empire Builder", top=0)
    with pytest.raises(InputError, match="game 'Age of Steam' has no scored board"):
        pb_qualifiers(BOARDS, "Age of Steam")
    with pytest.raises(InputError, match="game is None"):
        pb_qualifiers(BOARDS, None)  # type: ignore[arg-type]


PLAYERS = "ABCDEFGHIJKLMN"
# Round 1, Sum of Squares (100 c^2 / sum of squares): board 1 sums 100 + 64 + 36 + 16 + 9 + 4 + 1 = 230, board 2
# 81 + 49 + 36 + 25 + 16 + 4 + 1 = 212. A 100/230 = 43.5, H 8100/212 = 38.2, B 6400/230 = 27.8, I 4900/212 = 23.1,
# J 3600/212 = 17.0, C 3600/230 = 15.7, K 2500/212 = 11.8; then D 1600/230 = 7.0, L 1600/212 = 7.5.
CENTRES = ((10, 8, 6, 4, 3, 2, 1), (9, 7, 6, 5, 4, 2, 1))
QUALIFYING = [["round", "board", "player", "power", "centres"]] + [
    [1, board + 1, PLAYERS[7 * board + i], POWER_NAMES[i], CENTRES[board][i]] for board in range(2) for i in range(7)
]


def test_the_top_board_seats_the_seven_leaders_on_powers_new_to_them() -> None:
    seats = diplomacy_top_board(QUALIFYING, "Sum of Squares")
    assert [(s.place, s.player) for s in seats] == list(enumerate("AHBIJCK", start=1))
    before = {(row[2], row[3]) for row in QUALIFYING[1:]}
    assert all((s.player, s.power) not in before for s in seats)
    assert sorted(s.power for s in seats) == sorted(POWER_NAMES)


def test_two_boards_seat_fourteen_and_a_dropped_leader_is_left_out() -> None:
    assert [s.board for s in diplomacy_top_board(QUALIFYING, "Sum of Squares", boards=2)] == [1] * 7 + [2] * 7
    roster = [["player", "dropped after"], *([p, 1 if p == "A" else None] for p in PLAYERS)]
    seats = diplomacy_top_board(QUALIFYING, "Sum of Squares", players=roster)
    assert [s.player for s in seats] == list("HBIJCKL")  # L (7.5) takes A's seat, ahead of D (7.0)


def test_a_tie_at_the_cut_is_refused_naming_the_tied() -> None:
    # Draw size shares 100 among each board's survivors alike: seven tie for 1st on each board, fourteen in all.
    with pytest.raises(InputError, match="tie for place 1 at the cut of 7"):
        diplomacy_top_board(QUALIFYING, "Draw size")
    with pytest.raises(InputError, match="expected at least 21"):
        diplomacy_top_board(QUALIFYING, "Sum of Squares", boards=3)
