"""The roster: who plays which rounds of an event, read from a players table, and who gets the next bye.

A players table has a row per player: ``player``, and optionally ``late from`` (the first round the player plays;
blank: round 1), ``dropped after`` (the last round they play; blank: they have not dropped) and ``sits out`` (rounds
they miss, one number or several separated by commas: ``2, 4``). Every standings function takes it as ``players``:

* a result for a player who is not on the table, before their first round, after they dropped, or in a round they
  sit out is refused, naming the row;
* a player who dropped keeps their results and stays in the standings; the standings by round mark each round after
  the drop ``dropped`` and a round sat out ``sits out`` (column Note);
* a player on the table with no result yet is not in the standings (nothing to rank them by).

**Byes** (:func:`next_byes`): when a round's players do not fill its tables, the players left over have a bye. It
goes to the players with the fewest byes so far, and among them to the lowest in the standings first (a player not
in the standings yet counts as below everyone, in the order given). What a bye scores is a setting of the event
(:data:`BYE_RULES`: none, a fixed score, or the player's average), worked out by :func:`bye_score`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from xlscore.core.cells import exact, is_blank
from xlscore.core.errors import InputError, TableError
from xlscore.core.events.rows import Row, cell_name, cell_whole, read_rows, where
from xlscore.core.validate import count, number, shown

if TYPE_CHECKING:
    from xlscore.core.events import bulk

__all__ = [
    "BYE_RULES",
    "ByeRule",
    "Entry",
    "Roster",
    "bye_rule",
    "bye_score",
    "check_results",
    "next_byes",
    "read_roster",
    "results_allowed",
    "with_byes",
]

BYE_RULES = ("none", "fixed", "average")
"""What a bye scores: nothing, a fixed score, or the player's average score per game so far."""

_TABLE = "players"


@dataclass(frozen=True, kw_only=True)
class Entry:
    """A player's rounds: the first they play, the last (None: not dropped), and the rounds they sit out."""

    player: str
    late_from: int = 1
    dropped_after: int | None = None
    sits_out: frozenset[int] = frozenset()
    byes: frozenset[int] = frozenset()

    def note(self, round_: int) -> str:
        """What the standings by round say of the player in ``round_``: dropped, bye, sits out, or nothing."""
        if self.dropped_after is not None and round_ > self.dropped_after:
            return "dropped"
        if round_ in self.byes:
            return "bye"
        return "sits out" if round_ in self.sits_out else ""

    def byes_to(self, after: int | None) -> int:
        """How many byes the player had in the rounds up to ``after`` (None: all)."""
        return sum(1 for r in self.byes if after is None or r <= after)

    def plays(self, round_: int) -> bool:
        """Whether the player is due to play ``round_``."""
        return round_ >= self.late_from and not self.note(round_)


@dataclass(frozen=True)
class Roster:
    """The players table, by player, in the order listed."""

    entries: Mapping[str, Entry]

    def players(self, round_: int) -> tuple[str, ...]:
        """The players due to play ``round_``, in the order listed."""
        return tuple(p for p, entry in self.entries.items() if entry.plays(round_))


def read_roster(players: object) -> Roster | None:
    """The players table, checked (None when blank or without a player: no roster, every result stands as typed)."""
    if players is None or (isinstance(players, str) and is_blank(players)):
        return None
    rows = read_rows(players, ["player"], ["late from", "dropped after", "sits out", "byes"], name=_TABLE)
    if not rows:  # a template's players table with no one typed in yet: no roster, as a blank argument
        return None
    entries: dict[str, Entry] = {}
    for row in rows:
        player = cell_name(row, "player", _TABLE)
        if player in entries:
            raise TableError(f"{where(row, 'player', _TABLE)} is {player!r} again; expected each player once")
        late = 1 if is_blank(row["late from"]) else cell_whole(row, "late from", 1, None, _TABLE)
        dropped = None if is_blank(row["dropped after"]) else cell_whole(row, "dropped after", 1, None, _TABLE)
        if dropped is not None and dropped < late:
            raise TableError(
                f"{where(row, 'dropped after', _TABLE)} is {dropped}; expected a round from {late}, the player's "
                "first (late from)"
            )
        sits_out, byes = _rounds(row, "sits out"), _rounds(row, "byes")
        both = sorted(sits_out & byes)
        if both:
            raise TableError(
                f"{where(row, 'byes', _TABLE)} has round {both[0]}, which the player sits out; expected a bye or a "
                "round sat out, not both"
            )
        entries[player] = Entry(player=player, late_from=late, dropped_after=dropped, sits_out=sits_out, byes=byes)
    return Roster(entries)


def _rounds(row: Row, column: str) -> frozenset[int]:
    """A cell of rounds (``sits out``, ``byes``): blank, one round, or rounds separated by commas."""
    value = row[column]
    if is_blank(value):
        return frozenset()
    if not isinstance(value, str):
        return frozenset({cell_whole(row, column, 1, None, _TABLE)})
    found = set()
    for word in (w.strip() for w in re.split(r"[,;]", value)):
        if not word.isdigit() or int(word) < 1:
            raise TableError(
                f"{where(row, column, _TABLE)} is {shown(value)}; expected rounds (whole numbers from 1) "
                "separated by commas"
            )
        found.add(int(word))
    return frozenset(found)


def check_results(roster: Roster | None, rows: Sequence[Row], rounds: Sequence[int], table: str = "") -> None:
    """Refuse a result row that the roster says cannot be: a player not on it, before their first round, after they
    dropped, or in a round they sit out; the row named."""
    if roster is None:
        return
    for row, round_ in zip(rows, rounds, strict=True):
        player = cell_name(row, "player", table)
        entry = roster.entries.get(player)
        at = f"row {row['_row']}" + (f" of {table}" if table else "")
        if entry is None:
            raise TableError(f"player {player!r} in {at} is not on the players table; expected a listed player")
        if round_ < entry.late_from:
            raise TableError(
                f"player {player!r} has a result in round {round_} ({at}); expected none before round "
                f"{entry.late_from}, their first (late from)"
            )
        note = entry.note(round_)
        if note:
            why = {
                "dropped": f"dropped after round {entry.dropped_after}",
                "bye": f"had a bye in round {round_}",
                "sits out": f"sits out round {round_}",
            }[note]
            raise TableError(f"player {player!r} has a result in round {round_} ({at}); expected none: {why}")


def results_allowed(roster: Roster | None, players: Sequence[str], player: bulk.Ints, rounds: bulk.Ints) -> bool:
    """Whether :func:`check_results` lets every row through, over whole columns: ``players`` the names, ``player``
    each row's player by its number among them, ``rounds`` each row's round. False when a row would be refused
    (the row-by-row path then names it); True without a roster."""
    if roster is None:
        return True
    import numpy as np

    entries = [roster.entries.get(name) for name in players]
    if None in entries:
        return False
    listed = [entry for entry in entries if entry is not None]
    first = np.asarray([entry.late_from for entry in listed], dtype=np.int64)
    last = np.asarray([2**62 if e.dropped_after is None else e.dropped_after for e in listed], dtype=np.int64)
    if np.any(rounds < first[player]) or np.any(rounds > last[player]):
        return False
    barred = {(i, r) for i, entry in enumerate(listed) for r in entry.sits_out | entry.byes}
    if not barred:
        return True
    return not barred & set(zip(player.tolist(), rounds.tolist(), strict=True))


def next_byes(players: Iterable[str], places: Mapping[str, int], byes: Mapping[str, int], needed: int) -> list[str]:
    """The ``needed`` players (of ``players``, those due to play) who get the round's byes: fewest byes so far
    first, then lowest in the standings (``places``: place after the last round; a player without one is lowest),
    then in the order given."""
    listed = list(players)
    wanted = count("needed", needed, 0, len(listed))
    lowest = max(places.values(), default=0) + 1
    order = sorted(range(len(listed)), key=lambda i: (byes.get(listed[i], 0), -places.get(listed[i], lowest), i))
    return [listed[i] for i in order[:wanted]]


@dataclass(frozen=True)
class ByeRule:
    """What a bye scores: ``rule`` (none, fixed or average) and, for fixed, the score."""

    rule: str
    fixed: Fraction = Fraction(0)

    def score(self, scores: Sequence[Fraction]) -> Fraction:
        """A bye's score for a player whose games (or rounds) so far scored ``scores``: 0, the fixed score, or
        their mean (0 before any)."""
        if self.rule == "fixed":
            return self.fixed
        if self.rule == "average" and scores:
            return sum(scores, Fraction(0)) / len(scores)
        return Fraction(0)

    def added(self, total: Fraction, games: int, byes: int) -> Fraction:
        """A total of ``games`` games with ``byes`` byes' scores added (the average: of the games, total / games)."""
        if not byes or self.rule == "none":
            return total
        each = self.fixed if self.rule == "fixed" else (total / games if games else Fraction(0))
        return total + byes * each


def bye_rule(bye: object, bye_score: object = None) -> ByeRule:
    """The event's bye settings, checked: ``bye`` none, fixed or average (blank: none); ``bye_score`` the fixed
    score (only with fixed)."""
    chosen = "none" if is_blank(bye) else " ".join(str(bye).split()).casefold()
    if chosen not in BYE_RULES:
        raise InputError(f"bye is {shown(bye)}; expected one of: {', '.join(BYE_RULES)} (blank: none)")
    if chosen == "fixed":
        return ByeRule(chosen, exact(number("bye_score", bye_score, 0)))
    if not is_blank(bye_score):
        raise InputError(f"bye_score is {shown(bye_score)}; it counts only with bye fixed (expected it blank)")
    return ByeRule(chosen)


def bye_score(rule: object, scores: Sequence[Fraction], fixed: object = None) -> Fraction:
    """What a bye scores under ``rule`` (none, fixed or average): 0; ``fixed``; or the mean of ``scores`` (the
    player's games so far; 0 before any)."""
    return bye_rule(rule, fixed).score(scores)


def with_byes(
    roster: Roster | None, rule: ByeRule, totals: Mapping[str, Fraction], games: Mapping[str, int], after: int | None
) -> Mapping[str, Fraction]:
    """Each player's total with their byes of the rounds up to ``after`` (None: all) scored by ``rule``, for a
    system that adds up its games (``games``: each player's games counted)."""
    if roster is None or rule.rule == "none":
        return totals
    added = {}
    for player, total in totals.items():
        entry = roster.entries.get(player)
        added[player] = rule.added(total, games[player], entry.byes_to(after) if entry is not None else 0)
    return added
