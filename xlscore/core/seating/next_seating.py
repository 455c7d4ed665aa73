"""The next round's seating as a sheet shows it: from the standings by round, once the last round is complete.

An event template's Seating sheet shows the round after the last one played, seated by
:func:`xlscore.core.seating.next_round` from the standings after that round, every earlier meeting in the results and
the players table, as soon as that round's results are complete: every player due in it (the players table's, or
without one everyone in the standings) has a game in it. Until then it says whose results are missing, so a half
typed round never seats the next one from half its results.

The standings by round (``*_STANDINGS_BY_ROUND``, the By round sheet) give all three facts this needs: the last
round, its standings, and the games each player played in it. With ``powers`` (a Diplomacy event) each board's seats
are the powers given (the seven, in seat order), given out from the results' power column so that nobody plays a
power again while the board allows it (:mod:`xlscore.core.seating.powers`): the rows gain a power column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xlscore.core.cells import names, yes_no
from xlscore.core.events.roster import read_roster
from xlscore.core.events.rows import cell_name, cell_whole, read_rows
from xlscore.core.events.table import Table, row_header
from xlscore.core.seating.next_round import next_round
from xlscore.core.seating.plan import SeatingRow

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["NextSeating", "seating_next_round"]

_TABLE = "by_round"
SHOWN = 8
"""The players named in the sentence of a round not complete yet (then: and N more)."""


@dataclass(frozen=True)
class NextSeating:
    """The next round's rows (one per player; a bye: no table), or, while the last round is not complete, why."""

    rows: tuple[SeatingRow, ...]
    waiting: str = ""

    def to_frame(self) -> pd.DataFrame:
        """The rows as a pandas DataFrame, headed as the sheet heads them; while the round is not complete, one row
        whose player column says why, as the sheet shows it."""
        import pandas as pd

        if self.waiting:
            return pd.DataFrame([[None, None, None, self.waiting, None]], columns=row_header(SeatingRow))
        return Table(self.rows, type(self.rows[0]) if self.rows else SeatingRow).to_frame()


def seating_next_round(
    by_round: object,
    history: object,
    players: object = None,
    table_size: int = 4,
    top_tables: int = 0,
    byes: object = None,
    powers: object = None,
) -> NextSeating:
    """The next round's tables, seated from the standings after the last round once its results are complete.

    by_round: the standings by round, as RPLOPS_STANDINGS_BY_ROUND and its twins spill them (columns round, place,
        player and games; blank rows skipped); no rows: nothing to seat yet.
    history: the results so far (a table with a player column and round and table or game): pairs in it have met.
    players: the players table (player, late from, dropped after, sits out, byes); blank: the standings' players.
    table_size: players per table, 3 to 7.
    top_tables: seat the leaders together at the first this many tables (0: none).
    byes: yes to fill every table and give the players left over a bye (fewest byes so far, lowest first).
    powers: for Diplomacy, the powers in seat order (a range of the seven names): seat k plays the k-th, given so
        nobody plays a power again while they can (the history's power column says who played what); blank: none.
    """
    rows = read_rows(by_round, ["round", "place", "player", "games"], name=_TABLE)
    if not rows:
        return NextSeating(())
    rounds = [cell_whole(row, "round", 1, None, _TABLE) for row in rows]
    last = max(rounds)
    final = [row for row, number in zip(rows, rounds, strict=True) if number == last]
    places = [cell_whole(row, "place", 1, None, _TABLE) for row in final]  # a place is a whole number from 1
    in_order = sorted(zip(places, final, strict=True), key=lambda pair: pair[0])
    ranked = [cell_name(row, "player", _TABLE) for _, row in in_order]
    roster = read_roster(players)
    due = set(roster.players(last)) if roster is not None else set(ranked)
    missing = [
        cell_name(row, "player", _TABLE)
        for row in final
        if cell_name(row, "player", _TABLE) in due and cell_whole(row, "games", 0, None, _TABLE) == 0
    ]
    missing += sorted(due - set(ranked))
    if missing:
        return NextSeating((), _waiting(last, missing))
    with_byes, seven = yes_no("byes", byes), _powers(powers)
    seated = next_round(
        ranked, history, last + 1, table_size, players, top_tables=top_tables, byes=with_byes, powers=seven
    )
    return NextSeating(seated.rows)


def _powers(value: object) -> tuple[str, ...] | None:
    """The powers in seat order, or None for a game without (blank, or a range of blank cells)."""
    listed = () if value is None else names("powers", value, skip_blank=True)  # type: ignore[arg-type]
    return listed or None


def _waiting(last: int, missing: Sequence[str]) -> str:
    names = ", ".join(missing[:SHOWN]) + (f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else "")
    return f"round {last + 1} is seated once round {last} is complete: no result yet for {names}"
