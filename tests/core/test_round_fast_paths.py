"""The fast paths a template's recalculation takes with rounds in use, each equal to its rule: RPLOPS standings over
whole columns with a players table (late, dropped, sits out, byes), a bye rule and a Decided by column; the players
table's check over whole columns; a range read once per heading; a table's rows turned into cells at once."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.test_bulk import _boards
from xlscore import XlscoreError
from xlscore.core.events import places
from xlscore.core.events import rounds as rounds_module
from xlscore.core.events import rows as rows_module
from xlscore.core.events.ranking import head_to_head
from xlscore.core.events.roster import check_results, read_roster, results_allowed
from xlscore.core.events.rows import read_rows
from xlscore.core.systems import rplops_event, size_matters
from xlscore.excel.functions import cells as cells_module


def _event(seed: int) -> tuple[list[list[Any]], list[list[Any]]]:
    """An event in rounds (tables of 2 to 5, places with ties, some games with hours) and its players table:
    some players late, some dropped, some sitting a round out, some with a bye, every result allowed by it."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(rng.randint(4, 14))]
    rounds = rng.randint(1, 5)
    late = {p: rng.choice([1, 1, 1, 2]) for p in names}
    dropped: dict[str, int | None] = {p: rng.choice([None, None, None, 2, 3]) for p in names}
    away: dict[str, set[int]] = {p: set() for p in names}
    byes: dict[str, set[int]] = {p: set() for p in names}
    table: list[list[Any]] = [["round", "game", "player", "place", "hours"]]
    round_ = 0
    for _ in range(rounds):
        round_ += 1
        due = [p for p in names if late[p] <= round_ and round_ <= (dropped[p] or round_)]
        for player in due:
            if rng.random() < 0.15:
                (away if rng.random() < 0.5 else byes)[player].add(round_)
        playing = [p for p in due if round_ not in away[p] | byes[p]]
        rng.shuffle(playing)
        at = 0
        while len(playing) - at >= 2:
            size = min(len(playing) - at, rng.randint(2, 5))
            hours = rng.choice([None, 1, 2.5, 0.75])
            for player in playing[at : at + size]:
                table.append([round_, f"T{at}", player, rng.randint(1, size), hours])
            at += size
        if not at:  # nobody played: the round is not in the table, and the next one takes its number
            round_ -= 1
            for player in due:
                away[player].discard(round_ + 1)
                byes[player].discard(round_ + 1)
    players: list[list[Any]] = [["Player", "Late from", "Dropped after", "Sits out", "Byes"]]
    for p in names:
        listed = [p, late[p], dropped[p], ", ".join(map(str, sorted(away[p]))) or None]
        players.append([*listed, ", ".join(map(str, sorted(byes[p]))) or None])
    return table, players


def _by_rule(call: Any) -> Any:
    """``call()`` with the whole-column path turned off: the rule, row by row."""
    original = rplops_event._in_bulk
    try:
        rplops_event._in_bulk = lambda results: None
        return call()
    finally:
        rplops_event._in_bulk = original


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(None, None), ("fixed", 30), ("average", None)]), st.booleans())
def test_rplops_with_a_players_table_equals_the_rule(seed: int, bye: tuple[Any, Any], decided: bool) -> None:
    table, players = _event(seed)
    rule, score = bye
    decided_by = "yes" if decided else None

    def every() -> tuple[Any, ...]:
        return (
            rplops_event.rplops_standings(table, players=players, bye=rule, bye_score=score, decided_by=decided_by),
            rplops_event.rplops_standings(table, players=players, bye=rule, bye_score=score, after_round=1),
            rplops_event.rplops_standings_by_round(table, players=players, bye=rule, bye_score=score),
            rplops_event.rplops_needs(table, 4, 3, players=players, bye=rule, bye_score=score),
        )

    assert rplops_event._in_bulk(table) is not None  # the fast path is taken for this table
    assert every() == _by_rule(every)


def test_a_result_the_players_table_forbids_is_refused_by_the_rule() -> None:
    table = [["round", "game", "player", "place"], [1, "T1", "Ann", 1], [1, "T1", "Di", 2]]
    table += [[2, "T1", "Ann", 1], [2, "T1", "Di", 2]]
    players = [["Player", "Dropped after"], ["Ann", None], ["Di", 1]]
    with pytest.raises(XlscoreError, match="expected none: dropped after round 1") as fast:
        rplops_event.rplops_standings(table, players=players)
    with pytest.raises(XlscoreError) as slow:
        _by_rule(lambda: rplops_event.rplops_standings(table, players=players))
    assert str(fast.value) == str(slow.value)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 5), st.integers(1, 5)), max_size=30),
    st.lists(
        st.tuples(st.integers(1, 3), st.sampled_from([None, 2, 4]), st.sampled_from([None, 2, "3, 4"])),
        min_size=5,
        max_size=5,
    ),
    st.sampled_from([None, "Byes"]),
)
def test_the_players_table_check_over_whole_columns_equals_the_rule(
    results: list[tuple[int, int]], entries: list[tuple[int, Any, Any]], byes: str | None
) -> None:
    header = ["Player", "Late from", "Dropped after", "Sits out" if byes is None else byes]
    table = [header, *([f"P{i}", late, drop, away] for i, (late, drop, away) in enumerate(entries))]
    try:
        roster = read_roster(table)
    except XlscoreError:
        return  # a players table refused on its own: nothing to check results against
    rows = read_rows([["player", "round"], *([f"P{p}", r] for p, r in results)], ["player", "round"])
    rounds = [row["round"] for row in rows]
    names = list(dict.fromkeys(row["player"] for row in rows))
    player = np.asarray([names.index(row["player"]) for row in rows], dtype=np.int64)
    try:
        check_results(roster, rows, rounds)
        allowed = True
    except XlscoreError:
        allowed = False
    assert results_allowed(roster, names, player, np.asarray(rounds, dtype=np.int64)) == allowed


_CELLS = st.one_of(st.none(), st.sampled_from(["", "  ", "x", " Ann ", "3"]), st.integers(0, 3), st.floats(0, 2))


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.sampled_from(["Player", "player", " PLAYER ", "Round", "round", "Score", "", "other"]), min_size=1),
    st.data(),
)
def test_a_range_read_once_per_heading_equals_the_rows_read_one_by_one(header: list[str], data: Any) -> None:
    body = data.draw(st.lists(st.lists(_CELLS, min_size=len(header), max_size=len(header)), max_size=8))
    table = [header, *body]

    def read() -> Any:
        try:
            return read_rows(table, ["player"], ["round", "score"], name="t")
        except XlscoreError as error:
            return type(error), str(error)

    fast = read()
    original = rows_module._range_rows
    try:
        rows_module._range_rows = lambda data: None  # as any other table: a record (mapping) per row
        assert fast == read()
    finally:
        rows_module._range_rows = original


@dataclass(frozen=True)
class _Row:
    name: str
    place: Any
    score: Any
    games: tuple[int, ...] = ()


def test_a_table_turned_into_cells_at_once_equals_cell_by_cell() -> None:
    plain = [_Row("Ann", 1, 2.5), _Row("Bo", None, True)]
    odd = [*plain, _Row("Cy", np.int64(3), np.float64(0.5))]
    for rows in (plain, odd):
        cell_by_cell = ([cells_module._cell(v) for v in (r.name, r.place, r.score)] for r in rows)
        slow = [["Name", "Place", "Score"], *cell_by_cell]
        assert cells_module.table_to_grid(rows) == slow
    assert cells_module.table_to_grid(odd)[3][1] == "3"  # a numpy whole number, not a Python one: as its text


@settings(max_examples=80, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["Ann", "Bo", "Cy", "Di", "Eve"]),
        st.dictionaries(st.integers(0, 5), st.fractions(-5, 5, max_denominator=6) | st.integers(-3, 3), max_size=5),
    ),
    st.data(),
)
def test_head_to_head_game_by_game_equals_the_sum_over_every_pair(scores: dict[str, dict[int, Any]], data: Any) -> None:
    group = data.draw(st.lists(st.sampled_from(sorted(scores)), unique=True)) if scores else []
    pairwise = {
        p: sum((scores[p][g] - scores[q][g] for q in group if q != p for g in scores[p] if g in scores[q]), Fraction(0))
        for p in group
    }
    assert head_to_head("h2h", scores).values(group) == pairwise


def _players_for(table: list[list[Any]], rng: random.Random) -> list[list[Any]]:
    """A players table that allows every result of ``table`` (columns round and player): each player late from
    their first round, dropped after their last when it is not the event's last, and every round between that
    they missed sat out or a bye."""
    header = [str(h) for h in table[0]]
    played: dict[str, set[int]] = {}
    for row in table[1:]:
        found = dict(zip(header, row, strict=True))
        played.setdefault(str(found["player"]), set()).add(int(found["round"]))
    last = max(r for rounds in played.values() for r in rounds)
    players: list[list[Any]] = [["Player", "Late from", "Dropped after", "Sits out", "Byes"]]
    for name, rounds in played.items():
        missed = sorted(set(range(min(rounds), max(rounds) + 1)) - rounds)
        byes = [r for r in missed if rng.random() < 0.5]
        away = [r for r in missed if r not in byes]
        dropped = max(rounds) if max(rounds) < last else None
        players.append(
            [name, min(rounds), dropped, ", ".join(map(str, away)) or None, ", ".join(map(str, byes)) or None]
        )
    return players


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(None, None), ("fixed", 30), ("average", None)]))
def test_size_matters_with_a_players_table_equals_the_rule(seed: int, bye: tuple[Any, Any]) -> None:
    table = _boards(seed, 12, with_round=True)
    players = _players_for([[row[0], row[3]] for row in table], random.Random(seed))
    rule, score = bye

    def every() -> tuple[Any, ...]:
        return (
            size_matters.size_matters_standings(table, players=players, bye=rule, bye_score=score),
            size_matters.size_matters_standings_by_round(table, players=players, bye=rule, bye_score=score),
        )

    fast = every()
    original = size_matters._in_bulk
    try:
        size_matters._in_bulk = lambda results, digits: None
        assert fast == every()
    finally:
        size_matters._in_bulk = original


_BY_ROUND_CELLS = st.one_of(st.none(), st.sampled_from(["", "Ann", "Bo", "x", 1.5, True]), st.integers(-1, 4))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(_BY_ROUND_CELLS, _BY_ROUND_CELLS, _BY_ROUND_CELLS), max_size=10))
def test_places_by_round_over_whole_columns_equal_the_rule(cells: list[tuple[Any, Any, Any]]) -> None:
    table = [["Round", "Place", "Player"], *(list(row) for row in cells)]
    fast = places._in_bulk(table)
    try:
        rule: Any = places._by_rows(table)
    except XlscoreError:
        rule = None
    if fast is not None:
        assert fast == rule
    if rule is not None and fast is None:  # the fast path leaves only tables the rule refuses, or odd kinds
        assert any(type(cell) not in (int, float, str) for row in cells for cell in row)


@given(st.fractions(), st.fractions())
def test_a_difference_in_whole_numbers_is_the_fractions_float(a: Fraction, b: Fraction) -> None:
    assert rounds_module._float_difference(a, b) == float(a - b)
