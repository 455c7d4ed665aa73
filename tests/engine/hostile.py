"""Builders of broken and hostile workbook files, made small in a test's folder so that nothing large is committed."""

from __future__ import annotations

import itertools
import struct
import warnings
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
WORKSHEET = f"{REL}/worksheet"

CONTENT_TYPES = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    b'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    b'<Default Extension="xml" ContentType="application/xml"/>'
    b'<Override PartName="/xl/workbook.xml" '
    b'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    b"</Types>"
)


def sheet_xml(*rows: Iterable[float]) -> bytes:
    """A worksheet part holding the numbers of ``rows`` from A1."""
    body = []
    for r, row in enumerate(rows, start=1):
        cells = "".join(f'<c r="{chr(64 + c)}{r}"><v>{v}</v></c>' for c, v in enumerate(row, start=1))
        body.append(f'<row r="{r}">{cells}</row>')
    return f'<worksheet xmlns="{MAIN}"><sheetData>{"".join(body)}</sheetData></worksheet>'.encode()


def workbook_xml(*sheets: tuple[str, str]) -> bytes:
    """xl/workbook.xml listing (sheet name, relationship id) in order."""
    listed = "".join(
        f'<sheet name="{name}" sheetId="{i}" r:id="{rid}"/>' for i, (name, rid) in enumerate(sheets, start=1)
    )
    return f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>{listed}</sheets></workbook>'.encode()


def rels_xml(*relationships: tuple[str, str, str] | tuple[str, str, str, str]) -> bytes:
    """A relationships part from (id, type, target) or (id, type, target, target mode)."""
    items = []
    for rel in relationships:
        mode = f' TargetMode="{rel[3]}"' if len(rel) == 4 else ""
        items.append(f'<Relationship Id="{rel[0]}" Type="{rel[1]}" Target="{rel[2]}"{mode}/>')
    return f'<Relationships xmlns="{PACKAGE_REL}">{"".join(items)}</Relationships>'.encode()


def minimal_parts() -> dict[str, bytes]:
    """The parts of a small valid workbook written by hand: sheets "Results" and "Totals"."""
    return {
        "[Content_Types].xml": CONTENT_TYPES,
        "_rels/.rels": rels_xml(("rId1", f"{REL}/officeDocument", "xl/workbook.xml")),
        "xl/workbook.xml": workbook_xml(("Results", "rId1"), ("Totals", "rId2")),
        "xl/_rels/workbook.xml.rels": rels_xml(
            ("rId1", WORKSHEET, "worksheets/sheet1.xml"), ("rId2", WORKSHEET, "worksheets/sheet2.xml")
        ),
        "xl/worksheets/sheet1.xml": sheet_xml([1, 2, 3], [4, 5, 6]),
        "xl/worksheets/sheet2.xml": sheet_xml([21]),
    }


def write_zip(
    path: Path, parts: Mapping[str, bytes], compression: int = zipfile.ZIP_DEFLATED, *, duplicates: bool = False
) -> Path:
    """A zip of ``parts`` in order. ``duplicates`` silences zipfile's warning about repeated names."""
    with warnings.catch_warnings():
        if duplicates:
            warnings.filterwarnings("ignore", "Duplicate name", UserWarning)
        with zipfile.ZipFile(path, "w", compression) as archive:
            for name, data in parts.items():
                archive.writestr(name, data)
    return path


def write_zip_entries(path: Path, entries: Iterable[tuple[str, bytes]]) -> Path:
    """A zip of (name, data) entries, repeated names allowed."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Duplicate name", UserWarning)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in entries:
                archive.writestr(name, data)
    return path


def write_zeros_part(path: Path, name: str, size: int, parts: Mapping[str, bytes]) -> Path:
    """A workbook whose part ``name`` is ``size`` zero bytes, deflated (a real high-ratio part), written in chunks."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for part, data in parts.items():
            if part != name:
                archive.writestr(part, data)
        with archive.open(name, "w") as stream:
            chunk = bytes(2**20)
            for _ in range(size // len(chunk)):
                stream.write(chunk)
            stream.write(bytes(size % len(chunk)))
    return path


def patch_entry(
    path: Path,
    name: str,
    *,
    file_size: int | None = None,
    compress_size: int | None = None,
    crc: int | None = None,
    flag_bits: int | None = None,
) -> None:
    """Rewrite fields of the member ``name`` in both its local header and its central directory entry."""
    data = bytearray(path.read_bytes())
    encoded = name.encode()
    with zipfile.ZipFile(path) as archive:
        local = archive.getinfo(name).header_offset
    central = _central_entry(data, encoded)
    # (field, offset in the local header, offset in the central directory entry, struct format)
    fields = (
        (flag_bits, 6, 8, "<H"),
        (crc, 14, 16, "<L"),
        (compress_size, 18, 20, "<L"),
        (file_size, 22, 24, "<L"),
    )
    for value, local_at, central_at, form in fields:
        if value is not None:
            struct.pack_into(form, data, local + local_at, value)
            struct.pack_into(form, data, central + central_at, value)
    path.write_bytes(bytes(data))


def _central_entry(data: bytearray, name: bytes) -> int:
    at = data.find(b"PK\x01\x02")
    while at != -1:
        length = struct.unpack_from("<H", data, at + 28)[0]
        if data[at + 46 : at + 46 + length] == name:
            return at
        at = data.find(b"PK\x01\x02", at + 1)
    raise LookupError(name)


def data_offset(path: Path, name: str) -> int:
    """Where the member's compressed data starts in the file."""
    data = path.read_bytes()
    with zipfile.ZipFile(path) as archive:
        local = archive.getinfo(name).header_offset
    name_length: int
    extra_length: int
    name_length, extra_length = struct.unpack_from("<HH", data, local + 26)
    return local + 30 + name_length + extra_length


def ole_file(path: Path, *streams: str) -> Path:
    """An OLE2 compound file as far as detection goes: the magic, padding, and directory entry names in UTF-16LE."""
    body = bytearray(OLE_MAGIC + bytes(504))
    for stream in streams:
        entry = stream.encode("utf-16-le").ljust(64, b"\0")
        body += entry + bytes(64)
    path.write_bytes(bytes(body.ljust(4096, b"\0")))
    return path


BILLION_LAUGHS = (
    b'<?xml version="1.0"?>\n'
    b'<!DOCTYPE lolz [<!ENTITY lol "lol">'
    b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
    b'<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">'
    b'<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">'
    b'<!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">'
    b'<!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">'
    b'<!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">'
    b'<!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">'
    b'<!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>\n'
    b'<worksheet xmlns="' + MAIN.encode() + b'"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t>'
    b"</is></c></row></sheetData></worksheet>"
)

EXTERNAL_ENTITY = (
    b'<?xml version="1.0"?>\n'
    b'<!DOCTYPE worksheet [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
    b'<worksheet xmlns="' + MAIN.encode() + b'"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&secret;</t>'
    b"</is></c></row></sheetData></worksheet>"
)


def sheet_of(body: bytes, *, root: bytes = b"", before: bytes = b"", head: bytes = b"") -> bytes:
    """A worksheet part written by hand: ``body`` inside its sheetData, ``root`` more attributes of the root element,
    ``before`` between the XML declaration and the root, ``head`` before the sheetData."""
    return (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        + before
        + b'<worksheet xmlns="'
        + MAIN.encode()
        + b'"'
        + root
        + b">"
        + head
        + b"<sheetData>"
        + body
        + b"</sheetData></worksheet>"
    )


_A1 = b'<c r="A1"><v>666</v></c>'
_B1 = b'<c r="B1"><f>A1+1</f></c>'
_EVIL = b' xmlns:e="urn:example:not-spreadsheetml"'

HIDDEN_A1: dict[str, bytes] = {
    "comment": sheet_of(b'<row r="1"><!--' + _A1 + b"-->" + _B1 + b"</row>"),
    "processing instruction": sheet_of(b'<row r="1"><?cell ' + _A1 + b"?>" + _B1 + b"</row>"),
    "CDATA": sheet_of(b'<row r="1"><![CDATA[' + _A1 + b"]]>" + _B1 + b"</row>"),
    "element of another namespace": sheet_of(
        b'<row r="1"><e:c r="A1"' + _EVIL + b"><e:v>666</e:v></e:c>" + _B1 + b"</row>"
    ),
    "another default namespace": sheet_of(
        b'<row r="1"><c xmlns="urn:example:not-spreadsheetml" r="A1"><v>666</v></c>' + _B1 + b"</row>"
    ),
    "a prefix the root binds elsewhere": sheet_of(
        b'<row r="1"><e:c r="A1"><e:v>666</e:v></e:c>' + _B1 + b"</row>", root=_EVIL
    ),
    "a cell inside an element of another namespace": sheet_of(
        b'<row r="1"><e:wrap' + _EVIL + b">" + _A1 + b"</e:wrap>" + _B1 + b"</row>"
    ),
    "a value of another namespace": sheet_of(b'<row r="1"><c r="A1"><e:v>666</e:v></c>' + _B1 + b"</row>", root=_EVIL),
    "sheetData in a comment before the real one": sheet_of(
        b'<row r="1">' + _B1 + b"</row>", head=b'<!--<sheetData><row r="1">' + _A1 + b"</row></sheetData>-->"
    ),
    "sheetData in a comment before the root": sheet_of(
        b'<row r="1">' + _B1 + b"</row>", before=b'<!--<sheetData><row r="1">' + _A1 + b"</row></sheetData>-->\n"
    ),
    "sheetData of another namespace before the real one": sheet_of(
        b'<row r="1">' + _B1 + b"</row>", head=b"<e:sheetData" + _EVIL + b'><row r="1">' + _A1 + b"</row></e:sheetData>"
    ),
}
"""Worksheets whose B1 holds =A1+1 and whose A1 is blank to an XML parser (Excel, LibreOffice, openpyxl), with a cell
A1 holding 666 hidden where a scan by patterns alone would take it for a cell."""


NOISE = (
    b"",
    b"<!-- <c r='Z9'><v>9</v></c> -->",
    b"<?note <c r='Z9'><v>9</v></c>?>",
    b"<![CDATA[<c r='Z9'><v>9</v></c>]]>",
    b"<e:c r='Z9'><e:v>9</e:v></e:c>",
    b"<e:wrap><c r='Z9'><v>9</v></c></e:wrap>",
    b"<c xmlns='urn:example:other' r='Z9'><v>9</v></c>",
    b"\n  ",
)
"""What :func:`noisy_sheet` puts between and inside cells: nothing a parser reads as a cell or a value."""


def noisy_sheet(rows: Sequence[Sequence[int]], noise: Iterable[bytes], prefixed: bool = False) -> bytes:
    """A worksheet of ``rows`` of numbers from A1 with the pieces of ``noise``, in turn and over again, before each
    cell, inside each value, at the end of each row and before the sheetData; spreadsheetml as the default
    namespace, or with the prefix x."""
    pieces = itertools.cycle([piece.decode() for piece in noise] or [""])
    x = "x:" if prefixed else ""
    body = ""
    for r, values in enumerate(rows, start=1):
        cells = "".join(
            f'{next(pieces)}<{x}c r="{chr(65 + c)}{r}"><{x}v>{v}{next(pieces)}</{x}v></{x}c>'
            for c, v in enumerate(values)
        )
        body += f'<{x}row r="{r}">{cells}{next(pieces)}</{x}row>'
    namespaces = f'xmlns:e="urn:example:other" xmlns{":x" if prefixed else ""}="{MAIN}"'
    return f"<{x}worksheet {namespaces}>{next(pieces)}<{x}sheetData>{body}</{x}sheetData></{x}worksheet>".encode()


def parsed_cells(sheet: bytes) -> set[tuple[int, int, str]]:
    """The cells with a value that ElementTree reads in a worksheet: (row, column, the value's text), from the
    spreadsheetml rows of the root's sheetData, each cell with its reference."""
    main = f"{{{MAIN}}}"
    found = set()
    data = ET.fromstring(sheet).find(f"{main}sheetData")
    for row in data.findall(f"{main}row") if data is not None else []:
        for cell in row.findall(f"{main}c"):
            value = cell.find(f"{main}v")
            if value is not None:
                reference = cell.get("r", "")
                letters = reference.rstrip("0123456789")
                column = 0
                for letter in letters:
                    column = column * 26 + ord(letter) - 64
                found.add((int(reference[len(letters) :]), column, value.text or ""))
    return found
