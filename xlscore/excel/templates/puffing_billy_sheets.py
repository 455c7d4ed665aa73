"""The Puffing Billy template's Finals sheet and its printable board score sheets.

Finals: one block per game with boards marked final on the Boards sheet, filled by formulas: the game, its final
boards, their money by place (the columns PB_FINAL takes), PB_FINAL's top three, and who they are. The bonus column
and a hidden game|player key stack down one column pair, so one SUMIFS on the Boards sheet finds a player's final
bonus whichever block it is in.

Score sheets: the TGA's paper "Puffing Billy score sheet" (game, board, six players by rank with game score,
standard placement score, bonus column (1) and PB score column (2), the "total of (1)" and the winner's bonus),
two to a portrait page. Blank, it prints for the tables to fill in by hand; typed into, it computes.
"""

from __future__ import annotations

from openpyxl.styles import Alignment, Border, Font, Protection, Side
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from xlscore.core.puffing_billy import PLACEMENT_SCORE
from xlscore.excel.templates.base import COMPUTED_FILL, INPUT_FILL, TITLE_FONT, Template
from xlscore.excel.templates.puffing_billy_rows import FINAL_MARK

__all__ = ["FINAL_BLOCKS", "FINAL_BOARDS", "KEY", "ROWS", "final_bonus_ranges", "finals", "score_sheets"]

ROWS = 300  # rows of the Boards table
FINAL_BLOCKS = 6  # games with a final
FINAL_BOARDS = 4  # boards per final (columns B to E of a block)
BLOCK = 10  # rows per final block
FIRST = 3  # the first block's top row
SCORE_SHEETS = 4
SHEET_ROWS = 19  # rows per paper score sheet; two make a page
PLACES = 6

_BOARDS = f"Boards!$A$2:$A${ROWS + 1}", f"Boards!$B$2:$B${ROWS + 1}", f"Boards!$C$2:$C${ROWS + 1}"
_MONEY, _FINAL = f"Boards!$E$2:$E${ROWS + 1}", f"Boards!$F$2:$F${ROWS + 1}"
KEY = "I"  # the Boards sheet's hidden game|board|place column, by which a block finds its players
_PLAYERS, _KEYS = f"Boards!$D$2:$D${ROWS + 1}", f"Boards!${KEY}$2:${KEY}${ROWS + 1}"
_THIN = Side(style="thin")
_BOX = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)


def final_bonus_ranges() -> tuple[str, str]:
    """The Finals sheet's bonus column and its game|player keys, over every block."""
    end = FIRST + BLOCK * FINAL_BLOCKS
    return f"Finals!$K${FIRST}:$K${end}", f"Finals!$N${FIRST}:$N${end}"


def _spill(template: Template, ws: Worksheet, anchor: str, formula: str, area: str | None = None) -> None:
    """A spilling formula at ``anchor``; ``area`` is the most it fills when wider than one column, so that the
    recalculation knows which cells it writes before it runs (and computes the formulas reading them after it)."""
    ws[anchor] = ArrayFormula(area or anchor, formula)
    template.dynamic.setdefault(ws.title, []).append(anchor)


def _block(template: Template, ws: Worksheet, k: int) -> None:
    t = FIRST + BLOCK * (k - 1)
    game, ids, top, bottom = f"$B${t}", f"$B${t + 1}:$E${t + 1}", t + 2, t + 1 + PLACES
    places = f"$A${top}:$A${bottom}"
    games, boards, place = _BOARDS
    ws[f"A{t}"] = f"Final {k}"
    ws[f"A{t}"].font = Font(bold=True)
    ws[f"A{t + 1}"] = "place / board"
    for p in range(1, PLACES + 1):
        ws[f"A{t + 1 + p}"] = p
    marked = f'{_FINAL}="{FINAL_MARK}"'
    _spill(template, ws, f"B{t}", f'=IFERROR(INDEX(_xlfn.UNIQUE(_xlfn._xlws.FILTER({games},{marked})),{k}),"")')
    _spill(
        template,
        ws,
        f"B{t + 1}",
        f'=IF({game}="","",TRANSPOSE(_xlfn.UNIQUE(_xlfn._xlws.FILTER({boards},({games}={game})*({marked})))))',
        f"B{t + 1}:E{t + 1}",
    )
    criteria = f"{games},{game},{boards},{ids},{place},{places}"
    _spill(
        template,
        ws,
        f"B{top}",
        f'=IF({ids}="","",IF(COUNTIFS({criteria})=0,"",SUMIFS({_MONEY},{criteria})))',
        f"B{top}:E{bottom}",
    )
    # PB_FINAL takes only the boards there are: one column per board, so the width follows the count.
    count = f"COUNT(B{top}:E{top})"
    calls = ",".join(f"PB_FINAL(B{top}:{col}{bottom})" for col in "BCDE"[:FINAL_BOARDS])
    _spill(template, ws, f"G{t}", f'=IF({count}=0,"",CHOOSE({count},{calls}))', f"G{t}:K{t + 3}")
    result = f"$H${t + 1}:$H${t + 3}"
    ws[f"L{t}"], ws[f"M{t}"], ws[f"N{t}"] = "board id", "player", "key"
    _spill(template, ws, f"L{t + 1}", f'=IF({result}="","",INDEX({ids},1,{result}))')
    key = f'{game}&"|"&$L${t + 1}:$L${t + 3}&"|"&$I${t + 1}:$I${t + 3}'
    _spill(template, ws, f"M{t + 1}", f'=IF($L${t + 1}:$L${t + 3}="","",INDEX({_PLAYERS},MATCH({key},{_KEYS},0)))')
    _spill(template, ws, f"N{t + 1}", f'=IF($M${t + 1}:$M${t + 3}="","",{game}&"|"&$M${t + 1}:$M${t + 3})')
    for row in ws.iter_rows(min_row=t, max_row=bottom, min_col=2, max_col=5):
        for cell in row:
            cell.fill = COMPUTED_FILL
    for row in ws.iter_rows(min_row=t, max_row=t + 3, min_col=7, max_col=13):
        for cell in row:
            cell.fill = COMPUTED_FILL
    for col in range(7, 14):
        ws.cell(t, col).font = Font(bold=True)


def finals(template: Template) -> Worksheet:
    """The Finals sheet: a block per game whose boards are marked final, all computed."""
    ws: Worksheet = template.workbook.create_sheet("Finals")
    ws["A1"] = (
        "Each game's final, from the boards marked final on Boards: money by place on each final board, "
        "each winner's ratio (money / the average of the board's top four), the top three and their bonus."
    )
    ws["A1"].font = Font(italic=True)
    widths = {"A": 13, "B": 13, "C": 13, "D": 13, "E": 13, "F": 3, "G": 11, "H": 7, "I": 12, "J": 9, "K": 7}
    widths |= {"L": 12, "M": 16}
    for letter, width in widths.items():
        ws.column_dimensions[letter].width = width
    ws.column_dimensions["N"].hidden = True
    for k in range(1, FINAL_BLOCKS + 1):
        _block(template, ws, k)
    ws.protection.sheet = True
    template.printable(ws, landscape=True, title_rows=None)
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


def _score_sheet(template: Template, ws: Worksheet, top: int, sample: bool) -> None:
    s = top
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
        ws[f"E{r}"] = "-"
        ws[f"E{r}"].alignment = Alignment(horizontal="center")
    others = f"E{first + 1}:E{first + 3}"
    money = f"C{first}:C{last}"
    _spill(
        template,
        ws,
        f"E{first + 1}",
        f'=IF(C{first + 1}:C{first + 3}="","",PB_BONUS(C{first + 1}:C{first + 3},C{first}))',
    )
    ws[f"E{first}"] = f'=IF(COUNT({others})=0,"",PB_WINNER_BONUS({others}))'
    _spill(template, ws, f"F{first}", f'=IF(COUNT({money})<2,"",PB_BOARD({money}))')
    total, bonus = last + 1, last + 2
    ws[f"A{total}"] = "Total of (1), 2nd to 4th"
    ws[f"E{total}"] = f'=IF(COUNT({others})=0,"",ROUND(SUM({others}),3))'
    ws[f"A{bonus}"] = "Winner's bonus = total of (1) x 0.03, to 3 decimals"
    ws[f"E{bonus}"] = f"=E{first}"
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
        (game, board, final), players = SAMPLE_SHEET
        Template.text(ws, f"B{s + 2}", game)
        Template.text(ws, f"D{s + 2}", board)
        Template.text(ws, f"F{s + 2}", final)
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
