"""The ranking layer, and a property test over every system's standings.

Every system's standings must not depend on the order the rows are listed in; equal records share a place; and
scores typed as decimals (0.1, 0.3) rank exactly as the same values scaled to whole numbers.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlscore import league_lifetime, league_standings, pb_standings, rplops_standings, size_matters_standings
from xlscore.core.cells import exact, is_blank, yes_no
from xlscore.core.errors import InputError
from xlscore.core.ranking import TIED, chain, head_to_head, measure, standings

NAMES = ("Ann", "Bo", "Cy", "Di", "Eve", "Flo", "Gus", "Hal", "Ivy")
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- cells -------------------------------------------------------------------------------------------------------


def test_a_cell_of_spaces_is_blank_everywhere() -> None:
    assert [is_blank(v) for v in (None, "", "   ", "\t", 0, "0", "x")] == [True, True, True, True, False, False, False]


def test_exact_reads_the_decimal_a_float_prints_as() -> None:
    assert exact(0.1) == Fraction(1, 10)
    assert exact(0.3) / exact(0.9) == exact(0.4) / exact(1.2) == Fraction(1, 3)
    assert Fraction(0.3) / Fraction(0.9) != Fraction(0.4) / Fraction(1.2)  # what binary fractions got wrong


def test_a_computed_share_read_back_is_the_fraction_it_was() -> None:
    # A league's three-way tie for 1st gives 19/3, and 10/3 prints as 3.3333333333333335: three of them read back
    # from a standings table are 10, level with a player's 10 points (the property test below found this).
    assert exact(10 / 3) == Fraction(10, 3)
    assert exact(10 / 3) * 3 == exact(10.0)
    assert exact(0.1 + 0.2) != exact(0.3)  # a short typed decimal is not guessed at


def test_one_yes_no_vocabulary() -> None:
    assert [yes_no("final", v) for v in ("yes", "Y", "x", "TRUE", True, 1, "dropped", "out")] == [True] * 8
    assert [yes_no("final", v) for v in (None, "", "no", "N", "false", False, 0)] == [False] * 7
    with pytest.raises(InputError, match="final is 'maybe'; expected yes or no"):
        yes_no("final", "maybe")


# --- standings and chains ----------------------------------------------------------------------------------------


def test_standings_name_what_decided_each_row() -> None:
    points = {"A": 10, "B": 10, "C": 10, "D": 3}
    wins = {"A": 2, "B": 1, "C": 1, "D": 0}
    rows = standings(points, [measure("points", points), measure("wins", wins)])
    assert [(r.player, r.place, r.decided_by) for r in rows] == [
        ("A", 1, ""),
        ("B", 2, "wins"),
        ("C", 2, TIED),
        ("D", 4, "points"),
    ]


def test_head_to_head_is_taken_among_the_players_still_tied() -> None:
    scores = {"A": {"g1": Fraction(5), "g2": Fraction(1)}, "B": {"g1": Fraction(3)}, "C": {"g2": Fraction(4)}}
    total = {"A": 6, "B": 6, "C": 4}
    rows = standings(total, [measure("total", total), head_to_head("h2h", scores)])
    assert [(r.player, r.place, r.decided_by) for r in rows] == [("A", 1, ""), ("B", 2, "h2h"), ("C", 3, "total")]
    # A beat B by 2 in g1; C was never tied with them, so its game with A is left out.
    assert (rows[0].values["h2h"], rows[1].values["h2h"], "h2h" in rows[2].values) == (2, -2, False)


def test_a_lower_is_better_measure() -> None:
    rank = {"A": 2, "B": 1}
    assert [r.player for r in standings(rank, [measure("prior", rank, lower_is_better=True)])] == ["B", "A"]


@pytest.mark.parametrize(
    ("given_", "expected"),
    [
        (None, ("b", "c")),
        ("", ("b", "c")),
        ("  ", ("b", "c")),
        ("none", ()),
        ("C", ("c",)),
        ("c, b", ("c", "b")),
        (["c", None, "  "], ("c",)),
        (["c; b"], ("c", "b")),
    ],
)
def test_a_chain_can_be_reordered_or_shortened(given_: object, expected: tuple[str, ...]) -> None:
    assert chain(given_, ("b", "c"), ("b", "c")) == expected


@pytest.mark.parametrize(
    ("given_", "message"),
    [
        ("b, d", "tie_breaks names 'd'; expected some of: b, c, or none"),
        ("b, B", "tie_breaks names 'b' twice; expected each tie-break once"),
        (5, "tie_breaks is 5; expected names of tie-breaks (b, c)"),
    ],
)
def test_a_bad_chain_is_refused(given_: object, message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        chain(given_, ("b", "c"), ("b", "c"))


def test_the_league_chain_can_be_shortened_and_reordered() -> None:
    table = [["game", "player", "score"], ["G1", "A", 10], ["G1", "B", 1], ["G2", "B", 100], ["G2", "A", 50]]
    # Each wins one 2-player game (3 + 1 league points): level on points, wins and 2nd places. A has the larger
    # share of the winner's score (1 + 0.5 against 0.1 + 1), B the larger margin (-9 + 50 against 9 - 50).
    published = league_standings(table)
    assert [(r.player, r.decided_by) for r in published] == [("A", ""), ("B", "percentage of winner's score")]
    by_margin = league_standings(table, tie_breaks="margin of victory, game points")
    assert [(r.player, r.decided_by) for r in by_margin] == [("B", ""), ("A", "margin of victory")]
    assert [(r.place, r.decided_by) for r in league_standings(table, tie_breaks="none")] == [(1, ""), (1, TIED)]


def test_league_tie_breaks_compare_the_decimals_typed() -> None:
    # X scores 0.3 of 0.9, Y 0.4 of 1.2: each a third of the winner's score. Before, binary fractions put Y above X
    # "by percentage of winner's score"; now margin of victory (-0.6 against -0.8) does.
    table = [
        ["game", "player", "score"],
        ["G1", "W1", 0.9],
        ["G1", "X", 0.3],
        ["G2", "W2", 1.2],
        ["G2", "Y", 0.4],
    ]
    rows = league_standings(table)
    assert [(r.player, r.decided_by) for r in rows][2:] == [("X", "league points"), ("Y", "margin of victory")]
    assert rows[2].percent_of_winner == rows[3].percent_of_winner


def test_league_margins_compare_exactly() -> None:
    # A wins 0.3 to 0.2 and B 1.1 to 1.0: margins of exactly 0.1 each, so game points (0.3 against 1.1) decide.
    # Before, the binary values of the margins differed and margin of victory split them.
    table = [
        ["game", "player", "score"],
        ["G1", "A", 0.3],
        ["G1", "C", 0.2],
        ["G2", "B", 1.1],
        ["G2", "D", 1.0],
    ]
    rows = league_standings(table)
    assert [(r.player, r.decided_by) for r in rows][:2] == [("B", ""), ("A", "game points")]
    assert rows[0].margin_of_victory == rows[1].margin_of_victory


# --- the property test ---------------------------------------------------------------------------------------------

Table = list[list[Any]]
Key = Callable[[Any], tuple[Any, ...]]


def _games(draw: st.DrawFn, size: int, count: int) -> list[list[str]]:
    return [draw(st.permutations(NAMES).map(lambda p: list(p[:size]))) for _ in range(count)]


@st.composite
def league_tables(draw: st.DrawFn) -> tuple[Table, Table]:
    header = ["game", "player", "score"]
    decimals: Table = [header]
    wholes: Table = [header]
    for g, seats in enumerate(_games(draw, 4, draw(st.integers(1, 5))), start=1):
        scores = draw(st.lists(st.integers(0, 12), min_size=4, max_size=4))
        scores[0] = max(scores[0], 1)  # the winner's score is above 0
        for player, score in zip(seats, scores, strict=True):
            decimals.append([f"G{g}", player, score / 10])
            wholes.append([f"G{g}", player, score])
    return decimals, wholes


@st.composite
def rplops_tables(draw: st.DrawFn) -> tuple[Table, Table]:
    header = ["game", "player", "score", "hours"]
    decimals: Table = [header]
    wholes: Table = [header]
    for g, seats in enumerate(_games(draw, draw(st.integers(2, 5)), draw(st.integers(1, 5))), start=1):
        tenths = draw(st.integers(1, 30))
        for player in seats:
            score = draw(st.integers(0, 3))
            decimals.append([f"G{g}", player, score, tenths / 10])
            wholes.append([f"G{g}", player, score, tenths])
    return decimals, wholes


@st.composite
def pb_tables(draw: st.DrawFn) -> tuple[Table, Table]:
    header = ["player", "game", "score"]
    decimals: Table = [header]
    wholes: Table = [header]
    for player in NAMES[:5]:
        for game in ("EB", "AoS"):
            thousandths = draw(st.sampled_from((0, 500, 1000, 1250, 2000, 2500, 3000)))
            decimals.append([player, game, thousandths / 1000])
            wholes.append([player, game, thousandths])
    return decimals, wholes


@st.composite
def size_matters_tables(draw: st.DrawFn) -> tuple[Table, Table]:
    table: Table = [["round", "board", "player", "centres"]]
    for b, seats in enumerate(_games(draw, 7, draw(st.integers(1, 4))), start=1):
        solo = draw(st.booleans())
        centres = draw(st.lists(st.sampled_from((0, 2) if solo else (0, 2, 4)), min_size=7, max_size=7))
        centres[0], centres[1] = 18 if solo else max(centres[0], 2), max(centres[1], 2)
        table += [[None, b, player, c] for player, c in zip(seats, centres, strict=True)]  # no rounds: any seating
    return table, table


SYSTEMS: dict[str, tuple[Any, Callable[[Table], Sequence[Any]], Key]] = {
    "league": (
        league_tables(),
        league_standings,
        lambda r: (
            r.league_points,
            r.games_won,
            r.second_places,
            r.third_places,
            r.percent_of_winner,
            r.margin_of_victory,
            r.game_points,
            r.head_to_head,
            r.prior_rank,
        ),
    ),
    "rplops": (rplops_tables(), rplops_standings, lambda r: (r.points,)),
    "puffing billy": (pb_tables(), pb_standings, lambda r: (r.total,)),
    "size matters": (
        size_matters_tables(),
        size_matters_standings,
        lambda r: (r.total, r.solos, r.head_to_head),
    ),
}


def _shape(rows: Sequence[Any]) -> list[tuple[str, int, str]]:
    return [(r.player, r.place, getattr(r, "decided_by", "")) for r in rows]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_system_ranks_by_its_records_not_by_listing_or_notation(system: str) -> None:
    strategy, rank, key = SYSTEMS[system]

    @PROPERTY
    @given(tables=strategy, seed=st.integers(0, 2**16))
    def check(tables: tuple[Table, Table], seed: int) -> None:
        decimals, wholes = tables
        ranked = rank(decimals)
        shuffled = [decimals[0], *random.Random(seed).sample(decimals[1:], len(decimals) - 1)]
        assert _shape(rank(shuffled)) == _shape(ranked)
        assert _shape(rank(wholes)) == _shape(ranked)
        for above, below in itertools.pairwise(ranked):
            tied = below.decided_by == TIED if hasattr(below, "decided_by") else key(above) == key(below)
            assert (above.place == below.place) == tied
        places: dict[tuple[Any, ...], set[int]] = {}
        for row in ranked:
            places.setdefault(key(row), set()).add(row.place)
        assert all(len(p) == 1 for p in places.values())  # equal records share a place

    check()


def test_lifetime_standings_rank_by_records_not_by_listing() -> None:
    @PROPERTY
    @given(tables=league_tables(), more=league_tables(), seed=st.integers(0, 2**16))
    def check(tables: tuple[Table, Table], more: tuple[Table, Table], seed: int) -> None:
        seasons = [league_standings(tables[0]), league_standings(more[0])]
        ranked = league_lifetime(seasons)
        shuffled = [random.Random(seed).sample(list(s), len(s)) for s in seasons]
        assert _shape(league_lifetime(shuffled)) == _shape(ranked)
        for above, below in itertools.pairwise(ranked):
            assert (above.place == below.place) == (above.points_by_division == below.points_by_division)

    check()
