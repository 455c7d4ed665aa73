"""The one wrapper between cells and the core: one notion of a blank cell, whatever the argument."""

from __future__ import annotations

import pytest

from xlscore.excel.functions.catalogue import CATALOGUE
from xlscore.excel.functions.cells import ERROR_CODES, CellError
from xlscore.excel.functions.edge import _first_error, call_cells

RPLOPS = CATALOGUE["RPLOPS"]


@pytest.mark.parametrize("blank", [None, "", "  ", [["  "]]], ids=["none", "empty", "spaces", "range-of-spaces"])
def test_an_optional_argument_given_a_blank_cell_takes_its_default(blank: object) -> None:
    assert call_cells(RPLOPS, [2.0, 5.0, blank]) == call_cells(RPLOPS, [2.0, 5.0]) == pytest.approx(200 / 3)


def test_a_row_of_spaces_stays_blank_like_an_empty_row() -> None:
    ranks = [[1.0], ["  "], [None]]
    players = [[4.0], ["  "], [None]]
    assert call_cells(RPLOPS, [ranks, players]) == [[pytest.approx(2 * 50 * 4 / 5)], [None], [None]]


def test_one_bad_game_shows_its_error_on_its_own_rows_and_the_other_games_their_points() -> None:
    results = [
        ["game", "player", "score"],
        ["G1", "Ann", 120.0],
        ["G1", "Bo", 95.0],
        ["G2", "Ann", 3.0],
        ["G2", "Cy", "x"],  # a mistyped score
        [None, None, None],
        ["G3", "Bo", 8.0],
        ["G3", "Cy", 1.0],
    ]
    column = call_cells(CATALOGUE["RPLOPS_POINTS"], [results])
    bad = CellError("#VALUE!", "score in row 5 is the text 'x'; expected a number")
    # Two-player games: the winner 2 x 50 x 2 / 3 (rank 1 of 2), the other 50 x 2 / 3.
    assert column == [
        [pytest.approx(200 / 3)],
        [pytest.approx(100 / 3)],
        [bad],
        [bad],
        [None],
        [pytest.approx(200 / 3)],
        [pytest.approx(100 / 3)],
    ]
    # The standings stay one error: a total missing a game would be a wrong total.
    assert call_cells(CATALOGUE["RPLOPS_STANDINGS"], [results]) == bad


def test_an_error_of_the_whole_table_is_not_split_into_games() -> None:
    results = [["game", "player", "score"], ["G1", "Ann", 1.0], ["G1", "Bo", 2.0]]
    assert call_cells(CATALOGUE["RPLOPS_POINTS"], [results, 50.0, 3.0]) == CellError(
        "#VALUE!", "version 3 is outside 1..2"
    )
    # Size Matters' boards are numbered within each round: the round is part of a board's group.
    board: list[list[object]] = [
        [r, 1.0, p, c] for r in (1.0, 2.0) for p, c in zip("ABCDEFG", (12, 8, 7, 7, 0, 0, 0), strict=True)
    ]
    board[-1][3] = -1.0
    column = call_cells(CATALOGUE["SIZE_MATTERS_POINTS"], [[["round", "board", "player", "centres"], *board]])
    assert [round(v[0], 2) for v in column[:4]] == [74.12, 49.41, 45.0, 45.0]
    assert all(isinstance(v[0], CellError) for v in column[7:])


def test_an_empty_table_shows_its_header() -> None:
    assert call_cells(CATALOGUE["RPLOPS_STANDINGS"], [[["game", "player", "score"]]]) == [
        ["Place", "Player", "Games", "Hours", "Points", "Points per game", "Points per hour"]
    ]
    assert call_cells(CATALOGUE["GIBBS_RATINGS"], [[["game", "player", "place"]]]) == [
        ["Place", "Player", "Pool", "RP", "Games", "Last change"]
    ]
    assert call_cells(CATALOGUE["LEAGUE_SEASON_GAMES"], ["AGR", 1.0, [["division", "league", "slot", "player"]]]) == [
        ["Name", "Division", "League", "Game"]
    ]


def test_game_ids_typed_as_numbers_come_back_as_numbers() -> None:
    history: list[list[object]] = [
        ["game", "player", "place"],
        [1.0, "Ann", 1.0],
        [1.0, "Bo", 2.0],
        [2.0, "Ann", 2.0],
        [2.0, "Bo", 1.0],
    ]
    steps = call_cells(CATALOGUE["GIBBS_RATINGS"], [history, None, None, None, None, None, True])
    assert [row[0] for row in steps[1:]] == [1, 1, 2, 2]
    history[1][0] = history[2][0] = "G1"
    steps = call_cells(CATALOGUE["GIBBS_RATINGS"], [history, None, None, None, None, None, True])
    assert [row[0] for row in steps[1:]] == ["G1", "G1", 2, 2]


def test_an_error_cell_in_one_game_shows_on_that_games_rows_as_it_is() -> None:
    results: list[list[object]] = [
        ["game", "player", "score"],
        ["G1", "Ann", 120.0],
        ["G1", "Bo", "#N/A"],  # a lookup that found nothing
        ["G2", "Ann", 3.0],
        ["G2", "Cy", 8.0],
    ]
    column = call_cells(CATALOGUE["RPLOPS_POINTS"], [results])
    assert column == [[CellError("#N/A")], [CellError("#N/A")], [pytest.approx(100 / 3)], [pytest.approx(200 / 3)]]
    assert call_cells(CATALOGUE["RPLOPS_STANDINGS"], [results]) == CellError("#N/A")


def test_classic_xlwings_error_text_is_read_as_the_error_it_shows() -> None:
    # Classic xlwings shows an xlscore error as the text "#VALUE! <message>": a formula reading it passes it on.
    assert call_cells(RPLOPS, ["#VALUE! rank 6 is outside 1..5", 5.0]) == CellError("#VALUE!", "rank 6 is outside 1..5")
    # A name that merely begins with # is a name.
    assert call_cells(CATALOGUE["LEAGUE_POINTS"], [1.0, 4.0]) == 10
    table = [["game", "player", "score"], ["G1", "#1 seed", 3.0], ["G1", "Bo", 2.0]]
    assert call_cells(CATALOGUE["RPLOPS_POINTS"], [table]) == [[pytest.approx(200 / 3)], [pytest.approx(100 / 3)]]


def test_a_bad_board_above_a_good_one_leaves_the_good_ones_figures_on_their_own_rows() -> None:
    # The TGA's Empire Builder board (3.028, 2.492, 1.24, 0.194) below a board with a mistyped money cell.
    boards: list[list[object]] = [["game", "board", "place", "player", "money"], ["EB", "B1", 1, "Al", "x"]]
    boards += [["EB", "B1", 2, "Bea", 100]]
    jenny = zip(("Jenny", "Damien", "Stephen", "Sybil"), (252_000, 248_000, 121_000, 98_000), strict=True)
    boards += [["EB", "B2", place, player, money] for place, (player, money) in enumerate(jenny, start=1)]
    column = call_cells(CATALOGUE["PB_POINTS"], [boards])
    bad = CellError("#VALUE!", "money in row 2 of boards is the text 'x'; expected a number at least 0")
    assert column[:2] == [[bad], [bad]]
    assert [round(row[0], 3) for row in column[2:]] == [3.028, 2.492, 1.24, 0.194]


def test_an_error_cell_is_found_among_repeated_values_and_cells_that_cannot_be_hashed() -> None:
    # The cells of a range are looked at once per distinct value: an error repeated, or after a value that cannot be
    # hashed, is found all the same; every code begins with #, which the quick look relies on.
    assert all(code.startswith("#") for code in ERROR_CODES)
    table: list[list[object]] = [["game", "player", "score"], ["G1", "Ann", 3.0], ["G1", "Bo", "#N/A"]]
    table += [["G2", "Ann", 3.0], ["G2", "Bo", "#N/A"]]
    assert call_cells(CATALOGUE["RPLOPS_STANDINGS"], [table]) == CellError("#N/A")
    assert _first_error([1.0, [2.0], "Ann", "#DIV/0!"]) == CellError("#DIV/0!")
    assert _first_error([1.0, "Ann", 1.0, "Ann", None, True]) is None


def test_a_bad_game_of_round_1_leaves_a_later_rounds_games_their_points() -> None:
    # Scored apart, round 2's game has no round 1 above it: the points of each row do not ask rounds in order (the
    # standings do), so it shows its points. Two-player games: the winner 200 / 3, the other 100 / 3.
    results: list[list[object]] = [
        ["round", "game", "player", "score"],
        [1.0, "T1", "Ann", 120.0],
        [1.0, "T1", "Bo", "x"],
        [2.0, "T1", "Ann", 3.0],
        [2.0, "T1", "Bo", 8.0],
    ]
    bad = CellError("#VALUE!", "score in row 3 is the text 'x'; expected a number")
    column = call_cells(CATALOGUE["RPLOPS_POINTS"], [results])
    assert column == [[bad], [bad], [pytest.approx(100 / 3)], [pytest.approx(200 / 3)]]
    boards: list[list[object]] = [["round", "board", "player", "centres"]]
    boards += [[r, 1.0, p, c] for r in (1.0, 2.0) for p, c in zip("ABCDEFG", (12, 8, 7, 7, 0, 0, 0), strict=True)]
    boards[1][3] = -1.0
    column = call_cells(CATALOGUE["SIZE_MATTERS_POINTS"], [boards])
    assert all(isinstance(v[0], CellError) for v in column[:7])
    assert [round(v[0], 2) for v in column[7:11]] == [74.12, 49.41, 45.0, 45.0]
    # A round column left blank: the games are grouped by their names alone, as without the column.
    blank = [results[0], *([None, *row[1:]] for row in results[1:3]), [None, "T2", "Ann", 3.0], [None, "T2", "Cy", 8.0]]
    column = call_cells(CATALOGUE["RPLOPS_POINTS"], [blank])
    assert column == [[bad], [bad], [pytest.approx(100 / 3)], [pytest.approx(200 / 3)]]
