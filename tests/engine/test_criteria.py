"""COUNTIF, SUMIF, AVERAGEIF and their -S forms read their criteria as Excel does (Microsoft's pages): the values
below are written from Excel's rules, the sums and averages by arithmetic over the cells each criterion matches."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine import criteria_cases as cases
from tests.engine.recalculated import recalculated
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.functions.criteria import holds, read_criterion
from xlscore.excel.libreoffice.soffice import find_soffice

A, A_UP, B, B_UP, FIVE, FIVE_TEXT, SEVEN_TEXT, SEVEN, BLANK, TRUE, C, APPLE = range(len(cases.TESTED))
ALL = set(range(len(cases.TESTED)))
TEXTS = {A, A_UP, B, B_UP, FIVE_TEXT, SEVEN_TEXT, C, APPLE}

# The cells of A2:A13 (by what they hold) that Excel's rules match, criterion by criterion.
EXCEL_MATCHES: dict[str, set[int]] = {
    '"a"': {A, A_UP},  # equality of texts without regard to case
    '"=a"': {A, A_UP},
    '"<>a"': ALL - {A, A_UP},  # every cell but "a": numbers, blanks and TRUE too
    '">b"': {C},
    '"<b"': {A, A_UP, FIVE_TEXT, SEVEN_TEXT, APPLE},  # "5" and "7" are texts compared as texts
    '">=b"': {B, B_UP, C},
    '"<=B"': {A, A_UP, B, B_UP, FIVE_TEXT, SEVEN_TEXT, APPLE},
    '">5"': {SEVEN},  # an order tests numbers only: not the text "7"
    '"<6"': {FIVE},  # nor TRUE
    '"=5"': {FIVE, FIVE_TEXT},  # equality reads a text as the number it writes
    '"5"': {FIVE, FIVE_TEXT},
    "5": {FIVE, FIVE_TEXT},
    '"<>5"': ALL - {FIVE, FIVE_TEXT},
    '"<>"': ALL - {BLANK},
    '"="': {BLANK},
    '""': {BLANK},
    '"a*"': {A, A_UP, APPLE},  # wildcards match the whole text, without regard to case
    '"A?"': set(),
    '"<>a*"': ALL - {A, A_UP, APPLE},
    '"*"': TEXTS,  # every text, no number
    "TRUE": {TRUE},
    '"7"': {SEVEN_TEXT, SEVEN},
    '">=7"': {SEVEN},
    '"<>7"': ALL - {SEVEN_TEXT, SEVEN},
    '"<>A"': ALL - {A, A_UP},
    '">A"': {B, B_UP, C, APPLE},
}


def excel_values(criterion: str) -> dict[str, object]:
    """Each function's value for ``criterion``: counts of the cells matched, sums of their numbers (a text in the
    sum range, even "16", is not added), averages of those numbers or #DIV/0!."""
    matched = EXCEL_MATCHES[criterion]
    powers = sum(cases.POWERS[i] for i in matched)
    mixed = [float(v) for i, v in enumerate(cases.MIXED) if i in matched and isinstance(v, int)]
    average = sum(mixed) / len(mixed) if mixed else "#DIV/0!"
    count = len(matched)
    return {
        "COUNTIF": count,
        "SUMIF": powers,
        "SUMIF mixed": sum(mixed),
        "AVERAGEIF mixed": average,
        "COUNTIFS": count,
        "SUMIFS": powers,
        "AVERAGEIFS mixed": average,
    }


@pytest.fixture(scope="module")
def computed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The sheet of cases recalculated by xlscore, every formula cell's value."""
    import openpyxl

    folder = tmp_path_factory.mktemp("criteria")
    out = folder / "out.xlsx"
    recalculate(cases.write(folder / "cases.xlsx"), out)
    sheet = openpyxl.load_workbook(out, data_only=True)["Data"]
    return {
        cases.cell(criterion, function): sheet[cases.cell(criterion, function)].value
        for criterion in cases.CRITERIA
        for function in cases.FUNCTIONS
    }


def test_every_criterion_case_has_excels_values_written() -> None:
    assert set(EXCEL_MATCHES) == set(cases.CRITERIA)


@pytest.mark.parametrize("criterion", cases.CRITERIA)
def test_a_criterion_counts_sums_and_averages_as_excel(criterion: str, computed: dict[str, object]) -> None:
    for function, expected in excel_values(criterion).items():
        got = computed[cases.cell(criterion, function)]
        assert got == (expected if isinstance(expected, str) else pytest.approx(expected)), function


# Where LibreOffice 25.2's own rules differ from Excel's pages (xlscore follows Excel): it holds TRUE as the number 1
# ("<6" counts it), matches "*" against numbers, and does not count the text "5" for the number criterion 5.
LIBREOFFICE_DIFFERS = {'"<6"', '"*"', "5"}


@pytest.mark.slow
@pytest.mark.skipif(find_soffice() is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_computes_the_cases_as_xlscore_but_where_its_rules_differ(
    tmp_path: Path, computed: dict[str, object]
) -> None:
    import openpyxl

    from xlscore.excel.libreoffice.profile import office

    with office() as calc:
        [saved] = calc.to_xlsx([cases.write(tmp_path / "cases.xlsx")], tmp_path / "libreoffice")
    sheet = openpyxl.load_workbook(saved, data_only=True)["Data"]
    for criterion in cases.CRITERIA:
        where = [cases.cell(criterion, function) for function in cases.FUNCTIONS]
        theirs = [sheet[cell].value for cell in where]
        ours = [computed[cell] for cell in where]
        if criterion in LIBREOFFICE_DIFFERS:
            assert theirs != ours, criterion  # still differs: else the note above is stale
        else:
            assert theirs == [v if isinstance(v, str) else pytest.approx(v) for v in ours], criterion


def test_a_sum_range_adds_no_truth_value_and_gives_an_error_it_selects(tmp_path: Path) -> None:
    """Excel's SUMIF and AVERAGEIF add the numbers of the sum range only: TRUE, "5" and a blank are left out; an
    error among the cells selected is the result."""
    cells = {"A1": "x", "A2": "x", "A3": "x", "A4": "x", "A5": "y", "B1": True, "B2": "5", "B3": 2, "B5": "=1/0"}
    formulas = {
        "C1": '=SUMIF(A1:A5,"x",B1:B5)',
        "C2": '=AVERAGEIF(A1:A5,"x",B1:B5)',
        "C3": '=SUMIFS(B1:B5,A1:A5,"<>x")',
        "C4": '=COUNTIFS(A1:A5,"x",B1:B5,"<>5")',  # TRUE, 2 and the blank: "5" reads as 5
    }
    assert recalculated(tmp_path, cells, formulas) == {"C1": 2, "C2": 2, "C3": "#DIV/0!", "C4": 3}


def test_a_blank_criterion_is_0(tmp_path: Path) -> None:
    """Microsoft's page of COUNTIFS: a criterion that is an empty cell is 0 (which equals 0 and the text "0"; not a
    blank). LibreOffice 25.2 also reads it as 0 (and counts only the number, as for any number criterion)."""
    cells = {"A1": 0, "A2": "0", "A4": "x", "A5": 1, "D1": 1, "D2": 2, "D3": 4, "D4": 8, "D5": 16}
    formulas = {"C1": "=COUNTIF(A1:A5,B1)", "C2": "=SUMIF(A1:A5,B1,D1:D5)"}
    assert recalculated(tmp_path, cells, formulas) == {"C1": 2, "C2": 1 + 2}


CRITERION_TEXT = st.text(alphabet="abAB12*?", max_size=4)
CELL = st.one_of(CRITERION_TEXT, st.sampled_from([0.0, 1.0, 2.0, 12.0, True, False, ""]))
OPERATOR = st.sampled_from(["", "=", "<>", "<", ">", "<=", ">="])


@given(CRITERION_TEXT, CELL)
def test_not_equal_holds_wherever_equal_does_not(rest: str, cell: object) -> None:
    assert holds(read_criterion("<>" + rest), cell) is not holds(read_criterion("=" + rest), cell)


@given(OPERATOR, CRITERION_TEXT, CRITERION_TEXT)
def test_texts_are_tested_without_regard_to_case(operator: str, rest: str, cell: str) -> None:
    criterion = read_criterion(operator + rest)
    assert holds(criterion, cell) is holds(criterion, cell.swapcase())
    assert holds(criterion, cell) is holds(read_criterion(operator + rest.swapcase()), cell)


ORDERS = {"<": int.__lt__, ">": int.__gt__, "<=": int.__le__, ">=": int.__ge__}


@given(st.sampled_from(sorted(ORDERS)), st.integers(0, 20), st.integers(0, 20))
def test_an_order_compares_numbers_only(operator: str, wanted: int, cell: int) -> None:
    criterion = read_criterion(f"{operator}{wanted}")
    assert holds(criterion, float(cell)) is ORDERS[operator](cell, wanted)
    assert not holds(criterion, str(cell))
    assert not holds(criterion, "")
