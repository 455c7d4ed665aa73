"""The whole-column path of the results-table rules gives what the row-by-row path gives, to the last bit.

Each fast path lives beside its rule (rplops_event and size_matters' ``_in_bulk``, rounds' ``rounds_in_bulk``,
placement's ``places_in_bulk``); each has a property test here that it equals the rule.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlscore import XlscoreError
from xlscore.core.events.bulk import codes, distinct, exact_scaled, twice
from xlscore.core.events.placement import places_from_values, places_in_bulk
from xlscore.core.events.rounds import one_game_a_round, round_numbers, rounds_in_bulk
from xlscore.core.events.rows import read_rows
from xlscore.core.systems import rplops_event, size_matters


def _table(seed: int, size: int, by_place: bool) -> list[list[Any]]:
    rng = random.Random(seed)
    rows: list[list[Any]] = [["game", "player", "score", "place", "hours"]]
    game = 0
    while len(rows) <= size:
        game += 1
        n = rng.randint(2, 7)
        hours = rng.choice([None, 1, 2.5, 0.75, 1 / 3, round(rng.uniform(0.5, 6), 2)])
        players = rng.sample([f"P{i}" for i in range(30)], n)
        scores = [rng.randint(0, 4) for _ in players]
        for player, score in zip(players, scores, strict=True):
            place = 1 + sum(s > score for s in scores)
            rows.append([f"G{game}", player, float(score), place if by_place else None, hours])
        if rng.random() < 0.1:
            rows.append([None, None, None, None, None])  # a blank row in the table
    return rows


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("version", [1, 2])
def test_bulk_and_row_by_row_agree(seed: int, version: int, monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table(seed, 400, by_place=seed % 2 == 1)
    fast_points = rplops_event.rplops_points(table, 37.5, version)
    fast_standings = rplops_event.rplops_standings(table, 37.5, version)
    monkeypatch.setattr(rplops_event, "_in_bulk", lambda results: None)
    assert fast_points == rplops_event.rplops_points(table, 37.5, version)
    assert fast_standings == rplops_event.rplops_standings(table, 37.5, version)


def test_bulk_path_is_taken_for_a_good_table() -> None:
    assert rplops_event._in_bulk(_table(1, 50, by_place=False)) is not None
    bad = _table(1, 50, by_place=False)
    bad[7][2] = "seven"
    assert rplops_event._in_bulk(bad) is None


def test_competition_places_match_places_from_values() -> None:
    rng = random.Random(3)
    for _ in range(50):
        values = [float(rng.randint(0, 3)) for _ in range(rng.randint(1, 8))]
        place, tied, n = places_in_bulk(np.zeros(len(values), dtype=np.int64), np.array(values), True)
        assert list(zip(place.tolist(), tied.tolist(), strict=True)) == list(places_from_values(values))
        assert set(n.tolist()) == {len(values)}


def test_exact_scaled_reads_decimals_as_typed() -> None:
    import numpy as np

    scaled = exact_scaled(np.array([0.1, 2.5, 1.0]))
    assert scaled is not None
    numerators, denominator = scaled
    assert denominator == 10
    assert numerators.tolist() == [1, 25, 10]


def _boards(seed: int, boards: int, with_round: bool) -> list[list[Any]]:
    rng = random.Random(seed)
    rows: list[list[Any]] = [
        ["round", "board", "power", "player", "centres"] if with_round else ["board", "power", "player", "centres"]
    ]
    for b in range(boards):
        kind = rng.random()
        if kind < 0.2:
            solo = rng.randint(18, 24)
            centres = [solo, *(rng.randint(0, (34 - solo) // 6) for _ in range(6))]
        elif kind < 0.3:
            centres = [5] * 6 + [4]  # a 7-way draw, where equal totals are likely
        else:
            n = rng.randint(2, 7)
            centres = [34 // n] * n + [0] * (7 - n)
        rng.shuffle(centres)
        if b % 3 == 0:  # a round's three boards seat 21 players, each once (one board a round)
            seated = rng.sample([f"P{i}" for i in range(24)], 21)
        players = seated[b % 3 * 7 : b % 3 * 7 + 7]
        for seat, (player, c) in enumerate(zip(players, centres, strict=True)):
            board = [str(b % 3 + 1)] if with_round else [f"B{b}"]
            rows.append([*([b // 3 + 1] if with_round else []), *board, f"Power{seat}", player, float(c)])
    return rows


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("digits", [None, 2])
def test_size_matters_bulk_and_row_by_row_agree(seed: int, digits: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    table = _boards(seed, 60, with_round=seed % 2 == 0)
    fast_points = size_matters.size_matters_points(table, digits)
    fast_standings = size_matters.size_matters_standings(table, digits)
    assert size_matters._in_bulk(table, digits) is not None
    monkeypatch.setattr(size_matters, "_in_bulk", lambda results, digits: None)
    assert fast_points == size_matters.size_matters_points(table, digits)
    assert fast_standings == size_matters.size_matters_standings(table, digits)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 4), min_size=1, max_size=7), min_size=1, max_size=6),
    st.booleans(),
)
def test_places_in_bulk_equal_the_rule_game_by_game(games: list[list[int]], higher_is_better: bool) -> None:
    """Rows of several games in one column, shuffled: each row's place, tie and game size are what
    places_from_values gives for its own game."""
    rows = [(g, float(v)) for g, values in enumerate(games) for v in values]
    order = list(range(len(rows)))
    random.Random(len(rows)).shuffle(order)
    group = np.array([rows[i][0] for i in order], dtype=np.int64)
    values = np.array([rows[i][1] for i in order])
    place, tied, n = places_in_bulk(group, values, higher_is_better)
    for at, i in enumerate(order):
        g, _ = rows[i]
        own = [v for h, v in rows if h == g]
        index = [j for j, (h, _) in enumerate(rows) if h == g].index(i)
        expected = places_from_values(own, higher_is_better=higher_is_better)[index]
        assert (int(place[at]), int(tied[at]), int(n[at])) == (*expected, len(own))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([None, 1, 2, 3, 5, 2.0, 1.5, 0]), st.integers(0, 5)), max_size=12))
def test_rounds_in_bulk_equal_the_rule(cells: list[tuple[object, int]]) -> None:
    """Whenever the whole-column path reads a round column, it reads what round_numbers reads and the row-by-row
    path finds no player twice in a round (each row its own game here); when the rule refuses, so does the fast
    path."""
    table = [["round", "player"], *([r, f"P{p}"] for r, p in cells)]
    rows = read_rows(table, ["player"], ["round"])
    player, _ = codes([row["player"] for row in rows])
    fast = rounds_in_bulk([row["round"] for row in rows], player)
    try:
        slow = round_numbers(rows)
        one_game_a_round(rows, slow, lambda row: row["_row"], str)
    except XlscoreError:
        assert fast is None
        return
    if fast is not None:
        assert fast.tolist() == slow


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([1, 2]))
def test_rplops_fast_path_equals_the_rule(seed: int, version: int) -> None:
    table = _table(seed, 60, by_place=seed % 2 == 1)
    fast = (rplops_event.rplops_points(table, 50, version), rplops_event.rplops_standings(table, 50, version))
    original = rplops_event._in_bulk
    try:
        rplops_event._in_bulk = lambda results: None
        rule = (rplops_event.rplops_points(table, 50, version), rplops_event.rplops_standings(table, 50, version))
    finally:
        rplops_event._in_bulk = original
    assert fast == rule


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([None, 2]))
def test_size_matters_fast_path_equals_the_rule(seed: int, digits: int | None) -> None:
    table = _boards(seed, 12, with_round=seed % 2 == 0)
    fast = (size_matters.size_matters_points(table, digits), size_matters.size_matters_standings(table, digits))
    original = size_matters._in_bulk
    try:
        size_matters._in_bulk = lambda results, digits: None
        rule = (size_matters.size_matters_points(table, digits), size_matters.size_matters_standings(table, digits))
    finally:
        size_matters._in_bulk = original
    assert fast == rule


@given(st.lists(st.integers(-50, 50)) | st.lists(st.floats(-1e6, 1e6, allow_nan=False)))
def test_distinct_is_np_unique_with_its_inverse(values: list[float]) -> None:
    array = np.asarray(values, dtype=np.float64 if any(isinstance(v, float) for v in values) else np.int64)
    found, inverse = distinct(array)
    expected, expected_inverse = np.unique(array, return_inverse=True)
    assert found.tolist() == expected.tolist()
    assert inverse.tolist() == expected_inverse.reshape(-1).tolist()
    assert found[inverse].tolist() == array.tolist()


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5))))
def test_twice_says_whether_a_member_is_twice_in_a_group(pairs: list[tuple[int, int]]) -> None:
    group = np.asarray([g for g, _ in pairs], dtype=np.int64)
    member = np.asarray([m for _, m in pairs], dtype=np.int64)
    assert twice(group, member) == (len(set(pairs)) != len(pairs))
