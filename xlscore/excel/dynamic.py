"""Make a saved workbook's result formulas dynamic arrays, and the file byte-for-byte reproducible.

openpyxl writes ``ArrayFormula(ref, text)`` as a legacy array formula fixed to ``ref``. Excel 365 spills a formula
only when its cell carries ``cm="1"`` pointing at cell metadata of the ``XLDAPR`` type (dynamic array properties)
in ``xl/metadata.xml``, which the workbook's relationships and the content types must list. This module adds those
parts to a file openpyxl saved and marks the anchor cells, as Excel itself writes them.

Every zip entry is rewritten with a fixed time stamp (and the document's modified date fixed), so the same
template code gives the same bytes and the committed copies in workbooks/ can be compared with what the code generates.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from xlscore.core.errors import WorkbookError
from xlscore.excel.refs import parse_area

__all__ = ["FIXED_ZIP_TIME", "make_dynamic"]

FIXED_ZIP_TIME = (2026, 1, 1, 0, 0, 0)

METADATA = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    b'<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    b'xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">'
    b'<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" '
    b'pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" '
    b'coerce="1" cellMeta="1"/></metadataTypes>'
    b'<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}">'
    b'<xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>'
    b'<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>'
)
CONTENT_TYPE = (
    b'<Override PartName="/xl/metadata.xml" '
    b'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml"/>'
)
RELATIONSHIP = (
    b'<Relationship Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sheetMetadata" '
    b'Target="metadata.xml" Id="rIdXlscoreMetadata"/>'
)


def _sheet_parts(parts: Mapping[str, bytes]) -> dict[str, str]:
    """Sheet title -> its part name, from the workbook and its relationships (as openpyxl writes them)."""
    workbook = parts["xl/workbook.xml"].decode()
    rels = parts["xl/_rels/workbook.xml.rels"].decode()
    targets = {
        rid: target.lstrip("/") if target.startswith("/") else f"xl/{target}"
        for target, rid in re.findall(r'<Relationship[^>]*?Target="([^"]+)"[^>]*?Id="([^"]+)"', rels)
    }
    found = {}
    for name, rid in re.findall(r'<sheet [^>]*?name="([^"]+)"[^>]*?r:id="([^"]+)"', workbook):
        found[name.replace("&amp;", "&").replace("&apos;", "'").replace("&quot;", '"')] = targets[rid]
    return found


def _mark(xml: bytes, anchor: str) -> bytes:
    """Give the array formula at ``anchor`` the dynamic-array cell metadata."""
    if parse_area(anchor) is None:
        raise WorkbookError(f"{anchor!r} is not a cell address")
    pattern = re.compile(rb'<c r="' + anchor.encode() + rb'"([^>]*)><f t="array"')
    marked, count = pattern.subn(rb'<c r="' + anchor.encode() + rb'"\1 cm="1"><f t="array"', xml, count=1)
    if count != 1:
        raise WorkbookError(f"no array formula at {anchor} to make dynamic")
    return marked


def make_dynamic(path: Path, anchors: Mapping[str, Sequence[str]]) -> None:
    """Rewrite the workbook at ``path`` so the array formulas at ``anchors`` (by sheet title) spill in Excel 365."""
    with zipfile.ZipFile(path) as source:
        order = [info.filename for info in source.infolist()]
        parts = {name: source.read(name) for name in order}
    if any(anchors.values()):
        by_title = _sheet_parts(parts)
        for title, cells in anchors.items():
            part = by_title[title]
            for anchor in cells:
                parts[part] = _mark(parts[part], anchor)
        parts["xl/metadata.xml"] = METADATA
        order.append("xl/metadata.xml")
        parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(b"</Types>", CONTENT_TYPE + b"</Types>")
        rels = "xl/_rels/workbook.xml.rels"
        parts[rels] = parts[rels].replace(b"</Relationships>", RELATIONSHIP + b"</Relationships>")
    # openpyxl stamps the time of saving, whatever the properties say.
    parts["docProps/core.xml"] = re.sub(
        rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
        rb"\g<1>2026-01-01T00:00:00Z\2",
        parts["docProps/core.xml"],
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for name in order:
            out.writestr(zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME), parts[name], zipfile.ZIP_DEFLATED)
