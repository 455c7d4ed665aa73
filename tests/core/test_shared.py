"""The shared pieces: argument checks, places and ties, half-up rounding, table reading."""

from __future__ import annotations

import re
from typing import Any

import pandas as pd
import pytest

from xlscore.core.errors import InputError, TableError
from xlscore.core.events.placement import mean_place, mean_places, places_from_values, shared_places
from xlscore.core.events.rows import read_rows
from xlscore.core.rounding import round_half_up
from xlscore.core.validate import number, numbers, whole


def test_whole_accepts_excel_floats_and_refuses_fractions() -> None:
    assert whole("place", 3.0, 1, 5) == 3
    with pytest.raises(InputError, match=re.escape("place is 2.5; expected a whole number 1..5")):
        whole("place", 2.5, 1, 5)
    with pytest.raises(InputError, match=re.escape("place 6 is outside 1..5")):
        whole("place", 6, 1, 5)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (None, "hours is blank; expected a number greater than 0"),
        ("2h", "hours is the text '2h'; expected a number greater than 0"),
        (False, "hours is the logical value FALSE"),
        (float("nan"), "hours is nan"),
        (-0.5, "hours is -0.5; expected a number greater than 0"),
    ],
)
def test_number_messages(value: object, message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        number("hours", value, positive=True)


def test_places_from_values_is_competition_ranking() -> None:
    assert places_from_values([90, 80, 80, 70]) == ((1, 1), (2, 2), (2, 2), (4, 1))
    assert places_from_values([1, 2, 2, 3], higher_is_better=False) == ((1, 1), (2, 2), (2, 2), (4, 1))
    assert mean_places([1, 2, 2, 4]) == (1, 2.5, 2.5, 4)
    tie = (2 + 3 + 4) / 3  # three players tied behind the winner occupy places 2, 3 and 4
    assert mean_places([3, 1, 3, 3]) == (tie, 1, tie, tie)


def test_mean_place_and_shared_places() -> None:
    assert mean_place(2, 5, 2) == 2.5
    assert mean_place(2.5, 5) == 2.5
    assert shared_places(2, 4, 3) == range(2, 5)
    with pytest.raises(InputError, match=re.escape("place is 2.5; expected a whole number 1..4")):
        shared_places(2.5, 4)


def test_round_half_up_on_the_printed_decimal() -> None:
    assert round_half_up(0.3125, 3) == 0.313
    assert round_half_up(2.675, 2) == 2.68  # the float is 2.67499999..., but it prints as 2.675
    assert round_half_up(-0.0005, 3) == -0.001


def test_read_rows_from_sequences_mappings_and_header_case() -> None:
    rows = read_rows([["Player", "PLACE"], ["Ann", 1], [None, None], ["Bo", 2]], ["player", "place"])
    assert [(r["player"], r["place"], r["_row"]) for r in rows] == [("Ann", 1, 2), ("Bo", 2, 4)]
    mapped = read_rows([{"player": "Ann", "place": 1}], ["player", "place"], ["pool"])
    assert mapped[0]["pool"] is None
    with pytest.raises(TableError, match=re.escape("results has no column 'place'")):
        read_rows([["player"], ["Ann"]], ["player", "place"])
    with pytest.raises(TableError, match="expected a table"):
        read_rows(42, ["player"])


def test_a_dataframe_naming_a_column_twice_is_refused() -> None:
    # Before, pandas dropped one of the two columns (with a warning) or raised its own AttributeError.
    frame = pd.DataFrame([[1, 2, 3]], columns=["game", "Player", "player"])
    with pytest.raises(TableError, match=re.escape("results has the column 'player' twice; expected each column once")):
        read_rows(frame, ["game", "player"])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: number("x", 10**400), "x is 1000000000000000000000000000000000000...; expected a number"),
        (lambda: number("hours", 1e308), "hours is 1e+308; expected a number (xlscore takes numbers up to 1E15"),
        (lambda: whole("n", 10**16), "n is 10000000000000000; expected a whole number"),
        (lambda: numbers("scores", 5), "scores is 5; expected a list of numbers"),
        (lambda: numbers("scores", {"a": 1}), "scores is {'a': 1}; expected a list of numbers"),
    ],
)
def test_numbers_past_any_sane_size_and_single_values_for_lists_are_named(call: Any, message: str) -> None:
    # Before: OverflowError, an infinite result, or a TypeError from inside the rule.
    with pytest.raises(InputError, match=re.escape(message)):
        call()


@pytest.mark.parametrize(
    "table",
    [
        [["G1", "A", 3], ["G1", "B", 2]],  # no header row: the first row is read as one
        pd.DataFrame([["G1", "B", 2]], columns=["G1", "A", 3]),
        [{"G1": "G1", "A": "B", 3: 2}],
    ],
    ids=["range", "dataframe", "mappings"],
)
def test_a_missing_column_message_shows_the_header_as_typed(table: object) -> None:
    from xlscore import rplops_standings

    with pytest.raises(TableError) as missing:
        rplops_standings(table)
    assert str(missing.value) == (
        "results has no column 'game', 'player'; expected columns game, player, score, place, hours, round "
        "(its header has G1, A, 3)"
    )


def test_a_dataframe_keeps_its_column_names_in_messages() -> None:
    from xlscore import league_standings, rplops_standings

    frame = pd.DataFrame({"Game": ["G1", "G1"], "Player": ["Ann", "Bo"], "Score": [3, "x"]})
    with pytest.raises(TableError, match=r"^Score in row 3 is the text 'x'; expected a number$"):
        rplops_standings(frame)
    with pytest.raises(TableError, match=r"^Score in row 3 is the text 'x'; expected a number at least 0$"):
        league_standings(frame)


def test_the_gibbs_history_reader_names_columns_as_typed_too() -> None:
    from xlscore import gibbs_ratings

    frame = pd.DataFrame({"Game": [1, 1], "Player": ["Ann", "Bo"], "Place": [1, "x"]})
    with pytest.raises(TableError, match=r"^Place in row 3 is the text 'x'; expected a number$"):
        gibbs_ratings(frame)
    with pytest.raises(TableError, match=r"^PLACE in row 3 is 7; expected 1\.\.2 \(game 1 has 2 players\)$"):
        gibbs_ratings([["game", "player", "PLACE"], [1, "Ann", 1], [1, "Bo", 7]])
