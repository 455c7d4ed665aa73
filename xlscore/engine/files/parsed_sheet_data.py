"""A worksheet's ``<sheetData>`` as an XML parser reads it, so that the cell scanner sees the real cells and no others.

The scanner (:mod:`xlscore.engine.files.sheetxml`) finds cells with patterns. Left to itself it would also take a
``<c>`` inside an XML comment, a processing instruction or a CDATA section, or an element of another namespace
(``<x:c xmlns:x="urn:other">``), for a cell, where Excel, LibreOffice and openpyxl see nothing. :func:`locate` hands it
the sheetData element (the root's child, in the spreadsheetml main namespace) as a parser reads it:

* The common case, the way Excel, LibreOffice, openpyxl and the OpenXML SDK write a sheet, is recognised with a few
  searches and taken as it is: from the root element to the end of sheetData there is no comment, processing
  instruction or CDATA section (no ``<!`` nor ``<?``), no namespace declared but on the root, and every element's
  prefix is one the root binds to the main namespace. Every element there is then a spreadsheetml element. On a
  100,000-row sheet (28 MiB of XML) these searches take about 0.1 s, a tenth of the scan's 1 s.
* Any other sheet is parsed by expat with namespaces: comments and processing instructions are left out, a CDATA
  section becomes the text it holds, and an element of another namespace is left out with everything inside it.
  On the same sheet this takes about 1.4 s more, more than the scan itself.

The patch that writes computed values back (:func:`~xlscore.engine.files.sheetxml.patch_sheet`) writes this same
sheetData, so on a sheet of the second kind the comments, processing instructions and elements of other namespaces
inside sheetData are dropped and its CDATA sections written as plain text; everything outside sheetData is kept
byte for byte.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Final
from xml.parsers import expat

# defusedxml ships no type hints; types-defusedxml may or may not be installed.
import defusedxml  # type: ignore[import-untyped, unused-ignore]

from xlscore.engine.errors import BookError
from xlscore.engine.files.safezip import guarded_parser

__all__ = ["MAIN_NAMESPACES", "SheetData", "cell_text", "cell_texts", "escape", "locate", "text_of_cell"]

MAIN_NAMESPACES: Final = (
    "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "http://purl.oclc.org/ooxml/spreadsheetml/main",  # Strict Open XML
)
_MAIN: Final = tuple(uri.encode() for uri in MAIN_NAMESPACES)

_ATTRIBUTES = rb"""((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*"""
# The XML declaration, then the root element's start tag: its prefix and its attributes.
_ROOT = re.compile(rb"(?:\xef\xbb\xbf)?(?:<\?xml\s[^?]*\?>)?\s*<(?:([^\s/>:]+):)?[^\s/>:]+" + _ATTRIBUTES + rb">")
_DECLARATION = re.compile(rb"""xmlns(?::([^\s=]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_START_TAG = re.compile(rb"<[^\s/>]+" + _ATTRIBUTES + rb"(/?)>")
_SHEET_DATA_TAG = re.compile(rb"<(?P<p>[A-Za-z0-9_]+:)?sheetData\b[^>]*?(?:(?P<empty>/>)|>)")


def escape(text: str) -> str:
    """Text as XML character data: &, < and > as entities (what ``xml.sax.saxutils.escape`` does, without importing
    ``xml.sax``, which brings urllib, http and ssl with it)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


# What XML 1.0 cannot hold (control characters but tab and line feed, half a surrogate pair such as the _xD800_ a
# file may hold, and U+FFFE, U+FFFF), the carriage return (an
# XML reader turns it into a line feed), and a literal "_" before "xHHHH_" (it would read as an escape).
_NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0d\x0e-\x1f\ud800-\udfff\ufffe\uffff]|_(?=x[0-9A-Fa-f]{4}_)")
_EXCEL_ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")


def cell_text(text: str) -> str:
    """A cell's text as Excel writes it in a sheet's XML: what XML cannot hold as ``_xHHHH_`` (``_x000D_`` for a
    carriage return, ``_x0007_`` for CHAR(7)), a literal ``_xHHHH_`` with its underscore escaped (``_x005F_``),
    then &, < and > as entities. :func:`text_of_cell` reads it back."""
    return escape(_NOT_IN_XML.sub(lambda m: f"_x{ord(m.group()):04X}_", text))


def cell_texts(texts: Collection[str]) -> list[bytes] | None:
    """Each of ``texts`` as :func:`cell_text` writes it, encoded, escaped in one call for all: joined by line feeds,
    which no escape writes, and split again. None when a text holds a line feed itself (write each alone then)."""
    joined = "\n".join(texts)
    # A printable text holds nothing _NOT_IN_XML takes (control characters, surrogates and U+FFFE/U+FFFF are not
    # printable): with no "_x" in it either, only the three entities are written, at C speed.
    plain = "_x" not in joined and all(map(str.isprintable, texts))
    written = (escape(joined) if plain else cell_text(joined)).encode().split(b"\n")
    return written if len(written) == len(texts) else None


def text_of_cell(text: str) -> str:
    """A cell's text as Excel means it: each ``_xHHHH_`` escape decoded (``_x005F_x000D_`` is the literal
    ``_x000D_``)."""
    return _EXCEL_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text) if "_x" in text else text


@dataclass(frozen=True)
class SheetData:
    """A worksheet's sheetData element: where it stands in the sheet's XML and what a parser reads in it.

    What is between its tags, as a parser reads it, is ``source[body_start:body_end]``: most often ``source`` is the
    sheet's XML itself, so that a large sheet is scanned and patched where it lies, never copied
    (:attr:`body` makes the copy, for small uses)."""

    start: int
    end: int
    prefix: bytes  # its namespace prefix with the colon (b"x:"), or b""
    open_tag: bytes  # its start tag as written; for an empty element (<sheetData/>), <sheetData>
    source: bytes | None  # the bytes its body is in; None for an empty element
    body_start: int = 0
    body_end: int = 0

    @property
    def body(self) -> bytes | None:
        """What is between its tags, as a parser reads it; None for an empty element."""
        return None if self.source is None else self.source[self.body_start : self.body_end]


def locate(xml: bytes) -> SheetData | None:
    """The sheetData element of a worksheet's XML (already checked as well formed, with no DTD); None without one."""
    root = _ROOT.match(xml)
    main = frozenset(
        prefix
        for prefix, double, single in _DECLARATION.findall(root.group(2) if root else b"")
        if double + single in _MAIN
    )
    if root is not None and (root.group(1) or b"") in main:
        found = _sheet_data(xml, root.end())
        if found is not None:
            start, body_start, body_end, end, prefix = found
            if xml.find(b"xmlns", root.end(), end) < 0 and not _any_foreign(xml, root.end(), end, main):
                if body_start < 0:
                    return SheetData(start, end, prefix, b"<" + prefix + b"sheetData>", None)
                return SheetData(start, end, prefix, xml[start:body_start], xml, body_start, body_end)
    return _parsed(xml)


def _sheet_data(xml: bytes, after: int) -> tuple[int, int, int, int, bytes] | None:
    """Where the first sheetData element after ``after`` stands: (start, body start, body end, end, prefix); the
    body's start is -1 for an empty element. The start tag is found by a pattern, the end tag (the first after it,
    with the prefix or without) by a plain search, many times faster on a large sheet than a pattern's lazy scan."""
    tag = _SHEET_DATA_TAG.search(xml, after)
    if tag is None:
        return None
    prefix = tag.group("p") or b""
    if tag.group("empty"):
        return tag.start(), -1, -1, tag.end(), prefix
    closings = [xml.find(b"</" + prefix + b"sheetData>", tag.end())]
    if prefix:
        closings.append(xml.find(b"</sheetData>", tag.end()))  # the pattern takes either end tag
    found = [at for at in closings if at >= 0]
    if not found:
        return None
    body_end = min(found)
    return tag.start(), tag.end(), body_end, xml.index(b">", body_end) + 1, prefix


def _any_foreign(xml: bytes, start: int, end: int, main: frozenset[bytes]) -> bool:
    """Whether :func:`_foreign` finds anything between ``start`` and ``end``; without a colon, ``<!`` or ``<?``
    there, nothing can be foreign to a main namespace without a prefix, which three searches show at C speed."""
    if b"" in main and all(xml.find(mark, start, end) < 0 for mark in (b":", b"<!", b"<?")):
        return False
    return _foreign(main).search(xml, start, end) is not None


@functools.cache
def _foreign(main: frozenset[bytes]) -> re.Pattern[bytes]:
    """A comment, CDATA section, processing instruction, or the start tag of an element whose prefix is not one
    of ``main`` (b"" for no prefix)."""
    named = b"|".join(sorted(re.escape(prefix) for prefix in main if prefix))
    if b"" in main:
        allowed = b"(?!(?:" + named + b"):)" if named else b""
        return re.compile(rb"<(?:[!?]|" + allowed + rb"[^\s/>:!?]+:)")
    return re.compile(rb"<(?!/|(?:" + named + rb"):)")


class _Scan:
    """What expat's handlers gather from a worksheet: where the sheetData element starts and ends, and the cuts to
    make in it (start, end, what stands there instead): comments, processing instructions and elements of another
    namespace dropped, CDATA sections as the text they hold."""

    def __init__(self, xml: bytes) -> None:
        self.xml = xml
        self.parser = parser = guarded_parser(namespace_separator=" ")
        self.cuts: list[tuple[int, int, bytes]] = []
        self.span: list[int] = []  # the sheetData element's start and end
        self.depth = 0
        self.foreign = 0  # how deep inside an element of another namespace (0: not inside one)
        self.foreign_start = self.cdata_start = 0
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CommentHandler = lambda text: self.cut_to(b"<!--", b"-->")
        parser.ProcessingInstructionHandler = lambda target, data: self.cut_to(b"<?", b"?>")
        parser.StartCdataSectionHandler = self.cdata_started
        parser.EndCdataSectionHandler = self.cdata_ended

    def start(self, name: str, attributes: object) -> None:
        self.depth += 1
        if self.foreign:
            self.foreign += 1
        elif name.rpartition(" ")[0] not in MAIN_NAMESPACES:
            self.foreign, self.foreign_start = 1, self.parser.CurrentByteIndex
        elif self.depth == 2 and name.endswith(" sheetData") and not self.span:
            self.span.append(self.parser.CurrentByteIndex)

    def end(self, name: str) -> None:
        self.depth -= 1
        if self.foreign:
            self.foreign -= 1
            if not self.foreign:
                end = _element_end(self.xml, self.foreign_start, self.parser.CurrentByteIndex)
                self.cuts.append((self.foreign_start, end, b""))
        elif self.depth == 1 and len(self.span) == 1 and name.endswith(" sheetData"):
            self.span.append(_element_end(self.xml, self.span[0], self.parser.CurrentByteIndex))

    def cut_to(self, opening: bytes, close: bytes) -> None:
        if not self.foreign:
            at = self.parser.CurrentByteIndex
            self.cuts.append((at, self.xml.index(close, at + len(opening)) + len(close), b""))

    def cdata_started(self) -> None:
        self.cdata_start = self.parser.CurrentByteIndex

    def cdata_ended(self) -> None:
        if not self.foreign:
            at = self.parser.CurrentByteIndex
            text = escape(self.xml[self.cdata_start + len(b"<![CDATA[") : at].decode()).encode()
            self.cuts.append((self.cdata_start, at + len(b"]]>"), text))

    def run(self) -> None:
        """Parse the whole worksheet; a DTD or XML that is not well formed is refused."""
        try:
            self.parser.Parse(self.xml, True)
        except defusedxml.DefusedXmlException as exc:
            raise BookError("a worksheet declares XML entities (a DTD), which a workbook never needs; refused") from exc
        except expat.ExpatError as exc:
            reason = expat.ErrorString(exc.code)
            raise BookError(
                f"a worksheet is not valid XML ({reason} at line {exc.lineno}, column {exc.offset + 1})"
            ) from exc


def _parsed(xml: bytes) -> SheetData | None:
    """The sheetData element as expat reads it with namespaces (see the module's docstring)."""
    scan = _Scan(xml)
    scan.run()
    if len(scan.span) < 2:
        return None
    start_at, end_at = scan.span
    pieces, last = [], start_at
    for cut_start, cut_end, instead in sorted(scan.cuts):
        if start_at <= cut_start and cut_end <= end_at:
            pieces += [xml[last:cut_start], instead]
            last = cut_end
    pieces.append(xml[last:end_at])
    element = b"".join(pieces)
    open_tag = _START_TAG.match(element)
    assert open_tag is not None  # expat said an element starts here
    prefix = element[1 : open_tag.start(1)].removesuffix(b"sheetData")
    if open_tag.group(2):
        return SheetData(start_at, end_at, prefix, b"<" + prefix + b"sheetData>", None)
    return SheetData(start_at, end_at, prefix, open_tag.group(), element, open_tag.end(), element.rindex(b"</"))


def _element_end(xml: bytes, start: int, end_event: int) -> int:
    """Where the element that starts at ``start`` ends, given where expat reported its end."""
    tag = _START_TAG.match(xml, start)
    if tag is not None and tag.group(2):
        return tag.end()  # <x/>
    return xml.index(b">", end_event) + 1  # </x>: an end tag has no attributes, so its first > ends it
