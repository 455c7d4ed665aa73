"""What a Diplomacy scoring system is to xlscore: a name, a family, the rule that scores a board, and what it needs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from xlscore.core.errors import InputError
from xlscore.core.systems.diplomacy.board import Board

__all__ = ["Reading", "Scores", "System"]

Scores = tuple[Fraction, ...]


@dataclass(frozen=True, kw_only=True)
class Reading:
    """The other reading of a rule whose sources part ways: what it changes, and the rule read that way."""

    note: str
    """What the other reading changes and whose reading it is, in a coordinator's words."""
    score: Callable[[Board], Scores]


@dataclass(frozen=True, kw_only=True)
class System:
    """A scoring system: ``score`` gives the seven powers' scores, exactly, in the board's order. Built with keyword
    arguments only, as the one list of every system (:mod:`xlscore.core.systems.diplomacy.registry`) reads."""

    name: str
    family: str
    score: Callable[[Board], Scores]
    solo: Fraction | None
    """The soloist's score (None where it depends on the board, as in Sydney League)."""
    total: Fraction | None
    """What a drawn board's scores add up to when every centre is owned, for a constant-sum system; else None."""
    needs: str
    """The inputs the rule reads beyond the final centres."""
    source: str
    module: str
    """The module whose docstring is the rule."""
    other: Reading | None = None
    """The other reading of the rule, where its sources part ways (xlscore scores ``score`` unless asked)."""
    solo_is_most: bool = True
    """Whether no power scores more on a board than a soloist (where ``solo`` is given): false where a draw's
    bonuses can beat the solo, as in Vulcan and ManorCon (a test plays random boards against every other system)."""

    def scores(self, board: Board, other_reading: bool = False) -> Scores:
        """The board's scores under the rule, or under its other reading."""
        if not other_reading:
            return self.score(board)
        if self.other is None:
            raise InputError(
                f"other_reading is yes, but {self.name} has one reading; expected it blank (or no) for {self.name}"
            )
        return self.other.score(board)
