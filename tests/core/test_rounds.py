"""Rounds in every event table: the round column's checks, after_round, and standings by round, for RPLOPS, Puffing
Billy, Size Matters and Diplomacy. Expected figures are worked by hand here; the properties hold for any event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy  # noqa: F401  # loaded, as in a recalculation: the whole-column paths are taken at any size
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlscore import InputError, TableError
from xlscore.core.systems import rplops_event, size_matters
from xlscore.core.systems.diplomacy.event import diplomacy_standings, diplomacy_standings_by_round
from xlscore.core.systems.puffing_billy import pb_standings, pb_standings_by_round
from xlscore.core.systems.rplops_event import rplops_standings, rplops_standings_by_round
from xlscore.core.systems.size_matters import size_matters_standings, size_matters_standings_by_round

# RPLOPS, three rounds of two 2-player tables, tables named afresh each round (T1, T2). RPLOPS v1, x = 50, a
# 2-player game of 1 hour: the winner (2 + 1 - 1) x 100 / 3 = 200/3, the loser 100/3.
WIN, LOSE = 200 / 3, 100 / 3
EVENT: list[list[object]] = [
    ["round", "game", "player", "place"],
    [1, "T1", "Ann", 1],
    [1, "T1", "Bo", 2],
    [1, "T2", "Cy", 1],
    [1, "T2", "Di", 2],
    [2, "T1", "Ann", 2],
    [2, "T1", "Cy", 1],
    [2, "T2", "Bo", 1],
    [2, "T2", "Di", 2],
    [3, "T1", "Ann", 2],
    [3, "T1", "Di", 1],
    [3, "T2", "Bo", 2],
    [3, "T2", "Cy", 1],
]


def _check(table: Any, expected: dict[str, tuple[int, float]]) -> None:
    assert {s.player: s.place for s in table} == {p: place for p, (place, _) in expected.items()}
    assert {s.player: s.points for s in table} == pytest.approx({p: points for p, (_, points) in expected.items()})


def test_rplops_after_each_round_by_hand() -> None:
    _check(rplops_standings(EVENT, after_round=1), {"Ann": (1, WIN), "Cy": (1, WIN), "Bo": (3, LOSE), "Di": (3, LOSE)})
    # Round 2: Cy and Bo win. Cy 2 wins; Ann and Bo a win and a loss each; Di two losses.
    _check(
        rplops_standings(EVENT, after_round=2),
        {"Cy": (1, 2 * WIN), "Ann": (2, WIN + LOSE), "Bo": (2, WIN + LOSE), "Di": (4, 2 * LOSE)},
    )
    # Round 3: Di and Cy win. Cy has won 3; Ann (won, lost, lost), Bo (lost, won, lost), Di (lost, lost, won) 1.
    _check(
        rplops_standings(EVENT),
        {"Cy": (1, 3 * WIN), "Ann": (2, WIN + 2 * LOSE), "Bo": (2, WIN + 2 * LOSE), "Di": (2, WIN + 2 * LOSE)},
    )
    assert rplops_standings(EVENT, after_round=3) == rplops_standings(EVENT)


def test_rplops_by_round_by_hand() -> None:
    rows = {(r.round, r.player): r for r in rplops_standings_by_round(EVENT)}
    assert len(rows) == 12
    ann = [rows[k, "Ann"] for k in (1, 2, 3)]
    assert [r.place for r in ann] == [1, 2, 2]
    assert [r.change for r in ann] == [None, -1, 0]  # down one place after round 2, then level
    assert [r.score for r in ann] == pytest.approx([WIN, LOSE, LOSE])
    assert [r.total for r in ann] == pytest.approx([WIN, WIN + LOSE, WIN + 2 * LOSE])
    assert [r.games for r in ann] == [1, 1, 1]
    di = [rows[k, "Di"] for k in (1, 2, 3)]
    assert [(r.place, r.change) for r in di] == [(3, None), (4, -1), (2, 2)]
    listed = rplops_standings_by_round(EVENT)
    assert [(r.round, r.place) for r in listed] == sorted((r.round, r.place) for r in listed)  # round, then place


def test_a_late_player_enters_the_standings_in_their_first_round() -> None:
    late = [*EVENT, [3, "T3", "Eve", 1], [3, "T3", "Fay", 2]]
    assert "Eve" not in {s.player for s in rplops_standings(late, after_round=2)}
    eve = [r for r in rplops_standings_by_round(late) if r.player == "Eve"]
    assert [(r.round, r.change) for r in eve] == [(3, None)]
    assert eve[0].total == pytest.approx(WIN)


def test_a_blank_round_column_is_one_round_as_before() -> None:
    # Without rounds, a game is its name alone: the games are named apart (R1 T1, ...).
    plain: list[list[object]] = [EVENT[0][1:], *([f"R{row[0]} {row[1]}", *row[2:]] for row in EVENT[1:])]
    blank = [EVENT[0], *([None, *row] for row in plain[1:])]
    assert rplops_standings(blank) == rplops_standings(plain)
    assert rplops_standings(blank, after_round=1) == rplops_standings(plain)
    assert {r.round for r in rplops_standings_by_round(plain)} == {1}


# Every system, the same checks of the round column, the row named.

SEVEN = ["A", "B", "C", "D", "E", "F", "G"]
DRAW = [10, 8, 8, 8, 0, 0, 0]  # a 4-way draw


def _boards(rounds: list[object], players: list[str] = SEVEN) -> list[list[object]]:
    """One Size Matters / Diplomacy board per round given (a round of None: blank)."""
    rows: list[list[object]] = [["round", "board", "player", "centres"]]
    for round_ in rounds:
        rows += [[round_, 1, p, c] for p, c in zip(players, DRAW, strict=True)]
    return rows


def _rplops(rounds: list[object]) -> list[list[object]]:
    rows: list[list[object]] = [["round", "game", "player", "place"]]
    for round_ in rounds:
        rows += [[round_, "T1", "A", 1], [round_, "T1", "B", 2]]
    return rows


def _pb(rounds: list[object]) -> list[list[object]]:
    rows: list[list[object]] = [["round", "game", "board", "place", "player", "money"]]
    for round_ in rounds:
        rows += [[round_, "EB", "T1", 1, "A", 100], [round_, "EB", "T1", 2, "B", 50]]
    return rows


SYSTEMS: dict[str, tuple[Callable[[list[object]], list[list[object]]], Callable[..., Any]]] = {
    "rplops": (_rplops, rplops_standings),
    "puffing billy": (_pb, pb_standings),
    "size matters": (_boards, size_matters_standings),
    "diplomacy": (_boards, lambda t, **k: diplomacy_standings(t, "Sum of Squares", **k)),
}


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize(
    ("rounds", "message"),
    [
        ([1, 2.5], r"round in row \d+( of boards)? is 2\.5; expected a whole number at least 1"),
        ([1, "two"], r"round in row \d+( of boards)? is the text 'two'; expected a whole number"),
        ([1, 0], r"round in row \d+( of boards)? is 0; expected a whole number at least 1"),
        ([1, 3], r"round in row \d+( of boards)? is 3; expected rounds 1, 2, 3, \.\.\. without a gap, and no row"),
        (
            [2, 2],
            r"round in row 2( of boards)? is 2; expected rounds 1, 2, 3, \.\.\. without a gap, and no row gives "
            r"round 1",
        ),
        ([1, None], r"round in row \d+( of boards)? is blank; expected a round number"),
    ],
)
def test_a_bad_round_is_refused_naming_its_row(system: str, rounds: list[object], message: str) -> None:
    make, standings = SYSTEMS[system]
    with pytest.raises(TableError, match=message):
        standings(make(rounds))


@pytest.mark.parametrize("system", SYSTEMS)
def test_after_round_beyond_the_last_round_is_refused(system: str) -> None:
    make, standings = SYSTEMS[system]
    with pytest.raises(InputError, match=r"after_round is 3; expected 1\.\.2, a round of the results"):
        standings(make([1, 2]), after_round=3)
    with pytest.raises(InputError, match=r"after_round is 1\.5; expected a whole number at least 1"):
        standings(make([1, 2]), after_round=1.5)


def test_a_player_in_two_games_of_a_round_is_refused() -> None:
    two = [["round", "game", "player", "place"], [1, "T1", "A", 1], [1, "T1", "B", 2], [1, "T2", "A", 1]]
    two.append([1, "T2", "C", 2])
    with pytest.raises(TableError, match=r"player 'A' is in two games of round 1 \(game 'T1' of round 1 in row 2, "):
        rplops_standings(two)
    boards = _boards([1])[:8] + [[1, 2, p, c] for p, c in zip(["A", *"HIJKLM"], DRAW, strict=True)]
    with pytest.raises(TableError, match=r"player 'A' is in two games of round 1 \(board '1' of round '1' in row 2"):
        size_matters_standings(boards)
    pb = [*_pb([1]), [1, "TtR", "T2", 1, "A", 90], [1, "TtR", "T2", 2, "C", 80]]
    with pytest.raises(TableError, match=r"player 'A' is in two games of round 1 \(board T1 of EB in round 1 in row 2"):
        pb_standings(pb)
    # Diplomacy's round score adds up (or takes the best of) a player's boards in a round: allowed there.
    assert diplomacy_standings(boards, "Sum of Squares")[0].boards == 2


def test_puffing_billy_by_round_shows_what_a_round_changed() -> None:
    # Round 1, Empire Builder board T1: A 100, B 50. B's bonus 0.5 x 50 / 100 = 0.25 (2.25); A's 0.03 x 0.25 =
    # 0.0075, 0.008 to the thousandth (3.008). Round 2, board T1 again: B 100, A 80: A 2 + 0.4 = 2.4, B 3 + 0.012.
    boards = [*_pb([1]), [2, "EB", "T1", 1, "B", 100], [2, "EB", "T1", 2, "A", 80]]
    after_one = pb_standings(boards, after_round=1)
    assert [(s.player, s.total) for s in after_one] == [("A", 3.008), ("B", 2.25)]
    assert [(s.player, s.total) for s in pb_standings(boards)] == [("B", 3.012), ("A", 3.008)]
    second = {r.player: r for r in pb_standings_by_round(boards) if r.round == 2}
    # A game counts its best board: A's 2.4 adds nothing to her 3.008; B's 3.012 replaces his 2.25.
    assert (second["A"].score, second["A"].games, second["A"].change) == (0, 1, -1)
    assert second["B"].score == pytest.approx(3.012 - 2.25)
    assert second["B"].change == 1


def test_size_matters_and_diplomacy_after_a_round_by_hand() -> None:
    # A 4-way draw on 10, 8, 8, 8: D = 52.5, B = 34 / 4 = 8.5; 10 centres: 52.5 x 10 / 8.5; 8: 52.5 x 8 / 8.5 =
    # 49.41, above the floor 45. Round 2 is the same board with the seats turned: A now on 0.
    turned = _boards([1]) + [[2, 1, p, c] for p, c in zip(SEVEN[1:] + SEVEN[:1], DRAW, strict=True)]
    after_one = {s.player: s.total for s in size_matters_standings(turned, after_round=1)}
    assert after_one["A"] == pytest.approx(52.5 * 10 / 8.5)
    assert after_one["E"] == 0
    full = {s.player: s.total for s in size_matters_standings(turned)}
    assert full["B"] == pytest.approx(52.5 * 8 / 8.5 + 52.5 * 10 / 8.5)
    # Sum of Squares: 100 x c^2 / (100 + 64 + 64 + 64) = 100 c^2 / 292.
    sos = {s.player: s.total for s in diplomacy_standings(turned, "Sum of Squares", after_round=1)}
    assert sos["A"] == pytest.approx(100 * 100 / 292)
    by_round = {(r.round, r.player): r for r in diplomacy_standings_by_round(turned, "Sum of Squares")}
    assert by_round[2, "A"].score == 0
    assert by_round[2, "A"].total == pytest.approx(100 * 100 / 292)
    assert by_round[2, "B"].score == pytest.approx(100 * 100 / 292)


# Properties: any event, round by round.


@st.composite
def _rplops_events(draw: st.DrawFn) -> list[list[object]]:
    """An RPLOPS event: 4 to 9 players, 1 to 5 rounds, each round's players (some sit out) seated at tables of 2
    to 4, places drawn with ties; table names reused each round."""
    players = [f"P{i}" for i in range(draw(st.integers(4, 9)))]
    rows: list[list[object]] = [["round", "game", "player", "place", "hours"]]
    for round_ in range(1, draw(st.integers(1, 5)) + 1):
        seated = draw(st.permutations(players))[: draw(st.integers(2, len(players)))]
        table = 0
        while len(seated) >= 2:
            size = min(len(seated), draw(st.integers(2, 4)))
            size = size if len(seated) - size != 1 else size + 1
            table, hours = table + 1, draw(st.sampled_from([None, 1, 1.5, 2]))
            for player in seated[:size]:
                rows.append([round_, f"T{table}", player, draw(st.integers(1, size)), hours])
            seated = seated[size:]
    return rows


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_rplops_events(), st.sampled_from([1, 2]))
def test_rplops_by_round_agrees_with_the_standings_after_each_round(event: list[list[object]], version: int) -> None:
    by_round = rplops_standings_by_round(event, version=version)
    last = max(r.round for r in by_round)
    for k in range(1, last + 1):
        after = rplops_standings(event, version=version, after_round=k)
        assert [(r.place, r.player) for r in by_round if r.round == k] == [(s.place, s.player) for s in after]
        assert [r.total for r in by_round if r.round == k] == pytest.approx([s.points for s in after])
    final = {r.player: r for r in by_round if r.round == last}
    assert {p: r.total for p, r in final.items()} == {
        s.player: s.points for s in rplops_standings(event, version=version)
    }
    for player, row in final.items():
        mine = [r for r in by_round if r.player == player]
        assert sum(r.score for r in mine) == pytest.approx(row.total)
        assert sum(r.games for r in mine) == next(s.games for s in rplops_standings(event) if s.player == player)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_rplops_events())
def test_rplops_rounds_read_alike_in_bulk_and_row_by_row(event: list[list[object]]) -> None:
    fast = (rplops_standings(event), rplops_standings(event, after_round=1), rplops_standings_by_round(event))
    assert rplops_event._in_bulk(event) is not None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rplops_event, "_in_bulk", lambda results: None)
        slow = (rplops_standings(event), rplops_standings(event, after_round=1), rplops_standings_by_round(event))
    assert fast == slow


@st.composite
def _diplomacy_events(draw: st.DrawFn) -> list[list[object]]:
    """Size Matters / Diplomacy boards: 1 to 4 rounds of one or two boards of seven from 14 players."""
    players = [f"P{i}" for i in range(14)]
    rows: list[list[object]] = [["round", "board", "player", "centres"]]
    shapes = [[10, 8, 8, 8, 0, 0, 0], [18, 6, 5, 5, 0, 0, 0], [5, 5, 5, 5, 5, 5, 4], [17, 17, 0, 0, 0, 0, 0]]
    for round_ in range(1, draw(st.integers(1, 4)) + 1):
        seated = draw(st.permutations(players))
        for board in range(draw(st.integers(1, 2))):
            centres = draw(st.permutations(draw(st.sampled_from(shapes))))
            rows += [[round_, board + 1, p, c] for p, c in zip(seated[board * 7 : board * 7 + 7], centres, strict=True)]
    return rows


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_diplomacy_events(), st.sampled_from(["size matters", "diplomacy"]))
def test_diplomacy_by_round_agrees_with_the_standings_after_each_round(event: list[list[object]], which: str) -> None:
    if which == "size matters":
        plain: Callable[..., Any] = size_matters_standings
        by_round = size_matters_standings_by_round(event)
    else:
        plain = lambda t, **k: diplomacy_standings(t, "Sum of Squares", tournament="best N", best=2, **k)  # noqa: E731
        by_round = diplomacy_standings_by_round(event, "Sum of Squares", tournament="best N", best=2)
    last = max(r.round for r in by_round)
    for k in range(1, last + 1):
        after = plain(event, after_round=k)
        assert [(r.place, r.player) for r in by_round if r.round == k] == [(s.place, s.player) for s in after]
        assert [r.total for r in by_round if r.round == k] == pytest.approx([s.total for s in after])
    assert {r.player: r.total for r in by_round if r.round == last} == {s.player: s.total for s in plain(event)}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_diplomacy_events())
def test_size_matters_rounds_read_alike_in_bulk_and_row_by_row(event: list[list[object]]) -> None:
    def every() -> tuple[object, ...]:  # the running totals after each round too (by round)
        return (
            size_matters_standings(event),
            size_matters_standings(event, after_round=1),
            size_matters_standings_by_round(event),
        )

    fast = every()
    assert size_matters._in_bulk(event, None) is not None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(size_matters, "_in_bulk", lambda results, digits: None)
        slow = every()
    assert fast == slow


@st.composite
def _pb_events(draw: st.DrawFn) -> list[list[object]]:
    """Puffing Billy boards: 1 to 4 rounds, 8 players at boards of 2 to 4 of two games, money drawn."""
    players = [f"P{i}" for i in range(8)]
    rows: list[list[object]] = [["round", "game", "board", "place", "player", "money"]]
    for round_ in range(1, draw(st.integers(1, 4)) + 1):
        seated = draw(st.permutations(players))
        for board, at in enumerate((seated[:4], seated[4:])):
            money = sorted(draw(st.lists(st.integers(1, 300), min_size=4, max_size=4)), reverse=True)
            game = draw(st.sampled_from(["EB", "TtR"]))
            rows += [
                [round_, game, f"T{board + 1}", i + 1, p, m] for i, (p, m) in enumerate(zip(at, money, strict=True))
            ]
    return rows


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_pb_events(), st.sampled_from([None, 1]))
def test_puffing_billy_by_round_agrees_with_the_standings_after_each_round(
    event: list[list[object]], best: int | None
) -> None:
    by_round = pb_standings_by_round(event, best)
    last = max(r.round for r in by_round)
    for k in range(1, last + 1):
        after = pb_standings(event, best, after_round=k)
        assert [(r.place, r.player, r.total) for r in by_round if r.round == k] == [
            (s.place, s.player, s.total) for s in after
        ]
    # A player's totals never fall from one round to the next: a best board or a best game only grows.
    for r in by_round:
        assert r.score >= -1e-9


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_rplops_events(), st.randoms(use_true_random=False))
def test_the_order_of_the_rows_does_not_matter(event: list[list[object]], rng: Any) -> None:
    shuffled = [event[0], *rng.sample(event[1:], len(event) - 1)]
    assert rplops_standings_by_round(shuffled) == rplops_standings_by_round(event)
    assert rplops_standings(shuffled, after_round=1) == rplops_standings(event, after_round=1)
