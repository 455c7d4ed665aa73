"""Every template workbook computed a second time by LibreOffice, through the bridge to xlscore's own functions:
no error cell, and every cell equal to what ``xlscore recalc`` wrote (numbers within 1e-9 relative).

One soffice start sets up the profile and one more converts every workbook, so the module costs a few seconds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xlscore.excel.libreoffice import (
    BRIDGE_SCRIPT,
    Check,
    basic_source,
    bridge_script,
    check_books,
    find_soffice,
    from_basic,
    office,
)

WORKBOOKS = sorted((Path(__file__).resolve().parents[2] / "workbooks").glob("*.xlsx"))


def test_basic_module_has_one_function_per_catalogue_entry() -> None:
    from xlscore.excel.catalogue import CATALOGUE

    source = basic_source()
    for name in CATALOGUE:
        assert f"\nFunction {name}(" in source
        assert f'{name} = "#VALUE! " & Error$' in source, "every function catches its errors: a dialog would hang"
    assert BRIDGE_SCRIPT in source


def test_bridge_script_imports_this_xlscore() -> None:
    assert str(Path(__file__).resolve().parents[2]) in bridge_script()


def test_from_basic_converts_like_excel() -> None:
    assert from_basic("RPLOPS", (2, 5)) == pytest.approx(200 / 3)
    assert from_basic("RPLOPS", (6.0, 5.0)).startswith("#VALUE! ")
    assert from_basic("NOPE", ()).startswith("#NAME? ")
    grid = from_basic("RPLOPS_GAME", (((120, 95, None),),))
    assert isinstance(grid, tuple)
    assert all(isinstance(row, tuple) for row in grid)


soffice = pytest.mark.skipif(find_soffice() is None, reason="LibreOffice (soffice) is not installed")


@pytest.fixture(scope="module")
def checks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Check]:
    with office() as lo:
        done = check_books(WORKBOOKS, lo, tmp_path_factory.mktemp("libreoffice"))
    return {c.book.name: c for c in done}


@soffice
@pytest.mark.parametrize("book", WORKBOOKS, ids=lambda p: p.stem)
def test_libreoffice_agrees_with_xlscore(book: Path, checks: dict[str, Check]) -> None:
    findings = [str(f) for f in checks[book.name].findings]
    assert findings == [], f"{len(findings)} cell(s) where LibreOffice disagrees, e.g. {findings[:5]}"
