"""=SEATING(players, rounds, [table_size], [history], [avoid]) as a sheet calls it."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from xlscore.excel.functions import reference
from xlscore.excel.functions.catalogue import CATALOGUE
from xlscore.excel.functions.cells import CellError
from xlscore.excel.functions.edge import call_cells

SEATING = CATALOGUE["SEATING"]
PLAYERS = [[f"P{i}"] for i in range(1, 17)]


def test_signature_is_the_issues() -> None:
    assert reference.signature(SEATING) == "SEATING(players, rounds, [table_size], [history], [avoid], [byes])"


def test_a_column_of_players_gives_one_row_per_player_per_round_under_a_header() -> None:
    grid = call_cells(SEATING, [PLAYERS, [[5.0]]])
    assert grid[0] == ["Round", "Table", "Seat", "Player", "Board"]
    assert len(grid) == 1 + 16 * 5
    assert all(board == f"R{round_} T{table}" for round_, table, _seat, _player, board in grid[1:])
    tables: dict[tuple[int, int], list[str]] = {}
    for round_, table, _seat, player, _board in grid[1:]:
        tables.setdefault((round_, table), []).append(player)
    met = Counter(frozenset(pair) for table in tables.values() for pair in combinations(table, 2))
    assert len(met) == 120  # the affine plane: all 16 x 15 / 2 pairs, once each
    assert set(met.values()) == {1}


def test_avoid_and_history_as_sheet_tables_with_header_rows() -> None:
    avoid = [["player", "other"], ["P1", "P2"], [None, None]]
    history = [["game", "player"], ["G1", "P3"], ["G1", "P4"]]
    grid = call_cells(SEATING, [PLAYERS[:8], [[2.0]], [[None]], history, avoid])
    tables: dict[tuple[int, int], set[str]] = {}
    for round_, table, _seat, player, _board in grid[1:]:
        tables.setdefault((round_, table), set()).add(player)
    assert not any({"P1", "P2"} <= t for t in tables.values())
    assert not any({"P3", "P4"} <= t for t in tables.values())


def test_a_blank_avoid_table_is_no_constraint() -> None:
    assert call_cells(SEATING, [PLAYERS, [[5.0]], [[4.0]], [[None]], [[None, None], [None, None]]]) == call_cells(
        SEATING, [PLAYERS, [[5.0]]]
    )


def test_bad_input_is_an_error_value_naming_the_argument() -> None:
    result = call_cells(SEATING, [PLAYERS[:5], [[2.0]]])
    assert isinstance(result, CellError)
    assert result.code == "#VALUE!"
    assert result.message.startswith("players has 5 names; tables of 4 and 3 cannot seat 5")
    result = call_cells(SEATING, [PLAYERS, [[2.0]], [[4.0]], [[None]], [["P1", "Zed"]]])
    assert isinstance(result, CellError)
    assert "avoid row 1 names 'Zed', who is not in players" in result.message
