"""Names: league letters, league labels and the game-name pattern 'AGR S2 L3-B G12'."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlscore.core.errors import InputError
from xlscore.core.systems.league.naming import league_game_name, league_letter, league_name, league_number


def test_the_sources_example_name() -> None:
    # 'AGR S2 L3-B G12': event AGR, season 2, division 3 league B, game 12 of that league.
    assert league_game_name("AGR", 2, 3, "B", 12) == "AGR S2 L3-B G12"
    assert league_game_name(" AGR ", 2.0, 3.0, "b", 12.0) == "AGR S2 L3-B G12"  # type: ignore[arg-type]


def test_league_labels() -> None:
    assert league_name(1, "A") == "L1-A"
    assert league_name(3, "d") == "L3-D"
    # Division 6 holds 2 ** 5 = 32 leagues: A to Z, then AA to AF.
    assert league_name(6, "AF") == "L6-AF"


def test_letters_go_on_as_spreadsheet_columns() -> None:
    assert [league_letter(n) for n in (1, 2, 26, 27, 28, 32, 52, 53)] == ["A", "B", "Z", "AA", "AB", "AF", "AZ", "BA"]
    assert league_number("AA") == 26 + 1
    assert league_number("ba") == 2 * 26 + 1


@given(st.integers(1, 2**13))  # division 14, the deepest, holds 2^13 leagues
def test_letters_and_numbers_round_trip(n: int) -> None:
    assert league_number(league_letter(n)) == n


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: league_name(1, "B"), "league is B; expected a league of division 1, A to A"),
        (lambda: league_name(3, "E"), "league is E; expected a league of division 3, A to D"),
        (lambda: league_name(2, "2"), "league is '2'; expected a league letter such as A or B"),
        (lambda: league_name(2, None), "league is blank; expected a league letter"),  # type: ignore[arg-type]
        (lambda: league_name(2, "A-1"), "league is 'A-1'; expected a league letter"),
        (lambda: league_name(0, "A"), "division 0 is outside 1..14"),
        (lambda: league_game_name("", 1, 1, "A", 1), "event_code is blank; expected the event's short code"),
        (lambda: league_game_name(7, 1, 1, "A", 1), "event_code is 7; expected the event's short code"),  # type: ignore[arg-type]
        (lambda: league_game_name("AGR", 0, 1, "A", 1), "season is 0; expected a whole number at least 1"),
        (lambda: league_game_name("AGR", 1, 1, "A", 0), "game is 0; expected a whole number at least 1"),
        (lambda: league_letter(0), "league 0 is outside 1..8192"),
    ],
)
def test_bad_input_is_named(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(InputError, match=re.escape(message)):
        call()


def test_a_division_deeper_than_any_league_holds_is_refused_at_once() -> None:
    # Before, division 1E9 computed 2 ** (1E9 - 1) and ran for minutes.
    with pytest.raises(InputError, match=re.escape("division 1000000000 is outside 1..14")):
        league_name(10**9, "A")
