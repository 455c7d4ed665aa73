"""What a Diplomacy scoring system is to xlscore: a name, a family, the rule that scores a board, and what it needs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from xlscore.core.diplomacy.board import Board

__all__ = ["Scores", "System"]

Scores = tuple[Fraction, ...]


@dataclass(frozen=True)
class System:
    """A scoring system: ``score`` gives the seven powers' scores, exactly, in the board's order."""

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
