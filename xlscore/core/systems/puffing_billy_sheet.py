"""The TGA's paper Puffing Billy score sheet: a board's bonus column (1) and PB score column (2), as it fills in.

Source: ../shared/seeds/002_14661db876957472.txt (TGA, "The Puffing Billy: Explanation of Scoring", 1998), whose
score sheet lists a board's players by rank with their game score, the standard placement score, the bonus (1) and
the PB score (2), then the "total of (1)" and the winner's bonus. The rules are
:mod:`xlscore.core.systems.puffing_billy`'s (``pb_bonus``, ``pb_winner_bonus``, ``pb_board``); this lays them out as
the sheet does, column by column, while it is typed into:

* places 1 to 6: the winner's bonus (1) is the winner's bonus; 2nd to 4th each their bonus, blank while
  their game score is; 5th and 6th "-" (no bonus). The PB score (2) of every place is blank until two game scores
  are typed, then the board's scores (blank for 5th and 6th);
* under column (1), the total of (1) for 2nd to 4th, to 3 decimals, and the winner's bonus again (its 0.03 x that
  total); both blank while no bonus is, as the winner's line is.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from xlscore.core.cells import is_blank
from xlscore.core.errors import InputError
from xlscore.core.rounding import as_decimal, round_half_up
from xlscore.core.systems.puffing_billy import BOARD_MAX_PLAYERS, DIGITS, pb_board, pb_bonus, pb_winner_bonus
from xlscore.core.validate import items, whole

__all__ = ["COLUMNS", "NO_BONUS", "pb_score_sheet"]

NO_BONUS = "-"
"""What the bonus (1) of 5th and 6th place shows, as on the paper sheet."""
SCORED = 4  # places 1 to 4 have a placement score and a bonus


COLUMNS = (1, 2)
"""The sheet's computed columns, numbered as it numbers them: (1) the bonus, (2) the PB score."""


def pb_score_sheet(scores: Iterable[float | None], column: int) -> tuple[float | str | None, ...]:
    """A column of a board's paper score sheet as it fills in: 1 for bonus (1), 2 for PB score (2), by place.

    scores: the players' raw game scores (money) listed in finishing order, up to 6; blank while not typed in.
    column: 1 for the bonus column (1): places 1 to 6, then the total of (1) and the winner's bonus; 2 for the PB
        score column (2): places 1 to 6.
    """
    which = whole("column", column, COLUMNS[0], COLUMNS[-1])
    listed = items("scores", scores, "scores")
    if len(listed) > BOARD_MAX_PLAYERS:
        raise InputError(f"scores has {len(listed)} values; expected at most {BOARD_MAX_PLAYERS} in finishing order")
    while listed and is_blank(listed[-1]):
        listed.pop()  # the places not typed in yet: a board of the places typed
    if which == 2:
        typed = sum(isinstance(s, (int, float)) and not isinstance(s, bool) for s in listed)
        board: list[float | None] = list(pb_board(listed)) if typed >= 2 else []  # type: ignore[arg-type]
        return (*board, *[None] * (BOARD_MAX_PLAYERS - len(board)))
    listed += [None] * (BOARD_MAX_PLAYERS - len(listed))
    bonuses = [_bonus(listed, place) for place in range(2, SCORED + 1)]
    given = [b for b in bonuses if b is not None]
    winner = pb_winner_bonus(given) if given else None
    total = round_half_up(sum(map(as_decimal, given), Decimal(0)), DIGITS) if given else None
    return (winner, *bonuses, *[NO_BONUS] * (BOARD_MAX_PLAYERS - SCORED), total, winner)


def _bonus(listed: list[object], place: int) -> float | None:
    """The bonus (1) of ``place`` (2 to 4): blank while its game score is; the message names the score read."""
    score = listed[place - 1]
    if is_blank(score):
        return None
    try:
        return pb_bonus(score, listed[0])  # type: ignore[arg-type]  # checked there
    except InputError as exc:
        raise InputError(f"scores[{place}] or the winner's scores[1]: {exc}") from exc
