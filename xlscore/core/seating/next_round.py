"""The next round's seating from the event so far: the standings, the players table and every earlier meeting.

An event is seated one round at a time: after round N, round N + 1 is seated from

* **who plays it**: the players table (:mod:`xlscore.core.events.roster`) says who is due (late players from their first
  round, dropped players never again, a round sat out or a bye typed in the table left out); without one, the
  players of the standings;
* **the standings** after round N, best first: with ``top_tables`` k, the leaders fill tables 1 to k (the top
  table), and with ``byes`` the players left over once every table is full sit the round out, chosen by
  :func:`xlscore.core.events.roster.next_byes` (fewest byes so far, lowest in the standings first);
* **every earlier meeting** (``history``: the results so far, or the earlier rounds' seating): the rest are seated
  by :func:`xlscore.core.seating.seating` to meet as few earlier opponents again as possible.

Earlier rounds are never changed: only the new round is seated. Its quality report counts the new round's repeats
against the history and the least any seating of that round could have (the lower bound of
:mod:`xlscore.core.seating.quality`, with the history).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from itertools import combinations

from xlscore.core.cells import names
from xlscore.core.errors import InputError
from xlscore.core.events.roster import Roster, next_byes, read_roster
from xlscore.core.seating import inputs
from xlscore.core.seating.plan import TABLE_SIZES, Seating, SeatingRow, seating
from xlscore.core.seating.powers import PowerSeat, give_powers, power_quality, powers_played
from xlscore.core.validate import whole

__all__ = ["next_round"]


def next_round(
    standings: Sequence[object],
    history: object,
    round_: int,
    table_size: int = 4,
    players: object = None,
    *,
    top_tables: int = 0,
    byes: bool = False,
    seed: int | None = None,
    powers: Sequence[str] | None = None,
) -> Seating:
    """The seating of round ``round_`` from the event so far (see the module docstring): one row per player, a
    bye a row with no table, and the quality report of the new round against the history.

    standings: the players after the rounds played, best first (a late player not in them yet is seated too).
    history: the earlier games: a table with a player column and round and table (or game), such as the results
        so far or the earlier rounds' seating.
    round_: the round to seat (2 for the round after round 1).
    table_size: players per table, 3 to 7.
    players: the players table (player, late from, dropped after, sits out, byes); blank: the standings' players.
    top_tables: seat the leaders together at the first this many tables (0: none).
    byes: True to fill every table and give the players left over a bye (fewest byes so far, lowest first).
    seed: another seed gives another seating of the same quality.
    powers: for Diplomacy, the powers in order (the seven standard names): each table's seat k is then the k-th
        power, given out so that as few players as possible play a power again (the history's power column says
        who played what; :mod:`xlscore.core.seating.powers`).
    """
    number = whole("round", round_, 1)
    size = whole("table_size", table_size, *TABLE_SIZES)
    ranked = names("standings", standings, skip_blank=True)
    roster = read_roster(players)
    due = _due(ranked, roster, number)
    out: list[str] = []
    if byes:
        _, sitting_out = inputs.bye_sizes(len(due), size)
        places = {player: place for place, player in enumerate(ranked, start=1)}
        had = {p: e.byes_to(number - 1) for p, e in roster.entries.items()} if roster is not None else {}
        out = next_byes(due, places, had, sitting_out)
    playing = [p for p in due if p not in out]
    sizes = inputs.table_sizes(len(playing), size) if playing else ()
    leaders = whole("top_tables", top_tables, 0, len(sizes))
    fixed: dict[str, int] = {}
    for table, (start, seats) in enumerate(zip(_starts(sizes), sizes[:leaders], strict=False), start=1):
        fixed.update(dict.fromkeys(playing[start : start + seats], table))
    seated = _fewest_meetings(playing, size, history, fixed, seed)
    rows = tuple(dataclasses.replace(row, round=number) for row in seated.rows)
    if powers is not None:
        return _with_powers(number, rows, out, history, powers, seated)
    return Seating((*rows, *(SeatingRow(number, None, None, p) for p in out)), seated.quality)


def _with_powers(
    number: int,
    rows: tuple[SeatingRow, ...],
    out: Sequence[str],
    history: object,
    powers: Sequence[str],
    seated: Seating,
) -> Seating:
    """The round with each table's seats as powers (seat k: the k-th power), in seat order, the byes after, and
    the quality report's seat counts made power counts (:func:`xlscore.core.seating.powers.power_quality`)."""
    played = {} if history is None else powers_played(history, powers)
    order = {power: seat for seat, power in enumerate(powers, start=1)}
    tables: dict[int | None, list[SeatingRow]] = {}
    for row in rows:
        tables.setdefault(row.table, []).append(row)  # a bye comes later: every row here has a table
    given: list[PowerSeat] = []
    for at in tables.values():
        power_of = give_powers([row.player for row in at], played, powers)
        given += sorted(
            (
                PowerSeat(row.round, row.table, order[power_of[row.player]], row.player, power_of[row.player])
                for row in at
            ),
            key=_seat,
        )
    given += [PowerSeat(number, None, None, p) for p in out]
    return Seating(tuple(given), power_quality(given, played, powers, seated.quality))


def _seat(row: SeatingRow) -> int:
    return row.seat or 0


def _fewest_meetings(
    playing: list[str], size: int, history: object, fixed: dict[str, int], seed: int | None
) -> Seating:
    """The round seated to meet the history as little as possible, and then, when that has a pair meet a third
    time or more, seated again with every pair that met that often before kept apart (the search weighs a third
    meeting only a little above another pair's second); the better of the two by (most meetings of a pair, repeats)
    is kept, its report's lower bound the round's own, without the pairs kept apart."""
    seated = seating(playing, 1, size, history, fixed=fixed or None, seed=seed)
    met = _meetings(history, playing)
    most = _most(seated, met)
    if most <= 2:
        return seated
    apart = [[a, b] for (a, b), m in met.items() if m >= most - 1]
    try:
        kept = seating(playing, 1, size, history, apart, fixed=fixed or None, seed=seed)
    except InputError:  # the pairs cannot all be kept apart: the first seating stands
        return seated
    if (_most(kept, met), kept.quality.repeats) >= (most, seated.quality.repeats):
        return seated
    bound = seated.quality.repeats_lower_bound
    return Seating(kept.rows, dataclasses.replace(kept.quality, repeats_lower_bound=bound))


def _meetings(history: object, playing: Sequence[str]) -> dict[tuple[str, str], int]:
    """How often each pair of this round's players met before (each pair by name, in order)."""
    known = {player: i for i, player in enumerate(playing)}
    met: dict[tuple[str, str], int] = {}
    for game in [] if history is None else inputs.history_games(history, known):
        for a, b in combinations(sorted(playing[i] for i in game), 2):
            met[a, b] = met.get((a, b), 0) + 1
    return met


def _most(seated: Seating, met: dict[tuple[str, str], int]) -> int:
    """The most meetings of one pair, the history's and the new round's together (0: nobody meets)."""
    tables: dict[int | None, list[str]] = {}
    for row in seated.rows:
        tables.setdefault(row.table, []).append(row.player)
    return max(
        (met.get(pair, 0) + 1 for at in tables.values() for pair in combinations(sorted(at), 2)),
        default=0,
    )


def _due(ranked: tuple[str, ...], roster: Roster | None, number: int) -> list[str]:
    """The players due in round ``number``, in standings order, then those not ranked yet in the order listed."""
    if roster is None:
        return list(ranked)
    due = set(roster.players(number))
    unknown = [p for p in ranked if p not in roster.entries]
    if unknown:
        raise InputError(f"standings names {unknown[0]!r}, who is not in players; expected the players table's names")
    return [p for p in ranked if p in due] + [p for p in roster.players(number) if p not in ranked]


def _starts(sizes: Sequence[int]) -> list[int]:
    """Where each table's players begin in a list of players seated table by table."""
    starts, at = [], 0
    for seats in sizes:
        starts.append(at)
        at += seats
    return starts
