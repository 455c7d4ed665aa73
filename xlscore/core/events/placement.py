"""Finishing places and ties, shared by every system that scores by place.

Two ways of writing a tie are accepted everywhere a rule takes a place:

* the shared place and how many share it: a tie for 2nd between two players is ``place=2, tied=2`` (what
  Excel's ``RANK.EQ`` and ``COUNTIF`` give), occupying places 2 and 3;
* the average place alone: ``place=2.5`` (what ``RANK.AVG`` gives), leaving ``tied`` at 1.

A tied player gets the mean of the points of the places the tie occupies. For a rule that is linear in the place
(RPLOPS, the Gibbs success S) that is the rule at the mean place, so both spellings agree. A whole number from
``RANK.AVG`` (three players tied over places 2..4 average 3) is read as the mean place only when ``tied`` is left
at 1: do not pass a ``RANK.AVG`` place together with a tied count.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from xlscore.core.cells import exact
from xlscore.core.errors import InputError
from xlscore.core.validate import count, number, numbers, whole

if TYPE_CHECKING:
    from xlscore.core.events.bulk import Floats, Ints

__all__ = [
    "average_points",
    "mean_place",
    "mean_places",
    "places_from_values",
    "places_in_bulk",
    "shared_places",
]


def mean_place(place: object, n: int, tied: object = 1, *, name: str = "rank") -> float:
    """The mean finishing place of a player at ``place`` (shared by ``tied`` players) in a game of ``n``.

    ``n`` must already be checked by the caller; ``place`` and ``tied`` are checked here.
    """
    ties = count("tied", tied, 1, n)
    at = number(name, place, 1, n)
    if at.is_integer():
        first = int(at)
        last = first + ties - 1
        if last > n:
            raise InputError(
                f"{name} {first} shared by {ties} players needs places {first}..{last}, "
                f"but the game has only {n} players"
            )
        return first + (ties - 1) / 2
    if not (2 * at).is_integer():
        raise InputError(f"{name} is {at:g}; expected a whole place 1..{n} or an average place such as 2.5")
    if ties > 1:
        first_f = at - (ties - 1) / 2
        if not first_f.is_integer() or first_f < 1 or first_f + ties - 1 > n:
            raise InputError(
                f"{name} {at:g} is not the average of {ties} consecutive places within 1..{n}; "
                f"pass the shared place with tied, or the average place with tied left at 1"
            )
    return at


def shared_places(place: object, n: int, tied: object = 1, *, name: str = "place") -> range:
    """The places a tie occupies, for rules that award points from a chart: ``place`` must be whole."""
    ties = count("tied", tied, 1, n)
    first = whole(name, place, 1, n)
    last = first + ties - 1
    if last > n:
        raise InputError(
            f"{name} {first} shared by {ties} players needs places {first}..{last}, but the game has only {n} players"
        )
    return range(first, last + 1)


def average_points(points_for_place: Callable[[int], float], places: range) -> Fraction:
    """The mean of a chart's points over the places a tie occupies, exactly: the chart's points are read as the
    decimals they print as, and the split is a fraction (a three-way tie for 1st on 10, 6, 3 is 19/3)."""
    return sum((exact(points_for_place(p)) for p in places), Fraction(0)) / len(places)


def places_from_values(
    values: Sequence[object], *, higher_is_better: bool = True, name: str = "scores"
) -> tuple[tuple[int, int], ...]:
    """Each player's (shared place, number tied) from the game's scores, or from places when lower is better.

    Equal values share the best place they cover, competition style: scores 90, 80, 80, 70 give
    (1, 1), (2, 2), (2, 2), (4, 1). Places 1, 2, 2, 3 (a dense ranking) give the same.
    """
    checked = numbers(name, values, min_len=1)
    result: list[tuple[int, int]] = []
    for v in checked:
        better = sum(1 for w in checked if (w > v if higher_is_better else w < v))
        same = sum(1 for w in checked if w == v)
        result.append((better + 1, same))
    return tuple(result)


def places_in_bulk(group: Ints, values: Floats, higher_is_better: bool) -> tuple[Ints, Ints, Ints]:
    """Each row's (shared place, number tied, players in its group), competition style within its group, as
    :func:`places_from_values` gives them for each group: equal values share the best place they cover. The fast
    path of a whole results table (numpy; tests/core/test_bulk.py checks it equals the rule)."""
    import numpy as np

    size = len(values)
    if not size:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    key = -values if higher_is_better else values
    order = np.lexsort((key, group))
    g, k = group[order], key[order]
    new_group = np.empty(size, dtype=bool)
    new_group[0] = True
    new_group[1:] = g[1:] != g[:-1]
    new_tie = new_group.copy()
    new_tie[1:] |= k[1:] != k[:-1]
    positions = np.arange(size)
    group_start = np.maximum.accumulate(np.where(new_group, positions, 0))
    tie_start = np.maximum.accumulate(np.where(new_tie, positions, 0))
    tie_ids = np.cumsum(new_tie) - 1
    tie_sizes = np.bincount(tie_ids)
    group_sizes = np.bincount(group)
    place = np.empty(size, dtype=np.int64)
    tied = np.empty(size, dtype=np.int64)
    place[order] = tie_start - group_start + 1
    tied[order] = tie_sizes[tie_ids]
    return place, tied, group_sizes[group]


def mean_places(values: Sequence[object], *, higher_is_better: bool = False, name: str = "places") -> tuple[float, ...]:
    """Each player's mean place from the game's places (or scores): places 1, 2, 2, 4 give 1, 2.5, 2.5, 4."""
    return tuple(
        place + (tied - 1) / 2
        for place, tied in places_from_values(values, higher_is_better=higher_is_better, name=name)
    )
