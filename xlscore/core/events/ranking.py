"""Ranking players into standings: a rule's measure first, then a chain of tie-breaks, with one notion of equal.

Every system's standings are its rule (the measure that sorts the table: total points, league points) plus a chain
of tie-breaks, applied in order to the players still level. :func:`standings` sorts by them and says which one put
each row below the row above (``decided_by``): the measure, a tie-break's name, ``"tied"`` when nothing separates
the two (they share a place), and blank on the first row.

Values are compared exactly: a measure or tie-break gives each player a :class:`~fractions.Fraction` (or an int),
built from the decimals a coordinator typed (:func:`~xlscore.core.cells.exact`). So 0.3 of 0.9 and 0.4 of 1.2 are
the same share of the winner's score, and a margin of 0.1 is a margin of 0.1, in any order of the rows.

A tie-break may depend on who is still tied (head to head): it is given the group of players level on everything
before it, and is not applied again to a smaller group it leaves tied.

A coordinator may reorder or shorten a system's chain (:func:`chain`): ``tie_breaks`` names the tie-breaks to use,
in order; the published chain is the default.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from xlscore.core.cells import is_blank
from xlscore.core.errors import InputError

__all__ = ["NONE", "TIED", "Ranked", "TieBreak", "chain", "head_to_head", "measure", "standings"]

TIED = "tied"
"""``decided_by`` of a row that nothing separates from the row above: it shares that row's place."""

NONE = "none"
"""What ``tie_breaks`` holds for no tie-break at all: equal measures share a place."""

Exact = Fraction | int


@dataclass(frozen=True)
class TieBreak:
    """A measure or tie-break: its name as ``decided_by`` shows it, and each player's value among a tied group
    (larger is better)."""

    name: str
    values: Callable[[Sequence[str]], Mapping[str, Exact]]


def measure(name: str, values: Mapping[str, Exact], *, lower_is_better: bool = False) -> TieBreak:
    """A tie-break whose value is each player's own, whoever else is tied (points, games won, a prior rank)."""
    if lower_is_better:
        return TieBreak(name, lambda group: {p: -values[p] for p in group})
    return TieBreak(name, lambda group: values)


def head_to_head(name: str, scores: Mapping[str, Mapping[Any, Exact]]) -> TieBreak:
    """Head to head among the tied players: for each, the sum over every game they played with another of them of
    (own score - that player's score). ``scores`` holds each player's score by game. Two who never met score 0."""

    def net(group: Sequence[str]) -> dict[str, Exact]:
        # Over a game that k of the group played, a player's own score less each other's is k x own less the k
        # players' sum: one pass over the games rather than over every pair, in whole numbers over the scores'
        # common denominator (exact, as the Fractions are, and in any order).
        at: dict[Any, list[str]] = {}
        for player in dict.fromkeys(group):
            for game in scores[player]:
                at.setdefault(game, []).append(player)
        shared = [(game, present) for game, present in at.items() if len(present) > 1]
        denominator = math.lcm(*(scores[p][game].denominator for game, present in shared for p in present))
        sums = dict.fromkeys(group, 0)
        for game, present in shared:
            whole = [scores[p][game].numerator * (denominator // scores[p][game].denominator) for p in present]
            total = sum(whole)
            for player, own in zip(present, whole, strict=True):
                sums[player] += len(present) * own - total
        return {player: Fraction(net, denominator) for player, net in sums.items()}

    return TieBreak(name, net)


@dataclass(frozen=True)
class Ranked:
    """A row of standings: the player, the shared place, what decided it, and the values that were compared
    (a tie-break computed among a tied group is present only for the players it was applied to)."""

    player: str
    place: int
    decided_by: str
    values: Mapping[str, Exact] = field(default_factory=dict)


def standings(players: Iterable[str], order: Sequence[TieBreak]) -> tuple[Ranked, ...]:
    """The players sorted by ``order`` (a measure, then tie-breaks), best first; see the module docstring.

    Players level on every step share the best place of their group and are listed by name.
    """
    # Each group carries what put its first player below the row above it; a group split by a later step hands
    # that reason to its first part, and the step's name to each part after it.
    groups: list[tuple[str, list[str]]] = [("", sorted(set(players)))]  # one group to split; empty: no player
    values: dict[str, dict[str, Exact]] = {p: {} for p in groups[0][1]}
    for step in order:
        split: list[tuple[str, list[str]]] = []
        for reason, group in groups:
            if len(group) <= 1:
                split.append((reason, group))
                continue
            got = step.values(group)
            for player in group:
                values[player][step.name] = got[player]
            key = _whole(got, group)
            ordered = sorted(group, key=key.__getitem__, reverse=True)  # stable: equal values stay listed by name
            run = [ordered[0]]
            for player in ordered[1:]:
                if key[player] == key[run[0]]:
                    run.append(player)
                else:
                    split.append((reason, run))
                    reason, run = step.name, [player]
            split.append((reason, run))
        groups = split
    result: list[Ranked] = []
    for reason, group in groups:
        place = len(result) + 1
        for i, player in enumerate(group):
            result.append(Ranked(player, place, TIED if i else reason, values[player]))
    return tuple(result)


def _whole(got: Mapping[str, Exact], group: Sequence[str]) -> Mapping[str, Exact]:
    """The group's values as whole numbers over their common denominator, which compare as the values do (and
    faster than Fractions, which multiply out each comparison); the values themselves when one is no Fraction or
    whole number."""
    if not all(type(got[p]) in (Fraction, int) for p in group):
        return got
    denominator = math.lcm(*(got[p].denominator for p in group))
    return {p: got[p].numerator * (denominator // got[p].denominator) for p in group}


def chain(
    tie_breaks: object,
    available: Sequence[str],
    default: Sequence[str],
    *,
    argument: str = "tie_breaks",
) -> tuple[str, ...]:
    """The tie-breaks a coordinator asked for, in order: ``tie_breaks`` as a list of names, or one text of names
    separated by commas; blank for the ``default`` (the published chain), ``none`` for no tie-break.

    Names are matched without regard to case or spacing; a name that is not one of ``available``, or one given
    twice, is refused with the names that are.
    """
    if tie_breaks is None or (isinstance(tie_breaks, str) and is_blank(tie_breaks)):
        return tuple(default)
    if isinstance(tie_breaks, str):
        items: list[object] = [tie_breaks]
    elif isinstance(tie_breaks, Iterable) and not isinstance(tie_breaks, (bytes, Mapping)):
        items = list(tie_breaks)
    else:
        raise InputError(f"{argument} is {tie_breaks!r}; expected names of tie-breaks ({_listing(available)})")
    words = [w for item in items if not is_blank(item) for w in re.split(r"[,;\n]", str(item)) if w.strip()]
    if not words:
        return tuple(default)
    lookup = {_key(n): n for n in available}
    chosen: list[str] = []
    for word in words:
        key = _key(word)
        if key == NONE and len(words) == 1:
            return ()
        if key not in lookup:
            raise InputError(f"{argument} names {word.strip()!r}; expected some of: {_listing(available)}, or none")
        if lookup[key] in chosen:
            raise InputError(f"{argument} names {lookup[key]!r} twice; expected each tie-break once")
        chosen.append(lookup[key])
    return tuple(chosen)


def _key(text: str) -> str:
    return " ".join(text.replace("_", " ").split()).casefold()


def _listing(available: Sequence[str]) -> str:
    return ", ".join(available) if available else "(this system has none)"
