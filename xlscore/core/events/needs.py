"""What each player needs: before the last round, the lowest finish (or round score) that still gets a player to
first place (or into the top N), whatever everyone else does.

Each system says how a player's total moves in the last round: ``after(player, s)``, the total after scoring ``s`` in
it (never falling as ``s`` rises; a straight line between the ``bends`` the system names, such as the player's own
earlier scores where a best-N count changes what counts), for ``s`` from the least to the most a round can give; and,
where the system places players, the least and most score of each finish (1st, 2nd, ...). A player **is in reach**
of a target (1st place, or the top N) when their best round could get them there: they score the most and everyone
else the least, and fewer than N players are then strictly above them (equal totals share a place, as the standings
without tie-breaks rank them). A player in reach **needs** the lowest finish f such that, finishing f or better (a
tie for f included), they get there even in everyone else's best case: every other player scoring the most a round
gives (winning their own game). **score** is the least round score that does the same. Blank when no finish (score)
is enough on its own: it then depends on the others' results.

Exact or a bound (the ``kind`` column):

* **exact** where every finish has fixed points (placement points, RPLOPS): over every last round in which each
  other player finishes anywhere, finishing f or better always gets the player there, and finishing below f fails
  in at least one (a property test enumerates them). When two rivals sit at one table they cannot both win, so
  with the seating known a player may in fact need less: the figure never asks too little.
* **bound** where a round's score is not a finish's fixed points (Puffing Billy's bonuses and the final's bonuses
  still to play, Size Matters and Diplomacy centre counts): the finish is read on the least score it can give
  against the most every other player can score, so it is enough, but a lower finish may be enough too, with the
  right centres or money; Size Matters and Diplomacy place nobody, so only the score is given, and what centres give
  that score depends on the board.

Tie-breaks are not applied: a tie for the target counts as reaching it (a shared place).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from xlscore.core.cells import is_blank
from xlscore.core.errors import InputError
from xlscore.core.validate import count

__all__ = ["BOUND", "EXACT", "Need", "Outlook", "needs", "needs_over", "targets"]

EXACT = "exact"
BOUND = "bound"


@dataclass(frozen=True)
class Need:
    """A player in reach of a target: the target (1 for first place, N for the top N), the player's place and
    total now, the lowest finish in the last round that gets them there (None: no finish does on its own, or the
    system places nobody), whether that figure is exact or a bound, and the least round score that gets them there
    (None: no score does on its own)."""

    target: int
    player: str
    place: int
    total: float
    needs: int | None
    kind: str
    score: float | None = None


@dataclass(frozen=True)
class Outlook:
    """How the totals can move in the last round, as a system scores it (see the module docstring): ``after``,
    the least and most a round can give, each finish's least and most score (empty: the system places nobody),
    and where ``after`` may bend for a player."""

    after: Callable[[str, Fraction], Fraction]
    least: Fraction
    most: Fraction
    finishes: Sequence[tuple[Fraction, Fraction]] = ()
    bends: Callable[[str], Iterable[Fraction]] = lambda player: ()
    best: Callable[[str], Fraction] | None = None
    """The most a player's total can reach in the last round, where that is more than ``after`` at ``most``
    (Puffing Billy: a final's bonus, which ``after`` counts only as far as a finish is sure to give it); None:
    ``after`` at ``most``."""


def targets(top: object) -> list[int]:
    """The targets a ``top`` argument asks for: first place, and the top N when it gives N."""
    return [1] if is_blank(top) else sorted({1, count("top", top, 1)})


def needs(
    totals: Mapping[str, Fraction],
    finishes: Sequence[Fraction],
    targets: Sequence[int],
    kind: str = EXACT,
) -> tuple[Need, ...]:
    """For each target (1, N) and each player in reach of it, in the order of the standings now, what they need
    when every finish has fixed points added to the total (see the module docstring). ``finishes`` holds the points
    of the last round's 1st, 2nd, ... finish."""
    if not finishes or any(later > earlier for earlier, later in pairwise(finishes)):
        raise InputError(f"finishes is {list(map(float, finishes))}; expected points for 1st, 2nd, ..., never rising")
    outlook = Outlook(
        after=lambda player, score: totals[player] + score,
        least=finishes[-1],
        most=finishes[0],
        finishes=[(points, points) for points in finishes],
    )
    return needs_over(totals, outlook, targets, kind)


def needs_over(totals: Mapping[str, Fraction], outlook: Outlook, targets: Sequence[int], kind: str) -> tuple[Need, ...]:
    """For each target (1, N) and each player in reach of it, in the order of the standings now, what they need
    as ``outlook`` says the totals can move (see the module docstring)."""
    ranked = sorted(totals, key=lambda p: (-totals[p], p))
    best = {p: outlook.after(p, outlook.most) if outlook.best is None else outlook.best(p) for p in ranked}
    worst = {p: outlook.after(p, outlook.least) for p in ranked}
    found: list[Need] = []
    for target in targets:
        for player in ranked:
            others = [q for q in ranked if q != player]
            if sum(worst[q] > best[player] for q in others) >= target:
                continue  # out of reach: even their best round, with everyone else at their worst, is not enough
            # Getting there in everyone else's best case means reaching the target-th best of their best totals.
            line = sorted((best[q] for q in others), reverse=True)[target - 1] if len(others) >= target else None
            enough = [
                f
                for f, (least, _) in enumerate(outlook.finishes, start=1)
                if line is None or outlook.after(player, least) >= line
            ]
            score = _least_score(outlook, player, line)
            place = 1 + sum(totals[q] > totals[player] for q in others)
            need = max(enough, default=None)
            found.append(Need(target, player, place, float(totals[player]), need, kind, _shown(score)))
    return tuple(found)


def _shown(score: Fraction | None) -> float | None:
    return None if score is None else float(score)


def _least_score(outlook: Outlook, player: str, line: Fraction | None) -> Fraction | None:
    """The least round score from ``outlook.least`` up that takes the player's total to ``line`` (None: even the
    most does not), ``after`` being a straight line between its bends."""
    after = outlook.after
    if line is None or after(player, outlook.least) >= line:
        return outlook.least
    if after(player, outlook.most) < line:
        return None
    inside = {b for b in outlook.bends(player) if outlook.least < b < outlook.most}
    points = sorted({outlook.least, outlook.most, *inside})
    for low, high in pairwise(points):
        if after(player, high) >= line:
            rise = after(player, high) - after(player, low)
            return low + (line - after(player, low)) * (high - low) / rise
    raise AssertionError("after(most) >= line, so some interval reaches it")
