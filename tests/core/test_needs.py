"""What each player needs before the last round (xlscore/core/events/needs.py, RPLOPS_NEEDS): by hand and by brute
force.

Hand cases use RPLOPS version 1, x = 50, no hours: a 3-player game gives 100 (4 - p) / 4 = 75, 50, 25 for places
1, 2, 3, and a shared 1st of two (mean place 1.5) 100 x 2.5 / 4 = 62.5 each.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlscore import InputError
from xlscore.core.events.needs import needs
from xlscore.core.systems.rplops_event import rplops_needs

# Ann 75 + 62.5 = 137.5, Bo 50 + 62.5 = 112.5, Cy 25 + 25 = 50.
EVENT = [
    ["game", "player", "place"],
    ["G", "Ann", 1],
    ["G", "Bo", 2],
    ["G", "Cy", 3],
    ["H", "Ann", 1],
    ["H", "Bo", 1],
    ["H", "Cy", 3],
]


def test_first_place_by_hand() -> None:
    found = [(n.target, n.player, n.place, n.total, n.needs, n.kind) for n in rplops_needs(EVENT, 3)]
    # Ann: 2nd (+50 = 187.5) ties Bo's best (112.5 + 75), a shared 1st; 3rd (162.5) does not. Bo: Ann's best is
    # 212.5, above any finish of his, but a win (187.5) passes Ann's worst (162.5): in reach, no finish enough
    # alone. Cy: a win gives 125, below Ann's worst: out of reach.
    assert found == [(1, "Ann", 1, 137.5, 2, "exact"), (1, "Bo", 2, 112.5, None, "exact")]


def test_the_top_n_by_hand() -> None:
    top = [(n.player, n.needs) for n in rplops_needs(EVENT, 3, top=2) if n.target == 2]
    # Top 2: Ann last (162.5) has only Bo's best (187.5) above; Bo last (137.5) only Ann's (212.5); Cy's best
    # (125) is below both Ann's and Bo's worst: out of reach.
    assert top == [("Ann", 3), ("Bo", 3)]


def test_bad_arguments_name_themselves() -> None:
    with pytest.raises(InputError, match="table_size"):
        rplops_needs(EVENT, 1)
    with pytest.raises(InputError, match="top"):
        rplops_needs(EVENT, 3, top=0)
    with pytest.raises(InputError, match="finishes"):
        needs({"A": Fraction(1)}, [Fraction(1), Fraction(2)], [1])


def _place(player: str, totals: dict[str, Fraction]) -> int:
    return 1 + sum(total > totals[player] for q, total in totals.items() if q != player)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.integers(0, 12), min_size=2, max_size=5),
    st.lists(st.integers(0, 6), min_size=2, max_size=4).map(lambda p: sorted(p, reverse=True)),
    st.integers(1, 3),
)
def test_needs_is_the_least_finish_over_every_last_round(now: list[int], points: list[int], target: int) -> None:
    """Enumerate every last round in which each player finishes anywhere: a player listed gets there in every one
    where they finish at ``needs`` or better, and misses in some where they finish below it; a player is listed iff
    some last round gets them there."""
    totals = {f"P{i}": Fraction(t) for i, t in enumerate(now)}
    finishes = [Fraction(p) for p in points]
    listed = {n.player: n for n in needs(totals, finishes, [target])}
    players = list(totals)
    reaches: dict[str, set[int]] = {p: set() for p in players}
    misses: dict[str, set[int]] = {p: set() for p in players}
    for outcome in itertools.product(range(len(finishes)), repeat=len(players)):
        after = {p: totals[p] + finishes[f] for p, f in zip(players, outcome, strict=True)}
        for p, f in zip(players, outcome, strict=True):
            (reaches if _place(p, after) <= target else misses)[p].add(f + 1)
    for p in players:
        assert (p in listed) == bool(reaches[p])
        if p not in listed:
            continue
        need = listed[p].needs
        if need is None:
            assert 1 in misses[p]  # even a win can miss
        else:
            assert not any(f <= need for f in misses[p])
            assert need == len(finishes) or need + 1 in misses[p]
