"""The Gibbs rule itself: one game's step, K1 by kind of game, the published settings, and the pools by kind.

The functions that make up the step (:func:`success`, :func:`bonus`, :func:`moved`) take plain numbers or numpy
arrays alike, so one game in a cell and a whole history replayed with numpy compute the same expression.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

from xlscore.core.cells import is_blank
from xlscore.core.errors import InputError
from xlscore.core.events.placement import mean_place, mean_places
from xlscore.core.validate import number, numbers, whole, wholes

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "G_EXP",
    "K1_TABLE",
    "K2",
    "K3",
    "START_RP",
    "bonus",
    "gibbs_game",
    "gibbs_update",
    "k1_of",
    "kind_pool",
    "moved",
    "pool_sizes",
    "settings",
    "success",
]

K1_TABLE: Mapping[str, float] = MappingProxyType({"1v1": 0.07, "2v2": 0.12, "3p": 0.07, "4p": 0.08, "5p": 0.09})
"""K1 by kind of game, as published: a 1v1 or 2v2 game has 2 competitors, ``np`` has n players."""

START_RP = 1500.0
"""Every player's (and team's) RP before their first game."""
K2 = 1.0
"""Exponent on the share of experience, 1 - G / G_total."""
K3 = 503.0
"""The success S of the winner; the last gets -K3."""
G_EXP = 25
"""Games after which a player's experience G stops growing."""

# A number, or a numpy array of them: the step is written once for one game and for a whole history.
Value = TypeVar("Value", float, "NDArray[Any]")


# The three steps are written as operations on one fresh result (``x = ...; x += ...``): on numbers that is the
# plain arithmetic, on a history's columns it works in place instead of making a new column at each operation.
# The figures are the formula's to the last bit: a - b is a + (-b) in floating point, and + and x commute.


def success(place: Value, n: int | Value, k3: float) -> Value:
    """S at a (mean) place of a game of n: +K3 for first, -K3 for last, a straight line between:
    K3 x (n + 1 - 2 x place) / (n - 1)."""
    s = place * -2.0
    s += n + 1
    s *= k3
    s /= n - 1
    return s


def bonus(s: Value, weight: float | Value, total: float | Value, k2: float) -> Value:
    """S x (1 - G / G_total) ^ K2: the success, scaled by the share of the game's experience the player lacks."""
    share = weight / total
    share *= -1.0
    share += 1.0
    if k2 != 1:  # as published K2 is 1; x ** 1 is x, and a power over a whole history is its dearest step
        share **= k2
    share *= s
    return share


def moved(rp: Value, k1: float | Value, average: float | Value, gain: float | Value) -> Value:
    """The rule's step: RP_old + K1 x (RP_avg - RP_old + S x (1 - G / G_total) ^ K2), the last term being ``gain``."""
    step: Value = average - rp
    step += gain
    step *= k1
    step += rp
    return step


def _competitors(kind: str) -> int:
    """How many competitors a kind of K1_TABLE is for: 2 for ``1v1`` and ``2v2``, n for ``np``."""
    return 2 if "v" in kind else int(kind[:-1])


def _published() -> str:
    return ", ".join(f"{kind} {value:g}" for kind, value in K1_TABLE.items())


def k1_of(k1: object, n: int, name: str = "k1") -> float:
    """K1 for a game of ``n`` competitors: a number, a kind of K1_TABLE, or blank for the kind read from ``n``."""
    if is_blank(k1):
        kind = "1v1" if n == 2 else f"{n}p"
        if kind not in K1_TABLE:
            raise InputError(
                f"{name} is blank and a game of {n} players has no published K1 ({_published()}); "
                f"expected {name} as a number greater than 0"
            )
        return K1_TABLE[kind]
    if isinstance(k1, str):
        kind = k1.strip().lower()
        if kind not in K1_TABLE:
            raise InputError(
                f"{name} is the text {k1!r}; expected a number greater than 0 or a kind of game: {', '.join(K1_TABLE)}"
            )
        if _competitors(kind) != n:
            raise InputError(f"{name} {k1!r} is for games of {_competitors(kind)} competitors, but the game has {n}")
        return K1_TABLE[kind]
    return number(name, k1, positive=True)


def settings(k2: object, k3: object, g_exp: object) -> tuple[float, float, int]:
    """K2, K3 and G_exp checked: K2 and K3 at least 0, G_exp a whole number of at least 1."""
    return number("k2", k2, lo=0), number("k3", k3, lo=0), whole("g_exp", g_exp, 1)


# --- pools by kind of game ----------------------------------------------------------------------------------------

_SIZE_POOL = re.compile(r"(\d+)p", re.ASCII)


def kind_pool(n: int) -> str:
    """The pool of a game whose history names none, as Tropic Euro keeps them: ``1v1`` for 2 competitors,
    ``3-5P`` for 3 to 5 players, and a pool of their own for each larger size (``6P``, ``7P``...)."""
    if n == 2:
        return "1v1"
    return "3-5P" if n <= 5 else f"{n}P"


def pool_sizes(pool: str) -> range | None:
    """The sizes of game a pool named after a kind of game holds (any case): ``1v1`` and ``2v2`` 2, ``3-5P`` 3 to 5,
    ``np`` n (``4p``, ``6P``); None for any other name, a club's own pool, which holds games of any size."""
    kind = pool.strip().lower()
    if kind in ("1v1", "2v2"):
        return range(2, 3)
    if kind == "3-5p":
        return range(3, 6)
    size = _SIZE_POOL.fullmatch(kind)
    if size and int(size.group(1)) >= 2:
        return range(int(size.group(1)), int(size.group(1)) + 1)
    return None


# --- one game -----------------------------------------------------------------------------------------------------


def _average(rps: Sequence[float], weights: Sequence[int]) -> tuple[float, int]:
    """The G-weighted mean RP of a game and G_total."""
    total = sum(weights)
    return sum(map(operator.mul, rps, weights)) / total, total


def _game_counts(name: str, values: object, n: int, of: str) -> tuple[int, ...]:
    counts = wholes(name, values, 0, min_len=0)
    if len(counts) != n:
        raise InputError(f"{name} has {len(counts)} values; expected one per player of {of}, {n}")
    return counts


def gibbs_update(
    rp: float,
    games: int,
    place: float,
    game_rps: Sequence[float],
    game_games: Sequence[int],
    k1: float | str | None = None,
    k2: float = K2,
    k3: float = K3,
    g_exp: int = G_EXP,
) -> float:
    """One player's new RP after a game: RP + K1 x (RP_avg - RP + S x (1 - G / G_total) ^ K2).

    rp: the player's RP before the game (1500 for a newcomer).
    games: the games the player had played before this one, at least 0.
    place: the player's finishing place, 1 for the winner; a tied player passes its average place (RANK.AVG: 2.5
        for a tie over 2nd and 3rd).
    game_rps: the RP before the game of every player of the game, the player included.
    game_games: the games played before this one by every player of the game, in the order of game_rps.
    k1: the step size: a number, or a kind of game (1v1, 2v2, 3p, 4p, 5p); blank reads it from the number of
        players (2: 0.07, 3: 0.07, 4: 0.08, 5: 0.09); use 2v2 (0.12) for a game of two fixed teams.
    k2: the exponent on the share of experience 1 - G / G_total (1.0 as published).
    k3: the success S of the winner; the last gets -k3 (503 as published).
    g_exp: the games after which experience G stops growing (25 as published).
    """
    own_rp = number("rp", rp)
    own_games = whole("games", games, 0)
    rps = numbers("game_rps", game_rps, min_len=2)
    n = len(rps)
    at = mean_place(place, n, name="place")
    counts = _game_counts("game_games", game_games, n, "game_rps")
    step = k1_of(k1, n)
    power, top, cap = settings(k2, k3, g_exp)
    if not any(r == own_rp and c == own_games for r, c in zip(rps, counts, strict=True)):
        raise InputError(
            f"rp {own_rp:g} with games {own_games} is not among game_rps and game_games; expected the player's "
            f"own RP and games to be listed with the game's players"
        )
    average, total = _average(rps, [min(cap, c + 1) for c in counts])
    return moved(own_rp, step, average, bonus(success(at, n, top), min(cap, own_games + 1), total, power))


def gibbs_game(
    rps: Sequence[float],
    games: Sequence[int],
    places: Sequence[float],
    k1: float | str | None = None,
    k2: float = K2,
    k3: float = K3,
    g_exp: int = G_EXP,
) -> tuple[float, ...]:
    """The new RP of every player of one game, in the order given; equal places are ties.

    rps: every player's RP before the game.
    games: the games each player had played before this one, in the order of rps.
    places: each player's finishing place, 1 for the winner; tied players share a place (1, 2, 2, 4) and get the
        mean success S of the places they occupy.
    k1: the step size: a number, or a kind of game (1v1, 2v2, 3p, 4p, 5p); blank reads it from the number of
        players (2: 0.07, 3: 0.07, 4: 0.08, 5: 0.09); use 2v2 (0.12) for a game of two fixed teams.
    k2: the exponent on the share of experience 1 - G / G_total (1.0 as published).
    k3: the success S of the winner; the last gets -k3 (503 as published).
    g_exp: the games after which experience G stops growing (25 as published).
    """
    ratings = numbers("rps", rps, min_len=2)
    n = len(ratings)
    counts = _game_counts("games", games, n, "rps")
    finishing = numbers("places", places, 1, n, min_len=0)
    if len(finishing) != n:
        raise InputError(f"places has {len(finishing)} values; expected one per player of rps, {n}")
    at = mean_places(finishing)
    step = k1_of(k1, n)
    power, top, cap = settings(k2, k3, g_exp)
    weights = [min(cap, c + 1) for c in counts]
    average, total = _average(ratings, weights)
    return tuple(
        moved(r, step, average, bonus(success(p, n, top), w, total, power))
        for r, w, p in zip(ratings, weights, at, strict=True)
    )
