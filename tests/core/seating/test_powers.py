"""Powers at a Diplomacy table (xlscore/core/seating/powers.py, next_round(powers=...)): nobody plays a power again
while the rounds allow it."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlscore import InputError, TableError
from xlscore.core.seating import Seating, next_round
from xlscore.core.seating.powers import PowerSeat, give_powers, powers_played
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


def _power_rows(seated: Seating) -> list[PowerSeat]:
    """A round seated with powers: every row a PowerSeat."""
    rows = [row for row in seated.rows if isinstance(row, PowerSeat)]
    assert len(rows) == len(seated.rows)
    return rows


def _repeat_free(table: list[str], played: dict[str, set[str]], powers: tuple[str, ...]) -> bool:
    """Whether some way of giving ``table`` distinct powers has nobody play a power again: tried by brute force
    (every ordered choice of the powers; at most 7! = 5,040)."""
    return any(
        all(power not in played.get(player, set()) for player, power in zip(table, chosen, strict=False))
        for chosen in permutations(powers, len(table))
    )


histories = st.lists(  # a history: rows (round, table, player, power) of up to 6 earlier rounds of 7 players
    st.tuples(st.integers(1, 6), st.sampled_from(PLAYERS[:9]), st.sampled_from(POWER_NAMES)), max_size=40
)


@settings(max_examples=150, deadline=None)
@given(histories, st.integers(3, 7), st.randoms(use_true_random=False))
def test_nobody_repeats_a_power_while_a_repeat_free_assignment_exists(
    history: list[tuple[int, str, str]], size: int, rng: object
) -> None:
    """Through generated histories (any powers, any counts, players who played a power twice), a table of 3 to 7
    gets a repeat only when no repeat-free assignment exists, found by brute force; the report counts them."""
    table = PLAYERS[:9]
    rng.shuffle(table)  # type: ignore[attr-defined]
    table = table[:size]
    # each row a board of its own: a player may have played a power any number of times
    rows = [["round", "table", "player", "power"], *([r, i, p, power] for i, (r, p, power) in enumerate(history))]
    played: dict[str, set[str]] = {}
    for _, player, power in history:
        played.setdefault(player, set()).add(power)
    seated = next_round(table, rows, 7, size, powers=POWER_NAMES)
    given_ = {row.player: row.power for row in _power_rows(seated)}
    assert sorted(given_) == sorted(table)
    assert len(set(given_.values())) == size
    again = sum(1 for player, power in given_.items() if power in played.get(player, set()))
    if _repeat_free(table, played, POWER_NAMES):
        assert again == 0
    assert seated.quality.seat_name == "power"
    assert seated.quality.seat_repeats == again
    must = sum(1 for player in table if played.get(player, set()) >= set(POWER_NAMES))
    assert seated.quality.seat_repeats_lower_bound == must <= again


def test_a_small_event_by_hand() -> None:
    # Three players at a board of 3 (powers Austria, England, France for the test), two rounds played:
    #   Ann: Austria, England  -> only France is new to her;
    #   Bo:  France, Austria   -> only England is new;
    #   Cy:  England, France   -> only Austria is new.
    # Round 3 has exactly one repeat-free assignment, and next_round must find it; the report counts 0 repeats
    # against a bound of 0 (nobody has played all three), and the most plays of one power is 1.
    three = ("Austria", "England", "France")
    history = [
        ["round", "table", "player", "power"],
        [1, 1, "Ann", "Austria"],
        [1, 1, "Bo", "France"],
        [1, 1, "Cy", "England"],
        [2, 1, "Ann", "England"],
        [2, 1, "Bo", "Austria"],
        [2, 1, "Cy", "France"],
    ]
    seated = next_round(["Ann", "Bo", "Cy"], history, 3, 3, powers=three)
    assert {(row.player, row.power, row.seat) for row in _power_rows(seated)} == {
        ("Ann", "France", 3),
        ("Bo", "England", 2),
        ("Cy", "Austria", 1),
    }
    assert [row.seat for row in seated.rows] == [1, 2, 3]
    assert (seated.quality.seat_repeats, seated.quality.seat_repeats_lower_bound) == (0, 0)
    assert "power repeats: 0 (at least 0); most times one player takes one power: 1" in seated.quality.lines()
    # A round 4 can only repeat: each has played all three, so the bound is 3 and each plays one power twice.
    history += [[3, 1, row.player, row.power] for row in _power_rows(seated)]
    fourth = next_round(["Ann", "Bo", "Cy"], history, 4, 3, powers=three)
    assert (fourth.quality.seat_repeats, fourth.quality.seat_repeats_lower_bound, fourth.quality.most_in_one_seat) == (
        3,
        3,
        2,
    )
