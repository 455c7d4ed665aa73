"""Print areas sized to the table spilled in them (:mod:`xlscore.engine.files.print_areas`), as a rule."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from xlscore.engine.files.print_areas import fitted_print_areas, plain_area
from xlscore.engine.rewrite.refs import Area

SHEETS = ["Start here", "Standings"]


def _workbook(area: str) -> bytes:
    return (
        '<workbook><definedNames><definedName name="_xlnm.Print_Area" localSheetId="1">'
        f"{area}</definedName></definedNames></workbook>"
    ).encode()


@given(top=st.integers(1, 5), width=st.integers(1, 20), bottom=st.integers(1, 40), rows=st.integers(0, 500))
def test_an_area_over_a_spilled_table_ends_on_its_last_row(top: int, width: int, bottom: int, rows: int) -> None:
    area = Area("Standings", 1, 1, max(bottom, top), width)
    spill = Area("Standings", top, 1, top + rows, width)
    fitted = fitted_print_areas(_workbook(plain_area("Standings", area)), SHEETS, {("STANDINGS", top, 1): spill})
    expected = plain_area("Standings", Area("Standings", 1, 1, top + rows, width))
    assert fitted == _workbook(expected)


@given(left=st.integers(2, 6), rows=st.integers(0, 50))
def test_an_area_whose_columns_are_not_the_tables_stays(left: int, rows: int) -> None:
    """A fixed area (printable score sheets, with one-column spills inside) is never resized."""
    text = plain_area("Standings", Area("Standings", 1, 1, 76, 6))
    spill = Area("Standings", 3, left, 3 + rows, 6)
    workbook = _workbook(text)
    assert fitted_print_areas(workbook, SHEETS, {("STANDINGS", 3, left): spill}) == workbook


def test_a_quoted_sheet_name_reads_back() -> None:
    assert plain_area("O'Brien's", Area(None, 1, 1, 7, 7)) == "'O''Brien''s'!$A$1:$G$7"
