"""A filled template's standings, read from its typed cells and computed by the core, without its formulas.

``xlscore standings`` prints these, and the tests compare each recalculated Standings sheet with them. Reading a
filled workbook needs xlscore's own reader and one system's core, nothing more: the template modules, which build
workbooks with openpyxl, take their ``standings`` from here, so that the command loads neither openpyxl (about
0.1 to 0.3 s) nor the systems its workbooks do not use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from xlscore.core.cells import cell_text, is_blank
from xlscore.core.errors import InputError, TableError
from xlscore.core.validate import shown
from xlscore.engine.rewrite.refs import cell_name
from xlscore.excel.results import Result, results

if TYPE_CHECKING:
    from xlscore.core.events.rounds import RoundStanding
    from xlscore.core.systems.diplomacy.event import DiplomacyStanding
    from xlscore.core.systems.gibbs import GibbsRating, GibbsRatings
    from xlscore.core.systems.league.lifetime import LifetimeStanding
    from xlscore.core.systems.league.standings import LeagueStanding
    from xlscore.core.systems.puffing_billy import Standing
    from xlscore.core.systems.rplops_event import RplopsStanding
    from xlscore.core.systems.size_matters import SizeMattersStanding
    from xlscore.engine.files.book import Book

__all__ = [
    "BY_ROUND",
    "BY_SYSTEM",
    "DIPLOMACY_SETTINGS",
    "ONE_POOL_CELL",
    "RESULTS_SHEET",
    "diplomacy",
    "gibbs",
    "gibbs_replay",
    "league",
    "lifetime",
    "puffing_billy",
    "rplops",
    "setting",
    "size_matters",
    "table",
]

DIPLOMACY_SETTINGS = ("system", "round score", "tournament", "best", "tie-breaks")
"""The Diplomacy tournament's Settings sheet, a row each from B1 down, as its template writes them."""

ONE_POOL_CELL = "Settings!B6"
"""The Gibbs ladder's "one pool" setting."""


def setting(book: Book, sheet: str, cell: tuple[int, int], name: str, default: float) -> float:
    """A number typed on a template's settings sheet (blank: ``default``), or an error naming the setting."""
    value = book.sheet(sheet).values.get(cell)
    if is_blank(value):
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TableError(f"{sheet}!{cell_name(*cell)} ({name}) is {shown(value)}; expected a number")
    return float(value)


def table(book: Book, sheet: str) -> list[list[object]]:
    """The input table of ``sheet`` as the core reads one: its header, then its rows."""
    return _grid(results(book, [sheet], recalculate=False)[sheet.upper()])


def _grid(found: Result) -> list[list[object]]:
    return [list(found.header), *[list(row) for row in found.rows]]


def rplops(book: Book, after_round: int | None = None) -> tuple[RplopsStanding, ...]:
    """The standings of a filled RPLOPS event workbook, computed by the core from its Results and Settings, after
    ``after_round`` (None: all rounds)."""
    from xlscore.core.systems.rplops_event import rplops_standings

    return rplops_standings(*_rplops_inputs(book), after_round=after_round)


def rplops_by_round(book: Book) -> tuple[RoundStanding, ...]:
    """The standings after every round of a filled RPLOPS event workbook."""
    from xlscore.core.systems.rplops_event import rplops_standings_by_round

    return rplops_standings_by_round(*_rplops_inputs(book))


def _rplops_inputs(book: Book) -> tuple[list[list[object]], float, int]:
    found = table(book, "Results")  # the table first: its error is the one shown when both are wrong
    x = setting(book, "Settings", (1, 2), "x", 50.0)
    version = setting(book, "Settings", (2, 2), "version", 1.0)
    return found, x, version  # type: ignore[return-value]  # the core checks it is whole


def size_matters(book: Book, after_round: int | None = None) -> tuple[SizeMattersStanding, ...]:
    """The standings of a filled Size Matters workbook, computed by the core from its Games table and Settings,
    after ``after_round`` (None: all rounds)."""
    from xlscore.core.systems.size_matters import size_matters_standings

    return size_matters_standings(*_size_matters_inputs(book), after_round=after_round)


def size_matters_by_round(book: Book) -> tuple[RoundStanding, ...]:
    """The standings after every round of a filled Size Matters workbook."""
    from xlscore.core.systems.size_matters import size_matters_standings_by_round

    return size_matters_standings_by_round(*_size_matters_inputs(book))


def _size_matters_inputs(book: Book) -> tuple[list[list[object]], int | None, object]:
    from xlscore.core.validate import whole

    found = table(book, "Games")
    modifier_digits: int | None = None
    if not is_blank(book.sheet("Settings").values.get((1, 2))):
        digits = setting(book, "Settings", (1, 2), "modifier digits", 0.0)
        modifier_digits = whole("Settings!B1 (modifier digits)", digits, 0, 15)
    return found, modifier_digits, book.sheet("Settings").values.get((2, 2))


def diplomacy(book: Book, after_round: int | None = None) -> tuple[DiplomacyStanding, ...]:
    """The standings of a filled Diplomacy tournament workbook, computed by the core from its Games and Settings,
    after ``after_round`` (None: all rounds)."""
    from xlscore.core.systems.diplomacy.event import diplomacy_standings

    return diplomacy_standings(*_diplomacy_inputs(book), after_round=after_round)


def diplomacy_by_round(book: Book) -> tuple[RoundStanding, ...]:
    """The standings after every round of a filled Diplomacy tournament workbook."""
    from xlscore.core.systems.diplomacy.event import diplomacy_standings_by_round

    return diplomacy_standings_by_round(*_diplomacy_inputs(book))


def _diplomacy_inputs(book: Book) -> tuple[list[list[object]], str, object, object, object, object]:
    """The Games table, the system and the Settings' round score, tournament, best and tie-breaks."""
    found = table(book, "Games")
    values = book.sheet("Settings").values
    settings = [values.get((row, 2)) for row in range(1, len(DIPLOMACY_SETTINGS) + 1)]
    system = settings[0]
    round_score, tournament, best, tie_breaks = settings[1:]
    return found, "" if system is None else str(system), round_score, tournament, best, tie_breaks


def gibbs_replay(book: Book, trajectory: bool) -> GibbsRatings:
    """The core's replay of a Gibbs ladder's Games table with the Settings sheet's K1, K2, K3, G_exp, start and one
    pool."""
    from xlscore.core.systems.gibbs import G_EXP, K2, K3, START_RP, gibbs_ratings

    found = table(book, "Games")
    k1 = book.sheet("Settings").values.get((1, 2))
    if isinstance(k1, bool) or not (k1 is None or isinstance(k1, int | float | str)):
        raise TableError(f"Settings!B1 (K1) is {shown(k1)}; expected a number, a kind of game (4p, 2v2) or blank")
    return gibbs_ratings(
        found,
        k1 if k1 != "" else None,
        setting(book, "Settings", (2, 2), "K2", K2),
        setting(book, "Settings", (3, 2), "K3", K3),
        setting(book, "Settings", (4, 2), "G_exp", G_EXP),  # type: ignore[arg-type]  # the core checks it is whole
        setting(book, "Settings", (5, 2), "start", START_RP),
        trajectory,
        _one_pool(book),
    )


def _one_pool(book: Book) -> bool:
    from xlscore.core.cells import yes_no

    value = book.sheet("Settings").values.get((6, 2))
    try:
        return yes_no("one pool", value)
    except InputError as exc:
        raise TableError(
            f"{ONE_POOL_CELL} (one pool) is {shown(value)}; expected yes or no (blank: pools by kind of game)"
        ) from exc


def gibbs(book: Book) -> tuple[GibbsRating, ...]:
    """Everyone's current RP in a filled Gibbs ladder workbook, computed by the core from Games and Settings."""
    return gibbs_replay(book, trajectory=False).table


def league(book: Book) -> tuple[LeagueStanding, ...]:
    """A Meeple League season's standings, computed by the core from the Results and Leagues tables."""
    from xlscore.core.events.rows import read_columns
    from xlscore.core.systems.league.standings import league_standings

    found = results(book, ["Results", "Leagues"], recalculate=False)
    played, seats = _grid(found["RESULTS"]), _grid(found["LEAGUES"])
    # The seeding by the player column's heading (none: the core says the column is missing); blanks skipped.
    prior = [cell_text(player) or "" for player in read_columns(seats, [], ["player"], name="leagues")[1]["player"]]
    tie_breaks = book.sheet("Settings").values.get((4, 2))
    return league_standings(played, prior, tie_breaks, seats)


def lifetime(book: Book) -> tuple[LifetimeStanding, ...]:
    """The lifetime standings, computed by the core from the Seasons table of a lifetime workbook."""
    from xlscore.core.systems.league.history import league_lifetime_standings

    return league_lifetime_standings(table(book, "Seasons"))


def puffing_billy(book: Book, after_round: int | None = None) -> tuple[Standing, ...]:
    """The standings of a filled Puffing Billy workbook, computed by the core from its Boards and Settings, after
    ``after_round`` (None: all rounds)."""
    from xlscore.core.systems.puffing_billy import pb_standings

    return pb_standings(*_puffing_billy_inputs(book), after_round=after_round)


def puffing_billy_by_round(book: Book) -> tuple[RoundStanding, ...]:
    """The standings after every round of a filled Puffing Billy workbook."""
    from xlscore.core.systems.puffing_billy import pb_standings_by_round

    return pb_standings_by_round(*_puffing_billy_inputs(book))


def _puffing_billy_inputs(book: Book) -> tuple[list[list[object]], int | None, tuple[str, ...]]:
    from xlscore.excel.templates.puffing_billy_rows import REQUIRED_ROWS, read_best, read_required

    return table(book, "Boards"), read_best(book), read_required(book, REQUIRED_ROWS)


BY_SYSTEM: dict[str, Callable[[Book], Sequence[object]]] = {
    "rplops": rplops,
    "gibbs": gibbs,
    "puffing-billy": puffing_billy,
    "size-matters": size_matters,
    "diplomacy": diplomacy,
    "league": league,
    "lifetime": lifetime,
}
"""Each system's standings of a filled template, by the system's short name (as ``xlscore new`` takes it)."""

BY_ROUND: dict[
    str, tuple[Callable[[Book, int | None], Sequence[object]], Callable[[Book], Sequence[RoundStanding]]]
] = {
    "rplops": (rplops, rplops_by_round),
    "puffing-billy": (puffing_billy, puffing_billy_by_round),
    "size-matters": (size_matters, size_matters_by_round),
    "diplomacy": (diplomacy, diplomacy_by_round),
}
"""The systems played in rounds: each one's standings after a round (``after_round``) and its standings by round."""

RESULTS_SHEET = {"rplops": "Results", "puffing-billy": "Boards", "size-matters": "Games", "diplomacy": "Games"}
"""The sheet of each event template's results table, whose games are the event's earlier meetings."""
