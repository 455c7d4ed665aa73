"""Places by round: each player's place after every round, a row per round and a column per player.

The standings by round (``RPLOPS_STANDINGS_BY_ROUND`` and the other systems' twins, :mod:`xlscore.core.events.rounds`)
give a row per player per round, in place order within each round. A line chart of places by round needs the same
places the other way round: a row per round, a column (a line) per player. :func:`places_by_round` turns the one
into the other, for the chart of every event template's By round sheet; it computes nothing new.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from xlscore.core.errors import TableError
from xlscore.core.events.bulk_choice import columns_in_bulk
from xlscore.core.events.headings import heading
from xlscore.core.events.rows import cell_name, cell_whole, read_rows, where
from xlscore.core.validate import count

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PlacesByRound", "places_by_round"]

_TABLE = "by_round"
TOP_MOST = 1000
"""The most players a chart follows: more lines than anyone can tell apart."""


@dataclass(frozen=True)
class PlacesByRound:
    """The places of ``players`` after each of ``rounds``: ``places[i][j]`` is ``players[j]``'s place after
    ``rounds[i]`` (None before the player's first round); ``top``, the players asked for (None: all)."""

    players: tuple[str, ...]
    rounds: tuple[int, ...]
    places: tuple[tuple[int | None, ...], ...]
    top: int | None = None

    def grid(self) -> list[list[object]]:
        """The places as a sheet shows them: a header (Round, then each player) and a row per round; with ``top``,
        always ``top`` players wide (blank columns for players the event does not have yet), so a chart's data
        area of that width is filled."""
        blank = max(0, (self.top or 0) - len(self.players))
        header: list[object] = [heading("round"), *self.players, *[""] * blank]
        rows: list[list[object]] = [header]
        for number, row in zip(self.rounds, self.places, strict=True):
            rows.append([number, *row, *[None] * blank])
        return rows

    def to_frame(self) -> pd.DataFrame:
        """The places as a pandas DataFrame: the columns the sheet shows (Round, then each player), a row per round."""
        import pandas as pd

        header, *rows = self.grid()
        return pd.DataFrame(rows, columns=header)


def places_by_round(by_round: object, top: int | None = None) -> PlacesByRound:
    """Each player's place after every round, a row per round and a column per player: a chart's data.

    by_round: the standings by round, as RPLOPS_STANDINGS_BY_ROUND and its twins for the other systems spill them:
        columns round, place and player (others are ignored), a row per player per round; blank rows are skipped.
    top: follow only the first this many players of the last round's standings, in their order there, 1 to 1000
        (blank: every player).
    """
    wanted = None if top is None else count("top", top, 1, TOP_MOST)
    found = _in_bulk(by_round)
    if found is None:
        found = _by_rows(by_round)
    rounds = tuple(sorted(found))
    last = found[rounds[-1]] if rounds else {}
    followed = tuple(sorted(last, key=lambda p: last[p]))[:wanted]
    shown = tuple(tuple(found[number].get(player) for player in followed) for number in rounds)
    return PlacesByRound(followed, rounds, shown, wanted)


def _by_rows(by_round: object) -> dict[int, dict[str, int]]:
    """Each round's places by player, the table read row by row (the rule: the first bad row named)."""
    rows = read_rows(by_round, ["round", "place", "player"], name=_TABLE)
    found: dict[int, dict[str, int]] = {}
    for row in rows:
        number = cell_whole(row, "round", 1, None, _TABLE)
        player = cell_name(row, "player", _TABLE)
        places = found.setdefault(number, {})
        if player in places:
            raise TableError(f"{where(row, 'player', _TABLE)} is {player!r} again in round {number}; expected once")
        places[player] = cell_whole(row, "place", 1, None, _TABLE)
    return found


def _in_bulk(by_round: object) -> dict[int, dict[str, int]] | None:
    """:func:`_by_rows` over whole columns when every row is plainly good (rounds and places whole numbers from 1,
    every player named, once a round); None when a row needs a message (:func:`_by_rows` then words it), or when
    row by row is the quicker (:func:`bulk_pays`)."""
    read = columns_in_bulk(by_round, ["round", "place", "player"], name=_TABLE)
    if read is None:
        return None
    columns = read[1]
    import numpy as np

    from xlscore.core.events import bulk

    rounds, places = bulk.numbers(columns["round"], lo=1), bulk.numbers(columns["place"], lo=1)
    players = bulk.names(columns["player"])
    if rounds is None or places is None or players is None:
        return None
    if np.any(rounds != np.floor(rounds)) or np.any(places != np.floor(places)):
        return None
    found: dict[int, dict[str, int]] = {}
    whole_rounds, whole_places = rounds.astype(np.int64).tolist(), places.astype(np.int64).tolist()
    for number, player, place in zip(whole_rounds, players, whole_places, strict=True):
        at = found.setdefault(number, {})
        if player in at:
            return None
        at[player] = place
    return found
