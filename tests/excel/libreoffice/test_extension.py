"""xlscore's LibreOffice extension: what it holds, what it hands Calc, and Calc using it as a coordinator would.

The first tests need no LibreOffice: the call layer's conversions, the type library and the .oxt's contents. The
rest install the extension with unopkg into a stock profile and drive LibreOffice through UNO (uno_calc.py, run by
LibreOffice's own Python), one soffice session for all of them.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.excel.functions.catalogue import CATALOGUE
from xlscore.excel.functions.cells import table_to_grid
from xlscore.excel.libreoffice import calc
from xlscore.excel.libreoffice.extension import (
    COMPONENT,
    FUNCTIONS_MODULE,
    INTERFACE,
    OXT_NAME,
    WHY,
    extension_bytes,
    extension_files,
    write_extension,
)
from xlscore.excel.libreoffice.profile import extension_profile
from xlscore.excel.libreoffice.soffice import (
    EXCEL_NAMES_SINCE,
    find_soffice,
    profile_arguments,
    run_measured,
    soffice_env,
    soffice_version,
    version_number,
)
from xlscore.excel.libreoffice.typelibrary import Method, idl_source, type_library
from xlscore.excel.templates import rplops_event

from ..programs import LIBREOFFICE_PYTHON, WORKBOOKS, differences, has_uno

UNO_SCRIPT = Path(__file__).resolve().parents[1] / "uno_calc.py"


def run_uno_job(folder: Path, profile: Path, steps: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Run ``steps`` (open, type, calculate, read, save: see uno_calc.py) in one LibreOffice session with the
    extension's ``profile``, in LibreOffice's own Python; each step's result by its name."""
    job = folder / "job.json"
    job.write_text(json.dumps({"profile": str(profile), "steps": list(steps.values())}), encoding="utf-8")
    done = subprocess.run(
        [str(LIBREOFFICE_PYTHON), str(UNO_SCRIPT), str(job), str(folder / "result.json")],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    shown = json.loads((folder / "result.json").read_text(encoding="utf-8"))
    return dict(zip(steps, shown, strict=True))


SDK = Path("/usr/lib/libreoffice/sdk/bin")
TYPES = Path("/usr/lib/libreoffice/program/types.rdb")
VALUE, NOT_AVAILABLE = 519, 32767


# The call layer: Calc's values in, Calc's values out.


@pytest.mark.parametrize("code", sorted(calc.CALC_ERRORS))
def test_an_error_goes_to_calc_as_its_own_nan(code: str) -> None:
    value = calc.error_value(code)
    assert math.isnan(value)
    assert calc.error_code(value) == code


def test_an_error_calc_has_no_number_for_is_value() -> None:
    assert calc.error_code(calc.error_value("#SPILL!")) == "#VALUE!"
    assert calc.error_code(1.5) is None
    assert calc.error_code(float("nan")) is None  # a NaN without Calc's number is not one of ours


def test_one_value_is_one_row_of_one_cell() -> None:
    ((points,),) = calc.call("RPLOPS", (2.0, 5.0))
    assert points == pytest.approx(200 / 3)


def test_a_bad_input_is_a_value_error_whose_message_why_gives() -> None:
    ((answer,),) = calc.call("RPLOPS", (6.0, 5.0))
    assert calc.error_code(answer) == "#VALUE!"
    assert calc.why("RPLOPS", (6.0, 5.0)) == "#VALUE! rank 6 is outside 1..5"
    assert calc.why("RPLOPS", (2.0, 5.0)) == ""


def test_a_range_comes_in_as_rows_and_a_blank_as_the_empty_text() -> None:
    # Calc gives a blank cell of a range as the empty text: a row of scores with one at its end is three scores.
    ((a, b, c),) = calc.call("RPLOPS_GAME", (((120.0, 95.0, 60.0, ""),),))
    assert (a, b, c) == (pytest.approx(75), pytest.approx(50), pytest.approx(25))
    # A row not filled in yet stays blank, and goes back as the empty text (Calc shows "nothing" as 0).
    assert calc.call("RPLOPS", (((2.0,), ("",)), 5.0))[1] == ("",)


def test_an_array_answer_keeps_its_shape_and_marks_each_bad_element() -> None:
    rows = calc.call("RPLOPS", (((2.0,), (7.0,)), 5.0))
    assert [len(row) for row in rows] == [1, 1]
    assert rows[0][0] == pytest.approx(200 / 3)
    assert calc.error_code(rows[1][0]) == "#VALUE!"


def test_an_array_answer_is_padded_to_the_tallest_range_it_read() -> None:
    # Three scores in a five-row range: three points, then two blank rows (Calc would fill them with #N/A).
    rows = calc.call("RPLOPS_GAME", (((120.0,), (95.0,), (60.0,), ("",), ("",)),))
    assert [round(r[0], 2) if r[0] != "" else r[0] for r in rows] == [75.0, 50.0, 25.0, "", ""]


def test_a_missing_package_says_which_in_plain_words(monkeypatch: pytest.MonkeyPatch) -> None:
    def needs_numpy(*_: Any) -> Any:
        raise ModuleNotFoundError("No module named 'numpy'", name="numpy")

    monkeypatch.setattr(calc, "call_cells", needs_numpy)
    ((answer,),) = calc.call("GIBBS_RATINGS", ())
    assert calc.error_code(answer) == "#VALUE!"
    assert calc.why("GIBBS_RATINGS", ()).startswith("#VALUE! GIBBS_RATINGS needs numpy, which LibreOffice's Python")


def test_an_unknown_function_is_a_name_error() -> None:
    ((answer,),) = calc.call("NOT_XLSCORE", ())
    assert calc.error_code(answer) == "#NAME?"


# The type library.


def test_the_type_library_is_the_binary_format_and_refuses_a_bad_name() -> None:
    data = type_library("org.example.XThing", [Method("F", ("a0",))])
    assert data.startswith(b"UNOIDL\xff\x00")
    with pytest.raises(ValueError, match="not a UNO identifier"):
        type_library("org.example.XThing", [Method("F G", ())])


@pytest.mark.skipif(not (SDK / "unoidl-read").exists(), reason="LibreOffice's SDK (libreoffice-dev) is not installed")
def test_libreoffice_reads_the_type_library_as_the_same_interface_as_its_idl(tmp_path: Path) -> None:
    methods = [Method(f.name, tuple(f"a{i}" for i in range(len(f.arguments)))) for f in CATALOGUE.values()]
    (tmp_path / "written.rdb").write_bytes(type_library(INTERFACE, methods))
    (tmp_path / "source.idl").write_text(idl_source(INTERFACE, methods), encoding="utf-8")

    def read(name: str) -> str:
        done = subprocess.run(
            [str(SDK / "unoidl-read"), str(TYPES), str(tmp_path / name)], capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert read("written.rdb") == read("source.idl")
    assert "RPLOPS_STANDINGS([in] any a0, [in] any a1, [in] any a2)" in read("written.rdb")


# The .oxt.


def test_the_extension_lists_every_function_with_its_descriptions() -> None:
    files = extension_files()
    functions = files[f"pythonpath/{FUNCTIONS_MODULE}.py"].decode()
    for name, function in CATALOGUE.items():
        assert f"    {name!r}: " in functions
        for argument in function.arguments:
            assert repr(argument.name) in functions
    assert repr(WHY) in functions
    manifest = files["META-INF/manifest.xml"].decode()
    assert 'full-path="xlscore.rdb"' in manifest
    assert f'full-path="{COMPONENT}"' in manifest
    assert files[COMPONENT] == (Path(calc.__file__).with_name("component.py")).read_bytes()


def test_the_extension_is_the_same_bytes_each_time() -> None:
    assert extension_bytes() == extension_bytes()


def test_the_bundled_xlscore_runs_on_its_own(tmp_path: Path) -> None:
    """The pythonpath folder alone, no site-packages: every function that needs no numpy computes."""
    with zipfile.ZipFile(write_extension(tmp_path)) as oxt:
        oxt.extractall(tmp_path / "oxt")
    script = (
        "import sys; sys.path[:0] = [sys.argv[1]]\n"
        "from xlscore.excel.libreoffice import calc\n"
        "print(calc.call('RPLOPS', (2.0, 5.0))[0][0])\n"
        "print(calc.why('GIBBS_RATINGS', (((('date', 'game', 'player', 'place'), (1.0, 'G1', 'A', 1.0))),)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-S", "-c", script, str(tmp_path / "oxt" / "pythonpath")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    points, gibbs = done.stdout.splitlines()
    assert float(points) == pytest.approx(200 / 3)
    assert "needs numpy" in gibbs or gibbs == ""  # numpy may be importable without site-packages on some systems


def test_the_command_line_writes_the_extension(tmp_path: Path) -> None:
    from xlscore.cli import main

    assert main(["addin", "--libreoffice", str(tmp_path)]) == 0
    assert zipfile.is_zipfile(tmp_path / OXT_NAME)
    assert main(["addin", "--libreoffice", str(tmp_path / "missing")]) == 1  # bad input


# LibreOffice with the extension installed.


def _too_old() -> bool:
    soffice = find_soffice()
    return soffice is not None and version_number(soffice_version(soffice)) < EXCEL_NAMES_SINCE


_no_uno = pytest.mark.skipif(not has_uno(), reason="LibreOffice and its Python (python3-uno) are not installed")


def uno(test: Any) -> Any:
    """A test in the one LibreOffice session: skipped without LibreOffice, and in the slow group (pytest -m slow)."""
    return pytest.mark.slow(_no_uno(test))


excel_names = pytest.mark.skipif(
    _too_old(), reason=f"this LibreOffice reads no add-in's Excel names in .xlsx (needs {EXCEL_NAMES_SINCE})"
)

NEW_RESULT = [["G9", "Fay", 500.0, "", "", 3], ["G9", "Ann", 10.0, "", "", 3]]
"""A two-player game in round 3 typed below the sample results (game, player, score, place, hours, round), between
players the event has: Calc's
array formulas keep their size (docs/guide/libreoffice.md), so the standings do not grow a row."""


@pytest.fixture(scope="module")
def office(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One LibreOffice session doing every step below; what Calc showed, by step name."""
    if not has_uno():
        pytest.skip("LibreOffice and its Python (python3-uno) are not installed")
    soffice = find_soffice()
    assert soffice is not None
    folder = tmp_path_factory.mktemp("extension")
    profile = extension_profile(soffice, folder / "profile", recalculate=False)
    event = folder / "rplops-event.xlsx"
    shutil.copyfile(WORKBOOKS / "rplops-event.xlsx", event)
    steps: dict[str, dict[str, Any]] = {
        "cells": {
            "formulas": {
                "A1": "=RPLOPS(2;5)",
                "A2": "=RPLOPS(6;5)",
                "A3": "=SUM(A1:A2)",
                "A4": "=ISERROR(A2)",
                "A5": '=XLSCORE_WHY("RPLOPS";6;5)',
                "A6": "=RPLOPS(NA();5)",
                "A7": "=rplops(2;5;;;2)",
            },
            "array": {"B1:B5": "=RPLOPS_GAME({120|95|95|60|30})", "C1:C2": "=RPLOPS({2|7};5)"},
        },
        "wizard": {"describe": ["RPLOPS", "RPLOPS_STANDINGS", WHY]},
        **{f"open {book.stem}": {"open": str(book), "calculate": True} for book in sorted(WORKBOOKS.glob("*.xlsx"))},
        "typed": {
            "open": str(event),
            "type": {"sheet": "Results", "at": "A12", "rows": NEW_RESULT},
            "read": {"sheet": "Standings", "range": "A1:H9"},
            "save": str(folder / "saved-by-libreoffice.xlsx"),
        },
        "before": {"open": str(event), "read": {"sheet": "Standings", "range": "A1:H9"}},
    }
    shown = run_uno_job(folder, profile, steps)
    return {"folder": folder, "profile": profile, "soffice": soffice, **shown}


@uno
def test_calc_computes_a_function_and_gives_real_errors(office: dict[str, Any]) -> None:
    cells = office["cells"]
    assert cells["A1"]["value"] == pytest.approx(200 / 3)
    assert cells["A1"]["error"] == 0
    assert cells["A2"]["error"] == VALUE
    assert cells["A2"]["text"] == "#VALUE!"
    assert cells["A3"]["error"] == VALUE  # SUM does not skip it, as it would skip a text
    assert cells["A4"]["value"] == 1  # ISERROR: TRUE
    assert cells["A5"]["text"] == "#VALUE! rank 6 is outside 1..5"
    assert cells["A6"]["error"] == NOT_AVAILABLE  # an error passed in comes out as that error


@uno
def test_an_argument_left_out_in_the_middle_is_left_out(office: dict[str, Any]) -> None:
    # RPLOPS(2;5;;;2): a tie for 2nd of 5, the catalogue's own example, 58.33 as in Excel.
    assert round(office["cells"]["A7"]["value"], 2) == 58.33


@uno
def test_an_array_answer_fills_its_range_with_an_error_where_an_element_is_bad(office: dict[str, Any]) -> None:
    cells = office["cells"]
    assert [round(cells[f"B{r}"]["value"], 2) for r in range(1, 6)] == [83.33, 58.33, 58.33, 33.33, 16.67]
    assert cells["C1"]["value"] == pytest.approx(200 / 3)
    assert cells["C2"]["error"] == VALUE


@uno
def test_the_function_wizard_shows_the_catalogue_descriptions(office: dict[str, Any]) -> None:
    wizard = office["wizard"]
    rplops = CATALOGUE["RPLOPS"]
    assert wizard["RPLOPS"]["description"] == " ".join(rplops.help.replace("`", "").split())
    assert [a[0] for a in wizard["RPLOPS"]["arguments"]] == [a.name for a in rplops.arguments]
    assert wizard["RPLOPS"]["arguments"][0][1] == " ".join(rplops.arguments[0].doc.replace("`", "").split())
    assert all(a[2] for a in wizard["RPLOPS"]["arguments"])  # Calc treats every add-in argument as optional
    assert wizard[WHY]["arguments"][0][0] == "function"
    assert len({w["category"] for w in wizard.values()}) == 1  # all in Calc's Add-in category


def _recalculated(book: Path, folder: Path) -> dict[str, dict[str, Any]]:
    """Every cell of ``xlscore recalc``'s copy of ``book``, by sheet and coordinate."""
    out = folder / f"{book.stem}-recalculated.xlsx"
    recalculate(book, out)
    values = openpyxl.load_workbook(out, data_only=True)
    return {
        sheet.title: {cell.coordinate: cell.value for row in sheet.iter_rows() for cell in row}
        for sheet in values.worksheets
    }


def _same(shown: Any, want: Any) -> bool:
    if isinstance(shown, dict):
        return False  # an error in LibreOffice
    if isinstance(want, bool):
        return bool(shown == float(want))
    if isinstance(want, int | float) and isinstance(shown, int | float):
        return math.isclose(shown, want, rel_tol=1e-9, abs_tol=1e-9)
    if hasattr(want, "year"):  # a date: LibreOffice gives its serial number
        return isinstance(shown, float)
    return bool((shown in ("", None) and want in ("", None)) or shown == want)


@uno
@excel_names
@pytest.mark.parametrize("book", sorted(WORKBOOKS.glob("*.xlsx")), ids=lambda p: p.stem)
def test_every_template_computes_in_calc_as_xlscore_recalc_does(book: Path, office: dict[str, Any]) -> None:
    """Every formula cell Calc computed (each cell of an array formula's range) holds what recalc wrote there."""
    shown = office[f"open {book.stem}"]["cells"]
    expected = _recalculated(book, office["folder"])
    differ = [
        f"{sheet}!{cell}: LibreOffice {value!r}, recalc {expected[sheet].get(cell)!r}"
        for sheet, cells in shown.items()
        for cell, value in cells.items()
        if not _same(value, expected[sheet].get(cell))
    ]
    assert differ == []
    assert sum(len(cells) for cells in shown.values()) > 20  # the standings at least were computed


@uno
@excel_names
def test_typing_a_result_moves_the_standings(office: dict[str, Any]) -> None:
    """The standings Calc shows once the game is typed are the core's standings of the results as saved."""
    before, after = office["before"]["read"], office["typed"]["read"]
    saved = read_book(office["folder"] / "saved-by-libreoffice.xlsx")
    expected = table_to_grid(list(rplops_event.standings(saved)))
    assert before != after
    assert differences(after[: len(expected)], expected) == []


@uno
@excel_names
def test_a_workbook_saved_by_calc_keeps_excel_names_and_recalculates(office: dict[str, Any]) -> None:
    saved = office["folder"] / "saved-by-libreoffice.xlsx"
    with zipfile.ZipFile(saved) as book:
        sheets = b"".join(book.read(n) for n in book.namelist() if n.startswith("xl/worksheets/sheet"))
    assert b"RPLOPS_STANDINGS(" in sheets
    assert b"ORG.XLSCORE" not in sheets.upper()
    result = recalculate(saved, office["folder"] / "saved-recalculated.xlsx")
    assert [str(e) for e in result.errors] == []
    standings = openpyxl.load_workbook(office["folder"] / "saved-recalculated.xlsx", data_only=True)["Standings"]
    shown = [[cell.value for cell in row] for row in standings.iter_rows(max_row=9, max_col=8)]
    assert differences(shown, office["typed"]["read"]) == []  # recalc shows what Calc showed


@uno
def test_unopkg_removes_the_extension_cleanly(office: dict[str, Any]) -> None:
    unopkg = Path(office["soffice"]).resolve().with_name("unopkg")
    arguments = profile_arguments(office["profile"])
    log = office["folder"] / "unopkg.log"
    listed = run_measured([str(unopkg), "list", "--shared", *arguments], timeout=300, log=log, env=soffice_env())
    assert listed.ok
    assert "org.xlscore.calc" in log.read_text()
    removed = run_measured(
        [str(unopkg), "remove", "--shared", *arguments, "org.xlscore.calc"], timeout=300, log=log, env=soffice_env()
    )
    assert removed.ok, log.read_text()
    listed = run_measured([str(unopkg), "list", "--shared", *arguments], timeout=300, log=log, env=soffice_env())
    assert listed.ok
    assert "org.xlscore.calc" not in log.read_text()
