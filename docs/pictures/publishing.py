"""Draw the pictures of docs/guide/publishing.md: the published page, the projector view and the printed page.

    python3 docs/pictures/publishing.py [OUT_DIR]    (default: docs/pictures)

Publishes workbooks/rplops-event.xlsx (``xlscore publish ... --projector --pdf``), photographs the page at 1280
pixels wide and the projector's first page at 1280 x 720 in Debian's Chromium (through Playwright, the test extra),
and renders the PDF's first page with pdftoppm: publish-page.png, publish-projector.png, publish-print.png.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from xlscore.excel.publish import publish
from xlscore.excel.publish.pdf import chromium, print_pdf

ROOT = Path(__file__).resolve().parents[2]


def main(out: Path) -> None:
    browser_path = chromium()
    if browser_path is None:
        raise SystemExit("Chromium is needed (Debian: apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="xlscore-pictures-") as folder:
        page = publish(ROOT / "workbooks" / "rplops-event.xlsx", Path(folder) / "site", projector=True)
        pdf = print_pdf(page, Path(folder) / "standings.pdf")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=browser_path, args=["--no-sandbox", "--disable-gpu"])
            shot = browser.new_page(viewport={"width": 1280, "height": 900})
            shot.goto(page.as_uri())
            shot.screenshot(path=str(out / "publish-page.png"))
            projector = browser.new_page(viewport={"width": 1280, "height": 720})
            projector.goto(page.with_name("projector.html").as_uri())
            projector.screenshot(path=str(out / "publish-projector.png"))
            browser.close()
        prefix = Path(folder) / "print"
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(prefix)],
            check=True,
            timeout=60,
        )
        (out / "publish-print.png").write_bytes(prefix.with_suffix(".png").read_bytes())


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "pictures")
