"""One Diplomacy event under every scoring system side by side: who wins under each, and where the winner changes.

A director choosing (or defending) a scoring system asks what the event's results would have given under the
others. :func:`diplomacy_compare` scores the same results table under every system DIPLOMACY_SYSTEMS lists, with
the event's own settings (round score, tournament score, best N, tie-breaks), and gives a row per system: the
player or players in first place, their total, their lead over the next place, where the chosen system's winner
places, and whether the winner changes.

The chosen system is scored first and must score the event (its error is the call's error). Another system that
cannot score it, because it needs an input the table does not hold (elimination years, a final year, a centre
chart), gets a row that says so in its note instead of a winner; the comparison goes on.

With no results yet the comparison is empty, as the standings are.

Decisions: with the top shared, every player sharing it is named (in standings order) and the winner "changes"
where the set of players in first place differs from the chosen system's; the chosen winner's place is the best
place any of the chosen system's winners reaches under that system.
"""

from __future__ import annotations

from dataclasses import dataclass

from xlscore.core.errors import InputError
from xlscore.core.events.table import table
from xlscore.core.systems.diplomacy import SYSTEMS, find_system
from xlscore.core.systems.diplomacy.event import DiplomacyStanding, standings_each

__all__ = ["DiplomacyComparison", "diplomacy_compare"]


@dataclass(frozen=True)
class DiplomacyComparison:
    """A row of the comparison: one system's winner(s), their total and lead, and whether the winner changes."""

    system: str
    family: str
    winner: str
    """The player in first place, or the players sharing it, separated by commas; blank where the system cannot
    score the event."""
    total: float | None
    lead: float | None
    """The winner's total less the next place's (0 where first place is shared or nobody else played)."""
    chosen_winner_place: int | None
    """Where the chosen system's winner places under this system."""
    winner_changes: bool
    note: str
    """Why the system cannot score the event, in the words of its error; blank where it can."""


def _row(system: str, standings: tuple[DiplomacyStanding, ...], chosen: frozenset[str] | None) -> DiplomacyComparison:
    first = [s for s in standings if s.place == 1]
    rest = [s for s in standings if s.place > 1]
    winners = frozenset(s.player for s in first)
    total = first[0].total
    lead = 0.0 if len(first) > 1 or not rest else total - rest[0].total
    places = [s.place for s in standings if chosen is None or s.player in chosen]
    return DiplomacyComparison(
        system,
        SYSTEMS[system].family,
        ", ".join(s.player for s in first),
        total,
        lead,
        min(places) if places else None,
        chosen is not None and winners != chosen,
        "",
    )


@table(DiplomacyComparison)
def diplomacy_compare(
    results: object,
    system: str,
    round_score: object = None,
    tournament: object = None,
    best: object = None,
    tie_breaks: object = None,
) -> tuple[DiplomacyComparison, ...]:
    """A Diplomacy event under every scoring system: each system's winner and total, marking where the winner changes.

    results: a table with columns board, player, centres, and optionally round, power, draw, eliminated and final
        year: seven rows per board.
    system: the event's chosen scoring system, as DIPLOMACY_SYSTEMS lists it; its row comes first, and the winner
        changes where another system puts someone else first.
    round_score: sum (every board of the round added) or best (the best board of the round); blank: sum.
    tournament: all (every round added), best N (the best rounds, N given by best) or best two plus half (the best
        two rounds and half of the rest); blank: all.
    best: how many rounds count, for tournament best N.
    tie_breaks: after the total, in order (solos, best game, head to head; separated by commas); blank for each
        system's published chain, none for no tie-break.
    """
    chosen_system = find_system(system).name
    others = [name for name in SYSTEMS if name != chosen_system]
    chosen, *rest = standings_each(results, [chosen_system, *others], round_score, tournament, best, tie_breaks)
    assert not isinstance(chosen, InputError)  # the first system's error is raised
    if not chosen:
        return ()  # no results yet: the table's header alone, as the standings show it
    winners = frozenset(s.player for s in chosen if s.place == 1)
    rows = [_row(chosen_system, chosen, None)]
    for name, found in zip(others, rest, strict=True):
        if isinstance(found, InputError):
            rows.append(DiplomacyComparison(name, SYSTEMS[name].family, "", None, None, None, False, str(found)))
        else:
            rows.append(_row(name, found, winners))
    return tuple(rows)
