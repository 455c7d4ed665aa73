"""Powers at a Diplomacy table: each table's powers given out so that as few players as possible play a power
again.

A Diplomacy board's seats are its seven powers. What a player played before is read from the results so far (their
``power`` column: one row per player per board). At each table the powers are then one assignment problem (players
to powers, at most 7 x 7), solved exactly by the Hungarian method (:func:`xlscore.core.seating.seats.assign`): a
power the player has played ``c`` times costs ``REPEAT x c + c^2``, so a power never played comes first, then the
one played least. A table of fewer players than powers leaves the powers nobody needs out (the board plays with
fewer powers, as the director's rules say). Among equal costs the assignment is the one the method finds: the same
table and results give the same powers. Since each table's assignment is exact, no player plays a power again
while the table has an assignment with no repeat (a repeat costs more than any spread of powers never played).

The round's quality report then counts powers, not seats (:func:`power_quality`): the players who play a power
again, against a lower bound (those who have played every power already: any power repeats for them), and the most
times one player has played one power, this round included.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from xlscore.core.cells import cell_text, is_blank
from xlscore.core.errors import InputError, TableError
from xlscore.core.events.rows import cell_name, read_rows, where
from xlscore.core.seating.plan import SeatingQuality, SeatingRow
from xlscore.core.seating.seats import assign

__all__ = ["REPEAT", "PowerSeat", "give_powers", "power_quality", "powers_played"]

REPEAT = 1000
"""What playing a power again costs, against c^2 for the spread: repeats first, then evenness."""


def powers_played(results: object, powers: Sequence[str]) -> dict[str, dict[str, int]]:
    """How often each player played each power, from a table with a player and a power column (rows with a blank
    power are left out; a power not among ``powers`` is refused, naming its row)."""
    rows = read_rows(results, ("player",), ("power",), name="history")
    known = {p.casefold(): p for p in powers}
    played: dict[str, dict[str, int]] = {}
    for row in rows:
        if is_blank(row["power"]):
            continue
        power = known.get((cell_text(row["power"]) or "").casefold())
        if power is None:
            shown = f"{where(row, 'power', 'history')} is {row['power']!r}"
            raise TableError(f"{shown}; expected one of {', '.join(powers)}")
        counts = played.setdefault(cell_name(row, "player", "history"), {})
        counts[power] = counts.get(power, 0) + 1
    return played


def give_powers(table: Sequence[str], played: Mapping[str, Mapping[str, int]], powers: Sequence[str]) -> dict[str, str]:
    """Each player of ``table`` their power (see the module docstring)."""
    if len(table) > len(powers):
        raise InputError(f"a table of {len(table)} players has only {len(powers)} powers; expected at most that many")
    cost = [[_cost(played.get(p, {}).get(power, 0)) for power in powers] for p in table]
    cost += [[0] * len(powers) for _ in range(len(powers) - len(table))]  # stand-ins for the powers nobody plays
    columns = assign(cost)
    return {p: powers[columns[i]] for i, p in enumerate(table)}


@dataclass(frozen=True)
class PowerSeat(SeatingRow):
    """A player's place in a Diplomacy round: a seating row and the power of that seat (None for a bye)."""

    power: str | None = None


def power_quality(
    rows: Sequence[PowerSeat], played: Mapping[str, Mapping[str, int]], powers: Sequence[str], seated: SeatingQuality
) -> SeatingQuality:
    """``seated``'s report with its seat counts made the round's powers: repeats (a player given a power they played
    before), their lower bound (players who have played every power) and the most plays of one power by one
    player, this round's included."""
    given = [(row.player, row.power) for row in rows if row.power is not None]
    repeats = sum(1 for player, power in given if played.get(player, {}).get(power, 0))
    bound = sum(1 for player, _ in given if all(played.get(player, {}).get(power, 0) for power in powers))
    most = max((played.get(player, {}).get(power, 0) + 1 for player, power in given), default=0)
    return dataclasses.replace(
        seated, seat_repeats=repeats, seat_repeats_lower_bound=bound, most_in_one_seat=most, seat_name="power"
    )


def _cost(times: int) -> int:
    return REPEAT * times + times * times
