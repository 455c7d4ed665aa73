"""Draw the pictures of docs/guide/running-an-event.md: the next round's seating and the standings after a round.

    python3 docs/pictures/running_an_event.py [OUT_DIR]    (default: docs/pictures; run from the repository's top)

Runs the Diplomacy event of the tests (tests/excel/event_runs/events.py: 28 players, Sum of Squares, a late
arrival in round 2, so a bye) for three rounds in the empty Diplomacy template as the tests do, seats round 4 with
``xlscore seating --next BOOK --in-place --byes --table-size 7``, and renders the book's sheets with LibreOffice
and xlscore's extension (:func:`xlscore.excel.libreoffice.render.render`, as docs/pictures/README.md draws the
templates): running-an-event-seating.png (the Seating sheet with round 4 under "Next round:"),
running-an-event-standings.png, and running-an-event-by-round.png where the template has a By round sheet.
Needs soffice and pdftoppm.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.excel.event_runs.books import bye_cells, event_book, result_cells, type_cells  # noqa: E402
from tests.excel.event_runs.events import DIPLOMACY, Run, seats_of  # noqa: E402
from xlscore.cli import main as xlscore  # noqa: E402
from xlscore.cli.seating import NEXT_HEADING  # noqa: E402
from xlscore.engine.evaluation.recalc import recalculate  # noqa: E402
from xlscore.engine.files.book import read_book  # noqa: E402
from xlscore.excel.libreoffice.profile import office  # noqa: E402
from xlscore.excel.libreoffice.render import render  # noqa: E402

ROUNDS = 3
SHEETS = {"seating": "running-an-event-seating.png", "standings": "running-an-event-standings.png"}
SHEETS["by-round"] = "running-an-event-by-round.png"


def framed(book: Path) -> None:
    """The book cut down to what the pictures show: on the Seating sheet the next round alone (its heading and
    rows, the columns before and the quality report below removed, the columns widened), on the Standings sheet the
    standings' rows (the rows reserved below them removed)."""
    import openpyxl
    from openpyxl.utils import get_column_letter

    workbook = openpyxl.load_workbook(book)
    seating = workbook["Seating"]
    left = next(int(c.column or 0) for c in seating[1] if str(c.value or "").startswith(NEXT_HEADING))
    rows = next(r for r in range(3, 400) if seating.cell(r, left + 3).value is None)
    for merged in list(seating.merged_cells.ranges):  # the settings' note: merged cells stay where they are
        seating.unmerge_cells(str(merged))
    seating.delete_rows(rows, 400)
    seating.delete_cols(1, left - 1)
    for column, width in enumerate((16, 8, 8, 14, 10, 10), start=1):
        seating.column_dimensions[get_column_letter(column)].width = width
    standings = workbook["Standings"]
    last = next(r for r in range(2, 400) if standings.cell(r, 2).value in (None, ""))
    standings.delete_rows(last, 500)
    workbook.save(book)


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="xlscore-pictures-") as folder:
        book = event_book(DIPLOMACY, Path(folder) / "event.xlsx")
        run = Run(DIPLOMACY)
        for number in range(1, ROUNDS + 1):
            seated = run.seat(number)
            rows = run.play(number, seats_of(seated), seated.quality.repeats_lower_bound)
            sheet, cells = result_cells(read_book(book), DIPLOMACY.system, rows)
            type_cells(book, {sheet: cells, "Players": bye_cells(DIPLOMACY, run.byes)})
        recalculate(book, in_place=True)
        options = ["--in-place", "--byes", "--table-size", str(DIPLOMACY.table_size)]
        if xlscore(["seating", "--next", str(book), *options]) != 0:
            raise SystemExit("xlscore seating --next failed")
        framed(book)
        with office(None) as lo:
            drawn = render(book, Path(folder) / "pictures", lo)
        for path in drawn:
            name = path.stem.removeprefix("event-")
            if name in SHEETS:
                shutil.copyfile(path, out / SHEETS[name])
                print(f"wrote {out / SHEETS[name]}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "pictures")
