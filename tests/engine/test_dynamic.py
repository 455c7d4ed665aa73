"""The dynamic-array mark: the metadata part a workbook already has is extended once, never duplicated."""

from __future__ import annotations

from xlscore.engine.files.workbook_parts import METADATA, dynamic_mark

RELS = (
    b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    b'<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    b'sheetMetadata" Target="metadata.xml"/></Relationships>'
)
OTHER = (
    b'<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    b'<metadataTypes count="1"><metadataType name="XLMDX" minSupportedVersion="120000"/></metadataTypes>'
    b'<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>'
)


def _mark(metadata: bytes | None) -> tuple[bytes, dict[str, bytes]]:
    parts = {"xl/_rels/workbook.xml.rels": RELS, "[Content_Types].xml": b"<Types></Types>"}
    if metadata is not None:
        parts["xl/metadata.xml"] = metadata
    return dynamic_mark(parts.get)


def test_a_workbook_marked_as_excel_marks_it_keeps_its_part() -> None:
    assert _mark(METADATA) == (b"1", {})


def test_another_kind_of_metadata_gets_an_xldapr_block_after_its_own() -> None:
    cm, changed = _mark(OTHER)
    assert cm == b"2"
    extended = changed["xl/metadata.xml"]
    assert b'<metadataTypes count="2">' in extended
    assert b'<futureMetadata name="XLDAPR" count="1">' in extended
    assert b'<cellMetadata count="2"><bk><rc t="1" v="0"/></bk><bk><rc t="2" v="0"/></bk></cellMetadata>' in extended
    assert _mark(extended) == (b"2", {}), "marking again adds nothing"


def test_a_workbook_without_metadata_gets_the_part_listed() -> None:
    cm, changed = dynamic_mark({"xl/_rels/workbook.xml.rels": b"<Relationships></Relationships>"}.get)
    assert cm == b"1"
    assert changed["xl/metadata.xml"] == METADATA
    assert b"metadata.xml" in changed["xl/_rels/workbook.xml.rels"]
