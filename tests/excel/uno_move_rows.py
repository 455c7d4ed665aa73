"""Type rows into a workbook in LibreOffice through UNO and save it as .xlsx, as a coordinator without Excel would.

Run by LibreOffice's own Python (``/usr/bin/python3`` with python3-uno), not the project's:

    uno_move_rows.py SOURCE OUTPUT SHEET TOP BOTTOM LEFT RIGHT TO [REPEAT]

Reads the cells of SHEET in rows TOP..BOTTOM and columns LEFT..RIGHT (1-based), clears them, and types them again
REPEAT times (default once) from row TO down, then stores the document as Excel 2007-365 (.xlsx). A fresh profile
is made for the run and removed after it. Prints nothing on success; any failure exits non-zero with a message.
"""

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Any

import uno  # type: ignore[import-not-found]
from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]


def _property(name: str, value: Any) -> Any:
    found = PropertyValue()
    found.Name, found.Value = name, value
    return found


def main(argv: list[str]) -> None:
    source, output, sheet_name = argv[1], argv[2], argv[3]
    top, bottom, left, right, to = (int(a) for a in argv[4:9])
    repeat = int(argv[9]) if len(argv) > 9 else 1
    profile = tempfile.mkdtemp(prefix="xlscore-uno-")
    pipe = f"xlscore{os.getpid()}"
    # A new profile is set up by a first run that exits; a listener started on a blank profile restarts itself
    # once set up, and a document loaded meanwhile comes back as None.
    subprocess.run(
        ["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--terminate_after_init"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    office = subprocess.Popen(
        [
            "soffice",
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--norestore",
            f"--accept=pipe,name={pipe};urp;",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        for _ in range(240):
            try:
                context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:  # noqa: BLE001 - NoConnectException until soffice listens
                time.sleep(0.25)
        else:
            raise SystemExit("LibreOffice did not start")
        desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        url = uno.systemPathToFileUrl(os.path.abspath(source))
        document = None
        for _ in range(20):
            document = desktop.loadComponentFromURL(url, "_blank", 0, (_property("Hidden", True),))
            if document is not None:
                break
            time.sleep(0.5)
        if document is None:
            raise SystemExit(f"LibreOffice could not open {source}")
        sheet = document.Sheets.getByName(sheet_name)
        block = sheet.getCellRangeByPosition(left - 1, top - 1, right - 1, bottom - 1)
        rows = block.getDataArray()
        block.clearContents(1 | 2 | 4 | 16)  # values, dates, text, formulas
        typed = tuple(rows) * repeat
        target = sheet.getCellRangeByPosition(left - 1, to - 1, right - 1, to - 1 + len(typed) - 1)
        target.setDataArray(typed)
        out_url = uno.systemPathToFileUrl(os.path.abspath(output))
        document.storeToURL(out_url, (_property("FilterName", "Calc Office Open XML"),))
        document.close(True)
        with contextlib.suppress(Exception):  # the bridge closes as soffice exits
            desktop.terminate()
        office.wait(60)
    finally:
        if office.poll() is None:
            office.kill()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv)
