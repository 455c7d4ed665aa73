"""The safe opening layer: every broken or hostile file is refused with one line naming it, and never changed."""

from __future__ import annotations

import os
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine import hostile
from xlscore.engine import BookError
from xlscore.engine.files import safezip
from xlscore.engine.files.safezip import (
    SafeZip,
    external_relationships,
    open_workbook,
    relationships,
    sheet_parts,
)

SHEET1 = "xl/worksheets/sheet1.xml"


def refused(path: Path, use: Callable[[SafeZip], object] | None = None) -> str:
    """The one-line message of the BookError raised opening ``path`` (or by ``use`` on it once opened).

    Checks that the message names the file and that the file's bytes are as they were.
    """
    before = path.read_bytes() if path.is_file() else None
    if use is None:
        with pytest.raises(BookError) as caught:
            open_workbook(path)
    else:
        with open_workbook(path) as book, pytest.raises(BookError) as caught:
            use(book)
    message = str(caught.value)
    assert "\n" not in message
    assert path.name in message
    if before is not None:
        assert path.read_bytes() == before
    return message


def minimal(tmp_path: Path, name: str = "Scores.xlsx") -> Path:
    return hostile.write_zip(tmp_path / name, hostile.minimal_parts())


# -- workbooks that open


def test_a_workbook_written_by_openpyxl_opens_and_lists_its_sheets(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    results = book.active
    assert results is not None
    results.title = "Results"
    results.append(["Player", "Place", "Score"])
    results.append(["Ada", 1, 31.5])
    totals = book.create_sheet("Round 2")
    totals["A1"] = "=SUM(Results!C:C)"
    path = tmp_path / "Scores.xlsx"
    book.save(path)
    before = path.read_bytes()

    with open_workbook(path) as zf:
        assert zf.path == path
        assert sheet_parts(zf) == [("Results", SHEET1), ("Round 2", "xl/worksheets/sheet2.xml")]
        assert zf.has("[Content_Types].xml")
        assert not zf.has("xl/worksheets/sheet3.xml")
        assert [info.filename for info in zf.infos()] == zf.names()
        for info in zf.infos():  # the bytes a writer would copy are the bytes zipfile reads
            with zipfile.ZipFile(path) as plain:
                assert zf.read(info.filename) == plain.read(info.filename)
        root = zf.xml("xl/worksheets/sheet2.xml")
        formulas = [e.text for e in root.iter() if e.tag.endswith("}f")]
        assert formulas == ["SUM(Results!C:C)"]
    assert path.read_bytes() == before


def test_a_hand_written_workbook_opens_and_reads(tmp_path: Path) -> None:
    path = minimal(tmp_path)
    with open_workbook(path) as zf:
        assert sheet_parts(zf) == [("Results", SHEET1), ("Totals", "xl/worksheets/sheet2.xml")]
        values = [v.text for v in zf.xml(SHEET1).iter(f"{{{hostile.MAIN}}}v")]
        assert values == ["1", "2", "3", "4", "5", "6"]


def test_stored_parts_and_an_empty_part_read(tmp_path: Path) -> None:
    parts = hostile.minimal_parts() | {"xl/empty.bin": b""}
    path = hostile.write_zip(tmp_path / "Stored.xlsx", parts, zipfile.ZIP_STORED)
    with open_workbook(path) as zf:
        assert zf.read(SHEET1) == parts[SHEET1]
        assert zf.read("xl/empty.bin") == b""


def test_close_and_context_manager(tmp_path: Path) -> None:
    zf = open_workbook(minimal(tmp_path))
    zf.close()
    with pytest.raises(ValueError, match="closed"):
        zf.read(SHEET1)


def test_iterparse_streams_elements(tmp_path: Path) -> None:
    with open_workbook(minimal(tmp_path)) as zf:
        tags = [element.tag.rpartition("}")[2] for _, element in zf.iterparse(SHEET1)]
        assert tags.count("c") == 6
        assert tags[-1] == "worksheet"
        starts = [event for event, _ in zf.iterparse(SHEET1, events=("start", "end"))]
        assert starts.count("start") == starts.count("end") == len(tags)


# -- not a workbook at all


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "Scores.xlsx"
    assert "does not exist" in refused(path)


def test_a_folder(tmp_path: Path) -> None:
    path = tmp_path / "Scores.xlsx"
    path.mkdir()
    assert "is a folder" in refused(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    path = tmp_path / "Scores.xlsx"
    os.mkfifo(path)
    with pytest.raises(BookError, match="not a regular file"):
        open_workbook(path)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads anything")
def test_unreadable(tmp_path: Path) -> None:
    path = minimal(tmp_path)
    path.chmod(0)
    try:
        with pytest.raises(BookError, match="permission denied"):
            open_workbook(path)
    finally:
        path.chmod(0o644)


def test_empty(tmp_path: Path) -> None:
    path = tmp_path / "Scores.xlsx"
    path.write_bytes(b"")
    assert "is empty" in refused(path)


def test_a_csv_renamed_xlsx(tmp_path: Path) -> None:
    path = tmp_path / "Scores.xlsx"
    path.write_text("Player,Place,Score\nAda,1,31.5\nBrian,2,20\n", encoding="utf-8")
    message = refused(path)
    assert "not an Excel workbook" in message
    assert "CSV" in message


def test_some_other_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "Scores.xlsx"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))
    assert "nor any zip file" in refused(path)


def test_truncated(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in range(200):
        sheet.append([row, row * 2, f"player {row}"])
    whole = tmp_path / "whole.xlsx"
    book.save(whole)
    path = tmp_path / "Scores.xlsx"
    data = whole.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert "damaged or incomplete" in refused(path)


def test_an_xls(tmp_path: Path) -> None:
    path = hostile.ole_file(tmp_path / "Scores.xls", "Root Entry", "Workbook")
    assert refused(path) == (
        "Scores.xls is an Excel 97-2003 workbook (.xls); save it as .xlsx (Excel Workbook) and try again"
    )


@pytest.mark.parametrize("stream", ["EncryptedPackage", "EncryptionInfo"])
def test_password_protected(tmp_path: Path, stream: str) -> None:
    path = hostile.ole_file(tmp_path / "Scores.xlsx", "Root Entry", stream)
    assert refused(path) == (
        "Scores.xlsx is protected with a password; remove the password in Excel (File > Info > Protect Workbook) "
        "and save again"
    )


def test_the_encryption_stream_is_found_across_a_chunk_boundary(tmp_path: Path) -> None:
    marker = "EncryptedPackage".encode("utf-16-le")
    start = 2**20 - 7  # the scan reads 1 MiB at a time
    data = hostile.OLE_MAGIC + bytes(start - len(hostile.OLE_MAGIC)) + marker + bytes(100)
    path = tmp_path / "Scores.xlsx"
    path.write_bytes(data)
    assert "password" in refused(path)


def test_an_xlsb(tmp_path: Path) -> None:
    path = hostile.write_zip(
        tmp_path / "Scores.xlsx", {"[Content_Types].xml": hostile.CONTENT_TYPES, "xl/workbook.bin": b"\0" * 10}
    )
    assert "Excel Binary Workbook (.xlsb)" in refused(path)


def test_an_opendocument_spreadsheet(tmp_path: Path) -> None:
    path = hostile.write_zip(
        tmp_path / "Scores.ods",
        {"mimetype": b"application/vnd.oasis.opendocument.spreadsheet", "content.xml": b"<office/>"},
        zipfile.ZIP_STORED,
    )
    assert "OpenDocument" in refused(path)


def test_a_zip_that_is_not_a_workbook(tmp_path: Path) -> None:
    path = hostile.write_zip(tmp_path / "Scores.xlsx", {"scores.csv": b"a,b\n1,2\n"})
    assert refused(path) == "Scores.xlsx is not an Excel workbook: it has no xl/workbook.xml"


def test_an_empty_zip(tmp_path: Path) -> None:
    path = hostile.write_zip(tmp_path / "Scores.xlsx", {})
    assert "has no xl/workbook.xml" in refused(path)


def test_missing_content_types(tmp_path: Path) -> None:
    parts = hostile.minimal_parts()
    del parts["[Content_Types].xml"]
    path = hostile.write_zip(tmp_path / "Scores.xlsx", parts)
    assert "has no [Content_Types].xml" in refused(path)


# -- zip bombs, refused from the declared sizes before anything is decompressed


def test_a_part_declared_at_one_gibibyte(tmp_path: Path) -> None:
    path = minimal(tmp_path)
    hostile.patch_entry(path, SHEET1, file_size=2**30)
    message = refused(path)
    assert f"part {SHEET1} would unpack to 1 GiB" in message
    assert "zip bomb" in message


def test_a_real_high_ratio_part_is_refused_by_its_ratio(tmp_path: Path) -> None:
    path = hostile.write_zeros_part(tmp_path / "Scores.xlsx", SHEET1, 64 * 2**20, hostile.minimal_parts())
    with zipfile.ZipFile(path) as plain:
        info = plain.getinfo(SHEET1)
    assert info.file_size == 64 * 2**20
    assert info.compress_size < 2**17  # deflate packs zeros about 1,000 to 1
    message = refused(path)
    assert f"part {SHEET1} would unpack from" in message
    assert "to 64 MiB" in message
    assert "zip bomb" in message


def test_a_small_part_may_compress_far(tmp_path: Path) -> None:
    path = hostile.write_zeros_part(
        tmp_path / "Scores.xlsx", "xl/printerSettings/p.bin", 2**20, hostile.minimal_parts()
    )
    with open_workbook(path) as zf:
        assert zf.read("xl/printerSettings/p.bin") == bytes(2**20)


def test_parts_that_together_declare_too_much(tmp_path: Path) -> None:
    parts = hostile.minimal_parts() | {f"xl/media/image{i}.png": b"x" for i in range(3)}
    path = hostile.write_zip(tmp_path / "Scores.xlsx", parts)
    for i in range(3):  # each within the part limit and the ratio, together over the total
        hostile.patch_entry(path, f"xl/media/image{i}.png", file_size=200 * 2**20, compress_size=2**20 + 2**19)
    assert "would unpack to 600 MiB in all" in refused(path)


def test_too_many_parts(tmp_path: Path) -> None:
    parts = hostile.minimal_parts() | {f"xl/x/{i}": b"" for i in range(safezip.MAX_PARTS)}
    path = hostile.write_zip(tmp_path / "Scores.xlsx", parts, zipfile.ZIP_STORED)
    assert f"more than the {safezip.MAX_PARTS:,}" in refused(path)


def test_two_parts_with_the_same_name(tmp_path: Path) -> None:
    entries = [*hostile.minimal_parts().items(), (SHEET1, hostile.sheet_xml([666]))]
    path = hostile.write_zip_entries(tmp_path / "Scores.xlsx", entries)
    assert f"two parts named {SHEET1}" in refused(path)


# -- parts that lie about their size or are damaged, refused while reading


def test_a_part_holding_more_than_it_declares(tmp_path: Path) -> None:
    big = hostile.sheet_xml(*[[r, r + 1, r + 2] for r in range(2000)])
    path = hostile.write_zip(tmp_path / "Scores.xlsx", hostile.minimal_parts() | {SHEET1: big})
    hostile.patch_entry(path, SHEET1, file_size=1000)
    message = refused(path, lambda zf: zf.read(SHEET1))
    assert f"part {SHEET1} holds more data than the 1,000 bytes its header declares" in message


def test_a_lying_part_is_refused_even_when_its_crc_fits_what_was_declared(tmp_path: Path) -> None:
    big = hostile.sheet_xml(*[[r, r + 1, r + 2] for r in range(2000)])
    path = hostile.write_zip(tmp_path / "Scores.xlsx", hostile.minimal_parts() | {SHEET1: big})
    hostile.patch_entry(path, SHEET1, file_size=1000, crc=zlib.crc32(big[:1000]))
    assert "holds more data than" in refused(path, lambda zf: zf.read(SHEET1))


def test_a_part_holding_less_than_it_declares(tmp_path: Path) -> None:
    path = minimal(tmp_path)
    with zipfile.ZipFile(path) as plain:
        size = plain.getinfo(SHEET1).file_size
    hostile.patch_entry(path, SHEET1, file_size=size + 10)
    assert "holds less data than its header declares" in refused(path, lambda zf: zf.read(SHEET1))


def test_a_cut_short_deflate_stream(tmp_path: Path) -> None:
    path = minimal(tmp_path)
    with zipfile.ZipFile(path) as plain:
        packed = plain.getinfo(SHEET1).compress_size
    hostile.patch_entry(path, SHEET1, compress_size=packed // 2)
    assert "is damaged" in refused(path, lambda zf: zf.read(SHEET1))


def test_a_bad_crc(tmp_path: Path) -> None:
    path = minimal(tmp_path)
    with zipfile.ZipFile(path) as plain:
        crc = plain.getinfo(SHEET1).CRC
    hostile.patch_entry(path, SHEET1, crc=crc ^ 1)
    assert f"part {SHEET1} fails its checksum" in refused(path, lambda zf: zf.read(SHEET1))


def test_corrupt_compressed_data(tmp_path: Path) -> None:
    path = minimal(tmp_path)
    data = bytearray(path.read_bytes())
    data[hostile.data_offset(path, SHEET1)] = 0b111  # final block of the reserved type 3
    path.write_bytes(bytes(data))
    assert f"part {SHEET1} cannot be decompressed" in refused(path, lambda zf: zf.read(SHEET1))


def test_a_zip_encrypted_part(tmp_path: Path) -> None:
    path = minimal(tmp_path)
    hostile.patch_entry(path, SHEET1, flag_bits=0x1)
    assert "zip-encrypted" in refused(path, lambda zf: zf.read(SHEET1))


def test_a_compression_excel_does_not_write(tmp_path: Path) -> None:
    path = hostile.write_zip(tmp_path / "Scores.xlsx", hostile.minimal_parts(), zipfile.ZIP_LZMA)
    assert "compressed with LZMA" in refused(path, lambda zf: zf.read(SHEET1))


def test_a_part_whose_header_is_not_where_the_zip_says(tmp_path: Path) -> None:
    path = minimal(tmp_path)
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as plain:
        at = plain.getinfo(SHEET1).header_offset
    data[at : at + 4] = b"XXXX"
    path.write_bytes(bytes(data))
    assert "is not where the zip says" in refused(path, lambda zf: zf.read(SHEET1))


def test_a_missing_sheet_part_is_refused_when_read(tmp_path: Path) -> None:
    parts = hostile.minimal_parts()
    del parts["xl/worksheets/sheet2.xml"]
    path = hostile.write_zip(tmp_path / "Scores.xlsx", parts)
    with open_workbook(path) as zf:
        assert sheet_parts(zf)[1] == ("Totals", "xl/worksheets/sheet2.xml")
    message = refused(path, lambda zf: zf.xml(sheet_parts(zf)[1][1]))
    assert message == "Scores.xlsx has no part xl/worksheets/sheet2.xml (the workbook is damaged)"


# -- XML


def test_malformed_sheet_xml_names_the_part_line_and_column(tmp_path: Path) -> None:
    path = hostile.write_zip(
        tmp_path / "Scores.xlsx",
        hostile.minimal_parts() | {SHEET1: b"<worksheet>\n<sheetData></row></worksheet>"},
    )
    message = refused(path, lambda zf: zf.xml(SHEET1))
    assert message == f"Scores.xlsx is damaged: part {SHEET1} is not valid XML (mismatched tag at line 2, column 14)"


@pytest.mark.parametrize("xml", [hostile.BILLION_LAUGHS, hostile.EXTERNAL_ENTITY], ids=["laughs", "external"])
def test_entity_declarations_are_refused(tmp_path: Path, xml: bytes) -> None:
    path = hostile.write_zip(tmp_path / "Scores.xlsx", hostile.minimal_parts() | {SHEET1: xml})
    expected = (
        f"Scores.xlsx was refused: part {SHEET1} contains an XML entity declaration (DTD), which a workbook "
        "never needs; refused for safety"
    )
    assert refused(path, lambda zf: zf.xml(SHEET1)) == expected
    assert refused(path, lambda zf: list(zf.iterparse(SHEET1))) == expected


def test_iterparse_reports_malformed_xml_as_it_reaches_it(tmp_path: Path) -> None:
    path = hostile.write_zip(tmp_path / "Scores.xlsx", hostile.minimal_parts() | {SHEET1: b"<a><b/><c></a>"})
    seen: list[str] = []

    def stream(zf: SafeZip) -> None:
        seen.extend(element.tag for _, element in zf.iterparse(SHEET1))

    assert "mismatched tag at line 1, column 13" in refused(path, stream)
    assert seen == ["b"]


def test_a_part_with_more_tags_than_a_whole_parse_allows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safezip, "MAX_XML_TAGS", 10)
    path = minimal(tmp_path)
    assert f"part {SHEET1} has " in refused(path, lambda zf: zf.xml(SHEET1))
    with open_workbook(path) as zf:  # streaming has no such limit
        assert sum(1 for _ in zf.iterparse(SHEET1)) > 10


def test_an_encoding_expat_cannot_read(tmp_path: Path) -> None:
    xml = '<?xml version="1.0" encoding="shift_jis"?><a>日本</a>'.encode("shift_jis")
    path = hostile.write_zip(tmp_path / "Scores.xlsx", hostile.minimal_parts() | {SHEET1: xml})
    assert f"part {SHEET1}" in refused(path, lambda zf: zf.xml(SHEET1))


# -- relationships and sheets


def test_relationship_targets_resolve_to_zip_members(tmp_path: Path) -> None:
    parts = hostile.minimal_parts()
    parts["xl/worksheets/_rels/sheet1.xml.rels"] = hostile.rels_xml(
        ("rId1", "t", "../drawings/drawing1.xml"),
        ("rId2", "t", "/xl/tables/table1.xml"),
        ("rId3", "t", "https://example.org/rules", "External"),
        ("rId4", "t", "../media/image%201.png"),
        ("rId5", "t", "./../../../../printerSettings1.bin"),
        ("rId6", "t", "../comments1.xml#frag"),
    )
    parts["xl/media/image 1.png"] = b"png"
    path = hostile.write_zip(tmp_path / "Scores.xlsx", parts)
    with open_workbook(path) as zf:
        assert relationships(zf, SHEET1) == {
            "rId1": "xl/drawings/drawing1.xml",
            "rId2": "xl/tables/table1.xml",
            "rId4": "xl/media/image 1.png",
            "rId5": "printerSettings1.bin",
            "rId6": "xl/comments1.xml",
        }
        assert external_relationships(zf, SHEET1) == {"rId3": "https://example.org/rules"}
        assert relationships(zf, "") == {"rId1": "xl/workbook.xml"}
        assert relationships(zf, "xl/worksheets/sheet2.xml") == {}


def test_sheets_in_workbook_order_not_relationship_order(tmp_path: Path) -> None:
    path = hostile.write_zip(
        tmp_path / "Scores.xlsx",
        hostile.minimal_parts() | {"xl/workbook.xml": hostile.workbook_xml(("Totals", "rId2"), ("Results", "rId1"))},
    )
    with open_workbook(path) as zf:
        assert sheet_parts(zf) == [("Totals", "xl/worksheets/sheet2.xml"), ("Results", SHEET1)]


def test_a_strict_open_xml_workbook_lists_its_sheets(tmp_path: Path) -> None:
    strict = (
        b'<workbook xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main" '
        b'xmlns:r="http://purl.oclc.org/ooxml/officeDocument/relationships">'
        b'<sheets><sheet name="Results" sheetId="1" r:id="rId1"/></sheets></workbook>'
    )
    path = hostile.write_zip(tmp_path / "Scores.xlsx", hostile.minimal_parts() | {"xl/workbook.xml": strict})
    with open_workbook(path) as zf:
        assert sheet_parts(zf) == [("Results", SHEET1)]


@pytest.mark.parametrize(
    ("workbook", "expected"),
    [
        (hostile.workbook_xml(("Results", "rId1"), ("Lost", "rId9")), "sheet 'Lost' links to rId9"),
        (hostile.workbook_xml(("Results", "rId1"), ("results", "rId2")), "two sheets named 'results'"),
        (hostile.workbook_xml(), "it has no sheets"),
        (hostile.workbook_xml(("", "rId1")), "a sheet without a name"),
    ],
    ids=["dangling", "duplicate", "none", "unnamed"],
)
def test_damaged_sheet_lists(tmp_path: Path, workbook: bytes, expected: str) -> None:
    path = hostile.write_zip(tmp_path / "Scores.xlsx", hostile.minimal_parts() | {"xl/workbook.xml": workbook})
    assert expected in refused(path, sheet_parts)


def test_a_workbook_without_its_relationships_part(tmp_path: Path) -> None:
    parts = hostile.minimal_parts()
    del parts["xl/_rels/workbook.xml.rels"]
    path = hostile.write_zip(tmp_path / "Scores.xlsx", parts)
    assert "links to rId1" in refused(path, sheet_parts)


# -- whatever the damage, a BookError and never a traceback


def _read_everything(path: Path) -> None:
    with open_workbook(path) as zf:
        for name in zf.names():
            zf.read(name)
            if name.endswith((".xml", ".rels")):
                zf.xml(name)
        sheet_parts(zf)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_damage_gives_a_workbook_error(tmp_path: Path, data: st.DataObject) -> None:
    whole = bytearray(hostile.write_zip(tmp_path / "whole.xlsx", hostile.minimal_parts()).read_bytes())
    damage = data.draw(st.sampled_from(["flip", "cut", "splice"]))
    if damage == "flip":
        for _ in range(data.draw(st.integers(1, 8))):
            at = data.draw(st.integers(0, len(whole) - 1))
            whole[at] = data.draw(st.integers(0, 255))
    elif damage == "cut":
        whole = whole[: data.draw(st.integers(1, len(whole) - 1))]
    else:
        at = data.draw(st.integers(0, len(whole)))
        whole[at:at] = data.draw(st.binary(min_size=1, max_size=64))
    path = tmp_path / "Scores.xlsx"
    path.write_bytes(bytes(whole))
    try:
        _read_everything(path)
    except BookError as exc:
        message = str(exc)
    else:
        message = ""
    assert "\n" not in message
    assert path.read_bytes() == bytes(whole)
