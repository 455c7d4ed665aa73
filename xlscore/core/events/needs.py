"""What each player needs: before the last round, the lowest finish that still gets a player to first place (or
into the top N), whatever everyone else does.

Given each player's total now and the points each finish of the last round gives (1st, 2nd, ...; never more for a
lower finish), a player **is in reach** of a target (1st place, or the top N) when winning could get them there: they
win and everyone else finishes last, and fewer than N players are then strictly above them (equal totals share a
place, as the standings without tie-breaks rank them). A player in reach **needs** the lowest finish f such that,
finishing f or better (a tie for f included, which gives at least f's points), they get there even in everyone
else's best case: every other player winning their own game. Blank when no finish is enough on its own: it then
depends on the others' results.

Exact or a bound (the ``kind`` column):

* **exact** where every finish has fixed points (placement points, RPLOPS): over every last round in which each
  other player finishes anywhere, finishing f or better always gets the player there, and finishing below f fails
  in at least one (a property test enumerates them). When two rivals sit at one table they cannot both win, so
  with the seating known a player may in fact need less: the figure never asks too little.
* **bound** where a round's score is not a finish's fixed points (Size Matters, Diplomacy centre counts): the
  finish is read on the best and worst scores a round can give, so it is a sufficient condition, not the least.

Tie-breaks are not applied: a tie for the target counts as reaching it (a shared place).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from xlscore.core.errors import InputError

__all__ = ["EXACT", "Need", "needs"]

EXACT = "exact"
BOUND = "bound"


@dataclass(frozen=True)
class Need:
    """A player in reach of a target: the target (1 for first place, N for the top N), the player's place and
    total now, the lowest finish in the last round that gets them there (None: no finish does on its own), and
    whether that figure is exact or a bound."""

    target: int
    player: str
    place: int
    total: float
    needs: int | None
    kind: str


def needs(
    totals: Mapping[str, Fraction],
    finishes: Sequence[Fraction],
    targets: Sequence[int],
    kind: str = EXACT,
) -> tuple[Need, ...]:
    """For each target (1, N) and each player in reach of it, in the order of the standings now, what they need
    (see the module docstring). ``finishes`` holds the points of the last round's 1st, 2nd, ... finish."""
    if not finishes or any(later > earlier for earlier, later in pairwise(finishes)):
        raise InputError(f"finishes is {list(map(float, finishes))}; expected points for 1st, 2nd, ..., never rising")
    ranked = sorted(totals, key=lambda p: (-totals[p], p))
    best, worst = finishes[0], finishes[-1]
    found: list[Need] = []
    for target in targets:
        for player in ranked:
            others = [totals[q] for q in ranked if q != player]
            if sum(total + worst > totals[player] + best for total in others) >= target:
                continue  # out of reach: even winning while everyone else finishes last is not enough
            enough = [
                f
                for f, points in enumerate(finishes, start=1)
                if sum(total + best > totals[player] + points for total in others) < target
            ]
            place = 1 + sum(total > totals[player] for total in others)
            found.append(Need(target, player, place, float(totals[player]), max(enough, default=None), kind))
    return tuple(found)
