"""Who sits at which table: a greedy start, then simulated annealing on swaps of two players within a round.

Players are numbers from 0; a seating is, for each round, its tables as lists of players. The search minimises the
sum over pairs of ``REPEAT x (m - 1) + m (m - 1) / 2``, where ``m`` counts the pair's meetings (in the history and
in every round; pairs that never meet cost nothing): zero when no pair meets twice. The first term counts repeats
(a meeting of two who met before), which come first; the second spreads them, so that two pairs meeting twice cost
less than one pair meeting three times (10 against 11). A pair that must not meet starts with :data:`AVOIDED`
meetings, so no swap that seats it together can pay off while any other seating is open; the caller checks the
result.

The search (one core, the standard library's seeded :class:`random.Random`, no dependency):

* **greedy**: each round, the fixed players first, then the others in a shuffled order, each at the open table
  where they have met the fewest of the players already seated (the usual method by hand; also the benchmark's
  peer);
* **annealing**: pick a round and a player who has met someone at their table before (most of the time) or any
  player, and a player at another table of that round; swap them if it lowers the cost, or with probability
  ``exp(-increase / temperature)``, the temperature falling from 0.5 to 0.05 plain repeats, in :data:`CYCLES`
  coolings, each from the best seating seen so far. The search stops early when it reaches the lower bound.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

CYCLES = 3
"""Coolings the budget is split into: a search stuck near a good seating starts warm again from the best."""

HOT, COLD = 0.5, 0.05
"""The temperatures at the start and the end, in units of one plain repeat's cost."""

__all__ = ["AVOIDED", "Problem", "anneal", "cost", "greedy", "meetings", "with_fixed"]

REPEAT = 4
"""What a repeat costs beyond the m (m - 1) / 2 that spreads them: repeats count first (see the module docstring)."""

AVOIDED = 1000
"""The meetings a pair that must not meet is counted as having had already: far above any real count."""

Seating = list[list[list[int]]]  # rounds -> tables -> players


class Problem:
    """The fixed part of a seating problem: sizes, fixed places and what pairs have met."""

    def __init__(
        self,
        players: int,
        rounds: int,
        sizes: Sequence[int],
        met: list[list[int]],
        fixed: Sequence[dict[int, int]],
        bye: int | None = None,
    ) -> None:
        self.players = players
        self.rounds = rounds
        self.sizes = tuple(sizes)
        self.met = met  # history meetings, AVOIDED for pairs that must not meet; not changed by the search
        self.fixed = fixed  # per round: player -> table
        self.bye = bye  # the table of the players sitting out (fixed there), whose pairs do not meet; or None


def meetings(problem: Problem, seating: Seating) -> list[list[int]]:
    """The meeting counts of a seating: the history's (and :data:`AVOIDED`) plus every round's tables."""
    met = [row[:] for row in problem.met]
    for tables in seating:
        for t, table in enumerate(tables):
            if t == problem.bye:
                continue
            for i, p in enumerate(table):
                row = met[p]
                for q in table[i + 1 :]:
                    row[q] += 1
                    met[q][p] += 1
    return met


def greedy(problem: Problem, rng: random.Random) -> Seating:
    """Each round in turn: fixed players first, then each player at the open table with the fewest earlier
    meetings among those already seated there (ties: the emptier table, then by chance)."""
    met = [row[:] for row in problem.met]
    seating: Seating = []
    for r in range(problem.rounds):
        tables: list[list[int]] = [[] for _ in problem.sizes]
        for p, t in problem.fixed[r].items():
            tables[t].append(p)
        order = [p for p in range(problem.players) if p not in problem.fixed[r]]
        rng.shuffle(order)
        for p in order:
            row = met[p]
            best_t, best_key = -1, (0, 0.0, 0.0)
            for t, table in enumerate(tables):
                if len(table) < problem.sizes[t]:
                    key = (sum(row[q] for q in table), len(table) / problem.sizes[t], rng.random())
                    if best_t < 0 or key < best_key:
                        best_t, best_key = t, key
            for q in tables[best_t]:
                row[q] += 1
                met[q][p] += 1
            tables[best_t].append(p)
        seating.append(tables)
    return seating


def with_fixed(seating: Seating, fixed: Sequence[dict[int, int]]) -> Seating:
    """``seating`` with every fixed player moved to their table, each by a swap with a player not fixed there."""
    result = [[table[:] for table in tables] for tables in seating]
    for tables, placed in zip(result, fixed, strict=True):
        where = {p: t for t, table in enumerate(tables) for p in table}
        for p, t in placed.items():
            a = where[p]
            if a == t:
                continue
            q = next(x for x in tables[t] if placed.get(x) != t)  # there is one: no table is over-full of fixed
            tables[a][tables[a].index(p)] = q
            tables[t][tables[t].index(q)] = p
            where[p], where[q] = t, a
    return result


def cost(met: list[list[int]]) -> int:
    """The sum over pairs of :data:`REPEAT` x (m - 1) + m (m - 1) / 2, for the pairs that meet."""
    return sum(REPEAT * (m - 1) + m * (m - 1) // 2 for i, row in enumerate(met) for m in row[i + 1 :] if m)


def anneal(
    problem: Problem,
    seating: Seating,
    rng: random.Random,
    steps: int,
    floor: int,
    cycles: int = CYCLES,
    restart: bool = True,
) -> Seating:
    """Improve ``seating`` by at most ``steps`` swaps in ``cycles`` coolings, each from the best seating so far (see
    the module docstring); stop at cost ``floor``."""
    best, best_cost, start = seating, cost(meetings(problem, seating)), seating
    for cycle in range(cycles):
        found, reached = _cool(problem, start, rng, steps // cycles, floor)
        found_cost = cost(meetings(problem, found))
        if found_cost < best_cost or cycle == 0:
            best, best_cost = found, found_cost
        if reached:
            break
        start = greedy(problem, rng) if restart else best
    return best


def _cool(problem: Problem, seating: Seating, rng: random.Random, steps: int, floor: int) -> tuple[Seating, bool]:
    """One cooling from ``HOT`` to ``COLD`` over ``steps`` swaps: the best seating seen, and whether it is at
    ``floor``."""
    seating = [[t[:] for t in tables] for tables in seating]
    met = meetings(problem, seating)
    current = cost(met)
    best, best_cost = [[t[:] for t in tables] for tables in seating], current
    if current <= floor or steps <= 0:
        return best, current <= floor
    where = [{p: t for t, table in enumerate(tables) for p in table} for tables in seating]
    movable = [[p for p in range(problem.players) if p not in problem.fixed[r]] for r in range(problem.rounds)]
    rounds = [r for r in range(problem.rounds) if len(movable[r]) > 1 and len(problem.sizes) > 1]
    if not rounds:
        return best, False
    hot, cold = HOT * (REPEAT + 1), COLD * (REPEAT + 1)
    cooling = (cold / hot) ** (1 / steps)
    temperature = hot
    randrange, random_ = rng.randrange, rng.random
    for _ in range(steps):
        temperature *= cooling
        r = rounds[randrange(len(rounds))]
        tables, place, candidates = seating[r], where[r], movable[r]
        # Mostly a player who has met someone at their table before: the swaps that can remove a repeat.
        for _attempt in range(8):
            p = candidates[randrange(len(candidates))]
            row = met[p]
            if any(row[x] > 1 for x in tables[place[p]] if x != p):
                break
        q = candidates[randrange(len(candidates))]
        a, b = place[p], place[q]
        if a == b:
            continue
        row_p, row_q = met[p], met[q]
        # Seating q with x adds a meeting (a repeat if they met before) and p leaving x takes one away.
        delta = 0
        for x in tables[a]:
            if x != p:
                m_q, m_p = row_q[x], row_p[x]
                delta += (REPEAT if m_q else 0) + m_q - (REPEAT if m_p > 1 else 0) - m_p + 1
        for y in tables[b]:
            if y != q:
                m_p, m_q = row_p[y], row_q[y]
                delta += (REPEAT if m_p else 0) + m_p - (REPEAT if m_q > 1 else 0) - m_q + 1
        if delta > 0 and random_() >= math.exp(-delta / temperature):
            continue
        for x in tables[a]:
            if x != p:
                row_p[x] -= 1
                met[x][p] -= 1
                row_q[x] += 1
                met[x][q] += 1
        for y in tables[b]:
            if y != q:
                row_q[y] -= 1
                met[y][q] -= 1
                row_p[y] += 1
                met[y][p] += 1
        table_a, table_b = tables[a], tables[b]
        table_a[table_a.index(p)] = q
        table_b[table_b.index(q)] = p
        place[p], place[q] = b, a
        current += delta
        if current < best_cost:
            best, best_cost = [[t[:] for t in ts] for ts in seating], current
            if current <= floor:
                break
    return best, best_cost <= floor
