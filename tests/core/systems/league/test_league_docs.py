"""The Meeple League page's examples run as tests, so the worked season cannot drift from the code."""

from __future__ import annotations

import doctest
from pathlib import Path

PAGE = Path(__file__).resolve().parents[4] / "docs" / "systems" / "meeple-league.md"


def test_the_worked_season_runs() -> None:
    result = doctest.testfile(str(PAGE), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 10
    assert result.failed == 0
