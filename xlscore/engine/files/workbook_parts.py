"""The workbook-level parts a recalculated file needs: the dynamic-array mark, the calculation properties, and
reproducible bytes for the templates.

Excel 365 spills a formula only when its cell carries ``cm="N"``, pointing at cell metadata of the ``XLDAPR`` type
(dynamic array properties) in the workbook's metadata part, which the workbook's relationships and the content
types must list. openpyxl drops the mark and the part on saving, LibreOffice 7.4 never writes them: the
recalculation puts them back (:func:`dynamic_mark`) on every formula that spills, as Excel itself writes them.

The templates mark their result formulas when they are saved (:func:`make_dynamic`), and are then recalculated.
A recalculated file carries the value of every formula, so it no longer asks to be recalculated on opening
(:func:`calculated`): with ``fullCalcOnLoad`` (which openpyxl always writes) or an old ``calcId``, Excel without the
add-in and LibreOffice without xlscore's functions would replace every computed number by ``#NAME?``.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from xlscore.engine.errors import BookError

__all__ = ["CALC_ID", "FIXED_ZIP_TIME", "calculated", "dynamic_mark", "make_dynamic"]

FIXED_ZIP_TIME = (2026, 1, 1, 0, 0, 0)
CALC_ID = b"191029"  # the calculation engine of Excel 2019 and 365: no full recalculation when they open the file

_METADATA_PART = "xl/metadata.xml"
_TYPE = (
    b'<metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" pasteValues="1" merge="1" '
    b'splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" coerce="1" cellMeta="1"/>'
)
_FUTURE_BLOCK = (
    b'<bk><extLst><ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}">'
    b'<xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk>'
)
_XDA = b'xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray"'
METADATA = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    b'<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' + _XDA + b">"
    b'<metadataTypes count="1">' + _TYPE + b"</metadataTypes>"
    b'<futureMetadata name="XLDAPR" count="1">' + _FUTURE_BLOCK + b"</futureMetadata>"
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
_WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
_CONTENT_TYPES = "[Content_Types].xml"


# The metadata part's children, in the order its schema gives them.
_ORDER = (
    b"<metadataTypes",
    b"<metadataStrings",
    b"<mdxMetadata",
    b"<futureMetadata",
    b"<cellMetadata",
    b"<valueMetadata",
    b"<extLst",
    b"</metadata>",
)


def _element(xml: bytes, start: bytes, end: bytes) -> re.Match[bytes] | None:
    """The first element whose start tag begins with ``start``; its content is group 1."""
    return re.search(re.escape(start) + rb"[^>]*>(.*?)" + re.escape(end), xml, re.S)


def _children(content: bytes, tag: bytes) -> list[bytes]:
    return re.findall(rb"<" + tag + rb"\b(?:[^>]*/>|[^>]*>.*?</" + tag + rb">)", content, re.S)


def _add(xml: bytes, start: bytes, end: bytes, child: bytes, block: bytes) -> tuple[bytes, int]:
    """``block`` added as the last ``child`` of the element (its count updated), or the element made with it in its
    place in the schema's order; and the block's number among its siblings, from 1."""
    found = _element(xml, start, end)
    if found is None:
        made = start + b' count="1">' + block + end
        at = next(xml.find(tag) for tag in _ORDER[_ORDER.index(start.split(b" ")[0]) + 1 :] if tag in xml)
        return xml[:at] + made + xml[at:], 1
    count = len(_children(found.group(1), child)) + 1
    head = re.sub(rb'\scount="\d+"', b' count="%d"' % count, xml[found.start() : found.start(1)])
    return xml[: found.start()] + head + found.group(1) + block + xml[found.end(1) :], count


def _with_mark(metadata: bytes) -> tuple[bytes, bytes]:
    """A workbook's existing metadata part with an XLDAPR cell-metadata block, and that block's cm number."""
    types_found = _element(metadata, b"<metadataTypes", b"</metadataTypes>")
    types = _children(types_found.group(1), b"metadataType") if types_found is not None else []
    type_index = next((i for i, t in enumerate(types, start=1) if b'name="XLDAPR"' in t), 0)
    future = _element(metadata, b'<futureMetadata name="XLDAPR"', b"</futureMetadata>")
    future_blocks = _children(future.group(1), b"bk") if future is not None else []
    future_index = next((i for i, b in enumerate(future_blocks) if b'fDynamic="1"' in b), -1)
    cells_found = _element(metadata, b"<cellMetadata", b"</cellMetadata>")
    cells = _children(cells_found.group(1), b"bk") if cells_found is not None else []
    if type_index and future_index >= 0:
        wanted = re.compile(rb'<rc t="%d" v="%d"' % (type_index, future_index))
        for number, block in enumerate(cells, start=1):
            if wanted.search(block):
                return metadata, str(number).encode()
    if not type_index:
        metadata, type_index = _add(metadata, b"<metadataTypes", b"</metadataTypes>", b"metadataType", _TYPE)
    if future_index < 0:
        if _XDA not in metadata:
            metadata = re.sub(rb"<metadata\b", b"<metadata " + _XDA, metadata, count=1)
        metadata, number = _add(metadata, b'<futureMetadata name="XLDAPR"', b"</futureMetadata>", b"bk", _FUTURE_BLOCK)
        future_index = number - 1
    block = b'<bk><rc t="%d" v="%d"/></bk>' % (type_index, future_index)
    metadata, cm = _add(metadata, b"<cellMetadata", b"</cellMetadata>", b"bk", block)
    return metadata, str(cm).encode()


def _metadata_part(rels: bytes) -> str | None:
    match = re.search(rb'<Relationship\b[^>]*?/sheetMetadata"[^>]*?>', rels) or re.search(
        rb'<Relationship\b[^>]*?Type="[^"]*/sheetMetadata"[^>]*>', rels
    )
    if match is None:
        return None
    target = re.search(rb'Target="([^"]+)"', match.group(0))
    if target is None:
        return None
    name = target.group(1).decode()
    return name.lstrip("/") if name.startswith("/") else f"xl/{name}"


def dynamic_mark(read: Callable[[str], bytes | None]) -> tuple[bytes, dict[str, bytes]]:
    """The ``cm`` value that marks a cell as a dynamic array, and the parts to write so that it means that.

    ``read(name)`` gives a part of the workbook, or None when it has none of that name.
    """
    rels = read(_WORKBOOK_RELS) or b""
    part = _metadata_part(rels)
    existing = read(part) if part is not None else None
    if part is not None and existing is not None:
        metadata, cm = _with_mark(existing)
        return cm, ({part: metadata} if metadata != existing else {})
    types = read(_CONTENT_TYPES) or b""
    changed = {_METADATA_PART: METADATA}
    if b'PartName="/xl/metadata.xml"' not in types:
        changed[_CONTENT_TYPES] = types.replace(b"</Types>", CONTENT_TYPE + b"</Types>")
    if b"rIdXlscoreMetadata" not in rels:
        changed[_WORKBOOK_RELS] = rels.replace(b"</Relationships>", RELATIONSHIP + b"</Relationships>")
    return b"1", changed


def calculated(workbook: bytes) -> bytes:
    """The workbook part saying its values are computed: no ``fullCalcOnLoad``, Excel 365's ``calcId``."""
    match = re.search(rb"<(\w+:)?calcPr\b([^>]*?)(/?)>", workbook)
    if match is None:
        return re.sub(rb"(</(?:\w+:)?workbook>)", b'<calcPr calcId="' + CALC_ID + rb'"/>\1', workbook, count=1)
    attrs = re.sub(rb'\s(fullCalcOnLoad|forceFullCalc)="[^"]*"', b"", match.group(2))
    if b"calcId=" in attrs:
        attrs = re.sub(rb'calcId="\d*"', b'calcId="' + CALC_ID + b'"', attrs)
    else:
        attrs = b' calcId="' + CALC_ID + b'"' + attrs
    prefix = match.group(1) or b""
    return (
        workbook[: match.start()] + b"<" + prefix + b"calcPr" + attrs + match.group(3) + b">" + workbook[match.end() :]
    )


def _sheet_parts(parts: Mapping[str, bytes]) -> dict[str, str]:
    """Sheet title -> its part name, from the workbook and its relationships (as openpyxl writes them)."""
    workbook = parts["xl/workbook.xml"].decode()
    rels = parts[_WORKBOOK_RELS].decode()
    targets = {
        rid: target.lstrip("/") if target.startswith("/") else f"xl/{target}"
        for target, rid in re.findall(r'<Relationship[^>]*?Target="([^"]+)"[^>]*?Id="([^"]+)"', rels)
    }
    found = {}
    for name, rid in re.findall(r'<sheet [^>]*?name="([^"]+)"[^>]*?r:id="([^"]+)"', workbook):
        found[name.replace("&amp;", "&").replace("&apos;", "'").replace("&quot;", '"')] = targets[rid]
    return found


def _mark(xml: bytes, anchor: str, cm: bytes) -> bytes:
    """Give the array formula at ``anchor`` the dynamic-array cell metadata."""
    pattern = re.compile(rb'<c r="' + anchor.encode() + rb'"([^>]*)><f t="array"')
    marked, count = pattern.subn(rb'<c r="' + anchor.encode() + rb'"\1 cm="' + cm + rb'"><f t="array"', xml, count=1)
    if count != 1:
        raise BookError(f"no array formula at {anchor} to make dynamic")
    return marked


def make_dynamic(path: Path, anchors: Mapping[str, Sequence[str]]) -> None:
    """Rewrite a workbook openpyxl saved at ``path`` so that the array formulas at ``anchors`` (by sheet title)
    spill in Excel 365, and so that the same content gives the same bytes: fixed zip time stamps and a fixed
    modified date (openpyxl stamps the time of saving, whatever the properties say)."""
    with zipfile.ZipFile(path) as source:
        order = [info.filename for info in source.infolist()]
        parts = {name: source.read(name) for name in order}
    if any(anchors.values()):
        cm, changed = dynamic_mark(parts.get)
        order += [name for name in changed if name not in parts]
        parts.update(changed)
        by_title = _sheet_parts(parts)
        for title, cells in anchors.items():
            for anchor in cells:
                parts[by_title[title]] = _mark(parts[by_title[title]], anchor, cm)
    parts["docProps/core.xml"] = re.sub(
        rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
        rb"\g<1>2026-01-01T00:00:00Z\2",
        parts["docProps/core.xml"],
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for name in order:
            out.writestr(zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME), parts[name], zipfile.ZIP_DEFLATED)
