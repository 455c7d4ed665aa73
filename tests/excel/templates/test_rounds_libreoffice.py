"""The event templates filled with a multi-round event, computed again by LibreOffice through xlscore's extension:
every cell of the Standings, By round and Seating sheets (the next round's tables included) equal to what ``xlscore
recalc`` wrote, and no error cell (tests/excel/libreoffice/test_check.py does the same for the shipped samples)."""

from __future__ import annotations

import pytest

from tests.excel.templates.events import write
from tests.excel.templates.test_rounds import EVENTS
from xlscore.excel.libreoffice.check import Check, check_books
from xlscore.excel.libreoffice.profile import office
from xlscore.excel.libreoffice.soffice import EXCEL_NAMES_SINCE, find_soffice, soffice_version, version_number

pytestmark = pytest.mark.slow  # a real program: .ci/run runs it with -m slow

found = find_soffice()
needs_libreoffice = pytest.mark.skipif(
    found is None or version_number(soffice_version(found)) < EXCEL_NAMES_SINCE,
    reason=f"LibreOffice {EXCEL_NAMES_SINCE} or later (soffice) is not installed",
)


@pytest.fixture(scope="module")
def checks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Check]:
    folder = tmp_path_factory.mktemp("events")
    books = [write(event, folder / f"{system}.xlsx") for system, (event, _, _) in EVENTS.items()]
    with office() as lo:
        done = check_books(books, lo, tmp_path_factory.mktemp("libreoffice"))
    return {c.book.stem: c for c in done}


@needs_libreoffice
@pytest.mark.parametrize("system", sorted(EVENTS))
def test_libreoffice_computes_the_rounds_as_xlscore_recalc_does(system: str, checks: dict[str, Check]) -> None:
    findings = [str(f) for f in checks[system].findings]
    assert findings == [], f"{len(findings)} cell(s) where LibreOffice disagrees, e.g. {findings[:5]}"
