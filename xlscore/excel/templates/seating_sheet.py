"""The Seating sheet, one helper for every template: players in, the tables of every round out.

:func:`add_seating_sheet` adds to a template a sheet with an input table, Avoid (two players a row who must not
meet), the settings (rounds, players per table, top tables and byes), one =SEATING(...) formula over the players of
the template's Players sheet (:func:`xlscore.excel.templates.rounds.add_players_sheet`, which the standings read
too) that spills a row per player per round: round, table, seat, player and board, and under the settings
=SEATING_QUALITY(...) with the repeated pairs and seat repeats against the fewest possible. The board (``R1 T1``) is
the name the template's results table takes for that table's game, so a coordinator copies the rows of a round into
the results and types the scores. SEATING names the board itself, so the sheet has no formula of Excel's own and
``xlscore recalc`` computes the template without loading the general formula engine. The seating is the same on
every recalculation (SEATING's seed is fixed). With Byes yes every table is full and the players left over sit a
round out (the fewest byes so far first); without, players that tables of the size and one less cannot seat (29 at
tables of 7) give an error value saying so and what to change: byes, the table size or the count.

Any template calls it the same way; for a Diplomacy template, ``table_size=7`` and the seat is the power.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openpyxl.styles import Alignment, Font, Protection
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.table import Table, TableStyleInfo
from openpyxl.worksheet.worksheet import Worksheet

from xlscore.core.events.headings import heading
from xlscore.excel.templates.base import COMPUTED_FILL, INPUT_FILL, Template, setting_argument, table_column
from xlscore.excel.templates.rounds import PLAYER_COLUMNS, PLAYER_ROWS, PLAYERS_SHEET, players_table
from xlscore.excel.templates.shown import count_note, named_in

__all__ = ["SEATED_ROWS", "SHEET", "NextRound", "add_seating_sheet"]

SHEET = "Seating"
AVOID_ROWS = 20
SEATED_ROWS = 400
"""Rows of the seating coloured as computed: more spill on as the players and rounds grow."""
HEADERS = ("round", "table", "seat", "player", "board")
QUALITY_ANCHOR = "F12"
NEXT_ROW, NEXT_COLUMN = 2, 18
NEXT_ANCHOR = f"{get_column_letter(NEXT_COLUMN)}{NEXT_ROW}"
"""Where the next round's tables spill (SEATING_NEXT_ROUND), under a line saying what they are."""
"""Where the quality report spills: measure, value, fewest possible (repeated pairs, seat repeats, ...)."""


def add_seating_sheet(
    template: Template,
    *,
    rounds: int = 3,
    table_size: int = 4,
    avoid: Sequence[tuple[str, str]] = (),
    seat_help: str = "seat 1 starts",
    next_round: NextRound | None = None,
) -> Worksheet:
    """Add the Seating sheet to ``template`` (which has its Players sheet already), with ``avoid`` typed in.

    rounds, table_size: the settings' values (a coordinator changes them on the sheet).
    seat_help: what a seat means in this game, shown beside the settings ("seat 1 starts", or for Diplomacy the
        powers in seat order).
    next_round: where the event's standings by round and results are, for the next round's tables beside the
        seating (:func:`_next_round`).
    """
    ws: Worksheet = template.workbook.create_sheet(SHEET)
    ws["A1"] = f"The players: on the {PLAYERS_SHEET} sheet."
    ws["A1"].font = Font(italic=True)
    ws.column_dimensions["A"].width = 16
    _input_table(template, ws, "Avoid", ("player", "other"), avoid, AVOID_ROWS, first_column=3)
    _settings(ws, rounds, table_size, seat_help)
    avoid_table = f"Avoid[[#All],[{heading('player')}]:[{heading('other')}]]"
    settings = f"{setting_argument('G1')},{setting_argument('G2')}"
    arguments = f"{table_column('Players', 'player')},{settings},,{avoid_table},{setting_argument('G4')}"
    # As many rows as the Players table: LibreOffice's extension pads an answer to its tallest input range, and
    # shows #N/A in an area taller than that; more seats than this say so beside the table.
    template.spill(ws, "J1", f"=SEATING({arguments})", rows=PLAYER_ROWS, columns=len(HEADERS))
    # SEATING seats every player listed once a round: rounds x players rows.
    players = named_in(PLAYERS_SHEET, PLAYER_COLUMNS, PLAYER_ROWS)
    count_note(ws, "J1", len(HEADERS), players, PLAYER_ROWS, noun="seats", times=setting_argument("$G$1"))
    template.spill(ws, QUALITY_ANCHOR, f"=SEATING_QUALITY({arguments})", rows=5, columns=3)
    _computed_look(ws)
    if next_round is not None:
        _next_round(template, ws, next_round)
    ws.freeze_panes = "A2"
    template.printable(ws)
    return ws


def _settings(ws: Worksheet, rounds: int, table_size: int, seat_help: str) -> None:
    """The settings (rounds, table size, and for the next round top tables and byes) at F1:H4 and the note under
    them."""
    settings: tuple[tuple[str, int | str, str], ...] = (
        ("Rounds", rounds, "rounds to seat"),
        ("Table size", table_size, "players per table, 3 to 7"),
        ("Top tables", 0, "next round: the leaders together at this many tables"),
        ("Byes", "no", "yes: every table full, the players left over sit the round out (fewest byes first)"),
    )
    for row, (label, value, meaning) in enumerate(settings, start=1):
        ws.cell(row, 6, label).font = Font(bold=True)
        cell = ws.cell(row, 7, value)
        cell.fill = INPUT_FILL
        cell.protection = Protection(locked=False)
        ws.cell(row, 8, meaning)
    note = ws.cell(
        5,
        6,
        "Without byes, when the players do not fill tables of that size, the fewest tables seat one fewer. Avoid: "
        f"two players a row who must not meet (family, club-mates). The seat: {seat_help}. Each round's "
        "rows go into the results table under their board name (R1 T1). The same players and settings always give "
        "the same tables.",
    )
    note.alignment = Alignment(wrap_text=True, vertical="top")
    ws.merge_cells("F5:H10")
    ws.column_dimensions["F"].width = 24
    ws.column_dimensions["H"].width = 30


@dataclass(frozen=True)
class NextRound:
    """Where an event template keeps what the next round is seated from: its standings by round (the By round
    sheet's area) and its results table (every earlier meeting), both as references; for Diplomacy the powers in
    seat order, listed on the sheet under the quality report and given out from the results' power column."""

    by_round: str
    results: str
    powers: Sequence[str] = ()


POWERS_ROW = 18
"""Where a Diplomacy Seating sheet lists its powers in seat order (column F, a heading then a power a row)."""


def _next_round(template: Template, ws: Worksheet, event: NextRound) -> None:
    """The next round's tables: SEATING_NEXT_ROUND of the standings by round, the results, the Players sheet and
    the table size, top tables and byes settings; blank until a round is played, a sentence while it is not
    complete."""
    top, left = NEXT_ROW, NEXT_COLUMN
    label = ws.cell(top - 1, left, "The next round's tables, as soon as the last round's results are all in:")
    label.font = Font(bold=True)
    settings = ",".join(setting_argument(cell) for cell in ("$G$2", "$G$3", "$G$4"))
    formula = f"=SEATING_NEXT_ROUND({event.by_round},{event.results},{players_table()},{settings}{_powers(ws, event)})"
    headers = (*HEADERS, "power") if event.powers else HEADERS
    template.spill(ws, NEXT_ANCHOR, formula, rows=PLAYER_ROWS, columns=len(headers))
    for c, header in enumerate(headers, start=left):
        ws.cell(top, c).font = Font(bold=True)
        ws.column_dimensions[get_column_letter(c)].width = {"player": 16, "power": 10}.get(header, 8)
        for r in range(top + 1, top + PLAYER_ROWS + 1):
            ws.cell(r, c).fill = COMPUTED_FILL
            if header not in {"player", "power"}:
                ws.cell(r, c).number_format = "0"


def _powers(ws: Worksheet, event: NextRound) -> str:
    """The powers in seat order written under the quality report, and SEATING_NEXT_ROUND's argument that reads
    them (nothing for a game without powers)."""
    if not event.powers:
        return ""
    ws.cell(POWERS_ROW, 6, "Powers, seat 1 first").font = Font(bold=True)
    for r, power in enumerate(event.powers, start=POWERS_ROW + 1):
        ws.cell(r, 6, power)
    return f",$F${POWERS_ROW + 1}:$F${POWERS_ROW + len(event.powers)}"


def _computed_look(ws: Worksheet) -> None:
    """The quality report and the seating coloured as computed, the seating's numbers shown whole."""
    top = ws[QUALITY_ANCHOR].row
    for r in range(top, top + 5):
        for c in range(6, 9):
            ws.cell(r, c).fill = COMPUTED_FILL
            ws.cell(r, c).font = Font(bold=r == top)
    for c, header in enumerate(HEADERS, start=10):
        ws.cell(1, c).font = Font(bold=True)
        ws.column_dimensions[get_column_letter(c)].width = 16 if header == "player" else 8
        for r in range(2, SEATED_ROWS + 2):
            ws.cell(r, c).fill = COMPUTED_FILL
            if header != "player":
                ws.cell(r, c).number_format = "0"


def _input_table(
    template: Template,
    ws: Worksheet,
    name: str,
    columns: Sequence[str],
    rows: Sequence[Sequence[str]],
    size: int,
    first_column: int,
) -> None:
    """A yellow input table of ``size`` rows at ``first_column``; rows typed or pasted below it count."""
    for c, header in enumerate(columns, start=first_column):
        template.text(ws, ws.cell(1, c).coordinate, heading(header))
        ws.column_dimensions[get_column_letter(c)].width = 16
        for r in range(2, size + 2):
            ws.cell(r, c).fill = INPUT_FILL
            ws.cell(r, c).protection = Protection(locked=False)
    for r, values in enumerate(rows, start=2):
        for c, value in enumerate(values, start=first_column):
            template.text(ws, ws.cell(r, c).coordinate, value)
    last = ws.cell(size + 1, first_column + len(columns) - 1).coordinate
    table = Table(displayName=name, ref=f"{ws.cell(1, first_column).coordinate}:{last}")
    table.tableStyleInfo = TableStyleInfo(name="TableStyleLight9", showRowStripes=True)
    ws.add_table(table)


DIPLOMACY_SEATS = "seats 1 to 7: Austria, England, France, Germany, Italy, Russia, Turkey"
"""What a seat means at a Diplomacy board (seat k plays the k-th power, in POWER_NAMES' order)."""


def add_diplomacy_seating_sheet(template: Template, next_round: NextRound) -> Worksheet:
    """The Seating sheet of a Diplomacy event template (Diplomacy, Size Matters): boards of 7 over 3 rounds to start
    with, each seat a power, and the next round's tables with their powers."""
    return add_seating_sheet(template, rounds=3, table_size=7, seat_help=DIPLOMACY_SEATS, next_round=next_round)
