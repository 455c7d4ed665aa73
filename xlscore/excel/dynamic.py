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

from xlscore.core.errors import WorkbookError

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


def _blocks(xml: bytes, element: bytes) -> tuple[re.Match[bytes] | None, list[bytes]]:
    """The element (``cellMetadata``, ...) and its ``<bk>`` children."""
    match = re.search(rb"<(?:\w+:)?" + element + rb"\b[^>]*>(.*?)</(?:\w+:)?" + element + rb">", xml, re.S)
    if match is None:
        return None, []
    return match, re.findall(rb"<(?:\w+:)?bk\b.*?</(?:\w+:)?bk>", match.group(1), re.S)


def _append(xml: bytes, element: bytes, block: bytes) -> bytes:
    """``block`` appended to the existing ``element``, its count updated."""
    match, blocks = _blocks(xml, element)
    assert match is not None
    start = re.sub(
        rb'\scount="\d+"', b' count="' + str(len(blocks) + 1).encode() + b'"', xml[match.start() : match.start(1)]
    )
    return xml[: match.start()] + start + match.group(1) + block + xml[match.end(1) :]


def _insert(xml: bytes, block: bytes, before: tuple[bytes, ...]) -> bytes:
    """``block`` inserted before the first of the tags ``before`` that the part has (schema order)."""
    for tag in before:
        at = xml.find(tag)
        if at >= 0:
            return xml[:at] + block + xml[at:]
    return xml  # pragma: no cover - every list ends with the closing tag


def _with_mark(metadata: bytes) -> tuple[bytes, bytes]:
    """A workbook's existing metadata part with an XLDAPR cell-metadata block, and that block's cm number."""
    types = re.findall(rb"<metadataType\b[^>]*>", metadata)
    type_index = next((i for i, t in enumerate(types, start=1) if b'name="XLDAPR"' in t), 0)
    future = re.search(rb'<futureMetadata name="XLDAPR"[^>]*>(.*?)</futureMetadata>', metadata, re.S)
    future_blocks = re.findall(rb"<bk\b.*?</bk>", future.group(1), re.S) if future is not None else []
    future_index = next((i for i, b in enumerate(future_blocks) if b'fDynamic="1"' in b), -1)
    _, cells = _blocks(metadata, b"cellMetadata")
    if type_index and future_index >= 0:
        wanted = re.compile(rb'<rc t="' + str(type_index).encode() + rb'" v="' + str(future_index).encode() + b'"')
        for number, block in enumerate(cells, start=1):
            if wanted.search(block):
                return metadata, str(number).encode()
    if not type_index:
        if types:
            metadata = _append_type(metadata)
        else:
            opening = re.search(rb"<metadata\b[^>]*>", metadata)
            assert opening is not None
            at = opening.end()
            metadata = metadata[:at] + b'<metadataTypes count="1">' + _TYPE + b"</metadataTypes>" + metadata[at:]
        type_index = len(types) + 1
    if future_index < 0:
        if _XDA not in metadata:
            metadata = re.sub(rb"<metadata\b", b"<metadata " + _XDA, metadata, count=1)
        if future is None:
            block = b'<futureMetadata name="XLDAPR" count="1">' + _FUTURE_BLOCK + b"</futureMetadata>"
            metadata = _insert(metadata, block, (b"<cellMetadata", b"<valueMetadata", b"<extLst", b"</metadata>"))
            future_index = 0
        else:
            inner = future.group(1) + _FUTURE_BLOCK
            head = re.sub(
                rb'\scount="\d+"',
                b' count="' + str(len(future_blocks) + 1).encode() + b'"',
                metadata[future.start() : future.start(1)],
            )
            metadata = metadata[: future.start()] + head + inner + metadata[future.end(1) :]
            future_index = len(future_blocks)
    block = b'<bk><rc t="' + str(type_index).encode() + b'" v="' + str(future_index).encode() + b'"/></bk>'
    if b"<cellMetadata" in metadata:
        metadata = _append(metadata, b"cellMetadata", block)
    else:
        wrapped = b'<cellMetadata count="1">' + block + b"</cellMetadata>"
        metadata = _insert(metadata, wrapped, (b"<valueMetadata", b"<extLst", b"</metadata>"))
    return metadata, str(len(cells) + 1).encode()


def _append_type(metadata: bytes) -> bytes:
    match = re.search(rb"<metadataTypes\b[^>]*>(.*?)</metadataTypes>", metadata, re.S)
    assert match is not None
    count = len(re.findall(rb"<metadataType\b", match.group(1))) + 1
    head = re.sub(rb'\scount="\d+"', b' count="' + str(count).encode() + b'"', metadata[match.start() : match.start(1)])
    return metadata[: match.start()] + head + match.group(1) + _TYPE + metadata[match.end(1) :]


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
        raise WorkbookError(f"no array formula at {anchor} to make dynamic")
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
