"""Headless recalculation: every formula computed, the values written in, everything else kept byte for byte."""

from __future__ import annotations

import dataclasses
import functools
import json
import re
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.formula import ArrayFormula

import xlscore
from tests.engine import hostile
from xlscore.cli import main
from xlscore.engine import BookError
from xlscore.engine.evaluation import recalc as recalc_module
from xlscore.engine.evaluation.recalc import check_book, recalculate
from xlscore.engine.files.book import read_book
from xlscore.engine.rewrite.calls import normalise_formula
from xlscore.engine.rewrite.refs import Area
from xlscore.excel.functions.cells import CellError
from xlscore.excel.results import read_results

STANDINGS_COLUMNS = ("Place", "Player", "Games", "Hours", "Points", "Points per game", "Points per hour", "Decided by")

# Results of five players: name, game, players n, hours, rank.
ROWS = [
    ("Ann", "G1", 4, 2.0, 1),
    ("Bo", "G1", 4, 2.0, 2),
    ("Cy", "G1", 4, 2.0, 2),
    ("Di", "G1", 4, 2.0, 4),
    ("=Eve", "G2", 2, 1.0, 1),  # a name that looks like a formula stays a name
]
LAST = len(ROWS) + 1


def _book(path: Path) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Results"
    ws.append(["Player", "Game", "Players", "Hours", "Rank", "Per row", "Array"])
    for row in ROWS:
        ws.append(list(row))
        ws.cell(ws.max_row, 1).data_type = "s"
    for r in range(2, LAST + 1):
        ws[f"F{r}"] = f"=RPLOPS(E{r},C{r},D{r})"
    ws["G2"] = ArrayFormula(f"G2:G{LAST}", f"=RPLOPS(E2:E{LAST},C2:C{LAST},D2:D{LAST})")
    ws["I1"] = "Checks"
    checks = {
        "I2": f"=SUM(F2:F{LAST})",
        "I3": "=_xldudf_RPLOPS(1,4)",
        "I4": "=[1]!PLOPS(2,5,2)",
        "I5": "=RPLOPS(6,5)",
        "I6": "=NOSUCHFUNCTION(1)",
        "I7": "=RPLOPS(2,5,,,2)",
        "I8": f"=_xlfn.RANK.AVG(E3,E2:E{LAST - 1},1)",
        "I9": "=_xll.RPLOPS2(2,5)",
        "I10": "='C:\\Addins\\xlscore.xlam'!PLOPS(1,2)",
        "I11": '=IF(A2="Ann","RPLOPS(1,2)",0)',
        "I12": "=I2/0",
    }
    for cell, formula in checks.items():
        ws[cell] = formula
    summary = wb.create_sheet("Summary")
    summary["A1"] = "Total"
    summary["B1"] = "=SUM(Results!F:F)"
    summary["A2"] = "Twice"
    summary["B2"] = "=B1*2"
    wb.defined_names["Totals"] = DefinedName("Totals", attr_text="Summary!$A$1:$B$2")
    wb.save(path)
    return path


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return _book(tmp_path / "event.xlsx")


def _saved(path: Path) -> Any:
    return openpyxl.load_workbook(path, data_only=True)


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def test_values_are_written_and_formulas_kept(book: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.xlsx"
    result = recalculate(book, out)
    values = _saved(out)["Results"]
    expected = [xlscore.rplops(r[4], r[2], r[3]) for r in ROWS]
    expected[1] = expected[2] = xlscore.rplops(2, 4, 2.0, tied=1)  # each row passes its own rank, no tie count
    for i, want in enumerate(expected, start=2):
        assert values[f"F{i}"].value == pytest.approx(want)
        assert values[f"G{i}"].value == pytest.approx(want)
    assert values["I2"].value == pytest.approx(sum(expected))
    assert values["I3"].value == pytest.approx(xlscore.rplops(1, 4))
    assert values["I4"].value == pytest.approx(xlscore.plops(2, 5, 2))
    assert values["I5"].value == "#VALUE!"
    assert values["I6"].value == "#NAME?"
    assert values["I7"].value == pytest.approx(xlscore.rplops(2, 5, tied=2))
    assert values["I8"].value == pytest.approx(2.5)  # ranks 1, 2, 2, 4 ascending: the tied pair averages 2.5
    assert values["I9"].value == pytest.approx(xlscore.rplops2(2, 5))
    assert values["I10"].value == pytest.approx(xlscore.plops(1, 2))
    assert values["I11"].value == "RPLOPS(1,2)"
    assert values["I12"].value == "#DIV/0!"
    assert values["A6"].value == "=Eve"
    assert _saved(out)["Summary"]["B2"].value == pytest.approx(2 * sum(expected))
    formulas = openpyxl.load_workbook(out)["Results"]
    assert formulas["F2"].value == "=RPLOPS(E2,C2,D2)"
    assert {(e.cell, e.code) for e in result.errors} == {("I5", "#VALUE!"), ("I6", "#NAME?"), ("I12", "#DIV/0!")}
    reasons = {e.cell: e.reason for e in result.errors}
    assert reasons["I5"] == "rank 6 is outside 1..5"
    assert reasons["I6"] == "unknown function NOSUCHFUNCTION"


def test_every_other_part_is_byte_identical(book: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.xlsx"
    recalculate(book, out)
    before, after = _parts(book), _parts(out)
    # The book's spilling formula is marked as a dynamic array: Excel's metadata part is added and listed.
    assert list(after) == [*before, "xl/metadata.xml"]
    changed = {name for name in before if before[name] != after[name]}
    listed = {"[Content_Types].xml", "xl/_rels/workbook.xml.rels"}
    sheets = {"xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"}
    assert changed == {*sheets, *listed, "xl/workbook.xml"}
    for name in listed:
        assert b"metadata.xml" in after[name]
        assert b"metadata.xml" not in before[name]
    # The workbook part only says its values are computed: no recalculation forced on opening.
    calculation = re.compile(rb"<calcPr\b[^>]*/>")
    assert calculation.sub(b"", before["xl/workbook.xml"]) == calculation.sub(b"", after["xl/workbook.xml"])
    assert b'fullCalcOnLoad="1"' in before["xl/workbook.xml"]
    assert b"fullCalcOnLoad" not in after["xl/workbook.xml"]
    assert b'calcId="191029"' in after["xl/workbook.xml"]
    # Inside a rewritten sheet, everything outside <sheetData> is as it was.
    for name in sheets:
        strip = re.compile(rb"<sheetData>.*</sheetData>|<dimension [^>]*/>", re.S)
        assert strip.sub(b"", before[name]) == strip.sub(b"", after[name])


def test_input_is_never_changed_and_in_place_is_atomic(
    book: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = book.read_bytes()
    recalculate(book, tmp_path / "out.xlsx")
    assert book.read_bytes() == original

    def broken(*args: object, **kwargs: object) -> list[bytes]:
        raise BookError("disk full (simulated)")

    monkeypatch.setattr(recalc_module, "patched_pieces", broken)
    with pytest.raises(BookError, match="simulated"):
        recalculate(book, in_place=True)
    assert book.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx", "out.xlsx"]  # no temporary file left
    monkeypatch.undo()
    recalculate(book, in_place=True)
    assert _saved(book)["Results"]["I3"].value == pytest.approx(xlscore.rplops(1, 4))


def test_check_reports_differences_from_saved_values(book: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.xlsx"
    recalculate(book, out)
    again = recalculate(out)
    assert check_book(again, read_book(out)) == []
    fresh = recalculate(book)  # openpyxl saved no values: every formula differs from "blank"
    assert {d.cell for d in check_book(fresh, read_book(book))} >= {"F2", "I2"}


def test_dynamic_array_spills_to_the_size_of_its_result(tmp_path: Path) -> None:
    path = tmp_path / "spill.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    for r, score in enumerate([252_000, 248_000, 121_000, 98_000, 60_000], start=1):
        ws[f"A{r}"] = score
    ws["B1"] = ArrayFormula("B1:B2", "=PB_BOARD(A1:A5)")  # saved by Excel when the board had two rows
    wb.save(path)
    with zipfile.ZipFile(path) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = parts[sheet].replace(b'<c r="B1"', b'<c r="B1" cm="1"', 1)
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    out = tmp_path / "out.xlsx"
    recalculate(path, out)
    values = _saved(out).active
    assert [values[f"B{r}"].value for r in range(1, 5)] == [3.028, 2.492, 1.24, 0.194]
    assert values["B5"].value in (None, "")  # Ben, 5th: no score
    assert b'ref="B1:B5"' in _parts(out)[sheet]


@pytest.mark.parametrize(
    ("written", "normalised"),
    [
        ("=RPLOPS(2,5,,,2)", "=RPLOPS(2,5,XLSCORE_BLANK(),XLSCORE_BLANK(),2)"),
        ('=_xldudf_PB_BOARD(A1:A4)&",,"', '=PB_BOARD(A1:A4)&",,"'),
        ("=IF(A1,,1)", "=IF(A1,,1)"),
        ("=[1]!PLOPS(2,5,,2)", "=PLOPS(2,5,XLSCORE_BLANK(),2)"),
        ("=_xll.rplops2(2,5,)", "=RPLOPS2(2,5,XLSCORE_BLANK())"),
        ("=_xldudf_ADDIN_PB_BOARD(A1:A4)", "=PB_BOARD(A1:A4)"),
        ("=ORG.XLSCORE.CALC.FUNCTIONS.RPLOPS(2,5,,,2)", "=RPLOPS(2,5,XLSCORE_BLANK(),XLSCORE_BLANK(),2)"),
        ("=org.xlscore.calc.Functions.PB_BOARD(A1:A4)", "=PB_BOARD(A1:A4)"),
        ("='C:\\Addins\\xlscore.xlam'!PLOPS(1,2)", "=PLOPS(1,2)"),
        ("=SUM(RPLOPS(A1:A3,4,,),1)", "=SUM(RPLOPS(A1:A3,4,XLSCORE_BLANK(),XLSCORE_BLANK()),1)"),
        ("=RPLOPS()", "=RPLOPS()"),
        ("=MYRPLOPS(1,,2)", "=MYRPLOPS(1,,2)"),
        ('="RPLOPS(1,,2)"', '="RPLOPS(1,,2)"'),
    ],
)
def test_omitted_arguments_are_marked_only_in_xlscore_calls(written: str, normalised: str) -> None:
    assert normalise_formula(written) == normalised


def test_export_named_range_and_dataframes(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(book), "--name", "Totals", "--format", "csv"]) == 0
    out = capsys.readouterr().out.splitlines()
    # RPLOPS v1, x = 50: a 4-player 2-hour game gives (5 - rank) x 2 x 100 / 5 = 160, 120, 120 and 40; the
    # 2-player 1-hour game's winner 2 x 100 / 3.
    total = 160 + 120 + 120 + 40 + 200 / 3
    label, value = out[0].split(",")
    assert label == "Total"
    assert float(value) == pytest.approx(total)
    assert out[1].split(",")[0] == "Twice"
    assert float(out[1].split(",")[1]) == pytest.approx(2 * total)
    # A named range's first row is its header.
    frames = read_results(book, ["Totals"])
    assert frames["TOTALS"].iloc[0, 0] == "Twice"
    assert frames["TOTALS"].iloc[0, 1] == pytest.approx(2 * total)


def test_export_a_sheets_table_by_the_sheets_name(capsys: pytest.CaptureFixture[str]) -> None:
    # The README's example: a template's standings spill from Standings!A1, with no table or name defined for them.
    book = Path(__file__).resolve().parents[2] / "workbooks" / "rplops-event.xlsx"
    assert main(["export", str(book), "--name", "Standings", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    expected = {r.player: r.points for r in xlscore.rplops_standings(read_results(book, ["Results"])["RESULTS"])}
    assert {r["Player"]: r["Points"] for r in rows} == pytest.approx(expected)
    assert [r["Place"] for r in rows] == sorted(r["Place"] for r in rows)
    assert main(["export", str(book), "--name", "Standings"]) == 0
    assert re.split(r"\s{2,}", capsys.readouterr().out.splitlines()[0].strip()) == [*STANDINGS_COLUMNS]
    assert main(["export", str(book), "--name", "Nothing"]) == 1
    wanted = "has no table, named range or sheet 'NOTHING' (it has: AVOID, PLAYERS, RESULTS, sheet Start here"
    assert wanted in capsys.readouterr().err


def test_command_line_reports_error_cells_and_exit_codes(
    book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "scored.xlsx"
    # Errors in cells are results, as Excel shows them: listed, and exit 0 (issue 32); --check makes them 1.
    assert main(["recalc", str(book), "-o", str(out)]) == 0
    printed = capsys.readouterr()
    assert "differences" not in printed.err
    assert "Results!I5: #VALUE! rank 6 is outside 1..5" in printed.out
    assert "Results!I6: #NAME? unknown function NOSUCHFUNCTION" in printed.out
    assert "Traceback" not in printed.out + printed.err
    # Nothing else: no progress bar when the output is not a terminal, and nothing from the engine.
    assert len(printed.out.splitlines()) == 3
    assert printed.err.splitlines()[0].startswith("computed 19 formulas in ")  # F2:F6, G2, I2:I12, Summary B1:B2
    assert len(printed.err.splitlines()) == 2  # and the one-line count of the cells in error
    assert main(["recalc", str(book), "--check"]) == 1
    assert "cells in error" in capsys.readouterr().err
    assert main(["recalc", str(tmp_path / "missing.xlsx")]) == 1
    message = capsys.readouterr().err.strip()
    assert message.startswith("xlscore: ")
    assert "\n" not in message


BOMB = (
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>'
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
    b'<row r="1"><c r="A1" t="inlineStr"><is><t>&lol2;</t></is></c></row></sheetData></worksheet>'
)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: p.write_text("Player,Points\nAnn,3\n"), "not"),
        (lambda p: p.write_bytes(b""), "empty"),
        (lambda p: hostile.ole_file(p), ".xls"),
        (lambda p: hostile.ole_file(p, "EncryptionInfo", "EncryptedPackage"), "password"),
        (lambda p: hostile.write_zip(p, {**hostile.minimal_parts(), "xl/worksheets/sheet1.xml": BOMB}), "DTD"),
        (
            lambda p: hostile.write_zip(
                p, {**hostile.minimal_parts(), "xl/worksheets/sheet1.xml": b"<worksheet><sheetData>"}
            ),
            "not valid XML",
        ),
    ],
)
def test_broken_and_hostile_files_get_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: Any, words: str
) -> None:
    path = tmp_path / "event.xlsx"
    make(path)
    before = path.read_bytes()
    assert main(["recalc", str(path), "-o", str(tmp_path / "out.xlsx")]) == 1
    err = capsys.readouterr().err.strip()
    assert words in err
    assert "\n" not in err
    assert "Traceback" not in err
    assert path.read_bytes() == before
    assert not (tmp_path / "out.xlsx").exists()


def _engine_model_values(path: Path) -> dict[str, object]:
    """What the formulas engine computes for the whole workbook by itself (its ExcelModel), cell by cell, with
    xlscore's tables (its functions among them) in force, as they are only while xlscore computes."""
    import formulas

    from xlscore.engine.evaluation import formulas_adapter as formula_engine
    from xlscore.engine.evaluation import formulas_patches

    assert formula_engine.is_known("RPLOPS")
    with formulas_patches.applied():
        model = formulas.ExcelModel().loads(str(path)).finish()
        solution = model.calculate()
    values: dict[str, object] = {}
    for key, ranges in solution.items():
        match = re.fullmatch(r"'\[[^\]]+\](.+)'!([A-Z]+\d+)", key)
        if match is None:
            continue
        value = ranges.value[0, 0]
        values[f"{match.group(1).upper()}!{match.group(2)}"] = value
    return values


def test_results_equal_the_engines_own_model(tmp_path: Path) -> None:
    """The recalculation orders and feeds formulas itself; a whole-workbook model of the engine agrees."""
    path = tmp_path / "mixed.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Data"
    rows = [("Ann", 4, 1), ("Bo", 4, 2), ("Cy", 4, 3), ("Di", 4, 4), ("Ann", 3, 2), ("Bo", 3, 1), ("Cy", 3, 3)]
    for r, (name, n, rank) in enumerate(rows, start=1):
        ws[f"A{r}"], ws[f"B{r}"], ws[f"C{r}"] = name, n, rank
        ws[f"D{r}"] = f"=PLOPS(C{r},B{r})"
        ws[f"E{r}"] = f"=D{r}*2+IF(C{r}=1,10,0)"
        ws[f"F{r}"] = f"=RANK(D{r},$D$1:$D${len(rows)})"
    other = wb.create_sheet("Totals")
    for r, name in enumerate(["Ann", "Bo", "Cy", "Di"], start=1):
        other[f"A{r}"] = name
        other[f"B{r}"] = f"=SUMIF(Data!$A$1:$A${len(rows)},A{r},Data!$E$1:$E${len(rows)})"
        other[f"C{r}"] = f"=INDEX(Data!$C$1:$C${len(rows)},MATCH(A{r},Data!$A$1:$A${len(rows)},0))"
        other[f"D{r}"] = f"=RPLOPS2(C{r},4)+B{r}/100"
    other["E1"] = "=MAX(B1:B4)"
    wb.save(path)
    ours = recalculate(path).evaluation.values
    engine = _engine_model_values(path)
    compared = 0
    for sheet, cells in ours.items():
        for (row, col), value in cells.items():
            key = f"{sheet}!{get_column_letter(col)}{row}"
            assert key in engine
            assert value == pytest.approx(engine[key]), key
            compared += 1
    assert compared == 7 * 3 + 4 * 3 + 1


DIRECT_FORMULAS = [
    "=RPLOPS(C{r},B{r})",
    "=RPLOPS(C{r},B{r},2,,)",
    "=RPLOPS2(C{r},$B$1,1.5,25)",
    "=PLOPS(C{r},B{r},TRUE)",
    '=RPLOPS("x",B{r})',
    "=LEAGUE_POINTS(C{r},4)",
    "=PB_BONUS(D{r},$D$1)",
    "=SIZE_MATTERS(E{r},E$1:E$7)",
    "=SIZE_MATTERS(E{r},E$1:E$7,2)",
    "=RPLOPS_GAME(D1:D7)",
    "=PB_BOARD(D1:D5)",
    "=GIBBS_GAME(F1:F4,G1:G4,C1:C4)",
    "=RPLOPS(C1:C7,B1:B7)",
    "=RPLOPS(Z{r},B{r})",
    '=RPLOPS(C{r},B{r},IF(A{r}="","",A{r}))',  # a setting passed on as the templates pass it: blank here
    '=RPLOPS(C{r},B{r},IF( G{r} = "" , "" , G{r} ),IF($A$1="","",$A$1))',
]


def test_direct_path_equals_the_engine(tmp_path: Path) -> None:
    """A formula that is one xlscore call is computed without the engine; the engine computes the same."""
    path = tmp_path / "direct.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    data = [
        (4, 1, 900, 12),
        (4, 2, 800, 8),
        (4, 2, 700, 7),
        (4, 4, 650, 7),
        (3, 3, 400, 0),
        (3, 1, 300, 0),
        (5, 9, 0, 0),
    ]
    for r, (n, rank, money, centres) in enumerate(data, start=1):
        ws[f"B{r}"], ws[f"C{r}"], ws[f"D{r}"], ws[f"E{r}"] = n, rank, money, centres
        ws[f"F{r}"], ws[f"G{r}"] = 1500 + 10 * r, r
    for c, template in enumerate(DIRECT_FORMULAS, start=8):
        column = get_column_letter(c)
        for r in range(1, 8):
            ws[f"{column}{r}"] = template.format(r=r)
    wb.save(path)
    book = read_book(path)
    from xlscore.engine.evaluation.engine import evaluate

    direct = evaluate(book)
    engine = evaluate(book, direct=False)
    assert not direct.engine_used
    assert engine.engine_used
    assert direct.values.keys() == engine.values.keys()
    for sheet, cells in direct.values.items():
        assert cells.keys() == engine.values[sheet].keys()
        for position, value in cells.items():
            other = engine.values[sheet][position]
            assert type(value) is type(other), position
            assert value == (pytest.approx(other) if isinstance(other, float) else other), position
    assert [str(e) for e in direct.errors] == [str(e) for e in engine.errors]
    assert any("rank is the text 'x'" in str(e) for e in direct.errors)


def test_a_spill_typed_over_names_the_cells_and_fails(tmp_path: Path) -> None:
    """A plain formula (no array mark) calling a list function spills; typed values in its way stop it, named."""
    book = openpyxl.Workbook()
    ws = book.active
    assert ws is not None
    ws.title = "Sheet"
    for row, score in enumerate((120, 95, 60), start=1):
        ws.cell(row, 1, score)
    ws["C1"] = "=RPLOPS_GAME(A1:A3)"
    ws["C3"] = "typed"
    path = tmp_path / "blocked.xlsx"
    book.save(path)
    result = recalculate(path)
    assert [str(e) for e in result.errors] == [
        "Sheet!C1: #SPILL! the result needs 3 x 1 cells (C1:C3); C3 is typed over it: clear it"
    ]
    ws["C3"] = None
    book.save(path)
    spilled = recalculate(path, tmp_path / "out.xlsx")
    assert spilled.errors == ()
    assert spilled.evaluation.spills[("SHEET", 1, 3)] == Area("SHEET", 1, 3, 3, 3)
    # Written back as Excel 365 writes a dynamic array: an array formula over its spill, marked.
    sheet_xml = zipfile.ZipFile(tmp_path / "out.xlsx").read("xl/worksheets/sheet1.xml")
    anchor = re.search(rb'<c r="C1"[^>]*>', sheet_xml)
    assert anchor is not None
    assert b'cm="1"' in anchor.group(0)
    assert b'<f t="array" ref="C1:C3">' in sheet_xml


def _sheet(path: Path, cells: Mapping[str, float | str]) -> Path:
    """A workbook at ``path`` of one sheet, "Sheet", holding ``cells`` (values and formulas by cell name)."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sheet"
    for cell, value in cells.items():
        sheet[cell] = value
    book.save(path)
    return path


def _one_formula(path: Path, formula: str) -> Path:
    return _sheet(path, {"A1": 2, "B1": 5, "C1": formula})


def test_a_missing_sheet_is_ref(tmp_path: Path) -> None:
    result = recalculate(_one_formula(tmp_path / "missing.xlsx", "=RPLOPS(Nowhere!A1,B1)"))
    assert [(e.cell, e.code, e.reason.lower()) for e in result.errors] == [("C1", "#REF!", "no sheet named 'nowhere'")]


@pytest.mark.parametrize("direct", [True, False], ids=["direct", "engine"])
def test_a_key_error_inside_a_scoring_function_is_a_bug_not_ref(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, direct: bool
) -> None:
    """Only a sheet that is not there is #REF!: a KeyError raised by the core is a bug, and surfaces (through the
    engine, inside the error of the engine's dispatcher)."""

    def broken(*args: object) -> float:
        raise KeyError("a key the rule forgot")

    from xlscore.engine.evaluation import engine
    from xlscore.engine.functions import registered
    from xlscore.excel.functions.catalogue import CATALOGUE
    from xlscore.excel.functions.edge import call_cells

    rplops = functools.partial(call_cells, dataclasses.replace(CATALOGUE["RPLOPS"], core=broken))
    monkeypatch.setitem(registered._FUNCTIONS, "RPLOPS", rplops)
    if not direct:
        from xlscore.engine.evaluation import formulas_adapter as formula_engine

        monkeypatch.setitem(formula_engine._FUNCTIONS, "RPLOPS", formula_engine._engine_function("RPLOPS", rplops))
    book = read_book(_one_formula(tmp_path / "broken.xlsx", "=RPLOPS(A1,B1)"))
    with pytest.raises(KeyError if direct else Exception, match="a key the rule forgot"):
        engine.evaluate(book, direct=direct)


_CIRCULAR = (
    "a circular reference: Excel shows the last value it computed, 0 at first, as here; turn on iterative "
    "calculation (File > Options > Formulas) to compute it"
)


@pytest.mark.parametrize("direct", [True, False], ids=["direct", "engine"])
def test_a_circular_reference_is_reported_in_its_cells_and_those_reading_them(tmp_path: Path, direct: bool) -> None:
    # Without iterative calculation Excel warns and shows the last value it computed, 0 at first: vinci1it2000/
    # formulas' test_files/circular.xlsx (no iterate in its calcPr) keeps 0 in =B2 in B2 and in =B2+1 in E2.
    cells = {
        "A1": "=B1+1",  # A1 and B1 read each other
        "B1": "=PLOPS(A1,4)",
        "C1": "=A1*2",  # reads the cycle
        "D1": "=PLOPS(1,4)",  # reads nothing
    }
    path = _sheet(tmp_path / "circular.xlsx", cells)
    from xlscore.engine.evaluation.engine import evaluate

    evaluation = evaluate(read_book(path), direct=direct)
    assert sorted(str(e) for e in evaluation.errors) == [f"Sheet!{cell}: {_CIRCULAR}" for cell in ("A1", "B1", "C1")]
    assert [evaluation.values["SHEET"][(1, col)] for col in (1, 2, 3)] == [0, 0, 0]
    assert evaluation.values["SHEET"][(1, 4)] == pytest.approx(2 * 50 * 4 / 5)


def test_iterative_calculation_as_excel(tmp_path: Path) -> None:
    """With iterate="1" in calcPr, circular references are computed by repetition, from the values the file holds:
    Apache POI's 57535.xlsx (E4 = 6, E5 = 0.1*(E4+E6), E6 = E4+E5) holds E5 = 1.33333326 and E6 = 7.33333326,
    already settled within the default 0.001, and keeps them; started from nothing, the repetition stops when no
    value moves by 0.001: E5 = 1.33326 after five passes, as by hand (0.6, 1.26, 1.326, 1.3326, 1.33326)."""
    import zipfile

    def book(name: str, e5: str, e6: str) -> Path:
        plain = tmp_path / f"plain-{name}"
        made = openpyxl.Workbook()
        sheet = made.active
        assert sheet is not None
        sheet.title = "Sheet1"
        sheet["E4"], sheet["E5"], sheet["E6"] = 6, "=0.1*(E4+E6)", "=E4+E5"
        made.save(plain)
        path = tmp_path / name
        with zipfile.ZipFile(plain) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
            for item in source.infolist():
                data = source.read(item)
                if item.filename == "xl/workbook.xml":
                    data = data.replace(b"<calcPr ", b'<calcPr iterate="1" ')
                    assert b'iterate="1"' in data
                if item.filename == "xl/worksheets/sheet1.xml" and e5:
                    data = data.replace(b"<f>0.1*(E4+E6)</f><v></v>", f"<f>0.1*(E4+E6)</f><v>{e5}</v>".encode())
                    data = data.replace(b"<f>E4+E5</f><v></v>", f"<f>E4+E5</f><v>{e6}</v>".encode())
                    assert e5.encode() in data
                target.writestr(item, data)
        return path

    settled = recalculate(book("saved.xlsx", "1.33333326", "7.33333326"))
    assert (settled.evaluation.values["SHEET1"][5, 5], settled.evaluation.values["SHEET1"][6, 5]) == (
        1.33333326,
        7.33333326,
    )
    assert settled.errors == ()
    fresh = recalculate(book("fresh.xlsx", "", ""))
    assert fresh.evaluation.values["SHEET1"][5, 5] == pytest.approx(1.33326, abs=1e-12)
    assert fresh.evaluation.values["SHEET1"][6, 5] == pytest.approx(7.33326, abs=1e-12)


@pytest.mark.parametrize("direct", [True, False], ids=["direct", "engine"])
def test_a_formula_whose_references_move_differently_is_moved_cell_by_cell(tmp_path: Path, direct: bool) -> None:
    """B1 and $B$1 name the same cell in row 1 but not below it: each row's formula is moved from the first."""
    cells = {f"B{row}": row * 10 for row in (1, 2, 3)} | {f"A{row}": f"=B{row}+$B$1" for row in (1, 2, 3)}
    path = _sheet(tmp_path / "moved.xlsx", cells)
    from xlscore.engine.evaluation.engine import evaluate

    values = evaluate(read_book(path), direct=direct).values["SHEET"]
    assert [values[(row, 1)] for row in (1, 2, 3)] == [10 + 10, 20 + 10, 30 + 10]


def test_a_cell_that_reads_itself_is_circular(tmp_path: Path) -> None:
    """=A1 in A1 (and a sum over its own column) is a circular reference, reported, as Excel warns of it."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["A1"], sheet["A2"], sheet["B1"], sheet["B2"] = "=A1", "=A2+1", 5, "=SUM(B:B)"
    sheet["C1"] = "=B1*2"
    source = tmp_path / "self.xlsx"
    book.save(source)
    result = recalculate(source)
    reported = sorted((e.cell, e.reason) for e in result.errors)
    assert reported == [(c, _CIRCULAR) for c in ("A1", "A2", "B2")]
    assert result.evaluation.values[sheet.title.upper()][1, 3] == 10


def test_a_range_between_deleted_cells_is_ref(tmp_path: Path) -> None:
    # PhpSpreadsheet's tests/data/Reader/XLSX/issue.3453.xlsx: Excel saved =SUM(#REF!:#REF!) as #REF!.
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["H2"], sheet["H3"] = "=SUM(#REF!:#REF!)", '="#REF!:#REF!"&"x"'
    source = tmp_path / "in.xlsx"
    book.save(source)
    result = recalculate(source)
    values = result.evaluation.values[sheet.title.upper()]
    assert values[2, 8] == CellError("#REF!")
    assert values[3, 8] == "#REF!:#REF!x"
    assert [str(e) for e in result.errors] == [f"{sheet.title}!H2: #REF! the formula refers to cells that were deleted"]


def test_recalc_keeps_the_area_the_file_gives_a_spilling_formula(tmp_path: Path) -> None:
    """A template reserves a table's rows for LibreOffice, which reads the area as a fixed size (issue 29): recalc
    writes the answer's five rows and leaves the reserved rows below them blank, the area kept; an answer taller than
    the area widens it."""
    path = tmp_path / "reserved.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    for r, score in enumerate([252_000, 248_000, 121_000, 98_000, 60_000], start=1):
        ws[f"A{r}"] = score
    ws["B1"] = ArrayFormula("B1:B10", "=PB_BOARD(A1:A5)")
    ws["D1"] = ArrayFormula("D1:D2", "=PB_BOARD(A1:A5)")
    wb.save(path)
    out = tmp_path / "out.xlsx"
    recalculate(path, out)
    values = _saved(out).active
    assert [values[f"B{r}"].value for r in range(1, 5)] == [3.028, 2.492, 1.24, 0.194]
    assert all(values[f"B{r}"].value in (None, "") for r in range(5, 11))
    sheet = _parts(out)["xl/worksheets/sheet1.xml"]
    assert b'ref="B1:B10"' in sheet
    assert b'ref="D1:D5"' in sheet
