"""The tie-breaks of an event played in games (RPLOPS, Puffing Billy): a chain a coordinator names, after the total.

RPLOPS and Puffing Billy rank by a total; their sources rank no tie, so by default equal totals share a place (the
chain is empty and every standings table reads as before). A coordinator may name tie-breaks, applied in order to
the players still level (:mod:`xlscore.core.events.ranking`), from those the field's Swiss and event tools use:

* ``wins``: games won; a shared first place is a win (Puffing Billy: a board won, a board score of 3 or more, since
  only 1st place scores 3 for placing).
* ``best game``: the player's best single game (Puffing Billy: best board score), whether or not it counts towards
  the total.
* ``head to head``: among the players still tied, the sum over every game two of them played together of the
  player's points minus the other's (:func:`xlscore.core.events.ranking.head_to_head`); two who never met score 0.
* ``opponents' points``: the Buchholz sum as Swiss tools compute it, over a player's games: for each game, every
  other player at that table, and for each the opponent's **total in these standings** (the same rounds counted,
  the same best N, byes included). An opponent met twice counts twice.
* ``opponents' average``: that sum divided by the number of opponents it added up (each meeting once), so a player
  who sat at bigger tables is not favoured.

Those are computed over the rounds counted (``after_round``). Head to head and the opponents' tie-breaks need to
know who sat together: a Puffing Billy results table without a board column is refused for them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from xlscore.core.cells import yes_no
from xlscore.core.errors import TableError
from xlscore.core.events.ranking import TieBreak, chain, head_to_head, measure

__all__ = [
    "BEST_GAME",
    "HEAD_TO_HEAD",
    "OPPONENTS",
    "OPPONENTS_AVERAGE",
    "TIE_BREAKS",
    "WINS",
    "Asked",
    "Played",
    "asked",
    "game_tie_breaks",
]

WINS = "wins"
BEST_GAME = "best game"
HEAD_TO_HEAD = "head to head"
OPPONENTS = "opponents' points"
OPPONENTS_AVERAGE = "opponents' average"
TIE_BREAKS = (WINS, BEST_GAME, HEAD_TO_HEAD, OPPONENTS, OPPONENTS_AVERAGE)
"""Every tie-break a coordinator may name, as ``decided_by`` shows it; the default chain is none of them."""

_MEETINGS = (HEAD_TO_HEAD, OPPONENTS, OPPONENTS_AVERAGE)


@dataclass(frozen=True)
class Played:
    """A player's result in one game of the rounds counted: the game (the table sat at; None when the table does
    not say who sat together), the points it scored and whether the player won it."""

    player: str
    game: Hashable | None
    points: Fraction
    won: bool


@dataclass(frozen=True)
class Asked:
    """What a coordinator asked of the standings beyond the total: the tie-breaks, in order, and whether each row
    says what decided its place (a Decided by column)."""

    names: tuple[str, ...] = ()
    decided_by: bool = False

    @property
    def plain(self) -> bool:
        """Neither: the standings as the source ranks them, equal totals sharing a place."""
        return not self.names and not self.decided_by


def asked(tie_breaks: object, decided_by: object) -> Asked:
    """The ``tie_breaks`` argument (a list of names, or one text separated by commas; blank or ``none``: no
    tie-break) and the ``decided_by`` one (yes or no; blank: no), checked."""
    return Asked(chain(tie_breaks, TIE_BREAKS, ()), yes_no("decided_by", decided_by))


def game_tie_breaks(names: Sequence[str], played: Sequence[Played], totals: Mapping[str, Fraction]) -> list[TieBreak]:
    """The tie-breaks ``names`` (in order) over ``played``, for the players of ``totals`` (the standings' totals:
    the opponents' tie-breaks add them up)."""
    unseated = next((name for name in names if name in _MEETINGS and any(p.game is None for p in played)), None)
    if unseated is not None:
        raise TableError(
            f"tie_breaks names {unseated!r}; expected a results table that says who played whom (a board column)"
        )
    steps = []
    for name in names:
        if name == WINS:
            steps.append(measure(name, _count(totals, (p.player for p in played if p.won))))
        elif name == BEST_GAME:
            steps.append(measure(name, _best(totals, played)))
        elif name == HEAD_TO_HEAD:
            steps.append(head_to_head(name, _by_game(totals, played)))
        else:
            steps.append(measure(name, _opponents(totals, played, average=name == OPPONENTS_AVERAGE)))
    return steps


def _count(totals: Mapping[str, Fraction], players: Iterable[str]) -> dict[str, Fraction]:
    found = {player: Fraction(0) for player in totals}
    for player in players:
        found[player] = found.get(player, Fraction(0)) + 1
    return found


def _best(totals: Mapping[str, Fraction], played: Sequence[Played]) -> dict[str, Fraction]:
    best: dict[str, Fraction] = {}
    for result in played:
        best[result.player] = max(best.get(result.player, result.points), result.points)
    return {player: best.get(player, Fraction(0)) for player in totals}


def _by_game(totals: Mapping[str, Fraction], played: Sequence[Played]) -> dict[str, dict[Hashable, Fraction]]:
    scores: dict[str, dict[Hashable, Fraction]] = {player: {} for player in totals}
    for result in played:
        scores.setdefault(result.player, {})[result.game] = result.points
    return scores


def _opponents(totals: Mapping[str, Fraction], played: Sequence[Played], *, average: bool) -> dict[str, Fraction]:
    tables: dict[Hashable, list[str]] = defaultdict(list)
    for result in played:
        tables[result.game].append(result.player)
    added: dict[str, Fraction] = {player: Fraction(0) for player in totals}
    met: dict[str, int] = defaultdict(int)
    for seated in tables.values():
        for player in seated:
            for other in seated:
                if other != player:
                    added[player] = added.get(player, Fraction(0)) + totals.get(other, Fraction(0))
                    met[player] += 1
    if not average:
        return added
    return {player: added[player] / met[player] if met[player] else Fraction(0) for player in totals}
