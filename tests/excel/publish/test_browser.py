"""Each template's page as a person sees it in a real browser (Debian's Chromium, driven by Playwright): the
standings' names and numbers equal the core's, no text runs out of its column at 1280 and 390 pixels wide, the
print preview keeps every row whole and repeats the table's header, and axe-core finds no violation of headings,
table headers or colour contrast. Skipped, saying why, where Chromium, Playwright or axe-core is missing."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.excel.publish.pages import SYSTEMS, book_of, hostile_event
from xlscore import publish
from xlscore.core.events.table import row_fields
from xlscore.excel.publish.pdf import chromium
from xlscore.excel.templates import standings

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright (the test extra) is not installed")
BROWSER = chromium()
_INSTALLED = Path(__file__).resolve().parents[3] / ".ci/node/node_modules/axe-core/axe.min.js"  # by .ci/run
AXE = Path(os.environ.get("XLSCORE_AXE", _INSTALLED))
pytestmark = [
    pytest.mark.skipif(BROWSER is None, reason="Chromium is not installed (Debian: apt-get install chromium)"),
    pytest.mark.slow,  # a real browser: .ci/run runs it with -m slow
]

OVERFLOWING = """() => [...document.querySelectorAll('th, td, h1, h2, h3, p, li')]
  .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"""
PAGE_WIDER = "() => document.documentElement.scrollWidth > window.innerWidth + 1"
SHOWN = """() => [...document.querySelectorAll('#standings tbody tr')].map(r => [...r.cells].map(c => c.innerText))"""
PRINT_RULES = """() => ({rows: [...document.querySelectorAll('tbody tr')].every(
    r => getComputedStyle(r).breakInside === 'avoid'),
  heads: [...document.querySelectorAll('thead')].every(h => getComputedStyle(h).display === 'table-header-group')})"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=BROWSER, args=["--no-sandbox", "--disable-gpu"])
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("sites")
    return {system: publish(book_of(system), folder / system) for system in SYSTEMS}


@pytest.mark.parametrize("system", SYSTEMS)
def test_standings_read_as_the_core_computes_them(system: str, browser: Any, sites: dict[str, Path]) -> None:
    """Each cell of each row is the core's field of that column: text as it is, a number rounded to the decimals
    the page shows (half a unit of its last decimal at most), a whole number exactly."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(sites[system].as_uri())
    shown = page.evaluate(SHOWN)
    _, rows = standings(book_of(system))
    assert len(shown) == len(rows)
    for cells, row in zip(shown, rows, strict=True):
        fields = row_fields(type(row))
        assert len(cells) == len(fields)
        for cell, field in zip(cells, fields, strict=True):
            value = getattr(row, field)
            if isinstance(value, bool) or not isinstance(value, int | float):
                assert cell == ("" if value is None else str(value)), (field, cell, value)
                continue
            decimals = len(cell.split(".")[1]) if "." in cell else 0
            assert abs(float(cell) - value) <= 0.5 * 10**-decimals + 1e-9, (field, cell, value)
    page.close()


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("system", SYSTEMS)
def test_no_text_overflows(system: str, width: int, browser: Any, sites: dict[str, Path]) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(sites[system].as_uri())
    assert page.evaluate(OVERFLOWING) == []
    assert not page.evaluate(PAGE_WIDER)  # a wide table scrolls in its own box; the page itself never does
    page.close()


@pytest.mark.parametrize("system", SYSTEMS)
def test_print_keeps_rows_whole_and_repeats_headers(system: str, browser: Any, sites: dict[str, Path]) -> None:
    page = browser.new_page()
    page.goto(sites[system].as_uri())
    page.emulate_media(media="print")
    assert page.evaluate(PRINT_RULES) == {"rows": True, "heads": True}
    assert page.evaluate("() => getComputedStyle(document.querySelector('nav')).display") == "none"
    page.close()


@pytest.mark.skipif(not AXE.exists(), reason=f"axe-core is not installed at {AXE} (.ci/run installs it with npm)")
@pytest.mark.parametrize("system", SYSTEMS)
def test_axe_finds_no_violation(system: str, browser: Any, sites: dict[str, Path]) -> None:
    # The page forbids scripts; the checker comes in through the browser's own channel (bypass_csp), as an extension.
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.goto(sites[system].as_uri())
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'best-practice']})).violations"
        ".map(v => v.id + ': ' + v.nodes.length)"
    )
    assert found == []
    context.close()


def test_a_hostile_name_runs_nothing_in_the_browser(browser: Any, tmp_path: Path) -> None:
    page = browser.new_page()
    dialogs: list[str] = []

    def dismissed(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismissed)
    page.goto(publish(hostile_event(tmp_path), tmp_path / "site").as_uri())
    assert dialogs == []
    assert "<script>alert(1)</script>" in page.evaluate(SHOWN)[0]
    page.close()
