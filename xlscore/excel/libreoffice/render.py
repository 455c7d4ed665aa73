"""A PNG per sheet of a workbook, as LibreOffice computes and prints it (the pictures in docs/pictures/)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from xlscore.engine.evaluation.recalc import recalculate
from xlscore.excel.headless import register
from xlscore.excel.libreoffice.soffice import LibreOfficeError, Office, sheet_names

__all__ = ["render"]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "sheet"


def _pgm_content_box(path: Path, threshold: int = 250) -> tuple[int, int, int, int] | None:
    """The bounding box (x, y, width, height) of the non-white pixels of a binary PGM, or None if all white."""
    data = path.read_bytes()
    fields = data.split(maxsplit=4)
    if fields[0] != b"P5" or int(fields[3]) != 255:
        raise LibreOfficeError(f"pdftoppm wrote an unexpected image format to {path}")
    width, height, pixels = int(fields[1]), int(fields[2]), fields[4]
    white = bytes(range(threshold, 256))
    top = bottom = left = right = -1
    for y in range(height):
        row = pixels[y * width : (y + 1) * width]
        content = row.rstrip(white)
        if not content:
            continue
        start = len(row) - len(row.lstrip(white))
        if top < 0:
            top = y
        bottom = y
        left = start if left < 0 else min(left, start)
        right = max(right, len(content))
    if top < 0:
        return None
    return left, top, right - left, bottom - top + 1


def render(book: Path, outdir: Path, office: Office, *, dpi: int = 96, margin: int = 12) -> list[Path]:
    """A PNG per sheet of ``book`` as LibreOffice computes it, blank margins cropped: ``<book>-<sheet>.png``.

    The book is recalculated by xlscore first, so each array formula has its spilled size; LibreOffice then
    computes every value again through xlscore's extension.

    LibreOffice prints each visible sheet on one page of its own
    (:data:`~xlscore.excel.libreoffice.soffice.PDF_SHEET_PER_PAGE`); pdftoppm renders each page twice, once in grey
    to find where the content is, then as PNG cropped to it.
    """
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        raise LibreOfficeError("pdftoppm not found; install it with: apt-get install -y poppler-utils")
    outdir.mkdir(parents=True, exist_ok=True)
    names = sheet_names(book, visible_only=True)
    with tempfile.TemporaryDirectory(prefix="xlscore-render-") as folder:
        # xlscore recalc first: it writes each dynamic array's spilled size, which LibreOffice takes as the size of
        # the array formula it computes (a template saved with ref="A1" would show one cell).
        sized = Path(folder) / "sized" / book.name
        sized.parent.mkdir()
        register()
        recalculate(book, sized)
        pdf = office.to_pdf(sized, Path(folder))
        pages = _page_count(pdf)
        if pages != len(names):
            names = [f"page{n}" for n in range(1, pages + 1)]
        written = []
        for page, name in enumerate(names, start=1):
            grey = Path(folder) / f"page{page}"
            common = ["-f", str(page), "-l", str(page), "-r", str(dpi), "-singlefile"]
            _run([pdftoppm, "-gray", *common, str(pdf), str(grey)])
            box = _pgm_content_box(grey.with_suffix(".pgm"))
            target = outdir / f"{book.stem}-{_slug(name)}"
            crop: list[str] = []
            if box is not None:
                x, y, w, h = box
                x0, y0 = max(0, x - margin), max(0, y - margin)
                crop = ["-x", str(x0), "-y", str(y0), "-W", str(w + x - x0 + margin), "-H", str(h + y - y0 + margin)]
            _run([pdftoppm, "-png", *common, *crop, str(pdf), str(target)])
            written.append(target.with_suffix(".png"))
    return written


def _run(argv: list[str], timeout: float = 60) -> str:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode != 0:
        raise LibreOfficeError(f"{Path(argv[0]).name} failed: {done.stderr.strip()}")
    return done.stdout


def _page_count(pdf: Path) -> int:
    match = re.search(r"^Pages:\s+(\d+)", _run(["pdfinfo", str(pdf)]), re.MULTILINE)
    if match is None:
        raise LibreOfficeError(f"pdfinfo found no page count in {pdf}")
    return int(match.group(1))
