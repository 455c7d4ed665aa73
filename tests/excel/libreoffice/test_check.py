"""Every template workbook computed a second time by LibreOffice, through xlscore's extension (its own functions):
no error cell, and every cell equal to what ``xlscore recalc`` wrote (numbers within 1e-9 relative).

One soffice start sets up the profile and one more converts every workbook, so the module costs a few seconds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xlscore.excel.libreoffice.check import Check, check_books
from xlscore.excel.libreoffice.profile import office
from xlscore.excel.libreoffice.soffice import EXCEL_NAMES_SINCE, find_soffice, soffice_version, version_number

# LibreOffice computes every template: the slow group (.ci/run: pytest -m slow).
pytestmark = pytest.mark.slow

WORKBOOKS = sorted((Path(__file__).resolve().parents[3] / "workbooks").glob("*.xlsx"))
found = find_soffice()
soffice = pytest.mark.skipif(found is None, reason="LibreOffice (soffice) is not installed")
excel_names = pytest.mark.skipif(
    found is not None and version_number(soffice_version(found)) < EXCEL_NAMES_SINCE,
    reason=f"this LibreOffice reads no add-in's Excel names in .xlsx (needs {EXCEL_NAMES_SINCE})",
)


@pytest.fixture(scope="module")
def checks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Check]:
    with office() as lo:
        done = check_books(WORKBOOKS, lo, tmp_path_factory.mktemp("libreoffice"))
    return {c.book.name: c for c in done}


@soffice
@excel_names
@pytest.mark.parametrize("book", WORKBOOKS, ids=lambda p: p.stem)
def test_libreoffice_agrees_with_xlscore(book: Path, checks: dict[str, Check]) -> None:
    findings = [str(f) for f in checks[book.name].findings]
    assert findings == [], f"{len(findings)} cell(s) where LibreOffice disagrees, e.g. {findings[:5]}"
