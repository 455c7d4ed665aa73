"""Two events run round by round, as a coordinator runs them (issue 30), and what the core says of each round.

* **RPLOPS**, six rounds, tables of 4: 28 players; Lou arrives late, from round 3 (29 players: a bye); P07 drops
  after round 4 (28 again).
* **Diplomacy** (Sum of Squares), five rounds, boards of 7: 28 players; Lou arrives late, from round 2 (29: a
  bye); D07 drops after round 3 (28 again).

With byes on, a round of 29 players fills every table and gives the one left over a bye: fewest byes so far,
lowest in the standings first, and a late player not ranked yet counts as lowest (docs/systems/seating.md). So the
late arrival sits out their first round, and the next round's bye goes to the lowest player with none yet.

Results are generated from each round's seating alone, deterministically (a seeded draw per round and table, the
same in every run and every program): each player has a strength, and a table finishes in the order of strength
plus a draw. :class:`Run` keeps the event so far on the Python side: the roster (with the byes given), the results,
the core's standings after each round and the next round's seating as the core computes it.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from xlscore.core.events.rounds import RoundStanding
from xlscore.core.seating.next_round import next_round
from xlscore.core.seating.plan import Seating
from xlscore.core.systems.diplomacy.board import POWER_NAMES
from xlscore.core.systems.diplomacy.event import diplomacy_standings, diplomacy_standings_by_round
from xlscore.core.systems.rplops_event import rplops_standings, rplops_standings_by_round

ROSTER_HEADER = ["player", "late from", "dropped after", "sits out", "byes"]
DIPLOMACY_SYSTEM = "Sum of Squares"
CENTRES = (12, 8, 6, 4, 3, 1, 0)
"""A board's centres, best first: 34 in all, no solo, every row a whole number of centres."""

Seat = tuple[int | None, int | None, str]
"""A player's seat in a round: table, seat (both None for a bye) and the player."""


@dataclass(frozen=True)
class Event:
    """An event's players (in the order listed, the late arrival last), rounds, table size, the late arrival and
    the drop."""

    system: str
    players: tuple[str, ...]
    rounds: int
    table_size: int
    late: str
    late_from: int
    dropped: str
    dropped_after: int

    def roster(self, byes: dict[str, set[int]]) -> list[list[object]]:
        """The players table as a coordinator keeps it: late from, dropped after and the byes given so far."""
        rows: list[list[object]] = [list(ROSTER_HEADER)]
        for player in self.players:
            rows.append(
                [
                    player,
                    self.late_from if player == self.late else None,
                    self.dropped_after if player == self.dropped else None,
                    None,
                    ", ".join(map(str, sorted(byes.get(player, ())))) or None,
                ]
            )
        return rows

    def strength(self, player: str) -> int:
        """A fixed strength per player: the order listed, shuffled once by a seeded draw."""
        order = list(self.players)
        random.Random(f"{self.system} strengths").shuffle(order)
        return order.index(player)


RPLOPS = Event(
    "rplops",
    (*(f"P{i:02}" for i in range(1, 29)), "Lou"),
    rounds=6,
    table_size=4,
    late="Lou",
    late_from=3,
    dropped="P07",
    dropped_after=4,
)
DIPLOMACY = Event(
    "diplomacy",
    (*(f"D{i:02}" for i in range(1, 29)), "Lou"),
    rounds=5,
    table_size=7,
    late="Lou",
    late_from=2,
    dropped="D07",
    dropped_after=3,
)
EVENTS = {"rplops": RPLOPS, "diplomacy": DIPLOMACY}


def result_rows(event: Event, number: int, seats: Sequence[Seat]) -> list[dict[str, object]]:
    """Round ``number``'s results from its seating: one row per player seated (a bye plays no game), by column.

    RPLOPS: game (the board's name, R3 T2), player, place; Diplomacy: round, board (the table's number), power (by
    seat: seat 1 Austria ... seat 7 Turkey), player, centres. A table finishes in the order of strength plus a
    seeded draw of the round and table."""
    tables: dict[int, list[tuple[int, str]]] = {}
    for table, seat, player in seats:
        if table is not None and seat is not None:
            tables.setdefault(table, []).append((seat, player))
    rows: list[dict[str, object]] = []
    for table, seated in sorted(tables.items()):
        draw = random.Random(f"{event.system} {number} {table}")
        luck = {player: draw.randint(0, 12) for _, player in sorted(seated)}
        finish = sorted(seated, key=lambda s: (-event.strength(s[1]) - luck[s[1]], s[1]))
        for place, (seat, player) in enumerate(finish, start=1):
            if event.system == "rplops":
                rows.append({"round": number, "game": f"R{number} T{table}", "player": player, "place": place})
            else:
                rows.append(
                    {
                        "round": number,
                        "board": table,
                        "power": POWER_NAMES[seat - 1],
                        "player": player,
                        "centres": CENTRES[place - 1],
                    }
                )
    return rows


@dataclass
class Run:
    """The event so far on the Python side: results of the rounds played and the byes given."""

    event: Event
    results: list[dict[str, object]] = field(default_factory=list)
    byes: dict[str, set[int]] = field(default_factory=dict)
    played: int = 0
    forced: list[bool] = field(default_factory=list)
    """Each round played: whether it could not avoid a repeat (see :func:`forced_repeat`)."""

    def grid(self, up_to: int | None = None) -> list[list[object]]:
        """The results as a table with a round column (rounds up to ``up_to``; None: all)."""
        columns: list[object] = list(self.results[0]) if self.results else ["round", "player"]
        rows = [r for r in self.results if up_to is None or int(r["round"]) <= up_to]  # type: ignore[call-overload]
        return [columns, *([r[str(c)] for c in columns] for r in rows)]

    def roster(self) -> list[list[object]]:
        return self.event.roster(self.byes)

    def standings(self, after: int) -> tuple[Any, ...]:
        """The core's standings after round ``after``, from every result and the roster."""
        if self.event.system == "rplops":
            # With Decided by, as the template's Standings sheet shows it.
            return rplops_standings(self.grid(), 50, 1, after_round=after, players=self.roster(), decided_by="yes")
        return diplomacy_standings(self.grid(), DIPLOMACY_SYSTEM, after_round=after, players=self.roster())

    def by_round(self) -> tuple[RoundStanding, ...]:
        if self.event.system == "rplops":
            return rplops_standings_by_round(self.grid(), 50, 1, players=self.roster())
        return diplomacy_standings_by_round(self.grid(), DIPLOMACY_SYSTEM, players=self.roster())

    def seat(self, number: int) -> Seating:
        """Round ``number`` seated by the core: from the standings after the round before (none before round 1),
        the results so far as the history, the roster, byes on; for Diplomacy each seat a power, nobody playing a
        power again while the board allows it (as ``seating --next`` and the Seating sheet seat it)."""
        ranked = [row.player for row in self.standings(number - 1)] if number > 1 else []
        history = self.grid() if self.results else None
        powers = POWER_NAMES if self.event.system == "diplomacy" else None  # a board's seats are its powers
        return next_round(ranked, history, number, self.event.table_size, self.roster(), byes=True, powers=powers)

    def play(self, number: int, seats: Sequence[Seat], lower_bound: int) -> list[dict[str, object]]:
        """Round ``number`` played at ``seats``: its results added, its byes recorded; the rows added."""
        assert number == self.played + 1
        for table, _, player in seats:
            if table is None:
                self.byes.setdefault(player, set()).add(number)
        rows = result_rows(self.event, number, seats)
        self.forced.append(lower_bound > 0 or forced_repeat(self.results, rows))
        self.results += rows
        self.played = number
        return rows

    def met_twice(self, playing: Sequence[str]) -> list[list[str]]:
        """The pairs of ``playing`` who have met twice or more: what a coordinator types into the avoid table so
        that no pair meets a third time (next_round keeps them apart itself when a pair would)."""
        games: dict[tuple[object, object], list[str]] = {}
        for row in self.results:
            games.setdefault((row["round"], _game(row)), []).append(str(row["player"]))
        met = Counter(frozenset(pair) for players in games.values() for pair in combinations(sorted(players), 2))
        listed = set(playing)
        return sorted(sorted(pair) for pair, times in met.items() if times >= 2 and pair <= listed)


def seats_of(seating: Seating) -> list[Seat]:
    return [(row.table, row.seat, row.player) for row in seating.rows]


def most_meetings(results: Sequence[dict[str, object]]) -> tuple[int, int]:
    """The most meetings of one pair in the results, and the most a seating must allow: 1 while no round's lower
    bound forces a repeat, 2 once one does, and never less than the pigeonhole bound (a player who met s opponents
    among n others meets one of them at least s / n times, rounded up)."""
    games: dict[tuple[object, object], list[str]] = {}
    for row in results:
        games.setdefault((row["round"], _game(row)), []).append(str(row["player"]))
    met = Counter(frozenset(pair) for players in games.values() for pair in combinations(sorted(players), 2))
    everyone = {p for players in games.values() for p in players}
    slots = Counter[str]()
    for players in games.values():
        for player in players:
            slots[player] += len(players) - 1
    pigeonhole = max(math.ceil(s / (len(everyone) - 1)) for s in slots.values())
    return max(met.values(), default=0), pigeonhole


def forced_repeat(before: Sequence[dict[str, object]], rows: Sequence[dict[str, object]]) -> bool:
    """Whether no seating of a round could avoid a repeat, given the round before it: a table of s players drawn
    from the k tables of the round before and n players who did not play it seats two from one earlier table when
    s > k + n (the pigeonhole; boards of 7 after 4 boards: FACTS.md). The seating's own lower bound does not see
    this, so it is counted here."""
    if not before:
        return False
    last = max(int(r["round"]) for r in before)  # type: ignore[call-overload]
    earlier = {str(r["player"]): _game(r) for r in before if r["round"] == last}
    tables: dict[object, list[str]] = {}
    for row in rows:
        tables.setdefault(_game(row), []).append(str(row["player"]))
    new = sum(1 for players in tables.values() for p in players if p not in earlier)
    return max(len(players) for players in tables.values()) > len(set(earlier.values())) + new


def _game(row: dict[str, object]) -> object:
    return row.get("game", row.get("board"))


def allowed_meetings(run: Run) -> int:
    """The most meetings of one pair the lower bounds allow after the rounds played: 1 while no round had to
    repeat a pair, 2 once one had (its seating's lower bound above 0, or :func:`forced_repeat`), and never less
    than the pigeonhole bound of :func:`most_meetings`."""
    forced = 2 if any(run.forced) else 1
    return max(forced, most_meetings(run.results)[1])
