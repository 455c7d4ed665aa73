"""Issue 32: no cell an xlscore function fills holds more than Excel's 32,767 characters, and a message quotes at
most the first 40 characters of a value (:func:`xlscore.core.errors.briefly`, the one place every message passes)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlscore.core.errors import InputError, briefly
from xlscore.excel.functions.catalogue import CATALOGUE
from xlscore.excel.functions.cells import CellError
from xlscore.excel.functions.edge import call_cells

CELL_TEXT = 32_767
LEAGUES = [["division", "league", "slot", "player"]] + [[1, "A", i, f"P{i}"] for i in range(1, 9)]


def _longest(result: object) -> int:
    cells = [v for row in result for v in row] if isinstance(result, list) else [result]
    return max(len(v) for v in cells if isinstance(v, str))


def test_league_season_games_with_a_32767_character_event_code_fills_no_cell_over_the_limit() -> None:
    result = call_cells(CATALOGUE["LEAGUE_SEASON_GAMES"], ["X" * CELL_TEXT, 1, LEAGUES])
    assert _longest(result) <= CELL_TEXT  # 32,778-character game names before
    name = result[1][0]
    assert isinstance(name, CellError)
    assert name.code == "#VALUE!"
    assert name.message == "a text of 32,778 characters, more than the 32,767 a cell holds (Excel's limit)"
    assert call_cells(CATALOGUE["LEAGUE_SEASON_GAMES"], ["AGR", 1, LEAGUES])[1][0] == "AGR S1 L1-A G1"


@pytest.mark.parametrize(
    ("function", "position"),
    [("SIZE_MATTERS_STANDINGS", 2), ("LEAGUE_STANDINGS", 2), ("GIBBS_RATINGS", 6), ("GIBBS_RP_BY_GAME", 7)],
)
def test_a_message_quoting_a_32767_character_cell_quotes_a_short_start(function: str, position: int) -> None:
    args: list[object] = [None] * len(CATALOGUE[function].arguments)
    args[position] = "Y" * CELL_TEXT
    result = call_cells(CATALOGUE[function], args)
    assert isinstance(result, CellError)
    assert len(result.message) < 300  # 32,837 bytes before
    assert "Y" * 40 not in result.message
    assert "YYYYYYYYYY..." in result.message


@given(st.text(alphabet="abc ,.;", max_size=200), st.text(alphabet="xyz'", min_size=41, max_size=5_000))
def test_every_quoted_value_is_cut_and_the_rest_kept(before: str, value: str) -> None:
    message = str(InputError(f"players is {value!r}; expected {before}"))
    assert message.endswith(f"; expected {before}")
    assert len(message) <= len("players is ''...; expected ") + 40 + len(before)
    assert value not in message


def test_apostrophes_in_words_are_not_taken_for_quotes() -> None:
    text = "game 'G1': the winner's score is 0; expected more than 0 (the percentage of the winner's score)"
    assert briefly(text) == text
