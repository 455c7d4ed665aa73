"""The engine's own errors and its one registration call, and how xlscore meets them across the wall."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlscore.core.errors import WorkbookError, XlscoreError
from xlscore.core.validate import shown as core_shown
from xlscore.engine import BookError, CellError, register_functions
from xlscore.engine.errors import shown as engine_shown
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.functions.registered import REGISTERED
from xlscore.excel.functions import cells
from xlscore.excel.headless import xlscore_errors

ROOT = Path(__file__).resolve().parents[2]


@given(st.one_of(st.text(), st.integers(), st.floats(allow_nan=False), st.none(), st.lists(st.text(), max_size=5)))
def test_the_engine_quotes_a_value_as_the_core_does(value: object) -> None:
    # The one rule written on both sides of the wall, which neither side may import from the other.
    assert engine_shown(value) == core_shown(value)


def test_xlscore_functions_share_the_engines_error_value() -> None:
    assert cells.CellError is CellError
    assert cells.MAX_CELL_TEXT == 32_767


def test_a_book_error_is_raised_as_xlscores_workbook_error_with_its_message_and_cause() -> None:
    with pytest.raises(WorkbookError, match=r"^Scores\.xlsx is damaged$") as caught, xlscore_errors():
        raise BookError("Scores.xlsx is damaged")
    assert isinstance(caught.value, XlscoreError)
    assert isinstance(caught.value.__cause__, BookError)


def test_the_command_line_prints_an_engine_refusal_on_one_line(tmp_path: Path) -> None:
    empty = tmp_path / "empty.xlsx"
    empty.write_bytes(b"")
    done = subprocess.run(
        [sys.executable, "-m", "xlscore", "recalc", str(empty), "-o", str(tmp_path / "out.xlsx")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "xlscore: empty.xlsx is empty (0 bytes), so it holds no workbook; save it again from Excel"
    ]


def test_a_registered_function_is_what_a_formula_calls(tmp_path: Path) -> None:
    def twice(args: Sequence[object]) -> object:
        (value,) = args
        return value * 2 if isinstance(value, float) else CellError("#VALUE!", "TWICE takes a number")

    register_functions({"XLSCORE_TEST_TWICE": twice})
    path = tmp_path / "twice.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["A1"], sheet["B1"], sheet["A2"], sheet["B2"] = 21, "=XLSCORE_TEST_TWICE(A1)", "x", "=XLSCORE_TEST_TWICE(A2)"
    book.save(path)
    done = recalculate(path, tmp_path / "out.xlsx")
    values = done.evaluation.values["SHEET"]
    assert values[(1, 2)] == 42
    assert values[(2, 2)] == CellError("#VALUE!")
    assert [str(report) for report in done.errors] == ["Sheet!B2: #VALUE! TWICE takes a number"]


@pytest.mark.parametrize("name", ["twice", "1TWICE", "TWI CE", ""])
def test_a_function_is_registered_under_an_upper_case_name(name: str) -> None:
    with pytest.raises(ValueError, match="upper-case letters"):
        register_functions({name: lambda args: 0})
    assert name not in REGISTERED


def test_importing_the_engine_loads_neither_formulas_nor_numpy() -> None:
    # The add-in takes CellError from the engine: importing it must stay as light as the add-in.
    code = "import sys, xlscore.engine; print(sorted({'formulas', 'numpy'} & set(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        env={"PYTHONPATH": str(ROOT)},
    )
    assert done.stdout.strip() == "[]"


def test_a_function_registered_after_the_formula_engine_loaded_is_computed_by_it(tmp_path: Path) -> None:
    from xlscore.engine.evaluation import formulas_adapter  # the formula engine's table, built now

    def half(args: Sequence[object]) -> object:
        (value,) = args
        return value / 2 if isinstance(value, float) else CellError("#VALUE!", "HALF takes a number")

    register_functions({"XLSCORE_TEST_HALF": half})
    assert formulas_adapter.is_known("XLSCORE_TEST_HALF")
    path = tmp_path / "half.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["A1"], sheet["B1"] = 21, "=XLSCORE_TEST_HALF(A1)+1"  # arithmetic around it: the engine's path
    book.save(path)
    done = recalculate(path, tmp_path / "out.xlsx")
    assert done.evaluation.engine_used
    assert done.evaluation.values["SHEET"][(1, 2)] == 21 / 2 + 1


def test_the_engine_imports_no_module_of_xlscore_outside_it_not_even_the_top_package() -> None:
    # import-linter's contract names xlscore's other packages; this also refuses `import xlscore` itself.
    import ast

    outside = []
    for path in sorted((ROOT / "xlscore" / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            outside += [
                f"{path.name}: {n}"
                for n in names
                if n.split(".")[0] == "xlscore" and not n.startswith("xlscore.engine")
            ]
    assert outside == []
