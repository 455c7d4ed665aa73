"""What ``xlscore recalc`` writes, xlscore reads back: its parts are packed about as Excel packs them, within the
compression ratio that :mod:`xlscore.engine.files.safezip` accepts (200 to 1 for parts over 1 MiB).

Found by the corpus benchmark: a sheet of long repeated texts that Excel had packed 121 to 1 was written back at
250 to 1 (zlib's default level), and xlscore then refused its own output as a zip bomb."""

from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl

from tests.engine import hostile
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.engine.files.safezip import MAX_RATIO


def test_a_very_repetitive_sheet_is_written_so_that_it_reads_back(tmp_path: Path) -> None:
    text = "x" * 8000
    rows = ['<row r="1"><c r="A1"><f>LEN(B2)</f><v>0</v></c></row>'] + [
        f'<row r="{r}"><c r="B{r}" t="inlineStr"><is><t>{text}</t></is></c></row>' for r in range(2, 600)
    ]
    parts = hostile.minimal_parts()
    parts["xl/worksheets/sheet1.xml"] = (
        f'<worksheet xmlns="{hostile.MAIN}"><sheetData>{"".join(rows)}</sheetData></worksheet>'
    ).encode()
    source = tmp_path / "Long texts.xlsx"
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:  # 168 to 1
        for name, data in parts.items():
            archive.writestr(name, data)
    output = tmp_path / "out.xlsx"
    recalculate(source, output)
    sheet = zipfile.ZipFile(output).getinfo("xl/worksheets/sheet1.xml")
    assert sheet.file_size > 4_000_000
    assert sheet.file_size < MAX_RATIO * sheet.compress_size
    assert read_book(output).sheets[0].values[1, 1] == 8000.0
    assert openpyxl.load_workbook(output, read_only=True)["Results"]["A1"].value == "=LEN(B2)"
