"""Issue 32: every recalculation bounded in time and memory, every text one a cell can hold.

Each test is a row of the issue's table, on a one-sheet book holding the formulas shown. The figures are Excel's:
32,767 characters in a cell (Microsoft's "Excel specifications and limits"), #N/A for UNICHAR of half a surrogate
pair (Microsoft's page of UNICHAR), a circular reference for cells that read each other however they do it.
"""

from __future__ import annotations

import math
import tracemalloc
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine import hostile
from xlscore.cli import main
from xlscore.engine import BookError
from xlscore.engine.evaluation import engine
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files import limits
from xlscore.excel.functions.cells import CellError

CELL_TEXT = 32_767


def _cell(ref: str, formula: str | None = None, body: str = "") -> str:
    return f'<c r="{ref}">' + (f"<f>{escape(formula)}</f>" if formula is not None else "") + f"{body}</c>"


def _book(path: Path, *cells: str, array: str = "") -> Path:
    """A workbook whose first sheet, Results, holds ``cells`` in its first row (and ``array``, a raw row)."""
    rows = f'<row r="1">{"".join(cells)}</row>{array}'
    sheet = f'<worksheet xmlns="{hostile.MAIN}"><sheetData>{rows}</sheetData></worksheet>'
    return hostile.write_zip(path, {**hostile.minimal_parts(), "xl/worksheets/sheet1.xml": sheet.encode()})


def _values(path: Path) -> list[object]:
    computed = recalculate(path).evaluation.values["RESULTS"]
    return [computed[key] for key in sorted(computed)]


def _is(value: object, code: str) -> bool:
    return isinstance(value, CellError) and value.code == code


# -- text over a cell's 32,767 characters ---------------------------------------------------------------------


def test_no_text_over_a_cells_limit_is_made(tmp_path: Path) -> None:
    book = _book(
        tmp_path / "Text.xlsx",
        _cell("A1", 'LEN(REPT("x",1E9))'),  # 1,000,000,000 and 1.1 GB before
        _cell("B1", f'LEN(REPT("x",{CELL_TEXT}))'),  # the limit itself
        _cell("C1", f'LEN(REPT("x",{CELL_TEXT + 1}))'),
        _cell("D1", 'LEN(CONCAT(REPT("x",30000),REPT("y",30000)))'),
        _cell("E1", 'LEN(SUBSTITUTE(REPT("x",30000),"x","yy"))'),
        _cell("F1", 'LEN(REPT("ab",20000)&REPT("c",20000))'),
        _cell("G1", 'LEN(TEXTJOIN(",",TRUE,REPT("x",20000),REPT("x",20000)))'),
        _cell("H1", f'LEN(CONCATENATE(REPT("x",20000),REPT("x",{CELL_TEXT - 20000})))'),
        _cell("I1", 'REPT("x",1E9)'),
    )
    values = _values(book)
    assert values[1] == CELL_TEXT
    assert values[7] == CELL_TEXT
    assert all(_is(values[i], "#VALUE!") for i in (0, 2, 3, 4, 5, 6, 8))


def test_rept_of_a_gigabyte_is_refused_before_it_is_built(tmp_path: Path) -> None:
    book = _book(tmp_path / "Rept.xlsx", _cell("A1", 'REPT("x",1E9)'), _cell("B1", 'REPT("ab",1E9)&"!"'))
    recalculate(book)  # the engine loaded, so that what it costs to load is not counted below
    tracemalloc.start()
    try:
        result = recalculate(book)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 50 * 2**20  # a built text would be 1 GB and 2 GB
    assert [str(e) for e in result.errors] == [
        "Results!A1: #VALUE! a text of 1,000,000,000 characters, more than the 32,767 a cell holds (Excel's limit)",
        "Results!B1: #VALUE! a text of 2,000,000,000 characters, more than the 32,767 a cell holds (Excel's limit)",
    ]


_TEXT_CALLS = st.sampled_from(
    [
        'REPT("{t}",{n})',
        'LEN(REPT("{t}",{n}))',
        'CONCAT(REPT("{t}",{n}),REPT("{t}",{n}))',
        'TEXTJOIN("{t}",TRUE,REPT("{t}",{n}),"a")',
        'SUBSTITUTE(REPT("{t}",{n}),"{t}","{t}{t}")',
        '_xlfn.REGEXREPLACE(REPT("{t}",{n}),"{t}","{t}{t}")',
        'REPLACE(REPT("{t}",{n}),1,1,REPT("{t}",{n}))',
        'UPPER(REPT("{t}",{n}))&LOWER(REPT("{t}",{n}))',
        'LEFT(REPT("{t}",{n}),{n})&RIGHT(REPT("{t}",{n}),{n})',
        'TRIM(REPT("{t} ",{n}))',
        'TEXT({n},REPT("0",{n}))',
        "ROWS(SEQUENCE({n}))",
        "SUM(SEQUENCE({n},{n}))",
        "SUM(MUNIT({n}))",
        "COUNTA(TRANSPOSE(SEQUENCE({n})))",
    ]
)
_HUGE = st.sampled_from([0, 1, 2, 16_383, 16_384, 32_767, 32_768, 100_000, 10**6, 10**9, 1e15, -1, 2.5])


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(_TEXT_CALLS, st.sampled_from(["x", "ab", "é"]), _HUGE), min_size=1, max_size=4))
def test_text_and_array_functions_with_huge_arguments_stay_within_a_cell(
    tmp_path_factory: pytest.TempPathFactory, calls: list[tuple[str, str, object]]
) -> None:
    """A fuzz of Excel's text and array functions with huge arguments: each formula gives a value or an error, no
    text over 32,767 characters, and the run takes bounded memory (no gigabyte is built; arrays over the cell
    limit are refused)."""
    cells = [_cell(f"{'ABCD'[i]}1", call.format(t=text, n=n)) for i, (call, text, n) in enumerate(calls)]
    book = _book(tmp_path_factory.mktemp("fuzz") / "Fuzz.xlsx", *cells)
    for value in _values(book):
        assert not isinstance(value, str) or len(value) <= CELL_TEXT
        assert not isinstance(value, float) or math.isfinite(value)


# -- an array formula over the whole sheet ----------------------------------------------------------------------


def test_a_legacy_array_formula_over_the_whole_sheet_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = '<row r="2"><c r="A2"><f t="array" ref="A2:XFD1048576">1</f><v>1</v></c></row>'
    book = _book(tmp_path / "Array.xlsx", _cell("A1", "1+1"), array=whole)
    assert main(["recalc", str(book), "-o", str(tmp_path / "out.xlsx")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "Results!A2 holds an array formula over 17,179,852,800 cells, more than the 2,000,000" in err
    assert not (tmp_path / "out.xlsx").exists()


def test_an_array_formula_at_the_cell_limit_is_computed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_CELLS", 6)
    at_limit = '<row r="2"><c r="A2"><f t="array" ref="A2:B4">1</f><v>1</v></c></row>'
    assert _values(_book(tmp_path / "Six.xlsx", array=at_limit)) == [1.0] * 6
    over = '<row r="2"><c r="A2"><f t="array" ref="A2:B5">1</f><v>1</v></c></row>'
    with pytest.raises(BookError, match="over 8 cells, more than the 6"):
        recalculate(_book(tmp_path / "Eight.xlsx", array=over))


# -- the time a recalculation may take ------------------------------------------------------------------------


def _many_formulas(path: Path, count: int, same: bool = False) -> Path:
    """A sheet of ``count - 1`` formulas in column B: each its own (``A2*2``, ``A3*3``: computed cell by cell), or
    with ``same`` one formula filled down (``A2*2``, ``A3*2``: one run of the vector path)."""
    cells = "".join(
        f'<row r="{r}"><c r="A{r}"><v>{r}</v></c><c r="B{r}"><f>A{r}*{2 if same else r}</f></c></row>'
        for r in range(1, count)
    )
    parts = hostile.minimal_parts()
    sheet = f'<worksheet xmlns="{hostile.MAIN}"><sheetData>{cells}</sheetData></worksheet>'
    return hostile.write_zip(path, {**parts, "xl/worksheets/sheet1.xml": sheet.encode()})


def test_past_max_seconds_recalc_stops_naming_the_sheet_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The clock is moved, not waited for: time is up once the third formula is reached.
    book = _many_formulas(tmp_path / "Slow.xlsx", 6)
    reached = iter(range(100))

    def check(deadline: limits.Deadline) -> None:
        if next(reached) >= 2:
            raise deadline.stopped()

    monkeypatch.setattr(limits.Deadline, "check", check)
    out = tmp_path / "out.xlsx"
    assert main(["recalc", str(book), "-o", str(out), "--max-seconds", "30"]) == 1
    err = capsys.readouterr().err
    assert err == (
        "xlscore: Slow.xlsx: stopped after 30 s (--max-seconds), at sheet 'Results', B3, formula 3 of 5; nothing "
        "was written. Give a larger --max-seconds to let it finish\n"
    )
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Slow.xlsx"]


def test_one_formula_running_past_the_time_is_interrupted_by_the_watchdog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = _many_formulas(tmp_path / "Stuck.xlsx", 3)
    computed = engine._Evaluator.compute

    def stuck(self: engine._Evaluator, formula: object) -> object:
        if getattr(formula, "row", 0) == 2:
            while True:  # a formula that never ends, as one over a huge range would take minutes
                pass
        return computed(self, formula)  # type: ignore[arg-type]

    monkeypatch.setattr(engine._Evaluator, "compute", stuck)
    with pytest.raises(BookError, match=r"stopped after 0\.1 s \(--max-seconds\), at sheet 'Results', B2, formula 2"):
        recalculate(book, tmp_path / "out.xlsx", max_seconds=0.1)
    assert not (tmp_path / "out.xlsx").exists()


def test_past_max_seconds_a_filled_column_stops_naming_its_sheet_and_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = _many_formulas(tmp_path / "Filled.xlsx", 40, same=True)

    def check(deadline: limits.Deadline) -> None:
        raise deadline.stopped()

    monkeypatch.setattr(limits.Deadline, "check", check)
    with pytest.raises(
        BookError, match=r"stopped after 30 s \(--max-seconds\), at sheet 'Results', B1:B[0-9]+, one formula"
    ):
        recalculate(book, tmp_path / "out.xlsx", max_seconds=30)
    assert not (tmp_path / "out.xlsx").exists()


def test_the_default_time_bound_is_stated() -> None:
    assert limits.MAX_SECONDS == 600.0  # docs/recalc.md, Reliability: ten minutes
    assert limits.MAX_MEMORY_MIB == 4_096


def test_running_out_of_the_memory_bound_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from xlscore.engine.evaluation import recalc

    def greedy(*args: object, **kwargs: object) -> object:
        raise MemoryError

    monkeypatch.setattr(recalc, "recalculate", greedy)
    book = _many_formulas(tmp_path / "Big.xlsx", 3)
    assert main(["recalc", str(book), "--max-memory", "512"]) == 1
    assert capsys.readouterr().err == (
        "xlscore: Big.xlsx: stopped on reaching 512 MiB of memory (--max-memory); nothing was written\n"
    )


def test_the_memory_bound_holds_for_the_run_and_is_lifted_after() -> None:
    resource = pytest.importorskip("resource")
    before = resource.getrlimit(resource.RLIMIT_AS)
    with limits.bound_memory(4_096):
        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        assert soft == 4_096 * 2**20 or (before[0] != resource.RLIM_INFINITY and soft == before[0])
        with pytest.raises(MemoryError):
            bytearray(8 * 2**30)
    assert resource.getrlimit(resource.RLIMIT_AS) == before


# -- half a surrogate pair -------------------------------------------------------------------------------------


def test_unichar_of_a_surrogate_is_na_and_a_stored_one_is_written_as_excel_writes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stored = '<c r="B1" t="inlineStr"><is><t>x_xD800_y</t></is></c>'
    book = _book(
        tmp_path / "Half.xlsx", _cell("A1", "UNICHAR(55296)"), stored, _cell("C1", "LEN(B1)"), _cell("D1", 'B1&"!"')
    )
    out = tmp_path / "out.xlsx"
    assert main(["recalc", str(book), "-o", str(out)]) == 0
    assert "Results!A1: #N/A UNICHAR(55296) is half of a surrogate pair" in capsys.readouterr().out
    with zipfile.ZipFile(out) as written:
        sheet = written.read("xl/worksheets/sheet1.xml").decode()
    assert '<c r="C1"><f>LEN(B1)</f><v>3</v></c>' in sheet
    assert "<v>x_xD800_y!</v>" in sheet
    assert main(["export", str(out), "--name", "Results", "--no-recalc", "--format", "csv"]) == 0
    assert "x_xD800_y!" in capsys.readouterr().out


# -- a cycle through INDIRECT ------------------------------------------------------------------------------------


def test_cells_reading_each_other_through_indirect_are_a_circular_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = _book(
        tmp_path / "Cycle.xlsx",
        _cell("A1", 'INDIRECT("B1")+1'),
        _cell("B1", 'INDIRECT("A1")+1'),
        _cell("C1", '"outside"'),
        _cell("D1", 'INDIRECT("C1")&"!"'),
    )
    result = recalculate(book)
    assert _values(book) == [0.0, 0.0, "outside", "outside!"]  # as Excel shows it: 0 until it is computed
    assert [str(e) for e in result.errors if "circular" in e.reason] == [
        f"Results!{cell}: a circular reference: Excel shows the last value it computed, 0 at first, as here; turn on "
        "iterative calculation (File > Options > Formulas) to compute it"
        for cell in ("A1", "B1")
    ]


# -- errors in cells are results -------------------------------------------------------------------------------


def test_recalc_of_a_book_with_error_cells_exits_0_without_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = _book(tmp_path / "Errors.xlsx", _cell("A1", "1/0"), _cell("B1", "NOSUCHFUNCTION(1)"), _cell("C1", "2"))
    assert main(["recalc", str(book), "-o", str(tmp_path / "out.xlsx")]) == 0
    printed = capsys.readouterr()
    assert printed.out.splitlines() == [
        "Results!A1: #DIV/0! division by zero",
        "Results!B1: #NAME? unknown function NOSUCHFUNCTION",
    ]
    assert "differences" not in printed.err
    assert printed.err.splitlines()[-1] == "xlscore: 2 cells in error (listed above), as Excel shows them"
    assert main(["recalc", str(book), "--check"]) == 1  # asked: --check fails on them
    assert "2 cells in error, 3 differences from the saved values" in capsys.readouterr().err  # none saved


# -- a LAMBDA that calls itself through its defined name ---------------------------------------------------------


def _lambdas(path: Path, formulas: dict[str, str]) -> Path:
    import openpyxl
    from openpyxl.workbook.defined_name import DefinedName

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Results"
    held = {
        "FACT": "_xlfn.LAMBDA(_xlpm.n,IF(_xlpm.n<=1,1,_xlpm.n*FACT(_xlpm.n-1)))",
        "FIB": "_xlfn.LAMBDA(_xlpm.n,IF(_xlpm.n<2,_xlpm.n,FIB(_xlpm.n-1)+FIB(_xlpm.n-2)))",
        "LOOP": "_xlfn.LAMBDA(_xlpm.n,LOOP(_xlpm.n+1))",
    }
    for name, text in held.items():
        book.defined_names[name] = DefinedName(name, attr_text=text)
    for cell, formula in formulas.items():
        sheet[cell] = formula
    book.save(path)
    return path


def test_a_recursive_lambda_through_a_defined_name_computes_within_the_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = _lambdas(tmp_path / "Recursive.xlsx", {"A1": "=FACT(170)", "B1": "=FIB(25)", "C1": "=FACT(5)+1"})
    fact_170 = math.prod(range(1, 171))  # 170!, the largest factorial a float holds
    assert _values(book) == [pytest.approx(float(fact_170), rel=1e-15), 75025.0, 121.0]  # #VALUE!/#NAME? before
    monkeypatch.setattr(limits, "MAX_LAMBDA_DEPTH", 50)
    beyond = _lambdas(tmp_path / "Beyond.xlsx", {"A1": "=LOOP(1)", "B1": "=FACT(51)", "C1": "=FACT(50)"})
    first, second, third = _values(beyond)
    assert _is(first, "#NUM!")  # never ends: past the bound, Excel's error for too many recursive calls
    assert _is(second, "#NUM!")  # 51 calls deep
    assert third == pytest.approx(float(math.prod(range(1, 51))), rel=1e-15)  # 50 deep: the bound itself
