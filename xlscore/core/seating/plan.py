"""The seating of an event: :func:`seating`, its rows and its quality report."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING

from xlscore.core.cells import names, yes_no
from xlscore.core.errors import InputError
from xlscore.core.events.table import Table, table
from xlscore.core.seating import designs, inputs, quality, search
from xlscore.core.seating.seats import seat_order
from xlscore.core.validate import whole

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "RepeatedPair",
    "Seating",
    "SeatingMeasure",
    "SeatingQuality",
    "SeatingRow",
    "seating",
    "seating_quality",
]

MAX_PLAYERS = 2000
"""The most players a seating takes: far above any event's, and a bound on the time and memory it needs."""
MAX_ROUNDS = 50
TABLE_SIZES = inputs.TABLE_SIZES
DEFAULT_SEED = 0
"""The seed when none is given: the same players and settings always give the same tables (a sheet recalculated
does not reshuffle its tables)."""
STEPS_PER_PAIR = 100
"""Swaps tried per pair of players per round: the swaps open in a round grow with the square of the players."""
STEPS = (20_000, 600_000)
"""The fewest and the most swaps a search tries (a tiny event is done at once; a large one stops at its bound)."""
TWO_TABLES = 4
"""With two tables a round, the search tries this many times fewer swaps. A round is then one split of the players
in two, with at most 7 x 7 swaps to try, and a quarter of the swaps found seatings with the same repeats in each of
624 searches (6 to 14 players, every table size that seats them at two tables, 1 to 8 rounds, six seeds, half with
a history of two rounds) in a third of the time; with three tables (9 to 21 players, 1 to 6 rounds, four seeds) a
quarter had more repeats in 4 of 30 shapes, so the budget stays whole from three tables up."""
MAX_SECONDS = 3600.0
"""The longest search ``seconds`` asks for."""


@dataclass(frozen=True)
class SeatingRow:
    """One player's place in one round: the round, the table and the seat (each from 1); table and seat are None
    for a player who sits the round out (a bye). ``board`` is the name of that round's table as the templates'
    results tables take it, ``R1 T2`` for round 1's table 2 (None for a bye): a coordinator copies a round's rows
    into the results under it."""

    round: int
    table: int | None
    seat: int | None
    player: str
    board: str | None = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "board", None if self.table is None else f"R{self.round} T{self.table}")


@dataclass(frozen=True)
class RepeatedPair:
    """Two players who meet again: how often they meet in this seating, and how many of those meetings repeat
    an earlier one (of this seating or of the history)."""

    player: str
    other: str
    meetings: int
    repeats: int


@dataclass(frozen=True)
class SeatingQuality:
    """What a seating achieves, and the least any seating of the same event could (see
    :mod:`xlscore.core.seating.quality`)."""

    repeats: int
    repeats_lower_bound: int
    most_meetings: int
    repeated_pairs: tuple[RepeatedPair, ...]
    seat_repeats: int
    seat_repeats_lower_bound: int
    most_in_one_seat: int
    design: str
    seat_name: str = "seat"
    """What a seat is: seat, or for a Diplomacy round seated with powers, power (the seat counts are then of
    powers played again, against every earlier round's)."""

    @property
    def optimal(self) -> bool:
        """Whether both repeats and seat repeats are at their lower bounds: no seating does better."""
        return self.repeats == self.repeats_lower_bound and self.seat_repeats == self.seat_repeats_lower_bound

    def lines(self) -> list[str]:
        """The report in a coordinator's words, one line each."""
        lines = [
            f"repeated pairs: {self.repeats} (the fewest possible is at least {self.repeats_lower_bound}); "
            f"most meetings of one pair: {self.most_meetings}",
            f"{self.seat_name} repeats: {self.seat_repeats} (at least {self.seat_repeats_lower_bound}); "
            f"most times one player takes one {self.seat_name}: {self.most_in_one_seat}",
        ]
        if self.design:
            lines.append(f"built from {self.design}")
        if self.optimal:
            lines.append("no seating does better on either count")
        lines += [
            f"  {p.player} and {p.other} meet {p.meetings} time{'s' if p.meetings > 1 else ''} "
            f"({p.repeats} repeat{'s' if p.repeats > 1 else ''})"
            for p in self.repeated_pairs
        ]
        return lines


@dataclass(frozen=True)
class Seating:
    """A seating: one row per player per round, in round, table and seat order, and its quality report."""

    rows: tuple[SeatingRow, ...]
    quality: SeatingQuality

    def __iter__(self) -> Iterator[SeatingRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def columns(self) -> list[str]:
        """The columns SEATING shows: round, table, seat, player, board (and a Diplomacy round's power)."""
        return Table(self.rows, self.row_type).columns

    @property
    def row_type(self) -> type[SeatingRow]:
        """The rows' type: :class:`SeatingRow`, or a subclass with more columns (a Diplomacy round's powers)."""
        return type(self.rows[0]) if self.rows else SeatingRow

    def to_frame(self) -> pd.DataFrame:
        """The rows as a pandas DataFrame, as SEATING shows them (the quality report stays in ``quality``)."""
        return Table(self.rows, self.row_type).to_frame()


def seating(
    players: Iterable[object],
    rounds: int,
    table_size: int = 4,
    history: object = None,
    avoid: object = None,
    byes: object = False,
    *,
    fixed: object = None,
    top_table: Iterable[object] | None = None,
    seed: int | None = None,
    seconds: float | None = None,
) -> Seating:
    """Tables for every round that keep opponents fresh and seats fair: one row per player per round.

    players: the players' names, each once (none: nothing to seat, no rows).
    rounds: the number of rounds to seat, 1 to 50.
    table_size: players per table, 3 to 7 (4 by default); when the players do not fill tables of this size, the
        fewest tables seat one player fewer.
    history: past games whose pairs count as having met (a table with a player column and round and table, or
        game, as SEATING gives them); players not in this event are ignored.
    avoid: players who must not meet, one row each of two or more names (family, club-mates); a first row
        starting with 'player' is a header.
    fixed: Python only: players who sit at one table in every round, as a mapping of name to table number.
    top_table: Python only: the standings, best first; the last round's table 1 seats the top players.
    seed: Python only: another seed gives another seating of the same quality; the same seed, the same seating.
    byes: yes for an event with byes: every table full, the players left over sitting each round out, the fewest
        byes so far first (fixed and top-table players never); blank or no: everyone plays, a few tables one short.
    seconds: Python only: search for this many seconds of processor time (or until no seating can do better)
        instead of the default search, which stops when it stops improving or after its budget of swaps, and never
        by a clock: the same input gives the same tables on every machine, in every program.
    """
    listed = names("players", players)
    count = len(listed)
    if not count:  # a sheet's players table not filled in yet: nothing to seat
        empty = SeatingQuality(0, 0, 0, (), 0, 0, 0, "")
        return Seating((), empty)
    total_rounds, size = _sizes(count, rounds, table_size)
    with_byes = yes_no("byes", byes)
    budget = None if seconds is None else _seconds(seconds)
    sizes, sitting_out = inputs.bye_sizes(count, size) if with_byes else (inputs.table_sizes(count, size), 0)
    known = {player: i for i, player in enumerate(listed)}
    past = [] if history is None else inputs.history_games(history, known)
    avoided = set() if avoid is None else inputs.avoided_pairs(avoid, known)
    per_round = _placed(listed, known, total_rounds, sizes, fixed, top_table)
    _check_fixed_apart(per_round, avoided, listed)
    seed_value = DEFAULT_SEED if seed is None else whole("seed", seed)
    if sitting_out:
        for placed, out in zip(per_round, _byes(count, sitting_out, per_round, seed_value), strict=True):
            placed.update(dict.fromkeys(out, len(sizes)))  # the bye table, after the real ones
    placed_key = tuple(tuple(sorted(placed.items())) for placed in per_round)
    key = (listed, total_rounds, size, tuple(map(tuple, past)), tuple(sorted(avoided)), placed_key, seed_value)
    if (*key, sitting_out, budget) not in _RECENT:
        _RECENT[(*key, sitting_out, budget)] = _seat(
            listed, total_rounds, size, sizes, past, avoided, per_round, seed_value, sitting_out, budget
        )
        while len(_RECENT) > RECENT:
            _RECENT.pop(next(iter(_RECENT)))
    return _RECENT[(*key, sitting_out, budget)]


def _sizes(count: int, rounds: object, table_size: object) -> tuple[int, int]:
    """The rounds and the table size, checked with the count of players."""
    if count > MAX_PLAYERS:
        raise InputError(f"players has {count} names; expected at most {MAX_PLAYERS}")
    return whole("rounds", rounds, 1, MAX_ROUNDS), whole("table_size", table_size, *TABLE_SIZES)


def _placed(
    listed: tuple[str, ...],
    known: dict[str, int],
    total_rounds: int,
    sizes: tuple[int, ...],
    fixed: object,
    top_table: Iterable[object] | None,
) -> list[dict[int, int]]:
    """Each round's players placed before the search (player to table): the fixed ones, and in the last round the
    top players at table 1."""
    fixed_at = {} if fixed is None else inputs.fixed_tables(fixed, known, sizes)
    per_round = [dict(fixed_at) for _ in range(total_rounds)]
    if top_table is None:
        return per_round
    for p in inputs.top_players(top_table, known, sizes[0]):
        if per_round[-1].get(p, 0) != 0:
            raise InputError(
                f"top_table seats {listed[p]!r} at table 1 in round {total_rounds}, but fixed puts them at "
                f"table {per_round[-1][p] + 1}; expected one table for each player"
            )
        per_round[-1][p] = 0
    if sum(1 for t in per_round[-1].values() if t == 0) > sizes[0]:
        raise InputError(f"fixed and top_table put more than {sizes[0]} players at table 1 in the last round")
    return per_round


RECENT = 16
"""Seatings kept, by their checked inputs: SEATING and SEATING_QUALITY on the same cells search once."""
_RECENT: dict[tuple[object, ...], Seating] = {}


def _seat(
    listed: tuple[str, ...],
    total_rounds: int,
    size: int,
    sizes: tuple[int, ...],
    past: list[list[int]],
    avoided: set[tuple[int, int]],
    per_round: list[dict[int, int]],
    seed: int,
    sitting_out: int = 0,
    seconds: float | None = None,
) -> Seating:
    """The seating of checked inputs: a known design, or the search; then seats, rows and the report.

    ``sitting_out`` players a round have a bye: they are fixed to a table after the real ones, whose pairs do not
    meet, and are taken off it at the end. ``seconds``: the search's time (see :func:`seating`).
    """
    count = len(listed)
    started = search.cpu_time()  # a search by time (seconds=) counts the whole call: the greedy start too
    rng = random.Random(seed)
    bye = len(sizes) if sitting_out else None
    played = None
    out: list[list[int]] = []
    if bye is not None:
        played = [total_rounds - sum(1 for placed in per_round if placed.get(p) == bye) for p in range(count)]
    bound = quality.repeat_bound(count, total_rounds, sizes, past, avoided, played)
    built = designs.design(count, total_rounds, size)
    constrained = bool(past or avoided or any(per_round))
    if built is not None and not constrained:
        design, tables = built
    else:
        design = ""
        met = search.no_meetings(count)
        for game in past:
            for a, b in combinations(game, 2):
                met[a][b] += 1
                met[b][a] += 1
        for a, b in avoided:
            met[a][b] = met[b][a] = search.AVOIDED
        searched = (*sizes, sitting_out) if bye is not None else sizes
        problem = search.Problem(count, total_rounds, searched, met, per_round, bye)
        # A known design is the better start even when it must give way to the history, the pairs kept apart or
        # the fixed places: the search repairs it.
        start = search.greedy(problem, rng) if built is None else search.with_fixed(built[1], per_round)
        floor = search.cost(met) + bound * (search.REPEAT + 1)  # every repeat costs REPEAT + 1 at least
        tables = _search(problem, start, rng, _steps(count, total_rounds, len(sizes)), floor, started, seconds)
        if bye is not None:
            out = [round_tables.pop() for round_tables in tables]
        _check_apart(tables, avoided, listed)
    ordered = seat_order(tables, count, size)
    rows = _rows(ordered, listed)
    if bye is not None:
        by_round = [[SeatingRow(r, None, None, listed[p]) for p in sorted(players)] for r, players in enumerate(out, 1)]
        rows = tuple(row for r in range(1, total_rounds + 1) for row in (*_of_round(rows, r), *by_round[r - 1]))
    report = _quality(ordered, listed, past, bound, sizes, total_rounds, design, played)
    return Seating(rows, report)


def _of_round(rows: tuple[SeatingRow, ...], round_: int) -> list[SeatingRow]:
    return [row for row in rows if row.round == round_]


def _byes(count: int, sitting_out: int, per_round: list[dict[int, int]], seed: int) -> list[list[int]]:
    """Who sits out each round: those with the fewest byes so far, in a fixed shuffled order (so byes go round);
    never a fixed or top-table player."""
    order = list(range(count))
    random.Random(seed).shuffle(order)
    had = [0] * count
    result: list[list[int]] = []
    for r, placed in enumerate(per_round, start=1):
        eligible = [p for p in order if p not in placed]
        if len(eligible) < sitting_out:
            raise InputError(
                f"round {r} needs {sitting_out} players to sit out, but fixed and top_table leave only "
                f"{len(eligible)} free; expected fewer fixed players"
            )
        chosen = sorted(eligible, key=lambda p: had[p])[:sitting_out]  # stable: ties in the shuffled order
        for p in chosen:
            had[p] += 1
        result.append(chosen)
    return result


@dataclass(frozen=True)
class SeatingMeasure:
    """One line of a seating's quality: what is counted, the count, and the fewest any seating could have (blank
    where xlscore proves none)."""

    measure: str
    value: int
    fewest_possible: int | None


@table(SeatingMeasure)
def seating_quality(
    players: Iterable[object],
    rounds: int,
    table_size: int = 4,
    history: object = None,
    avoid: object = None,
    byes: object = False,
    *,
    fixed: object = None,
    top_table: Iterable[object] | None = None,
    seed: int | None = None,
    seconds: float | None = None,
) -> tuple[SeatingMeasure, ...]:
    """How good SEATING's tables are: repeated pairs and seat repeats against the fewest possible, one row each."""
    report = seating(
        players,
        rounds,
        table_size,
        history,
        avoid,
        fixed=fixed,
        top_table=top_table,
        seed=seed,
        byes=byes,
        seconds=seconds,
    ).quality
    return (
        SeatingMeasure("repeated pairs", report.repeats, report.repeats_lower_bound),
        SeatingMeasure("seat repeats", report.seat_repeats, report.seat_repeats_lower_bound),
        SeatingMeasure("most meetings of one pair", report.most_meetings, None),
        SeatingMeasure("most times in one seat", report.most_in_one_seat, None),
    )


# The same arguments as seating, with the same meanings: its docstring's argument lines, written once.
seating_quality.__doc__ = (
    (seating_quality.__doc__ or "").rstrip() + "\n\n" + (seating.__doc__ or "").split("\n\n", 1)[1]
)


def _search(
    problem: search.Problem,
    start: list[list[list[int]]],
    rng: random.Random,
    steps: int,
    floor: int,
    started: float,
    seconds: float | None,
) -> list[list[list[int]]]:
    """The default search (the budget of swaps in coolings and the plateau rule, no clock: the same tables on any
    machine), or coolings until ``seconds`` have passed, counted from ``started`` (:func:`search.cpu_time`)."""
    swaps = steps // search.COOLING_SHARE
    if seconds is None:
        return search.anneal(problem, start, rng, swaps, floor)
    until = started + seconds
    return search.anneal(problem, start, rng, swaps, floor, coolings=None, patience=None, until=until)


def _seconds(seconds: object) -> float:
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= MAX_SECONDS:
        raise InputError(f"seconds is {seconds!r}; expected a number of seconds above 0, at most {MAX_SECONDS:g}")
    return float(seconds)


def _steps(players: int, rounds: int, tables: int) -> int:
    """The search's budget: swaps in proportion to the swaps open (pairs of players, per round), within STEPS, and
    a quarter of that for two tables a round (:data:`TWO_TABLES`)."""
    low, high = STEPS
    steps = min(high, max(low, STEPS_PER_PAIR * players * players * rounds))
    return steps // TWO_TABLES if tables <= 2 else steps


def _check_fixed_apart(per_round: list[dict[int, int]], avoided: set[tuple[int, int]], listed: tuple[str, ...]) -> None:
    for r, fixed in enumerate(per_round, start=1):
        for a, b in avoided:
            if a in fixed and b in fixed and fixed[a] == fixed[b]:
                raise InputError(
                    f"{listed[a]!r} and {listed[b]!r} must not meet (avoid), but are both put at table "
                    f"{fixed[a] + 1} in round {r} (fixed or top_table); expected them at different tables"
                )


def _check_apart(tables: list[list[list[int]]], avoided: set[tuple[int, int]], listed: tuple[str, ...]) -> None:
    """Refuse a seating in which a pair that must not meet does: too many such pairs for the tables to keep apart."""
    for r, round_tables in enumerate(tables, start=1):
        for t, seated in enumerate(round_tables, start=1):
            for a, b in combinations(sorted(seated), 2):
                if (a, b) in avoided:
                    raise InputError(
                        f"avoid: no seating was found that keeps {listed[a]!r} and {listed[b]!r} apart (round {r}, "
                        f"table {t}); expected fewer players who must not meet, or more tables"
                    )


def _rows(ordered: list[list[list[int]]], listed: tuple[str, ...]) -> tuple[SeatingRow, ...]:
    return tuple(
        SeatingRow(r, t, s, listed[p])
        for r, tables in enumerate(ordered, start=1)
        for t, table in enumerate(tables, start=1)
        for s, p in enumerate(table, start=1)
    )


def _quality(
    ordered: list[list[list[int]]],
    listed: tuple[str, ...],
    past: list[list[int]],
    bound: int,
    sizes: tuple[int, ...],
    rounds: int,
    design: str,
    played: list[int] | None = None,
) -> SeatingQuality:
    count = len(listed)
    pairs = quality.repeated_pairs(ordered, count, past)
    counts = quality.seat_counts(ordered, count)
    repeated = tuple(
        RepeatedPair(listed[a], listed[b], times, repeats)
        for (a, b), (times, repeats) in sorted(pairs.items(), key=lambda item: (-item[1][1], item[0]))
    )
    return SeatingQuality(
        repeats=sum(p.repeats for p in repeated),
        repeats_lower_bound=bound,
        most_meetings=max([p.meetings for p in repeated] or [1 if count > 1 else 0]),
        repeated_pairs=repeated,
        seat_repeats=sum(c - 1 for seats in counts for c in seats.values() if c > 1),
        seat_repeats_lower_bound=quality.seat_bound(count, rounds, sizes, played),
        most_in_one_seat=max(c for seats in counts for c in seats.values()),
        design=design,
    )
