"""PLAYERS_SHOWN: the sentence beside a table says whether it shows every player, and how many are missing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlscore import InputError, players_shown
from xlscore.core.events.shown import MISSING

HEADER = "Place"


def test_a_table_holding_every_player_says_so() -> None:
    # Six names, Ann and Bo twice: five different players, five rows under the header.
    players = ["Ann", "Bo", "Cy", "Ann", "Di", None, "Eve", "Bo"]
    assert players_shown([HEADER, 1, 2, 3, 4, 5], players) == "All 5 players shown"


def test_a_table_cut_short_says_how_many_it_shows_of_how_many() -> None:
    # Seven players, a table area of six rows: a header and five.
    players = ["Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Zed"]
    said = players_shown([HEADER, 1, 2, 3, 4, 5], players)
    assert said.startswith(f"7 players, 5 {MISSING}")
    assert "docs/guide/libreoffice.md" in said


def test_blank_rows_below_the_answer_are_not_rows_shown() -> None:
    # LibreOffice pads an answer shorter than its area with empty texts.
    assert players_shown([HEADER, 1, 2, "", "", None], ["Ann", "Bo", "Cy"]).startswith(f"3 players, 2 {MISSING}")


def test_no_players_yet() -> None:
    assert players_shown([HEADER, "", ""], [None, " ", ""]) == "No players yet"


def test_a_seating_has_a_row_per_player_per_round() -> None:
    # 16 players, 5 rounds: 80 seats; the area shows 79.
    players = [f"P{i}" for i in range(16)]
    assert players_shown(["Round", *range(80)], players, "seats", 5) == "All 80 seats shown"
    assert players_shown(["Round", *range(79)], players, "seats", 5).startswith(f"80 seats, 79 {MISSING}")


def test_names_are_read_as_xlscore_reads_them() -> None:
    # Trimmed, case kept: "Ann " is Ann, "ann" another player; a whole number typed as a name is its digits.
    assert players_shown([HEADER, 1, 2, 3], ["Ann", "Ann ", "ann", 7.0, "7"]) == "All 3 players shown"


@pytest.mark.parametrize(("noun", "times", "message"), [(3, 1, "noun is 3"), ("players", 0, "times is 0")])
def test_bad_input_names_the_argument(noun: object, times: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        players_shown([HEADER], ["Ann"], noun, times)  # type: ignore[arg-type]


@given(
    st.lists(st.sampled_from(["Ann", "Bo", "Cy", "Di", "Eve", None]), max_size=30),
    st.integers(min_value=0, max_value=8),
    st.integers(min_value=1, max_value=4),
)
def test_the_sentence_says_all_exactly_when_no_row_is_missing(players: list[str | None], rows: int, times: int) -> None:
    expected = len({p for p in players if p is not None}) * times
    said = players_shown([HEADER, *range(1, rows + 1)], players, "players", times)
    if expected == 0:
        assert said == "No players yet"
    elif expected > rows:
        assert said.startswith(f"{expected} players, {rows} {MISSING}")
    else:
        assert said == f"All {rows} players shown"


def test_a_table_that_is_an_error_gives_the_sentence_an_error_that_says_so() -> None:
    # The engine passes an error on from another cell without its words: the sentence words it; an error that
    # comes with words (classic xlwings' "#VALUE! ...") keeps them; an error in the players column is passed on.
    from xlscore.core.events.shown import TABLE_FAILED
    from xlscore.excel.functions.catalogue import CATALOGUE
    from xlscore.excel.functions.cells import CellError
    from xlscore.excel.functions.edge import call_cells

    function = CATALOGUE["PLAYERS_SHOWN"]
    passed = [[CellError("#VALUE!")], [None], [None]]
    assert call_cells(function, [passed, [["Ann"]]]) == CellError("#VALUE!", TABLE_FAILED)
    worded = [["#VALUE! players has 29 names"], [None]]
    assert call_cells(function, [worded, [["Ann"]]]) == CellError("#VALUE!", "players has 29 names")
    assert call_cells(function, [[["Place"], [1]], [["Ann"], [CellError("#N/A")]]]) == CellError("#N/A")
