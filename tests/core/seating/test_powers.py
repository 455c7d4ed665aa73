"""Powers at a Diplomacy table (xlscore/core/seating/powers.py, next_round(powers=...)): nobody plays a power again
while the rounds allow it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlscore import InputError, TableError
from xlscore.core.seating import next_round
from xlscore.core.seating.powers import give_powers, powers_played
from xlscore.core.systems.diplomacy.board import POWER_NAMES

PLAYERS = [f"P{i:02}" for i in range(14)]


def test_a_table_gets_the_powers_nobody_played() -> None:
    # Ann played Austria twice and England once: she gets a power she never played; Bo played only France.
    played = {"Ann": {"Austria": 2, "England": 1}, "Bo": {"France": 1}}
    given_ = give_powers(["Ann", "Bo"], played, ["Austria", "England", "France"])
    assert given_["Ann"] == "France"
    assert given_["Bo"] in {"Austria", "England"}


def test_the_least_played_power_when_every_power_was_played() -> None:
    # Every power played: Cy has Austria once and England three times, so Austria is his repeat of least cost.
    played = {"Cy": {"Austria": 1, "England": 3}}
    assert give_powers(["Cy"], played, ["Austria", "England"]) == {"Cy": "Austria"}


def test_bad_powers_are_refused_naming_the_row() -> None:
    with pytest.raises(TableError, match="power in row 2 of history"):
        powers_played([["player", "power"], ["Ann", "Atlantis"]], POWER_NAMES)
    with pytest.raises(InputError, match="a table of 3 players"):
        give_powers(["A", "B", "C"], {}, ["Austria", "England"])


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 4), st.randoms(use_true_random=False))
def test_up_to_four_rounds_nobody_plays_a_power_twice(rounds: int, rng: object) -> None:
    """Each round before forbids a player one power of seven, so up to round 4 every player of a table has at least
    four of the seven left, at least half: a table can always give everyone a new power (Hall's condition), and
    next_round must find it."""
    history: list[list[object]] = [["round", "table", "player", "power"]]
    for number in range(1, rounds):
        order = PLAYERS[:]
        rng.shuffle(order)  # type: ignore[attr-defined]
        for table in range(2):
            powers = list(POWER_NAMES)
            rng.shuffle(powers)  # type: ignore[attr-defined]
            for player, power in zip(order[7 * table : 7 * table + 7], powers, strict=True):
                history.append([number, table + 1, player, power])
    seated = next_round(PLAYERS, history, rounds, 7, powers=POWER_NAMES)
    before = {(row[2], row[3]) for row in history[1:]}
    seats = {row.player: (row.table, row.seat or 0) for row in seated.rows}
    for player, (_, seat) in seats.items():
        assert (player, POWER_NAMES[seat - 1]) not in before
    for board in {at for at, _ in seats.values()}:
        assert sorted(seat for at, seat in seats.values() if at == board) == list(range(1, 8))
