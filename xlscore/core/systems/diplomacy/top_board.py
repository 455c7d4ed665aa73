"""A Diplomacy top board: the leaders after the qualifying rounds, seated together, each given a power.

Many Diplomacy tournaments end on a top board: after the qualifying rounds, the seven best of the standings play one
board for the title (some events seat a second board of the next seven, and so on). The standings are the event's
own (:func:`xlscore.core.systems.diplomacy.event.diplomacy_standings`, with its system, round score, tournament
score and tie-breaks) after the round given.

Decisions where the sources are silent (each director's rules settle them; these are xlscore's defaults):

* **A tie at the cut is refused**, naming the tied players: a board has seven seats, so the director must settle it
  (name a tie-break that separates them, or leave one out with the players table). Ties above the cut are seated
  in the standings' order.
* **Powers** are given out so that as few players as possible play a power again (what each played is read from the
  results' ``power`` column; :mod:`xlscore.core.seating.powers`); without a power column every power is new to
  everyone and the powers go in the standard order. Many events let the leader choose instead: the Place column
  says who that is.
* Boards are numbered from 1, the top board first; each holds the next seven of the standings.
"""

from __future__ import annotations

from dataclasses import dataclass

from xlscore.core.cells import is_blank
from xlscore.core.errors import InputError
from xlscore.core.events.roster import read_roster
from xlscore.core.events.rows import read_rows
from xlscore.core.events.table import table
from xlscore.core.seating.powers import give_powers, powers_played
from xlscore.core.systems.diplomacy.board import POWER_NAMES, POWERS
from xlscore.core.systems.diplomacy.event import diplomacy_standings
from xlscore.core.validate import count, whole

__all__ = ["TopBoardSeat", "diplomacy_top_board"]


@dataclass(frozen=True)
class TopBoardSeat:
    """A seat of a top board: the board (1: the top board), the player's place and total in the standings after
    the qualifying rounds, and their power."""

    board: int
    place: int
    player: str
    total: float
    power: str


@table(TopBoardSeat)
def diplomacy_top_board(
    results: object,
    system: str,
    after_round: object = None,
    boards: object = None,
    round_score: object = None,
    tournament: object = None,
    best: object = None,
    tie_breaks: object = None,
    players: object = None,
    other_reading: object = None,
) -> tuple[TopBoardSeat, ...]:
    """The top board (or boards) seated from the standings after the qualifying rounds, each player given a power
    they have played least.

    results: the results so far, as DIPLOMACY_STANDINGS reads them (a power column tells who played what).
    system: the scoring system's name, as DIPLOMACY_SYSTEMS lists it.
    after_round: the last qualifying round (blank: every round of the results).
    boards: how many boards of seven to seat from the top (blank: 1, the top board).
    round_score: sum or best, as for DIPLOMACY_STANDINGS.
    tournament: all, best N or best two plus half, as for DIPLOMACY_STANDINGS.
    best: how many rounds count, for tournament best N.
    tie_breaks: after the total, in order (solos, best game, head to head), as for DIPLOMACY_STANDINGS.
    players: the players table (a player who dropped is left out of the boards), to check each result against.
    other_reading: yes to score by the rule's other reading; blank or no: xlscore's reading.
    """
    seats = POWERS * (1 if is_blank(boards) else count("boards", boards, 1))
    standings = diplomacy_standings(
        results, system, round_score, tournament, best, tie_breaks, after_round, players, None, None, other_reading
    )
    ranked = tuple(row for row in standings if row.player not in _dropped(players, after_round))
    if len(ranked) < seats:
        raise InputError(f"the standings have {len(ranked)} players; expected at least {seats} to fill the boards")
    if len(ranked) > seats and ranked[seats - 1].place == ranked[seats].place:
        tied = [row.player for row in ranked if row.place == ranked[seats].place]
        raise InputError(
            f"{', '.join(tied)} tie for place {ranked[seats].place} at the cut of {seats}; expected a tie-break that "
            "separates them (tie_breaks), or the players table leaving one out"
        )
    played = powers_played(results, POWER_NAMES) if _has_powers(results) else {}
    found: list[TopBoardSeat] = []
    for board in range(seats // POWERS):
        at = ranked[board * POWERS : (board + 1) * POWERS]
        given = give_powers([row.player for row in at], played, POWER_NAMES)
        found += [TopBoardSeat(board + 1, row.place, row.player, row.total, given[row.player]) for row in at]
    return tuple(found)


def _has_powers(results: object) -> bool:
    return any(not is_blank(row["power"]) for row in read_rows(results, ("player",), ("power",)))


def _dropped(players: object, after_round: object) -> set[str]:
    """The players who dropped by the last qualifying round (blank: by the table's last round): not seated."""
    roster = read_roster(players)
    if roster is None:
        return set()
    last = None if is_blank(after_round) else whole("after_round", after_round, 1)
    return {
        player
        for player, entry in roster.entries.items()
        if entry.dropped_after is not None and (last is None or entry.dropped_after <= last)
    }
