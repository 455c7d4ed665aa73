"""Publishing a filled template for its players: a static web page, a projector view, a PDF and a values-only
workbook (``xlscore publish``).

:func:`publish` writes ``DIR/index.html`` and its stylesheet: a page that needs no server and runs no script, to
open from a folder, a USB stick or any static web host. :mod:`.content` reads what it shows, :mod:`.page` writes
it, :mod:`.styles` holds its stylesheet (screen, print and projector), :mod:`.chart` its chart, :mod:`.pdf` prints
it through Chromium, :mod:`.values` writes the values-only workbook and :mod:`.watch` publishes again on each save.
"""

from __future__ import annotations

import os
from pathlib import Path

from xlscore.core.errors import InputError
from xlscore.core.validate import shown as shown_value
from xlscore.excel.headless import xlscore_errors

__all__ = ["publish"]


@xlscore_errors()
def publish(path: str | Path, out_dir: str | Path, *, projector: bool = False) -> Path:
    """Publish the filled template at ``path`` into the folder ``out_dir`` (made if missing): ``index.html`` and
    ``style.css``, and with ``projector`` the projector's pages (``projector.html``, ``projector-2.html``, ...).
    Returns the page's path. Every file is replaced whole, so a browser never reads half a page.
    """
    from xlscore.excel.publish.content import read_event
    from xlscore.excel.publish.page import STYLESHEET_FILE, index_page, projector_name, projector_pages
    from xlscore.excel.publish.styles import STYLESHEET

    for argument, value in (("path", path), ("out_dir", out_dir)):
        if not isinstance(value, (str, os.PathLike)) or not str(value).strip():
            raise InputError(f"{argument} is {shown_value(value)}; expected a file or folder name")
    folder = Path(out_dir)
    if folder.exists() and not folder.is_dir():
        raise InputError(f"out_dir {folder} is a file; expected a folder to write the page into")
    event = read_event(path)
    files = {"index.html": index_page(event), STYLESHEET_FILE: STYLESHEET}
    if projector:
        files.update({projector_name(n): page for n, page in enumerate(projector_pages(event), start=1)})
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"out_dir {folder} cannot be made: {exc.strerror or exc}") from exc
    for name, text in files.items():
        _write(folder / name, text)
    return folder / "index.html"


def _write(target: Path, text: str) -> None:
    from xlscore.engine.files.safe_io import replacing

    try:
        with replacing(target) as temporary:
            temporary.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from exc
