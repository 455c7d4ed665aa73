"""Seating: every round a partition into tables of the sizes asked, constraints kept, known designs without repeats.

Every property is recounted here from the rows, independently of the quality report, and the report is held to
the recount. Lower bounds are the arithmetic written out.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xlscore
from xlscore import InputError
from xlscore.core.seating import SeatingRow, inputs, search, seating

Rows = tuple[SeatingRow, ...]


def named(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def tables_of(rows: Rows) -> dict[tuple[int, int], list[str]]:
    """Each (round, table)'s players in seat order, recounted from the rows."""
    found: dict[tuple[int, int], list[tuple[int, str]]] = {}
    for row in rows:
        if row.table is None or row.seat is None:
            continue  # a bye
        found.setdefault((row.round, row.table), []).append((row.seat, row.player))
    return {key: [p for _, p in sorted(seats)] for key, seats in found.items()}


def meetings(rows: Rows) -> Counter[frozenset[str]]:
    return Counter(frozenset(pair) for table in tables_of(rows).values() for pair in combinations(table, 2))


def recount_repeats(rows: Rows, history: list[list[str]] = ()) -> int:  # type: ignore[assignment]
    met_before = {frozenset(pair) for game in history for pair in combinations(game, 2)}
    return sum(times if pair in met_before else times - 1 for pair, times in meetings(rows).items())


CASES = [(16, 5, 4), (18, 3, 4), (23, 4, 4), (9, 4, 3), (30, 5, 7), (10, 3, 5), (16, 6, 6), (41, 4, 7)]


@pytest.mark.parametrize(("players", "rounds", "size"), CASES)
def test_every_player_sits_once_a_round_at_tables_of_the_sizes_asked(players: int, rounds: int, size: int) -> None:
    result = seating(named(players), rounds, size)
    assert len(result.rows) == players * rounds
    tables = tables_of(result.rows)
    for r in range(1, rounds + 1):
        seated = [p for (rr, _), table in tables.items() if rr == r for p in table]
        assert sorted(seated) == sorted(named(players))  # nobody twice, nobody left out
        sizes = sorted((len(t) for (rr, _), t in tables.items() if rr == r), reverse=True)
        # The fewest tables of one size less: players = full x size + short x (size - 1).
        short = -(-players // size) * size - players
        assert sizes == [size] * (len(sizes) - short) + [size - 1] * short
        assert sum(sizes) == players
    for table in tables.values():  # seats 1.. in order, no seat twice
        assert len(table) == len(set(table))
    assert {(r.round, r.table, r.seat) for r in result.rows} == {
        (r, t, s) for (r, t), table in tables.items() for s in range(1, len(table) + 1)
    }


def test_eighteen_in_tables_of_four_is_two_of_four_and_two_of_three_when_three_of_four_leave_six() -> None:
    # 18 = 4 + 4 + 4 + 3 + 3: five tables, the fewest of them short.
    sizes = sorted(Counter(r.table for r in seating(named(18), 1, 4).rows).values(), reverse=True)
    assert sizes == [4, 4, 4, 3, 3]


@pytest.mark.parametrize(("players", "rounds", "size"), [(16, 5, 4), (9, 4, 3), (25, 6, 5), (49, 8, 7), (20, 5, 4)])
def test_known_designs_have_every_pair_meet_at_most_once(players: int, rounds: int, size: int) -> None:
    result = seating(named(players), rounds, size)
    met = meetings(result.rows)
    assert max(met.values()) == 1
    assert result.quality.repeats == 0 == result.quality.repeats_lower_bound
    assert result.quality.design


def test_sixteen_in_tables_of_four_for_five_rounds_is_the_affine_plane_every_pair_exactly_once() -> None:
    result = seating(named(16), 5, 4)
    met = meetings(result.rows)
    assert len(met) == 16 * 15 // 2  # all 120 pairs: 5 rounds x 4 tables x 6 pairs
    assert set(met.values()) == {1}
    assert result.quality.design == "the affine plane of order 4"


def test_kirkmans_schoolgirls_meet_every_other_girl_exactly_once() -> None:
    # 15 in tables of 3 for 7 rounds: Kirkman's 1850 problem; 7 rounds x 5 tables x 3 pairs = 105 = 15 x 14 / 2.
    result = seating(named(15), 7, 3)
    assert result.quality.design == "Kirkman's schoolgirls"
    met = meetings(result.rows)
    assert len(met) == 105
    assert set(met.values()) == {1}


def test_a_known_design_bends_to_a_pair_kept_apart_and_to_fixed_tables_without_a_repeat() -> None:
    # 4 of the affine plane's 5 rounds leave each pair's meeting to one round at most: P1 and P2 can be kept apart,
    # and P1 and P9 kept at tables 1 and 4, with no pair meeting twice.
    result = seating(named(16), 4, 4, avoid=[("P1", "P2")], fixed={"P1": 1, "P9": 4})
    met = meetings(result.rows)
    assert met[frozenset(("P1", "P2"))] == 0
    assert max(met.values()) == 1
    assert {r.table for r in result.rows if r.player == "P1"} == {1}
    assert {r.table for r in result.rows if r.player == "P9"} == {4}


def test_a_sixth_round_of_sixteen_forces_twenty_four_repeats_and_the_search_meets_the_bound() -> None:
    # Each player meets 6 x 3 = 18 opponents of 15: at least 3 repeats each, each counted by both: 16 x 3 / 2 = 24.
    quality = seating(named(16), 6, 4).quality
    assert quality.repeats_lower_bound == 16 * (6 * 3 - 15) // 2
    assert quality.repeats == quality.repeats_lower_bound


def test_a_search_given_seconds_keeps_cooling_until_the_bound_and_returns_a_seating() -> None:
    # With a time given, the plateau rule is off: 16 players for 6 rounds still reach their bound of 24 and stop
    # there (the bound met, nothing better exists), whatever the seconds left.
    result = seating(named(16), 6, 4, seconds=60)
    assert result.quality.repeats == result.quality.repeats_lower_bound == 24
    assert recount_repeats(result.rows) == 24


def test_a_search_out_of_time_returns_the_best_seating_it_has() -> None:
    # The clock already past: the search stops at its first look and returns its start, a whole seating.
    problem = search.Problem(12, 3, (4, 4, 4), search.no_meetings(12), [{} for _ in range(3)])
    start = search.greedy(problem, random.Random(0))
    found = search.anneal(problem, start, random.Random(0), 10_000, 0, until=time.thread_time() - 1)
    assert found == start
    assert all(sorted(p for table in tables for p in table) == list(range(12)) for tables in found)


def test_the_plateau_rule_ends_a_search_with_no_count_of_coolings() -> None:
    # 12 players at 3 tables of 4: every table after round 1 holds two who met in round 1, so 3 rounds make at
    # least 2 x 3 = 6 repeats; the floor of 0 given here is never met, and only the plateau rule can stop it.
    problem = search.Problem(12, 3, (4, 4, 4), search.no_meetings(12), [{} for _ in range(3)])
    start = search.greedy(problem, random.Random(0))
    found = search.anneal(problem, start, random.Random(0), 2_000, 0, coolings=None, patience=2)
    assert search.cost(search.meetings(problem, found)) <= search.cost(search.meetings(problem, start))


def test_the_quality_rows_are_the_report() -> None:
    rows = xlscore.seating_quality(named(16), 6, 4)
    report = seating(named(16), 6, 4).quality
    assert [(r.measure, r.value, r.fewest_possible) for r in rows] == [
        ("repeated pairs", report.repeats, 24),
        ("seat repeats", report.seat_repeats, 16 * (6 - 4)),
        ("most meetings of one pair", report.most_meetings, None),
        ("most times in one seat", report.most_in_one_seat, None),
    ]


def test_twelve_in_three_tables_cannot_avoid_a_repeat_at_any_later_table() -> None:
    # A table of 4 drawn from round 1's 3 tables seats two who met: 3 tables x 2 later rounds = 6 at least.
    quality = seating(named(12), 3, 4).quality
    assert quality.repeats_lower_bound == 3 * 2
    assert quality.repeats >= quality.repeats_lower_bound


@pytest.mark.parametrize(("players", "rounds", "size"), [(40, 5, 4), (16, 6, 4), (30, 4, 7), (12, 3, 4)])
def test_the_report_is_what_the_rows_show(players: int, rounds: int, size: int) -> None:
    result = seating(named(players), rounds, size)
    assert result.quality.repeats == recount_repeats(result.rows)
    listed = {frozenset((p.player, p.other)): p for p in result.quality.repeated_pairs}
    assert {pair: p.meetings for pair, p in listed.items()} == {
        pair: times for pair, times in meetings(result.rows).items() if times > 1
    }
    seats = Counter((r.player, r.seat) for r in result.rows)
    assert result.quality.seat_repeats == sum(c - 1 for c in seats.values())
    assert result.quality.most_in_one_seat == max(seats.values())


@pytest.mark.parametrize(("players", "rounds", "size"), [(16, 4, 4), (70, 7, 7), (24, 3, 6), (200, 4, 4)])
def test_nobody_takes_a_seat_twice_when_there_are_no_more_rounds_than_seats(
    players: int, rounds: int, size: int
) -> None:
    result = seating(named(players), rounds, size)
    assert max(Counter((r.player, r.seat) for r in result.rows).values()) == 1
    assert result.quality.seat_repeats == 0


def test_more_rounds_than_seats_spread_each_players_seats_evenly() -> None:
    # 7 rounds at tables of 3: each player takes each seat 2 or 3 times (7 = 3 + 2 + 2), 7 - 3 = 4 repeats each.
    result = seating(named(21), 7, 3)
    for player in named(21):
        counts = Counter(r.seat for r in result.rows if r.player == player)
        assert sorted(counts.values()) == [2, 2, 3]
    assert result.quality.seat_repeats == result.quality.seat_repeats_lower_bound == 21 * (7 - 3)


def test_a_seat_only_full_tables_have_is_scarce_and_the_seating_meets_that_bound() -> None:
    # 100 in tables of 7: 15 tables, 105 - 100 = 5 of them of 6. Seat 7 is there 10 x 7 = 70 times over 7 rounds, so
    # at least 100 - 70 = 30 players never take it and take some other seat twice.
    result = seating(named(100), 7, 7)
    seats = Counter((r.player, r.seat) for r in result.rows)
    assert sum(c - 1 for c in seats.values()) == result.quality.seat_repeats == 30
    assert result.quality.seat_repeats_lower_bound == 100 - 10 * 7


def test_with_byes_every_table_is_full_and_byes_go_round() -> None:
    # 18 players, tables of 4, byes allowed: 4 full tables and 18 - 16 = 2 sit out each round; 5 rounds make 10
    # byes, so 10 players sit out once and 8 never, nobody twice.
    result = seating(named(18), 5, 4, byes=True, fixed={"P3": 2})
    for r in range(1, 6):
        sizes = Counter(row.table for row in result.rows if row.round == r and row.table is not None)
        assert sorted(sizes.values()) == [4, 4, 4, 4]
        out = [row.player for row in result.rows if row.round == r and row.table is None]
        assert len(out) == 2
        assert all(row.seat is None for row in result.rows if row.round == r and row.table is None)
        assert sorted([row.player for row in result.rows if row.round == r]) == sorted(named(18))
    byes = Counter(row.player for row in result.rows if row.table is None)
    assert sorted(byes.values()) == [1] * 10
    assert "P3" not in byes
    assert result.quality.repeats == recount_repeats(result.rows)


def test_five_players_with_byes_take_turns_at_one_table() -> None:
    result = seating(named(5), 5, 4, byes=True)
    assert Counter(row.player for row in result.rows if row.table is None) == dict.fromkeys(named(5), 1)
    # Four players a round at the one table: every pair that plays together again is a repeat; each pair meets in
    # the 3 rounds neither sits out, so 10 pairs x (3 - 1) = 20 repeats, the lower bound too.
    assert result.quality.repeats == result.quality.repeats_lower_bound == 20


def test_players_who_must_not_meet_never_do() -> None:
    avoid = [("P1", "P2"), ("P3", "P4", "P5"), ("P16", "P1")]
    result = seating(named(16), 5, 4, avoid=avoid)
    met = meetings(result.rows)
    for group in avoid:
        for pair in combinations(group, 2):
            assert met[frozenset(pair)] == 0


def test_avoid_with_a_header_row_as_a_sheet_table_has_one() -> None:
    result = seating(named(8), 3, 4, avoid=[["player", "other"], ["P1", "P2"]])
    assert meetings(result.rows)[frozenset(("P1", "P2"))] == 0


def test_fixed_players_stay_at_their_table_every_round() -> None:
    result = seating(named(20), 5, 4, fixed={"P7": 1, "P12": 3})
    assert {r.table for r in result.rows if r.player == "P7"} == {1}
    assert {r.table for r in result.rows if r.player == "P12"} == {3}


def test_the_top_table_seats_the_leaders_in_the_last_round() -> None:
    standings = ["P9", "P3", "P14", "P1", "P2"]
    result = seating(named(16), 3, 4, top_table=standings)
    top = {r.player for r in result.rows if r.round == 3 and r.table == 1}
    assert top == set(standings[:4])


def test_history_pairs_count_as_met() -> None:
    history = [["round", "table", "player"], [1, 1, "P1"], [1, 1, "P2"], [1, 2, "P3"], [1, 2, "P4"]]
    result = seating(named(8), 1, 4, history=history)
    met = meetings(result.rows)
    assert met[frozenset(("P1", "P2"))] == 0
    assert met[frozenset(("P3", "P4"))] == 0


def test_one_seating_is_the_next_ones_history() -> None:
    first = seating(named(16), 2, 4)
    second = seating(named(16), 2, 4, history=first.rows)
    assert recount_repeats(second.rows, [t for t in tables_of(first.rows).values()]) == second.quality.repeats
    assert second.quality.repeats == 0


def test_the_same_seed_gives_the_same_seating_and_no_seed_is_a_fixed_seed() -> None:
    assert seating(named(22), 4, 4).rows == seating(named(22), 4, 4).rows
    assert seating(named(22), 4, 4, seed=5).rows == seating(named(22), 4, 4, seed=5).rows
    assert seating(named(22), 4, 4, seed=5).rows != seating(named(22), 4, 4, seed=6).rows


def test_xlscore_seating_is_the_core_function() -> None:
    assert xlscore.seating is seating


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": named(5), "rounds": 2}, "players has 5 names; tables of 4 and 3 cannot seat 5"),
        ({"players": named(8), "rounds": 0}, "rounds 0 is outside 1..50"),
        ({"players": named(8), "rounds": 2, "table_size": 8}, "table_size 8 is outside 3..7"),
        ({"players": ["A", "B", "A"], "rounds": 1}, "players[3] is 'A' again"),
        ({"players": named(8), "rounds": 1, "avoid": [("P1", "Zed")]}, "avoid row 1 names 'Zed', who is not in"),
        ({"players": named(8), "rounds": 1, "avoid": [("P1",)]}, "avoid row 1 names only 'P1'"),
        ({"players": named(8), "rounds": 1, "fixed": {"P1": 3}}, "fixed['P1'] 3 is outside 1..2"),
        ({"players": named(8), "rounds": 1, "fixed": {"Zed": 1}}, "fixed names 'Zed', who is not in players"),
        (
            {"players": named(8), "rounds": 1, "fixed": {"P1": 1, "P2": 1}, "avoid": [("P1", "P2")]},
            "'P1' and 'P2' must not meet (avoid), but are both put at table 1",
        ),
        ({"players": named(4), "rounds": 1, "avoid": [("P1", "P2")]}, "no seating was found that keeps 'P1' and 'P2'"),
        ({"players": named(8), "rounds": 1, "top_table": ["P1", "P2"]}, "top_table has 2 players; expected at least 4"),
        ({"players": named(8), "rounds": 1, "history": [["player"], ["P1"]]}, "history has no column 'round'"),
        (
            {"players": named(8), "rounds": 2, "fixed": {"P1": 2}, "top_table": named(4)},
            "top_table seats 'P1' at table 1 in round 2, but fixed puts them at table 2",
        ),
        ({"players": named(8), "rounds": 1, "fixed": ["P1"]}, "fixed is ['P1']; expected a mapping"),
        ({"players": named(8), "rounds": 1, "seed": 1.5}, "seed is 1.5; expected a whole number"),
        (
            {"players": named(3), "rounds": 1, "byes": True},
            "players has 3 names; expected at least 4 to fill one table",
        ),
        ({"players": named(8), "rounds": 1, "seconds": 0}, "seconds is 0; expected a number of seconds above 0"),
        ({"players": named(8), "rounds": 1, "seconds": "5"}, "seconds is '5'; expected a number of seconds above 0"),
        ({"players": named(8), "rounds": 1, "seconds": 1e9}, "seconds is 1000000000.0; expected a number of seconds"),
    ],
)
def test_bad_input_is_refused_naming_the_argument(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        seating(**kwargs)  # type: ignore[arg-type]


def test_a_python_without_thread_time_seats_by_time_and_by_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide (xlwings Lite) has no time.thread_time: SEATING failed there with an AttributeError (found by the
    Pyodide test). The search's clock falls back to the process's time, and the default search reads no clock."""
    import time as clock

    expected = seating([f"P{i}" for i in range(12)], 3, 4)
    monkeypatch.delattr(clock, "thread_time")
    assert seating([f"P{i}" for i in range(12)], 3, 4) == expected
    assert len(seating([f"P{i}" for i in range(12)], 3, 4, seconds=0.05).rows) == 36


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 120), st.integers(3, 7))
def test_a_count_no_tables_seat_names_ways_out_that_work(players: int, size: int) -> None:
    """Players that tables of ``size`` and one less cannot seat are refused with a message whose table sizes and
    counts do seat them (and, with at least a table's worth, byes); a count they can seat is seated."""
    try:
        sizes = inputs.table_sizes(players, size)
    except InputError as refused:
        head, ways = str(refused).split("; expected one of: ")
        assert head.endswith(f"tables of {size} and {size - 1} cannot seat {players} in every round")
        for way in ways.split("; "):
            numbers = [int(n) for n in re.findall(r"\d+", way)]
            if way.startswith("byes yes"):
                assert players >= size
                assert numbers == [size, players % size]
            elif way.startswith("a table size of "):
                assert all(sum(inputs.table_sizes(players, other)) == players for other in numbers)
            else:
                assert way.endswith(" players")
                assert all(sum(inputs.table_sizes(count, size)) == count for count in numbers)
    else:
        assert sum(sizes) == players
        assert set(sizes) <= {size, size - 1}


def _two_tables(players: int) -> st.SearchStrategy[tuple[int, int]]:
    """A count of players and a table size that seats them at two tables a round."""
    sizes = [s for s in range(3, 8) if _seats_at(players, s) == 2]
    return st.tuples(st.just(players), st.sampled_from(sizes))


def _seats_at(players: int, size: int) -> int:
    try:
        return len(inputs.table_sizes(players, size))
    except InputError:
        return 0


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.integers(6, 14).flatmap(_two_tables), st.integers(1, 6), st.integers(0, 3), st.booleans())
def test_two_tables_a_round_find_as_few_repeats_with_a_quarter_of_the_swaps(
    event: tuple[int, int], rounds: int, seed: int, with_history: bool
) -> None:
    """The two-table budget (plan.TWO_TABLES) against the whole one, on generated events seated at two tables."""
    from xlscore.core.seating import plan

    players, size = event
    history: list[list[object]] | None = None
    if with_history:
        rng, order, first = random.Random(seed), named(players), inputs.table_sizes(players, size)[0]
        history = [["player", "round", "table"]]
        for r in (1, 2):
            rng.shuffle(order)
            history += [[p, r, 1 if i < first else 2] for i, p in enumerate(order)]
    quarter = seating(named(players), rounds, size, history, seed=seed).quality
    whole_budget = plan.TWO_TABLES
    try:
        plan.TWO_TABLES = 1
        plan._RECENT.clear()
        whole = seating(named(players), rounds, size, history, seed=seed).quality
    finally:
        plan.TWO_TABLES = whole_budget
        plan._RECENT.clear()
    assert quarter.repeats <= whole.repeats
    assert quarter.repeats >= quarter.repeats_lower_bound
