"""The values-only workbook (``xlscore publish BOOK --xlsx OUT``, ``xlscore recalc --values``): a recalculated copy
with every formula replaced by its value, so its numbers open right in Excel without the add-in, a stock
LibreOffice, Google Sheets and Numbers, none of which can compute xlscore's functions.

Worked at the XML level, as ``xlscore recalc`` writes (:mod:`xlscore.engine.evaluation.recalc`), so formats, tables,
charts, print settings, conditional formats and the sheets' order stay as they are: each cell's formula is removed
and its computed value kept (a text result as an inline string), the dynamic-array metadata and the calculation
chain are dropped, and a defined name that is a formula becomes a static range (a print area: the cells the sheet
fills) or is dropped (nothing computes any more to read it); a plain range or constant name stays.
"""

from __future__ import annotations

import re
import tempfile
import zipfile
from pathlib import Path

from xlscore.core.cells import is_blank
from xlscore.engine.files import limits
from xlscore.engine.files.book import Book, read_book
from xlscore.engine.files.safe_io import replacing
from xlscore.engine.files.safezip import open_workbook
from xlscore.engine.rewrite.refs import cell_name, parse_area

__all__ = ["values_only"]

_FORMULA = re.compile(rb"<f\b[^>]*?/>|<f\b[^>]*>.*?</f>", re.DOTALL)
_MARK = re.compile(rb'\s(?:cm|vm)="\d+"')
_STRING = re.compile(rb'<c\b([^>]*?)\st="str"([^>]*)>(?:<v>(.*?)</v>|<v\s*/>)?</c>', re.DOTALL)
_COLUMN_FORMULA = re.compile(rb"<calculatedColumnFormula\b[^>]*>.*?</calculatedColumnFormula>", re.DOTALL)
_NAME = re.compile(rb"<definedName\b([^>]*)>(.*?)</definedName>", re.DOTALL)
_LINES = re.compile(r"^(?:'(?:[^']|'')+'|[\w.]+)!\$?(?:\d+:\$?\d+|[A-Z]{1,3}:\$?[A-Z]{1,3})$")
_CONSTANT = re.compile(r'^(?:"(?:[^"]|"")*"|-?\d+(?:\.\d+)?|TRUE|FALSE)$', re.IGNORECASE)
DROPPED_PARTS = ("xl/metadata.xml", "xl/calcChain.xml")


def values_only(path: str | Path, output: str | Path, *, max_seconds: float | None = limits.MAX_SECONDS) -> Path:
    """Write the workbook at ``path``, recalculated (within ``max_seconds``, as ``xlscore recalc``), with every
    formula replaced by its value, to ``output``."""
    from xlscore.engine.evaluation.recalc import recalculate
    from xlscore.excel.headless import register

    register()
    target = Path(output)
    with tempfile.TemporaryDirectory(prefix="xlscore-values-") as folder:
        computed = Path(folder) / "computed.xlsx"
        recalculate(path, computed, max_seconds=max_seconds)
        book = read_book(computed)
        with (
            open_workbook(computed) as source,
            replacing(target) as temporary,
            zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as out,
        ):
            for info in source.infos():
                if info.filename in DROPPED_PARTS:
                    continue
                data = _part(info.filename, source.read(info.filename), book)
                out.writestr(zipfile.ZipInfo(info.filename, date_time=info.date_time), data, zipfile.ZIP_DEFLATED)
    return target


def _part(name: str, data: bytes, book: Book) -> bytes:
    if name.startswith("xl/worksheets/") and name.endswith(".xml"):
        return _STRING.sub(_inline, _MARK.sub(b"", _FORMULA.sub(b"", data)))
    if name.startswith("xl/tables/"):
        return _COLUMN_FORMULA.sub(b"", data)
    if name == "xl/workbook.xml":
        return _NAME.sub(lambda m: _static_name(m, book), data)
    if name == "[Content_Types].xml" or name.endswith(".rels"):
        return _without_dropped(data)
    return data


def _inline(match: re.Match[bytes]) -> bytes:
    """A formula's text result as an inline string (``t="str"`` is only for a formula's result)."""
    attributes = match.group(1) + match.group(2)
    text = match.group(3)
    if text is None:
        return b"<c" + attributes + b"/>"
    return b"<c" + attributes + b' t="inlineStr"><is><t xml:space="preserve">' + text + b"</t></is></c>"


def _without_dropped(data: bytes) -> bytes:
    """A content-types or relationships part without the entries of the parts left out."""
    for part in DROPPED_PARTS:
        leaf = part.rsplit("/", 1)[-1].encode()
        data = re.sub(rb"<(?:Override|Relationship)\b[^>]*?" + re.escape(leaf) + rb'"[^>]*/>', b"", data)
    return data


def _static_name(match: re.Match[bytes], book: Book) -> bytes:
    from xlscore.engine.files.sheetxml import unescape

    attributes, raw = match.group(1), match.group(2)
    text = unescape(raw).strip()
    if _plain(text):
        return match.group(0)
    if b'name="_xlnm.Print_Area"' not in attributes:
        return b""
    sheet_id = re.search(rb'localSheetId="(\d+)"', attributes)
    if sheet_id is None or int(sheet_id.group(1)) >= len(book.sheets):
        return b""
    sheet = book.sheets[int(sheet_id.group(1))]
    filled = [(r, c) for (r, c), value in sheet.values.by_position().items() if not is_blank(value)]
    if not filled:
        return b""
    bottom, right = max(r for r, _ in filled), max(c for _, c in filled)
    quoted = "'" + sheet.name.replace("'", "''") + "'"
    area = f"{quoted}!$A$1:{_absolute(cell_name(bottom, right))}"
    return b"<definedName" + attributes + b">" + area.replace("&", "&amp;").encode() + b"</definedName>"


def _absolute(cell: str) -> str:
    return re.sub(r"([A-Z]+)(\d+)", r"$\1$\2", cell)


def _plain(text: str) -> bool:
    """A name that needs no computing: a reference (or a list of them), whole rows or columns, or a constant."""
    parts = [p.strip() for p in text.split(",")]
    return bool(_CONSTANT.match(text)) or all(parse_area(p) is not None or _LINES.match(p) for p in parts)
