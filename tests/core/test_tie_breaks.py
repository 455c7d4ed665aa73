"""Tie-breaks of RPLOPS and Puffing Billy standings (xlscore/core/events/tie_breaks.py): hand-worked cases and
properties.

The RPLOPS event below is worked by hand (RPLOPS version 1, x = 50, no hours: place p of n scores
100 (n + 1 - p) / (n + 1)); a 2-player game gives 200 / 3 to the winner and 100 / 3 to the other.
"""

from __future__ import annotations

import itertools
import random
from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.test_rounds import _pb_events, _rplops_events
from xlscore import InputError, TableError
from xlscore.core.systems.puffing_billy import PbDecided, pb_standings
from xlscore.core.systems.rplops_event import RplopsDecided, rplops_standings, rplops_standings_by_round

# Round 1: a beats b, c beats d; round 2: c beats a, b beats d. Totals: c 400/3, a 300/3, b 300/3, d 200/3.
EVENT = [
    ["round", "game", "player", "place"],
    [1, "A", "a", 1],
    [1, "A", "b", 2],
    [1, "B", "c", 1],
    [1, "B", "d", 2],
    [2, "A", "a", 2],
    [2, "A", "c", 1],
    [2, "B", "b", 1],
    [2, "B", "d", 2],
]


def _decided(row: object) -> str:
    assert isinstance(row, RplopsDecided | PbDecided)
    return row.decided_by


def _places(found: tuple[object, ...]) -> list[tuple[int, str, str]]:
    return [(r.place, r.player, _decided(r)) for r in found]  # type: ignore[attr-defined]


def test_without_tie_breaks_equal_totals_share_a_place_as_before() -> None:
    assert [(r.place, r.player) for r in rplops_standings(EVENT)] == [(1, "c"), (2, "a"), (2, "b"), (4, "d")]
    assert rplops_standings(EVENT, tie_breaks="none") == rplops_standings(EVENT)
    assert _places(rplops_standings(EVENT, decided_by="yes")) == [
        (1, "c", ""),
        (2, "a", "points"),
        (2, "b", "tied"),
        (4, "d", "points"),
    ]


def test_head_to_head_puts_the_winner_of_their_game_above() -> None:
    # a and b met once, in round 1's game A: a 200/3, b 100/3, so a is 100/3 ahead.
    found = rplops_standings(EVENT, tie_breaks="head to head", decided_by=True)
    assert _places(found)[1:3] == [(2, "a", "points"), (3, "b", "head to head")]


def test_opponents_points_add_up_each_opponents_total() -> None:
    # a met b (300/3) and c (400/3): 700/3; b met a (300/3) and d (200/3): 500/3. Each met two: averages halve.
    for name in ("opponents' points", "opponents' average"):
        found = rplops_standings(EVENT, tie_breaks=name, decided_by="yes")
        assert _places(found)[1:3] == [(2, "a", "points"), (3, "b", name)]


def test_wins_and_best_game_leave_a_and_b_tied_here() -> None:
    # a and b each won one 2-player game (200/3): equal on wins and on best game.
    found = rplops_standings(EVENT, tie_breaks="wins, best game", decided_by="yes")
    assert _places(found)[1:3] == [(2, "a", "points"), (2, "b", "tied")]


def test_wins_count_a_shared_first_place() -> None:
    rows = [
        ["game", "player", "place"],
        ["A", "a", 1],
        ["A", "b", 1],
        ["A", "c", 3],
        ["B", "c", 1],
        ["B", "a", 2],
        ["B", "b", 2],
    ]
    # A: a and b share 1st of 3 (mean place 1.5: 100 x 2.5 / 4 = 62.5 each), c 25; B: c 75, a and b 37.5 each.
    # Totals a 100, b 100, c 100: wins a 1, b 1, c 1 all tied; best game c 75 above a and b (62.5).
    found = rplops_standings(rows, tie_breaks="wins, best game", decided_by="yes")
    assert _places(found) == [(1, "c", ""), (2, "a", "best game"), (2, "b", "tied")]


def test_best_n_games_counts_the_best_games_whatever_the_round() -> None:
    # Best 1: each player's better game; a, b and c each won one 2-player game (200/3), d never did (100/3).
    found = rplops_standings(EVENT, best=1)
    assert [(r.player, r.games) for r in found] == [("a", 2), ("b", 2), ("c", 2), ("d", 2)]
    assert [r.points for r in found] == pytest.approx([200 / 3, 200 / 3, 200 / 3, 100 / 3])
    assert [r.place for r in found] == [1, 1, 1, 4]


def test_bad_tie_breaks_are_refused_naming_the_argument() -> None:
    with pytest.raises(InputError, match="tie_breaks names 'coin toss'; expected some of: wins, best game"):
        rplops_standings(EVENT, tie_breaks="coin toss")
    with pytest.raises(InputError, match="best"):
        rplops_standings(EVENT, best=0)
    with pytest.raises(InputError, match="decided_by"):
        rplops_standings(EVENT, decided_by="maybe")


def test_puffing_billy_wins_are_boards_won_and_meetings_need_boards() -> None:
    results = [
        ["player", "game", "score"],
        ["a", "EB", 3.01],
        ["b", "EB", 2.0],
        ["a", "TtR", 1.0],
        ["b", "TtR", 2.01],
        ["c", "EB", 2.01],
        ["c", "TtR", 2.0],
    ]
    # Totals a 4.01, b 4.01, c 4.01: a won a board (3.01 >= 3), b and c none; b's best board 2.01 = c's.
    found = pb_standings(results, tie_breaks="wins, best game", decided_by="yes")
    assert [(r.place, r.player, _decided(r)) for r in found] == [(1, "a", ""), (2, "b", "wins"), (2, "c", "tied")]
    with pytest.raises(TableError, match="tie_breaks names 'head to head'; expected a results table that says who"):
        pb_standings(results, tie_breaks="head to head")


# Properties over generated events.


def _wins(event: list[list[object]]) -> dict[str, int]:
    """Games won by each player, counted from the rows: the best place typed in the game, shared or not (places
    are ranks within the game, so 2 and 2 of a 2-player game are a shared first)."""
    best: dict[tuple[object, object], int] = {}
    for row in event[1:]:
        best[row[0], row[1]] = min(best.get((row[0], row[1]), 99), int(row[3]))  # type: ignore[call-overload]
    won: dict[str, int] = defaultdict(int)
    for row in event[1:]:
        won[str(row[2])] += row[3] == best[row[0], row[1]]
    return won


CHAINS = st.lists(
    st.sampled_from(["wins", "best game", "head to head", "opponents' points", "opponents' average"]),
    unique=True,
    max_size=5,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_rplops_events(), CHAINS, st.randoms(use_true_random=False))
def test_a_chain_only_splits_equal_totals_by_its_named_steps(
    event: list[list[object]], chain: list[str], shuffle: random.Random
) -> None:
    plain = rplops_standings(event)
    found = rplops_standings(event, tie_breaks=chain or "none", decided_by="yes")
    # The totals order the table; equal totals keep the plain table's group, split only by a named step.
    assert [r.points for r in found] == [r.points for r in plain]
    group = {r.player: r.place for r in plain}
    for above, row in itertools.pairwise(found):
        if group[above.player] != group[row.player]:
            assert _decided(row) == "points"
        else:
            assert _decided(row) in (*chain, "tied")
            assert (row.place == above.place) == (_decided(row) == "tied")
    if not chain:
        assert [(r.place, r.player) for r in found] == [(r.place, r.player) for r in plain]
    rows = event[1:]
    shuffle.shuffle(rows)
    assert rplops_standings([event[0], *rows], tie_breaks=chain or "none", decided_by="yes") == found


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_rplops_events())
def test_wins_order_the_players_level_on_points_by_the_games_they_won(event: list[list[object]]) -> None:
    won = _wins(event)
    found = rplops_standings(event, tie_breaks="wins", decided_by="yes")
    for above, row in itertools.pairwise(found):
        if Fraction(above.points).limit_denominator(10**6) == Fraction(row.points).limit_denominator(10**6):
            assert won[above.player] >= won[row.player]
            assert (_decided(row) == "tied") == (won[above.player] == won[row.player])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_rplops_events(), CHAINS)
def test_by_round_follows_the_chain_after_each_round(event: list[list[object]], chain: list[str]) -> None:
    by_round = rplops_standings_by_round(event, tie_breaks=chain or "none")
    for k in {r.round for r in by_round}:
        after = rplops_standings(event, after_round=k, tie_breaks=chain or "none")
        assert [(r.place, r.player) for r in by_round if r.round == k] == [(s.place, s.player) for s in after]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_pb_events(), CHAINS)
def test_puffing_billy_chain_only_splits_equal_totals(event: list[list[object]], chain: list[str]) -> None:
    plain = pb_standings(event)
    found = pb_standings(event, tie_breaks=chain or "none", decided_by="yes")
    assert [r.total for r in found] == [r.total for r in plain]
    group = {r.player: r.place for r in plain}
    for above, row in itertools.pairwise(found):
        if group[above.player] != group[row.player]:
            assert _decided(row) == "total"
        else:
            assert _decided(row) in (*chain, "tied")
