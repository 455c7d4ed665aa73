"""The one catalogue of spreadsheet functions: name, core function, arguments, return shape, category, help.

Argument names, defaults and meanings are read from the core function's signature and docstring (its
``name: meaning`` lines), so the rule's own text is what a coordinator reads in Excel's function wizard, in the
docs and in Python's help. The xlwings layer (:mod:`xlscore.excel.functions.udfs`), the headless engine and
``docs/reference/functions.md`` are generated from this catalogue, and tests check them against it.

Each argument has a kind:

* ``value``: one value; given a range instead, the function is applied cell by cell and returns the same shape,
  like Excel's own arithmetic (``=RPLOPS(A2:A9, B2:B9)`` fills a column). A position where every range given is
  blank gives a blank, so one formula can cover rows not filled in yet;
* ``list``: a range read as a list, in reading order, blank cells at its end dropped;
* ``table``: a range whose first row is a header, read as rows;
* ``columns``: a range read as a list of its columns (one final board per column), blank cells at their ends
  dropped.
"""

from __future__ import annotations

import inspect
import re
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from xlscore.core.events import places, shown
from xlscore.core.events.headings import heading
from xlscore.core.seating import next_seating
from xlscore.core.seating import plan as seating_plan
from xlscore.core.systems import (
    diplomacy,
    gibbs,
    league,
    puffing_billy,
    puffing_billy_qualifiers,
    puffing_billy_sheet,
    rplops,
    rplops_event,
    size_matters,
)
from xlscore.core.systems.diplomacy import compare as diplomacy_compare
from xlscore.core.systems.diplomacy import event as diplomacy_event
from xlscore.core.systems.diplomacy import top_board as diplomacy_top_board
from xlscore.core.systems.league import history
from xlscore.excel.functions.cells import row_header, table_to_grid

__all__ = ["CATALOGUE", "DESCRIPTION_LIMIT", "Argument", "Cells", "Example", "SheetFunction", "plain_words"]

Kind = Literal["value", "list", "table", "columns"]
Returns = Literal["value", "list", "table"]
REQUIRED: Any = inspect.Parameter.empty


@dataclass(frozen=True)
class Argument:
    """One argument of a spreadsheet function, as the function wizard and the docs show it."""

    name: str
    doc: str
    kind: Kind = "value"
    default: Any = REQUIRED

    @property
    def optional(self) -> bool:
        return self.default is not REQUIRED


@dataclass(frozen=True)
class Cells:
    """Example input typed into a sheet: a range's address and its rows (a header row first for a table)."""

    ref: str
    rows: tuple[tuple[Any, ...], ...]


@dataclass(frozen=True)
class Example:
    """A formula for the docs, with the figure it gives (checked by a test).

    ``shows`` lists the values a one-value or list result shows, separated by ``;``. A table result is described in
    words instead, and ``check`` gives the printed figures of its first row, by column name.
    """

    args: tuple[Any, ...]
    shows: str
    note: str = ""
    check: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class SheetFunction:
    """A spreadsheet function: the core function it calls and how its cells are read and written."""

    name: str
    core: Callable[..., Any]
    arguments: tuple[Argument, ...]
    returns: Returns
    category: str
    help: str
    examples: tuple[Example, ...] = ()
    present: Callable[[Any], Any] | None = field(default=None, compare=False)
    row_type: type | None = field(default=None, compare=False)
    """A table result's row type, whose fields head the table even when it has no rows."""
    groups: tuple[str, ...] = ()
    """For a function that gives one value per row of its table: the columns whose values make a group of rows
    scored on their own (a game, a board). One bad group then shows its error on its own rows only."""
    many: Callable[..., tuple[Any, Any]] | None = field(default=None, compare=False)
    """The same rule over whole arrays, one per argument (defaults filled in): (values, which are plainly good).
    A formula given ranges for one-value arguments is computed by it at once; an element it does not vouch for is
    computed by ``core``, which words its error."""
    passed_on: tuple[tuple[str, str], ...] = ()
    """(argument, words): an error value found in that list or table argument without a message of its own (an error
    passed on from another cell comes without its words) is returned with these words, so the cell says why."""

    @property
    def doc(self) -> str:
        """The core function's docstring: the same text for the cell, for Python and for the docs."""
        return inspect.getdoc(self.core) or ""

    @property
    def wizard_category(self) -> str:
        """The category a spreadsheet program lists the function under: xlscore's own, one per system."""
        return f"xlscore {self.category}"

    @property
    def live_in_wizard(self) -> bool:
        """Whether Excel's function wizard may compute the function while its arguments are typed.

        Not for a function that reads or returns a table: a whole event recomputed at every keystroke.
        """
        return self.returns != "table" and all(a.kind != "table" for a in self.arguments)


_ARG_LINE = re.compile(r"^(\w+): (.*)$")
_PYTHON_WORDS = {"None": "blank", "True": "TRUE", "False": "FALSE"}
_PYTHON_WORD = re.compile(r"\b(None|True|False)\b")

DESCRIPTION_LIMIT = 255
"""Excel's function wizard cuts a function's or an argument's description at 255 characters."""


def plain_words(text: str) -> str:
    """A docstring's text as a cell's user reads it: no reStructuredText quotes, blank and TRUE for None and True."""
    return _PYTHON_WORD.sub(lambda m: _PYTHON_WORDS[m.group(1)], text.replace("``", ""))


def argument_docs(doc: str) -> dict[str, str]:
    """The ``name: meaning`` lines of a core docstring, continuation lines joined."""
    docs: dict[str, str] = {}
    current = ""
    for line in doc.splitlines():
        match = _ARG_LINE.match(line)
        if match:
            current = match.group(1)
            docs[current] = match.group(2).strip()
        elif current and line.startswith("    ") and line.strip():
            docs[current] += " " + line.strip()
        else:
            current = ""
    return docs


def _function(
    core: Callable[..., Any],
    *,
    category: str,
    returns: Returns = "value",
    lists: tuple[str, ...] = (),
    tables: tuple[str, ...] = (),
    columns: tuple[str, ...] = (),
    examples: tuple[Example, ...] = (),
    present: Callable[[Any], Any] | None = None,
    groups: tuple[str, ...] = (),
    many: Callable[..., tuple[Any, Any]] | None = None,
    passed_on: tuple[tuple[str, str], ...] = (),
) -> SheetFunction:
    doc = inspect.getdoc(core) or ""
    docs = argument_docs(doc)
    arguments = []
    returned = typing.get_type_hints(core).get("return") if returns == "table" else None
    row = typing.get_args(returned)[0] if typing.get_origin(returned) is tuple else None
    for parameter in inspect.signature(core).parameters.values():
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
            continue  # a Python-only setting (a custom points chart), not a sheet argument
        if parameter.name not in docs:
            raise RuntimeError(f"{core.__name__}: argument {parameter.name!r} has no 'name: meaning' line")
        kind: Kind = (
            "list"
            if parameter.name in lists
            else "table"
            if parameter.name in tables
            else "columns"
            if parameter.name in columns
            else "value"
        )
        arguments.append(Argument(parameter.name, plain_words(docs[parameter.name]), kind, parameter.default))
    return SheetFunction(
        name=core.__name__.upper(),
        core=core,
        arguments=tuple(arguments),
        returns=returns,
        category=category,
        help=plain_words(doc.splitlines()[0]) if doc else "",
        examples=examples,
        present=present,
        row_type=row if isinstance(row, type) and row is not tuple else None,
        groups=groups,
        many=many,
        passed_on=passed_on,
    )


JENNYS_BOARD = (252_000, 248_000, 121_000, 98_000, 60_000)
_TWO_BOARD_FINAL = (
    ("game", "board", "place", "player", "money", "final"),
    *(
        ("Empire Builder", board, place, player, money, "yes")
        for board, seats in (
            ("Final 1", (("Jenny", 252_000), ("Damien", 248_000), ("Stephen", 121_000), ("Sybil", 98_000))),
            ("Final A", (("Alice", 150_000), ("Bruno", 120_000), ("Carla", 115_000), ("Dev", 115_000))),
        )
        for place, (player, money) in enumerate(seats, start=1)
    ),
)

_FUNCTIONS: tuple[SheetFunction, ...] = (
    _function(
        rplops.rplops,
        category="RPLOPS",
        examples=(
            Example((2, 5, None, None, 2), "58.33", "a tie for 2nd of 5: the mean of 66.67 and 50"),
            Example((2.5, 5), "58.33", "the same tie from RANK.AVG's average place"),
        ),
        many=lambda rank, n, hours, x, tied: rplops.rplops_many(rank, n, hours, x, tied, 1),
    ),
    _function(
        rplops.rplops2,
        category="RPLOPS",
        examples=(Example((2, 5, None, None, 2), "62.5"),),
        many=lambda rank, n, hours, x, tied: rplops.rplops_many(rank, n, hours, x, tied, 2),
    ),
    _function(
        rplops.plops,
        category="RPLOPS",
        examples=(Example((5, 6), "28.57", "the page prints 28.58"),),
        many=lambda rank, n, tied: rplops.rplops_many(rank, n, 1.0, rplops.PLOPS_X, tied, 1),
    ),
    _function(
        rplops.rplops_game,
        category="RPLOPS",
        returns="list",
        lists=("scores",),
        examples=(Example(((120, 95, 95, 60, 30),), "83.33; 58.33; 58.33; 33.33; 16.67"),),
    ),
    _function(
        rplops_event.rplops_points,
        category="RPLOPS",
        returns="list",
        tables=("results",),
        groups=("round", "game"),
        examples=(
            Example(
                (
                    Cells(
                        "A1:C4", (("game", "player", "score"), ("G1", "Ann", 120), ("G1", "Bo", 95), ("G1", "Cy", 60))
                    ),
                ),
                "75; 50; 25",
                "each result row's points, ties found within each game",
            ),
        ),
    ),
    _function(
        rplops_event.rplops_standings,
        category="RPLOPS",
        returns="table",
        tables=("results", "players"),
        examples=(
            Example(
                (
                    Cells(
                        "A1:C5",
                        (
                            ("game", "player", "score"),
                            ("G1", "Ann", 120),
                            ("G1", "Bo", 95),
                            ("G2", "Ann", 3),
                            ("G2", "Bo", 8),
                        ),
                    ),
                ),
                "two 2-player games, one won by each: equal totals share 1st place",
                check=(("Place", "1"), ("Points", "100"), ("Games", "2")),
            ),
        ),
    ),
    _function(
        rplops_event.rplops_standings_by_round,
        category="RPLOPS",
        returns="table",
        tables=("results", "players"),
        examples=(
            Example(
                (
                    Cells(
                        "A1:D5",
                        (
                            ("round", "game", "player", "score"),
                            (1, "G1", "Ann", 120),
                            (1, "G1", "Bo", 95),
                            (2, "G1", "Ann", 3),
                            (2, "G1", "Bo", 8),
                        ),
                    ),
                ),
                "a row per player per round: Ann first after round 1 with 2 x 100 / 3, Bo level after round 2",
                check=(("Round", "1"), ("Place", "1"), ("Player", "Ann"), ("Score", "66.67"), ("Total", "66.67")),
            ),
        ),
    ),
    _function(
        rplops_event.rplops_needs,
        category="RPLOPS",
        returns="table",
        tables=("results", "players"),
        examples=(
            Example(
                (
                    Cells(
                        "A1:C7",
                        (
                            ("game", "player", "place"),
                            ("G", "Ann", 1),
                            ("G", "Bo", 2),
                            ("G", "Cy", 3),
                            ("H", "Ann", 1),
                            ("H", "Bo", 1),
                            ("H", "Cy", 3),
                        ),
                    ),
                    3,
                ),
                "Ann (137.5) needs 2nd of 3 to stay first even if Bo (112.5) wins; Bo is in reach, but no finish "
                "is enough on its own; Cy is out of reach",
                check=(("Target", "1"), ("Player", "Ann"), ("Needs", "2"), ("Kind", "exact")),
            ),
        ),
    ),
    _function(puffing_billy.pb_bonus, category="Puffing Billy", examples=(Example((248_000, 252_000), "0.492"),)),
    _function(
        puffing_billy.pb_winner_bonus,
        category="Puffing Billy",
        lists=("bonuses",),
        examples=(Example(((0.492, 0.240, 0.194),), "0.028"),),
    ),
    _function(
        puffing_billy.pb_board,
        category="Puffing Billy",
        returns="list",
        lists=("scores",),
        examples=(Example((JENNYS_BOARD,), "3.028; 2.492; 1.24; 0.194; (blank)", "the TGA's Empire Builder board"),),
    ),
    _function(
        puffing_billy_sheet.pb_score_sheet,
        category="Puffing Billy",
        returns="list",
        lists=("scores",),
        examples=(
            Example(
                (JENNYS_BOARD, 1),
                "0.028; 0.492; 0.24; 0.194; -; -; 0.926; 0.028",
                "the TGA's Empire Builder board: the bonuses by place, the total of (1), the winner's bonus",
            ),
            Example((JENNYS_BOARD, 2), "3.028; 2.492; 1.24; 0.194; (blank); (blank)", "the same board's PB scores"),
        ),
    ),
    _function(
        puffing_billy.pb_points,
        category="Puffing Billy",
        returns="list",
        tables=("boards",),
        groups=("round", "game", "board"),
        examples=(
            Example(
                (
                    Cells(
                        "A1:E6",
                        (
                            ("game", "board", "place", "player", "money"),
                            *(
                                ("Empire Builder", "R1 T1", place, player, money)
                                for place, (player, money) in enumerate(
                                    zip(("Jenny", "Damien", "Stephen", "Sybil", "Ben"), JENNYS_BOARD, strict=True),
                                    start=1,
                                )
                            ),
                        ),
                    ),
                ),
                "3.028; 2.492; 1.24; 0.194; (blank)",
                "each row's board score: the TGA's Empire Builder board, Ben 5th with no score",
            ),
        ),
    ),
    _function(
        puffing_billy.pb_final_ratio,
        category="Puffing Billy",
        lists=("board_scores",),
        examples=(Example((252_000, JENNYS_BOARD[:4]), "1.402"),),
    ),
    _function(
        puffing_billy.pb_game_score,
        category="Puffing Billy",
        lists=("board_scores",),
        examples=(Example(((3.028, 3.01), 0.3), "3.328"),),
    ),
    _function(
        puffing_billy.pb_final,
        category="Puffing Billy",
        returns="table",
        columns=("boards",),
        examples=(
            Example(
                (
                    Cells(
                        "A2:C5",
                        (
                            (252_000, 120, 135),
                            (248_000, 100, 100),
                            (121_000, 100, 90),
                            (98_000, 80, 75),
                        ),
                    ),
                ),
                "a three-board final: Jenny's board (ratio 1.402) first, board 3's winner (1.35) second, "
                "board 2's (1.2) third",
                "the TGA's example with its boards B and A in columns C and B",
                check=(("Final place", "1"), ("Board", "1"), ("Ratio", "1.402"), ("Bonus", "0.3")),
            ),
        ),
    ),
    _function(
        puffing_billy.pb_finals,
        category="Puffing Billy",
        returns="table",
        tables=("boards",),
        examples=(
            Example(
                (Cells("A1:F9", _TWO_BOARD_FINAL),),
                "Jenny 1st (ratio 1.402), Alice 2nd (1.2), Damien 3rd: the better of the two 2nd places (1.380)",
                "the TGA's two-board final on Jenny's figures",
                check=(("Final place", "1"), ("Player", "Jenny"), ("Ratio", "1.402"), ("Bonus", "0.3")),
            ),
        ),
    ),
    _function(
        puffing_billy.pb_final_bonuses,
        category="Puffing Billy",
        returns="list",
        tables=("boards",),
        groups=("game",),
        examples=(
            Example(
                (Cells("A1:F9", _TWO_BOARD_FINAL),),
                "0.3; 0.1; 0; 0; 0.2; 0; 0; 0",
                "each row's final bonus: Jenny 0.3, Damien 0.1, Alice 0.2",
            ),
        ),
    ),
    _function(
        puffing_billy.pb_standings,
        category="Puffing Billy",
        returns="table",
        tables=("results", "players"),
        lists=("required",),
        examples=(
            Example(
                (
                    Cells(
                        "A1:D4",
                        (
                            ("player", "game", "score", "final_bonus"),
                            ("Jenny", "Empire Builder", 3.028, None),
                            ("Jenny", "Empire Builder", 3.01, 0.3),
                            ("Damien", "Empire Builder", 2.492, None),
                        ),
                    ),
                ),
                "Jenny first with 3.028 + 0.3, her final bonus added to her best board",
                check=(("Place", "1"), ("Player", "Jenny"), ("Total", "3.328")),
            ),
        ),
    ),
    _function(
        puffing_billy.pb_standings_by_round,
        category="Puffing Billy",
        returns="table",
        tables=("results", "players"),
        lists=("required",),
        examples=(
            Example(
                (
                    Cells(
                        "A1:F5",
                        (
                            ("round", "game", "board", "place", "player", "money"),
                            (1, "Empire Builder", "T1", 1, "Jenny", 100),
                            (1, "Empire Builder", "T1", 2, "Damien", 50),
                            (2, "Empire Builder", "T1", 1, "Damien", 100),
                            (2, "Empire Builder", "T1", 2, "Jenny", 80),
                        ),
                    ),
                ),
                "Jenny first after round 1 with 3 + 0.03 x 0.25; in round 2 Damien's 3.012 passes her (a game counts "
                "its best board)",
                check=(("Round", "1"), ("Player", "Jenny"), ("Total", "3.008")),
            ),
        ),
    ),
    _function(
        puffing_billy_qualifiers.pb_qualifiers,
        category="Puffing Billy",
        returns="table",
        tables=("results", "players"),
        examples=(
            Example(
                (
                    Cells(
                        "A1:C5",
                        (
                            ("player", "game", "score"),
                            ("Jenny", "Empire Builder", 3.028),
                            ("Damien", "Empire Builder", 2.492),
                            ("Alice", "Empire Builder", 3.02),
                            ("Bruno", "Empire Builder", 2.375),
                        ),
                    ),
                    "Empire Builder",
                    2,
                ),
                "the top 2 scores of the game: Jenny (3.028) and Alice (3.02); blank top: the board winners",
                check=(("Place", "1"), ("Player", "Jenny"), ("By", "top 2")),
            ),
        ),
    ),
    _function(
        puffing_billy.pb_needs,
        category="Puffing Billy",
        returns="table",
        tables=("results", "players"),
        lists=("required",),
        examples=(
            Example(
                (
                    Cells(
                        "A1:C3",
                        (("player", "game", "score"), ("Jenny", "Empire Builder", 3.028), ("Damien", "AoS", 2.492)),
                    ),
                    "TtR",
                    4,
                ),
                "TtR may be a final: Jenny (3.028) must keep Damien's best, 2.492 + 3.045 + the final's 0.3, in "
                "sight: a board of 2.809, which 2nd (at most 2.5) cannot give, so 1st (a bound: bonuses depend on "
                "the money)",
                check=(("Player", "Jenny"), ("Needs", "1"), ("Kind", "bound"), ("Score", "2.809")),
            ),
        ),
    ),
    _function(
        size_matters.size_matters,
        category="Size Matters",
        lists=("board_centres",),
        examples=(
            Example((12, (12, 8, 7, 7, 0, 0, 0)), "74.12", "a 4-way draw; the article's rounding gives 74.03"),
            Example((12, (12, 8, 7, 7, 0, 0, 0), 2), "74.03", "the modifier rounded to 2 decimals"),
        ),
    ),
    _function(
        size_matters.size_matters_board,
        category="Size Matters",
        returns="list",
        lists=("board_centres",),
        examples=(Example(((18, 5, 9, 1, 1, 0, 0), 2), "210; 3.7; 11.88; 0.15; 0.15; 0; 0", "a solo"),),
    ),
    _function(
        size_matters.size_matters_points,
        category="Size Matters",
        returns="list",
        tables=("results",),
        groups=("round", "board"),
        examples=(
            Example(
                (
                    Cells(
                        "A1:C8",
                        (
                            ("board", "player", "centres"),
                            (1, "Austria", 12),
                            (1, "England", 8),
                            (1, "France", 7),
                            (1, "Germany", 7),
                            (1, "Italy", 0),
                            (1, "Russia", 0),
                            (1, "Turkey", 0),
                        ),
                    ),
                ),
                "74.12; 49.41; 45; 45; 0; 0; 0",
                "each result row's score: 52.5 x 12 / 8.5, 52.5 x 8 / 8.5, then 6/7 of 52.5 for 7 centres",
            ),
        ),
    ),
    _function(
        size_matters.size_matters_standings,
        category="Size Matters",
        returns="table",
        tables=("results", "players"),
        lists=("tie_breaks",),
        examples=(
            Example(
                (
                    Cells(
                        "A1:C8",
                        (
                            ("board", "player", "centres"),
                            (1, "Austria", 12),
                            (1, "England", 8),
                            (1, "France", 7),
                            (1, "Germany", 7),
                            (1, "Italy", 0),
                            (1, "Russia", 0),
                            (1, "Turkey", 0),
                        ),
                    ),
                ),
                "a 4-way draw: Austria first with 52.5 x 12 / 8.5",
                check=(("Place", "1"), ("Player", "Austria"), ("Total", "74.12")),
            ),
        ),
    ),
    _function(
        size_matters.size_matters_standings_by_round,
        category="Size Matters",
        returns="table",
        tables=("results", "players"),
        lists=("tie_breaks",),
        examples=(
            Example(
                (
                    Cells(
                        "A1:D8",
                        (
                            ("round", "board", "player", "centres"),
                            (1, 1, "Austria", 12),
                            (1, 1, "England", 8),
                            (1, 1, "France", 7),
                            (1, 1, "Germany", 7),
                            (1, 1, "Italy", 0),
                            (1, 1, "Russia", 0),
                            (1, 1, "Turkey", 0),
                        ),
                    ),
                ),
                "round 1, a 4-way draw: Austria first with 52.5 x 12 / 8.5",
                check=(("Round", "1"), ("Place", "1"), ("Player", "Austria"), ("Total", "74.12")),
            ),
        ),
    ),
    _function(
        size_matters.size_matters_needs,
        category="Size Matters",
        returns="table",
        tables=("results", "players"),
        examples=(
            Example(
                (
                    Cells(
                        "A1:C8",
                        (
                            ("board", "player", "centres"),
                            (1, "Austria", 12),
                            (1, "England", 8),
                            (1, "France", 7),
                            (1, "Germany", 7),
                            (1, "Italy", 0),
                            (1, "Russia", 0),
                            (1, "Turkey", 0),
                        ),
                    ),
                ),
                "Austria (74.12) must reach England's best, 49.41 + a solo's 210: 185.29 on the last board (a bound)",
                check=(("Player", "Austria"), ("Kind", "bound"), ("Score", "185.29")),
            ),
        ),
    ),
)


def _typed_game(step: gibbs.GibbsStep) -> gibbs.GibbsStep:
    """A game id typed as a whole number shows as that number again (the core names games by text)."""
    return step._replace(game=int(step.game)) if step.game.isdigit() else step  # type: ignore[arg-type]


def _gibbs_ratings(ratings: gibbs.GibbsRatings) -> list[list[Any]]:
    if ratings.trajectory is not None:
        return table_to_grid([_typed_game(s) for s in ratings.trajectory], gibbs.GibbsStep)
    return table_to_grid(ratings.table, gibbs.GibbsRating)


_WEASELS_398 = Cells(
    "A1:D8",
    (
        ("board", "power", "player", "centres"),
        (398, "Austria", "Johnathan", 0),
        (398, "England", "Cori", 0),
        (398, "France", "Jay", 13),
        (398, "Germany", "Dan", 4),
        (398, "Italy", "Chuck", 4),
        (398, "Russia", "Christian", 12),
        (398, "Turkey", "Gwen", 1),
    ),
)


def _systems_table(names: tuple[str, ...]) -> list[list[str]]:
    """DIPLOMACY_SYSTEMS' spill: a row per system, its name first (a drop-down can list that column), and what its
    other reading changes where it has one (other_reading)."""
    rows = [list(diplomacy.system_row(diplomacy.SYSTEMS[n])) for n in names]
    return [[heading(f) for f in diplomacy.SYSTEM_COLUMNS], *rows]


# Diplomacy: every scoring system under one interface (issue 13), kept together for merging.
_FUNCTIONS += (
    _function(
        diplomacy.diplomacy_board,
        category="Diplomacy",
        returns="list",
        lists=("centres", "draw", "eliminated"),
        columns=("chart",),
        examples=(
            Example(
                ("C-Diplo 100", (4, 0, 9, 7, 7, 3, 4)),
                "5; 1; 48; 18.5; 18.5; 4; 5",
                "the World Diplomacy Database's first C-Diplo 100 board: 1 + 9 + 38 for France",
            ),
            Example(
                ("Carnage with elimination order", (0, 3, 6, 4, 0, 14, 7), None, (1903, None, None, None, 1905)),
                "1000; 3003; 5006; 4004; 2000; 7014; 6007",
                "the webDiplomacy announcement's second board: Austria out first, Italy second",
            ),
        ),
    ),
    _function(
        diplomacy_event.diplomacy_points,
        category="Diplomacy",
        returns="list",
        tables=("results",),
        examples=(
            Example(
                (_WEASELS_398, "Tribute"),
                "0; 0; 54.2; 10.2; 10.2; 18.2; 7.2",
                "the Windy City Weasels' first Tribute game: 66 / 5 = 13.2 each, France owed 13 - 6 = 7 by four",
            ),
        ),
    ),
    _function(
        diplomacy_event.diplomacy_standings,
        category="Diplomacy",
        returns="table",
        tables=("results", "players"),
        lists=("tie_breaks",),
        examples=(
            Example(
                (_WEASELS_398, "Tribute"),
                "one board: France first on 54.2",
                check=(("Place", "1"), ("Player", "Jay"), ("Total", "54.2"), ("Boards", "1")),
            ),
        ),
    ),
    _function(
        diplomacy_event.diplomacy_standings_by_round,
        category="Diplomacy",
        returns="table",
        tables=("results", "players"),
        lists=("tie_breaks",),
        examples=(
            Example(
                (_WEASELS_398, "Tribute"),
                "one board and no round column: one round, France first on 54.2",
                check=(("Round", "1"), ("Place", "1"), ("Player", "Jay"), ("Total", "54.2")),
            ),
        ),
    ),
    _function(
        diplomacy_top_board.diplomacy_top_board,
        category="Diplomacy",
        returns="table",
        tables=("results", "players"),
        lists=("tie_breaks",),
        examples=(
            Example(
                (_WEASELS_398, "Tribute"),
                "the seven of the board, by place, each on a power other than the one they played: Jay (54.2) first",
                check=(("Board", "1"), ("Place", "1"), ("Player", "Jay")),
            ),
        ),
    ),
    _function(
        diplomacy_event.diplomacy_needs,
        category="Diplomacy",
        returns="table",
        tables=("results", "players"),
        examples=(
            Example(
                (_WEASELS_398, "Tribute"),
                "Jay (54.2) must reach Russia's 18.2 + a solo's 100 on the last board: 64 (a bound)",
                check=(("Player", "Jay"), ("Kind", "bound"), ("Score", "64")),
            ),
        ),
    ),
    _function(
        diplomacy_compare.diplomacy_compare,
        category="Diplomacy",
        returns="table",
        tables=("results",),
        lists=("tie_breaks",),
        examples=(
            Example(
                (_WEASELS_398, "Tribute"),
                "a row per system, Tribute's first: Jay (France) on 54.2, 54.2 - 18.2 = 36 ahead of Russia; then "
                "every other system, or why it cannot score the board",
                check=(("System", "Tribute"), ("Winner", "Jay"), ("Total", "54.2"), ("Lead", "36")),
            ),
        ),
    ),
    _function(
        diplomacy.diplomacy_systems,
        category="Diplomacy",
        returns="table",
        examples=(
            Example(
                (),
                "a row per system: its name, family, the inputs it needs beyond the centres, its source, and what its "
                "other reading changes where it has one",
                check=(("System", "Draw size"), ("Family", "draw size"), ("Needs", "draw")),
            ),
        ),
        present=_systems_table,
    ),
)

_FUNCTIONS += (
    _function(
        gibbs.gibbs_update,
        category="Gibbs ranking points",
        lists=("game_rps", "game_games"),
        examples=(
            Example(
                (1500, 0, 1, (1500, 1500, 1500, 1500), (0, 0, 0, 0)),
                "1530.18",
                "four newcomers: 1500 + 0.08 x 503 x (1 - 1/4)",
            ),
        ),
    ),
    _function(
        gibbs.gibbs_game,
        category="Gibbs ranking points",
        returns="list",
        lists=("rps", "games", "places"),
        examples=(
            Example(
                ((1500, 1500, 1500, 1500), (0, 0, 0, 0), (1, 2, 3, 4)),
                "1530.18; 1510.06; 1489.94; 1469.82",
                "S = 503, 503/3, -503/3, -503",
            ),
        ),
    ),
    _function(
        gibbs.gibbs_ratings,
        category="Gibbs ranking points",
        returns="table",
        tables=("history",),
        examples=(
            Example(
                (
                    Cells(
                        "A1:C5",
                        (("game", "player", "place"), (1, "Ann", 1), (1, "Bo", 2), (1, "Cy", 3), (1, "Di", 4)),
                    ),
                ),
                "four newcomers' first game, in pool 3-5P (no pool given: its kind): Ann 1500 + 0.08 x 503 x 3/4",
                check=(("Player", "Ann"), ("Pool", "3-5P"), ("RP", "1530.18"), ("Games", "1")),
            ),
        ),
        present=_gibbs_ratings,
    ),
    _function(
        gibbs.gibbs_rp_by_game,
        category="Gibbs ranking points",
        returns="table",
        tables=("history", "players"),
        examples=(
            Example(
                (
                    Cells(
                        "A1:C5",
                        (("game", "player", "place"), (1, "Ann", 1), (1, "Bo", 2), (1, "Cy", 3), (1, "Di", 4)),
                    ),
                    Cells("E1:E3", (("player",), ("Ann",), ("Di",))),
                ),
                "a column per chosen player, a row per game: Ann 1530.18 and Di 1469.82 after game 1",
                check=(("Game no.", "1"), ("Ann", "1530.18"), ("Di", "1469.82")),
            ),
        ),
        present=lambda chart: [
            [heading("game no."), *chart.players],
            *([k, *rp] for k, rp in enumerate(chart.rp, start=1)),
        ],
    ),
    _function(
        league.league_points,
        category="Meeple League",
        examples=(Example((1, 4), "10"), Example((2, 4, 2), "4.5", "a tie for 2nd and 3rd splits 6 + 3")),
    ),
    _function(
        league.league_standings,
        category="Meeple League",
        returns="table",
        tables=("results", "leagues"),
        lists=("prior", "tie_breaks"),
        examples=(
            Example(
                (
                    Cells(
                        "A1:C5",
                        (
                            ("game", "player", "score"),
                            ("G1", "Ann", 120),
                            ("G1", "Bo", 90),
                            ("G1", "Cy", 90),
                            ("G1", "Di", 60),
                        ),
                    ),
                ),
                "one 4-player game: Ann 10 league points; Bo and Cy tied for 2nd split 6 + 3",
                check=(("Place", "1"), ("Player", "Ann"), ("League points", "10")),
            ),
        ),
    ),
    _function(
        league.league_schedule,
        category="Meeple League",
        returns="table",
        lists=("players",),
        examples=(
            Example(
                (Cells("A2:A8", tuple((p,) for p in range(1, 8))),),
                "the source's 4-player grid, one row per game G1 to G7: 1 2 3 4; 4 5 7 2; 2 6 1 5; ...",
                check=(("Seat 1", "1"), ("Seat 2", "2"), ("Seat 3", "3"), ("Seat 4", "4")),
            ),
        ),
        present=lambda games: [
            [heading(f"seat {s}") for s in range(1, len(games[0]) + 1)],
            *[list(game) for game in games],
        ],
    ),
)

LEAGUE_SEVEN = ("Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus")
STANDINGS_HEADER = ("division", "league", "place", "player", "league_points")
HISTORY_HEADER = ("season", *STANDINGS_HEADER)


def _season_games(games: tuple[league.LeagueGame, ...]) -> list[list[object]]:
    """One row per game: its name, league and number, then its players in seat order, one column per seat."""
    if not games:
        return [list[object](row_header(league.LeagueGame))]
    seats = max(len(g.players) for g in games)
    fields = ["name", "division", "league", "game", *[f"seat {s}" for s in range(1, seats + 1)]]
    header: list[object] = [heading(f) for f in fields]
    return [header, *[[g.name, g.division, g.league, g.game, *g.players] for g in games]]


_FUNCTIONS += (
    _function(
        league.league_season_games,
        category="Meeple League",
        returns="table",
        tables=("leagues",),
        examples=(
            Example(
                (
                    "AGR",
                    2,
                    Cells(
                        "A1:D8",
                        (
                            ("division", "league", "slot", "player"),
                            *((1, "A", i, p) for i, p in enumerate(LEAGUE_SEVEN, 1)),
                        ),
                    ),
                ),
                "the source's grid for L1-A, games named AGR S2 L1-A G1 to G7; G1 seats slots 1, 2, 3, 4",
                check=(("Name", "AGR S2 L1-A G1"), ("Seat 1", "Ann"), ("Seat 4", "Di")),
            ),
        ),
        present=_season_games,
    ),
    _function(
        league.league_of,
        category="Meeple League",
        returns="table",
        tables=("results", "leagues"),
        examples=(
            Example(
                (
                    Cells("F1:G3", (("game", "player"), ("AGR S1 L1-A G2", "Bo"), ("AGR S1 L1-A G2", "Hal"))),
                    Cells(
                        "A1:D8",
                        (
                            ("division", "league", "slot", "player"),
                            *((1, "A", i, p) for i, p in enumerate(LEAGUE_SEVEN, 1)),
                        ),
                    ),
                ),
                "Bo's row: division 1, league A; Hal's, on no league: not on leagues",
                check=(("Division", "1"), ("League", "A")),
            ),
        ),
    ),
    _function(
        history.league_next_season,
        category="Meeple League",
        returns="table",
        lists=("players",),
        tables=("history", "laurels"),
        examples=(
            Example(
                (
                    Cells("H2:H8", tuple((p,) for p in (*LEAGUE_SEVEN[1:], "Hal"))),
                    Cells(
                        "A1:E8",
                        (STANDINGS_HEADER, *((1, "A", i, p, 8 - i) for i, p in enumerate(LEAGUE_SEVEN, 1))),
                    ),
                ),
                "Ann (1st) does not sign up: her hole closes, so Bo (2nd) is seeded 1st; Hal, new, is last",
                check=(("Seed", "1"), ("Player", "Bo"), ("Slot", "1"), ("Status", "continuing")),
            ),
        ),
    ),
    _function(
        history.league_lifetime_standings,
        category="Meeple League",
        returns="table",
        tables=("history",),
        examples=(
            Example(
                (Cells("A1:F3", (HISTORY_HEADER, (1, 1, "A", 7, "Cy", 3), (1, 2, "A", 1, "Bo", 40))),),
                "Cy's 3 points in division 1 outrank Bo's 40 in division 2",
                check=(("Place", "1"), ("Player", "Cy"), ("Division", "1"), ("Points", "3")),
            ),
        ),
    ),
    _function(
        history.league_winners,
        category="Meeple League",
        returns="table",
        tables=("history",),
        examples=(
            Example(
                (
                    Cells(
                        "A1:F5",
                        (
                            HISTORY_HEADER,
                            (1, 1, "A", 1, "Ann", 40),
                            (1, 1, "A", 2, "Bo", 32),
                            (2, 1, "A", 1, "Bo", 35),
                            (2, 1, "A", 2, "Ann", 30),
                        ),
                    ),
                ),
                "season 1 won by Ann with 40, season 2 by Bo with 35",
                check=(("Season", "1"), ("Player", "Ann"), ("League points", "40")),
            ),
        ),
    ),
)

SEATING_PLAYERS = tuple(f"P{i}" for i in range(1, 17))

_FUNCTIONS += (
    _function(
        seating_plan.seating,
        category="Seating",
        returns="table",
        lists=("players",),
        tables=("history", "avoid"),
        examples=(
            Example(
                (Cells("A2:A17", tuple((p,) for p in SEATING_PLAYERS)), 5),
                "16 players in tables of 4 for 5 rounds: the affine plane of order 4, every pair meeting exactly "
                "once; 80 rows, round 1's table 1 first",
                check=(("Round", "1"), ("Table", "1"), ("Seat", "1")),
            ),
        ),
        present=lambda result: table_to_grid(result.rows),
    ),
    _function(
        seating_plan.seating_quality,
        category="Seating",
        returns="table",
        lists=("players",),
        tables=("history", "avoid"),
        examples=(
            Example(
                (Cells("A2:A17", tuple((p,) for p in SEATING_PLAYERS)), 6),
                "a 6th round of 16 players at tables of 4: each meets 6 x 3 = 18 opponents of 15, so at least 3 "
                "repeats each, 16 x 3 / 2 = 24 in all, and the seating has 24",
                check=(("Measure", "repeated pairs"), ("Value", "24"), ("Fewest possible", "24")),
            ),
        ),
    ),
)

_FUNCTIONS += (
    _function(
        shown.players_shown,
        category="Tables",
        lists=("table", "players"),
        passed_on=(("table", shown.TABLE_FAILED),),
        examples=(
            Example(
                (
                    Cells("A1:A6", (("Place",), (1,), (2,), (3,), (4,), (5,))),
                    Cells("C2:C9", (("Ann",), ("Bo",), ("Cy",), ("Ann",), ("Di",), ("Eve",), ("Fay",), ("Bo",))),
                ),
                "6 players, 5 shown: the table is too small, or names lie below its input table "
                "(docs/guide/libreoffice.md says what to do)",
                "six different names, five rows under the header",
            ),
        ),
    ),
)

# The chart of places by round on every event template's By round sheet (issue 30): the standings by round pivoted.
_FUNCTIONS += (
    _function(
        places.places_by_round,
        category="Tables",
        returns="table",
        tables=("by_round",),
        examples=(
            Example(
                (
                    Cells(
                        "A1:C5",
                        (
                            ("round", "place", "player"),
                            (1, 1, "Ann"),
                            (1, 2, "Bo"),
                            (2, 1, "Bo"),
                            (2, 2, "Ann"),
                        ),
                    ),
                ),
                "a row per round, a column per player in the last round's order: Bo 2nd then 1st, Ann 1st then 2nd",
                check=(("Round", "1"), ("Bo", "2"), ("Ann", "1")),
            ),
        ),
        present=lambda chart: chart.grid(),
    ),
)


def _next_seating(result: next_seating.NextSeating) -> list[list[Any]]:
    """SEATING_NEXT_ROUND's spill: the next round's rows, or while the last round is not complete the sentence
    saying whose results are missing, in the player column."""
    if result.waiting:
        return [row_header(seating_plan.SeatingRow), [None, None, None, result.waiting, None]]
    return table_to_grid(result.rows, seating_plan.SeatingRow)


# The next round on every event template's Seating sheet (issue 30): core/seating/next_round.py from the standings.
_FUNCTIONS += (
    _function(
        next_seating.seating_next_round,
        category="Seating",
        returns="table",
        lists=("powers",),
        tables=("by_round", "history", "players"),
        examples=(
            Example(
                (
                    Cells(
                        "A1:D5",
                        (
                            ("round", "place", "player", "games"),
                            (1, 1, "Ann", 1),
                            (1, 2, "Bo", 1),
                            (1, 3, "Cy", 1),
                            (1, 4, "Di", 0),
                        ),
                    ),
                    Cells("F1:H4", (("round", "game", "player"), (1, "T1", "Ann"), (1, "T1", "Bo"), (1, "T1", "Cy"))),
                    None,
                    3,
                ),
                "Di has no game in round 1: round 2 waits for the result",
                check=(("Player", "round 2 is seated once round 1 is complete: no result yet for Di"),),
            ),
        ),
        present=_next_seating,
    ),
)

CATALOGUE: Mapping[str, SheetFunction] = MappingProxyType({f.name: f for f in _FUNCTIONS})
"""Every spreadsheet function by its name in the sheet."""
