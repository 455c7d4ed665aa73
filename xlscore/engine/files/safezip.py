"""Opening a user's workbook safely: every read of an .xlsx file goes through here.

A workbook comes from a coordinator's disk and may be anything: a CSV renamed .xlsx, an Excel 97-2003 .xls, a
password-protected file, a copy cut short, or a file built to hurt (a zip bomb, an XML entity bomb). Each is refused
with a :class:`~xlscore.engine.errors.BookError` whose message is one line naming the file and the problem, fast
and with bounded memory, and never a traceback. The file is only ever opened for reading.

:func:`open_workbook` checks, in this order:

1. the path is an existing, readable, regular file (not a folder, a pipe or a device), not empty and at most
   :data:`~xlscore.engine.files.safe_io.MAX_WORKBOOK_SIZE` (:func:`~xlscore.engine.files.safe_io.open_input`);
2. it is not an OLE2 compound file, which is either a password-protected workbook (Excel encrypts an .xlsx into an
   OLE2 file with ``EncryptionInfo`` and ``EncryptedPackage`` streams) or an Excel 97-2003 .xls;
3. it is a zip file: text (a CSV) is told apart from other formats, and a file that starts like a zip but cannot be
   opened is called damaged or incomplete;
4. the zip's *declared* sizes, before anything is decompressed: at most :data:`MAX_PARTS` parts, no two with the
   same name, no part over :data:`MAX_PART_SIZE`, all parts together at most :data:`MAX_TOTAL_SIZE`, and no part
   over :data:`RATIO_FLOOR` compressed more than :data:`MAX_RATIO` to 1;
5. the parts every workbook has: ``xl/workbook.xml`` (an .xlsb or an OpenDocument file is named as such) and
   ``[Content_Types].xml``.

Reading a part (:meth:`SafeZip.read`) does its own decompression from the part's raw bytes, so it never reads more
than the declared compressed size nor produces more than the declared size: a part whose data holds more than its
header says is refused as soon as the excess appears, and one that holds less, or fails its CRC, is damaged. Every
XML parse uses defusedxml with DTDs, entities and external references forbidden, so a "billion laughs" or an
external entity is refused before it expands. :meth:`SafeZip.xml` builds the whole tree, which takes about 14 times
the XML's size in memory, so it first counts the part's tags and refuses more than :data:`MAX_XML_TAGS`.

The limits were set against a real sheet: 50,000 rows x 6 columns of tournament results (player and event names,
places, scores, a formula per row) written by openpyxl 3.1.5 is a 13.5 MiB ``sheet1.xml`` compressed 7.7 to 1 into a
1.8 MiB file, with 1.55 million ``<`` for 800,000 elements, and parses into a 185 MiB ElementTree. The most
repetitive sheets measured, 50,000 rows of the same number or the same long text in every row, compress 15 and 42
to 1. A zip bomb is about 1,030 to 1 (deflate's limit), so a 1 MiB file that inflates to 1 GiB fails on both
checks. Binary parts (images, embedded objects) are checked like the rest, so a genuine one over 1 MiB that packs
more than 200 to 1 (an uncompressed bitmap of one colour, say) would be refused too. Reading a part holds at most
twice its declared size (the pieces, then the joined bytes).

Parts are named as zip members (``xl/worksheets/sheet1.xml``, no leading slash), exactly as stored; part names
from relationships are resolved to that form by :func:`relationships`.
"""

from __future__ import annotations

import contextlib
import io
import os
import struct
import xml.etree.ElementTree as ET
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import TracebackType
from typing import IO, Final, Literal, Self
from urllib.parse import unquote
from xml.parsers import expat

# defusedxml ships no type hints; types-defusedxml may or may not be installed.
import defusedxml  # type: ignore[import-untyped, unused-ignore]
import defusedxml.ElementTree as SafeET  # type: ignore[import-untyped, unused-ignore]
from defusedxml.common import DTDForbidden, EntitiesForbidden  # type: ignore[import-untyped, unused-ignore]

from xlscore.engine.errors import BookError, shown
from xlscore.engine.files.safe_io import MAX_WORKBOOK_SIZE, open_input, size_text

__all__ = [
    "MAX_PARTS",
    "MAX_PART_SIZE",
    "MAX_RATIO",
    "MAX_TOTAL_SIZE",
    "MAX_XML_TAGS",
    "RATIO_FLOOR",
    "SafeZip",
    "external_relationships",
    "guarded_parser",
    "open_workbook",
    "relationships",
    "sheet_parts",
]

MAX_PART_SIZE: Final = 256 * 2**20
"""Largest declared uncompressed size of one part, in bytes (19 times the 50,000-row sheet)."""

MAX_TOTAL_SIZE: Final = 512 * 2**20
"""Largest declared uncompressed size of all parts together, in bytes."""

MAX_RATIO: Final = 200
"""Largest compression ratio (uncompressed / compressed size) of a part bigger than :data:`RATIO_FLOOR`."""

RATIO_FLOOR: Final = 2**20
"""Parts up to this declared size are not checked for their ratio: small parts compress wildly and harm nothing."""

MAX_PARTS: Final = 10_000
"""Most parts (zip members) a workbook may have; one with a few hundred sheets, drawings and images has under 2,000."""

MAX_XML_TAGS: Final = 16_000_000
"""Most ``<`` in a part :meth:`SafeZip.xml` parses whole: about 500,000 rows of 6 columns, a 2 GB tree."""

_OLE_MAGIC: Final = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTION_STREAMS: Final = ("EncryptedPackage".encode("utf-16-le"), "EncryptionInfo".encode("utf-16-le"))
_LOCAL_HEADER: Final = struct.Struct("<4s22xHH")  # signature ... file name length, extra field length
_LOCAL_SIGNATURE: Final = b"PK\x03\x04"
_CHUNK: Final = 2**20
_HEAD: Final = 4096
_ENCRYPTED_FLAG: Final = 0x1
_METHODS: Final = {zipfile.ZIP_BZIP2: "BZIP2", zipfile.ZIP_LZMA: "LZMA"}
_RELATIONSHIP_NAMESPACES: Final = (
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "http://purl.oclc.org/ooxml/officeDocument/relationships",  # Strict Open XML
)
_REPAIR: Final = "open it in Excel (which offers to repair it) and save it again, or use a backup copy"

# What zipfile raises for a file it cannot make sense of, besides BadZipFile: a corrupt directory can send it to
# a negative offset (ValueError, OverflowError), a short read (EOFError, struct.error), a bad name (UnicodeError, a
# ValueError) or a made-up format version (NotImplementedError).
_ZIP_ERRORS: Final = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    EOFError,
    OSError,
    ValueError,
    OverflowError,
    struct.error,
    NotImplementedError,
)


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


class SafeZip:
    """A workbook file opened by :func:`open_workbook`, its declared sizes checked; a context manager.

    Holds the file open (read-only) until :meth:`close` or the end of the ``with`` block.
    """

    path: Path

    def __init__(self, path: Path, handle: IO[bytes], archive: zipfile.ZipFile) -> None:
        """Use :func:`open_workbook`; this does none of its checks."""
        self.path = path
        self._label = path.name or str(path)
        self._handle = handle
        self._archive = archive
        self._infos = {info.filename: info for info in archive.infolist()}

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the file. Reading afterwards raises ValueError."""
        self._archive.close()
        self._handle.close()

    def names(self) -> list[str]:
        """Every part's name, in archive order."""
        return list(self._infos)

    def has(self, name: str) -> bool:
        """Whether the workbook has a part of exactly this name (``xl/styles.xml``)."""
        return name in self._infos

    def infos(self) -> list[zipfile.ZipInfo]:
        """Every part's zip entry, in archive order, for a writer that copies the parts."""
        return list(self._infos.values())

    def read(self, name: str) -> bytes:
        """The part's bytes, never more than its declared size; a missing, damaged or oversized part is refused."""
        info = self._infos.get(name)
        if info is None:
            raise BookError(f"{self._label} has no part {name} (the workbook is damaged)")
        try:
            return self._inflate(info)
        except zlib.error as exc:
            raise BookError(f"{self._label} is damaged: part {name} cannot be decompressed; {_REPAIR}") from exc
        except OSError as exc:
            raise BookError(f"{self._label} cannot be read: {exc.strerror or exc}") from exc

    def xml(self, name: str) -> ET.Element:
        """The part parsed whole, with defusedxml; malformed XML, a DTD or too many tags are refused."""
        data = self.read(name)
        tags = data.count(b"<")
        if tags > MAX_XML_TAGS:
            raise BookError(
                f"{self._label} is too large to read: part {name} has {tags:,} XML tags, more than the "
                f"{MAX_XML_TAGS:,} xlscore reads at once (about 500,000 rows of 6 columns)"
            )
        try:
            root: ET.Element = SafeET.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
        except (defusedxml.DefusedXmlException, ET.ParseError, ValueError) as exc:
            raise self._xml_error(name, exc) from exc
        return root

    def checked(self, name: str) -> bytes:
        """The part's bytes after a full well-formedness check by expat with defusedxml's guards, building no tree.

        For the worksheets, which the recalculation then scans for their cells (:mod:`xlscore.engine.files.sheetxml`):
        expat refuses a DTD, so no entity can be declared, let alone expanded, and malformed XML is refused with
        the same message as :meth:`xml`. Building a tree costs ten times more on a 50,000-row sheet.
        """
        data = self.read(name)
        try:
            guarded_parser().Parse(data, True)
        except defusedxml.DefusedXmlException as exc:
            raise self._xml_error(name, exc) from exc
        except expat.ExpatError as exc:
            error = ET.ParseError(f"{expat.ErrorString(exc.code)}: line {exc.lineno}, column {exc.offset}")
            error.position = (exc.lineno, exc.offset)
            raise self._xml_error(name, error) from exc
        return data

    def iterparse(
        self, name: str, events: Iterable[Literal["start", "end"]] = ("end",)
    ) -> Iterator[tuple[str, ET.Element]]:
        """The part's (event, element) pairs as it is parsed, with defusedxml; errors as for :meth:`xml`.

        For sheets too big for :meth:`xml`: the part's bytes are read whole (bounded by :data:`MAX_PART_SIZE`),
        but the tree is only as big as the caller lets it grow, so clear each element when done with it. Nothing
        is read until the first pair is asked for.
        """
        data = self.read(name)
        try:
            yield from SafeET.iterparse(
                io.BytesIO(data), events=tuple(events), forbid_dtd=True, forbid_entities=True, forbid_external=True
            )
        except (defusedxml.DefusedXmlException, ET.ParseError, ValueError) as exc:
            raise self._xml_error(name, exc) from exc

    def _xml_error(self, name: str, exc: Exception) -> BookError:
        if isinstance(exc, defusedxml.DefusedXmlException):
            return BookError(
                f"{self._label} was refused: part {name} contains an XML entity declaration (DTD), which a workbook "
                "never needs; refused for safety"
            )
        if isinstance(exc, ET.ParseError):
            line, column = exc.position
            reason = str(exc).rsplit(": line", 1)[0]
            # expat counts columns from 0; people count from 1.
            return BookError(
                f"{self._label} is damaged: part {name} is not valid XML ({reason} at line {line}, column {column + 1})"
            )
        return BookError(f"{self._label} is damaged: part {name} cannot be read as XML ({exc})")

    def _inflate(self, info: zipfile.ZipInfo) -> bytes:
        """Decompress one part from its raw bytes, stopping the moment it would exceed its declared size.

        Not ``ZipFile.open``: it stops at the declared size without a word, so a part holding more than its header
        declares comes back cut short, and is taken as whole when its CRC was made to fit the declared bytes (the
        two lying parts of tests/engine/test_safezip.py: one refused for its CRC, one not refused at all).
        """
        name, declared = info.filename, info.file_size
        if info.flag_bits & _ENCRYPTED_FLAG:
            raise BookError(
                f"{self._label} is damaged or not from Excel: part {name} is zip-encrypted, which Excel never does"
            )
        method = info.compress_type
        if method not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            kind = _METHODS.get(method, f"method {method}")
            raise BookError(
                f"{self._label} was not saved by Excel: part {name} is compressed with {kind}, which Excel cannot "
                "read; save it as .xlsx from the program that made it"
            )
        if method == zipfile.ZIP_STORED and info.compress_size != declared:
            raise BookError(f"{self._label} is damaged: part {name} has inconsistent sizes; {_REPAIR}")
        self._handle.seek(info.header_offset)
        header = self._handle.read(_LOCAL_HEADER.size)
        if len(header) < _LOCAL_HEADER.size or header[:4] != _LOCAL_SIGNATURE:
            raise BookError(f"{self._label} is damaged: part {name} is not where the zip says; {_REPAIR}")
        _, name_length, extra_length = _LOCAL_HEADER.unpack(header)
        self._handle.seek(info.header_offset + _LOCAL_HEADER.size + name_length + extra_length)

        inflater = zlib.decompressobj(-zlib.MAX_WBITS) if method == zipfile.ZIP_DEFLATED else None
        chunks: list[bytes] = []
        produced = 0
        crc = 0
        left = info.compress_size
        while left > 0 and not (inflater is not None and inflater.eof):
            raw = self._handle.read(min(_CHUNK, left))
            if not raw:
                raise BookError(f"{self._label} is damaged or incomplete: part {name} is cut short; {_REPAIR}")
            left -= len(raw)
            while raw:
                # Asking for one byte more than may still come is what reveals a part that lies about its size.
                data = raw if inflater is None else inflater.decompress(raw, declared - produced + 1)
                produced += len(data)
                if produced > declared:
                    raise BookError(
                        f"{self._label} was refused: part {name} holds more data than the {declared:,} bytes its "
                        "header declares (a damaged file or a zip bomb)"
                    )
                crc = zlib.crc32(data, crc)
                chunks.append(data)
                raw = b"" if inflater is None else inflater.unconsumed_tail
        # An empty part may be stored as deflated with no data at all.
        unfinished = inflater is not None and not inflater.eof and info.compress_size > 0
        if unfinished or produced != declared:
            raise BookError(
                f"{self._label} is damaged: part {name} holds less data than its header declares; {_REPAIR}"
            )
        if crc != info.CRC:
            raise BookError(f"{self._label} is damaged: part {name} fails its checksum (CRC); {_REPAIR}")
        return b"".join(chunks)


def _forbid_dtd(name: str, *args: object) -> None:
    raise DTDForbidden(name, None, None)


def _forbid_entity(name: str | None, *args: object) -> int:
    raise EntitiesForbidden(name, None, None, None, None, None)


def guarded_parser(namespace_separator: str | None = None) -> expat.XMLParserType:
    """An expat parser with defusedxml's guards: a DTD or an entity raises a ``defusedxml.DefusedXmlException``
    before anything is declared or expanded. With ``namespace_separator``, it reads namespaces (and refuses a
    prefix that none binds)."""
    parser = expat.ParserCreate(namespace_separator=namespace_separator)
    parser.StartDoctypeDeclHandler = _forbid_dtd
    parser.EntityDeclHandler = _forbid_entity
    parser.UnparsedEntityDeclHandler = _forbid_entity
    parser.ExternalEntityRefHandler = _forbid_entity
    return parser


def open_workbook(path: str | os.PathLike[str], *, opendocument: bool = False) -> SafeZip:
    """Open the .xlsx workbook at ``path`` for reading, after the checks in this module's docstring (with
    ``opendocument``, a LibreOffice .ods: the same checks, and its content.xml in place of xl/workbook.xml).

    Raises BookError with a one-line message naming the file and the problem. Use as a context manager.
    """
    source = Path(path)
    label = source.name or str(source)
    with contextlib.ExitStack() as cleanup:
        handle = cleanup.enter_context(open_input(source, "workbook", MAX_WORKBOOK_SIZE))  # stays open in the SafeZip
        try:
            size = os.fstat(handle.fileno()).st_size
            head = handle.read(_HEAD)
        except OSError as exc:
            raise BookError(f"{label} cannot be read: {exc.strerror or exc}") from exc
        if size == 0 or not head:
            raise BookError(f"{label} is empty (0 bytes), so it holds no workbook; save it again from Excel")
        if head.startswith(_OLE_MAGIC):
            raise BookError(_ole_message(label, handle))
        try:
            handle.seek(0)
            archive = cleanup.enter_context(zipfile.ZipFile(handle))
        except _ZIP_ERRORS as exc:
            raise BookError(_not_zip_message(label, head)) from exc
        _check_declared(label, archive.infolist())
        names = set(archive.namelist())
        if opendocument:
            if "content.xml" not in names:
                raise BookError(f"{label} is not an OpenDocument spreadsheet: it has no content.xml")
        else:
            _check_parts(label, names)
        cleanup.pop_all()
        return SafeZip(source, handle, archive)


def _ole_message(label: str, handle: IO[bytes]) -> str:
    try:
        protected = _has_encryption_stream(handle)
    except OSError as exc:
        return f"{label} cannot be read: {exc.strerror or exc}"
    if protected:
        return (
            f"{label} is protected with a password; remove the password in Excel (File > Info > Protect Workbook) "
            "and save again"
        )
    return f"{label} is an Excel 97-2003 workbook (.xls); save it as .xlsx (Excel Workbook) and try again"


def _has_encryption_stream(handle: IO[bytes]) -> bool:
    """Whether an OLE2 file names an encryption stream: a scan in chunks, so a big .xls costs time, not memory."""
    overlap = max(len(marker) for marker in _ENCRYPTION_STREAMS) - 1
    handle.seek(0)
    tail = b""
    while chunk := handle.read(_CHUNK):
        window = tail + chunk
        if any(marker in window for marker in _ENCRYPTION_STREAMS):
            return True
        tail = window[-overlap:]
    return False


def _not_zip_message(label: str, head: bytes) -> str:
    if head.startswith(b"PK"):
        return f"{label} is damaged or incomplete (cut short while saving or copying?); {_REPAIR}"
    if _looks_like_text(head):
        return (
            f"{label} is not an Excel workbook: it holds text, such as a CSV file renamed to .xlsx; open it in Excel "
            "and save it as .xlsx (Excel Workbook)"
        )
    return (
        f"{label} is not an Excel workbook (.xlsx), nor any zip file; save it as .xlsx (Excel Workbook) and try again"
    )


def _looks_like_text(head: bytes) -> bool:
    if head.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        return True
    return not any(byte < 0x20 and byte not in b"\t\n\r\f" for byte in head)


def _check_declared(label: str, infos: list[zipfile.ZipInfo]) -> None:
    """Refuse a zip bomb from the sizes the zip declares, before a byte is decompressed."""
    if len(infos) > MAX_PARTS:
        raise BookError(
            f"{label} was refused: it holds {len(infos):,} parts, more than the {MAX_PARTS:,} xlscore accepts "
            "(a damaged file or a zip bomb)"
        )
    seen: set[str] = set()
    total = 0
    for info in infos:
        name, size, packed = info.filename, info.file_size, info.compress_size
        if name in seen:
            raise BookError(f"{label} is damaged: it holds two parts named {name}; {_REPAIR}")
        seen.add(name)
        if size > MAX_PART_SIZE:
            raise BookError(
                f"{label} was refused: part {name} would unpack to {size_text(size)}, more than the "
                f"{size_text(MAX_PART_SIZE)} xlscore accepts for one part (a zip bomb, or far larger than any workbook)"
            )
        if size > RATIO_FLOOR and size > MAX_RATIO * packed:
            ratio = f"{size / packed:,.0f} to 1" if packed else "from nothing"
            raise BookError(
                f"{label} was refused: part {name} would unpack from {size_text(packed)} to {size_text(size)} "
                f"({ratio}), more compressed than any real workbook (a zip bomb or a damaged file)"
            )
        total += size
    if total > MAX_TOTAL_SIZE:
        raise BookError(
            f"{label} was refused: its parts would unpack to {size_text(total)} in all, more than the "
            f"{size_text(MAX_TOTAL_SIZE)} xlscore accepts (a zip bomb, or far larger than any workbook)"
        )


def _check_parts(label: str, names: set[str]) -> None:
    if "xl/workbook.xml" not in names:
        if "xl/workbook.bin" in names:
            raise BookError(
                f"{label} is an Excel Binary Workbook (.xlsb); save it as .xlsx (Excel Workbook) and try again"
            )
        if "mimetype" in names and "content.xml" in names:
            raise BookError(
                f"{label} is an OpenDocument file (LibreOffice or OpenOffice): name it .ods, which xlscore reads, or "
                "save it as .xlsx (Excel Workbook)"
            )
        raise BookError(f"{label} is not an Excel workbook: it has no xl/workbook.xml")
    if "[Content_Types].xml" not in names:
        raise BookError(f"{label} is damaged: it has no [Content_Types].xml; {_REPAIR}")


def _rels_part(part: str) -> str:
    folder, _, base = part.rpartition("/")
    return f"{folder}/_rels/{base}.rels" if folder else f"_rels/{base}.rels"


def _resolve(source: str, target: str) -> str:
    """A relationship's target as a zip member name: relative to the source part's folder, or absolute from '/'."""
    target = target.partition("#")[0]
    joined = target if target.startswith("/") else source.rpartition("/")[0] + "/" + target
    segments: list[str] = []
    for segment in joined.split("/"):
        if segment == "..":
            if segments:  # like a URL, ".." stops at the top of the package
                segments.pop()
        elif segment not in ("", "."):
            segments.append(segment)
    return "/".join(segments)


def _relationships(zip: SafeZip, part: str) -> tuple[dict[str, str], dict[str, str]]:
    rels = _rels_part(part)
    internal: dict[str, str] = {}
    external: dict[str, str] = {}
    if not zip.has(rels):
        return internal, external
    for element in zip.xml(rels):
        ident, target = element.get("Id"), element.get("Target")
        if _local(element.tag) != "Relationship" or ident is None or target is None:
            continue
        if element.get("TargetMode") == "External":
            external[ident] = target
            continue
        member = _resolve(part, target)
        # Part names are URIs; a writer may have stored a percent-encoded name either way.
        decoded = unquote(member)
        internal[ident] = decoded if not zip.has(member) and zip.has(decoded) else member
    return internal, external


def relationship_id(element: ET.Element) -> str | None:
    """The relationship an element links to (its ``r:id``, Transitional or Strict), or None."""
    return next((element.get(f"{{{ns}}}id") for ns in _RELATIONSHIP_NAMESPACES if element.get(f"{{{ns}}}id")), None)


def relationships(zip: SafeZip, part: str) -> dict[str, str]:
    """The part's relationships inside the workbook: relationship id -> target part, as a zip member name.

    ``relationships(zip, "xl/workbook.xml")`` reads ``xl/_rels/workbook.xml.rels``; ``""`` is the package itself
    (``_rels/.rels``). Targets relative to the part's folder (``worksheets/sheet1.xml``,
    ``../theme/theme1.xml``) and absolute ones (``/xl/worksheets/sheet1.xml``) come back as
    ``xl/worksheets/sheet1.xml``. External targets (``TargetMode="External"``: hyperlinks, linked workbooks) are
    left out; :func:`external_relationships` has them. A part without a relationships part has none: ``{}``. A
    target may name a part the zip does not have; reading it then says so.
    """
    return _relationships(zip, part)[0]


def external_relationships(zip: SafeZip, part: str) -> dict[str, str]:
    """The part's external relationships: relationship id -> target as written (a URL or a file path)."""
    return _relationships(zip, part)[1]


def sheet_parts(zip: SafeZip) -> list[tuple[str, str]]:
    """(sheet name, zip member) of every sheet, in workbook order, from ``xl/workbook.xml`` and its relationships.

    Chart sheets and dialog sheets are included (their parts are under ``xl/chartsheets/`` and
    ``xl/dialogsheets/``), so that the positions match ``localSheetId`` in defined names. A sheet listed with an
    empty link (no part) has the member ``""``: it is empty.
    """
    workbook = "xl/workbook.xml"
    label = zip.path.name or str(zip.path)
    root = zip.xml(workbook)
    rels = relationships(zip, workbook)
    found: list[tuple[str, str]] = []
    seen: set[str] = set()
    for block in root:
        if _local(block.tag) != "sheets":
            continue
        for sheet in block:
            if _local(sheet.tag) != "sheet":
                continue
            name = sheet.get("name")
            ident = relationship_id(sheet)
            if not name:
                raise BookError(f"{label} is damaged: {workbook} lists a sheet without a name; {_REPAIR}")
            if not ident:
                # Excel 2010 saves some hidden sheets with an empty link (r:id=""): a sheet with no part, read
                # as empty, kept in the list so that the sheets' positions (localSheetId) stay as Excel counts them.
                ident = ""
            elif ident not in rels:
                raise BookError(
                    f"{label} is damaged: sheet {shown(name)} links to {ident}, which {_rels_part(workbook)} does not "
                    f"have; {_REPAIR}"
                )
            if name.casefold() in seen:
                raise BookError(f"{label} is damaged: it has two sheets named {shown(name)}; {_REPAIR}")
            seen.add(name.casefold())
            found.append((name, rels[ident] if ident else ""))
    if not found:
        raise BookError(f"{label} is damaged: it has no sheets; {_REPAIR}")
    return found
