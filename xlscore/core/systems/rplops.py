"""RPLOPS (versions 1 and 2) and PLOPS: placement points weighted by player count and game length.

Source: ../shared/seeds/000_3384471a66e1fffb.txt (the RPLOPS page, after Peter Clinch's PLOPS).

Version 1 gives the player at place ``r`` of an ``n``-player game of ``h`` hours

    RPLOPS = (n + 1 - r) * h * 2x / (n + 1)

so that the points of a game average ``x`` per player per hour; a win is worth more in a bigger game. Version 2
treats all winners alike:

    RPLOPS2 = (n - r) / (n - 1) * h * 2x

PLOPS is version 1 with ``x = 50`` and game length ignored (the source's RPLOPS_0(50)). Tied players get the mean
of the points of the places they occupy: in a 5-player game with a tie for 2nd, each tied player gets the mean of
the points for 2nd and 3rd (66.67 and 50, so 58.33; 62.5 under version 2).

Decisions where the source is silent or slips:

* The version-1 table prints 28.58 for rank 5 of 6; the formula gives 2 * 50 * 2 / 7 = 28.571..., so 28.57.
  xlscore follows the formula.
* Points are not rounded; the source's tables print two decimals (one in the version-2 table).
* A game has at least 2 players (version 2 divides by n - 1), hours and x must be greater than 0.
* A tie may be written as the shared place with ``tied`` (RANK.EQ and COUNTIF) or as the average place alone
  (RANK.AVG, 2.5 for a tie over 2nd and 3rd); both give the same points because the rule is linear in the place.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypeVar

from xlscore.core.errors import InputError
from xlscore.core.events.placement import mean_place, places_from_values
from xlscore.core.validate import count, number, whole

__all__ = ["PLOPS_X", "plops", "rplops", "rplops2", "rplops_game", "rplops_many"]

N = TypeVar("N", float, Fraction)

PLOPS_X = 50.0
"""PLOPS sets the average points per player per game at 50."""


def _checked(n: object, hours: object, x: object) -> tuple[int, float, float]:
    return count("n", n, 2), number("hours", hours, positive=True), number("x", x, positive=True)


def points(r: N, n: int, hours: N, x: N, version: int) -> N:
    """The rule itself, at a (mean) place ``r``: floats in, a float out; fractions in, an exact fraction out."""
    if version == 1:
        return (n + 1 - r) * hours * 2 * x / (n + 1)
    return (n - r) / (n - 1) * hours * 2 * x


def rplops(rank: float, n: int, hours: float = 1, x: float = 50, tied: int = 1) -> float:
    """RPLOPS version 1: (n + 1 - rank) * hours * 2x / (n + 1); a tie gets the mean over the places it shares.

    rank: the finishing place, 1 for the winner; a shared place with ``tied``, or an average place (RANK.AVG).
    n: the number of players in the game, at least 2.
    hours: the game's length in hours (1 ignores game length).
    x: the average points per player per hour (50 as in PLOPS).
    tied: how many players share ``rank`` (1 when not tied).
    """
    players, h, avg = _checked(n, hours, x)
    return points(mean_place(rank, players, tied), players, h, avg, 1)


def rplops2(rank: float, n: int, hours: float = 1, x: float = 50, tied: int = 1) -> float:
    """RPLOPS version 2: (n - rank) / (n - 1) * hours * 2x, every winner alike; a tie gets the mean of its places.

    rank: the finishing place, 1 for the winner; a shared place with ``tied``, or an average place (RANK.AVG).
    n: the number of players in the game, at least 2.
    hours: the game's length in hours (1 ignores game length).
    x: the average points per player per hour (50 as in PLOPS).
    tied: how many players share ``rank`` (1 when not tied).
    """
    players, h, avg = _checked(n, hours, x)
    return points(mean_place(rank, players, tied), players, h, avg, 2)


def plops(rank: float, n: int, tied: int = 1) -> float:
    """PLOPS: RPLOPS version 1 with x = 50 and game length ignored (the source's RPLOPS_0(50)).

    rank: the finishing place, 1 for the winner; a shared place with ``tied``, or an average place (RANK.AVG).
    n: the number of players in the game, at least 2.
    tied: how many players share ``rank`` (1 when not tied).
    """
    return rplops(rank, n, 1, PLOPS_X, tied)


def rplops_many(rank: Any, n: Any, hours: Any, x: Any, tied: Any, version: int = 1) -> tuple[Any, Any]:
    """:func:`rplops` (or :func:`rplops2`) over whole arrays at once (numpy arrays of floats, broadcast together):
    each element's points, and whether the element is plainly good. Where it is, the points are those the one-value
    function gives, in the very same operations; where it is not (a value out of range, a blank, a tie that needs
    a closer look), the caller asks the one-value function, which words the message."""
    import numpy as np

    from xlscore.core.validate import LARGEST

    rank, n, hours, x, tied = np.broadcast_arrays(*(np.asarray(a, dtype=np.float64) for a in (rank, n, hours, x, tied)))
    with np.errstate(invalid="ignore", divide="ignore"):
        whole_n = (n == np.floor(n)) & (n >= 2) & (n <= LARGEST)
        whole_tied = (tied == np.floor(tied)) & (tied >= 1) & (tied <= n)
        positive = (hours > 0) & (hours <= LARGEST) & (x > 0) & (x <= LARGEST)
        in_range = (rank >= 1) & (rank <= n)
        integer = rank == np.floor(rank)
        placed = (integer & (rank + tied - 1 <= n)) | (~integer & (2 * rank == np.floor(2 * rank)) & (tied == 1))
        ok = whole_n & whole_tied & positive & in_range & placed
        mean = np.where(integer, rank + (tied - 1) / 2, rank)
        values = points(mean, n, hours, x, version)  # the rule itself, on arrays
    return values, ok


def rplops_game(
    scores: Sequence[float], hours: float = 1, x: float = 50, version: int = 1, higher_is_better: bool = True
) -> tuple[float, ...]:
    """Every player's RPLOPS points for one game, from the game's scores; equal scores are ties.

    scores: each player's score in the game (higher is better), or each player's place with higher_is_better
        set to False.
    hours: the game's length in hours (1 ignores game length).
    x: the average points per player per hour (50 as in PLOPS).
    version: 1 for RPLOPS (a win in a bigger game is worth more), 2 for RPLOPS2 (all winners alike).
    higher_is_better: True when ``scores`` are scores, False when they are places.
    """
    rule = rplops if whole("version", version, 1, 2) == 1 else rplops2
    places = places_from_values(scores, higher_is_better=higher_is_better, name="scores")
    if len(places) < 2:
        raise InputError(f"scores has {len(places)} value; expected at least 2 players")
    return tuple(rule(place, len(places), hours, x, tied) for place, tied in places)
