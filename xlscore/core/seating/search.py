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
  peer). The open tables wait in a heap by how full they are, and a player looks past only the tables of players
  they have met, so a round of n players costs about n log n (a scan of every table for every player made 2,000
  players quadratic);
* **annealing**: pick a player who meets someone at their table again (nine swaps in ten, from a list of them
  renewed every few thousand swaps) or any player of a round, and a player at another table of that round;
  swap them if it lowers the cost, or with probability ``exp(-increase / temperature)``, the temperature falling
  from 0.5 to 0.05 plain repeats over one cooling; each cooling after the first starts from a fresh greedy
  seating, and the best seating seen is kept.
* **stopping**: at the lower bound (nothing better exists); when the search has stopped improving, the plateau
  rule: :data:`PLATEAU` coolings in a row that find nothing better than the best so far; after
  :data:`COOLINGS` coolings; or at a time bound, the best seating found so far.
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections import defaultdict
from collections.abc import Sequence

COOLINGS = 8
"""The most coolings a default search runs: each after the first starts from a fresh greedy seating."""

COOLING_SHARE = 6
"""A cooling's swaps are the search's budget divided by this: the plateau rule usually ends the search after two
to four coolings, within the old budget of three coolings of a third each."""

PLATEAU = 3
"""Coolings in a row that find nothing better than the best so far, after which the search has stopped improving
and ends (the plateau rule; see the module docstring). One was too few: 16 players for 6 rounds at tables of 4
then stopped a repeat above its bound, twice in a row at 25 of 24; three matched the old search's repeats at 40
players for 10 rounds over six seeds (19 against 20) in under a fifth of its time."""

TARGETED = 0.9
"""The share of swaps that move a player who has a repeat at their table; the others move anyone, so that the search
can leave a seating whose repeats no single swap removes."""

CLOCK = 4096
"""Swaps between looks at the clock, when the search has a time bound."""

HOT, COLD = 0.5, 0.05
"""The temperatures at the start and the end, in units of one plain repeat's cost."""

__all__ = ["AVOIDED", "Met", "Problem", "anneal", "cost", "cpu_time", "greedy", "meetings", "no_meetings", "with_fixed"]


def cpu_time() -> float:
    """The processor time of this thread, the clock of a search by time (``seconds=``): a busy machine does not
    shorten it. Pyodide (xlwings Lite) has no :func:`time.thread_time`; there the process's time serves."""
    clock = getattr(time, "thread_time", None)
    return float(clock()) if clock is not None else time.process_time()


REPEAT = 4
"""What a repeat costs beyond the m (m - 1) / 2 that spreads them: repeats count first (see the module docstring)."""

AVOIDED = 1000
"""The meetings a pair that must not meet is counted as having had already: far above any real count."""

Seating = list[list[list[int]]]  # rounds -> tables -> players
Met = list[defaultdict[int, int]]
"""Meetings, each player's row holding only the players met (a missing one has 0): a row is as long as a player's
rounds times their table, not as the event, so an event of 2,000 players costs no more per player than one of 40."""


def no_meetings(players: int) -> Met:
    """The meetings of players who have never met."""
    return [defaultdict(int) for _ in range(players)]


class Problem:
    """The fixed part of a seating problem: sizes, fixed places and what pairs have met."""

    def __init__(
        self,
        players: int,
        rounds: int,
        sizes: Sequence[int],
        met: Met,
        fixed: Sequence[dict[int, int]],
        bye: int | None = None,
    ) -> None:
        self.players = players
        self.rounds = rounds
        self.sizes = tuple(sizes)
        self.met = met  # history meetings, AVOIDED for pairs that must not meet; not changed by the search
        self.fixed = fixed  # per round: player -> table
        self.bye = bye  # the table of the players sitting out (fixed there), whose pairs do not meet; or None


def meetings(problem: Problem, seating: Seating) -> Met:
    """The meeting counts of a seating: the history's (and :data:`AVOIDED`) plus every round's tables."""
    met = [defaultdict(int, row) for row in problem.met]
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
    meetings among those already seated there (ties: the emptier table, then by chance).

    The open tables wait in a heap by how full they are: a player takes the first whose players they have never
    met, looking past only the tables of players they have met, so a round costs n log n, not n x tables.
    """
    met = [defaultdict(int, row) for row in problem.met]
    seating: Seating = []
    for r in range(problem.rounds):
        tables: list[list[int]] = [[] for _ in problem.sizes]
        where: dict[int, int] = {}
        for p, t in problem.fixed[r].items():
            tables[t].append(p)
            where[p] = t
        heap = [_waiting(tables, problem.sizes, t, rng) for t in range(len(tables))]
        heap = [entry for entry in heap if entry[3] < problem.sizes[entry[2]]]
        heapq.heapify(heap)
        order = [p for p in range(problem.players) if p not in problem.fixed[r]]
        rng.shuffle(order)
        for p in order:
            row = met[p]
            near = {where[q] for q in row.keys() & where.keys()}
            t = _fresh_table(heap, tables, near)
            if t < 0:  # every open table holds someone p has met: the fewest meetings, then the emptiest
                t = min(
                    (t for t in near if len(tables[t]) < problem.sizes[t]),
                    key=lambda t: (
                        sum(row.get(q, 0) for q in tables[t]),
                        len(tables[t]) / problem.sizes[t],
                        rng.random(),
                    ),
                )
            for q in tables[t]:
                row[q] += 1
                met[q][p] += 1
            tables[t].append(p)
            where[p] = t
            if len(tables[t]) < problem.sizes[t]:
                heapq.heappush(heap, _waiting(tables, problem.sizes, t, rng))
        seating.append(tables)
    return seating


def _waiting(
    tables: list[list[int]], sizes: Sequence[int], t: int, rng: random.Random
) -> tuple[float, float, int, int]:
    """An open table's place in the heap: how full it is, a random tie-break, the table, and its count of players
    (an entry whose count is no longer the table's is stale)."""
    return len(tables[t]) / sizes[t], rng.random(), t, len(tables[t])


def _fresh_table(heap: list[tuple[float, float, int, int]], tables: list[list[int]], near: set[int]) -> int:
    """The emptiest open table not in ``near`` (by the heap), or -1; the ``near`` tables passed go back."""
    passed = []
    found = -1
    while heap:
        entry = heapq.heappop(heap)
        t = entry[2]
        if entry[3] != len(tables[t]):
            continue  # stale: the table has filled since
        if t in near:
            passed.append(entry)
            continue
        found = t
        break
    for entry in passed:
        heapq.heappush(heap, entry)
    return found


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


def cost(met: Met) -> int:
    """The sum over pairs of :data:`REPEAT` x (m - 1) + m (m - 1) / 2, for the pairs that meet."""
    return sum(REPEAT * (m - 1) + m * (m - 1) // 2 for i, row in enumerate(met) for q, m in row.items() if q > i and m)


def anneal(
    problem: Problem,
    seating: Seating,
    rng: random.Random,
    swaps: int,
    floor: int,
    *,
    coolings: int | None = COOLINGS,
    patience: int | None = PLATEAU,
    until: float | None = None,
) -> Seating:
    """Improve ``seating`` by coolings of ``swaps`` swaps each, the first from ``seating`` and each later one from
    a fresh greedy start, keeping the best (see the module docstring). It stops at whichever comes first: cost
    ``floor`` (the lower bound), ``coolings`` coolings (None: no count), ``patience`` coolings in a row that do not
    improve on the best (None: no plateau rule), or the search's processor time passing ``until``
    (:func:`cpu_time`, which a busy machine does not shorten)."""
    best, best_cost, start = seating, cost(meetings(problem, seating)), seating
    cycle, stale = 0, 0
    while coolings is None or cycle < coolings:
        found, found_cost, stopped = _cool(problem, start, rng, swaps, floor, until)
        if found_cost < best_cost or cycle == 0:
            best, best_cost, stale = found, found_cost, 0
        else:
            stale += 1
        cycle += 1
        if found_cost <= floor or stopped or (patience is not None and stale >= patience):
            break
        start = greedy(problem, rng)
    return best


def _cool(
    problem: Problem, seating: Seating, rng: random.Random, steps: int, floor: int, until: float | None
) -> tuple[Seating, int, bool]:
    """One cooling from ``HOT`` to ``COLD`` over ``steps`` swaps: the best seating seen, its cost, and whether the
    clock passed ``until`` (checked every :data:`CLOCK` swaps)."""
    seating = [[t[:] for t in tables] for tables in seating]
    met = meetings(problem, seating)
    current = cost(met)
    best, best_cost = [[t[:] for t in tables] for tables in seating], current
    if current <= floor or steps <= 0:
        return best, current, False
    where = [{p: t for t, table in enumerate(tables) for p in table} for tables in seating]
    movable, rounds = _movable(problem)
    if not rounds:
        return best, current, False
    hot, cold = HOT * (REPEAT + 1), COLD * (REPEAT + 1)
    cooling = (cold / hot) ** (1 / steps)
    temperature = hot
    random_ = rng.random  # int(random_() * n) draws an index several times faster than randrange(n)
    refresh = max(CLOCK, problem.players * problem.rounds // 4)
    troubled: list[tuple[int, int]] = []
    for step in range(steps):
        if step % CLOCK == 0 and until is not None and cpu_time() > until:
            return best, best_cost, True
        if step % refresh == 0:
            troubled = _troubled(seating, where, movable, rounds, met)
        temperature *= cooling
        if troubled and random_() < TARGETED:
            # A player with a repeat at their table (as of the last look): the swaps that can remove one.
            r, p = troubled[int(random_() * len(troubled))]
            tables, place, candidates = seating[r], where[r], movable[r]
        else:
            r = rounds[int(random_() * len(rounds))]
            tables, place, candidates = seating[r], where[r], movable[r]
            p = candidates[int(random_() * len(candidates))]
        q = candidates[int(random_() * len(candidates))]
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
        _swap(met, tables, place, p, q)
        current += delta
        if current < best_cost:
            best, best_cost = [[t[:] for t in ts] for ts in seating], current
            if current <= floor:
                break
    return best, best_cost, False


def _movable(problem: Problem) -> tuple[list[list[int]], list[int]]:
    """Each round's players not fixed to a table, and the rounds where a swap can move someone."""
    movable = [[p for p in range(problem.players) if p not in problem.fixed[r]] for r in range(problem.rounds)]
    return movable, [r for r in range(problem.rounds) if len(movable[r]) > 1 and len(problem.sizes) > 1]


def _swap(met: Met, tables: list[list[int]], place: dict[int, int], p: int, q: int) -> None:
    """Swap players ``p`` and ``q`` (at different tables of one round), keeping ``met`` and ``place`` up to date."""
    a, b = place[p], place[q]
    row_p, row_q = met[p], met[q]
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


def _troubled(
    seating: Seating, where: list[dict[int, int]], movable: list[list[int]], rounds: list[int], met: Met
) -> list[tuple[int, int]]:
    """Each (round, player) of a movable player who meets someone at their table that round for the second time
    or more."""
    return [
        (r, p)
        for r in rounds
        for p in movable[r]
        if any(met[p].get(x, 0) > 1 for x in seating[r][where[r][p]] if x != p)
    ]
