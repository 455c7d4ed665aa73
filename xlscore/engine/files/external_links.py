"""Other workbooks a formula refers to (``=[1]Uses!$A$1``, ``=[1]!NR_Global_B2``), read from the values Excel keeps
of them in the workbook itself (``xl/externalLinks/externalLinkN.xml``): what Excel shows when the other file is
not open, and what it recalculates with. The other file is never opened. A sheet the link does not list, or one
Excel could not read when it last updated the link (``refreshError``) and kept nothing of, is #REF!; the values it
kept of such a sheet are read (vinci1it2000/formulas' test.xlsx); a cell Excel kept no value of is blank.

Each linked workbook ``[N]`` (N counted in the order of ``<externalReferences>`` in ``xl/workbook.xml``) gives one
read-only sheet per sheet it has, named ``[N]Sheet``, and its defined names as ``[N]!NAME`` (and ``[N]Sheet!NAME``
for a name that belongs to one of its sheets), each pointing into those sheets.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field

from xlscore.engine.files.safezip import SafeZip, relationship_id, relationships
from xlscore.engine.rewrite.refs import Area, column_number, parse_area, written

__all__ = ["LinkedSheet", "linked_workbooks"]


@dataclass
class LinkedSheet:
    """A sheet of another workbook, as Excel kept its values."""

    name: str  # [N]Sheet
    values: dict[tuple[int, int], object] = field(default_factory=dict)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _children(element: ET.Element, name: str) -> list[ET.Element]:
    return [child for child in element if _local(child.tag) == name]


def _position(ref: str) -> tuple[int, int] | None:
    letters = ref.rstrip("0123456789")
    digits = ref[len(letters) :]
    if not letters.isalpha() or not digits.isdigit():
        return None
    return int(digits), column_number(letters.upper())


def linked_workbooks(
    zf: SafeZip, workbook: ET.Element, value: Callable[[str, bytes | None], object]
) -> tuple[list[LinkedSheet], dict[str, str]]:
    """The sheets and the defined names of every linked workbook (see the module); ``value`` reads a cell's saved
    value from its type and text, as the workbook's own cells are read."""
    block = next((child for child in workbook if _local(child.tag) == "externalReferences"), None)
    if block is None:
        return [], {}
    rels = relationships(zf, "xl/workbook.xml")
    sheets: list[LinkedSheet] = []
    names: dict[str, str] = {}
    for number, reference in enumerate(_children(block, "externalReference"), start=1):
        part = rels.get(relationship_id(reference) or "")
        if not part or not zf.has(part):
            continue
        book = next((c for c in zf.xml(part) if _local(c.tag) == "externalBook"), None)
        if book is None:
            continue  # a DDE or OLE link: nothing to read
        found = next(iter(_children(book, "sheetNames")), None)
        titles = [s.get("val") or "" for s in _children(found, "sheetName")] if found is not None else []
        linked: dict[int, LinkedSheet] = {}
        data = next(iter(_children(book, "sheetDataSet")), None)
        for sheet_data in _children(data, "sheetData") if data is not None else []:
            index = int(sheet_data.get("sheetId") or -1)
            if not 0 <= index < len(titles):
                continue
            if sheet_data.get("refreshError") in ("1", "true") and not len(sheet_data):
                continue  # a sheet Excel could not read when it last updated the link, nothing kept: #REF!
            linked[index] = LinkedSheet(f"[{number}]{titles[index]}")
            for row in _children(sheet_data, "row"):
                for cell in _children(row, "cell"):
                    position = _position(cell.get("r") or "")
                    raw = next(iter(_children(cell, "v")), None)
                    if position is not None and raw is not None:
                        text = raw.text or ""
                        linked[index].values[position] = value(cell.get("t") or "n", text.encode())
        sheets.extend(linked.values())
        defined = next(iter(_children(book, "definedNames")), None)
        for name in _children(defined, "definedName") if defined is not None else []:
            area = parse_area((name.get("refersTo") or "").strip().removeprefix("="))
            if area is None or area.sheet is None:
                continue
            target = written(Area(f"[{number}]{area.sheet}", area.top, area.left, area.bottom, area.right))
            key = (name.get("name") or "").upper()
            local = name.get("sheetId")
            if local is not None and local.isdigit() and int(local) < len(titles):
                names[f"[{number}]{titles[int(local)].upper()}!{key}"] = target
            names.setdefault(f"[{number}]!{key}", target)
    return sheets, names
