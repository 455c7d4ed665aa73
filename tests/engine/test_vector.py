"""Vector evaluation gives every cell the value, and every error, that the cell-by-cell path gives.

Each test builds a sheet in memory (numbers, texts, blanks, errors and truth values, drawn by hypothesis), fills a
column with one formula, and computes the book both ways: ``evaluate(book)`` and ``evaluate(book, vector=False)``.
"""

from __future__ import annotations

import decimal
import math
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlscore.engine.errors import CellError
from xlscore.engine.evaluation.conversions import number_text
from xlscore.engine.evaluation.engine import Evaluation, evaluate
from xlscore.engine.evaluation.vector.decimals import short_texts
from xlscore.engine.evaluation.vector.halves import half_up
from xlscore.engine.files.book import Book, Formula, Sheet
from xlscore.engine.functions.math.rounding import rounding
from xlscore.engine.functions.text.number_format import format_value

ROWS = 6
FIRST = 2  # the formulas' first row

_ERRORS = [CellError("#N/A"), CellError("#DIV/0!"), CellError("#VALUE!")]
_TEXTS = ["5", " 7 ", "1.5", "abc", "ABC", "a", "x1", "xy", "", "TRUE", "1/2/2020", "-3", ">50", "*", "a*"]
_NUMBERS = st.one_of(
    st.integers(-100, 100).map(float),
    st.floats(-1e6, 1e6, allow_nan=False).map(lambda x: round(x, 3)),
    st.sampled_from([0.0, -0.0, 0.5, 2.5, -2.675, 50.0, 51.0, 1e15, 1.005]),
)
VALUES = st.one_of(_NUMBERS, _NUMBERS, st.sampled_from(_TEXTS), st.booleans(), st.none(), st.sampled_from(_ERRORS))
COLUMN = st.lists(VALUES, min_size=ROWS, max_size=ROWS)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def book_of(
    columns: Mapping[int, Sequence[object]], formulas: dict[int, list[str]], table: Sequence[Sequence[object]] = ()
) -> Book:
    """Sheet Data: ``columns`` from row 2 (col -> values), ``table`` at F1 (rows of values), ``formulas`` from row
    2 (col -> one text a row, ``{r}`` the row)."""
    by_column: dict[int, dict[int, object]] = {}
    for col, values in columns.items():
        by_column[col] = {FIRST + i: v for i, v in enumerate(values) if v is not None}
    for top, line in enumerate(table):
        for j, value in enumerate(line):
            if value is not None:
                by_column.setdefault(6 + j, {})[1 + top] = value
    cells = []
    for col, texts in formulas.items():
        for i, text in enumerate(texts):
            row = FIRST + i
            cells.append(Formula("Data", row, col, text.format(r=row, p=row - 1), (row, col)))
    return Book(Path("vector.xlsx"), [Sheet("Data", "xl/worksheets/sheet1.xml", by_column, cells)], {}, [])


def _same(a: object, b: object) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    return a == b


def both(book: Book) -> tuple[Evaluation, Evaluation]:
    return evaluate(book), evaluate(book, vector=False)


def assert_same(book: Book) -> Evaluation:
    vector, cells = both(book)
    assert vector.values.keys() == cells.values.keys()
    for sheet, values in cells.values.items():
        for cell, value in values.items():
            got = vector.values[sheet].get(cell, "missing")
            assert _same(got, value), f"{cell}: vector {got!r}, cell by cell {value!r}"
    assert sorted((e.cell, e.code) for e in vector.errors) == sorted((e.cell, e.code) for e in cells.errors)
    return vector


def column_of(text: str) -> list[str]:
    return [text] * ROWS


OPERATORS = ["B{r}+C{r}", "B{r}-C{r}", "B{r}*C{r}", "B{r}/C{r}", "-B{r}", "+B{r}*2", "B{r}>C{r}", "B{r}=C{r}"]
OPERATORS += ["B{r}<>C{r}", "B{r}<=50", "B{r}>=C{r}", "B{r}<C{r}", "B{r}&C{r}", 'B{r}&""', '"x"&B{r}&1.5']
FUNCTIONS = ["IF(B{r}>50,B{r},C{r})", "IF(B{r},1,2)", 'IF(B{r}>1,"x")', "IF(B{r}=C{r},B{r}&C{r},B{r}*2)"]
FUNCTIONS += ["ROUND(B{r},2)", "ROUND(B{r}*C{r},1)", "ROUND(B{r},C{r})", "SUM(B{r}:D{r})", "SUM(B{r},C{r},5)"]
FUNCTIONS += ['TEXT(B{r},"0.00")', 'TEXT(B{r},"0")', 'TEXT(B{r},"#,##0.0")', "SUM(B{r}:C{r})*2+D{r}"]
FUNCTIONS += ['IF(B{r}>50,ROUND(C{r}*D{r},2),SUM(B{r}:D{r}))&""']


@SETTINGS
@given(COLUMN, COLUMN, COLUMN, st.sampled_from(OPERATORS + FUNCTIONS))
def test_each_construct_equals_the_cell_by_cell_path(
    b: list[object], c: list[object], d: list[object], text: str
) -> None:
    assert_same(book_of({2: b, 3: c, 4: d}, {5: column_of(text)}))


NUMBERS = st.lists(_NUMBERS, min_size=ROWS, max_size=ROWS)


@SETTINGS
@given(NUMBERS, NUMBERS, NUMBERS)
def test_numbers_alone_never_load_the_engine(b: list[object], c: list[object], d: list[object]) -> None:
    """Numbers in, numbers or texts out: every row is computed by the vector path (the engine is not used)."""
    text = 'IF(B{r}>50,ROUND(C{r}*D{r},2),SUM(B{r}:D{r}))&""'
    book = book_of({2: b, 3: c, 4: d}, {5: column_of(text), 6: column_of('TEXT(C{r},"0.00")')})
    assert not assert_same(book).engine_used


KEYS = st.sampled_from([1.0, 2.0, 3.5, "1", "a", "A", "b", "B", "x*", True, None, CellError("#N/A"), 0.0, ""])
TABLE = st.lists(st.tuples(KEYS, st.one_of(_NUMBERS, st.sampled_from(["r", "", None]))), min_size=1, max_size=8)
LOOKUPS = ["VLOOKUP(B{r},$F$1:$G$8,2,FALSE)", "VLOOKUP(B{r},$F$1:$G$8,1,0)", "MATCH(B{r},$F$1:$F$8,0)"]
LOOKUPS += ["INDEX($G$1:$G$8,MATCH(B{r},$F$1:$F$8,0))", 'VLOOKUP(B{r}&"",$F$1:$G$8,2,FALSE)']
LOOKUPS += ["XLOOKUP(B{r},$F$1:$F$8,$G$1:$G$8)", "_xlfn.XLOOKUP(B{r}&1,$F$1:$F$8,$G$1:$G$8)&1"]
LOOKUPS += ["COUNTIF($F$1:$F$8,B{r})", "COUNTIF($G$1:$G$8,B{r})", 'COUNTIF($F$1:$F$8,">1")', 'COUNTIF($F$1:$F$8,"a*")']
LOOKUPS += ['COUNTIF($F$1:$F$8,"=a")', "COUNTIF($F$1:$F$8,1)", 'COUNTIF($F$1:$F$8,"1")', "COUNTIF($F$1:$F$8,B{r})+1"]
LOOKUPS += ["VLOOKUP(B{r},$F:$G,2,FALSE)", "MATCH(B{r},F:F,0)", "INDEX($G:$G,MATCH(B{r},$F:$F,0))"]


@SETTINGS
@given(st.lists(KEYS, min_size=ROWS, max_size=ROWS), TABLE, st.sampled_from(LOOKUPS))
def test_lookups_and_counts_equal_the_cell_by_cell_path(
    keys: list[object], table: list[tuple[object, object]], text: str
) -> None:
    """Duplicate keys (the first found), missing keys (#N/A), numbers against texts that read as numbers, text in
    other case, wildcards and blanks: as the cell-by-cell path gives them."""
    assert_same(book_of({2: keys}, {5: column_of(text)}, [list(row) for row in table]))


def test_a_lookup_finds_the_first_of_duplicate_keys_without_regard_to_case() -> None:
    table: list[list[object]] = [["a", 1.0], ["A", 2.0], [3.0, 3.0], ["3", 4.0]]
    book = book_of({2: ["A", "a", 3.0, "3", "z", 4.0]}, {5: column_of("VLOOKUP(B{r},$F$1:$G$4,2,FALSE)")}, table)
    values = assert_same(book).values["DATA"]
    assert [values[(r, 5)] for r in range(2, 8)] == [1.0, 1.0, 3.0, 4.0, CellError("#N/A"), CellError("#N/A")]


def test_a_count_of_a_number_counts_the_texts_that_read_as_it() -> None:
    """COUNTIF(range, 5) counts 5 and "5", as the engine does; 5 as a criterion counts no TRUE."""
    table: list[list[object]] = [[5.0], ["5"], [" 5"], [True], [6.0], [None]]
    book = book_of({2: [5.0, 6.0, 7.0, 5.0, 0.0, 1.0]}, {5: column_of("COUNTIF($F$1:$F$6,B{r})")}, table)
    values = assert_same(book).values["DATA"]
    assert [values[(r, 5)] for r in range(2, 8)] == [3.0, 1.0, 0.0, 3.0, 0.0, 0.0]


def test_formulas_reading_other_runs_and_cells_left_to_the_engine() -> None:
    """A run reading another run comes after it; a running total (reading its own column) and a formula reading
    a cell the engine computes are computed cell by cell; all equal."""
    numbers: list[object] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    formulas = {
        5: column_of("B{r}*2"),  # a run
        6: column_of("E{r}+1"),  # reads the run in E
        7: ["B2"] + ["G{p}+B{r}"] * (ROWS - 1),  # a running total: reads itself
        8: column_of("$H$1+B{r}"),  # reads H1, which the engine computes
    }
    book = book_of({2: numbers}, formulas)
    book.sheets[0].formulas.append(Formula("Data", 1, 8, "SUM(B2:B3)*ISNUMBER(B2)", (1, 8)))
    values = assert_same(book).values["DATA"]
    assert [values[(r, 7)] for r in range(2, 8)] == [1.0, 3.0, 6.0, 10.0, 15.0, 21.0]
    assert [values[(r, 6)] for r in range(2, 8)] == [3.0, 5.0, 7.0, 9.0, 11.0, 13.0]


def test_formulas_alike_but_for_their_constants_are_not_one_run() -> None:
    """TEXT(B2,"0.00") and TEXT(B3,"0.0") differ only in digits: each keeps its own format."""
    texts = ['TEXT(B{r},"0.00")', 'TEXT(B{r},"0.0")', 'TEXT(B{r},"0.00")', 'TEXT(B{r},"0")', "B{r}+1", "B{r}+10"]
    book = book_of({2: [1.25, 2.5, 3.75, 4.5, 5.0, 6.0]}, {5: texts})
    values = assert_same(book).values["DATA"]
    assert [values[(r, 5)] for r in range(2, 8)] == ["1.25", "2.5", "3.75", "5", 6.0, 16.0]


ROUNDED = st.one_of(
    st.floats(-1e16, 1e16, allow_nan=False),
    st.integers(-(10**9), 10**9).map(lambda n: n / 1000),
    st.integers(-(10**7), 10**7).map(lambda n: n / 200),  # halves at two decimals
    st.sampled_from([0.0, -0.0, 2.675, 1.005, -0.005, 0.049999999999999975, 1e15 - 0.5, 5e-324]),
)


@settings(max_examples=500, deadline=None)
@given(ROUNDED, st.integers(-3, 6))
def test_rounding_over_a_column_is_excels_decimal_rounding(x: float, digits: int) -> None:
    """Where half_up says it is sure, it gives ROUND's value; and TEXT(x, "0.00") is format_value's text."""
    rounded, sure = half_up(np.array([x]), digits)
    if sure[0]:
        assert _same(float(rounded[0]), rounding(decimal.ROUND_HALF_UP)(x, digits))
    if digits >= 0:
        code = "0" if digits == 0 else "0." + "0" * digits
        book = book_of({2: [x, x]}, {5: column_of(f'TEXT(B{{r}},"{code}")')[:2]})
        values = evaluate(book).values["DATA"]
        assert values[(2, 5)] == format_value(x, code)


DECIMALS = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False),
    st.floats(allow_nan=True, allow_infinity=True, width=32).map(float),
    ROUNDED,
    st.integers(-(10**16), 10**16).map(float),
    st.builds(lambda n, k: n / 10**k, st.integers(-(10**16), 10**16), st.integers(0, 20)),  # decimals of every size
    st.builds(lambda n, k: n * 10.0**k, st.integers(-999, 999), st.integers(-8, 16)),  # round figures, huge and tiny
    st.sampled_from([0.0, -0.0, 1e-4, -1e-4, 9.99e-5, 1e15, 1e15 - 1, 0.1 + 0.2, 1 / 3, 123456789012345.6]),
)


@settings(max_examples=1000, deadline=None)
@given(st.lists(DECIMALS, min_size=1, max_size=8))
def test_a_columns_short_number_texts_are_excels_15_digits(xs: list[float]) -> None:
    """Every number short_texts writes is number_text's; it writes every one from 1e-4 to 1e15 of 15 digits but
    those next to a power of ten."""
    for x, shown in zip(xs, short_texts(np.array(xs, np.float64)), strict=True):
        assert shown is None or shown == number_text(x)
        mantissa = float(f"{abs(x):.15e}".partition("e")[0]) if x else 0.0
        if 1e-4 <= abs(x) < 1e15 and float(f"{x:.15g}") == x and 1.001 < mantissa < 9.999:
            assert shown is not None


_WORDED = ["1", " 2", "a", "A", "b", "x*", "", "1/2/2020", ">1", "<>a", "=b", "<=2", ">=A", "<b", "007", "nan", "TRUE"]
CRITERIA = st.sampled_from(
    [1.0, 2.0, 3.5, -0.0, *_WORDED, "#N/A", "=", ">", "<>", "~*", "1E+3", True, False, None, CellError("#N/A")]
)
SUMMED = st.one_of(_NUMBERS, _NUMBERS, _NUMBERS, st.sampled_from([0.1, 0.2, 1e16, -1e16, "5", "x", True, None]))
CONDITIONAL = [
    "COUNTIF($B$2:$B$7,B{r})",
    'COUNTIF($B$2:$B$7,"<>"&B{r})',
    "SUMIF($B$2:$B$7,B{r},$D$2:$D$7)",
    "SUMIF($B$2:$B$7,B{r})",
    'SUMIF($B$2:$B$7,">"&C{r},$D$2:$D$7)',
    'SUMIF($B$2:$B$7,"<>a",$D$2:$D$7)',
    'SUMIF($B$2:$B$7,"="&B{r},$D$2:$D$7)',
    "SUMIF($B$2:$B$7,B{r},$D$2:$D$6)",
    "AVERAGEIF($B$2:$B$7,B{r},$D$2:$D$7)",
    'AVERAGEIF($D$2:$D$7,">="&C{r})',
    "COUNTIFS($B$2:$B$7,B{r},$C$2:$C$7,C{r})",
    'COUNTIFS($B$2:$B$7,B{r},$D$2:$D$7,">"&D{r})',
    'COUNTIFS($B$2:$B$7,"<"&B{r})',
    'SUMIFS($D$2:$D$7,$B$2:$B$7,B{r},$C$2:$C$7,"<="&C{r})',
    "SUMIFS($D$2:$D$7,$B$2:$B$7,B{r},$C$2:$C$7,C{r})",
    "AVERAGEIFS($D$2:$D$7,$B$2:$B$7,B{r},$C$2:$C$7,C{r})",
    'AVERAGEIFS($D$2:$D$7,$B$2:$B$7,"<>"&C{r})',
    "SUMIF($B$2:$C$7,B{r},$C$2:$D$7)",
    "SUMIF($B:$B,B{r},$D:$D)",
    'COUNTIFS(B:B,B{r},$C:$C,"<>"&C{r})',
    "SUMIF($B:$B,B{r},$D$1:$D$7)",
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(CRITERIA, min_size=ROWS, max_size=ROWS),
    st.lists(st.one_of(CRITERIA, _NUMBERS), min_size=ROWS, max_size=ROWS),
    st.lists(SUMMED, min_size=ROWS, max_size=ROWS),
    st.sampled_from(CONDITIONAL),
)
def test_conditional_counts_sums_and_averages_equal_the_cell_by_cell_path(
    b: list[object], c: list[object], d: list[object], text: str
) -> None:
    """Criteria equal to a cell (numbers, texts in other case, texts that read as numbers or dates, blanks,
    errors, truth values), comparisons written or joined to a cell, wildcards; ranges holding all of these: every
    value and error as the cell-by-cell path gives it."""
    assert_same(book_of({2: b, 3: c, 4: d}, {5: column_of(text)}))


LONG = 40  # rows: numpy adds 8 or more numbers pairwise, not one after another


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(["a", "B", "b", "c", 1.0, 2.0]), min_size=LONG, max_size=LONG),
    st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=LONG, max_size=LONG),
    st.sampled_from(["SUMIF($B$2:$B$41,B{r},$C$2:$C$41)", 'SUMIFS($C$2:$C$41,$B$2:$B$41,"<>"&B{r})']),
)
def test_long_sums_add_as_the_engine_adds(keys: list[object], numbers: list[object], text: str) -> None:
    """Sums of many numbers of every size: the same double as the cell-by-cell path's, computed without it."""
    book = book_of({2: keys, 3: numbers}, {5: [text] * LONG})
    assert not assert_same(book).engine_used


def test_conditional_sums_by_key_and_by_comparison() -> None:
    """Arithmetic written here: keys a and A (rows 2, 4, 6: 1 + 3 + 5 = 9), b and B (rows 3, 5, 7: 2 + 4 + 6 = 12),
    without regard to case; comparisons joined to a cell; the numbers up to 3 but the row's own."""
    keys: list[object] = ["a", "b", "A", "B", "a", "b"]
    numbers: list[object] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    formulas = {
        5: column_of("SUMIF($B$2:$B$7,B{r},$C$2:$C$7)"),
        6: column_of('COUNTIFS($B$2:$B$7,B{r},$C$2:$C$7,">"&C{r})'),
        7: column_of("AVERAGEIF($B$2:$B$7,B{r},$C$2:$C$7)"),
        8: column_of('SUMIFS($C$2:$C$7,$C$2:$C$7,"<>"&C{r},$C$2:$C$7,"<=3")'),
        9: column_of("SUMIF($B:$B,B{r},$C:$C)"),  # whole columns: to the last row used
    }
    evaluation = assert_same(book_of({2: keys, 3: numbers}, formulas))
    values = evaluation.values["DATA"]
    assert not evaluation.engine_used
    assert [values[(r, 5)] for r in range(2, 8)] == [9.0, 12.0, 9.0, 12.0, 9.0, 12.0]
    assert [values[(r, 6)] for r in range(2, 8)] == [2.0, 2.0, 1.0, 1.0, 0.0, 0.0]
    assert [values[(r, 7)] for r in range(2, 8)] == [3.0, 4.0, 3.0, 4.0, 3.0, 4.0]
    assert [values[(r, 8)] for r in range(2, 8)] == [2 + 3, 1 + 3, 1 + 2, 6.0, 6.0, 6.0]
    assert [values[(r, 9)] for r in range(2, 8)] == [values[(r, 5)] for r in range(2, 8)]
