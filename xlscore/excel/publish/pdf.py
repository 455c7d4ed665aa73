"""The printable standings as a PDF, printed by headless Chromium (``--print-to-pdf``) from the published page.

Chromium, not an HTML-to-PDF library such as WeasyPrint: it is the browser the page is tested in, so the PDF is the
page a player prints from their own browser, by the same print stylesheet (repeated table headings, no row cut in
two); WeasyPrint is a second layout engine, whose page could differ. Debian packages Chromium (``apt-get install
chromium``); it is found on the PATH as ``chromium``, ``chromium-browser`` or ``google-chrome``, or named by the
environment variable ``XLSCORE_CHROMIUM``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from xlscore.core.errors import InputError, WorkbookError

__all__ = ["PAPERS", "chromium", "print_pdf"]

PAPERS = {"a4": "A4", "letter": "letter"}
"""The paper sizes a PDF is printed on, by the name ``--paper`` takes, as CSS's ``@page { size }`` names them."""
TIMEOUT = 120


def chromium() -> str | None:
    """The Chromium to print with, or None when there is none."""
    named = os.environ.get("XLSCORE_CHROMIUM")
    if named:
        return named
    return next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None)


def headless(browser: str, profile: Path) -> list[str]:
    """Chromium headless, with a profile of its own and nothing that reaches the network by itself."""
    return [
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={profile}",
    ]


def print_pdf(page: Path, output: Path, paper: str = "a4") -> Path:
    """Print the published ``page`` (index.html beside its style.css) to ``output`` on ``paper`` (a4, letter)."""
    browser = chromium()
    if browser is None:
        raise InputError(
            "a PDF is printed by Chromium, and none was found; install it (Debian: apt-get install "
            "chromium) or name it in XLSCORE_CHROMIUM"
        )
    if paper not in PAPERS:
        raise InputError(f"paper is {paper!r}; expected one of {', '.join(PAPERS)}")
    with tempfile.TemporaryDirectory(prefix="xlscore-pdf-") as folder:
        copy = Path(folder)
        for name in ("index.html", "style.css"):
            shutil.copyfile(page.parent / name, copy / name)
        (copy / "paper.css").write_text(f"@page {{ size: {PAPERS[paper]}; }}\n", encoding="utf-8")
        html = (copy / "index.html").read_text(encoding="utf-8")
        html = html.replace('href="style.css">', 'href="style.css">\n<link rel="stylesheet" href="paper.css">', 1)
        (copy / "index.html").write_text(html, encoding="utf-8")
        printed = copy / "page.pdf"
        command = [
            *headless(browser, copy / "profile"),
            "--no-pdf-header-footer",
            f"--print-to-pdf={printed}",
            (copy / "index.html").as_uri(),
        ]
        try:
            subprocess.run(command, capture_output=True, timeout=TIMEOUT, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise WorkbookError(f"Chromium ({browser}) did not print the page: {exc}") from exc
        if not printed.exists() or printed.stat().st_size == 0:
            raise WorkbookError(f"Chromium ({browser}) printed no PDF of {page}")
        from xlscore.engine.files.safe_io import replacing

        with replacing(output) as temporary:
            shutil.copyfile(printed, temporary)
    return output
