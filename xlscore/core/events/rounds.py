"""Rounds: the optional ``round`` column of every event's results table, ``after_round``, and standings by round.

An event is played in rounds, and every system's results table (RPLOPS, Puffing Billy, Size Matters, Diplomacy) may
say which round each row belongs to in a ``round`` column. The column is read and checked here, once, for every
system:

* **Blank on every row** (or no column): the table has no rounds. Everything counts as round 1 (``after_round`` 1
  and the standings by round show the whole table), and a player may play any number of games, as before.
* **Filled**: every row gives a whole number, 1 or more. A blank round on one row of a filled column is refused,
  since the row's round cannot be guessed.
* **In order**: rounds are numbered 1, 2, 3, ... without a gap: a round above one that no row gives is out of
  order (round 3 with no row of round 2), so a round typed as 11 for 1 is caught. The rows themselves may come in
  any order (a result typed late, a table sorted by player): the standings do not depend on it. The standings
  check this; the points of each row (``*_POINTS``) do not, since each game is scored on its own there.
* **One game a round**: a player is in one game (board) of a round; a second is refused with both rows named.
  (Diplomacy's round score, the sum or the best of a player's boards in a round, is its own setting for events
  where a player plays several boards of a round: :mod:`xlscore.core.systems.diplomacy.event` does not ask this check.)

Within a round, games (boards) are named afresh: a game is its round and its name together, so table 1 of round 1
and table 1 of round 2 are two games.

``after_round`` (every standings function takes it): blank for all rounds, or a round of the table, 1 to its last;
the standings then count only the rows of that round and the rounds before it. Every row is still read and checked.

**Standings by round** (:func:`standings_by_round`): for each round, each player's place and total after the round,
what the round added to the total (``score``: for a system that adds everything up, the round's points; for one
that keeps a best board or best rounds, what the round changed), the games the player played in it, and the places
gained since the round before (blank in the player's first round), and a note from the players table
(:mod:`xlscore.core.events.roster`: dropped, bye, sits out).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from xlscore.core.cells import is_blank
from xlscore.core.errors import InputError, TableError
from xlscore.core.events.rows import Row, cell_name, cell_whole, where
from xlscore.core.events.table import Table
from xlscore.core.validate import whole

if TYPE_CHECKING:
    from xlscore.core.events import bulk
    from xlscore.core.events.roster import Roster

__all__ = [
    "ROUND",
    "After",
    "RoundStanding",
    "check_after_round",
    "has_rounds",
    "one_game_a_round",
    "round_numbers",
    "rounds_in_bulk",
    "standings_by_round",
]

ROUND = "round"
"""The round column's name (any case; ``Round`` as the templates head it)."""


def has_rounds(rows: Sequence[Row]) -> bool:
    """Whether any row of a table gives a round."""
    return any(not is_blank(row.get(ROUND)) for row in rows)


def round_numbers(rows: Sequence[Row], table: str = "", *, in_order: bool = True) -> list[int]:
    """Each row's round, checked as the module docstring says (1 for every row of a table without rounds).

    ``in_order=False`` leaves out the check that rounds run 1, 2, 3, ... without a gap, for a rule that scores
    each row within its own game (the points of every row): the gap is the table's as a whole, and a spreadsheet
    scores a bad table's games apart to show each error on its own rows (a part of the table need not hold round
    1). The standings ask for it."""
    if not has_rounds(rows):
        return [1] * len(rows)
    found: list[int] = []
    for row in rows:
        if is_blank(row[ROUND]):
            raise TableError(
                f"{where(row, ROUND, table)} is blank; expected a round number (1, 2, 3, ...) as the other rows "
                "give, or the round column blank on every row"
            )
        found.append(cell_whole(row, ROUND, 1, None, table))
    given = set(found)
    gap = next((number for number in range(1, len(given) + 1) if number not in given), None)
    if in_order and gap is not None:
        row, number = next((r, n) for r, n in zip(rows, found, strict=True) if n > gap)
        raise TableError(
            f"{where(row, ROUND, table)} is {number}; expected rounds 1, 2, 3, ... without a gap, and no row gives "
            f"round {gap}"
        )
    return found


def one_game_a_round(
    rows: Sequence[Row],
    rounds: Sequence[int],
    game: Callable[[Row], Hashable],
    label: Callable[[Any], str],
    table: str = "",
) -> None:
    """Refuse a player in two games of one round, naming both rows (a table with rounds only)."""
    if not has_rounds(rows):
        return
    seen: dict[tuple[int, str], tuple[Hashable, int]] = {}
    for row, number in zip(rows, rounds, strict=True):
        player = cell_name(row, "player", table)
        key = game(row)
        first = seen.setdefault((number, player), (key, row["_row"]))
        if first[0] != key:
            raise TableError(
                f"player {player!r} is in two games of round {number} ({label(first[0])} in row {first[1]}, "
                f"{label(key)} in row {row['_row']}); expected one game a round"
            )


def check_after_round(value: object, last: int) -> int | None:
    """The ``after_round`` argument: None when blank (all rounds), else a round of the table, 1 to ``last`` (any
    round 1 or more for a table with no rows)."""
    if is_blank(value):
        return None
    number = whole("after_round", value, 1)
    if last and number > last:
        raise InputError(f"after_round is {number}; expected 1..{last}, a round of the results (blank: all rounds)")
    return number


def rounds_in_bulk(column: Sequence[Any], player: bulk.Ints) -> bulk.Ints | None:
    """Each row's round over a whole column, as :func:`round_numbers` reads them, when every cell is plainly good
    and no player (``player``: each row's player by number) is in two games of a round (all blank: 1 everywhere);
    None when a row needs a message (the row-by-row path then words it). A player twice in one game is the
    caller's check, made before this one."""
    import numpy as np

    from xlscore.core.events import bulk

    if all(map(is_blank, column)):
        return np.ones(len(column), dtype=np.int64)
    values = bulk.numbers(column, lo=1)
    if values is None or (len(values) and (values.max() > 2**31 or np.any(values != np.floor(values)))):
        return None
    rounds = values.astype(np.int64)
    given, _ = bulk.distinct(rounds)
    if len(given) and given[-1] != len(given):  # a gap: the row-by-row path names it
        return None
    return None if bulk.twice(rounds, player) else rounds


@dataclass(frozen=True)
class RoundStanding:
    """A player's standing after one round: the place and total after it, what the round added, the games played
    in it, and the places gained since the round before (blank in the player's first round; negative: lost)."""

    round: int
    place: int
    player: str
    score: float
    total: float
    games: int
    change: int | None
    note: str = ""
    """From the players table: ``dropped`` for a round after the player dropped, ``sits out`` for a round they sit
    out; blank otherwise."""


def _note(roster: Roster | None, player: str, number: int) -> str:
    entry = roster.entries.get(player) if roster is not None else None
    return entry.note(number) if entry is not None else ""


@dataclass(frozen=True)
class After:
    """The standings after a round as a system computes them: players by place, each total exactly, each player's
    games (boards) so far."""

    places: Sequence[tuple[int, str]]
    totals: Mapping[str, Fraction]
    games: Mapping[str, int]


def standings_by_round(last: int, after: Callable[[int], After], roster: Roster | None = None) -> Table[RoundStanding]:
    """Every round's standings, round 1 to ``last``, each in place order (see the module docstring); ``roster``
    gives each row's note."""
    rows: list[RoundStanding] = []
    places: dict[str, int] = {}
    totals: Mapping[str, Fraction] = {}
    games: Mapping[str, int] = {}
    zero = Fraction(0)
    for number in range(1, last + 1):
        now = after(number)
        for place, player in now.places:
            total = now.totals[player]
            rows.append(
                RoundStanding(
                    round=number,
                    place=place,
                    player=player,
                    score=_float_difference(total, totals.get(player, zero)),
                    total=total.numerator / total.denominator,  # float(total), without Fraction's own steps
                    games=now.games[player] - games.get(player, 0),
                    change=places[player] - place if player in places else None,
                    note=_note(roster, player, number),
                )
            )
        places = {player: place for place, player in now.places}
        totals, games = now.totals, now.games
    return Table(rows, RoundStanding)


def _float_difference(a: Fraction, b: Fraction) -> float:
    """``float(a - b)``, in whole numbers: the quotient of two whole numbers is rounded once, correctly, as the
    Fraction's float is (the same number, so the same float), without building the Fraction."""
    return (a.numerator * b.denominator - b.numerator * a.denominator) / (a.denominator * b.denominator)
