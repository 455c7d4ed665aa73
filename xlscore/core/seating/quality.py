"""How good a seating is, and how good one can be: repeated pairs, seat repeats, and lower bounds for both.

* A **repeat** is a meeting of two players who had met before: in an earlier round of this seating, or in a game
  of the history. A pair meeting three times in the rounds makes two repeats.
* A **seat repeat** is a player taking a seat they have taken before in this seating (for Diplomacy, the seat is
  the power).
* **Lower bounds**, the largest of three counts for repeats:
  every round seats a fixed number of pairs, and at most one meeting of each pair that is still fresh (never met,
  not forbidden) is not a repeat; each player meets at least ``rounds x (smallest table - 1)`` opponents, of
  whom at most their fresh opponents are new, every repeat being counted by its two players; and a table of ``s``
  players drawn from the first round's ``g`` tables holds at least the pairs that ``s`` split as evenly as can be
  over ``g`` makes (12 players in tables of 4: every later table seats two who met in round 1), in every round
  after the first. For seats, a player in more rounds than there are seats takes some seat again at least
  ``rounds - seats`` times, and a seat that only the full tables have can go to only so many players
  (:func:`seat_bound`).

When a seating meets its lower bound nothing better exists. For the known designs (16 players in tables of 4 for 5
rounds, and the others in :mod:`~xlscore.core.seating.designs`) the bound is 0 and the design meets it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

__all__ = ["repeat_bound", "repeated_pairs", "seat_bound", "seat_counts"]


def repeated_pairs(
    seating: Sequence[Sequence[Sequence[int]]], players: int, history: Sequence[Sequence[int]]
) -> dict[tuple[int, int], tuple[int, int]]:
    """The pairs with a repeat: (a, b) with a < b -> (meetings in this seating, repeats among them)."""
    before: set[tuple[int, int]] = set()
    for game in history:
        before.update((min(a, b), max(a, b)) for a, b in combinations(game, 2))
    met: dict[tuple[int, int], int] = {}
    for tables in seating:
        for table in tables:
            for a, b in combinations(table, 2):
                pair = (min(a, b), max(a, b))
                met[pair] = met.get(pair, 0) + 1
    result: dict[tuple[int, int], tuple[int, int]] = {}
    for pair, times in met.items():
        repeats = times if pair in before else times - 1
        if repeats:
            result[pair] = (times, repeats)
    return result


def repeat_bound(
    players: int,
    rounds: int,
    sizes: Sequence[int],
    history: Sequence[Sequence[int]],
    avoided: set[tuple[int, int]],
    played: Sequence[int] | None = None,
) -> int:
    """The fewest repeats any seating can have (see the module docstring).

    ``played``: the rounds each player plays, when some sit out (byes); then the first round's tables do not hold
    every player, and that count is left out.
    """
    stale = set(avoided)
    for game in history:
        stale.update((min(a, b), max(a, b)) for a, b in combinations(game, 2))
    fresh_pairs = players * (players - 1) // 2 - len(stale)
    meetings = rounds * sum(s * (s - 1) // 2 for s in sizes)
    by_pairs = max(0, meetings - fresh_pairs)
    stale_of = [0] * players
    for a, b in stale:
        stale_of[a] += 1
        stale_of[b] += 1
    rounds_of = [rounds] * players if played is None else list(played)
    excess = sum(max(0, rounds_of[p] * (min(sizes) - 1) - (players - 1 - stale_of[p])) for p in range(players))
    tables = len(sizes)
    by_first_round = 0 if played is not None else (rounds - 1) * sum(_least_pairs(size, tables) for size in sizes)
    return max(by_pairs, (excess + 1) // 2, by_first_round)


def _least_pairs(size: int, groups: int) -> int:
    """The fewest pairs within groups when ``size`` players come from ``groups`` groups: an even split."""
    each, more = divmod(size, groups)
    return more * (each + 1) * each // 2 + (groups - more) * each * (each - 1) // 2


def seat_counts(seating: Sequence[Sequence[Sequence[int]]], players: int) -> list[dict[int, int]]:
    """How often each player took each seat (from 0)."""
    counts: list[dict[int, int]] = [{} for _ in range(players)]
    for tables in seating:
        for table in tables:
            for s, p in enumerate(table):
                counts[p][s] = counts[p].get(s, 0) + 1
    return counts


def seat_bound(players: int, rounds: int, sizes: Sequence[int], played: Sequence[int] | None = None) -> int:
    """The fewest seat repeats any seating can have.

    A player's seat repeats are their rounds less the different seats they take. Seat ``s`` is there ``rounds x``
    (tables of ``s`` seats or more) times in all, so at most that many players (and at most all of them) ever take
    it: the different seats of all players together are at most the sum of those, and the repeats at least the
    rest. With more rounds than seats that is ``players x (rounds - seats)``; with tables one short, the last seat
    is scarce (100 players in tables of 7 for 7 rounds: 10 tables of 7 and 5 of 6 give seat 7 to at most 70).
    """
    seats = range(1, max(sizes) + 1)
    distinct = sum(min(players, rounds * sum(1 for size in sizes if size >= s)) for s in seats)
    rounds_of = [rounds] * players if played is None else list(played)  # with byes, the rounds each plays
    distinct = min(distinct, sum(min(r, max(sizes)) for r in rounds_of))
    return max(0, sum(rounds_of) - distinct)
