"""The Puffing Billy template's Finals sheet and its printable board score sheets.

Finals: one PB_FINALS formula over the Boards table lists the top three of every game whose boards are marked
final: board, place on it, ratio and bonus. (It replaced blocks of UNIQUE and FILTER formulas, which LibreOffice
7.4 and Excel 2019 do not have.)

Score sheets: the TGA's paper "Puffing Billy score sheet" (game, board, six players by rank with game score,
standard placement score, bonus column (1) and PB score column (2), the "total of (1)" and the winner's bonus),
two to a portrait page. Blank, it prints for the tables to fill in by hand; typed into, it computes.
"""

from __future__ import annotations

from openpyxl.styles import Alignment, Border, Font, Protection, Side
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from xlscore.core.systems.puffing_billy import PLACEMENT_SCORE
from xlscore.excel.templates.base import COMPUTED_FILL, INPUT_FILL, TITLE_FONT, Template

__all__ = ["FINALS", "FINAL_GAMES", "ROWS", "finals", "score_sheets"]

ROWS = 300  # rows of the Boards table
FINAL_GAMES = 10  # games with a final that the Finals sheet has room and formatting for
SCORE_SHEETS = 4
SHEET_ROWS = 19  # rows per paper score sheet; two make a page
PLACES = 6

_THIN = Side(style="thin")
_BOX = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)
FINALS = ("game", "final_place", "board", "board_place", "player", "ratio", "bonus")


def finals(template: Template) -> Worksheet:
    """The Finals sheet: one PB_FINALS formula listing the top three of every game's final."""
    ws = template.results(
        "Finals",
        "A3",
        "=PB_FINALS(Boards[[#All],[game]:[final]])",
        FINALS,
        3 * FINAL_GAMES,
        decimals=3,
        reserve=ROWS,
    )
    ws["A1"] = "Each game's final, from the boards marked final on Boards: the top three, the board and place each"
    ws["A2"] = "came from, their ratio (money / the average of the board's top four) and their final bonus."
    ws["A1"].font = ws["A2"].font = Font(italic=True)
    ws.column_dimensions["A"].width = 16
    ws.column_dimensions["E"].width = 16
    template.printable(ws, landscape=True, title_rows="3:3")
    return ws


# ---------------------------------------------------------------------------------------------------------------
# The paper score sheet.

_RULES = (
    "List every player by the place they finished, up to the sixth, with the game score (money).",
    "Standard placement score: 3, 2, 1, 0 for 1st to 4th; 5th and 6th get no PB score for the board.",
    "Bonus (1) for 2nd to 4th: 0.5 x game score / winner's game score, to 3 decimals (0.5 if above the winner).",
    "Winner's bonus: total of (1) x 0.03, to 3 decimals. PB score (2) = standard placement score + bonus (1).",
)
SAMPLE_SHEET = (
    ("Empire Builder", "R1 T1", "no"),
    (("Jenny", 252_000), ("Damien", 248_000), ("Stephen", 121_000), ("Sybil", 98_000), ("Ben", 60_000)),
)


def _typed(ws: Worksheet, cell: str) -> None:
    ws[cell].fill = INPUT_FILL
    ws[cell].protection = Protection(locked=False)
    ws[cell].border = _BOX


def _sheet_head(ws: Worksheet, s: int) -> None:
    """A score sheet's title, its game, board and final boxes, and its columns' headings, from row ``s``."""
    ws.merge_cells(f"A{s}:F{s}")
    ws[f"A{s}"] = "THE PUFFING BILLY - board score sheet"
    ws[f"A{s}"].font = TITLE_FONT
    ws[f"A{s}"].alignment = Alignment(horizontal="center")
    for label, at, box in (("Game", "A", "B"), ("Board / round", "C", "D"), ("Final?", "E", "F")):
        ws[f"{at}{s + 2}"] = label
        ws[f"{at}{s + 2}"].font = Font(bold=True)
        ws[f"{at}{s + 2}"].alignment = Alignment(horizontal="right")
        _typed(ws, f"{box}{s + 2}")
    head = ("Place", "Player (by rank)", "Game score", "Standard placement score", "Bonus (1)", "PB score (2)")
    for column, text in enumerate(head, start=1):
        heading = ws.cell(s + 4, column, text)
        heading.font = Font(bold=True)
        heading.alignment = Alignment(wrap_text=True, horizontal="center", vertical="center")
        heading.border = _BOX
    ws.row_dimensions[s + 4].height = 45


def _score_sheet(template: Template, ws: Worksheet, top: int, sample: bool) -> None:
    s = top
    _sheet_head(ws, s)
    first, last = s + 5, s + 4 + PLACES
    for p in range(1, PLACES + 1):
        r = s + 4 + p
        ws[f"A{r}"] = p
        ws[f"D{r}"] = PLACEMENT_SCORE[p - 1] if p <= len(PLACEMENT_SCORE) else "no score"
        for letter in "AD":
            ws[f"{letter}{r}"].alignment = Alignment(horizontal="center")
            ws[f"{letter}{r}"].border = _BOX
        for letter in "BC":
            _typed(ws, f"{letter}{r}")
        for letter in "EF":
            ws[f"{letter}{r}"].fill = COMPUTED_FILL
            ws[f"{letter}{r}"].border = _BOX
            ws[f"{letter}{r}"].number_format = "0.000"
        ws[f"C{r}"].number_format = "#,##0"
    for r in (first + 4, first + 5):
        ws[f"E{r}"].alignment = Alignment(horizontal="center")
    # Each computed column is one PB_SCORE_SHEET (column (1) with the total and the winner's bonus under it): calls
    # of xlscore's alone, so that recalculating the template needs no general formula engine (issue 34).
    money = f"C{first}:C{last}"
    template.spill(ws, f"E{first}", f"=PB_SCORE_SHEET({money},1)", rows=PLACES + 2)
    template.spill(ws, f"F{first}", f"=PB_SCORE_SHEET({money},2)", rows=PLACES)
    total, bonus = last + 1, last + 2
    ws[f"A{total}"] = "Total of (1), 2nd to 4th"
    ws[f"A{bonus}"] = "Winner's bonus = total of (1) x 0.03, to 3 decimals"
    for r in (total, bonus):
        ws[f"A{r}"].font = Font(bold=True)
        ws[f"E{r}"].fill = COMPUTED_FILL
        ws[f"E{r}"].border = _BOX
        ws[f"E{r}"].number_format = "0.000"
    for i, rule in enumerate(_RULES):
        ws.merge_cells(f"A{bonus + 2 + i}:F{bonus + 2 + i}")
        ws[f"A{bonus + 2 + i}"] = rule
        ws[f"A{bonus + 2 + i}"].font = Font(size=9, italic=True)
    ws[f"A{bonus + 6}"] = "Players' initials: ____________________        Scored by: ____________________"
    if sample:
        _sample_sheet(ws, s, first)


def _sample_sheet(ws: Worksheet, top: int, first: int) -> None:
    """The TGA's board typed into the score sheet at ``top`` (its players' lines from row ``first``)."""
    (game, board, final), players = SAMPLE_SHEET
    Template.text(ws, f"B{top + 2}", game)
    Template.text(ws, f"D{top + 2}", board)
    Template.text(ws, f"F{top + 2}", final)
    for p, (name, score) in enumerate(players):
        Template.text(ws, f"B{first + p}", name)
        ws[f"C{first + p}"] = score


def score_sheets(template: Template, sample: bool) -> Worksheet:
    """The printable score sheets: two to a portrait page; the first holds the TGA's board in the sample."""
    ws: Worksheet = template.workbook.create_sheet("Score sheets")
    for letter, width in zip("ABCDEF", (9, 24, 14, 14, 11, 11), strict=True):
        ws.column_dimensions[letter].width = width
    for n in range(SCORE_SHEETS):
        top = 1 + n * SHEET_ROWS
        _score_sheet(template, ws, top, sample and n == 0)
        if n % 2 == 1 and n + 1 < SCORE_SHEETS:
            ws.row_breaks.append(Break(id=top + SHEET_ROWS - 1))
    ws.print_area = f"A1:F{SCORE_SHEETS * SHEET_ROWS}"
    ws.page_setup.orientation = "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    ws.print_options.horizontalCentered = True
    ws.protection.sheet = True
    return ws
