"""A coordinator reorders or shortens a chain of tie-breaks from a sheet: the [tie_breaks] argument."""

from __future__ import annotations

from typing import Any

from xlscore.core.events.headings import heading
from xlscore.excel.functions.catalogue import CATALOGUE
from xlscore.excel.functions.cells import CellError
from xlscore.excel.functions.edge import call_cells

# Each player wins one 2-player game: level on league points, wins and 2nd places. A has the larger share of the
# winner's score (1 + 0.5 against 0.1 + 1), B the larger margin (-9 + 50 against 9 - 50).
LEAGUE = [["game", "player", "score"], ["G1", "A", 10], ["G1", "B", 1], ["G2", "B", 100], ["G2", "A", 50]]


def _column(grid: Any, name: str) -> list[Any]:
    index = grid[0].index(heading(name))
    return [row[index] for row in grid[1:]]


def test_league_standings_take_a_chain_as_one_text_or_a_range_of_names() -> None:
    function = CATALOGUE["LEAGUE_STANDINGS"]
    published = call_cells(function, [LEAGUE])
    assert _column(published, "player") == ["A", "B"]
    assert _column(published, "decided_by") == ["", "percentage of winner's score"]
    for chain in ([["margin of victory, game points"]], [["margin of victory"], ["game points"]], "Margin of Victory"):
        shortened = call_cells(function, [LEAGUE, None, chain])
        assert _column(shortened, "player") == ["B", "A"]
        assert _column(shortened, "decided_by") == ["", "margin of victory"]
    assert _column(call_cells(function, [LEAGUE, None, "none"]), "place") == [1, 1]


def test_size_matters_standings_take_a_chain() -> None:
    # A solo (210) and two 2-way draws (105 + 105) are level on total: the number of solos decides.
    results: list[list[Any]] = [["round", "board", "player", "centres"]]
    solo = ["S", "a", "b", "c", "d", "e", "f"]
    results += [[1, 1, p, c] for p, c in zip(solo, (18, 4, 4, 4, 4, 0, 0), strict=True)]
    for r, rest in ((1, ["D", "g", "h", "i", "j", "k", "l"]), (2, ["D", "m", "n", "o", "p", "q", "r"])):
        results += [[r, 2, p, c] for p, c in zip(rest, (17, 17, 0, 0, 0, 0, 0), strict=True)]
    function = CATALOGUE["SIZE_MATTERS_STANDINGS"]
    published = call_cells(function, [results])
    assert _column(published, "player")[:2] == ["S", "D"]
    assert _column(published, "decided_by")[:2] == ["", "solos"]
    untied = call_cells(function, [results, None, "none"])
    assert _column(untied, "place")[:2] == [1, 1]
    assert _column(untied, "decided_by")[:2] == ["", "tied"]


def test_an_unknown_tie_break_is_an_error_naming_the_choices() -> None:
    error = call_cells(CATALOGUE["SIZE_MATTERS_STANDINGS"], [[["board", "player", "centres"]], None, "goals"])
    assert isinstance(error, CellError)
    assert (error.code, error.message) == (
        "#VALUE!",
        "tie_breaks names 'goals'; expected some of: solos, head to head, or none",
    )
